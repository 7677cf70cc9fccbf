"""The card-language switch (eredan/language.py): a cookie set by a POST, kept across pages, safe
redirects, and what every page's header offers."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from eredan.language import COOKIE, DEFAULT_LANG, card_lang, parse_lang

pytestmark = pytest.mark.django_db


def test_parse_lang_accepts_only_the_two_languages() -> None:
    assert parse_lang("fr") == "fr" and parse_lang("en") == "en"
    assert parse_lang("de") == DEFAULT_LANG == "en"
    assert parse_lang(None, "fr") == "fr"


def test_choosing_french_sets_the_cookie_and_goes_back(client: Client) -> None:
    response = client.post("/language/", {"lang": "fr", "next": "/cards/?guild=zil"})
    assert response.status_code == 302 and response["Location"] == "/cards/?guild=zil"
    cookie = response.cookies[COOKIE]
    assert cookie.value == "fr" and int(cookie["max-age"]) >= 300 * 24 * 3600
    assert cookie["samesite"] == "Lax"
    assert card_lang(type("R", (), {"COOKIES": {COOKIE: "fr"}})()) == "fr"  # type: ignore[arg-type]


def test_an_unknown_language_is_english_and_a_foreign_next_goes_home(client: Client) -> None:
    response = client.post("/language/", {"lang": "klingon", "next": "https://evil.example/"})
    assert response["Location"] == "/"
    assert response.cookies[COOKIE].value == "en"
    assert client.get("/language/").status_code == 405


def test_every_page_offers_the_switch_with_the_current_choice_pressed(client: Client) -> None:
    html = client.get("/").content.decode()
    assert re.search(r'<button type="submit" name="lang" value="en" lang="en" aria-pressed="true">', html)
    client.cookies[COOKIE] = "fr"
    html = client.get("/accounts/login/").content.decode()
    assert re.search(r'value="fr" lang="fr" aria-pressed="true"', html)
    assert 'name="next" value="/accounts/login/"' in html


def test_the_shell_has_a_favicon_and_a_logo_of_its_own(client: Client) -> None:
    html = client.get("/").content.decode()
    assert re.search(r'<link rel="icon" href="/static/eredan/favicon[^"]*\.svg" type="image/svg\+xml">', html)
    assert '<svg class="logo"' in html
