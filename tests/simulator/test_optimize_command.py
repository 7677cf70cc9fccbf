"""``manage.py optimize`` (docs/lab.md "Optimizer"): the final deck in the deck text format and,
on the last line, the confirmed gain — character for character —; the same document as the API
(--json); the final deck saved for --user; refusals."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from decks.models import Deck, DeckVersion
from decks.services import deck_text_read
from simulator.models import SimulationJob
from simulator.services.jobs import job_create
from simulator.services.requests import EntrantInput
from tests.simulator.test_optimize_jobs import GARDE, GOLEMS, SABRE, TINY, run_chunks

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_broker")]

#: The pinned last line (docs/lab.md "Optimizer", "The command").
LAST_LINE = re.compile(r"confirmed gain [+-]\d+\.\d pp \(95% CI [+-]\d+\.\d\.\.[+-]\d+\.\d\) over \d+ games")

EAGER_SETTINGS = [f"{k}={v}" for k, v in {**TINY, "accept_margin": -0.5}.items()]


def optimize(*args: str) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("optimize", *args, "--no-progress", stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def settings_args(items: list[str]) -> list[str]:
    return [a for item in items for a in ("--setting", item)]


def test_the_final_deck_then_the_confirmed_gain_on_the_last_line(cardset: None, alice: Any) -> None:
    out, err = optimize(
        GOLEMS, "--field", GARDE, SABRE, "--weights", "1", "2", "--budget", "1000", "--seed", "7",
        "--processes", "1", *settings_args(EAGER_SETTINGS),
    )  # fmt: skip
    lines = out.rstrip("\n").split("\n")
    last = lines[-1]
    assert LAST_LINE.fullmatch(last), last
    # The same numbers as the job of the same request, character for character.
    job = run_chunks(
        job_create(
            owner=alice,
            game="eredan",
            kind="optimize",
            entrants=[EntrantInput(deck=GOLEMS)],
            field=[EntrantInput(deck=GARDE), EntrantInput(deck=SABRE, weight=2)],
            games=1000,
            seed=7,
            settings={**TINY, "accept_margin": -0.5},
            chunk_size=40,
        )
    )
    c = job.results["confirmation"]

    def pp(x: float) -> str:
        return f"{round(100 * x, 1) + 0.0:+.1f}"

    assert last == (
        f"confirmed gain {pp(c['estimate'])} pp (95% CI {pp(c['ci95'][0])}..{pp(c['ci95'][1])}) "
        f"over {c['games']} games"
    )
    assert c["games"] == 100  # N: the confirmation's games per deck
    # Everything above the last line is a deck file: comments, then the final deck, which reads
    # back as the job's final deck.
    text = "\n".join(lines[:-1])
    assert lines[0].startswith("# eredan optimize, seed 7: ") and "biased upward" in text
    parsed = deck_text_read(text=text)
    assert (list(parsed.characters), parsed.cards) == (
        job.results["final"]["characters"],
        job.results["final"]["cards"],
    )
    assert "seed" not in err  # given


def test_json_prints_the_api_document_and_a_user_gets_the_deck(cardset: None, alice: Any) -> None:
    out, err = optimize(
        GOLEMS, "--field", GARDE, "--budget", "1000", "--seed", "3", "--processes", "1", "--json",
        "--user", "alice", "--keep", "eclairs-1", *settings_args(EAGER_SETTINGS),
    )  # fmt: skip
    results = json.loads(out)
    assert results["kind"] == "optimize" and results["partial"] is False
    assert results["constraints"]["keep"] == ["eclairs-1"]
    assert all(s["move"]["out"].get("eclairs-1") is None for s in results["steps"])
    saved = Deck.objects.get(pk=results["saved_deck"]["id"])
    assert saved.owner == alice and saved.name.endswith(" (optimized)")
    assert DeckVersion.objects.get(deck=saved).source == "optimize"
    assert f"final deck saved as deck #{saved.pk}" in err
    assert not SimulationJob.objects.exists()  # played here


def test_refusals(cardset: None, alice: Any, tmp_path: Path) -> None:
    with pytest.raises(CommandError) as caught:
        optimize(GOLEMS, "--field", GARDE, "--budget", "100", "--keep", "katana-1")
    message = str(caught.value)
    assert "games: A budget of 100 games is too small" in message and "[too_few_games]" in message
    assert "keep.0:" in message and "[invalid_keep]" in message
    with pytest.raises(CommandError, match="--collection is a collection of --user"):
        optimize(GOLEMS, "--field", GARDE, "--budget", "5000", "--collection", "1")
    with pytest.raises(CommandError, match="expected NAME=VALUE"):
        optimize(GOLEMS, "--field", GARDE, "--budget", "5000", "--setting", "candidates")
    with pytest.raises(CommandError, match=r"settings.speed: There is no setting 'speed'"):
        optimize(GOLEMS, "--field", GARDE, "--budget", "5000", "--setting", "speed=3")
    deck_file = tmp_path / "mine.txt"
    deck_file.write_text("Characters:\nNobody\n")
    with pytest.raises(CommandError, match=r"mine\.txt"):
        optimize(str(deck_file), "--field", GARDE, "--budget", "5000")
