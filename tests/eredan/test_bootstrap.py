"""``manage.py bootstrap`` (issue 20 must-fix 2): accounts with published passwords only with
``--demo`` (which ``make up`` passes), never by default."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from eredan.services import DEMO_ACCOUNTS

pytestmark = pytest.mark.django_db

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def quick(monkeypatch, settings):
    """The card set and demo decks are someone else's tests: here only the accounts matter."""
    from cards.importers.cardset import LoadReport
    from decks.services import DemoDecksReport
    from eredan.management.commands import bootstrap

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    monkeypatch.setattr(bootstrap, "cardset_load", lambda: LoadReport())
    monkeypatch.setattr(bootstrap, "demo_decks_load", lambda: DemoDecksReport())


def bootstrap(*args: str) -> str:
    out = io.StringIO()
    call_command("bootstrap", *args, stdout=out)
    return out.getvalue()


def test_without_demo_no_account_is_created():
    out = bootstrap()
    assert get_user_model().objects.count() == 0
    assert "no account created" in out
    assert "eredan-admin" not in out and "alice-demo" not in out


def test_with_demo_the_demo_accounts_sign_in():
    out = bootstrap("--demo")
    for username, password, staff in DEMO_ACCOUNTS:
        user = get_user_model().objects.get(username=username)
        assert user.check_password(password)
        assert user.is_superuser == staff
        assert f"account {username!r}" in out
    assert "never on a public server" in out
    client = Client()
    response = client.post("/accounts/login/", {"username": "alice", "password": "alice-demo"})
    assert response.status_code == 302
    assert client.get("/api/decks/").status_code == 200


def test_an_overridden_password_is_not_printed(monkeypatch):
    monkeypatch.setenv("DEMO_ADMIN_PASSWORD", "not-for-the-terminal")
    out = bootstrap("--demo")
    assert get_user_model().objects.get(username="admin").check_password("not-for-the-terminal")
    assert "not-for-the-terminal" not in out
    assert "password from DEMO_ADMIN_PASSWORD" in out


def test_demo_accounts_left_with_published_passwords_are_warned_about():
    bootstrap("--demo")
    alice = get_user_model().objects.get(username="alice")
    alice.set_password("changed-on-purpose")
    alice.save()
    out = bootstrap()
    assert "demo accounts with their published password: admin, bob" in out


def test_the_sign_in_page_names_demo_accounts_only_when_they_exist():
    page = Client().get("/accounts/login/").content.decode()
    assert "alice-demo" not in page and "Demo accounts" not in page
    bootstrap("--demo")
    page = Client().get("/accounts/login/").content.decode()
    assert "<code>alice</code> / <code>alice-demo</code>" in page
    assert "eredan-admin" not in page  # the staff account is never advertised


def test_make_up_passes_demo():
    """The README's quick start (``make up``) still gives the demo accounts it lists."""
    makefile = (REPO / "Makefile").read_text()
    assert "manage.py bootstrap --demo" in makefile
    e2e = (REPO / "tests" / "e2e" / "conftest.py").read_text()
    assert 's.manage("bootstrap", "--demo")' in e2e
