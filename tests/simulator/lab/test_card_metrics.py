"""Card metrics (simulator/engine/stats.CardMetricsTally, simulator/lab/card_metrics.py) on a
hand-built set of game logs, counted by hand."""

from __future__ import annotations

import pytest

from simulator.engine.runner import GameResult
from simulator.engine.stats import CardMetricsTally, CountPair, MatchTally
from simulator.lab.card_metrics import (
    card_metrics_report,
    difference_interval,
    prior_weight,
    shrunk_rate,
)

# A deck with two copies of "torch" and one "shield"; per game, per card:
# (copies, in the opening hand, drawn later, played).
LOGS = [
    (True, {"torch": (2, 1, 1, 1), "shield": (1, 0, 0, 0)}),
    (False, {"torch": (2, 0, 1, 1), "shield": (1, 1, 0, 1)}),
    (True, {"torch": (2, 0, 0, 0), "shield": (1, 0, 1, 1)}),
    (False, {"torch": (2, 2, 0, 2), "shield": (1, 0, 0, 0)}),
]

# By hand, per copy (games, wins):
#   torch  opening: g1 1 won, g4 2 lost → (3, 1); drawn: g1 1 won, g2 1 lost → (2, 1);
#          in hand (5, 2); played: g1 1 won, g2 1 lost, g4 2 lost → (4, 1);
#          never seen: g2 1 lost, g3 2 won → (3, 2)
#   shield opening: g2 lost → (1, 0); drawn: g3 won → (1, 1); in hand (2, 1);
#          played: g2 lost, g3 won → (2, 1); never seen: g1 won, g4 lost → (2, 1)
HAND_COUNTS = {
    "torch": {
        "opening_hand": (3, 1),
        "drawn": (2, 1),
        "in_hand": (5, 2),
        "played": (4, 1),
        "not_seen": (3, 2),
    },
    "shield": {
        "opening_hand": (1, 0),
        "drawn": (1, 1),
        "in_hand": (2, 1),
        "played": (2, 1),
        "not_seen": (2, 1),
    },
}


def _tally(logs=LOGS) -> CardMetricsTally:
    tally = CardMetricsTally()
    for won, seen in logs:
        tally.add_game(won=won, seen=seen)
    return tally


def test_metrics_of_hand_built_logs_equal_hand_counts():
    report = card_metrics_report(_tally(), min_games=1)
    assert (report["games"], report["wins"], report["win_rate"]) == (4, 2, 0.5)
    by_card = {row["card"]: row for row in report["cards"]}
    assert by_card["torch"]["copies"] == 2 and by_card["shield"]["copies"] == 1
    for card, kinds in HAND_COUNTS.items():
        for kind, (games, wins) in kinds.items():
            metric = by_card[card]["metrics"][kind]
            assert (metric["games"], metric["wins"]) == (games, wins), (card, kind)
            assert metric["rate"] == pytest.approx(wins / games)
    # Improvement when drawn: in hand − never seen.
    assert by_card["torch"]["metrics"]["iwd"]["rate"] == pytest.approx(2 / 5 - 2 / 3)
    assert by_card["shield"]["metrics"]["iwd"]["rate"] == pytest.approx(0.0)


def test_a_rate_is_shown_only_from_the_minimum_sample():
    report = card_metrics_report(_tally(), min_games=3)
    torch = next(r for r in report["cards"] if r["card"] == "torch")["metrics"]
    assert torch["opening_hand"]["rate"] == pytest.approx(1 / 3) and torch["opening_hand"]["ci95"] is not None
    assert torch["drawn"]["rate"] is None and torch["drawn"]["ci95"] is None
    assert torch["drawn"]["games"] == 2  # the counts stay
    assert torch["iwd"]["rate"] is not None  # in hand 5 and never seen 3 are both ≥ 3
    shield = next(r for r in report["cards"] if r["card"] == "shield")["metrics"]
    assert shield["iwd"]["rate"] is None and shield["iwd"]["ci95"] is None


def test_tallies_merge_in_any_order_and_survive_json():
    whole = _tally().to_json()
    first, second = _tally(LOGS[:1]), _tally(LOGS[1:])
    assert CardMetricsTally.from_json(second.to_json()).merge(first).to_json() == whole
    assert CardMetricsTally.from_json(whole).to_json() == whole


