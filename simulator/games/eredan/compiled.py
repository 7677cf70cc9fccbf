"""Specs compiled once per pair of decks into the tables the engine plays on.

The engine never walks the frozen spec objects during a game: every card becomes a
:class:`CompiledCard` (its kind, slot and chain as ints and bitmasks, its effects as the typed
records of :mod:`simulator.games.eredan.ops`), every character a :class:`CompiledCharacter`.
Compiling is also where the engine refuses what it cannot play: an effect, target, duration,
condition or card kind it does not implement is an :class:`UnsupportedSpecError` naming the card and
the effect — never silently ignored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields, is_dataclass, replace

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
    EVENT_NAMES,
    HPM,
    INI,
    NSTATS,
    SELF,
    SLOT_ARMOR,
    SLOT_NONE,
    SLOT_SHIELD,
    SLOT_WEAPON,
    CharFilter,
    CompileContext,
    Condition,
    CountDamageDealt,
    ForCombat,
    Group,
    ModifyOp,
    OneOfOp,
    Op,
    OpponentTarget,
    OtherAllies,
    Permanent,
    SelfTarget,
    TriggerOp,
    UnsupportedSpecError,
    choice_slots,
    compile_condition,
    compile_effect,
    reads_the_cards,
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
    #: A card that stays: its triggers, listening while it is attached (a card that does not stay
    #: keeps its triggers among its ``ops``: they listen for the rest of the turn it resolved in).
    triggers: tuple[TriggerOp, ...] = ()
    #: The choices its player makes as it plays it (``Play.choice``): targets to choose, ``one_of``.
    choices: tuple[Group | OneOfOp, ...] = ()


@dataclass(frozen=True, slots=True)
class CompiledOrder:
    """An Ordre: on ``turns``, its character gets ``ops`` when it fights (what an ability grants,
    for that combat: docs/rules/eredan.md §3 step 1). ``choices``: targets its player chooses
    (asked before they resolve: EredanState, "Choices")."""

    turns: Turns
    ops: tuple[Op, ...]
    choices: tuple[Group, ...] = ()


@dataclass(frozen=True, slots=True)
class ReceivedAura:
    """A character's standing ability that reaches another character (an ally's "your other Noz
    have Esprit +1", or a group target such as "your Runiques", "the enemy Humans"): ``ops`` (its
    modifier, as a ``self`` modifier for the combat) apply when the reached character fights
    while ``owner`` (a character index) is alive — and, ``check`` given, while it passes that
    filter (tapped, carrying…: read then). ``late``: its condition reads the cards of the turn, so
    it applies after them. ``source`` names the owner in the log (``aura:<slug>``)."""

    owner: int
    ops: tuple[ModifyOp, ...]
    source: str
    check: CharFilter | None = None
    late: bool = False


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
    #: Ability modifiers of the other fighter, or of both (target ``opponent``, ``fighters``),
    #: applied when it fights, after ``ability_ops``.
    fight_ops: tuple[ModifyOp, ...]
    #: Ability modifiers whose condition reads the cards of the turn ("Défense +1 si vous jouez une
    #: Arme"): applied when it fights, once the cards are revealed and resolved (before the clash).
    late_ops: tuple[ModifyOp, ...]
    #: Its own auras (``modify`` abilities reaching other characters than the fighters: the
    #: version-1 ``other_allies`` with its ally filter, or a group target).
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
    #: The effects of every Ordre naming a turn, by turn (filled on first use).
    orders_by_turn: dict[int, tuple[Op, ...]]
    castes: frozenset[str] = frozenset()
    level: int = 1
    #: Its abilities' triggers, listening while it lives.
    triggers: tuple[TriggerOp, ...] = ()
    #: Whether one of its Ordres has a choice to make (EredanState then queues that Ordre).
    order_choices: bool = False
    #: :meth:`order_bonus` by turn (filled on first use).
    bonus_by_turn: dict[int, tuple[ModifyOp, ...]] = field(default_factory=dict)

    def order_ops(self, turn: int) -> tuple[Op, ...]:
        """docs/rules/eredan.md §3 step 1 — the effects of all its Ordres naming ``turn``."""
        ops = self.orders_by_turn.get(turn)
        if ops is None:
            ops = self.orders_by_turn[turn] = tuple(
                op for order in self.orders if order.turns.matches(turn) for op in order.ops
            )
        return ops

    def order_bonus(self, turn: int) -> tuple[ModifyOp, ...]:
        """The Ordres' modifiers of the character itself for the combat on ``turn``, with a fixed
        amount (what the greedy player's estimate of a choice reads)."""
        ops = self.bonus_by_turn.get(turn)
        if ops is None:
            ops = self.bonus_by_turn[turn] = tuple(
                op
                for op in self.order_ops(turn)
                if isinstance(op, ModifyOp) and _combat_self_modifier(op) and op.points is None
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
    #: Défense, Esprit, the initiative abilities, and 0 for the two ends of the Attaque range and
    #: the maximum HP (their modifiers only: the printed values are the character's).
    base_stats: tuple[int, ...]
    #: ``plays[carrier][card]``: the action playing ``card`` on ``carrier`` (built once, so the
    #: card step's legal actions are table lookups).
    plays: tuple[tuple[Play, ...], ...]
    #: What the decks use, so that a game without it pays nothing: standing abilities applied after
    #: the cards (``late_ops``, late auras); ``hp_max`` modifiers; the ``damage_dealt`` count.
    late: bool = False
    hp_max: bool = False
    damage_dealt_count: bool = False
    #: The events some trigger of these decks listens to (bits ``1 << EV_*``).
    trigger_events: int = 0
    #: The cards that ask for choices as they are played (``CompiledCard.choices``), as a mask.
    choice_cards: int = 0


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


def _compile_card(card: CardSpec, card_id: int, ctx: CompileContext, rules: EredanRules) -> CompiledCard:
    where = f"card {card.slug!r}"
    kind = _card_kind(card)
    _check_play_rules(card, kind, where)
    attaches = kind == CK_ITEM and card.attaches
    ops: list[Op] = []
    while_carried: list[ModifyOp] = []
    triggers: list[TriggerOp] = []
    for i, effect in enumerate(card.effects):
        sub = f"{where}: effects[{i}]"
        op = compile_effect(effect, sub, i, ctx)
        if isinstance(op, TriggerOp) and attaches:
            triggers.append(op)
            continue
        if isinstance(op, ModifyOp):
            if isinstance(op.target, OtherAllies) and op.target.allies is not None:
                raise UnsupportedSpecError(
                    sub, "target 'other_allies' with an ally filter (an aura) is for character abilities only"
                )
            if attaches and isinstance(op.duration, ForCombat):
                raise UnsupportedSpecError(
                    sub,
                    "a carried item acts after the combat (docs/rules/eredan.md §3 Items): a modifier "
                    'lasting only "this combat" would never apply; use "permanent" or {"turns": N}',
                )
            if attaches and isinstance(op.target, SelfTarget) and isinstance(op.duration, Permanent):
                if op.stat == HPM and (op.when is not None or op.points is not None):
                    raise UnsupportedSpecError(
                        sub, "a conditional, rolled or scaled hp_max of a carried item is not supported"
                    )
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
        chain_mask=0 if card.chain is None else ctx.mask(card.chain),
        artisan_reserved=ARTISAN_CLASS in card.requirements.classes,
        triggers=tuple(triggers),
        choices=choice_slots(tuple(ops)),
    )


def _combat_self_modifier(op: Op) -> bool:
    """A modifier of its own character for the combat: what abilities and Ordres do."""
    return (
        isinstance(op, ModifyOp) and isinstance(op.target, SelfTarget) and isinstance(op.duration, ForCombat)
    )


def _is_mage_combattant(ch: CharacterSpec) -> bool:
    return frozenset(ch.classes) == {MAGE, WARRIOR}


#: The groups a standing ability may reach beyond the fighters (an aura, applied when a reached
#: character fights): cards/domain/effects.py, "Where each op may appear".
AURA_GROUPS = ("allies", "other_allies", "enemies", "characters")


def _compile_character(
    ch: CharacterSpec,
    index: int,
    ctx: CompileContext,
    item_mask: int,
    rules: EredanRules,
) -> CompiledCharacter:
    where = f"character {ch.slug!r}"
    # docs/rules/eredan.md §3 Classes, the multi-class table — a Mage/Combattant "loses the
    # Combattant's ability to play a second card when the first is an item of a certain kind".
    loses_item_chain = _is_mage_combattant(ch) and not rules.mage_combattant_keeps_item_chain
    ability_ops: list[ModifyOp] = []
    fight_ops: list[ModifyOp] = []
    late_ops: list[ModifyOp] = []
    auras: list[ModifyOp] = []
    chain_on: list[ChainOnAbility] = []
    triggers: list[TriggerOp] = []
    initiative = 0
    for i, effect in enumerate(ch.abilities):
        sub = f"{where}: abilities[{i}]"
        if isinstance(effect, ChainOn):
            if effect.target != "self" or effect.selector is not None:
                raise UnsupportedSpecError(sub, "a chain given to other characters is not supported yet")
            when = compile_condition(effect.when, f"{sub}.when", ctx)
            mask = ctx.mask(effect.match)
            if loses_item_chain and not mask & ~item_mask:  # a chain on items (Objets) only
                continue
            chain_on.append(ChainOnAbility(mask, when))
            continue
        op = compile_effect(effect, sub, i, ctx)
        if isinstance(op, TriggerOp):
            triggers.append(op)
            continue
        if not (isinstance(op, ModifyOp) and isinstance(op.duration, ForCombat)):
            raise UnsupportedSpecError(
                sub,
                "an ability modifies characters for the combat (the character itself, its "
                "opponent, the fighters, or — an aura — a group)",
            )
        target = op.target
        if isinstance(target, OtherAllies) or (
            isinstance(target, Group) and target.group in AURA_GROUPS and not target.pick
        ):
            if op.stat == INI:
                raise UnsupportedSpecError(sub, "an aura cannot modify initiative")
            auras.append(op)
            continue
        if isinstance(target, OpponentTarget) or (
            isinstance(target, Group) and target.group == "fighters" and target.filter is None
        ):
            if op.stat == INI:
                raise UnsupportedSpecError(sub, "initiative is the character's own")
            (late_ops if reads_the_cards(op.when) else fight_ops).append(op)
            continue
        if not isinstance(target, SelfTarget):
            raise UnsupportedSpecError(
                sub, f"an ability's target {getattr(target, 'label', '') or target.name!r} is not supported"
            )
        if op.stat == INI:
            if op.when is not None or op.points is not None:
                raise UnsupportedSpecError(
                    sub,
                    "a conditional or scaled initiative ability is not supported: initiative is rolled "
                    "once, before any combat (docs/rules/eredan.md §3 Start)",
                )
            initiative += op.amount
            continue
        (late_ops if reads_the_cards(op.when) else ability_ops).append(op)
    orders = []
    for j, order in enumerate(ch.orders):
        order_ops: list[Op] = []
        for i, effect in enumerate(order.effects):
            sub = f"{where}: orders[{j}].effects[{i}]"
            op = compile_effect(effect, sub, i, ctx)
            if reads_the_cards(op.when):
                raise UnsupportedSpecError(
                    sub, "an Ordre's condition on the cards of the turn is not supported yet"
                )
            order_ops.append(op)
        slots = choice_slots(tuple(order_ops))
        if any(isinstance(slot, OneOfOp) for slot in slots):
            raise UnsupportedSpecError(
                f"{where}: orders[{j}]", "a one_of to choose in an Ordre is not supported yet"
            )
        orders.append(
            CompiledOrder(order.turns, tuple(order_ops), tuple(c for c in slots if isinstance(c, Group)))
        )
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
        fight_ops=tuple(fight_ops),
        late_ops=tuple(late_ops),
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
        castes=frozenset(ch.castes),
        level=ch.level,
        triggers=tuple(triggers),
        order_choices=any(order.choices for order in orders),
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


def static_passes(f: CharFilter, ch: CompiledCharacter, rules: EredanRules) -> bool:
    """Whether ``ch`` passes the part of a selector's filter that never changes in a game."""
    if f.guild is not None and not ally_matches(AllyFilter(guild=f.guild), ch, rules):
        return False
    if f.class_ is not None and f.class_ not in ch.classes:
        return False
    if f.race is not None and f.race not in (ch.race, ch.race_parent):
        return False
    if f.caste is not None and f.caste not in ch.castes:
        return False
    if f.family is not None and ch.family != f.family:
        return False
    return f.single_class is None or (len(ch.classes) == 1) == f.single_class


def _reaches(op: ModifyOp, owner: CompiledCharacter, ch: CompiledCharacter, rules: EredanRules) -> bool:
    """Whether the aura ``op`` of ``owner`` may reach ``ch`` (its group and the static part of
    its filter; liveness, and a filter on what changes, are read when ``ch`` fights)."""
    target = op.target
    if isinstance(target, OtherAllies):
        return owner.seat == ch.seat and owner.index != ch.index and ally_matches(target.allies, ch, rules)
    assert isinstance(target, Group)
    group = target.group
    same = owner.seat == ch.seat
    if group == "allies" and not same:
        return False
    if group == "other_allies" and (not same or owner.index == ch.index):
        return False
    if group == "enemies" and same:
        return False
    return target.filter is None or static_passes(target.filter, ch, rules)


def _with_ally_auras(
    chars: tuple[CompiledCharacter, ...], rules: EredanRules
) -> tuple[CompiledCharacter, ...]:
    """Each character with the auras that may reach it (an ally's "your other Noz", a group of
    allies or enemies): decided once here from the Line, so a combat only checks that the owner
    lives (and a filter on what changes: tapped, carrying)."""
    out = []
    for ch in chars:
        received = tuple(
            ReceivedAura(
                owner.index,
                (replace(op, target=SELF),),
                owner.aura_source,
                check=(
                    op.target.filter
                    if isinstance(op.target, Group) and op.target.filter and not op.target.filter.static
                    else None
                ),
                late=reads_the_cards(op.when),
            )
            for owner in chars
            for op in owner.auras
            if _reaches(op, owner, ch, rules)
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

    ctx = CompileContext(match_mask)
    cards = tuple(_compile_card(spec, i, ctx, rules) for i, spec in enumerate(specs))
    item_mask = sum(1 << c.id for c in cards if c.kind == CK_ITEM)
    chars = _with_ally_auras(
        tuple(
            _compile_character(ch, seat * 3 + pos, ctx, item_mask, rules)
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
    records = [*(op for c in cards for op in (*c.ops, *c.while_carried, *c.triggers))]
    for ch in chars:
        records.extend((*ch.ability_ops, *ch.fight_ops, *ch.late_ops, *ch.auras, *ch.triggers))
        records.extend(op for order in ch.orders for op in order.ops)
    used = uses(records)
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
        base_stats=tuple(v for ch in chars for v in (0, ch.defense, ch.spirit, ch.initiative, 0, 0, 0)),
        plays=tuple(tuple(Play.of(k, carrier) for k in range(len(cards))) for carrier in range(6)),
        late=any(ch.late_ops or any(a.late for a in ch.ally_auras) for ch in chars),
        hp_max=HPM in used,
        damage_dealt_count=CountDamageDealt in used,
        trigger_events=sum(1 << e for e in range(len(EVENT_NAMES)) if ("event", e) in used),
        choice_cards=sum(1 << c.id for c in cards if c.choices),
    )


def uses(records: Sequence[object]) -> set[object]:
    """What compiled records hold, at any depth: their types, and the stats their modifiers change
    (for the tables' flags: a game pays for a mechanic only when its decks use it)."""
    found: set[object] = set()
    stack = list(records)
    while stack:
        record = stack.pop()
        if isinstance(record, tuple | list):
            stack.extend(record)
            continue
        if not is_dataclass(record) or isinstance(record, type):
            continue
        found.add(type(record))
        if isinstance(record, ModifyOp):
            found.add(record.stat)
        elif isinstance(record, TriggerOp):
            found.add(("event", record.event))
        stack.extend(getattr(record, f.name) for f in fields(record))
    return found
