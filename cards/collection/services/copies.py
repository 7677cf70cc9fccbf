"""Adding and removing owned copies: one row per copy (three Katanas are three rows, each with
its own XP; docs/rules/eredan.md §1). Every bad item of a request is reported at once; nothing is
added or removed then."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TypeGuard

from django.db import transaction
from django.utils import timezone

from cards.collection.error_codes import CollectionErrorCode as Code
from cards.collection.models import Collection, OwnedCopy
from cards.collection.selectors import xp_thresholds_get
from cards.collection.xp import CARD, CHARACTER
from cards.models import Card, Character
from eredan.errors import DomainError, Problems

#: Most copies one collection may hold (an active player of the real game held a few thousand).
MAX_COPIES_PER_COLLECTION = 20_000
#: Most copies one add request may create, and most copies of one card in one request line.
MAX_COPIES_PER_REQUEST = 1_000
#: Highest XP a copy may be given when added or imported (the last threshold is 200,000).
MAX_COPY_XP = 10_000_000
#: Earliest acquisition date accepted (Eredan iTCG opened in 2010), and how far in the future an
#: acquisition may be dated (clock differences): dates outside are typos, refused.
MIN_ACQUIRED_AT = datetime(2000, 1, 1, tzinfo=UTC)
FUTURE_TOLERANCE = timedelta(days=1)


def is_whole_number(value: object) -> TypeGuard[int]:
    """An ``int`` that is not a ``bool`` (JSON ``true`` is no count)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class CopyRequest:
    """Copies to add (or remove): ``count`` copies of the card or character ``slug``.

    ``ref`` says where the request came from in error messages (``items.2``, ``line 5``).
    ``kind`` and ``level``, when given, must match the slug's card (CSV rows carry them).
    """

    slug: str
    count: int = 1
    xp: int | None = None
    acquired_at: datetime | None = None
    kind: str | None = None
    level: int | None = None
    ref: str = ""


def _field(ref: str, name: str) -> str | None:
    return f"{ref}.{name}" if ref else name


def items_resolve(slugs: Iterable[str]) -> dict[str, Card | Character]:
    """Card or character by slug (slugs are unique across both), in two queries."""
    wanted = set(slugs)
    found: dict[str, Card | Character] = {}
    found.update((c.slug, c) for c in Card.objects.filter(slug__in=wanted).select_related("family"))
    found.update((c.slug, c) for c in Character.objects.filter(slug__in=wanted).select_related("family"))
    return found


def _kind_of(item: Card | Character) -> str:
    return CHARACTER if isinstance(item, Character) else CARD


def copy_requests_check(
    requests: Sequence[CopyRequest], *, max_count: int, max_total: int
) -> tuple[dict[str, Card | Character], Problems]:
    """Check copy requests: their values, their total, then their slugs (and kinds and levels)
    against the card database. Returns the cards and characters named, and every problem found
    (each with its request's ``ref`` as its field)."""
    problems = Problems()
    for r in requests:
        if not isinstance(r.slug, str) or not r.slug.strip():
            problems.add(_field(r.ref, "slug"), "invalid", "A card or character slug is required.")
        if not is_whole_number(r.count) or not 1 <= r.count <= max_count:
            problems.add(
                _field(r.ref, "count"), Code.INVALID_COUNT, f"count is a whole number from 1 to {max_count}."
            )
        if (
            r.acquired_at is not None
            and not MIN_ACQUIRED_AT <= r.acquired_at <= timezone.now() + FUTURE_TOLERANCE
        ):
            problems.add(
                _field(r.ref, "acquired_at"),
                Code.INVALID_ACQUIRED_AT,
                f"acquired_at is a date-time from {MIN_ACQUIRED_AT:%Y-%m-%d} to now.",
            )
        if r.xp is not None and (not is_whole_number(r.xp) or not 0 <= r.xp <= MAX_COPY_XP):
            problems.add(
                _field(r.ref, "xp"), Code.INVALID_XP, f"xp is a whole number from 0 to {MAX_COPY_XP}."
            )
    if problems:
        return {}, problems
    total = sum(r.count for r in requests)
    if total > max_total:
        problems.add(None, Code.TOO_MANY_COPIES, f"{total} copies in one request; the limit is {max_total}.")
        return {}, problems
    items = items_resolve(r.slug for r in requests)
    for r in requests:
        item = items.get(r.slug)
        if item is None:
            problems.add(
                _field(r.ref, "slug"), Code.UNKNOWN_CARD, f"No card or character has the slug {r.slug!r}."
            )
            continue
        if r.kind is not None and r.kind != _kind_of(item):
            problems.add(
                _field(r.ref, "kind"),
                Code.KIND_MISMATCH,
                f"{r.slug!r} is a {_kind_of(item)}, not a {r.kind}.",
            )
        if r.level is not None and r.level != item.level:
            problems.add(
                _field(r.ref, "level"),
                Code.LEVEL_MISMATCH,
                f"{r.slug!r} is level {item.level}, not level {r.level}.",
            )
    return items, problems


