"""/api/decks/: saved decks — CRUD, drafts, visibility (others' decks are 404), export."""

from __future__ import annotations

import pytest

from decks.services import deck_create
from tests.decks.catalog import deck

pytestmark = pytest.mark.django_db

KOTOBA = ["iro-le-duelliste", "amaya", "aez-le-guerrier-errant"]
NOZ = ["aez-le-guerrier-errant", "hares-le-brutal", "zahal"]


def create(client, **body):
    return client.post("/api/decks/", body, format="json")


@pytest.fixture
def alice_deck(cards_db, alice):
    return deck_create(owner=alice, name="Lames de Kotoba", characters=KOTOBA, cards=deck(katana=3))


def test_create_valid_deck(cards_db, alice, client_for):
    r = create(client_for(alice), name="Lames", characters=KOTOBA, cards=deck(katana=3))
    assert r.status_code == 201
    body = r.json()
    assert body["owner"] == "alice"
    assert body["characters"] == KOTOBA
    assert body["cards"]["katana"] == 3
    assert body["size"] == 24
    assert body["validation"] == {"valid": True, "affiliation": "kotoba", "errors": []}
    assert body["is_public"] is False


def test_a_draft_is_saved_with_its_result(cards_db, alice, client_for):
    """docs/decks.md: a deck may be saved while it breaks the rules; its result says why."""
    r = create(client_for(alice), name="Brouillon", characters=["zahal"], cards={"katana": 1})
    assert r.status_code == 201
    codes = [e["code"] for e in r.json()["validation"]["errors"]]
    assert codes == ["character_count", "deck_size", "card_affiliation"]


def test_create_from_text(cards_db, alice, client_for):
    text = "Name: Texte\nCharacters:\nIro le duelliste\nAmaya\nAez le guerrier errant\nCards:\n3 Katana\n"
    r = create(client_for(alice), text=text)
    assert r.status_code == 201
    assert r.json()["name"] == "Texte"
    assert r.json()["cards"] == {"katana": 3}


def test_create_unknown_slugs_refused_all_at_once(cards_db, alice, client_for):
    from decks.models import Deck

    r = create(
        client_for(alice), name="X", characters=["ghost", "amaya"], cards={"katana": 1, "excalibur": 2}
    )
    assert r.status_code == 400
    errors = r.json()["errors"]  # one entry per problem (docs/api.md "Errors")
    assert {(e["field"], e["code"]) for e in errors} == {
        ("characters.0", "unknown_character"),
        ("cards.excalibur", "unknown_card"),
    }
    assert all(e["message"] and "problems" not in e for e in errors)
    assert not Deck.objects.exists()  # nothing half-saved


@pytest.mark.parametrize(
    "body",
    [
        {"characters": KOTOBA, "cards": {}},  # no name
        {"name": "", "characters": KOTOBA, "cards": {}},
        {"name": "   ", "characters": KOTOBA, "cards": {}},
        {"name": "x" * 101, "characters": KOTOBA, "cards": {}},
        {"name": 5, "characters": KOTOBA, "cards": {}},
        {"name": "X", "characters": KOTOBA, "cards": {"katana": 0}},
        {"name": "X", "characters": KOTOBA, "cards": {"katana": 100}},
        {"name": "X", "characters": KOTOBA, "cards": {}, "is_public": "yes"},
        {"name": "X", "characters": KOTOBA, "cards": {}, "owner": "bob"},
        {"name": "X", "text": "Characters:\nNobody\n"},
    ],
)
def test_create_malformed_is_400(cards_db, alice, client_for, body):
    r = client_for(alice).post("/api/decks/", body, format="json")
    assert r.status_code == 400, r.content


def test_anonymous_cannot_create(cards_db, client_for):
    r = create(client_for(), name="X", characters=KOTOBA, cards={})
    assert r.status_code in (401, 403)


def test_owner_reads_updates_deletes(alice_deck, alice, client_for):
    client = client_for(alice)
    url = f"/api/decks/{alice_deck.pk}/"
    assert client.get(url).json()["name"] == "Lames de Kotoba"
    r = client.patch(url, {"cards": deck(katana=4)}, format="json")
    assert r.status_code == 200
    assert [e["code"] for e in r.json()["validation"]["errors"]] == ["copy_limit"]
    assert r.json()["characters"] == KOTOBA  # untouched
    r = client.put(url, {"name": "Renamed", "characters": NOZ, "cards": deck()}, format="json")
    assert r.json()["name"] == "Renamed"
    assert r.json()["validation"]["affiliation"] == "noz"
    r = client.patch(url, {"text": "Characters:\nZahal\nCards:\n2 Hache\n"}, format="json")
    assert r.json()["characters"] == ["zahal"]
    assert r.json()["cards"] == {"hache": 2}
    assert client.delete(url).status_code == 204
    assert client.get(url).status_code == 404


def test_update_refused_changes_nothing(alice_deck, alice, client_for):
    url = f"/api/decks/{alice_deck.pk}/"
    r = client_for(alice).patch(url, {"name": "New", "cards": {"excalibur": 1}}, format="json")
    assert r.status_code == 400
    after = client_for(alice).get(url).json()
    assert after["name"] == "Lames de Kotoba"
    assert after["cards"]["katana"] == 3


def test_another_users_deck_is_404_never_403(alice_deck, bob, client_for):
    client = client_for(bob)
    url = f"/api/decks/{alice_deck.pk}/"
    assert client.get(url).status_code == 404
    assert client.patch(url, {"name": "Mine"}, format="json").status_code == 404
    assert client.put(url, {"name": "Mine"}, format="json").status_code == 404
    assert client.delete(url).status_code == 404
    assert client.get(f"{url}export/").status_code == 404
    assert client_for().get(url).status_code == 404
    assert client.get("/api/decks/999999/").status_code == 404
    assert alice_deck.pk not in [d["id"] for d in client.get("/api/decks/").json()["results"]]


