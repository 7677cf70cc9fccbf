"""The rules-text grammar's counting pieces: what "pour chaque …", "par …", "X est égal à …" and
"s'il y a au moins N …" count, and the comparisons built on a count.

Pure Python (no Django); used by :class:`cards.domain.text_grammar.Reader`, which calls these
functions where its own patterns do not match (each returns ``None`` for "not this phrase", or
raises :class:`~cards.domain.text_grammar.NotRead` when the phrase is this one but cannot be said).
Every phrase is a folded, normalised clause part (see ``text_grammar``'s module docstring).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cards.domain import regex as re
from cards.domain.effects import (
    Amount,
    CardMatch,
    Compare,
    Condition,
    Count,
    Effect,
    Scaled,
    Selector,
    Target,
)

if TYPE_CHECKING:
    from cards.domain.text_grammar import Clause, Ctx, Reader

#: "supérieur à", "inférieur ou égal à", … -> a comparator.
_CMP_WORDS: tuple[tuple[str, str], ...] = (
    (r"(?:est |sont )?(?:superieure?s? ou egale?s?|au moins egale?s?) a", ">="),
    (r"(?:est |sont )?inferieure?s? ou egale?s? a", "<="),
    (r"(?:est |sont )?(?:strictement )?superieure?s? a", ">"),
    (r"(?:est |sont )?(?:strictement )?inferieure?s? a", "<"),
    (r"(?:est |sont )?egale?s? a", "=="),
)
#: "au moins 3", "plus de 2", "moins de 4", "exactement 1", "3" (at least) -> comparator, number.
_QUANTITY = r"(au moins |plus de |plus d'|moins de |exactement |)(\d+|une?|deux|trois|quatre|cinq|six)"
_QUANTITY_CMP = {
    "au moins ": ">=",
    "plus de ": ">",
    "plus d'": ">",
    "moins de ": "<",
    "exactement ": "==",
    "": ">=",
}


def _n(r: Reader, text: str) -> int:
    from cards.domain.text_grammar import number

    return number(text)


# --- counts ----------------------------------------------------------------------------------------


def count(r: Reader, clause: Clause, text: str) -> Count | None:
    """What a count phrase counts, beyond the reader's own patterns (``text`` has lost its
    article): the dead, allies, characters of a guild / class / race / caste, cards in play or
    carried, cards played this turn, different races / classes / guilds among characters."""
    from cards.domain.text_grammar import NotRead

    t = re.sub(r"^(?:de )?vos (?=allies? )", "", text.strip())  # "chacun de vos alliés Démons en vie"
    found_state = _in_a_state(r, clause, t)
    if found_state is not None:
        return found_state
    found_kinds = _your_kinds(r, t)
    if found_kinds is not None:
        return found_kinds
    if re.fullmatch(r"personnages? blesses? (?:ce tour(?:-ci)?|durant (?:le|ce) tour)", t):
        # wounded this turn (they lost HP to damage): the living ones
        return Count("characters", characters=Selector(group="characters", hurt_this_turn=True))
    m = re.fullmatch(r"(?:les )?classes (?:du personnage adverse|de votre adversaire|de l'adversaire)", t)
    if m:
        return Count("classes", of="opponent")
    if re.fullmatch(r"pv perdus", t):  # "par tranche de 2 PV perdus": the HP the holder misses
        return Count("stat", stat="hp_missing")
    m = re.fullmatch(r"(.+?) \(?vivante?s? ou morte?s?\)?", t)
    if m:  # "par allié Guémélite de la Terre (vivant ou mort)": the living and the dead
        try:  # "pour chacun de vos Mages (vivant ou mort)": the reader's own phrases first
            living: Count | None = r.count(clause, m.group(1))[0]
        except NotRead:
            living = count(r, clause, m.group(1))
        if living is None or living.kind != "characters" or living.dead:
            return None
        return replace(living, either=True)
    m = re.fullmatch(r"(?:de )?vos (autres )?personnages (en vie|vivants|morts)", t)
    if m:
        group = "other_allies" if m.group(1) else "all_allies"
        return Count("characters", characters=group, dead=m.group(2) == "morts")
    m = re.fullmatch(r"autres? (.+)", t)
    if m:
        # "par autre Sort Foudre en jeu": the card itself left out; "pour chaque autre Guémélite":
        # a character other than the holder, of either side, which no group says
        others = count(r, clause, m.group(1))
        if others is None or others.kind != "cards":
            raise NotRead("another one (the character itself excluded)")
        return replace(others, other=True)
    # the dead: "pour chaque mort", "par personnage mort", "par allié mort"
    if re.fullmatch(r"(?:personnages? )?morts?", t):
        return Count("characters", characters="all_characters", dead=True)
    m = re.fullmatch(r"allies?(?: (?!(?:en vie|vivants?|morts?)$)(.+?))?(?: (en vie|vivants?|morts?))?", t)
    if m and not (m.group(1) or "").endswith(("blesse", "blesses")):
        dead = (m.group(2) or "").startswith("mort")
        who = m.group(1)
        if who is None:
            return Count("characters", characters="other_allies", dead=dead)
        who = re.sub(r"^(?:de |du |de la |des )", "", who)
        found = r.who_filter(who)
        return Count(
            "characters", characters=Selector(group="other_allies", **r._filter_keys(found)), dead=dead
        )
    # the adjective after the kind: "par Solarian allié en vie" is "par allié Solarian en vie"
    m = re.fullmatch(r"(?!autres? )(.+?) allies?(?: (en vie|vivants?|morts?))?", t)
    if m and not re.search(r"\b(?:blesses?|relevee?s?|inclinee?s?)$", m.group(1)):
        dead = (m.group(2) or "").startswith("mort")
        if re.fullmatch(r"personnages?", m.group(1)):
            return Count("characters", characters="other_allies", dead=dead)
        found = r.who_filter(m.group(1))
        return Count(
            "characters", characters=Selector(group="other_allies", **r._filter_keys(found)), dead=dead
        )
    # "par Guémélite de la Terre parmi vos personnages"
    m = re.fullmatch(
        r"(.+?) (?:parmi|dans) (vos personnages|votre equipe|vos allies|les personnages adverses)", t
    )
    if m and not re.match(r"(?:race|classe|guilde)s? ", m.group(1)):
        group = {"vos personnages": "allies", "votre equipe": "allies", "vos allies": "other_allies"}.get(
            m.group(2), "enemies"
        )
        wm = re.fullmatch(r"(.+?)( en vie| morts?)?", m.group(1))
        assert wm is not None
        found = r.who_filter(wm.group(1))
        dead = (wm.group(2) or "").strip().startswith("mort")
        return Count("characters", characters=Selector(group=group, **r._filter_keys(found)), dead=dead)
    # "par Classe en commun entre les 2 personnages en combat": the holder and its opponent
    m = re.fullmatch(
        r"(classe|caste)s? en commun "
        r"(?:entre les (?:2|deux) personnages en combat|avec le personnage adverse)",
        t,
    )
    if m:
        return Count("common", trait="class" if m.group(1) == "classe" else "caste")
    # different races / classes / guilds among characters
    m = re.fullmatch(
        r"(race|classe|guilde)s? (?:differente?s? )?(?:representee?s? )?(?:parmi|chez|par) (.+)", t
    ) or re.fullmatch(r"(race|classe|guilde)s? differente?s? (en jeu)", t)
    if m:
        trait = {"race": "race", "classe": "class", "guilde": "guild"}[m.group(1)]
        if m.group(2) == "en jeu":  # among the characters in play: the living ones
            return Count("distinct", trait=trait, characters="all_characters")
        return Count("distinct", trait=trait, characters=_people(r, clause, m.group(2)))
    # cards in play: "par carte 'X' active, celle-ci comprise", "par Familier en jeu", "par carte
    # adverse active"
    m = re.fullmatch(
        r"(.+?) (?:actifs?|actives?|en jeu)(?:,? \(?(?:celle-ci|celui-ci|cette carte) comprise?\)?)?", t
    )
    if m and not re.search(r"\bpersonnages?\b", re.sub(r"\(non personnages?\)", "", m.group(1))):
        what, owner = m.group(1), "both"
        om = re.fullmatch(r"(.+?) (adverses?|que vous controlez)", what)
        if om:
            what, owner = om.group(1), "opponent" if om.group(2).startswith("adverse") else "self"
        try:
            match = _cards(r, clause, what)
        except NotRead:
            # "le nombre de Guémélites de la Guerre en jeu": characters in play (the living ones)
            if owner == "self" or re.search(r"\b(?:carte|celle-ci|celui-ci|comprise?)\b|@", t):
                raise
            found = r.who_filter(what)
            group = "enemies" if owner == "opponent" else "characters"
            return Count("characters", characters=Selector(group=group, **r._filter_keys(found)))
        return Count("cards", pile="play", owner=owner, match=match)
    # what the character reached carries: "par Dague qu'ils portent", "par carte qui lui est attachée"
    m = re.fullmatch(
        r"(.+?) (?:qu'(?:il|elle)s? (?:porte|portent)|qui (?:lui|leur) (?:est|sont) attachee?s?)",
        t,
    )
    if m:
        mm = re.fullmatch(r"marqueurs? (@\d+@)", m.group(1))
        if mm:
            from cards.domain.text_grammar import slugify

            return Count("markers", marker=slugify(clause.names[int(mm.group(1).strip("@"))]), on="target")
        return Count("cards", pile="play", owner="both", match=_cards(r, clause, m.group(1)), on="target")
    # cards the holder carries: "par Objet que vous portez", "par Objet porté par votre personnage",
    # "par Pantin qui vous est attaché", "par Objet porté"
    m = re.fullmatch(
        r"(.+?) (?:que vous portez|que votre personnage porte|portee?s? par votre personnage|portee?s?"
        r"|qui vous (?:est|sont) attachee?s?|attachee?s? a votre personnage)",
        t,
    )
    if m and not re.match(r"marqueur", m.group(1)):
        return Count("cards", pile="play", owner="both", match=_cards(r, clause, m.group(1)), on="self")
    # "portée par un personnage": carried by anyone, in play
    m = re.fullmatch(r"(.+?) (?:portee?s?|attachee?s?) (?:par|a) (?:un|des) personnages?(?: en vie)?", t)
    if m:
        return Count("cards", pile="play", owner="both", match=_cards(r, clause, m.group(1)))
    # "par Rune Cor portée par vos alliés"
    m = re.fullmatch(
        r"(.+?) (?:portee?s?|attachee?s?) (?:par|a) (vos allies|vos personnages|vos autres personnages)", t
    )
    if m and not re.match(r"marqueur", m.group(1)):
        on: Target = "all_allies" if m.group(2) == "vos personnages" else "other_allies"
        return Count("cards", pile="play", owner="both", match=_cards(r, clause, m.group(1)), on=on)
    # characters carrying cards: "personnages portant une carte", "Avaloniens portant un Bouclier"
    m = re.fullmatch(r"(?:(personnages?)|(.+?)) portant (?:une? |des )?(.+)", t)
    if m:
        carried = CardMatch("any") if re.fullmatch(r"cartes?", m.group(3)) else r.match(clause, m.group(3))
        keys = {} if m.group(1) else r._filter_keys(r.who_filter(m.group(2)))
        return Count("characters", characters=Selector(group="characters", carrying=carried, **keys))
    # cards the player played this turn: "le nombre d'Actions que vous avez jouées durant le tour"
    m = re.fullmatch(
        r"(.+?) que vous avez jouee?s?(?: (?:durant|pendant|dans|lors de) (?:le|ce) tour| ce tour(?:-ci)?)", t
    )
    if m:
        return Count("cards", pile="played_turn", match=_cards(r, clause, m.group(1)))
    # the holder's damage dealt this turn: "par dégât que vous avez infligé (durant le tour)"
    if re.fullmatch(
        r"(?:points? de )?degats? que vous avez infliges?"
        r"(?: ce tour(?:-ci)?| (?:durant|pendant) (?:le|ce) tour)?",
        t,
    ):
        return Count("damage_dealt")
    # cards played this turn: "pour chaque Sort Feu joué ce tour-ci", "par carte jouée dans le tour"
    m = re.fullmatch(
        r"(.+?) jouee?s? (?:ce tour-ci|ce tour ci|ce tour|dans le tour"
        r"|(?:durant|pendant|lors de) (?:ce|le) tour)",
        t,
    )
    if m:
        return Count("cards", pile="played_turn", owner="both", match=_cards(r, clause, m.group(1)))
    # characters of one kind or another, each once: "par Combattant ou Prêtre en vie"
    m = re.fullmatch(r"(?:personnages? )?(.+? ou .+?)( adverses?)?( en vie| vivants?| morts?)?", t)
    if m and not re.search(r"\b(?:blesses?|relevee?s?|inclinee?s?)$", t):
        kinds: list[dict[str, Any]] = []
        for part in re.split(r",? ou |, ", m.group(1)):
            try:
                found = r.who_filter(part)
            except NotRead:
                # "par Guémélite de l'Ombre ou Mental": the second one a Guémélite too
                last = kinds[-1].get("race", "") if kinds else ""
                if not (isinstance(last, str) and last.startswith("guemelite")):
                    return None
                try:
                    found = r.who_filter(f"guemelite {part}")
                except NotRead:
                    return None
            kinds.append(r._filter_keys(found))
        group = "enemies" if m.group(2) else "characters"
        dead = (m.group(3) or "").strip().startswith("mort")
        targets = [Selector(group=group, **k) for k in kinds]
        return Count("characters", characters=targets[0], union=tuple(targets[1:]), dead=dead)
    # characters of a kind: "par Mage", "par Guémélite en vie", "par Combattant adverse"
    m = re.fullmatch(r"(?:personnages? )?(.+?)( adverses?)?( en vie| vivants?| morts?)?", t)
    if m and not re.search(r"\b(?:blesses?|relevee?s?|inclinee?s?)$", t):
        try:
            found = r.who_filter(m.group(1))
        except NotRead:
            return None
        group = "enemies" if m.group(2) else "characters"
        dead = (m.group(3) or "").strip().startswith("mort")
        return Count("characters", characters=Selector(group=group, **r._filter_keys(found)), dead=dead)
    return None


def _your_kinds(r: Reader, text: str) -> Count | None:
    """ "pour chacun de vos Combattants et Mages", "… de vos Guémélites Nature ou Elfines": the
    player's characters of either kind, each once. None: not such a phrase."""
    from cards.domain.text_grammar import NotRead

    m = re.fullmatch(r"(?:de )?vos (autres )?([^()]+? (?:ou|et) [^()]+?)( en vie| vivants?| morte?s?)?", text)
    if not m:
        return None
    kinds = []
    for part in re.split(r",? (?:ou|et) |, ", m.group(2)):
        try:
            kinds.append(r._filter_keys(r.who_filter(part)))
        except NotRead:
            return None
    group = "other_allies" if m.group(1) else "allies"
    mine = [Selector(group=group, **k) for k in kinds]
    dead = (m.group(3) or "").strip().startswith("mort")
    return Count("characters", characters=mine[0], union=tuple(mine[1:]), dead=dead)


