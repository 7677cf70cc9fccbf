"""Strict input fields shared by every app's serializers.

A count must be a JSON integer (not ``"3"``, ``3.0`` or ``true``), a name a JSON string, a flag a
JSON boolean, and an unknown key is refused: a malformed body is a 400 with one error per field
(docs/api.md). Plumbing of the API layer, so that no app imports another app's serializers.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


class StrictCharField(serializers.CharField):
    """A JSON string only (DRF's CharField turns numbers into strings)."""

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer only (DRF's IntegerField takes ``"3"``, ``3.0`` and ``true``)."""

    def to_internal_value(self, data: Any) -> int:
        if type(data) is not int:
            self.fail("invalid")
        return int(super().to_internal_value(data))


class StrictBooleanField(serializers.BooleanField):
    """A JSON boolean only (DRF's BooleanField takes ``"yes"``, ``1`` and ``"on"``)."""

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class NoUnknownKeysMixin:
    """Refuse keys the serializer does not declare (a typo must not be silently ignored)."""

    #: Published in OpenAPI as ``additionalProperties: false`` (``eredan.api.schema.AutoSchema``).
    refuses_unknown_keys = True

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))  # type: ignore[attr-defined]
            if unknown:
                raise serializers.ValidationError({key: ["Unknown field."] for key in unknown})
        return super().to_internal_value(data)  # type: ignore[misc]
