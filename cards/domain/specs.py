"""Immutable value objects ("specs") for characters, cards and decks.

Built once (from database rows in ``cards/specs.py``, or from the bundled card set files in
:mod:`cards.domain.cardset`) and then shared by the deck validator and the Eredan engine. Every
derived flag the rules need (is it a weapon, how many hands, a spell of which element, …) is
computed here, once, from the card's type path.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cards.domain.effects import (
    MAX_TURN,
    CardMatch,
    Condition,
    Context,
    CreateCard,
    Effect,
    EffectError,
    Selector,
    Target,
    Turns,
    _int,
    _keys,
    _slug,
    effects_to_json,
    parse_card_match,
    parse_condition,
    parse_effects,
    parse_target,
    parse_turns,
    target_group,
    target_to_json,
    walk_effects,
)

MERCENARY_GUILD = "non_affilies"  # docs/rules/eredan.md §2.2 — Mercenaires, "no affiliation"
NEHANTIST_GUILD = "nehantistes"  # docs/rules/eredan.md §2.3 — never beside Mercenaries
MAGE, PRIEST, WARRIOR, MARAUDER, ARTISAN = "mage", "pretre", "combattant", "maraudeur", "artisan"
GOLEM = "golem"  # docs/rules/eredan.md §3 Races — may carry any Objet
GUEMELITE = "guemelite"  # docs/rules/eredan.md §3 Races — casts spells of its element

# Card kinds, from the root of the type tree (types.json).
ITEM, ACTION, SPELL, THEURGY, UNPLAYABLE, OTHER = "item", "action", "spell", "theurgy", "unplayable", "other"
ROOT_KINDS = {"objet": ITEM, "action": ACTION, "sort": SPELL, "theurgie": THEURGY, "non_jouable": UNPLAYABLE}
WEAPON_TYPE, TWO_HANDED_TYPE = "arme", "arme_a_deux_mains"
#: [decision] docs/rules/eredan.md §3 Items — "one weapon and one armor": a Bouclier (shield) takes the
#: armor slot, as the source's example ("une seule épée ou un seul bouclier") pairs it with armor.
ARMOR_SLOT_TYPES = frozenset({"armure", "bouclier"})
#: docs/rules/eredan.md §3 Items — potions and scrolls act at once and are discarded.
CONSUMABLE_TYPES = frozenset({"potion", "parchemin"})
XP_CARD_TYPE = "carte_xp"


class SpecError(ValueError):
    """Data that cannot become a spec (unknown type, bad stats, invalid effects…)."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


@dataclass(frozen=True, slots=True)
class CardTypeInfo:
    """One node of the card type tree."""

    slug: str
    parent: str | None
    persistent: bool
    playable: bool
    character_type: bool = False


class TypeTree:
    """The card type tree: type slug -> path from the root (``("objet", "arme", …, "epee")``)."""

    def __init__(self, types: Iterable[CardTypeInfo]) -> None:
        self.types: dict[str, CardTypeInfo] = {t.slug: t for t in types}
        self._paths: dict[str, tuple[str, ...]] = {}

    def path(self, slug: str) -> tuple[str, ...]:
        cached = self._paths.get(slug)
        if cached is not None:
            return cached
        if slug not in self.types:
            raise SpecError(f"unknown card type {slug!r}", field="type")
        path: list[str] = []
        node: str | None = slug
        while node is not None:
            if node in path:
                raise SpecError(f"card type tree has a cycle at {node!r}", field="type")
            path.append(node)
            info = self.types.get(node)
            if info is None:
                raise SpecError(f"card type {slug!r} has an unknown ancestor {node!r}", field="type")
            node = info.parent
        result = tuple(reversed(path))
        self._paths[slug] = result
        return result


@dataclass(frozen=True, slots=True)
class Order:
    """An Ordre: on the listed turns, the character gets these (combat) modifiers."""

    turns: Turns
    effects: tuple[Effect, ...]

    def to_json(self) -> dict[str, Any]:
        return {"turns": self.turns.to_json(), "effects": effects_to_json(self.effects)}


