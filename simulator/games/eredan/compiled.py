"""Specs compiled once per pair of decks into the flat tables the engine plays on.

The engine never walks the frozen spec objects during a game: every card becomes a
:class:`CompiledCard` (its kind, slot and chain as ints and bitmasks, its effects as tuples of ints),
every character a :class:`CompiledCharacter`. Compiling is also where the engine refuses what it
cannot play: an effect, target, duration, condition or card kind it does not implement is an
:class:`UnsupportedSpecError` naming the card and the effect — never silently ignored.

Effect tuples (``ops`` below), the last item of each being the index of the effect in the spec's
``effects`` (for the log) and the one before it the compiled condition (``None`` = always)::

    (OP_MODIFY, stat, amount, target, duration, duration_turns, cond, index)
    (OP_DAMAGE, kind, lo, hi, stat_or_-1, target, cond, index)
    (OP_HEAL,   lo, hi, stat_or_-1, target, cond, index)
    (OP_DRAW | OP_DISCARD | OP_MILL, count, cond, index)
    (OP_REVIVE, hp, cond, index)

A condition is a tuple of ``(C_*, value)`` pairs, all of which must hold.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from cards.domain.effects import (
    AllyFilter,
    CardMatch,
    ChainOn,
    Condition,
    Damage,
    Discard,
    Draw,
    Effect,
    Heal,
    Mill,
    Modify,
    Revive,
    Turns,
)
from cards.domain.specs import (
    ACTION,
    ITEM,
    MAGE,
    MERCENARY_GUILD,
    PRIEST,
    SPELL,
    THEURGY,
    CardSpec,
    CharacterSpec,
    DeckSpec,
    card_matches,
)
from simulator.engine.protocol import GameError

ARTISAN_CLASS = "artisan"

# Stats (index into a character's 4 stat slots).
# AMIN / AMAX: the two ends of the Attaque range, moved by combat modifiers only (abilities, Ordres
# and auras: "Attaque min. +1"), read when the Attaque is rolled.
ATK, DEF, SPI, INI, AMIN, AMAX = 0, 1, 2, 3, 4, 5
STAT_INDEX = {
    "attack": ATK,
    "defense": DEF,
    "spirit": SPI,
    "initiative": INI,
    "attack_min": AMIN,
    "attack_max": AMAX,
}
STAT_NAMES = ("attack", "defense", "spirit", "initiative", "attack_min", "attack_max")
NSTATS = 6
AMOUNT_STAT_INDEX = {"attack": ATK, "defense": DEF, "spirit": SPI, "initiative": INI}

# Ops.
OP_MODIFY, OP_DAMAGE, OP_HEAL, OP_DRAW, OP_DISCARD, OP_MILL, OP_REVIVE = range(7)
OP_NAMES = ("modify", "damage", "heal", "draw", "discard", "mill", "revive")

# Targets.
(
    T_SELF,
    T_OPPONENT,
    T_ALL_ALLIES,
    T_ALL_ENEMIES,
    T_RANDOM_OTHER_ENEMY,
    T_MOST_WOUNDED_ALLY,
    T_OTHER_ALLIES,
) = range(7)
MODIFY_TARGETS = {
    "self": T_SELF,
    "opponent": T_OPPONENT,
    "all_allies": T_ALL_ALLIES,
    "all_enemies": T_ALL_ENEMIES,
    "other_allies": T_OTHER_ALLIES,
}
DAMAGE_TARGETS = {
    "opponent": T_OPPONENT,
    "all_enemies": T_ALL_ENEMIES,
    "random_other_enemy": T_RANDOM_OTHER_ENEMY,
}
HEAL_TARGETS = {"self": T_SELF, "all_allies": T_ALL_ALLIES, "most_wounded_ally": T_MOST_WOUNDED_ALLY}

# Damage kinds: what reduces them.
K_PHYSICAL, K_MAGICAL, K_DIRECT = range(3)
DAMAGE_KINDS = {"physical": K_PHYSICAL, "magical": K_MAGICAL, "direct": K_DIRECT}
KIND_NAMES = ("physical", "magical", "direct")

# Durations.
D_COMBAT, D_PERMANENT, D_TURNS = range(3)
DURATIONS = {"combat": D_COMBAT, "permanent": D_PERMANENT, "turns": D_TURNS}

# Condition codes.
(
    C_TURN,
    C_OPP_CLASS,
    C_OPP_RACE,
    C_OPP_GUILD,
    C_BY,
    C_BY_CLASS,
    C_BY_GUILD,
    C_BY_RACE,
    C_CARRYING,
    C_OPP_CARRYING,
    C_ALLY_ALIVE,
) = range(11)
CONDITION_CODES = {
    "turn": C_TURN,
    "opponent_class": C_OPP_CLASS,
    "opponent_race": C_OPP_RACE,
    "opponent_guild": C_OPP_GUILD,
    "played_by": C_BY,
    "played_by_class": C_BY_CLASS,
    "played_by_guild": C_BY_GUILD,
    "played_by_race": C_BY_RACE,
    "carrying": C_CARRYING,
    "opponent_carrying": C_OPP_CARRYING,
    "ally_alive": C_ALLY_ALIVE,
}
CARRY_WEAPON, CARRY_ARMOR = 0, 1
CARRY_KINDS = {"weapon": CARRY_WEAPON, "armor": CARRY_ARMOR}

# Card kinds the engine plays.
CK_ITEM, CK_ACTION, CK_SPELL, CK_THEURGY = range(4)
CARD_KINDS = {ITEM: CK_ITEM, ACTION: CK_ACTION, SPELL: CK_SPELL, THEURGY: CK_THEURGY}
# Item slots (docs/rules/eredan.md §3 Items).
SLOT_NONE, SLOT_WEAPON, SLOT_ARMOR = range(3)
# A character's "gear": its weapon slot state, plus GEAR_ARMOR when its armor slot is taken.
GEAR_FREE, GEAR_ONE, GEAR_ONE_DUAL, GEAR_FULL = range(4)
GEAR_ARMOR = 4
GEAR_STATES = 8


def gear_accepts(gear: int, slot: int, hands: int, dual: bool) -> bool:
    """docs/rules/eredan.md §3 Items — whether a character with ``gear`` may take one more item of
    ``slot``: one weapon, or two one-handed ones when one of the two has Ambidextrie; one armor
    or shield; other items are unlimited."""
    if slot == SLOT_ARMOR:
        return not gear & GEAR_ARMOR
    if slot != SLOT_WEAPON:
        return True
    weapons = gear & 3
    if weapons == GEAR_FREE:
        return True
    if weapons == GEAR_FULL or hands != 1:
        return False
    return weapons == GEAR_ONE_DUAL or dual


def add_gear(gear: int, slot: int, hands: int, dual: bool) -> int:
    """The gear of a character after it takes one more weapon or armor."""
    if slot == SLOT_ARMOR:
        return gear | GEAR_ARMOR
    if slot != SLOT_WEAPON:
        return gear
    weapons = gear & 3
    if weapons == GEAR_FREE and hands == 1:
        weapons = GEAR_ONE_DUAL if dual else GEAR_ONE
    else:
        weapons = GEAR_FULL
    return (gear & GEAR_ARMOR) | weapons


CompiledCondition = tuple[tuple[int, Any], ...]
CompiledEffect = tuple[Any, ...]


class UnsupportedSpecError(GameError, ValueError):
    """A card or character the engine cannot play as specified (an unknown op, target, condition,
    duration, card kind…). ``where`` names the card or character and the effect path."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


