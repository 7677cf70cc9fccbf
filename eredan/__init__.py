"""The eredan Django project: settings, URLs, the Celery app and the shared API plumbing.

Importing this package imports nothing else, so its pure modules (:mod:`eredan.errors`) stay
importable without Django or Celery. The Celery app (:mod:`eredan.celery`) is loaded when Django
starts (:meth:`eredan.apps.EredanConfig.ready`), and ``celery -A eredan`` finds it by itself.
"""
