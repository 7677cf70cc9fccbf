"""The rules-text compiler's conditional and triggered clauses about cards (issue 15, family
"cards_if": cards/domain/grammar_cards_if.py, grammar_cards.attached_discarded,
grammar_misc.countered_to_discard).

Every text here is written for these tests, in the cards' grammar (the phrases the real texts are
made of, with other numbers, names and combinations); none is a card's text.
"""

from __future__ import annotations

from cards.domain.effects import parse_effects
from cards.domain.text import effect_text


def effects(compiler, text, subject="card", **kw):
    result = compiler.compile(text, subject=subject, **kw)
    assert result.complete, result.clauses
    out = result.to_json()
    return out["effects"] if subject == "card" else out["abilities"]


def unread(compiler, text, subject="card", **kw):
    return compiler.compile(text, subject=subject, **kw).unread


# --- a copy carried before this one ---------------------------------------------------------------------


def test_a_copy_carried_already_is_discarded_never_this_card(compiler):
    out = effects(
        compiler,
        "Attaque +1. Si votre personnage porte déjà une Plume grise, cette dernière est défaussée. "
        "Permanent.",
        name="Plume grise",
    )
    assert out[1] == {
        "op": "discard_attached",
        "target": "self",
        "count": "all",
        "cards": {"card": "plume-grise"},
        "other": True,
    }
    # "l'un de vos personnages": any of the player's characters, on a card that stays
    out = effects(
        compiler,
        "Durée 2 tours. Si l'un de vos personnages porte déjà une Plume grise, cette dernière est défaussée.",
        name="Plume grise",
    )
    assert out == [
        {
            "op": "discard_attached",
            "target": "all_allies",
            "count": "all",
            "cards": {"card": "plume-grise"},
            "other": True,
        }
    ]
    # a card that does not stay: whose copy?
    assert unread(
        compiler,
        "Si l'un de vos personnages porte déjà une Plume grise, cette dernière est défaussée.",
        name="Plume grise",
    )
    # a kind of card: the one carried before (this card, if it is one, is never taken)
    assert effects(
        compiler, "Si votre personnage porte déjà une Arme, cette dernière est défaussée. Permanent."
    )[0]["other"]


def test_other_round_trips_and_is_said(compiler):
    data = [
        {
            "op": "discard_attached",
            "target": "self",
            "count": "all",
            "cards": {"card": "plume-grise"},
            "other": True,
        }
    ]
    (effect,) = parse_effects(data, "effects", "card")
    assert effect.other
    assert "other than this one" in effect_text(effect, "en")
    assert "autre(s) que celle-ci" in effect_text(effect, "fr")
    import pytest

    from cards.domain.effects import EffectError

    with pytest.raises(EffectError, match=r"other"):
        parse_effects([{**data[0], "other": "yes"}], "effects", "card")


# --- the card countered goes to the discard pile instead -----------------------------------------------


def test_the_card_countered_is_discarded_instead_under_a_condition(compiler):
    out = effects(
        compiler,
        "Défense +1. Le prochain Sort adverse est retourné dans la main de l'adversaire. "
        "Si vous jouez 'Coup double' après cette carte, la carte adverse est défaussée.",
    )
    then = {"followed_by": {"card": "coup-double"}}
    assert out[1:] == [
        {"op": "counter", "cards": {"type": "sort"}, "to": "hand", "when": {"not": then}},
        {"op": "counter", "cards": {"type": "sort"}, "when": then},
    ]
    # no card countered before: which opposing card?
    assert unread(
        compiler, "Défense +1. Si vous jouez 'Coup double' après cette carte, la carte adverse est défaussée."
    )
    # countered to the discard pile already: nothing to change
    assert unread(
        compiler,
        "La prochaine Action adverse est défaussée. "
        "Si vous jouez 'Coup double' après cette carte, la carte adverse est défaussée.",
    )


# --- a cost said as a condition -----------------------------------------------------------------------------


