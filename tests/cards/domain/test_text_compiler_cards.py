"""The rules-text compiler's phrases of cards moved, created, attached and countered, draw phases,
Runes and markers, what a character is, play variants and notes (cards/domain/grammar_cards.py).

Every text here is written for these tests, in the cards' grammar (the phrases the real texts are
made of, with other numbers, names and combinations); none is a card's text.
"""

from __future__ import annotations

import pytest

from cards.domain.text_compiler import TextCompiler


def card(compiler, text, **kw):
    result = compiler.compile(text, subject="card", **kw)
    assert result.complete, result.clauses
    return result.to_json()


def effects(compiler, text, **kw):
    return card(compiler, text, **kw)["effects"]


def character(compiler, text, **kw):
    result = compiler.compile(text, subject="character", **kw)
    assert result.complete, result.clauses
    return result.to_json()


def unread(compiler, text, subject="card"):
    return compiler.compile(text, subject=subject).unread


# --- play variants ---------------------------------------------------------------------------------


def test_how_the_card_stays_under_a_condition(compiler):
    out = card(compiler, "Durée 1 tour. Prêtre : Permanent. Tsoutaï : Durée 3 combats.")
    assert out["play"] == {
        "stays": {"turns": 1},
        "if": [
            {"when": {"played_by_class": "pretre"}, "stays": "permanent"},
            {"when": {"played_by_caste": "tsoutai"}, "stays": {"combats": 3}},
        ],
    }
    out = card(compiler, "Durée 2 tours. Noz : Durée 1 tour supplémentaire.")
    assert out["play"]["if"] == [{"when": {"played_by_guild": "noz"}, "longer": {"turns": 1}}]
    assert card(compiler, "Combattant : s'active immédiatement.")["play"] == {
        "if": [{"when": {"played_by_class": "combattant"}, "acts": "now"}]
    }
    # a longer stay said without a condition says nothing the card has
    assert unread(compiler, "Durée 2 tours supplémentaires.")


def test_whom_the_card_is_attached_to(compiler):
    assert card(compiler, "S'attache à un personnage adverse aléatoire. Permanent.")["play"] == {
        "attach": "random_enemy",
        "stays": "permanent",
    }
    assert card(compiler, "Choisissez un de vos Mages et attachez-lui cette carte. Permanent.")["play"] == {
        "attach": {"group": "allies", "pick": "choice", "class": "mage"},
        "stays": "permanent",
    }
    assert card(compiler, "Durée 2 tours. Choisissez le personnage sur lequel cette carte s'attache.")[
        "play"
    ] == {"stays": {"turns": 2}, "attach": "character"}


# --- Runes, Sacrifice, markers -------------------------------------------------------------------------


def test_runes_are_cards_attached_and_spent(compiler):
    assert effects(compiler, "Défense +1 et gagne deux Runes Yr.") == [
        {"op": "modify", "stat": "defense", "amount": 1},
        {"op": "create", "card": "rune-yr", "to": "attach", "count": 2},
    ]
    assert effects(compiler, "Vos Mages gagnent une Rune Nox.") == [
        {"op": "create", "card": "rune-nox", "to": "attach", "target": {"group": "allies", "class": "mage"}}
    ]
    assert effects(compiler, "Rune Nox : Attaque +2.") == [
        {
            "op": "pay",
            "cost": {"attached": {"card": "rune-nox"}, "count": 1},
            "effects": [{"op": "modify", "stat": "attack", "amount": 2}],
        }
    ]
    assert effects(compiler, "3 Runes Yr : piochez une carte.")[0]["cost"] == {
        "attached": {"card": "rune-yr"},
        "count": 3,
    }
    either = effects(compiler, "Rune Cor ou Yr : Esprit +1.")[0]["cost"]
    assert either == {"attached": {"any_of": [{"card": "rune-cor"}, {"card": "rune-yr"}]}, "count": 1}
    # a Rune carried is a card carried
    assert effects(compiler, "Défense +2 si vous portez une Rune.") == [
        {"op": "modify", "stat": "defense", "amount": 2, "when": {"carrying_match": {"type": "rune"}}}
    ]
    # what a Rune pays for must be an effect
    assert unread(compiler, "Rune Cor : Permanent.")


def test_sacrifice_is_an_optional_discard_from_hand(compiler):
    assert effects(compiler, "Sacrifice 3 : Défense +4.") == [
        {
            "op": "pay",
            "cost": {"hand": 3},
            "may": True,
            "effects": [{"op": "modify", "stat": "defense", "amount": 4}],
        }
    ]


