"""The card browser's sort orders, caste/rarity/set filters where the data has them, the forgiving
"did you mean" search, the card language and the history of its filters (issue 19 §4, §5)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from cards.models import Card, CardSet, Rarity
from eredan.language import COOKIE
from tests.cards.web.test_browser import api_slugs, result_slugs

pytestmark = pytest.mark.django_db


def test_sort_by_a_stat_puts_the_highest_first(mini: Any, client: Client) -> None:
    slugs = result_slugs(client.get("/cards/?kind=character&sort=hp"))
    # HP: telendar-2 20, zahal 19, telendar 18, amaya 17, iro 16, aez 14
    assert slugs == ["telendar-2", "zahal", "telendar", "amaya", "iro", "aez"]
    slugs = result_slugs(client.get("/cards/?kind=character&sort=spirit"))
    assert slugs[0] == "aez"  # spirit 3


def test_sort_by_level_then_name_and_cards_keep_the_name_for_a_character_stat(
    mini: Any, client: Client
) -> None:
    slugs = result_slugs(client.get("/cards/?q=eclairs&sort=level"))
    assert slugs == ["eclairs", "eclairs-2", "eclairs-3"]
    cards = result_slugs(client.get("/cards/?kind=card&sort=hp"))
    assert cards == result_slugs(client.get("/cards/?kind=card"))


def test_names_sort_in_the_card_language(mini: Any, client: Client) -> None:
    english = result_slugs(client.get("/cards/?kind=card"))
    assert english.index("cotte-de-mailles") < english.index("baume-de-soin")  # Chainmail, Healing Balm
    client.cookies[COOKIE] = "fr"
    french = result_slugs(client.get("/cards/?kind=card"))
    assert french.index("baume-de-soin") < french.index("cotte-de-mailles")  # Baume de soin, Cotte de mailles
    assert sorted(french) == sorted(english)


def test_an_unknown_sort_is_refused_beside_the_field(mini: Any, client: Client) -> None:
    response = client.get("/cards/?sort=price")
    assert response.status_code == 200
    assert "Sort by: Select a valid choice" in re.sub(r"\s+", " ", response.content.decode())


def test_the_caste_filter_shows_characters_of_that_caste_as_the_api(mini: Any, client: Client) -> None:
    assert result_slugs(client.get("/cards/?caste=courtisan")) == ["iro"]
    assert set(result_slugs(client.get("/cards/?caste=courtisan"))) == api_slugs(
        client, "/api/characters/?caste=courtisan"
    )
    refused = client.get("/cards/?caste=courtisan&kind=card").content.decode()
    assert "Cards have no caste" in refused


def test_rarity_and_set_filters_offer_what_the_data_has(mini: Any, client: Client) -> None:
    html = client.get("/cards/").content.decode()
    rarity = re.search(r'<select name="rarity".*?</select>', html, re.S)
    assert rarity is not None
    assert re.findall(r'<option value="([^"]+)"', rarity.group(0)) == ["commune", "rare"]  # not all 18
    rare = set(result_slugs(client.get("/cards/?rarity=rare")))
    assert rare and rare == api_slugs(client, "/api/characters/?rarity=rare") | api_slugs(
        client, "/api/cards/?rarity=rare"
    )
    act = set(result_slugs(client.get("/cards/?set=acte-1-tombee-du-ciel")))
    assert len(act) == 2


def test_a_filter_nothing_has_is_not_offered(mini: Any, client: Client) -> None:
    from cards.models import Character
    from cards.services import catalog_version_bump

    Card.objects.update(rarity=None, card_set=None)
    Character.objects.update(rarity=None, card_set=None)
    catalog_version_bump()
    html = client.get("/cards/").content.decode()
    assert 'name="rarity"' not in html and 'name="set"' not in html
    assert 'name="caste"' in html  # Iro is a Courtisan
    assert CardSet.objects.exists() and Rarity.objects.exists()  # the tables are full, nothing uses them


def test_a_mistyped_name_finds_what_it_most_likely_means(mini: Any, client: Client) -> None:
    """issue 19 §4: ``telendr`` finds Télendar."""
    response = client.get("/cards/?q=telendr")
    assert result_slugs(response) == ["telendar", "telendar-2"]
    html = re.sub(r"\s+", " ", response.content.decode())
    assert "Did you mean" in html
    assert 'href="/cards/?q=telendar"' in html
    # filters still hold, and a name that is close to nothing finds nothing
    assert result_slugs(client.get("/cards/?q=telendr&kind=card")) == []
    assert result_slugs(client.get("/cards/?q=qwxyzzy")) == []
    assert "Did you mean" not in client.get("/cards/?q=telendar").content.decode()


def test_a_french_typo_is_forgiven_too(mini: Any, client: Client) -> None:
    assert result_slugs(client.get("/cards/?q=eclars&level=1")) == ["eclairs"]


def test_in_french_the_results_name_cards_and_types_in_french(mini: Any, client: Client) -> None:
    client.cookies[COOKIE] = "fr"
    html = client.get("/cards/?q=eclairs&level=1").content.decode()
    assert re.search(r'class="card-link" data-face="[^"]*lang=fr[^"]*" lang="fr">Éclairs</a>', html)
    assert "Foudre" in html  # the type, in French
    assert "Lightning" in html  # the other language's name stays, as a hint


def test_the_results_are_not_kept_in_htmx_history(mini: Any, client: Client) -> None:
    """issue 19 §5: Back after two filter changes showed the right results under a form reading
    "Any guild" (htmx restored its snapshot of the page, whose selects had lost their state).
    The results ask htmx not to snapshot them: Back fetches the page, form and results together."""
    html = client.get("/cards/?guild=zil").content.decode()
    assert re.search(r'<section id="results"[^>]*hx-history="false"', html)
    restore = client.get("/cards/?guild=zil&kind=character", headers={"HX-Request": "true",
                         "HX-History-Restore-Request": "true"})  # fmt: skip
    body = restore.content.decode()
    assert "<form" in body and re.search(r'<option value="zil" selected>', body)
