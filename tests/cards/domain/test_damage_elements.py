"""The element of damage (cards/domain/effects.py ``damage.element`` and the ``elements`` of
``immune``, ``damage_taken``, ``damage_dealt``, ``damaged`` / ``deals``): schema, JSON round trip,
rules text, and the compiler's reading (cards/domain/grammar_damage.py).

Every text here is written for these tests, in the cards' grammar; none is a card's text.
"""

from __future__ import annotations

import pytest

from cards.domain.effects import EffectError, effect_to_json, parse_effect
from cards.domain.text import effect_text

VALID = [
    (
        {"op": "immune", "by": "player"},
        "Immune to damage dealt by cards of its player.",
        "Immunité aux dégâts infligés par : cartes de son joueur.",
    ),
    (
        {"op": "immune", "kinds": ["direct"], "by": "self", "by_cards": {"type": "objet"}},
        "Immune to direct damage dealt by objet it plays or carries.",
        None,
    ),
    (
        {"op": "damage", "kind": "magical", "amount": 3, "element": "feu"},
        "Deals 3 Fire magic damage (reduced by Spirit) to the opponent.",
        "Inflige 3 dégâts magiques de type Feu (réduits par l'Esprit) à l'adversaire.",
    ),
    (
        {"op": "immune", "elements": ["ombre"]},
        "Immune to Shadow damage.",
        "Immunité aux dégâts de type Ombre.",
    ),
    (
        {"op": "immune", "kinds": ["magical"], "elements": ["feu", "air"]},
        "Immune to Fire or Air magic damage.",
        "Immunité aux dégâts magiques de type Feu ou Air.",
    ),
    ({"op": "damage_taken", "amount": -1, "elements": ["eau"]}, "-1 to Water damage taken.", None),
    ({"op": "damage_dealt", "amount": 2, "elements": ["foudre"]}, "+2 to Lightning damage dealt.", None),
    (
        {
            "op": "trigger",
            "on": {"deals": "self", "elements": ["nature"]},
            "effects": [{"op": "heal", "amount": 1}],
        },
        "Each time this character deals Nature damage: Heals 1 HP to this character.",
        None,
    ),
]


