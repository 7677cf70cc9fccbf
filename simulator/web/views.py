"""Views of the simulator pages. Thin: parse, call a service or selector, render."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "simulator/web/index.html", {"nav": "simulations"})
