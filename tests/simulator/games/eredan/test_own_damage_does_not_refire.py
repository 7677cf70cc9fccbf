"""A trigger on damage does not fire on the damage its own effects deal (docs/eredan-engine.md
"Triggers"; docs/rules/eredan.md is silent on it): "each time you deal damage to an enemy, it takes 1
direct damage" fires once per hit of the holder, not again on its own damage until the target dies."""

from __future__ import annotations

from simulator.games.eredan.ops import SPI
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


def directs(s):
    return [(e["source"], e["target"], e["damage"]) for e in events(s, "damage") if e["kind"] == "direct"]


def test_damage_dealt_trigger_does_not_refire_on_its_own_damage():
    h = character(
        "burner",
        abilities=[
            trig(
                {"deals": "self", "to": "all_enemies"},
                [{"op": "damage", "kind": "direct", "amount": 1, "target": "event_other"}],
            )
        ],
    )
    s = game([h, *line("a")[1:]])
    fight(s, 0, 0)
    play_cards(s)
    assert directs(s) == [("burner", "b-1", 1)]  # the clash's hit only
    assert s.hp[3] > 0


def test_another_trigger_still_hears_that_damage():
    """Only the same trigger is deaf to it: a second one of the holder fires on the first's damage
    (the second deals none: the first fires once)."""
    burn = trig(
        {"deals": "self", "to": "all_enemies"},
        [{"op": "damage", "kind": "direct", "amount": 1, "target": "event_other"}],
    )
    grow = trig(
        {"deals": "self", "to": "all_enemies"},
        [{"op": "modify", "stat": "spirit", "amount": 1, "duration": "game"}],
    )
    spirit = []
    for abilities in ([grow], [burn, grow]):
        s = game([character("burner", abilities=abilities), *line("a")[1:]])
        fight(s, 0, 0)
        play_cards(s)
        spirit.append(s.stat(0, SPI))
    assert directs(s) == [("burner", "b-1", 1)]
    assert spirit[1] == spirit[0] + 1  # the second fired on the clash's hit and on the first's damage
