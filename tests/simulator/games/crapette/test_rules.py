"""Each rule of docs/rules/crapette.md on a prepared position."""

from __future__ import annotations

import random

import pytest

from simulator.engine.playing_cards import Card
from simulator.engine.protocol import TERMINAL, IllegalActionError
from simulator.games.crapette import GAME_SPEC, make_game
from simulator.games.crapette.game import (
    DEFAULT_STOCK_SIZE,
    MAX_PLAYS_PER_TURN,
    TOTAL_CARDS,
    CrapetteGame,
    CrapetteOptionError,
    LayoutError,
    Move,
    Place,
    first_player_for,
)

from .conftest import cards, check_invariants, prepare


def card(text: str) -> Card:
    return cards(text)[0]


def hand_to_central(text: str, slot: int) -> Move:
    return Move(Place.HAND, card(text), Place.CENTRAL, 0, slot)


def hand_to_help(text: str, pile: int) -> Move:
    return Move(Place.HAND, card(text), Place.HELP, 0, pile)


def stock_to_central(text: str, slot: int) -> Move:
    return Move(Place.STOCK, card(text), Place.CENTRAL, 0, slot)


def help_to_central(text: str, pile: int, slot: int) -> Move:
    return Move(Place.HELP, card(text), Place.CENTRAL, pile, slot)


def snapshot(state):
    return (
        [list(s) for s in state.stocks],
        [sorted(h) for h in state.hands],
        [[list(p) for p in piles] for piles in state.help_piles],
        [list(p) for p in state.central],
        list(state.draw_pile),
        state.player,
        state.turns,
        state.plays_this_turn,
    )


# -- the deal --------------------------------------------------------------------------------------


@pytest.mark.parametrize("stock_size", [5, 12, 20])
def test_deal_stock_piles_hands_and_draw_pile(stock_size):
    """docs/rules/crapette.md §1: stock piles of N, hands of 5, four empty help piles,
    the rest (104 - 2N - 10) in the draw pile, central piles empty."""
    state = make_game(stock_size=stock_size).new_initial_state(random.Random(3))
    assert [len(s) for s in state.stocks] == [stock_size, stock_size]
    assert [len(h) for h in state.hands] == [5, 5]
    assert state.help_piles == [[[], [], [], []], [[], [], [], []]]
    assert state.central == [[], [], [], []]
    assert len(state.draw_pile) == TOTAL_CARDS - 2 * stock_size - 10
    assert state.turns == 1
    check_invariants(state)


@pytest.mark.parametrize("bad", [4, 21, 0, -5])
def test_stock_size_outside_5_to_20_is_refused(bad):
    """docs/rules/crapette.md §1: 5 ≤ N ≤ 20."""
    with pytest.raises(CrapetteOptionError) as info:
        make_game(stock_size=bad)
    assert info.value.option == "stock_size"
    assert "5 to 20" in str(info.value)


def test_unknown_option_is_refused_by_name():
    with pytest.raises(CrapetteOptionError) as info:
        make_game(stock=10)
    assert "stock" in str(info.value) and "stock_size" in str(info.value)


def test_game_spec_registers_options_and_policies():
    assert GAME_SPEC.name == "crapette"
    assert set(GAME_SPEC.policies) == {"random", "planner"}
    assert GAME_SPEC.uses_decks is False
    assert GAME_SPEC.options["stock_size"].default == DEFAULT_STOCK_SIZE
    game = GAME_SPEC.make_game(stock_size=7, central_piles=3, max_turns=50)
    assert game.options.stock_size == 7 and game.options.central_piles == 3 and game.options.max_turns == 50


def test_layout_with_a_central_pile_out_of_order_is_refused():
    with pytest.raises(LayoutError, match="does not ascend"):
        prepare(hand0="9S", central=("AH 3H",))


def test_layout_with_more_copies_than_two_decks_is_refused():
    with pytest.raises(LayoutError, match="more copies"):
        prepare(hand0="AH AH", help0=("AH",))


# -- §2.1: the first player ---------------------------------------------------------------------


def test_first_player_has_the_higher_stock_top():
    """docs/rules/crapette.md §2.1: the higher stock top starts."""
    rng = random.Random(0)
    assert first_player_for(card("9C"), card("5D"), rng) == 0
    assert first_player_for(card("2C"), card("JD"), rng) == 1


