"""Compiled effects: one named, typed record per op, condition clause, target and duration.

:func:`~simulator.games.eredan.compiled.compile_tables` turns the effects of the card data
(``cards/domain/effects.py``: what a card *says*) into these records once per pair of decks, and
refuses there what the engine cannot play. The interpreter (``interpreter.py``) gives each record
type its meaning — one function per op, clause, target and duration, found by the record's type —
and the greedy player (``policies.py``) its value. Everything here is frozen and slotted: read
often, never changed.

- An **op** (:class:`Op`) is one effect: :class:`ModifyOp`, :class:`DamageOp`, :class:`HealOp`,
  :class:`DrawOp`, :class:`DiscardOp`, :class:`MillOp`, :class:`ReviveOp`… Each has ``when`` (its
  :data:`Condition`, ``None`` = always) and ``index`` (its place in the spec's list, for the log).
- A **condition** is a tuple of clauses (:class:`Clause`), every one of which must hold.
- A **target** (:class:`Target`) says which characters an op reaches — the version-1 names have a
  record each, every other name and selector is a :class:`Group` (a group, a filter, a pick); a
  **duration** (:class:`Duration`) how long a modifier lasts.
- An **amount** is a :class:`Roll` (rolled, plus a stat of the holder) or a :class:`Scaled`
  amount, which reads a **count** (:class:`Count`) when it applies.

Stats, damage kinds and item slots stay small ints: they index the board's lists of ints (its hot
state, docs/eredan-engine.md "Speed").

Adding a mechanic is a record type here, its compiling function (:func:`compiles`), its
interpreter function (``interpreter.py``) and a test: see docs/eredan-engine.md, "A new mechanic".
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias, TypeVar

from cards.domain import effects as spec
from cards.domain.effects import AllyFilter, Turns
from simulator.engine.protocol import GameError

if TYPE_CHECKING:
    from simulator.games.eredan.interpreter import Board

# --- small ints: stats, damage kinds, item slots ---------------------------------------------------

# Stats (index into a character's NSTATS stat slots). AMIN / AMAX: the two ends of the Attaque range,
# moved by combat modifiers only (abilities, Ordres and auras: "Attaque min. +1"), read when the
# Attaque is rolled.
# HPM: the maximum HP ("Points de vie max. +1"): printed HP plus its modifiers (Board.max_hp).
# LVL: the level ("gagne 1 Niveau"): printed level plus its modifiers, read only by counts of
# ``{"stat": "level"}`` (its base slot is 0, like HPM's: the printed level is the character's).
ATK, DEF, SPI, INI, AMIN, AMAX, HPM, LVL = range(8)
NSTATS = 8
STAT_NAMES = ("attack", "defense", "spirit", "initiative", "attack_min", "attack_max", "hp_max", "level")
STAT_INDEX = {name: i for i, name in enumerate(STAT_NAMES)}
#: The stats an amount may be based on ("Esprit + 2").
AMOUNT_STAT_INDEX = {"attack": ATK, "defense": DEF, "spirit": SPI, "initiative": INI}
#: A Roll's stat only (no stat slot): the printed Attaque, rolled in the printed range ("égale à son
#: Attaque de base").
ATK_BASE = NSTATS

# Damage kinds: what reduces them (docs/rules/eredan.md §3 step 3).
K_PHYSICAL, K_MAGICAL, K_DIRECT = range(3)
KIND_NAMES = ("physical", "magical", "direct")
DAMAGE_KINDS = {name: i for i, name in enumerate(KIND_NAMES)}
#: Damage elements ("dégâts magiques de type Feu", cards/domain/effects.py DAMAGE_ELEMENTS): a bit each.
ELEMENT_BIT = {name: 1 << i for i, name in enumerate(spec.DAMAGE_ELEMENTS)}


def element_bits(elements: tuple[str, ...]) -> int:
    """Damage elements as bits (0: any)."""
    return sum(ELEMENT_BIT[e] for e in elements)


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


@dataclass(frozen=True, slots=True)
class PlayedByCaste(Clause):
    """``played_by_caste``: ``me`` has this caste."""

    caste: str


@dataclass(frozen=True, slots=True)
class OpponentCaste(Clause):
    """``opponent_caste``: the enemy fighter has this caste."""

    caste: str


@dataclass(frozen=True, slots=True)
class PlayedBySingleClass(Clause):
    """``played_by_single_class``: ``me`` is (``value`` true) or is not multi-class."""

    value: bool


@dataclass(frozen=True, slots=True)
class OpponentShares(Clause):
    """``opponent_shares``: the enemy fighter and ``me`` have, as they are now, at least one
    ``kind`` (``"class"`` / ``"guild"`` / ``"race"`` / ``"caste"``) in common."""

    kind: str


@dataclass(frozen=True, slots=True)
class OpponentSingleClass(Clause):
    """``opponent_single_class``: the enemy fighter is (``value`` true) or is not multi-class."""

    value: bool


@dataclass(frozen=True, slots=True)
class OpponentIs(Clause):
    """``opponent_is``: the enemy fighter is of this family ("contre 'X'")."""

    family: str


@dataclass(frozen=True, slots=True)
class CarryingMatch(Clause):
    """``carrying_match``: ``me`` carries a card of ``mask`` (bit k: card k of the tables)."""

    mask: int


@dataclass(frozen=True, slots=True)
class OpponentCarryingMatch(Clause):
    """``opponent_carrying_match``: the enemy fighter carries a card of ``mask``."""

    mask: int


@dataclass(frozen=True, slots=True)
class Plays(Clause):
    """``plays``: ``me``'s player plays a card of ``mask`` this turn — for a card's effect, its
    other card of the turn (Board.turn_plays: the cards of the turn, known once revealed)."""

    mask: int


@dataclass(frozen=True, slots=True)
class OpponentPlays(Clause):
    """``opponent_plays``: the other player plays a card of ``mask`` this turn."""

    mask: int


@dataclass(frozen=True, slots=True)
class Follows(Clause):
    """``follows``: this card is its player's second card of the turn and the first is of ``mask``."""

    mask: int


@dataclass(frozen=True, slots=True)
class FollowedBy(Clause):
    """``followed_by``: this card is its player's first card and the second is of ``mask``."""

    mask: int


@dataclass(frozen=True, slots=True)
class Chained(Clause):
    """``chained``: this card is (``value`` true) or is not played as the second card."""

    value: bool


@dataclass(frozen=True, slots=True)
class AllyMatches(Clause):
    """``ally``: another living character of ``me``'s side passes ``filter``."""

    filter: CharFilter


@dataclass(frozen=True, slots=True)
class AllyDead(Clause):
    """``ally_dead``: a character of this family is dead on ``me``'s side."""

    family: str


@dataclass(frozen=True, slots=True)
class AllyPresent(Clause):
    """``ally_present``: a character of this family is on ``me``'s side, alive or dead."""

    family: str


@dataclass(frozen=True, slots=True)
class Tapped(Clause):
    """``tapped``: ``me`` is (``value`` true) or is not tapped."""

    value: bool


@dataclass(frozen=True, slots=True)
class OpponentTapped(Clause):
    """``opponent_tapped``: the enemy fighter is (``value`` true) or is not tapped."""

    value: bool


@dataclass(frozen=True, slots=True)
class Active(Clause):
    """``active``: ``me``'s player is (``value`` true) or is not the active player ("attaquant")."""

    value: bool


@dataclass(frozen=True, slots=True)
class Compare(Clause):
    """``compare``: ``left`` ``cmp`` ``right`` (a number or a count), the counts read now."""

    left: Count
    cmp: str
    right: int | Count


@dataclass(frozen=True, slots=True)
class AnyOf(Clause):
    """``any``: one of the conditions holds."""

    options: tuple[tuple[Clause, ...], ...]


@dataclass(frozen=True, slots=True)
class Not(Clause):
    """``not``: the condition does not hold."""

    condition: tuple[Clause, ...]


@dataclass(frozen=True, slots=True)
class Fighting(Clause):
    """``fighting``: ``me`` is (``value`` true) or is not one of the two characters of this turn's
    combat."""

    value: bool


@dataclass(frozen=True, slots=True)
class HasOrdre(Clause):
    """``ordre`` / ``opponent_ordre`` (``opponent``): ``me`` (its opponent) gets the bonus of one of
    its Ordres this combat — it fights on a turn one of them names, or ``grant_order`` gave it."""

    value: bool
    opponent: bool = False


@dataclass(frozen=True, slots=True)
class FoughtBefore(Clause):
    """``fought_before``: ``me`` has (``value`` true) / has not fought the character it faces now in
    a combat of an earlier turn of the game (Board.met)."""

    value: bool


@dataclass(frozen=True, slots=True)
class HasKeyword(Clause):
    """``keyword``: ``me`` has that keyword ("si vous êtes Enragé"; CompiledCharacter.keywords)."""

    keyword: str


#: A compiled condition: every clause must hold.
Condition: TypeAlias = tuple[Clause, ...]

#: Clauses that read the cards of the turn (known once both players' cards are revealed): a
#: character ability with one of them applies after the cards, not at the choice.
CARD_CLAUSES: tuple[type[Clause], ...] = (Plays, OpponentPlays, Follows, FollowedBy, Chained)


@dataclass(frozen=True)
class CompileContext:
    """What compiling needs beyond the effect: ``mask(match)`` — the cards of the two decks a
    CardMatch names, as a bitmask over the tables' card ids."""

    mask: Callable[[spec.CardMatch], int]


def _no_cards(match: spec.CardMatch) -> int:
    return 0


#: For compiling outside a pair of decks (no card to match).
NO_CONTEXT = CompileContext(_no_cards)

