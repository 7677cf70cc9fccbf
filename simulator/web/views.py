"""The simulation pages: your jobs, start one, follow it (htmx polls a small fragment), cancel it,
read its results. Thin: parse with a form, call the same services and selectors as the API
(``simulator.services``, ``simulator.selectors``), render.

Anyone else's job is a 404, as in the API. See docs/pages.md "Simulations".
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from cards.collection.selectors import collection_list
from cards.domain.text import Lang
from decks.models import Deck
from decks.selectors import deck_list, decks_current, demo_decks
from eredan.errors import DomainError, NotFoundError
from eredan.language import card_lang
from eredan.users import signed_in_user
from simulator import selectors
from simulator.engine.registry import DEFAULT_GAME, GameSpec, UnknownGameError, game_specs, get_game_spec
from simulator.models import SimulationJob
from simulator.services.jobs import job_cancel, job_create
from simulator.web.forms import (
    KIND_CHOICES,
    KIND_HINTS,
    OPTION_PREFIX,
    CompareForm,
    OptimizeForm,
    SimulationForm,
    initial_from_job,
    is_number,
)
from simulator.web.presenters import (
    CARD_METRICS,
    CARD_SORTS,
    acquire_view,
    entrants_summary,
    optimize_view,
    parse_field,
    percent,
    progress_view,
    results_view,
)

NAV = "simulations"
#: Jobs per page of the list.
PAGE_SIZE = 20
#: Links to the game viewer on a job's page (its recorded games; the API lists them all).
MAX_RECORD_LINKS = 50
#: How often a running job's page asks for its progress.
POLL_SECONDS = 1
#: How often the list asks for the progress of its running jobs.
LIST_POLL_SECONDS = 2


def _job(request: HttpRequest, pk: int) -> SimulationJob:
    try:
        return selectors.job_get(user=request.user, pk=pk)
    except NotFoundError:
        raise Http404("No such simulation job.") from None


def _row(job: SimulationJob) -> dict[str, Any]:
    return {
        "job": job,
        "game": _game_name(job.game),
        "entrants": entrants_summary(job.kind, [e.label for e in job.entrants.all()]),
        "total": f"{job.total_games:,}",
        "percent": percent(job.games_done / job.total_games if job.total_games else 0.0, 0),
    }


@login_required
def index(request: HttpRequest) -> HttpResponse:
    """Your jobs, newest first; the status and progress of those still running are polled."""
    jobs = selectors.job_list(user=request.user).prefetch_related("entrants")
    page = Paginator(jobs, PAGE_SIZE).get_page(request.GET.get("page"))
    rows = [_row(job) for job in page]
    active = [row["job"].pk for row in rows if row["job"].is_active]
    return render(
        request,
        "simulator/web/index.html",
        {"nav": NAV, "page": page, "rows": rows, "active": active, "poll_seconds": LIST_POLL_SECONDS},
    )


def list_progress(request: HttpRequest) -> HttpResponse:
    """What the list polls: the status and progress cells of the jobs asked for (``ids``, yours
    only), swapped out of band, and the poller again while one of them is still running."""
    if not request.user.is_authenticated:
        return _signed_out(request, reverse("simulator_web:list"))
    if request.headers.get("HX-Request") != "true":
        return redirect("simulator_web:list")
    ids = [int(v) for v in request.GET.get("ids", "").split(",")[:PAGE_SIZE] if is_number(v)]
    jobs = selectors.job_list(user=request.user).filter(pk__in=ids).prefetch_related("entrants")
    rows = [_row(job) for job in jobs]
    active = [row["job"].pk for row in rows if row["job"].is_active]
    return render(
        request,
        "simulator/web/_list_update.html",
        {"rows": rows, "active": active, "poll_seconds": LIST_POLL_SECONDS},
    )


def _signed_out(request: HttpRequest, page: str) -> HttpResponse:
    """Signed out meanwhile (elsewhere, or the session expired): the whole page goes to the
    sign-in form, not the sign-in form into a polled fragment."""
    login = redirect_to_login(page)
    if request.headers.get("HX-Request") == "true":
        return HttpResponse(status=204, headers={"HX-Redirect": login["Location"]})
    return login


def _game_name(name: str) -> str:
    """A game's display name (a job of a game no longer registered keeps its name)."""
    try:
        return get_game_spec(name).display_name
    except UnknownGameError:
        return name


def _uses_decks(name: str) -> bool:
    try:
        return get_game_spec(name).uses_decks
    except UnknownGameError:
        return False


def _game(request: HttpRequest) -> GameSpec:
    name = request.POST.get("game") or request.GET.get("game") or DEFAULT_GAME
    try:
        return get_game_spec(name)
    except UnknownGameError:
        raise Http404("No such game.") from None


def _deck_groups(user: Any) -> list[tuple[str, list[Deck]]]:
    mine = list(deck_list(user=user, mine=True))
    decks_current(decks=mine)
    return [("Your decks", mine), ("Demo decks", demo_decks())]


