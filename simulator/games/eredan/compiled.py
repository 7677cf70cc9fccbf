"""Specs compiled once per pair of decks into the tables the engine plays on.

The engine never walks the frozen spec objects during a game: every card becomes a
:class:`CompiledCard` (its kind, slot and chain as ints and bitmasks, its effects as the typed
records of :mod:`simulator.games.eredan.ops`), every character a :class:`CompiledCharacter`.
Compiling is also where the engine refuses what it cannot play: an effect, target, duration,
condition or card kind it does not implement is an :class:`UnsupportedSpecError` naming the card and
the effect — never silently ignored.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import Any

from cards.domain import effects as spec_effects
from cards.domain.effects import AllyFilter, CardMatch, ChainOn, Turns
from cards.domain.specs import (
    ACTION,
    GOLEM,
    GUEMELITE,
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
    PlayVariant,
    Stays,
    card_matches,
    created_families,
)
from simulator.games.eredan.actions import MAX_CARDS, Play
from simulator.games.eredan.ops import (
    DM_DEALT,
    DM_HEAL,
    DM_IMMUNE,
    DM_KIND,
    DM_TAKEN,
    ELEMENT_BIT,
    EVENT_NAMES,
    HPM,
    INI,
    NSTATS,
    PENDING_FILTER_KEYS,
    RACE_PARENT_ELEMENT,
    SELF,
    SLOT_ARMOR,
    SLOT_NONE,
    SLOT_SHIELD,
    SLOT_WEAPON,
    ActsNowOp,
    AllAllies,
    AllEnemies,
    AllyAlive,
    AttachOp,
    AttackKindOp,
    BoundOp,
    CharFilter,
    Choice,
    CompileContext,
    Condition,
    CountDamageDealt,
    CountDamageTaken,
    CounterOp,
    CreateOp,
    DamageDealtOp,
    DamageMod,
    DamageOp,
    DamageTakenOp,
    DiscardAttachedOp,
    DiscardOp,
    DoubleOp,
    DrawOp,
    DrawPhaseOp,
    FollowedBy,
    ForbidOp,
    ForCombat,
    Group,
    HasOrdre,
    HealDealtOp,
    HealOp,
    ImmuneOp,
    Lifetime,
    MarkerOp,
    MillOp,
    ModifyOp,
    MoveOp,
    OnTurn,
    Op,
    OpponentPlays,
    OpponentTarget,
    OtherAllies,
    Permanent,
    PlayCardOp,
    Points,
    ReviveOp,
    Roll,
    SelfTarget,
    SetOp,
    TapOp,
    Target,
    TraitsOp,
    TriggerOp,
    UnsupportedSpecError,
    UntapOp,
    choice_slots,
    compile_condition,
    compile_effect,
    compile_filter,
    compile_target,
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


# Where a card goes from its deck at the start of the game (CompiledCard.starts).
STARTS_NONE, STARTS_HAND, STARTS_ATTACHED = range(3)

# Whom a card that stays is attached to (cards.domain.specs.PlayRules.attach), relative to the
# character playing it: itself (the default), the enemy fighter, or a living character the player
# chooses among its allies, its other allies, the enemies or every character (the ``carrier`` of
# the Play action).
ATTACH_FIGHTER, ATTACH_OPPONENT, ATTACH_ALLIES, ATTACH_OTHER_ALLIES, ATTACH_ENEMIES, ATTACH_CHARACTERS = (
    range(6)
)
ATTACH_OF_TARGET = {
    "self": ATTACH_FIGHTER,
    "opponent": ATTACH_OPPONENT,
    "ally": ATTACH_ALLIES,
    "other_ally": ATTACH_OTHER_ALLIES,
    "enemy": ATTACH_ENEMIES,
    "character": ATTACH_CHARACTERS,
}

#: A chosen character of a group with a filter ("sur un de vos Artisans"): the group's ATTACH_*.
ATTACH_OF_GROUP = {
    "allies": ATTACH_ALLIES,
    "other_allies": ATTACH_OTHER_ALLIES,
    "enemies": ATTACH_ENEMIES,
    "characters": ATTACH_CHARACTERS,
}


#: The triggers of a source on one event: (index among the source's triggers, trigger) — the
#: index keys how often it fired (its limit).
TriggersOnEvent = tuple[tuple[int, TriggerOp], ...]
#: A source's triggers by event: ``[event]`` -> its triggers on it.
TriggersByEvent = tuple[TriggersOnEvent, ...]


def triggers_by_event(triggers: Sequence[TriggerOp]) -> TriggersByEvent:
    """``triggers`` sorted by the event they listen to (see :data:`TriggersByEvent`)."""
    return tuple(
        tuple((i, t) for i, t in enumerate(triggers) if t.event == event) for event in range(len(EVENT_NAMES))
    )


@dataclass(frozen=True, slots=True)
class CompiledCard:
    """One card of the game's table. ``id`` is its index in :attr:`Tables.cards`."""

    id: int
    spec: CardSpec
    slug: str
    kind: int
    #: It stays in play, attached to a character (docs/rules/eredan.md §3 Items: carried items; any
    #: card whose text says "Permanent" or "Durée N" — card text beats the rules).
    attaches: bool
    #: It acts after the combat (carried items by default; a card whose text says so), else when it
    #: resolves in the card step ("S'active immédiatement": an item too).
    after_combat: bool
    #: How long it stays: ``stay_hi == 0`` permanently; else for ``stay_lo..stay_hi`` (rolled once,
    #: when it attaches) of its carrier's combats ("Durée N tours" / "N combats": see
    #: docs/eredan-engine.md, "Card play rules").
    stay_lo: int
    stay_hi: int
    #: Its stay is in "tours" (``stays: {"turns": …}``): counted as ``turns_count_the_characters_combats``
    #: says (its carrier's combats, or the game's turns), like a modifier's "N tours".
    stay_turns: bool
    attach_to: int  # ATTACH_*: whom it is attached to
    one_per_character: bool  # "Un seul exemplaire par personnage": one copy (of its family) per carrier
    #: Its Ambidextrie is limited to these cards (PlayRules.dual_wield_with; 0: any one-handed weapon).
    partners_mask: int
    #: Its conditional chains (``chain`` effects): a chain when its condition holds as it is played.
    chains: tuple[ChainOnAbility, ...]
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
    #: Whom, of ``attach_to``'s group, it may be attached to ("sur un de vos Artisans"); None: any.
    attach_filter: CharFilter | None = None
    #: The choices its player makes as it plays it (``Play.choice``): targets to choose, ``one_of``.
    choices: tuple[Choice, ...] = ()
    #: Its play variants (PlayRules.variants): their conditions, checked for the character playing it
    #: as it is played, and the card as each combination makes it (``modes[bits]``: the bits of the
    #: variants that hold; ``modes[0]`` is the card itself). Empty: no variant.
    mode_conds: tuple[Condition, ...] = ()
    modes: tuple[CompiledCard, ...] = ()
    #: The element of the damage it deals (ELEMENT_BIT bits): a Sort of an element deals damage of
    #: that element ("Immunité dégâts de Feu" stops a Sort Feu's damage); 0: none.
    element: int = 0
    #: It leaves its player's deck at the start of the game (PlayRules.starts): STARTS_HAND to the
    #: hand, STARTS_ATTACHED attached to one of ``starts_on`` (0: it does not).
    starts: int = 0
    starts_on: Target | None = None
    #: ``triggers`` by event: every event of a game looks at the triggers of every card in play
    #: (EredanState.fire), most of which listen to other events — this skips them at once.
    triggers_on: TriggersByEvent = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "triggers_on", triggers_by_event(self.triggers))


@dataclass(frozen=True, slots=True)
class CarryAbility:
    """A ``carry`` ability: its character may carry ``count`` of the cards of ``mask`` at once."""

    mask: int
    count: int


@dataclass(frozen=True, slots=True)
class PlayGrant:
    """A ``may_play`` ability of ``owner`` reaching a character: while ``owner`` is alive and
    ``when`` holds (for that character facing its opponent), it may play the cards of ``mask``
    whatever their requirements."""

    owner: int
    mask: int
    when: Condition | None


