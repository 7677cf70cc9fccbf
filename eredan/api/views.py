"""The API root: links to every top-level endpoint."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView


class ApiRootView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(exclude=True)
    def get(self, request: Request) -> Response:
        return Response(
            {
                "docs": reverse("api-docs", request=request),
                "schema": reverse("schema", request=request),
            }
        )


class JsonErrorsMixin:
    """Errors of a view that renders something else (the schema's YAML, Swagger UI's HTML) are
    rendered as JSON: the one error format, whatever the view's own renderers."""

    def finalize_response(self, request: Request, response: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(response, Response) and response.status_code >= 400:
            request.accepted_renderer = JSONRenderer()
            request.accepted_media_type = JSONRenderer.media_type
        return super().finalize_response(request, response, *args, **kwargs)  # type: ignore[misc]


class SchemaView(JsonErrorsMixin, SpectacularAPIView):
    """The OpenAPI schema (GET only)."""

    http_method_names = ["get", "head"]


class DocsView(JsonErrorsMixin, SpectacularSwaggerView):
    """Swagger UI (GET only: its HTML renderer has nothing to show for OPTIONS)."""

    http_method_names = ["get", "head"]
