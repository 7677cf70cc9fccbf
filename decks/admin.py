"""Admin for decks, with their validation result (recomputed when the card database changed)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join

from decks.models import Deck, DeckCard, DeckCharacter, DeckVersion
from decks.selectors import deck_export_text, decks_current, with_entries
from decks.services import deck_version_record, decks_revalidate
from eredan.users import User


class DeckCharacterInline(admin.TabularInline[DeckCharacter, Deck]):
    model = DeckCharacter
    extra = 0
    raw_id_fields = ["character"]
    ordering = ["position"]


class DeckCardInline(admin.TabularInline[DeckCard, Deck]):
    model = DeckCard
    extra = 0
    raw_id_fields = ["card"]


class DeckVersionInline(admin.TabularInline[DeckVersion, Deck]):
    """The deck's history, read-only (docs/lab.md "Deck versions")."""

    model = DeckVersion
    extra = 0
    can_delete = False
    fields = ["number", "created_at", "author", "source", "restored_from", "summary"]
    readonly_fields = ["number", "created_at", "author", "source", "restored_from", "summary"]
    ordering = ["-number"]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="what changed")
    def summary(self, version: DeckVersion) -> str:
        return str((version.changes or {}).get("summary", ""))


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin[Deck]):
    list_display = ["name", "owner", "slug", "is_public", "valid", "affiliation", "updated_at"]
    list_filter = ["is_public", ("owner", admin.EmptyFieldListFilter)]
    search_fields = ["name", "slug", "owner__username"]
    readonly_fields = ["validation_report", "text", "validated_version", "created_at", "updated_at"]
    inlines = [DeckCharacterInline, DeckCardInline, DeckVersionInline]
    list_select_related = ["owner"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Deck]:
        return with_entries(super().get_queryset(request))

    def get_changelist_instance(self, request: HttpRequest) -> Any:
        changelist = super().get_changelist_instance(request)
        decks_current(decks=list(changelist.result_list))  # the page shown, never stale
        return changelist

    def get_object(self, request: HttpRequest, object_id: str, from_field: str | None = None) -> Deck | None:
        deck = super().get_object(request, object_id, from_field)
        if deck is not None:
            decks_current(decks=[deck])
        return deck

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        deck = with_entries(Deck.objects.filter(pk=form.instance.pk)).get()
        decks_revalidate(decks=[deck], force=True)
        author = request.user if isinstance(request.user, User) else None
        source = DeckVersion.Source.EDIT if change else DeckVersion.Source.CREATE
        deck_version_record(deck=deck, author=author, source=source)

    @admin.display(boolean=True, description="valid")
    def valid(self, deck: Deck) -> bool | None:
        return deck.is_valid

    @admin.display(description="affiliation")
    def affiliation(self, deck: Deck) -> str:
        data = deck.validation or {}
        return str(data.get("affiliation") or "—")

    @admin.display(description="validation")
    def validation_report(self, deck: Deck) -> str:
        data = deck.validation or {}
        errors = data.get("errors") or []
        if not errors:
            return "valid" if data.get("valid") else "—"
        return format_html(
            "<ul>{}</ul>",
            format_html_join("", "<li><code>{}</code> {}</li>", ((e["code"], e["message"]) for e in errors)),
        )

    @admin.display(description="text format")
    def text(self, deck: Deck) -> str:
        if deck.pk is None:
            return "—"
        return format_html("<pre>{}</pre>", deck_export_text(deck=deck))