@dataclass(frozen=True, slots=True)
class CompiledOrder:
    """An Ordre: on ``turns``, its character gets ``ops`` when it fights (what an ability grants,
    for that combat: docs/rules/eredan.md §3 step 1). ``choices``: targets its player chooses
    (asked before they resolve: EredanState, "Choices")."""

    turns: Turns
    ops: tuple[Op, ...]
    choices: tuple[Choice, ...] = ()


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
    #: It holds while ``owner`` is dead instead (condition ``dead``: "tant que X est mort").
    dead: bool = False


@dataclass(frozen=True, slots=True)
class ChainOnAbility:
    """A ``chain_on`` ability: a chain when the first card is one of ``mask`` and ``when`` holds."""

    mask: int
    when: Condition | None
    #: Given by another character (a ``chain_on`` ability on a group): it holds while that one lives.
    owner: int = -1


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
    #: The cards it may attach to any living character in play, of either side: an Artisan's cards
    #: reserved to artisans (docs/rules/eredan.md §3 Classes), a ``may_attach`` ability's.
    attach_any_mask: int
    #: The cards it may play whatever their requirements (``may_play`` abilities of its own).
    may_play_mask: int
    #: Its ``carry`` abilities ("Peut porter 3 Armes à une main").
    carry: tuple[CarryAbility, ...]
    #: ``may_play`` abilities that reach it from an ally or under a condition (checked as it plays).
    grants: tuple[PlayGrant, ...]
    order_source: str  # "order:<slug>", the source named in the event log
    ability_source: str  # "ability:<slug>"
    aura_source: str  # "aura:<slug>": its auras, as applied to an ally
    #: The effects of every Ordre naming a turn, by turn (filled on first use).
    orders_by_turn: dict[int, tuple[Op, ...]]
    castes: frozenset[str] = frozenset()
    #: Its keywords ("Enragé", the condition ``keyword``): none is printed on a character, and
    #: ``traits``, which gives them, is not played yet (PENDING_OPS) — so none has one for now.
    keywords: frozenset[str] = frozenset()
    #: Races it has besides ``race`` and ``race_parent`` (with their parents): given by ``traits``
    #: (traitops.py), else none.
    more_races: frozenset[str] = frozenset()
    #: Its ``traits`` abilities about itself (what it is while it lives: "Elfine et Hom'chaï"),
    #: applied to its printed traits above once for the game.
    own_traits: tuple[TraitsOp, ...] = ()
    level: int = 1
    #: Its auras that hold only while it is dead (condition ``dead``: "tant que X est mort").
    dead_auras: tuple[ModifyOp, ...] = ()
    #: Its standing restrictions (``forbid`` abilities, for the combat: "ne peut pas jouer de
    #: Sortilège", "pas d'Enchaînement") and ``acts_now`` abilities ("ses Lances sont activées
    #: immédiatement"): put in place when it fights, at the choice.
    forbids: tuple[ForbidOp | ActsNowOp, ...] = ()
    #: Its Ordres' effects whose condition reads the cards of the turn (each with its Ordre's turns
    #: as a clause): applied when it fights, once the cards have resolved, before its ``late_ops``.
    late_order_ops: tuple[Op, ...] = ()
    #: Its ``may_attach`` abilities onto only some characters: (cards, onto — allies,
    #: other_allies or enemies); their cards are in ``attach_any_mask`` too, and those it may attach
    #: to any character (an Artisan's, ``onto`` characters) in ``attach_every_mask`` (set only with
    #: these).
    attach_onto: tuple[tuple[int, str], ...] = ()
    attach_every_mask: int = 0
    #: Its abilities' triggers, listening while it lives.
    triggers: tuple[TriggerOp, ...] = ()
    #: Whether one of its Ordres has a choice to make (EredanState then queues that Ordre).
    order_choices: bool = False
    #: Its standing abilities on damage and healing of itself ("-1 aux dégâts subis",
    #: "insensible aux dégâts magiques"): they hold while it lives (Tables.guards).
    guards: tuple[Op, ...] = ()
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
    #: Défense, Esprit, the initiative abilities, and 0 for the two ends of the Attaque range, the
    #: maximum HP and the level (their modifiers only: the printed values are the character's).
    base_stats: tuple[int, ...]
    #: ``plays[carrier][card]``: the action playing ``card`` on ``carrier`` (built once, so the
    #: card step's legal actions are table lookups).
    plays: tuple[tuple[Play, ...], ...]
    #: Whether whether a card fits a character needs :func:`carry_fits` (a "one per character" card,
    #: an Ambidextrie limited to some cards, a ``carry`` ability) rather than the ``fits`` bitmasks.
    slow_fit: bool = False
    #: Some card leaves its deck at the start of the game (CompiledCard.starts).
    starting: bool = False
    #: Cards that stay and go on the fighter, whose room the ``fits`` bitmasks tell (none when
    #: ``slow_fit``): the card step checks them without looking further.
    plain_fit_mask: int = 0
    #: The cards that stay (attached to a character): what a ``move`` to ``attach`` may take.
    attaching_mask: int = 0
    #: Per card, its :func:`card_worth`.
    worth: tuple[float, ...] = ()
    #: ``draw_phase`` abilities: (owner, seats — bit 0 its own, bit 1 the other —, amount or None
    #: for "no card"), at every draw phase while the owner lives.
    draw_abilities: tuple[tuple[int, int, int | None], ...] = ()
    #: Whether some character's playable cards depend on the board (``may_play`` from an ally, or
    #: under a condition: CompiledCharacter.grants).
    dynamic_play: bool = False
    #: An effect of the game changes its characters' traits (``traits``: traitops.py).
    traits: bool = False
    #: Card id by family, for the cards effects create (and every card of the tables).
    created: Mapping[str, int] = field(default_factory=dict)
    #: What the decks use, so that a game without it pays nothing: standing abilities applied after
    #: the cards (``late_ops``, late auras); ``hp_max`` modifiers; the ``damage_dealt`` count.
    late: bool = False
    hp_max: bool = False
    #: ``bound``, ``double``: the boards keep the negative part of the modifiers (Board.mneg / cneg).
    bounds: bool = False
    damage_dealt_count: bool = False
    damage_taken_count: bool = False
    #: The events some trigger of these decks listens to (bits ``1 << EV_*``).
    trigger_events: int = 0
    #: Those a trigger of a card that stays listens to (while attached): any other event skips
    #: the carried cards at once (EredanState.fire walks them for every event).
    carried_trigger_events: int = 0
    #: ``[event][seat]``: the characters of that seat whose abilities have triggers on the event,
    #: in line order, each with those triggers — what EredanState.fire walks for the abilities,
    #: rather than every trigger of every character for every event.
    ability_triggers: tuple[tuple[tuple[tuple[int, TriggersOnEvent], ...], ...], ...] = ()
    #: The standing abilities on damage and healing, as the board's bonuses (Board.dmods) each
    #: game starts with, tied to their owner's life.
    guards: tuple[DamageMod, ...] = ()
    #: The cards that ask for choices as they are played (``CompiledCard.choices``), as a mask.
    choice_cards: int = 0
    #: Per seat, the cards of its deck by id: (id, copies, slug) — the rows of the card metrics
    #: every game's summary gives (EredanState.summary), counted once per pair of decks rather
    #: than at the end of every game.
    deck_copies: tuple[tuple[tuple[int, int, str], ...], ...] = ((), ())


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


def _attach_to(card: CardSpec, attaches: bool, where: str) -> int:
    """Whom a card that stays is attached to (PlayRules.attach): ATTACH_*."""
    target = card.play.attach
    if target is None:
        return ATTACH_FIGHTER
    if not attaches:
        raise UnsupportedSpecError(
            where, f"the card is attached to {target!r} but does not stay in play (no Permanent nor Durée)"
        )
    found = ATTACH_OF_TARGET.get(target) if isinstance(target, str) else None
    if found is None and not isinstance(target, str) and target.pick == "choice":
        found = ATTACH_OF_GROUP.get(target.group)  # with a filter: CompiledCard.attach_filter
    if found is None:
        shown = target if isinstance(target, str) else target.to_json()
        raise UnsupportedSpecError(
            where,
            f"attaching the card to {shown!r} is not supported (the engine attaches to: "
            f"{', '.join(ATTACH_OF_TARGET)})",
        )
    return found


