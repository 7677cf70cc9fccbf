"""Project-level services: setting up a fresh installation."""

from __future__ import annotations

import os
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction

#: The demo accounts ``manage.py bootstrap`` creates (the README states them).
#: (username, password, staff). Passwords can be overridden by DEMO_<USERNAME>_PASSWORD.
DEMO_ACCOUNTS: tuple[tuple[str, str, bool], ...] = (
    ("admin", "eredan-admin", True),
    ("alice", "alice-demo", False),
    ("bob", "bob-demo", False),
)


@dataclass(frozen=True)
class DemoAccountsReport:
    created: tuple[str, ...]
    existing: tuple[str, ...]


@transaction.atomic
def demo_accounts_ensure() -> DemoAccountsReport:
    """Create the demo accounts that do not exist yet; never touch existing ones (their
    passwords may have been changed on purpose)."""
    user_model = get_user_model()
    created: list[str] = []
    existing: list[str] = []
    for username, password, staff in DEMO_ACCOUNTS:
        if user_model.objects.filter(username=username).exists():
            existing.append(username)
            continue
        user = user_model(username=username, is_staff=staff, is_superuser=staff)
        user.set_password(os.environ.get(f"DEMO_{username.upper()}_PASSWORD", password))
        user.save()
        created.append(username)
    return DemoAccountsReport(created=tuple(created), existing=tuple(existing))


def site_counts() -> dict[str, int]:
    """What the home page says the installation holds."""
    from cards.models import Card, Character, Guild
    from decks.models import Deck

    return {
        "characters": Character.objects.count(),
        "cards": Card.objects.count(),
        "guilds": Guild.objects.count(),
        "demo_decks": Deck.objects.filter(owner__isnull=True).count(),
    }