def test_staff_see_all(alice_deck, staff, client_for):
    client = client_for(staff)
    assert client.get(f"/api/decks/{alice_deck.pk}/").status_code == 200
    assert alice_deck.pk in [d["id"] for d in client.get("/api/decks/").json()["results"]]


def test_public_deck_readable_by_all_writable_by_owner_only(alice_deck, alice, bob, client_for):
    url = f"/api/decks/{alice_deck.pk}/"
    assert client_for(alice).patch(url, {"is_public": True}, format="json").json()["is_public"] is True
    assert client_for(bob).get(url).status_code == 200
    assert client_for().get(url).status_code == 200
    assert client_for().get(f"{url}export/").status_code == 200
    assert client_for(bob).patch(url, {"name": "Mine"}, format="json").status_code == 404
    assert client_for(bob).delete(url).status_code == 404


def test_list_filters(alice_deck, alice, bob, client_for):
    deck_create(owner=bob, name="Bob public", characters=NOZ, cards=deck(), is_public=True)
    deck_create(owner=alice, name="Draft", characters=["zahal"], cards={"katana": 1})
    client = client_for(alice)

    def names(**params):
        return sorted(d["name"] for d in client.get("/api/decks/", params).json()["results"])

    assert names() == ["Bob public", "Draft", "Lames de Kotoba"]
    assert names(mine="true") == ["Draft", "Lames de Kotoba"]
    assert names(mine="false") == ["Bob public"]
    assert names(public="true") == ["Bob public"]
    assert names(valid="true") == ["Bob public", "Lames de Kotoba"]
    assert names(valid="false") == ["Draft"]
    assert client.get("/api/decks/", {"valid": "maybe"}).status_code == 400
    assert sorted(d["name"] for d in client_for().get("/api/decks/").json()["results"]) == ["Bob public"]


def test_export_text_round_trips(alice_deck, alice, client_for):
    client = client_for(alice)
    r = client.get(f"/api/decks/{alice_deck.pk}/export/")
    assert r.status_code == 200
    assert r["Content-Type"].startswith("text/plain")
    text = r.content.decode()
    assert text.startswith("Name: Lames de Kotoba\nCharacters:\nIro le duelliste\nAmaya\n")
    assert "\n3 Katana\n" in text
    again = create(client, text=text).json()
    assert again["characters"] == KOTOBA
    assert again["cards"] == client.get(f"/api/decks/{alice_deck.pk}/").json()["cards"]
    assert again["name"] == "Lames de Kotoba"


def test_result_is_never_stale_after_the_cards_change(
    alice_deck, alice, client_for, django_capture_on_commit_callbacks
):
    """docs/decks.md "Validation results": a card change is reflected on the next read, and
    stored once the change commits (the write side: cards.services.catalog_changed)."""
    from cards.models import Card, Guild

    client = client_for(alice)
    url = f"/api/decks/{alice_deck.pk}/"
    assert client.get(url).json()["validation"]["valid"] is True
    katana = Card.objects.get(slug="katana")
    katana.guild = Guild.objects.get(slug="noz")
    with django_capture_on_commit_callbacks(execute=True):
        katana.save()
    alice_deck.refresh_from_db()
    assert [e["code"] for e in alice_deck.validation["errors"]] == ["card_affiliation"]  # stored
    body = client.get(url).json()
    assert body["validation"] == alice_deck.validation
    listed = next(d for d in client.get("/api/decks/").json()["results"] if d["id"] == alice_deck.pk)
    assert listed["validation"] == body["validation"]


def test_reads_compute_a_stale_result_but_never_write(alice_deck, alice, client_for):
    """Selectors only read: a change whose revalidation has not run yet (its transaction's
    on-commit hooks not run here) is still reflected by every read, and nothing is written."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from cards.models import Card, Guild

    client = client_for(alice)
    stored = dict(alice_deck.validation)
    katana = Card.objects.get(slug="katana")
    katana.guild = Guild.objects.get(slug="noz")
    katana.save()  # no on-commit hooks in this test's transaction: the stored result is now stale
    with CaptureQueriesContext(connection) as queries:
        body = client.get(f"/api/decks/{alice_deck.pk}/").json()
        listed = client.get("/api/decks/?valid=false").json()["results"]
        assert client.get("/api/decks/?valid=true").json()["results"] == []
    assert [e["code"] for e in body["validation"]["errors"]] == ["card_affiliation"]
    assert [d["id"] for d in listed] == [alice_deck.pk] and listed[0]["validation"] == body["validation"]
    writes = [q["sql"] for q in queries.captured_queries if q["sql"].lstrip().upper().startswith("UPDATE")]
    assert writes == []
    alice_deck.refresh_from_db()
    assert alice_deck.validation == stored


def test_list_queries_do_not_grow_with_decks(alice_deck, alice, client_for):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = client_for(alice)
    client.get("/api/decks/")
    with CaptureQueriesContext(connection) as one:
        client.get("/api/decks/")
    for i in range(5):
        deck_create(owner=alice, name=f"D{i}", characters=KOTOBA, cards=deck(katana=i % 3 + 1))
    client.get("/api/decks/")
    with CaptureQueriesContext(connection) as six:
        client.get("/api/decks/")
    assert len(six.captured_queries) == len(one.captured_queries)
