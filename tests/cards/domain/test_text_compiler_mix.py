"""Readings of the rules-text compiler added for issue 15 §4 (helper "cmix"): levels lost, a
character's ability while it is dead, created cards attached "sur" / "au" someone, cards in play
discarded, …

Every text here is written for these tests, in the cards' grammar (other numbers, names and
combinations); none is a card's text.
"""

from __future__ import annotations

import pytest

from cards.domain.effects import EffectError, effects_to_json, parse_effect, parse_effects
from cards.domain.text import Names, effect_text
from cards.domain.text_compiler import guess_subject
from simulator.games.eredan import ops


def card(compiler, text, name=""):
    result = compiler.compile(text, subject="card", name=name)
    assert result.complete, result.clauses
    return result.to_json()["effects"]


def character(compiler, text, name=""):
    result = compiler.compile(text, subject="character", name=name)
    assert result.complete, result.clauses
    return result.to_json()["abilities"]


def test_a_level_lost(compiler):
    """ "perd un niveau" is a level lost for the rest of the game, as "gagne un niveau" is gained;
    "définitivement" after other effects lasts only from where it is said."""
    assert card(compiler, "Le personnage adverse perd 2 niveaux.") == [
        {"op": "modify", "stat": "level", "amount": -2, "target": "opponent", "duration": "game"}
    ]
    assert card(compiler, "Le personnage adverse a Esprit -1 et perd définitivement un niveau.") == [
        {"op": "modify", "stat": "spirit", "amount": -1, "target": "opponent"},
        {"op": "modify", "stat": "level", "amount": -1, "target": "opponent", "duration": "game"},
    ]


def test_an_ability_while_its_holder_is_dead(compiler):
    out = character(
        compiler, "Tant que 'Broussaille' est mort, vos autres Noz ont Défense +2.", name="Broussaille"
    )
    assert out == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": 2,
            "target": {"group": "other_allies", "guild": "noz"},
            "when": {"dead": True},
        }
    ]
    # another character's death stays a condition on an ally
    out = character(compiler, "Tant que 'Ronce' est mort, vos autres Noz ont Défense +2.", name="Broussaille")
    assert out[0]["when"] == {"ally_dead": "ronce"}
    # on a card, its own name is no character that dies
    assert not compiler.compile(
        "Tant que 'Broussaille' est mort, vos Noz ont Défense +2.", subject="card", name="Broussaille"
    ).complete


def test_the_dead_condition_in_the_schema():
    data = {"op": "modify", "stat": "attack", "amount": 1, "target": "other_allies", "when": {"dead": True}}
    parsed = parse_effects([data], context="ability")
    assert effects_to_json(parsed) == [data]
    names = Names()
    assert "while this character is dead" in effect_text(parsed[0], "en", names, "ability")
    assert "tant que ce personnage est mort" in effect_text(parsed[0], "fr", names, "ability")
    with pytest.raises(EffectError, match="while its holder is dead"):
        parse_effect({"op": "modify", "stat": "attack", "amount": 1, "when": {"dead": True}})
    with pytest.raises(EffectError, match="dead"):
        parse_effects([{**data, "when": {"dead": "yes"}}], context="ability")
    # the engine refuses it by name until it plays the abilities of the dead
    assert "dead" in ops.PENDING_CONDITION_KEYS
    with pytest.raises(ops.UnsupportedSpecError, match="'dead'"):
        ops.compile_effect(parsed[0], "character 'x': abilities[0]", 0)


def test_a_created_card_attached(compiler):
    assert card(compiler, "Un 'Tonnelet' est créé et attaché sur un personnage adverse aléatoire.") == [
        {"op": "create", "card": "tonnelet", "to": "attach", "target": "random_enemy"}
    ]
    assert card(compiler, "Un 'Tonnelet' est créé et attaché au personnage adverse.") == [
        {"op": "create", "card": "tonnelet", "to": "attach", "target": "opponent"}
    ]


def test_cards_in_play_discarded(compiler):
    assert card(compiler, "Une carte adverse en jeu est défaussée.") == [
        {"op": "discard_attached", "target": "all_characters", "owner": "opponent"}
    ]
    assert card(compiler, "Deux Sorts en jeu sont défaussés.") == [
        {"op": "discard_attached", "target": "all_characters", "count": 2, "cards": {"type": "sort"}}
    ]


