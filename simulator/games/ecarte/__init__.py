"""Écarté for two players (rules: ``docs/ecarte.md``): the engine, its AI players and terminal play.

Pure Python, no Django. ``GAME_SPEC`` declares the game to :mod:`simulator.engine.registry`.
"""

from __future__ import annotations

from simulator.engine.registry import GameOption, GameSpec, LogFormat, PolicySpec
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
    display_name="Écarté",
    title="Écarté (two players)",
    module=__name__,
    make_game=make_game,
    policies={
        "random": PolicySpec("random", RandomPolicy, seconds_per_game=0.0008, help="any legal action"),
        "heuristic": PolicySpec(
            "heuristic",
            HeuristicPolicy,
            seconds_per_game=0.0015,
            help="proposes, discards and plays by rules of thumb",
        ),
    },
    default_policy="heuristic",
    options={
        "strict": GameOption(
            "strict",
            bool,
            STRICT_DEFAULT,
            "standard écarté: a player unable to follow suit must trump if able (docs/rules/ecarte.md §2.6)",
        ),
    },
    record_codec="simulator.records.ecarte",
    log_format=LogFormat.EVENTS,
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
