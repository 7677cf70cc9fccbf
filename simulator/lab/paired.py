"""Paired comparison of a variant deck to its base on common random numbers (docs/lab.md "Compare").

Game *i* of every arm is played with the same seed, the same opponent and the same seat, so the
two arms' results on game *i* form a **pair**; two identical arms give identical games.

- **The outcome of a game** is 1 when the arm won and 0 otherwise: **[decision]**
  :data:`DRAW_SCORE_COMPARE` = 0, a draw is not a win, as in every win rate of the project
  (``wins / games``), so the difference is exactly the difference of the two arms' reported win
  rates.
- **The unit of analysis is a seat-swapped pair of games** (games 2k and 2k+1: the same opponent,
  the arm first then second). Pairs are independent and identically distributed (the opponent of
  pair *k* is drawn from the field's weights with its own seed); single games are not (the seat
  alternates). The difference of pair *k* is the mean of its two games' differences:
  ``(d_2k + d_2k+1) / 2`` with ``d = won(variant) - won(base)``, one of
  :data:`PAIR_VALUES` = −1, −½, 0, ½, 1. A :class:`PairTally` counts pairs by value.
- **The estimate** is the mean pair difference (= variant's win rate − base's win rate).
- **The 95 % interval** (:func:`likelihood_interval`) is the profile-likelihood interval of the
  mean of the multinomial distribution of pair values: the means ``μ`` whose constrained maximum
  log-likelihood is within ``χ²₁(0.95) / 2`` of the unconstrained maximum (Wilks). Why this one:
  it uses the pairing (the variance of the *differences*, far below that of two independent
  rates), stays inside [−1, 1], and is not degenerate when no game changed (0 changed pairs out
  of N gives ``[-(1 - e^{-1.92/N}), 1 - e^{-1.92/N}]``, about ±1.92/N: a "rule of three" width,
  where a normal interval would claim ``[0, 0]``). It is asymptotic; for binary paired data it is
  the likelihood-ratio sibling of Tango's score interval, which behaves well from a few dozen
  pairs on.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from scipy.optimize import brentq

from simulator.engine.stats import wilson_interval

#: **[decision]** In a compare a draw scores 0 for the arm that drew (it is not a win): the
#: difference is then exactly the difference of the arms' win rates, ``wins / games`` as
#: everywhere in the results. A variant that only turns losses into draws shows no gain.
DRAW_SCORE_COMPARE = 0.0

#: The possible differences of a seat-swapped pair of games, in the order :class:`PairTally` counts them.
PAIR_VALUES: tuple[float, ...] = (-1.0, -0.5, 0.0, 0.5, 1.0)

#: ``χ²₁`` quantile for 95 %, halved: a profile log-likelihood drop of at most this is inside.
LR_THRESHOLD_95 = 3.841458820694124 / 2


def pair_value_index(d_first: int, d_second: int) -> int:
    """Index in :data:`PAIR_VALUES` of a pair whose games' differences are ``d_first`` and
    ``d_second`` (each −1, 0 or 1)."""
    return d_first + d_second + 2


@dataclass
class PairTally:
    """Counts of one variant against the base, mergeable in any order (sums only).

    ``pairs[k]``: pairs whose difference is ``PAIR_VALUES[k]``; ``changed``: games whose result
    (win, draw or loss) differs between the arms; ``better`` / ``worse``: games the variant won and
    the base did not, and the reverse."""

    pairs: list[int] = field(default_factory=lambda: [0] * len(PAIR_VALUES))
    changed: int = 0
    better: int = 0
    worse: int = 0

    @property
    def n_pairs(self) -> int:
        return sum(self.pairs)

    @property
    def games(self) -> int:
        return 2 * self.n_pairs

    def add_pair(self, base: tuple[float, float], variant: tuple[float, float]) -> None:
        """Add one seat-swapped pair: each arm's two game outcomes (1 win, ½ draw, 0 loss — the
        arm's score; a draw counts :data:`DRAW_SCORE_COMPARE` in the difference)."""
        ds: list[int] = []
        for b, v in zip(base, variant, strict=True):
            won_b, won_v = int(b == 1.0), int(v == 1.0)
            ds.append(won_v - won_b)
            self.changed += b != v
            self.better += won_v > won_b
            self.worse += won_b > won_v
        self.pairs[pair_value_index(ds[0], ds[1])] += 1

    def merge(self, other: PairTally) -> PairTally:
        self.pairs = [a + b for a, b in zip(self.pairs, other.pairs, strict=True)]
        self.changed += other.changed
        self.better += other.better
        self.worse += other.worse
        return self

    def to_json(self) -> list[int]:
        return [*self.pairs, self.changed, self.better, self.worse]

    @classmethod
    def from_json(cls, data: Sequence[int]) -> PairTally:
        k = len(PAIR_VALUES)
        return cls(pairs=list(data[:k]), changed=data[k], better=data[k + 1], worse=data[k + 2])


def mean_of_counts(counts: Sequence[int], values: Sequence[float] = PAIR_VALUES) -> float | None:
    n = sum(counts)
    return sum(c * x for c, x in zip(counts, values, strict=True)) / n if n else None


