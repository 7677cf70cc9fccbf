"""The collections API: one thin view per operation (parse, call a service or selector, render).

Only authenticated users; a user sees and changes their own collections, staff everyone's.
Another user's collection or copy is a 404, never a 403.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import ParseError
from rest_framework.filters import BaseFilterBackend
from rest_framework.generics import GenericAPIView
from rest_framework.parsers import BaseParser
from rest_framework.permissions import IsAdminUser, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.collection import selectors
from cards.collection import serializers as s
from cards.collection.csvio import format_csv
from cards.collection.models import Collection, ExperienceSource
from cards.collection.services.collections import collection_create, collection_delete, collection_update
from cards.collection.services.copies import CopyRequest, copies_add, copies_remove, copy_remove
from cards.collection.services.evolution import copy_evolve
from cards.collection.services.experience import experience_grant_staff
from cards.collection.services.imports import collection_import_csv
from cards.collection.services.xp_cards import xp_card_consume
from cards.collection.xp import KINDS
from eredan.api.parsers import FormParser, JSONParser, MultiPartParser
from eredan.api.renderers import JsonErrorsMixin, renderers_for
from eredan.api.schema import ERROR_RESPONSES
from eredan.errors import DomainError
from eredan.users import signed_in_user

if TYPE_CHECKING:
    from rest_framework.generics import BaseFilterProtocol

TAG = ["collections"]


class CsvTextParser(BaseParser):
    """A raw ``text/csv`` request body, decoded as UTF-8."""

    media_type = "text/csv"

    # request.data is whatever the parser returns, here the text; the stubs allow only mappings.
    def parse(  # type: ignore[override]
        self, stream: Any, media_type: str | None = None, parser_context: Any = None
    ) -> str:
        if stream is None:
            return ""
        return _decode_csv(stream.read(settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1))


def _decode_csv(raw: bytes) -> str:
    """A CSV body or upload as text: at most ``DATA_UPLOAD_MAX_MEMORY_SIZE`` bytes (413 beyond,
    as for any body), UTF-8 (400 otherwise)."""
    if len(raw) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
        raise RequestDataTooBig("The CSV is too large.")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ParseError("The CSV is not UTF-8 text.") from exc


MAX_ID = 2**63 - 1  # the largest database id


def _id_param(request: Request, name: str) -> int | None:
    """An optional id in the query string: a whole number from 1 (400 ``invalid`` otherwise)."""
    value = request.query_params.get(name) or None
    if value is None:
        return None
    if not value.isdigit() or not 1 <= int(value) <= MAX_ID:
        raise DomainError(f"{name} is an id (a whole number from 1).", code="invalid", field=name)
    return int(value)


def _valid(serializer_class: type[Any], data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


class CollectionMixin(APIView):
    """Resolves ``<collection_pk>`` from the URL among the collections the user may see."""

    permission_classes = [IsAuthenticated]
    # (GenericAPIView's type, for the list views)
    filter_backends: Sequence[type[BaseFilterBackend | BaseFilterProtocol[Any]]] = []

    def get_collection(self) -> Collection:
        return selectors.collection_get(user=self.request.user, pk=self.kwargs["collection_pk"])


# --- collections ---------------------------------------------------------------------------------


class CollectionListView(CollectionMixin, GenericAPIView[Any]):
    serializer_class = s.CollectionOutput

    @extend_schema(
        tags=TAG,
        summary="List your collections (staff: everyone's; ?owner=<user id> for one user's)",
        parameters=[OpenApiParameter("owner", int, description="Staff only: one owner's collections.")],
        responses={200: s.CollectionOutput(many=True), **ERROR_RESPONSES},
    )
    def get(self, request: Request) -> Response:
        owner_id = _id_param(request, "owner")
        qs = selectors.collection_list(user=request.user, owner_id=owner_id)
        page = self.paginate_queryset(qs)
        return self.get_paginated_response(s.CollectionOutput(page, many=True).data)

    @extend_schema(
        tags=TAG,
        summary="Create a collection (your first one becomes your default)",
        request=s.CollectionCreateInput,
        responses={201: s.CollectionOutput, **ERROR_RESPONSES},
    )
    def post(self, request: Request) -> Response:
        data = _valid(s.CollectionCreateInput, request.data)
        collection = collection_create(owner=signed_in_user(request.user), **data)
        collection = selectors.collection_get(user=request.user, pk=collection.pk)
        return Response(s.CollectionOutput(collection).data, status=status.HTTP_201_CREATED)


class CollectionDetailView(CollectionMixin, APIView):
    @extend_schema(tags=TAG, summary="A collection", responses={200: s.CollectionOutput, **ERROR_RESPONSES})
    def get(self, request: Request, collection_pk: str) -> Response:
        return Response(s.CollectionOutput(self.get_collection()).data)

    @extend_schema(
        tags=TAG,
        summary="Rename a collection or make it the default",
        request=s.CollectionUpdateInput,
        responses={200: s.CollectionOutput, **ERROR_RESPONSES},
    )
    def patch(self, request: Request, collection_pk: str) -> Response:
        collection = self.get_collection()
        data = _valid(s.CollectionUpdateInput, request.data)
        collection_update(collection=collection, **data)
        return Response(s.CollectionOutput(self.get_collection()).data)

    @extend_schema(
        tags=TAG,
        summary="Delete a collection and its copies (not the default one)",
        responses={204: None, **ERROR_RESPONSES},
    )
    def delete(self, request: Request, collection_pk: str) -> Response:
        collection_delete(collection=self.get_collection())
        return Response(status=status.HTTP_204_NO_CONTENT)


# --- copies --------------------------------------------------------------------------------------


def _copies_response(copies: list[Any], *, status_code: int = 200) -> Response:
    progress = selectors.copy_progress_map(copies=copies)
    return Response(s.CopyOutput(copies, many=True, context={"progress": progress}).data, status=status_code)


def _add_requests(items: list[dict[str, Any]], *, prefix: str | None) -> list[CopyRequest]:
    return [
        CopyRequest(
            slug=item["slug"],
            count=item["count"],
            xp=item.get("xp"),
            acquired_at=item.get("acquired_at"),
            ref=f"{prefix}.{i}" if prefix else "",
        )
        for i, item in enumerate(items)
    ]


class CopyListView(CollectionMixin, GenericAPIView[Any]):
    serializer_class = s.CopyOutput

    @extend_schema(
        tags=TAG,
        summary="The copies of a collection, each with its progress towards its next level",
        parameters=[
            OpenApiParameter("kind", str, enum=list(KINDS)),
            OpenApiParameter("slug", str, description="One card or character."),
            OpenApiParameter("family", str, description="One evolution family."),
        ],
        responses={200: s.CopyOutput(many=True), **ERROR_RESPONSES},
    )
    def get(self, request: Request, collection_pk: str) -> Response:
        kind = request.query_params.get("kind") or None
        if kind is not None and kind not in KINDS:
            raise DomainError(f"kind is one of {list(KINDS)}.", code="invalid", field="kind")
        qs = selectors.copy_list(
            collection=self.get_collection(),
            kind=kind,
            slug=request.query_params.get("slug") or None,
            family=request.query_params.get("family") or None,
        )
        page = list(self.paginate_queryset(qs) or [])
        progress = selectors.copy_progress_map(copies=page)
        return self.get_paginated_response(s.CopyOutput(page, many=True, context={"progress": progress}).data)

    @extend_schema(
        tags=TAG,
        summary="Add copies of one card or character",
        request=s.CopyAddInput,
        responses={201: s.CopyOutput(many=True), **ERROR_RESPONSES},
    )
    def post(self, request: Request, collection_pk: str) -> Response:
        collection = self.get_collection()
        data = _valid(s.CopyAddInput, request.data)
        created = copies_add(collection=collection, requests=_add_requests([data], prefix=None))
        return _copies_response(created, status_code=status.HTTP_201_CREATED)


class CopyBulkAddView(CollectionMixin, APIView):
    @extend_schema(
        tags=TAG,
        summary="Add copies of several cards and characters at once (all or nothing)",
        request=s.CopyBulkAddInput,
        responses={201: s.ImportedOutput, **ERROR_RESPONSES},
    )
    def post(self, request: Request, collection_pk: str) -> Response:
        collection = self.get_collection()
        data = _valid(s.CopyBulkAddInput, request.data)
        created = copies_add(collection=collection, requests=_add_requests(data["items"], prefix="items"))
        return Response({"added": len(created)}, status=status.HTTP_201_CREATED)


class CopyBulkRemoveView(CollectionMixin, APIView):
    @extend_schema(
        tags=TAG,
        summary="Remove copies by card and count (least XP first; all or nothing)",
        request=s.CopyBulkRemoveInput,
        responses={200: s.RemovedOutput, **ERROR_RESPONSES},
    )
    def post(self, request: Request, collection_pk: str) -> Response:
        collection = self.get_collection()
        data = _valid(s.CopyBulkRemoveInput, request.data)
        requests = [
            CopyRequest(slug=item["slug"], count=item["count"], ref=f"items.{i}")
            for i, item in enumerate(data["items"])
        ]
        return Response({"removed": copies_remove(collection=collection, requests=requests)})


class CopyDetailView(CollectionMixin, APIView):
    @extend_schema(
        tags=TAG, summary="One copy and its progress", responses={200: s.CopyOutput, **ERROR_RESPONSES}
    )
    def get(self, request: Request, collection_pk: str, copy_pk: str) -> Response:
        copy = selectors.copy_get(collection=self.get_collection(), pk=copy_pk)
        progress = selectors.copy_progress_map(copies=[copy])
        return Response(s.CopyOutput(copy, context={"progress": progress}).data)

    @extend_schema(tags=TAG, summary="Remove one copy", responses={204: None, **ERROR_RESPONSES})
    def delete(self, request: Request, collection_pk: str, copy_pk: str) -> Response:
        copy = selectors.copy_get(collection=self.get_collection(), pk=copy_pk)
        copy_remove(copy=copy)
        return Response(status=status.HTTP_204_NO_CONTENT)


class CopyGrantView(CollectionMixin, APIView):
    permission_classes = [IsAuthenticated, IsAdminUser]

    @extend_schema(
        tags=TAG,
        summary="Staff: grant XP to a copy (logged as a staff grant)",
        request=s.GrantInput,
        responses={201: s.ExperienceGrantOutput, **ERROR_RESPONSES},
    )
    def post(self, request: Request, collection_pk: str, copy_pk: str) -> Response:
        copy = selectors.copy_get(collection=self.get_collection(), pk=copy_pk)
        data = _valid(s.GrantInput, request.data)
        grant = experience_grant_staff(
            copy=copy, amount=data["amount"], granted_by=request.user, note=data["note"]
        )
        return Response(s.ExperienceGrantOutput(grant).data, status=status.HTTP_201_CREATED)


class QuantityView(CollectionMixin, APIView):
    @extend_schema(
        tags=TAG,
        summary="How many copies of each card and character the collection holds",
        parameters=[OpenApiParameter("kind", str, enum=list(KINDS))],
        responses={200: s.QuantityOutput(many=True), **ERROR_RESPONSES},
    )
    def get(self, request: Request, collection_pk: str) -> Response:
        kind = request.query_params.get("kind") or None
        if kind is not None and kind not in KINDS:
            raise DomainError(f"kind is one of {list(KINDS)}.", code="invalid", field="kind")
        rows = selectors.collection_quantities(collection=self.get_collection(), kind=kind)
        return Response([row.to_json() for row in rows])


# --- experience ----------------------------------------------------------------------------------


class EvolveView(CollectionMixin, APIView):
    @extend_schema(
        tags=TAG,
        summary="Evolve a copy into the next level of its family",
        description=(
            "Allowed when the copy's XP reaches its level's threshold (cumulative; the copy keeps its "
            "XP) and the family has a next level. Refusals: `not_owner`, `no_next_level`, "
            "`not_enough_xp`, `no_threshold`."
        ),
        request=s.EvolveInput,
        responses={200: s.EvolveOutput, **ERROR_RESPONSES},
    )
    def post(self, request: Request, collection_pk: str) -> Response:
        collection = self.get_collection()
        data = _valid(s.EvolveInput, request.data)
        evolution = copy_evolve(collection=collection, copy_id=data["copy"])
        copy = selectors.copy_get(collection=collection, pk=evolution.copy.pk)
        progress = selectors.copy_progress_map(copies=[copy])
        return Response(
            {
                "evolved_from": evolution.from_slug,
                "evolved_to": evolution.to_slug,
                "copy": s.CopyOutput(copy, context={"progress": progress}).data,
            }
        )


class ConsumeView(CollectionMixin, APIView):
    @extend_schema(
        tags=TAG,
        summary='Feed a "+N XP" card to another copy (the XP card is removed)',
        description="Refusals: `not_owner`, `not_xp_card`, `xp_card_target`.",
        request=s.ConsumeInput,
        responses={200: s.ExperienceGrantOutput, **ERROR_RESPONSES},
    )
    def post(self, request: Request, collection_pk: str) -> Response:
        collection = self.get_collection()
        data = _valid(s.ConsumeInput, request.data)
        grant = xp_card_consume(collection=collection, xp_card_id=data["xp_card"], target_id=data["target"])
        return Response(s.ExperienceGrantOutput(grant).data)


class ExperienceLogView(CollectionMixin, GenericAPIView[Any]):
    serializer_class = s.ExperienceGrantOutput

    @extend_schema(
        tags=TAG,
        summary="The experience log of a collection, newest first",
        parameters=[
            OpenApiParameter("copy", int, description="One copy's grants."),
            OpenApiParameter("source", str, enum=ExperienceSource.values),
        ],
        responses={200: s.ExperienceGrantOutput(many=True), **ERROR_RESPONSES},
    )
    def get(self, request: Request, collection_pk: str) -> Response:
        copy_id = _id_param(request, "copy")
        source = request.query_params.get("source") or None
        if source is not None and source not in ExperienceSource.values:
            raise DomainError(f"source is one of {ExperienceSource.values}.", code="invalid", field="source")
        qs = selectors.experience_log_list(collection=self.get_collection(), copy_id=copy_id, source=source)
        page = self.paginate_queryset(qs)
        return self.get_paginated_response(s.ExperienceGrantOutput(page, many=True).data)


# --- import and export ---------------------------------------------------------------------------


class ExportView(JsonErrorsMixin, CollectionMixin, APIView):
    renderer_classes = renderers_for(("text/csv", "csv"))

    @extend_schema(
        tags=TAG,
        summary="Export the collection as CSV (one row per copy: kind,slug,name,level,xp,acquired_at)",
        responses={(200, "text/csv"): OpenApiResponse(OpenApiTypes.STR), **ERROR_RESPONSES},
    )
    def get(self, request: Request, collection_pk: str) -> HttpResponse:
        collection = self.get_collection()
        text = format_csv(selectors.collection_export_rows(collection=collection))
        response = HttpResponse(text, content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="collection-{collection.pk}.csv"'
        return response


class CsvImportView(CollectionMixin, APIView):
    parser_classes = [CsvTextParser, JSONParser, MultiPartParser, FormParser]

    @extend_schema(
        tags=TAG,
        summary="Import copies from CSV (adds them; all or nothing, every bad row reported)",
        description=(
            'Send the CSV as a `text/csv` body, as JSON `{"csv": "…"}`, or as a multipart file '
            "`file`. Header: `kind,slug,name,level,xp,acquired_at` (only `slug` required; optional "
            "`count`)."
        ),
        request={"text/csv": OpenApiTypes.STR, "application/json": s.CsvImportInput},
        responses={201: s.ImportedOutput, **ERROR_RESPONSES},
    )
    def post(self, request: Request, collection_pk: str) -> Response:
        collection = self.get_collection()
        if isinstance(request.data, str):
            text = request.data
        elif (request.content_type or "").startswith(CsvTextParser.media_type):
            text = ""  # an empty text/csv body
        elif "file" in request.FILES:
            text = _decode_csv(request.FILES["file"].read(settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1))
        else:
            text = _valid(s.CsvImportInput, request.data)["csv"]
        created = collection_import_csv(collection=collection, text=text)
        return Response({"added": len(created)}, status=status.HTTP_201_CREATED)
