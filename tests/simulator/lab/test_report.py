"""The lab's sections of a job's results (simulator/lab/report.py) and the AI ladder
(simulator/lab/ladder.py), on real games."""

from __future__ import annotations

from typing import Any

import pytest

from cards.domain.cardset import load_cardset
from simulator.engine.batch import GAUNTLET, ROUND_ROBIN, BatchPlan, Entrant, Pairing, run_local
from simulator.engine.runner import GameResult
from simulator.engine.stats import MatchTally
from simulator.lab.ladder import LadderError, ladder_plans, ladder_report
from simulator.lab.report import entrant_card_metrics, lab_sections, matrices


def _result(index: int, winner_seat: int | None, seen: dict[str, Any]) -> GameResult:
    seats = ("A", "B") if index % 2 == 0 else ("B", "A")
    returns = (0.0, 0.0) if winner_seat is None else ((1.0, -1.0) if winner_seat == 0 else (-1.0, 1.0))
    return GameResult(
        index=index,
        seats=seats,
        returns=returns,
        summary={"turns": 5, "end_reason": "x", "first_player": 0, "cards_seen": seen},
    )


def test_an_entrants_card_metrics_add_up_over_its_pairings():
    # Entrant 1 is side B of pairing 0 (against 0) and side A of pairing 1 (against 2).
    first, second = MatchTally(), MatchTally()
    first.add(_result(0, 1, {"0": {"x": (1, 0, 0, 0)}, "1": {"torch": (2, 1, 0, 1)}}))  # B won
    second.add(_result(0, 0, {"0": {"torch": (2, 0, 1, 0)}, "1": {"y": (1, 1, 0, 0)}}))  # A won
    pairings = [Pairing(0, 0, 1), Pairing(1, 1, 2)]
    per_entrant = entrant_card_metrics(3, pairings, [first, second])
    mine = per_entrant[1]
    assert mine is not None and (mine.games, mine.wins) == (2, 2)
    torch = mine.cards["torch"]
    assert (torch["opening_hand"].games, torch["drawn"].games, torch["not_seen"].games) == (1, 1, 2)
    assert set(per_entrant[0].cards) == {"x"} and set(per_entrant[2].cards) == {"y"}


def test_matrices_of_a_pairing():
    tally = MatchTally()
    for i, seat in enumerate([0, 1, None, 0]):
        tally.add(_result(i, seat, {}))
    # Games 0 and 3: seat 0 won — A in game 0, B in game 3; game 1: seat 1 won, which is A.
    wins, draws, games = matrices(2, [Pairing(0, 0, 1)], [tally])
    assert wins == [[0, 2], [1, 0]]
    assert draws == [[0, 1], [1, 0]]
    assert games == [[0, 4], [4, 0]]


def test_a_round_robin_gets_metagame_and_ratings_a_gauntlet_neither():
    entrants = tuple(Entrant(p, p) for p in ("random", "heuristic", "random"))
    sections = {}
    for kind in (ROUND_ROBIN, GAUNTLET):
        plan = BatchPlan("ecarte", entrants, games=60, seed=2, chunk_size=30, kind=kind)
        sections[kind] = lab_sections(kind, plan.entrants, plan.pairings, run_local(plan, processes=1))
    # Écarté reports no card events: no card metrics.
    assert set(sections[GAUNTLET]) == set()
    rr = sections[ROUND_ROBIN]
    assert set(rr) == {"metagame", "ratings"}
    assert sum(rr["metagame"]["nash"]["weights"].values()) == pytest.approx(1.0)
    assert rr["ratings"]["ratings"][0]["label"] == "heuristic"


def test_a_ladder_plays_mirror_matches_over_the_decks():
    cardset = load_cardset()
    decks = [(slug, cardset.deck(slug)) for slug in ("zil-golems", "kotoba-aez")]
    plans = ladder_plans(
        game="eredan", policies=["random", "greedy"], decks=decks, games=80, seed=4, chunk_size=20
    )
    assert [slug for slug, _ in plans] == ["zil-golems", "kotoba-aez"]
    for slug, plan in plans:
        assert plan.games == 40
        assert all(e.deck is dict(decks)[slug] for e in plan.entrants)
    report = ladder_report(
        "eredan", ["random", "greedy"], plans, [run_local(p, processes=1) for _, p in plans], seed=4
    )
    assert report["games_per_pairing"] == 80
    assert report["matrix"]["games"] == [[0, 80], [80, 0]]
    assert report["ratings"]["ratings"][0]["label"] == "greedy"
    with pytest.raises(LadderError):
        ladder_plans(game="eredan", policies=["greedy"], decks=decks, games=10, seed=1, chunk_size=5)
