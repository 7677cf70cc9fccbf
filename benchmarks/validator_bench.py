"""Benchmark: the pure deck validator (decks/validator.py), decks per second on one core.

Target (issue 3): ≥ 20,000 decks/s on varied legal and illegal decks. The decks are the bundled
demo decks and random variations of them (other characters, other cards, extra copies, unknown
slugs, a collection to check against), made with a seeded RNG so every run sees the same decks.

    .venv/bin/python benchmarks/validator_bench.py [--decks 5000] [--seconds 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cards.domain.cardset import load_cardset
from cards.domain.specs import Catalog
from decks.validator import validate_deck

Deck = tuple[list[str], dict[str, int], dict[str, int] | None]


def make_decks(
    catalog: Catalog, bases: list[tuple[list[str], dict[str, int]]], n: int, rng: random.Random
) -> list[Deck]:
    characters = sorted(catalog.characters)
    cards = sorted(catalog.cards)
    decks: list[Deck] = []
    for i in range(n):
        chars, counts = bases[i % len(bases)]
        chars, counts = list(chars), dict(counts)
        owned: dict[str, int] | None = None
        roll = rng.random()
        if roll < 0.35:
            pass  # a legal demo deck as it is
        elif roll < 0.5:
            chars[rng.randrange(len(chars))] = rng.choice(characters)  # maybe another guild
        elif roll < 0.65:
            for _ in range(rng.randint(1, 4)):
                slug = rng.choice(cards)  # maybe affiliated, reserved, unique…
                counts[slug] = counts.get(slug, 0) + rng.randint(1, 3)
        elif roll < 0.75:
            slug = rng.choice(list(counts))
            counts[slug] += rng.randint(1, 3)  # copy limit
        elif roll < 0.8:
            counts[f"unknown-{i}"] = 1
            chars = chars[:2]
        elif roll < 0.9:
            owned = {s: rng.randint(0, 3) for s in rng.sample(cards, len(cards) // 2)}
            owned.update(dict.fromkeys(chars, 1))
        else:
            for slug in rng.sample(list(counts), k=len(counts) // 2):
                del counts[slug]  # too small
        items = list(counts.items())
        rng.shuffle(items)
        decks.append((chars, dict(items), owned))
    return decks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=5000)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    cardset = load_cardset()
    catalog = cardset.catalog
    bases = [
        ([c.slug for c in d.characters], {c.slug: n for c, n in d.cards}) for d in cardset.decks.values()
    ]
    decks = make_decks(catalog, bases, args.decks, random.Random(args.seed))

    codes: Counter[str] = Counter()
    valid = 0
    for chars, counts, owned in decks:
        result = validate_deck(characters=chars, cards=counts, catalog=catalog, owned=owned)
        valid += result.valid
        codes.update(v.code for v in result.violations)

    # CPU time of this process (one core), so other load on the machine does not count against
    # the validator; the wall-clock figure is printed beside it.
    done = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    while time.process_time() - cpu_start < args.seconds:
        for chars, counts, owned in decks:
            validate_deck(characters=chars, cards=counts, catalog=catalog, owned=owned)
        done += len(decks)
    elapsed = time.process_time() - cpu_start
    wall = time.perf_counter() - start
    rate = done / elapsed
    print(f"catalog: {len(catalog.characters)} characters, {len(catalog.cards)} cards (bundled set)")
    print(
        f"decks: {len(decks)} ({valid} legal, {len(decks) - valid} illegal), avg size "
        f"{sum(sum(c.values()) for _, c, _ in decks) / len(decks):.1f} cards"
    )
    print("violations seen: " + ", ".join(f"{code} {n}" for code, n in codes.most_common()))
    print(
        f"validated {done} decks in {elapsed:.2f} s of CPU ({wall:.2f} s wall): "
        f"{rate:,.0f} decks/s on one core, {1e6 / rate:.1f} µs/deck"
    )
    print(f"target ≥ 20,000 decks/s: {'met' if rate >= 20_000 else 'NOT met'}")


if __name__ == "__main__":
    main()
