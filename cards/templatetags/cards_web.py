"""Template helpers for cards on every page: a card's name in the visitor's card language, the URL
of its face, and a link to its page that previews the face on hover, focus or a first tap
(``eredan/static/eredan/site.js``)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django import template
from django.urls import reverse
from django.utils.html import format_html

from eredan.language import DEFAULT_LANG, parse_lang

register = template.Library()


def _lang(context: template.Context, lang: Any = None) -> str:
    return parse_lang(lang, parse_lang(context.get("card_lang"), DEFAULT_LANG))


@register.filter
def card_name(entry: Any, lang: Any = None) -> str:
    """``{{ entry|card_name:card_lang }}``: the French or English name of a card, a character or
    a spec (anything with ``name_en`` and ``name_fr``)."""
    if entry is None:
        return ""
    if parse_lang(lang) == "fr":
        return str(getattr(entry, "name_fr", "") or getattr(entry, "name_en", ""))
    return str(getattr(entry, "name_en", "") or getattr(entry, "name_fr", ""))


@register.simple_tag(takes_context=True)
def face_url(context: template.Context, slug: str, lang: Any = None) -> str:
    """``{% face_url slug %}``: the face of ``slug`` in the card language, at a URL that names its
    drawing (``face_v`` from the ``cards.web.context.faces`` context processor)."""
    query = {"lang": _lang(context, lang)}
    version = context.get("face_v")
    if version:
        query["v"] = str(version)
    return f"{reverse('cards_web:face', args=[slug])}?{urlencode(query)}"


@register.simple_tag(takes_context=True)
def card_link(context: template.Context, slug: str, label: str, css: str = "") -> str:
    """``{% card_link slug label %}``: a link to the card's page that previews its face."""
    lang = _lang(context)
    return format_html(
        '<a href="{}" class="card-link{}" data-face="{}"{}>{}</a>',
        reverse("cards_web:card", args=[slug]),
        f" {css}" if css else "",
        face_url(context, slug, lang),
        format_html(' lang="{}"', lang) if lang != "en" else "",
        label,
    )
