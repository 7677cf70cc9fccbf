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

from dataclasses import dataclass

from simulator.games.eredan.cardops import restriction
from simulator.games.eredan.compiled import changed_character, elements_of, may_play_changed
from simulator.games.eredan.interpreter import Board, Restriction, interprets
from simulator.games.eredan.ops import TraitsOp


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


def retrait(board: Board, t: int) -> None:
    """Character ``t`` in ``Board.chars`` and its row of ``Board.play_mask``, from its printed
    traits and the grants on it."""
    base = board.tables.chars[t]
    ops = [g.op for g in board.trait_grants if g.character == t]
    if ops:
        ch = changed_character(base, ops)
        elements = elements_of(ch)
        row = base.may_play_mask
        for card in board.cards:
            if may_play_changed(card.spec, ch, elements):
                row |= 1 << card.id
    else:
        ch, row = base, board.tables.play_mask[t]
    board.chars = (*board.chars[:t], ch, *board.chars[t + 1 :])
    board.play_mask = (*board.play_mask[:t], row, *board.play_mask[t + 1 :])
