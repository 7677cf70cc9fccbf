"""Collections: owned copies of characters and cards, their experience and its log.

- A user keeps one or more named :class:`Collection` s; exactly one is their default (a partial
  unique constraint allows at most one; the services create the first collection as default and
  refuse to delete the default one).
- Each owned copy is one :class:`OwnedCopy` row — a card **or** a character (a check constraint),
  with its XP (never negative) and when it was acquired. Evolving a copy points it at the next
  level's card; its XP is kept (thresholds are cumulative, see ``cards/collection/xp.py``).
- Every XP grant is an :class:`ExperienceGrant` row (the experience log), never edited.
  :class:`ExperienceAward` makes a batch of grants idempotent: one row per ``(source,
  source_ref)``, so a game redelivered to the service grants nothing twice.

Logic lives in ``services/`` and ``selectors.py``; these models only hold data and constraints.
"""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from cards.collection.xp import CARD, CHARACTER
from cards.models import Card, Character

NAME_MAX = 100


class Collection(models.Model):
    """A named set of owned copies belonging to one user."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="collections")
    name = models.CharField(max_length=NAME_MAX)
    is_default = models.BooleanField(
        default=False, help_text="The collection the user's decks and games use unless told otherwise."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["owner_id", "-is_default", "name"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["owner", "name"], name="collection_owner_name_unique"),
            models.UniqueConstraint(
                fields=["owner"], condition=Q(is_default=True), name="collection_one_default_per_owner"
            ),
            models.CheckConstraint(condition=~Q(name=""), name="collection_name_not_empty"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.owner})"


class OwnedCopy(models.Model):
    """One owned copy of a card or of a character."""

    collection = models.ForeignKey(Collection, on_delete=models.CASCADE, related_name="copies")
    card = models.ForeignKey(
        Card, null=True, blank=True, on_delete=models.PROTECT, related_name="owned_copies"
    )
    character = models.ForeignKey(
        Character, null=True, blank=True, on_delete=models.PROTECT, related_name="owned_copies"
    )
    xp = models.BigIntegerField(default=0, help_text="Cumulative experience (never spent on evolving).")
    acquired_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = "owned copy"
        verbose_name_plural = "owned copies"
        ordering: ClassVar[list[str]] = ["collection_id", "id"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.CheckConstraint(
                condition=(Q(card__isnull=False) & Q(character__isnull=True))
                | (Q(card__isnull=True) & Q(character__isnull=False)),
                name="owned_copy_card_xor_character",
            ),
            models.CheckConstraint(condition=Q(xp__gte=0), name="owned_copy_xp_not_negative"),
        ]
        indexes: ClassVar[list[models.Index]] = [
            models.Index(fields=["collection", "card"], name="owned_copy_collection_card"),
            models.Index(fields=["collection", "character"], name="owned_copy_collection_char"),
        ]

    def __str__(self) -> str:
        return f"{self.item} #{self.pk} ({self.xp} XP)"

    @property
    def item(self) -> Card | Character:
        item = self.card if self.card_id is not None else self.character
        assert item is not None  # the check constraint guarantees one of them
        return item

    @property
    def kind(self) -> str:
        return CARD if self.card_id is not None else CHARACTER


class ExperienceSource(models.TextChoices):
    """Where a grant of XP came from (docs/rules/eredan.md §1 Experience)."""

    GAME = "game", "game"
    SIMULATION = "simulation", "simulation job"
    XP_CARD = "xp_card", "XP card"
    STAFF = "staff", "staff grant"


class ExperienceAward(models.Model):
    """An idempotency key: the grants of one ``(source, source_ref)`` are applied once.

    ``source_ref`` names the event, e.g. ``job:42:game:1234`` for one game of a simulation job.
    ``batch`` marks the rows one call inserted, so that call knows which of its games are new
    (inserting with "on conflict do nothing" says nothing about which rows were inserted).
    """

    source = models.CharField(max_length=20, choices=ExperienceSource.choices)
    source_ref = models.CharField(max_length=200)
    batch = models.UUIDField(
        null=True, blank=True, editable=False, db_index=True, help_text="The call that applied it."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = "experience award"
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(
                fields=["source", "source_ref"], name="experience_award_source_ref_unique"
            ),
            models.CheckConstraint(condition=~Q(source_ref=""), name="experience_award_ref_not_empty"),
        ]

    def __str__(self) -> str:
        return f"{self.source}:{self.source_ref}"


class ExperienceGrant(models.Model):
    """One line of the experience log: ``amount`` XP given to one copy. Never edited.

    The copy may later be removed (``copy`` becomes null): ``owner``, ``collection`` and
    ``item_slug`` keep the line readable.
    """

    copy = models.ForeignKey(
        OwnedCopy, null=True, blank=True, on_delete=models.SET_NULL, related_name="experience_grants"
    )
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    collection = models.ForeignKey(
        Collection, null=True, blank=True, on_delete=models.SET_NULL, related_name="experience_grants"
    )
    item_slug = models.SlugField(max_length=100, help_text="The copy's card or character when granted.")
    amount = models.PositiveIntegerField()
    xp_after = models.BigIntegerField(help_text="The copy's XP right after this grant.")
    source = models.CharField(max_length=20, choices=ExperienceSource.choices)
    source_ref = models.CharField(max_length=200, blank=True)
    award = models.ForeignKey(
        ExperienceAward, null=True, blank=True, on_delete=models.PROTECT, related_name="grants"
    )
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    note = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        verbose_name = "experience grant"
        ordering: ClassVar[list[str]] = ["-created_at", "-id"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="experience_grant_amount_positive"),
            models.CheckConstraint(
                condition=Q(source__in=ExperienceSource.values), name="experience_grant_source_valid"
            ),
        ]
        indexes: ClassVar[list[models.Index]] = [
            models.Index(fields=["owner", "-created_at"], name="experience_grant_owner_time"),
        ]

    def __str__(self) -> str:
        return f"+{self.amount} XP to {self.item_slug} ({self.source})"
