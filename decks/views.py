"""The decks API: stateless validation (single and bulk) and saved decks (CRUD, text export).

Thin: parse with a serializer, call a service or selector, render. See docs/decks.md.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from cards.collection.models import Collection
from cards.collection.selectors import collection_get
from cards.collection.services.imports import collection_import_deck
from cards.domain.specs import Catalog
from cards.specs import get_catalog
from decks import schema as _schema  # noqa: F401  (registers the deck input's OpenAPI shape)
from decks import selectors, services
from decks.error_codes import DeckErrorCode
from decks.history import diff_labels
from decks.limits import MAX_BODY_BYTES, MAX_BULK_BODY_BYTES
from decks.models import Deck, DeckVersion
from decks.serializers import (
    BuildCheckOutput,
    BulkValidateInputSerializer,
    BulkValidationResultSerializer,
    DeckImportInput,
    DeckImportOutput,
    DeckInputSerializer,
    DeckOptionsInput,
    DeckOutputSerializer,
    DeckRefInput,
    DeckVersionDetailSerializer,
    DeckVersionDiffSerializer,
    DeckVersionSerializer,
    DeckWriteSerializer,
    ValidateInputSerializer,
    ValidationResultSerializer,
)
from eredan.api.errors import body_size_check
from eredan.api.pagination import PAGINATION_PARAMETERS, Pagination, paginated
from eredan.api.parsers import JSONParser
from eredan.api.renderers import JsonErrorsMixin, renderers_for
from eredan.api.schema import ERROR_RESPONSES
from eredan.errors import DomainError, NotFoundError, Problems
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
        selectors.decks_current(decks=decks)
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
            author=signed_in_user(request.user),
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


# --- versions (docs/lab.md "Deck versions") ---------------------------------------------------------


def _url(request: Request, name: str, deck: Deck, number: int | None = None) -> str:
    kwargs = {"pk": deck.pk} if number is None else {"pk": deck.pk, "number": number}
    return str(reverse(name, kwargs=kwargs, request=request))


def version_json(
    request: Request, deck: Deck, version: DeckVersion, *, current: int | None, catalog: Catalog
) -> dict[str, Any]:
    """A version as the API shows it (:class:`DeckVersionSerializer`)."""
    changes = selectors.version_changes(version)
    content = selectors.version_content(version)
    return {
        "number": version.number,
        "name": version.name,
        "characters": list(content.characters),
        "cards": dict(content.cards),
        "size": content.size,
        "author": version.author.get_username() if version.author is not None else None,
        "source": version.source,
        "restored_from": version.restored_from,
        "created_at": version.created_at.isoformat().replace("+00:00", "Z"),
        "current": version.number == current,
        "changes": changes.labelled(diff_labels(changes, catalog)).to_json(),
        "url": _url(request, "deck-version-detail", deck, version.number),
    }


def _version_number(raw: str | None, field: str, problems: Problems) -> int | None:
    if raw is None or raw == "":
        return None
    if not (raw.isascii() and raw.isdigit()) or not 1 <= int(raw) <= 2**31 - 1:
        problems.add(
            field, DeckErrorCode.INVALID_VERSION, f"{field} is a version number: a whole number from 1."
        )
        return None
    return int(raw)


class DeckVersionListView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="decks_versions_list",
        parameters=PAGINATION_PARAMETERS,
        responses={200: paginated(DeckVersionSerializer), **ERROR_RESPONSES},
        description=(
            "The deck's versions, newest first: every save that changed its name, characters or "
            "cards, who saved it and when, and what changed since the version before. Readable by "
            "whoever may read the deck."
        ),
    )
    def get(self, request: Request, pk: int) -> Response:
        deck = selectors.deck_get(user=request.user, pk=pk)
        qs = selectors.deck_versions(deck=deck)
        latest = selectors.deck_version_latest(deck=deck)
        paginator = Pagination()
        page = paginator.paginate_queryset(qs, request, view=self)
        versions = list(page) if page is not None else list(qs)
        catalog = get_catalog()
        current = latest.number if latest is not None else None
        data = [version_json(request, deck, v, current=current, catalog=catalog) for v in versions]
        return paginator.get_paginated_response(data)


class DeckVersionDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="decks_versions_retrieve",
        responses={200: DeckVersionDetailSerializer, **ERROR_RESPONSES},
        description="One version: its content, checked against today's card database.",
    )
    def get(self, request: Request, pk: int, number: int) -> Response:
        deck = selectors.deck_get(user=request.user, pk=pk)
        version = selectors.deck_version_get(deck=deck, number=number)
        latest = selectors.deck_version_latest(deck=deck)
        catalog = get_catalog()
        data = version_json(
            request, deck, version, current=latest.number if latest else None, catalog=catalog
        )
        content = selectors.version_content(version)
        data["validation"] = services.deck_validate(
            characters=content.characters, cards=content.cards, catalog=catalog
        ).to_json()
        data["links"] = {
            "export": _url(request, "deck-version-export", deck, version.number),
            "restore": _url(request, "deck-version-restore", deck, version.number),
            "diff_to_current": _url(request, "deck-diff", deck) + f"?from={version.number}",
        }
        return Response(data)


class DeckVersionExportView(JsonErrorsMixin, APIView):
    permission_classes = [AllowAny]
    renderer_classes = renderers_for(("text/plain", "txt"))

    @extend_schema(
        operation_id="decks_versions_export",
        responses={
            (200, "text/plain"): OpenApiResponse(str, description="The version in the deck text format."),
            **ERROR_RESPONSES,
        },
    )
    def get(self, request: Request, pk: int, number: int) -> HttpResponse:
        deck = selectors.deck_get(user=request.user, pk=pk)
        version = selectors.deck_version_get(deck=deck, number=number)
        text = selectors.deck_version_export_text(version=version)
        return HttpResponse(text, content_type="text/plain; charset=utf-8")


class DeckVersionRestoreView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    parser_classes = [JSONParser]

    @extend_schema(
        operation_id="decks_versions_restore",
        request=None,
        responses={200: DeckOutputSerializer, **ERROR_RESPONSES},
        description=(
            "Make this version the deck's content again: a new version (source `restore`), so the "
            "history keeps everything. 409 `version_current` when the deck already holds it."
        ),
    )
    def post(self, request: Request, pk: int, number: int) -> Response:
        deck = selectors.deck_get_for_update(user=request.user, pk=pk)
        deck = services.deck_version_restore(deck=deck, number=number, author=signed_in_user(request.user))
        return Response(DeckOutputSerializer(deck).data)


class DeckDiffView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="decks_diff",
        parameters=[
            OpenApiParameter("from", int, description="The older version (default: the one before `to`)."),
            OpenApiParameter("to", int, description="The newer version (default: the current one)."),
        ],
        responses={200: DeckVersionDiffSerializer, **ERROR_RESPONSES},
        description="What changed between two versions of the deck: name, characters, card counts.",
    )
    def get(self, request: Request, pk: int) -> Response:
        deck = selectors.deck_get(user=request.user, pk=pk)
        problems = Problems()
        before = _version_number(request.query_params.get("from"), "from", problems)
        after = _version_number(request.query_params.get("to"), "to", problems)
        problems.raise_any()
        latest = selectors.deck_version_latest(deck=deck)
        if latest is None:
            raise NotFoundError(f"Deck #{deck.pk} has no versions yet.")
        after = after or latest.number
        before = before or max(1, after - 1)
        old, new, diff = selectors.deck_version_diff(deck=deck, before=before, after=after)
        catalog = get_catalog()
        return Response(
            {
                "deck": deck.pk,
                "before": version_json(request, deck, old, current=latest.number, catalog=catalog),
                "after": version_json(request, deck, new, current=latest.number, catalog=catalog),
                "diff": diff.labelled(diff_labels(diff, catalog)).to_json(),
            }
        )


# --- a deck and a collection (/api/collections/<id>/can-build/, …/import-deck/) --------------------
# Routed under the collection (decks/urls.py) but views of the decks app: a deck is built from a
# collection, so decks read collections and the collection app never imports decks.

COLLECTION_TAG = ["collections"]


def _valid(serializer_class: type[Any], data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def _deck_content(
    request: Request, *, option_keys: frozenset[str]
) -> tuple[list[str], dict[str, int], dict[str, Any]]:
    """The deck a request names — a saved deck (``deck``), a deck text (``text``), or
    ``characters`` and ``cards`` — and the request's options, read by the decks API's own input
    rules (types, bounds, unknown keys refused)."""
    if not isinstance(request.data, dict):
        raise DomainError("Expected a JSON object.", code="invalid")
    options = _valid(DeckOptionsInput, {k: v for k, v in request.data.items() if k in option_keys})
    deck_data = {k: v for k, v in request.data.items() if k not in option_keys}
    if "deck" in options:
        if deck_data:
            raise DomainError("Give a deck id, or the deck itself, not both.", code="invalid", field="deck")
        characters, cards = selectors.deck_slugs(selectors.deck_get(user=request.user, pk=options["deck"]))
        return characters, cards, options
    data = _valid(DeckInputSerializer, deck_data)
    if "text" in data:
        parsed = services.deck_text_read(text=data["text"], field="text")
        return parsed.characters, parsed.cards, options
    return data["characters"], data["cards"], options


class CollectionDeckView(APIView):
    """A view on one of the user's collections (``<collection_pk>``; someone else's is a 404)."""

    permission_classes = [IsAuthenticated]

    def get_collection(self) -> Collection:
        return collection_get(user=self.request.user, pk=self.kwargs["collection_pk"])


class CanBuildView(CollectionDeckView):
    @extend_schema(
        tags=COLLECTION_TAG,
        summary="Can I build this deck? The copies missing from this collection",
        description=(
            "The deck validator's `not_owned` check against this collection: `missing` gives the "
            "copies lacking per card or character. The full validation result (every other rule) "
            "is in `validation`."
        ),
        request=DeckRefInput,
        responses={200: BuildCheckOutput, **ERROR_RESPONSES},
    )
    def post(self, request: Request, collection_pk: str) -> Response:
        collection = self.get_collection()
        characters, cards, _ = _deck_content(request, option_keys=frozenset({"deck"}))
        check = selectors.deck_can_build(collection=collection, characters=characters, cards=cards)
        return Response(check.to_json())


class DeckImportView(CollectionDeckView):
    @extend_schema(
        tags=COLLECTION_TAG,
        summary="Add a deck's cards to the collection (or only the missing ones)",
        description=(
            "One copy of each character and `count` copies of each card of the deck (a saved deck, "
            "a deck text, or characters and cards). With `only_missing`, just what the collection "
            "lacks to build it. All or nothing."
        ),
        request=DeckImportInput,
        responses={201: DeckImportOutput, **ERROR_RESPONSES},
    )
    def post(self, request: Request, collection_pk: str) -> Response:
        collection = self.get_collection()
        characters, cards, options = _deck_content(request, option_keys=frozenset({"deck", "only_missing"}))
        added = collection_import_deck(
            collection=collection,
            characters=characters,
            cards=cards,
            only_missing=options.get("only_missing", False),
        )
        return Response({"added": sum(added.values()), "copies": added}, status=status.HTTP_201_CREATED)
