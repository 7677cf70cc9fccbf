"""Compiled effects: one named, typed record per op, condition clause, target and duration.

:func:`~simulator.games.eredan.compiled.compile_tables` turns the effects of the card data
(``cards/domain/effects.py``: what a card *says*) into these records once per pair of decks, and
refuses there what the engine cannot play. The interpreter (``interpreter.py``) gives each record
type its meaning — one function per op, clause, target and duration, found by the record's type —
and the greedy player (``policies.py``) its value. Everything here is frozen and slotted: read
often, never changed.

- An **op** (:class:`Op`) is one effect: :class:`ModifyOp`, :class:`DamageOp`, :class:`HealOp`,
  :class:`DrawOp`, :class:`DiscardOp`, :class:`MillOp`, :class:`ReviveOp`. Each has ``when`` (its
  :data:`Condition`, ``None`` = always) and ``index`` (its place in the spec's list, for the log).
- A **condition** is a tuple of clauses (:class:`Clause`), every one of which must hold.
- A **target** (:class:`Target`) says which characters an op reaches; a **duration**
  (:class:`Duration`) how long a modifier lasts.

Stats, damage kinds and item slots stay small ints: they index the board's lists of ints (its hot
state, docs/eredan-engine.md "Speed").

Adding a mechanic is a record type here, its compiling function (:func:`compiles`), its
interpreter function (``interpreter.py``) and a test: see docs/eredan-engine.md, "A new mechanic".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, TypeAlias, TypeVar

from cards.domain import effects as spec
from cards.domain.effects import AllyFilter, Turns
from simulator.engine.protocol import GameError

# --- small ints: stats, damage kinds, item slots ---------------------------------------------------

# Stats (index into a character's NSTATS stat slots). AMIN / AMAX: the two ends of the Attaque range,
# moved by combat modifiers only (abilities, Ordres and auras: "Attaque min. +1"), read when the
# Attaque is rolled.
ATK, DEF, SPI, INI, AMIN, AMAX = range(6)
NSTATS = 6
STAT_NAMES = ("attack", "defense", "spirit", "initiative", "attack_min", "attack_max")
STAT_INDEX = {name: i for i, name in enumerate(STAT_NAMES)}
#: The stats an amount may be based on ("Esprit + 2").
AMOUNT_STAT_INDEX = {"attack": ATK, "defense": DEF, "spirit": SPI, "initiative": INI}

# Damage kinds: what reduces them (docs/rules/eredan.md §3 step 3).
K_PHYSICAL, K_MAGICAL, K_DIRECT = range(3)
KIND_NAMES = ("physical", "magical", "direct")
DAMAGE_KINDS = {name: i for i, name in enumerate(KIND_NAMES)}

# Item slots (docs/rules/eredan.md §3 Items). SLOT_SHIELD: a Bouclier's, when it does not take the
# armor slot (EredanRules.shield_takes_armor_slot).
SLOT_NONE, SLOT_WEAPON, SLOT_ARMOR, SLOT_SHIELD = range(4)
#: What ``carrying`` / ``opponent_carrying`` name: the slot of the carried item.
CARRY_SLOTS = {"weapon": SLOT_WEAPON, "armor": SLOT_ARMOR}


class UnsupportedSpecError(GameError, ValueError):
    """A card or character the engine cannot play as specified (an unknown op, target, condition,
    duration, card kind…). ``where`` names the card or character and the effect path."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message

    def __reduce__(self) -> tuple[type[UnsupportedSpecError], tuple[str, str]]:
        # Raised in a worker process of a local batch, it crosses back pickled: keep both fields.
        return (type(self), (self.where, self.message))


# --- condition clauses ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Clause:
    """One clause of a condition, checked for the character ``me`` whose effect it is (who plays
    or carries the card, or owns the ability) facing ``opp`` (the enemy fighter, -1 outside a
    combat: then every ``opponent_*`` clause fails)."""


@dataclass(frozen=True, slots=True)
class OnTurn(Clause):
    """``turn``: the turn number is one of ``turns``."""

    turns: Turns


@dataclass(frozen=True, slots=True)
class OpponentClass(Clause):
    """``opponent_class``: the enemy fighter has this class."""

    class_: str


@dataclass(frozen=True, slots=True)
class OpponentRace(Clause):
    """``opponent_race``: the enemy fighter is of this race or of a race whose parent it is."""

    race: str


@dataclass(frozen=True, slots=True)
class OpponentGuild(Clause):
    """``opponent_guild``: the enemy fighter is in this guild (a Courtisan: see EredanRules)."""

    guild: str


@dataclass(frozen=True, slots=True)
class PlayedBy(Clause):
    """``played_by``: ``me`` is of this evolution family."""

    family: str


