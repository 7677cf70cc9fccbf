"""The triggers of the rules-text compiler (cards/domain/grammar_triggers.py): when something happens.

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


PLUS_ONE = {"op": "modify", "stat": "defense", "amount": 1}


@pytest.mark.parametrize(
    ("text", "on", "extra"),
    [
        ("En fin de combat, Défense +1.", "combat_end", {}),
        ("Au début du combat, Défense +1.", "combat_start", {}),
        ("Au début de vos combats : Défense +1.", "combat_start", {}),
        ("À la fin de chacun de ses combats, Défense +1.", "combat_end", {}),
        ("A l'issue du combat, Défense +1.", "combat_end", {}),
        ("Au début de chaque tour, Défense +1.", "turn_start", {}),
        ("En fin de tour Défense +1.", "turn_end", {}),
        ("Une fois vos cartes jouées, Défense +1.", "after_cards", {}),
        # a turn said: a condition on the trigger (rules: the turn counter, eredan §1)
        ("En début de tour impair, Défense +1.", "turn_start", {"when": {"turn": "odd"}}),
        ("En fin de tours pairs, Défense +1.", "turn_end", {"when": {"turn": "even"}}),
        ("À la fin du quatrième tour, Défense +1.", "turn_end", {"when": {"turn": [4]}}),
        ("Au début du tour 6, Défense +1.", "turn_start", {"when": {"turn": [6]}}),
        # the next one only
        ("Au début de son prochain combat, Défense +1.", "combat_start", {"limit": "once_per_game"}),
        ("Au début de vos prochains combats, Défense +1.", "combat_start", {}),
    ],
)
def test_moments(compiler, text, on, extra):
    assert card(compiler, text) == [{"op": "trigger", "on": on, "effects": [PLUS_ONE], **extra}]


def test_at_activation_and_at_a_moment(compiler):
    hit = {"op": "damage", "kind": "magical", "amount": 1}
    out = card(
        compiler,
        "Lorsque cette carte s'active et en fin de tour, inflige 1 dégât magique au personnage adverse.",
    )
    assert out == [hit, {"op": "trigger", "on": "turn_end", "effects": [hit]}]
    out = card(compiler, "A l'activation et au début de son prochain combat, Défense +1.")
    assert out == [
        PLUS_ONE,
        {"op": "trigger", "on": "combat_start", "effects": [PLUS_ONE], "limit": "once_per_game"},
    ]


@pytest.mark.parametrize(
    "text",
    [
        "À la fin du deuxième combat, Défense +1.",  # the N-th combat of a character
        "En fin de partie, Défense +1.",  # no such moment
        "À chaque fois qu'un autre Sort Feu s'active, Défense +1.",  # "another": this card excluded?
    ],
)
def test_moments_and_events_the_language_cannot_say_are_not_read(compiler, text):
    assert not compiler.compile(text, subject="card").complete


def test_events_about_characters_name_that_character_in_their_body(compiler):
    """ "il" after an event about a group is the one it happened to (the target ``event``)."""
    out = character(
        compiler,
        "A chaque fois qu'un de vos personnages subit des dégâts physiques, il a Défense +1 "
        "jusqu'à la fin de la partie.",
    )
    assert out == [
        {
            "op": "trigger",
            "on": {"damaged": "all_allies", "kinds": ["physical"]},
            "effects": [{**PLUS_ONE, "target": "event", "duration": "game"}],
        }
    ]
    out = card(
        compiler,
        "Chaque fois qu'un personnage vous inflige des dégâts magiques, celui-ci subit 1 dégât direct.",
    )
    assert out == [
        {
            "op": "trigger",
            "on": {"deals": "all_characters", "to": "self", "kinds": ["magical"]},
            "effects": [{"op": "damage", "kind": "direct", "amount": 1, "target": "event"}],
        }
    ]
    out = character(compiler, "Chaque fois qu'un Prêtre active une carte Prêtre, il a Esprit +2.")
    assert out == [
        {
            "op": "trigger",
            "on": {"plays": {"class_reserved": "pretre"}, "by": {"group": "characters", "class": "pretre"}},
            "effects": [{"op": "modify", "stat": "spirit", "amount": 2, "target": "event"}],
        }
    ]
    # the holder's own event: "il" is the holder
    out = card(compiler, "Quand votre personnage est blessé, il a Défense +1.")
    assert out == [{"op": "trigger", "on": {"damaged": "self"}, "effects": [PLUS_ONE]}]


def test_deaths(compiler):
    out = card(
        compiler,
        "Si votre personnage meurt, vos autres personnages ont Défense +1 jusqu'à la fin de la partie.",
    )
    assert out == [
        {
            "op": "trigger",
            "on": {"dies": "self"},
            "effects": [{**PLUS_ONE, "target": "other_allies", "duration": "game"}],
        }
    ]
    out = card(compiler, "Si 'Brume' meurt avant le tour 4, Défense +1.")
    assert out == [
        {
            "op": "trigger",
            "on": {"dies": {"group": "characters", "family": "brume"}},
            "effects": [PLUS_ONE],
            "when": {"turn": [1, 2, 3]},
        }
    ]


def test_cards_played(compiler):
    out = card(compiler, "Chaque fois qu'une Potion adverse s'active, Défense +1.")
    assert out == [
        {"op": "trigger", "on": {"plays": {"type": "potion"}, "by": "all_enemies"}, "effects": [PLUS_ONE]}
    ]
    out = card(compiler, "Chaque fois qu'un Sort est joué par un de vos personnages, Défense +1.")
    assert out == [
        {"op": "trigger", "on": {"plays": {"type": "sort"}, "by": "all_allies"}, "effects": [PLUS_ONE]}
    ]


def test_a_trigger_at_the_end_and_a_limit(compiler):
    out = character(compiler, "Défense +1 chaque fois que vous jouez une Potion (une seule fois par partie).")
    assert out == [
        {
            "op": "trigger",
            "on": {"plays": {"type": "potion"}},
            "effects": [PLUS_ONE],
            "limit": "once_per_game",
        }
    ]
    out = card(compiler, "En début de combat, Défense +1 (une fois par tour).")
    assert out == [{"op": "trigger", "on": "combat_start", "effects": [PLUS_ONE], "limit": "once_per_turn"}]


def test_a_sentence_that_goes_on_with_the_one_before(compiler):
    """ "Choisissez un personnage. Il …": two sentences, one choice."""
    out = card(compiler, "En fin de combat, choisissez un personnage adverse. Il subit 3 dégâts magiques.")
    assert out == [
        {
            "op": "trigger",
            "on": "combat_end",
            "effects": [{"op": "damage", "kind": "magical", "amount": 3, "target": "enemy"}],
        }
    ]
    # when the choice is not read, "il" is not guessed to be the holder
    result = compiler.compile(
        "En fin de combat, choisissez un nuage. Il subit 3 dégâts magiques.", subject="card"
    )
    assert [c.read for c in result.clauses] == [False, False]


# --- what a trigger's body often says: alternatives, "puis", sentences run together -------------


def test_alternatives_are_one_of_the_players_choice(compiler):
    attack = {"op": "modify", "stat": "attack", "amount": 2}
    out = card(compiler, "Attaque +2 ou Défense +1.")
    assert out == [{"op": "one_of", "options": [[attack], [PLUS_ONE]]}]
    # an option without a subject takes the one before; a duration reaches every option
    out = card(
        compiler,
        "En fin de tour, le personnage adverse a Défense -1 jusqu'à la fin de la partie "
        "ou subit 1 dégât direct.",
    )
    assert out == [
        {
            "op": "trigger",
            "on": "turn_end",
            "effects": [
                {
                    "op": "one_of",
                    "options": [
                        [
                            {
                                "op": "modify",
                                "stat": "defense",
                                "amount": -1,
                                "target": "opponent",
                                "duration": "game",
                            }
                        ],
                        [{"op": "damage", "kind": "direct", "amount": 1}],
                    ],
                }
            ],
        }
    ]
    # on a card that stays, the chosen modifier lasts while it is attached; at activation, this turn
    out = card(compiler, "Permanent. Attaque +2 ou Défense +1.")
    assert out[0]["options"][0][0]["duration"] == "permanent"
    out = card(compiler, "Permanent. A l'activation, Attaque +2 ou Défense +1.")
    assert "duration" not in out[0]["options"][0][0]


def test_puis_chains_effects_and_may_start_a_condition(compiler):
    out = card(compiler, "Le personnage adverse a Esprit -2 puis subit 2 dégâts magiques.")
    assert out == [
        {"op": "modify", "stat": "spirit", "amount": -2, "target": "opponent"},
        {"op": "damage", "kind": "magical", "amount": 2},
    ]
    out = card(compiler, "Soin 1 Point de vie, puis si vous jouez une Potion, Soin 2 Points de vie.")
    assert out == [
        {"op": "heal", "amount": 1},
        {"op": "heal", "amount": 2, "when": {"plays": {"type": "potion"}}},
    ]


def test_a_sentence_the_text_forgot_to_end(compiler):
    """ "… Défense +1 Durée : 2 combats", "… Tours 2 et 4 : …": two clauses."""
    result = compiler.compile("Attaque +1 et Défense +1 Durée : 2 combats", subject="card")
    assert [c.text for c in result.clauses] == ["Attaque +1 et Défense +1", "Durée : 2 combats"]
    result = compiler.compile(
        "Attaque +1 pour chaque Potion dans votre Défausse. (max 3) Tours 2 et 4 : Défense +1",
        subject="character",
    )
    assert [c.text for c in result.clauses] == [
        "Attaque +1 pour chaque Potion dans votre Défausse (max 3)",
        "Tours 2 et 4 : Défense +1",
    ]


def test_a_cap_on_what_a_trigger_adds_up_to_is_how_many_times_it_fires(compiler):
    out = card(compiler, "Défense +1 jusqu'à la fin du tour chaque fois qu'une Potion est jouée (max +3).")
    assert out == [
        {
            "op": "trigger",
            "on": {"plays": {"type": "potion"}, "by": "all_characters"},
            "effects": [PLUS_ONE],
            "limit": "once_per_turn",
            "times": 3,
        }
    ]
    out = character(
        compiler, "Défense +2 jusqu'à la fin de la partie chaque fois que vous jouez une Potion (maximum 6)."
    )
    assert out[0]["limit"] == "once_per_game" and out[0]["times"] == 3
    out = card(
        compiler,
        "Chaque fois qu'un personnage vous inflige des dégâts, il subit 1 dégât direct "
        "(2 fois par tour maximum).",
    )
    assert (out[0]["limit"], out[0]["times"]) == ("once_per_turn", 2)
    # per character or in all? not read
    result = compiler.compile(
        "Vos personnages ont Défense +1 chaque fois qu'ils jouent une Potion (max +3).", subject="character"
    )
    assert not result.complete


def test_this_card_attached_to_another_when_something_happens(compiler):
    out = card(
        compiler,
        "Permanent. Si votre personnage meurt, cette carte s'attache à un de vos Mages "
        "déterminé aléatoirement.",
    )
    assert out == [
        {
            "op": "trigger",
            "on": {"dies": "self"},
            "effects": [{"op": "attach", "target": {"group": "allies", "pick": "random", "class": "mage"}}],
        }
    ]
    # a card in a deck is not in play: how it starts the game is a play rule, not a trigger
    # (tests/cards/domain/test_text_compiler_schedule.py)
    result = compiler.compile("Permanent. En début de partie, cette carte s'attache à un de vos Mages.")
    assert result.complete and result.effects == ()
    assert result.to_json()["play"]["starts"] == {
        "attached": {"group": "allies", "pick": "choice", "class": "mage"}
    }


def test_a_moment_at_the_end_and_what_the_opponent_plays(compiler):
    out = character(compiler, "Vos autres personnages gagnent 1 Point de vie à chaque début de tour.")
    assert out == [
        {
            "op": "trigger",
            "on": "turn_start",
            "effects": [{"op": "heal", "amount": 1, "target": "other_allies"}],
        }
    ]
    # a character's once-effect when the opponent plays a card: a trigger once a turn
    out = character(compiler, "Soin 1 Point de vie si le joueur adverse joue une Potion.")
    assert out == [
        {
            "op": "trigger",
            "on": {"plays": {"type": "potion"}, "by": "opponent"},
            "effects": [{"op": "heal", "amount": 1}],
            "limit": "once_per_turn",
        }
    ]


def test_one_of_yours_in_an_event_is_any_of_them(compiler):
    out = card(compiler, "Chaque fois qu'une de vos Potions s'active, Défense +1.")
    assert out == [
        {"op": "trigger", "on": {"plays": {"type": "potion"}, "by": "all_allies"}, "effects": [PLUS_ONE]}
    ]
    out = card(compiler, "Chaque fois qu'un de vos personnages de la Meute subit des dégâts, Défense +1.")
    assert out[0]["on"] == {"damaged": {"group": "allies", "caste": "la_meute"}}


def test_lorsqu_ils_at_the_end_is_an_event_when_it_is_no_card_played(compiler):
    out = character(
        compiler, "Vos Mages sont soignés de 1 Point de vie lorsqu'ils infligent des dégâts magiques."
    )
    assert out == [
        {
            "op": "trigger",
            "on": {"deals": {"group": "allies", "class": "mage"}, "kinds": ["magical"]},
            "effects": [{"op": "heal", "amount": 1, "target": "event"}],
        }
    ]
    # "lorsqu'il joue" at the end stays a condition (what the character plays this turn)
    assert character(compiler, "Défense +1 lorsqu'il joue une Potion.") == [
        {"op": "modify", "stat": "defense", "amount": 1, "when": {"plays": {"type": "potion"}}}
    ]


def test_a_bound_on_the_enemies_when_the_holder_enters_combat(compiler):
    """ "des adversaires" is every enemy character (the bound lasts the combat)."""
    out = character(
        compiler,
        "Lorsque 'Brume' entre en combat, les caractéristiques des adversaires ne peuvent pas être "
        "augmentées de plus de 2.",
        name="Brume",
    )
    assert out == [
        {
            "op": "trigger",
            "on": "combat_start",
            "effects": [
                {"op": "bound", "stats": ["attack", "defense", "spirit"], "above": 2, "target": "all_enemies"}
            ],
        }
    ]


def test_after_the_characters_untap_with_a_comma(compiler):
    out = character(
        compiler, "Au début de chaque tour, après que les personnages se soient relevés, Défense +1."
    )
    assert out == [{"op": "trigger", "on": "turn_start", "effects": [PLUS_ONE]}]


def test_either_event_at_the_end_is_a_trigger_each(compiler):
    out = card(
        compiler,
        "Permanent. Défense +1 chaque fois que votre personnage est blessé ou qu'une 'Brume' s'active.",
    )
    assert [e["on"] for e in out] == [
        {"damaged": "self"},
        {"plays": {"card": "brume"}, "by": "all_characters"},
    ]


def test_one_of_your_character_in_the_singular(compiler):
    """ "un de vos personnage" (the texts forget the s) is "un de vos personnages"."""
    out = card(compiler, "Chaque fois qu'un de vos personnage subit des dégâts, Défense +1.")
    assert out == [{"op": "trigger", "on": {"damaged": "all_allies"}, "effects": [PLUS_ONE]}]
    assert card(compiler, "Choisissez l'un de vos personnages et attachez-lui cette carte. Défense +1.")


@pytest.mark.parametrize(
    ("head", "at_least"),
    [
        ("Chaque fois que vous subissez plus de 3 dégâts", 4),
        ("Chaque fois que vous subissez au moins 3 points de dégâts", 3),
        ("Chaque fois que vous subissez 3 dégâts ou plus", 3),
    ],
)
def test_damage_of_at_least_n(compiler, head, at_least):
    assert card(compiler, f"{head}, Défense +1.") == [
        {"op": "trigger", "on": {"damaged": "self", "at_least": at_least}, "effects": [PLUS_ONE]}
    ]
    # exactly N? not said
    assert not compiler.compile(
        "Chaque fois que vous subissez 3 dégâts, Défense +1.", subject="card"
    ).complete


def test_the_holder_named_as_the_one_who_deals_damage(compiler):
    """ "il inflige …" after the holder's event, "Brume inflige …" in Brume's text: the holder's damage."""
    hit = {"op": "damage", "kind": "physical", "amount": 2, "target": "random_enemy"}
    out = character(
        compiler,
        "Chaque fois que Brume subit plus de 4 dégâts il inflige 2 dégâts physiques à un personnage "
        "adverse aléatoire.",
        name="Brume",
    )
    assert out == [{"op": "trigger", "on": {"damaged": "self", "at_least": 5}, "effects": [hit]}]
    out = card(
        compiler,
        "En fin de combat, votre personnage inflige 2 dégâts physiques à un personnage adverse aléatoire.",
    )
    assert out == [{"op": "trigger", "on": "combat_end", "effects": [hit]}]
    # another character dealing it: not read here
    assert not compiler.compile(
        "Choisissez un personnage adverse, il inflige 2 dégâts directs à votre adversaire.", subject="card"
    ).complete


