"""``manage.py simulate --compare`` and ``--ladder`` (docs/lab.md): the same results document as
the API, swaps, fields with weights, the stop rule, the forest plot, refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError

from simulator.models import SimulationJob
from simulator.services.jobs import job_create
from simulator.services.requests import EntrantInput
from tests.simulator.test_compare_jobs import GARDE, GOLEMS, SABRE, WEAKER, finish_compare
from tests.simulator.test_simulate_command import simulate

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_broker")]

SWAP = "out:eclairs-1=2,foudre-lame-1=1;in:rester-en-retrait-1=2,tornade-1=1"


def test_a_local_compare_prints_the_api_document(cardset: None, alice: Any, tmp_path: Path) -> None:
    forest = tmp_path / "forest.svg"
    out, err = simulate(
        "--compare", GOLEMS, "--swap", SWAP, "--field", GARDE, SABRE, "--weights", "1", "2",
        "--games", "40", "--seed", "4", "--chunk-size", "10", "--processes", "1",
        "--stop-margin", "0.2", "--first-round", "20", "--json", "--forest", str(forest),
    )  # fmt: skip
    local = json.loads(out)
    assert "forest plot written" in err and forest.read_bytes().startswith(b"<?xml")
    job = job_create(
        owner=alice,
        game="eredan",
        kind="compare",
        entrants=[EntrantInput(deck=GOLEMS), EntrantInput(swaps=WEAKER)],
        field=[EntrantInput(deck=GARDE, weight=1.0), EntrantInput(deck=SABRE, weight=2.0)],
        games=40,
        seed=4,
        chunk_size=10,
        stop={"margin": 0.2, "first_round": 20},
    )
    finish_compare(job)
    job.refresh_from_db()
    from simulator.selectors import job_results

    assert local == job_results(job=job)


def test_the_summary_of_a_classic_games_compare(cardset: None) -> None:
    out, _ = simulate(
        "--game", "ecarte", "--compare", "heuristic", "random", "--field", "random", "--games", "200",
        "--seed", "1", "--processes", "1", "--stop-margin", "0.02", "--first-round", "100",
    )  # fmt: skip
    assert "ecarte compare: 100 games per arm (budget 200)" in out
    assert "variant − base" in out and "anytime 95%" in out and "worse" in out
    assert "stopped: resolved after 1 round(s)" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--compare", GOLEMS, GOLEMS], "--compare needs --field"),
        (["--compare", GOLEMS, GOLEMS, "--field", GARDE, "--weights", "1", "2"], "2 weights for 1"),
        (["--compare", GOLEMS, "--swap", "out:eclairs-1=two", "--field", GARDE], "is not SLUG=N"),
        (["--compare", GOLEMS, "--swap", "keep:x", "--field", GARDE], "expected out:SLUG=N"),
        (["--deck-a", GOLEMS, "--deck-b", GARDE, "--field", GARDE], "go with --compare"),
        (["--compare", GOLEMS, GOLEMS, "--field", GARDE, "--first-round", "10"], "goes with --stop-margin"),
        (["--compare", GOLEMS, GOLEMS, "--field", "demo", "--games", "7"], "even number of games"),
    ],
)
def test_command_line_refusals(cardset: None, args: list[str], message: str) -> None:
    games = [] if "--games" in args else ["--games", "10"]
    with pytest.raises(CommandError, match=message):
        simulate(*args, *games, "--processes", "1")
    assert not SimulationJob.objects.exists()


def test_the_ladder_rates_the_policies(cardset: None) -> None:
    out, _ = simulate("--ladder", "--game", "ecarte", "--games", "300", "--seed", "2", "--processes", "1")
    assert "ecarte AI ladder: 300 games per pairing (one round robin), seed 2" in out
    lines = [line for line in out.splitlines() if line.startswith(("1.", "2."))]
    assert lines[0].startswith("1. heuristic") and lines[1].startswith("2. random")
    ladder = json.loads(
        simulate("--ladder", "--game", "eredan", "--games", "12", "--seed", "2", "--processes", "1",
                 "--policies", "random", "greedy", "--json")[0]
    )  # fmt: skip
    assert ladder["decks"] == sorted([GARDE, GOLEMS, SABRE])
    assert ladder["matrix"]["games"] == [[0, 12], [12, 0]]  # 4 mirror games over each of 3 decks
    assert {r["label"] for r in ladder["ratings"]["ratings"]} == {"random", "greedy"}
    with pytest.raises(CommandError, match="at least two"):
        simulate("--ladder", "--game", "ecarte", "--games", "10", "--policies", "random")


@pytest.mark.parametrize(
    ("kind", "args", "entrants", "weights"),
    [
        ("matchup", ["--policy-a", "heuristic", "--policy-b", "random"], ["heuristic", "random"], None),
        (
            "gauntlet",
            ["--gauntlet", "heuristic", "random", "random"],
            ["heuristic", "random", "random"],
            None,
        ),
        (
            "round_robin",
            ["--round-robin", "heuristic", "random", "random"],
            ["heuristic", "random", "random"],
            None,
        ),
        (
            "round_robin",
            ["--round-robin", "heuristic", "random", "random", "--weights", "1", "3", "0.5"],
            ["heuristic", "random", "random"],
            [1.0, 3.0, 0.5],
        ),
    ],
)
def test_json_prints_the_api_document_for_every_batch_kind(
    alice: Any, kind: str, args: list[str], entrants: list[str], weights: list[float] | None
) -> None:
    # The compare's, the optimize's and the acquire's are tested beside their commands.
    from simulator.selectors import job_results
    from tests.simulator.conftest import finish_job

    common = ["--game", "ecarte", "--games", "24", "--seed", "6", "--chunk-size", "5", "--json"]
    local = json.loads(simulate(*args, *common, "--processes", "1")[0])
    ws: list[float | None] = list(weights) if weights else [None] * len(entrants)
    job = finish_job(
        job_create(
            owner=alice,
            game="ecarte",
            kind=kind,
            entrants=[EntrantInput(policy=p, weight=w) for p, w in zip(entrants, ws, strict=True)],
            games=24,
            seed=6,
            chunk_size=5,
        )
    )
    assert local == job_results(job=job)
    if weights:
        (given,) = [f for f in local["metagame"]["vs_field"] if f["field"] == "given"]
        assert list(given["weights"].values()) == pytest.approx([1 / 4.5, 3 / 4.5, 0.5 / 4.5])


def test_weights_go_with_a_compare_or_a_round_robin(cardset: None) -> None:
    with pytest.raises(CommandError, match="--weights go with --compare"):
        simulate("--gauntlet", GOLEMS, GARDE, SABRE, "--weights", "1", "2", "3", "--games", "4")
    with pytest.raises(CommandError, match="2 weights for 3 entrants"):
        simulate("--round-robin", GOLEMS, GARDE, SABRE, "--weights", "1", "2", "--games", "4")
    assert not SimulationJob.objects.exists()


def test_the_ladder_plays_exactly_the_games_asked_for(cardset: None) -> None:
    # 14 games per pairing over the 3 demo decks: 6, 4 and 4 (whole pairs; no longer 4 each).
    ladder = json.loads(
        simulate("--ladder", "--game", "eredan", "--games", "14", "--seed", "2", "--processes", "1",
                 "--policies", "random", "greedy", "--json")[0]
    )  # fmt: skip
    assert ladder["games_per_pairing"] == 14 and ladder["matrix"]["games"] == [[0, 14], [14, 0]]
    with pytest.raises(CommandError, match="at least 6 games per pairing"):
        simulate("--ladder", "--game", "eredan", "--games", "5", "--policies", "random", "greedy")
