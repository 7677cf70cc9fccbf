"""``manage.py cardtext``: the rules-text compiler from the command line.

- ``cardtext compile "…texte…" [--character] [--name N]``: the effects (JSON) and the unread clauses;
- ``cardtext coverage FILE.tsv [--top N]``: the share of texts compiled with no unread clause, the
  share of clauses read, the most frequent unread clause shapes; the last line is exactly
  ``compiled N of M texts fully (P%)``;
- ``cardtext census FILE.tsv [--top N]``: the clause shapes and families of the texts.

``FILE.tsv`` is shaped like the reference ``card-texts.tsv`` (tab-separated, columns ``seq``,
``name_en``, ``name_fr``, ``text_en``, ``text_fr``). The vocabulary (guilds, classes, races,
castes, card types) is the database's reference tables (``load_cardset`` loads them), and quoted
card names are the database's evolution families where a family has that name; ``coverage`` also
knows the names of the file's own rows (those of the card pool it measures, which an import of
that pool would make families), so that a text naming a character without quotes is read.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.domain.text_compiler import (
    TextCompiler,
    TextFileError,
    TextRow,
    census,
    coverage,
    names_of,
    read_text_rows,
)
from cards.models import Guild
from cards.selectors import text_families, text_vocabulary


def _rows(path: str) -> list[TextRow]:
    try:
        with Path(path).open(encoding="utf-8", newline="") as fh:
            return read_text_rows(fh)
    except FileNotFoundError:
        raise CommandError(f"{path}: no such file") from None
    except (UnicodeDecodeError, TextFileError) as exc:
        raise CommandError(f"{path}: {exc}") from None


class Command(BaseCommand):
    help = (
        "Card rules texts: compile one (compile), measure how much of a file shaped like "
        "card-texts.tsv compiles (coverage), count its clause shapes (census)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        sub = parser.add_subparsers(dest="action", required=True)
        compile_parser = sub.add_parser(
            "compile", help="compile one rules text; print JSON and unread clauses"
        )
        compile_parser.add_argument("text", help="the rules text (French)")
        compile_parser.add_argument("--character", action="store_true", help="a character's text")
        compile_parser.add_argument("--name", default="", help="the card's name (a character names itself)")
        coverage_parser = sub.add_parser("coverage", help="how much of a TSV file compiles")
        coverage_parser.add_argument("file", help="a file shaped like card-texts.tsv")
        coverage_parser.add_argument(
            "--top", type=int, default=30, help="how many unread shapes to list (30)"
        )
        census_parser = sub.add_parser("census", help="count clause shapes and families of a TSV file")
        census_parser.add_argument("file", help="a file shaped like card-texts.tsv")
        census_parser.add_argument("--top", type=int, default=40, help="how many shapes to list (40)")

    def handle(self, *args: Any, **options: Any) -> None:
        if not Guild.objects.exists():
            raise CommandError("the reference tables are empty: run manage.py load_cardset first")
        vocabulary = text_vocabulary()
        if options.get("top") is not None and options["top"] < 0:
            raise CommandError("--top must be 0 or more")
        action = options["action"]
        if action == "compile":
            compiler = TextCompiler(vocabulary, text_families())
            result = compiler.compile(
                options["text"],
                subject="character" if options["character"] else "card",
                name=options["name"],
            )
            self.stdout.write(json.dumps(result.to_json(), ensure_ascii=False, indent=1))
            if result.unread:
                self.stdout.write(f"{len(result.unread)} unread clause(s):")
                for clause in result.clauses:
                    if not clause.read:
                        self.stdout.write(f"  - {clause.text}  [{clause.shape}]")
            else:
                self.stdout.write("every clause read")
        elif action == "coverage":
            rows = _rows(options["file"])
            # the file's own names are names too, as they are once its card pool is imported
            compiler = TextCompiler(vocabulary, {**names_of(rows, vocabulary), **text_families()})
            report = coverage(rows, compiler)
            for line in report.lines(top=options["top"]):
                self.stdout.write(line)
        else:
            rows = _rows(options["file"])
            shapes = census((row.text for row in rows), vocabulary)
            for line in shapes.lines(top=options["top"]):
                self.stdout.write(line)
