"""The lab's panels on other apps' pages (docs/lab.md), loaded with htmx from the simulator's URLs
— the deck and collection pages know nothing of simulations (the layers: simulator over decks
over cards):

- **Simulate this change** beside the diff of two versions of a deck ("Deck versions"): run a
  compare of the older version (the base) and the newer one (the variant) against a field, and
  read the measured difference with its 95 % interval;
- **What to get next** on the collection page ("What to get next"): rank the cards the
  collection lacks for a deck against a field, and read the latest rankings.

Thin: the same services and selectors as the API.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from cards.collection.models import Collection
from decks.models import Deck
from decks.selectors import deck_get, deck_list, demo_decks
from eredan.errors import DomainError, NotFoundError
from eredan.users import signed_in_user
from simulator import selectors
from simulator.services.jobs import job_create
from simulator.services.requests import EntrantInput
from simulator.web.forms import is_number
from simulator.web.presenters import acquire_view, percent, points

#: Games per version by default: about ±2.5 points on a change of a few cards (paired games).
DEFAULT_VERSION_GAMES = 2000
#: How often the panel asks again while one of its compares runs.
PANEL_POLL_SECONDS = 2


def _deck(request: HttpRequest, pk: int) -> Deck:
    try:
        return deck_get(user=request.user, pk=pk)
    except NotFoundError:
        raise Http404("No such deck.") from None


def _numbers(data: Any) -> tuple[int, int]:
    raw_from, raw_to = data.get("from", ""), data.get("to", "")
    if not is_number(raw_from, 9) or not is_number(raw_to, 9):
        raise Http404("No such version.")
    return int(raw_from), int(raw_to)


def _row(compare: selectors.VersionCompare) -> dict[str, Any]:
    job, d = compare.job, compare.difference
    row: dict[str, Any] = {
        "job": job,
        "games": f"{job.games:,}",
        "percent": percent(job.games_done / job.total_games if job.total_games else 0.0, 0),
        "field": ", ".join(e.label for e in job.entrants.filter(role="field").order_by("index")[:4]),
        "estimate": None,
    }
    if d is not None:
        lo, hi = d["ci95"]
        verdict = "better" if lo > 0 else "worse" if hi < 0 else "no difference shown"
        row.update(estimate=points(d["estimate"]), interval=f"[{points(lo)}, {points(hi)}]", verdict=verdict)
        row["played"] = f"{d['games']:,}"
    return row


@login_required
@require_GET
def version_compare_panel(request: HttpRequest, pk: int) -> HttpResponse:
    """The panel: the compares of these two versions (theirs, newest first) with their measured
    difference, and a form to run one (for your decks and the demo decks)."""
    deck = _deck(request, pk)
    before, after = _numbers(request.GET)
    compares = selectors.version_compares(user=request.user, deck_id=deck.pk, before=before, after=after)
    rows = [_row(c) for c in compares]
    context = {
        "deck": deck,
        "before": before,
        "after": after,
        "rows": rows,
        "can_run": before != after and deck.owner_id in (None, request.user.pk),
        "running": any(r["job"].is_active for r in rows),
        "poll_seconds": PANEL_POLL_SECONDS,
        "default_games": DEFAULT_VERSION_GAMES,
        "field_decks": [*deck_list(user=request.user, mine=True), *demo_decks()],
    }
    return render(request, "simulator/web/_version_compare.html", context)


@login_required
@require_POST
def version_compare_start(request: HttpRequest, pk: int) -> HttpResponse:
    """Run a compare of version ``from`` (the base) and version ``to`` (the variant) of the deck
    against the field asked for; back to the diff, where the panel follows it."""
    deck = _deck(request, pk)
    before, after = _numbers(request.POST)
    back = (
        reverse("decks_web:history_diff", kwargs={"pk": deck.pk})
        + "?"
        + urlencode({"from": before, "to": after})
    )
    games = request.POST.get("games", "")
    seed = request.POST.get("seed", "")
    field_value = request.POST.get("field", "demo")
    field: object = field_value  # "demo", or a deck's id (anything else: the service says what)
    if is_number(field_value):
        field = [EntrantInput(deck=int(field_value))]
    try:
        job = job_create(
            owner=signed_in_user(request.user),
            game="eredan",
            kind="compare",
            entrants=[EntrantInput(deck=deck.pk, version=before), EntrantInput(deck=deck.pk, version=after)],
            field=field,
            games=int(games) if is_number(games, 9) else games,
            seed=int(seed) if is_number(seed) else (None if seed == "" else seed),
        )
    except DomainError as error:
        messages.error(request, "Nothing was started: " + " ".join(e.message for e in error.errors))
        return redirect(back)
    messages.success(
        request, f"Simulation #{job.pk} started: its measured difference shows beside the diff as it plays."
    )
    return redirect(back)


# --- what to get next -------------------------------------------------------------------------------

#: The budget offered by default: about fifteen cards of the default ranking (some minutes of play).
DEFAULT_ACQUIRE_BUDGET = 30_000
#: Rankings shown on the collection page, and rows of each.
SHOWN_RANKINGS, SHOWN_ROWS = 3, 5


def _collection(request: HttpRequest, pk: int) -> Collection:
    collection = Collection.objects.filter(pk=pk, owner_id=request.user.pk).first()
    if collection is None:
        raise Http404("No such collection.")
    return collection


@login_required
@require_GET
def acquire_panel(request: HttpRequest, pk: int) -> HttpResponse:
    """The collection page's "What to get next": a form to rank what the collection lacks for a
    deck, and its latest rankings (each card's gain with its interval)."""
    collection = _collection(request, pk)
    jobs = selectors.acquire_jobs(user=request.user, collection_id=collection.pk, limit=SHOWN_RANKINGS)
    rankings = [(job, acquire_view(selectors.job_results(job=job), rows=SHOWN_ROWS)) for job in jobs]
    context = {
        "collection": collection,
        "rankings": rankings,
        "running": any(job.is_active for job in jobs),
        "poll_seconds": PANEL_POLL_SECONDS,
        "decks": [*deck_list(user=request.user, mine=True), *demo_decks()],
        "default_budget": DEFAULT_ACQUIRE_BUDGET,
    }
    return render(request, "simulator/web/_acquire_panel.html", context)


@login_required
@require_POST
def acquire_start(request: HttpRequest, pk: int) -> HttpResponse:
    """Start a ranking of what the collection lacks for the deck asked for; to its page."""
    collection = _collection(request, pk)
    deck, budget, seed = (request.POST.get(k, "") for k in ("deck", "budget", "seed"))
    field_value = request.POST.get("field", "demo")
    field: object = field_value
    if is_number(field_value):
        field = [EntrantInput(deck=int(field_value))]
    try:
        job = job_create(
            owner=signed_in_user(request.user),
            game="eredan",
            kind="acquire",
            entrants=[EntrantInput(deck=int(deck) if is_number(deck) else deck)],
            field=field,
            games=int(budget) if is_number(budget, 9) else budget,
            seed=int(seed) if is_number(seed) else (None if seed == "" else seed),
            collection_id=collection.pk,
        )
    except DomainError as error:
        messages.error(request, "Nothing was started: " + " ".join(e.message for e in error.errors))
        return redirect(reverse("cards_web:collection-detail", kwargs={"collection_pk": collection.pk}))
    return redirect("simulator_web:detail", pk=job.pk)
