"""The card database API: read by anyone (throttled), written by staff with the admin's validation.

Thin: parse with an input serializer, call a service (``cards.services``), render with an output
serializer. Model validation errors are rendered with the path of every bad value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import Model, QuerySet
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import generics, status
from rest_framework.filters import SearchFilter
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import BaseSerializer

from cards import models as m
from cards import selectors, services
from cards.api import serializers as s
from cards.api.errors import api_validation_error
from cards.api.filters import CardFilter, CharacterFilter, FamilyFilter, FoldedSearchFilter
from cards.api.permissions import IsStaffOrReadOnly
from cards.specs import get_catalog, get_names
from eredan.api.filters import OrderingFilter
from eredan.api.schema import ERROR_RESPONSES

ENTRY_ORDERING = (
    "slug",
    "name_en",
    "name_fr",
    "level",
    "family__slug",
    "created_at",
    "updated_at",
)
CHARACTER_ORDERING = (*ENTRY_ORDERING, "hp", "attack_min", "attack_max", "defense", "spirit", "guild__slug")
CARD_ORDERING = (*ENTRY_ORDERING, "type__slug", "guild__slug", "xp_value")
WRITE_ERRORS = {**ERROR_RESPONSES, 409: ERROR_RESPONSES[400]}


_SavedT = TypeVar("_SavedT")


def _save(save: Callable[..., _SavedT], **kwargs: Any) -> _SavedT:
    try:
        return save(**kwargs)
    except DjangoValidationError as exc:
        raise api_validation_error(exc) from exc


# --- reference tables (read-only: edited in the admin) -------------------------------------------


class ReferenceListView(generics.ListAPIView[Any]):
    filter_backends = [SearchFilter, OrderingFilter]
    search_fields = ("slug", "name_en", "name_fr")
    ordering_fields = ("slug", "name_en", "name_fr", "ref_id")
    ordering = ("name_en",)


class ReferenceDetailView(generics.RetrieveAPIView[Any]):
    lookup_field = "slug"


def _reference(
    model: type[m.ReferenceEntry], serializer: type[BaseSerializer[Any]], label: str
) -> tuple[type, type]:
    related = [f.name for f in model._meta.concrete_fields if f.many_to_one]
    queryset = model._default_manager.select_related(*related)
    doc = f"{label}: the game's reference table (read-only; staff edit it in the admin)."
    list_view = extend_schema_view(
        get=extend_schema(description=doc, responses={200: serializer, **ERROR_RESPONSES})
    )(
        type(
            f"{model.__name__}ListView",
            (ReferenceListView,),
            {"queryset": queryset, "serializer_class": serializer},
        )
    )
    detail_view = extend_schema_view(
        get=extend_schema(description=doc, responses={200: serializer, **ERROR_RESPONSES})
    )(
        type(
            f"{model.__name__}DetailView",
            (ReferenceDetailView,),
            {"queryset": queryset, "serializer_class": serializer},
        )
    )
    return list_view, detail_view


GuildListView, GuildDetailView = _reference(m.Guild, s.GuildSerializer, "Guilds (Mercenaires included)")
CasteListView, CasteDetailView = _reference(m.Caste, s.CasteSerializer, "Castes")
ClassListView, ClassDetailView = _reference(m.CharacterClass, s.CharacterClassSerializer, "Classes")
RaceListView, RaceDetailView = _reference(m.Race, s.RaceSerializer, "Races (Guémélite elements as sub-races)")
CardTypeListView, CardTypeDetailView = _reference(m.CardType, s.CardTypeSerializer, "Card types (a tree)")
RarityListView, RarityDetailView = _reference(m.Rarity, s.RaritySerializer, "Rarities")
CardSetListView, CardSetDetailView = _reference(m.CardSet, s.CardSetSerializer, "Sets")


# --- evolution families -------------------------------------------------------------------------


def _families() -> QuerySet[m.EvolutionFamily]:
    return m.EvolutionFamily.objects.prefetch_related("characters", "cards").order_by("name_en", "slug")


class FamilyListView(generics.ListCreateAPIView[m.EvolutionFamily]):
    """Evolution families (the unit of copy limits) and their levels."""

    permission_classes = [IsStaffOrReadOnly]
    serializer_class = s.FamilySerializer
    filter_backends = [DjangoFilterBackend, SearchFilter, OrderingFilter]
    filterset_class = FamilyFilter
    search_fields = ("slug", "name_en", "name_fr")
    ordering_fields = ("slug", "name_en", "name_fr")

    def get_queryset(self) -> QuerySet[m.EvolutionFamily]:
        return _families()

    @extend_schema(request=s.FamilyInputSerializer, responses={201: s.FamilySerializer, **WRITE_ERRORS})
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = s.FamilyInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        family = _save(services.family_save, family=None, data=data.validated_data)
        return Response(s.FamilySerializer(family).data, status=status.HTTP_201_CREATED)


class FamilyDetailView(generics.RetrieveUpdateDestroyAPIView[m.EvolutionFamily]):
    permission_classes = [IsStaffOrReadOnly]
    serializer_class = s.FamilySerializer
    lookup_field = "slug"
    http_method_names = ["get", "patch", "delete", "head", "options"]

    def get_queryset(self) -> QuerySet[m.EvolutionFamily]:
        return _families()

    @extend_schema(request=s.FamilyInputSerializer, responses={200: s.FamilySerializer, **WRITE_ERRORS})
    def patch(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        family = self.get_object()
        data = s.FamilyInputSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        family = _save(services.family_save, family=family, data=data.validated_data)
        return Response(s.FamilySerializer(_families().get(pk=family.pk)).data)

    @extend_schema(
        responses={204: OpenApiResponse(description="Deleted, with its levels."), **WRITE_ERRORS},
        description="Delete a family and all its levels (409 `in_use` if a level is owned or in a deck).",
    )
    def delete(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        services.family_delete(family=self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)


# --- characters and cards -----------------------------------------------------------------------


_EntryT = TypeVar("_EntryT", bound=m.CatalogEntry)


class EntryViewMixin(generics.GenericAPIView[_EntryT]):
    """What the character and card views share: permissions, filters, rendering context."""

    permission_classes = [IsStaffOrReadOnly]
    filter_backends = [DjangoFilterBackend, FoldedSearchFilter, OrderingFilter]
    ordering = ("family__slug", "level")
    lookup_field = "slug"
    model: type[m.CatalogEntry]
    input_serializer: type[BaseSerializer[Any]]

    def get_serializer_context(self) -> dict[str, Any]:
        context = dict(super().get_serializer_context())
        context.update(catalog=get_catalog(), names=get_names())
        return context

    save: Callable[[Model | None, Any], Any]  # each view: create or change through its service

    def render(self, instance: Model, status_code: int = status.HTTP_200_OK) -> Response:
        fresh = self.get_queryset().get(pk=instance.pk)
        serializer = self.get_serializer(fresh)
        return Response(serializer.data, status=status_code)

    def write(self, instance: Model | None, *, partial: bool, status_code: int) -> Response:
        data = self.input_serializer(data=self.request.data, partial=partial)
        data.is_valid(raise_exception=True)
        saved = self.save(instance, data.validated_data)
        return self.render(saved, status_code)


class CharacterListView(EntryViewMixin[m.Character], generics.ListCreateAPIView[m.Character]):
    """Characters (Personnages). Filter, search (French or English names, accents ignored), order."""

    serializer_class = s.CharacterOutputSerializer
    input_serializer = s.CharacterInputSerializer
    filterset_class = CharacterFilter
    ordering_fields = CHARACTER_ORDERING

    def get_queryset(self) -> QuerySet[m.Character]:
        return selectors.character_list()

    def save(self, instance: Any, data: Any) -> m.Character:
        return _save(services.character_save, character=instance, data=data)

    @extend_schema(
        request=s.CharacterInputSerializer,
        responses={201: s.CharacterOutputSerializer, **WRITE_ERRORS},
        description="Create a character (staff only), validated exactly as in the admin.",
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return self.write(None, partial=False, status_code=status.HTTP_201_CREATED)


class CharacterDetailView(EntryViewMixin[m.Character], generics.RetrieveUpdateDestroyAPIView[m.Character]):
    serializer_class = s.CharacterOutputSerializer
    input_serializer = s.CharacterInputSerializer
    http_method_names = ["get", "patch", "delete", "head", "options"]

    def get_queryset(self) -> QuerySet[m.Character]:
        return selectors.character_list()

    def save(self, instance: Any, data: Any) -> m.Character:
        return _save(services.character_save, character=instance, data=data)

    @extend_schema(
        request=s.CharacterInputSerializer,
        responses={200: s.CharacterOutputSerializer, **WRITE_ERRORS},
        description="Change a character (staff only): only the fields sent change.",
    )
    def patch(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return self.write(self.get_object(), partial=True, status_code=status.HTTP_200_OK)

    @extend_schema(
        responses={204: OpenApiResponse(description="Deleted."), **WRITE_ERRORS},
        description="Delete a character (staff only): its family's highest level only (400 `level_gap`); "
        "409 `in_use` if a copy is owned or in a deck.",
    )
    def delete(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        services.entries_delete(entries=[self.get_object()])
        return Response(status=status.HTTP_204_NO_CONTENT)


class CardListView(EntryViewMixin[m.Card], generics.ListCreateAPIView[m.Card]):
    """Cards other than characters. Filter (type with subtypes, guild, class, race, …), search, order."""

    serializer_class = s.CardOutputSerializer
    input_serializer = s.CardInputSerializer
    filterset_class = CardFilter
    ordering_fields = CARD_ORDERING

    def get_queryset(self) -> QuerySet[m.Card]:
        return selectors.card_list()

    def save(self, instance: Any, data: Any) -> m.Card:
        return _save(services.card_save, card=instance, data=data)

    @extend_schema(
        request=s.CardInputSerializer,
        responses={201: s.CardOutputSerializer, **WRITE_ERRORS},
        description="Create a card (staff only), validated exactly as in the admin.",
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return self.write(None, partial=False, status_code=status.HTTP_201_CREATED)


class CardDetailView(EntryViewMixin[m.Card], generics.RetrieveUpdateDestroyAPIView[m.Card]):
    serializer_class = s.CardOutputSerializer
    input_serializer = s.CardInputSerializer
    http_method_names = ["get", "patch", "delete", "head", "options"]

    def get_queryset(self) -> QuerySet[m.Card]:
        return selectors.card_list()

    def save(self, instance: Any, data: Any) -> m.Card:
        return _save(services.card_save, card=instance, data=data)

    @extend_schema(
        request=s.CardInputSerializer,
        responses={200: s.CardOutputSerializer, **WRITE_ERRORS},
        description="Change a card (staff only): only the fields sent change.",
    )
    def patch(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return self.write(self.get_object(), partial=True, status_code=status.HTTP_200_OK)

    @extend_schema(
        responses={204: OpenApiResponse(description="Deleted."), **WRITE_ERRORS},
        description="Delete a card (staff only): its family's highest level only (400 `level_gap`); "
        "409 `in_use` if a copy is owned or in a deck.",
    )
    def delete(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        services.entries_delete(entries=[self.get_object()])
        return Response(status=status.HTTP_204_NO_CONTENT)