def test_more_copies_seen_than_the_deck_has_is_refused():
    with pytest.raises(ValueError):
        CardMetricsTally().add_game(won=True, seen={"torch": (2, 2, 1, 0)})


def test_match_tally_collects_card_events_by_side():
    # Seat 0 is side B in an odd game: its cards are B's.
    result = GameResult(
        index=1,
        seats=("B", "A"),
        returns=(-1.0, 1.0),
        summary={
            "turns": 9,
            "end_reason": "elimination",
            "first_player": 0,
            "cards_seen": {"0": {"torch": (2, 1, 0, 1)}, "1": {"shield": (1, 0, 1, 1)}},
        },
    )
    tally = MatchTally()
    tally.add(result)
    again = MatchTally.from_json(tally.to_json())
    assert again.card_metrics["B"].cards["torch"]["opening_hand"] == CountPair(1, 0)
    assert again.card_metrics["A"].cards["shield"]["drawn"] == CountPair(1, 1)
    assert (again.card_metrics["A"].games, again.card_metrics["A"].wins) == (1, 1)


def test_prior_weight_by_the_method_of_moments_hand_computed():
    # Two cards, 100 observations each, rates .8 and .2 around the deck's .5: the spread
    # mean((r − p₀)²) = .09, binomial noise mean(p₀(1−p₀)/n) = .0025, so τ² = .0875 and
    # k = p₀(1−p₀)/τ² − 1 = .25/.0875 − 1.
    k = prior_weight([(100, 80), (100, 20)], 0.5)
    assert k == pytest.approx(0.25 / 0.0875 - 1)
    assert shrunk_rate(100, 80, 0.5, k) == pytest.approx((80 + k * 0.5) / (100 + k))


def test_rates_that_spread_no_more_than_noise_pool_completely():
    # Rates .4 and .5 from 5 and 2 observations: well within binomial noise → k = None, every
    # shrunk rate is the deck's.
    assert prior_weight([(5, 2), (2, 1)], 0.5) is None
    assert shrunk_rate(5, 2, 0.5, None) == 0.5
    report = card_metrics_report(_tally(), min_games=1)
    assert report["prior_weight"]["in_hand"] is None
    assert all(r["metrics"]["in_hand"]["shrunk"] == 0.5 for r in report["cards"])


def test_difference_interval_is_newcombes_hybrid_score():
    # Newcombe (1998), example (a) of method 10: 56/70 − 48/80 → [0.0524, 0.3339].
    lo, hi = difference_interval(CountPair(70, 56), CountPair(80, 48))
    assert lo == pytest.approx(0.0524, abs=1e-4)
    assert hi == pytest.approx(0.3339, abs=1e-4)


def test_eredan_games_report_their_card_events_per_copy():
    # Real games: every copy of the deck is accounted for once (opening, drawn later, or never
    # seen), the opening hands hold 5 cards (docs/rules/eredan.md §3 Start), and a copy is played
    # only from the hand.
    from cards.domain.cardset import load_cardset
    from simulator.engine.batch import play_chunk
    from simulator.engine.registry import get_game_spec
    from simulator.engine.runner import Side

    cardset = load_cardset()
    spec = get_game_spec("eredan")
    greedy = spec.make_policy("greedy")
    deck_a, deck_b = cardset.deck("zil-golems"), cardset.deck("kotoba-aez")
    sides = (Side("A", greedy, deck_a), Side("B", greedy, deck_b))
    tally = play_chunk(spec.make_game(), sides, 9, 0, 30)
    for side, deck in (("A", deck_a), ("B", deck_b)):
        events = tally.card_metrics[side]
        assert events.games == 30 and events.wins == tally.wins.get(side, 0)
        copies = {card.slug: n for card, n in deck.cards}
        assert set(events.cards) == set(copies)
        assert sum(row["opening_hand"].games for row in events.cards.values()) == 5 * 30
        for slug, row in events.cards.items():
            assert row["in_hand"].games + row["not_seen"].games == copies[slug] * 30
            assert row["in_hand"].games == row["opening_hand"].games + row["drawn"].games
            assert row["played"].games <= row["in_hand"].games
