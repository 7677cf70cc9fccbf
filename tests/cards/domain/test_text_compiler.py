"""The rules-text compiler (cards/domain/text_compiler.py, text_grammar.py): French text -> effects.

Every text here is written for these tests, in the cards' grammar (the phrases the real texts are
made of, with other numbers, names and combinations); none is a card's text.
"""

from __future__ import annotations

import pytest

from cards.domain.cardset import load_cardset
from cards.domain.effects import effects_to_json, parse_effects
from cards.domain.text_compiler import TextRow, compile_text, coverage, guess_subject
from cards.domain.vocabulary import vocabulary_from_reference


def card(compiler, text, **kw):
    result = compiler.compile(text, subject="card", **kw)
    assert result.complete, result.clauses
    return result.to_json()


def character(compiler, text, **kw):
    result = compiler.compile(text, subject="character", **kw)
    assert result.complete, result.clauses
    return result.to_json()


# --- card-level phrases ------------------------------------------------------------------------


def test_how_a_card_stays_and_acts(compiler):
    out = card(compiler, "Défense +2. S'active après le combat. Permanent.")
    assert out["play"] == {"acts": "after_combat", "stays": "permanent"}
    # a modifier of a card that stays lasts while it is attached
    assert out["effects"] == [{"op": "modify", "stat": "defense", "amount": 2, "duration": "permanent"}]
    assert card(compiler, "Esprit +1. Durée : 3 combats.")["play"] == {"stays": {"combats": 3}}
    assert card(compiler, "Durée 2 à 3 tours. Attaque +1.")["play"] == {"stays": {"turns": [2, 3]}}
    assert card(compiler, "S'active immédiatement. Défense +1.")["play"] == {"acts": "now"}
    assert card(compiler, "Un seul exemplaire par personnage.")["play"] == {"one_per_character": True}


def test_a_card_that_does_not_stay_modifies_for_the_combat(compiler):
    assert card(compiler, "Attaque +3.")["effects"] == [{"op": "modify", "stat": "attack", "amount": 3}]


def test_chains(compiler):
    assert card(compiler, "Enchaînement.")["chain"] == {"any": True}
    assert card(compiler, "Enchainement Sort Feu.")["chain"] == {"type": "feu"}
    assert card(compiler, "Enchainement 'Lame du soir'.")["chain"] == {"card": "lame-du-soir"}
    assert card(compiler, "Enchainement carte Zil.")["chain"] == {"guild": "zil"}
    assert card(compiler, "Enchaînement Théurgie ou Potion.")["chain"] == {
        "any_of": [{"type": "theurgie"}, {"type": "potion"}]
    }
    # two chain clauses: either
    assert card(compiler, "Enchainement Dague. Enchainement Bouclier.")["chain"] == {
        "any_of": [{"type": "dague"}, {"type": "bouclier"}]
    }
    # a conditional chain is an op
    out = card(compiler, "Mage non multi-classé : Enchaînement Sort.")
    assert out["chain"] is None
    assert out["effects"] == [
        {
            "op": "chain",
            "match": {"type": "sort"},
            "when": {"played_by_class": "mage", "played_by_single_class": True},
        }
    ]


def test_ambidextrie(compiler):
    out = card(compiler, "Attaque +1. Ambidextrie. Permanent.")
    assert out["dual_wield"] is True
    out = card(compiler, "Ambidextrie : 'Lame du soir' et 'Lame du matin'. Permanent.")
    assert out["play"]["dual_wield_with"] == ["lame-du-soir", "lame-du-matin"]
    # on a character: it may carry two one-handed weapons
    assert character(compiler, "Ambidextrie.")["abilities"] == [
        {"op": "carry", "cards": {"type": "arme_a_une_main"}, "count": 2}
    ]


def test_a_card_attached_to_the_opponent_speaks_of_its_carrier(compiler):
    """ "S'attache à votre adversaire. Il a …": the holder of the card is the enemy it is attached
    to; "vous" is then the other side."""
    out = card(
        compiler, "S'attache à votre adversaire. Il a Défense -1. Permanent. Vous gagnez 1 Point de vie."
    )
    assert out["play"] == {"attach": "opponent", "stays": "permanent"}
    assert out["effects"][0] == {"op": "modify", "stat": "defense", "amount": -1, "duration": "permanent"}
    assert out["effects"][1] == {"op": "heal", "amount": 1, "target": "opponent"}


