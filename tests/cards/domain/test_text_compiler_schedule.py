"""The rules-text compiler's family "schedule": when things happen — here a card that leaves the
deck at the start of the game (cards/domain/grammar_schedule.py, the play rule ``starts``).

Every text here is written for these tests, in the cards' grammar (other names and
combinations); none is a card's text.
"""

from __future__ import annotations

import pytest

from cards.domain.specs import CardSpec, SpecError, Starts, parse_play_rules
from cards.domain.text import Names, card_text


def play(compiler, text, **kw):
    result = compiler.compile(text, subject="card", **kw)
    assert result.complete, result.clauses
    return result.to_json()["play"]


@pytest.mark.parametrize(
    ("text", "starts"),
    [
        (
            "En début de partie cette carte s'attache à un de vos Golems.",
            {"attached": {"group": "allies", "pick": "choice", "race": "golem"}},
        ),
        (
            "Au début de la partie, cette carte s'attache à un de vos Prêtres.",
            {"attached": {"group": "allies", "pick": "choice", "class": "pretre"}},
        ),
        (
            "En début de partie, s'attache à l'un de vos Mages non multiclassé.",
            {"attached": {"group": "allies", "pick": "choice", "class": "mage", "single_class": True}},
        ),
        (
            "En début de partie, cette carte est placée sur un de vos personnages au hasard.",
            {"attached": "random_ally"},
        ),
        (
            "En début de partie, s'attache à 'Bolgrim' s'il fait partie de vos personnages.",
            {"attached": {"group": "allies", "family": "bolgrim"}},
        ),
        (
            "Cette carte s'attache à 'Bolgrim' en début de partie.",
            {"attached": {"group": "allies", "family": "bolgrim"}},
        ),
        ("En début de partie, cette carte s'ajoute à votre Main.", "hand"),
        ("En début de partie cette carte est placée dans votre main.", "hand"),
    ],
)
def test_a_card_that_leaves_the_deck_at_the_start_of_the_game(compiler, text, starts):
    out = play(compiler, f"Permanent. {text} Défense +1.")
    assert out == {"stays": "permanent", "starts": starts}


def test_a_card_starting_attached_stays_and_its_modifiers_last_while_attached(compiler):
    result = compiler.compile("En début de partie cette carte s'attache à un de vos Golems. Défense +1.")
    assert result.complete
    assert result.to_json()["effects"] == [
        {"op": "modify", "stat": "defense", "amount": 1, "duration": "permanent"}
    ]


def test_its_own_name_as_the_subject(compiler):
    out = play(
        compiler,
        "Permanent. En début de partie, 'Lanterne' s'attache à 'Bolgrim' "
        "s'il fait partie de vos personnages.",
        name="Lanterne",
    )
    assert out["starts"] == {"attached": {"group": "allies", "family": "bolgrim"}}
    # another card than this one is no play rule of this card
    assert not compiler.compile(
        "Permanent. En début de partie, 'Lanterne' s'attache à 'Bolgrim' "
        "s'il fait partie de vos personnages.",
        name="Bougie",
    ).complete


@pytest.mark.parametrize(
    "text",
    [
        # an enemy, a group (every one?), two groups: not one of the player's characters
        "En début de partie cette carte s'attache à un personnage adverse.",
        "En début de partie cette carte s'attache à vos Golems.",
        "En début de partie, s'attache à un de vos Golems ou Mages.",
        # a condition on the start: not read
        "En début de partie, si vos personnages sont Golems, cette carte est placée dans votre main.",
    ],
)
def test_what_is_not_read(compiler, text):
    assert not compiler.compile(f"Permanent. {text}").complete


def test_the_schema_round_trip_and_its_refusals():
    for data in ({"starts": "hand"}, {"stays": "permanent", "starts": {"attached": "ally"}}):
        assert parse_play_rules(data).to_json() == data
    named = {"starts": {"attached": {"group": "allies", "family": "bolgrim"}}}
    assert parse_play_rules(named).starts == Starts("attached", parse_play_rules(named).starts.target)
    for bad, message in (
        ({"starts": "deck"}, 'expected "hand"'),
        ({"starts": {"attached": "random_enemy"}}, "one of your characters"),
        ({"starts": {"attached": "all_allies"}}, "one of your characters"),
        ({"stays": "no", "starts": {"attached": "ally"}}, "does not stay"),
    ):
        with pytest.raises(SpecError, match=message):
            parse_play_rules(bad)