def test_markers(compiler):
    assert effects(compiler, "Les personnages en combat gagnent 2 Marqueurs 'suie'.") == [
        {"op": "marker", "name": "suie", "count": 2, "target": "fighters"}
    ]
    assert effects(compiler, "Le personnage adverse perd ses Marqueurs 'suie'.") == [
        {"op": "marker", "name": "suie", "count": "all", "target": "opponent"}
    ]


# --- what a character is ---------------------------------------------------------------------------------


def test_classes_races_guilds_castes(compiler):
    assert effects(compiler, "Vous gagnez la classe Prêtre jusqu'à la fin de la partie.") == [
        {"op": "traits", "mode": "add", "classes": ["pretre"], "duration": "game"}
    ]
    assert effects(compiler, "Votre personnage devient Mage et Maraudeur.") == [
        {"op": "traits", "mode": "set", "classes": ["mage", "maraudeur"]}
    ]
    assert effects(compiler, "Le personnage adverse devient Golem en plus de ses autres races.") == [
        {"op": "traits", "mode": "add", "races": ["golem"], "target": "opponent"}
    ]
    assert effects(compiler, "Les personnages adverses perdent leurs castes.") == [
        {"op": "traits", "mode": "remove", "castes": "all", "target": "all_enemies"}
    ]


def test_enrage_and_the_clash_attack(compiler):
    assert effects(compiler, "Berserker : Enragé.") == [
        {"op": "traits", "mode": "add", "keywords": ["enrage"], "when": {"played_by_class": "berserker"}}
    ]
    assert effects(compiler, "Si vous êtes Enragé : Défense +2.") == [
        {"op": "modify", "stat": "defense", "amount": 2, "when": {"keyword": "enrage"}}
    ]
    assert effects(
        compiler, "Vous effectuez des attaques magiques à la place de vos attaques physiques."
    ) == [{"op": "attack_kind", "kind": "magical"}]
    assert effects(compiler, "Votre personnage effectue une Attaque Fantôme.") == [
        {"op": "attack_kind", "kind": "direct"}
    ]


def test_levels_last_the_game(compiler):
    assert effects(compiler, "Vous gagnez 2 Niveaux.") == [
        {"op": "modify", "stat": "level", "amount": 2, "duration": "game"}
    ]
    # a character's level gained when it plays something: each time (once a turn), for the game
    assert character(compiler, "Gagne un niveau si joue une Action.")["abilities"] == [
        {
            "op": "trigger",
            "on": {"plays": {"type": "action"}},
            "effects": [{"op": "modify", "stat": "level", "amount": 1, "duration": "game"}],
            "limit": "once_per_turn",
        }
    ]


# --- draw phases, the next card ----------------------------------------------------------------------------


def test_draw_phases(compiler):
    assert effects(compiler, "Piochez 2 cartes supplémentaires lors de la prochaine phase de pioche.") == [
        {"op": "draw_phase", "amount": 2}
    ]
    assert effects(
        compiler, "Votre adversaire pioche une carte de moins lors de sa prochaine phase de pioche."
    ) == [{"op": "draw_phase", "amount": -1, "owner": "opponent"}]
    assert effects(compiler, "Les joueurs ne piochent pas lors de leur prochaine phase de pioche.") == [
        {"op": "draw_phase", "amount": "none", "owner": "both"}
    ]
    assert character(compiler, "Vous piochez une carte supplémentaire lors des phases de pioche.")[
        "abilities"
    ] == [{"op": "draw_phase", "amount": 1, "phases": "all"}]


def test_the_next_card_is_countered(compiler):
    assert effects(compiler, "La prochaine Action adverse est défaussée.") == [
        {"op": "counter", "cards": {"type": "action"}}
    ]
    assert effects(
        compiler, "Le prochain Objet joué par le personnage adverse est annulé et placé dans sa main."
    ) == [{"op": "counter", "cards": {"type": "objet"}, "to": "hand", "target": "opponent"}]
    assert effects(compiler, "Le prochain Sort et la prochaine Action adverse sont défaussés.") == [
        {"op": "counter", "cards": {"type": "sort"}},
        {"op": "counter", "cards": {"type": "action"}},
    ]


