"""A job that no worker picks up says so (README, issue 18 §6 and issue 20): after
``SIMULATION_NO_WORKER_AFTER`` seconds still pending, its status hint is ``no_worker`` — in the API
job document, on the job's page and in ``simulate --via celery`` — and the hint goes away once a
worker has taken the job."""

from __future__ import annotations

import io
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client

from simulator.cli import follow_job
from simulator.models import SimulationJob
from simulator.selectors import NO_WORKER, job_status_hint
from simulator.services.jobs import job_cancel, job_create, job_dispatch
from simulator.services.requests import EntrantInput
from tests.simulator.conftest import finish_job

# The dispatch messages go to this area's Redis database, where no worker reads them.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_broker")]


def _job(owner: Any) -> SimulationJob:
    return job_create(
        owner=owner,
        game="ecarte",
        entrants=[EntrantInput(policy="heuristic"), EntrantInput(policy="random")],
        games=6,
        seed=1,
        chunk_size=3,
    )


def test_a_pending_job_gets_the_hint_once_the_delay_has_passed(alice: Any, settings: Any) -> None:
    settings.SIMULATION_NO_WORKER_AFTER = 30
    job = _job(alice)
    assert job.status == SimulationJob.Status.PENDING
    assert job_status_hint(job=job, now=job.created_at + timedelta(seconds=29)) is None
    hint = job_status_hint(job=job, now=job.created_at + timedelta(seconds=30))
    assert hint is not None and hint.code == NO_WORKER
    assert hint.message.startswith("No worker has picked this job up in 30 s")
    assert "celery -A eredan worker" in hint.message
    later = job_status_hint(job=job, now=job.created_at + timedelta(hours=2, minutes=5))
    assert later is not None and "in 2 h 5 min" in later.message


def test_no_hint_once_a_worker_has_taken_the_job_or_it_has_ended(alice: Any, settings: Any) -> None:
    settings.SIMULATION_NO_WORKER_AFTER = 0
    running = _job(alice)
    job_dispatch(job_id=running.pk)  # what a worker does first
    running.refresh_from_db()
    assert running.status == SimulationJob.Status.RUNNING and running.chunks_done == 0
    assert job_status_hint(job=running) is None
    assert job_status_hint(job=finish_job(_job(alice))) is None
    assert job_status_hint(job=job_cancel(job=_job(alice))) is None


def test_the_api_job_document_carries_the_hint(alice: Any, client_for: Any, settings: Any) -> None:
    job = _job(alice)
    url = f"/api/simulations/{job.pk}/"
    settings.SIMULATION_NO_WORKER_AFTER = 3600
    assert client_for(alice).get(url).json()["status_hint"] is None
    settings.SIMULATION_NO_WORKER_AFTER = 0
    document = client_for(alice).get(url).json()
    assert document["status"] == "pending"
    assert document["status_hint"]["code"] == "no_worker"
    assert "no worker has picked this job up" in document["status_hint"]["message"].lower()
    listed = client_for(alice).get("/api/simulations/").json()["results"]
    assert [j["status_hint"]["code"] for j in listed] == ["no_worker"]
    finish_job(job)
    assert client_for(alice).get(url).json()["status_hint"] is None


def test_the_job_page_shows_the_hint_beside_the_status(alice: Any, settings: Any) -> None:
    job = _job(alice)
    client = Client()
    client.force_login(alice)
    settings.SIMULATION_NO_WORKER_AFTER = 3600
    assert 'id="job-status-hint"' not in client.get(f"/simulations/{job.pk}/").content.decode()
    settings.SIMULATION_NO_WORKER_AFTER = 0
    page = client.get(f"/simulations/{job.pk}/").content.decode()
    assert 'data-hint="no_worker"' in page and "No worker has picked this job up" in page
    fragment = client.get(f"/simulations/{job.pk}/progress/", HTTP_HX_REQUEST="true").content.decode()
    assert 'data-hint="no_worker"' in fragment


def test_simulate_via_celery_says_it_once_while_it_waits(alice: Any, settings: Any) -> None:
    settings.SIMULATION_NO_WORKER_AFTER = 0
    job = _job(alice)
    looks = []

    def sleep(_: float) -> None:  # the third look finds the job cancelled
        looks.append(1)
        if len(looks) == 2:
            job_cancel(job=SimulationJob.objects.get(pk=job.pk))

    stderr = io.StringIO()
    ended = follow_job(job.pk, progress=False, stderr=stderr, sleep=sleep)
    assert ended.status == SimulationJob.Status.CANCELLED
    assert stderr.getvalue().count("No worker has picked this job up") == 1
    assert stderr.getvalue().startswith(f"job #{job.pk}: No worker")
