"""The card database admin (staff only): search, filters, autocomplete, inline levels, JSON export.

Validation is the model's (``full_clean()``, shared with the API and the loaders): structured-data
errors appear on their field, with the path of the bad value (``effects[1].amount: …``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import actions as admin_actions
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.html import format_html_join

from cards import models as m
from cards.domain.specs import SpecError
from cards.domain.text import LANGS, rules_text
from cards.selectors import (
    card_export_rows,
    card_type_descendants,
    character_export_rows,
    text_compiler_build,
)
from cards.services import (
    character_classes_errors,
    entries_delete,
    entries_delete_check,
    entries_fill_effects,
)
from cards.specs import card_to_spec, character_to_spec, get_names
from eredan.errors import DomainError

# --- reference tables ---------------------------------------------------------------------------


class ReferenceAdmin(admin.ModelAdmin[m.ReferenceEntry]):
    list_display: Any = ("name_en", "name_fr", "slug", "ref_id")
    search_fields = ("slug", "name_en", "name_fr")
    ordering = ("name_en",)


@admin.register(m.Guild)
class GuildAdmin(ReferenceAdmin):
    list_display = ("name_en", "name_fr", "slug", "ref_id", "is_mercenary", "color")
    list_filter = ("is_mercenary",)


@admin.register(m.Caste)
class CasteAdmin(ReferenceAdmin):
    list_display = ("name_en", "name_fr", "slug", "ref_id", "parent", "multi_guild")
    list_filter = ("multi_guild",)
    autocomplete_fields = ("parent",)


@admin.register(m.CharacterClass)
class CharacterClassAdmin(ReferenceAdmin):
    pass


@admin.register(m.CardType)
class CardTypeAdmin(ReferenceAdmin):
    list_display = (
        "name_en",
        "name_fr",
        "slug",
        "ref_id",
        "parent",
        "persistent",
        "playable",
        "character_type",
    )
    list_filter = ("persistent", "playable", "character_type")
    autocomplete_fields = ("parent",)


@admin.register(m.Race)
class RaceAdmin(ReferenceAdmin):
    list_display = ("name_en", "name_fr", "slug", "ref_id", "parent", "element")
    autocomplete_fields = ("parent", "element")


@admin.register(m.Rarity)
class RarityAdmin(ReferenceAdmin):
    pass


@admin.register(m.CardSet)
class CardSetAdmin(ReferenceAdmin):
    pass


@admin.register(m.XpThreshold)
class XpThresholdAdmin(admin.ModelAdmin[m.XpThreshold]):
    list_display = ("evolution", "xp")


@admin.register(m.CatalogSnapshot)
class CatalogSnapshotAdmin(admin.ModelAdmin[m.CatalogSnapshot]):
    """The catalogs jobs were submitted with (cards/snapshots.py): written once, never changed."""

    list_display = ("digest", "characters", "cards", "created_at")
    search_fields = ("digest",)
    fields = ("digest", "characters", "cards", "created_at")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


# --- shared by characters and cards ---------------------------------------------------------------


_EntryT = TypeVar("_EntryT", bound=m.CatalogEntry)


def _rules_text_html(spec: Any) -> str:
    text = rules_text(spec, get_names())
    return format_html_join(
        "",
        "<p><strong>{}</strong><br>{}</p>",
        (
            (lang.upper(), format_html_join("", "{}<br>", ((line,) for line in text[lang].splitlines())))
            for lang in LANGS
        ),
    )


class EntryAdmin(admin.ModelAdmin[_EntryT]):
    """What the character and card admins share: search, deletion that keeps levels contiguous,
    JSON export, the generated rules text."""

    search_fields = ("slug", "name_en", "name_fr", "family__slug", "community_id")
    readonly_fields = (
        "rules_text",
        "source_text",
        "effects_incomplete",
        "unread_clauses",
        "community_id",
        "created_at",
        "updated_at",
    )
    list_select_related: ClassVar[tuple[str, ...]] = ("family", "guild")
    list_per_page = 50
    save_on_top = True

    @admin.display(description="rules text (generated)")
    def rules_text(self, obj: m.CatalogEntry) -> str:
        if obj.pk is None:
            return "—"
        try:
            return _rules_text_html(self.to_spec(obj))
        except SpecError as exc:  # stored before a schema change: show why instead of failing
            return f"cannot be read: {exc}"

    # Each subclass defines these two methods for its model.
    to_spec: Callable[[Any], Any]
    export_rows: Callable[[QuerySet[Any]], list[dict[str, Any]]]

    @admin.action(description="Export selected as JSON (card set format)")
    def export_json(self, request: HttpRequest, queryset: QuerySet[Any]) -> HttpResponse:
        rows = self.export_rows(queryset.order_by("family__slug", "level"))
        response = HttpResponse(
            json.dumps(rows, ensure_ascii=False, indent=1) + "\n",
            content_type="application/json; charset=utf-8",
        )
        name = str(self.model._meta.verbose_name_plural).replace(" ", "_")
        response["Content-Disposition"] = f'attachment; filename="{name}.json"'
        return response

    @admin.action(description="Delete selected (highest levels first)", permissions=["delete"])
    def delete_selected(self, request: HttpRequest, queryset: QuerySet[Any]) -> HttpResponse | None:
        try:
            entries_delete_check(entries=queryset)
        except DomainError as exc:
            self.message_user(request, exc.message, messages.ERROR)
            return None
        return admin_actions.delete_selected(self, request, queryset)

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        actions = super().get_actions(request)
        if "delete_selected" in actions:
            actions["delete_selected"] = self.get_action("delete_selected")
        return actions

    @admin.action(description="Fill effects from the rules text", permissions=["change"])
    def fill_effects(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        """Compile each selected entry's stored rules text (``source_text``) into its effects."""
        filled, without, refused = entries_fill_effects(
            entries=list(queryset), compiler=text_compiler_build()
        )
        incomplete = [e for e in filled if e.effects_incomplete]
        if filled:
            self.message_user(
                request,
                f"{len(filled)} filled from their rules text ({len(incomplete)} with unread clauses: "
                "see their 'unread clauses').",
                messages.SUCCESS,
            )
        if without:
            names = ", ".join(e.slug for e in without[:10])
            self.message_user(
                request, f"{len(without)} have no rules text to compile: {names}", messages.WARNING
            )
        for slug, why in refused.items():
            self.message_user(request, f"{slug}: not saved: {why}", messages.ERROR)

    actions = ("export_json", "fill_effects", "delete_selected")

    def delete_view(self, request: HttpRequest, object_id: str, extra_context: Any = None) -> HttpResponse:
        obj = self.get_object(request, object_id)
        if obj is not None:
            try:
                entries_delete_check(entries=[obj])
            except DomainError as exc:
                self.message_user(request, exc.message, messages.ERROR)
                info = (self.model._meta.app_label, self.model._meta.model_name)
                return HttpResponseRedirect(reverse("admin:{}_{}_change".format(*info), args=[obj.pk]))
        return super().delete_view(request, object_id, extra_context)

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        entries_delete(entries=[obj])

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        entries_delete(entries=queryset)