_STAT_FILTER_WORDS = {
    "defense": "defense",
    "esprit": "spirit",
    "attaque min.": "attack_min",
    "attaque min": "attack_min",
    "attaque max.": "attack_max",
    "attaque max": "attack_max",
    "niveau": "level",
}


def _in_a_state(r: Reader, clause: Clause, text: str) -> Count | None:
    """Characters counted in a state: ``allié blessé`` (below its maximum HP), ``personnage
    adverse blessé ou mort`` (and the dead), ``vos autres personnages non inclinés``, ``personnage
    relevé``, ``personnage dont la Défense est supérieure à 4`` (a stat compared with a number or
    with its own printed value). None: not such a phrase."""
    from cards.domain.effects import StatFilter

    keys: dict[str, Any] = {}
    either = False
    m = re.fullmatch(r"(.+?) (non )?(blessee?s?|inclinee?s?|relevee?s?)( ou morte?s?)?", text)
    if m:
        base = m.group(1)
        if m.group(3).startswith("bless"):
            keys["wounded"] = not m.group(2)
            either = bool(m.group(4))
        elif m.group(4):
            return None
        else:
            keys["tapped"] = m.group(3).startswith("inclin") != bool(m.group(2))
    else:
        m = re.fullmatch(
            r"(.+?) dont (?:la |l'|le )?(defense|esprit|attaque min\.?|attaque max\.?|niveau)"
            r" est (strictement )?(superieure?|inferieure?) (?:ou egale? )?a"
            r" (\d+|sa \w+ de base|son \w+ de base)",
            text,
        )
        if not m:
            return None
        base = m.group(1)
        stat = _STAT_FILTER_WORDS[m.group(2)]
        strict = not re.search(r" ou egale? a ", text[m.start(4) :])
        cmp = (">" if strict else ">=") if m.group(4).startswith("sup") else ("<" if strict else "<=")
        right: int | str
        if m.group(5)[0].isdigit():
            right = int(m.group(5))
        else:
            if _STAT_FILTER_WORDS.get(m.group(5).split()[1]) != stat:
                return None  # another stat's printed value
            right = "base"
        keys["stat"] = StatFilter(stat, cmp, right)
    counted = _counted_characters(r, clause, base)
    if counted is None:
        return None
    return replace(counted, characters=_filtered(counted.characters, keys), either=either)


