"""simulator/services/ (requests, jobs, chunks): submitting a job (every refusal a 400 with
reasons, nothing queued), dispatching, playing chunks exactly once, finalizing exactly once,
cancelling, failing, and awarding experience once per game. Real database, real Redis (this area's db 14)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.db.models import Sum

from cards.collection.models import ExperienceAward, ExperienceGrant
from cards.collection.services.collections import collection_create
from cards.collection.services.copies import CopyRequest, copies_add
from decks.models import Deck
from decks.services import deck_create
from eredan.errors import DomainError, DomainErrors
from simulator import selectors
from simulator.engine.batch import run_local
from simulator.engine.registry import get_game_spec
from simulator.error_codes import SimulationErrorCode as Code
from simulator.limits import MAX_ACTIVE_JOBS_PER_USER, MAX_CHUNKS, TARGET_CHUNK_SECONDS
from simulator.models import ChunkResult, SimulationJob
from simulator.services.chunks import ChunkOutcome, chunk_run
from simulator.services.jobs import job_cancel, job_create, job_dispatch, job_finalize
from simulator.services.requests import DeckComposition, EntrantInput, chunk_size_default, simulation_prepare
from simulator.specs import batch_cache_clear
from tests.simulator.conftest import QUEUE, own_copy_of_demo, queued

# Every message a test sends goes to this area's Redis database, emptied after each test.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_broker")]

GOLEMS, GARDE, KOTOBA = "zil-golems", "noz-garde-du-dragon", "kotoba-voie-du-sabre"


def ecarte_job(
    owner: Any, *, games: int = 30, chunk_size: int = 7, seed: int | None = 3, **kw: Any
) -> SimulationJob:
    return job_create(
        owner=owner,
        game="ecarte",
        entrants=[EntrantInput(policy="heuristic"), EntrantInput(policy="random")],
        games=games,
        seed=seed,
        chunk_size=chunk_size,
        **kw,
    )


def run_all_chunks(job: SimulationJob, order: list[tuple[int, int]] | None = None) -> list[ChunkOutcome]:
    chunks = order or [(c.pairing, c.chunk) for c in _chunks(job)]
    return [chunk_run(job_id=job.pk, pairing=p, chunk=c) for p, c in chunks]


def _chunks(job: SimulationJob) -> list[Any]:
    from simulator.engine.batch import chunk_ranges

    return chunk_ranges(job.games, job.chunk_size, job.pairings.count())


# --- submitting -----------------------------------------------------------------------------------


def test_a_matchup_is_saved_with_deck_snapshots_and_queued_after_commit(
    cardset: None, alice: Any, redis_broker: Any, django_capture_on_commit_callbacks: Any
) -> None:
    golems = Deck.objects.get(slug=GOLEMS)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        job = job_create(
            owner=alice,
            game="eredan",
            entrants=[
                EntrantInput(deck=GOLEMS),
                EntrantInput(deck=Deck.objects.get(slug=GARDE).pk, policy="random"),
            ],
            games=100,
            seed=42,
            chunk_size=30,
        )
    assert len(callbacks) == 1
    assert queued(redis_broker) == 1  # the dispatch message, on the broker
    assert (job.status, job.total_games, job.total_chunks, job.games_done) == ("pending", 100, 4, 0)
    assert job.catalog_version
    a, b = job.entrants.order_by("index")
    assert (a.label, a.policy, a.deck_id, a.deck_slug) == (golems.name, "greedy", golems.pk, GOLEMS)
    assert len(a.characters) == 3 and sum(a.cards.values()) == 30
    assert b.policy == "random" and not a.earns_experience
    assert list(job.pairings.values_list("index", "a", "b")) == [(0, 0, 1)]


def test_a_job_keeps_every_rule_it_is_played_with(cardset: None, alice: Any) -> None:
    """docs/rules/eredan.md §3 Decisions — a job's options are the game's, the defaults filled in:
    every field of EredanRules, those given changed; the results say them too."""
    from simulator.games.eredan.rules import DEFAULT_RULES

    job = job_create(
        owner=alice,
        game="eredan",
        entrants=[EntrantInput(deck=GOLEMS), EntrantInput(deck=GARDE)],
        games=4,
        options={"mage_spell_chain_any": False, "turn_cap": 40},
    )
    expected = DEFAULT_RULES.to_options() | {"mage_spell_chain_any": False, "turn_cap": 40}
    assert SimulationJob.objects.get(pk=job.pk).options == expected
    assert selectors.job_results_compute(job=job)["options"] == expected


def test_the_seed_is_chosen_and_kept_when_not_given(cardset: None, alice: Any) -> None:
    job = ecarte_job(alice, seed=None)
    assert 0 <= job.seed < 2**63
    assert SimulationJob.objects.get(pk=job.pk).seed == job.seed


def test_the_same_deck_twice_gets_distinct_labels(cardset: None, alice: Any) -> None:
    job = job_create(
        owner=alice, game="eredan", entrants=[EntrantInput(deck=GOLEMS), EntrantInput(deck=GOLEMS)], games=10
    )
    labels = list(job.entrants.order_by("index").values_list("label", flat=True))
    assert labels[1] == f"{labels[0]} (2)"


def _bad(**overrides: Any) -> dict[str, Any]:
    request: dict[str, Any] = {
        "game": "eredan",
        "entrants": [EntrantInput(deck=GOLEMS), EntrantInput(deck=GARDE)],
        "games": 100,
    }
    request.update(overrides)
    return request


BAD_REQUESTS = {
    "unknown game": (_bad(game="chess"), Code.UNKNOWN_GAME, "game"),
    "unknown kind": (_bad(kind="swiss"), Code.UNKNOWN_KIND, "kind"),
    "three decks in a matchup": (
        _bad(entrants=[EntrantInput(deck=GOLEMS)] * 3),
        Code.ENTRANTS,
        "entrants",
    ),
    "one deck in a gauntlet": (
        _bad(kind="gauntlet", entrants=[EntrantInput(deck=GOLEMS)]),
        Code.ENTRANTS,
        "entrants",
    ),
    "seventeen decks in a round robin": (
        _bad(kind="round_robin", entrants=[EntrantInput(deck=GOLEMS)] * 17, games=10),
        Code.ENTRANTS,
        "entrants",
    ),
    "unknown policy": (
        _bad(entrants=[EntrantInput(deck=GOLEMS, policy="alphazero"), EntrantInput(deck=GARDE)]),
        Code.UNKNOWN_POLICY,
        "entrants.0.policy",
    ),
    "unknown default policy": (_bad(policy="alphazero"), Code.UNKNOWN_POLICY, "policy"),
    "unknown option": (_bad(options={"blitz": 1}), Code.INVALID_OPTION, "options.blitz"),
    "option of the wrong type": (_bad(options={"turn_cap": "30"}), Code.INVALID_OPTION, "options.turn_cap"),
    "option out of range": (_bad(options={"turn_cap": 0}), Code.INVALID_OPTION, "options"),
    "no games": (_bad(games=0), Code.TOO_FEW_GAMES, "games"),
    "a million and one games": (_bad(games=1_000_001), Code.TOO_MANY_GAMES, "games"),
    "games as text": (_bad(games="100"), Code.INVALID_GAMES, "games"),
    "games as a boolean": (_bad(games=True), Code.INVALID_GAMES, "games"),
    "a round robin over a million games": (
        _bad(kind="round_robin", entrants=[EntrantInput(deck=GOLEMS)] * 3, games=400_000),
        Code.TOO_MANY_GAMES,
        "games",
    ),
    "negative seed": (_bad(seed=-1), Code.BAD_SEED, "seed"),
    "seed over 63 bits": (_bad(seed=2**63), Code.BAD_SEED, "seed"),
    "chunk size zero": (_bad(chunk_size=0), Code.BAD_CHUNK_SIZE, "chunk_size"),
    "too many chunks": (_bad(games=1_000_000, chunk_size=99), Code.BAD_CHUNK_SIZE, "chunk_size"),
    "chunks too long for the broker": (
        _bad(policy="ismcts", games=1000, chunk_size=1000),
        Code.BAD_CHUNK_SIZE,
        "chunk_size",
    ),
    "a missing deck": (
        _bad(entrants=[EntrantInput(deck=GOLEMS), EntrantInput()]),
        Code.DECK_REQUIRED,
        "entrants.1.deck",
    ),
    "an unknown demo slug": (
        _bad(entrants=[EntrantInput(deck=GOLEMS), EntrantInput(deck="no-such-deck")]),
        Code.DECK_NOT_FOUND,
        "entrants.1.deck",
    ),
    "an unknown deck id": (
        _bad(entrants=[EntrantInput(deck=GOLEMS), EntrantInput(deck=10**9)]),
        Code.DECK_NOT_FOUND,
        "entrants.1.deck",
    ),
    "a deck for cribbage": (
        {
            "game": "cribbage",
            "entrants": [EntrantInput(deck=GOLEMS), EntrantInput(policy="random")],
            "games": 10,
        },
        Code.DECK_NOT_ALLOWED,
        "entrants.0.deck",
    ),
    "experience from cribbage": (
        {
            "game": "cribbage",
            "entrants": [EntrantInput(policy="ev"), EntrantInput(policy="random")],
            "games": 10,
            "award_experience": True,
        },
        Code.EXPERIENCE,
        "award_experience",
    ),
    "experience from demo decks only": (_bad(award_experience=True), Code.EXPERIENCE, "award_experience"),
    "a collection without experience": (_bad(collection_id=1), Code.EXPERIENCE, "collection"),
}


@pytest.mark.parametrize("name", list(BAD_REQUESTS))
def test_bad_requests_are_refused_and_nothing_is_saved_or_queued(
    name: str, cardset: None, alice: Any, redis_broker: Any, django_capture_on_commit_callbacks: Any
) -> None:
    request, code, field = BAD_REQUESTS[name]
    with django_capture_on_commit_callbacks(execute=True) as callbacks, pytest.raises(DomainError) as info:
        job_create(owner=alice, **request)
    assert (info.value.code, info.value.field) == (code, field), info.value.message
    assert info.value.status_code == 400
    assert info.value.message
    assert callbacks == []
    assert not SimulationJob.objects.exists()
    assert queued(redis_broker) == 0


def test_a_wrong_number_of_entrants_is_reported_with_the_other_problems(cardset: None, alice: Any) -> None:
    with pytest.raises(DomainError) as info:
        job_create(
            owner=alice,
            game="eredan",
            entrants=[EntrantInput(deck=GOLEMS), EntrantInput(deck=GARDE), EntrantInput(deck="no-such-deck")],
            games=0,
        )
    assert isinstance(info.value, DomainErrors)
    assert {(e.field, e.code) for e in info.value.errors} == {
        ("entrants", Code.ENTRANTS),
        ("entrants.2.deck", Code.DECK_NOT_FOUND),
        ("games", Code.TOO_FEW_GAMES),
    }


def test_every_problem_is_reported_at_once(cardset: None, alice: Any) -> None:
    with pytest.raises(DomainError) as info:
        job_create(
            owner=alice,
            game="eredan",
            entrants=[EntrantInput(deck=GOLEMS, policy="nope"), EntrantInput(deck="no-such-deck")],
            games=0,
            seed=-5,
        )
    assert isinstance(info.value, DomainErrors)
    assert [(e.field, e.code) for e in info.value.errors] == [  # in the order of the request's fields
        ("entrants.0.policy", Code.UNKNOWN_POLICY),
        ("entrants.1.deck", Code.DECK_NOT_FOUND),
        ("games", Code.TOO_FEW_GAMES),
        ("seed", Code.BAD_SEED),
    ]
    assert info.value.code == Code.UNKNOWN_POLICY  # the first problem's (and its status)
    assert all(e.message for e in info.value.errors) and "problems" not in info.value.details


def test_someone_elses_deck_is_refused_like_a_missing_one(cardset: None, alice: Any, bob: Any) -> None:
    """Private or public, another user's deck is "no deck of yours": its existence does not leak."""
    for is_public in (False, True):
        bobs = own_copy_of_demo(bob, GARDE, name=f"bob {is_public}")
        Deck.objects.filter(pk=bobs.pk).update(is_public=is_public)
        with pytest.raises(DomainError) as info:
            job_create(
                owner=alice,
                game="eredan",
                entrants=[EntrantInput(deck=GOLEMS), EntrantInput(deck=bobs.pk)],
                games=5,
            )
        assert (info.value.code, info.value.field) == (Code.DECK_NOT_FOUND, "entrants.1.deck")
        assert info.value.message == f"No deck of yours and no public demo deck is {bobs.pk!r}."


