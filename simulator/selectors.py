"""Reads of simulation jobs: whose jobs one sees, progress and ETA, results (final or partial).

A user sees their own jobs only; anyone else's job is "not found" (never "forbidden", which would
leak that it exists) — staff included: the admin is where staff look at everyone's jobs.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone

from cards.specs import get_catalog
from decks.text_format import deck_text_export
from eredan.errors import NotFoundError
from eredan.users import Viewer
from simulator.engine.batch import Entrant, batch_report, pairings_for
from simulator.engine.stats import MatchTally
from simulator.lab.acquire import ACQUIRE, Acquirer, AcquireState
from simulator.lab.compare import COMPARE, ComparePlan, CompareTally
from simulator.lab.moves import Composition, slug_labels
from simulator.lab.optimize import OPTIMIZE, Optimizer, OptimizerState
from simulator.lab.report import compare_sections, lab_sections
from simulator.lab.search import SearchMachine
from simulator.lab.sequential import StopReason
from simulator.models import ChunkResult, GameRecord, SimulationEntrant, SimulationJob, SimulationPairing
from simulator.specs import job_catalog_get, job_compare_plan_build, job_search_get


def job_list(*, user: Viewer, status: str | None = None) -> QuerySet[SimulationJob]:
    """The jobs of ``user``, newest first (``status``: only those)."""
    if not user.is_authenticated:
        return SimulationJob.objects.none()
    qs = SimulationJob.objects.filter(owner_id=user.pk)
    if status:
        qs = qs.filter(status=status)
    return qs.order_by("-created_at", "-id")


def job_get(*, user: Viewer, pk: int | str) -> SimulationJob:
    """A job of ``user``; else :class:`NotFoundError`."""
    try:
        pk = int(pk)
    except (TypeError, ValueError):
        raise NotFoundError("No such simulation job.") from None
    job = job_list(user=user).filter(pk=pk).first()
    if job is None:
        raise NotFoundError("No such simulation job.")
    return job


@dataclass(frozen=True)
class Progress:
    games_done: int
    total_games: int
    chunks_done: int
    total_chunks: int
    fraction: float
    elapsed_seconds: float | None
    games_per_second: float | None
    eta_seconds: float | None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def job_progress(*, job: SimulationJob, now: datetime | None = None) -> Progress:
    """Progress from the recorded chunks; the ETA from the rate since the job started (null until
    a chunk is recorded, 0 once the job has ended)."""
    now = now or timezone.now()
    elapsed = None
    if job.started_at is not None:
        elapsed = max(0.0, ((job.finished_at or now) - job.started_at).total_seconds())
    rate = job.games_done / elapsed if elapsed and job.games_done else None
    if not job.is_active:
        eta: float | None = 0.0
    elif rate:
        eta = (job.total_games - job.games_done) / rate
    else:
        eta = None
    return Progress(
        games_done=job.games_done,
        total_games=job.total_games,
        chunks_done=job.chunks_done,
        total_chunks=job.total_chunks,
        fraction=job.games_done / job.total_games if job.total_games else 0.0,
        elapsed_seconds=elapsed,
        games_per_second=rate,
        eta_seconds=eta,
    )


@dataclass(frozen=True)
class StatusHint:
    """What a job's status alone does not say: ``code`` (stable) and a readable ``message``."""

    code: str
    message: str

    def to_json(self) -> dict[str, str]:
        return asdict(self)


#: The hint's code: no worker has taken the job's dispatch message yet.
NO_WORKER = "no_worker"


def job_status_hint(*, job: SimulationJob, now: datetime | None = None) -> StatusHint | None:
    """A hint beside a job's status, or None: a job still pending
    ``settings.SIMULATION_NO_WORKER_AFTER`` seconds after it was submitted has not been picked up
    by any worker — no chunk has started — and waits for one (a worker that starts later runs it).
    Computed on reading, never stored."""
    if job.status != SimulationJob.Status.PENDING or job.created_at is None:
        return None
    waited = ((now or timezone.now()) - job.created_at).total_seconds()
    if waited < settings.SIMULATION_NO_WORKER_AFTER:
        return None
    return StatusHint(
        code=NO_WORKER,
        message=(
            f"No worker has picked this job up in {_duration(waited)}: it waits until a simulation "
            "worker runs (manage.py serve, or celery -A eredan worker)."
        ),
    )


def _duration(seconds: float) -> str:
    """``45 s``, ``3 min``, ``2 h 5 min``."""
    if seconds < 60:
        return f"{seconds:.0f} s"
    minutes = int(seconds // 60)
    if minutes < 60:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60} min"


