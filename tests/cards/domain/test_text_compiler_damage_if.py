"""Damage, heals and HP that happen when something happens (issue 15, family "damage_if").

Every text here is written for these tests, in the cards' grammar (other numbers, names and
combinations); none is a card's text.
"""

from __future__ import annotations

import pytest


def card(compiler, text, **kw):
    result = compiler.compile(text, subject="card", **kw)
    assert result.complete, result.clauses
    return result.to_json()["effects"]


def character(compiler, text, **kw):
    result = compiler.compile(text, subject="character", **kw)
    assert result.complete, result.clauses
    return result.to_json()["abilities"]


def unread(compiler, text, subject="card"):
    return not compiler.compile(text, subject=subject).complete


def test_if_you_take_damage_on_a_card_that_stays_is_each_time(compiler):
    effects = card(compiler, "Permanent. Si vous subissez des dégâts physiques, Esprit +2.")
    assert effects == [
        {
            "op": "trigger",
            "on": {"damaged": "self", "kinds": ["physical"]},
            "effects": [{"op": "modify", "stat": "spirit", "amount": 2}],
        }
    ]


def test_if_you_wound_on_a_card_that_stays_is_each_time(compiler):
    effects = card(compiler, "Durée 2 combats. Si vous blessez le personnage adverse, il a Défense -2.")
    assert effects[-1] == {
        "op": "trigger",
        "on": {"deals": "self", "to": "opponent"},
        "effects": [{"op": "modify", "stat": "defense", "amount": -2, "target": "opponent"}],
    }


def test_if_you_take_damage_with_a_limit_said_maximum(compiler):
    effects = card(
        compiler,
        "Durée 2 combats. Si vous subissez des dégâts magiques, Défense +1 supplémentaire "
        "jusqu'à la fin du tour (une fois par tour maximum).",
    )
    assert effects == [
        {
            "op": "trigger",
            "on": {"damaged": "self", "kinds": ["magical"]},
            "effects": [{"op": "modify", "stat": "defense", "amount": 1}],
            "limit": "once_per_turn",
        }
    ]


def test_a_leading_limit(compiler):
    effects = card(
        compiler, "Permanent. Une fois par tour, quand vous infligez des dégâts magiques, Esprit +1."
    )
    assert effects == [
        {
            "op": "trigger",
            "on": {"deals": "self", "kinds": ["magical"]},
            "effects": [{"op": "modify", "stat": "spirit", "amount": 1}],
            "limit": "once_per_turn",
        }
    ]


def test_if_you_took_damage_on_a_card_that_does_not_stay_is_still_about_the_turn(compiler):
    effects = card(compiler, "Si vous subissez des dégâts, Esprit +1.")
    assert effects[0]["op"] == "modify" and "when" in effects[0]


def test_one_of_them_is_the_group_of_the_body(compiler):
    abilities = character(
        compiler,
        "Tous vos Prêtres Noz gagnent 2 Points de vie chaque fois que l'un d'entre eux subit des dégâts.",
    )
    group = {"group": "allies", "guild": "noz", "class": "pretre"}
    assert abilities == [
        {"op": "trigger", "on": {"damaged": group}, "effects": [{"op": "heal", "amount": 2, "target": group}]}
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Votre personnage a Attaque +1 chaque fois que l'un d'entre eux subit des dégâts.",
        "Un de vos Mages a Attaque +1 chaque fois que l'un d'entre eux subit des dégâts.",
    ],
)
def test_one_of_them_after_one_character_is_not_read(compiler, text):
    assert unread(compiler, text, subject="character")


# --- the target "event_other": the other character of the damage -----------------------------

HURT = {
    "op": "trigger",
    "on": {"deals": "self", "to": "all_enemies"},
    "effects": [{"op": "discard_attached", "target": "event_other"}],
}


def test_event_other_round_trips_and_reads_in_both_languages():
    from cards.domain.effects import effects_to_json, parse_effects
    from cards.domain.text import Names, effect_text

    for data in (
        HURT,
        {
            "op": "trigger",
            "on": {"damaged": "self"},
            "effects": [
                {
                    "op": "damage",
                    "kind": "direct",
                    "amount": 1,
                    "target": {"group": "event_other", "class": "mage"},
                }
            ],
        },
    ):
        parsed = parse_effects([data])
        assert effects_to_json(parsed) == [data]
        assert parse_effects(effects_to_json(parsed)) == parsed
        en = effect_text(parsed[0], "en", Names(), "card")
        fr = effect_text(parsed[0], "fr", Names(), "card")
        assert "the other character of that damage" in en and "l'autre personnage de ces dégâts" in fr


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ({"op": "heal", "amount": 1, "target": "event_other"}, "effects[0].target"),
        (
            {
                "op": "trigger",
                "on": {"dies": "all_allies"},
                "effects": [{"op": "heal", "amount": 1, "target": "event_other"}],
            },
            "effects[0].effects",
        ),
        (
            {"op": "trigger", "on": {"damaged": "event_other"}, "effects": [{"op": "draw", "count": 1}]},
            "effects[0].on.damaged",
        ),
    ],
)
def test_event_other_outside_a_trigger_on_damage_is_refused(data, path):
    from cards.domain.effects import EffectError, parse_effects

    with pytest.raises(EffectError) as info:
        parse_effects([data])
    assert info.value.path == path


