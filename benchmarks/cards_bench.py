"""Card database speeds: loading the bundled set, building the catalog, reading the API, importing.

Creates a throw-away test database (``test_<name>`` of ``DATABASE_URL``, or SQLite in memory) and
times, on the bundled card set:

- ``load_cardset``: first load, then a second load (writes nothing);
- ``catalog_build()`` (queries and time) and a cached ``get_catalog()`` call (one query);
- ``GET /api/cards/?page_size=50`` and ``/api/characters/?page_size=50`` through Django's test client;
- ``import_cards`` of a synthetic community dump of ``--records`` records (first and second import).

    .venv/bin/python benchmarks/cards_bench.py [--records 2000]
    DATABASE_URL=postgres://root@localhost:5432/eredan_bench .venv/bin/python benchmarks/cards_bench.py
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eredan.settings")

import django

django.setup()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from cards.importers.cardset import cardset_load  # noqa: E402
from cards.importers.community import community_import  # noqa: E402
from cards.specs import catalog_build, catalog_cache_clear, get_catalog  # noqa: E402


def timed(label: str, fn, repeat: int = 1):  # type: ignore[no-untyped-def]
    best = float("inf")
    result = None
    count = [0]

    def counter(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        count[0] += 1
        return execute(sql, params, many, context)

    with connection.execute_wrapper(counter):
        for _ in range(repeat):
            start = time.perf_counter()
            result = fn()
            best = min(best, time.perf_counter() - start)
    print(f"{label:<48} {best * 1000:9.1f} ms   {count[0] // repeat:6d} queries")
    return result


def synthetic_dump(n: int, rng: random.Random) -> list[dict[str, Any]]:
    """``n`` records in the community shape: characters and cards in chains of 1–3 levels."""
    records: list[dict[str, Any]] = []
    next_id = 100_000
    while len(records) < n:
        is_character = rng.random() < 0.4
        levels = rng.choice([1, 1, 2, 3])
        ids = [str(next_id + i) for i in range(levels)]
        next_id += levels
        name = f"Carte {next_id}"
        for evolution, record_id in enumerate(ids):
            associations = [{"type_association": "guilde", "associe_id": rng.choice([1, 2, 4, 7, 8, 9])}]
            if is_character:
                associations += [
                    {"type_association": "classe", "associe_id": rng.choice([1, 2, 3, 4])},
                    {"type_association": "race", "associe_id": rng.choice([5, 2, 9, 15])},
                ]
            low = rng.randint(1, 4)
            records.append(
                {
                    "id": record_id,
                    "type_id": 2 if is_character else rng.choice([3, 17, 25, 39, 24, 6, 14]),
                    "evolution": evolution,
                    "serie_id": 1,
                    "rare_id": rng.choice([1, 2, 3]),
                    "life": rng.randint(12, 30) if is_character else 0,
                    "base_attack": low if is_character else 0,
                    "high_attack": low + rng.randint(0, 3) if is_character else 0,
                    "defense": rng.randint(0, 3),
                    "spirit": rng.randint(0, 3),
                    "associations": associations,
                    "prerequis": [] if is_character else [{"type": "classe", "target": 2, "value": 0}],
                    "ancestorCards": ids[:evolution],
                    "descendantCards": ids[evolution + 1 :],
                    "labels": {
                        "fr_fr": {"name": name, "description": ""},
                        "en_us": {"name": name, "description": ""},
                    },
                }
            )
    return records[:n]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=2000)
    args = parser.parse_args()

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        print(f"database: {connection.vendor}")
        report = timed("load_cardset (bundled, first load)", cardset_load)
        print(f"  {report.changed} rows written")
        timed("load_cardset (second load: writes nothing)", cardset_load)
        catalog = timed("catalog_build()", catalog_build, repeat=5)
        print(f"  {len(catalog.characters)} characters, {len(catalog.cards)} cards")
        catalog_cache_clear()
        get_catalog()
        timed("get_catalog() (cached)", get_catalog, repeat=200)
        client = Client(REMOTE_ADDR="10.1.2.3")
        for url in (
            "/api/cards/?page_size=50",
            "/api/characters/?page_size=50",
            "/api/cards/?search=eclairs",
        ):
            response = timed(f"GET {url}", lambda url=url: client.get(url), repeat=5)
            assert response.status_code == 200, response.content[:200]
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "cards.json"
            path.write_text(json.dumps(synthetic_dump(args.records, random.Random(7))))
            first = timed(
                f"import_cards ({args.records} records, first)", lambda: community_import(path=path)
            )
            print(f"  {first.counts}  skipped {len(first.skipped)}")
            timed(f"import_cards ({args.records} records, again)", lambda: community_import(path=path))
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
