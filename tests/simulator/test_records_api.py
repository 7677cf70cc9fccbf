"""Game records through the Django side (docs/game-records.md): the sample a job records with its
chunks, the records API, ``POST /api/records/verify/``, ``manage.py replay`` and the ``--record``
options of ``simulate`` and the terminal games. Real database, real Redis (this area's db 14)."""

from __future__ import annotations

import copy
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from simulator.engine.registry import get_game_spec
from simulator.models import GameRecord, SimulationJob
from simulator.records import play_recorded, replay_record
from simulator.services.chunks import chunk_run
from simulator.services.jobs import job_create, job_dispatch
from simulator.services.records import record_verify
from simulator.services.requests import EntrantInput
from tests.simulator.conftest import finish_job

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_broker")]

VERIFY = "/api/records/verify/"


def cribbage_record(seed: int = 5) -> dict[str, Any]:
    """A real record: one game of cribbage between two AIs, written by the engine."""
    spec = get_game_spec("cribbage")
    game = spec.make_game()
    state = game.new_initial_state(random.Random(seed))
    policies = (spec.policies["random"](), spec.policies["random"]())
    _, record = play_recorded(
        "cribbage",
        game,
        state,
        policies,
        (random.Random(1), random.Random(2)),
        seed=seed,
        players=("random", "random"),
    )
    return record


def broken(record: dict[str, Any]) -> dict[str, Any]:
    """The record with its first play replaced by a card the player does not hold."""
    bad = copy.deepcopy(record)
    deal = bad["deals"][0]
    for action in deal["actions"]:
        if action["action"] == "play":
            held = set(deal["hands"][action["player"]])
            action["card"] = next(c for c in deal["hands"][1 - action["player"]] if c not in held)
            return bad
    raise AssertionError("no play in the first deal")


def ecarte_job(owner: Any, *, chunk_size: int = 2, **kw: Any) -> SimulationJob:
    return job_create(
        owner=owner,
        game="ecarte",
        kind="gauntlet",
        entrants=[
            EntrantInput(policy="heuristic"),
            EntrantInput(policy="random"),
            EntrantInput(policy="random"),
        ],
        games=7,
        seed=11,
        chunk_size=chunk_size,
        **kw,
    )


# --- a job's sample ----------------------------------------------------------------------------


def test_a_job_records_its_first_games_of_each_pairing_whatever_the_chunking(alice: Any) -> None:
    job = finish_job(ecarte_job(alice, record_games=3))
    rows = list(GameRecord.objects.filter(job=job).order_by("pairing__index", "index"))
    assert [(r.pairing.index, r.index) for r in rows] == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]
    for row in rows:
        replay = replay_record(row.record)  # each one replays, to the winner the job counted
        winner_seat = replay.result["winner"]
        assert (row.seats[winner_seat] if winner_seat is not None else "") == row.winner
    # Chunked differently, the same games are recorded.
    other = finish_job(ecarte_job(alice, chunk_size=7, record_games=3))
    again = [r.record for r in GameRecord.objects.filter(job=other).order_by("pairing__index", "index")]
    assert again == [r.record for r in rows]


def test_the_default_sample_and_no_sample(alice: Any) -> None:
    assert finish_job(ecarte_job(alice)).records.count() == 2 * 2  # DEFAULT_RECORD_GAMES per pairing
    assert finish_job(ecarte_job(alice, record_games=0)).records.count() == 0


def test_a_redelivered_chunk_records_its_games_once(alice: Any) -> None:
    job = ecarte_job(alice, record_games=2)
    job_dispatch(job_id=job.pk)
    chunk_run(job_id=job.pk, pairing=0, chunk=0)
    chunk_run(job_id=job.pk, pairing=0, chunk=0)
    assert GameRecord.objects.filter(job=job).count() == 2


@pytest.mark.parametrize("value", [-1, 21, "3", 2.5, True])
def test_record_games_out_of_range_is_a_400(alice: Any, client_for: Any, value: Any) -> None:
    body = {
        "game": "ecarte",
        "entrants": [{"policy": "heuristic"}, {"policy": "random"}],
        "games": 5,
        "record_games": value,
    }
    response = client_for(alice).post("/api/simulations/", body, format="json")
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["record_games"]
    assert not SimulationJob.objects.exists()


