"""The API root: links to every top-level endpoint."""

from __future__ import annotations

from functools import cache

from django.urls import URLPattern, URLResolver, get_resolver
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from eredan.api.renderers import JsonErrorsMixin

API_PREFIX = "api/"


@cache
def api_endpoints() -> tuple[tuple[str, str], ...]:
    """``(path, URL name)`` of every API endpoint whose URL takes no parameter (every collection,
    and the stateless endpoints such as ``decks/validate``), in the order of the URL conf: read
    from the URL conf, so a new endpoint is listed without being added here."""
    found: list[tuple[str, str]] = []
    for entry in get_resolver().url_patterns:
        prefix = str(entry.pattern)
        if isinstance(entry, URLResolver) and prefix == API_PREFIX:
            patterns = [(str(p.pattern), p) for p in entry.url_patterns]
        elif isinstance(entry, URLPattern) and prefix.startswith(API_PREFIX) and prefix != API_PREFIX:
            patterns = [(prefix.removeprefix(API_PREFIX), entry)]  # api/schema/, api/docs/
        else:
            continue
        for route, pattern in patterns:
            if isinstance(pattern, URLPattern) and pattern.name and route and "<" not in route:
                found.append((route.rstrip("/"), pattern.name))
    return tuple(found)


class ApiRootView(APIView):
    """``GET /api/``: a link to every collection and parameterless endpoint of the API, by path."""

    permission_classes = [AllowAny]

    @extend_schema(exclude=True)
    def get(self, request: Request) -> Response:
        return Response({path: reverse(name, request=request) for path, name in api_endpoints()})


class SchemaView(JsonErrorsMixin, SpectacularAPIView):
    """The OpenAPI schema (GET only)."""

    http_method_names = ["get", "head"]


class DocsView(JsonErrorsMixin, SpectacularSwaggerView):
    """Swagger UI (GET only: its HTML renderer has nothing to show for OPTIONS)."""

    http_method_names = ["get", "head"]
