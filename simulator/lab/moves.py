"""Decks one move apart: the neighbourhood the optimizer searches (docs/lab.md "Optimizer").

Pure Python over the card catalog and the pure deck validator. A :class:`Composition` is a deck's
characters (in order) and card counts — hashable, so the optimizer can remember the decks it has
been; a :class:`Move` changes one thing:

- ``swap`` — one copy of a card out, one copy of another card in;
- ``swap_line`` — every copy of a card out, as many copies of one card the deck does not hold in
  (a bigger step: a weak line is replaced at once, with a larger effect to measure);
- ``add`` / ``remove`` — one copy more or less (the deck's size changes, within the rules);
- ``character`` — one character replaced by another (only when characters may change).

:func:`neighbourhood` lists every move whose result passes the deck validator with the
:class:`Constraints` (the rules, and when a collection is given the copies it holds: never an
unowned copy — docs/rules/eredan.md §2.9), never touching a kept card or character, in one fixed
order; so the same deck always has the same neighbourhood.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cards.domain.specs import Catalog, DeckSpec, deck_from_counts
from decks.rules import DEFAULT_RULES, DeckRules
from decks.validator import ValidationResult, validate_deck

SWAP, SWAP_LINE, ADD, REMOVE, CHARACTER = "swap", "swap_line", "add", "remove", "character"
MOVE_KINDS = (SWAP, SWAP_LINE, ADD, REMOVE, CHARACTER)

#: The root of the character types: character cards never go in a deck (docs/rules/eredan.md §2.1).
_CHARACTER_ROOT = "personnage"


@dataclass(frozen=True, order=True)
class Composition:
    """A deck by slugs: its characters in order and its cards with their counts (sorted)."""

    characters: tuple[str, ...]
    cards: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, characters: Sequence[str], cards: Mapping[str, int]) -> Composition:
        return cls(tuple(characters), tuple(sorted((s, n) for s, n in cards.items() if n > 0)))

    @property
    def counts(self) -> dict[str, int]:
        return dict(self.cards)

    @property
    def size(self) -> int:
        return sum(n for _, n in self.cards)

    def count(self, slug: str) -> int:
        return self.counts.get(slug, 0)

    def to_json(self) -> dict[str, Any]:
        return {"characters": list(self.characters), "cards": dict(self.cards)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Composition:
        return cls.of(data["characters"], data["cards"])

    def spec(self, catalog: Catalog, name: str = "") -> DeckSpec:
        """The deck spec the engine plays (every slug must be in ``catalog``)."""
        return deck_from_counts(
            name, [catalog.characters[s] for s in self.characters], self.counts, catalog.cards
        )


@dataclass(frozen=True, order=True)
class Move:
    """One change of a deck: ``out`` copies leave, ``into`` copies enter (card or character slugs
    with counts); ``position``: the character replaced (``character`` moves)."""

    kind: str
    out: tuple[tuple[str, int], ...] = ()
    into: tuple[tuple[str, int], ...] = ()
    position: int | None = None

    def apply(self, deck: Composition) -> Composition:
        if self.kind == CHARACTER:
            assert self.position is not None and self.into
            characters = list(deck.characters)
            characters[self.position] = self.into[0][0]
            return Composition(tuple(characters), deck.cards)
        counts = deck.counts
        for slug, n in self.out:
            counts[slug] = counts.get(slug, 0) - n
        for slug, n in self.into:
            counts[slug] = counts.get(slug, 0) + n
        return Composition.of(deck.characters, counts)

    def to_json(self) -> dict[str, Any]:
        """``{"kind", "out": {slug: n}, "in": {slug: n}}`` — the lab's swap shape — and
        ``position`` for a character move."""
        data: dict[str, Any] = {"kind": self.kind, "out": dict(self.out), "in": dict(self.into)}
        if self.position is not None:
            data["position"] = self.position
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Move:
        return cls(
            kind=str(data["kind"]),
            out=tuple(sorted(data.get("out", {}).items())),
            into=tuple(sorted(data.get("in", {}).items())),
            position=data.get("position"),
        )

    def describe(self, labels: Mapping[str, str] | None = None) -> str:
        """``−1 Éclairs, +1 Katana`` (``labels``: slug → name)."""
        names = labels or {}
        parts = [f"\u2212{n} {names.get(s, s)}" for s, n in self.out]
        parts += [f"+{n} {names.get(s, s)}" for s, n in self.into]
        return ", ".join(parts)


@dataclass(frozen=True)
class Constraints:
    """What every candidate deck must satisfy: the deck rules, optionally a collection's copies
    (``owned``: card or character slug → copies held), the kept cards and characters (``keep``:
    never taken out; a kept card's count never goes down), and whether characters may change."""

    catalog: Catalog
    rules: DeckRules = DEFAULT_RULES
    owned: Mapping[str, int] | None = None
    keep: frozenset[str] = frozenset()
    characters_may_change: bool = False
    #: Cards a move may bring in (default: every card that may go in a deck).
    pool: tuple[str, ...] | None = None

    def validate(self, deck: Composition) -> ValidationResult:
        return validate_deck(
            characters=deck.characters,
            cards=deck.counts,
            catalog=self.catalog,
            owned=self.owned,
            rules=self.rules,
        )

    def legal(self, deck: Composition) -> bool:
        return self.validate(deck).valid

    def card_pool(self) -> tuple[str, ...]:
        if self.pool is not None:
            return self.pool
        return deckable_cards(self.catalog)

    def character_pool(self) -> tuple[str, ...]:
        return tuple(sorted(self.catalog.characters))


def deckable_cards(catalog: Catalog) -> tuple[str, ...]:
    """Every card that may go in some deck (playable, not a character card), by slug."""
    return tuple(
        sorted(
            slug
            for slug, card in catalog.cards.items()
            if card.playable and card.type_path and card.type_path[0] != _CHARACTER_ROOT
        )
    )


@dataclass
class _Builder:
    deck: Composition
    constraints: Constraints
    seen: set[Composition] = field(default_factory=set)
    moves: list[Move] = field(default_factory=list)

    def offer(self, move: Move) -> None:
        result = move.apply(self.deck)
        if result == self.deck or result in self.seen:
            return  # a no-op, or a deck another move already reaches (one move per result)
        if self.constraints.legal(result):
            self.seen.add(result)
            self.moves.append(move)


def neighbourhood(
    deck: Composition, constraints: Constraints, *, kinds: Iterable[str] = MOVE_KINDS
) -> list[Move]:
    """Every legal single move from ``deck``, in a fixed order (by kind, then by slugs), each
    reaching a different deck; none takes out a kept card or character."""
    wanted = set(kinds)
    counts = deck.counts
    keep = constraints.keep
    builder = _Builder(deck, constraints)
    pool = constraints.card_pool()
    removable = [s for s, _ in deck.cards if s not in keep]
    if SWAP_LINE in wanted:
        for out in removable:
            n = counts[out]
            if n < 2:
                continue  # a one-copy line is a plain swap
            for into in pool:
                if into != out and into not in counts:
                    builder.offer(Move(SWAP_LINE, ((out, n),), ((into, n),)))
    if SWAP in wanted:
        for out in removable:
            for into in pool:
                if into != out:
                    builder.offer(Move(SWAP, ((out, 1),), ((into, 1),)))
    if ADD in wanted:
        for into in pool:
            builder.offer(Move(ADD, (), ((into, 1),)))
    if REMOVE in wanted:
        for out in removable:
            builder.offer(Move(REMOVE, ((out, 1),), ()))
    if CHARACTER in wanted and constraints.characters_may_change:
        present = set(deck.characters)
        for position, out in enumerate(deck.characters):
            if out in keep:
                continue
            for into in constraints.character_pool():
                if into not in present:
                    builder.offer(Move(CHARACTER, ((out, 1),), ((into, 1),), position))
    return builder.moves


def kept_problems(deck: Composition, keep: Iterable[str]) -> list[str]:
    """The slugs of ``keep`` that are neither a card nor a character of ``deck`` (a keep-list
    names what the deck holds)."""
    present = set(deck.characters) | {s for s, _ in deck.cards}
    return sorted(s for s in set(keep) if s not in present)
