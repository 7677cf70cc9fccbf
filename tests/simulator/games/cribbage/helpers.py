"""Stacked deals for the Cribbage tests: cards by name, actions by name."""

from __future__ import annotations

import random

from simulator.engine.playing_cards import parse_card, parse_cards
from simulator.games.cribbage.game import GO, CribbageGame, CribbageState, Discard, Play


def stacked(
    *,
    dealer: int,
    hand0: str,
    hand1: str,
    starter: str,
    scores: tuple[int, int] = (0, 0),
    target: int = 121,
    log: bool = True,
) -> CribbageState:
    """A deal with known hands (6 cards each, space separated) and starter."""
    state = CribbageGame(target=target).state_from_position(
        dealer=dealer,
        hands=(parse_cards(hand0.split()), parse_cards(hand1.split())),
        starter=parse_card(starter),
        scores=scores,
        rng=random.Random(0),
    )
    if log:
        state.enable_log()
    return state


def discard(state: CribbageState, cards: str) -> None:
    state.apply(Discard(tuple(parse_cards(cards.split()))))


def play(state: CribbageState, *cards: str) -> None:
    """Lay cards in turn; ``go`` says go."""
    for card in cards:
        state.apply(GO if card == "go" else Play(parse_card(card)))
