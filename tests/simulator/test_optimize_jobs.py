"""Optimize jobs (docs/lab.md "Optimizer"): submitting (every refusal at once), the search through
the job machinery — each work's chunks recorded once, the search advanced exactly once per work,
the same results whatever the chunking and equal to the local runner's —, progress with the
current best, the final deck saved, and cancelling that keeps the best deck so far. Real database,
real Redis (db 14)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cards.collection.services.collections import collection_create
from cards.collection.services.copies import CopyRequest, copies_add
from decks.models import Deck, DeckVersion
from eredan.errors import DomainError, DomainErrors
from simulator import selectors
from simulator.error_codes import SimulationErrorCode as Code
from simulator.lab.optimize import CONFIRM, DONE, SEARCH, VERIFY, Optimizer, run_optimize_local
from simulator.models import ChunkResult, SimulationJob
from simulator.services.chunks import ChunkOutcome, chunk_run
from simulator.services.jobs import job_cancel, job_create, job_dispatch
from simulator.services.optimize_requests import prepared_optimize_problem
from simulator.services.optimizes import optimize_dispatch, optimize_missing_chunks
from simulator.services.requests import EntrantInput, simulation_prepare
from simulator.specs import job_search_get
from tests.simulator.conftest import QUEUE, own_copy_of_demo, queued

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_broker")]

GOLEMS, GARDE, SABRE = "zil-golems", "noz-garde-du-dragon", "kotoba-voie-du-sabre"

#: A tiny search (3 candidates raced on 20 then 40 games, 60 games to verify, 60 to confirm):
#: a step costs 320 games, so a budget of 1,000 plays two steps and the confirmation.
TINY = {
    "candidates": 3,
    "first_round_games": 20,
    "verify_games": 60,
    "min_confirm_games": 60,
    "confirm_share": 0.2,
    "patience": 2,
}
#: The same, accepting every finalist (whatever its verified gain): the machinery moves for sure.
EAGER = {**TINY, "accept_margin": -0.5}


def optimize_request(owner: Any, **kw: Any) -> dict[str, Any]:
    request: dict[str, Any] = {
        "owner": owner,
        "game": "eredan",
        "kind": "optimize",
        "entrants": [EntrantInput(deck=GOLEMS)],
        "field": [EntrantInput(deck=GARDE), EntrantInput(deck=SABRE, weight=2)],
        "games": 1_000,
        "seed": 7,
        "settings": TINY,
        "chunk_size": 40,
    }
    request.update(kw)
    return request


def run_chunks(job: SimulationJob, *, shuffle: int | None = None, until: Any = None) -> SimulationJob:
    """Play an optimize's chunks in this process, work after work (as the workers would, each
    work's chunks in a shuffled order when asked), until it ends or ``until(job)`` holds."""
    job_dispatch(job_id=job.pk)
    while True:
        job.refresh_from_db()
        if not job.is_active or (until is not None and until(job)):
            return job
        missing = optimize_missing_chunks(job=job, optimizer=job_search_get(job=job, catalog=catalog()))
        if shuffle is not None:
            random.Random(shuffle).shuffle(missing)
        if not missing:
            optimize_dispatch(job=job)
            continue
        for c in missing:
            assert chunk_run(job_id=job.pk, pairing=0, chunk=c) == ChunkOutcome.PLAYED


def catalog() -> Any:
    from cards.specs import get_catalog

    return get_catalog()


def phase(job: SimulationJob) -> str:
    return str(job.search_state["state"]["phase"])


def test_an_optimize_is_saved_with_its_start_field_and_search(
    cardset: None, alice: Any, redis_broker: Any
) -> None:
    job = job_create(**optimize_request(alice, keep=["eclairs-1"], characters_may_change=True))
    rows = list(job.entrants.order_by("index"))
    assert [r.role for r in rows] == ["base", "field", "field"]
    assert [r.weight for r in rows[1:]] == [1.0, 2.0]
    assert (job.kind, job.games, job.total_games, job.games_done) == ("optimize", 1_000, 1_000, 0)
    assert job.search["keep"] == ["eclairs-1"] and job.search["characters_may_change"] is True
    assert job.search["owned"] is None and job.search["settings"]["candidates"] == 3
    state = Optimizer.load(job.search_state["state"])
    assert state.phase == SEARCH and len(state.candidates) == 3
    # The first work: the start and its 3 candidates on 20 games each, 40 games a chunk → 2 chunks.
    assert job.total_chunks == 2 and job.search_state["chunk_base"] == 0
    assert not job.award_experience and job.record_games == 0
    job_dispatch(job_id=job.pk)
    assert queued(redis_broker, QUEUE) == 2