def test_an_invalid_deck_is_refused_with_its_violations(cardset: None, alice: Any) -> None:
    draft = deck_create(owner=alice, name="Two characters", characters=["marlok-1"], cards={"eclairs-1": 3})
    assert draft.is_valid is False
    with pytest.raises(DomainError) as info:
        job_create(
            owner=alice,
            game="eredan",
            entrants=[EntrantInput(deck=draft.pk), EntrantInput(deck=GARDE)],
            games=5,
        )
    assert (info.value.code, info.value.field) == (Code.DECK_INVALID, "entrants.0.deck")
    assert info.value.details["violations"] and all("code" in v for v in info.value.details["violations"])


def test_a_composition_is_validated_like_a_saved_deck(cardset: None) -> None:
    bad = DeckComposition(name="Nothing", characters=("marlok-1",), cards={"eclairs-1": 3})
    with pytest.raises(DomainError) as info:
        simulation_prepare(
            owner=None,
            game="eredan",
            entrants=[EntrantInput(composition=bad), EntrantInput(deck=GARDE)],
            games=5,
        )
    assert (info.value.code, info.value.field) == (Code.DECK_INVALID, "entrants.0.deck")


def test_a_command_line_job_without_owner_may_not_use_private_decks(cardset: None, alice: Any) -> None:
    mine = own_copy_of_demo(alice, GOLEMS)
    with pytest.raises(DomainError) as info:
        simulation_prepare(
            owner=None,
            game="eredan",
            entrants=[EntrantInput(deck=mine.pk), EntrantInput(deck=GARDE)],
            games=5,
        )
    assert info.value.code == Code.DECK_NOT_FOUND


