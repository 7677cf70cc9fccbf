"""The project's API views, as the URL resolver sees them (for tests that check every view)."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, get_resolver


def api_views(resolver: URLResolver | None = None, prefix: str = "") -> list[tuple[str, type | None]]:
    """``(route, view class)`` of every URL under ``api/`` (class None for a plain function)."""
    views: list[tuple[str, type | None]] = []
    for pattern in (resolver or get_resolver()).url_patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            views += api_views(pattern, route)
        elif isinstance(pattern, URLPattern) and route.startswith("api/"):
            callback = pattern.callback
            views.append((route, getattr(callback, "cls", None) or getattr(callback, "view_class", None)))
    return views
