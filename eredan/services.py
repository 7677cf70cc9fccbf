"""Project-level services: setting up a fresh installation."""

from __future__ import annotations

import os
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction

#: The demo accounts ``manage.py bootstrap --demo`` creates (the README states them), and only it:
#: their passwords are published. (username, password, staff). DEMO_<USERNAME>_PASSWORD overrides
#: a password.
DEMO_ACCOUNTS: tuple[tuple[str, str, bool], ...] = (
    ("admin", "eredan-admin", True),
    ("alice", "alice-demo", False),
    ("bob", "bob-demo", False),
)


@dataclass(frozen=True)
class DemoAccountsReport:
    created: tuple[str, ...]
    existing: tuple[str, ...]


def _demo_password(username: str, password: str) -> str:
    return os.environ.get(f"DEMO_{username.upper()}_PASSWORD", password)


@transaction.atomic
def demo_accounts_ensure() -> DemoAccountsReport:
    """Create the demo accounts that do not exist yet; never touch existing ones (their
    passwords may have been changed on purpose). Only on request (``bootstrap --demo``): their
    passwords are published in the README."""
    user_model = get_user_model()
    created: list[str] = []
    existing: list[str] = []
    for username, password, staff in DEMO_ACCOUNTS:
        if user_model.objects.filter(username=username).exists():
            existing.append(username)
            continue
        user = user_model(username=username, is_staff=staff, is_superuser=staff)
        user.set_password(_demo_password(username, password))
        user.save()
        created.append(username)
    return DemoAccountsReport(created=tuple(created), existing=tuple(existing))


def demo_accounts_published() -> tuple[str, ...]:
    """The demo accounts that exist and still have their published password (what ``bootstrap``
    warns about on an installation that should have none). Checks one password per account."""
    user_model = get_user_model()
    found: list[str] = []
    for username, password, _staff in DEMO_ACCOUNTS:
        user = user_model.objects.filter(username=username).first()
        if user is not None and user.check_password(_demo_password(username, password)):
            found.append(username)
    return tuple(found)


def demo_players_listed() -> tuple[tuple[str, str], ...]:
    """The demo players (not staff) the sign-in page names, with their published passwords:
    those whose account exists (an installation made without ``bootstrap --demo`` lists none) and
    whose password no DEMO_<USERNAME>_PASSWORD replaced (never shown). One query, no password
    checked (the page is public)."""
    players = {
        username: password
        for username, password, staff in DEMO_ACCOUNTS
        if not staff and not os.environ.get(f"DEMO_{username.upper()}_PASSWORD")
    }
    present = set(get_user_model().objects.filter(username__in=players).values_list("username", flat=True))
    return tuple((name, password) for name, password in players.items() if name in present)


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