#: How each key of the card data's condition becomes a clause (``cards.domain.effects.Condition``).
CLAUSE_OF_KEY: Mapping[str, Callable[[Any, CompileContext, str], Clause]] = {
    "turn": lambda v, ctx, where: OnTurn(v),
    "opponent_class": lambda v, ctx, where: OpponentClass(v),
    "opponent_race": lambda v, ctx, where: OpponentRace(v),
    "opponent_guild": lambda v, ctx, where: OpponentGuild(v),
    "played_by": lambda v, ctx, where: PlayedBy(v),
    "played_by_class": lambda v, ctx, where: PlayedByClass(v),
    "played_by_guild": lambda v, ctx, where: PlayedByGuild(v),
    "played_by_race": lambda v, ctx, where: PlayedByRace(v),
    "carrying": lambda v, ctx, where: Carrying(CARRY_SLOTS[v]),
    "opponent_carrying": lambda v, ctx, where: OpponentCarrying(CARRY_SLOTS[v]),
    "ally_alive": lambda v, ctx, where: AllyAlive(v),
    "played_by_caste": lambda v, ctx, where: PlayedByCaste(v),
    "opponent_caste": lambda v, ctx, where: OpponentCaste(v),
    "played_by_single_class": lambda v, ctx, where: PlayedBySingleClass(v),
    "opponent_single_class": lambda v, ctx, where: OpponentSingleClass(v),
    "opponent_shares": lambda v, ctx, where: OpponentShares(v),
    "opponent_is": lambda v, ctx, where: OpponentIs(v),
    "carrying_match": lambda v, ctx, where: CarryingMatch(ctx.mask(v)),
    "opponent_carrying_match": lambda v, ctx, where: OpponentCarryingMatch(ctx.mask(v)),
    "plays": lambda v, ctx, where: Plays(ctx.mask(v)),
    "opponent_plays": lambda v, ctx, where: OpponentPlays(ctx.mask(v)),
    "follows": lambda v, ctx, where: Follows(ctx.mask(v)),
    "followed_by": lambda v, ctx, where: FollowedBy(ctx.mask(v)),
    "chained": lambda v, ctx, where: Chained(v),
    "ally": lambda v, ctx, where: AllyMatches(compile_filter(v, ctx)),
    "ally_dead": lambda v, ctx, where: AllyDead(v),
    "ally_present": lambda v, ctx, where: AllyPresent(v),
    "tapped": lambda v, ctx, where: Tapped(v),
    "opponent_tapped": lambda v, ctx, where: OpponentTapped(v),
    "active": lambda v, ctx, where: Active(v),
    "compare": lambda v, ctx, where: Compare(
        compile_count(v.left, ctx, f"{where}.compare.left"),
        v.cmp,
        v.right if isinstance(v.right, int) else compile_count(v.right, ctx, f"{where}.compare.right"),
    ),
    "any": lambda v, ctx, where: AnyOf(tuple(_clauses(c, ctx, f"{where}.any[{i}]") for i, c in enumerate(v))),
    "not_": lambda v, ctx, where: Not(_clauses(v, ctx, f"{where}.not")),
    # every one holds: none of them fails (the clauses of "any" and "not")
    "all": lambda v, ctx, where: Not(
        (AnyOf(tuple((Not(_clauses(c, ctx, f"{where}.all[{i}]")),) for i, c in enumerate(v))),)
    ),
    "fighting": lambda v, ctx, where: Fighting(v),
    "ordre": lambda v, ctx, where: HasOrdre(v),
    "opponent_ordre": lambda v, ctx, where: HasOrdre(v, opponent=True),
    "fought_before": lambda v, ctx, where: FoughtBefore(v),
    "keyword": lambda v, ctx, where: HasKeyword(v),
}


def _clauses(cond: spec.Condition, ctx: CompileContext, where: str) -> tuple[Clause, ...]:
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
        out.append(make(value, ctx, where))
    return tuple(out)


def compile_condition(
    cond: spec.Condition | None, where: str, ctx: CompileContext = NO_CONTEXT
) -> Condition | None:
    """The clauses of a spec condition (in the order of its fields), or ``None`` for none."""
    if cond is None:
        return None
    return _clauses(cond, ctx, where) or None


def reads_the_cards(cond: Condition | None) -> bool:
    """Whether a condition reads the cards of the turn (:data:`CARD_CLAUSES`), at any depth."""
    if cond is None:
        return False
    for clause in cond:
        if isinstance(clause, CARD_CLAUSES):
            return True
        if isinstance(clause, AnyOf) and any(reads_the_cards(c) for c in clause.options):
            return True
        if isinstance(clause, Not) and reads_the_cards(clause.condition):
            return True
    return False


# --- character filters and counts ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CharFilter:
    """A selector's filter (``cards.domain.effects.Selector``): every field set must hold for a
    character — its guild (a Courtisan: see EredanRules), a class, its race or race parent, a
    caste, its family, single-class, tapped, carrying a card of ``carrying`` (a mask); not of the
    race ``not_race`` (nor of a race under it), not of the class ``not_class``; wounded (HP below
    its maximum HP)."""

    guild: str | None = None
    class_: str | None = None
    race: str | None = None
    caste: str | None = None
    #: True: a character with no caste ("sans caste"); false: with one.
    no_caste: bool | None = None
    family: str | None = None
    single_class: bool | None = None
    tapped: bool | None = None
    carrying: int | None = None
    #: Of one race (no race given by ``traits``: CompiledCharacter.more_races) or not.
    single_race: bool | None = None
    fighting: bool | None = None
    not_race: str | None = None  # not of that race (nor of a race under it)
    not_class: str | None = None
    #: Below its maximum HP (true) or at it (false).
    wounded: bool | None = None
    #: Its current stat (a name of ``cards.domain.effects.FILTER_STATS``) compared (``cmp``) with a
    #: number or ``"base"`` (its printed value).
    stat: tuple[str, str, int | str] | None = None
    #: It lost HP to damage this turn (true) or not (``Board.taken``).
    hurt_this_turn: bool | None = None
    #: Not of that guild (a Courtisan: see EredanRules.courtisan_in_every_guild).
    not_guild: str | None = None
    #: Carrying no card of this mask ("sans Bouclier").
    not_carrying: int | None = None

    @property
    def static(self) -> bool:
        """Whether it reads only what never changes in a game (not tapped, carrying, fighting,
        wounded, a stat)."""
        return (
            self.tapped is None
            and self.carrying is None
            and self.not_carrying is None
            and self.fighting is None
            and self.wounded is None
            and self.stat is None
            and self.hurt_this_turn is None
        )


#: Selector filter keys the engine does not check yet (refused by :func:`compile_filter`).
#: (``sex``: the cards' data has no sex of the characters yet.)
#: ``shares`` / ``not_shares`` read the holder, which a filter (CharFilter) does not know.
PENDING_FILTER_KEYS: frozenset[str] = frozenset({"sex", "shares", "not_shares"})


def compile_filter(selector: spec.Selector, ctx: CompileContext) -> CharFilter:
    for key in PENDING_FILTER_KEYS:
        if getattr(selector, key) is not None:
            raise UnsupportedSpecError(
                f"selector {selector.to_json()}", f"the filter {key!r} is not supported by the engine yet"
            )
    return CharFilter(
        guild=selector.guild,
        class_=selector.class_,
        race=selector.race,
        caste=selector.caste,
        no_caste=selector.no_caste,
        family=selector.family,
        single_class=selector.single_class,
        single_race=selector.single_race,
        tapped=selector.tapped,
        fighting=selector.fighting,
        carrying=None if selector.carrying is None else ctx.mask(selector.carrying),
        not_race=selector.not_race,
        not_class=selector.not_class,
        wounded=selector.wounded,
        hurt_this_turn=selector.hurt_this_turn,
        not_guild=selector.not_guild,
        stat=None if selector.stat is None else (selector.stat.stat, selector.stat.cmp, selector.stat.right),
        not_carrying=None if selector.not_carrying is None else ctx.mask(selector.not_carrying),
    )


@dataclass(frozen=True, slots=True)
class Count:
    """What a scaled amount or a ``compare`` counts (``cards.domain.effects.Count``): the number
    the interpreter's function for the record's type gives, read when it is needed."""


@dataclass(frozen=True, slots=True)
class CountStat(Count):
    """``{"stat": s, "of": …, "base": …}``: a stat of the holder (or of its opponent): ``stat`` is a
    name of ``cards.domain.effects.COUNT_STATS``; ``base``: the printed value."""

    stat: str
    of_opponent: bool = False
    base: bool = False
    #: The character the effect reaches ("où X est égal à son Esprit"), each one for itself.
    of_target: bool = False


@dataclass(frozen=True, slots=True)
class CountCards(Count):
    """``{"cards": pile, "owner": …, "match": …, "on": …}``: cards of ``mask`` in a pile of the
    holder's player, of the other or of both (``owner``: self, opponent, both); ``play``: attached
    to characters (to those of ``on`` only, when given); ``played_turn`` / ``played_game``: played
    this turn / this game."""

    pile: str
    owner: str
    mask: int
    on: Target | None = None
    #: The card the effect belongs to is left out ("par autre Sort Foudre en jeu").
    other: bool = False
    #: Only the cards the holder may play, as ``play_card`` ``playable`` takes them ("jouables").
    playable: bool = False
    #: More piles counted with ``pile`` ("dans votre Défausse et votre Deck").
    also: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CountCharacters(Count):
    """``{"characters": Target, "dead": …}``: how many characters the target names (living), or
    how many of the group are dead; with ``union``, the characters any of the targets names, each
    counted once; with ``either``, the living and the dead ("vivant ou mort")."""

    target: Target
    dead: bool = False
    union: tuple[Target, ...] = ()
    either: bool = False


@dataclass(frozen=True, slots=True)
class CountMarkers(Count):
    """``{"markers": name, "on": Target}``: markers of that name on the target's characters."""

    marker: str
    on: Target


@dataclass(frozen=True, slots=True)
class CountGuilds(Count):
    """``{"guilds": "self"}``: the holder's guilds (a Courtisan: see EredanRules)."""


@dataclass(frozen=True, slots=True)
class CountClasses(Count):
    """``{"classes": "self"}``: the holder's classes (``of_opponent``: its opponent's)."""

    of_opponent: bool = False


@dataclass(frozen=True, slots=True)
class CountDamageDealt(Count):
    """``{"damage_dealt": "self"}``: the damage the holder (``of_opponent``: its opponent) dealt
    this turn so far."""

    of_opponent: bool = False


@dataclass(frozen=True, slots=True)
class CountDamageTaken(Count):
    """``{"damage_taken": "self"}``: the damage (HP lost to damage) the holder (``of_opponent``: its
    opponent) took this turn so far (Board.taken, kept when the decks count it)."""

    of_opponent: bool = False


@dataclass(frozen=True, slots=True)
class CountEventDamage(Count):
    """``{"event_damage": "self"}``: the HP the damage that set off the trigger took (Firing.amount,
    Board.event_amount while it resolves; 0 elsewhere)."""


