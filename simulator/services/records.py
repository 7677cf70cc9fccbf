"""Game records (docs/game-records.md): checking one against the rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cards.specs import get_catalog
from simulator.records import Replay, replay_record


def record_context(game: Any) -> Any:
    """What a game's record codec needs besides the record: the card catalog for Eredan."""
    return get_catalog() if game == "eredan" else None


def record_verify(*, record: Any) -> Replay:
    """Check a game record against the rules; raise :class:`RecordError` at the first problem."""
    game = record.get("game") if isinstance(record, Mapping) else None
    return replay_record(record, context=record_context(game))
