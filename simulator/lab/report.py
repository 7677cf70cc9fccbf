"""The lab's sections of a job's results, from the batch's tallies (docs/lab.md "Results").

- ``card_metrics`` (every kind of job whose game reports card events — Eredan): one entry per
  entrant, its cards' metrics over all its games (:mod:`simulator.lab.card_metrics`);
- ``metagame`` and ``ratings`` (round robins): the Nash mix and scores against fields
  (:mod:`simulator.lab.metagame`), Bradley–Terry ratings (:mod:`simulator.lab.ratings`);
- a compare's whole statistics (:func:`compare_sections`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from simulator.engine.batch import ROUND_ROBIN, Entrant, Pairing, batch_report
from simulator.engine.stats import CardMetricsTally, MatchTally
from simulator.lab.card_metrics import card_metrics_report
from simulator.lab.compare import (
    COMPARE,
    ComparePlan,
    CompareTally,
    compare_entrants,
    compare_pairings,
    compare_report,
    compare_total,
)
from simulator.lab.metagame import metagame_report
from simulator.lab.ratings import ratings_report
from simulator.lab.sequential import StopReason


def entrant_card_metrics(
    entrants: int, pairings: Sequence[Pairing], tallies: Sequence[MatchTally]
) -> list[CardMetricsTally | None]:
    """Each entrant's card events over all its pairings (``None``: the game reported none)."""
    merged: list[CardMetricsTally | None] = [None] * entrants
    for pairing, tally in zip(pairings, tallies, strict=True):
        for side, index in (("A", pairing.a), ("B", pairing.b)):
            events = tally.card_metrics.get(side)
            if events is None:
                continue
            mine = merged[index]
            if mine is None:
                mine = merged[index] = CardMetricsTally()
            mine.merge(events)
    return merged


def card_metrics_section(
    labels: Sequence[str], per_entrant: Sequence[CardMetricsTally | None]
) -> list[dict[str, Any]] | None:
    """``results["card_metrics"]``: per entrant with card events, its label and report."""
    rows = [
        {"entrant": i, "label": labels[i], **card_metrics_report(events)}
        for i, events in enumerate(per_entrant)
        if events is not None
    ]
    return rows or None


def matrices(
    entrants: int, pairings: Sequence[Pairing], tallies: Sequence[MatchTally]
) -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
    """Wins, draws and games of each ordered pair of entrants (``wins[i][j]``: i's wins over j)."""
    wins = [[0] * entrants for _ in range(entrants)]
    draws = [[0] * entrants for _ in range(entrants)]
    games = [[0] * entrants for _ in range(entrants)]
    for pairing, tally in zip(pairings, tallies, strict=True):
        a, b = pairing.a, pairing.b
        wins[a][b] += tally.wins.get("A", 0)
        wins[b][a] += tally.wins.get("B", 0)
        for i, j in ((a, b), (b, a)):
            draws[i][j] += tally.draws
            games[i][j] += tally.games
    return wins, draws, games


def lab_sections(
    kind: str,
    entrants: Sequence[Entrant],
    pairings: Sequence[Pairing],
    tallies: Sequence[MatchTally],
    *,
    field: Mapping[str, float] | None = None,
) -> dict[str, Any]:
    """The lab's keys to add to a batch's results: ``card_metrics`` when the game reports card
    events, and for a round robin ``metagame`` (once every pairing has games) and ``ratings``
    (once every entrant has games)."""
    labels = [e.label for e in entrants]
    out: dict[str, Any] = {}
    cards = card_metrics_section(labels, entrant_card_metrics(len(entrants), pairings, tallies))
    if cards is not None:
        out["card_metrics"] = cards
    if kind == ROUND_ROBIN:
        wins, draws, games = matrices(len(entrants), pairings, tallies)
        out["metagame"] = metagame_report(labels, wins, draws, games, field=field)
        # Ratings once every entrant has played (an entrant without games has no rating).
        out["ratings"] = ratings_report(labels, wins, draws) if all(map(any, games)) else None
    return out


def compare_sections(
    plan: ComparePlan, rounds: Sequence[CompareTally], *, reason: StopReason | None
) -> dict[str, Any]:
    """The statistics of a compare as results: the batch report of its pairings (arm against field
    entry: the tables, matrix and standings every job has), the compare's own report (arms,
    field, differences, stop) and the card metrics of its entrants."""
    entrants = compare_entrants(plan)
    pairings = compare_pairings(plan)
    tallies = compare_total(plan, rounds).pairing_tallies
    return {
        **batch_report(entrants, pairings, tallies),
        **compare_report(plan, rounds, reason=reason),
        **lab_sections(COMPARE, entrants, pairings, tallies),
    }
