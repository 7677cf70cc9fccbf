"""The collection services on the real bundled card set (loaded with ``cardset_load``): its
"+N XP" cards, its Éclairs family and the XP thresholds it loads into the database."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from cards.collection import selectors
from cards.collection.models import OwnedCopy
from cards.collection.services.collections import collection_create
from cards.collection.services.copies import CopyRequest, copies_add
from cards.collection.services.evolution import copy_evolve
from cards.collection.services.xp_cards import xp_card_consume
from cards.importers.cardset import cardset_load
from cards.models import Card
from eredan.errors import DomainError


@pytest.fixture
def loaded(db):
    cardset_load()
    owner = get_user_model().objects.create_user("dana")
    return collection_create(owner=owner, name="Main")


def add(collection, slug, xp=None):
    return copies_add(collection=collection, requests=[CopyRequest(slug, 1, xp=xp)])[0]


RULES_TABLE = (160, 480, 1120, 2400, 4960, 9600, 19200, 40000, 80000, 200000)


def test_bundled_xp_cards_feed_eclairs_to_its_last_level(loaded):
    """docs/rules/eredan.md §1 Experience — the loaded thresholds are 0→160 … 9→200,000; Éclairs 1 fed
    +100, +50 and +10 XP cards reaches 160 and evolves; 325 more reach 485 ≥ 480 and level 3, the
    end of the family. Then every bundled XP card is consumable, and no other card is (one test:
    loading the card set is the slow part)."""
    assert selectors.xp_thresholds_get().by_evolution == RULES_TABLE
    eclairs = add(loaded, "eclairs-1")
    for slug in ("xp-100-1", "xp-50-1", "xp-10-1"):
        xp_card_consume(collection=loaded, xp_card_id=add(loaded, slug).pk, target_id=eclairs.pk)
    assert copy_evolve(collection=loaded, copy_id=eclairs.pk).to_slug == "eclairs-2"
    for slug in ("xp-200-1", "xp-100-1", "xp-25-1"):
        xp_card_consume(collection=loaded, xp_card_id=add(loaded, slug).pk, target_id=eclairs.pk)
    # 160 + 325 = 485 ≥ 480, the cumulative threshold of level 2
    assert copy_evolve(collection=loaded, copy_id=eclairs.pk).to_slug == "eclairs-3"
    with pytest.raises(DomainError) as info:
        copy_evolve(collection=loaded, copy_id=eclairs.pk)
    assert info.value.code == "no_next_level"
    eclairs.refresh_from_db()
    assert (eclairs.card.slug, eclairs.xp) == ("eclairs-3", 485)
    assert OwnedCopy.objects.filter(collection=loaded).count() == 1  # every XP card consumed

    target = add(loaded, "eclairs-1")
    for card in Card.objects.filter(xp_value__gt=0):
        xp_card_consume(collection=loaded, xp_card_id=add(loaded, card.slug).pk, target_id=target.pk)
    katana = Card.objects.get(slug="katana-1")
    with pytest.raises(DomainError) as info:
        xp_card_consume(collection=loaded, xp_card_id=add(loaded, katana.slug).pk, target_id=target.pk)
    assert info.value.code == "not_xp_card"
