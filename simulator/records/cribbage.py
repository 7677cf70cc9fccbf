"""Cribbage records (docs/game-records.md "Cribbage"): write them while a game is played, replay
them through the engine (:mod:`simulator.games.cribbage.game`).

A deal is ``{"dealer", "hands", "starter", "actions", "scores_after"}``: the two 6-card hands as
dealt (by seat), the starter cut, every decision (``discard`` — the non-dealer first —, ``play``,
``go``) and both totals when the deal ends (or when the game ends in it). The replay stacks each
deal into the engine (``CribbageGame.state_from_position`` / ``stack_next_deal``), so every rule and every
point comes from the engine; this module only reads the record and compares.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from simulator.engine.playing_cards import Card, full_deck
from simulator.engine.protocol import Action, Game, IllegalActionError, State
from simulator.games.cribbage import make_game
from simulator.games.cribbage.game import (
    DEALT_CARDS,
    GO,
    RULE_DISCARD_FIRST,
    CribbageGame,
    CribbageState,
    Discard,
    Go,
    Phase,
    Play,
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

GAME: Final = "cribbage"

RULE_NOTATION: Final = "docs/rules/cribbage.md §5"
RULE_DEAL: Final = "docs/rules/cribbage.md §2.1: the dealer deals 6 cards to each player from one deck"
RULE_STARTER: Final = "docs/rules/cribbage.md §2.3: the starter is cut from the rest of the deck"
RULE_DEALER: Final = "docs/rules/cribbage.md §2.6: the deal passes to the other player"
RULE_DISCARD_TURN: Final = (
    "docs/rules/cribbage.md §2.2: each player discards 2 to the crib (in a record, the non-dealer first)"
)
RULE_PLAY_TURN: Final = "docs/rules/cribbage.md §2.4: the non-dealer plays first; players alternate"
RULE_SCORES: Final = "docs/rules/cribbage.md §2.3–2.5: his heels, the pegging and the show"
RULE_WINNING: Final = "docs/rules/cribbage.md §3: the first to reach the target wins, at that moment"
RULE_DEAL_OVER: Final = "docs/rules/cribbage.md §2.5–2.6: after the show the deal passes"

PACK: Final = frozenset(full_deck())


# -- writing ---------------------------------------------------------------------------------


def action_json(player: int, action: Action) -> dict[str, Any]:
    """The record form of an engine action."""
    if isinstance(action, Discard):
        return {"player": player, "action": "discard", "cards": [str(c) for c in action.cards]}
    if isinstance(action, Play):
        return {"player": player, "action": "play", "card": str(action.card)}
    if isinstance(action, Go):
        return {"player": player, "action": "go"}
    raise TypeError(f"not a cribbage action: {action!r}")


class CribbageRecorder:
    """Notices each new deal (its hands as dealt, its starter) and every action."""

    def __init__(self, game: CribbageGame, state: CribbageState, seed: int | None, players: Sequence[str]):
        self._header = header(game=GAME, options={"target": game.target}, seed=seed, players=players)
        self._deals: list[dict[str, Any]] = []
        self._deal_number = 0
        self._open(state)

    def _open(self, state: CribbageState) -> None:
        self._deal_number = state.deals
        self._deals.append(
            {
                "dealer": state.dealer,
                "hands": [[str(c) for c in hand] for hand in state.hands],
                "starter": None,
                "actions": [],
                "scores_after": None,
            }
        )

    def _note_starter(self, state: CribbageState) -> None:
        deal = self._deals[-1]
        if deal["starter"] is None and state.starter is not None and state.deals == self._deal_number:
            deal["starter"] = str(state.starter)

    def observe(self, state: State, player: int, action: Any) -> None:
        assert isinstance(state, CribbageState)
        if state.deals != self._deal_number:
            # The deal passed after the show: the scores have not moved since.
            self._deals[-1]["scores_after"] = list(state.scores)
            self._open(state)
        self._note_starter(state)
        self._deals[-1]["actions"].append(action_json(player, action))

    def finish(self, state: State) -> dict[str, Any]:
        assert isinstance(state, CribbageState)
        self._note_starter(state)
        self._deals[-1]["scores_after"] = list(state.scores)
        return {**self._header, "deals": self._deals, "result": result_of(state, state.scores)}


def recorder(
    *, game: Game, state: State, seed: int | None, players: Sequence[str], context: Any = None
) -> CribbageRecorder:
    if not isinstance(game, CribbageGame) or not isinstance(state, CribbageState):
        raise TypeError("the cribbage recorder needs a CribbageGame and its CribbageState")
    return CribbageRecorder(game, state, seed, players)


# -- replaying -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Deal:
    dealer: int
    hands: tuple[list[Card], list[Card]]
    starter: Card | None


def _read_deal(deal: Mapping[str, Any], index: int) -> _Deal:
    """The deal's cards: each exists, none twice, 6 in each hand."""
    reader = CardReader(
        deal=index, pack=None, pack_name="pack", notation_rule=RULE_NOTATION, deal_rule=RULE_DEAL
    )
    base = f"/deals/{index}"
    hands = (
        reader.cards(deal["hands"][0], f"{base}/hands/0"),
        reader.cards(deal["hands"][1], f"{base}/hands/1"),
    )
    starter = None
    if deal["starter"] is not None:
        reader.deal_rule = RULE_STARTER
        starter = reader.card(deal["starter"], f"{base}/starter")
    for seat in (0, 1):
        if len(hands[seat]) != DEALT_CARDS:
            raise RecordError(
                "bad_deal",
                f"seat {seat} is dealt {len(hands[seat])} cards, not {DEALT_CARDS}",
                deal=index,
                rule=RULE_DEAL,
                path=f"{base}/hands/{seat}",
            )
    return _Deal(dealer=deal["dealer"], hands=hands, starter=starter)


