"""Sequential stopping of a compare: rounds of games until every difference is resolved.

**Method** (docs/lab.md "Sequential stopping"): an anytime-valid *confidence sequence* for each
variant's difference, the predictable plug-in empirical-Bernstein confidence sequence of
Waudby-Smith & Ramdas ("Estimating means of bounded random variables by betting", JRSS B 2024,
§3.2, "PrPl-EB"), with its bets held fixed within a round:

- a pair's difference ``δ ∈ [−1, 1]`` is mapped to ``X = (δ + 1) / 2 ∈ [0, 1]``;
- round *r* bets ``λ_r = min(c, sqrt(2 log(2/α) / (σ̂²_{r−1} N_r)))`` on each of its pairs, where
  ``N_r`` is the number of pairs at the end of the round and ``σ̂²_{r−1}`` (with ``μ̂_{r−1}``) is
  the regularized variance (mean) of the pairs of the rounds *before* it — predictable, as the
  theorem requires, so the interval is valid at every game, whatever the rounds were;
- after round *R*: centre ``Σ λ_i X_i / Σ λ_i``, half-width
  ``(log(2/α) + Σ (X_i − μ̂_{i−1})² (−log(1 − λ_i) − λ_i)) / Σ λ_i``, intersected with the
  previous rounds' intervals (the running intersection is valid too).

With the bets constant per round, these sums need only each round's counts of pair values, so
the sequence is a pure function of the games, the same whatever the chunking.

**Guarantee**: for each variant, the probability that its sequence *ever* (at any round, however
the rounds are chosen) excludes the true difference is at most α — in particular, with no true
difference, the chance of ever stopping on a "significant" result is at most α, where testing a
fixed-size interval after every round would exceed it. The pairs must be independent and
identically distributed (:mod:`simulator.lab.paired` says why they are). There is no correction
for several variants: each has its own 5 % (docs/lab.md "Several variants").

**Never more significant than a fixed-size test**: a variant is *significant* only when its
confidence sequence **and** the fixed-size interval of the same games
(:func:`simulator.lab.paired.likelihood_interval`) both exclude 0 on the same side.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from simulator.lab.paired import PAIR_VALUES, PairTally, likelihood_interval

#: Error rate of each interval: 95 % intervals and sequences.
ALPHA = 0.05

#: Truncation of the bets (the ``c`` of PrPl-EB; 1/2 as Waudby-Smith & Ramdas recommend).
MAX_BET = 0.5

#: **[decision]** Games per arm of a sequential compare's first round when the request does not
#: say (then each round doubles the games played so far, up to the budget).
DEFAULT_FIRST_ROUND_GAMES = 1_000

#: **[decision]** Each round ends at this multiple of the previous round's end: few looks (their
#: number grows with the logarithm of the budget), each with plenty of new games.
ROUND_GROWTH = 2

# The pair values on [0, 1].
_UNIT_VALUES = tuple((x + 1.0) / 2.0 for x in PAIR_VALUES)


def round_ends(first_round: int, budget: int) -> list[int]:
    """Games per arm at the end of each round: ``first_round``, then ×:data:`ROUND_GROWTH` up to
    ``budget`` (all even: games come in seat-swapped pairs; the last is ``budget``)."""
    if first_round < 2 or budget < 2 or first_round % 2 or budget % 2:
        raise ValueError("rounds and budget are whole numbers of pairs (even, at least 2)")
    ends = [min(first_round, budget)]
    while ends[-1] < budget:
        ends.append(min(budget, ends[-1] * ROUND_GROWTH))
    return ends


def confidence_sequence(rounds: Sequence[Sequence[int]], alpha: float = ALPHA) -> list[tuple[float, float]]:
    """The confidence sequence of the mean pair difference after each round, from each round's
    own counts of pairs by value (:data:`PAIR_VALUES`); the whole range ``[−1, 1]`` until there
    are pairs."""
    log_term = math.log(2.0 / alpha)
    weighted_sum = 0.0  # Σ λ_i X_i
    bet_sum = 0.0  # Σ λ_i
    penalty = 0.0  # Σ (X_i − μ̂_{i−1})² (−log(1 − λ_i) − λ_i)
    seen = 0  # pairs before this round
    seen_sum = 0.0  # Σ X over them
    seen_sq = 0.0  # Σ (X − μ̂)² over them, each against the mean of the rounds before it
    lo, hi = 0.0, 1.0
    out: list[tuple[float, float]] = []
    for counts in rounds:
        n = sum(counts)
        mu_prev = (0.5 + seen_sum) / (seen + 1)
        var_prev = (0.25 + seen_sq) / (seen + 1)
        if n:
            target = seen + n
            bet = min(MAX_BET, math.sqrt(2.0 * log_term / (max(var_prev, 1e-12) * target)))
            psi = -math.log1p(-bet) - bet
            round_sum = sum(c * x for c, x in zip(counts, _UNIT_VALUES, strict=True))
            round_sq = sum(c * (x - mu_prev) ** 2 for c, x in zip(counts, _UNIT_VALUES, strict=True))
            weighted_sum += bet * round_sum
            bet_sum += bet * n
            penalty += psi * round_sq
            seen += n
            seen_sum += round_sum
            seen_sq += round_sq
            centre = weighted_sum / bet_sum
            half = (log_term + penalty) / bet_sum
            lo, hi = max(lo, centre - half), min(hi, centre + half)
            if lo > hi:  # the running intersection emptied (an event of probability ≤ α)
                lo = hi = min(max(centre, lo), hi)
        out.append((2.0 * lo - 1.0, 2.0 * hi - 1.0))
    return out


class Verdict(StrEnum):
    """Where a variant's difference stands after a round."""

    BETTER = "better"  # significantly above the base
    WORSE = "worse"  # significantly below
    WITHIN_MARGIN = "within_margin"  # its sequence's half-width is below the margin
    OPEN = "open"  # none of these yet