def test_active_jobs_per_user_are_limited(cardset: None, alice: Any, bob: Any) -> None:
    for _ in range(MAX_ACTIVE_JOBS_PER_USER):
        ecarte_job(alice)
    with pytest.raises(DomainError) as info:
        ecarte_job(alice)
    assert (info.value.code, info.value.status_code) == (Code.TOO_MANY_JOBS, 429)
    ecarte_job(bob)  # someone else is not affected
    job_cancel(job=SimulationJob.objects.filter(owner=alice).order_by("pk")[0])
    ecarte_job(alice)  # a cancelled job frees its place


def test_default_chunk_size_aims_at_a_few_seconds_and_bounds_the_chunk_count() -> None:
    eredan = get_game_spec("eredan")  # each policy's expected cost is declared by the game's spec
    random_game = eredan.policies["random"].seconds_per_game
    assert chunk_size_default(spec=eredan, policies=["random", "random"], total_games=100) == int(
        TARGET_CHUNK_SECONDS / random_game
    )
    mixed = (eredan.policies["ismcts"].seconds_per_game + eredan.policies["greedy"].seconds_per_game) / 2
    assert chunk_size_default(spec=eredan, policies=["ismcts", "greedy"], total_games=100) == max(
        1, int(TARGET_CHUNK_SECONDS / mixed)
    )
    big = chunk_size_default(spec=eredan, policies=["ismcts"], total_games=1_000_000)
    assert big == 1_000_000 // MAX_CHUNKS


