"""Écarté records (docs/game-records.md "Écarté"): write them while a game is played, replay them
through the engine (:mod:`simulator.games.ecarte.game`).

A deal is ``{"dealer", "hands", "turned", "stock", "actions", "points"}``: the two 5-card hands as
dealt (by seat), the card turned up for trumps, the 21 cards of the stock in the order they would
be drawn, every decision (``propose``, ``play_without_proposing``, ``accept``, ``refuse``,
``discard`` — the draws follow from the stock —, ``announce_king``, ``play``) and what each seat
scored in the deal (a turned-up King included). The replay stacks each deal into the engine
(``EcarteGame.state_from_position`` / ``EcarteState.stack_next_deal``), so every rule and every point
comes from the engine; this module only reads the record and compares.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from simulator.engine.playing_cards import Card
from simulator.engine.protocol import Game, IllegalActionError, State
from simulator.games.ecarte.cards import DECK, DECK_SIZE, SUIT_NAMES, sorted_hand
from simulator.games.ecarte.game import (
    ACCEPT,
    HAND_SIZE,
    PLAY,
    PROPOSE,
    REFUSE,
    RULE_DISCARDS,
    RULE_PROPOSALS,
    RULE_TURN,
    EcarteAction,
    EcarteGame,
    EcarteState,
    Move,
    Phase,
    discard,
    make_game,
    play_card,
)
from simulator.records.base import Observer, RecordError, Replay, header, result_of
from simulator.records.classic import (
    CardReader,
    cards_text,
    check_going_on,
    check_player,
    describe_result,
    engine_message,
    read_card,
    same_result,
    seat_label,
)

GAME: Final = "ecarte"
STOCK_SIZE: Final = DECK_SIZE - 2 * HAND_SIZE - 1

RULE_NOTATION: Final = "docs/rules/ecarte.md §1: a 32-card pack, K Q J A T 9 8 7 of each suit"
RULE_DEAL: Final = "docs/rules/ecarte.md §2.2: the dealer deals 5 cards to each player"
RULE_TURNED: Final = "docs/rules/ecarte.md §2.3: the next card is turned up for trumps"
RULE_STOCK: Final = "docs/rules/ecarte.md §2.4: the rest of the pack is the stock the exchanges draw from"
RULE_DEALER: Final = "docs/rules/ecarte.md §2.1: the deal alternates"
RULE_KING: Final = (
    "docs/rules/ecarte.md §2.5: the King of trumps is announced by its holder as they play their first card"
)
RULE_POINTS: Final = (
    "docs/rules/ecarte.md §2.3, §5 and §7: the turned-up King, the King of trumps, the tricks"
)
RULE_GAME: Final = "docs/rules/ecarte.md §3: the first to reach 5 points wins, even in mid-deal"
RULE_DEAL_OVER: Final = "docs/rules/ecarte.md §2.6: five tricks are played"

PACK: Final = frozenset(DECK)
ACTION_NAMES: Final[dict[EcarteAction, str]] = {
    PROPOSE: "propose",
    PLAY: "play_without_proposing",
    ACCEPT: "accept",
    REFUSE: "refuse",
}
_SIMPLE_ACTIONS: Final = {name: action for action, name in ACTION_NAMES.items()}


# -- writing ---------------------------------------------------------------------------------


def action_json(player: int, action: EcarteAction) -> dict[str, Any]:
    """The record form of an engine action."""
    if action.move is Move.DISCARD:
        return {"player": player, "action": "discard", "cards": [str(c) for c in action.cards]}
    if action.move is Move.CARD:
        return {"player": player, "action": "play", "card": str(action.card)}
    return {"player": player, "action": ACTION_NAMES[action]}


class EcarteRecorder:
    """Notices each new deal (hands, turned card, stock as dealt) and every action; writes the
    engine's automatic announcement of the King of trumps as ``announce_king`` before the card."""

    def __init__(self, game: EcarteGame, state: EcarteState, seed: int | None, players: Sequence[str]):
        self._header = header(game=GAME, options={"strict": game.options.strict}, seed=seed, players=players)
        self._deals: list[dict[str, Any]] = []
        self._deal_number = 0
        self._start_scores = [0, 0]
        #: (seat, index in the deal's actions) of a first card just played, to see if it announced.
        self._first_card: tuple[int, int] | None = None
        self._open(state)

    def _open(self, state: EcarteState) -> None:
        self._deal_number = state.deals
        self._start_scores = list(state.scores_at_deal_start)
        self._deals.append(
            {
                "dealer": state.dealer,
                "hands": [[str(c) for c in hand] for hand in state.hands],
                "turned": str(state.turned),
                "stock": [str(c) for c in reversed(state.stock)],  # the top is the list's end
                "actions": [],
                "points": None,
            }
        )

    def _close(self, end_scores: Sequence[int]) -> None:
        self._deals[-1]["points"] = [end_scores[s] - self._start_scores[s] for s in (0, 1)]

    def _note_announcement(self, state: EcarteState) -> None:
        if self._first_card is not None:
            seat, index = self._first_card
            self._first_card = None
            if state.deals == self._deal_number and state.announced[seat]:
                self._deals[-1]["actions"].insert(index, {"player": seat, "action": "announce_king"})

    def _follow(self, state: EcarteState) -> None:
        self._note_announcement(state)
        if state.deals != self._deal_number:
            self._close(state.scores_at_deal_start)
            self._open(state)

    def observe(self, state: State, player: int, action: Any) -> None:
        assert isinstance(state, EcarteState) and isinstance(action, EcarteAction)
        self._follow(state)
        actions = self._deals[-1]["actions"]
        if action.move is Move.CARD and not state.first_card_played[player]:
            self._first_card = (player, len(actions))
        actions.append(action_json(player, action))

    def finish(self, state: State) -> dict[str, Any]:
        assert isinstance(state, EcarteState)
        self._follow(state)
        self._close(state.scores)
        return {**self._header, "deals": self._deals, "result": result_of(state, state.scores)}


