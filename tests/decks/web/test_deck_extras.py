"""The builder's deck by kind, quantity buttons, statistics and card previews; a deck's public
switch and its page for anyone (issue 19 §2)."""

from __future__ import annotations

import re

import pytest

from decks.models import Deck
from decks.services import deck_create
from tests.decks.catalog import deck
from tests.decks.web.conftest import HX, KOTOBA, form

pytestmark = pytest.mark.django_db


def live(client, data, url="/decks/new/edit/"):
    response = client.post(url, data, **HX)
    assert response.status_code == 200
    return response.content.decode()


def value_of(page: str, slug: str) -> str | None:
    match = re.search(rf'name="card-{re.escape(slug)}" value="([^"]*)"', page)
    return match.group(1) if match else None


def test_plus_and_minus_change_one_copy(as_alice):
    cards = {"katana": 2, "dague": 1}
    page = live(as_alice, form(characters=KOTOBA, cards=cards, op="add:katana"))
    assert value_of(page, "katana") == "3"
    page = live(as_alice, form(characters=KOTOBA, cards=cards, op="sub:katana"))
    assert value_of(page, "katana") == "1"
    page = live(as_alice, form(characters=KOTOBA, cards=cards, op="sub:dague"))
    assert value_of(page, "dague") is None  # the last copy takes the card out
    assert 'aria-label="One copy more of Katana"' in page
    assert 'aria-label="One copy fewer of Katana"' in page
    assert Deck.objects.count() == 0


def test_minus_leaves_a_count_being_corrected(as_alice):
    page = live(as_alice, form(characters=KOTOBA, cards={"katana": "abc"}, op="sub:katana"))
    assert value_of(page, "katana") == "abc"


def test_the_deck_is_grouped_by_kind_with_counts(as_alice):
    cards = {"katana": 3, "cotte-de-mailles": 2, "baume-de-soin": 3, "eclairs-1": 1, "attaque-sournoise": 2}
    page = live(as_alice, form(characters=KOTOBA, cards=cards))
    groups = re.findall(
        r'<tbody data-group="([^"]+)">\s*<tr class="group-head"><th[^>]*>([^<]+)'
        r'<span class="group-count">(\d+)',
        page,
    )
    assert [(g, label.strip(), int(n)) for g, label, n in groups] == [
        ("action", "Actions", 2),
        ("spell", "Spells", 1),
        ("item:weapon", "Weapons", 3),
        ("item:armor", "Armors and shields", 2),
        ("item:consumable", "Potions and scrolls", 3),
    ]


def test_card_names_link_to_their_page_and_preview_their_face(as_alice):
    page = live(as_alice, form(characters=KOTOBA, cards={"katana": 1}))
    assert re.search(
        r'<a href="/cards/katana/" class="card-link card-name" data-face="/cards/katana/face.svg\?lang=en',
        page,
    )
    assert re.search(
        r'<a href="/cards/amaya/" class="card-link char-link" data-face="/cards/amaya/face.svg', page
    )
    picker = as_alice.get("/decks/cards/?q=katana").content.decode()
    assert 'class="card-link card-name" data-face="/cards/katana/face.svg' in picker


def test_statistics_and_draw_odds(as_alice):
    # 20 cards, 3 Katanas: holding one by turn 1 (5 cards) is 1 - C(17,5)/C(20,5) = 60.09 %
    cards = {"katana": 3, "dague": 3, "fleau": 2, "baume-de-soin": 3, "cotte-de-mailles": 3, "bijou": 3,
             "amulette": 3}  # fmt: skip
    page = live(as_alice, form(characters=KOTOBA, cards=cards))
    assert '<section class="panel deck-stats"' in page
    row = re.search(r'<tr data-odds="card:katana"[^>]*>(.*?)</tr>', page, re.S)
    assert row is not None
    cells = re.findall(r'<td class="num">([^<]+)</td>', row.group(1))
    assert cells[0] == "3" and cells[1] == "60%"
    weapons = re.search(
        r'<tr data-stat="item:weapon"><th scope="row">Weapons</th>'
        r'<td class="num">(\d+)</td><td class="num">(\d+)%',
        page,
    )
    assert weapons is not None and weapons.groups() == ("8", "40")
    assert "Turn 1" in page and "5 cards" in page


