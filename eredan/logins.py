"""Failed logins (django-axes): what is counted, and what a locked-out client is told.

django-axes counts the failed logins of ``/accounts/login/``, ``/admin/login/`` and the API's
Basic authentication (all go through ``django.contrib.auth.authenticate``), per account and per
client address (settings ``AXES_*``, from ``LOGIN_FAILURE_LIMIT`` and ``LOGIN_LOCKOUT_MINUTES``).
A locked-out login is refused before any password is hashed; the lockout ends
``LOGIN_LOCKOUT_MINUTES`` after the last failure that counted (attempts during it are not
counted). This module gives axes the account name it counts and the answer it sends: a 429 with
``Retry-After`` — the project's error body under ``/api/``, a page saying when to come back
elsewhere.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Max, Q
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone

from eredan.network import client_ident

#: Longer names cannot be accounts (``User.username`` holds 150 characters) and would not fit
#: axes' own column: what is counted is cut there.
MAX_USERNAME = 150
LOCKOUT_CODE = "login_locked_out"


def login_username(request: Any, credentials: dict[str, Any] | None) -> str | None:
    """The account a login attempt names (axes' ``AXES_USERNAME_CALLABLE``)."""
    if credentials is not None:
        username = credentials.get("username")
    else:
        username = getattr(request, "POST", {}).get("username")
    return str(username)[:MAX_USERNAME] if username is not None else None


def lockout_seconds(request: Any, credentials: dict[str, Any] | None = None) -> int:
    """At most how long the lockout of this request's address or account still lasts."""
    from axes.models import AccessAttempt

    cool_off: timedelta = settings.AXES_COOLOFF_TIME
    now = timezone.now()
    who = Q(ip_address=client_ident(request))
    username = login_username(request, credentials)
    if username is not None:
        who |= Q(username=username)
    latest: datetime | None = AccessAttempt.objects.filter(who, attempt_time__gte=now - cool_off).aggregate(
        latest=Max("attempt_time")
    )["latest"]
    if latest is None:
        return 0
    return max(1, math.ceil((latest + cool_off - now).total_seconds()))


def lockout_message(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return (
        "Too many failed logins for this account or from this address: logging in is blocked for "
        f"{minutes} more minute{'s' if minutes != 1 else ''}. Try again then."
    )


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    """The answer to a locked-out login (axes' ``AXES_LOCKOUT_CALLABLE``): 429, ``Retry-After``."""
    seconds = lockout_seconds(request, credentials if isinstance(credentials, dict) else None)
    message = lockout_message(seconds)
    response: HttpResponse
    if request.path.startswith("/api/"):
        response = JsonResponse(
            {"errors": [{"code": LOCKOUT_CODE, "message": message, "field": None}]}, status=429
        )
    else:
        login_url = "admin:login" if request.path.startswith("/admin/") else "login"
        response = render(
            request,
            "registration/locked_out.html",
            {"message": message, "seconds": seconds, "login_url": login_url},
            status=429,
        )
    response["Retry-After"] = str(seconds)
    return response
