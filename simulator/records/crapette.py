"""Crapette records (docs/game-records.md "Crapette"): write them while a game is played, replay
them through the engine.

One deal: the stock piles, hands and draw pile as dealt, the first player, then every action in
the order played. The engine's :class:`~simulator.games.crapette.game.Move` maps 1:1 onto two
record actions — a move to a central place is a ``build``, a hand card onto a help pile (which
ends the turn) a ``discard`` — and each central pile completed (docs/rules/crapette.md §2.3) is
followed by a ``reshuffle`` event giving the new order of the draw pile. Draws are implied: the
draw pile's order says what each draw takes.

The replay never duplicates a rule: it builds the dealt position with
:meth:`CrapetteGame.state_from_position` and plays each action with ``apply``; the engine's
:attr:`~CrapetteState.reshuffle` hook takes the reshuffled order from the record instead of the
RNG.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from simulator.engine.playing_cards import (
    KING,
    RANK_CHARS,
    Card,
    CardParseError,
    format_cards,
    full_deck,
    parse_card,
)
from simulator.engine.protocol import TERMINAL, Game, IllegalActionError, State
from simulator.games.crapette.game import (
    DECK_COPIES,
    END_DRAW_PILE_EXHAUSTED,
    END_STOCK_EMPTIED,
    END_TURN_LIMIT,
    HAND_SIZE,
    RULE_PREFIX,
    TOTAL_CARDS,
    CrapetteGame,
    CrapetteOptionError,
    CrapetteOptions,
    CrapetteState,
    LayoutError,
    Move,
    Place,
    higher_stock_top,
    options_from,
)
from simulator.records.base import Observer, RecordError, Replay, header, result_of

GAME = "crapette"

# The rules a record can break outside a single move (the engine's IllegalActionError cites the
# rule of an illegal move itself).
RULE_CARDS = f"{RULE_PREFIX} §1: two standard 52-card decks shuffled together (104 cards)"
RULE_LAYOUT = (
    f"{RULE_PREFIX} §1: each player has a stock pile of N cards and a hand of 5; "
    "the remaining cards are the draw pile"
)
RULE_FIRST_PLAYER = (
    f"{RULE_PREFIX} §2.1: the player whose stock shows the higher top card starts (kings count 13)"
)
RULE_TURN = (
    f"{RULE_PREFIX} §2.5: the turn ends when the player puts a hand card onto one of their help "
    "piles; then the other player plays"
)
RULE_KING_AS = f"{RULE_PREFIX} §2.2: a king takes the rank that the pile needs"
RULE_RESHUFFLE = (
    f"{RULE_PREFIX} §2.3: a central pile that reaches Q is removed and shuffled into the draw pile"
)
RULE_END = (
    f"{RULE_PREFIX} §3: the last stock card played wins at once; when the draw pile runs out, "
    "fewer stock cards wins and equal counts draw"
)

_CARD_BY_NAME: dict[str, Card] = {str(card): card for card in full_deck()}
_END_WORDS = {
    END_STOCK_EMPTIED: "a stock pile is empty",
    END_DRAW_PILE_EXHAUSTED: "the draw pile ran out",
    END_TURN_LIMIT: "the turn limit was reached",
}


def options_of(options: CrapetteOptions) -> dict[str, int]:
    """The record's ``options``: every GAME_SPEC option, so a replay needs no defaults."""
    return {
        "stock_size": options.stock_size,
        "central_piles": options.central_piles,
        "max_turns": options.max_turns,
    }


def scores_of(state: CrapetteState) -> list[int]:
    """The record's ``scores``: the cards left in each stock pile (``summary()["stock_left"]``),
    the number that decides the game (docs/rules/crapette.md §3): fewer is better, 0 has won."""
    return [len(state.stocks[0]), len(state.stocks[1])]