@pytest.mark.parametrize(("data", "en", "fr"), VALID)
def test_elements_round_trip_and_read_in_both_languages(data, en, fr):
    effect = parse_effect(data)
    assert effect_to_json(effect) == data
    assert effect_text(effect, "en") == en
    if fr is not None:
        assert effect_text(effect, "fr") == fr
    else:
        assert "de type" in effect_text(effect, "fr") or "infligés par" in effect_text(effect, "fr")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"op": "damage", "kind": "magical", "amount": 3, "element": "fire"},
            "effect.element: expected one of",
        ),
        ({"op": "immune", "elements": []}, "non-empty list of damage elements"),
        ({"op": "immune", "elements": ["feu", "feu"]}, "listed twice"),
        ({"op": "immune", "elements": ["feu"], "cards": {"type": "sort"}}, "one of the two"),
        ({"op": "heal_dealt", "amount": 1, "elements": ["feu"]}, "unknown key"),
        ({"op": "immune", "by": "others"}, "effect.by: expected one of player, self"),
        ({"op": "immune", "by_cards": {"type": "objet"}}, "give by"),
        ({"op": "immune", "by": "self", "cards": {"type": "sort"}}, "does not also name cards"),
        (
            {
                "op": "trigger",
                "on": {"damaged": "self", "elements": ["lave"]},
                "effects": [{"op": "draw", "count": 1}],
            },
            "elements[0]",
        ),
    ],
)
def test_invalid_elements_are_refused(data, message):
    with pytest.raises(EffectError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_effect(data)


def _card(compiler, text):
    result = compiler.compile(text, subject="card")
    assert result.complete, result.clauses
    return result.to_json()["effects"]


def _character(compiler, text):
    result = compiler.compile(text, subject="character")
    assert result.complete, result.clauses
    return result.to_json()["abilities"]


def test_the_compiler_reads_the_element_of_a_damage(compiler):
    assert _card(compiler, "Votre adversaire subit 3 dégâts magiques de type Ombre.") == [
        {"op": "damage", "kind": "magical", "amount": 3, "element": "ombre"}
    ]
    # two targets of one phrase: both hits are of that element
    assert _card(compiler, "Le porteur et son adversaire subissent 2 dégâts magiques de type Air.") == [
        {"op": "damage", "kind": "magical", "amount": 2, "element": "air", "target": "self"},
        {"op": "damage", "kind": "magical", "amount": 2, "element": "air"},
    ]
    assert _card(compiler, "Immunité dégâts de Foudre. Permanent.") == [
        {"op": "immune", "elements": ["foudre"], "duration": "permanent"}
    ]
    assert _card(compiler, "Vous avez -2 aux dégâts de type eau subis.") == [
        {"op": "damage_taken", "amount": -2, "elements": ["eau"]}
    ]


def test_the_element_goes_to_the_damage_of_its_phrase(compiler):
    """Two damage phrases: the element is the one of the phrase whose kind it names."""
    assert _character(
        compiler,
        "Chaque fois qu'un personnage vous inflige des dégâts physiques, il subit 1 dégât magique "
        "de type Terre.",
    ) == [
        {
            "op": "trigger",
            "on": {"deals": "all_characters", "to": "self", "kinds": ["physical"]},
            "effects": [
                {"op": "damage", "kind": "magical", "amount": 1, "element": "terre", "target": "event"}
            ],
        }
    ]
    assert _character(compiler, "Chaque fois que vous subissez des dégâts magiques de type Feu, Défense +1.")[
        0
    ]["on"] == {
        "damaged": "self",
        "kinds": ["magical"],
        "elements": ["feu"],
    }


@pytest.mark.parametrize(
    "text",
    [
        # which of the two magical damages is of Fire?
        "Chaque fois que vous subissez des dégâts magiques, votre adversaire subit 2 dégâts "
        "magiques de type Feu.",
        # two elements in one clause
        "Votre adversaire subit 2 dégâts magiques de type Feu et 1 dégât magique de type Eau.",
    ],
)
def test_an_element_the_compiler_cannot_place_is_not_read(compiler, text):
    assert not compiler.compile(text, subject="card").complete


def test_the_compiler_reads_an_immunity_to_its_own_cards(compiler):
    """ "ne peut pas être blessé par les effets de vos cartes": no damage of its player's cards;
    "… par les X qu'il joue": of the X it plays."""
    result = compiler.compile(
        "'Ozzar' ne peut pas être blessé par les effets de vos cartes.", subject="character", name="Ozzar"
    )
    assert result.complete and result.to_json()["abilities"] == [{"op": "immune", "by": "player"}]
    assert _character(compiler, "Ne peut être blessé par les effets de vos cartes.") == [
        {"op": "immune", "by": "player"}
    ]
    assert _character(compiler, "Vos Mages ne peuvent pas être blessés par les Sorts qu'ils jouent.") == [
        {
            "op": "immune",
            "by": "self",
            "by_cards": {"type": "sort"},
            "target": {"group": "allies", "class": "mage"},
        }
    ]


@pytest.mark.parametrize(
    ("text", "effects"),
    [
        (
            "En fin de combat, gagne 2 Points de vie pour chacun de vos Sorts Air actifs.",
            [
                {
                    "op": "trigger",
                    "on": "combat_end",
                    "effects": [
                        {
                            "op": "heal",
                            "amount": {"per": {"cards": "play", "match": {"type": "air"}}, "each": 2},
                        }
                    ],
                }
            ],
        ),
        (
            "+2 aux dégâts physiques infligés pour chacune de vos Classes.",
            [
                {
                    "op": "damage_dealt",
                    "amount": {"per": {"classes": "self"}, "each": 2},
                    "kinds": ["physical"],
                }
            ],
        ),
        (
            "Votre personnage ne peut pas subir de dégâts physiques ou magiques.",
            [{"op": "immune", "kinds": ["physical", "magical"]}],
        ),
        (
            "+3 au Soins des Objets joués par votre personnage.",
            [{"op": "heal_dealt", "amount": 3, "cards": {"type": "objet"}}],
        ),
        (
            "Vos personnages ont +2 aux soins des Potions, des Sorts et des Actions qu'ils jouent.",
            [
                {
                    "op": "heal_dealt",
                    "amount": 2,
                    "cards": {"any_of": [{"type": "potion"}, {"type": "sort"}, {"type": "action"}]},
                    "target": "all_allies",
                }
            ],
        ),
        (
            "Les personnages adverses ont Points de vie max -2 jusqu'à la fin de la partie, et les vôtres "
            "sont augmentés de 2 jusqu'à la fin de la partie.",
            [
                {"op": "modify", "stat": "hp_max", "amount": -2, "target": "all_enemies", "duration": "game"},
                {"op": "modify", "stat": "hp_max", "amount": 2, "target": "all_allies", "duration": "game"},
            ],
        ),
        (
            "En début de tour, vos personnages ayant plus de 3 en Esprit sont soignés de 1.",
            [
                {
                    "op": "trigger",
                    "on": "turn_start",
                    "effects": [
                        {
                            "op": "heal",
                            "amount": 1,
                            "target": {"group": "allies", "stat": {"stat": "spirit", "cmp": ">", "right": 3}},
                        }
                    ],
                }
            ],
        ),
        (
            "Inflige 4 dégâts directs au personnage adverse ainsi qu'à un autre personnage adverse déterminé "
            "aléatoirement.",
            [
                {"op": "damage", "kind": "direct", "amount": 4},
                {"op": "damage", "kind": "direct", "amount": 4, "target": "random_other_enemy"},
            ],
        ),
        (
            "Vos Mages sont soignés de 2.",
            [{"op": "heal", "amount": 2, "target": {"group": "allies", "class": "mage"}}],
        ),
    ],
)
def test_the_compiler_reads_more_damage_and_heal_phrases(compiler, text, effects):
    assert _card(compiler, text) == effects


def test_this_turn_then_from_the_next_turn(compiler):
    text = (
        "S'attache à votre adversaire. Permanent. Il a Esprit -3 durant le tour où cette carte "
        "s'active, puis Esprit -1 à partir du tour suivant."
    )
    assert _card(compiler, text) == [
        {"op": "modify", "stat": "spirit", "amount": -3},
        {"op": "trigger", "on": "turn_start", "effects": [{"op": "modify", "stat": "spirit", "amount": -1}]},
    ]
    text = (
        "S'attache à votre adversaire. Permanent. Il a +3 aux dégâts physiques subis le tour où cette "
        "carte s'active, puis +2 aux dégâts physiques subis à partir du suivant."
    )
    assert _card(compiler, text) == [
        {"op": "damage_taken", "amount": 3, "kinds": ["physical"]},
        {
            "op": "trigger",
            "on": "turn_start",
            "effects": [{"op": "damage_taken", "amount": 2, "kinds": ["physical"]}],
        },
    ]
    # on a card that does not stay, "à partir du tour suivant" is not read
    assert not compiler.compile(
        "Il a Esprit -3 le tour où cette carte s'active, puis Esprit -1 à partir du suivant.", subject="card"
    ).complete
