"""schemathesis over the whole API against a real server (gunicorn + PostgreSQL), as an anonymous
client, a player and staff: every case checked for server errors and schema conformance.

The long run of docs/api.md "Quality checks" (``make fuzz``); the in-suite run,
``tests/eredan/test_api_fuzz.py``, makes the same checks on ~1,000 cases in-process. This one
starts ``gunicorn`` (as ``manage.py serve --no-worker`` does) on the given PostgreSQL database,
with throttles and the failed-login lockout set high (the fuzzer is one address sending thousands
of requests, many with random Basic credentials), and sends, per persona, ``--examples`` cases
generated from /api/schema/ in each mode (valid and schema-violating), over HTTP:

* checks: ``not_a_server_error``, ``status_code_conformance``, ``content_type_conformance``,
  ``response_schema_conformance``; every 4xx is the project's error body;
* half the cases name the persona's own objects in their path (a deck, a collection, a copy, a
  finished job), the others random ids; half send ``Accept`` naming the operation's own media
  type (an image, a CSV), which must not be a 406 (unless ``?format=`` asks for another one).

A failing case does not stop the run: every failure is counted and the distinct ones printed.
Exit status 1 if any. Derandomized per ``--seed``. Needs no worker (jobs submitted stay pending).

    DATABASE_URL=postgres://root@localhost:5432/eredan_fuzz REDIS_URL=redis://127.0.0.1:6379/9 \\
        .venv/bin/python benchmarks/api_fuzz.py [--examples 850] [--seed 1] [--workers 2]

The database is the fuzzer's to write in (staff cases create, edit and delete cards): never a
production one. ``--skip-setup`` reuses it as it is (migrated, card set loaded).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
PYTHON = sys.executable
#: Any 32 letters or digits make a valid CSRF secret; sent as cookie and header alike.
CSRF_TOKEN = "fuzz" * 8
SERVER_ENV = {
    "THROTTLE_ANON": "100000000/minute",
    "THROTTLE_USER": "100000000/minute",
    "LOGIN_FAILURE_LIMIT": "100000000",
    "DEBUG": "0",
    "LOG_LEVEL": "ERROR",
    "CONN_MAX_AGE": "60",
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def create_database(url: str) -> None:
    """Create the database ``url`` names if it does not exist yet."""
    import psycopg
    from psycopg import sql

    parts = urllib.parse.urlsplit(url)
    name = parts.path.lstrip("/")
    server = urllib.parse.urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(server, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def setup_database(env: dict[str, str]) -> None:
    create_database(env["DATABASE_URL"])
    manage = [PYTHON, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], check=True, env=env, cwd=ROOT)
    subprocess.run([*manage, "load_cardset"], check=True, env=env, cwd=ROOT, stdout=subprocess.DEVNULL)


def make_personas() -> dict[str, dict[str, Any]]:
    """The fuzzer's users and objects (made again at each run: fresh names), and how each
    persona calls: anonymously, as a player (session cookie + CSRF token), as staff."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from cards.collection.models import ExperienceSource
    from cards.collection.services.collections import collection_create
    from cards.collection.services.copies import CopyRequest, copies_add
    from cards.collection.services.experience import copy_grant_xp, experience_grant_staff
    from cards.models import Card, Character
    from decks.services import deck_create
    from simulator.engine.batch import chunk_ranges
    from simulator.services.chunks import chunk_run
    from simulator.services.jobs import job_create, job_dispatch
    from simulator.services.requests import EntrantInput

    tag = str(int(time.time()))
    users = get_user_model().objects
    player = users.create_user(f"fuzz-player-{tag}")
    other = users.create_user(f"fuzz-other-{tag}")
    staff = users.create_user(f"fuzz-staff-{tag}", is_staff=True)
    characters = list(Character.objects.order_by("slug").values_list("slug", flat=True)[:3])
    card = Card.objects.order_by("slug").values_list("slug", flat=True).first()
    decks = {}
    for owner in (player, other):
        for public in (False, True):
            decks[owner.pk, public] = deck_create(
                owner=owner,
                name=f"{owner.username} {'public' if public else 'private'}",
                characters=characters,
                cards={card: 1} if card else {},
                is_public=public,
            )
    collection = collection_create(owner=player, name=f"fuzz {tag}")
    copy = copies_add(collection=collection, requests=[CopyRequest(slug=characters[0], count=1)])[0]
    copy_grant_xp(copy_id=copy.pk, amount=5, source=ExperienceSource.GAME)  # granted_by null
    experience_grant_staff(copy=copy, amount=3, granted_by=staff, note="fuzz")
    collection_create(owner=other, name=f"fuzz other {tag}")
    job = job_create(
        owner=player,
        game="ecarte",
        kind="round_robin",
        entrants=[
            EntrantInput(policy="heuristic"),
            EntrantInput(policy="random"),
            EntrantInput(policy="random"),
        ],
        games=8,
        seed=1,
        chunk_size=4,
    )
    job_dispatch(job_id=job.pk)  # played here (no worker): results, CSV tables, heatmaps
    for c in chunk_ranges(job.games, job.chunk_size, job.pairings.count()):
        chunk_run(job_id=job.pk, pairing=c.pairing, chunk=c.chunk)
    pins = {
        ("/api/decks/", "id"): decks[player.pk, False].pk,
        ("/api/collections/", "collection_pk"): collection.pk,
        ("/api/collections/", "copy_pk"): copy.pk,
        ("/api/simulations/", "id"): job.pk,
    }

    def login(user: Any) -> dict[str, Any]:
        client = Client()
        client.force_login(user)
        return {
            "headers": {"X-CSRFToken": CSRF_TOKEN},
            "cookies": {"sessionid": client.cookies["sessionid"].value, "csrftoken": CSRF_TOKEN},
        }

    return {
        "anonymous": {"call": {}, "pins": pins},
        "player": {"call": login(player), "pins": pins},
        "staff": {"call": login(staff), "pins": pins},
    }


