"""``manage.py simulate`` — batch simulation from the command line (see docs/simulation.md).

    simulate --deck-a REF --deck-b REF --games N [--seed S] [--policy-a P] [--policy-b P]
             [--chunk-size K] [--via local|celery] [--json] [--record FILE [--record-games N]]
    simulate --gauntlet REF REF [REF …] --games N …        (the first against each of the others)
    simulate --round-robin REF REF [REF …] --games N … [--heatmap FILE.png|.svg]
    simulate --game cribbage --policy-a ev --policy-b random --games N …
    simulate --compare BASE VARIANT [VARIANT …] [--swap 'out:SLUG=N;in:SLUG=N' …] --field REF [REF …]
             [--weights W …] --games N [--stop-margin M [--first-round G]] [--forest FILE]
    simulate --round-robin REF REF [REF …] --weights W W [W …] …  (a field for the metagame: docs/lab.md)
    simulate --ladder --game G --games N [--policies P …]   (the AI ladder: docs/lab.md)
    simulate --follow JOB | --cancel JOB

A REF is a deck file (JSON or the deck text format), a deck id or a demo deck slug; for the
classic games the entrants of a gauntlet or round robin are policy names. ``--via local`` plays on
this machine's cores (no database writes, but for the catalog snapshot that ``--record``'s Eredan
records name); ``--via celery`` submits a job and follows it.
Thin: parse, call the services and the batch runner, print.
"""

from __future__ import annotations

import dataclasses
import json
import os
import secrets
from pathlib import Path
from typing import Any, TextIO, cast

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from cards.specs import get_catalog
from eredan.errors import DomainError
from simulator import selectors
from simulator.cli import (
    CliError,
    compare_summary_lines,
    deck_entrant,
    describe_error,
    follow_job,
    ladder_lines,
    optimize_lines,
    parse_options,
    parse_swap,
    summary_lines,
)
from simulator.engine.batch import GAUNTLET, MATCHUP, ROUND_ROBIN, ChunkRange, run_local
from simulator.engine.registry import DEFAULT_GAME, GameSpec, UnknownGameError, available_games, get_game_spec
from simulator.engine.runner import GameResult
from simulator.engine.stats import MatchTally
from simulator.exports import IMAGE_FORMATS, TABLES, MissingTableError, forest_plot, heatmap, results_csv
from simulator.lab.compare import COMPARE, CompareChunk, CompareTally, run_compare_local
from simulator.lab.ladder import LadderError, ladder_plans, ladder_report
from simulator.lab.optimize import OPTIMIZE
from simulator.limits import DEFAULT_RECORD_GAMES, MAX_GAMES
from simulator.models import SimulationJob
from simulator.services.jobs import job_cancel, job_save
from simulator.services.records import prepared_record_context
from simulator.services.requests import EntrantInput, PreparedJob, chunk_size_default, simulation_prepare
from simulator.specs import demo_deck_specs