def _read_action(raw: Mapping[str, Any], deal: int, index: int) -> Action:
    path = f"/deals/{deal}/actions/{index}"

    def card(text: str, where: str) -> Card:
        return read_card(
            text, where, deal=deal, action=index, pack=None, pack_name="pack", rule=RULE_NOTATION
        )

    kind = raw["action"]
    if kind == "discard":
        return Discard(tuple(card(t, f"{path}/cards/{i}") for i, t in enumerate(raw["cards"])))
    if kind == "play":
        return Play(card(raw["card"], f"{path}/card"))
    return GO


class _Transcript:
    """The engine's log, told line by line."""

    def __init__(self, players: Sequence[str]) -> None:
        self.players = players
        self.lines: list[str] = []
        self._read = 0

    def seat(self, seat: int) -> str:
        return seat_label(self.players, seat)

    def deal(self, number: int, deal: _Deal) -> None:
        self.lines.append(f"Deal {number} — dealer: {self.seat(deal.dealer)}")
        for seat in (1 - deal.dealer, deal.dealer):
            self.lines.append(f"  seat {seat} is dealt {cards_text(sorted(deal.hands[seat]))}")

    def catch_up(self, log: Sequence[Mapping[str, Any]]) -> None:
        for event in log[self._read :]:
            self._event(event)
        self._read = len(log)

    def _event(self, e: Mapping[str, Any]) -> None:
        kind = e["event"]
        if kind == "discard":
            self.lines.append(f"  seat {e['seat']} discards {cards_text(e['cards'])} to the crib")
        elif kind == "starter":
            self.lines.append(f"  starter: {e['card']}")
        elif kind == "play":
            reasons = f": {', '.join(e['reasons'])}" if e["reasons"] else ""
            self.lines.append(f"  seat {e['seat']} plays {e['card']} (count {e['count']}{reasons})")
        elif kind == "go":
            self.lines.append(f"  seat {e['seat']} says go at {e['count']}")
        elif kind == "reset":
            self.lines.append(f"  count back to 0, seat {e['leader']} leads")
        elif kind == "show":
            what = "crib" if e["crib"] else "hand"
            total = e["breakdown"]["total"]
            details = f" ({'; '.join(e['details'])})" if e["details"] else ""
            self.lines.append(
                f"  seat {e['seat']} shows {what} {cards_text(e['cards'])} + {e['starter']}: {total}{details}"
            )
        elif kind == "score":
            a, b = e["scores"]
            reason = e["reason"]
            if reason in ("go", "last card", "his heels"):
                self.lines.append(f"  seat {e['seat']} scores {e['points']} for {reason} — {a}–{b}")
            else:
                self.lines[-1] += f" — {a}–{b}"
        elif kind == "win":
            a, b = e["scores"]
            self.lines.append(f"{self.seat(e['seat'])} wins during the {e['during']}, {a}–{b}")


def _turn_rule(state: CribbageState) -> str:
    return RULE_DISCARD_TURN if state.phase is Phase.DISCARD else RULE_PLAY_TURN