def test_a_card_of_a_pile_attached(compiler):
    """A card of the player's pile goes into play attached to someone (op ``move``, to ``attach``)."""
    assert card(
        compiler, "Un 'Piège' de votre Défausse est attaché à un personnage adverse hors-combat."
    ) == [
        {
            "op": "move",
            "from": "discard",
            "to": "attach",
            "cards": {"card": "piege"},
            "target": {"group": "enemies", "pick": "choice", "fighting": False},
        }
    ]
    assert card(compiler, "La prochaine Arme de votre Deck s'attache au personnage adverse.") == [
        {
            "op": "move",
            "from": "deck",
            "to": "attach",
            "cards": {"type": "arme"},
            "pick": "top",
            "target": "opponent",
        }
    ]
    # from one pile or another: one move from either (``from`` a list of piles)
    assert card(
        compiler, "Un 'Piège' de votre Deck ou de votre Défausse est attaché au personnage adverse."
    ) == [
        {
            "op": "move",
            "from": ["deck", "discard"],
            "to": "attach",
            "cards": {"card": "piege"},
            "target": "opponent",
        }
    ]


def test_move_to_attach_in_the_schema():
    data = {"op": "move", "from": "hand", "to": "attach", "cards": {"type": "arme"}, "target": "other_ally"}
    (effect,) = parse_effects([data])
    assert effects_to_json([effect]) == [data]
    names = Names()
    assert "attached to" in effect_text(effect, "en", names) and "attachée(s) à" in effect_text(
        effect, "fr", names
    )
    with pytest.raises(EffectError, match="only cards attached"):
        parse_effect({"op": "move", "from": "hand", "to": "deck", "target": "opponent"})
    # the engine plays it since 0aaed62 (tests/simulator/games/eredan/test_played_constructs.py)
    ops.compile_effect(effect, "card 'x': effects[0]", 0)


def test_an_attack_of_another_kind_instead(compiler):
    assert card(compiler, "Effectue une attaque magique à la place de son attaque physique.") == [
        {"op": "attack_kind", "kind": "magical"}
    ]
    assert card(
        compiler, "Votre personnage effectue une attaque fantôme à la place de son attaque physique."
    ) == [{"op": "attack_kind", "kind": "direct"}]
    # "sa prochaine attaque physique" is one attack, whichever combat: not this combat's attack
    assert not compiler.compile(
        "Votre personnage effectue une attaque magique à la place de sa prochaine attaque physique.",
        subject="card",
    ).complete


def test_the_opposing_player_discards_and_cards_to_its_piles(compiler):
    assert card(compiler, "Le joueur adverse défausse deux cartes de sa Main.") == [
        {"op": "discard", "count": 2}
    ]
    assert card(compiler, "Une carte de la Main adverse est placée dans son Deck.") == [
        {"op": "move", "from": "hand", "to": "deck", "owner": "opponent"}
    ]
    assert not compiler.compile("Une carte de votre Main est placée dans son Deck.", subject="card").complete


def test_may_attach_onto_some_characters(compiler):
    assert character(compiler, "Peut attacher 'Amulette' sur un de vos autres personnages.") == [
        {"op": "may_attach", "cards": {"card": "amulette"}, "onto": "other_allies"}
    ]
    assert character(compiler, "Peut attacher 'Amulette' sur n'importe quel personnage adverse.") == [
        {"op": "may_attach", "cards": {"card": "amulette"}, "onto": "enemies"}
    ]
    # such a text is a character's (the coverage of a file without types guesses so)
    assert guess_subject("Peut attacher 'Amulette' sur un de vos autres personnages.") == "character"
    assert guess_subject("Peut jouer les Sorts en ignorant leurs prérequis de Classe.") == "character"
    # "prérequis de Classe ou de Guilde" keeps its words
    assert character(
        compiler, "Peut jouer les Sorts en ignorant leurs prérequis de Classe ou de Guilde."
    ) == [{"op": "may_play", "cards": {"type": "sort"}}]


