from __future__ import annotations

from django.apps import AppConfig


class EredanConfig(AppConfig):
    name = "eredan"
    verbose_name = "eredan project"
