"""The builder's live check: POST …/edit/ answers the editor with the validator's verdict (the
same codes and messages as the API), the offending cards and characters highlighted, and writes
nothing."""

from __future__ import annotations

import html

import pytest

from decks.models import Deck
from decks.services import deck_create
from tests.decks.catalog import deck
from tests.decks.web.conftest import HX, KOTOBA, codes, flagged, form, status_of, tag

pytestmark = pytest.mark.django_db


def live(client, data, url="/decks/new/edit/"):
    response = client.post(url, data, **HX)
    assert response.status_code == 200
    return response.content.decode()


def test_the_fragment_lists_every_violation_with_the_apis_codes_and_messages(as_alice, client_for, alice):
    """docs/rules/eredan.md §2 — every violation at once; the page shows what POST /api/decks/validate/
    answers for the same deck, code by code and message by message."""
    characters = ["iro-le-duelliste", "zahal", "aez-le-guerrier-errant"]  # Kotoba + Noz'Dingard
    cards = {"katana": 4, "eclairs-3": 1, "eclairs-1": 1}
    page = live(as_alice, form(name="X", characters=characters, cards=cards))
    api = client_for(alice).post(
        "/api/decks/validate/", {"characters": characters, "cards": cards}, format="json"
    )
    errors = api.json()["errors"]
    assert codes(page) == [e["code"] for e in errors]
    assert {"deck_size", "guild_conflict", "copy_limit", "unique_evolution"} <= set(codes(page))
    for error in errors:
        assert html.escape(error["message"], quote=True) in page
    assert status_of(page) == "invalid"
    assert page.startswith('<div id="deck-editor"')  # a fragment, not a page


def test_offending_cards_and_characters_are_highlighted(as_alice):
    """docs/rules/eredan.md §2.5 copy limit on Katana, §2.2 guild conflict on Iro and Zahal."""
    data = form(characters=["iro-le-duelliste", "zahal", "aez-le-guerrier-errant"], cards=deck(katana=4))
    page = live(as_alice, data)
    rows = flagged(page, "card")
    assert rows["katana"] == ["copy_limit"]
    assert "baume-de-soin" not in rows
    slots = flagged(page, "slot")
    assert slots == {"1": ["guild_conflict"], "2": ["guild_conflict"]}


def test_fixing_the_deck_turns_it_valid_with_its_affiliation(as_alice):
    """docs/rules/eredan.md §2.2 — the deck takes its characters' guild."""
    broken = live(as_alice, form(characters=KOTOBA, cards=deck(katana=4)))
    assert codes(broken) == ["copy_limit"]
    fixed = live(as_alice, form(characters=KOTOBA, cards=deck(katana=3)))
    assert codes(fixed) == []
    assert status_of(fixed) == "valid"
    assert "data-affiliation>Kotoba<" in fixed
    assert flagged(fixed, "card") == {}


def test_copies_are_counted_per_evolution_family(as_alice):
    """docs/rules/eredan.md §2.5 — 2× Éclairs 1 + 2× Éclairs 2 = 4 copies of the family."""
    page = live(as_alice, form(characters=KOTOBA, cards=deck(eclairs_1=2, eclairs_2=2)))
    assert "copy_limit" in codes(page)
    assert page.count('class="num family over">4/3') == 2


def test_a_unique_card_family_shows_a_limit_of_one(as_alice):
    """docs/rules/eredan.md §2.6 — a unique card: one copy."""
    page = live(as_alice, form(characters=KOTOBA, cards=deck(eclairs_3=2)))
    assert 'class="num family over">2/1' in page
    assert "unique_limit" in codes(page)


def test_add_and_remove_buttons(as_alice):
    page = live(as_alice, form(characters=KOTOBA, cards={"katana": 2}, op="add:katana"))
    assert 'name="card-katana" value="3"' in page
    page = live(as_alice, form(characters=KOTOBA, cards={"katana": 3}, op="add:wakizashi"))
    assert 'name="card-wakizashi" value="1"' in page
    page = live(as_alice, form(characters=KOTOBA, cards={"katana": 3, "wakizashi": 1}, op="remove:katana"))
    assert 'name="card-katana"' not in page
    assert 'name="card-wakizashi" value="1"' in page


