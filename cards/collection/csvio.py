"""The collection CSV format: one row per owned copy. Pure Python (no Django).

Header (export writes exactly this; import needs ``slug`` and accepts any subset, in any order)::

    kind,slug,name,level,xp,acquired_at

- ``kind``: ``card`` or ``character`` (optional on import; checked when given).
- ``slug``: the card's or character's slug (required).
- ``name``: English name, informational (ignored on import).
- ``level``: evolution level, informational (checked against the slug's card when given).
- ``xp``: the copy's cumulative XP (optional on import: default, the floor of its level).
- ``acquired_at``: ISO 8601 date-time (optional on import: default, now; no time zone = UTC).

Import also accepts a ``count`` column (default 1): that many copies of the row. Comma-separated,
UTF-8 (a byte-order mark is ignored), blank lines skipped, columns not listed above refused.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

from cards.collection.xp import KINDS
from eredan import csv_cells
from eredan.csv_cells import safe_cell

EXPORT_HEADER = ("kind", "slug", "name", "level", "xp", "acquired_at")
IMPORT_COLUMNS = frozenset((*EXPORT_HEADER, "count"))
REQUIRED_COLUMNS = frozenset({"slug"})


@dataclass(frozen=True, slots=True)
class CsvRow:
    line: int
    slug: str
    kind: str | None = None
    level: int | None = None
    xp: int | None = None
    acquired_at: datetime | None = None
    count: int = 1


@dataclass(frozen=True, slots=True)
class CsvProblem:
    line: int
    code: str
    message: str
    column: str | None = None

    def to_json(self) -> dict[str, object]:
        return {"line": self.line, "code": self.code, "message": self.message, "column": self.column}


@dataclass(frozen=True, slots=True)
class ExportRow:
    kind: str
    slug: str
    name: str
    level: int
    xp: int
    acquired_at: datetime


def format_csv(rows: Iterable[ExportRow]) -> str:
    out = io.StringIO()
    writer = csv_cells.writer(out)
    writer.writerow(EXPORT_HEADER)
    for row in rows:
        writer.writerow(
            [
                row.kind,
                row.slug,
                safe_cell(row.name),  # never a formula in a spreadsheet
                row.level,
                row.xp,
                row.acquired_at.astimezone(UTC).isoformat(),
            ]
        )
    return out.getvalue()


def _int(value: str, *, minimum: int, maximum: int) -> int | None:
    try:
        number = int(value.strip())
    except ValueError:
        return None
    return number if minimum <= number <= maximum else None


def parse_csv(
    text: str, *, max_rows: int, max_count: int, max_xp: int
) -> tuple[list[CsvRow], list[CsvProblem]]:
    """Parse an import; return the rows and **every** problem found (line numbers are 1-based,
    the header being line 1). ``max_rows`` bounds the data rows, ``max_count`` each row's count."""
    text = text.removeprefix("\ufeff")
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    rows: list[CsvRow] = []
    problems: list[CsvProblem] = []
    try:
        header = next(reader, None)
    except csv.Error as exc:
        return [], [CsvProblem(1, "invalid_header", f"unreadable header: {exc}")]
    if header is None or not any(cell.strip() for cell in header):
        return [], [CsvProblem(1, "invalid_header", "the CSV is empty: expected a header line")]
    columns = [cell.strip().lower() for cell in header]
    unknown = [c for c in columns if c not in IMPORT_COLUMNS]
    missing = sorted(REQUIRED_COLUMNS - set(columns))
    duplicated = sorted({c for c in columns if columns.count(c) > 1})
    if unknown or missing or duplicated:
        parts = []
        if unknown:
            parts.append(f"unknown columns {unknown}")
        if missing:
            parts.append(f"missing columns {missing}")
        if duplicated:
            parts.append(f"repeated columns {duplicated}")
        expected = ",".join(EXPORT_HEADER)
        return [], [CsvProblem(1, "invalid_header", f"{'; '.join(parts)} (expected: {expected}[,count])")]
    try:
        for values in reader:
            line = reader.line_num
            if not any(v.strip() for v in values):
                continue
            if len(rows) + len(problems) >= max_rows:
                problems.append(CsvProblem(line, "too_many_rows", f"at most {max_rows} rows per import"))
                break
            if len(values) != len(columns):
                problems.append(
                    CsvProblem(line, "column_count", f"{len(values)} values for {len(columns)} columns")
                )
                continue
            row, row_problems = _row(line, dict(zip(columns, values, strict=True)), max_count, max_xp)
            if row_problems:
                problems.extend(row_problems)
            elif row is not None:
                rows.append(row)
    except csv.Error as exc:
        problems.append(CsvProblem(reader.line_num, "unreadable", f"unreadable CSV: {exc}"))
    return rows, problems


def _row(
    line: int, cells: dict[str, str], max_count: int, max_xp: int
) -> tuple[CsvRow | None, list[CsvProblem]]:
    problems: list[CsvProblem] = []
    slug = cells.get("slug", "").strip()
    if not slug:
        problems.append(CsvProblem(line, "invalid", "the slug is empty", "slug"))
    kind = cells.get("kind", "").strip().lower() or None
    if kind is not None and kind not in KINDS:
        problems.append(CsvProblem(line, "invalid", f"kind is {' or '.join(KINDS)}, not {kind!r}", "kind"))
    level = xp = None
    if cells.get("level", "").strip():
        level = _int(cells["level"], minimum=1, maximum=99)
        if level is None:
            problems.append(CsvProblem(line, "invalid", "level is a whole number from 1", "level"))
    if cells.get("xp", "").strip():
        xp = _int(cells["xp"], minimum=0, maximum=max_xp)
        if xp is None:
            problems.append(CsvProblem(line, "invalid_xp", f"xp is a whole number from 0 to {max_xp}", "xp"))
    count = 1
    if cells.get("count", "").strip():
        parsed = _int(cells["count"], minimum=1, maximum=max_count)
        if parsed is None:
            problems.append(
                CsvProblem(line, "invalid_count", f"count is a whole number from 1 to {max_count}", "count")
            )
        else:
            count = parsed
    acquired_at = None
    if raw := cells.get("acquired_at", "").strip():
        try:
            acquired_at = datetime.fromisoformat(raw)
        except ValueError:
            problems.append(
                CsvProblem(line, "invalid", "acquired_at is an ISO 8601 date-time", "acquired_at")
            )
        else:
            if acquired_at.tzinfo is None:
                acquired_at = acquired_at.replace(tzinfo=UTC)
    if problems:
        return None, problems
    return CsvRow(line, slug, kind, level, xp, acquired_at, count), []
