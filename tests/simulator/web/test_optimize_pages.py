"""The optimize pages (docs/lab.md "Optimizer", docs/pages.md): the form (refusals beside their
fields), the live progress of a search — its current best deck and the biased estimate — and its
outcome: the confirmed gain with its interval, the steps, the final deck and where it was saved."""

from __future__ import annotations

import html as htmllib
from typing import Any

import pytest

from cards.collection.services.collections import collection_create
from simulator.lab.optimize import Optimizer
from simulator.models import SimulationJob
from simulator.services.jobs import job_create
from simulator.services.requests import EntrantInput
from tests.simulator.test_optimize_jobs import GARDE, GOLEMS, SABRE, TINY, optimize_request, run_chunks
from tests.simulator.web.test_pages import browser, demo, field_error, htmx_get

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_broker")]

OPTIMIZE = "/simulations/optimize/"


def optimize_form(**extra: Any) -> dict[str, Any]:
    return {
        "first": str(demo(GOLEMS).pk),
        "field": [str(demo(GARDE).pk), str(demo(SABRE).pk)],
        "policy": "greedy",
        "budget": "40000",
        "seed": "5",
        "collection": "",
        "keep": "eclairs-1, marlok-1",
        **extra,
    }


def text(html: str) -> str:
    return htmllib.unescape(html)


def test_the_form_offers_decks_and_starts_a_search(cardset: None, alice: Any) -> None:
    client = browser(alice)
    page = client.get(OPTIMIZE).content.decode()
    assert "Deck to improve" in page and "Every public demo deck" in page and "Budget (games)" in page
    assert demo(GOLEMS).name in page
    response = client.post(OPTIMIZE, optimize_form(characters_may_change="on"))
    job = SimulationJob.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/simulations/{job.pk}/"
    assert (job.kind, job.games, job.seed) == ("optimize", 40_000, 5)
    assert job.search["keep"] == ["eclairs-1", "marlok-1"] and job.search["characters_may_change"] is True
    assert [e.role for e in job.entrants.order_by("index")] == ["base", "field", "field"]
    assert OPTIMIZE in client.get("/simulations/").content.decode()
    page = text(client.get(f"/simulations/{job.pk}/").content.decode())
    assert "40,000 games (the search's and the confirmation's)" in page and "eclairs-1, marlok-1" in page
    assert "Step 1: racing candidate moves" in page and "The best deck so far" in page


def test_refusals_are_shown_beside_their_fields(cardset: None, alice: Any, bob: Any) -> None:
    client = browser(alice)
    theirs = collection_create(owner=bob, name="Bob's")
    html = client.post(
        OPTIMIZE, optimize_form(budget="100", keep="katana-1", collection=str(theirs.pk))
    ).content.decode()
    assert "Nothing was started" in html
    assert "too small" in field_error(html, "budget")
    assert "only what the deck holds can be kept" in field_error(html, "keep")
    assert "No collection of yours" in field_error(html, "collection")
    html = client.post(OPTIMIZE, optimize_form(field=[], first="")).content.decode()
    assert "Choose the field" in field_error(html, "field")
    assert "Choose the deck" in field_error(html, "first")
    assert not SimulationJob.objects.exists()


def test_the_page_follows_the_search_then_shows_its_outcome(cardset: None, alice: Any) -> None:
    client = browser(alice)
    job = job_create(**optimize_request(alice, settings={**TINY, "accept_margin": -0.5}))
    job = run_chunks(job, until=lambda j: Optimizer.load(j.search_state["state"]).accepted)
    live = text(htmx_get(client, f"/simulations/{job.pk}/progress/"))
    assert "1 move accepted so far" in live and "The best deck so far" in live
    assert "biased upward" in live and "only the confirmation, at the end, is unbiased" in live
    assert "Changed from yours:" in live and "hx-get" in live  # still polled
    job = run_chunks(job)
    assert job.status == "done"
    final = text(htmx_get(client, f"/simulations/{job.pk}/progress/"))
    c = job.results["confirmation"]
    shown = f"{c['estimate'] * 100:+.1f}".replace("-", "−")
    assert f'Confirmed gain: <span class="sim-rate">{shown} points</span>' in final
    assert f"{c['games']} games per deck" in final and "The final deck" in final
    saved = job.results["saved_deck"]
    assert f'href="/decks/{saved["id"]}/"' in final and saved["name"] in final
    assert job.results["final_text"].split("\n")[1] in final  # the deck text (its first lines)
    assert "hx-get" not in final.split("</section>")[0]  # polling stops
    steps = job.results["steps"]
    assert final.count("<tr") == 1 + len(steps)


