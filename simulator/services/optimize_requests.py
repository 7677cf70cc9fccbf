"""Checking an optimize request (docs/lab.md "Optimizer") or a request for what to get next
(``kind: "acquire"``, docs/lab.md "What to get next"): every problem at once, nothing saved.

An optimize searches for a better deck than its starting deck against a field
(:mod:`simulator.lab.optimize`). Its request is a simulation request (``kind: "optimize"``) whose

- ``entrants`` are the **starting deck** alone (a deck of yours, a demo deck, or a composition),
  legal — and, with a ``collection``, buildable from it;
- ``field`` is the field to beat, as a compare's (opponents with weights, or ``"demo"``);
- ``games`` is the **budget**: every game played, the confirmation's included;
- ``keep`` names cards or characters of the starting deck that every candidate keeps;
- ``characters_may_change`` lets the search swap characters;
- ``collection`` (one of yours) bounds every candidate to the copies it holds (a snapshot taken
  now: the job searches the collection as submitted);
- ``settings`` overrides the algorithm's parameters (:class:`OptimizerSettings`);
- ``chunk_size`` is the games a chunk plays over all the decks of a work.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from cards.collection.models import Collection
from cards.collection.selectors import collection_owned_counts
from cards.domain.specs import Catalog
from cards.specs import get_catalog
from decks.validator import validate_deck
from eredan.errors import DomainError
from simulator.error_codes import SimulationErrorCode as Code
from simulator.lab.acquire import ACQUIRE, AcquireError, AcquireProblem, Acquirer, AcquireSettings
from simulator.lab.compare import FieldEntry
from simulator.lab.moves import MOVE_KINDS, Composition, kept_problems
from simulator.lab.optimize import OPTIMIZE, OptimizeError, OptimizeProblem, Optimizer, OptimizerSettings
from simulator.limits import (
    MAX_CHUNK_SHARE_OF_VISIBILITY,
    MAX_CHUNK_SIZE,
    MAX_CHUNKS,
    MAX_TOTAL_GAMES,
    TARGET_CHUNK_SECONDS,
)
from simulator.services.requests import (
    EntrantInput,
    PreparedEntrant,
    PreparedJob,
    SimulationRequest,
    _Checking,
    _entrant_prepare,
    _field_items,
    _game_make,
    _is_int,
    _options_check,
    _policy_check,
    _seed_check,
    _unique_labels,
    _weight_check,
    _with_defaults,
    broker_visibility_timeout,
)
from simulator.specs import acquire_problem_build, optimize_problem_build

#: The settings a request may change, with the type of each and its bounds (inclusive).
SETTING_BOUNDS: dict[str, tuple[type, float, float]] = {
    "candidates": (int, 1, 64),
    "first_round_games": (int, 2, 100_000),
    "halving": (int, 2, 8),
    "verify_games": (int, 2, 200_000),
    "confirm_share": (float, 0.01, 0.9),
    "min_confirm_games": (int, 2, 200_000),
    "patience": (int, 1, 1_000),
    "accept_margin": (float, -0.5, 0.5),
    "proposal_sharpness": (float, 0.0, 50.0),
}
#: The same for a ranking of what to get next (docs/lab.md "What to get next").
ACQUIRE_SETTING_BOUNDS: dict[str, tuple[type, float, float]] = {
    "cards": (int, 1, 64),
    "moves_per_card": (int, 1, 16),
    "first_round_games": (int, 2, 100_000),
    "halving": (int, 2, 8),
    "evaluate_games": (int, 2, 200_000),
}
#: Longest keep-list (a deck has 3 characters and at most 50 cards).
MAX_KEEP = 60


def _settings_check(
    check: _Checking, settings: object, *, kind: str
) -> OptimizerSettings | AcquireSettings | None:
    """The algorithm's parameters: the defaults, changed by the ``settings`` given."""
    problems = check.problems
    default: OptimizerSettings | AcquireSettings = (
        OptimizerSettings() if kind == OPTIMIZE else AcquireSettings()
    )
    table = SETTING_BOUNDS if kind == OPTIMIZE else ACQUIRE_SETTING_BOUNDS
    if settings is None:
        return default
    if not isinstance(settings, Mapping):
        problems.add("settings", Code.INVALID_SETTINGS, "settings is an object of name: value.")
        return None
    changes: dict[str, Any] = {}
    ok = True
    for name, value in settings.items():
        where = f"settings.{name}"
        if name == "kind_weights" and kind == OPTIMIZE:
            weights = _kind_weights_check(check, value)
            ok = ok and weights is not None
            if weights is not None:
                changes[name] = weights
            continue
        bounds = table.get(name)
        if bounds is None:
            known = ", ".join([*table, *(["kind_weights"] if kind == OPTIMIZE else [])])
            problems.add(where, Code.INVALID_SETTINGS, f"There is no setting {name!r} (settings: {known}).")
            ok = False
            continue
        number_type, low, high = bounds
        if not (_is_int(value) or (number_type is float and isinstance(value, float))):
            value = None
        if not isinstance(value, int | float) or not low <= value <= high:
            what = "a whole number" if number_type is int else "a number"
            problems.add(where, Code.INVALID_SETTINGS, f"{name} is {what} from {low:g} to {high:,g}.")
            ok = False
            continue
        changes[name] = int(value) if number_type is int else float(value)
    if not ok:
        return None
    try:
        return dataclasses.replace(default, **changes)
    except (OptimizeError, AcquireError) as exc:
        problems.add("settings", Code.INVALID_SETTINGS, f"{exc}.")
        return None


