"""``manage.py simulate``: matchups, gauntlets and round robins, here or submitted as a job; deck
references (demo slug, id, JSON file, deck text file); JSON, CSV and heatmap outputs; errors."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from decks.models import Deck
from decks.selectors import deck_export_text, deck_slugs, with_entries
from simulator.models import SimulationJob
from tests.simulator.conftest import own_copy_of_demo, queued

# Every message a test sends goes to this area's Redis database, emptied after each test.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_broker")]

GOLEMS, GARDE, KOTOBA = "zil-golems", "noz-garde-du-dragon", "kotoba-voie-du-sabre"


def simulate(*args: str) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("simulate", *args, "--no-progress", stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_an_eredan_matchup_prints_the_summary(cardset: None) -> None:
    out, _ = simulate(
        "--deck-a", GOLEMS, "--deck-b", GARDE, "--games", "12", "--seed", "3", "--processes", "1"
    )
    golems = Deck.objects.get(slug=GOLEMS).name
    assert "eredan matchup: 12 games per pairing, seed 3" in out
    assert f"A {golems} (greedy)" in out
    assert "first player wins" in out and "95% CI" in out and "most played cards" in out


def test_json_is_the_same_from_a_file_an_id_or_a_slug_and_for_any_process_count(
    cardset: None, tmp_path: Path
) -> None:
    golems = with_entries(Deck.objects.filter(slug=GOLEMS)).get()
    characters, cards = deck_slugs(golems)
    as_json = tmp_path / "golems.json"
    as_json.write_text(json.dumps({"name": golems.name, "characters": characters, "cards": cards}))
    as_text = tmp_path / "golems.txt"
    as_text.write_text(deck_export_text(deck=golems))
    common = ["--deck-b", GARDE, "--games", "8", "--seed", "9", "--policy", "random", "--json"]
    by_slug = json.loads(simulate("--deck-a", GOLEMS, *common, "--processes", "1")[0])
    by_file = json.loads(
        simulate("--deck-a", str(as_json), *common, "--processes", "2", "--chunk-size", "3")[0]
    )
    by_text = json.loads(simulate("--deck-a", str(as_text), *common, "--processes", "1")[0])
    by_id = json.loads(simulate("--deck-a", str(golems.pk), *common, "--processes", "1")[0])
    assert by_slug["games"] == 8
    for other in (by_file, by_text, by_id):
        assert other["pairings"] == by_slug["pairings"]
        assert other["entrants"][0]["deck"]["characters"] == characters
    assert by_id["entrants"][0]["deck"]["id"] == golems.pk and by_file["entrants"][0]["deck"]["id"] is None


def test_a_users_own_deck_locally_with_user(cardset: None, alice: Any) -> None:
    """--user lets ids name that user's decks, locally too (nothing is written)."""
    mine = own_copy_of_demo(alice, GOLEMS)
    args = ["--deck-a", str(mine.pk), "--deck-b", GARDE, "--games", "4", "--seed", "2", "--json"]
    with pytest.raises(CommandError, match="deck_not_found"):
        simulate(*args)
    results = json.loads(simulate(*args, "--user", "alice")[0])
    assert results["entrants"][0]["deck"]["id"] == mine.pk and results["games"] == 4
    assert not SimulationJob.objects.exists()


def test_a_classic_round_robin_with_a_heatmap_and_a_csv(tmp_path: Path) -> None:
    png, table = tmp_path / "rr.png", tmp_path / "standings.csv"
    out, err = simulate(
        "--game", "ecarte", "--round-robin", "heuristic", "random", "random", "--games", "6", "--seed", "1",
        "--processes", "1", "--heatmap", str(png), "--csv", str(table), "--table", "standings",
    )  # fmt: skip
    assert "standings" in out and "win rate of row against column" in out
    assert png.read_bytes().startswith(b"\x89PNG")
    rows = list(csv.DictReader(table.open()))
    assert [r["label"] for r in rows if r["label"].startswith("random")] and len(rows) == 3
    assert sum(int(r["games"]) for r in rows) == 36
    assert "heatmap written" in err


