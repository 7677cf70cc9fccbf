"""The deck optimizer: local moves, successive halving on common random numbers, a confirmation
on fresh seeds (docs/lab.md "Optimizer").

Pure and deterministic: :class:`Optimizer` is a state machine over plain data. It says what to
play next (:meth:`Optimizer.work`: a set of decks, a seed and a range of game indices), is told
the tally of those games (:meth:`Optimizer.advance`) and decides — so the same seed gives the same
final deck whoever plays the games, in whatever chunks, on however many workers (the tallies are
sums). The local runner (:func:`run_optimize_local`) and the Celery job play the same work.

**The search.** From the incumbent deck (first the starting deck), each *step*:

1. draws :attr:`OptimizerSettings.candidates` moves among every legal move
   (:func:`simulator.lab.moves.draw_moves`: each candidate passes the deck validator, with the
   collection when one is given, and keeps the kept cards; decks already visited are left out),
   by kind with :attr:`OptimizerSettings.kind_weights`, then uniformly within a kind, with an RNG
   seeded from (seed, step) — only the moves drawn are validated, whatever the pool's size;
2. races them by **successive halving** on paired games: round *r* plays every surviving
   candidate *and* the incumbent on the same ``first_round_games × halving^r`` new games of the
   step's seed (common random numbers: game *i* has the same seed, opponent and seat for every
   deck); candidates are ranked by their mean paired difference to the incumbent over all their
   games so far, the best ``1/halving`` go on, until one is left;
3. **verifies** that finalist against the incumbent on ``verify_games`` games of a fresh seed: the
   move is accepted when that estimate is above :attr:`OptimizerSettings.accept_margin` (0). The
   races' own estimates are biased upward (the best of many noisy estimates); the verification's
   is not, and it is the gain the path of moves reports.

The search stops when the next step no longer fits the budget, after ``patience`` steps in a row
without an accepted move, or when no legal move is left.

**No winner's curse.** The reported gain of the final deck over the starting deck comes from a
last **confirmation** compare of the two on ``confirm_games`` games per deck of a seed the search
never used, with the paired 95 % interval (:func:`simulator.lab.paired.paired_difference`). When
no move was accepted the two decks are identical, so are their games: the difference is exactly
0 and its interval is computed without playing.

Seeds: every phase draws its games from its own seed, ``derive_seed(seed, step, "optimize",
phase)`` — ``search`` and ``verify`` per step, ``confirm`` once — so no two phases share a game.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from simulator.engine.protocol import Game
from simulator.engine.seeds import derive_seed
from simulator.engine.stats import CardMetricsTally, MatchTally, wilson_interval
from simulator.lab.compare import CompareTally, FieldEntry
from simulator.lab.moves import (
    ADD,
    CHARACTER,
    REMOVE,
    SWAP,
    SWAP_LINE,
    Composition,
    Constraints,
    Move,
    draw_moves,
)
from simulator.lab.paired import (
    PAIR_VALUES,
    PairTally,
    likelihood_interval,
    mean_of_counts,
    paired_difference,
)
from simulator.lab.search import Work, WorkPlayer, run_search_local

#: The job kind of a search for a better deck (beside matchup, gauntlet, round robin and compare).
OPTIMIZE = "optimize"

SEARCH, VERIFY, CONFIRM, DONE = "search", "verify", "confirm", "done"

#: Why a search ended.
STOP_BUDGET, STOP_PATIENCE, STOP_NO_MOVES, STOP_CANCELLED = "budget", "patience", "no_moves", "cancelled"


class OptimizeError(ValueError):
    """A problem the optimizer cannot take (an illegal starting deck, a budget too small…)."""


@dataclass(frozen=True)
class OptimizerSettings:
    """The algorithm's parameters, each a **[decision]** (docs/lab.md "Optimizer")."""

    #: Moves raced per step (fewer when fewer legal moves are left).
    candidates: int = 16
    #: Games per deck in a step's first halving round (even: seat-swapped pairs).
    first_round_games: int = 100
    #: Each round keeps 1/halving of the candidates and plays halving × more games per deck.
    halving: int = 2
    #: Fresh games per deck to verify a step's finalist against the incumbent.
    verify_games: int = 1_000
    #: Share of the budget kept for the final confirmation (at least ``min_confirm_games`` per deck).
    confirm_share: float = 0.2
    min_confirm_games: int = 1_000
    #: Steps in a row without an accepted move before the search stops (a local optimum).
    patience: int = 4
    #: A finalist is accepted when its verified gain (win-rate difference) is above this.
    accept_margin: float = 0.0
    #: How strongly the incumbent's card metrics steer what the moves take out (0: every card
    #: equally likely): a card's weight is exp(−sharpness × its shrunk improvement when drawn).
    proposal_sharpness: float = 8.0
    #: How often each kind of move is drawn (relative weights; a kind with no legal move is skipped).
    kind_weights: Mapping[str, float] = dataclasses.field(
        default_factory=lambda: {SWAP_LINE: 3.0, SWAP: 3.0, ADD: 1.0, REMOVE: 1.0, CHARACTER: 1.0}
    )

    def __post_init__(self) -> None:
        if self.candidates < 1 or self.halving < 2:
            raise OptimizeError("at least 1 candidate per step and a halving factor of at least 2")
        for games in (self.first_round_games, self.verify_games, self.min_confirm_games):
            if games < 2 or games % 2:
                raise OptimizeError("games per deck come in seat-swapped pairs: even numbers from 2")
        if not 0.0 < self.confirm_share < 1.0:
            raise OptimizeError("the confirmation's share of the budget is between 0 and 1")

    def rounds(self, candidates: int) -> list[tuple[int, int]]:
        """(survivors, games per deck) of each halving round for ``candidates`` moves: none for
        a single candidate (it goes straight to verification)."""
        out: list[tuple[int, int]] = []
        alive, games = candidates, self.first_round_games
        while alive > 1:
            out.append((alive, games))
            alive = -(-alive // self.halving)
            games *= self.halving
        return out

    def step_cost(self, candidates: int) -> int:
        """Games one step plays with ``candidates`` moves: every round's survivors and the
        incumbent, then the verification's two decks."""
        return sum((alive + 1) * games for alive, games in self.rounds(candidates)) + 2 * self.verify_games

    def to_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["kind_weights"] = dict(self.kind_weights)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> OptimizerSettings:
        return cls(**{**data, "kind_weights": dict(data["kind_weights"])})

    @property
    def min_budget(self) -> int:
        """The least budget that fits one verified move and the confirmation."""
        need_search = 2 * self.verify_games
        return max(
            need_search + 2 * self.min_confirm_games, math.ceil(need_search / (1.0 - self.confirm_share))
        )


@dataclass(frozen=True)
class OptimizeProblem:
    """What to optimize: the starting deck, the constraints every candidate meets, the field to
    beat (as in a compare), the AI policy of the decks, the game budget (every game played,
    the confirmation's included), the seed and the game's options."""

    start: Composition
    constraints: Constraints
    field: tuple[FieldEntry, ...]
    budget: int
    seed: int
    policy: str = "greedy"
    game: str = "eredan"
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    settings: OptimizerSettings = dataclasses.field(default_factory=OptimizerSettings)

    @property
    def confirm_games(self) -> int:
        """Games per deck of the confirmation (even)."""
        share = int(self.budget * self.settings.confirm_share) // 4 * 2
        return max(self.settings.min_confirm_games, share)

    @property
    def search_budget(self) -> int:
        return self.budget - 2 * self.confirm_games

    @property
    def min_budget(self) -> int:
        """The least budget that fits one verified move and the confirmation."""
        return self.settings.min_budget


@dataclass
class StepRecord:
    """One step of the search: its finalist, the races' estimate, the verification's."""

    step: int
    candidates: int
    move: Move
    search_estimate: float | None
    search_games: int
    verify: dict[str, Any]
    accepted: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "candidates": self.candidates,
            "move": self.move.to_json(),
            "search_estimate": self.search_estimate,
            "search_games": self.search_games,
            "verify": self.verify,
            "accepted": self.accepted,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> StepRecord:
        return cls(
            step=int(data["step"]),
            candidates=int(data["candidates"]),
            move=Move.from_json(data["move"]),
            search_estimate=data["search_estimate"],
            search_games=int(data["search_games"]),
            verify=dict(data["verify"]),
            accepted=bool(data["accepted"]),
        )


@dataclass
class OptimizerState:
    """Where a search stands, as plain data (stored on the job between rounds)."""

    incumbent: Composition
    phase: str = SEARCH
    step: int = 0
    round: int = 0
    candidates: list[Move] = dataclasses.field(default_factory=list)
    survivors: list[int] = dataclasses.field(default_factory=list)
    totals: list[PairTally] = dataclasses.field(default_factory=list)
    visited: list[Composition] = dataclasses.field(default_factory=list)
    steps: list[StepRecord] = dataclasses.field(default_factory=list)
    rejected_in_row: int = 0
    games: dict[str, int] = dataclasses.field(default_factory=lambda: {SEARCH: 0, VERIFY: 0, CONFIRM: 0})
    stop_reason: str | None = None
    confirmation: dict[str, Any] | None = None
    #: The incumbent's card metrics from its games so far (they weigh what the next moves take
    #: out: :func:`out_weights`); none until it has played.
    metrics: CardMetricsTally | None = None

    @property
    def games_spent(self) -> int:
        return sum(self.games.values())

    @property
    def accepted(self) -> list[StepRecord]:
        return [s for s in self.steps if s.accepted]

    def to_json(self) -> dict[str, Any]:
        return {
            "incumbent": self.incumbent.to_json(),
            "phase": self.phase,
            "step": self.step,
            "round": self.round,
            "candidates": [m.to_json() for m in self.candidates],
            "survivors": list(self.survivors),
            "totals": [t.to_json() for t in self.totals],
            "visited": [v.to_json() for v in self.visited],
            "steps": [s.to_json() for s in self.steps],
            "rejected_in_row": self.rejected_in_row,
            "games": dict(self.games),
            "stop_reason": self.stop_reason,
            "confirmation": self.confirmation,
            "metrics": self.metrics.to_json() if self.metrics is not None else None,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> OptimizerState:
        return cls(
            incumbent=Composition.from_json(data["incumbent"]),
            phase=str(data["phase"]),
            step=int(data["step"]),
            round=int(data["round"]),
            candidates=[Move.from_json(m) for m in data["candidates"]],
            survivors=[int(i) for i in data["survivors"]],
            totals=[PairTally.from_json(t) for t in data["totals"]],
            visited=[Composition.from_json(v) for v in data["visited"]],
            steps=[StepRecord.from_json(s) for s in data["steps"]],
            rejected_in_row=int(data["rejected_in_row"]),
            games={str(k): int(v) for k, v in data["games"].items()},
            stop_reason=data["stop_reason"],
            confirmation=data["confirmation"],
            metrics=CardMetricsTally.from_json(data["metrics"]) if data.get("metrics") else None,
        )


#: **[decision]** Pseudo-observations (copies) pulling each card's rates toward the deck's win rate
#: before the proposals compare them: a card seen in hand a handful of times weighs about 1.
PROPOSAL_PRIOR_COPIES = 20


def out_weights(metrics: CardMetricsTally | None, sharpness: float) -> dict[str, float]:
    """What each card's weight is when a move picks what to take out (docs/lab.md "Optimizer"):
    exp(−sharpness × d), d the card's **improvement when drawn** from the incumbent's games —
    its copies' win rate in hand minus never seen, each shrunk toward the deck's win rate by
    :data:`PROPOSAL_PRIOR_COPIES`. Cards whose copies in hand went with losses are proposed
    more often. A correlation, biased as docs/lab.md "Card metrics" says; it only chooses which
    moves to race — every move kept is measured on paired games."""
    if metrics is None or not metrics.games or sharpness == 0.0:
        return {}
    base = metrics.wins / metrics.games
    prior = PROPOSAL_PRIOR_COPIES

    def shrunk(wins: int, games: int) -> float:
        return (wins + prior * base) / (games + prior)

    weights = {}
    for card, row in metrics.cards.items():
        drawn, unseen = row["in_hand"], row["not_seen"]
        improvement = shrunk(drawn.wins, drawn.games) - shrunk(unseen.wins, unseen.games)
        weights[card] = math.exp(-sharpness * improvement)
    return weights


def _merged_metrics(metrics: CardMetricsTally | None, tally: CompareTally, arm: int) -> CardMetricsTally:
    """``metrics`` with arm ``arm``'s card metrics from ``tally`` added (side A is the arm)."""
    out = metrics if metrics is not None else CardMetricsTally()
    for versus in tally.tallies[arm]:
        seen = versus.card_metrics.get("A")
        if seen is not None:
            out.merge(seen)
    return out


def _estimate(tally: PairTally) -> float | None:
    return mean_of_counts(tally.pairs)


def _win_rate(tally: MatchTally) -> dict[str, Any]:
    """A deck's own record against the field (side A): wins / games, Wilson 95 % interval."""
    wins = tally.wins.get("A", 0)
    lo, hi = wilson_interval(wins, tally.games)
    return {
        "games": tally.games,
        "wins": wins,
        "rate": wins / tally.games if tally.games else None,
        "ci95": [lo, hi],
    }


def _difference_json(tally: PairTally) -> dict[str, Any]:
    diff = paired_difference(tally)
    return {
        "estimate": diff.estimate,
        "ci95": list(diff.ci95),
        "games": diff.games,
        "pairs": diff.pairs,
        "changed": diff.changed,
        "better": diff.better,
        "worse": diff.worse,
    }


class Optimizer(WorkPlayer[OptimizeProblem]):
    """The search of one :class:`OptimizeProblem` (see the module's docstring)."""

    problem: OptimizeProblem

    def __init__(self, problem: OptimizeProblem, *, game: Game | None = None) -> None:
        super().__init__(problem, game=game)

    # --- checks and decks ------------------------------------------------------------------------

    def check(self) -> None:
        """Refuse a problem that cannot be searched: an illegal start, a budget too small."""
        problem = self.problem
        result = problem.constraints.validate(problem.start)
        if not result.valid:
            raise OptimizeError(
                "the starting deck breaks the deck-building rules: "
                + "; ".join(v.message for v in result.violations)
            )
        if problem.budget < problem.min_budget:
            raise OptimizeError(
                f"a budget of {problem.budget:,} games is too small: at least {problem.min_budget:,} "
                "(one verified move and the confirmation)"
            )
        if not problem.field:
            raise OptimizeError("the field needs at least one opponent")

    # --- the state machine -----------------------------------------------------------------------

    def start(self) -> OptimizerState:
        """The state before any game: the first step's candidates drawn."""
        self.check()
        state = OptimizerState(incumbent=self.problem.start, visited=[self.problem.start])
        self._begin_step(state)
        return state

    def _seed(self, step: int, phase: str) -> int:
        return derive_seed(self.problem.seed, step, "optimize", phase)

    def _search_left(self, state: OptimizerState) -> int:
        return self.problem.search_budget - state.games[SEARCH] - state.games[VERIFY]

    def _draw(self, state: OptimizerState, count: int) -> list[Move]:
        """Up to ``count`` legal moves from the incumbent to decks not visited yet, drawn by kind
        (weights), then uniformly within the kind; all different, each playable by the engine
        (:func:`simulator.lab.moves.draw_moves`: only the moves drawn are validated)."""
        visited = set(state.visited)
        return draw_moves(
            state.incumbent,
            self.problem.constraints,
            count=count,
            rng=random.Random(self._seed(state.step, "moves")),
            weights=self.problem.settings.kind_weights,
            out_weights=out_weights(state.metrics, self.problem.settings.proposal_sharpness),
            accept=lambda deck: deck not in visited and self.supported(deck),
        )

    def _begin_step(self, state: OptimizerState) -> None:
        settings = self.problem.settings
        left = self._search_left(state)
        fits = max((m for m in range(1, settings.candidates + 1) if settings.step_cost(m) <= left), default=0)
        if fits == 0:
            self._end_search(state, STOP_BUDGET)
            return
        moves = self._draw(state, fits)
        if not moves:
            self._end_search(state, STOP_NO_MOVES)
            return
        state.candidates = moves
        state.survivors = list(range(len(moves)))
        state.totals = [PairTally() for _ in moves]
        state.round = 0
        state.phase = SEARCH if len(moves) > 1 else VERIFY

    def _end_search(self, state: OptimizerState, reason: str) -> None:
        state.stop_reason = reason
        state.candidates, state.survivors, state.totals = [], [], []
        state.phase = CONFIRM
        if state.incumbent == self.problem.start:
            # Identical decks play identical games: the difference is exactly 0, nothing to play.
            state.confirmation = self._confirmation_of_identical()
            state.phase = DONE

    def _confirmation_of_identical(self) -> dict[str, Any]:
        pairs = self.problem.confirm_games // 2
        counts = [0] * len(PAIR_VALUES)
        counts[PAIR_VALUES.index(0.0)] = pairs
        lo, hi = likelihood_interval(counts)
        return {
            "estimate": 0.0,
            "ci95": [lo, hi],
            "games": 2 * pairs,
            "pairs": pairs,
            "changed": 0,
            "better": 0,
            "worse": 0,
            "played": False,
            "seed": self._seed(0, CONFIRM),
        }

    def work(self, state: OptimizerState) -> Work | None:
        """What to play next, or None when the search is over."""
        problem = self.problem
        if state.phase == SEARCH:
            rounds = problem.settings.rounds(len(state.candidates))
            offset = sum(games for _, games in rounds[: state.round])
            games = rounds[state.round][1]
            arms = (state.incumbent, *(state.candidates[i].apply(state.incumbent) for i in state.survivors))
            return Work(
                SEARCH, state.step, state.round, self._seed(state.step, SEARCH), offset, offset + games, arms
            )
        if state.phase == VERIFY:
            finalist = state.candidates[state.survivors[0]].apply(state.incumbent)
            seed = self._seed(state.step, VERIFY)
            return Work(
                VERIFY, state.step, 0, seed, 0, problem.settings.verify_games, (state.incumbent, finalist)
            )
        if state.phase == CONFIRM:
            arms = (problem.start, state.incumbent)
            return Work(CONFIRM, state.step, 0, self._seed(0, CONFIRM), 0, problem.confirm_games, arms)
        return None

    def advance(self, state: OptimizerState, work: Work, tally: CompareTally) -> OptimizerState:
        """The state after ``work`` was played (``tally``: every game of it, merged)."""
        if work != self.work(state):
            raise OptimizeError("this tally is not of the work the search is waiting for")
        if len(tally.pairs) != len(work.arms) - 1 or any(p.games != work.games_per_arm for p in tally.pairs):
            raise OptimizeError("the tally does not hold every game of the work")
        state.games[work.phase] += work.games
        settings = self.problem.settings
        if work.phase == SEARCH:
            state.metrics = _merged_metrics(state.metrics, tally, 0)
            for i, pairs in zip(state.survivors, tally.pairs, strict=True):
                state.totals[i].merge(pairs)

            def rank(i: int) -> tuple[float, int]:
                estimate = _estimate(state.totals[i])
                return (-(estimate if estimate is not None else -math.inf), i)

            keep = -(-len(state.survivors) // settings.halving)
            state.survivors = sorted(sorted(state.survivors, key=rank)[:keep])
            if len(state.survivors) == 1:
                state.phase = VERIFY
            else:
                state.round += 1
        elif work.phase == VERIFY:
            finalist = state.survivors[0]
            move = state.candidates[finalist]
            verified = _difference_json(tally.pairs[0])
            accepted = verified["estimate"] is not None and verified["estimate"] > settings.accept_margin
            search = state.totals[finalist]
            state.steps.append(
                StepRecord(
                    step=state.step,
                    candidates=len(state.candidates),
                    move=move,
                    search_estimate=_estimate(search) if search.n_pairs else None,
                    search_games=search.games,
                    verify={**verified, "seed": work.seed},
                    accepted=accepted,
                )
            )
            if accepted:
                state.incumbent = move.apply(state.incumbent)
                state.visited.append(state.incumbent)
                state.rejected_in_row = 0
                state.metrics = _merged_metrics(None, tally, 1)  # the new incumbent's own games
            else:
                state.rejected_in_row += 1
                state.metrics = _merged_metrics(state.metrics, tally, 0)
            state.step += 1
            if state.rejected_in_row >= settings.patience:
                self._end_search(state, STOP_PATIENCE)
            else:
                self._begin_step(state)
        elif work.phase == CONFIRM:
            state.confirmation = {
                **_difference_json(tally.pairs[0]),
                "played": True,
                "seed": work.seed,
                "start_win_rate": _win_rate(tally.arm(0)),
                "final_win_rate": _win_rate(tally.arm(1)),
            }
            state.phase = DONE
        return state

    def cancel(self, state: OptimizerState) -> OptimizerState:
        """Stop where it stands: the incumbent — the best deck so far — is the result, without a
        confirmation (none was played)."""
        if state.phase != DONE:
            state.stop_reason = state.stop_reason or STOP_CANCELLED
            state.phase = DONE
        return state

    # --- the report ------------------------------------------------------------------------------

    @staticmethod
    def estimated_gain(state: OptimizerState) -> dict[str, Any]:
        """The best deck's gain as the search saw it: the sum of the accepted moves' verified
        gains — **biased upward**, shown beside the confirmed gain, never instead of it."""
        return {
            "estimate": sum((s.verify["estimate"] or 0.0) for s in state.accepted),
            "biased": True,
            "note": "the sum of the accepted moves' verified gains: a move was kept because its "
            "verification came out above the margin, so the sum overstates the gain (the winner's "
            "curse); the confirmed gain, on games the search never played, is the one to trust",
        }

    @staticmethod
    def load(data: Mapping[str, Any]) -> OptimizerState:
        """A state stored as :meth:`OptimizerState.to_json`."""
        return OptimizerState.from_json(data)

    @staticmethod
    def dump(state: OptimizerState) -> dict[str, Any]:
        return state.to_json()

    @staticmethod
    def spent(state: OptimizerState) -> int:
        """Games played so far (every phase's)."""
        return state.games_spent

    def report(self, state: OptimizerState) -> dict[str, Any]:
        """The results: the final deck, the path of accepted moves (each with its verified gain),
        every step, the games spent by phase and the confirmed gain with its 95 % interval."""
        problem = self.problem
        weights = sum(f.weight for f in problem.field)
        return {
            "start": problem.start.to_json(),
            "final": state.incumbent.to_json(),
            "phase": state.phase,
            "stop_reason": state.stop_reason,
            "search": {
                "step": state.step,
                "round": state.round,
                "candidates": len(state.candidates),
                "racing": len(state.survivors),
                "accepted": len(state.accepted),
            },
            "path": [s.to_json() for s in state.accepted],
            "steps": [s.to_json() for s in state.steps],
            "estimated_gain": self.estimated_gain(state),
            "games": {**state.games, "total": state.games_spent},
            "budget": problem.budget,
            "confirm_games": problem.confirm_games,
            "confirmation": state.confirmation,
            "seed": problem.seed,
            "settings": problem.settings.to_json(),
            "field": [
                {
                    "label": f.label,
                    "policy": f.policy,
                    "weight": f.weight / weights,
                }
                for f in problem.field
            ],
            "policy": problem.policy,
            "constraints": {
                "collection": problem.constraints.owned is not None,
                "keep": sorted(problem.constraints.keep),
                "characters_may_change": problem.constraints.characters_may_change,
            },
        }


# --- playing the work ---------------------------------------------------------------------------


def run_optimize_local(
    problem: OptimizeProblem,
    *,
    processes: int | None = None,
    chunk_games: int = 100,
    on_work: Callable[[Work, OptimizerState], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> tuple[Optimizer, OptimizerState]:
    """Run a search on this machine: each work in chunks of ``chunk_games`` games per deck, over
    ``processes`` processes (default: every core; 1 plays here). The same seed gives the same
    result whatever the processes and chunks. ``on_work`` sees each work once played."""
    return run_search_local(
        Optimizer,
        problem,
        processes=processes,
        chunk_games=chunk_games,
        on_work=on_work,
        should_stop=should_stop,
    )
