"""The common game protocol and batch machinery, shared by all four games.

Pure Python: nothing here (or in ``simulator.games``) imports Django.
"""

from __future__ import annotations

from simulator.engine.protocol import (
    TERMINAL,
    Action,
    Game,
    GameError,
    IllegalActionError,
    Policy,
    RunawayGameError,
    State,
)
from simulator.engine.runner import GameResult, Side, play_game, play_match_game
from simulator.engine.seeds import derive_seed

__all__ = [
    "TERMINAL",
    "Action",
    "Game",
    "GameError",
    "GameResult",
    "IllegalActionError",
    "Policy",
    "RunawayGameError",
    "Side",
    "State",
    "derive_seed",
    "play_game",
    "play_match_game",
]