def test_long_chunks_are_allowed_on_a_broker_without_redelivery_timeout(
    cardset: None, alice: Any, settings: Any
) -> None:
    settings.CELERY_BROKER_URL = "filesystem://"
    prepared = simulation_prepare(owner=alice, **_bad(policy="ismcts", games=1000, chunk_size=1000))
    assert prepared.chunk_size == 1000


# --- chunks, progress, results ------------------------------------------------------------------


def test_chunks_in_any_order_complete_the_job_exactly_once(alice: Any, redis_broker: Any) -> None:
    job = ecarte_job(alice, games=30, chunk_size=7)
    assert job_dispatch(job_id=job.pk) == 5
    assert queued(redis_broker, QUEUE) == 5
    job.refresh_from_db()
    assert job.status == "running" and job.started_at is not None
    order = [(c.pairing, c.chunk) for c in _chunks(job)]
    random.Random(1).shuffle(order)
    outcomes = run_all_chunks(job, order)
    assert outcomes == [ChunkOutcome.PLAYED] * 5
    job.refresh_from_db()
    assert (job.status, job.games_done, job.chunks_done) == ("done", 30, 5)
    assert job.finished_at is not None
    # Exactly once: finalizing again, or a redelivered chunk, changes nothing.
    results = job.results
    assert job_finalize(job_id=job.pk) is False
    assert chunk_run(job_id=job.pk, pairing=0, chunk=2) == ChunkOutcome.SKIPPED
    job.refresh_from_db()
    assert job.results == results and ChunkResult.objects.filter(job=job).count() == 5
    # The statistics are the local runner's.
    prepared = simulation_prepare(
        owner=alice,
        game="ecarte",
        entrants=[EntrantInput(policy="heuristic"), EntrantInput(policy="random")],
        games=30,
        seed=3,
        chunk_size=30,
    )
    local = run_local(prepared.plan, processes=1)
    assert results["pairings"][0]["games"] == 30
    assert results["pairings"][0]["sides"]["A"]["wins"] == local[0].wins["A"]


