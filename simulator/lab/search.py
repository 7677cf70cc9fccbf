"""What the lab's searches share (docs/lab.md "Optimizer", "What to get next"): the **work** a
search asks for next — some decks against the field on a range of games of one seed, played as a
compare on common random numbers — the player that plays it, and the local runner.

A search is a state machine over plain data (:class:`SearchMachine`): it says what to play next
(:meth:`work`), is told the tally of those games (:meth:`advance`) and decides, so the same seed
gives the same result whoever plays the games, in whatever chunks, on however many workers (the
tallies are sums). The local runner (:func:`run_search_local`) and the Celery job
(``simulator/services/optimizes.py``) play the same works.
"""

from __future__ import annotations

import multiprocessing
import os
import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from cards.domain.specs import DeckSpec
from simulator.engine.batch import Entrant
from simulator.engine.protocol import Game, GameError
from simulator.engine.registry import get_game_spec
from simulator.lab.compare import CompareBatch, ComparePlan, CompareTally, FieldEntry
from simulator.lab.moves import Composition, Constraints


class SearchProblem(Protocol):
    """What a search's decks are played with: the constraints (their catalog), the field, the AI
    policy of the decks, the game and its options, the budget."""

    @property
    def constraints(self) -> Constraints: ...
    @property
    def field(self) -> tuple[FieldEntry, ...]: ...
    @property
    def policy(self) -> str: ...
    @property
    def game(self) -> str: ...
    @property
    def options(self) -> Mapping[str, Any]: ...
    @property
    def budget(self) -> int: ...


