"""A small catalog of real Eredan names for the deck tests (no database, no bundled set).

Guilds, classes and races follow the rules page where it names them (Télendar of Zil, Iro and
Amaya of Kotoba, Aez and Harès Mercenaries, Zahal of Noz'Dingard, Katana and Wakizashi Kotoba,
Éclairs 3 unique); the rest are plausible test values, not card data.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cards.domain.cardset import type_tree_from_reference
from cards.domain.specs import CardSpec, Catalog, CharacterSpec, Requirements

REFERENCE = Path(__file__).resolve().parents[2] / "fixtures" / "cardset" / "reference.json"
_reference = json.loads(REFERENCE.read_text(encoding="utf-8"))
TYPES = type_tree_from_reference(_reference)
RACES = {r["slug"]: r for r in _reference["races"]}


def character(
    slug: str,
    name_fr: str,
    guild: str,
    classes: tuple[str, ...] = ("combattant",),
    race: str = "humain",
    *,
    family: str | None = None,
    level: int = 1,
    name_en: str | None = None,
    multi_guild: bool = False,
    castes: tuple[str, ...] = (),
) -> CharacterSpec:
    info = RACES[race]
    return CharacterSpec(
        slug=slug,
        family=family or slug,
        level=level,
        name_en=name_en or name_fr,
        name_fr=name_fr,
        guild=guild,
        classes=classes,
        race=race,
        race_parent=info["parent"],
        element=info["element"],
        castes=castes,
        multi_guild=multi_guild,
        hp=10,
        attack_min=2,
        attack_max=4,
        defense=1,
        spirit=2,
    )


def card(
    slug: str,
    name_fr: str,
    type_: str,
    *,
    family: str | None = None,
    level: int = 1,
    name_en: str | None = None,
    guild: str | None = None,
    unique: bool = False,
    classes: tuple[str, ...] = (),
    characters: tuple[str, ...] = (),
    races: tuple[str, ...] = (),
) -> CardSpec:
    info = TYPES.types[type_]
    return CardSpec(
        slug=slug,
        family=family or slug,
        level=level,
        name_en=name_en or name_fr,
        name_fr=name_fr,
        type=type_,
        type_path=TYPES.path(type_),
        persistent=info.persistent,
        playable=info.playable,
        unique=unique,
        guild=guild,
        requirements=Requirements(frozenset(classes), frozenset(characters), frozenset(races)),
    )


CHARACTERS = [
    character("telendar", "Télendar", "zil", ("maraudeur",), name_en="Telendar"),
    character("iro-le-duelliste", "Iro le duelliste", "kotoba", ("combattant",), name_en="Iro the Duelist"),
    character("amaya", "Amaya", "kotoba", ("maraudeur",)),
    character(
        "aez-le-guerrier-errant",
        "Aez le guerrier errant",
        "non_affilies",
        name_en="Aez the Wandering warrior",
    ),
    character("hares-le-brutal", "Harès le Brutal", "non_affilies", name_en="Hares the Brute"),
    character("zahal", "Zahal", "noz", ("combattant",)),
    character("zahal-2", "Zahal", "noz", ("combattant",), family="zahal", level=2),
    character("kounok", "Kounok", "noz", ("mage",), race="guemelite_dragon"),
    character(
        "ombreuse", "Ombreuse", "nehantistes", ("maraudeur",), race="guemelite_ombre", name_en="The Shadow"
    ),
    character("jorus", "Jorus", "noz", ("pretre",)),
    character("golemarlok", "Golemarlok", "noz", ("combattant",), race="golem"),
    character("meliane", "Méliane", "kotoba", ("mage", "pretre"), name_en="Meliane"),
    character(
        "ishaia", "Ishaïa", "noz", ("maraudeur",), multi_guild=True, castes=("courtisan",), name_en="Ishaia"
    ),
    character("sayuri", "Sayuri", "kotoba", ("mage",), multi_guild=True, castes=("courtisan",)),
]

CARDS = [
    card("katana", "Katana", "epee", guild="kotoba"),
    card("wakizashi", "Wakizashi", "epee", guild="kotoba"),
    card("eclairs-1", "Éclairs", "foudre", family="eclairs", level=1, name_en="Lightning Bolts"),
    card("eclairs-2", "Éclairs", "foudre", family="eclairs", level=2, name_en="Lightning Bolts"),
    card("eclairs-3", "Éclairs", "foudre", family="eclairs", level=3, unique=True, name_en="Lightning Bolts"),
    card("boule-de-feu", "Boule de feu", "feu", name_en="Fireball"),
    card("souffle-du-dragon", "Souffle du dragon", "draconique", name_en="Dragon Breath"),
    card("benediction-du-gardien", "Bénédiction du Gardien", "foi", name_en="Guardian's Benediction"),
    card("baume-de-soin", "Baume de soin", "potion", name_en="Healing Balm"),
    card("baton-mystique", "Bâton mystique", "baton", name_en="Mystic Staff"),
    card("cotte-de-mailles", "Cotte de mailles", "armure", name_en="Chainmail"),
    card("bouclier", "Bouclier", "bouclier", name_en="Shield"),
    card("parchemin", "Parchemin de soin", "parchemin", name_en="Healing Scroll"),
    card("dague", "Dague", "dague", name_en="Dagger"),
    card("fleau", "Fléau", "fleau", name_en="Flail"),
    card("hache", "Hache", "hache", name_en="Axe"),
    card("lance", "Lance", "lance", name_en="Spear"),
    card("amulette", "Amulette", "amulette", name_en="Amulet"),
    card("bijou", "Bijou", "bijou", name_en="Jewel"),
    card("attaque-sournoise", "Attaque sournoise", "action", classes=("maraudeur",), name_en="Sneak Attack"),
    card("armure-de-plates", "Armure de plates", "armure", classes=("combattant",), name_en="Plate Armour"),
    card("grimoire-de-mage", "Grimoire", "grimoire", classes=("mage",), name_en="Grimoire"),
    card("baton-de-jorus", "Bâton de Jorus", "baton", characters=("jorus",), name_en="Jorus's Staff"),
    card("armure-noz", "Armure de Noz'Dingard", "armure", guild="noz", name_en="Noz'Dingard Armour"),
    card("lame-nehantiste", "Lame néhantiste", "epee", guild="nehantistes", name_en="Nehantist Blade"),
    card("xp-100", "+100 XP", "carte_xp", name_en="+100 XP"),
]

CATALOG = Catalog(
    characters={c.slug: c for c in CHARACTERS}, cards={c.slug: c for c in CARDS}, version="tests"
)

#: Cards any deck of the test catalog may hold: 7 families × 3 = 21 cards, no guild, no class.
FILLER: dict[str, int] = {
    "baume-de-soin": 3,
    "cotte-de-mailles": 3,
    "dague": 3,
    "fleau": 3,
    "amulette": 3,
    "bijou": 3,
    "bouclier": 3,
}


def deck(**extra: int) -> dict[str, int]:
    """The filler plus ``extra`` cards (slug=count; underscores stand for hyphens)."""
    cards = dict(FILLER)
    for key, count in extra.items():
        cards[key.replace("_", "-")] = count
    return cards


def codes(result: Any) -> list[str]:
    return [v.code for v in result.violations]