def test_the_n_next_turns(compiler):
    out = card(
        compiler, "Chaque fois que vous êtes blessé, vos personnages ont Défense +1 les 2 prochains tours."
    )
    assert out[0]["effects"] == [{**PLUS_ONE, "target": "all_allies", "duration": {"turns": 2}}]


def test_ce_dernier_after_a_comparison_with_the_opponent(compiler):
    """ "si vous … que votre adversaire, ce dernier / il …": the opponent ("vous" is no "il")."""
    hit = {"op": "damage", "kind": "direct", "amount": 3}
    dealt_less = {
        "compare": {"left": {"damage_dealt": "self"}, "cmp": "<", "right": {"damage_dealt": "opponent"}}
    }
    for who in ("ce dernier", "il"):
        out = card(
            compiler,
            "En fin de combat, si vous avez infligé moins de dégâts que votre adversaire, "
            f"{who} subit 3 dégâts directs.",
        )
        assert out == [{"op": "trigger", "on": "combat_end", "effects": [{**hit, "when": dealt_less}]}]
    # "ce dernier" with no one named before: not guessed
    assert not compiler.compile("Ce dernier a Défense +1.", subject="card").complete


def test_the_allies_of_a_dead_ally(compiler):
    out = character(
        compiler, "Si un de vos Mages meurt, ses alliés ont Défense +1 jusqu'à la fin de la partie."
    )
    assert out == [
        {
            "op": "trigger",
            "on": {"dies": {"group": "allies", "class": "mage"}},
            "effects": [{**PLUS_ONE, "target": "all_allies", "duration": "game"}],
        }
    ]


