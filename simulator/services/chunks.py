"""Playing one chunk of a job and recording it exactly once.

A chunk's games are played on the job's batch (built once per worker process), then recorded in
one transaction: the unique ``ChunkResult`` row (a redelivered chunk finds it and does nothing),
the experience of every game if asked, the recorded games, the pairing's running tally and the
job's progress — and, if this chunk completes the set, the final results.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from enum import StrEnum

from django.db import IntegrityError, transaction
from django.db.models import Sum

from cards.collection.models import Collection, ExperienceSource
from cards.collection.services.experience import MAX_GAMES_PER_AWARD, experience_award_games
from eredan.errors import DomainError
from simulator.engine.batch import BatchError, ChunkRange, chunk_range
from simulator.engine.runner import GameResult
from simulator.engine.stats import MatchTally
from simulator.lab.compare import COMPARE
from simulator.models import ChunkResult, GameRecord, SimulationJob, SimulationPairing
from simulator.services.jobs import job_complete, job_fail, job_fail_catalog_changed, job_progress_refresh
from simulator.specs import (
    SEARCH_KINDS,
    CatalogChangedError,
    UnknownSlugError,
    job_batch_get,
    job_catalog_get,
)

logger = logging.getLogger(__name__)


class ChunkOutcome(StrEnum):
    PLAYED = "played"
    ALREADY_DONE = "already_done"  # a redelivered or duplicated message: nothing done
    SKIPPED = "skipped"  # the job has ended (cancelled, failed, done) or is gone
    FAILED = "failed"  # the chunk could not be played: the job is marked failed


def chunk_run(*, job_id: int, pairing: int, chunk: int, worker: str = "") -> ChunkOutcome:
    """Play one chunk of a job and record it exactly once (see the module docstring)."""
    job = SimulationJob.objects.filter(pk=job_id).first()
    if job is None or not job.is_active:
        return ChunkOutcome.SKIPPED
    pairing_row = SimulationPairing.objects.filter(job_id=job_id, index=pairing).first()
    if job.kind == COMPARE and pairing_row is not None:
        from simulator.services.compares import compare_chunk_run

        return compare_chunk_run(job=job, pairing_row=pairing_row, chunk=chunk, worker=worker)
    if job.kind in SEARCH_KINDS and pairing_row is not None:
        from simulator.services.optimizes import optimize_chunk_run

        return optimize_chunk_run(job=job, pairing_row=pairing_row, chunk=chunk, worker=worker)
    try:
        span = chunk_range(job.games, job.chunk_size, pairing, chunk)
    except BatchError:
        span = None
    if pairing_row is None or span is None:
        logger.warning("job %s has no pairing %s chunk %s: message ignored", job_id, pairing, chunk)
        return ChunkOutcome.SKIPPED
    if ChunkResult.objects.filter(job_id=job_id, pairing=pairing_row, chunk=chunk).exists():
        return ChunkOutcome.ALREADY_DONE

    try:
        catalog = job_catalog_get(job=job)
    except CatalogChangedError:
        job_fail_catalog_changed(job_id=job_id)
        return ChunkOutcome.FAILED
    try:
        batch = job_batch_get(job=job, catalog=catalog)
    except UnknownSlugError as exc:
        job_fail(job_id=job_id, error=f"A deck of the job can no longer be built: {exc}.")
        return ChunkOutcome.FAILED

    results: list[GameResult] | None = (
        [] if job.award_experience or span.start < batch.plan.record_games else None
    )
    started = time.perf_counter()
    try:
        tally = batch.play_chunk(
            pairing, span.start, span.stop, on_result=results.append if results is not None else None
        )
    except Exception as exc:  # an engine error is deterministic: retrying would fail again
        logger.exception("job %s pairing %s chunk %s failed", job_id, pairing, chunk)
        job_fail(
            job_id=job_id,
            error=f"Games {span.start}..{span.stop - 1} of pairing {pairing}: {type(exc).__name__}: {exc}",
        )
        return ChunkOutcome.FAILED
    seconds = time.perf_counter() - started
    try:
        return _chunk_record(job, pairing_row, span, tally, seconds, worker, results)
    except DomainError as exc:  # the experience service refused a game summary: an engine bug
        job_fail(job_id=job_id, error=f"Experience could not be awarded: {exc.message}")
        return ChunkOutcome.FAILED


def _chunk_record(
    job: SimulationJob,
    pairing_row: SimulationPairing,
    span: ChunkRange,
    tally: MatchTally,
    seconds: float,
    worker: str,
    results: list[GameResult] | None,
) -> ChunkOutcome:
    with transaction.atomic():
        try:
            with transaction.atomic():
                ChunkResult.objects.create(
                    job_id=job.pk,
                    pairing=pairing_row,
                    chunk=span.chunk,
                    start=span.start,
                    stop=span.stop,
                    games=span.games,
                    tally=tally.to_json(),
                    seconds=seconds,
                    worker=worker[:200],
                )
        except IntegrityError:
            return ChunkOutcome.ALREADY_DONE  # another delivery of this chunk got there first
        if results and job.award_experience:
            _award_experience(job, pairing_row, results)
        if results:
            GameRecord.objects.bulk_create(
                [
                    GameRecord(
                        job_id=job.pk,
                        pairing=pairing_row,
                        index=r.index,
                        seats=list(r.seats),
                        winner=r.winner or "",
                        record=r.record,
                    )
                    for r in results
                    if r.record is not None
                ],
                ignore_conflicts=True,  # written once per game, like its experience
            )
        pairing = SimulationPairing.objects.select_for_update().get(pk=pairing_row.pk)
        running = MatchTally.from_json(pairing.tally) if pairing.tally else MatchTally()
        pairing.tally = running.merge(tally).to_json()
        pairing.games_done = (
            ChunkResult.objects.filter(pairing_id=pairing.pk).aggregate(n=Sum("games"))["n"] or 0
        )
        pairing.save(update_fields=["tally", "games_done"])
        locked = SimulationJob.objects.select_for_update().get(pk=job.pk)
        job_progress_refresh(job=locked)
        if locked.status in SimulationJob.ACTIVE and locked.chunks_done == locked.total_chunks:
            job_complete(job=locked)
    return ChunkOutcome.PLAYED


def _award_experience(job: SimulationJob, pairing: SimulationPairing, results: Sequence[GameResult]) -> None:
    """Each game's experience, once per game (``simulation:<job>:<pairing>:<game>``), to the job's
    collection, for the seats that play one of the owner's own decks.

    Through the collections' batch service: the games are grouped by seating (side A first or
    second; the seat → collection map is one per call) and sent by :data:`MAX_GAMES_PER_AWARD`,
    so a chunk costs a fixed number of queries whatever its size, and the experience log gets one
    line per copy and chunk (``log_ref``) instead of one per game."""

    collection = Collection.objects.filter(pk=job.collection_id).first() if job.collection_id else None
    if collection is None:
        return
    earns = dict(job.entrants.values_list("index", "earns_experience"))
    side_earns = {"A": earns.get(pairing.a, False), "B": earns.get(pairing.b, False)}
    if not any(side_earns.values()):
        return
    by_seating: dict[tuple[str, ...], list[GameResult]] = {}
    for result in results:
        by_seating.setdefault(tuple(result.seats), []).append(result)
    for seats, group in sorted(by_seating.items()):
        collections = {seat: collection if side_earns[label] else None for seat, label in enumerate(seats)}
        for start in range(0, len(group), MAX_GAMES_PER_AWARD):
            batch = group[start : start + MAX_GAMES_PER_AWARD]
            experience_award_games(
                games=[
                    (f"simulation:{job.pk}:{pairing.index}:{result.index}", result.summary)
                    for result in batch
                ],
                collections=collections,
                source=ExperienceSource.SIMULATION,
                log_ref=f"simulation:{job.pk}:{pairing.index}:games:{batch[0].index}-{batch[-1].index}",
            )
