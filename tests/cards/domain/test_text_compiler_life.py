"""Damage, heals, loss of HP and maximum HP in the rules-text compiler (cards/domain/grammar_life.py).

Every text here is written for these tests, in the cards' grammar (other numbers, names and
combinations); none is a card's text.
"""

from __future__ import annotations

import pytest


def card(compiler, text):
    result = compiler.compile(text, subject="card")
    assert result.complete, result.clauses
    return result.to_json()["effects"]


def character(compiler, text):
    result = compiler.compile(text, subject="character")
    assert result.complete, result.clauses
    return result.to_json()["abilities"]


@pytest.mark.parametrize(
    ("text", "effects"),
    [
        (
            "Un de vos Mages ayant le moins de Points de vie gagne 2 Points de vie.",
            [
                {
                    "op": "heal",
                    "amount": 2,
                    "target": {"group": "allies", "pick": "fewest_hp", "class": "mage"},
                }
            ],
        ),
        (
            "Inflige 2 dégâts magiques à tous les adversaires en vie.",
            [{"op": "damage", "kind": "magical", "amount": 2, "target": "all_enemies"}],
        ),
        (
            "Un personnage adverse de votre choix subit 1 dégât direct.",
            [{"op": "damage", "kind": "direct", "amount": 1, "target": "enemy"}],
        ),
        (
            "1 adversaire aléatoire perd 2 Points de vie.",
            [{"op": "lose_hp", "amount": 2, "target": "random_enemy"}],
        ),
        (
            "Les deux personnages en combat subissent 3 dégâts directs.",
            [{"op": "damage", "kind": "direct", "amount": 3, "target": "fighters"}],
        ),
        (
            "Choisissez un personnage adverse. Le personnage choisi subit 4 dégâts magiques.",
            [{"op": "damage", "kind": "magical", "amount": 4, "target": "enemy"}],
        ),
        (
            "Vous êtes soigné jusqu'à votre maximum de Points de vie.",
            [{"op": "heal", "amount": {"per": {"stat": "hp_missing", "of": "self"}}}],
        ),
        (
            "Si vous avez moins de 3 Points de vie, vos alliés en gagnent 2.",
            [
                {
                    "op": "heal",
                    "amount": 2,
                    "target": "other_allies",
                    "when": {"compare": {"left": {"stat": "hp", "of": "self"}, "cmp": "<", "right": 3}},
                }
            ],
        ),
    ],
)
def test_who_is_hit_or_healed(compiler, text, effects):
    assert card(compiler, text) == effects


def test_maximum_hp(compiler):
    assert card(
        compiler, "Le personnage adverse a ses Points de vie max réduits de 2 jusqu'à la fin de la partie."
    ) == [{"op": "modify", "stat": "hp_max", "amount": -2, "target": "opponent", "duration": "game"}]
    assert card(compiler, "Les Points de vie maximum des personnages adverses sont réduits de 2.") == [
        {"op": "modify", "stat": "hp_max", "amount": -2, "target": "all_enemies"}
    ]
    assert card(compiler, "Votre limite de Points de vie et vos Points de vie sont augmentés de 3.") == [
        {"op": "modify", "stat": "hp_max", "amount": 3},
        {"op": "heal", "amount": 3},
    ]
    out = character(
        compiler,
        "Vos Mages ont leur limite de Points de vie maximum augmentée de 1 jusqu'à la fin de la partie.",
    )
    assert out == [
        {
            "op": "trigger",
            "on": "game_start",
            "effects": [
                {
                    "op": "modify",
                    "stat": "hp_max",
                    "amount": 1,
                    "target": {"group": "allies", "class": "mage"},
                    "duration": "game",
                }
            ],
        }
    ]