def test_first_player_kings_count_high():
    """docs/rules/crapette.md §2.1: kings count high (13) — above a queen."""
    rng = random.Random(0)
    assert first_player_for(card("KC"), card("QD"), rng) == 0
    assert first_player_for(card("QC"), card("KD"), rng) == 1


def test_first_player_tie_is_a_seeded_coin_flip():
    """docs/rules/crapette.md §2.1 [decision]: a tie is broken by a coin flip from the game's RNG —
    the same seed gives the same seat, and both seats happen."""
    outcomes = {first_player_for(card("7C"), card("7D"), random.Random(seed)) for seed in range(40)}
    assert outcomes == {0, 1}
    assert first_player_for(card("7C"), card("7H"), random.Random(5)) == first_player_for(
        card("7C"), card("7H"), random.Random(5)
    )


def test_dealt_games_start_with_the_higher_stock_top():
    """docs/rules/crapette.md §2.1, over many deals: the first player's top is at least as high."""
    game = make_game(stock_size=5)
    for seed in range(200):
        state = game.new_initial_state(random.Random(seed))
        first = state.first_player
        assert state.current_player() == first
        assert state.stocks[first][-1].rank >= state.stocks[1 - first][-1].rank


# -- §2.2: building the central piles -----------------------------------------------------------


def test_a_new_central_pile_must_start_with_an_ace():
    """docs/rules/crapette.md §2.2: a new central pile must start with an A."""
    state = prepare(hand0="7H AH 5C")
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(hand_to_central("7H", 0))
    assert "must start with an A" in str(info.value)
    assert info.value.rule.startswith("docs/rules/crapette.md §2.2")
    assert snapshot(state) == before  # a refused move changes nothing
    state.apply(hand_to_central("AH", 0))
    assert state.central[0] == cards("AH")
    assert state.current_player() == 0  # a play to the centre does not end the turn


def test_piles_go_up_one_rank_at_a_time():
    """docs/rules/crapette.md §2.2: each pile goes up one rank at a time."""
    state = prepare(hand0="6D 7H", central=("AH 2H 3H 4H 5H",))
    with pytest.raises(IllegalActionError) as info:
        state.apply(hand_to_central("7H", 0))
    assert "needs 6" in str(info.value)
    state.apply(hand_to_central("6D", 0))
    state.apply(hand_to_central("7H", 0))
    assert len(state.central[0]) == 7


def test_a_king_takes_any_rank():
    """docs/rules/crapette.md §2.2: a king may be played in place of any card (the rank the pile needs)."""
    state = prepare(hand0="KS 7H 3C", central=("AH 2H 3H 4H 5H", "AD 2D"))
    plays = [m for m in state.legal_actions() if m.target is Place.CENTRAL]
    assert Move(Place.HAND, card("KS"), Place.CENTRAL, 0, 0) in plays
    assert Move(Place.HAND, card("KS"), Place.CENTRAL, 0, 1) in plays
    assert Move(Place.HAND, card("KS"), Place.CENTRAL, 0, 2) in plays  # the free place: as an A
    state.apply(hand_to_central("KS", 0))  # the king is the 6
    assert state.central_rank(0) == 6
    state.apply(hand_to_central("7H", 0))
    assert state.central_rank(0) == 7
    check_invariants(state)


def test_a_king_starts_a_pile_as_an_ace():
    """docs/rules/crapette.md §2.2: a king in place of the A that starts a pile."""
    state = prepare(hand0="KC 2S")
    state.apply(hand_to_central("KC", 0))
    state.apply(hand_to_central("2S", 0))
    assert state.central[0] == cards("KC 2S")


def test_kings_on_the_stock_and_help_piles_are_wild_too():
    """docs/rules/crapette.md §2.2: the king may come from any source."""
    state = prepare(stock0="5C KD", hand0="9S", help0=("KH",), central=("AH 2H",))
    state.apply(stock_to_central("KD", 0))
    state.apply(help_to_central("KH", 0, 0))
    assert state.central_rank(0) == 4


def test_at_most_four_central_piles():
    """docs/rules/crapette.md §1 [decision]: up to 4 central piles at once."""
    state = prepare(hand0="AS 9H", central=("AH", "AD", "AC", "AH"))
    assert not [m for m in state.legal_actions() if m.target is Place.CENTRAL]
    with pytest.raises(IllegalActionError) as info:
        state.apply(Move(Place.HAND, card("AS"), Place.CENTRAL, 0, 4))
    assert "no central place 5" in str(info.value)


