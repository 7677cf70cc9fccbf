"""cards/specs.py: rows -> specs, and the per-process catalog cache keyed by the version token."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from cards.models import Card, CatalogVersion, Character, CharacterClass
from cards.services import catalog_version_bump
from cards.specs import card_to_spec, catalog_build, character_to_spec, get_catalog, get_names

pytestmark = pytest.mark.django_db


def test_cached_catalog_costs_one_query(mini):
    first = get_catalog()
    with CaptureQueriesContext(connection) as queries:
        again = get_catalog()
    assert again is first
    assert len(queries.captured_queries) == 1


def test_catalog_is_built_in_a_fixed_number_of_queries(mini):
    with CaptureQueriesContext(connection) as small:
        catalog_build()
    # Twice as many cards must not mean more queries.
    for card in list(Card.objects.all()):
        clone = Card.objects.get(pk=card.pk)
        clone.pk = None
        clone._state.adding = True
        clone.slug = f"{card.slug}-copy"
        clone.family_id = None
        from cards.models import EvolutionFamily

        clone.family = EvolutionFamily.objects.create(slug=clone.slug, name_en="c", name_fr="c", kind="card")
        clone.level = 1
        clone.save()
        clone.required_classes.set(card.required_classes.all())
    with CaptureQueriesContext(connection) as big:
        catalog = catalog_build()
    assert len(catalog.cards) == 20
    assert len(big.captured_queries) == len(small.captured_queries) <= 12


def test_an_edit_rebuilds_the_catalog(mini):
    before = get_catalog()
    character = Character.objects.get(slug="amaya")
    character.hp = 30
    character.save()
    after = get_catalog()
    assert after is not before
    assert after.characters["amaya"].hp == 30
    assert after.version != before.version


def test_a_relation_change_rebuilds_the_catalog(mini):
    get_catalog()
    Character.objects.get(slug="amaya").classes.add(CharacterClass.objects.get(slug="pretre"))
    assert get_catalog().characters["amaya"].classes == ("combattant", "pretre")


def test_a_change_made_by_another_process_is_seen(mini):
    """Another process writes and bumps the version row: this process's cache is stale at once."""
    get_catalog()
    Character.objects.filter(slug="amaya").update(hp=31)  # no signal: as if written elsewhere
    assert get_catalog().characters["amaya"].hp != 31  # the token did not move: still cached
    catalog_version_bump()
    assert get_catalog().characters["amaya"].hp == 31


def test_a_rolled_back_change_never_leaks_into_the_cache(mini):
    original = get_catalog().characters["amaya"].hp
    with pytest.raises(RuntimeError), transaction.atomic():
        character = Character.objects.get(slug="amaya")
        character.hp = 40
        character.save()
        assert get_catalog().characters["amaya"].hp == 40
        raise RuntimeError("roll back")
    assert get_catalog().characters["amaya"].hp == original


def test_version_token_changes_on_every_write(mini):
    token = CatalogVersion.objects.get().token
    Card.objects.get(slug="charge").save()
    assert CatalogVersion.objects.get().token != token


def test_single_object_specs(mini):
    catalog = get_catalog()
    assert character_to_spec(Character.objects.get(slug="iro")) == catalog.characters["iro"]
    assert card_to_spec(Card.objects.get(slug="priere")) == catalog.cards["priere"]
    assert catalog.characters["iro"].multi_guild  # Courtisan (docs/rules/eredan.md §2.3)
    assert catalog.characters["aez"].race_parent == "guemelite"
    assert catalog.characters["aez"].element == "feu"
    assert catalog.cards["wakizashi"].hands == 1
    assert catalog.cards["priere"].requirements.characters == frozenset({"zahal"})


def test_names_for_the_rules_text(mini):
    names = get_names()
    assert names.cls("maraudeur", "en") == "Marauder"
    assert names.family("eclairs", "fr") == "Éclairs"