def test_a_long_head(compiler):
    out = card(
        compiler,
        "A chaque fois qu'un personnage adverse inflige des dégâts à un de vos personnages hors combat, "
        "il subit 2 dégâts directs.",
    )
    assert out == [
        {
            "op": "trigger",
            "on": {"deals": "all_enemies", "to": {"group": "allies", "fighting": False}},
            "effects": [{"op": "damage", "kind": "direct", "amount": 2, "target": "event"}],
        }
    ]


def test_trigger_bodies_cards_played_created_and_attached(compiler):
    out = card(
        compiler, "En fin de combat, vous perdez 1 Point de vie pour chaque carte jouée pendant le tour."
    )
    assert out[0]["effects"] == [
        {"op": "lose_hp", "amount": {"per": {"cards": "played_turn", "owner": "both"}}}
    ]
    out = character(compiler, "En début de partie, un 'Brume' est créé puis attaché à tous vos Mages.")
    assert out[0]["effects"] == [
        {"op": "create", "card": "brume", "to": "attach", "target": {"group": "allies", "class": "mage"}}
    ]
    # the holder named by its unquoted name
    out = character(
        compiler,
        "Chaque fois qu'une Potion est jouée, une 'Brume' est créée et attachée à Ondin.",
        name="Ondin",
    )
    assert out[0]["effects"] == [{"op": "create", "card": "brume", "to": "attach"}]
    out = card(
        compiler,
        "En fin de combat, vous subissez 1 dégât direct par carte Mage en jeu "
        "(maximum 3, personnages exclus).",
    )
    assert out[0]["effects"][0]["amount"] == {
        "per": {"cards": "play", "owner": "both", "match": {"class_reserved": "mage"}},
        "max": 3,
    }


