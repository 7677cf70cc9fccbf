"""Collections: several named collections per user, exactly one default; model constraints."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from cards.collection.models import Collection, OwnedCopy
from cards.collection.services import collections as collections_services
from cards.collection.services.collections import (
    DEFAULT_COLLECTION_NAME,
    collection_create,
    collection_default_get_or_create,
    collection_delete,
    collection_update,
)
from eredan.errors import DomainError

from .conftest import add


def test_first_collection_is_the_default(alice, world):
    first = collection_create(owner=alice, name="Main")
    second = collection_create(owner=alice, name="Trade binder")
    assert first.is_default and not second.is_default


def test_making_another_collection_the_default_moves_the_flag(alice, world):
    first = collection_create(owner=alice, name="Main")
    second = collection_create(owner=alice, name="Second", is_default=True)
    first.refresh_from_db()
    assert second.is_default and not first.is_default
    collection_update(collection=first, is_default=True)
    second.refresh_from_db()
    assert Collection.objects.filter(owner=alice, is_default=True).get() == first


def test_default_cannot_be_undefaulted_or_deleted(alice_coll):
    with pytest.raises(DomainError) as info:
        collection_update(collection=alice_coll, is_default=False)
    assert info.value.code == "default_required"
    with pytest.raises(DomainError) as info:
        collection_delete(collection=alice_coll)
    assert info.value.code == "default_required"
    assert Collection.objects.filter(pk=alice_coll.pk, is_default=True).exists()


def test_deleting_a_collection_removes_its_copies(alice, alice_coll):
    other = collection_create(owner=alice, name="Other")
    add(other, "katana", 2)
    collection_delete(collection=other)
    assert not OwnedCopy.objects.filter(collection_id=other.pk).exists()


def test_duplicate_and_empty_names_are_refused(alice, alice_coll, bob):
    with pytest.raises(DomainError) as info:
        collection_create(owner=alice, name="  Main ")
    assert info.value.code == "duplicate_name"
    with pytest.raises(DomainError):
        collection_create(owner=alice, name="   ")
    with pytest.raises(DomainError):
        collection_create(owner=alice, name="x" * 101)
    other = collection_create(owner=alice, name="Other")
    with pytest.raises(DomainError) as info:
        collection_update(collection=other, name="Main")
    assert info.value.code == "duplicate_name"
    assert collection_create(owner=bob, name="Main").is_default  # names are per owner


def test_collection_count_is_bounded(alice, world, monkeypatch):
    monkeypatch.setattr(collections_services, "MAX_COLLECTIONS_PER_USER", 2)
    collection_create(owner=alice, name="a")
    collection_create(owner=alice, name="b")
    with pytest.raises(DomainError) as info:
        collection_create(owner=alice, name="c")
    assert info.value.code == "too_many_collections"


def test_default_get_or_create(alice, world):
    created = collection_default_get_or_create(owner=alice)
    assert created.is_default and created.name == DEFAULT_COLLECTION_NAME
    assert collection_default_get_or_create(owner=alice) == created


def test_database_allows_one_default_per_owner(alice, alice_coll):
    """The constraint itself, below the services."""
    with pytest.raises(IntegrityError), transaction.atomic():
        Collection.objects.create(owner=alice, name="Second default", is_default=True)


def test_database_refuses_a_copy_of_both_or_neither(alice_coll, world):
    with pytest.raises(IntegrityError), transaction.atomic():
        OwnedCopy.objects.create(
            collection=alice_coll, card=world.cards["katana"], character=world.characters["amaya"]
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        OwnedCopy.objects.create(collection=alice_coll)


def test_database_refuses_negative_xp(alice_coll, world):
    with pytest.raises(IntegrityError), transaction.atomic():
        OwnedCopy.objects.create(collection=alice_coll, card=world.cards["katana"], xp=-1)


def test_a_lost_default_is_restored_by_the_next_collection(alice, alice_coll):
    """Should the default ever be gone (deleted by hand in the database), the next collection
    created becomes the default: a user is never left without one for long."""
    other = collection_create(owner=alice, name="Other")
    Collection.objects.filter(pk=alice_coll.pk).delete()
    assert collection_create(owner=alice, name="New").is_default
    other.refresh_from_db()
    assert not other.is_default
