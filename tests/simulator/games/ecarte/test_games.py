"""Random full games with invariants after every action, determinism, determinization, registry."""

from __future__ import annotations

import random

import pytest

from simulator.engine.protocol import TERMINAL
from simulator.engine.registry import get_game_spec
from simulator.engine.runner import Side, play_game, play_match_game
from simulator.engine.seeds import derive_seed
from simulator.games.ecarte import GAME_SPEC, EcarteState
from simulator.games.ecarte.game import (
    HAND_SIZE,
    PLAY,
    TARGET_SCORE,
    TRICKS_PER_DEAL,
    EcarteOptionError,
    Phase,
    make_game,
)
from simulator.games.ecarte.policies import HeuristicPolicy, RandomPolicy

from .helpers import assert_pack_conserved, card, cards, deal

MAX_POINTS_PER_DEAL = 3  # docs/rules/ecarte.md §2.7 — at most 3 points a deal (King + tricks)


class InvariantChecker:
    """Checks the rules' invariants after every action of a game (the state's log enabled)."""

    def __init__(self, state: EcarteState) -> None:
        self.state = state
        self.scores = list(state.scores)
        self.seen = 0  # log entries read so far
        self.log_deal = 0  # the deal the log is in
        self.tricks: dict[int, int] = {}  # tricks taken, by deal
        self.points: dict[int, int] = {}  # points scored, by deal

    def read_log(self) -> None:
        log = self.state.log or []
        for entry in log[self.seen :]:
            if entry["event"] == "deal":
                if self.log_deal:  # the previous deal was finished: it had 5 tricks
                    assert self.tricks.get(self.log_deal, 0) == TRICKS_PER_DEAL
                self.log_deal = entry["deal"]
            elif entry["event"] == "trick":
                self.tricks[self.log_deal] = self.tricks.get(self.log_deal, 0) + 1
            elif entry["event"] == "score":
                self.points[self.log_deal] = self.points.get(self.log_deal, 0) + entry["points"]
                # docs/rules/ecarte.md §2.7 — at most 3 points a deal (King + tricks).
                assert self.points[self.log_deal] <= MAX_POINTS_PER_DEAL
        self.seen = len(log)

    def check(self) -> None:
        st = self.state
        self.read_log()
        assert_pack_conserved(st)
        # Points only grow, and every point is in the log.
        assert all(now >= before for now, before in zip(st.scores, self.scores, strict=True))
        assert sum(self.points.values()) == sum(st.scores)
        self.scores = list(st.scores)
        assert self.log_deal == st.deals
        assert self.tricks.get(st.deals, 0) == len(st.tricks) == sum(st.tricks_won) <= TRICKS_PER_DEAL
        assert len(st.stock) + sum(map(len, st.discards)) == 21
        if st.phase in (Phase.PROPOSAL, Phase.RESPONSE, Phase.DISCARD):
            assert [len(h) for h in st.hands] == [HAND_SIZE, HAND_SIZE]
        if st.phase is Phase.TRICKS:
            played = [HAND_SIZE - len(h) for h in st.hands]
            assert played[st.leader] == len(st.tricks) + len(st.trick)
            assert played[1 - st.leader] == len(st.tricks)
        if st.is_terminal():
            assert st.current_player() == TERMINAL and st.legal_actions() == []
            winner = st.winner
            assert winner is not None and st.scores[winner] >= TARGET_SCORE > st.scores[1 - winner]
            assert sum(st.returns()) == 0 and st.returns()[winner] == 1
            if len(st.tricks) < TRICKS_PER_DEAL:  # ended mid-deal: by a point scored at once
                assert st.summary()["end_reason"] in {
                    "turned_king",
                    "king_of_trumps",
                    "point",
                    "unproposed_point",
                }
        else:
            legal = st.legal_actions()
            assert legal and len(set(legal)) == len(legal)
            assert st.returns() == (0.0, 0.0)