def test_a_limited_trigger_takes_the_condition_of_all_its_effects(compiler):
    """ "(une seule fois par partie)" counts the times it fires: a condition on every effect is the
    trigger's, so that it fires (and counts) only when the condition holds."""
    out = character(
        compiler,
        "En fin de combat, si la Défense de Brume est supérieure à 2, il gagne Défense +1 jusqu'à la fin de "
        "la partie (une seule fois par partie).",
        name="Brume",
    )
    assert out == [
        {
            "op": "trigger",
            "on": "combat_end",
            "effects": [{**PLUS_ONE, "duration": "game"}],
            "limit": "once_per_game",
            "when": {"compare": {"left": {"stat": "defense", "of": "self"}, "cmp": ">", "right": 2}},
        }
    ]


def test_the_holders_damage_dealt_this_turn(compiler):
    out = character(
        compiler,
        "En fin de combat, 'Brume' gagne 2 Points de vie + 1 par tranche de 3 dégâts qu'il a infligé "
        "durant le tour.",
        name="Brume",
    )
    assert out[0]["effects"] == [
        {"op": "heal", "amount": {"per": {"damage_dealt": "self"}, "plus": 2, "div": 3}}
    ]
    # "il" of another character: not the holder's count
    assert not compiler.compile(
        "Chaque fois qu'un de vos personnages est blessé, il gagne 1 Point de vie par dégât qu'il a infligé.",
        subject="character",
    ).complete


