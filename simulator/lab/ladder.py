"""The AI ladder: a game's policies played against each other and rated on one scale.

For a game with decks (Eredan) the policies meet in **mirror matches** over every demo deck: for
each deck, a round robin of the policies all playing that deck, so the deck's strength cancels
and only the players differ; the games of a pairing are split evenly over the decks. For the
classic games, one round robin of the policies. Each plan is an ordinary
:class:`~simulator.engine.batch.BatchPlan` (the same runner, seeds and seat alternation as any
job); each deck's plan gets its own seed derived from the ladder's. The pairings' wins are summed
over the decks into one policy-by-policy matrix, rated by Bradley–Terry
(:mod:`simulator.lab.ratings`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from simulator.engine.batch import ROUND_ROBIN, BatchPlan, Entrant
from simulator.engine.seeds import derive_seed
from simulator.engine.stats import MatchTally, wilson_interval
from simulator.lab.ratings import ratings_report
from simulator.lab.report import matrices


class LadderError(ValueError):
    pass


def ladder_plans(
    *,
    game: str,
    policies: Sequence[str],
    decks: Sequence[tuple[str, Any]] | None,
    games: int,
    seed: int,
    chunk_size: int,
    options: dict[str, Any] | None = None,
) -> list[tuple[str | None, BatchPlan]]:
    """The round robins of a ladder, each with the deck it mirrors (``None`` for the classic
    games): ``games`` per pairing in all, split over the decks as evenly as whole games allow —
    :func:`games_per_deck`, so the ladder plays exactly the games asked for."""
    if len(policies) < 2:
        raise LadderError("a ladder needs at least two policies")
    if decks is not None and not decks:
        raise LadderError("a ladder of a game with decks needs at least one deck")
    entries: list[tuple[str | None, Any]] = list(decks) if decks is not None else [(None, None)]
    plans = []
    for d, ((slug, deck), per_deck) in enumerate(
        zip(entries, games_per_deck(games, len(entries)), strict=True)
    ):
        plans.append(
            (
                slug,
                BatchPlan(
                    game=game,
                    kind=ROUND_ROBIN,
                    entrants=tuple(Entrant(p, p, deck) for p in policies),
                    games=per_deck,
                    seed=derive_seed(seed, d, "ladder") if decks is not None else seed,
                    chunk_size=min(chunk_size, per_deck),
                    options=dict(options or {}),
                ),
            )
        )
    return plans


def games_per_deck(games: int, decks: int) -> list[int]:
    """``games`` split over ``decks`` round robins: each gets the same even share (seats
    alternate, so whole seat-swapped pairs), the remaining pairs go one each to the first decks,
    and a last odd game to the next one — the shares sum to ``games`` exactly (they used to be
    rounded down to a multiple of the decks). At least one pair per deck."""
    if games < 2 * decks:
        raise LadderError(f"a ladder over {decks} decks needs at least {2 * decks} games per pairing")
    pairs, odd = divmod(games, 2)
    base, extra = divmod(pairs, decks)
    shares = [2 * (base + (d < extra)) for d in range(decks)]
    if odd:
        shares[extra % decks] += 1
    return shares


def ladder_report(
    game: str,
    policies: Sequence[str],
    plans: Sequence[tuple[str | None, BatchPlan]],
    tallies: Sequence[Sequence[MatchTally]],
    *,
    seed: int,
) -> dict[str, Any]:
    """The ladder: ratings (best first), each policy's record over all its games and the
    policy-by-policy matrix summed over the decks."""
    n = len(policies)
    wins = [[0] * n for _ in range(n)]
    draws = [[0] * n for _ in range(n)]
    games = [[0] * n for _ in range(n)]
    for (_, plan), plan_tallies in zip(plans, tallies, strict=True):
        w, d, g = matrices(n, plan.pairings, plan_tallies)
        for i in range(n):
            for j in range(n):
                wins[i][j] += w[i][j]
                draws[i][j] += d[i][j]
                games[i][j] += g[i][j]
    records = []
    for i, policy in enumerate(policies):
        played, won, drawn = sum(games[i]), sum(wins[i]), sum(draws[i])
        lo, hi = wilson_interval(won, played)
        records.append(
            {
                "policy": policy,
                "games": played,
                "wins": won,
                "draws": drawn,
                "win_rate": won / played if played else None,
                "win_rate_ci95": [lo, hi],
            }
        )
    return {
        "game": game,
        "policies": list(policies),
        "decks": [slug for slug, _ in plans if slug is not None],
        "games_per_pairing": sum(plan.games for _, plan in plans),
        "seed": seed,
        "ratings": ratings_report(list(policies), wins, draws),
        "records": records,
        "matrix": {
            "labels": list(policies),
            "win_rate": [
                [wins[i][j] / games[i][j] if games[i][j] else None for j in range(n)] for i in range(n)
            ],
            "games": games,
        },
    }
