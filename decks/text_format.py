"""The deck text format: a human-writable deck, read and written against a card catalog.

Pure Python (imports no Django). Example::

    # a line starting with '#' is a comment
    Name: Lames de Kotoba
    Characters:
    Iro le duelliste
    Amaya
    Aez le guerrier errant

    Cards:
    3 Katana
    2 Wakizashi
    1 Éclairs (niveau 3)

Reading (:func:`deck_text_parse`):

- Sections start with a header line: ``Characters:`` (or ``Personnages:``) and ``Cards:`` (or
  ``Cartes:`` / ``Deck:``); a header may carry a note in parentheses (``Cards (23):``). A
  ``Name:`` (or ``Nom:``) line names the deck. Blank lines and lines starting with ``#`` are
  ignored.
- A card line is a count and a card: ``3 Katana``, ``3x Katana``, ``3 × Katana`` or ``Katana x3``;
  a card line without a count is one copy. A character line is a character, optionally ``1 …``.
  Outside any section a line with a count is a card and a line without one a character.
- A card or character is named by its French name, its English name or its slug; accents,
  case, apostrophes, hyphens and extra spaces are forgiven (``eclairs``, ``ÉCLAIRS``). A level is
  given as ``(niveau 3)``, ``(level 3)``, ``(niv. 3)`` or ``(lvl 3)``; a name shared by the levels
  of one family without a level means its lowest level. A name shared by different families must
  be written as a slug.
- The same card on two lines adds up. Every bad line is reported, with its line number, in one
  :class:`DeckTextError`.

Writing (:func:`deck_text_export`) gives each card and character the shortest form that reads back
to the same one (the French name, then the name with its level, then the slug), so export then
import round-trips exactly, and exporting an imported export gives the same text.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from cards.domain.specs import CardSpec, Catalog, CharacterSpec

__all__ = [
    "MAX_COPIES_PER_LINE",
    "DeckTextError",
    "LineError",
    "ParsedDeck",
    "deck_text_export",
    "deck_text_parse",
    "normalize_name",
]

#: A count above this on one line is a typo, not a deck (the deck-size rule allows 50 cards).
MAX_COPIES_PER_LINE = 99
#: Headers (normalized) of the two sections, and of the deck name line.
CHARACTER_HEADERS = frozenset({"characters", "character", "personnages", "personnage", "persos"})
CARD_HEADERS = frozenset({"cards", "card", "cartes", "carte", "deck"})
NAME_HEADERS = frozenset({"name", "nom", "deck name", "nom du deck"})

_HEADER_RE = re.compile(r"^(?P<head>[^:()]+?)\s*(?:\([^)]*\))?\s*:\s*(?P<rest>.*)$")
_COUNT_FIRST_RE = re.compile(r"^(?P<count>\d+)\s*(?:[x×*]\s*|\s)\s*(?P<name>\S.*)$", re.IGNORECASE)
_COUNT_LAST_RE = re.compile(r"^(?P<name>.*\S)\s+[x×*]\s*(?P<count>\d+)$", re.IGNORECASE)
_LEVEL_RE = re.compile(
    r"^(?P<name>.*?)\s*\(\s*(?:niveau|niv\.?|level|lvl\.?|lv\.?)\s*(?P<level>\d+)\s*\)$", re.IGNORECASE
)
_NON_ALNUM_RE = re.compile(r"[^0-9a-z]+")


def normalize_name(text: str) -> str:
    """The lookup key of a name: no accents, case-folded, every run of other characters one space."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    stripped = stripped.replace("œ", "oe").replace("æ", "ae").replace("ß", "ss")
    return _NON_ALNUM_RE.sub(" ", stripped).strip()


@dataclass(frozen=True, slots=True)
class LineError:
    line: int  # 1-based; 0 for the text as a whole
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line else self.message


class DeckTextError(ValueError):
    """Every bad line of a deck text (``errors``, in line order)."""

    def __init__(self, errors: Sequence[LineError]) -> None:
        super().__init__("; ".join(str(e) for e in errors))
        self.errors = tuple(errors)


@dataclass
class ParsedDeck:
    name: str | None = None
    characters: list[str] = field(default_factory=list)
    cards: dict[str, int] = field(default_factory=dict)


Spec = TypeVar("Spec", CharacterSpec, CardSpec)


