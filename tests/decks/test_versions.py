"""Deck versions (docs/lab.md "Deck versions"): every save keeps the version before it — who,
when, what changed —; the history and the diff in the API; restoring is a new version."""

from __future__ import annotations

import pytest

from decks.models import DeckVersion
from decks.services import deck_create, deck_update, deck_version_restore, demo_decks_load
from eredan.errors import DomainError, NotFoundError
from tests.decks.catalog import deck
from tests.decks.conftest import write_test_cardset

pytestmark = pytest.mark.django_db

KOTOBA = ["iro-le-duelliste", "amaya", "aez-le-guerrier-errant"]


@pytest.fixture
def lames(cards_db, alice):
    return deck_create(owner=alice, name="Lames", characters=KOTOBA, cards=deck(katana=3))


def versions(d):
    return list(DeckVersion.objects.filter(deck=d).order_by("number"))


# --- services ------------------------------------------------------------------------------------


def test_creating_a_deck_records_version_1(lames, alice):
    (v1,) = versions(lames)
    assert (v1.number, v1.author, v1.source, v1.name) == (1, alice, "create", "Lames")
    assert v1.characters == KOTOBA and v1.cards == deck(katana=3)
    assert v1.changes["added"] == 24 and v1.changes["removed"] == 0


def test_each_save_keeps_the_version_before(lames, alice, bob, staff):
    deck_update(deck=lames, cards=deck(katana=2, wakizashi=1), author=alice)
    deck_update(deck=lames, name="Lames II", author=staff)
    v1, v2, v3 = versions(lames)
    assert v1.cards == deck(katana=3)  # the first version is kept as it was
    assert v2.cards == deck(katana=2, wakizashi=1) and v2.author == alice and v2.source == "edit"
    assert [(c["card"], c["delta"]) for c in v2.changes["cards"]] == [("katana", -1), ("wakizashi", 1)]
    assert v3.author == staff and v3.changes["name"] == {"before": "Lames", "after": "Lames II"}
    assert v3.changes["cards"] == []


def test_a_save_that_changes_nothing_or_only_visibility_records_no_version(lames, alice):
    deck_update(deck=lames, cards=deck(katana=3), author=alice)
    deck_update(deck=lames, is_public=True, author=alice)
    assert len(versions(lames)) == 1


def test_restore_is_a_new_version(lames, alice):
    deck_update(deck=lames, cards=deck(wakizashi=3), author=alice)
    restored = deck_version_restore(deck=lames, number=1, author=alice)
    v1, _v2, v3 = versions(lames)
    assert (v3.source, v3.restored_from, v3.cards) == ("restore", 1, v1.cards)
    assert {dc.card.slug: dc.count for dc in restored.deck_cards.all()} == deck(katana=3)
    assert [(c["card"], c["delta"]) for c in v3.changes["cards"]] == [("katana", 3), ("wakizashi", -3)]


def test_restoring_the_current_content_is_refused_and_changes_nothing(lames, alice):
    with pytest.raises(DomainError) as info:
        deck_version_restore(deck=lames, number=1, author=alice)
    assert info.value.code == "version_current" and info.value.status_code == 409
    with pytest.raises(NotFoundError):
        deck_version_restore(deck=lames, number=7, author=alice)
    assert len(versions(lames)) == 1


def test_demo_decks_record_a_version_when_their_file_changes(cards_db, tmp_path):
    entry = {"slug": "demo-lames", "name": "Démo", "characters": KOTOBA, "cards": deck(katana=3)}
    path = write_test_cardset(tmp_path / "a", decks=[entry]) / "decks.json"
    demo_decks_load(path=path)
    demo_decks_load(path=path)  # unchanged: no second version
    changed = {**entry, "cards": deck(katana=2, wakizashi=1)}
    demo_decks_load(path=write_test_cardset(tmp_path / "b", decks=[changed]) / "decks.json")
    from decks.models import Deck

    v1, v2 = versions(Deck.objects.get(slug="demo-lames"))
    assert (v1.source, v1.author, v2.source) == ("demo", None, "demo")


# --- the API ---------------------------------------------------------------------------------------


