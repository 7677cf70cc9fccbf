"""The deck builder's form: the deck being edited travels in the form until it is saved.

A deck form holds ``name``, one ``character`` select per slot (``""`` for an empty slot), one
``card-<slug>`` count input per card, the ``text`` of an import and the ``collection`` to check
against. :func:`draft_from_post` reads it back into a :class:`DeckDraft`, keeping what was typed
(a bad count stays in its field, with its message beside it); :func:`draft_apply` applies the
button pressed (``op``): add or remove a card, import a deck text. Nothing here writes: saving
goes through :mod:`decks.services`, like the API.

Pure Python over a :class:`~cards.domain.specs.Catalog` (no database).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from cards.domain.specs import Catalog
from decks.limits import (
    MAX_CARD_ENTRIES,
    MAX_CHARACTER_ENTRIES,
    MAX_COPIES,
    MAX_NAME_LENGTH,
    MAX_SLUG_LENGTH,
    MAX_TEXT_LENGTH,
)
from decks.text_format import DeckTextError, deck_text_parse
from decks.web.presenters import deckable
from eredan.errors import DomainError
from eredan.names import name_clean

#: Character selects shown (a deck needs three; docs/rules/eredan.md §2.1).
CHARACTER_SLOTS = 3
#: Prefix of the card count inputs (``card-katana-1``).
CARD_PREFIX = "card-"
#: Errors not tied to one field.
FORM = "__all__"

COUNT_MESSAGE = f"A number of copies is a whole number from 1 to {MAX_COPIES} (0 removes the card)."


@dataclass
class DeckDraft:
    """A deck as the form holds it: what was typed, and what of it is a usable deck."""

    name: str = ""
    #: one slug per slot, ``""`` for an empty one (at least :data:`CHARACTER_SLOTS` slots)
    slots: list[str] = field(default_factory=lambda: [""] * CHARACTER_SLOTS)
    #: card slug → count, for the counts that are whole numbers in range
    cards: dict[str, int] = field(default_factory=dict)
    #: card slug → the count as typed (every card row of the form, in the form's order)
    typed: dict[str, str] = field(default_factory=dict)
    text: str = ""
    collection: str = ""
    #: field name (``name``, ``character-1``, ``card-<slug>``, ``text``, ``__all__``) → messages
    errors: dict[str, list[str]] = field(default_factory=dict)
    #: the import's bad lines (``[(line, message)]``), shown beside the text
    text_lines: list[tuple[int, str]] = field(default_factory=list)

    @property
    def characters(self) -> list[str]:
        """The characters picked, in slot order (empty slots skipped)."""
        return [slug for slug in self.slots if slug]

    @property
    def size(self) -> int:
        return sum(self.cards.values())

    def error(self, key: str, message: str) -> None:
        self.errors.setdefault(key, []).append(message)

    def snapshot(self) -> tuple[str, tuple[str, ...], tuple[tuple[str, int], ...]]:
        """What saving would store: compared with the saved deck to tell unsaved changes."""
        return (" ".join(self.name.split()), tuple(self.characters), tuple(sorted(self.cards.items())))

    @property
    def clean(self) -> bool:
        """No field error: the draft is exactly the deck it shows."""
        return not self.errors and len(self.typed) == len(self.cards)


def draft_from_deck(*, name: str, characters: list[str], cards: Mapping[str, int]) -> DeckDraft:
    slots = list(characters) + [""] * max(0, CHARACTER_SLOTS - len(characters))
    return DeckDraft(
        name=name,
        slots=slots,
        cards=dict(cards),
        typed={slug: str(count) for slug, count in cards.items()},
    )


def _parse_count(raw: str) -> int | None:
    """A count as typed → an int in 0..MAX_COPIES, else None (0 means "remove")."""
    text = raw.strip()
    if not text.isascii() or not text.isdigit() or len(text) > 3:
        return None
    count = int(text)
    return count if count <= MAX_COPIES else None


def draft_from_post(data: Mapping[str, list[str]], *, catalog: Catalog) -> DeckDraft:
    """Read a posted deck form (``request.POST.lists()`` as a mapping); every bad field gets its
    message, and what was typed is kept."""
    first = {key: values[-1] if values else "" for key, values in data.items()}
    draft = DeckDraft(
        name=first.get("name", ""),
        text=first.get("text", ""),
        collection=first.get("collection", "").strip(),
    )
    posted_slots = list(data.get("character", []))
    if len(posted_slots) > MAX_CHARACTER_ENTRIES:
        draft.error(FORM, f"A deck lists at most {MAX_CHARACTER_ENTRIES} characters.")
        posted_slots = posted_slots[:MAX_CHARACTER_ENTRIES]
    slots: list[str] = []
    for i, raw in enumerate(posted_slots, start=1):
        slug = raw.strip()
        if slug and slug not in catalog.characters:
            draft.error(f"character-{i}", "Unknown character: choose one from the list.")
            slug = ""
        slots.append(slug)
    draft.slots = slots + [""] * max(0, CHARACTER_SLOTS - len(slots))

    unknown: list[str] = []
    for key, values in data.items():
        if not key.startswith(CARD_PREFIX):
            continue
        slug, raw = key[len(CARD_PREFIX) :], (values[-1] if values else "")
        if not slug or len(slug) > MAX_SLUG_LENGTH or slug not in catalog.cards:
            unknown.append(slug[:MAX_SLUG_LENGTH])
            continue
        if len(draft.typed) >= MAX_CARD_ENTRIES:
            draft.error(FORM, f"A deck lists at most {MAX_CARD_ENTRIES} different cards.")
            break
        count = _parse_count(raw)
        if count == 0:
            continue  # 0 copies: the card leaves the deck
        draft.typed[slug] = raw.strip()[:10]
        if count is None:
            draft.error(CARD_PREFIX + slug, COUNT_MESSAGE)
        else:
            draft.cards[slug] = count
    if unknown:
        draft.error(FORM, "Unknown cards were left out: " + ", ".join(sorted(unknown)) + ".")
    return draft


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a deck, or None (the one name rule, as ``decks.services`` uses it)."""
    try:
        name_clean(name, what="deck name", max_length=MAX_NAME_LENGTH, missing="A deck needs a name.")
    except DomainError as exc:
        return exc.message
    return None


