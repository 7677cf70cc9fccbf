"""The triggers of the rules-text grammar: *when* something happens (cards/domain/text_grammar.py).

A trigger is a head and a body: the head says when ("En fin de combat", "Au début de chaque tour
pair", "Chaque fois qu'un de vos personnages subit des dégâts magiques", "Si votre personnage
meurt", "À la fin du troisième tour"), the body is any phrase the grammar reads (its effects, with
their own conditions, durations and scaling): the reader's :meth:`~Reader.phrase`, which the other
parts of the grammar extend. A head may also stand at the end ("Attaque +1 chaque fois que vous
jouez un Sort") and carry a limit ("(une seule fois par partie)").

Readings chosen here (see docs/cardset.md, "The rules-text compiler"):

- "en début / fin de combat", "au début de vos combats", "à la fin de chacun de ses combats": the
  holder's combats (``combat_start`` / ``combat_end``); "à l'issue du combat", "après le combat":
  ``combat_end``; "en début / fin de tour": every turn (``turn_start`` / ``turn_end``).
- "en début de tour pair", "à la fin du troisième tour", "au début du tour 4": the turn event with
  a ``turn`` condition on the trigger. "Au début de son prochain combat" / "du prochain tour" (one
  time): the event with the limit ``once_per_game``. The N-th *combat* of a character ("à la fin du
  deuxième combat") is not expressible: not read.
- "chaque fois que / lorsque / quand / dès que X …": an event about characters — X plays / activates
  a card (``plays``), dies (``dies``; also "si X meurt"), takes damage or is wounded (``damaged``,
  with the kinds said), deals damage (``deals``; "X vous inflige des dégâts": to the holder), enters
  combat (the holder: ``combat_start``). "Un de vos personnages" in an event is *any* of them (the
  group, not a pick); a card "joué(e) / activé(e)" without a player is played by anyone; "adverse"
  cards by the enemies. In the body, "il" / "celui-ci" is the character the event is about: the
  holder when the event is the holder's, else the target ``event``.
- "À l'activation, …" is the card's own effect (no trigger); "à l'activation et en début de
  combat, …" is the effect now and at the start of each combat.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from cards.domain import regex as re
from cards.domain.effects import (
    Amount,
    Attach,
    CardMatch,
    Condition,
    Duration,
    Effect,
    Event,
    Modify,
    Selector,
    Target,
    Traits,
    Trigger,
    Turns,
    effect_target,
    walk_effects,
)
from cards.domain.grammar_errors import NotRead

if TYPE_CHECKING:
    from cards.domain.text_grammar import Clause, Ctx, Reader

#: Ordinal words of turn numbers ("à la fin du troisième tour").
ORDINALS = {
    "premier": 1,
    "1er": 1,
    "second": 2,
    "deuxieme": 2,
    "troisieme": 3,
    "quatrieme": 4,
    "cinquieme": 5,
    "sixieme": 6,
    "septieme": 7,
    "huitieme": 8,
    "neuvieme": 9,
    "dixieme": 10,
}
_ORDINAL_RE = (
    r"(?:premier|1er|second|deuxieme|troisieme|quatrieme|cinquieme|sixieme|septieme|huitieme|neuvieme"
    r"|dixieme|\d+(?:e|eme|ème))"
)
_KIND_WORDS = {
    "physique": "physical",
    "physiques": "physical",
    "physiquement": "physical",
    "magique": "magical",
    "magiques": "magical",
    "magiquement": "magical",
    "direct": "direct",
    "directs": "direct",
}

#: A moment of the game, at the start of a phrase ("En fin de combat", "Au début de chaque tour pair").
MOMENT = re.compile(
    r"(?:(?:en|au|a la|a l'|des le|lors du|lors de la|a chaque|chaque) ?)?(?P<edge>debut|fin|issue)"
    r" (?:de |du |d'|des )"
    r"(?:(?P<each>chaque |chacun de (?:vos|ses) |chacun des |tous (?:vos|ses) )"
    r"|vos |votre |son |ses |la |ce |cette )?"
    r"(?:(?P<ord>" + _ORDINAL_RE + r") )?"
    r"(?P<next>prochains? )?"
    r"(?P<what>combats?|tours?|partie)"
    r"(?: (?P<nth>\d+))?"
    r"(?: (?P<parity>pairs?|impairs?))?"
    r"(?: (?:suivants?|de (?:votre|son|ce) (?:personnage|porteur)))?"
    r"(?P<untap> apres que les personnages se soient releves)?"
    r"(?: et jusqu'a la fin du combat)?"
)
#: Other words for a moment.
MOMENT_WORDS: tuple[tuple[str, str], ...] = (
    (r"a l'issue du combat|apres le combat|apres chaque combat", "combat_end"),
    (
        r"apres avoir joue vos cartes|apres que vos cartes aient ete jouees|une fois vos cartes jouees"
        r"|apres que vous ayez joue vos cartes",
        "after_cards",
    ),
    (
        # ("défaussée depuis le jeu": a card leaving play goes to its discard pile, but for the
        # rare effect that sends it elsewhere: leaves_play)
        r"(?:quand|lorsque|lorsqu'|des que|si) cette carte "
        r"(?:quitte le jeu|quitte son porteur|est detachee de son porteur"
        r"|(?:est|sera) defaussee depuis le jeu)"
        r"|(?:quand|lorsque) son porteur perd cette carte",
        "leaves_play",
    ),
)
#: "Each time": the words before an event.
EACH_TIME = r"(?:a )?chaque fois qu(?:e |')|lorsqu(?:e |')|quand |des qu(?:e |')|a chaque fois qu(?:e |')"
#: Words for "this card is played": the card's own effect, no trigger.
ACTIVATION = (
    r"a l'activation|au moment ou cette carte s'active|lorsque cette carte s'active"
    r"|quand cette carte s'active"
    r"|quand cette carte est activee|lorsque cette carte est activee|des que cette carte s'active"
    r"|au moment de son activation|lors de son activation"
)
#: A limit at the end of a phrase.
LIMIT = re.compile(
    r"(?P<rest>.+?),? \(?(?:une seule|une|1) (?:seule )?fois par (?P<per>partie|tour)(?: maximum)?\)?"
    r"|(?:une seule|une|1) (?:seule )?fois par (?P<lead>partie|tour), (?P<rest2>.+)"
)


@dataclass(frozen=True)
class Head:
    """What a trigger head says: its event, a condition on the trigger, a limit, and whom "il" names
    in its body (None: as around it)."""

    event: Event
    when: Condition | None = None
    limit: str | None = None
    pronoun: Target | None = None
    others: Target | None = None  # "les autres" after a death among a group
    #: "il" in the body names no one that can be said ("lorsque vous blessez un personnage
    #: adverse, il …": the one wounded, which the event does not name)
    unnamed: bool = False


def group_of(target: Target) -> Target:
    """A pick in an event ("un de vos personnages subit …") is any of the group."""
    picks = {
        "ally": "all_allies",
        "other_ally": "other_allies",
        "enemy": "all_enemies",
        "character": "all_characters",
        "random_ally": "all_allies",
        "random_other_ally": "other_allies",
        "random_enemy": "all_enemies",
        "random_other_enemy": "other_enemies",
        "random_character": "all_characters",
    }
    if isinstance(target, Selector):
        return replace(target, pick=None) if target.pick is not None else target
    return picks.get(target, target)


# The functions below are the trigger part of :class:`~cards.domain.text_grammar.Reader` (its
# ``phrase`` calls :func:`trigger_phrase`); they use the reader's subjects, card matches and phrases.


# -- heads ----------------------------------------------------------------------------------


def moment(r: Reader, text: str) -> Head:
    """A moment of the game as a whole phrase (``en fin de combat``, ``au début du tour 3``)."""
    t = text.strip().replace(", apres que les personnages", " apres que les personnages")
    for pattern, name in MOMENT_WORDS:
        if re.fullmatch(pattern, t):
            return Head(Event(name))  # type: ignore[arg-type]
    m = MOMENT.fullmatch(t)
    if not m:
        raise NotRead(f"moment {t!r}")
    what = m.group("what").rstrip("s")
    edge = "start" if m.group("edge") == "debut" else "end"
    if what == "partie":
        if edge == "end" or m.group("ord") or m.group("parity") or m.group("nth") or m.group("next"):
            raise NotRead("the end of the game is no moment of the engine")
        return Head(Event("game_start"))
    if m.group("untap") and (what, edge) != ("tour", "start"):
        raise NotRead(f"moment {t!r}")
    event = Event(f"{what.replace('tour', 'turn')}_{edge}")  # type: ignore[arg-type]
    when: Condition | None = None
    limit: str | None = None
    ordinal = m.group("ord")
    if ordinal or m.group("nth"):
        if what != "tour" or m.group("each") or m.group("next") or m.group("parity"):
            raise NotRead(f"the N-th {what} of a character")
        n = int(m.group("nth")) if m.group("nth") else _ordinal(ordinal)
        when = Condition(turn=Turns("list", (n,)))
    if m.group("parity"):
        when = Condition(turn=Turns("odd" if m.group("parity").startswith("impair") else "even"))
    if m.group("next"):
        if m.group("next").strip().endswith("s"):  # "vos prochains combats": each of them
            pass
        else:
            limit = "once_per_game"
    return Head(event, when, limit)


def event_head(r: Reader, c: Clause, text: str, ctx: Ctx) -> Head:
    """What "chaque fois que …" / "lorsque …" / "si … meurt" says happens (``text`` is after those
    words), as a trigger head."""
    t = text.strip()
    # dies
    m = re.fullmatch(r"(.+?) (?:meurt|meurent|est tuee?|sont tuee?s|vient a mourir)( ce tour(?:-ci)?)?", t)
    if m and not (m.group(2) and (ctx.stays or ctx.subject != "card")):
        # ("ce tour-ci": on a card that does not stay, its trigger lasts this turn only)
        who = event_subject(r, c, m.group(1), ctx)
        others = who if who not in ("self", "opponent") else None
        return Head(Event("dies", who=who), pronoun=_event_pronoun(who), others=others)
    m = re.fullmatch(r"(.+?) (?:meurt|meurent) avant le tour (\d+)", t)
    if m and 1 < int(m.group(2)) <= 30:
        who = event_subject(r, c, m.group(1), ctx)
        turns = Turns("list", tuple(range(1, int(m.group(2)))))
        return Head(Event("dies", who=who), when=Condition(turn=turns), pronoun=_event_pronoun(who))
    # damage taken
    m = re.fullmatch(
        r"(.+?) (?:subit|subissent|subissez|subis|subi|recoit|recoivent|recevez|prend|prennent)"
        r" des degats(?: (physiques?|magiques?|directs?))?"
        r"|(.+?) (?:est|sont|etes|es) (?:blesse|blessee|blesses|blessees)"
        r"(?: (magiquement|physiquement))?",
        t,
    )
    if m:
        who = event_subject(r, c, m.group(1) or m.group(3), ctx)
        word = m.group(2) or m.group(4)
        kinds = (_KIND_WORDS[word],) if word else ()
        return Head(Event("damaged", who=who, kinds=kinds), pronoun=_event_pronoun(who))
    m = re.fullmatch(
        r"(.+?) (?:subit|subissent|subissez|recoit|recoivent|recevez) (?:des degats|un degats?)"
        r"(?: (physiques?|magiques?|directs?))? (allies|allie|adverses|adverse)",
        t,
    )
    if m:
        # "dégâts alliés": damage dealt by a character of the side of the one hurt (the holder's
        # own included: "vous subissez des dégâts alliés" when you hurt yourself too); "adverses":
        # by the other side. A damage event of its dealers, "il" the one hurt.
        hurt = event_subject(r, c, m.group(1), ctx)
        if not (hurt == "self" or _ally_side(hurt)):
            raise NotRead("allied damage of an enemy")
        dealers = "all_allies" if m.group(3).startswith("allie") else "all_enemies"
        kinds = (_KIND_WORDS[m.group(2)],) if m.group(2) else ()
        event = Event("deals", who=dealers, kinds=kinds, to=hurt)
        return Head(event, pronoun="self" if hurt == "self" else "event_other")
    m = re.fullmatch(
        r"(.+?) (?:subit|subissent|subissez|subis|subi|recoit|recoivent|recevez|prend|prennent)"
        r" (plus de |au moins )?(\d+) (?:points? de )?degats(?: (physiques?|magiques?|directs?))?( ou plus)?",
        t,
    )
    if m:  # "chaque fois que vous subissez plus de 5 dégâts": damage that takes that many HP at once
        n = int(m.group(3))
        if m.group(2) == "plus de ":
            if m.group(5):
                raise NotRead("more than N or more")
            n += 1
        elif not (m.group(2) or m.group(5)):
            raise NotRead("exactly N damage")  # ("subit 3 dégâts": 3 or more? not said)
        if not 2 <= n <= 99:
            raise NotRead(f"damage of at least {n}")
        who = event_subject(r, c, m.group(1), ctx)
        kinds = (_KIND_WORDS[m.group(4)],) if m.group(4) else ()
        return Head(Event("damaged", who=who, kinds=kinds, at_least=n), pronoun=_event_pronoun(who))
    m = re.fullmatch(r"des degats(?: (physiques?|magiques?|directs?))? sont infliges(?: a (.+))?", t)
    if m:  # "chaque fois que des dégâts magiques sont infligés": to anyone (or to whom it says)
        who = event_subject(r, c, m.group(2), ctx) if m.group(2) else "all_characters"
        kinds = (_KIND_WORDS[m.group(1)],) if m.group(1) else ()
        return Head(Event("damaged", who=who, kinds=kinds), pronoun=_event_pronoun(who))
    # damage dealt
    m = re.fullmatch(
        r"(.+?) (vous |lui )?(?:inflige|infligent|infligez) des degats"
        r"(?: (physiques?|magiques?|directs?))?(?: a (.+?))?",
        t,
    )
    if m:
        who = event_subject(r, c, m.group(1), ctx)
        to: Target | None = None
        if m.group(2) == "vous ":
            to = r._view("self", "vous", ctx)
        elif m.group(2):
            raise NotRead("to whom?")
        if m.group(4):
            if to is not None:
                raise NotRead("to whom, twice")
            to = event_subject(r, c, m.group(4), ctx)
        kinds = (_KIND_WORDS[m.group(3)],) if m.group(3) else ()
        return _dealt(Event("deals", who=who, kinds=kinds, to=to), m.group(1))
    # wounds: damage dealt that takes HP ("lorsque vous blessez votre adversaire physiquement")
    m = re.fullmatch(r"(.+?) (?:blesse|blessez|blessent) (.+?)(?: (physiquement|magiquement))?", t)
    if m and not m.group(1).endswith(("est", "sont", "etes")):
        who = event_subject(r, c, m.group(1), ctx)
        to = event_subject(r, c, m.group(2), ctx)
        kinds = (_KIND_WORDS[m.group(3)],) if m.group(3) else ()
        return _dealt(Event("deals", who=who, kinds=kinds, to=to), m.group(1))
    # enters combat: the holder's combat
    m = re.fullmatch(r"(.+?) (?:entre|entrez) en combat", t)
    if m:
        if event_subject(r, c, m.group(1), ctx) != "self":
            raise NotRead("another character's combat")
        return Head(Event("combat_start"))
    # a card played ("lorsqu'ils jouent au moins un Sort": the first one of the turn, once a turn)
    m = re.fullmatch(r"(.+?) (?:joue|jouent|jouez|active|activent|activez) (au moins (?=une? ))?(.+)", t)
    if m and not re.search(r"\b(?:autres?|meme)\b", m.group(3)):
        try:
            who = event_subject(r, c, m.group(1), ctx)
        except NotRead:
            pass
        else:
            match = r.match(c, m.group(3))
            limit = "once_per_turn" if m.group(2) else None
            return Head(Event("plays", match=match, who=who), limit=limit, pronoun=_event_pronoun(who))
    m = re.fullmatch(
        r"(?:un de vos |une de vos |un |une |l'un des |l'une des |des )?(.+?) (?:est|sont)"
        r" (?:joue|jouee|jouees|joues|active|activee|actives|activees)(?: par (.+))?"
        r"|(?:un de vos |une de vos |un |une |l'un des |l'une des |des )?(.+?)"
        r"(?: (?:jouee?s?|activee?s?) par (.+?))? s'active(?:nt)?",
        t,
    )
    if m:
        what, by_text = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        if re.search(r"\b(?:autres?|meme)\b|^cette carte\b", what):
            raise NotRead("another card than this one")
        by: Target = "all_characters"
        if re.match(r"une? de vos ", t) and by_text is None:  # "une de vos Dagues": yours
            by = "all_allies"
        adverse = re.fullmatch(r"(.+?) adverses?", what)
        if adverse and by_text is None:
            what, by = adverse.group(1), "all_enemies"
        if by_text is not None:
            by = event_subject(r, c, by_text, ctx)
        match = r.match(c, what)
        return Head(Event("plays", match=match, who=by), pronoun=_event_pronoun(by))
    raise NotRead(f"event {t!r}")


def event_heads(r: Reader, c: Clause, text: str, ctx: Ctx) -> list[Head]:
    """An event's heads: one, or one per character named ("'X' ou 'Y' est blessé": a trigger on
    each, whose "il" is the one it is about)."""
    same = _SAME_TYPE.fullmatch(text.strip())
    if same:
        # "chaque fois qu'un de vos Guémélites active un Sort du même type que lui": a trigger per
        # Guémélite race, on the Sorts of its element (a Guémélite of no element that has Sorts,
        # "Fantomatique", never plays one of its type)
        who = event_subject(r, c, same.group(1), ctx)
        if not isinstance(who, Selector) or who.race != "guemelite":
            raise NotRead("the same type as whom?")
        return [
            Head(
                Event("plays", match=CardMatch("type", element), who=replace(who, race=race)),
                pronoun="event",
            )
            for race, element in GUEMELITE_SPELLS.items()
        ]
    try:
        return [event_head(r, c, text, ctx)]
    except NotRead:
        m = re.fullmatch(
            r"(vous (?:blessez|infligez des degats(?: \S+)? a)) un autre personnage( \S+)?", text.strip()
        )
        if m:
            # "si vous blessez un autre personnage": one of yours or an enemy (a trigger on each;
            # one damage is dealt to one of the two groups, never to both)
            tail = m.group(2) or ""
            return [
                event_head(r, c, f"{m.group(1)} {whom}{tail}", ctx)
                for whom in ("vos autres personnages", "un personnage adverse")
            ]
        m = re.fullmatch(
            r"(vous (?:blessez|infligez des degats(?: \S+)? a)) (une? .+?) ou (?:a )?(une? .+)", text.strip()
        )
        if m:
            # "quand vous infligez des dégâts à une Bête ou à un Guémélite": each (two races: no
            # character is both)
            whoms = (m.group(2), m.group(3))
            founds = [r.who_filter(re.sub(r"^une? ", "", w)) for w in whoms]
            if any(set(f) != {"race"} for f in founds) or founds[0] == founds[1]:
                raise
            return [event_head(r, c, f"{m.group(1)} {w}", ctx) for w in whoms]
        m = re.fullmatch(r"(@\d+@) ou (@\d+@) (.+)", text.strip())
        if not m:
            raise
        return [
            event_head(r, c, f"{m.group(1)} {m.group(3)}", ctx),
            event_head(r, c, f"{m.group(2)} {m.group(3)}", ctx),
        ]


#: "un Sort du même type que lui" after a Guémélite: its race and the Sorts of its element (the
#: card types under ``sort``; the Guémélite Dragon's are the Sorts Draconiques).
GUEMELITE_SPELLS = {
    "guemelite_feu": "feu",
    "guemelite_air": "air",
    "guemelite_eau": "eau",
    "guemelite_terre": "terre",
    "guemelite_ombre": "ombre",
    "guemelite_mental": "mental",
    "guemelite_foudre": "foudre",
    "guemelite_dragon": "draconique",
    "guemelite_temps": "temps",
    "guemelite_nature": "nature",
    "guemelite_guerre": "guerre",
    "guemelite_nehant": "nehant",
    "guemelite_guem": "guem",
}
_SAME_TYPE = re.compile(r"(.+?) (?:joue|jouent|active|activent) un sort du meme type que (?:lui|elle)")


def event_subject(r: Reader, c: Clause, text: str, ctx: Ctx) -> Target:
    """Who an event is about: a subject, its pick made a group ("un de vos personnages": any of
    them)."""
    t = re.sub(r"^l'(?=un |une )", "", text.strip())
    t = re.sub(r"^(un|une) d'entre (?:eux|elles)$", "__they__", t)
    if t == "__they__":
        raise NotRead("one of them")
    t = re.sub(r"^un allie du porteur$", "un de vos allies", t)
    t = re.sub(r"^le porteur de cette carte$", "le porteur", t)
    t = re.sub(r"^(?:un|une) de vos (?=\S)", "vos ", t)  # any of them: the group
    t = re.sub(r"^un personnage$", "tous les personnages", t)
    m = re.fullmatch(r"(?:un |une )(.+?)( adverses?)?", t)
    if m and not re.match(r"(?:de |des |personnage|autre |allie|adversaire)", m.group(1)):
        try:
            found = r.who_filter(m.group(1))
        except NotRead:
            pass
        else:
            group = "enemies" if m.group(2) else "characters"
            return Selector(group=group, **r._filter_keys(found))
    named = named_character(r, c, t, ctx)
    if named is not None:
        return named
    target = r._view(r.subject(c, t, ctx.names), t, ctx)
    return group_of(target)


def named_character(r: Reader, c: Clause, text: str, ctx: Ctx) -> Target | None:
    """A character named by its quoted name (``'Peine'``): the holder when it is its own name,
    else that character, on either side (None: not one quoted name)."""
    if not re.fullmatch(r"@\d+@", text.strip()):
        return None
    family = r.family(c, text)
    if family in ctx.names:
        return r._view("self", "", ctx)
    return Selector(group="characters", family=family)


def _dealt(event: Event, who_text: str) -> Head:
    """The head of damage dealt by ``who_text``: "il" in the body is the dealer, but not when the
    holder deals it to someone said ("chaque fois que vous infligez des dégâts à votre adversaire,
    il …": "il" is not "vous", it is the opponent; to a group, or after "votre personnage … à …",
    whom "il" names is not said)."""
    if event.who != "self" or event.to is None:
        return Head(event, pronoun=_event_pronoun(event.who))
    if who_text.strip() == "vous" and event.to == "opponent":
        return Head(event, pronoun="opponent")
    if who_text.strip() == "vous":
        # "si vous blessez un autre personnage, une carte lui étant attachée …": "vous" is not
        # "il" / "lui", so they name the one hurt (the other character of the damage)
        return Head(event, pronoun="event_other")
    return Head(event, unnamed=True)


def _ally_side(who: Target) -> bool:
    """Whether a group of an event is the holder's side only."""
    if isinstance(who, Selector):
        return who.group in ("allies", "other_allies")
    return who in ("all_allies", "other_allies")


