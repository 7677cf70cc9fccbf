"""Batches of games: matchups, gauntlets and round robins split into chunks of game indices.

The one batch machinery of the project, pure Python (no Django): the Celery chunk task and the
local multiprocessing runner both call :meth:`Batch.play_chunk`, so a job's statistics are the
same whichever ran it.

- A :class:`BatchPlan` says what to play: the game and its options, the entrants (a label, an AI
  policy and, for Eredan, a deck), the kind of batch, the games per pairing, the seed and the
  chunk size. It is plain data (picklable, comparable).
- Every pairing plays games ``0 .. games-1`` with the job seed: game ``i`` of a pairing gets its
  RNGs from ``(seed, i)`` (:func:`simulator.engine.runner.play_match_game`), so a pairing inside a
  round robin plays exactly the games of the same matchup run alone, and a batch's result does not
  depend on how it is chunked, on how many workers run it, or in what order.
- Chunks cover ``[start, stop)`` of one pairing's game indices; their tallies merge in any order
  (:class:`~simulator.engine.stats.MatchTally` holds only sums), and :func:`merge_tallies` merges
  them in one fixed order anyway.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from simulator.engine.protocol import Game, Policy
from simulator.engine.registry import GameSpec, get_game_spec
from simulator.engine.runner import GameResult, RecorderFactory, Side, play_match_game
from simulator.engine.stats import MatchTally, wilson_interval

MATCHUP = "matchup"
GAUNTLET = "gauntlet"
ROUND_ROBIN = "round_robin"
#: The kinds of batch: one pairing (A vs B); the first entrant against each of the others; every
#: pair of entrants once.
KINDS = (MATCHUP, GAUNTLET, ROUND_ROBIN)


class BatchError(ValueError):
    """A plan that cannot be played (unknown kind, too few entrants, bad chunk size…)."""


@dataclass(frozen=True)
class Entrant:
    """One contestant: a label (unique in the batch), an AI policy by name, and for games played
    with decks (Eredan) the deck (a :class:`~cards.domain.specs.DeckSpec`)."""

    label: str
    policy: str
    deck: Any = None


@dataclass(frozen=True)
class Pairing:
    """Entrant ``a`` (side A) against entrant ``b`` (side B)."""

    index: int
    a: int
    b: int


@dataclass(frozen=True)
class ChunkRange:
    """Games ``start .. stop-1`` of pairing ``pairing``: the ``chunk``-th chunk of that pairing."""

    pairing: int
    chunk: int
    start: int
    stop: int

    @property
    def games(self) -> int:
        return self.stop - self.start


def pairings_for(kind: str, entrants: int) -> list[Pairing]:
    """The pairings of a batch of ``kind`` over ``entrants`` entrants, in a fixed order."""
    if kind not in KINDS:
        raise BatchError(f"unknown kind {kind!r}; known: {', '.join(KINDS)}")
    if kind == MATCHUP:
        if entrants != 2:
            raise BatchError(f"a matchup has exactly 2 entrants, not {entrants}")
        pairs = [(0, 1)]
    elif kind == GAUNTLET:
        if entrants < 2:
            raise BatchError("a gauntlet needs an entrant and at least one opponent")
        pairs = [(0, j) for j in range(1, entrants)]
    else:
        if entrants < 2:
            raise BatchError("a round robin needs at least 2 entrants")
        pairs = [(i, j) for i in range(entrants) for j in range(i + 1, entrants)]
    return [Pairing(index, a, b) for index, (a, b) in enumerate(pairs)]


def chunk_count(games: int, chunk_size: int) -> int:
    """Chunks of one pairing: ``ceil(games / chunk_size)``."""
    return -(-games // chunk_size)


def chunk_ranges(games: int, chunk_size: int, pairings: int) -> list[ChunkRange]:
    """Every chunk of a batch, by pairing then chunk: the fixed order results are merged in."""
    if games < 1 or chunk_size < 1:
        raise BatchError("games and chunk size must be at least 1")
    return [
        ChunkRange(pairing, chunk, start, min(start + chunk_size, games))
        for pairing in range(pairings)
        for chunk, start in enumerate(range(0, games, chunk_size))
    ]


def chunk_range(games: int, chunk_size: int, pairing: int, chunk: int) -> ChunkRange:
    """The chunk ``chunk`` of ``pairing`` (an error if there is no such chunk)."""
    if not 0 <= chunk < chunk_count(games, chunk_size):
        raise BatchError(f"no chunk {chunk} in {games} games by {chunk_size}")
    start = chunk * chunk_size
    return ChunkRange(pairing, chunk, start, min(start + chunk_size, games))


@dataclass(frozen=True)
class BatchPlan:
    """What to play: plain data, the same for the local runner and a Celery job."""

    game: str
    entrants: tuple[Entrant, ...]
    games: int  # per pairing
    seed: int
    chunk_size: int
    kind: str = MATCHUP
    options: Mapping[str, Any] = field(default_factory=dict)
    #: Games ``0 .. record_games-1`` of each pairing are recorded (docs/game-records.md): the
    #: same sample however the batch is chunked.
    record_games: int = 0

    @property
    def pairings(self) -> list[Pairing]:
        return pairings_for(self.kind, len(self.entrants))

    @property
    def chunks(self) -> list[ChunkRange]:
        return chunk_ranges(self.games, self.chunk_size, len(self.pairings))

    @property
    def total_games(self) -> int:
        return self.games * len(self.pairings)


class Batch:
    """A plan made playable: the game and one policy object per entrant, built once (per process,
    never per game), then any chunk of any pairing played on them."""

    def __init__(self, plan: BatchPlan, spec: GameSpec | None = None, *, record_context: Any = None) -> None:
        self.plan = plan
        self.spec = spec or get_game_spec(plan.game)
        self.game: Game = self.spec.make_game(**dict(plan.options))
        self.policies: list[Policy] = [self.spec.make_policy(e.policy) for e in plan.entrants]
        self.pairings = plan.pairings
        self.recorder: RecorderFactory | None = None
        if plan.record_games > 0:
            from simulator.records import recorder_factory

            self.recorder = recorder_factory(plan.game, self.game, context=record_context)

    def sides(self, pairing: int) -> tuple[Side, Side]:
        """Side A and side B of a pairing (labels ``A``/``B``: the policy RNG streams)."""
        p = self.pairings[pairing]
        ea, eb = self.plan.entrants[p.a], self.plan.entrants[p.b]
        return (Side("A", self.policies[p.a], ea.deck), Side("B", self.policies[p.b], eb.deck))

    def play_chunk(
        self,
        pairing: int,
        start: int,
        stop: int,
        *,
        on_result: Callable[[GameResult], None] | None = None,
    ) -> MatchTally:
        """Play games ``start .. stop-1`` of ``pairing`` into a tally (recording the sample)."""
        return play_chunk(
            self.game,
            self.sides(pairing),
            self.plan.seed,
            start,
            stop,
            on_result=on_result,
            recorder=self.recorder,
            record_below=self.plan.record_games,
        )


def play_chunk(
    game: Game,
    sides: tuple[Side, Side],
    seed: int,
    start: int,
    stop: int,
    *,
    on_result: Callable[[GameResult], None] | None = None,
    recorder: RecorderFactory | None = None,
    record_below: int = 0,
) -> MatchTally:
    """Play games ``start .. stop-1`` of a matchup (seats alternate by index) into one tally;
    ``on_result`` sees every game's result (e.g. to award experience); games below
    ``record_below`` are recorded with ``recorder`` (``result.record``)."""
    tally = MatchTally()
    for index in range(start, stop):
        result = play_match_game(
            game, sides, seed, index, recorder=recorder if index < record_below else None
        )
        tally.add(result)
        if on_result is not None:
            on_result(result)
    return tally


def merge_tallies(tallies: Iterable[tuple[ChunkRange, MatchTally]], pairings: int) -> list[MatchTally]:
    """One tally per pairing, each merged from its chunks in (pairing, chunk) order."""
    merged = [MatchTally() for _ in range(pairings)]
    for chunk, tally in sorted(tallies, key=lambda item: (item[0].pairing, item[0].chunk)):
        merged[chunk.pairing].merge(tally)
    return merged


# --- the local runner ---------------------------------------------------------------------------

_worker_batch: Batch | None = None


def _init_worker(plan: BatchPlan, record_context: Any = None) -> None:
    global _worker_batch
    _worker_batch = Batch(plan, record_context=record_context)


def _play_chunk_collecting(batch: Batch, chunk: ChunkRange) -> tuple[MatchTally, list[GameResult]]:
    """A chunk's tally and the results of its recorded games."""
    recorded: list[GameResult] = []

    def keep(result: GameResult) -> None:
        if result.record is not None:
            recorded.append(result)

    on_result = keep if chunk.start < batch.plan.record_games else None
    return batch.play_chunk(chunk.pairing, chunk.start, chunk.stop, on_result=on_result), recorded


