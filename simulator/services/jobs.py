"""A simulation job's lifecycle: save and queue it, dispatch its chunks, cancel, fail, finalize.

Every transition is a conditional update on the job's status, so two workers (or a redelivered
message) never move a job twice: finalizing in particular happens exactly once (the row count of
the update from an active status is checked). See :mod:`simulator.services` for how a job runs.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models import Count, Sum
from django.utils import timezone

from cards.collection.services.collections import collection_default_get_or_create
from cards.models import CatalogSnapshot
from cards.snapshots import catalog_snapshot_store
from eredan.errors import CONFLICT, SERVICE_UNAVAILABLE, TOO_MANY_REQUESTS, DomainError
from eredan.users import User
from simulator import queueing
from simulator.engine.batch import MATCHUP, Pairing, chunk_ranges, pairings_for
from simulator.error_codes import SimulationErrorCode as Code
from simulator.lab.compare import COMPARE
from simulator.limits import MAX_ACTIVE_JOBS_PER_USER
from simulator.models import ChunkResult, SimulationEntrant, SimulationJob, SimulationPairing
from simulator.selectors import job_results_compute
from simulator.services.requests import EntrantInput, PreparedJob, simulation_prepare
from simulator.specs import SEARCH_KINDS

logger = logging.getLogger(__name__)

Status = SimulationJob.Status


def _lock_owner(owner: User) -> None:
    get_user_model().objects.select_for_update().filter(pk=owner.pk).first()


def job_create(
    *,
    owner: User | None,
    game: object,
    entrants: Sequence[EntrantInput],
    games: object,
    kind: object = MATCHUP,
    seed: object = None,
    chunk_size: object = None,
    options: object = None,
    policy: object = None,
    award_experience: object = False,
    collection_id: object = None,
    record_games: object = None,
    field: object = None,
    stop: object = None,
    keep: object = None,
    characters_may_change: object = None,
    settings: object = None,
) -> SimulationJob:
    """Check, save and queue a simulation job (see :func:`.requests.request_prepare` for the checks).

    The dispatch message is sent once the transaction commits. If the broker cannot be reached,
    the job is kept as failed (``broker_unavailable``) and a 503 :class:`DomainError` is raised.
    """
    prepared = simulation_prepare(
        owner=owner,
        game=game,
        entrants=entrants,
        games=games,
        kind=kind,
        seed=seed,
        chunk_size=chunk_size,
        options=options,
        policy=policy,
        award_experience=award_experience,
        collection_id=collection_id,
        record_games=record_games,
        field=field,
        stop=stop,
        keep=keep,
        characters_may_change=characters_may_change,
        settings=settings,
    )
    return job_save(owner=owner, prepared=prepared)


def job_save(*, owner: User | None, prepared: PreparedJob) -> SimulationJob:
    """Save a prepared job and queue its dispatch on commit."""
    with transaction.atomic():
        if owner is not None:
            _lock_owner(owner)
            active = SimulationJob.objects.filter(owner_id=owner.pk, status__in=SimulationJob.ACTIVE).count()
            if active >= MAX_ACTIVE_JOBS_PER_USER:
                raise DomainError(
                    f"You have {active} jobs pending or running; at most {MAX_ACTIVE_JOBS_PER_USER} at once. "
                    "Wait for one to finish or cancel one.",
                    code=Code.TOO_MANY_JOBS,
                    status_code=TOO_MANY_REQUESTS,
                )
        collection = prepared.collection
        if prepared.award_experience and collection is None and owner is not None:
            collection = collection_default_get_or_create(owner=owner)
        search_state = None
        if prepared.kind == COMPARE:
            compare = prepared.compare_plan
            # One pairing (the arms against the field); progress counts games per arm.
            pairings = [Pairing(0, 0, len(compare.arms))]
            total_games, total_chunks = compare.games, len(compare.chunks)
        elif prepared.kind in SEARCH_KINDS:
            from simulator.services.optimize_requests import prepared_search_machine
            from simulator.services.optimizes import search_state_initial

            # One pairing (the decks of each work against the field); progress counts every game
            # played against the budget; the chunks known so far are the first work's.
            pairings = [Pairing(0, 0, 1)]
            search_state, total_chunks = search_state_initial(
                machine=prepared_search_machine(prepared), chunk_size=prepared.chunk_size
            )
            total_games = prepared.games
        else:
            plan = prepared.plan
            pairings = plan.pairings
            total_games, total_chunks = plan.total_games, len(plan.chunks)
        stop = prepared.stop
        snapshot = _catalog_snapshot_store(prepared)
        job = SimulationJob.objects.create(
            owner=owner,
            game=prepared.game,
            kind=prepared.kind,
            options=prepared.options,
            games=prepared.games,
            seed=prepared.seed,
            chunk_size=prepared.chunk_size,
            total_games=total_games,
            total_chunks=total_chunks,
            award_experience=prepared.award_experience,
            collection=collection,
            catalog_version=prepared.catalog_version,
            catalog_snapshot=snapshot,
            record_games=prepared.record_games,
            stop={"margin": stop.margin, "first_round": stop.first_round} if stop is not None else None,
            search=prepared.search,
            search_state=search_state,
        )
        SimulationEntrant.objects.bulk_create(
            SimulationEntrant(
                job=job,
                index=i,
                label=e.label,
                policy=e.policy,
                deck=e.deck,
                deck_name=e.deck_name,
                deck_slug=e.deck_slug,
                characters=e.characters,
                cards=e.cards,
                earns_experience=e.earns_experience,
                role=e.role,
                weight=e.weight,
                swaps=e.swaps,
                deck_version=e.deck_version,
            )
            for i, e in enumerate(prepared.all_entrants)
        )
        SimulationPairing.objects.bulk_create(
            SimulationPairing(job=job, index=p.index, a=p.a, b=p.b) for p in pairings
        )
        job_id = job.pk
        transaction.on_commit(lambda: _queue_dispatch(job_id))
    if not connection.in_atomic_block:
        job.refresh_from_db()
        if job.error_code == Code.BROKER_UNAVAILABLE:
            raise DomainError(
                job.error, code=Code.BROKER_UNAVAILABLE, status_code=SERVICE_UNAVAILABLE, job=job.pk
            )
    return job


def _catalog_snapshot_store(prepared: PreparedJob) -> CatalogSnapshot | None:
    """The job's catalog snapshot (games with decks): the cards it was checked with, frozen, which
    its workers play whatever staff do to the cards meanwhile (shared by jobs with equal cards)."""
    catalog, document = prepared.catalog, prepared.catalog_document
    if catalog is None or not catalog.digest or document is None:
        return None
    return catalog_snapshot_store(catalog=catalog, document=document)


def _queue_dispatch(job_id: int) -> None:
    try:
        queueing.dispatch_send(job_id)
    except Exception:  # the broker is down or misconfigured: say so on the job
        logger.exception("could not queue simulation job %s", job_id)
        job_fail_unqueued(job_id=job_id, what=f"Job #{job_id}")


def job_fail_unqueued(*, job_id: int, what: str) -> bool:
    """Fail a job whose messages the broker did not take (``broker_unavailable``).

    The job's error is read by its owner (API, page, command): it says what could not be queued
    and never quotes the broker's exception, which names its internal address (URL, host, port,
    even a password in the URL). The caller logs the exception for the operator.
    """
    return job_fail(
        job_id=job_id,
        error=f"{what} could not be queued: the task broker is unreachable. Try again later.",
        code=Code.BROKER_UNAVAILABLE,
    )


def job_dispatch(*, job_id: int) -> int:
    """Mark the job running and queue every chunk that has no result yet; return how many.

    Idempotent: a redelivered (or repeated) dispatch re-sends only the missing chunks, and a
    chunk sent twice is played once. A job whose chunks are all recorded is finalized here.
    """
    job = SimulationJob.objects.filter(pk=job_id).first()
    if job is None or not job.is_active:
        return 0
    SimulationJob.objects.filter(pk=job_id, status=Status.PENDING).update(
        status=Status.RUNNING, started_at=timezone.now()
    )
    if job.kind in SEARCH_KINDS:
        from simulator.services.optimizes import optimize_dispatch

        return optimize_dispatch(job=job)
    if job.kind == COMPARE:
        from simulator.services.compares import compare_missing_chunks, compare_round_close

        waiting = compare_missing_chunks(job)
        if not waiting:
            compare_round_close(job_id=job_id)  # stops, or queues the next round on commit
            return 0
        queueing.chunks_send(job_id, [(0, c.chunk) for c in waiting])
        return len(waiting)
    done = set(ChunkResult.objects.filter(job_id=job_id).values_list("pairing__index", "chunk"))
    pairings = len(pairings_for(job.kind, job.entrants.count()))
    missing = [
        c for c in chunk_ranges(job.games, job.chunk_size, pairings) if (c.pairing, c.chunk) not in done
    ]
    if not missing:
        job_finalize(job_id=job_id)
        return 0
    queueing.chunks_send(job_id, [(c.pairing, c.chunk) for c in missing])
    return len(missing)


def job_cancel(*, job: SimulationJob) -> SimulationJob:
    """Cancel a pending or running job: its remaining chunks do nothing when they come up. A
    chunk already playing still records its games (and their experience). 409 if it has ended.
    An optimize keeps the best deck so far (:func:`.optimizes.optimize_cancel`)."""
    if job.kind in SEARCH_KINDS:
        from simulator.services.optimizes import optimize_cancel

        return optimize_cancel(job=job)
    updated = SimulationJob.objects.filter(pk=job.pk, status__in=SimulationJob.ACTIVE).update(
        status=Status.CANCELLED, finished_at=timezone.now()
    )
    job.refresh_from_db()
    if not updated:
        raise DomainError(
            f"Job #{job.pk} has already ended ({job.status}).", code=Code.JOB_FINISHED, status_code=CONFLICT
        )
    return job


def job_fail(*, job_id: int, error: str, code: str = "") -> bool:
    """Mark an active job failed with ``error``; False if it had already ended."""
    return bool(
        SimulationJob.objects.filter(pk=job_id, status__in=SimulationJob.ACTIVE).update(
            status=Status.FAILED, error=error[:5000], error_code=code, finished_at=timezone.now()
        )
    )


def job_fail_catalog_changed(*, job_id: int) -> bool:
    """Fail a job submitted before catalogs were snapshotted whose card database changed since
    (a job with a catalog snapshot plays it whatever happens to the cards)."""
    return job_fail(
        job_id=job_id,
        error="The card database changed while the job ran; its results would mix two versions "
        "of the cards. Submit it again.",
        code=Code.CATALOG_CHANGED,
    )


# --- progress and the end of a job ----------------------------------------------------------------


def job_progress_refresh(*, job: SimulationJob) -> None:
    """Progress recomputed from the chunk rows (never incremented): on ``job`` and its row."""
    agg = ChunkResult.objects.filter(job_id=job.pk).aggregate(games=Sum("games"), chunks=Count("id"))
    job.games_done = agg["games"] or 0
    job.chunks_done = agg["chunks"] or 0
    SimulationJob.objects.filter(pk=job.pk).update(games_done=job.games_done, chunks_done=job.chunks_done)


def job_complete(*, job: SimulationJob) -> bool:
    """Store the final results of ``job`` (locked by the caller, every chunk recorded) and mark it
    done, if it is still active; True only for the call that did."""
    results = job_results_compute(job=job)
    updated = SimulationJob.objects.filter(pk=job.pk, status__in=SimulationJob.ACTIVE).update(
        status=Status.DONE, results=results, finished_at=timezone.now()
    )
    return updated == 1


def job_finalize(*, job_id: int) -> bool:
    """Finish a job whose chunks are all recorded: final results merged from the chunk rows in a
    fixed order, status done. Exactly once: a conditional update from an active status, whose
    row count is checked; True only for the call that finished it."""
    with transaction.atomic():
        job = SimulationJob.objects.select_for_update().filter(pk=job_id).first()
        if job is None or not job.is_active:
            return False
        job_progress_refresh(job=job)
        if job.chunks_done != job.total_chunks:
            return False
        return job_complete(job=job)