def _event_pronoun(who: Target) -> Target:
    """Whom "il" names in the body of an event about ``who``."""
    return who if who in ("self", "opponent") else "event"


# -- phrases --------------------------------------------------------------------------------


#: A cap on what a trigger adds up to: "(max +3)", "(maximum 6)", "(max 2 par tour)", "(2 fois par
#: tour maximum)".
CAP = re.compile(
    r",? \((?:max(?:imum)?\.?|maximum) ?(?P<n>[+-]? ?\d+)(?: par (?P<per>tour|partie))?\)"
    r"|,? \((?P<n2>[+-]?\d+) max(?:imum|\.)?\)"
    r"|,? \((?P<times>\d+) fois par (?P<per2>tour|partie) maximum\)"
)


def trigger_phrase(r: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """A phrase with a trigger head at its start or end, or None when it has none (then the
    caller reads it otherwise); NotRead when it has one but the rest is not understood. A cap on
    what it adds up to ("Attaque +1 chaque fois que … (max +3)") limits how many times it fires."""
    try:
        found = _trigger_phrase(r, c, t, ctx)
    except NotRead:
        found = None
        failed = True
    else:
        failed = False
    if found is not None:
        return found
    caps = list(CAP.finditer(t))
    if len(caps) == 1:
        cap = caps[0]
        rest = f"{t[: cap.start()]}{t[cap.end() :]}".strip()
        capped = _trigger_phrase(r, c, rest, ctx)
        if capped is not None:
            return [_capped(capped, cap)]
    if failed:
        return _trigger_phrase(r, c, t, ctx)  # (its reason)
    return None


def _capped(effects: list[Effect], cap: re.Match[str]) -> Trigger:
    """The trigger with its cap as a number of times per turn or per game."""
    if len(effects) != 1 or not isinstance(effects[0], Trigger) or effects[0].limit is not None:
        raise NotRead("a cap on what?")
    trigger = effects[0]
    if cap.group("times"):  # "(2 fois par tour maximum)": how many times it fires
        times = int(cap.group("times"))
        per = cap.group("per2")
    else:  # a cap on an amount: how many times the amount fits in it
        if any(effect_target(e) not in ("self", "opponent") for e in trigger.effects):
            raise NotRead("a cap per character or in all?")  # "vos personnages ont … (max +3)"
        total = abs(int(re.sub(r"\s", "", cap.group("n") or cap.group("n2"))))
        amounts = {abs(_fixed_amount(e)) for e in trigger.effects}
        if len(amounts) != 1 or 0 in amounts or total % next(iter(amounts)):
            raise NotRead("a cap on amounts that differ")
        times = total // next(iter(amounts))
        per = cap.group("per")
        if per is None:  # how long what it adds lasts says whether the cap is per turn or per game
            lasting = {getattr(e, "duration", None) for e in trigger.effects}
            if lasting == {Duration("game")}:
                per = "partie"
            elif lasting <= {Duration("combat")}:
                per = "tour"
            else:
                raise NotRead("a cap per turn or per game?")
    if times < 2 or times > 10:
        raise NotRead(f"a cap of {times} times")
    return _hoisted(
        replace(trigger, limit="once_per_game" if per == "partie" else "once_per_turn", times=times)
    )


def _fixed_amount(effect: Effect) -> int:
    amount = getattr(effect, "amount", None)
    if isinstance(amount, int):
        return amount
    if isinstance(amount, Amount) and amount.stat is None and amount.lo == amount.hi:
        return amount.lo
    raise NotRead("a cap on an amount that is not fixed")


def _trigger_phrase(r: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    limit: str | None = None
    lm = LIMIT.fullmatch(t)
    if lm:
        per = lm.group("per") or lm.group("lead")
        t, limit = (
            lm.group("rest") or lm.group("rest2"),
            "once_per_game" if per == "partie" else "once_per_turn",
        )
    found = _leading_trigger(r, c, t, ctx, limit)
    if found is not None:
        return found
    found = _trailing_trigger(r, c, t, ctx, limit)
    if found is not None:
        return found
    if limit is not None:
        raise NotRead("a limit without a trigger")
    return None


def _leading_trigger(r: Reader, c: Clause, t: str, ctx: Ctx, limit: str | None) -> list[Effect] | None:
    # "à l'activation et en début de combat, …": the effects now, and at each such moment
    m = re.fullmatch(rf"(?:{ACTIVATION}),? et (.+)", t)
    if m and ctx.subject == "card":
        later = _leading_trigger(r, c, m.group(1), ctx, limit)
        if later is None or len(later) != 1 or not isinstance(later[0], Trigger):
            raise NotRead("à l'activation et …")
        return [*_at_activation(later[0].effects), *later]
    m = re.fullmatch(rf"(?:{ACTIVATION})(?: :|,)? (.+)", t)
    if m and ctx.subject == "card":
        if limit is not None:
            raise NotRead("a limit on the card's own effect")
        return _at_activation(r.phrase(c, m.group(1), ctx))
    last: NotRead | None = None
    body_error: NotRead | None = None
    each_time = _EACH_TIME_START.match(t) is not None or _DEATH_START.match(t) is not None
    if not each_time and not _MOMENT_START.match(t):
        return None  # no head can start this phrase (the loop below is costly: it runs on every phrase)
    # a head, then the body (after a comma, a colon, or nothing)
    for cut in re.finditer(r",? : |, | (?=\S)", t):
        head_text, body = t[: cut.start()], t[cut.end() :]
        if len(head_text) > 120:
            break
        heads: list[Head] = []
        if _MOMENT_END.search(head_text):
            with contextlib.suppress(NotRead):
                heads = [moment(r, head_text)]
        if not heads and each_time:
            m = _EVENT_HEAD.fullmatch(head_text)
            if m:
                try:
                    heads = event_heads(r, c, m.group(1) or m.group(2), ctx)
                except NotRead as exc:
                    last = exc
        if not heads:
            continue
        if len(heads) > 1 and limit is not None:
            raise NotRead("a limit shared by two triggers")
        try:
            return [_trigger(r, c, head, body, ctx, limit) for head in heads]
        except NotRead as exc:
            last = body_error = exc
    if body_error is not None:  # a head was read, its body was not: say why
        raise body_error
    if last is not None and re.match(rf"{EACH_TIME}|{MOMENT.pattern}", t):
        raise last
    return None


#: Quick tests of what may start or end a head (a phrase with none is not cut at every word).
_EACH_TIME_START = re.compile(EACH_TIME)
_DEATH_START = re.compile(r"si .+ (?:meurt|meurent)\b")
_MOMENT_START = re.compile(
    r"(?:(?:(?:en|au|a la|a l'|des le|lors du|lors de la|a chaque|chaque) ?)?(?:debut|fin|issue)\b"
    r"|apres|une fois|quand cette|lorsque cette|lorsqu'elle|quand son|lorsque son|des que cette"
    r"|si cette carte (?:quitte|est defaussee depuis|sera defaussee depuis))"
)
_MOMENT_END = re.compile(
    r"(?:combats?|tours?|partie|pairs?|impairs?|\d+|releves|suivants?|personnage|porteur|jouees|cartes"
    r"|jeu|combat|carte)$"
)
#: This card leaving play, said at the end of a phrase.
_LEAVING_AT_THE_END = re.compile(
    r"(.+?),? ((?:si|quand|lorsque) cette carte (?:quitte le jeu|(?:est|sera) defaussee depuis le jeu))"
)
#: Where a moment may begin at the end of a phrase.
_TRAILING_MOMENT = re.compile(r",? (?=(?:a chaque|chaque) (?:debut|fin)\b)")
_EVENT_HEAD = re.compile(
    rf"(?:{EACH_TIME})(.+)|si (.+? (?:meurt|meurent)(?: avant le tour \d+| ce tour(?:-ci)?)?)"
)


def _trailing_trigger(r: Reader, c: Clause, t: str, ctx: Ctx, limit: str | None) -> list[Effect] | None:
    m = re.fullmatch(
        r"(.+?),? (?:(?:a )?chaque fois qu(?:e |')|lorsqu'(?=(?:ils?|elles?) (?:infligent|inflige|subissent"
        r"|subit|sont blesses|est blesse|meurent|meurt|jouent au moins|joue au moins)\b)"
        r"|lorsque (?=vos personnages jouent au moins ))(.+)",
        t,
    )
    if not m:
        lm = _LEAVING_AT_THE_END.fullmatch(t)
        if lm:  # "Soin 2 PV si cette carte est défaussée depuis le jeu"
            return [_trigger(r, c, moment(r, lm.group(2)), lm.group(1), ctx, limit)]
        # a moment at the end: "vos autres personnages gagnent 2 PV à chaque début de tour"
        for cut in _TRAILING_MOMENT.finditer(t):
            try:
                head = moment(r, t[cut.end() :])
            except NotRead:
                continue
            return [_trigger(r, c, head, t[: cut.start()], ctx, limit)]
        return None
    body, event_text = m.group(1), m.group(2)
    pm = re.fullmatch(r"(?:ils|elles|il|elle) (.+)", event_text)
    if pm:
        # "Vos Mages ont Esprit +1 chaque fois qu'ils jouent un Sort": each of them, when it plays
        # one, is the one the body speaks of
        for vm in re.finditer(rf"\b(?:{r.VERBS})\b", body):
            if vm.start() == 0:
                continue
            who_text = body[: vm.start()].strip()
            try:
                r.subject(c, who_text, ctx.names)
                head = event_head(r, c, f"{who_text} {pm.group(1)}", ctx)
            except NotRead:
                continue
            return [_trigger(r, c, head, f"il {body[vm.start() :]}", ctx, limit)]
        return None  # (a condition first: "si …, vos X ont … chaque fois qu'ils …")
    om = re.fullmatch(r"(?:l'un|l'une|un|une) d'entre (?:eux|elles) (.+)", event_text)
    if om:
        # "Tous vos Mages gagnent 1 PV chaque fois que l'un d'entre eux subit des dégâts": the
        # group of the body is the one the event is about (any of them); the body stays whole
        for vm in re.finditer(rf"\b(?:{r.VERBS})\b", body):
            if vm.start() == 0:
                continue
            who_text = body[: vm.start()].strip()
            try:
                who = r.subject(c, who_text, ctx.names)
                head = event_head(r, c, f"{who_text} {om.group(1)}", ctx)
            except NotRead:
                continue
            if who in ("self", "opponent") or group_of(who) != who:
                raise NotRead("'l'un d'entre eux' after one character")
            return [_trigger(r, c, head, body, ctx, limit)]
        return None
    either = re.fullmatch(r"(.+?) ou qu(?:e |')(.+)", event_text)
    if either and not re.match(r"(?:ils?|elles?) ", either.group(2)):
        # "Défense +1 chaque fois que votre personnage subit des dégâts ou qu'un Sort s'active":
        # each event sets it off (a trigger each)
        heads = [event_head(r, c, part, ctx) for part in either.groups()]
        return [_trigger(r, c, h, body, ctx, limit) for h in heads]
    heads = event_heads(r, c, event_text, ctx)
    if len(heads) > 1 and limit is not None:
        raise NotRead("a limit shared by two triggers")
    return [_trigger(r, c, head, body, ctx, limit) for head in heads]


def _trigger(r: Reader, c: Clause, head: Head, body: str, ctx: Ctx, limit: str | None) -> Trigger:
    if limit is not None and head.limit is not None:
        raise NotRead("two limits")
    inner = ctx.inside()
    named_last = re.match(r"(?:celui-ci|celle-ci|ce dernier|cette derniere)\b", body)
    if head.unnamed and head.event.kind == "deals" and named_last:
        # "lorsque 'X' inflige des dégâts à un personnage adverse, celui-ci …": "celui-ci" / "ce
        # dernier" name the one named last, the one hurt ("il" may be either: not read)
        head = replace(head, unnamed=False, pronoun="event_other")
    if head.unnamed and re.match(
        r"(?:il|elle|celui-ci|celle-ci|ce dernier|cette derniere|s'il|s'elle)\b", body
    ):
        raise NotRead("whom does 'il' name?")
    if head.pronoun is not None:
        # "il": the holder as around it, or the character the event is about
        inner = replace(inner, pronoun=None if head.pronoun == "self" else head.pronoun)
    if head.others is not None:
        inner = replace(inner, others=head.others)
        if head.event.kind == "dies" and _ally_side(head.others):
            # "si un de vos Mages meurt, ses alliés ont …": the dead one's allies, the player's
            # characters (the dead one no longer alive is not reached)
            body = re.sub(r"^ses allies\b", "vos personnages", body)
    effects = r.phrase(c, body, inner)
    if head.event.kind == "game_start" and any(isinstance(e, Attach) for e in walk_effects(effects)):
        # a card in a deck is not in play: "en début de partie, cette carte s'attache à …" is how
        # it starts the game (a play rule), not a trigger
        raise NotRead("a card that starts the game attached")
    if head.event.kind in ("game_start", "combat_end") and not re.search(
        r"\b(?:jusqu|pendant|durant|ce combat|ce tour|tours?|combats?)\b", body
    ):
        # "En début de partie, un adversaire devient Démon en plus de ses autres races": what a
        # character becomes at the start of the game, no duration said, it is for the game (not
        # for a combat not yet begun); likewise what it becomes at the end of a combat ("en fin
        # de combat, vous gagnez la race X"): for the combat just over it would end as it is made
        game = Duration("game")
        effects = [
            replace(e, duration=game) if isinstance(e, Traits) and e.duration.kind == "combat" else e
            for e in effects
        ]
    if (
        head.event.kind == "dies"
        and head.event.who == "self"
        and not re.search(r"\b(?:jusqu|pendant|durant|ce combat|ce tour|tours?|combats?)\b", body)
    ):
        # "Si vous mourez, les adversaires ont Défense -1": the holder dead, no duration said, a
        # modifier for the rest of a turn it no longer fights in would mean nothing; it lasts the
        # game (as every such death trigger that says its duration: "jusqu'à la fin de la partie")
        game = Duration("game")
        effects = [
            replace(e, duration=game)
            if isinstance(e, (Modify, Traits)) and e.duration.kind == "combat"
            else e
            for e in effects
        ]
    trigger = Trigger(on=head.event, effects=tuple(effects), limit=limit or head.limit, when=head.when)
    return _hoisted(trigger) if trigger.limit is not None else trigger


def _hoisted(trigger: Trigger) -> Trigger:
    """A limited trigger whose effects all have one condition ("En fin de combat, si …, Défense +2
    (une seule fois par partie)"): the condition is the trigger's, so that it counts as fired only
    when the condition holds (a limit counts the times it fires)."""
    conds = {getattr(e, "when", None) for e in trigger.effects}
    if len(conds) != 1 or None in conds or not all(hasattr(e, "when") for e in trigger.effects):
        return trigger
    from cards.domain.text_grammar import _merge_conditions  # (a cycle of imports)

    cond = next(iter(conds))
    effects = tuple(replace(e, when=None) for e in trigger.effects)
    return replace(trigger, effects=effects, when=_merge_conditions(trigger.when, cond))


def _at_activation(effects: Sequence[Effect]) -> list[Effect]:
    from cards.domain.text_grammar import _at_activation as at_activation  # (a cycle of imports)

    return at_activation(effects)


def _ordinal(word: str) -> int:
    if word in ORDINALS:
        return ORDINALS[word]
    m = re.fullmatch(r"(\d+)(?:e|eme|ème)", word)
    if m:
        return int(m.group(1))
    raise NotRead(f"ordinal {word!r}")
