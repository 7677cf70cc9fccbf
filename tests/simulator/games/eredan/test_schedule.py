"""When things happen (issue 15, family "schedule"): the turn counter moved on (``advance_turns``)
and a card that leaves the deck at the start of the game (``play.starts``) —
docs/rules/eredan.md §3 Start."""

from __future__ import annotations

from simulator.games.eredan.ops import DEF
from tests.simulator.games.eredan.factories import (
    card,
    character,
    end_turn,
    fight,
    line,
    play_cards,
    prepare_game,
)

FILLER = card("filler", effects=[{"op": "modify", "stat": "spirit", "amount": 1}])
JAB = card("jab", effects=[{"op": "modify", "stat": "attack", "amount": 1}])
PILES = ([FILLER] * 8, [FILLER] * 8)


def test_the_turn_counter_moved_on_numbers_the_next_turn_more_and_the_players_alternate():
    clock = card("clock", effects=[{"op": "advance_turns", "amount": 2}])
    s = prepare_game(line("a"), line("b"), hands=([clock], [JAB]), piles=PILES)
    assert (s.turn, s.active) == (1, 0)
    fight(s, 0, 0)
    play_cards(s, a=[clock])
    assert s.turn == 1  # this turn keeps its number
    end_turn(s)
    assert (s.turn, s.active) == (4, 1)
    assert any(e.get("event") == "advance_turns" and e["turns"] == 2 for e in s.log)


def test_at_the_start_of_the_game_the_first_turn_is_numbered_more_and_its_ordre_applies():
    """ "En début de partie, le compteur de tour avance d'un tour": the first turn is turn 2 (its
    Ordres apply); the first player stays the one the initiative chose."""
    keeper = character(
        "keeper",
        abilities=[{"op": "trigger", "on": "game_start", "effects": [{"op": "advance_turns", "amount": 1}]}],
        orders=[{"turns": [2], "effects": [{"op": "modify", "stat": "defense", "amount": 3}]}],
    )
    s = prepare_game([keeper, *line("a")[1:]], line("b"), hands=([JAB], [JAB]), piles=PILES)
    assert (s.turn, s.active) == (2, 0)
    fight(s, 0, 0)
    assert s.stat(0, DEF) == 4
