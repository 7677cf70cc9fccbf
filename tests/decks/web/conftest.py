"""Fixtures of the deck page tests: signed-in browsers (Django's test client) for alice and bob,
on the deck tests' catalog (tests/decks/catalog.py, loaded by tests/decks/conftest.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

#: A legal Kotoba deck of the test catalog (docs/rules/eredan.md §2): 3 characters, 24 cards.
KOTOBA = ["iro-le-duelliste", "amaya", "aez-le-guerrier-errant"]


@pytest.fixture
def browser_for() -> Any:
    def make(user: Any | None = None) -> Client:
        client = Client()
        if user is not None:
            client.force_login(user)
        return client

    return make


@pytest.fixture
def as_alice(cards_db: Any, alice: Any, browser_for: Callable[[Any], Client]) -> Client:
    return browser_for(alice)


@pytest.fixture
def as_bob(cards_db: Any, bob: Any, browser_for: Callable[[Any], Client]) -> Client:
    return browser_for(bob)


def form(
    *,
    name: str = "",
    characters: list[str] | None = None,
    cards: dict[str, int | str] | None = None,
    **extra: str,
) -> dict[str, Any]:
    """A deck form as the builder posts it: 3 character selects, one count input per card."""
    slots = list(characters or [])
    slots += [""] * max(0, 3 - len(slots))
    data: dict[str, Any] = {"name": name, "character": slots}
    for slug, count in (cards or {}).items():
        data[f"card-{slug}"] = str(count)
    data.update(extra)
    return data


def codes(html: str) -> list[str]:
    """The violation codes the validation panel lists, in order."""
    return re.findall(r'<li data-code="([a-z_]+)">', html)


def flagged(html: str, attribute: str) -> dict[str, list[str]]:
    """``data-card`` or ``data-slot`` value → the violation codes highlighted on it."""
    found = re.findall(rf'data-{attribute}="([^"]+)"[^>]*?data-codes="([^"]+)"', html)
    return {key: value.split() for key, value in found}


def status_of(html: str) -> str:
    match = re.search(r'data-status="(valid|invalid)"', html)
    assert match, "no validation status in the page"
    return match.group(1)


def tag(html: str, name: str) -> str:
    """The opening tag of the form field named ``name``."""
    match = re.search(rf'<(?:input|select|textarea)[^>]*\bname="{re.escape(name)}"[^>]*>', html)
    assert match, f"no field {name!r} in the page"
    return match.group(0)


HX = {"HTTP_HX_REQUEST": "true"}
