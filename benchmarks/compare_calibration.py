"""Calibration of the compare's paired 95 % interval (docs/lab.md "Compare"): how often does the
interval of a compare hold the difference a very long run measures?

A check of the statistics, not part of the test suite (it plays hundreds of thousands of games):

    .venv/bin/python benchmarks/compare_calibration.py [--repeats 200] [--games 400] [--reference 100000]

The base is a bundled demo deck and the variant the base with a swap (the tests' weaker variant by
default), both against a demo deck of the field. A **reference** compare of ``--reference`` games
per arm (its own seed) estimates the true difference; then ``--repeats`` compares of ``--games``
games per arm, each on a fresh seed, each report their interval. If the interval is right, about 95 %
of them hold the reference difference (the reference's own noise is ``--reference`` / ``--games``
times smaller, and is printed). Also printed: the spread of the estimates against the mean
half-width the intervals claim (a normal approximation: the standard deviation of the estimates
should be about half-width / 1.96).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cards.domain.cardset import load_cardset  # noqa: E402
from cards.domain.specs import deck_from_counts  # noqa: E402
from simulator.engine.batch import Entrant  # noqa: E402
from simulator.lab.compare import ComparePlan, FieldEntry, compare_total, run_compare_local  # noqa: E402
from simulator.lab.paired import paired_difference  # noqa: E402

SWAP_OUT = {"eclairs-1": 2, "foudre-lame-1": 1}
SWAP_IN = {"rester-en-retrait-1": 2, "tornade-1": 1}


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--games", type=int, default=400, help="games per arm of each repeat (even)")
    parser.add_argument("--reference", type=int, default=100_000, help="games per arm of the reference")
    parser.add_argument("--policy", default="random")
    parser.add_argument("--base", default="zil-golems")
    parser.add_argument("--opponent", default="noz-garde-du-dragon")
    parser.add_argument("--processes", type=int, default=2)
    return parser.parse_args()


def main() -> int:
    args = parse_args()
    cardset = load_cardset()
    base = cardset.decks[args.base]
    counts = {card.slug: n for card, n in base.cards}
    for slug, n in SWAP_OUT.items():
        counts[slug] -= n
        if not counts[slug]:
            del counts[slug]
    for slug, n in SWAP_IN.items():
        counts[slug] = counts.get(slug, 0) + n
    variant = deck_from_counts("variant", base.characters, counts, cardset.catalog.cards)
    arms = (Entrant("base", args.policy, base), Entrant("variant", args.policy, variant))
    field = (FieldEntry(args.opponent, args.policy, cardset.decks[args.opponent]),)

    def measure(games: int, seed: int, processes: int) -> tuple[float, tuple[float, float]]:
        plan = ComparePlan("eredan", arms, field, games, seed, chunk_size=min(games, 2000))
        rounds, _ = run_compare_local(plan, processes=processes)
        diff = paired_difference(compare_total(plan, rounds).pairs[0])
        assert diff.estimate is not None
        return diff.estimate, diff.ci95

    t0 = time.perf_counter()
    truth, (t_lo, t_hi) = measure(args.reference, 10**9, args.processes)
    print(
        f"reference: {args.reference:,} games per arm: difference {truth * 100:+.2f} pp "
        f"(95% CI {t_lo * 100:+.2f}..{t_hi * 100:+.2f}), {time.perf_counter() - t0:.0f} s"
    )
    held = 0
    estimates: list[float] = []
    halves: list[float] = []
    t1 = time.perf_counter()
    for r in range(args.repeats):
        estimate, (lo, hi) = measure(args.games, 1000 + r, 1)
        estimates.append(estimate)
        halves.append((hi - lo) / 2)
        held += lo <= truth <= hi
    n = args.repeats
    share = held / n
    se = math.sqrt(share * (1 - share) / n) if 0 < share < 1 else math.sqrt(0.95 * 0.05 / n)
    sd = statistics.stdev(estimates)
    print(
        f"{n} compares of {args.games} games per arm ({time.perf_counter() - t1:.0f} s): the interval held "
        f"the reference {held} times ({share:.1%} ± {1.96 * se:.1%}; nominal 95%)"
    )
    print(
        f"spread of the estimates: sd {sd * 100:.2f} pp; mean half-width / 1.96 = "
        f"{statistics.mean(halves) / 1.96 * 100:.2f} pp; "
        f"mean estimate {statistics.mean(estimates) * 100:+.2f} pp"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
