"""The structured effect schema: what cards, character abilities and Ordres do.

Effects are stored as JSON (a list of objects, each with an ``op``) and parsed into the frozen
dataclasses below. Parsing is strict: an unknown ``op``, key, stat, target or duration is an
:class:`EffectError` naming the path of the bad value (``effects[1].amount``) — invalid effects
are refused, never stored or silently ignored.

JSON shapes
-----------
Amount (damage, heal):  ``3`` | ``[2, 3]`` (rolled in the range) |
                        ``{"stat": "spirit", "plus": 2}`` | ``{"stat": "spirit", "plus": [3, 5]}``
                        (the playing character's stat — attack, defense, spirit or
                        initiative —, plus a fixed or rolled bonus)
Turns:                  ``[2, 5]`` (those turn numbers) | ``"even"`` | ``"odd"`` | ``{"from": 5}``
                        (turn 5 and later)
Duration (modify):      ``"combat"`` (this combat) | ``"permanent"`` (rest of the game, or while the
                        item is carried) | ``{"turns": 3}`` (this turn and the next two)
Condition (``when``):   an object; every key given must hold:
    ``turn`` (Turns), ``opponent_class``, ``opponent_race``, ``opponent_guild``, ``played_by``
    (a character family slug), ``played_by_class``, ``played_by_guild``, ``played_by_race``,
    ``carrying`` / ``opponent_carrying`` (``"weapon"`` | ``"armor"``), ``ally_alive`` (a character
    family slug among the player's living characters).

Ops (``op`` key) and their fields (``when`` is optional on every op):
    ``modify``   stat (attack|defense|spirit|initiative|attack_min|attack_max), amount (int, may be
                 < 0) — ``attack_min`` / ``attack_max`` move one end of the Attaque range, for the
                 combat, in an ability or an Ordre only (not on a card),
                 target (self|opponent|all_allies|all_enemies|other_allies), duration,
                 allies (AllyFilter, only with target ``other_allies``)
    ``damage``   kind (physical|magical|direct), amount (Amount),
                 target (opponent|all_enemies|random_other_enemy)
                 physical is reduced by Defense, magical by Esprit, direct by nothing
    ``heal``     amount (Amount), target (self|all_allies|most_wounded_ally)
    ``draw``     count — the player draws
    ``discard``  count — the opposing player discards that many random cards from hand
    ``mill``     count — the top cards of the opposing deck go to its discard pile
    ``revive``   hp — one dead character of the player returns with that many HP
    ``chain_on`` match (CardMatch) — character abilities only: the character gains Enchaînement
                 when its player's first card matches

AllyFilter (``allies``):  an object; every key given must hold for an ally to be affected:
    ``guild``, ``class``, ``race`` (slugs; a race also matches its parent, e.g. ``guemelite``).

Auras: ``modify`` with target ``other_allies`` is a character ability acting on the character's
living allies (never on itself, never on enemies), for as long as the character is alive; each
ally fighting a combat gets the bonus, like its own abilities. Only in the ``ability`` context.

CardMatch (a card's ``chain``, ``chain_on.match``): ``{"any": true}`` | ``{"type": "<type slug>"}``
(the card's type or any ancestor, e.g. ``armure``, ``epee``, ``sort``) | ``{"card": "<family>"}``
| ``{"class_reserved": "<class slug>"}`` (a card whose requirements name that class) |
``{"guild": "<guild slug>"}``. ``type`` may be combined with ``hands`` (1 or 2) for weapons.

Where each op may appear (``context``): ``card`` — every op but ``chain_on``; ``ability`` — ``modify``
(target self or other_allies, duration combat) and ``chain_on``; ``order`` — ``modify`` with target self and
duration combat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Literal, TypeAlias

#: The stats an amount may be based on (``{"stat": …}``).
AMOUNT_STATS = ("attack", "defense", "spirit", "initiative")
#: One end of the Attaque range ("Attaque min. +1", "Attaque max. +1"): combat modifiers of
#: character abilities and Ordres only.
RANGE_STATS = ("attack_min", "attack_max")
STATS = (*AMOUNT_STATS, *RANGE_STATS)
DAMAGE_KINDS = ("physical", "magical", "direct")
MODIFY_TARGETS = ("self", "opponent", "all_allies", "all_enemies", "other_allies")
#: Targets that only a character ability may use (an aura on the character's allies).
ABILITY_ONLY_TARGETS = ("other_allies",)
ALLY_FILTER_KEYS = ("guild", "class", "race")
DAMAGE_TARGETS = ("opponent", "all_enemies", "random_other_enemy")
HEAL_TARGETS = ("self", "all_allies", "most_wounded_ally")
CARRY_KINDS = ("weapon", "armor")
CONTEXTS = ("card", "ability", "order")
#: Bounds that keep hand-edited data sane (an "absurd number" is a data error).
MAX_MAGNITUDE = 99
MAX_TURN = 999

Context = Literal["card", "ability", "order"]


class EffectError(ValueError):
    """Invalid effect data. ``path`` locates the bad value, e.g. ``effects[2].target``."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


