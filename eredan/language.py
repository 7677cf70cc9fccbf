"""The card language: French or English card names, rules text and type names, chosen once and
kept across the pages, the exports they link to and the result tables.

The interface itself stays English; what changes is every card's and character's name, the
generated rules text, type and guild names. The choice lives in a cookie (:data:`COOKIE`, a
year), so it holds for anonymous visitors too; a page reads it with :func:`card_lang` and templates
find it as ``card_lang`` (:func:`card_language` is a context processor).

**[decision]** English by default (:data:`DEFAULT_LANG`), as the API's names: ``name_en`` first.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from cards.domain.text import LANGS, Lang

COOKIE = "card_lang"
#: **[decision]** The card language of a visitor who has not chosen one.
DEFAULT_LANG: Lang = "en"
COOKIE_MAX_AGE = 365 * 24 * 3600
#: What the switch offers: the value, its label, and the label's own language.
CHOICES: tuple[tuple[Lang, str], ...] = (("en", "English"), ("fr", "Français"))


def parse_lang(value: Any, default: Lang = DEFAULT_LANG) -> Lang:
    """``"fr"`` / ``"en"`` from a parameter or cookie value; anything else: ``default``."""
    if value == "fr":
        return "fr"
    if value == "en":
        return "en"
    return default


def card_lang(request: HttpRequest) -> Lang:
    """The visitor's card language (the cookie, else the default)."""
    return parse_lang(request.COOKIES.get(COOKIE))


def card_language(request: HttpRequest) -> dict[str, Any]:
    """Context processor: ``card_lang`` and the switch's choices for every template."""
    return {"card_lang": card_lang(request), "card_lang_choices": CHOICES}


def pick(pair: tuple[str, str] | Any, lang: Lang) -> str:
    """The ``lang`` half of an ``(English, French)`` pair."""
    return str(pair[LANGS.index(lang)])
