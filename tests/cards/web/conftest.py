"""Fixtures of the card page tests: the mini card set (tests/cards/data/mini, loaded by the real
loader with the project's reference tables) and two players, alice and bob, signed in with Django's
test client."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from cards.collection.models import Collection, OwnedCopy
from cards.collection.services.collections import collection_default_get_or_create
from cards.collection.services.copies import CopyRequest, copies_add


@pytest.fixture
def alice(db: None) -> Any:
    return get_user_model().objects.create_user("alice", password="alice-pw")


@pytest.fixture
def bob(db: None) -> Any:
    return get_user_model().objects.create_user("bob", password="bob-pw")


@pytest.fixture
def alice_client(alice: Any) -> Client:
    client = Client()
    client.force_login(alice)
    return client


@pytest.fixture
def bob_client(bob: Any) -> Client:
    client = Client()
    client.force_login(bob)
    return client


def default_collection(user: Any) -> Collection:
    return collection_default_get_or_create(owner=user)


def add_copy(
    user: Any, slug: str, *, xp: int | None = None, collection: Collection | None = None
) -> OwnedCopy:
    """One copy of ``slug`` in the user's default collection (or ``collection``), through the service."""
    target = collection or default_collection(user)
    (copy,) = copies_add(collection=target, requests=[CopyRequest(slug, 1, xp=xp)])
    return copy


def text_of(html: str) -> str:
    """The visible text of some HTML, tags removed and spaces collapsed (for readable assertions)."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def element(html: str, element_id: str) -> str:
    """The HTML of the ``<li>`` or ``<div>`` with this id (to check that a message is beside its copy)."""
    match = re.search(rf'<(li|div|section)[^>]*id="{re.escape(element_id)}".*?</\1>', html, re.S)
    assert match, f"no element #{element_id}"
    return match.group(0)
