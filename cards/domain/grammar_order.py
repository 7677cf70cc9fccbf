"""The rules-text grammar's Ordres: the turns a "Tours 2, 4 et 6 : …" names, in every spelling the
texts use ("Tours: 2, 4 et 6 :", "Tours 2, 4 and 6 :", "Tours 4 et + :", "Tours 1 et 4 et plus :",
"Tour 2, 5 et plus :"), and clauses holding two sentences with no full stop between them when the
second is an Ordre ("… Tours impairs : …").

Pure Python (no Django); used by :class:`cards.domain.text_grammar.Reader`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from cards.domain import regex as re
from cards.domain.effects import Effect, Turns
from cards.domain.vocabulary import fold

if TYPE_CHECKING:
    from cards.domain.text_grammar import Clause, Ctx, Reader

#: The turns of an Ordre's header, folded and normalised (``&`` is already ``et``).
_LIST = r"\d+(?:(?:, | et | ou | and |,? )\d+)*"
TURNS_RE = (
    rf"(?:pairs?|impairs?|{_LIST}(?: et (?:plus|suivants|\+)| ?\+)?|\d+ a \d+|\d+ (?:et|ou) moins"
    rf"|{_LIST}(?:,| et) \d+ et (?:plus|suivants|\+))"
)
HEADER = re.compile(rf"tours? ?:? ({TURNS_RE}) ?: (.+)")
#: An Ordre whose colon the text forgot, before a stat ("Tours 2, 4 et 6 Défense +3").
HEADER_NO_COLON = re.compile(rf"tours? ({_LIST}) ((?:attaque|defense|esprit)\b.+)")


def header(r: Reader, text: str) -> tuple[list[Turns], str] | None:
    """``tours 1, 4 et plus : …`` -> the turns (one Turns, or a list and a "from" when the text says
    both) and the rest; None when the text does not start with an Ordre's header."""
    m = HEADER.fullmatch(text) or HEADER_NO_COLON.fullmatch(text)
    if not m:
        return None
    return turns(r, m.group(1)), m.group(2)


def turns(r: Reader, text: str) -> list[Turns]:
    t = text.strip().replace(" and ", " et ")
    t = re.sub(r"(?: et)? ?\+$", " et plus", t)
    m = re.fullmatch(r"(.+?)(?:,| et) (\d+) et (?:plus|suivants)", t)
    if m and re.fullmatch(_LIST, m.group(1)):
        # "1 et 4 et plus": turn 1, and turns 4 and later
        listed = r.turns(m.group(1))
        later = int(m.group(2))
        if any(n >= later for n in listed.numbers):
            from cards.domain.text_grammar import NotRead

            raise NotRead("turns listed after 'and later'")
        return [listed, Turns("from", (later,))]
    return [r.turns(t)]


#: Where a second sentence starting with an Ordre's header begins inside a clause (in the raw text:
#: "Tour" / "Tours" with a capital, after a word, with no full stop before it).
_INNER_HEADER = re.compile(r"(?<=[\w)'’.!]) (?=Tours? ?:? ?(?:\d|[Pp]airs?\b|[Ii]mpairs?\b))")
#: "Défense -1 En fin de combat, …": a sentence starting with a trigger, capitalised, after a
#: modifier with no full stop.
_INNER_TRIGGER = re.compile(r"(?<=[+-]\d) (?=(?:En|Au|A|À) (?:[dD]ébut|[fF]in|[lL]a fin|[lL]'issue)\b)")
#: "Défense +3 contre les Nomades Vos Combattants ont …", "Défense +1 Choisissez un personnage, …": a
#: modifier (and its "contre …"), then a capitalised sentence naming its subject, no full stop.
_INNER_SUBJECT = re.compile(
    r"[+-]\d(?: contre les [A-Za-zÀ-ÿ' ]{3,40}?)?( )(?=(?:Vos|Choisissez) [A-Za-zÀ-ÿ])"
)
#: A card's last words that are a sentence of their own ("… Enchaînement Permanent", a full stop
#: missing: "Permanent" is no card type).
_TRAILING_STAYS = re.compile(r"(?<=[\w)])\s+(?=Permanente?$)")
#: "Enchaînement Prêtre non multiclassé : Durée 2 combats": the chain, then a sentence with a prefix.
_CHAIN_THEN_PREFIX = re.compile(r"(?<=^Encha[iî]nement)\s+(?=[A-ZÀ-Ý][^:]{0,40}\s?:\s)")
#: "Esprit et Défense +1 Enchaînement": stats, then the chain (no prefix before them: no colon).
_STATS_THEN_CHAIN = re.compile(r"(?<=\d)\s+(?=Encha[iî]nement(?:\s[^:]*)?$)")

