"""Evolution: a copy at its level's XP threshold becomes the next level's card of its family
(docs/rules/eredan.md §1 Experience)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from cards.collection.models import Collection, OwnedCopy
from cards.collection.selectors import xp_thresholds_get
from cards.collection.services.copies import copy_item, copy_locked
from cards.models import Card
from eredan.errors import DomainError


@dataclass(frozen=True, slots=True)
class Evolution:
    copy: OwnedCopy
    from_slug: str
    to_slug: str


def copy_evolve(*, collection: Collection, copy_id: int) -> Evolution:
    """Evolve a copy of ``collection`` into the next level of its family.

    docs/rules/eredan.md §1 Experience — allowed when the copy's XP reaches the threshold of its level
    (exactly at it included) and its family has a next level. The copy keeps its XP: thresholds
    are cumulative (**[decision]**). Refused with ``not_owner``, ``no_next_level``,
    ``no_threshold`` or ``not_enough_xp``.
    """
    thresholds = xp_thresholds_get()
    with transaction.atomic():
        copy = copy_locked(collection, copy_id, "copy")
        item = copy_item(copy)
        following = type(item).objects.filter(family_id=item.family_id, level=item.level + 1).first()
        refusal = thresholds.evolution_refusal(
            level=item.level, xp=copy.xp, has_next_level=following is not None
        )
        if refusal is not None:
            raise DomainError(f"{item.name_en}: {refusal.message}", code=refusal.code, field="copy")
        assert following is not None
        if isinstance(following, Card):
            copy.card = following
        else:
            copy.character = following
        copy.save(update_fields=["card", "character"])
    return Evolution(copy=copy, from_slug=item.slug, to_slug=following.slug)
