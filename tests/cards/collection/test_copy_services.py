"""Owned copies: adding (single, bulk), removing, the quantity view, owned counts."""

from __future__ import annotations

import pytest

from cards.collection import selectors
from cards.collection.models import OwnedCopy
from cards.collection.services import copies
from cards.collection.services.copies import (
    MAX_COPIES_PER_REQUEST,
    MAX_COPY_XP,
    CopyRequest,
    copies_add,
    copies_remove,
    copy_remove,
)
from cards.collection.services.experience import copy_grant_xp
from cards.models import XpThreshold
from eredan.errors import DomainError

from .conftest import add, state


def test_each_copy_is_a_row(alice_coll):
    copies = add(alice_coll, "katana", 3)
    assert len({c.pk for c in copies}) == 3
    assert OwnedCopy.objects.filter(collection=alice_coll, card__slug="katana").count() == 3
    assert all(c.xp == 0 and c.acquired_at is not None for c in copies)


def test_new_copy_starts_at_its_level_floor(alice_coll):
    """[decision: cumulative thresholds] a level 2 copy starts at 160 XP (the XP that reaches
    level 2), level 3 at 480: its progress starts at 0."""
    (two,) = add(alice_coll, "eclairs-2")
    (three,) = add(alice_coll, "eclairs-3")
    (char,) = add(alice_coll, "iro-2")
    assert (two.xp, three.xp, char.xp) == (160, 480, 160)
    (explicit,) = add(alice_coll, "eclairs-2", xp=0)
    assert explicit.xp == 0


def test_thresholds_come_from_the_database_table(alice_coll):
    """The XpThreshold reference table wins over the bundled fixture (staff may edit it)."""
    XpThreshold.objects.create(evolution=0, xp=100)
    XpThreshold.objects.create(evolution=1, xp=300)
    assert selectors.xp_thresholds_get().by_evolution == (100, 300)
    (two,) = add(alice_coll, "eclairs-2")
    assert two.xp == 100


def test_quantity_view_and_owned_counts(alice_coll):
    add(alice_coll, "katana", 2)
    add(alice_coll, "eclairs-1", 1, xp=40)
    add(alice_coll, "eclairs-1", 1, xp=10)
    add(alice_coll, "iro-1")
    rows = {q.slug: q for q in selectors.collection_quantities(collection=alice_coll)}
    assert rows["katana"].count == 2 and rows["katana"].kind == "card"
    assert (rows["eclairs-1"].count, rows["eclairs-1"].xp_total, rows["eclairs-1"].xp_max) == (2, 50, 40)
    assert rows["iro-1"].kind == "character" and rows["iro-1"].family == "iro"
    assert selectors.collection_owned_counts(collection=alice_coll) == {
        "katana": 2,
        "eclairs-1": 2,
        "iro-1": 1,
    }
    assert [q.slug for q in selectors.collection_quantities(collection=alice_coll, kind="character")] == [
        "iro-1"
    ]


def test_bulk_add_is_all_or_nothing(alice_coll):
    add(alice_coll, "katana")
    before = state(alice_coll)
    with pytest.raises(DomainError) as info:
        copies_add(
            collection=alice_coll,
            requests=[
                CopyRequest("eclairs-1", 2, ref="items.0"),
                CopyRequest("no-such-card", 1, ref="items.1"),
                CopyRequest("katana", 0, ref="items.2"),
            ],
        )
    assert info.value.code == "invalid_count"  # counts are checked before slugs are looked up
    with pytest.raises(DomainError) as info:
        copies_add(
            collection=alice_coll,
            requests=[
                CopyRequest("eclairs-1", 2, ref="items.0"),
                CopyRequest("no-such-card", 1, ref="items.1"),
                CopyRequest("other-unknown", 1, ref="items.2"),
            ],
        )
    assert info.value.code == "unknown_card"
    assert [e.field for e in info.value.errors] == ["items.1.slug", "items.2.slug"]
    assert state(alice_coll) == before


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        (CopyRequest("nope"), "unknown_card"),
        (CopyRequest("katana", 0), "invalid_count"),
        (CopyRequest("katana", -3), "invalid_count"),
        (CopyRequest("katana", MAX_COPIES_PER_REQUEST + 1), "invalid_count"),
        (CopyRequest("katana", True), "invalid_count"),
        (CopyRequest("katana", 1, xp=-1), "invalid_xp"),
        (CopyRequest("katana", 1, xp=MAX_COPY_XP + 1), "invalid_xp"),
        (CopyRequest("katana", kind="character"), "kind_mismatch"),
        (CopyRequest("eclairs-1", level=2), "level_mismatch"),
    ],
)
def test_bad_copies_are_refused(alice_coll, request_, code):
    add(alice_coll, "katana")
    before = state(alice_coll)
    with pytest.raises(DomainError) as info:
        copies_add(collection=alice_coll, requests=[request_])
    assert info.value.code == code
    assert state(alice_coll) == before


def test_request_and_collection_size_limits(alice_coll, monkeypatch):
    with pytest.raises(DomainError) as info:
        copies_add(
            collection=alice_coll, requests=[CopyRequest("katana", 600), CopyRequest("eclairs-1", 600)]
        )
    assert info.value.code == "too_many_copies"
    monkeypatch.setattr(copies, "MAX_COPIES_PER_COLLECTION", 5)
    add(alice_coll, "katana", 4)
    with pytest.raises(DomainError) as info:
        add(alice_coll, "katana", 2)
    assert info.value.code == "too_many_copies"
    assert OwnedCopy.objects.filter(collection=alice_coll).count() == 4


def test_remove_by_count_keeps_the_most_experienced(alice_coll):
    add(alice_coll, "eclairs-1", 1, xp=100)
    add(alice_coll, "eclairs-1", 1, xp=5)
    add(alice_coll, "eclairs-1", 1, xp=50)
    removed = copies_remove(collection=alice_coll, requests=[CopyRequest("eclairs-1", 2)])
    assert removed == 2
    assert [xp for _, _, xp in state(alice_coll)] == [100]


def test_remove_more_than_held_changes_nothing(alice_coll):
    add(alice_coll, "katana", 2)
    add(alice_coll, "eclairs-1", 3)
    before = state(alice_coll)
    with pytest.raises(DomainError) as info:
        copies_remove(
            collection=alice_coll,
            requests=[CopyRequest("eclairs-1", 1, ref="items.0"), CopyRequest("katana", 3, ref="items.1")],
        )
    assert info.value.code == "not_enough_copies"
    assert info.value.field == "items.1.count"
    assert state(alice_coll) == before


def test_remove_one_copy_keeps_its_log(alice_coll):
    (copy,) = add(alice_coll, "katana")
    grant = copy_grant_xp(copy_id=copy.pk, amount=5, source="game")
    copy_remove(copy=copy)
    grant.refresh_from_db()
    assert grant.copy_id is None and grant.item_slug == "katana" and grant.collection_id == alice_coll.pk
