"""Reads of decks: who sees which deck, their slugs, and their (never stale) validation result.

Visibility (rules of the decks API): an owner sees their decks; everyone (anonymous clients too)
sees public decks (the bundled demo decks, and decks their owner made public); staff see all.
Anything else is "not found" — never "forbidden", which would leak that the deck exists.

Validation results are stored on the deck with the catalog version token they were computed at,
and kept current by the write side: every deck write stores its result, and every change to the
card database revalidates the stored results once it commits (``decks.services``, on
``cards.services.catalog_changed``). Selectors only read: a deck whose stored token is not the
current catalog's (``cards.specs.get_catalog()``: one query) — a change whose revalidation has not
run yet, rows written around the services — gets its current result computed in memory
(:func:`decks_current`), never stored here, so a result read is never older than the card
database.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch, Q, QuerySet

from cards.collection.models import Collection
from cards.collection.selectors import collection_get, collection_owned_counts
from cards.domain.specs import Catalog
from cards.specs import get_catalog
from decks.history import DeckContent, DeckDiff, deck_diff
from decks.models import Deck, DeckCard, DeckCharacter, DeckVersion
from decks.rules import ViolationCode
from decks.text_format import deck_text_export
from decks.validator import ValidationResult, validate_deck
from eredan.errors import NotFoundError
from eredan.users import Viewer, is_staff


def with_entries(qs: QuerySet[Deck]) -> QuerySet[Deck]:
    """Prefetch characters and cards with their slugs (three queries for any number of decks)."""
    return qs.select_related("owner").prefetch_related(
        Prefetch(
            "deck_characters",
            queryset=DeckCharacter.objects.select_related("character").only(
                "id", "deck_id", "position", "character__id", "character__slug"
            ),
        ),
        Prefetch(
            "deck_cards",
            queryset=DeckCard.objects.select_related("card").only(
                "id", "deck_id", "count", "card__id", "card__slug"
            ),
        ),
    )


def deck_visible(*, user: Viewer) -> QuerySet[Deck]:
    """The decks ``user`` may read (their stored results: use :func:`deck_list` / :func:`deck_get`)."""
    qs = Deck.objects.all()
    if is_staff(user):
        return qs
    if getattr(user, "is_authenticated", False):
        return qs.filter(Q(owner_id=user.pk) | Q(is_public=True))
    return qs.filter(is_public=True)


def deck_list(
    *, user: Viewer, mine: bool | None = None, public: bool | None = None, valid: bool | None = None
) -> QuerySet[Deck]:
    """The decks ``user`` may read, newest first, with their entries prefetched.

    ``mine``: only (True) or no (False) decks of ``user``; ``public``: only public (True) or
    private (False) decks; ``valid``: only decks whose current result is (in)valid. Pass the page you show to
    :func:`decks_current`.
    """
    qs = deck_visible(user=user)
    if mine is not None:
        own = Q(owner_id=user.pk) if getattr(user, "is_authenticated", False) else Q(pk__in=[])
        qs = qs.filter(own) if mine else qs.exclude(own)
    if public is not None:
        qs = qs.filter(is_public=public)
    if valid is not None:
        qs = _valid_filter(qs, valid)
    return with_entries(qs.order_by("-updated_at", "-id"))


def _stale(qs: QuerySet[Deck], catalog: Catalog) -> QuerySet[Deck]:
    """The decks of ``qs`` whose stored result was computed at another catalog version (all of
    them when the catalog has no version token: nothing can be known current)."""
    if not catalog.version:
        return qs
    return qs.filter(Q(validation__isnull=True) | ~Q(validated_version=catalog.version))


def decks_stale(*, qs: QuerySet[Deck], catalog: Catalog | None = None) -> QuerySet[Deck]:
    """The decks of ``qs`` whose stored result is out of date (what the write side revalidates)."""
    return _stale(qs, catalog or get_catalog())


def _valid_filter(qs: QuerySet[Deck], valid: bool, chunk: int = 500) -> QuerySet[Deck]:
    """The decks of ``qs`` whose *current* result is (in)valid: the stored result where it is
    current, the one computed in memory (by chunks of ``chunk``) where it is not."""
    catalog = get_catalog()
    stale = _stale(qs, catalog)
    ids = list(stale.values_list("pk", flat=True))
    matching: list[int] = []
    for start in range(0, len(ids), chunk):
        for deck in with_entries(Deck.objects.filter(pk__in=ids[start : start + chunk])):
            if deck_result(deck, catalog=catalog).valid == valid:
                matching.append(deck.pk)
    current = qs.exclude(pk__in=ids).filter(validation__valid=valid)
    return qs.filter(Q(pk__in=current.values("pk")) | Q(pk__in=matching))


def deck_get(*, user: Viewer, pk: int | str) -> Deck:
    """A deck ``user`` may read, with its current result; else :class:`NotFoundError`."""
    deck = _find(deck_visible(user=user), pk)
    decks_current(decks=[deck])
    return deck


def deck_get_for_update(*, user: Viewer, pk: int | str) -> Deck:
    """A deck ``user`` may change (their own; staff: any); else :class:`NotFoundError`.

    A public deck of someone else is readable but not writable: also "not found" for writes, so
    the API has one answer for "not yours".
    """
    qs = Deck.objects.all() if is_staff(user) else Deck.objects.filter(owner_id=getattr(user, "pk", None))
    if not getattr(user, "is_authenticated", False):
        qs = qs.none()
    return _find(qs, pk)


def _find(qs: QuerySet[Deck], pk: Any) -> Deck:
    try:
        pk = int(pk)
    except (TypeError, ValueError):
        raise NotFoundError("No such deck.") from None
    deck = with_entries(qs.filter(pk=pk)).first()
    if deck is None:
        raise NotFoundError("No such deck.")
    return deck


def deck_slugs(deck: Deck) -> tuple[list[str], dict[str, int]]:
    """The deck's character slugs (in order) and card slug → count (uses prefetched rows)."""
    characters = [dc.character.slug for dc in sorted(deck.deck_characters.all(), key=lambda dc: dc.position)]
    cards = {dc.card.slug: dc.count for dc in deck.deck_cards.all()}
    return characters, cards


