"""Shared filter backends: ordering that refuses what it cannot do, and says what it can."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from rest_framework import filters
from rest_framework.request import Request

from eredan.errors import DomainError


class OrderingFilter(filters.OrderingFilter):
    """``?ordering=name_en,-level``; an unknown field is a 400 naming it.

    DRF's own filter drops unknown fields silently (``?ordering=nmae`` gives the default order):
    a client would believe its list is sorted. The OpenAPI schema lists the accepted values.
    """

    def get_ordering(self, request: Request, queryset: QuerySet[Any], view: Any) -> Any:
        raw = request.query_params.get(self.ordering_param)
        if raw:
            valid = {name for name, _ in self.get_valid_fields(queryset, view, {"request": request})}
            fields = [term.strip() for term in raw.split(",")]
            unknown = [term for term in fields if term.lstrip("-") not in valid]
            if unknown:
                raise DomainError(
                    f"Cannot order by {', '.join(repr(t) for t in unknown)}; "
                    f"order by {', '.join(sorted(valid))} (prefix - for descending).",
                    code="invalid",
                    field=self.ordering_param,
                )
        return super().get_ordering(request, queryset, view)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters: list[dict[str, Any]] = super().get_schema_operation_parameters(view)
        names = self._declared_fields(view)
        if names:
            values = [value for name in names for value in (name, f"-{name}")]
            for parameter in parameters:
                parameter["schema"] = {"type": "array", "items": {"type": "string", "enum": values}}
                parameter["style"] = "form"
                parameter["explode"] = False
                parameter["description"] = "Comma-separated fields to order by (prefix - for descending)."
        return parameters

    def _declared_fields(self, view: Any) -> list[str]:
        fields = getattr(view, "ordering_fields", None)
        if not fields or fields == "__all__":
            return []
        return [field if isinstance(field, str) else field[0] for field in fields]
