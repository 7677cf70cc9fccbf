"""The discard advisor: the 15 ways to lay 2 of 6 cards away, ranked by expected points (exact).

For each discard, from the point of view of the player holding the six cards (46 cards unseen):

- **hand** — the average show score of the 4 kept cards over the 46 possible starters;
- **crib** — the expected show score of the crib (the 2 discards, 2 cards the opponent lays away,
  the starter) over every opponent discard and starter: the opponent's 2 cards are any 2 of the
  46 unseen cards and the starter any of the 44 left, all equally likely — **decision**: the
  advisor does not model the opponent's discarding strategy;
- **total** = hand + crib for the dealer (the crib is theirs), hand − crib for the pone.

Everything is exact (no sampling). Ranks and suits are counted separately: the rank part of the
crib is the rank table weighted by how many (opponent pair, starter) card triples have each rank
triple — the same weights for all 15 discards, so one matrix product prices every discard at once;
flush and nobs are counted directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from simulator.engine.playing_cards import JACK, SUIT_CHARS, Card
from simulator.games.cribbage.fastscore import RANKS, rank5_table
from simulator.games.cribbage.scoring import (
    CRIB_FLUSH_NEEDS_FIVE,
    NOBS_POINTS,
    CardLike,
    CribbageInputError,
    to_cards,
)

DEALT_HAND_SIZE = 6
UNSEEN = 52 - DEALT_HAND_SIZE  # 46 possible starters
#: Ordered (opponent card, opponent card, starter) triples of distinct unseen cards: 46 × 45 × 44.
CRIB_TRIPLES = UNSEEN * (UNSEEN - 1) * (UNSEEN - 2)
HAND_TO_CRIB = CRIB_TRIPLES // UNSEEN  # puts hand sums over the crib's denominator


@dataclass(frozen=True)
class DiscardOption:
    """One discard, with its expected points."""

    discard: tuple[Card, Card]
    keep: tuple[Card, Card, Card, Card]
    hand_ev: float  # expected show score of the kept cards
    crib_ev: float  # expected show score of the crib (positive; counts for the dealer)
    dealer: bool
    #: ``total`` as an exact fraction: the ranking key, so equal expectations tie exactly.
    exact_total: Fraction = field(repr=False)

    @property
    def total(self) -> float:
        """Expected points for this player: hand + crib (dealer) or hand − crib (pone)."""
        return self.hand_ev + self.crib_ev if self.dealer else self.hand_ev - self.crib_ev


@cache
def _rank5_flat() -> npt.NDArray[np.float64]:
    """The rank table as (13·13) × 13³ floats: row (d1, d2), column (a, b, c). Exact: small ints."""
    return rank5_table().astype(np.float64).reshape(RANKS * RANKS, RANKS**3)


def _crib_rank_weights(unseen: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
    """W[a, b, c] = ordered triples of distinct unseen cards with ranks (a, b, c)."""
    eye = np.eye(RANKS, dtype=np.int64)
    n_a = unseen[:, None, None]
    n_b = unseen[None, :, None] - eye[:, :, None]
    n_c = unseen[None, None, :] - eye[:, None, :] - eye[None, :, :]
    weights = n_a * np.maximum(n_b, 0) * np.maximum(n_c, 0)
    flat: npt.NDArray[np.float64] = weights.astype(np.float64).reshape(-1)
    return flat


def rank_discards(hand: Iterable[CardLike], *, dealer: bool) -> list[DiscardOption]:
    """The 15 discards of a 6-card hand, best first (ties: in the order of the hand's cards)."""
    cards = to_cards(hand)
    if len(cards) != DEALT_HAND_SIZE:
        raise CribbageInputError(f"a dealt hand has {DEALT_HAND_SIZE} cards, not {len(cards)}")
    return sorted(_evaluate(cards, dealer), key=lambda option: -option.exact_total)


def _evaluate(cards: Sequence[Card], dealer: bool) -> list[DiscardOption]:
    unseen_rank = np.full(RANKS, 4, dtype=np.int64)
    unseen_suit = dict.fromkeys(SUIT_CHARS, 13)
    for card in cards:
        unseen_rank[card.rank - 1] -= 1
        unseen_suit[card.suit] -= 1
    held = set(cards)
    crib_rank = (_rank5_flat() @ _crib_rank_weights(unseen_rank)).reshape(RANKS, RANKS)
    rank5 = rank5_table()
    sign = 1 if dealer else -1

    options: list[DiscardOption] = []
    for discard in combinations(cards, 2):
        keep = tuple(card for card in cards if card not in discard)
        # The hand: rank part over each starter rank, flush, nobs (the Jack is held, so every
        # unseen card of its suit is a starter that gives nobs).
        a, b, c, d = (card.rank - 1 for card in keep)
        hand_points = int(rank5[a, b, c, d] @ unseen_rank)
        suit = keep[0].suit
        if all(card.suit == suit for card in keep):
            hand_points += 4 * UNSEEN + unseen_suit[suit]
        hand_points += sum(NOBS_POINTS * unseen_suit[card.suit] for card in keep if card.rank == JACK)

        # The crib, counted over ordered (opponent card, opponent card, starter) triples.
        d1, d2 = discard
        crib_points = round(crib_rank[d1.rank - 1, d2.rank - 1])  # an integer held in a float
        if d1.suit == d2.suit:
            u = unseen_suit[d1.suit]
            crib_points += 5 * u * (u - 1) * (u - 2)  # the three others all of that suit
            if not CRIB_FLUSH_NEEDS_FIVE:
                crib_points += 4 * u * (u - 1) * (UNSEEN - u)
        for jack_suit in SUIT_CHARS:
            jack = Card(JACK, jack_suit)
            starters = unseen_suit[jack_suit]  # unseen cards of the Jack's suit
            if jack in discard:  # the starter is any unseen card of its suit
                crib_points += NOBS_POINTS * starters * (UNSEEN - 1) * (UNSEEN - 2)
            elif jack not in held:  # the opponent lays the Jack away; the starter is another of its suit
                crib_points += NOBS_POINTS * (starters - 1) * 2 * (UNSEEN - 2)

        options.append(
            DiscardOption(
                discard=(d1, d2),
                keep=(keep[0], keep[1], keep[2], keep[3]),
                hand_ev=hand_points / UNSEEN,
                crib_ev=crib_points / CRIB_TRIPLES,
                dealer=dealer,
                exact_total=Fraction(hand_points * HAND_TO_CRIB + sign * crib_points, CRIB_TRIPLES),
            )
        )
    return options


def best_discard(hand: Iterable[CardLike], *, dealer: bool) -> DiscardOption:
    """The advisor's first choice."""
    return rank_discards(hand, dealer=dealer)[0]
