"""Constructs of the effect language the engine refused by name and now plays, found by playing the
whole card pool (issue 15 §3/§4, ``benchmarks/synthetic_pool.py``): each test plays a position with
short made-up cards (cards/domain/effects.py is the contract)."""

from __future__ import annotations

import random

import pytest

from simulator.games.eredan.actions import Pick, Play, unpack_choices
from simulator.games.eredan.compiled import UnsupportedSpecError
from simulator.games.eredan.eventlog import render
from simulator.games.eredan.ops import ATK, DEF, SPI
from simulator.games.eredan.policies import make_policy
from simulator.games.eredan.state import P_CARD, P_PICK, describe_action
from tests.simulator.games.eredan.factories import (
    card,
    card_id,
    character,
    events,
    fight,
    line,
    play_cards,
    prepare_game,
)

FILLER = card("filler", effects=[{"op": "modify", "stat": "defense", "amount": 1}])
PILES = ([FILLER] * 8, [FILLER] * 8)


# --- selector filter no_caste ---------------------------------------------------------------------


@pytest.mark.parametrize(("no_caste", "reached"), [(True, {0, 2}), (False, {1})])
def test_the_filter_no_caste_reaches_the_characters_without_a_caste(no_caste, reached):
    """cards/domain/effects.py selector ``no_caste`` ("vos personnages sans caste"): true, a
    character with no caste (docs/rules/eredan.md §1: castes are optional); false, one with."""
    cheer = card(
        f"cheer-{no_caste}",
        effects=[
            {
                "op": "modify",
                "stat": "spirit",
                "amount": 2,
                "target": {"group": "allies", "no_caste": no_caste},
            }
        ],
    )
    chars = [character("a-1"), character("a-2", castes=("sorcelame",)), character("a-3")]
    s = prepare_game(chars, line("b"), hands=([cheer, FILLER], [FILLER]), piles=PILES)
    fight(s, 0, 0)
    play_cards(s, a=[cheer])
    assert {c for c in range(3) if s.stat(c, SPI) == 1 + 2} == reached


def test_an_ability_on_allies_without_a_caste_reaches_them_when_they_fight():
    """A standing ability "vos personnages sans caste ont Attaque +2" reaches, when it fights, each
    character of its side without a caste (docs/rules/eredan.md §1), not one with a caste."""
    lord = character(
        "lord",
        abilities=[
            {"op": "modify", "stat": "attack", "amount": 2, "target": {"group": "allies", "no_caste": True}}
        ],
    )
    blade = character("blade", castes=("sorcelame",))
    for mine, expected in ((0, 2), (1, 0), (2, 2)):
        s = prepare_game(
            [lord, blade, character("other")], line("b"), hands=([FILLER], [FILLER]), piles=PILES
        )
        fight(s, mine, 0)
        assert s.stat(mine, ATK) == expected


def test_the_filter_sex_is_still_refused_by_name():
    """The cards' data has no sex of the characters: the filter ``sex`` stays refused."""
    hex_ = card(
        "hex",
        effects=[
            {"op": "modify", "stat": "spirit", "amount": -1, "target": {"group": "enemies", "sex": "male"}}
        ],
    )
    with pytest.raises(UnsupportedSpecError, match="sex"):
        prepare_game(line("a"), line("b"), hands=([hex_], [FILLER]), piles=PILES)


# --- one_of inside a trigger or an Ordre: the player's choice as it fires ----------------------------

GUARD_OR_STRIKE = {
    "op": "one_of",
    "options": [
        [{"op": "modify", "stat": "defense", "amount": 2}],
        [{"op": "modify", "stat": "attack", "amount": 2}],
    ],
}


def test_a_one_of_in_a_trigger_is_its_players_choice_when_it_fires():
    """ "En début de combat, au choix : Défense +2 ou Attaque +2" (cards/domain/effects.py
    ``one_of`` pick choice, inside a ``trigger``): the game stops at a ``P_PICK`` decision of the
    holder's player, one ``Pick`` per option; the option chosen happens, not the other
    (docs/rules/eredan.md §3 step 1: the effects of the combat's start, before the cards)."""
    for option, defense, attack in ((0, 1 + 2, 0), (1, 1, 2)):
        chooser = character(
            "chooser",
            abilities=[{"op": "trigger", "on": "combat_start", "effects": [GUARD_OR_STRIKE]}],
        )
        s = prepare_game([chooser, *line("a")[1:]], line("b"), hands=([FILLER], [FILLER]), piles=PILES)
        s.enable_log()
        fight(s, 0, 0)
        assert s.phase == P_PICK and s.to_move == 0
        assert list(s.legal_actions()) == [Pick.of(0), Pick.of(1)]
        assert describe_action(s, Pick.of(option)) == f"choose option {option}"
        s.apply(Pick.of(option))
        assert s.phase == P_CARD
        assert (s.stat(0, DEF), s.stat(0, ATK)) == (defense, attack)
        assert events(s, "pick") == [{"event": "pick", "seat": 0, "option": option}]
        assert any(f"chooses option {option + 1}" in line_ for line_ in render(s.log or []))


