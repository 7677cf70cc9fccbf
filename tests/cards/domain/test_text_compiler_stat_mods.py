"""The compiler's stat modifiers, attachments and restrictions (issue 15 §3, §4): the conditions,
groups and qualifiers they take.

Every text here is written for these tests, in the cards' grammar (other numbers, names and
combinations than the real texts); none is a card's text.
"""

from __future__ import annotations

import pytest

from cards.domain.effects import EffectError, effects_to_json, parse_effects
from cards.domain.text import Names, effect_text
from simulator.games.eredan import ops


def effects(compiler, text, subject="card", **kw):
    result = compiler.compile(text, subject=subject, **kw)
    assert result.complete, result.clauses
    out = result.to_json()
    return out["effects"] if subject == "card" else out["abilities"]


def unread(compiler, text, subject="card", **kw):
    result = compiler.compile(text, subject=subject, **kw)
    assert not result.complete, result.to_json()
    return result.clauses[-1].reason


def test_what_the_opponent_does_not_carry_and_how_many_cards_it_plays(compiler):
    assert effects(compiler, "Défense +2 supplémentaire si votre adversaire ne porte pas d'Armure") == [
        {"op": "modify", "stat": "defense", "amount": 2, "when": {"not": {"opponent_carrying": "armor"}}}
    ]
    played = {"left": {"cards": "played_turn", "owner": "opponent"}, "cmp": ">=", "right": 2}
    assert effects(compiler, "Esprit +3 si le personnage adverse joue deux cartes") == [
        {"op": "modify", "stat": "spirit", "amount": 3, "when": {"compare": played}}
    ]
    # a misspelt "si vous jouez"
    assert effects(compiler, "Défense +1 si vous joue une Arme") == [
        {"op": "modify", "stat": "defense", "amount": 1, "when": {"plays": {"type": "arme"}}}
    ]


def test_one_of_several_named_characters_alive_and_the_rage_bonus(compiler):
    assert effects(compiler, "Esprit +1 supplémentaire si 'Orla', 'Pim' ou 'Tobby' est en vie") == [
        {
            "op": "modify",
            "stat": "spirit",
            "amount": 1,
            "when": {"any": [{"ally_alive": "orla"}, {"ally_alive": "pim"}, {"ally_alive": "tobby"}]},
        }
    ]
    assert effects(
        compiler, "Si votre personnage a son bonus de Rage, le personnage adverse a Esprit -3"
    ) == [
        {"op": "modify", "stat": "spirit", "amount": -3, "target": "opponent", "when": {"keyword": "enrage"}}
    ]


def test_cards_attached_to_a_group_or_to_the_opponent(compiler):
    on_allies = {"left": {"cards": "play", "owner": "both", "on": "all_allies"}, "cmp": ">=", "right": 1}
    assert effects(compiler, "Esprit +2 si une carte est attachée à un de vos personnages") == [
        {"op": "modify", "stat": "spirit", "amount": 2, "when": {"compare": on_allies}}
    ]
    assert effects(compiler, "Si un Sort est attaché au personnage adverse, celui-ci a Esprit -2") == [
        {
            "op": "modify",
            "stat": "spirit",
            "amount": -2,
            "target": "opponent",
            "when": {"opponent_carrying_match": {"type": "sort"}},
        }
    ]
    # "il" after a card attached to one of several characters: which one is not said
    assert unread(compiler, "Si une Arme est attachée à un de vos personnages, il a Défense +1")


def test_another_copy_of_a_named_card(compiler):
    other = {
        "left": {
            "cards": "play",
            "owner": "both",
            "match": {"card": "lame-courte"},
            "on": "self",
            "other": True,
        },
        "cmp": ">=",
        "right": 1,
    }
    text = "Défense +1 et Défense +1 supplémentaire si votre personnage porte une autre 'Lame courte'"
    assert effects(compiler, text, name="Lame courte") == [
        {"op": "modify", "stat": "defense", "amount": 1},
        {"op": "modify", "stat": "defense", "amount": 1, "when": {"compare": other}},
    ]
    # another card's name: "another" than which?
    assert unread(compiler, text, name="Dague")


