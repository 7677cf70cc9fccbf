"""The terminal game (scripted input, bad input asked again), the layout, and ``manage.py crapette``."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from simulator.games.crapette.cli import InputProblem, TerminalGame, parse_move_text, play_in_terminal
from simulator.games.crapette.game import Move, Place
from simulator.games.crapette.render import render_layout, render_moves

from .conftest import cards, prepare


def run(script: str, **options) -> tuple[str, object]:
    out = io.StringIO()
    defaults: dict[str, Any] = {"seed": 3, "stock_size": 5}
    defaults.update(options)
    state = play_in_terminal(stdin=io.StringIO(script), stdout=out, **defaults)
    return out.getvalue(), state


def test_bad_input_is_explained_and_asked_again():
    """Gibberish, a number out of range, a card not held, a move the rules forbid, an empty line:
    each is explained and the same player is asked again; nothing is played."""
    out, state = run("xyzzy\n99\n7h c1\nzz c1\n\n5h c9\nq\n")
    assert "I don't understand 'xyzzy'" in out
    assert "There is no move 99: choose 1 to" in out
    assert "7H is not in your hand" in out  # the engine's rule message
    assert "bad card 'zz'" in out
    assert "Type a move" in out
    assert "Unknown target 'c9'" in out
    assert out.count("Your move: ") == 7
    assert "You left the game." in out
    assert state.turns == 1 and state.plays_this_turn == 0


def test_a_move_the_rules_forbid_shows_the_rule():
    """The seed-3 deal: the human's hand holds no ace, so a hand card to a free place is refused
    with the rule that a pile starts with an A."""
    out, _ = run("3d c1\nq\n")
    assert "Not allowed: 3D cannot start a central pile (docs/rules/crapette.md §2.2" in out


def test_help_is_shown():
    out, _ = run("?\nq\n")
    assert "Type the number of a move" in out
    assert "kings are wild" in out


def test_end_of_input_leaves_the_game():
    out, state = run("")
    assert "You left the game." in out
    assert not state.is_terminal()


def test_a_scripted_game_plays_to_the_end():
    """Always the first listed move: the game runs to its end and the result is printed."""
    out, state = run("1\n" * 3000)
    assert state.is_terminal()
    assert "Game over after" in out
    assert ("You win" in out) or ("AI (planner) wins" in out) or ("A draw" in out)
    assert "AI (planner) plays" in out or "AI (planner) ends the turn" in out
    assert "You end your turn" in out


def test_short_form_moves_are_parsed():
    state = prepare(stock0="QC 5C", hand0="7H 10S KD", help0=("9D 3S", "", "4H"), central=("AH 2H 3H 4H",))
    moves = state.legal_actions()
    assert parse_move_text("s c1", state, moves) == Move(Place.STOCK, cards("5C")[0], Place.CENTRAL, 0, 0)
    assert parse_move_text("h3 c1", state, moves) == Move(Place.HELP, cards("4H")[0], Place.CENTRAL, 2, 0)
    assert parse_move_text("10s h2", state, moves) == Move(Place.HAND, cards("TS")[0], Place.HELP, 0, 1)
    assert parse_move_text("KD c2", state, moves) == Move(Place.HAND, cards("KD")[0], Place.CENTRAL, 0, 1)
    assert parse_move_text("1", state, moves) == moves[0]
    empty_pile = parse_move_text("h2 c1", state, moves)
    assert isinstance(empty_pile, InputProblem) and "help pile 2 is empty" in empty_pile.message
    assert isinstance(parse_move_text("s", state, moves), InputProblem)
    assert isinstance(parse_move_text("0", state, moves), InputProblem)


def test_layout_hides_the_opponents_hand_and_face_down_cards():
    """The table for the human: own hand shown, the opponent's as a count; stock tops only."""
    state = prepare(stock0="2C 3C QC", stock1="4D 5D JD", hand0="7H KD", hand1="8S 8C 2D", central=("AH KS",))
    text = render_layout(state, viewer=0, names=("You", "AI"))
    assert "7H KD" in text
    assert "3 cards" in text and "8S" not in text and "2D" not in text
    assert "top QC" in text and "top JD" in text and "3C" not in text and "5D" not in text
    assert "[1] 2 (top KS=2), needs 3" in text
    assert "[2] free (needs A)" in text
    spectator = render_layout(state, viewer=None)
    assert "2D 8C 8S" in spectator


def test_moves_are_numbered_plays_first():
    state = prepare(hand0="AH 9S")
    text = render_moves(state, state.legal_actions())
    assert text.splitlines()[0] == "Plays:"
    assert " 1) hand AH -> central 1" in text
    assert "End the turn" in text and "9S->h4" in text


def test_watch_mode_plays_two_ais_to_the_end():
    out, state = run("", watch=True)
    assert state.is_terminal()
    assert "seat 0 (planner)" in out and "seat 1 (planner)" in out
    assert "Game over after" in out
    assert "Your move" not in out


def test_unknown_ai_is_refused():
    with pytest.raises(ValueError, match="unknown AI"):
        TerminalGame(seed=1, ai="oracle", stdin=io.StringIO(), stdout=io.StringIO())


# -- manage.py crapette ----------------------------------------------------------------------------


def test_command_play_with_seed_and_stock():
    out = io.StringIO()
    call_command("crapette", "play", "--seed", "3", "--stock", "5", stdin=io.StringIO("xx\nq\n"), stdout=out)
    text = out.getvalue()
    assert text.startswith("Seed 3 (replay this deal with --seed 3)")
    assert "stock piles of 5 cards" in text
    assert "I don't understand 'xx'" in text
    assert "You left the game." in text


def test_command_is_reproducible_by_seed():
    outputs = []
    for _ in range(2):
        out = io.StringIO()
        call_command("crapette", "play", "--seed", "12", "--stock", "6", "--watch", stdout=out)
        outputs.append(out.getvalue())
    assert outputs[0] == outputs[1]
    assert "Game over after" in outputs[0]


def test_command_without_seed_prints_the_one_it_drew():
    out = io.StringIO()
    call_command("crapette", "play", "--stock", "5", stdin=io.StringIO("q\n"), stdout=out)
    assert out.getvalue().startswith("Seed ")


@pytest.mark.parametrize("stock", ["4", "21"])
def test_command_refuses_a_stock_outside_5_to_20(stock):
    with pytest.raises(CommandError, match="--stock must be from 5 to 20"):
        call_command("crapette", "play", "--stock", stock, stdin=io.StringIO("q\n"), stdout=io.StringIO())


def test_command_needs_a_subcommand():
    with pytest.raises(CommandError):
        call_command("crapette", stdout=io.StringIO())


def test_a_refused_move_is_not_recorded_and_the_game_record_replays(tmp_path):
    """docs/game-records.md: with --record, a move the rules forbid is refused as before (with its
    rule) and never reaches the record; the game played to its end replays."""
    from simulator.records import replay_record

    path = tmp_path / "game.json"
    out, _ = run("3d c1\nq\n", record=path)
    assert "Not allowed: 3D cannot start a central pile (docs/rules/crapette.md §2.2" in out
    assert not path.exists()  # the human left: an unfinished game writes no record
    out, state = run("", watch=True, record=path)
    assert state.is_terminal() and "Game record written to" in out
    record = json.loads(path.read_text())
    assert replay_record(record).result == record["result"]
