"""The results JSON (``simulator.selectors.job_results``, the API's shape) turned into rows the
templates show: percentages with their 95% intervals, card and character names, the win-rate
matrix with a colour band per cell. Presentation only: every number comes from the results.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cards.models import Card, Character
from simulator.models import SimulationJob
from simulator.selectors import Progress


def entrants_summary(kind: str, labels: Sequence[str]) -> str:
    """A job's entrants in a few words: "A vs B", "A vs 3 opponents", "5 entrants"."""
    if len(labels) == 2 or (kind == "matchup" and len(labels) >= 2):
        return f"{labels[0]} vs {labels[1]}"
    if kind == "gauntlet" and labels:
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


def catalog_names(slugs: Iterable[str]) -> dict[str, str]:
    """English names of these card and character slugs, with the evolution level past the first
    (the levels of a family share a name); a slug no longer in the database shows as itself."""
    wanted = sorted(set(slugs))
    names: dict[str, str] = {}
    if wanted:
        for model in (Card, Character):
            for slug, name, level in model.objects.filter(slug__in=wanted).values_list(
                "slug", "name_en", "level"
            ):
                names[slug] = name if level <= 1 else f"{name} (level {level})"
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


def results_view(results: Mapping[str, Any], *, pairing: int = 0) -> ResultsView:
    """Everything the results section shows; ``pairing``: the pairing whose card and character
    statistics are shown (an index into ``results["pairings"]``)."""
    raw = results["pairings"]
    selected_raw = raw[pairing] if 0 <= pairing < len(raw) else None
    names = catalog_names(_all_slugs([selected_raw])) if selected_raw is not None else {}
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
    )
