"""``POST /api/records/verify/`` quotes no refused value whole (issue 20: a 409 KB request got a
434 KB answer): every text of an error is capped by one helper (``eredan.errors.capped``)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from tests.simulator.test_records_api import VERIFY, cribbage_record

pytestmark = pytest.mark.django_db

HUGE = 409 * 1024


def _post(client_for: Any, body: Any) -> Any:
    raw = json.dumps(body)
    assert len(raw) > HUGE
    return client_for().post(f"{VERIFY}?transcript=false", data=raw, content_type="application/json")


def _small(response: Any) -> None:
    assert len(response.content) < 4000, f"a {len(response.content)}-byte answer"


def test_a_huge_value_of_the_wrong_type_is_not_echoed(client_for: Any) -> None:
    record = {**cribbage_record(), "deals": "x" * HUGE}
    response = _post(client_for, record)
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert error["code"] == "malformed"
    assert "more characters)" in error["message"]
    _small(response)


def test_a_huge_unknown_game_is_not_echoed(client_for: Any) -> None:
    response = _post(client_for, {**cribbage_record(), "game": "g" * HUGE})
    assert response.status_code == 400
    _small(response)


def test_a_huge_key_is_not_echoed(client_for: Any) -> None:
    response = _post(client_for, {**cribbage_record(), "k" * HUGE: 1})
    assert response.status_code in (200, 400)  # unknown keys are allowed: a verdict, not quoting it
    _small(response)


def test_a_verdict_quoting_a_huge_action_is_capped(client_for: Any) -> None:
    record = copy.deepcopy(cribbage_record())
    for action in record["deals"][0]["actions"]:
        if action["action"] == "play":
            action["card"] = "Q" * HUGE
            break
    response = _post(client_for, record)
    assert response.status_code in (200, 400)
    _small(response)
