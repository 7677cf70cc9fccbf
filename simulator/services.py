"""Writes of simulation jobs: submit (everything checked first, nothing queued on error), dispatch,
run a chunk (idempotent), finalize (exactly once), cancel, fail.

How a job runs (docs/simulation.md "How a job runs"):

1. :func:`job_create` checks everything, saves the job with its entrants (a snapshot of each
   deck) and pairings, and — once the transaction has committed — queues one ``job_dispatch``
   message.
2. :func:`job_dispatch` (a worker) marks the job running and queues one ``chunk_run`` message per
   chunk that has no result yet (so dispatching again after a lost broker only re-sends what is
   missing).
3. :func:`chunk_run` (a worker) re-fetches the job, builds the batch once per process, plays the
   chunk's games and records them in one transaction: the unique :class:`ChunkResult` row (a
   redelivered chunk finds it and does nothing), the experience of every game if asked (the
   collections service is idempotent per game too), the pairing's running tally, the job's
   progress recomputed from the rows — and, if this chunk completes the set, the final results
   (a conditional update from running to done whose row count is checked: exactly once).
"""

from __future__ import annotations

import logging
import random
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from django.db.models import Count, Q, Sum
from django.utils import timezone

from cards.collection.models import Collection, ExperienceSource
from cards.domain.specs import Catalog, DeckSpec
from cards.specs import get_catalog
from decks.models import Deck
from decks.selectors import deck_slugs, with_entries
from decks.services import deck_validate
from eredan.errors import DomainError, Problems
from simulator.engine.batch import (
    KINDS,
    MATCHUP,
    BatchError,
    BatchPlan,
    ChunkRange,
    Entrant,
    chunk_count,
    chunk_range,
    chunk_ranges,
    pairings_for,
)
from simulator.engine.protocol import GameError
from simulator.engine.registry import GameSpec, UnknownGameError, available_games, get_game_spec
from simulator.engine.runner import GameResult
from simulator.engine.seeds import MAX_SEED
from simulator.engine.stats import MatchTally
from simulator.error_codes import SimulationErrorCode as Code
from simulator.limits import (
    DEFAULT_RECORD_GAMES,
    DEFAULT_SECONDS_PER_GAME,
    MAX_ACTIVE_JOBS_PER_USER,
    MAX_CHUNK_SHARE_OF_VISIBILITY,
    MAX_CHUNK_SIZE,
    MAX_CHUNKS,
    MAX_ENTRANTS,
    MAX_GAMES,
    MAX_LABEL_LENGTH,
    MAX_RECORD_GAMES,
    MAX_TOTAL_GAMES,
    SECONDS_PER_GAME,
    TARGET_CHUNK_SECONDS,
)
from simulator.models import ChunkResult, GameRecord, SimulationEntrant, SimulationJob, SimulationPairing
from simulator.records import Replay, replay_record
from simulator.specs import UnknownSlugError, deck_spec_build, job_batch_get

logger = logging.getLogger(__name__)

Status = SimulationJob.Status


# --- input ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeckComposition:
    """A deck given by its contents rather than saved (decks read from files by the CLI)."""

    name: str
    characters: tuple[str, ...]
    cards: Mapping[str, int]


@dataclass(frozen=True)
class EntrantInput:
    """One entrant as asked: a saved deck (id, or a demo deck's slug) or a composition (games
    with decks), its AI policy (default: the job's, else the game's), an optional label."""

    deck: int | str | None = None
    composition: DeckComposition | None = None
    policy: str | None = None
    label: str | None = None


@dataclass
class PreparedEntrant:
    label: str
    policy: str
    deck: Deck | None = None
    deck_name: str = ""
    deck_slug: str = ""
    characters: list[str] = field(default_factory=list)
    cards: dict[str, int] = field(default_factory=dict)
    spec: DeckSpec | None = None
    earns_experience: bool = False


