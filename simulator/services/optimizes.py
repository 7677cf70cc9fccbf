"""The works and chunks of the lab's searches — an optimize, an acquire ("what to get next") —
(docs/lab.md "Optimizer", "What to get next"; docs/simulation.md "How a job runs").

A search is a state machine over plain data (:class:`simulator.lab.optimize.Optimizer`,
:class:`simulator.lab.acquire.Acquirer`: :class:`simulator.lab.search.SearchMachine`), kept on
the job (``search_state``: the optimizer's state, and ``chunk_base``, the number of the first
chunk of the work it waits for). The state says what to play next — a **work**: some decks
against the field on a range of games of one seed — and a work is played in chunks numbered on
from ``chunk_base`` (:meth:`Work.chunks_of`: the job's chunk size spread over the work's decks).

Each chunk is recorded like any other (one unique ``ChunkResult`` row, in one transaction with the
progress). What differs is the end of a work: the chunk that completes it advances the search,
under the job row's lock, exactly once — the tally of the work's chunk rows goes to
its ``advance``, the new state is stored and the next work's chunks are queued once the
transaction has committed; or, the search over, the results are stored and the final deck is
saved as a new deck of the job's owner (an optimize). A redelivered chunk, a second worker or "Dispatch again"
cannot advance twice, and the state depends only on the games: the search — and its results —
is the same whatever the chunking and the number of workers.

Cancelling an optimize keeps the best deck so far: the results are stored from the state as it
stands (the incumbent, its path of verified moves; no confirmation if none was played) and that
deck is saved; an acquire cancelled has no ranking (only its evaluation's games give one).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Count, Sum
from django.utils import timezone

from cards.specs import get_catalog
from decks.models import NAME_MAX, DeckVersion
from decks.services import deck_create
from eredan.errors import CONFLICT, DomainError
from eredan.users import User
from simulator import queueing
from simulator.error_codes import SimulationErrorCode as Code
from simulator.lab.compare import CompareTally
from simulator.lab.moves import Composition
from simulator.lab.optimize import Optimizer
from simulator.lab.search import SearchMachine, Work, play_work
from simulator.models import ChunkResult, SimulationEntrant, SimulationJob, SimulationPairing
from simulator.selectors import search_results_compute
from simulator.services.chunks import ChunkOutcome
from simulator.services.jobs import job_fail, job_fail_catalog_changed, job_fail_unqueued
from simulator.specs import CatalogChangedError, UnknownSlugError, job_catalog_get, job_search_get

logger = logging.getLogger(__name__)

Status = SimulationJob.Status


def search_state_initial(*, machine: SearchMachine[Any], chunk_size: int) -> tuple[dict[str, Any], int]:
    """The ``search_state`` of a new search (its first candidates drawn) and the number of chunks
    of its first work (0 when there is nothing to play)."""
    state = machine.start()
    work = machine.work(state)
    return _stored(machine, state, 0), len(work.chunks_of(chunk_size)) if work is not None else 0


def _stored(machine: SearchMachine[Any], state: Any, chunk_base: int) -> dict[str, Any]:
    return {"state": machine.dump(state), "chunk_base": chunk_base}


def _loaded(job: SimulationJob, machine: SearchMachine[Any]) -> tuple[Any, int]:
    stored: Mapping[str, Any] = job.search_state or {}
    return machine.load(stored["state"]), int(stored["chunk_base"])


def _optimizer(job: SimulationJob) -> SearchMachine[Any] | None:
    """The job's search machine, built once per process; None (and the job failed) when the card
    database changed since it was submitted, or a deck can no longer be built."""
    try:
        catalog = job_catalog_get(job=job)
    except CatalogChangedError:
        job_fail_catalog_changed(job_id=job.pk)
        return None
    assert catalog is not None  # a search plays decks
    try:
        return job_search_get(job=job, catalog=catalog)
    except UnknownSlugError as exc:
        job_fail(job_id=job.pk, error=f"A deck of the job can no longer be built: {exc}.")
        return None


def optimize_chunk_run(
    *, job: SimulationJob, pairing_row: SimulationPairing, chunk: int, worker: str
) -> ChunkOutcome:
    """Play chunk ``chunk`` of an optimize (its range of the current work, for every deck of the
    work) and record it once; the chunk that completes the work advances the search."""
    optimizer = _optimizer(job)
    if optimizer is None:
        return ChunkOutcome.FAILED
    state, base = _loaded(job, optimizer)
    work = optimizer.work(state)
    if work is None or chunk < base:
        return ChunkOutcome.ALREADY_DONE  # a chunk of a work the search has moved past
    ranges = work.chunks_of(job.chunk_size)
    if chunk >= base + len(ranges):
        logger.warning("optimize %s has no chunk %s in its current work: message ignored", job.pk, chunk)
        return ChunkOutcome.SKIPPED
    if ChunkResult.objects.filter(job_id=job.pk, chunk=chunk).exists():
        return ChunkOutcome.ALREADY_DONE
    start, stop = ranges[chunk - base]
    started = time.perf_counter()
    try:
        tally = play_work(optimizer, work, start, stop)
    except Exception as exc:  # an engine error is deterministic: retrying would fail again
        logger.exception("optimize %s chunk %s failed", job.pk, chunk)
        job_fail(job_id=job.pk, error=f"{work.phase} games {start}..{stop - 1}: {type(exc).__name__}: {exc}")
        return ChunkOutcome.FAILED
    seconds = time.perf_counter() - started
    with transaction.atomic():
        try:
            with transaction.atomic():
                ChunkResult.objects.create(
                    job_id=job.pk,
                    pairing=pairing_row,
                    chunk=chunk,
                    start=start,
                    stop=stop,
                    games=stop - start,
                    tally=tally.to_json(),
                    seconds=seconds,
                    worker=worker[:200],
                )
        except IntegrityError:
            return ChunkOutcome.ALREADY_DONE  # another delivery of this chunk got there first
        locked = SimulationJob.objects.select_for_update().get(pk=job.pk)
        if locked.is_active:
            _work_close(locked, optimizer)
    return ChunkOutcome.PLAYED


def optimize_missing_chunks(*, job: SimulationJob, optimizer: SearchMachine[Any]) -> list[int]:
    """The chunks of the work the search waits for that have no result yet."""
    state, base = _loaded(job, optimizer)
    work = optimizer.work(state)
    if work is None:
        return []
    wanted = range(base, base + len(work.chunks_of(job.chunk_size)))
    done = set(
        ChunkResult.objects.filter(job_id=job.pk, chunk__in=list(wanted)).values_list("chunk", flat=True)
    )
    return [c for c in wanted if c not in done]


def optimize_dispatch(*, job: SimulationJob) -> int:
    """Queue the chunks of the current work that have no result yet; with none missing, advance
    the search (or finish it) under the lock. Returns the chunks queued."""
    optimizer = _optimizer(job)
    if optimizer is None:
        return 0
    missing = optimize_missing_chunks(job=job, optimizer=optimizer)
    if missing:
        queueing.chunks_send(job.pk, [(0, c) for c in missing])
        return len(missing)
    with transaction.atomic():
        locked = SimulationJob.objects.select_for_update().filter(pk=job.pk).first()
        if locked is not None and locked.is_active:
            _work_close(locked, optimizer)
    return 0


def _work_close(job: SimulationJob, optimizer: SearchMachine[Any]) -> bool:
    """With ``job`` locked: refresh its progress; if every chunk of the current work is recorded,
    advance the search — open the next work (its chunks queued on commit) or finish. Exactly once
    per work (the state moves only here, under the lock)."""
    state, base = _loaded(job, optimizer)
    work = optimizer.work(state)
    if work is None:
        _progress_refresh(job, optimizer.spent(state), None, base)
        _finish(job, optimizer, state, Status.DONE)
        return True
    ranges = work.chunks_of(job.chunk_size)
    rows = list(
        ChunkResult.objects.filter(job_id=job.pk, chunk__gte=base, chunk__lt=base + len(ranges))
        .order_by("chunk")
        .values_list("tally", flat=True)
    )
    if len(rows) < len(ranges):
        _progress_refresh(job, optimizer.spent(state), work, base)
        return False
    total = CompareTally.empty(len(work.arms), len(optimizer.problem.field))
    for tally in rows:
        total.merge(CompareTally.from_json(tally))
    state = optimizer.advance(state, work, total)
    base += len(ranges)
    following = optimizer.work(state)
    job.search_state = _stored(optimizer, state, base)
    if following is None:
        SimulationJob.objects.filter(pk=job.pk).update(search_state=job.search_state)
        _progress_refresh(job, optimizer.spent(state), None, base)
        _finish(job, optimizer, state, Status.DONE)
        return True
    count = len(following.chunks_of(job.chunk_size))
    job.total_chunks = base + count
    SimulationJob.objects.filter(pk=job.pk).update(
        search_state=job.search_state, total_chunks=job.total_chunks
    )
    _progress_refresh(job, optimizer.spent(state), following, base)
    job_id, chunks = job.pk, [(0, c) for c in range(base, base + count)]
    transaction.on_commit(lambda: _queue_work(job_id, chunks))
    return True


def _progress_refresh(job: SimulationJob, spent: int, work: Work | None, base: int) -> None:
    """Progress from the rows (never incremented): the games of the works the search has moved
    past, and those recorded of the current one (every deck's)."""
    agg = ChunkResult.objects.filter(job_id=job.pk).aggregate(chunks=Count("id"))
    current = 0
    if work is not None:
        games = ChunkResult.objects.filter(job_id=job.pk, chunk__gte=base).aggregate(n=Sum("games"))["n"]
        current = (games or 0) * len(work.arms)
    job.games_done = min(spent + current, job.total_games)
    job.chunks_done = agg["chunks"] or 0
    SimulationJob.objects.filter(pk=job.pk).update(games_done=job.games_done, chunks_done=job.chunks_done)


def _finish(job: SimulationJob, optimizer: SearchMachine[Any], state: Any, status: str) -> bool:
    """Store the results of ``job`` (locked, active) from ``state`` and end it with ``status``;
    an optimize's final deck, when it differs from the start, is saved as a new deck of the owner."""
    saved = _final_deck_save(job, optimizer, state) if isinstance(optimizer, Optimizer) else None
    results = search_results_compute(job=job, machine=optimizer, state=state, saved_deck=saved)
    updates: dict[str, Any] = {"status": status, "results": results, "finished_at": timezone.now()}
    if status == Status.DONE:  # what was played: the progress bar ends full
        updates.update(total_games=job.games_done, total_chunks=job.chunks_done)
    updated = SimulationJob.objects.filter(pk=job.pk, status__in=SimulationJob.ACTIVE).update(**updates)
    return updated == 1


def _final_deck_save(job: SimulationJob, optimizer: Optimizer, state: Any) -> dict[str, Any] | None:
    """The final deck saved as a deck of the owner; None when it is the start, or when it can no
    longer be saved: the search played the job's catalog snapshot, and staff may have deleted one of
    its cards since (the results still give the deck)."""
    if job.owner is None or state.incumbent == optimizer.problem.start:
        return None
    start = job.entrants.filter(role=SimulationEntrant.Role.BASE).first()
    name = (start.deck_name or start.label) if start is not None else "Deck"
    try:
        with transaction.atomic():
            return optimize_deck_save(
                owner=job.owner, start_name=name, suffix=f"optimize #{job.pk}", deck=state.incumbent
            )
    except DomainError as exc:
        logger.warning("optimize %s: its final deck could not be saved: %s", job.pk, exc.message)
        return None


def optimize_deck_save(*, owner: User, start_name: str, suffix: str, deck: Composition) -> dict[str, Any]:
    """Save an optimizer's deck as a new deck of ``owner``, named after the starting deck
    (``"<start> (<suffix>)"``), its first version marked as the optimizer's."""
    tail = f" ({suffix})"
    saved = deck_create(
        owner=owner,
        name=start_name[: NAME_MAX - len(tail)] + tail,
        characters=list(deck.characters),
        cards=deck.counts,
        source=DeckVersion.Source.OPTIMIZE,
    )
    return {"id": saved.pk, "name": saved.name}


def optimize_cancel(*, job: SimulationJob) -> SimulationJob:
    """Cancel a search: an optimize keeps the best deck so far (its results are stored from the
    state as it stands and the deck saved); 409 if the job has ended."""
    optimizer = job_search_get(job=job, catalog=job_catalog_get(job=job, strict=False) or get_catalog())
    with transaction.atomic():
        locked = SimulationJob.objects.select_for_update().get(pk=job.pk)
        if not locked.is_active:
            raise DomainError(
                f"Job #{job.pk} has already ended ({locked.status}).",
                code=Code.JOB_FINISHED,
                status_code=CONFLICT,
            )
        state, base = _loaded(locked, optimizer)
        state = optimizer.cancel(state)
        locked.search_state = _stored(optimizer, state, base)
        SimulationJob.objects.filter(pk=locked.pk).update(search_state=locked.search_state)
        _finish(locked, optimizer, state, Status.CANCELLED)
    job.refresh_from_db()
    return job


def _queue_work(job_id: int, chunks: list[tuple[int, int]]) -> None:
    try:
        queueing.chunks_send(job_id, chunks)
    except Exception:  # the broker is down: say so on the job
        logger.exception("could not queue the next work of optimize %s", job_id)
        job_fail_unqueued(job_id=job_id, what=f"Job #{job_id}'s next games")
