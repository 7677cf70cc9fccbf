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
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from cards.domain.specs import MERCENARY_GUILD
from simulator.games.eredan.chance import AMOUNT, ATTACK, DISCARD, OPTION, TARGET, Chance, shuffle
from simulator.games.eredan.compiled import CompiledCard, CompiledCharacter, Tables, ally_matches
from simulator.games.eredan.ops import (
    AMAX,
    AMIN,
    ATK,
    ATK_BASE,
    COMBAT_EVENTS,
    DEF,
    DM_DEALT,
    DM_HEAL,
    DM_IMMUNE,
    DM_KIND,
    DM_TAKEN,
    DOUBLE_BONUS,
    DOUBLE_MALUS,
    EV_DAMAGED,
    EV_DEALS,
    EV_DIES,
    EV_LEAVES_PLAY,
    EV_PLAYS,
    EVENT_NAMES,
    FORBID_HEALED,
    FOREVER,
    HPM,
    IMMUNE_BY_SELF,
    K_MAGICAL,
    K_PHYSICAL,
    KIND_NAMES,
    LIMIT_TURN,
    LVL,
    NSTATS,
    PICK_FEWEST_HP,
    PICK_MOST_WOUNDED,
    PICK_RANDOM,
    RACE_PARENTS,
    SPI,
    STAT_INDEX,
    STAT_NAMES,
    Active,
    AllAllies,
    AllEnemies,
    AllyAlive,
    AllyDead,
    AllyMatches,
    AllyPresent,
    AnyOf,
    Carrying,
    CarryingMatch,
    Chained,
    CharFilter,
    Choice,
    Clause,
    Compare,
    Condition,
    Count,
    CountCards,
    CountCastes,
    CountCharacters,
    CountClasses,
    CountCommon,
    CountDamageDealt,
    CountDamageTaken,
    CountDistinct,
    CountEventDamage,
    CountGuilds,
    CountMarkers,
    CountStat,
    CountTurn,
    DamageMod,
    DamageOp,
    DiscardOp,
    DrawOp,
    Duration,
    Fighting,
    FollowedBy,
    Follows,
    ForCombat,
    ForCombats,
    ForGame,
    ForTurns,
    FoughtBefore,
    Group,
    HasKeyword,
    HasOrdre,
    HealOp,
    Lifetime,
    MillOp,
    ModifyOp,
    MostWoundedAlly,
    Not,
    OneOfOp,
    OnTurn,
    Op,
    OpponentCarrying,
    OpponentCarryingMatch,
    OpponentCaste,
    OpponentClass,
    OpponentGuild,
    OpponentIs,
    OpponentPlays,
    OpponentRace,
    OpponentShares,
    OpponentSingleClass,
    OpponentTapped,
    OpponentTarget,
    OtherAllies,
    Permanent,
    PickKey,
    PlayedBy,
    PlayedByCaste,
    PlayedByClass,
    PlayedByGuild,
    PlayedByRace,
    PlayedBySingleClass,
    Plays,
    Points,
    RandomOtherEnemy,
    ReviveOp,
    Roll,
    Scaled,
    SelfTarget,
    StatBound,
    StatSet,
    SwapOp,
    Tapped,
    Target,
    TheTarget,
    TriggerOp,
)
from simulator.games.eredan.ops import (
    DAMAGE_KINDS as DAMAGE_KIND_INDEX,
)
from simulator.games.eredan.rules import EredanRules

Event = dict[str, Any]

#: The events about damage (their bits in ``Board.listen``).
DAMAGE_EVENTS = 1 << EV_DAMAGED | 1 << EV_DEALS


@dataclass(frozen=True, slots=True)
class ItemBonus:
    """A carried item's (card ``card``) "while carried" modifier read with the stat: ``amount``
    (or the scaled ``points``, counted then) to ``stat`` of ``carrier`` whenever ``when`` holds
    as the stat is read."""

    carrier: int
    card: int
    stat: int
    amount: int
    when: Condition | None
    points: Scaled | None = None


@dataclass(frozen=True, slots=True)
class Lasting:
    """A modifier a card in play (attachment ``serial``) gives: ``amount`` on ``stat`` of
    ``character`` until the card leaves play."""

    serial: int
    character: int
    stat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Firing:
    """Effects waiting to resolve (EredanState: "Triggers"): ``ops`` of ``holder`` (facing its
    opponent when they resolve), named ``source`` in the log; ``subject``: the character the
    event is about (the target ``event``); ``choices``: the targets and ``one_of`` options its
    player chooses before they resolve."""

    ops: tuple[Op, ...]
    holder: int
    source: str
    subject: int = -1
    choices: tuple[Choice, ...] = ()
    #: The card it comes from, when a card's (its player's seat, its attachment while in play):
    #: what "this card" means to its effects (``card_to``; a "permanent" modifier it gives).
    card: int = -1
    seat: int = -1
    serial: int = -1
    #: The HP the damage that set it off took (a trigger on damage; else 0): ``event_damage``.
    amount: int = 0
    #: The trigger it is a firing of (its source key, the trigger), or None (an Ordre's effects):
    #: while it resolves, that trigger does not hear the damage it deals.
    trigger: tuple[Any, ...] | None = None


@dataclass(frozen=True, slots=True)
class Restriction:
    """A ``forbid`` on ``character``: it may not play (ops.FORBID_PLAY) or chain (FORBID_CHAIN) the
    cards of ``mask``, or attack (FORBID_ATTACK). It lasts like a modifier: until the end of turn
    ``last_turn`` (-1: no such limit), until the character's count of combats reaches
    ``until_fought`` (-1: no such limit), while the card in play ``serial`` stays (-1: not tied to
    one); with none of the three, the rest of the game."""

    character: int
    what: int
    mask: int
    last_turn: int = -1
    until_fought: int = -1
    serial: int = -1

    def expired(self, board: Board) -> bool:
        """Whether it ends at the end of the current turn."""
        if self.until_fought >= 0:
            return board.fought[self.character] >= self.until_fought
        return 0 <= self.last_turn <= board.turn


@dataclass(frozen=True, slots=True)
class DrawMod:
    """A ``draw_phase`` on ``seat``'s coming draw phases: ``amount`` cards more (fewer; None: no
    card at all), for ``phases`` more of them (-1: every one — while the card in play ``serial``
    stays, when it is one)."""

    seat: int
    amount: int | None
    phases: int
    serial: int = -1


@dataclass(frozen=True, slots=True)
class TimedModifier:
    """A modifier for a while: ``amount`` on ``stat`` of ``character``, taken off at the end of
    turn ``last_turn`` ("for N turns" of the game), or — ``until_fought`` ≥ 0 — at the end of the
    turn in which the character's count of combats (``Board.fought``) reaches it ("N combats",
    and "N turns" counted as the character's: ``EredanRules.turns_count_the_characters_combats``)."""

    last_turn: int
    character: int
    stat: int
    amount: int
    until_fought: int = -1

    def expired(self, board: Board) -> bool:
        """Whether it ends at the end of the current turn."""
        if self.until_fought >= 0:
            return board.fought[self.character] >= self.until_fought
        return self.last_turn <= board.turn


