"""``manage.py simulate`` — batch simulation from the command line (see docs/simulation.md).

    simulate --deck-a REF --deck-b REF --games N [--seed S] [--policy-a P] [--policy-b P]
             [--chunk-size K] [--via local|celery] [--json] [--record FILE [--record-games N]]
    simulate --gauntlet REF REF [REF …] --games N …        (the first against each of the others)
    simulate --round-robin REF REF [REF …] --games N … [--heatmap FILE.png|.svg]
    simulate --game cribbage --policy-a ev --policy-b random --games N …
    simulate --follow JOB | --cancel JOB

A REF is a deck file (JSON or the deck text format), a deck id or a demo deck slug; for the
classic games the entrants of a gauntlet or round robin are policy names. ``--via local`` plays on
this machine's cores (no database writes); ``--via celery`` submits a job and follows it.
Thin: parse, call the services and the batch runner, print.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, TextIO, cast

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from eredan.errors import DomainError
from simulator import selectors
from simulator.cli import CliError, deck_entrant, describe_error, follow_job, parse_options, summary_lines
from simulator.engine.batch import GAUNTLET, MATCHUP, ROUND_ROBIN, ChunkRange, run_local
from simulator.engine.registry import UnknownGameError, available_games, get_game_spec
from simulator.engine.runner import GameResult
from simulator.engine.stats import MatchTally
from simulator.exports import IMAGE_FORMATS, TABLES, heatmap, results_csv
from simulator.limits import DEFAULT_RECORD_GAMES
from simulator.models import SimulationJob
from simulator.services.jobs import job_cancel, job_save
from simulator.services.records import record_context
from simulator.services.requests import EntrantInput, simulation_prepare


class Command(BaseCommand):
    help = "Simulate a matchup, a gauntlet or a round robin, here (local) or on the Celery workers."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", default="eredan", help=f"one of {', '.join(available_games())}")
        what = parser.add_argument_group("entrants")
        what.add_argument("--deck-a", help="side A's deck: file, deck id or demo deck slug (eredan)")
        what.add_argument("--deck-b", help="side B's deck")
        what.add_argument("--gauntlet", nargs="+", metavar="REF", help="the first against each of the others")
        what.add_argument("--round-robin", nargs="+", metavar="REF", help="every pair once")
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
            raise CommandError(describe_error(exc)) from None

    def _stderr_stream(self) -> TextIO:
        """The stream under ``self.stderr`` (tqdm draws its bar on a real stream); the stubs do not
        declare OutputWrapper's ``_out``."""
        return cast(TextIO, self.stderr._out)

    def _handle(self, options: dict[str, Any]) -> None:
        if options["heatmap"] and Path(options["heatmap"]).suffix.lower().lstrip(".") not in IMAGE_FORMATS:
            raise CliError("--heatmap: the file name ends in .png or .svg")
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
        kind, entrants = _entrants(spec.uses_decks, options)
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
            record_games=record_games,
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
                record_context=record_context(prepared.game) if plan.record_games else None,
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
        )
        self._output(results, options)

    def _write_records(self, path: str, records: list[dict[str, Any]]) -> None:
        Path(path).write_text(json.dumps(records, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        self.stderr.write(f"{len(records)} game records written to {path}")

    def _job_output(self, job: SimulationJob, options: dict[str, Any]) -> None:
        results = selectors.job_results(job=job)
        if job.status == SimulationJob.Status.DONE:
            results.pop("partial", None)
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
        if options["csv"]:
            Path(options["csv"]).write_text(results_csv(results, options["table"]), encoding="utf-8")
            self.stderr.write(f"{options['table']} table written to {options['csv']}")
        if options["json"]:
            self.stdout.write(json.dumps(results, ensure_ascii=False, indent=1))
        else:
            for line in summary_lines(results):
                self.stdout.write(line)


def _job(pk: int) -> SimulationJob:
    job = SimulationJob.objects.filter(pk=pk).first()
    if job is None:
        raise CliError(f"no simulation job #{pk}")
    return job


def _entrants(uses_decks: bool, options: dict[str, Any]) -> tuple[str, list[EntrantInput]]:
    many = [k for k in ("gauntlet", "round_robin") if options[k]]
    pair = options["deck_a"] is not None or options["deck_b"] is not None
    if len(many) + pair > 1:
        raise CliError("give one of --deck-a/--deck-b, --gauntlet or --round-robin")
    if many:
        kind = GAUNTLET if many[0] == "gauntlet" else ROUND_ROBIN
        refs: list[str] = options[many[0]]
        if options["policy_a"] or options["policy_b"]:
            raise CliError("--policy-a and --policy-b are for a matchup; use --policies or --policy")
        if not uses_decks:  # the classic games' entrants are policies
            if options["policies"]:
                raise CliError("for this game the entrants are the policies themselves")
            return kind, [EntrantInput(policy=ref) for ref in refs]
        policies = options["policies"] or [options["policy"]] * len(refs)
        if len(policies) != len(refs):
            raise CliError(f"--policies: {len(policies)} policies for {len(refs)} decks")
        return kind, [deck_entrant(ref, policy=p) for ref, p in zip(refs, policies, strict=True)]
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
