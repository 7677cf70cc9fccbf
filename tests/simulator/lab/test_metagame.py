"""The metagame (simulator/lab/metagame.py): Nash equilibrium of the deck-choice game, scores
against a field, the replicator forecast — on hand-made matrices."""

from __future__ import annotations

import math

import pytest

from simulator.lab.metagame import (
    field_scores,
    metagame_report,
    nash_equilibrium,
    replicator_forecast,
    score_matrix,
)

RPS = [[0.5, 0.0, 1.0], [1.0, 0.5, 0.0], [0.0, 1.0, 0.5]]  # rock, paper, scissors

# A soft rock–paper–scissors and a fourth deck that rock strictly dominates (every entry of
# rock's row is above the fourth's): D scores .4 against R, .1 against P, .7 against S.
DOMINATED = [
    [0.5, 0.2, 0.8, 0.6],
    [0.8, 0.5, 0.2, 0.9],
    [0.2, 0.8, 0.5, 0.3],
    [0.4, 0.1, 0.7, 0.5],
]


def test_rock_paper_scissors_is_a_third_each():
    nash = nash_equilibrium(RPS)
    assert nash.weights == pytest.approx((1 / 3, 1 / 3, 1 / 3), abs=1e-9)
    assert nash.value == pytest.approx(0.5, abs=1e-12)
    assert nash.support == (0, 1, 2)


def test_a_dominated_entrant_gets_weight_zero():
    nash = nash_equilibrium(DOMINATED)
    assert nash.weights[3] == 0.0
    assert nash.support == (0, 1, 2)
    assert nash.weights[:3] == pytest.approx((1 / 3, 1 / 3, 1 / 3), abs=1e-9)


def test_a_deck_that_beats_every_other_is_the_whole_mix():
    nash = nash_equilibrium([[0.5, 0.6, 0.7], [0.4, 0.5, 0.9], [0.3, 0.1, 0.5]])
    assert nash.weights == (1.0, 0.0, 0.0)


def test_an_unbalanced_cycle_hand_computed():
    # Payoffs A = S − ½ of a cycle with strengths a, b, c: A beats B by a, B beats C by b, C beats
    # A by c; the equilibrium is proportional to (b, c, a).
    a, b, c = 0.1, 0.2, 0.3
    s = [[0.5, 0.5 + a, 0.5 - c], [0.5 - a, 0.5, 0.5 + b], [0.5 + c, 0.5 - b, 0.5]]
    nash = nash_equilibrium(s)
    total = a + b + c
    assert nash.weights == pytest.approx((b / total, c / total, a / total), abs=1e-9)


def test_scores_count_draws_as_half_and_mirrors_as_half():
    wins = [[0, 6], [2, 0]]
    draws = [[0, 2], [2, 0]]
    games = [[0, 10], [10, 0]]
    assert score_matrix(wins, draws, games) == [[0.5, 0.7], [0.3, 0.5]]
    assert score_matrix(wins, draws, [[0, 0], [0, 0]])[0][1] is None


def test_scores_against_a_field_hand_computed():
    s = [[0.5, 0.7], [0.3, 0.5]]
    games = [[0, 100], [100, 0]]
    uniform = field_scores(s, games, [1, 1])
    assert uniform[0].score == pytest.approx(0.6)
    half = 1.959963984540054 * math.sqrt(0.25 * 0.7 * 0.3 / 100)
    assert uniform[0].ci95 == (pytest.approx(0.6 - half), pytest.approx(0.6 + half))
    against_b = field_scores(s, games, [0, 3])
    assert against_b[0].score == pytest.approx(0.7) and against_b[1].score == pytest.approx(0.5)
    with pytest.raises(ValueError):
        field_scores(s, games, [0, 0])


def test_replicator_one_generation_hand_computed():
    # x = (½, ½): fitness S x = (.6, .4), mean .5 → x' = (.6, .4).
    ((generation, weights),) = replicator_forecast([[0.5, 0.7], [0.3, 0.5]], generations=[1])
    assert generation == 1
    assert weights == pytest.approx((0.6, 0.4))
    # A dominant deck takes over the field.
    last = replicator_forecast([[0.5, 0.7], [0.3, 0.5]], generations=[50])[-1][1]
    assert last[0] > 0.99


def test_report_of_a_round_robin():
    labels = ["rock", "paper", "scissors"]
    wins = [[0, 10, 90], [90, 0, 10], [10, 90, 0]]
    games = [[0, 100, 100], [100, 0, 100], [100, 100, 0]]
    draws = [[0] * 3 for _ in range(3)]
    report = metagame_report(labels, wins, draws, games, field={"rock": 1.0})
    assert report is not None
    nash = report["nash"]
    assert nash["weights"] == pytest.approx({"rock": 1 / 3, "paper": 1 / 3, "scissors": 1 / 3})
    assert nash["value"] == pytest.approx(0.5)
    fields = {f["field"]: f for f in report["vs_field"]}
    assert set(fields) == {"uniform", "nash", "given"}
    # Against a field of rock only: paper scores .9, scissors .1, rock its mirror ½.
    given = [row["score"] for row in fields["given"]["scores"]]
    assert given == pytest.approx([0.5, 0.9, 0.1])
    # Nothing played in a cell yet: no metagame.
    games[0][1] = games[1][0] = 0
    assert metagame_report(labels, wins, draws, games) is None