def test_a_card_that_cannot_go_in_a_deck_is_not_added(as_alice):
    page = live(as_alice, form(characters=KOTOBA, op="add:xp-100"))
    assert "That card cannot go in a deck." in page
    assert 'name="card-xp-100"' not in page


@pytest.mark.parametrize("typed", ["abc", "-1", "100", "2.5", " ", "３"])
def test_a_bad_count_keeps_what_was_typed_with_a_message_beside_it(as_alice, typed):
    page = live(as_alice, form(name="Mine", characters=KOTOBA, cards={**deck(), "katana": typed}))
    assert f'name="card-katana" value="{html.escape(typed.strip())}"' in page
    assert 'id="card-katana-error"' in page
    assert "whole number from 1 to 99" in page
    assert 'value="Mine"' in page  # nothing else lost either
    # the rest of the deck is still checked: 21 filler cards, no Katana
    assert codes(page) == []


def test_zero_copies_takes_the_card_out(as_alice):
    page = live(as_alice, form(characters=KOTOBA, cards={"katana": "0", "wakizashi": 2}))
    assert 'name="card-katana"' not in page
    assert 'name="card-wakizashi" value="2"' in page


def test_unknown_slugs_from_a_tampered_form_are_reported(as_alice):
    page = live(as_alice, form(characters=["ghost", "amaya"], cards={"excalibur": 2, "katana": 1}))
    assert "Unknown character: choose one from the list." in page
    assert "Unknown cards were left out: excalibur." in page
    assert 'name="card-katana" value="1"' in page


def test_the_live_check_writes_nothing(as_alice, alice):
    saved = deck_create(owner=alice, name="Kept", characters=KOTOBA, cards=deck(katana=3))
    page = live(
        as_alice, form(name="Changed", characters=["zahal"], cards={"katana": 9}), f"/decks/{saved.pk}/edit/"
    )
    assert 'data-dirty="true"' in page
    fresh = Deck.objects.get(pk=saved.pk)
    assert fresh.name == "Kept"
    assert fresh.updated_at == saved.updated_at


def test_the_saved_deck_is_not_dirty_until_changed(as_alice, alice):
    saved = deck_create(owner=alice, name="Kept", characters=KOTOBA, cards=deck(katana=3))
    page = as_alice.get(f"/decks/{saved.pk}/").content.decode()
    assert 'data-dirty="false"' in page
    data = form(name="Kept", characters=KOTOBA, cards=deck(katana=3))
    same = live(as_alice, data, f"/decks/{saved.pk}/edit/")
    assert 'data-dirty="false"' in same


def test_without_htmx_the_edit_answers_the_whole_page(as_alice):
    response = as_alice.post("/decks/new/edit/", form(characters=KOTOBA, op="add:katana"))
    assert response.status_code == 200
    body = response.content.decode()
    assert body.lstrip().startswith("<!doctype html>")
    assert 'name="card-katana" value="1"' in body


def test_fields_are_preserved_across_live_updates_except_what_the_button_changed(as_alice):
    """What the user changes while a check is on its way is kept (htmx hx-preserve)."""
    data = form(name="N", characters=KOTOBA, cards={"katana": 1, "wakizashi": 1}, op="add:katana")
    page = live(as_alice, data)
    assert "hx-preserve" in tag(page, "name")
    assert "hx-preserve" in tag(page, "card-wakizashi")
    assert "hx-preserve" not in tag(page, "card-katana")  # the button changed it: 2 now
    assert 'value="2"' in tag(page, "card-katana")
    imported = live(as_alice, form(name="N", text="Characters:\nAmaya\n", op="import"))
    assert "hx-preserve" not in tag(imported, "name")


def test_the_verdict_is_also_written_for_the_screen_readers_live_region(as_alice):
    page = live(as_alice, form(characters=KOTOBA, cards=deck(katana=4)))
    verdict = "Invalid: 1 rule broken; affiliation Kotoba; 25 cards."
    assert f'<p id="deck-verdict-text" hidden>{verdict}</p>' in page
    full = as_alice.get("/decks/new/").content.decode()
    assert (
        'role="status" aria-live="polite">Invalid: 2 rules broken; affiliation none yet; 0 cards.</p>' in full
    )
