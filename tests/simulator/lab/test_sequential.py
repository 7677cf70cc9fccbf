"""Sequential stopping (simulator/lab/sequential.py): the confidence sequence, its guarantee
checked by simulation with a fixed seed, and the stop rule."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from simulator.lab.paired import likelihood_interval
from simulator.lab.sequential import (
    MAX_BET,
    StopReason,
    StopRule,
    Verdict,
    confidence_sequence,
    round_ends,
    stop_after_round,
    variant_state,
)

NULL = np.array([0.04, 0.12, 0.68, 0.12, 0.04])  # a variant that changes games but not the rate
WORSE = np.array([0.10, 0.16, 0.64, 0.08, 0.02])  # mean difference −0.09


def test_rounds_double_up_to_the_budget():
    assert round_ends(1000, 10_000) == [1000, 2000, 4000, 8000, 10_000]
    assert round_ends(1000, 1000) == [1000]
    assert round_ends(4000, 2000) == [2000]
    with pytest.raises(ValueError):
        round_ends(999, 10_000)


def test_one_round_hand_computed():
    # 100 pairs all at 0 (X = ½): the first bet is min(½, sqrt(2 log 40 / (¼ · 100))) = ½, no
    # penalty (X − μ̂₀ = 0), half-width log 40 / (½ · 100) on [0, 1], doubled on [−1, 1].
    ((lo, hi),) = confidence_sequence([[0, 0, 100, 0, 0]])
    bet = min(MAX_BET, math.sqrt(2 * math.log(40) / (0.25 * 100)))
    half = 2 * math.log(40) / (bet * 100)
    assert bet == MAX_BET
    assert (lo, hi) == (pytest.approx(-half), pytest.approx(half))


def test_one_round_with_spread_hand_computed():
    # 50 pairs at +1 (X = 1) and 50 at −1 (X = 0): centre ½; penalty Σ (X − ½)² ψ(λ) = 100 · ¼ · ψ.
    ((lo, hi),) = confidence_sequence([[50, 0, 0, 0, 50]])
    bet = min(MAX_BET, math.sqrt(2 * math.log(40) / (0.25 * 100)))
    psi = -math.log(1 - bet) - bet
    half = (math.log(40) + 100 * 0.25 * psi) / (bet * 100)
    assert (lo, hi) == (pytest.approx(-2 * half), pytest.approx(2 * half))


def test_the_sequence_only_narrows_and_contains_its_later_rounds():
    rng = np.random.default_rng(5)
    ends = [e // 2 for e in round_ends(200, 6400)]
    rounds, prev = [], 0
    for end in ends:
        rounds.append(list(rng.multinomial(end - prev, NULL)))
        prev = end
    seq = confidence_sequence(rounds)
    for (lo1, hi1), (lo2, hi2) in itertools.pairwise(seq):
        assert lo1 <= lo2 <= hi2 <= hi1


def _rounds(p: np.ndarray, rng: np.random.Generator, ends: list[int]) -> list[list[int]]:
    rounds, prev = [], 0
    for end in ends:
        rounds.append(list(rng.multinomial(end - prev, p)))
        prev = end
    return rounds


def _ever_excludes_zero(intervals: list[tuple[float, float]]) -> bool:
    return any(lo > 0 or hi < 0 for lo, hi in intervals)


def test_guarantee_under_no_difference():
    # Seven looks (rounds doubling from 50 to 3,200 pairs), 2,000 simulated compares with no true
    # difference: the confidence sequence excludes 0 at some look in at most 5 % of them (it is
    # built so that P(ever) ≤ α; being conservative, it does so far less often).
    rng = np.random.default_rng(20261)
    ends = [e // 2 for e in round_ends(100, 6400)]
    hits = sum(_ever_excludes_zero(confidence_sequence(_rounds(NULL, rng, ends))) for _ in range(2000))
    assert hits / 2000 <= 0.05


def test_peeking_at_fixed_intervals_would_break_it_and_the_verdicts_never_do():
    # The same seven looks with a fixed-size 95 % interval tested after every round: it excludes 0
    # in about a quarter of the runs with no true difference — why the stop rule never uses it
    # alone. A 'significant' verdict always has both the sequence and the fixed interval of the
    # same games excluding 0.
    rng = np.random.default_rng(20262)
    ends = [e // 2 for e in round_ends(100, 6400)]
    naive = 0
    for _ in range(120):
        rounds = _rounds(NULL, rng, ends)
        states = [variant_state(rounds[: r + 1], margin=0.0) for r in range(len(rounds))]
        naive += _ever_excludes_zero([s.ci95 for s in states])
        for r, state in enumerate(states):
            total = [sum(col) for col in zip(*rounds[: r + 1], strict=True)]
            assert state.ci95 == likelihood_interval(total)
            if state.significant:
                assert state.ci95[0] > 0 or state.ci95[1] < 0
                assert state.cs95[0] > 0 or state.cs95[1] < 0
    assert naive / 120 > 0.12


def test_a_true_difference_is_found_and_stops_early():
    rng = np.random.default_rng(7)
    rule = StopRule(margin=0.005, budget=40_000, first_round=1000)
    rounds, prev = [], 0
    for end in rule.ends:
        rounds.append(list(rng.multinomial((end - prev) // 2, WORSE)))
        prev = end
        reason = stop_after_round([rounds], rule, end)
        if reason is not None:
            break
    assert reason is StopReason.RESOLVED
    assert prev < rule.budget
    state = variant_state(rounds, rule.margin)
    assert state.verdict is Verdict.WORSE
    assert state.cs95[1] < 0 and state.ci95[1] < 0


def test_no_difference_resolves_within_the_margin_or_spends_the_budget():
    rule = StopRule(margin=0.03, budget=4000, first_round=1000)
    # 1,000 games per arm, none changed: the first round bets as if the variance were the
    # largest possible (¼), too wide for the margin; the second round, knowing it is 0, bets the
    # most allowed and the sequence's half-width falls below 0.03.
    identical = [[0, 0, 500, 0, 0]]
    assert variant_state(identical, rule.margin).verdict is Verdict.OPEN
    assert stop_after_round([identical], rule, 1000) is None
    twice = [[0, 0, 500, 0, 0], [0, 0, 500, 0, 0]]
    assert variant_state(twice, rule.margin).verdict is Verdict.WITHIN_MARGIN
    assert stop_after_round([twice], rule, 2000) is StopReason.RESOLVED
    noisy = [[60, 40, 300, 40, 60]]
    assert variant_state(noisy, rule.margin).verdict is Verdict.OPEN
    assert stop_after_round([noisy], rule, 1000) is None
    assert stop_after_round([noisy], rule, 4000) is StopReason.BUDGET
    # Every variant must be resolved.
    assert stop_after_round([twice, [[60, 40, 300, 40, 60]] * 2], rule, 2000) is None