@pytest.mark.parametrize(
    ("text", "when"),
    [
        ("Si 'Brume' fait parti de vos personnages, Défense +1.", {"ally_present": "brume"}),
        ("Si vous avez une Potion attachée, Défense +1.", {"carrying_match": {"type": "potion"}}),
        (
            "Si vous avez un seul Mage en vie, Défense +1.",
            {
                "compare": {
                    "left": {"characters": {"group": "allies", "class": "mage"}},
                    "cmp": "==",
                    "right": 1,
                }
            },
        ),
    ],
)
def test_conditions_trigger_bodies_often_say(compiler, text, when):
    assert card(compiler, text) == [{**PLUS_ONE, "when": when}]
    assert card(compiler, f"En fin de combat, {text[0].lower()}{text[1:]}")[0]["effects"] == [
        {**PLUS_ONE, "when": when}
    ]


def test_one_of_your_characters_alone_is_one(compiler):
    out = card(compiler, "Si un seul de vos personnages est Mage, Défense +1.")
    assert out == card(compiler, "Si vous n'avez qu'un seul Mage, Défense +1.")


@pytest.mark.parametrize(
    ("cond", "left", "cmp", "right"),
    [
        ("vous avez moins de 3 cartes dans votre main", {"cards": "hand"}, "<", 3),
        ("votre adversaire a plus de 2 cartes dans sa main", {"cards": "hand", "owner": "opponent"}, ">", 2),
        ("votre deck est vide", {"cards": "deck"}, "<", 1),
    ],
)
def test_cards_in_a_pile_as_a_condition(compiler, cond, left, cmp, right):
    out = card(compiler, f"En fin de combat, si {cond}, Défense +1.")
    assert out[0]["effects"] == [
        {**PLUS_ONE, "when": {"compare": {"left": left, "cmp": cmp, "right": right}}}
    ]


def test_the_future_of_cards_moved(compiler):
    """ "sera défaussée" / "seront placées" read as their present."""
    assert card(compiler, "En fin de combat, cette carte sera défaussée.") == card(
        compiler, "En fin de combat, cette carte est défaussée."
    )


def test_il_after_damage_the_holder_deals(compiler):
    """ "il" is not "vous": after "vous infligez des dégâts à votre adversaire" it is the opponent;
    after damage to a group, the one of them hurt (the target ``event_other``)."""
    out = card(compiler, "Chaque fois que vous infligez des dégâts à votre adversaire, il a Défense -1.")
    assert out[0]["effects"] == [{"op": "modify", "stat": "defense", "amount": -1, "target": "opponent"}]
    out = card(
        compiler, "Chaque fois que vous infligez des dégâts à un personnage adverse, il subit 1 dégât direct."
    )
    assert out[0]["effects"] == [{"op": "damage", "kind": "direct", "amount": 1, "target": "event_other"}]
    # no one else said: the holder
    out = card(
        compiler, "Chaque fois que votre personnage inflige des dégâts magiques, il gagne 1 Point de vie."
    )
    assert out[0]["effects"] == [{"op": "heal", "amount": 1}]


def test_wounding_is_damage_dealt(compiler):
    out = card(compiler, "Lorsque vous blessez votre adversaire physiquement, il a Défense -1.")
    assert out == [
        {
            "op": "trigger",
            "on": {"deals": "self", "to": "opponent", "kinds": ["physical"]},
            "effects": [{"op": "modify", "stat": "defense", "amount": -1, "target": "opponent"}],
        }
    ]
    out = character(compiler, "Lorsqu'il blesse un personnage adverse, Défense +1.")
    assert out[0]["on"] == {"deals": "self", "to": "all_enemies"}


