"""The game viewer: step through a recorded game (docs/pages.md "The game viewer").

Two doors: a simulation's recorded game (the job's owner only; anyone else gets a 404, as on every
job page) and a record file uploaded by anyone (kept in the session while it is viewed). Thin:
read, call :func:`simulator.services.records.record_view` (which replays the record through the
engine and draws a board per step, :mod:`simulator.records.boards`), render.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from eredan.errors import NotFoundError
from simulator import selectors
from simulator.limits import MAX_RECORD_BYTES
from simulator.records import RecordError, loads, validate_shape
from simulator.records.boards import Viewing
from simulator.services.records import record_view

#: Where an uploaded record waits in the session while it is viewed.
SESSION_KEY = "viewer_record"
GAME_NAMES = {"eredan": "Eredan", "cribbage": "Cribbage", "ecarte": "Écarté", "crapette": "Crapette"}


class RecordUploadForm(forms.Form):
    record = forms.FileField(label="Record file (JSON)")


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value not in (None, "") else None
    except (TypeError, ValueError):
        return None


def _step_number(request: HttpRequest, viewing: Viewing) -> int:
    """``?step=N``, or the first step of ``?turn=`` / ``?deal=`` (the jump form)."""
    jump = viewing.first_step(deal=_int(request.GET.get("deal")), turn=_int(request.GET.get("turn")))
    if jump is not None:
        return jump
    step = _int(request.GET.get("step"))
    return 0 if step is None else step


def _context(request: HttpRequest, viewing: Viewing, base: str) -> dict[str, Any]:
    context: dict[str, Any] = {
        "viewing": viewing,
        "base": base,
        "game_name": GAME_NAMES.get(viewing.game, viewing.game),
    }
    if viewing.steps:
        step = viewing.step_at(_step_number(request, viewing))
        last = len(viewing.steps) - 1
        context.update(
            step=step,
            board=step.board,
            last=last,
            prev=step.number - 1 if step.number > 0 else None,
            next=step.number + 1 if step.number < last else None,
            template=f"simulator/web/viewer/_{viewing.game}.html",
        )
    return context


@login_required
def job_record(request: HttpRequest, pk: int, pairing: int, index: int) -> HttpResponse:
    """A simulation's recorded game, in the viewer."""
    try:
        job = selectors.job_get(user=request.user, pk=pk)
        row = selectors.job_record_get(job=job, pairing=pairing, index=index)
    except NotFoundError:
        raise Http404("No such recorded game.") from None
    viewing = record_view(record=row.record)
    context = _context(request, viewing, request.path)
    context.update(job=job, title=f"Simulation #{job.pk}, pairing {pairing}, game {index}")
    return render(request, "simulator/web/viewer/viewer.html", context)


def upload(request: HttpRequest) -> HttpResponse:
    """Upload a record file (anyone) and step through it; a bad file is said on the page."""
    base = reverse("simulator_web:record_upload")
    error = ""
    form = RecordUploadForm()
    if request.method == "POST":
        form = RecordUploadForm(request.POST, request.FILES)
        if form.is_valid():
            uploaded = form.cleaned_data["record"]
            if uploaded.size > MAX_RECORD_BYTES:
                error = f"The file is {uploaded.size:,} bytes; a record may be at most {MAX_RECORD_BYTES:,}."
            else:
                try:
                    record = loads(uploaded.read())
                    validate_shape(record)
                except RecordError as exc:
                    error = f"This file is not a game record: {exc.message}"
                else:
                    request.session[SESSION_KEY] = record
                    return redirect(base)
        else:
            error = "Choose a record file to upload."
        # A refusal is the form again with its error (200, as the other pages' refusals).
        return render(
            request, "simulator/web/viewer/upload.html", {"form": form, "error": error, "base": base}
        )
    record = request.session.get(SESSION_KEY)
    if record is None:
        return render(request, "simulator/web/viewer/upload.html", {"form": form, "error": "", "base": base})
    viewing = record_view(record=record)
    context = _context(request, viewing, base)
    context.update(form=form, uploaded=True, title="An uploaded record")
    return render(request, "simulator/web/viewer/viewer.html", context)
