"""Écarté speed and strength (issue 8): run ``.venv/bin/python benchmarks/ecarte_bench.py``.

- strength: the ``heuristic`` player against ``random`` over 1,000 games (target ≥ 75%), in the
  source's rules and in the ``strict`` variant, with Wilson 95% intervals;
- speed: whole games per second (random vs random, heuristic vs heuristic), actions per second,
  and ``determinize`` calls per second (what a search player would pay per sample).

Rates are per second of this process's CPU time, so a busy machine distorts them less.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from simulator.engine.runner import Side, play_match_game  # noqa: E402
from simulator.engine.stats import MatchTally  # noqa: E402
from simulator.games.ecarte import GAME_SPEC  # noqa: E402
from simulator.games.ecarte.game import EcarteState  # noqa: E402
from simulator.games.ecarte.policies import HeuristicPolicy, RandomPolicy  # noqa: E402

TARGET = 0.75


@dataclass
class Strength:
    wins: int
    games: int
    ci95: tuple[float, float]
    deals_mean: float
    end_reasons: dict[str, int]
    games_per_s: float

    @property
    def rate(self) -> float:
        return self.wins / self.games


def strength(games: int, seed: int, *, strict: bool) -> Strength:
    game = GAME_SPEC.make_game(strict=strict)
    sides = (Side("A", HeuristicPolicy()), Side("B", RandomPolicy()))
    tally = MatchTally()
    start = time.process_time()
    for index in range(games):
        tally.add(play_match_game(game, sides, seed, index))
    elapsed = time.process_time() - start
    report = tally.report()
    lo, hi = report["sides"]["A"]["win_rate_ci95"]
    return Strength(
        wins=report["sides"]["A"]["wins"],
        games=games,
        ci95=(lo, hi),
        deals_mean=report["length"]["mean"],
        end_reasons=report["end_reasons"],
        games_per_s=games / elapsed,
    )


def speed(games: int, seed: int, policy_names: tuple[str, str]) -> tuple[float, float]:
    """(games per second, actions per second) for a pairing, strict off."""
    game = GAME_SPEC.make_game()
    policies = (GAME_SPEC.make_policy(policy_names[0]), GAME_SPEC.make_policy(policy_names[1]))
    actions = 0
    start = time.process_time()
    for index in range(games):
        state = game.new_initial_state(random.Random(seed * 1_000_003 + index))
        rngs = (random.Random(index), random.Random(-index - 1))
        while not state.is_terminal():
            player = state.current_player()
            state.apply(policies[player].choose(state, rngs[player]))
            actions += 1
    elapsed = time.process_time() - start
    return games / elapsed, actions / elapsed


def determinize_rate(samples: int, seed: int) -> float:
    """determinize() calls per second on positions taken from random games."""
    rng = random.Random(seed)
    game = GAME_SPEC.make_game()
    positions: list[EcarteState] = []
    policy = RandomPolicy()
    while len(positions) < 200:
        state = game.new_initial_state(random.Random(rng.randrange(2**32)))
        assert isinstance(state, EcarteState)
        while not state.is_terminal():
            if rng.random() < 0.2:
                positions.append(state.clone())
            state.apply(policy.choose(state, rng))
    start = time.process_time()
    for i in range(samples):
        position = positions[i % len(positions)]
        position.determinize(position.current_player(), rng)
    return samples / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1000, help="heuristic vs random games per variant")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    print(
        f"Écarté benchmark: {args.games} games per variant, seed {args.seed}, Python {sys.version.split()[0]}"
    )
    ok = True
    for strict in (False, True):
        result = strength(args.games, args.seed, strict=strict)
        met = result.rate >= TARGET
        ok &= met
        lo, hi = result.ci95
        print(
            f"  heuristic vs random{' (strict)' if strict else ''}: {result.wins}/{result.games} = "
            f"{result.rate:.1%} (95% CI {lo:.1%}–{hi:.1%}; "
            f"target ≥ {TARGET:.0%}: {'met' if met else 'NOT MET'})"
        )
        print(
            f"    {result.deals_mean:.2f} deals a game, {result.games_per_s:.0f} games/s; "
            f"end reasons {result.end_reasons}"
        )
    for pairing in (("random", "random"), ("heuristic", "heuristic")):
        games_s, actions_s = speed(args.games, args.seed, pairing)
        print(f"  speed {pairing[0]} vs {pairing[1]}: {games_s:.0f} games/s, {actions_s:,.0f} actions/s")
    print(f"  determinize: {determinize_rate(20_000, args.seed):,.0f} calls/s")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
