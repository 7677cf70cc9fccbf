"""AI players for Eredan: ``random``, ``greedy`` and ``ismcts`` (determinized Monte Carlo search).

None of them reads hidden information. ``random`` reads only the legal actions. ``greedy`` reads the
public board (HP, stats, modifiers, carried items, the fighters) and its own hand. ``ismcts`` runs
its simulations only on :meth:`EredanState.determinize` copies of the state, which re-deal
everything the player cannot see (the opponent's hand and unrevealed cards, both draw piles, the
future dice) from the search's own RNG.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from cards.domain.effects import MARKERS_ALL
from simulator.engine.protocol import State
from simulator.games.eredan.actions import PASS, Action, Discard, Fight, Pick, Play, unpack_choices
from simulator.games.eredan.compiled import CK_SPELL, Tables
from simulator.games.eredan.interpreter import TARGETS, group_candidates, passes
from simulator.games.eredan.ops import (
    AMAX,
    AMIN,
    ATK,
    ATK_BASE,
    COST_ATTACHED,
    COST_HAND,
    DEF,
    DOUBLE_BONUS,
    DOUBLE_MALUS,
    FORBID_ATTACK,
    FORBID_HEALED,
    HPM,
    INI,
    K_MAGICAL,
    K_PHYSICAL,
    LVL,
    NSTATS,
    PICK_CHOICE,
    PICK_FEWEST_HP,
    PICK_MOST_WOUNDED,
    PICK_RANDOM,
    PILE_ATTACH,
    PILE_DECK,
    PILE_DISCARD,
    PILE_HAND,
    PILE_OPPONENT_DECK,
    PILE_OPPONENT_DECK_TOP,
    PILE_PLAY,
    PILE_REMOVED,
    SPI,
    ActsNowOp,
    AdvanceTurnsOp,
    AttachOp,
    AttackKindOp,
    BoundOp,
    CardToOp,
    CounterOp,
    CreateOp,
    DamageDealtOp,
    DamageOp,
    DamageTakenOp,
    DiscardAttachedOp,
    DiscardOp,
    DoubleOp,
    DrawOp,
    DrawPhaseOp,
    Duration,
    ExtraAttackOp,
    ForbidOp,
    ForCombat,
    GrantOrderOp,
    Group,
    HealDealtOp,
    HealOp,
    ImmuneOp,
    LoseHpOp,
    MarkerOp,
    MillOp,
    ModifyOp,
    MoveOp,
    OneOfOp,
    Op,
    OpponentTarget,
    PayOp,
    PlayCardOp,
    Points,
    ReviveOp,
    Roll,
    SetOp,
    SwapOp,
    TapOp,
    Target,
    TraitsOp,
    TriggerOp,
    UntapOp,
)
from simulator.games.eredan.rules import MAX_HAND_AFTER_DISCARD
from simulator.games.eredan.state import P_CHOICE, P_DISCARD, P_PICK, EredanState

# --- the heuristic values shared by greedy and the search's leaf evaluation ---------------------

#: Value of one HP of damage dealt (or avoided).
HP_VALUE = 1.0
#: Extra value of killing an enemy character (it will never fight again), in HP.
KILL_VALUE = 6.0
#: Value of one point of a lasting Attaque/Défense modifier on one character, in HP.
LASTING_POINT_VALUE = 1.5
#: Value of one point of a lasting Esprit modifier on one character, in HP.
LASTING_SPIRIT_VALUE = 0.6
#: Value of drawing one card / of the opponent losing one card from hand / from its pile.
DRAW_VALUE, DISCARD_VALUE, MILL_VALUE = 0.8, 0.6, 0.2


_HITS: dict[tuple[int, int, int, int], tuple[float, float]] = {}


def expected_hit(lo: int, hi: int, reduction: int, hp: int) -> tuple[float, float]:
    """Expected HP lost by a target of ``hp`` HP to a blow rolled uniformly in ``lo..hi`` minus
    ``reduction`` (the callers count a negative one as the rules say: :func:`_reduction`), and the
    probability that the blow kills it (memoized)."""
    if hp <= 0:
        return 0.0, 0.0
    key = (lo, hi, reduction, hp)
    hit = _HITS.get(key)
    if hit is not None:
        return hit
    total = 0
    kills = 0
    for x in range(lo, hi + 1):
        dmg = x - reduction
        if dmg > 0:
            if dmg >= hp:
                total += hp
                kills += 1
            else:
                total += dmg
    n = hi - lo + 1
    if len(_HITS) > 100_000:
        _HITS.clear()
    hit = _HITS[key] = (total / n, kills / n)
    return hit


def modifier_mean(state: EredanState, op: ModifyOp, me: int, opp: int) -> int:
    """A modifier's amount as the greedy player expects it (a rolled one: the middle of its range,
    rounded; a scaled one: counted now) — never rolling the game's dice."""
    points = op.points
    if points is None:
        return op.amount
    if isinstance(points, Roll):
        value = (points.lo + points.hi) / 2
        if points.stat == ATK:
            ch = state.chars[me]
            value += (ch.attack_min + ch.attack_max) / 2 + state.stat(me, ATK)
        elif points.stat == ATK_BASE:
            ch = state.chars[me]
            value += (ch.attack_min + ch.attack_max) / 2
        elif points.stat is not None:
            value += state.stat(me, points.stat)
        return round(value)
    return state.scaled(points, me, opp)


def _fight_ops_reaching(state: EredanState, f: int, opp: int) -> list[tuple[ModifyOp, int, int]]:
    """The standing modifiers of the two fighters that reach ``f`` (an ability on ``opponent``
    or ``fighters``): (op, its owner, the owner's opponent)."""
    out = []
    for owner, facing in ((f, opp), (opp, f)):
        for op in state.chars[owner].fight_ops:
            if isinstance(op.target, OpponentTarget) and owner == f:
                continue
            if isinstance(op, BoundOp | DoubleOp):  # no amount: the blow estimate leaves them out
                continue
            out.append((op, owner, facing))
    return out