class StopReason(StrEnum):
    RESOLVED = "resolved"  # every variant better, worse or within the margin
    BUDGET = "budget"  # the game budget ended first
    FIXED = "fixed"  # not sequential: the games asked for were played


@dataclass(frozen=True)
class StopRule:
    """``"stop": {"margin": m, "first_round": g}``: rounds until every difference is resolved, at
    most ``budget`` games per arm (the job's ``games``)."""

    margin: float
    budget: int
    first_round: int = DEFAULT_FIRST_ROUND_GAMES
    alpha: float = ALPHA

    @property
    def ends(self) -> list[int]:
        return round_ends(min(self.first_round, self.budget), self.budget)


@dataclass(frozen=True)
class SequentialState:
    """One variant after a round: its confidence sequence, the fixed interval, its verdict."""

    cs95: tuple[float, float]
    ci95: tuple[float, float]
    verdict: Verdict

    @property
    def significant(self) -> bool:
        return self.verdict in (Verdict.BETTER, Verdict.WORSE)


def variant_state(rounds: Sequence[Sequence[int]], margin: float, alpha: float = ALPHA) -> SequentialState:
    """The verdict on one variant from its rounds' pair counts (``rounds[r]``: counts of round
    *r* alone). Significant only if the sequence and the fixed-size interval of all the pairs
    both exclude 0 on the same side."""
    lo, hi = confidence_sequence(rounds, alpha)[-1] if rounds else (-1.0, 1.0)
    total = [sum(col) for col in zip(*rounds, strict=True)] if rounds else [0] * len(PAIR_VALUES)
    ci = likelihood_interval(total)
    if lo > 0.0 and ci[0] > 0.0:
        verdict = Verdict.BETTER
    elif hi < 0.0 and ci[1] < 0.0:
        verdict = Verdict.WORSE
    elif (hi - lo) / 2.0 < margin:
        verdict = Verdict.WITHIN_MARGIN
    else:
        verdict = Verdict.OPEN
    return SequentialState(cs95=(lo, hi), ci95=ci, verdict=verdict)


def stop_after_round(
    variants: Sequence[Sequence[Sequence[int]]], rule: StopRule, games_done: int
) -> StopReason | None:
    """Whether a sequential compare stops after the round that ended at ``games_done`` games per
    arm: :attr:`StopReason.RESOLVED` when no variant is open, :attr:`StopReason.BUDGET` when the
    budget is spent, else ``None`` (play the next round)."""
    if all(variant_state(rounds, rule.margin, rule.alpha).verdict != Verdict.OPEN for rounds in variants):
        return StopReason.RESOLVED
    if games_done >= rule.budget:
        return StopReason.BUDGET
    return None


def rounds_of(tallies: Sequence[PairTally]) -> list[list[int]]:
    """Pair counts of each round, from the round's :class:`PairTally` (for :func:`variant_state`)."""
    return [list(t.pairs) for t in tallies]


__all__ = [
    "ALPHA",
    "DEFAULT_FIRST_ROUND_GAMES",
    "ROUND_GROWTH",
    "SequentialState",
    "StopReason",
    "StopRule",
    "Verdict",
    "confidence_sequence",
    "round_ends",
    "rounds_of",
    "stop_after_round",
    "variant_state",
]
