"""simulator/exports.py: the CSV tables and the heatmap of a batch's results (no database)."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from simulator.engine.batch import ROUND_ROBIN, BatchPlan, Entrant, batch_report, run_local
from simulator.exports import LAB_TABLES, TABLES, MissingTableError, heatmap, results_csv


@pytest.fixture(scope="module")
def results() -> dict[str, Any]:
    plan = BatchPlan(
        game="ecarte",
        kind=ROUND_ROBIN,
        entrants=(
            Entrant("heuristic", "heuristic"),
            Entrant("random", "random"),
            Entrant("random, again", "random"),
        ),
        games=10,
        seed=1,
        chunk_size=10,
    )
    return {
        "game": "ecarte",
        "kind": ROUND_ROBIN,
        **batch_report(plan.entrants, plan.pairings, run_local(plan, processes=1)),
    }


def rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_summary_has_a_row_per_pairing_side(results: dict[str, Any]) -> None:
    table = rows(results_csv(results, "summary"))
    assert [(r["pairing"], r["side"]) for r in table] == [
        ("0", "A"),
        ("0", "B"),
        ("1", "A"),
        ("1", "B"),
        ("2", "A"),
        ("2", "B"),
    ]
    first = table[0]
    side = results["pairings"][0]["sides"]["A"]
    assert (first["label"], int(first["wins"]), int(first["games"])) == ("heuristic", side["wins"], 10)
    assert (
        float(first["win_rate_ci95_low"])
        <= float(first["win_rate"] or 0)
        <= float(first["win_rate_ci95_high"])
    )
    assert "=" in first["end_reasons"]


def test_labels_with_commas_are_quoted(results: dict[str, Any]) -> None:
    text = results_csv(results, "standings")
    assert '"random, again"' in text
    assert {r["label"] for r in rows(text)} == {"heuristic", "random", "random, again"}


def test_matrix_table_mirrors_the_matrix(results: dict[str, Any]) -> None:
    table = list(csv.reader(io.StringIO(results_csv(results, "matrix"))))
    assert table[0][1:] == results["matrix"]["labels"]
    for i, row in enumerate(table[1:]):
        for j, cell in enumerate(row[1:]):
            value = results["matrix"]["win_rate"][i][j]
            assert cell == ("" if value is None else f"{value:.6g}")


@pytest.mark.parametrize("table", TABLES)
def test_every_table_has_a_header_or_says_it_is_missing(results: dict[str, Any], table: str) -> None:
    if table in LAB_TABLES and not results.get(LAB_TABLES[table]):  # a compare's differences here
        with pytest.raises(MissingTableError):
            results_csv(results, table)
        return
    assert results_csv(results, table).splitlines()[0]


def test_unknown_table_and_format_are_refused(results: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="unknown table"):
        results_csv(results, "everything")
    with pytest.raises(ValueError, match="unknown image format"):
        heatmap(results, "gif")


def test_heatmap_images(results: dict[str, Any]) -> None:
    assert heatmap(results, "png").startswith(b"\x89PNG\r\n\x1a\n")
    svg = heatmap(results, "svg")
    assert b"<svg" in svg and b"random, again" in svg
    assert heatmap(results, "svg") == svg  # no date in the file: the same results, the same image


# --- formulas: no label runs in a spreadsheet (issue 20) --------------------------------------------

FORMULAS = ("=1+2", "+cmd|' /C calc'!A0", "-2+3", "@SUM(1)", "\tstart", "\rback")


def test_labels_a_spreadsheet_would_run_are_quoted_in_every_table() -> None:
    """Issue 20: a label starting with = + - @ (or a tab, a CR) was written as is: a spreadsheet
    opening results.csv ran it as a formula. Numbers, negative ones included, stay numbers."""
    plan = BatchPlan(
        game="ecarte",
        kind=ROUND_ROBIN,
        entrants=tuple(Entrant(label, "random") for label in FORMULAS[:3]),
        games=4,
        seed=2,
        chunk_size=4,
    )
    results = {
        "game": "ecarte",
        "kind": ROUND_ROBIN,
        **batch_report(plan.entrants, plan.pairings, run_local(plan, processes=1)),
    }
    for table in ("summary", "cards", "characters", "matrix", "standings"):
        text = results_csv(results, table)
        cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
        for label in FORMULAS[:3]:
            assert label not in cells, (table, label)
            if table != "characters":  # ecarte has no characters: no rows
                assert f"'{label}" in cells, (table, label)
    matrix = list(csv.reader(io.StringIO(results_csv(results, "matrix"))))
    assert matrix[0][1:] == [f"'{label}" for label in FORMULAS[:3]]  # the header holds labels too


def test_safe_cell_quotes_formulas_only() -> None:
    from eredan.csv_cells import safe_cell

    for formula in FORMULAS:
        assert safe_cell(formula) == f"'{formula}"
    for kept in ("Golems", "a=b", "-3", "-0.25", "+1e-05", ".5", -3, -0.5, 0, None, ""):
        assert safe_cell(kept) == kept


def test_heatmap_annotations_read_on_every_cell() -> None:
    """Issue 19 §5: the darkest cells (0 % and 100 %) get white text; every cell's text has at
    least 4.5:1 contrast (WCAG AA) on the colour map's colour."""
    import matplotlib

    from simulator.exports import annotation_colour, contrast_ratio, relative_luminance

    cmap = matplotlib.colormaps["RdBu_r"]
    assert annotation_colour(cmap(0.0)) == "white" and annotation_colour(cmap(1.0)) == "white"
    assert annotation_colour(cmap(0.5)) == "black"
    for step in range(101):
        background = relative_luminance(cmap(step / 100))
        text = 0.0 if annotation_colour(cmap(step / 100)) == "black" else 1.0
        assert contrast_ratio(background, text) >= 4.5, step
