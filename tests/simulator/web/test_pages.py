"""The simulation pages (simulator/web): sign-in required, one's own jobs only (anyone else's is a
404 page), the new-simulation form with the service's refusals beside the fields and nothing lost,
the progress fragment htmx polls, cancel, and the results of finished jobs."""

from __future__ import annotations

import html as htmllib
import re
from typing import Any

import pytest
from django.test import Client

from decks.models import Deck
from simulator.models import SimulationJob
from simulator.services.chunks import chunk_run
from simulator.services.jobs import job_cancel, job_create, job_dispatch, job_fail
from simulator.services.requests import EntrantInput
from tests.simulator.conftest import ecarte_round_robin, finish_job, own_copy_of_demo, queued

# Every message a test sends goes to this area's Redis database, emptied after each test.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_broker")]

GOLEMS, GARDE, KOTOBA = "zil-golems", "noz-garde-du-dragon", "kotoba-voie-du-sabre"
NEW = "/simulations/new/"


def browser(user: Any | None = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def demo(slug: str) -> Deck:
    return Deck.objects.get(slug=slug)


def eredan_matchup(owner: Any, games: int = 6) -> SimulationJob:
    return job_create(
        owner=owner,
        game="eredan",
        entrants=[EntrantInput(deck=GOLEMS, policy="random"), EntrantInput(deck=GARDE, policy="random")],
        games=games,
        seed=3,
        chunk_size=4,
    )


def field_error(html: str, field: str) -> str:
    """The text of the error shown beside ``field`` (empty when there is none)."""
    match = re.search(rf'<div class="field-error" id="{field}-error">(.*?)</div>', html, re.S)
    return htmllib.unescape(re.sub(r"<[^>]+>", " ", match.group(1))).strip() if match else ""


def htmx_get(client: Client, path: str, **params: Any) -> str:
    """What htmx gets from ``path`` (it says so in the ``HX-Request`` header)."""
    return client.get(path, params, headers={"HX-Request": "true"}).content.decode()


def matchup_form(first: Deck | int | str, *opponents: Deck | int | str, **extra: Any) -> dict[str, Any]:
    def ref(d: Deck | int | str) -> str:
        return str(d.pk if isinstance(d, Deck) else d)

    return {
        "game": "eredan",
        "kind": "matchup",
        "first": ref(first),
        "opponents": [ref(o) for o in opponents],
        "policy_a": "random",
        "policy_b": "greedy",
        "games": "20",
        "seed": "",
        **extra,
    }


# --- sign-in and ownership ---------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/simulations/", NEW, "/simulations/1/", "/simulations/1/progress/"])
def test_anonymous_visitors_are_sent_to_sign_in(path: str) -> None:
    response = browser().get(path)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")


def test_a_page_polling_after_signing_out_is_sent_to_sign_in_as_a_whole() -> None:
    response = browser().get("/simulations/7/progress/", headers={"HX-Request": "true"})
    assert response.status_code == 204
    assert response["HX-Redirect"] == "/accounts/login/?next=/simulations/7/"
    response = browser().get("/simulations/progress/", {"ids": "7"}, headers={"HX-Request": "true"})
    assert response["HX-Redirect"] == "/accounts/login/?next=/simulations/"


def test_the_list_shows_ones_own_jobs_only(alice: Any, bob: Any) -> None:
    mine = ecarte_round_robin(alice)
    theirs = ecarte_round_robin(bob)
    response = browser(alice).get("/simulations/")
    html = response.content.decode()
    assert response.status_code == 200
    assert f"/simulations/{mine.pk}/" in html and f"/simulations/{theirs.pk}/" not in html
    assert "3 entrants: heuristic, random, random (2)" in html
    assert 'max="18" value="0"' in html  # the progress bar: 3 pairings × 6 games, none played yet


def test_the_list_polls_the_progress_of_its_running_jobs_only(alice: Any, bob: Any) -> None:
    running = ecarte_round_robin(alice, games=8)
    job_dispatch(job_id=running.pk)
    chunk_run(job_id=running.pk, pairing=0, chunk=0)
    done = finish_job(ecarte_round_robin(alice))
    theirs = ecarte_round_robin(bob)
    client = browser(alice)
    html = client.get("/simulations/").content.decode()
    assert f'hx-get="/simulations/progress/?ids={running.pk}" hx-trigger="every 2s"' in html
    ids = f"{running.pk},{done.pk},{theirs.pk},x,²"
    fragment = client.get(
        "/simulations/progress/", {"ids": ids}, headers={"HX-Request": "true"}
    ).content.decode()
    assert f'id="sim-row-{running.pk}-progress" hx-swap-oob="true"' in fragment
    assert 'max="24" value="4"' in fragment and "17%" in fragment
    assert f'id="sim-row-{done.pk}-status" hx-swap-oob="true"' in fragment and "Done" in fragment
    assert f"sim-row-{theirs.pk}-" not in fragment  # someone else's job says nothing
    assert f'hx-get="/simulations/progress/?ids={running.pk}"' in fragment  # still running: polled again
    job_cancel(job=running)
    fragment = client.get(
        "/simulations/progress/", {"ids": ids}, headers={"HX-Request": "true"}
    ).content.decode()
    assert "hx-get" not in fragment and "Cancelled" in fragment  # nothing left running: polling stops
    # Nothing to poll on a list of ended jobs; the poll's address is not a page.
    assert "hx-trigger" not in client.get("/simulations/").content.decode()
    assert client.get("/simulations/progress/")["Location"] == "/simulations/"


def test_someone_elses_job_is_a_404_page_and_cannot_be_cancelled(alice: Any, bob: Any) -> None:
    job = ecarte_round_robin(bob)
    client = browser(alice)
    for path in (f"/simulations/{job.pk}/", f"/simulations/{job.pk}/progress/", "/simulations/999999/"):
        response = client.get(path, headers={"HX-Request": "true"})
        assert response.status_code == 404, path
        assert response["Content-Type"].startswith("text/html")
    assert client.post(f"/simulations/{job.pk}/cancel/").status_code == 404
    job.refresh_from_db()
    assert job.status == "pending"


# --- the form ----------------------------------------------------------------------------------


def test_the_form_offers_ones_own_decks_and_the_demo_decks_not_other_peoples(
    cardset: None, alice: Any, bob: Any
) -> None:
    own_copy_of_demo(alice, GOLEMS, name="Golems of Alice")
    own_copy_of_demo(bob, GARDE, name="Dragons of Bob")
    html = browser(alice).get(NEW).content.decode()
    assert "Golems of Alice" in html and "Dragons of Bob" not in html
    assert demo(KOTOBA).name in html
    assert 'name="games" id="id_games" value="1000"' in html  # the default


def test_a_matchup_is_started_and_the_browser_sent_to_its_page(
    cardset: None, alice: Any, django_capture_on_commit_callbacks: Any, redis_broker: Any
) -> None:
    mine = own_copy_of_demo(alice, GOLEMS)
    with django_capture_on_commit_callbacks(execute=True):
        response = browser(alice).post(NEW, matchup_form(mine, demo(GARDE), seed="42"))
    job = SimulationJob.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/simulations/{job.pk}/"
    assert (job.owner, job.game, job.kind, job.games, job.seed) == (alice, "eredan", "matchup", 20, 42)
    entrants = list(job.entrants.order_by("index").values_list("deck_id", "policy"))
    assert entrants == [(mine.pk, "random"), (demo(GARDE).pk, "greedy")]
    assert queued(redis_broker) == 1  # the job's dispatch message


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"games": "0"}, "games", "from 1 to 1,000,000"),
        ({"games": "100000000000000000000000"}, "games", "from 1 to 1,000,000"),
        ({"games": "lots"}, "games", "whole number"),
        ({"games": ""}, "games", "how many games"),
        ({"seed": "-1"}, "seed", "from 0 to"),
        ({"seed": str(2**63)}, "seed", "from 0 to"),
        ({"policy_b": "psychic"}, "policy_b", "no AI policy 'psychic'"),
        ({"kind": "melee"}, "kind", "valid choice"),
        ({"opponents": []}, "opponents", "at least one opponent"),
        ({"first": ""}, "first", "Choose the first entrant"),
        ({"first": "999999"}, "first", "No deck of yours and no public demo deck is 999999"),
        ({"first": "²"}, "first", "No deck of yours and no public demo deck is '²'"),
        ({"first": "9" * 30}, "first", "No deck of yours and no public demo deck is '999"),
    ],
)
def test_bad_values_are_refused_beside_their_field_keeping_the_rest(
    change: dict[str, Any], field: str, message: str, cardset: None, alice: Any
) -> None:
    data = {**matchup_form(demo(GOLEMS), demo(GARDE), seed="77"), **change}
    response = browser(alice).post(NEW, data)
    html = response.content.decode()
    assert response.status_code == 200
    assert message in field_error(html, field), field_error(html, field) or html
    assert "Nothing was started" in html
    assert not SimulationJob.objects.exists()
    # Nothing lost: the other choices come back as they were.
    if field != "first":
        assert f'<option value="{demo(GOLEMS).pk}" selected>' in html
    if field != "opponents":
        assert f'name="opponents" value="{demo(GARDE).pk}" checked' in html
    if field != "seed":
        assert 'name="seed" id="id_seed" value="77"' in html


