"""What every deck page shares: sign-in for htmx requests, and the deck a URL names as the
visitor may read or change it (a 404 otherwise, never a 403). Helpers of the views
(:mod:`decks.web.views`, :mod:`decks.web.history`), which never import one another."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar, cast
from urllib.parse import urlencode

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from decks.models import Deck
from decks.selectors import deck_get, deck_get_for_update
from eredan.errors import NotFoundError

#: The largest primary key PostgreSQL's bigint holds: beyond it a deck id cannot exist.
MAX_PK = 2**63 - 1

View = TypeVar("View", bound=Callable[..., HttpResponse])


class HtmxRequest(HttpRequest):
    htmx: HtmxDetails


def signed_in(view: View) -> View:
    """Like ``login_required``, but an htmx request whose session has ended reloads the whole
    page at the sign-in form (instead of swapping the form into a fragment)."""

    @wraps(view)
    def wrapper(request: HtmxRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.user.is_authenticated:
            return view(request, *args, **kwargs)
        if request.htmx:
            current = request.htmx.current_url_abs_path or reverse("decks_web:list")
            return HttpResponseClientRedirect(f"{reverse('login')}?{urlencode({'next': current})}")
        return redirect_to_login(request.get_full_path())

    return cast(View, wrapper)


def deck_readable(request: HttpRequest, pk: int) -> Deck:
    """Deck ``pk`` if the visitor may read it; else a 404 (never a 403)."""
    if pk > MAX_PK:
        raise Http404("No such deck.")
    try:
        return deck_get(user=request.user, pk=pk)
    except NotFoundError as exc:
        raise Http404(exc.message) from exc


def deck_writable(request: HttpRequest, pk: int) -> Deck:
    """Deck ``pk``, locked for a change, if the visitor may change it; else a 404."""
    if pk > MAX_PK:
        raise Http404("No such deck.")
    try:
        return deck_get_for_update(user=request.user, pk=pk)
    except NotFoundError as exc:
        raise Http404(exc.message) from exc


def can_edit(request: HttpRequest, deck: Deck) -> bool:
    """Whether the visitor may change ``deck`` (its owner, or staff)."""
    return deck.owner_id == request.user.pk or bool(getattr(request.user, "is_staff", False))
