"""Save (create and update, rename), duplicate and delete, through the pages; bad input keeps
everything typed and saves nothing."""

from __future__ import annotations

import pytest

from decks.models import Deck
from decks.selectors import deck_slugs, demo_decks
from decks.services import deck_create, demo_decks_load
from tests.decks.catalog import deck
from tests.decks.web.conftest import KOTOBA, codes, form, tag

pytestmark = pytest.mark.django_db


def test_saving_a_new_deck_creates_it_and_lists_it(as_alice, alice):
    response = as_alice.post("/decks/new/", form(name="Lames", characters=KOTOBA, cards=deck(katana=3)))
    assert response.status_code == 302
    saved = Deck.objects.get(owner=alice)
    assert response["Location"] == f"/decks/{saved.pk}/"
    assert (saved.name, saved.is_valid) == ("Lames", True)
    assert deck_slugs(saved) == (KOTOBA, deck(katana=3))
    page = as_alice.get(response["Location"]).content.decode()
    assert "Saved “Lames” (valid)." in page
    listing = as_alice.get("/decks/").content.decode()
    assert f'href="/decks/{saved.pk}/">Lames</a>' in listing
    assert "Valid" in listing


def test_a_deck_that_breaks_rules_is_saved_as_a_draft(as_alice, alice):
    """docs/decks.md "Drafts": a deck that breaks the rules is saved; its result says why."""
    response = as_alice.post("/decks/new/", form(name="Brouillon", characters=["zahal"], cards={"katana": 1}))
    assert response.status_code == 302
    saved = Deck.objects.get(owner=alice)
    assert saved.is_valid is False
    assert [e["code"] for e in saved.validation["errors"]] == [
        "character_count",
        "deck_size",
        "card_affiliation",
    ]
    listing = as_alice.get("/decks/").content.decode()
    assert "Invalid" in listing and "3 problems" in listing


def test_saving_changes_and_renames_an_existing_deck(as_alice, alice):
    mine = deck_create(owner=alice, name="Old name", characters=KOTOBA, cards=deck(katana=3))
    data = form(name="  New   name ", characters=KOTOBA, cards=deck(katana=2, wakizashi=1))
    response = as_alice.post(f"/decks/{mine.pk}/", data)
    assert response.status_code == 302
    fresh = Deck.objects.get(pk=mine.pk)
    assert fresh.name == "New name"
    assert deck_slugs(fresh)[1] == deck(katana=2, wakizashi=1)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "A deck needs a name."),
        ("   ", "A deck needs a name."),
        ("x" * 101, "at most 100 characters"),
        ("a\x07b", "control characters"),  # (a NUL is refused for the whole request: a 400)
        ("gpj\u202eexe", "text-direction control"),
        ("\u200b\u200b", "needs at least one visible character"),
    ],
)
def test_a_bad_name_is_refused_beside_the_field_keeping_everything(as_alice, alice, name, message):
    data = form(name=name, characters=KOTOBA, cards=deck(katana=3))
    response = as_alice.post("/decks/new/", data)
    assert response.status_code == 200
    page = response.content.decode()
    assert message in page
    assert 'aria-describedby="deck-name-error"' in tag(page, "name")
    assert f'value="{name}"' in tag(page, "name")
    assert 'value="3"' in tag(page, "card-katana")
    assert 'value="iro-le-duelliste" selected' in page
    assert not Deck.objects.filter(owner=alice).exists()