def action_of(state: CrapetteState, player: int, move: Move) -> dict[str, Any]:
    """``move`` (about to be played by ``player`` in ``state``) as a record action."""
    if move.target is Place.HELP:
        return {
            "player": player,
            "action": "discard",
            "card": str(move.card),
            "to": f"help:{move.target_pile}",
        }
    source = f"help:{move.source_pile}" if move.source is Place.HELP else move.source.value
    entry: dict[str, Any] = {
        "player": player,
        "action": "build",
        "from": source,
        "card": str(move.card),
        "to": f"center:{move.target_pile}",
    }
    if move.card.rank == KING and 0 <= move.target_pile < len(state.central):
        entry["as"] = RANK_CHARS[len(state.central[move.target_pile])]
    return entry


# -- recording -------------------------------------------------------------------------------------


class CrapetteRecorder:
    """Writes the record of one game. It sets the state's :attr:`~CrapetteState.reshuffle` hook to
    shuffle with the game's own RNG, exactly as without it, and note the new order."""

    def __init__(self, *, state: CrapetteState, seed: int | None, players: Sequence[str]) -> None:
        self._record = header(game=GAME, options=options_of(state.options), seed=seed, players=players)
        self._actions: list[dict[str, Any]] = []
        self._deal: dict[str, Any] = {
            "stocks": [[str(c) for c in stock] for stock in state.stocks],
            "hands": [[str(c) for c in hand] for hand in state.hands],
            "draw_pile": [str(c) for c in reversed(state.draw_pile)],
            "first_player": state.first_player,
            "actions": self._actions,
        }

        def reshuffle(pile: list[Card]) -> None:
            state.rng.shuffle(pile)
            self._actions.append({"action": "reshuffle", "draw_pile": [str(c) for c in reversed(pile)]})

        state.reshuffle = reshuffle
        self._state = state

    def observe(self, state: State, player: int, action: Any) -> None:
        if not isinstance(state, CrapetteState) or not isinstance(action, Move):
            raise TypeError("a Crapette recorder observes Crapette states and moves")
        self._actions.append(action_of(state, player, action))

    def finish(self, state: State) -> dict[str, Any]:
        if not isinstance(state, CrapetteState):
            raise TypeError("a Crapette recorder finishes a Crapette state")
        if state is self._state:
            state.reshuffle = None
        record = dict(self._record)
        record["deals"] = [self._deal]
        record["result"] = result_of(state, scores_of(state))
        return record


def recorder(
    *, game: Game, state: State, seed: int | None, players: Sequence[str], context: Any = None
) -> CrapetteRecorder:
    """A recorder for ``state``, fresh from ``game.new_initial_state`` (no action played yet)."""
    if not isinstance(state, CrapetteState):
        raise TypeError("the Crapette codec records Crapette states")
    return CrapetteRecorder(state=state, seed=seed, players=players)


# -- replaying -------------------------------------------------------------------------------------


def _card(name: str, *, path: str, action: int | None = None) -> Card:
    """The card ``name`` names: the project's notation, read by the shared parser (which also
    takes ``10S`` and lower case); the common two-character form is looked up first, for speed."""
    card = _CARD_BY_NAME.get(name)
    if card is not None:
        return card
    try:
        return parse_card(name)
    except CardParseError as exc:
        raise RecordError(
            "unknown_card", str(exc), deal=0, action=action, rule=RULE_CARDS, path=path
        ) from exc


def _cards(names: Sequence[str], *, path: str, action: int | None = None) -> list[Card]:
    return [_card(name, path=f"{path}/{i}", action=action) for i, name in enumerate(names)]


def _check_copies(cards: Sequence[Card], path_of: Callable[[int], str], *, action: int | None = None) -> None:
    """docs/rules/crapette.md §1 — two decks: no card more than twice. The verdict points
    (``path_of(index)``) at the first copy too many."""
    counts = Counter(cards)
    if max(counts.values(), default=0) <= DECK_COPIES:
        return
    seen: Counter[Card] = Counter()
    for index, card in enumerate(cards):
        seen[card] += 1
        if seen[card] > DECK_COPIES:
            raise RecordError(
                "duplicate_card",
                f"{card} is there {counts[card]} times; the two decks hold {DECK_COPIES}",
                deal=0,
                action=action,
                rule=RULE_CARDS,
                path=path_of(index),
            )


