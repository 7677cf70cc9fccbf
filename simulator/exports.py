"""Results as CSV tables and as a heatmap image (shared by the API and ``manage.py simulate``).

Works on the results JSON (``simulator.selectors.job_results`` or the local runner's), imports
no Django. Tables (``?table=`` in the API):

- ``summary``: one row per pairing and side — games, wins, losses, draws, win rate and its Wilson
  95% interval, games started first, the first player's win rate, game length, end reasons;
- ``cards``: one row per pairing, side and card played — games played, times played, play rate,
  win rate when played and when not;
- ``characters``: one row per pairing, side and character — games, mean damage, mean healing,
  survival rate;
- ``matrix``: the win-rate matrix (row entrant against column entrant);
- ``standings``: every entrant over all its pairings;
- the lab's (docs/lab.md), where the results have them: ``differences`` (a compare: each
  variant's paired difference to the base), ``card_metrics`` (per entrant and card, each metric's
  games, wins, rate, interval and shrunk rate), ``ratings`` (a round robin's Bradley–Terry
  ratings), ``metagame`` (a round robin: each entrant's Nash weight and scores against the
  fields).

Images: the win-rate heatmap, and a compare's forest plot (:func:`forest_plot`).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from eredan import csv_cells
from eredan.csv_cells import safe_cell

TABLES = (
    "summary",
    "cards",
    "characters",
    "matrix",
    "standings",
    "differences",
    "card_metrics",
    "ratings",
    "metagame",
)
#: The lab's tables and the results key each needs.
LAB_TABLES = {"differences": "differences", "card_metrics": "card_metrics", "ratings": "ratings",
              "metagame": "metagame"}  # fmt: skip


class MissingTableError(ValueError):
    """A table these results do not have (a compare's differences of a round robin…)."""


IMAGE_FORMATS = ("png", "svg")


def _fmt(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.6g}"
    return safe_cell(value)  # labels and names: never a formula in a spreadsheet


def _csv(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    out = io.StringIO()
    writer = csv_cells.writer(out)
    writer.writerow([safe_cell(name) for name in header])  # the matrix's header holds labels
    for row in rows:
        writer.writerow([_fmt(v) for v in row])
    return out.getvalue()


def _sides(results: Mapping[str, Any]) -> Iterable[tuple[Mapping[str, Any], str, Mapping[str, Any]]]:
    for pairing in results["pairings"]:
        for side in ("A", "B"):
            yield pairing, side, pairing["sides"][side]


def results_csv(results: Mapping[str, Any], table: str = "summary") -> str:
    """One table of the results as CSV text (see the module docstring)."""
    if table not in TABLES:
        raise ValueError(f"unknown table {table!r}; tables: {', '.join(TABLES)}")
    if table in LAB_TABLES:
        if not results.get(LAB_TABLES[table]):
            raise MissingTableError(f"these results have no {table.replace('_', ' ')} (yet)")
        return _lab_csv(results, table)
    if "pairings" not in results:
        raise MissingTableError(
            f"these results have no {table} table (an optimize's or a ranking's are not tables)"
        )
    if table == "summary":
        header = [
            "pairing",
            "side",
            "entrant",
            "label",
            "policy",
            "games",
            "wins",
            "losses",
            "draws",
            "win_rate",
            "win_rate_ci95_low",
            "win_rate_ci95_high",
            "went_first",
            "first_player_win_rate",
            "length_mean",
            "length_median",
            "end_reasons",
        ]
        rows = [
            [
                p["index"],
                side,
                s["entrant"],
                s["label"],
                s["policy"],
                p["games"],
                s["wins"],
                s["losses"],
                s["draws"],
                s["win_rate"],
                s["win_rate_ci95"][0],
                s["win_rate_ci95"][1],
                s["went_first"],
                p["first_player"]["win_rate"],
                p["length"]["mean"],
                p["length"]["median"],
                " ".join(f"{k}={v}" for k, v in p["end_reasons"].items()),
            ]
            for p, side, s in _sides(results)
        ]
        return _csv(header, rows)
    if table == "cards":
        header = [
            "pairing",
            "side",
            "label",
            "card",
            "games_played",
            "times_played",
            "play_rate",
            "win_rate_when_played",
            "win_rate_when_not_played",
        ]
        rows = [
            [
                p["index"],
                side,
                s["label"],
                card,
                c["games_played"],
                c["times_played"],
                c["play_rate"],
                c["win_rate_when_played"],
                c["win_rate_when_not_played"],
            ]
            for p, side, s in _sides(results)
            for card, c in s["cards"].items()
        ]
        return _csv(header, rows)
    if table == "characters":
        header = [
            "pairing",
            "side",
            "label",
            "character",
            "games",
            "damage_mean",
            "healing_mean",
            "survival_rate",
        ]
        rows = [
            [
                p["index"],
                side,
                s["label"],
                slug,
                c["games"],
                c["damage_mean"],
                c["healing_mean"],
                c["survival_rate"],
            ]
            for p, side, s in _sides(results)
            for slug, c in s["characters"].items()
        ]
        return _csv(header, rows)
    if table == "matrix":
        labels = results["matrix"]["labels"]
        rows = [[label, *row] for label, row in zip(labels, results["matrix"]["win_rate"], strict=True)]
        return _csv(["win rate of row against column", *labels], rows)
    header = ["rank", "entrant", "label", "policy", "games", "wins", "losses", "draws", "win_rate",
              "win_rate_ci95_low", "win_rate_ci95_high"]  # fmt: skip
    rows = [
        [
            rank,
            s["entrant"],
            s["label"],
            s["policy"],
            s["games"],
            s["wins"],
            s["losses"],
            s["draws"],
            s["win_rate"],
            s["win_rate_ci95"][0],
            s["win_rate_ci95"][1],
        ]
        for rank, s in enumerate(results["standings"], start=1)
    ]
    return _csv(header, rows)


def _lab_csv(results: Mapping[str, Any], table: str) -> str:
    if table == "differences":
        header = ["variant", "entrant", "estimate", "ci95_low", "ci95_high", "cs95_low", "cs95_high",
                  "verdict", "significant", "games", "pairs", "changed", "changed_share", "better", "worse",
                  "base_win_rate", "variant_win_rate"]  # fmt: skip
        rows = [
            [
                d["variant"],
                d["entrant"],
                d["estimate"],
                d["ci95"][0],
                d["ci95"][1],
                *(d["cs95"] if d.get("cs95") else [None, None]),
                d.get("verdict"),
                d["significant"],
                d["games"],
                d["pairs"],
                d["changed"],
                d["changed_share"],
                d["better"],
                d["worse"],
                d["base_win_rate"],
                d["variant_win_rate"],
            ]
            for d in results["differences"]
        ]
        return _csv(header, rows)
    if table == "card_metrics":
        header = ["entrant", "label", "card", "copies", "metric", "games", "wins", "rate", "ci95_low",
                  "ci95_high", "shrunk", "prior_weight"]  # fmt: skip
        rows = [
            [
                e["entrant"],
                e["label"],
                c["card"],
                c["copies"],
                metric,
                m["games"],
                m["wins"],
                m["rate"],
                *(m["ci95"] or [None, None]),
                m["shrunk"],
                e["prior_weight"].get(metric),
            ]
            for e in results["card_metrics"]
            for c in e["cards"]
            for metric, m in c["metrics"].items()
        ]
        return _csv(header, rows)
    if table == "ratings":
        header = ["rank", "entrant", "label", "rating", "ci95_low", "ci95_high", "elo", "elo_ci95_low",
                  "elo_ci95_high"]  # fmt: skip
        rows = [
            [rank, r["entrant"], r["label"], r["rating"], *r["ci95"], r["elo"], *r["elo_ci95"]]
            for rank, r in enumerate(results["ratings"]["ratings"], start=1)
        ]
        return _csv(header, rows)
    metagame = results["metagame"]
    fields = metagame["vs_field"]
    header = ["entrant", "label", "nash_weight"]
    for f in fields:
        header += [
            f"score_vs_{f['field']}",
            f"score_vs_{f['field']}_ci95_low",
            f"score_vs_{f['field']}_ci95_high",
        ]
    rows = []
    for i, label in enumerate(results["matrix"]["labels"]):
        row: list[Any] = [i, label, metagame["nash"]["weights"][label]]
        for f in fields:
            score = f["scores"][i]
            row += [score["score"], *score["ci95"]]
        rows.append(row)
    return _csv(header, rows)


def forest_plot(results: Mapping[str, Any], image_format: str = "png") -> bytes:
    """A compare's differences as a forest plot: one row per variant, its estimate (a dot), its
    95 % interval (a thick line) and, for a sequential compare, its confidence sequence (a thin
    one), against the vertical line of no difference."""
    if image_format not in IMAGE_FORMATS:
        raise ValueError(f"unknown image format {image_format!r}; formats: {', '.join(IMAGE_FORMATS)}")
    differences = results.get("differences")
    if not differences:
        raise MissingTableError("these results have no differences (a compare's)")
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    from matplotlib.ticker import PercentFormatter

    n = len(differences)
    fig = Figure(figsize=(7.5, 1.6 + 0.55 * n))
    ax = fig.add_subplot()
    ax.axvline(0.0, color="#555555", linewidth=1)
    for row, d in enumerate(differences):
        y = n - 1 - row
        if d.get("cs95"):
            ax.plot(d["cs95"], [y, y], color="#9bb7d4", linewidth=1.5, solid_capstyle="butt")
        lo, hi = d["ci95"]
        colour = "#b2182b" if d["significant"] and (d["estimate"] or 0) < 0 else (
            "#2166ac" if d["significant"] else "#333333")  # fmt: skip
        ax.plot([lo, hi], [y, y], color=colour, linewidth=4, solid_capstyle="butt")
        if d["estimate"] is not None:
            ax.plot([d["estimate"]], [y], "o", color="white", markeredgecolor=colour, markersize=7)
            ax.text(hi, y + 0.18, f" {d['estimate']:+.1%} [{lo:+.1%}, {hi:+.1%}]", fontsize=8, va="bottom")
    ax.set_yticks(range(n), labels=[_short(d["variant"], 34) for d in reversed(differences)])
    ax.set_ylim(-0.7, n - 0.3)
    ax.xaxis.set_major_formatter(PercentFormatter(xmax=1.0, decimals=0))
    ax.set_xlabel("win rate of the variant − win rate of the base (paired, 95 % interval)")
    base = next((a["label"] for a in results.get("arms", []) if a["role"] == "base"), "the base")
    title = f"{results.get('game', '')} compare against {_short(base, 40)}"
    if results.get("partial"):
        title += " (partial)"
    ax.set_title(title, fontsize=10)
    fig.tight_layout()
    return _save(fig, image_format)


def _save(fig: Any, image_format: str) -> bytes:
    import matplotlib

    out = io.BytesIO()
    metadata = {"Date": None} if image_format == "svg" else {}
    # A fixed salt for the SVG element ids and no date: the same results give the same file.
    with matplotlib.rc_context({"svg.hashsalt": "eredan"}):
        fig.savefig(out, format=image_format, dpi=100, metadata=metadata, bbox_inches="tight")
    return out.getvalue()


def heatmap(results: Mapping[str, Any], image_format: str = "png") -> bytes:
    """The win-rate matrix as a heatmap (matplotlib, Agg backend: no display needed): each cell
    the row entrant's win rate against the column entrant, annotated, blank where nothing was
    played; 50% is white, red favours the row, blue the column."""
    if image_format not in IMAGE_FORMATS:
        raise ValueError(f"unknown image format {image_format!r}; formats: {', '.join(IMAGE_FORMATS)}")
    if "matrix" not in results:
        raise MissingTableError("these results have no win-rate matrix (an optimize's or a ranking's)")
    import matplotlib

    matplotlib.use("Agg")
    import numpy as np
    from matplotlib.figure import Figure

    labels: list[str] = list(results["matrix"]["labels"])
    rates = results["matrix"]["win_rate"]
    counts = results["matrix"]["games"]
    n = len(labels)
    data = np.array([[np.nan if v is None else v for v in row] for row in rates], dtype=float)
    size = max(4.0, 2.0 + 0.9 * n)
    fig = Figure(figsize=(size + 2.0, size))
    ax = fig.add_subplot()
    image = ax.imshow(np.ma.masked_invalid(data), cmap="RdBu_r", vmin=0.0, vmax=1.0)
    ax.set_xticks(range(n), labels=[_short(label) for label in labels], rotation=45, ha="right")
    ax.set_yticks(range(n), labels=[_short(label) for label in labels])
    ax.set_xlabel("opponent")
    ax.set_ylabel("entrant")
    for i in range(n):
        for j in range(n):
            if rates[i][j] is not None:
                colour = annotation_colour(tuple(image.cmap(image.norm(rates[i][j]))))
                ax.text(
                    j, i, f"{rates[i][j]:.0%}\nn={counts[i][j]:,}", ha="center", va="center", fontsize=8,
                    color=colour,
                )  # fmt: skip
    title = f"{results.get('game', '')} {results.get('kind', '').replace('_', ' ')}".strip()
    if results.get("partial"):
        title += " (partial)"
    ax.set_title(f"{title}\nwin rate of the row against the column", fontsize=10)
    fig.colorbar(image, ax=ax, fraction=0.046, pad=0.04, label="win rate")
    fig.tight_layout()
    return _save(fig, image_format)


def relative_luminance(rgba: Sequence[float]) -> float:
    """WCAG 2 relative luminance of an sRGB colour given as 0..1 floats."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(float(c)) for c in rgba[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: float, b: float) -> float:
    """WCAG 2 contrast ratio of two relative luminances (1 to 21)."""
    high, low = max(a, b), min(a, b)
    return (high + 0.05) / (low + 0.05)


def annotation_colour(rgba: Sequence[float]) -> str:
    """Black or white, whichever reads better on a cell of colour ``rgba``: white on the darkest
    blues and reds of the heatmap (issue 19 §5), black elsewhere — at least 4.5:1 on any colour."""
    background = relative_luminance(rgba)
    return "black" if contrast_ratio(background, 0.0) >= contrast_ratio(background, 1.0) else "white"


def _short(label: str, width: int = 28) -> str:
    return label if len(label) <= width else label[: width - 1] + "…"