def _conditional_chain(effect: spec_effects.Chain, ctx: CompileContext, where: str) -> ChainOnAbility:
    """A card's ``chain`` effect: the chain's cards, narrowed by a ``plays`` clause (the second card
    must be such a card: "Enchaînement si vous jouez une Théurgie"); the other clauses are checked
    when the card is played as a first card — with what its player knows then, so never the
    opponent's cards of the turn."""
    mask = ctx.mask(effect.match)
    cond = effect.when
    if cond is not None and cond.plays is not None:
        mask &= ctx.mask(cond.plays)
        cond = replace(cond, plays=None)
    if cond is not None and (cond.opponent_plays is not None or cond.followed_by is not None):
        raise UnsupportedSpecError(
            where,
            "a chain's condition on the cards played this turn is checked as the first card is "
            "played: the opponent's cards are not known then",
        )
    return ChainOnAbility(mask, compile_condition(cond, f"{where}.when", ctx))


#: Play variants a card may have (PlayRules.variants): its modes are compiled for every subset.
MAX_PLAY_VARIANTS = 3


def _compile_card(
    card: CardSpec,
    card_id: int,
    ctx: CompileContext,
    rules: EredanRules,
    lasting: tuple[PlayVariant, ...] = (),
) -> CompiledCard:
    """A card, and — when its text gives play variants ("Mage : Permanent", "Prêtre : Durée 2 tours
    supplémentaires"; cards.domain.specs.PlayRules.variants) — the card as each combination of its
    variants makes it (``modes``, by the bits of the variants whose condition holds). ``lasting``:
    more variants, the characters' ``cards_last`` abilities on this card (:func:`_cards_last`)."""
    variants = (*card.play.variants, *lasting)
    plain = replace(card, play=replace(card.play, variants=())) if variants else card
    base = _compile_mode(plain, card_id, ctx, rules)
    if not variants:
        return base
    where = f"card {card.slug!r}: play.if"
    if len(variants) > MAX_PLAY_VARIANTS:
        raise UnsupportedSpecError(where, f"more than {MAX_PLAY_VARIANTS} play variants are not supported")
    conds = []
    for i, variant in enumerate(variants):
        cond = compile_condition(variant.when, f"{where}[{i}].when", ctx)
        if cond is None or any(isinstance(c, OpponentPlays | FollowedBy) for c in cond):
            raise UnsupportedSpecError(
                f"{where}[{i}].when",
                "a play variant's condition is checked as the card is played: not on the cards the "
                "opponent (or its player, next) plays this turn",
            )
        conds.append(cond)
    modes = [base]
    for mask in range(1, 1 << len(variants)):
        play = plain.play
        for i, variant in enumerate(variants):
            if not mask >> i & 1:
                continue
            if variant.acts is not None:
                play = replace(play, acts=variant.acts)
            if variant.stays is not None:
                play = replace(play, stays=variant.stays)
            if variant.attach is not None:
                play = replace(play, attach=variant.attach)
            if variant.longer is not None:
                stays = play.stays
                if stays is None or stays.kind != variant.longer.kind:
                    raise UnsupportedSpecError(
                        f"{where}[{i}].longer",
                        f"{variant.longer.kind} more than a stay not counted in {variant.longer.kind}",
                    )
                play = replace(
                    play, stays=Stays(stays.kind, stays.lo + variant.longer.lo, stays.hi + variant.longer.hi)
                )
        modes.append(_compile_mode(replace(card, play=play), card_id, ctx, rules))
    return replace(base, modes=tuple(modes), mode_conds=tuple(conds))


