"""AI players for Crapette: ``random`` and ``planner``.

The planner searches the sequence of plays within its own turn. A turn is a chain of plays onto the
central piles ended by one discard (a hand card onto a help pile), so the planner enumerates, depth
first, every position reachable by plays alone (positions reached by several orders of the same
plays are searched once), scores "end the turn here with the best discard" at each of them, and
plays the first move of the best line. It re-plans after every move, because two things it may not
peek at can change the picture: the card under a played stock top, and the five cards drawn when
the hand is emptied. The search therefore treats the stock as unknown once its top has been played,
and an emptied hand as a good leaf worth a fresh hand.

The score of a line (the weights are :class:`PlannerWeights`):

- each stock card played is worth far more than anything else (digging into the stock wins);
- playing a king costs ``PlannerWeights.king``, so kings are kept for the plays that reach the stock;
- the position left to the opponent is penalised when a central pile stops just below their
  visible stock top (``PlannerWeights.feed``, by how many ranks they would still need, helped by the
  tops of their face-up help piles);
- the discard keeps the help piles orderly: same rank or one lower on top is best, a free pile is
  fine, covering a lower (soon playable) card is bad, covering a king worse;
- cards kept in the hand cost by how far they are from being playable, so far cards are laid
  away first and the hand keeps drawing;
- piles close to its own stock top are a small bonus.

docs/crapette.md gives what each part is worth in games (each switched off against the full planner).

It reads only what its player can see: its hand, both stock tops, every help pile and central pile,
and the sizes of the hidden piles.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from simulator.engine.playing_cards import Card
from simulator.engine.protocol import State
from simulator.games.crapette.game import (
    HELP_PILES,
    MAX_PLAYS_PER_TURN,
    TOP_RANK,
    WILD_RANK,
    CrapetteState,
    Move,
    Place,
)

# -- weights of the planner's score -------------------------------------------------------------------


@dataclass(frozen=True)
class PlannerWeights:
    """The planner's scoring of the position it leaves at the end of its turn."""

    #: One stock card played: the aim of the game.
    stock_card: float = 1000.0
    #: Cost of spending a king (on a central pile, or under a discard on a help pile).
    king: float = 70.0
    #: Extra cost of discarding a king rather than keeping it in hand (it stays playable on a help top).
    king_discard: float = 35.0
    #: Small reward per card moved from the hand to a central pile (more cards drawn next turn).
    hand_card_played: float = 4.0
    #: Cost, per card kept in the hand, of each rank it is away from being playable on a central
    #: pile: a hand clogged with far cards (three queens) draws fewer new cards, so far cards are
    #: discarded first.
    hand_distance: float = 3.0
    #: Small reward per help-pile card played (frees the help piles).
    help_card_played: float = 10.0
    #: Reward for emptying the hand mid-turn: five fresh cards to go on with.
    refill: float = 200.0
    #: Penalty for leaving a central pile ``g`` ranks short of the opponent's visible stock top
    #: (index ``g`` = cards they still need, after their face-up help tops; 0 = they play it at once).
    feed: tuple[float, ...] = (450.0, 140.0, 45.0, 12.0)
    #: Reward for leaving a central pile ``g`` ranks short of one's own visible stock top, after
    #: counting the bridging cards one holds (hand cards, help tops, kings).
    setup: tuple[float, ...] = (200.0, 150.0, 110.0, 80.0, 60.0, 45.0, 34.0, 25.0, 18.0, 12.0, 8.0, 5.0)
    #: The same reward when the stock top is not known (just played: the next card is face down).
    setup_unknown: float = 40.0
    #: Discard costs, by what the card lands on.
    discard_on_free_pile: float = 12.0
    discard_free_per_low_rank: float = 0.0  # > 0: start a free help pile with a high card
    discard_on_same_rank: float = 0.0
    discard_one_below: float = -4.0  # a descending run: the top comes off first, then the next rank
    discard_below_per_rank: float = 3.0  # landing on a higher card, per rank of gap
    discard_cover_lower: float = 30.0  # covering a lower card blocks it …
    discard_cover_per_rank: float = 6.0  # … the more, the lower it is
    discard_cover_king: float = 60.0  # covering a king blocks a wild card


DEFAULT_WEIGHTS = PlannerWeights()
#: Emptying the stock: the game is won; nothing else compares.
WIN_VALUE = 1_000_000.0
#: Positions searched per decision at most; the best line found so far is played beyond it.
NODE_BUDGET = 4000

