"""The board of an Eredan game and the interpreter of compiled effects.

:class:`Board` holds the hot state of a game in flat lists of ints (six characters: seat 0 owns
indices 0–2, seat 1 owns 3–5), and knows how to read a character's stats and how to deal damage,
heal, draw…; :class:`~simulator.games.eredan.state.EredanState` adds the turn structure on top.

The meaning of each compiled record (:mod:`simulator.games.eredan.ops`) is one function here,
registered for the record's type with :func:`interprets`:

- an **op** — ``fn(board, op, me, opp, source)``: apply the effect for the character ``me`` (who
  plays or carries the card) facing ``opp`` (the enemy fighter, -1 outside a combat); ``source``
  names the card (or ``order:<slug>``…) in the log;
- a **condition clause** — ``fn(board, clause, me, opp) -> bool``;
- a **target** — ``fn(board, target, me, opp) -> characters``: the living characters it reaches,
  in line order (a ``random`` target: the candidates, one of which is drawn);
- a **duration** — ``fn(board, duration, character, stat, amount)``: put a modifier in place (and
  arrange its end).

Stats (docs/rules/eredan.md §1, §3): a character's Défense, Esprit and initiative are its printed value
plus three layers of modifiers — ``mod`` (permanent and "for N turns" modifiers, the latter taken
off when they expire), ``cmod`` (this combat only, cleared at the end of the turn) and the
conditional "while carried" modifiers of its items (``item_bonuses``, checked when read). Its
Attaque is rolled in its range each time it is needed, plus the same layers; the ends of that
range move with the combat modifiers ``AMIN`` / ``AMAX`` ("Attaque min. +1", from abilities,
Ordres and auras).

Every step has one code path, whether the event log is on or not: the log only adds events.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from cards.domain.specs import MERCENARY_GUILD
from simulator.games.eredan.chance import AMOUNT, ATTACK, DISCARD, TARGET, Chance, shuffle
from simulator.games.eredan.compiled import CompiledCard, CompiledCharacter, Tables, ally_matches
from simulator.games.eredan.ops import (
    AMAX,
    AMIN,
    ATK,
    DEF,
    K_MAGICAL,
    K_PHYSICAL,
    KIND_NAMES,
    NSTATS,
    SPI,
    STAT_NAMES,
    AllAllies,
    AllEnemies,
    AllyAlive,
    Carrying,
    Clause,
    Condition,
    DamageOp,
    DiscardOp,
    DrawOp,
    Duration,
    ForCombat,
    ForTurns,
    HealOp,
    MillOp,
    ModifyOp,
    MostWoundedAlly,
    OnTurn,
    Op,
    OpponentCarrying,
    OpponentClass,
    OpponentGuild,
    OpponentRace,
    OpponentTarget,
    OtherAllies,
    Permanent,
    PlayedBy,
    PlayedByClass,
    PlayedByGuild,
    PlayedByRace,
    RandomOtherEnemy,
    ReviveOp,
    Roll,
    SelfTarget,
    Target,
)
from simulator.games.eredan.rules import EredanRules

Event = dict[str, Any]


@dataclass(frozen=True, slots=True)
class ItemBonus:
    """A carried item's (card ``card``) conditional "while carried" modifier: ``amount`` to
    ``stat`` of ``carrier`` whenever ``when`` holds as the stat is read."""

    carrier: int
    card: int
    stat: int
    amount: int
    when: Condition


@dataclass(frozen=True, slots=True)
class Lasting:
    """A modifier a card in play (attachment ``serial``) gives: ``amount`` on ``stat`` of
    ``character`` until the card leaves play."""

    serial: int
    character: int
    stat: int
    amount: int


@dataclass(frozen=True, slots=True)
class TimedModifier:
    """A modifier "for N turns": ``amount`` on ``stat`` of ``character``, taken off at the end of
    turn ``last_turn``."""

    last_turn: int
    character: int
    stat: int
    amount: int


class Board:
    """Hot state and the effect interpreter. Attributes are public for tests and policies; only
    the engine writes them."""

    __slots__ = (
        "active",
        "base",
        "card_dest",
        "cards",
        "chance",
        "chars",
        "cmod",
        "cur_card",
        "cur_seat",
        "cur_serial",
        "dealt",
        "decks",
        "discards",
        "drawn",
        "extra_plays",
        "fighters",
        "gear",
        "hands",
        "healed",
        "hp",
        "item_bonus_mask",
        "item_bonuses",
        "item_owners",
        "item_serials",
        "items",
        "keep_untapped",
        "lasting",
        "log",
        "markers",
        "max_hp",
        "mod",
        "removed",
        "resolving",
        "rng",
        "rules",
        "score",
        "serial",
        "stay_left",
        "tables",
        "tapped",
        "timed",
        "turn",
    )

    tables: Tables
    #: The rule decisions the game is played with (docs/rules/eredan.md §3 Decisions).
    rules: EredanRules
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
    timed: list[TimedModifier]
    item_bonuses: list[ItemBonus]
    item_bonus_mask: int  # bit c set when character c has conditional item modifiers
    items: list[list[int]]  # carried card ids per character, in the order they attached
    #: Per character, the seat whose card each carried item is (an Artisan's card on an enemy is its
    #: player's), parallel to ``items``: where the card goes when it leaves play.
    item_owners: list[list[int]]
    #: Per character, parallel to ``items``: the serial number of each attachment (a card in play
    #: is one attachment; its "while attached" effects and its stay are keyed by it).
    item_serials: list[list[int]]
    serial: int  # the next attachment's serial number
    #: Combats left to the cards that stay a limited time ("Durée 2 combats"), by serial.
    stay_left: dict[int, int]
    #: The "while attached" modifiers a card in play gives characters other than its carrier (or
    #: through a trigger): undone when it leaves play.
    lasting: list[Lasting]
    #: Markers ("poudre", "corruption"…) by name: per character, how many.
    markers: dict[str, list[int]]
    removed: list[list[int]]  # per seat: its cards removed from the game
    #: The card whose effects are running (``cur_card``, of ``cur_seat``; ``cur_serial``: its
    #: attachment when it is in play, -1 otherwise) and, for a card resolving that does not stay,
    #: the pile it goes to next (``card_dest``: ``card_to`` changes it). -1 when none.
    cur_seat: int
    cur_card: int
    cur_serial: int
    card_dest: int
    #: Cards ``play_card`` / ``create`` play "after the cards of the turn": (seat, card, by).
    extra_plays: list[tuple[int, int, int]]
    #: Where the combat is: 0 outside the card step and the clash, 1 resolving the cards, 2 after
    #: the clash (the items acting).
    resolving: int
    #: Bit c set: character c, a fighter untapped during its combat, is not tapped at its end.
    keep_untapped: int
    gear: list[int]  # per character: weapon slot state (GEAR_*) + GEAR_ARMOR if it wears an armor
    hands: list[list[int]]
    decks: list[list[int]]  # top of the pile = end of the list
    discards: list[list[int]]
    drawn: list[dict[int, int]]  # per seat: card id -> copies drawn from the pile (the card metrics)
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
        if self.item_bonus_mask >> c & 1:
            opp = self.fighters[1 - c // 3]
            for bonus in self.item_bonuses:
                if bonus.carrier == c and bonus.stat == s and self.holds(bonus.when, c, opp):
                    value += bonus.amount
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

    def pick(self, options: Sequence[int], why: str, who: int) -> int:
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
        # "Attaque min. / max. +N" (combat modifiers) move the ends of the range; a minimum raised
        # to or above the maximum gives that minimum, or the maximum (the rules' decision).
        lo, hi = ch.attack_min + cmod[i + AMIN], ch.attack_max + cmod[i + AMAX]
        if lo >= hi:
            value = lo if self.rules.crossed_attack_range_gives_minimum else hi
        elif self.chance is None:  # Board.roll, inline (the clash's hottest call)
            value = lo + int(self.rng.random() * (hi - lo + 1))
        else:
            value = self.chance.roll(lo, hi, ATTACK, c)
        value += self.stat(c, ATK) if self.item_bonus_mask >> c & 1 else self.mod[i] + cmod[i]
        return value if value > 0 else 0

    def carries(self, c: int, slot: int) -> bool:
        """Whether character ``c`` carries an item of ``slot``."""
        cards = self.cards
        return any(cards[k].slot == slot for k in self.items[c])

    # --- conditions and targets ---------------------------------------------------------------

    def holds(self, cond: Condition, me: int, opp: int) -> bool:
        """Whether every clause of ``cond`` holds for an effect of character ``me`` facing ``opp``
        (the opposing fighter, -1 outside a combat: then opponent clauses fail)."""
        checks = CLAUSES
        for clause in cond:  # noqa: SIM110 - a plain loop is faster than all() on this hot path
            if not checks[type(clause)](self, clause, me, opp):
                return False
        return True

    def targets(self, target: Target, me: int, opp: int) -> Sequence[int]:
        """The living characters ``target`` reaches for an effect of ``me`` facing ``opp`` (one of
        them drawn at random for a random target)."""
        found = TARGETS[type(target)](self, target, me, opp)
        if target.random and found:
            return (found[self.pick(found, TARGET, me)],)
        return found

    # --- damage, healing ----------------------------------------------------------------------

    def wound(self, src: int, target: int, amount: int, reduction: int, kind: str) -> int:
        """docs/rules/eredan.md §3 step 3 — ``target`` loses ``amount`` minus ``reduction`` HP, at
        least 0 and at most the HP it has; ``src`` scores it (§3 End). A reduction below 0 (a
        Défense or Esprit pushed below 0) counts as 0, or adds to the damage
        (``rules.negative_reduction_adds_damage``). ``kind`` names the blow in the log (``clash``,
        or the damage kind). Returns the HP lost. The one damage step, for the clash and effects."""
        h = self.hp[target]
        rules = self.rules
        if reduction < 0 and not rules.negative_reduction_adds_damage:
            reduction = 0
        damage = amount - reduction
        if damage <= 0:
            damage = 0
        elif damage > h:
            damage = h
        self.hp[target] = h - damage
        credit = damage if rules.score_counts_actual_hp else max(0, amount - reduction)
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
                    "kind": kind,
                    "amount": amount,
                    "reduced_by": reduction,
                    "damage": damage,
                    "hp": h - damage,
                }
            )
            if h - damage == 0:
                self.log.append({"event": "death", "seat": target // 3, "character": self.chars[target].slug})
        return damage

    def hit(self, src: int, target: int, amount: int, kind: int) -> int:
        """An effect's damage of ``kind`` from ``src`` to ``target`` (alive): physical damage is
        reduced by Défense, magical damage (spells, theurgies) by Esprit, direct damage by nothing
        (docs/rules/eredan.md §3 step 3). Returns the HP actually lost."""
        if self.hp[target] <= 0:
            return 0
        if kind == K_PHYSICAL:
            reduction = self.stat(target, DEF)
        elif kind == K_MAGICAL:
            reduction = self.stat(target, SPI)
        else:
            reduction = 0
        return self.wound(src, target, amount, reduction, KIND_NAMES[kind])

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
        credit = gain if self.rules.score_counts_actual_hp else amount
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

    def amount(self, roll: Roll, me: int) -> int:
        """An effect's amount: rolled in its range, plus the stat of the character playing it."""
        value = self.roll(roll.lo, roll.hi, AMOUNT, me)
        stat = roll.stat
        if stat is not None:
            value += self.attack_roll(me) if stat == ATK else self.stat(me, stat)
        return value if value > 0 else 0

    def run_ops(self, ops: Sequence[Op], me: int, opp: int, source: str) -> bool:
        """Apply ``ops`` for character ``me`` (who plays or carries the card) facing ``opp``, each
        if its condition holds (checked as it applies). Effects target living characters only (a
        dead one can only be revived). Returns whether a damage effect applied: the Mage attack
        rule needs it."""
        damaged = False
        log = self.log
        effects = EFFECTS
        for op in ops:
            cond = op.when
            applied = cond is None or self.holds(cond, me, opp)
            if log is not None:
                log.append(
                    {
                        "event": "effect",
                        "source": source,
                        "op": op.name,
                        "index": op.index,
                        "applied": applied,
                    }
                )
            if applied:
                effects[type(op)](self, op, me, opp, source)
                if op.deals_damage:
                    damaged = True
        return damaged

    def add_modifier(self, t: int, stat: int, amount: int, duration: Duration) -> None:
        """Put ``amount`` on ``stat`` of character ``t`` for ``duration``."""
        DURATIONS[type(duration)](self, duration, t, stat, amount)
        if self.log is not None:
            self.log.append(
                {
                    "event": "modify",
                    "seat": t // 3,
                    "character": self.chars[t].slug,
                    "stat": STAT_NAMES[stat],
                    "amount": amount,
                    "duration": duration.label,
                }
            )

    # --- cards in and out of play: the turn structure (EredanState) supplies these steps -------

    def put_card(self, seat: int, k: int, dest: int) -> None:
        """``seat``'s card ``k``, out of play, goes to pile ``dest`` (ops.PILE_*)."""
        raise NotImplementedError

    def detach(self, carrier: int, i: int, dest: int, event: str) -> int:
        """The ``i``-th card ``carrier`` carries leaves play, to pile ``dest`` of its owner."""
        raise NotImplementedError

    def play_card(self, seat: int, k: int, by: int) -> None:
        """``seat``'s card ``k`` (out of any pile) is played by ``by``: after the cards of the
        turn during the card step, at once otherwise."""
        raise NotImplementedError

    def come_into_play(self, seat: int, carrier: int, k: int, after_clash: bool) -> None:
        """``seat``'s card ``k`` that stays comes into play on ``carrier`` and acts."""
        raise NotImplementedError

    def room_now(self, c: int, k: int) -> bool:
        """Whether character ``c`` has room for card ``k`` (its items and those coming to it)."""
        raise NotImplementedError

    # --- cards ----------------------------------------------------------------------------------

    def draw(self, seat: int, count: int) -> int:
        """Draw up to ``count`` cards (fewer when the pile runs out); returns how many."""
        deck = self.decks[seat]
        n = count if count <= len(deck) else len(deck)
        if not n:
            return 0
        drawn = deck[-n:][::-1]  # the top of the pile (the end of the list) first
        del deck[-n:]
        self.hands[seat].extend(drawn)
        counts = self.drawn[seat]  # for the card metrics (docs/lab.md): copies drawn per card
        for k in drawn:
            counts[k] = counts.get(k, 0) + 1
        if self.log is not None:
            self.log.append({"event": "draw", "seat": seat, "cards": [self.cards[k].slug for k in drawn]})
        return n

    def discard_random(self, seat: int, count: int) -> None:
        """``seat`` loses ``count`` random cards from hand (fewer if its hand runs out)."""
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

    def mill(self, seat: int, count: int) -> None:
        """The top ``count`` cards of ``seat``'s draw pile go to its discard pile."""
        deck = self.decks[seat]
        milled = [deck.pop() for _ in range(min(count, len(deck)))]
        self.discards[seat].extend(milled)
        if self.log is not None:
            self.log.append({"event": "mill", "seat": seat, "cards": [self.cards[k].slug for k in milled]})

    def revive(self, seat: int, hp: int, source: str) -> None:
        """docs/rules/eredan.md §3 step 3 — ``seat``'s first dead character (line order) comes
        back with ``hp`` HP, at most its maximum."""
        for t in range(seat * 3, seat * 3 + 3):
            if self.hp[t] <= 0:
                self.hp[t] = min(hp, self.max_hp[t])
                if self.rules.revived_character_untapped:
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


