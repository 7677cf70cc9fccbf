"""Rules-text readings of conditional or triggered clauses about cards (issue 15, family
"cards_if"): a cost said as a condition.

- ``si vous défaussez 2 cartes de votre Main, un 'X' est créé et joué``: the player may discard
  N cards of its hand, of its choice, to get the effects — ``pay`` with a ``hand`` cost and
  ``may``, as "Sacrifice N : …" (docs/cardset.md, "Cards moved, Runes and markers").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cards.domain import regex as re
from cards.domain.effects import Cost, Effect, Pay
from cards.domain.grammar_errors import NotRead

if TYPE_CHECKING:
    from cards.domain.text_grammar import Clause, Ctx, Reader

NUM = r"(\d+|une?|deux|trois|quatre|cinq|six|sept|huit|neuf|dix)"

_DISCARD_TO = re.compile(rf"si vous defaussez {NUM} cartes? de votre main,? (?P<body>.+)")


def phrase(reader: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """The effects of ``t`` when it is one of this family's phrases, else None."""
    if not t.startswith("si vous defaussez "):
        return None
    m = _DISCARD_TO.fullmatch(t)
    if not m:
        return None
    from cards.domain.text_grammar import number

    body = m.group("body")
    if re.match(r"(?:sinon|autrement)\b", body) or re.search(r",? (?:sinon|autrement)\b", body):
        raise NotRead("a cost said as a condition, with 'sinon'")
    effects = reader.phrase(c, body, ctx)
    if not effects:
        raise NotRead("nothing paid for")
    return [Pay(cost=Cost("hand", number(m.group(1))), effects=tuple(effects), may=True)]
