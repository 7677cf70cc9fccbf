"""Crapette, StarGames variant (``docs/rules/crapette.md``): a Skip-Bo-like game for two players.

``GAME_SPEC`` declares it to the registry (:mod:`simulator.engine.registry`): options ``stock_size`` (5..20),
``central_piles`` and ``max_turns`` (named rule decisions, see :mod:`.game`), AI policies
``random`` and ``planner``.
"""

from __future__ import annotations

from typing import Any

from simulator.engine.registry import GameOption, GameSpec, LogFormat, PolicySpec
from simulator.games.crapette.game import (
    DEFAULT_MAX_TURNS,
    DEFAULT_STOCK_SIZE,
    MAX_CENTRAL_PILES,
    MAX_STOCK_SIZE,
    MIN_STOCK_SIZE,
    CrapetteGame,
    CrapetteOptionError,
    CrapetteState,
    Move,
    Place,
    options_from,
)
from simulator.games.crapette.policies import PlannerPolicy, RandomPolicy


def make_game(**options: Any) -> CrapetteGame:
    """A Crapette game with ``options`` (see ``GAME_SPEC.options``); unknown or out-of-range
    options raise :class:`CrapetteOptionError`."""
    checked = options_from(options)
    return CrapetteGame(
        stock_size=checked.stock_size, central_piles=checked.central_piles, max_turns=checked.max_turns
    )


GAME_SPEC = GameSpec(
    name="crapette",
    display_name="Crapette",
    title="Crapette (StarGames)",
    module=__name__,
    make_game=make_game,
    policies={
        "random": PolicySpec("random", RandomPolicy, seconds_per_game=0.005, help="any legal action"),
        "planner": PolicySpec(
            "planner",
            PlannerPolicy,
            seconds_per_game=0.07,
            help="plans its turn to empty its stock pile first",
        ),
    },
    default_policy="planner",
    options={
        "stock_size": GameOption(
            "stock_size",
            int,
            DEFAULT_STOCK_SIZE,
            f"cards in each stock pile, {MIN_STOCK_SIZE} to {MAX_STOCK_SIZE} (docs/rules/crapette.md §1)",
        ),
        "central_piles": GameOption(
            "central_piles",
            int,
            MAX_CENTRAL_PILES,
            "central building piles allowed at once [decision: 4, as in Skip-Bo]",
        ),
        "max_turns": GameOption(
            "max_turns",
            int,
            DEFAULT_MAX_TURNS,
            "turns after which the game ends, scored like the draw-pile end [decision: guard]",
        ),
    },
    record_codec="simulator.records.crapette",
    log_format=LogFormat.LINES,
)

__all__ = [
    "GAME_SPEC",
    "CrapetteGame",
    "CrapetteOptionError",
    "CrapetteState",
    "Move",
    "Place",
    "PlannerPolicy",
    "RandomPolicy",
    "make_game",
]