def test_every_problem_of_an_optimize_is_reported_at_once(cardset: None, alice: Any, bob: Any) -> None:
    theirs = collection_create(owner=bob, name="Bob's")
    with pytest.raises(DomainErrors) as caught:
        simulation_prepare(
            **optimize_request(
                alice,
                entrants=[EntrantInput(deck=GOLEMS, weight=2)],
                field=[EntrantInput(deck=GARDE, weight=0)],
                games=100,
                keep=["eclairs-1", "katana-1"],
                characters_may_change="yes",
                settings={"candidates": 0, "speed": 3},
                collection_id=theirs.pk,
                record_games=2,
                award_experience=True,
                stop={"margin": 0.1},
            )
        )
    assert {(e.field, e.code) for e in caught.value.errors} == {
        ("entrants.0.weight", Code.INVALID_FIELD),
        ("field.0.weight", Code.INVALID_FIELD),
        ("keep.1", Code.INVALID_KEEP),
        ("characters_may_change", Code.INVALID_SETTINGS),
        ("settings.candidates", Code.INVALID_SETTINGS),
        ("settings.speed", Code.INVALID_SETTINGS),
        ("collection", Code.COLLECTION_NOT_FOUND),
        ("record_games", Code.BAD_RECORD_GAMES),
        ("award_experience", Code.EXPERIENCE),
        ("stop", Code.INVALID_STOP),
    }
    # The budget must fit one verified move and the confirmation of these settings.
    with pytest.raises(DomainError) as one:
        simulation_prepare(**optimize_request(alice, games=200))
    assert (one.value.field, one.value.code) == ("games", Code.TOO_FEW_GAMES)
    assert "at least 240" in one.value.message
    # One starting deck; settings that contradict each other.
    with pytest.raises(DomainErrors) as caught:
        simulation_prepare(
            **optimize_request(
                alice,
                entrants=[EntrantInput(deck=GOLEMS), EntrantInput(deck=GARDE)],
                settings={"first_round_games": 3},
            )
        )
    assert {(e.field, e.code) for e in caught.value.errors} == {
        ("entrants", Code.ENTRANTS),
        ("settings", Code.INVALID_SETTINGS),
    }
    # keep, settings and characters_may_change are an optimize's; an optimize needs decks.
    with pytest.raises(DomainErrors) as caught:
        simulation_prepare(
            owner=alice,
            game="eredan",
            entrants=[EntrantInput(deck=GOLEMS), EntrantInput(deck=GARDE)],
            games=10,
            keep=["eclairs-1"],
            settings={},
            characters_may_change=False,
        )
    assert {e.field for e in caught.value.errors} == {"keep", "settings", "characters_may_change"}
    with pytest.raises(DomainError) as one:
        simulation_prepare(
            owner=alice, game="ecarte", kind="optimize", entrants=[EntrantInput()], field="demo", games=10
        )
    assert (one.value.field, one.value.code) == ("kind", Code.UNKNOWN_KIND)


def test_a_demo_field_without_demo_decks_is_refused_on_the_field(cardset: None, alice: Any) -> None:
    """``"field": "demo"`` when no public demo deck is loaded: the field is refused, with how to
    load them (was: 'the field needs at least one opponent' on entrants.0.deck)."""
    mine, other = own_copy_of_demo(alice, GOLEMS), own_copy_of_demo(alice, GARDE)
    Deck.objects.filter(owner__isnull=True).delete()
    for kind in ("optimize", "compare"):
        request = optimize_request(alice, kind=kind, field="demo", entrants=[EntrantInput(deck=mine.pk)])
        if kind == "compare":
            del request["settings"]
            request["entrants"].append(EntrantInput(deck=other.pk))
        with pytest.raises(DomainError) as one:
            simulation_prepare(**request)
        assert (one.value.field, one.value.code) == ("field", Code.INVALID_FIELD), kind
        assert "load_demo_decks" in one.value.message