@dataclass(frozen=True, slots=True)
class PlayedByClass(Clause):
    """``played_by_class``: ``me`` has this class."""

    class_: str


@dataclass(frozen=True, slots=True)
class PlayedByGuild(Clause):
    """``played_by_guild``: ``me`` is in this guild."""

    guild: str


@dataclass(frozen=True, slots=True)
class PlayedByRace(Clause):
    """``played_by_race``: ``me`` is of this race or of a race whose parent it is."""

    race: str


@dataclass(frozen=True, slots=True)
class Carrying(Clause):
    """``carrying``: ``me`` carries an item of this slot (:data:`CARRY_SLOTS`)."""

    slot: int


@dataclass(frozen=True, slots=True)
class OpponentCarrying(Clause):
    """``opponent_carrying``: the enemy fighter carries an item of this slot."""

    slot: int


@dataclass(frozen=True, slots=True)
class AllyAlive(Clause):
    """``ally_alive``: a character of this family is alive on ``me``'s side (``me`` included)."""

    family: str


#: A compiled condition: every clause must hold.
Condition: TypeAlias = tuple[Clause, ...]

#: How each key of the card data's condition becomes a clause (``cards.domain.effects.Condition``).
CLAUSE_OF_KEY: Mapping[str, Callable[[Any], Clause]] = {
    "turn": OnTurn,
    "opponent_class": OpponentClass,
    "opponent_race": OpponentRace,
    "opponent_guild": OpponentGuild,
    "played_by": PlayedBy,
    "played_by_class": PlayedByClass,
    "played_by_guild": PlayedByGuild,
    "played_by_race": PlayedByRace,
    "carrying": lambda kind: Carrying(CARRY_SLOTS[kind]),
    "opponent_carrying": lambda kind: OpponentCarrying(CARRY_SLOTS[kind]),
    "ally_alive": AllyAlive,
}


def compile_condition(cond: spec.Condition | None, where: str) -> Condition | None:
    """The clauses of a spec condition (in the order of its fields), or ``None`` for none."""
    if cond is None:
        return None
    out: list[Clause] = []
    for f in fields(cond):
        value = getattr(cond, f.name)
        if value is None:
            continue
        make = CLAUSE_OF_KEY.get(f.name)
        if make is None:
            raise UnsupportedSpecError(where, f"condition {f.name!r} is not supported by the engine")
        if f.name in ("carrying", "opponent_carrying") and value not in CARRY_SLOTS:
            raise UnsupportedSpecError(where, f"condition {f.name} = {value!r} is not supported")
        if f.name == "turn" and not isinstance(value, Turns):
            raise UnsupportedSpecError(where, f"condition turn = {value!r} is not a Turns")
        out.append(make(value))
    return tuple(out) or None


# --- targets and durations --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Target:
    """Which characters an op reaches: the living characters the interpreter's function for the
    target's type gives (in line order). With ``random``, one of them, drawn with the game's
    chance (``chance.TARGET``)."""

    name: ClassVar[str]
    random: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class SelfTarget(Target):
    """``self``: the character playing (or carrying) the card."""

    name: ClassVar[str] = "self"


@dataclass(frozen=True, slots=True)
class OpponentTarget(Target):
    """``opponent``: the enemy fighter of the turn."""

    name: ClassVar[str] = "opponent"


@dataclass(frozen=True, slots=True)
class AllAllies(Target):
    """``all_allies``: every living character of the player's side, itself included."""

    name: ClassVar[str] = "all_allies"


@dataclass(frozen=True, slots=True)
class AllEnemies(Target):
    """``all_enemies``: every living enemy character."""

    name: ClassVar[str] = "all_enemies"


@dataclass(frozen=True, slots=True)
class RandomOtherEnemy(Target):
    """``random_other_enemy``: a living enemy other than the enemy fighter, at random."""

    name: ClassVar[str] = "random_other_enemy"
    random: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class MostWoundedAlly(Target):
    """``most_wounded_ally``: the living ally missing the most HP (first in line on ties)."""

    name: ClassVar[str] = "most_wounded_ally"


@dataclass(frozen=True, slots=True)
class OtherAllies(Target):
    """``other_allies`` (an aura, character abilities only): the owner's other allies matching
    ``allies``. Compiled into each reached ally's received auras (``CompiledCharacter.ally_auras``)
    as a ``self`` modifier; never interpreted as such."""

    name: ClassVar[str] = "other_allies"
    allies: AllyFilter | None = None


SELF = SelfTarget()
OPPONENT = OpponentTarget()
TARGET_OF_NAME: Mapping[str, Target] = {
    t.name: t
    for t in (SELF, OPPONENT, AllAllies(), AllEnemies(), RandomOtherEnemy(), MostWoundedAlly(), OtherAllies())
}


