"""The rules-text grammar's markers ("marqueurs 'poudre'"): how many a character carries, markers
added to characters, and markers spent for what they gave ("…, puis vous les perdez", "vous perdez
jusqu'à 4 marqueurs 'poudre' et avez Attaque +1 pour chacun d'eux").

A marker is named by a quoted name (``'poudre'``) or by the bare word ``poudre`` the texts also
write ("2 marqueurs Poudre"); its slug is the name's (``cards.domain.effects``, op ``marker``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cards.domain import regex as re
from cards.domain.effects import (
    MARKERS_ALL,
    Count,
    Effect,
    Marker,
    Modify,
    Scaled,
    Selector,
    Target,
    Trigger,
)
from cards.domain.grammar_errors import NotRead

if TYPE_CHECKING:
    from cards.domain.text_grammar import Clause, Ctx, Reader

#: A marker's name in a normalised clause: a quoted name (``@0@``) or the bare word "poudre".
_NAME = r"(@\d+@|poudres?)"
_NUMBER = r"(\d+|une?|deux|trois|quatre|cinq|six|sept|huit|neuf|dix)"

#: The texts' other words for gaining markers, said as "gagne": "reçoivent 2 marqueurs poudre",
#: "Ajoute 2 Marqueurs Poudre à votre adversaire", "vous ajoute 1 Marqueur Poudre".
SPELLINGS: tuple[tuple[str, str], ...] = (
    (rf"\brecoit (?={_NUMBER} marqueurs?\b)", "gagne "),
    (rf"\brecoivent (?={_NUMBER} marqueurs?\b)", "gagnent "),
    (rf"\bvous ajoute (?={_NUMBER} marqueurs?\b)", "vous gagnez "),
    (
        rf"(?:^|(?<=: ))ajoute ({_NUMBER} marqueurs? (?:@\d+@|poudres?)) a "
        r"(votre adversaire|l'adversaire|le personnage adverse|votre personnage)$",
        r"\3 gagne \1",
    ),
)


def marker_name(c: Clause, token: str) -> str:
    """``@0@`` -> the slug of that quoted name; ``poudre`` -> ``poudre``."""
    from cards.domain.text_grammar import slugify

    m = re.fullmatch(r"@(\d+)@", token.strip())
    if m:
        return slugify(c.names[int(m.group(1))])
    return "poudre"


#: Whose markers a count reads, by the words after "marqueurs 'X'".
_CARRIERS: tuple[tuple[str, Target], ...] = (
    (
        r"que vous portez|que votre personnage porte|portee?s? par (?:vous|votre personnage|le personnage)"
        r"|portee?s?|que vous possedez",
        "self",
    ),
    (
        r"portee?s? par (?:votre adversaire et vous|vous et votre adversaire|le personnage adverse et vous"
        r"|vous et le personnage adverse)",
        "fighters",
    ),
    (
        r"que porte (?:votre adversaire|le personnage adverse)"
        r"|que (?:votre adversaire|le personnage adverse) porte",
        "opponent",
    ),
)


def count(reader: Reader, c: Clause, t: str) -> Count | None:
    """``marqueurs 'poudre' que vous portez``, ``marqueur poudre porté``, ``marqueur 'poudre' porté par
    votre adversaire et vous`` (the two characters of the combat: ``fighters``)."""
    m = re.fullmatch(rf"marqueurs? {_NAME} (.+)", t.strip())
    if not m:
        return None
    for pattern, on in _CARRIERS:
        if re.fullmatch(pattern, m.group(2)):
            return Count("markers", marker=marker_name(c, m.group(1)), on=on)
    return None


# --- markers spent ---------------------------------------------------------------------------------

#: "…, puis vous les perdez", "…, ces marqueurs sont supprimés", "…, puis il perd ses marqueurs 'X'":
#: the markers just counted leave whoever carried them.
_SPENT = re.compile(
    r"(?P<body>.+?),? (?:puis (?P<who>vous|il|elle|ils) (?:les perdez|les perd|les perdent"
    rf"|perdez vos marqueurs {_NAME}|perd ses marqueurs {_NAME}|perdent leurs marqueurs {_NAME})"
    r"|(?:et )?ces (?:marqueurs|derniers) sont (?:supprimes|retires|perdus|defausses))"
)


def _marker_counts(effects: list[Effect]) -> set[tuple[str, Target]]:
    """The markers the amounts of these effects count: (name, whose)."""
    found: set[tuple[str, Target]] = set()
    for effect in effects:
        if isinstance(effect, Trigger):
            found |= _marker_counts(list(effect.effects))
            continue
        for key in ("amount", "value"):
            amount = getattr(effect, key, None)
            if isinstance(amount, Scaled) and amount.per.kind == "markers":
                assert amount.per.marker is not None and amount.per.on is not None
                found.add((amount.per.marker, amount.per.on))
    return found


def _happens_once(effects: list[Effect], ctx: Ctx) -> bool:
    """Whether these effects happen once (a card's resolution, inside a trigger or an Ordre) rather
    than stand: a standing modifier counts its markers whenever it is read, so markers it spends
    would take its bonus away at once. On a card that stays, a modifier said to last this turn
    ("jusqu'à la fin du combat", "à l'activation") is given once, when the card resolves."""
    from cards.domain.text_grammar import THIS_TURN

    if ctx.happens or (ctx.subject == "card" and not ctx.stays):
        return True
    for effect in effects:
        if isinstance(effect, Trigger):
            continue
        if ctx.subject == "character":
            return False
        duration = getattr(effect, "duration", None)
        if duration is not None and duration is not THIS_TURN:
            return False
    return True


def phrase(reader: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """A phrase whose markers are spent: what it says, then those markers leave their carrier
    (``marker`` count ``all``), in the same trigger when it is one."""
    m = _SPENT.fullmatch(t)
    if m:
        return _spent(reader, c, m, ctx)
    return lost_for_each(reader, c, t, ctx)


def _spent(reader: Reader, c: Clause, m: re.Match[str], ctx: Ctx) -> list[Effect]:
    effects = reader.phrase(c, m.group("body"), ctx)
    counted = _marker_counts(effects)
    if len(counted) != 1:
        raise NotRead("which markers are lost?")
    ((name, on),) = counted
    said = next((g for g in m.groups()[2:] if g), None)
    if said is not None and marker_name(c, said) != name:
        raise NotRead("other markers lost than those counted")
    who = m.group("who")
    if (who == "vous") != (on == "self") or (who in ("il", "elle") and on not in ("self", "opponent")):
        raise NotRead("whose markers are lost?")
    if who in ("il", "elle") and on == "self" and ctx.subject == "card":
        raise NotRead("whose markers are lost? ('il' on a card)")
    if not _happens_once(effects, ctx):
        raise NotRead("markers spent by a standing modifier")
    lost = Marker(name=name, count=MARKERS_ALL, **_fields(on))
    if len(effects) == 1 and isinstance(effects[0], Trigger):
        trigger = effects[0]
        return [replace(trigger, effects=(*trigger.effects, lost))]
    if any(isinstance(e, Trigger) for e in effects):
        raise NotRead("markers lost after a trigger and more")
    return [*effects, lost]


_LOST_FOR_EACH = re.compile(
    r"(?P<who>vous|votre personnage|votre adversaire et vous|vous et votre adversaire)"
    rf" (?:perdez|perd) (?:jusqu'a {_NUMBER} marqueurs? {_NAME}|vos marqueurs {_NAME}|ses marqueurs {_NAME})"
    r" et (?:vous )?(?:avez|a|gagnez|gagne) (?P<gain>.+?)"
    r" (?:pour chacun d'eux|pour chacune d'elles|pour chaque marqueur ainsi perdu|par marqueur ainsi perdu)"
)


def lost_for_each(reader: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """``vous perdez jusqu'à 4 marqueurs 'poudre' et avez Attaque +1 pour chacun d'eux``: the
    bonus for each marker the holder carries, at most that many, then that many leave it; ``votre
    adversaire et vous perdez vos marqueurs 'poudre' et vous avez Attaque +1 pour chaque marqueur
    ainsi perdu``: every one of the two fighters' markers counted, then lost."""
    from cards.domain.text_grammar import number

    m = _LOST_FOR_EACH.fullmatch(t)
    if not m:
        return None
    both = m.group("who") in ("votre adversaire et vous", "vous et votre adversaire")
    if both and m.group(4) is None:
        raise NotRead("up to N markers of two characters")
    if m.group(5) is not None and not both:
        raise NotRead("'vos marqueurs' of whom?")
    most = number(m.group(2)) if m.group(2) else None
    name = marker_name(c, m.group(3) or m.group(4) or m.group(5))
    gained = reader.phrase(c, m.group("gain"), ctx)
    if not _happens_once(gained, ctx) or not gained:
        raise NotRead("markers spent by a standing modifier")
    on: Target = "fighters" if both else "self"
    per = Count("markers", marker=name, on=on)
    out: list[Effect] = []
    for effect in gained:
        if not isinstance(effect, Modify) or not isinstance(effect.amount, int) or effect.target != "self":
            raise NotRead("what each marker lost gives")
        each = effect.amount
        if most is None:
            scaled = Scaled(per=per, each=each)
        elif each > 0:
            scaled = Scaled(per=per, each=each, hi=each * most)
        else:
            scaled = Scaled(per=per, each=each, lo=each * most)
        out.append(replace(effect, amount=scaled))
    lost = Marker(name=name, count=MARKERS_ALL if most is None else -most, **_fields(on))
    return [*out, lost]


def _fields(target: Target) -> dict[str, Any]:
    if isinstance(target, Selector):
        return {"target": "group", "selector": target}
    return {"target": target, "selector": None}