@dataclass(frozen=True, slots=True)
class Requirements:
    """Who may play a card: a character of one of ``classes``, or named (family slug) in
    ``characters``, or of one of ``races``, or of one of ``castes``. Empty = anyone."""

    classes: frozenset[str] = frozenset()
    characters: frozenset[str] = frozenset()
    races: frozenset[str] = frozenset()
    castes: frozenset[str] = frozenset()

    @property
    def empty(self) -> bool:
        return not (self.classes or self.characters or self.races or self.castes)

    def allows(self, character: CharacterSpec) -> bool:
        if self.empty:
            return True
        return bool(
            self.classes.intersection(character.classes)
            or character.family in self.characters
            or character.race in self.races
            or (character.race_parent is not None and character.race_parent in self.races)
            or self.castes.intersection(character.castes)
        )

    def to_json(self) -> dict[str, list[str]]:
        out = {
            "classes": sorted(self.classes),
            "characters": sorted(self.characters),
            "races": sorted(self.races),
        }
        if self.castes:
            out["castes"] = sorted(self.castes)
        return out


#: How long a card stays in play: ``no`` (it resolves and is discarded), ``permanent`` (until it
#: is removed, or its carrier dies), N turns or N combats (rolled in ``lo``..``hi``).
STAYS_KINDS = ("no", "permanent", "turns", "combats")


@dataclass(frozen=True, slots=True)
class Stays:
    kind: str
    lo: int = 0
    hi: int = 0

    def to_json(self) -> Any:
        if self.kind in ("no", "permanent"):
            return self.kind
        return {self.kind: self.lo if self.lo == self.hi else [self.lo, self.hi]}


@dataclass(frozen=True, slots=True)
class PlayVariant:
    """How the card comes into play when a condition holds ("Mage : Permanent", "Eclipse : Durée 3
    combats", "Prêtre : Durée 2 tours supplémentaires", "'X' : S'active immédiatement"): see
    :class:`PlayRules` ``variants``."""

    when: Condition
    acts: str | None = None
    stays: Stays | None = None
    attach: Target | None = None
    longer: Stays | None = None  # turns or combats added to how long the card stays

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"when": self.when.to_json()}
        if self.acts is not None:
            out["acts"] = self.acts
        if self.stays is not None:
            out["stays"] = self.stays.to_json()
        if self.attach is not None:
            out["attach"] = target_to_json(self.attach)
        if self.longer is not None:
            out["longer"] = self.longer.to_json()
        return out


#: Where a card that leaves the deck at the start of the game goes (:class:`Starts`).
STARTS_KINDS = ("hand", "attached")


@dataclass(frozen=True, slots=True)
class Starts:
    """A card that leaves its player's deck at the start of the game ("En début de partie, cette
    carte s'ajoute à votre main": ``hand``; "… cette carte s'attache à un de vos Nomades":
    ``attached`` to ``target``, one of the player's characters — a pick among a group of them or a
    named one). When no character matches ``target``, the card stays in the deck. JSON ``"hand"``
    or ``{"attached": target}``."""

    kind: str
    target: Target | None = None

    def to_json(self) -> Any:
        if self.kind == "hand":
            return "hand"
        assert self.target is not None
        return {"attached": target_to_json(self.target)}


@dataclass(frozen=True, slots=True)
class PlayRules:
    """How a card comes into play, when it acts and how long it stays — what its text says where
    it differs from its type's default (docs/rules/eredan.md §3: card text beats the rules).

    ``acts``: ``None`` (its type's default: carried items after the combat, every other card at
    once), ``"now"`` ("S'active immédiatement") or ``"after_combat"`` ("S'active après le combat").
    ``stays``: ``None`` (its type's default: persistent Objets that are not potions or scrolls
    stay permanently, the others do not) or a :class:`Stays` ("Permanent", "Durée 2 combats",
    "Durée 2 à 4 tours"); a card that stays is attached to a character and its effects hold, or
    fire, while it is attached (docs in ``cards.domain.effects``). ``attach``: whom a card that
    stays is attached to (default the character playing it; "S'attache à votre adversaire" is
    ``opponent``; "Choisissez un X et attachez-lui cette carte" a chosen ally). ``one_per_character``:
    "Un seul exemplaire par personnage" (a character carries at most one copy).
    ``dual_wield_with``: the families its Ambidextrie is limited to ("Ambidextrie : 'Katana'").
    ``starts``: a :class:`Starts` when the card leaves the deck at the start of the game, to its
    player's hand or attached to one of its characters.
    ``variants`` (JSON ``"if"``): when the card is played, each :class:`PlayVariant` whose condition
    holds (a condition of the card's effects, checked then: the holder is the character playing
    it) sets its ``acts``, ``stays`` and ``attach`` in place of the card's (a later variant over an
    earlier one), and its ``longer`` (``{"turns": N}`` / ``{"combats": N}``, maybe a range) adds to
    how long the card stays, in the unit of its stay ("Durée 2 tours supplémentaires").
    """

    acts: str | None = None
    stays: Stays | None = None
    attach: Target | None = None
    one_per_character: bool = False
    dual_wield_with: tuple[str, ...] = ()
    variants: tuple[PlayVariant, ...] = ()
    starts: Starts | None = None

    @property
    def default(self) -> bool:
        return self == PlayRules()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.acts is not None:
            out["acts"] = self.acts
        if self.stays is not None:
            out["stays"] = self.stays.to_json()
        if self.attach is not None:
            out["attach"] = target_to_json(self.attach)
        if self.one_per_character:
            out["one_per_character"] = True
        if self.dual_wield_with:
            out["dual_wield_with"] = list(self.dual_wield_with)
        if self.variants:
            out["if"] = [v.to_json() for v in self.variants]
        if self.starts is not None:
            out["starts"] = self.starts.to_json()
        return out


