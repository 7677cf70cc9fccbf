"""Model validation errors -> the API's error format, with the path of every bad value.

The admin and the API share one validation (``Model.full_clean()`` via ``cards.services``); this
module only renders its errors: a structured-data error becomes ``{"field": "effects[1].amount"}``,
a relation is named as the API names it (``requirements.classes``, ``set``).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import NON_FIELD_ERRORS
from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework.exceptions import ErrorDetail
from rest_framework.exceptions import ValidationError as ApiValidationError

#: Model field -> API field, where they differ.
API_FIELDS = {
    "required_classes": "requirements.classes",
    "required_characters": "requirements.characters",
    "required_races": "requirements.races",
    "required_castes": "requirements.castes",
    "card_set": "set",
}


def api_validation_error(exc: DjangoValidationError) -> ApiValidationError:
    """A DRF ValidationError keyed by API field paths (rendered by ``eredan.api.errors``)."""
    detail: dict[str, list[ErrorDetail]] = {}
    errors: dict[str, list[DjangoValidationError]] = (
        exc.error_dict if hasattr(exc, "error_dict") else {NON_FIELD_ERRORS: exc.error_list}
    )
    for name, items in errors.items():
        for item in items:
            params: dict[str, Any] = item.params or {}
            if "path" in params:
                key, message = str(params["path"]), str(params["message"])
            else:
                key = "non_field_errors" if name == NON_FIELD_ERRORS else API_FIELDS.get(name, name)
                message = str(item.message % params) if params else str(item.message)
            detail.setdefault(key, []).append(ErrorDetail(message, code=item.code or "invalid"))
    return ApiValidationError(detail)
