"""``manage.py bootstrap``: make a fresh installation ready (idempotent; safe to run again).

Migrates the database, loads the bundled card set and the public demo decks, and creates the demo
accounts (see ``eredan.services.DEMO_ACCOUNTS``).
"""

from __future__ import annotations

from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from cards.importers.cardset import CardsetError, cardset_load
from decks.services import demo_decks_load
from eredan.errors import DomainError
from eredan.services import DEMO_ACCOUNTS, demo_accounts_ensure


class Command(BaseCommand):
    help = "Migrate, load the bundled cards and demo decks, create the demo accounts."

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
        accounts = demo_accounts_ensure()
        for username, password, staff in DEMO_ACCOUNTS:
            state = "created" if username in accounts.created else "exists"
            role = "staff" if staff else "player"
            self.stdout.write(f"account {username!r} ({role}, password {password!r}): {state}")
        self.stdout.write(self.style.SUCCESS("bootstrap done"))