@dataclass(frozen=True, slots=True)
class CharacterSpec:
    slug: str
    family: str
    level: int
    name_en: str
    name_fr: str
    guild: str
    classes: tuple[str, ...]
    race: str
    hp: int
    attack_min: int
    attack_max: int
    defense: int
    spirit: int
    castes: tuple[str, ...] = ()
    multi_guild: bool = False  # a Courtisan (caste): belongs to several guilds (docs/rules/eredan.md §2.3)
    unique: bool = False
    race_parent: str | None = None  # "guemelite" for the Guémélite elements
    element: str | None = None  # spell element a Guémélite casts (a spell type slug)
    orders: tuple[Order, ...] = ()
    abilities: tuple[Effect, ...] = ()

    def __post_init__(self) -> None:
        if not 1 <= len(self.classes) <= 2:
            raise SpecError("a character has one or two classes", field="classes")
        if self.hp < 1:
            raise SpecError("HP must be at least 1", field="hp")
        if min(self.attack_min, self.defense, self.spirit) < 0:
            raise SpecError("stats may not be negative", field="attack")
        if self.attack_min > self.attack_max:
            raise SpecError("attack min is above attack max", field="attack")

    @property
    def is_mercenary(self) -> bool:
        return self.guild == MERCENARY_GUILD

    @property
    def is_golem(self) -> bool:
        return self.race == GOLEM

    @property
    def is_guemelite(self) -> bool:
        return self.race_parent == GUEMELITE or self.race == GUEMELITE

    @property
    def multi_class(self) -> bool:
        return len(self.classes) > 1

    def has_class(self, slug: str) -> bool:
        return slug in self.classes


@dataclass(frozen=True, slots=True)
class CardSpec:
    slug: str
    family: str
    level: int
    name_en: str
    name_fr: str
    type: str  # the leaf type slug
    type_path: tuple[str, ...]
    persistent: bool = False
    playable: bool = True
    unique: bool = False
    guild: str | None = None
    requirements: Requirements = Requirements()
    zone: bool = False  # spells: hits every enemy character
    chain: CardMatch | None = None  # the Enchaînement this card grants
    dual_wield: bool = False  # Ambidextrie: may be carried beside another one-handed weapon
    effects: tuple[Effect, ...] = ()
    xp_value: int = 0  # "+N XP" cards
    play: PlayRules = PlayRules()  # what its text says of how it comes into play and stays
    # derived from type_path in __post_init__
    kind: str = field(init=False)
    element: str | None = field(init=False)
    is_weapon: bool = field(init=False)
    hands: int = field(init=False)
    is_armor: bool = field(init=False)
    is_consumable: bool = field(init=False)

    def __post_init__(self) -> None:
        path = self.type_path
        if not path or path[-1] != self.type:
            raise SpecError(f"type path {path!r} does not end with {self.type!r}", field="type")
        kind = ROOT_KINDS.get(path[0], OTHER)
        is_weapon = WEAPON_TYPE in path
        set_ = object.__setattr__
        set_(self, "kind", kind)
        set_(self, "element", path[1] if kind == SPELL and len(path) > 1 else None)
        set_(self, "is_weapon", is_weapon)
        set_(self, "hands", (2 if TWO_HANDED_TYPE in path else 1) if is_weapon else 0)
        set_(self, "is_armor", bool(ARMOR_SLOT_TYPES.intersection(path)))
        set_(self, "is_consumable", bool(CONSUMABLE_TYPES.intersection(path)))
        if self.zone and kind != SPELL:
            raise SpecError("only spells can be zone spells", field="zone")
        if self.xp_value < 0:
            raise SpecError("XP value may not be negative", field="xp_value")

    @property
    def is_item(self) -> bool:
        return self.kind == ITEM

    @property
    def is_xp_card(self) -> bool:
        return XP_CARD_TYPE in self.type_path

    @property
    def attaches(self) -> bool:
        """Whether the card stays in play, carried by a character: persistent items (weapons,
        armors, amulets…) by default; any card whose text says so (``play.stays``) or that starts
        the game attached (``play.starts``: it stays, permanently unless ``play.stays`` says how long)."""
        if self.play.starts is not None and self.play.starts.kind == "attached":
            return True
        if self.play.stays is not None:
            return self.play.stays.kind != "no"
        return self.kind == ITEM and self.persistent and not self.is_consumable

    @property
    def acts_after_combat(self) -> bool:
        """Whether its effects happen after the combat: carried items by default, any card whose
        text says so (``play.acts``)."""
        if self.play.acts is not None:
            return self.play.acts == "after_combat"
        return self.kind == ITEM and self.attaches

    def is_of_type(self, slug: str) -> bool:
        return slug in self.type_path


