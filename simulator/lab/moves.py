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
order; so the same deck always has the same neighbourhood. :func:`draw_moves` draws from the
same moves (:func:`move_groups`) as the optimizer needs them — by kind, then by what leaves the
deck, then uniformly — validating only the moves it draws, so that a step costs about the same
with the 150 bundled cards or a 6,000-card imported pool.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cards.domain.specs import Catalog, DeckSpec, deck_from_counts
from decks.rules import DEFAULT_RULES, DeckRules
from decks.validator import ValidationResult, card_label, validate_deck

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


@dataclass(frozen=True)
class MoveGroup:
    """The raw moves of one kind that take out the same thing — ``out``: a card, a character (at
    its position), or nothing (``add``) — before any check: ``size`` of them, the *i*-th built on
    demand by :meth:`at` (so a 6,000-card pool costs nothing until a move is drawn)."""

    kind: str
    out: str
    size: int
    at: Callable[[int], Move]


def _line_groups(
    kind: str, outs: Sequence[str], intos: Sequence[str], counts: Mapping[str, int]
) -> list[MoveGroup]:
    """For each card ``out``: ``counts[out]`` copies of it for as many of each card of ``intos``."""

    def group(out: str) -> MoveGroup:
        k = counts[out]
        return MoveGroup(kind, out, len(intos), lambda i: Move(kind, ((out, k),), ((intos[i], k),)))

    return [group(out) for out in outs]


def move_groups(
    deck: Composition, constraints: Constraints, *, kinds: Iterable[str] = MOVE_KINDS
) -> list[MoveGroup]:
    """The raw moves from ``deck`` by kind, then by what they take out, in a fixed order (by
    kind, then by slugs).

    Cheap necessary conditions are applied here (they never drop a legal move): a kept card or
    character never leaves; with a collection only a card or character it holds may come in;
    ``add`` only below the rules' largest deck and ``remove`` only above the smallest
    (docs/rules/eredan.md §2.1). Everything else is the validator's (:func:`neighbourhood`,
    :func:`draw_moves`)."""
    wanted = set(kinds)
    counts = deck.counts
    keep = constraints.keep
    owned = constraints.owned
    pool = [s for s in constraints.card_pool() if owned is None or owned.get(s, 0) > 0]
    removable = [s for s, _ in deck.cards if s not in keep]
    groups: list[MoveGroup] = []
    if SWAP_LINE in wanted:
        # a one-copy line is a plain swap; the card brought in is one the deck does not hold
        outs = [s for s in removable if counts[s] >= 2]
        groups += _line_groups(SWAP_LINE, outs, [s for s in pool if s not in counts], counts)
    if SWAP in wanted:
        groups += _line_groups(SWAP, removable, pool, dict.fromkeys(removable, 1))
    if ADD in wanted and deck.size < constraints.rules.max_cards:
        groups.append(MoveGroup(ADD, "", len(pool), lambda i: Move(ADD, (), ((pool[i], 1),))))
    if REMOVE in wanted and deck.size > constraints.rules.min_cards:

        def remove(out: str) -> MoveGroup:
            return MoveGroup(REMOVE, out, 1, lambda _: Move(REMOVE, ((out, 1),), ()))

        groups += [remove(s) for s in removable]
    if CHARACTER in wanted and constraints.characters_may_change:
        present = set(deck.characters)
        incoming = [
            s
            for s in constraints.character_pool()
            if s not in present and (owned is None or owned.get(s, 0) > 0)
        ]

        def character(position: int, out: str) -> MoveGroup:
            return MoveGroup(
                CHARACTER,
                out,
                len(incoming),
                lambda i: Move(CHARACTER, ((out, 1),), ((incoming[i], 1),), position),
            )

        groups += [character(p, s) for p, s in enumerate(deck.characters) if s not in keep]
    return groups


def neighbourhood(
    deck: Composition, constraints: Constraints, *, kinds: Iterable[str] = MOVE_KINDS
) -> list[Move]:
    """Every legal single move from ``deck``, in a fixed order (by kind, then by slugs), each
    reaching a different deck; none takes out a kept card or character. It validates every raw
    move: for a search over a large card pool, :func:`draw_moves` validates only what it draws."""
    seen: set[Composition] = {deck}
    moves: list[Move] = []
    for group in move_groups(deck, constraints, kinds=kinds):
        for i in range(group.size):
            move = group.at(i)
            result = move.apply(deck)
            if result not in seen and constraints.legal(result):
                seen.add(result)  # one move per result
                moves.append(move)
    return moves