@dataclass
class PreparedJob:
    """A job that passed every check: what :func:`job_create` saves and the local runner plays."""

    game: str
    kind: str
    options: dict[str, Any]
    entrants: list[PreparedEntrant]
    games: int
    seed: int
    chunk_size: int
    award_experience: bool = False
    collection: Collection | None = None
    catalog_version: str = ""
    record_games: int = 0

    def entrants_json(self) -> list[dict[str, Any]]:
        """The entrants as the results show them (as for a saved job's entrant rows)."""
        return [
            {
                "index": i,
                "label": e.label,
                "policy": e.policy,
                "deck": None
                if not e.characters
                else {
                    "id": e.deck.pk if e.deck is not None else None,
                    "name": e.deck_name,
                    "slug": e.deck_slug or None,
                    "characters": e.characters,
                    "cards": e.cards,
                },
            }
            for i, e in enumerate(self.entrants)
        ]

    @property
    def plan(self) -> BatchPlan:
        return BatchPlan(
            game=self.game,
            kind=self.kind,
            entrants=tuple(Entrant(e.label, e.policy, e.spec) for e in self.entrants),
            games=self.games,
            seed=self.seed,
            chunk_size=self.chunk_size,
            options=dict(self.options),
            record_games=min(self.record_games, self.games),
        )


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --- checks -----------------------------------------------------------------------------------


def _game_spec(game: Any) -> GameSpec:
    try:
        if not isinstance(game, str):
            raise UnknownGameError(game)
        return get_game_spec(game)
    except UnknownGameError:
        raise DomainError(
            f"Unknown game {game!r}; the simulator plays {', '.join(available_games())}.",
            code=Code.UNKNOWN_GAME,
            field="game",
        ) from None


def _check_options(spec: GameSpec, options: Any, problems: Problems) -> dict[str, Any]:
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        problems.add("options", Code.INVALID_OPTION, "Options are an object of name: value.")
        return {}
    clean: dict[str, Any] = {}
    for name, value in options.items():
        if name not in spec.options:
            known = ", ".join(sorted(spec.options)) or "none"
            problems.add(
                f"options.{name}",
                Code.INVALID_OPTION,
                f"{spec.name} has no option {name!r} (options: {known}).",
            )
            continue
        kind = spec.options[name][0]
        ok = (
            isinstance(value, bool)
            if kind is bool
            else (_is_int(value) if kind is int else isinstance(value, kind))
        )
        if not ok:
            problems.add(f"options.{name}", Code.INVALID_OPTION, f"{name} is a {kind.__name__}.")
            continue
        clean[name] = value
    return clean


def _seconds_per_game(game: str, policies: Sequence[str]) -> float:
    costs = [SECONDS_PER_GAME.get((game, p), DEFAULT_SECONDS_PER_GAME) for p in policies]
    return max(sum(costs) / len(costs), 1e-6) if costs else DEFAULT_SECONDS_PER_GAME