def _lock_collection(collection: Collection) -> None:
    list(Collection.objects.select_for_update().filter(pk=collection.pk).values_list("pk", flat=True))


def _check_room(collection: Collection, adding: int) -> None:
    held = OwnedCopy.objects.filter(collection=collection).count()
    if held + adding > MAX_COPIES_PER_COLLECTION:
        raise DomainError(
            f"The collection holds {held} copies; adding {adding} would pass the limit of "
            f"{MAX_COPIES_PER_COLLECTION}.",
            code=Code.TOO_MANY_COPIES,
        )


def copies_add(
    *,
    collection: Collection,
    requests: Sequence[CopyRequest],
    max_total: int = MAX_COPIES_PER_REQUEST,
) -> list[OwnedCopy]:
    """Add copies. A copy without an explicit XP starts at the floor of its level (0 at level 1),
    so its progress starts at 0 and thresholds stay cumulative. All or nothing."""
    if not requests:
        raise DomainError("Nothing to add.", code="invalid", field="items")
    items, problems = copy_requests_check(requests, max_count=max_total, max_total=max_total)
    problems.raise_any()
    thresholds = xp_thresholds_get()
    now = timezone.now()
    new = []
    for r in requests:
        item = items[r.slug]
        xp = r.xp if r.xp is not None else thresholds.floor(item.level)
        for _ in range(r.count):
            new.append(
                OwnedCopy(
                    collection=collection,
                    card=item if isinstance(item, Card) else None,
                    character=item if isinstance(item, Character) else None,
                    xp=xp,
                    acquired_at=r.acquired_at or now,
                )
            )
    with transaction.atomic():
        _lock_collection(collection)
        _check_room(collection, len(new))
        created = OwnedCopy.objects.bulk_create(new, batch_size=1000)
        Collection.objects.filter(pk=collection.pk).update(updated_at=now)
    return created


def copy_remove(*, copy: OwnedCopy) -> None:
    """Remove one copy (its experience log lines stay, with the copy left blank)."""
    with transaction.atomic():
        OwnedCopy.objects.filter(pk=copy.pk).delete()


def copies_remove(*, collection: Collection, requests: Sequence[CopyRequest]) -> int:
    """Remove ``count`` copies of each slug — those with the least XP first (the newest among
    equals), so progress is kept. All or nothing: refused if the collection holds fewer."""
    if not requests:
        raise DomainError("Nothing to remove.", code="invalid", field="items")
    items, problems = copy_requests_check(
        [CopyRequest(r.slug, r.count, ref=r.ref) for r in requests],
        max_count=MAX_COPIES_PER_COLLECTION,
        max_total=MAX_COPIES_PER_COLLECTION,
    )
    problems.raise_any()
    wanted: dict[str, int] = defaultdict(int)
    refs: dict[str, str] = {}
    for r in requests:
        wanted[r.slug] += r.count
        refs.setdefault(r.slug, r.ref)
    with transaction.atomic():
        _lock_collection(collection)
        to_delete: list[int] = []
        for slug, count in wanted.items():
            item = items[slug]
            field = "card" if isinstance(item, Card) else "character"
            ids = list(
                OwnedCopy.objects.filter(collection=collection, **{field: item})
                .order_by("xp", "-acquired_at", "-id")
                .values_list("id", flat=True)[: count + 1]
            )
            if len(ids) < count:
                problems.add(
                    _field(refs[slug], "count"),
                    Code.NOT_ENOUGH_COPIES,
                    f"The collection holds {len(ids)} copies of {slug!r}, not {count}.",
                )
            to_delete.extend(ids[:count])
        problems.raise_any()
        OwnedCopy.objects.filter(pk__in=to_delete).delete()
        Collection.objects.filter(pk=collection.pk).update(updated_at=timezone.now())
    return len(to_delete)


# --- one copy ------------------------------------------------------------------------------------


def copy_item(copy: OwnedCopy) -> Card | Character:
    """The copy's card or character, read from the database."""
    if copy.card_id:
        return Card.objects.get(pk=copy.card_id)
    assert copy.character_id is not None  # the check constraint guarantees one of them
    return Character.objects.get(pk=copy.character_id)


def copy_locked(collection: Collection, copy_id: object, field: str) -> OwnedCopy:
    """A copy of ``collection``, locked for update (in a transaction); ``not_owner`` else."""
    if not is_whole_number(copy_id):
        raise DomainError("Expected the id of a copy.", code="invalid", field=field)
    copy = OwnedCopy.objects.select_for_update().filter(pk=copy_id, collection=collection).first()
    if copy is None:
        raise DomainError(f"Copy {copy_id} is not in this collection.", code=Code.NOT_OWNER, field=field)
    return copy
