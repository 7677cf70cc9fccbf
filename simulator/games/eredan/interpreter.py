"""The board of an Eredan game and the interpreter of compiled effects.

:class:`Board` holds the hot state of a game in flat lists of ints (six characters: seat 0 owns
indices 0–2, seat 1 owns 3–5), and knows how to read a character's stats and how to apply each
effect op. :class:`~simulator.games.eredan.state.EredanState` adds the turn structure on top.

Stats (docs/rules/eredan.md §1, §3): a character's Défense, Esprit and initiative are its printed value
plus three layers of modifiers — ``mod`` (permanent and "for N turns" modifiers, the latter taken
off when they expire), ``cmod`` (this combat only, cleared at the end of the turn) and the
conditional "while carried" modifiers of its items (``auras``, checked when read). Its Attaque is
rolled in its range each time it is needed, plus the same layers; the ends of that range move with
the combat modifiers ``AMIN`` / ``AMAX`` ("Attaque min. +1", from abilities, Ordres and auras).
"""

from __future__ import annotations

import random
from typing import Any

from cards.domain.specs import MERCENARY_GUILD
from simulator.games.eredan.chance import AMOUNT, ATTACK, DISCARD, TARGET, Chance, shuffle
from simulator.games.eredan.compiled import (
    AMAX,
    AMIN,
    ATK,
    C_ALLY_ALIVE,
    C_BY,
    C_BY_CLASS,
    C_BY_GUILD,
    C_BY_RACE,
    C_CARRYING,
    C_OPP_CARRYING,
    C_OPP_CLASS,
    C_OPP_GUILD,
    C_OPP_RACE,
    C_TURN,
    CARRY_WEAPON,
    D_COMBAT,
    D_PERMANENT,
    DEF,
    K_MAGICAL,
    K_PHYSICAL,
    KIND_NAMES,
    NSTATS,
    OP_DAMAGE,
    OP_DISCARD,
    OP_DRAW,
    OP_HEAL,
    OP_MILL,
    OP_MODIFY,
    OP_NAMES,
    OP_REVIVE,
    SLOT_ARMOR,
    SLOT_WEAPON,
    SPI,
    STAT_NAMES,
    T_ALL_ALLIES,
    T_ALL_ENEMIES,
    T_OPPONENT,
    T_SELF,
    CompiledCard,
    CompiledCharacter,
    CompiledCondition,
    CompiledEffect,
    Tables,
)
from simulator.games.eredan.rules import REVIVED_CHARACTER_UNTAPPED, SCORE_COUNTS_ACTUAL_HP

Event = dict[str, Any]


