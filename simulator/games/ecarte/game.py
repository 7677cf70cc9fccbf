"""Écarté for two players on the common game protocol (rules: ``docs/ecarte.md``, ecarte.md).

A game is a series of deals. In each deal the non-dealer proposes or plays; the dealer accepts or
refuses; accepted proposals lead to discards and draws (non-dealer first), repeated while both agree
and the stock lasts; then five tricks are played. Points are scored the moment they are won and the
first player to reach :data:`TARGET_SCORE` wins, even in the middle of a deal.

Every rule decision is a named constant or an option of :class:`EcarteOptions`, with a docstring
citing the rule.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final

from simulator.engine.playing_cards import KING, Card, format_cards
from simulator.engine.protocol import TERMINAL, GameError, IllegalActionError
from simulator.games.ecarte.cards import DECK, DECK_SIZE, STRENGTH, SUIT_NAMES, beats, sort_key, sorted_hand

# ---------------------------------------------------------------------------------------------
# Rule constants and decisions
# ---------------------------------------------------------------------------------------------

TARGET_SCORE: Final = 5
"""docs/rules/ecarte.md §1 / "Game" — the first player to score 5 points wins."""

HAND_SIZE: Final = 5
"""docs/rules/ecarte.md §2.2 — the dealer deals 5 cards to each player."""

TRICKS_PER_DEAL: Final = 5
"""docs/rules/ecarte.md §2.6 — five tricks are played."""

TRICKS_FOR_THE_POINT: Final = 3
"""docs/rules/ecarte.md §2.7 — taking 3 or 4 tricks scores "le point"."""

POINT: Final = 1
"""docs/rules/ecarte.md §2.7 — "le point": 1 for 3 or 4 tricks."""

VOLE: Final = 2
"""docs/rules/ecarte.md §2.7 — "la vole": 2 for all five tricks."""

UNPROPOSED_POINT: Final = 2
"""docs/rules/ecarte.md §2.7 — 2 for the non-dealer who played without proposing, or whose
proposal the dealer refused, and who takes at least 3 tricks (nothing extra for the vole)."""

TURNED_KING_POINTS: Final = 1
"""docs/rules/ecarte.md §2.3 — a King turned up scores 1 for the dealer."""

KING_OF_TRUMPS_POINTS: Final = 1
"""docs/rules/ecarte.md §2.5 — the King of trumps announced scores 1 for its holder."""

NON_DEALER_DISCARD_LIMITS: Final = (1, 5)
"""[decision] docs/rules/ecarte.md §2.4 — on acceptance the non-dealer discards 1 to 5 cards
(standard écarté), never more than the stock still holds."""

DEALER_DISCARD_LIMITS: Final = (0, 5)
"""[decision] docs/rules/ecarte.md §2.4 — then the dealer discards 0 to 5 cards (standard
écarté), never more than the stock still holds; with the stock empty the dealer's turn is skipped."""

EXCHANGE_ORDER: Final = ("non-dealer", "dealer")
"""[decision] docs/rules/ecarte.md §2.4 — the non-dealer discards and draws first, then the
dealer (standard écarté). Each draws as many cards as they discarded, from the top of the stock."""

TURNED_KING_SCORED_AUTOMATICALLY: Final = True
"""[decision] docs/rules/ecarte.md §2.3 — the source lets the dealer announce a turned-up King
"at any time before the next deal"; the engine scores it at once, when the card is turned."""

KING_OF_TRUMPS_ANNOUNCED_AUTOMATICALLY: Final = True
"""[decision] docs/rules/ecarte.md §2.5 — the engine announces the King of trumps for its holder
at the latest moment the rule allows: as the holder plays their first card of the deal (so a holder
on 4 points wins there and then). The King held is the one in hand when the tricks begin; the
turned-up King is never in a hand, so both cannot score in one deal."""

STRICT_DEFAULT: Final = False
"""[decision] docs/rules/ecarte.md §2.6 — a player unable to follow suit may play any card (the
source); the ``strict`` option (standard écarté) also obliges them to trump if they can."""

