"""The AI players: the planner's judgement on prepared positions, that it reads only what its
player sees, and its strength against random."""

from __future__ import annotations

import random

import pytest

from simulator.engine.runner import Side, play_match_game
from simulator.games.crapette import GAME_SPEC, make_game
from simulator.games.crapette.game import CrapetteState, Move, Place
from simulator.games.crapette.policies import PlannerPolicy, RandomPolicy

from .conftest import cards, check_invariants, prepare


def play_turn(state: CrapetteState, policy=None) -> list[Move]:
    """Let the planner play the rest of the current turn; the moves it made."""
    policy = policy or PlannerPolicy()
    seat = state.current_player()
    moves = []
    rng = random.Random(0)
    while not state.is_terminal() and state.current_player() == seat:
        move = policy.choose(state, rng)
        moves.append(move)
        state.apply(move)
        check_invariants(state)
        if move.ends_turn:
            break
    return moves


def test_random_policy_plays_legal_moves_and_uses_its_rng():
    state = prepare(hand0="AH 2H 9S 8D KC")
    legal = state.legal_actions()
    picks = {RandomPolicy().choose(state, random.Random(seed)) for seed in range(60)}
    assert picks <= set(legal)
    assert len(picks) > 5
    assert RandomPolicy().choose(state, random.Random(4)) == RandomPolicy().choose(state, random.Random(4))


def test_planner_plays_its_stock_card_when_it_can():
    """The planner digs into its stock first."""
    state = prepare(stock0="9C 5C", hand0="AH 9S 8D", central=("AD 2D 3D 4D",))
    move = PlannerPolicy().choose(state, random.Random(0))
    assert move == Move(Place.STOCK, cards("5C")[0], Place.CENTRAL, 0, 0)


def test_planner_finds_the_line_that_empties_its_stock():
    """A whole line within the turn: 3, 4 from the hand, then the last stock card — the game is won."""
    state = prepare(stock0="5C", hand0="9S 4H 3H JD", help0=("TD",), central=("AS 2S",))
    play_turn(state)
    assert state.is_terminal()
    assert state.end_reason == "stock_emptied" and state.winner == 0


def test_planner_uses_a_king_to_reach_its_stock():
    """Using kings wisely: a king bridges the missing 6 to play the 7 of the stock."""
    state = prepare(stock0="QC 7C", hand0="KD 9S 9H JC", central=("AH 2H 3H 4H 5H",))
    moves = play_turn(state)
    assert moves[0] == Move(Place.HAND, cards("KD")[0], Place.CENTRAL, 0, 0)
    assert moves[1] == Move(Place.STOCK, cards("7C")[0], Place.CENTRAL, 0, 0)
    assert state.stocks[0] == cards("QC")


def test_planner_keeps_its_king_when_it_cannot_reach_the_stock():
    """Using kings wisely: a king that reaches nothing stays in the hand."""
    state = prepare(stock0="QC JC", hand0="KD 9S 9H 3C", central=("AH",), stock1="QD 8D")
    play_turn(state)
    assert cards("KD")[0] in state.hands[0]
    assert all(card.rank != 13 for pile in state.central for card in pile)


def test_planner_does_not_feed_the_opponents_stock_card():
    """Not feeding: with the opponent's 6 on their stock, the planner does not put the 5 on the pile
    at 4 — unless the 5 serves it (here nothing to gain)."""
    state = prepare(stock0="QC JC", stock1="QD 6D", hand0="5C 9S 9H 2S", central=("AH 2H 3H 4H",))
    moves = play_turn(state)
    assert Move(Place.HAND, cards("5C")[0], Place.CENTRAL, 0, 0) not in moves
    assert state.central_rank(0) == 4


def test_planner_plays_the_same_card_when_it_feeds_nobody():
    """The contrast: with a 3 on the opponent's stock (the pile is past it) the 5 goes on the pile."""
    state = prepare(stock0="QC JC", stock1="QD 3D", hand0="5C 9S 9H 2S", central=("AH 2H 3H 4H",))
    moves = play_turn(state)
    assert Move(Place.HAND, cards("5C")[0], Place.CENTRAL, 0, 0) in moves


def test_planner_feeds_when_it_reaches_its_own_stock():
    """Its own stock card matters more: it plays through the opponent's rank to reach its 7."""
    state = prepare(stock0="QC 7C", stock1="QD 6D", hand0="5C 6S 9H 2S", central=("AH 2H 3H 4H",))
    play_turn(state)
    assert state.stocks[0] == cards("QC")


