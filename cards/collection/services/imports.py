"""Importing copies: a CSV of them (format: :mod:`cards.collection.csvio`), or a deck's cards.

All or nothing: every bad row or slug is reported at once and nothing is added then.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

from cards.collection.csvio import CsvProblem, parse_csv
from cards.collection.error_codes import CollectionErrorCode as Code
from cards.collection.models import Collection, OwnedCopy
from cards.collection.selectors import collection_owned_counts
from cards.collection.services.copies import (
    MAX_COPIES_PER_COLLECTION,
    MAX_COPY_XP,
    CopyRequest,
    copies_add,
    copy_requests_check,
)
from eredan.errors import DomainError


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
        _, request_problems = copy_requests_check(
            requests, max_count=MAX_COPIES_PER_COLLECTION, max_total=MAX_COPIES_PER_COLLECTION
        )
        for p in request_problems:
            line, _, column = (p.field or "").removeprefix("line ").partition(".")
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