def test_a_card_starting_attached_stays_and_its_rules_text():
    spec = CardSpec(
        slug="x",
        family="x",
        level=1,
        name_en="X",
        name_fr="X",
        type="action",
        type_path=("action",),
        play=parse_play_rules({"starts": {"attached": "random_ally"}}),
    )
    assert spec.attaches
    names = Names()
    en, fr = card_text(spec, "en", names), card_text(spec, "fr", names)
    assert "At the start of the game, this card leaves your deck and is attached to" in en
    assert "En début de partie, cette carte quitte votre deck et s'attache à" in fr
    hand = CardSpec(
        slug="y",
        family="y",
        level=1,
        name_en="Y",
        name_fr="Y",
        type="action",
        type_path=("action",),
        play=parse_play_rules({"starts": "hand"}),
    )
    assert not hand.attaches
    assert "this card goes from your deck to your hand" in card_text(hand, "en", names)
    assert "cette carte passe de votre deck à votre main" in card_text(hand, "fr", names)


# --- the turn counter moved on (op advance_turns) ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "effects"),
    [
        (
            "En fin de tour, le compteur de tours avance d'un tour supplémentaire.",
            [{"op": "trigger", "on": "turn_end", "effects": [{"op": "advance_turns", "amount": 1}]}],
        ),
        (
            "En début de partie, le compteur de tour avance de 2 tours.",
            [{"op": "trigger", "on": "game_start", "effects": [{"op": "advance_turns", "amount": 2}]}],
        ),
        (
            "A la fin du tour, le compteur tour avance de 0 à 2 tours supplémentaires.",
            [{"op": "trigger", "on": "turn_end", "effects": [{"op": "advance_turns", "amount": [0, 2]}]}],
        ),
        (
            "Le compteur de tours avancera d'un tour supplémentaire au prochain tour.",
            [{"op": "advance_turns", "amount": 1}],
        ),
        (
            "Le compteur de tours est avancé de 3 tours supplémentaires.",
            [{"op": "advance_turns", "amount": 3}],
        ),
    ],
)
def test_the_turn_counter_moved_on(compiler, text, effects):
    result = compiler.compile(f"Permanent. {text}")
    assert result.complete, result.clauses
    assert result.to_json()["effects"] == effects


def test_the_turn_counter_in_an_ordre_and_not_as_a_standing_ability(compiler):
    result = compiler.compile(
        "Tours 3 et plus : le compteur de tours avance d'un tour supplémentaire.", subject="character"
    )
    assert result.complete
    assert result.to_json()["orders"] == [
        {"turns": {"from": 3}, "effects": [{"op": "advance_turns", "amount": 1}]}
    ]
    # on a character without a moment: when? (a standing ability holds, it does not happen)
    assert not compiler.compile("Le compteur de tours avance d'un tour.", subject="character").complete


def test_advance_turns_schema_and_text():
    from cards.domain.effects import AdvanceTurns, EffectError, effects_to_json, parse_effects
    from cards.domain.text import effect_text

    for data in ({"op": "advance_turns", "amount": 2}, {"op": "advance_turns", "amount": [0, 1]}):
        assert effects_to_json(parse_effects([data])) == [data]
    for bad in (0, 11, [1, 1], [0, 1, 2], "x"):
        with pytest.raises(EffectError):
            parse_effects([{"op": "advance_turns", "amount": bad}])
    names = Names()
    assert effect_text(AdvanceTurns(1), "en", names) == "The turn counter moves on 1 more turn."
    assert effect_text(AdvanceTurns((0, 2)), "fr", names) == (
        "Le compteur de tours avance de 0 à 2 tours supplémentaires."
    )


def test_an_ordre_whose_colon_is_missing_before_a_stat(compiler):
    result = compiler.compile("Tours 2 et 5 Esprit +2 jusqu'à la fin de la partie.", subject="character")
    assert result.complete
    assert result.to_json()["orders"] == [
        {"turns": [2, 5], "effects": [{"op": "modify", "stat": "spirit", "amount": 2, "duration": "game"}]}
    ]
    # not before anything else (a sentence that merely starts with "Tours …")
    assert not compiler.compile("Tours 2 et 5 vos alliés gagnent 1 PV.", subject="character").complete


