"""The game viewer in a real Chromium (docs/pages.md "The game viewer"): a recorded game of each of
the four games uploaded, stepped forward and back with the buttons and the arrow keys; axe on each
board; a bad upload said on the page."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from cards.domain.cardset import load_cardset
from tests.e2e.conftest import axe_check, screenshot
from tests.simulator.records.recorded import play
from tests.simulator.records.test_eredan_records import record_game

DATA = Path(__file__).resolve().parents[1] / "simulator" / "records" / "data"


def open_record(page: Any, path: Path) -> None:
    page.goto("/records/view/")
    page.get_by_label("Record file (JSON)").set_input_files(str(path))
    page.get_by_role("button", name="View the game").click()
    expect(page.locator("#viewer")).to_be_visible()
    expect(page.get_by_text("Valid record")).to_be_visible()


def step_forward_and_back(page: Any) -> None:
    position = page.locator("#viewer-position")
    expect(position).to_contain_text("Step 0 of")
    page.locator("#viewer").get_by_role("link", name="Forward →").click()
    expect(position).to_contain_text("Step 1 of")
    expect(page).to_have_url(re.compile(r"step=1$"))
    expect(page.locator("#viewer-label")).to_contain_text("action 1:")
    page.keyboard.press("ArrowRight")
    expect(position).to_contain_text("Step 2 of")
    page.keyboard.press("ArrowLeft")
    expect(position).to_contain_text("Step 1 of")
    page.locator("#viewer").get_by_role("link", name="← Back").click()
    expect(position).to_contain_text("Step 0 of")
    expect(page.locator("#viewer-label")).to_contain_text("Start of the game")


def test_an_eredan_game_in_the_viewer(page: Any, tmp_path: Path) -> None:
    # A game played now with the bundled card set (what bootstrap loads into the site).
    decks = load_cardset().decks
    _, record = record_game((decks["zil-golems"], decks["noz-garde-du-dragon"]), 2, ("greedy", "greedy"))
    path = tmp_path / "eredan.json"
    path.write_text(json.dumps(record))
    open_record(page, path)
    line = page.locator(".eredan-line").first
    expect(line.locator(".eredan-char")).to_have_count(3)
    expect(line.locator("a.card-link").first).to_have_attribute("href", re.compile(r"^/cards/[a-z0-9-]+/$"))
    step_forward_and_back(page)
    page.get_by_label("Jump to turn").select_option("3")
    page.get_by_role("button", name="Go").click()
    expect(page.locator(".viewer-status")).to_contain_text("Turn 3 ·")
    expect(page.locator(".eredan-char")).to_have_count(6)
    expect(page.locator(".eredan-hand").first).to_contain_text("Hand:")
    axe_check(page, "game viewer, Eredan")
    screenshot(page, "viewer-eredan")


def test_a_cribbage_game_in_the_viewer(page: Any) -> None:
    open_record(page, DATA / "cribbage_short.json")
    step_forward_and_back(page)
    page.goto("/records/view/?step=3")
    expect(page.locator("[data-count]")).to_have_text("7")
    page.get_by_label("Jump to deal").select_option("2")
    page.get_by_role("button", name="Go").click()
    expect(page.locator("#viewer-label")).to_contain_text("deal 2, action 1")
    axe_check(page, "game viewer, cribbage")
    screenshot(page, "viewer-cribbage")


def test_an_ecarte_game_in_the_viewer(page: Any) -> None:
    open_record(page, DATA / "ecarte_short.json")
    expect(page.locator("[data-trump]")).to_be_visible()
    step_forward_and_back(page)
    page.goto("/records/view/?step=4")
    expect(page.get_by_text("On the table:")).to_be_visible()
    axe_check(page, "game viewer, écarté")
    screenshot(page, "viewer-ecarte")


def test_a_crapette_game_in_the_viewer(page: Any, tmp_path: Path) -> None:
    _, record, _ = play("crapette", 3, "planner", "random", stock_size=8)
    path = tmp_path / "crapette.json"
    path.write_text(json.dumps(record))
    open_record(page, path)
    expect(page.get_by_role("heading", name="Central piles")).to_be_visible()
    step_forward_and_back(page)
    axe_check(page, "game viewer, Crapette")
    screenshot(page, "viewer-crapette")


def test_a_bad_upload_is_said_beside_the_field(page: Any, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    page.goto("/records/view/")
    page.get_by_label("Record file (JSON)").set_input_files(str(path))
    page.get_by_role("button", name="View the game").click()
    expect(page.get_by_role("alert")).to_contain_text("not a game record: not valid JSON")
    expect(page.get_by_label("Record file (JSON)")).to_have_attribute("aria-invalid", "true")
    axe_check(page, "game viewer, a bad upload")
    screenshot(page, "viewer-upload-error")
