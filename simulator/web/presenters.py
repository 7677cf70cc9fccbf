"""The results JSON (``simulator.selectors.job_results``, the API's shape) turned into rows the
templates show: percentages with their 95% intervals, card and character names, the win-rate
matrix with a colour band per cell. Presentation only: every number comes from the results.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cards.domain.text import Lang
from cards.models import Card, Character
from simulator.lab.metagame import field_scores
from simulator.models import SimulationJob
from simulator.selectors import Progress


def entrants_summary(kind: str, labels: Sequence[str]) -> str:
    """A job's entrants in a few words: "A vs B", "A vs 3 opponents", "5 entrants"."""
    if len(labels) == 2 or (kind == "matchup" and len(labels) >= 2):
        return f"{labels[0]} vs {labels[1]}"
    if kind in ("gauntlet", "optimize") and labels:
        return f"{labels[0]} vs {len(labels) - 1} opponents"
    return f"{len(labels)} entrants: " + ", ".join(labels[:4]) + (", …" if len(labels) > 4 else "")


def percent(value: float | None, digits: int = 1) -> str:
    """``0.6234`` → ``"62.3%"``; nothing played → an en dash."""
    if value is None:
        return "–"
    return f"{value * 100:.{digits}f}%"


@dataclass(frozen=True)
class Rate:
    """A win rate and its Wilson 95% interval."""

    value: float | None
    low: float | None = None
    high: float | None = None

    @property
    def text(self) -> str:
        return percent(self.value)

    @property
    def interval(self) -> str:
        if self.value is None or self.low is None or self.high is None:
            return ""
        return f"{percent(self.low)}–{percent(self.high)}"

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Rate:
        ci = data.get("win_rate_ci95") or [None, None]
        return cls(data.get("win_rate"), ci[0], ci[1])


@dataclass(frozen=True)
class ProgressView:
    """What the progress bar and its text say."""

    games_done: int
    total_games: int
    percent: str
    text: str


def _duration(seconds: float) -> str:
    if seconds < 1:
        return "under a second"
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def progress_view(*, job: SimulationJob, progress: Progress) -> ProgressView:
    done, total = progress.games_done, progress.total_games
    parts = [f"{done:,} of {total:,} games ({percent(progress.fraction, 0)})"]
    if job.status == SimulationJob.Status.PENDING:
        parts.append("waiting for a worker")
    elif job.is_active:
        if progress.games_per_second:
            parts.append(f"{progress.games_per_second:,.0f} games/s")
        if progress.eta_seconds is not None:
            parts.append(f"about {_duration(progress.eta_seconds)} left")
    elif progress.elapsed_seconds is not None:
        parts.append(f"took {_duration(progress.elapsed_seconds)}")
    return ProgressView(done, total, percent(progress.fraction, 0), " · ".join(parts))


def catalog_names(slugs: Iterable[str], lang: Lang = "en") -> dict[str, str]:
    """Names of these card and character slugs in the card language ``lang`` (docs/pages.md "The
    card language"), with the evolution level past the first (the levels of a family share a
    name); a slug no longer in the database shows as itself."""
    wanted = sorted(set(slugs))
    names: dict[str, str] = {}
    field, word = ("name_fr", "niveau") if lang == "fr" else ("name_en", "level")
    if wanted:
        for model in (Card, Character):
            rows = model.objects.filter(slug__in=wanted).values_list("slug", field, "level")
            for slug, name, level in rows:
                names[slug] = name if level <= 1 else f"{name} ({word} {level})"
    return names


@dataclass(frozen=True)
class CardRow:
    name: str
    slug: str
    games_played: int
    times_played: int
    play_rate: str
    when_played: str
    when_not_played: str


@dataclass(frozen=True)
class CharacterRow:
    name: str
    slug: str
    games: int
    damage: str
    healing: str
    survival: str


@dataclass(frozen=True)
class SideView:
    side: str
    entrant: int
    label: str
    policy: str
    wins: int
    losses: int
    draws: int
    rate: Rate
    went_first: int
    cards: list[CardRow]
    characters: list[CharacterRow]


@dataclass(frozen=True)
class PairingView:
    index: int
    games: int
    draws: int
    a: SideView
    b: SideView
    first_player: Rate
    length_mean: str
    length_median: str
    length_range: str
    end_reasons: list[tuple[str, int]]

    @property
    def sides(self) -> tuple[SideView, SideView]:
        return (self.a, self.b)


