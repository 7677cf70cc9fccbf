"""The decks API: stateless validation (single and bulk) and saved decks (CRUD, text export).

Thin: parse with a serializer, call a service or selector, render. See docs/decks.md.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.domain.specs import Catalog
from cards.specs import get_catalog
from decks import schema as _schema  # noqa: F401  (registers the deck input's OpenAPI shape)
from decks import selectors, services
from decks.limits import MAX_BODY_BYTES, MAX_BULK_BODY_BYTES
from decks.serializers import (
    BulkValidateInputSerializer,
    BulkValidationResultSerializer,
    DeckOutputSerializer,
    DeckWriteSerializer,
    ValidateInputSerializer,
    ValidationResultSerializer,
)
from eredan.api.errors import body_size_check
from eredan.api.pagination import PAGINATION_PARAMETERS, Pagination, paginated
from eredan.api.parsers import JSONParser
from eredan.api.renderers import renderers_for
from eredan.api.schema import ERROR_RESPONSES
from eredan.api.views import JsonErrorsMixin
from eredan.errors import DomainError
from eredan.users import signed_in_user


def _check_body_size(request: Request, limit: int) -> None:
    """The deck validator's size limit (issue 3: an oversized body is a 400 ``too_large``)."""
    body_size_check(request, limit)


def _deck_of(data: dict[str, Any], catalog: Catalog, field: str) -> tuple[list[str], dict[str, int]]:
    if "text" in data:
        parsed = services.deck_text_read(text=data["text"], catalog=catalog, field=field)
        return parsed.characters, parsed.cards
    return data["characters"], data["cards"]


def _bool_param(request: Request, name: str) -> bool | None:
    value = request.query_params.get(name)
    if value is None or value == "":
        return None
    if value.lower() in {"1", "true", "yes"}:
        return True
    if value.lower() in {"0", "false", "no"}:
        return False
    raise DomainError(f"{name} is true or false.", code="invalid", field=name)


class DeckValidateView(APIView):
    """Validate one deck (docs/rules/eredan.md §2). Open to anonymous clients (throttled)."""

    permission_classes = [AllowAny]
    parser_classes = [JSONParser]

    @extend_schema(
        operation_id="decks_validate",
        request=ValidateInputSerializer,
        responses={200: ValidationResultSerializer, **ERROR_RESPONSES},
        description=(
            "Validate a deck against every deck-building rule at once. Any well-formed request gets "
            "200: rule violations are data (`errors`, each with a stable `code`). A malformed body "
            "(wrong types, counts ≤ 0 or above the limit, too many entries, bad "
            "JSON, unknown keys, a deck text with bad lines, a body over 64 KiB) gets 400. "
            "`collection` must be one of yours (else 404)."
        ),
    )
    def post(self, request: Request) -> Response:
        _check_body_size(request, MAX_BODY_BYTES)
        serializer = ValidateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        catalog = get_catalog()
        owned = None
        if "collection" in data:
            owned = selectors.owned_counts_for(user=request.user, collection_id=data["collection"])
        characters, cards = _deck_of(data, catalog, "text")
        result = services.deck_validate(characters=characters, cards=cards, owned=owned, catalog=catalog)
        return Response(result.to_json())


class DeckValidateBulkView(APIView):
    """Validate up to 500 decks in one call: one result each, in order."""

    permission_classes = [AllowAny]
    parser_classes = [JSONParser]

    @extend_schema(
        operation_id="decks_validate_bulk",
        request=BulkValidateInputSerializer,
        responses={200: BulkValidationResultSerializer, **ERROR_RESPONSES},
        description='`{"decks": [<deck as for /validate/>, …]}` (1 to 500 decks, body up to 2 MiB).',
    )
    def post(self, request: Request) -> Response:
        _check_body_size(request, MAX_BULK_BODY_BYTES)
        serializer = BulkValidateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        catalog = get_catalog()
        owned = None
        if "collection" in data:
            owned = selectors.owned_counts_for(user=request.user, collection_id=data["collection"])
        results = []
        for i, deck in enumerate(data["decks"]):
            characters, cards = _deck_of(deck, catalog, f"decks.{i}.text")
            result = services.deck_validate(characters=characters, cards=cards, owned=owned, catalog=catalog)
            results.append(result.to_json())
        return Response({"results": results})


