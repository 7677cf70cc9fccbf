"""``python manage.py crapette play [--seed N] [--stock 20] [--watch]``: Crapette in the terminal.

Thin: parses the options and runs :func:`simulator.games.crapette.cli.play_in_terminal`.
"""

from __future__ import annotations

import secrets
import sys
from typing import Any, TextIO, cast

from django.core.management.base import BaseCommand, CommandError, CommandParser

from simulator.games.crapette.cli import POLICIES, play_in_terminal
from simulator.games.crapette.game import DEFAULT_STOCK_SIZE, MAX_STOCK_SIZE, MIN_STOCK_SIZE


class Command(BaseCommand):
    help = "Crapette (StarGames variant): play against the AI in the terminal, or watch two AIs."
    #: Tests pass ``stdin=`` (a text stream) through ``call_command``.
    stealth_options = ("stdin",)

    def add_arguments(self, parser: CommandParser) -> None:
        subcommands = parser.add_subparsers(dest="subcommand", required=True, metavar="{play}")
        play = subcommands.add_parser("play", help="play a game against the AI (or --watch two AIs)")
        play.add_argument("--seed", type=int, default=None, help="deal seed (default: a random one, printed)")
        play.add_argument(
            "--stock",
            type=int,
            default=DEFAULT_STOCK_SIZE,
            help=f"cards in each stock pile, {MIN_STOCK_SIZE} to {MAX_STOCK_SIZE} "
            f"(default {DEFAULT_STOCK_SIZE})",
        )
        play.add_argument("--watch", action="store_true", help="watch two AIs play each other")
        play.add_argument(
            "--ai", choices=sorted(POLICIES), default="planner", help="the AI (default planner)"
        )
        play.add_argument("--record", metavar="FILE", help="write the game's record (docs/game-records.md)")

    def handle(self, *args: Any, **options: Any) -> None:
        stock = options["stock"]
        if not MIN_STOCK_SIZE <= stock <= MAX_STOCK_SIZE:
            raise CommandError(f"--stock must be from {MIN_STOCK_SIZE} to {MAX_STOCK_SIZE}, got {stock}")
        seed = options["seed"] if options["seed"] is not None else secrets.randbelow(2**31)
        if seed < 0:
            raise CommandError(f"--seed must be a non-negative whole number, got {seed}")
        self.stdout.write(f"Seed {seed} (replay this deal with --seed {seed})")
        self.stdout.ending = ""  # the game writes whole lines itself, and a prompt without one
        play_in_terminal(
            seed=seed,
            stock_size=stock,
            watch=options["watch"],
            ai=options["ai"],
            stdin=options.get("stdin") or sys.stdin,
            stdout=cast(TextIO, self.stdout),  # an OutputWrapper: a text stream, though no typing.TextIO
            record=options["record"],
        )
