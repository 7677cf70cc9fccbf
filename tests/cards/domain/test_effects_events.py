"""Trigger events about a character (cards/domain/effects.py, "Event"): damage of some kinds, damage
dealt, and the target ``event`` that names the character an event is about."""

from __future__ import annotations

import pytest

from cards.domain.effects import EffectError, Event, effects_to_json, parse_effect, parse_effects
from cards.domain.text import Names, effect_text

VALID = [
    (
        "ability",
        {
            "op": "trigger",
            "on": {"damaged": "all_allies", "kinds": ["magical"]},
            "effects": [
                {"op": "modify", "stat": "attack", "amount": 1, "target": "event", "duration": "game"}
            ],
        },
    ),
    (
        "card",
        {
            "op": "trigger",
            "on": {"deals": "all_characters", "to": "self", "kinds": ["physical"]},
            "effects": [{"op": "damage", "kind": "direct", "amount": 2, "target": "event"}],
        },
    ),
    ("card", {"op": "trigger", "on": {"deals": "self"}, "effects": [{"op": "heal", "amount": 1}]}),
    (
        "ability",
        {
            "op": "trigger",
            "on": {"damaged": "self", "kinds": ["physical"], "at_least": 6},
            "effects": [{"op": "heal", "amount": 1}],
        },
    ),
    (
        "card",
        {
            "op": "trigger",
            "on": {"deals": "all_allies", "at_least": 3},
            "effects": [{"op": "heal", "amount": 1}],
        },
    ),
    (
        "ability",
        {
            "op": "trigger",
            "on": {"plays": {"type": "sort"}, "by": "all_allies"},
            "effects": [
                {"op": "heal", "amount": 1, "target": {"group": "event", "race": "humain"}},
            ],
        },
    ),
    (
        "card",
        {
            "op": "trigger",
            "on": {"dies": "other_allies"},
            "effects": [
                {
                    "op": "one_of",
                    "options": [
                        [{"op": "heal", "amount": 2, "target": "event"}],
                        [{"op": "draw", "count": 1}],
                    ],
                }
            ],
        },
    ),
]


@pytest.mark.parametrize("item", VALID, ids=[str(i) for i in range(len(VALID))])
def test_events_about_a_character_round_trip_and_read_in_both_languages(item):
    context, data = item
    parsed = parse_effects([data], context=context)
    assert effects_to_json(parsed) == [data]
    assert parse_effects(effects_to_json(parsed), context=context) == parsed
    en = effect_text(parsed[0], "en", Names(), context)
    fr = effect_text(parsed[0], "fr", Names(), context)
    assert en.endswith(".") and fr.endswith(".") and en != fr


def test_the_parsed_events():
    trigger = parse_effect(VALID[1][1])
    assert trigger.on == Event("deals", who="all_characters", kinds=("physical",), to="self")  # type: ignore[union-attr]
    assert trigger.effects[0].target == "event"  # type: ignore[union-attr]


def test_the_sentences_of_the_events():
    effect = parse_effect(VALID[1][1])
    assert effect_text(effect, "en", Names(), "card").startswith(
        "Each time every character deals physical damage to this character:"
    )
    assert effect_text(effect, "fr", Names(), "card").startswith(
        "Chaque fois que chaque personnage inflige des dégâts physiques à ce personnage :"
    )
    damaged = parse_effect(VALID[0][1], context="ability")
    assert "takes magic damage" in effect_text(damaged, "en", Names(), "ability")
    assert "subit des dégâts magiques" in effect_text(damaged, "fr", Names(), "ability")


@pytest.mark.parametrize(
    ("data", "path"),
    [
        # "event" outside a trigger: no event to be about
        ({"op": "heal", "amount": 1, "target": "event"}, "effects[0].target"),
        (
            {
                "op": "one_of",
                "options": [[{"op": "heal", "amount": 1, "target": "event"}], [{"op": "draw", "count": 1}]],
            },
            "effects[0].target",
        ),
        # a trigger whose event is not about a character
        (
            {
                "op": "trigger",
                "on": "combat_end",
                "effects": [{"op": "heal", "amount": 1, "target": "event"}],
            },
            "effects[0].effects",
        ),
        # an event is not about "event"
        (
            {"op": "trigger", "on": {"dies": "event"}, "effects": [{"op": "draw", "count": 1}]},
            "effects[0].on.dies",
        ),
        (
            {
                "op": "trigger",
                "on": {"damaged": "self", "kinds": []},
                "effects": [{"op": "draw", "count": 1}],
            },
            "effects[0].on.kinds",
        ),
        (
            {
                "op": "trigger",
                "on": {"damaged": "self", "kinds": ["fire"]},
                "effects": [{"op": "draw", "count": 1}],
            },
            "effects[0].on.kinds[0]",
        ),
        (
            {
                "op": "trigger",
                "on": {"deals": "self", "by": "opponent"},
                "effects": [{"op": "draw", "count": 1}],
            },
            "effects[0].on",
        ),
        (
            {
                "op": "trigger",
                "on": {"dies": "self", "kinds": ["physical"]},
                "effects": [{"op": "draw", "count": 1}],
            },
            "effects[0].on",
        ),
    ],
)
def test_invalid_events_are_refused_with_a_path(data, path):
    with pytest.raises(EffectError) as info:
        parse_effects([data], context="card")
    assert info.value.path == path


