"""The AI players: ``ev`` discards by the advisor and pegs greedily; it beats ``random``."""

from __future__ import annotations

import random

from simulator.engine.playing_cards import parse_card
from simulator.engine.registry import get_game_spec
from simulator.engine.runner import Side, play_match_game
from simulator.engine.stats import MatchTally
from simulator.games.cribbage.advisor import best_discard
from simulator.games.cribbage.game import Discard, Play
from simulator.games.cribbage.policies import ExpectedValuePolicy, RandomPolicy
from tests.simulator.games.cribbage.helpers import discard, play, stacked


def test_registry_exposes_cribbage():
    spec = get_game_spec("cribbage")
    assert spec.name == "cribbage" and not spec.uses_decks
    assert set(spec.policies) == {"random", "ev"} and spec.default_policy == "ev"
    assert spec.options["target"].default == 121
    assert spec.make_game().name == "cribbage"


def test_ev_discards_the_advisors_choice():
    state = stacked(dealer=1, hand0="5H 5D JS 4C 6C KH", hand1="2C 3C 8D 9D QS AS", starter="7H")
    choice = ExpectedValuePolicy().choose(state, random.Random(0))
    assert choice == Discard(best_discard(state.hands[0], dealer=False).discard)
    assert choice == Discard((parse_card("JS"), parse_card("KH")))
    discard(state, "JS KH")
    dealer_choice = ExpectedValuePolicy().choose(state, random.Random(0))
    assert dealer_choice == Discard(best_discard(state.hands[1], dealer=True).discard)


def test_ev_takes_the_points_on_offer():
    """Greedy pegging: the pone leads a K; the dealer holding a 5 makes fifteen."""
    state = stacked(dealer=1, hand0="KH 2C 3D 8S AH AD", hand1="5C 9D 4S 7H 2S 3S", starter="QC")
    discard(state, "AH AD")
    discard(state, "2S 3S")
    play(state, "KH")
    assert ExpectedValuePolicy().choose(state, random.Random(0)) == Play(parse_card("5C"))


def test_ev_does_not_lead_a_five_leaving_fifteen_to_the_opponent():
    """Greedy pegging avoids leaving 15 (a 5 led invites any ten-card)."""
    state = stacked(dealer=1, hand0="5H 4C 9S KH AH AD", hand1="QC QD 8D 7H 2S 3S", starter="6C")
    discard(state, "AH AD")
    discard(state, "2S 3S")
    assert ExpectedValuePolicy().choose(state, random.Random(0)) != Play(parse_card("5H"))


def test_ev_avoids_leaving_a_count_of_21():
    """At 11, the K would leave 21 (31 for any ten-card) and the 9 a run to 10-9-8 or 10-9-J:
    the 6 (17) only risks a pair."""
    state = stacked(dealer=1, hand0="AC 9H KS 6D 2S 3S", hand1="TH 4D 8C QH AH AD", starter="7S")
    discard(state, "2S 3S")
    discard(state, "AH AD")
    play(state, "AC", "TH")  # count 11
    assert ExpectedValuePolicy().choose(state, random.Random(0)) == Play(parse_card("6D"))


def test_ev_beats_random():
    """Strength: ``ev`` wins ≥ 95% against ``random`` (the benchmark plays 1,000 games; 100 here)."""
    game = get_game_spec("cribbage").make_game()
    sides = (Side("A", ExpectedValuePolicy()), Side("B", RandomPolicy()))
    tally = MatchTally()
    for index in range(100):
        tally.add(play_match_game(game, sides, seed=2024, index=index))
    report = tally.report()
    assert report["sides"]["A"]["win_rate"] >= 0.95