def replay(record: Mapping[str, Any], *, context: Any = None, observe: Observer | None = None) -> Replay:
    """Replay a (shape-checked) cribbage record through the engine; raise :class:`RecordError`
    at the first thing wrong."""
    game = make_game(**record["options"])
    players: Sequence[str] = record["players"]
    deals: Sequence[Mapping[str, Any]] = record["deals"]
    first = _read_deal(deals[0], 0)
    state = game.state_from_position(
        dealer=first.dealer, hands=first.hands, starter=first.starter, rng=random.Random(0)
    )
    state.enable_log()
    assert state.log is not None
    transcript = _Transcript(players)
    actions = 0
    current = first
    if observe is not None:
        observe(state, 0, None)
    for k, deal in enumerate(deals):
        transcript.deal(k + 1, current)
        # Stack the next deal now: the engine deals it as this one's last action ends the show.
        following: _Deal | RecordError | None = None
        if k + 1 < len(deals):
            try:
                following = _read_deal(deals[k + 1], k + 1)
                if following.dealer != 1 - current.dealer:
                    raise RecordError(
                        "bad_deal",
                        f"seat {following.dealer} deals again: the deal passes to seat {1 - current.dealer}",
                        deal=k + 1,
                        rule=RULE_DEALER,
                        path=f"/deals/{k + 1}/dealer",
                    )
                state.stack_next_deal(following.hands, following.starter)
            except RecordError as exc:
                following = exc  # reported once this deal has replayed
        for j, raw in enumerate(deal["actions"]):
            check_going_on(
                state,
                deal=k,
                action=j,
                game_rule=RULE_WINNING,
                deal_over="the show is done",
                deal_over_rule=RULE_DEAL_OVER,
            )
            action = _read_action(raw, k, j)
            mover = check_player(
                state, raw, deal=k, action=j, described=str(action), turn_rule=_turn_rule(state)
            )
            try:
                state.apply(action)
            except IllegalActionError as exc:
                raise RecordError(
                    "illegal_action",
                    f"seat {mover}: {engine_message(exc)}",
                    deal=k,
                    action=j,
                    rule=exc.rule or RULE_DISCARD_FIRST,
                ) from exc
            actions += 1
            if observe is not None:
                observe(state, k, j)
            if current.starter is None and state.starter is not None and state.deals == k + 1:
                raise RecordError(
                    "bad_deal",
                    "the deal has no starter, but its actions go on past the cut",
                    deal=k,
                    action=j,
                    rule=RULE_STARTER,
                    path=f"/deals/{k}/starter",
                )
            transcript.catch_up(state.log)
        over = state.is_terminal()
        if not over and state.deals == k + 1:
            raise RecordError(
                "unfinished",
                f"the actions of deal {k + 1} stop before it ends (seat {state.current_player()} to "
                f"{'discard' if state.phase is Phase.DISCARD else 'play'})",
                deal=k,
                action=len(deal["actions"]),
                rule=RULE_WINNING,
            )
        if list(deal["scores_after"]) != state.scores:
            raise RecordError(
                "wrong_score",
                f"the scores after deal {k + 1} are {state.scores[0]}–{state.scores[1]}, "
                f"not {deal['scores_after'][0]}–{deal['scores_after'][1]}",
                deal=k,
                rule=RULE_SCORES,
                path=f"/deals/{k}/scores_after",
            )
        if over:
            if k + 1 < len(deals):
                raise RecordError(
                    "extra_actions",
                    f"the game ended in deal {k + 1} (seat {state.winner} won) but the record goes on",
                    deal=k + 1,
                    rule=RULE_WINNING,
                )
            break
        transcript.lines.append(f"  scores: {state.scores[0]}–{state.scores[1]}")
        if isinstance(following, RecordError):
            raise following
        if following is None:
            raise RecordError(
                "unfinished",
                f"the record stops after deal {k + 1} at {state.scores[0]}–{state.scores[1]}: "
                f"nobody has reached {game.target}",
                deal=k,
                rule=RULE_WINNING,
            )
        current = following
    transcript.catch_up(state.log)
    result = result_of(state, state.scores)
    if not same_result(record["result"], result):
        raise RecordError(
            "wrong_result",
            f"the game ends {describe_result(result)}; the record says {describe_result(record['result'])}",
            rule=RULE_WINNING,
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