@dataclass(frozen=True, slots=True)
class CompiledCard:
    """One card of the game's table. ``id`` is its index in :attr:`Tables.cards`."""

    id: int
    spec: CardSpec
    slug: str
    kind: int
    attaches: bool  # a carried item: acts after the combat, stays (docs/rules/eredan.md §3 Items)
    slot: int
    hands: int
    dual_wield: bool
    zone: bool
    #: Effects resolved when the card resolves (or, for a carried item, once when it activates).
    ops: tuple[CompiledEffect, ...]
    #: A carried item's "while carried" modifiers (``modify self permanent``), applied to the
    #: carrier for as long as it carries the item; those with a condition are checked when read.
    auras: tuple[CompiledEffect, ...]
    deals_damage: bool  # has a damage effect (for the Mage attack rule, docs/rules/eredan.md §3 step 3)
    chain_mask: int  # the cards its Enchaînement allows as a second card (0: no chain)
    artisan_reserved: bool


@dataclass(frozen=True, slots=True)
class CompiledCharacter:
    index: int  # 0..5: seat * 3 + position on the Line
    seat: int
    spec: CharacterSpec
    slug: str
    family: str
    classes: frozenset[str]
    race: str
    race_parent: str | None
    guild: str
    multi_guild: bool
    hp: int
    attack_min: int
    attack_max: int
    defense: int
    spirit: int
    initiative: int  # the sum of its (unconditional) initiative abilities
    #: Ability modifiers (``modify`` self, for the combat) applied when it fights.
    ability_ops: tuple[CompiledEffect, ...]
    #: Its own auras (``modify other_allies`` abilities): (modifier, ally filter).
    auras: tuple[tuple[CompiledEffect, AllyFilter | None], ...]
    #: The auras of its allies that reach it: (the aura's owner, the modifier as ``modify self``
    #: for the combat), applied when it fights while the owner is alive (filled by
    #: :func:`compile_tables`, which sees the whole Line).
    ally_auras: tuple[tuple[int, CompiledEffect], ...]
    #: Ordres: (turns, modifiers) applied when it fights on one of those turns.
    orders: tuple[tuple[Turns, tuple[CompiledEffect, ...]], ...]
    #: ``chain_on`` abilities: (first cards that trigger it as a mask, condition).
    chain_on: tuple[tuple[int, CompiledCondition | None], ...]
    #: docs/rules/eredan.md §3 Classes — a mono-class Mage (not a Guémélite) gains a chain when its first
    #: card is a non-zone spell.
    mage_spell_chain: bool
    #: docs/rules/eredan.md §3 step 3 — a mono-class Mage's damage spell replaces its attack.
    spell_replaces_attack: bool
    is_artisan: bool
    order_source: str  # "order:<slug>", the source named in the event log
    ability_source: str  # "ability:<slug>"
    aura_source: str  # "aura:<slug>": its auras, as applied to an ally
    #: The modifiers of every Ordre naming a turn, by turn (filled on first use).
    orders_by_turn: dict[int, tuple[CompiledEffect, ...]]

    def order_ops(self, turn: int) -> tuple[CompiledEffect, ...]:
        """docs/rules/eredan.md §3 step 1 — the modifiers of all its Ordres naming ``turn``."""
        ops = self.orders_by_turn.get(turn)
        if ops is None:
            ops = self.orders_by_turn[turn] = tuple(
                op for turns, order in self.orders if turns.matches(turn) for op in order
            )
        return ops


