"""Keep :class:`cards.models.CatalogVersion` in step with the card database.

Any save or delete of a card-database row, and any change to a many-to-many relation between
them, bumps the version **in the same transaction** (a plain ``UPDATE``), so a catalog cached by any
process is known stale as soon as the change commits, and never before. Bulk writers
(``load_cardset``, ``import_cards``) wrap their work in :func:`cards.services.catalog_batch`,
which bumps once at the end instead of once per row. ``QuerySet.update()`` sends no signal: code
that uses it on these tables calls :func:`cards.services.catalog_version_bump` itself.
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import m2m_changed, post_delete, post_save


def _bump(sender: Any, **kwargs: Any) -> None:
    from cards.services import catalog_version_bump

    if kwargs.get("raw"):
        return  # loaddata: the loader bumps once
    if str(kwargs.get("action", "post_")).startswith("pre_"):
        return
    catalog_version_bump(using=kwargs.get("using"))


def connect() -> None:
    from cards import models as m

    for model in (
        m.Guild,
        m.Caste,
        m.CharacterClass,
        m.CardType,
        m.Race,
        m.Rarity,
        m.CardSet,
        m.EvolutionFamily,
        m.Character,
        m.Card,
    ):
        post_save.connect(_bump, sender=model, dispatch_uid=f"catalog-save-{model.__name__}")
        post_delete.connect(_bump, sender=model, dispatch_uid=f"catalog-delete-{model.__name__}")
    for through in (
        m.Character.classes.through,
        m.Character.castes.through,
        m.Card.required_classes.through,
        m.Card.required_characters.through,
        m.Card.required_races.through,
        m.Card.required_castes.through,
    ):
        m2m_changed.connect(_bump, sender=through, dispatch_uid=f"catalog-m2m-{through.__name__}")
