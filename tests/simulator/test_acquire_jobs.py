"""What to get next as a job (kind acquire, docs/lab.md "What to get next"): submitting (every
refusal at once), the ranking through the job machinery — the same whatever the chunking and
equal to the local runner's —, a deck to complete through the API. Real database, real Redis."""

from __future__ import annotations

from typing import Any

import pytest

from cards.collection.selectors import collection_owned_counts
from cards.collection.services.collections import collection_create
from cards.collection.services.copies import CopyRequest, copies_add
from eredan.errors import DomainErrors
from simulator import selectors
from simulator.error_codes import SimulationErrorCode as Code
from simulator.lab.acquire import run_acquire_local
from simulator.models import SimulationJob
from simulator.services.jobs import job_create
from simulator.services.optimize_requests import prepared_acquire_problem
from simulator.services.requests import EntrantInput, simulation_prepare
from tests.simulator.conftest import own_copy_of_demo
from tests.simulator.test_optimize_jobs import GARDE, GOLEMS, SABRE, run_chunks

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_broker")]

#: Three cards, two decks each raced on 20 games, evaluated on 60: 380 games.
TINY = {"cards": 3, "moves_per_card": 2, "first_round_games": 20, "evaluate_games": 60}


def collection_of(
    owner: Any, deck: Any, *, without: dict[str, int] | None = None, extra: dict[str, int] | None = None
) -> Any:
    """A collection of ``owner`` holding the copies of ``deck`` (less ``without``, plus ``extra``)."""
    collection = collection_create(owner=owner, name="Mine")
    slugs = list(deck.deck_characters.values_list("character__slug", flat=True))
    less = dict(without or {})
    for entry in deck.deck_cards.select_related("card"):
        slugs += [entry.card.slug] * (entry.count - less.get(entry.card.slug, 0))
    for slug, n in (extra or {}).items():
        slugs += [slug] * n
    copies_add(collection=collection, requests=[CopyRequest(slug=s) for s in slugs])
    return collection


def acquire_request(owner: Any, deck: Any, collection: Any, **kw: Any) -> dict[str, Any]:
    request: dict[str, Any] = {
        "owner": owner,
        "game": "eredan",
        "kind": "acquire",
        "entrants": [EntrantInput(deck=deck.pk)],
        "field": [EntrantInput(deck=GARDE), EntrantInput(deck=SABRE)],
        "games": 400,
        "seed": 9,
        "collection_id": collection.pk,
        "settings": TINY,
        "chunk_size": 60,
    }
    request.update(kw)
    return request


def test_every_problem_of_a_ranking_is_reported_at_once(cardset: None, alice: Any) -> None:
    with pytest.raises(DomainErrors) as caught:
        simulation_prepare(
            owner=alice,
            game="eredan",
            kind="acquire",
            entrants=[EntrantInput(deck=GOLEMS)],
            field="demo",
            games=100,
            characters_may_change=True,
            settings={"cards": 0, "candidates": 3},
        )
    assert {(e.field, e.code) for e in caught.value.errors} == {
        ("collection", Code.COLLECTION_REQUIRED),
        ("characters_may_change", Code.INVALID_SETTINGS),
        ("settings.cards", Code.INVALID_SETTINGS),
        ("settings.candidates", Code.INVALID_SETTINGS),
    }


def test_a_ranking_is_the_same_whatever_the_chunking_and_equals_the_local_runner(
    cardset: None, alice: Any
) -> None:
    deck = own_copy_of_demo(alice, GOLEMS)
    collection = collection_of(alice, deck)
    request = acquire_request(alice, deck, collection)
    small = run_chunks(job_create(**request), shuffle=2)
    large = run_chunks(job_create(**{**request, "chunk_size": 5_000}))
    assert (small.status, large.status) == ("done", "done") and small.chunks_done > large.chunks_done
    assert small.results == large.results
    results = small.results
    assert (
        results["kind"] == "acquire"
        and results["target"] == "improve"
        and results["collection"] == collection.pk
    )
    assert [r["rank"] for r in results["ranking"]] == [1, 2, 3]
    owned = collection_owned_counts(collection=collection)
    for r in results["ranking"]:
        assert r["owned"] == owned.get(r["card"], 0) and r["copies_to_get"] >= 1
        assert r["games"] == 60 and r["ci95"][0] <= r["estimate"] <= r["ci95"][1]
        assert r["card"] in results["labels"]
    assert (small.games_done, small.total_games) == (380, 380)
    prepared = simulation_prepare(**request)
    acquirer, state = run_acquire_local(prepared_acquire_problem(prepared), processes=1, chunk_games=7)
    local = selectors.acquire_results_document(
        game=prepared.game,
        options=prepared.options,
        seed=prepared.seed,
        entrants=prepared.entrants_json(),
        acquirer=acquirer,
        state=state,
        base_name=prepared.entrants[0].deck_name,
        collection=collection.pk,
    )
    assert {k: v for k, v in local.items() if k != "entrants"} == {
        k: v for k, v in results.items() if k not in ("entrants", "partial")
    }


