from __future__ import annotations

from django.apps import AppConfig


class SimulatorConfig(AppConfig):
    name = "simulator"
