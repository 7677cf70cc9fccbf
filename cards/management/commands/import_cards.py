"""``manage.py import_cards FILE [--dry-run]``: import the community cards.json dump."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.importers.community import ImportFileError, community_import


class Command(BaseCommand):
    help = (
        "Import a community cards.json dump (types, guilds, classes, races, castes, evolution chains, "
        "stats). Idempotent; prints counts and every record it could not map. One transaction."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="path of the cards.json file")
        parser.add_argument("--dry-run", action="store_true", help="report what would change, save nothing")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = community_import(path=options["file"], dry_run=options["dry_run"])
        except ImportFileError as exc:
            raise CommandError(f"{exc.message} (nothing was changed)") from exc
        for line in report.lines():
            self.stdout.write(line)
