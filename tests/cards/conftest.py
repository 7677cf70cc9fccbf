"""Fixtures of the card database tests: small card sets under tests/cards/data/, loaded for real."""

from __future__ import annotations

import contextlib
import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import transaction

from cards.domain.cardset import DEFAULT_CARDSET_DIR
from cards.specs import catalog_cache_clear

DATA_DIR = Path(__file__).resolve().parent / "data"
REFERENCE = DEFAULT_CARDSET_DIR / "reference.json"


def make_cardset(
    directory: Path, source: str = "mini", edit: Callable[[dict[str, Any]], None] | None = None
) -> Path:
    """A card set directory: the project's reference.json + the test set ``source``, then ``edit``.

    ``edit`` receives ``{"characters": [...], "cards": [...], "decks": [...]}`` and may change it.
    """
    directory.mkdir(parents=True, exist_ok=True)
    shutil.copy(REFERENCE, directory / "reference.json")
    files = {
        name: json.loads((DATA_DIR / source / f"{name}.json").read_text())
        for name in ("characters", "cards", "decks")
    }
    if edit is not None:
        edit(files)
    for name, rows in files.items():
        (directory / f"{name}.json").write_text(json.dumps(rows, ensure_ascii=False))
    return directory


@pytest.fixture
def mini_dir(tmp_path: Path) -> Path:
    """The mini card set's files (not loaded)."""
    return make_cardset(tmp_path / "mini")


@contextlib.contextmanager
def loaded_for_module(django_db_blocker: Any, directory: Path) -> Iterator[Path]:
    """Load a card set once for a whole test module, in a transaction rolled back at its end.

    Each test then runs in a savepoint inside it (pytest-django's ``db``), exactly like Django's
    ``TestCase.setUpTestData``: every test sees the freshly loaded set, and nothing outlives the module.
    """
    from cards.importers.cardset import cardset_load

    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            cardset_load(directory=directory)
            yield directory
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


@pytest.fixture(scope="module")
def _mini_module(
    django_db_setup: None, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Path]:
    with loaded_for_module(django_db_blocker, make_cardset(tmp_path_factory.mktemp("mini"))) as directory:
        yield directory


@pytest.fixture
def mini(_mini_module: Path, db: None) -> Path:
    """The mini card set, loaded into the test database (once per module; each test rolled back)."""
    return _mini_module


@pytest.fixture(autouse=True)
def _fresh_catalog_cache() -> None:
    catalog_cache_clear()