POINTS_SCORED_WHEN_WON: Final = True
"""[decision] docs/rules/ecarte.md §3 — "points go to the scorer at once": the point (or the 2
points) is scored as the third trick is taken, the vole's second point as the fifth is taken, so a
player reaching 5 ends the game in the middle of the deal. Nothing later in a deal can change the
player who has taken 3 tricks, so this never changes who wins, only when the game stops."""

UNPROPOSED_MEANS_NO_PROPOSAL_THIS_DEAL: Final = True
"""[decision] docs/rules/ecarte.md §2.7 — "played without proposing" means the non-dealer played
before making any proposal in this deal; after an accepted exchange, declining to propose again is
not "without proposing". A refusal counts whenever it happens (the rule says "a proposal")."""


class EcarteOptionError(GameError, ValueError):
    """An unknown or ill-typed option given to :func:`make_game`."""


@dataclass(frozen=True, slots=True)
class EcarteOptions:
    """The rule options of a game of Écarté."""

    strict: bool = STRICT_DEFAULT
    """[decision] docs/rules/ecarte.md §2.6 — when True, a player who cannot follow suit must
    trump if able (standard écarté); see :data:`STRICT_DEFAULT`."""


# ---------------------------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------------------------


class Move(Enum):
    """The kinds of action of Écarté."""

    PROPOSE = "propose"  # non-dealer: ask for an exchange of cards
    PLAY = "play"  # non-dealer: play the hand as it stands (no proposal, or no further proposal)
    ACCEPT = "accept"  # dealer: accept the proposal
    REFUSE = "refuse"  # dealer: refuse it; the tricks begin
    DISCARD = "discard"  # exchanging player: the cards to discard (and draw as many)
    CARD = "card"  # a card played to a trick


@dataclass(frozen=True, slots=True)
class EcarteAction:
    """One action: a :class:`Move` and, for discards and card play, its cards (discards sorted)."""

    move: Move
    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if self.move is Move.DISCARD:
            object.__setattr__(self, "cards", tuple(sorted(self.cards, key=sort_key)))

    @property
    def card(self) -> Card:
        """The card played (card play only)."""
        return self.cards[0]

    def __str__(self) -> str:
        if self.move is Move.DISCARD:
            return "discard " + (format_cards(self.cards) or "nothing")
        if self.move is Move.CARD:
            return f"card {self.cards[0]}"
        if self.move is Move.PLAY:
            return "play the hand"
        return str(self.move.value)


PROPOSE: Final = EcarteAction(Move.PROPOSE)
PLAY: Final = EcarteAction(Move.PLAY)
ACCEPT: Final = EcarteAction(Move.ACCEPT)
REFUSE: Final = EcarteAction(Move.REFUSE)
_CARD_ACTIONS: Final[dict[Card, EcarteAction]] = {card: EcarteAction(Move.CARD, (card,)) for card in DECK}


def discard(cards: Iterable[Card]) -> EcarteAction:
    """The action of discarding ``cards`` (in any order)."""
    return EcarteAction(Move.DISCARD, tuple(cards))


def play_card(card: Card) -> EcarteAction:
    """The action of playing ``card`` to the current trick."""
    return _CARD_ACTIONS.get(card) or EcarteAction(Move.CARD, (card,))


class Phase(Enum):
    PROPOSAL = "proposal"  # the non-dealer proposes or plays
    RESPONSE = "response"  # the dealer accepts or refuses
    DISCARD = "discard"  # an accepted exchange: non-dealer, then dealer
    TRICKS = "tricks"
    OVER = "over"


TOP: Final = STRENGTH[KING]
VOID: Final = -1

