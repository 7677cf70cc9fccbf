"""Invariants of the deck validator (docs/rules/eredan.md §2), checked on random decks with hypothesis."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from decks.rules import DEFAULT_RULES, VIOLATION_CODES
from decks.validator import validate_deck
from tests.decks.catalog import CATALOG

CHARACTER_SLUGS = [*sorted(CATALOG.characters), "ghost"]
CARD_SLUGS = [*sorted(CATALOG.cards), "excalibur"]

characters_st = st.lists(st.sampled_from(CHARACTER_SLUGS), min_size=0, max_size=4)
cards_st = st.dictionaries(st.sampled_from(CARD_SLUGS), st.integers(min_value=1, max_value=6), max_size=20)
owned_st = st.none() | st.dictionaries(
    st.sampled_from(CHARACTER_SLUGS + CARD_SLUGS), st.integers(min_value=0, max_value=6)
)

SETTINGS = settings(max_examples=100, deadline=None)


def check(characters, cards, owned=None):
    return validate_deck(characters=characters, cards=cards, catalog=CATALOG, owned=owned)


@SETTINGS
@given(characters_st, cards_st, owned_st, st.randoms(use_true_random=False))
def test_reordering_never_changes_the_result(characters, cards, owned, rnd):
    """docs/rules/eredan.md §2: the result depends on the deck, not on the order it is written in."""
    result = check(characters, cards, owned)
    chars2 = list(characters)
    rnd.shuffle(chars2)
    items = list(cards.items())
    rnd.shuffle(items)
    assert check(chars2, dict(items), owned) == result


@SETTINGS
@given(characters_st, cards_st, owned_st)
def test_valid_iff_no_violation_and_codes_in_stable_order(characters, cards, owned):
    result = check(characters, cards, owned)
    assert result.valid == (not result.violations)
    indexes = [VIOLATION_CODES.index(v.code) for v in result.violations]
    assert indexes == sorted(indexes)
    for v in result.violations:
        assert v.message
        assert set(v.characters) <= set(characters)
        assert set(v.cards) <= set(cards)


@SETTINGS
@given(characters_st, cards_st)
def test_deck_size_reported_iff_outside_bounds(characters, cards):
    """docs/rules/eredan.md §2.1: 20 to 50 cards."""
    size = sum(cards.values())
    reported = "deck_size" in check(characters, cards).codes
    assert reported == (not DEFAULT_RULES.min_cards <= size <= DEFAULT_RULES.max_cards)


@SETTINGS
@given(characters_st, cards_st, st.sampled_from(CARD_SLUGS))
def test_adding_a_copy_never_makes_an_oversized_deck_valid(characters, cards, extra):
    """docs/rules/eredan.md §2.1: a deck at or beyond the maximum stays invalid when a copy is added."""
    result = check(characters, cards)
    bigger = dict(cards)
    bigger[extra] = bigger.get(extra, 0) + 1
    after = check(characters, bigger)
    if sum(cards.values()) >= DEFAULT_RULES.max_cards:
        assert not after.valid
        assert "deck_size" in after.codes
    # adding a copy never removes a copy_limit, unique_limit, unique or affiliation problem
    for code in ("copy_limit", "unique_limit", "unique_evolution", "card_affiliation", "unknown_card"):
        if code in result.codes:
            assert code in after.codes


@SETTINGS
@given(characters_st, cards_st)
def test_copy_limit_iff_a_family_has_more_than_three(characters, cards):
    """docs/rules/eredan.md §2.5: evolutions count together."""
    per_family: dict[str, int] = {}
    for slug, count in cards.items():
        if slug in CATALOG.cards:
            family = CATALOG.cards[slug].family
            per_family[family] = per_family.get(family, 0) + count
    over = any(total > DEFAULT_RULES.copy_limit for total in per_family.values())
    assert ("copy_limit" in check(characters, cards).codes) == over


@SETTINGS
@given(characters_st, cards_st, owned_st, st.sampled_from(CHARACTER_SLUGS + CARD_SLUGS))
def test_owning_more_never_adds_a_not_owned_violation(characters, cards, owned, slug):
    """docs/rules/eredan.md §2.9: one more owned copy can only remove a missing copy."""
    owned = dict(owned or {})
    before = [v for v in check(characters, cards, owned).violations if v.code == "not_owned"]
    owned[slug] = owned.get(slug, 0) + 1
    after = [v for v in check(characters, cards, owned).violations if v.code == "not_owned"]
    assert len(after) <= len(before)
    assert sum(n for v in after for _, n in v.missing) == sum(n for v in before for _, n in v.missing) - (
        1 if any(s == slug for v in before for s, _ in v.missing) else 0
    )


@SETTINGS
@given(characters_st, cards_st)
def test_without_owned_no_not_owned(characters, cards):
    assert "not_owned" not in check(characters, cards).codes


@SETTINGS
@given(characters_st, cards_st)
def test_affiliation_is_a_character_guild_or_none(characters, cards):
    result = check(characters, cards)
    guilds = {CATALOG.characters[s].guild for s in characters if s in CATALOG.characters}
    assert result.affiliation is None or result.affiliation in guilds
    if "guild_conflict" in result.codes:
        assert result.affiliation is None