def test_with_a_collection_the_start_must_be_buildable_from_it(cardset: None, alice: Any) -> None:
    mine = collection_create(owner=alice, name="Mine")
    copies_add(collection=mine, requests=[CopyRequest(slug="eclairs-1")])
    with pytest.raises(DomainError) as one:
        simulation_prepare(**optimize_request(alice, collection_id=mine.pk))
    assert (one.value.field, one.value.code) == ("entrants.0.deck", Code.DECK_NOT_OWNED)
    assert {v["code"] for v in one.value.details["violations"]} == {"not_owned"}
    # Holding every copy of the deck (and three Tornades), the request passes, with a snapshot
    # of the copies: the job searches the collection as it was submitted.
    deck = own_copy_of_demo(alice, GOLEMS)
    slugs = [*deck.deck_characters.values_list("character__slug", flat=True)]
    for entry in deck.deck_cards.select_related("card"):
        slugs += [entry.card.slug] * entry.count
    copies_add(collection=mine, requests=[CopyRequest(slug=s) for s in [*slugs, *["tornade-1"] * 3]])
    prepared = simulation_prepare(
        **optimize_request(alice, entrants=[EntrantInput(deck=deck.pk)], collection_id=mine.pk)
    )
    assert prepared.search is not None
    assert prepared.search["owned"]["tornade-1"] == slugs.count("tornade-1") + 3
    assert prepared.search["collection"] == mine.pk


def test_the_search_is_the_same_whatever_the_chunking_and_equals_the_local_runner(
    cardset: None, alice: Any
) -> None:
    request = optimize_request(alice, settings=EAGER)
    small = run_chunks(job_create(**request), shuffle=3)
    large = run_chunks(job_create(**{**request, "chunk_size": 2_000}))
    assert (small.status, large.status) == ("done", "done")
    assert small.chunks_done > large.chunks_done
    strip = ("saved_deck",)
    one = {k: v for k, v in small.results.items() if k not in strip}
    two = {k: v for k, v in large.results.items() if k not in strip}
    assert one == two
    # The local runner plays the same search (its document has the same content).
    prepared = simulation_prepare(**request)
    optimizer, state = run_optimize_local(prepared_optimize_problem(prepared), processes=1, chunk_games=7)
    local = selectors.optimize_results_document(
        game=prepared.game,
        options=prepared.options,
        seed=prepared.seed,
        entrants=prepared.entrants_json(),
        optimizer=optimizer,
        state=state,
        start_name=prepared.entrants[0].deck_name,
    )
    assert {k: v for k, v in local.items() if k not in strip} == {
        k: v for k, v in one.items() if k not in ("entrants",)
    } | {"entrants": local["entrants"]}
    # Three accepted moves (every finalist is: two steps of 3 candidates, then one of a single
    # candidate, all the budget left allows), each with its verified gain; the confirmation on
    # games the search never used; every game counted once.
    results = small.results
    assert [s["candidates"] for s in results["steps"]] == [3, 3, 1]
    assert len(results["path"]) == 3 and results["stop_reason"] == "budget"
    assert results["confirmation"]["played"] and results["confirmation"]["games"] == 100
    assert results["games"]["total"] == small.games_done == small.total_games <= 1_000
    assert sum(ChunkResult.objects.filter(job=small).values_list("games", flat=True)) > 0
    assert results["estimated_gain"]["biased"] is True
    assert results["final"] != results["start"] and results["final_text"].startswith("Name: ")


def test_the_final_deck_is_saved_as_a_new_deck_of_the_owner(cardset: None, alice: Any) -> None:
    job = run_chunks(job_create(**optimize_request(alice, settings=EAGER)))
    saved = job.results["saved_deck"]
    deck = Deck.objects.get(pk=saved["id"])
    assert (
        deck.owner == alice
        and deck.name == saved["name"] == f"Zil — Marlok et ses golems (optimize #{job.pk})"
    )
    version = DeckVersion.objects.get(deck=deck)
    assert (version.source, version.author) == ("optimize", alice)
    assert version.characters == job.results["final"]["characters"]
    assert version.cards == job.results["final"]["cards"]
    assert deck.is_valid


