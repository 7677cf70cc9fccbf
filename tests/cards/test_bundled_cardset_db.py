"""The bundled card set (fixtures/cardset/) loaded into the database: round-trips, reloads, stays consistent.

issue 2 "The bundled card set": real names, ≥ 4 guilds plus Mercenaires, ≥ 40 characters (≥ 6 per
guild present), ≥ 100 other cards, ≥ 10 evolution families with 2–3 levels, the cards the rules
page names.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from cards.domain.cardset import DEFAULT_CARDSET_DIR, load_cardset
from cards.importers.cardset import cardset_load
from cards.models import Character, EvolutionFamily
from cards.selectors import cardset_stats
from cards.specs import catalog_build, get_catalog

from .conftest import loaded_for_module

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def _bundled_module(django_db_setup: None, django_db_blocker: Any) -> Iterator[Path]:
    with loaded_for_module(django_db_blocker, DEFAULT_CARDSET_DIR) as directory:
        yield directory


@pytest.fixture
def bundled(_bundled_module: Path, db: None) -> Path:
    return _bundled_module


def test_specs_from_the_database_equal_the_files(bundled):
    files = load_cardset(bundled)
    catalog = catalog_build()
    assert catalog.characters == files.characters
    assert catalog.cards == files.cards


def test_loading_the_bundled_set_again_changes_nothing(bundled):
    assert cardset_load(directory=bundled).changed == 0


def test_sizes_the_issue_asks_for(bundled):
    stats = cardset_stats()
    assert stats["characters"] >= 40
    assert stats["cards"] >= 100
    guilds = {g: n for g, n in stats["characters_per_guild"].items() if g != "non_affilies"}
    assert len(guilds) >= 4 and stats["characters_per_guild"].get("non_affilies", 0) >= 6
    assert min(guilds.values()) >= 6
    assert stats["families_with_levels"] >= 10


def test_levels_are_contiguous_and_kinds_match(bundled):
    """docs/rules/eredan.md §1 Evolutions — one entry per level, 1..n."""
    for family in EvolutionFamily.objects.prefetch_related("characters", "cards"):
        members = list(family.characters.all()) + list(family.cards.all())
        assert sorted(e.level for e in members) == list(range(1, len(members) + 1)), family.slug
        wrong = family.cards.all() if family.kind == "character" else family.characters.all()
        assert not list(wrong), family.slug


def test_the_named_cards_of_the_rules_page_are_there(bundled):
    for name in ("Télendar", "Iro", "Amaya", "Aez", "Harès le brutal", "Zahal"):
        assert Character.objects.filter(name_fr__istartswith=name).exists(), name
    catalog = get_catalog()
    for name in ("Katana", "Wakizashi"):  # docs/rules/eredan.md §2.4 — affiliated to Kotoba
        found = [c for c in catalog.cards.values() if c.name_fr == name]
        assert found and all(c.guild == "kotoba" for c in found), name
    eclairs = sorted((c for c in catalog.cards.values() if c.family == "eclairs"), key=lambda c: c.level)
    assert [c.level for c in eclairs] == [1, 2, 3]
    assert eclairs[2].unique  # docs/rules/eredan.md §2.7 — a unique top evolution


def test_cardset_stats_command(bundled, capsys):
    call_command("cardset_stats")
    out = capsys.readouterr().out
    assert "per guild" in out and "Kotoba" in out and "cards per type" in out


def test_rules_text_reads_for_every_bundled_entry(bundled):
    from cards.domain.specs import CardSpec
    from cards.domain.text import rules_text
    from cards.specs import get_names

    catalog, names = get_catalog(), get_names()
    for spec in [*catalog.characters.values(), *catalog.cards.values()]:
        text = rules_text(spec, names)
        assert "None" not in text["en"] + text["fr"], spec.slug
        has_rules = spec.effects if isinstance(spec, CardSpec) else (spec.abilities or spec.orders)
        if has_rules:
            assert text["en"] and text["fr"], spec.slug


def test_api_lists_the_bundled_set(bundled, client):
    page = client.get("/api/cards/?type=sort&page_size=100", REMOTE_ADDR="10.99.0.1").json()
    assert page["count"] == cardset_stats()["cards_per_root_type"]["sort"] > 0
    assert all(card["kind"] == "spell" and card["element"] for card in page["results"])
