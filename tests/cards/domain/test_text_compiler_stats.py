"""The compiler's shared pieces (issue 15 §4): subjects, stat lists, suffix and prefix conditions,
durations, damage bonuses and reductions.

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
    return result.clauses[-1].reason


# --- conditions ---------------------------------------------------------------------------------


def test_any_if_condition_may_stand_before_a_colon(compiler):
    assert effects(
        compiler, "Si le personnage adverse est Combattant ou Mage : Défense +3 supplémentaire"
    ) == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": 3,
            "when": {"any": [{"opponent_class": "combattant"}, {"opponent_class": "mage"}]},
        }
    ]
    assert effects(compiler, "Attaquant : Esprit +1") == [
        {"op": "modify", "stat": "spirit", "amount": 1, "when": {"active": True}}
    ]
    assert effects(compiler, "Défenseur : -1 aux dégâts subis") == [
        {"op": "damage_taken", "amount": -1, "when": {"active": False}}
    ]


def test_conditions_comparing_stats(compiler):
    higher = {
        "left": {"stat": "spirit", "of": "opponent"},
        "cmp": ">",
        "right": {"stat": "spirit", "of": "self"},
    }
    assert effects(
        compiler, "Si l'Esprit du personnage adverse est supérieur à celui de votre personnage, Défense +2"
    ) == [{"op": "modify", "stat": "defense", "amount": 2, "when": {"compare": higher}}]
    assert effects(compiler, "Attaque +1 si votre Défense est inférieure ou égale à 2") == [
        {
            "op": "modify",
            "stat": "attack",
            "amount": 1,
            "when": {"compare": {"left": {"stat": "defense", "of": "self"}, "cmp": "<=", "right": 2}},
        }
    ]
    base = {
        "left": {"stat": "defense", "of": "self"},
        "cmp": "<",
        "right": {"stat": "defense", "of": "self", "base": True},
    }
    assert effects(compiler, "Si votre Défense est inférieure à votre Défense de base, Esprit +2")[0][
        "when"
    ] == {"compare": base}
    hp = {"left": {"stat": "hp", "of": "self"}, "cmp": "<", "right": {"stat": "hp", "of": "opponent"}}
    assert effects(compiler, "Attaque +3 si votre personnage a moins de PV que le personnage adverse")[0][
        "when"
    ] == {"compare": hp}
    # the rolled Attaque is not a count: not read
    unread(compiler, "Si votre Attaque est supérieure à 5, Esprit +1")


def test_conditions_on_what_is_carried(compiler):
    assert effects(compiler, "Esprit +1 si votre personnage ne porte aucune Armure active")[0]["when"] == {
        "not": {"carrying": "armor"}
    }
    assert effects(compiler, "Attaque +1 si le personnage adverse porte une Dague active")[0]["when"] == {
        "opponent_carrying_match": {"type": "dague"}
    }
    assert effects(compiler, "Si un Bouclier est attaché à votre personnage, Défense +1")[0]["when"] == {
        "carrying_match": {"type": "bouclier"}
    }
    # one of the player's characters: the holder or another one
    assert effects(compiler, "Le personnage adverse a Esprit -1 si un de vos personnages porte une Lance")[0][
        "when"
    ] == {"any": [{"carrying_match": {"type": "lance"}}, {"ally": {"carrying": {"type": "lance"}}}]}


def test_conditions_on_the_players_characters(compiler):
    alive = {"characters": {"group": "allies", "class": "pretre"}}
    assert effects(compiler, "Si vous avez un Prêtre en vie, Défense +1")[0]["when"] == {
        "compare": {"left": alive, "cmp": ">=", "right": 1}
    }
    dead = {"characters": {"group": "allies", "class": "mage"}, "dead": True}
    assert effects(compiler, "Esprit +2 si vous avez 2 Mages morts")[0]["when"] == {
        "compare": {"left": dead, "cmp": ">=", "right": 2}
    }
    assert effects(compiler, "Si vos autres personnages sont morts, Attaque +4")[0]["when"] == {
        "compare": {"left": {"characters": "other_allies"}, "cmp": "==", "right": 0}
    }
    one = {"characters": {"group": "allies", "caste": "archonte"}}
    assert effects(compiler, "Si vous n'avez qu'un Archonte en vie, vos Mages ont Esprit +1", "character")[0][
        "when"
    ] == {"compare": {"left": one, "cmp": "==", "right": 1}}
    # "only one in the team": alive and none dead, or dead and none alive
    when = effects(compiler, "Si vous n'avez qu'un seul Archonte, Défense +1", "character")[0]["when"]
    assert len(when["any"]) == 2
    assert effects(compiler, "Attaque +1 si vous n'avez qu'une seule classe")[0]["when"] == {
        "compare": {"left": {"classes": "self"}, "cmp": "==", "right": 1}
    }
    # "dés" are not characters
    unread(compiler, "Si vous avez 3 dés Zil, Défense +4")


def test_a_while_condition_is_read_only_where_it_holds_continuously(compiler):
    # a character's standing ability: checked whenever it holds
    assert effects(compiler, "Esprit +1 tant qu'un de vos Prêtres est en vie", "character") == [
        {
            "op": "modify",
            "stat": "spirit",
            "amount": 1,
            "when": {
                "compare": {
                    "left": {"characters": {"group": "allies", "class": "pretre"}},
                    "cmp": ">=",
                    "right": 1,
                }
            },
        }
    ]
    # the character itself, by its name
    assert effects(
        compiler, "Tant que Grobu est incliné, vos Bêtes ont Défense +1", "character", name="Grobu"
    ) == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": 1,
            "target": {"group": "allies", "race": "bete"},
            "when": {"tapped": True},
        }
    ]
    # inside a trigger, "tant que" would make a lasting effect end: not read
    unread(compiler, "En début de combat, Attaque +1 tant qu'un de vos Mages est en vie", "character")


def test_turn_conditions(compiler):
    assert effects(compiler, "Défense +2 si jouée au tour 3 ou 5")[0]["when"] == {"turn": [3, 5]}
    assert effects(compiler, "Esprit +1 à partir du tour 5")[0]["when"] == {"turn": {"from": 5}}
    assert effects(compiler, "À partir du tour 3, vos Mages ont Esprit +1", "character")[0]["when"] == {
        "turn": {"from": 3}
    }
    # "until the end of turn 3" on a character's standing ability: turns 1 to 3
    assert effects(compiler, "Vos Mages ont Défense +1 jusqu'à la fin du tour 3", "character")[0]["when"] == {
        "turn": [1, 2, 3]
    }
    # not on a card's lasting effect
    unread(compiler, "Attaque +1 jusqu'à la fin de la partie à partir du tour 4")


def test_several_suffix_conditions_all_hold(compiler):
    assert effects(compiler, "Attaque +2 contre les Mages si vous portez une Dague", "character")[0][
        "when"
    ] == {
        "opponent_class": "mage",
        "carrying_match": {"type": "dague"},
    }


def test_a_trigger_at_the_end_comes_after_the_condition(compiler):
    assert effects(compiler, "Défense +2 si vous portez un Bouclier en fin de combat", "character") == [
        {
            "op": "trigger",
            "on": "combat_end",
            "effects": [
                {
                    "op": "modify",
                    "stat": "defense",
                    "amount": 2,
                    "when": {"carrying_match": {"type": "bouclier"}},
                }
            ],
        }
    ]


def test_a_condition_on_a_card_attached_to_the_opponent_is_not_read(compiler):
    # whose side "vous" and "le personnage adverse" are on is unclear there
    unread(compiler, "S'attache à votre adversaire. Durée 2 tours. Attaque -1 si vous portez une Arme.")
    unread(compiler, "S'attache à votre adversaire. Durée 2 tours. Mage : Esprit -1.")
    # a chain is decided when the player's character plays the card
    out = compiler.compile("S'attache à votre adversaire. Durée 2 tours. Mage : Enchaînement.").to_json()
    assert out["effects"] == [{"op": "chain", "match": {"any": True}, "when": {"played_by_class": "mage"}}]


# --- durations ----------------------------------------------------------------------------------


def test_durations_said_in_other_words(compiler):
    assert effects(compiler, "Attaque +1 et Esprit -1 ce tour-ci") == [
        {"op": "modify", "stat": "attack", "amount": 1},
        {"op": "modify", "stat": "spirit", "amount": -1},
    ]
    assert effects(compiler, "Vos personnages ont Esprit +2 pour ce tour-ci et le tour suivant") == [
        {"op": "modify", "stat": "spirit", "amount": 2, "target": "all_allies", "duration": {"turns": 2}}
    ]
    assert effects(compiler, "Jusqu'à la fin de la partie, Défense +1") == [
        {"op": "modify", "stat": "defense", "amount": 1, "duration": "game"}
    ]
    assert effects(compiler, "Défense +1 jusqu'à la fin de partie")[0]["duration"] == "game"


def test_a_card_that_stays_keeps_what_it_gives_for_this_turn_only_for_this_turn(compiler):
    out = compiler.compile(
        "Permanent. Esprit +1. A l'activation, Défense +3. Attaque +2 jusqu'à la fin du tour."
    )
    assert out.complete
    assert out.to_json()["effects"] == [
        {"op": "modify", "stat": "spirit", "amount": 1, "duration": "permanent"},
        {"op": "modify", "stat": "defense", "amount": 3},
        {"op": "modify", "stat": "attack", "amount": 2},
    ]


# --- subjects -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Les Golems Zil ont Défense +1", {"group": "characters", "guild": "zil", "race": "golem"}),
        ("Tous les Combattants ont Défense +1", {"group": "characters", "class": "combattant"}),
        ("Vos personnages Gladiateurs ont Défense +1", {"group": "allies", "caste": "gladiateur"}),
        ("Vos personnages de la Meute ont Défense +1", {"group": "allies", "caste": "la_meute"}),
        (
            "Vos alliés 'Terreur Nocturne' ont Défense +1",
            {"group": "other_allies", "caste": "terreur_nocturne"},
        ),
        ("Vos Démons alliés ont Défense +1", {"group": "other_allies", "race": "demon"}),
        (
            "Vos personnages portant un Bouclier ont Défense +1",
            {"group": "allies", "carrying": {"type": "bouclier"}},
        ),
        (
            "Les personnages adverses portant une Armure ont Défense +1",
            {"group": "enemies", "carrying": {"type": "armure"}},
        ),
        ("Les alliés du porteur ont Défense +1", "other_allies"),
        ("Chacun de vos personnages a Défense +1", "all_allies"),
        ("Chacun de vos alliés a Défense +1", "other_allies"),
    ],
)
def test_groups_of_characters(compiler, text, target):
    assert effects(compiler, text) == [{"op": "modify", "stat": "defense", "amount": 1, "target": target}]


# --- stat lists ---------------------------------------------------------------------------------


def test_rolled_modifiers_of_either_sign(compiler):
    assert effects(compiler, "Le personnage adverse a Esprit -1 à -3") == [
        {"op": "modify", "stat": "spirit", "amount": [-3, -1], "target": "opponent"}
    ]
    assert effects(compiler, "Défense +2 à 3")[0]["amount"] == [2, 3]


def test_minus_x(compiler):
    assert effects(
        compiler, "Le personnage adverse a Défense -X où X est égal à votre Esprit (maximum 3)"
    ) == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": {"per": {"stat": "spirit", "of": "self"}, "each": -1, "min": -3},
            "target": "opponent",
        }
    ]
    # "son Esprit" on an effect reaching another character: whose? not read
    unread(compiler, "Les personnages adverses ont Défense -X où X est égal à son Esprit")


# --- damage bonuses and reductions ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "effect"),
    [
        ("-3 aux dégâts subits", {"op": "damage_taken", "amount": -3}),
        ("- 1 aux dégâts reçus", {"op": "damage_taken", "amount": -1}),
        (
            "-2 aux dégâts physiques et directs reçus",
            {"op": "damage_taken", "amount": -2, "kinds": ["physical", "direct"]},
        ),
        (
            "Le personnage adverse a -1 aux dégâts magiques qu'il inflige",
            {"op": "damage_dealt", "amount": -1, "kinds": ["magical"], "target": "opponent"},
        ),
        (
            "+1 aux dégâts d'Ombre (non zone)",
            {"op": "damage_dealt", "amount": 1, "cards": {"type": "ombre", "zone": False}},
        ),
        (
            "+2 aux dégâts des Sorts Terre joués par votre personnage",
            {"op": "damage_dealt", "amount": 2, "cards": {"type": "terre"}},
        ),
        (
            "-1 supplémentaire aux dégâts physiques subis par vos Elfines",
            {
                "op": "damage_taken",
                "amount": -1,
                "kinds": ["physical"],
                "target": {"group": "allies", "race": "elfine"},
            },
        ),
        (
            "+2 aux soins des Théurgies que vous jouez",
            {"op": "heal_dealt", "amount": 2, "cards": {"type": "theurgie"}},
        ),
        (
            "Vos Mages ont +1 aux dégâts qu'ils infligent",
            {"op": "damage_dealt", "amount": 1, "target": {"group": "allies", "class": "mage"}},
        ),
    ],
)
def test_damage_bonuses_and_reductions(compiler, text, effect):
    assert effects(compiler, text) == [effect]


def test_a_per_that_is_no_count_belongs_to_the_predicate(compiler):
    # "par vos Mages" names who takes the damage, not a scaling
    assert effects(compiler, "-1 aux dégâts subis par vos Mages") == [
        {"op": "damage_taken", "amount": -1, "target": {"group": "allies", "class": "mage"}}
    ]
    # a count stays a scaling
    assert effects(compiler, "Défense +1 par Sort dans votre défausse")[0]["amount"] == {
        "per": {"cards": "discard", "match": {"type": "sort"}}
    }


# --- second round: more shared pieces ------------------------------------------------------------


def test_immunities_listed(compiler):
    assert effects(compiler, "Immunité Sorts et Dégâts physiques") == [
        {"op": "immune", "kinds": ["physical"]},
        {"op": "immune", "cards": {"type": "sort"}},
    ]
    assert effects(compiler, "Immunité aux dégâts magiques et directs") == [
        {"op": "immune", "kinds": ["magical", "direct"]}
    ]


def test_damage_dealt_and_taken_at_once(compiler):
    assert effects(compiler, "-1 aux dégâts magiques infligés et subis") == [
        {"op": "damage_dealt", "amount": -1, "kinds": ["magical"]},
        {"op": "damage_taken", "amount": -1, "kinds": ["magical"]},
    ]


def test_card_lists_separated_by_commas(compiler):
    assert effects(compiler, "Défense +1 si vous jouez un Sort Ombre, Terre ou Eau")[0]["when"] == {
        "plays": {"any_of": [{"type": "ombre"}, {"type": "terre"}, {"type": "eau"}]}
    }


def test_turn_lists_and_multi_class_allies(compiler):
    assert effects(compiler, "Vos Mages ont Esprit +1 durant les tours 2 et 4", "character")[0]["when"] == {
        "turn": [2, 4]
    }
    assert effects(compiler, "Si un de vos alliés est Mage Multi-classé, Défense +1", "character")[0][
        "when"
    ] == {"ally": {"class": "mage", "single_class": False}}


def test_more_when_a_condition_holds(compiler):
    # "et +N supplémentaire si …": the same bonus, more when the condition holds
    assert effects(
        compiler, "Vos Prêtres ont Défense +1 et +2 supplémentaires si vous portez un Bouclier"
    ) == [
        {"op": "modify", "stat": "defense", "amount": 1, "target": {"group": "allies", "class": "pretre"}},
        {
            "op": "modify",
            "stat": "defense",
            "amount": 2,
            "target": {"group": "allies", "class": "pretre"},
            "when": {"carrying_match": {"type": "bouclier"}},
        },
    ]
    # ", ou +N si …": that much instead
    out = effects(compiler, "Esprit +1, ou +3 si vous portez une Dague")
    assert out == [
        {
            "op": "modify",
            "stat": "spirit",
            "amount": 1,
            "when": {"not": {"carrying_match": {"type": "dague"}}},
        },
        {"op": "modify", "stat": "spirit", "amount": 3, "when": {"carrying_match": {"type": "dague"}}},
    ]
    # a group: every one gets the amount, those matching the difference more
    assert effects(compiler, "Vos alliés ont Défense +1, ou +3 s'ils sont Golems") == [
        {"op": "modify", "stat": "defense", "amount": 1, "target": "other_allies"},
        {
            "op": "modify",
            "stat": "defense",
            "amount": 2,
            "target": {"group": "other_allies", "race": "golem"},
        },
    ]


def test_a_supplement_of_a_stat_given_again_is_the_only_conditional_part(compiler):
    assert effects(compiler, "Défense +1 et Défense +2 supplémentaire si vous portez une Armure") == [
        {"op": "modify", "stat": "defense", "amount": 1},
        {"op": "modify", "stat": "defense", "amount": 2, "when": {"carrying": "armor"}},
    ]
    # other stats: the whole clause is the supplement
    assert effects(compiler, "Défense +1 et Esprit +2 supplémentaire si vous portez une Armure") == [
        {"op": "modify", "stat": "defense", "amount": 1, "when": {"carrying": "armor"}},
        {"op": "modify", "stat": "spirit", "amount": 2, "when": {"carrying": "armor"}},
    ]
    # "il" is the one the supplement reaches
    assert effects(
        compiler, "Le personnage adverse a Esprit -1 et Esprit -2 supplémentaire s'il est Mage"
    ) == [
        {"op": "modify", "stat": "spirit", "amount": -1, "target": "opponent"},
        {
            "op": "modify",
            "stat": "spirit",
            "amount": -2,
            "target": "opponent",
            "when": {"opponent_class": "mage"},
        },
    ]


@pytest.mark.parametrize(
    ("text", "effect"),
    [
        # "il" is the one the effect reaches: the holder
        (
            "Esprit +2 s'il est Prêtre",
            {"op": "modify", "stat": "spirit", "amount": 2, "when": {"played_by_class": "pretre"}},
        ),
        # the opponent
        (
            "Le personnage adverse a Esprit -2 s'il est Mage",
            {
                "op": "modify",
                "stat": "spirit",
                "amount": -2,
                "target": "opponent",
                "when": {"opponent_class": "mage"},
            },
        ),
        # each one of a group
        (
            "Vos personnages ont Esprit +2 s'ils sont Elfines",
            {"op": "modify", "stat": "spirit", "amount": 2, "target": {"group": "allies", "race": "elfine"}},
        ),
        (
            "Esprit +2 sauf s'il est Démon",
            {"op": "modify", "stat": "spirit", "amount": 2, "when": {"not": {"played_by_race": "demon"}}},
        ),
    ],
)
def test_if_he_is(compiler, text, effect):
    assert effects(compiler, text) == [effect]


def test_several_subjects(compiler):
    assert effects(compiler, "Tous les autres personnages ont Esprit -1") == [
        {"op": "modify", "stat": "spirit", "amount": -1, "target": "other_allies"},
        {"op": "modify", "stat": "spirit", "amount": -1, "target": "all_enemies"},
    ]
    assert effects(compiler, "'Bolek' et vos Golems ont Défense +2") == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": 2,
            "target": {"group": "characters", "family": "bolek"},
        },
        {"op": "modify", "stat": "defense", "amount": 2, "target": {"group": "allies", "race": "golem"}},
    ]
    # a predicate after them has no subject to take
    unread(compiler, "'Bolek' et 'Tarik' ont Défense +2 et gagnent 1 PV")


def test_a_character_speaks_of_itself_by_its_name_in_a_condition(compiler):
    assert effects(compiler, "Si Grobu porte une Lance, Attaque +1", "character", name="Grobu")[0][
        "when"
    ] == {"carrying_match": {"type": "lance"}}
    # "tant que Grobu est mort": an ability that holds while its holder is dead (condition "dead")
    out = effects(compiler, "Tant que 'Grobu' est mort, vos Golems ont Défense +1", "character", name="Grobu")
    assert out[0]["when"] == {"dead": True}


def test_a_characters_extra_attack_is_one_more_attack_each_combat(compiler):
    assert effects(compiler, "Effectue une attaque supplémentaire égale à son Attaque max.", "character") == [
        {
            "op": "trigger",
            "on": "combat_start",
            "effects": [{"op": "extra_attack", "amount": {"per": {"stat": "attack_max", "of": "self"}}}],
        }
    ]
    # the printed Attaque range, rolled: tests/cards/domain/test_text_compiler_stat_more.py


# --- restrictions on stats and heals; notes ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "subject", "effect"),
    [
        (
            "Votre Défense ne peut pas être modifiée",
            "character",
            {"op": "bound", "stats": ["defense"], "below": 0, "above": 0},
        ),
        (
            "L'Esprit de Grobu ne peut pas être modifié",
            "character",
            {"op": "bound", "stats": ["spirit"], "below": 0, "above": 0},
        ),
        (
            "La Défense de vos Gladiateurs ne peut pas être réduite",
            "character",
            {
                "op": "bound",
                "stats": ["defense"],
                "below": 0,
                "target": {"group": "allies", "caste": "gladiateur"},
            },
        ),
        (
            "Les caractéristiques de vos personnages ne peuvent pas être réduites de plus de 4",
            "character",
            {"op": "bound", "stats": ["attack", "defense", "spirit"], "below": 4, "target": "all_allies"},
        ),
        (
            "Les caractéristiques du personnage adverse ne peuvent être augmentées ou réduites de plus de 1",
            "card",
            {
                "op": "bound",
                "stats": ["attack", "defense", "spirit"],
                "below": 1,
                "above": 1,
                "target": "opponent",
            },
        ),
        (
            "Le personnage adverse ne peut pas être soigné",
            "card",
            {"op": "forbid", "what": "healed", "target": "opponent"},
        ),
    ],
)
def test_stats_that_cannot_change(compiler, text, subject, effect):
    assert effects(compiler, text, subject, name="Grobu") == [effect]


def test_no_malus_while_the_card_is_attached(compiler):
    out = compiler.compile(
        "Durée 2 tours. Tant que cette carte est active, votre personnage ne peut pas subir de malus."
    )
    assert out.complete
    assert out.to_json()["effects"] == [
        {"op": "bound", "stats": ["attack", "defense", "spirit"], "below": 0, "duration": "permanent"}
    ]
    # on a card that does not stay, "tant que cette carte est active" is not read
    unread(compiler, "Tant que cette carte est active, votre personnage ne peut pas subir de malus")


def test_a_tournament_note_is_a_note(compiler):
    out = compiler.compile("Esprit +1. Aucun effet en tournoi.")
    assert out.complete
    data = out.to_json()
    assert data["effects"] == [{"op": "modify", "stat": "spirit", "amount": 1}]
    assert data["notes"] == [
        "Aucun effet en tournoi: no effect in a tournament (a tournament rule; simulations play the card)"
    ]
    assert "notes" not in compiler.compile("Esprit +1.").to_json()


# --- in and out of the combat; Rage; "activez" ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Les personnages hors-combat ont Esprit -1", {"group": "characters", "fighting": False}),
        ("Les personnages adverses hors combat ont Esprit -1", {"group": "enemies", "fighting": False}),
        (
            "Un de vos personnages hors-combat a Esprit -1",
            {"group": "allies", "pick": "choice", "fighting": False},
        ),
        ("Vos Golems hors-combat ont Esprit -1", {"group": "allies", "race": "golem", "fighting": False}),
    ],
)
def test_characters_out_of_the_combat(compiler, text, target):
    assert effects(compiler, text) == [{"op": "modify", "stat": "spirit", "amount": -1, "target": target}]


def test_the_holder_out_of_the_combat(compiler):
    assert effects(
        compiler, "Tant que 'Grobu' est hors-combat, il a -1 aux dégâts subis", "character", name="Grobu"
    ) == [{"op": "damage_taken", "amount": -1, "when": {"fighting": False}}]
    assert effects(compiler, "Défense +2 si vous êtes en combat")[0]["when"] == {"fighting": True}
    # "the others" after a choice are the others than the one chosen: not read as the holder's
    unread(
        compiler,
        "Choisissez un personnage hors-combat, il est relevé et tous les autres personnages sont inclinés",
    )


def test_rage_and_activating(compiler):
    assert effects(compiler, "Rage : Défense +2", "character") == [
        {"op": "modify", "stat": "defense", "amount": 2, "when": {"keyword": "enrage"}}
    ]
    assert effects(compiler, "Esprit +1 si vous activez une Potion")[0]["when"] == {
        "plays": {"type": "potion"}
    }


# --- each predicate with its own condition; unless; what "il" carries ------------------------------


def test_predicates_each_with_its_own_condition(compiler):
    assert effects(compiler, "Défense +2 contre les Mages et Attaque +1 contre les Prêtres", "character") == [
        {"op": "modify", "stat": "defense", "amount": 2, "when": {"opponent_class": "mage"}},
        {"op": "modify", "stat": "attack", "amount": 1, "when": {"opponent_class": "pretre"}},
    ]
    assert effects(compiler, "Le porteur a Esprit -1 s'il est Mage, Défense -1 s'il est Combattant") == [
        {"op": "modify", "stat": "spirit", "amount": -1, "when": {"played_by_class": "mage"}},
        {"op": "modify", "stat": "defense", "amount": -1, "when": {"played_by_class": "combattant"}},
    ]
    # "il" in the second part is the one the first condition named: not read
    unread(compiler, "Défense +1 si votre adversaire est Mage, et Esprit +1 s'il est Prêtre")


def test_unless(compiler):
    assert effects(compiler, "A moins que le personnage adverse ne porte un Bouclier, il a Défense -2") == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": -2,
            "target": "opponent",
            "when": {"not": {"opponent_carrying_match": {"type": "bouclier"}}},
        }
    ]


def test_what_il_carries(compiler):
    assert effects(compiler, "Vos Golems ont Défense +1 s'ils portent un Bouclier") == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": 1,
            "target": {"group": "allies", "race": "golem", "carrying": {"type": "bouclier"}},
        }
    ]
    assert effects(compiler, "Le personnage adverse a Esprit -1 s'il ne porte aucune Arme")[0]["when"] == {
        "not": {"opponent_carrying": "weapon"}
    }
    # a part of a name is every card whose name ends so: not one card
    unread(compiler, "Vos Mages ont Esprit +1 s'ils portent une carte '… de Lune'")


def test_more_conditions(compiler):
    assert effects(compiler, "Esprit +1 si un personnage adverse est Golem")[0]["when"] == {
        "compare": {"left": {"characters": {"group": "enemies", "race": "golem"}}, "cmp": ">=", "right": 1}
    }
    assert effects(compiler, "Défense +1 si au moins 4 de vos cartes sont en jeu")[0]["when"] == {
        "compare": {"left": {"cards": "play"}, "cmp": ">=", "right": 4}
    }
    assert effects(compiler, "Esprit +1 si jouée après une Potion")[0]["when"] == {
        "follows": {"type": "potion"}
    }
    assert effects(compiler, "Esprit +1 pour chacun de vos Golems morts")[0]["amount"] == {
        "per": {"characters": {"group": "allies", "race": "golem"}, "dead": True}
    }


def test_small_forms(compiler):
    # a duration the text did not cut from the modifiers after it
    out = compiler.compile("Durée 3 tours Esprit +2")
    assert out.complete and out.to_json()["play"] == {"stays": {"turns": 3}}
    assert out.to_json()["effects"] == [
        {"op": "modify", "stat": "spirit", "amount": 2, "duration": "permanent"}
    ]
    assert effects(compiler, "Défense +1 si vous n'avez joué aucune carte après celle-ci")[0]["when"] == {
        "not": {"followed_by": {"any": True}}
    }
    assert effects(compiler, "Vos Mages ont Esprit +1 après le tour 2", "character")[0]["when"] == {
        "turn": {"from": 3}
    }
    assert effects(
        compiler,
        "Peut jouer les Potions en ignorant leurs prérequis mais ne peut jouer aucun Sort",
        "character",
    ) == [
        {"op": "may_play", "cards": {"type": "potion"}},
        {"op": "forbid", "what": "play", "cards": {"type": "sort"}},
    ]
    assert effects(compiler, "Ambidextrie Dague", "character") == [
        {"op": "carry", "cards": {"type": "dague"}, "count": 2}
    ]


# --- a stat equal to a value, damage of several kinds of cards -----------------------------------


@pytest.mark.parametrize(
    ("text", "effect"),
    [
        (
            "L'Esprit de votre personnage est égal à son Esprit de base",
            {"op": "bound", "stats": ["spirit"], "below": 0, "above": 0},
        ),
        (
            "L'Esprit de votre personnage est égal au double de son Esprit de base",
            {
                "op": "set",
                "stat": "spirit",
                "value": {"per": {"stat": "spirit", "of": "self", "base": True}, "each": 2},
            },
        ),
        (
            "L'Attaque max. de votre personnage est égale à l'Esprit du personnage adverse +2",
            {
                "op": "set",
                "stat": "attack_max",
                "value": {"per": {"stat": "spirit", "of": "opponent"}, "plus": 2},
            },
        ),
        (
            "Le personnage adverse a son Attaque min. égale à son Attaque max.",
            {
                "op": "set",
                "stat": "attack_min",
                "value": {"per": {"stat": "attack_max", "of": "target"}},
                "target": "opponent",
            },
        ),
    ],
)
def test_a_stat_equal_to(compiler, text, effect):
    assert effects(compiler, text) == [effect]


def test_sets_listed_and_maluses_of_one_stat(compiler):
    assert effects(compiler, "Attaque et Esprit = 1") == [
        {"op": "set", "stat": "attack", "value": 1},
        {"op": "set", "stat": "spirit", "value": 1},
    ]
    assert effects(compiler, "Vos personnages ne peuvent plus subir de malus d'Esprit") == [
        {"op": "bound", "stats": ["spirit"], "below": 0, "target": "all_allies"}
    ]


def test_damage_of_several_kinds_of_cards(compiler):
    assert effects(compiler, "+2 aux dégâts des Sorts Ombre et Terre") == [
        {"op": "damage_dealt", "amount": 2, "cards": {"any_of": [{"type": "ombre"}, {"type": "terre"}]}}
    ]
    assert effects(compiler, "-2 au dégâts subis") == [{"op": "damage_taken", "amount": -2}]


def test_tapped_groups_stat_thresholds_and_carried_counts(compiler):
    assert effects(compiler, "Les personnages relevés ont Défense -1") == [
        {"op": "modify", "stat": "defense", "amount": -1, "target": {"group": "characters", "tapped": False}}
    ]
    assert effects(compiler, "Esprit +1 si le personnage adverse a 3 de Défense ou moins")[0]["when"] == {
        "compare": {"left": {"stat": "defense", "of": "opponent"}, "cmp": "<=", "right": 3}
    }
    carried = {"cards": "play", "owner": "both", "match": {"type": "bouclier"}, "on": "self"}
    assert effects(compiler, "Si vous ne portez qu'un Bouclier, Défense +2")[0]["when"] == {
        "compare": {"left": carried, "cmp": "==", "right": 1}
    }
    assert effects(compiler, "Si vous portez deux Boucliers, Défense +2")[0]["when"] == {
        "compare": {"left": carried, "cmp": ">=", "right": 2}
    }
    assert effects(compiler, "Esprit +1 tant qu'un de vos autres Prêtres est en vie", "character")[0][
        "when"
    ] == {
        "compare": {
            "left": {"characters": {"group": "other_allies", "class": "pretre"}},
            "cmp": ">=",
            "right": 1,
        }
    }


def test_no_clash_attack_and_except_against(compiler):
    assert effects(compiler, "Golem : n'effectue aucune attaque physique") == [
        {"op": "forbid", "what": "attack", "when": {"played_by_race": "golem"}}
    ]
    assert effects(compiler, "Le personnage adverse n'effectuera aucune attaque physique") == [
        {"op": "forbid", "what": "attack", "target": "opponent"}
    ]
    assert effects(compiler, "Défense +1 sauf contre les Golems", "character")[0]["when"] == {
        "not": {"opponent_race": "golem"}
    }


def test_a_possessive_compared_with_the_holder_is_the_other_character(compiler):
    """Hand check (Arc mystique): "le personnage adverse a … si sa Défense est supérieure à celle de
    votre personnage" compared the holder's Défense with itself, a condition that never held. "sa"
    is the other one; a stat compared with itself otherwise is left unread."""
    (effect,) = effects(
        compiler,
        "Le personnage adverse a Esprit -1 si sa Défense est supérieure à celle de votre personnage.",
    )
    assert effect["when"] == {
        "compare": {
            "left": {"stat": "defense", "of": "opponent"},
            "cmp": ">",
            "right": {"stat": "defense", "of": "self"},
        }
    }
    assert unread(compiler, "Attaque +1 si votre Défense est supérieure à celle de votre personnage.")


def test_si_vous_mourez_is_the_holder_dying(compiler):
    """ "Si vous mourez" (also misspelt "mourrez") says what "si votre personnage meurt" says: a
    trigger on the holder's death (docs/rules/eredan.md §3); a plain "vous mourrez" (the future:
    the character will die) stays what it was."""
    said = effects(compiler, "Si vous mourez, les personnages adverses ont Esprit -2.")
    assert said == effects(compiler, "Si votre personnage meurt, les personnages adverses ont Esprit -2.")
    assert said == [
        {
            "op": "trigger",
            "on": {"dies": "self"},
            "effects": [
                # no duration said after the holder's death: the game (docs/cardset.md, triggers)
                {"op": "modify", "stat": "spirit", "amount": -2, "target": "all_enemies", "duration": "game"}
            ],
        }
    ]
    misspelt = effects(
        compiler,
        "Si vous mourrez, vos autres personnages ont Attaque +2 jusqu'à la fin de la partie.",
        "character",
    )
    assert misspelt == [
        {
            "op": "trigger",
            "on": {"dies": "self"},
            "effects": [
                {"op": "modify", "stat": "attack", "amount": 2, "target": "other_allies", "duration": "game"}
            ],
        }
    ]
    assert unread(compiler, "Vous mourrez en fin de tour.")
