"""Catalog snapshots: the card catalog a job was submitted with, frozen and named by its content.

A job is checked against :func:`cards.specs.get_catalog_document` (the current catalog, named by
the digest of its document), stores that document once as a :class:`~cards.models.CatalogSnapshot`
(:func:`catalog_snapshot_store`; jobs with the same cards share the row) and its workers play
:func:`catalog_snapshot_get` of it — never the live tables, which staff may edit while the job
runs. Game records name the digest too, so they replay against the cards they were played with.

A worker process keeps the last few snapshots' catalogs built (:data:`SNAPSHOT_CACHE_SIZE`):
loading one costs one query and the spec building of the whole catalog, once per process and
snapshot, not per chunk.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from django.db import IntegrityError, transaction

from cards.domain.specs import Catalog
from cards.models import CatalogSnapshot
from cards.specs import catalog_digest, catalog_from_document, get_catalog_document

#: A digest: SHA-256 in lowercase hex.
DIGEST = re.compile(r"[0-9a-f]{64}")
#: Catalogs kept built per process (each is the whole card database as specs: a few MB).
SNAPSHOT_CACHE_SIZE = 4

_lock = threading.Lock()
_built: OrderedDict[str, Catalog] = OrderedDict()


def catalog_snapshot_store(*, catalog: Catalog, document: Mapping[str, Any]) -> CatalogSnapshot:
    """The snapshot row of ``catalog`` (named by its digest), written if it is new.

    ``document`` is what the catalog was built from (:func:`cards.specs.get_catalog_document`);
    its digest must be the catalog's. Safe against a concurrent writer of the same snapshot.
    """
    digest = catalog.digest
    if not DIGEST.fullmatch(digest):
        raise ValueError(
            "only a catalog named by its digest can be stored (cards.specs.get_catalog_document)"
        )
    found = CatalogSnapshot.objects.filter(digest=digest).first()
    if found is not None:
        return found
    if catalog_digest(document) != digest:
        raise ValueError("the document is not the one this catalog was built from")
    try:
        with transaction.atomic():
            return CatalogSnapshot.objects.create(
                digest=digest,
                document=dict(document),
                characters=len(catalog.characters),
                cards=len(catalog.cards),
            )
    except IntegrityError:  # another request stored the same snapshot meanwhile
        return CatalogSnapshot.objects.get(digest=digest)


def catalog_snapshot_current() -> tuple[Catalog, Mapping[str, Any]]:
    """The current catalog named by its digest, and its document (to store with a job)."""
    return get_catalog_document()


def catalog_snapshot_get(*, digest: str) -> Catalog | None:
    """The catalog of the snapshot ``digest`` (``None`` if there is none), built once per process."""
    if not isinstance(digest, str) or not DIGEST.fullmatch(digest):
        return None
    with _lock:
        catalog = _built.get(digest)
        if catalog is not None:
            _built.move_to_end(digest)
            return catalog
    document = CatalogSnapshot.objects.filter(digest=digest).values_list("document", flat=True).first()
    if document is None:
        return None
    catalog = catalog_from_document(document, version=digest, digest=digest)
    with _lock:
        _built[digest] = catalog
        while len(_built) > SNAPSHOT_CACHE_SIZE:
            _built.popitem(last=False)
    return catalog


def catalog_snapshot_cache_clear() -> None:
    """Forget the catalogs built (tests)."""
    with _lock:
        _built.clear()
