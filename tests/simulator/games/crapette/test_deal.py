"""The game from an explicit deal (``deal_check``, then ``state_from_position``) and the reshuffle
hook: what a record's replay needs from the engine (docs/game-records.md "Crapette")."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from simulator.engine.playing_cards import Card, full_deck
from simulator.games.crapette.game import DECK_COPIES, CrapetteGame, CrapetteState, LayoutError, Move, Place
from simulator.games.crapette.policies import RandomPolicy

from .conftest import cards, prepare


def rest_of(*placed: list[Card]) -> list[Card]:
    """The cards of the two decks not in ``placed``, in a fixed order."""
    left = Counter(full_deck(copies=DECK_COPIES))
    for pile in placed:
        left.subtract(pile)
    return sorted(left.elements())


def start_from_deal(
    game: CrapetteGame,
    *,
    stocks: list[list[Card]],
    hands: list[list[Card]],
    draw_pile: list[Card],
    first_player: int,
) -> CrapetteState:
    """What a record's replay does: check the deal against the rules, then start from it."""
    game.deal_check(stocks=stocks, hands=hands, draw_pile=draw_pile, first_player=first_player)
    return game.state_from_position(stocks=stocks, hands=hands, draw_pile=draw_pile, player=first_player)


def piles_of(state: CrapetteState) -> tuple[list[list[Card]], list[list[Card]], list[Card]]:
    return [list(s) for s in state.stocks], [list(h) for h in state.hands], list(state.draw_pile)


@pytest.mark.parametrize("seed", range(6))
def test_a_deal_gives_the_same_game_as_the_shuffled_one(seed):
    """docs/rules/crapette.md §1, "Play" 1: the same cards make the same position, and,
    with the reshuffles in the same order, the same game."""
    game = CrapetteGame(stock_size=5 + seed * 3)
    dealt = game.new_initial_state(random.Random(seed))
    stocks, hands, draw = piles_of(dealt)
    assert dealt.first_player is not None
    again = start_from_deal(game, stocks=stocks, hands=hands, draw_pile=draw, first_player=dealt.first_player)
    assert piles_of(again) == (stocks, hands, draw)
    assert (again.player, again.first_player, again.turns) == (dealt.player, dealt.first_player, 1)
    orders: list[list[Card]] = []

    def note(pile: list[Card]) -> None:
        dealt.rng.shuffle(pile)
        orders.append(list(pile))

    def give(pile: list[Card]) -> None:
        assert sorted(pile) == sorted(orders[0])
        pile[:] = orders.pop(0)

    dealt.reshuffle, again.reshuffle = note, give
    policy, rng = RandomPolicy(), random.Random(seed)
    while not dealt.is_terminal():
        move = policy.choose(dealt, rng)
        dealt.apply(move)
        again.apply(move)
        assert piles_of(again) == piles_of(dealt)
    assert again.is_terminal() and again.summary() == dealt.summary()


def test_a_deal_with_equal_stock_tops_may_start_with_either_seat():
    """docs/rules/crapette.md §2.1: equal tops are a coin flip, so both seats are possible."""
    game = CrapetteGame(stock_size=5)
    stocks = [cards("2C 3C 4C 5C 7H"), cards("2D 3D 4D 5D 7S")]
    hands = [cards("AH AS AD AC 2H"), cards("9C 9D 9H 9S TC")]
    draw = rest_of(*stocks, *hands)
    for first in (0, 1):
        begun = start_from_deal(game, stocks=stocks, hands=hands, draw_pile=draw, first_player=first)
        assert begun.player == first == begun.first_player
    with pytest.raises(LayoutError, match="first_player"):
        start_from_deal(game, stocks=stocks, hands=hands, draw_pile=draw, first_player=2)


def test_a_deal_the_rules_cannot_produce_is_refused():
    game = CrapetteGame(stock_size=5)
    stocks, hands, draw = piles_of(game.new_initial_state(random.Random(1)))
    first = 0 if stocks[0][-1].rank > stocks[1][-1].rank else 1
    with pytest.raises(LayoutError, match="stock pile of 5"):
        start_from_deal(
            game,
            stocks=[stocks[0] + [draw[0]], stocks[1]],
            hands=hands,
            draw_pile=draw[1:],
            first_player=first,
        )
    with pytest.raises(LayoutError, match="hand of 5"):
        start_from_deal(
            game, stocks=stocks, hands=[hands[0][:4], hands[1]], draw_pile=draw, first_player=first
        )
    with pytest.raises(LayoutError, match="exactly twice"):
        start_from_deal(game, stocks=stocks, hands=hands, draw_pile=[*draw[1:], draw[2]], first_player=first)
    with pytest.raises(LayoutError, match="exactly twice"):
        start_from_deal(game, stocks=stocks, hands=hands, draw_pile=draw[1:], first_player=first)


@pytest.mark.parametrize(("top0", "top1", "starts"), [("7H", "9S", 1), ("KD", "QS", 0), ("AC", "KH", 1)])
def test_the_higher_stock_top_must_start(top0, top1, starts):
    """docs/rules/crapette.md §2.1: the higher stock top starts (kings count 13)."""
    game = CrapetteGame(stock_size=5)
    stocks = [cards(f"2C 3C 4C 5C {top0}"), cards(f"2D 3D 4D 5D {top1}")]
    hands = [cards("AH AS AD AC 2H"), cards("9C 9D 9H 9S TC")]
    draw = rest_of(*stocks, *hands)
    assert (
        start_from_deal(game, stocks=stocks, hands=hands, draw_pile=draw, first_player=starts).player
        == starts
    )
    with pytest.raises(LayoutError, match=f"seat {starts} shows the higher stock top"):
        start_from_deal(game, stocks=stocks, hands=hands, draw_pile=draw, first_player=1 - starts)


def test_the_reshuffle_hook_orders_the_completed_pile_into_the_draw_pile():
    """docs/rules/crapette.md §2.3: the completed pile joins the draw pile, in the hook's order;
    copies of the state do not keep the hook (it belongs to one game)."""
    state = prepare(central=("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH",), hand0="QS 3C", draw="4C 5C")
    seen: list[list[Card]] = []

    def hook(pile: list[Card]) -> None:
        seen.append(list(pile))
        pile.sort()

    state.reshuffle = hook
    assert state.clone().reshuffle is None
    state.apply(Move(Place.HAND, cards("QS")[0], Place.CENTRAL, 0, 0))
    assert len(seen) == 1
    assert sorted(seen[0]) == sorted(cards("4C 5C AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QS"))
    assert state.draw_pile == sorted(seen[0])
    assert state.central[0] == []
