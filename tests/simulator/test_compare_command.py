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
