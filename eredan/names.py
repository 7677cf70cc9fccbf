"""The one rule for the names users give things: decks, collections, simulation entrants' labels.

A name is shown to people (pages, exports, other players' public decks, results and CSV files),
so it must read as what it is. :func:`name_clean` refuses, with a stable code each:

* ``required`` — not a string, or nothing but spaces;
* ``control_characters`` — a control character (Unicode category Cc: NUL, tab, newline, escape,
  DEL, the C1 controls) or a line or paragraph separator (U+2028, U+2029): a name is one line;
* ``bidi_override`` — a bidirectional embedding, override or isolate (U+202A–U+202E,
  U+2066–U+2069): they reorder the text around the name, so "gpj.exe" can display as "exe.jpg";
* ``invisible`` — no visible character at all: only spaces, zero-width or other format
  characters (U+200B zero-width space, U+2060 word joiner, U+FEFF…), lone combining marks, or
  blank letters (U+3164 Hangul filler…);
* ``max_length`` — longer than the thing's limit (after the spaces are tidied).

What passes is tidied: spaces around it removed, each run of spaces inside it made one space.
Format characters between visible ones stay (a zero-width joiner inside an emoji sequence, a
soft hyphen). Pure Python (no Django): services call it, and so everything that names through
them — the API, the pages' forms and the commands — follows the same rule.
"""

from __future__ import annotations

import unicodedata

from eredan.errors import DomainError

#: Bidirectional embeddings and overrides (LRE, RLE, PDF, LRO, RLO) and isolates (LRI, RLI, FSI, PDI).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Letters (category Lo) that display as nothing.
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
#: Categories that show nothing by themselves: spaces, format characters, combining marks.
_INVISIBLE_CATEGORIES = frozenset({"Zs", "Cf", "Mn", "Me", "Cc", "Zl", "Zp"})


def _visible(ch: str) -> bool:
    return ch not in BLANK_LETTERS and unicodedata.category(ch) not in _INVISIBLE_CATEGORIES


def name_clean(
    value: object, *, what: str, max_length: int, field: str = "name", missing: str | None = None
) -> str:
    """``value`` as a name, tidied; a :class:`DomainError` on ``field`` if it breaks the rule.

    ``what`` names the name in messages ("deck name", "collection name", "label"); ``missing``
    is the message for no name at all (default: "A <what> is required.").
    """
    if not isinstance(value, str) or not value.strip():
        raise DomainError(missing or f"A {what} is required.", code="required", field=field)
    for ch in value:
        category = unicodedata.category(ch)
        if category in ("Cc", "Zl", "Zp"):
            raise DomainError(
                f"A {what} cannot contain control characters or line breaks (U+{ord(ch):04X}).",
                code="control_characters",
                field=field,
            )
        if ch in BIDI_CONTROLS:
            raise DomainError(
                f"A {what} cannot contain a text-direction control (U+{ord(ch):04X}).",
                code="bidi_override",
                field=field,
            )
    if not any(_visible(ch) for ch in value):
        raise DomainError(f"A {what} needs at least one visible character.", code="invisible", field=field)
    name = " ".join(value.split())
    if len(name) > max_length:
        raise DomainError(
            f"A {what} is at most {max_length} characters ({len(name)} given).",
            code="max_length",
            field=field,
        )
    return name
