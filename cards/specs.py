"""Database rows -> :mod:`cards.domain.specs` value objects, in one place.

:func:`get_catalog` returns every character and card as specs. It is built with a fixed number of
queries (about ten, whatever the size of the card database) and cached per process; each call
costs one query that reads the :class:`~cards.models.CatalogVersion` token, which every write to the
card database changes in the same transaction (``cards/signals.py``). So a process never serves a
catalog older than the last committed change it can see, and never rebuilds without a change.
"""

from __future__ import annotations

import threading
import uuid
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar, cast

from django.db import connections, router

from cards.domain.specs import (
    CardSpec,
    CardTypeInfo,
    Catalog,
    CharacterSpec,
    Requirements,
    TypeTree,
    parse_abilities,
    parse_card_effects,
    parse_chain,
    parse_orders,
    parse_play_rules,
)
from cards.domain.text import Names
from cards.models import (
    Card,
    CardType,
    Caste,
    CatalogVersion,
    Character,
    CharacterClass,
    EvolutionFamily,
    Guild,
    Race,
    ReferenceEntry,
)
from cards.services import CATALOG_VERSION_PK, catalog_batch_pending

T = TypeVar("T")
_CHARACTER_FIELDS = (
    "id",
    "slug",
    "family__slug",
    "level",
    "name_en",
    "name_fr",
    "guild__slug",
    "race__slug",
    "unique",
    "hp",
    "attack_min",
    "attack_max",
    "defense",
    "spirit",
    "orders",
    "abilities",
)
_CARD_FIELDS = (
    "id",
    "slug",
    "family__slug",
    "level",
    "name_en",
    "name_fr",
    "type__slug",
    "unique",
    "guild__slug",
    "zone",
    "chain",
    "dual_wield",
    "effects",
    "xp_value",
    "play",
)


# --- reference lookups -----------------------------------------------------------------------------


def type_tree_build() -> TypeTree:
    """The card type tree from the CardType table (one query)."""
    return TypeTree(
        CardTypeInfo(
            slug=row["slug"],
            parent=row["parent__slug"],
            persistent=row["persistent"],
            playable=row["playable"],
            character_type=row["character_type"],
        )
        for row in CardType.objects.values("slug", "parent__slug", "persistent", "playable", "character_type")
    )


class _Lookups:
    """The small reference tables a spec needs (races' parent and element, multi-guild castes)."""

    def __init__(self) -> None:
        self.races: dict[str, tuple[str | None, str | None]] = {
            row["slug"]: (row["parent__slug"], row["element__slug"])
            for row in Race.objects.values("slug", "parent__slug", "element__slug")
        }
        self.multi_guild_castes: frozenset[str] = frozenset(
            Caste.objects.filter(multi_guild=True).values_list("slug", flat=True)
        )
        self.types = type_tree_build()


def _pairs(through: Any, owner: str, target: str, ids: Iterable[int] | None = None) -> dict[int, list[str]]:
    """owner id -> sorted target slugs, from a many-to-many through table (one query)."""
    qs = through.objects.all()
    if ids is not None:
        qs = qs.filter(**{f"{owner}_id__in": list(ids)})
    out: dict[int, list[str]] = defaultdict(list)
    for owner_id, slug in qs.values_list(f"{owner}_id", f"{target}__slug"):
        out[owner_id].append(slug)
    for slugs in out.values():
        slugs.sort()
    return out


# --- rows -> specs -----------------------------------------------------------------------------


def character_spec_from_row(
    row: Mapping[str, Any], *, classes: list[str], castes: list[str], lookups: _Lookups
) -> CharacterSpec:
    """A character spec from its values (``_CHARACTER_FIELDS``) and its sorted class and caste slugs."""
    race_parent, element = lookups.races.get(row["race__slug"], (None, None))
    return CharacterSpec(
        slug=row["slug"],
        family=row["family__slug"],
        level=row["level"],
        name_en=row["name_en"],
        name_fr=row["name_fr"],
        guild=row["guild__slug"],
        classes=tuple(classes),
        race=row["race__slug"],
        race_parent=race_parent,
        element=element,
        castes=tuple(castes),
        multi_guild=any(c in lookups.multi_guild_castes for c in castes),
        unique=row["unique"],
        hp=row["hp"],
        attack_min=row["attack_min"],
        attack_max=row["attack_max"],
        defense=row["defense"],
        spirit=row["spirit"],
        orders=parse_orders(row["orders"]),
        abilities=parse_abilities(row["abilities"]),
    )


def card_spec_from_row(
    row: Mapping[str, Any],
    *,
    required_classes: list[str],
    required_characters: list[str],
    required_races: list[str],
    types: TypeTree,
    required_castes: list[str] | None = None,
) -> CardSpec:
    """A card spec from its values (``_CARD_FIELDS``) and its requirement slugs."""
    type_slug = row["type__slug"]
    type_path = types.path(type_slug)  # raises SpecError on an unknown type
    info = types.types[type_slug]
    return CardSpec(
        slug=row["slug"],
        family=row["family__slug"],
        level=row["level"],
        name_en=row["name_en"],
        name_fr=row["name_fr"],
        type=type_slug,
        type_path=type_path,
        persistent=info.persistent,
        playable=info.playable,
        unique=row["unique"],
        guild=row["guild__slug"],
        requirements=Requirements(
            classes=frozenset(required_classes),
            characters=frozenset(required_characters),
            races=frozenset(required_races),
            castes=frozenset(required_castes or ()),
        ),
        zone=row["zone"],
        chain=parse_chain(row["chain"]),
        dual_wield=row["dual_wield"],
        effects=parse_card_effects(row["effects"]),
        xp_value=row["xp_value"],
        play=parse_play_rules(row["play"]),
    )


