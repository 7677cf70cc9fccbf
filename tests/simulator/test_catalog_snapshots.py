"""A job plays the card catalog it was submitted with (issue 20, must fix 5; docs/simulation.md
"The card catalog of a job"): staff renaming a card, changing its effects or a character's stats,
deleting a card — while the job runs — change nothing of its games; its records name the catalog
and replay against it; jobs and records from before snapshots still answer. Matchups, compares
and optimizes, chunks played in this process as the workers would (the worker processes:
tests/simulator/test_workers.py). Real database, real Redis (this area's db)."""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from cards.models import Card, CatalogSnapshot, Character, EvolutionFamily
from cards.services import card_save, catalog_version_bump, character_save, family_delete
from cards.snapshots import catalog_snapshot_cache_clear
from cards.specs import get_catalog
from decks.models import Deck
from simulator import selectors
from simulator.engine.batch import chunk_ranges
from simulator.error_codes import SimulationErrorCode as Code
from simulator.models import SimulationJob
from simulator.records import RecordError
from simulator.services.chunks import ChunkOutcome, chunk_run
from simulator.services.compares import compare_missing_chunks, compare_round_close
from simulator.services.jobs import job_create, job_dispatch
from simulator.services.optimizes import optimize_dispatch, optimize_missing_chunks
from simulator.services.records import record_verify
from simulator.services.requests import EntrantInput
from simulator.specs import batch_cache_clear, job_catalog_get, job_search_get

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_broker")]

GOLEMS, GARDE, SABRE = "zil-golems", "noz-garde-du-dragon", "kotoba-voie-du-sabre"
VERIFY = "/api/records/verify/"
#: A tiny optimize (tests/simulator/test_optimize_jobs.py has more): a few hundred games.
TINY = {
    "candidates": 2,
    "first_round_games": 10,
    "verify_games": 20,
    "min_confirm_games": 20,
    "confirm_share": 0.2,
    "patience": 1,
    "accept_margin": -0.5,
}


def staff_edits() -> None:
    """What staff may do while jobs run, through the services the admin and the API call: rename
    Katana and change its effects, make a character much weaker, and delete Kunai (after its only
    deck; the jobs keep their own snapshot of the decks)."""
    katana = Card.objects.get(slug="katana-1")
    card_save(
        card=katana,
        data={
            "name_en": "Renamed for this test",
            "name_fr": "Renommé pour ce test",
            "effects": [{"op": "modify", "stat": "attack", "amount": 9, "duration": "permanent"}],
        },
    )
    character_save(character=Character.objects.get(slug="iro-2"), data={"hp": 1})
    Deck.objects.filter(slug=SABRE).delete()
    family_delete(family=EvolutionFamily.objects.get(slug="kunai"))
    assert not Card.objects.filter(slug="kunai-1").exists()
    batch_cache_clear()  # a worker that never saw the job before: it builds everything afresh
    catalog_snapshot_cache_clear()


def without_deck_ids(results: Any) -> Any:
    """Results with the entrants' deck ids left out: the edits delete a deck (the job plays its
    snapshot of it, and its results then show no deck id)."""
    if isinstance(results, dict):
        return {k: without_deck_ids(v) for k, v in results.items() if k != "id"}
    if isinstance(results, list):
        return [without_deck_ids(v) for v in results]
    return results


def play(job: SimulationJob, *, after_first: Callable[[], None] | None = None) -> SimulationJob:
    """Play every chunk of a matchup here, calling ``after_first`` after its first chunk."""
    job_dispatch(job_id=job.pk)
    for i, c in enumerate(chunk_ranges(job.games, job.chunk_size, job.pairings.count())):
        assert chunk_run(job_id=job.pk, pairing=c.pairing, chunk=c.chunk) == ChunkOutcome.PLAYED
        if i == 0 and after_first is not None:
            after_first()
    job.refresh_from_db()
    return job


def matchup(owner: Any) -> SimulationJob:
    return job_create(
        owner=owner,
        game="eredan",
        entrants=[EntrantInput(deck=SABRE, policy="greedy"), EntrantInput(deck=GARDE, policy="greedy")],
        games=24,
        seed=11,
        chunk_size=6,
        record_games=3,
    )


