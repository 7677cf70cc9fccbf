"""The lab's CSV tables and the forest plot (simulator/exports.py) on real results."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from simulator.engine.batch import ROUND_ROBIN, BatchPlan, Entrant, run_local
from simulator.exports import MissingTableError, forest_plot, heatmap, results_csv
from simulator.lab.compare import ComparePlan, FieldEntry, run_compare_local
from simulator.lab.sequential import StopRule
from simulator.selectors import compare_results_document, results_document


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


@pytest.fixture(scope="module")
def compare_results() -> dict[str, Any]:
    plan = ComparePlan(
        game="ecarte",
        arms=(Entrant("heuristic", "heuristic"), Entrant("same", "heuristic"), Entrant("random", "random")),
        field=(FieldEntry("rnd", "random"), FieldEntry("heur", "heuristic")),
        games=400,
        seed=8,
        chunk_size=100,
        stop=StopRule(margin=0.05, budget=400, first_round=200),
    )
    rounds, reason = run_compare_local(plan, processes=1)
    contestants: list[Any] = [*plan.arms, *plan.field]
    entrants = [
        {"index": i, "label": e.label, "policy": e.policy, "deck": None} for i, e in enumerate(contestants)
    ]
    return compare_results_document(
        game="ecarte", options={}, seed=8, entrants=entrants, plan=plan, rounds=rounds, reason=reason
    )


def test_differences_table(compare_results: dict[str, Any]) -> None:
    rows = _rows(results_csv(compare_results, "differences"))
    assert [r["variant"] for r in rows] == ["same", "random"]
    same, weaker = rows
    assert float(same["estimate"]) == 0.0 and same["changed"] == "0"
    assert weaker["verdict"] == "worse" and float(weaker["cs95_high"]) < 0


def test_a_compare_has_the_usual_tables_too(compare_results: dict[str, Any]) -> None:
    # Pairings arm × field entry: 3 arms × 2 opponents, each with sides A and B.
    assert len(_rows(results_csv(compare_results, "summary"))) == 12
    assert compare_results["matrix"]["labels"] == ["heuristic", "same", "random", "rnd", "heur"]
    assert heatmap(compare_results, "png").startswith(b"\x89PNG")


def test_forest_plot_is_an_image_the_same_every_time(compare_results: dict[str, Any]) -> None:
    assert forest_plot(compare_results, "png").startswith(b"\x89PNG")
    svg = forest_plot(compare_results, "svg")
    assert svg.startswith(b"<?xml") and svg == forest_plot(compare_results, "svg")


def test_ratings_and_metagame_tables_of_a_round_robin() -> None:
    entrants = tuple(Entrant(p, p) for p in ("heuristic", "random"))
    plan = BatchPlan("ecarte", entrants, games=50, seed=3, chunk_size=50, kind=ROUND_ROBIN)
    results = results_document(
        game="ecarte",
        kind=ROUND_ROBIN,
        options={},
        seed=3,
        games=50,
        entrants=[
            {"index": i, "label": e.label, "policy": e.policy, "deck": None} for i, e in enumerate(entrants)
        ],
        tallies=run_local(plan, processes=1),
    )
    ratings = _rows(results_csv(results, "ratings"))
    assert [r["label"] for r in ratings] == ["heuristic", "random"]
    metagame = _rows(results_csv(results, "metagame"))
    assert {r["label"]: float(r["nash_weight"]) for r in metagame} == {"heuristic": 1.0, "random": 0.0}
    assert float(metagame[0]["score_vs_nash"]) == pytest.approx(0.5)
    with pytest.raises(MissingTableError):
        results_csv(results, "differences")
    with pytest.raises(MissingTableError):
        forest_plot(results)
