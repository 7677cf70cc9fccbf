"""The paired comparison of a variant to its base (simulator/lab/paired.py), on hand-computable cases."""

from __future__ import annotations

import math

import numpy as np
import pytest

from simulator.lab.paired import (
    LR_THRESHOLD_95,
    PAIR_VALUES,
    ArmRate,
    PairTally,
    likelihood_interval,
    paired_difference,
    profile_deficit,
)


def test_a_pair_is_counted_by_the_mean_of_its_two_differences():
    tally = PairTally()
    tally.add_pair(base=(1.0, 0.0), variant=(1.0, 1.0))  # game 2: variant won, base lost → +½
    tally.add_pair(base=(1.0, 1.0), variant=(0.0, 0.0))  # both games lost → −1
    tally.add_pair(base=(0.0, 1.0), variant=(1.0, 0.0))  # one won each way → 0, two changed
    assert tally.pairs == [1, 0, 1, 1, 0]
    assert tally.n_pairs == 3 and tally.games == 6
    assert tally.changed == 5
    assert (tally.better, tally.worse) == (2, 3)


def test_a_draw_is_not_a_win_but_is_a_changed_result():
    # DRAW_SCORE_COMPARE = 0: a loss turned into a draw changes the result, not the difference.
    tally = PairTally()
    tally.add_pair(base=(0.0, 1.0), variant=(0.5, 1.0))
    assert tally.pairs == [0, 0, 1, 0, 0]
    assert (tally.changed, tally.better, tally.worse) == (1, 0, 0)


def test_tallies_merge_and_survive_json():
    a, b = PairTally(), PairTally()
    a.add_pair((1.0, 0.0), (0.0, 0.0))
    b.add_pair((0.0, 0.0), (1.0, 1.0))
    merged = PairTally.from_json(a.to_json()).merge(PairTally.from_json(b.to_json()))
    assert merged.pairs == [0, 1, 0, 0, 1]
    assert (merged.changed, merged.better, merged.worse) == (3, 2, 1)


def test_identical_arms_give_exactly_zero_and_a_rule_of_three_width():
    # N pairs, none changed: the estimate is exactly 0; the profile likelihood puts the mass
    # μ on the unobserved +1 (or −1), deficit −N log(1 − μ), so the bounds are ±(1 − e^{−c/N}).
    tally = PairTally(pairs=[0, 0, 100, 0, 0])
    diff = paired_difference(tally)
    assert diff.estimate == 0.0
    assert diff.changed == 0 and diff.changed_share == 0.0
    bound = 1 - math.exp(-LR_THRESHOLD_95 / 100)
    assert diff.ci95[0] == pytest.approx(-bound, rel=1e-9)
    assert diff.ci95[1] == pytest.approx(bound, rel=1e-9)
    assert not diff.significant


def test_deficit_at_the_extremes_hand_computed():
    # All N pairs at +1: the constrained maximum for mean μ puts (1+μ)/2 on +1 and the rest on −1,
    # so the deficit is N log(2 / (1 + μ)) and the lower bound 2 e^{−c/N} − 1.
    counts = [0, 0, 0, 0, 20]
    assert profile_deficit(counts, 0.5) == pytest.approx(20 * math.log(2 / 1.5), rel=1e-12)
    lo, hi = likelihood_interval(counts)
    assert hi == 1.0
    assert lo == pytest.approx(2 * math.exp(-LR_THRESHOLD_95 / 20) - 1, rel=1e-9)


@pytest.mark.parametrize("mu", [-0.6, -0.2, 0.0, 0.1, 0.35, 0.7])
def test_deficit_with_both_extremes_observed_is_the_binomial_one(mu):
    # Only −1 and +1 observed (a and c pairs): no mass can go elsewhere, so it is a binomial
    # likelihood in p = P(+1) = (1 + μ)/2.
    a, c = 7, 13
    p_hat, p = c / (a + c), (1 + mu) / 2
    expected = c * math.log(p_hat / p) + a * math.log((1 - p_hat) / (1 - p))
    assert profile_deficit([a, 0, 0, 0, c], mu) == pytest.approx(expected, rel=1e-9, abs=1e-12)


def test_the_estimate_is_the_mean_pair_difference():
    counts = [3, 1, 50, 7, 2]
    diff = paired_difference(PairTally(pairs=counts))
    mean = sum(n * x for n, x in zip(counts, PAIR_VALUES, strict=True)) / sum(counts)
    assert diff.estimate == pytest.approx(mean)
    assert diff.ci95[0] < mean < diff.ci95[1]
    assert profile_deficit(counts, diff.ci95[0]) == pytest.approx(LR_THRESHOLD_95, rel=1e-6)
    assert profile_deficit(counts, diff.ci95[1]) == pytest.approx(LR_THRESHOLD_95, rel=1e-6)


def test_no_pairs_means_no_knowledge():
    assert likelihood_interval([0, 0, 0, 0, 0]) == (-1.0, 1.0)
    assert paired_difference(PairTally()).estimate is None


def test_coverage_of_the_interval_is_about_95_percent():
    # Fixed seed; 600 samples of 200 pairs from a distribution with mean −0.04: the interval
    # covers the truth in 95 % ± 2.5 % of them (a normal-theory interval that ignored the pairing
    # would be far wider; one that claimed [0, 0] with no change would fail below).
    rng = np.random.default_rng(16)
    p = np.array([0.06, 0.10, 0.70, 0.08, 0.06])
    truth = float(p @ np.array(PAIR_VALUES))
    covered = 0
    for _ in range(600):
        lo, hi = likelihood_interval(list(rng.multinomial(200, p)))
        covered += lo <= truth <= hi
    assert 0.925 <= covered / 600 <= 0.975


def test_arm_rate_is_a_wilson_interval_of_wins():
    rate = ArmRate(games=100, wins=50, draws=4)
    assert rate.win_rate == 0.5
    lo, hi = rate.ci95
    assert lo == pytest.approx(0.40383, abs=1e-4) and hi == pytest.approx(0.59617, abs=1e-4)
    assert rate.to_json()["losses"] == 46