class Board:
    """Hot state and the effect interpreter. Attributes are public for tests and policies; only
    the engine writes them."""

    __slots__ = (
        "active",
        "aura_mask",
        "auras",
        "base",
        "cards",
        "chance",
        "chars",
        "cmod",
        "dealt",
        "decks",
        "discards",
        "fighters",
        "gear",
        "hands",
        "healed",
        "hp",
        "items",
        "log",
        "max_hp",
        "mod",
        "rng",
        "score",
        "tables",
        "tapped",
        "timed",
        "turn",
    )

    tables: Tables
    cards: tuple[CompiledCard, ...]
    chars: tuple[CompiledCharacter, ...]
    rng: random.Random
    #: Where chance outcomes come from: ``None`` — the seeded ``rng``, inline (the default); or a
    #: :class:`~simulator.games.eredan.chance.Chance` (a record being written or replayed).
    chance: Chance | None
    turn: int
    active: int
    hp: list[int]
    max_hp: tuple[int, ...]
    base: tuple[int, ...]  # Tables.base_stats
    tapped: list[bool]
    mod: list[int]
    cmod: list[int]
    timed: list[tuple[int, int, int, int]]  # (last turn, character, stat, amount)
    auras: list[tuple[int, int, int, CompiledCondition]]  # (character, stat, amount, condition)
    aura_mask: int  # bit c set when character c has conditional item modifiers
    items: list[list[int]]  # carried card ids per character
    gear: list[int]  # per character: weapon slot state (GEAR_*) + GEAR_ARMOR if it wears an armor
    hands: list[list[int]]
    decks: list[list[int]]  # top of the pile = end of the list
    discards: list[list[int]]
    fighters: list[int]  # per seat: the fighting character this turn, or -1
    dealt: list[int]  # damage dealt per character (docs/rules/eredan.md §3 End, the score)
    healed: list[int]  # healing done per character
    score: list[int]  # per seat
    log: list[Event] | None

    # --- reading stats ----------------------------------------------------------------------

    def stat(self, c: int, s: int) -> int:
        """Character ``c``'s current value of stat ``s`` (for ATK: its modifiers only)."""
        i = c * NSTATS + s
        value = self.base[i] + self.mod[i] + self.cmod[i]
        if self.aura_mask >> c & 1:
            fighters = self.fighters
            for ac, st, amount, cond in self.auras:
                if ac == c and st == s and self.holds(cond, c, fighters[1 - c // 3]):
                    value += amount
        return value

    # --- chance: every random outcome of the game comes from these (simulator/games/eredan/chance.py)

    def roll(self, lo: int, hi: int, why: str = AMOUNT, who: int = -1) -> int:
        """A uniform roll in ``lo..hi`` (no draw when the range is one value)."""
        if lo >= hi:
            return lo
        chance = self.chance
        if chance is None:
            return lo + int(self.rng.random() * (hi - lo + 1))
        return chance.roll(lo, hi, why, who)

    def pick(self, options: list[int], why: str, who: int) -> int:
        """A uniform choice among ``options`` (at least one): its index."""
        chance = self.chance
        if chance is None:
            return int(self.rng.random() * len(options))
        return chance.pick(options, why, who)

    def shuffle_pile(self, pile: list[int], why: str, who: int) -> None:
        chance = self.chance
        if chance is None:
            shuffle(pile, self.rng)
        else:
            chance.shuffle(pile, why, who)

    def attack_roll(self, c: int) -> int:
        """Character ``c``'s Attaque for one use: rolled in its range, plus modifiers, at least 0
        (docs/rules/eredan.md §1 — the attack "fourchette" is rolled each combat)."""
        ch = self.chars[c]
        i = c * NSTATS
        cmod = self.cmod
        # "Attaque min. / max. +N" (combat modifiers) move the ends of the range; [decision] a
        # minimum raised to or above the maximum gives that minimum.
        lo, hi = ch.attack_min + cmod[i + AMIN], ch.attack_max + cmod[i + AMAX]
        if lo >= hi:
            value = lo
        elif self.chance is None:
            value = lo + int(self.rng.random() * (hi - lo + 1))
        else:
            value = self.chance.roll(lo, hi, ATTACK, c)
        value += self.mod[i] + cmod[i]
        if self.aura_mask >> c & 1:
            value += self.stat(c, ATK) - self.mod[i] - self.cmod[i]
        return value if value > 0 else 0

    def carries(self, c: int, kind: int) -> bool:
        slot = SLOT_WEAPON if kind == CARRY_WEAPON else SLOT_ARMOR
        cards = self.cards
        return any(cards[k].slot == slot for k in self.items[c])

    # --- conditions -------------------------------------------------------------------------

    def holds(self, cond: CompiledCondition, me: int, opp: int) -> bool:
        """Whether every clause of ``cond`` holds for an effect of character ``me`` facing ``opp``
        (the opposing fighter, -1 outside a combat: then opponent clauses fail)."""
        chars = self.chars
        for code, value in cond:
            if code == C_TURN:
                if not value.matches(self.turn):
                    return False
            elif code == C_OPP_CLASS:
                if opp < 0 or value not in chars[opp].classes:
                    return False
            elif code == C_OPP_RACE:
                if opp < 0 or (chars[opp].race != value and chars[opp].race_parent != value):
                    return False
            elif code == C_OPP_GUILD:
                if opp < 0 or not _in_guild(chars[opp], value):
                    return False
            elif code == C_BY:
                if chars[me].family != value:
                    return False
            elif code == C_BY_CLASS:
                if value not in chars[me].classes:
                    return False
            elif code == C_BY_GUILD:
                if not _in_guild(chars[me], value):
                    return False
            elif code == C_BY_RACE:
                if chars[me].race != value and chars[me].race_parent != value:
                    return False
            elif code == C_CARRYING:
                if not self.carries(me, value):
                    return False
            elif code == C_OPP_CARRYING:
                if opp < 0 or not self.carries(opp, value):
                    return False
            elif code == C_ALLY_ALIVE:
                base = me // 3 * 3
                hp = self.hp
                if not any(hp[c] > 0 and chars[c].family == value for c in range(base, base + 3)):
                    return False
            else:  # pragma: no cover - compile_tables refuses unknown codes
                raise AssertionError(f"unknown condition code {code}")
        return True

    # --- damage, healing, death ---------------------------------------------------------------

    def hit(self, src: int, target: int, amount: int, kind: int, source: str) -> int:
        """Deal ``amount`` damage of ``kind`` from ``src`` to ``target``: physical damage is reduced
        by Défense, magical damage (spells, theurgies) by Esprit, direct damage by nothing
        (docs/rules/eredan.md §3 step 3). Returns the HP actually lost."""
        h = self.hp[target]
        if h <= 0:
            return 0
        if kind == K_PHYSICAL:
            reduction = self.stat(target, DEF)
        elif kind == K_MAGICAL:
            reduction = self.stat(target, SPI)
        else:
            reduction = 0
        if reduction < 0:
            reduction = 0
        damage = amount - reduction
        if damage <= 0:
            damage = 0
        elif damage > h:
            damage = h
        self.hp[target] = h - damage
        credit = damage if SCORE_COUNTS_ACTUAL_HP else max(0, amount - reduction)
        self.dealt[src] += credit
        self.score[src // 3] += credit
        if self.log is not None:
            self.log.append(
                {
                    "event": "damage",
                    "source": self.chars[src].slug,
                    "source_seat": src // 3,
                    "seat": target // 3,
                    "target": self.chars[target].slug,
                    "kind": source if source == "clash" else KIND_NAMES[kind],
                    "amount": amount,
                    "reduced_by": reduction,
                    "damage": damage,
                    "hp": h - damage,
                }
            )
            if h - damage == 0:
                self.log.append({"event": "death", "seat": target // 3, "character": self.chars[target].slug})
        return damage

    def heal(self, src: int, target: int, amount: int) -> int:
        """Heal ``target`` (alive) by ``amount``, never above its maximum HP; returns HP restored."""
        h = self.hp[target]
        if h <= 0:
            return 0
        gain = self.max_hp[target] - h
        if amount < gain:
            gain = amount
        if gain < 0:
            gain = 0
        self.hp[target] = h + gain
        credit = gain if SCORE_COUNTS_ACTUAL_HP else amount
        self.healed[src] += credit
        self.score[src // 3] += credit
        if self.log is not None:
            self.log.append(
                {
                    "event": "heal",
                    "source": self.chars[src].slug,
                    "seat": target // 3,
                    "target": self.chars[target].slug,
                    "amount": amount,
                    "healed": gain,
                    "hp": h + gain,
                }
            )
        return gain

    # --- the interpreter ----------------------------------------------------------------------

    def amount(self, lo: int, hi: int, stat: int, me: int) -> int:
        """An effect's amount: rolled in ``lo..hi``, plus the stat of the character playing it."""
        value = self.roll(lo, hi, AMOUNT, me)
        if stat >= 0:
            value += self.attack_roll(me) if stat == ATK else self.stat(me, stat)
        return value if value > 0 else 0

    def run_ops(self, ops: tuple[CompiledEffect, ...], me: int, opp: int, source: str) -> bool:
        """Apply ``ops`` for character ``me`` (who plays or carries the card) facing ``opp``.

        Effects target living characters only (a dead one can only be revived). Returns whether a
        damage effect applied (its condition held): the Mage attack rule needs it.
        """
        damaged = False
        seat = me // 3
        hp = self.hp
        log = self.log
        for op in ops:
            code = op[0]
            cond = op[-2]
            if cond is not None and not self.holds(cond, me, opp):
                if log is not None:
                    log.append(
                        {
                            "event": "effect",
                            "source": source,
                            "op": OP_NAMES[code],
                            "index": op[-1],
                            "applied": False,
                        }
                    )
                continue
            if log is not None:
                log.append(
                    {
                        "event": "effect",
                        "source": source,
                        "op": OP_NAMES[code],
                        "index": op[-1],
                        "applied": True,
                    }
                )
            if code == OP_DAMAGE:
                damaged = True
                _, kind, lo, hi, stat, target, _, _ = op
                value = self.amount(lo, hi, stat, me)
                if target == T_OPPONENT:
                    if opp >= 0 and hp[opp] > 0:
                        self.hit(me, opp, value, kind, source)
                elif target == T_ALL_ENEMIES:
                    base = 3 - seat * 3
                    for t in range(base, base + 3):
                        if hp[t] > 0:
                            self.hit(me, t, value, kind, source)
                else:  # T_RANDOM_OTHER_ENEMY
                    base = 3 - seat * 3
                    others = [t for t in range(base, base + 3) if t != opp and hp[t] > 0]
                    if others:
                        self.hit(me, others[self.pick(others, TARGET, me)], value, kind, source)
            elif code == OP_MODIFY:
                if op[3] == T_SELF and op[4] == D_COMBAT and log is None:
                    if hp[me] > 0:
                        self.cmod[me * NSTATS + op[1]] += op[2]
                else:
                    self._modify(op, me, opp, seat)
            elif code == OP_HEAL:
                _, lo, hi, stat, target, _, _ = op
                value = self.amount(lo, hi, stat, me)
                if target == T_SELF:
                    if hp[me] > 0:
                        self.heal(me, me, value)
                elif target == T_ALL_ALLIES:
                    base = seat * 3
                    for t in range(base, base + 3):
                        if hp[t] > 0:
                            self.heal(me, t, value)
                else:  # T_MOST_WOUNDED_ALLY: the largest missing HP, first in line order on ties
                    best, missing = -1, -1
                    for t in range(seat * 3, seat * 3 + 3):
                        if hp[t] > 0 and self.max_hp[t] - hp[t] > missing:
                            best, missing = t, self.max_hp[t] - hp[t]
                    if best >= 0:
                        self.heal(me, best, value)
            elif code == OP_DRAW:
                self.draw(seat, op[1])
            elif code == OP_DISCARD:
                self._discard_random(1 - seat, op[1])
            elif code == OP_MILL:
                self._mill(1 - seat, op[1])
            elif code == OP_REVIVE:
                self._revive(seat, op[1], source)
            else:  # pragma: no cover - compile_tables refuses unknown ops
                raise AssertionError(f"unknown op {code}")
        return damaged

    def _modify(self, op: CompiledEffect, me: int, opp: int, seat: int) -> None:
        _, stat, amount, target, duration, turns, _, _ = op
        hp = self.hp
        if target == T_SELF:
            targets: tuple[int, ...] | list[int] = (me,) if hp[me] > 0 else ()
        elif target == T_OPPONENT:
            targets = (opp,) if opp >= 0 and hp[opp] > 0 else ()
        else:
            base = seat * 3 if target == T_ALL_ALLIES else 3 - seat * 3
            targets = [t for t in range(base, base + 3) if hp[t] > 0]
        for t in targets:
            i = t * NSTATS + stat
            if duration == D_COMBAT:
                self.cmod[i] += amount
            else:
                self.mod[i] += amount
                if duration != D_PERMANENT:
                    # rules: effects "for N turns": this turn and the next N - 1.
                    self.timed.append((self.turn + turns - 1, t, stat, amount))
            if self.log is not None:
                self.log.append(
                    {
                        "event": "modify",
                        "seat": t // 3,
                        "character": self.chars[t].slug,
                        "stat": STAT_NAMES[stat],
                        "amount": amount,
                        "duration": ("combat", "permanent", f"{turns} turns")[duration],
                    }
                )

    # --- cards ----------------------------------------------------------------------------------

    def draw(self, seat: int, count: int) -> int:
        """Draw up to ``count`` cards (fewer when the pile runs out); returns how many."""
        deck = self.decks[seat]
        hand = self.hands[seat]
        n = count if count <= len(deck) else len(deck)
        drawn = [deck.pop() for _ in range(n)]
        hand.extend(drawn)
        if self.log is not None and n:
            self.log.append({"event": "draw", "seat": seat, "cards": [self.cards[k].slug for k in drawn]})
        return n

    def _discard_random(self, seat: int, count: int) -> None:
        hand = self.hands[seat]
        for _ in range(count):
            if not hand:
                return
            k = hand.pop(self.pick(hand, DISCARD, seat))
            self.discards[seat].append(k)
            if self.log is not None:
                self.log.append(
                    {"event": "discard", "seat": seat, "card": self.cards[k].slug, "forced": True}
                )

    def _mill(self, seat: int, count: int) -> None:
        deck = self.decks[seat]
        milled = [deck.pop() for _ in range(min(count, len(deck)))]
        self.discards[seat].extend(milled)
        if self.log is not None:
            self.log.append({"event": "mill", "seat": seat, "cards": [self.cards[k].slug for k in milled]})

    def _revive(self, seat: int, hp: int, source: str) -> None:
        for t in range(seat * 3, seat * 3 + 3):
            if self.hp[t] <= 0:
                self.hp[t] = min(hp, self.max_hp[t])
                if REVIVED_CHARACTER_UNTAPPED:
                    self.tapped[t] = False
                if self.log is not None:
                    self.log.append(
                        {
                            "event": "revive",
                            "seat": seat,
                            "character": self.chars[t].slug,
                            "hp": self.hp[t],
                            "source": source,
                        }
                    )
                return


def _in_guild(ch: CompiledCharacter, guild: str) -> bool:
    """A character's guild; a Courtisan (multi-guild caste) belongs to every guild, never to the
    Mercenaries (docs/rules/eredan.md §2.3)."""
    return ch.guild == guild or (ch.multi_guild and guild != MERCENARY_GUILD)
