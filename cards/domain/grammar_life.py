"""Damage, heals, loss of HP and maximum HP in the rules-text grammar (cards/domain/text_grammar.py).

The functions here are parts of :class:`~cards.domain.text_grammar.Reader`, called by it: who is hit
or healed (:func:`subject`, :func:`target`), what a character's HP become (:func:`bare`,
:func:`verb`), and a damage or heal with a conditional bonus (:func:`phrase`).

Readings chosen here (docs/cardset.md, "The rules-text compiler"):

- "N dégâts +M si …" / ", +M s'il …" is N + M when the condition holds, N otherwise: two effects
  with opposite conditions (never two hits: a magical hit of N and another of M would each be
  reduced by the Esprit). A pronoun in the condition ("s'il …") speaks of the one hit: read only
  when that one is the holder or the opponent and the condition is about it.
- "le personnage choisi" is the character of the "Choisissez …" before it.
- "ses / leurs PV max (ou limite de PV max) augmentés / réduits de N" is ``hp_max`` ±N; "… et
  leurs PV augmentés de N" also heals N ("diminués": also loses N).
- "soigné jusqu'à son maximum de PV": a heal of the HP it misses.
- "… en gagne N" after a phrase about HP: N HP.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cards.domain import regex as re
from cards.domain.effects import (
    Amount,
    Attach,
    Compare,
    Condition,
    Count,
    Damage,
    Duration,
    Effect,
    Event,
    Heal,
    HealDealt,
    LoseHp,
    Modify,
    Scaled,
    Selector,
    Tap,
    Target,
    Trigger,
    Untap,
    target_group,
)
from cards.domain.grammar_errors import NotRead
from cards.domain.grammar_scale import as_scaled

if TYPE_CHECKING:
    from cards.domain.text_grammar import Clause, Ctx, Reader

#: The moments a trigger at the end of a phrase may name.
_MOMENTS = ("combat_start", "combat_end", "turn_start", "turn_end")
#: The words of a group, in "un de vos X ayant le moins de PV".
_FEWEST = r"(?:ayant|qui a) le moins de pv"
_MOST_WOUNDED = r"(?:le plus blesse|ayant perdu le plus de pv|(?:ayant|qui a) subi le plus de degats)"

#: Condition keys about the opponent / about the holder (a pronoun condition must be about the
#: one it names).
_OPPONENT_KEYS = frozenset(
    {
        "opponent_class",
        "opponent_race",
        "opponent_guild",
        "opponent_caste",
        "opponent_single_class",
        "opponent_is",
        "opponent_carrying",
        "opponent_carrying_match",
        "opponent_plays",
        "opponent_tapped",
        "opponent_ordre",
    }
)
_HOLDER_KEYS = frozenset(
    {
        "played_by",
        "played_by_class",
        "played_by_guild",
        "played_by_race",
        "played_by_caste",
        "played_by_single_class",
        "carrying",
        "carrying_match",
        "plays",
        "tapped",
        "ordre",
    }
)


def _set_keys(cond: Condition) -> set[str]:
    return {k for k in cond.__dataclass_fields__ if getattr(cond, k) is not None}


# --- who ------------------------------------------------------------------------------------------


def subject(r: Reader, c: Clause, text: str, ctx: Ctx) -> Target | None:
    """Who is hit or healed, in the phrases the reader's subjects do not know (None: not one)."""
    t = text.strip()
    if ctx.others is not None and t in ("les autres", "les autres personnages", "tous les autres"):
        return ctx.others
    if ctx.others is not None and t in ("un autre", "un autre personnage"):
        group, _ = target_group(ctx.others)
        if isinstance(ctx.others, Selector):
            return replace(ctx.others, pick="choice")
        return Selector(group=group, pick="choice")
    if re.fullmatch(r"(?:le|ce) personnage (?:ainsi )?choisi|le personnage de votre choix", t):
        if ctx.pronoun is None:
            raise NotRead("which chosen character?")
        return ctx.pronoun
    if re.fullmatch(r"le personnage adverse en combat|votre adversaire en combat", t):
        return r._view("opponent", t, ctx)
    if re.fullmatch(r"(?:tous )?(?:les|vos) adversaires(?: en vie)?|tous les personnages adverses en vie", t):
        return "all_enemies"
    if re.fullmatch(
        r"(?:un|l'un de vos|un de vos) (?:personnage adverse|adversaire|adversaires) de votre choix"
        r"|l'adversaire de votre choix",
        t,
    ):
        return "enemy"
    if re.fullmatch(r"(?:un|1) (?:adversaire|personnage adverse) (?:determine )?aleatoire", t):
        return "random_enemy"
    if re.fullmatch(r"un (?:de vos )?allies? de votre choix|un de vos allies de votre choix", t):
        return "other_ally"
    if re.fullmatch(r"un de vos personnages de votre choix", t):
        return "ally"
    if re.fullmatch(r"un personnage de votre choix", t):
        return "character"
    m = re.fullmatch(
        rf"(?:le |l')(personnage adverse|adversaire|allie|personnage allie|personnage)"
        rf" ({_FEWEST}|{_MOST_WOUNDED})",
        t,
    )
    if m:  # "le personnage adverse ayant le moins de PV": the one of that side
        pick = "fewest_hp" if re.fullmatch(_FEWEST, m.group(2)) else "most_wounded"
        side = {"allie": "other_allies", "personnage allie": "allies", "personnage": "characters"}
        return Selector(group=side.get(m.group(1), "enemies"), pick=pick)
    m = re.fullmatch(
        r"(?:un|une|l'un|l'une) (allie|personnage allie|de vos allies|de vos personnages|personnage adverse"
        r"|des personnages adverses|personnage) (blessee?|non blessee?)",
        t,
    )
    if m:  # "un allié blessé": one of them, wounded when it is chosen
        group = {"allie": "other_allies", "de vos allies": "other_allies", "personnage": "characters"}.get(
            m.group(1), "enemies" if "advers" in m.group(1) else "allies"
        )
        return Selector(group=group, pick="choice", wounded=not m.group(2).startswith("non"))
    m = re.fullmatch(r"une de vos (.+)", t)
    if m:  # "une de vos Bêtes" (the reader's subjects say "un de vos")
        return r.subject(c, f"un de vos {m.group(1)}", ctx.names)
    if re.fullmatch(r"les (?:2|deux) personnages en combat|chacun des (?:2|deux) personnages en combat", t):
        return "fighters"
    m = re.fullmatch(rf"(?:un|l'un) (de vos autres|de vos|des) (.+?) ({_FEWEST}|{_MOST_WOUNDED})", t)
    if m:
        pick = "fewest_hp" if re.fullmatch(_FEWEST, m.group(3)) else "most_wounded"
        group = {"de vos autres": "other_allies", "de vos": "allies", "des": "characters"}[m.group(1)]
        who = m.group(2)
        if re.fullmatch(r"personnages?", who):
            return Selector(group=group, pick=pick)
        if re.fullmatch(r"personnages? adverses?", who):
            return Selector(group="enemies", pick=pick)
        try:
            found = r.who_filter(who)
        except NotRead:
            return None
        return Selector(group=group, pick=pick, **r._filter_keys(found))
    return None


