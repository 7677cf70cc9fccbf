"""The exact distribution of show scores over all C(52,4) × 48 = 12,994,800 (hand, starter) pairs.

Ranks and suits are counted separately (docs/rules/cribbage.md §4): fifteens,
pairs and runs depend only on the ranks, flush and nobs only on how suits fall on those ranks.
So the table walks the 1,820 rank multisets of a hand × 13 starter ranks (23,660 rank patterns),
takes the rank part from :func:`~simulator.games.cribbage.fastscore.rank5_table`, and multiplies by
the number of suit assignments giving each flush/nobs bonus. That suit count depends only on the
pattern's *shape* (how many cards per rank, which rank is the starter's, which is the Jack), of
which there are only a few dozen: each is enumerated once and cached.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement, product
from math import comb

from simulator.engine.playing_cards import JACK, SUIT_CHARS
from simulator.games.cribbage.fastscore import RANKS, rank5_nested
from simulator.games.cribbage.scoring import CRIB_FLUSH_NEEDS_FIVE, NOBS_POINTS, SHOW_HAND_SIZE

#: docs/rules/cribbage.md §4: the highest score is 29.
MAX_SHOW_SCORE = 29
#: docs/rules/cribbage.md §4: C(52,4) × 48.
HAND_STARTER_PAIRS = comb(52, 4) * 48

#: One rank of a pattern: (cards of it in the hand, is it the starter's rank, is it the Jack).
_Group = tuple[int, bool, bool]


@dataclass(frozen=True)
class ScoreTable:
    """``counts[s]`` = number of (hand, starter) pairs scoring ``s``, for s = 0 … 29."""

    counts: tuple[int, ...]
    crib: bool

    @property
    def total(self) -> int:
        return sum(self.counts)

    @property
    def points(self) -> int:
        return sum(score * n for score, n in enumerate(self.counts))

    @property
    def mean(self) -> float:
        return self.points / self.total

    def lines(self) -> list[str]:
        """``score count`` for 0 … 29 then ``mean <value>`` (6 decimals): the ``table`` output."""
        return [f"{score} {n}" for score, n in enumerate(self.counts)] + [f"mean {self.mean:.6f}"]


@cache
def suit_bonus_ways(shape: tuple[_Group, ...], crib: bool) -> tuple[tuple[int, int], ...]:
    """(flush + nobs bonus, number of suit assignments) for one pattern shape.

    Enumerates the suits of the hand's cards of each rank (a set of distinct suits) and the
    starter's suit (one not already held in its rank): at most 4⁴ × 4 = 1,024 cases.
    """
    options: list[list[tuple[tuple[str, ...], str | None]]] = []
    for in_hand, is_starter, _ in shape:
        choices: list[tuple[tuple[str, ...], str | None]] = []
        for held in combinations(SUIT_CHARS, in_hand):
            if is_starter:
                choices.extend((held, s) for s in SUIT_CHARS if s not in held)
            else:
                choices.append((held, None))
        options.append(choices)
    flush_possible = len(shape) >= SHOW_HAND_SIZE and all(g[0] == 1 for g in shape if g[0])
    ways: Counter[int] = Counter()
    for combo in product(*options):
        starter_suit = next(s for _, s in combo if s is not None)
        bonus = 0
        if flush_possible:
            hand_suits = {held[0] for held, _ in combo if held}
            if len(hand_suits) == 1:
                if starter_suit in hand_suits:
                    bonus += 5
                elif not (crib and CRIB_FLUSH_NEEDS_FIVE):
                    bonus += 4
        for (_, _, is_jack), (held, _) in zip(shape, combo, strict=True):
            if is_jack and starter_suit in held:
                bonus += NOBS_POINTS
        ways[bonus] += 1
    return tuple(sorted(ways.items()))


def pattern_shape(hand_ranks: tuple[int, ...], starter_rank: int) -> tuple[_Group, ...]:
    """The canonical shape of a rank pattern (ranks 1 … 13): what the suit count depends on."""
    counts = Counter(hand_ranks)
    ranks = set(counts) | {starter_rank}
    return tuple(sorted((counts[r], r == starter_rank, r == JACK) for r in ranks))


def show_score_table(*, crib: bool = False) -> ScoreTable:
    """The exact distribution of hand (or, ``crib=True``, crib) scores over every (hand, starter)."""
    rank5 = rank5_nested()
    counts = [0] * (MAX_SHOW_SCORE + 1)
    for hand in combinations_with_replacement(range(1, RANKS + 1), SHOW_HAND_SIZE):
        a, b, c, d = (r - 1 for r in hand)
        row = rank5[a][b][c][d]
        held = Counter(hand)
        for starter in range(1, RANKS + 1):
            if held[starter] == 4:
                continue
            rank_part = row[starter - 1]
            for bonus, ways in suit_bonus_ways(pattern_shape(hand, starter), crib):
                counts[rank_part + bonus] += ways
    return ScoreTable(counts=tuple(counts), crib=crib)
