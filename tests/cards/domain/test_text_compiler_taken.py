"""Readings of cards taken and kept (issue 15 §3/§4, helper "cards", round 2): one of the cards
created kept, the others never played; a card in play taken into the player's own hand.

Every text here is written for these tests, in the cards' grammar (other numbers, names and
combinations); none is a card's text.
"""

from __future__ import annotations

import pytest


def card(compiler, text, name=""):
    result = compiler.compile(text, subject="card", name=name)
    assert result.complete, result.clauses
    return result.to_json()["effects"]


def unread(compiler, text, subject="card"):
    return not compiler.compile(text, subject=subject).complete


# --- one of the cards created, kept -------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Un 'Grelot' et une 'Lanterne' sont créés et joués. Choisissez l'une de ces 2 cartes, "
        "l'autre est détruite.",
        "Un 'Grelot' et une 'Lanterne' sont créés et joués. Choisissez l'une de ces deux cartes. "
        "L'autre est détruite.",
    ],
)
def test_one_of_the_created_cards_is_the_players_choice(compiler, text):
    assert card(compiler, text) == [
        {
            "op": "one_of",
            "options": [
                [{"op": "create", "card": "grelot", "to": "play"}],
                [{"op": "create", "card": "lanterne", "to": "play"}],
            ],
        }
    ]


@pytest.mark.parametrize(
    "text",
    [
        # three cards created, "l'une de ces 2"
        "Un 'Grelot', une 'Lanterne' et un 'Fanal' sont créés et joués. Choisissez l'une de ces 2 "
        "cartes, l'autre est détruite.",
        # nothing created before
        "Attaque +1. Choisissez l'une de ces 2 cartes, l'autre est détruite.",
        # not said what happens to the other
        "Un 'Grelot' et une 'Lanterne' sont créés et joués. Choisissez l'une de ces 2 cartes.",
    ],
)
def test_one_of_the_created_cards_not_read_otherwise(compiler, text):
    assert unread(compiler, text)


# --- a card in play taken into the player's own pile ------------------------------------------------


def character(compiler, text):
    result = compiler.compile(text, subject="character")
    assert result.complete, result.clauses
    return result.to_json()["abilities"]


@pytest.mark.parametrize(
    "text",
    [
        "Au début de vos combats, vous pouvez choisir une Armure en jeu, elle est placée dans votre Main.",
        "Au début de vos combats, vous pouvez choisir une armure en jeu et la placer dans votre main.",
    ],
)
def test_a_card_in_play_may_be_taken_into_the_players_hand(compiler, text):
    (trigger,) = character(compiler, text)
    assert trigger["effects"] == [
        {
            "op": "discard_attached",
            "target": "all_characters",
            "cards": {"type": "armure"},
            "pick": "choice",
            "to": "hand",
            "into": "self",
            "may": True,
        }
    ]


def test_a_chosen_card_of_the_opponent_in_play_goes_into_the_players_deck(compiler):
    assert card(compiler, "Choisissez une Amulette adverse en jeu, elle est placée dans votre Deck.") == [
        {
            "op": "discard_attached",
            "target": "all_characters",
            "cards": {"type": "amulette"},
            "owner": "opponent",
            "pick": "choice",
            "to": "deck",
            "into": "self",
        }
    ]


def test_taken_into_own_round_trips_and_says_it():
    from cards.domain.effects import effects_to_json, parse_effects
    from cards.domain.text import Names, effect_text

    data = [
        {
            "op": "discard_attached",
            "target": "all_characters",
            "pick": "choice",
            "to": "hand",
            "into": "self",
            "may": True,
        }
    ]
    effects = parse_effects(data)
    assert effects_to_json(effects) == data
    assert "Up to 1 card" in effect_text(effects[0], "en", Names())
    assert "put into your hand" in effect_text(effects[0], "en", Names())
    assert "Jusqu'à 1 carte" in effect_text(effects[0], "fr", Names())
    assert "placée(s) dans votre main" in effect_text(effects[0], "fr", Names())


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ({"op": "discard_attached", "to": "removed", "into": "self"}, "effect.into"),
        ({"op": "discard_attached", "to": "hand", "into": "theirs"}, "effect.into"),
        ({"op": "discard_attached", "may": True}, "effect.may"),
        ({"op": "discard_attached", "pick": "choice", "may": "yes"}, "effect.may"),
    ],
)
def test_taken_into_own_refused_when_it_makes_no_sense(data, path):
    from cards.domain.effects import EffectError, parse_effect

    with pytest.raises(EffectError) as info:
        parse_effect(data)
    assert info.value.path == path