class TypeTreeFilter(admin.SimpleListFilter):
    """Card type, with its subtypes (Objet = every item; Arme à une main = daggers, swords, …)."""

    title = "type (with subtypes)"
    parameter_name = "type_tree"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        rows = list(m.CardType.objects.values_list("slug", "name_en", "parent__slug"))
        children: dict[str | None, list[tuple[str, str]]] = {}
        for slug, name, parent in rows:
            children.setdefault(parent, []).append((slug, name))
        out: list[tuple[str, str]] = []

        def walk(parent: str | None, depth: int) -> None:
            for slug, name in sorted(children.get(parent, []), key=lambda x: x[1]):
                out.append((slug, f"{'— ' * depth}{name}"))
                walk(slug, depth + 1)

        walk(None, 0)
        return out

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        if self.value():
            return queryset.filter(type__slug__in=card_type_descendants(slugs=[self.value() or ""]))
        return queryset


# --- characters ---------------------------------------------------------------------------------


class CharacterForm(forms.ModelForm[m.Character]):
    class Meta:
        model = m.Character
        fields = (
            "name_en",
            "name_fr",
            "slug",
            "family",
            "level",
            "unique",
            "guild",
            "classes",
            "race",
            "castes",
            "hp",
            "attack_min",
            "attack_max",
            "defense",
            "spirit",
            "stats_source",
            "orders",
            "abilities",
            "rarity",
            "card_set",
            "source_seq",
            "notes",
        )

    def clean_classes(self) -> Any:
        classes = self.cleaned_data["classes"]
        if errors := character_classes_errors(list(classes)):
            raise forms.ValidationError(errors)
        return classes


