"""The ``bound`` op (how far modifiers may lower or raise a character's stats) and ``forbid``
``healed`` (cards/domain/effects.py): strict parsing with the path of a bad value, the canonical
JSON round trip, the rules text in English and French, and the engine's refusal by name.

The sentences stand for kinds of card texts, in our words (no card's sentence).
"""

from __future__ import annotations

import pytest

from cards.domain.effects import Bound, EffectError, effects_to_json, parse_effect, parse_effects
from cards.domain.text import effect_text
from simulator.games.eredan import ops


@pytest.mark.parametrize(
    ("context", "data"),
    [
        ("ability", {"op": "bound", "stats": ["attack"], "below": 0, "above": 0}),
        (
            "ability",
            {
                "op": "bound",
                "stats": ["defense", "spirit"],
                "below": 0,
                "target": {"group": "allies", "caste": "tsoutai"},
            },
        ),
        (
            "card",
            {
                "op": "bound",
                "stats": ["attack", "defense", "spirit"],
                "below": 2,
                "above": 2,
                "target": "opponent",
            },
        ),
        ("card", {"op": "bound", "stats": ["spirit"], "above": 1, "duration": "game"}),
        ("card", {"op": "forbid", "what": "healed", "target": "fighters"}),
        ("ability", {"op": "forbid", "what": "healed", "target": "all_enemies"}),
    ],
)
def test_round_trip(context, data):
    effects = parse_effects([data], "effects", context)
    assert effects_to_json(effects) == [data]


def test_the_parsed_bound():
    effect = parse_effect({"op": "bound", "stats": ["attack", "spirit"], "below": 3})
    assert effect == Bound(stats=("attack", "spirit"), below=3)


@pytest.mark.parametrize(
    ("context", "data", "path"),
    [
        ("card", {"op": "bound", "stats": []}, "e.stats"),
        ("card", {"op": "bound", "stats": ["attack"]}, "e"),
        ("card", {"op": "bound", "stats": ["initiative"], "below": 0}, "e.stats[0]"),
        ("card", {"op": "bound", "stats": ["attack", "attack"], "below": 0}, "e.stats"),
        ("card", {"op": "bound", "stats": ["attack"], "below": -1}, "e.below"),
        ("card", {"op": "bound", "stats": ["attack"], "above": "x"}, "e.above"),
        ("card", {"op": "bound", "stats": ["attack"], "below": 0, "how": 1}, "e"),
        # a standing ability holds while its character lives: no duration there
        ("ability", {"op": "bound", "stats": ["attack"], "below": 0, "duration": "game"}, "e.duration"),
        ("card", {"op": "forbid", "what": "healed", "cards": {"type": "sort"}}, "e.cards"),
        ("card", {"op": "forbid", "what": "cured"}, "e.what"),
    ],
)
def test_invalid_is_refused_with_a_path(context, data, path):
    with pytest.raises(EffectError) as err:
        parse_effect(data, "e", context)
    assert err.value.path == path


@pytest.mark.parametrize(
    ("data", "en", "fr"),
    [
        (
            {"op": "bound", "stats": ["attack"], "below": 0, "above": 0},
            "Attack of this character: cannot be changed.",
            "Attaque de ce personnage : ne peut pas être modifiée.",
        ),
        (
            {"op": "bound", "stats": ["spirit"], "below": 0},
            "Spirit of this character: cannot be lowered.",
            "Esprit de ce personnage : ne peut pas être réduit.",
        ),
        (
            {"op": "bound", "stats": ["attack", "defense"], "above": 2},
            "Attack and Defense of this character: cannot be raised by more than 2 in total.",
            "Attaque et Défense de ce personnage : ne peuvent pas être augmentés de plus de 2 au total.",
        ),
        (
            {"op": "forbid", "what": "healed", "target": "opponent"},
            "The opponent cannot be healed.",
            "L'adversaire ne peut pas être soigné.",
        ),
    ],
)
def test_rules_text(data, en, fr):
    effect = parse_effect(data)
    assert effect_text(effect, "en") == en
    assert effect_text(effect, "fr") == fr


@pytest.mark.parametrize("data", [{"op": "bound", "stats": ["attack"], "below": 0}])
def test_the_engine_compiles_them(data):
    """The engine plays ``bound`` (since the engine helper's landing) and ``forbid`` healed
    (tests/simulator/games/eredan/test_card_ops.py): a card holding them compiles."""
    assert ops.compile_effect(parse_effect(data), "card 'x': effects[0]", 0).name == "bound"


def test_fighting_filter_and_condition():
    """``fighting`` (a selector filter and a condition): "hors-combat" / "en combat"."""
    data = [
        {"op": "damage", "kind": "direct", "amount": 1, "target": {"group": "enemies", "fighting": False}},
        {"op": "modify", "stat": "defense", "amount": 1, "when": {"fighting": False}},
    ]
    parsed = parse_effects(data)
    assert effects_to_json(parsed) == data
    assert (
        effect_text(parsed[0], "en")
        == "Deals 1 direct damage (not reduced) to the enemy characters (out of the combat)."
    )
    assert "hors combat" in effect_text(parsed[0], "fr")
    assert effect_text(parsed[1], "fr").endswith("si ce personnage est hors combat.")
    with pytest.raises(EffectError) as err:
        parse_effect(
            {"op": "damage", "kind": "direct", "amount": 1, "target": {"group": "enemies", "fighting": 0}},
            "e",
        )
    assert err.value.path == "e.target.fighting"
    for effect in parsed:  # the engine plays them (tests/simulator/games/eredan/test_language_v2.py)
        ops.compile_effect(effect, "card 'x': effects[0]", 0)
