"""A compare: a base and its variants against a field, on common random numbers (docs/lab.md).

The plan of games, pure and the same for the local runner and a Celery job:

- **Arms**: entrant 0 is the base, the others its variants (each a whole deck, or the base with
  card swaps — built by the caller); each arm is side ``A`` of every one of its games.
- **Field**: one or more opponents with weights (side ``B``). The opponent of **pair** *k* (games
  ``2k`` and ``2k+1``) is drawn from the weights with its own seed, from (job seed, *k*) only
  (:func:`opponent_for_pair`): the same for every arm.
- **Game i of every arm** is played by :func:`simulator.engine.runner.play_match_game` with the
  job seed and index *i*: the same game seed, the same policy RNG streams (sides ``A``/``B``),
  the same seat (the arm first in even games, second in odd ones: seats swapped in pairs) — so
  two identical arms play identical games, and a difference between arms is the variant's.
- **Chunks** are ranges of game indices, of an even size, that never straddle a round's end
  (:func:`compare_chunks`); a chunk plays its games for **every** arm, so the pairs it tallies are
  complete. A sequential compare (:class:`~simulator.lab.sequential.StopRule`) plays its rounds
  in order and stops after the first round where every difference is resolved.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from simulator.engine.batch import Entrant, Pairing
from simulator.engine.protocol import Game, Policy
from simulator.engine.registry import GameSpec, get_game_spec
from simulator.engine.runner import GameResult, Side, play_match_game
from simulator.engine.seeds import MAX_SEED, derive_seed
from simulator.engine.stats import MatchTally, wilson_interval
from simulator.lab.paired import PairTally, paired_difference
from simulator.lab.sequential import StopReason, StopRule, stop_after_round, variant_state

#: The job kind of a compare (beside matchup, gauntlet and round robin).
COMPARE = "compare"


class CompareError(ValueError):
    """A compare plan that cannot be played (odd sizes, no variant, bad weights…)."""


@dataclass(frozen=True)
class FieldEntry:
    """One opponent of the field: a label, an AI policy, its deck (games with decks), its weight."""

    label: str
    policy: str
    deck: Any = None
    weight: float = 1.0


@dataclass(frozen=True)
class CompareChunk:
    """Games ``start .. stop-1`` of every arm: the ``chunk``-th chunk, inside round ``round``."""

    chunk: int
    round: int
    start: int
    stop: int

    @property
    def games(self) -> int:
        return self.stop - self.start


def compare_chunks(round_ends: Sequence[int], chunk_size: int) -> list[CompareChunk]:
    """Every chunk of a compare whose rounds end at ``round_ends`` games per arm (cumulative):
    chunks of ``chunk_size`` games (even), a round's last chunk possibly shorter."""
    if chunk_size < 2 or chunk_size % 2:
        raise CompareError("a compare's chunks hold whole seat-swapped pairs: an even chunk size")
    out: list[CompareChunk] = []
    begin = 0
    for r, end in enumerate(round_ends):
        if end <= begin or end % 2:
            raise CompareError("round ends must grow and be even")
        for start in range(begin, end, chunk_size):
            out.append(CompareChunk(len(out), r, start, min(start + chunk_size, end)))
        begin = end
    return out


def opponent_for_pair(seed: int, pair: int, weights: Sequence[float]) -> int:
    """The field entry playing pair ``pair`` (games ``2·pair`` and ``2·pair + 1``) of every arm:
    drawn with probability proportional to ``weights``, from (seed, pair) only."""
    if len(weights) == 1:
        return 0
    u = derive_seed(seed, pair, "opponent") / (MAX_SEED + 1)
    total = float(sum(weights))
    acc = 0.0
    for i, w in enumerate(weights):
        acc += w / total
        if u < acc:
            return i
    return max(i for i, w in enumerate(weights) if w > 0)  # u within rounding of 1