@dataclass(frozen=True)
class Tables:
    """Everything static about one game: the cards of both decks, the six characters, and which
    character may play which card (``play_mask[c]``: bit ``k`` set when character ``c`` meets card
    ``k``'s class, race and named-character requirements — docs/rules/eredan.md §3 step 2)."""

    cards: tuple[CompiledCard, ...]
    chars: tuple[CompiledCharacter, ...]
    decks: tuple[tuple[int, ...], tuple[int, ...]]  # card ids of each deck, in the spec's order
    play_mask: tuple[int, ...]
    #: Cards played on the fighter with no item-slot check (not a weapon nor an armor, and not an
    #: artisan's card that may go on another character).
    simple_mask: int
    #: Per card: bit ``g`` set when a character with gear ``g`` may take it (:func:`gear_accepts`).
    fits: tuple[int, ...]
    spell_mask: int  # the Sortilèges
    all_cards_mask: int
    decks_specs: tuple[DeckSpec, DeckSpec]
    #: Printed stats by ``character * NSTATS + stat``: 0 for Attaque (rolled in its range), then
    #: Défense, Esprit, the initiative abilities, and 0 for the two ends of the Attaque range.
    base_stats: tuple[int, ...]


# --- compiling -------------------------------------------------------------------------------


def _compile_condition(cond: Condition | None, where: str) -> CompiledCondition | None:
    if cond is None:
        return None
    out: list[tuple[int, Any]] = []
    for f in fields(cond):
        value = getattr(cond, f.name)
        if value is None:
            continue
        code = CONDITION_CODES.get(f.name)
        if code is None:
            raise UnsupportedSpecError(where, f"condition {f.name!r} is not supported by the engine")
        if code in (C_CARRYING, C_OPP_CARRYING):
            if value not in CARRY_KINDS:
                raise UnsupportedSpecError(where, f"condition {f.name} = {value!r} is not supported")
            value = CARRY_KINDS[value]
        elif code == C_TURN and not isinstance(value, Turns):
            raise UnsupportedSpecError(where, f"condition turn = {value!r} is not a Turns")
        out.append((code, value))
    if not out:
        return None
    return tuple(out)


