"""The compare through the API (docs/lab.md "Compare"): POST kind compare with entrants and a
field, its refusals, its results document, CSV tables and forest plot."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from simulator.models import SimulationJob
from tests.simulator.test_compare_jobs import GARDE, GOLEMS, WEAKER, finish_compare

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_broker")]

URL = "/api/simulations/"


def test_submit_a_compare_then_read_its_differences(cardset: None, alice: Any, client_for: Any) -> None:
    client = client_for(alice)
    body = {
        "game": "eredan",
        "kind": "compare",
        "entrants": [{"deck": GOLEMS}, {"swaps": WEAKER, "label": "weaker"}],
        "field": [{"deck": GARDE, "weight": 2}],
        "games": 40,
        "seed": 7,
        "stop": {"margin": 0.2, "first_round": 20},
    }
    response = client.post(URL, body, format="json")
    assert response.status_code == 202, response.json()
    job = response.json()
    assert job["kind"] == "compare" and job["stop"] == {"margin": 0.2, "first_round": 20}
    assert [e["role"] for e in job["entrants"]] == ["base", "variant", "field"]
    assert job["entrants"][1]["swaps"] == WEAKER and job["entrants"][2]["weight"] == 2.0
    assert "forest_svg" in job["links"]
    finish_compare(SimulationJob.objects.get(pk=job["id"]))
    results = client.get(f"{URL}{job['id']}/results/").json()
    assert results["partial"] is False and results["kind"] == "compare"
    (diff,) = results["differences"]
    assert set(diff) >= {"variant", "estimate", "ci95", "games", "changed", "cs95", "verdict"}
    assert diff["variant"] == "weaker"
    assert results["stop"]["reason"] in {"resolved", "budget"}
    table = client.get(f"{URL}{job['id']}/results.csv", {"table": "differences"})
    assert table.status_code == 200
    (row,) = list(csv.DictReader(io.StringIO(table.content.decode())))
    assert row["variant"] == "weaker"
    metrics = client.get(f"{URL}{job['id']}/results.csv", {"table": "card_metrics"})
    assert metrics.status_code == 200 and b"opening_hand" in metrics.content
    forest = client.get(f"{URL}{job['id']}/forest.svg")
    assert forest.status_code == 200 and forest["Content-Type"] == "image/svg+xml"
    # Issue 20: each plot answers an Accept header naming its own media type (it was a 406).
    for path, media_type in (("forest.svg", "image/svg+xml"), ("forest.png", "image/png")):
        asked = client.get(f"{URL}{job['id']}/{path}", HTTP_ACCEPT=media_type)
        assert asked.status_code == 200 and asked["Content-Type"] == media_type, path


def test_compare_refusals_are_400_with_every_problem(cardset: None, alice: Any, client_for: Any) -> None:
    body = {
        "game": "eredan",
        "kind": "compare",
        "entrants": [{"deck": GOLEMS}, {"swaps": {"out": {"eclairs-1": "two"}}}],
        "field": [{"deck": GARDE, "weight": "heavy"}],
        "games": 3,
        "stop": {"margin": 2},
    }
    response = client_for(alice).post(URL, body, format="json")
    assert response.status_code == 400
    errors = {(e["field"], e["code"]) for e in response.json()["errors"]}
    assert errors == {
        ("entrants.1.swaps.out.eclairs-1", "invalid_swap"),
        ("field.0.weight", "invalid_field"),
        ("games", "invalid_games"),
        ("stop.margin", "invalid_stop"),
    }
    assert not SimulationJob.objects.exists()


def test_a_malformed_field_is_400(alice: Any, client_for: Any) -> None:
    body = {
        "game": "ecarte",
        "kind": "compare",
        "entrants": [{}, {}],
        "field": [{"deck": 1, "extra": 2}],
        "games": 4,
    }
    response = client_for(alice).post(URL, body, format="json")
    assert response.status_code == 400
    assert any((e["field"] or "").startswith("field") for e in response.json()["errors"])
    body["field"] = 12
    assert client_for(alice).post(URL, body, format="json").status_code == 400


def test_a_table_or_image_a_job_lacks_is_400(alice: Any, client_for: Any) -> None:
    from tests.simulator.conftest import ecarte_round_robin, finish_job

    job = finish_job(ecarte_round_robin(alice, games=10))
    client = client_for(alice)
    response = client.get(f"{URL}{job.pk}/results.csv", {"table": "differences"})
    assert response.status_code == 400 and response.json()["errors"][0]["code"] == "table_unavailable"
    assert client.get(f"{URL}{job.pk}/forest.png").status_code == 400
    assert client.get(f"{URL}{job.pk}/results.csv", {"table": "ratings"}).status_code == 200


def test_a_variants_label_follows_the_name_rule(cardset: None, alice: Any, client_for: Any) -> None:
    """A variant written as swaps names itself by its label: the one name rule (eredan/names.py)."""
    body = {
        "game": "eredan",
        "kind": "compare",
        "entrants": [{"deck": GOLEMS}, {"swaps": WEAKER, "label": "gpj\u202eexe"}],
        "field": [{"deck": GARDE}],
        "games": 40,
    }
    response = client_for(alice).post(URL, body, format="json")
    assert response.status_code == 400, response.json()
    (error,) = response.json()["errors"]
    assert (error["code"], error["field"]) == ("bidi_override", "entrants.1.label")
