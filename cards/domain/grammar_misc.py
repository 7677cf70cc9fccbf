"""Rules-text readings of no other family: clauses that change what the clauses before them said.

- ``Mage : aucun maximum``, ``Guémélite de la guerre : pas de maximum``, ``Mécaniste : maximum 6``:
  the cap the text gave a scaled amount ("+1 par Objet (maximum 2)") is lifted or changed when the
  condition holds — the capped effects under the condition's negation, and copies with the new
  cap under the condition (one or the other applies, as "… à la place" reads).
- ``Runique : +1 aux effets de cette carte``: each number of the card's effects one more (a bonus
  +2 is +3, a malus −2 is −3, 2 dégâts are 3) when the condition holds — the same two sets, as above.
  Not read when a number of the card is not plainly one point of an effect (a range, a count, an
  amount that scales, cards drawn or moved, markers, a level): which of them grow is not said.

And the notes of clauses about the online game around the card, not about a game: tickets, prize
draws, rewards, evolution recipes, missions, the player's collection (:func:`note_of`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from cards.domain import regex as re
from cards.domain.effects import (
    Amount,
    Condition,
    Counter,
    Damage,
    Duration,
    Effect,
    Heal,
    LoseHp,
    Modify,
    OneOf,
    Pay,
    Scaled,
    Trigger,
)
from cards.domain.grammar_errors import NotRead

if TYPE_CHECKING:
    from cards.domain.text_grammar import Clause, Ctx, Reader, Reading

#: "<condition> : aucun maximum / pas de maximum / maximum 6" (a folded clause).
RECAP = re.compile(r"(?P<cond>[^:]+?) ?: ?(?:(?:aucun|pas de|sans) maximum|max(?:imum)? (?P<cap>\d+))")


def _caps(effect: Effect) -> set[tuple[int | None, int | None]]:
    """The caps (lo, hi) of the scaled amounts of an effect, inside triggers, costs and choices."""
    if isinstance(effect, Trigger | Pay):
        return {cap for e in effect.effects for cap in _caps(e)}
    if isinstance(effect, OneOf):
        return {cap for option in effect.options for e in option for cap in _caps(e)}
    out: set[tuple[int | None, int | None]] = set()
    for key in ("amount", "value"):
        amount = getattr(effect, key, None)
        if isinstance(amount, Scaled) and (amount.lo is not None or amount.hi is not None):
            out.add((amount.lo, amount.hi))
    return out


def _recapped(effect: Effect, cap: int | None) -> Effect:
    if isinstance(effect, Trigger | Pay):
        return replace(effect, effects=tuple(_recapped(e, cap) for e in effect.effects))
    if isinstance(effect, OneOf):
        options = tuple(tuple(_recapped(e, cap) for e in option) for option in effect.options)
        return replace(effect, options=options)
    for key in ("amount", "value"):
        amount = getattr(effect, key, None)
        if isinstance(amount, Scaled) and (amount.lo is not None or amount.hi is not None):
            if amount.plus:
                raise NotRead("a new cap of an amount with a fixed part (on the total or the bonus?)")
            if amount.hi is not None:
                amount = replace(amount, hi=cap)
            else:
                amount = replace(amount, lo=None if cap is None else -cap)
            return replace(effect, **{key: amount})  # type: ignore[arg-type]
    return effect


def recapped(reader: Reader, c: Clause, t: str, ctx: Ctx, before: list[Effect]) -> list[Effect] | None:
    """The effects of the text so far with the cap of ``t`` ("Mage : aucun maximum") applied under
    its condition; None when ``t`` says no such thing. Every capped amount of the text must have the
    same cap (the one the clause speaks of), or it is not read."""
    from cards.domain.text_grammar import with_condition

    m = RECAP.fullmatch(t)
    if not m:
        return None
    cond = reader.prefix_condition(c, m.group("cond"), ctx)
    cap = int(m.group("cap")) if m.group("cap") else None
    capped = [i for i, e in enumerate(before) if _caps(e)]
    if not capped:
        raise NotRead("no maximum before to change")
    if len({cap for i in capped for cap in _caps(before[i])}) != 1:
        raise NotRead("which maximum? (several)")
    out: list[Effect] = []
    for i, effect in enumerate(before):
        if i not in capped:
            out.append(effect)
            continue
        out += with_condition([effect], Condition(not_=cond))
        out += with_condition([_recapped(effect, cap)], cond)
    return out


#: "<condition> : +N aux effets de cette carte".
MORE = re.compile(r"(?P<cond>[^:]+?) ?: ?\+(?P<n>\d) aux effets de cette carte")
#: Ops that say no number (their effects, when they hold others, are looked into).
_NO_NUMBER = frozenset(
    {
        "chain",
        "chain_on",
        "tap",
        "untap",
        "counter",
        "immune",
        "forbid",
        "traits",
        "attack_kind",
        "acts_now",
        "grant_order",
        "may_play",
    }
)


def _more(effect: Effect, n: int) -> Effect:
    """The effect with each of its numbers ``n`` further from 0."""
    if isinstance(effect, Trigger | Pay):
        return replace(effect, effects=tuple(_more(e, n) for e in effect.effects))
    if isinstance(effect, OneOf):
        return replace(effect, options=tuple(tuple(_more(e, n) for e in o) for o in effect.options))
    if isinstance(effect, Modify) and effect.stat != "level" and isinstance(effect.amount, int):
        return replace(effect, amount=effect.amount + (n if effect.amount > 0 else -n))
    if isinstance(effect, Damage | Heal | LoseHp):
        amount = effect.amount
        if isinstance(amount, Amount) and amount.stat is None and amount.lo == amount.hi:
            return replace(effect, amount=Amount(amount.lo + n, amount.hi + n))
    elif effect.op in _NO_NUMBER:
        return effect
    raise NotRead(f"+N to the effects of this card: which numbers of {effect.op!r}?")


def more(reader: Reader, c: Clause, t: str, ctx: Ctx, before: list[Effect]) -> list[Effect] | None:
    """The effects of the text so far with "+N aux effets de cette carte" (``t``) applied under its
    condition; None when ``t`` says no such thing."""
    from cards.domain.text_grammar import with_condition

    m = MORE.fullmatch(t)
    if not m:
        return None
    cond = reader.prefix_condition(c, m.group("cond"), ctx)
    n = int(m.group("n"))
    changed = [(e, _more(e, n)) for e in before]
    if all(a == b for a, b in changed):
        raise NotRead("no effect before to add to")
    out: list[Effect] = []
    for effect, grown in changed:
        if effect == grown:
            out.append(effect)
            continue
        out += with_condition([effect], Condition(not_=cond))
        out += with_condition([grown], cond)
    return out


#: A clause that changes the effects said before it (a folded clause; the readers above say how).
REWRITES = re.compile(
    r"[^:]+? ?: ?(?:(?:aucun|pas de|sans) maximum|max(?:imum)? \d+|\+\d aux effets de cette carte)"
    r"|si [^:]+?,? la carte adverse est defaussee"
    r"|[^:]+? ?: ?ces bonus durent jusqu'a la fin de (?:la )?partie"
)

#: "si <condition>, la carte adverse est défaussée" after a card countered to another pile.
COUNTERED = re.compile(r"si (?P<cond>[^:]+?),? la carte adverse est defaussee")


def countered_to_discard(
    reader: Reader, c: Clause, t: str, ctx: Ctx, before: list[Effect]
) -> list[Effect] | None:
    """``La prochaine Action adverse est retournée dans la main de l'adversaire. Si vous jouez 'X'
    après cette carte, la carte adverse est défaussée``: the card countered goes to the discard
    pile instead when the condition holds — the counter under the condition's negation, and one
    to the discard pile under it (one or the other applies, as "… à la place" reads). Only after
    exactly one counter, to another pile, of no condition of its own."""
    from cards.domain.text_grammar import with_condition

    m = COUNTERED.fullmatch(t)
    if not m:
        return None
    found = [i for i, e in enumerate(before) if isinstance(e, Counter)]
    if len(found) != 1:
        raise NotRead("which opposing card? (no card countered before, or several)")
    i = found[0]
    counter = before[i]
    assert isinstance(counter, Counter)
    if counter.to == "discard" or counter.when is not None:
        raise NotRead("the card countered before is discarded already, or under a condition")
    cond = reader.condition(c, f"si {m.group('cond')}", ctx)
    return [
        *before[:i],
        *with_condition([counter], Condition(not_=cond)),
        *with_condition([replace(counter, to="discard")], cond),
        *before[i + 1 :],
    ]


def rewritten(reader: Reader, c: Clause, t: str, ctx: Ctx, before: list[Effect]) -> list[Effect] | None:
    """The effects before with what ``t`` changes in them, or None."""
    found = recapped(reader, c, t, ctx, before)
    if found is None:
        found = more(reader, c, t, ctx, before)
    if found is None:
        found = countered_to_discard(reader, c, t, ctx, before)
    if found is None:
        found = lasting_bonuses(reader, c, t, ctx, before)
    return found


#: "Mage : ces bonus durent jusqu'à la fin de la partie" after bonuses given for the combat.
LASTING = re.compile(r"(?P<cond>[^:]+?) ?: ?ces bonus durent jusqu'a la fin de (?:la )?partie")


def _game_long(effect: Effect) -> Effect:
    """The effect with its bonuses (a modifier of a positive number, for the combat; in a trigger
    too) lasting the rest of the game."""
    if isinstance(effect, Trigger):
        longer = replace(effect, effects=tuple(_game_long(e) for e in effect.effects))
        if longer != effect and effect.times > 1 and effect.limit == "once_per_turn":
            # "+1 (maximum 6) chaque fois que …": the cap of the bonuses, now over the game
            longer = replace(longer, limit="once_per_game")
        return longer
    if (
        isinstance(effect, Modify)
        and isinstance(effect.amount, int)
        and effect.amount > 0
        and effect.duration.kind == "combat"
    ):
        return replace(effect, duration=Duration("game"))
    return effect


def lasting_bonuses(reader: Reader, c: Clause, t: str, ctx: Ctx, before: list[Effect]) -> list[Effect] | None:
    """``Attaque +1 chaque fois que vous infligez des dégâts. Mage : ces bonus durent jusqu'à la fin
    de la partie``: the bonuses before (positive modifiers for the combat, given or triggered) last
    the rest of the game when the condition holds — each effect changed, under the condition's
    negation, and its copy with the longer bonuses under it. A malus or a bonus of another kind
    before: which are "ces bonus"? Not read."""
    from cards.domain.text_grammar import with_condition

    m = LASTING.fullmatch(t)
    if not m:
        return None
    cond = reader.prefix_condition(c, m.group("cond"), ctx)

    def modifiers(e: Effect) -> list[Effect]:
        if isinstance(e, Trigger):
            return [x for inner in e.effects for x in modifiers(inner)]
        return [e] if isinstance(e, Modify) else []

    if any(
        not isinstance(x, Modify)
        or not isinstance(x.amount, int)
        or x.amount <= 0
        or x.duration.kind != "combat"
        for e in before
        for x in modifiers(e)
    ):
        raise NotRead("'ces bonus': a malus, a scaled or lasting modifier before")
    changed = [(e, _game_long(e)) for e in before]
    if all(a == b for a, b in changed):
        raise NotRead("no bonus before")
    out: list[Effect] = []
    for effect, longer in changed:
        if effect == longer:
            out.append(effect)
            continue
        out += with_condition([effect], Condition(not_=cond))
        out += with_condition([longer], cond)
    return out


# --- notes: what the online game around the card does, not a game --------------------------------

_OUT_OF_GAME = "about the online game around the card (an event, a reward, the collection), not a game"
_NOTES: tuple[tuple[str, str], ...] = (
    # tickets and prize draws of events
    (
        r"(?:ce|ces) (?:\w+ )?tickets? de tombola vous (?:permet|permettent) de participer"
        r" a un tirage au sort"
        r"|chaque ticket vous donne une chance de plus de remporter un lot"
        r"|il vous faudra posseder \d+ de ces tickets afin de vous inscrire .+"
        r"|ou vous gagne(?:re)?z des vos \d+ premieres parties jouees .+"
        r"|le .+ ces tickets (?:seront|sont) retires de votre inventaire"
        r"|la possession de ce ticket vous permettra de vous inscrire .+"
        r"|cette preuve de vote vous donne une chance de gagner par tirage au sort .+"
        r"|le tirage au sort sera effectue .+"
        r"|vous etes l'heureux gagnant .+|nous vous contacterons .+ pour l'expedition de votre lot",
        f"a ticket or a prize of an event: {_OUT_OF_GAME}",
    ),
    # rewards and the collection
    (
        r"vous gagnez immediatement \d+ points dans les trophees .+"
        r"|permet d'acheter des recompenses dans le hall des .+"
        r"|cette faveur vous permet d'obtenir un axiome de guilde que vous (?:ne possedez|n'avez) pas"
        r"|ce bon d'achat vous permet d'acheter .+ a la boutique"
        r"|cette lettre signee par .+ vous permettra d'obtenir les faveurs de son destinataire"
        r"|tant qu'elle est dans votre collection, cette carte vous fait gagner .+ lors de vos parties"
        r"|utilisez cette cle pour ouvrir un coffre .+"
        r"|tous vos personnages peuvent respirer \d+ tours de plus dans la mission .+",
        f"a reward, the collection or a mission: {_OUT_OF_GAME}",
    ),
    # evolution: what the card becomes, and the recipes of the evolution screen ("X + ??? = Y")
    (
        r"peut etre evoluee en .+|base de la creation des tenues .+|rendez vous dans le module d'evolution"
        r"|[^.:]*(?:= ?\?\?\?|\+ ?\?\?\?)[^.:]*|[^.:]* \*\d+ = [^.:]+",
        f"evolution (a recipe, what the card becomes): {_OUT_OF_GAME}",
    ),
)


def note_of(t: str) -> str | None:
    """The note of a clause (``t``: a normalised clause) that says nothing about a game, or None."""
    for pattern, note in _NOTES:
        if re.fullmatch(pattern, t):
            return note
    return None


_EGGS = re.compile(
    r"(?:a l')?activation : vous ramassez (?:automatiquement )?\d+ oeufs? de l'equinoxe"
    r" et (cette carte est retiree de la partie)"
)


def card_phrase(reader: Reader, c: Clause, t: str, ctx: Ctx) -> Reading | None:
    """A card's clause that says something of the online game besides its effects ("Activation :
    vous ramassez 2 Oeufs de l'équinoxe et cette carte est retirée de la partie": eggs of an event,
    a note; the card removed from the game, its effect)."""
    from cards.domain.text_grammar import Reading

    m = _EGGS.fullmatch(t)
    if m:
        effects = reader.phrase(c, m.group(1), ctx)
        return Reading(effects=effects, note=f"eggs of an event gathered: {_OUT_OF_GAME}")
    return None
