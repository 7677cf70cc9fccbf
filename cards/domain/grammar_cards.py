"""More of the rules-text grammar: cards moved, created, attached and countered, draw phases, Runes
and markers, what a character is (its guilds, classes, races, castes, keywords, level), how a card
comes into play under a condition, and the clauses that are only notes.

Pure Python (no Django); the functions take the :class:`~cards.domain.text_grammar.Reader` they
extend (it calls them from its own methods) and follow its rules: a phrase is read completely or
raises :class:`~cards.domain.text_grammar.NotRead`; ``None`` means "not a phrase of this kind".
The readings chosen for the game's undefined terms are written in docs/cardset.md ("The rules-text
compiler").
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cards.domain import regex as re
from cards.domain.effects import (
    MARKERS_ALL,
    AttackKind,
    Become,
    CardMatch,
    CardTo,
    Condition,
    Cost,
    Count,
    Counter,
    CreateCard,
    Discard,
    DrawPhase,
    Duration,
    Effect,
    GrantOrder,
    Marker,
    Modify,
    OneOf,
    Pay,
    Selector,
    Target,
    Traits,
    target_group,
)
from cards.domain.grammar_errors import NotRead

if TYPE_CHECKING:
    from cards.domain.text_grammar import Clause, Ctx, Reader, Reading

#: The Runes (cards of type ``rune`` attached to characters; docs/cardset.md), as the texts name them.
RUNES = {"cor": "rune-cor", "nox": "rune-nox", "yr": "rune-yr"}
_RUNE = r"(?:cor|nox|yr)"
NUM = r"(\d+|une?|deux|trois|quatre|cinq|six|sept|huit|neuf|dix)"


def _number(text: str) -> int:
    from cards.domain.text_grammar import number

    return number(text)


def _not_read(why: str) -> Exception:
    return NotRead(why)


def _fields(target: Target) -> dict[str, Any]:
    if isinstance(target, Selector):
        return {"target": "group", "selector": target}
    return {"target": target, "selector": None}


# --- Runes ------------------------------------------------------------------------------------------


def rune_match(text: str) -> CardMatch | None:
    """``Rune Cor`` -> the card 'Rune Cor'; ``Rune`` / ``Runes`` -> any Rune; ``Rune Cor ou Nox`` ->
    either; None when the phrase names no Rune."""
    t = re.sub(r"^(?:un |une |des |les |la |le |l')", "", text.strip())
    if re.fullmatch(r"runes?", t):
        return CardMatch("type", "rune")
    m = re.fullmatch(rf"runes? ({_RUNE}(?:(?:, | ou | et )(?:runes? )?{_RUNE})*)", t)
    if not m:
        return None
    names = re.findall(_RUNE, m.group(1))
    if " et " in m.group(1):
        return None  # "une Rune Cor et Nox" is two Runes, not a kind of Rune
    options = tuple(CardMatch("card", RUNES[n]) for n in dict.fromkeys(names))
    return options[0] if len(options) == 1 else CardMatch("any_of", options=options)


def _runes_gained(text: str) -> list[tuple[str, int]] | None:
    """``une Rune Cor``, ``deux Runes Nox``, ``une Rune Cor et une Rune Nox``, ``une Rune Cor et
    Nox``, ``2 Runes Cor et 2 Runes Nox`` -> [(family, count), …]; None when not Runes."""
    t = text.strip()
    out: list[tuple[str, int]] = []
    for part in re.split(r",? et |, ", t):
        m = re.fullmatch(rf"(?:{NUM} )?(?:runes? )?({_RUNE})", part.strip())
        if not m:
            return None
        out.append((RUNES[m.group(2)], _number(m.group(1)) if m.group(1) else 1))
    if not re.match(rf"(?:{NUM} )?runes? ", t):
        return None
    return out


def gain_runes(text: str, who: Target) -> list[Effect] | None:
    """A character gains Runes: each is a new 'Rune X' card attached to it (one each, for a group)."""
    t = text.strip()
    m = re.fullmatch(rf"{NUM} runes? aleatoires?", t)
    if m:
        n = _number(m.group(1))
        options = tuple((CreateCard(card=f, to="attach", **_fields(who)),) for f in RUNES.values())
        return [OneOf(options=options, pick="random")] * n
    m = re.fullmatch(rf"(?:une |un )?runes? ({_RUNE}) ou (?:une |la )?(?:runes? )?({_RUNE})", t)
    if m:
        options = tuple(
            (CreateCard(card=RUNES[r], to="attach", **_fields(who)),) for r in (m.group(1), m.group(2))
        )
        return [OneOf(options=options, pick="choice")]
    gained = _runes_gained(t)
    if gained is None:
        return None
    return [CreateCard(card=f, to="attach", count=n, **_fields(who)) for f, n in gained]


def rune_cost(text: str) -> Cost | None:
    """The cost before a colon: ``Rune Cor``, ``2 Runes Nox``, ``Rune Yr, Cor ou Nox``."""
    t = text.strip()
    m = re.fullmatch(rf"(?:{NUM} )?(runes? .+)", t)
    if not m:
        return None
    match = rune_match(m.group(2))
    if match is None or (match.kind == "type" and not re.fullmatch(r"runes?", m.group(2))):
        return None
    n = _number(m.group(1)) if m.group(1) else 1
    return Cost("attached", n, match=match)


# --- a clause: costs and play rules under a condition ---------------------------------------------


def prefixed(reader: Reader, c: Clause, t: str, ctx: Ctx) -> Reading | None:
    """``Rune Cor : …`` / ``2 Runes Nox : …`` (a Rune of the holder is spent: docs/cardset.md) and
    ``Sacrifice N : …`` (the player may discard N cards from hand) before the effects they pay for."""
    from cards.domain.text_grammar import Reading

    found = (
        _conditional_play_rule(reader, c, t, ctx)
        or _among_them(reader, c, t, ctx)
        or _markers_paid(reader, c, t, ctx)
        or _after(reader, c, t, ctx)
        or _starts_the_game(reader, c, t, ctx)
        or _one_each(reader, c, t, ctx)
    )
    if found is not None:
        return found
    m = re.fullmatch(r"(?:puis|ensuite),? (.+)", t)
    if m and not re.match(r"(?:il|elle|ils|elles|celui-ci|celle-ci|ce dernier|cette derniere)\b", m.group(1)):
        # "Puis X": X after the sentence before ("puis il …" names someone of that sentence: not here)
        return reader.read_body(c, m.group(1), ctx)
    m = re.fullmatch(r"([^:]+?) ?: (.+)", t)
    if not m:
        return None
    head, body = m.group(1), m.group(2)
    glued = re.fullmatch(rf"(.+?) ((?:{NUM} )?runes? (?:cor|nox|yr))", head)
    if glued and rune_cost(head) is None and rune_cost(glued.group(2)) is not None:
        # "Défense +2 Rune Cor : …": a sentence before the cost, its full stop missing
        before = reader.phrase(c, glued.group(1), ctx)
        paid = prefixed(reader, c, f"{glued.group(2)} : {body}", ctx)
        if paid is None:
            return None
        return Reading(effects=[*before, *paid.effects])
    cost = rune_cost(head)
    may = False
    if cost is None:
        sm = re.fullmatch(rf"sacrifice {NUM}", head)
        if not sm:
            return None
        cost, may = Cost("hand", _number(sm.group(1))), True
    inner = reader.read_body(c, body, ctx)
    if inner.play or inner.orders or inner.dual_wield or inner.dual_wield_with or inner.chains:
        raise _not_read("a play rule or chain paid for")
    if not inner.effects:
        raise _not_read("nothing paid for")
    return Reading(effects=[Pay(cost=cost, effects=tuple(inner.effects), may=may)])


_AMONG_THEM = re.compile(
    rf"si (?P<cmp>au moins |plus de )(?P<n>\d+) (?P<what>.+?) sont dans votre (?P<pile>deck|main|defausse), "
    rf"(?P<k>{NUM}) d'entre[- ](?:elles|eux)(?: aleatoires?)? "
    r"sont (?P<rest>placee?s? dans votre (?:deck|main|defausse))"
)


def _among_them(reader: Reader, c: Clause, t: str, ctx: Ctx) -> Reading | None:
    """``Si au moins 4 cartes Zil sont dans votre Défausse, 2 d'entre elles (déterminées
    aléatoirement) sont placées dans votre Deck``: read as ``si vous avez au moins 4 cartes Zil dans
    votre Défausse, 2 cartes Zil de votre Défausse sont placées …`` (cards moved, picked at random
    as any cards moved between piles, under a count of that pile)."""
    m = _AMONG_THEM.fullmatch(t)
    if not m or not re.match(r"cartes?\b", m.group("what")):
        return None
    what, pile = m.group("what"), m.group("pile")
    return reader.read_body(
        c,
        f"si vous avez {m.group('cmp')}{m.group('n')} {what} dans votre {pile}, "
        f"{m.group('k')} {what} de votre {pile} sont {m.group('rest')}",
        ctx,
    )


def play_variant(inner: Reading, cond: Condition) -> Reading | None:
    """``Mage : Permanent``, ``Eclipse : Durée 3 combats``, ``Prêtre : Durée 2 tours
    supplémentaires`` -> a play variant of the card (its effects, if any, under the condition)."""
    from cards.domain.text_grammar import Reading, with_condition

    if inner.orders or inner.dual_wield or inner.dual_wield_with or inner.chains:
        return None
    if not inner.play or set(inner.play) - {"acts", "stays", "attach", "longer"}:
        return None
    variant = {"when": cond.to_json(), **inner.play}
    return Reading(play={"if": [variant]}, effects=with_condition(inner.effects, cond))


def card_phrase(reader: Reader, c: Clause, t: str, ctx: Ctx) -> Reading | None:
    """Card-level phrases beside the Reader's own: attachment, a longer stay, notes."""
    from cards.domain.text_grammar import Reading

    m = re.fullmatch(r"duree ?:? ?(\d+)(?: a (\d+))? (tours|combats|tour|combat) supplementaires?", t)
    if m:
        lo = int(m.group(1))
        hi = int(m.group(2)) if m.group(2) else lo
        unit = "turns" if m.group(3).startswith("tour") else "combats"
        return Reading(play={"longer": {unit: lo if lo == hi else [lo, hi]}})
    m = re.fullmatch(
        r"(?:cette carte )?s'attache (?:a|sur) (votre personnage|vous|un personnage adverse( aleatoire)?"
        r"|un de vos personnages( aleatoire)?|un de vos allies( aleatoire)?)",
        t,
    )
    if m:
        who: Target = {
            "votre personnage": "self",
            "vous": "self",
        }.get(m.group(1), "")
        if not who:
            base = (
                "enemy"
                if "adverse" in m.group(1)
                else "ally"
                if "personnages" in m.group(1)
                else "other_ally"
            )
            who = f"random_{base}" if m.group(2) or m.group(3) or m.group(4) else base
        return Reading(play={"attach": who})
    if re.fullmatch(r"choisissez le personnage (?:sur lequel|auquel) cette carte s'attache", t):
        return Reading(play={"attach": "character"})
    if re.fullmatch(r"s'active (?:en fin de combat|a la fin du combat)", t):
        return Reading(play={"acts": "after_combat"})  # after the clash, as "après le combat"
    note = note_of(t)
    if note is not None:
        return Reading(note=note)
    from cards.domain import grammar_misc

    return grammar_misc.card_phrase(reader, c, t, ctx)  # the online game's words beside effects


# --- notes ------------------------------------------------------------------------------------------