def test_at_the_activation_of_a_card_that_does_not_stay(compiler):
    """A card that does not stay resolves once: whom it reaches and what it counts are read when it
    activates, as the text says; on a card that stays the words are not read."""
    text = (
        "Vos personnages portant une Armure au moment où cette carte s'active ont Défense +2"
        " jusqu'à la fin de la partie"
    )
    assert effects(compiler, text) == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": 2,
            "target": {"group": "allies", "carrying": {"type": "armure"}},
            "duration": "game",
        }
    ]
    assert unread(compiler, f"Permanent. {text}")


def test_untapped_groups_the_others_than_a_race_and_gains(compiler):
    assert effects(compiler, "Esprit +1 supplémentaire pour chacun de vos personnages non inclinés") == [
        {
            "op": "modify",
            "stat": "spirit",
            "amount": {"per": {"characters": {"group": "allies", "tapped": False}}},
        }
    ]
    assert effects(compiler, "Tous les non-Démons adverses ont Esprit -1") == [
        {"op": "modify", "stat": "spirit", "amount": -1, "target": {"group": "enemies", "not_race": "demon"}}
    ]
    assert effects(compiler, "Gagne Esprit +2 contre les Mages") == [
        {"op": "modify", "stat": "spirit", "amount": 2, "when": {"opponent_class": "mage"}}
    ]


def test_the_characters_sex_and_no_caste(compiler):
    assert effects(compiler, "Les personnages adverses féminins ont Esprit -2") == [
        {"op": "modify", "stat": "spirit", "amount": -2, "target": {"group": "enemies", "sex": "female"}}
    ]
    assert effects(compiler, "Les adversaires masculins ont Défense -1") == [
        {"op": "modify", "stat": "defense", "amount": -1, "target": {"group": "enemies", "sex": "male"}}
    ]
    assert effects(compiler, "Défense + 2 contre les personnages féminins") == [
        {"op": "modify", "stat": "defense", "amount": 2, "when": {"opponent_sex": "female"}}
    ]
    assert effects(compiler, "Vos Prêtres sans caste ont Esprit +1") == [
        {
            "op": "modify",
            "stat": "spirit",
            "amount": 1,
            "target": {"group": "allies", "class": "pretre", "no_caste": True},
        }
    ]
    # "sans caste" alone, or said twice: not read
    assert unread(compiler, "Vos personnages sans caste ont Esprit +1")
    assert unread(compiler, "Les personnages adverses masculins féminins ont Esprit -1")


def test_sex_and_no_caste_in_the_schema_and_the_engine():
    data = [
        {"op": "modify", "stat": "attack", "amount": -1, "target": {"group": "enemies", "sex": "male"}},
        {"op": "modify", "stat": "spirit", "amount": 1, "target": {"group": "allies", "no_caste": True}},
        {"op": "modify", "stat": "defense", "amount": 1, "when": {"opponent_sex": "female"}},
        {"op": "modify", "stat": "defense", "amount": 1, "when": {"played_by_sex": "male"}},
    ]
    parsed = parse_effects(data)
    assert effects_to_json(parsed) == data
    names = Names()
    assert "male" in effect_text(parsed[0], "en", names) and "masculin" in effect_text(parsed[0], "fr", names)
    assert "without a caste" in effect_text(parsed[1], "en", names)
    assert "sans caste" in effect_text(parsed[1], "fr", names)
    assert "against a female character" in effect_text(parsed[2], "en", names)
    assert "contre un personnage féminin" in effect_text(parsed[2], "fr", names)
    assert "if played by a male character" in effect_text(parsed[3], "en", names)
    with pytest.raises(EffectError, match="sex"):
        parse_effects([{**data[0], "target": {"group": "enemies", "sex": "m"}}])
    with pytest.raises(EffectError, match="opponent_sex"):
        parse_effects([{**data[2], "when": {"opponent_sex": "other"}}])
    # the engine refuses the sex by name (the cards' data says no character's sex yet); it plays
    # no_caste (tests/simulator/games/eredan/test_pool_constructs.py)
    for effect, name in zip(
        (parsed[0], *parsed[2:]), ("'sex'", "'opponent_sex'", "'played_by_sex'"), strict=True
    ):
        with pytest.raises(ops.UnsupportedSpecError, match=name):
            ops.compile_effect(effect, "card 'x': effects[0]", 0)
    ops.compile_effect(parsed[1], "card 'x': effects[0]", 0)


