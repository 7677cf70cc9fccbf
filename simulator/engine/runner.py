"""One runner plays any game to the end; seats alternate between games of a matchup."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeAlias

from simulator.engine.protocol import TERMINAL, Game, Policy, RunawayGameError, State
from simulator.engine.seeds import derive_seed

#: Safety bound on actions per game; every engine ends far earlier (turn caps, finite decks).
MAX_ACTIONS_PER_GAME = 200_000

SIDES = ("A", "B")


@dataclass(frozen=True)
class Side:
    """One side of a matchup: its label, its AI policy and its game-specific entrant (a deck)."""

    label: str
    policy: Policy
    entrant: Any = None


@dataclass(frozen=True)
class GameResult:
    """The outcome of one game of a matchup, in terms of sides rather than seats."""

    index: int
    seats: tuple[str, str]  # side label in seat 0 and seat 1
    returns: tuple[float, float]  # by seat
    summary: Mapping[str, Any] = field(default_factory=dict)
    log: list[Any] | None = None
    #: The game record (docs/game-records.md) when the game was recorded.
    record: dict[str, Any] | None = None

    @property
    def winner_seat(self) -> int | None:
        if self.returns[0] > self.returns[1]:
            return 0
        if self.returns[1] > self.returns[0]:
            return 1
        return None

    @property
    def winner(self) -> str | None:
        seat = self.winner_seat
        return None if seat is None else self.seats[seat]


class Recorder(Protocol):
    """Watches a game as it is played (see :mod:`simulator.records`)."""

    def observe(self, state: State, player: int, action: Any) -> None: ...

    def finish(self, state: State) -> dict[str, Any]: ...


#: Makes the recorder of one game: (initial state, policy names by seat, the game's own seed).
RecorderFactory: TypeAlias = Callable[[State, tuple[str, str], int], Recorder]


def play_game(
    state: State,
    policies: tuple[Policy, Policy],
    rngs: tuple[random.Random, random.Random],
    *,
    max_actions: int = MAX_ACTIONS_PER_GAME,
    on_action: Callable[[State, int, Any], None] | None = None,
) -> State:
    """Play ``state`` to the end, each seat's policy choosing with its own RNG."""
    for _ in range(max_actions):
        player = state.current_player()
        if player == TERMINAL:
            return state
        action = policies[player].choose(state, rngs[player])
        if on_action is not None:
            on_action(state, player, action)
        state.apply(action)
    if state.is_terminal():
        return state
    raise RunawayGameError(f"game not finished after {max_actions} actions")


def seats_for(index: int) -> tuple[int, int]:
    """Seat of side A and of side B for game ``index``: A sits first in even games."""
    return (0, 1) if index % 2 == 0 else (1, 0)


def play_match_game(
    game: Game,
    sides: tuple[Side, Side],
    seed: int,
    index: int,
    *,
    record_log: bool = False,
    recorder: RecorderFactory | None = None,
) -> GameResult:
    """Play game ``index`` of a matchup between ``sides`` (A, B) with seeds from (seed, index);
    ``recorder`` (a :func:`simulator.records.recorder_factory`) writes the game's record."""
    seat_a, _ = seats_for(index)
    by_seat = (sides[0], sides[1]) if seat_a == 0 else (sides[1], sides[0])
    game_seed = derive_seed(seed, index, "game")
    rng = random.Random(game_seed)
    state = game.new_initial_state(rng, (by_seat[0].entrant, by_seat[1].entrant))
    watcher = (
        recorder(state, (by_seat[0].policy.name, by_seat[1].policy.name), game_seed)
        if recorder is not None
        else None
    )
    if record_log:
        state.enable_log()
    policy_rngs = (
        random.Random(derive_seed(seed, index, "policy", by_seat[0].label)),
        random.Random(derive_seed(seed, index, "policy", by_seat[1].label)),
    )
    play_game(
        state,
        (by_seat[0].policy, by_seat[1].policy),
        policy_rngs,
        on_action=watcher.observe if watcher is not None else None,
    )
    log = list(state.log or []) if record_log else None
    return GameResult(
        index=index,
        seats=(by_seat[0].label, by_seat[1].label),
        returns=state.returns(),
        summary=state.summary(),
        log=log,
        record=watcher.finish(state) if watcher is not None else None,
    )