@dataclass(frozen=True, slots=True)
class CountCastes(Count):
    """``{"castes": "self"}``: the holder's castes."""


@dataclass(frozen=True, slots=True)
class CountTurn(Count):
    """``{"turn": "current"}``: the number of the turn being played."""


@dataclass(frozen=True, slots=True)
class CountDistinct(Count):
    """``{"distinct": trait, "among": Target}``: the different races / classes / guilds the
    target's characters have between them (a race counts as itself, not its parent)."""

    trait: str
    among: Target


@dataclass(frozen=True, slots=True)
class CountCommon(Count):
    """``{"common": trait}``: the classes / castes the holder and the enemy fighter both have."""

    trait: str


def _counted(target: spec.Target, ctx: CompileContext, where: str) -> Target:
    """A target a count reads: a group, never one character drawn at random (a count draws
    nothing)."""
    if spec.target_group(target)[1] == "random":
        raise UnsupportedSpecError(where, "a count of a random pick is not supported")
    return compile_target(target, ctx, where)


def _counted_on(target: Any, ctx: CompileContext, where: str) -> Target:
    """Whose cards or markers a count reads: a target, or ``"target"`` (the character the effect
    reaches: :data:`THE_TARGET`)."""
    return THE_TARGET if target == "target" else _counted(target, ctx, where)


def compile_count(count: spec.Count, ctx: CompileContext, where: str) -> Count:
    refuse_pending_count(count, where)
    kind = count.kind
    if kind == "stat":
        assert count.stat is not None
        return CountStat(count.stat, count.of == "opponent", count.base, count.of == "target")
    if kind == "cards":
        assert count.pile is not None
        mask = -1 if count.match is None else ctx.mask(count.match)
        on = None if count.on is None else _counted_on(count.on, ctx, f"{where}.on")
        return CountCards(count.pile, count.owner, mask, on, count.other, count.playable, count.also)
    if kind == "characters":
        assert count.characters is not None
        union = tuple(
            _counted(t, ctx, f"{where}.characters[{i}]") for i, t in enumerate(count.union, start=1)
        )
        return CountCharacters(
            _counted(count.characters, ctx, f"{where}.characters"), count.dead, union, count.either
        )
    if kind == "markers":
        assert count.marker is not None and count.on is not None
        return CountMarkers(count.marker, _counted_on(count.on, ctx, f"{where}.on"))
    if kind == "guilds":
        return CountGuilds()
    if kind == "classes":
        return CountClasses(count.of == "opponent")
    if kind == "damage_taken":
        return CountDamageTaken(count.of == "opponent")
    if kind == "damage_dealt":
        return CountDamageDealt(count.of == "opponent")
    if kind == "castes":
        return CountCastes()
    if kind == "event_damage":
        return CountEventDamage()
    if kind == "turn":
        return CountTurn()
    if kind == "distinct":
        assert count.trait is not None and count.characters is not None
        return CountDistinct(count.trait, _counted(count.characters, ctx, f"{where}.among"))
    if kind == "common":
        assert count.trait is not None
        return CountCommon(count.trait)
    raise UnsupportedSpecError(where, f"count {kind!r} is not supported")


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


#: Picks of a :class:`Group` (``cards.domain.effects.PICKS``).
PICK_CHOICE, PICK_RANDOM, PICK_MOST_WOUNDED, PICK_FEWEST_HP = range(1, 5)
PICK_OF_NAME = {
    "choice": PICK_CHOICE,
    "random": PICK_RANDOM,
    "most_wounded": PICK_MOST_WOUNDED,
    "fewest_hp": PICK_FEWEST_HP,
}


@dataclass(frozen=True, slots=True)
class Group(Target):
    """Any other target (``cards.domain.effects``: a name, or a selector object): the living
    characters of ``group`` (a name of ``GROUPS``, relative to the holder) that pass ``filter``,
    or one of them when ``pick`` is set (``PICK_*``). A pick is made once per resolution of a card
    or firing of a trigger (``Board.picks``): every effect of it with the same target reaches the
    same character. ``label`` names it (its name or JSON) in errors and the log."""

    name: ClassVar[str] = "group"
    group: str
    pick: int = 0
    filter: CharFilter | None = None
    label: str = ""


@dataclass(frozen=True, slots=True)
class TheTarget(Target):
    """In a count (``of`` / ``on`` ``"target"``): the character the effect reaches, each one for
    itself (Board.count_target, set while the effect applies to it)."""

    name: ClassVar[str] = "target"


THE_TARGET = TheTarget()
SELF = SelfTarget()
OPPONENT = OpponentTarget()
TARGET_OF_NAME: Mapping[str, Target] = {
    t.name: t
    for t in (SELF, OPPONENT, AllAllies(), AllEnemies(), RandomOtherEnemy(), MostWoundedAlly(), OtherAllies())
}


def compile_target(target: spec.Target, ctx: CompileContext, where: str) -> Target:
    """The record of a target of the card data: a version-1 name's own record, or a :class:`Group`
    (every other name, every selector object)."""
    if isinstance(target, str):
        known = TARGET_OF_NAME.get(target)
        if known is not None:
            return known
        group, pick = spec.target_group(target)
        return Group(group, 0 if pick is None else PICK_OF_NAME[pick], None, target)
    return Group(
        target.group,
        0 if target.pick is None else PICK_OF_NAME[target.pick],
        compile_filter(target, ctx) if target.filtered else None,
        json.dumps(target.to_json(), sort_keys=True),
    )


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
    """``{"turns": N}``: N turns of the affected character — its next N combats, as
    :class:`ForCombats` (issue 15 §2: "N tours" count the carrier's turns), or, with
    ``EredanRules.turns_count_the_characters_combats`` false, this turn and the next N − 1 of the
    game."""

    turns: int

    @property
    def label(self) -> str:
        return f"{self.turns} turns"


@dataclass(frozen=True, slots=True)
class ForGame(Duration):
    """``game``: the rest of the game, whatever happens to its source (the card leaves play, the
    owner of an aura dies) — "jusqu'à la fin de la partie"."""

    @property
    def label(self) -> str:
        return "game"


@dataclass(frozen=True, slots=True)
class ForCombats(Duration):
    """``{"combats": N}``: the affected character's next N combats, this one included when it
    has not struck yet (counted by ``Board.fought``, which each clash raises for both fighters)."""

    combats: int

    @property
    def label(self) -> str:
        return f"{self.combats} combats"


COMBAT = ForCombat()
PERMANENT = Permanent()
GAME = ForGame()


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
    (``None``: no stat; ``ATK``: a fresh roll of its Attaque; ``ATK_BASE``: a roll of its printed
    Attaque range, no modifier), at least 0."""

    lo: int
    hi: int
    stat: int | None = None


@dataclass(frozen=True, slots=True)
class Scaled:
    """A scaled amount (``cards.domain.effects.Scaled``): ``plus + each × round(count / div)``
    (rounded down, or up with ``round_up``), clamped to ``lo``..``hi`` (``None``: no bound); the
    count is read when the amount is."""

    count: Count
    each: int = 1
    plus: int = 0
    div: int = 1
    round_up: bool = False
    lo: int | None = None
    hi: int | None = None
    #: Its count reads the character the effect reaches: counted for each one.
    per_target: bool = False
    #: More terms added before the clamp (``each × round(count / div)`` each; JSON ``"and"``).
    more: tuple[Scaled, ...] = ()


#: An amount of points.
Points: TypeAlias = "Roll | Scaled"


@dataclass(frozen=True, slots=True, kw_only=True)
class ModifyOp(Op):
    """``modify``: ``amount`` added to ``stat`` of each target, for ``duration`` — or, when
    ``points`` is set (a rolled, stat-based or scaled modifier), the amount it gives when the
    effect applies (``amount`` is then 0); a rolled one is rolled once for all the targets
    (``EredanRules.amount_rolled_once_per_effect``)."""

    name: ClassVar[str] = "modify"
    stat: int
    amount: int
    target: Target = SELF
    duration: Duration = COMBAT
    points: Points | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SwapOp(Op):
    """``swap``: each target exchanges its stats ``first`` and ``second`` (DEF, SPI): their values
    read when the effect applies, the difference added to each as a modifier for ``duration``."""

    name: ClassVar[str] = "swap"
    first: int
    second: int
    target: Target = SELF
    duration: Duration = COMBAT


@dataclass(frozen=True, slots=True, kw_only=True)
class DamageOp(Op):
    """``damage``: ``amount`` damage of ``kind`` (K_*) to each target; of the element ``element``
    (a bit of ELEMENT_BIT; 0: the element of the card dealing it, if it is a Sort of one)."""

    name: ClassVar[str] = "damage"
    deals_damage: ClassVar[bool] = True
    kind: int
    amount: Points
    target: Target = OPPONENT
    element: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class HealOp(Op):
    """``heal``: ``amount`` HP back to each target, never above its maximum."""

    name: ClassVar[str] = "heal"
    amount: Points
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


# --- card-moving and board ops (cards, piles, markers, tapping, restrictions) -----------------------

# Piles (``move``, ``card_to``, ``create``, ``play_card``): where a card goes or comes from.
PILE_DECK, PILE_HAND, PILE_DISCARD, PILE_REMOVED, PILE_OPPONENT_DECK, PILE_PLAY, PILE_ATTACH = range(7)
#: The top of the other player's deck (``card_to``: "sur le dessus du Deck adverse"): drawn next.
PILE_OPPONENT_DECK_TOP = 7
PILE_NAMES = ("deck", "hand", "discard", "removed", "opponent_deck", "play", "attach", "opponent_deck_top")
PILE_OF_NAME = {name: i for i, name in enumerate(PILE_NAMES)}
# How cards are picked in a pile (``move``, ``discard_attached``, ``play_card``).
CARD_RANDOM, CARD_TOP, CARD_CHOICE = range(3)
CARD_PICK_OF_NAME = {"random": CARD_RANDOM, "top": CARD_TOP, "choice": CARD_CHOICE}
# Whose attached cards ``discard_attached`` takes: any, the holder's player's, the other player's.
OWNER_ANY, OWNER_SELF, OWNER_OPPONENT = range(3)
OWNER_OF_NAME = {"any": OWNER_ANY, "self": OWNER_SELF, "opponent": OWNER_OPPONENT}
# What ``forbid`` forbids.
FORBID_PLAY, FORBID_CHAIN, FORBID_ATTACK, FORBID_HEALED = range(4)
#: Not restrictions but kept with them (``acts_now``, interpreter.Restriction's ``what``): such
#: cards played by the character act at once — any of them, or only those played as its second card.
ACTS_NOW, ACTS_NOW_CHAINED = 4, 5
FORBID_NAMES = ("play", "chain", "attack", "healed")
FORBID_OF_NAME = {name: i for i, name in enumerate(FORBID_NAMES)}


@dataclass(frozen=True, slots=True, kw_only=True)
class MoveOp(Op):
    """``move``: up to ``count`` cards (-1: all) of ``mask`` go from pile
    ``source`` to pile ``dest`` (PILE_*) of the holder's player, or of the other player when
    ``opponent``; picked at random (the game's chance) or from the top; to a deck: each at a random
    place; to PILE_ATTACH: into play, attached to each character of ``target`` (up to ``count``
    cards each, of those that stay: Tables.attaching_mask), not played. ``into_self``: the other
    player's cards go to the holder's player's own pile; ``any_owner``: a card of either player's
    pile, the player's pick (its own when the move is good for a card's owner, the opponent's
    otherwise), back to its owner's pile; ``by_opponent``: the other player picks among its own
    cards (its best when the move is good for it, its worst when they leave it)."""

    name: ClassVar[str] = "move"
    source: int
    dest: int
    opponent: bool = False
    count: int = 1
    mask: int = -1  # the cards it may take (of the tables; -1: any)
    pick: int = CARD_RANDOM
    target: Target = SELF  # to PILE_ATTACH: whom the cards are attached to
    also: tuple[int, ...] = ()  # more piles of the same seat the cards may come from (PILE_*)
    into_self: bool = False  # the other player's cards go into the holder's player's own pile
    any_owner: bool = False  # either player's pile (the player's pick): back to the owner's pile
    by_opponent: bool = False  # the other player picks among its own cards (pick CARD_CHOICE)


@dataclass(frozen=True, slots=True, kw_only=True)
class CardToOp(Op):
    """``card_to``: this card goes to ``dest`` (PILE_HAND, PILE_DECK, PILE_DISCARD, PILE_OPPONENT_DECK(_TOP),
    PILE_REMOVED): a card that stays leaves play; one that does not goes there instead of its
    player's discard pile once it has resolved."""

    name: ClassVar[str] = "card_to"
    dest: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DiscardAttachedOp(Op):
    """``discard_attached``: up to ``count`` (-1: all) cards attached to the characters of
    ``target`` (a group: that many among all their cards, not from each), of ``mask``, of
    ``owner`` (OWNER_*, relative to the holder's player), leave play to their owners' pile
    ``dest`` (discard, deck, hand, removed) — or, ``into_self``, to the holder's player's own —
    picked at random (the game's chance) or by the player; ``may``: the player may take fewer
    (its choice: only the other player's cards); ``other``: never the card whose effects run
    (Board.cur_serial)."""

    name: ClassVar[str] = "discard_attached"
    target: Target = OPPONENT
    count: int = 1
    mask: int = -1  # the cards it may take (of the tables; -1: any)
    owner: int = OWNER_ANY
    dest: int = PILE_DISCARD  # the pile of each card's owner it goes to
    pick: int = CARD_RANDOM
    other: bool = False
    into_self: bool = False  # to the holder's player's own pile, whoever owns the card
    may: bool = False  # the player may take fewer: it takes only the other player's cards


