"""Model constraints and validation (cards/models.py): docs/rules/eredan.md §1 — the card database."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from cards.models import Card, CardType, Character, EvolutionFamily, Guild
from cards.services import entries_delete, entry_save
from eredan.errors import DomainError

pytestmark = pytest.mark.django_db


def _refused_by_database(obj) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        obj.save()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("hp", 0),
        ("hp", 1000),
        ("defense", 1000),
        ("spirit", 5000),
        ("attack_min", 9),  # above attack_max
        ("level", 0),
        ("level", 11),
        ("stats_source", ""),
    ],
)
def test_character_stats_are_checked_by_the_database_and_by_full_clean(mini, field, value):
    """docs/rules/eredan.md §1 — non-negative stats, attack min ≤ max, level ≥ 1 (absurd numbers refused)."""
    character = Character.objects.get(slug="telendar")
    setattr(character, field, value)
    with pytest.raises(ValidationError):
        character.full_clean()
    _refused_by_database(character)


def test_negative_stats_are_refused_by_the_database(mini):
    character = Character.objects.get(slug="amaya")
    character.defense = -1
    with pytest.raises(ValidationError) as info:
        character.full_clean()
    assert "defense" in info.value.message_dict
    _refused_by_database(character)


def test_one_member_per_family_and_level(mini):
    """docs/rules/eredan.md §1 Evolutions — one card per (family, level)."""
    card = Card.objects.get(slug="eclairs-2")
    card.pk = None
    card._state.adding = True
    card.slug = "eclairs-2-bis"
    with pytest.raises(ValidationError) as info:
        card.full_clean()
    assert "__all__" in info.value.message_dict or "level" in info.value.message_dict
    _refused_by_database(card)


def test_levels_are_contiguous(mini):
    """docs/rules/eredan.md §1 Evolutions — levels 1, 2, … without gaps."""
    card = Card(
        slug="katana-3",
        family=EvolutionFamily.objects.get(slug="katana"),
        level=3,
        name_fr="Katana",
        name_en="Katana",
        type=CardType.objects.get(slug="epee"),
    )
    with pytest.raises(ValidationError) as info:
        card.full_clean()
    assert info.value.message_dict["level"][0].startswith("levels of a family are 1, 2")


def test_moving_a_level_out_of_its_family_must_not_leave_a_gap(mini):
    card = Card.objects.get(slug="eclairs-2")
    card.family = EvolutionFamily.objects.get(slug="charge")
    with pytest.raises(ValidationError) as info:
        card.full_clean()
    assert "family" in info.value.message_dict


def test_slugs_are_unique_across_characters_and_cards(mini):
    card = Card.objects.get(slug="katana")
    card.slug = "telendar"
    with pytest.raises(ValidationError) as info:
        card.full_clean()
    assert "a character already has the slug 'telendar'" in info.value.message_dict["slug"][0]


def test_a_card_cannot_join_a_character_family(mini):
    card = Card.objects.get(slug="charge")
    card.family = EvolutionFamily.objects.get(slug="aez")
    card.level = 2
    with pytest.raises(ValidationError) as info:
        card.full_clean()
    assert "belongs to a card family" in info.value.message_dict["family"][0]


@pytest.mark.parametrize(
    ("field", "value", "path"),
    [
        (
            "effects",
            [{"op": "damage", "kind": "magical", "amount": [2, 3]}, {"op": "heal", "amount": "x"}],
            "effects[1].amount",
        ),
        ("effects", [{"op": "chain_on", "match": {"any": True}}], "effects[0].op"),
        ("effects", {"op": "heal"}, "effects"),
        ("chain", {"any": False}, "chain.any"),
        ("chain", {"type": "arme", "card": "katana"}, "chain"),
    ],
)
def test_invalid_structured_data_is_refused_on_clean_and_on_save(mini, field, value, path):
    card = Card.objects.get(slug="eclairs")
    setattr(card, field, value)
    with pytest.raises(ValidationError) as info:
        card.full_clean()
    error = info.value.error_dict[field][0]
    assert error.params["path"] == path
    assert info.value.message_dict[field][0].startswith(f"{path}: ")
    with pytest.raises(ValidationError):
        card.save()
    card.refresh_from_db()
    assert card.effects == [{"op": "damage", "kind": "magical", "amount": [2, 3]}]


def test_character_orders_and_abilities_are_validated(mini):
    character = Character.objects.get(slug="zahal")
    character.orders = [{"turns": [0], "effects": []}]
    with pytest.raises(ValidationError) as info:
        character.save()
    assert info.value.error_dict["orders"][0].params["path"] == "orders[0].turns[0]"
    character.orders = []
    character.abilities = [{"op": "damage", "kind": "physical", "amount": 1}]  # not an ability op
    with pytest.raises(ValidationError) as info:
        character.full_clean()
    assert info.value.error_dict["abilities"][0].params["path"] == "abilities[0].op"


def test_structured_data_is_stored_canonically(mini):
    card = Card.objects.get(slug="charge")
    card.effects = [{"op": "modify", "stat": "attack", "amount": 1, "target": "self", "duration": "combat"}]
    card.save()
    card.refresh_from_db()
    assert card.effects == [{"op": "modify", "stat": "attack", "amount": 1}]


@pytest.mark.parametrize(
    ("slug", "field", "value", "error_field"),
    [
        ("charge", "zone", True, "zone"),  # only spells are zone spells
        ("katana", "dual_wield", False, None),  # fine
        ("cotte-de-mailles", "dual_wield", True, "dual_wield"),  # Ambidextrie is for one-handed weapons
    ],
)
def test_card_flags_follow_the_type(mini, slug, field, value, error_field):
    card = Card.objects.get(slug=slug)
    setattr(card, field, value)
    if error_field is None:
        card.full_clean()
        return
    with pytest.raises(ValidationError) as info:
        card.full_clean()
    assert error_field in info.value.message_dict


def test_a_card_is_not_of_a_character_type(mini):
    card = Card.objects.get(slug="charge")
    card.type = CardType.objects.get(slug="personnage")
    with pytest.raises(ValidationError) as info:
        card.full_clean()
    assert "type" in info.value.message_dict


def test_mercenaries_is_no_affiliation_for_a_card(mini):
    card = Card.objects.get(slug="charge")
    card.guild = Guild.objects.get(slug="non_affilies")
    with pytest.raises(ValidationError) as info:
        card.full_clean()
    assert info.value.error_dict["guild"][0].code == "mercenary_card"


def test_a_character_has_one_or_two_classes(mini):
    """docs/rules/eredan.md §1 — one or two classes."""
    from cards.models import CharacterClass

    character = Character.objects.get(slug="iro")
    three = list(CharacterClass.objects.filter(slug__in=["mage", "combattant", "pretre"]))
    with pytest.raises(ValidationError) as info:
        entry_save(model=Character, instance=character, values={}, relations={"classes": three})
    assert info.value.error_dict["classes"][0].code == "class_count"
    with pytest.raises(ValidationError):
        entry_save(model=Character, instance=character, values={}, relations={"classes": []})
    assert set(character.classes.values_list("slug", flat=True)) == {"combattant", "mage"}


def test_deleting_a_middle_level_is_refused(mini):
    with pytest.raises(DomainError) as info:
        entries_delete(entries=[Card.objects.get(slug="eclairs-2")])
    assert info.value.code == "level_gap"
    assert Card.objects.filter(family__slug="eclairs").count() == 3
    assert entries_delete(entries=list(Card.objects.filter(slug__in=["eclairs-2", "eclairs-3"]))) == 2
    assert list(Card.objects.filter(family__slug="eclairs").values_list("level", flat=True)) == [1]
