"""The runner itself (simulator/engine/runner.py), on a tiny game written for these tests: seats
alternate between the games of a matchup, game i's seeds come from (job seed, i) whichever chunk
plays it, draws are draws, a capped game ends at its cap, a runaway game is stopped, and the event
log comes through the protocol."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from simulator.engine.batch import play_chunk
from simulator.engine.protocol import TERMINAL, RunawayGameError, State, check_legal
from simulator.engine.runner import GameResult, Side, play_game, play_match_game, seats_for
from simulator.engine.seeds import derive_seed
from simulator.engine.stats import MatchTally

STEPS = (1, 2, 3)


class RaceState:
    """Seats take turns adding 1, 2 or 3 to a running total; whoever brings it to the target wins.
    The target is dealt from the game's RNG (its one chance event); after ``turn_cap`` actions
    the game ends level. ``endless``: the target is never reached (a runaway engine)."""

    def __init__(self, rng: random.Random, entrants: tuple[Any, Any], turn_cap: int, endless: bool) -> None:
        self.rng = rng
        self.entrants = entrants
        self.turn_cap = turn_cap
        self.target = 10**9 if endless else 12 + rng.randrange(9)  # 12..20
        self.total = 0
        self.turns = 0
        self.player = 0
        self.winner: int | None = None
        self.ended = False
        self.end_reason = ""
        self.log: list[dict[str, Any]] | None = None

    def current_player(self) -> int:
        return TERMINAL if self.ended else self.player

    def legal_actions(self) -> Sequence[int]:
        return [] if self.ended else STEPS

    def apply(self, action: Any) -> None:
        check_legal(self, action)
        self.total += action
        self.turns += 1
        if self.log is not None:
            self.log.append({"event": "add", "seat": self.player, "step": action})
        if self.total >= self.target:
            self.ended, self.winner, self.end_reason = True, self.player, "target"
        elif self.turns >= self.turn_cap:
            self.ended, self.end_reason = True, "turn_cap"
        self.player = 1 - self.player

    def is_terminal(self) -> bool:
        return self.ended

    def returns(self) -> tuple[float, float]:
        if self.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)

    def clone(self) -> State:
        raise NotImplementedError

    def determinize(self, player: int, rng: random.Random) -> State:
        raise NotImplementedError

    def enable_log(self) -> None:
        if self.log is None:
            self.log = [{"event": "deal", "target": self.target}]

    def summary(self) -> Mapping[str, Any]:
        return {
            "turns": self.turns,
            "end_reason": self.end_reason,
            "first_player": 0,
            "target": self.target,
            "entrants": list(self.entrants),
        }


class RaceGame:
    name = "race"

    def __init__(self, *, turn_cap: int = 1_000, endless: bool = False) -> None:
        self.turn_cap, self.endless = turn_cap, endless

    def new_initial_state(self, rng: random.Random, entrants: tuple[Any, Any] = (None, None)) -> RaceState:
        return RaceState(rng, entrants, self.turn_cap, self.endless)


class Watched:
    """A random player that notes every move it makes: (seat, step)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.moves: list[tuple[int, Any]] = []

    def choose(self, state: State, rng: random.Random) -> Any:
        step = rng.choice(list(state.legal_actions()))
        self.moves.append((state.current_player(), step))
        return step


def sides() -> tuple[Side, Side]:
    return (Side("A", Watched("alpha"), "deck of A"), Side("B", Watched("beta"), "deck of B"))


def test_side_a_sits_first_in_even_games_and_second_in_odd_ones() -> None:
    """The seat rule (docs/simulation.md "What a job plays": seats alternate between games)."""
    assert [seats_for(i) for i in range(4)] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    for index in range(6):
        a, b = sides()
        result = play_match_game(RaceGame(), (a, b), 7, index)
        expected = ("A", "B") if index % 2 == 0 else ("B", "A")
        assert result.seats == expected
        # each side's entrant and policy sit in that side's seat
        assert result.summary["entrants"] == [f"deck of {side}" for side in expected]
        seat_of_a = expected.index("A")
        assert {seat for seat, _ in a.policy.moves} == {seat_of_a}  # type: ignore[attr-defined]
        assert {seat for seat, _ in b.policy.moves} == {1 - seat_of_a}  # type: ignore[attr-defined]


