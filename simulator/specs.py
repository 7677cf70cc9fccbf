"""The bridge from simulation rows to the pure batch machinery, in one place.

An entrant's deck snapshot (character slugs and card counts) becomes a
:class:`~cards.domain.specs.DeckSpec` through the job's card catalog (:func:`job_catalog_get`: the
catalog snapshot it was submitted with, cached per process); a job becomes a
:class:`~simulator.engine.batch.BatchPlan`, then a :class:`~simulator.engine.batch.Batch` (game,
policies, decks) that a worker process builds once and keeps for every chunk of that job it runs —
never per game.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cards.domain.specs import Catalog, DeckSpec, deck_from_counts
from cards.models import CatalogSnapshot
from cards.snapshots import catalog_snapshot_get
from cards.specs import get_catalog
from simulator.engine.batch import Batch, BatchPlan, Entrant
from simulator.engine.registry import get_game_spec
from simulator.lab.acquire import ACQUIRE, AcquireProblem, Acquirer, AcquireSettings
from simulator.lab.compare import COMPARE, CompareBatch, ComparePlan, FieldEntry
from simulator.lab.moves import Composition, Constraints
from simulator.lab.optimize import OPTIMIZE, OptimizeProblem, Optimizer, OptimizerSettings
from simulator.lab.sequential import StopRule
from simulator.models import SimulationEntrant, SimulationJob

#: The lab's searches: jobs played work after work by a state machine (services/optimizes.py).
SEARCH_KINDS = (OPTIMIZE, ACQUIRE)

#: Jobs whose built batch a worker process keeps (a worker usually runs one job at a time).
BATCH_CACHE_SIZE = 8


class CatalogChangedError(Exception):
    """A job submitted before catalogs were snapshotted, whose card database changed since: its
    games would mix two versions of the cards."""


def job_catalog_get(*, job: SimulationJob, strict: bool = True) -> Catalog | None:
    """The card catalog ``job`` plays (``None`` for a game without decks): the snapshot it was
    submitted with, never the live tables (docs/simulation.md "The card catalog of a job").

    A job from before snapshots has none: it plays the current catalog if that is still the
    version it was checked at, else :class:`CatalogChangedError` (``strict=False``, to show what
    it did: the current catalog anyway).
    """
    if not get_game_spec(job.game).uses_decks:
        return None
    if job.catalog_snapshot_id is not None:
        catalog = catalog_snapshot_get(digest=job.catalog_version)
        if catalog is None:  # the digest column was edited: trust the row the job points at
            digest = CatalogSnapshot.objects.values_list("digest", flat=True).get(pk=job.catalog_snapshot_id)
            catalog = catalog_snapshot_get(digest=digest)
        assert catalog is not None  # the foreign key protects the row
        return catalog
    catalog = get_catalog()
    if strict and job.catalog_version and catalog.version != job.catalog_version:
        raise CatalogChangedError(job.pk)
    return catalog


class UnknownSlugError(ValueError):
    """A deck snapshot names a character or card the catalog does not have (any more)."""

    def __init__(self, slugs: Sequence[str]) -> None:
        super().__init__("unknown character or card: " + ", ".join(slugs))
        self.slugs = list(slugs)


def deck_spec_build(
    *,
    name: str,
    characters: Sequence[str],
    cards: Mapping[str, int],
    catalog: Catalog,
    slug: str = "",
) -> DeckSpec:
    """A deck spec from slugs and counts, looked up in ``catalog``."""
    unknown = [s for s in characters if s not in catalog.characters]
    unknown += [s for s in cards if s not in catalog.cards]
    if unknown:
        raise UnknownSlugError(unknown)
    return deck_from_counts(
        name, [catalog.characters[s] for s in characters], dict(cards), catalog.cards, slug=slug
    )


def demo_deck_specs(*, catalog: Catalog) -> list[tuple[str, DeckSpec]]:
    """Every public demo deck (no owner), by slug, as specs (the AI ladder's mirror decks)."""
    from decks.models import Deck
    from decks.selectors import deck_slugs, with_entries

    out = []
    for deck in with_entries(Deck.objects.filter(owner__isnull=True, is_public=True).order_by("slug")):
        characters, cards = deck_slugs(deck)
        spec = deck_spec_build(
            name=deck.name, characters=characters, cards=cards, catalog=catalog, slug=deck.slug or ""
        )
        out.append((deck.slug or deck.name, spec))
    return out


def entrant_from_row(row: SimulationEntrant, catalog: Catalog | None) -> Entrant:
    deck = None
    if catalog is not None:
        deck = deck_spec_build(
            name=row.deck_name or row.label,
            characters=row.characters,
            cards=row.cards,
            catalog=catalog,
            slug=row.deck_slug,
        )
    return Entrant(label=row.label, policy=row.policy, deck=deck)


def job_plan_build(*, job: SimulationJob, catalog: Catalog | None) -> BatchPlan:
    """The plan of a saved job (``catalog``: needed when the game is played with decks)."""
    entrants = tuple(entrant_from_row(row, catalog) for row in job.entrants.order_by("index"))
    return BatchPlan(
        game=job.game,
        kind=job.kind,
        entrants=entrants,
        games=job.games,
        seed=job.seed,
        chunk_size=job.chunk_size,
        options=dict(job.options),
        record_games=min(job.record_games, job.games),
    )


def stop_rule_of(job: SimulationJob) -> StopRule | None:
    """A compare's stop rule (None: a fixed-size compare)."""
    if not job.stop:
        return None
    return StopRule(
        margin=float(job.stop["margin"]), budget=job.games, first_round=int(job.stop["first_round"])
    )


def job_compare_plan_build(*, job: SimulationJob, catalog: Catalog | None) -> ComparePlan:
    """The plan of a saved compare: its arms (base, variants) and field, in entrant order
    (``catalog`` None: without decks, enough for reporting)."""
    rows = list(job.entrants.order_by("index"))
    arms = tuple(entrant_from_row(r, catalog) for r in rows if r.role != SimulationEntrant.Role.FIELD)
    field = tuple(
        FieldEntry(e.label, e.policy, e.deck, r.weight)
        for r in rows
        if r.role == SimulationEntrant.Role.FIELD
        for e in (entrant_from_row(r, catalog),)
    )
    return ComparePlan(
        game=job.game,
        arms=arms,
        field=field,
        games=job.games,
        seed=job.seed,
        chunk_size=job.chunk_size,
        options=dict(job.options),
        stop=stop_rule_of(job),
    )


def optimize_problem_build(
    *,
    game: str,
    options: Mapping[str, Any],
    seed: int,
    budget: int,
    characters: Sequence[str],
    cards: Mapping[str, int],
    policy: str,
    field: Sequence[FieldEntry],
    search: Mapping[str, Any],
    catalog: Catalog,
) -> OptimizeProblem:
    """What an optimize searches, from its parts (a prepared request's, or a saved job's): the
    starting deck, the constraints (``search``: kept slugs, characters may change, the
    collection's copies as submitted), the field, the budget and the settings."""
    owned = search.get("owned")
    return OptimizeProblem(
        start=Composition.of(characters, cards),
        constraints=Constraints(
            catalog=catalog,
            owned=dict(owned) if owned is not None else None,
            keep=frozenset(search.get("keep") or ()),
            characters_may_change=bool(search.get("characters_may_change")),
        ),
        field=tuple(field),
        budget=budget,
        seed=seed,
        policy=policy,
        game=game,
        options=dict(options),
        settings=OptimizerSettings.from_json(search["settings"]),
    )


def job_optimize_problem_build(*, job: SimulationJob, catalog: Catalog) -> OptimizeProblem:
    """The problem of a saved optimize (its starting deck is the ``base`` entrant)."""
    return optimize_problem_build(**_search_parts(job, catalog))


def acquire_problem_build(
    *,
    game: str,
    options: Mapping[str, Any],
    seed: int,
    budget: int,
    characters: Sequence[str],
    cards: Mapping[str, int],
    policy: str,
    field: Sequence[FieldEntry],
    search: Mapping[str, Any],
    catalog: Catalog,
) -> AcquireProblem:
    """What an acquire ranks, from its parts: the base deck, the collection's copies as submitted
    and the kept slugs (``search``), the field, the budget and the settings."""
    return AcquireProblem(
        base=Composition.of(characters, cards),
        constraints=Constraints(
            catalog=catalog, owned=dict(search["owned"]), keep=frozenset(search.get("keep") or ())
        ),
        field=tuple(field),
        budget=budget,
        seed=seed,
        policy=policy,
        game=game,
        options=dict(options),
        settings=AcquireSettings.from_json(search["settings"]),
    )


def _search_parts(job: SimulationJob, catalog: Catalog) -> dict[str, Any]:
    rows = list(job.entrants.order_by("index"))
    start = next(r for r in rows if r.role == SimulationEntrant.Role.BASE)
    field = [
        FieldEntry(e.label, e.policy, e.deck, r.weight)
        for r in rows
        if r.role == SimulationEntrant.Role.FIELD
        for e in (entrant_from_row(r, catalog),)
    ]
    assert job.search is not None
    return {
        "game": job.game,
        "options": job.options,
        "seed": job.seed,
        "budget": job.games,
        "characters": start.characters,
        "cards": start.cards,
        "policy": start.policy,
        "field": field,
        "search": job.search,
        "catalog": catalog,
    }


_lock = threading.Lock()
_batches: OrderedDict[tuple[int, str, str], Batch | CompareBatch | Optimizer | Acquirer] = OrderedDict()


def _cached(
    job: SimulationJob,
    catalog: Catalog | None,
    build: Callable[[], Batch | CompareBatch | Optimizer | Acquirer],
) -> Batch | CompareBatch | Optimizer | Acquirer:
    key = (int(job.pk), job.created_at.isoformat(), catalog.version if catalog is not None else "")
    with _lock:
        batch = _batches.get(key)
        if batch is not None:
            _batches.move_to_end(key)
            return batch
    batch = build()
    with _lock:
        _batches[key] = batch
        while len(_batches) > BATCH_CACHE_SIZE:
            _batches.popitem(last=False)
    return batch


def job_batch_get(*, job: SimulationJob, catalog: Catalog | None) -> Batch:
    """The playable batch of ``job``, built once per process (and per catalog version)."""
    batch = _cached(
        job, catalog, lambda: Batch(job_plan_build(job=job, catalog=catalog), record_context=catalog)
    )
    assert isinstance(batch, Batch)
    return batch


def job_compare_batch_get(*, job: SimulationJob, catalog: Catalog | None) -> CompareBatch:
    """The playable compare of ``job`` (kind compare), built once per process."""
    assert job.kind == COMPARE
    batch = _cached(job, catalog, lambda: CompareBatch(job_compare_plan_build(job=job, catalog=catalog)))
    assert isinstance(batch, CompareBatch)
    return batch


def job_search_get(*, job: SimulationJob, catalog: Catalog) -> Optimizer | Acquirer:
    """The search machine of ``job`` (an optimize's optimizer, an acquire's ranking): its game,
    its decks' specs and its compare batches, built once per process (and per catalog version)."""
    if job.kind == OPTIMIZE:
        machine = _cached(
            job, catalog, lambda: Optimizer(job_optimize_problem_build(job=job, catalog=catalog))
        )
        assert isinstance(machine, Optimizer)
        return machine
    assert job.kind == ACQUIRE
    acquirer = _cached(job, catalog, lambda: Acquirer(acquire_problem_build(**_search_parts(job, catalog))))
    assert isinstance(acquirer, Acquirer)
    return acquirer


def batch_cache_clear() -> None:
    with _lock:
        _batches.clear()