@dataclass(frozen=True, slots=True)
class DeckSpec:
    """A deck: three characters and its cards with their counts (in a stable order).

    ``extra``: cards that are not in the deck but that its cards' and characters' effects may
    bring into a game (``create``: "une copie de 'X' est créée"), found in the catalog by
    :func:`deck_from_counts`; the engine refuses a deck whose effects create a card it lacks.
    """

    name: str
    characters: tuple[CharacterSpec, ...]
    cards: tuple[tuple[CardSpec, int], ...]
    slug: str = ""
    extra: tuple[CardSpec, ...] = ()

    @property
    def size(self) -> int:
        return sum(count for _, count in self.cards)

    def card_list(self) -> list[CardSpec]:
        """Every copy, expanded (for shuffling into a draw pile)."""
        return [card for card, count in self.cards for _ in range(count)]


def card_matches(match: CardMatch, card: CardSpec) -> bool:
    """Whether ``card`` is what ``match`` names (docs/rules/eredan.md §3 step 2 chains)."""
    if match.but is not None and card_matches(match.but, card):
        return False
    kind = match.kind
    if kind == "any":
        return True
    if kind == "any_of":
        return any(card_matches(option, card) for option in match.options)
    if kind == "type":
        return (
            match.value in card.type_path
            and (match.hands is None or card.hands == match.hands)
            and (match.zone is None or card.zone == match.zone)
            and (match.guild is None or card.guild == match.guild)
            and (match.cursed is None or is_cursed(card))
        )
    if kind == "card":
        return card.family == match.value
    if match.type_ is not None and match.type_ not in card.type_path:
        return False
    if kind == "class_reserved":
        return match.value in card.requirements.classes
    if kind == "caste_reserved":
        return match.value in card.requirements.castes
    if kind == "race_reserved":
        return match.value in card.requirements.races
    if kind == "character_reserved":
        return match.value in card.requirements.characters
    return card.guild == match.value


def is_cursed(card: CardSpec) -> bool:
    """A cursed card ("Objet maudit"): the game says so in its name, "… maudit(e)" (the data have no
    other mark of it)."""
    name = unicodedata.normalize("NFKD", card.name_fr).encode("ascii", "ignore").decode().lower()
    return re.search(r"\bmaudite?s?\b", name) is not None


# --- construction from JSON (the card set files, the API, the importer) ------------------------


def _parse(data: Any, path: str, context: Context) -> tuple[Effect, ...]:
    try:
        return parse_effects(data if data is not None else [], path, context)
    except EffectError as exc:
        raise SpecError(exc.message, field=exc.path) from exc


def parse_orders(data: Any, path: str = "orders") -> tuple[Order, ...]:
    if data is None:
        return ()
    if not isinstance(data, list):
        raise SpecError("expected a list of Ordres", field=path)
    orders = []
    for i, item in enumerate(data):
        sub = f"{path}[{i}]"
        if not isinstance(item, Mapping) or set(item) != {"turns", "effects"}:
            raise SpecError('an Ordre is {"turns": …, "effects": […]}', field=sub)
        try:
            turns = parse_turns(item["turns"], f"{sub}.turns")
        except EffectError as exc:
            raise SpecError(exc.message, field=exc.path) from exc
        orders.append(Order(turns, _parse(item["effects"], f"{sub}.effects", "order")))
    return tuple(orders)


