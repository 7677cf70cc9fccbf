"""Readings of cards moved between piles and created (issue 15 §3/§4, helper "cards"): a card of
several piles, a playable card, the next cards of a deck, the opponent's own deck, created cards
under a condition or drawn among two.

Every text here is written for these tests, in the cards' grammar (other numbers, names and
combinations); none is a card's text.
"""

from __future__ import annotations

import pytest

from cards.domain.effects import EffectError, effects_to_json, parse_effect, parse_effects
from cards.domain.text import Names, effect_text


def card(compiler, text, name=""):
    result = compiler.compile(text, subject="card", name=name)
    assert result.complete, result.clauses
    return result.to_json()["effects"]


def unread(compiler, text):
    return not compiler.compile(text, subject="card").complete


# --- the schema -------------------------------------------------------------------------------------


def test_from_several_piles_round_trips_and_says_them():
    data = [
        {"op": "move", "from": ["hand", "deck", "discard"], "to": "removed", "cards": {"type": "arme"}},
        {"op": "play_card", "from": ["discard", "hand"], "pick": "choice", "playable": True},
    ]
    effects = parse_effects(data)
    assert effects_to_json(effects) == data
    assert effects[0].from_ == "hand" and effects[0].also == ("deck", "discard")
    names = Names()
    assert "hand, deck or discard pile" in effect_text(effects[0], "en", names)
    assert "main, deck ou défausse" in effect_text(effects[0], "fr", names)
    assert "that" in effect_text(effects[1], "en", names) and "(of your choice)" in effect_text(
        effects[1], "en", names
    )
    assert "jouable par" in effect_text(effects[1], "fr", names)


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ({"op": "move", "from": ["hand", "hand"], "to": "deck"}, "effect.from"),
        ({"op": "move", "from": ["hand"], "to": "deck"}, "effect.from"),
        ({"op": "move", "from": ["hand", "deck"], "to": "deck"}, "effect.from"),
        ({"op": "move", "from": ["hand", "deck"], "to": "discard", "pick": "top"}, "effect.from"),
        ({"op": "move", "from": ["hand", "deck"], "to": "discard", "owner": "opponent"}, "effect.from"),
        ({"op": "move", "from": ["hand", "grave"], "to": "discard"}, "effect.from[1]"),
        ({"op": "play_card", "from": ["deck", "discard"], "pick": "top"}, "effect.pick"),
        ({"op": "play_card", "from": "deck", "playable": "yes"}, "effect.playable"),
    ],
)
def test_several_piles_refused_when_they_make_no_sense(data, path):
    with pytest.raises(EffectError) as err:
        parse_effect(data)
    assert err.value.path == path


# --- the compiler -----------------------------------------------------------------------------------


def test_a_card_of_several_piles(compiler):
    assert card(
        compiler, "Un 'Bouclier runique' de votre Main ou de votre Deck est placé dans votre Défausse."
    ) == [{"op": "move", "from": ["hand", "deck"], "to": "discard", "cards": {"card": "bouclier-runique"}}]
    assert card(compiler, "Une Dague de votre Deck, votre Main ou votre Défausse est jouée.") == [
        {"op": "play_card", "from": ["deck", "hand", "discard"], "cards": {"type": "dague"}}
    ]
    assert card(compiler, "'Lame ancienne' présente dans votre Défausse ou Main est jouée.") == [
        {"op": "play_card", "from": ["discard", "hand"], "cards": {"card": "lame-ancienne"}}
    ]
    assert card(
        compiler, "Un exemplaire de 'Lame ancienne' dans votre Deck/Défausse est placé dans votre Main."
    ) == [{"op": "move", "from": ["deck", "discard"], "to": "hand", "cards": {"card": "lame-ancienne"}}]
    # to one of the piles it comes from: no reading
    assert unread(compiler, "Une Dague de votre Main ou de votre Deck est placée dans votre Main.")


