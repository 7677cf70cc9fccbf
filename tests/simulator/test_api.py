"""The simulation API: submit (202 + Location), refusals (400 with reasons, nothing queued), one's
own jobs only (others' are 404), progress and partial results, cancel, results JSON and CSV,
heatmap PNG and SVG."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from decks.models import Deck
from simulator.models import SimulationJob
from simulator.services.chunks import chunk_run
from simulator.services.jobs import job_dispatch
from tests.simulator.conftest import ecarte_round_robin, finish_job, own_copy_of_demo, queued

# Every message a test sends goes to this area's Redis database, emptied after each test.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_broker")]

URL = "/api/simulations/"
GOLEMS, GARDE, KOTOBA = "zil-golems", "noz-garde-du-dragon", "kotoba-voie-du-sabre"


def test_submit_a_matchup_202_with_its_url(
    cardset: None, alice: Any, client_for: Any, redis_broker: Any, django_capture_on_commit_callbacks: Any
) -> None:
    mine = own_copy_of_demo(alice, GOLEMS)
    body = {
        "game": "eredan",
        "entrants": [{"deck": mine.pk, "policy": "random"}, {"deck": GARDE, "label": "Dragons"}],
        "games": 50,
        "seed": 7,
        "chunk_size": 20,
        "options": {"turn_cap": 40},
    }
    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(alice).post(URL, body, format="json")
    assert response.status_code == 202, response.json()
    data = response.json()
    assert response["Location"] == data["url"] == f"http://testserver{URL}{data['id']}/"
    assert (data["status"], data["game"], data["kind"], data["seed"], data["chunk_size"]) == (
        "pending", "eredan", "matchup", 7, 20
    )  # fmt: skip
    assert data["progress"]["total_games"] == 50 and data["progress"]["total_chunks"] == 3
    assert [e["label"] for e in data["entrants"]] == [mine.name, "Dragons"]
    assert data["entrants"][0]["deck"]["id"] == mine.pk and data["entrants"][0]["earns_experience"] is True
    assert data["results"]["partial"] is True and data["results"]["games"] == 0
    assert set(data["links"]) == {"cancel", "results", "results_csv", "heatmap_png", "heatmap_svg", "records"}
    assert queued(redis_broker) == 1


def test_submitting_needs_a_login(client_for: Any) -> None:
    response = client_for().post(URL, {"game": "ecarte"}, format="json")
    assert response.status_code in (401, 403)
    assert response.json()["errors"][0]["code"] in ("not_authenticated", "authentication_failed")


@pytest.mark.parametrize(
    ("body", "field", "code"),
    [
        ({"game": "ecarte", "entrants": [{}, {}], "games": "12"}, "games", "invalid"),
        ({"game": "ecarte", "entrants": [{}, {}], "games": 12.0}, "games", "invalid"),
        ({"game": "ecarte", "entrants": [{}, {}], "games": 12, "typo": 1}, "typo", "invalid"),
        ({"game": "ecarte", "entrants": [{"deck": True}, {}], "games": 12}, "entrants.0.deck", "invalid"),
        (
            {"game": "ecarte", "entrants": [{"colour": "red"}, {}], "games": 12},
            "entrants.0.colour",
            "invalid",
        ),
        ({"game": "ecarte", "entrants": "two", "games": 12}, "entrants", "not_a_list"),
        ({"game": "ecarte", "entrants": [{}, {}]}, "games", "required"),
        ({"game": "ecarte", "entrants": [{}, {}], "games": 0}, "games", "too_few_games"),
        ({"game": "ecarte", "entrants": [{}, {}], "games": -3}, "games", "too_few_games"),
        ({"game": "ecarte", "entrants": [{}, {}], "games": 1_000_001}, "games", "too_many_games"),
        ({"game": "ecarte", "entrants": [{}, {}], "games": 10**30}, "games", "too_many_games"),
        ({"game": "go", "entrants": [{}, {}], "games": 12}, "game", "unknown_game"),
        (
            {"game": "eredan", "entrants": [{"deck": GOLEMS}, {}], "games": 12},
            "entrants.1.deck",
            "deck_required",
        ),
        (
            {"game": "ecarte", "entrants": [{}, {}], "games": 5, "award_experience": "yes"},
            "award_experience",
            "invalid",
        ),
    ],
)
def test_bad_submissions_are_400_with_the_field_and_queue_nothing(
    body: dict[str, Any],
    field: str,
    code: str,
    cardset: None,
    alice: Any,
    client_for: Any,
    redis_broker: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = client_for(alice).post(URL, body, format="json")
    assert response.status_code == 400, response.json()
    errors = response.json()["errors"]
    assert any(e["field"] == field and e["code"] == code and e["message"] for e in errors), errors
    assert callbacks == [] and not SimulationJob.objects.exists() and queued(redis_broker) == 0


def test_malformed_json_is_400(alice: Any, client_for: Any) -> None:
    response = client_for(alice).post(URL, "{not json", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "parse_error"


def test_someone_elses_deck_is_400_with_reasons(cardset: None, alice: Any, bob: Any, client_for: Any) -> None:
    bobs = own_copy_of_demo(bob, GOLEMS)
    body = {"game": "eredan", "entrants": [{"deck": bobs.pk}, {"deck": "nope"}], "games": 10}
    response = client_for(alice).post(URL, body, format="json")
    assert response.status_code == 400
    errors = response.json()["errors"]  # one entry per problem
    assert {(e["field"], e["code"]) for e in errors} == {
        ("entrants.0.deck", "deck_not_found"),
        ("entrants.1.deck", "deck_not_found"),
    }


def test_an_invalid_deck_is_400_with_its_violations(cardset: None, alice: Any, client_for: Any) -> None:
    draft = Deck.objects.create(owner=alice, name="Empty draft")
    body = {"game": "eredan", "entrants": [{"deck": draft.pk}, {"deck": GARDE}], "games": 10}
    response = client_for(alice).post(URL, body, format="json")
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert (error["code"], error["field"]) == ("deck_invalid", "entrants.0.deck")
    assert error["violations"]


def test_list_shows_only_ones_own_jobs(alice: Any, bob: Any, client_for: Any) -> None:
    mine = ecarte_round_robin(alice)
    ecarte_round_robin(bob)
    response = client_for(alice).get(URL)
    assert response.status_code == 200
    data = response.json()
    assert [j["id"] for j in data["results"]] == [mine.pk]
    assert "results" not in data["results"][0]
    assert client_for(alice).get(URL, {"status": "done"}).json()["results"] == []
    assert client_for(alice).get(URL, {"status": "lost"}).status_code == 400


def test_someone_elses_job_is_404_everywhere(alice: Any, bob: Any, client_for: Any) -> None:
    job = ecarte_round_robin(bob)
    client = client_for(alice)
    for path in ("", "results/", "results.csv", "heatmap.png", "heatmap.svg"):
        response = client.get(f"{URL}{job.pk}/{path}")
        assert response.status_code == 404, path
        assert response.json()["errors"][0]["code"] == "not_found"
    assert client.post(f"{URL}{job.pk}/cancel/").status_code == 404
    assert client.get(f"{URL}999999/").status_code == 404
    job.refresh_from_db()
    assert job.status == "pending"


def test_detail_shows_progress_eta_and_partial_results(alice: Any, client_for: Any) -> None:
    job = ecarte_round_robin(alice, games=8)
    job_dispatch(job_id=job.pk)
    chunk_run(job_id=job.pk, pairing=1, chunk=0)
    data = client_for(alice).get(f"{URL}{job.pk}/").json()
    assert data["status"] == "running"
    assert (data["progress"]["games_done"], data["progress"]["total_games"]) == (4, 24)
    assert data["progress"]["eta_seconds"] is not None
    assert data["results"]["partial"] is True
    assert data["results"]["matrix"]["games"][0][2] == 4
    assert client_for(alice).get(f"{URL}{job.pk}/", {"results": "false"}).json()["results"] is None


def test_results_json_when_done(alice: Any, client_for: Any) -> None:
    job = finish_job(ecarte_round_robin(alice))
    data = client_for(alice).get(f"{URL}{job.pk}/results/").json()
    assert data["partial"] is False
    assert data["games"] == 18 and data["kind"] == "round_robin"
    side = data["pairings"][0]["sides"]["A"]
    assert {"wins", "losses", "draws", "win_rate", "win_rate_ci95", "cards", "characters"} <= set(side)
    assert {"games", "wins", "win_rate", "win_rate_ci95"} <= set(data["pairings"][0]["first_player"])
    assert {"mean", "median"} <= set(data["pairings"][0]["length"])
    assert len(data["matrix"]["win_rate"]) == 3 and len(data["standings"]) == 3


def test_results_csv_tables(alice: Any, client_for: Any) -> None:
    job = finish_job(ecarte_round_robin(alice))
    client = client_for(alice)
    response = client.get(f"{URL}{job.pk}/results.csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert f"simulation-{job.pk}-summary.csv" in response["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == 6  # three pairings, two sides
    assert sum(int(r["wins"]) for r in rows) + sum(int(r["draws"]) for r in rows) // 2 == 18
    matrix = list(
        csv.reader(
            io.StringIO(client.get(f"{URL}{job.pk}/results.csv", {"table": "matrix"}).content.decode())
        )
    )
    assert len(matrix) == 4 and matrix[1][1] == ""
    bad = client.get(f"{URL}{job.pk}/results.csv", {"table": "everything"})
    assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "table"


def test_heatmap_png_and_svg(alice: Any, client_for: Any) -> None:
    job = finish_job(ecarte_round_robin(alice))
    client = client_for(alice)
    png = client.get(f"{URL}{job.pk}/heatmap.png")
    assert png.status_code == 200 and png["Content-Type"] == "image/png"
    assert png.content.startswith(b"\x89PNG\r\n\x1a\n")
    svg = client.get(f"{URL}{job.pk}/heatmap.svg")
    assert svg.status_code == 200 and svg["Content-Type"] == "image/svg+xml"
    assert b"<svg" in svg.content and b"heuristic" in svg.content


@pytest.mark.parametrize(
    ("path", "media_type"),
    [
        ("results.csv", "text/csv"),
        ("heatmap.png", "image/png"),
        ("heatmap.svg", "image/svg+xml"),
    ],
)
def test_each_export_answers_an_accept_header_naming_its_own_media_type(
    alice: Any, client_for: Any, path: str, media_type: str
) -> None:
    """Issue 20: DRF negotiated Accept against JSON only, so asking for the PNG by its media type
    was a 406. Errors stay JSON whatever was asked for."""
    job = finish_job(ecarte_round_robin(alice))
    client = client_for(alice)
    for accept in (media_type, media_type.split("/")[0] + "/*", "*/*", f"{media_type}, application/json"):
        response = client.get(f"{URL}{job.pk}/{path}", HTTP_ACCEPT=accept)
        assert response.status_code == 200, (accept, response.content[:200])
        assert response["Content-Type"].split(";")[0] == media_type, accept
    missing = client.get(f"{URL}999999/{path}", HTTP_ACCEPT=media_type)
    assert missing.status_code == 404 and missing["Content-Type"] == "application/json"
    assert missing.json()["errors"][0]["code"] == "not_found"
    anonymous = client_for().get(f"{URL}{job.pk}/{path}", HTTP_ACCEPT=media_type)
    assert anonymous.status_code in (401, 403) and anonymous["Content-Type"] == "application/json"
    refused = client.get(f"{URL}{job.pk}/{path}", HTTP_ACCEPT="application/xml")
    assert refused.status_code == 406 and refused.json()["errors"][0]["code"] == "not_acceptable"


def test_results_csv_is_utf8_and_runs_no_formula(alice: Any, client_for: Any) -> None:
    """Issue 20: results.csv said no charset, and an entrant label such as ``=HYPERLINK(…)`` ran
    as a formula in a spreadsheet: it is quoted, the numbers are not."""
    from simulator.services.jobs import job_create
    from simulator.services.requests import EntrantInput

    labels = ['=HYPERLINK("http://x")', "@SUM(1)", "-1+2 été"]
    job = job_create(
        owner=alice,
        game="ecarte",
        kind="round_robin",
        entrants=[EntrantInput(policy="random", label=label) for label in labels],
        games=4,
        seed=4,
        chunk_size=4,
    )
    job = finish_job(job)
    response = client_for(alice).get(f"{URL}{job.pk}/results.csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8"))))
    assert {r["label"] for r in rows} == {f"'{label}" for label in labels}
    assert all(float(r["win_rate"]) >= 0 for r in rows if r["win_rate"])


def test_cancel_then_cancel_again_is_409(alice: Any, client_for: Any) -> None:
    job = ecarte_round_robin(alice)
    client = client_for(alice)
    response = client.post(f"{URL}{job.pk}/cancel/")
    assert response.status_code == 200 and response.json()["status"] == "cancelled"
    again = client.post(f"{URL}{job.pk}/cancel/")
    assert again.status_code == 409 and again.json()["errors"][0]["code"] == "job_finished"


def test_a_classic_gauntlet_through_the_api(alice: Any, client_for: Any) -> None:
    body = {
        "game": "crapette",
        "kind": "gauntlet",
        "entrants": [
            {"policy": "planner"},
            {"policy": "random"},
            {"policy": "random", "label": "random again"},
        ],
        "games": 2,
        "seed": 1,
        "options": {"stock_size": 5},
    }
    response = client_for(alice).post(URL, body, format="json")
    assert response.status_code == 202, response.json()
    job = finish_job(SimulationJob.objects.get(pk=response.json()["id"]))
    assert job.status == "done"
    assert [p["a"] for p in job.results["pairings"]] == [0, 0]
    games = {s["label"]: s["games"] for s in job.results["standings"]}
    assert games == {"planner": 4, "random": 2, "random again": 2}  # the challenger plays every pairing


def test_the_schema_documents_the_endpoints(client_for: Any) -> None:
    schema = client_for().get("/api/schema/", {"format": "json"}).json()
    paths = schema["paths"]
    for path in (
        URL,
        f"{URL}{{id}}/",
        f"{URL}{{id}}/cancel/",
        f"{URL}{{id}}/results.csv",
        f"{URL}{{id}}/heatmap.png",
    ):
        assert path in paths, sorted(paths)
    assert "202" in paths[URL]["post"]["responses"]
