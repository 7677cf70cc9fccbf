"""``manage.py load_demo_decks [FILE]``: load the bundled demo decks (idempotent)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from decks.services import DEMO_DECKS_PATH, demo_decks_load
from eredan.errors import DomainError


class Command(BaseCommand):
    help = "Load the public demo decks (fixtures/cardset/decks.json) after the card set. Idempotent."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", nargs="?", default=str(DEMO_DECKS_PATH), help="decks.json to load")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = demo_decks_load(path=options["file"])
        except DomainError as exc:
            raise CommandError(f"{exc.message} (nothing was changed)") from exc
        self.stdout.write(
            self.style.SUCCESS(
                f"demo decks: {len(report.created)} created, {len(report.updated)} updated, "
                f"{len(report.unchanged)} unchanged"
            )
        )
        for slug in report.invalid:
            self.stdout.write(self.style.WARNING(f"demo deck {slug!r} breaks a deck-building rule"))