def test_a_playable_card(compiler):
    assert card(compiler, "Un Sort jouable de votre Défausse est joué.") == [
        {"op": "play_card", "from": "discard", "cards": {"type": "sort"}, "playable": True}
    ]
    assert card(
        compiler, "La dernière Action dans votre Défausse jouable par votre personnage est jouée."
    ) == [
        {"op": "play_card", "from": "discard", "cards": {"type": "action"}, "pick": "top", "playable": True}
    ]
    assert card(compiler, "Une Armure de votre Main, que vous pouvez jouer, est jouée.") == [
        {"op": "play_card", "from": "hand", "cards": {"type": "armure"}, "playable": True}
    ]
    # a card not played: "jouable" says nothing of a move
    assert unread(compiler, "Une Armure jouable de votre Défausse est placée dans votre Main.")


def test_the_next_cards_of_a_deck(compiler):
    assert card(compiler, "Le prochain Sort de votre Deck est joué.") == [
        {"op": "play_card", "from": "deck", "cards": {"type": "sort"}, "pick": "top"}
    ]
    assert card(compiler, "Les 3 prochaines cartes de votre Deck sont placées dans votre Main.") == [
        {"op": "move", "from": "deck", "to": "hand", "count": 3, "pick": "top"}
    ]
    assert unread(compiler, "La prochaine Action de votre Défausse est jouée.")


def test_the_opponents_hand_into_its_own_deck(compiler):
    assert card(compiler, "Toutes les cartes de la Main de votre adversaire sont placées dans son Deck.") == [
        {"op": "move", "from": "hand", "to": "deck", "owner": "opponent", "count": "all"}
    ]


def test_created_cards_drawn_among_two_or_under_a_condition(compiler):
    assert card(compiler, "Une 'Braise' ou une 'Cendre' est créée aléatoirement et jouée.") == [
        {
            "op": "one_of",
            "options": [
                [{"op": "create", "card": "braise", "to": "play"}],
                [{"op": "create", "card": "cendre", "to": "play"}],
            ],
            "pick": "random",
        }
    ]
    # who picks, without "aléatoirement"? not read
    assert unread(compiler, "Une 'Braise' ou une 'Cendre' est créée et jouée.")
    assert card(compiler, "Une 'Braise' est créée et jouée si le personnage adverse n'en porte aucune.") == [
        {
            "op": "create",
            "card": "braise",
            "to": "play",
            "when": {"not": {"opponent_carrying_match": {"card": "braise"}}},
        }
    ]
    assert card(compiler, "Une 'Braise' est créée et jouée si votre Main n'en contient pas.") == [
        {
            "op": "create",
            "card": "braise",
            "to": "play",
            "when": {
                "compare": {"left": {"cards": "hand", "match": {"card": "braise"}}, "cmp": "==", "right": 0}
            },
        }
    ]


def test_a_copy_played_when_a_card_follows(compiler):
    assert card(
        compiler, "Si 'Braise' est jouée à la suite de cette carte, une copie de 'Braise' est jouée."
    ) == [{"op": "create", "card": "braise", "to": "play", "when": {"followed_by": {"card": "braise"}}}]


def test_a_named_card_if_it_is_in_a_pile(compiler):
    """ "si 'X' est dans votre Deck, elle est …": that card of the pile (none there: nothing moves)."""
    assert card(
        compiler, "Si 'Lame ancienne' est dans votre Main ou votre Deck, elle est placée dans votre Défausse."
    ) == [{"op": "move", "from": ["hand", "deck"], "to": "discard", "cards": {"card": "lame-ancienne"}}]


def test_two_named_cards_of_a_pile(compiler):
    assert card(compiler, "Une 'Braise' et une 'Cendre' de votre Deck sont jouées.") == [
        {"op": "play_card", "from": "deck", "cards": {"card": "braise"}},
        {"op": "play_card", "from": "deck", "cards": {"card": "cendre"}},
    ]
    assert card(compiler, "Les 'Braise' et 'Cendre' de votre Main sont placées dans votre Deck.") == [
        {"op": "move", "from": "hand", "to": "deck", "count": "all", "cards": {"card": "braise"}},
        {"op": "move", "from": "hand", "to": "deck", "count": "all", "cards": {"card": "cendre"}},
    ]


