"""Show and pegging scoring — the readable reference implementation.

docs/rules/cribbage.md §2.4 (pegging) and §5 (the show). These functions favour clarity: every
fifteen, pair and run is found by listing card combinations, exactly as a player counts them.
The fast paths (:mod:`simulator.games.cribbage.fastscore`, the table and the advisor) are tested
against them.

Cards may be given as :class:`~simulator.engine.playing_cards.Card` or as strings in the
project's notation (``5H``, ``TS``, ``10S``, ``jd``); a bad card raises
:class:`~simulator.engine.playing_cards.CardParseError` naming it, and so does a duplicate.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise
from typing import Final

from simulator.engine.playing_cards import JACK, Card, CardParseError, parse_card
from simulator.engine.protocol import GameError

CardLike = Card | str

#: docs/rules/cribbage.md §2.5: a hand (and the crib) is 4 cards, scored with the starter.
SHOW_HAND_SIZE: Final = 4
#: docs/rules/cribbage.md §2.4: the count may never exceed 31.
MAX_COUNT: Final = 31
#: docs/rules/cribbage.md §2.4 and §5: a fifteen scores 2.
FIFTEEN_POINTS: Final = 2
#: docs/rules/cribbage.md §2.4: exactly 31 scores 2 (never 2 + 1 for the last card).
THIRTY_ONE_POINTS: Final = 2
#: docs/rules/cribbage.md §2.4: a go or the last card of the play scores 1.
GO_POINTS: Final = 1
#: docs/rules/cribbage.md §2.5: each pair scores 2.
PAIR_POINTS: Final = 2
#: docs/rules/cribbage.md §2.5: his nobs (the Jack of the starter's suit in the hand) scores 1.
NOBS_POINTS: Final = 1
#: docs/rules/cribbage.md §2.3: a Jack turned up as starter scores 2 for the dealer (his heels).
HEELS_POINTS: Final = 2
#: docs/rules/cribbage.md §2.5 — **decision** (standard rule, the source is silent): in the crib
#: only a five-card flush (the four crib cards and the starter of one suit) counts; a hand's
#: four-card flush scores 4, five with the starter.
CRIB_FLUSH_NEEDS_FIVE: Final = True


class CribbageInputError(GameError, ValueError):
    """Cards that parse but do not make a scorable hand (wrong number of cards, count over 31)."""


def pip(card: Card) -> int:
    """Pip value for fifteens and the count: A = 1, 2..10 face value, J Q K = 10
    (docs/rules/cribbage.md §1)."""
    return card.rank if card.rank < 10 else 10


def to_card(card: CardLike) -> Card:
    return card if isinstance(card, Card) else parse_card(card)


def to_cards(cards: Iterable[CardLike], *, exclude: Iterable[Card] = ()) -> list[Card]:
    """Parse cards (strings or :class:`Card`); a card given twice, or one of ``exclude``, is an error."""
    seen: set[Card] = set(exclude)
    out: list[Card] = []
    for raw in cards:
        card = to_card(raw)
        if card in seen:
            raise CardParseError(f"duplicate card {str(raw)!r}", card=str(raw))
        seen.add(card)
        out.append(card)
    return out


@dataclass(frozen=True)
class ShowBreakdown:
    """What a hand (or the crib) scores in the show, category by category, with the cards."""

    fifteens: tuple[tuple[Card, ...], ...]
    pairs: tuple[tuple[Card, Card], ...]
    runs: tuple[tuple[Card, ...], ...]
    flush: int
    nobs: Card | None

    @property
    def fifteen_points(self) -> int:
        return FIFTEEN_POINTS * len(self.fifteens)

    @property
    def pair_points(self) -> int:
        return PAIR_POINTS * len(self.pairs)

    @property
    def run_points(self) -> int:
        return sum(len(run) for run in self.runs)

    @property
    def nobs_points(self) -> int:
        return NOBS_POINTS if self.nobs is not None else 0

    @property
    def total(self) -> int:
        return self.fifteen_points + self.pair_points + self.run_points + self.flush + self.nobs_points

    def as_dict(self) -> dict[str, int]:
        return {
            "fifteens": self.fifteen_points,
            "pairs": self.pair_points,
            "runs": self.run_points,
            "flush": self.flush,
            "nobs": self.nobs_points,
            "total": self.total,
        }


def _is_run(cards: Sequence[Card]) -> bool:
    ranks = sorted(card.rank for card in cards)
    return all(b == a + 1 for a, b in pairwise(ranks))


def show_breakdown(hand: Iterable[CardLike], starter: CardLike, *, crib: bool = False) -> ShowBreakdown:
    """Score a 4-card hand (or crib, ``crib=True``) with the starter, category by category.

    docs/rules/cribbage.md §2.5: every distinct combination summing to 15 (2 each), every pair
    (2 each), every run of 3+ counted once per distinct combination of the longest length, the
    flush (4 in hand, 5 with the starter; crib: 5 only), his nobs (1).
    """
    cards = to_cards(hand)
    if len(cards) != SHOW_HAND_SIZE:
        raise CribbageInputError(f"a hand to score has {SHOW_HAND_SIZE} cards, not {len(cards)}")
    turned = to_cards([starter], exclude=cards)[0]
    five = [*cards, turned]

    fifteens = tuple(
        combo for size in range(2, 6) for combo in combinations(five, size) if sum(map(pip, combo)) == 15
    )
    pairs = tuple((a, b) for a, b in combinations(five, 2) if a.rank == b.rank)
    runs: tuple[tuple[Card, ...], ...] = ()
    for length in (5, 4, 3):  # only the longest runs count, once per distinct combination
        runs = tuple(tuple(sorted(c)) for c in combinations(five, length) if _is_run(c))
        if runs:
            break

    flush = 0
    if len({card.suit for card in cards}) == 1:
        if turned.suit == cards[0].suit:
            flush = 5
        elif not (crib and CRIB_FLUSH_NEEDS_FIVE):
            flush = 4
    nobs = next((card for card in cards if card.rank == JACK and card.suit == turned.suit), None)
    return ShowBreakdown(fifteens=fifteens, pairs=pairs, runs=runs, flush=flush, nobs=nobs)


def score_show(hand: Iterable[CardLike], starter: CardLike, *, crib: bool = False) -> int:
    """Total points of a 4-card hand (or crib) with the starter (docs/rules/cribbage.md §2.5)."""
    return show_breakdown(hand, starter, crib=crib).total


@dataclass(frozen=True)
class PeggingScore:
    """Points for the last card laid in the current series (docs/rules/cribbage.md §2.4)."""

    fifteen: int = 0
    thirty_one: int = 0
    pairs: int = 0  # 2, 6 or 12
    run: int = 0  # the run's length, 0 when none

    @property
    def total(self) -> int:
        return self.fifteen + self.thirty_one + self.pairs + self.run

    def reasons(self) -> list[str]:
        """Human-readable reasons, e.g. ``["fifteen for 2", "pair for 2"]``."""
        out: list[str] = []
        if self.fifteen:
            out.append(f"fifteen for {self.fifteen}")
        if self.thirty_one:
            out.append(f"thirty-one for {self.thirty_one}")
        if self.pairs:
            name = {2: "pair", 6: "pair royal", 12: "double pair royal"}[self.pairs]
            out.append(f"{name} for {self.pairs}")
        if self.run:
            out.append(f"run of {self.run} for {self.run}")
        return out


def peg_points(ranks: Sequence[int], count: int) -> PeggingScore:
    """Pegging points of the last of ``ranks`` (the current series, in play order) at ``count``.

    Hot path of the engine: no validation. ``count`` is the running count after the last card.
    """
    fifteen = FIFTEEN_POINTS if count == 15 else 0
    thirty_one = THIRTY_ONE_POINTS if count == MAX_COUNT else 0
    n = len(ranks)
    last = ranks[-1]
    same = 1
    while same < n and ranks[n - 1 - same] == last:
        same += 1
    pairs = same * (same - 1)  # 2 of a rank = 2, 3 = 6, 4 = 12
    run = 0
    if same == 1:  # a repeated last rank can never end a run
        for length in range(n, 2, -1):  # the longest run of the last n cards, in any order
            tail = ranks[n - length :]
            if max(tail) - min(tail) == length - 1 and len(set(tail)) == length:
                run = length
                break
    return PeggingScore(fifteen=fifteen, thirty_one=thirty_one, pairs=pairs, run=run)


def pegging_breakdown(cards_in_current_series: Iterable[CardLike]) -> PeggingScore:
    """What the last card of the current series scores, category by category (validated)."""
    cards = to_cards(cards_in_current_series)
    if not cards:
        raise CribbageInputError("the current series is empty: no card was played")
    count = sum(map(pip, cards))
    if count > MAX_COUNT:
        raise CribbageInputError(f"the count {count} exceeds {MAX_COUNT}")
    return peg_points([card.rank for card in cards], count)


def score_pegging(cards_in_current_series: Iterable[CardLike]) -> int:
    """Points for the last card played, given every card of the current series in play order.

    docs/rules/cribbage.md §2.4: 15 → 2, 31 → 2, pairs 2/6/12, the longest run of the last n
    cards in any order. The go / last-card point is not included: it is not earned by the card
    itself but by the opponent's inability to play (the engine awards it), and never with 31.
    """
    return pegging_breakdown(cards_in_current_series).total
