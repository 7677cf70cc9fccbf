"""The card browser (/cards/): search and filters mean what the API's do, pages, htmx, bad input."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from cards.web.selectors import BrowserQuery, browser_page

pytestmark = pytest.mark.django_db

ALL_CHARACTERS = {"aez", "amaya", "iro", "telendar", "telendar-2", "zahal"}


def result_slugs(response: Any) -> list[str]:
    """The slugs of the result rows, in order (each row links to its card's page)."""
    results = response.content.decode()
    results = results[results.index('id="results"') :]
    return re.findall(r'<td data-label="Name"><a href="/cards/([^/]+)/"', results)


def api_slugs(client: Client, path: str) -> set[str]:
    body = client.get(f"{path}{'&' if '?' in path else '?'}page_size=200").json()
    return {row["slug"] for row in body["results"]}


def test_without_filters_every_character_then_every_card(mini: Any, client: Client) -> None:
    response = client.get("/cards/")
    assert response.status_code == 200
    slugs = result_slugs(response)
    assert len(slugs) == 16
    assert set(slugs[:6]) == ALL_CHARACTERS  # characters first, then cards
    assert "16 results: 6 characters, 10 cards" in response.content.decode()


@pytest.mark.parametrize(
    ("query", "characters_api", "cards_api"),
    [
        ({"guild": "zil"}, "/api/characters/?guild=zil", "/api/cards/?guild=zil"),
        ({"class": "mage"}, "/api/characters/?class=mage", "/api/cards/?class=mage"),
        ({"race": "guemelite"}, "/api/characters/?race=guemelite", "/api/cards/?race=guemelite"),
        ({"level": "2"}, "/api/characters/?level=2", "/api/cards/?level=2"),
        ({"unique": "true"}, "/api/characters/?unique=true", "/api/cards/?unique=true"),
        ({"q": "eclairs"}, "/api/characters/?search=eclairs", "/api/cards/?search=eclairs"),
        ({"q": "TÉLENDAR"}, "/api/characters/?search=TÉLENDAR", "/api/cards/?search=TÉLENDAR"),
    ],
)
def test_a_filter_finds_what_the_api_finds(
    mini: Any, client: Client, query: dict[str, str], characters_api: str, cards_api: str
) -> None:
    expected = api_slugs(client, characters_api) | api_slugs(client, cards_api)
    assert expected  # each case finds something
    assert set(result_slugs(client.get("/cards/", query))) == expected


def test_filters_known_answers(mini: Any, client: Client) -> None:
    assert result_slugs(client.get("/cards/", {"guild": "zil"})) == ["telendar", "telendar-2"]
    # class: characters of the class and cards reserved to it
    assert set(result_slugs(client.get("/cards/", {"class": "mage"}))) == {
        "aez", "iro", "eclairs", "eclairs-2", "eclairs-3",
    }  # fmt: skip
    # race with its sub-races: Aez is a Fire Guémélite
    assert result_slugs(client.get("/cards/", {"race": "guemelite"})) == ["aez"]
    assert result_slugs(client.get("/cards/", {"unique": "true"})) == ["eclairs-3"]
    assert set(result_slugs(client.get("/cards/", {"level": "2"}))) == {"telendar-2", "eclairs-2"}
    # filters combine
    assert result_slugs(client.get("/cards/", {"class": "mage", "level": "2"})) == ["eclairs-2"]


def test_a_card_type_finds_its_subtypes_and_no_character(mini: Any, client: Client) -> None:
    spells = result_slugs(client.get("/cards/", {"type": "sort"}))
    assert spells == ["eclairs", "eclairs-2", "eclairs-3"]  # Lightning is a Spell
    assert set(spells) == api_slugs(client, "/api/cards/?type=sort")
    items = set(result_slugs(client.get("/cards/", {"type": "objet"})))
    assert items == {"katana", "wakizashi", "baume-de-soin", "cotte-de-mailles"}


def test_kind_shows_characters_or_cards_only(mini: Any, client: Client) -> None:
    assert set(result_slugs(client.get("/cards/", {"kind": "character"}))) == ALL_CHARACTERS
    cards = result_slugs(client.get("/cards/", {"kind": "card"}))
    assert len(cards) == 10 and not set(cards) & ALL_CHARACTERS


def test_the_rules_text_is_searched_in_english_and_french(mini: Any, client: Client) -> None:
    # "Zone: hits every enemy character." / « Zone : touche chaque personnage ennemi. »
    assert result_slugs(client.get("/cards/", {"text": "every enemy"})) == ["eclairs-2", "eclairs-3"]
    assert result_slugs(client.get("/cards/", {"text": "ENNEMI touche"})) == ["eclairs-2", "eclairs-3"]
    # every word, anywhere in the text: the Ordre of Telendar level 2 only
    assert result_slugs(client.get("/cards/", {"text": "odd attack"})) == ["telendar-2"]
    assert result_slugs(client.get("/cards/", {"text": "impairs"})) == ["telendar-2"]
    assert result_slugs(client.get("/cards/", {"text": "no such words"})) == []


def test_nothing_found_says_so(mini: Any, client: Client) -> None:
    response = client.get("/cards/", {"q": "nothing-has-this-name"})
    assert response.status_code == 200
    assert "Nothing matches" in response.content.decode()


def test_the_form_keeps_what_was_asked(mini: Any, client: Client) -> None:
    html = client.get("/cards/", {"q": "tel", "guild": "zil", "unique": "false"}).content.decode()
    assert 'name="q" value="tel"' in html
    assert '<option value="zil" selected>' in html
    assert '<option value="false" selected>' in html


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"guild": "no-such-guild"}, "Guild: Select a valid choice."),
        ({"level": "11"}, "Level: Select a valid choice."),
        ({"unique": "maybe"}, "Unique: Select a valid choice."),
        ({"kind": "character", "type": "sort"}, "Characters have no card type"),
        ({"page": "abc"}, "Enter a whole number"),
    ],
)
def test_bad_filters_are_refused_in_the_page_saying_which(
    mini: Any, client: Client, query: dict[str, str], message: str
) -> None:
    response = client.get("/cards/", query)
    assert response.status_code == 200  # the page again, the refusal in it (REFUSED_STATUS)
    html = response.content.decode()
    assert message in html
    assert result_slugs(response) == []


