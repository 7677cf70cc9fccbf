"""The game on the common protocol: deals, pegging, the show, winning, illegal actions, hidden information."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from simulator.engine.playing_cards import Card, full_deck, parse_card
from simulator.engine.protocol import TERMINAL, IllegalActionError
from simulator.engine.runner import Side, play_game, play_match_game
from simulator.games.cribbage import GAME_SPEC, score_show
from simulator.games.cribbage.game import (
    GO,
    RULE_COUNT,
    RULE_DISCARD,
    RULE_DISCARD_FIRST,
    RULE_GAME_OVER,
    RULE_GO,
    RULE_PLAY_OWN,
    CribbageGame,
    CribbageState,
    Discard,
    Phase,
    Play,
)
from simulator.games.cribbage.policies import ExpectedValuePolicy, RandomPolicy
from simulator.games.cribbage.scoring import pip
from tests.simulator.games.cribbage.helpers import discard, play, stacked

# Deal A: seat 1 deals. The pone (0) keeps 5H 5D 5C JS, the dealer KH QH 9C 8C; starter 5S.
DEAL_A = {"dealer": 1, "hand0": "5H 5D 5C JS 2C 3D", "hand1": "KH QH 9C 8C 7S 7D", "starter": "5S"}
# Deal B: seat 1 deals. The pone keeps TH 5C 6D 2S, the dealer KS 6H 9D 3C; starter 7C.
DEAL_B = {"dealer": 1, "hand0": "TH 5C 6D 2S AH 4D", "hand1": "KS 6H 9D 3C 8C QD", "starter": "7C"}


def deal_a(**kwargs):
    state = stacked(**{**DEAL_A, **kwargs})
    discard(state, "2C 3D")
    discard(state, "7S 7D")
    return state


def deal_b(**kwargs):
    state = stacked(**{**DEAL_B, **kwargs})
    discard(state, "AH 4D")
    discard(state, "8C QD")
    return state


def scored(state: CribbageState) -> list[tuple[int, int, str]]:
    return [(e["seat"], e["points"], e["reason"]) for e in state.log if e["event"] == "score"]


# -- the deal and the discard -----------------------------------------------------------------
def test_the_pone_discards_first_then_the_dealer_then_the_starter_is_cut():
    """docs/rules/cribbage.md §2.1–2.3: 6 cards each, 2 each to the dealer's crib, then the starter."""
    state = stacked(**DEAL_A)
    assert state.phase is Phase.DISCARD and state.current_player() == 0  # the pone
    assert len(state.legal_actions()) == 15
    discard(state, "2C 3D")
    assert state.current_player() == 1 and state.starter is None
    discard(state, "7S 7D")
    assert state.starter == parse_card("5S")
    assert state.phase is Phase.PEGGING
    assert state.current_player() == 0  # docs/rules/cribbage.md §2.4: the non-dealer plays first
    assert sorted(state.discards[0] + state.discards[1]) == sorted(map(parse_card, ["2C", "3D", "7S", "7D"]))


def test_a_new_game_cuts_for_deal_the_lower_card_deals():
    """docs/rules/cribbage.md §2.1 (decision FIRST_DEALER_BY_LOWER_CUT): the lower cut deals; ties cut
    again."""
    dealers = Counter()
    for seed in range(60):
        state = CribbageGame().new_initial_state(random.Random(seed))
        a, b = state.cuts[-1]
        assert a.rank != b.rank
        assert state.dealer == (0 if a.rank < b.rank else 1)
        assert all(x.rank == y.rank for x, y in state.cuts[:-1])
        assert len(state.hands[0]) == len(state.hands[1]) == 6
        assert state.current_player() == 1 - state.dealer
        dealers[state.dealer] += 1
    assert dealers[0] > 10 and dealers[1] > 10