_NOTES: tuple[tuple[str, str], ...] = (
    (
        r"(?:depuis l'ecran d'evolution, )?glissez cette carte sur la carte a faire (?:progresser|evoluer)"
        r"|utilisez (?:cette carte|ce \w+) pour faire evoluer .+",
        "evolution: a card used on the evolution screen, not in a game",
    ),
    (
        r"depuis l'ecran d'evolution, .+|(?:peut|peuvent) evoluer (?:immediatement )?en .+",
        "evolution: what the card becomes on the evolution screen, not in a game",
    ),
    (
        r"felicitations|bonne chance|attention, elle peut etre legendaire",
        "a collection message, no game effect",
    ),
    (
        r"mekalchimies? ?: .+",
        "a Mékalchimie recipe (an event of the online game, not of a game): no game effect",
    ),
    (
        r"(?:durant|pendant) l'evenement (?:mekalchimie|@\d+@) ?: .+"
        r"|(?:tournoi de l'automne|championnat de l'hiver|tournoi de l'hiver|tournoi d'ete) ?: .+",
        "an effect only during an event of the online game (Mékalchimie, a tournament): no simulated "
        "game is one",
    ),
    (
        r"(?:mission|campagne) @\d+@ ?: .+",
        "an effect only in a mission or a campaign of the online game's solo mode: no simulated game is one",
    ),
)


def note_of(t: str) -> str | None:
    from cards.domain import grammar_misc

    for pattern, note in _NOTES:
        if re.fullmatch(pattern, t):
            return note
    return grammar_misc.note_of(t)  # tickets, rewards, recipes: the online game around the card


_APPEARANCE = re.compile(
    r"(?:(?:vous|il|elle|votre personnage|son porteur|ce personnage|@\d+@) )?"
    r"(?:changez?|change) (?:d'apparence|l'apparence de votre personnage)"
    r"|(?:votre personnage|vous|il|elle|celui-ci) (?:prend|prenez) "
    r"l'apparence d(?:e |'|u |es )(?:(?! et )[^,])+?"  # "… et a Attaque +2": not the appearance
    r"|(?:votre personnage|vous|il|elle) (?:se deguise|vous deguisez) en (?:(?! et )[^,])+?"
)


APPEARANCE_NOTE = "a change of appearance (the card's picture): no game effect"


def appearance_note(t: str) -> str:
    """The note of a clause that changes a character's appearance (``t`` folded), else ""."""
    if re.search(r"d'apparence|l'apparence d|se deguise|vous deguisez", t):
        return APPEARANCE_NOTE
    return ""


def appearance(t: str) -> bool:
    """Whether a predicate is only a change of appearance (the card's picture: no game effect)."""
    return bool(_APPEARANCE.fullmatch(t.strip()))


# --- predicates -------------------------------------------------------------------------------------


#: Cheap tests before the phrases that need these words.
_PILE_WORDS = re.compile(r"\b(?:deck|main|defausse)")
_ATTACHED_WORDS = re.compile(r"attache|porte|en jeu|du personnage|de votre personnage")


def bare(reader: Reader, c: Clause, t: str, ctx: Ctx, default: Target) -> list[Effect] | None:
    """A predicate without a subject (the holder, or ``default``)."""
    if appearance(t):
        return []
    if "remplacees par celles" in t:
        return replaced_traits(reader, c, t, ctx)
    if t.startswith("copie "):
        return copied_traits(reader, c, t, ctx, default)
    m = re.fullmatch(r"(?:puis|ensuite),? (.+)", t)
    if m and not re.match(r"(?:il|elle|ils|elles|celui-ci|celle-ci|ce dernier|cette derniere)\b", m.group(1)):
        return reader._bare(c, m.group(1), ctx, default)
    piles = _PILE_WORDS.search(t) is not None
    if piles and re.fullmatch(
        r"(?:ensuite |puis )?cette carte est (?:placee|remise|mise) "
        r"(?:sur le dessus|au-dessus|au dessus) du deck adverse",
        t,
    ):
        return [CardTo("opponent_deck_top")]  # drawn next by the other player
    if piles and " de toutes les defausses " in t:
        return _every_discard_pile(reader, c, t, ctx, default)
    if piles:
        found = (_if_in_pile(reader, c, t, ctx, default) if t.startswith("si ") else None) or (
            _two_cards(reader, c, t, ctx, default) if " et " in t else None
        )
        if found:
            return found
        found = several_piles(reader, c, t, ctx, default) if _SEVERAL_PILES.search(t) else None
        found = found or (playable(reader, c, t, ctx, default) if _PLAYABLE.search(t) else None)
        found = found or (unrestricted(reader, c, t, ctx, default) if _UNRESTRICTED.search(t) else None)
        if found:
            return found
    found = (created(reader, c, t) if "cree" in t or "copie de" in t else None) or (
        (played_from(reader, c, t) or opponent_may_discard(t) or opponent_mills(t)) if piles else None
    )
    if found:
        return found
    found = (
        (
            moved(reader, c, t)
            or chosen_cards(reader, c, t)
            or opponent_gives(t)
            or played_unless_carried(reader, c, t)
        )
        if piles
        else None
    )
    if found:
        return found
    found = attached_discarded(reader, c, t, ctx) if _ATTACHED_WORDS.search(t) else None
    if found:
        return found
    runes = gain_runes(t, default) if re.match(rf"(?:{NUM} )runes? ", t) else None
    if runes is not None:
        return runes  # "… gagne 3 PV et une Rune Cor": the verb of the predicate before
    if re.fullmatch(
        r"(?:vous )?(?:obtenez|beneficiez de) (?:votre|vos|votre ou vos) bonus d'ordre"
        r"(?: si vous n'en beneficiez pas deja)?",
        t,
    ):
        return [GrantOrder(**_fields(default))]
    m = re.fullmatch(r"(?:gagne|gagnez|obtient|obtenez) (.+)", t)
    if m:
        found = gain(reader, c, m.group(1), default, ctx)
        if found is not None:
            return found
    found = draw_phase(t) if "pioch" in t else None
    if found is not None:
        return found
    found = next_card(reader, c, t) if "prochain" in t else None
    if found is not None:
        return found
    m = re.fullmatch(r"(?:effectue|effectuez) (?:une |des )?attaques? fantomes?|attaque fantome", t)
    if m:
        return [AttackKind("direct", **_fields(default))]
    m = re.fullmatch(
        r"(?:vous )?(?:effectuez|effectue) des attaques magiques "
        r"a la place de (?:vos|ses) attaques physiques",
        t,
    )
    if m:
        return [AttackKind("magical", **_fields(default))]
    m = re.fullmatch(
        rf"(?:le joueur adverse|votre adversaire|l'adversaire) defausse {NUM} cartes? de sa main"
        r"(?: (?:aleatoire|au hasard))?",
        t,
    )
    if m:  # the opposing player discards from its hand (at random: the op's only way)
        return [Discard(count=_number(m.group(1)))]
    found = acts_now(reader, c, t) if t.endswith("immediatement") else None
    if found is not None:
        return found
    found = cards_last(reader, c, t, ctx) if _CARDS_LAST_END.search(t) else None
    if found is not None:
        return found
    m = _INSTEAD_OF_PHYSICAL.fullmatch(t)
    if m:
        return [AttackKind("magical" if m.group(2) == "magique" else "direct", **_fields(default))]
    if t in ("enrage", "est enrage", "a enrage"):
        return [Traits("add", keywords=("enrage",), **_fields(default))]
    return None


_PILE = r"(?:deck|main|defausse)"
_PILE_SEP = r"(?:, | ou |/)(?:de |dans )?(?:votre )?"
#: "de votre Deck ou (de) votre Défausse", "présent dans votre Deck, votre Main ou votre Défausse",
#: "de votre Main/Deck/Défausse": a card of any of the player's piles named.
_SEVERAL_PILES = re.compile(
    r"(?:un exemplaire de (?=@))?(?P<card>@\d+@ )?(?:presente?s? )?"
    rf"\b(?P<pre>de|dans|depuis) votre (?P<first>{_PILE})"
    rf"(?P<rest>(?:{_PILE_SEP}{_PILE})+)(?= |,|$)"
)


def several_piles(reader: Reader, c: Clause, t: str, ctx: Ctx, default: Target) -> list[Effect] | None:
    """A predicate taking a card from one of several of the player's piles: read with the first
    pile, then the others added to its ``move`` / ``play_card`` (``also``)."""
    from cards.domain.effects import MoveCards, PlayCard

    m = _SEVERAL_PILES.search(t)
    if not m:
        return None
    first = _PILES[m.group("first")]
    also = tuple(_PILES[p] for p in re.findall(_PILE, m.group("rest")))
    if first in also or len(set(also)) != len(also):
        return None
    card = m.group("card") or ""
    single = f"{t[: m.start()]}{card}{m.group('pre')} votre {m.group('first')}{t[m.end() :]}"
    try:
        found = reader._bare(c, single, ctx, default)
    except NotRead:
        return None
    if not found:
        return None
    out: list[Effect] = []
    patched = 0
    for e in found:
        mine = isinstance(e, PlayCard) or (
            isinstance(e, MoveCards) and e.owner == "self" and e.into == "owner"
        )
        if isinstance(e, MoveCards | PlayCard) and mine and e.from_ == first:
            if e.pick not in ("random", "choice") or (isinstance(e, MoveCards) and e.to in (first, *also)):
                return None
            out.append(replace(e, also=also))
            patched += 1
        else:
            out.append(e)
    return out if patched else None


_IF_IN_PILE = re.compile(
    r"si (?P<card>@\d+@) est (?:present(?:e)? )?(?P<piles>dans votre .+?),? "
    r"(?:il|elle|celui-ci|celle-ci) (?P<pred>(?:est|sera) .+)"
)


def _if_in_pile(reader: Reader, c: Clause, t: str, ctx: Ctx, default: Target) -> list[Effect] | None:
    """``si 'X' est dans votre Deck (ou votre Défausse), il est placé dans votre Main`` — a card 'X'
    of that pile moves (when there is none, nothing does: the condition is the move's own)."""
    from cards.domain.effects import MoveCards, PlayCard

    m = _IF_IN_PILE.fullmatch(t)
    if not m:
        return None
    try:
        found = reader._bare(c, f"un {m.group('card')} {m.group('piles')} {m.group('pred')}", ctx, default)
    except NotRead:
        return None
    if not found or len(found) != 1 or not isinstance(found[0], MoveCards | PlayCard):
        return None
    return found


_TWO_CARDS = re.compile(
    r"(?:(?P<all>les )|une? )?(?P<a>@\d+@) et (?:une? )?(?P<b>@\d+@) (?P<pile>(?:de|dans) votre .+?) sont "
    r"(?P<verb>jouee?s|placee?s (?:dans|sur) .+|defaussee?s|retiree?s (?:de la partie|du jeu))"
)


def _two_cards(reader: Reader, c: Clause, t: str, ctx: Ctx, default: Target) -> list[Effect] | None:
    """``une 'X' et une 'Y' de votre Défausse (ou de votre Main) sont jouées``: each of the two;
    ``les 'X' et 'Y' de votre Défausse sont placés …``: all of each."""
    from cards.domain.effects import MoveCards, PlayCard

    m = _TWO_CARDS.fullmatch(t)
    if not m:
        return None
    verb = re.sub(r"^(\w+?)e?s\b", r"\1", m.group("verb"))  # "jouees" -> "joue", "placees" -> "place"
    out: list[Effect] = []
    for token in (m.group("a"), m.group("b")):
        try:
            one = (
                f"les {token} {m.group('pile')} sont {m.group('verb')}"
                if m.group("all")
                else f"un {token} {m.group('pile')} est {verb}"
            )
            found = reader._bare(c, one, ctx, default)
        except NotRead:
            return None
        if not found or len(found) != 1 or not isinstance(found[0], MoveCards | PlayCard):
            return None
        out.extend(found)
    return out


