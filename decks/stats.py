"""What a deck holds and what it draws: the deck grouped by kind, its statistics, and the
chance to hold a card of a group by a given turn.

Pure Python over a :class:`~cards.domain.specs.Catalog` (no database): the builder and a deck's
pages lay these out (docs/pages.md "Deck statistics").

**Draw odds.** By the rules (docs/rules/eredan.md §3) a player draws :data:`HAND_SIZE` cards at the
start, then each turn after the first draws back up to :data:`HAND_SIZE`; each turn the player plays
a card. **[decision]** The odds assume :data:`CARDS_PLAYED_PER_TURN` card played per turn (no
chain, no discard), so by turn *N* the player has seen ``HAND_SIZE + (N - 1)`` cards of the deck
(:func:`cards_seen`) — a floor: a chain or a discard shows more cards. The chance to have drawn at
least one of *K* copies among *n* cards of a deck of *D* is the hypergeometric
``1 - C(D - K, n) / C(D, n)`` (:func:`p_at_least_one`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from math import comb

from cards.domain.specs import ACTION, ITEM, SPELL, THEURGY, CardSpec, Catalog
from cards.domain.text import Lang, Names

#: docs/rules/eredan.md §3 Start and step 0: five cards in hand, drawn back up each turn after the first.
HAND_SIZE = 5
#: **[decision]** Cards a player plays each turn in the draw odds (§3 step 2: one; a chain adds one).
CARDS_PLAYED_PER_TURN = 1
#: The turns of the draw-odds table.
ODDS_TURNS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 8, 10)

#: The kinds of deck cards, in the order the deck lists them; items split by slot (below).
KIND_ORDER: tuple[str, ...] = (ACTION, SPELL, ITEM, THEURGY)
KIND_LABELS: Mapping[str, tuple[str, str]] = {
    ACTION: ("Actions", "Actions"),
    SPELL: ("Spells", "Sortilèges"),
    ITEM: ("Items", "Objets"),
    THEURGY: ("Theurgies", "Théurgies"),
    "other": ("Other cards", "Autres cartes"),
}
#: Item slots (docs/rules/eredan.md §3 Items: one weapon, one armor, other items unlimited).
SLOT_ORDER: tuple[str, ...] = ("weapon", "armor", "consumable", "other_item")
SLOT_LABELS: Mapping[str, tuple[str, str]] = {
    "weapon": ("Weapons", "Armes"),
    "armor": ("Armors and shields", "Armures et boucliers"),
    "consumable": ("Potions and scrolls", "Potions et parchemins"),
    "other_item": ("Other items", "Autres objets"),
}


def _pick(pair: tuple[str, str], lang: Lang) -> str:
    return pair[0] if lang == "en" else pair[1]


# --- the odds ---------------------------------------------------------------------------------


def p_at_least_one(deck_size: int, copies: int, drawn: int) -> float:
    """The chance that ``drawn`` cards taken from a deck of ``deck_size`` holding ``copies`` of a
    group include at least one of them (hypergeometric). ``drawn`` beyond the deck: all of it."""
    if deck_size <= 0 or copies <= 0 or drawn <= 0:
        return 0.0
    copies = min(copies, deck_size)
    drawn = min(drawn, deck_size)
    return 1.0 - comb(deck_size - copies, drawn) / comb(deck_size, drawn)


def cards_seen(turn: int, *, hand: int = HAND_SIZE, per_turn: int = CARDS_PLAYED_PER_TURN) -> int:
    """Cards of the deck a player has seen by ``turn`` (1-based): the opening hand, then what was
    drawn back each later turn to refill the cards played."""
    return hand + max(0, turn - 1) * per_turn


# --- the deck grouped -------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    slug: str
    count: int


@dataclass
class KindGroup:
    """Cards of one kind (items: of one slot), with their copies."""

    key: str
    label: str
    entries: list[Entry] = field(default_factory=list)

    @property
    def count(self) -> int:
        return sum(e.count for e in self.entries)


def item_slot(card: CardSpec) -> str:
    if card.is_weapon:
        return "weapon"
    if card.is_armor:
        return "armor"
    if card.is_consumable:
        return "consumable"
    return "other_item"


def group_key(card: CardSpec) -> str:
    """``action``, ``spell``, ``theurgy``, ``other`` or ``item:<slot>``."""
    if card.kind == ITEM:
        return f"{ITEM}:{item_slot(card)}"
    return card.kind if card.kind in KIND_ORDER else "other"


def _group_label(key: str, lang: Lang) -> str:
    if key.startswith(f"{ITEM}:"):
        return _pick(SLOT_LABELS[key.partition(":")[2]], lang)
    return _pick(KIND_LABELS[key], lang)


def _group_order() -> list[str]:
    keys: list[str] = []
    for kind in KIND_ORDER:
        if kind == ITEM:
            keys += [f"{ITEM}:{slot}" for slot in SLOT_ORDER]
        else:
            keys.append(kind)
    return [*keys, "other"]


def deck_groups(
    cards: Mapping[str, int], catalog: Catalog, *, order: Sequence[str] | None = None, lang: Lang = "en"
) -> list[KindGroup]:
    """The deck's cards by kind — actions, spells, items by slot, theurgies — each group in the
    order of ``order`` (slugs; default: the mapping's), empty groups left out."""
    groups = {key: KindGroup(key, _group_label(key, lang)) for key in _group_order()}
    for slug in order if order is not None else list(cards):
        card = catalog.cards.get(slug)
        count = cards.get(slug, 0)
        if card is None or count <= 0:
            continue
        groups[group_key(card)].entries.append(Entry(slug, count))
    return [g for g in groups.values() if g.entries]


# --- the statistics ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Tally:
    """A line of a statistics table: what, how many copies, and their share of the deck."""

    key: str
    label: str
    count: int
    share: float  # of the deck's cards, 0..1


@dataclass(frozen=True)
class OddsRow:
    """The chance to hold at least one card of a group by each turn of :data:`ODDS_TURNS`."""

    key: str
    label: str
    copies: int
    odds: list[float]


@dataclass(frozen=True)
class DeckStats:
    size: int
    by_kind: list[Tally]
    by_element: list[Tally]
    by_requirement: list[Tally]
    by_level: list[Tally]
    chain: list[Tally]  # the cards that grant a chain (Enchaînement), one line each
    chain_count: int
    unique_count: int
    turns: list[int]
    seen: list[int]  # cards seen by each turn
    odds: list[OddsRow]

    @property
    def columns(self) -> list[tuple[int, int]]:
        """(turn, cards seen by then) for each column of the draw-odds table."""
        return list(zip(self.turns, self.seen, strict=True))

    @property
    def tables(self) -> list[tuple[str, list[Tally]]]:
        """The count tables with a title each, those with something to show."""
        titled = [
            ("By kind", self.by_kind),
            ("Spells by element", self.by_element),
            ("Who may play them", self.by_requirement),
            ("By level", self.by_level),
            ("Chain cards", self.chain),
        ]
        return [(title, rows) for title, rows in titled if rows]


def _tallies(counts: Mapping[str, int], labels: Mapping[str, str], size: int) -> list[Tally]:
    rows = [Tally(k, labels[k], n, n / size if size else 0.0) for k, n in counts.items() if n > 0]
    rows.sort(key=lambda t: (-t.count, t.label))
    return rows


def _requirement_labels(card: CardSpec, names: Names, lang: Lang) -> list[tuple[str, str]]:
    req = card.requirements
    if req.empty:
        return [("anyone", "Anyone" if lang == "en" else "Tous")]
    found = [(f"class:{s}", names.cls(s, lang)) for s in sorted(req.classes)]
    found += [(f"character:{s}", names.family(s, lang)) for s in sorted(req.characters)]
    found += [(f"race:{s}", names.race(s, lang)) for s in sorted(req.races)]
    found += [(f"caste:{s}", names.caste(s, lang)) for s in sorted(req.castes)]
    return found


def deck_stats(
    cards: Mapping[str, int],
    catalog: Catalog,
    names: Names,
    *,
    lang: Lang = "en",
    label: Mapping[str, str] | None = None,
    turns: Sequence[int] = ODDS_TURNS,
) -> DeckStats:
    """The deck's cards counted by kind (items by slot), spell element, who may play them, level;
    its chain cards; and the draw odds of each kind, of the chain cards and of each card
    (``label``: slug → the card's name as shown; default the name in ``lang``)."""
    known = {s: n for s, n in cards.items() if n > 0 and s in catalog.cards}
    size = sum(known.values())

    def name(slug: str) -> str:
        if label is not None and slug in label:
            return label[slug]
        card = catalog.cards[slug]
        return card.name_en if lang == "en" else card.name_fr

    kind_counts: dict[str, int] = {}
    kind_labels: dict[str, str] = {}
    element_counts: dict[str, int] = {}
    element_labels: dict[str, str] = {}
    req_counts: dict[str, int] = {}
    req_labels: dict[str, str] = {}
    level_counts: dict[str, int] = {}
    level_labels: dict[str, str] = {}
    chain_counts: dict[str, int] = {}
    chain_labels: dict[str, str] = {}
    unique = 0
    for slug, n in known.items():
        card = catalog.cards[slug]
        key = group_key(card)
        kind_counts[key] = kind_counts.get(key, 0) + n
        kind_labels[key] = _group_label(key, lang)
        if card.element:
            element_counts[card.element] = element_counts.get(card.element, 0) + n
            element_labels[card.element] = names.type(card.element, lang)
        for rkey, rlabel in _requirement_labels(card, names, lang):
            req_counts[rkey] = req_counts.get(rkey, 0) + n
            req_labels[rkey] = rlabel
        lkey = str(card.level)
        level_counts[lkey] = level_counts.get(lkey, 0) + n
        level_labels[lkey] = f"Level {card.level}" if lang == "en" else f"Niveau {card.level}"
        if card.chain is not None:
            chain_counts[slug] = n
            chain_labels[slug] = name(slug)
        if card.unique:
            unique += n
    by_level = _tallies(level_counts, level_labels, size)
    by_level.sort(key=lambda t: int(t.key))
    order = _group_order()
    by_kind = _tallies(kind_counts, kind_labels, size)
    by_kind.sort(key=lambda t: order.index(t.key))
    chain_total = sum(chain_counts.values())

    turn_list = list(turns)
    seen = [cards_seen(t) for t in turn_list]

    def odds(copies: int) -> list[float]:
        return [p_at_least_one(size, copies, n) for n in seen]

    rows = [OddsRow(t.key, t.label, t.count, odds(t.count)) for t in by_kind]
    if chain_total:
        chain_name = "Any chain card" if lang == "en" else "Une carte à enchaînement"
        rows.append(OddsRow("chain", chain_name, chain_total, odds(chain_total)))
    per_card = sorted(known.items(), key=lambda item: (-item[1], name(item[0])))
    rows += [OddsRow(f"card:{slug}", name(slug), n, odds(n)) for slug, n in per_card]
    return DeckStats(
        size=size,
        by_kind=by_kind,
        by_element=_tallies(element_counts, element_labels, size),
        by_requirement=_tallies(req_counts, req_labels, size),
        by_level=by_level,
        chain=_tallies(chain_counts, chain_labels, size),
        chain_count=chain_total,
        unique_count=unique,
        turns=turn_list,
        seen=seen,
        odds=rows,
    )
