from __future__ import annotations

from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "decks"