def _counted_characters(r: Reader, clause: Clause, text: str) -> Count | None:
    """A count of living characters (no state said), or None."""
    from cards.domain.text_grammar import NotRead

    if re.fullmatch(r"personnages?", text):
        return Count("characters", characters="all_characters")
    try:
        found: Count | None = r.count(clause, text)[0]
    except NotRead:
        return None
    if found is None or found.kind != "characters" or found.dead or found.either or found.union:
        return None
    return found


def _filtered(target: Target | None, keys: dict[str, Any]) -> Selector:
    from cards.domain.effects import target_group

    assert target is not None
    if isinstance(target, Selector):
        if any(getattr(target, k) is not None for k in keys):
            from cards.domain.text_grammar import NotRead

            raise NotRead("a state said twice")
        return replace(target, **keys)
    group, pick = target_group(target)
    return Selector(group=group, pick=pick, **keys)


def _cards(r: Reader, clause: Clause, text: str) -> CardMatch | None:
    t = re.sub(r"^(?:un |une |les |des |de |d')", "", text.strip())
    t = re.sub(r" \(non personnages?\)$", "", t)  # cards, not characters: what a card count is
    if re.fullmatch(r"cartes?", t):
        return None
    m = re.fullmatch(r"runes? (cor|nox|yr)s?", t)
    if m:  # Runes are cards, one family each (cards.domain.effects, "pay")
        return CardMatch("card", f"rune-{m.group(1)}")
    return r.match(clause, t)


def _people(r: Reader, clause: Clause, text: str) -> Target:
    """``vos personnages (en vie)``, ``les personnages adverses``, ``les personnages (en vie)``,
    ``vos autres personnages en vie``, ``les personnages en combat``."""
    t = re.sub(r" (?:en vie|vivants)$", "", text.strip())
    if re.fullmatch(r"(?:tous )?les personnages(?: en jeu)?", t):
        return "all_characters"
    return r.subject(clause, t)


# --- what X is ---------------------------------------------------------------------------------------


