"""``manage.py cardtext census FILE.tsv``: the clause shapes of card rules texts.

``FILE.tsv`` is shaped like the reference ``card-texts.tsv`` (tab-separated, columns ``seq``,
``name_en``, ``name_fr``, ``text_en``, ``text_fr``). The vocabulary (guilds, classes, races,
castes, card types) is the database's reference tables (``load_cardset`` loads them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.domain.text_compiler import TextFileError, TextRow, census, read_text_rows
from cards.models import Guild
from cards.selectors import text_vocabulary


def _rows(path: str) -> list[TextRow]:
    try:
        with Path(path).open(encoding="utf-8", newline="") as fh:
            return read_text_rows(fh)
    except FileNotFoundError:
        raise CommandError(f"{path}: no such file") from None
    except (UnicodeDecodeError, TextFileError) as exc:
        raise CommandError(f"{path}: {exc}") from None


class Command(BaseCommand):
    help = "Card rules texts: count the clause shapes of a file shaped like card-texts.tsv (census)."

    def add_arguments(self, parser: CommandParser) -> None:
        sub = parser.add_subparsers(dest="action", required=True)
        census_parser = sub.add_parser("census", help="count clause shapes and families of a TSV file")
        census_parser.add_argument("file", help="a file shaped like card-texts.tsv")
        census_parser.add_argument("--top", type=int, default=40, help="how many shapes to list (40)")

    def handle(self, *args: Any, **options: Any) -> None:
        if not Guild.objects.exists():
            raise CommandError("the reference tables are empty: run manage.py load_cardset first")
        vocabulary = text_vocabulary()
        if options["action"] == "census":
            if options["top"] < 0:
                raise CommandError("--top must be 0 or more")
            rows = _rows(options["file"])
            result = census((row.text for row in rows), vocabulary)
            for line in result.lines(top=options["top"]):
                self.stdout.write(line)
