"""The cost of a compare (issue 16, "Performance and scale"): a compare of 1 variant × N games per
arm against plain matchups of 2N games; the target is at most 1.2×.

Everything is built as a job builds it (``simulation_prepare``: the same plans, chunk sizes,
policies and card tallies) and played by the local runner **in this process** (one process, no
pool), so ``time.process_time()`` is exactly what each costs in CPU, whatever else runs on the
machine. Three runs, alternating (``--repeat`` times each, so all see the same machine):

- **matchups, same decks** (the target's baseline): the games a compare's arms play, without the
  compare — ``--base`` against ``--opponent`` N games, and the variant (the base with ``--swap``)
  against ``--opponent`` N games: 2N games of the same decks;
- **compare**: the base and the variant against the field ``--opponent``, N games per arm — 2N
  games (:func:`simulator.lab.compare.run_compare_local`), its report included;
- **matchup, base only**: ``--base`` against ``--opponent``, 2N games. Shown because a variant
  that changes the games' length changes their cost: the default variant (three damage cards out)
  makes games longer — the compare then costs more than 2N games of the base, but no more than
  the same games played as plain matchups. The mean length (turns) of each run is printed.

The best CPU time of each run is kept and the ratio judged on it (the median is shown too). The
database is a throw-away SQLite file (the card set and the demo decks loaded into it).

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


def _mean_turns(tallies: Any) -> float:
    turns = sum(length * count for t in tallies for length, count in t.lengths.items())
    return float(turns / sum(t.games for t in tallies))


def _matchup(args: argparse.Namespace, base: Any, games: int) -> tuple[float, list[Any], int]:
    from simulator.engine.batch import run_local
    from simulator.services.requests import EntrantInput, simulation_prepare

    prepared = simulation_prepare(
        owner=None,
        game="eredan",
        entrants=[base, EntrantInput(deck=args.opponent)],
        policy=args.policy,
        games=games,
        seed=args.seed,
    )
    start = time.process_time()
    tallies = run_local(prepared.plan, processes=1)
    return time.process_time() - start, tallies, prepared.chunk_size


def _variant(args: argparse.Namespace) -> Any:
    """The variant as a deck of its own (the base's cards with the swaps applied)."""
    from decks.models import Deck
    from decks.selectors import deck_slugs, with_entries
    from simulator.services.requests import EntrantInput

    (deck,) = with_entries(Deck.objects.filter(slug=args.base, owner__isnull=True))
    characters, cards = deck_slugs(deck)
    swap = json.loads(args.swap)
    for slug, n in swap.get("out", {}).items():
        cards[slug] -= n
    for slug, n in swap.get("in", {}).items():
        cards[slug] = cards.get(slug, 0) + n
    path = Path(tempfile.mkdtemp(prefix="comparebench-")) / "variant.json"
    path.write_text(
        json.dumps(
            {"name": "variant", "characters": characters, "cards": {k: v for k, v in cards.items() if v}}
        )
    )
    from simulator.cli import deck_entrant

    entrant: EntrantInput = deck_entrant(str(path), policy=None)
    return entrant


def matchups_same_decks(args: argparse.Namespace) -> tuple[float, dict[str, Any]]:
    from simulator.services.requests import EntrantInput

    cpu_a, tallies_a, chunk = _matchup(args, EntrantInput(deck=args.base), args.games)
    cpu_b, tallies_b, _ = _matchup(args, _variant(args), args.games)
    tallies = [*tallies_a, *tallies_b]
    return cpu_a + cpu_b, {
        "games": sum(t.games for t in tallies),
        "chunk": chunk,
        "turns": _mean_turns(tallies),
    }


def matchup_base(args: argparse.Namespace) -> tuple[float, dict[str, Any]]:
    from simulator.services.requests import EntrantInput

    cpu, tallies, chunk = _matchup(args, EntrantInput(deck=args.base), 2 * args.games)
    return cpu, {"games": sum(t.games for t in tallies), "chunk": chunk, "turns": _mean_turns(tallies)}


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
    from simulator.lab.compare import compare_total

    tallies = compare_total(plan, rounds).pairing_tallies
    return cpu, {
        "games": games,
        "chunk": prepared.chunk_size,
        "difference": diff,
        "turns": _mean_turns(tallies),
    }


def main() -> int:
    args = parse_args()
    setup()
    print(
        f"eredan, {args.policy} AI, {args.base} against {args.opponent}; variant {args.swap}\n"
        f"compare 2 arms × {args.games:,} games against plain matchups of {2 * args.games:,} games; "
        f"one process, CPU time; load {os.getloadavg()[0]:.1f} at the start"
    )
    runs = (("same decks", matchups_same_decks), ("compare", compare), ("base only", matchup_base))
    times: dict[str, list[float]] = {name: [] for name, _ in runs}
    for r in range(args.repeat):
        for name, run in runs:
            cpu, info = run(args)
            times[name].append(cpu)
            extra = ""
            if name == "compare":
                d = info["difference"]
                lo, hi = d["ci95"]
                extra = f"difference {d['estimate']:+.4f} [{lo:+.4f}, {hi:+.4f}], changed {d['changed']:,}"
            print(
                f"run {r + 1} {name:<10} {info['games']:>7,} games (chunks of {info['chunk']:,}) "
                f"{cpu:>7.1f} s CPU {info['games'] / cpu:>5.0f} games/s {info['turns']:>5.2f} turns  "
                f"load {os.getloadavg()[0]:.1f}  {extra}",
                flush=True,
            )
    best = {k: min(v) for k, v in times.items()}
    median = {k: statistics.median(v) for k, v in times.items()}
    ratio = best["compare"] / best["same decks"]
    verdict = "met" if ratio <= TARGET else "NOT MET"
    print(
        f"\nbest CPU: matchups of the same decks {best['same decks']:.1f} s, "
        f"compare {best['compare']:.1f} s, "
        f"matchup of the base only {best['base only']:.1f} s\n"
        f"compare / matchups of the same decks = {ratio:.3f} "
        f"(median {median['compare'] / median['same decks']:.3f}) — target ≤ {TARGET}: {verdict}\n"
        f"compare / matchup of the base only = {best['compare'] / best['base only']:.3f} "
        f"(median {median['compare'] / median['base only']:.3f}; the variant's games are longer or shorter)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
