"""``import_cards`` on an empty card database."""

from __future__ import annotations

import pytest

from cards.importers.community import ImportFileError, community_import

from .conftest import DATA_DIR

pytestmark = pytest.mark.django_db


def test_the_reference_tables_must_be_loaded_first(db):
    with pytest.raises(ImportFileError, match="load_cardset first"):
        community_import(path=DATA_DIR / "community" / "cards.json")
