"""API test clients: anonymous (alice's neighbour), bob (logged in, not staff), carol (staff)."""

from __future__ import annotations

import itertools

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

_addresses = itertools.count(1)


def _client() -> APIClient:
    # A distinct client address per test: the anonymous throttle counts per address, and the
    # whole test session shares one cache.
    n = next(_addresses)
    return APIClient(REMOTE_ADDR=f"10.77.{n // 250}.{n % 250 + 1}")


@pytest.fixture
def anon() -> APIClient:
    return _client()


@pytest.fixture
def bob(db) -> APIClient:
    client = _client()
    client.force_authenticate(get_user_model().objects.create_user("bob"))
    return client


@pytest.fixture
def carol(db) -> APIClient:
    client = _client()
    client.force_authenticate(get_user_model().objects.create_user("carol", is_staff=True))
    return client
