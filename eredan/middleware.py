"""Text no database can store, refused in one place for every request (issue 20 must-fix 4).

PostgreSQL text cannot hold a NUL character: one that reached a query — a session cookie looked
up, a Basic-auth user name counted by the login lockout, ``?search=``, a collection filter, a CSV
line — was a 500. :class:`NulRefusalMiddleware` runs first, before sessions, authentication or any
view, and refuses a request with a NUL character anywhere in it:

* its path, any query parameter (name or value, percent-decoded), any header, any cookie (name
  or value, as Django decodes them), the user name and password of ``Authorization: Basic``;
* its body, when it is at most ``DATA_UPLOAD_MAX_MEMORY_SIZE`` bytes (larger bodies are refused
  for their size by the parsers): any raw NUL byte (JSON, CSV, multipart fields and files), and a
  NUL decoded from a form (``%00``) or from a multipart part (a ``base64`` part, an encoded name).

The answer is a 400: under ``/api/`` the error body of docs/api.md with the code
``null_characters_not_allowed`` and the ``field`` where the NUL is (``search``,
``headers.User-Agent``, ``cookies.sessionid``, a form field, ``null`` for the path or the body as
a whole); elsewhere Django's 400 page. A NUL escaped inside a JSON string (``"\\u0000"``) is the
JSON parser's to find (it decodes JSON; :mod:`eredan.api.parsers`), with the string's path.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import SuspiciousOperation
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.http.multipartparser import MultiPartParser, MultiPartParserError
from django.views import defaults

from eredan.api.errors import error_body

CODE = "null_characters_not_allowed"
NUL = "\x00"


@dataclass(frozen=True)
class NulFound:
    """Where a request holds a NUL character: ``field`` as the error body names it."""

    field: str | None
    where: str

    def message(self) -> str:
        return f"{self.where} may not contain NUL characters."


def _shown(name: str) -> str:
    return name.replace(NUL, "\\u0000")


def _header_name(meta_key: str) -> str:
    name = meta_key.removeprefix("HTTP_")
    return "-".join(part.capitalize() for part in name.split("_"))


def _in_pairs(
    pairs: Iterable[tuple[str, Iterable[str]]], field: Callable[[str], str], where: str
) -> NulFound | None:
    for name, values in pairs:
        if NUL in name or any(NUL in value for value in values):
            return NulFound(_shown(field(name)), f"{where} {_shown(name)!r}")
    return None


def _basic_credentials(value: str) -> bytes:
    scheme, _, token = value.partition(" ")
    if scheme.lower() != "basic":
        return b""
    try:
        return base64.b64decode(token.strip(), validate=False)
    except (binascii.Error, ValueError):
        return b""


def _body_nul(request: HttpRequest) -> NulFound | None:
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return None
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    if length <= 0 or (limit is not None and length > limit):
        return None  # nothing to read, or refused for its size by whoever reads it
    try:
        body = request.body  # kept by Django: the parsers and forms read it again
    except (OSError, SuspiciousOperation):
        return None  # an unreadable body is the parser's to refuse
    content_type = request.content_type or ""
    found = None
    if content_type == "application/x-www-form-urlencoded":
        with contextlib.suppress(SuspiciousOperation):  # too many fields: Django's own 400 follows
            found = _in_pairs(QueryDict(body, encoding=request.encoding).lists(), str, "Form field")
    elif content_type == "multipart/form-data":
        found = _multipart_nul(request, body)
    if found is None and b"\x00" in body:  # anywhere else: a part's headers, any other body
        found = NulFound(None, "The request body")
    return found


def _multipart_nul(request: HttpRequest, body: bytes) -> NulFound | None:
    """The parts as Django decodes them (a ``base64`` part, an RFC 2231 name): from a copy of the
    body, so the view still parses the request itself."""
    from django.core.files.uploadhandler import MemoryFileUploadHandler

    try:
        fields, files = MultiPartParser(
            request.META, io.BytesIO(body), [MemoryFileUploadHandler(request)], request.encoding
        ).parse()
    except (MultiPartParserError, SuspiciousOperation, ValueError):
        return None  # malformed: the parser refuses it
    if found := _in_pairs(fields.lists(), str, "Form field"):
        return found
    for name, uploads in files.lists():
        for upload in uploads:
            if (
                NUL in name
                or NUL in (upload.name or "")
                or any(b"\x00" in chunk for chunk in upload.chunks())
            ):
                return NulFound(_shown(name), f"Uploaded file {_shown(name)!r}")
    return None


def request_nul_find(request: HttpRequest) -> NulFound | None:
    """The first place of ``request`` holding a NUL character, or ``None``."""
    if NUL in request.path:
        return NulFound(None, "The URL path")
    try:
        query = list(request.GET.lists())
    except SuspiciousOperation:
        query = []  # too many parameters: Django's own 400 follows
    if found := _in_pairs(query, str, "Query parameter"):
        return found
    cookies = [(name, [value]) for name, value in request.COOKIES.items()]
    if found := _in_pairs(cookies, lambda name: f"cookies.{name}", "Cookie"):
        return found
    for key, value in request.META.items():
        if not (key.startswith("HTTP_") or key in ("CONTENT_TYPE", "CONTENT_LENGTH")):
            continue
        if not isinstance(value, str):
            continue
        name = _header_name(key)
        if NUL in value or (key == "HTTP_AUTHORIZATION" and b"\x00" in _basic_credentials(value)):
            return NulFound(f"headers.{name}", f"Header {name}")
    return _body_nul(request)


class NulRefusalMiddleware:
    """Refuse a request holding a NUL character anywhere (see the module's docstring). First in
    ``MIDDLEWARE``: no session, login lockout or view sees the request."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        found = request_nul_find(request)
        if found is None:
            return self.get_response(request)
        if not request.path.startswith("/api/"):
            return defaults.bad_request(request, SuspiciousOperation(found.message()))
        return JsonResponse(
            error_body([{"code": CODE, "message": found.message(), "field": found.field}]), status=400
        )