#: "Maraudeur : Attaque +3 Enchaînement Sort": under a prefix, stats then a chain on named cards —
#: two sentences (the English texts put a full stop there: "Marauder: Attack +3. Chain Spell."),
#: the chain the card's own. (A bare "Enchaînement" after the stats is not cut: "Traqueur : Attaque
#: +2 Enchaînement" is "Tracker: Chain" in English — whose chain is not clear.)
_PREFIXED_STATS_THEN_CHAIN = re.compile(r"(?<=\d)\s+(?=Encha[iî]nement\s[^:]+$)")
#: "… Défense +2 Immortel : Enchaînement": a modifier, then a sentence with a prefix (a capital,
#: a few words, a colon).
_STATS_THEN_PREFIX = re.compile(r"(?<=[+-]\d)\s+(?=[A-ZÀ-Ý][^:.,+]{0,30}?\s?:\s)")
#: "Enchaînement Action Attaque +1 pour chacun …": the chain, then a modifier with a capital.
_CHAIN_THEN_STATS = re.compile(r"(Encha[iî]nement\s[^:]{1,40}?)\s+((?:Attaque|Défense|Esprit)\s.+)")

#: "… égal à votre Attaque min. Enchaînement 'X'": the full stop of an abbreviation ends the sentence.
_ABBREVIATION_THEN_CHAIN = re.compile(r"(?<=\b(?:min|max)\.)\s+(?=Encha[iî]nement\b)")


def split_run_on(raw: str) -> list[str]:
    """The sentences of a clause holding two with no full stop between them: an Ordre's header
    after other words (``["Gagne Enchaînement si …", "Tours 4 et 6 : …"]``), a last "Permanent",
    a chain before a prefixed sentence, stats before the chain (after a prefix too: the chain on
    named cards), stats before a prefixed sentence, a chain before stats; ``[raw]`` when there is
    none.
    Every sentence must then be read."""
    parts = _INNER_HEADER.split(raw)
    if len(parts) > 1 and all(re.match(r"Tours? ?:? ?[^:]{1,30}:", part) for part in parts[1:]):
        return [p.strip() for p in parts]
    parts = _INNER_TRIGGER.split(raw.strip(), maxsplit=1)
    if len(parts) == 2:
        return parts
    m = _INNER_SUBJECT.search(raw.strip())
    if m:
        return [raw.strip()[: m.start(1)], raw.strip()[m.end(1) :]]
    for splitter in (_TRAILING_STAYS, _CHAIN_THEN_PREFIX, _ABBREVIATION_THEN_CHAIN):
        parts = splitter.split(raw.strip(), maxsplit=1)
        if len(parts) == 2:
            return parts
    if ":" not in raw:
        parts = _STATS_THEN_CHAIN.split(raw.strip(), maxsplit=1)
        if len(parts) == 2:
            return parts
    else:
        parts = _PREFIXED_STATS_THEN_CHAIN.split(raw.strip(), maxsplit=1)
        if len(parts) == 2:
            return parts
    parts = _STATS_THEN_PREFIX.split(raw.strip(), maxsplit=1)
    if len(parts) == 2:
        return parts
    m = _CHAIN_THEN_STATS.fullmatch(raw.strip())
    if m and not re.search(
        r"\b(?:si|s'il|tant|lorsqu|quand|que|la|le|les|votre|vos|de base)\b", fold(m.group(1))
    ):
        return [m.group(1), m.group(2)]
    return [raw]