@dataclass(frozen=True)
class ComparePlan:
    """What to play: the arms (base first), the field, games per arm (the budget when
    sequential), the seed, the chunk size, the game's options and the stop rule."""

    game: str
    arms: tuple[Entrant, ...]
    field: tuple[FieldEntry, ...]
    games: int
    seed: int
    chunk_size: int
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    stop: StopRule | None = None

    def __post_init__(self) -> None:
        if len(self.arms) < 2:
            raise CompareError("a compare needs a base and at least one variant")
        if not self.field:
            raise CompareError("a compare needs a field of at least one opponent")
        if any(f.weight < 0 for f in self.field) or sum(f.weight for f in self.field) <= 0:
            raise CompareError("field weights must be non-negative and not all 0")
        if self.games < 2 or self.games % 2:
            raise CompareError("a compare plays seat-swapped pairs: an even number of games per arm")

    @property
    def round_ends(self) -> list[int]:
        return self.stop.ends if self.stop is not None else [self.games]

    @property
    def chunks(self) -> list[CompareChunk]:
        return compare_chunks(self.round_ends, self.chunk_size)

    @property
    def weights(self) -> list[float]:
        return [f.weight for f in self.field]

    def chunks_of_round(self, round_index: int) -> list[CompareChunk]:
        return [c for c in self.chunks if c.round == round_index]


