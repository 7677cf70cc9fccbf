"""Game records (issue 11): what recording costs and how fast a record is checked, per game.

Run ``.venv/bin/python benchmarks/records_bench.py [--games N]``. For each game and AI pairing:
games per CPU second played plainly, played while recording, the replay of the records (the
rules only, from the parsed record) and the whole check (``replay_record`` from JSON text: parse,
JSON Schema shape check, replay), and the records' size. CPU time (``time.process_time``), so a
busy machine slows the figures less than wall time.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cards.domain.cardset import load_cardset  # noqa: E402
from simulator.engine.registry import get_game_spec  # noqa: E402
from simulator.engine.runner import Side, play_match_game  # noqa: E402
from simulator.records import codec_for, loads, recorder_factory, replay_record, validate_shape  # noqa: E402

PAIRINGS: list[tuple[str, str, str, dict[str, Any]]] = [
    ("cribbage", "random", "random", {}),
    ("cribbage", "ev", "ev", {}),
    ("ecarte", "random", "random", {}),
    ("ecarte", "heuristic", "heuristic", {}),
    ("crapette", "random", "random", {}),
    ("crapette", "planner", "random", {}),
    ("eredan", "random", "random", {}),
    ("eredan", "greedy", "greedy", {}),
]


def sides(name: str, a: str, b: str) -> tuple[Side, Side]:
    spec = get_game_spec(name)
    deck_a = deck_b = None
    if spec.uses_decks:
        decks = load_cardset().decks
        deck_a, deck_b = decks["zil-golems"], decks["kotoba-voie-du-sabre"]
    return Side("A", spec.make_policy(a), deck_a), Side("B", spec.make_policy(b), deck_b)


def rate(games: int, seconds: float) -> str:
    return f"{games / seconds:,.0f}" if seconds > 0 else "inf"


def measure(name: str, a: str, b: str, options: dict[str, Any], games: int) -> list[str]:
    spec = get_game_spec(name)
    game = spec.make_game(**options)
    pair = sides(name, a, b)
    start = time.process_time()
    for i in range(games):
        play_match_game(game, pair, 7, i)
    plain = time.process_time() - start
    factory = recorder_factory(name, game)
    start = time.process_time()
    records = [play_match_game(game, pair, 7, i, recorder=factory).record for i in range(games)]
    recording = time.process_time() - start
    texts = [json.dumps(r) for r in records]
    codec = codec_for(name)
    validate_shape(records[0])  # builds the (cached) schema validator outside the timings
    start = time.process_time()
    for record in records:
        assert record is not None
        codec.replay(record)
    rules_only = time.process_time() - start
    start = time.process_time()
    for text in texts:
        validate_shape(loads(text))
    shape = time.process_time() - start
    start = time.process_time()
    for text in texts:
        replay_record(loads(text))
    whole = time.process_time() - start
    size = statistics.median(len(t.encode()) for t in texts) / 1024
    return [
        f"{name} {a} vs {b}",
        rate(games, plain),
        rate(games, recording),
        rate(games, rules_only),
        f"{shape / games * 1000:.2f}",
        rate(games, whole),
        f"{size:.1f}",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="games per pairing (default 100)")
    args = parser.parse_args()
    random.seed(0)  # nothing here should use it; a fixed state all the same
    head = ["game", "plain g/s", "recording g/s", "replay g/s", "shape ms", "check g/s", "KiB"]
    rows = [head] + [measure(*p, args.games) for p in PAIRINGS]
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    for row in rows:
        print(
            "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True))
            )
        )


if __name__ == "__main__":
    main()