def test_the_carrier_of_this_card_dies(compiler):
    out = card(
        compiler,
        "Permanent. Si le porteur de cette carte meurt, elle est attachée à un autre de vos personnages.",
    )
    assert out == [
        {"op": "trigger", "on": {"dies": "self"}, "effects": [{"op": "attach", "target": "other_ally"}]}
    ]


def test_counts_in_trigger_bodies(compiler):
    out = character(
        compiler,
        "En fin de combat, 'Brume' gagne 1 Point de vie pour chaque Arme qu'elle porte.",
        name="Brume",
    )
    assert out[0]["effects"] == [
        {
            "op": "heal",
            "amount": {"per": {"cards": "play", "owner": "both", "match": {"type": "arme"}, "on": "self"}},
        }
    ]
    out = card(
        compiler, "En début de combat, votre adversaire a Défense -1 pour chacun de vos alliés Mages en vie."
    )
    assert out[0]["effects"][0]["amount"] == {
        "per": {"characters": {"group": "other_allies", "class": "mage"}},
        "each": -1,
    }
    out = character(compiler, "En début de tour, Défense +1 pour chaque tranche de 3 Points de vie perdus.")
    assert out[0]["effects"] == [
        {**PLUS_ONE, "amount": {"per": {"stat": "hp_missing", "of": "self"}, "div": 3}}
    ]


def test_il_in_a_trigger_after_a_sentence_that_chose_someone(compiler):
    """ "Choisissez un personnage adverse, celui-ci a Défense -1. En début de combat, il subit …":
    "il" may be the one chosen; it is not read as the holder. When the card is attached to the one
    chosen, "il" is its carrier (the holder)."""
    result = compiler.compile(
        "Permanent. Choisissez un personnage adverse, celui-ci a Défense -1. En début de combat, il subit "
        "2 dégâts physiques.",
        subject="card",
    )
    assert [c.read for c in result.clauses] == [True, True, False]
    out = card(
        compiler,
        "Permanent. Choisissez un personnage adverse et attachez-lui cette carte. En début de combat, il "
        "subit 2 dégâts physiques.",
    )
    assert out == [
        {
            "op": "trigger",
            "on": "combat_start",
            "effects": [{"op": "damage", "kind": "physical", "amount": 2, "target": "self"}],
        }
    ]


def test_when_they_play_at_least_one(compiler):
    """ "lorsqu'ils jouent au moins un Sort" at the end: each of them, the first such card of the
    turn (a trigger once a turn)."""
    out = character(compiler, "Vos Mages ont Défense +1 lorsqu'ils jouent au moins une Potion.")
    assert out == [
        {
            "op": "trigger",
            "on": {"plays": {"type": "potion"}, "by": {"group": "allies", "class": "mage"}},
            "effects": [{**PLUS_ONE, "target": "event"}],
            "limit": "once_per_turn",
        }
    ]
    out = character(
        compiler,
        "Si 'Brume' fait partie de vos personnages, Soin 1 Point de vie lorsque vos personnages jouent "
        "au moins une Potion.",
    )
    assert out == [
        {
            "op": "trigger",
            "on": {"plays": {"type": "potion"}, "by": "all_allies"},
            "effects": [{"op": "heal", "amount": 1}],
            "limit": "once_per_turn",
            "when": {"ally_present": "brume"},
        }
    ]


def test_il_after_a_condition_on_a_named_character(compiler):
    """ "si 'X' fait partie de vos personnages et est en vie, elle a …": X, not the holder."""
    out = card(compiler, "Si 'Brume' fait partie de vos personnages et est en vie, elle a Défense +1.")
    assert out == [
        {**PLUS_ONE, "target": {"group": "allies", "family": "brume"}, "when": {"ally_alive": "brume"}}
    ]


def test_cards_attached_to_its_own_name_are_its_own(compiler):
    # in the character's own text, its quoted name is itself, not its family on either side
    per = character(compiler, "Défense +1 par Rune attachée à 'Grivol'.", name="Grivol")[0]["amount"]["per"]
    assert per["on"] == "self"
    body = character(
        compiler, "En fin de tour, les Runes attachées à 'Grivol' sont défaussées.", name="Grivol"
    )
    assert body[0]["effects"][0]["target"] == "self"
    # another character's name stays that character's family
    other = character(compiler, "Défense +1 par Rune attachée à 'Mordane'.", name="Grivol")[0]["amount"][
        "per"
    ]
    assert other["on"] == {"group": "characters", "family": "mordane"}


def test_one_card_among_the_cards_of_a_group(compiler):
    # one card among those all your characters carry (a group target), not a character picked
    # first, then a card of its own (it may carry none)
    body = card(
        compiler, "En fin de tour, une carte adverse attachée à l'un de vos personnages sera défaussée."
    )
    assert body[0]["effects"] == [{"op": "discard_attached", "target": "all_allies", "owner": "opponent"}]
    assert card(compiler, "En fin de combat, une carte adverse attachée à votre personnage est défaussée.")
    # a character drawn at random first, or one card among all of theirs? not said
    result = compiler.compile(
        "Une carte attachée à un personnage adverse aléatoire est défaussée.", subject="card"
    )
    assert not result.complete


