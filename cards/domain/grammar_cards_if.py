"""Rules-text readings of conditional or triggered clauses about cards (issue 15, family
"cards_if"): a cost said as a condition.

- ``si vous défaussez 2 cartes de votre Main, un 'X' est créé et joué``: the player may discard
  N cards of its hand, of its choice, to get the effects — ``pay`` with a ``hand`` cost and
  ``may``, as "Sacrifice N : …" (docs/cardset.md, "Cards moved, Runes and markers").
- ``si vous choisissez une carte de votre Main, celle-ci et une carte de la Main adverse sont
  retirées de la partie``: the same cost, the card paid out of the game (a ``hand`` cost ``to``
  removed), then what the rest says of the other cards ("une carte de la Main adverse est retirée
  de la partie": at random, as any card moved between piles).
- ``s'il y a plus de 5 Sorts X dans votre Défausse et votre Deck, l'un d'eux est placé dans votre
  Main``: one of them, at random, from either pile, when the two piles hold that many together (a
  count of several piles: Count ``cards`` a list; ``move`` ``from`` a list).
- ``Cette carte est défaussée si un de vos personnages active un Sort`` on a card that stays: each
  time it happens while the card is in play (the trigger "chaque fois qu'un de vos personnages
  joue un Sort, cette carte est défaussée"; a card "s'active" when it is played), not a condition
  checked once when the card comes into play.
- ``si vous avez 2 Sorts Feu jouables en Main, l'un d'eux est joué``: a card of those, one the
  holder may play, is played from the hand when the hand holds at least that many of them that
  it may play (a count of ``playable`` cards: ``play_card`` ``playable`` under a ``compare``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cards.domain import regex as re
from cards.domain.effects import Compare, Condition, Cost, Count, Effect, MoveCards, Pay, PlayCard
from cards.domain.grammar_errors import NotRead

if TYPE_CHECKING:
    from cards.domain.text_grammar import Clause, Ctx, Reader

NUM = r"(\d+|une?|deux|trois|quatre|cinq|six|sept|huit|neuf|dix)"

_DISCARD_TO = re.compile(rf"si vous defaussez {NUM} cartes? de votre main,? (?P<body>.+)")
_CHOSEN_AND = re.compile(
    rf"si vous choisissez {NUM} cartes? de votre main,? (?:celle-ci|celles-ci|elle|elles) et "
    r"(?P<rest>.+?) (?P<verb>sont|est) retirees? de la partie"
)


_LEAVES_IF = re.compile(
    r"(?:cette carte|elle) est defaussee si (?P<who>(?:l')?un de vos personnages|votre personnage|vous) "
    r"(?:active|joue|activez|jouez) (?P<what>.+)"
)
_WHO = {
    "un de vos personnages": "qu'un de vos personnages joue",
    "l'un de vos personnages": "qu'un de vos personnages joue",
    "votre personnage": "que votre personnage joue",
    "vous": "que vous jouez",
}


_PLAYABLE_IN_HAND = re.compile(
    rf"si vous avez (?P<cmp>au moins |plus de )?{NUM} (?P<what>.+?) jouables en main,? "
    r"(?:l'un|l'une) d'(?:eux|elles|entre eux|entre elles) est jouee?"
)


_PILE_WORD = {"deck": "deck", "main": "hand", "defausse": "discard"}
_IN_TWO_PILES = re.compile(
    rf"s'il y a (?P<cmp>plus de |au moins |moins de )?{NUM} (?P<what>.+?) "
    r"dans votre (?P<p1>deck|main|defausse) et (?:dans )?votre (?P<p2>deck|main|defausse),? "
    r"(?:l'un|l'une) d'(?:eux|elles|entre eux|entre elles) "
    r"est placee? dans votre (?P<to>deck|main|defausse)"
)


def phrase(reader: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """The effects of ``t`` when it is one of this family's phrases, else None."""
    if t.startswith("s'il y a ") and (" l'un d" in t or " l'une d" in t):
        m = _IN_TWO_PILES.fullmatch(t)
        if m and m.group("cmp") != "moins de ":
            from cards.domain.text_grammar import number

            piles = (_PILE_WORD[m.group("p1")], _PILE_WORD[m.group("p2")])
            to = _PILE_WORD[m.group("to")]
            if piles[0] == piles[1] or to in piles:
                return None
            match = reader._count_match(c, m.group("what"))
            counted = Count("cards", pile=piles[0], also=piles[1:], match=match)
            cmp = ">" if m.group("cmp") == "plus de " else ">="
            when = Condition(compare=Compare(counted, cmp, number(m.group(2))))
            return [MoveCards(from_=piles[0], also=piles[1:], to=to, cards=match, when=when)]
    if t.startswith("si vous avez ") and " jouables en main" in t:
        m = _PLAYABLE_IN_HAND.fullmatch(t)
        if not m:
            return None
        from cards.domain.text_grammar import number

        match = reader.match(c, m.group("what"))
        n = number(m.group(2)) + (1 if m.group("cmp") == "plus de " else 0)
        counted = Count("cards", pile="hand", match=match, playable=True)
        when = Condition(compare=Compare(counted, ">=", n))
        return [PlayCard(from_="hand", cards=match, playable=True, when=when)]
    if t.startswith(("cette carte est defaussee si ", "elle est defaussee si ")):
        m = _LEAVES_IF.fullmatch(t)
        if not m or ctx.subject != "card" or not ctx.stays or ctx.happens:
            return None
        return reader.phrase(
            c, f"chaque fois {_WHO[m.group('who')]} {m.group('what')}, cette carte est defaussee", ctx
        )
    if t.startswith("si vous choisissez "):
        m = _CHOSEN_AND.fullmatch(t)
        if not m:
            return None
        from cards.domain.text_grammar import number

        n = number(m.group(1))
        rest = m.group("rest")
        many = not re.match(r"(?:une|un|1) ", rest)
        others = reader.phrase(c, f"{rest} {'sont retirees' if many else 'est retiree'} de la partie", ctx)
        return [Pay(cost=Cost("hand", n, to="removed"), effects=tuple(others), may=True)]
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
