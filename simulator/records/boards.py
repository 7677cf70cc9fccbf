"""The game viewer's boards: a record's game as a sequence of board snapshots (docs/pages.md "The
game viewer").

Pure: no rules here. The codec's replay runs the record through the real engine and calls a
:class:`BoardSteps` (an :data:`~simulator.records.base.Observer`) with the engine's state at the
start and after each action; each call turns that state into a plain, JSON-like board (what a page
draws): Eredan's two lines of characters (HP, tapped, carried items), the cribbage board and count,
écarté's hands, trump and tricks, Crapette's piles. A replay that stops at an illegal action leaves
the boards up to it, and its :class:`~simulator.records.base.RecordError` is the verdict.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from simulator.engine.protocol import State
from simulator.records.base import RecordError, Replay

Board = dict[str, Any]


@dataclass(frozen=True)
class Step:
    """One board: the start (``action`` is ``None``) or the position after an action."""

    number: int  # 0-based position in :attr:`Viewing.steps`
    deal: int  # 0-based deal index
    action: int | None  # 0-based action index in that deal, None for the start
    label: str  # what happened, for people
    turn: int | None  # Eredan's turn number; None in the classic games
    board: Board


@dataclass
class Viewing:
    """A record opened in the viewer: its boards and the replay's verdict."""

    game: str
    players: Sequence[str]
    steps: list[Step] = field(default_factory=list)
    replay: Replay | None = None
    error: RecordError | None = None

    @property
    def valid(self) -> bool:
        return self.error is None and self.replay is not None

    def step_at(self, number: int) -> Step:
        """Step ``number``, clamped to the steps there are."""
        return self.steps[max(0, min(number, len(self.steps) - 1))]

    def deals(self) -> list[int]:
        """The deals (1-based) that have a board."""
        return sorted({s.deal + 1 for s in self.steps})

    def turns(self) -> list[int]:
        """The turns (Eredan) that have a board."""
        return sorted({s.turn for s in self.steps if s.turn is not None})

    def first_step(self, *, deal: int | None = None, turn: int | None = None) -> int | None:
        """The first step of ``deal`` (1-based) or ``turn``; None if there is none."""
        for s in self.steps:
            if (deal is not None and s.deal + 1 == deal) or (turn is not None and s.turn == turn):
                return s.number
        return None


def describe_action(entry: Mapping[str, Any]) -> str:
    """A record's action entry, briefly: ``seat 1 play 7H``, ``seat 0 fight iro-1 → telendar-1``."""
    kind = str(entry.get("action", "?"))
    rest = {k: v for k, v in entry.items() if k not in ("player", "action")}
    if kind == "fight":
        words = f"{rest.get('fighter')} → {rest.get('opponent')}"
    else:
        parts = []
        for value in rest.values():
            if isinstance(value, list):
                parts.append(" ".join(str(v) for v in value if not isinstance(v, (dict, list))))
            elif not isinstance(value, dict) and value is not None:
                parts.append(str(value))
        words = " ".join(p for p in parts if p)
    who = f"seat {entry['player']} " if "player" in entry else ""
    return f"{who}{kind.replace('_', ' ')}{' ' + words if words else ''}"


# -- the boards, one function per game ---------------------------------------------------------


def _cards(cards: Sequence[Any]) -> list[str]:
    return [str(c) for c in cards]


def eredan_board(state: Any) -> Board:
    """Eredan: each seat's line of three characters (HP, tapped, dead, carried items), hand, deck
    and discard sizes, the turn and the score."""
    cards, chars = state.cards, state.chars
    sides = []
    for seat in (0, 1):
        line = []
        for c in range(seat * 3, seat * 3 + 3):
            ch = chars[c]
            line.append(
                {
                    "slug": ch.slug,
                    "name": ch.spec.name_en,
                    "hp": max(0, int(state.hp[c])),
                    "max_hp": int(state.max_hp[c]),
                    "tapped": bool(state.tapped[c]),
                    "dead": state.hp[c] <= 0,
                    "fighter": state.fighters[seat] == c,
                    "items": [{"slug": cards[k].slug, "name": cards[k].spec.name_en} for k in state.items[c]],
                }
            )
        sides.append(
            {
                "seat": seat,
                "line": line,
                "hand": len(state.hands[seat]),
                "hand_cards": [
                    {"slug": cards[k].slug, "name": cards[k].spec.name_en} for k in state.hands[seat]
                ],
                "deck": len(state.decks[seat]),
                "discard": len(state.discards[seat]),
                "score": int(state.score[seat]),
            }
        )
    over = state.is_terminal()
    return {
        "turn": int(state.turn),
        "active": int(state.active),
        "to_move": None if over else int(state.current_player()),
        "over": over,
        "end_reason": (state.end_reason or "").replace("_", " ") if over else "",
        "sides": sides,
    }