def test_someone_elses_deck_is_refused_like_one_that_does_not_exist(
    cardset: None, alice: Any, bob: Any
) -> None:
    bobs = own_copy_of_demo(bob, GOLEMS)
    html = browser(alice).post(NEW, matchup_form(demo(GARDE), bobs)).content.decode()
    assert f"No deck of yours and no public demo deck is {bobs.pk}" in field_error(html, "opponents")
    assert not SimulationJob.objects.exists()


def test_an_invalid_deck_is_refused_with_its_rule_breaches(cardset: None, alice: Any) -> None:
    draft = Deck.objects.create(owner=alice, name="Empty draft")
    html = browser(alice).post(NEW, matchup_form(draft, demo(GARDE))).content.decode()
    assert "Empty draft" in field_error(html, "first") and "deck-building rules" in field_error(html, "first")


def test_a_matchup_takes_exactly_one_opponent(cardset: None, alice: Any) -> None:
    html = browser(alice).post(NEW, matchup_form(demo(GOLEMS), demo(GARDE), demo(KOTOBA))).content.decode()
    assert "exactly 2 entrants" in field_error(html, "opponents")
    assert "the first against one opponent" in field_error(html, "opponents")


def test_a_round_robin_over_a_million_games_is_refused(cardset: None, alice: Any) -> None:
    data = matchup_form(demo(GOLEMS), demo(GARDE), demo(KOTOBA), kind="round_robin", games="400000")
    html = browser(alice).post(NEW, data).content.decode()
    assert "1,200,000 games" in field_error(html, "games")


