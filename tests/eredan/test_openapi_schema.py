"""The published OpenAPI schema: generated without a warning, valid, and documenting the errors.

``manage.py spectacular --validate --fail-on-warn`` is the check; the rest reads the schema a
client downloads from /api/schema/.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from decks.rules import VIOLATION_CODES

pytestmark = pytest.mark.django_db

ERROR_REF = "#/components/schemas/ErrorResponse"


@pytest.fixture(scope="module")
def schema(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The schema as ``manage.py spectacular --validate --fail-on-warn`` writes it: any
    drf-spectacular warning (an untyped filter, an enum name collision, an unresolvable
    serializer…) or an invalid schema fails every test of this module."""
    out = tmp_path_factory.mktemp("openapi") / "schema.json"
    call_command(
        "spectacular", "--validate", "--fail-on-warn", "--format", "openapi-json", "--file", str(out)
    )
    loaded: dict[str, Any] = json.loads(out.read_text())
    return loaded


def _operations(schema: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (method.upper(), path, operation)
        for path, item in schema["paths"].items()
        for method, operation in item.items()
        if method in {"get", "post", "put", "patch", "delete"}
    ]


def test_schema_generates_with_warnings_as_failures(schema):
    assert schema["openapi"].startswith("3.")
    assert len(_operations(schema)) > 50


def test_schema_and_docs_are_served(db):
    """/api/docs/ is Swagger UI served by the project itself (drf-spectacular-sidecar): it works
    offline and does not change under the users' feet (the default loads @latest from a CDN)."""
    client = APIClient()
    response = client.get("/api/schema/")
    assert response.status_code == 200
    assert b"/api/decks/validate/" in response.content
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    assert b"/api/schema/" in docs.content
    assets = re.findall(r'(?:src|href)="([^"]+)"', docs.content.decode())
    assert any(asset.endswith("swagger-ui-bundle.js") for asset in assets)
    for asset in assets:
        assert asset.startswith("/static/"), asset
        served = client.get(asset)
        assert served.status_code == 200, asset
        served.close()


def test_operations_open_to_anonymous_clients_say_so(schema):
    """Swagger UI shows an open lock where no login is needed (the empty security requirement)."""
    paths = schema["paths"]
    open_ = {
        ("get", "/api/cards/"),
        ("get", "/api/characters/{slug}/"),
        ("get", "/api/families/"),
        ("get", "/api/guilds/"),
        ("get", "/api/decks/"),
        ("post", "/api/decks/validate/"),
        ("post", "/api/decks/validate/bulk/"),
    }
    closed = {
        ("post", "/api/cards/"),
        ("patch", "/api/characters/{slug}/"),
        ("post", "/api/decks/"),
        ("get", "/api/collections/"),
        ("get", "/api/simulations/"),
    }
    for method, path in open_:
        assert {} in paths[path][method]["security"], (method, path)
    for method, path in closed:
        assert {} not in paths[path][method]["security"], (method, path)


def test_every_4xx_response_is_the_error_body(schema):
    """Every documented 4xx of every operation points to the one error body."""
    for method, path, operation in _operations(schema):
        for status, response in operation["responses"].items():
            if status.startswith("4"):
                ref = response["content"]["application/json"]["schema"]["$ref"]
                assert ref == ERROR_REF, (method, path, status)


def test_shared_errors_are_documented_everywhere(schema):
    """Credentials (401/403), content negotiation (406), throttling (429) and a NUL character
    anywhere in the request (400, issue 20) can meet any operation; a body can be too large (413)
    or of the wrong type (415); an object in the path can be missing or someone else's (404)."""
    for method, path, operation in _operations(schema):
        statuses = set(operation["responses"])
        assert {"400", "401", "403", "406", "429"} <= statuses, (method, path)
        if "requestBody" in operation:
            assert {"400", "413", "415"} <= statuses, (method, path)
        if "{" in path:
            assert "404" in statuses, (method, path)


def test_error_body_documents_code_message_and_field(schema):
    components = schema["components"]["schemas"]
    body = components["ErrorResponse"]
    assert body["required"] == ["errors"]
    item = components["ErrorItem"]
    assert set(item["properties"]) == {"code", "message", "field"}
    assert item["properties"]["field"]["nullable"] is True
    for code in ("parse_error", "too_large", "not_found", "throttled", "permission_denied"):
        assert f"`{code}`" in item["properties"]["code"]["description"]


def test_violation_codes_are_a_named_enum(schema):
    """The deck validator's violation codes: one stable component, every code listed."""
    enum = schema["components"]["schemas"]["ViolationCodeEnum"]["enum"]
    assert set(enum) == set(VIOLATION_CODES)
    violation = schema["components"]["schemas"]["Violation"]["properties"]["code"]
    assert violation["allOf"] == [{"$ref": "#/components/schemas/ViolationCodeEnum"}]
    assert all(code in violation["description"] for code in VIOLATION_CODES)


