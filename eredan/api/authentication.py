"""HTTP Basic authentication with its failures throttled per client address.

DRF authenticates a request before it checks throttles, so the anonymous rate never applies to a
request carrying credentials: a client could try passwords without limit, and each try costs a
password hash (tenths of a second of CPU). Here an address with too many recent failures gets a
429 before any hash is computed. Successful logins are not counted (a script using Basic
authentication re-authenticates on every request).
"""

from __future__ import annotations

from typing import Any

import drf_spectacular.authentication
from rest_framework import authentication, exceptions
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

#: The rate's name in ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]``.
AUTH_FAILURE_SCOPE = "auth_failure"


class AuthFailureThrottle(SimpleRateThrottle):
    """Counts failed logins per client address; a hit is recorded only by :meth:`record_failure`."""

    scope = AUTH_FAILURE_SCOPE
    # Set by SimpleRateThrottle.__init__ from the rate (both None when no rate is configured);
    # the stubs leave them out.
    num_requests: int | None
    duration: int | None

    def get_rate(self) -> str | None:
        # Read at each request, not at import as DRF does: the setting can change (tests).
        # The stubs type the rates as numbers; they are strings such as "10/min".
        rate: str | None = api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)  # type: ignore[assignment]
        return rate

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}

    def check(self, request: Any) -> None:
        """Raise ``Throttled`` (429) when this address has used up its failures."""
        self.history: list[float] = []
        if self.num_requests is None or self.duration is None:  # no rate: failures are not limited
            return
        self.key = self.get_cache_key(request, None)
        self.now = self.timer()
        self.history = [t for t in self.cache.get(self.key, []) if t > self.now - self.duration]
        if len(self.history) >= self.num_requests:
            raise exceptions.Throttled(wait=self.wait(), detail="Too many failed logins from this address.")

    def record_failure(self) -> None:
        if self.num_requests is None or self.duration is None:
            return
        self.history.insert(0, self.now)
        self.cache.set(self.key, self.history, self.duration)


class BasicAuthentication(authentication.BasicAuthentication):
    def authenticate_credentials(self, userid: str, password: str, request: Any = None) -> Any:
        throttle = AuthFailureThrottle()
        throttle.check(request)
        try:
            return super().authenticate_credentials(userid, password, request)
        except exceptions.AuthenticationFailed:
            throttle.record_failure()
            raise


class BasicScheme(drf_spectacular.authentication.BasicScheme):
    """OpenAPI: the same ``basicAuth`` security scheme as DRF's class."""

    target_class = "eredan.api.authentication.BasicAuthentication"