def test_a_job_plays_the_cards_it_was_submitted_with_whatever_staff_edit(
    cardset: None, alice: Any, tmp_path: Path
) -> None:
    reference, edited = matchup(alice), matchup(alice)
    assert reference.catalog_snapshot_id == edited.catalog_snapshot_id is not None  # one row, shared
    assert CatalogSnapshot.objects.count() == 1
    snapshot = CatalogSnapshot.objects.get()
    assert edited.catalog_version == snapshot.digest
    reference = play(reference)
    edited = play(edited, after_first=staff_edits)
    assert (reference.status, edited.status) == ("done", "done"), edited.error
    assert without_deck_ids(edited.results) == without_deck_ids(reference.results)

    # Its records name the snapshot and replay against it: Kunai is gone from the database, Iro
    # has 1 HP and Katana another effect, but the games replay exactly.
    records = selectors.job_record_documents(job=edited)
    assert len(records) == 3 and records == selectors.job_record_documents(job=reference)
    for record in records:
        assert record["catalog"] == snapshot.digest
        assert any("kunai-1" in deck for deck in record["deals"][0]["decks"])
        replay = record_verify(record=record)
        assert dict(replay.result) == record["result"]
    # manage.py replay too.
    path = tmp_path / "games.json"
    path.write_text(json.dumps(records))
    out = io.StringIO()
    call_command("replay", str(path), "--quiet", stdout=out)
    assert out.getvalue().count("valid eredan record") == 3

    # The same record without the catalog it names is checked against the cards as they are now,
    # and the verdict says so.
    unnamed = {k: v for k, v in records[0].items() if k != "catalog"}
    with pytest.raises(RecordError) as caught:
        record_verify(record=unnamed)
    assert caught.value.code == "unknown_card" and "names no card catalog" in caught.value.message

    # A job submitted after the edits plays the cards as they are then: another snapshot.
    later = matchup(alice) if Deck.objects.filter(slug=SABRE).exists() else None
    assert later is None  # the deck is gone; a new job of the other deck gets the new catalog
    golems = job_create(
        owner=alice, game="eredan", entrants=[EntrantInput(deck=GOLEMS), EntrantInput(deck=GARDE)], games=2
    )
    assert golems.catalog_snapshot_id != snapshot.pk
    catalog = job_catalog_get(job=golems)
    assert catalog is not None and "kunai-1" not in catalog.cards
    assert catalog.cards["katana-1"].name_en == "Renamed for this test"


