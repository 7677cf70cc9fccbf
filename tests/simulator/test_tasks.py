"""simulator/tasks.py: the tasks' delivery guarantees, and a broker that cannot be reached.

(The tasks at work — real worker processes, a SIGKILLed worker, Redis and the filesystem
broker — are in test_workers.py.)"""

from __future__ import annotations

import pytest

from eredan.errors import DomainError
from simulator.error_codes import SimulationErrorCode as Code
from simulator.models import SimulationJob
from simulator.services.jobs import job_create
from simulator.services.requests import EntrantInput
from tests.simulator.conftest import celery_broker, make_user


def test_tasks_are_late_acknowledged_requeued_on_worker_loss_and_retry_transient_db_errors() -> None:
    from django.db import InterfaceError, OperationalError

    from simulator.tasks import chunk_run, job_dispatch

    for task in (chunk_run, job_dispatch):
        assert task.acks_late is True
        assert task.reject_on_worker_lost is True
        assert set(task.autoretry_for) >= {OperationalError, InterfaceError}
        assert task.ignore_result is True


@pytest.mark.django_db(transaction=True)
def test_an_unreachable_broker_is_a_503_and_the_job_says_why() -> None:
    alice = make_user("alice")
    with celery_broker("redis://127.0.0.1:1/0", {}), pytest.raises(DomainError) as info:
        job_create(
            owner=alice,
            game="ecarte",
            entrants=[EntrantInput(policy="heuristic"), EntrantInput(policy="random")],
            games=10,
        )
    assert (info.value.code, info.value.status_code) == (Code.BROKER_UNAVAILABLE, 503)
    job = SimulationJob.objects.get()
    assert (job.status, job.error_code) == ("failed", Code.BROKER_UNAVAILABLE)
    assert "could not be queued" in job.error