def deck_content(deck: Deck) -> DeckContent:
    """The deck's name, characters and card counts (uses prefetched rows)."""
    characters, cards = deck_slugs(deck)
    return DeckContent.of(deck.name, characters, cards)


def deck_result(deck: Deck, *, catalog: Catalog) -> ValidationResult:
    """Compute the deck's validation result against ``catalog`` (docs/rules/eredan.md §2)."""
    characters, cards = deck_slugs(deck)
    return validate_deck(characters=characters, cards=cards, catalog=catalog)


def decks_current(*, decks: Sequence[Deck], catalog: Catalog | None = None) -> list[Deck]:
    """Give each deck its current validation result: the stored one when it was computed at the
    current catalog version, else one computed now against it — in memory only, never stored
    (the write side stores: ``decks.services.decks_revalidate``). Returns the decks whose result
    was computed. Pass it the decks you show (the page of a list)."""
    catalog = catalog or get_catalog()
    stale = [
        d
        for d in decks
        if d.validation is None or not catalog.version or d.validated_version != catalog.version
    ]
    for deck in stale:
        deck.validation = deck_result(deck, catalog=catalog).to_json()
        deck.validated_version = catalog.version
    return stale


def deck_export_text(*, deck: Deck, catalog: Catalog | None = None, lang: str = "fr") -> str:
    """The deck in the text format (docs/decks.md "Text format"), names in ``lang``."""
    characters, cards = deck_slugs(deck)
    return deck_text_export(
        characters=characters, cards=cards, catalog=catalog or get_catalog(), name=deck.name, lang=lang
    )


