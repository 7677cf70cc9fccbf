"""Experience: XP granted to copies (by staff, by XP cards, by games) and logged, and the XP that
finished Eredan games earn (docs/collections.md "XP from games").

Every grant is a line of the experience log. XP is added by the database (``xp = xp + n``),
never read-modify-written, so simultaneous grants never lose an update; a game's XP is granted
once per ``(source, source_ref)`` whatever the number of calls.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import transaction
from django.db.models import Case, F, Value, When

from cards.collection.error_codes import CollectionErrorCode as Code
from cards.collection.models import Collection, ExperienceAward, ExperienceGrant, ExperienceSource, OwnedCopy
from cards.collection.services.copies import is_whole_number
from cards.collection.xp import (
    CARD,
    CHARACTER,
    GameSummary,
    GameXpTable,
    XpError,
    game_summary_from_json,
    game_xp_awards,
)
from eredan.errors import FORBIDDEN, DomainError
from eredan.users import User, Viewer

#: Largest single grant of XP (staff grants, XP cards).
MAX_GRANT = 1_000_000
#: Most games one call of :func:`experience_award_games` takes (a simulation chunk), and how many
#: log lines go in one INSERT.
MAX_GAMES_PER_AWARD = 5_000
GRANT_INSERT_BATCH = 1_000
#: Sources the "XP from games" service accepts.
GAME_SOURCES = (ExperienceSource.GAME, ExperienceSource.SIMULATION)


def _check_amount(amount: object, *, field: str = "amount") -> None:
    if not is_whole_number(amount) or not 1 <= amount <= MAX_GRANT:
        raise DomainError(
            f"An XP grant is a whole number from 1 to {MAX_GRANT}.", code=Code.INVALID_AMOUNT, field=field
        )


def copy_grant_xp(
    *,
    copy_id: int,
    amount: int,
    source: str,
    source_ref: str = "",
    granted_by: User | None = None,
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
    *, copy: OwnedCopy, amount: int, granted_by: Viewer, note: str = ""
) -> ExperienceGrant:
    """A staff member gives XP to a copy (the admin's "grant XP" action, the staff API); anyone
    else is refused (403 ``permission_denied``)."""
    if not isinstance(granted_by, User) or not granted_by.is_staff:
        raise DomainError("Only staff may grant experience.", code="permission_denied", status_code=FORBIDDEN)
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