def test_cards_discarded_from_hand_as_a_condition_are_a_cost_the_player_may_pay(compiler):
    out = effects(
        compiler,
        "En début de combat, si vous défaussez 3 cartes de votre main, un 'Petit golem' est créé et joué.",
        subject="character",
    )
    assert out == [
        {
            "op": "trigger",
            "on": "combat_start",
            "effects": [
                {
                    "op": "pay",
                    "cost": {"hand": 3},
                    "may": True,
                    "effects": [{"op": "create", "card": "petit-golem", "to": "play"}],
                }
            ],
        }
    ]
    assert effects(compiler, "Si vous défaussez une carte de votre main, Esprit +2.") == [
        {
            "op": "pay",
            "cost": {"hand": 1},
            "may": True,
            "effects": [{"op": "modify", "stat": "spirit", "amount": 2}],
        }
    ]
    # "sinon": what happens when the player does not pay is not a cost's
    assert unread(compiler, "Si vous défaussez une carte de votre main, Esprit +2, sinon Défense +1.")


def test_a_known_card_whose_name_starts_with_an_ellipsis_is_that_card(compiler):
    """ "'… fin du voyage'" names every card whose name ends so, unless a card has that very name."""
    from cards.domain.text_compiler import TextCompiler

    text = (
        "Le prochain Objet adverse est retourné dans la main de l'adversaire. "
        "Si vous jouez '… fin du voyage' après cette carte, la carte adverse est défaussée."
    )
    assert unread(compiler, text)
    named = TextCompiler(compiler.vocabulary, {"... fin du voyage": "fin-du-voyage"})
    result = named.compile(text, subject="card")
    assert result.complete
    assert result.to_json()["effects"][1]["when"] == {"followed_by": {"card": "fin-du-voyage"}}


# --- a card that stays, discarded when something is played -------------------------------------------------


def test_a_card_that_stays_is_discarded_each_time_a_card_is_played(compiler):
    out = effects(
        compiler,
        "Esprit +1. Permanent. Cette carte est défaussée si un de vos personnages active une Potion.",
    )
    assert out[-1] == {
        "op": "trigger",
        "on": {"plays": {"type": "potion"}, "by": "all_allies"},
        "effects": [{"op": "card_to", "to": "discard"}],
    }
    assert effects(compiler, "Permanent. Cette carte est défaussée si vous jouez un Sort.")[-1]["on"] == {
        "plays": {"type": "sort"}
    }
    # a card that does not stay: once, or each time? not read
    assert unread(
        compiler, "Esprit +1. Cette carte est défaussée si un de vos personnages active une Potion."
    )


# --- cards of the hand the holder may play ---------------------------------------------------------


def test_one_of_n_playable_cards_of_the_hand_is_played(compiler):
    out = effects(
        compiler,
        "Après avoir joué vos cartes, si vous avez 3 Armes jouables en Main, l'une d'elles est jouée.",
        subject="character",
    )
    counted = {"cards": "hand", "match": {"type": "arme"}, "playable": True}
    assert out == [
        {
            "op": "trigger",
            "on": "after_cards",
            "effects": [
                {
                    "op": "play_card",
                    "from": "hand",
                    "cards": {"type": "arme"},
                    "playable": True,
                    "when": {"compare": {"left": counted, "cmp": ">=", "right": 3}},
                }
            ],
        }
    ]


def test_a_count_of_playable_cards_in_the_schema(compiler):
    import pytest

    from cards.domain.effects import EffectError, parse_count
    from cards.domain.text import Names, count_text

    count = parse_count({"cards": "hand", "match": {"type": "arme"}, "playable": True}, "per")
    assert count.playable and count.to_json()["playable"] is True
    assert "you may play" in count_text(count, "en", Names()) and "jouable" in count_text(
        count, "fr", Names()
    )
    for bad in (
        {"cards": "play", "playable": True},
        {"cards": "hand", "owner": "opponent", "playable": True},
        {"cards": "hand", "playable": False},
    ):
        with pytest.raises(EffectError, match="playable"):
            parse_count(bad, "per")