def test_planner_discards_in_descending_order():
    """Orderly help piles: the 8 goes on the 9 (a descending run), not on a free pile."""
    state = prepare(stock0="QC JC", hand0="8S QD QH", help0=("9H", "4C"))
    moves = play_turn(state)
    assert moves == [Move(Place.HAND, cards("8S")[0], Place.HELP, 0, 0)]


def test_planner_does_not_bury_a_low_card():
    """Orderly help piles: a high card goes on a free pile rather than over the 2 on a help pile."""
    state = prepare(stock0="QC JC", hand0="TD JD 9D", help0=("2C",))
    moves = play_turn(state)
    assert moves[-1].target_pile != 0
    assert state.help_piles[0][0] == cards("2C")


def test_planner_discards_the_card_farthest_from_play():
    """A hand clogged with far cards draws fewer new ones: with nothing to play, the planner lays
    away a queen (8 ranks from the pile at 3), not the 5 or the 6 that are nearly playable."""
    state = prepare(stock0="QC JC", hand0="5S 6S 9D QC QH", central=("AH 2H 3H",))
    moves = play_turn(state)
    assert len(moves) == 1 and moves[0].ends_turn
    assert moves[0].card.rank == 12


def test_planner_empties_its_hand_to_draw_five_more():
    """An emptied hand draws 5 and the turn goes on: the planner plays its last cards for it."""
    state = prepare(stock0="QC JC", stock1="QD 9D", hand0="AH 2H", central=())
    moves = play_turn(state)
    assert moves[:2] == [
        Move(Place.HAND, cards("AH")[0], Place.CENTRAL, 0, 0),
        Move(Place.HAND, cards("2H")[0], Place.CENTRAL, 0, 0),
    ]


def _positions(count: int) -> list[CrapetteState]:
    """Positions from real games (planner vs random), at the planner's turns."""
    game = make_game(stock_size=12)
    states = []
    for seed in range(count):
        state = game.new_initial_state(random.Random(seed))
        policies = (PlannerPolicy(), RandomPolicy())
        rng = random.Random(seed)
        for _ in range(rng.randrange(10, 120)):
            if state.is_terminal():
                break
            state.apply(policies[state.player].choose(state, rng))
        if not state.is_terminal():
            states.append(state)
    return states


def test_planner_reads_only_what_its_player_sees():
    """Re-dealing everything hidden (opponent's hand, draw pile order, face-down stock cards) never
    changes the planner's move: it does not peek."""
    positions = _positions(30)
    assert len(positions) > 15
    for state in positions:
        move = PlannerPolicy().choose(state, random.Random(0))
        assert move in state.legal_actions()
        for seed in range(3):
            other = state.determinize(state.player, random.Random(seed))
            assert PlannerPolicy().choose(other, random.Random(0)) == move


def test_planner_follows_its_plan_only_on_the_expected_position():
    """The planner keeps the rest of its line between moves, but only for the very position it
    expects: on another game (or another turn) it searches again."""
    planner = PlannerPolicy()
    state = prepare(stock0="QC 7C", hand0="KD 9S 9H JC", central=("AH 2H 3H 4H 5H",))
    first = planner.choose(state, random.Random(0))
    assert first.source is Place.HAND
    # Not applied: a fresh position of the same shape gets its own search, and the same answer.
    fresh = prepare(stock0="QC 7C", hand0="KD 9S 9H JC", central=("AH 2H 3H 4H 5H",))
    assert planner.choose(fresh, random.Random(0)) == first
    other = prepare(stock0="QC 2C", hand0="AS 9S 9H JC")
    assert planner.choose(other, random.Random(0)) == Move(Place.HAND, cards("AS")[0], Place.CENTRAL, 0, 0)


def test_planner_rejects_other_games():
    with pytest.raises(TypeError):
        PlannerPolicy().choose(object(), random.Random(0))  # type: ignore[arg-type]


@pytest.mark.slow
def test_planner_beats_random():
    """Issue 9: the planner beats random in >= 90% of games (benchmarks/crapette_bench.py measures
    1,000 games: 98.4%, Wilson 95% interval 97.4%..99.0%). Here 200 games at the default stock of
    20, seats alternating. If the planner's true rate is >= 97%, fewer than 180 wins has a
    probability below 1e-6 (8.2e-7); a planner at 90% fails this test 44% of the time, one at 85%
    97% of the time."""
    game = GAME_SPEC.make_game()
    sides = (Side("A", PlannerPolicy()), Side("B", RandomPolicy()))
    wins = sum(play_match_game(game, sides, 909, index).winner == "A" for index in range(200))
    assert wins >= 180, wins
