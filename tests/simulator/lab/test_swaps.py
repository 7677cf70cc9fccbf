"""Card swaps of a variant (simulator/lab/swaps.py)."""

from __future__ import annotations

import pytest

from simulator.lab.swaps import INVALID_SWAP, SWAP_CARD_MISSING, SwapError, apply_swaps, describe_swaps

BASE = {"torch": 3, "shield": 2, "spear": 1}


def test_swaps_take_out_and_put_in():
    result = apply_swaps(BASE, {"out": {"torch": 2, "spear": 1}, "in": {"club": 3}})
    assert result == {"club": 3, "shield": 2, "torch": 1}
    assert BASE == {"torch": 3, "shield": 2, "spear": 1}  # untouched


def test_every_problem_is_reported_at_once():
    with pytest.raises(SwapError) as caught:
        apply_swaps(BASE, {"out": {"torch": 4, "axe": 1, "shield": 0}, "in": {"torch": 1}, "keep": {}})
    problems = {(p.where, p.code) for p in caught.value.problems}
    assert problems == {
        ("keep", INVALID_SWAP),
        ("out.shield", INVALID_SWAP),
        ("out.torch", SWAP_CARD_MISSING),
        ("out.axe", SWAP_CARD_MISSING),
        ("in.torch", INVALID_SWAP),
    }


@pytest.mark.parametrize("swaps", [{}, {"out": {}, "in": {}}, [], {"out": ["torch"]}, {"in": {"x": True}}])
def test_malformed_or_empty_swaps_are_refused(swaps):
    with pytest.raises(SwapError) as caught:
        apply_swaps(BASE, swaps)
    assert all(p.code == INVALID_SWAP for p in caught.value.problems)


def test_label():
    assert describe_swaps({"out": {"torch": 2}, "in": {"club": 1, "axe": 1}}) == "−2 torch +1 axe +1 club"