def test_a_card_of_the_hand_chosen_and_removed_with_the_opponents(compiler):
    out = effects(
        compiler,
        "En début de combat, si vous choisissez une carte de votre main, celle-ci et deux cartes de la "
        "main adverse sont retirées de la partie.",
        subject="character",
    )
    assert out[0]["effects"] == [
        {
            "op": "pay",
            "cost": {"hand": 1, "to": "removed"},
            "may": True,
            "effects": [{"op": "move", "from": "hand", "to": "removed", "owner": "opponent", "count": 2}],
        }
    ]


def test_a_hand_cost_to_removed_in_the_schema():
    import pytest

    from cards.domain.effects import EffectError, parse_effects
    from cards.domain.text import effect_text

    data = [
        {
            "op": "pay",
            "cost": {"hand": 2, "to": "removed"},
            "effects": [{"op": "draw", "count": 1}],
            "may": True,
        }
    ]
    parsed = parse_effects(data, "effects", "card")
    from cards.domain.effects import effects_to_json

    assert effects_to_json(parsed) == data
    assert "remove 2 cards of its hand from the game" in effect_text(parsed[0], "en")
    assert "retirer 2 cartes de sa main de la partie" in effect_text(parsed[0], "fr")
    with pytest.raises(EffectError, match="to"):
        parse_effects([{**data[0], "cost": {"hand": 2, "to": "deck"}}], "effects", "card")


def test_cards_en_main_are_those_of_the_players_hand(compiler):
    assert effects(compiler, "Si vous avez moins de 2 cartes en Main, Défense +1.") == [
        {
            "op": "modify",
            "stat": "defense",
            "amount": 1,
            "when": {"compare": {"left": {"cards": "hand"}, "cmp": "<", "right": 2}},
        }
    ]


def test_this_card_goes_to_a_named_character_of_the_holders_side(compiler):
    from cards.domain.text_compiler import TextCompiler

    named = TextCompiler(compiler.vocabulary, {"duc de brume": "duc-de-brume"})
    result = named.compile(
        "Défense +1. Permanent. En fin de combat, cette carte s'attache au Duc de Brume s'il est en vie.",
        subject="card",
        name="Cape du Duc",
    )
    assert result.complete
    assert result.to_json()["effects"][-1] == {
        "op": "trigger",
        "on": "combat_end",
        "effects": [
            {"op": "attach", "target": {"group": "allies", "pick": "random", "family": "duc-de-brume"}}
        ],
    }
    # a name the pool does not know: not read
    assert compiler.compile(
        "Permanent. En fin de combat, cette carte s'attache au Duc de Brume s'il est en vie.", subject="card"
    ).unread


def test_a_card_of_two_piles_attached_to_a_character_of_the_players_choice(compiler):
    out = effects(
        compiler,
        "Permanent. Lorsque cette carte s'active une Amulette de votre Main ou votre Défausse est attachée "
        "à un personnage de votre choix.",
    )
    assert out == [
        {
            "op": "move",
            "from": ["hand", "discard"],
            "to": "attach",
            "cards": {"type": "amulette"},
            "target": "character",
        }
    ]


def test_a_count_of_two_piles_and_one_of_their_cards_moved(compiler):
    out = effects(
        compiler,
        "En début de combat, s'il y a plus de 4 Objets réservés aux Mages dans votre Deck et votre Défausse, "
        "l'un d'eux est placé dans votre Main.",
        subject="character",
    )
    match = {"class_reserved": "mage", "type": "objet"}
    assert out[0]["effects"] == [
        {
            "op": "move",
            "from": ["deck", "discard"],
            "to": "hand",
            "cards": match,
            "when": {
                "compare": {"left": {"cards": ["deck", "discard"], "match": match}, "cmp": ">", "right": 4}
            },
        }
    ]