def test_may_attach_onto_in_the_schema():
    data = {"op": "may_attach", "cards": {"type": "arme"}, "onto": "other_allies"}
    (effect,) = parse_effects([data], context="ability")
    assert effects_to_json([effect]) == [data]
    names = Names()
    assert "other living characters" in effect_text(effect, "en", names, "ability")
    assert "autres personnages" in effect_text(effect, "fr", names, "ability")
    with pytest.raises(EffectError, match="onto"):
        parse_effects([{**data, "onto": "nobody"}], context="ability")


def test_instead_replaces_the_effects_of_the_sentence_before(compiler):
    """ "… à la place": the effects of the sentence before when its condition does not hold, its
    own when it does — one hit either way (a magical hit is reduced by the Esprit once)."""
    out = card(
        compiler,
        "Inflige 2 dégâts magiques au personnage adverse. Mage : Inflige 4 dégâts magiques à la place.",
    )
    assert out == [
        {"op": "damage", "kind": "magical", "amount": 2, "when": {"not": {"played_by_class": "mage"}}},
        {"op": "damage", "kind": "magical", "amount": 4, "when": {"played_by_class": "mage"}},
    ]
    out = card(
        compiler, "Esprit -1 et Défense -1. Si vous êtes attaquant : Esprit +1 et Défense +1 à la place."
    )
    assert [e["amount"] for e in out] == [-1, -1, 1, 1]
    assert out[0]["when"] == {"not": {"active": True}} and out[3]["when"] == {"active": True}
    # another stat, another target, or no condition: not a replacement it can say
    for text in (
        "Attaque +1. Mage : Défense +3 à la place.",
        "Attaque +1. Mage : le personnage adverse a Attaque -3 à la place.",
        "Attaque +1. Attaque +3 à la place.",
    ):
        assert not compiler.compile(text, subject="card").complete, text


def test_a_character_that_has_fought_its_opponent_before(compiler):
    out = character(
        compiler,
        "Si Bertrand a déjà combattu le personnage adverse pendant la partie, au début du combat, "
        "le personnage adverse a Esprit -2.",
        name="Bertrand",
    )
    assert out == [
        {
            "op": "trigger",
            "on": "combat_start",
            "effects": [{"op": "modify", "stat": "spirit", "amount": -2, "target": "opponent"}],
            "when": {"fought_before": True},
        }
    ]
    data = {"op": "modify", "stat": "attack", "amount": 1, "when": {"fought_before": False}}
    (effect,) = parse_effects([data])
    assert effects_to_json([effect]) == [data]
    assert "never fought" in effect_text(effect, "en", Names())
    assert "n'a jamais combattu" in effect_text(effect, "fr", Names())
    # the engine plays it since 0aaed62 (tests/simulator/games/eredan/test_played_constructs.py)
    assert "fought_before" not in ops.PENDING_CONDITION_KEYS
    ops.compile_effect(effect, "card 'x': effects[0]", 0)


def test_event_only_effects_are_notes(compiler):
    """An effect said only during an event of the online game (a tournament, Mékalchimie) has no
    effect in a simulated game: a note, never an effect."""
    result = compiler.compile("Tournoi de l'automne : Attaque +3. Défense +1.", subject="card")
    assert result.complete and result.to_json()["effects"] == [
        {"op": "modify", "stat": "defense", "amount": 1}
    ]
    assert "tournament" in result.notes[0]


def test_cards_that_act_as_soon_as_played(compiler):
    assert character(compiler, "Les Dagues jouées par vos alliés sont activées immédiatement.") == [
        {"op": "acts_now", "cards": {"type": "dague"}, "target": "other_allies"}
    ]
    assert card(compiler, "Les Armures jouées en Enchaînement s'activent immédiatement.") == [
        {"op": "acts_now", "cards": {"type": "armure"}, "chained": True, "target": "self"}
    ]


