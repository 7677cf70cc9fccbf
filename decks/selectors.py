"""Reads of decks: who sees which deck, their slugs, and their (never stale) validation result.

Visibility (rules of the decks API): an owner sees their decks; everyone (anonymous clients too)
sees public decks (the bundled demo decks, and decks their owner made public); staff see all.
Anything else is "not found" — never "forbidden", which would leak that the deck exists.

Validation results are stored on the deck with the catalog version token they were computed at.
Every selector that returns decks compares that token with the current catalog's
(``cards.specs.get_catalog()``: one query) and recomputes and stores the results that are out of
date before returning, so a result is never older than the card database.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.db.models import Prefetch, Q, QuerySet

from cards.domain.specs import Catalog
from cards.specs import get_catalog
from decks.models import Deck, DeckCard, DeckCharacter
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
    """The decks ``user`` may read (not yet revalidated: use :func:`deck_list` / :func:`deck_get`)."""
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
    private (False) decks; ``valid``: only decks whose current result is (in)valid (the results
    out of date are recomputed first). Pass the page you show to :func:`decks_revalidate`.
    """
    qs = deck_visible(user=user)
    if mine is not None:
        own = Q(owner_id=user.pk) if getattr(user, "is_authenticated", False) else Q(pk__in=[])
        qs = qs.filter(own) if mine else qs.exclude(own)
    if public is not None:
        qs = qs.filter(is_public=public)
    if valid is not None:
        decks_revalidate_stale(qs=qs)
        qs = qs.filter(validation__valid=valid)
    return with_entries(qs.order_by("-updated_at", "-id"))


def decks_revalidate_stale(*, qs: QuerySet[Deck], catalog: Catalog | None = None, chunk: int = 500) -> int:
    """Recompute the results of the decks of ``qs`` computed at another catalog version.

    Works in chunks of ``chunk`` decks (three queries and one bulk update each), so memory stays
    bounded whatever the number of decks.
    """
    catalog = catalog or get_catalog()
    if catalog.version:
        stale = qs.filter(Q(validation__isnull=True) | ~Q(validated_version=catalog.version))
    else:
        stale = qs  # no version token: nothing can be known current
    total = 0
    ids = list(stale.values_list("pk", flat=True))
    for start in range(0, len(ids), chunk):
        decks = list(with_entries(Deck.objects.filter(pk__in=ids[start : start + chunk])))
        total += decks_revalidate(decks=decks, catalog=catalog)
    return total


def deck_get(*, user: Viewer, pk: int | str) -> Deck:
    """A deck ``user`` may read, revalidated if needed; else :class:`NotFoundError`."""
    deck = _find(deck_visible(user=user), pk)
    decks_revalidate(decks=[deck])
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


def deck_result(deck: Deck, *, catalog: Catalog) -> ValidationResult:
    """Compute the deck's validation result against ``catalog`` (docs/rules/eredan.md §2)."""
    characters, cards = deck_slugs(deck)
    return validate_deck(characters=characters, cards=cards, catalog=catalog)


def decks_revalidate(*, decks: Sequence[Deck], catalog: Catalog | None = None, force: bool = False) -> int:
    """Recompute and store the results computed at another catalog version; return how many.

    A catalog without a version token (no version row) is never trusted as current: its decks
    are recomputed on every read.
    """
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


def deck_export_text(*, deck: Deck, catalog: Catalog | None = None) -> str:
    """The deck in the text format (docs/decks.md "Text format")."""
    characters, cards = deck_slugs(deck)
    return deck_text_export(
        characters=characters, cards=cards, catalog=catalog or get_catalog(), name=deck.name
    )


def demo_decks(*, slugs: Iterable[str] | None = None) -> list[Deck]:
    """The public demo decks (owner empty, with a slug), e.g. for the simulator."""
    qs = Deck.objects.filter(owner__isnull=True, slug__isnull=False)
    if slugs is not None:
        qs = qs.filter(slug__in=list(slugs))
    decks = list(with_entries(qs.order_by("slug")))
    decks_revalidate(decks=decks)
    return decks


def owned_counts_for(*, user: Viewer, collection_id: int) -> dict[str, int]:
    """Card or character slug → copies held by collection ``collection_id`` of ``user``.

    docs/rules/eredan.md §2.9 (validating against a collection). Someone else's collection (or any, for
    an anonymous client) is "not found", never "forbidden". Staff may check any collection.
    """
    from cards.collection.selectors import collection_get, collection_owned_counts

    return collection_owned_counts(collection=collection_get(user=user, pk=collection_id))
