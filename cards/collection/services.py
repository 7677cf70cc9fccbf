"""Writes to collections: collections, copies, experience grants, evolution, XP cards, games.

Every service runs in one transaction and validates everything before writing: a refused request
changes nothing. Refusals are :class:`eredan.api.errors.DomainError` with a code of
:class:`cards.collection.error_codes.CollectionErrorCode`.

Concurrency: XP is only ever added with ``UPDATE … SET xp = xp + n`` (an ``F()`` expression), so
simultaneous grants to one copy never lose an update; evolving and consuming lock the copies
(``SELECT … FOR UPDATE``) so they read the XP they act on.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ImproperlyConfigured
from django.db import transaction
from django.db.models import Case, F, Value, When
from django.utils import timezone

from cards.collection.csvio import CsvProblem, parse_csv
from cards.collection.error_codes import CollectionErrorCode as Code
from cards.collection.models import (
    Collection,
    ExperienceAward,
    ExperienceGrant,
    ExperienceSource,
    OwnedCopy,
)
from cards.collection.selectors import xp_thresholds_get
from cards.collection.xp import (
    CARD,
    CHARACTER,
    GameSummary,
    GameXpTable,
    XpError,
    game_summary_from_json,
    game_xp_awards,
)
from cards.domain.specs import XP_CARD_TYPE
from cards.models import Card, Character
from eredan.errors import DomainError, DomainErrors

#: Most collections one user may keep.
MAX_COLLECTIONS_PER_USER = 50
#: Most copies one collection may hold (an active player of the real game held a few thousand).
MAX_COPIES_PER_COLLECTION = 20_000
#: Most copies one add request may create, and most copies of one card in one request line.
MAX_COPIES_PER_REQUEST = 1_000
#: Highest XP a copy may be given when added or imported (the last threshold is 200,000).
MAX_COPY_XP = 10_000_000
#: Largest single grant of XP (staff grants, XP cards).
MAX_GRANT = 1_000_000
#: Earliest acquisition date accepted (Eredan iTCG opened in 2010), and how far in the future an
#: acquisition may be dated (clock differences): dates outside are typos, refused.
MIN_ACQUIRED_AT = datetime(2000, 1, 1, tzinfo=UTC)
FUTURE_TOLERANCE = timedelta(days=1)
#: Name of the collection created for a user who has none.
DEFAULT_COLLECTION_NAME = "My collection"
#: Most games one call of :func:`experience_award_games` takes (a simulation chunk), and how many
#: log lines go in one INSERT.
MAX_GAMES_PER_AWARD = 5_000
GRANT_INSERT_BATCH = 1_000
#: Sources the "XP from games" service accepts.
GAME_SOURCES = (ExperienceSource.GAME, ExperienceSource.SIMULATION)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --- collections ---------------------------------------------------------------------------------


def _lock_owner(owner_id: int) -> None:
    """Serialize changes to one owner's set of collections (the default flag, the count)."""
    list(get_user_model().objects.select_for_update().filter(pk=owner_id).values_list("pk", flat=True))


def _clean_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise DomainError("A collection needs a name.", code="invalid", field="name")
    name = name.strip()
    if len(name) > 100:
        raise DomainError("A collection name has at most 100 characters.", code="invalid", field="name")
    return name


def collection_create(*, owner: Any, name: str, is_default: bool = False) -> Collection:
    """Create a collection. The owner's first collection is their default whatever ``is_default``
    says; ``is_default=True`` moves the default flag to the new collection."""
    name = _clean_name(name)
    with transaction.atomic():
        _lock_owner(owner.pk)
        mine = Collection.objects.filter(owner_id=owner.pk)
        if mine.count() >= MAX_COLLECTIONS_PER_USER:
            raise DomainError(
                f"A user keeps at most {MAX_COLLECTIONS_PER_USER} collections.",
                code=Code.TOO_MANY_COLLECTIONS,
            )
        if mine.filter(name=name).exists():
            raise DomainError(
                f"You already have a collection named {name!r}.", code=Code.DUPLICATE_NAME, field="name"
            )
        # The first collection (or the first since the default was lost) becomes the default.
        has_default = mine.filter(is_default=True).exists()
        if is_default and has_default:
            mine.filter(is_default=True).update(is_default=False)
        return Collection.objects.create(
            owner_id=owner.pk, name=name, is_default=is_default or not has_default
        )


