"""``manage.py optimize`` — search for a better deck than DECK against a field (docs/lab.md "Optimizer").

    optimize DECK --field REF [REF …] [--weights W …] --budget GAMES [--seed N]
             [--user U [--collection ID]] [--keep SLUG …] [--characters-may-change]
             [--setting NAME=VALUE …] [--policy P] [--option NAME=VALUE …]
             [--via local|celery] [--processes N] [--chunk-size K] [--json] [--no-progress]

DECK and each REF: a deck file (JSON or the deck text format), a deck id (of ``--user``) or a demo
deck slug; ``--field demo``: every public demo deck. Prints the search as comment lines, the final
deck in the deck text format, and on its last line
``confirmed gain +X.X pp (95% CI lo..hi) over N games`` (N: the confirmation's games per deck).
With ``--user`` the final deck, when it differs from DECK, is also saved as a new deck of the user.
Thin: parse, call the services and the local runner, print.
"""

from __future__ import annotations

import json
import os
from typing import Any, TextIO, cast

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from eredan.errors import DomainError
from simulator import selectors
from simulator.cli import (
    CliError,
    deck_entrant,
    describe_error,
    field_of,
    follow_job,
    optimize_lines,
    parse_options,
    parse_settings,
)
from simulator.engine.registry import DEFAULT_GAME, UnknownGameError, available_games, get_game_spec
from simulator.lab.moves import Composition
from simulator.lab.optimize import OPTIMIZE, OptimizerState, run_optimize_local
from simulator.lab.search import Work
from simulator.models import SimulationJob
from simulator.services.jobs import job_save
from simulator.services.optimize_requests import SETTING_BOUNDS, prepared_optimize_problem
from simulator.services.optimizes import optimize_deck_save
from simulator.services.requests import PreparedJob, simulation_prepare


class Command(BaseCommand):
    help = "Search for a better deck than DECK against a field, within a game budget (docs/lab.md)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("deck", metavar="DECK", help="the starting deck: file, deck id or demo deck slug")
        parser.add_argument("--game", default=DEFAULT_GAME, help=f"one of {', '.join(available_games())}")
        parser.add_argument(
            "--field", nargs="+", required=True, metavar="REF", help="the decks to beat, or demo"
        )
        parser.add_argument("--weights", nargs="+", type=float, metavar="W", help="the field's weights")
        parser.add_argument(
            "--budget", type=int, required=True, help="games in all: the search's and the confirmation's"
        )
        parser.add_argument("--seed", type=int, help="the search's seed (default: a random one, printed)")
        parser.add_argument("--user", help="deck ids are this user's; the final deck is saved as theirs")
        parser.add_argument("--collection", type=int, help="only the copies of this collection of --user")
        parser.add_argument("--keep", nargs="+", default=[], metavar="SLUG", help="cards or characters kept")
        parser.add_argument(
            "--characters-may-change", action="store_true", help="the search may swap characters"
        )
        parser.add_argument(
            "--setting",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help=f"an algorithm parameter ({', '.join(SETTING_BOUNDS)})",
        )
        parser.add_argument("--policy", help="the AI policy of every deck (default: the game's)")
        parser.add_argument(
            "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option"
        )
        parser.add_argument("--via", choices=("local", "celery"), default="local")
        parser.add_argument("--processes", type=int, help="local: worker processes (default: every core)")
        parser.add_argument("--chunk-size", type=int, help="games per chunk over all the decks of a work")
        parser.add_argument("--json", action="store_true", help="print the results document (the API's)")
        parser.add_argument("--no-progress", action="store_true", help="no progress bar")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            self._handle(options)
        except (DomainError, CliError) as exc:
            raise CommandError(describe_error(exc, user=options.get("user"))) from None

    def _stderr_stream(self) -> TextIO:
        return cast(TextIO, self.stderr._out)

    def _handle(self, options: dict[str, Any]) -> None:
        try:
            spec = get_game_spec(options["game"])
        except UnknownGameError:
            raise CliError(
                f"unknown game {options['game']!r}; games: {', '.join(available_games())}"
            ) from None
        user = None
        if options["user"]:
            user = get_user_model().objects.filter(username=options["user"]).first()
            if user is None:
                raise CliError(f"no user {options['user']!r}")
        elif options["collection"] is not None:
            raise CliError("--collection is a collection of --user: give --user")
        prepared = simulation_prepare(
            owner=user,
            game=spec.name,
            kind=OPTIMIZE,
            entrants=[deck_entrant(options["deck"], policy=None)],
            field=field_of(options["field"], options["weights"]),
            games=options["budget"],
            seed=options["seed"],
            chunk_size=options["chunk_size"],
            options=parse_options(spec, options["option"]),
            policy=options["policy"],
            collection_id=options["collection"],
            keep=options["keep"] or None,
            characters_may_change=options["characters_may_change"],
            settings=parse_settings(options["setting"]),
        )
        if options["seed"] is None:
            self.stderr.write(f"seed {prepared.seed}")
        progress = not options["no_progress"]
        if options["via"] == "celery":
            job = job_save(owner=user, prepared=prepared)
            self.stderr.write(f"job #{job.pk} submitted")
            job = follow_job(job.pk, progress=progress, stderr=self._stderr_stream())
            results = selectors.job_results(job=job)
            self._output(results, options)
            if job.status != SimulationJob.Status.DONE:
                reason = f": {job.error}" if job.error else ""
                raise CommandError(f"job #{job.pk} {job.status}{reason}")
            return
        results = self._local(prepared, options, progress)
        if user is not None and results["final"] != results["start"]:
            saved = optimize_deck_save(
                owner=user,
                start_name=prepared.entrants[0].deck_name,
                suffix="optimized",
                deck=Composition.from_json(results["final"]),
            )
            results["saved_deck"] = saved
            self.stderr.write(f"final deck saved as deck #{saved['id']} ({saved['name']})")
        self._output(results, options)

    def _local(self, prepared: PreparedJob, options: dict[str, Any], progress: bool) -> dict[str, Any]:
        """The search played here, over ``--processes`` processes; its results document."""
        problem = prepared_optimize_problem(prepared)
        processes = options["processes"] or os.cpu_count() or 1
        with tqdm(total=problem.budget, unit="game", file=self._stderr_stream(), disable=not progress) as bar:

            def advance(work: Work, state: OptimizerState) -> None:
                bar.update(work.games)

            optimizer, state = run_optimize_local(problem, processes=processes, on_work=advance)
        document = selectors.optimize_results_document(
            game=prepared.game,
            options=prepared.options,
            seed=prepared.seed,
            entrants=prepared.entrants_json(),
            optimizer=optimizer,
            state=state,
            start_name=prepared.entrants[0].deck_name,
        )
        return {**document, "partial": False}

    def _output(self, results: dict[str, Any], options: dict[str, Any]) -> None:
        if options["json"]:
            self.stdout.write(json.dumps(results, ensure_ascii=False, indent=1))
            return
        for line in optimize_lines(results):
            self.stdout.write(line)