# --- "une carte 'X'", cards that last longer ----------------------------------------------------


def test_a_card_named_after_carte_is_created(compiler):
    assert card(compiler, "Une carte 'Grelot' est créée et jouée.") == [
        {"op": "create", "card": "grelot", "to": "play"}
    ]


@pytest.mark.parametrize(
    ("text", "lasts", "longer"),
    [
        (
            "Les cartes 'Grelot' jouées par vos personnages durent trois tours supplémentaires.",
            {"turns": 3},
            True,
        ),
        ("Les 'Grelot' jouées par vos personnages durent 2 combats supplémentaires.", {"combats": 2}, True),
        # "tours" is turns (it was read as an unknown duration before)
        ("Vos 'Grelot' durent 4 tours.", {"turns": 4}, False),
    ],
)
def test_cards_that_last_longer(compiler, text, lasts, longer):
    (effect,) = character(compiler, text)
    assert effect["op"] == "cards_last" and effect["lasts"] == lasts
    assert effect["cards"] == {"card": "grelot"} and effect["target"] == "all_allies"
    assert effect.get("longer", False) is longer


def test_cards_last_longer_round_trips_says_it_and_is_refused_when_permanent():
    from cards.domain.effects import EffectError, effects_to_json, parse_effect, parse_effects
    from cards.domain.text import Names, effect_text

    data = [{"op": "cards_last", "cards": {"type": "sort"}, "lasts": {"turns": 2}, "longer": True}]
    effects = parse_effects(data, context="ability")
    assert effects_to_json(effects) == data
    assert "2 turns more than they say" in effect_text(effects[0], "en", Names())
    assert "2 tours supplémentaires" in effect_text(effects[0], "fr", Names())
    with pytest.raises(EffectError) as info:
        parse_effect(
            {"op": "cards_last", "cards": {"type": "sort"}, "lasts": "permanent", "longer": True},
            context="ability",
        )
    assert info.value.path == "effect.longer"


# --- the card played, the player's pick under a condition; a prefix of what is carried ---------


def test_the_card_played_is_the_players_pick_under_a_condition(compiler):
    played = {"op": "play_card", "from": "hand", "cards": {"type": "arme"}}
    assert card(
        compiler,
        "Une Arme de votre Main est jouée. Mage : Vous pouvez choisir l'Arme jouée depuis votre Main.",
    ) == [
        {**played, "when": {"not": {"played_by_class": "mage"}}},
        {**played, "pick": "choice", "when": {"played_by_class": "mage"}},
    ]


@pytest.mark.parametrize(
    "text",
    [
        # another pile than the card played
        "Une Arme de votre Main est jouée. Mage : Vous pouvez choisir l'Arme jouée depuis votre Deck.",
        # nothing played before
        "Attaque +2. Mage : Vous pouvez choisir l'Arme jouée depuis votre Main.",
    ],
)
def test_the_pick_under_a_condition_not_read_otherwise(compiler, text):
    assert unread(compiler, text)


def test_a_prefix_of_what_the_character_carries(compiler):
    assert card(compiler, "Personnage sans caste ne portant pas d'Armure : Attaque +2.") == [
        {
            "op": "modify",
            "stat": "attack",
            "amount": 2,
            "when": {
                "compare": {"left": {"castes": "self"}, "cmp": "==", "right": 0},
                "not": {"carrying_match": {"type": "armure"}},
            },
        }
    ]
    assert card(compiler, "Mage portant une Amulette : Esprit +1.") == [
        {
            "op": "modify",
            "stat": "spirit",
            "amount": 1,
            "when": {"played_by_class": "mage", "carrying_match": {"type": "amulette"}},
        }
    ]