def test_a_conditional_bonus_is_two_effects_never_two_hits(compiler):
    """ "N dégâts +M si …": N+M when it holds, N otherwise — one hit either way (a magical hit is
    reduced by the Esprit once, docs/rules/eredan.md §3)."""
    out = card(compiler, "Le personnage adverse subit 2 dégâts magiques, +3 si vous portez une Dague.")
    assert out == [
        {"op": "damage", "kind": "magical", "amount": 5, "when": {"carrying_match": {"type": "dague"}}},
        {
            "op": "damage",
            "kind": "magical",
            "amount": 2,
            "when": {"not": {"carrying_match": {"type": "dague"}}},
        },
    ]
    out = card(compiler, "Le personnage adverse subit 1 dégât direct +2 s'il est Prêtre.")
    assert out[0] == {"op": "damage", "kind": "direct", "amount": 3, "when": {"opponent_class": "pretre"}}
    # "s'il" about the one hit, when that one is no fixed character: not read
    assert not compiler.compile(
        "Choisissez un personnage, il subit 1 dégât direct +2 s'il est incliné.", subject="card"
    ).complete


def test_who_the_holder_is(compiler):
    assert card(compiler, "Soin 1 Point de vie si vous êtes Mage ou Prêtre.") == [
        {
            "op": "heal",
            "amount": 1,
            "when": {"any": [{"played_by_class": "mage"}, {"played_by_class": "pretre"}]},
        }
    ]


def test_what_a_character_does_once_when_it_plays_a_card(compiler):
    """A character's "si joue X, …" that happens once is a trigger on its playing X, once a turn."""
    assert character(compiler, "Si joue une Potion, un allié gagne 2 Points de vie.") == [
        {
            "op": "trigger",
            "on": {"plays": {"type": "potion"}},
            "effects": [{"op": "heal", "amount": 2, "target": "other_ally"}],
            "limit": "once_per_turn",
        }
    ]
    # a standing modifier keeps its condition
    assert character(compiler, "Attaque +1 si joue une Potion.") == [
        {"op": "modify", "stat": "attack", "amount": 1, "when": {"plays": {"type": "potion"}}}
    ]


def test_a_death_is_the_loss_of_every_hp(compiler):
    """docs/rules/eredan.md §3: a character at 0 HP is dead; "meurt" loses all its HP (no damage)."""
    assert card(compiler, "En fin de tour, votre personnage meurt.") == [
        {
            "op": "trigger",
            "on": "turn_end",
            "effects": [{"op": "lose_hp", "amount": {"per": {"stat": "hp", "of": "self"}}}],
        }
    ]
    assert not compiler.compile("Choisissez un de vos personnages, il meurt.", subject="card").complete


def test_a_second_predicate_without_its_verb(compiler):
    out = card(compiler, "Vos Mages ont Esprit +1 et vos Prêtres Défense +2.")
    assert out == [
        {"op": "modify", "stat": "spirit", "amount": 1, "target": {"group": "allies", "class": "mage"}},
        {"op": "modify", "stat": "defense", "amount": 2, "target": {"group": "allies", "class": "pretre"}},
    ]


def test_what_was_played_and_damage_anywhere(compiler):
    assert card(compiler, "Après avoir joué vos cartes, Défense +1 si vous avez joué une Potion.") == [
        {
            "op": "trigger",
            "on": "after_cards",
            "effects": [
                {"op": "modify", "stat": "defense", "amount": 1, "when": {"plays": {"type": "potion"}}}
            ],
        }
    ]
    assert card(
        compiler, "Chaque fois que des dégâts directs sont infligés, une de vos Bêtes a Défense +1."
    ) == [
        {
            "op": "trigger",
            "on": {"damaged": "all_characters", "kinds": ["direct"]},
            "effects": [
                {
                    "op": "modify",
                    "stat": "defense",
                    "amount": 1,
                    "target": {"group": "allies", "pick": "choice", "race": "bete"},
                }
            ],
        }
    ]


