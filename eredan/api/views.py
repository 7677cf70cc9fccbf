"""The API root: links to every top-level endpoint."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from eredan.api.renderers import JsonErrorsMixin


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


class SchemaView(JsonErrorsMixin, SpectacularAPIView):
    """The OpenAPI schema (GET only)."""

    http_method_names = ["get", "head"]


class DocsView(JsonErrorsMixin, SpectacularSwaggerView):
    """Swagger UI (GET only: its HTML renderer has nothing to show for OPTIONS)."""

    http_method_names = ["get", "head"]
