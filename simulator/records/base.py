"""The record format's common part: header, errors, shape validation, dispatch to a game's codec,
and playing a game while recording it.

A record (version 1)::

    {"format": "eredan-game-record", "version": 1, "game": "cribbage", "options": {...},
     "seed": 42, "players": ["greedy", "human"], "deals": [...],
     "result": {"winner": 0, "scores": [121, 97]}}

``deals`` is game-specific (docs/game-records.md); its shape is checked against the JSON Schema in
``simulator/records/schemas/`` before a codec replays it, so a codec may assume well-typed input
and only checks the rules.
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from simulator.engine.protocol import Game, GameError, Policy, State
from simulator.engine.registry import UnknownGameError, available_games, get_game_spec
from simulator.engine.runner import MAX_ACTIONS_PER_GAME, RecorderFactory, play_game

FORMAT = "eredan-game-record"
VERSION = 1
#: The games that have a record codec, by the name records use: every registered game (each
#: :class:`~simulator.engine.registry.GameSpec` names its codec, ``record_codec``).
RECORD_GAMES = tuple(available_games())
SCHEMA_DIR = Path(__file__).resolve().parent / "schemas"

#: Stable codes of :class:`RecordError`, for programs that read verdicts.
ERROR_CODES = {
    "malformed": "not valid JSON, or not the shape the JSON Schema describes",
    "unsupported_format": "not an eredan-game-record, or a version this program does not read",
    "unknown_game": "a game with no codec",
    "unknown_card": "a card that does not exist (in the notation, or in the card database)",
    "duplicate_card": "a card dealt or placed twice",
    "bad_deal": "a deal that the rules cannot produce (wrong hand size, wrong dealer, …)",
    "illegal_action": "an action the rules forbid at that point",
    "wrong_chance": "a chance outcome (a roll, a draw) that cannot happen at that point",
    "wrong_score": "a score that the actions do not produce",
    "wrong_result": "a result that the actions do not produce",
    "unfinished": "the actions stop before the game ends",
    "extra_actions": "actions after the game has ended",
    "unknown_catalog": "a card catalog (a job's catalog snapshot) that this card database does not hold",
}


class RecordError(GameError):
    """Why a record does not replay: a stable ``code`` (:data:`ERROR_CODES`), a readable
    ``message``, where it happened (``deal`` and ``action`` are 0-based indices into ``deals`` and
    that deal's ``actions``; ``path`` is a JSON pointer for shape errors) and the ``rule`` it breaks
    (``docs/rules/cribbage.md §2.4``)."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        deal: int | None = None,
        action: int | None = None,
        rule: str = "",
        path: str | None = None,
    ) -> None:
        super().__init__(message)
        if code not in ERROR_CODES:
            raise ValueError(f"unknown record error code {code!r}")
        self.code = code
        self.message = message
        self.deal = deal
        self.action = action
        self.rule = rule
        self.path = path

    def as_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message,
            "deal": self.deal,
            "action": self.action,
            "rule": self.rule or None,
            "path": self.path,
        }

    def where(self) -> str:
        """``deal 2, action 7`` (1-based, for people), or ``""``."""
        parts = []
        if self.deal is not None:
            parts.append(f"deal {self.deal + 1}")
        if self.action is not None:
            parts.append(f"action {self.action + 1}")
        if self.path and not parts:
            parts.append(self.path)
        return ", ".join(parts)

    def __str__(self) -> str:
        where = self.where()
        rule = f" ({self.rule})" if self.rule else ""
        return f"{where + ': ' if where else ''}{self.message}{rule}"


@dataclass(frozen=True)
class Replay:
    """A record that replayed: the checked result and the game told readably, line by line."""

    game: str
    result: Mapping[str, Any]
    transcript: Sequence[str]
    actions: int
    deals: int
    summary: Mapping[str, Any] = field(default_factory=dict)


#: Called by a codec's replay with the engine's state at the start of the game (``action`` is
#: ``None``) and after each action it applies (``deal``, ``action``: 0-based indices into the
#: record). The game viewer (:mod:`simulator.records.boards`) draws its boards from these states.
Observer = Callable[[State, int, int | None], None]


class GameRecorder(Protocol):
    """Watches one game as it is played and writes its record."""

    def observe(self, state: State, player: int, action: Any) -> None:
        """Called with the state *before* ``player`` plays ``action``."""
        ...

    def finish(self, state: State) -> dict[str, Any]:
        """The whole record of the finished game (header included)."""
        ...


class Codec(Protocol):
    """What ``simulator.records.<game>`` provides."""

    def recorder(
        self, *, game: Game, state: State, seed: int | None, players: Sequence[str], context: Any = None
    ) -> GameRecorder:
        """A recorder for ``state``, a game just made by ``game.new_initial_state`` (before any
        action). ``context`` is game-specific (Eredan: the catalog, to name cards by slug)."""
        ...

    def replay(
        self, record: Mapping[str, Any], *, context: Any = None, observe: Observer | None = None
    ) -> Replay:
        """Check ``record`` (already shape-checked) against the rules; raise :class:`RecordError`
        at the first thing wrong."""
        ...


def codec_for(game: str) -> Codec:
    """The record codec of ``game``, as its spec names it."""
    try:
        spec = get_game_spec(game)
    except UnknownGameError:
        raise RecordError(
            "unknown_game", f"unknown game {game!r}; records exist for {', '.join(RECORD_GAMES)}"
        ) from None
    module: Codec = importlib.import_module(spec.record_codec)
    return module