def _side(side: str, data: Mapping[str, Any], names: Mapping[str, str], details: bool) -> SideView:
    cards = sorted(
        data.get("cards", {}).items() if details else (),
        key=lambda item: (-item[1]["games_played"], names.get(item[0], item[0])),
    )
    characters = data.get("characters", {}) if details else {}
    return SideView(
        side=side,
        entrant=data["entrant"],
        label=data["label"],
        policy=data["policy"],
        wins=data["wins"],
        losses=data["losses"],
        draws=data["draws"],
        rate=Rate.of(data),
        went_first=data.get("went_first", 0),
        cards=[
            CardRow(
                name=names.get(slug, slug),
                slug=slug,
                games_played=c["games_played"],
                times_played=c["times_played"],
                play_rate=percent(c["play_rate"]),
                when_played=percent(c["win_rate_when_played"]),
                when_not_played=percent(c["win_rate_when_not_played"]),
            )
            for slug, c in cards
        ],
        characters=[
            CharacterRow(
                name=names.get(slug, slug),
                slug=slug,
                games=c["games"],
                damage=f"{c['damage_mean']:.1f}",
                healing=f"{c['healing_mean']:.1f}",
                survival=percent(c["survival_rate"]),
            )
            for slug, c in characters.items()
        ],
    )


def _number(value: float | None) -> str:
    return "–" if value is None else f"{value:.1f}".removesuffix(".0")


def pairing_view(data: Mapping[str, Any], names: Mapping[str, str], *, details: bool = True) -> PairingView:
    """One pairing; ``details``: with its card and character statistics."""
    length = data.get("length", {})
    low, high = length.get("min"), length.get("max")
    return PairingView(
        index=data["index"],
        games=data["games"],
        draws=data["draws"],
        a=_side("A", data["sides"]["A"], names, details),
        b=_side("B", data["sides"]["B"], names, details),
        first_player=Rate.of(data.get("first_player", {})),
        length_mean=_number(length.get("mean")),
        length_median=_number(length.get("median")),
        length_range="–" if low is None else f"{low}–{high}",
        end_reasons=sorted(data.get("end_reasons", {}).items(), key=lambda item: (-item[1], item[0])),
    )


@dataclass(frozen=True)
class StandingRow:
    rank: int
    label: str
    policy: str
    games: int
    wins: int
    losses: int
    draws: int
    rate: Rate


@dataclass(frozen=True)
class MatrixCell:
    text: str
    games: int
    band: int | None  # 0 (the column wins everything) .. 10 (the row wins everything); None: not played


@dataclass(frozen=True)
class MatrixRow:
    number: int
    label: str
    cells: list[MatrixCell]


def matrix_rows(matrix: Mapping[str, Any]) -> list[MatrixRow]:
    """The win-rate matrix: row entrant against column entrant, each cell with its colour band."""
    rows = []
    for i, (label, rates, games) in enumerate(
        zip(matrix["labels"], matrix["win_rate"], matrix["games"], strict=True), start=1
    ):
        cells = [
            MatrixCell(
                text="–" if rate is None else percent(rate, 0),
                games=count,
                band=None if rate is None else round(rate * 10),
            )
            for rate, count in zip(rates, games, strict=True)
        ]
        rows.append(MatrixRow(number=i, label=label, cells=cells))
    return rows


def _all_slugs(pairings: Sequence[Mapping[str, Any]]) -> set[str]:
    slugs: set[str] = set()
    for pairing in pairings:
        for side in pairing["sides"].values():
            slugs.update(side.get("cards", {}))
            slugs.update(side.get("characters", {}))
    return slugs


@dataclass(frozen=True)
class ResultsView:
    partial: bool
    games: int
    kind: str
    pairings: list[PairingView]
    selected: PairingView | None
    standings: list[StandingRow]
    matrix: list[MatrixRow]
    compare: CompareView | None = None
    card_metrics: list[CardMetricsView] | None = None
    cards_sort: str = "in_hand"
    metagame: MetagameView | None = None


