"""The compiler's counting and chain pieces (cards/domain/grammar_scale.py, grammar_chain.py):
"pour chaque …", "par …", "X est égal à …", comparisons on counts, the cards a chain names and a
character's chain phrases.

Every text here is written for these tests, in the cards' grammar (the phrases the real texts are
made of, with other numbers, names and combinations); none is a card's text.
"""

from __future__ import annotations


def card(compiler, text, **kw):
    result = compiler.compile(text, subject="card", **kw)
    assert result.complete, result.clauses
    return result.to_json()


def character(compiler, text, **kw):
    result = compiler.compile(text, subject="character", **kw)
    assert result.complete, result.clauses
    return result.to_json()


def unread(compiler, text, subject="card"):
    result = compiler.compile(text, subject=subject)
    assert not result.complete
    return result.unread


def amount(compiler, text):
    (effect,) = card(compiler, text)["effects"]
    return effect["amount"]


# --- what a scaling counts ----------------------------------------------------------------------


def test_characters_counted(compiler):
    assert amount(compiler, "Défense +3 pour chaque allié en vie.") == {
        "per": {"characters": "other_allies"},
        "each": 3,
    }
    assert amount(compiler, "Esprit +1 par allié mort.") == {
        "per": {"characters": "other_allies", "dead": True}
    }
    assert amount(compiler, "Soin 2 pour chaque mort.") == {
        "per": {"characters": "all_characters", "dead": True},
        "each": 2,
    }
    assert amount(compiler, "Attaque +1 par allié Prêtre.") == {
        "per": {"characters": {"group": "other_allies", "class": "pretre"}}
    }
    assert amount(compiler, "Attaque +2 pour chaque Mage adverse.") == {
        "per": {"characters": {"group": "enemies", "class": "mage"}},
        "each": 2,
    }
    assert amount(compiler, "Défense +1 par Golem parmi vos personnages.") == {
        "per": {"characters": {"group": "allies", "race": "golem"}}
    }


def test_kind_then_allie(compiler):
    # "par Prêtre allié" is "par allié Prêtre": another of your three characters (docs/rules/eredan.md §3)
    assert amount(compiler, "Défense +2 par Prêtre allié en vie.") == {
        "per": {"characters": {"group": "other_allies", "class": "pretre"}},
        "each": 2,
    }
    assert amount(compiler, "Esprit +1 pour chaque Golem allié mort.") == {
        "per": {"characters": {"group": "other_allies", "race": "golem"}, "dead": True}
    }
    assert amount(compiler, "Attaque +1 par personnage allié.") == {"per": {"characters": "other_allies"}}
    (effect,) = card(compiler, "Vos Golems ont Attaque +1 par Golem allié en vie.")["effects"]
    assert effect["target"] == {"group": "allies", "race": "golem"}
    assert effect["amount"] == {"per": {"characters": {"group": "other_allies", "race": "golem"}}}
    # a kind the reader does not know stays unread; the wounded ones are not this phrase
    assert unread(compiler, "Attaque +1 par Zorglub allié.")
    assert unread(compiler, "Attaque +1 par Golem blessé allié.")


def test_cards_counted(compiler):
    # in play, either side's or the opponent's; the card itself included when it says so
    assert amount(compiler, "Attaque +1 par 'Fiole rouge' active, celle-ci comprise.") == {
        "per": {"cards": "play", "owner": "both", "match": {"card": "fiole-rouge"}}
    }
    assert amount(compiler, "Esprit +2 par carte adverse active.") == {
        "per": {"cards": "play", "owner": "opponent"},
        "each": 2,
    }
    # carried by the holder
    assert amount(compiler, "Défense +1 par Arme que vous portez.") == {
        "per": {"cards": "play", "owner": "both", "match": {"type": "arme"}, "on": "self"}
    }
    assert amount(compiler, "Attaque max +2 pour chaque Bijou qui vous est attaché.") == {
        "per": {"cards": "play", "owner": "both", "match": {"type": "bijou"}, "on": "self"},
        "each": 2,
    }
    # played this turn, by either player
    assert amount(compiler, "Soin 1 pour chaque Sort Eau joué ce tour-ci (max 3).") == {
        "per": {"cards": "played_turn", "owner": "both", "match": {"type": "eau"}},
        "max": 3,
    }


def test_different_kinds_among_characters(compiler):
    assert amount(compiler, "Esprit +1 par race différente parmi vos personnages en vie.") == {
        "per": {"distinct": "race", "among": "all_allies"}
    }
    assert amount(compiler, "Attaque +1 pour chaque classe représentée parmi les personnages adverses.") == {
        "per": {"distinct": "class", "among": "all_enemies"}
    }


def test_a_malus_per_thing_is_capped_from_below(compiler):
    assert amount(compiler, "Esprit -1 par Sort Ombre en jeu (max 3).") == {
        "per": {"cards": "play", "owner": "both", "match": {"type": "ombre"}},
        "each": -1,
        "min": -3,
    }


def test_a_scaled_damage_bonus(compiler):
    (effect,) = card(compiler, "Vos personnages ont -1 aux dégâts subis pour chaque Bouclier en jeu.")[
        "effects"
    ]
    assert effect == {
        "op": "damage_taken",
        "amount": {"per": {"cards": "play", "owner": "both", "match": {"type": "bouclier"}}, "each": -1},
        "target": "all_allies",
    }
    # "par" naming who takes the damage is not a scaling
    (effect,) = card(compiler, "-2 aux dégâts subis par vos Golems.")["effects"]
    assert effect == {"op": "damage_taken", "amount": -2, "target": {"group": "allies", "race": "golem"}}


def test_two_scalings_in_one_clause(compiler):
    assert card(compiler, "Attaque +1 par allié mort et Esprit +2 par allié en vie.")["effects"] == [
        {"op": "modify", "stat": "attack", "amount": {"per": {"characters": "other_allies", "dead": True}}},
        {"op": "modify", "stat": "spirit", "amount": {"per": {"characters": "other_allies"}, "each": 2}},
    ]
    # a tail both could share is not split: "parmi vos personnages" is said once for both
    assert unread(compiler, "Attaque +1 par Elfine et Défense +1 par Golem parmi vos personnages.")


# --- what X is ------------------------------------------------------------------------------