def _pick(table: dict[str, int], value: str, what: str, where: str) -> int:
    code = table.get(value)
    if code is None:
        raise UnsupportedSpecError(where, f"{what} {value!r} is not supported (known: {', '.join(table)})")
    return code


def compile_effect(effect: Effect, where: str, index: int) -> CompiledEffect:
    """One effect as an op tuple; an effect the engine does not implement raises."""
    cond = _compile_condition(effect.when, f"{where}.when")
    if isinstance(effect, Modify):
        stat = _pick(STAT_INDEX, effect.stat, "stat", where)
        target = _pick(MODIFY_TARGETS, effect.target, "modify target", where)
        duration = _pick(DURATIONS, effect.duration.kind, "duration", where)
        if duration == D_TURNS and effect.duration.turns < 1:
            raise UnsupportedSpecError(where, "a duration in turns must be at least 1")
        return (OP_MODIFY, stat, effect.amount, target, duration, effect.duration.turns, cond, index)
    if isinstance(effect, Damage):
        kind = _pick(DAMAGE_KINDS, effect.kind, "damage kind", where)
        target = _pick(DAMAGE_TARGETS, effect.target, "damage target", where)
        amount = effect.amount
        stat = -1 if amount.stat is None else _pick(AMOUNT_STAT_INDEX, amount.stat, "amount stat", where)
        return (OP_DAMAGE, kind, amount.lo, amount.hi, stat, target, cond, index)
    if isinstance(effect, Heal):
        target = _pick(HEAL_TARGETS, effect.target, "heal target", where)
        amount = effect.amount
        stat = -1 if amount.stat is None else _pick(AMOUNT_STAT_INDEX, amount.stat, "amount stat", where)
        return (OP_HEAL, amount.lo, amount.hi, stat, target, cond, index)
    if isinstance(effect, Draw):
        return (OP_DRAW, effect.count, cond, index)
    if isinstance(effect, Discard):
        return (OP_DISCARD, effect.count, cond, index)
    if isinstance(effect, Mill):
        return (OP_MILL, effect.count, cond, index)
    if isinstance(effect, Revive):
        return (OP_REVIVE, effect.hp, cond, index)
    op = getattr(effect, "op", type(effect).__name__)
    raise UnsupportedSpecError(where, f"op {op!r} is not supported on a card by the engine")


