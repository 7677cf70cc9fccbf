"""The simulation admin: staff see every job read-only, cancel jobs and dispatch them again."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from simulator.models import SimulationJob
from simulator.services.chunks import chunk_run
from simulator.services.jobs import job_create
from simulator.services.requests import EntrantInput
from tests.simulator.conftest import make_user, queued

# Every message a test sends goes to this area's Redis database, emptied after each test.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_broker")]


@pytest.fixture
def admin_client() -> Client:
    client = Client()
    client.force_login(make_user("admin", is_staff=True, is_superuser=True))
    return client


def job_for(owner: Any) -> SimulationJob:
    return job_create(
        owner=owner,
        game="ecarte",
        entrants=[EntrantInput(policy="random"), EntrantInput(policy="random")],
        games=10,
        chunk_size=5,
    )


def test_list_and_detail_pages(admin_client: Client, alice: Any) -> None:
    job = job_for(alice)
    chunk_run(job_id=job.pk, pairing=0, chunk=0)
    assert admin_client.get("/admin/simulator/simulationjob/").status_code == 200
    page = admin_client.get(f"/admin/simulator/simulationjob/{job.pk}/change/")
    assert page.status_code == 200 and b"random" in page.content
    assert admin_client.get("/admin/simulator/chunkresult/").status_code == 200
    assert admin_client.get("/admin/simulator/simulationjob/add/").status_code == 403


def test_cancel_action(admin_client: Client, alice: Any) -> None:
    job = job_for(alice)
    response = admin_client.post(
        "/admin/simulator/simulationjob/",
        {"action": "cancel_jobs", "_selected_action": [job.pk]},
        follow=True,
    )
    assert response.status_code == 200
    job.refresh_from_db()
    assert job.status == "cancelled"


def test_dispatch_again_action(admin_client: Client, alice: Any, redis_broker: Any) -> None:
    job = job_for(alice)
    chunk_run(job_id=job.pk, pairing=0, chunk=1)
    admin_client.post(
        "/admin/simulator/simulationjob/", {"action": "dispatch_jobs", "_selected_action": [job.pk]}
    )
    assert queued(redis_broker) == 1  # only chunk 0 was missing


def test_recorded_games_are_listed_and_checked(admin_client: Client, alice: Any) -> None:
    """docs/game-records.md: a job's recorded games, read-only, each with its replay verdict."""
    from simulator.models import GameRecord

    job = job_for(alice)
    chunk_run(job_id=job.pk, pairing=0, chunk=0)
    records = list(GameRecord.objects.filter(job=job).order_by("index"))
    assert len(records) == 2  # the default sample
    assert admin_client.get("/admin/simulator/gamerecord/").status_code == 200
    page = admin_client.get(f"/admin/simulator/gamerecord/{records[0].pk}/change/").content.decode()
    assert "replays: " in page and "does not replay" not in page
    broken = records[1]
    broken.record = {**broken.record, "result": {"winner": None, "scores": [99, 99]}}
    broken.save()
    page = admin_client.get(f"/admin/simulator/gamerecord/{broken.pk}/change/").content.decode()
    assert "does not replay" in page
    assert admin_client.get("/admin/simulator/gamerecord/add/").status_code == 403