def _entrant_json(row: SimulationEntrant) -> dict[str, Any]:
    deck = None
    if row.characters:
        deck = {
            "id": row.deck_id,
            "name": row.deck_name,
            "slug": row.deck_slug or None,
            "characters": row.characters,
            "cards": row.cards,
            "version": row.deck_version,
        }
    out: dict[str, Any] = {"index": row.index, "label": row.label, "policy": row.policy, "deck": deck}
    if row.role != SimulationEntrant.Role.ENTRANT:  # a compare's base, variants and field
        out.update(role=row.role, weight=row.weight, swaps=row.swaps)
    return out


def results_document(
    *,
    game: str,
    kind: str,
    options: Mapping[str, Any],
    seed: int,
    games: int,
    entrants: Sequence[Mapping[str, Any]],
    tallies: Sequence[MatchTally],
    field: Mapping[str, float] | None = None,
) -> dict[str, Any]:
    """The results of a batch (a job's, or a local run's — the same shape and, for the same
    request, the same content): what was played, then :func:`batch_report` and the lab's
    sections (card metrics; a round robin's metagame against ``field`` and ratings)."""
    plan_entrants = [Entrant(label=e["label"], policy=e["policy"]) for e in entrants]
    pairings = pairings_for(kind, len(plan_entrants))
    return {
        "game": game,
        "kind": kind,
        "options": dict(options),
        "seed": seed,
        "games_per_pairing": games,
        "entrants": [dict(e) for e in entrants],
        **batch_report(plan_entrants, pairings, tallies),
        **lab_sections(kind, plan_entrants, pairings, tallies, field=field),
    }


def compare_results_document(
    *,
    game: str,
    options: Mapping[str, Any],
    seed: int,
    entrants: Sequence[Mapping[str, Any]],
    plan: ComparePlan,
    rounds: Sequence[CompareTally],
    reason: StopReason | None,
) -> dict[str, Any]:
    """The results of a compare (a job's or a local run's, the same shape): what was played, then
    :func:`simulator.lab.report.compare_sections`."""
    return {
        "game": game,
        "kind": COMPARE,
        "options": dict(options),
        "seed": seed,
        "games_per_arm": plan.games,
        "entrants": [dict(e) for e in entrants],
        **compare_sections(plan, rounds, reason=reason),
    }


def _compare_report(job: SimulationJob, rounds: list[CompareTally]) -> dict[str, Any]:
    return compare_results_document(
        game=job.game,
        options=job.options,
        seed=job.seed,
        entrants=[_entrant_json(row) for row in job.entrants.order_by("index")],
        plan=job_compare_plan_build(job=job, catalog=None),
        rounds=rounds,
        reason=StopReason(job.stop_reason) if job.stop_reason else None,
    )


def compare_rounds_compute(*, job: SimulationJob) -> list[CompareTally]:
    """A compare's tally of each round played, from its chunk rows (sums: in any order)."""
    plan = job_compare_plan_build(job=job, catalog=None)
    round_of = {c.chunk: c.round for c in plan.chunks}
    rounds: list[CompareTally] = []
    rows: Iterator[tuple[int, dict[str, Any]]] = (
        ChunkResult.objects.filter(job_id=job.pk)
        .order_by("chunk")
        .values_list("chunk", "tally")
        .iterator(chunk_size=200)
    )
    for chunk, tally in rows:
        r = round_of[chunk]
        while len(rounds) <= r:
            rounds.append(CompareTally.empty(len(plan.arms), len(plan.field)))
        rounds[r].merge(CompareTally.from_json(tally))
    return rounds


def compare_running_rounds(pairing: SimulationPairing | None) -> list[CompareTally]:
    """The running tally of each round of a compare, kept on its one pairing row."""
    if pairing is None or not pairing.tally:
        return []
    return [CompareTally.from_json(r) for r in pairing.tally["rounds"]]


def _field_weights(job: SimulationJob) -> dict[str, float] | None:
    """A round robin's field as the user gave it (entrants' weights), if not uniform."""
    weights = dict(job.entrants.values_list("label", "weight"))
    return weights if len(set(weights.values())) > 1 else None


def _report(job: SimulationJob, tallies: list[MatchTally]) -> dict[str, Any]:
    return results_document(
        game=job.game,
        kind=job.kind,
        options=job.options,
        seed=job.seed,
        games=job.games,
        entrants=[_entrant_json(row) for row in job.entrants.order_by("index")],
        tallies=tallies,
        field=_field_weights(job),
    )


def job_results_compute(*, job: SimulationJob) -> dict[str, Any]:
    """The statistics of a job from its chunk rows, merged in (pairing, chunk) order: the same
    whatever the chunk size, the number of workers or the order the chunks ran in."""
    if job.kind == COMPARE:
        return _compare_report(job, compare_rounds_compute(job=job))
    count = job.pairings.count()
    tallies = [MatchTally() for _ in range(count)]
    rows: Iterator[tuple[int, dict[str, Any]]] = (
        ChunkResult.objects.filter(job_id=job.pk)
        .order_by("pairing__index", "chunk")
        .values_list("pairing__index", "tally")
        .iterator(chunk_size=500)
    )
    for index, tally in rows:
        tallies[index].merge(MatchTally.from_json(tally))
    return _report(job, tallies)