def test_conditions_on_the_ordre_bonus_the_hp_and_the_cards_played(compiler):
    assert card(
        compiler, "En fin de combat, si votre adversaire n'a pas son bonus d'Ordre, il subit 1 dégât direct."
    ) == [
        {
            "op": "trigger",
            "on": "combat_end",
            "effects": [{"op": "damage", "kind": "direct", "amount": 1, "when": {"opponent_ordre": False}}],
        }
    ]
    assert card(compiler, "Défense +1 si votre personnage bénéficie de son bonus d'Ordre.") == [
        {"op": "modify", "stat": "defense", "amount": 1, "when": {"ordre": True}}
    ]
    assert card(
        compiler, "Si les Points de vie de votre personnage sont inférieurs ou égaux à 4, Défense +1."
    ) == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": 1,
            "when": {"compare": {"left": {"stat": "hp", "of": "self"}, "cmp": "<=", "right": 4}},
        }
    ]
    assert card(compiler, "Si le personnage adverse a joué 2 cartes, Défense +1.") == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": 1,
            "when": {
                "compare": {"left": {"cards": "played_turn", "owner": "opponent"}, "cmp": ">=", "right": 2}
            },
        }
    ]
    assert card(compiler, "En fin de tour, vous êtes relevé.") == [
        {"op": "trigger", "on": "turn_end", "effects": [{"op": "untap"}]}
    ]


def test_the_damage_dealt_this_turn(compiler):
    assert card(compiler, "Si votre personnage a infligé moins de 5 points de dégâts, Défense +1.") == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": 1,
            "when": {"compare": {"left": {"damage_dealt": "self"}, "cmp": "<", "right": 5}},
        }
    ]
    out = card(compiler, "Si vous avez infligé plus de dégâts que votre adversaire, Soin 1 Point de vie.")
    assert out == [
        {
            "op": "heal",
            "amount": 1,
            "when": {
                "compare": {
                    "left": {"damage_dealt": "self"},
                    "cmp": ">",
                    "right": {"damage_dealt": "opponent"},
                }
            },
        }
    ]


def test_an_amount_instead_when_a_condition_holds(compiler):
    out = card(compiler, "Votre personnage gagne 1 Point de vie, ou 3 si vous portez une Dague.")
    assert out == [
        {"op": "heal", "amount": 3, "when": {"carrying_match": {"type": "dague"}}},
        {"op": "heal", "amount": 1, "when": {"not": {"carrying_match": {"type": "dague"}}}},
    ]


def test_each_of_a_group_when_it_plays(compiler):
    """ "Vos X ont … chaque fois qu'ils jouent …": the one of them who plays (the target event)."""
    out = character(
        compiler,
        "Vos Prêtres ont Esprit +1 jusqu'à la fin de la partie chaque fois qu'ils jouent une Potion.",
    )
    assert out == [
        {
            "op": "trigger",
            "on": {"plays": {"type": "potion"}, "by": {"group": "allies", "class": "pretre"}},
            "effects": [
                {"op": "modify", "stat": "spirit", "amount": 1, "target": "event", "duration": "game"}
            ],
        }
    ]


def test_the_damage_taken_this_turn_and_hp_compared(compiler):
    taken = {"damage_taken": "opponent"}
    assert card(compiler, "Si votre adversaire a subi moins de 4 dégâts ce tour-ci, Défense +1.") == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": 1,
            "when": {"compare": {"left": taken, "cmp": "<", "right": 4}},
        }
    ]
    assert card(compiler, "Si votre personnage a subi des dégâts, Défense +1.")[0]["when"] == {
        "compare": {"left": {"damage_taken": "self"}, "cmp": ">=", "right": 1}
    }
    hp = {"stat": "hp", "of": "opponent"}
    assert card(compiler, "Si le personnage adverse a moins d'un Point de vie, Défense +1.")[0]["when"] == {
        "compare": {"left": hp, "cmp": "<", "right": 1}
    }
    assert card(compiler, "Si le personnage adverse a moins de -3 Points de vie, Défense +1.")[0]["when"] == {
        "compare": {"left": hp, "cmp": "<", "right": -3}
    }
    assert card(compiler, "Si vos Points de vie sont négatifs, Défense +1.")[0]["when"] == {
        "compare": {"left": {"stat": "hp", "of": "self"}, "cmp": "<", "right": 0}
    }