# --- cards between piles ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "3 cartes de votre Défausse sont placées dans votre Main.",
            {"op": "move", "from": "discard", "to": "hand", "count": 3},
        ),
        (
            "Toutes les Potions de votre Main sont placées dans votre Deck.",
            {"op": "move", "from": "hand", "to": "deck", "count": "all", "cards": {"type": "potion"}},
        ),
        (
            "2 cartes de la Défausse adverse sont retirées de la partie.",
            {"op": "move", "from": "discard", "to": "removed", "owner": "opponent", "count": 2},
        ),
        (
            "Choisissez une Potion dans votre Défausse, celle-ci est placée dans votre Deck.",
            {"op": "move", "from": "discard", "to": "deck", "cards": {"type": "potion"}, "pick": "choice"},
        ),
        (
            "Choisissez un Sort dans votre Main, il est joué.",
            {"op": "play_card", "from": "hand", "cards": {"type": "sort"}, "pick": "choice"},
        ),
        (
            "La dernière Potion de votre Défausse est jouée.",
            {"op": "play_card", "from": "discard", "cards": {"type": "potion"}, "pick": "top"},
        ),
        ("2 cartes de la Main du joueur adverse sont défaussées.", {"op": "discard", "count": 2}),
        ("4 cartes du Deck adverse sont défaussées.", {"op": "mill", "count": 4}),
    ],
)
def test_cards_between_piles(compiler, text, expected):
    assert effects(compiler, text) == [expected]


def test_cards_between_piles_not_read(compiler):
    # a rolled number of cards played, another card than this one (the other player's pile to
    # yours is read: test_cards_taken_from_the_opponent_and_from_either_pile; a rolled number of
    # cards moved: test_a_rolled_number_of_cards)
    for text in (
        "1 à 2 cartes de votre Défausse sont jouées.",
        "Une autre Potion de votre Défausse est jouée.",
    ):
        assert unread(compiler, text), text


# --- notes ---------------------------------------------------------------------------------------


def test_a_change_of_appearance_is_a_note(compiler):
    result = compiler.compile("Attaque +1 et vous changez d'apparence.", subject="card")
    assert result.complete
    assert result.to_json()["effects"] == [{"op": "modify", "stat": "attack", "amount": 1}]
    assert len(result.notes) == 1 and "appearance" in result.notes[0]
    result = compiler.compile("Votre personnage prend l'apparence d'un Golem de sable.", subject="card")
    assert result.complete and result.effects == () and result.notes


# --- more of the same --------------------------------------------------------------------------------


def test_attached_cards_of_any_enemy_or_to_their_owners_own_pile(compiler):
    # docs/rules/eredan.md §3 (Items: what characters carry); "un personnage
    # adverse" (any of them): one card picked among all those the opposing characters carry
    assert effects(
        compiler, "Choisissez une Armure portée par un personnage adverse, celle-ci est défaussée."
    ) == [{"op": "discard_attached", "target": "all_enemies", "cards": {"type": "armure"}, "pick": "choice"}]
    # "cartes du joueur adverse … dans son Deck / sa Main": the opponent's cards, to its own piles
    assert effects(
        compiler, "Trois cartes du joueur adverse attachées à ses personnages sont placées dans sa Main."
    ) == [{"op": "discard_attached", "target": "all_enemies", "count": 3, "owner": "opponent", "to": "hand"}]
    assert effects(
        compiler, "Une Potion adverse portée par le personnage adverse est placée dans son Deck."
    ) == [{"op": "discard_attached", "cards": {"type": "potion"}, "owner": "opponent", "to": "deck"}]
    # "son Deck" for cards of anyone's (one of yours an enemy carries: whose deck?); "ses
    # personnages" without saying whose: not read
    for text in (
        "Une Potion portée par le personnage adverse est placée dans son Deck.",
        "Les Potions du personnage adverse sont placées dans son Deck.",
        "Une carte attachée à ses personnages est placée dans son Deck.",
        "Deux cartes attachées à ses personnages sont défaussées.",
    ):
        assert unread(compiler, text), text


def test_attached_cards_discarded_or_moved(compiler):
    assert effects(
        compiler, "Choisissez une Potion portée par votre adversaire, celle-ci est défaussée."
    ) == [{"op": "discard_attached", "cards": {"type": "potion"}, "pick": "choice"}]
    assert effects(
        compiler,
        "Toutes les Armes portées par le personnage adverse sont placées dans le deck de leur propriétaire.",
    ) == [{"op": "discard_attached", "count": "all", "cards": {"type": "arme"}, "to": "deck"}]
    assert effects(
        compiler, "Si 'Bague rouge' ou 'Bague bleue' est attachée à votre personnage, celle-ci est défaussée."
    ) == [
        {
            "op": "discard_attached",
            "target": "self",
            "count": "all",
            "cards": {"any_of": [{"card": "bague-rouge"}, {"card": "bague-bleue"}]},
        }
    ]
    assert unread(compiler, "Si 'Bague rouge' est attachée à votre personnage, celle-ci est défaussée.") == ()
    # the card itself among them: the copy before it, never itself (a card that stays is attached
    # before it acts)
    assert effects(
        compiler,
        "Si 'Bague rouge' ou 'Bague bleue' est attachée à votre personnage, celle-ci est défaussée. "
        "Permanent.",
        name="Bague rouge",
    )[0] == {
        "op": "discard_attached",
        "target": "self",
        "count": "all",
        "cards": {"any_of": [{"card": "bague-rouge"}, {"card": "bague-bleue"}]},
        "other": True,
    }
    assert effects(
        compiler, "Choisissez une carte non Potion attachée à un personnage, celle-ci est défaussée."
    ) == [
        {
            "op": "discard_attached",
            "target": "all_characters",
            "cards": {"any": True, "but": {"type": "potion"}},
            "pick": "choice",
        }
    ]


