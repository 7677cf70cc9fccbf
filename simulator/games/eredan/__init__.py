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

from simulator.engine.registry import GameOption, GameSpec, LogFormat, PolicySpec
from simulator.games.eredan.compiled import UnsupportedSpecError
from simulator.games.eredan.game import EredanGame
from simulator.games.eredan.policies import GreedyPolicy, RandomPolicy, SearchPolicy
from simulator.games.eredan.rules import option_specs
from simulator.games.eredan.state import EredanState, describe_action

GAME_SPEC = GameSpec(
    name="eredan",
    display_name="Eredan",
    title="Eredan iTCG",
    module=__name__,
    make_game=EredanGame,
    policies={
        "random": PolicySpec("random", RandomPolicy, seconds_per_game=0.0007, help="any legal action"),
        "greedy": PolicySpec(
            "greedy", GreedyPolicy, seconds_per_game=0.002, help="the best action by one-step value"
        ),
        "ismcts": PolicySpec(
            "ismcts", SearchPolicy, seconds_per_game=1.0, help="information-set Monte Carlo search"
        ),
    },
    default_policy="greedy",
    # Every rule decision (a field of EredanRules, docs/rules/eredan.md §3 Decisions), with its default.
    options={
        name: GameOption(name, kind, default, help_text)
        for name, (kind, default, help_text) in option_specs().items()
    },
    record_codec="simulator.records.eredan",
    log_format=LogFormat.EVENTS,
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
