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
- ``S'attache au personnage adverse si votre personnage n'est pas Artisan``, ``Si jouée après 'X',
  cette carte s'attache à votre adversaire``, ``Si vous portez un Arc, choisissez le personnage
  auquel cette carte s'attache``: whom the card is attached to under a condition — a play variant,
  as "Artisan : s'attache au personnage adverse" reads.
- ``Cette carte est défaussée si un de vos personnages active un Sort`` on a card that stays: each
  time it happens while the card is in play (the trigger "chaque fois qu'un de vos personnages
  joue un Sort, cette carte est défaussée"; a card "s'active" when it is played), not a condition
  checked once when the card comes into play. So is ``Si ce personnage joue une Arme, il gagne une
  Rune Yr`` (its carrier: "chaque fois que ce personnage joue une Arme, il …").
- ``si vous avez 2 Sorts Feu jouables en Main, l'un d'eux est joué``: a card of those, one the
  holder may play, is played from the hand when the hand holds at least that many of them that
  it may play (a count of ``playable`` cards: ``play_card`` ``playable`` under a ``compare``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from cards.domain import regex as re
from cards.domain.effects import Compare, Condition, Cost, Count, Effect, MoveCards, Pay, PlayCard
from cards.domain.grammar_errors import NotRead

if TYPE_CHECKING:
    from cards.domain.text_grammar import Clause, Ctx, Reader, Reading

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


_ATTACH_RULE = (
    r"(?:cette carte )?s'attache (?:a|au|aux|sur) .+"
    r"|choisissez le personnage (?:sur lequel|auquel) cette carte s'attache"
)
_ATTACH_IF = re.compile(rf"(?P<rule>{_ATTACH_RULE}) (?P<cond>si .+)")
_IF_ATTACH = re.compile(rf"(?P<cond>si .+?)(?:,| :) (?P<rule>{_ATTACH_RULE})")


def card_phrase(reader: Reader, c: Clause, t: str, ctx: Ctx) -> Reading | None:
    """Whom the card is attached to under a condition (a play variant), or None."""
    if "s'attache" not in t or ctx.subject != "card":
        return None
    m = _ATTACH_IF.fullmatch(t) or _IF_ATTACH.fullmatch(t)
    if not m or " si " in m.group("rule"):
        return None
    from cards.domain.grammar_cards import play_variant

    # who plays the card is the player's character, on whichever side it goes (a card attached to
    # the opponent: its conditions on effects are refused, not a play variant's)
    view = replace(ctx, on_opponent=False)
    cond_text = m.group("cond")
    not_of = re.fullmatch(r"si (?:votre personnage n'est pas|jouee? par un personnage non) (.+)", cond_text)
    try:
        inner = reader.read_body(c, m.group("rule"), ctx)
        if not_of:  # "si votre personnage n'est pas Artisan": as "Non Artisan :"
            cond = reader.prefix_condition(c, f"non {not_of.group(1)}", view)
        else:
            cond = reader.condition(c, cond_text, view)
    except NotRead:
        return None
    if inner.effects or set(inner.play) != {"attach"}:
        return None
    return play_variant(inner, cond)


_CARRIER_PLAYS = re.compile(
    r"si (?P<who>ce personnage|le porteur|votre personnage) joue (?P<what>.+?),? (?P<body>(?:il|elle) .+)"
)


def phrase(reader: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """The effects of ``t`` when it is one of this family's phrases, else None."""
    if t.startswith(("si ce personnage joue ", "si le porteur joue ", "si votre personnage joue ")):
        m = _CARRIER_PLAYS.fullmatch(t)
        if not m or ctx.subject != "card" or not ctx.stays or ctx.happens:
            return None
        if m.group("who") == "votre personnage" and ctx.on_opponent:
            return None  # the carrier, or the player's character?
        return reader.phrase(
            c, f"chaque fois que ce personnage joue {m.group('what')}, {m.group('body')}", ctx
        )
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
