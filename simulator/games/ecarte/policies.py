"""AI players for Écarté: ``random`` and ``heuristic``.

Policies read only what the player to move can see: their own hand and discards, the turned-up
card, the cards played to tricks, the sizes of the other piles and the announcements.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from simulator.engine.playing_cards import KING, QUEEN, Card
from simulator.engine.protocol import Action, State
from simulator.games.ecarte.cards import STRENGTH, SUIT_CARDS, beats
from simulator.games.ecarte.game import (
    ACCEPT,
    PLAY,
    PROPOSE,
    REFUSE,
    EcarteAction,
    EcarteState,
    Phase,
    discard,
    play_card,
)

# -- hand valuation (expected tricks, roughly) -------------------------------------------------

TRUMP_VALUE: Final[dict[int, float]] = {7: 1.0, 6: 0.92, 5: 0.85, 4: 0.78, 3: 0.72, 2: 0.66, 1: 0.62, 0: 0.58}
"""Trick value of a trump by strength (King 7 … seven 0)."""

SIDE_VALUE: Final[dict[int, float]] = {7: 0.8, 6: 0.4, 5: 0.2, 4: 0.1, 3: 0.05, 2: 0.0, 1: 0.0, 0: 0.0}
"""Trick value of a card of a plain suit by strength."""

GUARDED_QUEEN_VALUE: Final = 0.7
"""A plain-suit Queen next to its King (or with the King gone) is almost a master."""

PLAY_THRESHOLD: Final = 2.6
"""The non-dealer plays without proposing at or above this hand value (2 points if it succeeds).
Lower values play more hands as dealt: better against a good opponent, slightly worse against
``random`` (whose own exchanges are aimless); see ``docs/ecarte.md``."""

REFUSE_THRESHOLD: Final = 2.6
"""The dealer refuses a proposal at or above this hand value (keeping the non-dealer's weak hand)."""

KEEP_VALUE: Final = 0.5
"""Plain cards worth less than this (all but Kings and guarded Queens) are discarded."""


def _gone(state: EcarteState, seat: int) -> set[Card]:
    """Cards ``seat`` knows are out of play or in their own hand."""
    known = set(state.hands[seat])
    known.update(state.discards[seat])
    known.add(state.turned)
    known.update(state.trick)
    for trick in state.tricks:
        known.update(trick.cards)
    return known


def is_master(card: Card, known: set[Card]) -> bool:
    """No card of the suit above ``card`` can be held by the opponent."""
    above = SUIT_CARDS[card.suit][: STRENGTH[KING] - STRENGTH[card.rank]]
    return all(c in known for c in above)


def card_value(card: Card, hand: Sequence[Card], trump: str, known: set[Card]) -> float:
    """A rough count of the tricks ``card`` should take."""
    s = STRENGTH[card.rank]
    if card.suit == trump:
        return TRUMP_VALUE[s]
    if card.rank == QUEEN:
        king = SUIT_CARDS[card.suit][0]
        if king in hand or king in known:
            return GUARDED_QUEEN_VALUE
    return SIDE_VALUE[s]


def hand_value(state: EcarteState, seat: int) -> float:
    """The expected tricks of ``seat``'s hand, roughly: the sum of its cards' values."""
    hand = state.hands[seat]
    known = _gone(state, seat)
    return sum(card_value(c, hand, state.trump, known) for c in hand)


# -- the policies ------------------------------------------------------------------------------


def _ecarte_state(state: State) -> EcarteState:
    if not isinstance(state, EcarteState):
        raise TypeError(f"an Écarté policy needs an EcarteState, not {type(state).__name__}")
    return state


class RandomPolicy:
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, state: State, rng: random.Random) -> Action:
        return rng.choice(_ecarte_state(state).legal_actions())