def test_acts_now_in_the_schema():
    data = {"op": "acts_now", "cards": {"type": "lance"}}
    (effect,) = parse_effects([data], context="ability")
    assert effects_to_json([effect]) == [data]
    names = Names()
    assert "act as soon as played" in effect_text(effect, "en", names, "ability")
    assert "s'activent immédiatement" in effect_text(effect, "fr", names, "ability")
    with pytest.raises(EffectError, match="chained"):
        parse_effect({"op": "acts_now", "chained": "yes"})
    with pytest.raises(EffectError, match="duration"):
        parse_effects([{**data, "duration": "game"}], context="ability")
    # played by the engine (tests/simulator/games/eredan/test_chain_constructs.py)
    assert isinstance(ops.compile_effect(parse_effect(data), "card 'x': effects[0]", 0), ops.ActsNowOp)


def test_characters_not_of_a_race_or_class(compiler):
    assert card(compiler, "Les personnages non Elfines ont Défense -2.") == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": -2,
            "target": {"group": "characters", "not_race": "elfine"},
        }
    ]
    assert card(compiler, "Tous les non Humains adverses ont Attaque -1.") == [
        {"op": "modify", "stat": "attack", "amount": -1, "target": {"group": "enemies", "not_race": "humain"}}
    ]
    assert card(compiler, "Vos autres personnages non Mages ont Esprit +1.") == [
        {
            "op": "modify",
            "stat": "spirit",
            "amount": 1,
            "target": {"group": "other_allies", "not_class": "mage"},
        }
    ]
    # both said: neither
    out = card(compiler, "Les personnages non Mages non Elfines ont Défense -2.")
    assert out[0]["target"] == {"group": "characters", "not_race": "elfine", "not_class": "mage"}
    # a guild after "non": not_guild (tests/cards/domain/test_text_compiler_stat_more.py); a caste is
    # none of them: not read
    assert not compiler.compile("Les personnages non Sorcelames ont Défense -2.", subject="card").complete


def test_not_race_in_the_schema():
    data = {
        "op": "modify",
        "stat": "attack",
        "amount": -1,
        "target": {"group": "characters", "not_race": "demon"},
    }
    (effect,) = parse_effects([data])
    assert effects_to_json([effect]) == [data]
    names = Names(races={"demon": ("Demon", "Démon")})
    assert "not Demon" in effect_text(effect, "en", names) and "non Démon" in effect_text(effect, "fr", names)
    with pytest.raises(EffectError, match="not_class"):
        parse_effects([{**data, "target": {"group": "characters", "not_class": 3}}])
    # the engine plays it since e681eb0 (tests/simulator/games/eredan/test_played_constructs.py)
    ops.compile_filter(effect.selector, ops.NO_CONTEXT)


def test_while_it_lives_by_its_name_unquoted(compiler):
    out = character(
        compiler, "Tant qu'Ombrelune est en vie, vos autres Zil ont Attaque +1.", name="Ombrelune"
    )
    assert out[0]["when"] == {"ally_alive": "ombrelune"}
    out = character(
        compiler, "Tant que Ombrelune est en vie, vos autres Zil ont Attaque +1.", name="Ombrelune"
    )
    assert out[0]["when"] == {"ally_alive": "ombrelune"}


def test_how_long_a_characters_cards_stay(compiler):
    assert character(compiler, "Les 'Poison lent' joués par Vipère durent 3 combats.", name="Vipère") == [
        {"op": "cards_last", "cards": {"card": "poison-lent"}, "lasts": {"combats": 3}}
    ]
    assert character(compiler, "Vos 'Poison lent' sont permanentes.", name="Vipère") == [
        {"op": "cards_last", "cards": {"card": "poison-lent"}, "lasts": "permanent", "target": "all_allies"}
    ]
    assert guess_subject("Les 'Poison lent' jouées par 'Vipère' sont permanentes.") == "character"
    # on a card: not a character's cards
    assert not compiler.compile("Vos 'Poison lent' sont permanentes.", subject="card").complete


def test_cards_last_in_the_schema():
    data = {"op": "cards_last", "cards": {"type": "sort"}, "lasts": {"turns": 2}, "target": "all_allies"}
    (effect,) = parse_effects([data], context="ability")
    assert effects_to_json([effect]) == [data]
    names = Names()
    assert "stay in play for 2 turns" in effect_text(effect, "en", names, "ability")
    assert "durent 2 tours" in effect_text(effect, "fr", names, "ability")
    with pytest.raises(EffectError, match="lasts"):
        parse_effects([{**data, "lasts": "combat"}], context="ability")
    with pytest.raises(EffectError, match="not allowed in a card"):
        parse_effect(data)
    with pytest.raises(ops.UnsupportedSpecError, match="cards_last"):
        ops.compile_effect(effect, "character 'x': abilities[0]", 0)