def parse_requirements(data: Any, path: str = "requirements") -> Requirements:
    if data is None:
        return Requirements()
    keys = ("classes", "characters", "races", "castes")
    if not isinstance(data, Mapping) or not set(data) <= set(keys):
        raise SpecError("expected {classes, characters, races, castes} lists of slugs", field=path)
    parts: dict[str, frozenset[str]] = {}
    for key in keys:
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise SpecError("expected a list of slugs", field=f"{path}.{key}")
        parts[key] = frozenset(value)
    return Requirements(**parts)


def parse_play_rules(data: Any, path: str = "play") -> PlayRules:
    """A card's :class:`PlayRules` from JSON (``None`` or ``{}``: its type's defaults)."""
    if data is None:
        return PlayRules()
    try:
        d = _keys(
            data,
            path,
            set(),
            {"acts", "stays", "attach", "one_per_character", "dual_wield_with", "if", "starts"},
        )
        acts = d.get("acts")
        if acts is not None and acts not in ("now", "after_combat"):
            raise EffectError(f"{path}.acts", f'expected "now" or "after_combat"; got {acts!r}')
        stays = _parse_stays(d["stays"], f"{path}.stays") if "stays" in d else None
        attach = parse_target(d["attach"], f"{path}.attach") if "attach" in d else None
        if attach is not None and stays is not None and stays.kind == "no":
            raise EffectError(f"{path}.attach", "a card that does not stay is attached to no one")
        if stays is not None and stays.kind == "no" and isinstance(d.get("starts"), Mapping):
            raise EffectError(f"{path}.starts", "a card that does not stay starts attached to no one")
        one = d.get("one_per_character", False)
        if not isinstance(one, bool):
            raise EffectError(f"{path}.one_per_character", f"expected true or false, got {one!r}")
        partners = d.get("dual_wield_with", [])
        if not isinstance(partners, list):
            raise EffectError(f"{path}.dual_wield_with", "expected a list of card families")
        families = tuple(_slug(f, f"{path}.dual_wield_with[{i}]") for i, f in enumerate(partners))
        variants = d.get("if", [])
        if not isinstance(variants, list):
            raise EffectError(f"{path}.if", "expected a list of play variants")
        parsed = tuple(_parse_variant(v, f"{path}.if[{i}]") for i, v in enumerate(variants))
        starts = _parse_starts(d["starts"], f"{path}.starts") if "starts" in d else None
    except EffectError as exc:
        raise SpecError(exc.message, field=exc.path) from exc
    return PlayRules(
        acts=acts,
        stays=stays,
        attach=attach,
        one_per_character=one,
        dual_wield_with=families,
        variants=parsed,
        starts=starts,
    )


def _parse_starts(data: Any, path: str) -> Starts:
    if data == "hand":
        return Starts("hand")
    if not (isinstance(data, Mapping) and set(data) == {"attached"}):
        raise EffectError(path, 'expected "hand" or {"attached": a target among your characters}')
    target = parse_target(data["attached"], f"{path}.attached")
    group, pick = target_group(target)
    named = isinstance(target, Selector) and target.family is not None
    if group != "allies" or not (pick in ("choice", "random") or (pick is None and named)):
        raise EffectError(
            f"{path}.attached",
            "a card starting the game attached goes to one of your characters: a pick among your"
            " characters (ally, random_ally or a selector of group allies with a pick) or a named one",
        )
    return Starts("attached", target)


def _parse_variant(data: Any, path: str) -> PlayVariant:
    d = _keys(data, path, {"when"}, {"acts", "stays", "attach", "longer"})
    if len(d) == 1:
        raise EffectError(path, "a play variant changes acts, stays, attach or longer")
    acts = d.get("acts")
    if acts is not None and acts not in ("now", "after_combat"):
        raise EffectError(f"{path}.acts", f'expected "now" or "after_combat"; got {acts!r}')
    longer = _parse_stays(d["longer"], f"{path}.longer") if "longer" in d else None
    if longer is not None and longer.kind not in ("turns", "combats"):
        raise EffectError(f"{path}.longer", 'expected {"turns": N} or {"combats": N}')
    return PlayVariant(
        when=parse_condition(d["when"], f"{path}.when"),
        acts=acts,
        stays=_parse_stays(d["stays"], f"{path}.stays") if "stays" in d else None,
        attach=parse_target(d["attach"], f"{path}.attach") if "attach" in d else None,
        longer=longer,
    )