def test_the_future_of_the_texts_reads_as_their_present(compiler):
    assert card(compiler, "En fin de tour, il aura Défense +1 et gagnera 1 Point de vie.") == [
        {
            "op": "trigger",
            "on": "turn_end",
            "effects": [{"op": "modify", "stat": "defense", "amount": 1}, {"op": "heal", "amount": 1}],
        }
    ]


def test_the_others_after_a_death_among_a_group(compiler):
    """ "Quand un de vos Mages meurt, les autres …": the living ones of the group (the dead one is no
    longer alive: effects reach living characters, cards/domain/effects.py)."""
    mages = {"group": "allies", "class": "mage"}
    assert card(compiler, "Quand un de vos Mages meurt, les autres gagnent 1 Point de vie.") == [
        {"op": "trigger", "on": {"dies": mages}, "effects": [{"op": "heal", "amount": 1, "target": mages}]}
    ]
    assert card(compiler, "Quand un de vos Mages meurt, un autre gagne 2 Points de vie.")[0]["effects"] == [
        {"op": "heal", "amount": 2, "target": {**mages, "pick": "choice"}}
    ]


def test_alive_and_a_death_this_turn(compiler):
    assert card(compiler, "En fin de tour, si votre adversaire est encore en vie, Défense +1.")[0][
        "effects"
    ] == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": 1,
            "when": {"compare": {"left": {"stat": "hp", "of": "opponent"}, "cmp": ">", "right": 0}},
        }
    ]
    # on a card that does not stay, its trigger lasts this turn: "ce tour-ci" says nothing more
    assert card(compiler, "Si le personnage adverse meurt ce tour-ci, Soin 2 Points de vie.") == [
        {"op": "trigger", "on": {"dies": "opponent"}, "effects": [{"op": "heal", "amount": 2}]}
    ]
    assert not compiler.compile(
        "Permanent. Si le personnage adverse meurt ce tour-ci, Soin 2 Points de vie."
    ).complete


def test_a_second_damage_without_its_words(compiler):
    assert card(
        compiler, "Inflige 3 dégâts magiques au personnage adverse et 2 aux autres personnages adverses."
    ) == [
        {"op": "damage", "kind": "magical", "amount": 3},
        {"op": "damage", "kind": "magical", "amount": 2, "target": "other_enemies"},
    ]


def test_the_heals_given_reduced_or_raised(compiler):
    """ "Les soins de X sont réduits de N" / "les soins qu'il effectue …": heal_dealt on those
    characters (the heals they give)."""
    assert card(compiler, "Les soins des personnages adverses sont réduits de 2") == [
        {"op": "heal_dealt", "amount": -2, "target": "all_enemies"}
    ]
    assert card(compiler, "Les soins du personnage adverse sont augmentés de 1") == [
        {"op": "heal_dealt", "amount": 1, "target": "opponent"}
    ]
    text = (
        "Durée 3 tours. Choisissez un personnage et attachez-lui cette carte. "
        "Les Soins qu'il effectue sont réduits de 1."
    )
    assert card(compiler, text) == [{"op": "heal_dealt", "amount": -1, "duration": "permanent"}]