def test_bonuses_and_maluses_doubled(compiler):
    assert effects(compiler, "Double les bonus et malus d'Esprit de votre personnage") == [
        {"op": "double", "stats": ["spirit"]}
    ]
    assert effects(
        compiler, "Double les bonus d'Attaque en cours sur le personnage adverse si vous portez une Lance"
    ) == [
        {
            "op": "double",
            "stats": ["attack"],
            "sign": "bonus",
            "current": True,
            "target": "opponent",
            "when": {"carrying_match": {"type": "lance"}},
        }
    ]
    assert effects(
        compiler, "Double les malus de caractéristiques en cours sur les personnages adverses"
    ) == [
        {
            "op": "double",
            "stats": ["attack", "defense", "spirit"],
            "sign": "malus",
            "current": True,
            "target": "all_enemies",
        }
    ]
    # a character's own: the bonus the cards it carries give
    assert effects(compiler, "Le bonus de Défense de vos Armures est doublé", subject="character") == [
        {"op": "double", "stats": ["defense"], "sign": "bonus", "cards": {"type": "armure"}}
    ]
    # the current modifiers of a standing ability: when would they be read?
    assert unread(compiler, "Double les bonus de Défense en cours sur votre personnage", subject="character")


def test_double_in_the_schema_and_the_engine():
    data = [
        {
            "op": "double",
            "stats": ["attack", "defense"],
            "sign": "malus",
            "current": True,
            "target": "opponent",
        },
        {"op": "double", "stats": ["attack"], "sign": "bonus", "cards": {"type": "arme"}},
    ]
    parsed = parse_effects(data)
    assert effects_to_json(parsed) == data
    assert parse_effects([data[1]], context="ability")[0] == parsed[1]
    names = Names()
    assert effect_text(parsed[0], "en", names).startswith("Doubles the current Attack and Defense maluses of")
    assert effect_text(parsed[0], "fr", names).startswith(
        "Double les malus d'Attaque et de Défense en cours de"
    )
    assert "given by" in effect_text(parsed[1], "en", names)
    assert "donnés par" in effect_text(parsed[1], "fr", names)
    for bad, where in (
        ({"op": "double", "stats": []}, "stats"),
        ({"op": "double", "stats": ["initiative"]}, "stats"),
        ({"op": "double", "stats": ["spirit"], "sign": "all"}, "sign"),
        ({"op": "double", "stats": ["spirit", "spirit"]}, "stats"),
    ):
        with pytest.raises(EffectError, match=where):
            parse_effects([bad])
    with pytest.raises(EffectError, match="current"):
        parse_effects([data[0]], context="ability")
    # the engine plays it (since the engine helper's landing)
    assert ops.compile_effect(parsed[0], "card 'x': effects[0]", 0).name == "double"


def test_two_counts_compared_both_hold(compiler):
    one_mage = {
        "compare": {"left": {"characters": {"group": "allies", "class": "mage"}}, "cmp": "==", "right": 1}
    }
    armor_on_orla = {
        "compare": {
            "left": {
                "cards": "play",
                "owner": "both",
                "match": {"type": "armure"},
                "on": {"group": "allies", "family": "orla"},
            },
            "cmp": ">=",
            "right": 1,
        }
    }
    out = effects(
        compiler,
        "Si vous n'avez qu'un Mage en vie, vos Prêtres ont -2 aux dégâts subis, -1 supplémentaire si une"
        " Armure est attachée à 'Orla'",
    )
    assert [e["amount"] for e in out] == [-2, -1]
    assert out[0]["when"] == one_mage
    assert out[1]["when"] == {"all": [armor_on_orla, one_mage]}
    (parsed,) = parse_effects([out[1]])
    assert "(if" in effect_text(parsed, "en", Names()) and " and " in effect_text(parsed, "en", Names())
    with pytest.raises(EffectError, match="at least two"):
        parse_effects([{**out[1], "when": {"all": [one_mage]}}])


