"""Crapette, StarGames variant (``docs/rules/crapette.md``): a Skip-Bo-like game for two players.

``GAME_SPEC`` registers it with the batch machinery: options ``stock_size`` (5..20),
``central_piles`` and ``max_turns`` (named rule decisions, see :mod:`.game`), AI policies
``random`` and ``planner``.
"""

from __future__ import annotations

from typing import Any

from simulator.engine.registry import GameSpec
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
    make_game=make_game,
    policies={"random": RandomPolicy, "planner": PlannerPolicy},
    default_policy="planner",
    options={
        "stock_size": (
            int,
            DEFAULT_STOCK_SIZE,
            f"cards in each stock pile, {MIN_STOCK_SIZE} to {MAX_STOCK_SIZE} (rules: Cards and layout)",
        ),
        "central_piles": (
            int,
            MAX_CENTRAL_PILES,
            "central building piles allowed at once [decision: 4, as in Skip-Bo]",
        ),
        "max_turns": (
            int,
            DEFAULT_MAX_TURNS,
            "turns after which the game ends, scored like the draw-pile end [decision: guard]",
        ),
    },
    uses_decks=False,
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
