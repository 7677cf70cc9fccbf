"""Writes to the card database: the catalog version, creation/update/deletion of entries."""

from __future__ import annotations

import contextlib
import threading
import uuid
from collections.abc import Iterator

from django.db import DEFAULT_DB_ALIAS, models
from django.utils import timezone

from cards.models import CatalogVersion

CATALOG_VERSION_PK = 1

_batch = threading.local()


def catalog_version_bump(*, using: str | None = None) -> None:
    """Mark the catalog changed, in the current transaction (deferred inside :func:`catalog_batch`)."""
    if getattr(_batch, "depth", 0):
        _batch.dirty = True
        return
    db = using or DEFAULT_DB_ALIAS
    updated = (
        CatalogVersion.objects.using(db)
        .filter(pk=CATALOG_VERSION_PK)
        .update(version=models.F("version") + 1, token=uuid.uuid4(), updated_at=timezone.now())
    )
    if not updated:
        CatalogVersion.objects.using(db).get_or_create(pk=CATALOG_VERSION_PK, defaults={"version": 1})


def catalog_batch_pending() -> bool:
    """Whether this thread is inside a :func:`catalog_batch` that changed rows (bump not yet done)."""
    return bool(getattr(_batch, "depth", 0) and getattr(_batch, "dirty", False))


@contextlib.contextmanager
def catalog_batch() -> Iterator[None]:
    """Many writes, one version bump (at the end, inside the caller's transaction)."""
    depth = getattr(_batch, "depth", 0)
    if depth == 0:
        _batch.dirty = False
    _batch.depth = depth + 1
    try:
        yield
    finally:
        _batch.depth = depth
    if depth == 0 and _batch.dirty:
        _batch.dirty = False
        catalog_version_bump()
