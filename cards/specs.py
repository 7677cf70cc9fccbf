"""Database rows -> :mod:`cards.domain.specs` value objects, in one place.

:func:`get_catalog` returns every character and card as specs. It is built with a fixed number of
queries (about ten, whatever the size of the card database) and cached per process; each call
costs one query that reads the :class:`~cards.models.CatalogVersion` token, which every write to the
card database changes in the same transaction (``cards/signals.py``). So a process never serves a
catalog older than the last committed change it can see, and never rebuilds without a change.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import threading
import uuid
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
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


def _type_rows() -> list[dict[str, Any]]:
    """The CardType table as plain values, by slug (one query)."""
    return [
        {
            "slug": row["slug"],
            "parent": row["parent__slug"],
            "persistent": row["persistent"],
            "playable": row["playable"],
            "character_type": row["character_type"],
        }
        for row in CardType.objects.order_by("slug").values(
            "slug", "parent__slug", "persistent", "playable", "character_type"
        )
    ]


class _Lookups:
    """The small reference tables a spec needs (races' parent and element, multi-guild castes).

    Read from the database, or given (a catalog snapshot's document: ``cards/snapshots.py``)."""

    def __init__(
        self,
        *,
        races: Mapping[str, tuple[str | None, str | None]] | None = None,
        multi_guild_castes: Iterable[str] | None = None,
        types: Iterable[Mapping[str, Any]] | None = None,
    ) -> None:
        self.races: dict[str, tuple[str | None, str | None]] = (
            dict(races)
            if races is not None
            else {
                row["slug"]: (row["parent__slug"], row["element__slug"])
                for row in Race.objects.order_by("slug").values("slug", "parent__slug", "element__slug")
            }
        )
        self.multi_guild_castes: frozenset[str] = frozenset(
            multi_guild_castes
            if multi_guild_castes is not None
            else Caste.objects.filter(multi_guild=True).values_list("slug", flat=True)
        )
        self.type_rows = [dict(row) for row in types] if types is not None else _type_rows()
        self.types = TypeTree(CardTypeInfo(**row) for row in self.type_rows)


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


#: The shape of a catalog document (:func:`catalog_document_build`); part of what its digest hashes.
CATALOG_DOCUMENT_FORMAT = 1


def _character_rows(lookups: _Lookups) -> list[dict[str, Any]]:
    classes = _pairs(Character.classes.through, "character", "characterclass")
    castes = _pairs(Character.castes.through, "character", "caste")
    rows = []
    for row in Character.objects.order_by("slug").values(*_CHARACTER_FIELDS):
        pk = row.pop("id")
        rows.append({**row, "classes": classes.get(pk, []), "castes": castes.get(pk, [])})
    return rows


def _card_rows() -> list[dict[str, Any]]:
    req_classes = _pairs(Card.required_classes.through, "card", "characterclass")
    req_characters = _pairs(Card.required_characters.through, "card", "evolutionfamily")
    req_races = _pairs(Card.required_races.through, "card", "race")
    req_castes = _pairs(Card.required_castes.through, "card", "caste")
    rows = []
    for row in Card.objects.order_by("slug").values(*_CARD_FIELDS):
        pk = row.pop("id")
        rows.append(
            {
                **row,
                "required_classes": req_classes.get(pk, []),
                "required_characters": req_characters.get(pk, []),
                "required_races": req_races.get(pk, []),
                "required_castes": req_castes.get(pk, []),
            }
        )
    return rows


def catalog_document_build() -> dict[str, Any]:
    """Everything the specs of every character and card are made of, as plain JSON values (about
    ten queries): the rows of the card database with their requirement and class slugs, and the
    reference tables the specs look up (card types, races, multi-guild castes).

    :func:`catalog_from_document` makes the catalog of it. It is what a catalog snapshot stores
    (``cards/snapshots.py``): a job plays the cards as they were when it was submitted.
    """
    lookups = _Lookups()
    return {
        "format": CATALOG_DOCUMENT_FORMAT,
        "types": lookups.type_rows,
        "races": {slug: list(pair) for slug, pair in sorted(lookups.races.items())},
        "multi_guild_castes": sorted(lookups.multi_guild_castes),
        "characters": _character_rows(lookups),
        "cards": _card_rows(),
    }


def catalog_from_document(document: Mapping[str, Any], *, version: str = "", digest: str = "") -> Catalog:
    """The catalog of a document of :func:`catalog_document_build` (no query)."""
    if document.get("format") != CATALOG_DOCUMENT_FORMAT:
        raise ValueError(
            f"catalog document format {document.get('format')!r} is not {CATALOG_DOCUMENT_FORMAT}"
        )
    lookups = _Lookups(
        races={slug: (pair[0], pair[1]) for slug, pair in document["races"].items()},
        multi_guild_castes=document["multi_guild_castes"],
        types=document["types"],
    )
    characters = {
        row["slug"]: character_spec_from_row(
            row, classes=list(row["classes"]), castes=list(row["castes"]), lookups=lookups
        )
        for row in document["characters"]
    }
    cards = {
        row["slug"]: card_spec_from_row(
            row,
            required_classes=list(row["required_classes"]),
            required_characters=list(row["required_characters"]),
            required_races=list(row["required_races"]),
            required_castes=list(row["required_castes"]),
            types=lookups.types,
        )
        for row in document["cards"]
    }
    return Catalog(characters=characters, cards=cards, version=version, digest=digest)


def catalog_digest(document: Mapping[str, Any]) -> str:
    """The content hash of a catalog document: SHA-256 of its canonical JSON (sorted keys, no
    spaces, UTF-8), 64 hex digits. Equal contents, equal digests, whichever process built them."""
    text = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def catalog_build(*, version: str = "") -> Catalog:
    """Every character and card as specs, straight from the database (about ten queries)."""
    return catalog_from_document(catalog_document_build(), version=version)


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


@dataclass
class _Built:
    """The catalog built at one token, with the document it was built from (and, once asked
    for, the same catalog named by its digest)."""

    document: dict[str, Any]
    catalog: Catalog
    named: Catalog | None = None


def _built_make(token: str) -> _Built:
    document = catalog_document_build()
    return _Built(document=document, catalog=catalog_from_document(document, version=token))


def get_catalog() -> Catalog:
    """The whole card database as a :class:`~cards.domain.specs.Catalog`, cached per process.

    One query when nothing changed; rebuilt when the version token moved. ``Catalog.version`` is
    the token the catalog was built at.
    """
    return _cached("built", _built_make).catalog


def get_catalog_document() -> tuple[Catalog, dict[str, Any]]:
    """The current catalog named by its content (``version`` and ``digest``: the digest of its
    document), and that document: what a job is checked and played with, and what its catalog
    snapshot stores (``cards/snapshots.py``). Cached like :func:`get_catalog` (the digest is
    computed once per token)."""
    built = _cached("built", _built_make)
    if built.named is None:
        digest = catalog_digest(built.document)
        built.named = dataclasses.replace(built.catalog, version=digest, digest=digest)
    return built.named, built.document


def get_names() -> Names:
    """Display names for the rules text, cached like :func:`get_catalog`."""
    return _cached("names", lambda _token: names_build())


def catalog_cache_clear() -> None:
    """Forget what is cached (tests; the token check makes this unnecessary otherwise)."""
    with _lock:
        _cache.clear()
