"""The collection CSV format (cards/collection/csvio.py), without a database."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from cards.collection.csvio import EXPORT_HEADER, ExportRow, format_csv, parse_csv

LIMITS = {"max_rows": 100, "max_count": 50, "max_xp": 1000}
WHEN = datetime(2024, 5, 1, 12, 30, tzinfo=UTC)


def test_export_then_parse_round_trips():
    rows = [
        ExportRow("card", "katana", "Katana", 1, 12, WHEN),
        ExportRow("character", "iro-1", "Iro", 1, 0, WHEN),
    ]
    text = format_csv(rows)
    assert text.splitlines()[0] == ",".join(EXPORT_HEADER)
    parsed, problems = parse_csv(text, **LIMITS)
    assert not problems
    assert [(r.kind, r.slug, r.level, r.xp, r.acquired_at, r.count) for r in parsed] == [
        ("card", "katana", 1, 12, WHEN, 1),
        ("character", "iro-1", 1, 0, WHEN, 1),
    ]


def test_formula_like_names_are_neutralised():
    text = format_csv([ExportRow("card", "x", "=HYPERLINK(1)", 1, 0, WHEN)])
    assert "'=HYPERLINK(1)" in text


def test_columns_in_any_order_with_bom_blank_lines_and_case():
    text = "\ufeffCOUNT,Slug\n\n3,katana\n"
    parsed, problems = parse_csv(text, **LIMITS)
    assert not problems and parsed[0].count == 3 and parsed[0].line == 3


def test_naive_times_are_utc_and_offsets_kept():
    parsed, _ = parse_csv("slug,acquired_at\na,2024-05-01T12:30:00\nb,2024-05-01T14:30:00+02:00\n", **LIMITS)
    assert parsed[0].acquired_at == WHEN
    assert parsed[1].acquired_at == WHEN and parsed[1].acquired_at.utcoffset() == timedelta(hours=2)
    assert parsed[1].acquired_at.tzinfo == timezone(timedelta(hours=2))


def test_every_bad_row_is_reported_with_its_line():
    text = "slug,count,xp\nok,1,0\n,1,0\nx,0,0\ny,1,5000\nz,1\n"
    parsed, problems = parse_csv(text, **LIMITS)
    assert [p.line for p in parsed] == [2]
    assert [(p.line, p.code, p.column) for p in problems] == [
        (3, "invalid", "slug"),
        (4, "invalid_count", "count"),
        (5, "invalid_xp", "xp"),
        (6, "column_count", None),
    ]


def test_row_limit():
    text = "slug\n" + "a\n" * 5
    parsed, problems = parse_csv(text, max_rows=3, max_count=1, max_xp=1)
    assert len(parsed) == 3 and problems[-1].code == "too_many_rows"


def test_bad_headers():
    for text in ("", "\n", "name,level\n", "slug,slug\n", "slug,extra\n"):
        parsed, problems = parse_csv(text, **LIMITS)
        assert not parsed and problems[0].code == "invalid_header", text


def test_every_formula_prefix_is_neutralised_and_numbers_are_kept():
    """Issue 20: one helper (eredan.csv_cells.safe_cell) for every CSV writer."""
    names = ["=1+2", "+1+2", "-1+2", "@SUM(1)", "\tx", "\rx"]
    rows = [ExportRow("card", f"s{i}", name, 1, 0, WHEN) for i, name in enumerate(names)]
    rows.append(ExportRow("card", "neg", "-2", 1, 0, WHEN))
    import csv
    import io

    read = list(csv.DictReader(io.StringIO(format_csv(rows))))
    assert [r["name"] for r in read] == [f"'{name}" for name in names] + ["-2"]