def test_chunks_are_recorded_once_and_each_work_advances_the_search_once(cardset: None, alice: Any) -> None:
    job = job_create(**optimize_request(alice, settings=EAGER))
    job_dispatch(job_id=job.pk)
    assert chunk_run(job_id=job.pk, pairing=0, chunk=0) == ChunkOutcome.PLAYED
    assert chunk_run(job_id=job.pk, pairing=0, chunk=0) == ChunkOutcome.ALREADY_DONE
    job.refresh_from_db()
    assert job.search_state["chunk_base"] == 0  # one chunk of two: the work is not complete
    assert job.games_done == 4 * 10  # 20 games per deck, 2 chunks: 10 games of each of 4 decks
    assert chunk_run(job_id=job.pk, pairing=0, chunk=1) == ChunkOutcome.PLAYED
    job.refresh_from_db()
    state = Optimizer.load(job.search_state["state"])
    # The first round kept 2 of the 3 candidates: the second round is 3 decks on 40 games, in
    # chunks of 40 games over the 3 decks — 12 games of each (even) —, so 4 chunks.
    assert (state.phase, state.round, len(state.survivors)) == (SEARCH, 1, 2)
    assert job.search_state["chunk_base"] == 2 and job.total_chunks == 2 + 4
    assert job.games_done == 80
    # A redelivered chunk of the finished work, a dispatch with nothing missing: nothing moves.
    assert chunk_run(job_id=job.pk, pairing=0, chunk=1) == ChunkOutcome.ALREADY_DONE
    before = job.search_state
    job_dispatch(job_id=job.pk)  # re-sends the missing chunks only
    job.refresh_from_db()
    assert job.search_state == before
    assert chunk_run(job_id=job.pk, pairing=0, chunk=99) == ChunkOutcome.SKIPPED
    job = run_chunks(job)
    assert job.status == "done" and job.chunks_done == job.total_chunks
    assert sorted(ChunkResult.objects.filter(job=job).values_list("chunk", flat=True)) == list(
        range(job.total_chunks)
    )
    assert (
        optimize_dispatch(job=job) == 0
        and chunk_run(job_id=job.pk, pairing=0, chunk=0) == ChunkOutcome.SKIPPED
    )


def test_progress_shows_the_current_best_and_its_estimate(cardset: None, alice: Any, client_for: Any) -> None:
    job = job_create(**optimize_request(alice, settings=EAGER))
    job = run_chunks(job, until=lambda j: Optimizer.load(j.search_state["state"]).accepted)
    progress = selectors.optimize_progress(job=job)
    assert progress is not None and progress["accepted"] == 1
    step = progress["last_step"]
    assert step["accepted"]
    assert progress["best"] == Optimizer.load(job.search_state["state"]).incumbent.to_json()
    assert progress["estimated_gain"]["estimate"] == step["verify"]["estimate"]
    assert progress["estimated_gain"]["biased"] is True
    partial = selectors.job_results(job=job)
    assert partial["partial"] is True and partial["final"] == progress["best"]
    assert partial["confirmation"] is None and partial["path"] == [step]
    body = client_for(alice).get(f"/api/simulations/{job.pk}/?results=false").json()
    assert body["search"]["best"] == progress["best"] and body["search"]["accepted"] == 1


def test_cancelling_keeps_the_best_deck_so_far(cardset: None, alice: Any) -> None:
    job = job_create(**optimize_request(alice, settings=EAGER))
    job = run_chunks(job, until=lambda j: Optimizer.load(j.search_state["state"]).accepted)
    best = Optimizer.load(job.search_state["state"]).incumbent
    job = job_cancel(job=job)
    assert job.status == "cancelled"
    results = selectors.job_results(job=job)
    assert results["partial"] is True and results["stop_reason"] == "cancelled"
    assert results["final"] == best.to_json() and results["confirmation"] is None
    assert len(results["path"]) == 1
    assert Deck.objects.get(pk=results["saved_deck"]["id"]).owner == alice
    assert phase(job) == DONE
    # Chunks that come up afterwards do nothing; cancelling again is a 409.
    assert chunk_run(job_id=job.pk, pairing=0, chunk=job.total_chunks - 1) == ChunkOutcome.SKIPPED
    with pytest.raises(DomainError) as again:
        job_cancel(job=job)
    assert again.value.code == Code.JOB_FINISHED


def test_cancelling_during_the_confirmation_keeps_the_best_deck_unconfirmed(
    cardset: None, alice: Any
) -> None:
    job = job_create(**optimize_request(alice, settings=EAGER))
    job = run_chunks(job, until=lambda j: phase(j) == CONFIRM)
    assert Optimizer.load(job.search_state["state"]).games[VERIFY] > 0
    assert chunk_run(job_id=job.pk, pairing=0, chunk=job.search_state["chunk_base"]) == ChunkOutcome.PLAYED
    job = job_cancel(job=job)
    results = job.results
    assert results["stop_reason"] == "budget"  # why the search ended; the confirmation was cut
    assert results["phase"] == DONE and results["confirmation"] is None
    assert results["final"] == selectors.optimize_progress(job=job)["best"]
    assert len(results["path"]) == 3 and results["saved_deck"] is not None
