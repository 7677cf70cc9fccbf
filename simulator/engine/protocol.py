"""The game protocol (after OpenSpiel), the same for Eredan, Cribbage, Écarté and Crapette.

- A :class:`Game` holds the rule options of one kind of game and makes an initial :class:`State`
  from a seeded ``random.Random`` and the per-seat entrants (an Eredan deck; ``None`` for the
  classic games).
- A :class:`State` owns that RNG for every chance event (shuffles, dice), so a game is a pure
  function of (options, entrants, seed, the actions chosen).
- A :class:`Policy` picks one of ``state.legal_actions()`` with its *own* RNG. It may only use what
  the player to move can see: a search policy first calls :meth:`State.determinize`.
- Seats are 0 and 1. ``current_player()`` returns :data:`TERMINAL` once the game is over.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, Protocol, TypeAlias, runtime_checkable

#: ``current_player()`` of a finished game.
TERMINAL = -1

#: A move. Each game defines its own hashable, printable action type.
Action: TypeAlias = Hashable


class GameError(Exception):
    """Base class of every error raised by a game engine."""


class IllegalActionError(GameError):
    """An action that the rules forbid in this state. ``rule`` names the rule it breaks."""

    def __init__(self, message: str, *, rule: str = "", action: object = None) -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.rule = rule
        self.action = action


class RunawayGameError(GameError):
    """A game that did not end within the runner's safety bound: a bug in an engine."""


@runtime_checkable
class State(Protocol):
    """One position of a game in progress (mutable: ``apply`` changes it in place)."""

    def current_player(self) -> int:
        """The seat (0 or 1) to act, or :data:`TERMINAL`."""
        ...

    def legal_actions(self) -> Sequence[Action]:
        """Every action the player to move may take, in a deterministic order."""
        ...

    def apply(self, action: Action) -> None:
        """Play ``action``; raise :class:`IllegalActionError` naming the rule if it is not legal."""
        ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> tuple[float, float]:
        """Per seat: +1 win, -1 loss, 0 draw (or not finished)."""
        ...

    def clone(self) -> State:
        """An independent copy (including the RNG state)."""
        ...

    def determinize(self, player: int, rng: random.Random) -> State:
        """A copy in which everything ``player`` cannot see (the opponent's hand, the order of
        every unseen pile) is re-dealt at random with ``rng``, consistently with what ``player``
        knows, and whose own RNG is reseeded from ``rng``. Search policies simulate on these."""
        ...

    @property
    def log(self) -> Sequence[Any] | None:
        """The game's event log since :meth:`enable_log` (``None`` before): what happened, in
        order, as the game's spec describes it (``GameSpec.log_format``: JSON objects with an
        ``"event"`` key, or readable lines). Never names a card a player could not see."""
        ...

    def enable_log(self) -> None:
        """Keep an event log from now on (called before the first action, it starts with the
        deal). Idempotent; a game not logging costs nothing."""
        ...

    def summary(self) -> Mapping[str, Any]:
        """Facts about the game for statistics, JSON-serialisable. Keys every game provides:
        ``turns`` (int), ``end_reason`` (str), ``first_player`` (seat or None). Optional:
        ``cards_played`` ({seat: {card: times}}), ``characters`` ({seat: {slug: {"damage",
        "healing", "survived"}}}), ``score`` ([seat0, seat1]), ``cards_seen`` ({seat: {card:
        [copies in the deck, in the opening hand, drawn after it, played]}} for every card of the
        deck: the card metrics of docs/lab.md)."""
        ...


class Game(Protocol):
    """A kind of game with its options (turn cap, variants, …)."""

    name: str

    def new_initial_state(self, rng: random.Random, entrants: tuple[Any, Any] = (None, None)) -> State: ...


class Policy(Protocol):
    """An AI player. Must not read hidden information; draws randomness only from ``rng``."""

    name: str

    def choose(self, state: State, rng: random.Random) -> Action: ...


def check_legal(state: State, action: Action, legal: Sequence[Action] | None = None) -> None:
    """Raise :class:`IllegalActionError` when ``action`` is not among the legal actions."""
    if action not in (legal if legal is not None else state.legal_actions()):
        raise IllegalActionError(f"{action!r} is not a legal action here", action=action)
