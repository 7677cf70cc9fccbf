"""What ``manage.py simulate`` needs beyond the services: reading deck references and options from
the command line, following a job with a progress bar, and the summary tables.

See docs/simulation.md "Command line".
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from tqdm import tqdm

from decks.services import deck_text_read
from eredan.errors import DomainError
from simulator.engine.registry import GameSpec
from simulator.error_codes import SimulationErrorCode as Code
from simulator.models import SimulationJob
from simulator.selectors import job_status_hint
from simulator.services.requests import DeckComposition, EntrantInput

#: Seconds between two looks at a followed job.
FOLLOW_INTERVAL = 0.5


class CliError(ValueError):
    """A command-line input that cannot be used (reported as the command's error)."""


def deck_entrant(ref: str, *, policy: str | None) -> EntrantInput:
    """A deck reference of the command line: a file (``.json``: ``{"name", "characters",
    "cards"}``; anything else: the deck text format), a deck id, or a demo deck slug."""
    path = Path(ref)
    if path.is_file():
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CliError(f"{ref}: cannot read it ({exc})") from None
        if path.suffix.lower() == ".json":
            return EntrantInput(composition=_json_composition(ref, text), policy=policy)
        try:
            parsed = deck_text_read(text=text)
        except DomainError as exc:
            lines = "; ".join(f"line {e['line']}: {e['message']}" for e in exc.details.get("lines", []))
            raise CliError(f"{ref}: {exc.message} {lines}".strip()) from None
        name = parsed.name or path.stem
        return EntrantInput(
            composition=DeckComposition(name=name, characters=tuple(parsed.characters), cards=parsed.cards),
            policy=policy,
        )
    if ref.isdigit():
        return EntrantInput(deck=int(ref), policy=policy)
    return EntrantInput(deck=ref, policy=policy)


def describe_error(exc: DomainError | CliError, *, user: str | None = "") -> str:
    """A refusal as the commands print it: one line per problem, with its field and code.

    ``user``: the command's ``--user`` (``None`` when it was not given: a deck not found then
    says how to name one's own decks)."""
    if isinstance(exc, CliError):
        return str(exc)
    lines = [f"{e.field + ': ' if e.field else ''}{e.message} [{e.code}]" for e in exc.errors]
    if user is None and any(e.code == Code.DECK_NOT_FOUND for e in exc.errors):
        lines.append("To play a deck of yours, name its owner: --user USERNAME.")
    return "\n".join(lines)


def _json_composition(ref: str, text: str) -> DeckComposition:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(f"{ref}: not JSON ({exc})") from None
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("characters"), list)
        or not isinstance(data.get("cards"), dict)
        or not all(isinstance(s, str) for s in data["characters"])
        or not all(isinstance(k, str) and type(v) is int for k, v in data["cards"].items())
    ):
        raise CliError(f'{ref}: expected {{"name": …, "characters": [slug, …], "cards": {{slug: count}}}}')
    name = data.get("name") or data.get("slug") or Path(ref).stem
    return DeckComposition(name=str(name), characters=tuple(data["characters"]), cards=data["cards"])


def parse_options(spec: GameSpec, items: Sequence[str]) -> dict[str, Any]:
    """``NAME=VALUE`` pairs, each value read as the option's type (unknown names are left to the
    service, which lists the known ones)."""
    options: dict[str, Any] = {}
    for item in items:
        name, sep, raw = item.partition("=")
        if not sep or not name:
            raise CliError(f"--option {item!r}: expected NAME=VALUE")
        option = spec.options.get(name)
        kind = option.type if option is not None else str
        if kind is bool:
            if raw.lower() not in {"1", "0", "true", "false", "yes", "no", "on", "off"}:
                raise CliError(f"--option {name}: expected true or false, not {raw!r}")
            options[name] = raw.lower() in {"1", "true", "yes", "on"}
        elif kind is int:
            try:
                options[name] = int(raw)
            except ValueError:
                raise CliError(f"--option {name}: expected a whole number, not {raw!r}") from None
        else:
            options[name] = raw
    return options


def follow_job(
    job_id: int,
    *,
    progress: bool,
    stderr: TextIO,
    sleep: Callable[[float], None] = time.sleep,
) -> SimulationJob:
    """Wait for a job to end, with a progress bar on ``stderr``; return the job as it ended. A job
    that no worker picks up says so once (:func:`simulator.selectors.job_status_hint`)."""
    job = SimulationJob.objects.get(pk=job_id)
    hinted = False
    with tqdm(
        total=job.total_games,
        initial=job.games_done,
        unit="game",
        file=stderr,
        disable=not progress,
        smoothing=0.1,
    ) as bar:
        while True:
            job.refresh_from_db()
            bar.update(job.games_done - bar.n)
            if not job.is_active:
                break
            hint = None if hinted else job_status_hint(job=job)
            if hint is not None:
                stderr.write(f"job #{job.pk}: {hint.message}\n")
                hinted = True
            sleep(FOLLOW_INTERVAL)
    return job