# --- value types -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Turns:
    """Which turn numbers something applies on."""

    kind: Literal["list", "even", "odd", "from"]
    numbers: tuple[int, ...] = ()  # for "list"; (start,) for "from"

    def matches(self, turn: int) -> bool:
        if self.kind == "list":
            return turn in self.numbers
        if self.kind == "even":
            return turn % 2 == 0
        if self.kind == "odd":
            return turn % 2 == 1
        return turn >= self.numbers[0]

    def to_json(self) -> Any:
        if self.kind == "list":
            return list(self.numbers)
        if self.kind == "from":
            return {"from": self.numbers[0]}
        return self.kind


@dataclass(frozen=True, slots=True)
class Amount:
    """A number of damage or heal points: ``lo``..``hi`` (rolled), plus a stat of the player."""

    lo: int
    hi: int
    stat: str | None = None

    def to_json(self) -> Any:
        bonus: Any = self.lo if self.lo == self.hi else [self.lo, self.hi]
        if self.stat is None:
            return bonus
        return {"stat": self.stat, "plus": bonus}


@dataclass(frozen=True, slots=True)
class CardMatch:
    """Which cards a chain allows (or a ``chain_on`` ability reacts to)."""

    kind: Literal["any", "type", "card", "class_reserved", "guild"]
    value: str = ""
    hands: int | None = None  # with kind "type": only weapons held in that many hands

    def to_json(self) -> dict[str, Any]:
        if self.kind == "any":
            return {"any": True}
        data: dict[str, Any] = {self.kind: self.value}
        if self.hands is not None:
            data["hands"] = self.hands
        return data


@dataclass(frozen=True, slots=True)
class Condition:
    """Every field that is set must hold for the effect to apply."""

    turn: Turns | None = None
    opponent_class: str | None = None
    opponent_race: str | None = None
    opponent_guild: str | None = None
    played_by: str | None = None
    played_by_class: str | None = None
    played_by_guild: str | None = None
    played_by_race: str | None = None
    carrying: str | None = None
    opponent_carrying: str | None = None
    ally_alive: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None:
                out[f.name] = value.to_json() if isinstance(value, Turns) else value
        return out


