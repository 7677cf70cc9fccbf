"""OpenAPI helpers: the error body as a component, and the errors every operation can answer.

Views list the responses that are theirs (``responses={200: …, **ERROR_RESPONSES}``, a 409 where
a service raises one). :class:`AutoSchema` (the project's ``DEFAULT_SCHEMA_CLASS``) adds the
error responses the shared machinery can give to any operation — bad credentials, throttling,
content negotiation, the JSON parser's bounds — so the published schema lists every status a
client can get, each with the one error body.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

from django.contrib.auth.models import AnonymousUser
from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers
from rest_framework.request import Request

#: Codes of the shared machinery (DRF and ``eredan.api``); each app documents its own domain codes
#: (``docs/<app>.md``, the ``error_codes.py`` of each app). Field-level validation errors carry
#: the field's code (``required``, ``invalid``, ``max_length``, ``does_not_exist``, …).
COMMON_ERROR_CODES = {
    "parse_error": "The body is not valid JSON (or nested too deeply, or uses NaN/Infinity).",
    "too_large": "The request body is larger than the limit (413).",
    "unsupported_media_type": "A body in a content type the operation does not take (415).",
    "not_acceptable": "No representation matches the Accept header (406).",
    "not_authenticated": "The operation needs a logged-in user.",
    "authentication_failed": "Wrong username or password.",
    "permission_denied": "Logged in, but not allowed (e.g. card database writes: staff only).",
    "not_found": "No such object, or not yours (others' objects are never a 403).",
    "method_not_allowed": "The operation does not take this HTTP method (405).",
    "throttled": "Too many requests; retry after the Retry-After header's seconds (429).",
    "login_locked_out": "Too many failed logins for the account or from the address; retry after "
    "the Retry-After header's seconds (429).",
}


class ErrorItemSerializer(serializers.Serializer[Any]):
    code = serializers.CharField(
        help_text="Stable machine-readable code. Shared codes: "
        + "; ".join(f"`{code}`: {text}" for code, text in COMMON_ERROR_CODES.items())
        + ". Field errors carry the field's own code (`required`, `invalid`, `max_length`, …); "
        "each app's domain codes are listed in its documentation."
    )
    message = serializers.CharField(help_text="Readable explanation.")
    field = serializers.CharField(
        allow_null=True, help_text="Dotted path of the offending field, or null for the whole request."
    )


class ErrorResponseSerializer(serializers.Serializer[Any]):
    """``{"errors": [{"code", "message", "field", …}]}``: one entry per problem. An entry may
    carry more machine-readable details (``cards``, ``characters``, ``lines``, ``rows``, …)."""

    # A declared field, moved into ``_declared_fields`` by DRF's metaclass: ``Serializer.errors``
    # is not overridden, whatever the stubs think.
    errors = ErrorItemSerializer(many=True)  # type: ignore[assignment]


def error_response(description: str) -> OpenApiResponse:
    return OpenApiResponse(ErrorResponseSerializer, description=description)


ERROR_RESPONSE = error_response("Error body (one entry per problem).")
ERROR_RESPONSES = {400: ERROR_RESPONSE, 401: ERROR_RESPONSE, 403: ERROR_RESPONSE, 404: ERROR_RESPONSE}

#: What any operation may answer, whatever the view: credentials, throttling, content negotiation.
ANY_OPERATION_ERRORS = {
    # eredan.middleware.NulRefusalMiddleware, before any view: in the path, a header, a cookie…
    400: error_response("A NUL character in the request (`null_characters_not_allowed`)."),
    401: error_response("Wrong credentials (Basic authentication)."),
    403: error_response("Not logged in, or not allowed."),
    406: error_response("No representation matches the Accept header."),
    429: error_response("Too many requests (throttled); see the Retry-After header."),
}
#: What an operation taking a body may also answer (the project's JSON parser, DRF's negotiation).
BODY_ERRORS = {
    400: error_response("Malformed or invalid body."),
    413: error_response("The request body is over the size limit."),
    415: error_response("A body in a content type the operation does not take."),
}
#: An operation with a path parameter names an object: it may not exist, or not be yours.
OBJECT_ERRORS = {404: error_response("No such object, or not yours.")}
#: An operation with query parameters refuses bad values.
QUERY_ERRORS = {400: error_response("A query parameter with a bad value.")}


class AutoSchema(SpectacularAutoSchema):
    """drf-spectacular's schema, plus the error responses the shared machinery can give."""

    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses: dict[str, Any] = super()._get_response_bodies(direction)
        extra: dict[int, OpenApiResponse] = dict(ANY_OPERATION_ERRORS)
        if self.method in ("POST", "PUT", "PATCH") and self.get_request_serializer() is not None:
            extra.update(BODY_ERRORS)
        if "{" in self.path or self._get_pagination_parameters() or self._paginates_by_hand():
            extra.update(OBJECT_ERRORS)  # an object named in the path; or a page past the last one
        if self.method == "GET" and self._has_query_parameters():
            extra.update(QUERY_ERRORS)
        for code, response in sorted(extra.items()):
            if str(code) not in responses:
                responses[str(code)] = self._get_response_for_code(response, str(code), direction=direction)
        for key, response in responses.items():
            content = response.get("content", {})
            if key.startswith("4") and "application/json" in content:
                # Errors are JSON whatever the operation's own media types (JsonErrorsMixin).
                response["content"] = {"application/json": content["application/json"]}
        return dict(sorted(responses.items()))

    def get_auth(self) -> list[dict[str, Any]]:
        """An operation anonymous clients may call lists the empty security requirement too
        (Swagger UI's open lock). drf-spectacular only knows DRF's own permission classes; here
        each permission of the view is asked about an anonymous request."""
        auths: list[dict[str, Any]] = super().get_auth()
        if {} not in auths and self._anonymous_allowed():
            auths.append({})
        return auths

    def _anonymous_allowed(self) -> bool:
        # Just what permission classes read of a request.
        request = cast(
            Request, SimpleNamespace(method=self.method, user=AnonymousUser(), auth=None, query_params={})
        )
        try:
            return all(p.has_permission(request, self.view) for p in self.view.get_permissions())
        except Exception:  # a permission that needs more of a request: not known to be open
            return False

    def _map_basic_serializer(self, serializer: Any, direction: Any) -> Any:
        """A request serializer that refuses unknown keys (``refuses_unknown_keys = True``, see
        ``decks.serializers.NoUnknownKeysMixin``) says so: ``additionalProperties: false``."""
        schema = super()._map_basic_serializer(serializer, direction)
        if direction == "request" and getattr(serializer, "refuses_unknown_keys", False):
            schema["additionalProperties"] = False
        return schema

    def _map_serializer_field(self, field: Any, direction: Any, bypass_extensions: bool = False) -> Any:
        """drf-spectacular leaves out the bounds of a nested ``many=True`` serializer."""
        schema = super()._map_serializer_field(field, direction, bypass_extensions)
        if isinstance(field, serializers.ListSerializer) and schema.get("type") == "array":
            # DRF sets both in ListSerializer.__init__; the stubs leave them out.
            min_length: int = field.min_length or 0  # type: ignore[attr-defined]
            max_length: int | None = field.max_length  # type: ignore[attr-defined]
            if not field.allow_empty:
                min_length = max(min_length, 1)
            if min_length:
                schema["minItems"] = min_length
            if max_length is not None:
                schema["maxItems"] = max_length
        return schema

    def _query_parameter_names(self) -> set[str]:
        return {
            p.name
            for p in self.get_override_parameters() or []
            if isinstance(p, OpenApiParameter) and p.location == "query" and p.name
        }

    def _paginates_by_hand(self) -> bool:
        """An APIView that declares ``page`` itself (it calls the paginator in its method)."""
        return "page" in self._query_parameter_names()

    def _has_query_parameters(self) -> bool:
        return bool(
            self._get_filter_parameters()
            or self._get_pagination_parameters()
            or self._query_parameter_names()
        )
