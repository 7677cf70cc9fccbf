"""Page-number pagination with a client-chosen page size (bounded), strict about its parameters.

DRF's own pagination quietly falls back to the default page size for ``?page_size=abc`` or ``0``
and caps ``?page_size=100000`` at the maximum: a client that asked for something else gets a
silent fix. Here a malformed or out-of-range ``page_size`` or ``page`` is a 400 naming the
parameter; a well-formed page past the last one is a 404 (as in DRF).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request

from eredan.errors import DomainError

DEFAULT_PAGE_SIZE = 50
MAX_PAGE_SIZE = 500
#: A page number beyond this is refused before it reaches the database (an offset overflow).
MAX_PAGE = 10**9


def _positive_int(request: Request, name: str, *, maximum: int) -> int | None:
    """The query parameter ``name`` as a whole number from 1 to ``maximum``; None when absent."""
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return None
    if not (raw.isascii() and raw.isdigit()) or not 1 <= int(raw) <= maximum:
        raise DomainError(f"{name} is a whole number from 1 to {maximum}.", code="invalid", field=name)
    return int(raw)


class Pagination(PageNumberPagination):
    page_size = DEFAULT_PAGE_SIZE
    page_size_query_param = "page_size"
    max_page_size = MAX_PAGE_SIZE

    def get_page_size(self, request: Request) -> int:
        return (
            _positive_int(request, self.page_size_query_param, maximum=self.max_page_size) or self.page_size
        )

    def get_page_number(self, request: Request, paginator: Any) -> Any:
        raw = request.query_params.get(self.page_query_param)
        if raw in self.last_page_strings:
            return paginator.num_pages
        return _positive_int(request, self.page_query_param, maximum=MAX_PAGE) or 1

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters: list[dict[str, Any]] = super().get_schema_operation_parameters(view)
        bounds = {
            self.page_query_param: {"minimum": 1, "maximum": MAX_PAGE},
            self.page_size_query_param: {"minimum": 1, "maximum": self.max_page_size},
        }
        for parameter in parameters:
            parameter["schema"].update(bounds.get(parameter["name"], {}))
        return parameters


#: For views that call :class:`Pagination` themselves (APIView): their OpenAPI parameters.
PAGINATION_PARAMETERS = [
    OpenApiParameter(
        "page",
        {"type": "integer", "minimum": 1, "maximum": MAX_PAGE},
        description="A page number within the paginated result set.",
    ),
    OpenApiParameter(
        "page_size",
        {"type": "integer", "minimum": 1, "maximum": MAX_PAGE_SIZE},
        description=f"Number of results to return per page (default {DEFAULT_PAGE_SIZE}).",
    ),
]


_PAGE_SERIALIZERS: dict[type[serializers.BaseSerializer[Any]], type[serializers.Serializer[Any]]] = {}


def paginated(serializer_class: type[serializers.BaseSerializer[Any]]) -> type[serializers.Serializer[Any]]:
    """The response shape of a view that paginates by hand, for ``@extend_schema(responses=…)``:
    ``{"count", "next", "previous", "results": [<serializer_class>, …]}`` (as a generic view's
    paginated list is published)."""
    if serializer_class not in _PAGE_SERIALIZERS:
        name = serializer_class.__name__.removesuffix("Serializer")
        _PAGE_SERIALIZERS[serializer_class] = type(
            f"Paginated{name}List",
            (serializers.Serializer,),
            {
                "__doc__": f"A page of {name} results.",
                "count": serializers.IntegerField(help_text="Results on every page."),
                "next": serializers.URLField(allow_null=True, help_text="The next page, or null."),
                "previous": serializers.URLField(allow_null=True, help_text="The previous page, or null."),
                "results": serializer_class(many=True),
            },
        )
    return _PAGE_SERIALIZERS[serializer_class]