def test_x_is_the_turn_a_missing_hp_a_printed_stat(compiler):
    assert amount(compiler, "Attaque +X où X est égal au numéro du tour en cours (max 5).") == {
        "per": {"turn": "current"},
        "max": 5,
    }
    assert amount(
        compiler, "Défense +X où X est égal à vos points de vie max moins vos points de vie actuels."
    ) == {"per": {"stat": "hp_missing", "of": "self"}}
    assert amount(compiler, "Attaque +X où X est égal à l'Esprit de base de votre personnage.") == {
        "per": {"stat": "spirit", "of": "self", "base": True}
    }


def test_x_divided_doubled_or_rolled(compiler):
    assert amount(compiler, "Gagne X points de vie où X est égal à votre Niveau divisé par 3.") == {
        "per": {"stat": "level", "of": "self"},
        "div": 3,
    }
    assert amount(
        compiler, "Inflige X dégâts magiques au personnage adverse où X est égal à 3 fois votre Esprit."
    ) == {"per": {"stat": "spirit", "of": "self"}, "each": 3}
    assert amount(
        compiler, "Inflige X dégâts magiques au personnage adverse où X est égal à votre Esprit +2 à 4."
    ) == {"stat": "spirit", "plus": [2, 4]}


def test_whose_stat_son_is(compiler):
    # the holder is the subject: "son" is the holder's
    assert amount(
        compiler, "Inflige X dégâts physiques au personnage adverse où X est égal à son Esprit."
    ) == {
        "stat": "spirit",
        "plus": 0,
    }
    # after another subject: the stat of each character reached (one named: that one's)
    assert amount(
        compiler, "Chaque personnage adverse subit X dégâts directs où X est égal à sa Défense."
    ) == {"per": {"stat": "defense", "of": "target"}}
    assert amount(compiler, "Le personnage adverse a Esprit -X où X est égal à son Niveau.") == {
        "per": {"stat": "level", "of": "opponent"},
        "each": -1,
    }
    # a plural subject and "son": the holder's, or each one's? not read
    assert unread(compiler, "Les personnages adverses subissent X dégâts directs où X est égal à sa Défense.")


def test_what_each_character_reached_carries(compiler):
    (effect,) = card(compiler, "Vos Golems ont Défense +1 pour chaque Bouclier qu'ils portent.")["effects"]
    assert effect["amount"] == {
        "per": {"cards": "play", "owner": "both", "match": {"type": "bouclier"}, "on": "target"}
    }
    (effect,) = card(compiler, "Le personnage adverse subit 1 dégât direct par carte qui lui est attachée.")[
        "effects"
    ]
    assert effect["amount"] == {"per": {"cards": "play", "owner": "both", "on": "opponent"}}
    # the holder's verb, then "il": the holder, or the one reached? not read
    assert unread(compiler, "Inflige 1 dégât direct à chaque personnage adverse par Potion qu'il porte.")


# --- comparisons on counts --------------------------------------------------------------------------


def when(compiler, text):
    (effect,) = card(compiler, text)["effects"]
    return effect["when"]


def test_comparisons(compiler):
    assert when(compiler, "Enchaînement s'il y a au moins 3 Sorts Feu en jeu.") == {
        "compare": {
            "left": {"cards": "play", "owner": "both", "match": {"type": "feu"}},
            "cmp": ">=",
            "right": 3,
        }
    }
    assert when(compiler, "Enchaînement si moins de 3 personnages sont en vie.") == {
        "compare": {"left": {"characters": "all_characters"}, "cmp": "<", "right": 3}
    }
    assert when(compiler, "Attaque +2 si le nombre de cartes dans votre main est inférieur à 3.") == {
        "compare": {"left": {"cards": "hand"}, "cmp": "<", "right": 3}
    }
    assert when(compiler, "Enchaînement si la Défense de base de votre personnage est supérieure à 2.") == {
        "compare": {"left": {"stat": "defense", "of": "self", "base": True}, "cmp": ">", "right": 2}
    }
    assert when(compiler, "Enchaînement si la Défausse adverse contient 5 cartes ou moins.") == {
        "compare": {"left": {"cards": "discard", "owner": "opponent"}, "cmp": "<=", "right": 5}
    }
    assert when(compiler, "Enchaînement si vous n'avez pas de caste.") == {
        "compare": {"left": {"castes": "self"}, "cmp": "==", "right": 0}
    }
    assert when(compiler, "Enchaînement si vous n'avez qu'un Golem en vie.") == {
        "compare": {"left": {"characters": {"group": "allies", "race": "golem"}}, "cmp": "==", "right": 1}
    }
    assert when(compiler, "Enchaînement si votre personnage n'a qu'une classe.") == {
        "played_by_single_class": True
    }
    assert when(compiler, "Enchaînement si un de vos personnages est mort.") == {
        "compare": {"left": {"characters": "all_allies", "dead": True}, "cmp": ">=", "right": 1}
    }


def test_no_card_attached_on_a_card_that_stays_is_not_read(compiler):
    """While a Permanent card is attached there always is one: "aucune carte" means another one."""
    assert when(compiler, "Esprit +1 si aucune carte n'est attachée à votre personnage.") == {
        "compare": {"left": {"cards": "play", "owner": "both", "on": "self"}, "cmp": "==", "right": 0}
    }
    assert unread(compiler, "Permanent. Esprit +1 si aucune carte n'est attachée à votre personnage.")


# --- the cards a chain names -----------------------------------------------------------------------


def test_chain_matches(compiler):
    assert card(compiler, "Enchaînement Objet maudit.")["chain"] == {"type": "objet", "cursed": True}
    assert card(compiler, "Enchaînement Potion et Objet maudit.")["chain"] == {
        "any_of": [{"type": "potion"}, {"type": "objet", "cursed": True}]
    }
    assert card(compiler, "Enchaînement Objet Autre.")["chain"] == {"type": "autre"}
    assert card(compiler, "Enchaînement Action Golem.")["chain"] == {
        "race_reserved": "golem",
        "type": "action",
    }
    assert card(compiler, "Enchaînement : Objet de Margolin.")["chain"] == {
        "character_reserved": "margolin",
        "type": "objet",
    }
    assert card(compiler, "Enchaînement Arme à 2 mains.")["chain"] == {"type": "arme_a_deux_mains"}
    # "autre" after a card word is the word "other", never the type Autre
    assert unread(compiler, "Attaque +1 si un autre Golem est en jeu.")


