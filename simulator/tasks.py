"""Celery tasks of simulation jobs: thin — ids in, the services re-fetch everything.

Both tasks are idempotent, acknowledged late and rejected (requeued) when their worker process is
lost, so a killed worker loses nothing; transient database errors (a dropped connection, a lock
timeout, a deadlock) are retried with backoff. No result backend: outcomes are in the database.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from celery import Task, current_app, shared_task
from django.db import InterfaceError, OperationalError

from simulator.services import chunks, jobs

logger = logging.getLogger(__name__)

#: Database errors worth retrying: the same task will very likely succeed a moment later.
TRANSIENT_ERRORS = (OperationalError, InterfaceError)

#: Publishing: a broker that does not answer after this is reported, not waited for.
PUBLISH_RETRY_POLICY = {"max_retries": 3, "interval_start": 0.2, "interval_step": 0.5, "interval_max": 1.0}

TASK_OPTIONS: dict[str, Any] = {
    "acks_late": True,
    "reject_on_worker_lost": True,
    "autoretry_for": TRANSIENT_ERRORS,
    "retry_backoff": 1,
    "retry_backoff_max": 60,
    "retry_jitter": True,
    "max_retries": 12,
    "ignore_result": True,
}


class SimulationTask(Task):
    """On an unexpected error (a bug, or retries exhausted), the job is marked failed rather than
    left running forever."""

    def on_failure(self, exc: BaseException, task_id: str, args: Any, kwargs: Any, einfo: Any) -> None:
        job_id = args[0] if args else kwargs.get("job_id")
        try:
            jobs.job_fail(job_id=int(job_id), error=f"{self.name} failed: {type(exc).__name__}: {exc}")
        except Exception:
            logger.exception("could not mark simulation job %s failed", job_id)


@shared_task(name="simulator.job_dispatch", base=SimulationTask, **TASK_OPTIONS)
def job_dispatch(job_id: int) -> int:
    return jobs.job_dispatch(job_id=job_id)


@shared_task(name="simulator.chunk_run", base=SimulationTask, bind=True, **TASK_OPTIONS)
def chunk_run(self: Task, job_id: int, pairing: int, chunk: int) -> str:
    worker = getattr(self.request, "hostname", None) or ""
    return str(chunks.chunk_run(job_id=job_id, pairing=pairing, chunk=chunk, worker=worker))


def queue_dispatch(job_id: int) -> None:
    """Send the job's dispatch message (called once the job is committed)."""
    job_dispatch.apply_async((job_id,), retry=True, retry_policy=PUBLISH_RETRY_POLICY)


def queue_chunks(job_id: int, chunks: Sequence[tuple[int, int]]) -> None:
    """Send one message per ``(pairing, chunk)`` over one broker connection."""
    with current_app.producer_or_acquire() as producer:
        for pairing, chunk in chunks:
            chunk_run.apply_async(
                (job_id, pairing, chunk), producer=producer, retry=True, retry_policy=PUBLISH_RETRY_POLICY
            )