def test_a_bad_count_refuses_the_save_keeping_what_was_typed(as_alice, alice):
    mine = deck_create(owner=alice, name="Mine", characters=KOTOBA, cards=deck(katana=3))
    response = as_alice.post(
        f"/decks/{mine.pk}/", form(name="Mine", characters=KOTOBA, cards={"katana": "lots"})
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert 'value="lots"' in tag(page, "card-katana")
    assert "Nothing was saved" in page
    assert deck_slugs(Deck.objects.get(pk=mine.pk))[1] == deck(katana=3)


def test_too_many_characters_are_refused(as_alice, alice):
    data = form(name="Many", characters=["amaya"] * 11)
    response = as_alice.post("/decks/new/", data)
    assert response.status_code == 200
    assert "at most 10 characters" in response.content.decode()


def test_duplicating_a_deck_copies_it_as_yours(as_alice, alice):
    mine = deck_create(owner=alice, name="Lames", characters=KOTOBA, cards=deck(katana=3))
    response = as_alice.post(f"/decks/{mine.pk}/duplicate/")
    assert response.status_code == 302
    copy = Deck.objects.exclude(pk=mine.pk).get(owner=alice)
    assert copy.name == "Lames (copy)"
    assert deck_slugs(copy) == deck_slugs(mine)
    assert response["Location"] == f"/decks/{copy.pk}/"


def test_a_long_name_still_fits_when_copied(as_alice, alice):
    mine = deck_create(owner=alice, name="n" * 100, characters=KOTOBA, cards=deck())
    as_alice.post(f"/decks/{mine.pk}/duplicate/")
    copy = Deck.objects.exclude(pk=mine.pk).get(owner=alice)
    assert len(copy.name) == 100 and copy.name.endswith(" (copy)")


def test_a_demo_deck_is_read_only_and_can_be_copied(as_alice, alice, tmp_path):
    path = tmp_path / "decks.json"
    path.write_text(
        '[{"slug": "demo-kotoba", "name": "Démo Kotoba", "characters": '
        '["iro-le-duelliste", "amaya", "aez-le-guerrier-errant"], "cards": {"katana": 3, "dague": 3, '
        '"fleau": 3, "amulette": 3, "bijou": 3, "bouclier": 3, "baume-de-soin": 3}}]',
        encoding="utf-8",
    )
    demo_decks_load(path=path)
    (demo,) = demo_decks()
    listing = as_alice.get("/decks/").content.decode()
    assert "Démo Kotoba" in listing and f'action="/decks/{demo.pk}/duplicate/"' in listing
    page = as_alice.get(f"/decks/{demo.pk}/").content.decode()
    assert 'id="deck-form"' not in page  # read-only: no builder form
    assert "Copy into my decks" in page
    assert codes(page) == []
    # not editable: saving, the live check and deleting are "not found"
    assert as_alice.post(f"/decks/{demo.pk}/", form(name="Mine", characters=KOTOBA)).status_code == 404
    assert as_alice.post(f"/decks/{demo.pk}/edit/", form(name="Mine")).status_code == 404
    assert as_alice.post(f"/decks/{demo.pk}/delete/").status_code == 404
    as_alice.post(f"/decks/{demo.pk}/duplicate/")
    copy = Deck.objects.get(owner=alice)
    assert copy.name == "Démo Kotoba (copy)" and not copy.is_public
    assert deck_slugs(copy) == deck_slugs(demo)


def test_delete_asks_first_then_deletes(as_alice, alice):
    mine = deck_create(owner=alice, name="Doomed", characters=KOTOBA, cards=deck())
    confirm = as_alice.get(f"/decks/{mine.pk}/delete/")
    assert confirm.status_code == 200
    assert "Delete “Doomed”?" in confirm.content.decode()
    assert Deck.objects.filter(pk=mine.pk).exists()
    response = as_alice.post(f"/decks/{mine.pk}/delete/")
    assert response.status_code == 302 and response["Location"] == "/decks/"
    assert not Deck.objects.filter(pk=mine.pk).exists()
    assert "Deleted “Doomed”." in as_alice.get("/decks/").content.decode()


def test_a_saved_deck_links_to_a_simulation_of_it(as_alice, alice):
    mine = deck_create(owner=alice, name="Lames", characters=KOTOBA, cards=deck(katana=3))
    page = as_alice.get(f"/decks/{mine.pk}/").content.decode()
    assert f'href="/simulations/new/?deck={mine.pk}"' in page
    # ... and to a search for a better one (docs/lab.md "Optimizer"), the deck chosen.
    assert f'href="/simulations/optimize/?deck={mine.pk}"' in page
    form = as_alice.get(f"/simulations/optimize/?deck={mine.pk}").content.decode()
    assert f'<option value="{mine.pk}" selected' in form