def x_source(r: Reader, clause: Clause, text: str) -> Count | None:
    """A value X may be equal to that is not a stat of the reader's own list: the number of the
    turn, the HP the character is missing, a printed ("de base") stat."""
    t = text.strip()
    if re.fullmatch(r"(?:le )?(?:numero|nombre) du tour(?: en cours| actuel)?", t):
        return Count("turn")
    if re.fullmatch(r"(?:des |aux )?degats qu'il a infliges?(?: ce tour(?:-ci)?| durant le tour)?", t):
        return Count("damage_dealt")  # the holder's, this turn (all kinds)
    if re.fullmatch(
        r"(?:vos |ses |les )?pv max(?:imum|\.)? moins (?:vos |ses |les )?pv(?: actuels)?"
        r"|(?:la )?difference entre (?:vos |ses |les )?pv max(?:imum|\.)? et (?:vos |ses |les )?pv actuels"
        r"(?: de votre personnage)?",
        t,
    ):
        return Count("stat", stat="hp_missing")
    m = re.fullmatch(
        r"(?:votre |son |sa |l')?(esprit|defense|attaque min(?:\.|imum|imale)?|attaque max(?:\.|imum|imale)?"
        r"|pv|niveau) de base(?: (de votre personnage|de ce personnage|du personnage adverse|de l'adversaire"
        r"|de votre adversaire|adverse))?",
        t,
    ) or re.fullmatch(
        r"(?:l')?(esprit|defense|attaque min(?:\.|imum|imale)?|attaque max(?:\.|imum|imale)?)"
        r" (?:de base )?(de l'adversaire|du personnage adverse|adverse|de votre adversaire) de base",
        t,
    )
    if m:
        word = m.group(1)
        stat = {"esprit": "spirit", "defense": "defense", "pv": "hp_max", "niveau": "level"}.get(word)
        if stat is None:
            stat = "attack_min" if "min" in word else "attack_max"
        of = "opponent" if m.group(2) and "adver" in m.group(2) else "self"
        if stat == "hp_max":
            return Count("stat", stat="hp_max", of=of, base=True)
        return Count("stat", stat=stat, of=of, base=True)
    return None


def rounding_and_cap(text: str) -> tuple[str, int | None]:
    """``… divisés par 4 (arrondis à l'inférieur, +8 maximum)``: the rounding stays in the text
    (``… divisés par 4 (arrondis à l'inférieur)``), the cap is returned."""
    m = re.fullmatch(
        r"(.+?) ?\((arrondie?s? (?:a l'inferieur|au superieur)),?"
        r" (?:\+?(\d+) max(?:imum)?|max(?:imum)?\.? :? ?\+?(\d+))\)",
        text.strip(),
    )
    if not m:
        return text, None
    return f"{m.group(1)} ({m.group(2)})", int(m.group(3) or m.group(4))


def x_self_named(r: Reader, clause: Clause, text: str, ctx: Ctx) -> str:
    """``l'Esprit de 'Aelide'`` in Aelide's own text is its own Esprit: ``… de votre personnage``."""
    m = re.search(
        r"\b((?:attaque min\.?|attaque max\.?|attaque|defense|esprit|niveau|pv)(?: de base)?)"
        r" (?:de |d' ?)(@\d+@)",
        text,
    )
    if m and r._named(clause, m.group(2), ctx) == "self":
        return f"{text[: m.start()]}{m.group(1)} de votre personnage{text[m.end() :]}"
    return text


def as_scaled(value: Scaled | Amount) -> Scaled:
    """A value X may be as a scaled amount: a stat of the holder plus N is that stat counted."""
    from cards.domain.text_grammar import NotRead

    if isinstance(value, Scaled):
        return value
    if value.stat is None or value.lo != value.hi:
        raise NotRead("a rolled amount in a sum")
    return Scaled(per=Count("stat", stat=value.stat), plus=value.lo)


_PER_WORDS = r"(?:par|pour chaque|pour chacun de|pour chacune de|pour chacun des|pour chacune des)"


def x_compound(r: Reader, clause: Clause, text: str) -> Scaled | None:
    """What X is, made of several parts (``text`` has lost its article and its cap):
    ``l'Esprit de votre personnage +2 par personnage mort`` (the stat, and 2 per dead character:
    an added term), ``3 plus le nombre d'Objets qu'il porte``, ``sa Défense de base + son Esprit``,
    ``votre Défense multipliée par 5``. None: not such a phrase."""
    from cards.domain.text_grammar import NotRead, number

    t = text.strip()
    m = re.fullmatch(rf"(.+?),? ?([+-]) ?(\d+) {_PER_WORDS} (.+)", t)
    if m and not re.search(r"\d+ a \+?$", m.group(1)):
        head = as_scaled(r.x_value(clause, m.group(1)))
        if head.lo is not None or head.hi is not None or head.more:
            raise NotRead(f"X = {text!r}")
        counted, _ = r.count(clause, m.group(4))
        each = int(m.group(3)) * (1 if m.group(2) == "+" else -1)
        return replace(head, more=(Scaled(per=counted, each=each),))
    m = re.fullmatch(r"(\d+) plus (.+)", t)
    if m:
        rest = as_scaled(r.x_value(clause, m.group(2)))
        if rest.lo is not None or rest.hi is not None:
            raise NotRead(f"X = {text!r}")
        return replace(rest, plus=rest.plus + int(m.group(1)))
    m = re.fullmatch(r"(.+?) multipliee?s? par (\d+|deux|trois|quatre|cinq)", t)
    if m:
        base = as_scaled(r.x_value(clause, m.group(1)))
        if base.plus or base.more or base.div != 1 or base.lo is not None or base.hi is not None:
            raise NotRead(f"X = {text!r}")
        return replace(base, each=base.each * number(m.group(2)))
    m = re.fullmatch(r"(.+?) ?\+ ?((?:son|sa|ses|votre|vos|leur|l'|la|le) .+)", t)
    if m:  # "sa Défense de base + son Esprit": two stats added
        left = as_scaled(r.x_value(clause, m.group(1)))
        right = as_scaled(r.x_value(clause, m.group(2)))
        for part in (left, right):
            if part.plus or part.more or part.div != 1 or part.lo is not None or part.hi is not None:
                raise NotRead(f"X = {text!r}")
        return replace(left, more=(replace(right, plus=0),))
    return None


# --- conditions on counts ------------------------------------------------------------------------


