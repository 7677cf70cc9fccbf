"""The structured effect schema (cards/domain/effects.py): strict parsing and round-trips."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cards.domain.effects import EffectError, effects_to_json, parse_effects

VALID = [
    {"op": "modify", "stat": "attack", "amount": 2},
    {"op": "modify", "stat": "defense", "amount": -1, "target": "all_enemies", "duration": {"turns": 3}},
    {"op": "modify", "stat": "spirit", "amount": 1, "duration": "permanent", "when": {"carrying": "weapon"}},
    {"op": "damage", "kind": "magical", "amount": {"stat": "spirit", "plus": 2}},
    {
        "op": "damage",
        "kind": "magical",
        "amount": {"stat": "spirit", "plus": [3, 5]},
        "target": "all_enemies",
    },
    {"op": "damage", "kind": "physical", "amount": [1, 3], "target": "random_other_enemy"},
    {"op": "heal", "amount": [2, 3]},
    {"op": "heal", "amount": 2, "target": "most_wounded_ally", "when": {"played_by_class": "pretre"}},
    {"op": "draw", "count": 1},
    {"op": "discard", "count": 2, "when": {"turn": "even"}},
    {"op": "mill", "count": 3, "when": {"turn": {"from": 5}, "opponent_class": "mage"}},
    {"op": "revive", "hp": 4, "when": {"turn": [2, 4], "played_by": "telendar"}},
]


@pytest.mark.parametrize("data", VALID, ids=lambda d: d["op"])
def test_valid_effects_round_trip(data):
    parsed = parse_effects([data])
    assert effects_to_json(parsed) == [data]
    assert parse_effects(effects_to_json(parsed)) == parsed


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ({"op": "explode"}, "effects[0].op"),
        ({"op": "modify", "stat": "luck", "amount": 1}, "effects[0].stat"),
        ({"op": "modify", "stat": "attack", "amount": 1, "colour": "red"}, "effects[0]"),
        ({"op": "modify", "stat": "attack", "amount": 1000}, "effects[0].amount"),
        ({"op": "modify", "stat": "attack", "amount": True}, "effects[0].amount"),
        ({"op": "damage", "kind": "magical", "amount": [5, 3]}, "effects[0].amount"),
        ({"op": "damage", "kind": "fire", "amount": 3}, "effects[0].kind"),
        ({"op": "heal", "amount": -2}, "effects[0].amount"),
        ({"op": "heal", "amount": 2, "when": {}}, "effects[0].when"),
        ({"op": "heal", "amount": 2, "when": {"turn": []}}, "effects[0].when.turn"),
        ({"op": "heal", "amount": 2, "when": {"carrying": "hat"}}, "effects[0].when.carrying"),
        ({"op": "draw", "count": 0}, "effects[0].count"),
        ({"op": "chain_on", "match": {"any": True}}, "effects[0].op"),  # not allowed on a card
    ],
)
def test_invalid_effects_are_refused_with_a_path(data, path):
    with pytest.raises(EffectError) as info:
        parse_effects([data])
    assert info.value.path == path


def test_contexts_restrict_ops_and_targets():
    parse_effects([{"op": "chain_on", "match": {"type": "epee", "hands": 1}}], context="ability")
    # version 2: an Ordre may do what a card does, when its character fights on its turns
    parse_effects([{"op": "damage", "kind": "direct", "amount": 1}], context="order")
    with pytest.raises(EffectError, match="needs a trigger"):
        parse_effects([{"op": "damage", "kind": "direct", "amount": 1}], context="ability")
    # … and what an ability grants, for that combat
    parse_effects([{"op": "may_play", "cards": {"type": "sort"}}], context="order")
    with pytest.raises(EffectError, match="with chain_on"):
        parse_effects([{"op": "chain", "match": {"any": True}}], context="ability")


@given(
    st.recursive(
        st.none() | st.integers() | st.text(max_size=5),
        lambda c: (
            st.lists(c, max_size=3)
            | st.dictionaries(
                st.sampled_from(["op", "stat", "amount", "kind", "when", "turn"]), c, max_size=4
            )
        ),
    )
)
def test_arbitrary_json_never_crashes_the_parser(data):
    with contextlib.suppress(EffectError):
        parse_effects(data)
