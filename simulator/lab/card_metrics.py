"""Card metrics of a deck, as 17lands reports them for human games, with intervals and shrinkage.

For every card of an entrant's deck, **each copy** of the card in each game is one observation
(17lands counts per copy: two copies drawn in a won game are two wins "when drawn"), of one of
these kinds, each with its win rate:

- ``opening_hand`` — the copy was in the opening hand;
- ``drawn`` — drawn later in the game (17lands' "GD", games drawn);
- ``in_hand`` — either (17lands' "GIH", games in hand);
- ``played`` — the copy was played;
- ``not_seen`` — never in hand ("GNS");
- ``iwd`` — improvement when drawn: ``in_hand`` rate − ``not_seen`` rate (17lands' IWD).

Each rate comes with its games (observations), wins, the Wilson 95 % interval, and an
**empirical-Bayes shrunk** rate toward the deck's own win rate: ``(wins + k p₀) / (games + k)``,
where ``p₀`` is the deck's win rate in these games and the prior weight ``k`` (in games) is
estimated from how much the cards' rates spread beyond binomial noise (beta-binomial method of
moments, :func:`prior_weight`); ``k`` is reported with the metrics. A rate (and its interval)
is shown only from :data:`MIN_METRIC_GAMES` observations on (**[decision]**).

A win is a win: a draw counts as not won (as every win rate of the results).

What these numbers are biased by (docs/lab.md "Card metrics"): they are *observational*. A card
drawn "later" was drawn in a longer game; a card "played" was playable. Cards that matter in long
games look better when drawn, cheap cards look worse; copies of one game are not independent (the
interval treats them as if they were, so it is too narrow for cards with several copies). For the
causal answer — what does this card do for the deck? — run a compare (swap it out).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from simulator.engine.stats import CARD_OBSERVATIONS, Z_95, CardMetricsTally, CountPair, wilson_interval

#: **[decision]** A metric's rate and interval are shown from this many observations on (below,
#: only its counts): under 100 copies a Wilson interval is wider than ±10 points.
MIN_METRIC_GAMES = 100

#: Every metric of a card: the observations and the difference.
METRICS = (*CARD_OBSERVATIONS, "iwd")


def prior_weight(counts: Sequence[tuple[int, int]], mean: float) -> float | None:
    """The empirical-Bayes prior weight ``k`` (in games) of a beta prior with mean ``mean``, from
    the ``(games, wins)`` of each card (those with games): method of moments, ``τ² =
    mean((r − p₀)²) − mean(p₀(1 − p₀)/n)`` is the spread of the cards' true rates beyond binomial
    noise, and a beta prior with that variance has ``k = p₀(1 − p₀)/τ² − 1``. ``None`` when the
    rates spread no more than noise (complete pooling: every shrunk rate is ``p₀``); 0 when they
    spread more than any beta prior allows (no pooling)."""
    rows = [(n, w) for n, w in counts if n > 0]
    if not rows or not 0.0 < mean < 1.0:
        return None
    noise = mean * (1.0 - mean)
    spread = sum((w / n - mean) ** 2 for n, w in rows) / len(rows)
    tau2 = spread - sum(noise / n for n, _ in rows) / len(rows)
    if tau2 <= 0.0:
        return None
    return max(0.0, noise / tau2 - 1.0)


def shrunk_rate(games: int, wins: int, mean: float, weight: float | None) -> float | None:
    """``(wins + k·mean) / (games + k)``: ``mean`` under complete pooling (``k`` = None)."""
    if weight is None:
        return mean
    if games + weight == 0:
        return None
    return (wins + weight * mean) / (games + weight)


def difference_interval(a: CountPair, b: CountPair, z: float = Z_95) -> tuple[float, float] | None:
    """Newcombe's hybrid score interval (method 10) for ``rate(a) − rate(b)`` of two independent
    proportions, built from their Wilson intervals."""
    if a.games == 0 or b.games == 0:
        return None
    p1, p2 = a.wins / a.games, b.wins / b.games
    l1, u1 = wilson_interval(a.wins, a.games, z)
    l2, u2 = wilson_interval(b.wins, b.games, z)
    d = p1 - p2
    return (
        d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
        d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2),
    )


def _metric(counts: CountPair, mean: float, weight: float | None, min_games: int) -> dict[str, Any]:
    shown = counts.games >= min_games
    lo, hi = wilson_interval(counts.wins, counts.games)
    return {
        "games": counts.games,
        "wins": counts.wins,
        "rate": counts.wins / counts.games if shown else None,
        "ci95": [lo, hi] if shown else None,
        "shrunk": shrunk_rate(counts.games, counts.wins, mean, weight) if counts.games else None,
    }


def card_metrics_report(tally: CardMetricsTally, *, min_games: int = MIN_METRIC_GAMES) -> dict[str, Any]:
    """Every card of the side's deck with its metrics (``cards[].metrics.{opening_hand, drawn,
    in_hand, played, not_seen, iwd}``, each with ``games``, ``wins``, ``rate``, ``ci95`` and
    ``shrunk``), the deck's own win rate and the prior weight of each metric's shrinkage."""
    mean = tally.wins / tally.games if tally.games else 0.0
    rows = dict(sorted(tally.cards.items()))
    weights = {
        kind: prior_weight([(row[kind].games, row[kind].wins) for row in rows.values()], mean)
        for kind in CARD_OBSERVATIONS
    }
    cards = []
    for card, row in rows.items():
        metrics = {kind: _metric(row[kind], mean, weights[kind], min_games) for kind in CARD_OBSERVATIONS}
        held, unseen = row["in_hand"], row["not_seen"]
        shown = held.games >= min_games and unseen.games >= min_games
        interval = difference_interval(held, unseen) if shown else None
        held_shrunk, unseen_shrunk = metrics["in_hand"]["shrunk"], metrics["not_seen"]["shrunk"]
        metrics["iwd"] = {
            # The observations behind the two rates it subtracts.
            "games": held.games + unseen.games,
            "wins": held.wins + unseen.wins,
            "rate": held.wins / held.games - unseen.wins / unseen.games if shown else None,
            "ci95": list(interval) if interval is not None else None,
            "shrunk": held_shrunk - unseen_shrunk
            if held_shrunk is not None and unseen_shrunk is not None
            else None,
        }
        copies = (held.games + unseen.games) // tally.games if tally.games else 0
        cards.append({"card": card, "copies": copies, "metrics": metrics})
    lo, hi = wilson_interval(tally.wins, tally.games)
    return {
        "games": tally.games,
        "wins": tally.wins,
        "win_rate": mean if tally.games else None,
        "win_rate_ci95": [lo, hi],
        "min_games": min_games,
        "prior_weight": weights,
        "cards": cards,
    }
