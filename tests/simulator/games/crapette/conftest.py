"""Helpers for the Crapette tests: prepared positions and the invariants checked after every action."""

from __future__ import annotations

import random

import pytest

from simulator.engine.playing_cards import Card, full_deck, parse_cards
from simulator.games.crapette.game import (
    HAND_SIZE,
    HELP_PILES,
    TOTAL_CARDS,
    CrapetteGame,
    CrapetteState,
    central_pile_is_valid,
)

TWO_DECKS = sorted((c.rank, c.suit) for c in full_deck(copies=2))


def cards(text: str) -> list[Card]:
    """``"AH 2H KS"`` -> cards, bottom to top (the two decks hold two of each card)."""
    return parse_cards(text.split(), allow_duplicates=True)


def prepare(
    *,
    stock0: str = "QC",
    stock1: str = "QD",
    hand0: str = "",
    hand1: str = "6S 6H",
    help0: tuple[str, ...] = (),
    help1: tuple[str, ...] = (),
    central: tuple[str, ...] = (),
    draw: str | None = None,
    player: int = 0,
    **options: int,
) -> CrapetteState:
    """A prepared position, seat ``player`` to move at the start of their turn. Piles are written
    bottom to top; ``draw=None`` puts every other card of the two decks in the draw pile."""
    game = CrapetteGame(**options)
    return game.state_from_position(
        stocks=[cards(stock0), cards(stock1)],
        hands=[cards(hand0), cards(hand1)],
        help_piles=[[cards(p) for p in help0], [cards(p) for p in help1]],
        central=[cards(p) for p in central],
        draw_pile=None if draw is None else cards(draw),
        player=player,
        rng=random.Random(1234),
    )


def check_invariants(state: CrapetteState) -> None:
    """What must hold after every action of every game."""
    # docs/rules/crapette.md §1 — the 104 cards of two decks, none lost or made up.
    everything = state.all_cards()
    assert len(everything) == TOTAL_CARDS
    assert sorted((c.rank, c.suit) for c in everything) == TWO_DECKS
    # docs/rules/crapette.md §2.2/3 — central piles ascend from A, one rank at a time, kings wild,
    # and a pile that reached Q is gone.
    for pile in state.central:
        assert central_pile_is_valid(pile), pile
    assert len(state.central) <= state.options.central_piles
    for seat in (0, 1):
        assert len(state.help_piles[seat]) == HELP_PILES
        assert len(state.hands[seat]) <= HAND_SIZE
        assert len(state.stocks[seat]) <= state.options.stock_size
    if state.is_terminal():
        assert state.legal_actions() == []
        assert state.end_reason in ("stock_emptied", "draw_pile_exhausted", "turn_limit")
        assert sum(state.returns()) == 0
    else:
        # The player to move always holds a card, so can always end the turn.
        assert state.hands[state.player]
        assert state.legal_actions()
        assert state.returns() == (0.0, 0.0)


@pytest.fixture
def invariants():
    return check_invariants