# Rule citations used in error messages.
RULE_PROPOSALS: Final = "docs/rules/ecarte.md §2.4 — proposals"
RULE_DISCARDS: Final = "docs/rules/ecarte.md §2.4 — discards and draws"
RULE_FOLLOW: Final = "docs/rules/ecarte.md §2.6 — must follow suit if able"
RULE_WIN: Final = "docs/rules/ecarte.md §2.6 — must win the trick if able"
RULE_STRICT: Final = "docs/rules/ecarte.md §2.6 — strict variant: must trump when unable to follow"
RULE_TURN: Final = "docs/rules/ecarte.md §2 — order of play"
RULE_HAND: Final = "docs/rules/ecarte.md §2.6 — a player plays a card from their own hand"
RULE_GAME: Final = "docs/rules/ecarte.md §3 — the game ends at 5 points"


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: who led, the two cards in the order played, and who took it."""

    leader: int
    cards: tuple[Card, Card]
    winner: int


def trick_winner(leader: int, led: Card, second: Card, trump: str) -> int:
    """The seat taking a trick led by ``leader`` with ``led`` and answered with ``second``."""
    return 1 - leader if beats(second, led, trump) else leader


def legal_cards(hand: Sequence[Card], led: Card | None, trump: str, *, strict: bool) -> list[Card]:
    """The cards of ``hand`` that may be played (docs/rules/ecarte.md §2.6).

    Leading: any card. Second to the trick: follow suit if able, and then win the trick if able;
    unable to follow, any card (``strict``: a trump if able).
    """
    if led is None:
        return list(hand)
    same = [c for c in hand if c.suit == led.suit]
    if same:
        led_strength = STRENGTH[led.rank]
        winners = [c for c in same if STRENGTH[c.rank] > led_strength]
        return winners or same
    if strict:
        trumps = [c for c in hand if c.suit == trump]
        if trumps:
            return trumps
    return list(hand)


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------


class EcarteGame:
    """Écarté with its options; makes initial states (protocol :class:`simulator.engine.Game`)."""

    name = "ecarte"

    def __init__(self, options: EcarteOptions | None = None) -> None:
        self.options = options or EcarteOptions()

    def new_initial_state(self, rng: random.Random, entrants: tuple[Any, Any] = (None, None)) -> EcarteState:
        """A new game: the first dealer is chosen at random (docs/rules/ecarte.md §2.1)."""
        dealer = rng.randrange(2)
        state = EcarteState(self.options, rng)
        state.start_deal(dealer, list(DECK), shuffle=True)
        return state

    def state_from_position(
        self,
        *,
        dealer: int,
        hands: tuple[Sequence[Card], Sequence[Card]],
        turned: Card,
        stock: Sequence[Card] = (),
        scores: tuple[int, int] = (0, 0),
        rng: random.Random | None = None,
    ) -> EcarteState:
        """A game set up at the start of a known deal: for tests, puzzles and a record's first
        deal (``stack_next_deal`` gives the following deals).

        ``hands`` by seat, the ``turned`` trump card, the top of the ``stock`` (first card drawn
        first); the cards not named go under it in pack order. Later deals are shuffled by ``rng``.
        """
        if dealer not in (0, 1) or any(not 0 <= s < TARGET_SCORE for s in scores):
            raise GameError(f"dealer must be 0 or 1 and scores within 0..{TARGET_SCORE - 1}")
        deck = stacked_deck(dealer, hands, turned, stock)
        state = EcarteState(self.options, rng or random.Random(0))
        state.scores = list(scores)
        state.start_deal(dealer, deck, shuffle=False)
        return state


def stacked_deck(
    dealer: int, hands: tuple[Sequence[Card], Sequence[Card]], turned: Card, stock: Sequence[Card]
) -> list[Card]:
    """The pack in the order :meth:`EcarteState.start_deal` deals it to give these ``hands`` (by
    seat), turn up ``turned`` and leave ``stock`` on top of the stock (first card drawn first);
    the cards not named go under it in pack order."""
    named = [*hands[0], *hands[1], turned, *stock]
    if len(hands[0]) != HAND_SIZE or len(hands[1]) != HAND_SIZE:
        raise GameError(f"each hand must hold {HAND_SIZE} cards")
    if len(set(named)) != len(named) or not set(named) <= set(DECK):
        raise GameError("a prepared deal must name distinct cards of the 32-card pack")
    named_set = set(named)
    rest = [c for c in DECK if c not in named_set]
    non_dealer = 1 - dealer
    # start_deal deals the non-dealer first, then the dealer, then turns one card up.
    return [*hands[non_dealer], *hands[dealer], turned, *stock, *rest]


class EcarteState:
    """A game of Écarté in progress (protocol :class:`simulator.engine.State`)."""

    def __init__(self, options: EcarteOptions, rng: random.Random) -> None:
        self.options = options
        self.rng = rng
        self.scores: list[int] = [0, 0]
        self.deals = 0  # deals started, the current one included
        self.first_player: int | None = None
        self.dealer = 0
        self.phase = Phase.PROPOSAL
        self.actor = 0
        self.hands: list[list[Card]] = [[], []]
        self.stock: list[Card] = []  # the top (next card drawn) is the *last* element
        self.turned: Card = DECK[0]
        self.trump = self.turned.suit
        self.discards: list[list[Card]] = [[], []]  # this deal's discards, by seat
        self.proposals = 0  # proposals made in this deal
        self.exchanges = 0  # accepted exchanges completed in this deal
        self.refused = False
        self.played_without_proposing = False
        self.king_holder: int | None = None  # holder of the King of trumps as the tricks began
        self.announced: list[bool] = [False, False]
        self.first_card_played: list[bool] = [False, False]
        self.leader = 0
        self.trick: list[Card] = []  # the current trick's cards, leader's first
        self.tricks: list[Trick] = []  # completed tricks of this deal
        self.tricks_won: list[int] = [0, 0]
        # What the rules reveal of each hand: per suit, the strongest card the seat may still hold
        # (-1: known void). Read by determinize (and by :meth:`may_hold`).
        self.ceilings: list[dict[str, int]] = [{}, {}]
        self.end_reason = ""
        self.winner: int | None = None
        self.cards_played: list[dict[str, int]] = [{}, {}]
        self.log: list[dict[str, Any]] | None = None
        #: The scores as the current deal began (before a turned-up King scored).
        self.scores_at_deal_start: list[int] = [0, 0]
        #: The next deal, stacked by :meth:`stack_next_deal`: (hands by seat, turned, stock).
        self._next_deal: tuple[tuple[list[Card], list[Card]], Card, list[Card]] | None = None

    def stack_next_deal(
        self, hands: tuple[Sequence[Card], Sequence[Card]], turned: Card, stock: Sequence[Card]
    ) -> None:
        """Make the next deal (when this one ends) give these ``hands`` (by seat), turn up
        ``turned`` and stock ``stock`` (first card drawn first) instead of shuffling. For replaying
        a game record deal by deal; the arguments are checked as :func:`stacked_deck` does."""
        stacked_deck(0, hands, turned, stock)
        self._next_deal = ((list(hands[0]), list(hands[1])), turned, list(stock))

    # -- protocol -----------------------------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self.phase is Phase.OVER else self.actor

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def returns(self) -> tuple[float, float]:
        if self.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)

    @property
    def non_dealer(self) -> int:
        return 1 - self.dealer

    @property
    def led(self) -> Card | None:
        """The card led to the current trick, if the second player is to play."""
        return self.trick[0] if self.trick else None

    def discard_limits(self, seat: int) -> tuple[int, int]:
        """(fewest, most) cards ``seat`` may discard now: the rule's limits, capped by the stock."""
        low, high = NON_DEALER_DISCARD_LIMITS if seat == self.non_dealer else DEALER_DISCARD_LIMITS
        return low, min(high, len(self.stock))

    def legal_actions(self) -> list[EcarteAction]:
        phase = self.phase
        if phase is Phase.TRICKS:
            cards = legal_cards(self.hands[self.actor], self.led, self.trump, strict=self.options.strict)
            return [_CARD_ACTIONS[c] for c in cards]
        if phase is Phase.PROPOSAL:
            return [PROPOSE, PLAY] if self.stock else [PLAY]
        if phase is Phase.RESPONSE:
            return [ACCEPT, REFUSE]
        if phase is Phase.DISCARD:
            low, high = self.discard_limits(self.actor)
            hand = self.hands[self.actor]
            return [
                EcarteAction(Move.DISCARD, combo)
                for size in range(low, high + 1)
                for combo in itertools.combinations(hand, size)
            ]
        return []

    def apply(self, action: object) -> None:
        if self.phase is Phase.OVER:
            raise IllegalActionError("the game is over", rule=RULE_GAME, action=action)
        if not isinstance(action, EcarteAction):
            raise IllegalActionError(f"{action!r} is not an Écarté action", rule=RULE_TURN, action=action)
        phase = self.phase
        if phase is Phase.TRICKS:
            self._apply_card(action)
        elif phase is Phase.PROPOSAL:
            self._apply_proposal(action)
        elif phase is Phase.RESPONSE:
            self._apply_response(action)
        else:
            self._apply_discard(action)

    def clone(self) -> EcarteState:
        rng = random.Random.__new__(random.Random)
        rng.setstate(self.rng.getstate())
        return self._copy(rng)

    def _copy(self, rng: random.Random) -> EcarteState:
        new = EcarteState.__new__(EcarteState)
        new.__dict__.update(self.__dict__)
        new.rng = rng
        new.scores = self.scores[:]
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new.stock = self.stock[:]
        new.discards = [self.discards[0][:], self.discards[1][:]]
        new.announced = self.announced[:]
        new.first_card_played = self.first_card_played[:]
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        new.tricks_won = self.tricks_won[:]
        new.ceilings = [dict(self.ceilings[0]), dict(self.ceilings[1])]
        new.cards_played = [dict(self.cards_played[0]), dict(self.cards_played[1])]
        new.log = None if self.log is None else list(self.log)
        return new

    def determinize(self, player: int, rng: random.Random) -> EcarteState:
        """Re-deal what ``player`` cannot see: the opponent's hand, the opponent's discards and the
        stock order, keeping what ``player`` knows: the opponent's hand size, the cards the rules
        show they cannot hold (a suit they failed to follow, a card above the one they followed
        with, trumps in the strict variant, the King of trumps if they played without announcing
        it), and the King of trumps they announced and have not played yet."""
        new = self._copy(random.Random(rng.getrandbits(63)))
        new.log = None
        new._next_deal = None
        if self.phase is Phase.OVER:
            return new
        opp = 1 - player
        pool = [*self.hands[opp], *self.discards[opp], *self.stock]
        required: list[Card] = []
        king = Card(KING, self.trump)
        if self.announced[opp] and king in self.hands[opp]:
            required.append(king)
        ceilings = self.ceilings[opp]
        allowed = [c for c in pool if STRENGTH[c.rank] <= ceilings.get(c.suit, TOP) and c not in required]
        rng.shuffle(allowed)
        hand = required + allowed[: len(self.hands[opp]) - len(required)]
        chosen = set(hand)
        rest = [c for c in pool if c not in chosen]
        rng.shuffle(rest)
        n_discards = len(self.discards[opp])
        new.hands[opp] = sorted_hand(hand)
        new.discards[opp] = rest[:n_discards]
        new.stock = rest[n_discards:]
        if self.phase is Phase.TRICKS:
            # Whoever holds the King of trumps in the re-dealt hands announces it with their first
            # card (a seat past its first card has announced it or is known not to hold it).
            new.king_holder = next((seat for seat in (0, 1) if king in new.hands[seat]), None)
        return new

    def summary(self) -> Mapping[str, Any]:
        return {
            "turns": self.deals,
            "end_reason": self.end_reason or "unfinished",
            "first_player": self.first_player,
            "score": list(self.scores),
            "winner": self.winner,
            "cards_played": {str(seat): dict(self.cards_played[seat]) for seat in (0, 1)},
        }

    def enable_log(self) -> None:
        """Record every action and event (deal, points, tricks) in :attr:`log` as JSON-ready dicts.

        Call it on a new state, before the first action: it starts with the current deal (and the
        point of a turned-up King, already scored when the card was turned)."""
        if self.log is None:
            self.log = []
            self._event(
                "deal", deal=self.deals, dealer=self.dealer, turned=str(self.turned), trump=self.trump
            )
            if self.turned.rank == KING:
                self._event(
                    "score",
                    seat=self.dealer,
                    points=TURNED_KING_POINTS,
                    reason="turned_king",
                    score=list(self.scores),
                )
                if self.phase is Phase.OVER:
                    self._event(
                        "game_over", winner=self.winner, reason=self.end_reason, score=list(self.scores)
                    )

    # -- views --------------------------------------------------------------------------------
    def all_cards(self) -> list[Card]:
        """Every card of the pack wherever it is (hands, stock, turned card, discards, tricks)."""
        cards = [*self.hands[0], *self.hands[1], *self.stock, self.turned, *self.discards[0]]
        cards += self.discards[1]
        cards += self.trick
        for trick in self.tricks:
            cards += trick.cards
        return cards

    def __repr__(self) -> str:
        return (
            f"<EcarteState deal {self.deals} dealer {self.dealer} {self.phase.value} "
            f"to act {self.current_player()} score {self.scores} trump {self.turned} "
            f"hands {format_cards(self.hands[0])} | {format_cards(self.hands[1])}>"
        )

    # -- the deal -----------------------------------------------------------------------------
    def start_deal(self, dealer: int, deck: list[Card], *, shuffle: bool) -> None:
        """Deal 5 cards each and turn up the trump card (docs/rules/ecarte.md §2.2–2.3)."""
        assert len(deck) == DECK_SIZE
        if shuffle:
            self.rng.shuffle(deck)
        self.deals += 1
        self.scores_at_deal_start = self.scores[:]
        self.dealer = dealer
        non_dealer = 1 - dealer
        if self.first_player is None:
            self.first_player = non_dealer
        self.hands = [[], []]
        self.hands[non_dealer] = sorted_hand(deck[:HAND_SIZE])
        self.hands[dealer] = sorted_hand(deck[HAND_SIZE : 2 * HAND_SIZE])
        self.turned = deck[2 * HAND_SIZE]
        self.trump = self.turned.suit
        self.stock = deck[2 * HAND_SIZE + 1 :]
        self.stock.reverse()  # top of the stock at the end
        self.discards = [[], []]
        self.proposals = 0
        self.exchanges = 0
        self.refused = False
        self.played_without_proposing = False
        self.king_holder = None
        self.announced = [False, False]
        self.first_card_played = [False, False]
        self.trick = []
        self.tricks = []
        self.tricks_won = [0, 0]
        self.ceilings = [{}, {}]
        self.phase = Phase.PROPOSAL
        self.actor = non_dealer
        if self.log is not None:
            self._event("deal", deal=self.deals, dealer=dealer, turned=str(self.turned), trump=self.trump)
        # docs/rules/ecarte.md §2.3 — a King turned up scores for the dealer.
        if TURNED_KING_SCORED_AUTOMATICALLY and self.turned.rank == KING:
            self._score(dealer, TURNED_KING_POINTS, "turned_king")

    def _score(self, seat: int, points: int, reason: str) -> None:
        """Points go to the scorer at once; reaching 5 ends the game (docs/rules/ecarte.md §3)."""
        self.scores[seat] += points
        if self.log is not None:
            self._event("score", seat=seat, points=points, reason=reason, score=list(self.scores))
        if self.scores[seat] >= TARGET_SCORE and self.phase is not Phase.OVER:
            self.phase = Phase.OVER
            self.winner = seat
            self.end_reason = reason
            if self.log is not None:
                self._event("game_over", winner=seat, reason=reason, score=list(self.scores))

    def _event(self, event: str, **facts: Any) -> None:
        assert self.log is not None
        self.log.append({"event": event, **facts})

    def _logged(self, seat: int, action: EcarteAction, **facts: Any) -> None:
        if self.log is not None:
            cards = [str(c) for c in action.cards]
            self._event("action", seat=seat, move=action.move.value, action=str(action), cards=cards, **facts)

    # -- proposals ----------------------------------------------------------------------------
    def _apply_proposal(self, action: EcarteAction) -> None:
        seat = self.actor
        if action.move is Move.PROPOSE:
            if not self.stock:
                raise IllegalActionError(
                    "the stock is empty: no more exchanges, the non-dealer must play",
                    rule=RULE_PROPOSALS,
                    action=action,
                )
            self.proposals += 1
            self._logged(seat, action)
            self.phase = Phase.RESPONSE
            self.actor = self.dealer
        elif action.move is Move.PLAY:
            # docs/rules/ecarte.md §2.7 — see UNPROPOSED_MEANS_NO_PROPOSAL_THIS_DEAL.
            self.played_without_proposing = self.proposals == 0 or not UNPROPOSED_MEANS_NO_PROPOSAL_THIS_DEAL
            self._logged(seat, action, without_proposing=self.played_without_proposing)
            self._begin_tricks()
        else:
            raise IllegalActionError(
                f"{action}: the non-dealer must first propose or play", rule=RULE_PROPOSALS, action=action
            )

    def _apply_response(self, action: EcarteAction) -> None:
        if action.move is Move.ACCEPT:
            self._logged(self.actor, action)
            self.phase = Phase.DISCARD
            self.actor = self.non_dealer
        elif action.move is Move.REFUSE:
            self.refused = True
            self._logged(self.actor, action)
            self._begin_tricks()
        else:
            raise IllegalActionError(
                f"{action}: the dealer must accept or refuse the proposal", rule=RULE_PROPOSALS, action=action
            )

    def _apply_discard(self, action: EcarteAction) -> None:
        seat = self.actor
        if action.move is not Move.DISCARD:
            raise IllegalActionError(
                f"{action}: the proposal was accepted, {self._role(seat)} must choose cards to discard",
                rule=RULE_DISCARDS,
                action=action,
            )
        hand = self.hands[seat]
        cards = action.cards
        missing = [c for c in cards if c not in hand]
        if missing:
            raise IllegalActionError(
                f"cannot discard {format_cards(missing)}: not in your hand", rule=RULE_DISCARDS, action=action
            )
        if len(set(cards)) != len(cards):
            raise IllegalActionError(
                "a card is named twice in the discard", rule=RULE_DISCARDS, action=action
            )
        low, high = self.discard_limits(seat)
        if not low <= len(cards) <= high:
            raise IllegalActionError(
                f"{self._role(seat)} must discard {low} to {high} cards "
                f"(the stock holds {len(self.stock)}), not {len(cards)}",
                rule=RULE_DISCARDS,
                action=action,
            )
        for card in cards:
            hand.remove(card)
        self.discards[seat].extend(cards)
        drawn = [self.stock.pop() for _ in cards]
        hand.extend(drawn)
        hand.sort(key=sort_key)
        if self.log is not None:
            self._logged(seat, action, drawn=[str(c) for c in drawn])
        if seat == self.non_dealer and self.stock:
            self.actor = self.dealer
        else:
            # Exchange complete (the dealer's turn is skipped when the stock is empty).
            self.exchanges += 1
            self.phase = Phase.PROPOSAL
            self.actor = self.non_dealer

    def _role(self, seat: int) -> str:
        return "the dealer" if seat == self.dealer else "the non-dealer"

    # -- tricks -------------------------------------------------------------------------------
    def _begin_tricks(self) -> None:
        """docs/rules/ecarte.md §2.6 — the non-dealer leads the first trick."""
        self.phase = Phase.TRICKS
        self.leader = self.actor = self.non_dealer
        king = Card(KING, self.trump)
        self.king_holder = next((seat for seat in (0, 1) if king in self.hands[seat]), None)

    def _apply_card(self, action: EcarteAction) -> None:
        seat = self.actor
        if action.move is not Move.CARD:
            raise IllegalActionError(
                f"{action}: the tricks have begun, play a card", rule=RULE_TURN, action=action
            )
        card = action.cards[0]
        hand = self.hands[seat]
        if card not in hand:
            raise IllegalActionError(f"{card} is not in your hand", rule=RULE_HAND, action=action)
        led = self.led
        if led is not None:
            self._check_second_card(card, led, hand, action)
        hand.remove(card)
        self.trick.append(card)
        played = self.cards_played[seat]
        name = str(card)
        played[name] = played.get(name, 0) + 1
        self._logged(seat, action)
        if not self.first_card_played[seat]:
            self.first_card_played[seat] = True
            # docs/rules/ecarte.md §2.5 — KING_OF_TRUMPS_ANNOUNCED_AUTOMATICALLY.
            if KING_OF_TRUMPS_ANNOUNCED_AUTOMATICALLY and self.king_holder == seat:
                self.announced[seat] = True
                self._score(seat, KING_OF_TRUMPS_POINTS, "king_of_trumps")
                if self.phase is Phase.OVER:
                    return
            else:  # no announcement: they do not hold the King of trumps
                self._cap(seat, self.trump, STRENGTH[KING] - 1)
        if led is None:
            self.actor = 1 - seat
            return
        self._finish_trick(led, card)

    def _check_second_card(self, card: Card, led: Card, hand: list[Card], action: EcarteAction) -> None:
        legal = legal_cards(hand, led, self.trump, strict=self.options.strict)
        if card in legal:
            # What the opponent learns (used by determinize): voids and cards too high to hold.
            seat = self.actor
            if card.suit != led.suit:
                self._cap(seat, led.suit, VOID)
                if self.options.strict and card.suit != self.trump:
                    self._cap(seat, self.trump, VOID)
            elif not beats(card, led, self.trump):
                self._cap(seat, led.suit, STRENGTH[led.rank])
            return
        if card.suit != led.suit and any(c.suit == led.suit for c in hand):
            raise IllegalActionError(
                f"{card}: you hold {SUIT_NAMES[led.suit]} and must follow suit",
                rule=RULE_FOLLOW,
                action=action,
            )
        if card.suit == led.suit:
            raise IllegalActionError(
                f"{card} does not beat {led}: you hold a higher card of {SUIT_NAMES[led.suit]} "
                f"({format_cards(legal)}) and must win the trick",
                rule=RULE_WIN,
                action=action,
            )
        raise IllegalActionError(
            f"{card}: unable to follow {SUIT_NAMES[led.suit]}, you must trump ({format_cards(legal)})",
            rule=RULE_STRICT,
            action=action,
        )

    def _cap(self, seat: int, suit: str, ceiling: int) -> None:
        ceilings = self.ceilings[seat]
        ceilings[suit] = min(ceilings.get(suit, TOP), ceiling)

    def may_hold(self, seat: int, card: Card) -> bool:
        """False when the play so far proves ``seat`` cannot hold ``card`` (a suit not followed,
        a card above one they followed with while obliged to win, trumps not played when the
        strict variant obliged them, the King of trumps not announced with their first card)."""
        return STRENGTH[card.rank] <= self.ceilings[seat].get(card.suit, TOP)

    def _finish_trick(self, led: Card, second: Card) -> None:
        leader = self.leader
        winner = trick_winner(leader, led, second, self.trump)
        self.tricks.append(Trick(leader, (led, second), winner))
        self.trick = []
        won = self.tricks_won[winner] = self.tricks_won[winner] + 1
        if self.log is not None:
            self._event("trick", number=len(self.tricks), cards=[str(led), str(second)], winner=winner)
        self.leader = self.actor = winner
        # docs/rules/ecarte.md §2.7 with POINTS_SCORED_WHEN_WON.
        if won == TRICKS_FOR_THE_POINT:
            if winner == self.non_dealer and (self.played_without_proposing or self.refused):
                self._score(winner, UNPROPOSED_POINT, "unproposed_point")
            else:
                self._score(winner, POINT, "point")
        elif won == TRICKS_PER_DEAL and not (
            winner == self.non_dealer and (self.played_without_proposing or self.refused)
        ):
            self._score(winner, VOLE - POINT, "vole")
        if self.phase is Phase.OVER:
            return
        if len(self.tricks) == TRICKS_PER_DEAL:
            dealer = 1 - self.dealer
            if self._next_deal is None:
                self.start_deal(dealer, list(DECK), shuffle=True)
            else:
                hands, turned, stock = self._next_deal
                self._next_deal = None
                self.start_deal(dealer, stacked_deck(dealer, hands, turned, stock), shuffle=False)


def make_game(**options: Any) -> EcarteGame:
    """Build a game from keyword options (``strict``); unknown or ill-typed options are refused."""
    known = {"strict"}
    unknown = sorted(set(options) - known)
    if unknown:
        raise EcarteOptionError(
            f"unknown Écarté option(s): {', '.join(unknown)}; known: {', '.join(sorted(known))}"
        )
    strict = options.get("strict", STRICT_DEFAULT)
    if not isinstance(strict, bool):
        raise EcarteOptionError(f"option strict must be true or false, not {strict!r}")
    return EcarteGame(EcarteOptions(strict=strict))