def test_you_wound_another_character_is_yours_or_an_enemy(compiler):
    effects = card(
        compiler,
        "Permanent. Si vous blessez un autre personnage, une carte lui étant attachée est défaussée.",
    )
    discard = [{"op": "discard_attached", "target": "event_other"}]
    assert effects == [
        {"op": "trigger", "on": {"deals": "self", "to": "other_allies"}, "effects": discard},
        {"op": "trigger", "on": {"deals": "self", "to": "all_enemies"}, "effects": discard},
    ]


def test_damage_dealt_to_one_of_two_races_is_a_trigger_each(compiler):
    effects = card(
        compiler,
        "Permanent. Quand vous infligez des dégâts magiques à un Golem ou à une Bête, "
        "une carte lui étant attachée est défaussée.",
    )
    assert [e["on"]["to"] for e in effects] == [
        {"group": "characters", "race": "golem"},
        {"group": "characters", "race": "bete"},
    ]
    assert all(e["effects"] == [{"op": "discard_attached", "target": "event_other"}] for e in effects)


def test_a_card_attached_to_the_one_chosen_is_of_that_one(compiler):
    # (it was read as a card of the holder's: "celui-ci" without the choice before it)
    effects = card(compiler, "Choisissez un personnage adverse, une carte attachée à celui-ci est défaussée.")
    assert effects == [{"op": "discard_attached", "target": "enemy"}]
    assert unread(compiler, "Une carte attachée à celui-ci est défaussée.")


@pytest.mark.parametrize(
    "text",
    [
        # "il" after damage the holder deals to someone: the one hurt only when the dealer is "vous"
        "Permanent. Si votre personnage blesse un personnage adverse, il a Attaque -1.",
        # a race and a class may meet
        "Permanent. Quand vous infligez des dégâts à une Bête ou à un Mage, "
        "une carte lui étant attachée est défaussée.",
    ],
)
def test_whom_the_pronoun_names_after_damage_dealt_unsaid(compiler, text):
    assert unread(compiler, text)


# --- damage from allies or from enemies, the one named last, a condition said last --------------


def test_allied_damage_is_dealt_by_the_side_of_the_one_hurt(compiler):
    abilities = character(
        compiler,
        "Chaque fois qu'un de vos autres Golems subit des dégâts alliés, il gagne 1 Point de vie.",
    )
    assert abilities == [
        {
            "op": "trigger",
            "on": {"deals": "all_allies", "to": {"group": "other_allies", "race": "golem"}},
            "effects": [{"op": "heal", "amount": 1, "target": "event_other"}],
        }
    ]
    effects = card(compiler, "Durée 2 tours. Si vous subissez un dégât adverse, Défense +1.")
    assert effects[0]["on"] == {"deals": "all_enemies", "to": "self"}


def test_allied_damage_of_an_enemy_is_not_read(compiler):
    assert unread(
        compiler, "Permanent. Chaque fois que le personnage adverse subit des dégâts alliés, Esprit +1."
    )


def test_celui_ci_after_damage_dealt_is_the_one_hurt(compiler):
    abilities = character(
        compiler,
        "Lorsque votre personnage inflige des dégâts à un personnage adverse hors combat, "
        "celui-ci a Esprit -1.",
    )
    assert abilities[0]["on"] == {"deals": "self", "to": {"group": "enemies", "fighting": False}}
    assert abilities[0]["effects"] == [
        {"op": "modify", "stat": "spirit", "amount": -1, "target": "event_other"}
    ]
    # "il" may be either
    assert unread(
        compiler,
        "Lorsque votre personnage inflige des dégâts à un personnage adverse hors combat, il a Esprit -1.",
        subject="character",
    )


def test_damage_dealt_to_the_holder_said_last(compiler):
    abilities = character(
        compiler,
        "Défense +1 jusqu'à la fin de la partie si un personnage adverse inflige des dégâts à 'Gorbo'.",
        name="Gorbo",
    )
    assert abilities == [
        {
            "op": "trigger",
            "on": {"deals": "all_enemies", "to": "self"},
            "effects": [{"op": "modify", "stat": "defense", "amount": 1, "duration": "game"}],
        }
    ]


