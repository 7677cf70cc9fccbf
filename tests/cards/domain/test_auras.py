"""Auras on allies (cards/domain/effects.py, ``modify`` with target ``other_allies``): strict
parsing, the JSON round-trip and the readable rules text.

Source: the real cards' texts (reference/eredan/card-texts.tsv), e.g. Prophète level 3 (the
player's other Noz characters get Esprit +1), Sangrépée level 3 (allied Combattants get Attaque +1),
Xïn level 3 (the other characters get Défense +1); docs/rules/eredan.md §1 (passive abilities).
"""

from __future__ import annotations

import pytest

from cards.domain.effects import AllyFilter, EffectError, Modify, effects_to_json, parse_effects
from cards.domain.text import Names, effect_text

NAMES = Names(
    classes={"combattant": ("Warrior", "Combattant")},
    races={"solarian": ("Solarian", "Solarian")},
    guilds={"noz": ("Noz'Dingard", "Noz'Dingard")},
)

AURAS = [
    # prophete-3: the other Noz characters, Esprit +1
    {"op": "modify", "stat": "spirit", "amount": 1, "target": "other_allies", "allies": {"guild": "noz"}},
    # xin-3: every other character, Défense +1
    {"op": "modify", "stat": "defense", "amount": 1, "target": "other_allies"},
    # several filters at once (all must hold), and a condition
    {
        "op": "modify",
        "stat": "attack",
        "amount": -1,
        "target": "other_allies",
        "allies": {"guild": "noz", "class": "combattant", "race": "solarian"},
        "when": {"turn": "odd"},
    },
]


@pytest.mark.parametrize("data", AURAS)
def test_an_aura_parses_in_an_ability_and_round_trips(data):
    parsed = parse_effects([data], context="ability")
    assert effects_to_json(parsed) == [data]
    assert parse_effects(effects_to_json(parsed), context="ability") == parsed


def test_the_parsed_shape():
    (effect,) = parse_effects([AURAS[0]], context="ability")
    assert isinstance(effect, Modify)
    assert effect.target == "other_allies"
    assert effect.allies == AllyFilter(guild="noz")


@pytest.mark.parametrize(
    ("data", "context", "path"),
    [
        # an aura's ally filter is a character ability's: not on a card, not in an Ordre (there, the
        # other allies are a group target, filtered with a selector object)
        (
            {
                "op": "modify",
                "stat": "attack",
                "amount": 1,
                "target": "other_allies",
                "allies": {"guild": "noz"},
            },
            "card",
            "effects[0].allies",
        ),
        (
            {
                "op": "modify",
                "stat": "attack",
                "amount": 1,
                "target": "other_allies",
                "allies": {"guild": "noz"},
            },
            "order",
            "effects[0].allies",
        ),
        # a filter needs the aura target
        (
            {"op": "modify", "stat": "attack", "amount": 1, "allies": {"guild": "noz"}},
            "ability",
            "effects[0].allies",
        ),
        (
            {
                "op": "modify",
                "stat": "attack",
                "amount": 1,
                "target": "all_allies",
                "allies": {"guild": "noz"},
            },
            "card",
            "effects[0].allies",
        ),
        # strict filter keys and values
        (
            {
                "op": "modify",
                "stat": "attack",
                "amount": 1,
                "target": "other_allies",
                "allies": {"caste": "x"},
            },
            "ability",
            "effects[0].allies",
        ),
        (
            {"op": "modify", "stat": "attack", "amount": 1, "target": "other_allies", "allies": {}},
            "ability",
            "effects[0].allies",
        ),
        (
            {"op": "modify", "stat": "attack", "amount": 1, "target": "other_allies", "allies": ["noz"]},
            "ability",
            "effects[0].allies",
        ),
        (
            {
                "op": "modify",
                "stat": "attack",
                "amount": 1,
                "target": "other_allies",
                "allies": {"guild": "a b"},
            },
            "ability",
            "effects[0].allies.guild",
        ),
        (
            {"op": "modify", "stat": "attack", "amount": 1, "target": "other_allies", "allies": {"race": 3}},
            "ability",
            "effects[0].allies.race",
        ),
        # an aura holds while its character lives: no duration, no initiative
        (
            {
                "op": "modify",
                "stat": "attack",
                "amount": 1,
                "target": "other_allies",
                "duration": "permanent",
            },
            "ability",
            "effects[0].duration",
        ),
        (
            {"op": "modify", "stat": "initiative", "amount": 1, "target": "other_allies"},
            "ability",
            "effects[0].stat",
        ),
        # a standing ability holds while its character lives: what happens once needs a trigger
        ({"op": "damage", "kind": "direct", "amount": 1}, "ability", "effects[0].op"),
    ],
)
def test_invalid_auras_are_refused_with_a_path(data, context, path):
    with pytest.raises(EffectError) as info:
        parse_effects([data], context=context)
    assert info.value.path == path


