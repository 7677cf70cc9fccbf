"""End-to-end tests: a real headless Chromium (Debian's ``/usr/bin/chromium``, driven by Playwright)
against the real stack — ``manage.py bootstrap`` then ``manage.py serve`` (gunicorn + a Celery worker)
on a database and a Redis database of their own — exactly what ``make up`` runs.

The tests talk to the site only over HTTP, like a user; they never touch the database. Screenshots
go to ``var/e2e/`` (``E2E_ARTIFACTS`` overrides), kept as test artifacts.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(os.environ.get("E2E_ARTIFACTS", REPO / "var" / "e2e"))
REDIS_URL = os.environ.get("E2E_REDIS_URL", "redis://127.0.0.1:6379/13")
#: Chromium flags for a root user on a machine with a closed network (no sandbox, no background
#: connections that would be refused and logged as console errors).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

#: The demo accounts ``manage.py bootstrap`` creates (eredan/services.py DEMO_ACCOUNTS).
ALICE = ("alice", "alice-demo")
BOB = ("bob", "bob-demo")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _e2e_database() -> tuple[str, Callable[[], None]]:
    """A fresh database for the site under test, and how to drop it: ``<name>_e2e`` beside the
    PostgreSQL database of ``DATABASE_URL``, else a SQLite file in a temporary folder."""
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        import psycopg

        base, _, name = url.rpartition("/")
        name = name.split("?")[0] + "_e2e"
        admin = f"{base}/postgres"

        def run(sql: str) -> None:
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(sql)

        run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        run(f'CREATE DATABASE "{name}"')
        return f"{base}/{name}", lambda: run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    folder = tempfile.mkdtemp(prefix="eredan-e2e-")
    return f"sqlite:///{folder}/e2e.sqlite3", lambda: shutil.rmtree(folder, ignore_errors=True)


def _wait_for(url: str, process: subprocess.Popen[bytes], timeout: float = 90.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the site exited with status {process.returncode} before answering")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.3)
    raise RuntimeError(f"the site did not answer {url} within {timeout:.0f} s")


@dataclass
class Site:
    """The running site: its base URL and the environment it runs with."""

    url: str
    env: dict[str, str] = field(repr=False)

    def manage(self, *args: str) -> str:
        """Run a management command against the site's database (test set-up only)."""
        done = subprocess.run(
            [sys.executable, "manage.py", *args], cwd=REPO, env=self.env, capture_output=True, text=True
        )
        if done.returncode != 0:
            raise RuntimeError(f"manage.py {' '.join(args)} failed: {done.stderr[-2000:]}")
        return done.stdout


@pytest.fixture(scope="package")
def site() -> Iterator[Site]:
    """bootstrap + serve on a database and Redis database of their own, for the whole package."""
    import redis

    database_url, drop = _e2e_database()
    redis.Redis.from_url(REDIS_URL).flushdb()
    port = _free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REDIS_URL": REDIS_URL,
        "DEBUG": "false",
        "PYTHONUNBUFFERED": "1",
    }
    log_path = ARTIFACTS / "site.log"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    s = Site(url=f"http://127.0.0.1:{port}", env=env)
    s.manage("bootstrap", "--demo")
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "manage.py", "serve", "--host", "127.0.0.1", "--port", str(port),
             "--workers", "2", "--concurrency", "1"],
            cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        try:
            _wait_for(f"{s.url}/accounts/login/", process)
            yield s
        finally:
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
            drop()
            redis.Redis.from_url(REDIS_URL).flushdb()


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium, once for the package (stopped before other packages' tests run:
    Playwright's sync API keeps an event loop while it lives)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package (.ci/run does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@dataclass
class Console:
    """Every console error and uncaught page error seen while a test ran."""

    errors: list[str] = field(default_factory=list)


def _new_page(browser: Any, site: Site, viewport: dict[str, int], console: Console) -> Any:
    context = browser.new_context(base_url=site.url, viewport=viewport)
    # The same patience for actions and for expect(...) assertions (whose own default is 5 s): on a
    # shared two-core machine a page's answer can take several seconds.
    from playwright.sync_api import expect

    context.set_default_timeout(15_000)
    expect.set_options(timeout=15_000)
    page = context.new_page()
    page.on("console", lambda m: console.errors.append(f"console: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: console.errors.append(f"page error: {e}"))
    return page


@pytest.fixture
def console() -> Iterator[Console]:
    seen = Console()
    yield seen
    assert seen.errors == [], "the browser reported errors"


@pytest.fixture
def page(browser: Any, site: Site, console: Console) -> Iterator[Any]:
    """A desktop-sized page in a fresh browser context (no cookies)."""
    p = _new_page(browser, site, DESKTOP, console)
    yield p
    p.context.close()


@pytest.fixture
def phone_page(browser: Any, site: Site, console: Console) -> Iterator[Any]:
    """A phone-sized page in a fresh browser context."""
    p = _new_page(browser, site, PHONE, console)
    yield p
    p.context.close()


def sign_in(page: Any, account: tuple[str, str] = ALICE) -> None:
    """Sign in through the sign-in form, as a user would."""
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(account[0])
    page.get_by_label("Password").fill(account[1])
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(r"^(?!.*/accounts/login/)"))


def screenshot(page: Any, name: str) -> Path:
    """Save a full-page screenshot as a test artifact: ``var/e2e/<name>.png``."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def axe_check(
    page: Any, name: str = "", *, include: list[str] | None = None, exclude: list[str] | None = None
) -> None:
    """axe-core (axe-playwright-python's bundled copy) on the page as it is: no violation of any
    rule it runs (WCAG 2 A and AA, best practices). ``include`` / ``exclude``: CSS selectors of
    the parts to check / to leave out (default: the whole page)."""
    from axe_playwright_python.sync_playwright import Axe

    context: dict[str, Any] | None = None
    if include or exclude:
        context = {}
        if include:
            context["include"] = [[s] for s in include]
        if exclude:
            context["exclude"] = [[s] for s in exclude]
    results = Axe().run(page, context=context)
    violations = results.response.get("violations", [])
    found = [
        f"{v['id']} ({v['impact']}): {v['help']} — " + "; ".join(n["target"][0] for n in v["nodes"][:5])
        for v in violations
    ]
    assert found == [], f"axe found {len(found)} violation(s) on {name or page.url}:\n" + "\n".join(found)