def _kind_weights_check(check: _Checking, value: object) -> dict[str, float] | None:
    where = "settings.kind_weights"
    if not isinstance(value, Mapping) or not value:
        check.problems.add(
            where,
            Code.INVALID_SETTINGS,
            f"kind_weights is an object of move kind: weight ({', '.join(MOVE_KINDS)}).",
        )
        return None
    weights: dict[str, float] = {}
    for kind, weight in value.items():
        number = isinstance(weight, int | float) and not isinstance(weight, bool)
        if kind not in MOVE_KINDS or not number or not 0.0 <= float(weight) <= 1_000.0:
            check.problems.add(
                f"{where}.{kind}",
                Code.INVALID_SETTINGS,
                f"A move kind ({', '.join(MOVE_KINDS)}) with a weight from 0 to 1,000.",
            )
            return None
        weights[str(kind)] = float(weight)
    if not any(weights.values()):
        check.problems.add(where, Code.INVALID_SETTINGS, "At least one kind of move has a weight above 0.")
        return None
    return weights


def _keep_check(check: _Checking, keep: object, start: PreparedEntrant | None) -> list[str] | None:
    """The kept cards and characters: slugs of the starting deck."""
    if keep is None:
        return []
    problems = check.problems
    if (
        not isinstance(keep, Sequence)
        or isinstance(keep, str)
        or len(keep) > MAX_KEEP
        or not all(isinstance(s, str) and s for s in keep)
    ):
        problems.add(
            "keep", Code.INVALID_KEEP, f"keep is a list of at most {MAX_KEEP} card or character slugs."
        )
        return None
    slugs = [str(s) for s in keep]
    if start is None:
        return slugs  # the starting deck's own problems are reported
    deck = Composition.of(start.characters, start.cards)
    missing = set(kept_problems(deck, slugs))
    for i, slug in enumerate(slugs):
        if slug in missing:
            problems.add(
                f"keep.{i}",
                Code.INVALID_KEEP,
                f"{slug!r} is neither a card nor a character of the starting deck: only what the deck "
                "holds can be kept.",
            )
    return None if missing else sorted(set(slugs))


def _collection_check(
    check: _Checking, collection_id: object
) -> tuple[Collection | None, dict[str, int] | None]:
    """One of your collections, and the copies it holds now (card or character slug → copies)."""
    if collection_id is None:
        return None, None
    owner = check.owner
    if owner is None:
        check.problems.add(
            "collection", Code.COLLECTION_NOT_FOUND, "A collection is a user's: give the user whose it is."
        )
        return None, None
    wanted = collection_id if isinstance(collection_id, int) and not isinstance(collection_id, bool) else -1
    collection = Collection.objects.filter(pk=wanted, owner_id=owner.pk).first()
    if collection is None:
        check.problems.add("collection", Code.COLLECTION_NOT_FOUND, "No collection of yours has this id.")
        return None, None
    return collection, collection_owned_counts(collection=collection)


def _budget_check(
    check: _Checking, games: object, settings: OptimizerSettings | AcquireSettings | None
) -> int | None:
    """The budget: every game of the search and of its confirmation; enough for one verified
    move and the confirmation, at most :data:`MAX_TOTAL_GAMES`."""
    problems = check.problems
    if not _is_int(games):
        problems.add("games", Code.INVALID_GAMES, "games (the budget) is a whole number of games.")
        return None
    assert isinstance(games, int)
    if games > MAX_TOTAL_GAMES:
        problems.add("games", Code.TOO_MANY_GAMES, f"A job plays at most {MAX_TOTAL_GAMES:,} games.")
        return None
    if settings is None:
        return games
    least = settings.min_budget
    if games < least:
        problems.add(
            "games",
            Code.TOO_FEW_GAMES,
            f"A budget of {games:,} games is too small for these settings: at least {least:,} "
            "(one verified move and the confirmation).",
        )
        return None
    return games


