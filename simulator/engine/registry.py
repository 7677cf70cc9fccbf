"""The games of the project, by name: one :class:`GameSpec` each, declared by the game's package.

Everything the rest of the project knows about a game — its names, its options and their
defaults, its AI policies and what a game between them costs, its record codec, its event log —
is declared once, in the game package's ``GAME_SPEC``; the runner, jobs, records and pages read
the spec and never branch on a game's name (ARCHITECTURE.md principle 8).

A fifth game takes one new package (``simulator/games/<name>/`` with its engine on the common
protocol and its ``GAME_SPEC``), its game records (the codec ``simulator/records/<name>.py``, named
by ``GAME_SPEC.record_codec``, and the schema ``simulator/records/schemas/<name>.json``) and one
registration: its line in :data:`GAME_MODULES`. The published root schema
``simulator/records/schemas/record.json`` names every game it accepts, so the game's name is also
added to its ``game`` enum and its ``allOf`` dispatch (one ``if``/``then`` line): a hand edit of a
published file, kept because clients validate records with it, and checked against this registry
by ``tests/simulator/engine/test_registry.py``, which names whatever a registered game lacks. A
game's package is imported only when asked for, so loading one game never costs the others. Pure
Python: imports no Django.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from simulator.engine.protocol import Game, Policy

#: The registration of every game: its name -> the package that declares its ``GAME_SPEC``.
GAME_MODULES: dict[str, str] = {
    "eredan": "simulator.games.eredan",
    "cribbage": "simulator.games.cribbage",
    "ecarte": "simulator.games.ecarte",
    "crapette": "simulator.games.crapette",
}

#: The game a page or a command offers first when none is named: the product's own.
DEFAULT_GAME = "eredan"

#: The types a game option may have (they travel as JSON: a job's ``options``, a record's header).
OptionValue = bool | int | str


@dataclass(frozen=True)
class GameOption:
    """One option of a game: the keyword ``make_game`` accepts, the type of its value, its default
    (the rules as written, or a named **[decision]**) and what it means. The type is checked by
    the simulation service; the value itself (its range) by the game when it is made."""

    name: str
    type: type[bool] | type[int] | type[str]
    default: OptionValue
    help: str

    def accepts(self, value: object) -> bool:
        """Whether ``value`` has this option's type (``True`` is not an ``int`` here)."""
        if self.type is bool:
            return isinstance(value, bool)
        if self.type is int:
            return isinstance(value, int) and not isinstance(value, bool)
        return isinstance(value, self.type)


@dataclass(frozen=True)
class PolicySpec:
    """An AI policy of a game: how to make one, and the expected CPU seconds of one game when
    both sides play it (measured on one core of the development machine; for Eredan over the demo
    decks). The cost only sizes a job's chunks and refuses chunks far too long for the broker; a
    mixed pairing counts the mean of its two policies."""

    name: str
    make: Callable[[], Policy]
    seconds_per_game: float
    help: str = ""


class LogFormat(StrEnum):
    """What a game's event log (:meth:`~simulator.engine.protocol.State.enable_log`) holds."""

    EVENTS = "events"
    """JSON objects, each with an ``"event"`` key (Eredan, Cribbage, Écarté)."""
    LINES = "lines"
    """Readable lines of text, one per event (Crapette)."""


@dataclass(frozen=True)
class GameSpec:
    """Everything the project knows about one game, declared by the game's package."""

    #: The name jobs, records and URLs use (``"ecarte"``): lowercase ASCII, never renamed.
    name: str
    #: The name shown to people in lists and menus (``"Écarté"``), and in a title (``"Écarté
    #: (two players)"``).
    display_name: str
    title: str
    #: The package of the engine (which declares this spec).
    module: str
    #: Makes a game from its options (keywords: :attr:`options`); raises ``ValueError``,
    #: ``TypeError`` or a :class:`~simulator.engine.protocol.GameError` on a value it refuses.
    make_game: Callable[..., Game]
    policies: Mapping[str, PolicySpec]
    default_policy: str
    #: The module of the game's record codec (docs/game-records.md), imported when a record is
    #: written or read.
    record_codec: str
    log_format: LogFormat
    options: Mapping[str, GameOption] = field(default_factory=dict)
    #: True when each side brings a deck of cards from the card catalog (Eredan): jobs then need
    #: the catalog to build their entrants, and so does the record codec to name cards. False for
    #: the classic games, whose entrants are their policies alone.
    uses_decks: bool = False

    def __post_init__(self) -> None:
        if self.default_policy not in self.policies:
            raise ValueError(
                f"{self.name}: default policy {self.default_policy!r} is not one of its policies"
            )
        for key, policy in self.policies.items():
            if key != policy.name or policy.seconds_per_game <= 0:
                raise ValueError(f"{self.name}: policy {key!r} is misdeclared")
        for key, option in self.options.items():
            if key != option.name or not option.accepts(option.default):
                raise ValueError(f"{self.name}: option {key!r} is misdeclared")

    def make_policy(self, name: str) -> Policy:
        """A new player of policy ``name`` (``KeyError`` if the game has none by that name)."""
        return self.policies[name].make()

    def seconds_per_game(self, policies: Sequence[str]) -> float:
        """Expected seconds of one game of a pairing between ``policies``: the mean of their costs
        (an unknown name counts as the slowest policy of the game)."""
        slowest = max(p.seconds_per_game for p in self.policies.values())
        costs = [self.policies[p].seconds_per_game if p in self.policies else slowest for p in policies]
        return sum(costs) / len(costs) if costs else slowest

    def option_defaults(self) -> dict[str, OptionValue]:
        """Every option at its default: what a game made without options plays."""
        return {name: option.default for name, option in self.options.items()}


class UnknownGameError(KeyError):
    pass


def available_games() -> list[str]:
    """The name of every registered game, in order of registration."""
    return list(GAME_MODULES)


def get_game_spec(name: str) -> GameSpec:
    """The spec of game ``name`` (its package imported on first use)."""
    try:
        module = importlib.import_module(GAME_MODULES[name])
    except (KeyError, TypeError):
        raise UnknownGameError(f"unknown game {name!r}; known: {', '.join(available_games())}") from None
    spec: GameSpec = module.GAME_SPEC
    if spec.name != name:
        raise RuntimeError(f"{GAME_MODULES[name]} declares the game {spec.name!r}, registered as {name!r}")
    return spec


def game_specs() -> list[GameSpec]:
    """Every game's spec, in order of registration (each package imported)."""
    return [get_game_spec(name) for name in GAME_MODULES]