# Search moves: (source kind, rank or help pile index, central place).
_HAND, _STOCK, _HELP = 0, 1, 2
_UNKNOWN = 0  # stock top after it has been played: the next card is face down


class RandomPolicy:
    """Plays a legal move chosen uniformly at random."""

    name = "random"

    def choose(self, state: State, rng: random.Random) -> Move:
        actions = state.legal_actions()
        move = actions[rng.randrange(len(actions))]
        assert isinstance(move, Move)
        return move


# A search step: (source kind, rank (hand) or help pile index, central place); a discard is
# (_DISCARD, rank, help pile).
Step = tuple[int, int, int]
_DISCARD = 3


def _ranks_mask(low: int, high: int) -> int:
    """Bit ``r`` set for every rank ``low < r < high``."""
    return sum(1 << r for r in range(low + 1, high))


# _BETWEEN[top][target]: the ranks a central pile at ``top`` still needs to take ``target``.
_BETWEEN = [[_ranks_mask(top, target) for target in range(14)] for top in range(14)]


class _TurnSearch:
    """Depth-first search over the plays of one turn, on ranks only (suits never matter)."""

    def __init__(self, state: CrapetteState, node_budget: int, weights: PlannerWeights) -> None:
        self.weights = weights
        self.discard_costs = _discard_table(weights)
        seat = state.player
        opponent = 1 - seat
        self.central = [len(pile) for pile in state.central]
        self.hand = [0] * 14
        for card in state.hands[seat]:
            self.hand[card.rank] += 1
        self.hand_size = len(state.hands[seat])
        self.hand_mask = sum(1 << r for r in range(1, 14) if self.hand[r])
        self.help = [[card.rank for card in pile] for pile in state.help_piles[seat]]
        self.heights = [len(pile) for pile in self.help]
        stock = state.stocks[seat]
        self.stock_left = len(stock)
        self.stock_top = stock[-1].rank if stock else _UNKNOWN
        self.stock_played = 0
        self.hand_played = 0
        self.help_played = 0
        self.kings_used = 0
        opp_stock = state.stocks[opponent]
        self.opp_top = opp_stock[-1].rank if opp_stock else _UNKNOWN
        self.opp_help_mask = 0
        for pile in state.help_piles[opponent]:
            if pile:
                self.opp_help_mask |= 1 << pile[-1].rank
        self.can_play = state.plays_this_turn < MAX_PLAYS_PER_TURN
        self.budget = node_budget
        self.nodes = 0
        self.seen: set[tuple[object, ...]] = set()
        self.feed_cache: dict[tuple[int, ...], float] = {}
        self.path: list[Step] = []
        self.best_value = float("-inf")
        self.best_line: list[Step] = []

    # -- scoring ---------------------------------------------------------------------------------------
    def _feed_penalty(self) -> float:
        """How much the central piles would help the opponent reach their stock top."""
        target = self.opp_top
        if target in (_UNKNOWN, WILD_RANK):
            return 0.0  # a king on their stock plays anywhere: nothing to deny
        key = tuple(self.central)
        cached = self.feed_cache.get(key)
        if cached is not None:
            return cached
        feed = self.weights.feed
        worst = 0.0
        for top in self.central:
            if top >= target:
                continue
            # The ranks they still need, less those on top of their face-up help piles.
            between = _BETWEEN[top][target]
            gap = (between & ~self.opp_help_mask).bit_count()
            if gap < len(feed) and feed[gap] > worst:
                worst = feed[gap]
        self.feed_cache[key] = worst
        return worst

    def _setup_value(self, help_mask: int) -> float:
        """How close the central piles are to letting this player play their stock top next turn."""
        target = self.stock_top
        setup = self.weights.setup
        if target == _UNKNOWN:
            return self.weights.setup_unknown if self.stock_left else 0.0
        if target == WILD_RANK:
            return setup[0]
        held = self.hand_mask | help_mask
        kings = self.hand[WILD_RANK] + ((help_mask >> WILD_RANK) & 1)
        best = 0.0
        for top in self.central:
            if top >= target:
                continue
            gap = (_BETWEEN[top][target] & ~held).bit_count() - kings
            value = setup[max(gap, 0)] if gap < len(setup) else 0.0
            if value > best:
                best = value
        return best

    def _stop_value(self) -> tuple[float, Step | None]:
        """The score of ending the turn here (with the best discard), or of the refill leaf."""
        w = self.weights
        help_mask = 0
        tops = []
        for pile, height in enumerate(self.heights):
            top = self.help[pile][height - 1] if height else 0
            help_mask |= 1 << top
            tops.append(top)
        help_mask &= ~1
        value = (
            self._setup_value(help_mask)
            + w.stock_card * self.stock_played
            + w.hand_card_played * self.hand_played
            + w.help_card_played * self.help_played
            - w.king * self.kings_used
            - self._feed_penalty()
        )
        if self.hand_size == 0:
            return value + w.refill, None
        # How far each hand card is from being playable (kings: never far), as a cost.
        dist = [0.0] * 14
        if w.hand_distance:
            for rank in range(1, WILD_RANK):
                if self.hand[rank]:
                    dist[rank] = w.hand_distance * min(
                        (rank - top - 1 for top in self.central if top < rank), default=TOP_RANK
                    )
                    value -= dist[rank] * self.hand[rank]
        best_cost = float("inf")
        discard: Step | None = None
        free_tried = False
        costs = self.discard_costs
        for pile, top in enumerate(tops):
            if not top:
                if free_tried:
                    continue
                free_tried = True
            row = costs[top]
            for rank in range(1, 14):
                if self.hand[rank] and row[rank] - dist[rank] < best_cost:
                    best_cost, discard = row[rank] - dist[rank], (_DISCARD, rank, pile)
        return value - best_cost, discard

    # -- search -------------------------------------------------------------------------------------------
    def run(self) -> list[Step]:
        """The best line found: plays, then a discard (or nothing when the line empties the hand
        or the stock: what follows depends on cards not seen yet)."""
        self._visit()
        return self.best_line

    def _visit(self) -> bool:
        """Search from the current position; True once the stock is emptied (nothing beats it)."""
        key = (tuple(sorted(self.central)), tuple(self.hand), tuple(self.heights), self.stock_played)
        if key in self.seen:
            return False
        self.seen.add(key)
        self.nodes += 1
        value, discard = self._stop_value()
        if value > self.best_value:
            self.best_value = value
            self.best_line = [*self.path, discard] if discard is not None else list(self.path)
        if not self.can_play or self.nodes >= self.budget:
            return False
        return any(self._play(move) for move in self._plays())

    def _plays(self) -> list[Step]:
        """Plays onto the central piles: the stock first, then help tops, then the hand (the order
        decides which of two equal lines is found first: the stock as early as possible)."""
        targets: list[tuple[int, int]] = []
        free = False
        for slot, top in enumerate(self.central):
            if top:
                targets.append((slot, top + 1))
            elif not free:
                free = True
                targets.append((slot, 1))
        plays: list[Step] = []
        if self.stock_top != _UNKNOWN:
            for slot, needed in targets:
                if self.stock_top in (needed, WILD_RANK):
                    plays.append((_STOCK, 0, slot))
        for pile in range(HELP_PILES):
            height = self.heights[pile]
            if height:
                rank = self.help[pile][height - 1]
                for slot, needed in targets:
                    if rank in (needed, WILD_RANK):
                        plays.append((_HELP, pile, slot))
        for slot, needed in targets:
            if needed != WILD_RANK and self.hand[needed]:
                plays.append((_HAND, needed, slot))
        if self.hand[WILD_RANK]:
            for slot, _needed in targets:
                plays.append((_HAND, WILD_RANK, slot))
        return plays

    def _play(self, move: Step) -> bool:
        kind, which, slot = move
        self.path.append(move)
        if kind == _STOCK:
            rank = self.stock_top
            if self.stock_left == 1:
                self.best_value = WIN_VALUE
                self.best_line = list(self.path)
                return True
        elif kind == _HELP:
            rank = self.help[which][self.heights[which] - 1]
        else:
            rank = which
        old_top = self.central[slot]
        new_top = old_top + 1
        self.central[slot] = 0 if new_top == TOP_RANK else new_top
        king = rank == WILD_RANK
        self.kings_used += king
        saved_stock_top = self.stock_top
        if kind == _STOCK:
            self.stock_played += 1
            self.stock_left -= 1
            self.stock_top = _UNKNOWN
        elif kind == _HELP:
            self.heights[which] -= 1
            self.help_played += 1
        else:
            self.hand[rank] -= 1
            if not self.hand[rank]:
                self.hand_mask &= ~(1 << rank)
            self.hand_size -= 1
            self.hand_played += 1
        done = self._visit()
        # unmake
        if kind == _STOCK:
            self.stock_played -= 1
            self.stock_left += 1
            self.stock_top = saved_stock_top
        elif kind == _HELP:
            self.heights[which] += 1
            self.help_played -= 1
        else:
            self.hand[rank] += 1
            self.hand_mask |= 1 << rank
            self.hand_size += 1
            self.hand_played -= 1
        self.kings_used -= king
        self.central[slot] = old_top
        self.path.pop()
        return done