def test_a_redelivered_chunk_counts_once(alice: Any) -> None:
    job = ecarte_job(alice, games=30, chunk_size=7)
    assert chunk_run(job_id=job.pk, pairing=0, chunk=0) == ChunkOutcome.PLAYED
    assert chunk_run(job_id=job.pk, pairing=0, chunk=0) == ChunkOutcome.ALREADY_DONE
    job.refresh_from_db()
    assert (job.games_done, job.chunks_done) == (7, 1)
    pairing = job.pairings.get()
    assert pairing.games_done == 7 and pairing.tally["games"] == 7


def test_partial_results_and_progress_while_running(alice: Any) -> None:
    job = ecarte_job(alice, games=30, chunk_size=7)
    job_dispatch(job_id=job.pk)
    chunk_run(job_id=job.pk, pairing=0, chunk=4)
    chunk_run(job_id=job.pk, pairing=0, chunk=1)
    job.refresh_from_db()
    results = selectors.job_results(job=job)
    assert results["partial"] is True and results["games"] == 9  # chunk 4 holds games 28 and 29
    progress = selectors.job_progress(job=job)
    assert (progress.games_done, progress.total_games, progress.chunks_done) == (9, 30, 2)
    assert progress.fraction == pytest.approx(0.3)
    assert progress.eta_seconds is not None and progress.eta_seconds >= 0


def test_results_do_not_depend_on_the_chunk_size(alice: Any, disturb_global_random: Any) -> None:
    """ARCHITECTURE principle 3: chunk size 7 or 1,000, the same results."""
    jobs = []
    for chunk_size in (7, 1000):
        job = job_create(
            owner=alice,
            game="ecarte",
            kind="round_robin",
            entrants=[
                EntrantInput(policy="heuristic"),
                EntrantInput(policy="random"),
                EntrantInput(policy="random"),
            ],
            games=20,
            seed=99,
            chunk_size=chunk_size,
        )
        chunks = [(c.pairing, c.chunk) for c in _chunks(job)]
        run_all_chunks(job, list(reversed(chunks)))
        disturb_global_random()
        job.refresh_from_db()
        jobs.append(job)
    assert jobs[0].status == jobs[1].status == "done"
    assert jobs[0].results == jobs[1].results
    assert jobs[0].results["matrix"]["games"][0][1] == 20


def test_cancel_stops_the_remaining_chunks(alice: Any) -> None:
    job = ecarte_job(alice, games=30, chunk_size=7)
    chunk_run(job_id=job.pk, pairing=0, chunk=0)
    job_cancel(job=job)
    assert job.status == "cancelled" and job.finished_at is not None
    assert chunk_run(job_id=job.pk, pairing=0, chunk=1) == ChunkOutcome.SKIPPED
    with pytest.raises(DomainError) as info:
        job_cancel(job=job)
    assert (info.value.code, info.value.status_code) == (Code.JOB_FINISHED, 409)
    job.refresh_from_db()
    assert job.games_done == 7 and job.results is None
    assert selectors.job_results(job=job)["games"] == 7


