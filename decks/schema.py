"""OpenAPI for the deck input: ``characters`` and ``cards``, or ``text`` — exactly one shape.

The serializer checks the shape by hand (the hot path of the validation endpoints); this tells
the published schema the same: unknown keys refused, and one of the two shapes required.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiSerializerExtension

DECK_INPUT_DESCRIPTION = (
    "A deck: `characters` and `cards`, or `text` (the deck text format, docs/decks.md) — not both."
)


class DeckInputSchema(OpenApiSerializerExtension):
    target_class = "decks.serializers.DeckInputSerializer"
    match_subclasses = True

    def map_serializer(self, auto_schema: Any, direction: Any) -> Any:
        schema = auto_schema._map_basic_serializer(self.target, direction)
        schema["description"] = DECK_INPUT_DESCRIPTION
        if direction == "request":
            schema["additionalProperties"] = False
            schema["oneOf"] = [
                {"required": ["characters", "cards"], "not": {"required": ["text"]}},
                {
                    "required": ["text"],
                    "not": {"anyOf": [{"required": ["characters"]}, {"required": ["cards"]}]},
                },
            ]
        return schema
