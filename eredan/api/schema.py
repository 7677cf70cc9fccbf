"""OpenAPI helpers: the error body as a component, for ``@extend_schema(responses=...)``."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers


class ErrorItemSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable machine-readable code.")
    message = serializers.CharField(help_text="Readable explanation.")
    field = serializers.CharField(
        allow_null=True, help_text="Dotted path of the offending field, or null for the whole request."
    )


class ErrorResponseSerializer(serializers.Serializer):
    errors = ErrorItemSerializer(many=True)


ERROR_RESPONSE = OpenApiResponse(ErrorResponseSerializer, description="Error body (one entry per problem).")
ERROR_RESPONSES = {400: ERROR_RESPONSE, 401: ERROR_RESPONSE, 403: ERROR_RESPONSE, 404: ERROR_RESPONSE}
