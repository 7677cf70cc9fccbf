from __future__ import annotations

import random

import pytest

from simulator.engine.runner import GameResult
from simulator.engine.stats import MatchTally, median_of_histogram, wilson_interval


def test_wilson_interval_known_value():
    # 50 successes in 100 trials: the textbook Wilson 95% interval is [0.4038, 0.5962].
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.40383, abs=1e-4)
    assert hi == pytest.approx(0.59617, abs=1e-4)


def test_wilson_interval_edges():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and 0.25 < hi < 0.30
    lo, hi = wilson_interval(10, 10)
    assert hi == 1.0 and 0.70 < lo < 0.75


@pytest.mark.parametrize(
    ("hist", "median"),
    [({}, None), ({5: 1}, 5), ({1: 1, 3: 1}, 2), ({1: 2, 9: 1}, 1), ({2: 1, 4: 2, 7: 1}, 4)],
)
def test_median_of_histogram(hist, median):
    assert median_of_histogram(hist) == median


def _result(i: int, rng: random.Random) -> GameResult:
    seats = ("A", "B") if i % 2 == 0 else ("B", "A")
    r = rng.choice([(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)])
    return GameResult(
        index=i,
        seats=seats,
        returns=r,
        summary={
            "turns": rng.randint(5, 40),
            "end_reason": rng.choice(["elimination", "score"]),
            "first_player": rng.randint(0, 1),
            "cards_played": {0: {"katana-1": rng.randint(0, 2)}, 1: {"eclairs-1": 1}},
            "characters": {0: {"iro-1": {"damage": 3, "healing": 1, "survived": True}}},
        },
    )


def test_tally_merge_is_independent_of_chunking():
    rng = random.Random(7)
    results = [_result(i, rng) for i in range(200)]
    whole = MatchTally()
    for r in results:
        whole.add(r)
    chunks = [results[i : i + 7] for i in range(0, 200, 7)]
    random.Random(1).shuffle(chunks)
    merged = MatchTally()
    for chunk in chunks:
        part = MatchTally()
        for r in chunk:
            part.add(r)
        merged.merge(MatchTally.from_json(part.to_json()))
    assert merged.to_json() == whole.to_json()
    assert whole.games == 200
    assert sum(whole.wins.values()) + whole.draws == 200


def test_report_counts_wins_by_side_not_seat():
    tally = MatchTally()
    # A wins from seat 0, then A (now in seat 1) wins again.
    tally.add(GameResult(0, ("A", "B"), (1.0, -1.0), {"turns": 3, "end_reason": "x", "first_player": 0}))
    tally.add(GameResult(1, ("B", "A"), (-1.0, 1.0), {"turns": 5, "end_reason": "x", "first_player": 0}))
    report = tally.report()
    assert report["sides"]["A"]["wins"] == 2
    assert report["sides"]["B"]["wins"] == 0
    assert report["first_player"]["wins"] == 1
    assert report["length"]["mean"] == 4
