"""Simulate a change between two versions of a deck (docs/lab.md "Deck versions"): a compare whose
entrants are versions of a deck (``{"deck": id, "version": n}``, characters may differ), through
the API and beside the diff of the two versions on the deck's history page."""

from __future__ import annotations

import html as htmllib
from typing import Any

import pytest

from decks.models import DeckVersion
from decks.services import deck_update
from simulator.error_codes import SimulationErrorCode as Code
from simulator.models import SimulationJob
from tests.simulator.conftest import own_copy_of_demo
from tests.simulator.test_compare_jobs import GARDE, GOLEMS, SABRE, finish_compare
from tests.simulator.web.test_pages import browser, demo, htmx_get

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_broker")]


def two_versions(owner: Any) -> Any:
    """Alice's copy of the Golems (v1), then v2: two Éclairs out, two Tornades in, and another
    level of Golemarlok (a character change)."""
    deck = own_copy_of_demo(owner, GOLEMS)
    cards = {dc.card.slug: dc.count for dc in deck.deck_cards.select_related("card")}
    cards["eclairs-1"] -= 2
    cards["tornade-1"] += 2
    characters = ["marlok-1", "golem-de-marlok-1", "golemarlok-1"]
    return deck_update(deck=deck, cards=cards, characters=characters, author=owner)


def test_a_compare_of_two_versions_through_the_api(cardset: None, alice: Any, client_for: Any) -> None:
    deck = two_versions(alice)
    assert list(DeckVersion.objects.filter(deck=deck).values_list("number", flat=True)) == [2, 1]
    assert deck.is_valid
    client = client_for(alice)
    response = client.post(
        "/api/simulations/",
        {
            "game": "eredan",
            "kind": "compare",
            "entrants": [{"deck": deck.pk, "version": 1}, {"deck": deck.pk, "version": 2}],
            # an opponent both versions sometimes beat and sometimes lose to (since the bundled
            # set's re-encoding the Golems win every game against the Garde: nothing to change)
            "field": [{"deck": SABRE}],
            "games": 40,
            "seed": 3,
            "chunk_size": 20,
        },
        format="json",
    )
    assert response.status_code == 202, response.json()
    body = response.json()
    base, variant = body["entrants"][:2]
    assert (base["deck"]["version"], variant["deck"]["version"]) == (1, 2)
    assert base["label"] == f"{deck.name} (v1)" and variant["label"] == f"{deck.name} (v2)"
    assert (
        base["deck"]["characters"][2] == "golemarlok-2" and variant["deck"]["characters"][2] == "golemarlok-1"
    )
    assert base["deck"]["cards"]["eclairs-1"] == 3 and variant["deck"]["cards"]["eclairs-1"] == 1
    assert not base["earns_experience"] and not variant["earns_experience"]
    job = finish_compare(SimulationJob.objects.get(pk=body["id"]))
    (difference,) = job.results["differences"]
    assert difference["games"] == 40 and difference["changed"] > 0
    # The same version twice: the same games, a difference of exactly 0.
    same = client.post(
        "/api/simulations/",
        {
            "game": "eredan",
            "kind": "compare",
            "entrants": [
                {"deck": deck.pk, "version": 1},
                {"deck": deck.pk, "version": 1, "label": "v1 again"},
            ],
            "field": [{"deck": GARDE}],
            "games": 20,
            "seed": 3,
        },
        format="json",
    ).json()
    (zero,) = finish_compare(SimulationJob.objects.get(pk=same["id"])).results["differences"]
    assert zero["estimate"] == 0.0 and zero["changed"] == 0


def test_versions_that_do_not_exist_are_refused(cardset: None, alice: Any, bob: Any, client_for: Any) -> None:
    deck = two_versions(alice)
    response = client_for(alice).post(
        "/api/simulations/",
        {
            "game": "eredan",
            "kind": "compare",
            "entrants": [{"deck": deck.pk, "version": 1}, {"deck": deck.pk, "version": 9}],
            "field": "demo",
            "games": 20,
        },
        format="json",
    )
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [
        ("entrants.1.version", Code.VERSION_NOT_FOUND)
    ]
    # A version is a deck's: not alone; someone else's deck is not found, whatever its versions.
    response = client_for(alice).post(
        "/api/simulations/",
        {"game": "eredan", "kind": "compare", "entrants": [{"version": 1}, {"deck": GOLEMS}], "games": 2},
        format="json",
    )
    assert response.status_code == 400 and response.json()["errors"][0]["field"].startswith("entrants.0")
    response = client_for(bob).post(
        "/api/simulations/",
        {
            "game": "eredan",
            "kind": "compare",
            "entrants": [{"deck": deck.pk, "version": 1}, {"deck": deck.pk, "version": 2}],
            "field": "demo",
            "games": 20,
        },
        format="json",
    )
    assert {(e["field"], e["code"]) for e in response.json()["errors"]} == {
        ("entrants.0.deck", Code.DECK_NOT_FOUND),
        ("entrants.1.deck", Code.DECK_NOT_FOUND),
    }


def test_the_measured_difference_shows_beside_the_diff(cardset: None, alice: Any, bob: Any) -> None:
    deck = two_versions(alice)
    client = browser(alice)
    diff = htmllib.unescape(client.get(f"/decks/{deck.pk}/history/diff/?from=1&to=2").content.decode())
    panel_url = f"/simulations/versions/{deck.pk}/?from=1&to=2"
    assert f'hx-get="{panel_url}"' in diff and "What changed" in diff
    panel = htmllib.unescape(htmx_get(client, f"/simulations/versions/{deck.pk}/", **{"from": 1, "to": 2}))
    assert "No simulation of this change yet" in panel and "Simulate v1 → v2" in panel
    response = client.post(
        f"/simulations/versions/{deck.pk}/start/",
        {"from": "1", "to": "2", "field": str(demo(GARDE).pk), "games": "40", "seed": "5"},
    )
    assert (
        response.status_code == 302 and response["Location"] == f"/decks/{deck.pk}/history/diff/?from=1&to=2"
    )
    job = SimulationJob.objects.get()
    assert [(e.role, e.deck_version) for e in job.entrants.order_by("index")] == [
        ("base", 1),
        ("variant", 2),
        ("field", None),
    ]
    running = htmllib.unescape(htmx_get(client, f"/simulations/versions/{deck.pk}/", **{"from": 1, "to": 2}))
    assert f'data-job="{job.pk}"' in running and "hx-trigger" in running  # followed while it runs
    job = finish_compare(job)
    done = htmllib.unescape(htmx_get(client, f"/simulations/versions/{deck.pk}/", **{"from": 1, "to": 2}))
    (d,) = job.results["differences"]
    shown = f"{d['estimate'] * 100:+.1f}".replace("-", "−")
    assert f'<td class="num sim-rate">{shown}</td>' in done and "hx-trigger" not in done
    # The other direction is another change (no simulation of it yet); bob cannot see alice's deck.
    back = htmllib.unescape(htmx_get(client, f"/simulations/versions/{deck.pk}/", **{"from": 2, "to": 1}))
    assert "No simulation of this change yet" in back
    assert browser(bob).get(f"/simulations/versions/{deck.pk}/?from=1&to=2").status_code == 404
    # A refused request says why, back on the diff.
    response = client.post(
        f"/simulations/versions/{deck.pk}/start/", {"from": "1", "to": "2", "games": "41"}, follow=True
    )
    assert "Nothing was started" in htmllib.unescape(response.content.decode())