# --- the other copies of this card in play --------------------------------------------------------


def test_the_other_copies_of_this_card_in_play_are_discarded(compiler):
    assert card(compiler, "Les autres 'Grelot' en jeu sont défaussées. Durée 2 tours.", name="Grelot") == [
        {
            "op": "discard_attached",
            "target": "all_characters",
            "count": "all",
            "cards": {"card": "grelot"},
            "other": True,
        }
    ]
    assert (
        card(compiler, "Vos autres 'Grelot' en jeu sont défaussés. Permanent.", name="Grelot")[0]["owner"]
        == "self"
    )
    # other than what, when this card is not one of them?
    assert not compiler.compile(
        "Les autres 'Fanal' en jeu sont défaussées.", subject="card", name="Grelot"
    ).complete


# --- played whatever the requirements; several kinds played whatever their requirements --------


def test_a_card_played_whatever_its_requirements(compiler):
    (trigger,) = character(
        compiler,
        "Au début de vos combats, choisissez une carte de votre Main, "
        "elle est jouée en ignorant ses pré-requis.",
    )
    assert trigger["effects"] == [{"op": "play_card", "from": "hand", "pick": "choice", "unrestricted": True}]
    assert card(compiler, "Une Lance de votre Deck est jouée sans restriction.") == [
        {"op": "play_card", "from": "deck", "cards": {"type": "lance"}, "unrestricted": True}
    ]


def test_unrestricted_round_trips_says_it_and_is_not_playable_too():
    from cards.domain.effects import EffectError, effects_to_json, parse_effect, parse_effects
    from cards.domain.text import Names, effect_text

    data = [{"op": "play_card", "from": "hand", "unrestricted": True}]
    effects = parse_effects(data)
    assert effects_to_json(effects) == data
    assert "whatever its requirements" in effect_text(effects[0], "en", Names())
    assert "en ignorant ses prérequis" in effect_text(effects[0], "fr", Names())
    with pytest.raises(EffectError) as info:
        parse_effect({"op": "play_card", "from": "hand", "unrestricted": True, "playable": True})
    assert info.value.path == "effect.unrestricted"


def test_several_kinds_played_whatever_their_requirements(compiler):
    assert character(compiler, "Peut jouer les Lances, Arcs et Dagues en ignorant leurs pré-requis.") == [
        {"op": "may_play", "cards": {"any_of": [{"type": "lance"}, {"type": "arc"}, {"type": "dague"}]}}
    ]


def test_all_the_cards_of_every_discard_pile(compiler):
    assert card(compiler, "Toutes les cartes de toutes les Défausses sont placées dans votre Deck.") == [
        {"op": "move", "from": "discard", "to": "deck", "count": "all"},
        # the opponent's cards into the player's own deck
        {"op": "move", "from": "discard", "to": "deck", "owner": "opponent", "count": "all", "into": "self"},
    ]
    assert card(compiler, "Tous les Sorts de toutes les Défausses sont retirés du jeu.") == [
        {"op": "move", "from": "discard", "to": "removed", "count": "all", "cards": {"type": "sort"}},
        {
            "op": "move",
            "from": "discard",
            "to": "removed",
            "owner": "opponent",
            "count": "all",
            "cards": {"type": "sort"},
        },
    ]
    # one card "de toutes les Défausses": one card, not one of each
    assert unread(compiler, "Une carte de toutes les Défausses est retirée du jeu.")


def test_a_card_in_play_may_be_discarded_and_up_to_n_chosen(compiler):
    assert card(compiler, "Prêtre : vous pouvez choisir une Arme en jeu et la défausser.") == [
        {
            "op": "discard_attached",
            "target": "all_characters",
            "cards": {"type": "arme"},
            "pick": "choice",
            "may": True,
            "when": {"played_by_class": "pretre"},
        }
    ]
    assert card(
        compiler, "Choisissez jusqu'à 3 cartes attachées aux personnages en combat, elles sont défaussées."
    ) == [{"op": "discard_attached", "target": "fighters", "count": 3, "pick": "choice", "may": True}]
