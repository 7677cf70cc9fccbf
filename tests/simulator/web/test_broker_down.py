"""The new-simulation form when the task broker cannot be reached: the job is recorded as failed
and the browser is sent to it, which says why. (A module of its own: the test commits for real,
which the other page tests' card set, loaded in a transaction per module, does not allow.)"""

from __future__ import annotations

import pytest
from django.test import Client

from simulator.models import SimulationJob
from tests.simulator.conftest import celery_broker, make_user


@pytest.mark.django_db(transaction=True)
def test_an_unreachable_broker_leads_to_the_failed_job_saying_why() -> None:
    client = Client()
    client.force_login(make_user("alice"))
    data = {"game": "ecarte", "kind": "matchup", "first": "heuristic", "opponents": ["random"], "games": "10"}
    with celery_broker("redis://127.0.0.1:1/0", {}):
        response = client.post("/simulations/new/", data, follow=True)
    job = SimulationJob.objects.get()
    assert response.redirect_chain == [(f"/simulations/{job.pk}/", 302)]
    assert job.status == "failed"
    assert response.content.decode().count("could not be queued") == 2  # the message, and the job's error
