"""Input and output shapes of the collections API. Inputs check types only: ranges and meaning
are the services' business (so every refusal carries the services' stable code)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cards.collection.models import Collection, ExperienceGrant, ExperienceSource, OwnedCopy
from cards.collection.selectors import CopyProgress
from cards.collection.services.copies import MAX_COPIES_PER_REQUEST
from cards.collection.services.experience import MAX_GRANT
from eredan.api.fields import StrictBooleanField, StrictCharField, StrictIntegerField

MAX_BULK_ITEMS = 500


# --- collections ---------------------------------------------------------------------------------


class CollectionOutput(serializers.ModelSerializer[Collection]):
    owner = serializers.CharField(source="owner.get_username", read_only=True)
    copies_count = serializers.IntegerField(read_only=True, default=None)

    class Meta:
        model = Collection
        fields = ("id", "name", "is_default", "owner", "copies_count", "created_at", "updated_at")
        read_only_fields = fields


class CollectionCreateInput(serializers.Serializer[Any]):
    name = StrictCharField(max_length=200, trim_whitespace=False)
    is_default = StrictBooleanField(default=False)


class CollectionUpdateInput(serializers.Serializer[Any]):
    name = StrictCharField(max_length=200, required=False, trim_whitespace=False)
    is_default = StrictBooleanField(required=False)


# --- copies --------------------------------------------------------------------------------------


class CopyAddInput(serializers.Serializer[Any]):
    slug = StrictCharField(max_length=200, help_text="A card's or a character's slug.")
    count = StrictIntegerField(default=1, help_text=f"Copies to add, 1 to {MAX_COPIES_PER_REQUEST}.")
    xp = StrictIntegerField(
        required=False, allow_null=True, help_text="XP of each new copy (default: the floor of its level)."
    )
    acquired_at = serializers.DateTimeField(required=False, allow_null=True, help_text="Default: now.")


class CopyBulkAddInput(serializers.Serializer[Any]):
    # DRF passes max_length to the ListSerializer that many=True builds; the stubs do not know it.
    items = CopyAddInput(many=True, max_length=MAX_BULK_ITEMS, allow_empty=False)  # type: ignore[call-arg]


class CopyRemoveItemInput(serializers.Serializer[Any]):
    slug = StrictCharField(max_length=200)
    count = StrictIntegerField(default=1)


class CopyBulkRemoveInput(serializers.Serializer[Any]):
    items = CopyRemoveItemInput(many=True, max_length=MAX_BULK_ITEMS, allow_empty=False)  # type: ignore[call-arg]


class ProgressOutput(serializers.Serializer[Any]):
    level = serializers.IntegerField()
    xp = serializers.IntegerField()
    floor = serializers.IntegerField(help_text="Cumulative XP at which a copy reaches this level.")
    threshold = serializers.IntegerField(
        allow_null=True, help_text="Cumulative XP needed to leave this level (null past the XP table)."
    )
    remaining = serializers.IntegerField()
    fraction = serializers.FloatField(help_text="Share of the way from floor to threshold, 0 to 1.")
    reached = serializers.BooleanField()
    next_level = serializers.CharField(allow_null=True, help_text="Slug this copy would evolve into.")
    can_evolve = serializers.BooleanField()


class CopyOutput(serializers.ModelSerializer[OwnedCopy]):
    kind = serializers.CharField(read_only=True)
    slug = serializers.SerializerMethodField()
    name_en = serializers.SerializerMethodField()
    name_fr = serializers.SerializerMethodField()
    family = serializers.SerializerMethodField()
    level = serializers.SerializerMethodField()
    progress = serializers.SerializerMethodField()

    class Meta:
        model = OwnedCopy
        fields = (
            "id",
            "kind",
            "slug",
            "name_en",
            "name_fr",
            "family",
            "level",
            "xp",
            "acquired_at",
            "progress",
        )
        read_only_fields = fields

    def get_slug(self, copy: OwnedCopy) -> str:
        return copy.item.slug

    def get_name_en(self, copy: OwnedCopy) -> str:
        return copy.item.name_en

    def get_name_fr(self, copy: OwnedCopy) -> str:
        return copy.item.name_fr

    def get_family(self, copy: OwnedCopy) -> str:
        return copy.item.family.slug

    def get_level(self, copy: OwnedCopy) -> int:
        return copy.item.level

    @extend_schema_field(ProgressOutput(allow_null=True))
    def get_progress(self, copy: OwnedCopy) -> dict[str, Any] | None:
        progress: dict[int, CopyProgress] = self.context.get("progress", {})
        entry = progress.get(copy.pk)
        return entry.to_json() if entry is not None else None


class QuantityOutput(serializers.Serializer[Any]):
    kind = serializers.CharField()
    slug = serializers.CharField()
    name_en = serializers.CharField()
    name_fr = serializers.CharField()
    family = serializers.CharField()
    level = serializers.IntegerField()
    count = serializers.IntegerField()
    xp_total = serializers.IntegerField()
    xp_max = serializers.IntegerField()


class RemovedOutput(serializers.Serializer[Any]):
    removed = serializers.IntegerField()


# --- experience ----------------------------------------------------------------------------------


class EvolveInput(serializers.Serializer[Any]):
    copy = StrictIntegerField(help_text="Id of a copy of this collection.")


class EvolveOutput(serializers.Serializer[Any]):
    evolved_from = serializers.CharField()
    evolved_to = serializers.CharField()
    copy = CopyOutput()


class ConsumeInput(serializers.Serializer[Any]):
    xp_card = StrictIntegerField(help_text='Id of the "+N XP" card copy to consume.')
    target = StrictIntegerField(help_text="Id of the copy that gains the XP.")


class GrantInput(serializers.Serializer[Any]):
    amount = StrictIntegerField(help_text=f"1 to {MAX_GRANT}.")
    note = StrictCharField(max_length=200, required=False, default="", allow_blank=True)


class ExperienceGrantOutput(serializers.ModelSerializer[ExperienceGrant]):
    # null for XP no staff member granted (games, consumed cards): the schema says so.
    granted_by = serializers.CharField(
        source="granted_by.get_username", default=None, read_only=True, allow_null=True
    )
    # A declared field (DRF's metaclass moves it into _declared_fields): Field.source stays.
    source = serializers.ChoiceField(choices=ExperienceSource.choices, read_only=True)  # type: ignore[assignment]

    class Meta:
        model = ExperienceGrant
        fields = (
            "id",
            "copy",
            "item_slug",
            "amount",
            "xp_after",
            "source",
            "source_ref",
            "granted_by",
            "note",
            "created_at",
        )
        read_only_fields = fields


# --- import ------------------------------------------------------------------------------------


class CsvImportInput(serializers.Serializer[Any]):
    csv = StrictCharField(
        trim_whitespace=False, help_text="The CSV text (or send the CSV itself as a text/csv body)."
    )


class ImportedOutput(serializers.Serializer[Any]):
    added = serializers.IntegerField()
