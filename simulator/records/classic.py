"""What the Cribbage and Écarté codecs share: reading cards of a record, naming seats, the checks
every action of a deal passes (:func:`check_going_on`, :func:`check_player`)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Protocol

from simulator.engine.playing_cards import Card, CardParseError, parse_card
from simulator.engine.protocol import IllegalActionError
from simulator.records.base import RecordError


class CardReader:
    """Reads a deal's cards one by one, rejecting a card that does not exist (``unknown_card``)
    and a card met twice in the deal (``duplicate_card``), each with its JSON pointer."""

    def __init__(
        self,
        *,
        deal: int,
        pack: Collection[Card] | None,
        pack_name: str,
        notation_rule: str,
        deal_rule: str,
    ) -> None:
        self.deal = deal
        self.pack = pack
        self.pack_name = pack_name
        self.notation_rule = notation_rule
        self.deal_rule = deal_rule
        self.seen: dict[Card, str] = {}

    def card(self, text: str, path: str, *, action: int | None = None, unique: bool = True) -> Card:
        card = read_card(
            text,
            path,
            deal=self.deal,
            action=action,
            pack=self.pack,
            pack_name=self.pack_name,
            rule=self.notation_rule,
        )
        if unique:
            if card in self.seen:
                raise RecordError(
                    "duplicate_card",
                    f"{card} is dealt twice ({self.seen[card]} and {path})",
                    deal=self.deal,
                    action=action,
                    rule=self.deal_rule,
                    path=path,
                )
            self.seen[card] = path
        return card

    def cards(self, texts: Sequence[str], path: str) -> list[Card]:
        return [self.card(text, f"{path}/{i}") for i, text in enumerate(texts)]


def read_card(
    text: str,
    path: str,
    *,
    deal: int,
    action: int | None,
    pack: Collection[Card] | None,
    pack_name: str,
    rule: str,
) -> Card:
    """The card ``text`` names, or ``unknown_card`` when it is outside the notation or the pack."""
    try:
        card = parse_card(text)
    except CardParseError as exc:
        raise RecordError("unknown_card", str(exc), deal=deal, action=action, rule=rule, path=path) from exc
    if pack is not None and card not in pack:
        raise RecordError(
            "unknown_card",
            f"{text!r} is not a card of the {pack_name}",
            deal=deal,
            action=action,
            rule=rule,
            path=path,
        )
    return card


def seat_label(players: Sequence[str], seat: int) -> str:
    """``seat 0 (ev)``."""
    return f"seat {seat} ({players[seat]})"


def cards_text(cards: Sequence[Card] | Sequence[str]) -> str:
    return " ".join(map(str, cards))


def engine_message(exc: IllegalActionError) -> str:
    """The engine's message without the rule it appends (the record error carries the rule)."""
    text = str(exc)
    return text.removesuffix(f" ({exc.rule})") if exc.rule else text


def same_result(recorded: Mapping[str, Any], result: Mapping[str, Any]) -> bool:
    return recorded.get("winner") == result["winner"] and list(recorded.get("scores", ())) == list(
        result["scores"]
    )


def describe_result(result: Mapping[str, Any]) -> str:
    """``won by seat 0, 121–97`` / ``drawn, 3–3``."""
    scores = "–".join(str(s) for s in result.get("scores", ()))
    winner = result.get("winner")
    return f"{'drawn' if winner is None else f'won by seat {winner}'}, {scores}"


class DealtState(Protocol):
    """What :func:`check_turn` reads of a Cribbage or Écarté state."""

    winner: int | None
    deals: int

    def is_terminal(self) -> bool: ...

    def current_player(self) -> int: ...


def check_going_on(
    state: DealtState, *, deal: int, action: int, game_rule: str, deal_over: str, deal_over_rule: str
) -> None:
    """An action of deal ``deal`` needs the game not over and that deal still being played
    (``deal_over`` says how a deal ends)."""
    if state.is_terminal():
        raise RecordError(
            "extra_actions",
            f"the game is over (seat {state.winner} won) but the deal goes on",
            deal=deal,
            action=action,
            rule=game_rule,
        )
    if state.deals != deal + 1:
        raise RecordError(
            "extra_actions",
            f"deal {deal + 1} is over ({deal_over}) but its record goes on",
            deal=deal,
            action=action,
            rule=deal_over_rule,
        )


def check_player(
    state: DealtState, raw: Mapping[str, Any], *, deal: int, action: int, described: str, turn_rule: str
) -> int:
    """The recorded player must be the one to move; returns that seat."""
    mover = state.current_player()
    if raw["player"] != mover:
        raise RecordError(
            "illegal_action",
            f"seat {raw['player']} acts ({described}) but it is seat {mover}'s turn",
            deal=deal,
            action=action,
            rule=turn_rule,
        )
    return mover
