"""The project's parsers: every malformed body is a 400, every oversized one a 413.

DRF's own ``JSONParser`` reads the stream directly, so Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE``
never applies to JSON bodies, and a deeply nested body (``[[[[…``) lets Python's
``RecursionError`` through as a 500. This parser bounds the read and turns both into 4xx.

It also refuses strings no database can store — a NUL character (PostgreSQL text cannot hold
it) or half of a surrogate pair (not encodable as UTF-8) — anywhere in the body, keys
included: 400 ``null_characters_not_allowed`` or ``surrogate_characters_not_allowed`` (DRF's
own codes for its text fields) with the path of the string, before any serializer or service
sees it. A NUL anywhere else in a request (path, query, headers, cookies, form and multipart
bodies, uploads) is refused before any parser runs, by :mod:`eredan.middleware`; the form and
multipart parsers still check field names and values, for the multipart bodies over
``DATA_UPLOAD_MAX_MEMORY_SIZE`` the middleware does not read (Django decodes form data with
replacement characters, so no surrogate reaches them).
"""

from __future__ import annotations

import codecs
import json
import re
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import QueryDict
from rest_framework.exceptions import ParseError
from rest_framework.parsers import DataAndFiles
from rest_framework.parsers import FormParser as DRFFormParser
from rest_framework.parsers import JSONParser as DRFJSONParser
from rest_framework.parsers import MultiPartParser as DRFMultiPartParser

from eredan.errors import DomainError

#: In the raw text, the escapes that can produce an unstorable string (a raw NUL or surrogate
#: is not valid JSON text); only a body containing one is walked.
_SUSPECT_ESCAPE = re.compile(r"\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})")
_SURROGATE = re.compile("[\ud800-\udfff]")


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
            data = json.loads(text, parse_constant=_reject_constant) if text.strip() else {}
        except RecursionError as exc:
            raise ParseError("JSON parse error - the body is nested too deeply.") from exc
        except ValueError as exc:
            raise ParseError(f"JSON parse error - {exc}") from exc
        if _SUSPECT_ESCAPE.search(text):
            _check_storable(data, "")
        return data


def _check_storable(value: Any, path: str) -> None:
    """Raise a 400 at the first string (value or key) holding a NUL character or
    a lone surrogate; ``path`` is the dotted path of ``value`` in the body."""
    if isinstance(value, str):
        if "\x00" in value:
            raise DomainError(
                "Text may not contain NUL characters.", code="null_characters_not_allowed", field=path or None
            )
        if _SURROGATE.search(value):
            raise DomainError(
                "Text may not contain unpaired surrogate characters.",
                code="surrogate_characters_not_allowed",
                field=path or None,
            )
    elif isinstance(value, dict):
        for key, item in value.items():
            child = f"{path}.{key}" if path else str(key)
            _check_storable(key, child)
            _check_storable(item, child)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_storable(item, f"{path}.{index}" if path else str(index))


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


class FormParser(DRFFormParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        data = super().parse(stream, media_type, parser_context)
        _check_form(data)
        return data


class MultiPartParser(DRFMultiPartParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        result = super().parse(stream, media_type, parser_context)
        _check_form(result.data if isinstance(result, DataAndFiles) else result)
        return result


def _check_form(data: QueryDict) -> None:
    for key, values in data.lists():
        _check_storable(key, key)
        for value in values:
            _check_storable(value, key)