def test_a_deck_that_can_no_longer_be_built_fails_the_job(cardset: None, alice: Any) -> None:
    job = job_create(
        owner=alice, game="eredan", entrants=[EntrantInput(deck=GOLEMS), EntrantInput(deck=GARDE)], games=4
    )
    job.entrants.filter(index=1).update(cards={"no-such-card": 30})
    batch_cache_clear()
    assert chunk_run(job_id=job.pk, pairing=0, chunk=0) == ChunkOutcome.FAILED
    job.refresh_from_db()
    assert job.status == "failed" and "no-such-card" in job.error
    assert chunk_run(job_id=job.pk, pairing=0, chunk=0) == ChunkOutcome.SKIPPED


def test_a_card_database_change_during_the_job_does_not_touch_it(cardset: None, alice: Any) -> None:
    """The job plays its catalog snapshot (tests/simulator/test_catalog_snapshots.py)."""
    from cards.services import catalog_version_bump

    job = job_create(
        owner=alice,
        game="eredan",
        entrants=[EntrantInput(deck=GOLEMS), EntrantInput(deck=GARDE)],
        games=4,
        chunk_size=2,
    )
    assert chunk_run(job_id=job.pk, pairing=0, chunk=0) == ChunkOutcome.PLAYED
    catalog_version_bump()
    assert chunk_run(job_id=job.pk, pairing=0, chunk=1) == ChunkOutcome.PLAYED
    job.refresh_from_db()
    assert job.status == "done" and not job.error_code


def test_dispatch_again_sends_only_the_missing_chunks(alice: Any, redis_broker: Any) -> None:
    job = ecarte_job(alice, games=30, chunk_size=7)
    chunk_run(job_id=job.pk, pairing=0, chunk=0)
    chunk_run(job_id=job.pk, pairing=0, chunk=3)
    assert job_dispatch(job_id=job.pk) == 3
    assert queued(redis_broker) == 3


def test_dispatching_a_job_whose_chunks_are_all_recorded_finalizes_it(alice: Any, redis_broker: Any) -> None:
    job = ecarte_job(alice, games=10, chunk_size=10)
    chunk_run(job_id=job.pk, pairing=0, chunk=0)
    job.refresh_from_db()
    assert job.status == "done"
    assert job_dispatch(job_id=job.pk) == 0
    assert queued(redis_broker) == 0


# --- experience ------------------------------------------------------------------------------------


def test_experience_is_awarded_once_per_game_even_when_a_chunk_is_redelivered(
    cardset: None, alice: Any
) -> None:
    mine = own_copy_of_demo(alice, GOLEMS)
    collection = collection_create(owner=alice, name="Mine")
    characters = list(mine.deck_characters.values_list("character__slug", flat=True))
    copies_add(collection=collection, requests=[CopyRequest(slug=s) for s in characters])
    job = job_create(
        owner=alice,
        game="eredan",
        entrants=[EntrantInput(deck=mine.pk, policy="random"), EntrantInput(deck=GARDE, policy="random")],
        games=6,
        chunk_size=3,
        seed=8,
        award_experience=True,
        collection_id=collection.pk,
    )
    assert job.award_experience and job.collection_id == collection.pk
    assert list(job.entrants.order_by("index").values_list("earns_experience", flat=True)) == [True, False]
    assert chunk_run(job_id=job.pk, pairing=0, chunk=0) == ChunkOutcome.PLAYED
    granted = ExperienceGrant.objects.filter(collection=collection).aggregate(xp=Sum("amount"))["xp"]
    ChunkResult.objects.filter(job=job, chunk=0).delete()  # as if the first delivery's row were lost...
    assert chunk_run(job_id=job.pk, pairing=0, chunk=0) == ChunkOutcome.PLAYED  # ...replayed:
    assert ExperienceGrant.objects.filter(collection=collection).aggregate(xp=Sum("amount"))["xp"] == granted
    assert chunk_run(job_id=job.pk, pairing=0, chunk=1) == ChunkOutcome.PLAYED
    refs = sorted(ExperienceAward.objects.filter(source="simulation").values_list("source_ref", flat=True))
    assert refs == sorted(f"simulation:{job.pk}:0:{i}" for i in range(6))
    assert granted and granted > 0
    # Only the seat with alice's deck earns: every grant is to one of her deck's characters.
    slugs = set(
        ExperienceGrant.objects.filter(collection=collection).values_list("copy__character__slug", flat=True)
    )
    assert slugs <= set(characters)
    job.refresh_from_db()
    assert job.status == "done"