def test_a_bonus_whose_condition_is_about_the_one_hit(compiler):
    """ "+2 s'il porte …", "+2 si une 'X' lui est attachée", "+2 si son Esprit …" after a hit of the
    opponent: the opponent's (its pronoun written out)."""
    carries = {"opponent_carrying_match": {"any_of": [{"card": "pot-de-miel"}, {"card": "mouchoir"}]}}
    assert card(
        compiler,
        "Inflige 2 dégâts directs au personnage adverse +1 si une des cartes 'Pot de miel' ou 'Mouchoir'"
        " lui est attachée.",
    ) == [
        {"op": "damage", "kind": "direct", "amount": 3, "when": carries},
        {"op": "damage", "kind": "direct", "amount": 2, "when": {"not": carries}},
    ]
    assert card(
        compiler, "Inflige 4 dégâts magiques au personnage adverse +3 s'il a moins de 6 Points de vie."
    )[0]["when"] == {"compare": {"left": {"stat": "hp", "of": "opponent"}, "cmp": "<", "right": 6}}
    out = card(
        compiler,
        "Votre adversaire a Défense -1, puis subit 2 dégâts magiques +2 si son Esprit est supérieur à 4.",
    )
    spirit = {"compare": {"left": {"stat": "spirit", "of": "opponent"}, "cmp": ">", "right": 4}}
    assert out == [
        {"op": "modify", "stat": "defense", "amount": -1, "target": "opponent"},
        {"op": "damage", "kind": "magical", "amount": 4, "when": spirit},
        {"op": "damage", "kind": "magical", "amount": 2, "when": {"not": spirit}},
    ]


def test_a_bonus_for_each_one_of_a_group_that_is_tapped(compiler):
    assert card(
        compiler,
        "Inflige 2 à 3 dégâts magiques à chaque personnage adverse + 2 si le personnage est incliné.",
    ) == [
        {"op": "damage", "kind": "magical", "amount": [4, 5], "target": {"group": "enemies", "tapped": True}},
        {
            "op": "damage",
            "kind": "magical",
            "amount": [2, 3],
            "target": {"group": "enemies", "tapped": False},
        },
    ]


def test_a_range_instead_when_a_condition_holds(compiler):
    mage = {"played_by_class": "mage"}
    assert card(
        compiler,
        "Inflige de 2 à 4 dégâts magiques à votre adversaire ou 5 à 7 dégâts magiques si vous êtes Mage.",
    ) == [
        {"op": "damage", "kind": "magical", "amount": [5, 7], "when": mage},
        {"op": "damage", "kind": "magical", "amount": [2, 4], "when": {"not": mage}},
    ]


def test_then_if_it_names_the_opponent_hit(compiler):
    out = card(
        compiler,
        "Inflige 5 dégâts magiques à votre adversaire, puis s'il a moins de 1 Point de vie"
        " un autre adversaire subit 3 dégâts magiques.",
    )
    assert out == [
        {"op": "damage", "kind": "magical", "amount": 5},
        {
            "op": "damage",
            "kind": "magical",
            "amount": 3,
            "target": {"group": "other_enemies", "pick": "choice"},
            "when": {"compare": {"left": {"stat": "hp", "of": "opponent"}, "cmp": "<", "right": 1}},
        },
    ]
    # "il" after a damage of the holder: not the opponent's, not read
    assert not compiler.compile(
        "Vous subissez 2 dégâts directs, puis s'il a moins de 3 Points de vie, Attaque +1."
    ).complete


def test_a_damage_supplement_in_a_sentence_of_its_own(compiler):
    """ "Mage : +2 dégâts magiques supplémentaires" after a damage: that damage, 2 more when the
    prefix holds — one hit; "+1 … pour chacun de vos X" adds a count."""
    mage = {"played_by_class": "mage"}
    assert card(
        compiler,
        "Inflige 3 dégâts magiques au personnage adverse. Mage : +1 dégâts magiques supplémentaires.",
    ) == [
        {"op": "damage", "kind": "magical", "amount": 4, "when": mage},
        {"op": "damage", "kind": "magical", "amount": 3, "when": {"not": mage}},
    ]
    assert card(
        compiler,
        "Inflige 2 dégâts magiques au personnage adverse."
        " +1 dégât magique supplémentaire pour chacun de vos Mages en vie.",
    ) == [
        {
            "op": "damage",
            "kind": "magical",
            "amount": {"per": {"characters": {"group": "allies", "class": "mage"}}, "plus": 2},
        }
    ]
    # no damage of that kind before: not read
    assert not compiler.compile("Attaque +1. Mage : +1 dégâts magiques supplémentaires.").complete