def test_central_piles_is_an_option():
    state = prepare(hand0="AS 9H", central=("AH", "AD"), central_piles=2)
    assert not [m for m in state.legal_actions() if m.target is Place.CENTRAL]


def test_a_new_pile_goes_in_the_leftmost_free_place():
    """docs/crapette.md [decision]: the places are interchangeable; a new pile takes the leftmost free one."""
    state = prepare(hand0="AS 9H", central=("AH",))
    with pytest.raises(IllegalActionError) as info:
        state.apply(hand_to_central("AS", 3))
    assert "leftmost free place (2)" in str(info.value)
    state.apply(hand_to_central("AS", 1))
    assert state.central[1] == cards("AS")


# -- §2.2 and §1: the sources ---------------------------------------------------


def test_only_the_top_of_a_help_pile_is_playable():
    """docs/rules/crapette.md §1: only the top card of a help pile is playable."""
    state = prepare(hand0="9S", help0=("5H AC", "AD"))
    plays = [m for m in state.legal_actions() if m.target is Place.CENTRAL]
    assert help_to_central("AC", 0, 0) in plays
    assert help_to_central("AD", 1, 0) in plays
    with pytest.raises(IllegalActionError) as info:
        state.apply(help_to_central("5H", 0, 0))
    assert "only the top of help pile 1" in str(info.value)
    assert "only the top card of a help pile" in info.value.rule
    state.apply(help_to_central("AC", 0, 0))
    assert state.help_piles[0][0] == cards("5H")


def test_only_the_top_of_the_stock_is_playable():
    """docs/rules/crapette.md §1: only the stock's face-up top card is playable."""
    state = prepare(stock0="AC 5D", hand0="9S")
    with pytest.raises(IllegalActionError) as info:
        state.apply(stock_to_central("AC", 0))
    assert "top of your stock pile is 5D" in str(info.value)


def test_a_card_not_in_hand_is_refused():
    state = prepare(hand0="9S")
    with pytest.raises(IllegalActionError, match="AC is not in your hand"):
        state.apply(hand_to_central("AC", 0))


def test_the_opponents_cards_are_not_sources():
    """docs/rules/crapette.md §2.2: hand, own stock top, own help pile tops — never the opponent's."""
    state = prepare(stock1="5D AD", hand0="9S", help1=("AH",))
    moves = state.legal_actions()
    assert all(m.card != card("AD") and m.card != card("AH") for m in moves)
    with pytest.raises(IllegalActionError):
        state.apply(stock_to_central("AD", 0))
    with pytest.raises(IllegalActionError):
        state.apply(help_to_central("AH", 0, 0))


def test_something_else_than_a_move_is_refused():
    state = prepare(hand0="9S")
    with pytest.raises(IllegalActionError, match="not a Crapette move"):
        state.apply("9S to help 1")


# -- §2.3: completed piles ----------------------------------------------------------------------


def test_a_completed_pile_is_shuffled_into_the_draw_pile():
    """docs/rules/crapette.md §2.3: a pile that reaches Q is removed and shuffled into the draw pile."""
    pile = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH"
    state = prepare(hand0="QH 9S", central=(pile, "AD"))
    draw_before = len(state.draw_pile)
    state.apply(hand_to_central("QH", 0))
    assert state.central[0] == []  # the place is free again
    assert state.central[1] == cards("AD")
    assert len(state.draw_pile) == draw_before + 12
    assert state.piles_completed == 1
    assert sorted(state.draw_pile[-12:]) != sorted(cards(pile + " QH"))  # shuffled in, not laid on top
    check_invariants(state)


def test_a_king_can_complete_a_pile():
    """docs/rules/crapette.md §2.2/3: a king as the Q completes the pile."""
    state = prepare(hand0="KD 9S", central=("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH",))
    state.apply(hand_to_central("KD", 0))
    assert state.central[0] == [] and state.piles_completed == 1


# -- §2.4: emptying the hand mid-turn -----------------------------------------------------------


