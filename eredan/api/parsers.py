"""The project's JSON parser: every malformed body is a 400, every oversized one a 413.

DRF's own ``JSONParser`` reads the stream directly, so Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE``
never applies to JSON bodies, and a deeply nested body (``[[[[…``) lets Python's
``RecursionError`` through as a 500. This parser bounds the read and turns both into 4xx.
"""

from __future__ import annotations

import codecs
import json
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser as DRFJSONParser


class JSONParser(DRFJSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        parser_context = parser_context or {}
        encoding = parser_context.get("encoding", settings.DEFAULT_CHARSET)
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        raw = stream.read(limit + 1) if stream is not None else b""
        if limit is not None and len(raw) > limit:
            raise RequestDataTooBig(f"The request body is larger than {limit} bytes.")
        try:
            text = codecs.decode(raw, encoding)
            return json.loads(text, parse_constant=_reject_constant) if text.strip() else {}
        except RecursionError as exc:
            raise ParseError("JSON parse error - the body is nested too deeply.") from exc
        except ValueError as exc:
            raise ParseError(f"JSON parse error - {exc}") from exc


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")