# -- pegging ----------------------------------------------------------------------------------
def test_pegging_fifteen_go_and_last_card():
    """docs/rules/cribbage.md §2.4: 15 for 2; a player who cannot play says go, the other plays on and then
    scores 1 for the go; the player who did not lay the last card leads the next series; the
    last card of the play scores 1."""
    state = deal_a()
    play(state, "5H", "KH")  # 15
    assert state.scores == [0, 2]
    play(state, "5D", "9C")  # count 29
    assert state.count == 29 and state.current_player() == 0
    assert state.legal_actions() == [GO]  # 5C or JS would pass 31
    play(state, "go")
    # The dealer cannot play either (QH, 8C): they score the go at once; the pone leads.
    assert state.scores == [0, 3]
    assert state.count == 0 and state.series == [] and state.current_player() == 0
    play(state, "5C", "QH")  # 15 again
    assert state.scores == [0, 5]
    play(state, "JS")  # count 25: the dealer's 8C would make 33
    assert state.legal_actions() == [GO]
    play(state, "go")
    assert state.scores == [1, 5]  # the pone has no card left: 1 for the go
    assert state.current_player() == 1  # the dealer did not lay the last card: they lead
    play(state, "8C")
    assert scored(state)[:6] == [
        (1, 2, "fifteen for 2"),
        (1, 1, "go"),
        (1, 2, "fifteen for 2"),
        (0, 1, "go"),
        (1, 1, "last card"),
        (0, 29, "hand"),  # the show follows at once
    ]


def test_thirty_one_scores_2_not_3_and_resets_the_series():
    """docs/rules/cribbage.md §2.4: exactly 31 scores 2, never 2 and 1 for the same card; the count
    resets and cards of the earlier series never combine with the new one."""
    state = deal_b()
    play(state, "TH", "KS", "5C", "6H")  # 10, 20, 25, 31
    assert state.scores == [0, 2]
    assert state.count == 0 and state.series == []
    assert state.current_player() == 0  # the pone did not lay the last card: they lead
    play(state, "6D")  # would pair the 6H of the previous series: scores nothing
    assert state.scores == [0, 2]
    play(state, "9D")  # 6 + 9 = 15
    assert state.scores == [0, 4]
    play(state, "2S", "3C")  # both hands now empty: last card
    assert scored(state)[:3] == [(1, 2, "thirty-one for 2"), (1, 2, "fifteen for 2"), (1, 1, "last card")]


def test_pegging_runs_out_of_order_and_pairs_in_the_game():
    """docs/rules/cribbage.md §2.4: a run in any order; pairs of the most recent cards."""
    state = stacked(dealer=0, hand0="4C 6C 9S 9H AS AD", hand1="5D 3H 9C KD 2C 2D", starter="QS")
    discard(state, "2C 2D")
    discard(state, "AS AD")
    play(state, "5D", "4C")  # 9
    play(state, "3H")  # 5-4-3: run of 3, count 12
    assert state.scores == [0, 3]
    play(state, "6C")  # 5-4-3-6: run of 4, count 18
    assert state.scores == [4, 3]
    play(state, "9C")  # 27: 4-3-6-9 is no run
    assert state.scores == [4, 3]


def test_pegging_pair_and_pair_royal():
    """docs/rules/cribbage.md §2.4: pairs among the most recent cards: 2 of a rank = 2, 3 = 6."""
    state = stacked(dealer=0, hand0="9S 3H AS AD 2H 3S", hand1="9C 9D KD 4H 2C 2D", starter="QS")
    discard(state, "2C 2D")
    discard(state, "AS AD")
    play(state, "9C", "9S")  # pair: the dealer
    assert state.scores == [2, 0]
    play(state, "9D")  # pair royal: the pone, count 27
    assert state.scores == [2, 6]
    play(state, "3H", "go")  # 30; the dealer cannot play on either (2H, 3S): 1 for the go
    assert state.scores == [3, 6]


