"""Compare jobs (docs/lab.md "Compare"): submitting (every refusal at once), common random numbers
through the job machinery, sequential rounds decided exactly once, idempotent chunks, results
independent of the chunking and equal to the local runner's. Real database, real Redis (db 14)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from eredan.errors import DomainError, DomainErrors
from simulator import selectors
from simulator.error_codes import SimulationErrorCode as Code
from simulator.lab.compare import run_compare_local
from simulator.models import ChunkResult, SimulationEntrant, SimulationJob
from simulator.services.chunks import ChunkOutcome, chunk_run
from simulator.services.compares import compare_missing_chunks, compare_round_close
from simulator.services.jobs import job_create, job_dispatch
from simulator.services.requests import EntrantInput, simulation_prepare
from tests.simulator.conftest import QUEUE, queued

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_broker")]

GOLEMS, GARDE, SABRE = "zil-golems", "noz-garde-du-dragon", "kotoba-voie-du-sabre"
#: Two Éclairs and a Foudre-lame out, two Rester en retrait and a Tornade in: clearly weaker with
#: the greedy AI — −3.1 points [−4.9, −1.2] against every demo deck, −5.7 against the Garde du
#: dragon and the Voie du sabre alone (4,000 games per arm, seed 16: docs/lab.md "Worked example").
WEAKER = {"out": {"eclairs-1": 2, "foudre-lame-1": 1}, "in": {"rester-en-retrait-1": 2, "tornade-1": 1}}


def finish_compare(job: SimulationJob, *, shuffle: int | None = None) -> SimulationJob:
    """Play a compare's chunks in this process, round after round (as the workers would, each
    round's chunks in a shuffled order when asked), until it ends."""
    job_dispatch(job_id=job.pk)
    while True:
        job.refresh_from_db()
        if not job.is_active:
            return job
        missing = compare_missing_chunks(job)
        if shuffle is not None:
            random.Random(shuffle).shuffle(missing)
        if not missing:
            compare_round_close(job_id=job.pk)
            continue
        for c in missing:
            assert chunk_run(job_id=job.pk, pairing=0, chunk=c.chunk) == ChunkOutcome.PLAYED


def ecarte_compare(owner: Any, **kw: Any) -> SimulationJob:
    options: dict[str, Any] = {
        "game": "ecarte",
        "kind": "compare",
        "entrants": [EntrantInput(policy="heuristic"), EntrantInput(policy="random")],
        "field": [EntrantInput(policy="random"), EntrantInput(policy="heuristic", weight=3)],
        "games": 400,
        "seed": 5,
        "chunk_size": 50,
    }
    options.update(kw)
    return job_create(owner=owner, **options)


def test_a_compare_is_saved_with_its_arms_and_field(cardset: None, alice: Any, redis_broker: Any) -> None:
    job = job_create(
        owner=alice,
        game="eredan",
        kind="compare",
        entrants=[EntrantInput(deck=GOLEMS), EntrantInput(swaps=WEAKER)],
        field=[EntrantInput(deck=GARDE, weight=2), EntrantInput(deck=SABRE)],
        games=200,
        seed=1,
    )
    rows = list(job.entrants.order_by("index"))
    assert [r.role for r in rows] == ["base", "variant", "field", "field"]
    assert [r.weight for r in rows[2:]] == [2.0, 1.0]
    variant = rows[1]
    assert variant.swaps == WEAKER
    assert variant.cards["eclairs-1"] == 1 and variant.cards["rester-en-retrait-1"] == 3
    assert variant.characters == rows[0].characters
    assert variant.label.endswith("−2 eclairs-1 −1 foudre-lame-1 +2 rester-en-retrait-1 +1 tornade-1")
    assert job.pairings.count() == 1 and (job.total_games, job.record_games) == (200, 0)
    assert not job.award_experience and not any(r.earns_experience for r in rows)
    job_dispatch(job_id=job.pk)
    assert queued(redis_broker, QUEUE) == job.total_chunks


def test_every_problem_of_a_compare_is_reported_at_once(cardset: None, alice: Any) -> None:
    with pytest.raises(DomainErrors) as caught:
        simulation_prepare(
            owner=alice,
            game="eredan",
            kind="compare",
            entrants=[
                EntrantInput(deck=GOLEMS, swaps=WEAKER),
                EntrantInput(swaps={"out": {"eclairs-1": 4}, "in": {"tornade-1": 0}}),
                EntrantInput(deck=GARDE, weight=2),
            ],
            field=[EntrantInput(deck=SABRE, weight=-1)],
            games=101,
            stop={"margin": 0, "rounds": 3},
            record_games=2,
            award_experience=True,
        )
    problems = {(e.field, e.code) for e in caught.value.errors}
    assert problems == {
        ("entrants.0.swaps", Code.INVALID_SWAP),
        ("entrants.2.weight", Code.INVALID_FIELD),
        ("field.0.weight", Code.INVALID_FIELD),
        ("games", Code.INVALID_GAMES),
        ("stop.rounds", Code.INVALID_STOP),
        ("stop.margin", Code.INVALID_STOP),
        ("record_games", Code.BAD_RECORD_GAMES),
        ("award_experience", Code.EXPERIENCE),
    }
    # A variant's swaps are checked against its base (here the base is refused, so only its own).
    with pytest.raises(DomainErrors) as caught:
        simulation_prepare(
            owner=alice,
            game="eredan",
            kind="compare",
            entrants=[
                EntrantInput(deck=GOLEMS),
                EntrantInput(swaps={"out": {"eclairs-1": 4}, "in": {"x": 0}}),
            ],
            field="demo",
            games=100,
        )
    assert {(e.field, e.code) for e in caught.value.errors} == {
        ("entrants.1.swaps.out.eclairs-1", Code.SWAP_CARD_MISSING),
        ("entrants.1.swaps.in.x", Code.INVALID_SWAP),
    }