def test_a_deck_to_complete_through_the_api(cardset: None, alice: Any, client_for: Any) -> None:
    deck = own_copy_of_demo(alice, GOLEMS)
    # Two Éclairs and the Tornade missing; spare copies to replace them with (a Baume de soin, two
    # Boules de feu).
    collection = collection_of(
        alice,
        deck,
        without={"eclairs-1": 2, "tornade-1": 1},
        extra={"baume-de-soin-1": 1, "boule-de-feu-1": 2},
    )
    response = client_for(alice).post(
        "/api/simulations/",
        {
            "game": "eredan",
            "kind": "acquire",
            "entrants": [{"deck": deck.pk}],
            "field": [{"deck": GARDE}],
            "games": 400,
            "seed": 4,
            "collection": collection.pk,
            "settings": TINY,
        },
        format="json",
    )
    assert response.status_code == 202, response.json()
    body = response.json()
    assert body["kind"] == "acquire" and body["search"]["phase"] in ("select", "evaluate")
    assert set(body["links"]) == {"cancel", "results"}
    job = run_chunks(SimulationJob.objects.get(pk=body["id"]))
    results = job.results
    assert results["target"] == "complete" and results["missing"] == {"eclairs-1": 2, "tornade-1": 1}
    assert {r["card"] for r in results["ranking"]} == {"eclairs-1", "tornade-1"} and results["unranked"] == []
    for r in results["ranking"]:
        assert r["deck"]["cards"] == deck_cards(deck)
        assert r["replacement"]["cards"].get(r["card"], 0) < r["deck"]["cards"][r["card"]]
    refused = client_for(alice).post(
        "/api/simulations/",
        {
            "game": "eredan",
            "kind": "acquire",
            "entrants": [{"deck": deck.pk}],
            "field": "demo",
            "games": 400,
            "settings": TINY,
        },
        format="json",
    )
    assert refused.status_code == 400
    assert [(e["field"], e["code"]) for e in refused.json()["errors"]] == [
        ("collection", "collection_required")
    ]


def deck_cards(deck: Any) -> dict[str, int]:
    return {dc.card.slug: dc.count for dc in deck.deck_cards.select_related("card")}


def test_the_command_prints_the_ranking_and_the_api_document(cardset: None, alice: Any) -> None:
    import io
    import json

    from django.core.management import CommandError, call_command

    deck = own_copy_of_demo(alice, GOLEMS)
    collection = collection_of(alice, deck)
    args = [
        str(deck.pk), "--user", "alice", "--collection", str(collection.pk), "--field", GARDE, SABRE,
        "--budget", "400", "--seed", "9", "--processes", "1",
        *[a for k, v in TINY.items() for a in ("--setting", f"{k}={v}")],
    ]  # fmt: skip
    out = io.StringIO()
    call_command("acquire", *args, "--json", stdout=out)
    results = json.loads(out.getvalue())
    job = run_chunks(job_create(**acquire_request(alice, deck, collection)))
    assert {k: v for k, v in results.items() if k not in ("entrants", "partial")} == {
        k: v for k, v in job.results.items() if k != "entrants"
    }
    text = io.StringIO()
    call_command("acquire", *args, stdout=text)
    lines = text.getvalue().splitlines()
    assert lines[0].startswith(f"what to get for {deck.name}: ")
    first = results["ranking"][0]
    label = results["labels"][first["card"]]
    row = next(line for line in lines if line.startswith(f"1. {label}"))
    assert f"{round(100 * first['estimate'], 1) + 0.0:+.1f} pp" in row
    with pytest.raises(CommandError, match=r"collection_required|the following arguments are required"):
        call_command("acquire", str(deck.pk), "--user", "alice", "--field", GARDE, "--budget", "400")
