"""``manage.py cribbage score|table|discard|play`` — thin: parse, call the cli module, report errors.

See docs/cribbage.md.
"""

from __future__ import annotations

import secrets
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from simulator.engine.playing_cards import CardParseError
from simulator.games.cribbage import cli
from simulator.games.cribbage.policies import POLICIES
from simulator.games.cribbage.scoring import CribbageInputError

MAX_SEED = 2**63 - 1


class _Raw:
    """The command's stdout without Django's automatic line endings (prompts end mid-line)."""

    def __init__(self, wrapper: Any) -> None:
        self.wrapper = wrapper

    def write(self, text: str) -> None:
        self.wrapper.write(text, ending="")

    def flush(self) -> None:
        self.wrapper.flush()


class Command(BaseCommand):
    help = "Cribbage: score a hand, the exact score table, the discard advisor, or play in the terminal."
    #: ``call_command(..., stdin=io.StringIO(...))`` for tests.
    stealth_options = ("stdin",)
    #: Pure computation: no models, URLs or database, so the system checks (~0.5 s) are skipped.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        sub = parser.add_subparsers(dest="subcommand", required=True, metavar="{score,table,discard,play}")

        score = sub.add_parser("score", help="score a hand (or crib) with its starter")
        score.add_argument(
            "cards", nargs="+", help="4 cards, e.g. 5H 5D 5C JS; or '-' to read lines from stdin"
        )
        score.add_argument("--starter", help="the starter card, e.g. 5S")
        score.add_argument("--crib", action="store_true", help="score as a crib (only a 5-card flush)")

        table = sub.add_parser("table", help="exact score distribution over all 12,994,800 (hand, starter)")
        table.add_argument("--crib", action="store_true", help="score as cribs")

        discard = sub.add_parser("discard", help="rank the 15 discards of a 6-card hand")
        discard.add_argument("cards", nargs="+", help="6 cards")
        discard.add_argument("--dealer", action="store_true", help="you are the dealer (the crib is yours)")

        play = sub.add_parser("play", help="play against the computer in the terminal")
        play.add_argument("--seed", type=int, help="replay a game (default: random, printed)")
        play.add_argument("--ai", default="ev", choices=sorted(POLICIES), help="the computer's policy")
        play.add_argument("--watch", action="store_true", help="watch two AIs play")
        play.add_argument("--record", metavar="FILE", help="write the game's record (docs/game-records.md)")

    def handle(self, *args: Any, **options: Any) -> None:
        out = _Raw(self.stdout)
        stdin = options.get("stdin") or sys.stdin
        try:
            match options["subcommand"]:
                case "score":
                    self._score(options, out, stdin)
                case "table":
                    cli.print_table(crib=options["crib"], out=out)
                case "discard":
                    if len(options["cards"]) != 6:
                        raise CommandError(f"discard takes 6 cards, not {len(options['cards'])}")
                    cli.print_discards(options["cards"], dealer=options["dealer"], out=out)
                case "play":
                    seed = options["seed"]
                    if seed is None:
                        seed = secrets.randbelow(MAX_SEED)
                    elif not 0 <= seed <= MAX_SEED:
                        raise CommandError(f"--seed must be between 0 and {MAX_SEED}")
                    cli.play_terminal(
                        seed=seed,
                        ai=options["ai"],
                        watch=options["watch"],
                        inp=stdin,
                        out=out,
                        record=options["record"],
                    )
        except (CardParseError, CribbageInputError) as error:
            raise CommandError(str(error)) from error

    def _score(self, options: dict[str, Any], out: _Raw, stdin: Any) -> None:
        cards = options["cards"]
        if cards == ["-"]:
            if options["starter"] or options["crib"]:
                raise CommandError("with '-', give the starter and 'crib' on each input line")
            errors = cli.score_lines(stdin, out=out)
            if errors:
                raise CommandError(f"{errors} bad line(s)")
            return
        if not options["starter"]:
            raise CommandError("--starter is required, e.g. --starter 5S")
        cli.score_hand(cards, options["starter"], crib=options["crib"], out=out)
