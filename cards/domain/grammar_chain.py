"""The rules-text grammar's Enchaînement pieces: the card phrases a chain names ("Objet maudit",
"Objet Autre", "Action Non-Mort", "Objet de Valentyne", "Sort et Objet maudit") and a character's
chain phrases ("Enchaînement Potion", "Gagne Enchaînement si un allié est mort", "Gagne Enchaînement
et Esprit +1 jusqu'à la fin de la partie si vous jouez un Bijou").

Pure Python (no Django); used by :class:`cards.domain.text_grammar.Reader` where its own patterns do
not match (each function returns ``None`` for "not this phrase", or raises
:class:`~cards.domain.text_grammar.NotRead` when the phrase is this one but cannot be said).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cards.domain import regex as re
from cards.domain.effects import (
    CardMatch,
    Carry,
    Chain,
    ChainOn,
    Condition,
    Duration,
    Effect,
    Event,
    Forbid,
    Heal,
    Marker,
    MayPlay,
    Target,
    Trigger,
)

if TYPE_CHECKING:
    from cards.domain.text_grammar import Clause, Ctx, Reader, Reading

#: Words after "Objet de …" that are not a character's name.
_NOT_A_NAME = re.compile(
    r"\b(?:votre|vos|son|sa|ses|leur|leurs|un|une|le|la|les|des|deck|main|defausse|jeu|personnages?"
    r"|adversaires?|allies?|classe|guilde|race|caste|cette|ce|chaque|tous|toutes)\b|@|\d"
)


def match_rest(r: Reader, clause: Clause, types: list[str], rest: str, zone: bool | None) -> CardMatch | None:
    """What may follow a card type in a card phrase, beyond a guild or a class: ``maudit``
    (cursed), a narrower type (``Objet Autre``), a caste or race the card is reserved to (``Objet
    Mécaniste``, ``Action Non-Mort``), a character it is reserved to (``Objet de Valentyne``)."""
    from cards.domain.text_grammar import NotRead

    t = rest.strip()
    if "autre" in types:  # "un autre Guémélite": the word "other", not the type Autre
        return None
    out: list[CardMatch] = []
    if re.fullmatch(r"maudite?s?", t):
        out = [CardMatch("type", slug, zone=zone, cursed=True) for slug in types]
    elif re.fullmatch(r.term_re["type"], t):
        narrower = r.terms(t, "type")
        parents = r.vocabulary.type_parents
        for slug in narrower:
            ancestors, p = set(), parents.get(slug)
            while p is not None and p not in ancestors:
                ancestors.add(p)
                p = parents.get(p)
            if any(ty in ancestors for ty in types):
                out.append(CardMatch("type", slug, zone=zone))
        if not out:
            raise NotRead(f"{t!r} is not a kind of {'/'.join(types)}")
    else:
        for kind, match_kind in (("caste", "caste_reserved"), ("race", "race_reserved")):
            slugs = r.terms(t, kind)  # type: ignore[arg-type]
            if len(slugs) == 1:
                if zone is not None:
                    raise NotRead("a zone spell reserved to someone")
                out = [CardMatch(match_kind, slugs[0], type_=slug) for slug in types]  # type: ignore[arg-type]
                break
        else:
            m = re.fullmatch(r"(?:du |de l'|de |d')([a-z][a-z' -]*)", t)
            if not m or len(m.group(1).split()) > 3 or _NOT_A_NAME.search(m.group(1)) or zone is not None:
                return None
            name = m.group(1).strip()
            if t.startswith("de l'"):
                name = f"l'{name}"
            family = r.families.get(name)
            if family is None:
                from cards.domain.text_grammar import slugify

                family = slugify(name)
            out = [CardMatch("character_reserved", family, type_=slug) for slug in types]
    if len(out) == 1:
        return out[0]
    return CardMatch("any_of", options=tuple(out))


def chain_match(r: Reader, clause: Clause, text: str) -> CardMatch:
    """The cards an "Enchaînement …" names; in a chain, "X et Y" is either ("Enchaînement Sort et
    Objet maudit", "Enchaînement Sorts Feu et Foudre")."""
    from cards.domain.text_grammar import NotRead

    whole = _ellipsis_name(r, clause, text)
    if whole is not None:
        return whole
    try:
        return r.match(clause, text)
    except NotRead:
        if " et " not in text:
            raise
        return r.match(clause, re.sub(r",? et ", " ou ", text))


def _ellipsis_name(r: Reader, clause: Clause, text: str) -> CardMatch | None:
    """``Enchaînement '… que l'épée'``: a quoted name alone after "Enchaînement" that starts with
    an ellipsis is one card's whole name (two-card combos: "La plume est plus forte…" chains on "…
    que l'épée"); "une carte '… du Cherchefaille'" (every card whose name ends so) is not this."""
    from cards.domain.text_grammar import slugify
    from cards.domain.vocabulary import fold

    m = re.fullmatch(r"@(\d+)@", text.strip())
    if not m:
        return None
    name = clause.names[int(m.group(1))].strip()
    rest = re.sub(r"^(?:…|\.\.\.)\s*", "", name)
    if rest == name or not rest:
        return None
    for spelling in (f"... {rest}", f"...{rest}", f"…{rest}", f"… {rest}"):
        family = r.families.get(fold(spelling))
        if family is not None:
            return CardMatch("card", family)
    return CardMatch("card", slugify(name))


# --- a character's chain phrases -------------------------------------------------------------------

_PLAYS = (
    r"(?:si (?:vous jouez|il joue|joue)|s'il joue|lorsqu'il joue|lorsque vous jouez|quand il joue"
    r"|quand vous jouez)"
)


_GAME = r"jusqu'a la fin de la partie"
_THEY_PLAY = (
    r"(?:si elles? joue(?:nt)?|s'ils? joue(?:nt)?|si ils? joue(?:nt)?|lorsqu'(?:il|elle)s? joue(?:nt)?"
    r"|quand (?:il|elle)s? joue(?:nt)?)"
)


def character_chain(r: Reader, c: Clause, t: str, ctx: Ctx) -> Reading | None:
    """A character's Enchaînement phrases the reader's own patterns do not read."""
    from cards.domain.text_grammar import NotRead, Reading, with_condition

    if t == "enchainement":
        return Reading(effects=[ChainOn(match=CardMatch("any"))])
    m = re.fullmatch(r"enchainement ?:? (.+)", t)
    if m and not re.search(r"\b(?:si|s'il|tant que|lorsqu|quand)\b", m.group(1)):
        return Reading(effects=[ChainOn(match=chain_match(r, c, m.group(1)))])
    # "Peut jouer les Armes … et gagne Enchaînement si joue une Arme": the condition is the chain's
    # (its idiom); what comes before holds anyway when it is no bonus ("Esprit +2 et gagne
    # Enchaînement si …" could be either: not read)
    m = re.fullmatch(rf"(.+?),? et (gagne (?:un )?enchainement,? {_PLAYS} .+)", t)
    if m:
        chain = character_chain(r, c, m.group(2), ctx)
        if chain is None:
            return None
        first = r.predicates(c, m.group(1), ctx)
        if not all(isinstance(e, MayPlay) for e in first):
            raise NotRead("what the condition of 'gagne Enchaînement si …' is about")
        return Reading(effects=[*first, *chain.effects])
    # "si joue ou porte 'X'": either gives the chain
    m = re.fullmatch(
        r"gagne (?:un )?enchainement,? si (?:joue|il joue|vous jouez) ou (?:porte|portez) (.+)", t
    )
    if m:
        match = r.match(c, m.group(1))
        carrying = r._carrying(c, m.group(1), "carrying")
        return Reading(effects=[ChainOn(match=match), ChainOn(match=CardMatch("any"), when=carrying)])
    # "… et peut les jouer en ignorant leurs prérequis": chain_on them, and may_play them
    m = re.fullmatch(
        rf"gagne (?:un )?enchainement,? {_PLAYS} (.+?) et (?:peut|vous pouvez) les jouer "
        r"(?:en ignorant (?:leurs|ses) (?:prerequis|restrictions)|sans (?:restrictions?|prerequis))",
        t,
    )
    if m:
        match = chain_match(r, c, m.group(1))
        return Reading(effects=[ChainOn(match=match), MayPlay(cards=match)])
    # "Gagne Enchaînement lorsque vous jouez un Objet Autre"
    m = re.fullmatch(rf"gagne (?:un )?enchainement,? {_PLAYS} (.+)", t)
    if m and not re.search(r"\b(?:et|puis)\b", m.group(1)):
        return Reading(effects=[ChainOn(match=chain_match(r, c, m.group(1)))])
    # "Gagne Enchaînement et Esprit +1 jusqu'à la fin de la partie si vous jouez un Bijou": what
    # happens each time such a card is played (a lasting bonus, HP, markers)
    m = re.fullmatch(rf"gagne (?:un )?enchainement,? et (.+?),? {_PLAYS} (.+)", t) or re.fullmatch(
        rf"(?:gagne )?enchainement et (.+?),? {_PLAYS} (.+)", t
    )
    if m:
        match = r.match(c, m.group(2))
        try:
            standing = r.predicates(c, m.group(1), ctx)
        except NotRead:
            standing = []
        if standing:
            return Reading(effects=[ChainOn(match=match), *with_condition(standing, Condition(plays=match))])
        try:
            inner = r.phrase(c, m.group(1), ctx.inside())
        except NotRead:
            inner = r.phrase(c, f"gagne {m.group(1)}", ctx.inside())  # "et 1 point de vie"
        if not all(isinstance(e, Heal | Marker) or getattr(e, "duration", None) is not None for e in inner):
            raise NotRead("what happens when the card is played")
        played = Trigger(on=Event("plays", match=match), effects=tuple(inner))
        return Reading(effects=[ChainOn(match=match), played])
    # "Gagne Enchaînement si un allié est mort", "Gagne Enchaînement Corruption si le nombre de
    # Corruptions en jeu est inférieur à 5": a chain under a condition
    m = re.fullmatch(r"(?:gagne )?(?:un )?enchainement(?: (.+?))?,? ((?:si|s'il|tant que) .+)", t)
    if m and not re.match(r"(?:si|s'il) (?:vous jouez|il joue|joue)\b", m.group(2)):
        try:
            cond = r.condition(c, m.group(2), ctx)
            match = chain_match(r, c, m.group(1)) if m.group(1) else CardMatch("any")
        except NotRead:
            return None  # the reader's own patterns may read it ("si une Armure est jouée")
        return Reading(effects=[ChainOn(match=match, when=cond)])
    # "Vos Bêtes gagnent Enchaînement s'ils jouent un Sort Ombre, jusqu'à la fin de la partie": a
    # group's chain for the rest of the game, its giver dead or alive
    m = re.fullmatch(
        rf"((?:chacun|chacune) de vos .+?|vos .+?|tous vos .+?) (?:gagne|gagnent) (?:un )?enchainement,?"
        rf"(?: ({_GAME}),?)? {_THEY_PLAY} (.+?)(?:,? ({_GAME}))?",
        t,
    )
    if m and bool(m.group(2)) != bool(m.group(4)) and not re.search(r"\b(?:et|puis|si)\b", m.group(3)):
        try:
            who = r.subject(c, re.sub(r"^(?:chacun|chacune) de vos ", "vos ", m.group(1)), ctx.names)
            match = chain_match(r, c, m.group(3))
        except NotRead:
            return None
        if who == "self" or not ctx.standing:
            raise NotRead("a lasting chain given to no group")
        return Reading(effects=[_with_target(ChainOn(match=match, duration=Duration("game")), who)])
    found = _traits_for_the_game(r, c, t, ctx)
    if found is not None:
        return found
    # "Vos Combattants gagnent Enchaînement Action": chain_on those cards, for the group (while its
    # giver lives — what "Tant que 'X' est en vie" before it says, X the giver itself)
    m = re.fullmatch(r"tant que (\S+|@\d+@) est en vie,? (vos .+)", t)
    if m and ctx.standing and _names_itself(c, m.group(1), ctx):
        return character_chain(r, c, m.group(2), ctx)
    m = re.fullmatch(r"(vos .+?|tous vos .+?) (?:gagnent|ont) (?:un )?enchainement ?:? (.+)", t)
    if (
        m
        and ctx.standing
        and not re.search(r"\b(?:si|s'ils?|et|puis|jusqu|lorsqu|quand|tant|pour|par)\b", m.group(2))
    ):
        try:
            who = r.subject(c, m.group(1), ctx.names)
            match = chain_match(r, c, m.group(2))
        except NotRead:
            return None
        if who != "self":
            return Reading(effects=[_with_target(ChainOn(match=match), who)])
    # "Vos personnages gagnent Enchaînement s'ils portent ou jouent un Outil": either gives it
    m = re.fullmatch(
        r"(vos .+?|tous vos .+?) (?:gagnent|ont) (?:un )?enchainement,? "
        r"s'ils (?:portent ou jouent|jouent ou portent) (.+)",
        t,
    )
    if m and not re.search(r"\b(?:et|puis|si|jusqu)\b", m.group(2)):
        who = r.subject(c, m.group(1), ctx.names)
        match = r.match(c, m.group(2))
        carrying = r._carrying(c, m.group(2), "carrying")
        return Reading(
            effects=[
                _with_target(ChainOn(match=match), who),
                _with_target(ChainOn(match=CardMatch("any"), when=carrying), who),
            ]
        )
    # "Si vous jouez 'X' votre personnage gagne Enchaînement et Ambidextrie": the chain on that
    # card, and Ambidextrie (two one-handed weapons) when it is played
    m = re.fullmatch(
        r"si (?:vous jouez|il joue) (.+?),? (?:votre personnage|il) gagne (?:un )?enchainement "
        r"et ambidextrie",
        t,
    )
    if m and ctx.standing:
        match = chain_match(r, c, m.group(1))
        dual = Carry(cards=CardMatch("type", "arme_a_une_main"), count=2, when=Condition(plays=match))
        return Reading(effects=[ChainOn(match=match), dual])
    # "Chacune de vos Sorcelames gagnera Enchaînement si elle joue un Sort Lumière"
    m = re.fullmatch(
        r"((?:chacun|chacune) de vos .+?|vos .+?) (?:gagne|gagnera|gagnent|gagneront) (?:un )?enchainement,?"
        r" (?:si elles? joue(?:nt)?|s'ils? joue(?:nt)?|si ils? joue(?:nt)?|lorsqu'(?:il|elle)s? joue(?:nt)?"
        r"|quand (?:il|elle)s? joue(?:nt)?) (.+)",
        t,
    )
    if m and not re.search(r"\b(?:et|puis|jusqu)\b", m.group(2)):
        try:
            who = r.subject(c, re.sub(r"^(?:chacun|chacune) de vos ", "vos ", m.group(1)), ctx.names)
            match = chain_match(r, c, m.group(2))
        except NotRead:
            return None  # the reader's own patterns ("Vos X ont Attaque +1 et gagnent Enchaînement …")
        return Reading(effects=[_with_target(ChainOn(match=match), who)])
    # "Vos personnages gagnent Enchaînement durant les tours 1 et 2"
    m = re.fullmatch(
        r"(.+?) gagnent enchainement (?:durant|pendant|lors de|lors des|aux) (?:les )?tours? (.+)", t
    )
    if m:
        who = r.subject(c, m.group(1), ctx.names)
        turns = r.turns(m.group(2))
        on_turns = ChainOn(match=CardMatch("any"), when=Condition(turn=turns))
        return Reading(effects=[_with_target(on_turns, who)])
    return None


def _traits_for_the_game(r: Reader, c: Clause, t: str, ctx: Ctx) -> Reading | None:
    """A character's "Vos alliés Humains ou Démon (non multi racés) gagnent Guémélite Feu,
    Guémélite de Néhant et Enchaînement Sort de Feu jusqu'à la fin de la partie": at the start of
    the game (a lasting effect of a standing ability starts then: ``traits`` needs a trigger), each
    group named gains those traits for the game, and the chain for the game (``chain_on`` given
    to the group, its giver dead or alive). "X ou Y" is each group in turn: gaining a trait or a
    chain twice is gaining it once."""
    from cards.domain.effects import Selector, Traits
    from cards.domain.grammar_cards import _who_traits
    from cards.domain.text_grammar import NotRead, Reading, _target_fields

    if not ctx.standing:
        return None
    m = re.fullmatch(
        rf"(vos (?:allies )?)(.+?) gagnent (.+?)(?: et (?:un )?enchainement (.+?))? {_GAME}",
        t,
    )
    if not m or "enchainement" in m.group(3):
        return None
    who_text = m.group(2)
    tail = ""
    single = re.fullmatch(r"(.+?) (\(?non multi-? ?races?\)?)", who_text)
    if single:
        who_text, tail = single.group(1), f" {single.group(2)}"
    traits = _who_traits(r, m.group(3))
    if traits is None:
        return None
    try:
        groups = [
            r.subject(c, f"{m.group(1)}{part}{tail}", ctx.names) for part in re.split(r" ou ", who_text)
        ]
        match = chain_match(r, c, m.group(4)) if m.group(4) else None
    except NotRead:
        return None
    if not all(
        g.group in ("allies", "other_allies") and g.pick is None
        if isinstance(g, Selector)
        else g in ("all_allies", "other_allies")
        for g in groups
    ):
        return None
    game = Duration("game")
    given: dict[str, Any] = dict(traits)
    gains = tuple(Traits("add", **given, duration=game, **_target_fields(g)) for g in groups)
    chains = [_with_target(ChainOn(match=match, duration=game), g) for g in groups] if match else []
    return Reading(effects=[Trigger(on=Event("game_start"), effects=gains), *chains])


def _names_itself(c: Clause, token: str, ctx: Ctx) -> bool:
    """Whether ``token`` (a word, or a quoted name ``@0@``) is the text's own name."""
    from cards.domain.vocabulary import fold

    qm = re.fullmatch(r"@(\d+)@", token)
    if qm:
        return bool(ctx.names) and fold(c.names[int(qm.group(1))]) == ctx.names[0]
    return token in ctx.names


def _with_target(effect: ChainOn | Forbid, who: Target) -> ChainOn | Forbid:
    from cards.domain.text_grammar import _target_fields

    return replace(effect, **_target_fields(who))


# --- a card's chain phrases and a bare chain --------------------------------------------------------


def card_chain(r: Reader, c: Clause, t: str, ctx: Ctx) -> Reading | None:
    """``Enchaînement Sort Lumière ou Enchaînement si 2 Sorts Lumière sont actifs`` (either chain),
    ``Enchaînement (vous pouvez jouer une seconde carte après celle-ci)`` (the reminder of what
    Enchaînement is, noted)."""
    from cards.domain.text_grammar import NotRead, Reading

    m = re.fullmatch(
        r"enchainement( .+?)? \(vous pouvez jouer une (?:seconde|deuxieme) carte apres celle-ci\)", t
    )
    if m:
        match = chain_match(r, c, m.group(1)) if m.group(1) else CardMatch("any")
        return Reading(chains=[match], note="the reminder of what Enchaînement is")
    m = re.fullmatch(r"(?:gagne )?enchainement(?: (.+?))? si jouee? par (.+)", t)
    if m:  # "Enchaînement si joué par 'X'"
        try:
            cond = r.prefix_condition(c, f"si joue par {m.group(2)}", ctx)
        except NotRead:
            return None
        match = chain_match(r, c, m.group(1)) if m.group(1) else CardMatch("any")
        return Reading(effects=[Chain(match=match, when=cond)])
    m = re.fullmatch(r"enchainement (.+?) ou enchainement ((?:si|s'il|tant que) .+)", t)
    if m:
        match = chain_match(r, c, m.group(1))
        try:
            cond = r.condition(c, m.group(2), ctx)
        except NotRead:
            return None
        return Reading(chains=[match], effects=[Chain(match=CardMatch("any"), when=cond)])
    return None


def bare(r: Reader, c: Clause, t: str, ctx: Ctx, who: Target) -> list[Effect] | None:
    """On a character's standing ability, "Enchaînement" among other predicates ("Attaque +2 et
    Enchaînement contre les Combattants") is ``chain_on`` any card; "Ne peut enchaîner" (no card
    named) forbids every chain."""
    if ctx.standing and t in ("enchainement", "gagne enchainement"):
        return [_with_target(ChainOn(match=CardMatch("any")), who)]
    if re.fullmatch(r"ne (?:peut|peuvent) (?:pas |plus |jamais )?enchainer(?: de cartes?| aucune carte)?", t):
        return [_with_target(Forbid(what="chain"), who)]
    return None


def chain_on_plays(effects: list[Effect]) -> list[Effect]:
    """``chain_on`` any card under "si (vous) jouez X" alone is ``chain_on`` X (the same chain,
    said as the language says it)."""
    out: list[Effect] = []
    for e in effects:
        if (
            isinstance(e, ChainOn)
            and e.match == CardMatch("any")
            and e.when is not None
            and e.when.plays is not None
            and e.when == Condition(plays=e.when.plays)
        ):
            e = replace(e, match=e.when.plays, when=None)
        out.append(e)
    return out


def chain_when_playing(effects: list[Effect]) -> list[Effect]:
    """On a character, "Vos X ont Défense +1 et Enchaînement chaque fois qu'ils jouent un Sort":
    the Enchaînement of a trigger on cards played is ``chain_on`` those cards, for those who play
    them (a ``chain`` is about a card itself); the rest stays the trigger's."""
    out: list[Effect] = []
    for e in effects:
        if isinstance(e, Trigger) and e.on.kind == "plays" and e.on.match is not None and e.limit is None:
            chains = [
                x
                for x in e.effects
                if isinstance(x, Chain) and x.match == CardMatch("any") and x.when is None
            ]
            if chains:
                given = _with_target(ChainOn(match=e.on.match, when=e.when), e.on.who)
                rest = tuple(x for x in e.effects if x not in chains)
                out.append(given)
                if rest:
                    out.append(replace(e, effects=rest))
                continue
        out.append(e)
    return out


def ordre_chains(effects: list[Effect]) -> list[Effect]:
    """In a character's Ordre, "gagne Enchaînement (X) (si vous jouez Y)" is the character's chain
    for that combat: ``chain_on`` (a card's ``chain`` is about the card itself)."""
    out: list[Effect] = []
    for e in effects:
        if isinstance(e, Chain):
            e = ChainOn(match=e.match, when=e.when)
        out.append(e)
    return chain_on_plays(out)