def target(r: Reader, c: Clause, text: str, ctx: Ctx) -> Target:
    """Whom a damage or a heal reaches ("à tous les adversaires en vie")."""
    try:
        return r.subject(c, text, ctx.names)
    except NotRead:
        found = subject(r, c, text, ctx)
        if found is None:
            raise
        return found


# --- predicates ----------------------------------------------------------------------------------


def gapped(r: Reader, c: Clause, left: str, right: str, ctx: Ctx) -> list[Effect] | None:
    """ "Vos Démons ont Attaque +2 et vos Mages Esprit +2": the second predicate without its verb
    takes the first one's (None: not such)."""
    from cards.domain.text_grammar import STAT_RE  # (a cycle of imports)

    dm = re.fullmatch(r"(\d+|une?|deux|trois) (?:degats )?(?:a|au|aux) (.+)", right)
    km = re.fullmatch(r"inflige .*?degats (physiques?|magiques?|directs?)\b.*", left)
    if dm and km:  # "inflige 2 dégâts directs au personnage adverse et 1 aux autres": the same kind
        try:
            first = r.predicates(c, left, ctx)
            who = target(r, c, re.sub(r"^(?=autres )", "les ", dm.group(2)), ctx)
        except NotRead:
            return None
        if len(first) != 1 or not isinstance(first[0], Damage):
            return None
        return [replace(first[0], amount=r._points(dm.group(1)), **_target(who))]
    if re.match(r"(?:en|au|a la|a l') (?:debut|fin|issue)\b", right):
        # "Celui-ci a Défense +2 et en début de combat il gagne 1 PV": a trigger after the predicate
        try:
            return r.phrase(c, right, ctx)
        except NotRead:
            return None
    verb_m = re.search(r"\b(ont|a|gagnent|gagne)\b ", left)
    if verb_m is None:
        return None
    for m in re.finditer(r"\b(?=(?:" + STAT_RE + r")\b)", right):
        who = right[: m.start()].strip()
        if not who or re.search(r"\b(?:ont|a|gagnent|gagne)$", who):
            continue
        try:
            return r.predicates(c, f"{who} {verb_m.group(1)} {right[m.start() :]}", ctx)
        except NotRead:
            continue
    return None


def bare(r: Reader, c: Clause, t: str, ctx: Ctx, default: Target) -> list[Effect] | None:
    """A predicate without its subject, about HP (None: not one of these)."""
    found = subject_phrase(r, c, t, ctx)
    if found is not None:
        return found
    found = attach_this_card(r, c, t, ctx)
    if found is not None:
        return found
    if re.fullmatch(r"meurt", t):
        return verb(r, c, t, ctx, default)
    m = re.fullmatch(
        r"(?:votre |sa |son )?limite de pv max(?:imum|imale|\.)? (augmentee|reduite|diminuee) de (\d+)", t
    )
    if m:
        sign = 1 if m.group(1) == "augmentee" else -1
        return [Modify(stat="hp_max", amount=sign * int(m.group(2)), **_target(default))]
    return None


def verb(r: Reader, c: Clause, t: str, ctx: Ctx, who: Target) -> list[Effect] | None:
    """The predicate after its subject (``t`` starts with the verb), about HP."""
    m = re.fullmatch(
        r"(?:a|ont|avez) (?:sa |ses |son |leur |leurs |votre |vos )(?:limite de )?(?:pv|limite de pv)"
        r" max(?:imum|imaux|\.)?"
        r"( et (?:ses|leurs|vos) pv)? (augmentee?s?|reduite?s?|diminuee?s?) de (\d+)",
        t,
    )
    if m:
        return _hp_max(who, m.group(2).startswith("augment"), int(m.group(3)), bool(m.group(1)))
    m = re.fullmatch(r"(?:est|sont|etes) soigne(?:e|s|es)? jusqu'a (?:son|leur|votre) maximum de pv", t)
    if m:
        if who not in ("self", "opponent"):
            raise NotRead("the HP each one misses")
        missing = Scaled(per=Count("stat", stat="hp_missing", of=who))
        return [Heal(amount=missing, **_target(who))]
    m = re.fullmatch(r"(?:meurt|meurent)(?: immediatement)?", t)
    if m:
        # a death: the character loses all its HP (docs/rules/eredan.md §3: at 0 HP it is dead)
        if who not in ("self", "opponent"):
            raise NotRead("whose HP?")
        return [LoseHp(amount=Scaled(per=Count("stat", stat="hp", of=who)), **_target(who))]
    m = re.fullmatch(r"(?:realise|realisent) (?:un|une) (attaque .+)", t)
    if m:  # "il réalise une attaque supplémentaire …" = "effectue"
        return r._verb(c, f"effectue une {m.group(1)}", ctx, who)
    m = re.fullmatch(r"(?:gagne|gagnent|gagnez) (\d+) pv max(?:imum|\.)?", t)
    if m:  # "vos Mages gagnent 1 PV max"
        return [Modify(stat="hp_max", amount=int(m.group(1)), **_target(who))]
    m = re.fullmatch(r"etes (incline|releve)e?s?", t)
    if m:  # "vous êtes relevé"
        return [(Tap if m.group(1) == "incline" else Untap)(**_target(who))]
    m = re.fullmatch(r"a soin (?:de )?(.+?) pv", t)
    if m:
        return [Heal(amount=r._points(m.group(1)), **_target(who))]
    m = re.fullmatch(r"(?:perd|perdent|perdez) (un|une|deux|trois|\d+) niveaux?", t)
    if m:
        # a level lost, as a level gained (grammar_cards.gain): for the rest of the game unless the
        # text says otherwise (a level is not a combat modifier)
        return [Modify(stat="level", amount=-r_number(m.group(1)), duration=Duration("game"), **_target(who))]
    return None