@dataclass(frozen=True, slots=True, kw_only=True)
class CreateOp(Op):
    """``create``: ``count`` new copies of the card ``family`` (``Tables.created`` gives its id)
    come into the game, for the holder's player: to its hand, deck (a random place) or discard
    pile, played at once by each character of the target (PILE_PLAY) or attached to each
    (PILE_ATTACH) — ``count`` copies each."""

    name: ClassVar[str] = "create"
    family: str
    count: int = 1
    dest: int = PILE_HAND
    target: Target = SELF


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayCardOp(Op):
    """``play_card``: a card of ``mask`` from pile ``source`` of the holder's player, picked
    at random or from the top, is played at once by the (first) character of ``target``: after the
    cards of the turn during the choice and card steps, at once otherwise."""

    name: ClassVar[str] = "play_card"
    source: int
    mask: int = -1  # the cards it may take (of the tables; -1: any)
    pick: int = CARD_RANDOM
    target: Target = SELF
    also: tuple[int, ...] = ()  # more piles of the holder's player the card may come from (PILE_*)
    playable: bool = False  # only a card the character may play, whatever the rules' decision
    now: bool = False  # it acts at once, even a card that acts after the combat
    unrestricted: bool = False  # whatever its requirements, whatever the rules' decision


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkerOp(Op):
    """``marker``: ``count`` markers named ``marker`` on each target (a negative count removes
    them, never below 0)."""

    name: ClassVar[str] = "marker"
    marker: str
    count: int
    target: Target = SELF


@dataclass(frozen=True, slots=True, kw_only=True)
class TapOp(Op):
    """``tap``: each target is tapped (incliné)."""

    name: ClassVar[str] = "tap"
    target: Target = OPPONENT


@dataclass(frozen=True, slots=True, kw_only=True)
class UntapOp(Op):
    """``untap``: each target is untapped (relevé); a fighter untapped during its combat is not
    tapped at its end (EredanRules.untapped_fighter_stays_untapped)."""

    name: ClassVar[str] = "untap"
    target: Target = SELF


@dataclass(frozen=True, slots=True, kw_only=True)
class ForbidOp(Op):
    """``forbid``: each target cannot play (FORBID_PLAY) or chain (FORBID_CHAIN: as its second
    card) the cards of ``mask``, make its clash attack (FORBID_ATTACK) or be healed
    (FORBID_HEALED: heals on it do nothing), for ``duration`` — a restriction on what comes after it
    (the cards already chosen this turn resolve)."""

    name: ClassVar[str] = "forbid"
    what: int
    mask: int = -1
    target: Target = SELF
    duration: Duration = COMBAT


@dataclass(frozen=True, slots=True, kw_only=True)
class ActsNowOp(Op):
    """``acts_now``: for ``duration``, the cards of ``mask`` each target plays (``chained``: only as
    its second card) act as soon as they are played — as "S'active immédiatement" says of a card:
    an item comes into play at once instead of after the clash."""

    name: ClassVar[str] = "acts_now"
    mask: int = -1
    chained: bool = False
    target: Target = SELF
    duration: Duration = COMBAT


#: The races the reference data gives a parent race and a spell element (``fixtures/cardset/
#: reference.json``, races): what a race given by ``traits`` makes its character — a Guémélite of
#: an element casts that element's Sortilèges (docs/rules/eredan.md §3 Races). Checked against the
#: reference data by a test.
RACE_PARENT_ELEMENT: dict[str, tuple[str, str | None]] = {
    "guemelite_air": ("guemelite", "air"),
    "guemelite_eau": ("guemelite", "eau"),
    "guemelite_terre": ("guemelite", "terre"),
    "guemelite_nature": ("guemelite", "nature"),
    "guemelite_feu": ("guemelite", "feu"),
    "guemelite_temps": ("guemelite", "temps"),
    "guemelite_ombre": ("guemelite", "ombre"),
    "guemelite_fantomatique": ("guemelite", None),
    "guemelite_guem": ("guemelite", "guem"),
    "guemelite_guerre": ("guemelite", "guerre"),
    "guemelite_dragon": ("guemelite", "draconique"),
    "guemelite_foudre": ("guemelite", "foudre"),
    "guemelite_nehant": ("guemelite", "nehant"),
    "guemelite_mental": ("guemelite", "mental"),
}


#: The parent races (a Guémélite of an element is also a Guémélite).
RACE_PARENTS = frozenset(parent for parent, _ in RACE_PARENT_ELEMENT.values())


@dataclass(frozen=True, slots=True, kw_only=True)
class TraitsOp(Op):
    """``traits``: for ``duration``, each target also has (``mode`` "add"), has only ("set": the
    kinds named are replaced) or no longer has ("remove") the classes, races, guilds, castes and
    keywords given (``None``: that kind is untouched; ``"all"`` with "remove": every one). Every
    rule reading them reads the changed ones (EredanState: ``Board.trait_grants``, the characters
    as changed in ``Board.chars`` and the cards they may play in ``Board.play_mask``)."""

    name: ClassVar[str] = "traits"
    mode: str
    classes: tuple[str, ...] | None = None
    races: tuple[str, ...] | None = None
    guilds: tuple[str, ...] | None = None
    castes: tuple[str, ...] | str | None = None
    keywords: tuple[str, ...] | str | None = None
    target: Target = SELF
    duration: Duration = COMBAT


@dataclass(frozen=True, slots=True, kw_only=True)
class GrantOrderOp(Op):
    """``grant_order``: each target gets its Ordres' bonus this combat as if the turn were one they
    name — nothing more when one of its Ordres already names this turn (which of them:
    EredanRules.granted_order_is_every_ordre)."""

    name: ClassVar[str] = "grant_order"
    target: Target = SELF


# What a ``pay`` costs.
COST_ATTACHED, COST_MARKERS, COST_HAND = range(3)


@dataclass(frozen=True, slots=True, kw_only=True)
class PayOp(Op):
    """``pay``: when the payer — the holder, or (``by_opponent``) the enemy fighter — has ``count``
    cards of ``mask`` attached to it (COST_ATTACHED: a Rune is a card attached to its character)
    or ``count`` markers ``marker`` (COST_MARKERS), or its player has ``count`` cards in hand
    (COST_HAND), they are spent (the attached cards, oldest first, to their owners' discard piles;
    the markers removed; the cards of the hand its player would give up first — the engine chooses
    for it, ``cardops.chosen``: the least useful — to its discard pile, or ``dest``) and ``effects`` happen;
    otherwise nothing. ``may``: only when the holder's player chose to pay (a choice of two
    options, 0 pay, 1 not, made as a ``one_of``'s is: ``choice_slots``)."""

    name: ClassVar[str] = "pay"
    cost: int
    count: int
    mask: int = 0
    marker: str = ""
    by_opponent: bool = False
    effects: tuple[Op, ...] = ()
    may: bool = False
    dest: int = PILE_DISCARD  # COST_HAND: where the cards paid go (PILE_DISCARD, PILE_REMOVED)


