"""Checking a simulation request: every problem at once, nothing saved or queued on error.

:func:`simulation_prepare` turns a :class:`SimulationRequest` (values as they arrive from the
API, the pages or the command line) into a :class:`PreparedJob` that :func:`.jobs.job_save`
saves and the local runner plays. It runs one named step per part of the request, in the order
of the request's fields, each adding what it finds to one :class:`~eredan.errors.Problems`; the
steps that cannot go on without a value (the game, the kind, the shape of the entrants) refuse
at once. See docs/simulation.md "Refusals" for every code.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from django.conf import settings
from django.db.models import Q

from cards.collection.models import Collection
from cards.domain.specs import Catalog, DeckSpec
from cards.snapshots import catalog_snapshot_current
from decks.models import Deck, DeckVersion
from decks.selectors import deck_slugs, with_entries
from decks.services import deck_validate
from decks.validator import ValidationResult
from eredan.errors import DomainError, Problems
from eredan.names import name_clean
from eredan.users import User
from simulator.engine.batch import (
    KINDS,
    MATCHUP,
    ROUND_ROBIN,
    BatchError,
    BatchPlan,
    Entrant,
    Pairing,
    chunk_count,
    pairings_for,
)
from simulator.engine.protocol import Game, GameError
from simulator.engine.registry import GameSpec, UnknownGameError, available_games, get_game_spec
from simulator.engine.seeds import MAX_SEED
from simulator.error_codes import SimulationErrorCode as Code
from simulator.lab.acquire import ACQUIRE
from simulator.lab.compare import COMPARE, CompareError, ComparePlan, FieldEntry, compare_chunks
from simulator.lab.optimize import OPTIMIZE
from simulator.lab.sequential import DEFAULT_FIRST_ROUND_GAMES, StopRule
from simulator.lab.swaps import SWAP_CARD_MISSING, SwapError, apply_swaps, describe_swaps
from simulator.limits import (
    DEFAULT_RECORD_GAMES,
    MAX_CHUNK_SHARE_OF_VISIBILITY,
    MAX_CHUNK_SIZE,
    MAX_CHUNKS,
    MAX_ENTRANTS,
    MAX_FIELD,
    MAX_GAMES,
    MAX_LABEL_INPUT_LENGTH,
    MAX_LABEL_LENGTH,
    MAX_RECORD_GAMES,
    MAX_TOTAL_GAMES,
    MAX_VARIANTS,
    MIN_CHUNK_GAMES,
    MIN_CHUNKS_PER_PAIRING,
    TARGET_CHUNK_SECONDS,
)
from simulator.specs import UnknownSlugError, deck_spec_build

#: The lab's kinds of job (docs/lab.md): their entrants have roles (base, variant, field).
LAB_KINDS = (COMPARE, OPTIMIZE, ACQUIRE)

# --- what is asked ------------------------------------------------------------------------------


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
    #: A compare's variant made from the base: ``{"out": {slug: n}, "in": {slug: n}}``.
    swaps: object = None
    #: A compare's opponent: its weight in the field; a round robin's entrant: its share of the
    #: field the metagame scores against (docs/lab.md "Metagame").
    weight: object = None
    #: With ``deck``: one of the deck's saved versions (its number), played as it was then — a
    #: compare of two versions measures a change (docs/lab.md "Deck versions").
    version: object = None


@dataclass(frozen=True)
class SimulationRequest:
    """A simulation as asked, before any check. The values are typed as what may arrive
    (``object``: a client may send anything); :func:`simulation_prepare` checks every one.

    ``entrants`` are :class:`EntrantInput` (the API's and the form's parsing builds them); the
    defaults are the API's.
    """

    game: object
    entrants: object
    games: object
    kind: object = MATCHUP
    seed: object = None
    chunk_size: object = None
    options: object = None
    policy: object = None
    award_experience: object = False
    collection_id: object = None
    record_games: object = None
    #: A compare's field: a list of :class:`EntrantInput` (with weights) or ``"demo"`` (every
    #: public demo deck of the game).
    field: object = None
    #: A compare's sequential stop rule: ``{"margin": m, "first_round": games per arm}``.
    stop: object = None
    #: An optimize's kept cards and characters (slugs of the starting deck).
    keep: object = None
    #: An optimize: whether the search may swap characters.
    characters_may_change: object = None
    #: An optimize's algorithm parameters (docs/lab.md "Optimizer").
    settings: object = None


# --- what passed the checks ---------------------------------------------------------------------


@dataclass
class PreparedEntrant:
    """One entrant that passed its checks: its label and policy and, for games with decks, the
    deck (saved or composed), its snapshot and its spec."""

    label: str
    policy: str
    deck: Deck | None = None
    deck_name: str = ""
    deck_slug: str = ""
    characters: list[str] = field(default_factory=list)
    cards: dict[str, int] = field(default_factory=dict)
    spec: DeckSpec | None = None
    earns_experience: bool = False
    #: ``entrant``, or in a compare ``base``, ``variant`` or ``field``.
    role: str = "entrant"
    weight: float = 1.0
    swaps: dict[str, dict[str, int]] | None = None
    #: The deck's version played (a number), when one was asked for.
    deck_version: int | None = None


@dataclass
class PreparedJob:
    """A job that passed every check: what :func:`.jobs.job_save` saves and the local runner plays."""

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
    #: The catalog the job is checked and played with (named by its digest) and the document it
    #: was built from: what :func:`.jobs.job_save` stores as the job's catalog snapshot.
    catalog: Catalog | None = None
    catalog_document: Mapping[str, Any] | None = field(default=None, repr=False)
    record_games: int = 0
    #: A compare's field (its ``entrants`` are the base then the variants) and stop rule.
    field_entrants: list[PreparedEntrant] = field(default_factory=list)
    stop: StopRule | None = None
    #: An optimize: its settings, kept slugs, whether characters may change and the collection's
    #: copies as submitted (the job's ``search``).
    search: dict[str, Any] | None = None

    @property
    def all_entrants(self) -> list[PreparedEntrant]:
        """Every entrant, in the order of the job's rows: a compare's arms then its field."""
        return [*self.entrants, *self.field_entrants]

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
                    "version": e.deck_version,
                },
            }
            | ({"role": e.role, "weight": e.weight, "swaps": e.swaps} if self.kind in LAB_KINDS else {})
            for i, e in enumerate(self.all_entrants)
        ]

    @property
    def compare_plan(self) -> ComparePlan:
        """What a compare plays: the same plan for the local runner and the job."""
        return ComparePlan(
            game=self.game,
            arms=tuple(Entrant(e.label, e.policy, e.spec) for e in self.entrants),
            field=tuple(FieldEntry(e.label, e.policy, e.spec, e.weight) for e in self.field_entrants),
            games=self.games,
            seed=self.seed,
            chunk_size=self.chunk_size,
            options=dict(self.options),
            stop=self.stop,
        )

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


# --- chunk sizing -------------------------------------------------------------------------------


def chunk_size_default(
    *, spec: GameSpec, policies: Sequence[str], total_games: int, games_per_pairing: int | None = None
) -> int:
    """About :data:`TARGET_CHUNK_SECONDS` of play per chunk (the policies' expected cost per game,
    :meth:`GameSpec.seconds_per_game`), and never more than :data:`MAX_CHUNKS` chunks.

    With ``games_per_pairing``, a pairing is cut into at least :data:`MIN_CHUNKS_PER_PAIRING` chunks
    (of no fewer than :data:`MIN_CHUNK_GAMES` games), so its progress moves as it plays rather
    than jumping from 0 % to 100 % when the estimate of a game's cost is low (issue 19 §5)."""
    size = int(TARGET_CHUNK_SECONDS / spec.seconds_per_game(policies))
    if games_per_pairing is not None and games_per_pairing > 0:
        size = min(size, max(MIN_CHUNK_GAMES, -(-games_per_pairing // MIN_CHUNKS_PER_PAIRING)))
    size = max(size, -(-total_games // MAX_CHUNKS), 1)
    return min(size, MAX_CHUNK_SIZE)


def broker_visibility_timeout() -> float | None:
    """Seconds after which the Redis broker redelivers an unacknowledged chunk (None: a broker
    without redelivery by timeout, e.g. the embedded filesystem transport)."""
    if not str(settings.CELERY_BROKER_URL).startswith(("redis://", "rediss://")):
        return None
    options = getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", {}) or {}
    return float(options.get("visibility_timeout", 3600))


# --- the checks, one step each ------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass
class _Checking:
    """What every step of one request's check shares: the game, who asks, the card catalog (games
    with decks) and the problems found so far."""

    spec: GameSpec
    owner: User | None
    #: The current catalog named by its digest (``cards/snapshots.py``): the job is checked and
    #: played with these cards, stored with its document as the job's catalog snapshot.
    catalog: Catalog | None
    catalog_document: Mapping[str, Any] | None = None
    problems: Problems = field(default_factory=Problems)


def _game_check(game: object) -> GameSpec:
    """The game asked for; refused alone (nothing else can be checked without it)."""
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


def _kind_check(kind: object) -> str:
    """The kind of job; refused alone (the pairings depend on it)."""
    if not isinstance(kind, str) or kind not in (*KINDS, *LAB_KINDS):
        raise DomainError(
            f"Unknown kind {kind!r}; a job is one of {', '.join((*KINDS, *LAB_KINDS))}.",
            code=Code.UNKNOWN_KIND,
            field="kind",
        )
    return kind


def _entrants_shape_check(entrants: object) -> list[EntrantInput]:
    """The entrants' list; refused alone if it is not one."""
    if not isinstance(entrants, Sequence) or not all(isinstance(e, EntrantInput) for e in entrants):
        raise DomainError("Entrants are a list.", code=Code.ENTRANTS, field="entrants")
    return list(entrants)


def _pairings_check(check: _Checking, kind: str, entrants: int) -> list[Pairing]:
    """The pairings of the job; a wrong number of entrants is reported with the other problems."""
    if entrants > MAX_ENTRANTS:
        check.problems.add(
            "entrants", Code.ENTRANTS, f"A job has at most {MAX_ENTRANTS} entrants, not {entrants}."
        )
        return []
    try:
        return pairings_for(kind, entrants)
    except BatchError as exc:
        check.problems.add("entrants", Code.ENTRANTS, f"{exc}.")
        return []


def _policy_check(check: _Checking, policy: object) -> str:
    """The job's default policy (the game's own when none or an unknown one is given; an unknown
    one is reported once here, not per entrant)."""
    spec = check.spec
    if policy is None:
        return spec.default_policy
    if isinstance(policy, str) and policy in spec.policies:
        return policy
    check.problems.add(
        "policy",
        Code.UNKNOWN_POLICY,
        f"{spec.name} has no AI policy {policy!r} (policies: {', '.join(spec.policies)}).",
    )
    return spec.default_policy


def _options_check(check: _Checking, options: object) -> dict[str, Any]:
    """The game's options: known names, values of the option's type (the game checks the values
    themselves: :func:`_game_make`)."""
    spec = check.spec
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        check.problems.add("options", Code.INVALID_OPTION, "Options are an object of name: value.")
        return {}
    clean: dict[str, Any] = {}
    for name, value in options.items():
        if name not in spec.options:
            known = ", ".join(sorted(spec.options)) or "none"
            check.problems.add(
                f"options.{name}",
                Code.INVALID_OPTION,
                f"{spec.name} has no option {name!r} (options: {known}).",
            )
            continue
        option = spec.options[name]
        if not option.accepts(value):
            check.problems.add(f"options.{name}", Code.INVALID_OPTION, f"{name} is a {option.type.__name__}.")
            continue
        clean[name] = value
    return clean


def _deck_resolve(owner: User | None, ref: int | str) -> Deck | None:
    """A deck of ``owner`` or a public demo deck (no owner), by id or slug; else None."""
    allowed = Q(owner__isnull=True, is_public=True)
    if owner is not None:
        allowed |= Q(owner_id=owner.pk)
    qs = Deck.objects.filter(allowed)
    qs = qs.filter(pk=ref) if _is_int(ref) else qs.filter(slug=ref)
    return with_entries(qs).first()


def _entrant_prepare(
    check: _Checking, item: EntrantInput, *, index: int, default_policy: str, part: str = "entrants"
) -> PreparedEntrant | None:
    """One entrant (``part``: ``entrants``, or ``field`` for a compare's opponents): its policy
    and label; for games with decks its deck — found (yours or a demo deck), valid, and built
    into a spec."""
    spec, problems = check.spec, check.problems
    where = f"{part}.{index}"
    policy = item.policy or default_policy
    ok = True
    if policy not in spec.policies:
        problems.add(
            f"{where}.policy",
            Code.UNKNOWN_POLICY,
            f"{spec.name} has no AI policy {policy!r} (policies: {', '.join(spec.policies)}).",
        )
        ok = False
    if item.label is not None:  # the one name rule (eredan/names.py)
        try:
            label = name_clean(
                item.label, what="label", max_length=MAX_LABEL_INPUT_LENGTH, field=f"{where}.label"
            )
        except DomainError as exc:
            problems.extend([exc])
            ok = False
        else:
            item = replace(item, label=label)
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
    assert check.catalog is not None
    entrant = _entrant_deck(check, item, where=where, policy=policy)
    if entrant is None:
        return None
    return entrant if ok else None


def _entrant_deck(check: _Checking, item: EntrantInput, *, where: str, policy: str) -> PreparedEntrant | None:
    """An entrant's deck, from a composition or a saved deck, validated and built."""
    catalog, problems = check.catalog, check.problems
    assert catalog is not None
    if item.composition is not None:
        comp = item.composition
        deck_name = comp.name
        if item.label is None:  # a deck text's Name: line (a label given is the name: checked above)
            try:
                deck_name = name_clean(
                    comp.name, what="deck name", max_length=MAX_LABEL_INPUT_LENGTH, field=where
                )
            except DomainError as exc:
                problems.extend([exc])
                return None
        entrant = PreparedEntrant(
            label=item.label or deck_name,
            policy=policy,
            deck_name=deck_name,
            characters=list(comp.characters),
            cards=dict(comp.cards),
        )
    else:
        ref = item.deck
        if not (_is_int(ref) or (isinstance(ref, str) and ref.strip())):
            problems.add(f"{where}.deck", "invalid", "A deck is a deck id or a demo deck slug.")
            return None
        assert ref is not None
        deck = _deck_resolve(check.owner, ref)
        if deck is None:
            message = (
                f"No public demo deck is {ref!r} (no user was named, so only the demo decks can be)."
                if check.owner is None
                else f"No deck of yours and no public demo deck is {ref!r}."
            )
            problems.add(f"{where}.deck", Code.DECK_NOT_FOUND, message)
            return None
        characters, cards = deck_slugs(deck)
        entrant = PreparedEntrant(
            label=item.label or deck.name,
            policy=policy,
            deck=deck,
            deck_name=deck.name,
            deck_slug=deck.slug or "",
            characters=characters,
            cards=cards,
            earns_experience=check.owner is not None and deck.owner_id == check.owner.pk,
        )
        if item.version is not None:
            found = _version_apply(check, entrant, item.version, where=where)
            if not found:
                return None
            if item.label is None:
                entrant.label = f"{deck.name} (v{entrant.deck_version})"
    result: ValidationResult = deck_validate(
        characters=entrant.characters, cards=entrant.cards, catalog=catalog
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
            characters=entrant.characters,
            cards=entrant.cards,
            catalog=catalog,
            slug=entrant.deck_slug,
        )
    except UnknownSlugError as exc:  # the validator reports these first; kept as a guard
        problems.add(f"{where}.deck", Code.DECK_INVALID, str(exc))
        return None
    return entrant


def _version_apply(check: _Checking, entrant: PreparedEntrant, version: object, *, where: str) -> bool:
    """Make ``entrant`` play version ``version`` of its deck (its characters and cards as they were
    saved then): it earns no experience (the deck no longer holds it, or may not)."""
    assert entrant.deck is not None
    number = version if isinstance(version, int) and not isinstance(version, bool) else None
    row = None
    if number is not None:
        row = DeckVersion.objects.filter(deck_id=entrant.deck.pk, number=number).first()
    if row is None:
        check.problems.add(
            f"{where}.version",
            Code.VERSION_NOT_FOUND,
            f"Deck {entrant.deck.name!r} has no version {version!r} (versions are numbered from 1).",
        )
        return False
    entrant.characters, entrant.cards = list(row.characters), dict(row.cards)
    entrant.deck_version = row.number
    entrant.earns_experience = False
    return True


def _games_check(check: _Checking, games: object, pairings: int) -> int | None:
    """Games per pairing, and the whole job's; None when refused."""
    if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= MAX_GAMES:
        code = (
            Code.INVALID_GAMES
            if not _is_int(games)
            else Code.TOO_FEW_GAMES
            if isinstance(games, int) and games < 1
            else Code.TOO_MANY_GAMES
        )
        check.problems.add("games", code, f"Games per pairing is a whole number from 1 to {MAX_GAMES:,}.")
        return None
    if games * pairings > MAX_TOTAL_GAMES:
        check.problems.add(
            "games",
            Code.TOO_MANY_GAMES,
            f"{games:,} games × {pairings} pairings is {games * pairings:,} games; "
            f"a job plays at most {MAX_TOTAL_GAMES:,}.",
        )
        return None
    return games


def _seed_check(check: _Checking, seed: object) -> int | None:
    """The job's seed (a random one when none is given); None when refused."""
    if seed is None:
        return secrets.randbits(63)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        check.problems.add("seed", Code.BAD_SEED, f"A seed is a whole number from 0 to {MAX_SEED}.")
        return None
    return seed


def _chunk_size_check(
    check: _Checking, chunk_size: object, *, games: int | None, pairings: int, policies: Sequence[str]
) -> int | None:
    """The chunk size (by default about :data:`TARGET_CHUNK_SECONDS` of play): not too many
    chunks, none expected to outlast the broker's visibility timeout. None when refused."""
    spec = check.spec
    if chunk_size is None:
        total = games * pairings if games is not None else 0
        return chunk_size_default(spec=spec, policies=policies, total_games=total, games_per_pairing=games)
    if (
        not isinstance(chunk_size, int)
        or isinstance(chunk_size, bool)
        or not 1 <= chunk_size <= MAX_CHUNK_SIZE
    ):
        check.problems.add(
            "chunk_size", Code.BAD_CHUNK_SIZE, f"A chunk size is a whole number from 1 to {MAX_CHUNK_SIZE:,}."
        )
        return None
    if games is None or not pairings:
        return chunk_size
    chunks = chunk_count(games, chunk_size) * pairings
    if chunks > MAX_CHUNKS:
        least = -(-games // (MAX_CHUNKS // pairings))
        check.problems.add(
            "chunk_size",
            Code.BAD_CHUNK_SIZE,
            f"{chunks:,} chunks is too many (at most {MAX_CHUNKS:,}): "
            f"use a chunk size of at least {least:,}.",
        )
        return None
    visibility = broker_visibility_timeout()
    if visibility is not None and policies:
        per_game = spec.seconds_per_game(policies)
        expected = min(chunk_size, games) * per_game
        if expected > visibility * MAX_CHUNK_SHARE_OF_VISIBILITY:
            fit = max(1, int(visibility * MAX_CHUNK_SHARE_OF_VISIBILITY / per_game))
            check.problems.add(
                "chunk_size",
                Code.BAD_CHUNK_SIZE,
                f"A chunk of {min(chunk_size, games):,} games would take about {expected:,.0f} s, "
                f"too long for the broker (it redelivers a chunk unfinished after {visibility:.0f} s): "
                f"use a chunk size of at most {fit:,}.",
            )
            return None
    return chunk_size


def _record_games_check(check: _Checking, record_games: object) -> int:
    """Games recorded per pairing (docs/game-records.md); 0 when refused."""
    if record_games is None:
        return DEFAULT_RECORD_GAMES
    if (
        not isinstance(record_games, int)
        or isinstance(record_games, bool)
        or not 0 <= record_games <= MAX_RECORD_GAMES
    ):
        check.problems.add(
            "record_games",
            Code.BAD_RECORD_GAMES,
            f"Recorded games per pairing is a whole number from 0 to {MAX_RECORD_GAMES}.",
        )
        return 0
    return record_games


def _with_defaults(spec: GameSpec, options: Mapping[str, Any]) -> dict[str, Any]:
    """Every option of the game, the defaults filled in: a job keeps the rules it is played with
    (an Eredan job, every field of ``EredanRules``), so its results say them and a later change of
    a default cannot change what it played."""
    return {**spec.option_defaults(), **options}


def _game_make(
    check: _Checking,
    options: Mapping[str, Any],
    entrants: Sequence[PreparedEntrant | None],
    field_entrants: Sequence[PreparedEntrant | None] = (),
    pairs: Sequence[tuple[int, int]] = (),
) -> None:
    """The game itself checks its options' values; for games with decks, the engine must be able
    to play each deck (a card it cannot play is refused here, not in the middle of the job), and
    each pair of decks the job plays (``pairs``: indexes into ``entrants``, or into ``entrants`` then
    ``field_entrants`` for a compare): some cards are playable alone but not beside another deck's
    (a standing grant by class in a game where another card changes classes)."""
    if check.problems.on("options"):
        return
    try:
        game = check.spec.make_game(**options)
    except (ValueError, TypeError, GameError) as exc:
        check.problems.add("options", Code.INVALID_OPTION, str(exc))
        return
    if check.spec.uses_decks:
        _engine_support_check(check, game, entrants)
        _engine_support_check(check, game, field_entrants, part="field")
        _pair_support_check(check, game, [*entrants, *field_entrants], pairs, len(entrants))


def _pair_support_check(
    check: _Checking,
    game: Game,
    everyone: Sequence[PreparedEntrant | None],
    pairs: Sequence[tuple[int, int]],
    entrants: int,
) -> None:
    """Set up one game of each pair of decks the job plays, once each deck alone was accepted."""

    def path(i: int) -> str:
        return f"entrants.{i}.deck" if i < entrants else f"field.{i - entrants}.deck"

    for a, b in pairs:
        one, other = everyone[a], everyone[b]
        if one is None or other is None or one.spec is None or other.spec is None:
            continue
        if check.problems.on(path(a)) or check.problems.on(path(b)):
            continue
        try:
            game.new_initial_state(random.Random(0), (one.spec, other.spec))
        except (GameError, ValueError, TypeError) as exc:
            check.problems.add(
                path(b),
                Code.DECK_UNSUPPORTED,
                f"The engine cannot play deck {one.deck_name!r} against deck {other.deck_name!r}: {exc}",
            )


def _engine_support_check(
    check: _Checking, game: Game, entrants: Sequence[PreparedEntrant | None], part: str = "entrants"
) -> None:
    """Set up one game of each deck against itself."""
    for i, entrant in enumerate(entrants):
        if entrant is None or entrant.spec is None:
            continue
        try:
            game.new_initial_state(random.Random(0), (entrant.spec, entrant.spec))
        except (GameError, ValueError, TypeError) as exc:
            check.problems.add(
                f"{part}.{i}.deck",
                Code.DECK_UNSUPPORTED,
                f"The engine cannot play deck {entrant.deck_name!r}: {exc}",
            )


def _experience_check(
    check: _Checking,
    award_experience: object,
    collection_id: object,
    entrants: Sequence[PreparedEntrant | None],
) -> Collection | None:
    """``award_experience`` only where it applies (a game with decks, a deck of the user's), and
    the collection earning it: one of the user's (default: their default collection, at save)."""
    spec, owner, problems = check.spec, check.owner, check.problems
    if award_experience is not True and award_experience is not False:
        problems.add("award_experience", Code.EXPERIENCE, "award_experience is true or false.")
        return None
    if not award_experience:
        if collection_id is not None:
            problems.add("collection", Code.EXPERIENCE, "A collection is only used with award_experience.")
        return None
    if not spec.uses_decks:
        problems.add("award_experience", Code.EXPERIENCE, f"{spec.name} games earn no experience.")
    elif owner is None:
        problems.add("award_experience", Code.EXPERIENCE, "Only a user's own decks earn experience.")
    elif all(e is not None for e in entrants) and not any(e and e.earns_experience for e in entrants):
        problems.add(
            "award_experience",
            Code.EXPERIENCE,
            "None of these decks is yours: public demo decks earn no experience.",
        )
    if collection_id is None or owner is None:
        return None
    wanted = collection_id if isinstance(collection_id, int) and not isinstance(collection_id, bool) else -1
    collection = Collection.objects.filter(pk=wanted, owner_id=owner.pk).first()
    if collection is None:
        problems.add("collection", Code.COLLECTION_NOT_FOUND, "No collection of yours has this id.")
    return collection


def _unique_labels(labels: Sequence[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        label = " ".join(label.split())[: MAX_LABEL_LENGTH - 5] or "entrant"
        n = seen.get(label, 0) + 1
        seen[label] = n
        out.append(label if n == 1 else f"{label} ({n})")
    return out


# --- a compare (docs/lab.md "Compare") -----------------------------------------------------------

#: The largest weight of a field's opponent (weights are relative; this only bounds absurd input).
MAX_WEIGHT = 1_000_000.0


def _weight_check(check: _Checking, weight: object, where: str) -> float | None:
    """A weight: a positive, finite number (1 when none is given)."""
    if weight is None:
        return 1.0
    ok = isinstance(weight, int | float) and not isinstance(weight, bool)
    if not ok or not 0.0 < float(weight) <= MAX_WEIGHT:  # type: ignore[arg-type]
        check.problems.add(
            where, Code.INVALID_FIELD, f"A weight is a number above 0, at most {MAX_WEIGHT:,.0f}."
        )
        return None
    return float(weight)  # type: ignore[arg-type]


def _variant_from_swaps(
    check: _Checking, item: EntrantInput, *, index: int, base: PreparedEntrant | None
) -> PreparedEntrant | None:
    """A variant written as swaps: the base's deck with ``item.swaps`` applied, validated like
    any deck."""
    spec, problems = check.spec, check.problems
    where = f"entrants.{index}"
    if not spec.uses_decks:
        problems.add(f"{where}.swaps", Code.INVALID_SWAP, f"{spec.name} is played without decks: no swaps.")
        return None
    if item.deck is not None or item.composition is not None:
        problems.add(
            f"{where}.swaps", Code.INVALID_SWAP, "A variant is a deck or swaps of the base, not both."
        )
        return None
    if base is None:
        return None  # the base's own problems are reported
    try:
        cards = apply_swaps(base.cards, item.swaps)
    except SwapError as exc:
        for p in exc.problems:
            code = Code.SWAP_CARD_MISSING if p.code == SWAP_CARD_MISSING else Code.INVALID_SWAP
            problems.add(f"{where}.swaps" + (f".{p.where}" if p.where else ""), code, p.message)
        return None
    assert isinstance(item.swaps, Mapping)
    swaps = {part: dict(item.swaps.get(part) or {}) for part in ("out", "in")}
    label = f"{base.label} {describe_swaps(swaps)}"
    if item.label is not None:  # the one name rule (eredan/names.py)
        try:
            label = name_clean(
                item.label, what="label", max_length=MAX_LABEL_INPUT_LENGTH, field=f"{where}.label"
            )
        except DomainError as exc:
            problems.extend([exc])
            return None
    composed = EntrantInput(
        composition=DeckComposition(name=label, characters=tuple(base.characters), cards=cards),
        policy=item.policy or base.policy,
        label=label,
    )
    entrant = _entrant_deck(check, composed, where=where, policy=item.policy or base.policy)
    if entrant is not None:
        entrant.swaps = swaps
    return entrant


def _field_items(check: _Checking, field_value: object) -> list[EntrantInput]:
    """The field's opponents as asked: a list, or ``"demo"`` for every public demo deck."""
    spec, problems = check.spec, check.problems
    if field_value == "demo":
        if not spec.uses_decks:
            problems.add(
                "field", Code.INVALID_FIELD, f"{spec.name} is played without decks: list the policies."
            )
            return []
        slugs = (
            Deck.objects.filter(owner__isnull=True, is_public=True)
            .order_by("slug")
            .values_list("slug", flat=True)
        )
        items = [EntrantInput(deck=slug) for slug in slugs if slug]
        if not items:
            problems.add(
                "field",
                Code.INVALID_FIELD,
                "No public demo deck is loaded (manage.py load_demo_decks): name the field's decks.",
            )
        return items
    if (
        not isinstance(field_value, Sequence)
        or isinstance(field_value, str)
        or not all(isinstance(e, EntrantInput) for e in field_value)
    ):
        problems.add(
            "field",
            Code.INVALID_FIELD,
            'A compare\'s field is a list of opponents (decks or policies, with weights) or "demo".',
        )
        return []
    items = list(field_value)
    if not 1 <= len(items) <= MAX_FIELD:
        problems.add(
            "field", Code.INVALID_FIELD, f"A field has 1 to {MAX_FIELD} opponents, not {len(items)}."
        )
        return []
    return items


def _compare_games_check(check: _Checking, games: object, arms: int) -> int | None:
    """Games per arm: even (seat-swapped pairs), and the whole compare's at most
    :data:`MAX_TOTAL_GAMES`; None when refused."""
    if not isinstance(games, int) or isinstance(games, bool):
        check.problems.add("games", Code.INVALID_GAMES, "Games per arm is a whole number.")
        return None
    if games < 2:
        check.problems.add(
            "games", Code.TOO_FEW_GAMES, "A compare plays at least 2 games per arm (one pair)."
        )
        return None
    if games > MAX_GAMES or games * max(arms, 1) > MAX_TOTAL_GAMES:
        check.problems.add(
            "games",
            Code.TOO_MANY_GAMES,
            f"{games:,} games × {arms} arms is {games * arms:,} games; "
            f"a job plays at most {MAX_TOTAL_GAMES:,}.",
        )
        return None
    if games % 2:
        check.problems.add(
            "games",
            Code.INVALID_GAMES,
            "A compare plays its games in seat-swapped pairs: give an even number of games per arm.",
        )
        return None
    return games


def _stop_check(check: _Checking, stop: object, games: int | None) -> StopRule | None:
    """``{"margin": m, "first_round": g}``: 0 < m ≤ 0.5, g even from 2 to the games (default
    :data:`DEFAULT_FIRST_ROUND_GAMES`, or the games if fewer)."""
    if stop is None:
        return None
    problems = check.problems
    if not isinstance(stop, Mapping):
        problems.add("stop", Code.INVALID_STOP, 'stop is {"margin": m, "first_round": games per arm}.')
        return None
    ok = True
    for key in stop:
        if key not in ("margin", "first_round"):
            problems.add(f"stop.{key}", Code.INVALID_STOP, f"stop has no {key!r} (margin, first_round).")
            ok = False
    margin = stop.get("margin")
    if not isinstance(margin, int | float) or isinstance(margin, bool) or not 0.0 < float(margin) <= 0.5:
        problems.add(
            "stop.margin",
            Code.INVALID_STOP,
            "margin is the half-width (a win-rate difference) below which a difference is resolved: "
            "a number above 0, at most 0.5.",
        )
        ok = False
    first = stop.get("first_round")
    if first is not None and (not _is_int(first) or first < 2 or first % 2):
        problems.add(
            "stop.first_round", Code.INVALID_STOP, "first_round is an even number of games, at least 2."
        )
        ok = False
    elif first is not None and games is not None and first > games:
        problems.add(
            "stop.first_round", Code.INVALID_STOP, f"first_round is at most the games per arm ({games:,})."
        )
        ok = False
    if not ok or games is None:
        return None
    assert isinstance(margin, int | float)
    rounds = int(first) if isinstance(first, int) else min(DEFAULT_FIRST_ROUND_GAMES, games)
    return StopRule(margin=float(margin), budget=games, first_round=rounds)


def _compare_chunk_size_check(
    check: _Checking,
    chunk_size: object,
    *,
    games: int | None,
    stop: StopRule | None,
    arms: int,
    policies: Sequence[str],
) -> int | None:
    """A compare's chunk plays its games for every arm: by default about
    :data:`TARGET_CHUNK_SECONDS` of that, even (whole pairs); never more than :data:`MAX_CHUNKS`
    chunks, none expected to outlast the broker's visibility timeout. None when refused."""
    per_index = check.spec.seconds_per_game(policies) * max(arms, 1)
    ends = stop.ends if stop is not None else ([games] if games is not None else [])
    if chunk_size is None:
        size = int(TARGET_CHUNK_SECONDS / per_index)
        if games is not None:
            size = max(size, -(-games // MAX_CHUNKS))
        size = max(2, min(size, MAX_CHUNK_SIZE))
        return size - size % 2
    if not _is_int(chunk_size) or not 2 <= chunk_size <= MAX_CHUNK_SIZE or chunk_size % 2:  # type: ignore[operator]
        check.problems.add(
            "chunk_size",
            Code.BAD_CHUNK_SIZE,
            f"A compare's chunk size is an even number from 2 to {MAX_CHUNK_SIZE:,} (chunks hold whole "
            "seat-swapped pairs).",
        )
        return None
    assert isinstance(chunk_size, int)
    if not ends:
        return chunk_size
    chunks = len(compare_chunks(ends, chunk_size))
    if chunks > MAX_CHUNKS:
        check.problems.add(
            "chunk_size", Code.BAD_CHUNK_SIZE, f"{chunks:,} chunks is too many (at most {MAX_CHUNKS:,})."
        )
        return None
    visibility = broker_visibility_timeout()
    expected = min(chunk_size, max(ends)) * per_index
    if visibility is not None and expected > visibility * MAX_CHUNK_SHARE_OF_VISIBILITY:
        fit = max(2, int(visibility * MAX_CHUNK_SHARE_OF_VISIBILITY / per_index) // 2 * 2)
        check.problems.add(
            "chunk_size",
            Code.BAD_CHUNK_SIZE,
            f"A chunk of {chunk_size:,} games for each of {arms} arms would take about {expected:,.0f} s, "
            f"too long for the broker (it redelivers a chunk unfinished after {visibility:.0f} s): "
            f"use a chunk size of at most {fit:,}.",
        )
        return None
    return chunk_size


def _compare_prepare(check: _Checking, request: SimulationRequest, items: list[EntrantInput]) -> PreparedJob:
    """A compare's request: the base and its variants (``entrants``: decks, or the base with
    swaps), the ``field``, even games per arm, the optional ``stop`` rule; no recorded games and
    no experience (an experiment's games are every arm's)."""
    spec, problems = check.spec, check.problems
    default_policy = _policy_check(check, request.policy)
    options = _options_check(check, request.options)
    if len(items) < 2:
        problems.add("entrants", Code.ENTRANTS, "A compare needs a base and at least one variant.")
    elif len(items) > 1 + MAX_VARIANTS:
        problems.add(
            "entrants", Code.ENTRANTS, f"A compare has at most {MAX_VARIANTS} variants, not {len(items) - 1}."
        )
    arms: list[PreparedEntrant | None] = []
    for i, item in enumerate(items[: 1 + MAX_VARIANTS]):
        if item.weight is not None:
            problems.add(
                f"entrants.{i}.weight", Code.INVALID_FIELD, "Weights are the field's, not the arms'."
            )
        if item.swaps is not None and i == 0:
            problems.add(
                "entrants.0.swaps", Code.INVALID_SWAP, "The base is a deck; swaps make a variant of it."
            )
            arms.append(None)
        elif item.swaps is not None:
            arms.append(_variant_from_swaps(check, item, index=i, base=arms[0]))
        else:
            arms.append(_entrant_prepare(check, item, index=i, default_policy=default_policy))
    field_items = _field_items(check, request.field)
    opponents: list[PreparedEntrant | None] = []
    for j, item in enumerate(field_items):
        if item.swaps is not None:
            problems.add(f"field.{j}.swaps", Code.INVALID_SWAP, "Swaps make a variant, not an opponent.")
        opponent = _entrant_prepare(check, item, index=j, default_policy=default_policy, part="field")
        weight = _weight_check(check, item.weight, f"field.{j}.weight")
        if opponent is not None and weight is not None:
            opponent.weight = weight
        opponents.append(opponent)
    games = _compare_games_check(check, request.games, len(arms))
    seed = _seed_check(check, request.seed)
    stop = _stop_check(check, request.stop, games)
    policies = [e.policy for e in (*arms, *opponents) if e is not None]
    chunk_size = _compare_chunk_size_check(
        check, request.chunk_size, games=games, stop=stop, arms=len(arms), policies=policies
    )
    if request.record_games not in (None, 0):
        problems.add(
            "record_games",
            Code.BAD_RECORD_GAMES,
            "A compare records no games (each of its games is played by every arm).",
        )
    if request.award_experience is not False or request.collection_id is not None:
        problems.add(
            "award_experience", Code.EXPERIENCE, "A compare is an experiment: its games earn no experience."
        )
    _game_make(
        check,
        options,
        arms,
        opponents,
        pairs=[(a, len(arms) + o) for a in range(len(arms)) for o in range(len(opponents))],
    )
    problems.raise_any()

    assert games is not None and seed is not None and chunk_size is not None  # else a problem was raised
    ready = [e for e in arms if e is not None]
    field_ready = [e for e in opponents if e is not None]
    for e, role in zip(ready, ["base", *["variant"] * (len(ready) - 1)], strict=True):
        e.role = role
        e.earns_experience = False
    for e in field_ready:
        e.role = "field"
        e.earns_experience = False
    everyone = [*ready, *field_ready]
    for entrant, label in zip(everyone, _unique_labels([e.label for e in everyone]), strict=True):
        entrant.label = label
    prepared = PreparedJob(
        game=spec.name,
        kind=COMPARE,
        options=_with_defaults(spec, options),
        entrants=ready,
        field_entrants=field_ready,
        games=games,
        seed=seed,
        chunk_size=chunk_size,
        catalog_version=check.catalog.version if check.catalog is not None else "",
        catalog=check.catalog,
        catalog_document=check.catalog_document,
        stop=stop,
    )
    try:
        prepared.compare_plan  # noqa: B018 - the plan's own checks, as a guard
    except CompareError as exc:  # pragma: no cover - every case is refused above
        raise DomainError(str(exc), code=Code.ENTRANTS) from None
    return prepared


# --- the whole check ----------------------------------------------------------------------------


def request_prepare(*, owner: User | None, request: SimulationRequest) -> PreparedJob:
    """Check a simulation request completely and return it ready to save or play.

    ``owner``: the user (None: a command-line job, which may use public demo decks and
    compositions only). Every problem is reported at once (:class:`~eredan.errors.DomainErrors`
    for several, 400); nothing is saved or queued.
    """
    spec = _game_check(request.game)
    kind = _kind_check(request.kind)
    items = _entrants_shape_check(request.entrants)
    catalog, document = catalog_snapshot_current() if spec.uses_decks else (None, None)
    check = _Checking(spec=spec, owner=owner, catalog=catalog, catalog_document=document)
    if kind in (OPTIMIZE, ACQUIRE):
        from simulator.services.optimize_requests import (  # they build on this
            acquire_prepare,
            optimize_prepare,
        )

        if kind == ACQUIRE:
            return acquire_prepare(check, request, items)
        return optimize_prepare(check, request, items)
    _optimize_only_check(check, request, kind)
    if kind == COMPARE:
        return _compare_prepare(check, request, items)
    for name, value, code in (
        ("field", request.field, Code.INVALID_FIELD),
        ("stop", request.stop, Code.INVALID_STOP),
    ):
        if value is not None:
            check.problems.add(
                name, code, f"{name} is for a compare (kind compare), not a {kind.replace('_', ' ')}."
            )
    pairings = _pairings_check(check, kind, len(items))
    default_policy = _policy_check(check, request.policy)
    options = _options_check(check, request.options)
    entrants = (
        [
            _entrant_prepare(check, item, index=i, default_policy=default_policy)
            for i, item in enumerate(items)
        ]
        if len(items) <= MAX_ENTRANTS
        else []
    )
    games = _games_check(check, request.games, len(pairings))
    seed = _seed_check(check, request.seed)
    policies = [e.policy for e in entrants if e is not None]
    chunk_size = _chunk_size_check(
        check, request.chunk_size, games=games, pairings=len(pairings), policies=policies
    )
    record_games = _record_games_check(check, request.record_games)
    _game_make(check, options, entrants, pairs=[(p.a, p.b) for p in pairings])
    collection = _experience_check(check, request.award_experience, request.collection_id, entrants)
    for i, (item, entrant) in enumerate(zip(items, entrants, strict=False)):
        if item.swaps is not None:
            check.problems.add(f"entrants.{i}.swaps", Code.INVALID_SWAP, "Swaps make a compare's variant.")
        if item.weight is not None:
            if kind != ROUND_ROBIN:
                check.problems.add(
                    f"entrants.{i}.weight",
                    Code.INVALID_FIELD,
                    "A weight is an entrant's share of a round robin's field (its metagame), or of a "
                    "compare's field.",
                )
            weight = _weight_check(check, item.weight, f"entrants.{i}.weight")
            if entrant is not None and weight is not None:
                entrant.weight = weight
    check.problems.raise_any()

    assert games is not None and seed is not None and chunk_size is not None  # else a problem was raised
    ready = [e for e in entrants if e is not None]
    for entrant, label in zip(ready, _unique_labels([e.label for e in ready]), strict=True):
        entrant.label = label
    return PreparedJob(
        game=spec.name,
        kind=kind,
        options=_with_defaults(spec, options),
        entrants=ready,
        games=games,
        seed=seed,
        chunk_size=chunk_size,
        award_experience=request.award_experience is True,
        collection=collection,
        catalog_version=check.catalog.version if check.catalog is not None else "",
        catalog=check.catalog,
        catalog_document=check.catalog_document,
        record_games=min(record_games, games),
    )


def _optimize_only_check(check: _Checking, request: SimulationRequest, kind: str) -> None:
    """``keep``, ``characters_may_change`` and ``settings`` are an optimize's."""
    for name, value in (
        ("keep", request.keep),
        ("characters_may_change", request.characters_may_change),
        ("settings", request.settings),
    ):
        if value is not None:
            code = Code.INVALID_KEEP if name == "keep" else Code.INVALID_SETTINGS
            check.problems.add(
                name, code, f"{name} is for an optimize (kind optimize), not a {kind.replace('_', ' ')}."
            )


def simulation_prepare(
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
) -> PreparedJob:
    """:func:`request_prepare` of the request these keywords make (see :class:`SimulationRequest`)."""
    return request_prepare(
        owner=owner,
        request=SimulationRequest(
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
        ),
    )