def compare_condition(r: Reader, clause: Clause, text: str, ctx: Ctx) -> Condition | None:
    """``il y a au moins 3 Sorts Feu en jeu``, ``2 Sorts Lumière sont actifs``, ``'X' n'est pas en
    jeu``, ``le nombre de Corruptions en jeu est inférieur à 5``, ``la Défausse adverse contient 3
    cartes ou moins``, ``au moins 4 personnages sont en vie``, ``vous n'avez qu'un personnage en vie``,
    ``la Défense de base de votre personnage est inférieure à 4``, ``vous n'avez pas de caste``,
    ``un de vos personnages est mort``, ``vous êtes blessé``."""
    from cards.domain.text_grammar import NotRead

    t = text.strip()
    if re.fullmatch(
        r"vous n'avez (?:pas de|aucune) castes?|votre personnage n'a (?:pas de|aucune) castes?", t
    ):
        return Condition(compare=Compare(Count("castes"), "==", 0))
    if re.fullmatch(r"(?:votre personnage|vous|il) n'(?:a|avez) qu'une (?:seule )?classe", t):
        return Condition(played_by_single_class=True)
    m = re.fullmatch(r"(?:vous etes|votre personnage est|il est) (?:de )?niveau (\d+) ou (plus|moins)", t)
    if m:
        level = Count("stat", stat="level")
        return Condition(compare=Compare(level, ">=" if m.group(2) == "plus" else "<=", int(m.group(1))))
    if re.fullmatch(r"(?:vous etes|votre personnage est|il est) blessee?", t):
        return Condition(compare=Compare(Count("stat", stat="hp_missing"), ">", 0))
    m = re.fullmatch(
        r"(vous avez|votre personnage a|il a|le personnage adverse a|votre adversaire a) (?:la totalite de )?"
        r"(?:tous )?(?:ses|vos) pv(?: max(?:imum)?)?"
        r"|(le personnage adverse|votre adversaire) n'est pas blesse",
        t,
    )
    if m:
        whose = "opponent" if "adverse" in (m.group(1) or m.group(2)) else "self"
        return Condition(compare=Compare(Count("stat", stat="hp_missing", of=whose), "==", 0))
    # "un de vos personnages (en vie) est Hom'chaï ou Bête": the holder or another of them;
    # "vous avez un allié Prêtre ou Artisan": another of them
    m = re.fullmatch(
        r"(un de vos personnages(?: en vie)? est|l'un de vos personnages(?: en vie)? est|vous avez un allie)"
        r" (?:un |une )?(.+? (?:ou|et) .+)",
        t,
    )
    if m and not re.search(r"\bmorte?s?$", m.group(2)):
        options: list[Condition] = []
        for part in re.split(r",? ou |, ", m.group(2)):
            found = r._filter_keys(r.who_filter(re.sub(r"^(?:un |une )", "", part)))
            options.append(Condition(ally=Selector(group="other_allies", **found)))
            if not m.group(1).startswith("vous avez"):
                options.append(r.who_condition(part, "played_by"))
        return Condition(any=tuple(options))
    m = re.fullmatch(r"(un de vos personnages|un (?:de vos )?allies?|un de vos allies) est mort", t)
    if m:
        who: Target = "other_allies" if "allie" in m.group(1) else "all_allies"
        return Condition(compare=Compare(Count("characters", characters=who, dead=True), ">=", 1))
    m = re.fullmatch(r"vous n'avez qu'(?:un|une) (?:seul |seule )?(.+?)(?: en vie)?", t)
    if m:
        if re.fullmatch(r"personnages?", m.group(1)):
            return Condition(compare=Compare(Count("characters", characters="all_allies"), "==", 1))
        found = r.who_filter(m.group(1))
        mine = Selector(group="allies", **r._filter_keys(found))
        return Condition(compare=Compare(Count("characters", characters=mine), "==", 1))
    # "le nombre de X est inférieur à N" / "la Défense (de base) de votre personnage est inférieure à 4"
    for words, cmp in _CMP_WORDS:
        m = re.fullmatch(rf"(.+?) {words} (\d+)", t)
        if not m:
            continue
        left = m.group(1)
        nm = re.fullmatch(r"(?:le )?nombre (?:de |d')(.+)", left)
        counted = _counted(r, clause, nm.group(1), alive_default=False) if nm else _stat_count(r, left)
        if counted is None:
            raise NotRead(f"compare {left!r}")
        return Condition(compare=Compare(counted, cmp, int(m.group(2))))
    # "la Défausse adverse contient 3 cartes ou moins"
    m = re.fullmatch(
        r"(votre|la) (defausse|main|deck)( adverse)? contient (?:au moins )?(\d+) (cartes?|.+?)"
        r"( ou (?:moins|plus))?",
        t,
    )
    if m:
        from cards.domain.text_grammar import PILES

        if m.group(1) == "la" and not m.group(3):
            raise NotRead("whose pile?")
        owner = "opponent" if m.group(3) else "self"
        cmp = "<=" if m.group(6) == " ou moins" else ">="
        # "votre Défausse contient 5 Sorts ou plus": those cards only
        match = None if m.group(5).startswith("carte") else r._count_match(clause, m.group(5))
        return Condition(
            compare=Compare(
                Count("cards", pile=PILES[m.group(2)], owner=owner, match=match), cmp, int(m.group(4))
            )
        )
    # "'X' n'est pas en jeu", "aucune carte n'est attachée à votre personnage"
    m = re.fullmatch(r"(.+?) n'(?:est|sont) pas (en jeu|actifs?|actives?)", t)
    if m:
        counted = _counted(r, clause, f"{m.group(1)} en jeu", alive_default=False)
        if counted is not None:
            return Condition(compare=Compare(counted, "==", 0))
    if re.fullmatch(
        r"aucune carte n'est attachee a votre personnage|aucune carte ne vous est attachee"
        r"|votre personnage ne porte aucune carte",
        t,
    ):
        if ctx.stays:
            raise NotRead("no card attached, while this one is (another card than this one)")
        return Condition(compare=Compare(Count("cards", pile="play", owner="both", on="self"), "==", 0))
    # "vous avez moins de 2 cartes dans votre main", "votre adversaire a moins de 4 cartes dans sa
    # main": as "il y a … dans votre main / la main adverse"; "votre défausse est vide"
    m = re.fullmatch(
        rf"(vous avez|votre adversaire a|le personnage adverse a|l'adversaire a) ({_QUANTITY} .+?)"
        r" (?:dans|en) (votre|sa) (main|deck|defausse)",
        t,
    )
    if m and (m.group(1) == "vous avez") == (m.group(5) == "votre"):
        where = f"votre {m.group(6)}" if m.group(5) == "votre" else f"la {m.group(6)} adverse"
        return compare_condition(r, clause, f"il y a {m.group(2)} dans {where}", ctx)
    m = re.fullmatch(rf"vous avez ({_QUANTITY} cartes?) en main", t)
    if m:  # "si vous avez plus de 3 cartes en Main": in the player's own
        return compare_condition(r, clause, f"il y a {m.group(1)} dans votre main", ctx)
    m = re.fullmatch(r"(votre|la) (main|deck|defausse)( adverse)? est vide", t)
    if m and (m.group(1) == "votre") != bool(m.group(3)):
        where = f"votre {m.group(2)}" if m.group(1) == "votre" else f"la {m.group(2)} adverse"
        return compare_condition(r, clause, f"il y a moins de 1 carte dans {where}", ctx)
    # "il y a au moins 3 X en jeu", "2 Sorts Lumière sont actifs", "au moins 4 personnages sont en vie"
    m = re.fullmatch(
        rf"(?:il y a |s'il y a )?{_QUANTITY} (.+?)(?: (?:sont|est|se trouvent?))?"
        r" (en jeu|actifs?|actives?|en vie|morts?)",
        t,
    )
    if m:
        counted = _counted(r, clause, f"{m.group(3)} {m.group(4)}", alive_default=False)
        if counted is not None:
            return Condition(compare=Compare(counted, _QUANTITY_CMP[m.group(1)], _n(r, m.group(2))))
    m = re.fullmatch(rf"(?:il y a |s'il y a ){_QUANTITY} (.+)", t)
    if m:
        counted = _counted(r, clause, m.group(3), alive_default=False)
        if counted is not None:
            return Condition(compare=Compare(counted, _QUANTITY_CMP[m.group(1)], _n(r, m.group(2))))
    # markers carried: "votre personnage porte au moins 2 Marqueurs 'poudre'"
    m = re.fullmatch(
        rf"(?:vous portez|votre personnage porte|il porte|porte) {_QUANTITY} marqueurs? (@\d+@)", t
    )
    if m:
        from cards.domain.text_grammar import slugify

        name = slugify(clause.names[int(m.group(3).strip("@"))])
        markers = Count("markers", marker=name, on="self")
        return Condition(compare=Compare(markers, _QUANTITY_CMP[m.group(1)], _n(r, m.group(2))))
    return None