def test_emptying_the_hand_draws_five_and_the_turn_goes_on():
    """docs/rules/crapette.md §2.4: a player who empties their hand draws 5 new cards and goes on."""
    state = prepare(hand0="AH 2H")
    draw_before = len(state.draw_pile)
    top_five = state.draw_pile[-5:]
    state.apply(hand_to_central("AH", 0))
    state.apply(hand_to_central("2H", 0))
    assert sorted(state.hands[0]) == sorted(top_five)
    assert len(state.draw_pile) == draw_before - 5
    assert state.current_player() == 0
    assert state.turns == 1
    check_invariants(state)


def test_emptying_the_hand_with_few_cards_left_draws_what_is_left():
    """[decision] DRAW_WHAT_IS_LEFT: fewer than 5 in the draw pile — take them and go on."""
    everything_else = "2C 3C 4C"
    state = prepare(hand0="AH", draw=everything_else)
    state.apply(hand_to_central("AH", 0))
    assert sorted(state.hands[0]) == cards("2C 3C 4C")
    assert state.draw_pile == []
    assert state.current_player() == 0


def test_emptying_the_hand_with_an_empty_draw_pile_ends_the_game():
    """docs/rules/crapette.md §3 [decision]: "runs out" = a player must draw and the draw pile is empty
    (so the [decision] "passes the turn" is never reached)."""
    state = prepare(stock0="5C 9C", stock1="QD", hand0="AH", draw="")
    state.apply(hand_to_central("AH", 0))
    assert state.is_terminal()
    assert state.end_reason == "draw_pile_exhausted"
    assert state.winner == 1  # one stock card against two
    assert state.returns() == (-1.0, 1.0)


# -- §2.5: the end of the turn ------------------------------------------------------------------


def test_the_turn_ends_only_with_a_hand_card_on_a_help_pile():
    """docs/rules/crapette.md §2.5: plays to the centre keep the turn; a hand card onto an own help
    pile ends it, and the next player draws back to 5."""
    state = prepare(hand0="AH 2H 9S 8D", hand1="5C 6C")
    state.apply(hand_to_central("AH", 0))
    state.apply(hand_to_central("2H", 0))
    assert state.current_player() == 0
    draw_before = len(state.draw_pile)
    state.apply(hand_to_help("9S", 2))
    assert state.help_piles[0][2] == cards("9S")
    assert state.current_player() == 1
    assert state.turns == 2
    assert len(state.hands[1]) == 5  # drew 3
    assert len(state.draw_pile) == draw_before - 3
    assert state.plays_this_turn == 0


def test_the_next_player_draws_what_is_left():
    """[decision] DRAW_WHAT_IS_LEFT at the start of a turn: two cards left, three missing — take two."""
    state = prepare(hand0="9S 8S", hand1="6S 6H", draw="2C 3C")
    state.apply(hand_to_help("9S", 0))
    assert state.current_player() == 1
    assert sorted(state.hands[1]) == sorted(cards("6S 6H 2C 3C"))
    assert state.draw_pile == []
    assert not state.is_terminal()


def test_any_card_onto_any_own_help_pile():
    """docs/rules/crapette.md §2.5: any card, any of the 4 piles — every pair is listed."""
    state = prepare(hand0="9S KD 2C", help0=("5H",))
    ends = {(m.card, m.target_pile) for m in state.legal_actions() if m.ends_turn}
    assert ends == {(c, p) for c in cards("9S KD 2C") for p in range(4)}


def test_stock_and_help_cards_cannot_end_the_turn():
    """docs/rules/crapette.md §2.5: only a card from the hand goes onto a help pile."""
    state = prepare(stock0="5C 9C", hand0="8S", help0=("7D",))
    with pytest.raises(IllegalActionError) as info:
        state.apply(Move(Place.STOCK, card("9C"), Place.HELP, 0, 1))
    assert "only a card from your hand" in str(info.value)
    assert "§2.5" in info.value.rule
    with pytest.raises(IllegalActionError):
        state.apply(Move(Place.HELP, card("7D"), Place.HELP, 0, 1))
    with pytest.raises(IllegalActionError, match="no help pile 5"):
        state.apply(hand_to_help("8S", 4))


def test_the_next_player_who_cannot_draw_ends_the_game():
    """docs/rules/crapette.md §3 [decision]: the next player must draw back to 5 from an empty pile."""
    state = prepare(stock0="5C", stock1="5D 6D", hand0="9S 8S", hand1="4H", draw="")
    state.apply(hand_to_help("9S", 0))
    assert state.is_terminal()
    assert state.end_reason == "draw_pile_exhausted"
    assert state.winner == 0
    assert state.current_player() == TERMINAL
    assert state.summary()["turns"] == 1  # the turn that could not draw was never played