def _game_of(options: Mapping[str, Any]) -> CrapetteGame:
    try:
        checked = options_from(options)
    except CrapetteOptionError as exc:  # the schema refuses these first; kept for direct callers
        raise RecordError("malformed", str(exc), path=f"/options/{exc.option}") from exc
    return CrapetteGame(
        stock_size=checked.stock_size, central_piles=checked.central_piles, max_turns=checked.max_turns
    )


def _dealt_state(game: CrapetteGame, deal: Mapping[str, Any]) -> CrapetteState:
    """The position as dealt, every card and the layout checked (codes ``unknown_card``,
    ``duplicate_card``, ``bad_deal``)."""
    stocks = [_cards(s, path=f"/deals/0/stocks/{seat}") for seat, s in enumerate(deal["stocks"])]
    hands = [_cards(h, path=f"/deals/0/hands/{seat}") for seat, h in enumerate(deal["hands"])]
    top_first = _cards(deal["draw_pile"], path="/deals/0/draw_pile")
    everything = [*stocks[0], *stocks[1], *hands[0], *hands[1], *top_first]
    parts = [
        ("stocks/0", stocks[0]),
        ("stocks/1", stocks[1]),
        ("hands/0", hands[0]),
        ("hands/1", hands[1]),
        ("draw_pile", top_first),
    ]

    def path_of(index: int) -> str:
        for name, pile in parts:
            if index < len(pile):
                return f"/deals/0/{name}/{index}"
            index -= len(pile)
        return "/deals/0"

    _check_copies(everything, path_of)
    n = game.options.stock_size
    for seat, stock in enumerate(stocks):
        if len(stock) != n:
            raise RecordError(
                "bad_deal",
                f"seat {seat}'s stock pile has {len(stock)} cards; stock_size is {n}",
                deal=0,
                rule=RULE_LAYOUT,
                path=f"/deals/0/stocks/{seat}",
            )
    for seat, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise RecordError(
                "bad_deal",
                f"seat {seat}'s hand has {len(hand)} cards, not {HAND_SIZE}",
                deal=0,
                rule=RULE_LAYOUT,
                path=f"/deals/0/hands/{seat}",
            )
    if len(everything) != TOTAL_CARDS:
        missing = sorted((Counter(full_deck(copies=DECK_COPIES)) - Counter(everything)).elements())
        raise RecordError(
            "bad_deal",
            f"the deal holds {len(everything)} cards, not the {TOTAL_CARDS} of two decks; "
            f"the draw pile should hold {TOTAL_CARDS - 2 * n - 2 * HAND_SIZE}"
            + (f" (missing: {format_cards(missing)})" if missing else ""),
            deal=0,
            rule=RULE_LAYOUT,
            path="/deals/0/draw_pile",
        )
    first = deal["first_player"]
    higher = higher_stock_top(stocks[0][-1], stocks[1][-1])
    if higher is not None and first != higher:
        raise RecordError(
            "bad_deal",
            f"seat {higher}'s stock top ({stocks[higher][-1]}) is higher than seat {1 - higher}'s "
            f"({stocks[1 - higher][-1]}): seat {higher} starts, not seat {first}",
            deal=0,
            rule=RULE_FIRST_PLAYER,
            path="/deals/0/first_player",
        )
    draw_pile = list(reversed(top_first))
    try:  # unreachable after the checks above; the engine checks again
        game.deal_check(stocks=stocks, hands=hands, draw_pile=draw_pile, first_player=first)
        return game.state_from_position(stocks=stocks, hands=hands, draw_pile=draw_pile, player=first)
    except LayoutError as exc:
        raise RecordError("bad_deal", str(exc), deal=0, rule=RULE_LAYOUT) from exc


