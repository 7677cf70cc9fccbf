"""Context processor of the card pages: the version faces are drawn at, computed at most once per
rendered page and only if a template asks for it."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject


def faces(request: HttpRequest) -> dict[str, Any]:
    from cards.web.selectors import face_version

    return {"face_v": SimpleLazyObject(face_version)}
