"""Two-player Cribbage on the common game protocol (docs/rules/cribbage.md).

A deal runs: the dealer deals 6 cards each; the pone (non-dealer) then the dealer discard 2 to
the dealer's crib; the starter is cut (a Jack: 2 for the dealer, "his heels"); pegging, the pone
leading; the show (pone's hand, dealer's hand, the crib); the deal passes. The first player to
reach 121 wins at that very moment — while pegging, on his heels or in the show.

Chance (the cut for the first deal, shuffles, the starter) is drawn from the state's own RNG.
Actions are :class:`Discard`, :class:`Play` and :data:`GO`. A player who cannot play without
passing 31 must say go (it is then their only legal action); once one player has said go, the
other plays on while they can and then scores the go point automatically: nobody says go twice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import combinations
from typing import Any, Final

from simulator.engine.playing_cards import JACK, Card, full_deck
from simulator.engine.protocol import TERMINAL, Action, IllegalActionError
from simulator.games.cribbage.scoring import (
    GO_POINTS,
    HEELS_POINTS,
    MAX_COUNT,
    ShowBreakdown,
    peg_points,
    pip,
    show_breakdown,
)

#: docs/rules/cribbage.md §3: the first to reach 121 wins, at the moment it is reached.
WINNING_SCORE: Final = 121
#: A sanity bound on the ``target`` option.
MAX_TARGET: Final = 10_000
#: docs/rules/cribbage.md §2.1: the dealer deals 6 cards to each player.
DEALT_CARDS: Final = 6
#: docs/rules/cribbage.md §2.2: each player discards 2 cards to the crib.
DISCARDED_CARDS: Final = 2
#: docs/rules/cribbage.md §2.1 — **decision** (standard rule; the source only says "at random"):
#: the first dealer is chosen by a cut, the lower card dealing (ace low); equal ranks cut again.
FIRST_DEALER_BY_LOWER_CUT: Final = True

# Rule citations carried by IllegalActionError.rule.
RULE_GAME_OVER = "docs/rules/cribbage.md §3: the game is over once a player reaches the target"
RULE_DISCARD = "docs/rules/cribbage.md §2.2: each player discards 2 of their own cards to the crib"
RULE_DISCARD_FIRST = "docs/rules/cribbage.md §2.2–2.4: the discards are made before the play"
RULE_PLAY_OWN = "docs/rules/cribbage.md §2.4: a player lays a card from their own hand"
RULE_COUNT = "docs/rules/cribbage.md §2.4: the count may never exceed 31"
RULE_GO = 'docs/rules/cribbage.md §2.4: "go" only when no card can be played without exceeding 31'


class Phase(Enum):
    DISCARD = "discard"
    PEGGING = "pegging"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Discard:
    """Lay two cards away to the crib (the cards are kept sorted, so equal discards are equal)."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        cards = self.cards
        if not (len(cards) == 2 and cards[0] < cards[1]):  # the common case needs one comparison
            cards = tuple(sorted(cards))
        object.__setattr__(self, "cards", cards)

    def __str__(self) -> str:
        return "discard " + " ".join(map(str, self.cards))


