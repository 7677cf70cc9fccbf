"""Stat readings of the "stats" family (issue 15, the real card pool): an X defined in another
sentence of the text, an extra attack equal to the printed Attaque.

Every text here is written for these tests, in the cards' grammar (other numbers, names and
combinations than the real texts); none is a card's text.
"""

from __future__ import annotations

import pytest


def effects(compiler, text, subject="card", **kw):
    result = compiler.compile(text, subject=subject, **kw)
    assert result.complete, result.clauses
    out = result.to_json()
    return out["effects"] if subject == "card" else out["abilities"]


def unread(compiler, text, subject="card", **kw):
    result = compiler.compile(text, subject=subject, **kw)
    assert not result.complete, result.to_json()
    return [c.text for c in result.clauses if not c.read]


# --- an X defined in another sentence ----------------------------------------------------------


def test_an_x_defined_in_another_sentence_is_that_x(compiler):
    per_spirit = {"per": {"stat": "spirit", "of": "self"}}
    assert effects(compiler, "Esprit +X où X est égal à votre Défense. Prêtre : Attaque +X") == [
        {"op": "modify", "stat": "spirit", "amount": {"per": {"stat": "defense", "of": "self"}}},
        {
            "op": "modify",
            "stat": "attack",
            "amount": {"per": {"stat": "defense", "of": "self"}},
            "when": {"played_by_class": "pretre"},
        },
    ]
    # used before it is defined, and with its cap
    out = effects(
        compiler, "Mage : Défense +X. Attaque +X où X est égal à l'Esprit de votre personnage (maximum 4)"
    )
    assert out[0]["amount"] == {**per_spirit, "max": 4} and out[0]["when"] == {"played_by_class": "mage"}
    assert out[1]["amount"] == {**per_spirit, "max": 4}


def test_an_x_defined_elsewhere_is_not_carried_when_tied_to_its_sentence(compiler):
    # a pronoun, a condition, two definitions: whose, when, which?
    assert unread(compiler, "Défense +X où X est égal à son Esprit. Mage : Attaque +X") == [
        "Mage : Attaque +X"
    ]
    assert "Prêtre : Attaque +X" in unread(
        compiler, "Défense +X où X est égal à votre Esprit si vous êtes Mage. Prêtre : Attaque +X"
    )
    assert "Mage : Attaque +X" in unread(
        compiler,
        "Défense +X où X est égal à votre Esprit. Esprit -X où X est égal à votre Défense. Mage : Attaque +X",
    )
    # the X counts a stat one of the two sentences changes by X: before or after?
    assert "Mage : Attaque +X" in unread(
        compiler, "Esprit +X où X est égal à votre Esprit. Mage : Attaque +X"
    )


# --- an extra attack equal to the printed Attaque ----------------------------------------------


def test_an_extra_attack_equal_to_the_printed_attack(compiler):
    printed = {"op": "extra_attack", "amount": {"stat": "attack", "base": True, "plus": 0}}
    assert effects(compiler, "Effectue une attaque supplémentaire égale à son Attaque de base") == [printed]
    # on a character: one more attack in each of its combats; in an Ordre: on its turns
    assert effects(
        compiler,
        "'Vorlane' effectue une attaque supplémentaire égale à son Attaque de base",
        subject="character",
        name="Vorlane",
    ) == [{"op": "trigger", "on": "combat_start", "effects": [printed]}]
    out = compiler.compile(
        "Tours 2 et 5 : Effectue une attaque supplémentaire égale à son Attaque de base", subject="character"
    ).to_json()
    assert out["orders"] == [{"turns": [2, 5], "effects": [printed]}]


