"""``manage.py eredan_play <deck-a> <deck-b> [--seed N] [--policy-a P] [--policy-b P] [--json]``

Plays one Eredan game (deck A in seat 0) and prints it turn by turn, or its JSON event log and
summary with ``--json``. Decks are demo deck slugs of the bundled card set or deck files
(see ``docs/eredan-engine.md``).
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from simulator.games.eredan.compiled import UnsupportedSpecError
from simulator.games.eredan.decks import DeckNotFoundError, resolve_deck
from simulator.games.eredan.eventlog import render
from simulator.games.eredan.game import play_one
from simulator.games.eredan.policies import POLICY_NAMES
from simulator.games.eredan.rules import TURN_CAP


class Command(BaseCommand):
    help = "Play one Eredan game between two decks and print it turn by turn (or as JSON)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("deck_a", help="demo deck slug or deck JSON file (seat A)")
        parser.add_argument("deck_b", help="demo deck slug or deck JSON file (seat B)")
        parser.add_argument("--seed", type=int, default=1, help="game seed (default 1)")
        parser.add_argument("--policy-a", choices=POLICY_NAMES, default="greedy")
        parser.add_argument("--policy-b", choices=POLICY_NAMES, default="greedy")
        parser.add_argument("--turn-cap", type=int, default=TURN_CAP, help=f"turn cap (default {TURN_CAP})")
        parser.add_argument("--json", action="store_true", help="print the JSON event log and summary")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            decks = (resolve_deck(options["deck_a"]), resolve_deck(options["deck_b"]))
            result = play_one(
                decks,
                seed=options["seed"],
                policies=(options["policy_a"], options["policy_b"]),
                turn_cap=options["turn_cap"],
            )
        except (DeckNotFoundError, UnsupportedSpecError, ValueError) as exc:
            raise CommandError(str(exc)) from exc
        if options["json"]:
            self.stdout.write(json.dumps(result, ensure_ascii=False, indent=1))
            return
        for label, deck, policy in zip("AB", decks, result["policies"], strict=True):
            self.stdout.write(f"{label}: {deck.name} ({policy})")
        for line in render(result["log"], names=result["names"]):
            self.stdout.write(line)
