"""``manage.py deck_import FILE --owner USER``: save a deck written in the text format."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from decks.services import deck_create_from_text
from eredan.errors import DomainError


class Command(BaseCommand):
    help = "Save a deck written in the deck text format (docs/decks.md) for a user. '-' reads stdin."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="deck text file, or - for standard input")
        parser.add_argument("--owner", required=True, help="username of the deck's owner")
        parser.add_argument("--name", help="deck name (default: the text's Name: line)")
        parser.add_argument("--public", action="store_true", help="make the deck readable by everyone")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            text = (
                sys.stdin.read()
                if options["file"] == "-"
                else Path(options["file"]).read_text(encoding="utf-8")
            )
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"cannot read {options['file']}: {exc}") from exc
        owner = get_user_model().objects.filter(username=options["owner"]).first()
        if owner is None:
            raise CommandError(f"no user {options['owner']!r}")
        try:
            deck = deck_create_from_text(
                owner=owner, text=text, name=options["name"], is_public=options["public"]
            )
        except DomainError as exc:
            lines = exc.details.get("lines") or []
            detail = "\n".join(f"  line {e['line']}: {e['message']}" for e in lines)
            raise CommandError(f"{exc.message if not lines else 'bad lines:'}\n{detail}".rstrip()) from exc
        result = deck.validation or {}
        self.stdout.write(self.style.SUCCESS(f"deck {deck.pk} {deck.name!r} saved"))
        if result.get("valid"):
            self.stdout.write("valid")
        else:
            self.stdout.write("saved as a draft; it breaks these rules:")
            for error in result.get("errors", []):
                self.stdout.write(f"  {error['code']}: {error['message']}")
