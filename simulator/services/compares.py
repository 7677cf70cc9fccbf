"""A compare job's chunks and rounds (docs/lab.md "Compare", docs/simulation.md "How a job runs").

A compare has one pairing row (the arms against the field) and its chunks are ranges of game
indices that every arm plays (:func:`simulator.lab.compare.compare_chunks`). A chunk is
recorded like any other (one unique ``ChunkResult`` row, in one transaction with the running
tally and the progress); what differs is the end of a **round**: the chunk that completes a round
takes the stop decision, under the job row's lock, exactly once (``rounds_done`` moves from *r*
to *r + 1* only there) — stop (the results, with the reason) or queue the next round's chunks
once the transaction has committed. A redelivered chunk, a second worker or "Dispatch again"
cannot decide twice; the decision depends only on the games, so the rounds played — and the
results — are the same whatever the chunking and the number of workers.
"""

from __future__ import annotations

import logging
import time

from django.db import IntegrityError, transaction
from django.db.models import Sum

from simulator import queueing
from simulator.lab.compare import CompareChunk, CompareTally, round_reason
from simulator.models import ChunkResult, SimulationJob, SimulationPairing
from simulator.selectors import compare_running_rounds
from simulator.services.chunks import ChunkOutcome
from simulator.services.jobs import (
    job_complete,
    job_fail,
    job_fail_catalog_changed,
    job_fail_unqueued,
    job_progress_refresh,
)
from simulator.specs import (
    CatalogChangedError,
    UnknownSlugError,
    job_catalog_get,
    job_compare_batch_get,
    job_compare_plan_build,
)

logger = logging.getLogger(__name__)


def compare_chunk_run(
    *, job: SimulationJob, pairing_row: SimulationPairing, chunk: int, worker: str
) -> ChunkOutcome:
    """Play chunk ``chunk`` of a compare (every arm's games of its range) and record it once."""
    plan = job_compare_plan_build(job=job, catalog=None)
    chunks = plan.chunks
    if not 0 <= chunk < len(chunks):
        logger.warning("compare %s has no chunk %s: message ignored", job.pk, chunk)
        return ChunkOutcome.SKIPPED
    span = chunks[chunk]
    if ChunkResult.objects.filter(job_id=job.pk, pairing=pairing_row, chunk=chunk).exists():
        return ChunkOutcome.ALREADY_DONE
    try:
        catalog = job_catalog_get(job=job)
    except CatalogChangedError:
        job_fail_catalog_changed(job_id=job.pk)
        return ChunkOutcome.FAILED
    try:
        batch = job_compare_batch_get(job=job, catalog=catalog)
    except UnknownSlugError as exc:
        job_fail(job_id=job.pk, error=f"A deck of the job can no longer be built: {exc}.")
        return ChunkOutcome.FAILED
    started = time.perf_counter()
    try:
        tally = batch.play_chunk(span.start, span.stop)
    except Exception as exc:  # an engine error is deterministic: retrying would fail again
        logger.exception("compare %s chunk %s failed", job.pk, chunk)
        job_fail(job_id=job.pk, error=f"Games {span.start}..{span.stop - 1}: {type(exc).__name__}: {exc}")
        return ChunkOutcome.FAILED
    return _chunk_record(job, pairing_row, span, tally, time.perf_counter() - started, worker)


def _chunk_record(
    job: SimulationJob,
    pairing_row: SimulationPairing,
    span: CompareChunk,
    tally: CompareTally,
    seconds: float,
    worker: str,
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
        pairing = SimulationPairing.objects.select_for_update().get(pk=pairing_row.pk)
        rounds = compare_running_rounds(pairing)
        while len(rounds) <= span.round:
            rounds.append(CompareTally.empty(len(tally.tallies), len(tally.tallies[0])))
        rounds[span.round].merge(tally)
        pairing.tally = {"rounds": [r.to_json() for r in rounds]}
        pairing.games_done = (
            ChunkResult.objects.filter(pairing_id=pairing.pk).aggregate(n=Sum("games"))["n"] or 0
        )
        pairing.save(update_fields=["tally", "games_done"])
        locked = SimulationJob.objects.select_for_update().get(pk=job.pk)
        job_progress_refresh(job=locked)
        if locked.status in SimulationJob.ACTIVE:
            _round_close(locked, rounds)
    return ChunkOutcome.PLAYED


def compare_round_close(*, job_id: int) -> bool:
    """Take the stop decision of a compare whose current round has all its chunks recorded
    (called by a dispatch that found nothing missing); True if it did."""
    with transaction.atomic():
        job = SimulationJob.objects.select_for_update().filter(pk=job_id).first()
        if job is None or not job.is_active:
            return False
        job_progress_refresh(job=job)
        return _round_close(job, compare_running_rounds(job.pairings.first()))


def compare_missing_chunks(job: SimulationJob) -> list[CompareChunk]:
    """The chunks of the rounds begun (up to ``rounds_done``) that have no result yet."""
    plan = job_compare_plan_build(job=job, catalog=None)
    done = set(ChunkResult.objects.filter(job_id=job.pk).values_list("chunk", flat=True))
    return [c for c in plan.chunks if c.round <= job.rounds_done and c.chunk not in done]


def _round_close(job: SimulationJob, rounds: list[CompareTally]) -> bool:
    """With ``job`` locked: if its current round is complete, stop (the final results, with the
    reason) or open the next round (its chunks queued on commit). Exactly once per round."""
    plan = job_compare_plan_build(job=job, catalog=None)
    current = job.rounds_done
    wanted = [c.chunk for c in plan.chunks if c.round == current]
    recorded = ChunkResult.objects.filter(job_id=job.pk, chunk__in=wanted).count()
    if recorded < len(wanted) or len(rounds) <= current:
        return False
    reason = round_reason(plan, rounds[: current + 1])
    if reason is not None:
        job.stop_reason = reason.value
        job.total_games, job.total_chunks = job.games_done, job.chunks_done  # what was played
        SimulationJob.objects.filter(pk=job.pk).update(
            stop_reason=job.stop_reason, total_games=job.total_games, total_chunks=job.total_chunks
        )
        job_complete(job=job)
        return True
    job.rounds_done = current + 1
    SimulationJob.objects.filter(pk=job.pk).update(rounds_done=job.rounds_done)
    following = [(0, c.chunk) for c in plan.chunks if c.round == current + 1]
    job_id = job.pk
    transaction.on_commit(lambda: _queue_round(job_id, following))
    return True


def _queue_round(job_id: int, chunks: list[tuple[int, int]]) -> None:
    try:
        queueing.chunks_send(job_id, chunks)
    except Exception:  # the broker is down: say so on the job
        logger.exception("could not queue the next round of compare %s", job_id)
        job_fail_unqueued(job_id=job_id, what=f"Job #{job_id}'s next round")
