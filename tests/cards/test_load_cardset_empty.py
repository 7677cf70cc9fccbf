"""``load_cardset`` into an empty database: counts, the command, unreadable files."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from cards.importers.cardset import CardsetError, cardset_load
from cards.models import Card, EvolutionFamily, Guild

from .conftest import make_cardset

pytestmark = pytest.mark.django_db


def test_first_load_counts(db, mini_dir):
    report = cardset_load(directory=mini_dir)
    assert report.counts["characters"]["created"] == 6
    assert report.counts["cards"]["created"] == 10
    assert report.counts["guilds"]["created"] == 10
    assert report.counts["families"]["created"] == 5 + 8  # character families + card families
    assert Guild.objects.get(slug="non_affilies").is_mercenary
    assert EvolutionFamily.objects.get(slug="eclairs").cards.count() == 3


def test_malformed_json_is_a_clear_error(db, tmp_path):
    directory = make_cardset(tmp_path / "bad")
    (directory / "cards.json").write_text('[{"slug": "x",')
    with pytest.raises(CardsetError, match="malformed JSON"):
        cardset_load(directory=directory)
    assert Card.objects.count() == 0


def test_command(db, mini_dir, capsys):
    call_command("load_cardset", str(mini_dir))
    out = capsys.readouterr().out
    assert "cards: 10 created" in out
    call_command("load_cardset", str(mini_dir))
    assert "0 rows written" in capsys.readouterr().out


def test_command_refuses_a_missing_directory(db, tmp_path):
    with pytest.raises(CommandError, match="missing file"):
        call_command("load_cardset", str(tmp_path / "nowhere"))
