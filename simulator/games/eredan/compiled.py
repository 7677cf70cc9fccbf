"""Specs compiled once per pair of decks into the tables the engine plays on.

The engine never walks the frozen spec objects during a game: every card becomes a
:class:`CompiledCard` (its kind, slot and chain as ints and bitmasks, its effects as the typed
records of :mod:`simulator.games.eredan.ops`), every character a :class:`CompiledCharacter`.
Compiling is also where the engine refuses what it cannot play: an effect, target, duration,
condition or card kind it does not implement is an :class:`UnsupportedSpecError` naming the card and
the effect — never silently ignored.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from cards.domain.effects import AllyFilter, CardMatch, ChainOn, Turns
from cards.domain.specs import (
    ACTION,
    ITEM,
    MAGE,
    MERCENARY_GUILD,
    PRIEST,
    SPELL,
    THEURGY,
    WARRIOR,
    CardSpec,
    CharacterSpec,
    DeckSpec,
    card_matches,
)
from simulator.games.eredan.actions import MAX_CARDS, Play
from simulator.games.eredan.ops import (
    AMAX,
    AMIN,
    INI,
    NSTATS,
    SELF,
    SLOT_ARMOR,
    SLOT_NONE,
    SLOT_SHIELD,
    SLOT_WEAPON,
    Condition,
    ForCombat,
    ModifyOp,
    Op,
    OtherAllies,
    Permanent,
    SelfTarget,
    UnsupportedSpecError,
    compile_condition,
    compile_effect,
)
from simulator.games.eredan.rules import DEFAULT_RULES, EredanRules

__all__ = [
    "NSTATS",
    "ChainOnAbility",
    "CompiledCard",
    "CompiledCharacter",
    "CompiledOrder",
    "ReceivedAura",
    "Tables",
    "UnsupportedSpecError",
    "compile_tables",
    "may_play",
]

ARTISAN_CLASS = "artisan"

# Card kinds the engine plays.
CK_ITEM, CK_ACTION, CK_SPELL, CK_THEURGY = range(4)
CARD_KINDS = {ITEM: CK_ITEM, ACTION: CK_ACTION, SPELL: CK_SPELL, THEURGY: CK_THEURGY}
# A character's "gear": its weapon slot state, plus GEAR_ARMOR when its armor slot is taken and
# GEAR_SHIELD when its shield slot is (a shield of its own slot, EredanRules.shield_takes_armor_slot).
GEAR_FREE, GEAR_ONE, GEAR_ONE_DUAL, GEAR_FULL = range(4)
GEAR_ARMOR = 4
GEAR_SHIELD = 8
GEAR_STATES = 16
#: The card type of shields (docs/rules/eredan.md §3 Items).
SHIELD_TYPE = "bouclier"


def gear_accepts(gear: int, slot: int, hands: int, dual: bool) -> bool:
    """docs/rules/eredan.md §3 Items — whether a character with ``gear`` may take one more item of
    ``slot``: one weapon, or two one-handed ones when one of the two has Ambidextrie; one armor
    (and one shield, when a shield has its own slot); other items are unlimited."""
    if slot == SLOT_ARMOR:
        return not gear & GEAR_ARMOR
    if slot == SLOT_SHIELD:
        return not gear & GEAR_SHIELD
    if slot != SLOT_WEAPON:
        return True
    weapons = gear & 3
    if weapons == GEAR_FREE:
        return True
    if weapons == GEAR_FULL or hands != 1:
        return False
    return weapons == GEAR_ONE_DUAL or dual


def add_gear(gear: int, slot: int, hands: int, dual: bool) -> int:
    """The gear of a character after it takes one more weapon, armor or shield."""
    if slot == SLOT_ARMOR:
        return gear | GEAR_ARMOR
    if slot == SLOT_SHIELD:
        return gear | GEAR_SHIELD
    if slot != SLOT_WEAPON:
        return gear
    weapons = gear & 3
    if weapons == GEAR_FREE and hands == 1:
        weapons = GEAR_ONE_DUAL if dual else GEAR_ONE
    else:
        weapons = GEAR_FULL
    return (gear & ~3) | weapons


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
    ops: tuple[Op, ...]
    #: A carried item's "while carried" modifiers (``modify self permanent``), applied to the
    #: carrier for as long as it carries the item; those with a condition are checked when read.
    while_carried: tuple[ModifyOp, ...]
    deals_damage: bool  # has a damage effect (for the Mage attack rule, docs/rules/eredan.md §3 step 3)
    chain_mask: int  # the cards its Enchaînement allows as a second card (0: no chain)
    artisan_reserved: bool


@dataclass(frozen=True, slots=True)
class CompiledOrder:
    """An Ordre: on ``turns``, its character gets ``ops`` (modifiers of itself, for the combat)."""

    turns: Turns
    ops: tuple[ModifyOp, ...]


@dataclass(frozen=True, slots=True)
class ReceivedAura:
    """An ally's aura that reaches a character: ``ops`` (the aura's modifier, as a ``self``
    modifier for the combat) apply when it fights while ``owner`` (a character index) is alive.
    ``source`` names the owner in the log (``aura:<slug>``)."""

    owner: int
    ops: tuple[ModifyOp, ...]
    source: str


@dataclass(frozen=True, slots=True)
class ChainOnAbility:
    """A ``chain_on`` ability: a chain when the first card is one of ``mask`` and ``when`` holds."""

    mask: int
    when: Condition | None


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
    ability_ops: tuple[ModifyOp, ...]
    #: Its own auras (``modify other_allies`` abilities; the target holds the ally filter).
    auras: tuple[ModifyOp, ...]
    #: The auras of its allies that reach it, applied when it fights while their owner is alive
    #: (filled by :func:`compile_tables`, which sees the whole Line).
    ally_auras: tuple[ReceivedAura, ...]
    #: Ordres: modifiers applied when it fights on one of their turns.
    orders: tuple[CompiledOrder, ...]
    chain_on: tuple[ChainOnAbility, ...]
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
    orders_by_turn: dict[int, tuple[ModifyOp, ...]]

    def order_ops(self, turn: int) -> tuple[ModifyOp, ...]:
        """docs/rules/eredan.md §3 step 1 — the modifiers of all its Ordres naming ``turn``."""
        ops = self.orders_by_turn.get(turn)
        if ops is None:
            ops = self.orders_by_turn[turn] = tuple(
                op for order in self.orders if order.turns.matches(turn) for op in order.ops
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
    #: ``plays[carrier][card]``: the action playing ``card`` on ``carrier`` (built once, so the
    #: card step's legal actions are table lookups).
    plays: tuple[tuple[Play, ...], ...]


# --- compiling -------------------------------------------------------------------------------


def _card_kind(card: CardSpec) -> int:
    kind = CARD_KINDS.get(card.kind)
    if kind is None or not card.playable:
        raise UnsupportedSpecError(
            f"card {card.slug!r}",
            f"a card of type {card.type!r} (kind {card.kind!r}) cannot be played: the engine plays "
            "Objets, Actions, Sortilèges and Théurgies",
        )
    return kind


def _check_play_rules(card: CardSpec, kind: int, where: str) -> None:
    """Refuse a card whose text changes how it comes into play in a way the engine does not play
    yet (cards.domain.specs.PlayRules): it carries items (docs/rules/eredan.md §3 Items), and an
    item whose text says it stays permanently (a Pierre-coeur) is carried like the others."""
    play = card.play
    if play.default:
        return
    carried_item = (
        kind == CK_ITEM
        and play.stays is not None
        and play.stays.kind == "permanent"
        and play.acts in (None, "after_combat")
    )
    if (
        not carried_item
        or play.attach is not None
        or play.one_per_character
        or play.dual_wield_with
        or play.variants
    ):
        raise UnsupportedSpecError(
            where, f"the play rules {play.to_json()} (how the card stays or acts) are not supported yet"
        )


def _compile_card(
    card: CardSpec, card_id: int, mask_of: dict[CardMatch, int], rules: EredanRules
) -> CompiledCard:
    where = f"card {card.slug!r}"
    kind = _card_kind(card)
    _check_play_rules(card, kind, where)
    attaches = kind == CK_ITEM and card.attaches
    ops: list[Op] = []
    while_carried: list[ModifyOp] = []
    for i, effect in enumerate(card.effects):
        sub = f"{where}: effects[{i}]"
        op = compile_effect(effect, sub, i)
        if isinstance(op, ModifyOp):
            if isinstance(op.target, OtherAllies):
                raise UnsupportedSpecError(
                    sub, "target 'other_allies' (an aura) is for character abilities only"
                )
            if op.stat in (AMIN, AMAX):
                raise UnsupportedSpecError(
                    sub,
                    "attack_min / attack_max (one end of the Attaque range) are for abilities and "
                    "Ordres only",
                )
            if op.amount != 0 and op.stat == INI:
                raise UnsupportedSpecError(
                    sub,
                    "an initiative modifier on a card has no effect: initiative is only rolled at the "
                    "start of the game (docs/rules/eredan.md §3 Start)",
                )
            if attaches and isinstance(op.duration, ForCombat):
                raise UnsupportedSpecError(
                    sub,
                    "a carried item acts after the combat (docs/rules/eredan.md §3 Items): a modifier "
                    'lasting only "this combat" would never apply; use "permanent" or {"turns": N}',
                )
            if attaches and isinstance(op.target, SelfTarget) and isinstance(op.duration, Permanent):
                while_carried.append(op)
                continue
        ops.append(op)
    slot = SLOT_NONE
    if attaches:
        if card.is_weapon:
            slot = SLOT_WEAPON
        elif card.is_of_type(SHIELD_TYPE) and not rules.shield_takes_armor_slot:
            slot = SLOT_SHIELD
        elif (
            card.is_armor
        ):  # an Armure, or a Bouclier in the armor slot (cards.domain.specs.ARMOR_SLOT_TYPES)
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
        while_carried=tuple(while_carried),
        deals_damage=any(op.deals_damage for op in ops),
        chain_mask=0 if card.chain is None else mask_of[card.chain],
        artisan_reserved=ARTISAN_CLASS in card.requirements.classes,
    )


def _combat_self_modifier(op: Op) -> bool:
    """A modifier of its own character for the combat: what abilities and Ordres do."""
    return (
        isinstance(op, ModifyOp) and isinstance(op.target, SelfTarget) and isinstance(op.duration, ForCombat)
    )


def _is_mage_combattant(ch: CharacterSpec) -> bool:
    return frozenset(ch.classes) == {MAGE, WARRIOR}


def _compile_character(
    ch: CharacterSpec,
    index: int,
    match_mask: Callable[[CardMatch], int],
    item_mask: int,
    rules: EredanRules,
) -> CompiledCharacter:
    where = f"character {ch.slug!r}"
    # docs/rules/eredan.md §3 Classes, the multi-class table — a Mage/Combattant "loses the
    # Combattant's ability to play a second card when the first is an item of a certain kind".
    loses_item_chain = _is_mage_combattant(ch) and not rules.mage_combattant_keeps_item_chain
    ability_ops: list[ModifyOp] = []
    auras: list[ModifyOp] = []
    chain_on: list[ChainOnAbility] = []
    initiative = 0
    for i, effect in enumerate(ch.abilities):
        sub = f"{where}: abilities[{i}]"
        if isinstance(effect, ChainOn):
            if effect.target != "self" or effect.selector is not None:
                raise UnsupportedSpecError(sub, "a chain given to other characters is not supported yet")
            when = compile_condition(effect.when, f"{sub}.when")
            mask = match_mask(effect.match)
            if loses_item_chain and not mask & ~item_mask:  # a chain on items (Objets) only
                continue
            chain_on.append(ChainOnAbility(mask, when))
            continue
        op = compile_effect(effect, sub, i)
        if (
            isinstance(op, ModifyOp)
            and isinstance(op.target, OtherAllies)
            and isinstance(op.duration, ForCombat)
            and op.stat != INI
        ):
            auras.append(op)
            continue
        if not _combat_self_modifier(op):
            raise UnsupportedSpecError(
                sub,
                "an ability modifies its own character for the combat only, or (an aura) the "
                "Attaque, Défense or Esprit of its other allies",
            )
        assert isinstance(op, ModifyOp)
        if op.stat == INI:
            if op.when is not None:
                raise UnsupportedSpecError(
                    sub,
                    "a conditional initiative ability is not supported: initiative is rolled "
                    "once, before any combat (docs/rules/eredan.md §3 Start)",
                )
            initiative += op.amount
            continue
        ability_ops.append(op)
    orders = []
    for j, order in enumerate(ch.orders):
        order_ops = []
        for i, effect in enumerate(order.effects):
            sub = f"{where}: orders[{j}].effects[{i}]"
            op = compile_effect(effect, sub, i)
            if not _combat_self_modifier(op):
                raise UnsupportedSpecError(sub, "an Ordre modifies its own character for the combat only")
            assert isinstance(op, ModifyOp)
            if op.stat == INI:
                raise UnsupportedSpecError(
                    sub, "an initiative Ordre has no effect: initiative is only rolled at the start"
                )
            order_ops.append(op)
        orders.append(CompiledOrder(order.turns, tuple(order_ops)))
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


def ally_matches(allies: AllyFilter | None, ch: CompiledCharacter, rules: EredanRules) -> bool:
    """Whether an aura's ally filter lets it reach ``ch``: its guild (a Courtisan, docs/rules/eredan.md
    §2.3: see ``rules.courtisan_in_every_guild``), one of its classes, its race or race parent."""
    if allies is None:
        return True
    if allies.guild is not None and not (
        ch.guild == allies.guild
        or (ch.multi_guild and rules.courtisan_in_every_guild and allies.guild != MERCENARY_GUILD)
    ):
        return False
    if allies.class_ is not None and allies.class_ not in ch.classes:
        return False
    return allies.race is None or allies.race in (ch.race, ch.race_parent)


def _with_ally_auras(
    chars: tuple[CompiledCharacter, ...], rules: EredanRules
) -> tuple[CompiledCharacter, ...]:
    """Each character with the auras of its allies (same seat, not itself) that its guild, classes
    and race let reach it — decided once here, so a combat only checks that the owner lives."""
    out = []
    for ch in chars:
        received = tuple(
            ReceivedAura(owner.index, (replace(op, target=SELF),), owner.aura_source)
            for owner in chars
            if owner.seat == ch.seat and owner.index != ch.index
            for op in owner.auras
            if isinstance(op.target, OtherAllies) and ally_matches(op.target.allies, ch, rules)
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


def compile_tables(decks: Sequence[DeckSpec], rules: EredanRules = DEFAULT_RULES) -> Tables:
    """Compile two decks into one game's tables, for the game's ``rules`` (item slots, auras);
    raise :class:`UnsupportedSpecError` (or ``ValueError`` for a malformed deck) on anything the
    engine cannot play."""
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
            # Every kind of card match is the domain's card_matches (cards/domain/specs.py).
            mask = 0
            for i, spec in enumerate(specs):
                if card_matches(match, spec):
                    mask |= 1 << i
            masks[match] = mask
        return mask

    for spec in specs:
        if spec.chain is not None:
            match_mask(spec.chain)
    cards = tuple(_compile_card(spec, i, masks, rules) for i, spec in enumerate(specs))
    item_mask = sum(1 << c.id for c in cards if c.kind == CK_ITEM)
    chars = _with_ally_auras(
        tuple(
            _compile_character(ch, seat * 3 + pos, match_mask, item_mask, rules)
            for seat, deck in enumerate(decks)
            for pos, ch in enumerate(deck.characters)
        ),
        rules,
    )
    if len(cards) > MAX_CARDS:
        raise UnsupportedSpecError("decks", f"two decks hold at most {MAX_CARDS} different cards")
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
        plays=tuple(tuple(Play.of(k, carrier) for k in range(len(cards))) for carrier in range(6)),
    )
