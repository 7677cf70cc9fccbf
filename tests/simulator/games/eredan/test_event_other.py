"""The target ``event_other`` (cards/domain/effects.py, "Event"): in a trigger on ``deals`` the
character the damage was dealt to, in a trigger on ``damaged`` the one who dealt it ("si vous
blessez un personnage, une carte lui étant attachée est défaussée")."""

from __future__ import annotations

import pytest

from simulator.games.eredan.compiled import UnsupportedSpecError
from simulator.games.eredan.ops import ATK
from tests.simulator.games.eredan.factories import (
    card,
    character,
    events,
    fight,
    line,
    play_cards,
    prepare_game,
)

FILLER = card("filler", effects=[{"op": "modify", "stat": "spirit", "amount": 1}])
PILES = ([FILLER] * 10, [FILLER] * 10)


def trig(on, effects, **kw):
    return {"op": "trigger", "on": on, "effects": effects, **kw}


def game(chars_a, chars_b=None, **kw):
    return prepare_game(chars_a, chars_b or line("b"), hands=([FILLER], [FILLER]), piles=PILES, **kw)


def test_deals_names_the_one_hurt():
    """a-1 hits b-1 in the clash: the one hurt (b-1) has Attaque -1, not a-1 (the dealer)."""
    h = character(
        "sapper",
        abilities=[
            trig(
                {"deals": "self", "to": "all_enemies"},
                [
                    {
                        "op": "modify",
                        "stat": "attack",
                        "amount": -1,
                        "target": "event_other",
                        "duration": "game",
                    }
                ],
            )
        ],
    )
    s = game([h, *line("a")[1:]])
    fight(s, 0, 0)
    play_cards(s)
    assert s.stat(3, ATK) == -1 and s.stat(0, ATK) == 0


def test_damaged_names_the_dealer():
    """b-1 hits the holder in the clash: the dealer (b-1) takes 2 direct damage."""
    h = character(
        "spiky",
        abilities=[
            trig(
                {"damaged": "self"},
                [{"op": "damage", "kind": "direct", "amount": 2, "target": "event_other"}],
            )
        ],
    )
    s = game([h, *line("a")[1:]])
    fight(s, 0, 0)
    play_cards(s)
    back = [e for e in events(s, "damage") if e["kind"] == "direct"]
    assert [(e["source"], e["target"], e["damage"]) for e in back] == [("spiky", "b-1", 2)]


def test_a_card_attached_to_the_one_hurt_is_discarded():
    """ "Chaque fois que vous blessez un personnage adverse, une carte lui étant attachée est
    défaussée": the item b-1 carries goes."""
    trinket = card(
        "trinket",
        "amulette",
        effects=[{"op": "modify", "stat": "defense", "amount": 0, "duration": "permanent"}],
    )
    h = character(
        "breaker",
        abilities=[
            trig(
                {"deals": "self", "to": "all_enemies"}, [{"op": "discard_attached", "target": "event_other"}]
            )
        ],
    )
    s = game([h, *line("a")[1:]], items=[[], [], [], [trinket], [], []])
    assert len(s.items[3]) == 1
    fight(s, 0, 0)
    play_cards(s)
    assert s.items[3] == []


def test_event_and_event_other_in_one_trigger_are_refused():
    h = character(
        "both",
        abilities=[
            trig(
                {"deals": "self", "to": "all_enemies"},
                [
                    {"op": "heal", "amount": 1, "target": "event"},
                    {"op": "heal", "amount": 1, "target": "event_other"},
                ],
            )
        ],
    )
    with pytest.raises(UnsupportedSpecError):
        game([h, *line("a")[1:]])
