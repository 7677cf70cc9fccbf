"""The deck history pages (docs/lab.md "Deck versions"): the versions with who, when and what
changed; the diff of two versions; restore is a new version; others' decks are "not found"."""

from __future__ import annotations

import re

import pytest

from decks.models import DeckVersion
from decks.services import deck_create, deck_update
from tests.decks.catalog import deck
from tests.decks.web.conftest import KOTOBA, form

pytestmark = pytest.mark.django_db


@pytest.fixture
def lames(cards_db, alice):
    d = deck_create(owner=alice, name="Lames", characters=KOTOBA, cards=deck(katana=3))
    deck_update(deck=d, cards=deck(katana=2, wakizashi=1), author=alice)
    return d


def test_saving_in_the_builder_records_a_version_by_its_author(as_alice, lames):
    response = as_alice.post(
        f"/decks/{lames.pk}/", form(name="Lames", characters=KOTOBA, cards=deck(katana=1))
    )
    assert response.status_code == 302
    latest = DeckVersion.objects.filter(deck=lames).order_by("-number").first()
    assert (latest.number, latest.author.username, latest.cards["katana"]) == (3, "alice", 1)


def test_the_builder_links_to_the_history(as_alice, lames):
    html = as_alice.get(f"/decks/{lames.pk}/").content.decode()
    assert f'href="/decks/{lames.pk}/history/"' in html


def test_history_lists_the_versions_newest_first(as_alice, lames):
    html = as_alice.get(f"/decks/{lames.pk}/history/").content.decode()
    assert re.findall(r'<tr data-version="(\d+)"', html) == ["2", "1"]
    assert "+1 Wakizashi, −1 Katana" in html
    assert "alice" in html and "current" in html


def test_diff_page_shows_both_versions_counts(as_alice, lames):
    html = as_alice.get(f"/decks/{lames.pk}/history/diff/?from=1&to=2").content.decode()
    katana = re.search(r'<tr class="fewer" data-card="katana">(.*?)</tr>', html, re.S)
    wakizashi = re.search(r'<tr class="added" data-card="wakizashi">(.*?)</tr>', html, re.S)
    assert katana and re.findall(r'<td class="num">([^<]+)</td>', katana.group(1)) == ["3", "2", "−1"]
    assert wakizashi and re.findall(r'<td class="num">([^<]+)</td>', wakizashi.group(1)) == ["0", "1", "+1"]
    assert f'action="/decks/{lames.pk}/history/1/restore/"' in html


def test_restore_from_the_page_is_a_new_version(as_alice, lames):
    response = as_alice.post(f"/decks/{lames.pk}/history/1/restore/")
    assert response.status_code == 302 and response["Location"] == f"/decks/{lames.pk}/history/"
    v3 = DeckVersion.objects.get(deck=lames, number=3)
    assert (v3.source, v3.restored_from, v3.cards) == ("restore", 1, deck(katana=3))
    again = as_alice.post(f"/decks/{lames.pk}/history/3/restore/", follow=True)
    assert "already holds version 3" in again.content.decode()
    assert DeckVersion.objects.filter(deck=lames).count() == 3


@pytest.mark.parametrize("url", ["history/", "history/diff/", "history/diff/?from=1&to=2"])
def test_someone_elses_history_is_not_found(as_bob, lames, url):
    assert as_bob.get(f"/decks/{lames.pk}/{url}").status_code == 404


def test_someone_else_cannot_restore(as_bob, lames):
    assert as_bob.post(f"/decks/{lames.pk}/history/1/restore/").status_code == 404
    assert DeckVersion.objects.filter(deck=lames).count() == 2


@pytest.mark.parametrize("query", ["?from=9&to=1", "?from=x", "?to=99999999999"])
def test_bad_or_missing_versions_are_not_found(as_alice, lames, query):
    assert as_alice.get(f"/decks/{lames.pk}/history/diff/{query}").status_code == 404


def test_anonymous_visitors_are_sent_to_sign_in(client, lames):
    assert client.get(f"/decks/{lames.pk}/history/").status_code == 302
    assert client.post(f"/decks/{lames.pk}/history/1/restore/").status_code == 302
