"""The one error format for every 4xx (eredan/api/errors.py) and the JSON parser's bounds."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient


@pytest.fixture
def staff_client(db):
    user = get_user_model().objects.create_user("editor", password="pw-editor-1", is_staff=True)
    client = APIClient()
    client.force_authenticate(user)
    return client


def _assert_error_body(response, status: int, code: str) -> Any:
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"errors"}
    assert body["errors"], body
    for error in body["errors"]:
        assert {"code", "message", "field"} <= set(error)
    assert body["errors"][0]["code"] == code
    return body


def test_malformed_json_is_a_400_parse_error(staff_client):
    response = staff_client.post("/api/cards/", data="{not json", content_type="application/json")
    _assert_error_body(response, 400, "parse_error")


def test_deeply_nested_json_is_a_400_not_a_500(staff_client):
    body = "[" * 100_000 + "]" * 100_000
    response = staff_client.post("/api/cards/", data=body, content_type="application/json")
    _assert_error_body(response, 400, "parse_error")


def test_nan_is_not_json(staff_client):
    response = staff_client.post("/api/cards/", data='{"x": NaN}', content_type="application/json")
    _assert_error_body(response, 400, "parse_error")


def test_oversized_json_body_is_a_413(staff_client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = staff_client.post(
        "/api/cards/", data='{"name_en": "' + "x" * 2000 + '"}', content_type="application/json"
    )
    _assert_error_body(response, 413, "too_large")


@pytest.mark.parametrize(
    ("raw", "field", "kind"),
    [
        ('{"name": "Lames\\u0000", "characters": [], "cards": {}}', "name", "null"),
        ('{"name": "x", "characters": ["\\ud800"], "cards": {}}', "characters.0", "surrogate"),
        ('{"name": "x", "characters": [], "cards": {"katana\\u0000": 1}}', "cards.katana\x00", "null"),
    ],
)
def test_unstorable_text_is_a_400_with_its_path(staff_client, raw, field, kind):
    """A NUL character (PostgreSQL text cannot hold it) or a lone surrogate (not UTF-8) anywhere
    in a JSON body, keys included: 400 naming the string (DRF's codes), nothing saved."""
    from decks.models import Deck

    response = staff_client.post("/api/decks/", data=raw, content_type="application/json")
    body = _assert_error_body(response, 400, f"{kind}_characters_not_allowed")
    assert body["errors"][0]["field"] == field
    assert not Deck.objects.exists()


@pytest.mark.parametrize("content", ["multipart", "form"])
def test_a_nul_character_in_form_data_is_a_400(staff_client, content):
    """The same refusal for form and multipart bodies (here a family slug with a NUL, which the
    database lookup of a related field would otherwise receive)."""
    from cards.models import Character

    data = {"slug": "x", "family": "ab\x00c", "name_en": "X"}
    if content == "multipart":
        response = staff_client.post("/api/characters/", data=data, format="multipart")
    else:
        from urllib.parse import urlencode

        response = staff_client.post(
            "/api/characters/", data=urlencode(data), content_type="application/x-www-form-urlencoded"
        )
    body = _assert_error_body(response, 400, "null_characters_not_allowed")
    assert body["errors"][0]["field"] == "family"
    assert not Character.objects.exists()


def test_a_surrogate_pair_and_an_escaped_backslash_are_ordinary_text(staff_client):
    """Only unstorable strings are refused: an astral character written as a surrogate pair, or
    the six characters backslash-u-0-0-0-0, are accepted as text."""
    raw = '{"name": "\\ud83d\\udc09 \\\\u0000", "characters": [], "cards": {}}'
    response = staff_client.post("/api/decks/", data=raw, content_type="application/json")
    assert response.status_code == 201, response.content
    assert response.json()["name"] == "\U0001f409 \\u0000"


def test_validation_errors_carry_field_paths(staff_client):
    response = staff_client.post("/api/cards/", data={"slug": "bad slug!"}, format="json")
    body = _assert_error_body(response, 400, response.json()["errors"][0]["code"])
    assert any(error["field"] == "slug" for error in body["errors"])


def test_anonymous_write_is_refused_in_the_error_format(db):
    response = APIClient().post("/api/cards/", data={}, format="json")
    assert response.status_code in (401, 403)
    assert response.json()["errors"][0]["code"] in ("not_authenticated", "permission_denied")


def test_unknown_api_url_is_a_json_404(db):
    response = APIClient().get("/api/no-such-thing/")
    _assert_error_body(response, 404, "not_found")


def test_unknown_page_outside_the_api_is_not_json(client, db):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert not response["Content-Type"].startswith("application/json")


def test_several_domain_errors_are_one_entry_each():
    """A service that reports every problem at once raises DomainErrors: one entry per problem,
    each with its own code and field, the status of the first."""
    from eredan.api.errors import DomainError, DomainErrors, exception_handler

    exc = DomainErrors(
        [
            DomainError("No such policy.", code="unknown_policy", field="entrants.0.policy"),
            DomainError("Too big.", code="invalid_option", field="options.target", limit=10_000),
        ]
    )
    response = exception_handler(exc, {})
    assert response.status_code == 400
    assert response.data == {
        "errors": [
            {"code": "unknown_policy", "message": "No such policy.", "field": "entrants.0.policy"},
            {"code": "invalid_option", "message": "Too big.", "field": "options.target", "limit": 10_000},
        ]
    }
    with pytest.raises(ValueError):
        DomainErrors([])


def _api_routes() -> list[str]:
    import re

    from django.urls import URLPattern, URLResolver, get_resolver

    def walk(resolver: URLResolver, prefix: str) -> list[str]:
        routes = []
        for pattern in resolver.url_patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                routes += walk(pattern, route)
            elif isinstance(pattern, URLPattern) and route.startswith("api/"):
                url = re.sub(r"<int:\w+>", "1", re.sub(r"<slug:\w+>", "x", route))
                routes.append("/" + url)
        return routes

    return walk(get_resolver(), "")


@pytest.mark.parametrize("method", ["OPTIONS", "TRACE"])
def test_any_method_on_any_api_url_answers_in_the_error_format(db, method):
    """OPTIONS and an unknown method on every API URL: never a 500, a 4xx in the error format
    (Swagger UI's view answered OPTIONS with a 500, other methods with an HTML 405)."""
    client = APIClient(raise_request_exception=False)
    for url in _api_routes():
        response = client.generic(method, url)
        assert response.status_code < 500, (method, url, response.content)
        if response.status_code >= 400:
            assert response["Content-Type"] == "application/json", (method, url)
            assert response.json()["errors"][0]["code"], (method, url)


def test_the_docs_and_the_schema_take_get_only(db):
    client = APIClient()
    for url in ("/api/docs/", "/api/schema/"):
        assert client.get(url).status_code == 200
        for method in ("post", "put", "delete", "options"):
            _assert_error_body(getattr(client, method)(url), 405, "method_not_allowed")
