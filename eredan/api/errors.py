"""One error format for every 4xx response.

Body: ``{"errors": [{"code": str, "message": str, "field": str | None, ...}]}``.
``field`` is a dotted path into the request body (``cards.katana``, ``characters.1``) or ``None``
for errors about the request as a whole. Extra keys (``cards``, ``characters``, ``missing``, …)
may carry machine-readable details of a domain error.

Services raise :class:`eredan.errors.DomainError` (one problem) or
:class:`eredan.errors.DomainErrors` (several): the pure refusal types, re-exported here for the
API layer. :func:`exception_handler` maps them, one entry per problem; views never build error
responses by hand.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from django.core.exceptions import (
    PermissionDenied,
    RequestDataTooBig,
    SuspiciousOperation,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from eredan.errors import DomainError, DomainErrors, NotFoundError, errors_capped

__all__ = [
    "DomainError",
    "DomainErrors",
    "NotFoundError",
    "body_size_check",
    "error_body",
    "exception_handler",
]


def error_body(errors: list[dict[str, Any]]) -> dict[str, Any]:
    """The one error body; every text in it capped (:func:`eredan.errors.capped`): an error never
    quotes a refused value whole."""
    return {"errors": errors_capped(errors)}


def _flatten(detail: Any, path: str | None) -> Iterator[dict[str, Any]]:
    if isinstance(detail, Mapping):
        for key, value in detail.items():
            key = str(key)
            if key in ("non_field_errors", "__all__"):
                yield from _flatten(value, path)
            else:
                yield from _flatten(value, f"{path}.{key}" if path else key)
    elif isinstance(detail, list | tuple):
        if all(isinstance(item, str) for item in detail):
            for item in detail:
                yield from _flatten(item, path)
        else:
            for index, item in enumerate(detail):
                if item:  # DRF puts {} for list items that had no error
                    yield from _flatten(item, f"{path}.{index}" if path else str(index))
    else:
        code = getattr(detail, "code", None) or "invalid"
        yield {"code": str(code), "message": str(detail), "field": path}


def errors_from_detail(detail: Any, default_code: str) -> list[dict[str, Any]]:
    errors = list(_flatten(detail, None))
    for error in errors:
        if error["code"] == "invalid" and default_code != "invalid":
            error["code"] = default_code
    return errors or [{"code": default_code, "message": "Invalid request.", "field": None}]


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF exception handler producing the project's error format."""
    if isinstance(exc, DomainError):  # DomainErrors too: one entry per problem
        return Response(error_body(exc.as_errors()), status=exc.status_code)
    if isinstance(exc, RequestDataTooBig):
        return Response(
            error_body([{"code": "too_large", "message": "The request body is too large.", "field": None}]),
            status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        )
    if isinstance(exc, SuspiciousOperation):
        # Django's own refusals while reading the request: too many form fields or files
        # (DATA_UPLOAD_MAX_NUMBER_FIELDS, …), a malformed multipart body. Django would answer
        # with its HTML 400 page.
        return Response(error_body([_bad_request_error(exc)]), status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, DjangoValidationError):
        detail = exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        exc = exceptions.ValidationError(detail)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()

    response = drf_exception_handler(exc, context)
    if response is None or not isinstance(exc, exceptions.APIException):
        return response
    if isinstance(exc, exceptions.ValidationError):
        response.data = error_body(errors_from_detail(exc.detail, "invalid"))
    else:
        codes = exc.get_codes()
        code = codes if isinstance(codes, str) else exc.default_code
        response.data = error_body([{"code": str(code), "message": str(exc.detail), "field": None}])
    return response


def body_size_check(request: HttpRequest, limit: int) -> None:
    """Refuse a body over ``limit`` bytes before reading it: 400 ``too_large`` (oversized bodies
    are malformed requests). Bodies over the project-wide ``DATA_UPLOAD_MAX_MEMORY_SIZE`` sent
    without a length stay the parser's 413."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > limit:
        raise DomainError(
            f"The request body is {length} bytes; this endpoint takes at most {limit}.",
            code="too_large",
            status_code=status.HTTP_400_BAD_REQUEST,
        )


def json_404(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """404 for any URL: JSON under /api/, Django's page elsewhere (the admin)."""
    if not request.path.startswith("/api/"):
        return defaults.page_not_found(request, exception or Http404())
    return JsonResponse(
        error_body([{"code": "not_found", "message": "Not found.", "field": None}]), status=404
    )


def _bad_request_error(exc: Exception | None) -> dict[str, Any]:
    if isinstance(exc, TooManyFieldsSent | TooManyFilesSent):
        return {"code": "too_many_fields", "message": str(exc), "field": None}
    return {"code": "bad_request", "message": "Bad request.", "field": None}


def json_400(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """400 raised outside a view (a disallowed Host header, too many query parameters): JSON
    under /api/, Django's page elsewhere."""
    if not request.path.startswith("/api/"):
        return defaults.bad_request(request, exception or SuspiciousOperation())
    return JsonResponse(error_body([_bad_request_error(exception)]), status=400)


def json_403(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """403 raised outside a view: JSON under /api/, Django's page elsewhere."""
    if not request.path.startswith("/api/"):
        return defaults.permission_denied(request, exception or PermissionDenied())
    return JsonResponse(
        error_body([{"code": "permission_denied", "message": "Forbidden.", "field": None}]), status=403
    )


def json_500(request: HttpRequest) -> HttpResponse:
    if not request.path.startswith("/api/"):
        return defaults.server_error(request)
    return JsonResponse(
        error_body([{"code": "server_error", "message": "Internal server error.", "field": None}]),
        status=500,
    )
