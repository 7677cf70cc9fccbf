"""Eredan engine speed (issue 5): games per second on one core with the demo decks.

Run ``.venv/bin/python benchmarks/eredan_bench.py`` (``--games N`` per policy pair, ``--profile``
for a cProfile of the slowest pair). Every demo deck of the bundled card set plays its mirror, seats
alternating, seeds from (seed, game index) as in a simulation job. Targets: ≥ 1,500 games/s random
vs random and ≥ 400 greedy vs greedy. Both CPU time (what the engine costs, whatever else runs on
the machine) and wall-clock time are reported; the target is judged on CPU time.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cards.domain.cardset import load_cardset  # noqa: E402
from simulator.engine.runner import Side, play_match_game  # noqa: E402
from simulator.games.eredan.game import EredanGame  # noqa: E402
from simulator.games.eredan.policies import make_policy  # noqa: E402

TARGETS = {"random": 1500.0, "greedy": 400.0}


def run(policy: str, games: int, seed: int) -> tuple[float, float, dict[str, int], float]:
    """Play ``games`` mirror games (spread over the demo decks); (CPU s, wall s, end reasons, turns)."""
    cardset = load_cardset()
    game = EredanGame()
    decks = [cardset.decks[s] for s in sorted(cardset.decks)]
    per_deck = [games // len(decks) + (i < games % len(decks)) for i in range(len(decks))]
    reasons: dict[str, int] = {}
    turns = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for deck, n in zip(decks, per_deck, strict=True):
        sides = (Side("A", make_policy(policy), deck), Side("B", make_policy(policy), deck))
        for i in range(n):
            result = play_match_game(game, sides, seed, i)
            reason = result.summary["end_reason"]
            reasons[reason] = reasons.get(reason, 0) + 1
            turns += result.summary["turns"]
    return time.process_time() - cpu0, time.perf_counter() - wall0, reasons, turns / games


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=5000, help="games per policy pair (default 5000)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--profile", action="store_true", help="profile greedy vs greedy instead")
    args = parser.parse_args()
    if args.profile:
        cProfile.runctx("run('greedy', args.games, args.seed)", globals(), {"args": args}, "eredan.prof")
        pstats.Stats("eredan.prof").sort_stats("tottime").print_stats(25)
        return
    run("random", 200, args.seed)  # warm up (imports, the card set, compiled tables)
    ok = True
    for policy, target in TARGETS.items():
        cpu, wall, reasons, turns = run(policy, args.games, args.seed)
        rate = args.games / cpu
        met = rate >= target
        ok &= met
        print(
            f"{policy} vs {policy}: {args.games} games, {rate:,.0f} games/s CPU "
            f"({args.games / wall:,.0f} wall), mean {turns:.1f} turns, ends {reasons} — target "
            f"{target:,.0f}: {'met' if met else 'NOT MET'}"
        )
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
