"""A card's page (/cards/<slug>/): every stat, the generated rules text (the API's ``rules_text``),
the evolution family side by side with the current level marked; unknown slugs are a 404 page."""

from __future__ import annotations

import html as html_lib
import re
from typing import Any

import pytest
from django.test import Client

from cards.collection.models import OwnedCopy
from tests.cards.web.conftest import add_copy, element, text_of

pytestmark = pytest.mark.django_db


def family_section(html: str) -> str:
    start = html.index('<section class="family"')
    return html[start : html.index("</section>", start)]


def test_a_character_shows_every_stat(mini: Any, client: Client) -> None:
    response = client.get("/cards/telendar-2/")
    assert response.status_code == 200
    text = text_of(response.content.decode())
    for expected in (
        "Telendar level 2",
        "Télendar",
        "Guild Zil Warriors",
        "Class Marauder",
        "Race Human",
        "HP 20",
        "Attack 3–6",
        "Defense 1",
        "Spirit 1",
        "Stats from estimated (no source gives them)",
        "Unique no",
        "Level 2 of 2",
        "Slug telendar-2",
    ):
        assert expected in text, expected


def test_a_card_shows_every_stat(mini: Any, client: Client) -> None:
    text = text_of(client.get("/cards/katana/").content.decode())
    for expected in (
        "Type Item › Weapon › One handed › Sword",
        "Hands 1",
        "Stays in play yes",
        "Playable yes",
        "Guild Kotoba",
        "Reserved to Warrior",
        "Chain &#x27;Wakizashi&#x27;",
        "Rarity",
        "Set",
    ):
        assert expected in text, expected
    spell = text_of(client.get("/cards/eclairs-2/").content.decode())
    for expected in (
        "Element Lightning",
        "Zone hits every enemy character",
        "Guild none: any deck may hold it",
    ):
        assert expected in spell, expected
    xp = text_of(client.get("/cards/parchemin-xp/").content.decode())
    assert "Playable no" in xp and "Gives 50 XP" in xp


@pytest.mark.parametrize(
    ("slug", "api"), [("telendar-2", "characters"), ("eclairs-3", "cards"), ("katana", "cards")]
)
def test_the_rules_text_is_the_apis_in_both_languages(mini: Any, client: Client, slug: str, api: str) -> None:
    rules = client.get(f"/api/{api}/{slug}/").json()["rules_text"]
    html = client.get(f"/cards/{slug}/").content.decode()
    rules_html = html[html.index('id="rules-heading"') : html.index('id="stats-heading"')]
    for lang in ("en", "fr"):
        lines = [line for line in rules[lang].splitlines() if line]
        assert lines
        shown = [
            html_lib.unescape(p)
            for p in re.findall(rf'<div class="rules" lang="{lang}">(.*?)</div>', rules_html, re.S)
        ]
        assert len(shown) == 1
        assert [html_lib.unescape(p) for p in re.findall(r"<p>(.*?)</p>", shown[0])] == lines


def test_the_family_is_shown_side_by_side_with_the_current_level_marked(mini: Any, client: Client) -> None:
    family = family_section(client.get("/cards/eclairs-2/").content.decode())
    levels = re.findall(r'<li class="panel level( current)?"', family)
    assert levels == ["", " current", ""]  # three levels, the second is this page
    current = re.search(r'<li class="panel level current" aria-current="true">(.*?)</li>', family, re.S)
    assert current and "Level 2" in current.group(1) and 'href="/cards/eclairs-2/"' not in current.group(1)
    assert 'href="/cards/eclairs/"' in family and 'href="/cards/eclairs-3/"' in family
    # each level with its own rules text
    assert "Deals Spirit + 2 to 4 magic damage" in html_lib.unescape(family)
    assert "Deals 2 to 3 magic damage (reduced by Spirit) to the opponent" in html_lib.unescape(family)


def test_a_one_level_family_says_so(mini: Any, client: Client) -> None:
    family = family_section(client.get("/cards/katana/").content.decode())
    assert "has one level" in family
    assert family.count('class="panel level') == 1


def test_an_unknown_slug_is_the_html_404_page(mini: Any, client: Client) -> None:
    response = client.get("/cards/no-such-card/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    assert "Not found" in response.content.decode()


def test_a_signed_in_player_sees_their_copies_and_adds_one(
    mini: Any, alice: Any, alice_client: Client
) -> None:
    add_copy(alice, "iro")
    html = alice_client.get("/cards/iro/").content.decode()
    assert "You own 1 copy of this level." in text_of(element(html, "owned"))
    response = alice_client.post("/collection/add/", {"card": "iro", "count": "2", "next": "/cards/iro/"})
    assert response.status_code == 302 and response["Location"] == "/cards/iro/"
    page = alice_client.get("/cards/iro/").content.decode()
    assert "You own 3 copies of this level." in text_of(page)
    assert "Added 2 copies of Iro to My collection." in page
    assert OwnedCopy.objects.filter(collection__owner=alice, character__slug="iro").count() == 3


def test_an_unsafe_next_is_not_followed(mini: Any, alice: Any, alice_client: Client) -> None:
    response = alice_client.post(
        "/collection/add/", {"card": "iro", "count": "1", "next": "https://evil.example/"}
    )
    assert response.status_code == 302
    assert response["Location"].startswith("/collection/")


def test_anonymous_visitors_are_invited_to_sign_in(mini: Any, client: Client) -> None:
    html = client.get("/cards/iro/").content.decode()
    assert 'href="/accounts/login/?next=/cards/iro/"' in html
    assert "Add to my collection" not in html