def _chunk_size_check(
    check: _Checking, chunk_size: object, *, budget: int | None, policies: Sequence[str]
) -> int | None:
    """Games per chunk over every deck of a work (a chunk plays ``chunk_size // decks`` games of
    each deck, at least one pair): by default about :data:`TARGET_CHUNK_SECONDS` of play."""
    per_game = check.spec.seconds_per_game(policies)
    if chunk_size is None:
        size = int(TARGET_CHUNK_SECONDS / per_game)
        if budget is not None:
            size = max(size, -(-budget // MAX_CHUNKS))
        size = max(2, min(size, MAX_CHUNK_SIZE))
        return size - size % 2
    if not _is_int(chunk_size) or not 2 <= chunk_size <= MAX_CHUNK_SIZE:  # type: ignore[operator]
        check.problems.add(
            "chunk_size",
            Code.BAD_CHUNK_SIZE,
            f"An optimize's chunk size (games over all the decks of a work) is a whole number from 2 to "
            f"{MAX_CHUNK_SIZE:,}.",
        )
        return None
    assert isinstance(chunk_size, int)
    if budget is not None and budget // chunk_size > MAX_CHUNKS:
        check.problems.add(
            "chunk_size",
            Code.BAD_CHUNK_SIZE,
            f"About {budget // chunk_size:,} chunks is too many (at most {MAX_CHUNKS:,}): use a chunk size "
            f"of at least {-(-budget // MAX_CHUNKS):,}.",
        )
        return None
    visibility = broker_visibility_timeout()
    expected = chunk_size * per_game
    if visibility is not None and expected > visibility * MAX_CHUNK_SHARE_OF_VISIBILITY:
        fit = max(2, int(visibility * MAX_CHUNK_SHARE_OF_VISIBILITY / per_game))
        check.problems.add(
            "chunk_size",
            Code.BAD_CHUNK_SIZE,
            f"A chunk of {chunk_size:,} games would take about {expected:,.0f} s, too long for the broker "
            f"(it redelivers a chunk unfinished after {visibility:.0f} s): use a chunk size of at most "
            f"{fit:,}.",
        )
        return None
    return chunk_size


def optimize_prepare(check: _Checking, request: SimulationRequest, items: list[EntrantInput]) -> PreparedJob:
    """An optimize request checked completely (see the module docstring); every problem at once."""
    return _search_prepare(check, request, items, kind=OPTIMIZE)


def acquire_prepare(check: _Checking, request: SimulationRequest, items: list[EntrantInput]) -> PreparedJob:
    """A request for what to get next (``kind: "acquire"``, docs/lab.md "What to get next"): the
    deck (to improve, or to complete), the field, the budget, the seed, one of your collections
    (required), kept slugs, the settings; every problem at once."""
    return _search_prepare(check, request, items, kind=ACQUIRE)


def _search_prepare(
    check: _Checking, request: SimulationRequest, items: list[EntrantInput], *, kind: str
) -> PreparedJob:
    spec, problems = check.spec, check.problems
    what = "An optimize" if kind == OPTIMIZE else "A ranking of what to get next"
    if not spec.uses_decks:
        raise DomainError(
            f"{spec.display_name} is played without decks: there is no deck to "
            + ("optimize." if kind == OPTIMIZE else "get cards for."),
            code=Code.UNKNOWN_KIND,
            field="kind",
        )
    default_policy = _policy_check(check, request.policy)
    options = _options_check(check, request.options)
    start: PreparedEntrant | None = None
    if len(items) != 1:
        problems.add("entrants", Code.ENTRANTS, f"{what} starts from one deck, not {len(items)}.")
    else:
        item = items[0]
        if item.swaps is not None:
            problems.add("entrants.0.swaps", Code.INVALID_SWAP, "Swaps make a compare's variant.")
        if item.weight is not None:
            problems.add("entrants.0.weight", Code.INVALID_FIELD, "Weights are the field's.")
        start = _entrant_prepare(check, item, index=0, default_policy=default_policy)
    opponents: list[PreparedEntrant | None] = []
    for j, item in enumerate(_field_items(check, request.field)):
        if item.swaps is not None:
            problems.add(f"field.{j}.swaps", Code.INVALID_SWAP, "Swaps make a variant, not an opponent.")
        opponent = _entrant_prepare(check, item, index=j, default_policy=default_policy, part="field")
        weight = _weight_check(check, item.weight, f"field.{j}.weight")
        if opponent is not None and weight is not None:
            opponent.weight = weight
        opponents.append(opponent)
    settings = _settings_check(check, request.settings, kind=kind)
    budget = _budget_check(check, request.games, settings)
    seed = _seed_check(check, request.seed)
    if kind == ACQUIRE and request.collection_id is None:
        problems.add(
            "collection",
            Code.COLLECTION_REQUIRED,
            "What to get next is what a collection lacks: give one of your collections.",
        )
    collection, owned = _collection_check(check, request.collection_id)
    keep = _keep_check(check, request.keep, start)
    may_change = request.characters_may_change
    if kind == ACQUIRE and may_change is not None:
        problems.add(
            "characters_may_change",
            Code.INVALID_SETTINGS,
            "characters_may_change is an optimize's: a ranking keeps the deck's characters.",
        )
    if may_change is None:
        may_change = False
    if not isinstance(may_change, bool):
        problems.add(
            "characters_may_change", Code.INVALID_SETTINGS, "characters_may_change is true or false."
        )
    if kind == OPTIMIZE and start is not None and owned is not None and check.catalog is not None:
        result = validate_deck(
            characters=start.characters, cards=start.cards, catalog=check.catalog, owned=owned
        )
        if not result.valid:
            problems.add(
                "entrants.0.deck",
                Code.DECK_NOT_OWNED,
                "With a collection, the search starts from a deck the collection can build: "
                + "; ".join(v.message for v in result.violations),
                violations=[v.to_json() for v in result.violations],
            )
    policies = [e.policy for e in (start, *opponents) if e is not None]
    chunk_size = _chunk_size_check(check, request.chunk_size, budget=budget, policies=policies)
    for name, value, code in (
        ("stop", request.stop, Code.INVALID_STOP),
        ("record_games", request.record_games if request.record_games != 0 else None, Code.BAD_RECORD_GAMES),
    ):
        if value is not None:
            problems.add(name, code, f"{what} has no {name}: its budget and settings say how it runs.")
    if request.award_experience is not False:
        problems.add(
            "award_experience", Code.EXPERIENCE, f"{what} is an experiment: its games earn no experience."
        )
    _game_make(check, options, [start], opponents)
    problems.raise_any()

    assert start is not None and budget is not None and seed is not None and chunk_size is not None
    assert settings is not None and keep is not None and isinstance(may_change, bool)
    field_ready = [e for e in opponents if e is not None]
    start.role, start.earns_experience = "base", False
    for e in field_ready:
        e.role, e.earns_experience = "field", False
    everyone = [start, *field_ready]
    for entrant, label in zip(everyone, _unique_labels([e.label for e in everyone]), strict=True):
        entrant.label = label
    search: dict[str, Any] = {
        "settings": settings.to_json(),
        "keep": keep,
        "collection": collection.pk if collection is not None else None,
        "owned": owned,
    }
    if kind == OPTIMIZE:
        search["characters_may_change"] = may_change
    prepared = PreparedJob(
        game=spec.name,
        kind=kind,
        options=_with_defaults(spec, options),
        entrants=[start],
        field_entrants=field_ready,
        games=budget,
        seed=seed,
        chunk_size=chunk_size,
        collection=collection,
        catalog_version=check.catalog.version if check.catalog is not None else "",
        catalog=check.catalog,
        catalog_document=check.catalog_document,
        search=search,
    )
    try:
        prepared_search_machine(prepared, catalog=check.catalog).check()
    except (OptimizeError, AcquireError) as exc:
        raise DomainError(f"{exc}.", code=Code.ENTRANTS, field="entrants.0.deck") from None
    return prepared


def _parts(prepared: PreparedJob, catalog: Catalog | None) -> dict[str, Any]:
    start = prepared.entrants[0]
    assert prepared.search is not None
    return {
        "game": prepared.game,
        "options": prepared.options,
        "seed": prepared.seed,
        "budget": prepared.games,
        "characters": start.characters,
        "cards": start.cards,
        "policy": start.policy,
        "field": [FieldEntry(e.label, e.policy, e.spec, e.weight) for e in prepared.field_entrants],
        "search": prepared.search,
        "catalog": catalog or prepared.catalog or get_catalog(),
    }


def prepared_optimize_problem(prepared: PreparedJob, *, catalog: Catalog | None = None) -> OptimizeProblem:
    """What a prepared optimize searches (the same problem for the local runner and the job)."""
    return optimize_problem_build(**_parts(prepared, catalog))


def prepared_acquire_problem(prepared: PreparedJob, *, catalog: Catalog | None = None) -> AcquireProblem:
    """What a prepared acquire ranks (the same problem for the local runner and the job)."""
    return acquire_problem_build(**_parts(prepared, catalog))


def prepared_search_machine(prepared: PreparedJob, *, catalog: Catalog | None = None) -> Optimizer | Acquirer:
    """The search machine of a prepared optimize or acquire."""
    if prepared.kind == OPTIMIZE:
        return Optimizer(prepared_optimize_problem(prepared, catalog=catalog))
    return Acquirer(prepared_acquire_problem(prepared, catalog=catalog))