# --- the summary ----------------------------------------------------------------------------------


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def _ci(interval: Sequence[float]) -> str:
    return f"[{100 * interval[0]:.1f}, {100 * interval[1]:.1f}]"


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    lines = [
        "  ".join(
            str(c).ljust(w) if i == 0 else str(c).rjust(w)
            for i, (c, w) in enumerate(zip(h, widths, strict=True))
        )
        for h in [header, *rows]
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return lines


def summary_lines(results: Mapping[str, Any], *, top_cards: int = 5) -> list[str]:
    """The results as readable tables: per pairing the two sides, the first-player rate, game
    length and end reasons; for a gauntlet or round robin also the standings and the matrix."""
    games = results["games_per_pairing"]
    out = [
        f"{results['game']} {results['kind'].replace('_', ' ')}: {games:,} games per pairing, "
        f"seed {results['seed']} (seats alternate between games)"
    ]
    for p in results["pairings"]:
        out.append("")
        a, b = p["sides"]["A"]["label"], p["sides"]["B"]["label"]
        out.append(f"{a} vs {b}: {p['games']:,} games")
        rows = [
            [
                f"{side} {s['label']} ({s['policy']})",
                str(s["wins"]),
                str(s["losses"]),
                str(s["draws"]),
                _pct(s["win_rate"]),
                _ci(s["win_rate_ci95"]),
            ]
            for side, s in p["sides"].items()
        ]
        out += _table(["side", "wins", "losses", "draws", "win rate", "95% CI"], rows)
        fp = p["first_player"]
        out.append(
            f"first player wins {_pct(fp['win_rate'])} {_ci(fp['win_rate_ci95'])} of {fp['games']:,} games"
        )
        length = p["length"]
        if length["mean"] is not None:
            out.append(f"length: mean {length['mean']:.1f}, median {length['median']:g} turns")
        out.append("end reasons: " + ", ".join(f"{k} {v:,}" for k, v in p["end_reasons"].items()))
        for side, s in p["sides"].items():
            cards = sorted(s["cards"].items(), key=lambda kv: (-kv[1]["play_rate"], kv[0]))[:top_cards]
            if cards:
                rows = [
                    [
                        card,
                        _pct(c["play_rate"]),
                        _pct(c["win_rate_when_played"]),
                        _pct(c["win_rate_when_not_played"]),
                    ]
                    for card, c in cards
                ]
                out.append(f"{side}: most played cards")
                out += _table(["card", "played in", "wins when played", "when not"], rows)
    if results["kind"] != "matchup":
        out.append("")
        out.append("standings")
        rows = [
            [
                f"{rank}. {s['label']} ({s['policy']})",
                f"{s['games']:,}",
                str(s["wins"]),
                _pct(s["win_rate"]),
                _ci(s["win_rate_ci95"]),
            ]
            for rank, s in enumerate(results["standings"], start=1)
        ]
        out += _table(["entrant", "games", "wins", "win rate", "95% CI"], rows)
        out.append("")
        out.append("win rate of row against column")
        labels = results["matrix"]["labels"]
        short = [str(i + 1) for i in range(len(labels))]
        rows = [
            [f"{i + 1}. {label}", *(_pct(v) if v is not None else "·" for v in row)]
            for i, (label, row) in enumerate(zip(labels, results["matrix"]["win_rate"], strict=True))
        ]
        out += _table(["", *short], rows)
    return out


def parse_swap(spec: str) -> dict[str, dict[str, int]]:
    """A variant's swaps on the command line: ``out:SLUG=N,SLUG=N;in:SLUG=N`` (either part may be
    missing) → ``{"out": {…}, "in": {…}}`` (the service checks the cards and counts)."""
    swaps: dict[str, dict[str, int]] = {}
    for part in filter(None, (p.strip() for p in spec.split(";"))):
        side, sep, items = part.partition(":")
        if not sep or side not in ("out", "in"):
            raise CliError(f"--swap {spec!r}: expected out:SLUG=N,…;in:SLUG=N,…")
        counts = swaps.setdefault(side, {})
        for item in filter(None, (i.strip() for i in items.split(","))):
            slug, eq, raw = item.partition("=")
            try:
                counts[slug] = int(raw) if eq else 1
            except ValueError:
                raise CliError(f"--swap {spec!r}: {item!r} is not SLUG=N") from None
    if not swaps:
        raise CliError(f"--swap {spec!r}: expected out:SLUG=N,…;in:SLUG=N,…")
    return swaps


def _signed(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:+.1f}"


def compare_summary_lines(results: Mapping[str, Any]) -> list[str]:
    """A compare's results as tables: each arm against the field, each variant's paired
    difference to the base, and why it stopped."""
    stop = results["stop"]
    out = [
        f"{results['game']} compare: {stop['games_per_arm']:,} games per arm (budget {stop['budget']:,}), "
        f"seed {results['seed']}; every arm plays the same games (common random numbers)"
    ]
    field = ", ".join(f"{f['label']} ({100 * f['weight']:.0f}%)" for f in results["field"])
    out.append(f"field: {field}")
    out.append("")
    rows = [
        [f"{a['role']} {a['label']} ({a['policy']})", f"{a['games']:,}", str(a["wins"]), str(a["draws"]),
         _pct(a["win_rate"]), _ci(a["win_rate_ci95"])]
        for a in results["arms"]
    ]  # fmt: skip
    out += _table(["arm", "games", "wins", "draws", "win rate", "95% CI"], rows)
    out.append("")
    sequential = stop["sequential"]
    header = ["variant − base", "points", "95% CI", "changed", "better", "worse"]
    if sequential:
        header += ["anytime 95%", "verdict"]
    rows = []
    for d in results["differences"]:
        row = [d["variant"], _signed(d["estimate"]), f"[{_signed(d['ci95'][0])}, {_signed(d['ci95'][1])}]",
               _pct(d["changed_share"]), str(d["better"]), str(d["worse"])]  # fmt: skip
        if sequential:
            row += [f"[{_signed(d['cs95'][0])}, {_signed(d['cs95'][1])}]", d["verdict"]]
        rows.append(row)
    out += _table(header, rows)
    reason = stop["reason"] or "running"
    rounds = ", ".join(f"{r:,}" for r in stop["rounds"])
    out.append("")
    out.append(
        f"stopped: {reason} after {len(stop['rounds'])} round(s) ending at {rounds} games per arm"
        + (f" (margin {100 * stop['margin']:.1f} points)" if sequential else "")
    )
    return out


def _elo(value: float) -> str:
    """Elo points, signed, whole (never ``-0``: a rating within half a point of 0 is ``+0``)."""
    return f"{round(value) + 0:+d}"


def ladder_lines(ladder: Mapping[str, Any]) -> list[str]:
    """The AI ladder as a table, best first."""
    decks = ladder["decks"]
    where = f"mirror matches over {len(decks)} demo decks" if decks else "one round robin"
    out = [
        f"{ladder['game']} AI ladder: {ladder['games_per_pairing']:,} games per pairing ({where}), "
        f"seed {ladder['seed']}; Bradley–Terry ratings, Elo scale (0 = the average policy)"
    ]
    records = {r["policy"]: r for r in ladder["records"]}
    rows = [
        [f"{rank}. {r['label']}", _elo(r["elo"]), f"[{_elo(r['elo_ci95'][0])}, {_elo(r['elo_ci95'][1])}]",
         f"{records[r['label']]['games']:,}", _pct(records[r["label"]]["win_rate"])]
        for rank, r in enumerate(ladder["ratings"]["ratings"], start=1)
    ]  # fmt: skip
    out += _table(["policy", "Elo", "95% CI", "games", "win rate"], rows)
    return out


# --- an optimize (docs/lab.md "Optimizer") --------------------------------------------------------


def _pp(value: float) -> str:
    """A win-rate difference in percentage points, signed, one decimal (never ``-0.0``)."""
    return f"{round(100 * value, 1) + 0.0:+.1f}"


def confirmed_gain_line(confirmation: Mapping[str, Any]) -> str:
    """``confirmed gain +X.X pp (95% CI lo..hi) over N games``: the final deck's win rate minus
    the starting deck's on the confirmation's games (seeds the search never used), its paired 95 %
    interval, and N, the confirmation's games per deck (each played by both decks)."""
    lo, hi = confirmation["ci95"]
    return (
        f"confirmed gain {_pp(confirmation['estimate'])} pp (95% CI {_pp(lo)}..{_pp(hi)}) "
        f"over {confirmation['games']} games"
    )


def _move_text(move: Mapping[str, Any], labels: Mapping[str, str]) -> str:
    parts = [f"\u2212{n} {labels.get(s, s)}" for s, n in move["out"].items()]
    parts += [f"+{n} {labels.get(s, s)}" for s, n in move["in"].items()]
    return ", ".join(parts)


def optimize_lines(results: Mapping[str, Any]) -> list[str]:
    """An optimize's results as the command prints them: the search as comment lines, the final
    deck in the deck text format, and last the confirmed gain (:func:`confirmed_gain_line`); the
    whole is a deck file whose last line is the gain."""
    labels = results["labels"]
    games = results["games"]
    estimated = results["estimated_gain"]
    out = [
        f"# {results['game']} optimize, seed {results['seed']}: {games['total']:,} games of a budget of "
        f"{results['budget']:,} (search {games['search']:,}, verification {games['verify']:,}, "
        f"confirmation {games['confirm']:,}); stopped: {results['stop_reason']}",
        f"# {len(results['steps'])} steps, {len(results['path'])} moves accepted:",
    ]
    for step in results["path"]:
        v = step["verify"]
        out.append(
            f"#   step {step['step']}: {_move_text(step['move'], labels)}: verified {_pp(v['estimate'])} pp "
            f"(95% CI {_pp(v['ci95'][0])}..{_pp(v['ci95'][1])}) over {v['games']} games"
        )
    out.append(
        f"# the accepted moves' gains add up to {_pp(estimated['estimate'])} pp: biased upward (each "
        "move was kept because its gain came out high); the confirmation below is not"
    )
    out.append("")
    out += results["final_text"].rstrip("\n").split("\n")
    out.append("")
    confirmation = results["confirmation"]
    if confirmation is None:
        out.append("no confirmed gain: the search ended before its confirmation")
    else:
        out.append(confirmed_gain_line(confirmation))
    return out


# --- what to get next (docs/lab.md "What to get next") --------------------------------------------


def acquire_lines(results: Mapping[str, Any]) -> list[str]:
    """A ranking of what to get next as the command prints it: what was ranked, then one row per
    card — its gain with the 95 % interval (games the selection never played), the copies to get,
    and the change that uses it."""
    labels = results["labels"]
    games = results["games"]
    target = results["target"]
    if target == "complete":
        head = (
            f"what to get to complete {results['base_name']}: the gain of each missing card is the deck's "
            "win rate minus its best version without the missing copies"
        )
    else:
        head = (
            f"what to get for {results['base_name']}: the gain of each card is the win rate of the best "
            "deck using it minus the deck's"
        )
    out = [
        head,
        f"{results['game']}, seed {results['seed']}: {games['total']:,} games of a budget of "
        f"{results['budget']:,}; {results['ranked']} of {results['candidates']} candidates ranked",
        "",
    ]
    rows = []
    for r in results["ranking"]:
        estimate = "—" if r["estimate"] is None else f"{_pp(r['estimate'])} pp"
        interval = "" if r["ci95"] is None else f"{_pp(r['ci95'][0])}..{_pp(r['ci95'][1])}"
        change = _move_text(r["move"], labels) if r["move"] else ""
        rows.append(
            [
                f"{r['rank'] or '·'}. {labels.get(r['card'], r['card'])}",
                str(r["copies_to_get"] if r["copies_to_get"] is not None else "—"),
                estimate,
                interval,
                change,
            ]
        )
    if rows:
        out += _table(["card", "to get", "gain", "95% CI", "the change that uses it"], rows)
    else:
        out.append("nothing to rank")
    if results["unranked"]:
        names = ", ".join(labels.get(s, s) for s in results["unranked"])
        out.append(f"not ranked (no replacement you own, or beyond the budget): {names}")
    return out


def field_of(refs: list[str], weights: list[float] | None) -> object:
    """A field from the command line: deck references with optional weights, or ``demo``."""
    if refs == ["demo"]:
        if weights:
            raise CliError("--weights: the demo field is uniform")
        return "demo"
    if weights is not None and len(weights) != len(refs):
        raise CliError(f"--weights: {len(weights)} weights for {len(refs)} opponents")
    field = [deck_entrant(ref, policy=None) for ref in refs]
    if weights is None:
        return field
    return [EntrantInput(**{**e.__dict__, "weight": w}) for e, w in zip(field, weights, strict=True)]


def parse_settings(items: list[str]) -> dict[str, Any] | None:
    """``NAME=VALUE`` pairs, each value read as a number (the service checks names and bounds)."""
    if not items:
        return None
    settings: dict[str, Any] = {}
    for item in items:
        name, sep, raw = item.partition("=")
        if not sep or not name:
            raise CliError(f"--setting {item!r}: expected NAME=VALUE")
        try:
            settings[name] = int(raw)
        except ValueError:
            try:
                settings[name] = float(raw)
            except ValueError:
                raise CliError(f"--setting {name}: expected a number, not {raw!r}") from None
    return settings
