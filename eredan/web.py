"""The pages' own views: the home page. Each app serves its pages from ``<app>/web/``."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from eredan.services import site_counts


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "eredan/home.html", {"counts": site_counts()})