class Command(BaseCommand):
    help = (
        "Simulate a matchup, a gauntlet, a round robin or a compare, here (local) or on the Celery workers; "
        "or rate a game's AI policies (--ladder)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", default=DEFAULT_GAME, help=f"one of {', '.join(available_games())}")
        what = parser.add_argument_group("entrants")
        what.add_argument("--deck-a", help="side A's deck: file, deck id or demo deck slug (eredan)")
        what.add_argument("--deck-b", help="side B's deck")
        what.add_argument("--gauntlet", nargs="+", metavar="REF", help="the first against each of the others")
        what.add_argument("--round-robin", nargs="+", metavar="REF", help="every pair once")
        what.add_argument(
            "--compare",
            nargs="+",
            metavar="REF",
            help="a base then its variants, on the same games (docs/lab.md)",
        )
        what.add_argument(
            "--swap",
            action="append",
            default=[],
            metavar="SPEC",
            help="a compare's variant: the base with these swaps, 'out:SLUG=N,…;in:SLUG=N,…' (repeatable)",
        )
        what.add_argument(
            "--field", nargs="+", metavar="REF", help="a compare's opponents (decks or policies), or demo"
        )
        what.add_argument(
            "--weights",
            nargs="+",
            type=float,
            metavar="W",
            help="a compare's field weights, or a round robin's entrants' shares of the metagame's field",
        )
        what.add_argument(
            "--stop-margin",
            type=float,
            metavar="M",
            help="a sequential compare: rounds until every difference is resolved at this margin",
        )
        what.add_argument("--first-round", type=int, metavar="G", help="games per arm of its first round")
        what.add_argument(
            "--ladder", action="store_true", help="rate the game's AI policies on one scale (docs/lab.md)"
        )
        what.add_argument("--policy", help="AI policy of every entrant (default: the game's)")
        what.add_argument("--policy-a", help="side A's policy (a matchup)")
        what.add_argument("--policy-b", help="side B's policy (a matchup)")
        what.add_argument(
            "--policies", nargs="+", metavar="P", help="one policy per deck (gauntlet, round robin)"
        )
        run = parser.add_argument_group("run")
        run.add_argument("--games", type=int, help="games per pairing (1 to 1,000,000)")
        run.add_argument("--seed", type=int, help="job seed (default: a random one, printed)")
        run.add_argument("--chunk-size", type=int, help="games per chunk (default: about 2 s of play)")
        run.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
        run.add_argument("--via", choices=("local", "celery"), default="local")
        run.add_argument("--processes", type=int, help="local: worker processes (default: every core)")
        run.add_argument("--user", help="ids and slugs may name this user's decks (celery: the job's owner)")
        run.add_argument("--award-experience", action="store_true", help="celery: the owner's decks earn XP")
        run.add_argument("--collection", type=int, help="celery: the collection earning the XP")
        run.add_argument("--no-wait", action="store_true", help="celery: submit, print the job id, return")
        run.add_argument("--follow", type=int, metavar="JOB", help="follow an existing job to its end")
        run.add_argument("--cancel", type=int, metavar="JOB", help="cancel a pending or running job")
        out = parser.add_argument_group("output")
        out.add_argument("--json", action="store_true", help="print the full results as JSON")
        out.add_argument("--heatmap", metavar="FILE", help="write the win-rate heatmap (.png or .svg)")
        out.add_argument("--forest", metavar="FILE", help="a compare: write its forest plot (.png or .svg)")
        out.add_argument("--csv", metavar="FILE", help="write one results table as CSV")
        out.add_argument("--table", choices=TABLES, default="summary", help="the table --csv writes")
        out.add_argument("--no-progress", action="store_true", help="no progress bar")
        out.add_argument(
            "--record",
            metavar="FILE",
            help="write the records of a sample of games (a JSON list; docs/game-records.md)",
        )
        out.add_argument(
            "--record-games",
            type=int,
            metavar="N",
            help=f"with --record: games 0..N-1 of each pairing (default {DEFAULT_RECORD_GAMES})",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            self._handle(options)
        except (DomainError, CliError) as exc:
            raise CommandError(describe_error(exc, user=options.get("user"))) from None

    def _stderr_stream(self) -> TextIO:
        """The stream under ``self.stderr`` (tqdm draws its bar on a real stream); the stubs do not
        declare OutputWrapper's ``_out``."""
        return cast(TextIO, self.stderr._out)

    def _handle(self, options: dict[str, Any]) -> None:
        for name in ("heatmap", "forest"):
            if options[name] and Path(options[name]).suffix.lower().lstrip(".") not in IMAGE_FORMATS:
                raise CliError(f"--{name}: the file name ends in .png or .svg")
        progress = not options["no_progress"]
        if options["cancel"] is not None:
            job = _job(options["cancel"])
            job_cancel(job=job)
            self.stdout.write(f"job #{job.pk} cancelled")
            return
        if options["follow"] is not None:
            job = follow_job(_job(options["follow"]).pk, progress=progress, stderr=self._stderr_stream())
            self._job_output(job, options)
            return

        try:
            spec = get_game_spec(options["game"])
        except UnknownGameError:
            raise CliError(
                f"unknown game {options['game']!r}; games: {', '.join(available_games())}"
            ) from None
        if options["games"] is None:
            raise CliError("--games is required")
        if options["ladder"]:
            self._ladder(spec, options)
            return
        kind, entrants = _entrants(spec.uses_decks, options)
        field, stop = _compare_extras(spec.uses_decks, kind, options)
        user = None
        if options["user"]:
            user = get_user_model().objects.filter(username=options["user"]).first()
            if user is None:
                raise CliError(f"no user {options['user']!r}")
        if options["via"] == "local" and (options["award_experience"] or options["no_wait"]):
            raise CliError("--award-experience and --no-wait go with --via celery")
        if options["record_games"] is not None and not options["record"]:
            raise CliError("--record-games goes with --record FILE")
        record_games = options["record_games"] if options["record"] else None
        if options["via"] == "local" and not options["record"]:
            record_games = 0  # nothing to keep them in
        prepared = simulation_prepare(
            owner=user,
            game=spec.name,
            kind=kind,
            entrants=entrants,
            games=options["games"],
            seed=options["seed"],
            chunk_size=options["chunk_size"],
            options=parse_options(spec, options["option"]),
            policy=options["policy"],
            award_experience=options["award_experience"],
            collection_id=options["collection"],
            record_games=record_games if kind != COMPARE else None,
            field=field,
            stop=stop,
        )
        if options["seed"] is None:
            self.stderr.write(f"seed {prepared.seed}")
        if options["via"] == "celery":
            job = job_save(owner=user, prepared=prepared)
            if options["no_wait"]:
                self.stdout.write(
                    json.dumps({"job": job.pk}) if options["json"] else f"job #{job.pk} submitted"
                )
                return
            self.stderr.write(
                f"job #{job.pk} submitted ({job.total_chunks} chunks of {job.chunk_size} games)"
            )
            job = follow_job(job.pk, progress=progress, stderr=self._stderr_stream())
            if options["record"]:
                self._write_records(options["record"], selectors.job_record_documents(job=job))
            self._job_output(job, options)
            return
        if prepared.kind == COMPARE:
            self._output(self._compare_local(prepared, options, progress), options)
            return
        plan = prepared.plan
        recorded: list[tuple[int, int, dict[str, Any]]] = []

        def keep(chunk: ChunkRange, result: GameResult) -> None:
            assert result.record is not None
            recorded.append((chunk.pairing, result.index, result.record))

        processes = options["processes"] or os.cpu_count() or 1
        with tqdm(total=plan.total_games, unit="game", file=self.stderr._out, disable=not progress) as bar:

            def advance(chunk: ChunkRange, tally: MatchTally) -> None:
                bar.update(chunk.games)

            tallies = run_local(
                plan,
                processes=processes,
                on_chunk=advance,
                on_record=keep,
                record_context=prepared_record_context(prepared=prepared) if plan.record_games else None,
            )
        if options["record"]:
            self._write_records(options["record"], [r for _, _, r in sorted(recorded, key=lambda x: x[:2])])
        results = selectors.results_document(
            game=prepared.game,
            kind=prepared.kind,
            options=prepared.options,
            seed=prepared.seed,
            games=prepared.games,
            entrants=prepared.entrants_json(),
            tallies=tallies,
            field={e.label: e.weight for e in prepared.entrants}
            if len({e.weight for e in prepared.entrants}) > 1
            else None,
        )
        self._output({**results, "partial": False}, options)

    def _compare_local(
        self, prepared: PreparedJob, options: dict[str, Any], progress: bool
    ) -> dict[str, Any]:
        """Play a compare here, round by round; its results document (the API's shape)."""
        plan = prepared.compare_plan
        processes = options["processes"] or os.cpu_count() or 1
        with tqdm(total=plan.games, unit="game/arm", file=self.stderr._out, disable=not progress) as bar:

            def advance(chunk: CompareChunk, tally: CompareTally) -> None:
                bar.update(chunk.games)

            rounds, reason = run_compare_local(plan, processes=processes, on_chunk=advance)
        results = selectors.compare_results_document(
            game=prepared.game,
            options=prepared.options,
            seed=prepared.seed,
            entrants=prepared.entrants_json(),
            plan=plan,
            rounds=rounds,
            reason=reason,
        )
        return {**results, "partial": False}

    def _ladder(self, spec: GameSpec, options: dict[str, Any]) -> None:
        """The AI ladder of one game (docs/lab.md "The AI ladder"), played here."""
        for name in ("deck_a", "deck_b", "gauntlet", "round_robin", "compare", "field", "via"):
            if options[name] and not (name == "via" and options[name] == "local"):
                raise CliError(f"--ladder plays the game's policies by itself: no --{name.replace('_', '-')}")
        policies = options["policies"] or list(spec.policies)
        unknown = [p for p in policies if p not in spec.policies]
        if unknown or len(set(policies)) < 2:
            raise CliError(f"--policies: at least two of {', '.join(spec.policies)}")
        games = options["games"]
        if not 2 <= games <= MAX_GAMES:
            raise CliError(f"--games: 2 to {MAX_GAMES:,} per pairing")
        decks = demo_deck_specs(catalog=get_catalog()) if spec.uses_decks else None
        seed = options["seed"] if options["seed"] is not None else secrets.randbits(63)
        if options["seed"] is None:
            self.stderr.write(f"seed {seed}")
        size = options["chunk_size"] or chunk_size_default(spec=spec, policies=policies, total_games=games)
        try:
            plans = ladder_plans(
                game=spec.name,
                policies=policies,
                decks=decks,
                games=games,
                seed=seed,
                chunk_size=size,
                options=parse_options(spec, options["option"]),
            )
        except LadderError as exc:
            raise CliError(f"--games: {exc}") from None
        total = sum(plan.total_games for _, plan in plans)
        processes = options["processes"] or os.cpu_count() or 1
        tallies = []
        with tqdm(total=total, unit="game", file=self.stderr._out, disable=options["no_progress"]) as bar:
            for _, plan in plans:
                tallies.append(
                    run_local(plan, processes=processes, on_chunk=lambda c, t: bar.update(c.games))
                )
        ladder = ladder_report(spec.name, policies, plans, tallies, seed=seed)
        if options["json"]:
            self.stdout.write(json.dumps(ladder, ensure_ascii=False, indent=1))
        else:
            for line in ladder_lines(ladder):
                self.stdout.write(line)

    def _write_records(self, path: str, records: list[dict[str, Any]]) -> None:
        Path(path).write_text(json.dumps(records, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        self.stderr.write(f"{len(records)} game records written to {path}")

    def _job_output(self, job: SimulationJob, options: dict[str, Any]) -> None:
        results = selectors.job_results(job=job)  # the API's document, "partial" included
        if job.status == SimulationJob.Status.DONE:
            self._output(results, options)
            return
        reason = f": {job.error}" if job.error else ""
        if results["games"]:
            self._output(results, options)
        raise CommandError(
            f"job #{job.pk} {job.status}{reason} ({job.games_done:,} of {job.total_games:,} games)"
        )

    def _output(self, results: dict[str, Any], options: dict[str, Any]) -> None:
        if options["heatmap"]:
            path = Path(options["heatmap"])
            path.write_bytes(heatmap(results, path.suffix.lower().lstrip(".")))
            self.stderr.write(f"heatmap written to {path}")
        if options["forest"]:
            path = Path(options["forest"])
            try:
                path.write_bytes(forest_plot(results, path.suffix.lower().lstrip(".")))
            except MissingTableError as exc:
                raise CliError(f"--forest: {exc}") from None
            self.stderr.write(f"forest plot written to {path}")
        if options["csv"]:
            try:
                text = results_csv(results, options["table"])
            except MissingTableError as exc:
                raise CliError(f"--table {options['table']}: {exc}") from None
            Path(options["csv"]).write_text(text, encoding="utf-8", newline="")  # CRLF as written
            self.stderr.write(f"{options['table']} table written to {options['csv']}")
        if options["json"]:
            self.stdout.write(json.dumps(results, ensure_ascii=False, indent=1))
        else:
            if results["kind"] == OPTIMIZE:
                lines = optimize_lines(results)
            elif results["kind"] == COMPARE:
                lines = compare_summary_lines(results)
            else:
                lines = summary_lines(results)
            for line in lines:
                self.stdout.write(line)


def _job(pk: int) -> SimulationJob:
    job = SimulationJob.objects.filter(pk=pk).first()
    if job is None:
        raise CliError(f"no simulation job #{pk}")
    return job


def _entrants(uses_decks: bool, options: dict[str, Any]) -> tuple[str, list[EntrantInput]]:
    many = [k for k in ("gauntlet", "round_robin", "compare") if options[k]]
    pair = options["deck_a"] is not None or options["deck_b"] is not None
    if len(many) + pair > 1:
        raise CliError("give one of --deck-a/--deck-b, --gauntlet, --round-robin or --compare")
    if not options["compare"] and (options["swap"] or options["field"]):
        raise CliError("--swap and --field go with --compare")
    if options["weights"] and not (options["compare"] or options["round_robin"]):
        raise CliError("--weights go with --compare (the field's) or --round-robin (the metagame's field)")
    if options["compare"]:
        refs: list[str] = options["compare"]
        if options["policy_a"] or options["policy_b"]:
            raise CliError("--policy-a and --policy-b are for a matchup; use --policies or --policy")
        if not uses_decks:
            if options["policies"] or options["swap"]:
                raise CliError(
                    "for this game the arms are the policies themselves (no --policies, no --swap)"
                )
            return COMPARE, [EntrantInput(policy=ref) for ref in refs]
        policies = options["policies"] or [options["policy"]] * len(refs)
        if len(policies) != len(refs):
            raise CliError(f"--policies: {len(policies)} policies for {len(refs)} decks")
        arms = [deck_entrant(ref, policy=p) for ref, p in zip(refs, policies, strict=True)]
        return COMPARE, arms + [EntrantInput(swaps=parse_swap(spec)) for spec in options["swap"]]
    if many:
        kind = GAUNTLET if many[0] == "gauntlet" else ROUND_ROBIN
        refs = options[many[0]]
        if options["policy_a"] or options["policy_b"]:
            raise CliError("--policy-a and --policy-b are for a matchup; use --policies or --policy")
        weights: list[float] | None = options["weights"]
        if weights is not None and len(weights) != len(refs):
            raise CliError(f"--weights: {len(weights)} weights for {len(refs)} entrants")
        if not uses_decks:  # the classic games' entrants are policies
            if options["policies"]:
                raise CliError("for this game the entrants are the policies themselves")
            entrants = [EntrantInput(policy=ref) for ref in refs]
        else:
            policies = options["policies"] or [options["policy"]] * len(refs)
            if len(policies) != len(refs):
                raise CliError(f"--policies: {len(policies)} policies for {len(refs)} decks")
            entrants = [deck_entrant(ref, policy=p) for ref, p in zip(refs, policies, strict=True)]
        if weights is not None:  # a round robin's field for its metagame (docs/lab.md "Metagame")
            entrants = [dataclasses.replace(e, weight=w) for e, w in zip(entrants, weights, strict=True)]
        return kind, entrants
    if options["policies"]:
        raise CliError("--policies is for a gauntlet or round robin; use --policy-a and --policy-b")
    policy_a = options["policy_a"] or options["policy"]
    policy_b = options["policy_b"] or options["policy"]
    if not uses_decks:
        if pair:
            raise CliError("this game is played without decks: give --policy-a and --policy-b")
        return MATCHUP, [EntrantInput(policy=policy_a), EntrantInput(policy=policy_b)]
    if options["deck_a"] is None or options["deck_b"] is None:
        raise CliError("give --deck-a and --deck-b (or --gauntlet / --round-robin)")
    return MATCHUP, [
        deck_entrant(options["deck_a"], policy=policy_a),
        deck_entrant(options["deck_b"], policy=policy_b),
    ]


def _compare_extras(
    uses_decks: bool, kind: str, options: dict[str, Any]
) -> tuple[object, dict[str, Any] | None]:
    """A compare's field (with its weights) and stop rule from the command line."""
    if kind != COMPARE:
        if options["stop_margin"] is not None or options["first_round"] is not None:
            raise CliError("--stop-margin and --first-round go with --compare")
        return None, None
    refs: list[str] | None = options["field"]
    if not refs:
        raise CliError('--compare needs --field: decks (or policies), or "demo"')
    weights: list[float] | None = options["weights"]
    field: object
    if refs == ["demo"]:
        if weights:
            raise CliError("--weights: the demo field is uniform")
        field = "demo"
    else:
        if weights is not None and len(weights) != len(refs):
            raise CliError(f"--weights: {len(weights)} weights for {len(refs)} opponents")
        ws: list[float | None] = list(weights) if weights is not None else [None] * len(refs)
        field = [deck_entrant(ref, policy=None) if uses_decks else EntrantInput(policy=ref) for ref in refs]
        field = [EntrantInput(**{**e.__dict__, "weight": w}) for e, w in zip(field, ws, strict=True)]
    stop = None
    if options["stop_margin"] is not None:
        stop = {"margin": options["stop_margin"]}
        if options["first_round"] is not None:
            stop["first_round"] = options["first_round"]
    elif options["first_round"] is not None:
        raise CliError("--first-round goes with --stop-margin")
    return field, stop