# --- modifiers, conditions, durations -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "effects"),
    [
        (
            "Attaque +1 et Défense -1.",
            [
                {"op": "modify", "stat": "attack", "amount": 1},
                {"op": "modify", "stat": "defense", "amount": -1},
            ],
        ),
        (
            "Défense et Esprit +2.",
            [
                {"op": "modify", "stat": "defense", "amount": 2},
                {"op": "modify", "stat": "spirit", "amount": 2},
            ],
        ),
        (
            "Attaque +2/+1.",
            [
                {"op": "modify", "stat": "attack_min", "amount": 2},
                {"op": "modify", "stat": "attack_max", "amount": 1},
            ],
        ),
        ("Attaque +1 à +3.", [{"op": "modify", "stat": "attack", "amount": [1, 3]}]),
        (
            "Attaque +2 contre les Prêtres.",
            [{"op": "modify", "stat": "attack", "amount": 2, "when": {"opponent_class": "pretre"}}],
        ),
        (
            "Attaque +1 contre les Mages et les Golems.",
            [
                {
                    "op": "modify",
                    "stat": "attack",
                    "amount": 1,
                    "when": {"any": [{"opponent_class": "mage"}, {"opponent_race": "golem"}]},
                }
            ],
        ),
        (
            "Défense +2 si vous jouez une Armure.",
            [{"op": "modify", "stat": "defense", "amount": 2, "when": {"plays": {"type": "armure"}}}],
        ),
        (
            "Attaque +2 si vous portez une Arme.",
            [{"op": "modify", "stat": "attack", "amount": 2, "when": {"carrying": "weapon"}}],
        ),
        (
            "Attaque +1 si le personnage adverse n'est pas Humain.",
            [{"op": "modify", "stat": "attack", "amount": 1, "when": {"not": {"opponent_race": "humain"}}}],
        ),
        (
            "Le personnage adverse a Esprit -2 jusqu'à la fin de la partie.",
            [{"op": "modify", "stat": "spirit", "amount": -2, "target": "opponent", "duration": "game"}],
        ),
        (
            "Vos Nomades ont Défense +1 pendant 2 tours.",
            [
                {
                    "op": "modify",
                    "stat": "defense",
                    "amount": 1,
                    "target": {"group": "allies", "guild": "nameades"},
                    "duration": {"turns": 2},
                }
            ],
        ),
        ("Attaque = 6/8.", [{"op": "set", "stat": "attack", "value": [6, 8]}]),
        (
            "Le personnage adverse a Défense = 0.",
            [{"op": "set", "stat": "defense", "value": 0, "target": "opponent"}],
        ),
        ("-2 aux dégâts physiques subis.", [{"op": "damage_taken", "amount": -2, "kinds": ["physical"]}]),
        ("Immunité Théurgies.", [{"op": "immune", "cards": {"type": "theurgie"}}]),
        (
            "Ne peut jouer aucune Potion ni Parchemin.",
            [
                {
                    "op": "forbid",
                    "what": "play",
                    "cards": {"any_of": [{"type": "potion"}, {"type": "parchemin"}]},
                }
            ],
        ),
    ],
)
def test_modifiers_and_their_parts(compiler, text, effects):
    assert card(compiler, text)["effects"] == effects


# --- damage, heals, scaled amounts ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "effects"),
    [
        (
            "Inflige 2 à 4 dégâts magiques au personnage adverse.",
            [{"op": "damage", "kind": "magical", "amount": [2, 4]}],
        ),
        ("Soin 3 Points de vie.", [{"op": "heal", "amount": 3}]),
        ("Vous perdez 2 Points de vie.", [{"op": "lose_hp", "amount": 2}]),
        (
            "Tous les personnages adverses subissent 1 dégât direct.",
            [{"op": "damage", "kind": "direct", "amount": 1, "target": "all_enemies"}],
        ),
        (
            "Attaque +1 pour chaque Potion dans votre Défausse.",
            [
                {
                    "op": "modify",
                    "stat": "attack",
                    "amount": {"per": {"cards": "discard", "match": {"type": "potion"}}},
                }
            ],
        ),
        (
            "Défense +X où X est égal à l'Esprit du personnage adverse.",
            [{"op": "modify", "stat": "defense", "amount": {"per": {"stat": "spirit", "of": "opponent"}}}],
        ),
        (
            "Inflige X dégâts magiques au personnage adverse où X est égal à votre Esprit +1.",
            [{"op": "damage", "kind": "magical", "amount": {"stat": "spirit", "plus": 1}}],
        ),
        (
            "Soin X Points de vie où X est égal à la moitié de votre Défense (arrondie à l'inférieur).",
            [{"op": "heal", "amount": {"per": {"stat": "defense", "of": "self"}, "div": 2}}],
        ),
    ],
)
def test_damage_heals_and_scaled_amounts(compiler, text, effects):
    assert card(compiler, text)["effects"] == effects


