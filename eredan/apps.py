from __future__ import annotations

from django.apps import AppConfig


class EredanConfig(AppConfig):
    name = "eredan"
    verbose_name = "eredan project"

    def ready(self) -> None:
        # Every Django process (pages and API, commands, tests) sends its jobs through the
        # project's Celery app: loading it makes it the current app (simulator/queueing.py).
        from eredan import celery  # noqa: F401