def condition(r: Reader, c: Clause, t: str, ctx: Ctx) -> Condition | None:
    """ "vous êtes Mage", "votre personnage est Eclipse": who the holder is; its HP, the cards it
    played, its Ordre bonus, whom it fought (None: not such)."""
    m = re.fullmatch(r"(?:vous etes|votre personnage est|il est) equipee?s? d'une? (.+)", t)
    if m:  # "si vous êtes équipé d'une Arme": carrying one
        return Condition(carrying_match=r._carried_match(c, m.group(1)))
    m = re.fullmatch(
        r"(?:votre personnage|il|elle|vous|ce personnage) (a|avez|n'a jamais|n'avez jamais) (?:deja )?"
        r"combattu (?:le personnage adverse|votre adversaire|son adversaire|l'adversaire)"
        r"(?: (?:pendant|durant|dans) la partie| depuis le debut de la partie)?",
        t,
    )
    if m:
        return Condition(fought_before=not m.group(1).startswith("n"))
    m = re.fullmatch(
        r"(votre personnage|il|elle|vous|ce personnage|le porteur|le personnage adverse|votre adversaire"
        r"|l'adversaire) (a|avez|beneficie de|beneficiez de|n'a pas|n'avez pas|ne beneficie pas de"
        r"|ne beneficiez pas de) (?:son|votre) bonus d'ordre(?: ce tour-ci)?",
        t,
    )
    if m:
        value = not m.group(2).startswith("n")
        if m.group(1) in ("le personnage adverse", "votre adversaire", "l'adversaire"):
            return Condition(opponent_ordre=value)
        return Condition(ordre=value)
    m = re.fullmatch(
        r"(?:les )?pv (de votre personnage|de ce personnage|du porteur|du personnage adverse"
        r"|de votre adversaire) (?:sont|est) (inferieure?s?|superieure?s?)( ou egale?s?| ou egaux)?"
        r" a (-?\d+)",
        t,
    )
    if m:
        of = "opponent" if "adverse" in m.group(1) or "adversaire" in m.group(1) else "self"
        cmp = ("<" if m.group(2).startswith("inf") else ">") + ("=" if m.group(3) else "")
        return Condition(compare=Compare(Count("stat", stat="hp", of=of), cmp, int(m.group(4))))
    m = re.fullmatch(
        r"(votre personnage|vous|il|ce personnage|le porteur|le personnage adverse|votre adversaire"
        r"|l'adversaire) (?:a |avez )?(?:subi|subit|subis|subissez)"
        r" (?:(moins|plus) de (\d+) (?:points? de )?degats|des degats)"
        r"(?: ce tour(?:-ci)?| durant le tour| pendant le tour)?"
        r"|vous en avez (?:subi|subit) (moins|plus) de (\d+)",
        t,
    )
    if m and (m.group(1) or re.search(r"\bdegats\b.* en avez subi", c.text)):
        # the damage taken this turn ("si vous en avez subi plus de 7": after a phrase about damage)
        of = "opponent" if m.group(1) and re.search(r"adverse|adversaire", m.group(1)) else "self"
        taken = Count("damage_taken", of=of)
        word, n = (m.group(2), m.group(3)) if m.group(1) else (m.group(4), m.group(5))
        if word is None:
            return Condition(compare=Compare(taken, ">=", 1))
        return Condition(compare=Compare(taken, "<" if word == "moins" else ">", int(n)))
    m = re.fullmatch(
        r"(votre personnage|vous|ce personnage|le porteur|le personnage adverse|votre adversaire"
        r"|l'adversaire) (?:a|avez) (moins|plus) de (-?\d+) ou (moins|plus) de (-?\d+) pv",
        t,
    )
    if m and m.group(2) != m.group(4):  # "plus de 15 ou moins de 5 PV": either
        hp = Count(
            "stat", stat="hp", of="opponent" if re.search(r"adverse|adversaire", m.group(1)) else "self"
        )
        return Condition(
            any=tuple(
                Condition(compare=Compare(hp, "<" if word == "moins" else ">", int(n)))
                for word, n in ((m.group(2), m.group(3)), (m.group(4), m.group(5)))
            )
        )
    m = re.fullmatch(
        r"(votre personnage|vous|ce personnage|le porteur|le personnage adverse|votre adversaire"
        r"|l'adversaire) (?:a|avez) (moins|plus) (?:de (-?\d+)|d'(?:un|1)) pv"
        r"|(vos|ses|les) pv (?:sont|deviennent) (negatifs|inferieurs a (-?\d+)|superieurs a (-?\d+))",
        t,
    )
    if m:  # HP compared (below 1: at most 0, dead or not — docs/rules/eredan.md §3)
        hp_of = "self"
        if m.group(1) and re.search(r"adverse|adversaire", m.group(1)):
            hp_of = "opponent"
        if m.group(4) == "ses":
            return None
        if m.group(1):
            cmp, n = ("<" if m.group(2) == "moins" else ">"), int(m.group(3) or 1)
        elif m.group(5) == "negatifs":
            cmp, n = "<", 0
        elif m.group(6) is not None:
            cmp, n = "<", int(m.group(6))
        else:
            cmp, n = ">", int(m.group(7))
        return Condition(compare=Compare(Count("stat", stat="hp", of=hp_of), cmp, n))
    m = re.fullmatch(
        r"(?:l'une des cartes |une des cartes |la carte |une carte )?(.+?) (?:est|sont) attachee?s?"
        r" (au personnage adverse|a votre adversaire|a l'adversaire|a votre personnage|a vous|au porteur)",
        t,
    )
    if m and not re.match(r"cette carte\b|elle\b|il\b", m.group(1)):
        # "si une des cartes 'X' ou 'Y' est attachée au personnage adverse": it carries one
        found = r.match(c, m.group(1))
        if re.search(r"adverse|adversaire", m.group(2)):
            return Condition(opponent_carrying_match=found)
        return Condition(carrying_match=found)
    m = re.fullmatch(
        r"(vous|votre personnage|il|elle|le porteur|le personnage adverse|votre adversaire) (?:ne |n')"
        r"(portez|porte) (?:pas|aucun|aucune) (?:(d'autres? |d'|de |autre )?)(.+)",
        t,
    )
    if m and not re.search(r"\b(?:au moment|lorsque|quand)\b", m.group(4)):
        # "si vous ne portez pas d'(autre) Objet maudit": not carrying one (another one)
        other = "autre " if m.group(3) and "autre" in m.group(3) else ""
        return Condition(not_=r.condition(c, f"si {m.group(1)} {m.group(2)} un {other}{m.group(4)}", ctx))
    m = re.fullmatch(r"vos allies (sont morts|sont en vie|sont tous morts)", t)
    if m:  # "vos alliés" are the player's other characters
        return r.condition(c, f"vos autres personnages {m.group(1)}", ctx)
    m = re.fullmatch(
        r"(vous etes|votre personnage est|le porteur est|le personnage adverse est|votre adversaire est"
        r"|l'adversaire est) (?:encore |toujours )?en vie",
        t,
    )
    if m:  # alive: more than 0 HP (docs/rules/eredan.md §3)
        of = "opponent" if re.search(r"adverse|adversaire", m.group(1)) else "self"
        return Condition(compare=Compare(Count("stat", stat="hp", of=of), ">", 0))
    m = re.fullmatch(r"(?:le porteur|le porteur de cette carte) est (incline|releve)e?", t)
    if m:
        return Condition(tapped=m.group(1) == "incline")
    m = re.fullmatch(
        r"(?:votre personnage|vous|il|ce personnage) (?:a |avez )?(?:inflige|infligez) (moins|plus) de (\d+)"
        r" (?:points? de )?degats(?: ce tour(?:-ci)?| durant le tour| pendant le tour)?",
        t,
    )
    if m:  # the damage the holder dealt this turn
        cmp = "<" if m.group(1) == "moins" else ">"
        return Condition(compare=Compare(Count("damage_dealt"), cmp, int(m.group(2))))
    m = re.fullmatch(
        r"(?:votre personnage|vous|il|ce personnage) (?:a |avez )?(?:inflige|infligez) (moins|plus) de degats"
        r" que (?:le personnage adverse|votre adversaire|l'adversaire|lui)(?: ce tour(?:-ci)?)?",
        t,
    )
    if m:
        cmp = "<" if m.group(1) == "moins" else ">"
        theirs = Count("damage_dealt", of="opponent")
        return Condition(compare=Compare(Count("damage_dealt"), cmp, theirs))
    m = re.fullmatch(
        r"(vous avez|votre personnage a|il a|le personnage adverse a|votre adversaire a) joue"
        r" (\d+|une?|deux|trois) cartes?( ou plus)?",
        t,
    )
    if m:
        owner = "opponent" if "adverse" in m.group(1) or "adversaire" in m.group(1) else "self"
        count = Count("cards", pile="played_turn", owner=owner)
        return Condition(compare=Compare(count, ">=", r_number(m.group(2))))
    m = re.fullmatch(r"(?:vous avez|votre personnage a|il a|ce personnage a) (?:joue|active) (.+)", t)
    if m:
        # "si vous avez joué un Sort" (after the cards, at the end of the combat): this turn
        return Condition(plays=r.match(c, m.group(1)))
    m = re.fullmatch(
        r"(?:vous etes|votre personnage est|ce personnage est|le porteur est) (?:un |une )?(.+)", t
    )
    if not m or re.fullmatch(r"(?:incline|releve|blesse|mort|en vie)e?s?", m.group(1)):
        return None
    try:
        return r.who_condition(m.group(1), "played_by")
    except NotRead:
        return None