def test_the_records_api_lists_and_serves_a_jobs_records(alice: Any, bob: Any, client_for: Any) -> None:
    job = finish_job(ecarte_job(alice, record_games=1))
    listing = client_for(alice).get(f"/api/simulations/{job.pk}/records/")
    assert listing.status_code == 200
    items = listing.json()
    assert [(i["pairing"], i["index"]) for i in items] == [(0, 0), (1, 0)]
    one = client_for(alice).get(items[1]["url"])
    assert one.status_code == 200
    record = one.json()
    assert record["format"] == "eredan-game-record" and record["game"] == "ecarte"
    assert replay_record(record).result == record["result"]
    detail = client_for(alice).get(f"/api/simulations/{job.pk}/").json()
    assert detail["record_games"] == 1 and detail["links"]["records"].endswith(f"/{job.pk}/records/")
    # Someone else's job, or a game that was not recorded: 404.
    assert client_for(bob).get(f"/api/simulations/{job.pk}/records/").status_code == 404
    assert client_for(bob).get(items[0]["url"]).status_code == 404
    assert client_for(alice).get(f"/api/simulations/{job.pk}/records/0/5/").status_code == 404


# --- POST /api/records/verify/ -------------------------------------------------------------------


def test_verify_a_valid_record(client_for: Any) -> None:
    record = cribbage_record()
    response = client_for().post(VERIFY, record, format="json")  # anonymous clients may verify
    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is True and body["error"] is None
    assert body["result"] == record["result"]
    assert body["deals"] == len(record["deals"]) and body["transcript"]
    quiet = client_for().post(f"{VERIFY}?transcript=false", record, format="json").json()
    assert quiet["valid"] is True and quiet["transcript"] is None