def _move_of(entry: Mapping[str, Any], index: int) -> Move:
    card = _card(entry["card"], path=f"/deals/0/actions/{index}/card", action=index)
    to_pile = entry["to"].partition(":")[2]
    if entry["action"] == "discard":
        return Move(Place.HAND, card, Place.HELP, 0, int(to_pile))
    source, _, pile = entry["from"].partition(":")
    return Move(Place(source), card, Place.CENTRAL, int(pile or 0), int(to_pile))


class _Reshuffles:
    """The engine's reshuffle hook during a replay: the new order comes from the record entry after
    the build that completed the pile. A problem is kept (not raised inside the engine) so that
    the build itself is judged first."""

    def __init__(self, actions: Sequence[Mapping[str, Any]], log: list[str]) -> None:
        self.actions = actions
        self.log = log
        self.build = 0  # index of the build being played
        self.used = False
        self.error: RecordError | None = None
        self.at_line = 0  # where in the engine's log the reshuffle happened

    def start(self, index: int) -> None:
        self.build, self.used, self.error = index, False, None

    def __call__(self, pile: list[Card]) -> None:
        index = self.build + 1
        self.used = True
        self.at_line = len(self.log)
        if index >= len(self.actions) or self.actions[index]["action"] != "reshuffle":
            self.error = RecordError(
                "wrong_chance",
                f"this build completes a central pile: a reshuffle event giving the new draw pile "
                f"({len(pile)} cards) must follow it",
                deal=0,
                action=index if index < len(self.actions) else self.build,
                rule=RULE_RESHUFFLE,
            )
            self.used = False
            return
        path = f"/deals/0/actions/{index}/draw_pile"
        try:
            top_first = _cards(self.actions[index]["draw_pile"], path=path, action=index)
        except RecordError as exc:
            self.error = exc
            return
        try:
            _check_copies(top_first, lambda i: f"{path}/{i}", action=index)
        except RecordError as exc:
            self.error = exc
            return
        have, given = Counter(pile), Counter(top_first)
        if have != given:
            missing, surplus = have - given, given - have
            parts = []
            if missing:
                parts.append(f"missing {format_cards(sorted(missing.elements()))}")
            if surplus:
                parts.append(f"not in it {format_cards(sorted(surplus.elements()))}")
            self.error = RecordError(
                "wrong_chance",
                f"the reshuffled draw pile must hold the {len(pile)} cards of the draw pile and the "
                f"completed pile: {'; '.join(parts)}",
                deal=0,
                action=index,
                rule=RULE_RESHUFFLE,
                path=path,
            )
            return
        pile[:] = reversed(top_first)


def _illegal(exc: IllegalActionError, index: int) -> RecordError:
    message = str(exc)
    suffix = f" ({exc.rule})"
    if exc.rule and message.endswith(suffix):
        message = message[: -len(suffix)]
    return RecordError("illegal_action", message, deal=0, action=index, rule=exc.rule)


def _rank_needed(state: CrapetteState, move: Move) -> str | None:
    """The rank a king built by ``move`` takes (the one its pile needs), or ``None``."""
    if move.target is not Place.CENTRAL or move.card.rank != KING:
        return None
    if not 0 <= move.target_pile < len(state.central):
        return None  # the engine refuses the place itself
    return RANK_CHARS[len(state.central[move.target_pile])]


def _check_king(entry: Mapping[str, Any], move: Move, needed: str | None, index: int) -> None:
    """A king names the rank it takes; it must be the rank the pile needed before the build."""
    if needed is not None and entry["as"] != needed:
        raise RecordError(
            "illegal_action",
            f"{move.card} built on center:{move.target_pile} takes the rank {needed}, not {entry['as']}",
            deal=0,
            action=index,
            rule=RULE_KING_AS,
            path=f"/deals/0/actions/{index}/as",
        )