def test_neither_this_nor_that(compiler):
    """Two "not" conditions on one effect: not (this or that)."""
    out = card(
        compiler,
        "Inflige 1 dégât magique au personnage adverse +1 s'il est Mage."
        " Prêtre : +2 dégâts magiques supplémentaires.",
    )
    assert out[-1]["when"] == {"not": {"any": [{"opponent_class": "mage"}, {"played_by_class": "pretre"}]}}


def test_more_subjects_and_run_on_sentences(compiler):
    assert card(compiler, "Chaque Mage gagne 2 Points de vie.") == [
        {"op": "heal", "amount": 2, "target": {"group": "characters", "class": "mage"}}
    ]
    assert card(compiler, "Choisissez un de vos alliés Mages, il gagne 1 Point de vie.") == [
        {"op": "heal", "amount": 1, "target": {"group": "other_allies", "pick": "choice", "class": "mage"}}
    ]
    # the holder is one of "vos personnages" too (an ally, "un de vos alliés", is another one)
    assert card(compiler, "Soin 2 Points de vie si l'un de vos personnages est Humain.")[0]["when"] == {
        "any": [{"played_by_race": "humain"}, {"ally": {"race": "humain"}}]
    }
    assert card(compiler, "Soin 2 Points de vie si l'un de vos alliés est Humain.")[0]["when"] == {
        "ally": {"race": "humain"}
    }
    assert card(compiler, "Esprit +1 Choisissez un personnage, celui-ci gagne 2 Points de vie.") == [
        {"op": "modify", "stat": "spirit", "amount": 1},
        {"op": "heal", "amount": 2, "target": "character"},
    ]
    out = character(compiler, "Attaque +1 contre les Mages Vos Prêtres ont Défense +1.")
    assert [e["op"] for e in out] == ["modify", "modify"]


def test_a_sentence_after_an_ordre_that_happens_once_is_the_rest_of_it(compiler):
    """A character's sentence after an Ordre that says what happens once (a standing ability cannot):
    the rest of that Ordre, the same turns."""
    result = compiler.compile(
        "Tours 3 et 5 : Défense +1. Un de vos alliés Mages subit 1 dégât direct.", subject="character"
    )
    assert result.complete, result.clauses
    assert result.to_json()["orders"] == [
        {
            "turns": [3, 5],
            "effects": [
                {"op": "modify", "stat": "defense", "amount": 1},
                {
                    "op": "damage",
                    "kind": "direct",
                    "amount": 1,
                    "target": {"group": "other_allies", "pick": "choice", "class": "mage"},
                },
            ],
        }
    ]
    # without an Ordre before it, not read
    assert not compiler.compile(
        "Défense +1. Un de vos alliés Mages subit 1 dégât direct.", subject="character"
    ).complete


def test_if_you_took_some_in_the_sentence_after(compiler):
    """ "Si vous en avez subi plus de 6, …" after a sentence about damage: the same moment, its own
    condition."""
    out = card(
        compiler,
        "En fin de combat, si votre adversaire a subi moins de 4 dégâts ce tour-ci, Esprit +1."
        " Si vous en avez subi plus de 6, Soin 1 Point de vie.",
    )
    assert out == [
        {
            "op": "trigger",
            "on": "combat_end",
            "effects": [
                {
                    "op": "modify",
                    "stat": "spirit",
                    "amount": 1,
                    "when": {"compare": {"left": {"damage_taken": "opponent"}, "cmp": "<", "right": 4}},
                },
                {
                    "op": "heal",
                    "amount": 1,
                    "when": {"compare": {"left": {"damage_taken": "self"}, "cmp": ">", "right": 6}},
                },
            ],
        }
    ]


