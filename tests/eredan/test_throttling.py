"""API throttling (eredan/api/throttling.py) and the client address (eredan/network.py).

Found by an audit: a spoofed ``X-Forwarded-For`` gave every request a new address (no 429 ever),
the count was not atomic (304–329 requests through a 300/minute limit), and an unreachable
Redis made every API request a 500 (the throttle's cache failed first).
"""

from __future__ import annotations

import logging
import socket
import threading
from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.test import RequestFactory
from rest_framework.test import APIClient

from eredan.api.throttling import AnonRateThrottle, UserRateThrottle, counters
from eredan.network import client_address, client_ident


@pytest.fixture
def rates(throttle_rates):
    return throttle_rates


def _meta(remote: str, forwarded: str | None = None) -> SimpleNamespace:
    meta = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        meta["HTTP_X_FORWARDED_FOR"] = forwarded
    return SimpleNamespace(META=meta)


# --- the client address ---------------------------------------------------------------------------


def test_by_default_a_forwarded_header_is_ignored(settings):
    assert settings.NUM_PROXIES == 0 and settings.TRUSTED_PROXIES == []
    assert client_address(_meta("192.0.2.1", "203.0.113.9")) == "192.0.2.1"


def test_with_one_proxy_the_address_it_appended_is_the_client(settings):
    settings.NUM_PROXIES = 1
    # The client wrote "198.51.100.1" itself; the proxy appended what it saw.
    assert client_address(_meta("10.0.0.2", "198.51.100.1, 203.0.113.9")) == "203.0.113.9"
    assert client_address(_meta("10.0.0.2")) == "10.0.0.2"  # no header: the peer
    assert client_address(_meta("10.0.0.2", "not-an-address")) == "10.0.0.2"


def test_with_trusted_proxies_only_their_header_is_read_and_their_hops_are_skipped(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]
    # From a proxy of ours, through another of ours: the first hop that is not ours.
    assert client_address(_meta("10.0.0.2", "198.51.100.1, 203.0.113.9, 10.1.1.1")) == "203.0.113.9"
    # Straight from the internet (around the proxy): the header is the client's own claim.
    assert client_address(_meta("203.0.113.50", "198.51.100.1")) == "203.0.113.50"
    # A malformed hop is never used.
    assert client_address(_meta("10.0.0.2", "junk")) == "10.0.0.2"


def test_an_ipv6_client_is_counted_by_its_64_network(settings):
    a = client_ident(_meta("2001:db8:1:2::1"))
    b = client_ident(_meta("2001:db8:1:2:ffff::9"))
    assert a == b == "2001:db8:1:2::"
    assert client_ident(_meta("2001:db8:1:3::1")) != a
    assert client_ident(_meta("::ffff:192.0.2.7")) == "192.0.2.7"


# --- the API's throttles ----------------------------------------------------------------------------


def test_a_spoofed_forwarded_header_does_not_escape_the_anonymous_limit(db, rates):
    rates(anon="5/minute")
    client = APIClient()
    answers = [
        client.get("/api/guilds/", HTTP_X_FORWARDED_FOR=f"198.51.100.{i}").status_code for i in range(8)
    ]
    assert answers == [200] * 5 + [429] * 3
    refused = client.get("/api/guilds/", HTTP_X_FORWARDED_FOR="198.51.100.200")
    assert refused.json()["errors"][0]["code"] == "throttled"
    assert 0 < int(refused["Retry-After"]) <= 60


def test_behind_a_configured_proxy_each_client_has_its_own_limit(db, rates, settings):
    settings.NUM_PROXIES = 1
    rates(anon="2/minute")
    client = APIClient()
    first = [client.get("/api/guilds/", HTTP_X_FORWARDED_FOR="203.0.113.1").status_code for _ in range(3)]
    other = client.get("/api/guilds/", HTTP_X_FORWARDED_FOR="203.0.113.2").status_code
    assert first == [200, 200, 429]
    assert other == 200


def test_signed_in_users_are_counted_per_account_not_per_address(db, rates):
    rates(anon="2/minute", user="3/minute")
    users = get_user_model().objects
    alice, bob = users.create_user("alice"), users.create_user("bob")
    answers = {}
    for user in (alice, bob):
        client = APIClient()
        client.force_authenticate(user)
        answers[user.username] = [client.get("/api/decks/").status_code for _ in range(4)]
    assert answers == {"alice": [200, 200, 200, 429], "bob": [200, 200, 200, 429]}
    # The address they share has used none of its anonymous allowance.
    assert [APIClient().get("/api/guilds/").status_code for _ in range(3)] == [200, 200, 429]


def test_the_count_is_atomic_under_concurrent_requests(db, rates):
    """Many requests at once from one client: exactly the limit gets through (DRF's throttle let
    extra ones through: each request read the history, then wrote it back)."""
    rates(anon="100/minute")
    throttle_request = SimpleNamespace(user=AnonymousUser(), META={"REMOTE_ADDR": "192.0.2.77"})
    allowed: list[bool] = []
    lock = threading.Lock()
    threads = 16
    start = threading.Barrier(threads)

    def hammer() -> None:
        start.wait()
        mine = [AnonRateThrottle().allow_request(throttle_request, None) for _ in range(20)]
        with lock:
            allowed.extend(mine)

    workers = [threading.Thread(target=hammer) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert len(allowed) == 320
    assert sum(allowed) == 100


def test_user_throttle_leaves_anonymous_requests_alone():
    anonymous = SimpleNamespace(user=AnonymousUser(), META={"REMOTE_ADDR": "192.0.2.1"})
    assert UserRateThrottle().ident_for(anonymous) is None
    assert AnonRateThrottle().ident_for(anonymous) == "192.0.2.1"


# --- an unreachable cache ---------------------------------------------------------------------------


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_with_the_cache_unreachable_reads_work_and_limits_hold_locally(db, rates, settings, caplog):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{_closed_port()}/0",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
    rates(anon="3/minute")
    client = APIClient()
    with caplog.at_level(logging.WARNING, logger="eredan.api.throttling"):
        answers = [client.get("/api/guilds/").status_code for _ in range(4)]
    assert answers == [200, 200, 200, 429]
    assert counters.degraded
    warnings = [r for r in caplog.records if "throttle cache unreachable" in r.getMessage()]
    assert len(warnings) == 1  # logged once per outage, not per request


def test_counting_returns_to_the_shared_cache_when_it_answers_again(db, rates, settings, caplog):
    settings.THROTTLE_CACHE_RETRY_SECONDS = 0
    rates(anon="100/minute")
    counters._fall_back(ConnectionError("down"))  # an outage that has just ended
    with caplog.at_level(logging.WARNING, logger="eredan.api.throttling"):
        assert APIClient().get("/api/guilds/").status_code == 200
    assert not counters.degraded
    assert any("reachable again" in r.getMessage() for r in caplog.records)


def test_request_factory_requests_have_an_address():
    assert client_address(RequestFactory().get("/")) == "127.0.0.1"
