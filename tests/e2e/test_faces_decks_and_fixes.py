"""Issue 19 in a real browser: the card grid with its faces, a hover preview, the card-language
switch across pages; the deck builder's quantity buttons, keys and statistics; a deck made public
and opened signed out; and each fix of §5 — Back after two filter changes, the focus after a
refused Add, no XP card offered to a copy that cannot evolve, the phone menu, the standings on a
phone, a polled 1,000-game matchup that moves. axe-core checks every new page."""

from __future__ import annotations

import itertools
import re
import time
from typing import Any

from playwright.sync_api import expect

from tests.e2e.conftest import ALICE, PHONE, Site, axe_check, screenshot, sign_in
from tests.e2e.test_deck_builder import pick_characters
from tests.e2e.test_simulation_pages import GARDE, GOLEMS, JOB_URL, RESULTS_TIMEOUT, SABRE, start

KOTOBA = ("Iro le duelliste (niveau 1)", "Amaya (niveau 1)", "Aez le guerrier errant (niveau 1)")


def no_horizontal_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width}px wide"


# --- §1 card faces -------------------------------------------------------------------------------


def test_the_card_grid_shows_faces_and_a_name_previews_its_face(page: Any) -> None:
    page.goto("/cards/?view=grid&guild=zil")
    faces = page.locator(".face-grid img")
    expect(faces.first).to_be_visible()
    assert faces.count() >= 4
    page.wait_for_function(
        "() => [...document.querySelectorAll('.face-grid img')].slice(0, 4)"
        ".every(i => i.complete && i.naturalWidth > 0)"
    )
    assert "/face.svg" in (faces.first.get_attribute("src") or "")
    screenshot(page, "cards-grid")
    axe_check(page, "the card grid")
    # The list view: hovering a name shows its face beside it; leaving it hides it.
    page.goto("/cards/?q=eclairs")
    link = page.locator("#results a.card-link").first
    link.hover()
    preview = page.locator(".card-preview")
    expect(preview).to_be_visible()
    face = re.compile(r"/cards/eclairs-1/face\.svg\?lang=en")
    expect(preview.locator("img")).to_have_attribute("src", face)
    page.wait_for_function("() => document.querySelector('.card-preview img').naturalWidth > 0")
    screenshot(page, "card-preview")
    page.mouse.move(5, 5)
    expect(preview).to_be_hidden()
    # The keyboard: focus previews too, Escape closes.
    link.focus()
    expect(preview).to_be_visible()
    page.keyboard.press("Escape")
    expect(preview).to_be_hidden()


def test_the_favicon_and_the_logo_are_our_own(page: Any) -> None:
    page.goto("/")
    icon = page.locator('link[rel="icon"]')
    expect(icon).to_have_attribute("href", re.compile(r"favicon\.svg"))
    response = page.request.get(icon.get_attribute("href"))
    assert response.ok and b"<svg" in response.body()
    expect(page.locator(".brand svg.logo")).to_be_visible()


# --- §4 the card language -----------------------------------------------------------------------


def test_the_language_switch_holds_across_pages(page: Any) -> None:
    sign_in(page, ALICE)
    page.goto("/cards/?q=eclairs")
    eclairs = page.locator('#results a.card-link[href="/cards/eclairs-1/"]')
    expect(eclairs).to_have_text("Lightning Bolts")
    page.get_by_role("button", name="Français").click()
    expect(page.get_by_role("button", name="Français")).to_have_attribute("aria-pressed", "true")
    expect(page).to_have_url(re.compile(r"/cards/\?q=eclairs"))  # back on the same page
    first = page.locator('#results a.card-link[href="/cards/eclairs-1/"]')
    expect(first).to_have_text("Eclairs")
    expect(first).to_have_attribute("lang", "fr")
    screenshot(page, "cards-french")
    # The card's page, then the collection, in French too.
    first.click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Eclairs")
    axe_check(page, "a card's page with its face, in French")
    page.goto("/collection/")
    page.get_by_label("Card or character").fill("eclairs-1")
    page.get_by_role("spinbutton", name="Copies").fill("1")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator("li.copy h3 a.card-link").filter(has_text="Eclairs").first).to_be_visible()
    axe_check(page, "the collection, in French")
    # Back to English everywhere.
    page.get_by_role("button", name="English").click()
    expect(page.locator("li.copy h3 a.card-link").filter(has_text="Lightning Bolts").first).to_be_visible()


