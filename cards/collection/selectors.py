"""Reads of collections: visibility, copies with their progress, quantities, the experience log."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.db.models import Count, Max, QuerySet, Sum

from cards.collection.csvio import ExportRow
from cards.collection.models import Collection, ExperienceGrant, OwnedCopy
from cards.collection.xp import CARD, CHARACTER, Progress, XpThresholds
from cards.models import Card, Character, XpThreshold
from eredan.errors import NotFoundError
from eredan.users import Viewer, is_staff

#: Where the XP thresholds come from when the database has none yet (before ``load_cardset``):
#: the bundled reference fixture, the same file the loader reads.
BUNDLED_REFERENCE = Path(__file__).resolve().parents[2] / "fixtures" / "cardset" / "reference.json"


def xp_thresholds_get() -> XpThresholds:
    """The evolution thresholds: the ``XpThreshold`` table (editable by staff in the card admin),
    or, while it is empty, the bundled reference fixture's ``xp_thresholds``."""
    rows = list(XpThreshold.objects.values("evolution", "xp"))
    if not rows:
        with BUNDLED_REFERENCE.open(encoding="utf-8") as fh:
            rows = json.load(fh)["xp_thresholds"]
    return XpThresholds.from_rows(rows)


def collection_list(*, user: Viewer, owner_id: int | None = None) -> QuerySet[Collection]:
    """The collections ``user`` may see (their own; staff: everyone's, optionally one owner's),
    with ``copies_count``."""
    qs = (
        Collection.objects.select_related("owner")
        .annotate(copies_count=Count("copies"))
        .order_by("owner_id", "-is_default", "name", "id")
    )
    if not is_staff(user):
        return qs.filter(owner_id=user.pk)
    return qs.filter(owner_id=owner_id) if owner_id is not None else qs


def collection_get(*, user: Viewer, pk: int | str) -> Collection:
    """A collection ``user`` may see, else :class:`NotFoundError` (never 403: it would leak that the
    collection exists)."""
    try:
        pk = int(pk)
    except (TypeError, ValueError):
        raise NotFoundError("No such collection.") from None
    collection = collection_list(user=user).filter(pk=pk).first()
    if collection is None:
        raise NotFoundError("No such collection.")
    return collection


def collection_default_get(*, owner_id: int) -> Collection | None:
    return Collection.objects.filter(owner_id=owner_id, is_default=True).first()


def copy_list(
    *,
    collection: Collection,
    kind: str | None = None,
    slug: str | None = None,
    family: str | None = None,
) -> QuerySet[OwnedCopy]:
    qs = OwnedCopy.objects.filter(collection=collection).select_related(
        "card__family", "character__family", "card__type"
    )
    if kind == CARD:
        qs = qs.filter(card__isnull=False)
    elif kind == CHARACTER:
        qs = qs.filter(character__isnull=False)
    if slug:
        qs = qs.filter(card__slug=slug) | qs.filter(character__slug=slug)
    if family:
        qs = qs.filter(card__family__slug=family) | qs.filter(character__family__slug=family)
    return qs.order_by("id")


def copy_get(*, collection: Collection, pk: Any) -> OwnedCopy:
    """A copy of ``collection``, else :class:`NotFoundError`."""
    try:
        pk = int(pk)
    except (TypeError, ValueError):
        raise NotFoundError("No such copy in this collection.") from None
    copy = copy_list(collection=collection).filter(pk=pk).first()
    if copy is None:
        raise NotFoundError("No such copy in this collection.")
    return copy


@dataclass(frozen=True, slots=True)
class CopyProgress:
    progress: Progress
    next_level: str | None  # slug of the card the copy would evolve into

    @property
    def can_evolve(self) -> bool:
        return self.next_level is not None and self.progress.reached

    def to_json(self) -> dict[str, Any]:
        return {**self.progress.to_json(), "next_level": self.next_level, "can_evolve": self.can_evolve}


