"""My decks (yours only, newest first, with their verdict) and the card picker (search by name,
filter by guild and type; only cards that can go in a deck)."""

from __future__ import annotations

import re

import pytest

from decks.services import deck_create
from tests.decks.catalog import deck
from tests.decks.web.conftest import HX, KOTOBA

pytestmark = pytest.mark.django_db


def test_my_decks_lists_mine_only_newest_first(as_alice, alice, bob):
    deck_create(owner=alice, name="First", characters=KOTOBA, cards=deck(katana=3))
    deck_create(owner=alice, name="Second", characters=["zahal"], cards={})
    deck_create(owner=bob, name="Bob's", characters=KOTOBA, cards=deck())
    page = as_alice.get("/decks/").content.decode()
    names = re.findall(r'<td><a href="/decks/\d+/">([^<]+)</a></td>', page)
    assert names == ["Second", "First"]
    assert "Bob&#x27;s" not in page
    assert ">Kotoba<" in page  # First's affiliation


def test_no_deck_yet(as_alice):
    page = as_alice.get("/decks/").content.decode()
    assert "You have no deck yet." in page


def picker(client, query=""):
    response = client.get(f"/decks/cards/?{query}", **HX)
    assert response.status_code == 200
    return response.content.decode()


def listed(page):
    return re.findall(r'<li data-card="([^"]+)">', page)


def test_the_picker_searches_names_forgiving_accents_and_case(as_alice):
    assert listed(picker(as_alice, "q=ECLAIRS")) == ["eclairs-1", "eclairs-2", "eclairs-3"]
    assert listed(picker(as_alice, "q=benediction")) == ["benediction-du-gardien"]
    assert listed(picker(as_alice, "q=lightning+bolts")) == ["eclairs-1", "eclairs-2", "eclairs-3"]  # English
    assert listed(picker(as_alice, "q=zzz")) == []
    assert "No card matches." in picker(as_alice, "q=zzz")


def test_the_picker_filters_by_guild_and_type(as_alice):
    assert listed(picker(as_alice, "guild=kotoba")) == ["katana", "wakizashi"]
    assert listed(picker(as_alice, "kind=theurgie")) == ["benediction-du-gardien"]
    no_guild = listed(picker(as_alice, "guild=none"))
    assert "katana" not in no_guild and "dague" in no_guild


def test_the_picker_never_offers_a_card_that_cannot_go_in_a_deck(as_alice):
    assert "xp-100" not in listed(picker(as_alice))


def test_an_unknown_filter_is_said_and_ignored(as_alice):
    page = picker(as_alice, "guild=atlantis&kind=dragon")
    assert "Unknown guild and type filter, ignored." in page
    assert "katana" in listed(page)


def test_the_pickers_buttons_post_to_the_decks_editor(as_alice, alice):
    mine = deck_create(owner=alice, name="Mine", characters=KOTOBA, cards={})
    assert f'hx-post="/decks/{mine.pk}/edit/"' in picker(as_alice, f"q=katana&deck={mine.pk}")
    assert 'hx-post="/decks/new/edit/"' in picker(as_alice, "q=katana&deck=new")
    assert 'hx-post="/decks/new/edit/"' in picker(as_alice, "q=katana&deck=-3")


def test_my_decks_come_fifty_a_page(as_alice, alice):
    for i in range(51):
        deck_create(owner=alice, name=f"Deck {i:02}", characters=KOTOBA, cards={})
    first = as_alice.get("/decks/").content.decode()
    assert first.count('<tr data-deck="') == 50
    assert "Page 1 of 2" in first and 'href="?page=2"' in first
    second = as_alice.get("/decks/?page=2").content.decode()
    assert re.findall(r'<td><a href="/decks/\d+/">([^<]+)</a></td>', second) == ["Deck 00"]
    assert as_alice.get("/decks/?page=abc").status_code == 200  # a bad page number: the first page
