"""The Eredan iTCG combat engine (docs/rules/eredan.md §3), pure Python.

- :mod:`.rules` — every rule number and **[decision]**, one named constant each;
- :mod:`.ops` — the compiled effects as typed records (ops, condition clauses, targets, durations);
- :mod:`.compiled` — specs compiled into tables; what the engine cannot play is refused there;
- :mod:`.interpreter` — the board and the interpreter, one function per record type;
- :mod:`.actions` — the decisions as typed values (``Fight``, ``Play``, ``Discard``, ``PASS``);
- :mod:`.state` — the turn structure on the common protocol (hidden information);
- :mod:`.game` — :class:`EredanGame`, building states from two :class:`~cards.domain.specs.DeckSpec`;
- :mod:`.policies` — the ``random``, ``greedy`` and ``ismcts`` players;
- :mod:`.eventlog` — the readable turn-by-turn account of an event log.

See ``docs/eredan-engine.md``.
"""

from __future__ import annotations

from simulator.engine.registry import GameSpec
from simulator.games.eredan.compiled import UnsupportedSpecError
from simulator.games.eredan.game import EredanGame
from simulator.games.eredan.policies import GreedyPolicy, RandomPolicy, SearchPolicy
from simulator.games.eredan.rules import TURN_CAP
from simulator.games.eredan.state import EredanState, describe_action

GAME_SPEC = GameSpec(
    name="eredan",
    make_game=EredanGame,
    policies={"random": RandomPolicy, "greedy": GreedyPolicy, "ismcts": SearchPolicy},
    default_policy="greedy",
    options={
        "turn_cap": (int, TURN_CAP, "turns after which the score rule decides (docs/rules/eredan.md §3 End)")
    },
    uses_decks=True,
)

__all__ = [
    "GAME_SPEC",
    "EredanGame",
    "EredanState",
    "GreedyPolicy",
    "RandomPolicy",
    "SearchPolicy",
    "UnsupportedSpecError",
    "describe_action",
]