def profile_deficit(counts: Sequence[int], mu: float, values: Sequence[float] = PAIR_VALUES) -> float:
    """How far below its maximum the multinomial log-likelihood of ``counts`` (over the support
    ``values``, sorted) falls when the distribution's mean is constrained to ``mu``:
    ``ℓ(μ̂) − max{ℓ(π) : Σ π_k x_k = μ}``, ``inf`` where no distribution on the support with that
    mean gives the observed counts a positive probability.

    The constrained maximum puts ``π_k = n_k / (N (1 + t (x_k − μ)))`` on the observed values;
    ``t`` maximizes the concave dual ``Σ n_k log(1 + t (x_k − μ))`` over the ``t`` that keep every
    weight of the support non-negative (mass left over goes to the unobserved extreme value, where
    the multiplier vanishes), and the deficit is that maximum."""
    lo_x, hi_x = values[0], values[-1]
    observed = [(c, x - mu) for c, x in zip(counts, values, strict=True) if c > 0]
    if not observed:
        return 0.0
    if mu <= lo_x or mu >= hi_x:
        # At an end of the support all the mass is there: only counts there can be explained.
        edge = lo_x if mu <= lo_x else hi_x
        return 0.0 if mu == edge and all(a == 0.0 for _, a in observed) else math.inf

    def slope(t: float) -> float:
        return sum(c * a / (1.0 + t * a) for c, a in observed)

    def dual(t: float) -> float:
        return sum(c * math.log1p(t * a) for c, a in observed)

    g0 = slope(0.0)
    if g0 == 0.0:
        return 0.0
    # The feasible t: 1 + t (x − μ) ≥ 0 over the whole support, i.e. t ∈ [−1/(hi − μ), 1/(μ − lo)].
    end = 1.0 / (mu - lo_x) if g0 > 0 else -1.0 / (hi_x - mu)
    edge_value = (lo_x if g0 > 0 else hi_x) - mu
    if not any(a == edge_value for _, a in observed):
        # The dual stays finite up to the end of the feasible range; if it still rises there,
        # the maximum is at the end (the unobserved extreme value takes the remaining mass).
        if (slope(end) > 0) == (g0 > 0):
            return dual(end)
    else:
        # An observed value at the end makes the dual fall to −inf there: the root is inside.
        end *= 1.0 - 1e-15
        if (slope(end) > 0) == (g0 > 0):
            return dual(end)
    return dual(brentq(slope, 0.0, end, xtol=1e-15, rtol=1e-13, maxiter=500))


def likelihood_interval(
    counts: Sequence[int],
    values: Sequence[float] = PAIR_VALUES,
    threshold: float = LR_THRESHOLD_95,
) -> tuple[float, float]:
    """The profile-likelihood interval of the mean of ``counts`` over ``values``: every ``μ``
    whose :func:`profile_deficit` is at most ``threshold`` (95 % by default). The whole support
    when there is no data."""
    lo_x, hi_x = values[0], values[-1]
    mean = mean_of_counts(counts, values)
    if mean is None:
        return (lo_x, hi_x)

    def excess(mu: float) -> float:
        return profile_deficit(counts, mu, values) - threshold

    def bound(edge: float) -> float:
        if profile_deficit(counts, edge, values) <= threshold:
            return edge
        # excess < 0 at the mean, +inf (or > 0) at the edge: step in until finite for brentq.
        inner = edge
        for step in (1e-12, 1e-9, 1e-6, 1e-4, 1e-2):
            inner = edge + (mean - edge) * step
            if math.isfinite(excess(inner)):
                break
        if excess(inner) <= 0:
            return inner
        return float(brentq(excess, inner, mean, xtol=1e-12, rtol=1e-12, maxiter=500))

    lo = mean if mean == lo_x else bound(lo_x)
    hi = mean if mean == hi_x else bound(hi_x)
    return (min(lo, mean), max(hi, mean))


@dataclass(frozen=True)
class ArmRate:
    """One arm's own record against the field: wins (a draw is not a win) with the Wilson 95 %
    interval, as every win rate of the results."""

    games: int
    wins: int
    draws: int

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def to_json(self) -> dict[str, object]:
        lo, hi = self.ci95
        return {
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.games - self.wins - self.draws,
            "win_rate": self.win_rate,
            "win_rate_ci95": [lo, hi],
        }


@dataclass(frozen=True)
class PairedDifference:
    """A variant's difference to the base on the paired games (see the module's docstring)."""

    estimate: float | None
    ci95: tuple[float, float]
    games: int
    pairs: int
    changed: int
    better: int
    worse: int

    @property
    def changed_share(self) -> float | None:
        return self.changed / self.games if self.games else None

    @property
    def significant(self) -> bool:
        """The fixed-size interval excludes 0."""
        return self.ci95[0] > 0.0 or self.ci95[1] < 0.0


def paired_difference(tally: PairTally) -> PairedDifference:
    """Estimate and 95 % interval of variant − base from the pairs of ``tally``."""
    return PairedDifference(
        estimate=mean_of_counts(tally.pairs),
        ci95=likelihood_interval(tally.pairs),
        games=tally.games,
        pairs=tally.n_pairs,
        changed=tally.changed,
        better=tally.better,
        worse=tally.worse,
    )
