"""What the deck pages show, computed from a deck and its validation result.

Pure Python over the catalog, the display names and the validator's result: the rows of the
card table (with the copies per evolution family and the violations that concern each card),
the character choices, the validation panel and the card picker's search. The templates only
lay these out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from cards.domain.specs import CardSpec, Catalog, CharacterSpec
from cards.domain.text import Names, card_text
from decks.rules import DEFAULT_RULES, DeckRules
from decks.stats import DeckStats, deck_groups, deck_stats
from decks.text_format import normalize_name
from decks.validator import ValidationResult, card_label

#: The character type root: character cards never go in a deck (docs/rules/eredan.md §2.1).
_CHARACTER_ROOT = "personnage"
#: Most cards the picker lists at once (refine the search for the others).
PICKER_LIMIT = 60
#: Guild filter value for cards of no guild.
NO_GUILD = "none"


def deckable(card: CardSpec) -> bool:
    """Whether a card may go in a deck at all (the validator's ``unknown_card`` otherwise)."""
    return card.playable and card.type_path[0] != _CHARACTER_ROOT


# --- labels -----------------------------------------------------------------------------------

_character_families: tuple[Catalog, frozenset[str]] | None = None


def _multi_level_characters(catalog: Catalog) -> frozenset[str]:
    global _character_families
    cached = _character_families
    if cached is not None and cached[0] is catalog:
        return cached[1]
    seen: set[str] = set()
    multi: set[str] = set()
    for character in catalog.characters.values():
        (multi if character.family in seen else seen).add(character.family)
    result = frozenset(multi)
    _character_families = (catalog, result)
    return result


def character_label(character: CharacterSpec, catalog: Catalog) -> str:
    """A character's French name, with its level when its family has several."""
    if character.family in _multi_level_characters(catalog):
        return f"{character.name_fr} (niveau {character.level})"
    return character.name_fr


def slug_label(slug: str, catalog: Catalog) -> str:
    """The label of a card or character slug (the slug itself when unknown)."""
    card = catalog.cards.get(slug)
    if card is not None:
        return card_label(card, catalog)
    character = catalog.characters.get(slug)
    return character_label(character, catalog) if character is not None else slug


def _card_facts(card: CardSpec, names: Names) -> list[str]:
    facts = [names.type(card.type, "en")]
    if card.guild:
        facts.append(names.guild(card.guild, "en"))
    req = card.requirements
    if not req.empty:
        who = [names.cls(s, "en") for s in sorted(req.classes)]
        who += [names.family(s, "en") for s in sorted(req.characters)]
        who += [names.race(s, "en") for s in sorted(req.races)]
        facts.append("for " + " / ".join(who))
    return facts


# --- the validation panel --------------------------------------------------------------------


@dataclass(frozen=True)
class ViolationView:
    code: str
    message: str
    cards: list[str]  # labels
    characters: list[str]  # labels


@dataclass(frozen=True)
class ResultView:
    valid: bool
    affiliation: str  # display name, or "" when the characters give none
    size: int
    min_cards: int
    max_cards: int
    violations: list[ViolationView]
    #: slug → the codes of the violations naming it (cards and characters)
    flagged: dict[str, list[str]]


def result_view(
    result: ValidationResult,
    *,
    size: int,
    catalog: Catalog,
    names: Names,
    rules: DeckRules = DEFAULT_RULES,
) -> ResultView:
    flagged: dict[str, list[str]] = {}
    violations = []
    for v in result.violations:
        for slug in (*v.cards, *v.characters):
            codes = flagged.setdefault(slug, [])
            if v.code not in codes:
                codes.append(v.code)
        violations.append(
            ViolationView(
                code=v.code,
                message=v.message,
                cards=[slug_label(s, catalog) for s in v.cards],
                characters=[slug_label(s, catalog) for s in v.characters],
            )
        )
    return ResultView(
        valid=result.valid,
        affiliation=names.guild(result.affiliation, "en") if result.affiliation else "",
        size=size,
        min_cards=rules.min_cards,
        max_cards=rules.max_cards,
        violations=violations,
        flagged=flagged,
    )


# --- the deck's cards -------------------------------------------------------------------------


@dataclass(frozen=True)
class CardRow:
    slug: str
    label: str
    typed: str  # the count as typed
    errors: list[str]
    facts: list[str]
    unique: bool
    family_label: str
    family_total: int  # copies of the card's evolution family in the deck
    family_limit: int
    family_levels: int  # how many levels of the family the deck holds
    codes: list[str]  # violations naming this card

    @property
    def over(self) -> bool:
        return self.family_total > self.family_limit


def card_rows(
    *,
    typed: Mapping[str, str],
    counts: Mapping[str, int],
    errors: Mapping[str, list[str]],
    flagged: Mapping[str, list[str]],
    catalog: Catalog,
    names: Names,
    rules: DeckRules = DEFAULT_RULES,
) -> list[CardRow]:
    """One row per card of the deck, sorted by family then level; each shows its family's total
    copies against the limit (docs/rules/eredan.md §2.5 evolutions share the copy limit, §2.6 a unique
    card: 1 copy)."""
    family_total: dict[str, int] = {}
    family_levels: dict[str, int] = {}
    family_unique: dict[str, bool] = {}
    for slug, count in counts.items():
        card = catalog.cards.get(slug)
        if card is None:
            continue
        family_total[card.family] = family_total.get(card.family, 0) + count
        family_levels[card.family] = family_levels.get(card.family, 0) + 1
        family_unique[card.family] = family_unique.get(card.family, False) or card.unique
    rows = []
    for slug, raw in typed.items():
        card = catalog.cards.get(slug)
        if card is None:
            continue
        limit = rules.unique_limit if family_unique.get(card.family) else rules.copy_limit
        if not rules.evolutions_share_copy_limit:
            total = counts.get(slug, 0)
        else:
            total = family_total.get(card.family, 0)
        rows.append(
            CardRow(
                slug=slug,
                label=card_label(card, catalog),
                typed=raw,
                errors=list(errors.get("card-" + slug, [])),
                facts=_card_facts(card, names),
                unique=card.unique,
                family_label=names.family(card.family, "fr") if card.family else card.name_fr,
                family_total=total,
                family_limit=limit,
                family_levels=family_levels.get(card.family, 0),
                codes=list(flagged.get(slug, [])),
            )
        )
    rows.sort(key=lambda r: (normalize_name(r.family_label), normalize_name(r.label)))
    return rows


# --- the characters ---------------------------------------------------------------------------


@dataclass(frozen=True)
class CharacterOption:
    slug: str
    label: str


@dataclass(frozen=True)
class CharacterGroup:
    guild: str
    options: list[CharacterOption]


@dataclass(frozen=True)
class CharacterSlot:
    number: int  # 1-based
    selected: str
    errors: list[str]
    codes: list[str]
    facts: str  # guild · classes · race of the selected character
    label: str = ""  # the selected character's label


_groups_cache: tuple[Catalog, int, list[CharacterGroup]] | None = None


def character_groups(catalog: Catalog, names: Names) -> list[CharacterGroup]:
    """Every character, grouped by guild (for the character selects), cached per catalog."""
    global _groups_cache
    cached = _groups_cache
    if cached is not None and cached[0] is catalog and cached[1] == id(names):
        return cached[2]
    by_guild: dict[str, list[CharacterSpec]] = {}
    for character in catalog.characters.values():
        by_guild.setdefault(character.guild, []).append(character)
    groups = [
        CharacterGroup(
            guild=names.guild(guild, "en"),
            options=sorted(
                (CharacterOption(c.slug, character_label(c, catalog)) for c in members),
                key=lambda o: (normalize_name(o.label), o.slug),
            ),
        )
        for guild, members in by_guild.items()
    ]
    groups.sort(key=lambda g: normalize_name(g.guild))
    _groups_cache = (catalog, id(names), groups)
    return groups


def character_facts(character: CharacterSpec, names: Names) -> str:
    classes = " / ".join(names.cls(c, "en") for c in character.classes)
    return f"{names.guild(character.guild, 'en')} · {classes} · {names.race(character.race, 'en')}"


def character_slots(
    *,
    slots: Sequence[str],
    errors: Mapping[str, list[str]],
    flagged: Mapping[str, list[str]],
    catalog: Catalog,
    names: Names,
) -> list[CharacterSlot]:
    out = []
    for i, slug in enumerate(slots, start=1):
        character = catalog.characters.get(slug) if slug else None
        out.append(
            CharacterSlot(
                number=i,
                selected=slug,
                errors=list(errors.get(f"character-{i}", [])),
                codes=list(flagged.get(slug, [])) if slug else [],
                facts=character_facts(character, names) if character is not None else "",
                label=character_label(character, catalog) if character is not None else "",
            )
        )
    return out


# --- the card picker --------------------------------------------------------------------------


@dataclass(frozen=True)
class PickerCard:
    slug: str
    label: str
    facts: list[str]
    unique: bool
    rules_text: str


@dataclass(frozen=True)
class PickerChoice:
    value: str
    label: str


@dataclass
class PickerResult:
    cards: list[PickerCard]
    total: int
    guilds: list[PickerChoice] = field(default_factory=list)
    kinds: list[PickerChoice] = field(default_factory=list)

    @property
    def more(self) -> int:
        return self.total - len(self.cards)


_search_cache: tuple[Catalog, list[tuple[CardSpec, str, str]]] | None = None


def _searchable(catalog: Catalog) -> list[tuple[CardSpec, str, str]]:
    """(card, its label, its search key) for every deckable card, sorted by label."""
    global _search_cache
    cached = _search_cache
    if cached is not None and cached[0] is catalog:
        return cached[1]
    entries = []
    for card in catalog.cards.values():
        if not deckable(card):
            continue
        label = card_label(card, catalog)
        key = " | ".join(normalize_name(t) for t in (label, card.name_en, card.slug))
        entries.append((card, label, key))
    entries.sort(key=lambda e: (normalize_name(e[1]), e[0].slug))
    _search_cache = (catalog, entries)
    return entries


def picker_search(
    *,
    catalog: Catalog,
    names: Names,
    query: str = "",
    guild: str = "",
    kind: str = "",
    limit: int = PICKER_LIMIT,
) -> PickerResult:
    """Deckable cards whose French name, English name or slug contains every word of ``query``
    (accents and case forgiven), of ``guild`` (``none``: no guild) and of the type root ``kind``."""
    entries = _searchable(catalog)
    words = normalize_name(query[:200]).split()
    found: list[tuple[CardSpec, str]] = []
    for card, label, key in entries:
        if guild and (card.guild or NO_GUILD) != guild:
            continue
        if kind and card.type_path[0] != kind:
            continue
        if words and not all(w in key for w in words):
            continue
        found.append((card, label))
    cards = [
        PickerCard(
            slug=card.slug,
            label=label,
            facts=_card_facts(card, names),
            unique=card.unique,
            rules_text=card_text(card, "en", names),
        )
        for card, label in found[:limit]
    ]
    return PickerResult(cards=cards, total=len(found))


def picker_choices(catalog: Catalog, names: Names) -> tuple[list[PickerChoice], list[PickerChoice]]:
    """The guild and type filters: the values deckable cards have."""
    guilds: set[str] = set()
    kinds: set[str] = set()
    for card, _, _ in _searchable(catalog):
        guilds.add(card.guild or NO_GUILD)
        kinds.add(card.type_path[0])
    guild_choices = sorted(
        (PickerChoice(g, "No guild" if g == NO_GUILD else names.guild(g, "en")) for g in guilds),
        key=lambda c: (c.value != NO_GUILD, normalize_name(c.label)),
    )
    kind_choices = sorted(
        (PickerChoice(k, names.type(k, "en")) for k in kinds), key=lambda c: normalize_name(c.label)
    )
    return guild_choices, kind_choices


def missing_rows(missing: Mapping[str, int], catalog: Catalog) -> list[tuple[str, int]]:
    """(label, copies missing) for a "can I build this" answer, characters first, by label."""

    def order(item: tuple[str, int]) -> tuple[int, str]:
        return (0 if item[0] in catalog.characters else 1, normalize_name(slug_label(item[0], catalog)))

    return [(slug_label(slug, catalog), n) for slug, n in sorted(missing.items(), key=order)]


def labels(slugs: Iterable[str], catalog: Catalog) -> list[str]:
    return [slug_label(s, catalog) for s in slugs]


# --- the deck by kind, its statistics ---------------------------------------------------------


@dataclass(frozen=True)
class RowGroup:
    """The rows of the deck's cards of one kind (items: of one slot), with their copies."""

    key: str
    label: str
    count: int
    rows: list[CardRow]


def grouped_rows(rows: Sequence[CardRow], counts: Mapping[str, int], catalog: Catalog) -> list[RowGroup]:
    """The card rows grouped by kind — actions, spells, items by slot, theurgies — in the rows'
    order inside each group (docs/pages.md "Deck statistics")."""
    by_slug = {r.slug: r for r in rows}
    # a card whose count is being corrected has no count yet: it still shows, in its group
    order = [r.slug for r in rows]
    shown = {slug: max(1, counts.get(slug, 0)) for slug in order}
    groups = []
    for group in deck_groups(shown, catalog, order=order):
        members = [by_slug[e.slug] for e in group.entries]
        copies = sum(counts.get(r.slug, 0) for r in members)
        groups.append(RowGroup(key=group.key, label=group.label, count=copies, rows=members))
    return groups


def stats_view(counts: Mapping[str, int], catalog: Catalog, names: Names) -> DeckStats:
    """The deck's statistics and draw odds, cards named as in the deck's table."""
    labels = {slug: card_label(catalog.cards[slug], catalog) for slug in counts if slug in catalog.cards}
    return deck_stats(counts, catalog, names, label=labels)
