"""My collection (/collection/): copies with XP and progress, and the actions — evolve, apply an XP
card, add, remove. Refusals are the services' (the API's) messages, shown beside the copy, and change
nothing; someone else's collection or copy is a 404; anonymous visitors are sent to sign in."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from cards.collection.models import Collection, OwnedCopy
from cards.collection.services import copies
from cards.collection.services.collections import collection_create
from cards.collection.services.copies import CopyRequest, copies_add
from tests.cards.web.conftest import add_copy, default_collection, element, text_of

pytestmark = pytest.mark.django_db


def url(copy: OwnedCopy, action: str) -> str:
    return f"/collection/{copy.collection_id}/copies/{copy.pk}/{action}/"


def htmx(client: Client, path: str, data: dict[str, str] | None = None) -> Any:
    return client.post(path, data or {}, headers={"HX-Request": "true"})


def fresh(copy: OwnedCopy) -> OwnedCopy:
    return OwnedCopy.objects.select_related("card", "character").get(pk=copy.pk)


# --- who may see what -----------------------------------------------------------------------------


def test_anonymous_visitors_are_sent_to_sign_in(mini: Any, client: Client, alice: Any) -> None:
    response = client.get("/collection/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/collection/"
    copy = add_copy(alice, "telendar", xp=200)
    response = client.post(url(copy, "evolve"))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert fresh(copy).character.slug == "telendar"  # nothing happened


def test_someone_elses_collection_or_copy_is_a_404(
    mini: Any, alice: Any, bob: Any, alice_client: Client
) -> None:
    mine = add_copy(alice, "telendar", xp=200)
    theirs = add_copy(bob, "telendar", xp=200)
    bobs_xp = add_copy(bob, "parchemin-xp")
    assert alice_client.get(f"/collection/{theirs.collection_id}/").status_code == 404
    # bob's copy under alice's collection, and under bob's collection
    assert (
        alice_client.post(f"/collection/{mine.collection_id}/copies/{theirs.pk}/evolve/").status_code == 404
    )
    assert alice_client.post(url(theirs, "evolve")).status_code == 404
    assert alice_client.post(url(theirs, "remove")).status_code == 404
    assert (
        alice_client.post(
            f"/collection/{theirs.collection_id}/add/", {"card": "iro", "count": "1"}
        ).status_code
        == 404
    )
    # bob's XP card fed to alice's copy
    assert alice_client.post(url(mine, "xp"), {"xp_card": str(bobs_xp.pk)}).status_code == 404
    assert alice_client.get("/collection/", {"collection": str(theirs.collection_id)}).status_code == 404
    # nothing changed on either side
    assert fresh(theirs).character.slug == "telendar" and fresh(mine).xp == 200
    assert OwnedCopy.objects.filter(pk=bobs_xp.pk).exists()
    assert OwnedCopy.objects.filter(collection__owner=bob).count() == 2


def test_staff_see_only_their_own_collections_here(
    mini: Any, alice: Any, bob: Any, alice_client: Client
) -> None:
    alice.is_staff = True
    alice.save()
    theirs = add_copy(bob, "telendar")
    assert alice_client.get(f"/collection/{theirs.collection_id}/").status_code == 404


def test_a_missing_copy_is_a_404(mini: Any, alice: Any, alice_client: Client) -> None:
    copy = add_copy(alice, "telendar")
    assert alice_client.post(f"/collection/{copy.collection_id}/copies/999999/evolve/").status_code == 404


def test_actions_only_answer_post(mini: Any, alice: Any, alice_client: Client) -> None:
    copy = add_copy(alice, "telendar", xp=200)
    for action in ("evolve", "xp", "remove"):
        assert alice_client.get(url(copy, action)).status_code == 405
    assert alice_client.get("/collection/add/").status_code == 405


# --- the page -------------------------------------------------------------------------------------


def test_a_new_player_sees_how_to_start_and_nothing_is_created(
    mini: Any, alice: Any, alice_client: Client
) -> None:
    response = alice_client.get("/collection/")
    assert response.status_code == 200
    assert "You have no collection yet" in response.content.decode()
    assert not Collection.objects.filter(owner=alice).exists()


def test_each_copy_shows_its_xp_and_progress_to_the_next_level(
    mini: Any, alice: Any, alice_client: Client
) -> None:
    """docs/rules/eredan.md §1 Experience — level 1 ends at 160 XP (cumulative)."""
    halfway = add_copy(alice, "telendar", xp=120)
    ready = add_copy(alice, "telendar", xp=160)
    last = add_copy(alice, "telendar-2", xp=480)  # last level of its family
    html = alice_client.get("/collection/").content.decode()
    row = element(html, f"copy-{halfway.pk}")
    assert "120 XP / 160 · 40 more to level 2" in text_of(row)
    assert '<progress class="progress" max="100" value="75"' in row
    row = element(html, f"copy-{ready.pk}")
    assert "ready to evolve" in text_of(row) and '<progress class="progress" max="100" value="100"' in row
    row = element(html, f"copy-{last.pk}")
    assert "last level of its family" in text_of(row)
    assert "Evolve" not in row and "<progress" not in row


def test_xp_cards_are_offered_to_copies_that_gain_xp_only(
    mini: Any, alice: Any, alice_client: Client
) -> None:
    telendar = add_copy(alice, "telendar")
    first = add_copy(alice, "parchemin-xp")
    add_copy(alice, "parchemin-xp")
    html = alice_client.get("/collection/").content.decode()
    row = element(html, f"copy-{telendar.pk}")
    assert f'<option value="{first.pk}">+50 XP ×2</option>' in row
    xp_row = element(html, f"copy-{first.pk}")
    assert "XP card: gives 50 XP" in text_of(xp_row)
    assert 'name="xp_card"' not in xp_row and "Evolve" not in xp_row


def test_the_kind_filter_and_the_pages(mini: Any, alice: Any, alice_client: Client) -> None:
    collection = default_collection(alice)
    copies_add(collection=collection, requests=[CopyRequest("katana", 55)])
    character = add_copy(alice, "iro")
    html = alice_client.get("/collection/", {"kind": "character"}).content.decode()
    assert re.findall(r'id="copy-(\d+)"', html) == [str(character.pk)]
    first = alice_client.get("/collection/").content.decode()
    assert len(re.findall(r'id="copy-\d+"', first)) == 50 and "Page 1 of 2" in first
    assert f'href="/collection/{collection.pk}/?page=2"' in first
    second = alice_client.get(f"/collection/{collection.pk}/", {"page": "2"}).content.decode()
    assert len(re.findall(r'id="copy-\d+"', second)) == 6


def test_the_collection_switcher(mini: Any, alice: Any, alice_client: Client) -> None:
    default_collection(alice)
    other = collection_create(owner=alice, name="Trade binder")
    html = alice_client.get("/collection/").content.decode()
    assert "Trade binder (0 copies)" in html
    response = alice_client.get("/collection/", {"collection": str(other.pk)})
    assert response.status_code == 302 and response["Location"] == f"/collection/{other.pk}/"
    assert "Trade binder" in alice_client.get(f"/collection/{other.pk}/").content.decode()
    assert alice_client.get("/collection/", {"collection": "x"}).status_code == 404


# --- evolve -------------------------------------------------------------------------------------------


def test_evolve_at_the_threshold(mini: Any, alice: Any, alice_client: Client) -> None:
    """docs/rules/eredan.md §1 Experience — at the threshold exactly, the copy evolves, keeping its XP."""
    copy = add_copy(alice, "eclairs", xp=160)
    response = alice_client.post(url(copy, "evolve"), {"kind": "card", "page": "1"})
    assert response.status_code == 302
    assert response["Location"] == f"/collection/{copy.collection_id}/?kind=card"
    after = fresh(copy)
    assert after.card.slug == "eclairs-2" and after.xp == 160
    page = alice_client.get(response["Location"]).content.decode()
    assert "Lightning evolved to level 2." in page
    assert "160 XP / 480 · 320 more to level 3" in text_of(element(page, f"copy-{copy.pk}"))


def test_a_refused_evolution_shows_the_apis_message_beside_the_copy(
    mini: Any, alice: Any, alice_client: Client
) -> None:
    copy = add_copy(alice, "telendar", xp=159)
    other = add_copy(alice, "iro")
    response = alice_client.post(url(copy, "evolve"))
    assert response.status_code == 200  # the page again, the refusal in it (REFUSED_STATUS)
    html = response.content.decode()
    api = alice_client.post(
        f"/api/collections/{copy.collection_id}/evolve/", {"copy": copy.pk}, content_type="application/json"
    )
    (error,) = api.json()["errors"]
    assert error["code"] == "not_enough_xp"
    row = element(html, f"copy-{copy.pk}")
    assert error["message"] in row  # "Telendar: This copy has 159 XP; … needs 160 (1 more)."
    assert 'role="alert"' in row
    assert error["message"] not in element(html, f"copy-{other.pk}")
    assert fresh(copy).character.slug == "telendar" and fresh(copy).xp == 159


def test_evolving_the_last_level_is_refused(mini: Any, alice: Any, alice_client: Client) -> None:
    copy = add_copy(alice, "eclairs-3", xp=5000)
    response = alice_client.post(url(copy, "evolve"))
    assert response.status_code == 200  # the page again, the refusal in it (REFUSED_STATUS)
    assert "Level 3 is the last level of its family." in element(response.content.decode(), f"copy-{copy.pk}")


def test_htmx_gets_the_updated_list_with_the_notice(mini: Any, alice: Any, alice_client: Client) -> None:
    copy = add_copy(alice, "telendar", xp=170)
    response = htmx(alice_client, url(copy, "evolve"))
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="collection-body"')
    assert "<html" not in html
    assert "Telendar evolved to level 2" in html
    assert "170 XP · last level of its family" in text_of(element(html, f"copy-{copy.pk}"))


def test_htmx_refusal_is_the_part_with_the_message(mini: Any, alice: Any, alice_client: Client) -> None:
    copy = add_copy(alice, "telendar", xp=10)
    response = htmx(alice_client, url(copy, "evolve"))
    assert response.status_code == 200  # the page again, the refusal in it (REFUSED_STATUS)
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="collection-body"')
    assert "needs 160 (150 more)" in element(html, f"copy-{copy.pk}")


def test_a_refusal_for_a_copy_on_another_page_still_shows(
    mini: Any, alice: Any, alice_client: Client
) -> None:
    copy = add_copy(alice, "telendar", xp=10)
    response = alice_client.post(url(copy, "evolve"), {"kind": "card"})  # the list shows cards only
    assert response.status_code == 200  # the page again, the refusal in it (REFUSED_STATUS)
    assert f"Copy #{copy.pk}: Telendar: This copy has 10 XP" in response.content.decode()


# --- XP cards -------------------------------------------------------------------------------------------


def test_apply_an_xp_card(mini: Any, alice: Any, alice_client: Client) -> None:
    """docs/rules/eredan.md §1 Experience — consuming a "+N XP" card gives its XP to a copy."""
    target = add_copy(alice, "telendar", xp=120)
    xp_card = add_copy(alice, "parchemin-xp")
    response = htmx(alice_client, url(target, "xp"), {"xp_card": str(xp_card.pk)})
    assert response.status_code == 200
    html = response.content.decode()
    assert "+50 XP used on Telendar: +50 XP, 170 XP now." in html
    assert "ready to evolve" in text_of(element(html, f"copy-{target.pk}"))
    assert f'id="copy-{xp_card.pk}"' not in html
    assert fresh(target).xp == 170 and not OwnedCopy.objects.filter(pk=xp_card.pk).exists()


@pytest.mark.parametrize(
    ("target_slug", "fed_slug", "message"),
    [
        ("telendar", "katana", "Katana is not an XP card."),
        ("parchemin-xp", "parchemin-xp", "An XP card cannot be fed to another XP card."),
    ],
)
def test_a_refused_xp_card_changes_nothing(
    mini: Any, alice: Any, alice_client: Client, target_slug: str, fed_slug: str, message: str
) -> None:
    target = add_copy(alice, target_slug, xp=0)
    fed = add_copy(alice, fed_slug)
    response = alice_client.post(url(target, "xp"), {"xp_card": str(fed.pk)})
    assert response.status_code == 200  # the page again, the refusal in it (REFUSED_STATUS)
    assert message in element(response.content.decode(), f"copy-{target.pk}")
    assert fresh(target).xp == 0 and OwnedCopy.objects.filter(pk=fed.pk).exists()


def test_a_refused_xp_card_keeps_the_choice(mini: Any, alice: Any, alice_client: Client) -> None:
    target = add_copy(alice, "telendar")
    add_copy(alice, "parchemin-xp")
    katana = add_copy(alice, "katana")
    html = alice_client.post(url(target, "xp"), {"xp_card": str(katana.pk)}).content.decode()
    # the katana is not among the XP cards offered: what was chosen is reported, nothing is lost
    assert "Katana is not an XP card." in element(html, f"copy-{target.pk}")
    assert OwnedCopy.objects.filter(collection__owner=alice).count() == 3


@pytest.mark.parametrize("value", ["", "abc", "0"])
def test_a_bad_xp_card_value_is_refused_beside_the_copy(
    mini: Any, alice: Any, alice_client: Client, value: str
) -> None:
    target = add_copy(alice, "telendar")
    response = alice_client.post(url(target, "xp"), {"xp_card": value})
    assert response.status_code == 200  # the page again, the refusal in it (REFUSED_STATUS)
    assert 'role="alert"' in element(response.content.decode(), f"copy-{target.pk}")


# --- add and remove -------------------------------------------------------------------------------------


def test_adding_the_first_copies_creates_the_default_collection(
    mini: Any, alice: Any, alice_client: Client
) -> None:
    response = alice_client.post("/collection/add/", {"card": "telendar", "count": "2"})
    assert response.status_code == 302
    collection = Collection.objects.get(owner=alice)
    assert collection.is_default and collection.name == "My collection"
    assert response["Location"] == f"/collection/{collection.pk}/"
    assert OwnedCopy.objects.filter(collection=collection, character__slug="telendar").count() == 2
    assert (
        "Added 2 copies of Telendar to My collection."
        in alice_client.get(response["Location"]).content.decode()
    )


@pytest.mark.parametrize(
    ("typed", "slug"),
    [("Télendar", "telendar"), ("ÉCLAIRS", "eclairs"), ("eclairs-2", "eclairs-2"), ("Lightning", "eclairs")],
)
def test_a_copy_is_named_by_slug_or_name(
    mini: Any, alice: Any, alice_client: Client, typed: str, slug: str
) -> None:
    collection = default_collection(alice)
    response = alice_client.post(f"/collection/{collection.pk}/add/", {"card": typed, "count": "1"})
    assert response.status_code == 302
    (copy,) = OwnedCopy.objects.filter(collection=collection).select_related("card", "character")
    assert copy.item.slug == slug


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"card": "no-such-card", "count": "1"},
            "No card or character is named &#x27;no-such-card&#x27; or has that slug.",
        ),
        ({"card": "iro", "count": "0"}, "Ensure this value is greater than or equal to 1."),
        ({"card": "iro", "count": "1001"}, "Ensure this value is less than or equal to 1000."),
        ({"card": "", "count": "1"}, "This field is required."),
    ],
)
def test_a_refused_add_keeps_what_was_typed(
    mini: Any, alice: Any, alice_client: Client, data: dict[str, str], message: str
) -> None:
    response = htmx(alice_client, "/collection/add/", data)
    assert response.status_code == 200  # the page again, the refusal in it (REFUSED_STATUS)
    html = response.content.decode()
    assert message in html
    assert f'value="{data["card"]}"' in html and f'value="{data["count"]}"' in html
    assert 'aria-invalid="true"' in html
    assert not OwnedCopy.objects.exists()


def test_the_collection_size_limit_is_the_services(
    mini: Any, alice: Any, alice_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(copies, "MAX_COPIES_PER_COLLECTION", 2)
    add_copy(alice, "iro")
    response = alice_client.post("/collection/add/", {"card": "iro", "count": "2"})
    assert response.status_code == 200  # the page again, the refusal in it (REFUSED_STATUS)
    assert "would pass the limit of 2" in response.content.decode()
    assert OwnedCopy.objects.filter(collection__owner=alice).count() == 1


def test_remove_a_copy(mini: Any, alice: Any, alice_client: Client) -> None:
    copy = add_copy(alice, "iro", xp=30)
    keep = add_copy(alice, "iro")
    response = htmx(alice_client, url(copy, "remove"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Removed one copy of Iro (30 XP)." in html
    assert f'id="copy-{copy.pk}"' not in html and f'id="copy-{keep.pk}"' in html
    assert not OwnedCopy.objects.filter(pk=copy.pk).exists()


def test_the_number_of_queries_does_not_grow_with_the_copies(
    mini: Any, alice: Any, alice_client: Client
) -> None:
    collection = default_collection(alice)
    add_copy(alice, "parchemin-xp")
    counts = []
    for slug in ("telendar", "eclairs"):
        copies_add(collection=collection, requests=[CopyRequest(slug, 20)])
        alice_client.get("/collection/")  # the catalog and the suggestions are cached per catalog version
        with CaptureQueriesContext(connection) as queries:
            response = alice_client.get("/collection/")
        counts.append((len(re.findall(r'id="copy-\d+"', response.content.decode())), len(queries)))
    assert [n for n, _ in counts] == [21, 41]
    assert counts[0][1] == counts[1][1]


@pytest.mark.parametrize(
    ("query", "message"),
    [({"kind": "spell"}, "Show: Select a valid choice."), ({"page": "x"}, "Page: Enter a whole number.")],
)
def test_a_bad_list_query_is_refused_saying_so(
    mini: Any, alice: Any, alice_client: Client, query: dict[str, str], message: str
) -> None:
    copy = add_copy(alice, "iro")
    response = alice_client.get("/collection/", query)
    assert response.status_code == 200  # the page again, the refusal in it (REFUSED_STATUS)
    html = response.content.decode()
    assert message in html
    assert f'id="copy-{copy.pk}"' in html  # the list is still shown, unfiltered


def test_the_action_forms_carry_their_csrf_token(mini: Any, alice: Any) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    copy = add_copy(alice, "telendar", xp=200)
    assert client.post(url(copy, "evolve")).status_code == 403  # no token: refused, nothing done
    assert fresh(copy).character.slug == "telendar"
    html = client.get("/collection/").content.decode()
    form = re.search(rf'<form method="post" action="{re.escape(url(copy, "evolve"))}".*?</form>', html, re.S)
    assert form is not None
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.group(0))
    assert token is not None
    assert client.post(url(copy, "evolve"), {"csrfmiddlewaretoken": token.group(1)}).status_code == 302
    assert fresh(copy).character.slug == "telendar-2"


def test_an_xp_card_is_not_offered_to_a_copy_at_its_last_level_and_is_refused(
    mini: Any, alice: Any, alice_client: Client
) -> None:
    """Issue 19 §5: a copy that can never evolve again would lose the XP; the page offers no XP
    card there, and a posted one is refused beside the copy, the XP card kept."""
    katana = add_copy(alice, "katana")
    xp_card = add_copy(alice, "parchemin-xp")
    row = element(alice_client.get("/collection/").content.decode(), f"copy-{katana.pk}")
    assert 'name="xp_card"' not in row and "can never evolve again" in text_of(row)
    response = htmx(alice_client, url(katana, "xp"), {"xp_card": str(xp_card.pk)})
    row = element(response.content.decode(), f"copy-{katana.pk}")
    assert "Katana is at the last level of its family and can never evolve again" in text_of(row)
    assert 'role="alert"' in row
    assert fresh(katana).xp == 0 and OwnedCopy.objects.filter(pk=xp_card.pk).exists()


def test_a_refused_count_is_the_focus_after_the_swap(mini: Any, alice: Any, alice_client: Client) -> None:
    """Issue 19 §5: a refused Add (0 copies) marks its message as the place for the focus."""
    response = htmx(alice_client, "/collection/add/", {"card": "telendar", "count": "0"})
    html = response.content.decode()
    match = re.search(r'<ul class="errorlist" id="id_count_error"[^>]*>', html)
    assert match is not None and "data-focus" in match.group(0) and 'tabindex="-1"' in match.group(0)