def test_what_the_opponent_carries_when_it_hurts_you(compiler):
    effects = card(
        compiler,
        "Permanent. Si le personnage adverse vous inflige des dégâts magiques en portant une ou plusieurs "
        "Armures, celles-ci sont défaussées.",
    )
    assert effects == [
        {
            "op": "trigger",
            "on": {"deals": "opponent", "to": "self", "kinds": ["magical"]},
            "effects": [{"op": "discard_attached", "count": "all", "cards": {"type": "armure"}}],
            "when": {"opponent_carrying_match": {"type": "armure"}},
        }
    ]


def test_a_spell_of_the_same_type_as_a_guemelite(compiler):
    abilities = character(
        compiler,
        "Chaque fois qu'un de vos Guémélites joue un Sort du même type que lui, il gagne 2 Points de vie.",
    )
    heal = [{"op": "heal", "amount": 2, "target": "event"}]
    assert len(abilities) == 13
    assert abilities[0] == {
        "op": "trigger",
        "on": {"plays": {"type": "feu"}, "by": {"group": "allies", "race": "guemelite_feu"}},
        "effects": heal,
    }
    assert {"plays": {"type": "draconique"}, "by": {"group": "allies", "race": "guemelite_dragon"}} in [
        a["on"] for a in abilities
    ]
    assert unread(
        compiler,
        "Chaque fois qu'un de vos Mages joue un Sort du même type que lui, il gagne 2 Points de vie.",
        "character",
    )


def test_the_element_of_the_damage_of_the_head(compiler):
    """The element said in a trigger's head is its event's, though the body speaks of damage too."""
    effects = card(
        compiler,
        "Permanent. Si vous infligez des dégâts d'Ombre à un personnage adverse, il a +1 aux dégâts reçus.",
    )
    assert effects == [
        {
            "op": "trigger",
            "on": {"deals": "self", "to": "all_enemies", "elements": ["ombre"]},
            "effects": [{"op": "damage_taken", "amount": 1, "target": "event_other"}],
        }
    ]
    # the element said in the body stays the body's
    effects = card(
        compiler,
        "Permanent. Chaque fois qu'un personnage vous inflige des dégâts physiques, "
        "il subit 2 dégâts magiques de type Air.",
    )
    assert effects[0]["on"] == {"deals": "all_characters", "to": "self", "kinds": ["physical"]}
    assert effects[0]["effects"][0]["element"] == "air"


def test_a_bonus_on_the_carrier_of_a_card_attached_to_the_opponent(compiler):
    """ "il" / "ce personnage" on a card the opponent carries is its carrier (the holder): a bonus
    about it ("s'il a son bonus d'Ordre", "s'il porte une Arme") is the carrier's own state."""
    effects = card(
        compiler,
        "S'attache au personnage adverse. Permanent. En fin de combat, ce personnage subit 2 dégâts "
        "magiques, +3 s'il bénéficie de son bonus d'Ordre.",
    )
    hit = {"op": "damage", "kind": "magical", "target": "self"}
    assert effects == [
        {
            "op": "trigger",
            "on": "combat_end",
            "effects": [
                {**hit, "amount": 5, "when": {"ordre": True}},
                {**hit, "amount": 2, "when": {"not": {"ordre": True}}},
            ],
        }
    ]
    effects = card(
        compiler,
        "S'attache à votre adversaire. Durée 2 tours. Il subit 1 dégât direct, +1 s'il porte une Lance.",
    )
    assert [(e["target"], e["amount"], e["when"]) for e in effects] == [
        ("self", 2, {"carrying_match": {"type": "lance"}}),
        ("self", 1, {"not": {"carrying_match": {"type": "lance"}}}),
    ]
    # whose class: the player who played it, or the carrier? not read
    assert unread(
        compiler,
        "S'attache au personnage adverse. Permanent. Ce personnage subit 3 dégâts magiques, "
        "+2 s'il est Mage.",
    )


def test_an_amount_instead_with_its_unit_and_a_moment_before_it(compiler):
    """ "Soin 1 PV en fin de combat, ou 3 PV si …": the unit said again, the moment both amounts'."""
    effects = card(
        compiler,
        "Permanent. Soin 1 Point de vie en fin de combat, ou 3 Points de vie si vous portez une Arme.",
    )
    assert effects == [
        {
            "op": "trigger",
            "on": "combat_end",
            "effects": [
                {"op": "heal", "amount": 3, "when": {"carrying": "weapon"}},
                {"op": "heal", "amount": 1, "when": {"not": {"carrying": "weapon"}}},
            ],
        }
    ]
    # another kind of damage instead: not that phrase
    assert unread(
        compiler, "Le personnage adverse subit 2 dégâts directs, ou 4 dégâts magiques s'il est Mage."
    )
