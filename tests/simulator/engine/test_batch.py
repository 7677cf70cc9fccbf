"""The batch machinery (simulator/engine/batch.py): pairings, chunks, chunk play, the local runner
and the batch report. Pure: no database."""

from __future__ import annotations

import json

import pytest

from cards.domain.cardset import load_cardset
from simulator.engine.batch import (
    GAUNTLET,
    MATCHUP,
    ROUND_ROBIN,
    Batch,
    BatchError,
    BatchPlan,
    ChunkRange,
    Entrant,
    batch_report,
    chunk_range,
    chunk_ranges,
    merge_tallies,
    pairings_for,
    play_chunk,
    run_local,
)
from simulator.engine.runner import Side, play_match_game
from simulator.engine.stats import MatchTally


def test_pairings_of_each_kind() -> None:
    assert [(p.a, p.b) for p in pairings_for(MATCHUP, 2)] == [(0, 1)]
    assert [(p.a, p.b) for p in pairings_for(GAUNTLET, 4)] == [(0, 1), (0, 2), (0, 3)]
    assert [(p.a, p.b) for p in pairings_for(ROUND_ROBIN, 4)] == [
        (0, 1),
        (0, 2),
        (0, 3),
        (1, 2),
        (1, 3),
        (2, 3),
    ]
    assert [p.index for p in pairings_for(ROUND_ROBIN, 4)] == list(range(6))


@pytest.mark.parametrize(
    ("kind", "n"), [(MATCHUP, 3), (MATCHUP, 1), (GAUNTLET, 1), (ROUND_ROBIN, 1), ("duel", 2)]
)
def test_pairings_refuse_wrong_counts_and_kinds(kind: str, n: int) -> None:
    with pytest.raises(BatchError):
        pairings_for(kind, n)


def test_chunks_cover_every_game_once_in_fixed_order() -> None:
    chunks = chunk_ranges(games=23, chunk_size=7, pairings=2)
    assert [(c.pairing, c.chunk, c.start, c.stop) for c in chunks] == [
        (0, 0, 0, 7), (0, 1, 7, 14), (0, 2, 14, 21), (0, 3, 21, 23),
        (1, 0, 0, 7), (1, 1, 7, 14), (1, 2, 14, 21), (1, 3, 21, 23),
    ]  # fmt: skip
    assert sum(c.games for c in chunks) == 46
    assert chunk_range(23, 7, 1, 3) == ChunkRange(1, 3, 21, 23)
    with pytest.raises(BatchError):
        chunk_range(23, 7, 0, 4)
    with pytest.raises(BatchError):
        chunk_ranges(games=0, chunk_size=7, pairings=1)


def _plan(games: int, chunk_size: int, kind: str = MATCHUP, seed: int = 11) -> BatchPlan:
    entrants: tuple[Entrant, ...] = (Entrant("heuristic", "heuristic"), Entrant("random", "random"))
    if kind != MATCHUP:
        entrants = (*entrants, Entrant("random 2", "random"))
    return BatchPlan(
        game="ecarte", kind=kind, entrants=entrants, games=games, seed=seed, chunk_size=chunk_size
    )


def test_chunk_play_equals_the_runner_game_by_game() -> None:
    """ARCHITECTURE principle 3: game i of a pairing is play_match_game(seed, i), whatever chunk."""
    batch = Batch(_plan(10, 4))
    direct = MatchTally()
    for index in range(3, 9):
        direct.add(play_match_game(batch.game, batch.sides(0), 11, index))
    seen: list[int] = []
    tally = batch.play_chunk(0, 3, 9, on_result=lambda r: seen.append(r.index))
    assert tally.to_json() == direct.to_json()
    assert seen == list(range(3, 9))


