"""HTTP Basic authentication whose failures count towards the login lockout (django-axes).

DRF authenticates a request before it throttles it, so without a lockout a client could try
passwords without limit, each try costing a password hash (tenths of a second of CPU). Basic
credentials go through ``django.contrib.auth.authenticate`` like the login pages' do, so
django-axes counts their failures per account and per client address (``eredan/logins.py``);
a locked-out account or address gets a 429 ``login_locked_out`` with ``Retry-After`` before any
hash is computed — the right password included — until the lockout ends. Successful logins are
not counted (a script using Basic authentication re-authenticates on every request).
"""

from __future__ import annotations

from typing import Any

import drf_spectacular.authentication
from rest_framework import authentication, exceptions, status

from eredan.logins import LOCKOUT_CODE, lockout_message, lockout_seconds


class LoginLockedOut(exceptions.APIException):
    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_code = LOCKOUT_CODE

    def __init__(self, seconds: int) -> None:
        super().__init__(lockout_message(seconds), LOCKOUT_CODE)
        self.wait = seconds


class BasicAuthentication(authentication.BasicAuthentication):
    def authenticate_credentials(self, userid: str, password: str, request: Any = None) -> Any:
        try:
            return super().authenticate_credentials(userid, password, request)
        except exceptions.AuthenticationFailed:
            if request is not None and getattr(request, "axes_locked_out", False):
                raise LoginLockedOut(lockout_seconds(request, {"username": userid})) from None
            raise


class BasicScheme(drf_spectacular.authentication.BasicScheme):
    """OpenAPI: the same ``basicAuth`` security scheme as DRF's class."""

    target_class = "eredan.api.authentication.BasicAuthentication"
