"""Cribbage speed and strength targets (issue 7): run ``.venv/bin/python benchmarks/cribbage_bench.py``.

- ``cribbage table`` and ``table --crib`` ≤ 15 s (end to end, a fresh ``manage.py`` process, and
  the computation alone);
- ``cribbage discard`` ≤ 2 s per 6-card hand (end to end, and the advisor alone over many hands);
- ``ev`` beats ``random`` in ≥ 95% of 1,000 games (with the Wilson 95% interval), and how fast.
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from simulator.engine.playing_cards import full_deck  # noqa: E402
from simulator.engine.runner import Side, play_match_game  # noqa: E402
from simulator.engine.stats import MatchTally  # noqa: E402
from simulator.games.cribbage import GAME_SPEC  # noqa: E402
from simulator.games.cribbage.advisor import rank_discards  # noqa: E402
from simulator.games.cribbage.fastscore import rank5_table  # noqa: E402
from simulator.games.cribbage.table import show_score_table  # noqa: E402


def timed_command(*args: str) -> tuple[float, float, str]:
    """Wall-clock and CPU seconds (the CPU figure does not depend on how busy the machine is)."""
    cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "cribbage", *args],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    wall = time.perf_counter() - start
    cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    return wall, cpu, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="ev vs random games (default 1000)")
    parser.add_argument("--hands", type=int, default=500, help="random hands for the advisor timing")
    args = parser.parse_args()

    print("== table (target <= 15 s)")
    for flags in ([], ["--crib"]):
        seconds, cpu, out = timed_command("table", *flags)
        mean = out.splitlines()[-1]
        name = f"table {' '.join(flags)}"
        print(f"manage.py cribbage {name:13} end to end: {seconds:6.2f} s wall, {cpu:5.2f} s CPU ({mean})")
    start = time.perf_counter()
    rank5_table()
    print(f"rank table build (once per process):     {time.perf_counter() - start:6.2f} s")
    for crib in (False, True):
        start = time.perf_counter()
        table = show_score_table(crib=crib)
        elapsed = time.perf_counter() - start
        facts = f"total={table.total} mean={table.mean:.6f}"
        print(f"show_score_table(crib={crib!s:5}) alone:      {elapsed:6.2f} s  {facts}")

    print("\n== discard (target <= 2 s per 6-card hand)")
    seconds, cpu, _ = timed_command("discard", "5H", "5D", "JS", "4C", "6C", "KH", "--dealer")
    print(f"manage.py cribbage discard end to end:    {seconds:6.2f} s wall, {cpu:5.2f} s CPU")
    seconds, cpu, _ = timed_command("--help")
    print(f"manage.py cribbage --help (Django start): {seconds:6.2f} s wall, {cpu:5.2f} s CPU")
    rng = random.Random(7)
    deck = full_deck()
    hands = [rng.sample(deck, 6) for _ in range(args.hands)]
    rank_discards(hands[0], dealer=True)  # warm the numpy tables
    start = time.perf_counter()
    for i, hand in enumerate(hands):
        rank_discards(hand, dealer=i % 2 == 0)
    per_hand = (time.perf_counter() - start) / len(hands)
    print(f"rank_discards over {len(hands)} random hands:   {per_hand * 1000:6.2f} ms per hand")

    print(f"\n== strength: ev vs random, {args.games} games (target >= 95%)")
    game = GAME_SPEC.make_game()
    for a, b in (("ev", "random"), ("random", "random"), ("ev", "ev")):
        n = args.games if (a, b) == ("ev", "random") else max(1, args.games // 5)
        sides = (Side("A", GAME_SPEC.make_policy(a)), Side("B", GAME_SPEC.make_policy(b)))
        tally = MatchTally()
        start = time.perf_counter()
        for index in range(n):
            tally.add(play_match_game(game, sides, seed=20250101, index=index))
        elapsed = time.perf_counter() - start
        report = tally.report()
        side = report["sides"]["A"]
        lo, hi = side["win_rate_ci95"]
        print(
            f"{a:>6} vs {b:<6}: A wins {side['wins']}/{n} = {side['win_rate']:.1%} "
            f"(95% CI {lo:.1%}-{hi:.1%}); {n / elapsed:6.1f} games/s, {elapsed:6.1f} s; "
            f"mean deals {report['length']['mean']:.2f}; "
            f"first player wins {report['first_player']['win_rate']:.1%}"
        )


if __name__ == "__main__":
    main()
