"""``manage.py cardset_stats``: the README's "counts per guild, type, rarity"."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from cards.models import Card, Character

pytestmark = pytest.mark.django_db


def _run(*args: str) -> str:
    out = io.StringIO()
    call_command("cardset_stats", *args, stdout=out)
    return out.getvalue()


def test_counts_per_rarity_with_the_unknown_ones_apart(mini):
    stats = json.loads(_run("--json"))
    cards, characters = Card.objects.count(), Character.objects.count()
    assert stats["cards_per_rarity"] == {"(none)": cards - 1, "commune": 1}
    assert stats["characters_per_rarity"] == {"(none)": characters - 1, "rare": 1}
    assert stats["rarity_names"]["commune"] == "Common"


def test_the_table_names_each_rarity(mini):
    text = _run()
    table = text.split("per rarity")[1].split("cards per kind")[0]
    rows = {line.split()[0]: line.split()[1:] for line in table.strip().splitlines()[1:]}
    assert rows["Common"] == ["0", "1"]
    assert rows["Rare"] == ["1", "0"]
    assert rows["unknown"] == [str(Character.objects.count() - 1), str(Card.objects.count() - 1)]
