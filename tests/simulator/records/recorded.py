"""Helpers of the classic games' record tests: a game played and recorded by the engine, and the
verdict on a record that must not replay."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from simulator.engine.protocol import State
from simulator.engine.registry import get_game_spec
from simulator.records import RecordError, play_recorded, replay_record

DATA = Path(__file__).parent / "data"
Record = dict[str, Any]


def hand_written(name: str) -> Record:
    """A record written by hand: ``tests/simulator/records/data/<name>.json``."""
    record: Record = json.loads((DATA / f"{name}.json").read_text())
    return record


def play(game_name: str, seed: int, seat0: str, seat1: str, **options: Any) -> tuple[State, Record, int]:
    """A game played by the engine while recorded; also how many actions were taken."""
    spec = get_game_spec(game_name)
    game = spec.make_game(**options)
    state = game.new_initial_state(random.Random(seed))
    seen: list[Any] = []
    final, record = play_recorded(
        game_name,
        game,
        state,
        (spec.make_policy(seat0), spec.make_policy(seat1)),
        (random.Random(seed * 2 + 1), random.Random(seed * 2 + 2)),
        seed=seed,
        players=[seat0, seat1],
        on_action=lambda s, p, a: seen.append(a),
    )
    return final, record, len(seen)


def rejection(record: Record) -> RecordError:
    """The verdict on a record that must not replay."""
    with pytest.raises(RecordError) as info:
        replay_record(record)
    return info.value
