from __future__ import annotations

from django.apps import AppConfig


class CollectionConfig(AppConfig):
    """Collections: owned copies, their experience and evolution (a sub-app of cards)."""

    name = "cards.collection"
    label = "collection"
    verbose_name = "collections"