def test_a_sentence_glued_after_a_quoted_name_and_the_fighters_misspelt(compiler):
    from cards.domain.text_compiler import split_clauses

    text = "Une 'Pelle' de votre deck est attachée à 'Brok' Si vous avez un Mage en vie, Défense +1."
    assert split_clauses(text) == [
        "Une 'Pelle' de votre deck est attachée à 'Brok'",
        "Si vous avez un Mage en vie, Défense +1",
    ]
    result = compiler.compile(
        "Tours 2 et 3 : Les deux personnages en combats reçoivent 2 marqueurs poudre.", subject="character"
    )
    assert result.complete
    assert result.to_json()["orders"][0]["effects"] == [
        {"op": "marker", "name": "poudre", "count": 2, "target": "fighters"}
    ]


def test_characters_carrying_no_such_card(compiler):
    from cards.domain.effects import parse_target

    out = play(compiler, "Permanent. En début de partie, cette carte s'attache à un de vos Mages sans Dague.")
    target = {"group": "allies", "pick": "choice", "class": "mage", "not_carrying": {"type": "dague"}}
    assert out["starts"] == {"attached": target}
    assert parse_target(target, "t").to_json() == target
    result = compiler.compile("Vos Golems sans Armure ont Défense +1.")
    assert result.complete
    assert result.to_json()["effects"][0]["target"] == {
        "group": "allies",
        "race": "golem",
        "not_carrying": {"type": "armure"},
    }
    assert "carrying no" in card_text_of(result)
    assert not compiler.compile("Vos Golems sans peur ont Défense +1.").complete


def card_text_of(result):
    from cards.domain.text import effect_text

    return effect_text(result.effects[0], "en", Names())


def test_small_variants_of_read_phrases_at_a_moment(compiler):
    # "votre Deck (pioche)": the draw pile glossed, the deck
    result = compiler.compile("En fin de tour cette carte est placée dans votre Deck (pioche).")
    assert result.complete
    assert result.to_json()["effects"] == [
        {"op": "trigger", "on": "turn_end", "effects": [{"op": "card_to", "to": "deck"}]}
    ]
    # "créée est attachée": the "et" misspelt
    typo = compiler.compile(
        "En début de partie, une 'Cloche fêlée' est créée est attachée à un personnage adverse."
    )
    right = compiler.compile(
        "En début de partie, une 'Cloche fêlée' est créée et attachée à un personnage adverse."
    )
    assert typo.complete
    assert typo.to_json()["effects"] == right.to_json()["effects"]
    assert not compiler.compile("Une 'Cloche fêlée' est créée est jouée.").complete


def test_a_change_of_appearance_does_not_swallow_what_follows_it(compiler):
    # the appearance alone has no game effect ...
    assert compiler.compile("Votre personnage prend l'apparence d'un Crapaud doré. Attaque +1.").complete
    # ... but what the character has besides it is not dropped with it
    result = compiler.compile(
        "Votre personnage prend l'apparence d'un Crapaud doré et a Attaque +2 contre les personnages "
        "ayant une apparence de Mouche."
    )
    assert not result.complete


def test_one_card_chosen_written_as_a_numeral(compiler):
    def orders(text):
        result = compiler.compile(text, subject="character")
        assert result.complete, result.clauses
        return result.to_json()["orders"]

    assert orders("Tour 3 et 5 : Choisissez 1 Arme adverse en jeu, elle est défaussée.") == orders(
        "Tours 3 et 5 : Choisissez une Arme adverse en jeu, elle est défaussée."
    )
    assert not compiler.compile("Choisissez 2 Armes adverses en jeu, elle est défaussée.").complete


def test_the_characters_that_took_part_in_the_combat_are_the_fighters(compiler):
    result = compiler.compile(
        "En fin de tour, chaque personnage ayant participé au combat perd 2 Points de vie."
    )
    same = compiler.compile("En fin de tour, chaque personnage en combat perd 2 Points de vie.")
    assert result.complete
    assert result.to_json()["effects"] == same.to_json()["effects"]
    assert result.to_json()["effects"][0]["effects"][0]["target"] == "fighters"


def test_a_card_attached_to_a_character_taken_is_a_card_in_play(compiler):
    result = compiler.compile(
        "En fin de tour, choisissez une Armure attachée à un personnage, elle est placée dans votre Deck."
    )
    same = compiler.compile("En fin de tour, choisissez une Armure en jeu, elle est placée dans votre Deck.")
    assert result.complete
    assert result.to_json()["effects"] == same.to_json()["effects"]
