"""The element of damage in the rules-text grammar (cards/domain/text_grammar.py): "3 dégâts
magiques de type Feu", "dégâts de Feu", "des dégâts magiques de type Ombre".

The element is said inside a phrase about damage; the rest of the grammar reads the clause without
it (:func:`without_element`) and the element is then put on the effect the phrase made
(:func:`with_element`): a damage (``element``), a damage bonus or a trigger on damage
(``elements``). Readings chosen here (docs/cardset.md, "Damage, heals, HP"):

- The element goes on every damage-bearing effect of the clause when the clause says "dégâts"
  once (several targets of one phrase: several effects). When it says "dégâts" more than once,
  the phrase must name a kind ("magiques") that one phrase only says, and the element goes on the
  effects of that kind ("Chaque fois qu'un personnage vous inflige des dégâts physiques, il subit 4
  dégâts magiques de type Feu": the magical damage only). Otherwise the clause is not read.
- An immunity ("Immunité dégâts de Feu") is read by the immunity itself (:func:`elements_of`).
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import TYPE_CHECKING, Any

from cards.domain import regex as re
from cards.domain.effects import (
    Count,
    Damage,
    DamageDealt,
    DamageTaken,
    Effect,
    Event,
    Heal,
    Immune,
    StatFilter,
    Target,
    Trigger,
)
from cards.domain.grammar_errors import NotRead

if TYPE_CHECKING:
    from cards.domain.text_grammar import Clause, Ctx, Reader

#: The elements as the folded texts write them, and their slug (cards/domain/effects.py
#: DAMAGE_ELEMENTS).
ELEMENT_WORDS = {
    "feu": "feu",
    "air": "air",
    "eau": "eau",
    "terre": "terre",
    "lumiere": "lumiere",
    "ombre": "ombre",
    "mental": "mental",
    "foudre": "foudre",
    "draconique": "draconique",
    "temps": "temps",
    "nature": "nature",
    "guerre": "guerre",
    "nehant": "nehant",
    "guem": "guem",
}
_ELEMENT_RE = "|".join(ELEMENT_WORDS)
_KIND = r"(?:physiques?|magiques?|directs?)"
#: "dégâts (magiques) de type Feu", "dégâts de Feu", "dégât magique d'Ombre".
_PHRASE = re.compile(
    rf"\b(degats?)((?: {_KIND})?) (?:de type |de la |de |du |d')({_ELEMENT_RE})\b(?! (?:et|ou) )"
)
#: The kinds a phrase may list after "dégâts" (" directs", " physiques et magiques"), a group.
_KINDS_SAID = rf"((?: {_KIND}(?:(?:, | et | ou ){_KIND})*)?)"
_KIND_OF = {"physique": "physical", "magique": "magical", "direct": "direct"}


def elements_of(text: str) -> tuple[tuple[str, ...], str] | None:
    """``dégâts (magiques) de (type) Feu`` in an immunity: its elements and the rest (``dégâts
    magiques``); None when it names no element."""
    m = re.fullmatch(rf"(degats?(?: {_KIND})?) (?:de type |de |d')({_ELEMENT_RE})", text)
    if m is None:
        return None
    return (ELEMENT_WORDS[m.group(2)],), m.group(1)


def without_element(c: Clause) -> tuple[Clause, str, str | None] | None:
    """The clause without the element its damage phrase names, the element, and the kind that
    phrase says (None: no kind); None when it names none (or an immunity, read on its own)."""
    from cards.domain.text_grammar import Clause

    text = c.text
    if "degat" not in text or text.startswith("immunite"):
        return None
    found = list(_PHRASE.finditer(text))
    if not found:
        return None
    elements = {m.group(3) for m in found}
    if len(elements) != 1 or len({m.group(2) for m in found}) != 1:
        raise NotRead("damage of two elements, or of two kinds of one element")
    kind_word = found[0].group(2).strip()
    kind = _KIND_OF[kind_word.rstrip("s")] if kind_word else None
    stripped = _PHRASE.sub(lambda m: f"{m.group(1)}{m.group(2)}", text)
    return Clause(stripped, c.names), ELEMENT_WORDS[found[0].group(3)], kind


def _kinds_of(effect: Any) -> tuple[str, ...] | None:
    """The damage kinds an effect is about (None: it is not about damage)."""
    if isinstance(effect, Damage):
        return (effect.kind,)
    if isinstance(effect, DamageTaken | DamageDealt):
        return effect.kinds
    if isinstance(effect, Trigger) and effect.on.kind in ("damaged", "deals"):
        return effect.on.kinds
    return None


def _sites(effect: Any) -> list[Any]:
    """The damage-bearing effects in ``effect`` and the effects nested in it."""
    out = [effect] if _kinds_of(effect) is not None else []
    if is_dataclass(effect):
        for f in fields(effect):
            out += _nested_sites(getattr(effect, f.name))
    return out


def _nested_sites(value: Any) -> list[Any]:
    if isinstance(value, tuple | list):
        return [s for v in value for s in _nested_sites(v)]
    if is_dataclass(value) and hasattr(value, "op"):
        return _sites(value)
    return []


def _put(effect: Any, chosen: list[Any], element: str) -> Any:
    """``effect`` with ``element`` on the chosen sites (compared by identity)."""
    if not is_dataclass(effect):
        return effect
    changes: dict[str, Any] = {}
    for f in fields(effect):
        value = getattr(effect, f.name)
        new = _put_nested(value, chosen, element)
        if new is not value:
            changes[f.name] = new
    if any(effect is s for s in chosen):
        if isinstance(effect, Damage):
            changes["element"] = element
        elif isinstance(effect, Trigger):
            on: Event = changes.get("on", effect.on)
            changes["on"] = replace(on, elements=(element,))
        else:
            changes["elements"] = (element,)
    return replace(effect, **changes) if changes else effect  # type: ignore[type-var]


def _put_nested(value: Any, chosen: list[Any], element: str) -> Any:
    if isinstance(value, tuple | list):
        items = [_put_nested(v, chosen, element) for v in value]
        if all(a is b for a, b in zip(items, value, strict=True)):
            return value
        return type(value)(items)
    if is_dataclass(value) and hasattr(value, "op"):
        return _put(value, chosen, element)
    return value


def names_element(text: str) -> bool:
    """Whether ``text`` starts with a damage phrase naming an element."""
    m = _PHRASE.search(text)
    return m is not None and m.start() == 0


def with_element(
    effects: list[Effect], text: str, element: str, kind: str | None, first: bool = False
) -> list[Effect]:
    """``effects`` (read from ``text``, the clause without the element) with ``element`` on the
    effects of the damage phrase that named it (see the module docstring); ``first``: that phrase
    is the clause's first about damage ("Si vous infligez des dégâts de feu à un personnage
    adverse, il a +2 aux dégâts reçus": when the clause is one trigger on damage, its event)."""
    sites = [s for e in effects for s in _sites(e)]
    if (
        first
        and len(effects) == 1
        and isinstance(effects[0], Trigger)
        and effects[0].on.kind in ("damaged", "deals")
        and re.match(r"(?:si|(?:a )?chaque fois|lorsqu|quand|des qu)", text)
    ):
        sites = [effects[0]]  # the head's damage, not the body's
    elif len(re.findall(r"\bdegats?\b", text)) > 1:
        if kind is None or len(re.findall(rf"\bdegats? {kind}\b", _english_kinds(text))) != 1:
            raise NotRead("the element of which damage?")
        sites = [s for s in sites if _kinds_of(s) == (kind,)]
    if not sites or any(
        (isinstance(s, Damage) and s.element is not None)
        or (isinstance(s, Trigger) and s.on.elements)
        or (isinstance(s, DamageTaken | DamageDealt) and s.elements)
        for s in sites
    ):
        raise NotRead("an element the reading does not hold")
    return [_put(e, sites, element) for e in effects]