# --- a character's chain phrases -------------------------------------------------------------------


def abilities(compiler, text):
    return character(compiler, text)["abilities"]


def test_character_chains(compiler):
    assert abilities(compiler, "Enchaînement Bijou.") == [{"op": "chain_on", "match": {"type": "bijou"}}]
    assert abilities(compiler, "Enchaînement.") == [{"op": "chain_on", "match": {"any": True}}]
    assert abilities(compiler, "Gagne Enchaînement lorsque vous jouez une Potion.") == [
        {"op": "chain_on", "match": {"type": "potion"}}
    ]
    assert abilities(compiler, "Gagne Enchaînement si un allié est mort.") == [
        {
            "op": "chain_on",
            "match": {"any": True},
            "when": {
                "compare": {"left": {"characters": "other_allies", "dead": True}, "cmp": ">=", "right": 1}
            },
        }
    ]
    assert abilities(compiler, "Gagne Enchaînement si joue ou porte 'Hachette'.") == [
        {"op": "chain_on", "match": {"card": "hachette"}},
        {"op": "chain_on", "match": {"any": True}, "when": {"carrying_match": {"card": "hachette"}}},
    ]
    assert abilities(compiler, "Vos personnages gagnent Enchaînement durant les tours 2 et 3.") == [
        {"op": "chain_on", "match": {"any": True}, "target": "all_allies", "when": {"turn": [2, 3]}}
    ]


def test_a_character_chain_with_what_each_card_played_gives(compiler):
    # lasting: each time such a card is played
    assert abilities(
        compiler, "Gagne Enchaînement et Défense +2 jusqu'à la fin de la partie si joue une Potion."
    ) == [
        {"op": "chain_on", "match": {"type": "potion"}},
        {
            "op": "trigger",
            "on": {"plays": {"type": "potion"}},
            "effects": [{"op": "modify", "stat": "defense", "amount": 2, "duration": "game"}],
        },
    ]
    assert abilities(compiler, "Gagne Enchaînement et 3 points de vie si joue 'Hachette'.") == [
        {"op": "chain_on", "match": {"card": "hachette"}},
        {"op": "trigger", "on": {"plays": {"card": "hachette"}}, "effects": [{"op": "heal", "amount": 3}]},
    ]
    # for the combat: a standing bonus while it plays one
    assert abilities(compiler, "Gagne Enchaînement et Esprit +1 si joue une Potion.") == [
        {"op": "chain_on", "match": {"type": "potion"}},
        {"op": "modify", "stat": "spirit", "amount": 1, "when": {"plays": {"type": "potion"}}},
    ]


# --- Ordres -----------------------------------------------------------------------------------------


def orders(compiler, text, **kw):
    return character(compiler, text, **kw)["orders"]


def test_ordre_headers_in_every_spelling(compiler):
    bonus = [{"op": "modify", "stat": "spirit", "amount": 2}]
    assert orders(compiler, "Tours: 1, 3 et 5 : Esprit +2.") == [{"turns": [1, 3, 5], "effects": bonus}]
    assert orders(compiler, "Tours 2, 3 and 7 : Esprit +2.") == [{"turns": [2, 3, 7], "effects": bonus}]
    assert orders(compiler, "Tours 5 et + : Esprit +2.") == [{"turns": {"from": 5}, "effects": bonus}]
    # a list, then "and later": two Ordres with the same effects
    assert orders(compiler, "Tours 2 et 5 et plus : Esprit +2.") == [
        {"turns": [2], "effects": bonus},
        {"turns": {"from": 5}, "effects": bonus},
    ]
    assert orders(compiler, "Tour 1, 3, 6 et plus : Esprit +2.") == [
        {"turns": [1, 3], "effects": bonus},
        {"turns": {"from": 6}, "effects": bonus},
    ]
    # on a card, the turns are a condition: either of them
    (effect,) = card(compiler, "Tours 2 et 6 et plus : Attaque +1.")["effects"]
    assert effect["when"] == {"any": [{"turn": [2]}, {"turn": {"from": 6}}]}


def test_an_ordre_after_a_sentence_with_no_full_stop(compiler):
    out = character(compiler, "Tours pairs : Attaque +1 Tours impairs : Défense +1.")
    assert out["orders"] == [
        {"turns": "even", "effects": [{"op": "modify", "stat": "attack", "amount": 1}]},
        {"turns": "odd", "effects": [{"op": "modify", "stat": "defense", "amount": 1}]},
    ]
    out = character(compiler, "Gagne Enchaînement si joue une Potion Tours 3 et 4 : Esprit +1.")
    assert out["abilities"] == [{"op": "chain_on", "match": {"type": "potion"}}]
    assert out["orders"] == [{"turns": [3, 4], "effects": [{"op": "modify", "stat": "spirit", "amount": 1}]}]


def test_two_subjects_for_one_verb(compiler):
    assert orders(
        compiler, "Tours 2 et 4 : 'Grolk' et le personnage adverse subissent 2 dégâts directs.", name="Grolk"
    ) == [
        {
            "turns": [2, 4],
            "effects": [
                {"op": "damage", "kind": "direct", "amount": 2, "target": "self"},
                {"op": "damage", "kind": "direct", "amount": 2},
            ],
        }
    ]
    # "2 fois 1 dégât": that damage twice
    (order,) = orders(compiler, "Tours impairs : vous et votre adversaire subissez 2 fois 1 dégât direct.")
    assert len(order["effects"]) == 4
    # two groups a character may both belong to: it would take the effect twice
    assert unread(compiler, "Vos Golems et vos Mages gagnent 2 points de vie.")


# --- halves, supplements ---------------------------------------------------------------------------


def test_a_stat_divided_by_two(compiler):
    (effect,) = card(
        compiler, "La Défense du personnage adverse est divisée par 2 (arrondie à l'inférieur)."
    )["effects"]
    # the Défense becomes ⌊D/2⌋: a malus of ⌈D/2⌉, counted when the card resolves
    assert effect == {
        "op": "modify",
        "stat": "defense",
        "amount": {"per": {"stat": "defense", "of": "opponent"}, "each": -1, "div": 2, "round": "up"},
        "target": "opponent",
    }
    (effect,) = card(compiler, "Votre personnage a son Esprit divisé par deux (arrondi au supérieur).")[
        "effects"
    ]
    assert effect["amount"] == {"per": {"stat": "spirit", "of": "self"}, "each": -1, "div": 2}
    # (a third or a quarter: test_a_stat_divided_by_three_or_four); a standing halving counts the
    # stat from itself
    assert unread(compiler, "Permanent. La Défense du personnage adverse est divisée par 2.")


