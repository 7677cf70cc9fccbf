"""The lab's sections in a job's results (docs/lab.md "Results"): a round robin's metagame and
ratings, final and partial."""

from __future__ import annotations

from typing import Any

import pytest

from simulator import selectors
from tests.simulator.conftest import ecarte_round_robin, finish_job

pytestmark = pytest.mark.django_db


def test_a_round_robin_has_its_nash_mix_and_ratings(alice: Any) -> None:
    job = finish_job(ecarte_round_robin(alice, games=40))
    results = selectors.job_results(job=job)
    nash = results["metagame"]["nash"]
    assert set(nash["weights"]) == {"heuristic", "random", "random (2)"}
    assert sum(nash["weights"].values()) == pytest.approx(1.0)
    assert nash["value"] == pytest.approx(0.5)
    assert {f["field"] for f in results["metagame"]["vs_field"]} == {"uniform", "nash"}
    ratings = results["ratings"]["ratings"]
    assert ratings[0]["label"] == "heuristic"
    assert ratings[0]["ci95"][0] < ratings[0]["rating"] < ratings[0]["ci95"][1]
    # The same from the chunk rows as from the stored results.
    assert selectors.job_results_compute(job=job)["metagame"] == results["metagame"]


def test_partial_results_have_no_nash_mix_nor_ratings_until_everything_has_games(alice: Any) -> None:
    from simulator.services.chunks import chunk_run
    from simulator.services.jobs import job_dispatch

    job = ecarte_round_robin(alice, games=8)
    job_dispatch(job_id=job.pk)
    chunk_run(job_id=job.pk, pairing=0, chunk=0)
    job.refresh_from_db()
    partial = selectors.job_results(job=job)
    assert partial["partial"] is True
    # Pairing 0 (heuristic against random) has games, the second random has none yet.
    assert partial["metagame"] is None
    assert partial["ratings"] is None