def draft_apply(draft: DeckDraft, op: str, *, catalog: Catalog) -> None:
    """Apply the button pressed: ``add:<slug>`` (one more copy), ``sub:<slug>`` (one copy fewer;
    the last one takes the card out), ``remove:<slug>``, ``import``; anything else (``refresh``,
    ``check``) leaves the deck as it is."""
    action, _, slug = op.partition(":")
    if action == "add":
        card = catalog.cards.get(slug)
        if card is None or not deckable(card):
            draft.error(FORM, "That card cannot go in a deck.")
            return
        if slug in draft.typed and slug not in draft.cards:
            return  # its count is being corrected: leave what was typed
        count = draft.cards.get(slug, 0)
        if count >= MAX_COPIES:
            draft.error(CARD_PREFIX + slug, COUNT_MESSAGE)
            return
        draft.cards[slug] = count + 1
        draft.typed[slug] = str(count + 1)
    elif action == "sub":
        if slug in draft.typed and slug not in draft.cards:
            return  # its count is being corrected: leave what was typed
        count = draft.cards.get(slug, 0)
        if count > 1:
            draft.cards[slug] = count - 1
            draft.typed[slug] = str(count - 1)
        else:
            draft.cards.pop(slug, None)
            draft.typed.pop(slug, None)
    elif action == "remove":
        draft.cards.pop(slug, None)
        draft.typed.pop(slug, None)
        draft.errors.pop(CARD_PREFIX + slug, None)
    elif action == "import":
        draft_import(draft, catalog=catalog)


def draft_import(draft: DeckDraft, *, catalog: Catalog) -> None:
    """Replace the draft's characters and cards with the deck text's (its name too, when the
    name field is empty). Bad lines are reported beside the text, which is kept."""
    text = draft.text
    if not text.strip():
        draft.error("text", "Paste a deck text to import.")
        return
    if len(text) > MAX_TEXT_LENGTH:
        draft.error("text", f"A deck text is at most {MAX_TEXT_LENGTH:,} characters.")
        return
    try:
        parsed = deck_text_parse(text, catalog=catalog)
    except DeckTextError as exc:
        n = len(exc.errors)
        draft.error("text", f"The deck text has {n} bad line{'s' if n > 1 else ''}; nothing was imported.")
        draft.text_lines = [(e.line, e.message) for e in exc.errors]
        return
    imported = draft_from_deck(name=draft.name, characters=parsed.characters, cards=parsed.cards)
    draft.slots, draft.cards, draft.typed = imported.slots, imported.cards, imported.typed
    for key in [k for k in draft.errors if k.startswith((CARD_PREFIX, "character-"))]:
        del draft.errors[key]
    if not draft.name.strip() and parsed.name:
        draft.name = parsed.name
    draft.text = ""
