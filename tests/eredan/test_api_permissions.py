"""The permission model across the apps, in one place.

* The card database: anyone reads (anonymous included); only staff write.
* Decks: anyone reads public decks; a private deck is its owner's (and staff's) only; only the
  owner changes a deck. Someone else's object is a 404, never a 403: its existence does not leak.
* Collections and simulation jobs: logged-in users only, each their own; others' are 404.
* Every API view is throttled: anonymous clients by address, users by account.
"""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient
from rest_framework.views import APIView

from eredan.api.throttling import AnonRateThrottle, UserRateThrottle
from tests.cards.conftest import loaded_for_module, make_cardset
from tests.eredan.urls import api_views

CHARACTERS = ["telendar", "iro", "amaya"]
CARDS = {"katana": 2, "eclairs": 1}


@pytest.fixture(scope="module")
def _mini(django_db_setup: None, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory) -> Any:
    with loaded_for_module(django_db_blocker, make_cardset(tmp_path_factory.mktemp("mini"))) as directory:
        yield directory


@pytest.fixture
def world(_mini: Any, db: None) -> dict[str, Any]:
    """alice and bob, each with a private and a public deck, a collection with a copy, and a
    simulation job; a staff member."""
    from django.contrib.auth import get_user_model

    from cards.collection.services.collections import collection_create
    from cards.collection.services.copies import CopyRequest, copies_add
    from cards.specs import catalog_cache_clear
    from decks.services import deck_create
    from simulator.services.jobs import job_create
    from simulator.services.requests import EntrantInput

    catalog_cache_clear()
    users = get_user_model().objects
    people: dict[str, Any] = {
        "alice": users.create_user("alice"),  # no password: no slow hashing
        "bob": users.create_user("bob"),
        "staff": users.create_user("staff", is_staff=True),
    }
    for name in ("alice", "bob"):
        owner = people[name]
        for public in (False, True):
            people[f"{name}_{'public' if public else 'private'}"] = deck_create(
                owner=owner, name=f"{name} {public}", characters=CHARACTERS, cards=CARDS, is_public=public
            )
        collection = collection_create(owner=owner, name=f"{name}'s")
        people[f"{name}_collection"] = collection
        people[f"{name}_copy"] = copies_add(
            collection=collection, requests=[CopyRequest(slug="katana", count=1)]
        )[0]
        people[f"{name}_job"] = job_create(
            owner=owner,
            game="ecarte",
            kind="matchup",
            entrants=[EntrantInput(policy="random"), EntrantInput(policy="heuristic")],
            games=4,
            seed=1,
            chunk_size=2,
        )
    return people


