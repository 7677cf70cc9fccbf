"""Eredan AI strength (issue 5): the search player (``ismcts``) against ``random`` and ``greedy``.

Run ``.venv/bin/python benchmarks/eredan_strength.py`` (``--games 1000`` per opponent by default,
``--workers N`` processes). Games are mirror matches spread evenly over the demo decks of the
bundled card set; seats alternate between games (the search player sits first in even games) and
every game's seeds come from (seed, game index), so the figures do not depend on the number of
workers. Targets: the search player wins ≥ 90% against random and ≥ 60% against greedy. A draw
counts as not won. Reported with the Wilson 95% interval.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cards.domain.cardset import load_cardset  # noqa: E402
from simulator.engine.runner import Side, play_match_game  # noqa: E402
from simulator.engine.stats import wilson_interval  # noqa: E402
from simulator.games.eredan.game import EredanGame  # noqa: E402
from simulator.games.eredan.policies import SearchPolicy, make_policy  # noqa: E402

TARGETS = {"random": 0.90, "greedy": 0.60}


def play_chunk(opponent: str, indices: list[int], seed: int, search: dict[str, int]) -> dict[str, Any]:
    cardset = load_cardset()
    decks = [cardset.decks[s] for s in sorted(cardset.decks)]
    game = EredanGame()
    out = {"games": 0, "wins": 0, "draws": 0, "cpu": 0.0, "turns": 0, "first_wins": 0}
    cpu0 = time.process_time()
    for i in indices:
        deck = decks[(i // 2) % len(decks)]  # both seatings of a deck in consecutive games
        sides = (Side("search", SearchPolicy(**search), deck), Side(opponent, make_policy(opponent), deck))
        result = play_match_game(game, sides, seed, i)
        out["games"] += 1
        out["wins"] += result.winner == "search"
        out["draws"] += result.winner is None
        out["turns"] += result.summary["turns"]
        out["first_wins"] += result.winner_seat == result.summary["first_player"]
    out["cpu"] = time.process_time() - cpu0
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1000, help="games per opponent (default 1000)")
    parser.add_argument("--opponents", default="random,greedy")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=None, help="search: determinizations per decision")
    parser.add_argument("--horizon", type=int, default=None, help="search: rollout length in turns")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    search = {k: v for k, v in (("worlds", args.worlds), ("horizon", args.horizon)) if v is not None}
    defaults = SearchPolicy(**search)
    report: dict[str, Any] = {"search": {"worlds": defaults.worlds, "horizon": defaults.horizon}}
    ok = True
    for opponent in args.opponents.split(","):
        indices = list(range(args.games))
        chunks = [indices[w :: args.workers] for w in range(args.workers)]
        wall0 = time.perf_counter()
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            parts = list(
                pool.map(
                    play_chunk,
                    [opponent] * len(chunks),
                    chunks,
                    [args.seed] * len(chunks),
                    [search] * len(chunks),
                )
            )
        wall = time.perf_counter() - wall0
        total = {k: sum(p[k] for p in parts) for k in parts[0]}
        n, wins = total["games"], total["wins"]
        lo, hi = wilson_interval(wins, n)
        rate = wins / n
        met = rate >= TARGETS.get(opponent, 0.5)
        ok &= met
        report[opponent] = {
            "games": n,
            "wins": wins,
            "draws": total["draws"],
            "losses": n - wins - total["draws"],
            "win_rate": rate,
            "win_rate_ci95": [lo, hi],
            "target": TARGETS.get(opponent),
            "met": met,
            "mean_turns": total["turns"] / n,
            "cpu_seconds": total["cpu"],
            "wall_seconds": wall,
        }
        if not args.json:
            print(
                f"search vs {opponent}: {wins}/{n} won ({rate:.1%}, 95% CI {lo:.1%}–{hi:.1%}), "
                f"{total['draws']} draws, {n - wins - total['draws']} lost; "
                f"mean {total['turns'] / n:.1f} turns; "
                f"{total['cpu'] / n:.2f} CPU s/game — target {TARGETS.get(opponent, 0.5):.0%}: "
                f"{'met' if met else 'NOT MET'}",
                flush=True,
            )
    if args.json:
        print(json.dumps(report, indent=1))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