def cribbage_board(state: Any) -> Board:
    """Cribbage: the pegging board (scores against the target), the count and the series, each
    seat's hand and cards laid, the crib and the starter."""
    crib = [c for d in state.discards if d for c in d]
    return {
        "target": int(state.game.target),
        "scores": [int(s) for s in state.scores],
        "pegs": [min(100.0, 100.0 * s / state.game.target) for s in state.scores],
        "deal": int(state.deals),
        "dealer": int(state.dealer),
        "phase": state.phase.name.lower(),
        "count": int(state.count),
        "series": _cards(state.series),
        "hands": [_cards(sorted(h)) for h in state.hands],
        "played": [_cards(p) for p in state.played],
        "crib": _cards(sorted(crib)),
        "starter": str(state.starter) if state.starter is not None else None,
        "over": state.is_terminal(),
        "winner": state.winner,
    }


def ecarte_board(state: Any) -> Board:
    """Écarté: the trump (the turned card), both hands, the trick on the table, the tricks won this
    deal, the discards and the scores."""
    return {
        "scores": [int(s) for s in state.scores],
        "target": int(getattr(state.options, "target", 5)),
        "deal": int(state.deals),
        "dealer": int(state.dealer),
        "phase": state.phase.name.lower(),
        "turned": str(state.turned),
        "trump": str(state.trump),
        "hands": [_cards(h) for h in state.hands],
        "trick": _cards(state.trick),
        "tricks": [{"leader": t.leader, "cards": _cards(t.cards), "winner": t.winner} for t in state.tricks],
        "tricks_won": [int(n) for n in state.tricks_won],
        "discards": [_cards(d) for d in state.discards],
        "stock": len(state.stock),
        "over": state.is_terminal(),
        "winner": state.winner,
    }


def crapette_board(state: Any) -> Board:
    """Crapette: each seat's stock (top card), hand pile and help piles, the central piles and the
    draw pile."""

    def top(pile: Sequence[Any]) -> str | None:
        return str(pile[-1]) if pile else None

    return {
        "player": None if state.is_terminal() else int(state.player),
        "turns": int(state.turns),
        "stocks": [{"size": len(p), "top": top(p)} for p in state.stocks],
        "hands": [{"size": len(p), "top": top(p)} for p in state.hands],
        "help_piles": [[_cards(p) for p in piles] for piles in state.help_piles],
        "central": [{"size": len(p), "top": top(p)} for p in state.central],
        "draw_pile": len(state.draw_pile),
        "over": state.is_terminal(),
        "end_reason": state.end_reason or "",
        "winner": state.winner,
    }


BOARDS: dict[str, Callable[[Any], Board]] = {
    "eredan": eredan_board,
    "cribbage": cribbage_board,
    "ecarte": ecarte_board,
    "crapette": crapette_board,
}


class BoardSteps:
    """An :data:`~simulator.records.base.Observer` that keeps a board per state it is shown."""

    def __init__(self, record: Mapping[str, Any]) -> None:
        self.record = record
        self.game = str(record.get("game"))
        self.draw = BOARDS[self.game]
        self.steps: list[Step] = []

    def __call__(self, state: State, deal: int, action: int | None) -> None:
        if action is None:
            label = "Start of the game"
        else:
            entry = self.record["deals"][deal]["actions"][action]
            where = f"deal {deal + 1}, " if len(self.record["deals"]) > 1 else ""
            label = f"{where}action {action + 1}: {describe_action(entry)}"
        board = self.draw(state)
        turn = board.get("turn") if self.game == "eredan" else None
        self.steps.append(
            Step(number=len(self.steps), deal=deal, action=action, label=label, turn=turn, board=board)
        )


def view_record(record: Any, verify: Callable[..., Replay]) -> Viewing:
    """Replay ``record`` with ``verify`` (``record_verify``-like: ``verify(record=, observe=)``)
    and keep a board per step. Never raises for a bad record: a shape error gives a viewing with
    no steps, an illegal action one whose boards stop there."""
    game = record.get("game") if isinstance(record, Mapping) else None
    players = record.get("players") if isinstance(record, Mapping) else None
    names = (
        [str(p) for p in players] if isinstance(players, list) and len(players) == 2 else ["seat 0", "seat 1"]
    )
    viewing = Viewing(game=str(game or "?"), players=names)
    collector = BoardSteps(record) if game in BOARDS else None
    try:
        viewing.replay = verify(record=record, observe=collector)
    except RecordError as exc:
        viewing.error = exc
    if collector is not None:
        viewing.steps = collector.steps
    return viewing