def results_view(
    results: Mapping[str, Any],
    *,
    pairing: int = 0,
    cards_sort: str = "in_hand",
    field: Sequence[float] | None = None,
    lang: Lang = "en",
) -> ResultsView:
    """Everything the results section shows; ``pairing``: the pairing whose card and character
    statistics are shown (an index into ``results["pairings"]``)."""
    raw = results["pairings"]
    selected_raw = raw[pairing] if 0 <= pairing < len(raw) else None
    names = catalog_names(_all_slugs([selected_raw]), lang) if selected_raw is not None else {}
    pairings = [pairing_view(p, names, details=False) for p in raw]
    standings = [
        StandingRow(
            rank=rank,
            label=s["label"],
            policy=s["policy"],
            games=s["games"],
            wins=s["wins"],
            losses=s["losses"],
            draws=s["draws"],
            rate=Rate.of(s),
        )
        for rank, s in enumerate(results.get("standings", []), start=1)
    ]
    return ResultsView(
        partial=bool(results.get("partial")),
        games=results.get("games", 0),
        kind=results.get("kind", ""),
        pairings=pairings,
        selected=pairing_view(selected_raw, names) if selected_raw is not None else None,
        standings=standings,
        matrix=matrix_rows(results["matrix"]),
        compare=compare_view(results),
        card_metrics=card_metrics_views(results, sort=cards_sort, lang=lang),
        cards_sort=cards_sort if cards_sort in CARD_SORTS else "card",
        metagame=metagame_view(results, field=field),
    )


# --- the lab's sections (docs/lab.md) -------------------------------------------------------------


def points(value: float | None) -> str:
    """A win-rate difference in points: ``-0.0712`` → ``"−7.1"``."""
    if value is None:
        return "–"
    return f"{value * 100:+.1f}".replace("-", "−")


def _interval_points(interval: Sequence[float] | None) -> str:
    if not interval:
        return ""
    return f"[{points(interval[0])}, {points(interval[1])}]"


@dataclass(frozen=True)
class ArmRow:
    role: str
    label: str
    policy: str
    games: int
    wins: int
    draws: int
    rate: Rate


@dataclass(frozen=True)
class DifferenceRow:
    variant: str
    estimate: str
    interval: str
    sequence: str
    verdict: str
    direction: str  # "worse", "better" (significant) or "" — a word, not only a colour
    changed: str
    better: int
    worse: int
    games: int


VERDICTS = {
    "better": "better than the base",
    "worse": "worse than the base",
    "within_margin": "within the margin",
    "open": "not resolved",
}
REASONS = {
    "resolved": "every difference was resolved",
    "budget": "the game budget was spent first",
    "fixed": "every game asked for was played",
}


@dataclass(frozen=True)
class CompareView:
    arms: list[ArmRow]
    differences: list[DifferenceRow]
    field: list[tuple[str, str]]  # label, weight
    sequential: bool
    margin: str
    rounds: str
    games_per_arm: int
    reason: str


def compare_view(results: Mapping[str, Any]) -> CompareView | None:
    """A compare's arms, differences and stop rule (None for other kinds)."""
    if results.get("kind") != "compare":
        return None
    stop = results["stop"]
    differences = []
    for d in results["differences"]:
        estimate = d["estimate"] or 0.0
        direction = ("better" if estimate > 0 else "worse") if d["significant"] else ""
        differences.append(
            DifferenceRow(
                variant=d["variant"],
                estimate=points(d["estimate"]),
                interval=_interval_points(d["ci95"]),
                sequence=_interval_points(d.get("cs95")),
                verdict=VERDICTS.get(
                    d.get("verdict") or "", "significant" if d["significant"] else "not significant"
                ),
                direction=direction,
                changed=percent(d["changed_share"]),
                better=d["better"],
                worse=d["worse"],
                games=d["games"],
            )
        )
    return CompareView(
        arms=[
            ArmRow(a["role"], a["label"], a["policy"], a["games"], a["wins"], a["draws"], Rate.of(a))
            for a in results["arms"]
        ],
        differences=differences,
        field=[(f["label"], percent(f["weight"], 0)) for f in results["field"]],
        sequential=stop["sequential"],
        margin=points(stop["margin"]).lstrip("+") if stop["margin"] is not None else "",
        rounds=", ".join(f"{r:,}" for r in stop["rounds"]),
        games_per_arm=stop["games_per_arm"],
        reason=REASONS.get(stop["reason"] or "", "still running"),
    )