@dataclass
class CompareTally:
    """The sums of some games of a compare: per arm and field entry a :class:`MatchTally` (side A
    the arm, side B that opponent) — the compare's pairings (:func:`compare_pairings`) — and per
    variant its :class:`PairTally` against the base. Mergeable in any order."""

    tallies: list[list[MatchTally]]  # [arm][field entry]
    pairs: list[PairTally]

    @classmethod
    def empty(cls, arms: int, field_size: int) -> CompareTally:
        return cls(
            tallies=[[MatchTally() for _ in range(field_size)] for _ in range(arms)],
            pairs=[PairTally() for _ in range(arms - 1)],
        )

    def arm(self, a: int) -> MatchTally:
        """Arm ``a`` against the whole field."""
        total = MatchTally()
        for tally in self.tallies[a]:
            total.merge(tally)
        return total

    @property
    def pairing_tallies(self) -> list[MatchTally]:
        """The tallies in the order of :func:`compare_pairings`."""
        return [t for row in self.tallies for t in row]

    def merge(self, other: CompareTally) -> CompareTally:
        for row, other_row in zip(self.tallies, other.tallies, strict=True):
            for mine, theirs in zip(row, other_row, strict=True):
                mine.merge(theirs)
        for p, q in zip(self.pairs, other.pairs, strict=True):
            p.merge(q)
        return self

    def to_json(self) -> dict[str, Any]:
        return {
            "tallies": [[t.to_json() for t in row] for row in self.tallies],
            "pairs": [p.to_json() for p in self.pairs],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CompareTally:
        return cls(
            tallies=[[MatchTally.from_json(t) for t in row] for row in data["tallies"]],
            pairs=[PairTally.from_json(p) for p in data["pairs"]],
        )


def compare_entrants(plan: ComparePlan) -> list[Entrant]:
    """The arms then the field, as the entrants of the compare's results."""
    return [*plan.arms, *(Entrant(f.label, f.policy, f.deck) for f in plan.field)]


def compare_pairings(plan: ComparePlan) -> list[Pairing]:
    """Arm *a* against field entry *f* is pairing ``a·F + f``: entrant *a* (side A) against
    entrant ``A + f`` (side B), in :func:`compare_entrants` order."""
    arms, size = len(plan.arms), len(plan.field)
    return [Pairing(a * size + f, a, arms + f) for a in range(arms) for f in range(size)]


def _score(result: GameResult) -> float:
    """Side A's (the arm's) score in one game: 1 win, ½ draw, 0 loss."""
    winner = result.winner
    return 0.5 if winner is None else float(winner == "A")


class CompareBatch:
    """A compare plan made playable: the game and one policy object per arm and field entry,
    built once (per process), then any chunk played on them."""

    def __init__(self, plan: ComparePlan, spec: GameSpec | None = None) -> None:
        self.plan = plan
        self.spec = spec or get_game_spec(plan.game)
        self.game: Game = self.spec.make_game(**dict(plan.options))
        self.arm_policies: list[Policy] = [self.spec.make_policy(a.policy) for a in plan.arms]
        self.field_policies: list[Policy] = [self.spec.make_policy(f.policy) for f in plan.field]

    def play_chunk(
        self, start: int, stop: int, *, on_result: Callable[[int, GameResult], None] | None = None
    ) -> CompareTally:
        """Play games ``start .. stop-1`` (whole pairs) of every arm into one tally; ``on_result``
        sees each game's result with its arm."""
        if start % 2 or stop % 2:
            raise CompareError("a chunk holds whole seat-swapped pairs")
        plan = self.plan
        tally = CompareTally.empty(len(plan.arms), len(plan.field))
        weights = plan.weights
        for pair in range(start // 2, stop // 2):
            o = opponent_for_pair(plan.seed, pair, weights)
            opponent = Side("B", self.field_policies[o], plan.field[o].deck)
            scores: list[tuple[float, float]] = []
            for a, arm in enumerate(plan.arms):
                side = Side("A", self.arm_policies[a], arm.deck)
                pair_scores = []
                for index in (2 * pair, 2 * pair + 1):
                    result = play_match_game(self.game, (side, opponent), plan.seed, index)
                    tally.tallies[a][o].add(result)
                    pair_scores.append(_score(result))
                    if on_result is not None:
                        on_result(a, result)
                scores.append((pair_scores[0], pair_scores[1]))
            for v in range(1, len(plan.arms)):
                tally.pairs[v - 1].add_pair(scores[0], scores[v])
        return tally


# --- results ------------------------------------------------------------------------------------


def _rate(games: int, wins: int, draws: int) -> dict[str, Any]:
    lo, hi = wilson_interval(wins, games)
    return {
        "games": games,
        "wins": wins,
        "draws": draws,
        "losses": games - wins - draws,
        "win_rate": wins / games if games else None,
        "win_rate_ci95": [lo, hi],
    }


def compare_report(
    plan: ComparePlan,
    rounds: Sequence[CompareTally],
    *,
    reason: StopReason | None = None,
) -> dict[str, Any]:
    """The compare's own statistics from its rounds' tallies (``rounds[r]``: round *r*'s games;
    the rounds played so far): each arm's record against the field and each field entry, each
    variant's paired difference to the base, and the stop rule's state (``reason``: why it ended,
    ``None`` while it runs). The pairings, matrix and standings are the batch report's
    (:func:`compare_total` with :func:`compare_pairings`)."""
    total = compare_total(plan, rounds)
    arms = []
    for a, arm in enumerate(plan.arms):
        t = total.arm(a)
        arms.append(
            {
                "entrant": a,
                "label": arm.label,
                "role": "base" if a == 0 else "variant",
                "policy": arm.policy,
                **_rate(t.games, t.wins.get("A", 0), t.draws),
                "versus": [
                    {
                        "field": f,
                        "label": plan.field[f].label,
                        **_rate(vs.games, vs.wins.get("A", 0), vs.draws),
                    }
                    for f, vs in enumerate(total.tallies[a])
                ],
            }
        )
    differences = []
    for v in range(1, len(plan.arms)):
        diff = paired_difference(total.pairs[v - 1])
        entry: dict[str, Any] = {
            "variant": plan.arms[v].label,
            "entrant": v,
            "estimate": diff.estimate,
            "ci95": list(diff.ci95),
            "games": diff.games,
            "pairs": diff.pairs,
            "changed": diff.changed,
            "changed_share": diff.changed_share,
            "better": diff.better,
            "worse": diff.worse,
            "base_win_rate": arms[0]["win_rate"],
            "variant_win_rate": arms[v]["win_rate"],
            "significant": diff.significant,
        }
        if plan.stop is not None:
            state = variant_state([r.pairs[v - 1].pairs for r in rounds], plan.stop.margin, plan.stop.alpha)
            entry["cs95"] = list(state.cs95)
            entry["verdict"] = state.verdict.value
            entry["significant"] = state.significant
        differences.append(entry)
    stop: dict[str, Any] = {
        "sequential": plan.stop is not None,
        "margin": plan.stop.margin if plan.stop is not None else None,
        "first_round": plan.round_ends[0],
        "budget": plan.games,
        "rounds": plan.round_ends[: len(rounds)],
        "games_per_arm": total.arm(0).games,
        "reason": reason.value if reason is not None else None,
    }
    weight_sum = sum(plan.weights)
    return {
        "arms": arms,
        "field": [
            {
                "field": f,
                "entrant": len(plan.arms) + f,
                "label": e.label,
                "policy": e.policy,
                "weight": e.weight / weight_sum,
            }
            for f, e in enumerate(plan.field)
        ],
        "differences": differences,
        "stop": stop,
    }


def compare_total(plan: ComparePlan, rounds: Sequence[CompareTally]) -> CompareTally:
    """Every round's tally merged."""
    total = CompareTally.empty(len(plan.arms), len(plan.field))
    for r in rounds:
        total.merge(r)
    return total


# --- the local runner ---------------------------------------------------------------------------

_worker_batch: CompareBatch | None = None


def _init_worker(plan: ComparePlan) -> None:
    global _worker_batch
    _worker_batch = CompareBatch(plan)


def _play_in_worker(chunk: CompareChunk) -> tuple[CompareChunk, dict[str, Any]]:
    assert _worker_batch is not None
    return chunk, _worker_batch.play_chunk(chunk.start, chunk.stop).to_json()


def round_reason(plan: ComparePlan, rounds: Sequence[CompareTally]) -> StopReason | None:
    """Why the compare ends after its ``len(rounds)``-th round, or ``None`` to play the next."""
    played = plan.round_ends[len(rounds) - 1]
    if plan.stop is None:
        return StopReason.FIXED if played >= plan.games else None
    return stop_after_round(
        [[r.pairs[v].pairs for r in rounds] for v in range(len(plan.arms) - 1)], plan.stop, played
    )


def run_compare_local(
    plan: ComparePlan,
    *,
    processes: int | None = None,
    on_chunk: Callable[[CompareChunk, CompareTally], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> tuple[list[CompareTally], StopReason | None]:
    """Play a compare on this machine, round by round: each round's tally and why it ended
    (``None`` if ``should_stop`` abandoned it). ``processes``: worker processes (default: every
    core; 1 plays here); chunks are handed out one at a time, as Celery does."""
    rounds: list[CompareTally] = []
    processes = max(1, min(processes or os.cpu_count() or 1, len(plan.chunks)))

    def play_rounds(
        play: Callable[[list[CompareChunk]], Iterable[tuple[CompareChunk, CompareTally]]],
    ) -> StopReason | None:
        for r in range(len(plan.round_ends)):
            tally = CompareTally.empty(len(plan.arms), len(plan.field))
            for chunk, part in play(plan.chunks_of_round(r)):
                tally.merge(part)
                if on_chunk is not None:
                    on_chunk(chunk, part)
                if should_stop is not None and should_stop():
                    rounds.append(tally)
                    return None
            rounds.append(tally)
            reason = round_reason(plan, rounds)
            if reason is not None:
                return reason
        return None  # pragma: no cover - the last round always ends the compare

    if processes == 1:
        batch = CompareBatch(plan)
        reason = play_rounds(lambda chunks: ((c, batch.play_chunk(c.start, c.stop)) for c in chunks))
        return rounds, reason
    context = multiprocessing.get_context("spawn")  # as run_local: fresh interpreters, no copied connections
    with context.Pool(processes, initializer=_init_worker, initargs=(plan,)) as pool:

        def in_pool(chunks: list[CompareChunk]) -> Iterator[tuple[CompareChunk, CompareTally]]:
            for chunk, data in pool.imap_unordered(_play_in_worker, chunks, chunksize=1):
                yield chunk, CompareTally.from_json(data)

        reason = play_rounds(in_pool)
        pool.terminate()
    return rounds, reason
