"""``manage.py ecarte play [--seed N] [--strict] [--watch]``: Écarté in the terminal."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from simulator.games.ecarte.cli import play_terminal


class Command(BaseCommand):
    help = "Écarté in the terminal: 'play' against the heuristic AI (or --watch two AIs play)."

    def add_arguments(self, parser: CommandParser) -> None:
        subcommands = parser.add_subparsers(dest="subcommand", required=True, metavar="{play}")
        play = subcommands.add_parser("play", help="play one game against the AI")
        play.add_argument("--seed", type=int, default=None, help="replay a game: same seed, same deals")
        play.add_argument("--strict", action="store_true", help="standard écarté: must trump when void")
        play.add_argument("--watch", action="store_true", help="watch two AIs play instead")
        play.add_argument("--record", metavar="FILE", help="write the game's record (docs/game-records.md)")

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.ending = ""  # the game writes its own line ends (prompts stay on their line)
        play_terminal(
            stdin=sys.stdin,
            stdout=self.stdout,  # type: ignore[arg-type]
            seed=options["seed"],
            strict=options["strict"],
            watch=options["watch"],
            record=options["record"],
        )