#: The columns of a card-metrics table, in order (the metric's key and its heading).
CARD_METRICS = (
    ("opening_hand", "In the opening hand"),
    ("drawn", "Drawn later"),
    ("in_hand", "In hand"),
    ("played", "Played"),
    ("not_seen", "Never seen"),
)
#: Ways to sort a card-metrics table: by card name, or by a metric's rate (best first).
CARD_SORTS = ("card", *(key for key, _ in CARD_METRICS), "iwd")


@dataclass(frozen=True)
class MetricCell:
    rate: str
    interval: str
    games: int
    shrunk: str


@dataclass(frozen=True)
class CardMetricRow:
    name: str
    slug: str
    copies: int
    cells: list[MetricCell]
    iwd: str
    iwd_interval: str


@dataclass(frozen=True)
class CardMetricsView:
    entrant: int
    label: str
    games: int
    rate: Rate
    rows: list[CardMetricRow]
    prior: str


def _sort_value(card: Mapping[str, Any], key: str) -> float:
    rate = card["metrics"][key]["rate"]
    return -2.0 if rate is None else float(rate)


def card_metrics_views(
    results: Mapping[str, Any], *, sort: str = "in_hand", lang: Lang = "en"
) -> list[CardMetricsView]:
    """Each entrant's card metrics, rows sorted by ``sort`` (:data:`CARD_SORTS`; best first)."""
    sections = results.get("card_metrics") or []
    names = catalog_names((c["card"] for s in sections for c in s["cards"]), lang)
    out = []
    for section in sections:
        cards = list(section["cards"])
        if sort == "card" or sort not in CARD_SORTS:
            cards.sort(key=lambda c: names.get(c["card"], c["card"]))
        else:
            cards.sort(key=lambda c: (-_sort_value(c, sort), names.get(c["card"], c["card"])))
        rows = []
        for c in cards:
            cells = []
            for key, _ in CARD_METRICS:
                m = c["metrics"][key]
                interval = m["ci95"]
                cells.append(
                    MetricCell(
                        rate=percent(m["rate"]),
                        interval=f"{percent(interval[0])}–{percent(interval[1])}" if interval else "",
                        games=m["games"],
                        shrunk=percent(m["shrunk"]),
                    )
                )
            iwd = c["metrics"]["iwd"]
            rows.append(
                CardMetricRow(
                    name=names.get(c["card"], c["card"]),
                    slug=c["card"],
                    copies=c["copies"],
                    cells=cells,
                    iwd=points(iwd["rate"]),
                    iwd_interval=_interval_points(iwd["ci95"]),
                )
            )
        weight = section["prior_weight"].get("in_hand")
        prior = "complete pooling" if weight is None else f"{weight:,.0f} games"
        out.append(
            CardMetricsView(
                entrant=section["entrant"],
                label=section["label"],
                games=section["games"],
                rate=Rate.of(section),
                rows=rows,
                prior=prior,
            )
        )
    return out


@dataclass(frozen=True)
class NashRow:
    label: str
    weight: str
    in_support: bool
    vs_uniform: str
    vs_uniform_interval: str
    vs_nash: str
    vs_given: str = ""
    vs_given_interval: str = ""


@dataclass(frozen=True)
class FieldInput:
    """One entrant's share of "your field" in the form beside the Nash mix."""

    index: int
    label: str
    value: str


@dataclass(frozen=True)
class RatingRow:
    rank: int
    label: str
    elo: str
    interval: str


@dataclass(frozen=True)
class MetagameView:
    nash: list[NashRow]
    value: str
    ratings: list[RatingRow]
    #: "Your field": the form's inputs (one per entrant, in the matrix's order) and whether the
    #: scores against it are shown (a field given with the job, or in the form).
    field_inputs: list[FieldInput] = dataclasses.field(default_factory=list)
    given: bool = False


def parse_field(values: Sequence[str], entrants: int) -> list[float] | None:
    """The weights of "your field" from the form (one per entrant, empty = 0), or ``None`` when
    they are not a field: not one per entrant, not numbers, negative, or all 0."""
    if len(values) != entrants:
        return None
    try:
        weights = [float(v) if v.strip() else 0.0 for v in values]
    except ValueError:
        return None
    if any(not math.isfinite(w) or w < 0 for w in weights) or sum(weights) <= 0:
        return None
    return weights