def test_not_carrying_and_otherwise(compiler):
    assert card(compiler, "Si vous ne portez pas de Lance, vous subissez 1 dégât direct.")[0]["when"] == {
        "not": {"carrying_match": {"type": "lance"}}
    }
    assert card(compiler, "Vous subissez 2 dégâts directs si vous ne portez pas d'autre Dague.")[0][
        "when"
    ] == {
        "not": {
            "compare": {
                "left": {
                    "cards": "play",
                    "owner": "both",
                    "match": {"type": "dague"},
                    "on": "self",
                    "other": True,
                },
                "cmp": ">=",
                "right": 1,
            }
        }
    }
    assert card(compiler, "Esprit +1 si vous portez une Dague, sinon vous subissez 2 dégâts directs.") == [
        {"op": "modify", "stat": "spirit", "amount": 1, "when": {"carrying_match": {"type": "dague"}}},
        {
            "op": "damage",
            "kind": "direct",
            "amount": 2,
            "target": "self",
            "when": {"not": {"carrying_match": {"type": "dague"}}},
        },
    ]
    # on a card that stays, is the card itself one of those carried? not read
    assert not compiler.compile(
        "Permanent. Esprit +1 si vous portez une Dague, sinon vous subissez 2 dégâts directs."
    ).complete


def test_the_one_of_a_side_with_the_fewest_hp_and_a_moment_in_the_condition(compiler):
    assert card(
        compiler, "Inflige 3 dégâts physiques au personnage adverse ayant le moins de points de vie."
    ) == [
        {"op": "damage", "kind": "physical", "amount": 3, "target": {"group": "enemies", "pick": "fewest_hp"}}
    ]
    # "si … en fin de combat, …": at the end of the combat, when the condition holds then
    assert card(
        compiler, "Si votre personnage a moins de 4 points de vie en fin de combat, il gagne 2 Points de vie."
    ) == [
        {
            "op": "trigger",
            "on": "combat_end",
            "effects": [
                {
                    "op": "heal",
                    "amount": 2,
                    "when": {"compare": {"left": {"stat": "hp", "of": "self"}, "cmp": "<", "right": 4}},
                }
            ],
        }
    ]


def test_wounded_characters(compiler):
    """ "blessé": HP below the maximum (the selector filter ``wounded``), checked when the effect
    applies."""
    assert card(compiler, "Un allié blessé gagne 2 Points de vie.") == [
        {"op": "heal", "amount": 2, "target": {"group": "other_allies", "pick": "choice", "wounded": True}}
    ]
    assert card(compiler, "Les personnages adverses blessés subissent 1 dégât direct.") == [
        {"op": "damage", "kind": "direct", "amount": 1, "target": {"group": "enemies", "wounded": True}}
    ]
    assert card(compiler, "Vos Mages non blessés ont Défense +1.") == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": 1,
            "target": {"group": "allies", "class": "mage", "wounded": False},
        }
    ]


def test_missions_and_campaigns_are_notes(compiler):
    result = compiler.compile("Campagne 'Les lapins' : Attaque +5.")
    assert result.complete and not result.effects and result.notes


def test_hp_above_or_below(compiler):
    hp = {"stat": "hp", "of": "opponent"}
    assert card(compiler, "Défense +1 si le personnage adverse a plus de 10 ou moins de 3 points de vie.")[0][
        "when"
    ] == {
        "any": [
            {"compare": {"left": hp, "cmp": ">", "right": 10}},
            {"compare": {"left": hp, "cmp": "<", "right": 3}},
        ]
    }