@dataclass(frozen=True)
class Work:
    """Games to play next: decks ``arms`` (``arms[0]`` the reference — the incumbent, or the
    starting deck in the confirmation), each against the field on game indices ``start .. stop-1``
    of ``seed``."""

    phase: str
    step: int
    round: int
    seed: int
    start: int
    stop: int
    arms: tuple[Composition, ...]

    @property
    def games_per_arm(self) -> int:
        return self.stop - self.start

    @property
    def games(self) -> int:
        return self.games_per_arm * len(self.arms)

    def chunks(self, chunk_games: int) -> list[tuple[int, int]]:
        """The work's game ranges of at most ``chunk_games`` games per deck (even)."""
        size = max(2, chunk_games - chunk_games % 2)
        return [(a, min(a + size, self.stop)) for a in range(self.start, self.stop, size)]

    def chunks_of(self, chunk_size: int) -> list[tuple[int, int]]:
        """The work's game ranges when a chunk plays about ``chunk_size`` games over all its
        decks (a job's chunk size): ``chunk_size // decks`` games per deck, at least one pair."""
        return self.chunks(chunk_size // len(self.arms))

    def to_json(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "step": self.step,
            "round": self.round,
            "seed": self.seed,
            "start": self.start,
            "stop": self.stop,
            "arms": [a.to_json() for a in self.arms],
        }


P = TypeVar("P", bound=SearchProblem)


class WorkPlayer(Generic[P]):
    """Plays a search's works: the game, each deck's spec and each work's compare batch, built
    once per process."""

    def __init__(self, problem: P, *, game: Game | None = None) -> None:
        self.problem = problem
        self.game = game or get_game_spec(problem.game).make_game(**dict(problem.options))
        self._specs: dict[Composition, DeckSpec] = {}
        self._batch: tuple[Work, CompareBatch] | None = None

    def deck_spec(self, deck: Composition) -> DeckSpec:
        spec = self._specs.get(deck)
        if spec is None:
            spec = deck.spec(self.problem.constraints.catalog)
            self._specs[deck] = spec
        return spec

    def supported(self, deck: Composition) -> bool:
        """Whether the engine can set up a game of ``deck`` (a card it does not play yet is
        refused here, never in the middle of a race)."""
        spec = self.deck_spec(deck)
        try:
            self.game.new_initial_state(random.Random(0), (spec, spec))
        except (GameError, ValueError, TypeError):
            return False
        return True

    def batch(self, work: Work) -> CompareBatch:
        """The playable compare of ``work``, built once for all its chunks played here."""
        if self._batch is None or self._batch[0] != work:
            self._batch = (work, CompareBatch(self.plan(work)))
        return self._batch[1]

    def plan(self, work: Work) -> ComparePlan:
        """The compare plan that plays ``work`` (arm *a* is entrant *a*)."""
        arms = tuple(
            Entrant(f"deck {i}", self.problem.policy, self.deck_spec(deck))
            for i, deck in enumerate(work.arms)
        )
        return ComparePlan(
            game=self.problem.game,
            arms=arms,
            field=self.problem.field,
            games=work.stop,
            seed=work.seed,
            chunk_size=max(2, work.games_per_arm),
            options=dict(self.problem.options),
        )


S = TypeVar("S")


class SearchMachine(Protocol[S]):
    """A search as the runners drive it (:class:`simulator.lab.optimize.Optimizer`,
    :class:`simulator.lab.acquire.Acquirer`)."""

    @property
    def problem(self) -> Any: ...
    def batch(self, work: Work) -> CompareBatch: ...
    def start(self) -> S: ...
    def work(self, state: S) -> Work | None: ...
    def advance(self, state: S, work: Work, tally: CompareTally) -> S: ...
    def cancel(self, state: S) -> S: ...
    def report(self, state: S) -> dict[str, Any]: ...
    def spent(self, state: S) -> int: ...
    def dump(self, state: S) -> dict[str, Any]: ...
    def load(self, data: Mapping[str, Any]) -> S: ...


def play_work(
    player: WorkPlayer[Any] | SearchMachine[Any], work: Work, start: int, stop: int
) -> CompareTally:
    """Games ``start .. stop-1`` of ``work`` (one chunk), on this process."""
    return player.batch(work).play_chunk(start, stop)


_pool_machine: Any = None


def _init_worker(factory: Callable[[Any], Any], problem: Any) -> None:
    global _pool_machine
    _pool_machine = factory(problem)


def _play_in_worker(args: tuple[Work, int, int]) -> dict[str, Any]:
    assert _pool_machine is not None
    work, start, stop = args
    return play_work(_pool_machine, work, start, stop).to_json()


M = TypeVar("M", bound="SearchMachine[Any]")


def run_search_local(
    factory: Callable[[Any], M],
    problem: Any,
    *,
    processes: int | None = None,
    chunk_games: int = 100,
    on_work: Callable[[Work, Any], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> tuple[M, Any]:
    """Run a search (``factory(problem)``: its machine) on this machine: each work in chunks of
    ``chunk_games`` games per deck, over ``processes`` processes (default: every core; 1 plays
    here). The same seed gives the same result whatever the processes and chunks. ``on_work``
    sees each work once played, with the state after it."""
    machine = factory(problem)
    state = machine.start()
    processes = max(1, processes or os.cpu_count() or 1)

    def loop(play: Callable[[Work, list[tuple[int, int]]], Iterable[CompareTally]]) -> None:
        nonlocal state
        while True:
            work = machine.work(state)
            if work is None:
                return
            if should_stop is not None and should_stop():
                machine.cancel(state)
                return
            total = CompareTally.empty(len(work.arms), len(problem.field))
            for part in play(work, work.chunks(chunk_games)):
                total.merge(part)
            state = machine.advance(state, work, total)
            if on_work is not None:
                on_work(work, state)

    if processes == 1:
        loop(lambda work, chunks: (play_work(machine, work, a, b) for a, b in chunks))
        return machine, state
    context = multiprocessing.get_context("spawn")  # fresh interpreters, as the other local runners
    with context.Pool(processes, initializer=_init_worker, initargs=(factory, problem)) as pool:

        def in_pool(work: Work, chunks: list[tuple[int, int]]) -> Iterator[CompareTally]:
            for data in pool.imap_unordered(_play_in_worker, [(work, a, b) for a, b in chunks]):
                yield CompareTally.from_json(data)

        loop(in_pool)
        pool.terminate()
    return machine, state