def _elo(value: float) -> str:
    """Elo points, signed, whole, with a true minus sign (never ``−0``)."""
    return f"{round(value) + 0:+d}".replace("-", "−")


def metagame_view(results: Mapping[str, Any], *, field: Sequence[float] | None = None) -> MetagameView | None:
    """A round robin's Nash mix (with each entrant's score against the uniform field and the mix,
    and against "your field": ``field``, one weight per entrant, or else the field given with the
    job) and its Bradley–Terry ratings; None until the results have them."""
    metagame, ratings = results.get("metagame"), results.get("ratings")
    if not metagame and not ratings:
        return None
    nash_rows: list[NashRow] = []
    value = ""
    inputs: list[FieldInput] = []
    given = False
    if metagame:
        labels = results["matrix"]["labels"]
        fields = {f["field"]: f for f in metagame["vs_field"]}
        weights = metagame["nash"]["weights"]
        value = percent(metagame["nash"]["value"])
        mine: list[dict[str, Any]] | None = None
        if field is not None and len(field) == len(labels):
            scores = field_scores(metagame["scores"], results["matrix"]["games"], field)
            mine = [{"score": r.score, "ci95": list(r.ci95)} for r in scores]
            shares = list(field)
        elif "given" in fields:
            mine = fields["given"]["scores"]
            shares = [fields["given"]["weights"][label] for label in labels]
        else:
            shares = [1.0] * len(labels)
        given = mine is not None
        inputs = [
            FieldInput(i, label, f"{w:g}") for i, (label, w) in enumerate(zip(labels, shares, strict=True))
        ]
        for i, label in enumerate(labels):
            uniform, mix = fields["uniform"]["scores"][i], fields["nash"]["scores"][i]
            nash_rows.append(
                NashRow(
                    label=label,
                    weight=percent(weights[label]),
                    in_support=weights[label] > 0,
                    vs_uniform=percent(uniform["score"]),
                    vs_uniform_interval=f"{percent(uniform['ci95'][0])}–{percent(uniform['ci95'][1])}",
                    vs_nash=percent(mix["score"]),
                    vs_given=percent(mine[i]["score"]) if mine else "",
                    vs_given_interval=f"{percent(mine[i]['ci95'][0])}–{percent(mine[i]['ci95'][1])}"
                    if mine
                    else "",
                )
            )
        nash_rows.sort(key=lambda r: -weights[r.label])
    rating_rows = [
        RatingRow(
            rank=rank,
            label=r["label"],
            elo=_elo(r["elo"]),
            interval=f"[{_elo(r['elo_ci95'][0])}, {_elo(r['elo_ci95'][1])}]",
        )
        for rank, r in enumerate((ratings or {}).get("ratings", []), start=1)
    ]
    return MetagameView(nash=nash_rows, value=value, ratings=rating_rows, field_inputs=inputs, given=given)


# --- an optimize (docs/lab.md "Optimizer") ----------------------------------------------------------

#: What the search is doing, in words (the optimizer's phases).
PHASES = {
    "search": "racing candidate moves",
    "verify": "verifying the best move on fresh games",
    "confirm": "confirming the final deck on games the search never played",
    "done": "done",
}
#: Why a search ended, in words.
STOP_REASONS = {
    "budget": "the budget left could not pay for another step",
    "patience": "several steps in a row found no better move (a local optimum)",
    "no_moves": "no legal move was left",
    "cancelled": "it was cancelled",
}


def move_text(move: Mapping[str, Any], labels: Mapping[str, str]) -> str:
    """``−2 Éclairs, +2 Tornade`` (names from the results' ``labels``)."""
    parts = [f"−{n} {labels.get(s, s)}" for s, n in move.get("out", {}).items()]
    parts += [f"+{n} {labels.get(s, s)}" for s, n in move.get("in", {}).items()]
    return ", ".join(parts)


@dataclass(frozen=True)
class StepRow:
    step: int
    move: str
    search_estimate: str
    verified: str
    interval: str
    games: int
    accepted: bool


