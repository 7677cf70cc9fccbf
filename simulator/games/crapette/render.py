"""Text rendering of a Crapette position for the terminal.

The layout follows the table of the rules (``docs/rules/crapette.md`` "Cards and layout"): the opponent
at the top (stock pile, help piles, hand size), the central piles and the draw pile in the middle,
the viewer at the bottom. Hidden cards are never shown: the opponent's hand is a count, stock piles
show only their face-up top.
"""

from __future__ import annotations

from collections.abc import Sequence

from simulator.engine.playing_cards import Card, format_cards
from simulator.games.crapette.game import HELP_PILES, WILD_RANK, CrapetteState, Move, rank_name

RULE_LINE = "-" * 78


def card_text(card: Card, position: int) -> str:
    """A central-pile card: a king shows the rank it stands for (``KS=6``)."""
    return f"{card}={rank_name(position)}" if card.rank == WILD_RANK and position != WILD_RANK else str(card)


def central_text(state: CrapetteState, slot: int) -> str:
    pile = state.central[slot]
    if not pile:
        return f"[{slot + 1}] free (needs A)"
    reached = len(pile)
    top = card_text(pile[-1], reached)
    return f"[{slot + 1}] {rank_name(reached)} (top {top}), needs {rank_name(reached + 1)}"


def help_piles_text(state: CrapetteState, seat: int) -> str:
    parts = []
    for index in range(HELP_PILES):
        pile = state.help_piles[seat][index]
        parts.append(f"{index + 1}: {format_cards(pile) if pile else '-'}")
    return "   ".join(parts)


def stock_text(state: CrapetteState, seat: int) -> str:
    stock = state.stocks[seat]
    if not stock:
        return "stock empty"
    return f"stock {len(stock):>2} card{'s' if len(stock) != 1 else ''}, top {stock[-1]}"


def render_layout(
    state: CrapetteState, *, viewer: int | None, names: Sequence[str] = ("seat 0", "seat 1")
) -> str:
    """The table as seen by ``viewer`` (a seat, at the bottom), or by a spectator who sees both
    hands (``viewer=None``, seat 0 at the bottom)."""
    bottom = 0 if viewer is None else viewer
    top = 1 - bottom
    width = max(len(name) for name in names)
    lines = [RULE_LINE]
    status = f"Turn {state.turns} | draw pile {len(state.draw_pile)} cards"
    if not state.is_terminal():
        status += f" | {names[state.player]} to play"
    lines.append(status)
    lines.append(RULE_LINE)

    def seat_lines(seat: int) -> list[str]:
        hand = state.hands[seat]
        if viewer is None or viewer == seat:
            hand_text = format_cards(sorted(hand)) if hand else "(empty)"
        else:
            hand_text = f"{len(hand)} card{'s' if len(hand) != 1 else ''}"
        pad = " " * width
        return [
            f"{names[seat]:<{width}}  {stock_text(state, seat)}",
            f"{pad}  help piles (top last)  {help_piles_text(state, seat)}",
            f"{pad}  hand  {hand_text}",
        ]

    lines.extend(seat_lines(top))
    lines.append("")
    lines.append("Central piles:")
    lines.extend(f"  {central_text(state, slot)}" for slot in range(len(state.central)))
    lines.append("")
    lines.extend(seat_lines(bottom))
    lines.append(RULE_LINE)
    return "\n".join(lines)


def render_moves(state: CrapetteState, moves: Sequence[Move]) -> str:
    """The legal moves, numbered from 1, plays first and the discards that end the turn last."""
    lines = []
    plays = [m for m in moves if not m.ends_turn]
    ends = [m for m in moves if m.ends_turn]
    number = 0
    if plays:
        lines.append("Plays:")
        for move in plays:
            number += 1
            lines.append(f"  {number:>2}) {state.describe(move)}")
    lines.append("End the turn (a hand card onto one of your help piles):")
    row: list[str] = []
    for move in ends:
        number += 1
        row.append(f"{number:>2}) {move.card}->h{move.target_pile + 1}")
        if len(row) == HELP_PILES:
            lines.append("  " + "   ".join(row))
            row = []
    if row:
        lines.append("  " + "   ".join(row))
    return "\n".join(lines)


def ordered_moves(moves: Sequence[Move]) -> list[Move]:
    """``moves`` in the order :func:`render_moves` numbers them."""
    return [m for m in moves if not m.ends_turn] + [m for m in moves if m.ends_turn]
