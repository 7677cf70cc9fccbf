"""Readings of the rules-text compiler added for issue 15 §4 (helper "chain"): Enchaînement phrases
and Ordre bodies — a chain on a card whose name starts with an ellipsis, run-on sentences around a
chain, a group's chain for the rest of the game, "s'ils portent ou jouent", may_play in an Ordre.

Every text here is written for these tests, in the cards' grammar (other numbers, names and
combinations); none is a card's text.
"""

from __future__ import annotations

import pytest

from cards.domain.effects import EffectError, effects_to_json, parse_effect, parse_effects
from cards.domain.text import Names, effect_text


def compiled(compiler, text, subject="card", name=""):
    result = compiler.compile(text, subject=subject, name=name)
    assert result.complete, result.clauses
    return result.to_json()


def test_a_chain_on_a_name_starting_with_an_ellipsis_is_that_card(compiler):
    """ "Enchaînement '… la suite'": two-card combos name the second card by its whole name, which
    starts with the ellipsis; "une carte '… du Marais'" (every card whose name ends so) is not
    read."""
    for text in ("Défense +1. Enchaînement '… la suite'.", "Défense +1. Enchaînement : '...la suite'."):
        assert compiled(compiler, text)["chain"] == {"card": "la-suite"}
    result = compiler.compile("Enchaînement carte '… du Marais'.", subject="card")
    assert not result.complete


def test_run_on_sentences_around_a_chain(compiler):
    """A full stop missing: "Prêtre : Défense +2 Enchaînement Objet" (the chain on named cards is
    the card's own), "… Esprit +1 Guerrier : Enchaînement" (a prefixed sentence after a modifier),
    "Enchaînement Sort Défense +1 …" (the chain, then a modifier)."""
    out = compiled(compiler, "Prêtre : Défense +2 Enchaînement Objet.")
    assert out["effects"] == [
        {"op": "modify", "stat": "defense", "amount": 2, "when": {"played_by_class": "pretre"}}
    ]
    assert out["chain"] == {"type": "objet"}
    out = compiled(compiler, "Attaque +1 et Esprit +1 Mage : Enchaînement.")
    assert out["effects"] == [
        {"op": "modify", "stat": "attack", "amount": 1},
        {"op": "modify", "stat": "spirit", "amount": 1},
        {"op": "chain", "match": {"any": True}, "when": {"played_by_class": "mage"}},
    ]
    out = compiled(compiler, "Enchaînement Sort Défense +1 jusqu'à la fin du tour.")
    assert out["chain"] == {"type": "sort"}
    assert out["effects"] == [{"op": "modify", "stat": "defense", "amount": 1}]
    # "Enchaînement si la Défense …": a condition, not a chain before a modifier
    out = compiled(compiler, "Enchaînement si la Défense de votre personnage est inférieure à 3.")
    assert out["effects"][0]["op"] == "chain"


def test_sinon_il_after_a_comparison_is_the_conditions_subject(compiler):
    """ "Si votre personnage a plus de PV que le personnage adverse, Attaque +2 sinon il a Défense
    +3": "il" is the character the condition speaks of, not the one it compares with."""
    out = compiled(
        compiler,
        "Si votre personnage a plus de Points de vie que le personnage adverse, Attaque +2 "
        "sinon il a Défense +3.",
    )
    assert [e.get("target", "self") for e in out["effects"]] == ["self", "self"]


def test_a_groups_chain_for_the_rest_of_the_game(compiler):
    """ "Vos Mages gagnent Enchaînement s'ils jouent une Arme, jusqu'à la fin de la partie": the
    group keeps it, its giver dead or alive (``duration: "game"``); the duration before the
    condition too."""
    expected = [
        {
            "op": "chain_on",
            "match": {"type": "arme"},
            "target": {"group": "allies", "class": "mage"},
            "duration": "game",
        }
    ]
    for text in (
        "Vos Mages gagnent Enchaînement s'ils jouent une Arme, jusqu'à la fin de la partie.",
        "Vos Mages gagnent Enchaînement jusqu'à la fin de la partie s'ils jouent une Arme.",
    ):
        assert compiled(compiler, text, "character")["abilities"] == expected
    # without a group it is not read (its own chain holds while it lives: nothing lasts)
    assert not compiler.compile(
        "Gagne Enchaînement s'il joue une Arme, jusqu'à la fin de la partie.", subject="character"
    ).complete


def test_a_groups_chain_when_they_carry_or_play(compiler):
    out = compiled(
        compiler, "Vos personnages gagnent Enchaînement s'ils portent ou jouent une Dague.", "character"
    )
    assert out["abilities"] == [
        {"op": "chain_on", "match": {"type": "dague"}, "target": "all_allies"},
        {
            "op": "chain_on",
            "match": {"any": True},
            "target": "all_allies",
            "when": {"carrying_match": {"type": "dague"}},
        },
    ]


def test_chain_and_ambidextrie_when_a_card_is_played(compiler):
    out = compiled(
        compiler,
        "Si vous jouez 'Hache du Nord' votre personnage gagne Enchaînement et Ambidextrie.",
        "character",
    )
    assert out["abilities"] == [
        {"op": "chain_on", "match": {"card": "hache-du-nord"}},
        {
            "op": "carry",
            "cards": {"type": "arme_a_une_main"},
            "count": 2,
            "when": {"plays": {"card": "hache-du-nord"}},
        },
    ]