@dataclass(frozen=True)
class OptimizeView:
    phase: str
    step: int
    racing: int
    candidates: int
    steps: list[StepRow]
    accepted: int
    estimated_gain: str
    confirmation: dict[str, Any] | None
    stop_reason: str | None
    final_text: str
    changes: list[str]
    saved_deck: Mapping[str, Any] | None
    games: Mapping[str, int]
    budget: int


def optimize_view(results: Mapping[str, Any]) -> OptimizeView:
    """An optimize's results (final, or where the search stands) as the page shows them: every
    step with its move and verified gain, the biased sum beside the confirmation, the final deck."""
    labels = results.get("labels", {})
    steps = [
        StepRow(
            step=s["step"] + 1,
            move=move_text(s["move"], labels),
            search_estimate=points(s["search_estimate"]),
            verified=points(s["verify"]["estimate"]),
            interval=_interval_points(s["verify"]["ci95"]),
            games=s["verify"]["games"],
            accepted=s["accepted"],
        )
        for s in results["steps"]
    ]
    c = results.get("confirmation")
    confirmation = None
    if c is not None:
        confirmation = {
            "estimate": points(c["estimate"]),
            "interval": _interval_points(c["ci95"]),
            "games": c["games"],
            "played": c["played"],
            "significant": c["ci95"][0] > 0,
        }
    start, final = results["start"], results["final"]
    before, after = start["cards"], final["cards"]
    changes = [
        f"{'+' if after.get(s, 0) > before.get(s, 0) else '−'}{abs(after.get(s, 0) - before.get(s, 0))} "
        f"{labels.get(s, s)}"
        for s in sorted({*before, *after}, key=lambda s: labels.get(s, s).casefold())
        if after.get(s, 0) != before.get(s, 0)
    ]
    changes += [
        f"{labels.get(a, a)} → {labels.get(b, b)}"
        for a, b in zip(start["characters"], final["characters"], strict=False)
        if a != b
    ]
    search = results.get("search", {})
    return OptimizeView(
        phase=PHASES.get(results["phase"], results["phase"]),
        step=search.get("step", 0) + 1,
        racing=search.get("racing", 0),
        candidates=search.get("candidates", 0),
        steps=steps,
        accepted=len(results["path"]),
        estimated_gain=points(results["estimated_gain"]["estimate"]),
        confirmation=confirmation,
        stop_reason=STOP_REASONS.get(results["stop_reason"] or "", results["stop_reason"]),
        final_text=results["final_text"],
        changes=changes,
        saved_deck=results.get("saved_deck"),
        games=results["games"],
        budget=results["budget"],
    )


# --- what to get next (docs/lab.md "What to get next") ----------------------------------------------


@dataclass(frozen=True)
class AcquireRow:
    rank: int | None
    card: str
    copies: str
    estimate: str
    interval: str
    change: str
    significant: bool


@dataclass(frozen=True)
class AcquireView:
    target: str
    base_name: str
    phase: str
    rows: list[AcquireRow]
    ranked: int
    candidates: int
    unranked: list[str]
    games: Mapping[str, int]
    budget: int


ACQUIRE_PHASES = {
    "select": "racing each card's decks",
    "evaluate": "measuring each card's best deck on fresh games",
    "done": "done",
}


def acquire_view(results: Mapping[str, Any], *, rows: int | None = None) -> AcquireView:
    """A ranking of what to get next as the pages show it (the first ``rows`` cards)."""
    labels = results.get("labels", {})
    shown = results["ranking"][:rows] if rows is not None else results["ranking"]
    return AcquireView(
        target=results["target"],
        base_name=results.get("base_name", ""),
        phase=ACQUIRE_PHASES.get(results["phase"], results["phase"]),
        rows=[
            AcquireRow(
                rank=r["rank"],
                card=labels.get(r["card"], r["card"]),
                copies=str(r["copies_to_get"]) if r["copies_to_get"] is not None else "–",
                estimate=points(r["estimate"]),
                interval=_interval_points(r["ci95"]),
                change=move_text(r["move"], labels) if r["move"] else "",
                significant=r["ci95"] is not None and r["ci95"][0] > 0,
            )
            for r in shown
        ],
        ranked=results["ranked"],
        candidates=results["candidates"],
        unranked=[labels.get(s, s) for s in results["unranked"]],
        games=results["games"],
        budget=results["budget"],
    )
