"""Reads of the card pages: the browser's result list, a card's detail, a collection's copy rows.

The pages use the API's own reads: the querysets of :mod:`cards.selectors`, the filter sets of
:mod:`cards.api.filters` (so ``?guild=zil&class=mage`` means on a page exactly what it means on
``/api/characters/``), the cached catalog and names of :mod:`cards.specs`, and the generated rules
text of :mod:`cards.domain.text` (what the API serializers expose as ``rules_text``).
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from django.core.paginator import Page, Paginator
from django.db.models import Count, Max, Min, QuerySet
from django.http import QueryDict

from cards import selectors
from cards.api.filters import CardFilter, CharacterFilter
from cards.collection import selectors as collection_selectors
from cards.collection.models import Collection, OwnedCopy
from cards.collection.xp import CARD, CHARACTER
from cards.domain.face import FACE_VERSION, FaceFacts, face_svg
from cards.domain.search import NameIndex, suggest
from cards.domain.search import name_index as search_index
from cards.domain.specs import XP_CARD_TYPE, CardSpec, Catalog, CharacterSpec
from cards.domain.text import Lang, Names, match_text, rules_text
from cards.models import (
    Card,
    CardSet,
    CardType,
    Caste,
    Character,
    CharacterClass,
    EvolutionFamily,
    Guild,
    Race,
    Rarity,
    search_key,
)
from cards.services import catalog_batch_pending
from cards.specs import card_to_spec, catalog_token, character_to_spec, get_catalog, get_names

#: Entries per page of the card browser, copies per page of a collection.
BROWSER_PAGE_SIZE = 30
COPIES_PAGE_SIZE = 50
#: Most words of a search box taken into account (as the API's ``?search=``).
MAX_SEARCH_WORDS = 10

Entry = Character | Card
Spec = CharacterSpec | CardSpec
T = TypeVar("T")


# --- rules text -------------------------------------------------------------------------------------


def entry_spec(entry: Entry, catalog: Catalog | None = None) -> Spec:
    """The entry's spec: from the cached catalog when it is there (no query), else built from the row,
    as the API serializers do."""
    catalog = catalog or get_catalog()
    if isinstance(entry, Character):
        spec: Spec | None = catalog.characters.get(entry.slug)
        return spec if spec is not None else character_to_spec(entry)
    spec = catalog.cards.get(entry.slug)
    return spec if spec is not None else card_to_spec(entry)


def rules_lines(spec: Spec, names: Names | None = None) -> dict[str, list[str]]:
    """The generated rules text (``rules_text``, the API's field), one list of lines per language."""
    text = rules_text(spec, names if names is not None else get_names())
    return {lang: [line for line in value.splitlines() if line] for lang, value in text.items()}


_cache_lock = threading.Lock()
#: catalog version token -> what the pages built at that version; only the latest token is kept.
_cache: dict[str, dict[str, Any]] = {}


def _per_catalog(key: str, build: Callable[[], T]) -> T:
    """``build()``, cached per process until the card database changes (its catalog version token,
    which any write to the card database or its reference tables changes, is read: one query).
    Nothing is cached inside a :func:`cards.services.catalog_batch` or without a token."""
    token = catalog_token()
    entry = _cache.get(token) if token is not None else None
    if entry is not None and key in entry:
        return cast(T, entry[key])
    value = build()
    if token is not None and not catalog_batch_pending():
        with _cache_lock:
            if token not in _cache:
                _cache.clear()
                _cache[token] = {}
            _cache[token][key] = value
    return value


def rules_text_index() -> Mapping[str, str]:
    """Every entry's rules text, both languages, folded for search (case and accents ignored),
    by slug; built once per catalog version and process."""

    def build() -> dict[str, str]:
        catalog, names = get_catalog(), get_names()
        specs: list[Spec] = [*catalog.characters.values(), *catalog.cards.values()]
        index = {}
        for spec in specs:
            text = rules_text(spec, names)
            index[spec.slug] = search_key(f"{text['en']}\n{text['fr']}")
        return index

    return _per_catalog("rules_text", build)


def slugs_with_rules_text(words: str) -> set[str]:
    """Slugs of the entries whose rules text (English or French) holds every word of ``words``."""
    terms = search_key(words).split()[:MAX_SEARCH_WORDS]
    index = rules_text_index()
    return {slug for slug, text in index.items() if all(term in text for term in terms)}


# --- the card browser ---------------------------------------------------------------------------------


#: Sort orders of the browser: value -> (label, order of characters, order of cards). ``{name}`` is
#: the name in the card language; a stat a kind lacks falls back to the name for that kind.
SORTS: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    "name": ("Name", ("{name}", "level"), ("{name}", "level")),
    "level": ("Level", ("level", "{name}"), ("level", "{name}")),
    "guild": ("Guild", ("guild__{name}", "{name}", "level"), ("guild__{name}", "{name}", "level")),
    "type": ("Card type", ("{name}", "level"), ("type__{name}", "{name}", "level")),
    "hp": ("HP, highest first", ("-hp", "{name}", "level"), ("{name}", "level")),
    "attack": ("Attack, highest first", ("-attack_max", "-attack_min", "{name}"), ("{name}", "level")),
    "defense": ("Defense, highest first", ("-defense", "{name}", "level"), ("{name}", "level")),
    "spirit": ("Spirit, highest first", ("-spirit", "{name}", "level"), ("{name}", "level")),
}
DEFAULT_SORT = "name"
#: Filters that only characters have: one of them shows characters only (as a card type shows cards).
CHARACTER_ONLY_FILTERS = ("caste",)


