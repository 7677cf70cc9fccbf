"""Decks: three characters and their cards with counts, owned by a user (or public demo decks).

A deck may be saved while it breaks the rules (a draft). Its validation result is stored with the
catalog version token it was computed at (``validated_version``); whenever the card database has
changed since, the selectors recompute and store it before anyone sees it (see
``decks/selectors.py``), so a stored result is never served stale.

Logic lives in ``services.py`` and ``selectors.py``; these models only hold data and constraints.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings
from django.db import models
from django.db.models import Q

from cards.models import Card, Character

NAME_MAX = 100
SLUG_MAX = 100


class Deck(models.Model):
    """A deck. ``owner`` null: a public deck of the project (the bundled demo decks)."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="decks",
        help_text="Empty for the project's public demo decks.",
    )
    slug = models.SlugField(
        max_length=SLUG_MAX,
        null=True,
        blank=True,
        unique=True,
        help_text="Set for the bundled demo decks (their slug in fixtures/cardset/decks.json).",
    )
    name = models.CharField(max_length=NAME_MAX)
    is_public = models.BooleanField(
        default=False, help_text="Readable by everyone (only the owner and staff may change it)."
    )
    validation = models.JSONField(
        null=True,
        blank=True,
        editable=False,
        help_text='The current validation result: {"valid", "affiliation", "errors": [...]}.',
    )
    validated_version = models.CharField(
        max_length=64,
        blank=True,
        editable=False,
        help_text="The catalog version token the result was computed at.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["-updated_at", "-id"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.CheckConstraint(condition=~Q(name=""), name="deck_name_not_empty"),
            models.CheckConstraint(
                condition=Q(owner__isnull=False) | Q(is_public=True), name="deck_ownerless_is_public"
            ),
        ]
        indexes: ClassVar[list[models.Index]] = [
            models.Index(fields=["owner", "-updated_at"], name="deck_owner_updated"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_valid(self) -> bool | None:
        data: Any = self.validation
        return bool(data["valid"]) if isinstance(data, dict) and "valid" in data else None


class DeckCharacter(models.Model):
    """One of a deck's characters, at its position (0, 1, 2: the order the player gave)."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="deck_characters")
    character = models.ForeignKey(Character, on_delete=models.PROTECT, related_name="deck_entries")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering: ClassVar[list[str]] = ["deck_id", "position"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["deck", "position"], name="deck_character_position_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.deck_id}:{self.position} {self.character_id}"


class DeckCard(models.Model):
    """A card of a deck and how many copies of it."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="deck_cards")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="deck_entries")
    count = models.PositiveSmallIntegerField()

    class Meta:
        ordering: ClassVar[list[str]] = ["deck_id", "card_id"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["deck", "card"], name="deck_card_unique"),
            models.CheckConstraint(condition=Q(count__gte=1), name="deck_card_count_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.count}× {self.card_id}"


class DeckVersion(models.Model):
    """One saved state of a deck (docs/lab.md "Deck versions"): what it held after a save, who
    saved it, when, how (created, edited, restored…) and what changed since the version before.

    Numbered 1, 2, … per deck; the newest is the deck's current content. A snapshot of slugs and
    counts (like a simulation job's entrants), so an old version stays readable whatever happens
    to the deck's rows; restoring one writes its content back as a new version.
    """

    class Source(models.TextChoices):
        CREATE = "create", "created"
        EDIT = "edit", "edited"
        RESTORE = "restore", "restored"
        DEMO = "demo", "bundled demo deck"
        OPTIMIZE = "optimize", "optimizer"
        MIGRATION = "migration", "existing deck"

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    name = models.CharField(max_length=NAME_MAX)
    characters = models.JSONField(default=list, help_text="Character slugs, in order.")
    cards = models.JSONField(default=dict, help_text="Card slug → count.")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Who saved it (empty: the project, e.g. the bundled demo decks).",
    )
    source = models.CharField(max_length=20, choices=Source.choices, default=Source.EDIT)
    restored_from = models.PositiveIntegerField(
        null=True, blank=True, help_text="A restore: the number of the version restored."
    )
    changes = models.JSONField(
        default=dict, help_text="What changed since the version before (decks.history.DeckDiff)."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["deck_id", "-number"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["deck", "number"], name="deck_version_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="deck_version_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.deck_id} v{self.number}"