def test_a_card_other_than_this_one(compiler):
    out = card(compiler, "Une Potion différente de votre Main est jouée.", name="Potion verte")
    assert out["effects"] == [
        {"op": "play_card", "from": "hand", "cards": {"type": "potion", "but": {"card": "potion-verte"}}}
    ]
    assert effects(compiler, "Une Action autre que 'Repli' de votre Deck est jouée.") == [
        {"op": "play_card", "from": "deck", "cards": {"type": "action", "but": {"card": "repli"}}}
    ]


def test_the_ordre_bonus_and_the_chosen_tapped(compiler):
    assert effects(compiler, "Votre personnage obtient son bonus d'Ordre s'il n'en bénéficie pas déjà.") == [
        {"op": "grant_order"}
    ]
    assert effects(compiler, "Choisissez un de vos personnages inclinés, celui-ci est relevé.") == [
        {"op": "untap", "target": {"group": "allies", "pick": "choice", "tapped": True}}
    ]


def test_a_play_rule_under_a_si_condition(compiler):
    assert card(compiler, "Si vous jouez une Potion, Durée : 3 tours.")["play"] == {
        "if": [{"when": {"plays": {"type": "potion"}}, "stays": {"turns": 3}}]
    }
    assert card(compiler, "Cette carte devient permanente si vous jouez une Potion.")["play"] == {
        "if": [{"when": {"plays": {"type": "potion"}}, "stays": "permanent"}]
    }


def test_runes_counted_and_gained_after_another_gain(compiler):
    assert effects(compiler, "Esprit +1 par Rune portée.") == [
        {
            "op": "modify",
            "stat": "spirit",
            "amount": {"per": {"cards": "play", "owner": "both", "match": {"type": "rune"}, "on": "self"}},
        }
    ]
    assert effects(compiler, "Choisissez un de vos Mages, il gagne 2 Points de vie et une Rune Yr.") == [
        {"op": "heal", "amount": 2, "target": {"group": "allies", "pick": "choice", "class": "mage"}},
        {
            "op": "create",
            "card": "rune-yr",
            "to": "attach",
            "target": {"group": "allies", "pick": "choice", "class": "mage"},
        },
    ]


def test_markers_paid_for(compiler):
    assert effects(
        compiler, "Si vous avez au moins 2 marqueurs 'suie', vous en perdez 2 et piochez une carte."
    ) == [{"op": "pay", "cost": {"markers": "suie", "count": 2}, "effects": [{"op": "draw", "count": 1}]}]


def test_the_next_card_of_the_holder(compiler):
    assert effects(compiler, "Si votre prochaine carte est une Potion, Défense +2.") == [
        {"op": "modify", "stat": "defense", "amount": 2, "when": {"followed_by": {"type": "potion"}}}
    ]


def test_what_a_character_does_when_it_plays_a_card_is_a_trigger(compiler):
    """A character's "si joue X, …" that happens once (or lasts the game) happens when it plays such a
    card (once a turn) — not at the start of the game under a condition that does not hold then."""
    assert character(
        compiler, "Si joue une Potion, une Action de votre Défausse est placée dans votre Deck."
    )["abilities"] == [
        {
            "op": "trigger",
            "on": {"plays": {"type": "potion"}},
            "effects": [{"op": "move", "from": "discard", "to": "deck", "cards": {"type": "action"}}],
            "limit": "once_per_turn",
        }
    ]
    assert character(compiler, "Défense +1 jusqu'à la fin de la partie si joue une Potion.")["abilities"] == [
        {
            "op": "trigger",
            "on": {"plays": {"type": "potion"}},
            "effects": [{"op": "modify", "stat": "defense", "amount": 1, "duration": "game"}],
            "limit": "once_per_turn",
        }
    ]
    # a standing modifier of its combats keeps its condition
    assert character(compiler, "Défense +1 si joue une Potion.")["abilities"] == [
        {"op": "modify", "stat": "defense", "amount": 1, "when": {"plays": {"type": "potion"}}}
    ]


