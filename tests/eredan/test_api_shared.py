"""The shared API machinery (eredan/api/): strict pagination and ordering, Django's own refusals.

Each was found by fuzzing the API against its schema (tests/eredan/test_api_fuzz.py): DRF's own
pagination and ordering silently ignore what they cannot do. Failed logins: tests/eredan/test_logins.py.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from eredan.api.pagination import MAX_PAGE_SIZE
from tests.cards.conftest import loaded_for_module, make_cardset


@pytest.fixture(scope="module")
def _mini(django_db_setup, django_db_blocker, tmp_path_factory):
    with loaded_for_module(django_db_blocker, make_cardset(tmp_path_factory.mktemp("mini"))) as directory:
        yield directory


@pytest.fixture
def cards(_mini, db):
    from cards.specs import catalog_cache_clear

    catalog_cache_clear()
    yield
    catalog_cache_clear()


def _error(response, status: int, field: str | None) -> Any:
    assert response.status_code == status, response.content
    error = response.json()["errors"][0]
    assert error["field"] == field, error
    return error


# --- pagination ---------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["0", "-1", "abc", "1.5", str(MAX_PAGE_SIZE + 1), "99999999999999999999"])
def test_a_bad_page_size_is_a_400_not_the_default_size(cards, value):
    error = _error(APIClient().get("/api/cards/", {"page_size": value}), 400, "page_size")
    assert str(MAX_PAGE_SIZE) in error["message"]


@pytest.mark.parametrize("value", ["0", "-3", "two", "99999999999999999999"])
def test_a_bad_page_number_is_a_400(cards, value):
    _error(APIClient().get("/api/cards/", {"page": value}), 400, "page")


def test_a_page_past_the_last_is_a_404_and_last_is_the_last(cards):
    client = APIClient()
    count = client.get("/api/cards/", {"page_size": 3}).json()["count"]
    pages = -(-count // 3)
    _error(client.get("/api/cards/", {"page_size": 3, "page": pages + 1}), 404, None)
    last = client.get("/api/cards/", {"page_size": 3, "page": "last"})
    assert last.status_code == 200
    assert last.json() == client.get("/api/cards/", {"page_size": 3, "page": pages}).json()


def test_page_size_is_honoured_up_to_the_maximum(cards):
    body = APIClient().get("/api/cards/", {"page_size": 2}).json()
    assert len(body["results"]) == 2
    assert "page_size=2" in body["next"]


def test_hand_paginated_views_are_strict_too(cards):
    """The decks list paginates by hand (an APIView): same parameters, same refusals."""
    _error(APIClient().get("/api/decks/", {"page_size": "0"}), 400, "page_size")


# --- ordering -----------------------------------------------------------------------------------


def test_an_unknown_ordering_field_is_a_400_naming_the_fields_allowed(cards):
    error = _error(APIClient().get("/api/cards/", {"ordering": "level,nmae_en"}), 400, "ordering")
    assert "'nmae_en'" in error["message"]
    assert "name_en" in error["message"]


def test_ordering_by_declared_fields_works_both_ways(cards):
    client = APIClient()
    up = [c["level"] for c in client.get("/api/cards/", {"ordering": "level,slug"}).json()["results"]]
    down = [c["level"] for c in client.get("/api/cards/", {"ordering": "-level,slug"}).json()["results"]]
    assert up == sorted(up)
    assert down == sorted(down, reverse=True)
    assert up != down


def test_reference_tables_refuse_unknown_ordering_too(cards):
    _error(APIClient().get("/api/guilds/", {"ordering": "color"}), 400, "ordering")
    assert APIClient().get("/api/guilds/", {"ordering": "-name_en"}).status_code == 200


# --- Django's own refusals while reading a request -------------------------------------------------


def test_too_many_form_fields_is_a_json_400(db, settings):
    """A form body over DATA_UPLOAD_MAX_NUMBER_FIELDS: Django's refusal, in the error format
    (not Django's HTML page)."""
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 5
    staff = get_user_model().objects.create_user("editor", is_staff=True)
    api = APIClient()
    api.force_authenticate(staff)
    body = "&".join(f"f{i}=1" for i in range(20))
    response = api.post("/api/families/", body, content_type="application/x-www-form-urlencoded")
    assert response["Content-Type"] == "application/json"
    assert _error(response, 400, None)["code"] == "too_many_fields"


def test_too_many_query_parameters_is_a_json_400(cards, settings):
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 5
    response = APIClient().get("/api/cards/?" + "&".join(f"guild={i}" for i in range(20)))
    assert _error(response, 400, None)["code"] == "too_many_fields"


def test_a_disallowed_host_is_a_json_400_under_the_api_only(db, client):
    response = client.get("/api/guilds/", HTTP_HOST="evil.example")
    assert response["Content-Type"] == "application/json"
    assert _error(response, 400, None)["code"] == "bad_request"
    page = client.get("/admin/", HTTP_HOST="evil.example")
    assert page.status_code == 400
    assert not page["Content-Type"].startswith("application/json")


# --- content negotiation of views answering in their own media type ---------------------------------


def test_asking_for_the_deck_text_by_its_media_type_is_not_a_406(cards):
    """DRF negotiates Accept against the view's renderers before the view runs: the deck export
    (text/plain) answered Accept: text/plain with a 406."""
    from decks.services import deck_create

    owner = get_user_model().objects.create_user("dana")
    characters = ["telendar", "iro", "amaya"]
    deck = deck_create(owner=owner, name="Shared", characters=characters, cards={"katana": 2}, is_public=True)
    for accept in ("text/plain", "text/*", "*/*", "application/json"):
        response = APIClient().get(f"/api/decks/{deck.pk}/export/", HTTP_ACCEPT=accept)
        assert response.status_code == 200, accept
        assert response["Content-Type"].startswith("text/plain"), accept
        assert "2 Katana" in response.content.decode()
    missing = APIClient().get("/api/decks/999999/export/", HTTP_ACCEPT="text/plain")
    assert missing["Content-Type"] == "application/json"
    assert _error(missing, 404, None)["code"] == "not_found"
    refused = APIClient().get(f"/api/decks/{deck.pk}/export/", HTTP_ACCEPT="image/png")
    assert _error(refused, 406, None)["code"] == "not_acceptable"
