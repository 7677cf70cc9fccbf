"""The compare plan (simulator/lab/compare.py): common random numbers on real games."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cards.domain.cardset import load_cardset
from simulator.engine.batch import Entrant
from simulator.lab.compare import (
    CompareBatch,
    CompareChunk,
    CompareError,
    ComparePlan,
    CompareTally,
    FieldEntry,
    compare_chunks,
    compare_report,
    opponent_for_pair,
    run_compare_local,
)
from simulator.lab.sequential import StopReason, StopRule


def _play(plan: ComparePlan) -> list[CompareTally]:
    """Each round's tally, its chunks played in a shuffled order (merging is order-free)."""
    batch = CompareBatch(plan)
    chunks = plan.chunks
    random.Random(1).shuffle(chunks)
    rounds = [CompareTally.empty(len(plan.arms), len(plan.field)) for _ in plan.round_ends]
    for chunk in chunks:
        rounds[chunk.round].merge(batch.play_chunk(chunk.start, chunk.stop))
    return rounds


def test_chunks_are_whole_pairs_inside_rounds():
    assert compare_chunks([1000, 2000, 4000], 600) == [
        CompareChunk(0, 0, 0, 600),
        CompareChunk(1, 0, 600, 1000),
        CompareChunk(2, 1, 1000, 1600),
        CompareChunk(3, 1, 1600, 2000),
        CompareChunk(4, 2, 2000, 2600),
        CompareChunk(5, 2, 2600, 3200),
        CompareChunk(6, 2, 3200, 3800),
        CompareChunk(7, 2, 3800, 4000),
    ]
    with pytest.raises(CompareError):
        compare_chunks([1000], 7)


def test_opponents_follow_the_weights_and_depend_only_on_seed_and_pair():
    weights = [1.0, 3.0, 0.0]
    picks = [opponent_for_pair(42, k, weights) for k in range(4000)]
    assert picks == [opponent_for_pair(42, k, weights) for k in range(4000)]
    counts = Counter(picks)
    assert counts[2] == 0
    assert 0.72 < counts[1] / 4000 < 0.78
    assert opponent_for_pair(42, 7, [5.0]) == 0


def test_a_plan_refuses_odd_games_and_a_missing_variant():
    arm = Entrant("base", "heuristic")
    field = (FieldEntry("rnd", "random"),)
    with pytest.raises(CompareError):
        ComparePlan("ecarte", (arm, arm), field, games=101, seed=1, chunk_size=10)
    with pytest.raises(CompareError):
        ComparePlan("ecarte", (arm,), field, games=100, seed=1, chunk_size=10)
    with pytest.raises(CompareError):
        ComparePlan("ecarte", (arm, arm), (FieldEntry("rnd", "random", weight=0.0),), 100, 1, 10)


def test_identical_arms_play_identical_games_and_differ_by_exactly_zero():
    plan = ComparePlan(
        game="ecarte",
        arms=(Entrant("base", "heuristic"), Entrant("same", "heuristic"), Entrant("weaker", "random")),
        field=(FieldEntry("rnd", "random"), FieldEntry("heur", "heuristic", weight=2.0)),
        games=600,
        seed=11,
        chunk_size=50,
    )
    (tally,) = _play(plan)
    assert [t.to_json() for t in tally.tallies[0]] == [t.to_json() for t in tally.tallies[1]]
    report = compare_report(plan, [tally])
    same, weaker = report["differences"]
    assert same["estimate"] == 0.0 and same["changed"] == 0 and same["games"] == 600
    assert not same["significant"]
    # The estimate is the difference of the two arms' own win rates.
    assert weaker["estimate"] == pytest.approx(weaker["variant_win_rate"] - weaker["base_win_rate"])
    assert weaker["estimate"] < 0 and weaker["significant"]
    assert sum(v["games"] for v in report["arms"][0]["versus"]) == 600


def test_the_results_do_not_depend_on_the_chunking():
    def plan(chunk_size: int) -> ComparePlan:
        return ComparePlan(
            game="cribbage",
            arms=(Entrant("ev", "ev"), Entrant("random", "random")),
            field=(FieldEntry("r", "random"), FieldEntry("e", "ev")),
            games=40,
            seed=3,
            chunk_size=chunk_size,
        )

    a = [t.to_json() for t in _play(plan(2))]
    b = [t.to_json() for t in _play(plan(40))]
    assert a == b


def test_eredan_identical_decks_and_a_sequential_plan():
    cardset = load_cardset()
    base = cardset.deck("zil-golems")
    plan = ComparePlan(
        game="eredan",
        arms=(Entrant("base", "greedy", base), Entrant("copy", "greedy", base)),
        field=(FieldEntry("garde", "greedy", cardset.deck("noz-garde-du-dragon")),),
        games=400,
        seed=5,
        chunk_size=100,
        stop=StopRule(margin=0.05, budget=400, first_round=200),
    )
    assert plan.round_ends == [200, 400]
    rounds = _play(plan)
    report = compare_report(plan, rounds)
    (copy,) = report["differences"]
    assert copy["estimate"] == 0.0 and copy["changed"] == 0
    assert copy["cs95"][0] < 0 < copy["cs95"][1]
    assert report["stop"]["rounds"] == [200, 400]


def test_the_local_runner_stops_after_the_round_that_resolves_and_is_the_same_on_two_processes():
    plan = ComparePlan(
        game="ecarte",
        arms=(Entrant("heuristic", "heuristic"), Entrant("random", "random")),
        field=(FieldEntry("rnd", "random"),),
        games=8000,
        seed=3,
        chunk_size=250,
        stop=StopRule(margin=0.01, budget=8000, first_round=1000),
    )
    rounds, reason = run_compare_local(plan, processes=1)
    # Random play loses about a third more often than the heuristic: resolved in round one.
    assert reason is StopReason.RESOLVED and len(rounds) == 1
    report = compare_report(plan, rounds, reason=reason)
    assert report["differences"][0]["verdict"] == "worse"
    assert report["stop"] == {
        "sequential": True,
        "margin": 0.01,
        "first_round": 1000,
        "budget": 8000,
        "rounds": [1000],
        "games_per_arm": 1000,
        "reason": "resolved",
    }
    again, reason_again = run_compare_local(plan, processes=2)
    assert reason_again is reason
    assert [r.to_json() for r in again] == [r.to_json() for r in rounds]


def test_a_fixed_compare_plays_every_game():
    plan = ComparePlan(
        game="ecarte",
        arms=(Entrant("a", "random"), Entrant("b", "random")),
        field=(FieldEntry("rnd", "random"),),
        games=100,
        seed=1,
        chunk_size=30,
    )
    rounds, reason = run_compare_local(plan, processes=1)
    assert reason is StopReason.FIXED
    assert [r.arm(0).games for r in rounds] == [100]