def test_a_condition_or_a_scaling_of_the_supplement_only(compiler):
    assert card(compiler, "Défense +1, Défense +2 supplémentaire si le personnage adverse est Mage.")[
        "effects"
    ] == [
        {"op": "modify", "stat": "defense", "amount": 1},
        {"op": "modify", "stat": "defense", "amount": 2, "when": {"opponent_class": "mage"}},
    ]
    assert card(compiler, "Esprit +2, +1 supplémentaire contre les Golems.")["effects"] == [
        {"op": "modify", "stat": "spirit", "amount": 2},
        {"op": "modify", "stat": "spirit", "amount": 1, "when": {"opponent_race": "golem"}},
    ]
    assert card(compiler, "Attaque +1 et Attaque +2 supplémentaire pour chaque allié mort.")["effects"] == [
        {"op": "modify", "stat": "attack", "amount": 1},
        {
            "op": "modify",
            "stat": "attack",
            "amount": {"per": {"characters": "other_allies", "dead": True}, "each": 2},
        },
    ]
    # "+2, +1 pour chaque …": two, plus one per counted thing
    assert amount(compiler, "Défense +2, +1 pour chaque Potion en jeu.") == {
        "per": {"cards": "play", "owner": "both", "match": {"type": "potion"}},
        "plus": 2,
    }


# --- more chains and prefixes ------------------------------------------------------------------------


def test_prefixes_without_a_caste_not_a_class_or_of_a_named_kind(compiler):
    (chain,) = card(compiler, "Sans caste : Enchaînement.")["effects"]
    assert chain["when"] == {"compare": {"left": {"castes": "self"}, "cmp": "==", "right": 0}}
    (chain,) = card(compiler, "Non Mage : Enchaînement Potion.")["effects"]
    assert chain == {"op": "chain", "match": {"type": "potion"}, "when": {"not": {"played_by_class": "mage"}}}
    (chain,) = card(compiler, "Golem ou Classe inconnue : Enchaînement.")["effects"]
    assert chain["when"] == {"any": [{"played_by_race": "golem"}, {"played_by_class": "inconnue"}]}


def test_either_chain(compiler):
    out = card(compiler, "Enchaînement Potion ou Enchaînement si vous portez une Armure.")
    assert out["chain"] == {"type": "potion"}
    assert out["effects"] == [{"op": "chain", "match": {"any": True}, "when": {"carrying": "armor"}}]


def test_the_reminder_of_what_a_chain_is_is_noted(compiler):
    out = card(compiler, "Enchaînement (vous pouvez jouer une seconde carte après celle-ci).")
    assert out["chain"] == {"any": True} and out["notes"]


def test_sentences_with_no_full_stop_around_a_chain(compiler):
    # stats, then the chain (nothing before them that could cover it)
    out = card(compiler, "Défense +2 Enchaînement Potion.")
    assert out["effects"] == [{"op": "modify", "stat": "defense", "amount": 2}]
    assert out["chain"] == {"type": "potion"}
    # a last "Permanent" is how the card stays, not a condition's
    out = card(compiler, "Golem : Défense +1 et Enchaînement Permanent.")
    assert out["play"] == {"stays": "permanent"}
    # the chain, then a sentence with its own prefix
    out = card(compiler, "Enchaînement Mage non multiclassé : Durée 3 combats.")
    assert out["chain"] == {"any": True}
    # a prefix before stats and a chain on named cards with no full stop: the chain is the card's
    # own (the English texts put a full stop there); a bare "Enchaînement" there is not read
    out = card(compiler, "Golem : Défense +2 Enchaînement Potion.")
    assert out["effects"] == [
        {"op": "modify", "stat": "defense", "amount": 2, "when": {"played_by_race": "golem"}}
    ]
    assert out["chain"] == {"type": "potion"}
    assert unread(compiler, "Golem : Défense +2 Enchaînement.")


def test_an_ally_of_one_kind_or_another(compiler):
    (chain,) = card(compiler, "Enchaînement si un de vos personnages est Golem ou Elfine.")["effects"]
    assert chain["when"] == {
        "any": [
            {"ally": {"race": "golem"}},
            {"played_by_race": "golem"},
            {"ally": {"race": "elfine"}},
            {"played_by_race": "elfine"},
        ]
    }


def test_more_character_chains(compiler):
    assert abilities(
        compiler, "Gagne Enchaînement si joue une Dague et peut les jouer en ignorant leurs prérequis."
    ) == [
        {"op": "chain_on", "match": {"type": "dague"}},
        {"op": "may_play", "cards": {"type": "dague"}},
    ]
    assert abilities(compiler, "Défense +1 et Enchaînement contre les Mages.") == [
        {"op": "modify", "stat": "defense", "amount": 1, "when": {"opponent_class": "mage"}},
        {"op": "chain_on", "match": {"any": True}, "when": {"opponent_class": "mage"}},
    ]
    # chain_on any card "si vous jouez X" is chain_on X
    assert abilities(compiler, "Si vous jouez une Potion, Esprit +1 et Enchaînement.") == [
        {"op": "modify", "stat": "spirit", "amount": 1, "when": {"plays": {"type": "potion"}}},
        {"op": "chain_on", "match": {"type": "potion"}},
    ]
    # a bonus before "et gagne Enchaînement si joue …": with the condition, or not? not read
    assert unread(compiler, "Défense +1 et gagne Enchaînement si joue une Potion.", "character")


