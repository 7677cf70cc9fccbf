"""Admin of collections: collections with their copies, a "grant XP" action, the read-only
experience log. XP is never edited by hand: it changes only through logged grants."""

from __future__ import annotations

from typing import Any, TypeVar

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.db.models import Count, Model, QuerySet, Sum
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse

from cards.collection.models import Collection, ExperienceAward, ExperienceGrant, OwnedCopy
from cards.collection.services.experience import MAX_GRANT, experience_grant_staff
from eredan.errors import DomainError

_ModelT = TypeVar("_ModelT", bound=Model)


class OwnedCopyInline(admin.TabularInline[OwnedCopy, Collection]):
    model = OwnedCopy
    fields = ("card", "character", "xp", "acquired_at")
    readonly_fields = ("xp",)
    autocomplete_fields = ("card", "character")
    extra = 0
    show_change_link = True


@admin.register(Collection)
class CollectionAdmin(admin.ModelAdmin[Collection]):
    list_display = ("name", "owner", "is_default", "copies_count", "updated_at")
    list_filter = ("is_default",)
    search_fields = ("name", "owner__username", "owner__email")
    autocomplete_fields = ("owner",)
    readonly_fields = ("is_default", "created_at", "updated_at")
    inlines = (OwnedCopyInline,)

    def save_model(self, request: HttpRequest, obj: Collection, form: Any, change: bool) -> None:
        # A user's first collection is their default, as through the services.
        if not change and not Collection.objects.filter(owner_id=obj.owner_id, is_default=True).exists():
            obj.is_default = True
        super().save_model(request, obj, form, change)

    def has_delete_permission(self, request: HttpRequest, obj: Collection | None = None) -> bool:
        # The default collection stays (a user always has one): make another the default first.
        return super().has_delete_permission(request, obj) and not (obj is not None and obj.is_default)

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)  # it would delete default collections too
        return actions

    def get_queryset(self, request: HttpRequest) -> QuerySet[Collection]:
        return super().get_queryset(request).annotate(_copies=Count("copies"))

    @admin.display(description="copies", ordering="_copies")
    def copies_count(self, obj: Any) -> int:
        return int(obj._copies)


class GrantXpForm(forms.Form):
    amount = forms.IntegerField(min_value=1, max_value=MAX_GRANT, help_text="XP given to each copy.")
    note = forms.CharField(max_length=200, required=False)


@admin.action(description="Grant XP to the selected copies")
def grant_xp(
    modeladmin: OwnedCopyAdmin, request: HttpRequest, queryset: QuerySet[OwnedCopy]
) -> HttpResponse | None:
    """An intermediate page asks for the amount; each grant is logged as a staff grant."""
    if "apply" in request.POST:
        form = GrantXpForm(request.POST)
        if form.is_valid():
            done = 0
            for copy in queryset:
                try:
                    experience_grant_staff(
                        copy=copy,
                        amount=form.cleaned_data["amount"],
                        granted_by=request.user,
                        note=form.cleaned_data["note"],
                    )
                except DomainError as exc:
                    modeladmin.message_user(request, f"{copy}: {exc.message}", messages.ERROR)
                else:
                    done += 1
            modeladmin.message_user(
                request, f"Granted {form.cleaned_data['amount']} XP to {done} copies.", messages.SUCCESS
            )
            return None
    else:
        form = GrantXpForm()
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": "Grant XP",
        "form": form,
        "copies": queryset,
        "opts": modeladmin.model._meta,
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
        "selected": request.POST.getlist(helpers.ACTION_CHECKBOX_NAME),
    }
    return TemplateResponse(request, "admin/collection/grant_xp.html", context)


@admin.register(OwnedCopy)
class OwnedCopyAdmin(admin.ModelAdmin[OwnedCopy]):
    list_display = ("id", "item_name", "collection", "xp", "acquired_at")
    list_filter = ("card__type", "character__guild")
    search_fields = (
        "card__slug",
        "card__name_en",
        "card__name_fr",
        "character__slug",
        "character__name_en",
        "character__name_fr",
        "collection__name",
        "collection__owner__username",
    )
    list_select_related = ("card", "character", "collection__owner")
    autocomplete_fields = ("collection", "card", "character")
    readonly_fields = ("xp",)
    actions = (grant_xp,)

    @admin.display(description="card or character")
    def item_name(self, obj: OwnedCopy) -> str:
        return str(obj.item)


class ReadOnlyAdmin(admin.ModelAdmin[_ModelT]):
    """The log is history: viewable, never added to, changed or deleted by hand."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(ExperienceGrant)
class ExperienceGrantAdmin(ReadOnlyAdmin[ExperienceGrant]):
    list_display = (
        "created_at",
        "owner",
        "item_slug",
        "amount",
        "xp_after",
        "source",
        "source_ref",
        "granted_by",
    )
    list_filter = ("source",)
    search_fields = ("item_slug", "owner__username", "source_ref", "note")
    list_select_related = ("owner", "granted_by")
    date_hierarchy = "created_at"


@admin.register(ExperienceAward)
class ExperienceAwardAdmin(ReadOnlyAdmin[ExperienceAward]):
    list_display = ("source", "source_ref", "total", "grants_count", "created_at")
    list_filter = ("source",)
    search_fields = ("source_ref",)

    def get_queryset(self, request: HttpRequest) -> QuerySet[ExperienceAward]:
        return super().get_queryset(request).annotate(_total=Sum("grants__amount"), _count=Count("grants"))

    @admin.display(description="XP granted", ordering="_total")
    def total(self, obj: Any) -> int:
        return int(obj._total or 0)

    @admin.display(description="grants", ordering="_count")
    def grants_count(self, obj: Any) -> int:
        return int(obj._count)