def _discard_cost(rank: int, top: int, w: PlannerWeights) -> float:
    """Cost of putting a card of ``rank`` on a help pile whose top is ``top`` (0: a free pile)."""
    cost = w.king + w.king_discard if rank == WILD_RANK else 0.0
    if top == 0:
        low = 0 if rank == WILD_RANK else TOP_RANK - rank
        return cost + w.discard_on_free_pile + w.discard_free_per_low_rank * low
    if top == WILD_RANK:
        return cost + w.discard_cover_king
    if rank == WILD_RANK:
        return cost
    if rank == top:
        return cost + w.discard_on_same_rank
    if rank == top - 1:
        return cost + w.discard_one_below
    if rank < top:
        return cost + w.discard_below_per_rank * (top - rank - 1)
    return cost + w.discard_cover_lower + w.discard_cover_per_rank * (TOP_RANK - top)


def _discard_table(w: PlannerWeights) -> list[list[float]]:
    """``table[top][rank]``: :func:`_discard_cost` for every pair (0 = a free pile)."""
    return [[_discard_cost(rank, top, w) if rank else 0.0 for rank in range(14)] for top in range(14)]


class PlannerPolicy:
    """Searches the plays of its turn (see the module docstring) and plays the best line's first move.

    The rest of the line is kept and followed while the position is exactly the one it expects
    (a played stock top or an emptied hand brings unseen cards: the planner searches again)."""

    name = "planner"

    def __init__(self, node_budget: int = NODE_BUDGET, weights: PlannerWeights = DEFAULT_WEIGHTS) -> None:
        self.node_budget = node_budget
        self.weights = weights
        self._plan: list[Step] = []
        self._plan_state: CrapetteState | None = None
        self._plan_key: tuple[object, ...] | None = None

    def choose(self, state: State, rng: random.Random) -> Move:
        if not isinstance(state, CrapetteState):
            raise TypeError("the Crapette planner plays Crapette states only")
        if not (self._plan and state is self._plan_state and _plan_key(state) == self._plan_key):
            self._plan = _TurnSearch(state, self.node_budget, self.weights).run()
        step = self._plan.pop(0)
        move = _to_move(state, step)
        reveals = step[0] == _STOCK or (step[0] == _HAND and len(state.hands[state.player]) == 1)
        if self._plan and not reveals:
            self._plan_state = state
            self._plan_key = _plan_key(state, after=move)
        else:
            self._plan, self._plan_state, self._plan_key = [], None, None
        return move