def _card_kind(card: CardSpec) -> int:
    kind = CARD_KINDS.get(card.kind)
    if kind is None or not card.playable:
        raise UnsupportedSpecError(
            f"card {card.slug!r}",
            f"a card of type {card.type!r} (kind {card.kind!r}) cannot be played: the engine plays "
            "Objets, Actions, Sortilèges and Théurgies",
        )
    return kind


def _compile_card(card: CardSpec, card_id: int, mask_of: dict[CardMatch, int]) -> CompiledCard:
    where = f"card {card.slug!r}"
    kind = _card_kind(card)
    attaches = kind == CK_ITEM and card.attaches
    ops: list[CompiledEffect] = []
    auras: list[CompiledEffect] = []
    for i, effect in enumerate(card.effects):
        op = compile_effect(effect, f"{where}: effects[{i}]", i)
        if op[0] == OP_MODIFY and op[3] == T_OTHER_ALLIES:
            raise UnsupportedSpecError(
                f"{where}: effects[{i}]", "target 'other_allies' (an aura) is for character abilities only"
            )
        if op[0] == OP_MODIFY and op[1] in (AMIN, AMAX):
            raise UnsupportedSpecError(
                f"{where}: effects[{i}]",
                "attack_min / attack_max (one end of the Attaque range) are for abilities and Ordres only",
            )
        if op[0] == OP_MODIFY and op[2] != 0 and op[1] == INI:
            raise UnsupportedSpecError(
                f"{where}: effects[{i}]",
                "an initiative modifier on a card has no effect: initiative is only rolled at the "
                "start of the game (docs/rules/eredan.md §3 Start)",
            )
        if attaches and op[0] == OP_MODIFY and op[4] == D_COMBAT:
            raise UnsupportedSpecError(
                f"{where}: effects[{i}]",
                "a carried item acts after the combat (docs/rules/eredan.md §3 Items): a modifier lasting "
                'only "this combat" would never apply; use "permanent" or {"turns": N}',
            )
        if attaches and op[0] == OP_MODIFY and op[3] == T_SELF and op[4] == D_PERMANENT:
            auras.append(op)
        else:
            ops.append(op)
    slot = SLOT_NONE
    if attaches:
        if card.is_weapon:
            slot = SLOT_WEAPON
        elif card.is_armor:
            slot = SLOT_ARMOR
    return CompiledCard(
        id=card_id,
        spec=card,
        slug=card.slug,
        kind=kind,
        attaches=attaches,
        slot=slot,
        hands=card.hands,
        dual_wield=card.dual_wield,
        zone=card.zone,
        ops=tuple(ops),
        auras=tuple(auras),
        deals_damage=any(op[0] == OP_DAMAGE for op in ops),
        chain_mask=0 if card.chain is None else mask_of[card.chain],
        artisan_reserved=ARTISAN_CLASS in card.requirements.classes,
    )


