"""The exact score distribution (docs/rules/cribbage.md §4)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import pytest

from simulator.engine.playing_cards import SUIT_CHARS, Card
from simulator.games.cribbage import score_show
from simulator.games.cribbage.fastscore import rank_points
from simulator.games.cribbage.table import pattern_shape, show_score_table, suit_bonus_ways


@pytest.fixture(scope="module")
def hand_table():
    return show_score_table()


@pytest.fixture(scope="module")
def crib_table():
    return show_score_table(crib=True)


def test_table_counts_every_hand_and_starter(hand_table, crib_table):
    """docs/rules/cribbage.md §4: C(52,4) × 48 = 12,994,800 (hand, starter) pairs."""
    assert hand_table.total == crib_table.total == comb(52, 4) * 48 == 12_994_800


def test_highest_hand_is_29(hand_table, crib_table):
    """docs/rules/cribbage.md §4: the highest hand is 29 — 4 of them (one per suit of the Jack)."""
    for table in (hand_table, crib_table):
        assert len(table.counts) == 30
        assert table.counts[29] == 4
        assert table.counts[28] == 76


def test_impossible_scores(hand_table, crib_table):
    """docs/rules/cribbage.md §4: no hand can score 19, 25, 26 or 27."""
    for table in (hand_table, crib_table):
        assert [table.counts[s] for s in (19, 25, 26, 27)] == [0, 0, 0, 0]
        assert all(table.counts[s] > 0 for s in range(30) if s not in (19, 25, 26, 27))


def test_hand_mean_is_the_well_known_4_7692(hand_table):
    assert hand_table.points == 61_974_180
    assert round(hand_table.mean, 4) == 4.7692
    assert hand_table.counts[0] == 1_009_008  # a "nineteen" hand is dealt 7.76% of the time


def test_crib_table_only_loses_four_card_flushes(hand_table, crib_table):
    """docs/rules/cribbage.md §2.5: a crib differs from a hand only by the four-card flush (4 points)."""
    assert crib_table.mean < hand_table.mean
    # Every (hand, starter) with a 4-card flush and an off-suit starter: 4 suits × C(13,4) × 39.
    assert hand_table.points - crib_table.points == 4 * 4 * comb(13, 4) * 39


def test_table_lines_format(hand_table):
    lines = hand_table.lines()
    assert len(lines) == 31
    assert lines[0] == "0 1009008"
    assert lines[29] == "29 4"
    assert lines[30] == "mean 4.769152"


@pytest.mark.parametrize(
    ("hand_ranks", "starter_rank"),
    [
        ((5, 5, 5, 11), 5),  # the 29 shape
        ((1, 2, 3, 4), 9),  # four distinct ranks: flushes possible
        ((11, 3, 7, 9), 12),  # a Jack in hand: nobs
        ((11, 11, 3, 9), 11),  # Jack starter with Jacks held: heels, never nobs
        ((6, 6, 7, 8), 8),  # pairs: no flush
        ((2, 4, 6, 8), 10),
    ],
)
@pytest.mark.parametrize("crib", [False, True])
def test_suit_counting_matches_brute_force(hand_ranks, starter_rank, crib):
    """The table counts suits per pattern shape: check one pattern against every real card choice."""
    brute: Counter[int] = Counter()
    by_rank = Counter(hand_ranks)
    choices = [
        list(combinations([Card(rank, s) for s in SUIT_CHARS], n)) for rank, n in sorted(by_rank.items())
    ]

    def rec(i, held):
        if i == len(choices):
            for suit in SUIT_CHARS:
                starter = Card(starter_rank, suit)
                if starter not in held:
                    brute[score_show(held, starter, crib=crib)] += 1
            return
        for pick in choices[i]:
            rec(i + 1, [*held, *pick])

    rec(0, [])
    rank_part = rank_points([*hand_ranks, starter_rank])
    fast = Counter(
        {
            rank_part + bonus: ways
            for bonus, ways in suit_bonus_ways(pattern_shape(hand_ranks, starter_rank), crib)
        }
    )
    assert fast == brute
    ways = 4 - by_rank[starter_rank]
    for n in by_rank.values():
        ways *= comb(4, n)
    assert sum(fast.values()) == ways