def test_a_chosen_card_then_others_of_its_pile(compiler):
    """ "celle-ci est jouée et 2 autres X de votre Défausse …": the chosen one has left the pile."""
    assert card(
        compiler,
        "Choisissez un Sort dans votre Défausse, celui-ci est joué et 3 autres Sorts de votre Défausse sont "
        "retirés de la partie.",
    ) == [
        {"op": "play_card", "from": "discard", "cards": {"type": "sort"}, "pick": "choice"},
        {"op": "move", "from": "discard", "to": "removed", "count": 3, "cards": {"type": "sort"}},
    ]


def test_created_and_attached_to_either_kind(compiler):
    """ "à chacun de vos Mages ou Prêtres": each character of either kind once (the second kind
    without the first: ``not_class``)."""
    assert card(compiler, "Une 'Braise' est créée et attachée à chacun de vos Prêtres ou Mages.") == [
        {"op": "create", "card": "braise", "to": "attach", "target": {"group": "allies", "class": "pretre"}},
        {
            "op": "create",
            "card": "braise",
            "to": "attach",
            "target": {"group": "allies", "class": "mage", "not_class": "pretre"},
        },
    ]


def test_random_after_the_pile_and_non_zone_of_each_kind(compiler):
    assert card(
        compiler, "Deux cartes de votre Main déterminées aléatoirement sont placées dans votre Deck."
    ) == [{"op": "move", "from": "hand", "to": "deck", "count": 2}]
    # "non-zone" before or after two kinds: neither is a zone spell
    for text in (
        "Un Sort non-zone Feu ou Eau de votre Défausse est joué.",
        "Un Sort Feu ou Eau non-zone de votre Défausse est joué.",
    ):
        assert card(compiler, text) == [
            {
                "op": "play_card",
                "from": "discard",
                "cards": {"any_of": [{"type": "feu", "zone": False}, {"type": "eau", "zone": False}]},
            }
        ]


def test_a_copy_of_this_card(compiler):
    assert card(
        compiler, "Une copie de cette carte est créée et placée dans votre Deck.", name="Lame ancienne"
    ) == [{"op": "create", "card": "lame-ancienne", "to": "deck"}]


def test_a_card_played_and_acting_at_once(compiler):
    """ "est jouée et activée immédiatement", "celui-ci est joué et s'activera immédiatement":
    ``play_card`` ``now`` (it acts at once, even an item)."""
    assert card(compiler, "Un Bouclier de votre Main est joué et activé immédiatement.") == [
        {"op": "play_card", "from": "hand", "cards": {"type": "bouclier"}, "now": True}
    ]
    assert card(
        compiler, "Choisissez une Armure dans votre Défausse, celle-ci est jouée et s'activera immédiatement."
    ) == [{"op": "play_card", "from": "discard", "cards": {"type": "armure"}, "pick": "choice", "now": True}]
    (effect,) = parse_effects([{"op": "play_card", "from": "hand", "now": True}])
    assert "acts at once" in effect_text(effect, "en", Names())
    assert "s'active immédiatement" in effect_text(effect, "fr", Names())


def test_this_card_on_top_of_the_opponents_deck(compiler):
    assert card(compiler, "Cette carte est placée sur le dessus du Deck adverse.") == [
        {"op": "card_to", "to": "opponent_deck_top"}
    ]
    (effect,) = parse_effects([{"op": "card_to", "to": "opponent_deck_top"}])
    assert "on top of the opponent's deck" in effect_text(effect, "en", Names())
    assert "sur le dessus du deck adverse" in effect_text(effect, "fr", Names())
