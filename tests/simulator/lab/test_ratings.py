"""Bradley–Terry ratings (simulator/lab/ratings.py) against hand-computed cases."""

from __future__ import annotations

import math

import pytest

from simulator.lab.ratings import ELO_PER_LOGIT, PRIOR_DRAWS, bradley_terry, ratings_report


def test_two_entrants_hand_computed_with_the_prior():
    # A beat B 30 times in 40; with one virtual draw, A scored 30.5 of 41: the MLE gap is the
    # log-odds log(30.5/10.5), centred ±half of it; the Fisher information of the gap is
    # n p (1 − p) with n = 41, so each centred rating has variance 1 / (4 n p (1 − p)).
    a, b = bradley_terry([[0, 30], [10, 0]])
    assert PRIOR_DRAWS == 1.0
    gap = math.log(30.5 / 10.5)
    assert a.rating == pytest.approx(gap / 2, abs=1e-7)
    assert b.rating == pytest.approx(-gap / 2, abs=1e-7)
    p = 30.5 / 41
    se = math.sqrt(1 / (4 * 41 * p * (1 - p)))
    assert a.se == pytest.approx(se, rel=1e-6)
    assert a.ci95 == (
        pytest.approx(a.rating - 1.959964 * se, abs=1e-5),
        pytest.approx(a.rating + 1.959964 * se, abs=1e-5),
    )
    assert a.elo == pytest.approx(gap / 2 * ELO_PER_LOGIT, abs=1e-4)


def test_three_entrants_that_fit_the_model_exactly():
    # Counts drawn exactly from θ = (ln 2, 0, −ln 2): P(A>B) = P(B>C) = 2/3, P(A>C) = 4/5. With no
    # prior the score equations Σ_j n_ij σ(θ_i − θ_j) = wins_i hold at θ, so θ is the MLE.
    ratings = bradley_terry([[0, 20, 20], [10, 0, 20], [5, 10, 0]], prior_draws=0)
    assert [r.rating for r in ratings] == pytest.approx([math.log(2), 0.0, -math.log(2)], abs=1e-6)


def test_draws_count_half_a_win_each():
    a, b = bradley_terry([[0, 10], [10, 0]], [[0, 20], [20, 0]])
    assert a.rating == pytest.approx(0.0, abs=1e-9) and b.rating == pytest.approx(0.0, abs=1e-9)


def test_an_entrant_that_never_lost_needs_the_prior():
    with pytest.raises(ValueError):
        bradley_terry([[0, 10], [0, 0]], prior_draws=0)
    a, b = bradley_terry([[0, 10], [0, 0]])
    assert a.rating == pytest.approx(math.log(10.5 / 0.5) / 2, abs=1e-6)
    assert a.rating > 0 > b.rating


def test_report_is_best_first():
    report = ratings_report(["weak", "strong"], [[0, 5], [35, 0]])
    assert [row["label"] for row in report["ratings"]] == ["strong", "weak"]
    assert report["model"] == "bradley_terry"
    strong = report["ratings"][0]
    assert strong["ci95"][0] < strong["rating"] < strong["ci95"][1]


@pytest.mark.parametrize(("won", "lost"), [(595, 5), (599, 1), (30, 10), (1730, 270)])
def test_a_lopsided_pair_keeps_its_interval(won: int, lost: int) -> None:
    # The cribbage ladder's case (ev won 595 of 600): the interval used to come out of zero width
    # (pinv kept a rounding eigenvalue of the singular information). By hand, as above.
    a, b = bradley_terry([[0, won], [lost, 0]])
    n = won + lost + PRIOR_DRAWS
    p = (won + PRIOR_DRAWS / 2) / n
    se = math.sqrt(1 / (4 * n * p * (1 - p)))
    assert a.se == pytest.approx(se, rel=1e-6) and b.se == pytest.approx(se, rel=1e-6)
    assert a.ci95[1] - a.ci95[0] == pytest.approx(2 * 1.959964 * se, rel=1e-5)


def test_intervals_of_many_entrants_match_the_pseudo_inverse_when_it_is_well_conditioned() -> None:
    import numpy as np

    from simulator.lab.ratings import _centred_inverse

    rng = np.random.default_rng(3)
    weights = rng.uniform(1, 50, size=(5, 5))
    weights = weights + weights.T
    np.fill_diagonal(weights, 0.0)
    information = np.diag(weights.sum(axis=1)) - weights
    assert _centred_inverse(information) == pytest.approx(np.linalg.pinv(information), abs=1e-12)
