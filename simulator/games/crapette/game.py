"""Crapette, StarGames variant: the rules engine (``docs/rules/crapette.md``).

A Skip-Bo-like game for two players with two 52-card decks. Each player has a stock pile of N
cards (only the top face up), a hand of 5 and four help piles; in the middle lie up to four central
building piles, built from A up to Q with kings wild, and the draw pile. The first to empty their
stock wins; if the draw pile runs out first, the fewer stock cards wins.

Layout of the state (tops at the *end* of every list):

- ``stocks[seat]``: the stock pile, ``stocks[seat][-1]`` is the face-up top;
- ``hands[seat]``: the hand (order irrelevant: suits never matter in this game);
- ``help_piles[seat][i]``: help pile ``i`` (0..3), face up, only the top playable;
- ``central[slot]``: central place ``slot`` (0..3); an empty list is a free place. A pile of
  ``n`` cards has reached rank ``n`` (its ``k``-th card is rank ``k`` or a king played as ``k``);
- ``draw_pile``: face down, drawn from the end.

Every action is a :class:`Move` naming its source (hand card, stock top, help pile top) and its
target (a central place or one of the player's own help piles). ``apply`` refuses anything else
with an :class:`~simulator.engine.protocol.IllegalActionError` whose ``rule`` cites the rule.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from simulator.engine.playing_cards import ACE, KING, QUEEN, Card, format_cards, full_deck
from simulator.engine.protocol import TERMINAL, GameError, IllegalActionError

# -- the rules as constants ----------------------------------------------------------------------

#: docs/rules/crapette.md §1 — two standard 52-card decks shuffled together.
DECK_COPIES = 2
TOTAL_CARDS = 52 * DECK_COPIES
#: docs/rules/crapette.md §1 — stock piles of N cards, 5 ≤ N ≤ 20, agreed before the game.
MIN_STOCK_SIZE = 5
MAX_STOCK_SIZE = 20
DEFAULT_STOCK_SIZE = 20
#: docs/rules/crapette.md §1 — a hand of 5 cards; §2.5 — draw back to 5.
HAND_SIZE = 5
#: docs/rules/crapette.md §1 — four help piles per player.
HELP_PILES = 4
#: docs/rules/crapette.md §2.2 — a central pile goes up to Q; §2.3 — at Q it is complete.
TOP_RANK = QUEEN
#: docs/rules/crapette.md §1 — kings are jokers (wild).
WILD_RANK = KING
#: docs/rules/crapette.md §2.1 — for choosing the first player, kings count high (13).
FIRST_PLAYER_KING_VALUE = 13

#: **[decision]** docs/rules/crapette.md §1 — up to 4 central piles at once, as in
#: Skip-Bo. A game option (``central_piles``), 1..8.
MAX_CENTRAL_PILES = 4
CENTRAL_PILES_RANGE = (1, 8)

#: **[decision]** (layout convention, no change to the rules): the central places are
#: interchangeable, so a new central pile is always started in the *leftmost free place*. This lists
#: each distinct move once (an ace "to place 2" and "to place 3" would be the same move).
NEW_PILE_IN_LEFTMOST_FREE_PLACE = True

#: **[decision]** docs/rules/crapette.md §2.1 — a tie between the stock tops is broken by a coin flip
#: drawn from the game's seeded RNG.
FIRST_PLAYER_TIE_BREAK = "seeded coin flip"

#: **[decision]** docs/rules/crapette.md §2.4/5 — when the draw pile holds fewer cards than a player
#: must draw, they take what is left and play on; the game ends only when a player must draw and
#: the draw pile is empty (docs/rules/crapette.md §3, "runs out").
DRAW_WHAT_IS_LEFT = True

#: **[decision]** guard so that every game ends (docs/rules/crapette.md §3 is silent on endless games).
#: Two players who keep feeding completed piles back into the draw pile could play forever, so a
#: game that reaches ``max_turns`` turns ends there and is scored like the draw-pile end: fewer
#: stock cards wins, equal is a draw (``end_reason == "turn_limit"``). A game option.
DEFAULT_MAX_TURNS = 1000

#: **[decision]** guard so that every *turn* ends: after this many plays to the central piles in
#: one turn, the only legal moves are discards (a card from the hand onto a help pile, which ends
#: the turn). Far above anything seen in play (a long turn is a few dozen plays).
MAX_PLAYS_PER_TURN = 500

#: **[decision]** docs/rules/crapette.md §2.5 — "a player whose hand is empty and who cannot draw
#: passes the turn". With "runs out" meaning "must draw and the draw pile is empty" (rules §3),
#: such a player ends the game instead: the pass is never reached. Kept as a named constant so the
#: choice is visible; see docs/crapette.md.
EMPTY_HAND_CANNOT_DRAW_ENDS_GAME = True

# Rule citations used in error messages (the ``rule`` of an IllegalActionError).
RULE_PREFIX = "docs/rules/crapette.md"
RULE_GAME_OVER = f"{RULE_PREFIX} §3: the game is over"
RULE_NEW_PILE_ACE = f"{RULE_PREFIX} §2.2: a new central pile must start with an A (or a king as an A)"
RULE_PILE_ASCENDS = f"{RULE_PREFIX} §2.2: each central pile goes up one rank at a time, A to Q"
RULE_KING_WILD = f"{RULE_PREFIX} §2.2: a king may be played in place of any card"
RULE_SOURCES = (
    f"{RULE_PREFIX} §2.2: a card comes from the hand, the top of the stock pile or the top of "
    "one of the player's own help piles"
)
RULE_STOCK_TOP = f"{RULE_PREFIX} §1: only the top card of the stock pile is playable"
RULE_HELP_TOP = f"{RULE_PREFIX} §1: only the top card of a help pile is playable"
RULE_HAND_TO_HELP = (
    f"{RULE_PREFIX} §2.5: the turn ends by putting a card from the hand onto one of the "
    "player's own help piles"
)
RULE_CENTRAL_PLACES = f"{RULE_PREFIX} §1: up to {{n}} central piles at once [decision]"
RULE_LEFTMOST_FREE = "docs/crapette.md: a new central pile goes in the leftmost free place [decision]"
RULE_PLAYS_PER_TURN = f"docs/crapette.md: at most {MAX_PLAYS_PER_TURN} plays per turn [decision]"

# End reasons (``summary()["end_reason"]``).
END_STOCK_EMPTIED = "stock_emptied"
END_DRAW_PILE_EXHAUSTED = "draw_pile_exhausted"
END_TURN_LIMIT = "turn_limit"


class CrapetteOptionError(GameError, ValueError):
    """A game option out of its allowed range."""

    def __init__(self, message: str, *, option: str) -> None:
        super().__init__(message)
        self.option = option


class LayoutError(GameError, ValueError):
    """A prepared position that no real game could reach (too many copies of a card, …)."""


@dataclass(frozen=True, slots=True)
class CrapetteOptions:
    """The options of one game of Crapette, validated on construction."""

    stock_size: int = DEFAULT_STOCK_SIZE
    central_piles: int = MAX_CENTRAL_PILES
    max_turns: int = DEFAULT_MAX_TURNS

    def __post_init__(self) -> None:
        if not isinstance(self.stock_size, int) or not MIN_STOCK_SIZE <= self.stock_size <= MAX_STOCK_SIZE:
            raise CrapetteOptionError(
                f"stock_size must be a whole number from {MIN_STOCK_SIZE} to {MAX_STOCK_SIZE} "
                f"(docs/rules/crapette.md §1), got {self.stock_size!r}",
                option="stock_size",
            )
        lo, hi = CENTRAL_PILES_RANGE
        if not isinstance(self.central_piles, int) or not lo <= self.central_piles <= hi:
            raise CrapetteOptionError(
                f"central_piles must be a whole number from {lo} to {hi}, got {self.central_piles!r}",
                option="central_piles",
            )
        if not isinstance(self.max_turns, int) or self.max_turns < 1:
            raise CrapetteOptionError(
                f"max_turns must be a whole number of at least 1, got {self.max_turns!r}",
                option="max_turns",
            )


# -- moves -----------------------------------------------------------------------------------------


class Place(Enum):
    """Where a card comes from or goes to."""

    HAND = "hand"
    STOCK = "stock"
    HELP = "help"
    CENTRAL = "central"


@dataclass(frozen=True, slots=True)
class Move:
    """One action: ``card`` from ``source`` (help pile ``source_pile``) to ``target`` (central
    place or own help pile ``target_pile``). Piles are numbered from 0; :meth:`__str__` numbers
    them from 1, as the terminal shows them."""

    source: Place
    card: Card
    target: Place
    source_pile: int = 0
    target_pile: int = 0

    @property
    def ends_turn(self) -> bool:
        """docs/rules/crapette.md §2.5 — a card onto a help pile ends the turn."""
        return self.target is Place.HELP

    def __str__(self) -> str:
        if self.source is Place.HELP:
            src = f"help {self.source_pile + 1} {self.card}"
        else:
            src = f"{self.source.value} {self.card}"
        return f"{src} -> {self.target.value} {self.target_pile + 1}"

    def __repr__(self) -> str:
        return f"Move({self})"


def first_player_for(top0: Card, top1: Card, rng: random.Random) -> int:
    """docs/rules/crapette.md §2.1 — the seat whose stock top is higher starts (kings count 13);
    a tie is a coin flip with ``rng`` (:data:`FIRST_PLAYER_TIE_BREAK`)."""
    seat = higher_stock_top(top0, top1)
    return rng.randrange(2) if seat is None else seat


def higher_stock_top(top0: Card, top1: Card) -> int | None:
    """docs/rules/crapette.md §2.1 — the seat whose stock top is higher (kings count 13), or ``None``
    on equal ranks (then a coin flip decides)."""
    v0 = FIRST_PLAYER_KING_VALUE if top0.rank == KING else top0.rank
    v1 = FIRST_PLAYER_KING_VALUE if top1.rank == KING else top1.rank
    if v0 == v1:
        return None
    return 0 if v0 > v1 else 1


# -- the state -------------------------------------------------------------------------------------


class CrapetteState:
    """A game of Crapette in progress (mutable: :meth:`apply` changes it in place)."""

    __slots__ = (
        "central",
        "draw_pile",
        "end_reason",
        "first_player",
        "hands",
        "help_piles",
        "log",
        "options",
        "piles_completed",
        "player",
        "plays",
        "plays_this_turn",
        "reshuffle",
        "rng",
        "stocks",
        "turns",
        "winner",
    )

    def __init__(
        self,
        *,
        options: CrapetteOptions,
        rng: random.Random,
        stocks: list[list[Card]],
        hands: list[list[Card]],
        help_piles: list[list[list[Card]]],
        central: list[list[Card]],
        draw_pile: list[Card],
    ) -> None:
        self.options = options
        self.rng = rng
        self.stocks = stocks
        self.hands = hands
        self.help_piles = help_piles
        self.central = central
        self.draw_pile = draw_pile
        self.player = TERMINAL
        self.first_player: int | None = None
        self.turns = 0
        self.plays_this_turn = 0
        self.plays = [0, 0]  # cards each seat put on the central piles
        self.piles_completed = 0
        self.end_reason: str | None = None
        self.winner: int | None = None
        self.log: list[str] | None = None
        #: Where the order of a reshuffled draw pile comes from (docs/rules/crapette.md §2.3). ``None``
        #: (the default): the game's seeded RNG shuffles it. A replay sets a function that puts the
        #: cards in the order a record gives, and a recorder one that shuffles with the RNG and notes
        #: the order; it gets the draw pile, completed pile added (bottom to top), and reorders it in
        #: place. Copies (:meth:`clone`, :meth:`determinize`) do not keep it: it belongs to one game.
        self.reshuffle: Callable[[list[Card]], None] | None = None

    # -- protocol ----------------------------------------------------------------------------------
    def current_player(self) -> int:
        return self.player

    def is_terminal(self) -> bool:
        return self.player == TERMINAL

    def returns(self) -> tuple[float, float]:
        if self.player != TERMINAL or self.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)

    def legal_actions(self) -> list[Move]:
        """Every legal move, in a fixed order: plays to the central piles (from the hand, the stock,
        the help piles), then the discards that end the turn."""
        if self.player == TERMINAL:
            return []
        seat = self.player
        # Each distinct card once (two decks: a hand may hold two 7H), in (rank, suit) order.
        hand_cards = [card for _, card in sorted({(c.rank, c.suit): c for c in self.hands[seat]}.items())]
        moves: list[Move] = []
        if self.plays_this_turn < MAX_PLAYS_PER_TURN:
            targets = self._central_targets()
            if targets:
                for card in hand_cards:
                    self._add_plays(moves, Place.HAND, 0, card, targets)
                stock = self.stocks[seat]
                if stock:
                    self._add_plays(moves, Place.STOCK, 0, stock[-1], targets)
                for index, pile in enumerate(self.help_piles[seat]):
                    if pile:
                        self._add_plays(moves, Place.HELP, index, pile[-1], targets)
        for card in hand_cards:
            for index in range(HELP_PILES):
                moves.append(Move(Place.HAND, card, Place.HELP, 0, index))
        return moves

    @staticmethod
    def _add_plays(
        moves: list[Move], source: Place, source_pile: int, card: Card, targets: list[tuple[int, int]]
    ) -> None:
        rank = card.rank
        for slot, needed in targets:
            if rank in (needed, WILD_RANK):
                moves.append(Move(source, card, Place.CENTRAL, source_pile, slot))

    def _central_targets(self) -> list[tuple[int, int]]:
        """(place, rank it needs) for every existing central pile and the leftmost free place."""
        targets: list[tuple[int, int]] = []
        free_seen = False
        for slot, pile in enumerate(self.central):
            if pile:
                targets.append((slot, len(pile) + 1))
            elif not free_seen:
                free_seen = True
                targets.append((slot, ACE))
        return targets

    def apply(self, action: object) -> None:
        """Play ``action`` (a :class:`Move`); raise :class:`IllegalActionError` citing the rule it
        breaks, leaving the state unchanged."""
        move = self._check(action)
        seat = self.player
        if move.target is Place.CENTRAL:
            self._take(seat, move)
            pile = self.central[move.target_pile]
            pile.append(move.card)
            self.plays_this_turn += 1
            self.plays[seat] += 1
            self._note(lambda: f"seat {seat} plays {self.describe(move, before=len(pile) - 1)}")
            if len(pile) == TOP_RANK:
                self._complete_pile(move.target_pile)
            if move.source is Place.STOCK and not self.stocks[seat]:
                # docs/rules/crapette.md §3 — the last stock card on a central pile wins at once.
                self._finish(END_STOCK_EMPTIED, winner=seat)
                return
            if move.source is Place.HAND and not self.hands[seat]:
                # docs/rules/crapette.md §2.4 — an emptied hand draws 5 new cards and goes on.
                self._note(lambda: f"seat {seat} has emptied their hand")
                self._draw(seat, HAND_SIZE)
            return
        # docs/rules/crapette.md §2.5 — a hand card onto an own help pile ends the turn.
        self._take(seat, move)
        self.help_piles[seat][move.target_pile].append(move.card)
        self._note(lambda: f"seat {seat} ends the turn: {move}")
        self._begin_turn(1 - seat)

    # -- rule checks ---------------------------------------------------------------------------------
    def _check(self, action: object) -> Move:
        if self.player == TERMINAL:
            raise IllegalActionError("the game is over: no more moves", rule=RULE_GAME_OVER, action=action)
        if not isinstance(action, Move):
            raise IllegalActionError(
                f"{action!r} is not a Crapette move (a source, a card and a target)",
                rule=RULE_SOURCES,
                action=action,
            )
        move = action
        seat = self.player
        card = move.card
        if move.source is not Place.HELP and move.source_pile != 0:
            raise IllegalActionError(
                f"a card from the {move.source.value} names no source pile (source_pile must be 0, "
                f"got {move.source_pile})",
                rule=RULE_SOURCES,
                action=move,
            )
        # The source: the hand, the stock top or a help pile top, of the player to move.
        if move.source is Place.HAND:
            if card not in self.hands[seat]:
                raise IllegalActionError(
                    f"{card} is not in your hand ({format_cards(sorted(self.hands[seat]))})",
                    rule=RULE_SOURCES,
                    action=move,
                )
        elif move.source is Place.STOCK:
            stock = self.stocks[seat]
            if not stock:
                raise IllegalActionError("your stock pile is empty", rule=RULE_STOCK_TOP, action=move)
            if stock[-1] != card:
                raise IllegalActionError(
                    f"the top of your stock pile is {stock[-1]}, not {card}", rule=RULE_STOCK_TOP, action=move
                )
        elif move.source is Place.HELP:
            if not 0 <= move.source_pile < HELP_PILES:
                raise IllegalActionError(
                    f"there is no help pile {move.source_pile + 1} (they are numbered 1 to {HELP_PILES})",
                    rule=RULE_SOURCES,
                    action=move,
                )
            pile = self.help_piles[seat][move.source_pile]
            if not pile:
                raise IllegalActionError(
                    f"your help pile {move.source_pile + 1} is empty", rule=RULE_HELP_TOP, action=move
                )
            if pile[-1] != card:
                raise IllegalActionError(
                    f"only the top of help pile {move.source_pile + 1} may be played: it is {pile[-1]}, "
                    f"not {card}",
                    rule=RULE_HELP_TOP,
                    action=move,
                )
        else:
            raise IllegalActionError(
                f"a card cannot be taken from the {move.source.value} piles", rule=RULE_SOURCES, action=move
            )
        # The target: a central pile, or (from the hand only) an own help pile.
        if move.target is Place.HELP:
            if move.source is not Place.HAND:
                raise IllegalActionError(
                    f"only a card from your hand may go onto a help pile, not one from your "
                    f"{move.source.value} {'pile' if move.source is Place.STOCK else 'piles'}",
                    rule=RULE_HAND_TO_HELP,
                    action=move,
                )
            if not 0 <= move.target_pile < HELP_PILES:
                raise IllegalActionError(
                    f"there is no help pile {move.target_pile + 1} (they are numbered 1 to {HELP_PILES})",
                    rule=RULE_HAND_TO_HELP,
                    action=move,
                )
            return move
        if move.target is not Place.CENTRAL:
            raise IllegalActionError(
                f"a card goes onto a central pile or one of your help piles, not the {move.target.value}",
                rule=RULE_SOURCES,
                action=move,
            )
        slots = len(self.central)
        if not 0 <= move.target_pile < slots:
            raise IllegalActionError(
                f"there is no central place {move.target_pile + 1} (they are numbered 1 to {slots})",
                rule=RULE_CENTRAL_PLACES.format(n=slots),
                action=move,
            )
        if self.plays_this_turn >= MAX_PLAYS_PER_TURN:
            raise IllegalActionError(
                f"{MAX_PLAYS_PER_TURN} plays this turn: end it with a card onto a help pile",
                rule=RULE_PLAYS_PER_TURN,
                action=move,
            )
        pile = self.central[move.target_pile]
        if not pile:
            leftmost = next(i for i, p in enumerate(self.central) if not p)
            if leftmost != move.target_pile:
                raise IllegalActionError(
                    f"a new central pile goes in the leftmost free place ({leftmost + 1})",
                    rule=RULE_LEFTMOST_FREE,
                    action=move,
                )
            if card.rank not in (ACE, WILD_RANK):
                raise IllegalActionError(
                    f"{card} cannot start a central pile", rule=RULE_NEW_PILE_ACE, action=move
                )
            return move
        needed = len(pile) + 1
        if card.rank not in (needed, WILD_RANK):
            raise IllegalActionError(
                f"central pile {move.target_pile + 1} is at {rank_name(needed - 1)} and needs "
                f"{rank_name(needed)} (or a king); {card} does not fit",
                rule=RULE_PILE_ASCENDS,
                action=move,
            )
        return move

    # -- the mechanics -----------------------------------------------------------------------------
    def _take(self, seat: int, move: Move) -> None:
        if move.source is Place.HAND:
            self.hands[seat].remove(move.card)
        elif move.source is Place.STOCK:
            self.stocks[seat].pop()
        else:
            self.help_piles[seat][move.source_pile].pop()

    def _complete_pile(self, slot: int) -> None:
        """docs/rules/crapette.md §2.3 — a pile at Q is removed and shuffled into the draw pile."""
        pile = self.central[slot]
        self.central[slot] = []
        self.draw_pile.extend(pile)
        if self.reshuffle is None:
            self.rng.shuffle(self.draw_pile)
        else:
            self.reshuffle(self.draw_pile)
        self.piles_completed += 1
        self._note(lambda: f"central pile {slot + 1} is complete: shuffled into the draw pile")

    def _draw(self, seat: int, count: int) -> None:
        """Draw ``count`` cards, or what is left (:data:`DRAW_WHAT_IS_LEFT`); a player who must draw
        from an empty draw pile ends the game (docs/rules/crapette.md §3)."""
        if count <= 0:
            return
        if not self.draw_pile:
            self._note(lambda: f"seat {seat} must draw but the draw pile is empty")
            self._finish(END_DRAW_PILE_EXHAUSTED, winner=self._fewer_stock_cards())
            return
        taken = min(count, len(self.draw_pile))
        hand = self.hands[seat]
        for _ in range(taken):
            hand.append(self.draw_pile.pop())
        self._note(lambda: f"seat {seat} draws {taken} card{'s' if taken != 1 else ''}")

    def _begin_turn(self, seat: int) -> None:
        """docs/rules/crapette.md §2.5 — the next player draws back to 5 cards, then plays."""
        if self.turns >= self.options.max_turns:
            self._note(lambda: f"turn limit ({self.options.max_turns}) reached")
            self._finish(END_TURN_LIMIT, winner=self._fewer_stock_cards())
            return
        missing = HAND_SIZE - len(self.hands[seat])
        if missing > 0 and not self.draw_pile:
            # docs/rules/crapette.md §3 — they must draw and cannot: the turn is never played.
            self._draw(seat, missing)
            return
        self.player = seat
        self.turns += 1
        self.plays_this_turn = 0
        self._draw(seat, missing)

    def _fewer_stock_cards(self) -> int | None:
        """docs/rules/crapette.md §3 — the fewer stock cards wins; equal counts are a draw."""
        n0, n1 = len(self.stocks[0]), len(self.stocks[1])
        if n0 == n1:
            return None
        return 0 if n0 < n1 else 1

    def _finish(self, reason: str, *, winner: int | None) -> None:
        self.player = TERMINAL
        self.end_reason = reason
        self.winner = winner
        self._note(
            lambda: f"game over ({reason}): " + ("a draw" if winner is None else f"seat {winner} wins")
        )

    def _note(self, text: Callable[[], str]) -> None:
        if self.log is not None:
            self.log.append(text())

    # -- views ---------------------------------------------------------------------------------------
    def enable_log(self) -> None:
        """Record a line per event in :attr:`log` (hidden cards are never named)."""
        if self.log is None:
            self.log = []

    def describe(self, move: Move, *, before: int | None = None) -> str:
        """``move`` in words, with the rank a king takes on a central pile (``KS as 6``).
        ``before`` is the target pile's size before the move (default: its size now)."""
        text = str(move)
        if move.target is Place.CENTRAL and move.card.rank == WILD_RANK:
            size = len(self.central[move.target_pile]) if before is None else before
            text += f" (as {rank_name(size + 1)})"
        return text

    def central_rank(self, slot: int) -> int:
        """The rank central pile ``slot`` has reached (0 for a free place)."""
        return len(self.central[slot])

    def summary(self) -> dict[str, Any]:
        return {
            "turns": self.turns,
            "end_reason": self.end_reason or "unfinished",
            "first_player": self.first_player,
            "winner": self.winner,
            "stock_left": [len(self.stocks[0]), len(self.stocks[1])],
            "stock_size": self.options.stock_size,
            "plays": list(self.plays),
            "piles_completed": self.piles_completed,
            "draw_pile_left": len(self.draw_pile),
        }

    def all_cards(self) -> list[Card]:
        """Every card in the game, wherever it lies (for conservation checks)."""
        cards: list[Card] = list(self.draw_pile)
        for seat in (0, 1):
            cards.extend(self.stocks[seat])
            cards.extend(self.hands[seat])
            for pile in self.help_piles[seat]:
                cards.extend(pile)
        for pile in self.central:
            cards.extend(pile)
        return cards

    # -- copies --------------------------------------------------------------------------------------
    def clone(self) -> CrapetteState:
        other = CrapetteState.__new__(CrapetteState)
        other.options = self.options
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.stocks = [list(s) for s in self.stocks]
        other.hands = [list(h) for h in self.hands]
        other.help_piles = [[list(p) for p in piles] for piles in self.help_piles]
        other.central = [list(p) for p in self.central]
        other.draw_pile = list(self.draw_pile)
        other.player = self.player
        other.first_player = self.first_player
        other.turns = self.turns
        other.plays_this_turn = self.plays_this_turn
        other.plays = list(self.plays)
        other.piles_completed = self.piles_completed
        other.end_reason = self.end_reason
        other.winner = self.winner
        other.log = None if self.log is None else list(self.log)
        other.reshuffle = None
        return other

    def determinize(self, player: int, rng: random.Random) -> CrapetteState:
        """A copy in which what ``player`` cannot see — the opponent's hand, the order of the draw
        pile and the face-down cards of both stock piles — is re-dealt at random with ``rng``.
        Every pile keeps its size; every face-up card (stock tops, help piles, central piles, the
        player's own hand) stays where it is."""
        other = self.clone()
        opponent = 1 - player
        hidden: list[Card] = list(other.hands[opponent]) + other.draw_pile
        for seat in (0, 1):
            hidden.extend(other.stocks[seat][:-1])
        rng.shuffle(hidden)
        at = 0

        def take(n: int) -> list[Card]:
            nonlocal at
            part = hidden[at : at + n]
            at += n
            return part

        other.hands[opponent] = take(len(self.hands[opponent]))
        other.draw_pile = take(len(self.draw_pile))
        for seat in (0, 1):
            stock = self.stocks[seat]
            if stock:
                other.stocks[seat] = [*take(len(stock) - 1), stock[-1]]
        other.rng = random.Random(rng.getrandbits(64))
        return other

    def __repr__(self) -> str:
        left = [len(self.stocks[0]), len(self.stocks[1])]
        return f"CrapetteState(turn={self.turns}, player={self.player}, stock_left={left})"


