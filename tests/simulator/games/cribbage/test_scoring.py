"""docs/rules/cribbage.md §2.4 (pegging) and §5 (the show): worked examples, category by category."""

from __future__ import annotations

import random

import pytest

from simulator.engine.playing_cards import Card, CardParseError, full_deck
from simulator.games.cribbage import score_pegging, score_show, show_breakdown
from simulator.games.cribbage.fastscore import fast_show_points, rank_points
from simulator.games.cribbage.scoring import CribbageInputError, pegging_breakdown


def hand(text: str) -> list[str]:
    return text.split()


# -- the show ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("cards", "starter", "expected"),
    [
        # docs/rules/cribbage.md §2.5 — fifteens: every distinct combination (2 each).
        ("2C 3D 4H TS", "KC", 2 * 2 + 3),  # 2+3+T, 2+3+K; run 2-3-4
        ("5H 5D 5C JS", "5S", 29),  # docs/rules/cribbage.md §4: the highest hand
        ("5H 5D 5C 5S", "JH", 28),  # four 5s: 16 fifteens + 12 pairs, no nobs (the Jack is the starter)
        ("AC 2D 3H 4S", "5C", 7),  # run of 5 + A+2+3+4+5 = 15
        ("2C 4D 6H 8S", "TC", 0),  # "nineteen": nothing at all
    ],
)
def test_show_worked_examples(cards, starter, expected):
    """docs/rules/cribbage.md §2.5 — worked totals, including the famous 29 and 28."""
    assert score_show(hand(cards), starter) == expected


def test_show_fifteens_counts_each_distinct_combination():
    """docs/rules/cribbage.md §2.5 — fifteens: 2 for every distinct combination summing to 15."""
    b = show_breakdown(hand("5H TD KC 7S"), "8D")  # 5+T, 5+K, 7+8
    assert b.fifteen_points == 6
    assert {tuple(map(str, c)) for c in b.fifteens} == {("5H", "TD"), ("5H", "KC"), ("7S", "8D")}


def test_show_pairs_pair_royal_and_double_pair_royal():
    """docs/rules/cribbage.md §2.5 — every pair is 2: three of a kind 6, four 12."""
    assert show_breakdown(hand("9H 9D 2C 4S"), "KC").pair_points == 2
    assert show_breakdown(hand("9H 9D 9C 4S"), "KC").pair_points == 6
    assert show_breakdown(hand("9H 9D 9C 9S"), "KC").pair_points == 12


def test_show_double_run():
    """docs/rules/cribbage.md §2.5 — double run of 3: 8 with the pair (two runs of 3 + a pair)."""
    b = show_breakdown(hand("6H 7D 8C 8S"), "KH")
    assert b.run_points == 6 and b.pair_points == 2
    assert b.fifteen_points == 4  # 7+8 twice
    assert b.total == 12


def test_show_triple_run():
    """docs/rules/cribbage.md §2.5 — triple run = 15 (three runs of 3 + three pairs)."""
    b = show_breakdown(hand("7D 8C 8S 8H"), "6H")
    assert b.run_points + b.pair_points == 15
    assert b.total == 21  # + 7+8 three times


def test_show_double_double_run():
    """docs/rules/cribbage.md §2.5 — double-double run = 16 (four runs of 3 + two pairs)."""
    b = show_breakdown(hand("6H 6D 7C 7S"), "8H")
    assert b.run_points + b.pair_points == 16
    assert b.total == 20  # + 7+8 twice


def test_show_double_run_of_four():
    """docs/rules/cribbage.md §2.5 — a run counts once per distinct combination of the longest length."""
    b = show_breakdown(hand("9H TD JC QS"), "QH")
    assert b.run_points == 8 and len(b.runs) == 2 and b.pair_points == 2


def test_show_only_longest_runs_count():
    """docs/rules/cribbage.md §2.5 — a run of 4 is not also two runs of 3."""
    assert show_breakdown(hand("3C 4D 5H 6S"), "KC").run_points == 4


def test_show_ace_is_low_only():
    """docs/rules/cribbage.md §1 — ace low only: Q-K-A is not a run."""
    assert show_breakdown(hand("QC KD AH 7S"), "9C").run_points == 0


def test_four_card_flush_counts_in_hand_not_in_crib():
    """docs/rules/cribbage.md §2.5 — flush: 4 hand cards of a suit = 4; in the crib only five count."""
    assert show_breakdown(hand("2H 4H 6H 8H"), "KS").flush == 4
    assert score_show(hand("2H 4H 6H 8H"), "KS") == 4
    assert show_breakdown(hand("2H 4H 6H 8H"), "KS", crib=True).flush == 0
    assert score_show(hand("2H 4H 6H 8H"), "KS", crib=True) == 0


def test_five_card_flush_counts_in_hand_and_crib():
    """docs/rules/cribbage.md §2.5 — with the starter of the suit too: 5, in the hand and the crib."""
    assert score_show(hand("2H 4H 6H 8H"), "TH") == 5
    assert score_show(hand("2H 4H 6H 8H"), "TH", crib=True) == 5


def test_no_flush_with_starter_and_three_hand_cards():
    """docs/rules/cribbage.md §2.5 — the flush needs the 4 hand cards: 3 and the starter score nothing."""
    assert show_breakdown(hand("2H 4H 6H 8C"), "TH").flush == 0