def test_tallies_do_not_depend_on_chunking(disturb_global_random) -> None:
    """Chunk size 7 or 1,000, chunks merged in any order: the same statistics."""
    small = run_local(_plan(40, 7, ROUND_ROBIN), processes=1)
    disturb_global_random()
    whole = run_local(_plan(40, 1000, ROUND_ROBIN), processes=1)
    assert [t.to_json() for t in small] == [t.to_json() for t in whole]
    assert [t.games for t in small] == [40, 40, 40]
    batch = Batch(_plan(40, 7, ROUND_ROBIN))
    parts = [(c, batch.play_chunk(c.pairing, c.start, c.stop)) for c in batch.plan.chunks]
    assert [t.to_json() for t in merge_tallies(reversed(parts), 3)] == [t.to_json() for t in small]


def test_a_round_robin_pairing_plays_the_same_games_as_the_matchup_alone() -> None:
    rr = run_local(_plan(30, 8, ROUND_ROBIN), processes=1)
    alone = run_local(_plan(30, 8, MATCHUP), processes=1)
    assert rr[0].to_json() == alone[0].to_json()


def test_local_runner_with_processes_gives_the_same_result() -> None:
    """The multiprocessing pool ("spawn") plays the same chunks as one process."""
    calls: list[int] = []
    pooled = run_local(_plan(60, 9), processes=2, on_chunk=lambda c, t: calls.append(c.games))
    single = run_local(_plan(60, 9), processes=1)
    assert [t.to_json() for t in pooled] == [t.to_json() for t in single]
    assert sorted(calls) == sorted(c.games for c in _plan(60, 9).chunks)


def test_local_runner_stops_when_asked() -> None:
    tallies = run_local(_plan(50, 10), processes=1, should_stop=lambda: True)
    assert tallies[0].games == 0


def test_eredan_decks_survive_the_trip_to_a_worker_process() -> None:
    """Deck specs are pickled to the spawned processes: the games there are the same games."""
    cardset = load_cardset()
    a, b = cardset.decks["zil-golems"], cardset.decks["noz-garde-du-dragon"]
    plan = BatchPlan(
        game="eredan",
        entrants=(Entrant("golems", "random", a), Entrant("garde", "random", b)),
        games=24,
        seed=5,
        chunk_size=6,
    )
    pooled = run_local(plan, processes=2)
    batch = Batch(plan)
    direct = play_chunk(batch.game, batch.sides(0), 5, 0, 24)
    assert pooled[0].to_json() == direct.to_json()
    assert pooled[0].cards and pooled[0].characters


def test_batch_report_matrix_and_standings() -> None:
    plan = _plan(20, 20, ROUND_ROBIN)
    tallies = run_local(plan, processes=1)
    report = batch_report(plan.entrants, plan.pairings, tallies)
    json.dumps(report)  # JSON-serialisable
    m = report["matrix"]["win_rate"]
    assert m[0][0] is None and m[1][1] is None
    for pairing, tally in zip(plan.pairings, tallies, strict=True):
        a, b = pairing.a, pairing.b
        assert m[a][b] == tally.wins["A"] / tally.games
        assert m[b][a] == tally.wins["B"] / tally.games
        assert report["matrix"]["games"][a][b] == report["matrix"]["games"][b][a] == 20
    standings = report["standings"]
    assert sorted(s["entrant"] for s in standings) == [0, 1, 2]
    assert all(s["games"] == 40 for s in standings)
    rates = [s["win_rate"] for s in standings]
    assert rates == sorted(rates, reverse=True)
    assert sum(s["wins"] for s in standings) + sum(t.draws for t in tallies) == 60
    side_a = report["pairings"][0]["sides"]["A"]
    assert (side_a["label"], side_a["policy"], side_a["entrant"]) == ("heuristic", "heuristic", 0)


def test_sides_carry_labels_a_and_b_for_the_policy_streams() -> None:
    batch = Batch(_plan(4, 4, GAUNTLET))
    a, b = batch.sides(1)
    assert isinstance(a, Side) and (a.label, b.label) == ("A", "B")
    assert b.policy is batch.policies[2]