def chunk_size_default(*, game: str, policies: Sequence[str], total_games: int) -> int:
    """About :data:`TARGET_CHUNK_SECONDS` of play per chunk (the slowest pairing's policies), and
    never more than :data:`MAX_CHUNKS` chunks."""
    size = int(TARGET_CHUNK_SECONDS / _seconds_per_game(game, policies))
    size = max(size, -(-total_games // MAX_CHUNKS), 1)
    return min(size, MAX_CHUNK_SIZE)


def broker_visibility_timeout() -> float | None:
    """Seconds after which the Redis broker redelivers an unacknowledged chunk (None: a broker
    without redelivery by timeout, e.g. the embedded filesystem transport)."""
    if not str(settings.CELERY_BROKER_URL).startswith(("redis://", "rediss://")):
        return None
    options = getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", {}) or {}
    return float(options.get("visibility_timeout", 3600))


def _resolve_deck(owner: Any, ref: int | str) -> Deck | None:
    """A deck of ``owner`` or a public demo deck (no owner), by id or slug; else None."""
    allowed = Q(owner__isnull=True, is_public=True)
    if owner is not None:
        allowed |= Q(owner_id=owner.pk)
    qs = Deck.objects.filter(allowed)
    qs = qs.filter(pk=ref) if _is_int(ref) else qs.filter(slug=ref)
    return with_entries(qs).first()


def _unique_labels(labels: Sequence[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        label = " ".join(label.split())[: MAX_LABEL_LENGTH - 5] or "entrant"
        n = seen.get(label, 0) + 1
        seen[label] = n
        out.append(label if n == 1 else f"{label} ({n})")
    return out


def _prepare_entrant(
    *,
    spec: GameSpec,
    owner: Any,
    item: EntrantInput,
    index: int,
    default_policy: str,
    catalog: Catalog | None,
    problems: Problems,
) -> PreparedEntrant | None:
    where = f"entrants.{index}"
    policy = item.policy or default_policy
    ok = True
    if policy not in spec.policies:
        problems.add(
            f"{where}.policy",
            Code.UNKNOWN_POLICY,
            f"{spec.name} has no AI policy {policy!r} (policies: {', '.join(spec.policies)}).",
        )
        ok = False
    if item.label is not None and (not isinstance(item.label, str) or not item.label.strip()):
        problems.add(f"{where}.label", "invalid", "A label is a non-empty string.")
        ok = False
    has_deck = item.deck is not None or item.composition is not None
    if not spec.uses_decks:
        if has_deck:
            problems.add(
                f"{where}.deck", Code.DECK_NOT_ALLOWED, f"{spec.name} is played without decks: give policies."
            )
            return None
        return PreparedEntrant(label=item.label or policy, policy=policy) if ok else None
    if not has_deck:
        problems.add(f"{where}.deck", Code.DECK_REQUIRED, f"Each entrant of {spec.name} needs a deck.")
        return None
    assert catalog is not None
    if item.composition is not None:
        comp = item.composition
        characters, cards = list(comp.characters), dict(comp.cards)
        result = deck_validate(characters=characters, cards=cards, catalog=catalog)
        entrant = PreparedEntrant(
            label=item.label or comp.name,
            policy=policy,
            deck_name=comp.name,
            characters=characters,
            cards=cards,
        )
    else:
        ref = item.deck
        if not (_is_int(ref) or (isinstance(ref, str) and ref.strip())):
            problems.add(f"{where}.deck", "invalid", "A deck is a deck id or a demo deck slug.")
            return None
        assert ref is not None
        deck = _resolve_deck(owner, ref)
        if deck is None:
            problems.add(
                f"{where}.deck",
                Code.DECK_NOT_FOUND,
                f"No deck of yours and no public demo deck is {ref!r}.",
            )
            return None
        characters, cards = deck_slugs(deck)
        result = deck_validate(characters=characters, cards=cards, catalog=catalog)
        entrant = PreparedEntrant(
            label=item.label or deck.name,
            policy=policy,
            deck=deck,
            deck_name=deck.name,
            deck_slug=deck.slug or "",
            characters=characters,
            cards=cards,
            earns_experience=owner is not None and deck.owner_id == owner.pk,
        )
    if not result.valid:
        problems.add(
            f"{where}.deck",
            Code.DECK_INVALID,
            f"Deck {entrant.deck_name!r} breaks the deck-building rules: "
            + "; ".join(v.message for v in result.violations),
            violations=[v.to_json() for v in result.violations],
        )
        return None
    try:
        entrant.spec = deck_spec_build(
            name=entrant.deck_name,
            characters=characters,
            cards=cards,
            catalog=catalog,
            slug=entrant.deck_slug,
        )
    except UnknownSlugError as exc:  # the validator reports these first; kept as a guard
        problems.add(f"{where}.deck", Code.DECK_INVALID, str(exc))
        return None
    return entrant if ok else None


def simulation_prepare(
    *,
    owner: Any,
    game: Any,
    entrants: Sequence[EntrantInput],
    games: Any,
    kind: Any = MATCHUP,
    seed: Any = None,
    chunk_size: Any = None,
    options: Any = None,
    policy: Any = None,
    award_experience: bool = False,
    collection_id: Any = None,
    record_games: Any = None,
) -> PreparedJob:
    """Check a simulation request completely and return it ready to save or play.

    ``owner``: the user (None: a command-line job, which may use public demo decks and
    compositions only). Every problem is reported at once as a :class:`DomainError` (400); nothing
    is saved or queued.
    """
    spec = _game_spec(game)
    if kind not in KINDS:
        raise DomainError(
            f"Unknown kind {kind!r}; a job is one of {', '.join(KINDS)}.",
            code=Code.UNKNOWN_KIND,
            field="kind",
        )
    problems = Problems()
    if not isinstance(entrants, Sequence) or not all(isinstance(e, EntrantInput) for e in entrants):
        raise DomainError("Entrants are a list.", code=Code.ENTRANTS, field="entrants")
    try:
        pairings = pairings_for(kind, len(entrants))
    except BatchError as exc:  # reported with every other problem of the request
        problems.add("entrants", Code.ENTRANTS, f"{exc}.")
        pairings = []
    if len(entrants) > MAX_ENTRANTS:
        raise DomainError(
            f"A job has at most {MAX_ENTRANTS} entrants, not {len(entrants)}.",
            code=Code.ENTRANTS,
            field="entrants",
        )
    default_policy = policy if policy in spec.policies else spec.default_policy
    if policy is not None and policy not in spec.policies:  # reported once, not per entrant
        problems.add(
            "policy",
            Code.UNKNOWN_POLICY,
            f"{spec.name} has no AI policy {policy!r} (policies: {', '.join(spec.policies)}).",
        )
    clean_options = _check_options(spec, options, problems)
    catalog = get_catalog() if spec.uses_decks else None
    prepared = [
        _prepare_entrant(
            spec=spec,
            owner=owner,
            item=item,
            index=i,
            default_policy=default_policy,
            catalog=catalog,
            problems=problems,
        )
        for i, item in enumerate(entrants)
    ]

    # Games, seed, chunk size.
    if not _is_int(games) or not 1 <= games <= MAX_GAMES:
        code = (
            Code.INVALID_GAMES
            if not _is_int(games)
            else Code.TOO_FEW_GAMES
            if games < 1
            else Code.TOO_MANY_GAMES
        )
        problems.add("games", code, f"Games per pairing is a whole number from 1 to {MAX_GAMES:,}.")
        games_ok = False
    elif games * len(pairings) > MAX_TOTAL_GAMES:
        problems.add(
            "games",
            Code.TOO_MANY_GAMES,
            f"{games:,} games × {len(pairings)} pairings is {games * len(pairings):,} games; "
            f"a job plays at most {MAX_TOTAL_GAMES:,}.",
        )
        games_ok = False
    else:
        games_ok = True
    if seed is None:
        seed = secrets.randbits(63)
    elif not _is_int(seed) or not 0 <= seed <= MAX_SEED:
        problems.add("seed", Code.BAD_SEED, f"A seed is a whole number from 0 to {MAX_SEED}.")
    total = games * len(pairings) if games_ok else 0
    policies_used = [e.policy for e in prepared if e is not None]
    if chunk_size is None:
        chunk_size = chunk_size_default(game=spec.name, policies=policies_used, total_games=total)
    elif not _is_int(chunk_size) or not 1 <= chunk_size <= MAX_CHUNK_SIZE:
        problems.add(
            "chunk_size", Code.BAD_CHUNK_SIZE, f"A chunk size is a whole number from 1 to {MAX_CHUNK_SIZE:,}."
        )
    elif games_ok:
        chunks = chunk_count(games, chunk_size) * len(pairings)
        if chunks > MAX_CHUNKS:
            least = -(-games // (MAX_CHUNKS // len(pairings)))
            problems.add(
                "chunk_size",
                Code.BAD_CHUNK_SIZE,
                f"{chunks:,} chunks is too many (at most {MAX_CHUNKS:,}): "
                f"use a chunk size of at least {least:,}.",
            )
        visibility = broker_visibility_timeout()
        if visibility is not None and policies_used:
            expected = min(chunk_size, games) * _seconds_per_game(spec.name, policies_used)
            if expected > visibility * MAX_CHUNK_SHARE_OF_VISIBILITY:
                fit = max(
                    1,
                    int(
                        visibility
                        * MAX_CHUNK_SHARE_OF_VISIBILITY
                        / _seconds_per_game(spec.name, policies_used)
                    ),
                )
                problems.add(
                    "chunk_size",
                    Code.BAD_CHUNK_SIZE,
                    f"A chunk of {min(chunk_size, games):,} games would take about {expected:,.0f} s, "
                    f"too long for the broker (it redelivers a chunk unfinished after {visibility:.0f} s): "
                    f"use a chunk size of at most {fit:,}.",
                )

    # Recorded games (docs/game-records.md).
    if record_games is None:
        record_games = DEFAULT_RECORD_GAMES
    elif not _is_int(record_games) or not 0 <= record_games <= MAX_RECORD_GAMES:
        problems.add(
            "record_games",
            Code.BAD_RECORD_GAMES,
            f"Recorded games per pairing is a whole number from 0 to {MAX_RECORD_GAMES}.",
        )
        record_games = 0

    # Game options: the game itself checks the values.
    if not problems.on("options"):
        try:
            made = spec.make_game(**clean_options)
        except (ValueError, TypeError, GameError) as exc:
            problems.add("options", Code.INVALID_OPTION, str(exc))
        else:
            if spec.uses_decks:
                _check_engine_support(made, prepared, problems)

    # Experience.
    collection = None
    if award_experience is not True and award_experience is not False:
        problems.add("award_experience", Code.EXPERIENCE, "award_experience is true or false.")
    elif award_experience:
        if not spec.uses_decks:
            problems.add("award_experience", Code.EXPERIENCE, f"{spec.name} games earn no experience.")
        elif owner is None:
            problems.add("award_experience", Code.EXPERIENCE, "Only a user's own decks earn experience.")
        elif all(e is not None for e in prepared) and not any(e and e.earns_experience for e in prepared):
            problems.add(
                "award_experience",
                Code.EXPERIENCE,
                "None of these decks is yours: public demo decks earn no experience.",
            )
        if collection_id is not None and owner is not None:
            collection = Collection.objects.filter(
                pk=collection_id if _is_int(collection_id) else -1, owner_id=owner.pk
            ).first()
            if collection is None:
                problems.add("collection", Code.COLLECTION_NOT_FOUND, "No collection of yours has this id.")
    elif collection_id is not None:
        problems.add("collection", Code.EXPERIENCE, "A collection is only used with award_experience.")

    problems.raise_any()
    ready = [e for e in prepared if e is not None]
    for entrant, label in zip(ready, _unique_labels([e.label for e in ready]), strict=True):
        entrant.label = label
    return PreparedJob(
        game=spec.name,
        kind=kind,
        options=clean_options,
        entrants=ready,
        games=games,
        seed=seed,
        chunk_size=chunk_size,
        award_experience=bool(award_experience),
        collection=collection,
        catalog_version=catalog.version if catalog is not None else "",
        record_games=min(record_games, games) if games_ok else 0,
    )


def _check_engine_support(game: Any, prepared: Sequence[PreparedEntrant | None], problems: Problems) -> None:
    """Each deck must be playable by the engine (a card it cannot play is refused here, not in
    the middle of the job): set up one game of the deck against itself."""
    for i, entrant in enumerate(prepared):
        if entrant is None or entrant.spec is None:
            continue
        try:
            game.new_initial_state(random.Random(0), (entrant.spec, entrant.spec))
        except (GameError, ValueError, TypeError) as exc:
            problems.add(
                f"entrants.{i}.deck",
                Code.DECK_UNSUPPORTED,
                f"The engine cannot play deck {entrant.deck_name!r}: {exc}",
            )


# --- create, dispatch, cancel ---------------------------------------------------------------


def _lock_owner(owner: Any) -> None:
    get_user_model().objects.select_for_update().filter(pk=owner.pk).first()


def job_create(
    *,
    owner: Any,
    game: Any,
    entrants: Sequence[EntrantInput],
    games: Any,
    kind: Any = MATCHUP,
    seed: Any = None,
    chunk_size: Any = None,
    options: Any = None,
    policy: Any = None,
    award_experience: bool = False,
    collection_id: Any = None,
    record_games: Any = None,
) -> SimulationJob:
    """Check, save and queue a simulation job (see :func:`simulation_prepare` for the checks).

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
    )
    return job_save(owner=owner, prepared=prepared)


def job_save(*, owner: Any, prepared: PreparedJob) -> SimulationJob:
    """Save a prepared job and queue its dispatch on commit."""
    from cards.collection.services import collection_default_get_or_create

    with transaction.atomic():
        if owner is not None:
            _lock_owner(owner)
            active = SimulationJob.objects.filter(owner_id=owner.pk, status__in=SimulationJob.ACTIVE).count()
            if active >= MAX_ACTIVE_JOBS_PER_USER:
                raise DomainError(
                    f"You have {active} jobs pending or running; at most {MAX_ACTIVE_JOBS_PER_USER} at once. "
                    "Wait for one to finish or cancel one.",
                    code=Code.TOO_MANY_JOBS,
                    status_code=429,
                )
        collection = prepared.collection
        if prepared.award_experience and collection is None and owner is not None:
            collection = collection_default_get_or_create(owner=owner)
        plan = prepared.plan
        pairings = plan.pairings
        job = SimulationJob.objects.create(
            owner=owner,
            game=prepared.game,
            kind=prepared.kind,
            options=prepared.options,
            games=prepared.games,
            seed=prepared.seed,
            chunk_size=prepared.chunk_size,
            total_games=plan.total_games,
            total_chunks=len(plan.chunks),
            award_experience=prepared.award_experience,
            collection=collection,
            catalog_version=prepared.catalog_version,
            record_games=prepared.record_games,
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
            )
            for i, e in enumerate(prepared.entrants)
        )
        SimulationPairing.objects.bulk_create(
            SimulationPairing(job=job, index=p.index, a=p.a, b=p.b) for p in pairings
        )
        job_id = job.pk
        transaction.on_commit(lambda: _queue_dispatch(job_id))
    if not connection.in_atomic_block:
        job.refresh_from_db()
        if job.error_code == Code.BROKER_UNAVAILABLE:
            raise DomainError(job.error, code=Code.BROKER_UNAVAILABLE, status_code=503, job=job.pk)
    return job


def _queue_dispatch(job_id: int) -> None:
    from simulator import tasks

    try:
        tasks.queue_dispatch(job_id)
    except Exception as exc:  # the broker is down or misconfigured: say so on the job
        logger.exception("could not queue simulation job %s", job_id)
        job_fail(
            job_id=job_id,
            error=f"Job #{job_id} could not be queued: the task broker is unreachable ({exc}).",
            code=Code.BROKER_UNAVAILABLE,
        )


def job_dispatch(*, job_id: int) -> int:
    """Mark the job running and queue every chunk that has no result yet; return how many.

    Idempotent: a redelivered (or repeated) dispatch re-sends only the missing chunks, and a
    chunk sent twice is played once. A job whose chunks are all recorded is finalized here.
    """
    from simulator import tasks

    job = SimulationJob.objects.filter(pk=job_id).first()
    if job is None or not job.is_active:
        return 0
    SimulationJob.objects.filter(pk=job_id, status=Status.PENDING).update(
        status=Status.RUNNING, started_at=timezone.now()
    )
    done = set(ChunkResult.objects.filter(job_id=job_id).values_list("pairing__index", "chunk"))
    pairings = len(pairings_for(job.kind, job.entrants.count()))
    missing = [
        c for c in chunk_ranges(job.games, job.chunk_size, pairings) if (c.pairing, c.chunk) not in done
    ]
    if not missing:
        job_finalize(job_id=job_id)
        return 0
    tasks.queue_chunks(job_id, [(c.pairing, c.chunk) for c in missing])
    return len(missing)


def job_cancel(*, job: SimulationJob) -> SimulationJob:
    """Cancel a pending or running job: its remaining chunks do nothing when they come up. A
    chunk already playing still records its games (and their experience). 409 if it has ended."""
    updated = SimulationJob.objects.filter(pk=job.pk, status__in=SimulationJob.ACTIVE).update(
        status=Status.CANCELLED, finished_at=timezone.now()
    )
    job.refresh_from_db()
    if not updated:
        raise DomainError(
            f"Job #{job.pk} has already ended ({job.status}).", code=Code.JOB_FINISHED, status_code=409
        )
    return job


def job_fail(*, job_id: int, error: str, code: str = "") -> bool:
    """Mark an active job failed with ``error``; False if it had already ended."""
    return bool(
        SimulationJob.objects.filter(pk=job_id, status__in=SimulationJob.ACTIVE).update(
            status=Status.FAILED, error=error[:5000], error_code=code, finished_at=timezone.now()
        )
    )


# --- chunks -----------------------------------------------------------------------------------


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
    try:
        span = chunk_range(job.games, job.chunk_size, pairing, chunk)
    except BatchError:
        span = None
    if pairing_row is None or span is None:
        logger.warning("job %s has no pairing %s chunk %s: message ignored", job_id, pairing, chunk)
        return ChunkOutcome.SKIPPED
    if ChunkResult.objects.filter(job_id=job_id, pairing=pairing_row, chunk=chunk).exists():
        return ChunkOutcome.ALREADY_DONE

    catalog = None
    if get_game_spec(job.game).uses_decks:
        catalog = get_catalog()
        if job.catalog_version and catalog.version != job.catalog_version:
            job_fail(
                job_id=job_id,
                error="The card database changed while the job ran; its results would mix two versions "
                "of the cards. Submit it again.",
                code=Code.CATALOG_CHANGED,
            )
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
        _progress_refresh(locked)
        if locked.status in SimulationJob.ACTIVE and locked.chunks_done == locked.total_chunks:
            _finalize(locked)
    return ChunkOutcome.PLAYED


def _award_experience(job: SimulationJob, pairing: SimulationPairing, results: Sequence[GameResult]) -> None:
    """Each game's experience, once per game (``simulation:<job>:<pairing>:<game>``), to the job's
    collection, for the seats that play one of the owner's own decks.

    Through the collections' batch service: the games are grouped by seating (side A first or
    second; the seat → collection map is one per call) and sent by :data:`MAX_GAMES_PER_AWARD`,
    so a chunk costs a fixed number of queries whatever its size, and the experience log gets one
    line per copy and chunk (``log_ref``) instead of one per game."""
    from cards.collection.services import MAX_GAMES_PER_AWARD, experience_award_games

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


def _progress_refresh(job: SimulationJob) -> None:
    """Progress recomputed from the chunk rows (never incremented)."""
    agg = ChunkResult.objects.filter(job_id=job.pk).aggregate(games=Sum("games"), chunks=Count("id"))
    job.games_done = agg["games"] or 0
    job.chunks_done = agg["chunks"] or 0
    SimulationJob.objects.filter(pk=job.pk).update(games_done=job.games_done, chunks_done=job.chunks_done)


def _finalize(job: SimulationJob) -> bool:
    from simulator.selectors import job_results_compute

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
        _progress_refresh(job)
        if job.chunks_done != job.total_chunks:
            return False
        return _finalize(job)


# --- game records (docs/game-records.md) ---------------------------------------------------------


def record_context(game: Any) -> Any:
    """What a game's record codec needs besides the record: the card catalog for Eredan."""
    return get_catalog() if game == "eredan" else None


def record_verify(*, record: Any) -> Replay:
    """Check a game record against the rules; raise :class:`RecordError` at the first problem."""
    game = record.get("game") if isinstance(record, Mapping) else None
    return replay_record(record, context=record_context(game))