# --- the interpreter's functions, one per record type -------------------------------------------

EFFECTS: dict[type[Op], Callable[[Board, Any, int, int, str], None]] = {}
CLAUSES: dict[type[Clause], Callable[[Board, Any, int, int], bool]] = {}
TARGETS: dict[type[Target], Callable[[Board, Any, int, int], Sequence[int]]] = {}
DURATIONS: dict[type[Duration], Callable[[Board, Any, int, int, int], None]] = {}

F = TypeVar("F", bound=Callable[..., Any])


def interprets(record: type) -> Callable[[F], F]:
    """Register the interpreter function of a record type (an op, a clause, a target or a
    duration of :mod:`simulator.games.eredan.ops`)."""

    def register(fn: F) -> F:
        for base, table in ((Op, EFFECTS), (Clause, CLAUSES), (Target, TARGETS), (Duration, DURATIONS)):
            if issubclass(record, base):
                table[record] = fn  # type: ignore[index]
                return fn
        raise TypeError(f"{record.__name__} is not an op, clause, target or duration")

    return register


# Ops.


@interprets(ModifyOp)
def _modify(board: Board, op: ModifyOp, me: int, opp: int, source: str) -> None:
    for t in board.targets(op.target, me, opp):
        board.add_modifier(t, op.stat, op.amount, op.duration)


