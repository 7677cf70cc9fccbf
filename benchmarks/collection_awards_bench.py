"""Cost of "XP from games" (issue 4): what "award experience" adds to a simulation job.

Creates a throw-away test database (``test_<name>`` of ``DATABASE_URL``, or SQLite in memory),
loads the bundled card set, gives a player the copies of two demo decks, then times
:mod:`cards.collection.services.experience`' awards on engine-like summaries:

- one call of ``experience_award_game`` per game: games per second and queries per game, then the
  same games again (a redelivered chunk: nothing granted);
- one call of ``experience_award_games`` per chunk of games (``--chunks``), the log written per
  game or per copy (``log_ref``): games per second.

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
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eredan.settings")

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from cards.collection.models import OwnedCopy  # noqa: E402
from cards.collection.services.collections import collection_create  # noqa: E402
from cards.collection.services.experience import experience_award_game, experience_award_games  # noqa: E402
from cards.collection.services.imports import collection_import_deck  # noqa: E402
from cards.importers.cardset import cardset_load  # noqa: E402


def summary_for(rng: random.Random, decks: list[dict[str, Any]]) -> dict[str, Any]:
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
    parser.add_argument("--chunks", type=int, nargs="*", default=[100, 1000], help="chunk sizes to time")
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
        collection = collection_create(owner=player, name="Bench")
        for deck in decks:
            collection_import_deck(collection=collection, characters=deck["characters"], cards=deck["cards"])
        rng = random.Random(2026)
        summaries = [summary_for(rng, decks) for _ in range(args.games)]
        collections = {0: collection, 1: collection}

        executed = [0]

        def count(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
            executed[0] += 1
            return execute(sql, params, many, context)

        print(f"database: {connection.vendor}; {len(summaries)} games, two demo decks in one collection")
        # one call per game
        with connection.execute_wrapper(count):
            start = time.perf_counter()
            grants = 0
            for i, summary in enumerate(summaries):
                result = experience_award_game(
                    summary=summary, collections=collections, source_ref=f"single:{i}"
                )
                grants += len(result.grants)
            elapsed = time.perf_counter() - start
        print(
            f"one call per game:    {args.games / elapsed:8,.0f} games/s "
            f"({grants / args.games:.1f} grants, {executed[0] / args.games:.0f} queries per game)"
        )
        start = time.perf_counter()
        for i, summary in enumerate(summaries):
            experience_award_game(summary=summary, collections=collections, source_ref=f"single:{i}")
        elapsed = time.perf_counter() - start
        print(f"  the same again:     {args.games / elapsed:8,.0f} games/s (redelivered: nothing granted)")
        # one call per chunk: a log line per game and copy, or per copy (log_ref)
        for size in args.chunks:
            for per_copy in (False, True):
                executed[0] = 0
                tag = f"chunk{size}{'c' if per_copy else 'g'}"
                with connection.execute_wrapper(count):
                    start = time.perf_counter()
                    for first in range(0, args.games, size):
                        experience_award_games(
                            games=[
                                (f"{tag}:{i}", summaries[i])
                                for i in range(first, min(first + size, args.games))
                            ],
                            collections=collections,
                            log_ref=f"{tag}:{first}" if per_copy else None,
                        )
                    elapsed = time.perf_counter() - start
                calls = -(-args.games // size)
                print(
                    f"chunks of {size:<5} ({'log per copy' if per_copy else 'log per game'}): "
                    f"{args.games / elapsed:8,.0f} games/s ({executed[0] / calls:.0f} queries per chunk)"
                )
        total = sum(OwnedCopy.objects.filter(collection=collection).values_list("xp", flat=True))
        print(f"XP held by the collection: {total:,}")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