def test_a_pile_of_sa_is_the_carriers_only_when_the_clause_says_so(compiler):
    assert effects(
        compiler, "Quand son porteur perd cette carte, 2 cartes de sa Défausse sont placées dans son Deck."
    ) == [
        {
            "op": "trigger",
            "on": "leaves_play",
            "effects": [{"op": "move", "from": "discard", "to": "deck", "count": 2}],
        }
    ]
    assert unread(
        compiler, "L'adversaire défausse une carte de sa Main et une carte de sa Défausse est retirée du jeu."
    )


def test_prefixes_naming_characters_without_quotes(compiler):
    families = {"amaya": "amaya", "iro": "iro"}
    local = TextCompiler(compiler.vocabulary, families)
    out = local.compile("Durée 1 tour. Amaya : Permanent.", subject="card").to_json()
    assert out["play"]["if"] == [{"when": {"played_by": "amaya"}, "stays": "permanent"}]
    out = local.compile("'Iro' ou Prêtre : S'active immédiatement.", subject="card").to_json()
    assert out["play"] == {
        "if": [{"when": {"any": [{"played_by": "iro"}, {"played_by_class": "pretre"}]}, "acts": "now"}]
    }


def test_after_the_cards_and_after_each_card(compiler):
    assert effects(
        compiler,
        "Après que le porteur ait joué ses cartes, une Potion de votre Défausse est placée dans votre Deck.",
    ) == [
        {
            "op": "trigger",
            "on": "after_cards",
            "effects": [{"op": "move", "from": "discard", "to": "deck", "cards": {"type": "potion"}}],
        }
    ]
    assert character(compiler, "Après chacune de vos Potions : vous gagnez 1 Marqueur 'suie'.")[
        "abilities"
    ] == [
        {
            "op": "trigger",
            "on": {"plays": {"type": "potion"}},
            "effects": [{"op": "marker", "name": "suie", "count": 1}],
        }
    ]


def test_conditions_on_cards_carried_and_the_cards_after(compiler):
    assert effects(compiler, "Si votre adversaire porte au moins 2 cartes, Attaque +2.") == [
        {
            "op": "modify",
            "stat": "attack",
            "amount": 2,
            "when": {
                "compare": {
                    "left": {"cards": "play", "owner": "both", "on": "opponent"},
                    "cmp": ">=",
                    "right": 2,
                }
            },
        }
    ]
    assert effects(
        compiler, "Le personnage adverse perd ses castes si vous ne jouez aucune carte après celle-ci."
    ) == [
        {
            "op": "traits",
            "mode": "remove",
            "castes": "all",
            "target": "opponent",
            "when": {"not": {"followed_by": {"any": True}}},
        }
    ]
    assert effects(
        compiler,
        "Attaque +2 Si vous avez au moins 2 marqueurs 'suie', vous en perdez 2 et piochez une carte.",
    ) == [
        {"op": "modify", "stat": "attack", "amount": 2},
        {"op": "pay", "cost": {"markers": "suie", "count": 2}, "effects": [{"op": "draw", "count": 1}]},
    ]
    # on a card that stays, "si ce personnage joue …, il gagne …" is each time it does: not a condition
    # checked once, a trigger on its carrier's cards (tests/cards/domain/test_text_compiler_cards_if.py)
    assert effects(compiler, "Permanent. Si ce personnage joue une Potion il gagne une Rune Yr.") == [
        {
            "op": "trigger",
            "on": {"plays": {"type": "potion"}},
            "effects": [{"op": "create", "card": "rune-yr", "to": "attach"}],
        }
    ]