def test_a_count_of_several_piles_in_the_schema():
    import pytest

    from cards.domain.effects import EffectError, parse_count
    from cards.domain.text import Names, count_text

    count = parse_count({"cards": ["discard", "deck"]}, "per")
    assert count.pile == "discard" and count.also == ("deck",)
    assert count.to_json() == {"cards": ["discard", "deck"]}
    assert "discard pile and deck" in count_text(count, "en", Names())
    for bad in ({"cards": ["deck"]}, {"cards": ["deck", "deck"]}, {"cards": ["deck", "play"]}):
        with pytest.raises(EffectError, match="cards"):
            parse_count(bad, "per")


# --- whom the card is attached to, under a condition -------------------------------------------------------


def test_whom_the_card_is_attached_to_under_a_condition(compiler):
    def play(text):
        result = compiler.compile(text, subject="card")
        assert result.complete, result.clauses
        return result.to_json()["play"]

    assert play("S'attache au personnage adverse si votre personnage n'est pas Prêtre. Permanent.") == {
        "stays": "permanent",
        "if": [{"when": {"not": {"played_by_class": "pretre"}}, "attach": "opponent"}],
    }
    assert play("Durée 2 tours. Si jouée après 'Ruse', cette carte s'attache à votre adversaire.")["if"] == [
        {"when": {"follows": {"card": "ruse"}}, "attach": "opponent"}
    ]
    # on a card attached to the opponent, "vous" is still who plays it
    assert play(
        "Durée 3 tours. S'attache à votre adversaire. Si vous portez une Dague, choisissez le personnage "
        "auquel cette carte s'attache."
    )["if"] == [{"when": {"carrying_match": {"type": "dague"}}, "attach": "character"}]


def test_a_card_that_stays_acts_each_time_its_carrier_plays_a_card(compiler):
    out = effects(compiler, "Permanent. Esprit +1. Si ce personnage joue une Dague il gagne une Rune Cor.")
    assert out[-1] == {
        "op": "trigger",
        "on": {"plays": {"type": "dague"}},
        "effects": [{"op": "create", "card": "rune-cor", "to": "attach"}],
    }
    # a card that does not stay: once, or each time? not read
    assert unread(compiler, "Esprit +1. Si ce personnage joue une Dague il gagne une Rune Cor.")


def test_a_name_written_without_its_space_before_an_exclamation_mark(compiler):
    """ "'… Et la suite!'" names the card "… et la suite !" (the space before "!" left out)."""
    from cards.domain.text_compiler import TextCompiler, TextRow, names_of

    rows = [TextRow("1", "... et la suite !", "... and more!", "", "")]
    names = names_of(rows, compiler.vocabulary)
    assert names["... et la suite !"] == names["... et la suite!"]
    named = TextCompiler(compiler.vocabulary, names)
    result = named.compile("Défense +2 si '... Et la suite!' est jouée après cette carte.", subject="card")
    assert result.complete
    assert result.to_json()["effects"][0]["when"] == {"followed_by": {"card": names["... et la suite !"]}}


def test_il_a_a_stat_after_a_sentence_naming_one_character_is_that_character(compiler):
    """ "Un Sort attaché à votre adversaire est défaussé. Il a Défense -1": only a character has a
    Défense, and the sentence before names one, the opponent; with another character named, or a
    card only, the pronoun stays unread."""
    got = effects(compiler, "Un Objet attaché à votre adversaire est défaussé. Il a Esprit -1.")
    assert got[1] == {"op": "modify", "stat": "spirit", "amount": -1, "target": "opponent"}
    got = effects(compiler, "Votre personnage perd 1 Point de vie. Il a Attaque +1.")
    assert got[1] == {"op": "modify", "stat": "attack", "amount": 1}
    assert unread(compiler, "Un Objet attaché à un de vos personnages est défaussé. Il a Esprit -1.")
    assert unread(compiler, "Un Objet de votre Deck est placé dans votre Main. Il a Esprit -1.")
    assert unread(compiler, "Un Objet attaché à votre adversaire est défaussé. Il est placé dans votre Main.")
