"""``manage.py bootstrap``: make a fresh installation ready (idempotent; safe to run again).

Migrates the database and loads the bundled card set and the public demo decks. Accounts whose
passwords are published (``eredan.services.DEMO_ACCOUNTS``) only with ``--demo`` (``make up``
passes it): without it no account is created, and demo accounts still holding their published
password are named in a warning (issue 20: an installation must not have known passwords unless
asked for). A first staff account on a real server: ``manage.py createsuperuser``.
"""

from __future__ import annotations

import os
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.importers.cardset import CardsetError, cardset_load
from decks.services import demo_decks_load
from eredan.errors import DomainError
from eredan.services import DEMO_ACCOUNTS, demo_accounts_ensure, demo_accounts_published


class Command(BaseCommand):
    help = (
        "Migrate, load the bundled cards and demo decks; with --demo, create the demo accounts "
        "(published passwords: never on a public server)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--demo",
            action="store_true",
            help="create the demo accounts admin, alice and bob, whose passwords the README publishes",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        call_command("migrate", interactive=False, verbosity=0)
        self.stdout.write("database migrated")
        try:
            report = cardset_load()
        except CardsetError as exc:
            raise CommandError(f"bundled card set: {exc.message}") from exc
        self.stdout.write(f"card set loaded ({report.changed} rows written)")
        try:
            decks = demo_decks_load()
        except DomainError as exc:
            raise CommandError(f"demo decks: {exc.message}") from exc
        self.stdout.write(
            f"demo decks: {len(decks.created)} created, {len(decks.updated)} updated, "
            f"{len(decks.unchanged)} unchanged"
        )
        if decks.invalid:
            self.stdout.write(self.style.WARNING(f"demo decks breaking a rule: {', '.join(decks.invalid)}"))
        if options["demo"]:
            accounts = demo_accounts_ensure()
            for username, password, staff in DEMO_ACCOUNTS:
                state = "created" if username in accounts.created else "exists"
                role = "staff" if staff else "player"
                variable = f"DEMO_{username.upper()}_PASSWORD"
                told = f"password from {variable}" if os.environ.get(variable) else f"password {password!r}"
                self.stdout.write(f"account {username!r} ({role}, {told}): {state}")
            self.stdout.write(
                self.style.WARNING("demo accounts have published passwords: never on a public server")
            )
        else:
            self.stdout.write(
                "no account created (demo accounts with published passwords: --demo; "
                "your own staff account: manage.py createsuperuser)"
            )
            if published := demo_accounts_published():
                self.stdout.write(
                    self.style.WARNING(
                        "demo accounts with their published password: "
                        f"{', '.join(published)} (change their passwords or delete them)"
                    )
                )
        self.stdout.write(self.style.SUCCESS("bootstrap done"))