def test_a_gauntlet_of_decks_with_one_policy_each(cardset: None, tmp_path: Path) -> None:
    svg = tmp_path / "g.svg"
    out, _ = simulate(
        "--gauntlet", GOLEMS, GARDE, KOTOBA, "--policies", "random", "greedy", "random",
        "--games", "4", "--seed", "2", "--processes", "1", "--json", "--heatmap", str(svg),
    )  # fmt: skip
    results = json.loads(out)
    assert results["kind"] == "gauntlet"
    assert [(p["a"], p["b"]) for p in results["pairings"]] == [(0, 1), (0, 2)]
    assert [e["policy"] for e in results["entrants"]] == ["random", "greedy", "random"]
    assert b"<svg" in svg.read_bytes()


def test_via_celery_submits_a_job(
    cardset: None, alice: Any, redis_broker: Any, django_capture_on_commit_callbacks: Any
) -> None:
    mine = own_copy_of_demo(alice, GOLEMS)
    with django_capture_on_commit_callbacks(execute=True):
        out, _ = simulate(
            "--deck-a", str(mine.pk), "--deck-b", GARDE, "--games", "20", "--seed", "4",
            "--via", "celery", "--user", "alice", "--award-experience", "--no-wait", "--json",
        )  # fmt: skip
    job = SimulationJob.objects.get(pk=json.loads(out)["job"])
    assert (job.owner, job.games, job.seed, job.award_experience) == (alice, 20, 4, True)
    assert queued(redis_broker) == 1


def test_follow_and_cancel_a_job(alice: Any) -> None:
    from simulator.services.jobs import job_create
    from simulator.services.requests import EntrantInput

    job = job_create(
        owner=alice,
        game="ecarte",
        entrants=[EntrantInput(policy="random"), EntrantInput(policy="random")],
        games=4,
    )
    out, _ = simulate("--cancel", str(job.pk))
    assert f"job #{job.pk} cancelled" in out
    with pytest.raises(CommandError, match="cancelled"):
        simulate("--follow", str(job.pk))
    with pytest.raises(CommandError, match="has already ended"):
        simulate("--cancel", str(job.pk))
    with pytest.raises(CommandError, match="no simulation job"):
        simulate("--follow", "999999")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--deck-a", GOLEMS, "--games", "5"], "give --deck-a and --deck-b"),
        (["--deck-a", GOLEMS, "--deck-b", GARDE], "--games is required"),
        (["--deck-a", GOLEMS, "--deck-b", "no-such-deck", "--games", "5"], "deck_not_found"),
        (["--deck-a", GOLEMS, "--deck-b", GARDE, "--games", "0"], "too_few_games"),
        (["--deck-a", GOLEMS, "--deck-b", GARDE, "--games", "5", "--option", "turn_cap=x"], "whole number"),
        (["--deck-a", GOLEMS, "--deck-b", GARDE, "--games", "5", "--option", "fast=1"], "invalid_option"),
        (
            ["--deck-a", GOLEMS, "--deck-b", GARDE, "--games", "5", "--award-experience"],
            "go with --via celery",
        ),
        (["--deck-a", GOLEMS, "--deck-b", GARDE, "--games", "5", "--user", "nobody"], "no user"),
        (["--deck-a", GOLEMS, "--deck-b", GARDE, "--games", "5", "--heatmap", "x.gif"], ".png or .svg"),
        (["--game", "chess", "--games", "5"], "unknown game"),
        (
            ["--game", "cribbage", "--deck-a", GOLEMS, "--deck-b", GARDE, "--games", "5"],
            "played without decks",
        ),
        (["--round-robin", GOLEMS, GARDE, "--policies", "random", "--games", "5"], "1 policies for 2 decks"),
        (
            ["--deck-a", GOLEMS, "--deck-b", GARDE, "--games", "5", "--via", "celery", "--user", "nobody"],
            "no user",
        ),
    ],
)
def test_errors_are_reported_not_raised(cardset: None, args: list[str], message: str) -> None:
    with pytest.raises(CommandError, match=message):
        simulate(*args)
    assert not SimulationJob.objects.exists()


def test_a_bad_deck_file_names_the_problem(cardset: None, tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("Characters:\nNobody at all\n")
    with pytest.raises(CommandError, match="line 2"):
        simulate("--deck-a", str(bad), "--deck-b", GARDE, "--games", "2")
    broken = tmp_path / "broken.json"
    broken.write_text('{"name": "x", "characters": "marlok"}')
    with pytest.raises(CommandError, match="expected"):
        simulate("--deck-a", str(broken), "--deck-b", GARDE, "--games", "2")
