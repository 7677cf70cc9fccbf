"""The discard advisor: exact expectations, checked against brute-force enumeration."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from simulator.engine.playing_cards import CardParseError, full_deck, parse_cards
from simulator.games.cribbage.advisor import best_discard, rank_discards
from simulator.games.cribbage.fastscore import fast_show_points
from simulator.games.cribbage.scoring import CribbageInputError


def brute_force(six: str, discard: str) -> tuple[Fraction, Fraction]:
    """(hand EV over the 46 starters, crib EV over every opponent pair and starter), by enumeration."""
    cards = parse_cards(six.split())
    laid = parse_cards(discard.split())
    keep = [c for c in cards if c not in laid]
    unseen = [c for c in full_deck() if c not in cards]
    hand = Fraction(sum(fast_show_points(keep, s) for s in unseen), len(unseen))
    total = n = 0
    for a, b in combinations(unseen, 2):
        for starter in unseen:
            if starter is not a and starter is not b:
                total += fast_show_points([*laid, a, b], starter, crib=True)
                n += 1
    assert n == 45_540
    return hand, Fraction(total, n)


@pytest.mark.parametrize(
    ("six", "discard"),
    [
        ("JH 5H 5D 4C 6C KH", "JH KH"),  # same-suit discards (five-card crib flush) with a Jack (nobs)
        ("JH 5H 5D 4C 6C KH", "5H 5D"),  # the Jacks of three suits are unseen (opponent's nobs)
        ("2S 3S 4S 5S 9D TD", "9D TD"),  # keeps a four-card flush
    ],
)
def test_advisor_is_exact(six, discard):
    """The hand is averaged over the 46 starters; the crib over every opponent discard and starter."""
    hand_ev, crib_ev = brute_force(six, discard)
    wanted = set(parse_cards(discard.split()))
    option = next(o for o in rank_discards(six.split(), dealer=True) if set(o.discard) == wanted)
    assert option.hand_ev == pytest.approx(float(hand_ev), abs=1e-12)
    assert option.crib_ev == pytest.approx(float(crib_ev), abs=1e-12)
    assert option.exact_total == hand_ev + crib_ev


def test_dealer_adds_the_crib_pone_subtracts_it():
    dealer = {o.discard: o for o in rank_discards(["5H", "5D", "JS", "4C", "6C", "KH"], dealer=True)}
    pone = {o.discard: o for o in rank_discards(["5H", "5D", "JS", "4C", "6C", "KH"], dealer=False)}
    assert len(dealer) == len(pone) == 15
    for discard, option in dealer.items():
        assert option.total == pytest.approx(option.hand_ev + option.crib_ev)
        assert pone[discard].total == pytest.approx(option.hand_ev - option.crib_ev)


def test_ranking_is_best_first_and_sensible():
    """Keeping 4-5-5-6 and throwing J K is best for either seat; throwing the two 5s to the
    opponent's crib is the worst for the pone."""
    pone = rank_discards(["5H", "5D", "JS", "4C", "6C", "KH"], dealer=False)
    assert [str(c) for c in pone[0].discard] == ["JS", "KH"]
    assert {str(c) for c in pone[-1].discard} == {"5H", "5D"}
    totals = [o.exact_total for o in pone]
    assert totals == sorted(totals, reverse=True)
    assert best_discard(["5H", "5D", "JS", "4C", "6C", "KH"], dealer=True).discard == pone[0].discard
    assert pone[0].hand_ev == pytest.approx(734 / 46)  # 4-5-5-6: 15.957 on average


def test_advisor_rejects_bad_hands():
    with pytest.raises(CribbageInputError, match="6 cards, not 5"):
        rank_discards(["5H", "5D", "JS", "4C", "6C"], dealer=True)
    with pytest.raises(CardParseError, match="'XX'"):
        rank_discards(["5H", "5D", "JS", "4C", "6C", "XX"], dealer=True)
    with pytest.raises(CardParseError, match="duplicate"):
        rank_discards(["5H", "5D", "JS", "4C", "6C", "5H"], dealer=True)