@dataclass(frozen=True, slots=True)
class Play:
    """Lay one card in the pegging."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Go:
    """Say "go": no card can be played without passing 31."""

    def __str__(self) -> str:
        return "go"


GO: Final = Go()


class CribbageGame:
    """Cribbage with its options: ``target`` is the score that wins (121)."""

    name: str = "cribbage"

    def __init__(self, *, target: int = WINNING_SCORE) -> None:
        if not 1 <= target <= MAX_TARGET:
            raise ValueError(f"target must be between 1 and {MAX_TARGET}, not {target}")
        self.target = target

    def __repr__(self) -> str:
        return f"CribbageGame(target={self.target})"

    def new_initial_state(
        self, rng: random.Random, entrants: tuple[Any, Any] = (None, None)
    ) -> CribbageState:
        return CribbageState.new(self, rng)

    def state_from_position(
        self,
        *,
        dealer: int,
        hands: tuple[Sequence[Card], Sequence[Card]],
        starter: Card | None = None,
        scores: tuple[int, int] = (0, 0),
        rng: random.Random | None = None,
    ) -> CribbageState:
        """A game set up at the start of a known deal: given hands (6 cards each), scores and, if
        given, the starter that will be cut; the rest of the deck is shuffled with ``rng``. For
        puzzles, worked examples, tests and a record's first deal (``stack_next_deal`` gives the
        following deals)."""
        rng = rng if rng is not None else random.Random(0)
        dealt = [*hands[0], *hands[1], *([starter] if starter else [])]
        if len(hands[0]) != DEALT_CARDS or len(hands[1]) != DEALT_CARDS:
            raise ValueError(f"each hand must have {DEALT_CARDS} cards")
        if len(set(dealt)) != len(dealt):
            raise ValueError("a card is dealt twice")
        if dealer not in (0, 1):
            raise ValueError("dealer must be seat 0 or 1")
        state = CribbageState(self, rng)
        state.first_dealer = state.dealer = dealer
        state.scores = list(scores)
        state.deals = 1
        state.hands = [sorted(hands[0]), sorted(hands[1])]
        state.deck = [card for card in full_deck() if card not in set(dealt)]
        rng.shuffle(state.deck)
        if starter is not None:
            state._fixed_starter = starter
            state.deck.append(starter)
        state.to_move = 1 - dealer
        return state


class CribbageState:
    """One position. Seats 0 and 1; ``scores``, hands and piles are plain lists (mutable)."""

    def __init__(self, game: CribbageGame, rng: random.Random) -> None:
        self.game = game
        self.rng = rng
        self.log: list[dict[str, Any]] | None = None
        self.phase = Phase.DISCARD
        self.scores = [0, 0]
        self.dealer = 0
        self.first_dealer = 0
        self.deals = 0
        self.winner: int | None = None
        self.won_during: str | None = None
        # The current deal.
        self.hands: list[list[Card]] = [[], []]  # cards held (6, then 4 shrinking as they are played)
        self.played: list[list[Card]] = [[], []]  # cards each laid in the pegging, in order
        self.discards: list[tuple[Card, ...] | None] = [None, None]  # each seat's 2 cards in the crib
        self.deck: list[Card] = []  # undealt cards (the starter is cut from them)
        self.starter: Card | None = None
        self.count = 0
        self.series: list[Card] = []  # cards of the current series, in play order
        self.said_go = [False, False]  # in the current series
        self.last_player: int | None = None  # who laid the last card of the current series
        self.to_move = 0
        #: Per seat, the counts at which they could not play in this deal (what the opponent learns).
        self.go_counts: list[list[int]] = [[], []]
        #: The cuts for the first deal (seat 0's card, seat 1's card); more than one after a tie.
        self.cuts: list[tuple[Card, Card]] = []
        self._fixed_starter: Card | None = None  # set by state_from_position for a known deal
        #: The next deal, stacked by :meth:`stack_next_deal` (hands by seat, starter).
        self._next_deal: tuple[tuple[list[Card], list[Card]], Card | None] | None = None

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def new(cls, game: CribbageGame, rng: random.Random) -> CribbageState:
        """A new game: cut for the first deal, then deal."""
        state = cls(game, rng)
        state.first_dealer = state.dealer = state._cut_for_deal()
        state._deal()
        return state

    def stack_next_deal(
        self, hands: tuple[Sequence[Card], Sequence[Card]], starter: Card | None = None
    ) -> None:
        """Make the next deal (when the deal passes) give these hands (6 cards each, by seat) and,
        if given, cut this starter, instead of shuffling. For replaying a game record deal by deal."""
        dealt = [*hands[0], *hands[1], *([starter] if starter else [])]
        if len(hands[0]) != DEALT_CARDS or len(hands[1]) != DEALT_CARDS:
            raise ValueError(f"each hand must have {DEALT_CARDS} cards")
        if len(set(dealt)) != len(dealt):
            raise ValueError("a card is dealt twice")
        self._next_deal = ((sorted(hands[0]), sorted(hands[1])), starter)

    def enable_log(self) -> None:
        """Record every event (JSON-serialisable dicts) in :attr:`log` from now on.

        The log starts with the cut for the first deal and the current deal (the hands as they
        are now), since the state is usually made before anyone asks for a log."""
        if self.log is not None:
            return
        self.log = [{"event": "cut_for_deal", "cards": [str(c) for c in cut]} for cut in self.cuts]
        if self.deals and self.phase is not Phase.OVER:
            self._event(
                "deal",
                deal=self.deals,
                dealer=self.dealer,
                hands=[[str(c) for c in h] for h in self.hands],
            )

    def _event(self, event: str, **facts: Any) -> None:
        if self.log is not None:
            self.log.append({"event": event, **facts})

    def _cut_for_deal(self) -> int:
        """docs/rules/cribbage.md §2.1 (FIRST_DEALER_BY_LOWER_CUT): each cuts a card; the lower deals."""
        deck = full_deck()
        while True:
            cut = self.rng.sample(deck, 2)
            self.cuts.append((cut[0], cut[1]))
            self._event("cut_for_deal", cards=[str(c) for c in cut])
            if cut[0].rank != cut[1].rank:
                return 0 if cut[0].rank < cut[1].rank else 1

    def _deal(self) -> None:
        """docs/rules/cribbage.md §2.1: shuffle, 6 cards each (or the deal stacked by stack_next_deal)."""
        self.deals += 1
        pone = 1 - self.dealer
        if self._next_deal is None:
            deck = full_deck()
            self.rng.shuffle(deck)
            self.hands = [[], []]
            self.hands[pone] = sorted(deck[0:12:2])
            self.hands[self.dealer] = sorted(deck[1:12:2])
            self.deck = deck[12:]
        else:
            (hand0, hand1), starter = self._next_deal
            self._next_deal = None
            self.hands = [list(hand0), list(hand1)]
            dealt = {*hand0, *hand1}
            self.deck = [card for card in full_deck() if card not in dealt and card != starter]
            if starter is not None:
                self.deck.append(starter)
            self._fixed_starter = starter
        self.played = [[], []]
        self.discards = [None, None]
        self.starter = None
        self.count = 0
        self.series = []
        self.said_go = [False, False]
        self.last_player = None
        self.go_counts = [[], []]
        self.phase = Phase.DISCARD
        self.to_move = pone
        self._event(
            "deal", deal=self.deals, dealer=self.dealer, hands=[[str(c) for c in h] for h in self.hands]
        )

    # -- protocol -------------------------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self.phase is Phase.OVER else self.to_move

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def returns(self) -> tuple[float, float]:
        if self.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)

    def legal_actions(self) -> list[Action]:
        if self.phase is Phase.DISCARD:
            return [Discard(pair) for pair in combinations(self.hands[self.to_move], DISCARDED_CARDS)]
        if self.phase is Phase.PEGGING:
            playable: list[Action] = [
                Play(card) for card in self.hands[self.to_move] if self.count + pip(card) <= MAX_COUNT
            ]
            return playable or [GO]
        return []

    def apply(self, action: Action) -> None:
        if self.phase is Phase.OVER:
            raise IllegalActionError("the game is over", rule=RULE_GAME_OVER, action=action)
        seat = self.to_move
        if self.phase is Phase.DISCARD:
            if not isinstance(action, Discard):
                raise IllegalActionError(
                    f"{action} is not a discard: first lay 2 cards away",
                    rule=RULE_DISCARD_FIRST,
                    action=action,
                )
            self._discard(seat, action)
        elif isinstance(action, Play):
            self._play(seat, action.card)
        elif isinstance(action, Discard):
            raise IllegalActionError(
                f"{action}: the discards are already made", rule=RULE_DISCARD_FIRST, action=action
            )
        elif isinstance(action, Go):
            if any(self.count + pip(card) <= MAX_COUNT for card in self.hands[seat]):
                raise IllegalActionError(
                    f"cannot say go at count {self.count} holding a playable card",
                    rule=RULE_GO,
                    action=action,
                )
            self._go(seat)
        else:
            raise IllegalActionError(
                f"{action!r} is not a pegging action (play a card or say go)",
                rule=RULE_PLAY_OWN,
                action=action,
            )

    # -- the discard ----------------------------------------------------------------------
    def _discard(self, seat: int, action: Discard) -> None:
        cards = action.cards
        hand = self.hands[seat]
        if len(cards) != DISCARDED_CARDS or len(set(cards)) != DISCARDED_CARDS:
            raise IllegalActionError(f"{action} must name exactly 2 cards", rule=RULE_DISCARD, action=action)
        missing = [str(card) for card in cards if card not in hand]
        if missing:
            raise IllegalActionError(
                f"{action}: {' '.join(missing)} not in your hand", rule=RULE_DISCARD, action=action
            )
        self.hands[seat] = [card for card in hand if card not in cards]
        self.discards[seat] = cards
        self._event("discard", seat=seat, cards=[str(c) for c in cards])
        if self.discards[self.dealer] is None:
            self.to_move = self.dealer
            return
        self._cut_starter()

    def _cut_starter(self) -> None:
        """docs/rules/cribbage.md §2.3: cut the starter; a Jack gives the dealer 2 (his heels)."""
        if self._fixed_starter is not None and self._fixed_starter in self.deck:
            self.deck.remove(self._fixed_starter)
            starter = self._fixed_starter
        else:
            starter = self.deck.pop(self.rng.randrange(len(self.deck)))
        self._fixed_starter = None
        self.starter = starter
        self._event("starter", card=str(starter))
        if starter.rank == JACK and self._score(self.dealer, HEELS_POINTS, "his heels", "heels"):
            return
        self.phase = Phase.PEGGING
        self.to_move = 1 - self.dealer  # docs/rules/cribbage.md §2.4: the non-dealer plays first

    # -- pegging --------------------------------------------------------------------------
    def _play(self, seat: int, card: Card) -> None:
        if card not in self.hands[seat]:
            raise IllegalActionError(f"{card} is not in your hand", rule=RULE_PLAY_OWN, action=Play(card))
        if self.count + pip(card) > MAX_COUNT:
            raise IllegalActionError(
                f"{card} would take the count from {self.count} to {self.count + pip(card)}",
                rule=RULE_COUNT,
                action=Play(card),
            )
        self.hands[seat].remove(card)
        self.played[seat].append(card)
        self.series.append(card)
        self.count += pip(card)
        self.last_player = seat
        points = peg_points([c.rank for c in self.series], self.count)
        self._event(
            "play", seat=seat, card=str(card), count=self.count, points=points.total, reasons=points.reasons()
        )
        if points.total and self._score(seat, points.total, ", ".join(points.reasons()), "pegging"):
            return
        if self.count == MAX_COUNT:  # 2 for 31 (already scored), never an extra point for the go
            self._end_series()
            return
        other = 1 - seat
        if self.hands[other] and not self.said_go[other]:
            self.to_move = other
        else:
            self._continue_or_go(seat)

    def _go(self, seat: int) -> None:
        self.said_go[seat] = True
        self.go_counts[seat].append(self.count)
        self._event("go", seat=seat, count=self.count)
        assert self.last_player is not None  # a series always starts with a card
        self._continue_or_go(self.last_player)

    def _continue_or_go(self, seat: int) -> None:
        """``seat`` laid the last card and the opponent cannot play: play on, or score the go."""
        if any(self.count + pip(card) <= MAX_COUNT for card in self.hands[seat]):
            self.to_move = seat
            return
        if self.hands[seat]:
            self.go_counts[seat].append(self.count)
        last_card = not self.hands[0] and not self.hands[1]
        reason = "last card" if last_card else "go"
        if self._score(seat, GO_POINTS, reason, "pegging"):
            return
        self._end_series()

    def _end_series(self) -> None:
        """docs/rules/cribbage.md §2.4: the count resets; the player who did not lay the last card leads."""
        assert self.last_player is not None
        self.count = 0
        self.series = []
        self.said_go = [False, False]
        leader = 1 - self.last_player
        if not self.hands[leader]:
            leader = self.last_player
        if not self.hands[leader]:
            self._show()
            return
        self._event("reset", leader=leader)
        self.to_move = leader

    # -- the show -------------------------------------------------------------------------
    def _show(self) -> None:
        """docs/rules/cribbage.md §2.5: pone's hand, dealer's hand, then the crib, stopping at a win."""
        assert self.starter is not None
        pone = 1 - self.dealer
        crib = [*(self.discards[pone] or ()), *(self.discards[self.dealer] or ())]
        for seat, cards, is_crib in (
            (pone, sorted(self.played[pone]), False),
            (self.dealer, sorted(self.played[self.dealer]), False),
            (self.dealer, sorted(crib), True),
        ):
            breakdown = show_breakdown(cards, self.starter, crib=is_crib)
            self._event(
                "show",
                seat=seat,
                crib=is_crib,
                cards=[str(c) for c in cards],
                starter=str(self.starter),
                breakdown=breakdown.as_dict(),
                details=_describe(breakdown),
            )
            if breakdown.total and self._score(seat, breakdown.total, "crib" if is_crib else "hand", "show"):
                return
        self.dealer = 1 - self.dealer  # docs/rules/cribbage.md §2.6: the deal passes
        self._deal()

    def _score(self, seat: int, points: int, reason: str, during: str) -> bool:
        """Peg ``points``; True when that wins the game (docs/rules/cribbage.md §3: at once)."""
        self.scores[seat] += points
        self._event("score", seat=seat, points=points, reason=reason, scores=list(self.scores))
        if self.scores[seat] >= self.game.target:
            self.winner = seat
            self.won_during = during
            self.phase = Phase.OVER
            self._event("win", seat=seat, during=during, scores=list(self.scores))
            return True
        return False

    # -- views ----------------------------------------------------------------------------
    def crib_owner(self) -> int:
        return self.dealer

    def unseen_cards(self, player: int) -> list[Card]:
        """Every card ``player`` cannot see now, in no particular order: the opponent's held
        cards and discards, the undealt deck (with the starter while it is not cut)."""
        opponent = 1 - player
        return [*self.hands[opponent], *(self.discards[opponent] or ()), *self.deck]

    # -- copies ---------------------------------------------------------------------------
    def clone(self) -> CribbageState:
        other = CribbageState.__new__(CribbageState)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.log = None if self.log is None else list(self.log)
        other.scores = list(self.scores)
        other.hands = [list(self.hands[0]), list(self.hands[1])]
        other.played = [list(self.played[0]), list(self.played[1])]
        other.discards = list(self.discards)
        other.deck = list(self.deck)
        other.series = list(self.series)
        other.said_go = list(self.said_go)
        other.go_counts = [list(self.go_counts[0]), list(self.go_counts[1])]
        return other

    def determinize(self, player: int, rng: random.Random) -> CribbageState:
        """Re-deal what ``player`` cannot see: the opponent's held cards and crib discards, and
        the undealt deck (with the starter until it is cut), uniformly among the deals
        consistent with what ``player`` knows — including that the opponent, whenever they
        could not play at some count this deal, held no card of pip ≤ 31 − that count."""
        copy = self.clone()
        copy.log = None
        copy._fixed_starter = None
        copy._next_deal = None
        copy.rng = random.Random(rng.getrandbits(64))
        if self.phase is Phase.OVER:
            return copy
        opponent = 1 - player
        unseen = self.unseen_cards(player)
        threshold = max((MAX_COUNT - count for count in self.go_counts[opponent]), default=0)
        eligible = [card for card in unseen if pip(card) > threshold]
        held = rng.sample(eligible, len(self.hands[opponent]))
        rest = [card for card in unseen if card not in set(held)]
        rng.shuffle(rest)
        copy.hands[opponent] = sorted(held)
        if self.discards[opponent] is not None:
            copy.discards[opponent] = tuple(sorted(rest[:DISCARDED_CARDS]))
            rest = rest[DISCARDED_CARDS:]
        copy.deck = rest
        return copy

    # -- reporting ------------------------------------------------------------------------
    def summary(self) -> Mapping[str, Any]:
        return {
            "turns": self.deals,
            "end_reason": str(self.game.target) if self.winner is not None else "unfinished",
            "won_during": self.won_during,
            "first_player": 1 - self.first_dealer,
            "first_dealer": self.first_dealer,
            "score": list(self.scores),
            "winner": self.winner,
        }

    def __repr__(self) -> str:
        return (
            f"CribbageState(deal={self.deals}, dealer={self.dealer}, phase={self.phase.value}, "
            f"scores={self.scores}, count={self.count})"
        )


def _describe(breakdown: ShowBreakdown) -> list[str]:
    """Each scoring combination in words, for logs and the terminal."""
    lines = [f"fifteen {'+'.join(map(str, combo))} for 2" for combo in breakdown.fifteens]
    lines += [f"pair {a} {b} for 2" for a, b in breakdown.pairs]
    lines += [f"run {' '.join(map(str, run))} for {len(run)}" for run in breakdown.runs]
    if breakdown.flush:
        lines.append(f"flush for {breakdown.flush}")
    if breakdown.nobs is not None:
        lines.append(f"his nobs {breakdown.nobs} for 1")
    return lines