def test_may_play_in_an_ordre(compiler):
    """ "Tours 1 et 3 : vous pouvez jouer des Sorts" / "vous ignorez les prérequis pour jouer les
    Armes": may_play while the Ordre applies."""
    out = compiled(compiler, "Tours 1 et 3 : vous pouvez jouer des Sorts.", "character")
    assert out["orders"] == [{"turns": [1, 3], "effects": [{"op": "may_play", "cards": {"type": "sort"}}]}]
    out = compiled(compiler, "Tour 4 : vous ignorez les prérequis pour jouer les Armes.", "character")
    assert out["orders"] == [{"turns": [4], "effects": [{"op": "may_play", "cards": {"type": "arme"}}]}]


def test_a_lasting_chain_on_in_the_schema():
    data = {"op": "chain_on", "match": {"type": "arme"}, "target": "all_allies", "duration": "game"}
    effect = parse_effect(data, context="ability")
    assert effects_to_json([effect]) == [data]
    assert parse_effects(effects_to_json([effect]), context="ability") == (effect,)
    assert "until the end of the game" in effect_text(effect, "en", Names())
    assert "jusqu'à la fin de la partie" in effect_text(effect, "fr", Names())
    with pytest.raises(EffectError, match="duration"):
        parse_effect({**data, "duration": "combat"}, context="ability")
    with pytest.raises(EffectError, match="group"):
        parse_effect({**data, "target": "self"}, context="ability")
    with pytest.raises(EffectError, match="group"):
        parse_effect(data, context="order")


def test_the_initiative_is_the_active_player(compiler):
    """ "si vous (n')avez (pas) l'initiative": the player who has it this turn is the active one
    (docs/rules/eredan.md §3)."""
    out = compiled(compiler, "Gagne Enchaînement si vous avez l'initiative.", "character")
    assert out["abilities"] == [{"op": "chain_on", "match": {"any": True}, "when": {"active": True}}]
    out = compiled(compiler, "Si vous n'avez pas l'initiative, Défense +3.")
    assert out["effects"] == [{"op": "modify", "stat": "defense", "amount": 3, "when": {"active": False}}]


def test_a_groups_chain_on_cards_while_its_giver_lives(compiler):
    """ "Vos Mages gagnent Enchaînement Sort": chain_on those cards for the group; "Tant que
    <itself> est en vie" before it is what a given chain does anyway; another name is not read."""
    expected = [{"op": "chain_on", "match": {"type": "sort"}, "target": {"group": "allies", "class": "mage"}}]
    for text in (
        "Vos Mages gagnent Enchaînement Sort.",
        "Tant que Oriane est en vie vos Mages gagnent Enchaînement Sort.",
    ):
        assert compiled(compiler, text, "character", name="Oriane")["abilities"] == expected
    assert not compiler.compile(
        "Tant que Bertil est en vie vos Mages gagnent Enchaînement Sort.", subject="character", name="Oriane"
    ).complete


def test_a_chain_after_an_abbreviation_and_a_misplaced_space(compiler):
    out = compiled(compiler, "Vous gagnez X PV où X est égal à votre Attaque max. Enchaînement 'Le Retour'.")
    assert out["chain"] == {"card": "le-retour"}
    assert compiled(compiler, "Défense +1. EnchaînementO bjet.")["chain"] == {"type": "objet"}


def test_itself_and_its_opponent_cannot_be_healed_in_an_ordre(compiler):
    out = compiled(
        compiler,
        "Tours 2 et 3 : Oriane et son adversaire ne peuvent pas être soignés en combat.",
        "character",
        name="Oriane",
    )
    assert out["orders"] == [
        {
            "turns": [2, 3],
            "effects": [
                {"op": "forbid", "what": "healed"},
                {"op": "forbid", "what": "healed", "target": "opponent"},
            ],
        }
    ]


def test_one_of_the_carriers_of_a_card(compiler):
    out = compiled(
        compiler,
        "Tour 2 : un des porteurs de 'Pierre de lune' a Défense +1 jusqu'à la fin de la partie.",
        "character",
    )
    assert out["orders"][0]["effects"] == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": 1,
            "target": {"group": "characters", "pick": "choice", "carrying": {"card": "pierre-de-lune"}},
            "duration": "game",
        }
    ]


def test_enchainement_each_time_they_play_is_their_chain_on_those_cards(compiler):
    """On a character, "Vos Mages ont Esprit +1 et Enchaînement chaque fois qu'ils jouent un Sort":
    the Enchaînement is ``chain_on`` Sort for the Mages (a ``chain`` is a card's own); the bonus
    stays the trigger's."""
    out = compiled(
        compiler, "Vos Mages ont Esprit +1 et Enchaînement chaque fois qu'ils jouent un Sort.", "character"
    )
    mages = {"group": "allies", "class": "mage"}
    assert out["abilities"][0] == {"op": "chain_on", "match": {"type": "sort"}, "target": mages}
    assert out["abilities"][1]["op"] == "trigger"
    assert [e["op"] for e in out["abilities"][1]["effects"]] == ["modify"]


def test_ordre_bodies_played_from_two_piles_and_a_level_with_hp_max(compiler):
    out = compiled(
        compiler, "Tours 3 et plus : Une Dague est jouée depuis votre Deck ou votre Défausse.", "character"
    )
    assert out["orders"][0]["effects"] == [
        {"op": "play_card", "from": ["deck", "discard"], "cards": {"type": "dague"}}
    ]
    out = compiled(
        compiler, "Tour 2 : Vos Mages gagnent définitivement 1 Niveau et 2 Points de vie max.", "character"
    )
    mages = {"group": "allies", "class": "mage"}
    assert out["orders"][0]["effects"] == [
        {"op": "modify", "stat": "level", "amount": 1, "target": mages, "duration": "game"},
        {"op": "modify", "stat": "hp_max", "amount": 2, "target": mages, "duration": "game"},
    ]