def test_the_greedy_player_picks_the_better_option_and_random_a_legal_one():
    """The players decide a ``one_of`` of a trigger as any choice (docs/eredan-engine.md "The AI
    players"): greedy the option worth more for it, random one of the legal ones."""
    heal_or_nothing = {
        "op": "one_of",
        "options": [[{"op": "heal", "amount": 4}], [{"op": "modify", "stat": "spirit", "amount": -1}]],
    }
    medic = character(
        "medic", abilities=[{"op": "trigger", "on": "combat_start", "effects": [heal_or_nothing]}]
    )
    s = prepare_game(
        [medic, *line("a")[1:]],
        line("b"),
        hands=([FILLER], [FILLER]),
        piles=PILES,
        hp=[6, 12, 12, 12, 12, 12],
    )
    fight(s, 0, 0)
    assert make_policy("greedy").choose(s, random.Random(1)) == Pick.of(0)
    assert make_policy("random").choose(s, random.Random(1)) in s.legal_actions()
    clone = s.clone()
    clone.apply(Pick.of(0))
    assert clone.hp[0] == 10 and s.phase == P_PICK  # the clone carries the question, apart


def test_a_one_of_in_an_ordre_is_asked_on_its_turns():
    """ "Tour 1 : au choix Défense +2 ou Attaque +2" (an Ordre's ``one_of``, docs/rules/eredan.md
    §1 Ordres: a bonus on the turns it names): asked of its player when it applies."""
    chief = character("chief", orders=[{"turns": [1], "effects": [GUARD_OR_STRIKE]}])
    s = prepare_game([chief, *line("a")[1:]], line("b"), hands=([FILLER], [FILLER]), piles=PILES)
    fight(s, 0, 0)
    assert s.phase == P_PICK and list(s.legal_actions()) == [Pick.of(0), Pick.of(1)]
    s.apply(Pick.of(1))
    assert s.stat(0, ATK) == 2 and s.stat(0, DEF) == 1


# --- a cost the payer may pay (pay ``may``): its player's choice -----------------------------------

MAY_SACRIFICE = {
    "op": "pay",
    "cost": {"hand": 1},
    "may": True,
    "effects": [{"op": "modify", "stat": "attack", "amount": 3}],
}


def test_a_cost_the_player_may_pay_is_chosen_with_the_card():
    """ "Sacrifice 1 (si vous le souhaitez) : Attaque +3" (cards/domain/effects.py ``pay`` with
    ``may``: "only if the paying player chooses to pay"): two plays of the card, pay (option 0) or
    not (1), chosen as it is played like a ``one_of`` (docs/rules/eredan.md §3 step 2: the player
    plays its card); paid, a card of the hand goes to the discard pile and the effect happens."""
    offer = card("offer", effects=[MAY_SACRIFICE])
    spare = card("spare", effects=[{"op": "modify", "stat": "spirit", "amount": 1}])
    for option, attack, hand in ((0, 3, 0), (1, 0, 1)):
        s = prepare_game(line("a"), line("b"), hands=([offer, spare], [FILLER]), piles=PILES)
        fight(s, 0, 0)
        k = card_id(s, offer)
        plays = sorted(a for a in s.legal_actions() if isinstance(a, Play) and a.card == k)
        assert [unpack_choices(p.choice, 1) for p in plays] == [(0,), (1,)]
        s.apply(plays[option])
        play_cards(s)
        assert s.stat(0, ATK) == attack
        assert len(s.hands[0]) == hand  # the spare card paid, or kept


def test_a_cost_the_player_may_pay_cannot_be_paid_without_the_cards():
    """Chosen to pay with an empty hand: the cost cannot be paid, nothing happens (``pay``)."""
    offer = card("offer", effects=[MAY_SACRIFICE])
    s = prepare_game(line("a"), line("b"), hands=([offer], [FILLER]), piles=PILES)
    fight(s, 0, 0)
    k = card_id(s, offer)
    s.apply(min(a for a in s.legal_actions() if isinstance(a, Play) and a.card == k))
    play_cards(s)
    assert s.stat(0, ATK) == 0


def test_a_cost_the_player_may_pay_in_a_trigger_is_asked_when_it_fires():
    """ "En début de combat, vous pouvez sacrifier 1 carte : Défense +2": a ``P_PICK`` decision of
    the holder's player, pay (0) or not (1); greedy pays when the effect is worth the card, the
    random player picks a legal option."""
    offer = {**MAY_SACRIFICE, "effects": [{"op": "modify", "stat": "defense", "amount": 2}]}
    keeper = character("keeper", abilities=[{"op": "trigger", "on": "combat_start", "effects": [offer]}])
    for option, defense, hand in ((0, 1 + 2, 1), (1, 1, 2)):
        s = prepare_game([keeper, *line("a")[1:]], line("b"), hands=([FILLER, FILLER], [FILLER]), piles=PILES)
        fight(s, 0, 0)
        assert s.phase == P_PICK and list(s.legal_actions()) == [Pick.of(0), Pick.of(1)]
        assert make_policy("random").choose(s, random.Random(2)) in s.legal_actions()
        s.apply(Pick.of(option))
        assert (s.stat(0, DEF), len(s.hands[0])) == (defense, hand)


def test_a_cost_the_opponent_may_pay_is_still_refused_by_name():
    """A cost the *opponent* may pay ("sauf si l'adversaire sacrifie 2 cartes") would be its
    player's choice as another player's card resolves: refused, not played wrong."""
    offer = card("tempt", effects=[{**MAY_SACRIFICE, "by": "opponent"}])
    with pytest.raises(UnsupportedSpecError, match="opponent may choose to pay"):
        prepare_game(line("a"), line("b"), hands=([offer], [FILLER]), piles=PILES)