def recorder(
    *, game: Game, state: State, seed: int | None, players: Sequence[str], context: Any = None
) -> EcarteRecorder:
    if not isinstance(game, EcarteGame) or not isinstance(state, EcarteState):
        raise TypeError("the écarté recorder needs an EcarteGame and its EcarteState")
    return EcarteRecorder(game, state, seed, players)


# -- replaying -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Deal:
    dealer: int
    hands: tuple[list[Card], list[Card]]
    turned: Card
    stock: list[Card]


def _read_deal(deal: Mapping[str, Any], index: int) -> _Deal:
    """The deal's cards: each in the pack, none twice, 5 in each hand, the whole rest in the stock."""
    reader = CardReader(
        deal=index, pack=PACK, pack_name="32-card pack", notation_rule=RULE_NOTATION, deal_rule=RULE_DEAL
    )
    base = f"/deals/{index}"
    hands = (
        reader.cards(deal["hands"][0], f"{base}/hands/0"),
        reader.cards(deal["hands"][1], f"{base}/hands/1"),
    )
    reader.deal_rule = RULE_TURNED
    turned = reader.card(deal["turned"], f"{base}/turned")
    reader.deal_rule = RULE_STOCK
    stock = reader.cards(deal["stock"], f"{base}/stock")
    for seat in (0, 1):
        if len(hands[seat]) != HAND_SIZE:
            raise RecordError(
                "bad_deal",
                f"seat {seat} is dealt {len(hands[seat])} cards, not {HAND_SIZE}",
                deal=index,
                rule=RULE_DEAL,
                path=f"{base}/hands/{seat}",
            )
    if len(stock) != STOCK_SIZE:
        missing = sorted_hand(PACK - set(reader.seen))
        raise RecordError(
            "bad_deal",
            f"the stock holds {len(stock)} cards, not the {STOCK_SIZE} left after the deal"
            + (f" (missing: {cards_text(missing)})" if missing else ""),
            deal=index,
            rule=RULE_STOCK,
            path=f"{base}/stock",
        )
    return _Deal(dealer=deal["dealer"], hands=hands, turned=turned, stock=stock)


def _read_action(raw: Mapping[str, Any], deal: int, index: int) -> EcarteAction | None:
    """The engine action, or None for ``announce_king`` (the engine announces on its own)."""
    path = f"/deals/{deal}/actions/{index}"

    def card(text: str, where: str) -> Card:
        return read_card(
            text, where, deal=deal, action=index, pack=PACK, pack_name="32-card pack", rule=RULE_NOTATION
        )

    kind = raw["action"]
    if kind == "discard":
        return discard(card(t, f"{path}/cards/{i}") for i, t in enumerate(raw["cards"]))
    if kind == "play":
        return play_card(card(raw["card"], f"{path}/card"))
    if kind == "announce_king":
        return None
    return _SIMPLE_ACTIONS[kind]