def test_whom_a_pronoun_names_after_the_card_attaches(compiler):
    """ "S'attache à votre adversaire. Permanent. Il …": the sentence saying how the card stays names
    no one, "il" is the carrier; "Choisissez un personnage et attachez-lui cette carte. Il …": the
    one chosen carries the card (its holder); after a sentence that attaches no one, "Mage : celui-ci
    …" is not read."""
    assert card(compiler, "S'attache à votre adversaire. Durée 2 tours. Il a Défense -1.") == [
        {"op": "modify", "stat": "defense", "amount": -1, "duration": "permanent"}
    ]
    out = card(
        compiler,
        "Choisissez un personnage adverse et attachez-lui cette carte."
        " Il subit 2 dégâts directs et en subira 1 à la fin de chaque tour. Permanent.",
    )
    assert out == [
        {"op": "damage", "kind": "direct", "amount": 2, "target": "self"},
        {
            "op": "trigger",
            "on": "turn_end",
            "effects": [{"op": "damage", "kind": "direct", "amount": 1, "target": "self"}],
        },
    ]
    assert not compiler.compile(
        "Le personnage adverse a Esprit -1. Mage : celui-ci subit 1 dégât direct."
    ).complete


def test_a_trigger_after_a_predicate(compiler):
    out = card(
        compiler,
        "Choisissez un de vos personnages et attachez-lui cette carte."
        " Celui-ci a Esprit +1 et en fin de combat il gagne 2 points de vie. Permanent.",
    )
    assert out == [
        {"op": "modify", "stat": "spirit", "amount": 1, "duration": "permanent"},
        {"op": "trigger", "on": "combat_end", "effects": [{"op": "heal", "amount": 2}]},
    ]


def test_if_damage_is_dealt_on_what_stays_is_each_time(compiler):
    """ "Si un personnage vous inflige des dégâts …, il …" on a card that stays (or a character's
    ability): each time; "ses alliés et lui" after damage to an enemy: every enemy. On a card that
    does not stay, not read (once? this turn?)."""
    out = card(
        compiler,
        "Durée 2 combats. Si un personnage vous inflige des dégâts magiques, il subit 1 dégât direct.",
    )
    assert out == [
        {
            "op": "trigger",
            "on": {"deals": "all_characters", "to": "self", "kinds": ["magical"]},
            "effects": [{"op": "damage", "kind": "direct", "amount": 1, "target": "event"}],
        }
    ]
    out = character(
        compiler,
        "Si vous infligez des dégâts physiques à un personnage adverse, ses alliés et lui ont Défense -1.",
    )
    assert out[0]["effects"] == [{"op": "modify", "stat": "defense", "amount": -1, "target": "all_enemies"}]
    assert not compiler.compile(
        "Si un personnage vous inflige des dégâts magiques, il subit 1 dégât direct."
    ).complete


def test_healed_as_much_as_the_damage_taken(compiler):
    """ "Lorsque 'X' ou 'Y' subit des dégâts, … est soigné d'autant": a trigger on each one's damage,
    healing the HP that damage took (the count ``event_damage``)."""
    out = character(
        compiler, "Lorsque 'Pomme' ou votre adversaire subit des dégâts, vous êtes soigné d'autant."
    )
    heal = [{"op": "heal", "amount": {"per": {"event_damage": "self"}}}]
    assert out == [
        {"op": "trigger", "on": {"damaged": {"group": "characters", "family": "pomme"}}, "effects": heal},
        {"op": "trigger", "on": {"damaged": "opponent"}, "effects": heal},
    ]


def test_a_predicate_then_a_choice(compiler):
    """ "A, choisissez un personnage, celui-ci …": A, then what befalls the one chosen (one pick per
    resolution: the same character is tapped and loses HP); "s'incline" taps (docs/rules/eredan.md §3)."""
    assert card(
        compiler,
        "Vous gagnez 3 Points de vie, choisissez un personnage adverse, "
        "celui-ci s'incline et perd 1 Point de vie.",
    ) == [
        {"op": "heal", "amount": 3},
        {"op": "tap", "target": "enemy"},
        {"op": "lose_hp", "amount": 1, "target": "enemy"},
    ]
    assert card(compiler, "Tous les personnages adverses s'inclinent.") == [
        {"op": "tap", "target": "all_enemies"}
    ]
    # a condition before the choice: over A alone, or over both? Not read
    assert not compiler.compile(
        "Vous gagnez 3 Points de vie si vous êtes Mage, choisissez un personnage adverse, il s'incline."
    ).complete