def replay(record: Mapping[str, Any], *, context: Any = None, observe: Observer | None = None) -> Replay:
    """Replay a (shape-checked) Crapette record through the engine; raise :class:`RecordError` at
    the first thing wrong."""
    game = _game_of(record["options"])
    deal = record["deals"][0]
    state = _dealt_state(game, deal)
    log: list[str] = []
    state.log = log  # the engine's own account of each action, for the transcript
    actions: Sequence[Mapping[str, Any]] = deal["actions"]
    reshuffles = _Reshuffles(actions, log)
    state.reshuffle = reshuffles
    players = record["players"]
    first = deal["first_player"]
    tops = [state.stocks[seat][-1] for seat in (0, 1)]
    transcript = [
        f"Crapette: stock piles of {game.options.stock_size} cards, {game.options.central_piles} "
        f"central piles; seat 0: {players[0]}, seat 1: {players[1]}",
        f"Deal: stock tops {tops[0]} (seat 0) and {tops[1]} (seat 1); seat {first} starts"
        + (" (equal tops: the coin flip)" if higher_stock_top(*tops) is None else ""),
    ]
    index = 0
    if observe is not None:
        observe(state, 0, None)
    while index < len(actions):
        entry = actions[index]
        if state.player == TERMINAL:
            raise RecordError(
                "extra_actions",
                f"the game is over ({state.end_reason}); {len(actions) - index} more action(s) follow",
                deal=0,
                action=index,
                rule=RULE_END,
            )
        if entry["action"] == "reshuffle":
            raise RecordError(
                "wrong_chance",
                "no central pile was just completed: nothing is shuffled into the draw pile here",
                deal=0,
                action=index,
                rule=RULE_RESHUFFLE,
            )
        if entry["player"] != state.player:
            raise RecordError(
                "illegal_action",
                f"it is seat {state.player}'s turn, not seat {entry['player']}'s",
                deal=0,
                action=index,
                rule=RULE_TURN,
                path=f"/deals/0/actions/{index}/player",
            )
        move = _move_of(entry, index)
        needed = _rank_needed(state, move)
        seen = len(log)
        reshuffles.start(index)
        try:
            state.apply(move)
        except IllegalActionError as exc:
            raise _illegal(exc, index) from exc
        # After the engine's own checks (a king that is not there is refused for that), before the
        # reshuffle the build may have caused (a later entry).
        _check_king(entry, move, needed, index)
        if reshuffles.error is not None:
            raise reshuffles.error
        lines = [f"{index + 1}. {line}" if i == 0 else f"   {line}" for i, line in enumerate(log[seen:])]
        if reshuffles.used:
            index += 1
            top = actions[index]["draw_pile"]
            # after the engine's "central pile … is complete" line, noted just after the shuffle
            lines.insert(
                reshuffles.at_line - seen + 1,
                f"{index + 1}. the draw pile, reshuffled: {len(top)} cards"
                + (f", top {top[0]}" if top else ""),
            )
        transcript.extend(lines)
        if observe is not None:
            observe(state, 0, index)
        index += 1
    if state.player != TERMINAL:
        raise RecordError(
            "unfinished",
            f"the actions stop after {len(actions)} with seat {state.player} to play",
            deal=0,
            action=len(actions),
            rule=RULE_END,
        )
    expected = result_of(state, scores_of(state))
    given = record["result"]
    if given.get("winner") != expected["winner"] or list(given.get("scores", [])) != expected["scores"]:
        raise RecordError(
            "wrong_result",
            f"the actions give winner {expected['winner']}, stock cards left {expected['scores']}; "
            f"the record says winner {given.get('winner')}, {given.get('scores')}",
            rule=RULE_END,
            path="/result",
        )
    winner = expected["winner"]
    transcript.append(
        f"Result: {_END_WORDS.get(state.end_reason or '', state.end_reason)}; stock cards left "
        f"{expected['scores'][0]} (seat 0), {expected['scores'][1]} (seat 1); "
        + ("a draw" if winner is None else f"seat {winner} wins")
    )
    return Replay(
        game=GAME,
        result=expected,
        transcript=tuple(transcript),
        actions=len(actions),
        deals=1,
        summary=state.summary(),
    )