class _Transcript:
    """The engine's log, told line by line."""

    def __init__(self, players: Sequence[str]) -> None:
        self.players = players
        self.lines: list[str] = []
        self.deals: dict[int, _Deal] = {}
        self.scores: list[int] = [0, 0]
        self._read = 0

    def catch_up(self, log: Sequence[Mapping[str, Any]]) -> None:
        for event in log[self._read :]:
            self._event(event)
        self._read = len(log)

    def _event(self, e: Mapping[str, Any]) -> None:
        kind = e["event"]
        if kind == "deal":
            if e["deal"] > 1:
                self.lines.append(f"  scores: {self.scores[0]}–{self.scores[1]}")
            self.lines.append(f"Deal {e['deal']} — dealer: {seat_label(self.players, e['dealer'])}")
            deal = self.deals.get(e["deal"])
            if deal is not None:
                for seat in (1 - deal.dealer, deal.dealer):
                    self.lines.append(f"  seat {seat} is dealt {cards_text(sorted_hand(deal.hands[seat]))}")
            self.lines.append(f"  turned up: {e['turned']} ({SUIT_NAMES[e['trump']]} are trumps)")
        elif kind == "action":
            self.lines.append(f"  {_describe_action(e)}")
        elif kind == "trick":
            first, second = e["cards"]
            self.lines.append(f"  trick {e['number']}: {first} {second}, seat {e['winner']} takes it")
        elif kind == "score":
            a, b = self.scores = e["score"]
            why = {
                "turned_king": "the King turned up",
                "king_of_trumps": "the King of trumps, announced",
                "point": "the point",
                "unproposed_point": "the point without proposing (or after a refusal)",
                "vole": "the vole",
            }.get(e["reason"], e["reason"])
            self.lines.append(f"  seat {e['seat']} scores {e['points']} for {why} — {a}–{b}")
        elif kind == "game_over":
            a, b = e["score"]
            self.lines.append(f"{seat_label(self.players, e['winner'])} wins, {a}–{b}")


def _describe_action(e: Mapping[str, Any]) -> str:
    seat, move = e["seat"], e["move"]
    if move == "discard":
        drawn = cards_text(e["drawn"]) or "nothing"
        return f"seat {seat} discards {cards_text(e['cards']) or 'nothing'}, draws {drawn}"
    if move == "card":
        return f"seat {seat} plays {e['cards'][0]}"
    if move == "play":
        if e["without_proposing"]:
            return f"seat {seat} plays without proposing"
        return f"seat {seat} proposes no more: play begins"
    if move == "refuse":
        return f"seat {seat} refuses: play begins"
    return f"seat {seat} {move}s"


def _turn_rule(state: EcarteState) -> str:
    if state.phase is Phase.TRICKS:
        return RULE_TURN + ": the non-dealer leads the first trick, the winner of a trick the next"
    return RULE_DISCARDS if state.phase is Phase.DISCARD else RULE_PROPOSALS


def _stack_following(state: EcarteState, deals: Sequence[Mapping[str, Any]], k: int, dealer: int) -> Any:
    """Read deal ``k`` and stack it as the engine's next deal; a problem is returned, to be
    reported once the deal before has replayed."""
    if k >= len(deals):
        return None
    try:
        following = _read_deal(deals[k], k)
        if following.dealer != 1 - dealer:
            raise RecordError(
                "bad_deal",
                f"seat {following.dealer} deals again: the deal passes to seat {1 - dealer}",
                deal=k,
                rule=RULE_DEALER,
                path=f"/deals/{k}/dealer",
            )
    except RecordError as exc:
        return exc
    state.stack_next_deal(following.hands, following.turned, following.stock)
    return following