def test_a_signed_cap_bounds_the_bonus_not_the_total(compiler):
    bonus = card(
        compiler,
        "Le personnage adverse subit 3 dégâts magiques +1 par Sort dans votre défausse (+2 maximum).",
    )
    assert bonus[0]["amount"] == {"per": {"cards": "discard", "match": {"type": "sort"}}, "plus": 3, "max": 5}
    total = card(
        compiler, "Le personnage adverse subit 3 dégâts magiques +1 par Sort dans votre défausse (maximum 4)."
    )
    assert total[0]["amount"]["max"] == 4
    stat = card(compiler, "Défense +1, +1 par Sort dans votre défausse (+2 maximum).")
    assert stat[0]["amount"]["max"] == 3


def test_a_character_replaced_by_another(compiler):
    # "il est remplacé par 'Y'": another character takes its place (become; refused by the engine)
    assert character(compiler, "Si 'Grivol' meurt, il est remplacé par 'Mordane'.", name="Grivol") == [
        {"op": "trigger", "on": {"dies": "self"}, "effects": [{"op": "become", "card": "mordane"}]}
    ]
    assert card(compiler, "Si un de vos Golems meurt, il est remplacé par 'Mordane'.") == [
        {
            "op": "trigger",
            "on": {"dies": {"group": "allies", "race": "golem"}},
            "effects": [{"op": "become", "card": "mordane", "target": "event"}],
        }
    ]
    # a group is not one character
    result = compiler.compile("En fin de tour, vos Golems sont remplacés par 'Mordane'.", subject="card")
    assert not result.complete


def test_they_after_an_event_about_a_group(compiler):
    # "ils": each one of the group the event is about (target event), never the holder alone
    assert card(compiler, "Chaque fois que vos Golems subissent des dégâts, ils ont Défense +1.") == [
        {
            "op": "trigger",
            "on": {"damaged": {"group": "allies", "race": "golem"}},
            "effects": [{**PLUS_ONE, "target": "event"}],
        }
    ]
    assert not compiler.compile("En fin de combat, ils ont Défense +1.", subject="card").complete
    # a change of appearance, then a trigger: the note and the trigger
    body = character(
        compiler,
        "'Grivol' change d'apparence et chaque fois que vos personnages sont blessés, ils ont Défense +1.",
        name="Grivol",
    )
    assert body == [
        {"op": "trigger", "on": {"damaged": "all_allies"}, "effects": [{**PLUS_ONE, "target": "event"}]}
    ]


def test_this_card_discarded_from_play(compiler):
    # "défaussée depuis le jeu": this card leaving play (leaves_play), at the start or at the end
    heal = {"op": "heal", "amount": 3}
    expected = [{"op": "trigger", "on": "leaves_play", "effects": [heal]}]
    assert (
        card(compiler, "Permanent. Quand cette carte est défaussée depuis le jeu, soin 3 Points de vie.")
        == expected
    )
    assert (
        card(compiler, "Permanent. Si cette carte sera défaussée depuis le jeu, soin 3 Points de vie.")
        == expected
    )
    assert (
        card(compiler, "Permanent. Soin 3 Points de vie si cette carte est défaussée depuis le jeu.")
        == expected
    )
    assert card(compiler, "Permanent. Si cette carte quitte le jeu, soin 3 Points de vie.") == expected


def test_damage_unless_it_carries_another_such_card(compiler):
    # "s'il ne porte pas d'autre Objet maudit": none besides this card (a count with other)
    body = card(
        compiler,
        "En fin de combat, votre personnage subit 2 dégâts directs s'il ne porte pas d'autre Armure.",
    )
    attached = {"cards": "play", "owner": "both", "match": {"type": "armure"}, "on": "self", "other": True}
    assert body[0]["effects"][0]["when"] == {"not": {"compare": {"left": attached, "cmp": ">=", "right": 1}}}


def test_an_event_about_one_of_two_characters_named(compiler):
    # "'X' ou 'Y' subit des dégâts": a trigger on each ("il": the one it is about)
    body = card(compiler, "Lorsque 'Mordane' ou 'Grivol' subit des dégâts, il a Défense +1.")
    assert [t["on"] for t in body] == [
        {"damaged": {"group": "characters", "family": "mordane"}},
        {"damaged": {"group": "characters", "family": "grivol"}},
    ]
    assert all(t["effects"] == [{**PLUS_ONE, "target": "event"}] for t in body)
    # a limit would be each trigger's: twice in all
    assert not compiler.compile(
        "Lorsque 'Mordane' ou 'Grivol' meurt, Défense +1 (une fois par partie).", subject="card"
    ).complete


def test_and_if_puts_the_condition_on_what_follows_it(compiler):
    # "A et si …, B": A, and B under its own condition
    body = card(compiler, "En fin de combat, Défense +1 et si vous êtes Mage, Esprit +2.")
    assert body[0]["effects"] == [
        PLUS_ONE,
        {"op": "modify", "stat": "spirit", "amount": 2, "when": {"played_by_class": "mage"}},
    ]
    # "et si son Esprit …": whose? the one A names, perhaps: not read so
    assert not compiler.compile(
        "Chaque fois qu'un personnage vous inflige des dégâts, il a Défense -1 et si son Esprit est égal "
        "à 0 il a Attaque -1.",
        subject="card",
    ).complete