@dataclass(frozen=True, slots=True)
class AllyFilter:
    """Which allies an aura affects: every field that is set must hold (``None`` = any)."""

    guild: str | None = None
    class_: str | None = None
    race: str | None = None

    def to_json(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for key, value in (("guild", self.guild), ("class", self.class_), ("race", self.race)):
            if value is not None:
                out[key] = value
        return out


@dataclass(frozen=True, slots=True)
class Duration:
    kind: Literal["combat", "permanent", "turns"]
    turns: int = 0

    def to_json(self) -> Any:
        return {"turns": self.turns} if self.kind == "turns" else self.kind


@dataclass(frozen=True, slots=True)
class Modify:
    stat: str
    amount: int
    target: str = "self"
    duration: Duration = Duration("combat")
    when: Condition | None = None
    allies: AllyFilter | None = None  # with target "other_allies" only
    op: str = "modify"


@dataclass(frozen=True, slots=True)
class Damage:
    kind: str
    amount: Amount
    target: str = "opponent"
    when: Condition | None = None
    op: str = "damage"


@dataclass(frozen=True, slots=True)
class Heal:
    amount: Amount
    target: str = "self"
    when: Condition | None = None
    op: str = "heal"


@dataclass(frozen=True, slots=True)
class Draw:
    count: int
    when: Condition | None = None
    op: str = "draw"


@dataclass(frozen=True, slots=True)
class Discard:
    count: int
    when: Condition | None = None
    op: str = "discard"


@dataclass(frozen=True, slots=True)
class Mill:
    count: int
    when: Condition | None = None
    op: str = "mill"


@dataclass(frozen=True, slots=True)
class Revive:
    hp: int
    when: Condition | None = None
    op: str = "revive"


@dataclass(frozen=True, slots=True)
class ChainOn:
    match: CardMatch
    when: Condition | None = None
    op: str = "chain_on"


Effect: TypeAlias = Modify | Damage | Heal | Draw | Discard | Mill | Revive | ChainOn
OPS: tuple[str, ...] = ("modify", "damage", "heal", "draw", "discard", "mill", "revive", "chain_on")
OPS_BY_CONTEXT: Mapping[str, frozenset[str]] = {
    "card": frozenset(OPS) - {"chain_on"},
    "ability": frozenset({"modify", "chain_on"}),
    "order": frozenset({"modify"}),
}


# --- parsing ---------------------------------------------------------------------------------


def _int(value: Any, path: str, *, lo: int = -MAX_MAGNITUDE, hi: int = MAX_MAGNITUDE) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EffectError(path, f"expected an integer, got {value!r}")
    if not lo <= value <= hi:
        raise EffectError(path, f"{value} is out of range {lo}..{hi}")
    return value


def _choice(value: Any, path: str, choices: Sequence[str]) -> str:
    if value not in choices:
        raise EffectError(path, f"expected one of {', '.join(choices)}; got {value!r}")
    return str(value)


def _slug(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value or value != value.strip() or " " in value:
        raise EffectError(path, f"expected a slug, got {value!r}")
    return value


def _keys(data: Any, path: str, required: set[str], optional: set[str]) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise EffectError(path, f"expected an object, got {type(data).__name__}")
    missing = required - data.keys()
    if missing:
        raise EffectError(path, f"missing {', '.join(sorted(missing))}")
    unknown = data.keys() - required - optional
    if unknown:
        raise EffectError(path, f"unknown key(s) {', '.join(sorted(map(str, unknown)))}")
    return data


def parse_turns(data: Any, path: str = "turns") -> Turns:
    if data in ("even", "odd"):
        return Turns(data)
    if isinstance(data, list):
        if not data:
            raise EffectError(path, "an empty list of turns")
        numbers = tuple(_int(n, f"{path}[{i}]", lo=1, hi=MAX_TURN) for i, n in enumerate(data))
        if len(set(numbers)) != len(numbers):
            raise EffectError(path, "a turn is listed twice")
        return Turns("list", tuple(sorted(numbers)))
    if isinstance(data, Mapping):
        _keys(data, path, {"from"}, set())
        return Turns("from", (_int(data["from"], f"{path}.from", lo=1, hi=MAX_TURN),))
    raise EffectError(path, f'expected a list of turns, "even", "odd" or {{"from": N}}; got {data!r}')


def parse_amount(data: Any, path: str) -> Amount:
    stat = None
    bonus = data
    if isinstance(data, Mapping):
        _keys(data, path, {"stat"}, {"plus"})
        stat = _choice(data["stat"], f"{path}.stat", AMOUNT_STATS)
        bonus = data.get("plus", 0)
        path = f"{path}.plus"
    if isinstance(bonus, list):
        if len(bonus) != 2:
            raise EffectError(path, "a range is [min, max]")
        lo = _int(bonus[0], f"{path}[0]", lo=0)
        hi = _int(bonus[1], f"{path}[1]", lo=0)
        if lo > hi:
            raise EffectError(path, f"range min {lo} is above max {hi}")
        return Amount(lo, hi, stat)
    value = _int(bonus, path, lo=0 if stat is None else -MAX_MAGNITUDE)
    return Amount(value, value, stat)


def parse_card_match(data: Any, path: str) -> CardMatch:
    if not isinstance(data, Mapping):
        raise EffectError(path, f"expected an object, got {type(data).__name__}")
    kinds = [k for k in ("any", "type", "card", "class_reserved", "guild") if k in data]
    if len(kinds) != 1:
        raise EffectError(path, "give exactly one of any, type, card, class_reserved, guild")
    kind = kinds[0]
    _keys(data, path, {kind}, {"hands"} if kind == "type" else set())
    if kind == "any":
        if data["any"] is not True:
            raise EffectError(f"{path}.any", "must be true")
        return CardMatch("any")
    hands = None
    if "hands" in data:
        hands = _int(data["hands"], f"{path}.hands", lo=1, hi=2)
    return CardMatch(kind, _slug(data[kind], f"{path}.{kind}"), hands)  # type: ignore[arg-type]


def parse_condition(data: Any, path: str) -> Condition:
    names = {f.name for f in fields(Condition)}
    _keys(data, path, set(), names)
    if not data:
        raise EffectError(path, "an empty condition")
    values: dict[str, Any] = {}
    for key, value in data.items():
        sub = f"{path}.{key}"
        if key == "turn":
            values[key] = parse_turns(value, sub)
        elif key in ("carrying", "opponent_carrying"):
            values[key] = _choice(value, sub, CARRY_KINDS)
        else:
            values[key] = _slug(value, sub)
    return Condition(**values)


def parse_ally_filter(data: Any, path: str) -> AllyFilter:
    _keys(data, path, set(), set(ALLY_FILTER_KEYS))
    if not data:
        raise EffectError(path, "an empty ally filter")
    values = {key: _slug(data[key], f"{path}.{key}") for key in ALLY_FILTER_KEYS if key in data}
    return AllyFilter(guild=values.get("guild"), class_=values.get("class"), race=values.get("race"))


def parse_duration(data: Any, path: str) -> Duration:
    if data in ("combat", "permanent"):
        return Duration(data)
    if isinstance(data, Mapping):
        _keys(data, path, {"turns"}, set())
        return Duration("turns", _int(data["turns"], f"{path}.turns", lo=1, hi=MAX_TURN))
    raise EffectError(path, f'expected "combat", "permanent" or {{"turns": N}}; got {data!r}')


def parse_effect(data: Any, path: str = "effect", context: Context = "card") -> Effect:
    if not isinstance(data, Mapping) or "op" not in data:
        raise EffectError(path, 'expected an object with an "op"')
    op = data["op"]
    if op not in OPS:
        raise EffectError(f"{path}.op", f"unknown op {op!r}; known: {', '.join(OPS)}")
    if op not in OPS_BY_CONTEXT[context]:
        raise EffectError(f"{path}.op", f"op {op!r} is not allowed in a {context}")
    when = parse_condition(data["when"], f"{path}.when") if "when" in data else None
    effect: Effect
    if op == "modify":
        d = _keys(data, path, {"op", "stat", "amount"}, {"target", "duration", "when", "allies"})
        target = _choice(d.get("target", "self"), f"{path}.target", MODIFY_TARGETS)
        allies = None
        if "allies" in d:
            if target != "other_allies":
                raise EffectError(f"{path}.allies", 'an ally filter needs target "other_allies"')
            allies = parse_ally_filter(d["allies"], f"{path}.allies")
        effect = Modify(
            stat=_choice(d["stat"], f"{path}.stat", STATS),
            amount=_int(d["amount"], f"{path}.amount"),
            target=target,
            duration=parse_duration(d.get("duration", "combat"), f"{path}.duration"),
            when=when,
            allies=allies,
        )
        if effect.stat in RANGE_STATS and context == "card":
            raise EffectError(
                f"{path}.stat",
                f"{effect.stat} (one end of the Attaque range) is for abilities and Ordres only",
            )
        if target in ABILITY_ONLY_TARGETS and context != "ability":
            raise EffectError(
                f"{path}.target", f"target {target!r} (an aura on allies) is for character abilities only"
            )
        if context == "ability" and target == "other_allies":
            if effect.duration.kind != "combat":
                raise EffectError(f"{path}.duration", "an aura holds while its character lives: no duration")
            if effect.stat == "initiative":
                raise EffectError(f"{path}.stat", "an aura cannot modify initiative")
        elif context != "card" and (target != "self" or effect.duration.kind != "combat"):
            raise EffectError(path, f"a {context} modifies its own character for the combat only")
    elif op == "damage":
        d = _keys(data, path, {"op", "kind", "amount"}, {"target", "when"})
        effect = Damage(
            kind=_choice(d["kind"], f"{path}.kind", DAMAGE_KINDS),
            amount=parse_amount(d["amount"], f"{path}.amount"),
            target=_choice(d.get("target", "opponent"), f"{path}.target", DAMAGE_TARGETS),
            when=when,
        )
    elif op == "heal":
        d = _keys(data, path, {"op", "amount"}, {"target", "when"})
        effect = Heal(
            amount=parse_amount(d["amount"], f"{path}.amount"),
            target=_choice(d.get("target", "self"), f"{path}.target", HEAL_TARGETS),
            when=when,
        )
    elif op in ("draw", "discard", "mill"):
        d = _keys(data, path, {"op", "count"}, {"when"})
        count = _int(d["count"], f"{path}.count", lo=1, hi=10)
        if op == "draw":
            effect = Draw(count=count, when=when)
        elif op == "discard":
            effect = Discard(count=count, when=when)
        else:
            effect = Mill(count=count, when=when)
    elif op == "revive":
        d = _keys(data, path, {"op", "hp"}, {"when"})
        effect = Revive(hp=_int(d["hp"], f"{path}.hp", lo=1), when=when)
    else:  # chain_on
        d = _keys(data, path, {"op", "match"}, {"when"})
        effect = ChainOn(match=parse_card_match(d["match"], f"{path}.match"), when=when)
    return effect


def parse_effects(data: Any, path: str = "effects", context: Context = "card") -> tuple[Effect, ...]:
    """Parse a JSON list of effects; raise :class:`EffectError` on the first bad value."""
    if not isinstance(data, list):
        raise EffectError(path, f"expected a list of effects, got {type(data).__name__}")
    return tuple(parse_effect(item, f"{path}[{i}]", context) for i, item in enumerate(data))


# --- serialising -------------------------------------------------------------------------------


def effect_to_json(effect: Effect) -> dict[str, Any]:
    """The canonical JSON of an effect (defaults omitted); ``parse_effect`` inverts it."""
    out: dict[str, Any] = {"op": effect.op}
    if isinstance(effect, Modify):
        out.update(stat=effect.stat, amount=effect.amount)
        if effect.target != "self":
            out["target"] = effect.target
        if effect.duration.kind != "combat":
            out["duration"] = effect.duration.to_json()
        if effect.allies is not None:
            out["allies"] = effect.allies.to_json()
    elif isinstance(effect, Damage):
        out.update(kind=effect.kind, amount=effect.amount.to_json())
        if effect.target != "opponent":
            out["target"] = effect.target
    elif isinstance(effect, Heal):
        out["amount"] = effect.amount.to_json()
        if effect.target != "self":
            out["target"] = effect.target
    elif isinstance(effect, Draw | Discard | Mill):
        out["count"] = effect.count
    elif isinstance(effect, Revive):
        out["hp"] = effect.hp
    else:
        out["match"] = effect.match.to_json()
    if effect.when is not None:
        out["when"] = effect.when.to_json()
    return out


def effects_to_json(effects: Sequence[Effect]) -> list[dict[str, Any]]:
    return [effect_to_json(e) for e in effects]
