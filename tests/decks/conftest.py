"""Fixtures of the deck tests: the small test catalog (tests/decks/catalog.py), loaded for real into
the test database through the card set loader, and the personas alice, bob and staff."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from cards.domain.cardset import DEFAULT_CARDSET_DIR
from cards.specs import catalog_cache_clear
from tests.decks.catalog import CARDS, CHARACTERS


def _character_json(c: Any) -> dict[str, Any]:
    return {
        "slug": c.slug,
        "family": c.family,
        "level": c.level,
        "name_en": c.name_en,
        "name_fr": c.name_fr,
        "guild": c.guild,
        "classes": list(c.classes),
        "race": c.race,
        "castes": list(c.castes),
        "unique": c.unique,
        "hp": c.hp,
        "attack": [c.attack_min, c.attack_max],
        "defense": c.defense,
        "spirit": c.spirit,
        "stats_source": "estimated",
        "notes": "deck test data",
    }


def _card_json(c: Any) -> dict[str, Any]:
    return {
        "slug": c.slug,
        "family": c.family,
        "level": c.level,
        "name_en": c.name_en,
        "name_fr": c.name_fr,
        "type": c.type,
        "unique": c.unique,
        "guild": c.guild,
        "requirements": c.requirements.to_json(),
        "notes": "deck test data",
    }


def write_test_cardset(directory: Path, decks: list[dict[str, Any]] | None = None) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    shutil.copy(DEFAULT_CARDSET_DIR / "reference.json", directory / "reference.json")
    files = {
        "characters": [_character_json(c) for c in CHARACTERS],
        "cards": [_card_json(c) for c in CARDS],
        "decks": decks or [],
    }
    for name, rows in files.items():
        (directory / f"{name}.json").write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
    return directory


@pytest.fixture(autouse=True)
def _fresh_catalog_cache() -> None:
    catalog_cache_clear()


@pytest.fixture(scope="module")
def _cards_loaded(django_db_setup: None, django_db_blocker: Any, tmp_path_factory: Any) -> Any:
    """Load the test catalog once per module, inside a transaction rolled back at the end (each
    test then runs in its own savepoint, as pytest-django's ``db`` does): nothing leaks to the
    other apps' tests."""
    from django.db import transaction

    from cards.importers.cardset import cardset_load

    directory = write_test_cardset(tmp_path_factory.mktemp("cardset"))
    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            cardset_load(directory=directory)
            yield directory
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


@pytest.fixture
def cards_db(_cards_loaded: Path, db: None) -> Path:
    """The deck test catalog, loaded into the test database."""
    catalog_cache_clear()
    return _cards_loaded


@pytest.fixture
def alice(db: None) -> Any:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user("alice")  # no password: no slow hashing


@pytest.fixture
def bob(db: None) -> Any:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user("bob")  # no password: no slow hashing


@pytest.fixture
def staff(db: None) -> Any:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user("staff", is_staff=True)  # no password: no slow hashing


@pytest.fixture
def client_for() -> Any:
    from rest_framework.test import APIClient

    def make(user: Any | None = None) -> APIClient:
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return make