def test_the_public_switch(as_alice, alice):
    mine = deck_create(owner=alice, name="Alice's", characters=KOTOBA, cards=deck())
    page = as_alice.get(f"/decks/{mine.pk}/").content.decode()
    assert "Make public" in page and 'id="share-url"' not in page
    response = as_alice.post(f"/decks/{mine.pk}/visibility/", {"public": "1"})
    assert response.status_code == 302
    mine.refresh_from_db()
    assert mine.is_public
    page = as_alice.get(f"/decks/{mine.pk}/").content.decode()
    assert "Make private" in page
    assert f'value="http://testserver/decks/{mine.pk}/public/"' in page
    as_alice.post(f"/decks/{mine.pk}/visibility/", {"public": "0"})
    mine.refresh_from_db()
    assert not mine.is_public
    assert mine.versions.count() == 1  # the switch records no version


def test_a_public_deck_opens_signed_out(client, alice, cards_db):
    shown = deck_create(owner=alice, name="Shared", characters=KOTOBA, cards=deck(katana=3), is_public=True)
    response = client.get(f"/decks/{shown.pk}/public/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "<h1>Shared</h1>" in page
    assert f"/accounts/login/?next=/decks/{shown.pk}/public/" in page  # copy: sign in first
    assert 'id="share-url"' in page and 'data-face="/cards/katana/face.svg' in page
    assert '<section class="panel deck-stats"' in page
    export = client.get(f"/decks/{shown.pk}/export/")
    assert export.status_code == 200 and "Katana" in export.content.decode()


def test_a_public_deck_is_copied_by_another_user(as_bob, alice):
    shown = deck_create(owner=alice, name="Shared", characters=KOTOBA, cards=deck(), is_public=True)
    page = as_bob.get(f"/decks/{shown.pk}/public/").content.decode()
    assert f'action="/decks/{shown.pk}/duplicate/"' in page
    response = as_bob.post(f"/decks/{shown.pk}/duplicate/")
    assert response.status_code == 302
    assert Deck.objects.filter(name="Shared (copy)", owner__username="bob").exists()


def test_a_private_deck_page_is_for_its_owner_only(as_alice, as_bob, alice):
    private = deck_create(owner=alice, name="Secret", characters=KOTOBA, cards=deck())
    page = as_alice.get(f"/decks/{private.pk}/public/").content.decode()
    assert "<strong>private</strong>" in page and 'id="share-url"' not in page
    assert as_bob.get(f"/decks/{private.pk}/public/").status_code == 404
    assert as_bob.post(f"/decks/{private.pk}/visibility/", {"public": "1"}).status_code == 404
    private.refresh_from_db()
    assert not private.is_public


def test_the_diff_of_two_versions_links_and_previews_its_cards(as_alice, alice):
    from decks.services import deck_update

    mine = deck_create(owner=alice, name="Versions", characters=KOTOBA, cards=deck())
    deck_update(deck=mine, cards=deck(katana=2), author=alice)
    page = as_alice.get(f"/decks/{mine.pk}/history/diff/?from=1&to=2").content.decode()
    assert 'href="/cards/katana/" class="card-link card-name" data-face="/cards/katana/face.svg' in page


def test_the_export_follows_the_chosen_card_language(client, alice, cards_db):
    shown = deck_create(
        owner=alice, name="Shared", characters=KOTOBA, cards=deck(eclairs_2=1), is_public=True
    )
    assert "1 Éclairs (niveau 2)" in client.get(f"/decks/{shown.pk}/export/").content.decode()
    client.cookies["card_lang"] = "en"
    text = client.get(f"/decks/{shown.pk}/export/").content.decode()
    assert "1 Lightning Bolts (level 2)" in text and "Iro the Duelist" in text
    client.cookies["card_lang"] = "fr"
    assert "1 Éclairs (niveau 2)" in client.get(f"/decks/{shown.pk}/export/").content.decode()
