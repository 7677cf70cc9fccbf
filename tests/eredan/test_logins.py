"""Failed logins (django-axes, eredan/logins.py, eredan/api/authentication.py).

Found by an audit: 60 wrong passwords with a spoofed ``X-Forwarded-For`` got no 429, and the
login pages were not throttled at all. Now the failures of ``/accounts/login/``,
``/admin/login/`` and API Basic authentication count per account and per client address; at
the limit, logins are refused (429, a clear message, ``Retry-After``) — the right password
included, and without hashing it — until the lockout ends.
"""

from __future__ import annotations

import base64
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import MD5PasswordHasher
from django.test import Client
from rest_framework.test import APIClient

LIMIT = 3


class CountingHasher(MD5PasswordHasher):
    """Fast, and counts how many passwords were checked (each costs a hash in production)."""

    algorithm = "counting_md5"
    checks = 0

    def verify(self, password: str, encoded: str) -> bool:
        CountingHasher.checks += 1
        return super().verify(password, encoded)


@pytest.fixture
def accounts(db, settings):
    settings.PASSWORD_HASHERS = ["tests.eredan.test_logins.CountingHasher"]
    settings.AXES_FAILURE_LIMIT = LIMIT
    CountingHasher.checks = 0
    users = get_user_model().objects
    users.create_user("carol", password="carol-right")
    users.create_user("dave", password="dave-right")
    users.create_superuser("boss", password="boss-right")


def _basic(username: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()


def _api(username: str, password: str, address: str = "192.0.2.1", **headers: Any):
    return APIClient(REMOTE_ADDR=address).get(
        "/api/decks/", HTTP_AUTHORIZATION=_basic(username, password), **headers
    )


def _expire_lockouts() -> None:
    """As if the lockout time had passed since every failure."""
    from axes.models import AccessAttempt
    from django.conf import settings

    for attempt in AccessAttempt.objects.all():
        attempt.attempt_time -= settings.AXES_COOLOFF_TIME + timedelta(seconds=1)
        attempt.save(update_fields=["attempt_time"])


def test_a_spoofed_forwarded_header_does_not_escape_the_basic_auth_lockout(accounts):
    """The audit's case: wrong passwords, each claiming a new address."""
    answers = [
        _api("carol", f"guess-{i}", HTTP_X_FORWARDED_FOR=f"198.51.100.{i}").status_code for i in range(60)
    ]
    assert answers[: LIMIT - 1] == [403] * (LIMIT - 1)
    assert set(answers[LIMIT - 1 :]) == {429}
    assert CountingHasher.checks == LIMIT  # nothing hashed once locked out


def test_a_lockout_refuses_the_right_password_says_why_and_when(accounts):
    for i in range(LIMIT):
        _api("carol", f"guess-{i}")
    checks = CountingHasher.checks
    locked = _api("carol", "carol-right")
    assert locked.status_code == 429
    error = locked.json()["errors"][0]
    assert error["code"] == "login_locked_out"
    assert "15 more minutes" in error["message"]
    assert 14 * 60 < int(locked["Retry-After"]) <= 15 * 60
    assert CountingHasher.checks == checks
    # Requests without credentials from the same address still read.
    assert APIClient(REMOTE_ADDR="192.0.2.1").get("/api/guilds/").status_code == 200


def test_failures_count_per_account_whatever_the_address(accounts):
    for i in range(LIMIT):
        _api("carol", f"guess-{i}", address=f"203.0.113.{i}")
    assert _api("carol", "carol-right", address="203.0.113.200").status_code == 429
    assert _api("dave", "dave-right", address="203.0.113.201").status_code == 200


def test_failures_count_per_address_whatever_the_account(accounts):
    for i, name in enumerate(["x", "y", "z"][:LIMIT]):
        _api(name, f"guess-{i}", address="203.0.113.7")
    assert _api("dave", "dave-right", address="203.0.113.7").status_code == 429
    assert _api("dave", "dave-right", address="203.0.113.8").status_code == 200


def test_the_lockout_ends(accounts):
    for i in range(LIMIT):
        _api("carol", f"guess-{i}")
    assert _api("carol", "carol-right").status_code == 429
    _expire_lockouts()
    assert _api("carol", "carol-right").status_code == 200


def test_successful_logins_are_not_counted(accounts):
    for _ in range(LIMIT + 2):
        assert _api("carol", "carol-right").status_code == 200


def _sign_in(path: str, username: str, password: str, address: str = "192.0.2.1"):
    return Client(REMOTE_ADDR=address).post(path, {"username": username, "password": password})


@pytest.mark.parametrize("path", ["/accounts/login/", "/admin/login/"])
def test_the_login_pages_lock_out_too(accounts, path):
    who = "boss" if path.startswith("/admin/") else "carol"
    for i in range(LIMIT - 1):
        refused = _sign_in(path, who, f"guess-{i}")
        assert refused.status_code == 200  # the form again, with its error
    locked = _sign_in(path, who, "guess-last")
    assert locked.status_code == 429
    assert "Too many failed logins" in locked.content.decode()
    assert int(locked["Retry-After"]) > 0
    checks = CountingHasher.checks
    right = _sign_in(path, who, f"{who}-right")
    assert right.status_code == 429
    assert CountingHasher.checks == checks
    _expire_lockouts()
    assert _sign_in(path, who, f"{who}-right").status_code == 302  # signed in


def test_page_and_api_failures_add_up(accounts):
    """One count whatever door is tried."""
    _sign_in("/accounts/login/", "carol", "guess-a")
    _sign_in("/admin/login/", "carol", "guess-b")
    assert _api("carol", "guess-c").status_code == 429