def collection_default_get_or_create(*, owner: Any) -> Collection:
    """The owner's default collection, created (as ``My collection``) if they have none."""
    with transaction.atomic():
        _lock_owner(owner.pk)
        existing = Collection.objects.filter(owner_id=owner.pk, is_default=True).first()
        if existing is not None:
            return existing
        name = DEFAULT_COLLECTION_NAME
        taken = set(Collection.objects.filter(owner_id=owner.pk).values_list("name", flat=True))
        suffix = 2
        while name in taken:
            name, suffix = f"{DEFAULT_COLLECTION_NAME} {suffix}", suffix + 1
        return Collection.objects.create(owner_id=owner.pk, name=name, is_default=True)


def collection_update(
    *, collection: Collection, name: str | None = None, is_default: bool | None = None
) -> Collection:
    """Rename, or make the default. Un-defaulting is refused: make another collection the default."""
    with transaction.atomic():
        _lock_owner(collection.owner_id)
        collection.refresh_from_db()
        if name is not None:
            name = _clean_name(name)
            if (
                Collection.objects.filter(owner_id=collection.owner_id, name=name)
                .exclude(pk=collection.pk)
                .exists()
            ):
                raise DomainError(
                    f"You already have a collection named {name!r}.", code=Code.DUPLICATE_NAME, field="name"
                )
            collection.name = name
        if is_default is False and collection.is_default:
            raise DomainError(
                "A user always has one default collection: make another collection the default instead.",
                code=Code.DEFAULT_REQUIRED,
                field="is_default",
            )
        if is_default and not collection.is_default:
            Collection.objects.filter(owner_id=collection.owner_id, is_default=True).update(is_default=False)
            collection.is_default = True
        collection.save()
        return collection


def collection_delete(*, collection: Collection) -> None:
    """Delete a collection and its copies (their experience log lines stay, owner-readable by staff).
    The default collection cannot be deleted."""
    with transaction.atomic():
        _lock_owner(collection.owner_id)
        collection.refresh_from_db()
        if collection.is_default:
            raise DomainError(
                "The default collection cannot be deleted: make another collection the default first.",
                code=Code.DEFAULT_REQUIRED,
            )
        collection.delete()


# --- adding and removing copies ------------------------------------------------------------------


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


@dataclass(frozen=True, slots=True)
class Problem:
    ref: str
    code: str
    message: str

    def to_json(self) -> dict[str, str]:
        return {"field": self.ref, "code": self.code, "message": self.message}


def _raise_problems(problems: Sequence[Problem]) -> None:
    """One problem → its error; several → all of them, one entry each (``DomainErrors``)."""
    if not problems:
        return
    errors = [DomainError(p.message, code=p.code, field=p.ref or None) for p in problems]
    if len(errors) == 1:
        raise errors[0]
    raise DomainErrors(errors)


def _field(ref: str, name: str) -> str:
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


