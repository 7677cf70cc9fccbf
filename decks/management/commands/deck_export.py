"""``manage.py deck_export DECK``: write a deck (by id or demo-deck slug) in the text format."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from decks.models import Deck
from decks.selectors import deck_export_text, with_entries


class Command(BaseCommand):
    help = "Write a deck in the deck text format (docs/decks.md), to stdout or a file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("deck", help="deck id, or the slug of a demo deck")
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")

    def handle(self, *args: Any, **options: Any) -> None:
        key = options["deck"]
        qs = Deck.objects.filter(pk=int(key)) if key.isdigit() else Deck.objects.filter(slug=key)
        deck = with_entries(qs).first()
        if deck is None:
            raise CommandError(f"no deck {key!r}")
        text = deck_export_text(deck=deck)
        if options["output"]:
            Path(options["output"]).write_text(text, encoding="utf-8")
        else:
            self.stdout.write(text, ending="")