def _parse_stays(data: Any, path: str) -> Stays:
    if data in ("no", "permanent"):
        return Stays(data)
    if isinstance(data, Mapping) and len(data) == 1 and next(iter(data)) in ("turns", "combats"):
        kind = next(iter(data))
        value = data[kind]
        if isinstance(value, list) and len(value) == 2:
            lo = _int(value[0], f"{path}.{kind}[0]", lo=1, hi=MAX_TURN)
            hi = _int(value[1], f"{path}.{kind}[1]", lo=1, hi=MAX_TURN)
            if lo >= hi:
                raise EffectError(f"{path}.{kind}", f"range min {lo} is not below max {hi}")
            return Stays(kind, lo, hi)
        n = _int(value, f"{path}.{kind}", lo=1, hi=MAX_TURN)
        return Stays(kind, n, n)
    raise EffectError(path, f'expected "no", "permanent", {{"turns": N}} or {{"combats": N}}; got {data!r}')


def parse_chain(data: Any, path: str = "chain") -> CardMatch | None:
    if data is None:
        return None
    try:
        return parse_card_match(data, path)
    except EffectError as exc:
        raise SpecError(exc.message, field=exc.path) from exc


def parse_abilities(data: Any, path: str = "abilities") -> tuple[Effect, ...]:
    return _parse(data, path, "ability")


def parse_card_effects(data: Any, path: str = "effects") -> tuple[Effect, ...]:
    return _parse(data, path, "card")


def created_families(effects: Iterable[Effect]) -> list[str]:
    """The card families that ``create`` effects among ``effects`` (nested ones included) name."""
    return [e.card for e in walk_effects(tuple(effects)) if isinstance(e, CreateCard)]


def _created_cards(
    characters: Sequence[CharacterSpec], deck_cards: Sequence[CardSpec], cards: Mapping[str, CardSpec]
) -> tuple[CardSpec, ...]:
    """The cards a deck's effects may create and the deck lacks, looked up by family in ``cards``
    (the lowest level of the family; transitively: a created card may create another)."""
    todo = [
        *created_families(e for card in deck_cards for e in card.effects),
        *created_families(e for ch in characters for e in ch.abilities),
        *created_families(e for ch in characters for order in ch.orders for e in order.effects),
    ]
    if not todo:
        return ()
    by_family: dict[str, CardSpec] = {}
    for card in cards.values():
        known = by_family.get(card.family)
        if known is None or (card.level, card.slug) < (known.level, known.slug):
            by_family[card.family] = card
    have = {card.family for card in deck_cards}
    extra: dict[str, CardSpec] = {}
    while todo:
        family = todo.pop()
        if family in have or family in extra or family not in by_family:
            continue
        extra[family] = by_family[family]
        todo.extend(created_families(extra[family].effects))
    return tuple(extra[f] for f in sorted(extra))


def deck_from_counts(
    name: str,
    characters: Sequence[CharacterSpec],
    counts: Mapping[str, int],
    cards: Mapping[str, CardSpec],
    slug: str = "",
) -> DeckSpec:
    """A deck from card slugs and counts (sorted by slug, so equal decks have equal specs), with
    the cards its effects may create (``extra``) found in ``cards``."""
    deck_cards = tuple((cards[s], counts[s]) for s in sorted(counts))
    return DeckSpec(
        name=name,
        characters=tuple(characters),
        cards=deck_cards,
        slug=slug,
        extra=_created_cards(characters, [card for card, _ in deck_cards], cards),
    )


@dataclass(frozen=True)
class Catalog:
    """Every character and card, by slug: what the validator and the engine look cards up in.

    Built from the database by ``cards.specs.get_catalog()`` (cached per process and rebuilt when
    the card database changes) or from the bundled files by :mod:`cards.domain.cardset`.
    """

    characters: Mapping[str, CharacterSpec]
    cards: Mapping[str, CardSpec]
    version: str = ""
    #: The content hash of the catalog snapshot it was built from (``cards/snapshots.py``): what a
    #: job and its game records name to be played and replayed with these very cards; "" otherwise.
    digest: str = ""