def test_enum_names_are_stable(schema):
    """Fields named ``kind`` in three apps: named enums, never hash-suffixed ones."""
    components = schema["components"]["schemas"]
    assert set(components["EntryKindEnum"]["enum"]) == {"character", "card"}
    assert set(components["SimulationKindEnum"]["enum"]) == {
        "matchup",
        "gauntlet",
        "round_robin",
        "compare",
        "optimize",
        "acquire",
    }
    generated = [name for name in components if name.startswith("Kind") and name.endswith("Enum")]
    assert generated == []


def test_slug_filters_are_typed_arrays_of_strings(schema):
    parameters = {p["name"]: p for p in schema["paths"]["/api/cards/"]["get"]["parameters"]}
    for name in ("type", "guild", "class", "race", "character", "family", "rarity", "set"):
        assert parameters[name]["schema"] == {"type": "array", "items": {"type": "string"}}, name
        assert parameters[name]["description"]


def test_hand_paginated_lists_are_documented_as_pages(schema):
    response = schema["paths"]["/api/decks/"]["get"]["responses"]["200"]
    ref = response["content"]["application/json"]["schema"]["$ref"]
    page = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
    assert set(page["properties"]) == {"count", "next", "previous", "results"}


def test_pagination_and_ordering_parameters_are_bounded(schema):
    parameters = {p["name"]: p["schema"] for p in schema["paths"]["/api/cards/"]["get"]["parameters"]}
    assert parameters["page_size"] == {"type": "integer", "minimum": 1, "maximum": 500}
    assert parameters["page"]["minimum"] == 1
    assert "-level" in parameters["ordering"]["items"]["enum"]
    decks = {p["name"]: p["schema"] for p in schema["paths"]["/api/decks/"]["get"]["parameters"]}
    assert decks["page_size"]["maximum"] == 500


def test_deck_input_is_either_lists_or_text(schema):
    """rules: decks API — ``characters`` and ``cards``, or ``text``, never both (the schema says so)."""
    deck = schema["components"]["schemas"]["ValidateInputRequest"]
    assert deck["additionalProperties"] is False
    assert [branch["required"] for branch in deck["oneOf"]] == [["characters", "cards"], ["text"]]
    bulk = schema["components"]["schemas"]["BulkValidateInputRequest"]["properties"]["decks"]
    assert (bulk["minItems"], bulk["maxItems"]) == (1, 500)


def test_the_api_root_links_to_every_endpoint_without_parameters(schema):
    """README: ``/api/`` is the API root, with a link to every collection (and every other
    endpoint whose path takes no parameter: the schema, the docs, the stateless checks)."""
    root = APIClient().get("/api/")
    assert root.status_code == 200
    links: dict[str, str] = root.json()
    published = {path for path in schema["paths"] if "{" not in path}
    assert {link.removeprefix("http://testserver") for link in links.values()} == published | {
        "/api/docs/",
        "/api/schema/",
    }
    assert links["cards"] == "http://testserver/api/cards/"
    assert links["decks/validate"] == "http://testserver/api/decks/validate/"
    assert {"characters", "collections", "decks", "simulations", "rarities", "docs", "schema"} <= set(links)


def _enum_holders(node: Any) -> list[dict[str, Any]]:
    """Every schema object (a parameter's, a component's property…) that has an enum."""
    if isinstance(node, list):
        return [found for item in node for found in _enum_holders(item)]
    if not isinstance(node, dict):
        return []
    own = [node] if isinstance(node.get("enum"), list) else []
    return own + [found for value in node.values() for found in _enum_holders(value)]


def test_every_enum_has_values_of_its_type(schema):
    """Issue 20: ``affiliated`` was an integer and ``unique``, ``zone`` booleans whose enums were
    strings ("true", "yes", …): a client following the types sent what the enum refused."""
    python_types = {"string": str, "integer": int, "boolean": bool, "number": (int, float)}
    wrong = [
        holder
        for holder in _enum_holders(schema)
        if holder.get("type") in python_types
        and not all(v is None or isinstance(v, python_types[holder["type"]]) for v in holder["enum"])
    ]
    assert wrong == []
    cards = next(op for method, path, op in _operations(schema) if (method, path) == ("GET", "/api/cards/"))
    parameters = {p["name"]: p["schema"] for p in cards["parameters"]}
    for name in ("affiliated", "unique", "zone", "effects_incomplete"):
        assert parameters[name] == {"type": "string", "enum": ["0", "1", "false", "no", "true", "yes"]}


def test_granted_by_is_nullable(schema):
    """Issue 20: XP from games has no granter; the API says null, the schema said a string."""
    granted_by = schema["components"]["schemas"]["ExperienceGrantOutput"]["properties"]["granted_by"]
    assert granted_by["type"] == "string" and granted_by["nullable"] is True