def test_every_problem_is_reported_at_once(cardset: None, alice: Any) -> None:
    data = matchup_form("999999", demo(GARDE), games="0", seed="-5", policy_a="psychic")
    html = browser(alice).post(NEW, data).content.decode()
    for field in ("first", "games", "seed", "policy_a"):
        assert field_error(html, field), field


def test_experience_from_demo_decks_only_is_refused(cardset: None, alice: Any) -> None:
    data = matchup_form(demo(GOLEMS), demo(GARDE), award_experience="on")
    html = browser(alice).post(NEW, data).content.decode()
    assert "demo decks earn no experience" in field_error(html, "award_experience")


def test_a_classic_game_gauntlet_from_its_own_form(alice: Any) -> None:
    html = browser(alice).get(NEW, {"game": "ecarte"}).content.decode()
    assert 'value="heuristic"' in html and "First deck" not in html
    data = {
        "game": "ecarte",
        "kind": "gauntlet",
        "first": "heuristic",
        "opponents": ["random", "heuristic"],
        "games": "5",
    }
    response = browser(alice).post(NEW, data)
    job = SimulationJob.objects.get()
    assert response.status_code == 302
    assert (job.game, job.kind, job.total_games) == ("ecarte", "gauntlet", 10)
    assert list(job.entrants.order_by("index").values_list("policy", flat=True)) == [
        "heuristic",
        "random",
        "heuristic",
    ]


