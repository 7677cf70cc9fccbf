"""``manage.py eredan_play <deck-a> <deck-b> [--seed N] [--policy-a P] [--policy-b P] [--user U] [--json]
[--record FILE] [--option NAME=VALUE …]``

Plays one Eredan game (deck A in seat 0, deck B in seat 1) and prints it turn by turn, or its JSON
event log and summary with ``--json``. Decks are named as for ``simulate``: a file (``.json`` or the deck text
format), a deck id or a demo deck slug (with ``--user``, that user's decks too); the cards are
the card database's, so an edit in the admin shows in the next game. Both decks must be valid.
``--record FILE`` writes the game's record (docs/game-records.md), which ``replay`` checks.
``--option NAME=VALUE`` changes a rule decision (a field of ``EredanRules``, docs/rules/eredan.md
§3 Decisions), as ``simulate --option`` does.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.domain.specs import DeckSpec
from cards.specs import get_catalog
from eredan.errors import DomainError
from simulator.cli import CliError, deck_entrant, describe_error, parse_options
from simulator.engine.registry import get_game_spec
from simulator.games.eredan.eventlog import render
from simulator.games.eredan.game import play_one
from simulator.games.eredan.policies import POLICY_NAMES
from simulator.games.eredan.rules import DEFAULT_RULES, EredanRules
from simulator.records import dumps
from simulator.services.requests import simulation_prepare


class Command(BaseCommand):
    help = "Play one Eredan game between two decks and print it turn by turn (or as JSON)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "deck_a", help="deck A, in seat 0: a deck file (.json or text), a deck id or a demo deck slug"
        )
        parser.add_argument("deck_b", help="deck B, in seat 1: the same")
        parser.add_argument("--seed", type=int, default=1, help="game seed (default 1)")
        parser.add_argument("--policy-a", choices=POLICY_NAMES, default="greedy")
        parser.add_argument("--policy-b", choices=POLICY_NAMES, default="greedy")
        parser.add_argument(
            "--turn-cap",
            type=int,
            default=DEFAULT_RULES.turn_cap,
            help=f"turn cap (default {DEFAULT_RULES.turn_cap})",
        )
        parser.add_argument("--user", help="deck ids and slugs may name this user's decks too")
        parser.add_argument("--json", action="store_true", help="print the JSON event log and summary")
        parser.add_argument("--record", metavar="FILE", help="write the game's record (docs/game-records.md)")
        parser.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="a rule decision (docs/rules/eredan.md §3 Decisions), e.g. mage_spell_chain_any=false",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        policies = (options["policy_a"], options["policy_b"])
        try:
            rules = {
                "turn_cap": options["turn_cap"],
                **parse_options(get_game_spec("eredan"), options["option"]),
            }
            decks = _decks(options, policies, rules)
        except (DomainError, CliError) as exc:
            raise CommandError(describe_error(exc, user=options.get("user"))) from None
        result = play_one(
            decks,
            seed=options["seed"],
            policies=policies,
            rules=EredanRules.from_options(rules),
            record=bool(options["record"]),
        )
        if options["record"]:
            Path(options["record"]).write_text(dumps(result.pop("record")), encoding="utf-8")
            self.stderr.write(f"game record written to {options['record']}")
        if options["json"]:
            self.stdout.write(json.dumps(result, ensure_ascii=False, indent=1))
            return
        for seat, (deck, policy) in enumerate(zip(decks, result["policies"], strict=True)):
            self.stdout.write(f"seat {seat}: {deck.name} ({policy})")
        for line in render(result["log"], names=result["names"]):
            self.stdout.write(line)


def _decks(
    options: dict[str, Any], policies: tuple[str, str], rules: dict[str, Any]
) -> tuple[DeckSpec, DeckSpec]:
    """Both decks through the simulator's own checks (a one-game matchup, with the game's options
    ``rules``): the same resolution, validation and specs as ``simulate`` and the API."""
    if not get_catalog().characters:
        raise CliError("the card database is empty: run `manage.py bootstrap` (or `load_cardset`) first")
    user = None
    if options["user"]:
        user = get_user_model().objects.filter(username=options["user"]).first()
        if user is None:
            raise CliError(f"no user {options['user']!r}")
    prepared = simulation_prepare(
        owner=user,
        game="eredan",
        entrants=[
            deck_entrant(options["deck_a"], policy=policies[0]),
            deck_entrant(options["deck_b"], policy=policies[1]),
        ],
        games=1,
        seed=options["seed"],
        options=rules,
    )
    a, b = (entrant.spec for entrant in prepared.entrants)
    assert a is not None and b is not None  # every Eredan entrant that passed the checks has one
    return a, b