def _compile_character(ch: CharacterSpec, index: int, match_mask: Any) -> CompiledCharacter:
    where = f"character {ch.slug!r}"
    ability_ops: list[CompiledEffect] = []
    auras: list[tuple[CompiledEffect, AllyFilter | None]] = []
    chain_on: list[tuple[int, CompiledCondition | None]] = []
    initiative = 0
    for i, effect in enumerate(ch.abilities):
        sub = f"{where}: abilities[{i}]"
        if isinstance(effect, ChainOn):
            chain_on.append((match_mask(effect.match), _compile_condition(effect.when, f"{sub}.when")))
            continue
        op = compile_effect(effect, sub, i)
        if op[0] == OP_MODIFY and op[3] == T_OTHER_ALLIES and op[4] == D_COMBAT and op[1] != INI:
            assert isinstance(effect, Modify)
            auras.append((op, effect.allies))
            continue
        if op[0] != OP_MODIFY or op[3] != T_SELF or op[4] != D_COMBAT:
            raise UnsupportedSpecError(
                sub,
                "an ability modifies its own character for the combat only, or (an aura) the "
                "Attaque, Défense or Esprit of its other allies",
            )
        if op[1] == INI:
            if op[6] is not None:
                raise UnsupportedSpecError(
                    sub,
                    "a conditional initiative ability is not supported: initiative is rolled "
                    "once, before any combat (docs/rules/eredan.md §3 Start)",
                )
            initiative += op[2]
            continue
        ability_ops.append(op)
    orders = []
    for j, order in enumerate(ch.orders):
        order_ops = []
        for i, effect in enumerate(order.effects):
            sub = f"{where}: orders[{j}].effects[{i}]"
            op = compile_effect(effect, sub, i)
            if op[0] != OP_MODIFY or op[3] != T_SELF or op[4] != D_COMBAT:
                raise UnsupportedSpecError(sub, "an Ordre modifies its own character for the combat only")
            if op[1] == INI:
                raise UnsupportedSpecError(
                    sub, "an initiative Ordre has no effect: initiative is only rolled at the start"
                )
            order_ops.append(op)
        orders.append((order.turns, tuple(order_ops)))
    classes = frozenset(ch.classes)
    mono_mage = classes == {MAGE}
    return CompiledCharacter(
        index=index,
        seat=index // 3,
        spec=ch,
        slug=ch.slug,
        family=ch.family,
        classes=classes,
        race=ch.race,
        race_parent=ch.race_parent,
        guild=ch.guild,
        multi_guild=ch.multi_guild,
        hp=ch.hp,
        attack_min=ch.attack_min,
        attack_max=ch.attack_max,
        defense=ch.defense,
        spirit=ch.spirit,
        initiative=initiative,
        ability_ops=tuple(ability_ops),
        auras=tuple(auras),
        ally_auras=(),
        orders=tuple(orders),
        chain_on=tuple(chain_on),
        mage_spell_chain=mono_mage and not ch.is_guemelite,
        spell_replaces_attack=mono_mage,
        is_artisan=ARTISAN_CLASS in classes,
        order_source=f"order:{ch.slug}",
        ability_source=f"ability:{ch.slug}",
        aura_source=f"aura:{ch.slug}",
        orders_by_turn={},
    )


def ally_matches(allies: AllyFilter | None, ch: CompiledCharacter) -> bool:
    """Whether an aura's ally filter lets it reach ``ch``: its guild (a Courtisan belongs to every
    guild but the Mercenaries, docs/rules/eredan.md §2.3), one of its classes, its race or race parent."""
    if allies is None:
        return True
    if allies.guild is not None and not (
        ch.guild == allies.guild or (ch.multi_guild and allies.guild != MERCENARY_GUILD)
    ):
        return False
    if allies.class_ is not None and allies.class_ not in ch.classes:
        return False
    return allies.race is None or allies.race in (ch.race, ch.race_parent)


def _with_ally_auras(chars: tuple[CompiledCharacter, ...]) -> tuple[CompiledCharacter, ...]:
    """Each character with the auras of its allies (same seat, not itself) that its guild, classes
    and race let reach it — decided once here, so a combat only checks that the owner lives."""
    out = []
    for ch in chars:
        received = tuple(
            (owner.index, (*op[:3], T_SELF, *op[4:]))
            for owner in chars
            if owner.seat == ch.seat and owner.index != ch.index
            for op, allies in owner.auras
            if ally_matches(allies, ch)
        )
        out.append(replace(ch, ally_auras=received) if received else ch)
    return tuple(out)


def may_play(card: CardSpec, ch: CharacterSpec) -> bool:
    """Whether ``ch`` meets ``card``'s requirements (docs/rules/eredan.md §3 Classes and Races, §2.8).

    A Sortilège needs a Mage, or a Guémélite of the spell's element; a Théurgie needs a Prêtre;
    a Golem may carry any Objet regardless of its restrictions; otherwise the card's class,
    named-character and race requirements must be met.
    """
    if card.kind == SPELL:
        if not (
            ch.has_class(MAGE) or (ch.is_guemelite and ch.element is not None and ch.element == card.element)
        ):
            return False
    elif card.kind == THEURGY:
        if not ch.has_class(PRIEST):
            return False
    elif card.kind == ITEM and ch.is_golem:
        return True
    return card.requirements.allows(ch)


