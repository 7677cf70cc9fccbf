"""Views of the cards pages. Thin: parse, call a service or selector, render."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "cards/web/index.html", {"nav": "cards"})
