from __future__ import annotations

from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "decks"

    def ready(self) -> None:
        from cards.services import catalog_changed
        from decks.services import catalog_changed_receiver

        # Stored validation results follow the card database (docs/decks.md "Validation results").
        catalog_changed.connect(catalog_changed_receiver, dispatch_uid="decks-revalidate-on-catalog-change")
