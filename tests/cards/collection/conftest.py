"""A small card world for the collection tests, built with the ORM (independent of the bundled set).

Families: Éclairs (card, levels 1–3, level 3 the end of the family), Katana (card, level 1),
Iro (character, levels 1–2), Amaya (character, level 1); a "+50 XP" and a "+200 XP" card
(type carte_xp) and a lottery ticket (another non-playable type). Users: alice and bob (players),
carol (staff).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from cards.collection.models import Collection, OwnedCopy
from cards.collection.services.collections import collection_create
from cards.collection.services.copies import CopyRequest, copies_add
from cards.models import (
    Card,
    CardType,
    Character,
    CharacterClass,
    EvolutionFamily,
    FamilyKind,
    Guild,
    Race,
)
from cards.services import catalog_batch


@dataclass
class World:
    cards: dict[str, Card]
    characters: dict[str, Character]


def _family(slug: str, name: str, kind: str) -> EvolutionFamily:
    return EvolutionFamily.objects.create(slug=slug, name_en=name, name_fr=name, kind=kind)


@pytest.fixture
def world(db: Any) -> World:
    with catalog_batch():  # one catalog version bump, not one per row
        return _build_world()


def _build_world() -> World:
    types: dict[str, Any] = {}
    for slug, parent, playable in [
        ("objet", None, True),
        ("arme", "objet", True),
        ("sort", None, True),
        ("foudre", "sort", True),
        ("non_jouable", None, False),
        ("carte_xp", "non_jouable", False),
        ("loterie", "non_jouable", False),
    ]:
        types[slug] = CardType.objects.create(
            slug=slug, name_en=slug, name_fr=slug, parent=types.get(parent or ""), playable=playable
        )
    kotoba = Guild.objects.create(slug="kotoba", name_en="Kotoba", name_fr="Kotoba")
    mage = CharacterClass.objects.create(slug="mage", name_en="Mage", name_fr="Mage")
    human = Race.objects.create(slug="humain", name_en="Human", name_fr="Humain")

    cards: dict[str, Card] = {}
    eclairs = _family("eclairs", "Lightning", FamilyKind.CARD)
    for level in (1, 2, 3):
        cards[f"eclairs-{level}"] = Card.objects.create(
            slug=f"eclairs-{level}",
            name_en="Lightning",
            name_fr="Éclairs",
            family=eclairs,
            level=level,
            type=types["foudre"],
            unique=level == 3,
        )
    cards["katana"] = Card.objects.create(
        slug="katana",
        name_en="Katana",
        name_fr="Katana",
        family=_family("katana", "Katana", FamilyKind.CARD),
        type=types["arme"],
        guild=kotoba,
    )
    for value in (50, 200):
        cards[f"xp-{value}"] = Card.objects.create(
            slug=f"xp-{value}",
            name_en=f"+{value} XP",
            name_fr=f"+{value} XP",
            family=_family(f"xp-{value}", f"+{value} XP", FamilyKind.CARD),
            type=types["carte_xp"],
            xp_value=value,
        )
    cards["ticket"] = Card.objects.create(
        slug="ticket",
        name_en="Lottery ticket",
        name_fr="Ticket",
        type=types["loterie"],
        family=_family("ticket", "Ticket", FamilyKind.CARD),
    )

    characters: dict[str, Character] = {}
    iro = _family("iro", "Iro", FamilyKind.CHARACTER)
    amaya = _family("amaya", "Amaya", FamilyKind.CHARACTER)
    for slug, family, level in [("iro-1", iro, 1), ("iro-2", iro, 2), ("amaya", amaya, 1)]:
        char = Character.objects.create(
            slug=slug,
            name_en=family.name_en,
            name_fr=family.name_fr,
            family=family,
            level=level,
            guild=kotoba,
            race=human,
            hp=10,
            attack_min=1,
            attack_max=3,
            defense=1,
            spirit=1,
        )
        char.classes.add(mage)
        characters[slug] = char
    return World(cards=cards, characters=characters)


@pytest.fixture
def alice(db: Any) -> Any:
    return get_user_model().objects.create_user("alice")


@pytest.fixture
def bob(db: Any) -> Any:
    return get_user_model().objects.create_user("bob")


@pytest.fixture
def carol(db: Any) -> Any:
    return get_user_model().objects.create_user("carol", is_staff=True)


@pytest.fixture
def alice_coll(alice: Any, world: World) -> Collection:
    return collection_create(owner=alice, name="Main")


@pytest.fixture
def bob_coll(bob: Any, world: World) -> Collection:
    return collection_create(owner=bob, name="Bob's")


def add(collection: Collection, slug: str, count: int = 1, xp: int | None = None) -> list[OwnedCopy]:
    return copies_add(collection=collection, requests=[CopyRequest(slug=slug, count=count, xp=xp)])


def client_for(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def state(collection: Collection) -> list[tuple[int, str, int]]:
    """Everything that a refused request must leave unchanged: (copy id, slug, xp) of each copy."""
    return [
        (c.pk, c.item.slug, c.xp)
        for c in OwnedCopy.objects.filter(collection=collection)
        .select_related("card", "character")
        .order_by("pk")
    ]