def test_experience_defaults_to_the_owners_default_collection(cardset: None, alice: Any) -> None:
    mine = own_copy_of_demo(alice, GOLEMS)
    job = job_create(
        owner=alice,
        game="eredan",
        entrants=[EntrantInput(deck=mine.pk), EntrantInput(deck=GARDE)],
        games=2,
        award_experience=True,
    )
    assert job.collection is not None and job.collection.owner_id == alice.pk and job.collection.is_default


def test_experience_into_someone_elses_collection_is_refused(cardset: None, alice: Any, bob: Any) -> None:
    mine = own_copy_of_demo(alice, GOLEMS)
    theirs = collection_create(owner=bob, name="Bob's")
    with pytest.raises(DomainError) as info:
        job_create(
            owner=alice,
            game="eredan",
            entrants=[EntrantInput(deck=mine.pk), EntrantInput(deck=GARDE)],
            games=2,
            award_experience=True,
            collection_id=theirs.pk,
        )
    assert info.value.field == "collection"


def test_a_pairing_is_cut_into_chunks_so_its_progress_moves() -> None:
    """Issue 19 §5: a 1,000-game greedy Eredan matchup was one chunk (0 % then 100 %); a pairing is
    now at least ten chunks, none smaller than twenty games."""
    from simulator.limits import MIN_CHUNK_GAMES, MIN_CHUNKS_PER_PAIRING

    eredan = get_game_spec("eredan")
    size = chunk_size_default(spec=eredan, policies=["greedy"], total_games=1_000, games_per_pairing=1_000)
    assert size == 1_000 // MIN_CHUNKS_PER_PAIRING == 100
    small = chunk_size_default(spec=eredan, policies=["greedy"], total_games=50, games_per_pairing=50)
    assert small == MIN_CHUNK_GAMES
    # slow policies already make small chunks; the chunk count bound still holds
    slow = chunk_size_default(spec=eredan, policies=["ismcts"], total_games=1_000, games_per_pairing=1_000)
    assert slow == int(TARGET_CHUNK_SECONDS / eredan.policies["ismcts"].seconds_per_game)
    huge = chunk_size_default(
        spec=eredan, policies=["greedy"], total_games=10_000_000, games_per_pairing=100_000
    )
    assert huge == 10_000_000 // MAX_CHUNKS


def test_two_decks_the_engine_plays_alone_but_not_together_are_refused_at_once(cardset: None) -> None:
    """A standing grant reaching characters by race is worked out once from the printed races: in a
    game where another deck's card gives races, the engine refuses it (docs/eredan-engine.md). Each
    deck alone is playable, so the pair is checked before the job is queued, not in the middle."""
    from cards.models import Card, Character

    herd = Character.objects.get(slug="golemarlok-2")
    herd.abilities = [
        *herd.abilities,
        {"op": "may_play", "cards": {"type": "feu"}, "target": {"group": "allies", "race": "bete"}},
    ]
    herd.save()
    fire = Card.objects.get(slug="pluie-incandescente-1")
    fire.effects = [*fire.effects, {"op": "traits", "mode": "add", "races": ["bete"]}]
    fire.save()
    batch_cache_clear()
    for deck in (GOLEMS, GARDE):  # each deck alone (against itself) is playable
        simulation_prepare(
            owner=None, game="eredan", entrants=[EntrantInput(deck=deck), EntrantInput(deck=deck)], games=2
        )
    with pytest.raises(DomainError) as info:
        simulation_prepare(
            owner=None, game="eredan", entrants=[EntrantInput(deck=GOLEMS), EntrantInput(deck=GARDE)], games=2
        )
    assert (info.value.code, info.value.field) == (Code.DECK_UNSUPPORTED, "entrants.1.deck")
    assert "against deck" in str(info.value) and "standing grant" in str(info.value)