# --- §2 the deck builder --------------------------------------------------------------------------


def test_build_a_deck_with_the_quantity_buttons_and_read_its_statistics(page: Any) -> None:
    sign_in(page, ALICE)
    page.goto("/decks/new/")
    pick_characters(page, *KOTOBA)
    page.get_by_label("Search cards").fill("Katana")
    page.get_by_role("button", name="Add Katana", exact=True).click()
    count = page.get_by_label("Copies of Katana", exact=True)
    expect(count).to_have_value("1")
    page.get_by_role("button", name="One copy more of Katana").click()
    expect(count).to_have_value("2")
    page.get_by_role("button", name="One copy more of Katana").click()
    expect(count).to_have_value("3")
    page.get_by_role("button", name="One copy fewer of Katana").click()
    expect(count).to_have_value("2")
    # The keys: + and - on the card's row.
    count.focus()
    page.keyboard.press("+")
    expect(count).to_have_value("3")
    page.get_by_label("Search cards").fill("Baume de soin")
    add = page.get_by_role("button", name="Add Baume de soin", exact=True)
    add.focus()
    page.keyboard.press("+")  # "+" on a card of the list adds it
    balm = page.get_by_label("Copies of Baume de soin", exact=True)
    expect(balm).to_have_value("1")
    balm.focus()
    page.keyboard.press("+")
    expect(balm).to_have_value("2")
    page.keyboard.press("-")
    expect(balm).to_have_value("1")
    # Grouped by kind, with counts; names preview their face.
    weapons = page.locator('tbody[data-group="item:weapon"] tr.group-head')
    expect(weapons).to_contain_text("Weapons")
    expect(weapons.locator(".group-count")).to_have_text("3")
    expect(page.locator('tbody[data-group="item:consumable"] .group-count')).to_have_text("1")
    page.locator("tr[data-card] a.card-link").first.hover()
    expect(page.locator(".card-preview")).to_be_visible()
    page.mouse.move(5, 5)
    # The statistics: 4 cards, 3 Katanas; 5 in hand on turn 1 holds one for sure.
    stats = page.locator("#deck-stats")
    expect(stats.locator('tr[data-stat="item:weapon"]')).to_contain_text("75%")
    katana_odds = stats.locator('tr[data-odds^="card:katana"] td')
    expect(katana_odds.nth(0)).to_have_text("3")
    expect(katana_odds.nth(1)).to_have_text("100%")
    page.get_by_label("Deck name").fill("Quick Kotoba")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Quick Kotoba")
    page.locator("#deck-stats").scroll_into_view_if_needed()
    screenshot(page, "deck-builder-stats")
    axe_check(page, "the deck builder with its statistics")