def test_more_of_what_x_is(compiler):
    # "N moins …" (at least 0), negated for a malus
    (effect,) = card(compiler, "-X aux dégâts subis où X est égal à 8 moins le numéro du tour en cours.")[
        "effects"
    ]
    assert effect == {"op": "damage_taken", "amount": {"per": {"turn": "current"}, "plus": -8, "max": 0}}
    # "X est le nombre de …"
    assert amount(compiler, "Esprit +X où X est le nombre de Golems en vie.") == {
        "per": {"characters": {"group": "characters", "race": "golem"}}
    }
    # a cap said with the stat: "(Attaque +4 maximum)"
    assert amount(
        compiler, "Attaque +X où X est égal au nombre de Potions dans votre défausse (Attaque +4 maximum)."
    ) == {"per": {"cards": "discard", "match": {"type": "potion"}}, "max": 4}
    # a damage bonus of X
    (effect,) = card(
        compiler, "+X aux dégâts infligés où X est égal au nombre de classes différentes en jeu."
    )["effects"]
    assert effect == {
        "op": "damage_dealt",
        "amount": {"per": {"distinct": "class", "among": "all_characters"}},
    }


def test_another_card_counted_and_lasting_gains(compiler):
    assert amount(compiler, "Esprit -1 par autre Sort Ombre en jeu.") == {
        "per": {"cards": "play", "owner": "both", "match": {"type": "ombre"}, "other": True},
        "each": -1,
    }
    assert amount(compiler, "Défense +1 pour chaque autre 'Fiole rouge' portée par un personnage.") == {
        "per": {"cards": "play", "owner": "both", "match": {"card": "fiole-rouge"}, "other": True}
    }
    # a character other than the holder, of either side: no group says it
    assert unread(compiler, "Attaque +1 par autre Golem en vie.")
    # "définitivement": for the rest of the game
    (order,) = orders(compiler, "Tours 2 et 4 : vos Golems ont définitivement Défense +1.")
    assert order["effects"] == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": 1,
            "target": {"group": "allies", "race": "golem"},
            "duration": "game",
        }
    ]


def test_definitively_reaches_its_predicate_and_those_after(compiler):
    (order,) = orders(compiler, "Tours 3 : Esprit +1 et gagne définitivement 1 Niveau.")
    assert order["effects"] == [
        {"op": "modify", "stat": "spirit", "amount": 1},
        {"op": "modify", "stat": "level", "amount": 1, "duration": "game"},
    ]


def test_chains_of_a_named_kind_level_or_player(compiler):
    # "Action Non-Mort": a race's name, not "an Action but not Mort"
    assert card(compiler, "Enchaînement Action Non-Mort.")["chain"] == {
        "race_reserved": "non_mort",
        "type": "action",
    }
    # "une carte Golem ou Mage": a card of either
    assert abilities(compiler, "Gagne Enchaînement si joue une carte Golem ou Mage.") == [
        {"op": "chain_on", "match": {"any_of": [{"race_reserved": "golem"}, {"class_reserved": "mage"}]}}
    ]
    (chain,) = card(compiler, "Niveau 3 ou plus : Enchaînement.")["effects"]
    assert chain["when"] == {"compare": {"left": {"stat": "level", "of": "self"}, "cmp": ">=", "right": 3}}
    (chain,) = card(compiler, "Enchaînement si joué par 'Grolk'.")["effects"]
    assert chain == {"op": "chain", "match": {"any": True}, "when": {"played_by": "grolk"}}
    # in a chain "X et Y" is either, in an Ordre too
    (order,) = orders(compiler, "Tours 2 et 3 : gagne Enchaînement Potion et Bijou.")
    assert order["effects"] == [
        {"op": "chain_on", "match": {"any_of": [{"type": "potion"}, {"type": "bijou"}]}}
    ]


def test_character_chain_restrictions_and_groups(compiler):
    assert abilities(compiler, "Ne peut enchaîner.") == [{"op": "forbid", "what": "chain"}]
    assert abilities(compiler, "Chacun de vos Golems gagnera Enchaînement s'il joue une Potion.") == [
        {"op": "chain_on", "match": {"type": "potion"}, "target": {"group": "allies", "race": "golem"}}
    ]
    assert abilities(
        compiler, "Les personnages adverses ne peuvent pas enchaîner de carte lors du tour 2."
    ) == [{"op": "forbid", "what": "chain", "target": "all_enemies", "when": {"turn": [2]}}]


def test_cards_played_after_your_cards(compiler):
    """ "à la suite de vos cartes" / "après vos cartes" is when play_card and create … play play a
    card (after the cards of the turn): nothing more to say."""
    (order,) = orders(compiler, "Tours 3 : une 'Fiole rouge' est créée et jouée à la suite de vos cartes.")
    assert order["effects"] == [{"op": "create", "card": "fiole-rouge", "to": "play"}]
    (order,) = orders(compiler, "Tours 3 : une Potion est jouée depuis votre Deck après vos cartes.")
    assert order["effects"] == [{"op": "play_card", "from": "deck", "cards": {"type": "potion"}}]
    # before your cards is another time: not read
    assert unread(compiler, "Tours 3 : une 'Fiole rouge' est créée et jouée avant vos cartes.", "character")


def test_no_damage_at_all(compiler):
    (order,) = orders(compiler, "Tours impairs : 'Grolk' ne subit aucun dégât.", name="Grolk")
    assert order["effects"] == [{"op": "immune", "kinds": ["physical", "magical", "direct"]}]
    (effect,) = card(compiler, "Le personnage adverse ne subit aucun dégât magique.")["effects"]
    assert effect == {"op": "immune", "kinds": ["magical"], "target": "opponent"}


def test_x_from_what_was_played_dealt_or_carried(compiler):
    (trigger,) = card(
        compiler, "En fin de combat, soin X où X est le nombre de Potions que vous avez jouées ce tour."
    )["effects"]
    assert trigger["effects"][0]["amount"] == {"per": {"cards": "played_turn", "match": {"type": "potion"}}}
    (trigger,) = card(
        compiler,
        "En fin de combat, vous gagnez X points de vie où X est égal au quart des dégâts qu'il a infligés.",
    )["effects"]
    assert trigger["effects"][0]["amount"] == {"per": {"damage_dealt": "self"}, "div": 4}
    assert amount(compiler, "Attaque +X où X est égal au nombre de personnages portant une Potion.") == {
        "per": {"characters": {"group": "characters", "carrying": {"type": "potion"}}}
    }
    assert amount(compiler, "Soin X où X est égal au tiers de votre Esprit (arrondi au supérieur).") == {
        "per": {"stat": "spirit", "of": "self"},
        "div": 3,
        "round": "up",
    }
    # "qu'il a infligés" on an effect reaching another: whose? not read
    assert unread(
        compiler, "Le personnage adverse subit X dégâts directs où X est égal aux dégâts qu'il a infligés."
    )