def demo_decks(*, slugs: Iterable[str] | None = None) -> list[Deck]:
    """The public demo decks (owner empty, with a slug), e.g. for the simulator."""
    qs = Deck.objects.filter(owner__isnull=True, slug__isnull=False)
    if slugs is not None:
        qs = qs.filter(slug__in=list(slugs))
    decks = list(with_entries(qs.order_by("slug")))
    decks_current(decks=decks)
    return decks


def owned_counts_for(*, user: Viewer, collection_id: int) -> dict[str, int]:
    """Card or character slug → copies held by collection ``collection_id`` of ``user``.

    docs/rules/eredan.md §2.9 (validating against a collection). Someone else's collection (or any, for
    an anonymous client) is "not found", never "forbidden". Staff may check any collection.
    """
    return collection_owned_counts(collection=collection_get(user=user, pk=collection_id))


@dataclass(frozen=True, slots=True)
class BuildCheck:
    """Can this collection build this deck? ``missing``: slug → copies lacking (the validator's
    ``not_owned`` violations); ``validation``: the deck's full validation result, ownership
    included, so the other rule violations are reported too."""

    missing: dict[str, int]
    validation: ValidationResult

    @property
    def can_build(self) -> bool:
        return not self.missing

    def to_json(self) -> dict[str, Any]:
        return {
            "can_build": self.can_build,
            "missing": self.missing,
            "missing_total": sum(self.missing.values()),
            "validation": self.validation.to_json(),
        }


def deck_can_build(
    *,
    collection: Collection,
    characters: Sequence[str],
    cards: Mapping[str, int],
    catalog: Catalog | None = None,
) -> BuildCheck:
    """Can ``collection`` build this deck? docs/rules/eredan.md §2.9: the pure validator's
    ``not_owned`` check against the collection's owned counts (a copy counts as the card of its
    current level), with every other rule's violations beside it."""
    result = validate_deck(
        characters=characters,
        cards=cards,
        catalog=catalog or get_catalog(),
        owned=collection_owned_counts(collection=collection),
    )
    missing: dict[str, int] = {}
    for violation in result.violations:
        if violation.code == ViolationCode.NOT_OWNED:
            for slug, count in violation.missing:
                missing[slug] = missing.get(slug, 0) + count
    return BuildCheck(missing=missing, validation=result)


# --- versions (docs/lab.md "Deck versions") ---------------------------------------------------------


def deck_versions(*, deck: Deck) -> QuerySet[DeckVersion]:
    """The versions of ``deck`` (one the caller may read), newest first, with their authors."""
    return DeckVersion.objects.filter(deck_id=deck.pk).select_related("author").order_by("-number")


def deck_version_get(*, deck: Deck, number: int) -> DeckVersion:
    """Version ``number`` of ``deck``; else :class:`NotFoundError`."""
    version = deck_versions(deck=deck).filter(number=number).first()
    if version is None:
        raise NotFoundError(f"Deck #{deck.pk} has no version {number}.")
    return version


def version_content(version: DeckVersion) -> DeckContent:
    return DeckContent.of(version.name, version.characters, version.cards)


def version_changes(version: DeckVersion) -> DeckDiff:
    """What changed in ``version`` since the one before (as stored when it was saved)."""
    return DeckDiff.from_json(version.changes or {})


def deck_version_diff(*, deck: Deck, before: int, after: int) -> tuple[DeckVersion, DeckVersion, DeckDiff]:
    """Versions ``before`` and ``after`` of ``deck`` and what changed from the one to the other
    (either order: from an older to a newer version, or back)."""
    old = deck_version_get(deck=deck, number=before)
    new = deck_version_get(deck=deck, number=after)
    return old, new, deck_diff(version_content(old), version_content(new))


def deck_version_latest(*, deck: Deck) -> DeckVersion | None:
    return deck_versions(deck=deck).first()


def deck_version_export_text(*, version: DeckVersion, catalog: Catalog | None = None) -> str:
    """A version in the deck text format (its name, characters and cards)."""
    return deck_text_export(
        characters=list(version.characters),
        cards=dict(version.cards),
        catalog=catalog or get_catalog(),
        name=version.name,
    )
