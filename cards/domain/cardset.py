"""The bundled card set: JSON files under ``fixtures/cardset/``, read straight into specs.

The Django side loads the same files into the database (``manage.py load_cardset``); the engine's
tests and benchmarks read them here without a database. Files:

``reference.json``
    ``{"guilds", "castes", "classes", "races", "card_types", "rarities", "sets", "xp_thresholds"}``;
    each table a list of ``{"slug", "ref_id", "name_fr", "name_en", …}`` (ids of the game's own
    reference tables). Castes carry ``parent`` and ``multi_guild``; races ``parent`` and
    ``element`` (the spell type a Guémélite casts); card types ``parent``, ``persistent``,
    ``playable``, ``character_type``; ``xp_thresholds`` is ``[{"evolution": 0, "xp": 160}, …]``
    (cumulative XP needed to leave that 0-based evolution level).
``characters.json``
    ``[{"slug", "family", "level", "name_en", "name_fr", "guild", "classes", "race", "castes",
    "unique", "hp", "attack": [min, max], "defense", "spirit", "orders", "abilities",
    "stats_source", "rarity", "set", "source_seq", "notes"}]``
``cards.json``
    ``[{"slug", "family", "level", "name_en", "name_fr", "type", "unique", "guild",
    "requirements", "zone", "chain", "dual_wield", "effects", "xp_value", "play", "rarity", "set",
    "source_seq", "notes"}]``
``decks.json``
    ``[{"slug", "name", "characters": [slug ×3], "cards": {slug: count}}]`` — public demo decks.

``source_seq`` lists the rows of ``card-texts.tsv`` a record was read from; ``stats_source`` is
``"estimated"`` unless a source gives the numbers; ``notes`` says what was inferred or simplified.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cards.domain.specs import (
    CardSpec,
    CardTypeInfo,
    Catalog,
    CharacterSpec,
    DeckSpec,
    SpecError,
    TypeTree,
    deck_from_counts,
    parse_abilities,
    parse_card_effects,
    parse_chain,
    parse_orders,
    parse_play_rules,
    parse_requirements,
)

DEFAULT_CARDSET_DIR = Path(__file__).resolve().parents[2] / "fixtures" / "cardset"


@dataclass
class CardSet:
    reference: dict[str, list[dict[str, Any]]]
    types: TypeTree
    characters: dict[str, CharacterSpec] = field(default_factory=dict)
    cards: dict[str, CardSpec] = field(default_factory=dict)
    decks: dict[str, DeckSpec] = field(default_factory=dict)
    raw: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def deck(self, slug: str) -> DeckSpec:
        return self.decks[slug]

    @property
    def catalog(self) -> Catalog:
        return Catalog(characters=self.characters, cards=self.cards, version="bundled")


def type_tree_from_reference(reference: Mapping[str, Any]) -> TypeTree:
    return TypeTree(
        CardTypeInfo(
            slug=t["slug"],
            parent=t.get("parent"),
            persistent=bool(t.get("persistent", False)),
            playable=bool(t.get("playable", True)),
            character_type=bool(t.get("character_type", False)),
        )
        for t in reference["card_types"]
    )


def character_from_json(
    data: Mapping[str, Any],
    *,
    races: Mapping[str, Mapping[str, Any]],
    castes: Mapping[str, Mapping[str, Any]],
) -> CharacterSpec:
    race = races.get(data["race"])
    if race is None:
        raise SpecError(f"unknown race {data['race']!r}", field="race")
    for caste in data.get("castes", []):
        if caste not in castes:
            raise SpecError(f"unknown caste {caste!r}", field="castes")
    attack = data["attack"]
    return CharacterSpec(
        slug=data["slug"],
        family=data["family"],
        level=int(data["level"]),
        name_en=data["name_en"],
        name_fr=data["name_fr"],
        guild=data["guild"],
        classes=tuple(sorted(data["classes"])),  # a set: sorted, as cards/specs.py builds it
        race=data["race"],
        race_parent=race.get("parent"),
        element=race.get("element"),
        castes=tuple(sorted(data.get("castes", []))),
        multi_guild=any(castes[c].get("multi_guild") for c in data.get("castes", [])),
        unique=bool(data.get("unique", False)),
        hp=int(data["hp"]),
        attack_min=int(attack[0]),
        attack_max=int(attack[1]),
        defense=int(data["defense"]),
        spirit=int(data["spirit"]),
        orders=parse_orders(data.get("orders")),
        abilities=parse_abilities(data.get("abilities")),
    )


def card_from_json(data: Mapping[str, Any], *, types: TypeTree) -> CardSpec:
    type_slug = data["type"]
    path = types.path(type_slug)
    info = types.types[type_slug]
    return CardSpec(
        slug=data["slug"],
        family=data["family"],
        level=int(data["level"]),
        name_en=data["name_en"],
        name_fr=data["name_fr"],
        type=type_slug,
        type_path=path,
        persistent=info.persistent,
        playable=info.playable,
        unique=bool(data.get("unique", False)),
        guild=data.get("guild"),
        requirements=parse_requirements(data.get("requirements")),
        zone=bool(data.get("zone", False)),
        chain=parse_chain(data.get("chain")),
        dual_wield=bool(data.get("dual_wield", False)),
        effects=parse_card_effects(data.get("effects")),
        xp_value=int(data.get("xp_value") or 0),
        play=parse_play_rules(data.get("play")),
    )


def _read(directory: Path, name: str) -> Any:
    with (directory / name).open(encoding="utf-8") as fh:
        return json.load(fh)


def load_cardset(directory: Path | str = DEFAULT_CARDSET_DIR) -> CardSet:
    """Read the card set files into specs; raise :class:`SpecError` naming the bad record."""
    directory = Path(directory)
    reference = _read(directory, "reference.json")
    types = type_tree_from_reference(reference)
    races = {r["slug"]: r for r in reference["races"]}
    castes = {c["slug"]: c for c in reference["castes"]}
    cardset = CardSet(reference=reference, types=types)
    for name in ("characters", "cards", "decks"):
        path = directory / f"{name}.json"
        cardset.raw[name] = _read(directory, f"{name}.json") if path.exists() else []
    for data in cardset.raw["characters"]:
        try:
            cardset.characters[data["slug"]] = character_from_json(data, races=races, castes=castes)
        except (SpecError, KeyError, TypeError, ValueError) as exc:
            raise SpecError(f"character {data.get('slug')!r}: {exc}") from exc
    for data in cardset.raw["cards"]:
        try:
            cardset.cards[data["slug"]] = card_from_json(data, types=types)
        except (SpecError, KeyError, TypeError, ValueError) as exc:
            raise SpecError(f"card {data.get('slug')!r}: {exc}") from exc
    for data in cardset.raw["decks"]:
        try:
            chars = [cardset.characters[s] for s in data["characters"]]
            cardset.decks[data["slug"]] = deck_from_counts(
                data["name"], chars, data["cards"], cardset.cards, slug=data["slug"]
            )
        except KeyError as exc:
            raise SpecError(f"deck {data.get('slug')!r}: unknown character or card {exc}") from exc
    return cardset