def test_characters_of_one_kind_or_another_alive_or_dead(compiler):
    assert amount(compiler, "Attaque +1 par Golem ou Elfine en vie.") == {
        "per": {
            "characters": [
                {"group": "characters", "race": "golem"},
                {"group": "characters", "race": "elfine"},
            ]
        }
    }
    assert amount(compiler, "Défense +1 par allié Golem (vivant ou mort).") == {
        "per": {"characters": {"group": "other_allies", "race": "golem"}, "dead": "either"}
    }


def test_guemelite_races_in_a_union(compiler):
    # "par Guémélite de la Terre ou Feu": the second name a Guémélite too, each character once
    assert amount(compiler, "Défense +2 par Guémélite de la Terre ou Feu.") == {
        "per": {
            "characters": [
                {"group": "characters", "race": "guemelite_terre"},
                {"group": "characters", "race": "guemelite_feu"},
            ]
        },
        "each": 2,
    }
    # a bare name after a class is not taken for a Guémélite
    assert unread(compiler, "Défense +2 par Mage ou Feu.")


def test_your_characters_living_or_dead(compiler):
    # "pour chacun de vos Mages (vivant ou mort)": the player's Mages, the dead ones too
    assert amount(compiler, "Esprit +2 pour chacun de vos Mages (vivant ou mort).") == {
        "per": {"characters": {"group": "allies", "class": "mage"}, "dead": "either"},
        "each": 2,
    }


def test_characters_of_a_kind_in_play(compiler):
    # "le nombre de Guémélites du Feu en jeu": the characters of that race in play, not cards
    assert amount(compiler, "Défense +X où X est égal au nombre de Guémélites du Feu en jeu.") == {
        "per": {"characters": {"group": "characters", "race": "guemelite_feu"}}
    }
    assert amount(compiler, "Esprit +1 par Prêtre adverse en jeu.") == {
        "per": {"characters": {"group": "enemies", "class": "pretre"}}
    }
    # a card type in play stays a count of cards
    assert amount(compiler, "Esprit +1 par Arme en jeu.")["per"]["cards"] == "play"


def test_damage_of_two_kinds_of_spells(compiler):
    # "+N aux dégâts des Sorts Eau et Draconiques": the damage of either kind (a plural element)
    (effect,) = card(compiler, "+2 aux dégâts des Sorts Eau et Draconiques.")["effects"]
    assert effect == {
        "op": "damage_dealt",
        "amount": 2,
        "cards": {"any_of": [{"type": "eau"}, {"type": "draconique"}]},
    }


def test_x_in_every_option_of_a_choice(compiler):
    # "Défense +X ou Esprit +X où X est compris entre 1 et 3": one choice, X rolled
    (effect,) = card(compiler, "Défense +X ou Esprit +X où X est compris entre 1 et 3.")["effects"]
    assert effect["op"] == "one_of"
    assert [o[0]["amount"] for o in effect["options"]] == [[1, 3], [1, 3]]
    (effect,) = card(compiler, "Défense +X ou Attaque +X où X est égal à votre Esprit.")["effects"]
    assert [o[0]["amount"] for o in effect["options"]] == [{"per": {"stat": "spirit", "of": "self"}}] * 2
    # an option without X: what X is for is not clear
    assert unread(compiler, "Défense +X ou Attaque +1 où X est égal à votre Esprit.")


def test_condition_on_the_opponent_without_its_comma(compiler):
    # "Si votre adversaire est Elfe vous avez …": the condition ends where "vous avez" starts
    (effect,) = card(
        compiler, "Si votre adversaire est Mage vous avez Défense +X où X est égal à votre Esprit."
    )["effects"]
    assert effect["when"] == {"opponent_class": "mage"}
    assert effect["amount"] == {"per": {"stat": "spirit", "of": "self"}}


def test_damage_of_cards_played_by_all_your_characters(compiler):
    # "… des Sorts (non zone) joués par tous vos personnages": whichever of them plays one
    (effect,) = card(compiler, "+2 aux dégâts magiques des Sorts (non zone) joués par tous vos personnages.")[
        "effects"
    ]
    assert effect == {
        "op": "damage_dealt",
        "amount": 2,
        "kinds": ["magical"],
        "cards": {"type": "sort", "zone": False},
        "target": "all_allies",
    }


# --- X made of several parts (grammar_scale.x_compound) --------------------------------------------


def test_x_a_stat_plus_n_per_counted_thing(compiler):
    # "votre Esprit +3 par allié mort": the stat, and an added term of 3 per dead ally
    assert amount(
        compiler,
        "Inflige X dégâts magiques au personnage adverse où X est égal à votre Esprit +3 par allié mort.",
    ) == {
        "per": {"stat": "spirit", "of": "self"},
        "and": [{"per": {"characters": "other_allies", "dead": True}, "each": 3}],
    }
    assert amount(
        compiler,
        "Inflige X dégâts magiques au personnage adverse où X est égal à l'Esprit de votre personnage +2 "
        "pour chacun de vos Mages en vie.",
    ) == {
        "per": {"stat": "spirit", "of": "self"},
        "and": [{"per": {"characters": {"group": "allies", "class": "mage"}}, "each": 2}],
    }
    # a rolled bonus per counted thing is no term: not read
    assert unread(compiler, "Inflige X dégâts magiques où X est égal à votre Esprit +1 à +3 par Arme en jeu.")


def test_x_n_plus_a_count_and_a_stat_multiplied(compiler):
    assert amount(
        compiler, "Soin X Points de vie où X est égal à 2 plus le nombre d'Armes que vous portez."
    ) == {
        "per": {"cards": "play", "owner": "both", "match": {"type": "arme"}, "on": "self"},
        "plus": 2,
    }
    assert amount(
        compiler,
        "Inflige X dégâts magiques au personnage adverse où X est égal à votre Esprit multiplié par 4.",
    ) == {
        "per": {"stat": "spirit", "of": "self"},
        "each": 4,
    }


def test_x_two_stats_added_are_the_chosen_ones(compiler):
    # "sa Défense + son Esprit" of the character "il" names: both terms count that character
    (effect,) = card(
        compiler,
        "Choisissez un personnage adverse, il a Attaque -X où X est égal à sa Défense + son Esprit.",
    )["effects"]
    assert effect["amount"] == {
        "per": {"stat": "defense", "of": "target"},
        "each": -1,
        "and": [{"per": {"stat": "spirit", "of": "target"}, "each": -1}],
    }