def test_one_character_but_of_a_kind(compiler):
    # "un personnage non Golem": a choice among every character but those (as "un personnage")
    body = card(compiler, "En fin de combat, un personnage non Golem subit 1 dégât direct.")
    assert body[0]["effects"][0]["target"] == {"group": "characters", "pick": "choice", "not_race": "golem"}


def test_a_body_that_says_infligez(compiler):
    # "infligez N dégâts …" (to the player, the card's damage) is "inflige N dégâts …": the card
    # deals it (docs/rules/eredan.md §3); "l'adversaire de votre choix" is an enemy the player picks
    body = card(
        compiler, "Au début de vos combats, infligez 3 dégâts magiques à l'adversaire de votre choix."
    )
    assert body == [
        {
            "op": "trigger",
            "on": "combat_start",
            "effects": [{"op": "damage", "kind": "magical", "amount": 3, "target": "enemy"}],
        }
    ]
    assert card(compiler, "Infligez 1 dégât direct au personnage adverse.") == [
        {"op": "damage", "kind": "direct", "amount": 1}
    ]
    # an event, not an order: "quand vous infligez …" stays the head it was
    assert card(compiler, "Quand vous infligez des dégâts magiques, Défense +1.")[0]["on"] == {
        "deals": "self",
        "kinds": ["magical"],
    }


def test_ils_after_a_group_names_that_group(compiler):
    # "vos X gagnent … et ils ont …": "ils" is the group just named (each of them)
    body = card(compiler, "En début de combat, vos Mages gagnent 2 PV et ils ont Esprit +1.")
    mages = {"group": "allies", "class": "mage"}
    assert body[0]["effects"] == [
        {"op": "heal", "amount": 2, "target": mages},
        {"op": "modify", "stat": "spirit", "amount": 1, "target": mages},
    ]
    # not the holder alone, nor one of them
    for text in (
        "En début de combat, votre personnage gagne 2 PV et ils ont Esprit +1.",
        "En début de combat, un de vos Mages gagne 2 PV et ils ont Esprit +1.",
        # a condition at the end: of both parts, or of the last one only? not said
        "En début de combat, vos Mages gagnent 2 PV et ils ont Esprit +1 s'ils portent une Arme.",
    ):
        assert not compiler.compile(text, subject="card").complete, text


def test_a_duration_said_after_what_x_is(compiler):
    # "… -X où X est égal à son Esprit jusqu'à la fin de la partie": the duration is the effect's
    body = card(
        compiler,
        "Au début de vos combats, votre adversaire a Esprit -X où X est égal à sa Défense "
        "jusqu'à la fin de la partie.",
    )
    assert body[0]["effects"] == [
        {
            "op": "modify",
            "stat": "spirit",
            "amount": {"per": {"stat": "defense", "of": "opponent"}, "each": -1},
            "target": "opponent",
            "duration": "game",
        }
    ]
    # two durations: not read
    assert not compiler.compile(
        "Au début de vos combats, Attaque +X jusqu'à la fin du tour où X est égal à votre Esprit "
        "jusqu'à la fin de la partie.",
        subject="card",
    ).complete


def test_traits_gained_at_the_end_of_a_combat_with_no_duration_last_the_game(compiler):
    """What a character becomes at the end of a combat, no duration said, is for the game: for
    the combat just over it would end as it is made (as "en début de partie")."""
    out = card(compiler, "En fin de combat, si vous êtes Mage, vous gagnez la race Démon.")
    assert out[0]["on"] == "combat_end"
    assert out[0]["effects"][0]["op"] == "traits"
    assert out[0]["effects"][0]["duration"] == "game"
    # a duration said stays as said; a modifier at the end of a combat is not changed here
    out = card(compiler, "En fin de combat, vous gagnez la race Démon jusqu'à la fin du tour.")
    assert "duration" not in out[0]["effects"][0]
    out = card(compiler, "En fin de combat, Défense +1.")
    assert out[0]["effects"] == [PLUS_ONE]


def test_a_modifier_given_when_the_holder_dies_with_no_duration_lasts_the_game(compiler):
    """The holder dead, a modifier for the rest of a turn it no longer fights in would mean
    nothing: no duration said, it lasts the game (as the death triggers that say it)."""
    out = character(compiler, "Si vous mourez, les personnages adverses ont Attaque -2.")
    assert out[0]["on"] == {"dies": "self"}
    assert out[0]["effects"] == [
        {"op": "modify", "stat": "attack", "amount": -2, "target": "all_enemies", "duration": "game"}
    ]
    out = card(compiler, "Si votre personnage meurt, vos autres personnages ont Défense +1.")
    assert out[0]["effects"] == [{**PLUS_ONE, "target": "other_allies", "duration": "game"}]
    # a duration said stays; another character's death is not changed
    out = card(compiler, "Si votre personnage meurt, vos autres personnages ont Défense +1 ce tour-ci.")
    assert out[0]["effects"] == [{**PLUS_ONE, "target": "other_allies"}]
    out = card(compiler, "Si 'Brume' meurt, Défense +1.")
    assert out[0]["effects"] == [PLUS_ONE]
