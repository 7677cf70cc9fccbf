"""The interpreter's functions of the ops on damage, healing and stats (cards/domain/effects.py,
version 2): ``damage_taken``, ``damage_dealt``, ``heal_dealt``, ``immune``, ``set``, ``lose_hp``,
``extra_attack``. Registered for their record types (:func:`interpreter.interprets`) on import.

The states they leave (Board.dmods, Board.sets, Board.extra_attacks) last as a modifier's
duration says (Board.lifetime); the damage step (Board.wound) and the heal step (Board.heal) read
the bonuses, Board.stat and Board.attack_roll the set stats, the clash the extra attacks
(EredanState._clash)."""

from __future__ import annotations

from simulator.games.eredan.interpreter import Board, amount_for, interprets
from simulator.games.eredan.ops import (
    AMAX,
    AMIN,
    ATK,
    DM_DEALT,
    DM_HEAL,
    DM_IMMUNE,
    DM_KIND,
    DM_TAKEN,
    DOUBLE_BONUS,
    DOUBLE_MALUS,
    EV_DIES,
    KIND_NAMES,
    NSTATS,
    STAT_NAMES,
    AttackKindOp,
    BoundOp,
    DamageDealtOp,
    DamageMod,
    DamageTakenOp,
    DoubleOp,
    Duration,
    ExtraAttackOp,
    ForCombat,
    ForCombats,
    ForTurns,
    HealDealtOp,
    ImmuneOp,
    LoseHpOp,
    Scaled,
    SetOp,
    StatBound,
    StatSet,
)


def _bonus(
    board: Board, what: int, op: DamageTakenOp | DamageDealtOp | HealDealtOp | ImmuneOp, me: int, opp: int
) -> None:
    amount = getattr(op, "amount", 0)
    points = getattr(op, "points", None)
    kinds = getattr(op, "kinds", 0)
    mask = getattr(op, "mask", -1)
    elements = getattr(op, "elements", 0)
    by, by_mask = getattr(op, "by", 0), getattr(op, "by_mask", -1)
    for t in board.targets(op.target, me, opp):
        life = board.lifetime(t, op.duration)
        board.add_damage_mod(
            DamageMod(what, t, amount, points, kinds, mask, life, None, elements, by, by_mask)
        )
        if board.log is not None:
            board.log.append(
                {
                    "event": op.name,
                    "seat": t // 3,
                    "character": board.chars[t].slug,
                    "amount": amount,
                    "duration": op.duration.label,
                }
            )


@interprets(DamageTakenOp)
def _damage_taken(board: Board, op: DamageTakenOp, me: int, opp: int, source: str) -> None:
    _bonus(board, DM_TAKEN, op, me, opp)


@interprets(DamageDealtOp)
def _damage_dealt(board: Board, op: DamageDealtOp, me: int, opp: int, source: str) -> None:
    _bonus(board, DM_DEALT, op, me, opp)


@interprets(HealDealtOp)
def _heal_dealt(board: Board, op: HealDealtOp, me: int, opp: int, source: str) -> None:
    _bonus(board, DM_HEAL, op, me, opp)


@interprets(AttackKindOp)
def _attack_kind(board: Board, op: AttackKindOp, me: int, opp: int, source: str) -> None:
    for t in board.targets(op.target, me, opp):
        board.add_damage_mod(DamageMod(DM_KIND, t, op.kind, None, 0, 0, board.lifetime(t, op.duration)))
        if board.log is not None:
            board.log.append(
                {
                    "event": "attack_kind",
                    "seat": t // 3,
                    "character": board.chars[t].slug,
                    "kind": KIND_NAMES[op.kind],
                    "duration": op.duration.label,
                }
            )


@interprets(ImmuneOp)
def _immune(board: Board, op: ImmuneOp, me: int, opp: int, source: str) -> None:
    _bonus(board, DM_IMMUNE, op, me, opp)


def set_level(duration: Duration) -> int:
    """How long a set lasts, as the modifiers it outweighs: 0 the combat, 1 N turns or combats, 2
    longer (cards/domain/effects.py ``set``: "modifiers of the same duration or shorter no longer
    count")."""
    if isinstance(duration, ForCombat):
        return 0
    if isinstance(duration, ForCombats | ForTurns):
        return 1
    return 2