def _compile_mode(card: CardSpec, card_id: int, ctx: CompileContext, rules: EredanRules) -> CompiledCard:
    where = f"card {card.slug!r}"
    kind = _card_kind(card)
    # docs/rules/eredan.md §3 Items and "Card text beats these rules": a card stays in play when its
    # type says so (a carried item) or its text does ("Permanent", "Durée N"); it acts after the
    # combat when its type says so (a carried item) or its text does ("S'active après le combat").
    attaches = card.attaches
    after_combat = card.acts_after_combat
    stays = card.play.stays
    stay_lo = stay_hi = 0
    if attaches and stays is not None and stays.kind in ("turns", "combats"):
        stay_lo, stay_hi = stays.lo, stays.hi
    attach_to = _attach_to(card, attaches, where)
    starts, starts_on = STARTS_NONE, None
    if card.play.starts is not None:
        # "En début de partie, cette carte s'ajoute à votre main / s'attache à un de vos X"
        # (cards.domain.specs.Starts; EredanState._start_cards)
        starts = STARTS_HAND if card.play.starts.kind == "hand" else STARTS_ATTACHED
        if card.play.starts.target is not None:
            starts_on = compile_target(card.play.starts.target, ctx, f"{where}: play.starts.attached")
    partners_mask = 0
    for family in card.play.dual_wield_with:
        partners_mask |= ctx.mask(CardMatch("card", family))
    if card.play.dual_wield_with and not card.dual_wield:
        raise UnsupportedSpecError(
            where, "dual_wield_with names the partners of an Ambidextrie it does not have"
        )
    ops: list[Op] = []
    chains: list[ChainOnAbility] = []
    while_carried: list[ModifyOp] = []
    triggers: list[TriggerOp] = []
    for i, effect in enumerate(card.effects):
        sub = f"{where}: effects[{i}]"
        if isinstance(effect, spec_effects.Chain):
            chains.append(_conditional_chain(effect, ctx, sub))
            continue
        op = compile_effect(effect, sub, i, ctx)
        if isinstance(op, TriggerOp) and attaches:
            triggers.append(op)
            continue
        if isinstance(op, ModifyOp):
            if isinstance(op.target, OtherAllies) and op.target.allies is not None:
                raise UnsupportedSpecError(
                    sub, "target 'other_allies' with an ally filter (an aura) is for character abilities only"
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
    if attaches and kind == CK_ITEM:
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
        after_combat=after_combat,
        stay_lo=stay_lo,
        stay_hi=stay_hi,
        stay_turns=stay_hi > 0 and stays is not None and stays.kind == "turns",
        attach_to=attach_to,
        attach_filter=None
        if card.play.attach is None or isinstance(card.play.attach, str)
        else compile_filter(card.play.attach, ctx),
        one_per_character=card.play.one_per_character and attaches,
        partners_mask=partners_mask,
        chains=tuple(chains),
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
        element=sum(bit for name, bit in ELEMENT_BIT.items() if card.is_of_type(name)),
        starts=starts,
        starts_on=starts_on,
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
#: An ability's ``all_allies`` / ``all_enemies`` is the aura of the group ``allies`` / ``enemies``
#: (every living ally, the holder included / every living enemy): it reaches each of them that fights.
_ABILITY_GROUP_OF = {
    AllAllies: Group("allies", label="all_allies"),
    AllEnemies: Group("enemies", label="all_enemies"),
}
#: Standing ability ops on damage and healing (cards/domain/effects.py: static ops).
STANDING_DAMAGE_OPS = (DamageTakenOp, DamageDealtOp, HealDealtOp, ImmuneOp, AttackKindOp)
#: Standing ability ops on stats that, like ``set``, hold for the combat of the character they
#: reach (itself when it fights, or — an aura — a group's characters when they fight).
STANDING_STAT_OPS = (SetOp, BoundOp, DoubleOp)


def _is_aura(op: Op) -> bool:
    """Whether an ability's op is an aura: a modifier for the combat (not of initiative), or a
    standing op on damage or a ``set``, reaching a group of characters (not one picked)."""
    if isinstance(op, ModifyOp):
        if not isinstance(op.duration, ForCombat) or op.stat == INI:
            return False
    elif not isinstance(op, (*STANDING_DAMAGE_OPS, *STANDING_STAT_OPS)):
        return False
    target = op.target
    return isinstance(target, OtherAllies) or (
        isinstance(target, Group) and target.group in AURA_GROUPS and not target.pick
    )


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
    dead_auras: list[ModifyOp] = []
    forbids: list[ForbidOp | ActsNowOp] = []
    late_order_ops: list[Op] = []
    chain_on: list[ChainOnAbility] = []
    triggers: list[TriggerOp] = []
    guards: list[Op] = []
    own_traits: list[TraitsOp] = []
    initiative = 0
    for i, effect in enumerate(ch.abilities):
        sub = f"{where}: abilities[{i}]"
        if isinstance(effect, ChainOn):
            if effect.target != "self" or effect.selector is not None:
                continue  # a chain given to a group: _standing_grants, which sees the whole Line
            when = compile_condition(effect.when, f"{sub}.when", ctx)
            mask = ctx.mask(effect.match)
            if loses_item_chain and not mask & ~item_mask:  # a chain on items (Objets) only
                continue
            chain_on.append(ChainOnAbility(mask, when))
            continue
        if isinstance(effect, spec_effects.MayPlay | spec_effects.Carry | spec_effects.MayAttach):
            continue  # standing grants: _standing_grants, which sees the whole Line
        if isinstance(effect, spec_effects.CardsLast):
            continue  # the cards' play variants: _cards_last, which sees both decks
        if isinstance(effect, spec_effects.ActsNow) and (
            effect.target != "self" or effect.selector is not None
        ):
            continue  # given to a group: _standing_grants, which sees the whole Line
        if isinstance(effect, spec_effects.DrawPhase):
            if effect.phases is not None or effect.when is not None:
                raise UnsupportedSpecError(
                    sub,
                    "a draw_phase ability holds at every draw phase while its character lives (no condition)",
                )
            continue  # Tables.draw_abilities
        dead = False
        cond = getattr(effect, "when", None)
        if cond is not None and cond.dead is not None:
            # cards/domain/effects.py, condition ``dead`` (abilities only): false is how every
            # ability holds (while its character lives); true, while it is dead: an aura only.
            dead = cond.dead
            rest = replace(cond, dead=None)
            effect = replace(effect, when=None if rest == spec_effects.Condition() else rest)
        op = compile_effect(effect, sub, i, ctx)
        if isinstance(op, TriggerOp):
            triggers.append(op)
            continue
        if (
            isinstance(op, (*STANDING_DAMAGE_OPS, *STANDING_STAT_OPS, ModifyOp))
            and type(op.target) in _ABILITY_GROUP_OF
        ):
            op = replace(op, target=_ABILITY_GROUP_OF[type(op.target)])
        if cond is not None and cond.dead is not None and isinstance(op, TriggerOp):
            raise UnsupportedSpecError(sub, "a trigger's condition 'dead' is not supported yet")
        if isinstance(op, ForbidOp) and not dead:
            # cards/domain/effects.py ``forbid`` as a character's ability: abilities apply to the
            # fighters at the choice, for the combat — so its restriction is put in place then.
            if not isinstance(op.duration, ForCombat) or reads_the_cards(op.when):
                raise UnsupportedSpecError(
                    sub, "a forbid ability holds for the combat, on a condition known at the choice"
                )
            forbids.append(op)
            continue
        if isinstance(op, ActsNowOp) and not dead:
            # cards/domain/effects.py ``acts_now`` as a character's ability: its own cards, for each
            # combat it fights (put in place at the choice, like a forbid ability).
            if not isinstance(op.target, SelfTarget) or not isinstance(op.duration, ForCombat):
                raise UnsupportedSpecError(
                    sub, "an acts_now ability is supported for the character's own cards, for the combat"
                )
            if reads_the_cards(op.when):
                raise UnsupportedSpecError(sub, "an acts_now ability's condition must be known at the choice")
            forbids.append(op)
            continue
        if dead:
            if not _is_aura(op):
                raise UnsupportedSpecError(
                    sub,
                    "an ability that holds while its character is dead is played only as an aura "
                    "(a modifier for the combat, or on damage, of a group of characters)",
                )
            dead_auras.append(op)  # type: ignore[arg-type]
            continue
        if isinstance(op, (*STANDING_DAMAGE_OPS, *STANDING_STAT_OPS)):
            if isinstance(op, DoubleOp) and op.current:
                raise UnsupportedSpecError(sub, "a double of the current modifiers is a card's")
            if isinstance(op, BoundOp | DoubleOp) and not isinstance(op.duration, ForCombat):
                raise UnsupportedSpecError(
                    sub, "a bound ability holds for the combat of the character it reaches"
                )
            target = op.target
            if isinstance(target, SelfTarget) and not isinstance(op, STANDING_STAT_OPS):
                guards.append(op)  # holds while the character lives (Tables.guards)
                continue
            if isinstance(target, OtherAllies) or (
                isinstance(target, Group) and target.group in AURA_GROUPS and not target.pick
            ):
                auras.append(op)  # type: ignore[arg-type]
                continue
            if isinstance(target, SelfTarget | OpponentTarget) or (
                isinstance(target, Group) and target.group == "fighters" and target.filter is None
            ):
                (late_ops if reads_the_cards(op.when) else fight_ops).append(op)  # type: ignore[arg-type]
                continue
            raise UnsupportedSpecError(
                sub, f"an ability's target {getattr(target, 'label', '')!r} is not supported"
            )
        if isinstance(op, TraitsOp):
            # cards/domain/effects.py ``traits`` as a character's ability about itself: what it is
            # while it lives — its traits for the game (traitops.py plays those given for a while).
            if not isinstance(op.target, SelfTarget) or op.when is not None:
                raise UnsupportedSpecError(
                    sub, "a traits ability is supported for the character itself, with no condition"
                )
            own_traits.append(op)
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
            if isinstance(effect, ChainOn):
                # cards/domain/effects.py ``chain_on`` in an Ordre: on the turns it names (or when
                # it is granted: ``ordre``, for a character of one Ordre), the fighter gains that
                # chain — a chain_on ability holding while its Ordre applies.
                if effect.target != "self" or effect.selector is not None:
                    raise UnsupportedSpecError(sub, "a chain given to other characters is not supported yet")
                mask = ctx.mask(effect.match)
                if loses_item_chain and not mask & ~item_mask:
                    continue
                applies: Condition = (HasOrdre(True),) if len(ch.orders) == 1 else (OnTurn(order.turns),)
                when = compile_condition(effect.when, f"{sub}.when", ctx)
                chain_on.append(ChainOnAbility(mask, applies + (when or ())))
                continue
            if (
                isinstance(effect, spec_effects.MayPlay)
                and effect.target == "self"
                and effect.selector is None
            ):
                continue  # its own may_play while its Ordre applies: _standing_grants
            op = compile_effect(effect, sub, i, ctx)
            if reads_the_cards(op.when):
                # An Ordre's effect on a condition on the cards of the turn ("Ordre : +2 Attaque si
                # vous jouez une Arme"): applied once the cards have resolved, like the late
                # abilities, while its Ordre applies (as for chain_on above).
                if choice_slots((op,)):
                    raise UnsupportedSpecError(
                        sub, "an Ordre's choice on a condition on the cards of the turn is not supported yet"
                    )
                assert op.when is not None
                ordre: Condition = (HasOrdre(True),) if len(ch.orders) == 1 else (OnTurn(order.turns),)
                late_order_ops.append(replace(op, when=ordre + op.when))
                continue
            order_ops.append(op)
        orders.append(CompiledOrder(order.turns, tuple(order_ops), choice_slots(tuple(order_ops))))
    classes = frozenset(ch.classes)
    mono_mage = classes == {MAGE}
    compiled = CompiledCharacter(
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
        attach_any_mask=0,
        may_play_mask=0,
        carry=(),
        grants=(),
        order_source=f"order:{ch.slug}",
        ability_source=f"ability:{ch.slug}",
        aura_source=f"aura:{ch.slug}",
        orders_by_turn={},
        castes=frozenset(ch.castes),
        level=ch.level,
        dead_auras=tuple(dead_auras),
        forbids=tuple(forbids),
        late_order_ops=tuple(late_order_ops),
        triggers=tuple(triggers),
        order_choices=any(order.choices for order in orders),
        guards=tuple(guards),
    )
    if own_traits:
        compiled = replace(changed_character(compiled, own_traits), own_traits=tuple(own_traits))
    return compiled


#: The caste that puts a character in every guild (docs/rules/eredan.md §2.3; reference data:
#: the only caste with ``multi_guild``).
COURTISAN = "courtisan"


def _changed(values: frozenset[str], mode: str, given: tuple[str, ...] | str) -> frozenset[str]:
    if mode == "add":
        return values | frozenset(given)
    if mode == "set":
        return frozenset(given)
    return frozenset() if given == "all" else values - frozenset(given)


def changed_character(base: CompiledCharacter, ops: list[TraitsOp]) -> CompiledCharacter:
    """``base`` with the ``traits`` ops applied in order."""
    classes, castes, keywords = base.classes, base.castes, base.keywords
    races = [base.race, *sorted(base.more_races)]
    guild, multi_guild = base.guild, base.multi_guild
    for op in ops:
        if op.classes is not None:
            classes = _changed(classes, op.mode, op.classes)
        if op.races is not None:
            if op.mode == "add":
                races += [r for r in op.races if r not in races]
            else:  # set (taking races away is refused by the compiler)
                races = list(op.races)
        if op.guilds is not None:  # set, one guild (the compiler refuses the rest)
            guild, multi_guild = op.guilds[0], False
        if op.castes is not None:
            castes = _changed(castes, op.mode, op.castes)
            multi_guild = COURTISAN in castes and guild == base.guild
        if op.keywords is not None:
            keywords = _changed(keywords, op.mode, op.keywords)
    race = races[0] if races else ""
    parent = base.race_parent if race == base.race else RACE_PARENT_ELEMENT.get(race, (None, None))[0]
    more: set[str] = set()
    for r in races[1:]:
        more.add(r)
        up = base.race_parent if r == base.race else RACE_PARENT_ELEMENT.get(r, (None, None))[0]
        if up is not None:
            more.add(up)
    mono_mage = classes == {MAGE}
    guemelite = GUEMELITE in (race, parent) or GUEMELITE in more
    return replace(
        base,
        classes=classes,
        race=race,
        race_parent=parent,
        more_races=frozenset(more - {race, parent}),
        guild=guild,
        multi_guild=multi_guild,
        castes=castes,
        keywords=keywords,
        mage_spell_chain=mono_mage and not guemelite,
        spell_replaces_attack=mono_mage,
    )


def elements_of(ch: CompiledCharacter) -> set[str]:
    """The spell elements ``ch`` (its traits changed) casts as a Guémélite of them."""
    out = set()
    for r in (ch.race, *ch.more_races):
        element = RACE_PARENT_ELEMENT[r][1] if r in RACE_PARENT_ELEMENT else None
        if r == ch.spec.race and ch.spec.element is not None:
            element = ch.spec.element
        if element is not None:
            out.add(element)
    return out


def may_play_changed(card: CardSpec, ch: CompiledCharacter, elements: set[str]) -> bool:
    """compiled.may_play for a character whose traits changed (several races)."""
    races = {ch.race, ch.race_parent, *ch.more_races}
    if card.kind == SPELL:
        if not (MAGE in ch.classes or (card.element is not None and card.element in elements)):
            return False
    elif card.kind == THEURGY:
        if PRIEST not in ch.classes:
            return False
    elif card.kind == ITEM and GOLEM in races:
        return True
    req = card.requirements
    if req.empty:
        return True
    return bool(
        req.classes.intersection(ch.classes)
        or ch.family in req.characters
        or req.races.intersection(races)
        or req.castes.intersection(ch.castes)
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
    return allies.race is None or allies.race in (ch.race, ch.race_parent) or allies.race in ch.more_races


def static_passes(f: CharFilter, ch: CompiledCharacter, rules: EredanRules) -> bool:
    """Whether ``ch`` passes the part of a selector's filter that never changes in a game."""
    if f.guild is not None and not ally_matches(AllyFilter(guild=f.guild), ch, rules):
        return False
    if f.class_ is not None and f.class_ not in ch.classes:
        return False
    if f.race is not None and f.race not in (ch.race, ch.race_parent) and f.race not in ch.more_races:
        return False
    if f.caste is not None and f.caste not in ch.castes:
        return False
    if f.no_caste is not None and (not ch.castes) != f.no_caste:
        return False
    if f.family is not None and ch.family != f.family:
        return False
    if f.not_race is not None and (f.not_race in (ch.race, ch.race_parent) or f.not_race in ch.more_races):
        return False
    if f.not_class is not None and f.not_class in ch.classes:
        return False
    if f.single_race is not None and (not ch.more_races) != f.single_race:
        return False
    if f.not_guild is not None and ally_matches(AllyFilter(guild=f.not_guild), ch, rules):
        return False
    return f.single_class is None or (len(ch.classes) == 1) == f.single_class


def _reaches(
    op: ModifyOp, owner: CompiledCharacter, ch: CompiledCharacter, rules: EredanRules, traits: bool = False
) -> bool:
    """Whether the aura ``op`` of ``owner`` may reach ``ch`` (its group and the static part of
    its filter; liveness, and a filter on what changes, are read when ``ch`` fights). ``traits``:
    the game's characters' traits may change (``traits``): their filter is read when ``ch`` fights
    (:func:`_aura_check`)."""
    target = op.target
    if isinstance(target, OtherAllies):
        return (
            owner.seat == ch.seat
            and owner.index != ch.index
            and (traits or ally_matches(target.allies, ch, rules))
        )
    assert isinstance(target, Group)
    group = target.group
    same = owner.seat == ch.seat
    if group == "allies" and not same:
        return False
    if group == "other_allies" and (not same or owner.index == ch.index):
        return False
    if group == "enemies" and same:
        return False
    return target.filter is None or traits or static_passes(target.filter, ch, rules)


def _aura_check(op: ModifyOp, traits: bool) -> CharFilter | None:
    """The filter an aura's reached character must pass when it fights: the part of its filter
    that changes (tapped, carrying…) — all of it, a version-1 ally filter too, when the game's
    characters' traits may change (``traits``)."""
    target = op.target
    if traits:
        if isinstance(target, OtherAllies):
            allies = target.allies
            return (
                None
                if allies is None
                else CharFilter(guild=allies.guild, class_=allies.class_, race=allies.race)
            )
        return target.filter if isinstance(target, Group) else None
    return target.filter if isinstance(target, Group) and target.filter and not target.filter.static else None


def _with_ally_auras(
    chars: tuple[CompiledCharacter, ...], rules: EredanRules, traits: bool = False
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
                check=_aura_check(op, traits),
                late=reads_the_cards(op.when),
                dead=dead,
            )
            for owner in chars
            for dead, auras in ((False, owner.auras), (True, owner.dead_auras))
            for op in auras
            if _reaches(op, owner, ch, rules, traits)
        )
        out.append(replace(ch, ally_auras=received) if received else ch)
    return tuple(out)


#: The selector filters that do not change during a game (a character's guild, class, race…).
_STATIC_FILTERS = (
    "guild",
    "class_",
    "race",
    "caste",
    "no_caste",
    "family",
    "single_class",
    "single_race",
    "not_race",
    "not_class",
    "not_guild",
)


def _static_reach(
    effect: Any, owner: CompiledCharacter, line: Sequence[CompiledCharacter], where: str
) -> list[int]:
    """The characters of ``owner``'s side a standing grant reaches: itself, or (a group target)
    those of its allies that its filter — a static one: guild, class, race, caste, family, single
    class — lets in."""
    selector = effect.selector
    group, pick = spec_effects.target_group(selector if selector is not None else effect.target)
    if pick is not None or group not in ("self", "allies", "other_allies"):
        raise UnsupportedSpecError(where, f"a standing ability reaching {effect.target!r} is not supported")
    if selector is not None and selector.fighting is not None:
        raise UnsupportedSpecError(where, "the filter 'fighting' is not supported by the engine yet")
    for key in PENDING_FILTER_KEYS:
        if selector is not None and getattr(selector, key) is not None:
            raise UnsupportedSpecError(where, f"the filter {key!r} is not supported by the engine yet")
    if selector is not None and (
        selector.tapped is not None
        or selector.carrying is not None
        or selector.not_carrying is not None
        or selector.wounded is not None
    ):
        raise UnsupportedSpecError(
            where, "a standing ability's reach cannot change during the game (tapped, carrying, wounded)"
        )
    if group == "self":
        return [owner.index]
    out = []
    for ch in line:
        if ch.seat != owner.seat or (group == "other_allies" and ch.index == owner.index):
            continue
        sp = ch.spec
        if selector is not None:
            if selector.guild is not None and sp.guild != selector.guild:
                continue
            if selector.class_ is not None and selector.class_ not in sp.classes:
                continue
            if selector.race is not None and selector.race not in (sp.race, sp.race_parent):
                continue
            if selector.caste is not None and selector.caste not in sp.castes:
                continue
            if selector.no_caste is not None and (not sp.castes) != selector.no_caste:
                continue
            if selector.family is not None and sp.family != selector.family:
                continue
            if selector.single_class is not None and selector.single_class != (not sp.multi_class):
                continue
            if selector.single_race is not None and not selector.single_race:
                continue  # a printed character has one race
            if selector.not_race is not None and selector.not_race in (sp.race, sp.race_parent):
                continue
            if selector.not_class is not None and selector.not_class in sp.classes:
                continue
            if selector.not_guild is not None and sp.guild == selector.not_guild:
                continue
        out.append(ch.index)
    return out


def _standing_grants(
    chars: tuple[CompiledCharacter, ...],
    ctx: CompileContext,
    item_mask: int = 0,
    keeps_item_chain: bool = True,
) -> tuple[CompiledCharacter, ...]:
    """The ``may_play``, ``carry`` and ``may_attach`` abilities of every character, given to the
    characters they reach (cards/domain/effects.py: "the target may play such cards whatever their
    requirements", "may carry that many such items at once", "may attach such cards to any living
    character in play"). An Artisan's own attach ability (docs/rules/eredan.md §3 Classes) is one of
    them: the cards reserved to artisans. And the ``chain_on`` abilities given to a group.
    ``item_mask``, ``keeps_item_chain``: the Objets, and whether a Mage/Combattant keeps a chain on
    them (EredanRules.mage_combattant_keeps_item_chain)."""
    artisan_cards = ctx.mask(CardMatch("class_reserved", ARTISAN_CLASS))
    may_play_mask = [0] * len(chars)
    attach_any = [artisan_cards if ch.is_artisan else 0 for ch in chars]
    carry: list[list[CarryAbility]] = [[] for _ in chars]
    grants: list[list[PlayGrant]] = [[] for _ in chars]
    given: list[list[ChainOnAbility]] = [[] for _ in chars]
    given_acts: list[list[ActsNowOp]] = [[] for _ in chars]
    onto: list[list[tuple[int, str]]] = [[] for _ in chars]
    for owner in chars:
        for i, effect in enumerate(owner.spec.abilities):
            where = f"character {owner.slug!r}: abilities[{i}]"
            if isinstance(effect, spec_effects.ActsNow):
                if effect.target == "self" and effect.selector is None:
                    continue  # its own: _compile_character
                # cards/domain/effects.py ``acts_now`` given to a group ("les Lances jouées par vos
                # alliés sont activées immédiatement"): each character it reaches has it when it
                # fights, while its giver lives — put in place at the choice, like its own.
                op = compile_effect(effect, where, i, ctx)
                assert isinstance(op, ActsNowOp)
                if not isinstance(op.duration, ForCombat) or reads_the_cards(op.when):
                    raise UnsupportedSpecError(
                        where, "an acts_now ability holds for the combat, on a condition known at the choice"
                    )
                for c in _static_reach(effect, owner, chars, where):
                    alive = () if c == owner.index else (AllyAlive(owner.family),)
                    given_acts[c].append(replace(op, target=SELF, when=(*(op.when or ()), *alive) or None))
                continue
            if isinstance(effect, ChainOn):
                if effect.target == "self" and effect.selector is None:
                    continue  # its own chain: _compile_character
                # cards/domain/effects.py ``chain_on`` on a group ("vos Gardiens ont Enchaînement
                # sur une Épée"): each character it reaches has that chain while its giver lives —
                # or, lasting the game ("… jusqu'à la fin de la partie"), its giver dead or alive.
                reached = _static_reach(effect, owner, chars, where)
                when = compile_condition(effect.when, f"{where}.when", ctx)
                mask = ctx.mask(effect.match)
                lasting = effect.duration is not None
                for c in reached:
                    if not mask & ~item_mask and _is_mage_combattant(chars[c].spec) and not keeps_item_chain:
                        continue  # docs/rules/eredan.md §3 Classes: a Mage/Combattant's item chain
                    giver = -1 if c == owner.index or lasting else owner.index
                    given[c].append(ChainOnAbility(mask, when, giver))
                continue
            if not isinstance(effect, spec_effects.MayPlay | spec_effects.Carry | spec_effects.MayAttach):
                continue
            reached = _static_reach(effect, owner, chars, where)
            when = compile_condition(effect.when, f"{where}.when", ctx)
            mask = ctx.mask(effect.cards)
            if isinstance(effect, spec_effects.MayPlay):
                for c in reached:
                    if c == owner.index and when is None:
                        may_play_mask[c] |= mask
                    else:
                        grants[c].append(PlayGrant(owner.index, mask, when))
                continue
            if when is not None or reached != [owner.index]:
                raise UnsupportedSpecError(
                    where, f"a {effect.op} ability with a condition or for other characters is not supported"
                )
            if isinstance(effect, spec_effects.Carry):
                carry[owner.index].append(CarryAbility(mask, effect.count))
            elif effect.onto != "characters":  # only onto some characters: State._carriers
                onto[owner.index].append((mask, effect.onto))
            else:
                attach_any[owner.index] |= mask
        for j, order in enumerate(owner.spec.orders):
            # cards/domain/effects.py ``may_play`` in an Ordre ("Tours 2 et 5 : vous pouvez jouer
            # des Théurgies"): the character may play such cards while its Ordre applies.
            applies: Condition = (HasOrdre(True),) if len(owner.spec.orders) == 1 else (OnTurn(order.turns),)
            for i, effect in enumerate(order.effects):
                if not isinstance(effect, spec_effects.MayPlay):
                    continue
                if effect.target != "self" or effect.selector is not None:
                    continue  # refused by name where the Ordre's effects are compiled
                when = compile_condition(
                    effect.when, f"character {owner.slug!r}: orders[{j}].effects[{i}].when", ctx
                )
                grants[owner.index].append(
                    PlayGrant(owner.index, ctx.mask(effect.cards), applies + (when or ()))
                )
    out = []
    for ch in chars:
        c = ch.index
        if given[c]:
            ch = replace(ch, chain_on=(*ch.chain_on, *given[c]))
        if given_acts[c]:
            ch = replace(ch, forbids=(*ch.forbids, *given_acts[c]))
        if onto[c]:
            ch = replace(ch, attach_onto=tuple(onto[c]), attach_every_mask=attach_any[c])
            for mask, _ in onto[c]:
                attach_any[c] |= mask
        if may_play_mask[c] or attach_any[c] or carry[c] or grants[c]:
            ch = replace(
                ch,
                may_play_mask=may_play_mask[c],
                attach_any_mask=attach_any[c],
                carry=tuple(carry[c]),
                grants=tuple(grants[c]),
            )
        out.append(ch)
    return tuple(out)


def carry_fits(
    cards: Sequence[CompiledCard],
    ch: CompiledCharacter,
    held: Sequence[int],
    k: int,
    card: CompiledCard | None = None,
) -> bool:
    """docs/rules/eredan.md §3 Items, with the card texts that change them — whether ``ch``, carrying
    the cards ``held`` (and those chosen for it this turn), may take card ``k``: one copy of a
    card "one per character"; as many cards of a ``carry`` ability as it says (and no other item of
    their slot beside them); otherwise one weapon, or two one-handed ones when one has an
    Ambidextrie that allows the other (``dual_wield_with``), one armor (and one shield in a slot of
    its own). The general form of :func:`gear_accepts`, used when a game has such cards.
    ``card``: card ``k`` as it comes into play (one of its modes), if not as printed."""
    if card is None:
        card = cards[k]
    if card.one_per_character and any(cards[h].spec.family == card.spec.family for h in held):
        return False
    slot = card.slot
    if slot == SLOT_NONE:
        return True
    same = [cards[h] for h in held if cards[h].slot == slot]
    for ability in ch.carry:
        if ability.mask >> k & 1:
            return len(same) < ability.count and all(ability.mask >> c.id & 1 for c in same)
    if not same:
        return True
    if slot != SLOT_WEAPON or len(same) > 1:
        return False
    other = same[0]
    if other.hands != 1 or card.hands != 1:
        return False
    return (card.dual_wield and (not card.partners_mask or bool(card.partners_mask >> other.id & 1))) or (
        other.dual_wield and (not other.partners_mask or bool(other.partners_mask >> k & 1))
    )


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


def walk_ops(ops: Sequence[Op]) -> Iterator[Op]:
    """Every op of a list, with those nested in others (any field holding ops: a trigger's
    effects, ``one_of``'s options), depth first."""
    for op in ops:
        yield op
        for f in fields(op):
            value = getattr(op, f.name)
            if isinstance(value, tuple) and value:
                for item in value:
                    if isinstance(item, Op):
                        yield from walk_ops((item,))
                    elif isinstance(item, tuple):
                        yield from walk_ops([x for x in item if isinstance(x, Op)])


def _static_points(points: Points) -> float:
    """A board-free guess of an amount: the middle of a roll (+2 for a stat), a scaled amount's
    fixed part plus one count."""
    if isinstance(points, Roll):
        return abs(points.lo + points.hi) / 2 + (2 if points.stat is not None else 0)
    return float(abs(points.plus + points.each))


def card_worth(card: CompiledCard) -> float:
    """A rough, board-free worth of a card: how much it tends to do — what the greedy player keeps
    when it must discard, and what a player choosing a card (``pick`` choice:
    ``EredanRules.chosen_card_by_worth``) goes by."""
    v = 0.0
    for op in card.ops + card.while_carried:
        if isinstance(op, DamageOp):
            v += _static_points(op.amount)
            v += 2 if isinstance(op.target, AllEnemies) else 0
        elif isinstance(op, HealOp):
            v += _static_points(op.amount)
        elif isinstance(op, ModifyOp):
            amount = abs(op.amount) if op.points is None else _static_points(op.points)
            v += amount * (LASTING_WORTH if not isinstance(op.duration, ForCombat) else 1.0)
        elif isinstance(op, DrawOp | DiscardOp | MillOp):
            v += op.count * 0.5
        elif isinstance(op, ReviveOp):
            v += op.hp
        elif isinstance(
            op,
            MoveOp | CreateOp | PlayCardOp | DiscardAttachedOp | MarkerOp | TapOp | UntapOp | CounterOp,
        ):
            v += 1.0
        elif isinstance(op, DrawPhaseOp) and op.amount is not None and op.amount > 0:
            v += op.amount
    return v


#: A point of a lasting modifier, in :func:`card_worth` (the greedy player's LASTING_POINT_VALUE).
LASTING_WORTH = 1.5


#: A ``cards_last`` ability's group filters, as the conditions on the character playing a card.
_PLAYED_BY_FILTER = {
    "guild": "played_by_guild",
    "class_": "played_by_class",
    "race": "played_by_race",
    "caste": "played_by_caste",
}


def _cards_last(decks: Sequence[DeckSpec], specs: Sequence[CardSpec]) -> dict[int, tuple[PlayVariant, ...]]:
    """The characters' ``cards_last`` abilities ("les 'X' jouées par 'Y' sont permanentes", "…
    durent 2 combats": cards/domain/effects.py) as play variants of the cards they name (by index
    in ``specs``): such a card played by a character the ability reaches — itself (``self``: the
    card played by its family), or, while the holder lives, each character of its side (``allies``,
    ``all_allies``: ``ally_alive``), of a guild, class, race or caste (the group's filter) — stays
    in play that long instead of what it says (``longer``: that much longer)."""
    out: dict[int, list[PlayVariant]] = {}
    for deck in decks:
        for ch in deck.characters:
            for i, effect in enumerate(ch.abilities):
                if not isinstance(effect, spec_effects.CardsLast):
                    continue
                where = f"character {ch.slug!r}: abilities[{i}]"
                if effect.when is not None:
                    raise UnsupportedSpecError(
                        where, "a cards_last ability with a condition is not supported yet"
                    )
                group, pick = spec_effects.target_group(
                    effect.selector if effect.selector is not None else effect.target
                )
                if pick is not None or group not in ("self", "allies"):
                    raise UnsupportedSpecError(
                        where, f"a cards_last ability reaching {group!r} is not supported (self, allies)"
                    )
                clauses: dict[str, Any] = {}
                if group == "self":
                    clauses["played_by"] = ch.family
                else:
                    clauses["ally_alive"] = ch.family
                selector = effect.selector
                if selector is not None:
                    for f in fields(selector):
                        value = getattr(selector, f.name)
                        if f.name in ("group", "pick") or value is None:
                            continue
                        if f.name not in _PLAYED_BY_FILTER:
                            raise UnsupportedSpecError(
                                where, f"a cards_last ability's filter {f.name!r} is not supported"
                            )
                        clauses[_PLAYED_BY_FILTER[f.name]] = value
                lasts = effect.lasts
                if lasts.kind == "permanent" and not effect.longer:
                    stays = Stays("permanent")
                elif lasts.kind in ("turns", "combats"):
                    stays = Stays(lasts.kind, lasts.turns, lasts.turns)
                else:
                    raise UnsupportedSpecError(where, f"a cards_last of {lasts.to_json()!r} is not supported")
                variant = (
                    PlayVariant(spec_effects.Condition(**clauses), longer=stays)
                    if effect.longer
                    else PlayVariant(spec_effects.Condition(**clauses), stays=stays)
                )
                for k, card in enumerate(specs):
                    if card_matches(effect.cards, card) and variant not in out.get(k, []):
                        out.setdefault(k, []).append(variant)
    return {k: tuple(v) for k, v in out.items()}


def _may_change(selector: spec_effects.Selector, op: TraitsOp) -> bool:
    """Whether ``op`` may change whether a character passes ``selector``'s filter."""
    replaced = op.mode != "add"
    by_guild = selector.guild is not None or selector.not_guild is not None
    if op.races is not None:
        races = {*op.races, *(RACE_PARENT_ELEMENT[r][0] for r in op.races if r in RACE_PARENT_ELEMENT)}
        if selector.single_race is not None or any(
            value is not None and (replaced or value in races) for value in (selector.race, selector.not_race)
        ):
            return True
    classes = set(op.classes or ())
    if op.classes is not None and (
        selector.single_class is not None
        or any(
            value is not None and (replaced or value in classes)
            for value in (selector.class_, selector.not_class)
        )
    ):
        return True
    if op.castes is not None:
        castes = set() if op.castes == "all" else set(op.castes)
        if selector.no_caste is not None or (
            selector.caste is not None and (replaced or selector.caste in castes)
        ):
            return True
        if by_guild and (replaced or COURTISAN in castes):
            return True
    return op.guilds is not None and by_guild


def _check_traits(
    cards: Sequence[CompiledCard],
    chars: Sequence[CompiledCharacter],
    item_mask: int,
    mask: Callable[[CardMatch], int],
) -> bool:
    """Whether an effect of the game changes its characters' traits (a ``traits`` op: traitops.py),
    after refusing by name what the engine decides once for the game from the printed traits and
    could not follow: a standing grant (``may_play``, ``carry``, ``may_attach``, ``acts_now``,
    ``chain_on`` given to a group) reaching the characters of a class, race, guild or caste; classes
    changed in a game with an Artisan (its attachments, docs/rules/eredan.md §3 Classes) or with a
    chain on items (lost by a Mage/Combattant: the multi-class table)."""
    found = [
        op
        for op in walk_ops(
            [
                op
                for c in cards
                for mode in (c, *c.modes)
                for op in (*mode.ops, *mode.while_carried, *mode.triggers)
            ]
            + [
                op
                for ch in chars
                for op in (*ch.triggers, *ch.late_order_ops, *(op for order in ch.orders for op in order.ops))
            ]
        )
        if isinstance(op, TraitsOp)
    ]
    found += [op for ch in chars for op in ch.own_traits]
    if not found:
        return False
    for ch in chars:
        for i, effect in enumerate(ch.spec.abilities):
            selector = getattr(effect, "selector", None)
            if (
                isinstance(
                    effect,
                    spec_effects.MayPlay
                    | spec_effects.Carry
                    | spec_effects.MayAttach
                    | spec_effects.ActsNow
                    | ChainOn,
                )
                and selector is not None
                and any(_may_change(selector, op) for op in found)
            ):
                raise UnsupportedSpecError(
                    f"character {ch.slug!r}: abilities[{i}]",
                    "a standing grant reaching characters by class, race, guild or caste, in a game "
                    "where traits change (traits), is not supported yet",
                )
    classes = [op for op in found if op.classes is not None]
    if classes:
        if any(ARTISAN_CLASS in (op.classes or ()) for op in classes) or (
            any(ch.is_artisan for ch in chars) and any(op.mode != "add" for op in classes)
        ):
            raise UnsupportedSpecError(
                "decks", "classes changed (traits) in a game with an Artisan are not supported yet"
            )
        # a Mage/Combattant (multi-class table) made or unmade: a Mage or Combattant given, or
        # classes replaced
        if (
            any(op.mode != "add" or {MAGE, WARRIOR} & set(op.classes or ()) for op in classes)
            and item_mask
            and any(
                isinstance(effect, ChainOn) and not mask(effect.match) & ~item_mask
                for ch in chars
                for effect in (*ch.spec.abilities, *(e for order in ch.spec.orders for e in order.effects))
            )
        ):
            raise UnsupportedSpecError(
                "decks", "classes changed (traits) in a game with a chain on items are not supported yet"
            )
    return True


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
    # Cards that effects may create (DeckSpec.extra): in the tables, in no deck.
    created: dict[str, int] = {}
    for deck in decks:
        for card in deck.extra:
            known = index_of.get(card.slug)
            if known is None:
                known = index_of[card.slug] = len(specs)
                specs.append(card)
            created.setdefault(card.family, known)
    for i, card in enumerate(specs):
        created.setdefault(card.family, i)
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
    lasting = _cards_last(decks, specs)
    cards = tuple(_compile_card(spec, i, ctx, rules, lasting.get(i, ())) for i, spec in enumerate(specs))
    for compiled_card in cards:
        # its effects, the triggers it keeps while it stays, and its play variants' (a card
        # created by a trigger of a card that stays was not checked: a KeyError in the middle
        # of a game, found by benchmarks/synthetic_pool.py)
        every = (compiled_card, *compiled_card.modes)
        for mode in every:
            if not mode.attaches and any(
                isinstance(op, AttachOp) for op in walk_ops([*mode.ops, *mode.triggers])
            ):
                raise UnsupportedSpecError(
                    f"card {compiled_card.slug!r}",
                    "attach: only a card that stays in play moves",
                )
        for op in walk_ops([op for c in every for op in (*c.ops, *c.triggers, *c.while_carried)]):
            if isinstance(op, CreateOp) and op.family not in created:
                raise UnsupportedSpecError(
                    f"card {compiled_card.slug!r}: effects[{op.index}]",
                    f"the card {op.family!r} it creates is not known (DeckSpec.extra: deck_from_counts "
                    "finds it in the catalog)",
                )
    for deck in decks:
        for character in deck.characters:
            effects = [*character.abilities, *(e for order in character.orders for e in order.effects)]
            if any(isinstance(e, spec_effects.Attach) for e in spec_effects.walk_effects(tuple(effects))):
                raise UnsupportedSpecError(
                    f"character {character.slug!r}",
                    "attach: only a card that stays in play moves",
                )
            for family in created_families(effects):
                if family not in created:
                    raise UnsupportedSpecError(
                        f"character {character.slug!r}",
                        f"the card {family!r} it creates is not known (DeckSpec.extra: deck_from_counts "
                        "finds it in the catalog)",
                    )
    item_mask = sum(1 << c.id for c in cards if c.kind == CK_ITEM)
    printed = tuple(
        _compile_character(ch, seat * 3 + pos, ctx, item_mask, rules)
        for seat, deck in enumerate(decks)
        for pos, ch in enumerate(deck.characters)
    )
    traits = _check_traits(cards, printed, item_mask, match_mask)
    chars = _standing_grants(
        _with_ally_auras(printed, rules, traits),
        ctx,
        item_mask,
        rules.mage_combattant_keeps_item_chain,
    )
    if len(cards) > MAX_CARDS:
        raise UnsupportedSpecError("decks", f"two decks hold at most {MAX_CARDS} different cards")
    play_mask = []
    for ch in chars:
        mask = ch.may_play_mask
        if ch.own_traits:  # its traits are not its printed ones
            elements = elements_of(ch)
            for compiled in cards:
                if may_play_changed(compiled.spec, ch, elements):
                    mask |= 1 << compiled.id
        else:
            for compiled in cards:
                if may_play(compiled.spec, ch.spec):
                    mask |= 1 << compiled.id
        play_mask.append(mask)
    # Cards played on the fighter with no check of its items: those that do not stay, and those that
    # stay on the fighter with no slot to fill, no "one per character", that no character may
    # attach elsewhere.
    attach_any = 0
    for ch in chars:
        attach_any |= ch.attach_any_mask
    simple = 0
    for compiled in cards:
        if compiled.modes:
            continue  # how it comes into play depends on who plays it
        if not compiled.attaches or (
            compiled.slot == SLOT_NONE
            and compiled.attach_to == ATTACH_FIGHTER
            and not compiled.one_per_character
            and not attach_any >> compiled.id & 1
        ):
            simple |= 1 << compiled.id
    slow_fit = any(c.one_per_character or c.partners_mask for c in cards) or any(ch.carry for ch in chars)
    records: list[Op] = []
    for c in cards:
        for mode in (c, *c.modes[1:]):  # with its play variants' modes
            records.extend((*mode.ops, *mode.while_carried, *mode.triggers))
    for ch in chars:
        records.extend(
            (
                *ch.ability_ops,
                *ch.fight_ops,
                *ch.late_ops,
                *ch.late_order_ops,
                *ch.auras,
                *ch.dead_auras,
                *ch.forbids,
                *ch.triggers,
            )
        )
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
        base_stats=tuple(v for ch in chars for v in (0, ch.defense, ch.spirit, ch.initiative, 0, 0, 0, 0)),
        slow_fit=slow_fit,
        starting=any(c.starts for c in cards),
        attaching_mask=sum(1 << c.id for c in cards if c.attaches),
        plain_fit_mask=0
        if slow_fit
        else sum(1 << c.id for c in cards if c.attaches and c.attach_to == ATTACH_FIGHTER and not c.modes),
        dynamic_play=any(ch.grants for ch in chars),
        traits=traits,
        created=created,
        plays=tuple(tuple(Play.of(k, carrier) for k in range(len(cards))) for carrier in range(6)),
        late=any(ch.late_ops or ch.late_order_ops or any(a.late for a in ch.ally_auras) for ch in chars),
        hp_max=HPM in used,
        bounds=BoundOp in used or DoubleOp in used,
        damage_dealt_count=CountDamageDealt in used,
        damage_taken_count=CountDamageTaken in used,
        trigger_events=sum(1 << e for e in range(len(EVENT_NAMES)) if ("event", e) in used),
        carried_trigger_events=sum(
            1 << trigger.event for c in cards for mode in (c, *c.modes) for trigger in mode.triggers
        ),
        ability_triggers=_ability_triggers(chars),
        choice_cards=sum(1 << c.id for c in cards if c.choices or any(m.choices for m in c.modes)),
        worth=tuple(card_worth(c) for c in cards),
        draw_abilities=tuple(
            (seat * 3 + pos, {"self": 1, "opponent": 2, "both": 3}[e.owner], e.amount)
            for seat, deck in enumerate(decks)
            for pos, ch in enumerate(deck.characters)
            for e in ch.abilities
            if isinstance(e, spec_effects.DrawPhase)
        ),
        guards=tuple(_guard(op, ch.index) for ch in chars for op in ch.guards),
        deck_copies=tuple(
            tuple((k, held.count(k), cards[k].slug) for k in sorted(set(held))) for held in deck_ids
        ),
    )


