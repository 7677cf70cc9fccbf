"""Metagame: which deck to bring, from a round robin's matrix (docs/lab.md "Metagame").

The **deck-choice game**: each player secretly picks one of the entrants; the payoff of picking
*i* against *j* is *i*'s **score** against *j*, ``(wins + ½ draws) / games`` (**[decision]**
:data:`DRAW_SCORE_METAGAME` = ½: the game must be constant-sum, score(i, j) + score(j, i) = 1, so
a draw is worth half a win to each side here — unlike the win rates of the tables), and ½ for a
mirror match (the same deck on both sides wins half, by symmetry: the round robin does not play
mirrors).

- :func:`nash_equilibrium` solves the symmetric zero-sum game ``A = S − ½`` exactly with the
  simplex/interior-point solver HiGHS (``scipy.optimize.linprog``): maximize ``v`` subject to
  ``Σ_i x_i A_ij ≥ v`` for every column ``j``, ``Σ x = 1``, ``x ≥ 0``. Its weights are a mixed
  strategy no single entrant beats on average; its **value** (in score) is ½ for a symmetric
  game — reported as a check. A strictly dominated entrant gets weight 0. The equilibrium of a
  generic matrix is unique; with ties the solver returns one of them.
- :func:`field_scores`: each entrant's expected score against a field given as weights (default
  uniform; the Nash mix), with a normal 95 % interval from the cells' binomial variances.
- :func:`replicator_forecast`: discrete-time replicator dynamics — a field that copies its
  winners in proportion to their scores — from a starting field, as a forecast of how the field
  shifts, not an equilibrium (it can cycle around one).

The matrix is estimated: the Nash weights carry its noise (an entrant one game from dominated can
swing from 0 to a large weight); read them with the matrix's game counts in mind.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from scipy.optimize import linprog

from simulator.engine.stats import Z_95

#: **[decision]** In the metagame (and the ratings) a draw is worth half a win to each side.
DRAW_SCORE_METAGAME = 0.5

#: Weights below this are the solver's rounding: they are 0.
WEIGHT_EPSILON = 1e-9

#: Generations reported by :func:`replicator_forecast`.
REPLICATOR_GENERATIONS = (1, 2, 5, 10, 20, 50)

Matrix = Sequence[Sequence[float]]


def score_matrix(
    wins: Sequence[Sequence[int]], draws: Sequence[Sequence[int]], games: Sequence[Sequence[int]]
) -> list[list[float | None]]:
    """``S[i][j]``: *i*'s score against *j* (½ on the diagonal; ``None`` where nothing was played)."""
    n = len(games)
    out: list[list[float | None]] = [[None] * n for _ in range(n)]
    for i in range(n):
        out[i][i] = 0.5
        for j in range(n):
            if i != j and games[i][j]:
                out[i][j] = (wins[i][j] + DRAW_SCORE_METAGAME * draws[i][j]) / games[i][j]
    return out


@dataclass(frozen=True)
class NashMix:
    weights: tuple[float, ...]
    value: float  # the mix's guaranteed score (½ for a symmetric game)

    @property
    def support(self) -> tuple[int, ...]:
        return tuple(i for i, w in enumerate(self.weights) if w > 0.0)


def nash_equilibrium(scores: Matrix) -> NashMix:
    """The Nash equilibrium of the symmetric deck-choice game of ``scores`` (a full matrix)."""
    s = np.asarray(scores, dtype=float)
    n = s.shape[0]
    if s.shape != (n, n) or n == 0 or not np.isfinite(s).all():
        raise ValueError("a full square matrix of scores is needed")
    # Exactly antisymmetric whatever the rounding: (S − Sᵀ)/2 = S − ½ when S + Sᵀ = 1.
    a = (s - s.T) / 2.0
    # Variables (x_0 … x_{n−1}, v); minimize −v.
    c = np.zeros(n + 1)
    c[-1] = -1.0
    a_ub = np.hstack([-a.T, np.ones((n, 1))])  # v − Σ_i x_i A_ij ≤ 0 for each column j
    b_ub = np.zeros(n)
    a_eq = np.hstack([np.ones((1, n)), np.zeros((1, 1))])
    bounds = [(0.0, None)] * n + [(None, None)]
    result = linprog(c, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=[1.0], bounds=bounds, method="highs")
    if not result.success or result.x is None:  # pragma: no cover - a bounded feasible LP solves
        raise RuntimeError(f"linprog failed: {result.message}")
    solution = np.asarray(result.x, dtype=float)
    x = np.where(solution[:n] < WEIGHT_EPSILON, 0.0, solution[:n])
    x = x / x.sum()
    return NashMix(weights=tuple(float(w) for w in x), value=0.5 + float(solution[-1]))


