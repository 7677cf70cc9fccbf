"""``manage.py load_cardset [DIR]``: load the bundled card set (idempotent, one transaction)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.domain.cardset import DEFAULT_CARDSET_DIR
from cards.importers.cardset import CardsetError, cardset_load


class Command(BaseCommand):
    help = "Load the card set files (reference.json, characters.json, cards.json) into the database."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "directory",
            nargs="?",
            default=str(DEFAULT_CARDSET_DIR),
            help="card set directory (default: bundled)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = cardset_load(directory=options["directory"])
        except CardsetError as exc:
            raise CommandError(f"{exc.message} (nothing was changed)") from exc
        for line in report.lines():
            self.stdout.write(line)
        self.stdout.write(self.style.SUCCESS(f"card set loaded: {report.changed} rows written"))