def _plan_key(state: CrapetteState, after: Move | None = None) -> tuple[object, ...]:
    """What the planner's line depends on: the position of the player to move, before any plays
    (``after=None``) or as ``after`` (a play about to be made) will leave it."""
    seat = state.player
    hand = sorted(card.rank for card in state.hands[seat])
    central = [len(pile) for pile in state.central]
    heights = [len(pile) for pile in state.help_piles[seat]]
    plays = state.plays_this_turn
    if after is not None:
        if after.source is Place.HAND:
            hand.remove(after.card.rank)
        elif after.source is Place.HELP:
            heights[after.source_pile] -= 1
        central[after.target_pile] = (central[after.target_pile] + 1) % TOP_RANK
        plays += 1
    return (state.turns, seat, plays, tuple(hand), tuple(central), tuple(heights), len(state.stocks[seat]))


def _to_move(state: CrapetteState, step: Step) -> Move:
    seat = state.player
    kind, which, target = step
    if kind == _DISCARD:
        return Move(Place.HAND, _hand_card(state.hands[seat], which), Place.HELP, 0, target)
    if kind == _STOCK:
        return Move(Place.STOCK, state.stocks[seat][-1], Place.CENTRAL, 0, target)
    if kind == _HELP:
        return Move(Place.HELP, state.help_piles[seat][which][-1], Place.CENTRAL, which, target)
    return Move(Place.HAND, _hand_card(state.hands[seat], which), Place.CENTRAL, 0, target)


def _hand_card(hand: list[Card], rank: int) -> Card:
    """The lowest hand card of ``rank`` (suits never matter, so any would do)."""
    return min(card for card in hand if card.rank == rank)