def play_checked(seed: int, policies, *, strict: bool) -> EcarteState:
    game = make_game(strict=strict)
    state = game.new_initial_state(random.Random(derive_seed(seed, 0, "game")))
    state.enable_log()
    checker = InvariantChecker(state)
    checker.check()

    def after_each(st, player, action):
        assert player == st.current_player()
        assert action in st.legal_actions()

    rngs = (random.Random(seed), random.Random(seed + 1))
    for _ in range(10_000):
        if state.is_terminal():
            break
        player = state.current_player()
        action = policies[player].choose(state, rngs[player])
        after_each(state, player, action)
        state.apply(action)
        checker.check()
    assert state.is_terminal()
    return state


@pytest.mark.parametrize("strict", [False, True])
def test_random_games_keep_the_invariants_after_every_action(strict):
    """32 cards conserved, 5 tricks a finished deal, points only grow, ≤ 3 points a deal, the
    game ends when a player reaches 5 — over many seeds, both variants."""
    rand = RandomPolicy()
    heur = HeuristicPolicy()
    end_reasons = set()
    for seed in range(150):
        pair = [(rand, rand), (heur, rand), (rand, heur), (heur, heur)][seed % 4]
        state = play_checked(seed, pair, strict=strict)
        end_reasons.add(state.summary()["end_reason"])
        assert state.summary()["turns"] == state.deals >= 1
    # Over 150 games every way of reaching 5 shows up.
    assert end_reasons >= {"point", "unproposed_point", "vole", "king_of_trumps"}


def test_every_legal_action_is_accepted_and_nothing_else_is_offered():
    """legal_actions() and apply() agree: each legal action applies on a copy; the state is untouched."""
    rng = random.Random(5)
    for seed in range(25):
        state = make_game().new_initial_state(random.Random(seed))
        while not state.is_terminal():
            before = repr(state)
            for action in state.legal_actions():
                state.clone().apply(action)
            assert repr(state) == before
            state.apply(rng.choice(state.legal_actions()))


def test_same_seed_same_game_whatever_the_global_random(disturb_global_random):
    """Determinism: a game is a function of its seeds, never of the module-level RNG."""
    game = GAME_SPEC.make_game()
    sides = (Side("A", HeuristicPolicy()), Side("B", RandomPolicy()))
    first = [play_match_game(game, sides, 42, i, record_log=True) for i in range(6)]
    disturb_global_random()
    second = [play_match_game(game, sides, 42, i, record_log=True) for i in range(6)]
    assert [(r.summary, r.log, r.returns) for r in first] == [(r.summary, r.log, r.returns) for r in second]
    assert len({str(r.log) for r in first}) == 6  # different games for different indices


def test_first_player_is_the_non_dealer_of_the_first_deal():
    counts = [0, 0]
    for seed in range(40):
        state = make_game().new_initial_state(random.Random(seed))
        assert state.summary()["first_player"] == state.non_dealer == state.current_player()
        counts[state.dealer] += 1
    assert min(counts) > 5  # docs/rules/ecarte.md §2.1 — the first dealer is chosen at random


def test_clone_is_independent():
    state = make_game().new_initial_state(random.Random(3))
    copy = state.clone()
    play_game(copy, (RandomPolicy(), RandomPolicy()), (random.Random(1), random.Random(2)))
    assert copy.is_terminal() and not state.is_terminal()
    assert state.deals == 1 and state.scores in ([0, 0], [0, 1], [1, 0])


# -- determinize ---------------------------------------------------------------------------------