@pytest.mark.parametrize(
    ("game", "policies"), [("cribbage", ("random", "ev")), ("crapette", ("random", "planner"))]
)
def test_each_classic_game_has_its_form_with_its_policies(
    game: str, policies: tuple[str, ...], alice: Any
) -> None:
    html = browser(alice).get(NEW, {"game": game}).content.decode()
    assert f'name="game" value="{game}"' in html and 'aria-current="page">' in html
    for policy in policies:
        assert f'name="opponents" value="{policy}"' in html


def test_the_games_options_and_recorded_games_reach_the_job(alice: Any) -> None:
    """The form takes the same options as the API (GameSpec.options) and record_games."""
    html = browser(alice).get(NEW, {"game": "crapette"}).content.decode()
    assert 'name="option_stock_size"' in html and 'name="record_games"' in html
    data = {
        "game": "crapette",
        "kind": "matchup",
        "first": "random",
        "opponents": ["random"],
        "games": "3",
        "option_stock_size": "8",
        "record_games": "1",
    }
    assert browser(alice).post(NEW, data).status_code == 302
    job = SimulationJob.objects.get()
    assert job.options["stock_size"] == 8 and job.record_games == 1
    # Run again brings them back.
    again = browser(alice).get(NEW, {"again": job.pk}).content.decode()
    assert 'name="option_stock_size" id="id_option_stock_size" value="8"' in again
    assert 'name="record_games" id="id_record_games" value="1"' in again


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"option_stock_size": "999"}, "option_stock_size", "stock"),
        ({"option_stock_size": "many"}, "option_stock_size", "whole number"),
        ({"record_games": "21"}, "record_games", "from 0 to 20"),
    ],
)
def test_bad_options_are_refused_beside_their_field(
    change: dict[str, str], field: str, message: str, alice: Any
) -> None:
    data = {"game": "crapette", "kind": "matchup", "first": "random", "opponents": ["random"], "games": "3"}
    html = browser(alice).post(NEW, {**data, **change}).content.decode()
    assert message in field_error(html, field), html
    assert '<details class="sim-more" open>' in html  # the settings with a problem are shown
    assert not SimulationJob.objects.exists()


def test_an_unknown_game_is_404(alice: Any) -> None:
    assert browser(alice).get(NEW, {"game": "go"}).status_code == 404


def test_the_five_job_limit_is_said_above_the_form(alice: Any) -> None:
    for _ in range(5):
        ecarte_round_robin(alice)
    data = {"game": "ecarte", "kind": "matchup", "first": "random", "opponents": ["random"], "games": "5"}
    response = browser(alice).post(NEW, data)
    assert response.status_code == 200
    assert "at most 5 at once" in response.content.decode()
    assert SimulationJob.objects.count() == 5


# --- following a job ---------------------------------------------------------------------------