@dataclass(frozen=True, slots=True)
class Duration:
    """How long a modifier lasts; ``label`` is how the log names it."""

    @property
    def label(self) -> str:  # pragma: no cover - every duration names itself
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class ForCombat(Duration):
    """``combat``: until the end of this turn's combat (the turn)."""

    @property
    def label(self) -> str:
        return "combat"


@dataclass(frozen=True, slots=True)
class Permanent(Duration):
    """``permanent``: the rest of the game (a carried item's: while it is carried)."""

    @property
    def label(self) -> str:
        return "permanent"


@dataclass(frozen=True, slots=True)
class ForTurns(Duration):
    """``{"turns": N}``: this turn and the next N − 1."""

    turns: int

    @property
    def label(self) -> str:
        return f"{self.turns} turns"


COMBAT = ForCombat()
PERMANENT = Permanent()


# --- ops ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Op:
    """One compiled effect. ``name``: the op's name in the card data and the log."""

    name: ClassVar[str]
    #: A damage effect (a mono-class Mage's damage spell replaces its attack, §3 step 3).
    deals_damage: ClassVar[bool] = False
    when: Condition | None = None
    index: int = 0


@dataclass(frozen=True, slots=True)
class Roll:
    """An amount: rolled in ``lo..hi``, plus the current ``stat`` of the character playing the card
    (``None``: no stat; ``ATK``: a fresh roll of its Attaque), at least 0."""

    lo: int
    hi: int
    stat: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ModifyOp(Op):
    """``modify``: ``amount`` added to ``stat`` of each target, for ``duration``."""

    name: ClassVar[str] = "modify"
    stat: int
    amount: int
    target: Target = SELF
    duration: Duration = COMBAT


@dataclass(frozen=True, slots=True, kw_only=True)
class DamageOp(Op):
    """``damage``: ``amount`` damage of ``kind`` (K_*) to each target."""

    name: ClassVar[str] = "damage"
    deals_damage: ClassVar[bool] = True
    kind: int
    amount: Roll
    target: Target = OPPONENT


@dataclass(frozen=True, slots=True, kw_only=True)
class HealOp(Op):
    """``heal``: ``amount`` HP back to each target, never above its maximum."""

    name: ClassVar[str] = "heal"
    amount: Roll
    target: Target = SELF


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawOp(Op):
    """``draw``: the player draws ``count`` cards (fewer when the pile runs out)."""

    name: ClassVar[str] = "draw"
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DiscardOp(Op):
    """``discard``: the opposing player loses ``count`` random cards from hand."""

    name: ClassVar[str] = "discard"
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class MillOp(Op):
    """``mill``: the top ``count`` cards of the opposing draw pile go to its discard pile."""

    name: ClassVar[str] = "mill"
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ReviveOp(Op):
    """``revive``: the player's first dead character (line order) comes back with ``hp`` HP."""

    name: ClassVar[str] = "revive"
    hp: int


# --- compiling the card data's effects ------------------------------------------------------------

S = TypeVar("S")
Compiler: TypeAlias = Callable[[Any, str, int, "Condition | None"], Op]
#: spec effect type (``cards.domain.effects``) -> its compiling function.
COMPILERS: dict[type, Compiler] = {}


def compiles(spec_type: type[S]) -> Callable[[Callable[[S, str, int, Condition | None], Op]], Compiler]:
    """Register the function compiling the spec effects of ``spec_type`` into a record."""

    def register(fn: Callable[[S, str, int, Condition | None], Op]) -> Compiler:
        COMPILERS[spec_type] = fn
        return fn

    return register


def _pick(table: Mapping[str, S], value: str, what: str, where: str) -> S:
    found = table.get(value)
    if found is None:
        raise UnsupportedSpecError(where, f"{what} {value!r} is not supported (known: {', '.join(table)})")
    return found


def _roll(amount: spec.Amount | spec.Scaled, where: str) -> Roll:
    if isinstance(amount, spec.Scaled):
        refuse_pending_count(amount.per, where)
        raise UnsupportedSpecError(where, "a scaled amount (per …) is not supported by the engine yet")
    stat = None if amount.stat is None else _pick(AMOUNT_STAT_INDEX, amount.stat, "amount stat", where)
    return Roll(amount.lo, amount.hi, stat)


def _target(effect: Any, allies: AllyFilter | None, where: str) -> Target:
    """The record of an effect's target: its name, or (``target == "group"``) its selector."""
    if getattr(effect, "selector", None) is not None:
        raise UnsupportedSpecError(
            where, "a selector target (a filtered group) is not supported by the engine yet"
        )
    target = _pick(TARGET_OF_NAME, effect.target, "target", where)
    return OtherAllies(allies) if isinstance(target, OtherAllies) else target


