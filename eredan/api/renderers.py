"""Renderers for views that answer in a media type of their own (deck text, CSV, images).

Such a view returns a ready ``HttpResponse``; but DRF negotiates the ``Accept`` header against
the view's renderers *before* the view runs, so with only the JSON renderers a client sending
``Accept: text/plain`` for a deck text would get a 406. Listing the view's own media type here
makes the negotiation succeed; the renderer itself never renders a body (errors are JSON, see
:class:`JsonErrorsMixin`, which views using these renderers take).
"""

from __future__ import annotations

from typing import Any

from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response


class _OwnMediaType(BaseRenderer):
    charset: str | None = "utf-8"

    def render(self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None) -> Any:
        # Only reached for a Response the view did not build itself (an error): JSON, whose
        # content type JsonErrorsMixin sets.
        return JSONRenderer().render(data, accepted_media_type, renderer_context)


def own_media_type(media_type: str, format: str, *, binary: bool = False) -> type[BaseRenderer]:
    """A renderer class that lets ``media_type`` through content negotiation."""
    name = "".join(part.capitalize() for part in format.split("_")) + "Renderer"
    return type(
        name,
        (_OwnMediaType,),
        {"media_type": media_type, "format": format, "charset": None if binary else "utf-8"},
    )


def renderers_for(*media_types: tuple[str, str]) -> list[type[BaseRenderer]]:
    """JSON (for errors) and the view's own media types, e.g. ``renderers_for(("text/csv", "csv"))``."""
    return [
        JSONRenderer,
        *(own_media_type(m, f, binary=m.startswith("image/") and "svg" not in m) for m, f in media_types),
    ]


class JsonErrorsMixin:
    """Errors of a view that renders something else (the schema's YAML, Swagger UI's HTML) are
    rendered as JSON: the one error format, whatever the view's own renderers."""

    def finalize_response(self, request: Request, response: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(response, Response) and response.status_code >= 400:
            request.accepted_renderer = JSONRenderer()
            request.accepted_media_type = JSONRenderer.media_type
        return super().finalize_response(request, response, *args, **kwargs)  # type: ignore[misc]
