"""What errors quote is capped, by one helper (eredan.errors.capped), for every error answer."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from eredan.api.errors import error_body
from eredan.errors import TEXT_LIMIT, DomainError, capped, errors_capped


def test_capped_keeps_short_text_and_says_how_much_was_cut():
    assert capped("short") == "short"
    assert capped("x" * TEXT_LIMIT) == "x" * TEXT_LIMIT
    long = capped("x" * (TEXT_LIMIT + 5))
    assert long == "x" * TEXT_LIMIT + "… (5 more characters)"


def test_domain_error_messages_are_capped():
    assert len(DomainError("y" * 100_000).message) < TEXT_LIMIT + 50


def test_every_text_of_an_error_body_is_capped():
    huge = "z" * 100_000
    body = error_body([{"code": "c", "message": huge, "field": huge, "lines": [{"text": huge, "line": 1}]}])
    (error,) = body["errors"]
    assert len(error["message"]) < TEXT_LIMIT + 50
    assert len(error["field"]) < TEXT_LIMIT + 50
    assert len(error["lines"][0]["text"]) < TEXT_LIMIT + 50 and error["lines"][0]["line"] == 1
    assert errors_capped({"a": [1, None, True]}) == {"a": [1, None, True]}


@pytest.mark.django_db
def test_an_api_refusal_quotes_no_huge_value():
    """DRF's own messages quote the value too (``"…" is not a valid choice.``)."""
    response = APIClient().get("/api/cards/", {"ordering": "q" * 300_000})
    assert response.status_code == 400
    assert len(response.content) < 4000
    response = APIClient().get("/api/characters/", {"guild": "g" * 300_000})
    assert response.status_code == 400
    assert len(response.content) < 4000
