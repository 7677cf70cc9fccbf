"""XP cards: feeding a "+N XP" card (non-playable) to another copy of the same collection
(docs/rules/eredan.md §1 Experience)."""

from __future__ import annotations

from django.db import transaction

from cards.collection.error_codes import CollectionErrorCode as Code
from cards.collection.models import Collection, ExperienceGrant, ExperienceSource
from cards.collection.services.copies import copy_item, copy_locked, is_whole_number
from cards.collection.services.experience import copy_grant_xp
from cards.domain.specs import XP_CARD_TYPE
from cards.models import Card
from eredan.errors import DomainError


def _type_slugs(card: Card) -> list[str]:
    return [t.slug for t in card.type_path()]


def xp_card_consume(*, collection: Collection, xp_card_id: int, target_id: int) -> ExperienceGrant:
    """Feed a "+N XP" card of ``collection`` to another copy of it: the XP card is removed and the
    target gains N XP, atomically (docs/rules/eredan.md §1 Experience — non-playable "+N XP" cards).

    Refused with ``not_owner`` (either copy not in this collection), ``not_xp_card`` (the copy fed
    is no XP card), ``xp_card_target`` (the target is an XP card or another non-playable card) or
    ``no_next_level`` (the target is at the last level of its family: it can never evolve again,
    so the XP would be lost — the XP card is kept).
    """
    with transaction.atomic():
        for field, copy_id in (("xp_card", xp_card_id), ("target", target_id)):
            if not is_whole_number(copy_id):
                raise DomainError("Expected the id of a copy.", code="invalid", field=field)
        if xp_card_id == target_id:
            raise DomainError("An XP card cannot be fed to itself.", code=Code.XP_CARD_TARGET, field="target")
        # Lock both rows in id order, so two consumptions never deadlock.
        locked = {}
        for field, copy_id in sorted((("xp_card", xp_card_id), ("target", target_id)), key=lambda p: p[1]):
            locked[field] = copy_locked(collection, copy_id, field)
        xp_copy, target = locked["xp_card"], locked["target"]
        xp_card = Card.objects.select_related("type").get(pk=xp_copy.card_id) if xp_copy.card_id else None
        if xp_card is None or XP_CARD_TYPE not in _type_slugs(xp_card) or xp_card.xp_value <= 0:
            name = xp_card.name_en if xp_card else copy_item(xp_copy).name_en
            raise DomainError(f"{name} is not an XP card.", code=Code.NOT_XP_CARD, field="xp_card")
        if target.card_id is not None:
            target_card = Card.objects.select_related("type").get(pk=target.card_id)
            path = target_card.type_path()
            if XP_CARD_TYPE in (t.slug for t in path):
                raise DomainError(
                    "An XP card cannot be fed to another XP card.", code=Code.XP_CARD_TARGET, field="target"
                )
            if not all(t.playable for t in path):
                raise DomainError(
                    f"{target_card.name_en} is not playable and gains no experience.",
                    code=Code.XP_CARD_TARGET,
                    field="target",
                )
        item = copy_item(target)
        if item.family_id is None or not (
            type(item).objects.filter(family_id=item.family_id, level=item.level + 1).exists()
        ):
            raise DomainError(
                f"{item.name_en} is at the last level of its family and can never evolve again: "
                f"{xp_card.name_en} was not used (its XP would be lost).",
                code=Code.NO_NEXT_LEVEL,
                field="target",
            )
        source_ref = f"{xp_card.slug}#{xp_copy.pk}"
        xp_copy.delete()
        return copy_grant_xp(
            copy_id=target.pk, amount=xp_card.xp_value, source=ExperienceSource.XP_CARD, source_ref=source_ref
        )