def _combat_bonus(state: EredanState, f: int, opp: int) -> list[int]:
    """The combat modifiers ``f``'s Ordres and abilities (and the auras and the opponent's
    abilities that reach it) would give it this turn against ``opp``."""
    bonus = [0] * NSTATS
    ch = state.chars[f]
    for op in ch.order_bonus(state.turn):
        if op.when is None or state.holds(op.when, f, opp):
            bonus[op.stat] += op.amount
    for op in ch.ability_ops:
        if op.when is None or state.holds(op.when, f, opp):
            bonus[op.stat] += modifier_mean(state, op, f, opp)
    for aura in ch.ally_auras:
        if (state.hp[aura.owner] > 0) is not aura.dead and (
            aura.check is None or passes(state, aura.check, f)
        ):
            for op in aura.ops:
                # an aura may also change the damage its allies take or deal (DamageTakenOp …):
                # not a stat, the blow estimate leaves it out
                if isinstance(op, ModifyOp) and (op.when is None or state.holds(op.when, f, opp)):
                    bonus[op.stat] += modifier_mean(state, op, f, opp)
    for op, owner, facing in _fight_ops_reaching(state, f, opp):
        if op.when is None or state.holds(op.when, owner, facing):
            bonus[op.stat] += modifier_mean(state, op, owner, facing)
    return bonus


def _reduction(state: EredanState, value: int) -> int:
    """docs/rules/eredan.md §3 step 3 — a Défense or Esprit as it reduces damage: a negative one
    counts as 0 unless the rules add it to the damage (``negative_reduction_adds_damage``)."""
    return value if value > 0 or state.rules.negative_reduction_adds_damage else 0


def _attack_range(state: EredanState, lo: int, hi: int) -> tuple[int, int]:
    """The Attaque range as rolled: a minimum raised to or above the maximum gives the minimum,
    or the maximum (``crossed_attack_range_gives_minimum``)."""
    if hi > lo:
        return lo, hi
    end = lo if state.rules.crossed_attack_range_gives_minimum else hi
    return end, end


def _blow(
    state: EredanState,
    f: int,
    attack_mod: int,
    reduction: int,
    target_hp: int,
    lo_mod: int = 0,
    hi_mod: int = 0,
) -> float:
    """``lo_mod`` / ``hi_mod``: range modifiers not yet in ``cmod`` (those of a coming combat)."""
    ch = state.chars[f]
    if reduction < 0:
        reduction = _reduction(state, reduction)
    i = f * NSTATS
    cmod = state.cmod
    lo = ch.attack_min + cmod[i + AMIN] + lo_mod
    hi = ch.attack_max + cmod[i + AMAX] + hi_mod
    if hi <= lo:
        lo, hi = _attack_range(state, lo, hi)
    lo += attack_mod
    hi += attack_mod
    hit = _HITS.get((lo, hi, reduction, target_hp))
    if hit is None:
        hit = expected_hit(lo, hi, reduction, target_hp)
    return hit[0] * HP_VALUE + hit[1] * KILL_VALUE


def blow_value(
    state: EredanState,
    f: int,
    target: int,
    atk_bonus: int,
    def_bonus: int,
    lo_bonus: int = 0,
    hi_bonus: int = 0,
) -> float:
    """Expected value (damage + kill bonus) of ``f``'s clash blow on ``target``."""
    return _blow(
        state,
        f,
        state.stat(f, ATK) + atk_bonus,
        state.stat(target, DEF) + def_bonus,
        state.hp[target],
        lo_bonus,
        hi_bonus,
    )


def choice_value(state: EredanState, action: Fight) -> float:
    """docs/rules/eredan.md §3 step 3 — the expected clash of a choice of fighters: what the active
    fighter deals minus what it takes (with both fighters' Ordres and abilities of the turn)."""
    f, o = action.fighter, action.opponent
    bf = _combat_bonus(state, f, o)
    bo = _combat_bonus(state, o, f)
    return blow_value(state, f, o, bf[ATK], bo[DEF], bf[AMIN], bf[AMAX]) - blow_value(
        state, o, f, bo[ATK], bf[DEF], bo[AMIN], bo[AMAX]
    )


def _choice_values(state: EredanState, legal: Sequence[Fight]) -> list[float]:
    """:func:`choice_value` of every legal choice, reading each character's stats once."""
    turn = state.turn
    atk = [0] * 6
    dfn = [0] * 6
    lo = [0] * 6  # the ends of the Attaque range, with the range modifiers ("Attaque min. +1")
    hi = [0] * 6
    conditional: list[list[ModifyOp]] = [[] for _ in range(6)]
    bonus_mask = state.item_bonus_mask
    mod, cmod, base = state.mod, state.cmod, state.base
    hp = state.hp
    chars = state.chars
    for c in range(6):
        if hp[c] <= 0:
            continue
        i = c * NSTATS
        ch = chars[c]
        if not bonus_mask >> c & 1:
            atk[c] = mod[i + ATK] + cmod[i + ATK]
            dfn[c] = base[i + DEF] + mod[i + DEF] + cmod[i + DEF]
        else:
            atk[c] = state.stat(c, ATK)
            dfn[c] = state.stat(c, DEF)
        lo[c] = ch.attack_min + cmod[i + AMIN]
        hi[c] = ch.attack_max + cmod[i + AMAX]
        for ops in (
            ch.bonus_by_turn.get(turn) or ch.order_bonus(turn) if ch.orders else (),
            ch.ability_ops,
            [
                op
                for aura in ch.ally_auras
                if (hp[aura.owner] > 0) is not aura.dead
                and not aura.late
                and (aura.check is None or passes(state, aura.check, c))
                for op in aura.ops
                if isinstance(op, ModifyOp)  # not the damage-taken auras (no stat)
            ]
            if ch.ally_auras
            else (),
        ):
            for op in ops:
                if op.when is not None or op.points is not None:
                    conditional[c].append(op)
                elif op.stat == ATK:
                    atk[c] += op.amount
                elif op.stat == DEF:
                    dfn[c] += op.amount
                elif op.stat == AMIN:
                    lo[c] += op.amount
                elif op.stat == AMAX:
                    hi[c] += op.amount
    hits = _HITS
    signed = state.rules.negative_reduction_adds_damage
    fighting = any(chars[c].fight_ops for c in range(6))
    values = []
    for action in legal:
        f, o = action.fighter, action.opponent
        af, df, ao, do = atk[f], dfn[f], atk[o], dfn[o]
        lf, hf, lo_o, hi_o = lo[f], hi[f], lo[o], hi[o]
        for op in conditional[f]:
            if op.when is None or state.holds(op.when, f, o):
                amount = op.amount if op.points is None else modifier_mean(state, op, f, o)
                if op.stat == ATK:
                    af += amount
                elif op.stat == DEF:
                    df += amount
                elif op.stat == AMIN:
                    lf += amount
                elif op.stat == AMAX:
                    hf += amount
        for op in conditional[o]:
            if op.when is None or state.holds(op.when, o, f):
                amount = op.amount if op.points is None else modifier_mean(state, op, o, f)
                if op.stat == ATK:
                    ao += amount
                elif op.stat == DEF:
                    do += amount
                elif op.stat == AMIN:
                    lo_o += amount
                elif op.stat == AMAX:
                    hi_o += amount
        if fighting:
            # The fighters' abilities on their opponent (or on both): "L'adversaire a Défense -1".
            for c, x, y in ((f, f, o), (o, o, f)):
                for op, owner, facing in _fight_ops_reaching(state, x, y):
                    if op.when is None or state.holds(op.when, owner, facing):
                        amount = modifier_mean(state, op, owner, facing)
                        if op.stat == ATK:
                            if c == f:
                                af += amount
                            else:
                                ao += amount
                        elif op.stat == DEF:
                            if c == f:
                                df += amount
                            else:
                                do += amount
        # The two blows (_blow, inlined: this loop is the greedy player's hottest).
        if hf <= lf:
            lf, hf = _attack_range(state, lf, hf)
        if hi_o <= lo_o:
            lo_o, hi_o = _attack_range(state, lo_o, hi_o)
        key = (lf + af, hf + af, do if do > 0 or signed else 0, hp[o])
        out = hits.get(key) or expected_hit(*key)
        key = (lo_o + ao, hi_o + ao, df if df > 0 or signed else 0, hp[f])
        taken = hits.get(key) or expected_hit(*key)
        values.append(
            (out[0] * HP_VALUE + out[1] * KILL_VALUE) - (taken[0] * HP_VALUE + taken[1] * KILL_VALUE)
        )
    return values


