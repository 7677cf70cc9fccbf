"""What to get next (docs/lab.md "What to get next"): rank the cards a collection lacks by the
simulated gain of the best legal deck that uses them, each with its 95 % interval from games it
was not selected on.

Pure and deterministic, a state machine over plain data like the optimizer (the same
:class:`~simulator.lab.search.Work`, played by the same runners and job machinery). The **base**
is a deck; the collection's copies decide the **target**:

- **improve** — the collection can build the base: the candidates are the cards it lacks (or
  holds too few copies of), each brought into the base by a swap — one copy of a card of the base
  for one copy of it, or a whole line for as many copies — into a deck that passes the deck rules
  with the candidate's copies granted (and every other copy owned). The gain of getting the card
  is that deck's win rate minus the base's.
- **complete** — the base uses copies the collection lacks: the candidates are those missing
  cards (and characters). For each, the base with its missing copies replaced by copies the
  collection does hold (another card, or another character), legal with the other missing
  copies granted. The gain of getting it is the base's win rate minus that replacement deck's.

**The search.** Each candidate gets up to :attr:`AcquireSettings.moves_per_card` of its decks,
drawn uniformly among the legal ones (seed (seed, "acquire", "moves")). Then:

1. **Selection** (seed (seed, "acquire", "select")): every candidate's decks race by successive
   halving against the base on the same games (common random numbers) — round *r* plays
   ``first_round_games × halving^r`` games of every deck still racing and of the base, each
   candidate keeps the best ``1/halving`` of its decks (by the mean paired difference to the
   base; for a replacement, the best replacement) — until each has one deck: "the best legal
   deck that uses it".
2. **Evaluation** (seed (seed, "acquire", "evaluate"), never played in the selection): the base
   and every candidate's deck on ``evaluate_games`` games: the paired difference and its 95 %
   interval — the gain and interval reported, free of the selection's winner's curse.

Candidates are ranked by that gain. The ranking itself picks the top of many noisy estimates:
read the first places' intervals, and confirm a close call with a compare on another seed.

When there are more candidates than the budget (or :attr:`AcquireSettings.cards`) allows, a
seeded random sample of them is ranked; the results say how many there were.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from simulator.engine.seeds import derive_seed
from simulator.lab.compare import CompareTally, FieldEntry
from simulator.lab.moves import CHARACTER, SWAP, SWAP_LINE, Composition, Constraints, Move, SparseShuffle
from simulator.lab.paired import PairTally, mean_of_counts, paired_difference
from simulator.lab.search import Work, WorkPlayer, run_search_local

#: The job kind (beside optimize).
ACQUIRE = "acquire"
IMPROVE, COMPLETE = "improve", "complete"
SELECT, EVALUATE, DONE = "select", "evaluate", "done"
#: A move that replaces a missing card's copies by owned copies of another (complete).
REPLACE = "replace"


class AcquireError(ValueError):
    """A ranking that cannot be run (no collection, a budget too small…)."""


@dataclass(frozen=True)
class AcquireSettings:
    """The ranking's parameters, each a **[decision]** (docs/lab.md "What to get next")."""

    #: Most candidates ranked (fewer when the budget cannot pay for them).
    cards: int = 16
    #: Decks raced per candidate to find the best one that uses it.
    moves_per_card: int = 4
    #: Games per deck in the selection's first round (even: seat-swapped pairs).
    first_round_games: int = 100
    #: Each round keeps 1/halving of a candidate's decks and plays halving × more games per deck.
    halving: int = 2
    #: Games per deck of the evaluation (fresh seeds): the reported gains' games.
    evaluate_games: int = 1_000

    def __post_init__(self) -> None:
        if self.cards < 1 or self.moves_per_card < 1 or self.halving < 2:
            raise AcquireError("at least 1 card and 1 deck per card, a halving factor of at least 2")
        for games in (self.first_round_games, self.evaluate_games):
            if games < 2 or games % 2:
                raise AcquireError("games per deck come in seat-swapped pairs: even numbers from 2")

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> AcquireSettings:
        return cls(**data)

    def rounds(self, decks: list[int]) -> list[tuple[int, int]]:
        """(decks racing, games per deck) of each selection round when candidate *i* has
        ``decks[i]`` decks; a candidate with one deck does not race."""
        alive = list(decks)
        out: list[tuple[int, int]] = []
        games = self.first_round_games
        while any(n > 1 for n in alive):
            out.append((sum(n for n in alive if n > 1), games))
            alive = [-(-n // self.halving) if n > 1 else n for n in alive]
            games *= self.halving
        return out

    def cost(self, decks: list[int]) -> int:
        """Games of a ranking whose candidates have ``decks`` decks each: the selection (its
        racing decks and the base, every round) and the evaluation (the base and one deck each)."""
        selection = sum((racing + 1) * games for racing, games in self.rounds(decks))
        return selection + (len(decks) + 1) * self.evaluate_games

    @property
    def min_budget(self) -> int:
        """One candidate with one deck, evaluated."""
        return 2 * self.evaluate_games


@dataclass(frozen=True)
class AcquireProblem:
    """What to rank: the base deck, the constraints (``owned``: the collection's copies, required;
    ``keep``: never taken out), the field, the budget, the seed, the AI policy, the game."""

    base: Composition
    constraints: Constraints
    field: tuple[FieldEntry, ...]
    budget: int
    seed: int
    policy: str = "greedy"
    game: str = "eredan"
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    settings: AcquireSettings = dataclasses.field(default_factory=AcquireSettings)

    @property
    def owned(self) -> Mapping[str, int]:
        if self.constraints.owned is None:
            raise AcquireError("a ranking of what to get next needs a collection")
        return self.constraints.owned

    @property
    def missing(self) -> dict[str, int]:
        """Copies of each card or character of the base the collection lacks."""
        owned = self.owned
        wanted = dict(self.base.cards) | dict.fromkeys(self.base.characters, 1)
        return {s: n - owned.get(s, 0) for s, n in sorted(wanted.items()) if n > owned.get(s, 0)}

    @property
    def target(self) -> str:
        return COMPLETE if self.missing else IMPROVE


@dataclass
class AcquireState:
    """Where a ranking stands, as plain data (stored on the job between works)."""

    phase: str
    items: list[str]
    moves: list[list[Move]]
    eligible: int
    round: int = 0
    alive: list[list[int]] = dataclasses.field(default_factory=list)
    totals: list[list[PairTally]] = dataclasses.field(default_factory=list)
    evaluation: list[dict[str, Any]] | None = None
    unranked: list[str] = dataclasses.field(default_factory=list)
    games: dict[str, int] = dataclasses.field(default_factory=lambda: {SELECT: 0, EVALUATE: 0})
    stop_reason: str | None = None

    @property
    def games_spent(self) -> int:
        return sum(self.games.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "items": list(self.items),
            "moves": [[m.to_json() for m in ms] for ms in self.moves],
            "eligible": self.eligible,
            "round": self.round,
            "alive": [list(a) for a in self.alive],
            "totals": [[t.to_json() for t in ts] for ts in self.totals],
            "evaluation": self.evaluation,
            "unranked": list(self.unranked),
            "games": dict(self.games),
            "stop_reason": self.stop_reason,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> AcquireState:
        return cls(
            phase=str(data["phase"]),
            items=[str(s) for s in data["items"]],
            moves=[[Move.from_json(m) for m in ms] for ms in data["moves"]],
            eligible=int(data["eligible"]),
            round=int(data["round"]),
            alive=[[int(i) for i in a] for a in data["alive"]],
            totals=[[PairTally.from_json(t) for t in ts] for ts in data["totals"]],
            evaluation=data["evaluation"],
            unranked=[str(s) for s in data["unranked"]],
            games={str(k): int(v) for k, v in data["games"].items()},
            stop_reason=data["stop_reason"],
        )


class Acquirer(WorkPlayer[AcquireProblem]):
    """The ranking of one :class:`AcquireProblem` (see the module's docstring)."""

    # --- candidates and their decks --------------------------------------------------------------

    def check(self) -> None:
        problem = self.problem
        if not problem.field:
            raise AcquireError("the field needs at least one opponent")
        granted = dict(problem.owned) | {s: problem.base.count(s) or 1 for s in problem.missing}
        result = dataclasses.replace(problem.constraints, owned=granted).validate(problem.base)
        if not result.valid:
            raise AcquireError(
                "the deck breaks the deck-building rules: " + "; ".join(v.message for v in result.violations)
            )
        if problem.budget < problem.settings.min_budget:
            raise AcquireError(
                f"a budget of {problem.budget:,} games is too small: at least {problem.settings.min_budget:,}"
            )

    def _seed(self, phase: str) -> int:
        return derive_seed(self.problem.seed, 0, "acquire", phase)

    def _raw_moves(self, item: str) -> tuple[list[Move], Constraints]:
        """Every raw deck of ``item`` (not yet validated) and the constraints it must pass."""
        problem = self.problem
        base, owned, constraints = problem.base, problem.owned, problem.constraints
        keep = constraints.keep
        outs = [s for s, _ in base.cards if s not in keep and s != item]
        moves: list[Move] = []
        if problem.target == IMPROVE:
            counts = base.counts
            for out in outs:
                if owned.get(item, 0) < counts.get(item, 0) + 1:
                    moves.append(Move(SWAP, ((out, 1),), ((item, 1),)))
                k = counts[out]
                if k >= 2 and item not in counts and owned.get(item, 0) < k:
                    moves.append(Move(SWAP_LINE, ((out, k),), ((item, k),)))
            granted = dict(owned) | {item: constraints.rules.copy_limit}
            return moves, dataclasses.replace(constraints, owned=granted)
        missing = problem.missing
        others = {s: base.count(s) or 1 for s in missing if s != item}
        granted = dict(owned) | others
        need = missing[item]
        if item in base.characters:
            position = base.characters.index(item)
            present = set(base.characters)
            for into in constraints.character_pool():
                if into not in present and owned.get(into, 0) > 0:
                    moves.append(Move(CHARACTER, ((item, 1),), ((into, 1),), position))
        else:
            for into in constraints.card_pool():
                if into != item and owned.get(into, 0) - base.count(into) >= need:
                    moves.append(Move(REPLACE, ((item, need),), ((into, need),)))
        return moves, dataclasses.replace(constraints, owned=granted)

    def _draw(self, item: str, rng: random.Random) -> list[Move]:
        """Up to ``moves_per_card`` legal decks of ``item``, uniformly among the legal ones
        (validating only what is drawn), each playable by the engine."""
        raw, constraints = self._raw_moves(item)
        shuffle = SparseShuffle(len(raw))
        chosen: list[Move] = []
        while shuffle.left and len(chosen) < self.problem.settings.moves_per_card:
            move = raw[shuffle.draw(rng)]
            deck = move.apply(self.problem.base)
            if constraints.legal(deck) and self.supported(deck):
                chosen.append(move)
        return chosen

    def _candidates(self) -> list[str]:
        """The cards (and, completing a deck, characters) the ranking could consider."""
        problem = self.problem
        if problem.target == COMPLETE:
            return [s for s in problem.missing if s not in problem.constraints.keep]
        owned = problem.owned
        return [
            s
            for s in problem.constraints.card_pool()
            if owned.get(s, 0) < problem.constraints.rules.copy_limit
        ]

    # --- the state machine -----------------------------------------------------------------------

    def start(self) -> AcquireState:
        """Draw the candidates (a seeded random order; each with its decks), as many as the budget
        and :attr:`AcquireSettings.cards` allow; the first work."""
        self.check()
        problem, settings = self.problem, self.problem.settings
        rng = random.Random(self._seed("moves"))
        candidates = self._candidates()
        order = list(candidates)
        if problem.target == IMPROVE:
            rng.shuffle(order)
        items: list[str] = []
        moves: list[list[Move]] = []
        unranked: list[str] = []
        eligible = 0
        for item in order:
            full = len(items) >= settings.cards
            if full or settings.cost([len(m) for m in moves] + [1]) > problem.budget:
                if problem.target == COMPLETE:
                    unranked.append(item)
                    continue
                break  # improving: the rest are not drawn (a sample of the candidates)
            drawn = self._draw(item, rng)
            if not drawn:
                if problem.target == COMPLETE:
                    unranked.append(item)  # no owned replacement: needed to build the deck at all
                continue
            eligible += 1
            if settings.cost([len(m) for m in moves] + [len(drawn)]) > problem.budget:
                continue
            items.append(item)
            moves.append(drawn)
        if problem.target == IMPROVE:
            eligible = len(candidates)  # how many were candidates (not all were drawn)
        state = AcquireState(
            phase=SELECT,
            items=items,
            moves=moves,
            eligible=eligible,
            alive=[list(range(len(m))) for m in moves],
            totals=[[PairTally() for _ in m] for m in moves],
            unranked=unranked,
        )
        self._next_phase(state)
        return state

    def _next_phase(self, state: AcquireState) -> None:
        if state.phase == SELECT and not any(len(a) > 1 for a in state.alive):
            state.phase = EVALUATE if state.items else DONE
            if not state.items:
                state.evaluation = []

    def _racing(self, state: AcquireState) -> list[tuple[int, int]]:
        """(candidate, deck) of every deck still racing, in order."""
        return [(i, m) for i, alive in enumerate(state.alive) if len(alive) > 1 for m in alive]

    def work(self, state: AcquireState) -> Work | None:
        problem, settings = self.problem, self.problem.settings
        if state.phase == SELECT:
            schedule = settings.rounds([len(m) for m in state.moves])
            offset = sum(games for _, games in schedule[: state.round])
            games = schedule[state.round][1]
            arms = (problem.base, *(state.moves[i][m].apply(problem.base) for i, m in self._racing(state)))
            return Work(SELECT, 0, state.round, self._seed(SELECT), offset, offset + games, arms)
        if state.phase == EVALUATE:
            arms = (
                problem.base,
                *(state.moves[i][alive[0]].apply(problem.base) for i, alive in enumerate(state.alive)),
            )
            return Work(EVALUATE, 0, 0, self._seed(EVALUATE), 0, settings.evaluate_games, arms)
        return None

    def advance(self, state: AcquireState, work: Work, tally: CompareTally) -> AcquireState:
        if work != self.work(state):
            raise AcquireError("this tally is not of the work the ranking is waiting for")
        if len(tally.pairs) != len(work.arms) - 1 or any(p.games != work.games_per_arm for p in tally.pairs):
            raise AcquireError("the tally does not hold every game of the work")
        state.games[work.phase] += work.games
        if work.phase == SELECT:
            for (i, m), pairs in zip(self._racing(state), tally.pairs, strict=True):
                state.totals[i][m].merge(pairs)
            halving = self.problem.settings.halving
            for i, alive in enumerate(state.alive):
                if len(alive) <= 1:
                    continue

                def rank(m: int, i: int = i) -> tuple[float, int]:
                    estimate = mean_of_counts(state.totals[i][m].pairs)
                    return (-(estimate if estimate is not None else -math.inf), m)

                state.alive[i] = sorted(sorted(alive, key=rank)[: -(-len(alive) // halving)])
            state.round += 1
            self._next_phase(state)
        elif work.phase == EVALUATE:
            state.evaluation = [_difference(pairs) for pairs in tally.pairs]
            state.phase = DONE
        return state

    def cancel(self, state: AcquireState) -> AcquireState:
        """Stop where it stands: no ranking (only the evaluation's games give one)."""
        if state.phase != DONE:
            state.stop_reason = "cancelled"
            state.phase = DONE
        return state

    @staticmethod
    def load(data: Mapping[str, Any]) -> AcquireState:
        return AcquireState.from_json(data)

    @staticmethod
    def dump(state: AcquireState) -> dict[str, Any]:
        return state.to_json()

    @staticmethod
    def spent(state: AcquireState) -> int:
        return state.games_spent

    # --- the report ------------------------------------------------------------------------------

    def report(self, state: AcquireState) -> dict[str, Any]:
        """The ranking (once evaluated): each candidate's gain with its interval, the deck it
        would go in and the copies to get; the selection's own (biased) estimate beside it."""
        problem = self.problem
        owned = problem.owned
        complete = problem.target == COMPLETE
        ranking: list[dict[str, Any]] = []
        for i, item in enumerate(state.items):
            best = state.alive[i][0] if len(state.alive[i]) == 1 else None
            entry: dict[str, Any] = {
                "card": item,
                "owned": owned.get(item, 0),
                "decks_raced": len(state.moves[i]),
                "deck": None,
                "move": None,
                "copies_to_get": None,
                "selection": None,
                "estimate": None,
                "ci95": None,
                "games": 0,
            }
            if best is not None:
                move = state.moves[i][best]
                deck = move.apply(problem.base)
                entry["move"] = move.to_json()
                entry["deck"] = (problem.base if complete else deck).to_json()
                if complete:  # the best deck without the missing copies: what getting it beats
                    entry["replacement"] = deck.to_json()
                used = problem.base.count(item) if complete else deck.count(item)
                if item in problem.base.characters:
                    used = 1
                entry["copies_to_get"] = max(0, used - owned.get(item, 0))
                total = state.totals[i][best]
                raced = mean_of_counts(total.pairs) if total.n_pairs else None
                entry["selection"] = {  # the race's own estimate: biased (the best of several)
                    "estimate": None if raced is None else (-raced if complete else raced) + 0.0,
                    "games": total.games,
                    "biased": True,
                }
            if state.evaluation is not None and i < len(state.evaluation):
                e = state.evaluation[i]
                sign = -1.0 if complete else 1.0
                lo, hi = e["ci95"]
                entry.update(
                    estimate=sign * e["estimate"] + 0.0,
                    ci95=sorted([sign * lo + 0.0, sign * hi + 0.0]),
                    games=e["games"],
                    changed=e["changed"],
                )
            ranking.append(entry)
        if state.evaluation is not None:
            ranking.sort(
                key=lambda r: (-(r["estimate"] if r["estimate"] is not None else -math.inf), r["card"])
            )
        for rank, entry in enumerate(ranking, start=1):
            entry["rank"] = rank if state.evaluation is not None else None
        weights = sum(f.weight for f in problem.field)
        return {
            "target": problem.target,
            "base": problem.base.to_json(),
            "missing": problem.missing,
            "phase": state.phase,
            "stop_reason": state.stop_reason,
            "candidates": state.eligible,
            "ranked": len(state.items),
            "ranking": ranking,
            "unranked": list(state.unranked),
            "games": {**state.games, "total": state.games_spent},
            "budget": problem.budget,
            "seed": problem.seed,
            "settings": problem.settings.to_json(),
            "field": [
                {"label": f.label, "policy": f.policy, "weight": f.weight / weights} for f in problem.field
            ],
            "policy": problem.policy,
            "keep": sorted(problem.constraints.keep),
        }


def _rank_key(entry: Mapping[str, Any]) -> tuple[float, str]:
    """Highest gain first (an unevaluated candidate last), then by slug."""
    estimate = entry["estimate"]
    return (-(estimate if estimate is not None else -math.inf), str(entry["card"]))


def _difference(pairs: PairTally) -> dict[str, Any]:
    diff = paired_difference(pairs)
    return {
        "estimate": diff.estimate,
        "ci95": list(diff.ci95),
        "games": diff.games,
        "pairs": diff.pairs,
        "changed": diff.changed,
    }


def run_acquire_local(
    problem: AcquireProblem, *, processes: int | None = None, chunk_games: int = 100
) -> tuple[Acquirer, AcquireState]:
    """Run a ranking on this machine (the same results whatever the processes and chunks)."""
    return run_search_local(Acquirer, problem, processes=processes, chunk_games=chunk_games)
