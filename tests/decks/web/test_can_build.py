""" "Can I build this from my collection?" in the builder and on a read-only deck (docs/rules/eredan.md
§2.9, the validator's not_owned check through decks.selectors.deck_can_build)."""

from __future__ import annotations

import pytest

from cards.collection.services.collections import collection_create
from cards.collection.services.imports import collection_import_deck
from decks.services import deck_create
from tests.decks.catalog import deck
from tests.decks.web.conftest import HX, KOTOBA, form

pytestmark = pytest.mark.django_db


@pytest.fixture
def collection(cards_db, alice):
    mine = collection_create(owner=alice, name="Mes cartes")
    collection_import_deck(collection=mine, characters=KOTOBA, cards=deck(katana=1))
    return mine


def test_what_is_missing_is_listed(as_alice, collection):
    data = form(characters=KOTOBA, cards=deck(katana=3), collection=str(collection.pk), op="check")
    page = as_alice.post("/decks/new/edit/", data, **HX).content.decode()
    assert 'data-can-build="false"' in page
    assert "“Mes cartes” lacks 2 copies." in page
    assert '<td>Katana</td><td class="num">2</td>' in page


def test_a_deck_the_collection_holds(as_alice, collection):
    data = form(characters=KOTOBA, cards=deck(katana=1), collection=str(collection.pk), op="check")
    page = as_alice.post("/decks/new/edit/", data, **HX).content.decode()
    assert 'data-can-build="true"' in page
    assert "holds every character and card of this deck" in page


def test_someone_elses_collection_is_not_found(as_alice, bob, collection):
    bobs = collection_create(owner=bob, name="Bob's")
    for value, message in [
        (str(bobs.pk), "No such collection."),
        ("abc", "No such collection."),
        ("", "Choose a collection."),
    ]:
        data = form(characters=KOTOBA, cards=deck(katana=1), collection=value, op="check")
        page = as_alice.post("/decks/new/edit/", data, **HX).content.decode()
        assert message in page
        assert "data-can-build" not in page
        assert "Bob&#x27;s" not in page


def test_the_default_collection_is_chosen_and_others_listed(as_alice, alice, collection):
    page = as_alice.get("/decks/new/").content.decode()
    assert f'<option value="{collection.pk}" selected>Mes cartes</option>' in page


def test_without_a_collection_the_builder_says_where_to_make_one(as_alice):
    page = as_alice.get("/decks/new/").content.decode()
    assert "You have no collection yet" in page


def test_a_read_only_deck_can_be_checked_too(as_alice, bob, collection):
    shown = deck_create(owner=bob, name="Public", characters=KOTOBA, cards=deck(katana=3), is_public=True)
    page = as_alice.get(f"/decks/{shown.pk}/?collection={collection.pk}").content.decode()
    assert "lacks 2 copies" in page
