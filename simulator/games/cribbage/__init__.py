"""Two-player Cribbage (docs/rules/cribbage.md): the engine, exact scoring, a discard advisor, tables.

- :mod:`.scoring` — ``score_show`` / ``show_breakdown``, ``score_pegging`` / ``pegging_breakdown``.
- :mod:`.game` — the game on the common protocol (``CribbageGame``, ``CribbageState``).
- :mod:`.advisor` — the 15 discards of a 6-card hand ranked by exact expected points.
- :mod:`.table` — the exact distribution of show scores over all 12,994,800 (hand, starter).
- :mod:`.policies` — the ``random`` and ``ev`` AI players.
- :mod:`.cli` — the terminal front end behind ``manage.py cribbage``.
"""

from __future__ import annotations

from typing import Any

from simulator.engine.registry import GameOption, GameSpec, LogFormat, PolicySpec
from simulator.games.cribbage.game import WINNING_SCORE, CribbageGame
from simulator.games.cribbage.policies import ExpectedValuePolicy, RandomPolicy
from simulator.games.cribbage.scoring import (
    pegging_breakdown,
    score_pegging,
    score_show,
    show_breakdown,
)


def make_game(**options: Any) -> CribbageGame:
    """A Cribbage game; option ``target`` (default 121) is the score that wins."""
    unknown = set(options) - {"target"}
    if unknown:
        raise ValueError(f"unknown cribbage option(s): {', '.join(sorted(unknown))}")
    return CribbageGame(target=int(options.get("target", WINNING_SCORE)))


GAME_SPEC = GameSpec(
    name="cribbage",
    display_name="Cribbage",
    title="Cribbage (two players)",
    module=__name__,
    make_game=make_game,
    policies={
        "random": PolicySpec("random", RandomPolicy, seconds_per_game=0.007, help="any legal action"),
        "ev": PolicySpec(
            "ev",
            ExpectedValuePolicy,
            seconds_per_game=0.04,
            help="discards and plays by exact expected points",
        ),
    },
    default_policy="ev",
    options={
        "target": GameOption(
            "target", int, WINNING_SCORE, "points needed to win (docs/rules/cribbage.md §3: 121)"
        )
    },
    record_codec="simulator.records.cribbage",
    log_format=LogFormat.EVENTS,
)

__all__ = [
    "GAME_SPEC",
    "CribbageGame",
    "make_game",
    "pegging_breakdown",
    "score_pegging",
    "score_show",
    "show_breakdown",
]