def test_x_divided_with_rounding_and_cap_in_one_bracket(compiler):
    assert amount(
        compiler,
        "Défense +X où X est égal aux Points de vie du personnage adverse divisés par 3 "
        "(arrondis au supérieur, +5 maximum).",
    ) == {"per": {"stat": "hp", "of": "opponent"}, "div": 3, "round": "up", "max": 5}


def test_x_a_stat_of_the_character_by_its_own_name(compiler):
    result = compiler.compile(
        "En fin de combat, votre adversaire subit X dégâts magiques où X est égal à l'Esprit de 'Zorglub'.",
        subject="character",
        name="Zorglub",
    )
    assert result.complete, result.clauses
    (trigger,) = result.to_json()["abilities"]
    assert trigger["effects"][0]["amount"] == {"stat": "spirit", "plus": 0}


def test_a_stat_divided_by_three_or_four(compiler):
    # it becomes ⌈D/4⌉: a malus of D, less the quarter kept (an added term)
    (effect,) = card(compiler, "La Défense du personnage adverse est divisée par 4 (arrondie au supérieur).")[
        "effects"
    ]
    defense = {"stat": "defense", "of": "opponent"}
    assert effect["amount"] == {
        "per": defense,
        "each": -1,
        "and": [{"per": defense, "div": 4, "round": "up"}],
    }
    (effect,) = card(compiler, "Le personnage adverse a son Esprit divisé par 3.")["effects"]
    assert effect["amount"] == {
        "per": {"stat": "spirit", "of": "opponent"},
        "each": -1,
        "and": [{"per": {"stat": "spirit", "of": "opponent"}, "div": 3}],
    }


def test_a_scaling_after_two_verbs_of_different_kinds_is_not_read(compiler):
    # "a Esprit -1 et subit 1 dégât par Dague qu'il porte": the damage's only, or both?
    assert unread(
        compiler, "Chaque personnage adverse a Esprit -1 et subit 1 dégât direct par Dague qu'il porte."
    )
    # bare predicates share it
    (atk, heal) = card(compiler, "Attaque +1 et Soin 1 Point de vie par Arme active.")["effects"]
    assert atk["amount"]["per"] == heal["amount"]["per"]


# --- characters counted in a state (grammar_scale._in_a_state) --------------------------------------


def test_characters_counted_wounded_tapped_or_by_a_stat(compiler):
    assert amount(compiler, "Défense +1 par personnage adverse blessé.") == {
        "per": {"characters": {"group": "enemies", "wounded": True}}
    }
    assert amount(compiler, "Esprit +2 pour chaque allié Mage blessé ou mort.") == {
        "per": {"characters": {"group": "other_allies", "class": "mage", "wounded": True}, "dead": "either"},
        "each": 2,
    }
    assert amount(compiler, "Défense +1 pour chacun de vos autres personnages non inclinés.") == {
        "per": {"characters": {"group": "other_allies", "tapped": False}}
    }
    assert amount(compiler, "Esprit +1 par personnage incliné.") == {
        "per": {"characters": {"group": "characters", "tapped": True}}
    }
    assert amount(compiler, "Défense +1 par personnage dont l'Esprit est supérieur ou égal à 5.") == {
        "per": {"characters": {"group": "characters", "stat": {"stat": "spirit", "cmp": ">=", "right": 5}}}
    }
    assert amount(
        compiler, "Esprit +1 par personnage dont la Défense est inférieure à sa Défense de base."
    ) == {
        "per": {
            "characters": {"group": "characters", "stat": {"stat": "defense", "cmp": "<", "right": "base"}}
        }
    }


def test_a_standing_modifier_counting_by_its_own_stat_is_not_read(compiler):
    # the Défense it gives would change the characters it counts
    assert unread(compiler, "Permanent. Défense +1 par personnage dont la Défense est supérieure à 3.")
    # counted once, when the card resolves: read
    assert card(compiler, "Défense +1 par personnage dont la Défense est supérieure à 3.")["effects"]


def test_a_scaled_predicate_then_another_verb_for_the_same_subject(compiler):
    # the scaling is the first predicate's, X the second's
    (malus, damage) = card(
        compiler,
        "Le personnage adverse a Défense -1 par allié mort et subit X dégâts magiques "
        "où X est égal à votre Esprit.",
    )["effects"]
    assert malus["amount"] == {"per": {"characters": "other_allies", "dead": True}, "each": -1}
    assert malus["target"] == "opponent"
    assert (
        damage["amount"] == {"stat": "spirit", "plus": 0} and damage.get("target", "opponent") == "opponent"
    )


def test_x_on_a_card_the_opponent_carries(compiler):
    # its holder is the carrier: "votre Esprit" is the carrier's opponent's, "il" the carrier
    (damage,) = card(
        compiler, "S'attache à votre adversaire. Il subit X dégâts magiques où X est égal à votre Esprit."
    )["effects"]
    assert damage["target"] == "self" and damage["amount"] == {"per": {"stat": "spirit", "of": "opponent"}}
    (damage,) = card(
        compiler,
        "S'attache au personnage adverse. Il subit X dégâts magiques "
        "où X est égal à l'Esprit du personnage adverse.",
    )["effects"]
    assert damage["amount"] == {"per": {"stat": "spirit", "of": "self"}}


def test_your_characters_of_either_kind(compiler):
    # "pour chacun de vos Combattants et Mages": each of them once (a Combattant-Mage too)
    assert amount(compiler, "Défense +1 pour chacun de vos Prêtres et Mages.") == {
        "per": {"characters": [{"group": "allies", "class": "pretre"}, {"group": "allies", "class": "mage"}]}
    }
    assert amount(compiler, "Esprit +1 pour chacun de vos autres Golems ou Elfines.") == {
        "per": {
            "characters": [
                {"group": "other_allies", "race": "golem"},
                {"group": "other_allies", "race": "elfine"},
            ]
        }
    }