class HeuristicPolicy:
    """Proposes or plays by hand strength, discards weak plain cards, plays tricks sensibly.

    - Non-dealer: plays without proposing with a hand worth about three tricks (trumps, Kings,
      guarded Queens), else proposes while the stock lasts.
    - Dealer: accepts proposals unless their own hand is strong.
    - Discards: keeps trumps, Kings and guarded Queens; throws the rest (at least the weakest card
      when the rules require a discard).
    - Tricks: second to play, wins as cheaply as possible or throws the weakest card; leading,
      draws trumps when holding the master trump and another trump, else cashes master cards, else
      leads trumps with three or more, else the best card of the longest plain suit.
    """

    name = "heuristic"

    def __init__(
        self,
        *,
        play_threshold: float = PLAY_THRESHOLD,
        refuse_threshold: float = REFUSE_THRESHOLD,
        keep_value: float = KEEP_VALUE,
    ) -> None:
        self.play_threshold = play_threshold
        self.refuse_threshold = refuse_threshold
        self.keep_value = keep_value

    def choose(self, state: State, rng: random.Random) -> Action:
        st = _ecarte_state(state)
        seat = st.current_player()
        phase = st.phase
        if phase is Phase.TRICKS:
            return self._card(st, seat)
        if phase is Phase.PROPOSAL:
            if not st.stock or hand_value(st, seat) >= self.play_threshold:
                return PLAY
            return PROPOSE
        if phase is Phase.RESPONSE:
            return REFUSE if hand_value(st, seat) >= self.refuse_threshold else ACCEPT
        return self._discard(st, seat)

    # -- discards ------------------------------------------------------------------------------
    def _discard(self, st: EcarteState, seat: int) -> EcarteAction:
        low, high = st.discard_limits(seat)
        hand = st.hands[seat]
        known = _gone(st, seat)
        ranked = sorted(hand, key=lambda c: card_value(c, hand, st.trump, known))
        weak = [
            c for c in ranked if c.suit != st.trump and card_value(c, hand, st.trump, known) < self.keep_value
        ]
        chosen = weak[:high]
        if len(chosen) < low:
            chosen = ranked[:low]
        return discard(chosen)

    # -- card play -----------------------------------------------------------------------------
    def _card(self, st: EcarteState, seat: int) -> EcarteAction:
        legal = [a.card for a in st.legal_actions()]
        if len(legal) == 1:
            return play_card(legal[0])
        trump = st.trump
        led = st.led
        if led is not None:
            return play_card(self._second(legal, led, trump))
        return play_card(self._lead(st, seat, legal))

    @staticmethod
    def _second(legal: list[Card], led: Card, trump: str) -> Card:
        winners = [c for c in legal if beats(c, led, trump)]
        if winners:
            # Win as cheaply as possible: a plain card before a trump, then the lowest.
            return min(winners, key=lambda c: (c.suit == trump and led.suit != trump, STRENGTH[c.rank]))
        # Cannot win: throw the weakest card, plain before trump.
        return min(legal, key=lambda c: (c.suit == trump, STRENGTH[c.rank]))

    @staticmethod
    def _lead(st: EcarteState, seat: int, legal: list[Card]) -> Card:
        trump = st.trump
        known = _gone(st, seat)
        trumps = sorted((c for c in legal if c.suit == trump), key=lambda c: -STRENGTH[c.rank])
        plain = [c for c in legal if c.suit != trump]
        outstanding_trumps = sum(1 for c in SUIT_CARDS[trump] if c not in known)
        if trumps and outstanding_trumps and is_master(trumps[0], known) and len(trumps) >= 2:
            return trumps[0]
        masters = [c for c in plain if is_master(c, known)]
        if masters:
            return max(masters, key=lambda c: STRENGTH[c.rank])
        if not plain:
            return trumps[0] if is_master(trumps[0], known) else trumps[-1]
        if len(trumps) >= 3:
            return trumps[0]
        # Lead the best card of the longest plain suit: the follower must beat it if able, which
        # spends their high cards of that suit.
        by_suit: dict[str, int] = {}
        for c in plain:
            by_suit[c.suit] = by_suit.get(c.suit, 0) + 1
        return max(plain, key=lambda c: (by_suit[c.suit], STRENGTH[c.rank]))