def rank_name(rank: int) -> str:
    """A rank in words: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``; 0 is the free place."""
    return {0: "nothing", 1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))


# -- the game --------------------------------------------------------------------------------------


class CrapetteGame:
    """Crapette (StarGames variant) with its options; makes seeded initial states."""

    name = "crapette"

    def __init__(
        self,
        *,
        stock_size: int = DEFAULT_STOCK_SIZE,
        central_piles: int = MAX_CENTRAL_PILES,
        max_turns: int = DEFAULT_MAX_TURNS,
    ) -> None:
        self.options = CrapetteOptions(
            stock_size=stock_size, central_piles=central_piles, max_turns=max_turns
        )

    def new_initial_state(
        self, rng: random.Random, entrants: tuple[Any, Any] = (None, None)
    ) -> CrapetteState:
        """Shuffle the 104 cards, deal each player a stock pile of ``stock_size`` cards and a hand of
        5, put the rest in the middle as the draw pile, and decide the first player."""
        deck = full_deck(copies=DECK_COPIES)
        rng.shuffle(deck)
        n = self.options.stock_size
        stocks = [deck[0:n], deck[n : 2 * n]]
        hands = [deck[2 * n : 2 * n + HAND_SIZE], deck[2 * n + HAND_SIZE : 2 * n + 2 * HAND_SIZE]]
        state = self._dealt(stocks, hands, deck[2 * n + 2 * HAND_SIZE :], rng)
        state.first_player = first_player_for(stocks[0][-1], stocks[1][-1], rng)
        state._begin_turn(state.first_player)
        return state

    def deal_check(
        self,
        *,
        stocks: Sequence[Sequence[Card]],
        hands: Sequence[Sequence[Card]],
        draw_pile: Sequence[Card],
        first_player: int,
    ) -> None:
        """Raise :class:`LayoutError` unless the rules can deal this: the pile sizes of the
        options, exactly the 104 cards of two decks, and the first player of
        docs/rules/crapette.md §2.1 (on equal stock tops either seat may start: the coin flip).
        Stocks and the draw pile are bottom to top. A record's replay checks its deal so, then
        starts from it with :meth:`state_from_position`."""
        n = self.options.stock_size
        if len(stocks) != 2 or any(len(s) != n for s in stocks):
            raise LayoutError(f"each of the two players has a stock pile of {n} cards")
        if len(hands) != 2 or any(len(h) != HAND_SIZE for h in hands):
            raise LayoutError(f"each of the two players has a hand of {HAND_SIZE} cards")
        everything = [*stocks[0], *stocks[1], *hands[0], *hands[1], *draw_pile]
        if Counter(everything) != _TWO_DECKS:
            raise LayoutError(f"a deal uses the {TOTAL_CARDS} cards of two decks, each card exactly twice")
        if first_player not in (0, 1):
            raise LayoutError("first_player must be 0 or 1")
        higher = higher_stock_top(stocks[0][-1], stocks[1][-1])
        if higher is not None and first_player != higher:
            raise LayoutError(
                f"seat {higher} shows the higher stock top and starts (docs/rules/crapette.md §2.1)"
            )

    def _dealt(
        self, stocks: list[list[Card]], hands: list[list[Card]], draw_pile: list[Card], rng: random.Random
    ) -> CrapetteState:
        return CrapetteState(
            options=self.options,
            rng=rng,
            stocks=stocks,
            hands=hands,
            help_piles=[[[] for _ in range(HELP_PILES)] for _ in range(2)],
            central=[[] for _ in range(self.options.central_piles)],
            draw_pile=draw_pile,
        )

    def state_from_position(
        self,
        *,
        stocks: Sequence[Iterable[Card]],
        hands: Sequence[Iterable[Card]],
        help_piles: Sequence[Sequence[Iterable[Card]]] = ((), ()),
        central: Sequence[Iterable[Card]] = (),
        draw_pile: Iterable[Card] | None = None,
        player: int = 0,
        rng: random.Random | None = None,
        turns: int = 1,
    ) -> CrapetteState:
        """A game set up exactly as given (tests, puzzles, a record's deal): every pile bottom to
        top. ``draw_pile=None`` puts every card of the two decks not placed elsewhere in the draw
        pile, shuffled with ``rng``. Central piles must be ascending from A (kings anywhere).
        ``player`` is to move, at the start of turn ``turns`` (no draw happens); with the piles of
        a deal and ``turns=1``, that is the game :meth:`new_initial_state` deals (check such a
        deal with :meth:`deal_check`). ``rng`` also serves for reshuffles when no
        :attr:`CrapetteState.reshuffle` is set."""
        rng = rng if rng is not None else random.Random(0)
        state = CrapetteState(
            options=self.options,
            rng=rng,
            stocks=[list(s) for s in stocks],
            hands=[list(h) for h in hands],
            help_piles=[[list(p) for p in seat_piles] for seat_piles in help_piles],
            central=[list(p) for p in central],
            draw_pile=[],
        )
        for seat in (0, 1):
            while len(state.help_piles[seat]) < HELP_PILES:
                state.help_piles[seat].append([])
            if len(state.help_piles[seat]) != HELP_PILES:
                raise LayoutError(f"a player has {HELP_PILES} help piles")
        if len(state.central) > self.options.central_piles:
            raise LayoutError(f"at most {self.options.central_piles} central piles")
        while len(state.central) < self.options.central_piles:
            state.central.append([])
        for slot, pile in enumerate(state.central):
            if not central_pile_is_valid(pile):
                raise LayoutError(f"central pile {slot + 1} ({format_cards(pile)}) does not ascend from A")
        placed = state.all_cards()
        if draw_pile is None:
            rest = _multiset_difference(full_deck(copies=DECK_COPIES), placed)
            rng.shuffle(rest)
            state.draw_pile = rest
        else:
            state.draw_pile = list(draw_pile)
        too_many = _multiset_difference(state.all_cards(), full_deck(copies=DECK_COPIES))
        if too_many:
            raise LayoutError(f"more copies than the two decks hold: {format_cards(sorted(too_many))}")
        if player not in (0, 1):
            raise LayoutError("player must be 0 or 1")
        state.player = player
        state.first_player = player
        state.turns = turns
        return state


def central_pile_is_valid(pile: Sequence[Card]) -> bool:
    """docs/rules/crapette.md §2.2 — card ``k`` (from 1) of a central pile is rank ``k`` or a king, and
    a pile never goes past Q (it is removed when it reaches Q)."""
    if len(pile) >= TOP_RANK:
        return False
    return all(card.rank in (position, WILD_RANK) for position, card in enumerate(pile, start=1))


_TWO_DECKS = Counter(full_deck(copies=DECK_COPIES))


def _multiset_difference(cards: Iterable[Card], remove: Iterable[Card]) -> list[Card]:
    counts: dict[Card, int] = {}
    for card in remove:
        counts[card] = counts.get(card, 0) + 1
    out: list[Card] = []
    for card in cards:
        if counts.get(card, 0) > 0:
            counts[card] -= 1
        else:
            out.append(card)
    return out


def options_from(mapping: Mapping[str, Any]) -> CrapetteOptions:
    """Options from a mapping (unknown names are an error)."""
    known = {"stock_size", "central_piles", "max_turns"}
    unknown = sorted(set(mapping) - known)
    if unknown:
        raise CrapetteOptionError(
            f"unknown Crapette option(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}",
            option=unknown[0],
        )
    return CrapetteOptions(**mapping)