def test_a_compare_needs_a_field_and_a_variant(cardset: None, alice: Any) -> None:
    with pytest.raises(DomainErrors) as caught:
        simulation_prepare(owner=alice, game="ecarte", kind="compare", entrants=[EntrantInput()], games=10)
    assert {(e.field, e.code) for e in caught.value.errors} == {
        ("entrants", Code.ENTRANTS),
        ("field", Code.INVALID_FIELD),
    }
    with pytest.raises(DomainError) as one:
        simulation_prepare(
            owner=alice, game="ecarte", kind="compare", entrants=[EntrantInput()] * 2, field="demo", games=10
        )
    assert (one.value.field, one.value.code) == ("field", Code.INVALID_FIELD)
    # field and stop belong to a compare only.
    with pytest.raises(DomainErrors) as caught:
        simulation_prepare(
            owner=alice,
            game="ecarte",
            entrants=[EntrantInput()] * 2,
            field="demo",
            stop={"margin": 0.1},
            games=10,
        )
    assert {e.code for e in caught.value.errors} == {Code.INVALID_FIELD, Code.INVALID_STOP}


def test_all_public_demo_decks_make_a_field(cardset: None, alice: Any) -> None:
    prepared = simulation_prepare(
        owner=alice,
        game="eredan",
        kind="compare",
        entrants=[EntrantInput(deck=GOLEMS), EntrantInput(deck=GOLEMS)],
        field="demo",
        games=20,
    )
    assert sorted(e.deck_slug for e in prepared.field_entrants) == sorted([GOLEMS, GARDE, SABRE])
    assert prepared.chunk_size % 2 == 0


def test_identical_arms_differ_by_exactly_zero(cardset: None, alice: Any) -> None:
    job = job_create(
        owner=alice,
        game="eredan",
        kind="compare",
        entrants=[EntrantInput(deck=GOLEMS), EntrantInput(deck=GOLEMS, label="the same deck")],
        field=[EntrantInput(deck=GARDE), EntrantInput(deck=SABRE)],
        games=60,
        seed=2,
        chunk_size=10,
    )
    job = finish_compare(job)
    assert (job.status, job.stop_reason) == ("done", "fixed")
    (same,) = job.results["differences"]
    assert same["estimate"] == 0.0 and same["changed"] == 0 and same["games"] == 60
    assert job.results["arms"][0]["wins"] == job.results["arms"][1]["wins"]
    assert job.results["stop"]["reason"] == "fixed"


def test_three_cards_swapped_for_weaker_ones_lose_and_the_interval_says_so(cardset: None, alice: Any) -> None:
    # 1,000 games per arm (500 seat-swapped pairs) against Noz'Dingard and Kotoba, seed 16: the
    # paired 95 % interval of the difference lies below 0.
    job = job_create(
        owner=alice,
        game="eredan",
        kind="compare",
        entrants=[EntrantInput(deck=GOLEMS), EntrantInput(swaps=WEAKER)],
        field=[EntrantInput(deck=GARDE), EntrantInput(deck=SABRE)],
        games=1000,
        seed=16,
        chunk_size=250,
    )
    job = finish_compare(job)
    (weaker,) = job.results["differences"]
    assert weaker["estimate"] < 0
    assert weaker["ci95"][1] < 0 and weaker["significant"]
    assert weaker["estimate"] == pytest.approx(weaker["variant_win_rate"] - weaker["base_win_rate"])
    # Card metrics of every entrant, from the engine's card events.
    metrics = {m["label"]: m for m in job.results["card_metrics"]}
    base = metrics[job.results["arms"][0]["label"]]
    eclairs = next(c for c in base["cards"] if c["card"] == "eclairs-1")
    assert eclairs["copies"] == 3
    assert set(eclairs["metrics"]) == {"opening_hand", "drawn", "in_hand", "played", "not_seen", "iwd"}
    assert eclairs["metrics"]["in_hand"]["games"] + eclairs["metrics"]["not_seen"]["games"] == 3 * 1000


