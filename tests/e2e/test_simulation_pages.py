"""The simulation pages in a real browser against the real stack: alice starts a matchup and a
round robin of demo decks, the serve stack's Celery worker plays them, the job page follows the
progress (htmx polling) and shows the results; refusals beside the fields; phone-sized screens;
someone else's job is a 404."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.e2e.conftest import ALICE, BOB, axe_check, screenshot, sign_in

GOLEMS = "Zil — Marlok et ses golems"
GARDE = "Noz'Dingard — la garde du dragon"
SABRE = "Kotoba — la voie du sabre"
#: Long enough for the worker to play a small job, queued behind the other tests' jobs.
RESULTS_TIMEOUT = 90_000
JOB_URL = re.compile(r"/simulations/\d+/$")


def start(
    page: Any,
    *,
    kind: str,
    first: str,
    opponents: list[str],
    games: int,
    policy: str = "random",
    seed: str = "",
) -> None:
    """Fill the new-simulation form as a user would and submit it."""
    page.goto("/simulations/")
    page.get_by_role("link", name="New simulation").click()
    page.get_by_role("radio", name=re.compile(rf"^{kind}")).check()
    page.get_by_label("First deck", exact=True).select_option(label=first)
    page.get_by_label("AI policy of the first deck").select_option(policy)
    for name in opponents:
        page.get_by_role("group", name="Opponents").get_by_label(name, exact=True).check()
    page.get_by_label("AI policy of the opponents").select_option(policy)
    page.get_by_label("Games per pairing").fill(str(games))
    page.get_by_label("Seed").fill(seed)


def test_a_matchup_runs_and_shows_its_results(page: Any) -> None:
    sign_in(page, ALICE)
    start(page, kind="Matchup", first=GOLEMS, opponents=[GARDE], games=20, seed="11")
    screenshot(page, "simulation-new")
    polls: list[str] = []
    page.on("request", lambda r: polls.append(r.url) if r.url.endswith("/progress/") else None)
    page.get_by_role("button", name="Start the simulation").click()
    page.wait_for_url(JOB_URL)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Eredan matchup")
    progress = page.get_by_role("progressbar", name="Games played")
    expect(progress).to_have_attribute("max", "20")
    first_seen = page.locator("#job-live [data-status]").text_content()
    screenshot(page, "simulation-running")
    expect(page.locator("#job-live [data-status]")).to_have_text("Done", timeout=RESULTS_TIMEOUT)
    if first_seen != "Done":  # the page opened before the worker finished: htmx polled until it did
        assert polls, "the running job's page never asked for its progress"
    expect(progress).to_have_attribute("value", "20")
    expect(page.locator("#job-progress-text")).to_contain_text("20 of 20 games (100%)")
    results = page.locator("#job-results")
    expect(results.get_by_role("heading", name="Results")).to_be_visible()
    summary = results.locator("table.sim-summary")
    expect(summary.get_by_role("row")).to_have_count(3)  # a header and one row per side
    expect(summary).to_contain_text(GOLEMS)
    expect(summary.locator("td").nth(3)).to_have_text(re.compile(r"^\d+\.\d%$"))  # the win rate
    expect(summary.locator("td").nth(4)).to_have_text(re.compile(r"^\d+\.\d%–\d+\.\d%$"))  # its interval
    expect(results.get_by_role("heading", name=f"Cards of {GOLEMS}")).to_be_visible()
    expect(results.locator("table.sim-cards").first.locator("tbody tr").first).to_be_visible()
    # The polling stopped and the cancel button went away with the running job.
    expect(page.locator("[hx-trigger]")).to_have_count(0)
    expect(page.get_by_role("button", name="Cancel the simulation")).to_have_count(0)
    screenshot(page, "simulation-results")
    # The list shows it, done.
    page.get_by_role("link", name="← Simulations").click()
    row = page.get_by_role("row").filter(has_text=f"{GOLEMS} vs {GARDE}").first
    expect(row).to_contain_text("Done")
    expect(row.get_by_role("progressbar")).to_have_attribute("value", "20")
    screenshot(page, "simulations-list")


def test_a_round_robin_shows_its_win_rate_matrix_and_heatmap(page: Any) -> None:
    sign_in(page, ALICE)
    start(page, kind="Round robin", first=GOLEMS, opponents=[GARDE, SABRE], games=10)
    page.get_by_role("button", name="Start the simulation").click()
    page.wait_for_url(JOB_URL)
    matrix = page.locator("table.sim-matrix")
    expect(matrix).to_be_visible(timeout=RESULTS_TIMEOUT)
    expect(matrix.locator("tbody tr")).to_have_count(3)
    expect(matrix.locator("td.sim-empty")).to_have_count(3)  # the diagonal
    # Every other cell says its win rate in words as well as in colour.
    for cell in matrix.locator("td:not(.sim-empty)").all():
        expect(cell).to_have_text(re.compile(r"^\d+%$"))
    standings = page.locator("table.sim-standings tbody tr")
    expect(standings).to_have_count(3)
    # Another pairing's card statistics (the opponents come in the order the form lists them).
    page.locator("table.sim-pairings").get_by_role("link").nth(2).click()
    expect(page.locator("#pairing-heading")).to_have_text(f"{SABRE} vs {GARDE}")
    # The heatmap image (the API's SVG export) under the table.
    image = page.get_by_role("img", name=re.compile("Heatmap of the win-rate matrix"))
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=image.element_handle())
    box = image.bounding_box()
    assert box is not None and box["height"] > 100, box
    page.get_by_role("heading", name="Win-rate matrix").scroll_into_view_if_needed()
    screenshot(page, "round-robin-heatmap")
    # Issue 19 §5: every cell's number reads on its colour (axe's colour-contrast among its rules).
    axe_check(page, "the win-rate matrix", include=["table.sim-matrix", "table.sim-standings"])


def test_refusals_are_shown_beside_the_fields_and_nothing_is_lost(page: Any) -> None:
    sign_in(page, ALICE)
    start(page, kind="Matchup", first=GOLEMS, opponents=[GARDE, SABRE], games=20, seed="5")
    page.get_by_role("button", name="Start the simulation").click()
    expect(page.get_by_role("alert")).to_contain_text("Nothing was started")
    expect(page.locator("#opponents-error")).to_contain_text("exactly 2 entrants")
    # Nothing lost: the choices are as they were; fix one thing, make another mistake.
    expect(page.get_by_label("Seed")).to_have_value("5")
    expect(page.get_by_label("First deck", exact=True).locator("option:checked")).to_have_text(GOLEMS)
    opponents = page.get_by_role("group", name="Opponents")
    expect(opponents.get_by_label(GARDE, exact=True)).to_be_checked()
    opponents.get_by_label(SABRE, exact=True).uncheck()
    page.get_by_label("Games per pairing").fill("0")
    page.get_by_role("button", name="Start the simulation").click()
    expect(page.locator("#games-error")).to_contain_text("from 1 to 1,000,000")
    expect(page.locator("#opponents-error")).to_have_count(0)
    games = page.get_by_label("Games per pairing")
    expect(games).to_have_attribute("aria-invalid", "true")
    expect(games).to_have_value("0")
    screenshot(page, "simulation-refused")


def test_the_form_works_from_the_keyboard(page: Any) -> None:
    sign_in(page, ALICE)
    page.goto("/simulations/new/?game=ecarte")
    page.get_by_role("radio", name=re.compile("^Matchup")).focus()
    page.keyboard.press("Tab")  # to the first player's policy
    page.keyboard.press("ArrowDown")  # the first policy listed
    page.keyboard.press("Tab")  # the first opponent's checkbox
    page.keyboard.press("Space")
    page.get_by_label("Games per pairing").focus()
    page.keyboard.press("Control+a")
    page.keyboard.type("12")
    page.keyboard.press("Enter")
    page.wait_for_url(JOB_URL)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Écarté matchup")
    expect(page.locator("#job-live [data-status]")).to_have_text("Done", timeout=RESULTS_TIMEOUT)


def test_the_list_follows_its_running_jobs(page: Any) -> None:
    sign_in(page, ALICE)
    page.goto("/simulations/new/?game=ecarte")
    page.get_by_label("First entrant's AI policy").select_option("heuristic")
    page.get_by_role("group", name="Opponents").get_by_label("random", exact=True).check()
    page.get_by_label("Games per pairing").fill("2000")
    page.get_by_role("button", name="Start the simulation").click()
    page.wait_for_url(JOB_URL)
    job = page.url.rstrip("/").rsplit("/", 1)[1]
    page.get_by_role("link", name="← Simulations").click()
    page.wait_for_url(re.compile(r"/simulations/$"))
    page.wait_for_load_state("load")
    loads: list[str] = []
    page.on("load", lambda: loads.append(page.url))
    row = page.get_by_role("row").filter(has=page.get_by_role("link", name=re.compile(rf"^#{job} ")))
    expect(row).to_contain_text("Done", timeout=RESULTS_TIMEOUT)
    expect(row.get_by_role("progressbar")).to_have_attribute("value", "2000")
    assert loads == [], "the list was reloaded instead of updated in place"
    expect(page.locator("#sim-list-poller[hx-get]")).to_have_count(0)  # polling stopped


def test_a_running_simulation_can_be_cancelled(page: Any) -> None:
    sign_in(page, ALICE)
    # The searching AI plays about a game a second: this job would run for minutes.
    start(page, kind="Matchup", first=GARDE, opponents=[GOLEMS], games=300, policy="ismcts")
    page.get_by_role("button", name="Start the simulation").click()
    page.wait_for_url(JOB_URL)
    page.get_by_role("button", name="Cancel the simulation").click()
    expect(page.get_by_role("status")).to_contain_text("cancelled")
    expect(page.locator("#job-live [data-status]")).to_have_text("Cancelled")
    expect(page.locator("[hx-trigger]")).to_have_count(0)
    expect(page.get_by_role("button", name="Cancel the simulation")).to_have_count(0)


def test_the_pages_fit_a_phone_screen(phone_page: Any) -> None:
    page = phone_page
    sign_in(page, ALICE)
    start(page, kind="Gauntlet", first=SABRE, opponents=[GOLEMS, GARDE], games=10)

    def width() -> int:
        return int(page.evaluate("document.documentElement.scrollWidth"))

    assert width() <= 390, f"the form is {width()}px wide on a 390px screen"
    screenshot(page, "simulation-new-phone")
    page.get_by_role("button", name="Start the simulation").click()
    page.wait_for_url(JOB_URL)
    expect(page.locator("table.sim-standings")).to_be_visible(timeout=RESULTS_TIMEOUT)
    assert width() <= 390, f"the results are {width()}px wide on a 390px screen"
    screenshot(page, "simulation-results-phone")
    page.goto("/simulations/")
    assert width() <= 390, f"the list is {width()}px wide on a 390px screen"


def test_someone_elses_job_is_not_found(page: Any, browser: Any, site: Any) -> None:
    sign_in(page, ALICE)
    start(page, kind="Matchup", first=SABRE, opponents=[GARDE], games=5)
    page.get_by_role("button", name="Start the simulation").click()
    page.wait_for_url(JOB_URL)
    alices_job = page.url
    other = browser.new_context(base_url=site.url)
    try:
        bobs_page = other.new_page()
        sign_in(bobs_page, BOB)
        response = bobs_page.goto(alices_job)
        assert response is not None and response.status == 404
        expect(bobs_page.get_by_role("heading", level=1)).to_contain_text(re.compile("not found", re.I))
    finally:
        other.close()