@dataclass(frozen=True, slots=True, kw_only=True)
class CounterOp(Op):
    """``counter``: the next card of ``mask`` that a character of ``target`` (as reached now) plays
    does not resolve — no effect, no Enchaînement from it — and goes to its owner's pile ``dest``
    (PILE_DISCARD, PILE_HAND, PILE_DECK); once."""

    name: ClassVar[str] = "counter"
    mask: int = -1
    dest: int = PILE_DISCARD
    target: Target = OPPONENT


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawPhaseOp(Op):
    """``draw_phase``: at each of the next ``phases`` draw phases (-1: every one while its source
    stays in play — the rest of the game for a card that does not stay) of the holder's player
    (``seats`` bit 0), of the other (bit 1) or both, that player draws ``amount`` cards more
    (fewer, never below none; ``amount`` None: no card at all) than it would."""

    name: ClassVar[str] = "draw_phase"
    amount: int | None
    seats: int = 1
    phases: int = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class AdvanceTurnsOp(Op):
    """``advance_turns``: the turn counter moves on ``lo``..``hi`` more turns (rolled when it
    happens): the next turn is numbered that much more (``Board.turn_skip``); before the first
    turn (a ``game_start`` trigger), the first turn itself."""

    name: ClassVar[str] = "advance_turns"
    lo: int
    hi: int


# Ops compiled into a card's or a character's tables rather than run: a card's conditional chain
# (``chain``: CompiledCard.chains), a character's ``chain_on``, ``may_play``, ``carry`` and
# ``may_attach`` abilities (CompiledCharacter). compile_effect refuses them anywhere else.
COMPILED_INTO_TABLES: frozenset[type] = frozenset(
    {spec.Chain, spec.ChainOn, spec.MayPlay, spec.Carry, spec.MayAttach}
)


# Events of triggers (cards/domain/effects.py, "Event"): bit numbers of Tables.trigger_events.
(
    EV_GAME_START,
    EV_TURN_START,
    EV_TURN_END,
    EV_COMBAT_START,
    EV_AFTER_CARDS,
    EV_COMBAT_END,
    EV_LEAVES_PLAY,
    EV_PLAYS,
    EV_DIES,
    EV_DAMAGED,
    EV_DEALS,
) = range(11)
EVENT_NAMES = (
    "game_start",
    "turn_start",
    "turn_end",
    "combat_start",
    "after_cards",
    "combat_end",
    "leaves_play",
    "plays",
    "dies",
    "damaged",
    "deals",
)
EVENT_OF_NAME = {name: i for i, name in enumerate(EVENT_NAMES)}
#: The events of a combat the holder fights (it fires only when its holder is a fighter).
COMBAT_EVENTS = frozenset({EV_COMBAT_START, EV_AFTER_CARDS, EV_COMBAT_END})
LIMIT_NONE, LIMIT_TURN, LIMIT_GAME = range(3)


@dataclass(frozen=True, slots=True, kw_only=True)
class TriggerOp(Op):
    """``trigger``: ``ops`` happen each time ``event`` (``EV_*``) occurs while the source is in
    play — a character's ability while it lives, a card that stays while it is attached, a card
    that does not stay (or an Ordre) for the rest of the turn it acted in. ``who`` (relative to the
    holder) is whose card play, death, damage taken or dealt counts; ``to`` whom the damage is
    dealt to (``deals``); ``mask`` the cards a ``plays`` event is about (bits of card ids);
    ``kinds`` the damage kinds that count (bits ``1 << K_*``; 0: any; the clash is physical);
    ``elements`` the damage elements that count (ELEMENT_BIT bits; 0: any); ``limit`` once per
    turn / per game. ``choices``: its effects' targets and ``one_of`` options the player chooses,
    asked when it fires. Fired triggers resolve once the step they happen in is over
    (EredanState: "Triggers")."""

    name: ClassVar[str] = "trigger"
    event: int
    ops: tuple[Op, ...]
    who: Target | None = None
    to: Target | None = None
    mask: int = -1
    kinds: int = 0
    elements: int = 0
    #: ``damaged`` / ``deals``: only damage that takes at least this many HP at once (0: any).
    at_least: int = 0
    limit: int = LIMIT_NONE
    #: With a limit: how many times per turn / per game ("(max +3)").
    times: int = 1
    choices: tuple[Choice, ...] = ()
    #: ``damaged`` / ``deals``: its effects name the other character of the damage (the target
    #: ``event_other``, compiled as ``event``): the firing is about that one.
    other: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class OneOfOp(Op):
    """``one_of``: one of ``options`` (effect lists) happens — the player's choice, or drawn with
    the game's chance (``random``). A choice is made as the card is played (its ``Play`` action)
    or when its trigger fires (EredanState: "Choices"); the pick is keyed by this record."""

    name: ClassVar[str] = "one_of"
    options: tuple[tuple[Op, ...], ...]
    random: bool = False

    @property
    def deals_damage(self) -> bool:  # type: ignore[override]
        return any(op.deals_damage for option in self.options for op in option)


#: What a pick is made for in a resolution: a target (one character), or a ``one_of`` (an option).
PickKey: TypeAlias = "Target | OneOfOp | PayOp"
#: A choice a player makes for effects as they resolve: a target to choose, a ``one_of``'s option,
#: whether to pay a cost it may pay (``PayOp.may``).
Choice: TypeAlias = "Group | OneOfOp | PayOp"
#: The options of a ``PayOp.may`` choice: pay (0) or not (1).
PAY_OPTIONS = 2


def option_count(slot: OneOfOp | PayOp) -> int:
    """How many options a choice that is not a target has."""
    return PAY_OPTIONS if isinstance(slot, PayOp) else len(slot.options)


def choice_slots(ops: tuple[Op, ...]) -> tuple[Choice, ...]:
    """The choices a player makes for these effects when they resolve (a card as it is played, a
    trigger as it fires): the distinct choice targets, then the ``one_of`` choices and the costs
    the player may pay — inside ``one_of`` options and paid effects too, not inside a nested
    trigger (it asks when it fires)."""
    targets: list[Group] = []
    options: list[OneOfOp | PayOp] = []

    def walk(ops: tuple[Op, ...]) -> None:
        for op in ops:
            if isinstance(op, TriggerOp):
                continue
            for f in fields(op):
                value = getattr(op, f.name)
                if isinstance(value, Group) and value.pick == PICK_CHOICE and value not in targets:
                    targets.append(value)
            if isinstance(op, OneOfOp):
                if not op.random and op not in options:
                    options.append(op)
                for option in op.options:
                    walk(option)
            elif isinstance(op, PayOp):
                if op.may and op not in options:
                    options.append(op)
                walk(op.effects)

    walk(ops)
    return (*targets, *options)


# --- compiling the card data's effects ------------------------------------------------------------

S = TypeVar("S")
Compiler: TypeAlias = Callable[[Any, str, int, "Condition | None", CompileContext], Op]
#: spec effect type (``cards.domain.effects``) -> its compiling function.
COMPILERS: dict[type, Compiler] = {}


def compiles(
    spec_type: type[S],
) -> Callable[[Callable[[S, str, int, Condition | None, CompileContext], Op]], Compiler]:
    """Register the function compiling the spec effects of ``spec_type`` into a record: it takes
    the effect, ``where`` (for errors), its index, its compiled condition and the
    :class:`CompileContext`."""

    def register(fn: Callable[[S, str, int, Condition | None, CompileContext], Op]) -> Compiler:
        COMPILERS[spec_type] = fn
        return fn

    return register


def _pick(table: Mapping[str, S], value: str, what: str, where: str) -> S:
    found = table.get(value)
    if found is None:
        raise UnsupportedSpecError(where, f"{what} {value!r} is not supported (known: {', '.join(table)})")
    return found


def compile_points(amount: spec.Amount | spec.Scaled, ctx: CompileContext, where: str) -> Points:
    """An amount of the card data: a :class:`Roll` or a :class:`Scaled` amount."""
    if isinstance(amount, spec.Scaled):
        count = compile_count(amount.per, ctx, f"{where}.per")
        more = tuple(
            Scaled(
                count=compile_count(t.per, ctx, f"{where}.and[{i}].per"),
                each=t.each,
                div=t.div,
                round_up=t.round_up,
            )
            for i, t in enumerate(amount.more)
        )
        return Scaled(
            count=count,
            per_target=spec.scaled_reaches_target(amount),
            each=amount.each,
            plus=amount.plus,
            div=amount.div,
            round_up=amount.round_up,
            lo=amount.lo,
            hi=amount.hi,
            more=more,
        )
    stat = None if amount.stat is None else _pick(AMOUNT_STAT_INDEX, amount.stat, "amount stat", where)
    if amount.base and stat == ATK:
        stat = ATK_BASE
    return Roll(amount.lo, amount.hi, stat)


def _roll(amount: spec.Amount | spec.Scaled, where: str, ctx: CompileContext = NO_CONTEXT) -> Points:
    return compile_points(amount, ctx, where)


def _target(effect: Any, allies: AllyFilter | None, where: str, ctx: CompileContext = NO_CONTEXT) -> Target:
    """The record of an effect's target: its name, or (``target == "group"``) its selector."""
    selector = getattr(effect, "selector", None)
    if selector is not None:
        return compile_target(selector, ctx, where)
    target = compile_target(effect.target, ctx, where)
    return OtherAllies(allies) if isinstance(target, OtherAllies) else target


def _duration(duration: spec.Duration, where: str) -> Duration:
    if duration.kind == "combat":
        return COMBAT
    if duration.kind == "permanent":
        return PERMANENT
    if duration.kind == "game":
        return GAME
    if duration.turns < 1:
        raise UnsupportedSpecError(where, f"a duration in {duration.kind} must be at least 1")
    if duration.kind == "turns":
        return ForTurns(duration.turns)
    if duration.kind == "combats":
        return ForCombats(duration.turns)
    raise UnsupportedSpecError(where, f"duration {duration.kind!r} is not supported")