def _play_in_worker(chunk: ChunkRange) -> tuple[ChunkRange, dict[str, Any], list[GameResult]]:
    assert _worker_batch is not None
    tally, recorded = _play_chunk_collecting(_worker_batch, chunk)
    return chunk, tally.to_json(), recorded


def run_local(
    plan: BatchPlan,
    *,
    processes: int | None = None,
    on_chunk: Callable[[ChunkRange, MatchTally], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    on_record: Callable[[ChunkRange, GameResult], None] | None = None,
    record_context: Any = None,
) -> list[MatchTally]:
    """Play a whole plan on this machine and return one tally per pairing.

    ``processes``: worker processes (default: every core); 1 plays in this process. Chunks are
    handed out one at a time, as Celery does; ``on_chunk`` is called in this process as each one
    finishes (a progress bar). ``should_stop`` is polled between chunks; when it says so, the
    chunks not yet finished are abandoned and the tallies so far are returned.
    """
    chunks = plan.chunks
    processes = max(1, min(processes or os.cpu_count() or 1, len(chunks)))
    done: list[tuple[ChunkRange, MatchTally]] = []

    def finished(chunk: ChunkRange, tally: MatchTally, recorded: list[GameResult]) -> None:
        done.append((chunk, tally))
        if on_record is not None:
            for result in recorded:
                on_record(chunk, result)
        if on_chunk is not None:
            on_chunk(chunk, tally)

    if processes == 1:
        batch = Batch(plan, record_context=record_context)
        for chunk in chunks:
            if should_stop is not None and should_stop():
                break
            finished(chunk, *_play_chunk_collecting(batch, chunk))
        return merge_tallies(done, len(plan.pairings))
    # "spawn": fresh interpreters that import only the pure engine (the caller may hold database
    # connections or threads that a fork would copy).
    context = multiprocessing.get_context("spawn")
    with context.Pool(processes, initializer=_init_worker, initargs=(plan, record_context)) as pool:
        results: Iterator[tuple[ChunkRange, dict[str, Any], list[GameResult]]] = pool.imap_unordered(
            _play_in_worker, chunks, chunksize=1
        )
        for chunk, data, recorded in results:
            finished(chunk, MatchTally.from_json(data), recorded)
            if should_stop is not None and should_stop():
                pool.terminate()
                break
    return merge_tallies(done, len(plan.pairings))


# --- results ------------------------------------------------------------------------------------


def pairing_report(tally: MatchTally, pairing: Pairing, entrants: Sequence[Entrant]) -> dict[str, Any]:
    """A pairing's statistics (:meth:`MatchTally.report`), its sides named by entrant."""
    report = tally.report()
    for side, index in (("A", pairing.a), ("B", pairing.b)):
        report["sides"][side] = {
            "entrant": index,
            "label": entrants[index].label,
            "policy": entrants[index].policy,
            **report["sides"][side],
        }
    return {"index": pairing.index, "a": pairing.a, "b": pairing.b, **report}


def batch_report(
    plan_entrants: Sequence[Entrant], pairings: Sequence[Pairing], tallies: Sequence[MatchTally]
) -> dict[str, Any]:
    """The statistics of a whole batch: each pairing's report, the win-rate matrix (row entrant's
    win rate against the column entrant; ``null`` on the diagonal and where nothing was played)
    and the standings (every entrant's games over all its pairings, best win rate first)."""
    n = len(plan_entrants)
    win_rate: list[list[float | None]] = [[None] * n for _ in range(n)]
    games: list[list[int]] = [[0] * n for _ in range(n)]
    wins = [0] * n
    draws = [0] * n
    played = [0] * n
    reports = []
    for pairing, tally in zip(pairings, tallies, strict=True):
        reports.append(pairing_report(tally, pairing, plan_entrants))
        for me, them, side in ((pairing.a, pairing.b, "A"), (pairing.b, pairing.a, "B")):
            won = tally.wins.get(side, 0)
            games[me][them] += tally.games
            wins[me] += won
            draws[me] += tally.draws
            played[me] += tally.games
            if tally.games:
                win_rate[me][them] = won / tally.games
    rate = [wins[i] / played[i] if played[i] else None for i in range(n)]
    standings: list[dict[str, Any]] = []
    for i in sorted(range(n), key=lambda i: (-(rate[i] or 0.0), i)):
        lo, hi = wilson_interval(wins[i], played[i])
        standings.append(
            {
                "entrant": i,
                "label": plan_entrants[i].label,
                "policy": plan_entrants[i].policy,
                "games": played[i],
                "wins": wins[i],
                "draws": draws[i],
                "losses": played[i] - wins[i] - draws[i],
                "win_rate": rate[i],
                "win_rate_ci95": [lo, hi],
            }
        )
    return {
        "games": sum(t.games for t in tallies),
        "pairings": reports,
        "matrix": {"labels": [e.label for e in plan_entrants], "win_rate": win_rate, "games": games},
        "standings": standings,
    }