def test_determinize_keeps_what_the_player_knows_and_redeals_the_rest():
    rng = random.Random(8)
    for seed in range(30):
        state = make_game().new_initial_state(random.Random(seed))
        policies = (RandomPolicy(), RandomPolicy())
        steps = rng.randrange(0, 25)
        for _ in range(steps):
            if state.is_terminal():
                break
            state.apply(policies[0].choose(state, rng))
        if state.is_terminal():
            continue
        player = state.current_player()
        opp = 1 - player
        before = repr(state)
        seen_hands = set()
        for _ in range(20):
            d = state.determinize(player, rng)
            assert d.hands[player] == state.hands[player]
            assert d.discards[player] == state.discards[player]
            assert d.turned == state.turned and d.trick == state.trick and d.tricks == state.tricks
            assert d.scores == state.scores and d.phase is state.phase
            assert len(d.hands[opp]) == len(state.hands[opp])
            assert len(d.discards[opp]) == len(state.discards[opp]) and len(d.stock) == len(state.stock)
            assert_pack_conserved(d)
            assert all(state.may_hold(opp, c) for c in d.hands[opp])
            assert d.legal_actions() == state.legal_actions()  # same choices for the player to move
            seen_hands.add(tuple(d.hands[opp]))
        assert repr(state) == before
        if state.phase is not Phase.TRICKS:
            assert len(seen_hands) > 1  # the opponent's 5 cards are genuinely re-dealt


def test_determinize_respects_a_void_and_an_announced_king():
    """What the rules reveal: a suit not followed is void; the King of trumps announced is held."""
    state = deal("KS QD 8D 9S 7D", "JH TH 7C 8C 9C", "7S")
    state.apply(PLAY)
    state.apply(card("QD"))  # the non-dealer announces the King of trumps
    state.apply(card("7C"))  # the dealer shows a void in diamonds
    rng = random.Random(1)
    for _ in range(200):
        seen_by_dealer = state.determinize(1, rng)
        assert any(str(c) == "KS" for c in seen_by_dealer.hands[0])
        seen_by_non_dealer = state.determinize(0, rng)
        assert not any(c.suit == "D" for c in seen_by_non_dealer.hands[1])


def test_determinize_knows_a_first_card_without_announcement_means_no_king_of_trumps():
    """[decision] KING_OF_TRUMPS_ANNOUNCED_AUTOMATICALLY — silence with the first card is news."""
    state = deal("AH QD 8D 9S 7D", "JH TH 7C 8C 9C", "7S")
    king = cards("KS")[0]
    state.apply(PLAY)
    assert state.may_hold(0, king)
    state.apply(card("AH"))
    assert not state.may_hold(0, king) and state.may_hold(1, king)
    rng = random.Random(3)
    assert all(king not in state.determinize(1, rng).hands[0] for _ in range(200))


def test_in_a_determinized_deal_the_re_dealt_king_of_trumps_is_announced_by_its_new_holder():
    state = deal("AH QD 8D 9S 7D", "JH TH 7C 8C KS", "7S")
    state.apply(PLAY)
    state.apply(card("AH"))
    rng = random.Random(4)
    outcomes = set()
    for _ in range(100):
        seen = state.determinize(0, rng)
        holds = any(str(c) == "KS" for c in seen.hands[1])
        seen.apply(seen.legal_actions()[0])
        assert seen.scores[1] == int(holds)
        outcomes.add(holds)
    assert outcomes == {True, False}


def test_determinize_knows_a_lower_card_means_no_higher_one():
    """The follower must win if able: following with a lower card shows they hold no higher one."""
    state = deal("TH QD 8D 9S 7D", "9H 7H 7C 8C 9C", "7S")
    state.apply(PLAY)
    state.apply(card("TH"))
    state.apply(card("7H"))
    rng = random.Random(2)
    higher = {"KH", "QH", "JH", "AH"}
    for _ in range(200):
        assert not higher & {str(c) for c in state.determinize(0, rng).hands[1]}


# -- registry and options --------------------------------------------------------------------------


def test_registered_in_the_game_registry():
    spec = get_game_spec("ecarte")
    assert spec is GAME_SPEC
    assert spec.name == "ecarte" and not spec.uses_decks
    assert set(spec.policies) == {"random", "heuristic"}
    assert (spec.options["strict"].type, spec.options["strict"].default) == (bool, False)
    assert spec.make_game(strict=True).options.strict
    assert spec.make_game().name == "ecarte"


@pytest.mark.parametrize("options", [{"strickt": True}, {"strict": "yes"}])
def test_bad_options_are_refused_clearly(options):
    with pytest.raises(EcarteOptionError, match="strict"):
        make_game(**options)
