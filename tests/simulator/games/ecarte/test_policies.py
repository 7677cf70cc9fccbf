"""The AI players: legal, blind to hidden cards, sensible, and the heuristic's strength."""

from __future__ import annotations

import random

import pytest

from simulator.engine.runner import Side, play_match_game
from simulator.engine.stats import MatchTally
from simulator.games.ecarte import GAME_SPEC
from simulator.games.ecarte.game import ACCEPT, PLAY, PROPOSE, REFUSE, Move, make_game
from simulator.games.ecarte.policies import HeuristicPolicy, RandomPolicy

from .helpers import card, cards, deal


def test_heuristic_beats_random_in_at_least_75_percent():
    """Issue 8 target (≥ 75% of games; the benchmark measures 1,000). On 400 games the measured
    rate (about 85%) sits more than 5 standard deviations above 75%, so this cannot fail by chance."""
    tally = _match(GAME_SPEC.make_game(), games=400, seed=2024)
    assert tally.wins["A"] / tally.games >= 0.75


def test_heuristic_beats_random_in_the_strict_variant():
    """Strict variant (about 80% measured): 70% on 400 games is 5 standard deviations below."""
    tally = _match(GAME_SPEC.make_game(strict=True), games=400, seed=77)
    assert tally.wins["A"] / tally.games >= 0.70


def _match(game, *, games: int, seed: int) -> MatchTally:
    sides = (Side("A", HeuristicPolicy()), Side("B", RandomPolicy()))
    tally = MatchTally()
    for index in range(games):
        tally.add(play_match_game(game, sides, seed, index))
    return tally


def test_policies_only_choose_legal_actions_and_only_from_their_own_rng():
    game = make_game()
    for policy in (RandomPolicy(), HeuristicPolicy()):
        for seed in range(20):
            state = game.new_initial_state(random.Random(seed))
            rng = random.Random(seed)
            while not state.is_terminal():
                action = policy.choose(state, rng)
                assert action in state.legal_actions()
                state.apply(action)


def test_the_heuristic_does_not_look_at_hidden_cards():
    """Re-dealing what the player cannot see (opponent's hand, stock, opponent's discards) never
    changes the heuristic's choice."""
    heuristic = HeuristicPolicy()
    rng = random.Random(11)
    checked = 0
    for seed in range(40):
        state = make_game().new_initial_state(random.Random(seed))
        while not state.is_terminal():
            seat = state.current_player()
            choice = heuristic.choose(state, rng)
            for _ in range(3):
                assert heuristic.choose(state.determinize(seat, rng), rng) == choice
            checked += 1
            state.apply(RandomPolicy().choose(state, rng))
    assert checked > 500


def test_policies_refuse_other_games_states():
    with pytest.raises(TypeError, match="EcarteState"):
        HeuristicPolicy().choose(object(), random.Random(0))  # type: ignore[arg-type]


# -- sensible play on prepared deals -------------------------------------------------------------


def test_heuristic_plays_a_strong_hand_without_proposing_and_proposes_a_weak_one():
    rng = random.Random(0)
    assert HeuristicPolicy().choose(deal("KS QS JS KD QD", "7H 8H 9H 7C 8C", "7S"), rng) == PLAY
    assert HeuristicPolicy().choose(deal("7H 8H 9D 7C 8C", "KS QS JS KD QD", "7S"), rng) == PROPOSE


def test_heuristic_dealer_refuses_with_a_strong_hand_and_accepts_with_a_weak_one():
    rng = random.Random(0)
    strong = deal("7H 8H 9D 7C 8C", "KS QS JS KD QD", "7S")
    strong.apply(PROPOSE)
    assert HeuristicPolicy().choose(strong, rng) == REFUSE
    weak = deal("KS QS JS KD QD", "7H 8H 9D 7C 8C", "7S")
    weak.apply(PROPOSE)
    assert HeuristicPolicy().choose(weak, rng) == ACCEPT


def test_heuristic_discards_weak_plain_cards_and_keeps_trumps_and_kings():
    state = deal("9S KD 8H 7C QC", "7H AH 9D TC 8C", "7S")  # spades are trumps
    state.apply(PROPOSE)
    state.apply(ACCEPT)
    action = HeuristicPolicy().choose(state, random.Random(0))
    assert action.move is Move.DISCARD
    assert set(action.cards) == set(cards("8H 7C QC"))
    state.apply(action)
    dealer = HeuristicPolicy().choose(state, random.Random(0))
    assert set(dealer.cards) == set(cards("7H AH 9D TC 8C"))


def test_heuristic_non_dealer_must_still_discard_one_card():
    state = deal("KS QS JS KD KH", "7H 8H 9D 7C 8C", "7S")
    state.apply(PROPOSE)
    state.apply(ACCEPT)
    action = HeuristicPolicy().choose(state, random.Random(0))
    assert len(action.cards) == 1 and action.cards[0].suit != "S"


def test_heuristic_wins_a_trick_as_cheaply_as_possible_or_throws_its_weakest_card():
    state = deal("TH 7D 8D 9D 7C", "KH JH AD 8S 9C", "7S")
    state.apply(PLAY)
    state.apply(card("TH"))
    assert HeuristicPolicy().choose(state, random.Random(0)) == card("JH")
    void = deal("TH 7D 8D 9D 7C", "KD JD AD 8S 9C", "7S")
    void.apply(PLAY)
    void.apply(card("TH"))
    assert HeuristicPolicy().choose(void, random.Random(0)) == card("8S")  # trumps to win
    no_trump = deal("TH 7D 8D 9D 7C", "KD JD AD 8C 9C", "7S")
    no_trump.apply(PLAY)
    no_trump.apply(card("TH"))
    assert HeuristicPolicy().choose(no_trump, random.Random(0)) == card("8C")  # weakest plain card


def test_heuristic_leads_the_master_trump_with_trump_length():
    state = deal("KS JS 7D 8D 9C", "7H 8H 9H 7C 8C", "7S")
    state.apply(PLAY)
    assert HeuristicPolicy().choose(state, random.Random(0)) == card("KS")