@dataclass(frozen=True)
class BrowserQuery:
    """What the browser's form asks, cleaned. ``filters`` are API filter parameters (``guild``,
    ``class``, ``race``, ``caste``, ``level``, ``unique``, ``rarity``, ``set``, ``type``), applied
    with the API's filter sets; ``sort`` one of :data:`SORTS`; ``lang`` the card language (names
    sort and show in it)."""

    name: str = ""
    text: str = ""
    kind: str = ""  # "", "character" or "card"
    filters: Mapping[str, str] = field(default_factory=dict)
    sort: str = DEFAULT_SORT
    lang: Lang = "en"

    @property
    def kinds(self) -> tuple[str, ...]:
        if self.kind:
            return (self.kind,)
        if self.filters.get("type"):  # a card type: characters have none
            return (CARD,)
        if any(self.filters.get(f) for f in CHARACTER_ONLY_FILTERS):
            return (CHARACTER,)
        return (CHARACTER, CARD)


class FilterError(ValueError):
    """A filter the API's filter set refuses (an unknown slug): ``errors`` by parameter."""

    def __init__(self, errors: Mapping[str, Sequence[str]]) -> None:
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in errors.items()))
        self.errors = dict(errors)


def _filtered(
    filterset_class: type[CharacterFilter] | type[CardFilter],
    queryset: QuerySet[Any],
    params: Mapping[str, str],
) -> QuerySet[Any]:
    data = QueryDict(mutable=True)
    for key, value in params.items():
        data[key] = value
    filterset = filterset_class(data=data, queryset=queryset)
    if not filterset.is_valid():
        raise FilterError({k: [str(e) for e in v] for k, v in filterset.errors.items()})
    result: QuerySet[Any] = filterset.qs
    return result


def _searched(queryset: QuerySet[Any], name: str) -> QuerySet[Any]:
    """The API's ``?search=``: every word in the French or English name or the slug."""
    for term in search_key(name).split()[:MAX_SEARCH_WORDS]:
        queryset = queryset.filter(search_text__contains=term)
    return queryset


def _order(query: BrowserQuery, kind: str) -> list[str]:
    _, characters, cards = SORTS.get(query.sort, SORTS[DEFAULT_SORT])
    name = f"name_{query.lang}"
    return [f.replace("{name}", name) for f in (characters if kind == CHARACTER else cards)] + ["slug"]


def browser_querysets(query: BrowserQuery, *, slugs: set[str] | None = None) -> dict[str, QuerySet[Any]]:
    """The characters and cards the query finds, by kind, in its sort order. ``slugs``: instead
    of the name search, these entries (what a forgiving search suggested)."""
    text_slugs = slugs_with_rules_text(query.text) if query.text.strip() else None
    result: dict[str, QuerySet[Any]] = {}
    for kind in query.kinds:
        if kind == CHARACTER:
            params = {k: v for k, v in query.filters.items() if k != "type"}
            qs: QuerySet[Any] = _filtered(CharacterFilter, selectors.character_list(), params)
        else:
            params = {k: v for k, v in query.filters.items() if k not in CHARACTER_ONLY_FILTERS}
            qs = _filtered(CardFilter, selectors.card_list(), params)
        qs = qs.filter(slug__in=slugs) if slugs is not None else _searched(qs, query.name)
        if text_slugs is not None:
            qs = qs.filter(slug__in=text_slugs)
        result[kind] = qs.order_by(*_order(query, kind))
    return result