def test_a_cancelled_search_shows_its_best_deck_unconfirmed(cardset: None, alice: Any) -> None:
    client = browser(alice)
    job = job_create(**optimize_request(alice, settings={**TINY, "accept_margin": -0.5}))
    job = run_chunks(job, until=lambda j: Optimizer.load(j.search_state["state"]).accepted)
    response = client.post(f"/simulations/{job.pk}/cancel/")
    assert response.status_code == 302
    page = text(client.get(f"/simulations/{job.pk}/").content.decode())
    assert "No confirmation was played: the search was cancelled before it" in page
    assert "The final deck" in page and "Saved as your deck" in page
    assert SimulationJob.objects.get(pk=job.pk).status == "cancelled"
    # Cancelling again says it has ended.
    response = client.post(f"/simulations/{job.pk}/cancel/", follow=True)
    assert "has already ended" in text(response.content.decode())


def test_what_to_get_next_on_the_collection_page(cardset: None, alice: Any, bob: Any) -> None:
    from tests.simulator.conftest import own_copy_of_demo
    from tests.simulator.test_acquire_jobs import TINY as ACQUIRE_TINY
    from tests.simulator.test_acquire_jobs import collection_of

    deck = own_copy_of_demo(alice, GOLEMS)
    collection = collection_of(alice, deck)
    client = browser(alice)
    page = text(client.get(f"/collection/{collection.pk}/").content.decode())
    panel_url = f"/simulations/acquire/{collection.pk}/"
    assert f'hx-get="{panel_url}"' in page
    panel = text(htmx_get(client, panel_url))
    assert "What to get next" in panel and "Rank what to get" in panel and deck.name in panel
    assert browser(bob).get(panel_url).status_code == 404
    refused = client.post(
        f"{panel_url}start/", {"deck": str(deck.pk), "field": "demo", "budget": "10"}, follow=True
    )
    assert "Nothing was started" in text(refused.content.decode()) and not SimulationJob.objects.exists()
    # The page's form takes the default settings; a small ranking is started here as the API would.
    job = job_create(
        owner=alice,
        game="eredan",
        kind="acquire",
        entrants=[EntrantInput(deck=deck.pk)],
        field="demo",
        games=400,
        seed=2,
        collection_id=collection.pk,
        settings=ACQUIRE_TINY,
    )
    live = text(htmx_get(client, f"/simulations/{job.pk}/progress/"))
    assert f"Improving “{deck.name}”" in live and "racing each card's decks" in live
    job = run_chunks(job)
    done = text(client.get(f"/simulations/{job.pk}/").content.decode())
    first = job.results["ranking"][0]
    label = job.results["labels"][first["card"]]
    assert (
        f'<th scope="row">{label}</th>' in done
        and "games the search for the card's best deck never played" in done
    )
    panel = text(htmx_get(client, panel_url))
    assert f'data-job="{job.pk}"' in panel and f'<th scope="row">{label}</th>' in panel
    response = client.post(f"{panel_url}start/", {"deck": str(deck.pk), "field": "demo", "budget": "30000"})
    started = SimulationJob.objects.exclude(pk=job.pk).get()
    assert response.status_code == 302 and response["Location"] == f"/simulations/{started.pk}/"
    assert (started.kind, started.collection_id, started.games) == ("acquire", collection.pk, 30_000)