@interprets(DamageOp)
def _damage(board: Board, op: DamageOp, me: int, opp: int, source: str) -> None:
    if board.rules.amount_rolled_once_per_effect:  # a zone spell deals the same amount to every enemy
        value = board.amount(op.amount, me)
        for t in board.targets(op.target, me, opp):
            board.hit(me, t, value, op.kind)
    else:
        for t in board.targets(op.target, me, opp):
            board.hit(me, t, board.amount(op.amount, me), op.kind)


@interprets(HealOp)
def _heal(board: Board, op: HealOp, me: int, opp: int, source: str) -> None:
    if board.rules.amount_rolled_once_per_effect:
        value = board.amount(op.amount, me)
        for t in board.targets(op.target, me, opp):
            board.heal(me, t, value)
    else:
        for t in board.targets(op.target, me, opp):
            board.heal(me, t, board.amount(op.amount, me))


@interprets(DrawOp)
def _draw(board: Board, op: DrawOp, me: int, opp: int, source: str) -> None:
    board.draw(me // 3, op.count)


@interprets(DiscardOp)
def _discard(board: Board, op: DiscardOp, me: int, opp: int, source: str) -> None:
    board.discard_random(1 - me // 3, op.count)


@interprets(MillOp)
def _mill(board: Board, op: MillOp, me: int, opp: int, source: str) -> None:
    board.mill(1 - me // 3, op.count)


@interprets(ReviveOp)
def _revive(board: Board, op: ReviveOp, me: int, opp: int, source: str) -> None:
    board.revive(me // 3, op.hp, source)


# Targets: living characters, in line order.


@interprets(SelfTarget)
def _self(board: Board, target: SelfTarget, me: int, opp: int) -> Sequence[int]:
    return (me,) if board.hp[me] > 0 else ()


@interprets(OpponentTarget)
def _opponent(board: Board, target: OpponentTarget, me: int, opp: int) -> Sequence[int]:
    return (opp,) if opp >= 0 and board.hp[opp] > 0 else ()


@interprets(AllAllies)
def _all_allies(board: Board, target: AllAllies, me: int, opp: int) -> Sequence[int]:
    base = me // 3 * 3
    hp = board.hp
    return [t for t in range(base, base + 3) if hp[t] > 0]


@interprets(AllEnemies)
def _all_enemies(board: Board, target: AllEnemies, me: int, opp: int) -> Sequence[int]:
    base = 3 - me // 3 * 3
    hp = board.hp
    return [t for t in range(base, base + 3) if hp[t] > 0]


@interprets(RandomOtherEnemy)
def _random_other_enemy(board: Board, target: RandomOtherEnemy, me: int, opp: int) -> Sequence[int]:
    base = 3 - me // 3 * 3
    hp = board.hp
    return [t for t in range(base, base + 3) if t != opp and hp[t] > 0]


@interprets(MostWoundedAlly)
def _most_wounded_ally(board: Board, target: MostWoundedAlly, me: int, opp: int) -> Sequence[int]:
    best, missing = -1, -1
    hp, max_hp = board.hp, board.max_hp
    for t in range(me // 3 * 3, me // 3 * 3 + 3):
        if hp[t] > 0 and max_hp[t] - hp[t] > missing:
            best, missing = t, max_hp[t] - hp[t]
    return (best,) if best >= 0 else ()


@interprets(OtherAllies)
def _other_allies(board: Board, target: OtherAllies, me: int, opp: int) -> Sequence[int]:
    base = me // 3 * 3
    hp, chars = board.hp, board.chars
    return [
        t
        for t in range(base, base + 3)
        if t != me and hp[t] > 0 and ally_matches(target.allies, chars[t], board.rules)
    ]


# Durations.


@interprets(ForCombat)
def _for_combat(board: Board, duration: ForCombat, t: int, stat: int, amount: int) -> None:
    board.cmod[t * NSTATS + stat] += amount


@interprets(Permanent)
def _permanent(board: Board, duration: Permanent, t: int, stat: int, amount: int) -> None:
    # cards/domain/effects.py: "permanent" — while its source stays in play: a card in play's
    # modifier ends when it leaves (Board.cur_serial: the attachment whose effects run).
    board.mod[t * NSTATS + stat] += amount
    if board.cur_serial >= 0:
        board.lasting.append(Lasting(board.cur_serial, t, stat, amount))


@interprets(ForTurns)
def _for_turns(board: Board, duration: ForTurns, t: int, stat: int, amount: int) -> None:
    # rules: effects "for N turns": this turn and the next N - 1 (taken off by EredanState._end_turn).
    board.mod[t * NSTATS + stat] += amount
    board.timed.append(TimedModifier(board.turn + duration.turns - 1, t, stat, amount))


# Condition clauses.


def in_guild(ch: CompiledCharacter, guild: str, rules: EredanRules) -> bool:
    """A character's guild; a Courtisan (multi-guild caste, docs/rules/eredan.md §2.3) belongs to every
    guild but the Mercenaries, or to its printed guild only (``rules.courtisan_in_every_guild``)."""
    return ch.guild == guild or (
        ch.multi_guild and rules.courtisan_in_every_guild and guild != MERCENARY_GUILD
    )


def _of_race(ch: CompiledCharacter, race: str) -> bool:
    return ch.race == race or ch.race_parent == race


@interprets(OnTurn)
def _on_turn(board: Board, clause: OnTurn, me: int, opp: int) -> bool:
    return clause.turns.matches(board.turn)


@interprets(OpponentClass)
def _opponent_class(board: Board, clause: OpponentClass, me: int, opp: int) -> bool:
    return opp >= 0 and clause.class_ in board.chars[opp].classes


@interprets(OpponentRace)
def _opponent_race(board: Board, clause: OpponentRace, me: int, opp: int) -> bool:
    return opp >= 0 and _of_race(board.chars[opp], clause.race)


@interprets(OpponentGuild)
def _opponent_guild(board: Board, clause: OpponentGuild, me: int, opp: int) -> bool:
    return opp >= 0 and in_guild(board.chars[opp], clause.guild, board.rules)


@interprets(PlayedBy)
def _played_by(board: Board, clause: PlayedBy, me: int, opp: int) -> bool:
    return board.chars[me].family == clause.family


@interprets(PlayedByClass)
def _played_by_class(board: Board, clause: PlayedByClass, me: int, opp: int) -> bool:
    return clause.class_ in board.chars[me].classes


@interprets(PlayedByGuild)
def _played_by_guild(board: Board, clause: PlayedByGuild, me: int, opp: int) -> bool:
    return in_guild(board.chars[me], clause.guild, board.rules)


@interprets(PlayedByRace)
def _played_by_race(board: Board, clause: PlayedByRace, me: int, opp: int) -> bool:
    return _of_race(board.chars[me], clause.race)


@interprets(Carrying)
def _carrying(board: Board, clause: Carrying, me: int, opp: int) -> bool:
    return board.carries(me, clause.slot)


@interprets(OpponentCarrying)
def _opponent_carrying(board: Board, clause: OpponentCarrying, me: int, opp: int) -> bool:
    return opp >= 0 and board.carries(opp, clause.slot)


@interprets(AllyAlive)
def _ally_alive(board: Board, clause: AllyAlive, me: int, opp: int) -> bool:
    base = me // 3 * 3
    hp, chars = board.hp, board.chars
    return any(hp[c] > 0 and chars[c].family == clause.family for c in range(base, base + 3))