class SparseShuffle:
    """Draws ``range(size)`` without replacement, each remaining index equally likely (a
    Fisher–Yates shuffle done lazily: memory grows with the draws, not with ``size``)."""

    def __init__(self, size: int) -> None:
        self.left = size
        self._moved: dict[int, int] = {}

    def draw(self, rng: random.Random) -> int:
        j = rng.randrange(self.left)
        value = self._moved.get(j, j)
        self.left -= 1
        self._moved[j] = self._moved.get(self.left, self.left)
        return value


def draw_moves(
    deck: Composition,
    constraints: Constraints,
    *,
    count: int,
    rng: random.Random,
    weights: Mapping[str, float],
    out_weights: Mapping[str, float] | None = None,
    accept: Callable[[Composition], bool] = lambda _: True,
) -> list[Move]:
    """Up to ``count`` legal moves from ``deck`` to different decks, each result also passing
    ``accept`` (not visited yet, playable by the engine…), drawn in three stages:

    1. a kind, by ``weights`` (a kind without weight is never drawn);
    2. what the move takes out, by ``out_weights`` (a card slug's weight, 1 when not given: by
       default every card of the deck equally likely);
    3. uniformly among the legal moves that take it out.

    Stages 2 and 3 are rejection sampling: raw moves of the chosen group are drawn without
    replacement until one passes the validator and ``accept``; a group (then a kind) found to have
    none left is dropped and the stage drawn again. So the moves are drawn as if the whole
    neighbourhood had been listed, but only the moves drawn are validated: a step costs a few
    validations per candidate, not one per card of the pool. Deterministic for ``rng``."""
    by_kind: dict[str, list[tuple[MoveGroup, SparseShuffle]]] = {}
    for group in move_groups(deck, constraints):
        if group.size and weights.get(group.kind, 0.0) > 0:
            by_kind.setdefault(group.kind, []).append((group, SparseShuffle(group.size)))
    out_weight = out_weights or {}
    seen: set[Composition] = {deck}
    chosen: list[Move] = []
    while len(chosen) < count and by_kind:
        kinds = sorted(by_kind)
        kind = rng.choices(kinds, weights=[weights[k] for k in kinds])[0]
        groups = by_kind[kind]
        found = False
        while groups and not found:
            g = rng.choices(range(len(groups)), weights=[out_weight.get(g.out, 1.0) for g, _ in groups])[0]
            group, shuffle = groups[g]
            while shuffle.left:
                move = group.at(shuffle.draw(rng))
                result = move.apply(deck)
                if result in seen:
                    continue
                seen.add(result)
                if constraints.legal(result) and accept(result):
                    chosen.append(move)
                    found = True
                    break
            if not shuffle.left:
                groups.pop(g)
        if not groups:
            del by_kind[kind]
    return chosen


def kept_problems(deck: Composition, keep: Iterable[str]) -> list[str]:
    """The slugs of ``keep`` that are neither a card nor a character of ``deck`` (a keep-list
    names what the deck holds)."""
    present = set(deck.characters) | {s for s, _ in deck.cards}
    return sorted(s for s in set(keep) if s not in present)


def slug_labels(slugs: Iterable[str], catalog: Catalog) -> dict[str, str]:
    """Display names of card and character slugs, as the deck text format writes them (French
    names, with the level when a family has several; unknown slugs stay slugs)."""
    levels: dict[str, int] = {}
    for spec in catalog.characters.values():
        levels[spec.family] = levels.get(spec.family, 0) + 1
    out: dict[str, str] = {}
    for slug in slugs:
        card = catalog.cards.get(slug)
        character = catalog.characters.get(slug)
        if card is not None:
            out[slug] = card_label(card, catalog)
        elif character is not None:
            several = levels.get(character.family, 0) > 1
            out[slug] = f"{character.name_fr} (niveau {character.level})" if several else character.name_fr
        else:
            out[slug] = slug
    return out
