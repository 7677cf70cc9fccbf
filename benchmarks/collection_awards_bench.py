"""Cost of "XP from games" (issue 4): what "award experience" adds to a simulation job.

Creates a throw-away test database (``test_<name>`` of ``DATABASE_URL``, or SQLite in memory),
loads the bundled card set, gives a player the copies of two demo decks, then times
:func:`cards.collection.services.experience_award_game` on engine-like summaries:

- new games (each a distinct ``source_ref``): awards per second and queries per award;
- the same games again (a redelivered chunk): per second — they grant nothing.

    .venv/bin/python benchmarks/collection_awards_bench.py [--games 2000]
    DATABASE_URL=postgres://root@localhost:5432/eredan_bench \
        .venv/bin/python benchmarks/collection_awards_bench.py
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eredan.settings")

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from cards.collection import services  # noqa: E402
from cards.collection.models import OwnedCopy  # noqa: E402
from cards.importers.cardset import cardset_load  # noqa: E402


def summary_for(rng: random.Random, decks: list[dict]) -> dict:
    """A plausible finished game: each seat's three characters and ~8 distinct cards played."""
    characters, cards_played = {}, {}
    for seat, deck in enumerate(decks):
        characters[seat] = {
            slug: {"damage": rng.randint(0, 25), "healing": rng.randint(0, 8), "survived": rng.random() < 0.4}
            for slug in deck["characters"]
        }
        played = rng.sample(sorted(deck["cards"]), k=min(8, len(deck["cards"])))
        cards_played[seat] = {slug: rng.randint(1, 3) for slug in played}
    return {"winner": rng.choice([0, 1, None]), "characters": characters, "cards_played": cards_played}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()

    import json

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        cardset_load()
        decks = json.loads((Path(__file__).resolve().parents[1] / "fixtures/cardset/decks.json").read_text())[
            :2
        ]
        player = get_user_model().objects.create_user("bench")
        collection = services.collection_create(owner=player, name="Bench")
        for deck in decks:
            services.collection_import_deck(
                collection=collection, characters=deck["characters"], cards=deck["cards"]
            )
        rng = random.Random(2026)
        summaries = [summary_for(rng, decks) for _ in range(args.games)]
        collections = {0: collection, 1: collection}

        executed = [0]

        def count(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
            executed[0] += 1
            return execute(sql, params, many, context)

        with connection.execute_wrapper(count):
            start = time.perf_counter()
            grants = 0
            for i, summary in enumerate(summaries):
                result = services.experience_award_game(
                    summary=summary, collections=collections, source_ref=f"bench:game:{i}"
                )
                grants += len(result.grants)
            new_s = time.perf_counter() - start
        per_award = executed[0] / args.games

        start = time.perf_counter()
        for i, summary in enumerate(summaries):
            assert not services.experience_award_game(
                summary=summary, collections=collections, source_ref=f"bench:game:{i}"
            ).created
        again_s = time.perf_counter() - start

        total = sum(OwnedCopy.objects.filter(collection=collection).values_list("xp", flat=True))
        print(f"database: {connection.vendor}")
        print(
            f"new games:   {args.games} awards, {grants} grants in {new_s:.2f} s -> "
            f"{args.games / new_s:,.0f} awards/s "
            f"({grants / args.games:.1f} grants and {per_award:.0f} queries per award)"
        )
        print(
            f"redelivered: {args.games} in {again_s:.2f} s -> "
            f"{args.games / again_s:,.0f} awards/s (nothing granted)"
        )
        print(f"XP held by the collection: {total:,}")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