def name_index() -> NameIndex:
    """Every entry's English and French names and slug, for the forgiving search (built once per
    catalog version and process)."""

    def build() -> NameIndex:
        catalog = get_catalog()
        specs: list[Spec] = [*catalog.characters.values(), *catalog.cards.values()]
        return search_index((s.slug, (s.name_en, s.name_fr, s.slug.replace("-", " "))) for s in specs)

    return _per_catalog("name_index", build)


@dataclass(frozen=True)
class BrowserRow:
    entry: Entry
    kind: str
    spec: Spec
    rules: list[str]  # in the card language


@dataclass(frozen=True)
class BrowserPage:
    """One page of results over characters then cards."""

    rows: list[BrowserRow]
    number: int
    num_pages: int
    counts: dict[str, int]
    #: the corrected name when the results are what a mistyped name most likely means, else ""
    suggestion: str = ""

    @property
    def count(self) -> int:
        return sum(self.counts.values())

    @property
    def has_previous(self) -> bool:
        return self.number > 1

    @property
    def has_next(self) -> bool:
        return self.number < self.num_pages

    @property
    def previous_page_number(self) -> int:
        return self.number - 1

    @property
    def next_page_number(self) -> int:
        return self.number + 1


def browser_page(query: BrowserQuery, *, page: int, page_size: int | None = None) -> BrowserPage:
    """Page ``page`` (clamped to the last one) of the results: characters first, then cards,
    each in the query's order. Two counts and at most two slices of queries, whatever the page.
    When the name finds nothing, the names it most likely means (a typo: ``telendr``) are the
    results instead, and ``suggestion`` says so. ``page_size``: default :data:`BROWSER_PAGE_SIZE`."""
    page_size = page_size or BROWSER_PAGE_SIZE
    querysets = browser_querysets(query)
    counts = {kind: qs.count() for kind, qs in querysets.items()}
    suggestion = ""
    if query.name.strip() and not sum(counts.values()):
        found = suggest(name_index(), query.name)
        if found:
            suggestion = found.corrected
            querysets = browser_querysets(query, slugs={slug for slug, _ in found.ids})
            counts = {kind: qs.count() for kind, qs in querysets.items()}
    total = sum(counts.values())
    num_pages = max(1, -(-total // page_size))
    number = min(max(1, page), num_pages)
    start, stop = (number - 1) * page_size, number * page_size
    entries: list[tuple[str, Entry]] = []
    offset = 0
    for kind, qs in querysets.items():
        n = counts[kind]
        lo, hi = max(start - offset, 0), min(stop - offset, n)
        if lo < hi:
            entries.extend((kind, e) for e in qs[lo:hi])
        offset += n
    catalog, names = get_catalog(), get_names()
    rows = []
    for kind, entry in entries:
        spec = entry_spec(entry, catalog)
        rows.append(BrowserRow(entry, kind, spec, rules_lines(spec, names)[query.lang]))
    return BrowserPage(rows=rows, number=number, num_pages=num_pages, counts=counts, suggestion=suggestion)


Choices = list[tuple[str, str]]


def _card_type_choices() -> Choices:
    """Card types that some card has, with their ancestors, as a tree (children indented under
    their parent, each level sorted by name); character types left out."""
    by_id = {t.pk: t for t in CardType.objects.filter(character_type=False)}
    used = set(Card.objects.values_list("type_id", flat=True).distinct())
    shown: set[int] = set()
    for type_id in used:
        node: int | None = type_id
        while node is not None and node in by_id and node not in shown:
            shown.add(node)
            node = by_id[node].parent_id
    children: dict[int | None, list[CardType]] = {}
    for type_id in shown:
        t = by_id[type_id]
        children.setdefault(t.parent_id if t.parent_id in by_id else None, []).append(t)
    choices: Choices = []

    def walk(parent: int | None, depth: int) -> None:
        for t in sorted(children.get(parent, []), key=lambda t: (t.name_en.casefold(), t.slug)):
            choices.append((t.slug, "\u00a0\u00a0" * depth + ("– " if depth else "") + t.name_en))
            walk(t.pk, depth + 1)

    walk(None, 0)
    return choices


def _reference_choices(model: type[Guild] | type[CharacterClass]) -> Choices:
    return list(model.objects.order_by("name_en", "slug").values_list("slug", "name_en"))


def _race_choices() -> Choices:
    """Races, each followed by its sub-races (the Guémélite elements), indented."""
    races = list(Race.objects.order_by("name_en", "slug").values_list("pk", "slug", "name_en", "parent_id"))
    choices: Choices = []
    for pk, slug, name, parent in races:
        if parent is None:
            choices.append((slug, name))
            choices.extend((s, f"\u00a0\u00a0– {n}") for _, s, n, p in races if p == pk)
    listed = {slug for slug, _ in choices}
    choices.extend((s, n) for _, s, n, _ in races if s not in listed)  # deeper than two levels
    return choices


def _levels() -> Choices:
    """Levels some character or card has (1 … the highest)."""
    highest = max(
        Character.objects.aggregate(m=Max("level"))["m"] or 1,
        Card.objects.aggregate(m=Max("level"))["m"] or 1,
    )
    return [(str(n), str(n)) for n in range(1, highest + 1)]


def _used_choices(model: type[Caste] | type[Rarity] | type[CardSet], *lookups: str) -> Choices:
    """The entries of a reference table that some character or card has, by name: a filter on
    a table nothing uses (no rarity in the bundled set) is not offered."""
    used: set[int] = set()
    owners: tuple[type[Character] | type[Card], ...] = (Character, Card)
    for owner, lookup in zip(owners, lookups, strict=False):
        if lookup:
            rows = owner._default_manager.exclude(**{f"{lookup}__isnull": True}).values_list(
                lookup, flat=True
            )
            used.update(rows)
    return list(model.objects.filter(pk__in=used).order_by("name_en", "slug").values_list("slug", "name_en"))


@dataclass(frozen=True)
class BrowserChoices:
    """The choices of the browser's filters, from the card database (empty: nothing has one)."""

    types: Choices
    guilds: Choices
    classes: Choices
    races: Choices
    levels: Choices
    castes: Choices = field(default_factory=list)
    rarities: Choices = field(default_factory=list)
    sets: Choices = field(default_factory=list)


def browser_choices() -> BrowserChoices:
    """The browser's filter choices; built once per catalog version and process."""
    return _per_catalog(
        "browser_choices",
        lambda: BrowserChoices(
            types=_card_type_choices(),
            guilds=_reference_choices(Guild),
            classes=_reference_choices(CharacterClass),
            races=_race_choices(),
            levels=_levels(),
            castes=_used_choices(Caste, "castes", ""),
            rarities=_used_choices(Rarity, "rarity", "rarity"),
            sets=_used_choices(CardSet, "card_set", "card_set"),
        ),
    )


# --- a card's page ------------------------------------------------------------------------------------


def entry_get(*, slug: str) -> Entry | None:
    """The character or card with this slug (slugs are unique across both), with what its page
    shows, or ``None``."""
    character = selectors.character_list().filter(slug=slug).first()
    if character is not None:
        return character
    return selectors.card_list().filter(slug=slug).first()


@dataclass(frozen=True)
class FamilyMember:
    entry: Entry
    spec: Spec
    rules: dict[str, list[str]]
    current: bool


@dataclass(frozen=True)
class EntryDetail:
    entry: Entry
    kind: str
    spec: Spec
    rules: dict[str, list[str]]
    family: EvolutionFamily
    members: list[FamilyMember]
    type_path: list[str]  # a card's type and its ancestors, root first, by name
    chain: str  # the Enchaînement a card grants, in words ("" if none)
    element: str  # a spell's element, by name ("" if none)
    reserved_to: list[str]  # a card's class, character and race requirements, by name


def entry_detail(*, entry: Entry, lang: Lang = "en") -> EntryDetail:
    """Everything a card's page shows: its spec, rules text (both languages) and its whole
    evolution family with their own rules text; names of types and requirements in ``lang``."""
    catalog, names = get_catalog(), get_names()
    spec = entry_spec(entry, catalog)
    family = entry.family
    if isinstance(entry, Character):
        member_rows: Iterable[Entry] = selectors.character_list().filter(family=family).order_by("level")
    else:
        member_rows = selectors.card_list().filter(family=family).order_by("level")
    members = []
    for row in member_rows:
        row_spec = entry_spec(row, catalog)
        members.append(FamilyMember(row, row_spec, rules_lines(row_spec, names), row.pk == entry.pk))
    chain = element = ""
    if isinstance(spec, CardSpec):
        if spec.chain is not None:
            chain = match_text(spec.chain, lang, names)
        if spec.element:
            element = names.type(spec.element, lang)
    return EntryDetail(
        entry=entry,
        kind=CHARACTER if isinstance(entry, Character) else CARD,
        spec=spec,
        rules=rules_lines(spec, names),
        family=family,
        members=members,
        type_path=[names.type(t, lang) for t in spec.type_path] if isinstance(spec, CardSpec) else [],
        chain=chain,
        element=element,
        reserved_to=_reserved_to(entry, lang) if isinstance(entry, Card) else [],
    )


def _reserved_to(card: Card, lang: Lang = "en") -> list[str]:
    """Names of what a card is reserved to (prefetched by ``card_list``: no query)."""
    rows: list[CharacterClass | EvolutionFamily | Race | Caste] = [
        *card.required_classes.all(),
        *card.required_characters.all(),
        *card.required_races.all(),
        *card.required_castes.all(),
    ]
    return [row.name_fr if lang == "fr" else row.name_en for row in rows]


# --- a collection's copies -----------------------------------------------------------------------------


def owned_collections(*, user: Any) -> QuerySet[Collection]:
    """The user's own collections (staff too see only theirs here), default first."""
    return collection_selectors.collection_list(user=user, owner_id=user.pk)


@dataclass(frozen=True)
class XpCardChoice:
    """XP cards the collection holds, one line per card: ``copy_id`` is the copy an "apply" uses."""

    copy_id: int
    name: str
    xp_value: int
    count: int

    @property
    def label(self) -> str:
        """``+ 200 XP ×2``: the name, its value unless the name says it, how many are held."""
        says_value = re.search(rf"(?<!\d){self.xp_value}\s*XP", self.name, re.IGNORECASE)
        name = self.name if says_value else f"{self.name} (+{self.xp_value} XP)"
        return f"{name} ×{self.count}" if self.count > 1 else name


def xp_card_choices(*, collection: Collection) -> list[XpCardChoice]:
    """The "+N XP" cards of a collection, smallest first (one query)."""
    rows = (
        collection_selectors.copy_list(collection=collection, kind=CARD)
        .filter(card__xp_value__gt=0, card__type__slug=XP_CARD_TYPE)
        .values("card__slug", "card__name_en", "card__xp_value")
        .annotate(first=Min("id"), n=Count("id"))
        .order_by("card__xp_value", "card__slug")
    )
    return [XpCardChoice(r["first"], r["card__name_en"], r["card__xp_value"], r["n"]) for r in rows]


@dataclass(frozen=True)
class CopyRow:
    copy: OwnedCopy
    progress: collection_selectors.CopyProgress
    is_xp_card: bool
    gains_xp: bool  # may receive an XP card (playable, not itself an XP card)

    @property
    def percent(self) -> int:
        return round(self.progress.progress.fraction * 100)


def copy_rows(*, copies: Sequence[OwnedCopy]) -> list[CopyRow]:
    """The copies with their progress to the next level and what can be done with them."""
    progress = collection_selectors.copy_progress_map(copies=copies)
    catalog = get_catalog()
    rows = []
    for copy in copies:
        spec = entry_spec(copy.item, catalog)
        is_xp_card = isinstance(spec, CardSpec) and XP_CARD_TYPE in spec.type_path and spec.xp_value > 0
        playable = not isinstance(spec, CardSpec) or spec.playable
        rows.append(CopyRow(copy, progress[copy.pk], is_xp_card, playable and not is_xp_card))
    return rows


def copies_page(*, copies: QuerySet[OwnedCopy], page: int) -> Page[OwnedCopy]:
    """Page ``page`` of the copies (the last page when past the end)."""
    return Paginator(copies, COPIES_PAGE_SIZE).get_page(page)


def owned_count(*, user: Any, entry: Entry) -> int:
    """How many copies of this exact card (this level) the user holds, all collections together."""
    field = CHARACTER if isinstance(entry, Character) else CARD
    return OwnedCopy.objects.filter(collection__owner_id=user.pk, **{field: entry}).count()


def add_choices() -> Choices:
    """Every character and card as (slug, label) for the "add copies" suggestions."""

    def build() -> Choices:
        catalog = get_catalog()
        specs: list[Spec] = [*catalog.characters.values(), *catalog.cards.values()]
        return sorted(
            ((s.slug, f"{s.name_en} (level {s.level})" if s.level > 1 else s.name_en) for s in specs),
            key=lambda pair: (pair[1].casefold(), pair[0]),
        )

    return _per_catalog("add_choices", build)


def entry_resolve(*, value: str) -> Entry | None:
    """What the "add copies" box names: a slug, or an English or French name (case and accents
    ignored; the lowest level of that name)."""
    value = value.strip()
    if not value:
        return None
    by_slug: Entry | None = (
        Character.objects.filter(slug=value).first() or Card.objects.filter(slug=value).first()
    )
    if by_slug is not None:
        return by_slug
    wanted = search_key(value)
    catalog = get_catalog()
    specs: list[Spec] = [*catalog.characters.values(), *catalog.cards.values()]
    found = sorted(
        (s for s in specs if wanted in (search_key(s.name_en), search_key(s.name_fr))),
        key=lambda s: (s.level, s.slug),
    )
    if not found:
        return None
    slug = found[0].slug
    return Character.objects.filter(slug=slug).first() or Card.objects.filter(slug=slug).first()


# --- card faces -----------------------------------------------------------------------------------

Pair = tuple[str, str]


@dataclass(frozen=True)
class FaceExtras:
    """What a face shows that the specs do not carry, by slug (English and French names):
    rarity, set, castes; the number of levels of each family; the guilds' colours."""

    rarity: Mapping[str, Pair]
    card_set: Mapping[str, Pair]
    castes: Mapping[str, tuple[Pair, ...]]
    levels: Mapping[str, int]  # family slug -> levels
    guild_colors: Mapping[str, str]


def _face_extras() -> FaceExtras:
    def build() -> FaceExtras:
        rarity: dict[str, Pair] = {}
        card_set: dict[str, Pair] = {}
        for model in (Character, Card):
            rows = model.objects.values_list(
                "slug", "rarity__name_en", "rarity__name_fr", "card_set__name_en", "card_set__name_fr"
            )
            for slug, r_en, r_fr, s_en, s_fr in rows:
                if r_en:
                    rarity[slug] = (r_en, r_fr or r_en)
                if s_en:
                    card_set[slug] = (s_en, s_fr or s_en)
        castes: dict[str, list[Pair]] = {}
        for slug, en, fr in Character.castes.through.objects.order_by("caste__name_en").values_list(
            "character__slug", "caste__name_en", "caste__name_fr"
        ):
            castes.setdefault(slug, []).append((en, fr))
        levels: dict[str, int] = {}
        catalog = get_catalog()
        specs: list[Spec] = [*catalog.characters.values(), *catalog.cards.values()]
        for spec in specs:
            levels[spec.family] = max(levels.get(spec.family, 0), spec.level)
        colors = dict(Guild.objects.values_list("slug", "color"))
        return FaceExtras(rarity, card_set, {k: tuple(v) for k, v in castes.items()}, levels, colors)

    return _per_catalog("face_extras", build)


def face_facts(spec: Spec, *, lang: Lang, names: Names | None = None) -> FaceFacts:
    """Everything :func:`cards.domain.face.face_svg` needs besides the spec, in ``lang``."""
    extras = _face_extras()
    i = 0 if lang == "en" else 1
    return FaceFacts(
        lang=lang,
        names=names if names is not None else get_names(),
        guild_colors=extras.guild_colors,
        levels=extras.levels.get(spec.family, spec.level),
        rarity=extras.rarity[spec.slug][i] if spec.slug in extras.rarity else "",
        card_set=extras.card_set[spec.slug][i] if spec.slug in extras.card_set else "",
        castes=[pair[i] for pair in extras.castes.get(spec.slug, ())],
    )


@dataclass(frozen=True)
class Face:
    svg: bytes
    etag: str  # a strong ETag, quoted


def face_get(*, slug: str, lang: Lang) -> Face | None:
    """The face of the character or card ``slug`` in ``lang`` (None: no such slug), drawn once
    per catalog version and process; its ETag is a digest of the drawing itself."""
    catalog = get_catalog()
    spec: Spec | None = catalog.characters.get(slug) or catalog.cards.get(slug)
    if spec is None:
        return None
    faces: dict[tuple[str, str], Face] = _per_catalog("faces", dict)
    key = (slug, lang)
    face = faces.get(key)
    if face is None:
        svg = face_svg(spec, face_facts(spec, lang=lang)).encode()
        digest = hashlib.sha256(svg).hexdigest()[:32]
        face = Face(svg=svg, etag=f'"{digest}"')
        with _cache_lock:
            faces[key] = face
    return face


def face_version() -> str:
    """What the pages put in a face's URL (``?v=``): the drawing's version and the catalog's, so
    a URL names one drawing for good and may be cached for a long time."""
    return f"{FACE_VERSION}.{(get_catalog().version or '0')[:8]}"
