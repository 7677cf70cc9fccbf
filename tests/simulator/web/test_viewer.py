"""The game viewer (docs/pages.md "The game viewer"): a simulation's recorded game (the owner
only) and an uploaded record file (anyone), stepped through board by board; the boards come from
the replay through the engine (simulator/records/boards.py)."""

from __future__ import annotations

import copy
import html as htmllib
import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from simulator.limits import MAX_RECORD_BYTES
from simulator.models import GameRecord
from simulator.records import replay_record
from simulator.records.boards import view_record
from simulator.services.jobs import job_create
from simulator.services.requests import EntrantInput
from tests.simulator.conftest import finish_job
from tests.simulator.records.recorded import hand_written, play
from tests.simulator.test_records_api import broken, cribbage_record, ecarte_job

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_broker")]

UPLOAD = "/records/view/"


def browser(user: Any | None = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def text(response: Any) -> str:
    return htmllib.unescape(response.content.decode())


def upload(client: Client, content: bytes, name: str = "game.json") -> Any:
    return client.post(UPLOAD, {"record": SimpleUploadedFile(name, content, "application/json")})


def view(client: Client, record: Any, query: str = "") -> Any:
    """Upload ``record`` and open the viewer (at ``query``)."""
    response = upload(client, json.dumps(record).encode())
    assert response.status_code == 302, text(response)[:2000]
    return client.get(UPLOAD + query)


# --- pure: the boards -------------------------------------------------------------------------


def _replay(record: Any, observe: Any) -> Any:
    return replay_record(record, observe=observe)


def test_boards_follow_the_replay_step_by_step() -> None:
    record = hand_written("cribbage_short")
    viewing = view_record(record, lambda *, record, observe: _replay(record, observe))
    assert viewing.valid
    actions = sum(len(d["actions"]) for d in record["deals"])
    assert len(viewing.steps) == actions + 1  # the start, then one board per action
    start, first = viewing.steps[0], viewing.steps[1]
    assert start.board["crib"] == [] and first.board["crib"] == ["9C", "TD"]
    assert first.label == "deal 1, action 1: seat 1 discard TD 9C"
    assert viewing.first_step(deal=2) == len(record["deals"][0]["actions"]) + 1
    assert viewing.step_at(10_000) is viewing.steps[-1]


def test_an_illegal_action_stops_the_boards_there() -> None:
    bad = broken(cribbage_record())
    viewing = view_record(bad, lambda *, record, observe: _replay(record, observe))
    assert not viewing.valid and viewing.error is not None
    assert viewing.error.code == "illegal_action"
    assert viewing.steps[-1].action == viewing.error.action - 1 if viewing.error.action else True


def test_not_a_record_has_no_boards() -> None:
    viewing = view_record({"format": "x"}, lambda *, record, observe: _replay(record, observe))
    assert viewing.steps == [] and viewing.error is not None
    assert viewing.error.code == "unsupported_format"


# --- a simulation's recorded games ----------------------------------------------------------------


def test_eredan_recorded_game_in_the_viewer(cardset: None, alice: Any, bob: Any) -> None:
    job = finish_job(
        job_create(
            owner=alice,
            game="eredan",
            entrants=[EntrantInput(deck="zil-golems"), EntrantInput(deck="noz-garde-du-dragon")],
            games=2,
            seed=2,
            chunk_size=2,
            policy="random",
            record_games=1,
        )
    )
    row = GameRecord.objects.get(job=job, index=0)
    url = f"/simulations/{job.pk}/records/{row.pairing.index}/0/"
    page = browser(alice).get(url)
    assert page.status_code == 200
    body = text(page)
    assert "Valid record" in body and "Start of the game" in body
    first = row.record["deals"][0]["characters"][0][0]
    assert f'href="/cards/{first}/"' in body  # the line of characters links to the cards
    assert "untapped" in body and "HP" in body
    hand = row.record["deals"][0]["decks"][0][0]  # the top card of seat 0's deck starts in its hand
    assert f'href="/cards/{hand}/"' in body
    # Forward: the first action is told, and the board moves on.
    step1 = text(browser(alice).get(url + "?step=1"))
    assert "action 1: seat" in step1 and "Step 1 of" in step1
    # Jump to turn 2.
    turn2 = text(browser(alice).get(url + "?turn=2"))
    assert "Turn 2 ·" in turn2
    # The owner only: anyone else, and anyone signed out, never sees it.
    assert browser(bob).get(url).status_code == 404
    assert browser().get(url).status_code == 302  # to the sign-in page
    assert browser(alice).get(f"/simulations/{job.pk}/records/{row.pairing.index}/99/").status_code == 404


def test_ecarte_recorded_game_in_the_viewer(alice: Any, bob: Any) -> None:
    job = finish_job(ecarte_job(alice, record_games=1))
    row = GameRecord.objects.filter(job=job).order_by("pairing__index", "index").first()
    assert row is not None
    url = f"/simulations/{job.pk}/records/{row.pairing.index}/{row.index}/"
    body = text(browser(alice).get(url))
    assert "Valid record" in body and "Trump:" in body and "Jump to deal" in body
    # The job's page links to its recorded games in the viewer.
    assert f'href="{url}"' in text(browser(alice).get(f"/simulations/{job.pk}/"))
    assert browser(bob).get(url).status_code == 404
    assert browser(bob).get(f"/simulations/{job.pk + 1000}/records/0/0/").status_code == 404


# --- uploaded records -------------------------------------------------------------------------


def test_the_upload_form_is_open_to_anyone() -> None:
    page = browser().get(UPLOAD)
    assert page.status_code == 200 and 'type="file"' in text(page)


def test_an_uploaded_cribbage_record_steps_through_the_board() -> None:
    client = browser()
    record = hand_written("cribbage_short")
    body = text(view(client, record))
    assert "Valid record" in body and "Count:" in body and "Jump to deal" in body
    step3 = text(client.get(UPLOAD + "?step=3"))  # after the two discards and the first play
    assert "Count: <strong data-count>7</strong>" in step3
    deal2 = text(client.get(UPLOAD + "?deal=2"))
    assert "deal 2, action 1" in deal2


def test_an_uploaded_ecarte_record_shows_hands_trump_and_tricks() -> None:
    client = browser()
    body = text(view(client, hand_written("ecarte_short"), "?step=3"))
    assert "Trump:" in body and "Tricks won" in body


def test_an_uploaded_crapette_record_shows_the_piles() -> None:
    _, record, _ = play("crapette", 3, "planner", "random", stock_size=8)
    client = browser()
    body = text(view(client, record, "?step=2"))
    assert "Valid record" in body and "Central piles" in body and "Help piles" in body


def test_an_uploaded_illegal_record_names_the_action_and_rule() -> None:
    body = text(view(browser(), broken(cribbage_record())))
    assert "Does not replay" in body and "illegal_action" in body and "Rule: docs/rules/cribbage.md" in body


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"{not json", "not valid JSON"),
        (b'{"format": "something-else"}', "not a game record"),
        (b"[1, 2]", "a record is a JSON object"),
        (b"\x80\x81 not utf-8", "not valid JSON"),
    ],
)
def test_a_bad_upload_is_said_on_the_page(content: bytes, says: str) -> None:
    response = upload(browser(), content)
    assert response.status_code == 200
    assert says in text(response)


def test_an_upload_over_the_cap_is_refused() -> None:
    response = upload(browser(), b" " * (MAX_RECORD_BYTES + 1))
    assert response.status_code == 200 and "at most" in text(response)


def test_no_file_is_said_on_the_page() -> None:
    response = browser().post(UPLOAD, {})
    assert response.status_code == 200 and "Choose a record file" in text(response)


def test_a_second_upload_replaces_the_first() -> None:
    client = browser()
    view(client, hand_written("cribbage_short"))
    body = text(view(client, hand_written("ecarte_short")))
    assert "Écarté" in body and copy.deepcopy(body)