def test_over_many_games_each_side_goes_first_half_the_time() -> None:
    tally = MatchTally()
    a, b = sides()
    play_chunk(RaceGame(), (a, b), 11, 0, 40, on_result=tally.add)
    assert tally.went_first == {"A": 20, "B": 20}


def test_game_i_is_dealt_from_the_job_seed_and_its_index() -> None:
    for index in (0, 1, 17):
        result = play_match_game(RaceGame(), sides(), 123, index)
        dealt = random.Random(derive_seed(123, index, "game"))
        assert result.summary["target"] == 12 + dealt.randrange(9)
    targets = {play_match_game(RaceGame(), sides(), 123, i).summary["target"] for i in range(30)}
    assert len(targets) > 1  # the index matters, not only the job seed


def test_each_sides_policy_draws_from_its_own_stream_whatever_its_seat() -> None:
    for index in (0, 1):
        a, b = sides()
        play_match_game(RaceGame(), (a, b), 5, index)
        for side in (a, b):
            stream = random.Random(derive_seed(5, index, "policy", side.label))
            moves = side.policy.moves  # type: ignore[attr-defined]
            assert [step for _, step in moves] == [stream.choice(STEPS) for _ in moves]


def test_a_game_plays_the_same_whichever_chunk_plays_it() -> None:
    """Chunking changes nothing: game i alone, in the first chunk or in a later one."""

    def results(start: int, stop: int) -> list[GameResult]:
        out: list[GameResult] = []
        play_chunk(RaceGame(), sides(), 99, start, stop, on_result=out.append)
        return out

    whole = results(0, 10)
    split = results(0, 4) + results(4, 7) + results(7, 10)
    alone = [play_match_game(RaceGame(), sides(), 99, i) for i in range(10)]
    assert [r.index for r in whole] == list(range(10))
    key = [(r.index, r.seats, r.returns, dict(r.summary)) for r in whole]
    assert [(r.index, r.seats, r.returns, dict(r.summary)) for r in split] == key
    assert [(r.index, r.seats, r.returns, dict(r.summary)) for r in alone] == key


def test_a_game_ended_level_is_a_draw_for_both_sides() -> None:
    tally = MatchTally()
    results: list[GameResult] = []

    def on_result(result: GameResult) -> None:
        results.append(result)
        tally.add(result)

    play_chunk(RaceGame(turn_cap=2), sides(), 3, 0, 6, on_result=on_result)
    assert all(r.returns == (0.0, 0.0) and r.winner is None and r.winner_seat is None for r in results)
    assert (tally.games, tally.draws, sum(tally.wins.values())) == (6, 6, 0)
    assert tally.first_player_draws == 6 and tally.first_player_wins == 0


def test_a_won_game_names_the_side_that_won_from_its_seat() -> None:
    for index in range(8):
        result = play_match_game(RaceGame(), sides(), 21, index)
        assert result.winner_seat is not None
        assert result.winner == result.seats[result.winner_seat]
        assert result.returns[result.winner_seat] == 1.0


def test_a_capped_game_ends_at_its_cap() -> None:
    for cap in (1, 3, 5):
        result = play_match_game(RaceGame(turn_cap=cap), sides(), 8, 0)
        assert (result.summary["turns"], result.summary["end_reason"]) == (cap, "turn_cap")


def test_the_runner_stops_a_game_that_does_not_end() -> None:
    state = RaceGame(endless=True).new_initial_state(random.Random(0))
    with pytest.raises(RunawayGameError):
        play_game(state, (Watched("a"), Watched("b")), (random.Random(1), random.Random(2)), max_actions=50)
    # a game that needs exactly the bound is not a runaway
    capped = RaceGame(turn_cap=50, endless=True).new_initial_state(random.Random(0))
    play_game(capped, (Watched("a"), Watched("b")), (random.Random(1), random.Random(2)), max_actions=50)
    assert capped.is_terminal() and capped.turns == 50


def test_the_event_log_comes_through_the_protocol_only_when_asked() -> None:
    logged = play_match_game(RaceGame(), sides(), 4, 0, record_log=True)
    assert logged.log is not None and logged.log[0]["event"] == "deal"
    assert len(logged.log) == 1 + logged.summary["turns"]
    assert play_match_game(RaceGame(), sides(), 4, 0).log is None