def job_results(*, job: SimulationJob) -> dict[str, Any]:
    """The final results of a finished job; while it runs (or once cancelled or failed), the
    partial results of the chunks recorded so far (``partial: true``)."""
    if job.status == SimulationJob.Status.DONE and job.results is not None:
        return {**job.results, "partial": False}
    if job.kind in (OPTIMIZE, ACQUIRE):
        if job.results is not None:  # cancelled: the search as it stood, stored
            return {**job.results, "partial": True}
        machine = job_search_get(job=job, catalog=job_catalog_get(job=job, strict=False) or get_catalog())
        state = machine.load((job.search_state or {})["state"])
        return {**search_results_compute(job=job, machine=machine, state=state), "partial": True}
    if job.kind == COMPARE:
        return {**_compare_report(job, compare_running_rounds(job.pairings.first())), "partial": True}
    pairings: list[SimulationPairing] = list(job.pairings.order_by("index"))
    tallies = [MatchTally.from_json(p.tally) if p.tally else MatchTally() for p in pairings]
    return {**_report(job, tallies), "partial": True}


def job_records(*, job: SimulationJob) -> list[GameRecord]:
    """The recorded games of a job (without their records' bodies), by pairing then game."""
    return list(
        GameRecord.objects.filter(job_id=job.pk)
        .select_related("pairing")
        .defer("record")
        .order_by("pairing__index", "index")
    )


def job_record_get(*, job: SimulationJob, pairing: Any, index: Any) -> GameRecord:
    """One recorded game of a job; else :class:`NotFoundError`."""
    try:
        pairing, index = int(pairing), int(index)
    except (TypeError, ValueError):
        raise NotFoundError("No such recorded game.") from None
    found = GameRecord.objects.filter(job_id=job.pk, pairing__index=pairing, index=index).first()
    if found is None:
        raise NotFoundError("No such recorded game.")
    return found


def job_record_documents(*, job: SimulationJob) -> list[dict[str, Any]]:
    """Every record of a job, by pairing then game."""
    rows = GameRecord.objects.filter(job_id=job.pk).order_by("pairing__index", "index")
    return [row.record for row in rows]


# --- an optimize (docs/lab.md "Optimizer") --------------------------------------------------------


