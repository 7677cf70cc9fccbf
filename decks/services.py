"""Writes of decks, and the stateless validation used by the API.

Every write runs in one transaction, checks everything first (a refused request changes
nothing) and stores the deck's validation result with the catalog version it was computed at.
Refusals are :class:`eredan.errors.DomainError` with a code of
:class:`decks.error_codes.DeckErrorCode` (several problems: :class:`eredan.errors.DomainErrors`,
one entry each). Rule violations are not refusals: a deck that breaks the
rules is saved as a draft, and its result says why.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import transaction

from cards.domain.specs import Catalog
from cards.models import Card, Character
from cards.specs import get_catalog
from decks.error_codes import DeckErrorCode as Code
from decks.history import DeckContent, deck_diff
from decks.limits import (
    MAX_CARD_ENTRIES,
    MAX_CHARACTER_ENTRIES,
    MAX_COPIES,
    MAX_NAME_LENGTH,
    MAX_SLUG_LENGTH,
)
from decks.models import Deck, DeckCard, DeckCharacter, DeckVersion
from decks.selectors import deck_content, deck_result, decks_stale, with_entries
from decks.text_format import DeckTextError, ParsedDeck, deck_text_parse
from decks.validator import ValidationResult, validate_deck
from eredan.errors import CONFLICT, DomainError, NotFoundError, Problems
from eredan.names import name_clean
from eredan.users import User

#: The bundled demo decks (``[{"slug", "name", "characters": [slug ×3], "cards": {slug: count}}]``).
DEMO_DECKS_PATH = Path(__file__).resolve().parents[1] / "fixtures" / "cardset" / "decks.json"


# --- stateless validation -----------------------------------------------------------------------


def deck_validate(
    *,
    characters: Sequence[str],
    cards: Mapping[str, int],
    owned: Mapping[str, int] | None = None,
    catalog: Catalog | None = None,
) -> ValidationResult:
    """Validate a deck against the card database (docs/rules/eredan.md §2), without saving anything.

    Looks every card up in the per-process catalog (``cards.specs.get_catalog()``: one query),
    never card by card.
    """
    return validate_deck(characters=characters, cards=cards, catalog=catalog or get_catalog(), owned=owned)


def deck_text_read(*, text: str, catalog: Catalog | None = None, field: str = "text") -> ParsedDeck:
    """Parse a deck text; bad lines → ``DomainError(code="invalid_deck_text", lines=[…])``."""
    try:
        return deck_text_parse(text, catalog=catalog or get_catalog())
    except DeckTextError as exc:
        raise DomainError(
            f"The deck text has {len(exc.errors)} bad line{'s' if len(exc.errors) > 1 else ''}: {exc}",
            code=Code.INVALID_DECK_TEXT,
            field=field,
            lines=[{"line": e.line, "message": e.message} for e in exc.errors],
        ) from exc


# --- saved decks --------------------------------------------------------------------------------


def _clean_name(name: object) -> str:
    """The one name rule (eredan/names.py)."""
    return name_clean(name, what="deck name", max_length=MAX_NAME_LENGTH, missing="A deck needs a name.")


def _check_shape(characters: Any, cards: Any) -> None:
    """The types and bounds the API serializers also check (services may be called directly)."""
    problems = Problems()
    if not isinstance(characters, list | tuple) or len(characters) > MAX_CHARACTER_ENTRIES:
        problems.add("characters", "invalid", f"A list of at most {MAX_CHARACTER_ENTRIES} slugs.")
    elif not all(isinstance(s, str) and 0 < len(s) <= MAX_SLUG_LENGTH for s in characters):
        problems.add("characters", "invalid", "Each character is a slug.")
    if not isinstance(cards, Mapping) or len(cards) > MAX_CARD_ENTRIES:
        problems.add("cards", "invalid", f"An object of at most {MAX_CARD_ENTRIES} slug: count pairs.")
    else:
        for slug, count in cards.items():
            if not isinstance(slug, str) or not 0 < len(slug) <= MAX_SLUG_LENGTH:
                problems.add("cards", "invalid", "Each card is a slug.")
            elif type(count) is not int or not 1 <= count <= MAX_COPIES:
                problems.add(f"cards.{slug}", "invalid", f"A count is a whole number from 1 to {MAX_COPIES}.")
    problems.raise_any()


def _resolve(characters: Sequence[str], cards: Mapping[str, int]) -> tuple[list[Character], dict[str, Card]]:
    """The rows the slugs name (two queries); unknown slugs are refused, all reported at once."""
    found_chars = {c.slug: c for c in Character.objects.filter(slug__in=set(characters)).only("id", "slug")}
    found_cards = {c.slug: c for c in Card.objects.filter(slug__in=set(cards)).only("id", "slug")}
    problems = Problems()
    for i, slug in enumerate(characters):
        if slug not in found_chars:
            problems.add(f"characters.{i}", Code.UNKNOWN_CHARACTER, f"Unknown character {slug!r}.")
    for slug in cards:
        if slug not in found_cards:
            problems.add(f"cards.{slug}", Code.UNKNOWN_CARD, f"Unknown card {slug!r}.")
    problems.raise_any()
    return [found_chars[s] for s in characters], found_cards


def _write_entries(deck: Deck, characters: Sequence[str], cards: Mapping[str, int]) -> None:
    char_rows, card_rows = _resolve(characters, cards)
    deck.deck_characters.all().delete()
    deck.deck_cards.all().delete()
    DeckCharacter.objects.bulk_create(
        DeckCharacter(deck=deck, character=c, position=i) for i, c in enumerate(char_rows)
    )
    DeckCard.objects.bulk_create(DeckCard(deck=deck, card=card_rows[s], count=n) for s, n in cards.items())


# --- stored validation results ----------------------------------------------------------------


def decks_revalidate(*, decks: Sequence[Deck], catalog: Catalog | None = None, force: bool = False) -> int:
    """Recompute and store the results computed at another catalog version (``force``: all of
    them); return how many. A catalog without a version token (no version row) is never trusted
    as current."""
    catalog = catalog or get_catalog()
    stale = [
        d
        for d in decks
        if force or d.validation is None or not catalog.version or d.validated_version != catalog.version
    ]
    for deck in stale:
        deck.validation = deck_result(deck, catalog=catalog).to_json()
        deck.validated_version = catalog.version
    if stale:
        Deck.objects.bulk_update(stale, ["validation", "validated_version"], batch_size=500)
    return len(stale)


def decks_revalidate_stale(*, catalog: Catalog | None = None, chunk: int = 500) -> int:
    """Recompute and store every stored result computed at another catalog version: what a change
    to the card database calls once it has committed (:func:`catalog_changed_receiver`). By
    chunks of ``chunk`` decks (three queries and one bulk update each), so memory stays bounded
    whatever the number of decks; one query when nothing is stale."""
    catalog = catalog or get_catalog()
    ids = list(decks_stale(qs=Deck.objects.all(), catalog=catalog).values_list("pk", flat=True))
    total = 0
    for start in range(0, len(ids), chunk):
        decks = list(with_entries(Deck.objects.filter(pk__in=ids[start : start + chunk])))
        total += decks_revalidate(decks=decks, catalog=catalog)
    return total


def catalog_changed_receiver(sender: object, using: str | None = None, **kwargs: object) -> None:
    """``cards.services.catalog_changed``: the card database changed and committed — the stored
    results it made stale are recomputed (connected in ``decks.apps``)."""
    decks_revalidate_stale()


def _refresh(deck: Deck) -> Deck:
    """Reload the deck with its entries and store its current validation result."""
    fresh = with_entries(Deck.objects.filter(pk=deck.pk)).get()
    decks_revalidate(decks=[fresh], force=True)
    return fresh


@transaction.atomic
def deck_create(
    *,
    owner: User | None,
    name: str,
    characters: Sequence[str],
    cards: Mapping[str, int],
    is_public: bool = False,
    source: str = DeckVersion.Source.CREATE,
) -> Deck:
    """Save a deck of ``owner`` (valid or not: a draft's result says what is wrong); its first
    version (``source``: how it was made) is recorded with it."""
    name = _clean_name(name)
    _check_shape(characters, cards)
    deck = Deck.objects.create(owner=owner, name=name, is_public=bool(is_public))
    _write_entries(deck, characters, cards)
    fresh = _refresh(deck)
    deck_version_record(deck=fresh, author=owner, source=source)
    return fresh


@transaction.atomic
def deck_create_from_text(
    *, owner: User | None, text: str, name: str | None = None, is_public: bool = False
) -> Deck:
    """Save a deck written in the text format (``name`` overrides the text's ``Name:`` line)."""
    parsed = deck_text_read(text=text)
    return deck_create(
        owner=owner,
        name=name or parsed.name or "",
        characters=parsed.characters,
        cards=parsed.cards,
        is_public=is_public,
    )


@transaction.atomic
def deck_update(
    *,
    deck: Deck,
    name: str | None = None,
    characters: Sequence[str] | None = None,
    cards: Mapping[str, int] | None = None,
    is_public: bool | None = None,
    author: User | None = None,
    source: str = DeckVersion.Source.EDIT,
    restored_from: int | None = None,
) -> Deck:
    """Change a deck: the fields given (``characters`` and ``cards`` each replace the whole list).

    A change of its content (name, characters, cards) records a new version by ``author`` (who
    saved it; ``source``: how); making it public or private does not."""
    locked = Deck.objects.select_for_update().get(pk=deck.pk)
    if name is not None:
        locked.name = _clean_name(name)
    if is_public is not None:
        if locked.owner_id is None and not is_public:
            raise DomainError("A deck without an owner stays public.", code="invalid", field="is_public")
        locked.is_public = bool(is_public)
    if characters is not None or cards is not None:
        current_chars = [dc.character.slug for dc in locked.deck_characters.select_related("character")]
        current_cards = {dc.card.slug: dc.count for dc in locked.deck_cards.select_related("card")}
        new_chars = list(characters) if characters is not None else current_chars
        new_cards = dict(cards) if cards is not None else current_cards
        _check_shape(new_chars, new_cards)
        _write_entries(locked, new_chars, new_cards)
    locked.save()
    fresh = _refresh(locked)
    deck_version_record(deck=fresh, author=author, source=source, restored_from=restored_from)
    return fresh


# --- versions -----------------------------------------------------------------------------------


def deck_version_record(
    *, deck: Deck, author: User | None, source: str, restored_from: int | None = None
) -> DeckVersion | None:
    """Record the deck's current content (``deck`` fresh, with its entries prefetched, its row
    locked or just created) as its next version, with what changed since the last one; nothing
    when the content is the last version's (a save that changed nothing, or only ``is_public``)."""
    content = deck_content(deck)
    last = DeckVersion.objects.filter(deck_id=deck.pk).order_by("-number").first()
    previous = DeckContent.of(last.name, last.characters, last.cards) if last is not None else None
    if previous is not None and previous.same_as(content):
        return None
    return DeckVersion.objects.create(
        deck_id=deck.pk,
        number=last.number + 1 if last is not None else 1,
        name=content.name,
        characters=list(content.characters),
        cards=dict(content.cards),
        author=author if author is not None and author.is_authenticated else None,
        source=source,
        restored_from=restored_from,
        changes=deck_diff(previous, content).to_json(),
    )


@transaction.atomic
def deck_version_restore(*, deck: Deck, number: int, author: User | None) -> Deck:
    """Write version ``number`` of ``deck`` back as its content: a new version (``restore``,
    ``restored_from`` = ``number``), so nothing of the history is lost. Not found: a 404; the
    version the deck already holds: 409 ``version_current``; a card or character the card
    database no longer has: 400 ``unknown_card`` / ``unknown_character`` (nothing changed)."""
    locked = Deck.objects.select_for_update().get(pk=deck.pk)
    version = DeckVersion.objects.filter(deck_id=locked.pk, number=number).first()
    if version is None:
        raise NotFoundError(f"Deck #{locked.pk} has no version {number}.")
    current = deck_content(with_entries(Deck.objects.filter(pk=locked.pk)).get())
    wanted = DeckContent.of(version.name, version.characters, version.cards)
    if wanted.same_as(current):
        raise DomainError(
            f"The deck already holds version {number}: restoring it would change nothing.",
            code=Code.VERSION_CURRENT,
            field="number",
            status_code=CONFLICT,
        )
    return deck_update(
        deck=locked,
        name=version.name,
        characters=list(version.characters),
        cards=dict(version.cards),
        author=author,
        source=DeckVersion.Source.RESTORE,
        restored_from=number,
    )


@transaction.atomic
def deck_delete(*, deck: Deck) -> None:
    Deck.objects.filter(pk=deck.pk).delete()


# --- the bundled demo decks --------------------------------------------------------------------


@dataclass
class DemoDecksReport:
    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    invalid: list[str] = field(default_factory=list)  # loaded, but breaking a rule (reported)


@transaction.atomic
def demo_decks_load(*, path: Path | str = DEMO_DECKS_PATH) -> DemoDecksReport:
    """Load the bundled demo decks into the database, idempotently.

    Each deck of the file (see :data:`DEMO_DECKS_PATH`) becomes a public deck without an owner,
    found again by its slug: a second load changes nothing, and a changed file updates the decks
    in place (their ids stay). Unknown characters or cards refuse the whole load
    (``demo_decks_invalid``); decks that break a rule are loaded and listed in ``invalid``.
    Call it after the card set is loaded (``manage.py bootstrap`` does).
    """
    path = Path(path)
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise DomainError(f"Cannot read {path}: {exc}", code=Code.DEMO_DECKS_INVALID) from exc
    if not isinstance(entries, list):
        raise DomainError(f"{path}: expected a list of decks", code=Code.DEMO_DECKS_INVALID)
    report = DemoDecksReport()
    problems = Problems()
    for i, entry in enumerate(entries):
        if not (
            isinstance(entry, dict)
            and isinstance(entry.get("slug"), str)
            and isinstance(entry.get("name"), str)
            and isinstance(entry.get("characters"), list)
            and isinstance(entry.get("cards"), dict)
        ):
            problems.add(f"decks.{i}", Code.DEMO_DECKS_INVALID, "expected {slug, name, characters, cards}")
            continue
        try:
            _demo_deck_upsert(entry, report)
        except DomainError as exc:
            for error in exc.errors:
                where = f" ({error.field})" if error.field else ""
                problems.add(
                    f"decks.{i}", Code.DEMO_DECKS_INVALID, f"deck {entry['slug']!r}{where}: {error.message}"
                )
    problems.raise_any()  # inside the transaction: nothing of the file is loaded
    return report


def _demo_deck_upsert(entry: dict[str, Any], report: DemoDecksReport) -> None:
    slug, name = entry["slug"], _clean_name(entry["name"])
    characters, cards = list(entry["characters"]), dict(entry["cards"])
    _check_shape(characters, cards)
    deck = Deck.objects.filter(slug=slug).first()
    if deck is None:
        deck = Deck.objects.create(owner=None, slug=slug, name=name, is_public=True)
        _write_entries(deck, characters, cards)
        report.created.append(slug)
    else:
        current_chars = [dc.character.slug for dc in deck.deck_characters.select_related("character")]
        current_cards = {dc.card.slug: dc.count for dc in deck.deck_cards.select_related("card")}
        if (deck.name, deck.owner_id, deck.is_public, current_chars, current_cards) == (
            name,
            None,
            True,
            characters,
            cards,
        ):
            report.unchanged.append(slug)
        else:
            deck.name, deck.owner, deck.is_public = name, None, True
            deck.save()
            _write_entries(deck, characters, cards)
            report.updated.append(slug)
    fresh = _refresh(deck)
    deck_version_record(deck=fresh, author=None, source=DeckVersion.Source.DEMO)
    if not fresh.is_valid:
        report.invalid.append(slug)