def test_share_a_deck_and_open_it_signed_out(page: Any, browser: Any, site: Site) -> None:
    sign_in(page, ALICE)
    page.goto("/decks/new/")
    pick_characters(page, *KOTOBA)
    page.get_by_label("Search cards").fill("Katana")
    page.get_by_role("button", name="Add Katana", exact=True).click()
    expect(page.get_by_label("Copies of Katana", exact=True)).to_have_value("1")
    page.get_by_label("Deck name").fill("Shared Kotoba")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Shared Kotoba")
    deck_url = page.url
    # Private first: its public page is "Not found" for anyone else.
    public_url = deck_url.rstrip("/") + "/public/"
    stranger = browser.new_context(base_url=site.url)
    try:
        other = stranger.new_page()
        assert other.goto(public_url).status == 404
        page.get_by_role("button", name="Make public").click()
        expect(page.locator(".visibility")).to_contain_text("Public")
        share = page.get_by_label(re.compile("^Share link"))
        expect(share).to_have_value(re.compile(r"/decks/\d+/public/$"))
        link = share.input_value()
        page.get_by_role("button", name="Copy link").click()
        expect(page.locator(".copy-state")).not_to_be_empty()
        screenshot(page, "deck-builder-public")
        # Signed out, in a browser with no cookies at all.
        response = other.goto(link)
        assert response is not None and response.status == 200
        expect(other.get_by_role("heading", level=1)).to_have_text("Shared Kotoba")
        expect(other.get_by_role("link", name="Sign in to copy it into your decks")).to_be_visible()
        expect(other.locator("#deck-stats")).to_be_visible()
        expect(other.locator("tr[data-card] a.card-link").first).to_have_text("Katana")
        screenshot(other, "deck-public-signed-out")
        axe_check(other, "a public deck signed out")
        # Copy it into bob's decks: sign in from the link, come back, copy.
        other.get_by_role("link", name="Sign in to copy it into your decks").click()
        other.get_by_label("Username").fill("bob")
        other.get_by_label("Password").fill("bob-demo")
        other.get_by_role("button", name="Sign in").click()
        other.wait_for_url(re.compile(r"/public/$"))
        other.get_by_role("button", name="Copy into my decks").click()
        expect(other.get_by_role("heading", level=1)).to_have_text("Shared Kotoba (copy)")
        other.set_viewport_size(PHONE)
        other.goto(link)
        no_horizontal_scroll(other)
        screenshot(other, "deck-public-phone")
        # Made private again: the link is "Not found" to others.
        page.get_by_role("button", name="Make private").click()
        expect(page.locator(".visibility")).to_contain_text("Private")
        assert other.goto(link).status == 404
    finally:
        stranger.close()


# --- §5 fixes ----------------------------------------------------------------------------------


def test_back_after_two_filter_changes_keeps_the_guild(page: Any) -> None:
    page.goto("/cards/")
    page.get_by_label("Guild").select_option("zil")
    expect(page).to_have_url(re.compile(r"guild=zil"))
    page.get_by_label("Show").select_option("character")
    expect(page).to_have_url(re.compile(r"guild=zil.*kind=character|kind=character.*guild=zil"))
    page.go_back()
    expect(page).not_to_have_url(re.compile(r"kind=character"))
    expect(page.get_by_label("Guild")).to_have_value("zil")
    expect(page.get_by_label("Show")).to_have_value("")
    page.get_by_label("Level").select_option("1")
    expect(page).to_have_url(re.compile(r"guild=zil"))
    expect(page).to_have_url(re.compile(r"level=1"))
    expect(page.get_by_label("Guild")).to_have_value("zil")


def test_a_refused_add_puts_the_focus_on_its_message(page: Any) -> None:
    sign_in(page, ALICE)
    page.goto("/collection/")
    page.get_by_label("Card or character").fill("telendar")
    page.get_by_role("spinbutton", name="Copies").fill("0")
    page.get_by_role("button", name="Add", exact=True).click()
    error = page.locator("#id_count_error")
    expect(error).to_be_visible()
    expect(error).to_be_focused()
    assert page.evaluate("document.activeElement !== document.body")


def test_no_xp_card_for_a_copy_that_cannot_evolve(page: Any) -> None:
    sign_in(page, ALICE)
    page.goto("/collection/")
    for slug in ("eclairs-3", "xp-50-1"):
        page.get_by_label("Card or character").fill(slug)
        page.get_by_role("spinbutton", name="Copies").fill("1")
        page.get_by_role("button", name="Add", exact=True).click()
        expect(page.locator(".notice")).to_be_visible()
    last = page.locator("li.copy", has=page.locator('a[href="/cards/eclairs-3/"]')).first
    expect(last).to_contain_text("can never evolve again")
    expect(last.locator('select[name="xp_card"]')).to_have_count(0)
    screenshot(page, "collection-last-level")


