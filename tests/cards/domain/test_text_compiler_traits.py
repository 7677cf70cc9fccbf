"""The rules-text compiler: traits a group gains for the game (a character's ability), and the
selector filter ``single_race`` ("non multi-racés")."""

from __future__ import annotations

import pytest

from cards.domain.effects import EffectError, effects_to_json, parse_effects
from cards.domain.text import Names, effect_text
from simulator.games.eredan import ops


def abilities(compiler, text):
    result = compiler.compile(text, subject="character")
    assert result.complete, result.clauses
    return result.to_json()["abilities"]


def test_a_group_gains_races_and_a_chain_for_the_game_from_its_start(compiler):
    """A lasting effect of a standing ability starts with the game (a game_start trigger); "X ou Y"
    is each group in turn; the chain is given to each group for the game."""
    out = abilities(
        compiler,
        "Vos alliés Elfines ou Golems (non multi racés) gagnent Guémélite Terre et Enchaînement Sort "
        "de Terre jusqu'à la fin de la partie.",
    )
    groups = [
        {"group": "other_allies", "race": "elfine", "single_race": True},
        {"group": "other_allies", "race": "golem", "single_race": True},
    ]
    assert out == [
        {
            "op": "trigger",
            "on": "game_start",
            "effects": [
                {"op": "traits", "mode": "add", "races": ["guemelite_terre"], "target": g, "duration": "game"}
                for g in groups
            ],
        },
        *({"op": "chain_on", "match": {"type": "terre"}, "target": g, "duration": "game"} for g in groups),
    ]
    assert abilities(compiler, "Vos Elfines gagnent la classe Mage jusqu'à la fin de la partie.") == [
        {
            "op": "trigger",
            "on": "game_start",
            "effects": [
                {
                    "op": "traits",
                    "mode": "add",
                    "classes": ["mage"],
                    "target": {"group": "allies", "race": "elfine"},
                    "duration": "game",
                }
            ],
        }
    ]


def test_the_group_reader_reads_non_multi_race(compiler):
    out = abilities(compiler, "Vos Golems non multi-racés ont Esprit +1.")
    assert out[0]["target"] == {"group": "allies", "race": "golem", "single_race": True}


def test_single_race_in_the_schema_the_rules_text_and_the_engine():
    group = {"group": "allies", "single_race": True}
    data = [{"op": "modify", "stat": "spirit", "amount": 1, "target": group}]
    parsed = parse_effects(data)
    assert effects_to_json(parsed) == data
    assert "single-race" in effect_text(parsed[0], "en", Names())
    assert "non multi-racé" in effect_text(parsed[0], "fr", Names())
    with pytest.raises(EffectError, match="single_race"):
        parse_effects([{**data[0], "target": {"group": "allies", "single_race": "yes"}}])
    assert ops.compile_effect(parsed[0], "card 'x': effects[0]", 0).target.filter.single_race is True


def test_traits_given_at_the_start_of_the_game_last_the_game(compiler):
    """No duration said: what a character becomes at the start of the game is for the game (it was
    read "for the combat", a combat not yet begun); a duration said is kept."""
    out = abilities(compiler, "En début de partie, un adversaire devient Golem en plus de ses autres races.")
    assert out[0]["effects"][0]["duration"] == "game"
    out = abilities(compiler, "En début de partie, vos Elfines gagnent la race Golem jusqu'à la fin du tour.")
    assert "duration" not in out[0]["effects"][0]
