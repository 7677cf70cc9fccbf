"""Game records (docs/game-records.md): checking one against the rules."""

from __future__ import annotations

from collections.abc import Mapping

from cards.domain.specs import Catalog
from cards.specs import get_catalog
from simulator.engine.registry import UnknownGameError, get_game_spec
from simulator.records import Replay, replay_record


def record_context(game: object) -> Catalog | None:
    """What a game's record codec needs besides the record: the card catalog for a game played
    with decks of cards (its spec's ``uses_decks``), nothing for the others."""
    try:
        spec = get_game_spec(game) if isinstance(game, str) else None
    except UnknownGameError:
        spec = None
    return get_catalog() if spec is not None and spec.uses_decks else None


def record_verify(*, record: object) -> Replay:
    """Check a game record against the rules; raise :class:`RecordError` at the first problem."""
    game = record.get("game") if isinstance(record, Mapping) else None
    return replay_record(record, context=record_context(game))