def test_the_printed_attack_as_an_amount_reads_and_is_checked():
    from cards.domain.effects import EffectError, effect_to_json, parse_effect
    from cards.domain.text import effect_text

    data = {"op": "extra_attack", "amount": {"stat": "attack", "base": True, "plus": 1}}
    effect = parse_effect(data, "effects[0]", "card")
    assert effect_to_json(effect) == data
    assert "base Attack + 1" in effect_text(effect, "en")
    assert "Attaque de base + 1" in effect_text(effect, "fr")
    with pytest.raises(EffectError, match=r"effects\[0\]\.amount\.base"):
        parse_effect({"op": "extra_attack", "amount": {"stat": "spirit", "base": True}}, "effects[0]", "card")
    with pytest.raises(EffectError, match=r"effects\[0\]\.amount\.base"):
        parse_effect({"op": "extra_attack", "amount": {"stat": "attack", "base": 1}}, "effects[0]", "card")


# --- characters not of a guild -----------------------------------------------------------------


def test_characters_not_of_a_guild(compiler):
    from cards.domain.effects import effect_to_json, parse_effect
    from cards.domain.text import Names, effect_text

    assert effects(compiler, "Les personnages non Nomades ont Défense -2") == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": -2,
            "target": {"group": "characters", "not_guild": "nameades"},
        }
    ]
    assert effects(compiler, "Vos Mages non Kotoba ont Esprit +1")[0]["target"] == {
        "group": "allies",
        "class": "mage",
        "not_guild": "kotoba",
    }
    data = {
        "op": "modify",
        "stat": "spirit",
        "amount": 1,
        "target": {"group": "enemies", "not_guild": "kotoba"},
    }
    effect = parse_effect(data, "effects[0]", "card")
    assert effect_to_json(effect) == data
    assert "not kotoba" in effect_text(effect, "en", Names()).lower()
    assert "non kotoba" in effect_text(effect, "fr", Names()).lower()


# --- a bonus of a stat ---------------------------------------------------------------------------


def test_x_equal_to_a_bonus_of_defense_or_spirit(compiler):
    """ "votre bonus d'Esprit": the Esprit now less the printed one, at least 0 (a malus is no
    bonus); the Attaque (rolled) has no such count: not read."""
    bonus = {
        "per": {"stat": "spirit", "of": "self"},
        "and": [{"per": {"stat": "spirit", "of": "self", "base": True}, "each": -1}],
        "min": 0,
    }
    assert effects(compiler, "Défense +X où X est égal à votre bonus d'Esprit") == [
        {"op": "modify", "stat": "defense", "amount": bonus}
    ]
    out = effects(compiler, "Esprit -X où X est égal au bonus de Défense du personnage adverse (maximum 3)")
    assert out[0]["amount"] == {  # the malus of X: each term negated, the bounds swapped
        "per": {"stat": "defense", "of": "opponent"},
        "each": -1,
        "and": [{"per": {"stat": "defense", "of": "opponent", "base": True}}],
        "min": -3,
        "max": 0,
    }
    assert unread(compiler, "Défense +X où X est égal à votre bonus d'Attaque")


# --- two stats exchanged -----------------------------------------------------------------------


def test_two_stats_exchanged(compiler):
    from cards.domain.text import Names, effect_text

    assert effects(compiler, "Les personnages en combat échangent leur Défense et leur Esprit") == [
        {"op": "swap", "stats": ["defense", "spirit"], "target": "fighters"}
    ]
    assert effects(
        compiler, "Votre adversaire échange son Esprit et sa Défense jusqu'à la fin de la partie"
    ) == [{"op": "swap", "stats": ["spirit", "defense"], "target": "opponent", "duration": "game"}]
    # on a card that stays: while it is attached, as its modifiers
    assert effects(compiler, "Permanent. Votre personnage échange sa Défense et son Esprit") == [
        {"op": "swap", "stats": ["defense", "spirit"], "duration": "permanent"}
    ]
    result = compiler.compile("Votre personnage échange son Esprit et sa Défense")
    (effect,) = result.effects
    assert effect_text(effect, "en", Names()) == "This character swaps its Spirit and its Defense."
    assert effect_text(effect, "fr", Names()) == "Ce personnage échange son Esprit et sa Défense."
    # the rolled Attaque, bonuses exchanged between two characters: not read
    assert unread(compiler, "Votre personnage échange son Attaque et sa Défense")
    assert unread(compiler, "Les personnages en combat échangent leurs bonus de Défense")


