"""Input and output serializers of the card database API.

Input serializers only parse (types, slugs -> rows); every rule is checked by the model validation
the admin uses, through ``cards.services``. Output serializers read prefetched rows and the cached
catalog (for the generated rules text): no query per item.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cards import models as m
from cards.domain.specs import CardSpec, CharacterSpec
from cards.domain.text import rules_text
from cards.specs import card_to_spec, character_to_spec

STRUCTURED_HELP = "Structured data, validated against the effect schema (docs/cards.md)."


class RulesTextSerializer(serializers.Serializer[Any]):
    en = serializers.CharField(help_text="Generated English rules text, one rule per line.")
    fr = serializers.CharField(help_text="Texte de règles généré en français, une règle par ligne.")


def _slug_field(queryset: Any, **kwargs: Any) -> serializers.SlugRelatedField[Any]:
    return serializers.SlugRelatedField(slug_field="slug", queryset=queryset, **kwargs)


# --- reference tables ---------------------------------------------------------------------------


class ReferenceSerializer(serializers.ModelSerializer[Any]):
    class Meta:
        fields: tuple[str, ...] = ("slug", "ref_id", "name_en", "name_fr")


class GuildSerializer(ReferenceSerializer):
    class Meta(ReferenceSerializer.Meta):
        model = m.Guild
        fields = (*ReferenceSerializer.Meta.fields, "color", "is_mercenary")


class CasteSerializer(ReferenceSerializer):
    # Declared fields are moved into ``_declared_fields`` by DRF's metaclass: ``Field.parent`` is
    # not overridden, whatever the stubs think (here and in the serializers below).
    parent: serializers.SlugRelatedField[m.Caste] = serializers.SlugRelatedField(  # type: ignore[assignment]
        slug_field="slug", read_only=True, allow_null=True
    )

    class Meta(ReferenceSerializer.Meta):
        model = m.Caste
        fields = (*ReferenceSerializer.Meta.fields, "parent", "multi_guild")


class CharacterClassSerializer(ReferenceSerializer):
    class Meta(ReferenceSerializer.Meta):
        model = m.CharacterClass


class RaceSerializer(ReferenceSerializer):
    parent: serializers.SlugRelatedField[m.Race] = serializers.SlugRelatedField(  # type: ignore[assignment]
        slug_field="slug", read_only=True, allow_null=True
    )
    element: serializers.SlugRelatedField[m.CardType] = serializers.SlugRelatedField(
        slug_field="slug",
        read_only=True,
        allow_null=True,
        help_text="Spell type a Guémélite of this race casts.",
    )

    class Meta(ReferenceSerializer.Meta):
        model = m.Race
        fields = (*ReferenceSerializer.Meta.fields, "parent", "element")


class CardTypeSerializer(ReferenceSerializer):
    parent: serializers.SlugRelatedField[m.CardType] = serializers.SlugRelatedField(  # type: ignore[assignment]
        slug_field="slug", read_only=True, allow_null=True
    )

    class Meta(ReferenceSerializer.Meta):
        model = m.CardType
        fields = (*ReferenceSerializer.Meta.fields, "parent", "persistent", "playable", "character_type")


class RaritySerializer(ReferenceSerializer):
    class Meta(ReferenceSerializer.Meta):
        model = m.Rarity


class CardSetSerializer(ReferenceSerializer):
    class Meta(ReferenceSerializer.Meta):
        model = m.CardSet


# --- evolution families ---------------------------------------------------------------------------


class FamilySerializer(serializers.ModelSerializer[m.EvolutionFamily]):
    levels = serializers.SerializerMethodField(help_text="Slugs of the family's members, by level.")

    class Meta:
        model = m.EvolutionFamily
        fields = ("slug", "name_en", "name_fr", "kind", "levels")

    def get_levels(self, obj: m.EvolutionFamily) -> list[str]:
        members = obj.characters.all() if obj.kind == m.FamilyKind.CHARACTER else obj.cards.all()
        return [e.slug for e in sorted(members, key=lambda e: e.level)]


class FamilyInputSerializer(serializers.ModelSerializer[m.EvolutionFamily]):
    class Meta:
        model = m.EvolutionFamily
        fields = ("slug", "name_en", "name_fr", "kind")
        extra_kwargs: dict[str, Any] = {"slug": {"validators": []}}  # uniqueness: the model's validation


# --- characters and cards -----------------------------------------------------------------------


class EntryOutputSerializer(serializers.ModelSerializer[Any]):
    family: serializers.SlugRelatedField[m.EvolutionFamily] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )
    rarity: serializers.SlugRelatedField[m.Rarity] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True, allow_null=True
    )
    set: serializers.SlugRelatedField[m.CardSet] = serializers.SlugRelatedField(
        source="card_set", slug_field="slug", read_only=True, allow_null=True
    )
    rules_text = serializers.SerializerMethodField()

    _spec: Callable[[Any], Any]  # each subclass: the row's spec, from the catalog when it can

    @extend_schema_field(RulesTextSerializer)
    def get_rules_text(self, obj: Any) -> dict[str, str]:
        return rules_text(self._spec(obj), self.context.get("names"))


class CharacterOutputSerializer(EntryOutputSerializer):
    guild: serializers.SlugRelatedField[m.Guild] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )
    race: serializers.SlugRelatedField[m.Race] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )
    # many=True makes a ManyRelatedField (RelatedField.__new__); the stubs do not know that.
    classes: serializers.ManyRelatedField = serializers.SlugRelatedField(  # type: ignore[assignment]
        slug_field="slug", read_only=True, many=True
    )
    castes: serializers.ManyRelatedField = serializers.SlugRelatedField(  # type: ignore[assignment]
        slug_field="slug", read_only=True, many=True
    )
    multi_guild = serializers.SerializerMethodField(
        help_text="A Courtisan: may join any guild (docs/rules/eredan.md §2.3)."
    )

    class Meta:
        model = m.Character
        fields = (
            "slug",
            "name_en",
            "name_fr",
            "family",
            "level",
            "guild",
            "classes",
            "race",
            "castes",
            "multi_guild",
            "unique",
            "hp",
            "attack_min",
            "attack_max",
            "defense",
            "spirit",
            "stats_source",
            "orders",
            "abilities",
            "rules_text",
            "rarity",
            "set",
            "source_seq",
            "notes",
            "source_text",
            "effects_incomplete",
            "unread_clauses",
            "created_at",
            "updated_at",
        )

    def _spec(self, obj: m.Character) -> CharacterSpec:
        catalog = self.context.get("catalog")
        spec = catalog.characters.get(obj.slug) if catalog is not None else None
        return spec if spec is not None else character_to_spec(obj)

    def get_multi_guild(self, obj: m.Character) -> bool:
        return any(c.multi_guild for c in obj.castes.all())


class RequirementsSerializer(serializers.Serializer[Any]):
    classes = serializers.ListField(child=serializers.CharField(), help_text="Class slugs.")
    characters = serializers.ListField(child=serializers.CharField(), help_text="Character family slugs.")
    races = serializers.ListField(child=serializers.CharField(), help_text="Race slugs.")
    castes = serializers.ListField(child=serializers.CharField(), help_text="Caste slugs.")


class CardOutputSerializer(EntryOutputSerializer):
    type: serializers.SlugRelatedField[m.CardType] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )
    guild: serializers.SlugRelatedField[m.Guild] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True, allow_null=True, help_text="Null: a card of no guild."
    )
    requirements = serializers.SerializerMethodField()
    type_path = serializers.SerializerMethodField(help_text="The type and its ancestors, root first.")
    kind = serializers.SerializerMethodField(help_text="item, action, spell, theurgy, unplayable or other.")
    element = serializers.SerializerMethodField(help_text="Spells: the element (a type slug).")
    hands = serializers.SerializerMethodField(help_text="Weapons: 1 or 2; 0 otherwise.")
    is_armor = serializers.SerializerMethodField()
    persistent = serializers.SerializerMethodField()
    playable = serializers.SerializerMethodField()

    class Meta:
        model = m.Card
        fields = (
            "slug",
            "name_en",
            "name_fr",
            "family",
            "level",
            "type",
            "type_path",
            "kind",
            "element",
            "hands",
            "is_armor",
            "persistent",
            "playable",
            "guild",
            "unique",
            "requirements",
            "zone",
            "dual_wield",
            "chain",
            "play",
            "effects",
            "xp_value",
            "rules_text",
            "rarity",
            "set",
            "source_seq",
            "notes",
            "source_text",
            "effects_incomplete",
            "unread_clauses",
            "created_at",
            "updated_at",
        )

    def _spec(self, obj: m.Card) -> CardSpec:
        # The context is DRF's dict (the stubs say Mapping): it caches the specs per request.
        cache: dict[int, CardSpec] = self.context.setdefault("_specs", {})  # type: ignore[attr-defined]
        if obj.pk not in cache:
            catalog = self.context.get("catalog")
            spec = catalog.cards.get(obj.slug) if catalog is not None else None
            cache[obj.pk] = spec if spec is not None else card_to_spec(obj)
        return cache[obj.pk]

    @extend_schema_field(RequirementsSerializer)
    def get_requirements(self, obj: m.Card) -> dict[str, list[str]]:
        return {
            "classes": sorted(c.slug for c in obj.required_classes.all()),
            "characters": sorted(f.slug for f in obj.required_characters.all()),
            "races": sorted(r.slug for r in obj.required_races.all()),
            "castes": sorted(c.slug for c in obj.required_castes.all()),
        }

    def get_type_path(self, obj: m.Card) -> list[str]:
        return list(self._spec(obj).type_path)

    def get_kind(self, obj: m.Card) -> str:
        return self._spec(obj).kind

    @extend_schema_field({"type": "string", "nullable": True})
    def get_element(self, obj: m.Card) -> str | None:
        return self._spec(obj).element

    def get_hands(self, obj: m.Card) -> int:
        return self._spec(obj).hands

    def get_is_armor(self, obj: m.Card) -> bool:
        return self._spec(obj).is_armor

    def get_persistent(self, obj: m.Card) -> bool:
        return self._spec(obj).persistent

    def get_playable(self, obj: m.Card) -> bool:
        return self._spec(obj).playable


# --- write input ----------------------------------------------------------------------------------


class EntryInputSerializer(serializers.Serializer[Any]):
    """Fields characters and cards share. On PATCH only the fields sent are changed."""

    slug = serializers.SlugField(max_length=m.SLUG_MAX)
    family = _slug_field(m.EvolutionFamily.objects.all())
    level = serializers.IntegerField(required=False)
    name_en = serializers.CharField(max_length=m.NAME_MAX)
    name_fr = serializers.CharField(max_length=m.NAME_MAX)
    unique = serializers.BooleanField(required=False)
    rarity = _slug_field(m.Rarity.objects.all(), required=False, allow_null=True)
    set = _slug_field(m.CardSet.objects.all(), required=False, allow_null=True, source="card_set")
    source_seq = serializers.ListField(child=serializers.IntegerField(min_value=0), required=False)
    notes = serializers.CharField(required=False, allow_blank=True)


class CharacterInputSerializer(EntryInputSerializer):
    guild = _slug_field(m.Guild.objects.all())
    classes = _slug_field(m.CharacterClass.objects.all(), many=True, help_text="One or two class slugs.")
    race = _slug_field(m.Race.objects.all())
    castes = _slug_field(m.Caste.objects.all(), many=True, required=False)
    hp = serializers.IntegerField()
    attack_min = serializers.IntegerField()
    attack_max = serializers.IntegerField()
    defense = serializers.IntegerField()
    spirit = serializers.IntegerField()
    stats_source = serializers.CharField(required=False, max_length=200)
    orders = serializers.JSONField(required=False, help_text=STRUCTURED_HELP)
    abilities = serializers.JSONField(required=False, help_text=STRUCTURED_HELP)


class RequirementsInputSerializer(serializers.Serializer[Any]):
    classes = _slug_field(m.CharacterClass.objects.all(), many=True, required=False)
    characters = _slug_field(
        m.EvolutionFamily.objects.filter(kind=m.FamilyKind.CHARACTER),
        many=True,
        required=False,
        help_text="Character family slugs.",
    )
    races = _slug_field(m.Race.objects.all(), many=True, required=False)
    castes = _slug_field(m.Caste.objects.all(), many=True, required=False)


class CardInputSerializer(EntryInputSerializer):
    type = _slug_field(m.CardType.objects.all())
    guild = _slug_field(m.Guild.objects.all(), required=False, allow_null=True)
    requirements = RequirementsInputSerializer(required=False)
    zone = serializers.BooleanField(required=False)
    dual_wield = serializers.BooleanField(required=False)
    chain = serializers.JSONField(required=False, allow_null=True, help_text=STRUCTURED_HELP)
    play = serializers.JSONField(required=False, help_text=STRUCTURED_HELP)
    effects = serializers.JSONField(required=False, help_text=STRUCTURED_HELP)
    xp_value = serializers.IntegerField(required=False)