#: "jouable(s) (par votre personnage)", ", que vous pouvez jouer,": only a card the holder may play.
_PLAYABLE = re.compile(r",? (?:jouables?(?: par votre personnage| par vous)?|que vous pouvez jouer),?(?= |$)")


def playable(reader: Reader, c: Clause, t: str, ctx: Ctx, default: Target) -> list[Effect] | None:
    """``une Arme jouable de votre Main est jouée``, ``la dernière carte dans votre Défausse
    jouable par votre personnage est jouée``: ``play_card`` of a card the holder may play."""
    from cards.domain.effects import PlayCard

    plain = _PLAYABLE.sub("", t, count=1)
    if _PLAYABLE.search(plain):
        return None
    try:
        found = reader._bare(c, plain, ctx, default)
    except NotRead:
        return None
    if not found or not all(isinstance(e, PlayCard) and e.target == "self" for e in found):
        return None
    return [replace(e, playable=True) for e in found if isinstance(e, PlayCard)]


#: "(elle est jouée) en ignorant ses prérequis", "… sans restriction": whatever its requirements.
_UNRESTRICTED = re.compile(r",? (?:en ignorant (?:ses|leurs) pre-?requis|sans restrictions?)(?= |$)")


def unrestricted(reader: Reader, c: Clause, t: str, ctx: Ctx, default: Target) -> list[Effect] | None:
    """``choisissez une carte de votre Main, elle est jouée en ignorant ses prérequis``, ``… est
    jouée sans restriction à la suite de vos cartes``: ``play_card`` whatever the card's
    requirements."""
    from cards.domain.effects import PlayCard

    plain = _UNRESTRICTED.sub("", t, count=1)
    if _UNRESTRICTED.search(plain):
        return None
    try:
        found = reader._bare(c, plain, ctx, default)
    except NotRead:
        return None
    if not found or not all(isinstance(e, PlayCard) and not e.playable for e in found):
        return None
    return [replace(e, unrestricted=True) for e in found if isinstance(e, PlayCard)]


_CARDS_LAST_END = re.compile(r"(?:permanente?s?|durent \w+ (?:combats|tours)(?: supplementaires)?)$")
_CARDS_LAST = re.compile(
    r"(?P<vos>les |vos )(?:cartes )?(?P<what>@\d+@(?:(?:, | et | ou )@\d+@)*)(?: jouee?s? par (?P<by>.+?))? "
    r"(?:(?:sont|deviennent) permanente?s?|durent (?P<n>\d+|deux|trois|quatre) (?P<unit>combats|tours)"
    r"(?P<more> supplementaires)?)"
)


