"""The pages' own views: the home page, the sign-in page and the card-language switch. Each app
serves its pages from ``<app>/web/``."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from eredan.language import COOKIE, COOKIE_MAX_AGE, parse_lang
from eredan.services import demo_players_listed, site_counts


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "eredan/home.html", {"counts": site_counts()})


class SignInView(LoginView):
    """Django's sign-in page, naming the demo players when ``bootstrap --demo`` made them."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["demo_players"] = demo_players_listed()
        return context


@require_POST
def card_language_set(request: HttpRequest) -> HttpResponse:
    """Choose the card language (``lang``: ``en`` or ``fr``) and go back to ``next`` (a page of
    this site; the home page otherwise). Anything but ``fr`` is English."""
    lang = parse_lang(request.POST.get("lang"))
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
        back = reverse("home")
    response = HttpResponseRedirect(back or reverse("home"))
    response.set_cookie(COOKIE, lang, max_age=COOKIE_MAX_AGE, samesite="Lax", secure=request.is_secure())
    return response
