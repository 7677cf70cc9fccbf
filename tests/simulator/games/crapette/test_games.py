"""Whole games: random play over many seeds with the invariants after every action, determinism,
the legal-move list against ``apply``, and ``determinize``."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from simulator.engine.protocol import IllegalActionError
from simulator.engine.runner import Side, play_game, play_match_game
from simulator.engine.seeds import rng_for
from simulator.games.crapette import make_game
from simulator.games.crapette.game import HELP_PILES, CrapetteState, Move, Place
from simulator.games.crapette.policies import PlannerPolicy, RandomPolicy

from .conftest import check_invariants


def play_checked(state: CrapetteState, policies, rngs) -> CrapetteState:
    """Play to the end, checking the invariants before and after every action."""
    check_invariants(state)
    for _ in range(20_000):
        if state.is_terminal():
            return state
        player = state.current_player()
        move = policies[player].choose(state, rngs[player])
        assert move in state.legal_actions()
        state.apply(move)
        check_invariants(state)
    raise AssertionError("game did not end")


@pytest.mark.parametrize("stock_size", [5, 10, 20])
def test_random_games_keep_the_invariants(stock_size):
    """docs/rules/crapette.md — 104 cards conserved and central piles ascending after every action, over
    many random games; every game ends with a known reason."""
    game = make_game(stock_size=stock_size)
    reasons: Counter[str] = Counter()
    for seed in range(40):
        state = game.new_initial_state(rng_for(seed, stock_size, "game"))
        play_checked(state, (RandomPolicy(), RandomPolicy()), (random.Random(seed), random.Random(-seed)))
        reasons[state.end_reason or ""] += 1
        assert state.summary()["turns"] >= 1
    assert set(reasons) <= {"stock_emptied", "draw_pile_exhausted"}


def test_planner_games_keep_the_invariants():
    """The same invariants with the planner on both sides and against random (piles complete,
    hands empty mid-turn, stocks run out)."""
    game = make_game(stock_size=8)
    completed = emptied = 0
    for seed in range(16):
        state = game.new_initial_state(rng_for(seed, 0, "planner-game"))
        opponent = PlannerPolicy() if seed % 2 else RandomPolicy()
        play_checked(state, (PlannerPolicy(), opponent), (random.Random(seed), random.Random(seed + 1)))
        completed += state.piles_completed
        emptied += state.end_reason == "stock_emptied"
    assert completed > 0 and emptied > 0


def test_turn_limit_guard_ends_long_games():
    """docs/crapette.md [decision] max_turns: with a tiny limit every game ends at it."""
    game = make_game(stock_size=20, max_turns=6)
    for seed in range(10):
        state = game.new_initial_state(random.Random(seed))
        play_checked(state, (RandomPolicy(), RandomPolicy()), (random.Random(1), random.Random(2)))
        assert state.end_reason in ("turn_limit", "stock_emptied")
        assert state.turns <= 6


@pytest.mark.parametrize(("policy_a", "policy_b"), [("planner", "random"), ("random", "random")])
def test_same_seed_same_game(policy_a, policy_b, disturb_global_random):
    """Determinism: the same seed gives the same game, whatever the module-level RNG does."""
    policies = {"planner": PlannerPolicy, "random": RandomPolicy}
    game = make_game(stock_size=10)

    def run():
        sides = (Side("A", policies[policy_a]()), Side("B", policies[policy_b]()))
        return [play_match_game(game, sides, 77, index, record_log=True) for index in range(4)]

    first = run()
    disturb_global_random()
    second = run()
    for a, b in zip(first, second, strict=True):
        assert a.log == b.log
        assert a.summary == b.summary
        assert a.returns == b.returns
    assert len({tuple(r.log or []) for r in first}) == 4  # different games per index


def test_different_seeds_deal_differently():
    game = make_game()
    deals = {tuple(game.new_initial_state(random.Random(seed)).stocks[0]) for seed in range(20)}
    assert len(deals) == 20


def _candidate_moves(state: CrapetteState, rng: random.Random) -> list[Move]:
    """Legal-looking and illegal moves: every source and target, right and wrong cards."""
    seat = state.player
    pool = list(state.hands[seat]) + list(state.hands[1 - seat])
    pool += [s[-1] for s in state.stocks if s] + [p[-1] for ps in state.help_piles for p in ps if p]
    pool += [rng.choice(state.all_cards()) for _ in range(3)]
    moves = []
    for _ in range(25):
        moves.append(
            Move(
                rng.choice(list(Place)),
                rng.choice(pool),
                rng.choice(list(Place)),
                rng.randrange(-1, HELP_PILES + 1),
                rng.randrange(-1, len(state.central) + 1),
            )
        )
    return moves


def _fingerprint(state: CrapetteState) -> tuple[object, ...]:
    return (state.summary(), [list(h) for h in state.hands], [list(p) for p in state.central], state.player)


def test_apply_accepts_exactly_the_legal_moves():
    """An action is refused (state unchanged, rule named) if and only if it is not listed."""
    game = make_game(stock_size=6)
    rng = random.Random(99)
    accepted = refused = 0
    for seed in range(5):
        state = game.new_initial_state(random.Random(seed))
        policy = PlannerPolicy() if seed % 2 else RandomPolicy()
        while not state.is_terminal():
            legal = state.legal_actions()
            assert len(set(legal)) == len(legal)  # each move listed once
            for move in legal:
                state.clone().apply(move)
                accepted += 1
            for move in _candidate_moves(state, rng):
                if move in legal:
                    continue
                before = _fingerprint(state)
                with pytest.raises(IllegalActionError) as info:
                    state.apply(move)
                assert info.value.rule
                assert _fingerprint(state) == before
                refused += 1
            state.apply(policy.choose(state, rng))
    assert refused > 1000 and accepted > 1000


def test_determinize_redeals_only_what_the_player_cannot_see():
    """determinize: the opponent's hand, the draw pile order and the face-down stock cards are
    re-dealt; everything face up, and every pile size, stays."""
    game = make_game(stock_size=10)
    state = game.new_initial_state(random.Random(5))
    play_game_until = 30
    policies = (PlannerPolicy(), RandomPolicy())
    rngs = (random.Random(1), random.Random(2))
    for _ in range(play_game_until):
        state.apply(policies[state.player].choose(state, rngs[state.player]))
    player = state.player
    opponent = 1 - player
    changed = 0
    for seed in range(10):
        other = state.determinize(player, random.Random(seed))
        check_invariants(other)
        assert other.hands[player] == state.hands[player]
        assert other.help_piles == state.help_piles
        assert other.central == state.central
        for seat in (0, 1):
            assert len(other.stocks[seat]) == len(state.stocks[seat])
            assert other.stocks[seat][-1] == state.stocks[seat][-1]
        assert len(other.hands[opponent]) == len(state.hands[opponent])
        assert len(other.draw_pile) == len(state.draw_pile)
        hidden = lambda s: Counter(s.hands[opponent] + s.draw_pile + s.stocks[0][:-1] + s.stocks[1][:-1])  # noqa: E731
        assert hidden(other) == hidden(state)
        changed += other.hands[opponent] != state.hands[opponent] or other.draw_pile != state.draw_pile
        # The copy plays on independently.
        play_game(other, (RandomPolicy(), RandomPolicy()), (random.Random(3), random.Random(4)))
        assert other.is_terminal()
    assert changed >= 9
    assert not state.is_terminal()
    again = state.determinize(player, random.Random(1)), state.determinize(player, random.Random(1))
    assert again[0].hands == again[1].hands and again[0].stocks == again[1].stocks


def test_clone_is_independent():
    state = make_game(stock_size=5).new_initial_state(random.Random(8))
    copy = state.clone()
    move = state.legal_actions()[-1]
    copy.apply(move)
    assert copy.turns == state.turns + 1
    assert state.summary()["turns"] == 1
    # Same RNG state: the same chance events follow.
    assert state.clone().rng.random() == state.rng.random()