def test_pages_split_characters_and_cards_in_order(mini: Any) -> None:
    everything = [row.entry.slug for row in browser_page(BrowserQuery(), page=1, page_size=100).rows]
    pages = [browser_page(BrowserQuery(), page=n, page_size=5) for n in (1, 2, 3, 4)]
    assert [p.num_pages for p in pages] == [4, 4, 4, 4]
    assert [row.entry.slug for p in pages for row in p.rows] == everything  # 6 characters, 10 cards
    assert [row.kind for row in pages[1].rows] == ["character", "card", "card", "card", "card"]


def test_a_page_past_the_end_shows_the_last_page(mini: Any) -> None:
    page = browser_page(BrowserQuery(), page=99, page_size=5)
    assert page.number == 4 and len(page.rows) == 1


def test_htmx_gets_only_the_results(mini: Any, client: Client) -> None:
    response = client.get("/cards/", {"guild": "zil"}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="results"')
    assert "<html" not in html and 'name="q"' not in html
    assert result_slugs(response) == ["telendar", "telendar-2"]
    assert "HX-Request" in response["Vary"]  # a cache never serves the part for the page


def test_an_htmx_history_restore_gets_the_whole_page(mini: Any, client: Client) -> None:
    headers = {"HX-Request": "true", "HX-History-Restore-Request": "true"}
    html = client.get("/cards/", {"guild": "zil"}, headers=headers).content.decode()
    assert "<html" in html and 'name="q"' in html


def test_htmx_bad_filter_gets_the_errors_in_the_results(mini: Any, client: Client) -> None:
    response = client.get("/cards/", {"guild": "nope"}, headers={"HX-Request": "true"})
    assert response.status_code == 200  # the page again, the refusal in it (REFUSED_STATUS)
    assert "Guild: Select a valid choice." in response.content.decode()


def test_results_link_to_every_card_page_and_the_pager_keeps_the_filters(
    mini: Any, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cards.web import selectors

    monkeypatch.setattr(selectors, "BROWSER_PAGE_SIZE", 5)
    html = client.get("/cards/", {"kind": "card"}).content.decode()
    assert 'href="/cards/?kind=card&amp;page=2"' in html
    assert "Page 1 of 2" in html
    second = client.get("/cards/", {"kind": "card", "page": "2"})
    assert len(result_slugs(second)) == 5 and 'rel="prev"' in second.content.decode()


def test_the_browser_only_answers_get(mini: Any, client: Client) -> None:
    assert client.post("/cards/").status_code == 405


def test_the_number_of_queries_does_not_grow_with_the_results(
    mini: Any, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cards.web import selectors

    client.get("/cards/")  # the catalog and the filter choices are built once per catalog version
    counts = []
    for size in (7, 16):  # both pages hold characters and cards
        monkeypatch.setattr(selectors, "BROWSER_PAGE_SIZE", size)
        with CaptureQueriesContext(connection) as queries:
            response = client.get("/cards/")
        assert len(result_slugs(response)) == size
        counts.append(len(queries))
    # 14: the catalog version in the faces' URLs, and the reserved-to castes (one more prefetch)
    assert counts[0] == counts[1] <= 14


def test_htmx_pushes_the_query_without_its_empty_fields(mini: Any, client: Client) -> None:
    query = {"q": "", "text": "", "kind": "", "guild": "zil", "level": "2"}
    response = client.get("/cards/", query, headers={"HX-Request": "true"})
    assert response["HX-Push-Url"] == "/cards/?guild=zil&level=2"
    everything = client.get("/cards/", {"q": ""}, headers={"HX-Request": "true"})
    assert everything["HX-Push-Url"] == "/cards/"