def test_more_cards_moved_created_and_countered(compiler):
    assert effects(compiler, "Une 'Fiole' et 2 'Mèche' sont créées et jouées.") == [
        {"op": "create", "card": "fiole", "to": "play"},
        {"op": "create", "card": "meche", "to": "play", "count": 2},
    ]
    assert effects(compiler, "Puis une 'Fiole' est créée et jouée.") == [
        {"op": "create", "card": "fiole", "to": "play"}
    ]
    assert effects(compiler, "Une Potion est jouée depuis votre Deck.") == [
        {"op": "play_card", "from": "deck", "cards": {"type": "potion"}}
    ]
    assert effects(compiler, "Jouez une Potion de votre Main.") == [
        {"op": "play_card", "from": "hand", "cards": {"type": "potion"}, "pick": "choice"}
    ]
    assert effects(compiler, "3 cartes de votre Défausse retournent dans votre Deck.") == [
        {"op": "move", "from": "discard", "to": "deck", "count": 3}
    ]
    assert effects(
        compiler, "Si la prochaine carte adverse est une Potion, elle est replacée dans la Main adverse."
    ) == [{"op": "counter", "cards": {"type": "potion"}, "to": "hand"}]
    assert effects(
        compiler, "Les Armes du personnage adverse sont placées dans la Main de leur propriétaire."
    ) == [{"op": "discard_attached", "count": "all", "cards": {"type": "arme"}, "to": "hand"}]
    assert effects(compiler, "Choisissez une Potion adverse en jeu, elle est défaussée.") == [
        {
            "op": "discard_attached",
            "target": "all_characters",
            "cards": {"type": "potion"},
            "owner": "opponent",
            "pick": "choice",
        }
    ]
    assert effects(compiler, "L'adversaire peut défausser deux cartes de sa main pour la défausser.") == [
        {
            "op": "pay",
            "cost": {"hand": 2},
            "effects": [{"op": "card_to", "to": "discard"}],
            "may": True,
            "by": "opponent",
        }
    ]
    out = card(compiler, "Guémélite du Feu ou de l'Eau : piochez une carte.")
    assert out["effects"][0]["when"] == {
        "any": [{"played_by_race": "guemelite_feu"}, {"played_by_race": "guemelite_eau"}]
    }


def test_how_a_character_starts_the_game_and_more_traits(compiler):
    assert character(compiler, "Commence la partie inclinée si l'un de vos alliés est Golem.")[
        "abilities"
    ] == [
        {
            "op": "trigger",
            "on": "game_start",
            "effects": [{"op": "tap", "target": "self"}],
            "when": {"ally": {"race": "golem"}},
        }
    ]
    assert character(compiler, "Commence la partie avec 2 Marqueurs 'suie'.")["abilities"] == [
        {"op": "trigger", "on": "game_start", "effects": [{"op": "marker", "name": "suie", "count": 2}]}
    ]
    assert effects(compiler, "Tous les personnages gagnent les Races Guémélite du Feu et Eau.") == [
        {
            "op": "traits",
            "mode": "add",
            "races": ["guemelite_feu", "guemelite_eau"],
            "target": "all_characters",
        }
    ]
    assert effects(compiler, "Votre personnage devient Mage - Prêtre.") == [
        {"op": "traits", "mode": "set", "classes": ["mage", "pretre"]}
    ]
    assert card(compiler, "S'active en fin de combat.")["play"] == {"acts": "after_combat"}
    assert effects(
        compiler, "Si vous jouez une 'Fiole', créez et attachez-en une sur chacun de vos alliés."
    ) == [
        {
            "op": "create",
            "card": "fiole",
            "to": "attach",
            "target": "other_allies",
            "when": {"plays": {"card": "fiole"}},
        }
    ]


def test_more_runes_and_markers(compiler):
    assert effects(
        compiler, "Attaque +1 par tranche de 2 Marqueurs 'suie' portés par votre personnage (+4 maximum)."
    ) == [
        {
            "op": "modify",
            "stat": "attack",
            "amount": {"per": {"markers": "suie", "on": "self"}, "div": 2, "max": 4},
        }
    ]
    assert effects(compiler, "Rune Cor ou Yr : gagne deux Nox.")[0]["effects"] == [
        {"op": "create", "card": "rune-nox", "to": "attach", "count": 2}
    ]
    assert effects(compiler, "Esprit +1 Rune Yr : piochez une carte.") == [
        {"op": "modify", "stat": "spirit", "amount": 1},
        {
            "op": "pay",
            "cost": {"attached": {"card": "rune-yr"}, "count": 1},
            "effects": [{"op": "draw", "count": 1}],
        },
    ]
    assert effects(compiler, "Défense +1 si votre personnage porte au moins 2 Marqueurs 'suie'.") == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": 1,
            "when": {"compare": {"left": {"markers": "suie", "on": "self"}, "cmp": ">=", "right": 2}},
        }
    ]
    assert character(compiler, "Vos Mages commencent la partie avec une Rune Yr.")["abilities"] == [
        {
            "op": "trigger",
            "on": "game_start",
            "effects": [
                {
                    "op": "create",
                    "card": "rune-yr",
                    "to": "attach",
                    "target": {"group": "allies", "class": "mage"},
                }
            ],
        }
    ]
    # "puis il …": "il" names someone of the sentence before
    assert unread(compiler, "Puis il perd ses Marqueurs 'suie'.")
    assert effects(compiler, "Puis piochez une carte.") == [{"op": "draw", "count": 1}]