def copy_progress_map(
    *, copies: Iterable[OwnedCopy], thresholds: XpThresholds | None = None
) -> dict[int, CopyProgress]:
    """Progress of each copy towards its next level (two queries for any number of copies)."""
    copies = list(copies)
    thresholds = thresholds or xp_thresholds_get()
    wanted: dict[str, set[tuple[int, int]]] = {CARD: set(), CHARACTER: set()}
    for copy in copies:
        item = copy.item
        wanted[copy.kind].add((item.family_id, item.level + 1))
    next_slugs: dict[tuple[str, int, int], str] = {}
    for kind, model in ((CARD, Card), (CHARACTER, Character)):
        families = {family for family, _ in wanted[kind]}
        if not families:
            continue
        for family_id, level, slug in model.objects.filter(family_id__in=families).values_list(
            "family_id", "level", "slug"
        ):
            if (family_id, level) in wanted[kind]:
                next_slugs[(kind, family_id, level)] = slug
    result = {}
    for copy in copies:
        item = copy.item
        result[copy.pk] = CopyProgress(
            progress=thresholds.progress(level=item.level, xp=copy.xp),
            next_level=next_slugs.get((copy.kind, item.family_id, item.level + 1)),
        )
    return result


@dataclass(frozen=True, slots=True)
class Quantity:
    """How many copies of one card (or character) a collection holds."""

    kind: str
    slug: str
    name_en: str
    name_fr: str
    family: str
    level: int
    count: int
    xp_total: int
    xp_max: int

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "slug": self.slug,
            "name_en": self.name_en,
            "name_fr": self.name_fr,
            "family": self.family,
            "level": self.level,
            "count": self.count,
            "xp_total": self.xp_total,
            "xp_max": self.xp_max,
        }


def collection_quantities(*, collection: Collection, kind: str | None = None) -> list[Quantity]:
    """The quantity view: one row per card or character held, sorted by kind then slug."""
    rows: list[Quantity] = []
    for row_kind in (CHARACTER, CARD):
        if kind is not None and kind != row_kind:
            continue
        p = row_kind  # the FK's name is the kind
        grouped = (
            OwnedCopy.objects.filter(collection=collection, **{f"{p}__isnull": False})
            .values(f"{p}__slug", f"{p}__name_en", f"{p}__name_fr", f"{p}__family__slug", f"{p}__level")
            .annotate(count=Count("id"), xp_total=Sum("xp"), xp_max=Max("xp"))
            .order_by(f"{p}__slug")
        )
        rows.extend(
            Quantity(
                kind=row_kind,
                slug=g[f"{p}__slug"],
                name_en=g[f"{p}__name_en"],
                name_fr=g[f"{p}__name_fr"],
                family=g[f"{p}__family__slug"],
                level=g[f"{p}__level"],
                count=g["count"],
                xp_total=g["xp_total"] or 0,
                xp_max=g["xp_max"] or 0,
            )
            for g in grouped
        )
    return rows


def collection_owned_counts(*, collection: Collection) -> dict[str, int]:
    """Card or character slug → copies held: what the deck validator's ``not_owned`` check takes.

    docs/rules/eredan.md §2.9 — the collection must hold every copy; a copy counts as the card of its
    current level only (an evolved copy is its new level's card).
    """
    return {q.slug: q.count for q in collection_quantities(collection=collection)}


def collection_export_rows(*, collection: Collection) -> Iterator[ExportRow]:
    """Every copy, oldest first, for the CSV export."""
    qs = (
        OwnedCopy.objects.filter(collection=collection)
        .select_related("card", "character")
        .order_by("acquired_at", "id")
    )
    for copy in qs.iterator(chunk_size=2000):
        item = copy.item
        yield ExportRow(
            kind=copy.kind,
            slug=item.slug,
            name=item.name_en,
            level=item.level,
            xp=copy.xp,
            acquired_at=copy.acquired_at,
        )


def experience_log_list(
    *, collection: Collection, copy_id: int | None = None, source: str | None = None
) -> QuerySet[ExperienceGrant]:
    """The experience log of a collection, newest first."""
    qs = ExperienceGrant.objects.filter(collection=collection).select_related("granted_by")
    if copy_id is not None:
        qs = qs.filter(copy_id=copy_id)
    if source:
        qs = qs.filter(source=source)
    return qs.order_by("-created_at", "-id")