def test_a_choice_names_one_character_for_every_effect_after_it(compiler):
    """ "Choisissez un personnage adverse, il …": the same pick target for each effect (one pick per
    resolution, cards/domain/effects.py)."""
    out = card(compiler, "Choisissez un personnage adverse, il subit 2 dégâts directs et a Attaque -1.")
    assert out["effects"] == [
        {"op": "damage", "kind": "direct", "amount": 2, "target": "enemy"},
        {"op": "modify", "stat": "attack", "amount": -1, "target": "enemy"},
    ]


# --- triggers, prefixes, alternatives ------------------------------------------------------------


def test_triggers(compiler):
    out = card(compiler, "En fin de combat, cette carte est placée dans votre Main.")
    assert out["effects"] == [
        {"op": "trigger", "on": "combat_end", "effects": [{"op": "card_to", "to": "hand"}]}
    ]
    out = card(compiler, "A l'activation et en début de combat, le personnage adverse subit 1 dégât direct.")
    hit = {"op": "damage", "kind": "direct", "amount": 1}
    assert out["effects"] == [hit, {"op": "trigger", "on": "combat_start", "effects": [hit]}]
    out = character(
        compiler, "Chaque fois que votre personnage subit des dégâts, Attaque +1 jusqu'à la fin de la partie."
    )
    assert out["abilities"] == [
        {
            "op": "trigger",
            "on": {"damaged": "self"},
            "effects": [{"op": "modify", "stat": "attack", "amount": 1, "duration": "game"}],
        }
    ]


def test_prefix_conditions(compiler):
    out = card(compiler, "Guémélite du Feu : Attaque +2.")
    assert out["effects"] == [
        {"op": "modify", "stat": "attack", "amount": 2, "when": {"played_by_race": "guemelite_feu"}}
    ]
    out = card(compiler, "Si joué par 'Ardent' : Défense +1.")
    assert out["effects"] == [
        {"op": "modify", "stat": "defense", "amount": 1, "when": {"played_by": "ardent"}}
    ]
    out = card(compiler, "Mage ou Prêtre : Esprit +1.")
    assert out["effects"][0]["when"] == {"any": [{"played_by_class": "mage"}, {"played_by_class": "pretre"}]}


def test_if_otherwise(compiler):
    out = card(compiler, "Si le personnage adverse est Mage, il a Esprit -2, sinon il a Défense -2.")
    assert out["effects"] == [
        {
            "op": "modify",
            "stat": "spirit",
            "amount": -2,
            "target": "opponent",
            "when": {"opponent_class": "mage"},
        },
        {
            "op": "modify",
            "stat": "defense",
            "amount": -2,
            "target": "opponent",
            "when": {"not": {"opponent_class": "mage"}},
        },
    ]


# --- characters --------------------------------------------------------------------------------


def test_a_character_text(compiler):
    out = character(
        compiler,
        "Gagne Enchaînement si vous jouez une Hache. Attaque +1 contre les Artisans. "
        "Tours 2 et 6 : Défense +1.",
    )
    assert out["abilities"] == [
        {"op": "chain_on", "match": {"any_of": [{"type": "hache"}, {"type": "hache_main"}]}},
        {"op": "modify", "stat": "attack", "amount": 1, "when": {"opponent_class": "artisan"}},
    ]
    assert out["orders"] == [{"turns": [2, 6], "effects": [{"op": "modify", "stat": "defense", "amount": 1}]}]


def test_ordres_of_every_shape(compiler):
    def turns(text):
        return character(compiler, text)["orders"][0]["turns"]

    assert turns("Tours pairs : Attaque +1.") == "even"
    assert turns("Tours 4 et plus : Attaque +1.") == {"from": 4}
    assert turns("Tours 2 à 4 : Attaque +1.") == [2, 3, 4]
    assert turns("Tour 3 : Esprit +2.") == [3]


def test_a_lasting_standing_effect_of_a_character_starts_with_the_game(compiler):
    """Issue 15 §2: an aura "jusqu'à la fin de la partie" outlives its owner — given at the start of
    the game, for the whole game."""
    out = character(compiler, "Vos autres Kotoba ont Esprit +1 jusqu'à la fin de la partie.")
    assert out["abilities"] == [
        {
            "op": "trigger",
            "on": "game_start",
            "effects": [
                {
                    "op": "modify",
                    "stat": "spirit",
                    "amount": 1,
                    "target": {"group": "other_allies", "guild": "kotoba"},
                    "duration": "game",
                }
            ],
        }
    ]