class DeckListView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    parser_classes = [JSONParser]

    @extend_schema(
        operation_id="decks_list",
        parameters=[
            OpenApiParameter("mine", bool, description="Only your decks (true) or only others' (false)."),
            OpenApiParameter("public", bool, description="Only public (true) or private (false) decks."),
            OpenApiParameter("valid", bool, description="Only decks that are (true) or are not valid."),
            *PAGINATION_PARAMETERS,
        ],
        responses={200: paginated(DeckOutputSerializer), **ERROR_RESPONSES},
        description="Your decks and the public ones (staff: every deck), newest first.",
    )
    def get(self, request: Request) -> Response:
        qs = selectors.deck_list(
            user=request.user,
            mine=_bool_param(request, "mine"),
            public=_bool_param(request, "public"),
            valid=_bool_param(request, "valid"),
        )
        paginator = Pagination()
        page = paginator.paginate_queryset(qs, request, view=self)
        decks = list(page) if page is not None else list(qs)
        selectors.decks_revalidate(decks=decks)
        return paginator.get_paginated_response(DeckOutputSerializer(decks, many=True).data)

    @extend_schema(
        operation_id="decks_create",
        request=DeckWriteSerializer,
        responses={201: DeckOutputSerializer, **ERROR_RESPONSES},
        description=(
            "Save a deck: `name`, `characters` and `cards`, or `text` (the deck text format; its "
            "`Name:` line names the deck unless `name` is given). A deck that breaks the rules is "
            "saved as a draft: its `validation` says why. Unknown slugs are refused (400)."
        ),
    )
    def post(self, request: Request) -> Response:
        _check_body_size(request, MAX_BODY_BYTES)
        serializer = DeckWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        if "text" in data:
            deck = services.deck_create_from_text(
                owner=signed_in_user(request.user),
                text=data["text"],
                name=data.get("name"),
                is_public=data.get("is_public", False),
            )
        else:
            deck = services.deck_create(
                owner=signed_in_user(request.user),
                name=data.get("name", ""),
                characters=data.get("characters", []),
                cards=data.get("cards", {}),
                is_public=data.get("is_public", False),
            )
        return Response(DeckOutputSerializer(deck).data, status=status.HTTP_201_CREATED)


class DeckDetailView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    parser_classes = [JSONParser]

    @extend_schema(operation_id="decks_retrieve", responses={200: DeckOutputSerializer, **ERROR_RESPONSES})
    def get(self, request: Request, pk: int) -> Response:
        deck = selectors.deck_get(user=request.user, pk=pk)
        return Response(DeckOutputSerializer(deck).data)

    def _update(self, request: Request, pk: int) -> Response:
        deck = selectors.deck_get_for_update(user=request.user, pk=pk)
        _check_body_size(request, MAX_BODY_BYTES)
        serializer = DeckWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        if "text" in data:
            parsed = services.deck_text_read(text=data.pop("text"))
            data.setdefault("name", parsed.name)
            data["characters"], data["cards"] = parsed.characters, parsed.cards
        deck = services.deck_update(
            deck=deck,
            name=data.get("name"),
            characters=data.get("characters"),
            cards=data.get("cards"),
            is_public=data.get("is_public"),
        )
        return Response(DeckOutputSerializer(deck).data)

    @extend_schema(
        operation_id="decks_update",
        request=DeckWriteSerializer,
        responses={200: DeckOutputSerializer, **ERROR_RESPONSES},
        description="Change your deck: the fields given (`characters`, `cards` each replace the whole list).",
    )
    def put(self, request: Request, pk: int) -> Response:
        return self._update(request, pk)

    @extend_schema(
        operation_id="decks_partial_update",
        request=DeckWriteSerializer,
        responses={200: DeckOutputSerializer, **ERROR_RESPONSES},
    )
    def patch(self, request: Request, pk: int) -> Response:
        return self._update(request, pk)

    @extend_schema(operation_id="decks_destroy", responses={204: None, **ERROR_RESPONSES})
    def delete(self, request: Request, pk: int) -> Response:
        deck = selectors.deck_get_for_update(user=request.user, pk=pk)
        services.deck_delete(deck=deck)
        return Response(status=status.HTTP_204_NO_CONTENT)


class DeckExportView(JsonErrorsMixin, APIView):
    permission_classes = [AllowAny]
    renderer_classes = renderers_for(("text/plain", "txt"))  # Accept: text/plain is not a 406

    @extend_schema(
        operation_id="decks_export",
        responses={
            (200, "text/plain"): OpenApiResponse(str, description="The deck in the text format."),
            **ERROR_RESPONSES,
        },
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
        deck = selectors.deck_get(user=request.user, pk=pk)
        text = selectors.deck_export_text(deck=deck)
        return HttpResponse(text, content_type="text/plain; charset=utf-8")