def test_the_deal_passes_and_the_show_is_counted_in_order():
    """docs/rules/cribbage.md §2.5–2.6: pone's hand, dealer's hand, crib; then the other player deals."""
    state = deal_a()
    play(state, "5H", "KH", "5D", "9C", "go", "5C", "QH", "JS", "go", "8C")
    shows = [(e["seat"], e["crib"], e["breakdown"]["total"]) for e in state.log if e["event"] == "show"]
    crib = score_show(["2C", "3D", "7S", "7D"], "5S", crib=True)
    assert shows == [(0, False, 29), (1, False, 4), (1, True, crib)]
    assert state.scores == [1 + 29, 6 + 4 + crib]
    assert state.dealer == 0 and state.deals == 2
    assert state.phase is Phase.DISCARD and state.current_player() == 1  # the new pone
    assert state.starter is None and all(len(h) == 6 for h in state.hands)


# -- winning ----------------------------------------------------------------------------------
def test_a_game_won_mid_pegging():
    """docs/rules/cribbage.md §3: 121 wins the moment it is reached — here in the middle of the pegging."""
    state = deal_a(scores=(0, 119))
    play(state, "5H", "KH")  # fifteen: 121
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.winner == 1 and state.won_during == "pegging"
    assert state.scores == [0, 121]
    assert state.returns() == (-1.0, 1.0)
    assert state.legal_actions() == []
    assert not any(e["event"] == "show" for e in state.log)
    with pytest.raises(IllegalActionError) as info:
        state.apply(Play(parse_card("5D")))
    assert info.value.rule == RULE_GAME_OVER
    summary = state.summary()
    assert summary["end_reason"] == "121" and summary["won_during"] == "pegging"
    assert summary["score"] == [0, 121] and summary["turns"] == 1 and summary["first_player"] == 0


def test_a_game_won_on_his_heels():
    """docs/rules/cribbage.md §2.3 + "Winning": a Jack starter gives the dealer 2 at once, which can win."""
    state = stacked(**{**DEAL_B, "starter": "JC"}, scores=(0, 119))
    discard(state, "AH 4D")
    discard(state, "8C QD")
    assert state.is_terminal() and state.winner == 1 and state.won_during == "heels"
    assert state.scores == [0, 121]


def test_his_heels_without_winning():
    state = stacked(**{**DEAL_B, "starter": "JC"})
    discard(state, "AH 4D")
    discard(state, "8C QD")
    assert state.scores == [0, 2] and state.phase is Phase.PEGGING
    assert scored(state) == [(1, 2, "his heels")]


def test_the_show_order_decides_who_wins():
    """docs/rules/cribbage.md §3: the pone's hand is counted first, so the pone wins even though the
    dealer's hand would also have taken the dealer past 121."""
    state = deal_a(scores=(92, 114))
    play(state, "5H", "KH", "5D", "9C", "go", "5C", "QH", "JS", "go", "8C")
    assert state.winner == 0 and state.won_during == "show"
    assert state.scores == [93 + 29, 120]  # the dealer's 4 and the crib are never counted
    assert [e["seat"] for e in state.log if e["event"] == "show"] == [0]


def test_target_option():
    game = GAME_SPEC.make_game(target=61)
    assert game.target == 61
    state = game.new_initial_state(random.Random(3))
    play_game(state, (RandomPolicy(), RandomPolicy()), (random.Random(1), random.Random(2)))
    assert max(state.scores) >= 61 > min(state.scores)
    with pytest.raises(ValueError, match="unknown cribbage option"):
        GAME_SPEC.make_game(colour="red")
    with pytest.raises(ValueError, match="target"):
        GAME_SPEC.make_game(target=0)


# -- illegal actions --------------------------------------------------------------------------
def test_illegal_discards_name_the_rule():
    state = stacked(**DEAL_A)
    cases = [
        (Discard((parse_card("KH"), parse_card("QH"))), RULE_DISCARD, "not in your hand"),
        (Discard((parse_card("5H"),)), RULE_DISCARD, "exactly 2"),
        (Discard((parse_card("5H"), parse_card("5D"), parse_card("5C"))), RULE_DISCARD, "exactly 2"),
        (Play(parse_card("5H")), RULE_DISCARD_FIRST, "not a discard"),
        (GO, RULE_DISCARD_FIRST, "not a discard"),
        ("hello", RULE_DISCARD_FIRST, "not a discard"),
    ]
    for action, rule, message in cases:
        with pytest.raises(IllegalActionError, match=message) as info:
            state.apply(action)
        assert info.value.rule == rule
        assert rule in str(info.value)
    assert state.current_player() == 0 and all(len(h) == 6 for h in state.hands)  # nothing changed