def cards_last(reader: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """A character's ``les 'X' jouées par 'Y' sont permanentes``, ``les 'X' jouées par Y durent 2
    combats``, ``vos 'X' sont permanentes``: such cards stay in play that long."""
    from cards.domain.effects import CardsLast

    m = _CARDS_LAST.fullmatch(t)
    if not m or ctx.subject != "character":
        return None
    by = m.group("by")
    who: Target
    if by is None:
        if m.group("vos") != "vos ":
            return None  # "les 'X' sont permanentes": whose?
        who = "all_allies"
    elif by in ctx.names:
        who = "self"
    else:
        who = reader.subject(c, by, ctx.names)
    cards = reader.match(c, re.sub(r" et ", " ou ", m.group("what")))
    n = m.group("n")
    lasts = (
        Duration("permanent")
        if n is None
        else Duration("turns" if m.group("unit") == "tours" else "combats", _number(n))
    )
    return [CardsLast(cards=cards, lasts=lasts, longer=m.group("more") is not None, **_fields(who))]


_ACTS_NOW = re.compile(
    r"(?:les |l'|la |le )?(?P<what>.+?) jouee?s? (?:(?P<chained>en enchainement)"
    r"|par (?P<by>vos personnages|vos allies et vous|vous et vos allies|vos allies|vos autres personnages"
    r"|votre personnage|vous))"
    r" (?:sont activee?s?|est activee?|s'activent|s'active|s'activeront|s'activera) immediatement"
)


def acts_now(reader: Reader, c: Clause, t: str) -> list[Effect] | None:
    """``les Lances jouées par vos personnages sont activées immédiatement``, ``l'Armure jouée en
    Enchaînement s'activera immédiatement``: such cards act as soon as played."""
    from cards.domain.effects import ActsNow

    m = _ACTS_NOW.fullmatch(t)
    if not m:
        return None
    by = m.group("by")
    who: Target = (
        "self"
        if by is None or by in ("votre personnage", "vous")
        else "all_allies"
        if by in ("vos personnages", "vos allies et vous", "vous et vos allies")
        else "other_allies"
    )
    return [ActsNow(cards=reader.match(c, m.group("what")), chained=bool(m.group("chained")), **_fields(who))]


#: "effectue une attaque magique à la place de son attaque physique": its clash attack of the combat
#: (not "sa prochaine attaque physique", once, whichever combat it is).
_INSTEAD_OF_PHYSICAL = re.compile(
    r"(vous )?(?:effectuez|effectue|effectuent|realise|realisez) une attaque (magique|fantome) "
    r"a la place de (?:votre|son|sa|leur) attaque physique"
)


def verb(reader: Reader, c: Clause, t: str, ctx: Ctx, subject: Target) -> list[Effect] | None:
    """The predicate after an explicit subject (``t`` starts with the verb)."""
    if appearance(f"il {t}"):
        return []
    m = re.fullmatch(r"(?:gagne|gagnent|gagnez|obtient|obtiennent|obtenez) (.+)", t)
    if m:
        found = gain(reader, c, m.group(1), subject, ctx)
        if found is not None:
            return found
    if re.fullmatch(
        r"(?:obtient|obtiennent|beneficie de|beneficient de) (?:son|leur|son ou ses|ses) bonus d'ordre"
        r"(?: s'il n'en beneficie pas deja| s'il n'en beneficiait pas deja"
        r"| s'ils n'en beneficient pas deja)?",
        t,
    ):
        return [GrantOrder(**_fields(subject))]
    m = re.fullmatch(r"(?:est|sont|a|ont) enrages?", t)
    if m:
        return [Traits("add", keywords=("enrage",), **_fields(subject))]
    m = re.fullmatch(r"(?:effectue|effectuent) (?:une |des )?attaques? fantomes?", t)
    if m:
        return [AttackKind("direct", **_fields(subject))]
    m = re.fullmatch(
        r"(?:effectue|effectuent) des attaques magiques a la place de (?:ses|leurs) attaques physiques", t
    )
    if m:
        return [AttackKind("magical", **_fields(subject))]
    m = _INSTEAD_OF_PHYSICAL.fullmatch(t)
    if m and not m.group(1) and target_group(subject)[1] is None:
        return [AttackKind("magical" if m.group(2) == "magique" else "direct", **_fields(subject))]
    m = re.fullmatch(r"(?:est|sera) remplacee? par (@\d+@)", t)
    if m:  # "Si 'X' meurt, il est remplacé par 'Y'": another character takes its place
        group, pick = target_group(subject)
        if group not in ("self", "opponent", "event") and pick is None:
            return None
        return [Become(card=reader.family(c, m.group(1)), **_fields(subject))]
    if t.startswith("copie") or re.search(r" des (?:siennes|leurs|votres)$", t):
        found = copied_traits(
            reader, c, t, ctx, subject
        )  # ("obtient les Guildes de X à la place des siennes")
        if found is not None or t.startswith("copie"):
            return found
    m = re.fullmatch(r"(?:perd|perdent|perdez) (?:ses|leurs|vos|tous ses|tous leurs) marqueurs (@\d+@)", t)
    if m:
        return [Marker(name=_marker_name(c, m.group(1)), count=MARKERS_ALL, **_fields(subject))]
    m = re.fullmatch(rf"(?:perd|perdent|perdez) (?:jusqu'a )?{NUM} marqueurs? (@\d+@)", t)
    if m:
        return [Marker(name=_marker_name(c, m.group(2)), count=-_number(m.group(1)), **_fields(subject))]
    return traits_verb(reader, c, t, subject)


def _traits(mode: str, found: dict[str, Any], who: Target) -> Traits:
    """A ``traits`` effect from kind -> slugs (or "all")."""
    return Traits(
        mode,
        classes=found.get("classes"),
        races=found.get("races"),
        guilds=found.get("guilds"),
        castes=found.get("castes"),
        keywords=found.get("keywords"),
        **_fields(who),
    )


def _marker_name(c: Clause, token: str) -> str:
    from cards.domain.text_grammar import slugify

    return slugify(c.names[int(token.strip("@"))])


def gain(reader: Reader, c: Clause, rest: str, who: Target, ctx: Ctx) -> list[Effect] | None:
    """What follows "gagne": Runes, markers, levels, classes / races / guilds / castes, Enragé."""
    if re.fullmatch(rf"{NUM} (?:cor|nox|yr)", rest) and c.text.startswith("rune"):
        rest = re.sub(r" (cor|nox|yr)$", r" runes \1", rest)  # "Rune Yr : gagne deux Cor"
    found = gain_runes(rest, who)
    if found is not None:
        return found
    m = re.fullmatch(rf"{NUM} marqueurs? (@\d+@)", rest)
    if m:
        return [Marker(name=_marker_name(c, m.group(2)), count=_number(m.group(1)), **_fields(who))]
    m = re.fullmatch(rf"{NUM} marqueurs? (poudres?)", rest)
    if m:
        return [Marker(name="poudre", count=_number(m.group(1)), **_fields(who))]
    m = re.fullmatch(rf"{NUM} niveaux?", rest)
    if m:
        # a level is not a combat modifier: gained for the rest of the game unless the text says
        return [Modify(stat="level", amount=_number(m.group(1)), duration=Duration("game"), **_fields(who))]
    if rest in ("enrage", "l'etat enrage"):
        return [Traits("add", keywords=("enrage",), **_fields(who))]
    traits = traits_of(reader, rest)
    if traits is not None:
        return [_traits("add", traits, who)]
    return None


# --- what a character is ------------------------------------------------------------------------------

_KIND_WORDS = {
    "classe": "classes",
    "classes": "classes",
    "race": "races",
    "races": "races",
    "guilde": "guilds",
    "guildes": "guilds",
    "caste": "castes",
    "castes": "castes",
}
_TERM_OF_KIND = {"classes": "class", "races": "race", "guilds": "guild", "castes": "caste"}


def traits_of(reader: Reader, text: str) -> dict[str, tuple[str, ...]] | None:
    """``la classe Mage``, ``les races Guémélite de l'Ombre et Mental``, ``la caste Chevalier
    Dragon et la race Guémélite Dragon`` -> {"classes": (…), …}; None when not such a phrase."""
    out: dict[str, tuple[str, ...]] = {}
    for part in re.split(
        r",? et (?=(?:la|les|une|un) (?:classe|race|guilde|caste))|, (?=(?:la|les) )", text.strip()
    ):
        m = re.fullmatch(r"(?:la |les |une |un )?(classes?|races?|guildes?|castes?) (.+)", part.strip())
        if not m:
            return None
        kind = _KIND_WORDS[m.group(1)]
        names = [n for n in re.split(r",? et |, ", m.group(2)) if n]
        slugs: list[str] = []
        for name in names:
            found = reader.terms(name.strip(), _TERM_OF_KIND[kind])  # type: ignore[arg-type]
            if len(found) != 1 and kind == "races" and slugs and slugs[-1].startswith("guemelite"):
                # "les Races Guémélite de l'Ombre et Mental": the second one a Guémélite too
                found = reader.terms(f"guemelite {name.strip()}", "race")
            if len(found) != 1:
                return None
            slugs.append(found[0])
        if kind in out:
            return None
        out[kind] = tuple(dict.fromkeys(slugs))
    return out or None


def _who_traits(reader: Reader, text: str) -> dict[str, tuple[str, ...]] | None:
    """``Mage``, ``Combattant et Maraudeur``, ``Zil``, ``Guémélite de la terre`` (what "devient"
    names) -> the kinds and slugs; None when a word is not a guild, class, race or caste."""
    out: dict[str, list[str]] = {}
    for name in re.split(r",? et |, | - ", text.strip()):
        name = re.sub(r"^(?:un |une )", "", name.strip())
        try:
            found = reader.who_filter(name)
        except Exception:
            return None
        if set(found) - {"class", "race", "guild", "caste"} or len(found) != 1:
            return None
        ((kind, slug),) = found.items()
        out.setdefault(f"{'classes' if kind == 'class' else kind + 's'}", []).append(slug)
    return {k: tuple(dict.fromkeys(v)) for k, v in out.items()} or None


#: The kinds of traits a character copies ("les Guildes et Castes", "ses classes, castes et races").
_COPIED_KINDS = r"((?:(?:les |leurs |ses |vos )?(?:guildes?|classes?|races?|castes?)(?:, | et | ))+)"


def _copied_kinds(text: str) -> dict[str, Any] | None:
    words = [re.sub(r"^(?:les|leurs|ses|vos) ", "", w.strip()) for w in re.split(r",? et |, ", text.strip())]
    kinds = [_KIND_WORDS.get(w) for w in words]
    if None in kinds or len(set(kinds)) != len(kinds):
        return None
    return {k: "all" for k in kinds if k is not None}


def _copied_from(reader: Reader, c: Clause, text: str, ctx: Ctx) -> Target:
    """Whose traits: ``de vos autres personnages``, ``du personnage ainsi choisi``, ``de vos alliés
    Zil`` (the subject the words name)."""
    who = re.sub(r"^du ", "le ", re.sub(r"^des ", "les ", re.sub(r"^de ", "", text.strip())))
    if re.fullmatch(r"(?:le|ce) personnage (?:ainsi )?choisi", who):
        if ctx.pronoun is None:
            raise NotRead("the character chosen: none is")
        return ctx.pronoun
    if re.fullmatch(r"les autres personnages", who):
        raise NotRead("the other characters of both sides: no group says it")
    return reader._view(reader.subject(c, who, ctx.names), who, ctx)


def copied_traits(reader: Reader, c: Clause, t: str, ctx: Ctx, subject: Target) -> list[Effect] | None:
    """``copie toutes les Guildes de vos autres personnages à la place des siennes`` (``set``),
    ``copie les Classes du personnage ainsi choisi en plus des siennes`` (``add``): ``traits`` with
    ``of``. Without "à la place" / "en plus" ("copie les castes de ses alliés") whether it keeps
    its own is not said: not read."""
    m = re.fullmatch(
        r"(?:copie|copient|copiez|obtient|obtiennent|gagne|gagnent) (?:toutes |tous )?"
        + _COPIED_KINDS
        + r"(de .+?|du .+?|des .+?)"
        r" (a la place des (?:siennes|leurs|votres)|en plus des (?:siennes|leurs|votres))",
        t,
    )
    if not m:
        return None
    kinds = _copied_kinds(m.group(1))
    if kinds is None:
        return None
    mode = "set" if m.group(3).startswith("a la place") else "add"
    return [Traits(mode, of=_copied_from(reader, c, m.group(2), ctx), **kinds, **_fields(subject))]


def replaced_traits(reader: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """``vos Classes, Castes et Races sont remplacées par celles de vos alliés Zil`` (the holder's:
    ``set`` with ``of``)."""
    m = re.fullmatch(
        r"(?:vos|ses) " + _COPIED_KINDS + r"(?:sont|seront) remplacees par celles (de .+|du .+|des .+)", t
    )
    if not m:
        return None
    kinds = _copied_kinds(m.group(1))
    if kinds is None:
        return None
    who = reader._view("self", "", ctx)  # "vos": the holder's, whatever subject came before
    return [Traits("set", of=_copied_from(reader, c, m.group(2), ctx), **kinds, **_fields(who))]


def traits_verb(reader: Reader, c: Clause, t: str, subject: Target) -> list[Effect] | None:
    """``devient Mage``, ``devient X en plus de ses autres races``, ``devient X à la place de ses
    autres Guildes``, ``perd ses castes``, ``perd la classe X``."""
    m = re.fullmatch(
        r"(?:devient|deviennent|devenez) (.+?)"
        r"( en plus de (?:ses|leurs|vos) (?:autres )?\w+| a la place de (?:ses|leurs|vos) (?:autres )?\w+)?",
        t,
    )
    if m:
        found = _who_traits(reader, m.group(1))
        if found is None:
            return None
        mode = "add" if m.group(2) and "en plus" in m.group(2) else "set"
        return [_traits(mode, found, subject)]
    m = re.fullmatch(
        r"(?:perd|perdent|perdez) (?:ses|leurs|vos|toutes ses|toutes leurs) (classes|races|guildes|castes)", t
    )
    if m:
        kind = _KIND_WORDS[m.group(1)]
        return [_traits("remove", {kind: "all"}, subject)]
    m = re.fullmatch(r"(?:perd|perdent|perdez) (.+)", t)
    if m:
        traits = traits_of(reader, m.group(1))
        if traits is not None:
            return [_traits("remove", traits, subject)]
    return None


# --- draw phases, the next card ------------------------------------------------------------------------


def draw_phase(t: str) -> list[Effect] | None:
    """``piochez une carte supplémentaire lors de la prochaine phase de pioche``, ``votre adversaire
    pioche une carte de moins lors de sa prochaine phase de pioche``, ``les joueurs ne piochent pas
    lors de leur prochaine phase de pioche``, ``vous piochez une carte supplémentaire lors des
    phases de pioche``."""
    m = re.fullmatch(
        r"(vous |votre adversaire |l'adversaire |le joueur adverse |les joueurs |chaque joueur )?"
        r"(ne )?(?:piochez|pioche|piochent) (?:(pas)|"
        + NUM
        + r" cartes? (supplementaires?|de moins|de plus)) "
        r"(?:lors de |lors |a )(?:la |votre |sa |leur |leurs |vos )?"
        r"(prochaine|prochaines|chacune de vos|chaque|des) "
        r"(?:(\d+) )?phases? de pioche( suivantes?)?",
        t,
    )
    if not m:
        return None
    who = (m.group(1) or "vous ").strip()
    owner = "self" if who == "vous" else "both" if who in ("les joueurs", "chaque joueur") else "opponent"
    if m.group(2) or m.group(3):
        if not (m.group(2) and m.group(3)):
            return None
        amount: int | None = None
    else:
        n = _number(m.group(4))
        amount = -n if m.group(5) == "de moins" else n
    when = m.group(6)
    if when in ("prochaine",) and not m.group(7):
        phases: int | None = 1
    elif when == "prochaines" and m.group(7):
        phases = int(m.group(7))
    elif when in ("chacune de vos", "chaque", "des") and not m.group(7):
        phases = None
    else:
        return None
    return [DrawPhase(amount=amount, owner=owner, phases=phases)]


_PILE_TO = {
    "defausse": "discard",
    "defaussee": "discard",
    "defausse(s)": "discard",
    "main": "hand",
    "deck": "deck",
}


def next_card(reader: Reader, c: Clause, t: str) -> list[Effect] | None:
    """``la prochaine Théurgie adverse est défaussée``, ``la prochaine Action ou le prochain Objet
    adverse est retourné dans la main de l'adversaire``, ``le prochain Sort joué par le personnage
    adverse est annulé et placé dans sa Main``, ``la prochaine carte adverse est remise dans son
    deck``, ``le prochain Sort et la prochaine Théurgie adverse sont défaussés``."""
    m = re.fullmatch(
        r"(?:la |le )?(?:prochaine?) (.+?)"
        r"(?: adverses?| de votre adversaire| joue(?:e)? par (le personnage adverse|votre adversaire))"
        r" (?:est|sont) (?:annulee?s? et )?(?:(defaussee?s?)"
        r"|(?:retournee?s?|placee?s?|remise?s?|replacee?s?|renvoyee?s?) dans "
        r"(?:la |sa |son |leur )?(main|deck|defausse)"
        r"(?: de (?:l'adversaire|votre adversaire|son proprietaire))?"
        r"(?: adverse)?)",
        t,
    )
    if not m:
        m2 = re.fullmatch(r"la prochaine carte adverse (.+?) est defaussee", t)
        if m2:
            what = m2.group(1)
            what = f"carte {what}" if what.startswith("non ") else what  # "non Objet": a card but those
            return [Counter(cards=reader.match(c, what), **_fields("all_enemies"))]
        m2 = re.fullmatch(
            r"si la prochaine carte adverse est (?:une |un )?(.+?),? (?:elle|celle-ci) est "
            r"(?:(defaussee)|(?:replacee|placee|remise|retournee) dans la main (?:adverse|de l'adversaire))",
            t,
        )
        if m2:
            to = "discard" if m2.group(2) else "hand"
            return [Counter(cards=reader.match(c, m2.group(1)), to=to, **_fields("all_enemies"))]
        return None
    what = m.group(1)
    to = "discard" if m.group(3) else _PILE_TO[m.group(4)]
    target: Target = "opponent" if m.group(2) else "all_enemies"
    parts = re.split(r" et (?:la |le )?prochaine? ", what)
    out: list[Effect] = []
    for part in parts:
        part = part.strip()
        if part in ("carte",):
            out.append(Counter(to=to, **_fields(target)))
            continue
        match = reader.match(c, part)
        out.append(Counter(cards=match, to=to, **_fields(target)))
    return out


# --- conditions --------------------------------------------------------------------------------------


def condition(reader: Reader, c: Clause, t: str, ctx: Ctx) -> Condition | None:
    """``vous êtes Enragé``; ``vous portez une Rune`` (the Reader's carrying conditions read it once
    Runes are card matches)."""
    if re.fullmatch(r"(?:vous etes|il est|votre personnage est|ce personnage est|est) enrage", t):
        return Condition(keyword="enrage")
    m = re.fullmatch(r"l'un de vos (?:allies|autres personnages) est (?:un |une )?(.+)", t)
    if m:
        try:
            kinds = reader.who_filter(m.group(1))
        except NotRead:
            return None
        return Condition(ally=Selector(group="other_allies", **reader._filter_keys(kinds)))
    found = followed_by(reader, c, t)
    if found is not None:
        return found
    from cards.domain.effects import Compare

    m = re.fullmatch(
        r"(?:vous avez|il a|votre personnage a) (au moins |plus de |moins de )?(\d+) "
        r"marqueurs? (@\d+@|poudre)",
        t,
    )
    if m:
        name = "poudre" if m.group(3) == "poudre" else _marker_name(c, m.group(3))
        cmp = {"plus de ": ">", "moins de ": "<"}.get(m.group(1) or "", ">=")
        return Condition(compare=Compare(Count("markers", marker=name, on="self"), cmp, int(m.group(2))))

    m = re.fullmatch(r"(?:si )?(@\d+@) est jouee? (?:a la suite de|apres) (?:celle-ci|cette carte)", t)
    if m:  # "si 'X' est jouée à la suite de cette carte": the holder's next card is an 'X'
        return Condition(followed_by=CardMatch("card", reader.family(c, m.group(1))))
    if re.fullmatch(r"vous ne jouez (?:aucune carte|pas de carte) apres (?:celle-ci|cette carte)", t):
        return Condition(not_=Condition(followed_by=CardMatch("any")))
    m = re.fullmatch(r"vous ne jouez pas (.+?) apres (?:celle-ci|cette carte)", t)
    if m:
        return Condition(not_=Condition(followed_by=reader.match(c, m.group(1))))
    m = re.fullmatch(r"vous n'avez pas joue (.+?) avant (?:celle-ci|cette carte)", t)
    if m:
        return Condition(not_=Condition(follows=reader.match(c, m.group(1))))
    # "si ce personnage joue une Arme, il gagne …" on a card that stays: each time it does (a
    # trigger), not a condition checked once when the card comes into play — not read
    return None


# --- cards between piles ---------------------------------------------------------------------------

_PILES = {"deck": "deck", "main": "hand", "defausse": "discard"}
_WHOSE_MINE = r"(?:votre|vos|son|sa|ses)"
_WHOSE_THEIRS = (
    r"(?:la|le) (?:deck|main|defausse) (?:adverse|du joueur adverse|de votre adversaire|de l'adversaire)"
)
#: "N X de votre Défausse", "la dernière X de votre Défausse", "chaque X dans votre Main" (a pile phrase).
_FROM = re.compile(
    rf"(?P<count>(?:de )?{NUM}(?: a (?P<hi>\d+))? "
    rf"|les {NUM} prochaines |la prochaine |le prochain "
    r"|toutes les |tous les |les |chaque |l'une? des |la derniere |le dernier |la |le )?"
    r"(?P<what>.+?)(?P<random> aleatoires?)? (?:de|dans|du|de la|depuis) "
    r"(?:(?P<mine>votre|vos|sa|son) (?P<pile>deck|defausse|main)"
    r"|(?:la |le |(?<=du ))(?P<pile2>deck|defausse|main)"
    r"(?P<theirs> adverse| du joueur adverse| de votre adversaire| de l'adversaire))"
)
_TO = re.compile(
    r"(?:est|sont|sera|seront) (?:"
    r"(?:placee?s?|remise?s?|renvoyee?s?|mise?s?|ajoutee?s?|replacee?s?) (?:dans|a) "
    r"(?:(?P<to_mine>votre|sa|son) (?P<to>main|deck|defausse)|(?P<to_theirs>la main adverse|le deck adverse))"
    r"|(?P<removed>retiree?s? (?:de la partie|du jeu))"
    r"|(?P<returned>retournee?s? (?:dans|a) (?:votre|sa|son) (?P<to2>main|deck))"
    r"|(?P<discarded>defaussee?s?)"
    r"|(?P<played>jouee?s?)(?: a la suite (?:de vos cartes|des cartes deja jouees))?"
    r")"
)


_ACTS_AT_ONCE = re.compile(
    r" (?:est|sont|sera|seront) jouee?s?( et (?:activee?s?|s'activer(?:a|ont)|s'activen?t?) immediatement)$"
)
_NON_ZONE = re.compile(r" (?:\(non[- ]zone\)|non[- ]zone)(?= |$)")


def _zone_free(reader: Reader, c: Clause, what: str) -> CardMatch | None:
    """The cards of a pile phrase; ``Sort non-zone Lumière ou Nature`` -> each kind named, not a
    zone spell (the reader's own match gives "non-zone" to the last kind only when it follows it)."""
    m = _NON_ZONE.search(what)
    if not m or (what.endswith(m.group(0)) and " ou " not in what and "," not in what):
        return reader._count_match(c, what)
    match = reader._count_match(c, what[: m.start()] + what[m.end() :])
    return _not_zone(match)


def _not_zone(match: CardMatch | None) -> CardMatch:
    if match is None:
        raise _not_read("non-zone: of which cards?")
    if match.kind == "any_of":
        return replace(match, options=tuple(_not_zone(o) for o in match.options or ()))
    if match.kind != "type":
        raise _not_read("non-zone: only kinds of spells")
    return replace(match, zone=False)


def _pile_count(text: str | None) -> tuple[int | None, str]:
    """The count words before a pile phrase -> (count, pick); None = all."""
    t = (text or "").strip()
    if t in ("", "la", "le"):
        return 1, "random"
    if t in ("toutes les", "tous les", "les", "chaque"):
        return None, "random"
    if t in ("la derniere", "le dernier", "la prochaine", "le prochain"):
        return 1, "top"
    m = re.fullmatch(rf"les {NUM} prochaines", t)
    if m:
        return _number(m.group(1)), "top"
    if t in ("l'un des", "l'une des"):
        raise _not_read("one of them: which ones?")
    t = re.sub(r"^de ", "", t)
    return _number(t), "random"


def moved(reader: Reader, c: Clause, t: str, pick: str | None = None) -> list[Effect] | None:
    """``2 cartes de votre Défausse sont placées dans votre Deck``, ``la dernière Action de votre
    Défausse est jouée``, ``chaque 'X' dans votre Défausse est placé dans votre Main``, ``3 cartes
    de la Défausse adverse sont retirées de la partie``, ``3 cartes de la Main du joueur adverse sont
    défaussées``; ``pick`` = "choice" when the player chose them ("Choisissez …, celui-ci …")."""
    from cards.domain.effects import Discard, Mill, MoveCards, PlayCard

    if "proprietaire" in t:
        return _to_owners_pile(reader, c, t, pick)
    now = _ACTS_AT_ONCE.search(t)
    if now:  # "… est jouée et activée immédiatement": it acts at once
        found = moved(reader, c, t[: now.start(1)], pick)
        if not found or not all(isinstance(e, PlayCard) for e in found):
            return None
        return [replace(e, now=True) for e in found if isinstance(e, PlayCard)]
    t = re.sub(r" deck \(pioche\)$", " deck", t)  # "votre Deck (pioche)": the draw pile, a deck
    # "une carte de votre Défausse (déterminée) aléatoirement …": as "une carte aléatoire de …"
    t = re.sub(
        r"( (?:de|dans|du) (?:votre |sa |son |la |le )?(?:deck|main|defausse)(?: adverse)?)"
        r" (?:determinee?s? )?aleatoire(?:s|ment)?\b",
        r" aleatoire\1",
        t,
        count=1,
    )
    m = re.fullmatch(rf"{_FROM.pattern} {_TO.pattern}", t) or re.fullmatch(
        rf"{_FROM.pattern} (?:retournent|retourne) (?:dans|a) (?:votre|sa|son) (?P<back>main|deck)", t
    )
    if not m:
        return None
    if m.group("hi"):
        # a rolled number of cards: each number as likely (only a plain move between own piles)
        lo, hi = _number(re.sub(r"^de ", "", m.group("count").strip()).split(" a ")[0]), int(m.group("hi"))
        if pick is not None:
            return None
        found = moved(reader, c, t.replace(f" a {hi} ", " ", 1))
        if not found or len(found) != 1 or not isinstance(found[0], MoveCards) or found[0].count != lo:
            return None
        one = found[0]
        return _rolled(lo, hi, lambda n: replace(one, count=n))
    count, default_pick = _pile_count(m.group("count"))
    if "prochain" in (m.group("count") or "") and (m.group("pile") or m.group("pile2")) != "deck":
        return None  # "the next card" of a deck only: the one to be drawn
    how = pick or default_pick
    if m.group("random"):
        how = "random"
    what = m.group("what")
    if re.search(r"\b(?:autres?|differente?s?|jouables?|meme)\b", what):
        return None  # "another", "different", "playable", "of the same …": not a card match
    groups = m.groupdict()
    owner = "opponent" if m.group("theirs") else "self"
    theirs_own = re.fullmatch(r"(.+) adverses?", what)
    if theirs_own and groups.get("mine") in ("sa", "son") and groups.get("to_mine") == "votre":
        # "une carte adverse de sa Main est placée dans votre Défausse": the opponent's own pile
        what, owner = theirs_own.group(1), "opponent"
    elif (
        owner == "opponent"
        and groups.get("mine") is None
        and groups.get("to_mine") in ("sa", "son")
        and m.group("theirs") in (" du joueur adverse", " de votre adversaire", " de l'adversaire")
    ):
        pass  # "la Main du joueur adverse … dans son Deck": that player's own deck
    elif (groups.get("mine") in ("sa", "son") or groups.get("to_mine") in ("sa", "son")) and (
        "porteur" not in c.text or "advers" in c.text
    ):
        return None  # "sa Défausse": the carrier's, unless the clause speaks of another one
    match = _zone_free(reader, c, what)
    source = _PILES[m.group("pile") or m.group("pile2")]
    if groups.get("back") or groups.get("returned"):
        to_back = _PILES[groups.get("back") or groups["to2"]]
        if owner != "self" or source == to_back:
            return None
        return [MoveCards(from_=source, to=to_back, owner=owner, count=count, cards=match, pick=how)]
    if m.group("played"):
        if owner != "self" or count is None:
            return None
        return [PlayCard(from_=source, cards=match, pick=how)] * count
    if m.group("removed"):
        to = "removed"
    elif m.group("discarded"):
        if source == "discard":
            return None
        if owner == "opponent" and how == "random" and match is None and count is not None:
            # the opposing player discards random cards from hand / its deck's top cards to its discard
            return [Discard(count=count)] if source == "hand" else [Mill(count=count)]
        to = "discard"
    elif m.group("to_theirs"):
        return None  # to the other player's piles
    else:
        to = _PILES[m.group("to")]
        if owner == "opponent" and m.group("to_mine") == "votre":
            # from the opponent's pile to yours: taken from that player
            return [
                MoveCards(from_=source, to=to, owner=owner, count=count, cards=match, pick=how, into="self")
            ]
    if to == source:
        return None
    return [MoveCards(from_=source, to=to, owner=owner, count=count, cards=match, pick=how)]


_TO_OWNERS_PILE = re.compile(
    rf"(?P<count>{NUM} |la |le )?(?P<what>.+?) (?:de|dans) (?:une|n'importe quelle) "
    r"(?P<pile>deck|defausse|main) "
    r"(?:est|sont|sera|seront) (?:placee?s?|remise?s?|replacee?s?|renvoyee?s?) dans "
    r"(?:le|la) (?P<to>deck|main|defausse) de (?:son|leur) proprietaire"
)


def _to_owners_pile(reader: Reader, c: Clause, t: str, pick: str | None) -> list[Effect] | None:
    """``(choisissez) une carte dans une Défausse, cette carte est placée dans le Deck de son
    propriétaire``: a card of either player's pile, picked by the player, goes to its owner's pile."""
    from cards.domain.effects import MoveCards

    m = _TO_OWNERS_PILE.fullmatch(t)
    if not m or pick != "choice":
        return None  # "une carte d'une Défausse" not chosen: whose pile, which card?
    source, to = _PILES[m.group("pile")], _PILES[m.group("to")]
    if source == to:
        return None
    count, _ = _pile_count(m.group("count"))
    what = m.group("what")
    match = None if re.fullmatch(r"cartes?", what) else reader._count_match(c, what)
    return [MoveCards(from_=source, to=to, owner="any", count=count, cards=match, pick="choice")]


def opponent_gives(t: str) -> list[Effect] | None:
    """``le joueur adverse choisit une carte de sa Main, elle est placée dans la vôtre``: the
    opposing player picks one of its cards, which goes into the player's own pile."""
    from cards.domain.effects import MoveCards

    m = re.fullmatch(
        r"(?:le joueur adverse|votre adversaire|l'adversaire) choisit une carte de (?:sa|son) "
        r"(main|deck|defausse),? (?:elle|celle-ci|cette carte) est (?:placee|mise|ajoutee) dans "
        r"(?:la votre|le votre|votre (main|deck|defausse))",
        t,
    )
    if not m:
        return None
    source = _PILES[m.group(1)]
    to = _PILES[m.group(2)] if m.group(2) else source
    return [MoveCards(from_=source, to=to, owner="opponent", pick="opponent", into="self")]


def played_unless_carried(reader: Reader, c: Clause, t: str) -> list[Effect] | None:
    """``un Objet maudit de votre Deck est joué si votre personnage n'en porte aucun``: the card is
    played only when the character carries none of that kind ("en": the cards named)."""
    from cards.domain.effects import PlayCard

    m = re.fullmatch(r"(.+ (?:est|sont) jouee?s?) si votre personnage n'en porte (?:aucune?|pas)", t)
    if not m:
        return None
    found = moved(reader, c, m.group(1))
    if not found or not all(isinstance(e, PlayCard) and e.cards is not None for e in found):
        return None
    from cards.domain.text_grammar import with_condition

    kind = found[0].cards if isinstance(found[0], PlayCard) else None
    return with_condition(found, Condition(not_=Condition(carrying_match=kind)))


def chosen_cards(reader: Reader, c: Clause, t: str) -> list[Effect] | None:
    """``Choisissez un Objet dans votre Défausse, celui-ci est placé dans votre Main`` / ``…, il est
    joué``: the player picks the card."""
    m = re.fullmatch(r"choisissez (?:un |une )(.+?),? (?:celui-ci|celle-ci|il|elle|cette carte) (.+)", t)
    if not m:
        return None
    found = moved(reader, c, f"une {m.group(1)} {m.group(2)}", pick="choice")
    if found is not None:
        return found
    # "…, celle-ci est jouée et 2 autres Nécroses de votre Défausse sont placées dans votre Deck":
    # the others of that pile, the chosen one having left it
    sm = re.fullmatch(rf"(est .+?) et ((?:{NUM}|les|toutes les) autres (.+))", m.group(2))
    if not sm:
        return None
    first = moved(reader, c, f"une {m.group(1)} {sm.group(1)}", pick="choice")
    if not first or len(first) != 1:
        return None
    from cards.domain.effects import MoveCards, PlayCard

    chosen = first[0]
    if not isinstance(chosen, MoveCards | PlayCard) or (
        isinstance(chosen, MoveCards) and chosen.to == chosen.from_
    ):
        return None
    rest = moved(reader, c, sm.group(2).replace(" autres ", " ", 1))
    if not rest or any(
        not isinstance(e, MoveCards | PlayCard) or e.from_ != chosen.from_ or e.also for e in rest
    ):
        return None
    return [*first, *rest]


_PLAY_RULE = (
    r"(?:duree ?:? ?\d.+|permanente?|s'active (?:immediatement|apres le combat)"
    r"|cette carte devient permanente?|choisissez le personnage (?:sur lequel|auquel) cette carte s'attache)"
)


def _conditional_play_rule(reader: Reader, c: Clause, t: str, ctx: Ctx) -> Reading | None:
    """``Si 'X' fait partie de vos personnages, Durée : 4 tours``, ``S'active immédiatement si …``,
    ``Cette carte devient permanente si vous jouez une Lance`` -> a play variant."""
    m = re.fullmatch(rf"si (.+?),? ({_PLAY_RULE})", t) or re.fullmatch(rf"({_PLAY_RULE}),? (si .+)", t)
    if not m or ctx.subject != "card":
        return None
    first, second = m.group(1), m.group(2)
    cond_text, rule = (first, second) if t.startswith("si ") else (second, first)
    rule = re.sub(r"^cette carte devient ", "", rule)
    try:
        cond = reader.condition(c, cond_text, ctx)
    except NotRead:
        return None
    inner = reader.card_phrase(c, rule, ctx)
    return None if inner is None else play_variant(inner, cond)


def _markers_paid(reader: Reader, c: Clause, t: str, ctx: Ctx) -> Reading | None:
    """``Si vous avez au moins 3 marqueurs 'X', vous en perdez 3 et …`` -> a cost in markers."""
    from cards.domain.text_grammar import Reading

    m = re.fullmatch(
        rf"(?:(.+?) )?si vous avez (?:au moins )?{NUM} marqueurs? (@\d+@|poudre),? "
        rf"vous en perdez {NUM} et (.+)",
        t,
    )
    if not m or _number(m.group(2)) != _number(m.group(4)):
        return None
    name = "poudre" if m.group(3) == "poudre" else _marker_name(c, m.group(3))
    effects = reader.phrase(c, m.group(5), ctx)
    # "Attaque +3 Si vous avez …": a sentence before it, its full stop missing
    before = reader.phrase(c, m.group(1), ctx) if m.group(1) else []
    paid = Pay(cost=Cost("markers", _number(m.group(2)), marker=name), effects=tuple(effects))
    return Reading(effects=[*before, paid])


def attached_discarded(reader: Reader, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
    """``Si 'X' ou 'Y' est attachée à votre personnage, celle-ci est défaussée`` (every such card
    attached to it goes to the discard pile); ``choisissez une carte attachée à un personnage, elle
    est défaussée``; ``tous les Objets portés par le personnage adverse sont placés dans le deck de
    leur propriétaire``; ``choisissez un de vos Objets en jeu, celui-ci est défaussé``."""
    from cards.domain.effects import DiscardAttached

    pronoun = (
        r",? (?:celle-ci|celui-ci|elle|il|ceux-ci|celles-ci|elles|cette derniere|ce dernier) "
        r"(?:est|sont) defaussee?s?"
    )
    m = re.fullmatch(
        r"si (?P<what>.+?) (?:est|sont) (?:deja )?(?:attachee?s?|portee?s?) (?:a|par) "
        rf"(?P<on>votre personnage|vous){pronoun}",
        t,
    ) or re.fullmatch(
        rf"si (?P<on>votre personnage|vous|l'un de vos personnages|un de vos personnages) portez? deja "
        rf"(?:une |un )?(?P<what>.+?){pronoun}",
        t,
    )
    if m:
        # "si 'X' ou 'Y' est attachée à votre personnage, celle-ci est défaussée", "si votre
        # personnage porte déjà une Longévité, cette dernière est défaussée": every such card it
        # carries; in the text of one of them, never this card itself (a card that stays is
        # attached before it acts: "déjà" names the copy before it) — ``other``
        what = m.group("what")
        if ctx.names and what == ctx.names[0]:  # "… porte déjà une Longévité" in Longévité's text
            from cards.domain.text_grammar import Clause

            c = Clause(c.text, (*c.names, ctx.names[0]))
            what = f"@{len(c.names) - 1}@"
        match = reader.match(c, what)
        named = {o.value for o in (match.options if match.kind == "any_of" else (match,)) if o.kind == "card"}
        whose = "self" if m.group("on") in ("votre personnage", "vous") else "all_allies"
        if whose != "self" and not ctx.stays:
            return None  # whose copy? (a card that does not stay carries none)
        other = bool(named & set(ctx.names)) or "deja" in t
        return [DiscardAttached(count=None, cards=match, other=other, **_fields(whose))]
    gone = (
        r"(?:est|sont) (?:(?P<discarded>defaussee?s?)|(?P<removed>retiree?s? (?:de la partie|du jeu))"
        r"|placee?s? dans (?:le|la) (?P<to>deck|main) de (?:son|leur) proprietaire"
        r"|placee?s? dans (?:son|sa|leur) (?P<their>deck|main))"
    )
    m = re.fullmatch(
        rf"choisissez (?P<upto>jusqu'a )?(?P<n>une |un |{NUM} )(?P<what>.+?) (?:attachee?s?|portee?s?) "
        r"(?:a|au|aux|par) (?P<on>.+?),? "
        rf"(?:celle-ci|celui-ci|elle|il|ceux-ci|celles-ci|elles|ils|cette carte) {gone}",
        t,
    ) or re.fullmatch(
        rf"(?P<n>tous les |toutes les |chaque |une? |{NUM} )(?P<what>.+?) (?:attachee?s?|portee?s?) "
        rf"(?:a|au|aux|par) (?P<on>.+?) {gone}",
        t,
    )
    if not m:
        m = re.fullmatch(
            rf"(?P<n>les |tous les |toutes les )(?P<what>.+?) (?:du|de) "
            rf"(?P<on>personnage adverse|votre personnage) {gone}",
            t,
        )
        if m:
            on_text = "le personnage adverse" if m.group("on") == "personnage adverse" else "votre personnage"
            return _discard_attached(reader, c, t, m, on_text, None, "random")
        taken = _taken_into_own(reader, c, t)
        if taken is not None:
            return taken
        m = re.fullmatch(
            r"(?:les|tous les|toutes les) (?P<what>.+?) que vous portez sont placee?s "
            r"dans votre (?P<to>main|deck|defausse)",
            t,
        )
        if m:
            # "les Armes que vous portez sont placées dans votre Main": every one the holder carries
            # (whoever owns it) into the player's own pile
            try:
                cards = None if m.group("what") == "cartes" else reader.match(c, m.group("what"))
            except NotRead:
                return None
            to = {"main": "hand", "deck": "deck", "defausse": "discard"}[m.group("to")]
            return [DiscardAttached(count=None, cards=cards, to=to, into="self", **_fields("self"))]
        m = re.fullmatch(r"(?P<whose>les|vos) autres (?P<what>@\d+@) en jeu sont defaussee?s?", t)
        if m:
            # "Les autres 'X' en jeu sont défaussées" in X's own text: every other copy in play
            # (of any player; "vos": the player's own), never this one
            family = reader.family(c, m.group("what"))
            if family not in ctx.names:
                return None  # other than what, when this card is not one of them?
            return [
                DiscardAttached(
                    count=None,
                    cards=CardMatch("card", family),
                    owner="self" if m.group("whose") == "vos" else "any",
                    other=True,
                    **_fields("all_characters"),
                )
            ]
        m = re.fullmatch(
            r"choisissez (?:un |une |1 )(?P<what>.+?) (?P<adverse>adverses? )?en jeu,? "  # "1 carte": one
            rf"(?:celle-ci|celui-ci|elle|il|cette carte) {gone}",
            t,
        )
        if m:
            what = m.group("what")
            owner = "opponent" if m.group("adverse") else "any"
            return _discard_attached(
                reader, c, t, m, "tous les personnages", 1, "choice", what=what, owner=owner
            )
        # "une carte adverse en jeu est défaussée", "2 Objets adverses en jeu sont défaussés": cards
        # in play, attached to any character, picked at random as the other attached cards
        m = re.fullmatch(
            rf"(?P<n>une? |{NUM} |tous les |toutes les )(?P<what>.+?) (?P<adverse>adverses? )?en jeu {gone}",
            t,
        )
        if m and not re.search(r"\b(?:autres?|@\d+@)", m.group("what")):
            n = m.group("n").strip()
            count = None if n in ("tous les", "toutes les") else _number(n)
            owner = "opponent" if m.group("adverse") else "any"
            return _discard_attached(reader, c, t, m, "tous les personnages", count, "random", owner=owner)
        return None
    n = m.group("n").strip()
    count = None if n in ("tous les", "toutes les", "chaque") else _number(n)
    pick = "choice" if t.startswith("choisissez") else "random"
    what = m.group("what")
    owner = "any"
    om = re.fullmatch(r"(.+?) (adverses?|a vous|du joueur adverse)", what)
    if om:
        what, owner = om.group(1), "self" if om.group(2) == "a vous" else "opponent"
    on_text = m.group("on")
    if m.group("their") and owner != "opponent":
        # "… placées dans son Deck": their owner's pile only when the cards are the opponent's
        # ("deux cartes du joueur adverse …"); a card of yours an enemy carries: whose pile?
        return None
    if on_text == "ses personnages":
        if not (om and om.group(2) == "du joueur adverse"):
            return None  # whose characters?
        on_text = "les personnages adverses"  # "cartes du joueur adverse attachées à ses personnages"
    on_text = {
        "des personnages": "les personnages",
        "un personnage": "les personnages",
        "un personnage adverse": "les personnages adverses",
        "personnage adverse": "le personnage adverse",
        "un des deux personnages en combat": "les personnages en combat",
        "un des personnages en combat": "les personnages en combat",
        # "attachées aux personnages en combat"
        "personnages en combat": "les personnages en combat",
    }.get(on_text, on_text)
    if on_text.startswith("un "):
        return None  # one character's cards, which one?
    try:
        on = reader.subject(c, on_text)
    except NotRead:
        return None
    if on_text in ("il", "elle", "celui-ci", "celle-ci", "ce dernier", "cette derniere", "lui"):
        if ctx.pronoun is None:
            return None  # whom does it name? (not the holder by default)
        on = ctx.pronoun
    to = m.group("to") or m.group("their")
    to = "discard" if m.group("discarded") else "removed" if m.group("removed") else to
    to = {"main": "hand"}.get(to, to)
    if count == 1 and re.search(r" et (?:un |une )", what):
        # "un Objet et un Sort ou une Théurgie attachés à …": one of each
        kinds = re.split(r",? et (?:un |une )", what)
        return [
            DiscardAttached(count=1, cards=reader.match(c, k), owner=owner, pick=pick, to=to, **_fields(on))
            for k in kinds
        ]
    cards = None if re.fullmatch(r"cartes?", what) else reader.match(c, what)
    # "choisissez jusqu'à 2 cartes …": the player may take fewer, none
    may = "upto" in m.groupdict() and m.group("upto") is not None
    return [DiscardAttached(count=count, cards=cards, owner=owner, pick=pick, to=to, may=may, **_fields(on))]


def chosen_state(t: str) -> tuple[str, bool] | None:
    """``de vos personnages inclinés`` -> ("de vos personnages", True); None without a state."""
    m = re.fullmatch(r"(.+?) (non inclines?|releves?|inclines?)", t)
    if not m:
        return None
    return m.group(1), m.group(2).startswith("incline")


def either_group(reader: Reader, c: Clause, whom: str, names: tuple[str, ...]) -> tuple[Selector, ...] | None:
    """``chacun de vos Mages ou Prêtres``, ``vos Arbre-Monde ou Guémélites de la Terre``: the player's
    characters of either kind, each once — the first kind that a selector can leave out (a class or
    a race: ``not_class`` / ``not_race``), then the second kind without the first. None when the
    phrase is not two such kinds."""
    m = re.fullmatch(r"(?:chacun de |chacune de )?(vos autres|vos) (.+?) ou (.+)", whom)
    if not m:
        return None
    found: list[Selector] = []
    for kind in (m.group(2), m.group(3)):
        try:
            one = reader.subject(c, f"{m.group(1)} {kind}", names)
        except NotRead:
            return None
        if not isinstance(one, Selector) or one.pick is not None or len(_filters(one)) != 1:
            return None
        if found and one.group != found[0].group:
            return None
        found.append(one)
    first, second = found
    for a, b in ((first, second), (second, first)):
        ((key, value),) = _filters(a).items()
        if key in ("class", "race") and f"not_{key}" not in _filters(b):
            return a, replace(b, **{f"not_{key}": value})
    return None


def _filters(sel: Selector) -> dict[str, Any]:
    """The filters a selector sets, by JSON key ("class", "race", …)."""
    out = sel.to_json()
    return {k: v for k, v in out.items() if k not in ("group", "pick")} if isinstance(out, dict) else {}


def with_tapped(target: Target, tapped: bool) -> Target:
    if isinstance(target, Selector):
        return replace(target, tapped=tapped)
    group, pick = target_group(target)
    if group in ("self", "opponent"):
        return target
    return Selector(group=group, pick=pick, tapped=tapped)


def count(reader: Reader, c: Clause, t: str) -> Count | None:
    """``Rune portée`` / ``Objet porté`` (by the holder) -> the cards attached to it."""
    m = re.fullmatch(r"(.+?) (?:portee?s?|attachee?s?)(?: par (?:votre personnage|vous))?", t)
    if not m:
        return None
    try:
        match = reader._count_match(c, m.group(1))
    except NotRead:
        return None
    return Count("cards", pile="play", owner="both", match=match, on="self")


def other_attached(reader: Reader, c: Clause, t: str) -> Condition | None:
    """``une autre carte est attachée à votre personnage``, ``votre personnage porte un autre
    Objet``: such a card attached to the holder besides this one."""
    from cards.domain.effects import Compare

    m = re.fullmatch(
        r"(?:une? )?autre (.+?) (?:est attachee? a|est portee? par) (?:votre personnage|vous)"
        r"|(?:votre personnage|vous|il) (?:porte|portez) une? autre (.+)",
        t,
    )
    if not m:
        return None
    what = m.group(1) or m.group(2)
    if "@" in what:
        return None  # "une autre 'X'": another copy of a named card
    match = None if re.fullmatch(r"cartes?", what) else reader._count_match(c, what)
    attached = Count("cards", pile="play", owner="both", match=match, on="self", other=True)
    return Condition(compare=Compare(attached, ">=", 1))


def followed_by(reader: Reader, c: Clause, t: str) -> Condition | None:
    m = re.fullmatch(r"(?:si )?votre prochaine carte est (?:une |un )?(.+)", t)
    if not m:
        return None
    return Condition(followed_by=reader.match(c, m.group(1)))


# --- cards excepted ------------------------------------------------------------------------------------


def own_card(c: Clause, ctx: Ctx) -> Clause:
    """The clause with "différente(s)" (a card of another name than this one) said as "autre que
    <this card>" (a quoted name added to the clause's), and "X de classe Y" as "X Y"."""
    from cards.domain.text_grammar import Clause

    text = re.sub(r"\b(?!prerequis\b|restrictions?\b)(\w+) de classe (?=\w)", r"\1 ", c.text)
    text = re.sub(r"\bvos personnage (?=gagnent|ont|subissent|sont)", "vos personnages ", text)
    # "Guémélite de la Nature ou de la Terre": each one a Guémélite
    text = re.sub(
        r"\bguemelite (de la |de l'|du |d')(\w+) ou (de la |de l'|du |d')",
        r"guemelite \1\2 ou guemelite \3",
        text,
    )
    names = c.names
    if ctx.names and re.search(r"\bdifferente?s?\b", text):
        token = f"@{len(names)}@"
        text = re.sub(r"\b(une? \w+(?: \w+)?) differente?s?\b", rf"\1 autre que {token}", text)
        names = (*names, ctx.names[0])
    if ctx.names and re.search(
        r"\bune copie de cette (?:carte|arme|armure|action|objet) (?:est|sera) creee\b", text
    ):
        # "une copie de cette carte est créée et …": a new card of this one's name
        token = f"@{len(names)}@"
        text = re.sub(
            r"\bune copie de cette (?:carte|arme|armure|action|objet) (?=(?:est|sera) creee\b)",
            f"une copie d'{token} ",
            text,
        )
        names = (*names, ctx.names[0])
    if ctx.names and ctx.subject == "card":
        # "'X' est placée dans votre Deck" / "est retirée de la partie" in X's own text: this card
        from cards.domain.vocabulary import fold

        for i, name in enumerate(names):
            if fold(name) == ctx.names[0]:
                text = re.sub(
                    rf"(^|, | et |: |^en fin de combat |^puis )@{i}@ "
                    r"(?=(?:est|sera) (?:placee dans votre (?:deck|main)|retiree de la partie)$)",
                    r"\1cette carte ",
                    text,
                )
    return Clause(text, names) if text != c.text else c


def match_but(reader: Reader, c: Clause, text: str) -> CardMatch | None:
    """``une Action autre que 'X'``, ``une carte non Arme ni Armure``, ``une carte adverse non-Objet``
    -> the cards of the first phrase but those of the second; None when not such a phrase."""
    t = text.strip()
    m = re.fullmatch(r"(.+?) autres? que (.+)", t) or re.fullmatch(r"(.+?) non[ -](?!zone\b)(.+)", t)
    if not m:
        return None
    if reader.vocabulary.lookup(f"non-{m.group(2).strip()}"):
        return None  # "Action Non-Mort": a race's name, not "but"
    base, but = m.group(1).strip(), re.sub(r" ni ", " ou ", m.group(2).strip())
    if re.fullmatch(r"(?:une? |la |le |les )?cartes?", base):
        main = CardMatch("any")
    else:
        main = reader.match(c, base)
    return replace(main, but=reader.match(c, but))


def _after(reader: Reader, c: Clause, t: str, ctx: Ctx) -> Reading | None:
    """``Après que le porteur ait joué ses cartes, …`` (after the cards of each of its combats);
    ``Après chacun de vos Sorts Feu : …`` (each time the holder has played such a card)."""
    from cards.domain.effects import Event, Trigger
    from cards.domain.text_grammar import Reading

    m = re.fullmatch(
        r"apres que (?:le porteur|votre personnage|son porteur) (?:ait|a) joue ses cartes,? (.+)", t
    )
    if m:
        inner = reader.phrase(c, m.group(1), ctx.inside())
        return Reading(effects=[Trigger(on=Event("after_cards"), effects=tuple(inner))])
    m = re.fullmatch(r"apres chacune? de vos (.+?) ?(?::|,) (.+)", t)
    if m:
        match = reader.match(c, m.group(1))
        inner = reader.phrase(c, m.group(2), ctx.inside())
        return Reading(effects=[Trigger(on=Event("plays", match=match), effects=tuple(inner))])
    return None


def named_prefix(reader: Reader, c: Clause, t: str) -> Condition | None:
    """A prefix naming characters without quotes (``Amidaraxar :``, ``Olor ou Lazar Zackarov :``) or
    a named character or a kind of character (``'Harès' ou Combattant Runique :``)."""
    parts = [t] if t in reader.families else re.split(r" ou |, ", t)
    if len(parts) == 1 and t not in reader.families:
        return None
    conds: list[Condition] = []
    for part in parts:
        part = part.strip()
        if part in reader.families:
            conds.append(Condition(played_by=reader.families[part]))
        elif re.fullmatch(r"@\d+@", part):
            conds.append(Condition(played_by=reader.family(c, part)))
        else:
            try:
                conds.append(reader.who_condition(part, "played_by"))
            except NotRead:
                return None
    if not any(cd.played_by for cd in conds):
        return None  # kinds of characters only: the Reader's own reading
    return conds[0] if len(conds) == 1 else Condition(any=tuple(conds))


def carried_count(reader: Reader, c: Clause, text: str) -> Condition | None:
    """``si votre adversaire porte au moins 3 cartes``, ``si vous portez plus de 2 Objets``."""
    from cards.domain.effects import Compare
    from cards.domain.effects import Compare as _Compare

    t = re.sub(r"^(?:si |tant que )", "", text.strip()).replace("s'il ", "il ", 1)
    mk = re.fullmatch(
        r"(votre adversaire|le personnage adverse|l'adversaire|vous|votre personnage|il) (?:porte|portez) "
        r"(au moins |plus de |moins de )?(\d+) marqueurs? (@\d+@|poudre)",
        t,
    )
    if mk:
        holder: Target = "opponent" if "advers" in mk.group(1) else "self"
        name = "poudre" if mk.group(4) == "poudre" else _marker_name(c, mk.group(4))
        cmp_ = {"plus de ": ">", "moins de ": "<"}.get(mk.group(2) or "", ">=")
        return Condition(compare=_Compare(Count("markers", marker=name, on=holder), cmp_, int(mk.group(3))))
    m = re.fullmatch(
        r"(votre adversaire|le personnage adverse|l'adversaire|vous|votre personnage|il) (?:porte|portez) "
        r"(au moins |plus de |moins de )?(\d+) (cartes?|.+)",
        t,
    )
    if m:
        on: Target = "opponent" if "advers" in m.group(1) else "self"
        what = None if m.group(4).startswith("carte") else reader._count_match(c, m.group(4))
        cmp = {"plus de ": ">", "moins de ": "<"}.get(m.group(2) or "", ">=")
        counted = Count("cards", pile="play", owner="both", match=what, on=on)
        return Condition(compare=Compare(counted, cmp, int(m.group(3))))
    return None


_CREATED_UNLESS = re.compile(
    r"(?P<head>.+ (?:est|sont) creee?s? et jouee?s?) si (?:(?P<opp>votre adversaire|le personnage adverse)"
    r"|(?P<me>vous|votre personnage)) n'en (?:porte|portez) (?:pas|aucune?)"
    r"|(?P<head2>.+ (?:est|sont) creee?s? et jouee?s?) si votre (?P<pile>deck|main|defausse) "
    r"n'en contient (?:pas|aucune?)"
)


def created(reader: Reader, c: Clause, t: str) -> list[Effect] | None:
    """``Une 'X' et un 'Y' sont créés et joués``, ``2 'X' et 2 'Y' sont créées et jouées``; ``un
    'X' ou un 'Y' est créé aléatoirement et joué`` (one of them, at random); ``un 'X' est créé et
    joué si votre adversaire n'en porte pas`` / ``… si votre Deck n'en contient pas`` (none of
    that card carried / in that pile); ``une copie de 'X' est jouée`` (a new one)."""
    from cards.domain.effects import Compare

    m = re.fullmatch(
        r"(?:une? )?(@\d+@) ou (?:une? )?(@\d+@) (?:est|sera) creee? "
        r"(?:aleatoire(?:ment)?|au hasard) et jouee?"
        r"|(?:une? )?(@\d+@) ou (?:une? )?(@\d+@) aleatoire "
        r"(?:est|sera) creee? et jouee?",
        t,
    )
    if m:
        a, b = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        options = tuple((CreateCard(card=reader.family(c, x), to="play"),) for x in (a, b))
        return [OneOf(options=options, pick="random")]
    m = re.fullmatch(r"une copie de (@\d+@) est jouee", t)
    if m:
        return [CreateCard(card=reader.family(c, m.group(1)), to="play")]
    m = _CREATED_UNLESS.fullmatch(t)
    if m:
        head = m.group("head") or m.group("head2")
        hm = re.fullmatch(r"(?:une? |1 )?(@\d+@) est creee? et jouee?", head)
        if not hm:
            return None
        card = reader.family(c, hm.group(1))
        match = CardMatch("card", card)
        if m.group("pile"):
            held = Count("cards", pile=_PILES[m.group("pile")], match=match)
            cond = Condition(compare=Compare(held, "==", 0))
        elif m.group("opp"):
            cond = Condition(not_=Condition(opponent_carrying_match=match))
        else:
            cond = Condition(not_=Condition(carrying_match=match))
        return [CreateCard(card=card, to="play", when=cond)]
    m = re.fullmatch(
        rf"(?P<names>(?:(?:{NUM} )?@\d+@)(?:(?:, | et )(?:{NUM} )?@\d+@)+) sont creee?s? et "
        r"(?:(?P<play>jouee?s?)|placee?s? dans votre (?P<pile>main|deck|defausse))",
        t,
    )
    if not m:
        return None
    to = "play" if m.group("play") else _PILES[m.group("pile")]
    out: list[Effect] = []
    for n, token in re.findall(rf"(?:{NUM} )?(@\d+@)", m.group("names")):
        out.append(CreateCard(card=reader.family(c, token), to=to, count=_number(n) if n else 1))
    return out


def played_from(reader: Reader, c: Clause, t: str) -> list[Effect] | None:
    """``Une Arme à une main est jouée depuis votre Deck``; ``Jouez une carte Runique de votre Main``
    (the player's pick)."""
    from cards.domain.effects import PlayCard

    m = re.fullmatch(
        rf"(?:un |une |{NUM} )?(.+?) (?:est|sont|sera) jouee?s? depuis votre (deck|main|defausse)", t
    )
    if m:
        return [PlayCard(from_=_PILES[m.group(3)], cards=reader._count_match(c, m.group(2)))]
    m = re.fullmatch(r"jouez (?:un |une )(.+?) de votre (deck|main|defausse)", t)
    if m:
        return [PlayCard(from_=_PILES[m.group(2)], cards=reader._count_match(c, m.group(1)), pick="choice")]
    return None


def _rolled(lo: int, hi: int, one: Any) -> list[Effect] | None:
    """ "de 1 à 3 cartes …": a number rolled between lo and hi, each as likely (one_of at random)."""
    if not 1 <= lo < hi <= 10:
        return None
    return [OneOf(options=tuple((one(n),) for n in range(lo, hi + 1)), pick="random")]


def opponent_mills(t: str) -> list[Effect] | None:
    """``le joueur adverse défausse 2 cartes de son Deck`` / ``… de 1 à 3 cartes …``: the top cards of
    its deck go to its discard pile (mill; a rolled number: each as likely)."""
    from cards.domain.effects import Mill

    m = re.fullmatch(
        rf"(?:l'adversaire|votre adversaire|le joueur adverse) defausse (?:de )?{NUM}(?: a (\d+))? "
        r"cartes? (?:de son deck|du dessus de son deck)",
        t,
    )
    if not m:
        return None
    lo = _number(m.group(1))
    if m.group(2):
        return _rolled(lo, int(m.group(2)), lambda n: Mill(count=n))
    return [Mill(count=lo)]


def opponent_may_discard(t: str) -> list[Effect] | None:
    """``L'adversaire peut défausser deux cartes de sa main pour la défausser`` (this card)."""

    m = re.fullmatch(
        r"(?:quand cette carte s'active, )?"
        rf"(?:l'adversaire|votre adversaire|le joueur adverse) peut defausser "
        rf"{NUM} cartes? de sa main pour (?:la|le) defausser",
        t,
    )
    if not m:
        return None
    return [
        Pay(cost=Cost("hand", _number(m.group(1))), may=True, by="opponent", effects=(CardTo("discard"),))
    ]


def _every_discard_pile(reader: Reader, c: Clause, t: str, ctx: Ctx, default: Target) -> list[Effect] | None:
    """``toutes les cartes de toutes les Défausses sont retirées du jeu``: all the cards of each
    player's discard pile (the player's, then the opponent's); only all of them (one card "de toutes
    les Défausses" is one card, not one of each)."""
    from cards.domain.effects import MoveCards

    found: list[Effect] = []
    for pile in ("de votre defausse", "de la defausse adverse"):
        try:
            effects = reader._bare(c, t.replace("de toutes les defausses", pile, 1), ctx, default)
        except NotRead:
            return None
        if not effects or not all(
            isinstance(e, MoveCards) and e.count is None and e.when is None for e in effects
        ):
            return None
        found.extend(effects)
    return found


def _taken_into_own(reader: Reader, c: Clause, t: str) -> list[Effect] | None:
    """``(vous pouvez) choisi(ssez|r) un Objet en jeu, il est placé dans votre Main`` / ``… et le
    placer dans votre Main``: a card attached to any character (its owner's or not) goes to the
    player's own pile, the player's pick; ``vous pouvez``: it may take none."""
    from cards.domain.effects import DiscardAttached

    m = re.fullmatch(
        r"(?P<may>vous pouvez choisir|choisissez) (?:un |une |1 )(?P<what>.+?) "
        r"(?P<adverse>adverses? )?(?:en jeu|attachee? a un personnage)"  # attached to anyone: in play
        r"(?:,? (?:celle-ci|celui-ci|elle|il) (?:est|sera) placee?|,? et (?:le|la) placer) "
        r"dans votre (?P<to>main|deck|defausse)",
        t,
    )
    # "vous pouvez choisir une carte en jeu et la défausser", "…, elle est défaussée": to its
    # owner's discard pile
    discarded = (
        None
        if m
        else re.fullmatch(
            r"(?P<may>vous pouvez choisir) (?:un |une )(?P<what>.+?) (?P<adverse>adverses? )?en jeu"
            r"(?:,? (?:celle-ci|celui-ci|elle|il) est defaussee?|,? et (?:le|la) defausser)",
            t,
        )
    )
    if not m and not discarded:
        return None
    m = m or discarded
    assert m is not None
    what = m.group("what")
    try:
        cards = None if re.fullmatch(r"cartes?", what) else reader.match(c, what)
    except NotRead:
        return None
    if discarded:
        return [
            DiscardAttached(
                count=1,
                cards=cards,
                owner="opponent" if m.group("adverse") else "any",
                pick="choice",
                may=True,
                **_fields("all_characters"),
            )
        ]
    to = {"main": "hand", "deck": "deck", "defausse": "discard"}[m.group("to")]
    return [
        DiscardAttached(
            count=1,
            cards=cards,
            owner="opponent" if m.group("adverse") else "any",
            pick="choice",
            to=to,
            into="self",
            may=m.group("may") == "vous pouvez choisir",
            **_fields("all_characters"),
        )
    ]


def _discard_attached(
    reader: Reader,
    c: Clause,
    t: str,
    m: re.Match[str],
    on_text: str,
    count: int | None,
    pick: str,
    *,
    what: str | None = None,
    owner: str = "any",
) -> list[Effect] | None:
    from cards.domain.effects import DiscardAttached

    if m.group("their"):
        return None  # "placés dans son Deck": whose, for a card of yours an enemy carries?
    try:
        on = reader.subject(c, on_text)
    except NotRead:
        return None
    to = "discard" if m.group("discarded") else "removed" if m.group("removed") else m.group("to")
    to = {"main": "hand"}.get(to, to)
    what = m.group("what") if what is None else what
    cards = None if re.fullmatch(r"cartes?", what) else reader.match(c, what)
    return [DiscardAttached(count=count, cards=cards, owner=owner, pick=pick, to=to, **_fields(on))]


def _starts_the_game(reader: Reader, c: Clause, t: str, ctx: Ctx) -> Reading | None:
    """A character that ``commence la partie inclinée (si …)``, ``… avec une Rune Cor``, ``… avec 3
    Marqueurs 'poudre'``: at the start of the game."""
    from cards.domain.effects import Event, Tap, Trigger
    from cards.domain.text_grammar import Reading

    if ctx.subject != "character":
        return None
    m = re.fullmatch(
        r"(?:(.+?) (?:commencent|commence) |commence )la partie (inclinee?s?|avec (.+?))(?:,? (si .+))?", t
    )
    if not m:
        return None
    who: Target = "self"
    if m.group(1):
        try:
            who = reader.subject(c, m.group(1), ctx.names)
        except NotRead:
            return None
    effects: list[Effect] | None
    if m.group(2).startswith("incline"):
        effects = [Tap(**_fields(who))]
    else:
        effects = gain(reader, c, m.group(3), who, ctx)
        if effects is None or any(not isinstance(e, CreateCard | Marker) for e in effects):
            return None
    when = reader.condition(c, m.group(4), ctx) if m.group(4) else None
    return Reading(effects=[Trigger(on=Event("game_start"), effects=tuple(effects), when=when)])


def _one_each(reader: Reader, c: Clause, t: str, ctx: Ctx) -> Reading | None:
    """``Si vous jouez un 'X', créez et attachez-en un sur chacun de vos alliés`` (a new 'X' attached
    to each of them)."""
    from cards.domain.text_grammar import Reading

    m = re.fullmatch(
        r"si vous jouez (?:un |une )?(@\d+@),? creez et attachez[- ]en une? (?:sur|a) chacun de vos "
        r"(allies|personnages|autres personnages)",
        t,
    )
    if not m:
        return None
    family = reader.family(c, m.group(1))
    who: Target = "all_allies" if m.group(2) == "personnages" else "other_allies"
    created_ = CreateCard(card=family, to="attach", **_fields(who))
    return Reading(effects=[replace(created_, when=Condition(plays=CardMatch("card", family)))])