def client(user: Any = None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api


def _code(response: Any) -> str:
    return str(response.json()["errors"][0]["code"])


# --- throttling -----------------------------------------------------------------------------------


def test_every_api_view_is_throttled_for_anonymous_clients_and_users():
    views = api_views()
    assert len(views) > 40
    for route, view_class in views:
        assert view_class is not None and issubclass(view_class, APIView), route
        throttles = view_class().get_throttles()
        assert any(isinstance(t, AnonRateThrottle) for t in throttles), route
        assert any(isinstance(t, UserRateThrottle) for t in throttles), route


def test_anonymous_clients_get_a_429_past_their_rate(db, throttle_rates):
    throttle_rates(anon="2/minute")
    api = client()
    assert [api.get("/api/guilds/").status_code for _ in range(2)] == [200, 200]
    response = api.post("/api/decks/validate/", {}, format="json")
    assert response.status_code == 429
    assert _code(response) == "throttled"
    assert int(response["Retry-After"]) > 0


# --- the card database ------------------------------------------------------------------------------

READS = [
    "/api/characters/",
    "/api/characters/telendar/",
    "/api/cards/",
    "/api/cards/katana/",
    "/api/families/",
    "/api/guilds/",
    "/api/castes/",
    "/api/classes/",
    "/api/races/",
    "/api/card-types/",
    "/api/rarities/",
    "/api/sets/",
]
WRITES = [
    ("post", "/api/characters/"),
    ("patch", "/api/characters/telendar/"),
    ("delete", "/api/characters/telendar/"),
    ("post", "/api/cards/"),
    ("patch", "/api/cards/katana/"),
    ("delete", "/api/cards/katana/"),
    ("post", "/api/families/"),
    ("patch", "/api/families/katana/"),
    ("delete", "/api/families/katana/"),
]


def test_anyone_reads_the_card_database(world):
    for url in READS:
        assert client().get(url).status_code == 200, url


def test_only_staff_write_the_card_database(world):
    from cards.models import Card, Character, EvolutionFamily

    counts = (Card.objects.count(), Character.objects.count(), EvolutionFamily.objects.count())
    for method, url in WRITES:
        anonymous = getattr(client(), method)(url, {"notes": "x"}, format="json")
        assert (anonymous.status_code, _code(anonymous)) == (403, "not_authenticated"), (method, url)
        player = getattr(client(world["alice"]), method)(url, {"notes": "x"}, format="json")
        assert (player.status_code, _code(player)) == (403, "permission_denied"), (method, url)
    assert (Card.objects.count(), Character.objects.count(), EvolutionFamily.objects.count()) == counts
    staff = client(world["staff"]).patch("/api/cards/katana/", {"notes": "checked"}, format="json")
    assert staff.status_code == 200 and staff.json()["notes"] == "checked"


# --- decks --------------------------------------------------------------------------------------------


def test_someone_elses_private_deck_is_a_404_for_every_operation(world):
    """alice gets 404 whatever she does; an anonymous client gets 404 reading it and the same
    403 for writing as for any deck id (a login is needed to write at all)."""
    deck = world["bob_private"].pk
    reads = [("get", f"/api/decks/{deck}/"), ("get", f"/api/decks/{deck}/export/")]
    writes = [(method, f"/api/decks/{deck}/") for method in ("put", "patch", "delete")]
    for method, url in reads + writes:
        response = getattr(client(world["alice"]), method)(url, {"name": "mine now"}, format="json")
        assert (response.status_code, _code(response)) == (404, "not_found"), (method, url)
    for _, url in reads:
        assert client().get(url).status_code == 404, url
    for method, url in writes:
        response = getattr(client(), method)(url, {"name": "mine now"}, format="json")
        assert (response.status_code, _code(response)) == (403, "not_authenticated"), (method, url)
    world["bob_private"].refresh_from_db()
    assert world["bob_private"].name == "bob False"


def test_someone_elses_public_deck_is_readable_not_writable(world):
    deck = world["bob_public"].pk
    alice = client(world["alice"])
    assert alice.get(f"/api/decks/{deck}/").status_code == 200
    assert alice.get(f"/api/decks/{deck}/export/").status_code == 200
    for method in ("put", "patch", "delete"):
        response = getattr(alice, method)(f"/api/decks/{deck}/", {"name": "mine now"}, format="json")
        assert (response.status_code, _code(response)) == (404, "not_found"), method
    assert client(world["staff"]).get(f"/api/decks/{world['bob_private'].pk}/").status_code == 200


def test_the_deck_list_shows_ones_own_and_public_decks(world):
    names = {d["name"] for d in client(world["alice"]).get("/api/decks/").json()["results"]}
    assert names == {"alice False", "alice True", "bob True"}
    anonymous = {d["name"] for d in client().get("/api/decks/").json()["results"]}
    assert anonymous == {"alice True", "bob True"}


def test_validating_against_someone_elses_collection_is_a_404(world):
    body = {"characters": CHARACTERS, "cards": CARDS, "collection": world["bob_collection"].pk}
    response = client(world["alice"]).post("/api/decks/validate/", body, format="json")
    assert (response.status_code, _code(response)) == (404, "not_found")
    response = client(world["bob"]).post("/api/decks/validate/", body, format="json")
    assert response.status_code == 200


# --- collections and simulation jobs -------------------------------------------------------------


def _collection_routes(collection: int, copy: int) -> list[tuple[str, str]]:
    c = f"/api/collections/{collection}"
    return [
        ("get", f"{c}/"),
        ("patch", f"{c}/"),
        ("delete", f"{c}/"),
        ("get", f"{c}/copies/"),
        ("post", f"{c}/copies/"),
        ("post", f"{c}/copies/bulk/"),
        ("post", f"{c}/copies/remove/"),
        ("get", f"{c}/copies/{copy}/"),
        ("delete", f"{c}/copies/{copy}/"),
        ("get", f"{c}/cards/"),
        ("post", f"{c}/evolve/"),
        ("post", f"{c}/consume/"),
        ("get", f"{c}/experience/"),
        ("get", f"{c}/export/"),
        ("post", f"{c}/import/"),
        ("post", f"{c}/import-deck/"),
        ("post", f"{c}/can-build/"),
    ]


def _job_routes(job: int) -> list[tuple[str, str]]:
    j = f"/api/simulations/{job}"
    return [
        ("get", f"{j}/"),
        ("post", f"{j}/cancel/"),
        ("get", f"{j}/results/"),
        ("get", f"{j}/results.csv"),
        ("get", f"{j}/heatmap.png"),
        ("get", f"{j}/heatmap.svg"),
    ]


def test_collections_and_jobs_need_a_login(world):
    routes = [
        ("get", "/api/collections/"),
        ("post", "/api/collections/"),
        ("get", "/api/simulations/"),
        ("post", "/api/simulations/"),
        *_collection_routes(world["alice_collection"].pk, world["alice_copy"].pk),
        *_job_routes(world["alice_job"].pk),
    ]
    for method, url in routes:
        response = getattr(client(), method)(url, {}, format="json")
        assert (response.status_code, _code(response)) == (403, "not_authenticated"), (method, url)


def test_someone_elses_collection_is_a_404_for_every_operation(world):
    from cards.collection.models import OwnedCopy

    routes = _collection_routes(world["bob_collection"].pk, world["bob_copy"].pk)
    before = OwnedCopy.objects.filter(collection=world["bob_collection"]).count()
    alice = client(world["alice"])
    for method, url in routes:
        response = getattr(alice, method)(url, {}, format="json")
        assert (response.status_code, _code(response)) == (404, "not_found"), (method, url, response.content)
    assert OwnedCopy.objects.filter(collection=world["bob_collection"]).count() == before
    # A copy of bob's named through alice's own collection: still not found.
    mine = world["alice_collection"].pk
    response = alice.get(f"/api/collections/{mine}/copies/{world['bob_copy'].pk}/")
    assert response.status_code == 404


def test_someone_elses_simulation_job_is_a_404_for_every_operation(world):
    alice = client(world["alice"])
    for method, url in _job_routes(world["bob_job"].pk):
        response = getattr(alice, method)(url)
        assert (response.status_code, _code(response)) == (404, "not_found"), (method, url)
    world["bob_job"].refresh_from_db()
    assert world["bob_job"].status == "pending"
    ids = [job["id"] for job in alice.get("/api/simulations/").json()["results"]]
    assert ids == [world["alice_job"].pk]
