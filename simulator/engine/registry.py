"""The games the batch machinery can simulate, by name, and their AI policies.

Each game package exposes ``GAME_SPEC``; it is imported only when asked for, so loading one game
never costs the others.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from simulator.engine.protocol import Game, Policy

GAME_MODULES: dict[str, str] = {
    "eredan": "simulator.games.eredan",
    "cribbage": "simulator.games.cribbage",
    "ecarte": "simulator.games.ecarte",
    "crapette": "simulator.games.crapette",
}


@dataclass(frozen=True)
class GameSpec:
    """How to build a game and its players by name."""

    name: str
    make_game: Callable[..., Game]
    policies: Mapping[str, Callable[[], Policy]]
    default_policy: str
    #: Option name -> (type, default, help); the options ``make_game`` accepts.
    options: Mapping[str, tuple[type, Any, str]] = field(default_factory=dict)
    #: True when each side brings an entrant (an Eredan deck); False for the classic games.
    uses_decks: bool = False


class UnknownGameError(KeyError):
    pass


def available_games() -> list[str]:
    return sorted(GAME_MODULES)


def get_game_spec(name: str) -> GameSpec:
    try:
        module = importlib.import_module(GAME_MODULES[name])
    except KeyError:
        raise UnknownGameError(f"unknown game {name!r}; known: {', '.join(available_games())}") from None
    spec: GameSpec = module.GAME_SPEC
    return spec
