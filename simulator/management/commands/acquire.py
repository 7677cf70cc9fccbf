"""``manage.py acquire`` — what to get next for a collection (docs/lab.md "What to get next").

    acquire DECK --user U --collection ID --field REF [REF …] [--weights W …] --budget GAMES
            [--seed N] [--keep SLUG …] [--setting NAME=VALUE …] [--policy P]
            [--via local|celery] [--processes N] [--chunk-size K] [--json] [--no-progress]

DECK: a deck file, a deck id of ``--user`` or a demo deck slug. If the collection can build DECK,
the cards it lacks are ranked by the gain of the best deck that uses them; if not, DECK's missing
cards are ranked by what their best replacement costs. Prints the ranking (each gain with its
95 % interval, from games the selection never played); ``--json``: the API's results document.
Thin: parse, call the services and the local runner, print.
"""

from __future__ import annotations

import json
import os
from typing import Any, TextIO, cast

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from eredan.errors import DomainError
from simulator import selectors
from simulator.cli import (
    CliError,
    acquire_lines,
    deck_entrant,
    describe_error,
    field_of,
    follow_job,
    parse_options,
    parse_settings,
)
from simulator.engine.registry import DEFAULT_GAME, UnknownGameError, available_games, get_game_spec
from simulator.lab.acquire import ACQUIRE, run_acquire_local
from simulator.models import SimulationJob
from simulator.services.jobs import job_save
from simulator.services.optimize_requests import ACQUIRE_SETTING_BOUNDS, prepared_acquire_problem
from simulator.services.requests import simulation_prepare


class Command(BaseCommand):
    help = (
        "Rank the cards a collection lacks by the simulated gain of the best deck using them (docs/lab.md)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "deck", metavar="DECK", help="the deck: file, deck id (of --user) or demo deck slug"
        )
        parser.add_argument("--game", default=DEFAULT_GAME, help=f"one of {', '.join(available_games())}")
        parser.add_argument("--user", required=True, help="whose collection")
        parser.add_argument(
            "--collection", type=int, required=True, help="the collection (an id of --user's)"
        )
        parser.add_argument(
            "--field", nargs="+", required=True, metavar="REF", help="the decks to beat, or demo"
        )
        parser.add_argument("--weights", nargs="+", type=float, metavar="W", help="the field's weights")
        parser.add_argument("--budget", type=int, required=True, help="games in all")
        parser.add_argument("--seed", type=int, help="default: a random one, printed")
        parser.add_argument("--keep", nargs="+", default=[], metavar="SLUG", help="cards never taken out")
        parser.add_argument(
            "--setting",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help=f"a parameter ({', '.join(ACQUIRE_SETTING_BOUNDS)})",
        )
        parser.add_argument("--policy", help="the AI policy of every deck (default: the game's)")
        parser.add_argument(
            "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option"
        )
        parser.add_argument("--via", choices=("local", "celery"), default="local")
        parser.add_argument("--processes", type=int, help="local: worker processes (default: every core)")
        parser.add_argument("--chunk-size", type=int, help="games per chunk over all the decks of a work")
        parser.add_argument("--json", action="store_true", help="print the results document (the API's)")
        parser.add_argument("--no-progress", action="store_true", help="no progress bar (celery)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            self._handle(options)
        except (DomainError, CliError) as exc:
            raise CommandError(describe_error(exc, user=options.get("user"))) from None

    def _handle(self, options: dict[str, Any]) -> None:
        try:
            spec = get_game_spec(options["game"])
        except UnknownGameError:
            raise CliError(
                f"unknown game {options['game']!r}; games: {', '.join(available_games())}"
            ) from None
        user = get_user_model().objects.filter(username=options["user"]).first()
        if user is None:
            raise CliError(f"no user {options['user']!r}")
        prepared = simulation_prepare(
            owner=user,
            game=spec.name,
            kind=ACQUIRE,
            entrants=[deck_entrant(options["deck"], policy=None)],
            field=field_of(options["field"], options["weights"]),
            games=options["budget"],
            seed=options["seed"],
            chunk_size=options["chunk_size"],
            options=parse_options(spec, options["option"]),
            policy=options["policy"],
            collection_id=options["collection"],
            keep=options["keep"] or None,
            settings=parse_settings(options["setting"]),
        )
        if options["seed"] is None:
            self.stderr.write(f"seed {prepared.seed}")
        if options["via"] == "celery":
            job = job_save(owner=user, prepared=prepared)
            self.stderr.write(f"job #{job.pk} submitted")
            job = follow_job(
                job.pk, progress=not options["no_progress"], stderr=cast(TextIO, self.stderr._out)
            )
            self._output(selectors.job_results(job=job), options)
            if job.status != SimulationJob.Status.DONE:
                raise CommandError(f"job #{job.pk} {job.status}" + (f": {job.error}" if job.error else ""))
            return
        acquirer, state = run_acquire_local(
            prepared_acquire_problem(prepared), processes=options["processes"] or os.cpu_count() or 1
        )
        results = selectors.acquire_results_document(
            game=prepared.game,
            options=prepared.options,
            seed=prepared.seed,
            entrants=prepared.entrants_json(),
            acquirer=acquirer,
            state=state,
            base_name=prepared.entrants[0].deck_name,
            collection=prepared.collection.pk if prepared.collection is not None else None,
        )
        self._output({**results, "partial": False}, options)

    def _output(self, results: dict[str, Any], options: dict[str, Any]) -> None:
        if options["json"]:
            self.stdout.write(json.dumps(results, ensure_ascii=False, indent=1))
            return
        for line in acquire_lines(results):
            self.stdout.write(line)
