"""What the simulation services send to the workers: Celery tasks, by name.

The services never import :mod:`simulator.tasks` (which imports the services): they send the
messages named here, and the tasks module registers the tasks under the same names. No result
backend: outcomes are in the database.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from celery import current_app

#: The task names (``simulator/tasks.py`` registers its tasks under these).
JOB_DISPATCH = "simulator.job_dispatch"
CHUNK_RUN = "simulator.chunk_run"

#: Publishing: a broker that does not answer after this is reported, not waited for.
PUBLISH_RETRY_POLICY: dict[str, Any] = {
    "max_retries": 3,
    "interval_start": 0.2,
    "interval_step": 0.5,
    "interval_max": 1.0,
}


def _send(name: str, args: tuple[int, ...], **options: Any) -> None:
    if current_app.conf.task_always_eager:  # CELERY_TASK_ALWAYS_EAGER: run it here, now
        current_app.tasks[name].apply_async(args=args)
        return
    current_app.send_task(name, args=args, retry=True, retry_policy=PUBLISH_RETRY_POLICY, **options)


def dispatch_send(job_id: int) -> None:
    """Send the job's dispatch message (called once the job is committed)."""
    _send(JOB_DISPATCH, (job_id,))


def chunks_send(job_id: int, chunks: Sequence[tuple[int, int]]) -> None:
    """Send one chunk message per ``(pairing, chunk)`` over one broker connection."""
    with current_app.producer_or_acquire() as producer:
        for pairing, chunk in chunks:
            _send(CHUNK_RUN, (job_id, pairing, chunk), producer=producer)
