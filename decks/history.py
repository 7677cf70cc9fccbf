"""Deck versions compared: what changed between two contents of a deck (docs/lab.md "Deck versions").

Pure Python (no Django): a deck's content is its name, its characters (in order) and its card
counts; :func:`deck_diff` says what changed from one to the other — the name, each character
position that holds another character, each card whose count changed (with the counts before and
after) — and :meth:`DeckDiff.summary` says it in one line (``+2 katana-1, −1 wakizashi-1; iro-1 →
aez-1``). The version history of a saved deck stores each version's diff to the one before it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cards.domain.specs import Catalog
from decks.validator import card_label

#: The minus sign of the summaries (a real one, not a hyphen).
MINUS = "\u2212"


@dataclass(frozen=True)
class DeckContent:
    """What a version of a deck holds: its name, characters (in order) and card counts."""

    name: str
    characters: tuple[str, ...]
    cards: Mapping[str, int]

    @classmethod
    def of(cls, name: str, characters: Sequence[str], cards: Mapping[str, int]) -> DeckContent:
        return cls(name=name, characters=tuple(characters), cards=dict(sorted(cards.items())))

    @property
    def size(self) -> int:
        return sum(self.cards.values())

    def same_as(self, other: DeckContent) -> bool:
        return (self.name, self.characters, dict(self.cards)) == (
            other.name,
            other.characters,
            dict(other.cards),
        )


@dataclass(frozen=True)
class CardChange:
    """A card whose count changed: ``before`` and ``after`` copies (0: not in that version)."""

    card: str
    before: int
    after: int

    @property
    def delta(self) -> int:
        return self.after - self.before

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "before": self.before, "after": self.after, "delta": self.delta}


@dataclass(frozen=True)
class CharacterChange:
    """The character at ``position`` (0, 1, 2) changed from ``before`` to ``after`` (None: no
    character at that position in that version)."""

    position: int
    before: str | None
    after: str | None

    def to_json(self) -> dict[str, Any]:
        return {"position": self.position, "before": self.before, "after": self.after}


@dataclass(frozen=True)
class DeckDiff:
    """Everything that changed from one deck content to another."""

    name: tuple[str, str] | None = None  # (before, after) when renamed
    characters: tuple[CharacterChange, ...] = ()
    cards: tuple[CardChange, ...] = ()
    size: tuple[int, int] = (0, 0)
    labels: Mapping[str, str] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return self.name is None and not self.characters and not self.cards

    @property
    def added(self) -> int:
        """Copies added (over every card whose count went up)."""
        return sum(c.delta for c in self.cards if c.delta > 0)

    @property
    def removed(self) -> int:
        """Copies removed (over every card whose count went down)."""
        return -sum(c.delta for c in self.cards if c.delta < 0)

    def _label(self, slug: str | None) -> str:
        if slug is None:
            return "nobody"
        return self.labels.get(slug, slug)

    def summary(self) -> str:
        """One line: the cards' changes (added first), the characters', the name's; "no change"."""
        parts: list[str] = []
        cards = sorted(self.cards, key=lambda c: (c.delta < 0, c.card))
        if cards:
            parts.append(
                ", ".join(
                    f"{'+' if c.delta > 0 else MINUS}{abs(c.delta)} {self._label(c.card)}" for c in cards
                )
            )
        if self.characters:
            parts.append(
                ", ".join(f"{self._label(c.before)} → {self._label(c.after)}" for c in self.characters)
            )
        if self.name is not None:
            parts.append(f"renamed “{self.name[0]}” → “{self.name[1]}”")
        return "; ".join(parts) if parts else "no change"

    def labelled(self, labels: Mapping[str, str]) -> DeckDiff:
        """The same diff, its summary naming cards and characters by ``labels``."""
        return dataclasses.replace(self, labels=dict(labels))

    def to_json(self) -> dict[str, Any]:
        return {
            "name": {"before": self.name[0], "after": self.name[1]} if self.name is not None else None,
            "characters": [c.to_json() for c in self.characters],
            "cards": [c.to_json() for c in self.cards],
            "size": {"before": self.size[0], "after": self.size[1]},
            "added": self.added,
            "removed": self.removed,
            "summary": self.summary(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DeckDiff:
        """The diff :meth:`to_json` wrote (as stored with each deck version)."""
        name = data.get("name")
        size = data.get("size") or {}
        return cls(
            name=(name["before"], name["after"]) if name else None,
            characters=tuple(
                CharacterChange(c["position"], c["before"], c["after"]) for c in data.get("characters", ())
            ),
            cards=tuple(CardChange(c["card"], c["before"], c["after"]) for c in data.get("cards", ())),
            size=(int(size.get("before", 0)), int(size.get("after", 0))),
        )


def deck_diff(
    before: DeckContent | None, after: DeckContent, *, labels: Mapping[str, str] | None = None
) -> DeckDiff:
    """What changed from ``before`` to ``after`` (``before`` None: the first version — every
    character and card is new). ``labels``: slug → display name for :meth:`DeckDiff.summary`.

    Characters are compared position by position (the order the player gave them); cards by slug,
    sorted, so the diff never depends on the order of the counts."""
    old = before if before is not None else DeckContent(name=after.name, characters=(), cards={})
    characters = tuple(
        CharacterChange(i, old.characters[i] if i < len(old.characters) else None, new)
        for i, new in enumerate(after.characters)
        if i >= len(old.characters) or old.characters[i] != new
    ) + tuple(
        CharacterChange(i, old.characters[i], None) for i in range(len(after.characters), len(old.characters))
    )
    slugs = sorted(set(old.cards) | set(after.cards))
    cards = tuple(
        CardChange(s, old.cards.get(s, 0), after.cards.get(s, 0))
        for s in slugs
        if old.cards.get(s, 0) != after.cards.get(s, 0)
    )
    name = (old.name, after.name) if before is not None and old.name != after.name else None
    return DeckDiff(
        name=name,
        characters=characters,
        cards=cards,
        size=(old.size, after.size),
        labels=dict(labels or {}),
    )


def diff_labels(diff: DeckDiff, catalog: Catalog) -> dict[str, str]:
    """Display names of the cards and characters a diff names (French names, with the level when
    a family has several — as the deck text format writes them; unknown slugs stay slugs)."""
    out: dict[str, str] = {}
    for change in diff.cards:
        card = catalog.cards.get(change.card)
        if card is not None:
            out[change.card] = card_label(card, catalog)
    levels: dict[str, int] = {}
    for character in catalog.characters.values():
        levels[character.family] = levels.get(character.family, 0) + 1
    for c in diff.characters:
        for slug in (c.before, c.after):
            spec = catalog.characters.get(slug) if slug is not None else None
            if slug is not None and spec is not None:
                several = levels.get(spec.family, 0) > 1
                out[slug] = f"{spec.name_fr} (niveau {spec.level})" if several else spec.name_fr
    return out
