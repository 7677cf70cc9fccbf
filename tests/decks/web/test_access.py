"""Who may see what: anonymous visitors are sent to sign in; another user's deck is "not found"
(never "forbidden"); a public deck of someone else is readable, not writable."""

from __future__ import annotations

import pytest

from decks.models import Deck
from decks.services import deck_create
from tests.decks.catalog import deck
from tests.decks.web.conftest import HX, KOTOBA, form

pytestmark = pytest.mark.django_db

GETS = [
    "/decks/",
    "/decks/new/",
    "/decks/cards/?q=kat",
    "/decks/{pk}/",
    "/decks/{pk}/delete/",
    "/decks/{pk}/history/",
]
POSTS = [
    "/decks/import/",
    "/decks/new/",
    "/decks/new/edit/",
    "/decks/{pk}/",
    "/decks/{pk}/edit/",
    "/decks/{pk}/duplicate/",
    "/decks/{pk}/delete/",
    "/decks/{pk}/visibility/",
]


@pytest.fixture
def bobs(cards_db, bob):
    return deck_create(owner=bob, name="Bob's secret", characters=KOTOBA, cards=deck(katana=3))


@pytest.mark.parametrize("url", GETS)
def test_anonymous_visitors_are_sent_to_sign_in(client, bobs, url):
    url = url.format(pk=bobs.pk)
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")


@pytest.mark.parametrize("url", POSTS)
def test_anonymous_posts_are_sent_to_sign_in_and_change_nothing(client, bobs, url):
    response = client.post(url.format(pk=bobs.pk), form(name="X", characters=KOTOBA))
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert Deck.objects.count() == 1


def test_an_htmx_request_after_the_session_ended_reloads_at_sign_in(client, bobs):
    response = client.post(
        "/decks/new/edit/", form(), HTTP_HX_CURRENT_URL="http://testserver/decks/new/", **HX
    )
    assert response.status_code == 200
    assert response["HX-Redirect"] == "/accounts/login/?next=%2Fdecks%2Fnew%2F"


@pytest.mark.parametrize("url", ["/decks/{pk}/export/", "/decks/{pk}/public/"])
def test_a_private_deck_is_not_found_signed_out(client, bobs, url):
    """The URLs open to anyone (for public decks) say "not found" for a private one."""
    response = client.get(url.format(pk=bobs.pk))
    assert response.status_code == 404
    assert "Bob&#x27;s secret" not in response.content.decode()


@pytest.mark.parametrize("url", [*GETS[3:], "/decks/{pk}/export/", "/decks/{pk}/public/"])
def test_another_users_private_deck_is_not_found(as_alice, bobs, url):
    response = as_alice.get(url.format(pk=bobs.pk))
    assert response.status_code == 404
    assert "Bob&#x27;s secret" not in response.content.decode()


@pytest.mark.parametrize("url", POSTS[3:])
def test_another_users_deck_cannot_be_changed(as_alice, bobs, url):
    response = as_alice.post(url.format(pk=bobs.pk), form(name="Stolen", characters=KOTOBA))
    assert response.status_code == 404
    fresh = Deck.objects.get(pk=bobs.pk)
    assert fresh.name == "Bob's secret"
    assert Deck.objects.count() == 1


def test_a_public_deck_of_someone_else_is_readable_not_writable(as_alice, bob, cards_db):
    shown = deck_create(owner=bob, name="Bob's public", characters=KOTOBA, cards=deck(), is_public=True)
    page = as_alice.get(f"/decks/{shown.pk}/")
    assert page.status_code == 200
    assert "A public deck of bob" in page.content.decode()
    assert as_alice.get(f"/decks/{shown.pk}/export/").status_code == 200
    assert as_alice.post(f"/decks/{shown.pk}/", form(name="Mine", characters=KOTOBA)).status_code == 404
    assert as_alice.get(f"/decks/{shown.pk}/delete/").status_code == 404


@pytest.mark.parametrize("pk", ["0", "99999999", str(2**63), "1" * 30])
def test_deck_ids_that_do_not_exist_are_not_found(as_alice, pk):
    assert as_alice.get(f"/decks/{pk}/").status_code == 404
    assert as_alice.post(f"/decks/{pk}/edit/", form(), **HX).status_code == 404


def test_the_not_found_page_is_html(as_alice):
    response = as_alice.get("/decks/424242/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_wrong_methods_are_refused(as_alice, bobs):
    assert as_alice.get("/decks/import/").status_code == 405
    assert as_alice.get("/decks/new/edit/").status_code == 405
    assert as_alice.post("/decks/cards/").status_code == 405
    assert as_alice.delete(f"/decks/{bobs.pk}/").status_code == 405