def _start_job(
    request: HttpRequest, form: SimulationForm | CompareForm | OptimizeForm
) -> HttpResponse | None:
    """Create the job of a valid job form and go to its page; ``None`` when the form is invalid or
    the service refused it (its problems are then on the form). A job saved while the broker was
    down is shown with the message saying so."""
    if not form.is_valid():
        return None
    try:
        job = job_create(owner=signed_in_user(request.user), **form.job_arguments())
    except DomainError as error:
        if error.code == "broker_unavailable" and error.details.get("job"):
            messages.error(request, error.message)
            return redirect("simulator_web:detail", pk=error.details["job"])
        form.add_service_errors(error)
        return None
    return redirect("simulator_web:detail", pk=job.pk)


@login_required
@require_http_methods(["GET", "POST"])
def new(request: HttpRequest) -> HttpResponse:
    """Start a matchup, a gauntlet or a round robin; problems are shown beside their fields."""
    spec = _game(request)
    if request.method == "POST":
        form = SimulationForm(request.POST, spec=spec)
        started = _start_job(request, form)
        if started is not None:
            return started
        # Refused: the form again with the problems beside the fields, as a 200 page (like Django's
        # own sign-in form; a 4xx document is logged as a failed load by browsers).
    else:
        initial: dict[str, Any] = {}
        again = request.GET.get("again")
        if again is not None:  # the settings of one of your jobs: run it again
            if not is_number(again):
                raise Http404("No such simulation job.")
            job = _job(request, int(again))
            spec = get_game_spec(job.game)
            initial = initial_from_job(job)
        elif spec.uses_decks and is_number(request.GET.get("deck", "")):
            initial["first"] = request.GET["deck"]
        form = SimulationForm(initial=initial, spec=spec)
    context = {
        "nav": NAV,
        "form": form,
        "spec": spec,
        "games": [(game.name, game.display_name) for game in game_specs()],
        "game_name": spec.display_name,
        "kinds": [(value, label, KIND_HINTS[value]) for value, label in KIND_CHOICES],
        "policies": list(spec.policies),
        "deck_groups": _deck_groups(request.user) if spec.uses_decks else [],
        "chosen_first": str(form["first"].value() or ""),
        "chosen_opponents": [str(v) for v in (form["opponents"].value() or [])],
        "chosen_kind": str(form["kind"].value() or ""),
        "more_open": any(
            form[name].errors
            for name in form.fields
            if name.startswith(OPTION_PREFIX) or name == "record_games"
        ),
    }
    return render(request, "simulator/web/new.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def compare_new(request: HttpRequest) -> HttpResponse:
    """Start a compare: a base, its variants and a field, on the same games (docs/lab.md)."""
    spec = _game(request)
    if request.method == "POST":
        form = CompareForm(request.POST, spec=spec)
        started = _start_job(request, form)
        if started is not None:
            return started
    else:
        initial: dict[str, Any] = {}
        if spec.uses_decks and is_number(request.GET.get("deck", "")):
            initial["first"] = request.GET["deck"]
        form = CompareForm(initial=initial, spec=spec)
    deck_groups = _deck_groups(request.user) if spec.uses_decks else []
    context = {
        "nav": NAV,
        "form": form,
        "spec": spec,
        "games": [(game.name, game.display_name) for game in game_specs()],
        "game_name": spec.display_name,
        "policies": list(spec.policies),
        "deck_groups": deck_groups,
        "chosen_first": str(form["first"].value() or ""),
        "chosen_variants": [str(v) for v in (form["variants"].value() or [])],
        "chosen_field": [str(v) for v in (form["field"].value() or [])],
    }
    # Each opponent's weight beside its box, as typed (kept when the form comes back refused).
    typed = form.typed_weights()
    context["field_groups"] = [
        (group, [(deck, typed.get(str(deck.pk), "")) for deck in decks]) for group, decks in deck_groups
    ]
    context["field_policies"] = [(p, typed.get(p, "")) for p in spec.policies]
    return render(request, "simulator/web/compare_new.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def optimize_new(request: HttpRequest) -> HttpResponse:
    """Start an optimize: a deck, a field, a budget (docs/lab.md "Optimizer")."""
    spec = get_game_spec(DEFAULT_GAME)
    if request.method == "POST":
        form = OptimizeForm(request.POST, spec=spec)
        started = _start_job(request, form)
        if started is not None:
            return started
    else:
        initial: dict[str, Any] = {}
        if is_number(request.GET.get("deck", "")):
            initial["first"] = request.GET["deck"]
        form = OptimizeForm(initial=initial, spec=spec)
    context = {
        "nav": NAV,
        "form": form,
        "spec": spec,
        "policies": list(spec.policies),
        "deck_groups": _deck_groups(request.user),
        "collections": collection_list(user=request.user, owner_id=request.user.pk),
        "chosen_first": str(form["first"].value() or ""),
        "chosen_field": [str(v) for v in (form["field"].value() or [])],
    }
    return render(request, "simulator/web/optimize_new.html", context)


def _live_context(
    job: SimulationJob,
    pairing: int = 0,
    cards_sort: str = "in_hand",
    field: list[float] | None = None,
    lang: Lang = "en",
) -> dict[str, Any]:
    progress = selectors.job_progress(job=job)
    results = None
    optimize = acquire = None
    if job.kind == SimulationJob.Kind.OPTIMIZE:  # the search as it stands, then its outcome
        optimize = optimize_view(selectors.job_results(job=job))
    elif job.kind == SimulationJob.Kind.ACQUIRE:
        acquire = acquire_view(selectors.job_results(job=job))
    elif not job.is_active:
        data = selectors.job_results(job=job)
        if data["games"] or job.status == SimulationJob.Status.DONE:
            results = results_view(data, pairing=pairing, cards_sort=cards_sort, field=field, lang=lang)
    return {
        "job": job,
        # the characters CSV: a game whose sides bring decks of characters (its spec says so)
        "characters_table": _uses_decks(job.game),
        "progress": progress_view(job=job, progress=progress),
        "status_hint": selectors.job_status_hint(job=job),
        "results": results,
        "poll_seconds": POLL_SECONDS,
        "pairing": pairing,
        "card_columns": CARD_METRICS,
        "optimize": optimize,
        "acquire": acquire,
    }


@login_required
def detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A job: its entrants and settings, its progress while it runs, its results once ended."""
    job = _job(request, pk)
    pairings = job.pairings.count()
    raw = request.GET.get("pairing", "0")
    entrants = list(job.entrants.order_by("index"))
    # A compare's pairings are its arms against each opponent of the field (its results' tables).
    shown = len([e for e in entrants if e.role != "field"]) * len([e for e in entrants if e.role == "field"])
    if job.kind not in (SimulationJob.Kind.COMPARE, SimulationJob.Kind.OPTIMIZE, SimulationJob.Kind.ACQUIRE):
        shown = pairings
    if not is_number(raw, 6) or int(raw) >= max(shown, 1):
        raise Http404("No such pairing.")
    cards_sort = request.GET.get("cards_sort", "in_hand")
    if cards_sort not in CARD_SORTS:
        raise Http404("No such way to sort the cards.")
    # A round robin's "your field" (docs/lab.md "Metagame"): one weight per entrant, as ?w=…&w=….
    field = field_error = None
    if "w" in request.GET and job.kind == SimulationJob.Kind.ROUND_ROBIN:
        field = parse_field(request.GET.getlist("w"), len(entrants))
        if field is None:
            field_error = "Give each entrant a weight of 0 or more, not all 0."
    facts = {
        "games": f"{job.games:,}",
        "pairings": f"{pairings:,}",
        "total": f"{job.total_games:,}",
        "chunks": f"{job.total_chunks:,}, up to {job.chunk_size:,} games each",
    }
    if job.kind == SimulationJob.Kind.OPTIMIZE:
        search = job.search or {}
        kept = ", ".join(search.get("keep") or []) or "nothing"
        facts = {
            "budget": f"{job.games:,} games (the search's and the confirmation's)",
            "chunks": f"{job.chunks_done:,} so far, about {job.chunk_size:,} games each",
            "keep": kept,
            "characters": "may change" if search.get("characters_may_change") else "kept",
            "collection": "only your collection's copies" if search.get("owned") is not None else "any card",
        }
    if job.kind == SimulationJob.Kind.ACQUIRE:
        facts = {
            "budget": f"{job.games:,} games",
            "collection": job.collection.name if job.collection is not None else "(deleted)",
        }
    if job.kind == SimulationJob.Kind.COMPARE:
        arms = len([e for e in entrants if e.role != "field"])
        facts["pairings"] = f"{shown:,} (each arm against each opponent)"
        facts["total"] = f"{job.total_games * arms:,} ({arms} arms)"
        if job.stop:
            margin = 100 * job.stop["margin"]
            facts["stop"] = f"rounds until every difference is resolved at ±{margin:g} points"
    context = {
        "nav": NAV,
        "entrants": entrants,
        "facts": facts,
        "game_name": _game_name(job.game),
        **_live_context(job, int(raw), cards_sort, field, card_lang(request)),
        "field_error": field_error,
    }
    recorded = selectors.job_records(job=job)
    context["recorded"] = recorded[:MAX_RECORD_LINKS]
    context["recorded_more"] = len(recorded) if len(recorded) > MAX_RECORD_LINKS else 0
    return render(request, "simulator/web/detail.html", context)


def progress(request: HttpRequest, pk: int) -> HttpResponse:
    """The progress fragment htmx polls; once the job has ended, the final state and the results
    (and polling stops: the fragment no longer asks to be polled)."""
    page = reverse("simulator_web:detail", kwargs={"pk": pk})
    if not request.user.is_authenticated:
        return _signed_out(request, page)
    job = _job(request, pk)
    if request.headers.get("HX-Request") != "true":
        return redirect(page)
    return render(request, "simulator/web/_progress_update.html", _live_context(job, lang=card_lang(request)))


@login_required
@require_POST
def cancel(request: HttpRequest, pk: int) -> HttpResponse:
    job = _job(request, pk)
    try:
        job_cancel(job=job)
    except DomainError as error:
        messages.info(request, error.message)
    else:
        messages.success(request, f"Simulation #{job.pk} cancelled.")
    return redirect(reverse("simulator_web:detail", kwargs={"pk": job.pk}))