def test_verify_names_the_first_illegal_action_and_its_rule(client_for: Any) -> None:
    response = client_for().post(VERIFY, broken(cribbage_record()), format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is False
    assert body["error"]["code"] == "illegal_action"
    assert body["error"]["deal"] == 0 and body["error"]["action"] is not None
    assert body["error"]["rule"].startswith("docs/rules/cribbage.md")


def test_verify_refuses_what_is_not_a_record_with_a_400(client_for: Any) -> None:
    client = client_for()
    bad_json = client.post(VERIFY, data="{not json", content_type="application/json")
    assert bad_json.status_code == 400
    not_object = client.post(VERIFY, [1, 2], format="json")
    assert not_object.status_code == 400 and not_object.json()["errors"][0]["code"] == "malformed"
    record = cribbage_record()
    del record["deals"]
    missing = client.post(VERIFY, record, format="json")
    assert missing.status_code == 400 and missing.json()["errors"][0]["code"] == "malformed"
    other = client.post(VERIFY, {**cribbage_record(), "format": "pgn"}, format="json")
    assert other.status_code == 400 and other.json()["errors"][0]["code"] == "unsupported_format"
    chess = client.post(VERIFY, {**cribbage_record(), "game": "chess"}, format="json")
    assert chess.status_code == 400 and chess.json()["errors"][0]["code"] == "unknown_game"
    huge = client.post(VERIFY, data=" " * (1024 * 1024 + 1), content_type="application/json")
    assert huge.status_code == 400 and huge.json()["errors"][0]["code"] == "too_large"


# --- manage.py replay -------------------------------------------------------------------------------


def test_replay_prints_the_game_and_the_verdict(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(cribbage_record()))
    out = io.StringIO()
    call_command("replay", str(path), stdout=out)
    text = out.getvalue()
    assert "valid cribbage record" in text
    assert len(text.splitlines()) > 10  # the transcript came first


def test_replay_rejects_an_illegal_record_naming_the_action_and_the_rule(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(broken(cribbage_record())))
    err = io.StringIO()
    with pytest.raises(CommandError) as excinfo:
        call_command("replay", str(path), stdout=io.StringIO(), stderr=err)
    assert excinfo.value.returncode == 1
    assert "INVALID" in err.getvalue() and "deal 1, action" in err.getvalue()
    assert "docs/rules/cribbage.md" in err.getvalue()


def test_replay_reads_a_list_and_reports_each(tmp_path: Path) -> None:
    path = tmp_path / "games.json"
    path.write_text(json.dumps([cribbage_record(1), cribbage_record(2)]))
    out = io.StringIO()
    call_command("replay", str(path), "--json", stdout=out)
    verdicts = json.loads(out.getvalue())
    assert [v["valid"] for v in verdicts] == [True, True]


@pytest.mark.parametrize(
    ("content", "message"),
    [(None, "No such file"), ("{oops", "not valid JSON"), ("[]", "an empty list")],
)
def test_replay_explains_unreadable_input(tmp_path: Path, content: str | None, message: str) -> None:
    path = tmp_path / "x.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(CommandError, match=message):
        call_command("replay", str(path), stdout=io.StringIO())


# --- --record on the commands ---------------------------------------------------------------------


def test_simulate_local_writes_the_sampled_records(tmp_path: Path) -> None:
    path = tmp_path / "games.json"
    call_command(
        "simulate",
        "--game", "cribbage", "--policy-a", "random", "--policy-b", "ev",
        "--games", "5", "--seed", "3", "--processes", "1", "--no-progress",
        "--record", str(path), "--record-games", "2",
        stdout=io.StringIO(), stderr=io.StringIO(),
    )  # fmt: skip
    records = json.loads(path.read_text())
    assert len(records) == 2
    assert {tuple(r["players"]) for r in records} == {("random", "ev"), ("ev", "random")}  # seats alternate
    out = io.StringIO()
    call_command("replay", str(path), "--quiet", stdout=out)
    assert out.getvalue().count("valid cribbage record") == 2


def test_record_games_without_record_is_refused() -> None:
    with pytest.raises(CommandError, match="--record-games goes with --record"):
        call_command(
            "simulate", "--game", "cribbage", "--games", "2", "--record-games", "1",
            stdout=io.StringIO(), stderr=io.StringIO(),
        )  # fmt: skip


@pytest.mark.parametrize(
    ("command", "args"),
    [
        ("cribbage", ["play", "--watch", "--ai", "random"]),
        ("ecarte", ["play", "--watch"]),
        ("crapette", ["play", "--watch", "--ai", "random", "--stock", "5"]),
    ],
)
def test_a_watched_terminal_game_writes_a_record_that_replays(
    tmp_path: Path, command: str, args: list[str]
) -> None:
    path = tmp_path / f"{command}.json"
    call_command(command, *args, "--seed", "4", "--record", str(path), stdout=io.StringIO())
    record = json.loads(path.read_text())
    assert record["game"] == command and record["seed"] is not None
    assert replay_record(record).result == record["result"]


# --- Eredan: the card database is the catalog records name cards in ------------------------------


def test_eredan_play_writes_a_record_that_replays_against_the_card_database(
    cardset: None, tmp_path: Path
) -> None:
    path = tmp_path / "eredan.json"
    err = io.StringIO()
    call_command(
        "eredan_play", "kotoba-voie-du-sabre", "zil-golems", "--seed", "7", "--record", str(path),
        stdout=io.StringIO(), stderr=err,
    )  # fmt: skip
    assert "game record written" in err.getvalue()
    record = json.loads(path.read_text())
    assert record["game"] == "eredan" and record["players"] == ["greedy", "greedy"]
    replay = record_verify(record=record)
    assert replay.result == record["result"]
    out = io.StringIO()
    call_command("replay", str(path), stdout=out)
    assert "valid eredan record" in out.getvalue()


def test_an_eredan_job_records_games_that_replay(cardset: None, alice: Any, client_for: Any) -> None:
    job = finish_job(
        job_create(
            owner=alice,
            game="eredan",
            entrants=[EntrantInput(deck="zil-golems"), EntrantInput(deck="noz-garde-du-dragon")],
            games=4,
            seed=2,
            chunk_size=2,
            policy="random",
            record_games=2,
        )
    )
    assert job.status == "done"
    records = [r.record for r in GameRecord.objects.filter(job=job).order_by("index")]
    assert len(records) == 2
    for record in records:
        verdict = client_for().post(VERIFY, record, format="json").json()
        assert verdict["valid"] is True, verdict["error"]
        assert verdict["result"] == record["result"]
    # A roll changed in a record no longer replays: the engine asks for what the record does not say.
    tampered = copy.deepcopy(records[0])
    roll = next(a for a in tampered["deals"][0]["actions"] if a["action"] == "roll")
    roll["value"] = roll["value"] + 1 if roll["value"] < 6 else 1
    verdict = client_for().post(VERIFY, tampered, format="json").json()
    assert verdict["valid"] is False
    assert verdict["error"]["code"] in {"wrong_chance", "wrong_result", "illegal_action", "wrong_score"}
