"""AI players: ``random`` and ``ev`` (the advisor's discard, greedy pegging).

Both only read what their seat can see: their own cards, the cards laid, the starter, the count.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from math import comb
from typing import Final

from simulator.engine.protocol import Action, Policy, State
from simulator.games.cribbage.advisor import best_discard
from simulator.games.cribbage.game import GO, CribbageState, Discard, Phase, Play
from simulator.games.cribbage.scoring import MAX_COUNT, peg_points, pip

#: How much the ``ev`` player fears the opponent's best immediate reply, relative to its own points.
REPLY_RISK_WEIGHT: Final = 1.0


class RandomPolicy:
    """Picks uniformly among the legal actions."""

    name: str = "random"

    def choose(self, state: State, rng: random.Random) -> Action:
        return rng.choice(state.legal_actions())


class ExpectedValuePolicy:
    """Discards by the advisor (the best expected hand ± crib); pegs greedily.

    Pegging: each playable card is valued as the points it scores now minus the expected best
    reply the opponent could peg at once (15, 31, a pair, a run), over the cards it cannot see
    and the number the opponent still holds — so it avoids leaving 15 or 31 (or a pair royal) to
    the opponent. Ties go to the higher pip value, keeping low cards to play near 31.
    Deterministic: the RNG is not used.
    """

    name: str = "ev"

    def choose(self, state: State, rng: random.Random) -> Action:
        if not isinstance(state, CribbageState):
            raise TypeError("the ev policy plays Cribbage states only")
        seat = state.current_player()
        if state.phase is Phase.DISCARD:
            option = best_discard(state.hands[seat], dealer=state.dealer == seat)
            return Discard(option.discard)
        legal = state.legal_actions()
        if legal == [GO]:
            return GO
        return max(legal, key=lambda action: self._value(state, seat, action))

    def _value(self, state: CribbageState, seat: int, action: Action) -> tuple[float, int, int]:
        assert isinstance(action, Play)
        card = action.card
        ranks = [c.rank for c in state.series] + [card.rank]
        count = state.count + pip(card)
        points = peg_points(ranks, count).total
        risk = 0.0
        held = len(state.hands[1 - seat])
        if count < MAX_COUNT and held:
            unseen = Counter(c.rank for c in state.unseen_cards(seat))
            risk = _expected_best_reply(ranks, count, unseen, held)
        return (points - REPLY_RISK_WEIGHT * risk, pip(card), card.rank)


def _expected_best_reply(ranks: list[int], count: int, by_rank: Counter[int], held: int) -> float:
    """E[max points the opponent pegs with their next card], if they hold ``held`` cards drawn
    uniformly from the unseen cards (``by_rank``: how many of each rank): Σ over reply levels v
    of (v − next lower level) × P(they hold a card worth ≥ v)."""
    total = sum(by_rank.values())
    reply = {}
    for rank in by_rank:
        value = rank if rank < 10 else 10
        if count + value <= MAX_COUNT:
            points = peg_points([*ranks, rank], count + value).total
            if points:
                reply[rank] = points
    if not reply:
        return 0.0
    levels = sorted(set(reply.values()), reverse=True)
    expected = 0.0
    cards_at_or_above = 0
    for i, level in enumerate(levels):
        cards_at_or_above += sum(by_rank[r] for r, v in reply.items() if v == level)
        lower = levels[i + 1] if i + 1 < len(levels) else 0
        p_hold = 1.0 - comb(total - cards_at_or_above, held) / comb(total, held)
        expected += (level - lower) * p_hold
    return expected


#: The policies by name, as the registry and the terminal offer them.
POLICIES: dict[str, Callable[[], Policy]] = {"random": RandomPolicy, "ev": ExpectedValuePolicy}