def test_the_ordre_bonus_conditions():
    from cards.domain.effects import Condition, parse_condition
    from cards.domain.text import condition_text

    data = {"ordre": True, "opponent_ordre": False}
    cond = parse_condition(data, "when")
    assert cond == Condition(ordre=True, opponent_ordre=False)
    assert cond.to_json() == data
    assert condition_text(cond, "en", Names()) == (
        "if this character gets its Ordre bonus, if the opponent does not get its Ordre bonus"
    )
    assert condition_text(cond, "fr", Names()) == (
        "si ce personnage bénéficie de son bonus d'Ordre, "
        "si l'adversaire ne bénéficie pas de son bonus d'Ordre"
    )
    with pytest.raises(EffectError) as info:
        parse_condition({"ordre": "yes"}, "when")
    assert info.value.path == "when.ordre"


def test_the_engine_plays_the_ordre_conditions():
    """The engine checks them (tests/simulator/games/eredan/test_language_v2.py plays them)."""
    from simulator.games.eredan import ops

    assert not {"ordre", "opponent_ordre"} & ops.PENDING_CONDITION_KEYS


def test_the_damage_the_opponent_dealt_is_a_count():
    from cards.domain.effects import Count, parse_count
    from simulator.games.eredan import ops

    assert parse_count({"damage_dealt": "opponent"}, "per") == Count("damage_dealt", of="opponent")
    assert parse_count({"damage_dealt": "opponent"}, "per").to_json() == {"damage_dealt": "opponent"}
    with pytest.raises(EffectError) as info:
        parse_count({"damage_dealt": "anyone"}, "per")
    assert info.value.path == "per.damage_dealt"
    data = {
        "op": "heal",
        "amount": 1,
        "when": {
            "compare": {"left": {"damage_dealt": "self"}, "cmp": ">", "right": {"damage_dealt": "opponent"}}
        },
    }
    ops.compile_effect(parse_effect(data), "card 'x': effects[0]", 0)  # the engine counts it


def test_the_damage_taken_is_a_count():
    from cards.domain.effects import Count, parse_count
    from cards.domain.text import count_text
    from simulator.games.eredan import ops

    count = parse_count({"damage_taken": "opponent"}, "left")
    assert count == Count("damage_taken", of="opponent")
    assert count.to_json() == {"damage_taken": "opponent"}
    assert count_text(count, "en", Names()) == "point of damage the opponent took this turn"
    assert (
        count_text(parse_count({"damage_taken": "self"}, "left"), "fr", Names())
        == "point de dégâts subis ce tour"
    )
    data = {
        "op": "heal",
        "amount": 1,
        "when": {"compare": {"left": {"damage_taken": "self"}, "cmp": ">", "right": 2}},
    }
    ops.compile_effect(parse_effect(data), "card 'x': effects[0]", 0)  # the engine counts it


def test_a_trigger_limited_to_n_times():
    from simulator.games.eredan import ops

    data = {
        "op": "trigger",
        "on": {"plays": {"type": "sort"}},
        "effects": [{"op": "modify", "stat": "attack", "amount": 1}],
        "limit": "once_per_game",
        "times": 3,
    }
    (effect,) = parse_effects([data], context="ability")
    assert effects_to_json([effect]) == [data]
    assert effect_text(effect, "en", Names(), "ability").startswith("Each time this character plays")
    assert "(at most 3 times per game)" in effect_text(effect, "en", Names(), "ability")
    assert "(3 fois par partie au plus)" in effect_text(effect, "fr", Names(), "ability")
    for bad, path in (
        ({**data, "times": 1}, "effects[0].times"),
        ({**data, "times": 11}, "effects[0].times"),
        ({k: v for k, v in data.items() if k != "limit"}, "effects[0].times"),
    ):
        with pytest.raises(EffectError) as info:
            parse_effects([bad], context="ability")
        assert info.value.path == path
    op = ops.compile_effect(effect, "character 'x': abilities[0]", 0)  # the engine counts them
    assert op.times == 3  # type: ignore[attr-defined]


def test_the_attach_op():
    from simulator.games.eredan import ops

    data = {"op": "attach", "target": {"group": "allies", "pick": "random", "race": "golem"}}
    (effect,) = parse_effects([data])
    assert effects_to_json([effect]) == [data]
    assert (
        effect_text(effect, "en", Names())
        == "This card is attached to one of your characters (golem) at random."
    )
    assert effect_text(effect, "fr", Names()).startswith("Cette carte s'attache à ")
    for bad in ({"op": "attach"}, {"op": "attach", "target": "all_allies"}):
        with pytest.raises(EffectError):
            parse_effects([bad])
    with pytest.raises(EffectError):
        parse_effects([data], context="ability")
    # the engine plays it (since the engine helper's landing)
    assert ops.compile_effect(effect, "card 'x': effects[0]", 0).name == "attach"


def test_damage_of_at_least_n():
    """ "chaque fois que vous subissez plus de 5 dégâts": ``at_least`` 6 (2..99)."""
    trigger = parse_effect(VALID[3][1])
    assert trigger.on == Event("damaged", who="self", kinds=("physical",), at_least=6)  # type: ignore[union-attr]
    assert effect_text(trigger, "en", Names(), "ability").startswith(
        "Each time this character takes 6 or more physical damage"
    )
    assert effect_text(trigger, "fr", Names(), "ability").startswith(
        "Chaque fois que ce personnage subit au moins 6 dégâts physiques"
    )
    for bad in (1, 0, 100, "6", True):
        with pytest.raises(EffectError, match="at_least"):
            parse_effect(
                {
                    "op": "trigger",
                    "on": {"damaged": "self", "at_least": bad},
                    "effects": [{"op": "heal", "amount": 1}],
                }
            )
    with pytest.raises(EffectError):
        parse_effect(
            {"op": "trigger", "on": {"dies": "self", "at_least": 3}, "effects": [{"op": "heal", "amount": 1}]}
        )