def _counted(r: Reader, clause: Clause, text: str, *, alive_default: bool) -> Count | None:
    """A count phrase (``Sorts Feu en jeu``, ``personnages en vie``, ``races différentes parmi vos
    personnages``) -> its Count, or None."""
    from cards.domain.text_grammar import NotRead

    t = re.sub(r"^(?:les |des |de |d')", "", text.strip())
    if re.fullmatch(r"personnages?(?: en vie)?", t):
        return Count("characters", characters="all_characters")
    if re.fullmatch(r"personnages? morts?", t):
        return Count("characters", characters="all_characters", dead=True)
    if alive_default and re.fullmatch(r"personnages?", t):
        return Count("characters", characters="all_allies")
    try:
        found, _ = r.count(clause, t)
    except NotRead:
        return None
    return found


def _stat_count(r: Reader, text: str) -> Count | None:
    """``la Défense de base de votre personnage``, ``votre Défense``, ``l'Esprit adverse``."""
    from cards.domain.text_grammar import NotRead

    t = re.sub(r"^(?:la |le |l')", "", text.strip())
    found = x_source(r, None, t)  # type: ignore[arg-type]
    if found is not None:
        return found
    try:
        stat, of = r._stat_of(t)
    except NotRead:
        return None
    return Count("stat", stat=stat, of=of)


# --- several scalings in one clause ----------------------------------------------------------------

_SCALING = re.compile(r" (?:par|pour chaque|pour chacun|pour chacune) ")
_BARE = re.compile(r"(?:attaque|defense|esprit|initiative|soin|[+-] ?\d)")
_SHARED_TAIL = re.compile(
    r"\b(?:si|s'il|s'ils|jusqu'a|pendant|durant|contre|tant que|lorsqu|quand|parmi|ou x|x est)\b|\(max"
)


def scaled_parts(r: Reader, c: Clause, t: str, ctx: Ctx, subject: str = "") -> list[Effect]:
    """``Attaque +2 par Allié mort et Défense +1 par Allié vivant``: predicates, each with its own
    scaling, joined by "et" (read one by one only when the whole is not understood, and only when
    nothing — a condition, a duration, a cap — could be shared by both). ``les personnages
    adverses ont Attaque -1 pour chacun de vos Mages, Esprit -1 pour chacun de vos Golems``: each
    with the first one's subject and verb (``subject``)."""
    from cards.domain.text_grammar import NotRead

    whole = f"{subject} {t}" if subject else t
    try:
        return r.tailed(c, whole, ctx)
    except NotRead as exc:
        first = exc
    if not subject:
        found = _scaled_then_verb(r, c, t, ctx)
        if found is not None:
            return found
    if _SHARED_TAIL.search(t):
        raise first
    if not subject and not _BARE.match(t):
        sm = re.match(rf"(.+? {_VERB}) (?=(?:attaque|defense|esprit|initiative)\b)", t)
        if sm and _SCALING.search(t):
            try:
                return scaled_parts(r, c, t[sm.end() :], ctx, sm.group(1))
            except NotRead:
                raise first from None
    for m in re.finditer(r",? et |, ", t):
        left, right = t[: m.start()], t[m.end() :]
        if not (_SCALING.search(left) and _BARE.match(left) and _BARE.match(right)):
            continue
        try:
            effects = r.tailed(c, f"{subject} {left}" if subject else left, ctx)
            effects += scaled_parts(r, c, right, ctx, subject)
        except NotRead:
            continue
        return effects
    raise first


