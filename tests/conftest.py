"""Project-wide test configuration. Package-specific fixtures live in each tests/<pkg>/conftest.py."""

from __future__ import annotations

import contextlib
import random

import pytest


@pytest.fixture
def disturb_global_random():
    """Call between two runs of a determinism test: the module-level RNG must not matter."""

    def disturb() -> None:
        random.seed(987654321)
        for _ in range(1000):
            random.random()

    return disturb


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache: API throttling counts requests per client address
    in the cache (or in its local fallback), and a whole session's requests from 127.0.0.1 must
    not add up to a 429."""
    from django.core.cache import cache
    from redis.exceptions import ConnectionError as RedisConnectionError
    from redis.exceptions import TimeoutError as RedisTimeoutError

    from eredan.api.throttling import counters

    # an unreachable cache holds nothing to clear (the throttles then count in ``counters``):
    # a pure test must not need Redis at all
    with contextlib.suppress(RedisConnectionError, RedisTimeoutError):
        cache.clear()
    counters.clear()
    yield


@pytest.fixture
def throttle_rates(settings):
    """Set API rates for one test: ``throttle_rates(anon="3/minute")`` (eredan/api/throttling.py
    reads them at each request)."""

    def set_rates(**values: str) -> None:
        merged = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **values}
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": merged}

    return set_rates
