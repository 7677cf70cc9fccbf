"""docs/rules/ecarte.md §1 and "Card notation"."""

from __future__ import annotations

import pytest

from simulator.engine.playing_cards import Card, CardParseError
from simulator.games.ecarte.cards import (
    DECK,
    RANKS_HIGH_TO_LOW,
    beats,
    parse_ecarte_card,
    parse_ecarte_cards,
    strength,
)


def test_the_pack_has_32_cards_ace_king_down_to_seven():
    """docs/rules/ecarte.md §1 — 2 to 6 removed from a 52-card pack."""
    assert len(DECK) == len(set(DECK)) == 32
    assert {c.rank for c in DECK} == {1, 7, 8, 9, 10, 11, 12, 13}
    assert all(sum(1 for c in DECK if c.suit == s) == 8 for s in "CDHS")


def test_rank_order_puts_the_ace_between_jack_and_ten():
    """docs/rules/ecarte.md §1 — K Q J A 10 9 8 7."""
    hearts = sorted((c for c in DECK if c.suit == "H"), key=strength, reverse=True)
    assert " ".join(map(str, hearts)) == "KH QH JH AH TH 9H 8H 7H"
    assert RANKS_HIGH_TO_LOW == (13, 12, 11, 1, 10, 9, 8, 7)
    assert beats(Card(11, "H"), Card(1, "H"), trump="S")  # the jack beats the ace
    assert not beats(Card(10, "H"), Card(1, "H"), trump="S")  # the ten does not
    assert beats(Card(1, "H"), Card(10, "H"), trump="S")


def test_trumps_beat_plain_suits_and_an_off_suit_card_never_wins():
    """docs/rules/ecarte.md §2.6 — the highest trump wins; without a trump, the suit led."""
    assert beats(Card(7, "S"), Card(13, "H"), trump="S")
    assert not beats(Card(13, "D"), Card(7, "H"), trump="S")


@pytest.mark.parametrize(
    ("text", "expected"), [("KH", Card(13, "H")), ("ts", Card(10, "S")), ("10C", Card(10, "C"))]
)
def test_parse_the_shared_notation(text, expected):
    """docs/rules/ecarte.md §4 — rank K Q J A T 9 8 7, suit C D H S."""
    assert parse_ecarte_card(text) == expected


@pytest.mark.parametrize("bad", ["5H", "2S", "6D"])
def test_cards_outside_the_pack_are_refused_by_name(bad):
    with pytest.raises(CardParseError) as info:
        parse_ecarte_card(bad)
    assert info.value.card == bad
    assert repr(bad) in str(info.value)
    assert "not in the Écarté pack" in str(info.value)


def test_malformed_and_duplicate_cards_name_the_card():
    with pytest.raises(CardParseError, match="'XX'"):
        parse_ecarte_card("XX")
    with pytest.raises(CardParseError, match="duplicate card 'kh'"):
        parse_ecarte_cards(["KH", "kh"])