def _ability_triggers(
    chars: Sequence[CompiledCharacter],
) -> tuple[tuple[tuple[tuple[int, TriggersOnEvent], ...], ...], ...]:
    """:attr:`Tables.ability_triggers` of the six characters."""
    by_event = [triggers_by_event(ch.triggers) for ch in chars]
    return tuple(
        tuple(
            tuple((c, by_event[c][event]) for c in range(seat * 3, seat * 3 + 3) if by_event[c][event])
            for seat in (0, 1)
        )
        for event in range(len(EVENT_NAMES))
    )


def _guard(op: Op, c: int) -> DamageMod:
    """A standing ability of character ``c`` on its own damage or healing, as a board bonus."""
    what = {
        DamageTakenOp: DM_TAKEN,
        DamageDealtOp: DM_DEALT,
        HealDealtOp: DM_HEAL,
        ImmuneOp: DM_IMMUNE,
        AttackKindOp: DM_KIND,
    }[type(op)]
    return DamageMod(
        what,
        c,
        op.kind if isinstance(op, AttackKindOp) else getattr(op, "amount", 0),
        getattr(op, "points", None),
        getattr(op, "kinds", 0),
        getattr(op, "mask", -1 if what != DM_IMMUNE else 0),
        Lifetime(owner=c),
        op.when,
        getattr(op, "elements", 0),
        getattr(op, "by", 0),
        getattr(op, "by_mask", -1),
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
        elif isinstance(record, CharFilter) and record.hurt_this_turn is not None:
            found.add(CountDamageTaken)  # it reads the damage taken this turn (Board.taken)
        elif isinstance(record, TriggerOp):
            found.add(("event", record.event))
        stack.extend(getattr(record, f.name) for f in fields(record))
    return found