def own_media_type(case: Any) -> str:
    """The media type of the operation's success answer (the first documented 2xx)."""
    responses = case.operation.definition.raw.get("responses", {})
    for code in sorted(responses):
        if code.startswith("2"):
            return str(next(iter(responses[code].get("content") or {"application/json": None})))
    return "application/json"


def error_body_problem(response: Any) -> str | None:
    """Why a 4xx body is not ``{"errors": [{"code", "message", "field"}, …]}``, or None."""
    try:
        body = json.loads(response.content)
    except ValueError:
        return "not JSON"
    if not (isinstance(body, dict) and set(body) == {"errors"} and isinstance(body["errors"], list)):
        return "not an error body"
    for error in body["errors"]:
        if not (isinstance(error, dict) and isinstance(error.get("code"), str) and "field" in error):
            return "an error without code or field"
        if not isinstance(error.get("message"), str):
            return "an error without message"
    return None


def describe(failure: BaseException) -> str:
    """A failed check in one line: its title and the first line of its message."""
    lines = [line.strip() for line in str(failure).splitlines() if line.strip()]
    title = getattr(failure, "title", None) or type(failure).__name__
    detail = next((line for line in lines if line != title), "")
    return f"{title}: {detail}"[:200]


def fuzz(schema: Any, persona: dict[str, Any], examples: int, seed: int, tally: dict[str, Any]) -> None:
    import hypothesis
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import strategies as st
    from schemathesis.checks import not_a_server_error
    from schemathesis.generation import GenerationMode
    from schemathesis.specs.openapi.checks import (
        content_type_conformance,
        response_schema_conformance,
        status_code_conformance,
    )

    checks = [
        not_a_server_error,
        status_code_conformance,
        content_type_conformance,
        response_schema_conformance,
    ]
    strategy = st.one_of(
        schema.as_strategy(generation_mode=GenerationMode.POSITIVE),
        schema.as_strategy(generation_mode=GenerationMode.NEGATIVE),
    )

    @settings(
        max_examples=2 * examples,
        database=None,
        deadline=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=strategy, pin=st.booleans(), accept=st.booleans())
    def run(case: Any, pin: bool, accept: bool) -> None:
        if pin:
            for (prefix, name), value in persona["pins"].items():
                if case.operation.path.startswith(prefix) and name in (case.path_parameters or {}):
                    case.path_parameters[name] = value
        call = dict(persona["call"])
        if accept:
            call["headers"] = {**call.get("headers", {}), "Accept": own_media_type(case)}
        label = case.operation.label
        tally["cases"] += 1
        try:
            response = case.call_and_validate(checks=checks, timeout=60, **call)
        except (Exception, BaseExceptionGroup) as exc:  # a failed check, a dropped connection: counted
            tally["failures"] += 1
            for failure in getattr(exc, "exceptions", [exc]):
                tally["distinct"][label, describe(failure)] += 1
                tally["examples"].setdefault((label, describe(failure)), str(failure)[:1500])
            return
        tally["status"][response.status_code] += 1
        problem = None
        if accept and response.status_code == 406 and "format" not in (case.query or {}):
            problem = "406 to an Accept naming the operation's own media type"
        elif 400 <= response.status_code < 500:
            problem = error_body_problem(response)
        if problem:
            tally["failures"] += 1
            tally["distinct"][label, problem] += 1

    hypothesis.seed(seed)(run)()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=850, help="per persona and generation mode")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument("--personas", default="anonymous,player,staff")
    parser.add_argument("--no-x00", action="store_true", help="generate no NUL character")
    parser.add_argument("--verbose", action="store_true", help="print one example of each failure")
    parser.add_argument("--skip-setup", action="store_true", help="the database is migrated and loaded")
    args = parser.parse_args()
    database_url = os.environ.get("DATABASE_URL", "")
    if not database_url.startswith(("postgres://", "postgresql://")):
        raise SystemExit("DATABASE_URL must name a PostgreSQL database (the fuzzer's own: it writes)")

    env = {**os.environ, **SERVER_ENV}
    started = time.monotonic()
    if not args.skip_setup:
        print("setting up the database (migrate, load_cardset)…", flush=True)
        setup_database(env)
    os.environ.update(SERVER_ENV)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eredan.settings")
    import django

    django.setup()
    personas = make_personas()
    port = free_port()
    log = Path(tempfile.gettempdir()) / f"eredan-api-fuzz-{port}.log"
    print(f"server on {port}, its log in {log}", flush=True)
    server = subprocess.Popen(
        [PYTHON, "-m", "gunicorn", "eredan.wsgi:application", "--bind", f"127.0.0.1:{port}",
         "--workers", str(args.workers), "--log-level", "warning"],
        env=env,
        cwd=ROOT,
        start_new_session=True,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{base}/api/", timeout=5) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("the server did not start")
            time.sleep(0.3)
        import schemathesis

        schema = schemathesis.openapi.from_url(f"{base}/api/schema/")
        schema.config.update(base_url=base)
        if args.no_x00:
            schema.config.generation.update(allow_x00=False)
        load_before = os.getloadavg()
        fuzz_started = time.monotonic()
        totals: dict[str, Any] = {"cases": 0, "failures": 0}
        for name in args.personas.split(","):
            tally: dict[str, Any] = {
                "cases": 0,
                "failures": 0,
                "status": collections.Counter(),
                "distinct": collections.Counter(),
                "examples": {},
            }
            t0 = time.monotonic()
            fuzz(schema, personas[name], args.examples, args.seed, tally)
            statuses = ", ".join(f"{code}: {n}" for code, n in sorted(tally["status"].items()))
            print(
                f"{name}: {tally['cases']} cases, {tally['failures']} failures, "
                f"{time.monotonic() - t0:.0f} s ({statuses})",
                flush=True,
            )
            for (label, message), n in tally["distinct"].most_common():
                print(f"  FAIL ×{n} {label}: {message}")
                if args.verbose:
                    print("    " + tally["examples"].get((label, message), "").replace("\n", "\n    "))
            totals["cases"] += tally["cases"]
            totals["failures"] += tally["failures"]
        elapsed = time.monotonic() - fuzz_started
        print(
            f"total: {totals['cases']} cases, {totals['failures']} failures, {elapsed:.0f} s fuzzing "
            f"({time.monotonic() - started:.0f} s in all); load average before {load_before[0]:.1f}, "
            f"after {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
        )
        if totals["failures"]:
            raise SystemExit(1)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