def header(
    *, game: str, options: Mapping[str, Any], seed: int | None, players: Sequence[str]
) -> dict[str, Any]:
    """The common fields, in the documented order (``deals`` and ``result`` follow)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "options": dict(options),
        "seed": seed,
        "players": list(players),
    }


def result_of(state: State, scores: Sequence[int]) -> dict[str, Any]:
    """``{"winner": seat | None, "scores": [a, b]}`` of a finished game."""
    returns = state.returns()
    winner = 0 if returns[0] > returns[1] else 1 if returns[1] > returns[0] else None
    return {"winner": winner, "scores": [int(s) for s in scores]}


@cache
def _validator() -> Any:
    """The JSON Schema validator of records (jsonschema-rs: the shape check of a record takes a
    fraction of a millisecond, against tens with the pure-Python jsonschema)."""
    import jsonschema_rs

    schemas = [json.loads(path.read_text()) for path in sorted(SCHEMA_DIR.glob("*.json"))]
    registry = jsonschema_rs.Registry([(schema["$id"], schema) for schema in schemas])
    root = json.loads((SCHEMA_DIR / "record.json").read_text())
    return jsonschema_rs.Draft202012Validator(root, registry=registry)


def validate_shape(record: Any) -> None:
    """Check the header and the shape against the JSON Schema; raise :class:`RecordError` with
    the JSON pointer of the first problem."""
    if not isinstance(record, Mapping):
        raise RecordError("malformed", "a record is a JSON object", path="")
    if record.get("format") != FORMAT:
        raise RecordError("unsupported_format", f'"format" must be "{FORMAT}"', path="/format")
    if record.get("version") != VERSION:
        raise RecordError(
            "unsupported_format",
            f"version {record.get('version')!r} is not supported (only {VERSION})",
            path="/version",
        )
    if record.get("game") not in RECORD_GAMES:
        raise RecordError(
            "unknown_game",
            f"unknown game {record.get('game')!r}; records exist for {', '.join(RECORD_GAMES)}",
            path="/game",
        )
    errors = list(_validator().iter_errors(record))
    if errors:
        best = max(errors, key=lambda e: len(e.instance_path))  # the deepest is the most precise
        pointer = "".join(f"/{p}" for p in best.instance_path)
        raise RecordError("malformed", f"{pointer or 'the record'}: {best.message}", path=pointer)


def replay_record(record: Any, *, context: Any = None, observe: Observer | None = None) -> Replay:
    """Check a record: its shape, then every action against the rules, every score, the result.
    ``observe`` sees the engine's state at the start and after each action (:data:`Observer`)."""
    validate_shape(record)
    return codec_for(record["game"]).replay(record, context=context, observe=observe)


def dumps(record: Mapping[str, Any]) -> str:
    """A record as JSON text (UTF-8, two-space indent, key order kept)."""
    return json.dumps(record, ensure_ascii=False, indent=2) + "\n"


def loads(text: str | bytes) -> Any:
    """Parse record JSON; malformed JSON raises :class:`RecordError` ``malformed``."""
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RecordError("malformed", f"not valid JSON: {exc}") from exc


def recorder_factory(game_name: str, game: Game, *, context: Any = None) -> RecorderFactory:
    """Recorders for the games of a batch (:func:`simulator.engine.runner.play_match_game`)."""
    codec = codec_for(game_name)

    def make(state: State, players: tuple[str, str], seed: int) -> GameRecorder:
        return codec.recorder(game=game, state=state, seed=seed, players=players, context=context)

    return make


def play_recorded(
    game_name: str,
    game: Game,
    state: State,
    policies: tuple[Policy, Policy],
    rngs: tuple[random.Random, random.Random],
    *,
    seed: int | None,
    players: Sequence[str],
    context: Any = None,
    max_actions: int = MAX_ACTIONS_PER_GAME,
    on_action: Callable[[State, int, Any], None] | None = None,
) -> tuple[State, dict[str, Any]]:
    """Play ``state`` (fresh from ``game.new_initial_state``) to the end while recording it."""
    recorder = codec_for(game_name).recorder(
        game=game, state=state, seed=seed, players=players, context=context
    )

    def observe(s: State, player: int, action: Any) -> None:
        recorder.observe(s, player, action)
        if on_action is not None:
            on_action(s, player, action)

    final = play_game(state, policies, rngs, max_actions=max_actions, on_action=observe)
    return final, recorder.finish(final)


class FileRecorder:
    """Records a game played by a loop of its own (the terminal games, ``eredan_play``) and writes
    the record to ``path`` when the game has ended."""

    def __init__(
        self,
        path: str | Path,
        game_name: str,
        *,
        game: Game,
        state: State,
        seed: int | None,
        players: Sequence[str],
        context: Any = None,
    ) -> None:
        self.path = Path(path)
        codec = codec_for(game_name)
        self.recorder = codec.recorder(game=game, state=state, seed=seed, players=players, context=context)

    def observe(self, state: State, player: int, action: Any) -> None:
        self.recorder.observe(state, player, action)

    def finish(self, state: State) -> Path | None:
        """Write the record of a finished game; ``None`` (and nothing written) if it did not end."""
        if not state.is_terminal():
            return None
        self.path.write_text(dumps(self.recorder.finish(state)), encoding="utf-8")
        return self.path