def test_history_in_the_api(lames, alice, client_for):
    client = client_for(alice)
    assert (
        client.patch(f"/api/decks/{lames.pk}/", {"cards": deck(katana=2)}, format="json").status_code == 200
    )
    r = client.get(f"/api/decks/{lames.pk}/versions/")
    assert r.status_code == 200
    body = r.json()
    assert body["count"] == 2
    newest, oldest = body["results"]
    assert (newest["number"], newest["author"], newest["source"], newest["current"]) == (
        2,
        "alice",
        "edit",
        True,
    )
    assert oldest["current"] is False
    assert newest["changes"]["summary"] == "\u22121 Katana"
    assert newest["url"].endswith(f"/api/decks/{lames.pk}/versions/2/")


def test_a_version_its_export_and_the_diff(lames, alice, client_for):
    client = client_for(alice)
    client.patch(f"/api/decks/{lames.pk}/", {"cards": deck(katana=2, wakizashi=1)}, format="json")
    v1 = client.get(f"/api/decks/{lames.pk}/versions/1/").json()
    assert v1["cards"] == deck(katana=3) and v1["validation"]["valid"] is True
    text = client.get(f"/api/decks/{lames.pk}/versions/1/export/").content.decode()
    assert "3 Katana" in text and "Wakizashi" not in text
    diff = client.get(f"/api/decks/{lames.pk}/diff/?from=1&to=2").json()
    assert [(c["card"], c["before"], c["after"]) for c in diff["diff"]["cards"]] == [
        ("katana", 3, 2),
        ("wakizashi", 0, 1),
    ]
    assert diff["diff"]["summary"] == "+1 Wakizashi, \u22121 Katana"
    # Defaults: to the current version, from the one before it; backwards works too.
    assert client.get(f"/api/decks/{lames.pk}/diff/").json()["diff"] == diff["diff"]
    back = client.get(f"/api/decks/{lames.pk}/diff/?from=2&to=1").json()["diff"]
    assert [(c["card"], c["delta"]) for c in back["cards"]] == [("katana", 1), ("wakizashi", -1)]


def test_restore_in_the_api(lames, alice, client_for):
    client = client_for(alice)
    client.patch(f"/api/decks/{lames.pk}/", {"cards": deck(wakizashi=3)}, format="json")
    r = client.post(f"/api/decks/{lames.pk}/versions/1/restore/")
    assert r.status_code == 200 and r.json()["cards"]["katana"] == 3
    assert client.get(f"/api/decks/{lames.pk}/versions/").json()["results"][0]["restored_from"] == 1
    again = client.post(f"/api/decks/{lames.pk}/versions/3/restore/")
    assert again.status_code == 409 and again.json()["errors"][0]["code"] == "version_current"


def test_bad_version_numbers_are_400_and_missing_ones_404(lames, alice, client_for):
    client = client_for(alice)
    r = client.get(f"/api/decks/{lames.pk}/diff/?from=x&to=0")
    assert r.status_code == 400
    assert [(e["field"], e["code"]) for e in r.json()["errors"]] == [
        ("from", "invalid_version"),
        ("to", "invalid_version"),
    ]
    assert client.get(f"/api/decks/{lames.pk}/diff/?from=1&to=9").status_code == 404
    assert client.get(f"/api/decks/{lames.pk}/versions/9/").status_code == 404


def test_someone_elses_deck_history_is_404_and_cannot_be_restored(lames, alice, bob, client_for):
    deck_update(deck=lames, cards=deck(wakizashi=3), author=alice)
    other = client_for(bob)
    for url in ("versions/", "versions/1/", "versions/1/export/", "diff/"):
        assert other.get(f"/api/decks/{lames.pk}/{url}").status_code == 404
    assert other.post(f"/api/decks/{lames.pk}/versions/1/restore/").status_code == 404
    assert client_for().post(f"/api/decks/{lames.pk}/versions/1/restore/").status_code in (401, 403)
    # A public deck's history is readable by its readers; restoring stays the owner's.
    deck_update(deck=lames, is_public=True, author=alice)
    assert other.get(f"/api/decks/{lames.pk}/versions/").status_code == 200
    assert other.post(f"/api/decks/{lames.pk}/versions/1/restore/").status_code == 404
    assert len(versions(lames)) == 2