def _duration(duration: spec.Duration, where: str) -> Duration:
    if duration.kind == "combat":
        return COMBAT
    if duration.kind == "permanent":
        return PERMANENT
    if duration.kind == "turns":
        if duration.turns < 1:
            raise UnsupportedSpecError(where, "a duration in turns must be at least 1")
        return ForTurns(duration.turns)
    raise UnsupportedSpecError(where, f"duration {duration.kind!r} is not supported")


@compiles(spec.Modify)
def _compile_modify(effect: spec.Modify, where: str, index: int, when: Condition | None) -> Op:
    if not isinstance(effect.amount, int):
        raise UnsupportedSpecError(
            where, "a rolled, stat-based or scaled modifier is not supported by the engine yet"
        )
    return ModifyOp(
        stat=_pick(STAT_INDEX, effect.stat, "stat", where),
        amount=effect.amount,
        target=_target(effect, effect.allies, where),
        duration=_duration(effect.duration, where),
        when=when,
        index=index,
    )


@compiles(spec.Damage)
def _compile_damage(effect: spec.Damage, where: str, index: int, when: Condition | None) -> Op:
    return DamageOp(
        kind=_pick(DAMAGE_KINDS, effect.kind, "damage kind", where),
        amount=_roll(effect.amount, where),
        target=_target(effect, None, where),
        when=when,
        index=index,
    )


@compiles(spec.Heal)
def _compile_heal(effect: spec.Heal, where: str, index: int, when: Condition | None) -> Op:
    return HealOp(
        amount=_roll(effect.amount, where), target=_target(effect, None, where), when=when, index=index
    )


@compiles(spec.Draw)
def _compile_draw(effect: spec.Draw, where: str, index: int, when: Condition | None) -> Op:
    return DrawOp(count=effect.count, when=when, index=index)


@compiles(spec.Discard)
def _compile_discard(effect: spec.Discard, where: str, index: int, when: Condition | None) -> Op:
    return DiscardOp(count=effect.count, when=when, index=index)


@compiles(spec.Mill)
def _compile_mill(effect: spec.Mill, where: str, index: int, when: Condition | None) -> Op:
    return MillOp(count=effect.count, when=when, index=index)


@compiles(spec.Revive)
def _compile_revive(effect: spec.Revive, where: str, index: int, when: Condition | None) -> Op:
    return ReviveOp(hp=effect.hp, when=when, index=index)


#: Ops of the effect language (version 2, ``cards/domain/effects.py``) the engine does not play yet:
#: refused at compile time by :func:`compile_effect`, like any op without a compiling function.
#: Each one leaves this set when its record, compiling and interpreter functions land.
PENDING_OPS: frozenset[type] = frozenset(
    {
        spec.SetStat,
        spec.LoseHp,
        spec.DamageTaken,
        spec.DamageDealt,
        spec.HealDealt,
        spec.Immune,
        spec.Marker,
        spec.Tap,
        spec.Untap,
        spec.Chain,
        spec.MoveCards,
        spec.CardTo,
        spec.DiscardAttached,
        spec.CreateCard,
        spec.PlayCard,
        spec.Forbid,
        spec.ExtraAttack,
        spec.GrantOrder,
        spec.OneOf,
        spec.Trigger,
        spec.MayPlay,
        spec.Carry,
        spec.MayAttach,
        spec.Traits,
        spec.AttackKind,
        spec.Pay,
        spec.Counter,
        spec.DrawPhase,
        spec.Bound,
    }
)
#: Kinds of counts (``Scaled.per``, ``Compare`` sides) the engine does not count yet: refused by name
#: wherever a count is compiled (:func:`refuse_pending_count`).
PENDING_COUNT_KINDS: frozenset[str] = frozenset({"castes", "turn", "distinct"})


def refuse_pending_count(count: spec.Count, where: str) -> None:
    """Refuse, naming it, a kind of count the engine does not count yet."""
    if count.kind in PENDING_COUNT_KINDS:
        raise UnsupportedSpecError(where, f"a count of {count.kind!r} is not supported by the engine yet")


#: Condition keys of version 2 the engine does not check yet (refused by :func:`compile_condition`).
PENDING_CONDITION_KEYS: frozenset[str] = frozenset(
    f.name for f in fields(spec.Condition) if f.name not in CLAUSE_OF_KEY
)


def compile_effect(effect: spec.Effect, where: str, index: int) -> Op:
    """One effect of the card data as its record; an effect the engine does not implement raises
    :class:`UnsupportedSpecError` naming ``where``."""
    compiler = COMPILERS.get(type(effect))
    if compiler is None:
        op = getattr(effect, "op", type(effect).__name__)
        raise UnsupportedSpecError(where, f"op {op!r} is not supported on a card by the engine")
    return compiler(effect, where, index, compile_condition(effect.when, f"{where}.when"))