@interprets(BoundOp)
def _bound(board: Board, op: BoundOp, me: int, opp: int, source: str) -> None:
    for t in board.targets(op.target, me, opp):
        life = board.lifetime(t, op.duration)
        for stat in op.stats:
            board.add_bound(StatBound(t, stat, op.below, op.above, life))
        if board.log is not None:
            event: dict[str, object] = {
                "event": "bound",
                "seat": t // 3,
                "character": board.chars[t].slug,
                "stats": [STAT_NAMES[s] for s in op.stats if s not in (AMIN, AMAX)],
                "duration": op.duration.label,
            }
            if op.below >= 0:
                event["below"] = op.below
            if op.above >= 0:
                event["above"] = op.above
            board.log.append(event)


@interprets(DoubleOp)
def _double(board: Board, op: DoubleOp, me: int, opp: int, source: str) -> None:
    for t in board.targets(op.target, me, opp):
        if op.current:
            # The modifiers it has now count twice for the combat: as many more, for the combat
            # (their raw sum, by sign; a set or a bound still applies when the stat is read).
            for stat in op.stats:
                i = t * NSTATS + stat
                mods = board.mod[i] + board.cmod[i]
                if board.item_bonus_mask >> t & 1 and stat not in (AMIN, AMAX):
                    mods = board.stat_without_set(t, stat) - board.base[i]
                neg = board.negative_mods(t, stat)
                more = (mods - neg if op.sign & DOUBLE_BONUS else 0) + (neg if op.sign & DOUBLE_MALUS else 0)
                if more:
                    board.add_modifier(t, stat, more, op.duration)
            continue
        life = board.lifetime(t, op.duration)
        for stat in op.stats:
            board.add_bound(StatBound(t, stat, -1, -1, life, op.sign))
        if board.log is not None:
            board.log.append(
                {
                    "event": "double",
                    "seat": t // 3,
                    "character": board.chars[t].slug,
                    "stats": [STAT_NAMES[s] for s in op.stats if s not in (AMIN, AMAX)],
                    "sign": {DOUBLE_BONUS: "bonus", DOUBLE_MALUS: "malus"}.get(op.sign, "both"),
                    "duration": op.duration.label,
                }
            )


@interprets(SetOp)
def _set(board: Board, op: SetOp, me: int, opp: int, source: str) -> None:
    targets = board.targets(op.target, me, opp)
    if not targets:
        return
    lo, hi = op.lo, op.hi
    if op.points is not None:
        lo = hi = max(0, board.scaled(op.points, me, opp))
    level = set_level(op.duration)
    for t in targets:
        stat = op.stat
        if stat in (AMIN, AMAX):
            # One end of the Attaque range set: the range's other end stays as it is.
            rng_lo, rng_hi = board.attack_range(t)
            new = (lo, max(lo, rng_hi)) if stat == AMIN else (min(rng_lo, lo), lo)
            board.add_set(StatSet(t, ATK, new[0], new[1], level, board.lifetime(t, op.duration)))
        else:
            board.add_set(StatSet(t, stat, lo, hi, level, board.lifetime(t, op.duration)))
        if board.log is not None:
            board.log.append(
                {
                    "event": "set",
                    "seat": t // 3,
                    "character": board.chars[t].slug,
                    "stat": STAT_NAMES[stat],
                    "value": lo if lo == hi else [lo, hi],
                    "duration": op.duration.label,
                }
            )


@interprets(LoseHpOp)
def _lose_hp(board: Board, op: LoseHpOp, me: int, opp: int, source: str) -> None:
    targets = board.targets(op.target, me, opp)
    if not targets:
        return
    each = op.amount.__class__ is Scaled and op.amount.per_target
    amount = 0 if each else board.amount(op.amount, me, opp)
    for t in targets:
        if each:
            amount = amount_for(board, op.amount, me, opp, t)
        h = board.hp[t]
        lost = min(amount, h)
        board.hp[t] = h - lost  # not damage: nothing reduces it, it scores nothing (§3 End)
        if board.log is not None:
            board.log.append(
                {
                    "event": "lose_hp",
                    "seat": t // 3,
                    "character": board.chars[t].slug,
                    "amount": lost,
                    "hp": h - lost,
                }
            )
        if lost and h - lost == 0:
            if board.log is not None:
                board.log.append({"event": "death", "seat": t // 3, "character": board.chars[t].slug})
            if board.listen >> EV_DIES & 1:
                board.fire(EV_DIES, t)


@interprets(ExtraAttackOp)
def _extra_attack(board: Board, op: ExtraAttackOp, me: int, opp: int, source: str) -> None:
    targets = board.targets(op.target, me, opp)
    if not targets:
        return
    value = board.amount(op.amount, me, opp)
    for t in targets:
        board.extra_attacks.append((me, t, value, op.kind))
