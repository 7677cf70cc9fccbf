"""``manage.py eredan_play`` before any card is loaded (a module of its own: the other command
tests share a loaded card set)."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command


def test_an_empty_card_database_says_what_to_run(db: None) -> None:
    from cards.specs import catalog_cache_clear

    catalog_cache_clear()
    with pytest.raises(CommandError, match=r"the card database is empty: run `manage\.py bootstrap`"):
        call_command("eredan_play", "zil-golems", "kotoba-voie-du-sabre")
