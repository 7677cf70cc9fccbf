"""Game records: one JSON format for the four games (docs/game-records.md).

A record says everything needed to replay a game without the seed or an engine's RNG: the deals
as dealt, every action, every chance outcome. This package writes records while a game is played
(:func:`play_recorded`) and checks them (:func:`replay_record`): every action legal, every score
right, the result right. Pure Python: imports no Django.

Each game has its codec in ``simulator.records.<game>`` exposing ``recorder(...)`` and
``replay(...)`` (see :class:`Codec`).
"""

from simulator.records.base import (
    FORMAT,
    RECORD_GAMES,
    VERSION,
    Codec,
    FileRecorder,
    GameRecorder,
    Observer,
    RecordError,
    Replay,
    codec_for,
    dumps,
    header,
    loads,
    play_recorded,
    recorder_factory,
    replay_record,
    validate_shape,
)

__all__ = [
    "FORMAT",
    "RECORD_GAMES",
    "VERSION",
    "Codec",
    "FileRecorder",
    "GameRecorder",
    "Observer",
    "RecordError",
    "Replay",
    "codec_for",
    "dumps",
    "header",
    "loads",
    "play_recorded",
    "recorder_factory",
    "replay_record",
    "validate_shape",
]
