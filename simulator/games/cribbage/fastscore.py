"""Fast show scoring: ranks and suits counted separately.

A show score is a **rank part** (fifteens, pairs, runs: they depend only on the five ranks) plus a
**suit part** (flush, his nobs). The rank part of every 5-rank combination is computed once into a
13×13×13×13×13 array (:func:`rank5_table`), so scoring a hand is one array lookup plus a few
comparisons, and the table and the advisor can weight whole rank patterns at once.
Tested against the reference scorer in :mod:`simulator.games.cribbage.scoring`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement

import numpy as np
import numpy.typing as npt

from simulator.engine.playing_cards import JACK, Card
from simulator.games.cribbage.scoring import (
    CRIB_FLUSH_NEEDS_FIVE,
    FIFTEEN_POINTS,
    NOBS_POINTS,
    PAIR_POINTS,
)

RANKS = 13


def rank_points(ranks: Sequence[int]) -> int:
    """Fifteens + pairs + runs of cards with these ranks (1 = ace … 13 = king), suits ignored."""
    pips = [r if r < 10 else 10 for r in ranks]
    fifteens = sum(
        1 for size in range(2, len(pips) + 1) for combo in combinations(pips, size) if sum(combo) == 15
    )
    counts = [0] * (RANKS + 2)
    for r in ranks:
        counts[r] += 1
    pairs = sum(c * (c - 1) // 2 for c in counts)
    runs = 0
    r = 1
    while r <= RANKS:  # each maximal block of 3+ consecutive ranks: length × ways to pick one card per rank
        if counts[r]:
            start, ways = r, 1
            while counts[r]:
                ways *= counts[r]
                r += 1
            if r - start >= 3:
                runs += (r - start) * ways
        r += 1
    return FIFTEEN_POINTS * fifteens + PAIR_POINTS * pairs + runs


@cache
def rank5_table() -> npt.NDArray[np.int16]:
    """``table[r1-1, r2-1, r3-1, r4-1, r5-1]`` = rank part of the show for those five ranks.

    Built once per process (about 0.1 s): each of the 6,188 rank multisets is scored, then every
    ordering is filled in by sorting the index tuples.
    """
    base = RANKS ** np.arange(4, -1, -1)
    codes_of_multisets = []
    points = []
    for a, b, c, d, e in combinations_with_replacement(range(RANKS), 5):
        codes_of_multisets.append((((a * RANKS + b) * RANKS + c) * RANKS + d) * RANKS + e)
        points.append(rank_points((a + 1, b + 1, c + 1, d + 1, e + 1)))
    by_code = np.zeros(RANKS**5, dtype=np.int16)
    by_code[codes_of_multisets] = points
    every = np.indices((RANKS,) * 5, dtype=np.int32).reshape(5, -1).T
    codes = np.sort(every, axis=1) @ base
    table: npt.NDArray[np.int16] = by_code[codes].reshape((RANKS,) * 5)
    table.flags.writeable = False
    return table


@cache
def rank5_nested() -> list[list[list[list[list[int]]]]]:
    """The same table as nested Python lists: the fastest lookup from pure Python code."""
    nested: list[list[list[list[list[int]]]]] = rank5_table().tolist()
    return nested


def suit_points(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> int:
    """Flush + his nobs of a 4-card hand (or crib) with the starter (docs/rules/cribbage.md §2.5)."""
    points = 0
    suit = hand[0].suit
    if hand[1].suit == suit and hand[2].suit == suit and hand[3].suit == suit:
        if starter.suit == suit:
            points += 5
        elif not (crib and CRIB_FLUSH_NEEDS_FIVE):
            points += 4
    for card in hand:
        if card.rank == JACK and card.suit == starter.suit:
            points += NOBS_POINTS
    return points


def fast_show_points(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> int:
    """Show score of 4 distinct cards and a starter (no validation; same result as ``score_show``)."""
    a, b, c, d = (card.rank - 1 for card in hand)
    return rank5_nested()[a][b][c][d][starter.rank - 1] + suit_points(hand, starter, crib=crib)