def optimize_results_document(
    *,
    game: str,
    options: Mapping[str, Any],
    seed: int,
    entrants: Sequence[Mapping[str, Any]],
    optimizer: Optimizer,
    state: OptimizerState,
    start_name: str,
    saved_deck: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The results of an optimize (a job's or a local run's, the same shape): what was asked,
    :meth:`Optimizer.report` (the final deck, the path of accepted moves with their verified
    gains, the biased estimate, the games spent, the confirmed gain with its interval), both decks
    in the deck text format, the names of every card and character they mention, and the deck
    the final one was saved as (a job with an owner)."""
    problem = optimizer.problem
    catalog = problem.constraints.catalog
    report = optimizer.report(state)
    slugs: set[str] = set()
    for deck in (problem.start, state.incumbent):
        slugs.update(deck.characters)
        slugs.update(deck.counts)
    for step in state.steps:
        slugs.update(s for s, _ in (*step.move.out, *step.move.into))

    def text(deck: Composition, name: str) -> str:
        return deck_text_export(characters=deck.characters, cards=deck.counts, catalog=catalog, name=name)

    return {
        "game": game,
        "kind": OPTIMIZE,
        "options": dict(options),
        "seed": seed,
        "entrants": [dict(e) for e in entrants],
        **report,
        "start_text": text(problem.start, start_name),
        "final_text": text(state.incumbent, f"{start_name} (optimized)" if state.accepted else start_name),
        "labels": dict(sorted(slug_labels(slugs, catalog).items())),
        "saved_deck": dict(saved_deck) if saved_deck is not None else None,
    }


def search_results_compute(
    *,
    job: SimulationJob,
    machine: SearchMachine[Any],
    state: Any,
    saved_deck: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The results of an optimize or acquire job from its state (final, or as it stands)."""
    rows = list(job.entrants.order_by("index"))
    start = next((r for r in rows if r.role == SimulationEntrant.Role.BASE), None)
    name = (start.deck_name or start.label) if start is not None else ""
    entrants = [_entrant_json(row) for row in rows]
    if isinstance(machine, Acquirer):
        return acquire_results_document(
            game=job.game,
            options=job.options,
            seed=job.seed,
            entrants=entrants,
            acquirer=machine,
            state=state,
            base_name=name,
            collection=job.collection_id,
        )
    assert isinstance(machine, Optimizer)
    return optimize_results_document(
        game=job.game,
        options=job.options,
        seed=job.seed,
        entrants=entrants,
        optimizer=machine,
        state=state,
        start_name=name,
        saved_deck=saved_deck,
    )


def acquire_results_document(
    *,
    game: str,
    options: Mapping[str, Any],
    seed: int,
    entrants: Sequence[Mapping[str, Any]],
    acquirer: Acquirer,
    state: AcquireState,
    base_name: str,
    collection: int | None,
) -> dict[str, Any]:
    """The results of an acquire (a job's or a local run's, the same shape): what was asked,
    :meth:`Acquirer.report` (the ranking: each card's gain with its interval from games it was not
    selected on, the deck it would go in, the copies to get) and the names of the cards."""
    problem = acquirer.problem
    report = acquirer.report(state)
    slugs: set[str] = set(problem.base.characters) | set(problem.base.counts) | set(state.items)
    for moves in state.moves:
        for move in moves:
            slugs.update(s for s, _ in (*move.out, *move.into))
    return {
        "game": game,
        "kind": ACQUIRE,
        "options": dict(options),
        "seed": seed,
        "entrants": [dict(e) for e in entrants],
        "base_name": base_name,
        "collection": collection,
        **report,
        "labels": dict(sorted(slug_labels(slugs, problem.constraints.catalog).items())),
    }


def optimize_progress(*, job: SimulationJob) -> dict[str, Any] | None:
    """Where an optimize stands, from its stored state (no game object built): the phase, the
    step, the current best deck and its estimated gain (biased: the confirmation, at the end, is
    the one to trust), the last move tried. An acquire: its phase, round and candidates. None for
    another kind of job."""
    if job.kind == ACQUIRE and job.search_state:
        ranking = Acquirer.load(job.search_state["state"])
        return {
            "phase": ranking.phase,
            "round": ranking.round,
            "candidates": len(ranking.items),
            "racing": sum(len(a) for a in ranking.alive if len(a) > 1),
            "games": {**ranking.games, "total": ranking.games_spent},
            "stop_reason": ranking.stop_reason,
        }
    if job.kind != OPTIMIZE or not job.search_state:
        return None
    state = Optimizer.load(job.search_state["state"])
    last = state.steps[-1] if state.steps else None
    return {
        "phase": state.phase,
        "step": state.step,
        "round": state.round,
        "candidates": len(state.candidates),
        "racing": len(state.survivors),
        "accepted": len(state.accepted),
        "best": state.incumbent.to_json(),
        "estimated_gain": Optimizer.estimated_gain(state),
        "last_step": last.to_json() if last is not None else None,
        "games": {**state.games, "total": state.games_spent},
        "stop_reason": state.stop_reason,
        "confirmation": state.confirmation,
    }


# --- a change between two versions of a deck (docs/lab.md "Deck versions") -----------------------


@dataclass(frozen=True)
class VersionCompare:
    """A compare of version ``before`` (the base) and version ``after`` (a variant) of a deck, and
    the measured difference of ``after`` — final, or partial while it runs (None before any game)."""

    job: SimulationJob
    difference: dict[str, Any] | None


def version_compares(
    *, user: Viewer, deck_id: int, before: int, after: int, limit: int = 10
) -> list[VersionCompare]:
    """The compares of ``user`` whose base is version ``before`` of deck ``deck_id`` and one of
    whose variants is version ``after`` of it, newest first, each with that variant's difference."""
    if not user.is_authenticated:
        return []
    jobs = (
        SimulationJob.objects.filter(owner_id=user.pk, kind=COMPARE)
        .filter(entrants__role="base", entrants__deck_id=deck_id, entrants__deck_version=before)
        .filter(entrants__role="variant", entrants__deck_id=deck_id, entrants__deck_version=after)
        .distinct()
        .order_by("-created_at", "-id")[:limit]
    )
    out = []
    for job in jobs:
        variant = (
            job.entrants.filter(role="variant", deck_id=deck_id, deck_version=after).order_by("index").first()
        )
        difference = None
        if variant is not None and job.games_done:
            results = job_results(job=job)
            difference = next((d for d in results["differences"] if d["entrant"] == variant.index), None)
        out.append(VersionCompare(job=job, difference=difference))
    return out


def acquire_jobs(*, user: Viewer, collection_id: int, limit: int = 3) -> list[SimulationJob]:
    """The latest rankings of what to get next of ``user`` for one of their collections."""
    if not user.is_authenticated:
        return []
    qs = SimulationJob.objects.filter(owner_id=user.pk, kind=ACQUIRE, collection_id=collection_id)
    return list(qs.order_by("-created_at", "-id")[:limit])
