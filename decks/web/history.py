"""The deck history pages: a deck's versions, the diff between two of them, restoring one.

Thin, like the other deck pages: the same selectors and services as the API
(:func:`decks.selectors.deck_versions`, :func:`decks.selectors.deck_version_diff`,
:func:`decks.services.deck_version_restore`); what is shown is computed by
:func:`history_rows` and :func:`diff_rows`. Anyone who may read the deck reads its history; only
who may change it restores a version (docs/lab.md "Deck versions").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from cards.domain.specs import Catalog
from cards.specs import get_catalog
from decks.history import DeckDiff, diff_labels
from decks.models import Deck, DeckVersion
from decks.selectors import (
    deck_version_diff,
    deck_version_get,
    deck_version_latest,
    deck_versions,
    version_changes,
    version_content,
)
from decks.services import deck_version_restore
from decks.web.access import can_edit, deck_readable, deck_writable, signed_in
from decks.web.presenters import slug_label
from eredan.errors import DomainError, NotFoundError
from eredan.users import signed_in_user

#: Versions per page of a deck's history.
HISTORY_PAGE_SIZE = 30
#: The largest version number a URL or query may name (a PositiveIntegerField).
MAX_VERSION = 2**31 - 1


@dataclass(frozen=True)
class VersionRow:
    version: DeckVersion
    summary: str
    current: bool
    size: int


def history_rows(versions: list[DeckVersion], *, current: int | None, catalog: Catalog) -> list[VersionRow]:
    """Each version with its change in one line (cards and characters by name)."""
    rows = []
    for version in versions:
        changes = version_changes(version)
        rows.append(
            VersionRow(
                version=version,
                summary=changes.labelled(diff_labels(changes, catalog)).summary(),
                current=version.number == current,
                size=version_content(version).size,
            )
        )
    return rows


@dataclass(frozen=True)
class DiffRow:
    slug: str
    label: str
    before: int
    after: int

    @property
    def delta(self) -> int:
        return self.after - self.before

    @property
    def magnitude(self) -> int:
        return abs(self.delta)

    @property
    def change(self) -> str:
        """``added``, ``removed``, ``more``, ``fewer`` or ``same``: the row's style."""
        if self.before == self.after:
            return "same"
        if self.before == 0:
            return "added"
        if self.after == 0:
            return "removed"
        return "more" if self.after > self.before else "fewer"


def diff_rows(old: DeckVersion, new: DeckVersion, catalog: Catalog) -> list[DiffRow]:
    """Every card of either version with its counts in both, by label (changed and unchanged)."""
    before, after = version_content(old).cards, version_content(new).cards
    rows = [DiffRow(s, slug_label(s, catalog), before.get(s, 0), after.get(s, 0)) for s in {*before, *after}]
    return sorted(rows, key=lambda r: (r.change == "same", r.label.casefold(), r.slug))


def _number(raw: str | None) -> int | None:
    if raw is None or raw == "":
        return None
    if not (raw.isascii() and raw.isdigit()) or not 1 <= int(raw) <= MAX_VERSION:
        raise Http404("No such version.")
    return int(raw)


def _latest(deck: Deck) -> DeckVersion:
    latest = deck_version_latest(deck=deck)
    if latest is None:
        raise Http404("This deck has no versions yet.")
    return latest


@signed_in
@require_GET
def deck_history(request: HttpRequest, pk: int) -> HttpResponse:
    """The deck's versions, newest first, with who saved each, when, and what it changed."""
    deck = deck_readable(request, pk)
    latest = _latest(deck)
    page = Paginator(deck_versions(deck=deck), HISTORY_PAGE_SIZE).get_page(request.GET.get("page"))
    catalog = get_catalog()
    context: dict[str, Any] = {
        "nav": "decks",
        "deck": deck,
        "page": page,
        "rows": history_rows(list(page.object_list), current=latest.number, catalog=catalog),
        "latest": latest,
        "can_edit": can_edit(request, deck),
    }
    return render(request, "decks/web/history.html", context)


@signed_in
@require_GET
def deck_history_diff(request: HttpRequest, pk: int) -> HttpResponse:
    """Two versions side by side: every card with its counts in both, the characters, the name
    (``?from=&to=``; defaults: the current version and the one before it)."""
    deck = deck_readable(request, pk)
    latest = _latest(deck)
    after = _number(request.GET.get("to")) or latest.number
    before = _number(request.GET.get("from")) or max(1, after - 1)
    try:
        old, new, diff = deck_version_diff(deck=deck, before=before, after=after)
    except NotFoundError as exc:
        raise Http404(exc.message) from exc
    catalog = get_catalog()
    labelled: DeckDiff = diff.labelled(diff_labels(diff, catalog))
    old_chars, new_chars = version_content(old).characters, version_content(new).characters
    characters = [
        (
            i,
            slug_label(old_chars[i], catalog) if i < len(old_chars) else "—",
            slug_label(new_chars[i], catalog) if i < len(new_chars) else "—",
            (old_chars[i] if i < len(old_chars) else None) != (new_chars[i] if i < len(new_chars) else None),
        )
        for i in range(max(len(old_chars), len(new_chars)))
    ]
    context: dict[str, Any] = {
        "nav": "decks",
        "deck": deck,
        "old": old,
        "new": new,
        "latest": latest,
        "diff": labelled,
        "rows": diff_rows(old, new, catalog),
        "characters": characters,
        "numbers": list(range(latest.number, 0, -1)),
        "can_edit": can_edit(request, deck),
    }
    return render(request, "decks/web/history_diff.html", context)


@signed_in
@require_POST
def deck_history_restore(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Write version ``number`` back as the deck's content: a new version."""
    deck = deck_writable(request, pk)
    if number > MAX_VERSION:
        raise Http404("No such version.")
    try:
        deck_version_get(deck=deck, number=number)
    except NotFoundError as exc:
        raise Http404(exc.message) from exc
    try:
        deck = deck_version_restore(deck=deck, number=number, author=signed_in_user(request.user))
    except DomainError as exc:  # the current version, or a card the database no longer has
        messages.error(request, exc.message)
        return redirect("decks_web:history", pk=pk)
    latest = _latest(deck)
    messages.success(request, f"Version {number} restored as version {latest.number}.")
    return redirect("decks_web:history", pk=pk)
