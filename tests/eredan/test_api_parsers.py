"""Every API view reads JSON with the project's parser (eredan/api/parsers.py).

DRF's own ``JSONParser`` lets a deeply nested body (``[[[[…``) through as a ``RecursionError``,
a 500: a view that names it explicitly loses the project's bounds.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from rest_framework.parsers import JSONParser as DRFJSONParser
from rest_framework.test import APIClient
from rest_framework.views import APIView

from eredan.api.parsers import JSONParser
from tests.eredan.urls import api_views

DEEP = "[" * 20_000 + "]" * 20_000  # 40 kB: under every endpoint's size limit


def test_every_api_view_parses_json_with_the_project_parser():
    checked = 0
    for route, view_class in api_views():
        if view_class is None or not issubclass(view_class, APIView):
            continue
        checked += 1
        for parser in view_class().get_parsers():
            if isinstance(parser, DRFJSONParser):
                assert isinstance(parser, JSONParser), (route, type(parser))
    assert checked > 30


@pytest.mark.parametrize(
    "url",
    [
        "/api/cards/",
        "/api/characters/",
        "/api/families/",
        "/api/decks/",
        "/api/decks/validate/",
        "/api/decks/validate/bulk/",
        "/api/collections/",
        "/api/simulations/",
    ],
)
def test_a_deeply_nested_body_is_a_400_everywhere(db, url):
    staff = get_user_model().objects.create_user("editor", is_staff=True)
    client = APIClient()
    client.force_authenticate(staff)
    response = client.post(url, DEEP, content_type="application/json")
    assert response.status_code == 400, response.content
    assert response.json()["errors"][0]["code"] == "parse_error"