class _Combat:
    """The current combat seen from one seat, computed once per card decision."""

    __slots__ = ("atk_me", "atk_opp", "def_me", "def_opp", "me", "opp", "out", "taken")

    def __init__(self, state: EredanState, seat: int) -> None:
        me = self.me = state.fighters[seat]
        opp = self.opp = state.fighters[1 - seat]
        if state.item_bonus_mask & (1 << me | 1 << opp):
            self.atk_me = state.stat(me, ATK)
            self.atk_opp = state.stat(opp, ATK)
            self.def_me = state.stat(me, DEF)
            self.def_opp = state.stat(opp, DEF)
        else:
            mod, cmod, base = state.mod, state.cmod, state.base
            i, j = me * NSTATS, opp * NSTATS
            self.atk_me = mod[i + ATK] + cmod[i + ATK]
            self.atk_opp = mod[j + ATK] + cmod[j + ATK]
            self.def_me = base[i + DEF] + mod[i + DEF] + cmod[i + DEF]
            self.def_opp = base[j + DEF] + mod[j + DEF] + cmod[j + DEF]
        self.out = _blow(state, me, self.atk_me, self.def_opp, state.hp[opp])
        self.taken = _blow(state, opp, self.atk_opp, self.def_me, state.hp[me])

    def my_blow(self, state: EredanState, atk: int = 0, defense: int = 0) -> float:
        return _blow(state, self.me, self.atk_me + atk, self.def_opp + defense, state.hp[self.opp])

    def their_blow(self, state: EredanState, atk: int = 0, defense: int = 0) -> float:
        return _blow(state, self.opp, self.atk_opp + atk, self.def_me + defense, state.hp[self.me])


def _amount(state: EredanState, roll: Points, me: int, opp: int = -1) -> float:
    if not isinstance(roll, Roll):
        scaled = state.scaled(roll, me, opp)
        return scaled if scaled > 0 else 0.0
    value = (roll.lo + roll.hi) / 2
    stat = roll.stat
    if stat == ATK:
        ch = state.chars[me]
        value += (ch.attack_min + ch.attack_max) / 2 + state.stat(me, ATK)
    elif stat == ATK_BASE:
        ch = state.chars[me]
        value += (ch.attack_min + ch.attack_max) / 2
    elif stat is not None:
        value += state.stat(me, stat)
    return value if value > 0 else 0.0


def _damage_value(state: EredanState, target: int, amount: float, kind: int) -> float:
    hp = state.hp[target]
    if hp <= 0:
        return 0.0
    if kind == K_PHYSICAL:
        reduction = _reduction(state, state.stat(target, DEF))
    elif kind == K_MAGICAL:
        reduction = _reduction(state, state.stat(target, SPI))
    else:
        reduction = 0
    dmg = amount - reduction
    if dmg <= 0:
        return 0.0
    if dmg >= hp:
        return hp * HP_VALUE + KILL_VALUE
    return dmg * HP_VALUE


def _reached(state: EredanState, target: Target, me: int, opp: int) -> Sequence[int]:
    """The living characters ``target`` would reach (all the candidates of a random pick, or of a
    choice not made yet; the character of a choice made) — without drawing from the game's RNG."""
    if isinstance(target, Group):
        found = group_candidates(state, target, me, opp)
        if target.pick == PICK_CHOICE and state.picks is not None and target in state.picks:
            chosen = state.picks[target]
            return (chosen,) if chosen in found else ()
        if target.pick == PICK_MOST_WOUNDED and found:
            return (max(found, key=lambda c: (state.max_hp[c] - state.hp[c], -c)),)
        if target.pick == PICK_FEWEST_HP and found:
            return (min(found, key=lambda c: (state.hp[c], c)),)
        return found
    return TARGETS[type(target)](state, target, me, opp)


def _spread(target: Target) -> bool:
    """Whether one of the characters :func:`_reached` lists is picked (at random, or a choice not
    made yet): the value is their mean."""
    return target.random or (isinstance(target, Group) and target.pick in (PICK_RANDOM, PICK_CHOICE))


def op_value(state: EredanState, op: Op, seat: int, me: int, opp: int, combat: _Combat | None) -> float:
    """Heuristic value of one effect for ``seat`` (played by ``me`` against ``opp``); its effect
    on this combat's blows is counted when ``combat`` is given. An op without a value function
    (:data:`VALUES`) is worth nothing to the greedy player."""
    cond = op.when
    if cond is not None and not state.holds(cond, me, opp):
        return 0.0
    value_of = VALUES.get(type(op))
    return 0.0 if value_of is None else value_of(state, op, seat, me, opp, combat)


