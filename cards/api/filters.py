"""Filters of the card database API (django-filter), and the accent-insensitive name search."""

from __future__ import annotations

from typing import Any

import django_filters as df
from django.db.models import Q, QuerySet
from drf_spectacular.utils import extend_schema_field
from rest_framework.filters import BaseFilterBackend
from rest_framework.request import Request

from cards import models as m
from cards.models import search_key
from cards.selectors import card_type_descendants


def _slugs(
    model: type[m.ReferenceEntry] | type[m.EvolutionFamily], **kwargs: Any
) -> df.ModelMultipleChoiceFilter:
    """A filter taking one or more slugs (``?guild=zil&guild=kotoba``); an unknown slug is a 400.

    Published in OpenAPI as an array of strings: drf-spectacular cannot guess the type of a
    model-choice filter keyed by ``to_field_name`` (it warns and falls back to a string).
    """
    help_text = kwargs.get("help_text") or f"{model._meta.verbose_name} slug(s).".capitalize()
    return extend_schema_field({"type": "string", "description": help_text})(
        df.ModelMultipleChoiceFilter(queryset=model._default_manager.all(), to_field_name="slug", **kwargs)
    )


BOOLEAN_VALUES = {"true": True, "1": True, "yes": True, "false": False, "0": False, "no": False}


def _bool(**kwargs: Any) -> df.TypedChoiceFilter:
    """A boolean filter that refuses anything but true/false/1/0/yes/no (400, not ignored).

    Published as what it takes, a string among those values: drf-spectacular guessed a type
    from the filter's field (``boolean``, or ``integer`` for ``affiliated``, a foreign key's
    ``isnull``) that contradicted the enum of strings.
    """
    help_text = kwargs.get("help_text")
    schema: dict[str, Any] = {"type": "string", "enum": list(BOOLEAN_VALUES)}
    if help_text:
        schema["description"] = help_text
    choices = [(k, k) for k in BOOLEAN_VALUES]
    return extend_schema_field(schema)(
        df.TypedChoiceFilter(choices=choices, coerce=lambda v: BOOLEAN_VALUES[str(v).lower()], **kwargs)
    )


def _race_subtree(queryset: QuerySet[Any], field: str, races: Any) -> QuerySet[Any]:
    """Races or their sub-races: ``race=guemelite`` also finds every Guémélite element."""
    if not races:
        return queryset
    ids = [r.pk for r in races]
    return queryset.filter(Q(**{f"{field}__in": ids}) | Q(**{f"{field}__parent__in": ids})).distinct()


class CharacterFilter(df.FilterSet):
    guild = _slugs(m.Guild, field_name="guild__slug", help_text="Guild slug(s).")
    class_ = _slugs(m.CharacterClass, field_name="classes__slug", distinct=True, help_text="Class slug(s).")
    race = _slugs(m.Race, method="filter_race", help_text="Race slug(s), with their sub-races.")
    caste = _slugs(m.Caste, field_name="castes__slug", distinct=True, help_text="Caste slug(s).")
    family = _slugs(m.EvolutionFamily, field_name="family__slug", help_text="Evolution family slug(s).")
    level = df.NumberFilter(field_name="level")
    unique = _bool(field_name="unique")
    rarity = _slugs(m.Rarity, field_name="rarity__slug")
    set = _slugs(m.CardSet, field_name="card_set__slug")
    stats_source = df.CharFilter(field_name="stats_source", help_text='"estimated" or a source.')
    effects_incomplete = _bool(
        field_name="effects_incomplete", help_text="Its rules text has clauses the compiler could not read."
    )

    class Meta:
        model = m.Character
        fields: list[str] = []

    def filter_race(self, queryset: QuerySet[m.Character], name: str, value: Any) -> QuerySet[m.Character]:
        return _race_subtree(queryset, "race", value)


class CardFilter(df.FilterSet):
    type = _slugs(
        m.CardType,
        method="filter_type",
        help_text="Card type slug(s), with their subtypes (objet = every item).",
    )
    guild = _slugs(m.Guild, field_name="guild__slug", help_text="Guild slug(s) of affiliated cards.")
    affiliated = _bool(field_name="guild", lookup_expr="isnull", exclude=True, help_text="Has a guild.")
    class_ = _slugs(
        m.CharacterClass,
        field_name="required_classes__slug",
        distinct=True,
        help_text="Reserved to these classes.",
    )
    race = _slugs(m.Race, method="filter_race", help_text="Reserved to these races (with their sub-races).")
    character = _slugs(
        m.EvolutionFamily,
        field_name="required_characters__slug",
        distinct=True,
        help_text="Reserved to these characters.",
    )
    family = _slugs(m.EvolutionFamily, field_name="family__slug", help_text="Evolution family slug(s).")
    level = df.NumberFilter(field_name="level")
    unique = _bool(field_name="unique")
    zone = _bool(field_name="zone")
    rarity = _slugs(m.Rarity, field_name="rarity__slug")
    set = _slugs(m.CardSet, field_name="card_set__slug")
    caste = _slugs(
        m.Caste, field_name="required_castes__slug", distinct=True, help_text="Reserved to these castes."
    )
    effects_incomplete = _bool(
        field_name="effects_incomplete", help_text="Its rules text has clauses the compiler could not read."
    )

    class Meta:
        model = m.Card
        fields: list[str] = []

    def filter_type(self, queryset: QuerySet[m.Card], name: str, value: Any) -> QuerySet[m.Card]:
        if not value:
            return queryset
        return queryset.filter(type__slug__in=card_type_descendants(slugs=[t.slug for t in value]))

    def filter_race(self, queryset: QuerySet[m.Card], name: str, value: Any) -> QuerySet[m.Card]:
        return _race_subtree(queryset, "required_races", value)


# "class" is a Python keyword: the filter is declared as class_ and published as ?class=.
for _filterset in (CharacterFilter, CardFilter):
    _filterset.base_filters["class"] = _filterset.base_filters.pop("class_")


class FamilyFilter(df.FilterSet):
    kind = df.ChoiceFilter(choices=m.FamilyKind.choices)

    class Meta:
        model = m.EvolutionFamily
        fields: list[str] = []


class FoldedSearchFilter(BaseFilterBackend):
    """``?search=eclair``: every word must appear in the French or English name or the slug,
    ignoring case and accents (``eclairs`` finds « Éclairs »)."""

    search_param = "search"

    def filter_queryset(self, request: Request, queryset: QuerySet[Any], view: Any) -> QuerySet[Any]:
        for term in search_key(request.query_params.get(self.search_param, "")).split()[:10]:
            queryset = queryset.filter(search_text__contains=term)
        return queryset

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        return [
            {
                "name": self.search_param,
                "required": False,
                "in": "query",
                "description": "Words of the French or English name or slug (case, accents ignored).",
                "schema": {"type": "string"},
            }
        ]