@pytest.mark.parametrize(
    ("data", "en", "fr"),
    [
        (
            AURAS[0],
            "Aura — your other characters (guild Noz'Dingard): Spirit +1 when they fight, while this "
            "character is alive.",
            "Aura — vos autres personnages (guilde Noz'Dingard) : Esprit +1 quand ils combattent, tant "
            "que ce personnage est en vie.",
        ),
        (
            AURAS[1],
            "Aura — your other characters: Defense +1 when they fight, while this character is alive.",
            "Aura — vos autres personnages : Défense +1 quand ils combattent, tant que ce personnage "
            "est en vie.",
        ),
        (
            AURAS[2],
            "Aura — your other characters (guild Noz'Dingard, Warrior, Solarian): Attack -1 when they "
            "fight, while this character is alive, on odd turns.",
            "Aura — vos autres personnages (guilde Noz'Dingard, Combattant, Solarian) : Attaque -1 "
            "quand ils combattent, tant que ce personnage est en vie, aux tours impairs.",
        ),
    ],
)
def test_the_rules_text_of_an_aura_in_english_and_french(data, en, fr):
    (effect,) = parse_effects([data], context="ability")
    assert effect_text(effect, "en", NAMES) == en
    assert effect_text(effect, "fr", NAMES) == fr


# --- one end of the Attaque range (Malika: "Attaque max. +1", Kararine: "Attaque min. +1") -------


@pytest.mark.parametrize("stat", ["attack_min", "attack_max"])
def test_range_stats_in_abilities_and_ordres(stat):
    """card: Malika (other Nomades Attaque max. +1), Kararine (other Nomades Attaque min. +1)."""
    aura = {
        "op": "modify",
        "stat": stat,
        "amount": 1,
        "target": "other_allies",
        "allies": {"guild": "nameades"},
    }
    own = {"op": "modify", "stat": stat, "amount": 2}
    parsed = parse_effects([aura, own], context="ability")
    assert effects_to_json(parsed) == [aura, own]
    parse_effects([own], context="order")


def test_range_stats_on_cards_and_not_in_amounts():
    """Version 2: a card may move one end of the range ("Attaque +3/+2" is min +3, max +2); an
    Amount is still based on the stats of AMOUNT_STATS only."""
    parse_effects([{"op": "modify", "stat": "attack_min", "amount": 3}])
    with pytest.raises(EffectError) as info:
        parse_effects([{"op": "damage", "kind": "magical", "amount": {"stat": "attack_max"}}])
    assert info.value.path == "effects[0].amount.stat"


def test_range_stats_read_in_both_languages():
    (effect,) = parse_effects(
        [{"op": "modify", "stat": "attack_max", "amount": 1, "target": "other_allies"}], context="ability"
    )
    assert effect_text(effect, "en") == (
        "Aura — your other characters: Attack max. +1 when they fight, while this character is alive."
    )
    assert effect_text(effect, "fr") == (
        "Aura — vos autres personnages : Attaque max. +1 quand ils combattent, tant que ce personnage "
        "est en vie."
    )


@pytest.mark.parametrize(
    ("data", "en", "fr"),
    [
        (
            {"op": "damage_taken", "amount": -1, "target": "all_allies"},
            "Aura — all your characters: -1 to damage taken, while this character is alive.",
            "Aura — tous vos personnages : -1 aux dégâts subis, tant que ce personnage est en vie.",
        ),
        (
            # an ability that holds while its holder is dead says so, not "while alive"
            {"op": "damage_dealt", "amount": 1, "target": "all_allies", "when": {"dead": True}},
            "Aura — all your characters: +1 to damage dealt, while this character is dead.",
            "Aura — tous vos personnages : +1 aux dégâts infligés, tant que ce personnage est mort.",
        ),
    ],
)
def test_a_standing_damage_bonus_on_others_reads_as_an_aura(data, en, fr):
    """docs/eredan-engine.md "Auras": a character ability's target ``all_allies`` is the aura of its
    group, held while its owner lives; its rules text says so, as a stat aura's does."""
    (effect,) = parse_effects([data], context="ability")
    assert effect_text(effect, "en", NAMES, context="ability") == en
    assert effect_text(effect, "fr", NAMES, context="ability") == fr
