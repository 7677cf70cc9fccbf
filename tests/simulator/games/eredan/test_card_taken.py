"""Cards in play taken into the player's own pile (cards/domain/effects.py, ``discard_attached``
``into`` and ``may``): "vous pouvez choisir un Objet en jeu, il est placé dans votre Main"."""

from __future__ import annotations

from tests.simulator.games.eredan.factories import card, card_id, fight, line, play_cards, prepare_game

JAB = card("jab", effects=[{"op": "modify", "stat": "attack", "amount": 1}])
FILLER = card("filler", effects=[{"op": "modify", "stat": "spirit", "amount": 1}])
MAIL = card(
    "mail", "armure", effects=[{"op": "modify", "stat": "defense", "amount": 2, "duration": "permanent"}]
)
PLATE = card(
    "plate", "armure", effects=[{"op": "modify", "stat": "defense", "amount": 3, "duration": "permanent"}]
)


def taken(effect, items):
    grab = card("grab", effects=[effect])
    s = prepare_game(
        line("a"), line("b"), hands=([grab], [JAB]), items=items, piles=([FILLER] * 6, [FILLER] * 6)
    )
    fight(s, 0, 0)
    play_cards(s, a=[grab])
    return s


TAKE = {
    "op": "discard_attached",
    "target": "all_characters",
    "cards": {"type": "armure"},
    "pick": "choice",
    "to": "hand",
    "into": "self",
}


def test_a_card_of_the_opponent_goes_into_the_players_own_hand():
    s = taken({**TAKE, "may": True}, [[PLATE], [], [], [], [MAIL], []])
    assert card_id(s, MAIL) in s.hands[0] and card_id(s, MAIL) not in s.hands[1]
    assert s.items[4] == [] and s.items[0] == [card_id(s, PLATE)]  # its own card stays


def test_may_leaves_the_players_own_cards():
    """``may``: the player takes none when only its own cards match."""
    s = taken({**TAKE, "may": True}, [[PLATE], [], [], [], [], []])
    assert s.items[0] == [card_id(s, PLATE)] and card_id(s, PLATE) not in s.hands[0]


def test_without_may_a_card_is_taken_even_the_players_own():
    s = taken(TAKE, [[PLATE], [], [], [], [], []])
    assert s.items[0] == [] and card_id(s, PLATE) in s.hands[0]


def test_into_the_owner_s_pile_by_default():
    s = taken({k: v for k, v in TAKE.items() if k != "into"}, [[], [], [], [MAIL], [], []])
    assert card_id(s, MAIL) in s.hands[1] and card_id(s, MAIL) not in s.hands[0]


def test_an_unrestricted_card_is_played_whatever_its_requirements():
    """``play_card`` ``unrestricted`` ("jouée en ignorant ses prérequis"): a Foudre spell (a Mage's)
    played by a character that is no Mage, though the rules' decision asks for the requirements."""
    from tests.simulator.games.eredan.factories import events
    from tests.simulator.games.eredan.test_card_piles import BOLT, _played

    plain = [{"op": "play_card", "from": "deck", "pick": "top"}]
    unrestricted = [{"op": "play_card", "from": "deck", "pick": "top", "unrestricted": True}]
    for effects, second in ((plain, "jab"), (unrestricted, "bolt")):
        s = _played(effects, deck=(BOLT, JAB))
        assert [e["card"] for e in events(s, "play") if e["seat"] == 0] == ["tested", second]
