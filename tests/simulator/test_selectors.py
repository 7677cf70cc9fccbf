"""simulator/selectors.py: whose jobs one sees, progress and ETA."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from eredan.errors import NotFoundError
from simulator import selectors
from simulator.models import SimulationJob
from simulator.services.jobs import job_create
from simulator.services.requests import EntrantInput
from tests.simulator.conftest import make_user

# Every message a test sends goes to this area's Redis database, emptied after each test.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_broker")]


def job_for(owner: Any) -> SimulationJob:
    return job_create(
        owner=owner,
        game="ecarte",
        entrants=[EntrantInput(policy="random"), EntrantInput(policy="random")],
        games=100,
    )


def test_one_sees_only_ones_own_jobs_staff_included(alice: Any, bob: Any) -> None:
    staff = make_user("staff", is_staff=True)
    job = job_for(alice)
    assert list(selectors.job_list(user=alice)) == [job]
    assert list(selectors.job_list(user=bob)) == []
    assert list(selectors.job_list(user=AnonymousUser())) == []
    assert selectors.job_get(user=alice, pk=job.pk) == job
    cases: list[tuple[Any, Any]] = [
        (bob, job.pk),
        (staff, job.pk),
        (AnonymousUser(), job.pk),
        (alice, "x"),
        (alice, None),
    ]
    for user, pk in cases:
        with pytest.raises(NotFoundError):
            selectors.job_get(user=user, pk=pk)


def test_progress_and_eta_from_the_rate_so_far(alice: Any) -> None:
    job = job_for(alice)
    now = timezone.now()
    pending = selectors.job_progress(job=job, now=now)
    assert (pending.games_done, pending.fraction, pending.eta_seconds, pending.elapsed_seconds) == (
        0,
        0.0,
        None,
        None,
    )
    job.status, job.started_at, job.games_done, job.chunks_done = (
        "running",
        now - timedelta(seconds=10),
        25,
        1,
    )
    running = selectors.job_progress(job=job, now=now)
    assert running.games_per_second == pytest.approx(2.5)
    assert running.eta_seconds == pytest.approx(30.0)  # 75 games left at 2.5 a second
    assert running.fraction == pytest.approx(0.25)
    job.status, job.finished_at, job.games_done = "done", now, 100
    done = selectors.job_progress(job=job, now=now + timedelta(hours=1))
    assert done.eta_seconds == 0.0 and done.elapsed_seconds == pytest.approx(10.0)
