"""The event log of an Eredan game, rendered as a readable turn-by-turn account.

The log itself is a list of JSON-serialisable dicts, each with an ``"event"`` key; the events and
their fields are listed in ``docs/eredan-engine.md`` ("The event log"). Characters and cards are
named by slug; :func:`render` can show names instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

Event = Mapping[str, Any]


def render(
    events: Iterable[Event],
    *,
    names: Mapping[str, str] | None = None,
    seat_labels: tuple[str, str] = ("seat 0", "seat 1"),
) -> list[str]:
    """One line per event worth reading (effects are shown by what they did). Players are named by
    their seats, as in the game records (docs/simulation.md "Sides and seats")."""
    names = names or {}

    def n(slug: str) -> str:
        return names.get(slug, slug)

    def who(seat: int) -> str:
        return f"{seat_labels[seat]}"

    lines: list[str] = []
    for e in events:
        kind = e["event"]
        if kind == "setup":
            chars = e["characters"]
            lines.append(
                f"{who(0)}: {', '.join(map(n, chars[0]))}  —  {who(1)}: {', '.join(map(n, chars[1]))}"
            )
        elif kind == "initiative":
            rolls = "; ".join(f"{r[0]} vs {r[1]}" for r in e["rolls"])
            bonus = e.get("bonus", [0, 0])
            extra = f" (initiative bonus {bonus[0]} / {bonus[1]})" if any(bonus) else ""
            lines.append(f"Initiative: {rolls}{extra} — {who(e['first_player'])} starts")
        elif kind == "deal":
            for seat in (0, 1):
                lines.append(f"{who(seat)} draws {', '.join(map(n, e['hands'][seat]))}")
        elif kind == "turn":
            lines.append("")
            lines.append(f"Turn {e['turn']} — {who(e['active'])} is active")
        elif kind == "draw":
            lines.append(f"  {who(e['seat'])} draws {', '.join(map(n, e['cards']))}")
        elif kind == "deck_out":
            lines.append(f"  {who(e['seat'])} cannot fill their hand: deck-out at the end of the turn")
        elif kind == "untap":
            lines.append(f"  {who(e['seat'])}'s characters all untap")
        elif kind == "choice":
            forced = " (only choice)" if e.get("forced") else ""
            lines.append(f"  {who(e['seat'])} sends {n(e['fighter'])} against {n(e['opponent'])}{forced}")
        elif kind == "pass":
            if e["slot"] == 0:
                lines.append(f"  {who(e['seat'])} plays no card")
        elif kind == "play":
            on = f" on {n(e['on'])}" if e["on"] != e["by"] or "on_seat" in e else ""
            if "on_seat" in e:
                on = f" on {who(e['on_seat'])}'s {n(e['on'])}"
            lines.append(f"  {who(e['seat'])}: {n(e['by'])} plays {n(e['card'])}{on}")
        elif kind == "effect":
            continue  # what an effect did is shown by the events it caused
        elif kind == "modify":
            sign = "+" if e["amount"] >= 0 else ""
            lines.append(f"    {n(e['character'])}: {e['stat']} {sign}{e['amount']} ({e['duration']})")
        elif kind == "attack_replaced":
            lines.append(f"    {n(e['character'])}'s spell replaces its attack")
        elif kind == "attack":
            lines.append(f"  {n(e['character'])} attacks: {e['attack']}")
        elif kind == "damage":
            how = "hits" if e["kind"] == "clash" else f"deals {e['kind']} damage to"
            reduced = f" ({e['amount']} − {e['reduced_by']})" if e["reduced_by"] else ""
            lines.append(
                f"    {n(e['source'])} {how} {n(e['target'])}: {e['damage']}{reduced} → {e['hp']} HP"
            )
        elif kind == "heal":
            lines.append(f"    {n(e['target'])} healed {e['healed']} by {n(e['source'])} → {e['hp']} HP")
        elif kind == "death":
            lines.append(f"    {n(e['character'])} dies")
        elif kind == "revive":
            lines.append(f"    {n(e['character'])} comes back with {e['hp']} HP")
        elif kind == "attach":
            lines.append(f"  {n(e['character'])} now carries {n(e['card'])}")
        elif kind == "item_lost":
            lines.append(f"  {n(e['card'])} is lost: {n(e['character'])} is dead")
        elif kind == "item_crowded_out":
            lines.append(f"  {n(e['card'])} is lost: {n(e['character'])} has no room left for it")
        elif kind == "item_replaced":
            lines.append(f"  {n(e['character'])} no longer carries {n(e['card'])}")
        elif kind == "discard":
            forced = " (forced)" if e.get("forced") else ""
            cards = e["cards"] if "cards" in e else [e["card"]]
            lines.append(f"  {who(e['seat'])} discards {', '.join(map(n, cards))}{forced}")
        elif kind == "trigger":
            lines.append(f"  {e['source']}: {e['on'].replace('_', ' ')} — its effects wait their turn")
        elif kind == "pick":
            chosen = f"option {e['option'] + 1}" if "option" in e else n(e["character"])
            lines.append(f"  {who(e['seat'])} chooses {chosen}")
        elif kind == "mill":
            if e["cards"]:
                lines.append(f"    {who(e['seat'])} loses {', '.join(map(n, e['cards']))} from the draw pile")
        elif kind == "end":
            lines.append("")
            winner = "draw" if e["winner"] is None else f"{who(e['winner'])} wins"
            score = e["score"]
            lines.append(
                f"End after turn {e['turns']}: {winner} ({e['reason'].replace('_', '-')}; "
                f"score {score[0]}–{score[1]})"
            )
    return lines
