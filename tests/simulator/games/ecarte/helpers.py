"""Prepared deals and small helpers for the Écarté tests."""

from __future__ import annotations

from collections import Counter

from simulator.engine.playing_cards import Card, parse_card
from simulator.games.ecarte.cards import DECK
from simulator.games.ecarte.game import (
    EcarteAction,
    EcarteGame,
    EcarteOptions,
    EcarteState,
    discard,
    play_card,
)


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


def deal(
    non_dealer: str,
    dealer: str,
    turned: str,
    *,
    stock: str = "",
    scores: tuple[int, int] = (0, 0),
    strict: bool = False,
) -> EcarteState:
    """A prepared deal with seat 0 the non-dealer (who leads) and seat 1 the dealer."""
    game = EcarteGame(EcarteOptions(strict=strict))
    state = game.state_from_position(
        dealer=1,
        hands=(cards(non_dealer), cards(dealer)),
        turned=parse_card(turned),
        stock=cards(stock),
        scores=scores,
    )
    state.enable_log()
    return state


def card(text: str) -> EcarteAction:
    return play_card(parse_card(text))


def throw(text: str) -> EcarteAction:
    return discard(cards(text))


def play_cards(state: EcarteState, *texts: str) -> None:
    for text in texts:
        state.apply(card(text))


def assert_pack_conserved(state: EcarteState) -> None:
    located = state.all_cards()
    assert len(located) == 32, Counter(located)
    assert set(located) == set(DECK)
