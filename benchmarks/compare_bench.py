"""The cost of a compare (issue 16, "Performance and scale"): a compare of 1 variant × N games per
arm against a plain matchup of 2N games of the same decks; the target is at most 1.2×.

Both are built as a job builds them (``simulation_prepare``: the same plans, chunk sizes, policies
and card tallies) and played by the local runner **in this process** (one process, no pool), so
``time.process_time()`` is exactly what each costs in CPU, whatever else runs on the machine:

- **matchup**: ``--base`` against ``--opponent``, 2N games (:func:`simulator.engine.batch.run_local`);
- **compare**: ``--base`` and the base with ``--swap`` (a variant of three cards by default),
  against the field ``--opponent``, N games per arm — 2N games in all
  (:func:`simulator.lab.compare.run_compare_local`), its report included.

The runs alternate (matchup, compare, matchup, compare, …, ``--repeat`` times each) so both see the
same machine; the best CPU time of each is kept and the ratio is judged on it (the median is shown
too). The database is a throw-away SQLite file (the card set and the demo decks loaded into it).

    .venv/bin/python benchmarks/compare_bench.py                 # 10,000 games per arm, 2 repeats
    .venv/bin/python benchmarks/compare_bench.py --games 2000 --repeat 3 --policy random
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TARGET = 1.2
#: Two Éclairs and a Foudre-lame out, two Rester en retrait and a Tornade in (the tests' weaker variant).
DEFAULT_SWAP = (
    '{"out": {"eclairs-1": 2, "foudre-lame-1": 1}, "in": {"rester-en-retrait-1": 2, "tornade-1": 1}}'
)


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--games", type=int, default=10_000, help="games per arm (the matchup plays twice as many)"
    )
    parser.add_argument("--repeat", type=int, default=2, help="runs of each, alternately; the best is kept")
    parser.add_argument("--policy", default="greedy", help="every side's AI policy")
    parser.add_argument("--base", default="zil-golems")
    parser.add_argument("--opponent", default="noz-garde-du-dragon")
    parser.add_argument("--swap", default=DEFAULT_SWAP, help="the variant: swaps of the base, as JSON")
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args()


def setup() -> None:
    var = Path(tempfile.mkdtemp(prefix="comparebench-"))
    os.environ.update(
        DATABASE_URL=f"sqlite:///{var / 'bench.sqlite3'}",
        EREDAN_VAR_DIR=str(var),
        DJANGO_SETTINGS_MODULE="eredan.settings",
    )
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    from cards.importers.cardset import cardset_load
    from decks.services import demo_decks_load

    call_command("migrate", verbosity=0)
    cardset_load()
    demo_decks_load()


def matchup(args: argparse.Namespace) -> tuple[float, dict[str, Any]]:
    from simulator.engine.batch import run_local
    from simulator.services.requests import EntrantInput, simulation_prepare

    prepared = simulation_prepare(
        owner=None,
        game="eredan",
        entrants=[EntrantInput(deck=args.base), EntrantInput(deck=args.opponent)],
        policy=args.policy,
        games=2 * args.games,
        seed=args.seed,
    )
    start = time.process_time()
    (tally,) = run_local(prepared.plan, processes=1)
    cpu = time.process_time() - start
    return cpu, {"games": tally.games, "chunk": prepared.chunk_size, "wins_a": tally.wins.get("A", 0)}


def compare(args: argparse.Namespace) -> tuple[float, dict[str, Any]]:
    from simulator.lab.compare import compare_report, run_compare_local
    from simulator.services.requests import EntrantInput, simulation_prepare

    prepared = simulation_prepare(
        owner=None,
        game="eredan",
        kind="compare",
        entrants=[EntrantInput(deck=args.base), EntrantInput(swaps=json.loads(args.swap))],
        field=[EntrantInput(deck=args.opponent)],
        policy=args.policy,
        games=args.games,
        seed=args.seed,
    )
    plan = prepared.compare_plan
    start = time.process_time()
    rounds, reason = run_compare_local(plan, processes=1)
    report = compare_report(plan, rounds, reason=reason)
    cpu = time.process_time() - start
    (diff,) = report["differences"]
    games = sum(arm["games"] for arm in report["arms"])
    return cpu, {"games": games, "chunk": prepared.chunk_size, "difference": diff}


def main() -> int:
    args = parse_args()
    setup()
    print(
        f"eredan, {args.policy} AI, {args.base} against {args.opponent}; variant {args.swap}\n"
        f"matchup {2 * args.games:,} games vs compare 2 arms × {args.games:,} games; one process, "
        f"CPU time; load {os.getloadavg()[0]:.1f} at the start"
    )
    times: dict[str, list[float]] = {"matchup": [], "compare": []}
    for r in range(args.repeat):
        for name, run in (("matchup", matchup), ("compare", compare)):
            cpu, info = run(args)
            times[name].append(cpu)
            extra = ""
            if name == "compare":
                d = info["difference"]
                lo, hi = d["ci95"]
                extra = f"difference {d['estimate']:+.4f} [{lo:+.4f}, {hi:+.4f}], changed {d['changed']:,}"
            print(
                f"run {r + 1} {name:<8} {info['games']:>7,} games (chunks of {info['chunk']:,}) "
                f"{cpu:>8.1f} s CPU {info['games'] / cpu:>6.0f} games/s  "
                f"load {os.getloadavg()[0]:.1f}  {extra}",
                flush=True,
            )
    best = {k: min(v) for k, v in times.items()}
    median = {k: statistics.median(v) for k, v in times.items()}
    ratio = best["compare"] / best["matchup"]
    verdict = "met" if ratio <= TARGET else "NOT MET"
    print(
        f"\nbest CPU: matchup {best['matchup']:.1f} s, compare {best['compare']:.1f} s; "
        f"compare / matchup = {ratio:.3f} (median {median['compare'] / median['matchup']:.3f}) "
        f"— target ≤ {TARGET}: {verdict}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
