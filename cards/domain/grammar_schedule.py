"""The rules-text grammar's start-of-game play rules: a card that leaves its player's deck when
the game starts, to the hand ("En début de partie, cette carte s'ajoute à votre main") or attached
to one of the player's characters ("En début de partie cette carte s'attache à un de vos Nomades",
"S'attache à 'X' en début de partie", "…, 'X' s'attache à 'Y' s'il fait partie de vos
personnages"): the play rule ``starts`` (:class:`cards.domain.specs.Starts`).

A card in a deck is not in play: how it starts the game is a play rule, not a trigger (its
effects are not played; it is attached as a card that stays, or put in the hand).

Pure Python (no Django); used by :class:`cards.domain.text_grammar.Reader`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from cards.domain import regex as re
from cards.domain.effects import AdvanceTurns, Effect, Selector, target_group, target_to_json
from cards.domain.grammar_errors import NotRead

if TYPE_CHECKING:
    from cards.domain.text_grammar import Clause, Ctx, Reader, Reading

#: "En début de partie", "Au début de la partie", "En début de la partie".
_START = r"(?:en|au) debut de (?:la )?partie"
#: The card itself as the subject ("cette carte", its own quoted name, or nothing).
_ITSELF = r"(?:(?:cette carte|(?P<own>@\d+@)) )?"
_ATTACHED_FIRST = re.compile(
    rf"{_START},? {_ITSELF}(?:s'attache|est attachee|est placee|se place) (?:a |sur |au (?=\w))(?P<who>.+)"
)
_ATTACHED_LAST = re.compile(
    rf"{_ITSELF}(?:s'attache|est attachee) (?:a |sur |au (?=\w))(?P<who>.+?),? {_START}"
)
_HAND_FIRST = re.compile(
    rf"{_START},? {_ITSELF}(?:s'ajoute|est ajoutee|est placee|passe) (?:a|dans) votre main"
)
_HAND_LAST = re.compile(rf"{_ITSELF}(?:s'ajoute|est ajoutee|est placee) (?:a|dans) votre main,? {_START}")
#: "'X' s'il fait partie de vos personnages": the named character, when it is one of the player's.
_IF_YOURS = re.compile(r"(?P<who>.+?),? (?:s'il|si elle|si il) fait partie de vos personnages")


#: Said of a folded clause (quoted names as written): the card starts the game attached.
_SAYS_ATTACHED = re.compile(
    rf"(?:{_START},? (?:cette carte |'[^']+' )?(?:s'attache|est attachee|est placee|se place) (?:a|sur|au) "
    rf"|(?:cette carte )?s'attache (?:a|sur|au) .+ {_START}$)"
)


def says_attached(folded: str) -> bool:
    """Whether a folded clause says the card starts the game attached (so that it stays)."""
    return _SAYS_ATTACHED.match(folded) is not None


def starts(r: Reader, c: Clause, t: str, ctx: Ctx) -> Reading | None:
    """A card's start-of-game play rule (None: the clause says no such thing)."""
    from cards.domain.text_grammar import Reading

    if ctx.subject != "card":
        return None
    m = _HAND_FIRST.fullmatch(t) or _HAND_LAST.fullmatch(t)
    if m:
        _itself(r, c, m.group("own"), ctx)
        return Reading(play={"starts": "hand"})
    m = _ATTACHED_FIRST.fullmatch(t) or _ATTACHED_LAST.fullmatch(t)
    if not m:
        return None
    _itself(r, c, m.group("own"), ctx)
    who = whom(r, c, m.group("who"), ctx)
    return Reading(play={"starts": {"attached": target_to_json(who)}})


def _itself(r: Reader, c: Clause, token: str | None, ctx: Ctx) -> None:
    """A quoted subject must be the card's own name."""
    if token is not None and r.family(c, token) not in ctx.names:
        raise NotRead("another card starting the game attached")


def whom(r: Reader, c: Clause, text: str, ctx: Ctx) -> Selector:
    """One of the player's characters a card starts the game attached to: a pick among a group of
    them ("un de vos Nomades", "un de vos personnages au hasard") or a named one ("'Nahima' si elle
    fait partie de vos personnages", "'Nahima'": a card of the player's deck goes to the player's
    character of that name)."""
    from cards.domain.grammar_life import target

    m = _IF_YOURS.fullmatch(text)
    if m:
        text = m.group("who")
    text = re.sub(r"^l'(?=une? de vos )", "", text)
    random = re.search(r" (?:au hasard|aleatoire(?:ment)?|determine aleatoirement)$", text)
    if random:
        text = text[: random.start()]
    found = target(r, c, text, ctx.inside())
    if isinstance(found, str):
        group, pick = target_group(found)
        found = Selector(group=group, pick=pick)
    if found.family is not None and found.pick is None:
        if found.group not in ("characters", "allies") or (found.filtered and _other_filters(found)):
            raise NotRead(f"whom does the card start attached to: {text!r}")
        found = replace(found, group="allies")
    elif m:
        raise NotRead("'fait partie de vos personnages' after no named character")
    if random:
        if found.pick != "choice":
            raise NotRead("a random pick of what is no pick")
        found = replace(found, pick="random")
    if found.group != "allies" or (found.pick is None and found.family is None):
        raise NotRead(f"whom does the card start attached to: {text!r}")
    return found


def _other_filters(selector: Selector) -> bool:
    """A named character's selector with filters beside its name (not a plain name)."""
    return replace(selector, family=None).filtered


#: "le compteur de tours avance d'un tour supplémentaire", "… est avancé de 2 tours", "… avancera de
#: 0 à 1 tour supplémentaire au prochain tour", "… d'un autre tour supplémentaire".
_ADVANCE = re.compile(
    r"le compteur (?:de |des )?tours? (?:avance|avancera|est avance|sera avance)"
    r" (?:d'un(?: autre)?|de (?P<n>\d+|un|deux|trois)|de (?P<lo>\d+) a (?P<hi>\d+))"
    r" tours?(?: supplementaires?)?(?: au prochain tour)?"
)


def advance(t: str) -> list[Effect] | None:
    """The turn counter moves on (``advance_turns``); None: not this phrase."""
    from cards.domain.text_grammar import number

    m = _ADVANCE.fullmatch(t)
    if not m:
        return None
    if m.group("lo"):
        lo, hi = int(m.group("lo")), int(m.group("hi"))
        if not 0 <= lo < hi <= 10:
            raise NotRead(f"the turn counter moved on {lo} to {hi} turns")
        return [AdvanceTurns((lo, hi))]
    n = number(m.group("n")) if m.group("n") else 1
    if not 1 <= n <= 10:
        raise NotRead(f"the turn counter moved on {n} turns")
    return [AdvanceTurns(n)]