def test_the_signed_in_menu_is_compact_on_a_phone(phone_page: Any) -> None:
    sign_in(phone_page, ALICE)
    phone_page.goto("/")
    header = phone_page.locator(".site-header")
    box = header.bounding_box()
    assert box is not None and box["height"] <= 80, box  # one line: the logo and "Menu"
    toggle = phone_page.get_by_role("button", name="Menu")
    toggle.click()
    expect(phone_page.get_by_role("link", name="My decks")).to_be_visible()
    no_horizontal_scroll(phone_page)
    screenshot(phone_page, "menu-phone-open")
    toggle.click()
    expect(phone_page.get_by_role("link", name="My decks")).to_be_hidden()


def test_the_standings_win_rate_shows_on_a_phone(page: Any) -> None:
    sign_in(page, ALICE)
    start(page, kind="Gauntlet", first=GOLEMS, opponents=[GARDE, SABRE], games=10)
    page.get_by_role("button", name="Start the simulation").click()
    page.wait_for_url(JOB_URL)
    standings = page.locator("table.sim-standings")
    expect(standings).to_be_visible(timeout=RESULTS_TIMEOUT)
    page.set_viewport_size(PHONE)
    page.reload()
    header = page.locator("table.sim-standings th", has_text="Win rate")
    expect(header).to_be_visible()
    box = header.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"], box
    rate = page.locator("table.sim-standings tbody tr").first.locator("td.sim-rate")
    cell = rate.bounding_box()
    assert cell is not None and cell["x"] + cell["width"] <= PHONE["width"], cell
    expect(rate).to_have_text(re.compile(r"^\d+\.\d%$"))
    standings.scroll_into_view_if_needed()
    screenshot(page, "standings-phone")


def test_a_polled_1000_game_matchup_moves(page: Any) -> None:
    sign_in(page, ALICE)
    start(page, kind="Matchup", first=GOLEMS, opponents=[GARDE], games=1000, policy="greedy", seed="3")
    page.get_by_role("button", name="Start the simulation").click()
    page.wait_for_url(JOB_URL)
    expect(page.locator(".sim-settings")).to_contain_text("100")  # chunks of a tenth of the pairing
    progress = page.get_by_role("progressbar", name="Games played")
    seen: list[tuple[float, int]] = []
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        value = int(progress.get_attribute("value") or 0)
        if not seen or seen[-1][1] != value:
            seen.append((time.monotonic(), value))
        if value >= 1000:
            break
        time.sleep(0.5)
    values = [v for _, v in seen]
    assert values[-1] == 1000, values
    # How many intermediate values a poll sees depends on the machine's speed (an idle machine
    # plays the 1,000 games between two polls): no assertion on it (a timing assertion would be
    # flaky); the plan of chunks of a tenth is asserted above, the values seen are printed.
    gaps = [b[0] - a[0] for a, b in itertools.pairwise(seen)]
    print(f"progress {values}, longest wait {max(gaps, default=0.0):.1f} s")


def test_a_tap_previews_a_card_and_its_link_opens_it(browser: Any, site: Site, console: Any) -> None:
    context = browser.new_context(base_url=site.url, viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: console.errors.append(f"page error: {e}"))
        page.goto("/cards/?q=eclairs")
        link = page.locator('#results a.card-link[href="/cards/eclairs-1/"]')
        link.tap()
        preview = page.locator(".card-preview")
        expect(preview).to_be_visible()
        expect(page).to_have_url(re.compile(r"/cards/\?q=eclairs"))  # the first tap only previews
        open_page = preview.locator(".card-preview-open")
        expect(open_page).to_have_attribute("href", re.compile(r"/cards/eclairs-1/$"))
        screenshot(page, "card-preview-phone")
        # on a phone the face covers the name: its "Open …'s page" link opens the card
        open_page.tap()
        expect(page).to_have_url(re.compile(r"/cards/eclairs-1/$"))
    finally:
        context.close()
