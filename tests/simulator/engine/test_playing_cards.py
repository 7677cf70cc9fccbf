from __future__ import annotations

import pytest

from simulator.engine.playing_cards import Card, CardParseError, full_deck, parse_card, parse_cards
from simulator.engine.seeds import derive_seed


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("5H", Card(5, "H")),
        ("TS", Card(10, "S")),
        ("10S", Card(10, "S")),
        ("jd", Card(11, "D")),
        ("ac", Card(1, "C")),
        (" KH ", Card(13, "H")),
    ],
)
def test_parse_card_accepts_the_notation(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("bad", ["", "1H", "11S", "5X", "H5", "5HH", "ZZ", "10"])
def test_parse_card_rejects_and_names_the_card(bad):
    with pytest.raises(CardParseError) as info:
        parse_card(bad)
    assert info.value.card == bad
    assert repr(bad) in str(info.value)


def test_duplicates_are_an_error_unless_allowed():
    with pytest.raises(CardParseError, match="duplicate"):
        parse_cards(["5H", "5h"])
    assert len(parse_cards(["5H", "5H"], allow_duplicates=True)) == 2


def test_card_index_round_trips_over_the_deck():
    deck = full_deck()
    assert len(deck) == 52 == len({c.index for c in deck})
    assert all(Card.from_index(c.index) == c for c in deck)
    assert str(Card(10, "S")) == "TS"


def test_derive_seed_is_stable_and_separates_streams():
    assert derive_seed(1, 2, "game") == derive_seed(1, 2, "game")
    assert len({derive_seed(1, i, "game") for i in range(1000)}) == 1000
    assert derive_seed(1, 2, "game") != derive_seed(1, 2, "policy", "A")
    assert derive_seed(1, 2, "game") != derive_seed(2, 1, "game")