def test_a_character_names_itself(compiler):
    out = character(compiler, "'Brise' a Défense +1 contre les Mages.", name="Brise")
    assert out["abilities"] == [
        {"op": "modify", "stat": "defense", "amount": 1, "when": {"opponent_class": "mage"}}
    ]


# --- what is not read ---------------------------------------------------------------------------


def test_a_clause_is_read_completely_or_not_at_all(compiler):
    result = compiler.compile("Attaque +2. Attaque +1 et vous changez de couleur. Permanent.", subject="card")
    assert [c.read for c in result.clauses] == [True, False, True]
    assert result.unread == ("Attaque +1 et vous changez de couleur",)
    assert not result.complete
    # the clause's readable part is not kept either: only the first clause's modifier
    assert effects_to_json(result.effects) == [
        {"op": "modify", "stat": "attack", "amount": 2, "duration": "permanent"}
    ]
    assert result.to_json()["unread"] == ["Attaque +1 et vous changez de couleur"]


@pytest.mark.parametrize(
    "text",
    [
        "Attaque +X.",  # X never said
        "Durée 2 tours. Durée 3 tours.",  # two durations
        "Mage : Ambidextrie.",  # a conditional Ambidextrie
        "Attaque +2 pour chaque sourire.",  # an unknown count
        "Les dés sont lancés.",
    ],
)
def test_what_is_not_understood_is_reported(compiler, text):
    assert not compiler.compile(text, subject="card").complete


def test_every_compiled_text_passes_the_schema(compiler):
    texts = [
        "Attaque +1. Ambidextrie. Permanent.",
        "En début de combat, choisissez un de vos Golems, celui-ci gagne 2 Points de vie.",
        "Vos Prêtres ont Esprit +1 et -1 aux dégâts magiques subis.",
    ]
    for text in texts:
        result = compiler.compile(text, subject="card")
        data = effects_to_json(result.effects)
        assert effects_to_json(parse_effects(data)) == data


def test_guess_subject():
    assert guess_subject("Attaque +1 contre les Mages. Tours 2 et 4 : Défense +1.") == "character"
    assert guess_subject("Attaque +2. Permanent.") == "card"
    assert guess_subject("Gagne Enchaînement si vous jouez une Dague.") == "character"


def test_coverage_counts_texts_and_clauses(compiler):
    rows = [
        TextRow("1", "Lame", "Blade", "Attaque +2. Permanent.", ""),
        TextRow("2", "Fil", "Edge", "Attaque +1. Vous changez de couleur.", ""),
        TextRow("3", "Vide", "Empty", "", ""),
    ]
    report = coverage(rows, compiler)
    assert (report.texts, report.complete, report.clauses, report.clauses_read) == (2, 1, 4, 3)
    assert report.lines()[-1] == "compiled 1 of 2 texts fully (50.0%)"


def test_compile_text_is_the_one_call_form():
    vocabulary = vocabulary_from_reference(load_cardset().reference)
    assert compile_text("Défense +1.", vocabulary).complete


def test_a_pronoun_is_read_only_when_the_sentence_before_binds_it(compiler):
    # issue 15 hand check: "A card attached to the opponent is discarded. He has …" read "he" as
    # the holder (and gave the first sentence the second one's condition): not read when the
    # sentence before names no one, or several
    result = compiler.compile(
        "Un Objet attaché à un de vos personnages est défaussé. "
        "Il a Esprit -3 si votre personnage porte une Arme.",
        subject="card",
    )
    assert [c.text for c in result.clauses if not c.read] == [
        "Il a Esprit -3 si votre personnage porte une Arme"
    ]
    assert "whom the pronoun names" in next(c.reason for c in result.clauses if not c.read)
    # … and the opponent when it names only the opponent ("il a <stat>": a character)
    out = card(
        compiler,
        "Un Objet attaché à votre adversaire est défaussé. "
        "Il a Esprit -3 si votre personnage porte une Arme.",
    )
    assert out["effects"] == [
        {"op": "discard_attached", "cards": {"type": "objet"}},
        {
            "op": "modify",
            "stat": "spirit",
            "amount": -3,
            "target": "opponent",
            "when": {"carrying": "weapon"},
        },
    ]
    # the card attached to a chosen character: "il" is its carrier
    out = card(compiler, "Choisissez un personnage et attachez-lui cette carte. Il a Esprit -3. Permanent.")
    assert out["effects"] == [{"op": "modify", "stat": "spirit", "amount": -3, "duration": "permanent"}]