class _Index(Generic[Spec]):
    """Normalized name or slug → the specs it may name."""

    def __init__(self, specs: Iterable[Spec]) -> None:
        self.by_key: dict[str, list[Spec]] = {}
        self.families: dict[str, int] = {}
        for spec in specs:
            self.families[spec.family] = self.families.get(spec.family, 0) + 1
            for text in (spec.name_fr, spec.name_en, spec.slug):
                key = normalize_name(text)
                if key:
                    found = self.by_key.setdefault(key, [])
                    if spec not in found:
                        found.append(spec)

    def resolve(self, text: str, what: str = "card") -> tuple[Spec | None, str | None]:
        """The spec ``text`` names, or ``(None, why)`` (``what``: the word for the kind, in messages)."""
        name, level = text.strip(), None
        match = _LEVEL_RE.match(name)
        if match:
            name, level = match["name"], int(match["level"])
        key = normalize_name(name)
        candidates = self.by_key.get(key, [])
        exact_slug = [c for c in candidates if c.slug == name]
        if exact_slug and level is None:
            return exact_slug[0], None
        if level is not None:
            candidates = [c for c in candidates if c.level == level]
        if not candidates:
            if key in self.by_key and level is not None:
                levels = sorted({c.level for c in self.by_key[key]})
                return None, f"no level {level} of {name!r} (levels: {', '.join(map(str, levels))})"
            close = difflib.get_close_matches(key, self.by_key, n=3, cutoff=0.75)
            hint = f" — did you mean {' or '.join(map(repr, self._suggestions(close)))}?" if close else ""
            return None, f"unknown {what} {name!r}{hint}"
        families = {c.family for c in candidates}
        if len(families) > 1:
            slugs = ", ".join(sorted(c.slug for c in candidates))
            return None, f"{name!r} names several {what}s; write one of their slugs: {slugs}"
        return min(candidates, key=lambda c: c.level), None

    def _suggestions(self, keys: Iterable[str], limit: int = 3) -> list[str]:
        """What the close ``keys`` name, each once, with its level when its family has several
        (``Éclairs (niveau 2)``, a line :meth:`resolve` reads back), at most ``limit``."""
        labels: list[str] = []
        for key in keys:
            for spec in sorted(self.by_key[key], key=lambda s: (s.family, s.level)):
                several = self.families.get(spec.family, 0) > 1
                label = f"{spec.name_fr} (niveau {spec.level})" if several else spec.name_fr
                if label not in labels:
                    labels.append(label)
        return labels[:limit]

    def label(self, spec: Spec, lang: str = "fr") -> str:
        """The shortest text that :meth:`resolve` reads back to ``spec``: its name in ``lang``
        (``fr``, the default, or ``en``), then with its level, then its other name, then the slug."""
        if lang == "en":
            forms = [spec.name_en, f"{spec.name_en} (level {spec.level})", spec.name_fr, spec.slug]
        else:
            forms = [spec.name_fr, f"{spec.name_fr} (niveau {spec.level})", spec.name_en, spec.slug]
        if self.families.get(spec.family, 0) > 1:
            forms = forms[1:]  # always show the level of a card that has evolutions
        for form in forms:
            if not form or form.strip() != form or form.startswith("#") or "\n" in form:
                continue
            if self.resolve(form)[0] is spec:
                return form
        return spec.slug


@dataclass(frozen=True)
class _Indexes:
    characters: _Index[CharacterSpec]
    cards: _Index[CardSpec]


_cache: tuple[Catalog, _Indexes] | None = None


def _indexes(catalog: Catalog) -> _Indexes:
    """The name indexes of ``catalog``, built once for the catalog last used."""
    global _cache
    cached = _cache
    if cached is not None and cached[0] is catalog:
        return cached[1]
    built = _Indexes(_Index(catalog.characters.values()), _Index(catalog.cards.values()))
    _cache = (catalog, built)
    return built


def _section_of(head: str) -> str | None:
    key = normalize_name(head)
    if key in CHARACTER_HEADERS:
        return "characters"
    if key in CARD_HEADERS:
        return "cards"
    if key in NAME_HEADERS:
        return "name"
    return None


def deck_text_parse(text: str, *, catalog: Catalog) -> ParsedDeck:
    """Read a deck text into slugs; raise :class:`DeckTextError` listing every bad line."""
    index = _indexes(catalog)
    deck = ParsedDeck()
    errors: list[LineError] = []
    section: str | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        header = _HEADER_RE.match(line)
        if header:
            kind = _section_of(header["head"])
            if kind == "name":
                if deck.name is not None:
                    errors.append(LineError(number, "the deck is named twice"))
                deck.name = header["rest"].strip() or None
                continue
            if kind is not None:
                section = kind
                if header["rest"].strip():
                    errors.append(
                        LineError(number, f"put the entries of {header['head']!r} on their own lines")
                    )
                continue
        count: int | None = None
        name = line
        match = _COUNT_FIRST_RE.match(line) or _COUNT_LAST_RE.match(line)
        if match:
            count, name = int(match["count"]), match["name"].strip()
        kind = section or ("cards" if count is not None else "characters")
        if kind == "characters":
            if count is not None and count != 1:
                errors.append(LineError(number, f"a character is given once, not {count} times"))
                continue
            character, why = index.characters.resolve(name, "character")
            if character is None:
                errors.append(LineError(number, why or "unknown character"))
                continue
            deck.characters.append(character.slug)
        else:
            copies = 1 if count is None else count
            if not 1 <= copies <= MAX_COPIES_PER_LINE:
                errors.append(LineError(number, f"a count is 1 to {MAX_COPIES_PER_LINE}, not {copies}"))
                continue
            card, why = index.cards.resolve(name, "card")
            if card is None:
                errors.append(LineError(number, why or "unknown card"))
                continue
            deck.cards[card.slug] = deck.cards.get(card.slug, 0) + copies
    if errors:
        raise DeckTextError(errors)
    return deck


def deck_text_export(
    *,
    characters: Sequence[str],
    cards: Mapping[str, int],
    catalog: Catalog,
    name: str | None = None,
    lang: str = "fr",
) -> str:
    """Write a deck as text, naming cards and characters in ``lang`` (``fr``, the default: the
    game's names; or ``en``). Either reads back to the same deck. Unknown slugs are written as
    they are (they read back as errors)."""
    index = _indexes(catalog)
    lines: list[str] = []
    clean_name = " ".join((name or "").split())
    if clean_name:
        lines.append(f"Name: {clean_name}")
    lines.append("Characters:")
    for slug in characters:
        character = catalog.characters.get(slug)
        lines.append(index.characters.label(character, lang) if character is not None else slug)
    lines.append("")
    lines.append("Cards:")
    rows: list[tuple[str, str, int]] = []
    for slug, count in cards.items():
        card = catalog.cards.get(slug)
        label = index.cards.label(card, lang) if card is not None else slug
        rows.append((normalize_name(label), label, count))
    for _, label, count in sorted(rows):
        lines.append(f"{count} {label}")
    return "\n".join(lines) + "\n"