def scaled_supplement_if(r: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """``gagne 1 PV pour chacun de vos Mages en vie, et 1 PV supplémentaire si le personnage
    adverse est Golem``: one heal (or damage), 1 more when the condition holds; ``Attaque +3 par
    Objet porté (si Maraudeur, +12 max. sinon +6 max)``: the cap the prefix decides. None: not
    such a phrase."""
    from cards.domain.effects import Damage, Heal
    from cards.domain.text_grammar import NotRead, with_condition

    m = re.fullmatch(
        rf"(.+?{_SCALING.pattern}.+?),? et (\d+)"
        r" (pv|points? de vie|degats? (?:physiques?|magiques?|directs?))"
        r" supplementaires? ((?:si|s'il|s'ils) .+)",
        t,
    )
    if m:
        base = r.tailed(c, m.group(1), ctx)
        unit = Heal if m.group(3).startswith(("pv", "point")) else Damage
        if len(base) != 1 or not isinstance(base[0], unit) or not isinstance(base[0].amount, Scaled):
            raise NotRead("a supplement of what?")
        amount = base[0].amount
        if amount.lo is not None or amount.hi is not None:
            raise NotRead("a supplement of a bounded amount")
        cond = r.condition(c, m.group(4), ctx)
        more = replace(base[0], amount=replace(amount, plus=amount.plus + int(m.group(2))))
        return [*with_condition([more], cond), *with_condition(base, Condition(not_=cond))]
    m = re.fullmatch(r"(.+?) \(si ([^,()]+), \+?(\d+) max(?:imum)?\.? sinon,? \+?(\d+) max(?:imum)?\.?\)", t)
    if m:
        cond = r.prefix_condition(c, m.group(2), ctx)
        capped = r.tailed(c, f"{m.group(1)} (+{m.group(3)} maximum)", ctx)
        other = r.tailed(c, f"{m.group(1)} (+{m.group(4)} maximum)", ctx)
        return [*with_condition(capped, cond), *with_condition(other, Condition(not_=cond))]
    return None


_VERB = r"(?:a|ont|gagne|gagnent|subit|subissent|perd|perdent|avez|subissez|gagnez|perdez)"


def _scaled_then_verb(r: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """``Il a Esprit -2 par personnage mort et subit X dégâts magiques où X est égal à votre
    Esprit``: a predicate with its scaling, then one with its own verb (and its own X) for the same
    subject — each read alone, the second with the first one's subject. Nothing else (a condition,
    a duration, a cap) may follow, which both could share."""
    from cards.domain.text_grammar import NotRead

    m = re.fullmatch(rf"((.+?) {_VERB} .+?) et ({_VERB} .+)", t)
    if not m or not _SCALING.search(m.group(1)) or _SHARED_TAIL.search(m.group(1)):
        return None
    right = m.group(3)
    if _SHARED_TAIL.search(re.sub(r",? (?:ou|où) x (?:est egale? |vaut ).+$", "", right)):
        return None
    try:
        return r.tailed(c, m.group(1), ctx) + r.tailed(c, f"{m.group(2)} {right}", ctx)
    except NotRead:
        return None


# --- guards ---------------------------------------------------------------------------------------------


def by_whom(core: str, rest: str) -> bool:
    """``-1 aux dégâts subis par vos Traqueurs``: "par" names who takes (or deals) the damage, it
    does not scale the bonus."""
    rest = rest.lstrip(", ")
    return bool(
        rest.startswith("par ")
        and not re.search(r" (?:en jeu|actifs?|actives?)$", rest)
        and re.search(r"aux (?:degats|soins)\b.*\b(?:subis|subits|recus|infliges|prodigues)$", core)
    )


def possessive_x(x_text: str, core: str, effects: list[Effect], x_def: Scaled | Amount) -> Scaled | Amount:
    """ "où X est égal à son Esprit": "son" is the holder's when the holder is the subject of the
    predicate ("Inflige X dégâts au personnage adverse…", "Gagne X PV"); after another subject
    ("le personnage adverse a Défense -X", "chaque personnage en combat subit X dégâts…") it is the
    stat of each character the effect reaches (``"of": "target"``)."""
    from cards.domain.text_grammar import NotRead

    targets = {getattr(e, "target", "self") for e in effects}
    if re.search(r"\bqu'(?:il|elle)s?\b", x_text) and not targets <= {"self"}:
        raise NotRead("'qu'il a …' of an effect on another character: whose?")
    possessive = re.search(r"\b(?:son|sa|ses|leur|leurs)\b", x_text)
    if not possessive or targets <= {"self"}:
        return x_def
    holder_acts = re.match(r"(?:inflige|infligez|vous infligez|votre personnage inflige)\b", core.strip())
    if holder_acts:
        if targets <= {"self", "opponent", "enemy", "character", "random_enemy"}:
            return x_def
        raise NotRead("X is 'son …' of an effect the holder deals to several")
    # the owner is the subject: "chaque personnage … son Esprit", "les personnages … leur Esprit";
    # "les personnages adverses … son Esprit" could be the holder's: not read
    plural_subject = re.match(r"(?:les|vos|tous|toutes|des)\b", core.strip()) is not None
    plural_owner = possessive.group(0).rstrip().endswith(("leur", "leurs"))
    if plural_subject != plural_owner:
        raise NotRead("whose stat is 'son …'?")
    if isinstance(x_def, Amount):
        if x_def.stat is None or x_def.lo != x_def.hi:
            raise NotRead("whose stat is X?")
        return Scaled(per=Count("stat", stat=x_def.stat, of="target"), plus=x_def.lo)
    for term in x_def.terms:
        if term.per.kind != "stat" or term.per.of != "self":
            raise NotRead("whose stat is X?")
    more = tuple(replace(t, per=replace(t.per, of="target")) for t in x_def.more)
    return replace(x_def, per=replace(x_def.per, of="target"), more=more)


def x_on_opponent(x_text: str, x_def: Scaled | Amount, ctx: Ctx) -> Scaled | Amount:
    """On a card attached to the opponent the holder is its carrier and "vous" the carrier's
    opponent (``Reader._view``): "X est égal à votre Esprit" is the opponent's Esprit, "l'Esprit du
    personnage adverse" the carrier's (the holder's), "son Esprit" (il: the carrier) the holder's.
    Other counts said of either: not read."""
    from cards.domain.text_grammar import NotRead

    if not ctx.on_opponent or not re.search(r"\b(?:votre|vos|vous|adverse|adversaire)\b", x_text):
        return x_def
    scaled = as_scaled(x_def)
    swap = {"self": "opponent", "opponent": "self"}
    terms = []
    for term in scaled.terms:
        if term.per.kind != "stat" or term.per.of not in swap:
            raise NotRead("X of yours, on a card the opponent carries")
        terms.append(replace(term, per=replace(term.per, of=swap[term.per.of])))
    return replace(terms[0], more=tuple(terms[1:]))


def settle_target_counts(core: str, effects: list[Effect]) -> list[Effect]:
    """A count of the character the effect reaches ("qu'il porte", "son Esprit") on an effect
    reaching one named character is that character's; the holder dealing an effect to others
    ("inflige … par X qu'il porte": whose?) is not read."""
    from cards.domain.effects import reaches_target, scaled_reaches_target
    from cards.domain.text_grammar import NotRead

    out: list[Effect] = []
    for e in effects:
        amount = getattr(e, "amount", None)
        if not isinstance(amount, Scaled) or not scaled_reaches_target(amount):
            out.append(e)
            continue
        if re.match(r"(?:inflige|infligez|vous infligez|votre personnage inflige)\b", core.strip()):
            raise NotRead("'il' after the holder's verb: the holder or the one reached?")
        target = getattr(e, "target", None)
        if target is None:
            raise NotRead("a count of the one reached, on an effect reaching no one")
        if target in ("self", "opponent"):

            def settled(per: Count, target: str = target) -> Count:
                if not reaches_target(per):
                    return per
                return replace(per, of=target) if per.kind == "stat" else replace(per, on=target)

            more = tuple(replace(t, per=settled(t.per)) for t in amount.more)
            e = replace(e, amount=replace(amount, per=settled(amount.per), more=more))  # type: ignore[arg-type]
        out.append(e)
    return out


# --- a stat divided by 2 -------------------------------------------------------------------------------

_HALVED_STATS = {"defense": "defense", "esprit": "spirit"}


def halving(r: Reader, c: Clause, t: str, ctx: Ctx) -> tuple[Target, list[Effect]] | None:
    """``la Défense du personnage adverse est divisée par 2 (arrondie à l'inférieur)``, ``le
    personnage adverse a sa Défense divisée par deux``, ``l'Esprit et la Défense de votre personnage
    sont divisés par 2`` -> a malus of half the stat, counted when the effect applies: Défense −⌈D/2⌉
    (rounded down: the stat becomes ⌊D/2⌋), −⌊D/2⌋ when rounded up; divided by 3 or 4, −D plus a
    term ⌊D/N⌋ (or ⌈D/N⌉). Only Défense and Esprit (the rolled Attaque is no count), and never on a
    standing effect (whose count is read whenever the stat is read: the stat from itself)."""
    from cards.domain.text_grammar import NotRead

    stats_re = (
        r"(?:(?:la |l'|sa |son )?(?:defense|esprit))(?:(?:,| et) (?:la |l'|sa |son )?(?:defense|esprit))?"
    )
    whose_re = r"(du personnage adverse|de votre adversaire|de l'adversaire|de votre personnage|adverse)?"
    rounding = r"(?:,? \(?(?:arrondie?s? )?(a l'inferieur|au superieur)\)?)?"
    by = r"(2|deux|3|trois|4|quatre)"
    m = re.fullmatch(rf"({stats_re}) {whose_re} ?(?:est|sont) divisee?s? par {by}{rounding}", t)
    who_text = None
    if m:
        stats_text, whose, div_text, up = m.group(1), m.group(2), m.group(3), m.group(4)
    else:
        m = re.fullmatch(
            rf"(le personnage adverse|votre adversaire|votre personnage|il|vous) (?:a|avez) ({stats_re})"
            rf" divisee?s? par {by}{rounding}",
            t,
        )
        if not m:
            return None
        who_text, stats_text, whose, div_text, up = m.group(1), m.group(2), None, m.group(3), m.group(4)
    div = _n(r, div_text)
    if ctx.standing or (ctx.subject == "card" and ctx.stays and not ctx.happens):
        raise NotRead("a stat halved by a standing effect (the stat counted from itself)")
    if who_text is not None:
        target = r._view(r.subject(c, who_text, ctx.names), who_text, ctx)
    elif whose is None or "votre personnage" in whose:
        target = r._view("self", "", ctx)
    else:
        target = r._view("opponent", "", ctx)
    if target not in ("self", "opponent"):
        raise NotRead(f"halved for {target!r}")
    of = "self" if target == "self" else "opponent"
    from cards.domain.effects import Modify, Scaled

    effects: list[Effect] = []
    for word in re.findall(r"defense|esprit", stats_text):
        stat = _HALVED_STATS[word]
        counted = Count("stat", stat=stat, of=of)
        if div == 2:
            # the stat becomes ⌊D/2⌋ (rounded down, the default) or ⌈D/2⌉: a malus of the other half
            malus = Scaled(per=counted, each=-1, div=2, round_up=up != "au superieur")
        else:
            # it becomes ⌊D/N⌋ or ⌈D/N⌉: a malus of D less that (−D + ⌈D/N⌉), an added term
            kept = Scaled(per=counted, div=div, round_up=up == "au superieur")
            malus = Scaled(per=counted, each=-1, more=(kept,))
        effects.append(Modify(stat=stat, amount=malus, target=target))
    return target, effects


# --- "… supplémentaire" ------------------------------------------------------------------------------

_SUPPLEMENT = re.compile(r"(.+)(?:,? et |, )((?:[^,]*? )?supplementaires?|[+-] ?\d+)")


def split_supplement(
    r: Reader, c: Clause, core: str, ctx: Ctx, effects: list[Effect] | None
) -> tuple[list[Effect], list[Effect]] | None:
    """``Attaque +2 et Attaque +1 supplémentaire pour chaque …`` / ``Attaque +2, +1 supplémentaire
    pour chaque …``: the effects before the last predicate, and those of the last one (giving
    again a stat the clause gave, or a bare "+1" adding to the stat before it), which alone a
    trailing scaling is about. None: not such a clause (a supplement of other stats: the whole
    clause is the supplement)."""
    from cards.domain.effects import Modify
    from cards.domain.text_grammar import NotRead

    m = _SUPPLEMENT.fullmatch(core)
    if not m:
        return None
    head = r.predicates(c, m.group(1), ctx)
    bare = re.fullmatch(r"([+-]) ?(\d+)(?: supplementaires?)?", m.group(2))
    if bare:
        last = head[-1] if head else None
        if not isinstance(last, Modify) or not isinstance(last.amount, int):
            raise NotRead(f"what {m.group(2)!r} adds to")
        n = int(bare.group(2)) * (1 if bare.group(1) == "+" else -1)
        return head, [replace(last, amount=n)]
    if effects is None:
        return None
    if effects[: len(head)] != head or len(effects) == len(head):
        raise NotRead("which predicate is the supplement")
    tail = effects[len(head) :]

    def key(e: Effect) -> tuple[str, str, object]:
        return (e.op, getattr(e, "stat", ""), getattr(e, "selector", None) or getattr(e, "target", None))

    if not {key(e) for e in tail} & {key(e) for e in head}:
        return None  # other stats: the whole clause is the supplement (as text_grammar's extra_if)
    return head, tail


def check_one_scaled_kind(core: str, effects: list[Effect]) -> None:
    """A trailing "par …" after predicates of different kinds, each with its own verb ("a Esprit
    -2 et subit 2 dégâts magiques par Corruption"): the last one's, or all of them? Not read.
    (Bare predicates, "Attaque +1 et Soin 1 par …", share it, as stats given together do.)"""
    from cards.domain.text_grammar import NotRead

    kinds = {e.op for e in effects if getattr(e, "amount", None) is not None}
    verb = (
        r"(?:,| et) (?:a|ont|subit|subissent|gagne|gagnent|perd|perdent|inflige|infligent|recoit|recoivent) "
    )
    if len(kinds) > 1 and re.search(verb, core):
        raise NotRead("a scaling after predicates of different kinds: whose?")


def check_no_self_reading(effects: list[Effect], ctx: Ctx) -> None:
    """A standing modifier of a stat counting characters by that stat ("Défense +1 par personnage
    dont la Défense est supérieure à 4" on a card that stays) would read itself: not read."""
    from cards.domain.effects import Modify
    from cards.domain.text_grammar import NotRead

    if not (ctx.standing or (ctx.stays and not ctx.happens)):
        return
    for e in effects:
        if not isinstance(e, Modify) or not isinstance(e.amount, Scaled):
            continue
        for term in e.amount.terms:
            who = term.per.characters
            read = who.stat.stat if isinstance(who, Selector) and who.stat is not None else ""
            if read and (read == e.stat or read.startswith(f"{e.stat}_")):
                raise NotRead("a standing modifier counting characters by the stat it changes")


def check_no_supplement(core: str) -> None:
    """A bare "+1 supplémentaire" after several predicates that could not be split: not read."""
    from cards.domain.text_grammar import NotRead

    if re.search(r"(?:,| et) [+-] ?\d+ supplementaires?$", core):
        raise NotRead("a scaling of the supplement only")


def forever_from(r: Reader, c: Clause, before: str, ctx: Ctx, effects: list[Effect]) -> list[Effect]:
    """ "définitivement" lasts the rest of the game for the predicate it is in and those after it
    ("vos Golems gagnent définitivement 1 Niveau et 1 PV max"), not for the predicates before
    ("Défense +1, Esprit +1 et gagne définitivement 1 Niveau": only the level)."""
    from cards.domain.effects import Duration
    from cards.domain.text_grammar import NotRead

    head: list[Effect] = []
    m = re.fullmatch(r"(.+)(?:, et |, | et )(.+)", before)
    if m:
        try:
            head = r.predicates(c, m.group(1), ctx)
        except NotRead:
            head = []
        if effects[: len(head)] != head:
            head = []
    out = list(head)
    for e in effects[len(head) :]:
        if getattr(e, "duration", None) is None:
            raise NotRead("'définitivement' on an effect that happens once")
        out.append(r._lasting(e, Duration("game")))
    return out
