"""Property-based tests of the REST API against its own OpenAPI schema (schemathesis).

For every documented operation of the fuzzed apps, requests generated from the schema — valid
ones and schema-violating ones — are sent in-process (WSGI) as an anonymous client, as a player
(alice) and as staff. Whatever is sent:

* never a 5xx;
* the status code, content type and body are the ones the schema documents;
* every 4xx is the project's error body ``{"errors": [{"code", "message", "field"}, …]}``;
* a 4xx changes nothing in the database ("bad input loses nothing").

Deterministic: hypothesis is derandomized (a fixed sequence of examples per persona) and keeps
no example database. The run is bounded (``MAX_EXAMPLES`` per persona and generation mode).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core import signals
from django.core.cache import cache
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections, connection
from django.test import Client
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.cards.conftest import loaded_for_module, make_cardset

#: The operations fuzzed here: every app's.
FUZZED_PATHS = (
    r"^/api/(cards|characters|families|guilds|castes|classes|races|card-types|rarities|sets"
    r"|decks|collections|simulations|records)/"
)
#: Examples per persona and generation mode (the whole module stays well under a minute).
MAX_EXAMPLES = 80
#: Any 32 letters or digits make a valid CSRF secret; sent as cookie and header alike.
CSRF_TOKEN = "fuzz" * 8
#: Apps whose rows a refused request must leave as they were.
STATEFUL_APPS = ("cards", "collection", "decks", "simulator")

#: schemathesis' heuristic checks stay out: ``positive_data_acceptance`` expects any string to
#: be a known slug, ``negative_data_rejection`` any empty query value (``?level=``, which
#: django-filter reads as "no filter") to be refused.
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


@pytest.fixture(scope="module")
def api_schema(django_db_setup: None, django_db_blocker: Any) -> Iterator[Any]:
    """The schema as /api/schema/ serves it, bound to the WSGI application.

    As Django's test client does, requests do not close the database connection when they
    start and finish: the connection holds the test's transaction.
    """
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        with django_db_blocker.unblock():
            schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())
        yield schema.include(path_regex=FUZZED_PATHS)
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.fixture(scope="module")
def _cards(django_db_setup: None, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory) -> Any:
    with loaded_for_module(django_db_blocker, make_cardset(tmp_path_factory.mktemp("fuzz"))) as directory:
        yield directory


@pytest.fixture
def personas(_cards: Any, db: None, settings: Any) -> dict[str, dict[str, Any]]:
    """How each persona calls: anonymously, as a logged-in player, as staff (session cookie and
    CSRF token). Alice
    and bob each have a private deck and a public one, so other people's objects exist."""
    from cards.collection.models import ExperienceSource
    from cards.collection.services.collections import collection_create
    from cards.collection.services.copies import CopyRequest, copies_add
    from cards.collection.services.experience import copy_grant_xp, experience_grant_staff
    from decks.services import deck_create
    from simulator.services.jobs import job_create
    from simulator.services.requests import EntrantInput

    # The generated requests carry random Basic credentials: checking each with the production
    # hasher would cost most of the run (the throttling of failed logins is tested elsewhere).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

    users = get_user_model().objects
    alice = users.create_user("alice")  # no password: no slow hashing
    bob = users.create_user("bob")
    staff = users.create_user("staff", is_staff=True)
    decks = {}
    for owner in (alice, bob):
        for is_public in (False, True):
            decks[owner.username, is_public] = deck_create(
                owner=owner,
                name=f"{owner.username} {'public' if is_public else 'private'}",
                characters=["telendar", "iro", "amaya"],
                cards={"katana": 2, "eclairs": 1},
                is_public=is_public,
            )
    # alice's objects, named in the path of about half the requests (the others get random ids:
    # mostly nobody's, sometimes someone else's).
    collection = collection_create(owner=alice, name="alice's")
    requests = [CopyRequest(slug="katana", count=2), CopyRequest(slug="telendar", count=1)]
    copy = copies_add(collection=collection, requests=requests)[0]
    # XP from a game (no granter: granted_by is null) and from staff, in alice's experience log.
    copy_grant_xp(copy_id=copy.pk, amount=5, source=ExperienceSource.GAME)
    experience_grant_staff(copy=copy, amount=3, granted_by=staff, note="for the fuzz")
    collection_create(owner=bob, name="bob's")
    # A job of alice's (a classic game: no deck needed). The test's transaction never commits,
    # so its dispatch message is never sent: the job stays pending, as if no worker were up.
    job = job_create(
        owner=alice,
        game="cribbage",
        entrants=[EntrantInput(policy="ev"), EntrantInput(policy="random")],
        games=10,
        seed=1,
    )
    pins = {
        ("/api/decks/", "id"): decks["alice", False].pk,
        ("/api/collections/", "collection_pk"): collection.pk,
        ("/api/collections/", "copy_pk"): copy.pk,
        ("/api/simulations/", "id"): job.pk,
    }

    def login(user: Any) -> dict[str, Any]:
        client = Client()
        client.force_login(user)
        session = client.cookies["sessionid"].value
        # Cookies go through the WSGI client's cookie jar: a raw Cookie header would be dropped.
        return {
            "call": {
                "headers": {"X-CSRFToken": CSRF_TOKEN},
                "cookies": {"sessionid": session, "csrftoken": CSRF_TOKEN},
            },
            "pins": pins,
        }

    return {"anonymous": {"call": {}, "pins": pins}, "alice": login(alice), "staff": login(staff)}


