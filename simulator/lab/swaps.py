"""Variants written as card swaps: ``{"out": {slug: n}, "in": {slug: n}}`` applied to the base.

Pure: this only does the arithmetic and reports every problem of the swap itself at once; whether
the resulting deck is legal (deck size, copies, the characters' requirements) is the deck
validator's business, run on the result like on any deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: The error codes of a swap (the API's ``code``).
INVALID_SWAP = "invalid_swap"
SWAP_CARD_MISSING = "swap_card_missing"


@dataclass(frozen=True)
class SwapProblem:
    """One problem of a swap: the part it concerns (``out.<slug>``, ``in``, …), a code, a message."""

    where: str
    code: str
    message: str


class SwapError(ValueError):
    def __init__(self, problems: list[SwapProblem]) -> None:
        super().__init__("; ".join(p.message for p in problems))
        self.problems = problems


def _counts(value: Any, part: str, problems: list[SwapProblem]) -> dict[str, int]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        problems.append(SwapProblem(part, INVALID_SWAP, f'"{part}" must map card slugs to counts'))
        return {}
    out: dict[str, int] = {}
    for slug, n in value.items():
        if not isinstance(slug, str) or not slug:
            problems.append(SwapProblem(part, INVALID_SWAP, f'"{part}" has a key that is not a card slug'))
        elif type(n) is not int or n < 1:
            problems.append(
                SwapProblem(f"{part}.{slug}", INVALID_SWAP, f"{slug}: the count must be a whole number ≥ 1")
            )
        else:
            out[slug] = n
    return out


def apply_swaps(cards: Mapping[str, int], swaps: Any) -> dict[str, int]:
    """The base's card counts with ``swaps`` applied; :class:`SwapError` lists every problem (an
    unknown key, a count that is not a positive integer, a card taken out that the base does not
    have that many of, a card both out and in, a swap that changes nothing)."""
    problems: list[SwapProblem] = []
    if not isinstance(swaps, Mapping):
        raise SwapError([SwapProblem("", INVALID_SWAP, 'a swap is {"out": {slug: n}, "in": {slug: n}}')])
    for key in swaps:
        if key not in ("out", "in"):
            problems.append(SwapProblem(str(key), INVALID_SWAP, f'unknown key "{key}" (only "out" and "in")'))
    taken = _counts(swaps.get("out"), "out", problems)
    added = _counts(swaps.get("in"), "in", problems)
    for slug, n in taken.items():
        have = cards.get(slug, 0)
        if n > have:
            problems.append(
                SwapProblem(
                    f"out.{slug}",
                    SWAP_CARD_MISSING,
                    f"{slug}: the base has {have} {'copy' if have == 1 else 'copies'}, cannot take out {n}",
                )
            )
    for slug in sorted(set(taken) & set(added)):
        problems.append(SwapProblem(f"in.{slug}", INVALID_SWAP, f"{slug} is both taken out and put in"))
    if not taken and not added and not problems:
        problems.append(SwapProblem("", INVALID_SWAP, "the swap changes nothing"))
    if problems:
        raise SwapError(problems)
    result = dict(cards)
    for slug, n in taken.items():
        result[slug] -= n
        if result[slug] == 0:
            del result[slug]
    for slug, n in added.items():
        result[slug] = result.get(slug, 0) + n
    return dict(sorted(result.items()))


def describe_swaps(swaps: Mapping[str, Mapping[str, int]]) -> str:
    """A short label for a swap variant: ``−2 torch −1 shield +3 spear``."""
    parts = [f"−{n} {slug}" for slug, n in sorted((swaps.get("out") or {}).items())]
    parts += [f"+{n} {slug}" for slug, n in sorted((swaps.get("in") or {}).items())]
    return " ".join(parts)
