"""Écarté for two players (rules: ``docs/ecarte.md``): the engine, its AI players and terminal play.

Pure Python, no Django. ``GAME_SPEC`` registers the game with :mod:`simulator.engine.registry`.
"""

from __future__ import annotations

from simulator.engine.registry import GameSpec
from simulator.games.ecarte.game import (
    STRICT_DEFAULT,
    EcarteAction,
    EcarteGame,
    EcarteOptions,
    EcarteState,
    Move,
    Phase,
    make_game,
)
from simulator.games.ecarte.policies import HeuristicPolicy, RandomPolicy

GAME_SPEC = GameSpec(
    name="ecarte",
    make_game=make_game,
    policies={"random": RandomPolicy, "heuristic": HeuristicPolicy},
    default_policy="heuristic",
    options={
        "strict": (
            bool,
            STRICT_DEFAULT,
            "standard écarté: a player unable to follow suit must trump if able (docs/rules/ecarte.md §2.6)",
        ),
    },
    uses_decks=False,
)

__all__ = [
    "GAME_SPEC",
    "EcarteAction",
    "EcarteGame",
    "EcarteOptions",
    "EcarteState",
    "HeuristicPolicy",
    "Move",
    "Phase",
    "RandomPolicy",
    "make_game",
]