def test_illegal_plays_name_the_rule():
    state = deal_a()
    with pytest.raises(IllegalActionError) as info:
        state.apply(GO)  # holding playable cards
    assert info.value.rule == RULE_GO
    with pytest.raises(IllegalActionError) as info:
        state.apply(Play(parse_card("KH")))  # the dealer's card
    assert info.value.rule == RULE_PLAY_OWN
    with pytest.raises(IllegalActionError) as info:
        state.apply(Discard((parse_card("5H"), parse_card("5D"))))
    assert info.value.rule == RULE_DISCARD_FIRST
    play(state, "5H", "KH", "5D", "9C")
    with pytest.raises(IllegalActionError, match="from 29 to 34") as info:
        state.apply(Play(parse_card("5C")))
    assert info.value.rule == RULE_COUNT
    assert state.count == 29 and state.scores == [0, 2]


def test_actions_are_hashable_printable_and_discards_unordered():
    a = Discard((parse_card("JS"), parse_card("5H")))
    b = Discard((parse_card("5H"), parse_card("JS")))
    assert a == b and hash(a) == hash(b) and str(a) == "discard 5H JS"
    assert str(Play(parse_card("TD"))) == "play TD" and str(GO) == "go"
    assert len({a, b, Play(parse_card("5H")), GO, GO}) == 3


# -- whole games: invariants, determinism -----------------------------------------------------
def check_invariants(state: CribbageState, before: list[int]) -> None:
    """52 cards conserved, count ≤ 31 and equal to the series, scores only grow."""
    cards = [*state.hands[0], *state.hands[1], *state.played[0], *state.played[1], *state.deck]
    cards += [c for d in state.discards if d for c in d]
    if state.starter is not None:
        cards.append(state.starter)
    assert len(cards) == 52 and set(cards) == set(full_deck())
    assert state.count == sum(pip(c) for c in state.series) <= 31
    assert state.scores[0] >= before[0] and state.scores[1] >= before[1]
    if not state.is_terminal():
        assert state.legal_actions()
        assert state.current_player() in (0, 1)
    if state.phase is Phase.PEGGING:
        for seat in (0, 1):
            assert len(state.hands[seat]) + len(state.played[seat]) == 4


@pytest.mark.parametrize("policies", [("random", "random"), ("ev", "random"), ("ev", "ev")])
def test_random_full_games_keep_the_invariants(policies):
    """Many seeds, every action checked: cards conserved, count ≤ 31, scores only grow."""
    seeds = range(150) if policies == ("random", "random") else range(15)
    for seed in seeds:
        state = CribbageGame().new_initial_state(random.Random(seed))
        players = tuple(GAME_SPEC.make_policy(name) for name in policies)
        rngs = (random.Random(seed * 2 + 1), random.Random(seed * 2 + 2))
        actions = 0
        while not state.is_terminal():
            before = list(state.scores)
            seat = state.current_player()
            action = players[seat].choose(state, rngs[seat])
            assert action in state.legal_actions()
            state.apply(action)
            check_invariants(state, before)
            actions += 1
            assert actions < 5000
        assert max(state.scores) >= 121 > min(state.scores)
        assert state.scores[state.winner] >= 121
        summary = state.summary()
        assert summary["turns"] == state.deals >= 3
        assert summary["first_player"] == 1 - state.first_dealer
        assert summary["end_reason"] == "121"


def test_same_seed_same_game_whatever_the_global_random(disturb_global_random):
    """Determinism: the same seed twice, with the module-level RNG disturbed between."""
    game = GAME_SPEC.make_game()
    sides = (Side("A", ExpectedValuePolicy()), Side("B", RandomPolicy()))
    first = play_match_game(game, sides, seed=11, index=3, record_log=True)
    disturb_global_random()
    second = play_match_game(game, sides, seed=11, index=3, record_log=True)
    assert first == second
    assert first.log and first.log[0]["event"] == "cut_for_deal"
    third = play_match_game(game, sides, seed=12, index=3, record_log=True)
    assert third.log != first.log