def test_an_amount_instead_for_the_one_modifier_of_that_stat(compiler):
    out = effects(
        compiler,
        "Vos personnages se relèvent et ont Défense +1 jusqu'à la fin de la partie."
        " Mage : Défense +3 à la place.",
    )
    assert out[1:] == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": 1,
            "target": "all_allies",
            "duration": "game",
            "when": {"not": {"played_by_class": "mage"}},
        },
        {
            "op": "modify",
            "stat": "defense",
            "amount": 3,
            "target": "all_allies",
            "duration": "game",
            "when": {"played_by_class": "mage"},
        },
    ]
    # no modifier of that stat before: instead of what?
    assert unread(compiler, "Attaque +1. Mage : Esprit +2 à la place.")


def test_the_one_named_last_and_another_one(compiler):
    out = effects(
        compiler,
        "Si 'Orla' fait partie de vos personnages et est en vie, cette dernière et 'Pim' ont Esprit +2.",
        subject="character",
        name="Pim",
    )
    assert out == [
        {
            "op": "modify",
            "stat": "spirit",
            "amount": 2,
            "target": {"group": "allies", "family": "orla"},
            "when": {"ally_alive": "orla"},
        },
        {"op": "modify", "stat": "spirit", "amount": 2, "when": {"ally_alive": "orla"}},
    ]


def test_a_character_its_own_only_one_and_its_rage_bonus(compiler):
    only = {"characters": {"group": "allies", "class": "pretre"}}
    assert effects(
        compiler, "Si Orla est votre seul Prêtre, vos Mages ont Esprit +1", subject="character", name="Orla"
    ) == [
        {
            "op": "modify",
            "stat": "spirit",
            "amount": 1,
            "target": {"group": "allies", "class": "mage"},
            "when": {"played_by_class": "pretre", "compare": {"left": only, "cmp": "==", "right": 1}},
        }
    ]
    assert effects(
        compiler,
        "Si une Lance est attachée à Orla, celle-ci gagne son bonus de Rage",
        subject="character",
        name="Orla",
    ) == [
        {
            "op": "traits",
            "mode": "add",
            "keywords": ["enrage"],
            "when": {"carrying_match": {"type": "lance"}},
        }
    ]
    assert effects(compiler, "Vos personnages ayant une Lance attachée ont Défense +2") == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": 2,
            "target": {"group": "allies", "carrying": {"type": "lance"}},
        }
    ]


def test_the_same_stat_of_the_opponent_and_the_other_copies_in_play(compiler):
    assert effects(
        compiler, "Défense +1 supplémentaire si votre Esprit est supérieur à celui de l'adversaire"
    ) == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": 1,
            "when": {
                "compare": {
                    "left": {"stat": "spirit", "of": "self"},
                    "cmp": ">",
                    "right": {"stat": "spirit", "of": "opponent"},
                }
            },
        }
    ]
    assert effects(compiler, "Esprit +1 pour chacune de vos autres 'Lame courte' en jeu")[0]["amount"] == {
        "per": {"cards": "play", "match": {"card": "lame-courte"}, "other": True}
    }


def test_several_stats_rolled_and_one_of_several_stats(compiler):
    assert effects(compiler, "Défense et Esprit +2 à +3") == [
        {"op": "modify", "stat": "defense", "amount": [2, 3]},
        {"op": "modify", "stat": "spirit", "amount": [2, 3]},
    ]
    assert effects(compiler, "Esprit ou Attaque +1 à +3 jusqu'à la fin de la partie") == [
        {
            "op": "one_of",
            "options": [
                [{"op": "modify", "stat": "spirit", "amount": [1, 3], "duration": "game"}],
                [{"op": "modify", "stat": "attack", "amount": [1, 3], "duration": "game"}],
            ],
        }
    ]
    assert unread(compiler, "Défense et Esprit +2 à -3")
