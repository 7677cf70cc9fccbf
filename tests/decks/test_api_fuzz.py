"""The validation endpoints never answer 500, whatever JSON they are sent (hypothesis)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.django_db

SLUGS = ["katana", "amaya", "iro-le-duelliste", "zahal", "eclairs-3", "ghost", ""]
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.sampled_from(SLUGS),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.sampled_from(SLUGS), children, max_size=5)
    ),
    max_leaves=20,
)
deckish = st.fixed_dictionaries(
    {},
    optional={
        "characters": json_values | st.lists(st.sampled_from(SLUGS), max_size=4),
        "cards": json_values | st.dictionaries(st.sampled_from(SLUGS), st.integers(-2, 200), max_size=6),
        "text": st.text(max_size=60) | json_values,
        "collection": json_values,
    },
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=deckish | json_values)
def test_validate_never_500(cards_db, client_for, body):
    r = client_for().generic(
        "POST", "/api/decks/validate/", json.dumps(body), content_type="application/json"
    )
    assert r.status_code in (200, 400, 404), r.content
    assert "errors" in r.json()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.fixed_dictionaries({"decks": st.lists(deckish, max_size=3) | json_values}) | json_values)
def test_bulk_never_500(cards_db, client_for, body):
    r = client_for().generic(
        "POST", "/api/decks/validate/bulk/", json.dumps(body), content_type="application/json"
    )
    assert r.status_code in (200, 400, 404), r.content