def test_clone_is_independent():
    state = deal_a()
    copy = state.clone()
    play(copy, "5H", "KH")
    assert state.scores == [0, 0] and copy.scores == [0, 2]
    assert len(state.hands[0]) == 4 and len(copy.hands[0]) == 3
    a, b = state.clone(), state.clone()
    play(a, "5H", "KH", "5D", "9C", "go", "5C", "QH", "JS", "go", "8C")
    play(b, "5H", "KH", "5D", "9C", "go", "5C", "QH", "JS", "go", "8C")
    assert a.hands == b.hands  # the next deal comes from the same RNG state


# -- hidden information -----------------------------------------------------------------------
def test_determinize_redeals_only_what_the_player_cannot_see():
    state = deal_a()
    play(state, "5H", "KH")
    seen_by_0 = (list(state.hands[0]), list(state.played[0]), list(state.played[1]), state.discards[0])
    unseen = set(state.unseen_cards(0))
    assert unseen == set(full_deck()) - {
        *state.hands[0],
        *state.played[0],
        *state.played[1],
        *state.discards[0],
        state.starter,
    }
    hands = set()
    for seed in range(20):
        d = state.determinize(0, random.Random(seed))
        assert (d.hands[0], d.played[0], d.played[1], d.discards[0]) == seen_by_0
        assert d.starter == state.starter and d.count == state.count and d.scores == state.scores
        assert d.series == state.series and d.to_move == state.to_move
        assert len(d.hands[1]) == 3 and len(d.deck) == len(state.deck)
        assert set(d.unseen_cards(0)) == unseen
        check_invariants(d, d.scores)
        hands.add(tuple(d.hands[1]))
        # The copy plays on by itself.
        play_game(d, (RandomPolicy(), RandomPolicy()), (random.Random(1), random.Random(2)))
    assert len(hands) > 15  # actually re-dealt
    assert state.hands[1] == [parse_card(c) for c in ["8C", "9C", "QH"]]  # the original is untouched


def test_determinize_before_the_starter_and_the_dealers_view_of_the_crib():
    state = stacked(**DEAL_A)
    discard(state, "2C 3D")  # the pone's discards are face down
    d = state.determinize(1, random.Random(5))
    assert d.hands[1] == state.hands[1]
    assert d.discards[0] is not None and len(d.discards[0]) == 2
    assert len(d.hands[0]) == 4 and len(d.deck) == 40
    assert d._fixed_starter is None  # the stacked starter is unknown to the player
    check_invariants(d, [0, 0])


def test_determinize_respects_what_a_go_revealed():
    """A player who said go at 29 holds no card of pip ≤ 2: the re-deal honours it."""
    state = deal_a()
    play(state, "5H", "KH", "5D", "9C", "go")
    # The dealer now knows the pone holds only cards of pip > 2 (they hold 5C JS).
    for seed in range(30):
        d = state.determinize(1, random.Random(seed))
        assert all(pip(c) > 2 for c in d.hands[0])
        assert len(d.hands[0]) == 2
    # And the pone knows the dealer (who could not play at 29 either) holds pips > 2.
    for seed in range(30):
        d = state.determinize(0, random.Random(seed))
        assert all(pip(c) > 2 for c in d.hands[1])


def test_the_policies_choose_legal_actions_from_any_position():
    state = CribbageGame().new_initial_state(random.Random(8))
    ev, rnd = ExpectedValuePolicy(), RandomPolicy()
    rng = random.Random(0)
    while not state.is_terminal():
        for policy in (ev, rnd):
            assert policy.choose(state, rng) in state.legal_actions()
        state.apply(rnd.choose(state, rng))


def test_card_ranks_and_pips():
    assert [pip(Card(r, "S")) for r in range(1, 14)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