def test_the_plays_of_a_turn_are_capped():
    """docs/crapette.md [decision] MAX_PLAYS_PER_TURN: past the cap, only a discard is legal."""
    state = prepare(hand0="AH 9S")
    state.plays_this_turn = MAX_PLAYS_PER_TURN
    assert all(m.ends_turn for m in state.legal_actions())
    with pytest.raises(IllegalActionError, match="plays this turn"):
        state.apply(hand_to_central("AH", 0))


# -- §3 ------------------------------------------------------------------------------------------


def test_the_last_stock_card_wins_at_once():
    """docs/rules/crapette.md §3: the last stock card on a central pile wins at once (mid-turn)."""
    state = prepare(stock0="3C", stock1="QD 5D", hand0="AH 2H 9S", player=0)
    state.apply(hand_to_central("AH", 0))
    state.apply(hand_to_central("2H", 0))
    state.apply(stock_to_central("3C", 0))
    assert state.is_terminal()
    assert state.end_reason == "stock_emptied"
    assert state.returns() == (1.0, -1.0)
    summary = state.summary()
    assert summary["stock_left"] == [0, 2]
    assert summary["winner"] == 0
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply(hand_to_help("9S", 0))


def test_playing_a_stock_card_reveals_the_next():
    """docs/rules/crapette.md §1: the stock's top is face up — after a play, the next one."""
    state = prepare(stock0="7D 8C AC", hand0="9S")
    state.apply(stock_to_central("AC", 0))
    assert not state.is_terminal()
    assert state.stocks[0][-1] == card("8C")


def test_draw_pile_exhausted_fewer_stock_cards_wins():
    """docs/rules/crapette.md §3: the draw pile runs out — the fewer stock cards wins."""
    state = prepare(stock0="5C 6C 7C", stock1="5D", hand0="9S", hand1="", draw="", player=0)
    state.apply(hand_to_help("9S", 0))
    assert state.end_reason == "draw_pile_exhausted"
    assert state.winner == 1
    assert state.returns() == (-1.0, 1.0)
    assert state.summary()["stock_left"] == [3, 1]


def test_draw_pile_exhausted_equal_stocks_is_a_draw():
    """docs/rules/crapette.md §3: equal stock counts when the draw pile runs out — a draw."""
    state = prepare(stock0="5C 6C", stock1="5D 6D", hand0="9S", hand1="8S", draw="", player=0)
    state.apply(hand_to_help("9S", 0))
    assert state.is_terminal()
    assert state.winner is None
    assert state.returns() == (0.0, 0.0)
    assert state.summary()["end_reason"] == "draw_pile_exhausted"


def test_turn_limit_ends_the_game_like_the_draw_pile():
    """docs/crapette.md [decision] max_turns: the game ends there, fewer stock cards wins."""
    state = prepare(stock0="5C 6C", stock1="5D", hand0="9S 8S", hand1="7S", max_turns=2)
    state.apply(hand_to_help("9S", 0))  # turn 2 begins
    assert state.current_player() == 1
    state.apply(hand_to_help("7S", 0))  # turn 3 would begin: the limit
    assert state.is_terminal()
    assert state.end_reason == "turn_limit"
    assert state.winner == 1
    assert state.summary()["turns"] == 2


def test_summary_keys():
    state = make_game(stock_size=5).new_initial_state(random.Random(1))
    summary = state.summary()
    for key in ("turns", "end_reason", "first_player", "stock_left", "winner"):
        assert key in summary
    assert summary["stock_left"] == [5, 5]
    assert summary["first_player"] == state.first_player


def test_move_text_names_source_and_target():
    move = help_to_central("7D", 2, 0)
    assert str(move) == "help 3 7D -> central 1"
    assert str(hand_to_help("9S", 1)) == "hand 9S -> help 2"
    state = prepare(hand0="KS 9S", central=("AH 2H 3H 4H 5H",))
    assert state.describe(hand_to_central("KS", 0)) == "hand KS -> central 1 (as 6)"


def test_prepared_game_uses_the_game_options():
    game = CrapetteGame(stock_size=8)
    state = game.new_initial_state(random.Random(2))
    assert state.options.stock_size == 8