def character_specs(
    ids: Iterable[int] | None = None, *, lookups: _Lookups | None = None
) -> dict[str, CharacterSpec]:
    """Characters (all, or those ids) as specs by slug; a fixed number of queries."""
    lookups = lookups or _Lookups()
    qs = Character.objects.all()
    if ids is not None:
        ids = list(ids)
        qs = qs.filter(id__in=ids)
    classes = _pairs(Character.classes.through, "character", "characterclass", ids)
    castes = _pairs(Character.castes.through, "character", "caste", ids)
    return {
        row["slug"]: character_spec_from_row(
            row, classes=classes.get(row["id"], []), castes=castes.get(row["id"], []), lookups=lookups
        )
        for row in qs.order_by("slug").values(*_CHARACTER_FIELDS)
    }


def card_specs(ids: Iterable[int] | None = None, *, types: TypeTree | None = None) -> dict[str, CardSpec]:
    """Cards (all, or those ids) as specs by slug; a fixed number of queries."""
    types = types or type_tree_build()
    qs = Card.objects.all()
    if ids is not None:
        ids = list(ids)
        qs = qs.filter(id__in=ids)
    req_classes = _pairs(Card.required_classes.through, "card", "characterclass", ids)
    req_characters = _pairs(Card.required_characters.through, "card", "evolutionfamily", ids)
    req_races = _pairs(Card.required_races.through, "card", "race", ids)
    req_castes = _pairs(Card.required_castes.through, "card", "caste", ids)
    return {
        row["slug"]: card_spec_from_row(
            row,
            required_classes=req_classes.get(row["id"], []),
            required_characters=req_characters.get(row["id"], []),
            required_races=req_races.get(row["id"], []),
            required_castes=req_castes.get(row["id"], []),
            types=types,
        )
        for row in qs.order_by("slug").values(*_CARD_FIELDS)
    }


def character_to_spec(character: Character) -> CharacterSpec:
    """One character as a spec (a handful of queries: for single objects, not for lists)."""
    return character_specs([character.pk])[character.slug]


def card_to_spec(card: Card) -> CardSpec:
    """One card as a spec (a handful of queries: for single objects, not for lists)."""
    return card_specs([card.pk])[card.slug]


# --- the catalog ------------------------------------------------------------------------------------


def catalog_token() -> str | None:
    """The current catalog version token (one query); ``None`` if the version row is missing.

    A raw ``SELECT`` rather than the ORM: every API call that validates a deck pays this query,
    and building it through the ORM cost several times the whole validation.
    """
    meta = CatalogVersion._meta
    db = router.db_for_read(CatalogVersion)
    with connections[db].cursor() as cursor:
        cursor.execute(
            f"SELECT {meta.get_field('token').column} FROM {meta.db_table} WHERE {meta.pk.column} = %s",
            [CATALOG_VERSION_PK],
        )
        row = cursor.fetchone()
    # SQLite stores a UUID as 32 hex digits, PostgreSQL as a uuid: normalise both.
    return str(uuid.UUID(str(row[0]))) if row is not None and row[0] is not None else None


def catalog_build(*, version: str = "") -> Catalog:
    """Every character and card as specs, straight from the database (about ten queries)."""
    lookups = _Lookups()
    return Catalog(
        characters=character_specs(lookups=lookups),
        cards=card_specs(types=lookups.types),
        version=version,
    )


def names_build() -> Names:
    """Display names by slug for the rules text (five small queries)."""

    def table(model: type[ReferenceEntry] | type[EvolutionFamily]) -> dict[str, tuple[str, str]]:
        return {
            slug: (en, fr)
            for slug, en, fr in model._default_manager.values_list("slug", "name_en", "name_fr")
        }

    return Names(
        classes=table(CharacterClass),
        races=table(Race),
        guilds=table(Guild),
        types=table(CardType),
        families=table(EvolutionFamily),
        castes=table(Caste),
    )


_lock = threading.Lock()
#: token -> what was built at that token ("catalog", "names"); only the latest token is kept.
_cache: dict[str, dict[str, Any]] = {}


def _cached(key: str, build: Callable[[str], T]) -> T:
    token = catalog_token()
    entry = _cache.get(token) if token is not None else None
    if entry is not None and key in entry:
        return cast(T, entry[key])
    # The token is read before the rows: what is built is at least as new as its token says.
    value = build(token or "")
    if token is not None and not catalog_batch_pending():
        with _lock:
            if token not in _cache:
                _cache.clear()
                _cache[token] = {}
            _cache[token][key] = value
    return value


def get_catalog() -> Catalog:
    """The whole card database as a :class:`~cards.domain.specs.Catalog`, cached per process.

    One query when nothing changed; rebuilt when the version token moved. ``Catalog.version`` is
    the token the catalog was built at.
    """
    return _cached("catalog", lambda token: catalog_build(version=token))


def get_names() -> Names:
    """Display names for the rules text, cached like :func:`get_catalog`."""
    return _cached("names", lambda _token: names_build())


def catalog_cache_clear() -> None:
    """Forget what is cached (tests; the token check makes this unnecessary otherwise)."""
    with _lock:
        _cache.clear()