def attach_this_card(r: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """ "cette carte s'attache à un de vos Golems aléatoire" when something happens (in a trigger,
    the card in play goes to that character; said of how the card is played, it is a play rule
    that the card-level phrases read)."""
    m = re.fullmatch(
        r"(?:cette carte|elle) (?:s'attache|est attachee|est placee|se place) (a |au |aux |sur )(.+)", t
    )
    if not m or not ctx.happens:
        return None
    named = re.fullmatch(r"(.+?)(?: s'il est en vie)?", m.group(2))
    text = re.sub(r" en vie(?= aleatoire$|$)", "", m.group(2))
    family = r._named(c, named.group(1), ctx) if named and m.group(1) in ("a ", "au ") else None
    if family is not None and family != "self":
        # "cette carte s'attache au Roi Tonnerre s'il est en vie": that character of the holder's
        # side, when it lives (a pick among the living ones of that name: one)
        return [Attach(**_target(Selector(group="allies", family=family, pick="random")))]
    if m.group(1) == "au ":
        text = f"le {text}"
    who = r._view(target(r, c, text, ctx), text, ctx)
    return [Attach(**_target(who))]


def subject_phrase(r: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """HP phrases whose subject is the HP themselves: "les PV maximum des personnages adverses
    sont réduits de 1", "votre limite de PV et vos PV sont augmentés de 1"."""
    m = re.fullmatch(
        r"(?:les |la )?(?:limite de )?pv max(?:imum|imaux|\.)? (de |des |du )(.+?) (?:sont|est) "
        r"(augmentee?s?|reduite?s?|diminuee?s?) de (\d+)",
        t,
    )
    if m:
        article = {"de ": "", "des ": "les ", "du ": "le "}[m.group(1)]
        who = r.subject(c, article + m.group(2), ctx.names)
        up = m.group(3).startswith("augment")
        return _hp_max(r._view(who, m.group(2), ctx), up, int(m.group(4)), False)
    m = re.fullmatch(
        r"les soins (?:(des |de |du )(.+?)|qu'(il|ils|elle|elles) effectue(?:nt)?) (?:sont|est) "
        r"(augmentes|reduits|diminues) de (\d+)",
        t,
    )
    if m:  # "the heals of the opposing characters are reduced by 1": of the heals each of them gives
        if m.group(1):
            article = {"de ": "", "des ": "les ", "du ": "le "}[m.group(1)]
            who = r.subject(c, article + m.group(2), ctx.names)
            who = r._view(who, m.group(2), ctx)
        else:
            who = r._view(target(r, c, m.group(3), ctx), m.group(3), ctx)
        amount = int(m.group(5)) * (1 if m.group(4) == "augmentes" else -1)
        return [HealDealt(amount=amount, **_target(who))]
    m = re.fullmatch(
        r"(.+?) en (?:gagne|gagnent|gagnez|regagne|regagnent) (\d+|une?|deux|trois|quatre|cinq)", t
    )
    if m and re.search(r"\bpv\b", re.split(r" en (?:re)?gagn", c.text)[0]):
        try:
            who = target(r, c, m.group(1), ctx)
        except NotRead:
            return None  # "si …, vos alliés en gagnent 4": the condition first
        return [Heal(amount=r._points(m.group(2)), **_target(r._view(who, m.group(1), ctx)))]
    m = re.fullmatch(
        r"(votre|vos) (?:limite de pv|pv max(?:imum|\.)?)( et (?:vos|votre) pv)? (?:sont|est) "
        r"(augmentee?s?|reduite?s?|diminuee?s?) de (\d+)",
        t,
    )
    if m:
        return _hp_max(
            r._view("self", "vous", ctx), m.group(3).startswith("augment"), int(m.group(4)), bool(m.group(2))
        )
    return None


def again_at(r: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """ "Il subit 1 dégât direct et en subira 1 au début de chaque tour": that damage now, and that
    much again at each such moment (None: not such a phrase)."""
    m = re.fullmatch(r"(.+?),? et en (?:subit|subira|subissent|subiront) (\d+|une?|deux|trois) (.+)", t)
    if not m:
        return None
    name = next((n for p, n in r.TRIGGERS if n in _MOMENTS and re.fullmatch(p, m.group(3))), None)
    if name is None:
        return None
    first = r.phrase(c, m.group(1), ctx)
    if len(first) != 1 or not isinstance(first[0], Damage) or first[0].when is not None:
        raise NotRead("again what?")
    again = replace(first[0], amount=r._points(m.group(2)))
    return [*first, Trigger(on=Event(name), effects=(again,))]  # type: ignore[arg-type]


def healed_as_much(r: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """ "Lorsque 'X' ou 'Y' subit des dégâts, 'Z' est soigné d'autant (de PV)": a trigger on each
    one's damage, healing the HP that damage took (the count ``event_damage``; None: not such a
    phrase)."""
    m = re.fullmatch(
        r"(lorsque|quand|chaque fois que|chaque fois qu'|des que) ?(.+?) (subit|subissent)"
        r" (des degats(?: \w+)?),? (.+?) (est|sont|etes) soignee?s? d'autant(?: de pv)?",
        t,
    )
    if not m:
        return None
    out: list[Effect] = []
    for who in re.split(r" ou ", m.group(2)):
        head = m.group(1) if m.group(1).endswith("'") or not re.match(r"[aeiouy]", who) else "chaque fois qu'"
        if head.endswith("que") and re.match(r"[aeiouy]", who):
            head = head[:-1] + "'"
        sep = "" if head.endswith("'") else " "
        said = f"{head}{sep}{who} {m.group(3)} {m.group(4)}, {m.group(5)} {m.group(6)} soigne de 1"
        found = r.phrase(c, said, ctx)
        if (
            len(found) != 1
            or not isinstance(found[0], Trigger)
            or found[0].on.kind not in ("damaged", "deals")
        ):
            raise NotRead("healed as much as what?")
        trigger = found[0]
        heals = [e for e in trigger.effects if isinstance(e, Heal)]
        if len(heals) != 1 or len(trigger.effects) != 1:
            raise NotRead("healed as much as what?")
        heal = replace(heals[0], amount=Scaled(per=Count("event_damage")))
        out.append(replace(trigger, effects=(heal,)))
    return out


def damage_event_if(r: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """ "Si un personnage vous inflige des dégâts physiques, il subit 2 dégâts directs" on a card that
    stays or a character's ability: each time it happens (as "chaque fois que"); "ses alliés et lui"
    after damage to "un personnage adverse" are every enemy (None: not such a phrase)."""
    if ctx.happens or not (ctx.standing or (ctx.subject == "card" and ctx.stays)):
        return None
    m = re.fullmatch(
        r"si ((?:un personnage(?: adverse)?|le personnage adverse|votre adversaire|vous|votre personnage)"
        r" (?:vous )?(?:inflige|infligez|infligent) des degats[^,]*), (.+)",
        t,
    )
    if not m:
        # "Si vous subissez des dégâts magiques, …", "Si vous blessez un personnage adverse, …"
        # (the present: each time; "si vous avez subi …" is about the turn, not read here)
        m = re.fullmatch(
            r"si ((?:vous|votre personnage|le porteur|le personnage adverse|votre adversaire)"
            r" (?:subit|subissez|recoit|recevez) (?:des degats|un degats?(?= allie| adverse))"
            r"(?: (?:physiques?|magiques?|directs?))?(?: allies?| adverses?)?"
            r"|vous blessez [^,]+|votre personnage blesse [^,]+), (.+)",
            t,
        )
    if not m:
        # "Attaque +1 jusqu'à la fin de la partie si un personnage adverse inflige des dégâts à
        # 'X'": the condition said last
        tm = re.fullmatch(
            r"(.+?),? si ((?:un personnage adverse|le personnage adverse|votre adversaire)"
            r" (?:vous )?(?:inflige|infligent) des degats[^,]*)",
            t,
        )
        if not tm or tm.group(1).startswith("si "):
            return None
        head = re.sub(r" au (@\d+@)$", r" a \1", tm.group(2))  # "au 'X'": to X
        each = "chaque fois qu'" if re.match(r"[aeiouy]", head) else "chaque fois que "
        return r.phrase(c, f"{each}{head}, {tm.group(1)}", ctx)
    body = m.group(2)
    pm = re.fullmatch(
        r"(le personnage adverse vous inflige des degats[^,]*?) en portant"
        r" (?:une ou plusieurs|un ou plusieurs|des) (.+)",
        m.group(1),
    )
    if pm:
        # "si le personnage adverse vous inflige des dégâts en portant une ou plusieurs Armes,
        # celles-ci sont défaussées": each time, when it carries such cards then; they are the
        # cards it carries
        if not re.fullmatch(r"(?:celles-ci|ceux-ci|elles|ils) sont defaussee?s", body):
            raise NotRead("what the opponent carries, then what?")
        from cards.domain.effects import DiscardAttached
        from cards.domain.grammar_triggers import event_head

        event = event_head(r, c, pm.group(1), ctx)
        match = r.match(c, pm.group(2))
        gone = DiscardAttached(count=None, cards=match, target="opponent")
        return [Trigger(on=event.event, effects=(gone,), when=Condition(opponent_carrying_match=match))]
    if re.search(r" a (?:un|le) personnage adverse$|^un personnage adverse ", m.group(1)):
        body = re.sub(
            r"^(?:ses allies et lui|lui et ses allies) (?:ont|a)\b", "les personnages adverses ont", body
        )
    head = m.group(1)
    each = "chaque fois qu'" if re.match(r"[aeiouy]", head) else "chaque fois que "
    return r.phrase(c, f"{each}{head}, {body}", ctx)


def moment_in_condition(r: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """ "Si votre personnage a moins de 6 PV en fin de combat, il …": at that moment, when the
    condition holds then (None: not such a phrase)."""
    m = re.fullmatch(
        r"si ([^,]+?) (en (?:debut|fin) de (?:combat|tour)|a la fin du (?:combat|tour)),? (.+)", t
    )
    if not m or not any(re.fullmatch(p, m.group(2)) for p, _ in r.TRIGGERS):
        return None
    return r.phrase(c, f"{m.group(2)}, si {m.group(1)}, {m.group(3)}", ctx)


def otherwise(r: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """ "Attaque +2 si vous portez une Lance, sinon vous subissez 1 dégât direct": the second part
    when the condition does not hold (None: not such a phrase)."""
    m = re.fullmatch(r"(.+?),? sinon,? (.+)", t)
    if not m or re.match(r"(?:si|tant que) ", t):
        return None
    from cards.domain.text_grammar import with_condition  # (a cycle of imports)

    head = m.group(1)
    for cut in re.finditer(r",? (?=si )", head):
        try:
            cond = r.condition(c, head[cut.end() :], ctx)
            first = r.phrase(c, head, ctx)
        except NotRead:
            continue
        if not first or any(e.when is None or e.when != _merged_when(e.when, cond) for e in first):
            continue  # the condition is not the whole head's
        if ctx.subject == "card" and ctx.stays and (cond.carrying_match or cond.carrying):
            # "si vous portez un Objet maudit, sinon …" on a cursed item that stays: is it one of
            # them? (then the "sinon" would never happen)
            raise NotRead("does the card itself count among the cards carried?")
        return [*first, *with_condition(r.phrase(c, m.group(2), ctx), Condition(not_=cond))]
    return None


def _merged_when(when: Condition, cond: Condition) -> Condition:
    from cards.domain.text_grammar import _merge_conditions  # (a cycle of imports)

    try:
        merged = _merge_conditions(when, cond)
    except NotRead:
        return cond
    return merged if merged is not None else cond


def then_if(r: Reader, c: Clause, first: str, rest: str, ctx: Ctx) -> list[Effect] | None:
    """ "Inflige 7 dégâts magiques à votre adversaire, puis s'il a moins de 1 PV, …": "il" is the
    one the first part hit, read only when that is the opponent (None: not "s'il" / "s'elle")."""
    m = re.match(r"(?:s'il|s'elle) (?!y a\b)", rest)
    if not m:
        return None
    before = r.phrase(c, first, ctx)
    if not before or any(hit_of(e) != "opponent" for e in before):
        raise NotRead("whom 'il' names after 'puis'")
    view = replace(ctx, pronoun=r._view("opponent", "", ctx))
    return before + r.phrase(c, f"si le personnage adverse {rest[m.end() :]}", view)


def hit_of(effect: Effect) -> Target | None:
    """Whom a damage, a heal, a loss of HP or a modifier reaches (None: another op)."""
    if not isinstance(effect, Damage | Heal | LoseHp | Modify):
        return None
    return effect.selector if effect.selector is not None else effect.target


_SUPPLEMENT = re.compile(
    r"(?:(?P<prefix>[^:]+?) : )?(?:inflige )?(?P<plus>\+ ?)?(?P<n>\d+|x) degats?"
    r" (?P<kind>physiques?|magiques?|directs?)"
    r"(?P<more> supplementaires?)?"
    r"(?: (?P<per>(?:pour (?:chaque|chacun de|chacune de|chacun des|chacune des)|par) .+?))?"
    r"(?:,? (?:ou|où) x est egale? (?:a |au |aux |a la |a l')(?P<x>.+))?"
)


def damage_supplement(r: Reader, raw: str, ctx: Ctx, before: Sequence[Effect]) -> list[Effect] | None:
    """ "Inflige 5 dégâts magiques. Mage : +2 dégâts magiques supplémentaires": the damage of the
    sentence before, 2 more when the prefix holds — one hit (two would each be reduced by the
    Esprit); "+1 dégât … supplémentaire pour chacun de vos Mages": 1 more per one counted. Returns
    the effects of the sentence before, changed (None: not such a sentence)."""
    from cards.domain.text_grammar import DAMAGE_KIND_WORDS, Clause, with_condition  # (a cycle of imports)

    c = Clause.of(raw)
    m = _SUPPLEMENT.fullmatch(c.text)
    if not m or not (m.group("more") or (m.group("plus") and m.group("per"))):
        return None  # "+1 dégât magique par Golem" (a scaling) or "… supplémentaires"
    if (m.group("n") == "x") != bool(m.group("x")) or (m.group("x") and m.group("per")):
        return None
    kind = DAMAGE_KIND_WORDS[m.group("kind")]
    hit = [e for e in before if isinstance(e, Damage) and e.kind == kind]
    if not hit or len({str(hit_of(e)) for e in hit}) != 1:
        raise NotRead("a supplement of which damage?")
    n = 0 if m.group("x") else int(m.group("n"))
    x_def = r.x_value(c, m.group("x")) if m.group("x") else None  # "X … où X est égal à votre Esprit"
    cond = r.prefix_condition(c, m.group("prefix"), ctx) if m.group("prefix") else None
    per: Count | None = None
    if m.group("per"):
        counted = re.sub(r"^(?:pour |par )", "", m.group("per"))
        per, excluded = r.count(c, counted)
        if excluded:
            raise NotRead("a count without the card itself")
    out: list[Effect] = []
    for e in before:
        if e not in hit:
            out.append(e)
            continue
        amount = e.amount
        more: Effect
        if x_def is not None:
            if not isinstance(amount, Amount) or amount.stat is not None or amount.lo != amount.hi:
                raise NotRead("X added to a rolled or stat amount")
            if isinstance(x_def, Amount):
                if x_def.stat is None or x_def.lo != x_def.hi:
                    raise NotRead("a rolled X added")
                more = replace(e, amount=Amount(amount.lo + x_def.lo, amount.lo + x_def.lo, x_def.stat))
            elif x_def.lo is None and x_def.hi is None:
                more = replace(e, amount=replace(x_def, plus=x_def.plus + amount.lo))
            else:
                raise NotRead("a bounded X added")
        elif per is not None:
            if isinstance(amount, Amount) and amount.stat is None and amount.lo == amount.hi:
                more = replace(e, amount=Scaled(per=per, each=n, plus=amount.lo))
            elif (isinstance(amount, Amount) and amount.lo == amount.hi) or (
                isinstance(amount, Scaled) and amount.lo is None and amount.hi is None
            ):
                # "X dégâts où X est égal à votre Esprit +2. Mage : +1 dégât par Golem": the stat
                # counted, and a term added (as in "X est égal à votre Esprit +1 par Golem")
                base = as_scaled(amount)
                more = replace(e, amount=replace(base, more=(*base.more, Scaled(per=per, each=n))))
            else:
                raise NotRead("a count added to a rolled or bounded amount")
        elif isinstance(amount, Amount) and amount.stat is None:
            more = replace(e, amount=Amount(amount.lo + n, amount.hi + n))
        elif isinstance(amount, Amount):
            more = replace(e, amount=replace(amount, lo=amount.lo + n, hi=amount.hi + n))
        elif isinstance(amount, Scaled) and amount.lo is None and amount.hi is None:
            more = replace(e, amount=replace(amount, plus=amount.plus + n))
        else:
            raise NotRead("a supplement of a bounded amount")
        if cond is None:
            out.append(more)
        else:
            out.extend([*with_condition([more], cond), *with_condition([e], Condition(not_=cond))])
    return out


def r_number(text: str) -> int:
    from cards.domain.text_grammar import number  # (a cycle of imports)

    return number(text)


def _hp_max(who: Target, up: bool, n: int, hp_too: bool) -> list[Effect]:
    out: list[Effect] = [Modify(stat="hp_max", amount=n if up else -n, **_target(who))]
    if hp_too:
        out.append((Heal if up else LoseHp)(amount=Amount(n, n), **_target(who)))
    return out


def _target(who: Target) -> dict[str, Any]:
    if isinstance(who, Selector):
        return {"target": "group", "selector": who}
    return {"target": who, "selector": None}


# --- a damage or heal with a conditional bonus ------------------------------------------------------

_BONUS = re.compile(
    r"(?P<base>.+? (?:degats|pv)(?: (?:physiques?|magiques?|directs?))?(?: (?:au|a|aux) .+?)?)"
    r",? \+ ?(?P<bonus>\d+)(?: (?:degats|pv)(?: (?:physiques?|magiques?|directs?))?)?(?: supplementaires?)?"
    r",? (?P<cond>(?:si|s'il|s'ils|s'elle|contre) .+)"
)


_INSTEAD = re.compile(
    r"(?P<base>.+? (?P<n>\d+) (?P<unit>pv|degats(?: (?:physiques?|magiques?|directs?))?)(?: .+?)?),?"
    r" ou (?P<m>\d+)(?: (?P=unit))?,? (?P<cond>(?:si|s'il|s'ils) .+)"
)


_INSTEAD_RANGE = re.compile(
    r"(?P<base>.+? (?:de |entre )?\d+ (?:a|et) \d+"
    r" (?P<unit>pv|degats(?: (?:physiques?|magiques?|directs?))?)(?: .+?)?)"
    r",? ou (?:de |entre )?(?P<lo>\d+) (?:a|et) (?P<hi>\d+)(?: (?P=unit))?,? (?P<cond>si .+)"
)


#: "Votre personnage gagne 2 PV, choisissez un de vos autres personnages, celui-ci …": a predicate of
#: the holder or the opponent with no condition, then a choice (its pronoun names the one chosen).
_THEN_CHOOSE = re.compile(
    r"(?P<first>(?:votre personnage|vous|le personnage adverse|votre adversaire) [^,]+?),? (?:puis )?"
    r"(?P<rest>choisissez .+)"
)


def then_choose(r: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """ "A, choisissez un personnage, il …": A (a plain predicate), then the choice and what befalls the
    one chosen (None: not such a phrase; NotRead: such a phrase, not understood)."""
    m = _THEN_CHOOSE.fullmatch(t)
    if not m or re.search(
        r"\b(?:si|s'il|s'ils|s'elle|sinon|tant qu|lorsqu|quand|chaque)\b", m.group("first")
    ):
        return None
    return r.predicates(c, m.group("first"), ctx) + r.phrase(c, m.group("rest"), ctx)


def phrase(r: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """ "Il subit 3 dégâts magiques +2 s'il est Mage": 5 when it is, 3 otherwise (None: not such a
    phrase; NotRead: such a phrase, not understood)."""
    m = _INSTEAD_RANGE.fullmatch(t)
    if m:  # "inflige 1 à 6 dégâts …, ou 4 à 8 dégâts si vous êtes Mage": that range instead
        base = r.predicates(c, m.group("base"), ctx)
        if len(base) != 1 or not isinstance(base[0], Damage | Heal | LoseHp):
            raise NotRead("a range instead of what?")
        cond = r.condition(c, m.group("cond"), ctx)
        if re.match(r"si (?:il|elle|celui-ci|celle-ci|ce dernier)\b", m.group("cond")):
            raise NotRead("a condition on whom?")
        other = replace(base[0], amount=Amount(int(m.group("lo")), int(m.group("hi"))))
        from cards.domain.text_grammar import with_condition  # (a cycle of imports)

        return [*with_condition([other], cond), *with_condition(base, Condition(not_=cond))]
    m = _INSTEAD.fullmatch(t)
    moment = (
        re.fullmatch(r"(.+?) ((?:en|au) (?:fin|debut) (?:de|du) (?:combat|tour))", m.group("base"))
        if m
        else None
    )
    if m and moment:  # "Soin 1 PV en fin de combat, ou 2 PV si …": the moment is both amounts'
        return r.phrase(c, f"{moment.group(2)}, {moment.group(1)}, ou {m.group('m')} {m.group('cond')}", ctx)
    if m:  # "gagne 2 PV, ou 5 s'il …": 5 when it holds, 2 otherwise
        instead = int(m.group("m")) - int(m.group("n"))
        if instead <= 0:
            raise NotRead("a smaller amount instead")
        return _with_bonus(r, c, ctx, m.group("base"), instead, m.group("cond"))
    m = _BONUS.fullmatch(t)
    if not m:
        return None
    return _with_bonus(r, c, ctx, m.group("base"), int(m.group("bonus")), m.group("cond"))


def _each_one(r: Reader, effect: Damage | Heal | LoseHp, bonus: int, cond_text: str) -> list[Effect] | None:
    """ "… à chaque personnage adverse +1 si le personnage est incliné": each character of the group
    hit takes the bonus when it is tapped (untapped) — two groups, one hit each (None: not such)."""
    m = re.fullmatch(r"(?:si le personnage|si celui-ci|si celle-ci|s'il|s'elle) est (.+)", cond_text)
    hit = hit_of(effect)
    if not m or hit is None:
        return None
    group, pick = target_group(hit)
    if pick is not None or group in ("self", "opponent", "fighters", "event"):
        return None
    try:
        keys = r.who_filter(m.group(1))
    except NotRead:
        return None
    if set(keys) != {"tapped"} or (isinstance(hit, Selector) and hit.tapped is not None):
        return None
    base = hit if isinstance(hit, Selector) else Selector(group=group)
    amount = effect.amount
    assert isinstance(amount, Amount)
    more = replace(effect, amount=Amount(amount.lo + bonus, amount.hi + bonus))
    return [
        replace(more, **_target(replace(base, tapped=keys["tapped"]))),
        replace(effect, **_target(replace(base, tapped=not keys["tapped"]))),
    ]


def _about_the_hit(cond_text: str, hit: Target) -> str | None:
    """A condition on the opponent hit, its pronoun written out: "s'il porte une Lance" ->
    "si le personnage adverse porte une Lance", "si une 'X' lui est attachée" -> "si une 'X' est
    attachée au personnage adverse" (None: no pronoun, or the one hit is not the opponent)."""
    if hit != "opponent" or re.match(r"s'il y a\b", cond_text):
        return None
    m = re.match(r"(?:s'il|s'elle|si (?:celui-ci|celle-ci|ce dernier|cette derniere|il|elle)) ", cond_text)
    if m:
        return f"si le personnage adverse {cond_text[m.end() :]}"
    m = re.fullmatch(r"(si .+?) lui (est|sont) (attachee?s?)", cond_text)
    if m:
        return f"{m.group(1)} {m.group(2)} {m.group(3)} au personnage adverse"
    m = re.fullmatch(rf"si (?:son|sa) ((?:{STAT_WORDS})(?: min\.?| max\.?)?) (est .+)", cond_text)
    if m:  # "si son Attaque min. est supérieure à 12": the opponent's
        return f"si {m.group(1)} du personnage adverse {m.group(2)}"
    return None


#: A condition whose subject is a pronoun ("s'il …", "si celui-ci …"), not "s'il y a".
_PRONOUN_COND = re.compile(r"(?!s'il y a\b)(?:s'il|s'elle|si (?:celui-ci|celle-ci|ce dernier|il|elle)) ")

#: What a pronoun condition may say of the carrier of a card attached to the opponent (its own
#: state, whoever played the card).
_CARRIER_KEYS = frozenset({"ordre", "tapped", "carrying", "carrying_match"})


#: The stats a condition compares, as the texts write them ("son Attaque min.", "sa Défense").
STAT_WORDS = "attaque|defense|esprit"


def _with_bonus(r: Reader, c: Clause, ctx: Ctx, base_text: str, bonus: int, cond_text: str) -> list[Effect]:
    base = r.predicates(c, base_text, ctx)
    if not base or not isinstance(base[-1], Damage | Heal | LoseHp):
        raise NotRead("a bonus on what?")
    # "a Esprit -2, puis subit 3 dégâts +2 si …": the bonus is the last predicate's
    first, effect = base[:-1], base[-1]
    if any(isinstance(e, Damage | Heal | LoseHp) or getattr(e, "when", None) is not None for e in first):
        raise NotRead("a bonus on which one?")
    amount = effect.amount
    if not isinstance(amount, Amount) or amount.stat is not None:
        raise NotRead("a bonus on a scaled amount")
    each = _each_one(r, effect, bonus, cond_text)
    if each is not None:
        return [*first, *each]
    if cond_text.startswith("contre "):
        cond = r._against(c, re.sub(r"^contre (?:les |le |la |un |une )?", "", cond_text))
    else:
        hit = effect.selector if effect.selector is not None else effect.target
        about = _about_the_hit(cond_text, hit)
        if ctx.on_opponent and hit == "self" and _PRONOUN_COND.match(cond_text):
            # on a card attached to the opponent, "ce personnage subit 3 dégâts, +2 s'il a son bonus
            # d'Ordre": "il" is the one hit, the carrier (the holder): no question of side
            cond = r.condition(c, cond_text, replace(ctx, on_opponent=False))
            if not _set_keys(cond) <= _CARRIER_KEYS:
                raise NotRead("a condition on a card attached to the opponent (whose side?)")
            about = cond_text
        else:
            cond = r.condition(c, about or cond_text, ctx)
        if (
            about is None
            and re.match(
                r"s'il|s'ils|s'elle|si (?:celui-ci|celle-ci|ce dernier|il|elle)\b|si .* lui ", cond_text
            )
            and not (re.match(r"s'il y a\b", cond_text))
        ):
            hit = effect.selector if effect.selector is not None else effect.target
            keys = _set_keys(cond)
            if not (
                (hit == "opponent" and keys <= _OPPONENT_KEYS) or (hit == "self" and keys <= _HOLDER_KEYS)
            ):
                raise NotRead("a condition on the one hit")
    more = replace(effect, amount=Amount(amount.lo + bonus, amount.hi + bonus))
    from cards.domain.text_grammar import with_condition  # (a cycle of imports)

    return [*first, *with_condition([more], cond), *with_condition([effect], Condition(not_=cond))]
