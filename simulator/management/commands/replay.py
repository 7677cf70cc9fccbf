"""``manage.py replay FILE`` — check game records against the rules and tell the games readably.

    replay FILE            a record (docs/game-records.md), or a JSON list of records
                           (``simulate --record``); ``-`` reads standard input
    replay FILE --quiet    only the verdicts
    replay FILE --json     the verdicts as JSON (as ``POST /api/records/verify/`` answers)

Exit status 0 when every record replays; 1 when one does not (the first thing wrong in it is
named, with the rule it breaks). Thin: read, call the service, print.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from simulator.records import RecordError, Replay, loads
from simulator.services.records import record_verify


def verdict(replay: Replay | None, error: RecordError | None, game: Any) -> dict[str, Any]:
    """One record's verdict as JSON."""
    if error is not None:
        return {"valid": False, "game": game, "error": error.as_dict()}
    assert replay is not None
    return {
        "valid": True,
        "game": replay.game,
        "result": dict(replay.result),
        "deals": replay.deals,
        "actions": replay.actions,
    }


class Command(BaseCommand):
    help = "Replay game records: every action legal, every score and the result right."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a record file (JSON), a JSON list of records, or - for stdin")
        parser.add_argument("--quiet", action="store_true", help="print only the verdicts")
        parser.add_argument("--json", action="store_true", help="print the verdicts as JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        name: str = options["file"]
        try:
            text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"{name}: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise CommandError(f"{name}: not UTF-8 text") from None
        try:
            document = loads(text)
        except RecordError as exc:
            raise CommandError(f"{name}: {exc.message}") from None
        records = document if isinstance(document, list) else [document]
        if not records:
            raise CommandError(f"{name}: an empty list of records")
        verdicts = []
        failed = 0
        for number, record in enumerate(records, start=1):
            label = f"record {number}" if len(records) > 1 else name
            game = record.get("game") if isinstance(record, dict) else None
            try:
                replay = record_verify(record=record)
            except RecordError as exc:
                failed += 1
                verdicts.append(verdict(None, exc, game))
                if not options["json"]:
                    self.stderr.write(f"{label}: INVALID — {exc}")
                continue
            verdicts.append(verdict(replay, None, game))
            if options["json"]:
                continue
            if not options["quiet"]:
                for line in replay.transcript:
                    self.stdout.write(line)
            winner = replay.result.get("winner")
            scores = replay.result.get("scores")
            outcome = "a draw" if winner is None else f"seat {winner} wins"
            self.stdout.write(
                self.style.SUCCESS(
                    f"{label}: valid {replay.game} record — {replay.deals} deal(s), "
                    f"{replay.actions} actions, {outcome}, scores {scores}"
                )
            )
        if options["json"]:
            self.stdout.write(json.dumps(verdicts if len(records) > 1 else verdicts[0], indent=1))
        if failed:
            raise CommandError(f"{failed} of {len(records)} record(s) do not replay", returncode=1)