def _check_requests(
    requests: Sequence[CopyRequest], *, max_count: int, max_total: int
) -> tuple[dict[str, Card | Character], list[Problem]]:
    problems: list[Problem] = []
    for r in requests:
        if not isinstance(r.slug, str) or not r.slug.strip():
            problems.append(
                Problem(_field(r.ref, "slug"), "invalid", "A card or character slug is required.")
            )
        if not _is_int(r.count) or not 1 <= r.count <= max_count:
            problems.append(
                Problem(
                    _field(r.ref, "count"),
                    Code.INVALID_COUNT,
                    f"count is a whole number from 1 to {max_count}.",
                )
            )
        if (
            r.acquired_at is not None
            and not MIN_ACQUIRED_AT <= r.acquired_at <= timezone.now() + FUTURE_TOLERANCE
        ):
            problems.append(
                Problem(
                    _field(r.ref, "acquired_at"),
                    Code.INVALID_ACQUIRED_AT,
                    f"acquired_at is a date-time from {MIN_ACQUIRED_AT:%Y-%m-%d} to now.",
                )
            )
        if r.xp is not None and (not _is_int(r.xp) or not 0 <= r.xp <= MAX_COPY_XP):
            problems.append(
                Problem(
                    _field(r.ref, "xp"), Code.INVALID_XP, f"xp is a whole number from 0 to {MAX_COPY_XP}."
                )
            )
    if problems:
        return {}, problems
    total = sum(r.count for r in requests)
    if total > max_total:
        return {}, [
            Problem("", Code.TOO_MANY_COPIES, f"{total} copies in one request; the limit is {max_total}.")
        ]
    items = items_resolve(r.slug for r in requests)
    for r in requests:
        item = items.get(r.slug)
        if item is None:
            problems.append(
                Problem(
                    _field(r.ref, "slug"), Code.UNKNOWN_CARD, f"No card or character has the slug {r.slug!r}."
                )
            )
            continue
        if r.kind is not None and r.kind != _kind_of(item):
            problems.append(
                Problem(
                    _field(r.ref, "kind"),
                    Code.KIND_MISMATCH,
                    f"{r.slug!r} is a {_kind_of(item)}, not a {r.kind}.",
                )
            )
        if r.level is not None and r.level != item.level:
            problems.append(
                Problem(
                    _field(r.ref, "level"),
                    Code.LEVEL_MISMATCH,
                    f"{r.slug!r} is level {item.level}, not level {r.level}.",
                )
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
    items, problems = _check_requests(requests, max_count=max_total, max_total=max_total)
    _raise_problems(problems)
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
    items, problems = _check_requests(
        [CopyRequest(r.slug, r.count, ref=r.ref) for r in requests],
        max_count=MAX_COPIES_PER_COLLECTION,
        max_total=MAX_COPIES_PER_COLLECTION,
    )
    _raise_problems(problems)
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
                problems.append(
                    Problem(
                        _field(refs[slug], "count"),
                        Code.NOT_ENOUGH_COPIES,
                        f"The collection holds {len(ids)} copies of {slug!r}, not {count}.",
                    )
                )
            to_delete.extend(ids[:count])
        _raise_problems(problems)
        OwnedCopy.objects.filter(pk__in=to_delete).delete()
        Collection.objects.filter(pk=collection.pk).update(updated_at=timezone.now())
    return len(to_delete)


# --- import and export ----------------------------------------------------------------------------


def collection_import_csv(*, collection: Collection, text: str) -> list[OwnedCopy]:
    """Add the copies of a CSV (format: :mod:`cards.collection.csvio`). Every bad row is reported
    at once (code ``invalid_csv``, ``rows``: line, column, code, message); nothing is added then."""
    if not isinstance(text, str) or not text.strip():
        raise DomainError("The CSV is empty.", code=Code.INVALID_CSV, field="csv")
    rows, csv_problems = parse_csv(
        text, max_rows=MAX_COPIES_PER_COLLECTION, max_count=MAX_COPIES_PER_COLLECTION, max_xp=MAX_COPY_XP
    )
    problems = list(csv_problems)
    requests = [
        CopyRequest(
            r.slug,
            r.count,
            xp=r.xp,
            acquired_at=r.acquired_at,
            kind=r.kind,
            level=r.level,
            ref=f"line {r.line}",
        )
        for r in rows
    ]
    if not problems and not requests:
        raise DomainError("The CSV has a header but no rows.", code=Code.INVALID_CSV, field="csv")
    if not problems:
        _, request_problems = _check_requests(
            requests, max_count=MAX_COPIES_PER_COLLECTION, max_total=MAX_COPIES_PER_COLLECTION
        )
        for p in request_problems:
            line, _, column = p.ref.removeprefix("line ").partition(".")
            problems.append(CsvProblem(int(line) if line.isdigit() else 0, p.code, p.message, column or None))
    if problems:
        raise DomainError(
            f"The CSV has {len(problems)} problem(s); nothing was imported. First: line {problems[0].line}: "
            f"{problems[0].message}",
            code=Code.INVALID_CSV,
            field="csv",
            rows=[p.to_json() for p in problems[:200]],
        )
    return copies_add(collection=collection, requests=requests, max_total=MAX_COPIES_PER_COLLECTION)


def collection_import_deck(
    *,
    collection: Collection,
    characters: Sequence[str],
    cards: Mapping[str, int],
    only_missing: bool = False,
) -> dict[str, int]:
    """Add a deck's cards to the collection: one copy of each character, ``count`` copies of each
    card ("add this deck's cards"). ``only_missing``: add only what the collection lacks to build
    it. Returns slug → copies added. Unknown slugs are refused (``unknown_card``), nothing added."""
    wanted: dict[str, int] = defaultdict(int)
    for slug in characters:
        wanted[slug] += 1
    for slug, count in cards.items():
        wanted[slug] += count
    if only_missing:
        from cards.collection.selectors import collection_owned_counts

        owned = collection_owned_counts(collection=collection)
        wanted = defaultdict(int, {slug: n - owned.get(slug, 0) for slug, n in wanted.items()})
    adding = {slug: n for slug, n in wanted.items() if n > 0}
    if adding:
        copies_add(
            collection=collection,
            requests=[
                CopyRequest(slug, n, ref="characters" if slug in characters else f"cards.{slug}")
                for slug, n in sorted(adding.items())
            ],
        )
    return adding


# --- experience ----------------------------------------------------------------------------------


def _check_amount(amount: Any, *, field: str = "amount") -> None:
    if not _is_int(amount) or not 1 <= amount <= MAX_GRANT:
        raise DomainError(
            f"An XP grant is a whole number from 1 to {MAX_GRANT}.", code=Code.INVALID_AMOUNT, field=field
        )


def copy_grant_xp(
    *,
    copy_id: int,
    amount: int,
    source: str,
    source_ref: str = "",
    granted_by: Any = None,
    note: str = "",
    award: ExperienceAward | None = None,
) -> ExperienceGrant:
    """Add ``amount`` XP to one copy and log it. Safe under concurrency: the XP is added by the
    database (``xp = xp + amount``), never read-modify-written in Python."""
    _check_amount(amount)
    if source not in ExperienceSource.values:
        raise DomainError(f"Unknown experience source {source!r}.", code="invalid", field="source")
    with transaction.atomic():
        if not OwnedCopy.objects.filter(pk=copy_id).update(xp=F("xp") + amount):
            raise DomainError("No such copy.", code=Code.NOT_OWNER, field="copy")
        # Our UPDATE holds the row lock until commit: this read sees exactly our result.
        row = (
            OwnedCopy.objects.filter(pk=copy_id)
            .values("xp", "collection_id", "collection__owner_id", "card__slug", "character__slug")
            .get()
        )
        return ExperienceGrant.objects.create(
            copy_id=copy_id,
            owner_id=row["collection__owner_id"],
            collection_id=row["collection_id"],
            item_slug=row["card__slug"] or row["character__slug"],
            amount=amount,
            xp_after=row["xp"],
            source=source,
            source_ref=source_ref[:200],
            award=award,
            granted_by=granted_by if granted_by is not None and granted_by.pk else None,
            note=note[:200],
        )


@dataclass(frozen=True, slots=True)
class GrantLine:
    """One grant to make: ``amount`` XP to copy ``copy_id``."""

    copy_id: int
    amount: int
    source_ref: str = ""
    award_id: int | None = None


def _grant_many(lines: Sequence[GrantLine], *, source: str) -> list[ExperienceGrant]:
    """Make many grants in a fixed number of queries (a game's or a chunk's awards): lock the
    copies in id order (so two calls touching the same copies never deadlock), add every copy's
    total in one ``UPDATE … SET xp = xp + CASE …``, read the results back, write the log lines in
    bulk. A copy may get several lines: its ``xp_after`` values are the running totals, in order."""
    if not lines:
        return []
    for line in lines:
        _check_amount(line.amount)
    totals: dict[int, int] = defaultdict(int)
    for line in lines:
        totals[line.copy_id] += line.amount
    with transaction.atomic():
        locked = list(
            OwnedCopy.objects.select_for_update()
            .filter(pk__in=totals)
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        if len(locked) != len(totals):
            raise DomainError("A copy to grant XP to no longer exists.", code=Code.NOT_OWNER, field="copy")
        OwnedCopy.objects.filter(pk__in=totals).update(
            xp=F("xp")
            + Case(*(When(pk=pk, then=Value(total)) for pk, total in totals.items()), default=Value(0))
        )
        rows = {
            row["pk"]: row
            for row in OwnedCopy.objects.filter(pk__in=totals).values(
                "pk", "xp", "collection_id", "collection__owner_id", "card__slug", "character__slug"
            )
        }
        # Each line's xp_after: the copy's XP before these grants plus the lines so far.
        running = {pk: rows[pk]["xp"] - total for pk, total in totals.items()}
        grants = []
        for line in lines:
            running[line.copy_id] += line.amount
            row = rows[line.copy_id]
            grants.append(
                ExperienceGrant(
                    copy_id=line.copy_id,
                    owner_id=row["collection__owner_id"],
                    collection_id=row["collection_id"],
                    item_slug=row["card__slug"] or row["character__slug"],
                    amount=line.amount,
                    xp_after=running[line.copy_id],
                    source=source,
                    source_ref=line.source_ref[:200],
                    award_id=line.award_id,
                )
            )
        return ExperienceGrant.objects.bulk_create(grants, batch_size=GRANT_INSERT_BATCH)


def experience_grant_staff(
    *, copy: OwnedCopy, amount: int, granted_by: Any, note: str = ""
) -> ExperienceGrant:
    """A staff member gives XP to a copy (the admin's "grant XP" action, the staff API)."""
    if not getattr(granted_by, "is_staff", False):
        raise DomainError("Only staff may grant experience.", code="permission_denied", status_code=403)
    if not isinstance(note, str) or len(note) > 200:
        raise DomainError("A note has at most 200 characters.", code="invalid", field="note")
    return copy_grant_xp(
        copy_id=copy.pk,
        amount=amount,
        source=ExperienceSource.STAFF,
        source_ref=f"user:{granted_by.pk}",
        granted_by=granted_by,
        note=note,
    )


def _item_fresh(copy: OwnedCopy) -> Card | Character:
    """The copy's card or character, read from the database."""
    if copy.card_id:
        return Card.objects.get(pk=copy.card_id)
    assert copy.character_id is not None  # the check constraint guarantees one of them
    return Character.objects.get(pk=copy.character_id)


def _locked_copy(collection: Collection, copy_id: Any, field: str) -> OwnedCopy:
    if not _is_int(copy_id):
        raise DomainError("Expected the id of a copy.", code="invalid", field=field)
    copy = OwnedCopy.objects.select_for_update().filter(pk=copy_id, collection=collection).first()
    if copy is None:
        raise DomainError(f"Copy {copy_id} is not in this collection.", code=Code.NOT_OWNER, field=field)
    return copy


@dataclass(frozen=True, slots=True)
class Evolution:
    copy: OwnedCopy
    from_slug: str
    to_slug: str


def copy_evolve(*, collection: Collection, copy_id: int) -> Evolution:
    """Evolve a copy of ``collection`` into the next level of its family.

    docs/rules/eredan.md §1 Experience — allowed when the copy's XP reaches the threshold of its level
    (exactly at it included) and its family has a next level. The copy keeps its XP: thresholds
    are cumulative (**[decision]**). Refused with ``not_owner``, ``no_next_level``,
    ``no_threshold`` or ``not_enough_xp``.
    """
    thresholds = xp_thresholds_get()
    with transaction.atomic():
        copy = _locked_copy(collection, copy_id, "copy")
        item = _item_fresh(copy)
        following = type(item).objects.filter(family_id=item.family_id, level=item.level + 1).first()
        refusal = thresholds.evolution_refusal(
            level=item.level, xp=copy.xp, has_next_level=following is not None
        )
        if refusal is not None:
            raise DomainError(f"{item.name_en}: {refusal.message}", code=refusal.code, field="copy")
        assert following is not None
        if isinstance(following, Card):
            copy.card = following
        else:
            copy.character = following
        copy.save(update_fields=["card", "character"])
    return Evolution(copy=copy, from_slug=item.slug, to_slug=following.slug)


def _type_slugs(card: Card) -> list[str]:
    return [t.slug for t in card.type_path()]


def xp_card_consume(*, collection: Collection, xp_card_id: int, target_id: int) -> ExperienceGrant:
    """Feed a "+N XP" card of ``collection`` to another copy of it: the XP card is removed and the
    target gains N XP, atomically (docs/rules/eredan.md §1 Experience — non-playable "+N XP" cards).

    Refused with ``not_owner`` (either copy not in this collection), ``not_xp_card`` (the copy fed
    is no XP card) or ``xp_card_target`` (the target is an XP card or another non-playable card).
    """
    with transaction.atomic():
        for field, copy_id in (("xp_card", xp_card_id), ("target", target_id)):
            if not _is_int(copy_id):
                raise DomainError("Expected the id of a copy.", code="invalid", field=field)
        if xp_card_id == target_id:
            raise DomainError("An XP card cannot be fed to itself.", code=Code.XP_CARD_TARGET, field="target")
        # Lock both rows in id order, so two consumptions never deadlock.
        locked = {}
        for field, copy_id in sorted((("xp_card", xp_card_id), ("target", target_id)), key=lambda p: p[1]):
            locked[field] = _locked_copy(collection, copy_id, field)
        xp_copy, target = locked["xp_card"], locked["target"]
        xp_card = Card.objects.select_related("type").get(pk=xp_copy.card_id) if xp_copy.card_id else None
        if xp_card is None or XP_CARD_TYPE not in _type_slugs(xp_card) or xp_card.xp_value <= 0:
            name = xp_card.name_en if xp_card else _item_fresh(xp_copy).name_en
            raise DomainError(f"{name} is not an XP card.", code=Code.NOT_XP_CARD, field="xp_card")
        if target.card_id is not None:
            target_card = Card.objects.select_related("type").get(pk=target.card_id)
            path = target_card.type_path()
            if XP_CARD_TYPE in (t.slug for t in path):
                raise DomainError(
                    "An XP card cannot be fed to another XP card.", code=Code.XP_CARD_TARGET, field="target"
                )
            if not all(t.playable for t in path):
                raise DomainError(
                    f"{target_card.name_en} is not playable and gains no experience.",
                    code=Code.XP_CARD_TARGET,
                    field="target",
                )
        source_ref = f"{xp_card.slug}#{xp_copy.pk}"
        xp_copy.delete()
        return copy_grant_xp(
            copy_id=target.pk, amount=xp_card.xp_value, source=ExperienceSource.XP_CARD, source_ref=source_ref
        )


def game_xp_table_get() -> GameXpTable:
    """The game-XP table: the defaults of :class:`GameXpTable` overridden by the
    ``COLLECTION_GAME_XP_TABLE`` setting (a dict of its field names)."""
    try:
        return GameXpTable.from_mapping(getattr(settings, "COLLECTION_GAME_XP_TABLE", None))
    except XpError as exc:
        raise ImproperlyConfigured(f"COLLECTION_GAME_XP_TABLE: {exc}") from exc


@dataclass(frozen=True, slots=True)
class AwardResult:
    """What :func:`experience_award_game` did. ``created`` is False when this ``(source,
    source_ref)`` was already applied: nothing was granted this time, ``grants`` are the
    earlier ones. ``unowned`` lists (seat, kind, slug) that earned XP but have no copy in the
    seat's collection."""

    award: ExperienceAward
    created: bool
    grants: tuple[ExperienceGrant, ...]
    unowned: tuple[tuple[int, str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class BatchAwardResult:
    """What :func:`experience_award_games` did: ``created`` — the games applied now (their
    ``source_ref``), ``skipped`` — those applied by an earlier call (nothing granted now),
    ``grants`` — the grants made now, ``unowned`` — (source_ref, seat, kind, slug) that earned XP
    but have no copy in the seat's collection."""

    created: tuple[str, ...]
    skipped: tuple[str, ...]
    grants: tuple[ExperienceGrant, ...]
    unowned: tuple[tuple[str, int, str, str], ...] = ()


def _lead_copies(collection: Collection, keys: Iterable[tuple[str, str]]) -> dict[tuple[str, str], int]:
    """(kind, slug) → the copy that receives a game's XP: the one with the most XP (the oldest
    among equals), so experience gathers on one copy and it evolves ([decision])."""
    keys = list(keys)
    lead: dict[tuple[str, str], int] = {}
    for kind in (CARD, CHARACTER):
        slugs = sorted({slug for k, slug in keys if k == kind})
        if not slugs:
            continue
        rows = (
            OwnedCopy.objects.filter(collection=collection, **{f"{kind}__slug__in": slugs})
            .order_by("-xp", "acquired_at", "id")
            .values_list(f"{kind}__slug", "id")
        )
        for slug, copy_id in rows:
            lead.setdefault((kind, slug), copy_id)
    return lead


def _merged_lines(lines: Sequence[GrantLine], log_ref: str) -> list[GrantLine]:
    """One line per copy (in order of first appearance) under ``log_ref``; a total above
    :data:`MAX_GRANT` is written as several lines of at most that much."""
    merged: dict[int, int] = {}
    for line in lines:
        merged[line.copy_id] = merged.get(line.copy_id, 0) + line.amount
    result = []
    for copy_id, total in merged.items():
        while total > 0:
            part = min(total, MAX_GRANT)
            result.append(GrantLine(copy_id, part, log_ref))
            total -= part
    return result


def experience_award_games(
    *,
    games: Sequence[tuple[str, Mapping[str, Any] | GameSummary]],
    collections: Mapping[int, Collection | None],
    source: str = ExperienceSource.SIMULATION,
    table: GameXpTable | None = None,
    log_ref: str | None = None,
) -> BatchAwardResult:
    """Grant the XP that finished Eredan games earn — each game once per ``(source, source_ref)``,
    whatever the number of calls (a redelivered chunk, two workers at once).

    ``games``: ``(source_ref, summary)`` pairs, at most :data:`MAX_GAMES_PER_AWARD`; the
    ``source_ref`` names the game (``job:42:game:1234``, 1 to 200 characters, unique in the
    call), the summary is the engine's game summary with the winning seat (see
    :func:`cards.collection.xp.game_summary_from_json`). ``collections``: seat → the collection
    whose copies played, the same for every game of the call (a seat without one earns nothing).
    Each (kind, slug) earning XP goes to the collection's copy of it with the most XP.
    ``table``: default :func:`game_xp_table_get`. One transaction, a fixed number of queries
    (the log lines are inserted by thousands): the games of a simulation chunk cost about what one
    game does. All or nothing: a malformed summary refuses the whole call (``invalid_summary``,
    with the game's index in ``field``).

    ``log_ref``: by default the experience log gets one line per game and copy (its
    ``source_ref`` the game's); with ``log_ref`` (e.g. ``job:42:chunk:7``) it gets one line per
    copy for the whole call, under that reference — what a large simulation job should use, so
    that 100,000 games do not write two million log lines. Idempotency is per game either way.
    """
    if log_ref is not None and (not isinstance(log_ref, str) or not log_ref.strip() or len(log_ref) > 200):
        raise DomainError("log_ref is 1 to 200 characters.", code="invalid", field="log_ref")
    if source not in GAME_SOURCES:
        raise DomainError(
            f"Game XP comes from {list(GAME_SOURCES)}, not {source!r}.", code="invalid", field="source"
        )
    if len(games) > MAX_GAMES_PER_AWARD:
        raise DomainError(f"At most {MAX_GAMES_PER_AWARD} games per call.", code="invalid", field="games")
    table = table or game_xp_table_get()
    parsed: list[tuple[str, tuple[dict[tuple[str, str], int], ...]]] = []
    seen: set[str] = set()
    for index, (source_ref, summary) in enumerate(games):
        if not isinstance(source_ref, str) or not source_ref.strip() or len(source_ref) > 200:
            raise DomainError(
                "source_ref names the game (1 to 200 characters).",
                code="invalid",
                field=f"games.{index}.source_ref",
            )
        if source_ref in seen:
            raise DomainError(
                f"The game {source_ref!r} is given twice.", code="invalid", field=f"games.{index}.source_ref"
            )
        seen.add(source_ref)
        if not isinstance(summary, GameSummary):
            try:
                summary = game_summary_from_json(summary)
            except XpError as exc:
                raise DomainError(
                    exc.message, code=Code.INVALID_SUMMARY, field=f"games.{index}.{exc.field}"
                ) from exc
        parsed.append((source_ref, game_xp_awards(summary, table)))
    if not parsed:
        return BatchAwardResult(created=(), skipped=(), grants=())
    with transaction.atomic():
        batch = uuid.uuid4()
        # "ON CONFLICT DO NOTHING": a game another call applied (or is applying: PostgreSQL waits
        # for it to commit or roll back) is not inserted again; ours carry this call's batch id.
        ExperienceAward.objects.bulk_create(
            # in key order: two calls with overlapping games wait for each other, never deadlock
            [ExperienceAward(source=source, source_ref=ref, batch=batch) for ref in sorted(seen)],
            ignore_conflicts=True,
            batch_size=GRANT_INSERT_BATCH,
        )
        mine = dict(ExperienceAward.objects.filter(batch=batch).values_list("source_ref", "pk"))
        leads: dict[int, dict[tuple[str, str], int]] = {}
        for seat, collection in collections.items():
            if collection is not None:
                keys = {
                    key
                    for ref, awards in parsed
                    if ref in mine and seat < len(awards)
                    for key in awards[seat]
                }
                leads[seat] = _lead_copies(collection, keys)
        lines: list[GrantLine] = []
        unowned: list[tuple[str, int, str, str]] = []
        for ref, awards in parsed:
            if ref not in mine:
                continue
            for seat, seat_awards in enumerate(awards):
                if seat not in leads:
                    continue
                for key in sorted(seat_awards):
                    copy_id = leads[seat].get(key)
                    if copy_id is None:
                        unowned.append((ref, seat, *key))
                    else:
                        lines.append(GrantLine(copy_id, seat_awards[key], ref, mine[ref]))
        for line in lines:
            _check_amount(line.amount)
        if log_ref is not None:
            lines = _merged_lines(lines, log_ref)
        grants = _grant_many(lines, source=source)
    created = tuple(ref for ref, _ in parsed if ref in mine)
    skipped = tuple(ref for ref, _ in parsed if ref not in mine)
    return BatchAwardResult(created=created, skipped=skipped, grants=tuple(grants), unowned=tuple(unowned))


def experience_award_game(
    *,
    summary: Mapping[str, Any] | GameSummary,
    collections: Mapping[int, Collection | None],
    source_ref: str,
    source: str = ExperienceSource.SIMULATION,
    table: GameXpTable | None = None,
) -> AwardResult:
    """Grant the XP one finished game earns, once per ``(source, source_ref)``: one game of
    :func:`experience_award_games`. Calling again with the same key grants nothing and returns the
    first call's grants (``created`` False)."""
    if not isinstance(source_ref, str):
        raise DomainError(
            "source_ref names the game (1 to 200 characters).", code="invalid", field="source_ref"
        )
    with transaction.atomic():  # the award's read-back belongs to the same transaction
        try:
            result = experience_award_games(
                games=[(source_ref, summary)], collections=collections, source=source, table=table
            )
        except DomainError as exc:
            if exc.field and exc.field.startswith("games.0."):
                exc.field = exc.field.removeprefix("games.0.")
            raise
        award = ExperienceAward.objects.get(source=source, source_ref=source_ref)
        if not result.created:
            return AwardResult(award=award, created=False, grants=tuple(award.grants.order_by("id")))
    unowned = tuple((seat, kind, slug) for _, seat, kind, slug in result.unowned)
    return AwardResult(award=award, created=True, grants=result.grants, unowned=unowned)