def _modify_value(
    state: EredanState, op: ModifyOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    stat = op.stat
    amount = op.amount if op.points is None else modifier_mean(state, op, me, opp)
    target = op.target
    targets = _reached(state, target, me, opp)
    value = 0.0
    if stat in (AMIN, AMAX):  # one end of the range: about half a point of Attaque
        stat, amount = ATK, amount // 2
    if stat == LVL:  # the level only counts for what reads it: worth nothing to the greedy player
        return 0.0
    for t in targets:
        sign = 1 if t // 3 == seat else -1
        if stat == HPM:
            value += sign * amount * HP_VALUE * 0.5
            continue
        if combat is not None and stat != SPI and stat != INI:
            if t == combat.me:
                if stat == ATK:
                    value += combat.my_blow(state, atk=amount) - combat.out
                else:
                    value += combat.taken - combat.their_blow(state, defense=amount)
            elif t == combat.opp:
                if stat == ATK:
                    value -= combat.their_blow(state, atk=amount) - combat.taken
                else:
                    value -= combat.my_blow(state, defense=amount) - combat.out
        if not isinstance(op.duration, ForCombat) and stat != INI:
            point = LASTING_SPIRIT_VALUE if stat == SPI else LASTING_POINT_VALUE
            value += sign * amount * point
    return value / len(targets) if _spread(target) and targets else value


def _damage_value_of(
    state: EredanState, op: DamageOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    amount = _amount(state, op.amount, me, opp)
    targets = _reached(state, op.target, me, opp)
    total = sum(_damage_value(state, t, amount, op.kind) for t in targets)
    return total / len(targets) if _spread(op.target) and targets else total


def _heal_value(
    state: EredanState, op: HealOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    amount = _amount(state, op.amount, me, opp)
    targets = _reached(state, op.target, me, opp)
    healed = 0.0
    for t in targets:
        healed += min(amount, state.max_hp[t] - state.hp[t])
    healed = healed / len(targets) if _spread(op.target) and targets else healed
    return healed * HP_VALUE


def _draw_value(
    state: EredanState, op: DrawOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    return DRAW_VALUE * min(op.count, len(state.decks[seat]))


def _discard_value(
    state: EredanState, op: DiscardOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    return DISCARD_VALUE * min(op.count, len(state.hands[1 - seat]))


def _mill_value(
    state: EredanState, op: MillOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    return MILL_VALUE * min(op.count, len(state.decks[1 - seat]))


def _revive_value(
    state: EredanState, op: ReviveOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    dead = [t for t in range(seat * 3, seat * 3 + 3) if state.hp[t] <= 0]
    return (min(op.hp, state.max_hp[dead[0]]) * HP_VALUE + KILL_VALUE) if dead else 0.0


#: What a card is worth in each pile to its player, in HP (moving cards between piles): in hand it
#: can be played (DRAW_VALUE), in the deck it staves off the deck-out, removed it is gone for good.
PILE_WORTH = {PILE_HAND: DRAW_VALUE, PILE_DECK: MILL_VALUE, PILE_DISCARD: 0.0, PILE_REMOVED: -0.05}
#: A card that stays this many combats is worth as much as a permanent one to the greedy player.
STAY_COMBATS_WORTH = 3.0
#: The cards a draw phase with no card at all costs, as the greedy player counts them.
HAND_SIZE_WORTH = 2
#: Value of a marker an effect puts (their use is other cards' business: the card's own player's).
MARKER_VALUE = 0.5
#: Value of tapping an untapped enemy that is not fighting (it cannot fight until its side untaps),
#: or of untapping one's own tapped character.
TAP_VALUE = 1.5


def _move_value(
    state: EredanState, op: MoveOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    owner = 1 - seat if op.opponent else seat
    piles = (state.decks, state.hands, state.discards)
    mask = op.mask
    n = sum(1 for p in (op.source, *op.also) for k in piles[p][owner] if mask >> k & 1)
    if op.count >= 0 and n > op.count:
        n = op.count
    if op.into_self:  # the opponent loses them from its pile, the player gains them in its own
        return (PILE_WORTH.get(op.dest, MILL_VALUE) + PILE_WORTH[op.source]) * n
    worth = PILE_WORTH.get(op.dest, MILL_VALUE) - PILE_WORTH[op.source]
    if op.any_owner:  # the player picks the side the move is good for
        return abs(worth) * (op.count if op.count > 0 else n)
    return (worth if owner == seat else -worth) * n


def _card_to_value(
    state: EredanState, op: CardToOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    theirs = op.dest in (PILE_OPPONENT_DECK, PILE_OPPONENT_DECK_TOP)
    dest = PILE_DECK if theirs else op.dest
    return PILE_WORTH[dest] * (0.5 if theirs else 1)


def attached_worth(state: EredanState, k: int) -> float:
    """What a card in play is worth to its carrier's side: its "while carried" modifiers (at least
    one point's worth)."""
    total = 0.0
    for op in state.cards[k].while_carried:
        total += abs(op.amount) * (LASTING_SPIRIT_VALUE if op.stat == SPI else LASTING_POINT_VALUE)
    return max(total, LASTING_POINT_VALUE)


def _discard_attached_value(
    state: EredanState, op: DiscardAttachedOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    mask = op.mask
    value = 0.0
    for t in _reached(state, op.target, me, opp):
        worths = sorted(attached_worth(state, k) for k in state.items[t] if mask >> k & 1)
        if not worths:
            continue
        if op.may and t // 3 == seat:
            continue  # the player leaves its own cards
        n = len(worths) if op.count < 0 else min(op.count, len(worths))
        lost = sum(worths) / len(worths) * n
        if op.dest == PILE_HAND and op.into_self and t // 3 != seat:
            lost += DRAW_VALUE * n  # the player gets the opponent's card to play
        elif op.dest == PILE_HAND:
            lost -= DRAW_VALUE * n  # its owner gets it back to play again
        value += lost if t // 3 != seat else -lost
    return value


def _create_value(
    state: EredanState, op: CreateOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    k = state.tables.created[op.family]
    if op.dest in (PILE_PLAY, PILE_ATTACH):
        each = len(_reached(state, op.target, me, opp))
        return static_card_values(state.tables)[k] * op.count * each
    return PILE_WORTH.get(op.dest, 0.0) * op.count


def _play_card_value(
    state: EredanState, op: PlayCardOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    piles = (state.decks, state.hands, state.discards)
    mask = op.mask
    values = static_card_values(state.tables)
    found = [values[k] for p in (op.source, *op.also) for k in piles[p][seat] if mask >> k & 1]
    if not found:
        return 0.0
    return sum(found) / len(found) - PILE_WORTH[op.source]


def _marker_value(
    state: EredanState, op: MarkerOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    targets = _reached(state, op.target, me, opp)
    if op.count == MARKERS_ALL:
        counts = state.markers.get(op.marker)
        return MARKER_VALUE * sum(counts[t] for t in targets) if counts else 0.0
    return MARKER_VALUE * abs(op.count) * len(targets)


def _tap_value(state: EredanState, op: TapOp, seat: int, me: int, opp: int, combat: _Combat | None) -> float:
    value = 0.0
    for t in _reached(state, op.target, me, opp):
        if not state.tapped[t] and t not in state.fighters:
            value += TAP_VALUE if t // 3 != seat else -TAP_VALUE
    return value


def _untap_value(
    state: EredanState, op: UntapOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    value = 0.0
    for t in _reached(state, op.target, me, opp):
        if state.tapped[t] or t in state.fighters:
            value += TAP_VALUE if t // 3 == seat else -TAP_VALUE
    return value


#: How much of a trigger's effects the greedy player counts for a card that brings it (it may fire
#: once more, or never).
TRIGGER_WEIGHT = 0.5


def _ops_value(state: EredanState, ops: Sequence[Op], seat: int, me: int, opp: int) -> float:
    return sum(op_value(state, op, seat, me, opp, None) for op in ops)


def _trigger_value(
    state: EredanState, op: TriggerOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    # A trigger a card or an Ordre brings for the rest of the turn: what its effects would do now,
    # weighted (the event may not come).
    return TRIGGER_WEIGHT * _ops_value(state, op.ops, seat, me, opp)


def _one_of_value(
    state: EredanState, op: OneOfOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    values = [sum(op_value(state, o, seat, me, opp, combat) for o in option) for option in op.options]
    picks = state.picks
    if not op.random and picks is not None and op in picks and 0 <= picks[op] < len(values):
        return values[picks[op]]
    return sum(values) / len(values) if op.random else max(values)


#: Value of forbidding an enemy to play some cards (or to attack) in its coming combats.
FORBID_VALUE = 1.0
#: Value of making a character's items act at once (``acts_now``: they count in this clash).
ACTS_NOW_VALUE = 0.5


def _forbid_value(
    state: EredanState, op: ForbidOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    value = 0.0
    lasting = not isinstance(op.duration, ForCombat)
    for t in _reached(state, op.target, me, opp):
        sign = 1 if t // 3 != seat else -1
        v = FORBID_VALUE if lasting or op.what == FORBID_HEALED else 0.0  # this combat's cards are chosen
        if op.what == FORBID_ATTACK and combat is not None:
            if t == combat.opp:
                v += combat.taken  # its blow of this combat, avoided
            elif t == combat.me:
                v += combat.out
        value += sign * v
    return value


def _acts_now_value(
    state: EredanState, op: ActsNowOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    """Items acting at once count in this clash: a small gain for the side whose cards they are."""
    return sum(
        ACTS_NOW_VALUE if t // 3 == seat else -ACTS_NOW_VALUE for t in _reached(state, op.target, me, opp)
    )


def _traits_value(
    state: EredanState, op: TraitsOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    """Traits have no effect of their own (what reads them does): valued at nothing."""
    return 0.0


def _advance_turns_value(
    state: EredanState, op: AdvanceTurnsOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    """The turn counter moved on: which Ordres it brings sooner or skips is no board-free worth;
    the greedy player counts it as nothing."""
    return 0.0


def _grant_order_value(
    state: EredanState, op: GrantOrderOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    value = 0.0
    turn = state.turn
    for t in _reached(state, op.target, me, opp):
        ch = state.chars[t]
        if not ch.orders or any(order.turns.matches(turn) for order in ch.orders):
            continue
        facing = state.fighters[1 - t // 3]
        for order in ch.orders:
            for inner in order.ops:
                value += op_value(state, inner, seat, t, facing, combat)
    return value


#: Value of stopping the opponent's next card (``counter``).
COUNTER_VALUE = 1.5
#: How many draw phases "every one" (``draw_phase`` "all") is worth.
ALL_PHASES_WORTH = 3


#: Value of a ``bound`` per stat: a malus it keeps off an ally, a bonus it keeps off an enemy.
BOUND_VALUE = 0.5


def _bound_value(
    state: EredanState, op: BoundOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    per = BOUND_VALUE * len({ATK if s in (AMIN, AMAX) else s for s in op.stats})
    value = 0.0
    for t in _reached(state, op.target, me, opp):
        v = (per if op.below >= 0 else 0.0) - (per if op.above >= 0 else 0.0)
        value += v if t // 3 == seat else -v
    return value


def _double_value(
    state: EredanState, op: DoubleOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    per = BOUND_VALUE * len({ATK if s in (AMIN, AMAX) else s for s in op.stats})
    v = (per if op.sign & DOUBLE_BONUS else 0.0) - (per if op.sign & DOUBLE_MALUS else 0.0)
    return sum(v if t // 3 == seat else -v for t in _reached(state, op.target, me, opp))


def _attach_value(
    state: EredanState, op: AttachOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    return 0.0  # a card changing carriers: what it gives goes on, the estimate leaves it out


def _pay_value(state: EredanState, op: PayOp, seat: int, me: int, opp: int, combat: _Combat | None) -> float:
    payer = opp if op.by_opponent else me
    if payer < 0 or state.hp[payer] <= 0:
        return 0.0
    if op.may:  # a cost its player may pay: declined (option 1), nothing; undecided, the better
        picks = state.picks
        chosen = None if picks is None else picks.get(op)
        if chosen is not None and chosen != 0:
            return 0.0
        if chosen is None:
            return max(0.0, _paid_value(state, op, seat, me, opp, combat, payer))
    return _paid_value(state, op, seat, me, opp, combat, payer)


def _paid_value(
    state: EredanState, op: PayOp, seat: int, me: int, opp: int, combat: _Combat | None, payer: int
) -> float:
    """What paying the cost of ``op`` and its effects are worth to ``seat`` (0 when it cannot)."""
    if op.cost == COST_ATTACHED:
        spent = [k for k in state.items[payer] if op.mask >> k & 1][: op.count]
        if len(spent) < op.count:
            return 0.0
        cost = sum(attached_worth(state, k) for k in spent)
    elif op.cost == COST_HAND:
        if len(state.hands[payer // 3]) < op.count:
            return 0.0
        cost = DISCARD_VALUE * op.count
    else:
        counts = state.markers.get(op.marker)
        if counts is None or counts[payer] < op.count:
            return 0.0
        cost = MARKER_VALUE * op.count
    gain = sum(op_value(state, inner, seat, me, opp, combat) for inner in op.effects)
    return gain - (cost if payer // 3 == seat else -cost)


def _counter_value(
    state: EredanState, op: CounterOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    value = 0.0
    for t in _reached(state, op.target, me, opp):
        value += COUNTER_VALUE if t // 3 != seat else -COUNTER_VALUE
    return value / max(1, len(_reached(state, op.target, me, opp)))


def _draw_phase_value(
    state: EredanState, op: DrawPhaseOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    phases = ALL_PHASES_WORTH if op.phases < 0 else op.phases
    cards = -HAND_SIZE_WORTH if op.amount is None else op.amount
    value = 0.0
    if op.seats & 1:
        value += cards * DRAW_VALUE * phases
    if op.seats & 2:
        value -= cards * DRAW_VALUE * phases
    return value


#: Value of a damage or healing bonus point, or of an immunity, per combat it lasts (a lasting one:
#: about two combats).
BONUS_POINT_VALUE, IMMUNE_VALUE, LASTING_COMBATS = 0.8, 2.5, 2.0


def _weight(duration: Duration) -> float:
    return 1.0 if isinstance(duration, ForCombat) else LASTING_COMBATS


def _sign(t: int, seat: int) -> int:
    return 1 if t // 3 == seat else -1


def _bonus_value(
    state: EredanState,
    op: DamageTakenOp | DamageDealtOp | HealDealtOp,
    seat: int,
    me: int,
    opp: int,
    combat: _Combat | None,
) -> float:
    amount: float = op.amount if op.points is None else state.scaled(op.points, me, opp)
    if isinstance(op, DamageTakenOp):
        amount = -amount  # less damage taken is better
    elif isinstance(op, HealDealtOp):
        amount = amount / 2
    w = _weight(op.duration) * BONUS_POINT_VALUE
    return sum(_sign(t, seat) * amount * w for t in _reached(state, op.target, me, opp))


def _immune_value(
    state: EredanState, op: ImmuneOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    w = _weight(op.duration) * IMMUNE_VALUE
    return sum(_sign(t, seat) * w for t in _reached(state, op.target, me, opp))


def _attack_kind_value(
    state: EredanState, op: AttackKindOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    # A magical or direct clash attack: worth the reduction it escapes (Défense against Esprit).
    total = 0.0
    for t in _reached(state, op.target, me, opp):
        foe = state.fighters[1 - t // 3]
        if foe < 0:
            continue
        now = _reduction(state, state.stat(foe, DEF))
        then = _reduction(state, state.stat(foe, SPI)) if op.kind == K_MAGICAL else 0
        total += _sign(t, seat) * (now - then) * _weight(op.duration) * HP_VALUE
    return total


def _set_value(state: EredanState, op: SetOp, seat: int, me: int, opp: int, combat: _Combat | None) -> float:
    value = op.lo if op.points is None else state.scaled(op.points, me, opp)
    point = LASTING_SPIRIT_VALUE if op.stat == SPI else LASTING_POINT_VALUE
    total = 0.0
    for t in _reached(state, op.target, me, opp):
        if op.stat == ATK:
            ch = state.chars[t]
            now = (ch.attack_min + ch.attack_max) / 2 + state.stat(t, ATK)
            delta = (op.lo + op.hi) / 2 - now
        elif op.stat in (DEF, SPI):
            delta = value - state.stat(t, op.stat)
        else:
            delta = 0.0
        total += _sign(t, seat) * delta * point * (_weight(op.duration) / LASTING_COMBATS)
    return total


def _lose_hp_value(
    state: EredanState, op: LoseHpOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    amount = _amount(state, op.amount, me, opp)
    total = 0.0
    for t in _reached(state, op.target, me, opp):
        hp = state.hp[t]
        lost = min(amount, hp)
        total += -_sign(t, seat) * (lost * HP_VALUE + (KILL_VALUE if lost >= hp > 0 else 0.0))
    return total / len(_reached(state, op.target, me, opp) or (1,)) if _spread(op.target) else total


def _extra_attack_value(
    state: EredanState, op: ExtraAttackOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    amount = _amount(state, op.amount, me, opp)
    targets = _reached(state, op.target, me, opp)
    total = sum(_damage_value(state, t, amount, op.kind) for t in targets)
    return total / len(targets) if _spread(op.target) and targets else total


def _swap_value(
    state: EredanState, op: SwapOp, seat: int, me: int, opp: int, combat: _Combat | None
) -> float:
    """Two stats exchanged: worth nothing to the greedy player (it does not weigh Défense against
    Esprit)."""
    return 0.0


#: The greedy player's value of each op (op record type -> function).
VALUES: dict[type[Op], Callable[[EredanState, Any, int, int, int, _Combat | None], float]] = {
    ModifyOp: _modify_value,
    DamageOp: _damage_value_of,
    HealOp: _heal_value,
    DrawOp: _draw_value,
    DiscardOp: _discard_value,
    MillOp: _mill_value,
    ReviveOp: _revive_value,
    MoveOp: _move_value,
    CardToOp: _card_to_value,
    DiscardAttachedOp: _discard_attached_value,
    CreateOp: _create_value,
    PlayCardOp: _play_card_value,
    MarkerOp: _marker_value,
    TapOp: _tap_value,
    TriggerOp: _trigger_value,
    OneOfOp: _one_of_value,
    DamageTakenOp: _bonus_value,
    DamageDealtOp: _bonus_value,
    HealDealtOp: _bonus_value,
    ImmuneOp: _immune_value,
    SetOp: _set_value,
    AttackKindOp: _attack_kind_value,
    LoseHpOp: _lose_hp_value,
    ExtraAttackOp: _extra_attack_value,
    SwapOp: _swap_value,
    UntapOp: _untap_value,
    ForbidOp: _forbid_value,
    ActsNowOp: _acts_now_value,
    GrantOrderOp: _grant_order_value,
    AdvanceTurnsOp: _advance_turns_value,
    PayOp: _pay_value,
    BoundOp: _bound_value,
    AttachOp: _attach_value,
    DoubleOp: _double_value,
    CounterOp: _counter_value,
    DrawPhaseOp: _draw_phase_value,
    TraitsOp: _traits_value,
}


def card_value(state: EredanState, seat: int, action: Action, combat: _Combat | None = None) -> float:
    """Heuristic value of playing the card of ``action`` now (docs/rules/eredan.md §3 step 2–3),
    with the choices the action makes (its targets, its ``one_of`` option)."""
    if not isinstance(action, Play):
        return 0.0
    if action.choice:
        card = state.cards[action.card]
        values = unpack_choices(action.choice, len(card.choices))
        state.picks = dict(zip(card.choices, values, strict=True))
        try:
            return _card_value(state, seat, action, combat)
        finally:
            state.picks = None
    return _card_value(state, seat, action, combat)


def _card_value(state: EredanState, seat: int, action: Play, combat: _Combat | None) -> float:
    carrier = action.carrier
    f = state.fighters[seat]
    o = state.fighters[1 - seat]
    card = state.cards[action.card]
    if card.modes:  # its play variants: as this fighter would play it
        card = state.card_as_played(action.card, f)
    value = 0.0
    if card.attaches:
        # An item on a character of the other side (an Artisan's, a card attached to the opponent)
        # counts against its player. A card that comes into play at once acts on this combat too.
        sign = 1 if carrier // 3 == seat else -1
        facing = state.fighters[1 - carrier // 3]
        now = None if card.after_combat else (combat if combat is not None else _Combat(state, seat))
        for op in card.while_carried:
            if op.stat != INI and (op.when is None or state.holds(op.when, carrier, facing)):
                if now is None:
                    point = LASTING_SPIRIT_VALUE if op.stat == SPI else LASTING_POINT_VALUE
                    value += sign * op.amount * point
                else:
                    value += _modify_value(state, op, seat, carrier, facing, now)
        for effect in card.ops:
            value += op_value(state, effect, seat, carrier, facing, now)
        for trigger in card.triggers:  # about one more firing of what it does while carried
            value += TRIGGER_WEIGHT * _ops_value(state, trigger.ops, seat, carrier, facing)
        if card.stay_hi:  # it stays a few combats only
            value *= min(1.0, (card.stay_lo + card.stay_hi) / 2 / STAY_COMBATS_WORTH)
        return value
    if combat is None:
        combat = _Combat(state, seat)
    damaging = False
    for effect in card.ops:
        if effect.deals_damage and (effect.when is None or state.holds(effect.when, f, o)):
            damaging = True
        value += op_value(state, effect, seat, f, o, combat)
    if damaging and card.kind == CK_SPELL and state.chars[f].spell_replaces_attack and state.strikes[seat]:
        already = any(
            state.cards[p.card].kind == CK_SPELL and state.cards[p.card].deals_damage
            for p in state.plays[seat]
        )
        if not already:
            value -= combat.out
    return value


def _static_card_values(tables: Tables) -> list[float]:
    """A rough, board-free value per card: how much it tends to do (for discards) — the tables'
    ``worth`` (compiled.card_worth)."""
    return list(tables.worth)


_STATIC_VALUES: dict[int, tuple[Tables, list[float]]] = {}


def static_card_values(tables: Tables) -> list[float]:
    hit = _STATIC_VALUES.get(id(tables))
    if hit is None or hit[0] is not tables:
        if len(_STATIC_VALUES) > 64:
            _STATIC_VALUES.clear()
        hit = (tables, _static_card_values(tables))
        _STATIC_VALUES[id(tables)] = hit
    return hit[1]


def greedy_discard(state: EredanState, seat: int) -> Action:
    """docs/rules/eredan.md §3 step 5 — keep every card (a voluntary discard only brings the deck-out
    closer) unless the hand is above 5: then drop the least valuable ones."""
    hand = sorted(state.hands[seat])
    excess = len(hand) - MAX_HAND_AFTER_DISCARD
    if excess <= 0:
        return PASS
    values = static_card_values(state.tables)
    order = sorted(range(len(hand)), key=lambda i: (values[hand[i]], i))
    mask = 0
    for i in order[:excess]:
        mask |= 1 << i
    return Discard.of(mask)


def _best(actions: Sequence[Action], values: Sequence[float], rng: random.Random) -> Action:
    best = max(values)
    ties = [a for a, v in zip(actions, values, strict=True) if v >= best - 1e-9]
    return ties[0] if len(ties) == 1 else ties[int(rng.random() * len(ties))]


def pick_value(state: EredanState, action: Pick) -> float:
    """The value, for the player choosing, of a choice a queued effect asks for (phase
    ``P_PICK``): its effects with that character picked."""
    firing = state.queue[0]
    question = state.pick_question
    assert question is not None
    holder = firing.holder
    opp = state.fighters[1 - holder // 3]
    state.picks = {**(state.picking or {}), question: action.value}
    state.event_char = firing.subject
    state.event_amount = firing.amount
    try:
        return _ops_value(state, firing.ops, state.to_move, holder, opp)
    finally:
        state.picks = None
        state.event_char = -1
        state.event_amount = 0


def greedy_action(state: EredanState, rng: random.Random) -> Action:
    """The greedy choice in ``state`` (see :class:`GreedyPolicy`)."""
    legal = state.legal_actions()
    phase = state.phase
    if phase == P_DISCARD:
        return greedy_discard(state, state.to_move)
    if phase == P_PICK:
        return _best(legal, [pick_value(state, a) for a in legal], rng)  # type: ignore[arg-type]
    if phase == P_CHOICE:
        return _best(legal, _choice_values(state, legal), rng)  # type: ignore[arg-type]
    seat = state.to_move
    combat = _Combat(state, seat)
    cache: dict[Action, float] = {}
    values = []
    for a in legal:
        v = cache[a] = card_value(state, seat, a, combat)
        values.append(v)
    if state.slot == 0:
        # One ply of its own chain: a chaining first card is worth its best follow-up too.
        for i, a in enumerate(legal):
            if a != PASS:
                values[i] += _chain_follow_up(state, seat, a, combat, cache)
    return _best(legal, values, rng)


def _chain_follow_up(
    state: EredanState, seat: int, action: Action, combat: _Combat, cache: dict[Action, float]
) -> float:
    if not isinstance(action, Play):
        return 0.0
    k = action.card
    chain = state._chain_after(seat, k)
    if not chain:
        return 0.0
    f = state.fighters[seat]
    mask = state.play_mask[f] & chain & state.tables.simple_mask
    plays = state.tables.plays[f]
    best = 0.0
    used = False
    for h in state.hands[seat]:
        if h == k and not used:
            used = True
            continue
        if mask >> h & 1:
            a = plays[h]
            v = cache.get(a)
            if v is None:
                v = cache[a] = card_value(state, seat, a, combat)
            if v > best:
                best = v
    return best


class RandomPolicy:
    """Uniform over the legal actions."""

    name = "random"

    def choose(self, state: State, rng: random.Random) -> Hashable:
        legal = state.legal_actions()
        return legal[int(rng.random() * len(legal))]


class GreedyPolicy:
    """One ply: the action with the best expected immediate outcome — for the choice of fighters
    the expected clash (damage dealt minus taken, a kill bonus, Ordres and abilities included);
    for cards the expected value of their effects on this combat (lasting modifiers and items at
    a fixed value per point, a Mage's lost attack counted against its damage spell, a chaining card
    with its best follow-up); for the discard step, keep everything unless forced. Ties are broken
    with its RNG."""

    name = "greedy"

    def choose(self, state: State, rng: random.Random) -> Action:
        assert isinstance(state, EredanState)
        return greedy_action(state, rng)


# --- the search player ------------------------------------------------------------------------


#: Weights of the search's evaluation (:func:`evaluate`), in logits per unit of the difference
#: between the two sides: fitted by logistic regression of the game's outcome on 35,300 positions
#: (each player at the start of each turn) of 2,000 greedy-vs-greedy games over the demo decks,
#: with ``benchmarks/eredan_fit_evaluation.py`` (held-out accuracy 70%).
EVAL_HP = 0.0916  # per HP of a living character
EVAL_ALIVE = -0.9824  # per living character (its Attaque, Défense and Esprit below make up for it)
EVAL_ATTACK = 0.1837  # per point of mean Attaque (printed range + lasting modifiers)
EVAL_DEFENSE = 0.0909  # per point of Défense
EVAL_SPIRIT = 0.0803  # per point of Esprit
EVAL_ITEM = 0.1135  # per carried item
EVAL_DECK_OUT = -8.9787  # a pending deck-out
EVAL_ACTIVE = 0.0644  # being the active player


def evaluation_features(state: EredanState, seat: int) -> list[float]:
    """The features of :func:`evaluate` for ``seat``: its side's value minus the other side's."""
    out = []
    mod = state.mod
    for side in (seat, 1 - seat):
        hp = alive = atk = dfn = spi = items = 0.0
        for c in range(side * 3, side * 3 + 3):
            if state.hp[c] > 0:
                ch = state.chars[c]
                i = c * NSTATS
                alive += 1
                hp += state.hp[c]
                atk += (ch.attack_min + ch.attack_max) / 2 + mod[i + ATK]
                dfn += ch.defense + mod[i + DEF]
                spi += ch.spirit + mod[i + SPI]
                items += len(state.items[c])
        out.append((hp, alive, atk, dfn, spi, items, float(state.deck_out[side])))
    mine, theirs = out
    features = [a - b for a, b in zip(mine, theirs, strict=True)]
    features.append(1.0 if state.active == seat else -1.0)
    return features


_WEIGHTS = (
    EVAL_HP,
    EVAL_ALIVE,
    EVAL_ATTACK,
    EVAL_DEFENSE,
    EVAL_SPIRIT,
    EVAL_ITEM,
    EVAL_DECK_OUT,
    EVAL_ACTIVE,
)


def evaluate(state: EredanState, seat: int) -> float:
    """A finished game's result for ``seat`` (±1, 0 for a draw), or its estimated chances in
    (-1, 1): ``2 P(win) - 1`` from a logistic model of the board (HP, living characters, their
    Attaque, Défense and Esprit with lasting modifiers, carried items, a pending deck-out, who is
    active)."""
    if state.phase == 3:
        w = state.winner
        return 0.0 if w is None else (1.0 if w == seat else -1.0)
    logit = sum(w * x for w, x in zip(_WEIGHTS, evaluation_features(state, seat), strict=True))
    return math.tanh(logit / 2)


class SearchPolicy:
    """Determinized Monte Carlo search ("ismcts"), with common random numbers.

    For each decision it samples ``worlds`` determinizations of what the player cannot see
    (:meth:`EredanState.determinize`: the opponent's hand and unrevealed cards, both draw piles,
    the future dice; the opponent's unrevealed cards are re-chosen in each world by the greedy
    policy, its model of the opponent). In each world, every candidate action is tried with the
    *same* dice and the same rollout RNG, and play goes on with the greedy policy for both
    players for ``horizon`` turns (or to the end of the game); the result is scored with
    :func:`evaluate`. The action with the best total wins: comparing the actions on identical
    worlds and dice removes most of the luck from the comparison. Discards follow the greedy rule
    (keep everything unless forced).

    Everything random comes from its own ``rng``; the state is read only through determinize.
    """

    name = "ismcts"

    def __init__(self, *, worlds: int = 24, horizon: int = 3, batch: int = 0) -> None:
        if worlds < 1 or horizon < 1 or batch < 0:
            raise ValueError("worlds and horizon must be at least 1, batch at least 0")
        self.worlds = worlds
        self.horizon = horizon
        self.batch = batch

    def choose(self, state: State, rng: random.Random) -> Action:
        assert isinstance(state, EredanState)
        if state.phase == P_DISCARD:
            return greedy_discard(state, state.to_move)
        legal = list(state.legal_actions())
        if len(legal) == 1:
            return legal[0]
        player = state.to_move
        candidates = list(range(len(legal)))
        totals = [0.0] * len(legal)
        used = 0
        # Successive halving (when ``batch`` is set): after each batch of worlds, the worse half
        # of the candidates is dropped; the others keep sharing the same worlds.
        batch = self.batch or self.worlds
        while used < self.worlds:
            for _ in range(min(batch, self.worlds - used)):
                world = state.determinize(player, rng, opponent_model=greedy_action)
                seed = rng.getrandbits(64)
                for i in candidates:
                    # The same dice (and the same rollout choices) for every candidate.
                    sim = world.clone(rng=random.Random(seed))
                    sim.apply(legal[i])
                    totals[i] += self._rollout(sim, player)
                used += 1
            if len(candidates) > 2:
                candidates.sort(key=lambda i: -totals[i])
                candidates = candidates[: (len(candidates) + 1) // 2]
        best = max(candidates, key=lambda i: (totals[i], -i))
        return legal[best]

    def _rollout(self, world: EredanState, player: int) -> float:
        """Greedy play for both players (breaking ties with the world's RNG) for ``horizon`` turns."""
        stop = world.turn + self.horizon
        rng = world.rng
        while world.phase != 3 and world.turn < stop:
            world.apply(greedy_action(world, rng))
        return evaluate(world, player)


def make_policy(name: str, **options: Any) -> RandomPolicy | GreedyPolicy | SearchPolicy:
    if name == "random":
        return RandomPolicy()
    if name == "greedy":
        return GreedyPolicy()
    if name in ("ismcts", "search"):
        return SearchPolicy(**options)
    raise ValueError(f"unknown Eredan policy {name!r}; known: random, greedy, ismcts")


POLICY_NAMES = ("random", "greedy", "ismcts")
