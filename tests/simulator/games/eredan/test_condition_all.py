"""The condition ``all`` in the engine (cards/domain/effects.py, "Condition"): every one of its
conditions holds — two conditions of one key ("si vous n'avez qu'un X …, -1 supplémentaire si …")."""

from __future__ import annotations

import pytest

from simulator.games.eredan.ops import DEF
from tests.simulator.games.eredan.test_language_v2 import boost, played

HP_BELOW_6 = {"compare": {"left": {"stat": "hp", "of": "self"}, "cmp": "<", "right": 6}}
FOE_ABOVE_8 = {"compare": {"left": {"stat": "hp", "of": "opponent"}, "cmp": ">", "right": 8}}


@pytest.mark.parametrize(
    ("hp", "holds"),
    [
        ([5, 12, 12, 12, 12, 12], True),  # both hold
        ([5, 12, 12, 7, 12, 12], False),  # the second fails
        ([12, 12, 12, 12, 12, 12], False),  # the first fails
        ([12, 12, 12, 7, 12, 12], False),  # neither
    ],
)
def test_all_holds_when_every_condition_holds(hp, holds):
    s = played(boost({"all": [HP_BELOW_6, FOE_ABOVE_8]}), hp=hp)
    assert s.stat(0, DEF) == 1 + (5 if holds else 0)