@compiles(spec.Modify)
def _compile_modify(
    effect: spec.Modify, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    amount = effect.amount
    points: Points | None = None
    if not isinstance(amount, int):
        points = compile_points(amount, ctx, f"{where}.amount")
        amount = 0
    return ModifyOp(
        stat=_pick(STAT_INDEX, effect.stat, "stat", where),
        amount=amount,
        target=_target(effect, effect.allies, where, ctx),
        duration=_duration(effect.duration, where),
        points=points,
        when=when,
        index=index,
    )


@compiles(spec.Swap)
def _compile_swap(
    effect: spec.Swap, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    if effect.duration.kind == "permanent":
        # on a card that stays: while it is attached, which a one-time exchange does not know
        raise UnsupportedSpecError(where, "a swap lasting while its card stays is not supported yet")
    first, second = (_pick(STAT_INDEX, s, "stat", where) for s in effect.stats)
    return SwapOp(
        first=first,
        second=second,
        target=_target(effect, None, where, ctx),
        duration=_duration(effect.duration, where),
        when=when,
        index=index,
    )


@compiles(spec.Damage)
def _compile_damage(
    effect: spec.Damage, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    return DamageOp(
        kind=_pick(DAMAGE_KINDS, effect.kind, "damage kind", where),
        amount=compile_points(effect.amount, ctx, f"{where}.amount"),
        target=_target(effect, None, where, ctx),
        element=0 if effect.element is None else ELEMENT_BIT[effect.element],
        when=when,
        index=index,
    )


@compiles(spec.Heal)
def _compile_heal(
    effect: spec.Heal, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    return HealOp(
        amount=compile_points(effect.amount, ctx, f"{where}.amount"),
        target=_target(effect, None, where, ctx),
        when=when,
        index=index,
    )


@compiles(spec.Draw)
def _compile_draw(
    effect: spec.Draw, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    return DrawOp(count=effect.count, when=when, index=index)


@compiles(spec.Discard)
def _compile_discard(
    effect: spec.Discard, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    return DiscardOp(count=effect.count, when=when, index=index)


@compiles(spec.Mill)
def _compile_mill(
    effect: spec.Mill, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    return MillOp(count=effect.count, when=when, index=index)


@compiles(spec.Revive)
def _compile_revive(
    effect: spec.Revive, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    return ReviveOp(hp=effect.hp, when=when, index=index)


def _count(count: int | None) -> int:
    return -1 if count is None else count


def _card_pick(pick: str, what: str, where: str) -> int:
    """How a card is picked (CARD_*): "choice" — its player's — is made for it by the engine
    (EredanRules.chosen_card_by_worth)."""
    return CARD_PICK_OF_NAME[pick]


@compiles(spec.MoveCards)
def _compile_move(
    effect: spec.MoveCards, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    if effect.owner == "any" and effect.to == "attach":
        raise UnsupportedSpecError(where, "a card of either player's pile attached is not supported yet")
    by_opponent = effect.pick == "opponent"
    pick = _card_pick("choice" if by_opponent else effect.pick, "moving cards", where)
    if pick == CARD_TOP and effect.from_ == "hand":
        raise UnsupportedSpecError(where, 'a hand has no top: pick "top" is for a deck or a discard pile')
    return MoveOp(
        source=PILE_OF_NAME[effect.from_],
        dest=PILE_OF_NAME[effect.to],
        opponent=effect.owner == "opponent",
        count=_count(effect.count),
        mask=-1 if effect.cards is None else ctx.mask(effect.cards),
        pick=pick,
        target=_target(effect, None, where, ctx) if effect.to == "attach" else SELF,
        also=tuple(PILE_OF_NAME[p] for p in effect.also),
        into_self=effect.into == "self",
        any_owner=effect.owner == "any",
        by_opponent=by_opponent,
        when=when,
        index=index,
    )


@compiles(spec.CardTo)
def _compile_card_to(
    effect: spec.CardTo, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    return CardToOp(dest=PILE_OF_NAME[effect.to], when=when, index=index)


@compiles(spec.DiscardAttached)
def _compile_discard_attached(
    effect: spec.DiscardAttached, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    return DiscardAttachedOp(
        pick=_card_pick(effect.pick, "discarding attached cards", where),
        target=_target(effect, None, where, ctx),
        count=_count(effect.count),
        mask=-1 if effect.cards is None else ctx.mask(effect.cards),
        owner=OWNER_OF_NAME[effect.owner],
        dest=PILE_OF_NAME[effect.to],
        other=effect.other,
        into_self=effect.into == "self",
        may=effect.may,
        when=when,
        index=index,
    )


@compiles(spec.CreateCard)
def _compile_create(
    effect: spec.CreateCard, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    return CreateOp(
        family=effect.card,
        count=effect.count,
        dest=PILE_OF_NAME[effect.to],
        target=_target(effect, None, where, ctx),
        when=when,
        index=index,
    )


@compiles(spec.PlayCard)
def _compile_play_card(
    effect: spec.PlayCard, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    pick = _card_pick(effect.pick, "playing a card from a pile", where)
    if pick == CARD_TOP and effect.from_ == "hand":
        raise UnsupportedSpecError(where, 'a hand has no top: pick "top" is for a deck or a discard pile')
    return PlayCardOp(
        source=PILE_OF_NAME[effect.from_],
        mask=-1 if effect.cards is None else ctx.mask(effect.cards),
        pick=pick,
        target=_target(effect, None, where, ctx),
        also=tuple(PILE_OF_NAME[p] for p in effect.also),
        playable=effect.playable,
        now=effect.now,
        unrestricted=effect.unrestricted,
        when=when,
        index=index,
    )


@compiles(spec.Marker)
def _compile_marker(
    effect: spec.Marker, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    return MarkerOp(
        marker=effect.name,
        count=effect.count,
        target=_target(effect, None, where, ctx),
        when=when,
        index=index,
    )


@compiles(spec.Tap)
def _compile_tap(effect: spec.Tap, where: str, index: int, when: Condition | None, ctx: CompileContext) -> Op:
    return TapOp(target=_target(effect, None, where, ctx), when=when, index=index)


@compiles(spec.Untap)
def _compile_untap(
    effect: spec.Untap, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    return UntapOp(target=_target(effect, None, where, ctx), when=when, index=index)


def _kind_bits(kinds: tuple[str, ...]) -> int:
    return sum(1 << DAMAGE_KINDS[k] for k in kinds)


def _who(target: spec.Target, ctx: CompileContext, where: str) -> Target:
    """Whose card play, death or damage an event counts: a group (no pick: nothing is drawn)."""
    if spec.target_group(target)[1] is not None:
        raise UnsupportedSpecError(where, "an event about one picked character is not supported")
    return compile_target(target, ctx, where)


@compiles(spec.Trigger)
def _compile_trigger(
    effect: spec.Trigger, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    on = effect.on
    other = spec._names_event(effect.effects, "event_other")
    if other:
        # "event_other" (the other character of the damage) is played as "event" of a firing
        # about that character: both in one trigger are not supported
        said = json.dumps(spec.effect_to_json(replace(effect, effects=())))
        said += json.dumps(spec.effects_to_json(effect.effects))
        if '"event"' in said:
            raise UnsupportedSpecError(where, 'the targets "event" and "event_other" in one trigger')
        effect = replace(effect, effects=_event_other_as_event(effect.effects))
    ops = tuple(compile_effect(e, f"{where}.effects[{i}]", i, ctx) for i, e in enumerate(effect.effects))
    choices = choice_slots(ops)
    return TriggerOp(
        event=EVENT_OF_NAME[on.kind],
        ops=ops,
        who=None
        if on.kind not in ("plays", "dies", "damaged", "deals")
        else _who(on.who, ctx, f"{where}.on"),
        to=None if on.to is None else _who(on.to, ctx, f"{where}.on.to"),
        mask=-1 if on.match is None else ctx.mask(on.match),
        kinds=_kind_bits(on.kinds),
        elements=element_bits(on.elements),
        at_least=on.at_least,
        limit={None: LIMIT_NONE, "once_per_turn": LIMIT_TURN, "once_per_game": LIMIT_GAME}[effect.limit],
        times=effect.times,
        choices=choices,
        when=when,
        index=index,
        other=other,
    )


def _event_other_as_event(effects: tuple[spec.Effect, ...]) -> tuple[spec.Effect, ...]:
    """The effects with the target ``event_other`` written ``event`` (a firing about that one)."""
    out: list[spec.Effect] = []
    for e in effects:
        if isinstance(e, spec.OneOf):
            e = replace(e, options=tuple(_event_other_as_event(o) for o in e.options))
        selector = getattr(e, "selector", None)
        if isinstance(selector, spec.Selector) and selector.group == "event_other":
            e = replace(e, selector=replace(selector, group="event"))  # type: ignore[arg-type]
        elif getattr(e, "target", None) == "event_other":
            e = replace(e, target="event")  # type: ignore[arg-type]
        out.append(e)
    return tuple(out)


@compiles(spec.Forbid)
def _compile_forbid(
    effect: spec.Forbid, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    return ForbidOp(
        what=FORBID_OF_NAME[effect.what],
        mask=-1 if effect.cards is None else ctx.mask(effect.cards),
        target=_target(effect, None, where, ctx),
        duration=_duration(effect.duration, where),
        when=when,
        index=index,
    )


@compiles(spec.Traits)
def _compile_traits(
    effect: spec.Traits, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    # Refused by name, the variants the engine cannot play faithfully: traits copied from other
    # characters (``of``: what they have when it happens), a guild given in addition (a character
    # of two guilds), races or guilds or classes taken away.
    if effect.of is not None:
        raise UnsupportedSpecError(where, "traits copied from other characters ('of') are not supported yet")
    if effect.mode == "add" and effect.guilds is not None:
        raise UnsupportedSpecError(where, "a guild given besides a character's own is not supported yet")
    if effect.mode == "remove" and (effect.races, effect.guilds, effect.classes) != (None, None, None):
        raise UnsupportedSpecError(where, "traits taking away races, guilds or classes are not supported yet")
    if effect.mode == "set" and effect.guilds is not None and len(effect.guilds) != 1:
        raise UnsupportedSpecError(where, "a character set to several guilds is not supported yet")

    def listed(value: spec.TraitList | None) -> tuple[str, ...] | None:
        return None if value is None or value == "all" else tuple(value)

    return TraitsOp(
        mode=effect.mode,
        classes=listed(effect.classes),
        races=listed(effect.races),
        guilds=listed(effect.guilds),
        castes=effect.castes if effect.castes == "all" else listed(effect.castes),
        keywords=effect.keywords if effect.keywords == "all" else listed(effect.keywords),
        target=_target(effect, None, where, ctx),
        duration=_duration(effect.duration, where),
        when=when,
        index=index,
    )


@compiles(spec.ActsNow)
def _compile_acts_now(
    effect: spec.ActsNow, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    return ActsNowOp(
        mask=-1 if effect.cards is None else ctx.mask(effect.cards),
        chained=effect.chained,
        target=_target(effect, None, where, ctx),
        duration=_duration(effect.duration, where),
        when=when,
        index=index,
    )


@compiles(spec.OneOf)
def _compile_one_of(
    effect: spec.OneOf, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    options = tuple(
        tuple(compile_effect(e, f"{where}.options[{j}][{i}]", i, ctx) for i, e in enumerate(option))
        for j, option in enumerate(effect.options)
    )
    return OneOfOp(options=options, random=effect.pick == "random", when=when, index=index)


@compiles(spec.GrantOrder)
def _compile_grant_order(
    effect: spec.GrantOrder, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    return GrantOrderOp(target=_target(effect, None, where, ctx), when=when, index=index)


# --- damage and healing bonuses, immunities, set stats, loss of HP, extra attacks ------------------


#: What a damage bonus is about (Board.dmods); DM_KIND: the kind of the clash attack (``amount``).
DM_TAKEN, DM_DEALT, DM_HEAL, DM_IMMUNE, DM_KIND = range(5)


#: Whose cards' damage an immunity is about (``immune`` ``by``): its player's, its own.
IMMUNE_BY_PLAYER, IMMUNE_BY_SELF = 1, 2


def _kinds_of(kinds: tuple[str, ...]) -> int:
    """Damage kinds as bits ``1 << K_*`` (0: every kind; the clash counts as physical)."""
    return sum(1 << DAMAGE_KINDS[k] for k in kinds)


@dataclass(frozen=True, slots=True, kw_only=True)
class DamageTakenOp(Op):
    """``damage_taken``: ``amount`` (or the scaled ``points``, counted for the character when the
    damage comes) added to each damage each target takes — of ``kinds`` (bits; 0: any) — after its
    reduction, never below 0; for ``duration``."""

    name: ClassVar[str] = "damage_taken"
    amount: int
    points: Scaled | None = None
    kinds: int = 0
    elements: int = 0  # ELEMENT_BIT bits (0: any element)
    target: Target = SELF
    duration: Duration = COMBAT


@dataclass(frozen=True, slots=True, kw_only=True)
class DamageDealtOp(Op):
    """``damage_dealt``: ``amount`` (or ``points``) added to each damage each target deals — of
    ``kinds``, of the cards of ``mask`` only (-1: any, the clash included) — before its reduction;
    for ``duration``."""

    name: ClassVar[str] = "damage_dealt"
    amount: int
    points: Scaled | None = None
    kinds: int = 0
    elements: int = 0  # ELEMENT_BIT bits (0: any element)
    mask: int = -1
    target: Target = SELF
    duration: Duration = COMBAT


@dataclass(frozen=True, slots=True, kw_only=True)
class HealDealtOp(Op):
    """``heal_dealt``: ``amount`` (or ``points``) added to each heal each target gives (of the cards
    of ``mask`` only; -1: any); for ``duration``."""

    name: ClassVar[str] = "heal_dealt"
    amount: int
    points: Scaled | None = None
    mask: int = -1
    target: Target = SELF
    duration: Duration = COMBAT


@dataclass(frozen=True, slots=True, kw_only=True)
class ImmuneOp(Op):
    """``immune``: each target takes no damage of ``kinds`` (bits), and is unaffected by the effects
    of the cards of ``mask`` (0: none named); for ``duration``."""

    name: ClassVar[str] = "immune"
    kinds: int = 0
    elements: int = 0  # ELEMENT_BIT bits: no damage of these elements (and of ``kinds``, when given)
    #: no damage of the cards of its player (IMMUNE_BY_PLAYER) / of those it plays or carries
    #: (IMMUNE_BY_SELF), of ``by_mask`` only (-1: any card); 0: any source
    by: int = 0
    by_mask: int = -1
    mask: int = 0
    target: Target = SELF
    duration: Duration = COMBAT


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackKindOp(Op):
    """``attack_kind``: each target's clash attack deals damage of ``kind`` (K_MAGICAL: reduced by
    Esprit; K_DIRECT: by nothing, "Attaque Fantôme") instead of physical, for ``duration``."""

    name: ClassVar[str] = "attack_kind"
    kind: int
    target: Target = SELF
    duration: Duration = COMBAT


@dataclass(frozen=True, slots=True, kw_only=True)
class SetOp(Op):
    """``set``: ``stat`` of each target *is* ``lo`` (``lo..hi`` for a range of Attaque; ``points``:
    a scaled value, counted as it applies) for ``duration`` — the modifiers lasting as long or less
    no longer count (cards/domain/effects.py)."""

    name: ClassVar[str] = "set"
    stat: int
    lo: int = 0
    hi: int = 0
    points: Scaled | None = None
    target: Target = SELF
    duration: Duration = COMBAT


@dataclass(frozen=True, slots=True, kw_only=True)
class LoseHpOp(Op):
    """``lose_hp``: each target loses ``amount`` HP — not damage: nothing reduces it, no damage
    event, not scored (docs/rules/eredan.md §3 End)."""

    name: ClassVar[str] = "lose_hp"
    amount: Points
    target: Target = SELF


@dataclass(frozen=True, slots=True, kw_only=True)
class ExtraAttackOp(Op):
    """``extra_attack``: one more attack in this turn's clash by the holder on each target, of
    ``amount`` (fixed when the effect applies), reduced as ``kind`` says (K_PHYSICAL: Défense,
    K_MAGICAL: Esprit)."""

    name: ClassVar[str] = "extra_attack"
    deals_damage: ClassVar[bool] = True
    amount: Points
    kind: int = 0
    target: Target = OPPONENT


@dataclass(frozen=True, slots=True)
class Lifetime:
    """How long a state of a character lasts, as a modifier's duration says (cards/domain/effects.py
    "Duration"): until the end of turn ``last_turn`` (-1: no such limit), until the character's
    count of combats reaches ``until_fought`` (-1: none), while the card in play ``serial`` stays
    (-1: not tied to one), while the character ``owner`` lives (-1: not tied to it — a standing
    ability's); with none of these, the rest of the game."""

    last_turn: int = -1
    until_fought: int = -1
    serial: int = -1
    owner: int = -1

    def expired(self, board: Board, c: int) -> bool:
        """Whether it ends at the end of the current turn (for character ``c``)."""
        if self.until_fought >= 0:
            return board.fought[c] >= self.until_fought
        return 0 <= self.last_turn <= board.turn


FOREVER = Lifetime()


@dataclass(frozen=True, slots=True)
class DamageMod:
    """A damage or healing bonus, or an immunity, on ``character`` (``what``: DM_*): ``amount``
    (or the scaled ``points``, counted for ``character``) to the damage it takes (``DM_TAKEN``) or
    deals (``DM_DEALT``), to its heals (``DM_HEAL``); or no damage of ``kinds`` and no effect of
    the cards of ``mask`` (``DM_IMMUNE``). ``kinds``: damage kind bits (0: any); ``mask``: the
    cards it is about (-1: any; for a bonus: the clash included). ``when``: a standing ability's
    condition, read as the damage comes (for ``character``)."""

    what: int
    character: int
    amount: int
    points: Scaled | None
    kinds: int
    mask: int
    life: Lifetime
    when: Condition | None = None
    elements: int = 0  # damage element bits (ELEMENT_BIT; 0: any)
    #: an immunity to the damage of some cards only (ImmuneOp.by, by_mask)
    by: int = 0
    by_mask: int = -1


@dataclass(frozen=True, slots=True)
class StatSet:
    """``stat`` of ``character`` *is* ``lo`` (Attaque: rolled in ``lo..hi``) while ``life`` lasts;
    the modifiers of ``level`` or shorter no longer count (0: a set for the combat ignores the
    combat's modifiers; 1: for N turns or combats, those and the timed ones; 2: lasting, every
    modifier)."""

    character: int
    stat: int
    lo: int
    hi: int
    level: int
    life: Lifetime


@dataclass(frozen=True, slots=True)
class StatBound:
    """``bound`` on ``character``: the maluses (negative modifiers) of ``stat`` count for at most
    ``below`` in total, its bonuses for at most ``above`` (-1: no limit) while ``life`` lasts."""

    character: int
    stat: int
    below: int
    above: int
    life: Lifetime
    #: A ``double`` instead (below and above -1): its modifiers of these signs count twice
    #: (DOUBLE_BONUS, DOUBLE_MALUS bits).
    double: int = 0


DOUBLE_BONUS, DOUBLE_MALUS = 1, 2
DOUBLE_SIGNS = {"bonus": DOUBLE_BONUS, "malus": DOUBLE_MALUS, "both": DOUBLE_BONUS | DOUBLE_MALUS}


@dataclass(frozen=True, slots=True, kw_only=True)
class DoubleOp(Op):
    """``double``: each target's modifiers of each of ``stats`` (ATK covers AMIN and AMAX) of the
    signs ``sign`` (DOUBLE_* bits) count twice for ``duration`` — those given later too; with
    ``current``, only those it has now: as many more are given at once, for the combat
    (cards/domain/effects.py ``double``)."""

    name: ClassVar[str] = "double"
    stats: tuple[int, ...]
    sign: int
    current: bool = False
    target: Target = SELF
    duration: Duration = COMBAT


@compiles(spec.Double)
def _compile_double(
    effect: spec.Double, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    if effect.cards is not None:
        raise UnsupportedSpecError(
            where,
            "a double of the modifiers some cards give (cards) is not supported yet: no source is kept",
        )
    duration = _duration(effect.duration, where)
    if effect.current and not isinstance(duration, ForCombat):
        # the modifiers doubled may end before the double does: only a double for the combat is
        # the same as one more modifier of their sum, for the combat
        raise UnsupportedSpecError(
            where, "a double of the current modifiers beyond the combat is not supported yet"
        )
    stats: list[int] = []
    for name in effect.stats:
        stats.extend((ATK, AMIN, AMAX) if name == "attack" else (STAT_INDEX[name],))
    return DoubleOp(
        stats=tuple(stats),
        sign=DOUBLE_SIGNS[effect.sign],
        current=effect.current,
        target=_target(effect, None, where, ctx),
        duration=duration,
        when=when,
        index=index,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class BoundOp(Op):
    """``bound``: for ``duration``, each target's maluses of each of ``stats`` (ATK covers the
    Attaque's range, AMIN and AMAX, too) count for at most ``below`` in total, its bonuses for at
    most ``above`` (-1: no limit); a ``set`` is held in the same bounds around the printed value
    (cards/domain/effects.py ``bound``)."""

    name: ClassVar[str] = "bound"
    stats: tuple[int, ...]
    below: int = -1
    above: int = -1
    target: Target = SELF
    duration: Duration = COMBAT


@dataclass(frozen=True, slots=True, kw_only=True)
class AttachOp(Op):
    """``attach``: this card, in play, leaves its carrier and is attached to the target (the first
    living character it reaches other than the carrier), with what it gives its carrier (its
    "while carried" modifiers, and what its effects gave the carrier while it stays); nothing when
    the target has no room for it (its slot, "one per character") or none is reached
    (cards/domain/effects.py ``attach``)."""

    name: ClassVar[str] = "attach"
    target: Target = SELF


@compiles(spec.Attach)
def _compile_attach(
    effect: spec.Attach, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    return AttachOp(target=_target(effect, None, where, ctx), when=when, index=index)


@compiles(spec.Bound)
def _compile_bound(
    effect: spec.Bound, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    stats: list[int] = []
    for name in effect.stats:
        if name == "attack":
            if effect.below not in (None, 0) or effect.above not in (None, 0):
                # The Attaque is a range and a flat part: how a limit of N splits between them is
                # not said; "ne peut pas être réduite / modifiée" (0) needs no split.
                raise UnsupportedSpecError(
                    where,
                    "a bound of the Attaque other than 0 (cannot be lowered / raised) is not supported yet",
                )
            stats.extend((ATK, AMIN, AMAX))
        else:
            stats.append(STAT_INDEX[name])
    return BoundOp(
        stats=tuple(stats),
        below=-1 if effect.below is None else effect.below,
        above=-1 if effect.above is None else effect.above,
        target=_target(effect, None, where, ctx),
        duration=_duration(effect.duration, where),
        when=when,
        index=index,
    )


def _bonus(amount: int | spec.Scaled, ctx: CompileContext, where: str) -> tuple[int, Scaled | None]:
    if isinstance(amount, int):
        return amount, None
    points = compile_points(amount, ctx, where)
    assert isinstance(points, Scaled)
    return 0, points


@compiles(spec.DamageTaken)
def _compile_damage_taken(
    effect: spec.DamageTaken, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    amount, points = _bonus(effect.amount, ctx, f"{where}.amount")
    return DamageTakenOp(
        amount=amount,
        points=points,
        kinds=_kinds_of(effect.kinds),
        elements=element_bits(effect.elements),
        target=_target(effect, None, where, ctx),
        duration=_duration(effect.duration, where),
        when=when,
        index=index,
    )


@compiles(spec.DamageDealt)
def _compile_damage_dealt(
    effect: spec.DamageDealt, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    amount, points = _bonus(effect.amount, ctx, f"{where}.amount")
    return DamageDealtOp(
        amount=amount,
        points=points,
        kinds=_kinds_of(effect.kinds),
        elements=element_bits(effect.elements),
        mask=-1 if effect.cards is None else ctx.mask(effect.cards),
        target=_target(effect, None, where, ctx),
        duration=_duration(effect.duration, where),
        when=when,
        index=index,
    )


@compiles(spec.HealDealt)
def _compile_heal_dealt(
    effect: spec.HealDealt, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    amount, points = _bonus(effect.amount, ctx, f"{where}.amount")
    return HealDealtOp(
        amount=amount,
        points=points,
        mask=-1 if effect.cards is None else ctx.mask(effect.cards),
        target=_target(effect, None, where, ctx),
        duration=_duration(effect.duration, where),
        when=when,
        index=index,
    )


@compiles(spec.Immune)
def _compile_immune(
    effect: spec.Immune, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    return ImmuneOp(
        kinds=_kinds_of(effect.kinds),
        elements=element_bits(effect.elements),
        by={None: 0, "player": IMMUNE_BY_PLAYER, "self": IMMUNE_BY_SELF}[effect.by],
        by_mask=-1 if effect.by_cards is None else ctx.mask(effect.by_cards),
        mask=0 if effect.cards is None else ctx.mask(effect.cards),
        target=_target(effect, None, where, ctx),
        duration=_duration(effect.duration, where),
        when=when,
        index=index,
    )


@compiles(spec.AttackKind)
def _compile_attack_kind(
    effect: spec.AttackKind, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    return AttackKindOp(
        kind=DAMAGE_KINDS[effect.kind],
        target=_target(effect, None, where, ctx),
        duration=_duration(effect.duration, where),
        when=when,
        index=index,
    )


@compiles(spec.SetStat)
def _compile_set(
    effect: spec.SetStat, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    value = effect.value
    lo = hi = 0
    points: Scaled | None = None
    if isinstance(value, tuple):
        lo, hi = value
    elif isinstance(value, int):
        lo = hi = value
    else:
        scaled = compile_points(value, ctx, f"{where}.value")
        assert isinstance(scaled, Scaled)
        points = scaled
    return SetOp(
        stat=_pick(STAT_INDEX, effect.stat, "stat", where),
        lo=lo,
        hi=hi,
        points=points,
        target=_target(effect, None, where, ctx),
        duration=_duration(effect.duration, where),
        when=when,
        index=index,
    )


@compiles(spec.LoseHp)
def _compile_lose_hp(
    effect: spec.LoseHp, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    return LoseHpOp(
        amount=compile_points(effect.amount, ctx, f"{where}.amount"),
        target=_target(effect, None, where, ctx),
        when=when,
        index=index,
    )


@compiles(spec.ExtraAttack)
def _compile_extra_attack(
    effect: spec.ExtraAttack, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    return ExtraAttackOp(
        amount=compile_points(effect.amount, ctx, f"{where}.amount"),
        kind=DAMAGE_KINDS[effect.kind],
        target=_target(effect, None, where, ctx),
        when=when,
        index=index,
    )


@compiles(spec.Pay)
def _compile_pay(effect: spec.Pay, where: str, index: int, when: Condition | None, ctx: CompileContext) -> Op:
    cost = effect.cost
    if effect.may and effect.by == "opponent":
        raise UnsupportedSpecError(
            where, "a cost the opponent may choose to pay (may, by opponent) is not supported yet"
        )
    effects = tuple(compile_effect(e, f"{where}.effects[{i}]", i, ctx) for i, e in enumerate(effect.effects))
    if cost.kind == "hand":
        return PayOp(
            cost=COST_HAND,
            count=cost.count,
            dest=PILE_OF_NAME[cost.to],
            by_opponent=effect.by == "opponent",
            effects=effects,
            may=effect.may,
            when=when,
            index=index,
        )
    if cost.kind == "attached":
        assert cost.match is not None
        return PayOp(
            cost=COST_ATTACHED,
            count=cost.count,
            mask=ctx.mask(cost.match),
            by_opponent=effect.by == "opponent",
            effects=effects,
            may=effect.may,
            when=when,
            index=index,
        )
    return PayOp(
        cost=COST_MARKERS,
        count=cost.count,
        marker=cost.marker or "",
        by_opponent=effect.by == "opponent",
        effects=effects,
        may=effect.may,
        when=when,
        index=index,
    )


@compiles(spec.Counter)
def _compile_counter(
    effect: spec.Counter, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    return CounterOp(
        mask=-1 if effect.cards is None else ctx.mask(effect.cards),
        dest=PILE_OF_NAME[effect.to],
        target=_target(effect, None, where, ctx),
        when=when,
        index=index,
    )


@compiles(spec.AdvanceTurns)
def _compile_advance_turns(
    effect: spec.AdvanceTurns, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    lo, hi = effect.amount if isinstance(effect.amount, tuple) else (effect.amount, effect.amount)
    return AdvanceTurnsOp(lo=lo, hi=hi, when=when, index=index)


@compiles(spec.DrawPhase)
def _compile_draw_phase(
    effect: spec.DrawPhase, where: str, index: int, when: Condition | None, ctx: CompileContext
) -> Op:
    return DrawPhaseOp(
        amount=effect.amount,
        seats={"self": 1, "opponent": 2, "both": 3}[effect.owner],
        phases=-1 if effect.phases is None else effect.phases,
        when=when,
        index=index,
    )


#: Ops of the effect language (version 2, ``cards/domain/effects.py``) the engine does not play yet:
#: refused at compile time by :func:`compile_effect`, like any op without a compiling function.
#: Each one leaves this set when its record, compiling and interpreter functions land.
PENDING_OPS: frozenset[type] = frozenset(
    {
        spec.CardsLast,  # on a card, in a trigger or an Ordre (a character's ability: compiled.py)
        spec.Become,
    }
)
#: Kinds of counts (``Scaled.per``, ``Compare`` sides) the engine does not count yet: refused by name
#: wherever a count is compiled (:func:`refuse_pending_count`).
PENDING_COUNT_KINDS: frozenset[str] = frozenset()


def refuse_pending_count(count: spec.Count, where: str) -> None:
    """Refuse, naming it, a kind of count the engine does not count yet."""
    if count.kind in PENDING_COUNT_KINDS:
        raise UnsupportedSpecError(where, f"a count of {count.kind!r} is not supported by the engine yet")


#: Condition keys of version 2 the engine does not check yet (refused by :func:`compile_condition`).
PENDING_CONDITION_KEYS: frozenset[str] = frozenset(
    f.name for f in fields(spec.Condition) if f.name not in CLAUSE_OF_KEY
)


def compile_effect(effect: spec.Effect, where: str, index: int, ctx: CompileContext = NO_CONTEXT) -> Op:
    """One effect of the card data as its record; an effect the engine does not implement raises
    :class:`UnsupportedSpecError` naming ``where``."""
    compiler = COMPILERS.get(type(effect))
    if compiler is None:
        op = getattr(effect, "op", type(effect).__name__)
        if type(effect) in COMPILED_INTO_TABLES and op != "chain_on":
            raise UnsupportedSpecError(
                where,
                f"op {op!r} is not supported here by the engine: a card's conditional chain is one of "
                "its own effects, may_play / carry / may_attach are a character's standing abilities",
            )
        raise UnsupportedSpecError(where, f"op {op!r} is not supported on a card by the engine")
    return compiler(effect, where, index, compile_condition(effect.when, f"{where}.when", ctx), ctx)