@admin.register(m.Character)
class CharacterAdmin(EntryAdmin[m.Character]):
    form = CharacterForm
    list_display = (
        "name_en",
        "name_fr",
        "slug",
        "level",
        "guild",
        "class_names",
        "race",
        "hp",
        "attack",
        "defense",
        "spirit",
        "unique",
        "stats_source",
    )
    list_select_related = ("family", "guild", "race")
    list_filter = (
        "guild",
        "classes",
        "race",
        "level",
        "unique",
        "rarity",
        "card_set",
        "castes",
        "stats_source",
        "effects_incomplete",
    )
    autocomplete_fields = ("family", "guild", "race", "rarity", "card_set", "classes", "castes")
    fieldsets = (
        (None, {"fields": ("name_en", "name_fr", "slug", "family", "level", "unique")}),
        ("Affiliation", {"fields": ("guild", "classes", "race", "castes")}),
        ("Stats", {"fields": (("hp", "attack_min", "attack_max", "defense", "spirit"), "stats_source")}),
        ("Rules", {"fields": ("orders", "abilities", "rules_text")}),
        ("Rules text", {"fields": ("source_text", "effects_incomplete", "unread_clauses")}),
        (
            "Provenance",
            {
                "fields": (
                    "rarity",
                    "card_set",
                    "source_seq",
                    "notes",
                    "community_id",
                    "created_at",
                    "updated_at",
                )
            },
        ),
    )

    def get_queryset(self, request: HttpRequest) -> QuerySet[m.Character]:
        return super().get_queryset(request).prefetch_related("classes")

    @admin.display(description="classes")
    def class_names(self, obj: m.Character) -> str:
        return ", ".join(c.name_en for c in obj.classes.all())

    @admin.display(description="attack", ordering="attack_min")
    def attack(self, obj: m.Character) -> str:
        return f"{obj.attack_min}–{obj.attack_max}"

    def to_spec(self, obj: m.Character) -> Any:
        return character_to_spec(obj)

    def export_rows(self, queryset: QuerySet[Any]) -> list[dict[str, Any]]:
        return character_export_rows(
            characters=queryset.select_related(
                "family", "guild", "race", "rarity", "card_set"
            ).prefetch_related("classes", "castes")
        )


# --- cards ----------------------------------------------------------------------------------------


@admin.register(m.Card)
class CardAdmin(EntryAdmin[m.Card]):
    list_display = (
        "name_en",
        "name_fr",
        "slug",
        "level",
        "type",
        "guild",
        "unique",
        "zone",
        "rarity",
        "card_set",
    )
    list_select_related = ("family", "guild", "type", "rarity", "card_set")
    list_filter = (
        TypeTreeFilter,
        "guild",
        "required_classes",
        "required_races",
        "required_castes",
        "level",
        "unique",
        "zone",
        "rarity",
        "card_set",
        "effects_incomplete",
    )
    autocomplete_fields = (
        "family",
        "type",
        "guild",
        "rarity",
        "card_set",
        "required_classes",
        "required_characters",
        "required_races",
        "required_castes",
    )
    fieldsets = (
        (None, {"fields": ("name_en", "name_fr", "slug", "family", "level", "type", "unique", "guild")}),
        (
            "Who may play it",
            {"fields": ("required_classes", "required_characters", "required_races", "required_castes")},
        ),
        ("Rules", {"fields": ("zone", "dual_wield", "chain", "play", "effects", "xp_value", "rules_text")}),
        ("Rules text", {"fields": ("source_text", "effects_incomplete", "unread_clauses")}),
        (
            "Provenance",
            {
                "fields": (
                    "rarity",
                    "card_set",
                    "source_seq",
                    "notes",
                    "community_id",
                    "created_at",
                    "updated_at",
                )
            },
        ),
    )

    def to_spec(self, obj: m.Card) -> Any:
        return card_to_spec(obj)

    def export_rows(self, queryset: QuerySet[Any]) -> list[dict[str, Any]]:
        return card_export_rows(
            cards=queryset.select_related("family", "guild", "type", "rarity", "card_set").prefetch_related(
                "required_classes", "required_characters", "required_races", "required_castes"
            )
        )


# --- evolution families -------------------------------------------------------------------------


class LevelInline(admin.TabularInline[m.CatalogEntry, m.EvolutionFamily]):
    """The levels of a family, read-only, each linking to its own page."""

    extra = 0
    can_delete = False
    show_change_link = True
    ordering = ("level",)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class CharacterLevelInline(LevelInline):
    model = m.Character
    fields = readonly_fields = (
        "level",
        "slug",
        "name_en",
        "name_fr",
        "unique",
        "hp",
        "attack_min",
        "attack_max",
        "defense",
        "spirit",
    )


class CardLevelInline(LevelInline):
    model = m.Card
    fields = readonly_fields = ("level", "slug", "name_en", "name_fr", "type", "unique", "zone")


@admin.register(m.EvolutionFamily)
class EvolutionFamilyAdmin(admin.ModelAdmin[m.EvolutionFamily]):
    list_display = ("name_en", "name_fr", "slug", "kind", "levels")
    list_filter = ("kind",)
    search_fields = ("slug", "name_en", "name_fr")

    def get_queryset(self, request: HttpRequest) -> QuerySet[m.EvolutionFamily]:
        from cards.selectors import family_list

        return family_list()

    @admin.display(description="levels", ordering="level_count")
    def levels(self, obj: Any) -> int:
        return int(getattr(obj, "level_count", 0))

    def get_inlines(self, request: HttpRequest, obj: m.EvolutionFamily | None) -> list[Any]:
        if obj is None:
            return []
        return [CharacterLevelInline] if obj.kind == m.FamilyKind.CHARACTER else [CardLevelInline]

    def get_readonly_fields(
        self, request: HttpRequest, obj: m.EvolutionFamily | None = None
    ) -> tuple[str, ...]:
        # A family's kind decides which table its levels live in: fixed once it has levels.
        return ("kind",) if obj is not None and obj.members().exists() else ()
