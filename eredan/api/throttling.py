"""API throttling that holds: an atomic count, the real client address, and no outage from the cache.

Django REST framework's own throttles keep a list of timestamps per client in the cache and write
it back after reading it: two requests at the same moment both read the same list, and a
300/minute limit let 304–329 requests through under load. They also key anonymous clients by
``X-Forwarded-For`` when ``NUM_PROXIES`` is unset (any client can claim any address), and a cache
that cannot be reached (Redis down) made every API request a 500.

Here:

* **An atomic count per window.** Each client has one counter per fixed window of the rate's
  duration (a minute for ``300/minute``), created with ``add`` and raised with ``incr`` — a single
  atomic operation in Redis, and under a lock in the local cache — so never more than the limit
  get through in one window, however many arrive at once. The window is fixed (aligned on the
  clock), not sliding: a client may spend its limit at the end of one window and again at the
  start of the next (at most twice the limit in any span of one duration). ``Retry-After`` is the
  time left in the window.
* **The client's address** from :func:`eredan.network.client_ident` (proxies only as configured;
  IPv6 by /64). Authenticated requests are counted per account (``user`` rate), anonymous ones
  per address (``anon`` rate): a signed-in user shares nothing with the others behind their NAT.
* **A cache outage degrades, it does not fail.** When the cache raises (Redis unreachable), the
  counting moves to this process's memory (a local cache) for ``THROTTLE_CACHE_RETRY_SECONDS``
  (default 30) before the shared cache is tried again; the switch and the recovery are logged
  once each. Limits then hold per process rather than for the whole site.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.base import BaseCache
from django.core.cache.backends.locmem import LocMemCache
from rest_framework.settings import api_settings
from rest_framework.throttling import BaseThrottle

from eredan.network import client_ident

logger = logging.getLogger(__name__)


class CounterStore:
    """Atomic per-key counters in the shared cache, or in this process's memory while the shared
    cache cannot be reached."""

    def __init__(self) -> None:
        self.local: BaseCache = LocMemCache("eredan-throttle-fallback", {"OPTIONS": {"MAX_ENTRIES": 100_000}})
        self._lock = threading.Lock()
        self._down_until = 0.0

    def _shared(self) -> BaseCache:
        return caches[getattr(settings, "THROTTLE_CACHE", "default")]

    @property
    def degraded(self) -> bool:
        """True while counting in the local fallback."""
        return time.monotonic() < self._down_until

    def incr(self, key: str, timeout: int) -> int:
        """Add one to ``key`` (created at 0 with ``timeout`` seconds to live) and return the count."""
        if not self.degraded:
            try:
                count = _incr(self._shared(), key, timeout)
            except Exception as exc:  # any failure of the shared cache: count locally for a while
                self._fall_back(exc)
            else:
                self._recovered()
                return count
        return _incr(self.local, key, timeout)

    def _fall_back(self, exc: Exception) -> None:
        retry = float(getattr(settings, "THROTTLE_CACHE_RETRY_SECONDS", 30))
        with self._lock:
            first = self._down_until == 0.0
            self._down_until = time.monotonic() + retry
        if first:
            logger.warning(
                "throttle cache unreachable (%s: %s): counting requests in this process's memory; "
                "retrying the shared cache every %.0f s",
                type(exc).__name__,
                exc,
                retry,
            )

    def _recovered(self) -> None:
        if self._down_until:  # the shared cache answered after an outage
            with self._lock:
                was_down, self._down_until = self._down_until != 0.0, 0.0
            if was_down:
                logger.warning("throttle cache reachable again: counting in the shared cache")

    def clear(self) -> None:
        """Forget every local count and the outage (tests)."""
        self.local.clear()
        with self._lock:
            self._down_until = 0.0


def _incr(cache: BaseCache, key: str, timeout: int) -> int:
    if cache.add(key, 1, timeout):
        return 1
    try:
        return int(cache.incr(key))
    except ValueError:  # expired between add and incr: this request opens a new window
        cache.add(key, 0, timeout)
        return int(cache.incr(key))


counters = CounterStore()


_PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_rate(rate: str | None) -> tuple[int, int] | None:
    """``"300/minute"`` -> ``(300, 60)`` (DRF's notation: the period's first letter counts)."""
    if rate is None:
        return None
    num, period = rate.split("/")
    return int(num), _PERIODS[period.strip()[0]]


class WindowRateThrottle(BaseThrottle):
    """A rate (``"300/minute"``) from ``DEFAULT_THROTTLE_RATES[scope]``, counted per fixed window."""

    scope: str = ""

    def ident_for(self, request: Any) -> str | None:
        """Who is counted (None: this throttle does not apply to the request)."""
        raise NotImplementedError

    def allow_request(self, request: Any, view: Any) -> bool:
        self._wait: float | None = None
        # Read at each request, not at import as DRF does: the setting can change (tests).
        rate: str | None = api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)  # type: ignore[assignment]
        parsed = parse_rate(rate)
        if parsed is None:
            return True
        num_requests, duration = parsed
        ident = self.ident_for(request)
        if ident is None:
            return True
        now = time.time()
        window = int(now // duration)
        count = counters.incr(f"throttle:{self.scope}:{ident}:{window}", duration + 1)
        if count <= num_requests:
            return True
        self._wait = (window + 1) * duration - now
        return False

    def wait(self) -> float | None:
        return self._wait


class AnonRateThrottle(WindowRateThrottle):
    """Anonymous requests, per client address (``anon`` rate)."""

    scope = "anon"

    def ident_for(self, request: Any) -> str | None:
        if request.user and request.user.is_authenticated:
            return None
        return client_ident(request) or "unknown"


class UserRateThrottle(WindowRateThrottle):
    """Authenticated requests, per account (``user`` rate)."""

    scope = "user"

    def ident_for(self, request: Any) -> str | None:
        if request.user and request.user.is_authenticated:
            return f"user-{request.user.pk}"
        return None