def test_a_living_character_chosen(compiler):
    """ "un de vos Mages en vie": effects reach the living only, the words add nothing."""
    assert card(compiler, "Choisissez un de vos Mages en vie, celui-ci gagne 2 Points de vie.") == [
        {"op": "heal", "amount": 2, "target": {"group": "allies", "pick": "choice", "class": "mage"}}
    ]


def test_small_readings_of_the_second_pass(compiler):
    # a pile holding so many cards of a kind
    out = card(compiler, "Si votre Défausse contient 4 Actions ou plus, Attaque +1.")
    assert out[0]["when"] == {
        "compare": {"left": {"cards": "discard", "match": {"type": "action"}}, "cmp": ">=", "right": 4}
    }
    # "X et son adversaire": X's opponent; "Marqueurs Poudres"
    out = character(
        compiler, "Tours 2 et 4 : 'Bosco' et son adversaire gagnent 1 Marqueur Poudres.", name="Bosco"
    )
    assert out == []  # an Ordre, not an ability
    orders = compiler.compile(
        "Tours 2 et 4 : 'Bosco' et son adversaire gagnent 1 Marqueur Poudres.",
        subject="character",
        name="Bosco",
    ).to_json()["orders"]
    assert orders[0]["effects"] == [
        {"op": "marker", "name": "poudre", "count": 1},
        {"op": "marker", "name": "poudre", "count": 1, "target": "opponent"},
    ]
    # cards played by "vos alliés et vous"
    assert card(compiler, "Les Dagues jouées par vos alliés et vous s'activent immédiatement.") == [
        {"op": "acts_now", "cards": {"type": "dague"}}
    ]
    # an event of the online game, named
    assert compiler.compile("Durant l'évènement 'Fête' : Attaque +1.", subject="card").notes


def test_two_races_of_one_side(compiler):
    """ "vos Elfines et Bêtes": one effect for each race — a character has one race, so none takes
    it twice; a race and one under it ("vos Guémélites et vos Guémélites de la Guerre") could."""
    assert card(compiler, "Vos Elfines et Bêtes gagnent 1 Point de vie.") == [
        {"op": "heal", "amount": 1, "target": {"group": "allies", "race": "elfine"}},
        {"op": "heal", "amount": 1, "target": {"group": "allies", "race": "bete"}},
    ]
    assert not compiler.compile(
        "Vos Guémélites et vos Guémélites de la Guerre gagnent 1 Point de vie.", subject="card"
    ).complete


def test_any_card_instead(compiler):
    out = card(
        compiler,
        "Choisissez une Arme portée par le personnage adverse, celle-ci est défaussée. "
        "Si vous êtes équipé d'une Dague vous pouvez choisir n'importe quelle carte à la place.",
    )
    assert out == [
        {
            "op": "discard_attached",
            "cards": {"type": "arme"},
            "pick": "choice",
            "when": {"not": {"carrying_match": {"type": "dague"}}},
        },
        {"op": "discard_attached", "pick": "choice", "when": {"carrying_match": {"type": "dague"}}},
    ]


def test_evolution_texts_are_notes(compiler):
    result = compiler.compile("Depuis l'écran d'évolution, peut évoluer immédiatement en 'Ciel' ou 'Mer'.")
    assert result.complete and not result.effects and result.notes


def test_another_card_attached(compiler):
    out = card(compiler, "Si une autre carte est attachée à votre personnage, Défense +1.")
    assert out[0]["when"] == {
        "compare": {
            "left": {"cards": "play", "owner": "both", "on": "self", "other": True},
            "cmp": ">=",
            "right": 1,
        }
    }
    # another copy of a named card: not this
    assert not compiler.compile(
        "Défense +1 si votre personnage porte une autre 'Hache'.", subject="card"
    ).complete
