"""``manage.py eredan_play``: one game, turn by turn or as JSON; decks by demo slug or file."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command


def _run(*args: str) -> str:
    out = io.StringIO()
    call_command("eredan_play", *args, stdout=out)
    return out.getvalue()


def test_prints_the_game_turn_by_turn():
    text = _run("kotoba-voie-du-sabre", "zil-golems", "--seed", "7")
    assert "Initiative:" in text and "Turn 1 — " in text
    assert text.rstrip().splitlines()[-1].startswith("End after turn ")
    assert "Iro" in text  # names, not slugs
    assert text == _run("kotoba-voie-du-sabre", "zil-golems", "--seed", "7")


def test_json_output_is_the_event_log_and_summary():
    data = json.loads(_run("kotoba-aez", "noz-mercenaires", "--seed", "3", "--policy-a", "random", "--json"))
    assert data["decks"] == ["kotoba-aez", "noz-mercenaires"]
    assert data["policies"] == ["random", "greedy"]
    assert data["log"][0]["event"] == "setup" and data["log"][-1]["event"] == "end"
    assert data["summary"]["winner"] == data["log"][-1]["winner"]


def test_a_deck_file(tmp_path):
    path = tmp_path / "my-deck.json"
    path.write_text(
        json.dumps(
            {
                "name": "Mine",
                "characters": ["iro-1", "amaya-1", "aez-1"],
                "cards": {"katana-1": 3, "wakizashi-1": 3, "frappe-directe-1": 3, "baume-de-soin-1": 3},
            }
        )
    )
    data = json.loads(_run(str(path), "kotoba-aez", "--json", "--seed", "2"))
    assert data["log"][0]["characters"][0] == ["iro-1", "amaya-1", "aez-1"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("no-such-deck", "kotoba-aez"), "no demo deck"),
        (("missing.json", "kotoba-aez"), "no demo deck and no file"),
        (("kotoba-aez", "kotoba-aez", "--turn-cap", "0"), "turn_cap"),
    ],
)
def test_bad_input_is_a_clear_error(args, message):
    with pytest.raises(CommandError, match=message):
        _run(*args)


def test_a_malformed_deck_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(CommandError, match="cannot read"):
        _run(str(bad), "kotoba-aez")
    unknown = tmp_path / "unknown.json"
    unknown.write_text(json.dumps({"characters": ["nobody", "iro-1", "aez-1"], "cards": {"katana-1": 2}}))
    with pytest.raises(CommandError, match="unknown character or card 'nobody'"):
        _run(str(unknown), "kotoba-aez")