def compile_tables(decks: Sequence[DeckSpec]) -> Tables:
    """Compile two decks into one game's tables; raise :class:`UnsupportedSpecError` (or
    ``ValueError`` for a malformed deck) on anything the engine cannot play."""
    if len(decks) != 2:
        raise ValueError("an Eredan game needs two decks")
    specs: list[CardSpec] = []
    index_of: dict[str, int] = {}
    deck_ids: list[tuple[int, ...]] = []
    for seat, deck in enumerate(decks):
        if not isinstance(deck, DeckSpec):
            raise TypeError(f"seat {seat}: expected a DeckSpec, got {type(deck).__name__}")
        if len(deck.characters) != 3:
            raise UnsupportedSpecError(
                f"deck {deck.name!r}", "a deck has exactly 3 characters (docs/rules/eredan.md §2.1)"
            )
        ids: list[int] = []
        for card, count in deck.cards:
            if count < 0:
                raise UnsupportedSpecError(f"deck {deck.name!r}", f"negative count for {card.slug!r}")
            known = index_of.get(card.slug)
            if known is None:
                known = index_of[card.slug] = len(specs)
                specs.append(card)
            elif specs[known] != card:
                raise UnsupportedSpecError(
                    f"card {card.slug!r}", "two different cards share this slug in the two decks"
                )
            ids.extend([known] * count)
        deck_ids.append(tuple(ids))
    all_mask = (1 << len(specs)) - 1
    masks: dict[CardMatch, int] = {}

    def match_mask(match: CardMatch) -> int:
        mask = masks.get(match)
        if mask is None:
            if match.kind not in ("any", "type", "card", "class_reserved", "guild"):
                raise UnsupportedSpecError("chain", f"card match kind {match.kind!r} is not supported")
            mask = 0
            for i, spec in enumerate(specs):
                if card_matches(match, spec):
                    mask |= 1 << i
            masks[match] = mask
        return mask

    for spec in specs:
        if spec.chain is not None:
            match_mask(spec.chain)
    cards = tuple(_compile_card(spec, i, masks) for i, spec in enumerate(specs))
    chars = _with_ally_auras(
        tuple(
            _compile_character(ch, seat * 3 + pos, match_mask)
            for seat, deck in enumerate(decks)
            for pos, ch in enumerate(deck.characters)
        )
    )
    if len(cards) >= 1000:
        raise UnsupportedSpecError("decks", "two decks hold at most 999 different cards")
    play_mask = []
    for ch in chars:
        mask = 0
        for compiled in cards:
            if may_play(compiled.spec, ch.spec):
                mask |= 1 << compiled.id
        play_mask.append(mask)
    simple = 0
    for compiled in cards:
        if not compiled.attaches or (compiled.slot == SLOT_NONE and not compiled.artisan_reserved):
            simple |= 1 << compiled.id
    return Tables(
        cards=cards,
        chars=chars,
        decks=(deck_ids[0], deck_ids[1]),
        play_mask=tuple(play_mask),
        simple_mask=simple,
        fits=tuple(
            sum(1 << g for g in range(GEAR_STATES) if gear_accepts(g, c.slot, c.hands, c.dual_wield))
            for c in cards
        ),
        spell_mask=sum(1 << c.id for c in cards if c.kind == CK_SPELL),
        all_cards_mask=all_mask,
        decks_specs=(decks[0], decks[1]),
        base_stats=tuple(v for ch in chars for v in (0, ch.defense, ch.spirit, ch.initiative, 0, 0)),
    )