def _state_query() -> str:
    """One SELECT of every table's row count and latest change, for the apps behind the API."""
    quote = connection.ops.quote_name
    columns = []
    for app in STATEFUL_APPS:
        for model in apps.get_app_config(app).get_models():
            table = quote(model._meta.db_table)
            columns.append(f"(SELECT COUNT(*) FROM {table})")
            if any(f.name == "updated_at" for f in model._meta.concrete_fields):
                columns.append(f"(SELECT MAX({quote('updated_at')}) FROM {table})")
    return "SELECT " + ", ".join(columns)


def _database_state() -> tuple[Any, ...]:
    with connection.cursor() as cursor:
        cursor.execute(_state_query())
        return tuple(cursor.fetchone())


def assert_project_error_body(response: Any) -> None:
    """A 4xx body is ``{"errors": [{"code": str, "message": str, "field": str | None, …}, …]}``."""
    body = json.loads(response.content)
    assert isinstance(body, dict) and set(body) == {"errors"}, body
    assert isinstance(body["errors"], list) and body["errors"], body
    for error in body["errors"]:
        assert isinstance(error, dict), body
        assert isinstance(error.get("code"), str) and error["code"], body
        assert isinstance(error.get("message"), str) and error["message"], body
        assert "field" in error and (error["field"] is None or isinstance(error["field"], str)), body


def _pin(case: Any, pins: dict[tuple[str, str], Any]) -> None:
    for (prefix, name), value in pins.items():
        if case.operation.path.startswith(prefix) and name in (case.path_parameters or {}):
            case.path_parameters[name] = value


def _own_media_type(case: Any) -> str:
    """The media type of the operation's success answer (the first documented 2xx)."""
    responses = case.operation.definition.raw.get("responses", {})
    for code in sorted(responses):
        if code.startswith("2"):
            return str(next(iter(responses[code].get("content") or {"application/json": None})))
    return "application/json"


def _fuzz(api_schema: Any, persona: dict[str, Any]) -> None:
    strategy = st.one_of(
        api_schema.as_strategy(generation_mode=GenerationMode.POSITIVE),
        api_schema.as_strategy(generation_mode=GenerationMode.NEGATIVE),
    )

    @settings(
        max_examples=2 * MAX_EXAMPLES,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.explicit, Phase.generate, Phase.shrink],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=strategy, pin=st.booleans(), accept=st.booleans())
    def run(case: Any, pin: bool, accept: bool) -> None:
        if pin:
            _pin(case, persona["pins"])
        call = persona["call"]
        if accept:  # ask for the operation's own media type (an image, a CSV…): never a 406
            call = {**call, "headers": {**call.get("headers", {}), "Accept": _own_media_type(case)}}
        cache.clear()  # the throttle counters: hundreds of requests from one address
        before = _database_state()
        response = case.call_and_validate(checks=CHECKS, **call)
        if accept and "format" not in (case.query or {}):  # ?format=json overrides Accept: a 406
            assert response.status_code != 406, case.operation.label
        if persona["call"]:
            assert not (response.status_code == 403 and b"not_authenticated" in response.content)
        if 400 <= response.status_code < 500:
            assert_project_error_body(response)
            assert _database_state() == before, f"{case.operation.label} answered {response.status_code}"

    run()


@pytest.mark.parametrize("persona", ["anonymous", "alice", "staff"])
def test_api_conforms_to_its_schema(api_schema: Any, personas: dict[str, Any], persona: str) -> None:
    """Every documented operation of the card database, the decks and the collections."""
    _fuzz(api_schema, personas[persona])


def test_the_fuzzed_operations_cover_the_apps(api_schema: Any) -> None:
    """A guard on the include pattern: a renamed path must not silently drop out of the fuzzing."""
    labels = {result.ok().label for result in api_schema.get_all_operations()}
    for label in (
        "GET /api/cards/",
        "POST /api/characters/",
        "PATCH /api/families/{slug}/",
        "GET /api/guilds/{slug}/",
        "POST /api/decks/validate/bulk/",
        "PUT /api/decks/{id}/",
        "GET /api/decks/{id}/export/",
        "POST /api/collections/{collection_pk}/copies/bulk/",
        "GET /api/collections/{collection_pk}/export/",
        "GET /api/collections/{collection_pk}/experience/",
        "GET /api/simulations/{id}/heatmap.png",
        "GET /api/simulations/{id}/results.csv",
        "POST /api/records/verify/",
    ):
        assert label in labels


@pytest.fixture(autouse=True)
def _no_catalog_leak() -> Iterator[None]:
    from cards.specs import catalog_cache_clear

    catalog_cache_clear()
    yield
    catalog_cache_clear()