# --- "ces bonus durent jusqu'à la fin de la partie" ----------------------------------------------


def test_bonuses_made_to_last_the_game_under_a_condition(compiler):
    out = effects(compiler, "Défense +2 et Esprit +1. Mage : ces bonus durent jusqu'à la fin de la partie")
    mage = {"played_by_class": "mage"}
    assert out == [
        {"op": "modify", "stat": "defense", "amount": 2, "when": {"not": mage}},
        {"op": "modify", "stat": "defense", "amount": 2, "duration": "game", "when": mage},
        {"op": "modify", "stat": "spirit", "amount": 1, "when": {"not": mage}},
        {"op": "modify", "stat": "spirit", "amount": 1, "duration": "game", "when": mage},
    ]
    # a bonus capped per combat ("(maximum 4)" on each time): capped over the game instead
    out = effects(
        compiler,
        "Esprit +1 (maximum 4) chaque fois que vous subissez des dégâts. "
        "Prêtre : ces bonus durent jusqu'à la fin de la partie",
    )
    assert [(e["limit"], e["times"], e["effects"][0].get("duration")) for e in out] == [
        ("once_per_turn", 4, None),
        ("once_per_game", 4, "game"),
    ]
    # a malus before: which are "ces bonus"?
    assert unread(compiler, "Défense +2 et Esprit -1. Mage : ces bonus durent jusqu'à la fin de la partie")


# --- characters all in a state or dead --------------------------------------------------------


def test_characters_all_tapped_or_dead(compiler):
    from cards.domain.effects import parse_effects
    from simulator.games.eredan import ops

    out = effects(compiler, "Esprit +3 si les personnages adverses hors-combat sont inclinés ou morts")
    none_standing = {
        "compare": {
            "left": {"characters": {"group": "enemies", "tapped": False, "fighting": False}},
            "cmp": "==",
            "right": 0,
        }
    }
    assert out == [{"op": "modify", "stat": "spirit", "amount": 3, "when": none_standing}]
    assert effects(compiler, "Défense +1 si vos alliés sont relevés ou morts")[0]["when"] == {
        "compare": {
            "left": {"characters": {"group": "other_allies", "tapped": True}},
            "cmp": "==",
            "right": 0,
        }
    }
    ops.compile_effect(parse_effects(out)[0], "card 'x': effects[0]", 0)  # the engine counts them
    # "inclinés" alone (and the dead?): not read
    assert unread(compiler, "Esprit +3 si les personnages adverses hors-combat sont inclinés")


# --- "activés" (activated so far) is not "actifs" (in play) ------------------------------------


def test_cards_activated_are_not_cards_in_play(compiler):
    """Accents folded, "activés" would read "actives": a count of cards in play. A count of the
    cards activated so far is not in the language, so the clause stays unread."""
    in_play = effects(compiler, "Si 4 Sorts sont actifs, Attaque +2.")
    assert in_play[0]["when"]["compare"]["left"]["cards"] == "play"
    assert unread(compiler, "Si 4 Sorts sont activés, Attaque +2.")


def test_you_after_a_group_is_the_holder(compiler):
    """Hand check (issue 15): "Vos alliés X ont … et vous pouvez jouer …" gave the second half to
    the allies too; "vous" is the holder."""
    abilities = effects(
        compiler,
        "Vos alliés Zil ont Défense +1 et vous pouvez jouer les Sorts Feu sans restrictions.",
        subject="character",
        name="Zorblax",
    )
    assert abilities[0]["target"] == {"group": "other_allies", "guild": "zil"}
    assert abilities[1] == {"op": "may_play", "cards": {"type": "feu"}}