def test_cards_taken_from_the_opponent_and_from_either_pile(compiler):
    """The opponent's cards put into the player's own pile (``into`` self), and a chosen card of
    either player's pile sent back to its owner's (owner ``any``)."""
    assert effects(compiler, "Deux cartes de la Main adverse sont placées dans votre Main") == [
        {"op": "move", "from": "hand", "to": "hand", "owner": "opponent", "count": 2, "into": "self"}
    ]
    assert effects(compiler, "Une carte adverse de sa Main est placée dans votre Défausse") == [
        {"op": "move", "from": "hand", "to": "discard", "owner": "opponent", "into": "self"}
    ]
    chosen = "Choisissez un Sort dans une Défausse, celui-ci est placé dans le Deck de son propriétaire"
    assert effects(compiler, chosen) == [
        {
            "op": "move",
            "from": "discard",
            "to": "deck",
            "owner": "any",
            "cards": {"type": "sort"},
            "pick": "choice",
        }
    ]
    gives = "Votre adversaire choisit une carte de sa Main, elle est placée dans votre Défausse"
    assert effects(compiler, gives) == [
        {
            "op": "move",
            "from": "hand",
            "to": "discard",
            "owner": "opponent",
            "pick": "opponent",
            "into": "self",
        }
    ]
    # not chosen: which card of which pile is not said
    assert unread(compiler, "Une carte d'une Défausse est placée dans le Deck de son propriétaire")


def test_nehant_alone_names_the_nehantiste_guild(compiler):
    """ "Néhant" before a colon is the guild Néhantistes (the English says "Nehantist")."""
    assert effects(compiler, "Néhant ou Zil : Soin 1 Point de vie") == [
        {
            "op": "heal",
            "amount": 1,
            "when": {"any": [{"played_by_guild": "nehantistes"}, {"played_by_guild": "zil"}]},
        }
    ]


def test_a_rolled_number_of_cards(compiler):
    """ "de 1 à 3 cartes": each number as likely (one_of at random); "Deck (pioche)" is the deck."""
    assert effects(compiler, "1 à 2 cartes de votre Défausse sont placées dans votre Deck (pioche)") == [
        {
            "op": "one_of",
            "options": [
                [{"op": "move", "from": "discard", "to": "deck"}],
                [{"op": "move", "from": "discard", "to": "deck", "count": 2}],
            ],
            "pick": "random",
        }
    ]
    assert effects(compiler, "Le joueur adverse défausse 3 cartes de son Deck") == [
        {"op": "mill", "count": 3}
    ]
    assert effects(compiler, "Votre adversaire défausse de 2 à 3 cartes de son Deck") == [
        {
            "op": "one_of",
            "options": [[{"op": "mill", "count": 2}], [{"op": "mill", "count": 3}]],
            "pick": "random",
        }
    ]


def test_played_unless_the_character_carries_one(compiler):
    """ "… de votre Deck est joué si votre personnage n'en porte aucun": "en" is the kind played."""
    assert effects(
        compiler, "Une Arme de votre Défausse est jouée si votre personnage n'en porte aucune"
    ) == [
        {
            "op": "play_card",
            "from": "discard",
            "cards": {"type": "arme"},
            "when": {"not": {"carrying_match": {"type": "arme"}}},
        }
    ]


def test_traits_copied_from_other_characters(compiler):
    # "à la place des siennes": set; "en plus des siennes": add; the kinds copied are "all" of theirs
    assert character(
        compiler,
        "Au début de la partie, copie toutes les Classes et Races de vos autres personnages à la place "
        "des siennes.",
    )["abilities"] == [
        {
            "op": "trigger",
            "on": "game_start",
            "effects": [
                {
                    "op": "traits",
                    "mode": "set",
                    "classes": "all",
                    "races": "all",
                    "of": "other_allies",
                    "duration": "game",  # at the start of the game: for the game
                }
            ],
        }
    ]
    assert effects(
        compiler, "Votre adversaire copie les Castes de votre personnage en plus des siennes."
    ) == [{"op": "traits", "mode": "add", "castes": "all", "of": "self", "target": "opponent"}]
    assert character(
        compiler, "En début de partie, vos Guildes et Races sont remplacées par celles de vos alliés Golems."
    )["abilities"][0]["effects"] == [
        {
            "op": "traits",
            "mode": "set",
            "guilds": "all",
            "races": "all",
            "of": {"group": "other_allies", "race": "golem"},
            "duration": "game",
        }
    ]
    # without "à la place" / "en plus": does it keep its own? not said
    assert unread(
        compiler, "En début de partie, copie les guildes de vos alliés Golems.", subject="character"
    )
    # the other characters of both sides: no group says it
    assert unread(
        compiler, "Copie les guildes des autres personnages à la place des siennes.", subject="character"
    )


