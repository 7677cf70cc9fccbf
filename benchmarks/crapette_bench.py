"""Crapette speed and strength (issue 9): run ``.venv/bin/python benchmarks/crapette_bench.py``.

- speed: random-vs-random games per CPU second (actions per second), planner decisions per second
  (CPU time is reported besides wall time: the machine is shared);
- strength: the ``planner`` beats ``random`` in ≥ 90% of 1,000 games — the win rate with its
  Wilson 95% interval, draws, end reasons and game lengths, seats alternating between games;
- optionally (``--selfplay N``) planner against planner: the first player's advantage.

    .venv/bin/python benchmarks/crapette_bench.py [--games 1000] [--stock 20] [--seed 2026]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from simulator.engine.runner import Side, play_game, play_match_game
from simulator.engine.seeds import rng_for
from simulator.engine.stats import MatchTally
from simulator.games.crapette import GAME_SPEC
from simulator.games.crapette.game import CrapetteState
from simulator.games.crapette.policies import PlannerPolicy, RandomPolicy


class CountingPolicy:
    """Wraps a policy to count its decisions and the CPU time it spends choosing."""

    def __init__(self, inner: PlannerPolicy | RandomPolicy) -> None:
        self.inner = inner
        self.name = inner.name
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, state: CrapetteState, rng: random.Random):  # type: ignore[no-untyped-def]
        start = time.process_time()
        move = self.inner.choose(state, rng)
        self.seconds += time.process_time() - start
        self.decisions += 1
        return move


def speed_random(stock: int, games: int, seed: int) -> None:
    game = GAME_SPEC.make_game(stock_size=stock)
    actions = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for index in range(games):
        state = game.new_initial_state(rng_for(seed, index, "game"))
        policies = (RandomPolicy(), RandomPolicy())
        rngs = (rng_for(seed, index, "p0"), rng_for(seed, index, "p1"))
        while not state.is_terminal():
            player = state.current_player()
            state.apply(policies[player].choose(state, rngs[player]))
            actions += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    print(
        f"random vs random, stock {stock}: {games} games in {elapsed:.2f} s ({cpu:.2f} s CPU) "
        f"= {games / cpu:,.0f} games/s, "
        f"{actions / cpu:,.0f} actions/s of CPU ({actions / games:.0f} actions/game)"
    )


def strength(stock: int, games: int, seed: int, opponent: str) -> None:
    game = GAME_SPEC.make_game(stock_size=stock)
    planner = CountingPolicy(PlannerPolicy())
    other = CountingPolicy(PlannerPolicy() if opponent == "planner" else RandomPolicy())
    sides = (Side("A", planner), Side("B", other))  # type: ignore[arg-type]
    tally = MatchTally()
    start = time.perf_counter()
    cpu = time.process_time()
    for index in range(games):
        tally.add(play_match_game(game, sides, seed, index))
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    report = tally.report()
    a = report["sides"]["A"]
    lo, hi = a["win_rate_ci95"]
    length = report["length"]
    print(f"planner (A) vs {opponent} (B), stock {stock}, {games} games, seed {seed}, seats alternating:")
    print(
        f"  planner wins {a['wins']}/{games} = {a['win_rate']:.1%} (Wilson 95% {lo:.1%} .. {hi:.1%}); "
        f"losses {a['losses']}, draws {a['draws']}"
    )
    fp = report["first_player"]
    print(
        f"  first player wins {fp['wins']}/{fp['games']} ({fp['win_rate']:.1%}), "
        f"end reasons {report['end_reasons']}"
    )
    print(
        f"  turns per game: mean {length['mean']:.1f}, median {length['median']}, "
        f"min {length['min']}, max {length['max']}"
    )
    print(
        f"  {elapsed:.1f} s ({cpu:.1f} s CPU) = {games / cpu:.1f} games per CPU second; "
        f"planner {planner.decisions:,} decisions, "
        f"{planner.decisions / planner.seconds:,.0f} decisions per CPU second "
        f"({1000 * planner.seconds / planner.decisions:.2f} ms each)"
    )
    if opponent == "random":
        verdict = "MET" if a["win_rate"] >= 0.9 else "NOT MET"
        print(f"  target: planner beats random in >= 90% of games: {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1000, help="planner vs random games (default 1000)")
    parser.add_argument("--stock", type=int, default=20, help="stock pile size (default 20)")
    parser.add_argument("--seed", type=int, default=2026, help="job seed (default 2026)")
    parser.add_argument(
        "--speed-games", type=int, default=500, help="random vs random games timed (default 500)"
    )
    parser.add_argument("--selfplay", type=int, default=0, help="also N planner vs planner games (default 0)")
    args = parser.parse_args()

    print("== speed")
    speed_random(args.stock, args.speed_games, args.seed)
    # A planner game to the end, for a per-game figure that includes its search.
    state = GAME_SPEC.make_game(stock_size=args.stock).new_initial_state(rng_for(args.seed, 0, "game"))
    assert isinstance(state, CrapetteState)
    cpu = time.process_time()
    play_game(state, (PlannerPolicy(), PlannerPolicy()), (random.Random(1), random.Random(2)))
    print(f"one planner vs planner game: {time.process_time() - cpu:.3f} s CPU, {state.turns} turns")
    print("== strength")
    strength(args.stock, args.games, args.seed, "random")
    if args.selfplay:
        strength(args.stock, args.selfplay, args.seed, "planner")


if __name__ == "__main__":
    main()