@dataclass(frozen=True)
class FieldScore:
    score: float
    ci95: tuple[float, float]


def field_scores(
    scores: Matrix, games: Sequence[Sequence[int]], weights: Sequence[float]
) -> list[FieldScore]:
    """Each entrant's expected score against a field drawn with ``weights`` (normalized), with a
    normal 95 % interval: ``Σ_j w_j S_ij`` has variance ``Σ_j w_j² S_ij(1 − S_ij)/n_ij`` (the
    cells are independent samples; the mirror cell is exactly ½)."""
    total = float(sum(weights))
    if total <= 0 or any(w < 0 for w in weights):
        raise ValueError("field weights must be non-negative and not all 0")
    w = [x / total for x in weights]
    out = []
    for i, row in enumerate(scores):
        mean = sum(wj * sij for wj, sij in zip(w, row, strict=True))
        var = sum(
            wj * wj * sij * (1.0 - sij) / games[i][j]
            for j, (wj, sij) in enumerate(zip(w, row, strict=True))
            if j != i and games[i][j]
        )
        half = Z_95 * math.sqrt(var)
        out.append(FieldScore(mean, (max(0.0, mean - half), min(1.0, mean + half))))
    return out


def replicator_forecast(
    scores: Matrix,
    start: Sequence[float] | None = None,
    generations: Sequence[int] = REPLICATOR_GENERATIONS,
) -> list[tuple[int, tuple[float, ...]]]:
    """The field after each of ``generations`` steps of ``x'_i = x_i (S x)_i / (xᵀ S x)``, from
    ``start`` (default: uniform)."""
    s = np.asarray(scores, dtype=float)
    n = s.shape[0]
    x = np.full(n, 1.0 / n) if start is None else np.asarray(start, dtype=float) / float(sum(start))
    out: list[tuple[int, tuple[float, ...]]] = []
    wanted = sorted(set(generations))
    step = 0
    for target in wanted:
        while step < target:
            fitness = s @ x
            x = x * fitness / float(x @ fitness)
            step += 1
        out.append((target, tuple(float(v) for v in x)))
    return out


def metagame_report(
    labels: Sequence[str],
    wins: Sequence[Sequence[int]],
    draws: Sequence[Sequence[int]],
    games: Sequence[Sequence[int]],
    *,
    field: Mapping[str, float] | None = None,
) -> dict[str, object] | None:
    """The ``"metagame"`` of a round robin's results: the Nash mix, every entrant's score against
    the uniform field, the Nash mix and (if given) the user's field, and the replicator forecast.
    ``None`` until every pairing has games."""
    matrix = score_matrix(wins, draws, games)
    if any(v is None for row in matrix for v in row):
        return None
    full: list[list[float]] = [[float(v) for v in row if v is not None] for row in matrix]
    nash = nash_equilibrium(full)
    fields: list[tuple[str, list[float]]] = [
        ("uniform", [1.0] * len(labels)),
        ("nash", list(nash.weights)),
    ]
    if field:
        fields.append(("given", [float(field.get(label, 0.0)) for label in labels]))
    vs_field = []
    for name, weights in fields:
        rows = field_scores(full, games, weights)
        total = sum(weights)
        vs_field.append(
            {
                "field": name,
                "weights": {label: w / total for label, w in zip(labels, weights, strict=True)},
                "scores": [
                    {"entrant": i, "label": labels[i], "score": r.score, "ci95": list(r.ci95)}
                    for i, r in enumerate(rows)
                ],
            }
        )
    return {
        "draw_score": DRAW_SCORE_METAGAME,
        "scores": full,
        "nash": {
            "weights": dict(zip(labels, nash.weights, strict=True)),
            "support": [labels[i] for i in nash.support],
            "value": nash.value,
        },
        "vs_field": vs_field,
        "replicator": [
            {"generation": g, "weights": dict(zip(labels, x, strict=True))}
            for g, x in replicator_forecast(full)
        ],
    }
