"""Collections and decks: "can I build this deck?" (the validator's not_owned check with the
missing counts) and "add this deck's cards" (deck text format, a saved deck, or slugs).

docs/rules/eredan.md §2.9 — when validating against a collection, it must hold every copy.
"""

from __future__ import annotations

import pytest

from cards.specs import catalog_cache_clear

from .conftest import add, client_for, state


@pytest.fixture(autouse=True)
def fresh_catalog(world):
    catalog_cache_clear()
    yield
    catalog_cache_clear()


def url(collection, tail):
    return f"/api/collections/{collection.pk}/{tail}"


DECK = {"characters": ["iro-1", "amaya"], "cards": {"katana": 3, "eclairs-1": 2}}


def test_can_build_lists_the_missing_copies(alice, alice_coll):
    add(alice_coll, "katana", 1)
    add(alice_coll, "eclairs-1", 2)
    add(alice_coll, "amaya")
    body = client_for(alice).post(url(alice_coll, "can-build/"), DECK, format="json").json()
    assert body["can_build"] is False
    assert body["missing"] == {"katana": 2, "iro-1": 1}
    assert body["missing_total"] == 3
    assert "not_owned" in {v["code"] for v in body["validation"]["errors"]}


def test_can_build_when_everything_is_owned(alice, alice_coll):
    add(alice_coll, "katana", 3)
    add(alice_coll, "eclairs-1", 2)
    add(alice_coll, "amaya")
    add(alice_coll, "iro-1")
    body = client_for(alice).post(url(alice_coll, "can-build/"), DECK, format="json").json()
    assert body["can_build"] is True and body["missing"] == {} and body["missing_total"] == 0


def test_an_evolved_copy_counts_as_its_new_level(alice, alice_coll):
    """docs/rules/eredan.md §2.9 — a copy is the card of its current level: Éclairs 2 is not Éclairs 1."""
    add(alice_coll, "eclairs-2", 2)
    deck = {"characters": [], "cards": {"eclairs-1": 2}}
    body = client_for(alice).post(url(alice_coll, "can-build/"), deck, format="json").json()
    assert body["missing"] == {"eclairs-1": 2}


def test_can_build_from_deck_text(alice, alice_coll):
    add(alice_coll, "katana", 3)
    text = "Characters:\nAmaya\n\nCards:\n3 Katana\n1 Éclairs (niveau 2)\n"
    body = client_for(alice).post(url(alice_coll, "can-build/"), {"text": text}, format="json").json()
    assert body["missing"] == {"amaya": 1, "eclairs-2": 1}


def test_import_deck_adds_its_cards(alice, alice_coll):
    client = client_for(alice)
    response = client.post(url(alice_coll, "import-deck/"), DECK, format="json")
    assert response.status_code == 201
    assert response.json() == {"added": 7, "copies": {"iro-1": 1, "amaya": 1, "katana": 3, "eclairs-1": 2}}
    assert client.post(url(alice_coll, "can-build/"), DECK, format="json").json()["can_build"] is True


def test_import_deck_only_missing(alice, alice_coll):
    add(alice_coll, "katana", 2)
    add(alice_coll, "amaya")
    body = {**DECK, "only_missing": True}
    response = client_for(alice).post(url(alice_coll, "import-deck/"), body, format="json")
    assert response.json() == {"added": 4, "copies": {"iro-1": 1, "katana": 1, "eclairs-1": 2}}
    again = client_for(alice).post(url(alice_coll, "import-deck/"), body, format="json")
    assert again.json() == {"added": 0, "copies": {}}


def test_import_deck_text(alice, alice_coll):
    text = "Characters:\nIro\nAmaya\nCards:\n2 katana\n"
    response = client_for(alice).post(url(alice_coll, "import-deck/"), {"text": text}, format="json")
    assert response.json()["copies"] == {"iro-1": 1, "amaya": 1, "katana": 2}


def test_import_saved_deck(alice, alice_coll, bob):
    from decks.services import deck_create

    deck = deck_create(owner=alice, name="Mine", characters=["amaya"], cards={"katana": 2})
    theirs = deck_create(owner=bob, name="Theirs", characters=["amaya"], cards={"katana": 2})
    client = client_for(alice)
    response = client.post(url(alice_coll, "import-deck/"), {"deck": deck.pk}, format="json")
    assert response.json()["copies"] == {"amaya": 1, "katana": 2}
    before = state(alice_coll)
    missing = client.post(url(alice_coll, "import-deck/"), {"deck": theirs.pk}, format="json")
    assert missing.status_code == 404
    assert state(alice_coll) == before


@pytest.mark.parametrize(
    ("tail", "body", "code"),
    [
        ("import-deck/", {"characters": ["nobody"], "cards": {}}, "unknown_card"),
        ("import-deck/", {"characters": [], "cards": {"katana": -1}}, "invalid"),
        ("import-deck/", {"characters": [], "cards": {"katana": 10**6}}, "invalid"),
        ("import-deck/", {"text": "Cards:\n3 Nonexistent blade\n"}, "invalid_deck_text"),
        ("import-deck/", {"deck": 1, "characters": [], "cards": {}}, "invalid"),
        ("import-deck/", {"cards": {"katana": 1}, "colour": "red"}, "unknown_field"),
        ("import-deck/", ["katana"], "invalid"),
        ("can-build/", {"text": "Cards:\n3 Nonexistent blade\n"}, "invalid_deck_text"),
        ("can-build/", {"characters": [], "cards": {"katana": 0}}, "invalid"),
        ("can-build/", {"characters": [], "cards": {}, "only_missing": True}, "unknown_field"),
    ],
)
def test_bad_deck_requests(alice, alice_coll, tail, body, code):
    add(alice_coll, "katana")
    before = state(alice_coll)
    response = client_for(alice).post(url(alice_coll, tail), body, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["errors"][0]["code"] == code
    assert state(alice_coll) == before
