"""The eredan Django project: settings, URLs, the Celery app and the shared API plumbing."""

from __future__ import annotations

from eredan.celery import app as celery_app

__all__ = ["celery_app"]