class Board:
    """Hot state and the effect interpreter. Attributes are public for tests and policies; only
    the engine writes them."""

    __slots__ = (
        "active",
        "base",
        "bound_mask",
        "bounds",
        "card_dest",
        "cards",
        "chain_lost",
        "chance",
        "chars",
        "cmod",
        "cneg",
        "count_target",
        "counters",
        "cur_card",
        "cur_seat",
        "cur_serial",
        "dealt",
        "dealt_at_turn",
        "decks",
        "discards",
        "dmod_mask",
        "dmods",
        "draw_mods",
        "drawn",
        "event_amount",
        "event_char",
        "extra_attacks",
        "extra_played",
        "extra_plays",
        "fighters",
        "fired",
        "fought",
        "gear",
        "granted",
        "hands",
        "healed",
        "hp",
        "immune_mask",
        "item_bonus_mask",
        "item_bonuses",
        "item_modes",
        "item_owners",
        "item_serials",
        "items",
        "keep_untapped",
        "lasting",
        "listen",
        "log",
        "markers",
        "max_hp",
        "met",
        "mneg",
        "mod",
        "next_picks",
        "picks",
        "play_mask",
        "played",
        "queue",
        "removed",
        "resolving",
        "restrictions",
        "rng",
        "rules",
        "running",
        "score",
        "serial",
        "set_mask",
        "sets",
        "source_slot",
        "stay_left",
        "stay_until",
        "tables",
        "taken",
        "tapped",
        "timed",
        "trait_grants",
        "turn",
        "turn_choices",
        "turn_plays",
        "turn_skip",
        "turn_triggers",
    )

    tables: Tables
    #: The rule decisions the game is played with (docs/rules/eredan.md §3 Decisions).
    rules: EredanRules
    cards: tuple[CompiledCard, ...]
    chars: tuple[CompiledCharacter, ...]
    #: Per character, the cards it may play (Tables.play_mask; changed with its traits).
    play_mask: tuple[int, ...]
    #: The ``traits`` ops holding (traitops.TraitGrant; a list replaced, never changed in place).
    trait_grants: list[Any]
    rng: random.Random
    #: Where chance outcomes come from: ``None`` — the seeded ``rng``, inline (the default); or a
    #: :class:`~simulator.games.eredan.chance.Chance` (a record being written or replayed).
    chance: Chance | None
    turn: int
    active: int
    hp: list[int]
    #: Per character: its maximum HP — printed HP plus its ``hp_max`` modifiers (at least 1), kept
    #: up to date by :meth:`refresh_max_hp`.
    max_hp: list[int]
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
    #: The cards in play that came with a play variant (CompiledCard.modes), by serial: as they came.
    item_modes: dict[int, CompiledCard]
    #: Combats left to the cards that stay a limited time ("Durée 2 combats"), by serial.
    stay_left: dict[int, int]
    #: The last turn of the cards that stay "N tours" counted in the game's turns
    #: (``turns_count_the_characters_combats`` false), by serial.
    stay_until: dict[int, int]
    #: The "while attached" modifiers a card in play gives characters other than its carrier (or
    #: through a trigger): undone when it leaves play.
    lasting: list[Lasting]
    removed: list[list[int]]  # per seat: its cards removed from the game
    #: The card whose effects are running (``cur_card``, of ``cur_seat``; ``cur_serial``: its
    #: attachment when it is in play, -1 otherwise) and, for a card resolving that does not stay,
    #: the pile it goes to next (``card_dest``: ``card_to`` changes it). -1 when none.
    cur_seat: int
    cur_card: int
    cur_serial: int
    card_dest: int
    #: Cards ``play_card`` / ``create`` play "after the cards of the turn": (seat, card, by, now).
    extra_plays: list[tuple[int, int, int, bool]]
    #: How many of them were played this turn (at most ``MAX_EXTRA_PLAYS``).
    extra_played: int
    #: Where the combat is: 0 outside the combat's steps, 3 the choice step (Ordres, abilities, "en
    #: début de combat"), 1 resolving the cards, 2 after the clash (the items acting).
    resolving: int
    #: Bit c set: character c, a fighter untapped during its combat, is not tapped at its end.
    keep_untapped: int
    #: What characters may not do for a while (``forbid``): play or chain some cards, attack.
    restrictions: list[Restriction]
    #: The cards to be stopped (``counter``): the next one of ``mask`` a character of ``chars``
    #: plays (bits), going to its owner's pile ``dest``.
    counters: list[tuple[int, int, int]]
    #: Per seat: its first card of the turn was stopped, so its second (played through the first's
    #: Enchaînement) goes back to its hand.
    chain_lost: list[bool]
    #: Changes to coming draw phases (``draw_phase``).
    draw_mods: list[DrawMod]
    #: Turns the counter moves on when this turn ends (``advance_turns``), beside the one it always does.
    turn_skip: int
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
    #: The picks of the resolution in progress (a card, a trigger's firing): target -> the
    #: character picked (docs: "a pick is made once per resolution"); ``None`` before the first.
    picks: dict[PickKey, int] | None
    fought: list[int]  # per character: the combats it has fought (its clashes), for durations
    #: Per character, bit ``o`` set: it has fought character ``o`` in a combat of an earlier turn.
    met: list[int]
    #: Per seat: the cards of this turn, in the order played (known once both players' cards are
    #: revealed; empty before): what the ``plays``/``follows``… conditions read.
    turn_plays: list[list[int]]
    #: The slot (0, 1) among its player's cards of the card whose effects are applying; -1 when
    #: the effects are not a card's of this turn (abilities, Ordres, triggers, …).
    source_slot: int
    #: Markers ("poudre", "corruption"…) by name: per character, how many.
    markers: dict[str, list[int]]
    dealt_at_turn: list[int]  # ``dealt`` at the start of the turn (the damage dealt this turn)
    played: list[dict[int, int]]  # per seat: card id -> times played
    #: The events some source of this game listens to (bits ``1 << EV_*``, Tables.trigger_events):
    #: an event nobody listens to costs one test.
    listen: int
    #: Triggered effects waiting to resolve, in the order their events happened (EredanState drains
    #: the queue once the step they happened in is over).
    queue: list[Firing]
    #: The character the event of the firing in progress is about (the target ``event``), or -1.
    event_char: int
    #: The HP the damage that set off the firing resolving now took (``event_damage``; else 0).
    event_amount: int
    #: The trigger whose firing is resolving now (Firing.trigger), or None: a trigger on damage
    #: does not fire on the damage its own effects deal (docs/eredan-engine.md "Triggers").
    running: tuple[Any, ...] | None
    #: Triggers with a limit that fired: (source key, trigger) -> (the turn it last fired in, how
    #: many times in that turn — or in the game, for a limit per game).
    fired: dict[tuple[Any, ...], tuple[int, int]]
    #: Triggers of cards that do not stay and of Ordres, for the rest of the turn they acted in:
    #: (trigger, holder, source name, the card and its player's seat — -1 for an Ordre).
    turn_triggers: list[tuple[TriggerOp, int, str, int, int]]
    #: Per seat, per slot: the choices made with each card of the turn (``Play.choice``).
    turn_choices: list[list[int]]
    #: The choices made with the card about to resolve (its ``Play``): the next run_ops takes them.
    next_picks: dict[PickKey, int] | None
    #: Damage and healing bonuses, immunities (``damage_taken``, ``damage_dealt``, ``heal_dealt``,
    #: ``immune``, and the standing abilities that say so); ``dmod_mask``: bit c set when character c
    #: has one (a game without them tests one int per damage); ``immune_mask``: those immune to
    #: some cards' effects (Board.targets leaves them out).
    dmods: list[DamageMod]
    dmod_mask: int
    immune_mask: int
    #: Stats set to a value (``set``): ``set_mask`` bit c when character c has one.
    sets: list[StatSet]
    set_mask: int
    #: Stats whose maluses / bonuses count only so far (``bound``): ``bound_mask`` bit c when
    #: character c has one. ``mneg`` / ``cneg``: the negative part of ``mod`` / ``cmod`` (the sum of
    #: the negative modifiers), kept only when the decks hold a ``bound`` (Tables.bounds; else None).
    bounds: list[StatBound]
    bound_mask: int
    mneg: list[int] | None
    cneg: list[int] | None
    #: Attacks more in this turn's clash (``extra_attack``): (attacker, target, value, kind).
    extra_attacks: list[tuple[int, int, int, int]]
    #: The character an effect is applying to, for an amount counted for it (``"target"``), or -1.
    count_target: int
    #: Bit c set: character c got an Ordre's bonus this turn from ``grant_order``.
    granted: int
    #: Per character, the HP lost to damage this turn (kept only when the decks count it:
    #: Tables.damage_taken_count; else ``None``).
    taken: list[int] | None

    # --- reading stats ----------------------------------------------------------------------

    def stat(self, c: int, s: int) -> int:
        """Character ``c``'s current value of stat ``s`` (for ATK: its modifiers only)."""
        i = c * NSTATS + s
        value = self.base[i] + self.mod[i] + self.cmod[i]
        if self.item_bonus_mask >> c & 1:
            opp = self.fighters[1 - c // 3]
            for bonus in self.item_bonuses:
                if (
                    bonus.carrier == c
                    and bonus.stat == s
                    and (bonus.when is None or self.holds(bonus.when, c, opp))
                ):
                    value += bonus.amount if bonus.points is None else self.scaled(bonus.points, c, opp)
        if self.set_mask >> c & 1:
            fixed = self.set_of(c, s)
            if fixed is not None:
                value = fixed.lo + self._outlasting(c, s, fixed.level, value)
                if self.bound_mask >> c & 1:  # a set held in the bounds around the printed value
                    return self.base[i] + self._bounded(c, s, value - self.base[i], True)
                return value
        if self.bound_mask >> c & 1:
            return self.base[i] + self._bounded(c, s, value - self.base[i])
        return value

    def _bounded(self, c: int, s: int, mods: int, whole: bool = False) -> int:
        """The modifiers ``mods`` of stat ``s`` of character ``c`` (their sum) as its ``double``s
        and ``bound``s let them count: doubled (those of the signs doubled), then the maluses at
        most ``below`` in total, the bonuses at most ``above`` (cards/domain/effects.py ``bound``,
        ``double``); ``whole``: ``mods`` is a set value's distance from the printed one, held in
        the same bounds (nothing to double)."""
        below = above = -1
        double = 0
        for b in self.bounds:
            if b.character == c and b.stat == s:
                double |= b.double
                if b.below >= 0 and (below < 0 or b.below < below):
                    below = b.below
                if b.above >= 0 and (above < 0 or b.above < above):
                    above = b.above
        if whole:
            if below < 0 and above < 0:
                return mods
            neg, pos = min(mods, 0), max(mods, 0)
        else:
            if below < 0 and above < 0 and double in (0, DOUBLE_BONUS | DOUBLE_MALUS):
                return mods * 2 if double else mods  # no need of the signs
            neg = self.negative_mods(c, s)
            pos = mods - neg
            if double & DOUBLE_BONUS:  # ``double``: those modifiers count twice
                pos *= 2
            if double & DOUBLE_MALUS:
                neg *= 2
        if below >= 0 and neg < -below:
            neg = -below
        if above >= 0 and pos > above:
            pos = above
        return neg + pos

    def negative_mods(self, c: int, s: int) -> int:
        """The sum of the negative modifiers of stat ``s`` of character ``c`` (kept only when the
        decks hold a ``bound`` or a ``double``: Tables.bounds; else 0)."""
        i = c * NSTATS + s
        neg = (self.mneg[i] if self.mneg is not None else 0) + (self.cneg[i] if self.cneg is not None else 0)
        if self.item_bonus_mask >> c & 1:  # the conditional items' bonuses, by sign
            opp = self.fighters[1 - c // 3]
            for bonus in self.item_bonuses:
                if (
                    bonus.carrier == c
                    and bonus.stat == s
                    and (bonus.when is None or self.holds(bonus.when, c, opp))
                ):
                    amount = bonus.amount if bonus.points is None else self.scaled(bonus.points, c, opp)
                    if amount < 0:
                        neg += amount
        return neg

    def set_of(self, c: int, s: int) -> StatSet | None:
        """The latest ``set`` in force on stat ``s`` of character ``c``."""
        found = None
        for fixed in self.sets:
            if fixed.character == c and fixed.stat == s:
                found = fixed
        return found

    def _outlasting(self, c: int, s: int, level: int, value: int) -> int:
        """The modifiers of stat ``s`` of ``c`` that last longer than a set of ``level`` (``value``:
        the stat with all of them): what still counts beside the set value."""
        i = c * NSTATS + s
        if level >= 2:
            return 0
        longer = value - self.base[i] - self.cmod[i]  # the lasting layer and the items' bonuses
        if level == 1:
            longer -= sum(t.amount for t in self.timed if t.character == c and t.stat == s)
        return longer

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
        if self.set_mask >> c & 1 and self.set_of(c, ATK) is not None:
            return self._set_attack_roll(c)
        ch = self.chars[c]
        i = c * NSTATS
        cmod = self.cmod
        # "Attaque min. / max. +N" (combat modifiers) move the ends of the range; a minimum raised
        # to or above the maximum gives that minimum, or the maximum (the rules' decision).
        mod = self.mod
        lo = ch.attack_min + cmod[i + AMIN] + mod[i + AMIN]
        hi = ch.attack_max + cmod[i + AMAX] + mod[i + AMAX]
        if self.bound_mask >> c & 1:
            lo, hi = self.attack_range(c)
        if lo >= hi:
            value = lo if self.rules.crossed_attack_range_gives_minimum else hi
        elif self.chance is None:  # Board.roll, inline (the clash's hottest call)
            value = lo + int(self.rng.random() * (hi - lo + 1))
        else:
            value = self.chance.roll(lo, hi, ATTACK, c)
        value += self.stat(c, ATK) if (self.item_bonus_mask | self.bound_mask) >> c & 1 else mod[i] + cmod[i]
        return value if value > 0 else 0

    def attack_range(self, c: int) -> tuple[int, int]:
        """Character ``c``'s Attaque range now, its range modifiers included."""
        ch = self.chars[c]
        i = c * NSTATS
        lo_mods = self.cmod[i + AMIN] + self.mod[i + AMIN]
        hi_mods = self.cmod[i + AMAX] + self.mod[i + AMAX]
        if self.bound_mask >> c & 1:
            lo_mods, hi_mods = self._bounded(c, AMIN, lo_mods), self._bounded(c, AMAX, hi_mods)
        return ch.attack_min + lo_mods, ch.attack_max + hi_mods

    def _set_attack_roll(self, c: int) -> int:
        """The Attaque of a character whose Attaque is set ("Attaque = 7/9"): rolled in the set
        range, plus the modifiers that outlast the set."""
        fixed = self.set_of(c, ATK)
        assert fixed is not None
        i = c * NSTATS
        whole = self.mod[i] + self.cmod[i]
        if self.item_bonus_mask >> c & 1:
            whole = self.stat_without_set(c, ATK)
        if fixed.lo >= fixed.hi:
            value = fixed.lo
        elif self.chance is None:
            value = fixed.lo + int(self.rng.random() * (fixed.hi - fixed.lo + 1))
        else:
            value = self.chance.roll(fixed.lo, fixed.hi, ATTACK, c)
        value += self._outlasting(c, ATK, fixed.level, whole)
        return value if value > 0 else 0

    def stat_without_set(self, c: int, s: int) -> int:
        mask = self.set_mask
        self.set_mask = mask & ~(1 << c)
        try:
            return self.stat(c, s)
        finally:
            self.set_mask = mask

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
        if self.immune_mask and self.cur_card >= 0 and found:
            # "Insensible aux effets des X": a character immune to this card's effects is not reached.
            k = self.cur_card
            found = [t for t in found if not self.immune_to_card(t, k)]
        if target.random and found:
            # A pick is made once per resolution (cards/domain/effects.py, "Target").
            picks = self.picks
            if picks is None:
                picks = self.picks = {}
            chosen = picks.get(target)
            if chosen is None:
                chosen = picks[target] = found[self.pick(found, TARGET, me)]
            return (chosen,) if chosen in found else ()
        return found

    # --- damage, healing ----------------------------------------------------------------------

    def wound(self, src: int, target: int, amount: int, reduction: int, kind: str, element: int = 0) -> int:
        """docs/rules/eredan.md §3 step 3 — ``target`` loses ``amount`` minus ``reduction`` HP, at
        least 0 and at most the HP it has; ``src`` scores it (§3 End). A reduction below 0 (a
        Défense or Esprit pushed below 0) counts as 0, or adds to the damage
        (``rules.negative_reduction_adds_damage``). ``kind`` names the blow in the log (``clash``,
        or the damage kind); ``element``: its element (ELEMENT_BIT bits, 0: none). Returns the HP
        lost. The one damage step, for the clash and effects."""
        h = self.hp[target]
        rules = self.rules
        if reduction < 0 and not rules.negative_reduction_adds_damage:
            reduction = 0
        taken = 0
        if self.dmod_mask and (self.dmod_mask >> src & 1 or self.dmod_mask >> target & 1):
            changed = self.damage_mods(src, target, amount, kind, element)
            if changed is None:  # immune: no damage at all
                if self.log is not None:
                    self.log.append(
                        {
                            "event": "immune",
                            "seat": target // 3,
                            "target": self.chars[target].slug,
                            "kind": kind,
                        }
                    )
                return 0
            amount, taken = changed
        damage = amount - reduction + taken
        if damage <= 0:
            damage = 0
        elif damage > h:
            damage = h
        self.hp[target] = h - damage
        if self.taken is not None:
            self.taken[target] += damage
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
        if self.listen and damage:
            listen = self.listen
            if listen & DAMAGE_EVENTS:
                # the kind's bit, and the element's bits above the kinds' (TriggerOp.elements)
                bit = 1 << (K_PHYSICAL if kind == "clash" else DAMAGE_KIND_INDEX[kind]) | element << 3
                if listen & 1 << EV_DAMAGED:
                    self.fire(EV_DAMAGED, target, src, kind=bit, amount=damage)
                if listen & 1 << EV_DEALS:
                    self.fire(EV_DEALS, src, target, kind=bit, amount=damage)
            if h - damage == 0 and listen & 1 << EV_DIES:
                self.fire(EV_DIES, target)
        return damage

    def hit(self, src: int, target: int, amount: int, kind: int, element: int = 0) -> int:
        """An effect's damage of ``kind`` from ``src`` to ``target`` (alive): physical damage is
        reduced by Défense, magical damage (spells, theurgies) by Esprit, direct damage by nothing
        (docs/rules/eredan.md §3 step 3); of ``element`` (bits, 0: none). Returns the HP actually
        lost."""
        if self.hp[target] <= 0:
            return 0
        if kind == K_PHYSICAL:
            reduction = self.stat(target, DEF)
        elif kind == K_MAGICAL:
            reduction = self.stat(target, SPI)
        else:
            reduction = 0
        return self.wound(src, target, amount, reduction, KIND_NAMES[kind], element)

    def heal(self, src: int, target: int, amount: int) -> int:
        """Heal ``target`` (alive) by ``amount``, never above its maximum HP; returns HP restored.
        A character forbidden to be healed (``forbid`` healed) gains nothing."""
        h = self.hp[target]
        if h <= 0:
            return 0
        if self.restrictions and any(
            r.character == target and r.what == FORBID_HEALED for r in self.restrictions
        ):
            return 0
        if self.dmod_mask >> src & 1:
            amount += self.heal_bonus(src)
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

    def amount(self, roll: Points, me: int, opp: int = -1) -> int:
        """An effect's amount: rolled in its range, plus the stat of the character playing it; or
        a scaled amount (at least 0)."""
        if roll.__class__ is not Roll:
            value = self.scaled(roll, me, opp)  # type: ignore[arg-type]
            return value if value > 0 else 0
        value = self.roll(roll.lo, roll.hi, AMOUNT, me)
        stat = roll.stat
        if stat is not None:
            value += self.stat_roll(me, stat)
        return value if value > 0 else 0

    def modifier(self, points: Points, me: int, opp: int) -> int:
        """A modifier's amount (rolled, stat-based or scaled): may be below 0."""
        if points.__class__ is Roll:
            value = self.roll(points.lo, points.hi, AMOUNT, me)
            stat = points.stat
            if stat is not None:
                value += self.stat_roll(me, stat)
            return value
        return self.scaled(points, me, opp)  # type: ignore[arg-type]

    def stat_roll(self, me: int, stat: int) -> int:
        """The stat an amount adds (a Roll's ``stat``): the current one, a fresh roll of the
        Attaque (ATK), or of the printed Attaque range without modifiers (ATK_BASE)."""
        if stat == ATK:
            return self.attack_roll(me)
        if stat == ATK_BASE:
            ch = self.chars[me]
            return self.roll(ch.attack_min, ch.attack_max, ATTACK, me)
        return self.stat(me, stat)

    def scaled(self, amount: Scaled, me: int, opp: int) -> int:
        """``plus + each × round(count / div)``, clamped (cards/domain/effects.py, "Amount")."""
        count = self.count(amount.count, me, opp)
        if amount.div != 1:
            count = -(-count // amount.div) if amount.round_up else count // amount.div
        value = amount.plus + amount.each * count
        for term in amount.more:  # "votre Esprit +2 par personnage mort": the terms added
            n = self.count(term.count, me, opp)
            if term.div != 1:
                n = -(-n // term.div) if term.round_up else n // term.div
            value += term.each * n
        if amount.lo is not None and value < amount.lo:
            value = amount.lo
        if amount.hi is not None and value > amount.hi:
            value = amount.hi
        return value

    def count(self, count: Count, me: int, opp: int) -> int:
        """What ``count`` counts now, for the holder ``me`` facing ``opp``."""
        return COUNTS[type(count)](self, count, me, opp)

    def refresh_max_hp(self, c: int) -> None:
        """Character ``c``'s maximum HP after its ``hp_max`` modifiers changed: printed HP plus
        them, at least 1; its HP never above it (cards/domain/effects.py, ``modify``)."""
        i = c * NSTATS + HPM
        top = self.chars[c].hp + self.mod[i] + self.cmod[i]
        if top < 1:
            top = 1
        self.max_hp[c] = top
        if self.hp[c] > top:
            self.hp[c] = top

    def run_ops(
        self, ops: Sequence[Op], me: int, opp: int, source: str, picks: dict[PickKey, int] | None = None
    ) -> bool:
        """Apply ``ops`` for character ``me`` (who plays or carries the card) facing ``opp``, each
        if its condition holds (checked as it applies). Effects target living characters only (a
        dead one can only be revived). ``picks``: the picks already made for this resolution (a
        player's choices). Returns whether a damage effect applied: the Mage attack rule needs
        it."""
        damaged = False
        log = self.log
        effects = EFFECTS
        if picks is None and self.next_picks is not None:  # the choices made with the card resolving
            picks = self.next_picks
            self.next_picks = None
        self.picks = picks
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
        if stat == HPM:
            self.refresh_max_hp(t)
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

    def move_attachment(self, carrier: int, i: int, target: int) -> bool:
        """The ``i``-th card ``carrier`` carries is attached to ``target`` instead (``attach``)."""
        raise NotImplementedError

    def detach(self, carrier: int, i: int, dest: int, event: str, seat: int = -1) -> int:
        """The ``i``-th card ``carrier`` carries leaves play, to pile ``dest`` of its owner."""
        raise NotImplementedError

    def play_card(self, seat: int, k: int, by: int, now: bool = False) -> None:
        """``seat``'s card ``k`` (out of any pile) is played by ``by``: after the cards of the
        turn during the card step, at once otherwise; ``now``: it acts as soon as it is played,
        even a card that acts after the combat."""
        raise NotImplementedError

    def come_into_play(self, seat: int, carrier: int, k: int, after_clash: bool) -> None:
        """``seat``'s card ``k`` that stays comes into play on ``carrier`` and acts."""
        raise NotImplementedError

    def room_now(self, c: int, k: int) -> bool:
        """Whether character ``c`` has room for card ``k`` (its items and those coming to it)."""
        raise NotImplementedError

    # --- damage and healing bonuses, immunities -------------------------------------------------

    def _mod_value(self, dm: DamageMod) -> int | None:
        """A bonus's amount now, or ``None`` when it does not hold (its owner dead, its condition)."""
        c = dm.character
        life = dm.life
        if life.owner >= 0 and self.hp[life.owner] <= 0:
            return None
        opp = self.fighters[1 - c // 3]
        if dm.when is not None and not self.holds(dm.when, c, opp):
            return None
        return dm.amount if dm.points is None else self.scaled(dm.points, c, opp)

    def damage_mods(
        self, src: int, target: int, amount: int, kind: str, element: int = 0
    ) -> tuple[int, int] | None:
        """The damage ``src`` deals ``target`` with their bonuses (cards/domain/effects.py
        ``damage_dealt``: added before the reduction, ``damage_taken``: after it), or ``None`` when
        ``target`` is immune (``immune``). The card dealing it is ``cur_card`` (-1: the clash);
        ``element`` its element bits (a bonus or an immunity naming elements: only those)."""
        bit = 1 << (K_PHYSICAL if kind == "clash" else DAMAGE_KIND_INDEX[kind])
        k = self.cur_card
        taken = 0
        for dm in self.dmods:
            c = dm.character
            if c != target and c != src:
                continue
            what = dm.what
            if dm.kinds and not dm.kinds & bit and (what != DM_IMMUNE or not dm.mask):
                continue
            if dm.elements and not dm.elements & element:
                continue  # a bonus or an immunity about damage of some elements only
            if what == DM_IMMUNE:
                if c != target:
                    continue
                if dm.by:  # the damage of its player's cards / of those it plays or carries only
                    if (
                        k < 0
                        or self.cur_seat != target // 3
                        or (dm.by == IMMUNE_BY_SELF and src != target)
                        or (dm.by_mask != -1 and not dm.by_mask >> k & 1)
                    ):
                        continue
                    if self._mod_value(dm) is not None:
                        return None
                    continue
                hit_kind = (dm.kinds or dm.elements) and (not dm.kinds or dm.kinds & bit)
                hit_card = dm.mask and k >= 0 and dm.mask >> k & 1
                if (hit_kind or hit_card) and self._mod_value(dm) is not None:
                    return None
                continue
            if dm.mask != -1 and (k < 0 or not dm.mask >> k & 1):
                continue  # a bonus on some cards' damage only
            if what == DM_DEALT and c == src:
                value = self._mod_value(dm)
                if value is not None:
                    amount += value
            elif what == DM_TAKEN and c == target:
                value = self._mod_value(dm)
                if value is not None:
                    taken += value
        return (amount if amount > 0 else 0), taken

    def clash_kind(self, c: int) -> int:
        """The damage kind of character ``c``'s clash attack: physical, unless an ``attack_kind``
        says otherwise (the latest in force)."""
        kind = K_PHYSICAL
        if self.dmod_mask >> c & 1:
            for dm in self.dmods:
                if dm.what == DM_KIND and dm.character == c and self._mod_value(dm) is not None:
                    kind = dm.amount
        return kind

    def heal_bonus(self, src: int) -> int:
        """What ``heal_dealt`` bonuses add to a heal ``src`` gives (``cur_card``: the card healing)."""
        k = self.cur_card
        total = 0
        for dm in self.dmods:
            if (
                dm.what == DM_HEAL
                and dm.character == src
                and (dm.mask == -1 or (k >= 0 and dm.mask >> k & 1))
            ):
                value = self._mod_value(dm)
                if value is not None:
                    total += value
        return total

    def immune_to_card(self, c: int, k: int) -> bool:
        """Whether character ``c`` is unaffected by the effects of card ``k`` (``immune`` cards)."""
        if not self.immune_mask >> c & 1:
            return False
        return any(
            dm.what == DM_IMMUNE
            and dm.character == c
            and dm.mask >> k & 1
            and self._mod_value(dm) is not None
            for dm in self.dmods
        )

    def add_damage_mod(self, dm: DamageMod) -> None:
        self.dmods.append(dm)
        self._refresh_dmod_masks()

    def _refresh_dmod_masks(self) -> None:
        mask = immune = 0
        for dm in self.dmods:
            mask |= 1 << dm.character
            if dm.what == DM_IMMUNE and dm.mask:
                immune |= 1 << dm.character
        self.dmod_mask, self.immune_mask = mask, immune

    def add_bound(self, bound: StatBound) -> None:
        self.bounds.append(bound)
        self.bound_mask |= 1 << bound.character

    def add_set(self, fixed: StatSet) -> None:
        self.sets.append(fixed)
        self.set_mask |= 1 << fixed.character

    def end_lifetimes(self, *, serial: int = -1) -> None:
        """The damage bonuses, immunities and set stats that end now: at the end of a turn (their
        turns or combats are over), or — ``serial`` given — those of a card leaving play."""
        if self.dmods:
            if serial >= 0:
                keep = [dm for dm in self.dmods if dm.life.serial != serial]
            else:
                keep = [dm for dm in self.dmods if not dm.life.expired(self, dm.character)]
            if len(keep) != len(self.dmods):
                self.dmods = keep
                self._refresh_dmod_masks()
        if self.sets:
            if serial >= 0:
                kept = [f for f in self.sets if f.life.serial != serial]
            else:
                kept = [f for f in self.sets if not f.life.expired(self, f.character)]
            if len(kept) != len(self.sets):
                self.sets = kept
                mask = 0
                for fixed in kept:
                    mask |= 1 << fixed.character
                self.set_mask = mask
        if self.bounds:
            if serial >= 0:
                held = [b for b in self.bounds if b.life.serial != serial]
            else:
                held = [b for b in self.bounds if not b.life.expired(self, b.character)]
            if len(held) != len(self.bounds):
                self.bounds = held
                mask = 0
                for b in held:
                    mask |= 1 << b.character
                self.bound_mask = mask

    def lifetime(self, t: int, duration: Duration) -> Lifetime:
        """How long a state given to character ``t`` for ``duration`` lasts (as a modifier would:
        the durations below; "permanent" while the card in play whose effect it is stays)."""
        if isinstance(duration, ForCombat):
            return Lifetime(last_turn=self.turn)
        if isinstance(duration, ForCombats):
            return Lifetime(until_fought=self.fought[t] + duration.combats)
        if isinstance(duration, ForTurns):
            if self.rules.turns_count_the_characters_combats:
                return Lifetime(until_fought=self.fought[t] + duration.turns)
            return Lifetime(last_turn=self.turn + duration.turns - 1)
        if isinstance(duration, Permanent) and self.cur_serial >= 0:
            return Lifetime(serial=self.cur_serial)
        return FOREVER

    # --- triggers ------------------------------------------------------------------------------

    def fire(
        self,
        event: int,
        subject: int = -1,
        other: int = -1,
        *,
        card: int = -1,
        kind: int = 0,
        amount: int = 0,
    ) -> None:
        """``event`` (``EV_*``) happens: every trigger in play that it sets off is queued (its
        condition checked now), in a fixed order — the active player's sources first, a side's
        abilities in line order, then its carried cards, then the triggers of the turn.
        ``subject``: who played the card (``plays``, ``card``), died, took the damage
        (``damaged``: ``other`` dealt it), or dealt it (``deals``: to ``other``); ``kind``: the
        damage's kind bit (the clash is physical); ``amount``: the HP the damage took."""
        if not self.listen >> event & 1:
            return
        chars, cards = self.chars, self.cards
        tables = self.tables
        heard = tables.ability_triggers[event]
        carried = tables.carried_trigger_events >> event & 1
        for seat in (self.active, 1 - self.active):
            for c, triggers in heard[seat]:
                source = chars[c].ability_source
                for i, trigger in triggers:
                    self._consider(trigger, c, source, ("a", c, i), subject, other, card, kind, amount)
            if not carried:
                continue
            for c in range(seat * 3, seat * 3 + 3):
                for j, k in enumerate(self.items[c]):
                    played = cards[k]
                    if played.modes and self.item_modes:  # as it came into play (its play variants)
                        played = self.item_modes.get(self.item_serials[c][j], played)
                    for i, trigger in played.triggers_on[event]:
                        serial = self.item_serials[c][j]
                        origin = (k, self.item_owners[c][j], serial)
                        key = ("c", serial, i)
                        self._consider(
                            trigger, c, cards[k].slug, key, subject, other, card, kind, amount, origin
                        )
        for i, (trigger, holder, source, k, owner) in enumerate(self.turn_triggers):
            if trigger.event == event:
                origin = (k, owner, -1)
                self._consider(trigger, holder, source, ("t", i), subject, other, card, kind, amount, origin)

    def fire_leaves_play(
        self, carrier: int, k: int, owner: int = -1, played: CompiledCard | None = None
    ) -> None:
        """Card ``k`` (of seat ``owner``; ``played``: as it came into play, if one of its modes)
        carried by ``carrier`` leaves play: its ``leaves_play`` triggers are queued."""
        if self.listen >> EV_LEAVES_PLAY & 1:
            seat = carrier // 3 if owner < 0 else owner
            for i, trigger in (played or self.cards[k]).triggers_on[EV_LEAVES_PLAY]:
                key = ("l", carrier, k, i)
                self._consider(trigger, carrier, self.cards[k].slug, key, -1, -1, -1, 0, 0, (k, seat, -1))

    def _consider(
        self,
        trigger: TriggerOp,
        holder: int,
        source: str,
        key: tuple[Any, ...],
        subject: int,
        other: int,
        card: int,
        kind: int,
        amount: int = 0,
        origin: tuple[int, int, int] = (-1, -1, -1),
    ) -> None:
        """Queue ``trigger`` of ``holder`` if the event concerns it (see :meth:`fire`); ``origin``:
        the card it comes from (its id, its player's seat, its attachment), or -1s."""
        event = trigger.event
        hp = self.hp
        if hp[holder] <= 0 and not (event == EV_DIES and subject == holder) and event != EV_LEAVES_PLAY:
            return  # a source acts while its holder lives (its own death aside)
        opp = self.fighters[1 - holder // 3]
        if event in COMBAT_EVENTS and self.fighters[holder // 3] != holder:
            return  # the events of a combat: only the holder's own
        # The card, the damage's kind and amount first: the cheapest tests (all are read only).
        if event == EV_PLAYS and not trigger.mask >> card & 1:
            return
        if trigger.kinds and not trigger.kinds & kind:
            return
        if trigger.elements and not trigger.elements & kind >> 3:
            return  # damage of some elements only (the element bits above the kinds')
        if trigger.at_least and amount < trigger.at_least:
            return  # damage of at least N HP only
        running = self.running
        if running is not None and running[1] is trigger and running[0] == key and 1 << event & DAMAGE_EVENTS:
            return  # the damage its own effects deal: not again (else a loop until a death)
        if trigger.who is not None and not in_target(self, trigger.who, subject, holder, opp):
            return
        if trigger.to is not None and not in_target(self, trigger.to, other, holder, opp):
            return
        limit = trigger.limit
        count = 0
        if limit:
            done = self.fired.get((key, trigger))
            if done is not None:
                last, count = done
                if limit == LIMIT_TURN and last != self.turn:
                    count = 0  # a new turn
                if count >= trigger.times:
                    return
        if trigger.other:
            subject = other  # its effects are about the other character of the damage
        if trigger.when is not None:
            self.event_char = subject
            holds = self.holds(trigger.when, holder, opp)
            self.event_char = -1
            if not holds:
                return
        if limit:
            self.fired[(key, trigger)] = (self.turn, count + 1)
        if self.log is not None:
            self.log.append(
                {"event": "trigger", "source": source, "on": EVENT_NAMES[event], "index": trigger.index}
            )
        self.queue.append(
            Firing(trigger.ops, holder, source, subject, trigger.choices, *origin, amount, (key, trigger))
        )

    def run_firing(self, firing: Firing, picks: dict[PickKey, int] | None) -> None:
        """Resolve a queued firing, with the choices its player made (``picks``); a card's, with
        that card as "this card" to its effects (``card_to``; what it gives while in play)."""
        holder = firing.holder
        self.event_char = firing.subject
        self.event_amount = firing.amount
        self.running = firing.trigger
        if firing.card >= 0:
            self.cur_seat, self.cur_card, self.cur_serial = firing.seat, firing.card, firing.serial
        self.run_ops(firing.ops, holder, self.fighters[1 - holder // 3], firing.source, picks)
        self.running = None
        self.cur_seat = self.cur_card = self.cur_serial = -1
        self.event_char = -1
        self.event_amount = 0

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
COUNTS: dict[type[Count], Callable[[Board, Any, int, int], int]] = {}

F = TypeVar("F", bound=Callable[..., Any])


def interprets(record: type) -> Callable[[F], F]:
    """Register the interpreter function of a record type (an op, a clause, a target, a duration
    or a count of :mod:`simulator.games.eredan.ops`)."""

    def register(fn: F) -> F:
        tables: tuple[tuple[type, dict[Any, Any]], ...] = (
            (Op, EFFECTS),
            (Clause, CLAUSES),
            (Target, TARGETS),
            (Duration, DURATIONS),
            (Count, COUNTS),
        )
        for base, table in tables:
            if issubclass(record, base):
                table[record] = fn
                return fn
        raise TypeError(f"{record.__name__} is not an op, clause, target, duration or count")

    return register


# Ops.


@interprets(ModifyOp)
def _modify(board: Board, op: ModifyOp, me: int, opp: int, source: str) -> None:
    points = op.points
    if points is None:
        for t in board.targets(op.target, me, opp):
            board.add_modifier(t, op.stat, op.amount, op.duration)
    elif _per_target(points):
        for t in board.targets(op.target, me, opp):
            board.count_target = t
            amount = board.modifier(points, me, opp)
            board.count_target = -1
            board.add_modifier(t, op.stat, amount, op.duration)
    elif board.rules.amount_rolled_once_per_effect or points.__class__ is not Roll:
        targets = board.targets(op.target, me, opp)
        if targets:
            amount = board.modifier(points, me, opp)
            for t in targets:
                board.add_modifier(t, op.stat, amount, op.duration)
    else:
        for t in board.targets(op.target, me, opp):
            board.add_modifier(t, op.stat, board.modifier(points, me, opp), op.duration)


@interprets(SwapOp)
def _swap(board: Board, op: SwapOp, me: int, opp: int, source: str) -> None:
    for t in board.targets(op.target, me, opp):
        a, b = board.stat(t, op.first), board.stat(t, op.second)
        if a != b:
            board.add_modifier(t, op.first, b - a, op.duration)
            board.add_modifier(t, op.second, a - b, op.duration)


def _per_target(points: Any) -> bool:
    """Whether an amount is counted for each character the effect reaches (``"target"``)."""
    return points.__class__ is Scaled and points.per_target


def amount_for(board: Board, points: Points, me: int, opp: int, t: int) -> int:
    """An amount counted for character ``t`` (a count of ``"target"``)."""
    board.count_target = t
    try:
        return board.amount(points, me, opp)
    finally:
        board.count_target = -1


@interprets(DamageOp)
def _damage(board: Board, op: DamageOp, me: int, opp: int, source: str) -> None:
    # its element: the op's, else that of the card dealing it (a Sort Feu deals Fire damage)
    element = op.element or (board.cards[board.cur_card].element if board.cur_card >= 0 else 0)
    if _per_target(op.amount):
        for t in board.targets(op.target, me, opp):
            board.hit(me, t, amount_for(board, op.amount, me, opp, t), op.kind, element)
    elif board.rules.amount_rolled_once_per_effect:  # a zone spell deals the same amount to every enemy
        value = board.amount(op.amount, me, opp)
        for t in board.targets(op.target, me, opp):
            board.hit(me, t, value, op.kind, element)
    else:
        for t in board.targets(op.target, me, opp):
            board.hit(me, t, board.amount(op.amount, me, opp), op.kind, element)


@interprets(HealOp)
def _heal(board: Board, op: HealOp, me: int, opp: int, source: str) -> None:
    if _per_target(op.amount):
        for t in board.targets(op.target, me, opp):
            board.heal(me, t, amount_for(board, op.amount, me, opp, t))
    elif board.rules.amount_rolled_once_per_effect:
        value = board.amount(op.amount, me, opp)
        for t in board.targets(op.target, me, opp):
            board.heal(me, t, value)
    else:
        for t in board.targets(op.target, me, opp):
            board.heal(me, t, board.amount(op.amount, me, opp))


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
    if amount < 0 and board.cneg is not None:
        board.cneg[t * NSTATS + stat] += amount


@interprets(Permanent)
def _permanent(board: Board, duration: Permanent, t: int, stat: int, amount: int) -> None:
    # cards/domain/effects.py: "permanent" — while its source stays in play: a card in play's
    # modifier ends when it leaves (Board.cur_serial: the attachment whose effects run); a card
    # that does not stay: the rest of the game. (A carried item's "permanent" modifiers of its
    # carrier are its "while carried" ones: EredanState._attach / detach.)
    board.mod[t * NSTATS + stat] += amount
    if amount < 0 and board.mneg is not None:
        board.mneg[t * NSTATS + stat] += amount
    if board.cur_serial >= 0:
        board.lasting.append(Lasting(board.cur_serial, t, stat, amount))


@interprets(ForGame)
def _for_game(board: Board, duration: ForGame, t: int, stat: int, amount: int) -> None:
    # The rest of the game, whatever becomes of the source (a card's "permanent" that leaves play,
    # an aura's owner that dies): the lasting layer, which nothing takes back.
    board.mod[t * NSTATS + stat] += amount
    if amount < 0 and board.mneg is not None:
        board.mneg[t * NSTATS + stat] += amount


@interprets(ForTurns)
def _for_turns(board: Board, duration: ForTurns, t: int, stat: int, amount: int) -> None:
    # issue 15 §2: "N tours" count the turns of the character it is on — its combats (a carried
    # weapon's "+2 for 2 turns" does not run out while its carrier is tapped); or, as the rules
    # decide otherwise, this turn and the next N - 1 of the game. Taken off by EredanState._end_turn.
    board.mod[t * NSTATS + stat] += amount
    if amount < 0 and board.mneg is not None:
        board.mneg[t * NSTATS + stat] += amount
    if board.rules.turns_count_the_characters_combats:
        board.timed.append(TimedModifier(-1, t, stat, amount, board.fought[t] + duration.turns))
    else:
        board.timed.append(TimedModifier(board.turn + duration.turns - 1, t, stat, amount))


@interprets(ForCombats)
def _for_combats(board: Board, duration: ForCombats, t: int, stat: int, amount: int) -> None:
    # The character's next N combats, this one included when it has not struck yet: the clash
    # raises Board.fought, so the count ends N clashes from now.
    board.mod[t * NSTATS + stat] += amount
    if amount < 0 and board.mneg is not None:
        board.mneg[t * NSTATS + stat] += amount
    board.timed.append(TimedModifier(-1, t, stat, amount, board.fought[t] + duration.combats))


# Condition clauses.


def in_guild(ch: CompiledCharacter, guild: str, rules: EredanRules) -> bool:
    """A character's guild; a Courtisan (multi-guild caste, docs/rules/eredan.md §2.3) belongs to every
    guild but the Mercenaries, or to its printed guild only (``rules.courtisan_in_every_guild``)."""
    return ch.guild == guild or (
        ch.multi_guild and rules.courtisan_in_every_guild and guild != MERCENARY_GUILD
    )


def _of_race(ch: CompiledCharacter, race: str) -> bool:
    return ch.race == race or ch.race_parent == race or race in ch.more_races


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


# Version 2 of the language: targets (groups, filters, picks).


def passes(board: Board, f: CharFilter, c: int) -> bool:
    """Whether character ``c`` passes a selector's filter (cards/domain/effects.py, "Target")."""
    ch = board.chars[c]
    if f.guild is not None and not in_guild(ch, f.guild, board.rules):
        return False
    if f.class_ is not None and f.class_ not in ch.classes:
        return False
    if f.race is not None and not _of_race(ch, f.race):
        return False
    if f.caste is not None and f.caste not in ch.castes:
        return False
    if f.no_caste is not None and (not ch.castes) != f.no_caste:
        return False
    if f.family is not None and ch.family != f.family:
        return False
    if f.single_class is not None and (len(ch.classes) == 1) != f.single_class:
        return False
    if f.single_race is not None and (not ch.more_races) != f.single_race:
        return False
    if f.not_race is not None and _of_race(ch, f.not_race):
        return False
    if f.not_class is not None and f.not_class in ch.classes:
        return False
    if f.not_guild is not None and in_guild(ch, f.not_guild, board.rules):
        return False
    if f.tapped is not None and board.tapped[c] != f.tapped:
        return False
    if f.carrying is not None:
        mask = f.carrying
        if not any(mask >> k & 1 for k in board.items[c]):
            return False
    if f.not_carrying is not None:
        mask = f.not_carrying
        if any(mask >> k & 1 for k in board.items[c]):
            return False
    if f.wounded is not None and (board.hp[c] < board.max_hp[c]) != f.wounded:
        return False
    if f.hurt_this_turn is not None:
        taken = board.taken  # kept when a deck counts it (Tables.damage_taken_count)
        if (taken is not None and taken[c] > 0) != f.hurt_this_turn:
            return False
    if f.stat is not None:
        stat, cmp, right = f.stat
        value = stat_value(board, c, stat, False)
        limit = stat_value(board, c, stat, True) if isinstance(right, str) else right
        if not _COMPARE[cmp](value, limit):
            return False
    return f.fighting is None or (board.fighters[c // 3] == c) == f.fighting


def members(board: Board, group: str, me: int, opp: int) -> list[int]:
    """The living characters of a group (``cards.domain.effects.GROUPS``) seen from ``me`` (facing
    ``opp``), in line order (``fighters``: the holder's side's fighter, then the opponent)."""
    hp = board.hp
    mine = me // 3 * 3
    theirs = 3 - mine
    if group == "self":
        return [me] if hp[me] > 0 else []
    if group == "opponent":
        return [opp] if opp >= 0 and hp[opp] > 0 else []
    if group == "allies":
        return [t for t in range(mine, mine + 3) if hp[t] > 0]
    if group == "other_allies":
        return [t for t in range(mine, mine + 3) if t != me and hp[t] > 0]
    if group == "enemies":
        return [t for t in range(theirs, theirs + 3) if hp[t] > 0]
    if group == "other_enemies":
        return [t for t in range(theirs, theirs + 3) if t != opp and hp[t] > 0]
    if group == "characters":
        return [t for t in range(6) if hp[t] > 0]
    if group == "fighters":
        own = board.fighters[me // 3]
        return [t for t in (own, opp) if t >= 0 and hp[t] > 0]
    if group == "event":
        e = board.event_char
        return [e] if e >= 0 and hp[e] > 0 else []
    raise ValueError(f"unknown group {group!r}")  # pragma: no cover - compile_target checks it


def in_target(board: Board, target: Target, c: int, me: int, opp: int) -> bool:
    """Whether character ``c``, alive or not, belongs to ``target`` seen from ``me`` facing ``opp``
    (whose card play, death or damage an event counts)."""
    if c < 0:
        return False
    same = c // 3 == me // 3
    if isinstance(target, SelfTarget):
        return c == me
    if isinstance(target, OpponentTarget):
        return c == opp
    if isinstance(target, AllAllies):
        return same
    if isinstance(target, AllEnemies):
        return not same
    if isinstance(target, OtherAllies):
        return same and c != me and ally_matches(target.allies, board.chars[c], board.rules)
    if not isinstance(target, Group):
        return c in board.targets(target, me, opp)
    if not _in_group(board, target.group, c, me, opp, same):
        return False
    return target.filter is None or passes(board, target.filter, c)


def _in_group(board: Board, group: str, c: int, me: int, opp: int, same: bool) -> bool:
    """Whether ``c`` (``same``: of ``me``'s side) is in ``group`` seen from ``me`` facing ``opp``,
    alive or not (an event's trigger checks this for every event: one test, not all of them)."""
    if group == "self":
        return c == me
    if group == "opponent":
        return c == opp
    if group == "allies":
        return same
    if group == "other_allies":
        return same and c != me
    if group == "enemies":
        return not same
    if group == "other_enemies":
        return not same and c != opp
    if group == "characters":
        return True
    if group == "fighters":
        return c in (board.fighters[me // 3], opp)
    return False


def group_candidates(board: Board, target: Group, me: int, opp: int) -> list[int]:
    """The living characters of ``target``'s group that pass its filter (before any pick)."""
    found = members(board, target.group, me, opp)
    f = target.filter
    if f is not None:
        found = [c for c in found if passes(board, f, c)]
    return found


@interprets(Group)
def _group(board: Board, target: Group, me: int, opp: int) -> Sequence[int]:
    found = group_candidates(board, target, me, opp)
    pick = target.pick
    if not pick:
        return found
    picks = board.picks
    if picks is None:
        picks = board.picks = {}
    chosen = picks.get(target)
    if chosen is None:
        if not found:
            return ()
        if pick == PICK_RANDOM:
            chosen = found[board.pick(found, TARGET, me)]
        elif pick == PICK_MOST_WOUNDED:
            chosen = max(found, key=lambda c: (board.max_hp[c] - board.hp[c], -c))
        elif pick == PICK_FEWEST_HP:
            chosen = min(found, key=lambda c: (board.hp[c], c))
        else:
            # A choice no player could make at that moment (a card another card plays, an
            # effect outside any decision point): drawn with the game's chance (docs/eredan-engine.md
            # "Choices").
            chosen = found[board.pick(found, TARGET, me)]
        picks[target] = chosen
    if chosen in found:
        return (chosen,)
    # Every effect with this pick reaches the one picked while it lives: its filter was checked when
    # it was picked ("un allié blessé gagne 1 PV et a Attaque +1": healed to its maximum by the first
    # effect, it still gets the second).
    if chosen >= 0 and target.filter is not None and chosen in members(board, target.group, me, opp):
        return (chosen,)
    return ()


@interprets(TheTarget)
def _the_target(board: Board, target: TheTarget, me: int, opp: int) -> Sequence[int]:
    t = board.count_target
    return (t,) if t >= 0 and board.hp[t] > 0 else ()


# Version 2: condition clauses.


@interprets(Fighting)
def _fighting(board: Board, clause: Fighting, me: int, opp: int) -> bool:
    return (board.fighters[me // 3] == me) == clause.value


@interprets(FoughtBefore)
def _fought_before(board: Board, clause: FoughtBefore, me: int, opp: int) -> bool:
    return (opp >= 0 and bool(board.met[me] >> opp & 1)) == clause.value


@interprets(HasKeyword)
def _has_keyword(board: Board, clause: HasKeyword, me: int, opp: int) -> bool:
    return clause.keyword in board.chars[me].keywords


@interprets(HasOrdre)
def _has_ordre(board: Board, clause: HasOrdre, me: int, opp: int) -> bool:
    c = opp if clause.opponent else me
    if c < 0 or board.fighters[c // 3] != c:
        return not clause.value  # not fighting: no Ordre's bonus this combat
    turn = board.turn
    has = bool(board.granted >> c & 1) or any(o.turns.matches(turn) for o in board.chars[c].orders)
    return has == clause.value


@interprets(PlayedByCaste)
def _played_by_caste(board: Board, clause: PlayedByCaste, me: int, opp: int) -> bool:
    return clause.caste in board.chars[me].castes


@interprets(OpponentCaste)
def _opponent_caste(board: Board, clause: OpponentCaste, me: int, opp: int) -> bool:
    return opp >= 0 and clause.caste in board.chars[opp].castes


@interprets(PlayedBySingleClass)
def _played_by_single_class(board: Board, clause: PlayedBySingleClass, me: int, opp: int) -> bool:
    return (len(board.chars[me].classes) == 1) == clause.value


#: Not a class nor a race two characters may have in common (an unknown one is no known one).
_UNKNOWN = "inconnue"


def _races(ch: CompiledCharacter) -> set[str]:
    """A character's races, each with its parent (a race also matches its parent)."""
    return ({ch.race, *ch.more_races} | ({ch.race_parent} if ch.race_parent else set())) - {_UNKNOWN}


@interprets(OpponentShares)
def _opponent_shares(board: Board, clause: OpponentShares, me: int, opp: int) -> bool:
    if opp < 0:
        return False
    a, b = board.chars[me], board.chars[opp]
    if clause.kind == "class":
        return bool((a.classes & b.classes) - {_UNKNOWN})
    if clause.kind == "caste":
        return bool(a.castes & b.castes)
    if clause.kind == "race":
        return bool(_races(a) & _races(b))
    # a Courtisan is in every guild but the Mercenaries (rules.courtisan_in_every_guild)
    return in_guild(a, b.guild, board.rules) or in_guild(b, a.guild, board.rules)


@interprets(OpponentSingleClass)
def _opponent_single_class(board: Board, clause: OpponentSingleClass, me: int, opp: int) -> bool:
    return opp >= 0 and (len(board.chars[opp].classes) == 1) == clause.value


@interprets(OpponentIs)
def _opponent_is(board: Board, clause: OpponentIs, me: int, opp: int) -> bool:
    return opp >= 0 and board.chars[opp].family == clause.family


def _carries_of(board: Board, c: int, mask: int) -> bool:
    return any(mask >> k & 1 for k in board.items[c])


@interprets(CarryingMatch)
def _carrying_match(board: Board, clause: CarryingMatch, me: int, opp: int) -> bool:
    return _carries_of(board, me, clause.mask)


@interprets(OpponentCarryingMatch)
def _opponent_carrying_match(board: Board, clause: OpponentCarryingMatch, me: int, opp: int) -> bool:
    return opp >= 0 and _carries_of(board, opp, clause.mask)


def _plays_of(board: Board, seat: int, mask: int, skip: int) -> bool:
    """Whether ``seat`` plays a card of ``mask`` this turn, its card in slot ``skip`` aside."""
    return any(mask >> k & 1 for i, k in enumerate(board.turn_plays[seat]) if i != skip)


@interprets(Plays)
def _plays(board: Board, clause: Plays, me: int, opp: int) -> bool:
    # For a card's effect, the other card of its player's turn (its own slot aside).
    return _plays_of(board, me // 3, clause.mask, board.source_slot)


@interprets(OpponentPlays)
def _opponent_plays(board: Board, clause: OpponentPlays, me: int, opp: int) -> bool:
    return _plays_of(board, 1 - me // 3, clause.mask, -1)


@interprets(Follows)
def _follows(board: Board, clause: Follows, me: int, opp: int) -> bool:
    cards = board.turn_plays[me // 3]
    return board.source_slot == 1 and len(cards) > 1 and bool(clause.mask >> cards[0] & 1)


@interprets(FollowedBy)
def _followed_by(board: Board, clause: FollowedBy, me: int, opp: int) -> bool:
    cards = board.turn_plays[me // 3]
    return board.source_slot == 0 and len(cards) > 1 and bool(clause.mask >> cards[1] & 1)


@interprets(Chained)
def _chained(board: Board, clause: Chained, me: int, opp: int) -> bool:
    return (board.source_slot == 1) == clause.value


@interprets(AllyMatches)
def _ally(board: Board, clause: AllyMatches, me: int, opp: int) -> bool:
    base = me // 3 * 3
    hp = board.hp
    return any(c != me and hp[c] > 0 and passes(board, clause.filter, c) for c in range(base, base + 3))


@interprets(AllyDead)
def _ally_dead(board: Board, clause: AllyDead, me: int, opp: int) -> bool:
    base = me // 3 * 3
    hp, chars = board.hp, board.chars
    return any(hp[c] <= 0 and chars[c].family == clause.family for c in range(base, base + 3))


@interprets(AllyPresent)
def _ally_present(board: Board, clause: AllyPresent, me: int, opp: int) -> bool:
    base = me // 3 * 3
    return any(board.chars[c].family == clause.family for c in range(base, base + 3))


@interprets(Tapped)
def _tapped(board: Board, clause: Tapped, me: int, opp: int) -> bool:
    return board.tapped[me] == clause.value


@interprets(OpponentTapped)
def _opponent_tapped(board: Board, clause: OpponentTapped, me: int, opp: int) -> bool:
    return opp >= 0 and board.tapped[opp] == clause.value


@interprets(Active)
def _active(board: Board, clause: Active, me: int, opp: int) -> bool:
    return (me // 3 == board.active) == clause.value


_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}


@interprets(Compare)
def _compare(board: Board, clause: Compare, me: int, opp: int) -> bool:
    right = clause.right if isinstance(clause.right, int) else board.count(clause.right, me, opp)
    return _COMPARE[clause.cmp](board.count(clause.left, me, opp), right)


@interprets(AnyOf)
def _any_of(board: Board, clause: AnyOf, me: int, opp: int) -> bool:
    return any(board.holds(cond, me, opp) for cond in clause.options)


@interprets(Not)
def _not(board: Board, clause: Not, me: int, opp: int) -> bool:
    return not board.holds(clause.condition, me, opp)


# Version 2: counts (read when an amount or a comparison needs them).


@interprets(CountStat)
def _count_stat(board: Board, count: CountStat, me: int, opp: int) -> int:
    c = board.count_target if count.of_target else opp if count.of_opponent else me
    if c < 0:
        return 0
    return stat_value(board, c, count.stat, count.base)


def stat_value(board: Board, c: int, stat: str, base: bool) -> int:
    """Character ``c``'s ``stat`` (a name of ``cards.domain.effects.COUNT_STATS``): now, or as
    printed (``base``)."""
    ch = board.chars[c]
    if stat == "hp":
        return ch.hp if base else board.hp[c]
    if stat == "hp_max":
        return ch.hp if base else board.max_hp[c]
    if stat == "hp_missing":
        return board.max_hp[c] - board.hp[c]
    if stat == "level":  # the printed level plus its modifiers (``modify`` stat ``level``)
        return ch.level if base else ch.level + board.stat(c, LVL)
    if stat == "attack_min":
        return ch.attack_min if base else board.attack_range(c)[0]
    if stat == "attack_max":
        return ch.attack_max if base else board.attack_range(c)[1]
    s = STAT_INDEX[stat]
    return board.base[c * NSTATS + s] if base else board.stat(c, s)


def _seats(owner: str, me: int) -> tuple[int, ...]:
    mine = me // 3
    return (mine,) if owner == "self" else (1 - mine,) if owner == "opponent" else (0, 1)


@interprets(CountCards)
def _count_cards(board: Board, count: CountCards, me: int, opp: int) -> int:
    if count.also:  # several piles together ("dans votre Défausse et votre Deck")
        return sum(
            _count_cards(board, replace(count, pile=p, also=()), me, opp) for p in (count.pile, *count.also)
        )
    mask = count.mask
    pile = count.pile
    n = 0
    for seat in _seats(count.owner, me):
        if pile == "deck":
            cards: Sequence[int] = board.decks[seat]
        elif pile == "hand":
            cards = board.hands[seat]
        elif pile == "discard":
            cards = board.discards[seat]
        elif pile == "played_turn":
            cards = board.turn_plays[seat]
        elif pile == "played_game":
            n += sum(times for k, times in board.played[seat].items() if mask >> k & 1)
            continue
        else:  # "play": the cards attached to characters (to the target's, with "on"), by owner
            on = range(6) if count.on is None else board.targets(count.on, me, opp)
            cards = [
                k for c in on for k, o in zip(board.items[c], board.item_owners[c], strict=True) if o == seat
            ]
        if count.playable:  # "jouables": those the holder may play, as play_card takes them
            from simulator.games.eredan.cardops import playable_by

            play_mask = board.tables.play_mask[me]
            n += sum(1 for k in cards if mask >> k & 1 and play_mask >> k & 1 and playable_by(board, me, k))
            continue
        n += sum(1 for k in cards if mask >> k & 1)
    k = board.cur_card
    if count.other and k >= 0 and mask >> k & 1 and n:
        # The card the effect belongs to is left out, where it is counted: in play (attached), or
        # among the cards played.
        in_play = pile == "play" and board.cur_serial >= 0
        if in_play or pile in ("played_turn", "played_game"):
            n -= 1
    return n


@interprets(CountCharacters)
def _count_characters(board: Board, count: CountCharacters, me: int, opp: int) -> int:
    target = count.target
    if count.union or count.either:
        # several kinds ("par Mage ou Golem"), or the living and the dead: each character once
        seen: set[int] = set()
        for t in (target, *count.union):
            if not count.dead:
                seen.update(board.targets(t, me, opp))
            if count.dead or count.either:
                seen.update(_dead_of(board, t, me, opp))
        return len(seen)
    if not count.dead:
        return len(board.targets(target, me, opp))
    return len(_dead_of(board, target, me, opp))


def _dead_of(board: Board, target: Target, me: int, opp: int) -> list[int]:
    """The dead of a target's group: the same group, its dead members (a group of the Line,
    filtered)."""
    group = target.group if isinstance(target, Group) else _GROUP_OF_RECORD.get(type(target), "")
    hp = board.hp
    mine = me // 3 * 3
    theirs = 3 - mine
    seats = {
        "self": [me],
        "allies": range(mine, mine + 3),
        "other_allies": [t for t in range(mine, mine + 3) if t != me],
        "enemies": range(theirs, theirs + 3),
        "other_enemies": [t for t in range(theirs, theirs + 3) if t != opp],
        "characters": range(6),
    }.get(group, ())
    f = target.filter if isinstance(target, Group) else None
    return [t for t in seats if hp[t] <= 0 and (f is None or passes(board, f, t))]


_GROUP_OF_RECORD: dict[type, str] = {
    SelfTarget: "self",
    AllAllies: "allies",
    AllEnemies: "enemies",
    OtherAllies: "other_allies",
}


@interprets(CountMarkers)
def _count_markers(board: Board, count: CountMarkers, me: int, opp: int) -> int:
    counts = board.markers.get(count.marker)
    return 0 if counts is None else sum(counts[c] for c in board.targets(count.on, me, opp))


@interprets(CountGuilds)
def _count_guilds(board: Board, count: CountGuilds, me: int, opp: int) -> int:
    ch = board.chars[me]
    if ch.multi_guild and board.rules.courtisan_in_every_guild:
        return COURTISAN_GUILDS
    return 1


@interprets(CountClasses)
def _count_classes(board: Board, count: CountClasses, me: int, opp: int) -> int:
    c = opp if count.of_opponent else me
    return 0 if c < 0 else len(board.chars[c].classes)


@interprets(CountDamageDealt)
def _count_damage_dealt(board: Board, count: CountDamageDealt, me: int, opp: int) -> int:
    c = opp if count.of_opponent else me
    return 0 if c < 0 else board.dealt[c] - board.dealt_at_turn[c]


@interprets(CountDamageTaken)
def _count_damage_taken(board: Board, count: CountDamageTaken, me: int, opp: int) -> int:
    c = opp if count.of_opponent else me
    return 0 if c < 0 or board.taken is None else board.taken[c]


@interprets(CountEventDamage)
def _count_event_damage(board: Board, count: CountEventDamage, me: int, opp: int) -> int:
    return board.event_amount


@interprets(CountCastes)
def _count_castes(board: Board, count: CountCastes, me: int, opp: int) -> int:
    return len(board.chars[me].castes)


@interprets(CountTurn)
def _count_turn(board: Board, count: CountTurn, me: int, opp: int) -> int:
    return board.turn


@interprets(CountCommon)
def _count_common(board: Board, count: CountCommon, me: int, opp: int) -> int:
    if opp < 0:
        return 0
    a, b = board.chars[me], board.chars[opp]
    if count.trait == "class":
        return len((a.classes & b.classes) - {_UNKNOWN})
    return len(a.castes & b.castes)


@interprets(CountDistinct)
def _count_distinct(board: Board, count: CountDistinct, me: int, opp: int) -> int:
    chars = board.chars
    seen: set[str] = set()
    for c in board.targets(count.among, me, opp):
        ch = chars[c]
        if count.trait == "race":
            seen.add(ch.race)
            if ch.more_races:  # races given (traits), without their parent races
                seen.update(ch.more_races - RACE_PARENTS)
        elif count.trait == "class":
            seen.update(ch.classes)
        else:
            seen.add(ch.guild)
    return len(seen)


#: The guilds a Courtisan is in when it is in every guild but the Mercenaries (the reference data:
#: 10 guilds, ``fixtures/cardset/reference.json``; docs/rules/eredan.md §2.3).
COURTISAN_GUILDS = 9


# Version 2: triggers and choices of an option.


@interprets(TriggerOp)
def _trigger(board: Board, op: TriggerOp, me: int, opp: int, source: str) -> None:
    # A trigger among effects that resolve (a card that does not stay, an Ordre): it listens for
    # the rest of the turn (a card that stays, an ability: their triggers are in play instead).
    board.turn_triggers.append((op, me, source, board.cur_card, board.cur_seat))


@interprets(OneOfOp)
def _one_of(board: Board, op: OneOfOp, me: int, opp: int, source: str) -> None:
    picks = board.picks
    if picks is None:
        picks = board.picks = {}
    chosen = picks.get(op)
    if chosen is None:  # random, or a choice no player could make then: the game's chance
        chosen = picks[op] = board.pick(range(len(op.options)), OPTION, me)
    if 0 <= chosen < len(op.options):
        _run_nested(board, op.options[chosen], me, opp, source)


def _run_nested(board: Board, ops: Sequence[Op], me: int, opp: int, source: str) -> None:
    """Effects inside an effect (a ``one_of`` option): in the same resolution (same picks)."""
    log = board.log
    for op in ops:
        cond = op.when
        applied = cond is None or board.holds(cond, me, opp)
        if log is not None:
            log.append(
                {"event": "effect", "source": source, "op": op.name, "index": op.index, "applied": applied}
            )
        if applied:
            EFFECTS[type(op)](board, op, me, opp, source)