def test_a_sequential_compare_stops_after_the_round_that_resolves(alice: Any) -> None:
    job = ecarte_compare(alice, games=4000, stop={"margin": 0.01, "first_round": 400}, chunk_size=100)
    assert job.total_chunks == 40
    job = finish_compare(job)
    # Heuristic against random play: resolved in the first round.
    assert (job.status, job.stop_reason, job.rounds_done) == ("done", "resolved", 0)
    assert (job.games_done, job.total_games, job.chunks_done, job.total_chunks) == (400, 400, 4, 4)
    (random_arm,) = job.results["differences"]
    assert random_arm["verdict"] == "worse" and random_arm["cs95"][1] < 0 and random_arm["ci95"][1] < 0
    assert job.results["stop"] == {
        "sequential": True,
        "margin": 0.01,
        "first_round": 400,
        "budget": 4000,
        "rounds": [400],
        "games_per_arm": 400,
        "reason": "resolved",
    }
    assert ChunkResult.objects.filter(job=job).count() == 4
    assert compare_round_close(job_id=job.pk) is False  # decided once


def test_identical_arms_play_every_round_until_within_the_margin(alice: Any) -> None:
    job = ecarte_compare(
        alice,
        entrants=[EntrantInput(policy="heuristic"), EntrantInput(policy="heuristic", label="again")],
        games=800,
        stop={"margin": 0.05, "first_round": 200},
        chunk_size=60,
    )
    job = finish_compare(job, shuffle=3)
    assert (job.status, job.stop_reason) == ("done", "resolved")
    (same,) = job.results["differences"]
    assert same["verdict"] == "within_margin" and same["changed"] == 0
    # No pair ever differs, every bet is the largest (½): the sequence's half-width after N pairs
    # is 2 log(40) / (½ N) — 0.148 after 100 pairs, 0.074 after 200, 0.037 after 400 — so the
    # margin of 0.05 is reached in the third round (800 games per arm), not before.
    assert job.results["stop"]["rounds"] == [200, 400, 800]


def test_results_do_not_depend_on_the_chunking_and_equal_the_local_runner(alice: Any) -> None:
    stop = {"margin": 0.03, "first_round": 100}
    jobs = [finish_compare(ecarte_compare(alice, games=400, stop=stop, chunk_size=size), shuffle=size)
            for size in (2, 64)]  # fmt: skip
    first, second = (j.results for j in jobs)
    assert first == second
    prepared = simulation_prepare(
        owner=alice,
        game="ecarte",
        kind="compare",
        entrants=[EntrantInput(policy="heuristic"), EntrantInput(policy="random")],
        field=[EntrantInput(policy="random"), EntrantInput(policy="heuristic", weight=3)],
        games=400,
        seed=5,
        stop=stop,
    )
    rounds, reason = run_compare_local(prepared.compare_plan, processes=1)
    local = selectors.compare_results_document(
        game="ecarte",
        options={},
        seed=5,
        entrants=prepared.entrants_json(),
        plan=prepared.compare_plan,
        rounds=rounds,
        reason=reason,
    )
    assert local["differences"] == first["differences"] and local["stop"] == first["stop"]


def test_a_redelivered_chunk_counts_once_and_dispatch_again_sends_only_what_is_missing(
    alice: Any, redis_broker: Any
) -> None:
    job = ecarte_compare(
        alice,
        entrants=[EntrantInput(policy="random"), EntrantInput(policy="random", label="again")],
        games=400,
        stop={"margin": 0.001, "first_round": 200},
        chunk_size=100,
    )
    assert job_dispatch(job_id=job.pk) == 2  # the first round's chunks only
    assert chunk_run(job_id=job.pk, pairing=0, chunk=0) == ChunkOutcome.PLAYED
    assert chunk_run(job_id=job.pk, pairing=0, chunk=0) == ChunkOutcome.ALREADY_DONE
    redis_broker.flushdb()
    assert job_dispatch(job_id=job.pk) == 1
    assert chunk_run(job_id=job.pk, pairing=0, chunk=1) == ChunkOutcome.PLAYED
    job.refresh_from_db()
    # Round 0 complete, identical arms not resolved at that margin: round 1 opened, its chunks queued.
    assert (job.rounds_done, job.status, job.games_done) == (1, "running", 200)
    assert queued(redis_broker, QUEUE) >= 1
    partial = selectors.job_results(job=job)
    assert partial["partial"] is True and partial["differences"][0]["games"] == 200
    assert partial["stop"]["reason"] is None
    redis_broker.flushdb()
    assert job_dispatch(job_id=job.pk) == 2


def test_cancelled_compare_plays_nothing_more(alice: Any) -> None:
    from simulator.services.jobs import job_cancel

    job = ecarte_compare(alice, games=200, chunk_size=50)
    job_cancel(job=job)
    assert chunk_run(job_id=job.pk, pairing=0, chunk=0) == ChunkOutcome.SKIPPED
    assert not ChunkResult.objects.filter(job=job).exists()
    assert SimulationEntrant.objects.filter(job=job, role="field").count() == 2