def test_a_running_job_polls_its_progress_fragment(alice: Any) -> None:
    job = ecarte_round_robin(alice, games=8)
    job_dispatch(job_id=job.pk)
    chunk_run(job_id=job.pk, pairing=1, chunk=0)
    client = browser(alice)
    page = client.get(f"/simulations/{job.pk}/").content.decode()
    assert f'hx-get="/simulations/{job.pk}/progress/" hx-trigger="every 1s"' in page
    assert 'max="24" value="4"' in page and "4 of 24 games (17%)" in page
    assert "Cancel the simulation" in page
    fragment = client.get(f"/simulations/{job.pk}/progress/", headers={"HX-Request": "true"}).content.decode()
    assert fragment.lstrip().startswith('<section id="job-live"') and "hx-trigger" in fragment
    assert "<html" not in fragment and "hx-swap-oob" not in fragment
    # Without htmx, the fragment's address leads to the page.
    assert client.get(f"/simulations/{job.pk}/progress/")["Location"] == f"/simulations/{job.pk}/"


def test_once_the_job_is_done_the_fragment_stops_polling_and_brings_the_results(alice: Any) -> None:
    job = finish_job(ecarte_round_robin(alice))
    fragment = (
        browser(alice)
        .get(f"/simulations/{job.pk}/progress/", headers={"HX-Request": "true"})
        .content.decode()
    )
    assert "hx-trigger" not in fragment
    assert 'id="job-results" hx-swap-oob="true"' in fragment and "Win-rate matrix" in fragment
    assert (
        'id="job-actions" class="toolbar" hx-swap-oob="true"' in fragment
        and "Cancel the simulation" not in fragment
    )
    assert "Simulation done: the results are below." in fragment
    for export in (
        "results.csv?table=summary",
        "results.csv?table=cards",
        "results/",
        "records/",
        "heatmap.png",
    ):
        assert f'href="/api/simulations/{job.pk}/{export}"' in fragment, export


def test_cancel_then_cancel_again(alice: Any) -> None:
    job = ecarte_round_robin(alice)
    client = browser(alice)
    response = client.post(f"/simulations/{job.pk}/cancel/", follow=True)
    job.refresh_from_db()
    assert job.status == "cancelled"
    assert f"Simulation #{job.pk} cancelled." in response.content.decode()
    again = client.post(f"/simulations/{job.pk}/cancel/", follow=True).content.decode()
    assert "has already ended (cancelled)" in again
    assert client.get(f"/simulations/{job.pk}/cancel/").status_code == 405


# --- results -----------------------------------------------------------------------------------


def test_a_finished_matchup_shows_win_rates_intervals_and_card_statistics(cardset: None, alice: Any) -> None:
    job = finish_job(eredan_matchup(alice, games=8))
    assert job.status == "done"
    response = browser(alice).get(f"/simulations/{job.pk}/")
    html = response.content.decode()
    assert response.status_code == 200 and "hx-trigger" not in html
    side = job.results["pairings"][0]["sides"]["A"]
    lo, hi = side["win_rate_ci95"]
    assert f"{side['win_rate'] * 100:.1f}%" in html
    assert f"{lo * 100:.1f}%–{hi * 100:.1f}%" in html
    assert f"Cards of {side['label']}" in html and f"Characters of {side['label']}" in html
    # Cards by their names, not their slugs.
    slug = next(iter(side["cards"]))
    from cards.models import Card

    assert Card.objects.get(slug=slug).name_en in html
    assert "Win-rate matrix" not in html  # a matchup has no matrix


def test_a_finished_round_robin_shows_standings_matrix_and_heatmap(alice: Any) -> None:
    job = finish_job(ecarte_round_robin(alice))
    html = browser(alice).get(f"/simulations/{job.pk}/").content.decode()
    assert "Standings" in html and "Win-rate matrix" in html
    assert f'src="/api/simulations/{job.pk}/heatmap.svg"' in html
    matrix = job.results["matrix"]["win_rate"]
    rate = matrix[0][1]
    assert f'sim-band-{round(rate * 10)}"' in html and f">{rate * 100:.0f}%</td>" in html
    assert html.count('class="num sim-empty"') == 3  # the diagonal
    # Another pairing's details on request; a pairing that does not exist is a 404.
    other = browser(alice).get(f"/simulations/{job.pk}/", {"pairing": 2}).content.decode()
    assert "heuristic vs random" not in re.search(r'id="pairing-heading">(.*?)<', other).group(1)  # type: ignore[union-attr]
    for bad in ("3", "-1", "x", "²", "9" * 40):
        assert browser(alice).get(f"/simulations/{job.pk}/", {"pairing": bad}).status_code == 404


