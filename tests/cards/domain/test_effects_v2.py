"""Version 2 of the effect language (cards/domain/effects.py): every construct parses strictly,
round-trips through its canonical JSON and reads in English and French (cards/domain/text.py).

Each entry names the kind of card text it stands for, in our words (no card's sentence).
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cards.domain.effects import (
    Amount,
    Condition,
    EffectError,
    Modify,
    Scaled,
    Selector,
    Trigger,
    effect_target,
    effects_to_json,
    parse_effect,
    parse_effects,
    walk_effects,
)
from cards.domain.text import Names, effect_text

NAMES = Names(
    classes={"mage": ("Mage", "Mage"), "pretre": ("Priest", "Prêtre")},
    races={"golem": ("Golem", "Golem")},
    guilds={"nameades": ("Desert Nomads", "Nomades du désert")},
    types={"sort": ("Spell", "Sort"), "objet": ("Item", "Objet"), "feu": ("Fire", "Feu")},
    families={"katana": ("Katana", "Katana"), "poudriere": ("Powder keg", "Poudrière")},
    castes={"sorcelame": ("Witchblade", "Sorcelame")},
)

#: (context, effect) — one or more per construct.
VALID_V2: list[tuple[str, dict[str, Any]]] = [
    # modifiers: rolled, stat-based, scaled; hp_max; range stats on a card; the new durations
    ("card", {"op": "modify", "stat": "attack", "amount": [1, 2]}),
    ("card", {"op": "modify", "stat": "defense", "amount": {"stat": "spirit", "plus": 0}}),
    (
        "card",
        {
            "op": "modify",
            "stat": "attack",
            "amount": {"per": {"cards": "discard", "match": {"type": "feu"}}, "each": 2, "max": 6},
        },
    ),
    ("card", {"op": "modify", "stat": "hp_max", "amount": 2, "target": "all_allies", "duration": "game"}),
    ("card", {"op": "modify", "stat": "attack_min", "amount": 3, "duration": {"combats": 2}}),
    (
        "card",
        {
            "op": "modify",
            "stat": "spirit",
            "amount": 1,
            "target": {"group": "allies", "guild": "nameades"},
            "duration": "game",
        },
    ),
    # targets: new names and selector objects
    ("card", {"op": "heal", "amount": 2, "target": "ally"}),
    ("card", {"op": "heal", "amount": 1, "target": "fewest_hp_ally"}),
    ("card", {"op": "damage", "kind": "direct", "amount": 1, "target": "random_enemy"}),
    ("card", {"op": "damage", "kind": "direct", "amount": 3, "target": "self"}),
    (
        "card",
        {
            "op": "damage",
            "kind": "magical",
            "amount": 2,
            "target": {"group": "enemies", "pick": "choice", "class": "mage"},
        },
    ),
    # a scaled damage: "X where X = 4 minus the cards in the opponent's hand"
    (
        "card",
        {
            "op": "damage",
            "kind": "magical",
            "amount": {"per": {"cards": "hand", "owner": "opponent"}, "each": -1, "plus": 4, "min": 0},
        },
    ),
    # halved stat, rounded down; a stat of the opponent
    ("card", {"op": "heal", "amount": {"per": {"stat": "defense", "of": "self"}, "div": 2}}),
    ("card", {"op": "modify", "stat": "defense", "amount": {"per": {"stat": "defense", "of": "opponent"}}}),
    # counts of characters and markers, of guilds
    (
        "card",
        {
            "op": "modify",
            "stat": "attack",
            "amount": {"per": {"characters": {"group": "allies", "race": "golem"}}},
        },
    ),
    ("card", {"op": "damage", "kind": "direct", "amount": {"per": {"markers": "poudre", "on": "opponent"}}}),
    (
        "card",
        {"op": "modify", "stat": "defense", "amount": {"per": {"guilds": "self"}}, "duration": "permanent"},
    ),
    ("card", {"op": "heal", "amount": {"per": {"characters": "all_allies", "dead": True}, "each": 2}}),
    ("card", {"op": "heal", "amount": {"per": {"damage_dealt": "self"}, "div": 4, "round": "up"}}),
    ("card", {"op": "damage", "kind": "direct", "amount": {"per": {"cards": "play", "on": "opponent"}}}),
    # set and fixed stats
    ("card", {"op": "set", "stat": "attack", "value": [7, 9]}),
    ("card", {"op": "set", "stat": "defense", "value": 0, "target": "opponent"}),
    (
        "card",
        {"op": "set", "stat": "spirit", "value": {"per": {"stat": "spirit", "of": "opponent"}, "div": 2}},
    ),
    # loss of HP, damage reduction and bonuses, immunities
    ("card", {"op": "lose_hp", "amount": 2, "target": "opponent"}),
    ("card", {"op": "damage_taken", "amount": -2, "duration": {"turns": 2}}),
    ("card", {"op": "damage_taken", "amount": 1, "kinds": ["magical"], "target": "opponent"}),
    (
        "card",
        {
            "op": "damage_dealt",
            "amount": 2,
            "kinds": ["magical"],
            "cards": {"type": "sort", "zone": False},
            "duration": "permanent",
        },
    ),
    ("card", {"op": "heal_dealt", "amount": 2, "cards": {"type": "theurgie"}, "duration": "permanent"}),
    ("card", {"op": "immune", "cards": {"type": "sort"}, "duration": "permanent"}),
    ("card", {"op": "immune", "kinds": ["physical", "direct"]}),
    # markers, tap / untap, conditional chains
    ("card", {"op": "marker", "name": "poudre", "count": 1}),
    ("card", {"op": "marker", "name": "poudre", "count": -2, "target": "all_characters"}),
    ("card", {"op": "tap"}),
    ("card", {"op": "untap", "target": "other_allies"}),
    ("card", {"op": "chain", "match": {"any": True}, "when": {"played_by_caste": "sorcelame"}}),
    (
        "card",
        {
            "op": "chain",
            "match": {"type": "sort"},
            "when": {"played_by_class": "mage", "played_by_single_class": True},
        },
    ),
    # cards between piles, this card's destination, attached cards, created cards, played cards
    ("card", {"op": "move", "from": "discard", "to": "hand", "cards": {"type": "sort"}, "pick": "choice"}),
    ("card", {"op": "move", "from": "hand", "to": "removed", "owner": "opponent", "count": "all"}),
    ("card", {"op": "move", "from": "hand", "to": "hand", "owner": "opponent", "into": "self"}),
    ("card", {"op": "move", "from": "discard", "to": "deck", "owner": "any", "pick": "choice"}),
    (
        "card",
        {"op": "move", "from": "hand", "to": "hand", "owner": "opponent", "pick": "opponent", "into": "self"},
    ),
    ("card", {"op": "card_to", "to": "deck"}),
    ("card", {"op": "discard_attached", "count": 2}),
    ("card", {"op": "discard_attached", "target": "all_allies", "owner": "opponent", "pick": "choice"}),
    ("card", {"op": "create", "card": "poudriere", "to": "attach", "target": "random_enemy"}),
    ("card", {"op": "play_card", "from": "deck", "cards": {"type": "objet", "guild": "pirates"}}),
    # restrictions, extra attacks, the Ordre bonus, alternatives
    ("card", {"op": "forbid", "what": "play", "cards": {"type": "theurgie"}, "target": "opponent"}),
    ("card", {"op": "forbid", "what": "attack", "target": "opponent"}),
    ("card", {"op": "extra_attack", "amount": {"stat": "attack", "plus": 0}}),
    ("card", {"op": "extra_attack", "amount": {"stat": "attack", "base": True, "plus": 0}}),
    ("card", {"op": "swap", "stats": ["spirit", "defense"], "target": "fighters"}),
    ("order", {"op": "swap", "stats": ["defense", "spirit"], "target": "opponent", "duration": "game"}),
    ("card", {"op": "grant_order"}),
    (
        "card",
        {
            "op": "one_of",
            "options": [
                [{"op": "modify", "stat": "attack", "amount": 2}],
                [{"op": "modify", "stat": "spirit", "amount": 2}],
            ],
        },
    ),
    # triggers on a card, in an ability, in an Ordre
    (
        "card",
        {"op": "trigger", "on": "combat_end", "effects": [{"op": "card_to", "to": "deck"}]},
    ),
    (
        "card",
        {
            "op": "trigger",
            "on": "combat_start",
            "effects": [{"op": "damage", "kind": "direct", "amount": 1, "target": "enemy"}],
            "limit": "once_per_turn",
        },
    ),
    (
        "ability",
        {
            "op": "trigger",
            "on": "game_start",
            "effects": [
                {
                    "op": "modify",
                    "stat": "attack",
                    "amount": 1,
                    "target": {"group": "other_allies", "guild": "nameades"},
                    "duration": "game",
                }
            ],
        },
    ),
    (
        "ability",
        {
            "op": "trigger",
            "on": {"plays": {"guild": "zil"}, "by": {"group": "allies", "class": "maraudeur"}},
            "effects": [{"op": "modify", "stat": "attack", "amount": 1, "target": "all_allies"}],
        },
    ),
    ("ability", {"op": "trigger", "on": {"dies": "other_allies"}, "effects": [{"op": "draw", "count": 1}]}),
    (
        "ability",
        {
            "op": "trigger",
            "on": {"damaged": "self"},
            "effects": [{"op": "marker", "name": "rage", "count": 1}],
        },
    ),
    ("order", {"op": "damage", "kind": "direct", "amount": 2}),
    ("order", {"op": "trigger", "on": "after_cards", "effects": [{"op": "play_card", "from": "deck"}]}),
    # standing abilities: a group aura, immunities, may_play, a conditional modifier
    (
        "ability",
        {
            "op": "modify",
            "stat": "attack",
            "amount": 1,
            "target": {"group": "other_allies", "caste": "sorcelame"},
        },
    ),
    ("ability", {"op": "damage_taken", "amount": -1, "kinds": ["magical"]}),
    ("ability", {"op": "may_play", "cards": {"type": "foudre"}}),
    ("ability", {"op": "forbid", "what": "chain", "cards": {"any": True}}),
    ("ability", {"op": "modify", "stat": "spirit", "amount": 2, "when": {"plays": {"type": "sort"}}}),
    # conditions of version 2
    ("card", {"op": "modify", "stat": "attack", "amount": 2, "when": {"opponent_caste": "courtisan"}}),
    ("card", {"op": "modify", "stat": "attack", "amount": 1, "when": {"opponent_single_class": False}}),
    ("card", {"op": "modify", "stat": "attack", "amount": 3, "when": {"opponent_is": "katana"}}),
    (
        "card",
        {
            "op": "modify",
            "stat": "defense",
            "amount": 2,
            "when": {"carrying_match": {"type": "pierre_coeur"}},
        },
    ),
    ("card", {"op": "draw", "count": 1, "when": {"follows": {"card": "katana"}}}),
    ("card", {"op": "discard", "count": 1, "when": {"followed_by": {"card": "katana"}}}),
    ("card", {"op": "modify", "stat": "attack", "amount": 1, "when": {"chained": True}}),
    (
        "card",
        {
            "op": "modify",
            "stat": "attack",
            "amount": 1,
            "when": {"ally": {"class": "pretre", "guild": "nameades"}},
        },
    ),
    ("card", {"op": "heal", "amount": 2, "when": {"ally_dead": "katana", "ally_present": "poudriere"}}),
    (
        "card",
        {
            "op": "modify",
            "stat": "defense",
            "amount": 1,
            "when": {"tapped": True, "opponent_tapped": False, "active": True},
        },
    ),
    (
        "card",
        {
            "op": "modify",
            "stat": "attack",
            "amount": 2,
            "when": {"compare": {"left": {"stat": "hp", "of": "self"}, "cmp": "<=", "right": 5}},
        },
    ),
    (
        "card",
        {
            "op": "modify",
            "stat": "defense",
            "amount": 1,
            "when": {
                "compare": {
                    "left": {"stat": "defense", "of": "opponent"},
                    "cmp": ">",
                    "right": {"stat": "spirit", "of": "opponent"},
                }
            },
        },
    ),
    (
        "card",
        {
            "op": "damage",
            "kind": "magical",
            "amount": 3,
            "when": {"any": [{"opponent_class": "mage"}, {"opponent_class": "pretre"}]},
        },
    ),
    ("card", {"op": "damage", "kind": "magical", "amount": 3, "when": {"not": {"opponent_race": "humain"}}}),
]


def _id(item):
    context, data = item
    return f"{context}-{data['op']}"


@pytest.mark.parametrize("item", VALID_V2, ids=[_id(i) for i in VALID_V2])
def test_version_2_effects_round_trip(item):
    context, data = item
    parsed = parse_effects([data], context=context)
    assert effects_to_json(parsed) == [data]
    assert parse_effects(effects_to_json(parsed), context=context) == parsed


@pytest.mark.parametrize("item", VALID_V2, ids=[_id(i) for i in VALID_V2])
def test_version_2_effects_read_in_both_languages(item):
    context, data = item
    (effect,) = parse_effects([data], context=context)
    en = effect_text(effect, "en", NAMES, context)
    fr = effect_text(effect, "fr", NAMES, context)
    assert en.endswith(".") and fr.endswith(".")
    assert en != fr
    assert "None" not in en + fr and "{" not in en + fr


@pytest.mark.parametrize(
    ("data", "en", "fr"),
    [
        (
            {"op": "damage_taken", "amount": -2, "duration": {"combats": 2}},
            "-2 to damage taken for 2 combats.",
            "-2 aux dégâts subis pendant 2 combats.",
        ),
        (
            {"op": "lose_hp", "amount": 2, "target": "opponent"},
            "The opponent loses 2 HP (not damage, not scored).",
            "L'adversaire perd 2 PV (ni dégâts, ni score).",
        ),
        (
            {"op": "set", "stat": "attack", "value": [7, 9]},
            "Attack = 7–9.",
            "Attaque = 7–9.",
        ),
        (
            {
                "op": "modify",
                "stat": "attack",
                "amount": {"per": {"cards": "discard", "match": {"type": "feu"}}, "each": 2, "max": 6},
            },
            "Attack +2 per Fire in your discard pile (max 6).",
            "Attaque +2 par Feu de votre défausse (max 6).",
        ),
        (
            {"op": "trigger", "on": "combat_end", "effects": [{"op": "card_to", "to": "deck"}]},
            "At the end of each of its combats: This card then goes to your deck.",
            "À la fin de chacun de ses combats : Cette carte va ensuite dans votre deck.",
        ),
        (
            {
                "op": "modify",
                "stat": "spirit",
                "amount": 1,
                "target": {"group": "allies", "guild": "nameades"},
                "duration": "game",
            },
            "Your characters (guild Desert Nomads): Spirit +1 until the end of the game.",
            "Vos personnages (guilde Nomades du désert) : Esprit +1 jusqu'à la fin de la partie.",
        ),
        (
            {"op": "move", "from": "hand", "to": "hand", "owner": "opponent", "into": "self"},
            "1 card (at random) from the opponent's hand goes to your hand.",
            "1 carte (au hasard) de la main adverse : dans votre main.",
        ),
        (
            {"op": "move", "from": "discard", "to": "deck", "owner": "any", "pick": "choice"},
            "1 card (of your choice) from either player's discard pile goes to its owner's deck.",
            "1 carte (au choix) de n'importe quelle défausse : dans le deck de son propriétaire.",
        ),
        (
            {
                "op": "move",
                "from": "hand",
                "to": "hand",
                "owner": "opponent",
                "pick": "opponent",
                "into": "self",
            },
            "1 card (chosen by the opponent) from the opponent's hand goes to your hand.",
            "1 carte (au choix de l'adversaire) de la main adverse : dans votre main.",
        ),
    ],
)
def test_known_sentences(data, en, fr):
    effect = parse_effect(data)
    assert effect_text(effect, "en", NAMES, "card") == en
    assert effect_text(effect, "fr", NAMES, "card") == fr


def test_a_standing_ability_on_a_group_reads_as_an_aura():
    (effect,) = parse_effects(
        [
            {
                "op": "modify",
                "stat": "attack",
                "amount": 1,
                "target": {"group": "other_allies", "caste": "sorcelame"},
            }
        ],
        context="ability",
    )
    assert effect_text(effect, "en", NAMES, "ability") == (
        "Aura — your other characters (Witchblade): Attack +1 when they fight, while this character is alive."
    )


def test_a_selector_that_a_name_stands_for_is_written_as_the_name():
    (effect,) = parse_effects([{"op": "heal", "amount": 1, "target": {"group": "allies", "pick": "choice"}}])
    assert effects_to_json([effect]) == [{"op": "heal", "amount": 1, "target": "ally"}]
    assert effect.target == "ally" and effect.selector is None


def test_a_selector_is_kept_beside_the_group_name():
    """Ops keep ``target`` a name (``group`` for an object) and the object in ``selector``."""
    (effect,) = parse_effects([{"op": "tap", "target": {"group": "enemies", "tapped": False}}])
    assert effect.target == "group"
    assert effect.selector == Selector(group="enemies", tapped=False)
    assert effect_target(effect) == effect.selector


def test_the_parsed_shapes():
    (modify, damage) = parse_effects(
        [
            {"op": "modify", "stat": "attack", "amount": [1, 2]},
            {"op": "damage", "kind": "direct", "amount": {"per": {"guilds": "self"}, "plus": 1}},
        ]
    )
    assert isinstance(modify, Modify) and modify.amount == Amount(1, 2)
    assert isinstance(damage.amount, Scaled) and damage.amount.plus == 1


@pytest.mark.parametrize(
    ("context", "data", "path"),
    [
        ("card", {"op": "modify", "stat": "luck", "amount": 1}, "effects[0].stat"),
        ("card", {"op": "modify", "stat": "attack", "amount": [2, 2]}, "effects[0].amount"),
        (
            "card",
            {"op": "modify", "stat": "attack", "amount": {"per": {"stat": "luck"}}},
            "effects[0].amount.per.stat",
        ),
        ("card", {"op": "modify", "stat": "attack", "amount": {"per": {}}}, "effects[0].amount.per"),
        (
            "card",
            {"op": "modify", "stat": "attack", "amount": {"per": {"guilds": "self"}, "each": 0}},
            "effects[0].amount.each",
        ),
        (
            "card",
            {"op": "damage", "kind": "direct", "amount": {"per": {"guilds": "self"}, "each": -1}},
            "effects[0].amount.min",
        ),
        (
            "card",
            {"op": "heal", "amount": {"per": {"guilds": "self"}, "round": "up"}},
            "effects[0].amount.round",
        ),
        (
            "card",
            {"op": "heal", "amount": {"per": {"cards": "hand", "on": "self"}}},
            "effects[0].amount.per.on",
        ),
        ("card", {"op": "heal", "amount": 1, "target": "nobody"}, "effects[0].target"),
        (
            "card",
            {"op": "heal", "amount": 1, "target": {"group": "allies", "pick": "best"}},
            "effects[0].target.pick",
        ),
        (
            "card",
            {"op": "heal", "amount": 1, "target": {"group": "opponent", "class": "mage"}},
            "effects[0].target",
        ),
        (
            "card",
            {"op": "heal", "amount": 1, "target": {"group": "allies", "colour": "red"}},
            "effects[0].target",
        ),
        (
            "card",
            {"op": "modify", "stat": "attack", "amount": 1, "duration": {"combats": 0}},
            "effects[0].duration.combats",
        ),
        (
            "card",
            {"op": "modify", "stat": "attack", "amount": 1, "duration": "forever"},
            "effects[0].duration",
        ),
        ("card", {"op": "set", "stat": "defense", "value": [1, 2]}, "effects[0].value"),
        ("card", {"op": "set", "stat": "hp_max", "value": 3}, "effects[0].stat"),
        ("card", {"op": "damage_taken", "amount": 0}, "effects[0].amount"),
        ("card", {"op": "damage_taken", "amount": -1, "kinds": ["fire"]}, "effects[0].kinds[0]"),
        ("card", {"op": "damage_taken", "amount": -1, "cards": {"any": True}}, "effects[0]"),
        ("card", {"op": "immune"}, "effects[0]"),
        ("card", {"op": "marker", "name": "poudre", "count": 0}, "effects[0].count"),
        ("card", {"op": "move", "from": "hand", "to": "hand"}, "effects[0].to"),
        ("card", {"op": "move", "from": "hand", "to": "deck", "count": 0}, "effects[0].count"),
        ("card", {"op": "move", "from": "hand", "to": "hand", "into": "self"}, "effects[0].into"),
        (
            "card",
            {"op": "move", "from": "hand", "to": "removed", "owner": "opponent", "into": "self"},
            "effects[0].into",
        ),
        ("card", {"op": "move", "from": "discard", "to": "deck", "owner": "any"}, "effects[0].owner"),
        ("card", {"op": "move", "from": "hand", "to": "deck", "pick": "opponent"}, "effects[0].pick"),
        ("card", {"op": "create", "card": "a card"}, "effects[0].card"),
        ("card", {"op": "forbid", "what": "attack", "cards": {"any": True}}, "effects[0].cards"),
        ("card", {"op": "one_of", "options": [[{"op": "draw", "count": 1}]]}, "effects[0].options"),
        (
            "card",
            {"op": "trigger", "on": "midnight", "effects": [{"op": "draw", "count": 1}]},
            "effects[0].on",
        ),
        ("card", {"op": "trigger", "on": "combat_end", "effects": []}, "effects[0].effects"),
        (
            "card",
            {"op": "trigger", "on": "combat_end", "effects": [{"op": "chain_on", "match": {"any": True}}]},
            "effects[0].effects[0].op",
        ),
        (
            "card",
            {"op": "trigger", "on": {"plays": {"colour": "red"}}, "effects": [{"op": "draw", "count": 1}]},
            "effects[0].on.plays",
        ),
        ("card", {"op": "may_play", "cards": {"any": True}}, "effects[0].op"),
        ("ability", {"op": "draw", "count": 1}, "effects[0].op"),
        ("ability", {"op": "chain", "match": {"any": True}}, "effects[0].op"),
        (
            "ability",
            {"op": "modify", "stat": "attack", "amount": 1, "duration": "game"},
            "effects[0].duration",
        ),
        ("card", {"op": "draw", "count": 1, "when": {"any": [{"turn": "odd"}]}}, "effects[0].when.any"),
        ("card", {"op": "draw", "count": 1, "when": {"not": {}}}, "effects[0].when.not"),
        ("card", {"op": "draw", "count": 1, "when": {"ally": {}}}, "effects[0].when.ally"),
        ("card", {"op": "draw", "count": 1, "when": {"chained": "yes"}}, "effects[0].when.chained"),
        (
            "card",
            {
                "op": "draw",
                "count": 1,
                "when": {"compare": {"left": {"guilds": "self"}, "cmp": "~", "right": 1}},
            },
            "effects[0].when.compare.cmp",
        ),
        ("card", {"op": "chain", "match": {"any_of": [{"any": True}]}}, "effects[0].match.any_of"),
        ("card", {"op": "chain", "match": {"guild": "zil", "hands": 1}}, "effects[0].match"),
        ("card", {"op": "swap", "stats": ["spirit"]}, "effects[0].stats"),
        ("card", {"op": "swap", "stats": ["spirit", "attack"]}, "effects[0].stats[1]"),
        ("card", {"op": "swap", "stats": ["spirit", "spirit"]}, "effects[0].stats"),
        ("ability", {"op": "swap", "stats": ["spirit", "defense"]}, "effects[0].op"),
    ],
)
def test_invalid_version_2_effects_are_refused_with_a_path(context, data, path):
    with pytest.raises(EffectError) as info:
        parse_effects([data], context=context)
    assert info.value.path == path


def test_nesting_is_bounded():
    inner: dict = {"op": "draw", "count": 1}
    for _ in range(6):
        inner = {"op": "trigger", "on": "combat_end", "effects": [inner]}
    with pytest.raises(EffectError, match="nested"):
        parse_effects([inner])
    condition: dict = {"turn": "odd"}
    for _ in range(6):
        condition = {"not": condition}
    with pytest.raises(EffectError, match="nested"):
        parse_effects([{"op": "draw", "count": 1, "when": condition}])


def test_walk_effects_reaches_nested_effects():
    (trigger, one_of) = parse_effects(
        [
            {"op": "trigger", "on": "combat_end", "effects": [{"op": "draw", "count": 1}]},
            {"op": "one_of", "options": [[{"op": "tap"}], [{"op": "untap"}]], "pick": "random"},
        ]
    )
    assert isinstance(trigger, Trigger)
    assert [e.op for e in walk_effects([trigger, one_of])] == ["trigger", "draw", "one_of", "tap", "untap"]


def test_conditions_compose():
    (effect,) = parse_effects(
        [{"op": "draw", "count": 1, "when": {"any": [{"turn": "odd"}, {"not": {"opponent_class": "mage"}}]}}]
    )
    assert effect.when is not None and effect.when.any is not None
    assert effect.when.any[1] == Condition(not_=Condition(opponent_class="mage"))


@given(
    st.recursive(
        st.none() | st.integers() | st.text(max_size=5) | st.booleans(),
        lambda c: (
            st.lists(c, max_size=3)
            | st.dictionaries(
                st.sampled_from(
                    [
                        "op",
                        "stat",
                        "amount",
                        "per",
                        "target",
                        "group",
                        "on",
                        "effects",
                        "when",
                        "any",
                        "not",
                        "cards",
                    ]
                ),
                c,
                max_size=4,
            )
        ),
    )
)
def test_arbitrary_json_never_crashes_the_parser(data):
    for context in ("card", "ability", "order"):
        with contextlib.suppress(EffectError):
            parse_effects(data, context=context)