def compound(r: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """Two subjects for one verb: ``'Kébek' et votre adversaire subissent 1 dégât direct``, ``votre
    adversaire et vous gagnez 2 marqueurs 'poudre'`` (the effects of the verb, for each one, in the
    order written); ``subissent 2 fois 1 dégât direct`` is that damage twice. None: not this form."""
    from cards.domain.text_grammar import NotRead

    for m in re.finditer(rf"\b(?:{r.VERBS})\b", t):
        head, verb = t[: m.start()].strip(), t[m.start() :]
        sm = re.fullmatch(r"(.+?) et (.+)", head)
        if not sm:
            continue
        try:
            subjects = [r._view(r.subject(c, s, ctx.names), s, ctx) for s in (sm.group(1), sm.group(2))]
        except NotRead:
            continue
        if not apart(subjects[0], subjects[1]):
            continue  # a character both name would take the effect twice
        times = 1
        tm = re.fullmatch(r"(subissent|subissez) (\d|deux|trois) fois (.+)", verb)
        if tm:
            from cards.domain.text_grammar import number

            verb, times = f"{tm.group(1)} {tm.group(3)}", number(tm.group(2))
        verb = re.sub(r"^(?:subissez)\b", "subissent", verb)
        verb = re.sub(r"^(?:gagnez)\b", "gagnent", verb)
        effects: list[Effect] = []
        for subject in subjects:
            found = r._verb(c, verb, ctx, subject)
            if found is None:
                break
            effects += found * times
        else:
            return effects
    return None


def _reach(target: object) -> tuple[str, str]:
    """Which side a target is on (A: the player's, E: the opponent's, X: both) and which part of it
    (the holder or the fighting opponent, the others, or all)."""
    from cards.domain.effects import Selector, target_group

    group, _ = target_group(target) if isinstance(target, str | Selector) else ("characters", None)
    return {
        "self": ("A", "one"),
        "opponent": ("E", "one"),
        "other_allies": ("A", "others"),
        "allies": ("A", "all"),
        "other_enemies": ("E", "others"),
        "enemies": ("E", "all"),
    }.get(group, ("X", "all"))


def apart(a: object, b: object, race_parents: Mapping[str, str | None] | None = None) -> bool:
    """Whether two targets can never name the same character (a character named beside a group —
    "'Bolek' et vos Golems" — is taken as not of it: the text would not name it twice; "vos Bêtes
    et vos Elfines": one race each, neither under the other — a character has one race)."""
    from dataclasses import replace

    from cards.domain.effects import Selector

    named = [t.family for t in (a, b) if isinstance(t, Selector) and t.family is not None]
    if named:
        return len(set(named)) == len(named)
    if (
        race_parents is not None
        and isinstance(a, Selector)
        and isinstance(b, Selector)
        and a.race is not None
        and b.race is not None
        and replace(a, race=b.race) == b
        and a.race != b.race
        and race_parents.get(a.race) != b.race
        and race_parents.get(b.race) != a.race
    ):
        return True
    (side_a, part_a), (side_b, part_b) = _reach(a), _reach(b)
    if "X" in (side_a, side_b):
        return False
    return side_a != side_b or {part_a, part_b} == {"one", "others"}


def no_damage(r: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """``'Scragh' ne subit aucun dégât`` / ``… aucun dégât magique`` -> immune to those kinds (every
    kind when none is named). ("ne subit pas de dégâts adverses" — only the enemies' — is not
    this: not read.)"""
    from cards.domain.effects import DAMAGE_KINDS, Immune
    from cards.domain.text_grammar import DAMAGE_KIND_WORDS, KIND_RE, _target_fields

    m = re.fullmatch(
        rf"(.+?) ne (?:subit|subissent|subira|subiront) (?:aucun|plus aucun) degats(?: {KIND_RE})?", t
    )
    if not m:
        return None
    who = r._view(r.subject(c, m.group(1), ctx.names), m.group(1), ctx)
    kinds = (DAMAGE_KIND_WORDS[m.group(2)],) if m.group(2) else DAMAGE_KINDS
    return [Immune(kinds=tuple(kinds), **_target_fields(who))]
