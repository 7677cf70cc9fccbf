"""Redis down (issue 20 must-fix 3 and "a job that cannot be queued"): the app runs against a
closed port for both its cache and its broker. Reads keep working; ``POST /api/simulations/``
answers the documented 503 ``broker_unavailable``; and neither the answer nor the job's status,
page or anything its owner reads names the broker's address (URL, host, port, password).
"""

from __future__ import annotations

import json
import socket

import pytest
from django.test import Client
from rest_framework.test import APIClient

from simulator.error_codes import SimulationErrorCode as Code
from simulator.models import SimulationJob
from tests.simulator.conftest import celery_broker, make_user

SECRET = "s3cret-broker-password"


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _assert_no_address(text: str, port: int) -> None:
    for leak in (SECRET, "redis://", "127.0.0.1", f":{port}", str(port), "Connection refused", "Error 111"):
        assert leak not in text, f"{leak!r} shown to the user: {text}"


@pytest.mark.django_db(transaction=True)
def test_a_closed_port_is_a_503_that_names_no_broker_address(settings) -> None:
    port = _closed_port()
    url = f"redis://:{SECRET}@127.0.0.1:{port}/0"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": url,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
    alice = make_user("alice")
    api = APIClient()
    api.force_login(alice)
    body = {"game": "ecarte", "entrants": [{"policy": "heuristic"}, {"policy": "random"}], "games": 10}
    with celery_broker(url, {}):
        assert api.get("/api/guilds/").status_code == 200  # reads work (throttles count locally)
        response = api.post("/api/simulations/", body, format="json")
    assert response.status_code == 503
    (error,) = response.json()["errors"]
    assert error["code"] == Code.BROKER_UNAVAILABLE
    assert "could not be queued" in error["message"]
    job = SimulationJob.objects.get()
    assert error["job"] == job.pk
    assert (job.status, job.error_code) == ("failed", Code.BROKER_UNAVAILABLE)
    _assert_no_address(json.dumps(response.json()), port)
    _assert_no_address(job.error, port)
    _assert_no_address(json.dumps(api.get(f"/api/simulations/{job.pk}/").json()), port)
    page = Client()
    page.force_login(alice)
    _assert_no_address(page.get(f"/simulations/{job.pk}/").content.decode(), port)


@pytest.mark.django_db(transaction=True)
def test_the_next_round_or_work_unqueued_names_no_broker_address(settings, caplog) -> None:
    """The other two places that queue (a compare's next round, an optimize's next work) share
    the one message: the exception and its address go to the log only."""
    from simulator.services import compares, optimizes

    port = _closed_port()
    url = f"redis://:{SECRET}@127.0.0.1:{port}/0"
    owner = make_user("alice")
    for module, queue in ((compares, compares._queue_round), (optimizes, optimizes._queue_work)):
        job = SimulationJob.objects.create(
            owner=owner,
            game="ecarte",
            games=10,
            seed=1,
            chunk_size=10,
            total_games=10,
            total_chunks=1,
            status="running",
        )
        with celery_broker(url, {}):
            queue(job.pk, [(0, 0)])
        job.refresh_from_db()
        assert (job.status, job.error_code) == ("failed", Code.BROKER_UNAVAILABLE), module
        assert "could not be queued" in job.error
        _assert_no_address(job.error, port)