def test_some_of_the_cards_counted_in_a_pile_moved(compiler):
    # docs/rules/eredan.md §3: "N d'entre elles": N of the cards the condition counts, moved at random
    zil = {"guild": "zil"}
    assert effects(
        compiler,
        "Si au moins 4 cartes Zil sont dans votre Défausse, 2 d'entre elles déterminées aléatoirement "
        "sont placées dans votre Main.",
    ) == [
        {
            "op": "move",
            "from": "discard",
            "to": "hand",
            "count": 2,
            "cards": zil,
            "when": {"compare": {"left": {"cards": "discard", "match": zil}, "cmp": ">=", "right": 4}},
        }
    ]
    assert effects(
        compiler,
        "Si plus de 6 cartes sont dans votre Défausse, deux d'entre-elles sont placées dans votre Deck.",
    ) == [
        {
            "op": "move",
            "from": "discard",
            "to": "deck",
            "count": 2,
            "when": {"compare": {"left": {"cards": "discard"}, "cmp": ">", "right": 6}},
        }
    ]
    for text in (
        # "si 4 cartes …" (exactly, or at least?); the opponent's pile; "Armes", not "cartes"
        "Si 4 cartes Zil sont dans votre Défausse, 2 d'entre elles sont placées dans votre Deck.",
        "Si au moins 4 cartes Zil sont dans votre Défausse, 2 d'entre elles sont placées dans le Deck "
        "adverse.",
        "Si au moins 4 Armes sont dans votre Défausse, 2 d'entre elles sont placées dans votre Main.",
    ):
        assert unread(compiler, text), text


def test_small_variants_of_cards_discarded_and_moved(compiler):
    # "une carte en jeu non X ni Y": the same as "une carte non X ni Y en jeu"
    assert effects(
        compiler, "Choisissez une carte en jeu non Arme ni Armure, elle est défaussée."
    ) == effects(compiler, "Choisissez une carte non Arme ni Armure en jeu, elle est défaussée.")
    # "Défausse aléatoirement un X sur chaque personnage …" is one card on EACH character: a
    # discard_attached on a group takes its count among all their cards (one in all), so it stays
    # unread (hand check: it had been read as one card in all)
    for text in (
        "Défausse aléatoirement un Objet sur chaque personnage en combat.",
        "Défausse un Objet déterminé aléatoirement sur chaque personnage en combat.",
        "Défausse un Objet sur chaque personnage en combat.",  # who picks it?
        "Défausse un Objet supplémentaire déterminé aléatoirement sur chaque personnage en combat.",
    ):
        assert unread(compiler, text), text
    # "votre Deck (pioche)": the deck
    assert effects(compiler, "En fin de combat cette carte est placée dans votre Deck (pioche).") == effects(
        compiler, "En fin de combat cette carte est placée dans votre Deck."
    )


def test_the_cards_you_carry_into_your_own_pile(compiler):
    # "les Arcs que vous portez sont placés dans votre Main": every one the holder carries, into
    # the player's own hand (whoever owns it)
    assert effects(compiler, "Les Arcs que vous portez sont placés dans votre Main.") == [
        {
            "op": "discard_attached",
            "target": "self",
            "count": "all",
            "cards": {"type": "arc"},
            "to": "hand",
            "into": "self",
        }
    ]
    assert effects(
        compiler, "En fin de combat, les cartes que vous portez sont placées dans votre Deck."
    ) == [
        {
            "op": "trigger",
            "on": "combat_end",
            "effects": [
                {"op": "discard_attached", "target": "self", "count": "all", "to": "deck", "into": "self"}
            ],
        }
    ]


def test_this_card_by_its_own_name_goes_to_a_pile(compiler):
    # "'X' est placée dans votre Deck" in X's own text: this card
    own = compiler.compile(
        "En fin de combat, 'Zotte' est placée dans votre Deck.", subject="card", name="Zotte"
    )
    assert own.complete
    assert (
        own.effects == compiler.compile("En fin de combat, cette carte est placée dans votre Deck.").effects
    )
    removed = compiler.compile(
        "En fin de combat 'Zotte' est retirée de la partie.", subject="card", name="Zotte"
    )
    assert removed.complete
    # another card's name, or a copy of it: not this card
    for text in (
        "En fin de combat, 'Zotte' est placée dans votre Deck.",
        "Une copie de 'Zotte' est placée dans votre Main.",
    ):
        assert not compiler.compile(text, subject="card", name="Zotte" if "copie" in text else "Zut").complete