def replay(record: Mapping[str, Any], *, context: Any = None, observe: Observer | None = None) -> Replay:
    """Replay a (shape-checked) écarté record through the engine; raise :class:`RecordError` at
    the first thing wrong."""
    game = make_game(**record["options"])
    players: Sequence[str] = record["players"]
    deals: Sequence[Mapping[str, Any]] = record["deals"]
    transcript = _Transcript(players)
    first = _read_deal(deals[0], 0)
    transcript.deals[1] = first
    state = game.state_from_position(
        dealer=first.dealer, hands=first.hands, turned=first.turned, stock=first.stock
    )
    state.enable_log()
    assert state.log is not None
    transcript.catch_up(state.log)
    actions = 0
    current = first
    if observe is not None:
        observe(state, 0, None)
    for k, deal in enumerate(deals):
        start = list(state.scores_at_deal_start)
        following = _stack_following(state, deals, k + 1, current.dealer)
        if isinstance(following, _Deal):
            transcript.deals[k + 2] = following
        announcing: tuple[int, int] | None = None  # (seat, action index) of an announce_king
        for j, raw in enumerate(deal["actions"]):
            check_going_on(
                state,
                deal=k,
                action=j,
                game_rule=RULE_GAME,
                deal_over="five tricks played",
                deal_over_rule=RULE_DEAL_OVER,
            )
            action = _read_action(raw, k, j)
            mover = check_player(
                state, raw, deal=k, action=j, described=raw["action"], turn_rule=_turn_rule(state)
            )
            if action is None:  # announce_king: it must come with the holder's first card
                why = _cannot_announce(state, mover, twice=announcing is not None)
                if why:
                    raise RecordError(
                        "illegal_action",
                        f"seat {mover} cannot announce the King of trumps: {why}",
                        deal=k,
                        action=j,
                        rule=RULE_KING,
                    )
                announcing = (mover, j)
                continue
            if announcing is not None and action.move is not Move.CARD:
                raise RecordError(
                    "illegal_action",
                    f"seat {mover} announced the King of trumps: their next action is their first card",
                    deal=k,
                    action=j,
                    rule=RULE_KING,
                )
            first_card = action.move is Move.CARD and not state.first_card_played[mover]
            try:
                state.apply(action)
            except IllegalActionError as exc:
                raise RecordError(
                    "illegal_action",
                    f"seat {mover}: {engine_message(exc)}",
                    deal=k,
                    action=j,
                    rule=exc.rule,
                ) from exc
            actions += 1
            if observe is not None:
                observe(state, k, j)
            if first_card:
                announced = state.announced[mover]
                if announced and announcing is None:
                    raise RecordError(
                        "illegal_action",
                        f"seat {mover} holds the King of trumps and plays their first card: "
                        "the record must announce it (announce_king) just before",
                        deal=k,
                        action=j,
                        rule=RULE_KING,
                    )
                announcing = None
            transcript.catch_up(state.log)
        if announcing is not None:
            raise RecordError(
                "unfinished",
                f"seat {announcing[0]} announces the King of trumps but the record stops before their card",
                deal=k,
                action=announcing[1] + 1,
                rule=RULE_KING,
            )
        moved_on = state.deals != k + 1
        if not moved_on and not state.is_terminal():
            raise RecordError(
                "unfinished",
                f"the actions of deal {k + 1} stop before it ends (seat {state.current_player()} to "
                f"{_phase_verb(state)})",
                deal=k,
                action=len(deal["actions"]),
                rule=RULE_GAME,
            )
        end = state.scores_at_deal_start if moved_on else state.scores
        points = [end[0] - start[0], end[1] - start[1]]
        if list(deal["points"]) != points:
            raise RecordError(
                "wrong_score",
                f"deal {k + 1} scores {points[0]} and {points[1]}, not {deal['points'][0]} and "
                f"{deal['points'][1]}",
                deal=k,
                rule=RULE_POINTS,
                path=f"/deals/{k}/points",
            )
        if not moved_on:  # the game ended in this deal
            if k + 1 < len(deals):
                raise RecordError(
                    "extra_actions",
                    f"the game ended in deal {k + 1} (seat {state.winner} won) but the record goes on",
                    deal=k + 1,
                    rule=RULE_GAME,
                )
            break
        if isinstance(following, RecordError):
            raise following
        if following is None:
            raise RecordError(
                "unfinished",
                f"the record stops after deal {k + 1} but the game goes on into deal {k + 2}"
                + (" (where the King turned up wins it)" if state.is_terminal() else ""),
                deal=k,
                rule=RULE_GAME,
            )
        current = following
    result = result_of(state, state.scores)
    if not same_result(record["result"], result):
        raise RecordError(
            "wrong_result",
            f"the game ends {describe_result(result)}; the record says {describe_result(record['result'])}",
            rule=RULE_GAME,
            path="/result",
        )
    return Replay(
        game=GAME,
        result=result,
        transcript=transcript.lines,
        actions=actions,
        deals=len(deals),
        summary=dict(state.summary()),
    )


def _cannot_announce(state: EcarteState, seat: int, *, twice: bool) -> str:
    """Why ``seat`` may not announce the King of trumps now, or ``""``."""
    if twice:
        return "it is already announced"
    if state.phase is not Phase.TRICKS:
        return "the tricks have not begun"
    if state.first_card_played[seat]:
        return "they have already played a card in this deal"
    if state.king_holder != seat:
        return "they do not hold it"
    return ""


def _phase_verb(state: EcarteState) -> str:
    return {
        Phase.PROPOSAL: "propose or play",
        Phase.RESPONSE: "accept or refuse",
        Phase.DISCARD: "discard",
        Phase.TRICKS: "play a card",
    }.get(state.phase, "act")
