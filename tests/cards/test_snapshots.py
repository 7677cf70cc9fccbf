"""cards/snapshots.py and the catalog document of cards/specs.py: the catalog a job is submitted
with, frozen and named by its content (issue 20, must fix 5)."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cards.domain.specs import Catalog
from cards.models import Card, CatalogSnapshot, Character
from cards.services import card_save, catalog_version_bump
from cards.snapshots import (
    catalog_snapshot_cache_clear,
    catalog_snapshot_current,
    catalog_snapshot_get,
    catalog_snapshot_store,
)
from cards.specs import (
    card_specs,
    catalog_digest,
    catalog_document_build,
    catalog_from_document,
    character_specs,
    get_catalog,
)

pytestmark = pytest.mark.django_db


def test_the_document_makes_the_same_specs_as_the_rows(mini):
    """The catalog built from a document is the one built straight from the rows, spec for spec."""
    document = catalog_document_build()
    from_document = catalog_from_document(json.loads(json.dumps(document)))  # as stored: plain JSON
    assert from_document.characters == character_specs()
    assert from_document.cards == card_specs()
    assert from_document.characters and from_document.cards


def test_the_digest_names_the_content(mini):
    document = catalog_document_build()
    digest = catalog_digest(document)
    assert len(digest) == 64
    assert catalog_digest(json.loads(json.dumps(document))) == digest  # key order does not matter
    catalog_version_bump()  # a new version token, the same cards: the same digest
    assert catalog_digest(catalog_document_build()) == digest
    card = Card.objects.order_by("slug").first()
    assert card is not None
    card_save(card=card, data={"name_en": "A name written for this test"})
    assert catalog_digest(catalog_document_build()) != digest


def test_the_current_catalog_is_named_by_its_digest_and_cached(mini):
    named, document = catalog_snapshot_current()
    assert named.digest == named.version == catalog_digest(document)
    assert named.cards == get_catalog().cards
    with CaptureQueriesContext(connection) as queries:
        again, _ = catalog_snapshot_current()
    assert again is named and len(queries.captured_queries) == 1  # the version token only


def test_a_snapshot_is_stored_once_and_plays_the_cards_as_they_were(mini):
    named, document = catalog_snapshot_current()
    first = catalog_snapshot_store(catalog=named, document=document)
    assert catalog_snapshot_store(catalog=named, document=document) == first
    assert CatalogSnapshot.objects.count() == 1
    assert (first.characters, first.cards) == (len(named.characters), len(named.cards))

    character = Character.objects.get(slug="amaya")
    old_hp = character.hp
    character.hp = old_hp + 7
    character.save()
    catalog_snapshot_cache_clear()
    frozen = catalog_snapshot_get(digest=first.digest)
    assert isinstance(frozen, Catalog)
    assert frozen.characters["amaya"].hp == old_hp  # the snapshot, not the live table
    assert frozen.digest == first.digest
    assert get_catalog().characters["amaya"].hp == old_hp + 7
    with CaptureQueriesContext(connection) as queries:
        assert catalog_snapshot_get(digest=first.digest) is frozen  # built once per process
    assert not queries.captured_queries

    changed, changed_document = catalog_snapshot_current()
    assert changed.digest != first.digest
    catalog_snapshot_store(catalog=changed, document=changed_document)
    assert CatalogSnapshot.objects.count() == 2


def test_unknown_or_malformed_digests_have_no_snapshot(mini):
    assert catalog_snapshot_get(digest="0" * 64) is None
    assert catalog_snapshot_get(digest="not a digest") is None


def test_only_a_catalog_with_its_own_document_is_stored(mini):
    named, document = catalog_snapshot_current()
    with pytest.raises(ValueError):
        catalog_snapshot_store(catalog=get_catalog(), document=document)  # named by a token
    with pytest.raises(ValueError):
        catalog_snapshot_store(catalog=named, document={**document, "cards": []})
