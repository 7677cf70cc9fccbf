"""The ``traits`` op: classes, races, guilds, castes and keywords given, set or taken away for a
while (cards/domain/effects.py, ``traits``).

A grant (:class:`TraitGrant`) lasts as a ``forbid`` restriction does (cardops.restriction: this
combat, N combats or turns, while the card in play whose effect it is stays, the game). While any
holds, the character in ``Board.chars`` is its printed one (``Tables.chars``) changed by its grants
in the order they came, and its row of ``Board.play_mask`` is recomputed from the changed traits
(docs/rules/eredan.md §3 Classes and Races: requirements, a Sortilège needs a Mage or a Guémélite of
its element, a Théurgie a Prêtre, a Golem carries any Objet) — so every rule reading a character's
traits (conditions, selector filters, counts, auras: Tables.traits makes their filters read when a
character fights, the mono-class Mage's spell rules) reads the changed ones. A game with no
``traits`` op never reaches this module.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cards.domain.specs import GOLEM, GUEMELITE, ITEM, MAGE, PRIEST, SPELL, THEURGY, CardSpec
from simulator.games.eredan.cardops import restriction
from simulator.games.eredan.compiled import CompiledCharacter
from simulator.games.eredan.interpreter import Board, Restriction, interprets
from simulator.games.eredan.ops import RACE_PARENT_ELEMENT, TraitsOp

#: The caste that puts a character in every guild (docs/rules/eredan.md §2.3; reference data:
#: the only caste with ``multi_guild``).
COURTISAN = "courtisan"


@dataclass(frozen=True, slots=True)
class TraitGrant:
    """A ``traits`` op on ``character``, for as long as ``life`` (a restriction's lifetime) lasts."""

    character: int
    op: TraitsOp
    life: Restriction


@interprets(TraitsOp)
def _traits(board: Board, op: TraitsOp, me: int, opp: int, source: str) -> None:
    for t in board.targets(op.target, me, opp):
        grant = TraitGrant(t, op, restriction(board, t, 0, 0, op.duration))
        board.trait_grants = [*board.trait_grants, grant]
        retrait(board, t)
        if board.log is not None:
            ch = board.chars[t]
            board.log.append(
                {
                    "event": "traits",
                    "seat": t // 3,
                    "character": ch.slug,
                    "mode": op.mode,
                    "classes": sorted(ch.classes),
                    "races": sorted({ch.race, *ch.more_races}),
                    "guild": ch.guild,
                    "castes": sorted(ch.castes),
                    "keywords": sorted(ch.keywords),
                    "duration": op.duration.label,
                }
            )


def end_traits(board: Board, serial: int = -1) -> None:
    """Take off the grants that end: at the end of the turn (``serial`` -1), or those of the card in
    play ``serial`` as it leaves play."""
    keep: list[TraitGrant] = []
    ended: set[int] = set()
    for grant in board.trait_grants:
        if grant.life.serial == serial if serial >= 0 else grant.life.expired(board):
            ended.add(grant.character)
        else:
            keep.append(grant)
    if ended:
        board.trait_grants = keep
        for t in sorted(ended):
            retrait(board, t)


def _changed(values: frozenset[str], mode: str, given: tuple[str, ...] | str) -> frozenset[str]:
    if mode == "add":
        return values | frozenset(given)
    if mode == "set":
        return frozenset(given)
    return frozenset() if given == "all" else values - frozenset(given)


def changed_character(base: CompiledCharacter, ops: list[TraitsOp]) -> CompiledCharacter:
    """``base`` with the ``traits`` ops applied in order."""
    classes, castes, keywords = base.classes, base.castes, base.keywords
    races = [base.race, *sorted(base.more_races)]
    guild, multi_guild = base.guild, base.multi_guild
    for op in ops:
        if op.classes is not None:
            classes = _changed(classes, op.mode, op.classes)
        if op.races is not None:
            if op.mode == "add":
                races += [r for r in op.races if r not in races]
            else:  # set (taking races away is refused by the compiler)
                races = list(op.races)
        if op.guilds is not None:  # set, one guild (the compiler refuses the rest)
            guild, multi_guild = op.guilds[0], False
        if op.castes is not None:
            castes = _changed(castes, op.mode, op.castes)
            multi_guild = COURTISAN in castes and guild == base.guild
        if op.keywords is not None:
            keywords = _changed(keywords, op.mode, op.keywords)
    race = races[0] if races else ""
    parent = base.race_parent if race == base.race else RACE_PARENT_ELEMENT.get(race, (None, None))[0]
    more: set[str] = set()
    for r in races[1:]:
        more.add(r)
        up = base.race_parent if r == base.race else RACE_PARENT_ELEMENT.get(r, (None, None))[0]
        if up is not None:
            more.add(up)
    mono_mage = classes == {MAGE}
    guemelite = GUEMELITE in (race, parent) or GUEMELITE in more
    return replace(
        base,
        classes=classes,
        race=race,
        race_parent=parent,
        more_races=frozenset(more - {race, parent}),
        guild=guild,
        multi_guild=multi_guild,
        castes=castes,
        keywords=keywords,
        mage_spell_chain=mono_mage and not guemelite,
        spell_replaces_attack=mono_mage,
    )


def _elements(base: CompiledCharacter, ch: CompiledCharacter) -> set[str]:
    """The spell elements ``ch`` (``base`` changed) casts as a Guémélite of them."""
    out = set()
    for r in (ch.race, *ch.more_races):
        element = base.spec.element if r == base.race else RACE_PARENT_ELEMENT.get(r, (None, None))[1]
        if element is not None:
            out.add(element)
    return out


def may_play_changed(card: CardSpec, ch: CompiledCharacter, elements: set[str]) -> bool:
    """compiled.may_play for a character whose traits changed (several races)."""
    races = {ch.race, ch.race_parent, *ch.more_races}
    if card.kind == SPELL:
        if not (MAGE in ch.classes or (card.element is not None and card.element in elements)):
            return False
    elif card.kind == THEURGY:
        if PRIEST not in ch.classes:
            return False
    elif card.kind == ITEM and GOLEM in races:
        return True
    req = card.requirements
    if req.empty:
        return True
    return bool(
        req.classes.intersection(ch.classes)
        or ch.family in req.characters
        or req.races.intersection(races)
        or req.castes.intersection(ch.castes)
    )


def retrait(board: Board, t: int) -> None:
    """Character ``t`` in ``Board.chars`` and its row of ``Board.play_mask``, from its printed
    traits and the grants on it."""
    base = board.tables.chars[t]
    ops = [g.op for g in board.trait_grants if g.character == t]
    if ops:
        ch = changed_character(base, ops)
        elements = _elements(base, ch)
        row = base.may_play_mask
        for card in board.cards:
            if may_play_changed(card.spec, ch, elements):
                row |= 1 << card.id
    else:
        ch, row = base, board.tables.play_mask[t]
    board.chars = (*board.chars[:t], ch, *board.chars[t + 1 :])
    board.play_mask = (*board.play_mask[:t], row, *board.play_mask[t + 1 :])
