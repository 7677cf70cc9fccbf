"""The builder's form, read without a database (decks/web/forms.py over the test catalog)."""

from __future__ import annotations

import pytest

from decks.web.forms import COUNT_MESSAGE, FORM, draft_apply, draft_from_deck, draft_from_post, name_problem
from decks.web.presenters import card_rows, picker_search
from tests.decks.catalog import CATALOG


def post(**fields: list[str]) -> dict[str, list[str]]:
    return {key.replace("_", "-"): value for key, value in fields.items()}


def test_counts_as_typed_and_as_a_deck():
    draft = draft_from_post(
        post(character=["amaya", "", "zahal"], card_katana=["3"], card_dague=["x"], card_fleau=["0"]),
        catalog=CATALOG,
    )
    assert draft.slots == ["amaya", "", "zahal"]
    assert draft.characters == ["amaya", "zahal"]
    assert draft.cards == {"katana": 3}
    assert draft.typed == {"katana": "3", "dague": "x"}  # 0 took Fléau out
    assert draft.errors == {"card-dague": [COUNT_MESSAGE]}
    assert not draft.clean


@pytest.mark.parametrize(("typed", "count"), [("1", 1), (" 7 ", 7), ("099", 99), ("99", 99)])
def test_good_counts(typed, count):
    assert draft_from_post(post(card_katana=[typed]), catalog=CATALOG).cards == {"katana": count}


@pytest.mark.parametrize("typed", ["", "100", "-1", "+1", "1.0", "1e2", "٣", "0x1", "1 2"])
def test_bad_counts(typed):
    draft = draft_from_post(post(card_katana=[typed]), catalog=CATALOG)
    assert draft.cards == {}
    assert draft.errors == {"card-katana": [COUNT_MESSAGE]}


def test_add_counts_up_to_99_then_refuses():
    draft = draft_from_post(post(card_katana=["98"]), catalog=CATALOG)
    draft_apply(draft, "add:katana", catalog=CATALOG)
    assert draft.cards == {"katana": 99}
    draft_apply(draft, "add:katana", catalog=CATALOG)
    assert draft.cards == {"katana": 99}
    assert draft.errors == {"card-katana": [COUNT_MESSAGE]}


def test_add_leaves_a_count_being_corrected_alone():
    draft = draft_from_post(post(card_katana=["abc"]), catalog=CATALOG)
    draft_apply(draft, "add:katana", catalog=CATALOG)
    assert draft.typed == {"katana": "abc"}


def test_add_refuses_cards_that_cannot_go_in_a_deck():
    """docs/rules/eredan.md §2 — XP cards are not deck cards (the validator's unknown_card)."""
    draft = draft_from_post({}, catalog=CATALOG)
    draft_apply(draft, "add:xp-100", catalog=CATALOG)
    draft_apply(draft, "add:ghost", catalog=CATALOG)
    assert draft.cards == {}
    assert draft.errors[FORM] == ["That card cannot go in a deck."] * 2


def test_import_replaces_the_deck_and_names_it_only_when_unnamed():
    text = "Name: From text\nCharacters:\nAmaya\nCards:\n2 Katana\n"
    named = draft_from_post(post(name=["Mine"], card_dague=["1"], text=[text]), catalog=CATALOG)
    draft_apply(named, "import", catalog=CATALOG)
    assert (named.name, named.characters, named.cards, named.text) == ("Mine", ["amaya"], {"katana": 2}, "")
    unnamed = draft_from_post(post(name=[" "], text=[text]), catalog=CATALOG)
    draft_apply(unnamed, "import", catalog=CATALOG)
    assert unnamed.name == "From text"


def test_the_snapshot_ignores_spacing_in_the_name_and_the_order_of_cards():
    a = draft_from_deck(name="Lames  de Kotoba", characters=["amaya"], cards={"katana": 1, "dague": 2})
    b = draft_from_deck(name=" Lames de Kotoba ", characters=["amaya"], cards={"dague": 2, "katana": 1})
    assert a.snapshot() == b.snapshot()


@pytest.mark.parametrize(
    ("name", "ok"),
    [("Lames", True), ("", False), ("\t\n", False), ("a" * 100, True), ("a" * 101, False), ("a\x07", False)],
)
def test_name_rules(name, ok):
    assert (name_problem(name) is None) is ok


def test_family_totals_count_every_level_together():
    """docs/rules/eredan.md §2.5 — evolutions share the copy limit; §2.6 a unique level: 1."""
    from cards.domain.text import Names

    rows = card_rows(
        typed={"eclairs-1": "2", "eclairs-3": "1", "katana": "3"},
        counts={"eclairs-1": 2, "eclairs-3": 1, "katana": 3},
        errors={},
        flagged={},
        catalog=CATALOG,
        names=Names(),
    )
    totals = {r.slug: (r.family_total, r.family_limit, r.over) for r in rows}
    assert totals == {"eclairs-1": (3, 1, True), "eclairs-3": (3, 1, True), "katana": (3, 3, False)}


def test_the_picker_matches_every_word():
    from cards.domain.text import Names

    found = picker_search(catalog=CATALOG, names=Names(), query="armure noz")
    assert [c.slug for c in found.cards] == ["armure-noz"]
    limited = picker_search(catalog=CATALOG, names=Names(), limit=2)
    assert len(limited.cards) == 2 and limited.more == limited.total - 2