def test_the_verify_api_replays_a_record_against_the_catalog_it_names(
    cardset: None, alice: Any, client_for: Any
) -> None:
    job = play(matchup(alice), after_first=staff_edits)
    record = selectors.job_record_documents(job=job)[0]
    client = client_for()
    body = client.post(VERIFY, record, format="json").json()
    assert body["valid"] is True, body

    # The record API serves the record with its catalog; the verdict is the same.
    served = client_for(alice).get(f"/api/simulations/{job.pk}/records/0/0/").json()
    assert served["catalog"] == job.catalog_version
    assert client_for(alice).get(f"/api/simulations/{job.pk}/").json()["catalog"] == job.catalog_version
    assert client.post(VERIFY, served, format="json").json()["valid"] is True

    # A catalog this database does not hold: a verdict, not a guess.
    foreign = {**record, "catalog": "f" * 64}
    body = client.post(VERIFY, foreign, format="json").json()
    assert body["valid"] is False and body["error"]["code"] == "unknown_catalog", body
    assert body["error"]["path"] == "/catalog"
    # Not a digest at all: the record is malformed (400).
    response = client.post(VERIFY, {**record, "catalog": "katana"}, format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["code"] == "malformed"


def test_a_record_that_names_no_catalog_replays_against_the_cards_as_they_are(
    cardset: None, alice: Any
) -> None:
    job = play(matchup(alice))
    old = {k: v for k, v in selectors.job_record_documents(job=job)[0].items() if k != "catalog"}
    assert record_verify(record=old).game == "eredan"  # nothing changed: it replays


def test_a_job_from_before_snapshots_plays_while_the_cards_are_unchanged_and_fails_clearly_after(
    cardset: None, alice: Any
) -> None:
    job = matchup(alice)
    # As a job submitted before catalogs were snapshotted: the version token, no snapshot.
    SimulationJob.objects.filter(pk=job.pk).update(
        catalog_snapshot=None, catalog_version=get_catalog().version
    )
    job.refresh_from_db()
    job_dispatch(job_id=job.pk)
    assert chunk_run(job_id=job.pk, pairing=0, chunk=0) == ChunkOutcome.PLAYED
    catalog_version_bump()
    assert chunk_run(job_id=job.pk, pairing=0, chunk=1) == ChunkOutcome.FAILED
    job.refresh_from_db()
    assert (job.status, job.error_code) == ("failed", Code.CATALOG_CHANGED)
    # Its results and records are still shown (with the cards as they are now).
    assert selectors.job_results(job=job)["partial"] is True


# --- compares and optimizes -------------------------------------------------------------------------


def finish_compare(job: SimulationJob, *, edit: Callable[[], None] | None = None) -> SimulationJob:
    job_dispatch(job_id=job.pk)
    while True:
        job.refresh_from_db()
        if not job.is_active:
            return job
        missing = compare_missing_chunks(job)
        if not missing:
            compare_round_close(job_id=job.pk)
            continue
        for c in missing:
            assert chunk_run(job_id=job.pk, pairing=0, chunk=c.chunk) == ChunkOutcome.PLAYED
            if edit is not None:
                edit()
                edit = None


def test_a_compare_plays_the_cards_it_was_submitted_with(cardset: None, alice: Any) -> None:
    def compare() -> SimulationJob:
        return job_create(
            owner=alice,
            game="eredan",
            kind="compare",
            entrants=[
                EntrantInput(deck=GARDE),
                EntrantInput(swaps={"out": {"eclairs-2": 1}, "in": {"eclairs-1": 1}}),
            ],
            field=[EntrantInput(deck=SABRE), EntrantInput(deck=GOLEMS)],
            games=24,
            seed=3,
            chunk_size=6,
        )

    reference, edited = compare(), compare()
    reference = finish_compare(reference)
    edited = finish_compare(edited, edit=staff_edits)
    assert (reference.status, edited.status) == ("done", "done"), edited.error
    assert without_deck_ids(edited.results) == without_deck_ids(reference.results)


def run_search(job: SimulationJob, *, edit: Callable[[], None] | None = None) -> SimulationJob:
    """Play an optimize's chunks here, work after work, calling ``edit`` after its first chunk."""
    job_dispatch(job_id=job.pk)
    while True:
        job.refresh_from_db()
        if not job.is_active:
            return job
        catalog = job_catalog_get(job=job)
        assert catalog is not None
        missing = optimize_missing_chunks(job=job, optimizer=job_search_get(job=job, catalog=catalog))
        if not missing:
            optimize_dispatch(job=job)
            continue
        for c in missing:
            assert chunk_run(job_id=job.pk, pairing=0, chunk=c) == ChunkOutcome.PLAYED
            if edit is not None:
                edit()
                edit = None


def test_an_optimize_plays_the_cards_it_was_submitted_with(cardset: None, alice: Any) -> None:

    def optimize() -> SimulationJob:
        return job_create(
            owner=alice,
            game="eredan",
            kind="optimize",
            entrants=[EntrantInput(deck=GOLEMS)],
            field=[EntrantInput(deck=SABRE)],
            games=200,
            seed=7,
            settings=TINY,
            chunk_size=20,
        )

    reference, edited = optimize(), optimize()
    reference = run_search(reference)
    edited = run_search(edited, edit=staff_edits)
    assert (reference.status, edited.status) == ("done", "done"), edited.error
    # The deck each saved is named after its job; the rest is the same search.
    assert edited.results.pop("saved_deck") != reference.results.pop("saved_deck")
    assert without_deck_ids(edited.results) == without_deck_ids(reference.results)


def test_a_replay_of_an_edited_record_still_fails_on_the_edit(
    cardset: None, alice: Any, tmp_path: Path
) -> None:
    """Replaying against the snapshot is no blank cheque: the record is still checked."""
    job = play(matchup(alice))
    record = copy.deepcopy(selectors.job_record_documents(job=job)[0])
    record["result"]["scores"] = [s + 1 for s in record["result"]["scores"]]
    with pytest.raises(RecordError) as caught:
        record_verify(record=record)
    assert caught.value.code == "wrong_result"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    with pytest.raises(CommandError):
        call_command("replay", str(path), stdout=io.StringIO(), stderr=io.StringIO())


def test_an_optimize_whose_final_deck_names_a_deleted_card_still_ends(cardset: None, alice: Any) -> None:
    """The search played its snapshot; if staff deleted a card of its final deck meanwhile, that
    deck cannot be saved as a deck of the owner: the job still ends (no deck saved, no crash)."""
    from types import SimpleNamespace

    from simulator.lab.moves import Composition
    from simulator.lab.optimize import Optimizer
    from simulator.services.optimizes import _final_deck_save

    job = job_create(
        owner=alice,
        game="eredan",
        kind="optimize",
        entrants=[EntrantInput(deck=GOLEMS)],
        field=[EntrantInput(deck=SABRE)],
        games=200,
        seed=7,
        settings=TINY,
        chunk_size=20,
    )
    catalog = job_catalog_get(job=job)
    assert catalog is not None
    optimizer = job_search_get(job=job, catalog=catalog)
    assert isinstance(optimizer, Optimizer)
    start = optimizer.problem.start
    counts = dict(start.counts)
    dropped = next(iter(counts))
    counts[dropped] -= 1
    if not counts[dropped]:
        del counts[dropped]
    counts["kunai-1"] = 1  # in the snapshot, deleted below
    final = Composition.of(start.characters, counts)
    staff_edits()
    decks = Deck.objects.filter(owner=alice).count()
    assert _final_deck_save(job, optimizer, SimpleNamespace(incumbent=final)) is None
    assert Deck.objects.filter(owner=alice).count() == decks
