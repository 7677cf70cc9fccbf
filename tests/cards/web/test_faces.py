"""Card faces at /cards/<slug>/face.svg: drawn from the data, in the card language, cached with a
strong ETag; the grid view of the browser and the card's page show them."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from django.test import Client

from cards.domain.face import FACE_VERSION
from cards.models import Character
from cards.web.selectors import face_version
from eredan.language import COOKIE

pytestmark = pytest.mark.django_db
SVG = "{http://www.w3.org/2000/svg}"


def name_on(svg: bytes) -> str:
    root = ET.fromstring(svg)
    return next("".join(t.itertext()) for t in root.iter(f"{SVG}text") if t.get("class") == "face-name")


def test_a_face_is_an_svg_of_the_card_in_the_language_asked(mini: Any, client: Client) -> None:
    english = client.get("/cards/eclairs-2/face.svg?lang=en")
    assert english.status_code == 200
    assert english["Content-Type"].startswith("image/svg+xml")
    assert english["X-Content-Type-Options"] == "nosniff"
    assert name_on(english.content) == "Lightning"
    french = client.get("/cards/eclairs-2/face.svg?lang=fr")
    assert name_on(french.content) == "Éclairs"
    assert french["ETag"] != english["ETag"]


def test_without_lang_the_face_follows_the_visitors_card_language(mini: Any, client: Client) -> None:
    assert name_on(client.get("/cards/telendar/face.svg").content) == "Telendar"
    client.cookies[COOKIE] = "fr"
    response = client.get("/cards/telendar/face.svg")
    assert name_on(response.content) == "Télendar"
    assert "Cookie" in response["Vary"]


def test_a_character_face_holds_its_stats_from_the_database(mini: Any, client: Client) -> None:
    svg = client.get("/cards/iro/face.svg?lang=en").content.decode()
    iro = Character.objects.get(slug="iro")
    assert f'class="face-stat-hp">{iro.hp}<' in svg
    assert f'class="face-stat-attack">{iro.attack_min}–{iro.attack_max}<' in svg
    assert "Courtier" in svg  # its caste (Courtisan), on the type line


def test_the_etag_answers_304_and_changes_with_the_card(mini: Any, client: Client) -> None:
    first = client.get("/cards/zahal/face.svg?lang=en")
    etag = first["ETag"]
    assert re.fullmatch(r'"[0-9a-f]{32}"', etag)
    again = client.get("/cards/zahal/face.svg?lang=en", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == etag
    Character.objects.filter(slug="zahal").update(hp=99)  # no signal: the catalog version moves below
    from cards.services import catalog_version_bump

    catalog_version_bump()
    changed = client.get("/cards/zahal/face.svg?lang=en", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert b'class="face-stat-hp">99<' in changed.content


def test_a_url_naming_its_drawing_is_cached_for_good_others_revalidate(mini: Any, client: Client) -> None:
    version = face_version()
    assert version.startswith(f"{FACE_VERSION}.")
    long = client.get(f"/cards/zahal/face.svg?lang=en&v={version}")
    assert "immutable" in long["Cache-Control"] and "max-age=31536000" in long["Cache-Control"]
    stale = client.get("/cards/zahal/face.svg?lang=en&v=0.old")
    assert "must-revalidate" in stale["Cache-Control"] and "max-age=0" in stale["Cache-Control"]


def test_an_unknown_slug_is_a_404_and_posting_is_refused(mini: Any, client: Client) -> None:
    assert client.get("/cards/nobody/face.svg").status_code == 404
    assert client.post("/cards/zahal/face.svg").status_code == 405
    assert client.head("/cards/zahal/face.svg?lang=en").status_code == 200


def test_the_grid_view_shows_a_face_per_result(mini: Any, client: Client) -> None:
    html = client.get("/cards/?kind=character&view=grid").content.decode()
    faces = re.findall(r'<img src="/cards/([^/]+)/face\.svg\?lang=en&amp;v=[^"]+"', html)
    assert sorted(faces) == ["aez", "amaya", "iro", "telendar", "telendar-2", "zahal"]
    assert 'alt="Iro: Kotoba character, HP 16, attack 2–4, defense 2, spirit 2"' in html


def test_the_card_page_shows_the_face_and_links_to_the_svg(mini: Any, client: Client) -> None:
    html = client.get("/cards/katana/").content.decode()
    assert re.search(r'<figure class="card-face">\s*<img src="/cards/katana/face\.svg\?lang=en&amp;v=', html)


def test_card_names_in_the_results_preview_their_face(mini: Any, client: Client) -> None:
    html = client.get("/cards/?q=katana").content.decode()
    assert re.search(
        r'<a href="/cards/katana/" class="card-link" data-face="/cards/katana/face\.svg\?lang=en', html
    )