def test_his_nobs():
    """docs/rules/cribbage.md §2.5 — his nobs: the Jack of the starter's suit in the hand = 1."""
    assert show_breakdown(hand("JH 2C 4D 8S"), "5H").nobs == Card(11, "H")
    assert show_breakdown(hand("JC 2C 4D 8S"), "5H").nobs_points == 0
    assert show_breakdown(hand("JH 2C 4D 8S"), "5H", crib=True).nobs_points == 1  # in the crib too


def test_a_jack_starter_is_heels_not_nobs():
    """docs/rules/cribbage.md §2.3 vs §5 — a Jack starter scores heels at the cut (see the game
    tests), never nobs: the hand cannot hold the starter's own Jack."""
    b = show_breakdown(hand("JC 2C 4D 8S"), "JH")
    assert b.nobs_points == 0
    assert b.pair_points == 2  # the two Jacks still pair


def test_breakdown_as_dict_adds_up():
    b = show_breakdown(hand("5H 5D 5C JS"), "5S")
    assert b.as_dict() == {"fifteens": 16, "pairs": 12, "runs": 0, "flush": 0, "nobs": 1, "total": 29}


@pytest.mark.parametrize("bad", ["1H", "5X", "", "JOKER", "11S"])
def test_a_bad_card_is_an_error_naming_it(bad):
    """docs/rules/cribbage.md §5 — anything else is rejected with a clear error."""
    with pytest.raises(CardParseError) as info:
        score_show(["5H", "5D", bad, "JS"], "5S")
    assert repr(bad) in str(info.value)
    assert info.value.card == bad


def test_notation_variants_are_accepted():
    """docs/rules/cribbage.md §5 — ``10S`` for ten and lower case are accepted."""
    assert score_show(["10s", "jd", "qh", "9c"], "2c") == score_show(["TS", "JD", "QH", "9C"], "2C") == 4


def test_duplicate_cards_are_an_error():
    with pytest.raises(CardParseError, match="duplicate card '5h'"):
        score_show(["5H", "5h", "5C", "JS"], "5S")
    with pytest.raises(CardParseError, match="duplicate card '5H'"):
        score_show(["5H", "5D", "5C", "JS"], "5H")  # the starter is a card of the hand


def test_a_hand_has_four_cards():
    with pytest.raises(CribbageInputError, match="4 cards, not 3"):
        score_show(["5H", "5D", "5C"], "5S")


def test_fast_scorer_agrees_with_the_reference_on_random_hands():
    """The fast rank/suit scorer (used by the table and the advisor) equals the reference scorer."""
    rng = random.Random(20240501)
    deck = full_deck()
    for _ in range(3000):
        cards = rng.sample(deck, 5)
        crib = rng.random() < 0.5
        assert fast_show_points(cards[:4], cards[4], crib=crib) == score_show(cards[:4], cards[4], crib=crib)


def test_rank_points_of_the_29_hand_without_nobs():
    assert rank_points([5, 5, 5, 11, 5]) == 28


# -- pegging ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("series", "points"),
    [
        ("5H TD", 2),  # fifteen
        ("7H 7D", 2),  # pair
        ("7H 7D 7C", 6),  # pair royal
        ("7H 7D 7C 7S", 12),  # double pair royal (count 28)
        ("7H 8D 7C", 0),  # a pair must be the most recent cards
        ("9C 4H 6D 5C", 3),  # a run in any order
        ("9C 4H 6D 5C 3S", 4),  # 4-6-5 scored 3; 4-6-5-3 then scores 4
        ("4H 6D 5C", 2 + 3),  # 4-6-5 from the lead is also a fifteen
        ("2C 4H 6D 5C 3S", 5),  # a run of 5 out of order
        ("4H 5C 5D 6S", 0),  # a repeated rank inside the last cards breaks the run
        ("4H 5C 4D 6S", 3),  # ... but 5-4-6, the last three, is a run
        ("KH 4D 6C 5S", 3),  # the K does not spoil the run of the last three
        ("TH KD 5C 6S", 2),  # 31 for 2 (no go point with it: see the game tests)
        ("TH 7C 7D 7S", 8),  # 31 with a pair royal: 2 + 6
        ("5C TH", 2),  # 15 in the other order
        ("AC 2C 3C 4C 5C", 7),  # run of 5 and fifteen
    ],
)
def test_score_pegging_worked_examples(series, points):
    """docs/rules/cribbage.md §2.4 — the points of the last card laid in the current series."""
    assert score_pegging(series.split()) == points


def test_pegging_breakdown_names_the_categories():
    b = pegging_breakdown(["TH", "7C", "7D", "7S"])
    assert (b.thirty_one, b.pairs, b.fifteen, b.run) == (2, 6, 0, 0)
    assert b.reasons() == ["thirty-one for 2", "pair royal for 6"]


def test_pegging_rejects_a_count_over_31_and_an_empty_series():
    """docs/rules/cribbage.md §2.4 — the count may never exceed 31."""
    with pytest.raises(CribbageInputError, match="exceeds 31"):
        score_pegging(["TH", "KD", "QC", "2S"])
    with pytest.raises(CribbageInputError, match="empty"):
        score_pegging([])
    with pytest.raises(CardParseError, match="'ZZ'"):
        score_pegging(["5H", "ZZ"])
