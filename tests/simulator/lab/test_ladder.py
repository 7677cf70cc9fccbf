"""The AI ladder's plans (docs/lab.md "The AI ladder"): the games of a pairing split over the
decks, exactly as many as asked for."""

from __future__ import annotations

import pytest

from simulator.lab.ladder import LadderError, games_per_deck, ladder_plans


@pytest.mark.parametrize(
    ("games", "decks", "shares"),
    [
        (12, 3, [4, 4, 4]),
        (14, 3, [6, 4, 4]),
        (15, 3, [6, 5, 4]),
        (1000, 10, [100] * 10),
        (1001, 7, [144, 144, 144, 143, 142, 142, 142]),
        (6, 3, [2, 2, 2]),
        (7, 1, [7]),
    ],
)
def test_games_are_split_in_whole_pairs_and_sum_to_the_request(
    games: int, decks: int, shares: list[int]
) -> None:
    got = games_per_deck(games, decks)
    assert got == shares and sum(got) == games


def test_fewer_games_than_a_pair_per_deck_are_refused() -> None:
    with pytest.raises(LadderError, match="at least 6 games"):
        games_per_deck(5, 3)


def test_plans_of_the_classic_games_and_of_decks() -> None:
    (classic,) = ladder_plans(
        game="ecarte", policies=["random", "heuristic"], decks=None, games=9, seed=3, chunk_size=4
    )
    assert classic[0] is None and classic[1].games == 9 and classic[1].seed == 3
    plans = ladder_plans(
        game="ecarte",
        policies=["random", "heuristic"],
        decks=[("a", None), ("b", None)],
        games=10,
        seed=3,
        chunk_size=4,
    )
    assert [(slug, p.games) for slug, p in plans] == [("a", 6), ("b", 4)]
    assert plans[0][1].seed != plans[1][1].seed