def test_cards_in_any_discard_pile_and_a_damage_supplement_per_card(compiler):
    assert amount(compiler, "Défense +1 pour chaque 'Epine' dans n'importe quelle Défausse.") == {
        "per": {"cards": "discard", "owner": "both", "match": {"card": "epine"}}
    }
    # "+ 1 dégât magique supplémentaire pour chaque …": 1 per counted card, over the 3
    assert amount(
        compiler,
        "Inflige 3 dégâts magiques au personnage adverse + 1 dégât magique supplémentaire pour chaque Sort "
        "dans votre Défausse.",
    ) == {"per": {"cards": "discard", "match": {"type": "sort"}}, "plus": 3}
    # a supplement of another kind of damage is not this damage's
    assert unread(
        compiler,
        "Inflige 3 dégâts magiques au personnage adverse + 1 dégât direct supplémentaire pour chaque Sort "
        "dans votre Défausse.",
    )


def test_characters_wounded_this_turn_and_the_opponents_classes(compiler):
    assert amount(
        compiler, "Soin X Points de vie où X est égal au nombre de personnages blessés ce tour."
    ) == {"per": {"characters": {"group": "characters", "hurt_this_turn": True}}}
    assert amount(compiler, "Défense +1 pour chacune des classes du personnage adverse.") == {
        "per": {"classes": "opponent"}
    }


def test_a_damage_supplement_scaled_or_equal_to_x(compiler):
    # the damage of the sentence before, more when the prefix holds (one hit)
    (more, plain) = card(
        compiler, "Inflige 2 dégâts magiques au personnage adverse. Mage : +1 dégât magique par Golem en vie."
    )["effects"]
    assert more["amount"] == {"per": {"characters": {"group": "characters", "race": "golem"}}, "plus": 2}
    assert more["when"] == {"played_by_class": "mage"} and plain["amount"] == 2
    (more, _) = card(
        compiler,
        "Inflige 2 dégâts magiques au personnage adverse. Prêtre : Inflige 1 dégât magique supplémentaire "
        "pour chaque allié blessé.",
    )["effects"]
    assert more["amount"] == {"per": {"characters": {"group": "other_allies", "wounded": True}}, "plus": 2}
    (more, _) = card(
        compiler,
        "Inflige 2 dégâts magiques au personnage adverse. Mage : X dégâts magiques supplémentaires où X est "
        "égal à votre Esprit.",
    )["effects"]
    assert more["amount"] == {"stat": "spirit", "plus": 2}


def test_an_extra_attack_scaled(compiler):
    (effect,) = card(
        compiler, "Effectue une attaque supplémentaire égale à 3 par tranche de 2 Sorts actifs."
    )["effects"]
    assert effect == {
        "op": "extra_attack",
        "amount": {"per": {"cards": "play", "owner": "both", "match": {"type": "sort"}}, "each": 3, "div": 2},
    }


def test_scaled_predicates_sharing_a_subject_and_verb(compiler):
    # "les personnages adverses ont Attaque -1 pour chacun …, Esprit -1 pour chacun … et …"
    effects = card(
        compiler,
        "Les personnages adverses ont Attaque -1 pour chacun de vos alliés Mages, "
        "Esprit -2 pour chacun de vos alliés Golems et Défense -1 pour chacun de vos alliés Elfines.",
    )["effects"]
    assert [(e["stat"], e["target"], e["amount"]["each"]) for e in effects] == [
        ("attack", "all_enemies", -1),
        ("spirit", "all_enemies", -2),
        ("defense", "all_enemies", -1),
    ]
    assert effects[1]["amount"]["per"] == {"characters": {"group": "other_allies", "race": "golem"}}


def test_a_scaled_amount_with_a_supplement_if_or_a_cap_by_class(compiler):
    (more, plain) = card(
        compiler,
        "Gagne 1 Point de vie pour chacun de vos Mages en vie, et 2 Points de vie supplémentaires si le "
        "personnage adverse est Golem.",
    )["effects"]
    mages = {"characters": {"group": "allies", "class": "mage"}}
    assert more["amount"] == {"per": mages, "plus": 2} and more["when"] == {"opponent_race": "golem"}
    assert plain["amount"] == {"per": mages} and plain["when"] == {"not": {"opponent_race": "golem"}}
    (capped, other) = card(
        compiler, "Défense +2 par Arme portée par votre personnage (Si Mage, +8 max. Sinon +4 max)."
    )["effects"]
    assert (capped["amount"]["max"], capped["when"]) == (8, {"played_by_class": "mage"})
    assert (other["amount"]["max"], other["when"]) == (4, {"not": {"played_by_class": "mage"}})


def test_a_count_added_to_a_stat_damage_by_a_prefix(compiler):
    # "X … où X est égal à votre Esprit +1. Mage : +2 dégâts par Golem": one hit, the Esprit counted
    # and 2 per Golem added when the prefix holds (docs/rules/eredan.md §3: a card played by its fighter)
    effects = card(
        compiler,
        "Inflige X dégâts magiques au personnage adverse où X est égal à l'Esprit de votre personnage +1. "
        "Mage : +2 dégâts magiques par Golem en vie.",
    )["effects"]
    assert effects == [
        {
            "op": "damage",
            "kind": "magical",
            "amount": {
                "per": {"stat": "spirit", "of": "self"},
                "plus": 1,
                "and": [{"per": {"characters": {"group": "characters", "race": "golem"}}, "each": 2}],
            },
            "when": {"played_by_class": "mage"},
        },
        {
            "op": "damage",
            "kind": "magical",
            "amount": {"stat": "spirit", "plus": 1},
            "when": {"not": {"played_by_class": "mage"}},
        },
    ]
    # the same as the sum said in one sentence
    (alone,) = card(
        compiler, "Inflige X dégâts magiques où X est égal à votre Esprit +1, +2 par Golem en vie."
    )["effects"]
    assert alone["amount"] == effects[0]["amount"]
    effects = card(
        compiler,
        "Inflige X dégâts magiques où X est égal à votre Esprit. "
        "Golem : inflige 3 dégâts magiques supplémentaires pour chaque allié blessé.",
    )["effects"]
    assert effects[0]["amount"] == {
        "per": {"stat": "spirit", "of": "self"},
        "and": [{"per": {"characters": {"group": "other_allies", "wounded": True}}, "each": 3}],
    }
    # a rolled amount gets no count added
    assert unread(compiler, "Inflige 2 à 4 dégâts magiques. Mage : +1 dégât magique par Golem en vie.")
