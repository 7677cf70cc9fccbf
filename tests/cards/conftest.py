"""Fixtures of the card database tests: small card sets under tests/cards/data/, loaded for real."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

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
    return make_cardset(tmp_path / "mini")


@pytest.fixture
def mini(db: None, mini_dir: Path) -> Path:
    """The mini card set, loaded into the test database."""
    from cards.importers.cardset import cardset_load

    cardset_load(directory=mini_dir)
    return mini_dir


@pytest.fixture(autouse=True)
def _fresh_catalog_cache() -> None:
    catalog_cache_clear()