def test_a_cancelled_job_shows_its_partial_results(alice: Any) -> None:
    job = ecarte_round_robin(alice, games=8)
    job_dispatch(job_id=job.pk)
    chunk_run(job_id=job.pk, pairing=0, chunk=0)
    job_cancel(job=job)
    html = browser(alice).get(f"/simulations/{job.pk}/").content.decode()
    assert "Partial results: the 4 games played before the simulation was cancelled." in html


def test_a_failed_job_says_why(alice: Any) -> None:
    job = ecarte_round_robin(alice)
    job_fail(job_id=job.pk, error="The card database changed while the job ran.")
    html = browser(alice).get(f"/simulations/{job.pk}/").content.decode()
    assert "The card database changed while the job ran." in html and "hx-trigger" not in html
    assert "Results" not in html  # no game was played


# --- starting from elsewhere -------------------------------------------------------------------


def test_a_deck_page_can_link_to_the_form_with_its_deck_chosen(cardset: None, alice: Any) -> None:
    mine = own_copy_of_demo(alice, GOLEMS)
    html = browser(alice).get(NEW, {"deck": mine.pk}).content.decode()
    assert f'<option value="{mine.pk}" selected>' in html


def test_run_again_fills_the_form_with_the_jobs_settings(cardset: None, alice: Any, bob: Any) -> None:
    job = job_create(
        owner=alice,
        game="eredan",
        kind="gauntlet",
        entrants=[
            EntrantInput(deck=KOTOBA, policy="random"),
            EntrantInput(deck=GOLEMS, policy="greedy"),
            EntrantInput(deck=GARDE, policy="greedy"),
        ],
        games=30,
        seed=1234,
    )
    client = browser(alice)
    html = client.get(NEW, {"again": job.pk}).content.decode()
    assert f'<option value="{demo(KOTOBA).pk}" selected>' in html
    for slug in (GOLEMS, GARDE):
        assert f'name="opponents" value="{demo(slug).pk}" checked' in html
    assert 'value="gauntlet" checked' in html
    assert '<option value="random" selected>' in html and '<option value="greedy" selected>' in html
    assert 'name="games" id="id_games" value="30"' in html and 'name="seed" id="id_seed" value="1234"' in html
    # Someone else's job cannot be copied.
    assert browser(bob).get(NEW, {"again": job.pk}).status_code == 404
    assert client.get(NEW, {"again": "x"}).status_code == 404


def test_run_again_of_a_classic_game_opens_that_games_form(alice: Any) -> None:
    job = ecarte_round_robin(alice)
    html = browser(alice).get(NEW, {"again": job.pk}).content.decode()
    assert 'name="game" value="ecarte"' in html
    assert '<option value="heuristic" selected>' in html
    assert 'name="opponents" value="random" checked' in html


def test_a_finished_gauntlet_shows_standings_and_pairings_without_a_matrix(alice: Any) -> None:
    job = job_create(
        owner=alice,
        game="ecarte",
        kind="gauntlet",
        entrants=[EntrantInput(policy=p) for p in ("heuristic", "random", "random")],
        games=4,
        seed=9,
    )
    job = finish_job(job)
    html = browser(alice).get(f"/simulations/{job.pk}/").content.decode()
    assert "Standings" in html and "Win-rate matrix" not in html and "heatmap.svg" not in html
    assert html.count('href="?pairing=') == 2
    assert "heuristic vs random (2)" in html