def _english_kinds(text: str) -> str:
    """The kind words as their names (``magiques`` -> ``magical``), to count one kind's phrases."""
    for word, name in _KIND_OF.items():
        text = re.sub(rf"\b{word}s?\b", name, text)
    return text


_UNHURT = (
    r"(?:(?P<who>.+?) )?ne (?:peut|peuvent|pouvez) (?:pas |plus )?etre blesse(?:e|s|es)? par "
    r"(?:les effets de vos cartes"
    r"|(?P<cards>les .+?) (?:qu'ils jouent|qu'il joue|qu'elle joue|que vous jouez))"
)


def unhurt(r: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """ "Ne peut pas être blessé par les effets de vos cartes" (``immune`` ``by`` player: no damage
    of a card of its player), "vos Combattants ne peuvent pas être blessés par les Objets qu'ils
    jouent" (``by`` self, ``by_cards``: of the cards it plays or carries); None: not such a
    phrase."""
    from cards.domain.text_grammar import _target_fields

    m = re.fullmatch(rf"ne (?:peut|peuvent|pouvez) (?:pas |plus )?subir de degats?{_KINDS_SAID}", t)
    if m:  # "Ne peut pas subir de dégâts directs": the holder
        return verb(r, c, t, ctx, "self")
    m = re.fullmatch(_UNHURT, t)
    if m is None:
        return None
    who_text = m.group("who")
    if who_text is None:
        who: Target = "self"
    else:
        who = r._view(r.subject(c, who_text, ctx.names), who_text, ctx)
    if m.group("cards") is None:
        return [Immune(by="player", **_target_fields(who))]
    cards = r.match(c, re.sub(r"^les ", "", m.group("cards")))
    return [Immune(by="self", by_cards=cards, **_target_fields(who))]


def own_count(r: Reader, c: Clause, t: str) -> Count | None:
    """Counts of the player's own: ``vos Sorts Nature actifs`` (its cards in play: ``actif`` is a
    card in play), ``vos Classes`` (the holder's classes); None: not such a count."""
    if re.fullmatch(r"(?:de )?vos classes", t):
        return Count("classes")
    m = re.fullmatch(r"(?:de )?vos (.+?) (?:actifs|actives|actif|active)", t)
    if m and not re.search(r"\bpersonnages?\b", m.group(1)):
        return Count("cards", pile="play", owner="self", match=r._count_match(c, m.group(1)))
    return None


def verb(r: Reader, c: Clause, t: str, ctx: Ctx, who: Target) -> list[Effect] | None:
    """After a subject: ``sont soignés de 2`` (a heal), ``ne peut pas subir de dégâts directs``
    (``immune`` those kinds; without a kind, every kind); None: not such a predicate."""
    from cards.domain.text_grammar import DAMAGE_KIND_WORDS, _target_fields

    m = re.fullmatch(r"(?:est|sont|etes) soigne(?:e|s|es)? de (\d+(?: a \d+)?)(?: pv| points? de vie)?", t)
    if m:
        return [Heal(amount=r._points(m.group(1)), **_target_fields(who))]
    m = re.fullmatch(rf"ne (?:peut|peuvent|pouvez) (?:pas |plus )?subir de degats?{_KINDS_SAID}", t)
    if m:
        words = re.split(r", | et | ou ", m.group(1).strip()) if m.group(1) else []
        kinds = tuple(dict.fromkeys(DAMAGE_KIND_WORDS[w] for w in words)) or ("physical", "magical", "direct")
        return [Immune(kinds=kinds, **_target_fields(who))]
    return None


#: "…, et les vôtres sont augmentés de 1 …" after "les personnages adverses ont PV max -1 …": the
#: stat of the predicate before it, for the player's characters.
_YOURS = re.compile(
    r"(?P<head>.+? (?:ont|a) (?P<stat>[a-z. ]+?) [+-] ?\d+\b.*?),? et les votres sont "
    r"(?P<dir>augmentee?s?|reduite?s?|diminuee?s?) de (?P<n>\d+)(?P<rest>.*)"
)


def yours_too(t: str) -> str:
    """``…, et les vôtres sont augmentés de N`` said as ``…, et vos personnages ont <stat> +N``
    (the stat of the predicate before it); the text unchanged when it says no such thing."""
    if "les votres sont" not in t:
        return t
    m = _YOURS.fullmatch(t)
    if m is None:
        return t
    sign = "+" if m.group("dir").startswith("augment") else "-"
    head, rest = m.group("head"), m.group("rest")
    if rest.strip() and head.endswith(rest):  # the same duration said twice: once, for both
        head = head[: -len(rest)]
    return f"{head}, et vos personnages ont {m.group('stat')} {sign}{m.group('n')}{rest}"


_FROM_NEXT_TURN = re.compile(
    r"(?P<a>.+?) (?:durant |pendant )?le tour ou cette carte s'active,? puis,? (?P<b>.+?)"
    r" a partir du (?:tour )?suivant"
)


def from_next_turn(r: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """On a card that stays: ``A durant le tour où cette carte s'active, puis B à partir du tour
    suivant`` — A for this turn (as "à l'activation"), then B each turn after it while the card
    stays (a trigger at the start of each turn, B lasting that turn); B without a subject is said
    of A's ("Il a Défense -2 …, puis Défense -1 …"). None: not such a phrase."""
    from cards.domain.text_grammar import _at_activation

    if not ctx.stays or "cette carte s'active" not in t:
        return None
    m = _FROM_NEXT_TURN.fullmatch(t)
    if m is None:
        return None
    a, b = m.group("a"), m.group("b")
    sm = re.match(r"(.+? (?:a|ont) )", a)
    if sm and re.match(r"[+-]|(?:attaque|defense|esprit)\b", b):
        b = sm.group(1) + b
    first = _at_activation(r.phrase(c, a, ctx))
    then = _at_activation(r.phrase(c, b, ctx.inside()))
    return [*first, Trigger(on=Event("turn_start"), effects=tuple(then))]


def stat_filter(text: str) -> tuple[StatFilter, str] | None:
    """``… ayant plus de 1 en Défense`` / ``… avec moins de 3 en Esprit`` (a selector's ``stat``
    filter: its current stat, strictly more / less) and the words before it; None: not such."""
    m = re.fullmatch(
        r"(?:(.+?) )?(?:ayant|avec) (plus|moins) de (\d+) (?:points? )?en (defense|esprit)", text
    )
    if m is None:
        return None
    stat = "defense" if m.group(4) == "defense" else "spirit"
    return StatFilter(stat, ">" if m.group(2) == "plus" else "<", int(m.group(3))), m.group(1) or ""


_BOTH_HIT = re.compile(
    r"(?P<pre>(?:.*? )?(?:inflige|infligez)) (?P<dmg>\S+ degats? \w+)"
    r" (?P<to>au personnage adverse|a votre adversaire) ainsi qu'a (?P<other>.+?)(?P<tail>,? ou x est .*)?"
)


def both_hit(t: str) -> str:
    """``inflige 3 dégâts magiques au personnage adverse ainsi qu'à un autre …`` said as ``… au
    personnage adverse et inflige 3 dégâts magiques à un autre …`` (the same damage to each)."""
    if "ainsi qu'a" not in t:
        return t
    m = _BOTH_HIT.fullmatch(t)
    if m is None:
        return t
    dmg = m.group("dmg")
    return (
        f"{m.group('pre')} {dmg} {m.group('to')} et inflige {dmg} a {m.group('other')}{m.group('tail') or ''}"
    )
