"""The card pages in a real browser: the card browser and a card's page, "My collection" and its
actions, without JavaScript, by keyboard, and on a phone-sized screen."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.e2e.conftest import ALICE, BOB, Site, screenshot, sign_in


def fits_the_screen(page: Any, width: int = 390) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{page.url} is {scroll}px wide on a {width}px screen"


def test_browse_filter_and_open_a_card(page: Any) -> None:
    page.goto("/cards/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Cards")
    expect(page.locator(".result-count")).to_contain_text("results")
    screenshot(page, "cards-browser")

    # htmx: the results follow the filters as they change, and the address keeps them
    page.get_by_label("Guild").select_option(label="Kotoba")
    page.wait_for_url(re.compile(r"guild=kotoba"))
    expect(page.locator(".result-count")).to_contain_text("characters")
    page.get_by_label("Name").fill("iro")
    page.wait_for_url(re.compile(r"q=iro"))
    results = page.locator("#results")
    expect(results.get_by_role("link", name="Iro the Duelist")).to_have_count(3)  # levels 1 to 3
    expect(page.get_by_label("Guild")).to_have_value("kotoba")  # the form kept its state
    screenshot(page, "cards-browser-filtered")

    # a card type finds only cards; the URL can be shared
    page.goto("/cards/?type=sort&level=1")
    expect(page.get_by_label("Card type")).to_have_value("sort")
    expect(page.locator(".result-count")).to_have_text(re.compile(r"^\s*\d+ cards\s*$"))

    page.goto("/cards/?q=iro&guild=kotoba")
    results.get_by_role("link", name="Iro the Duelist").nth(1).click()
    page.wait_for_url("**/cards/iro-2/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Iro the Duelist")
    expect(page.locator(".stats")).to_contain_text("HP")
    family = page.locator(".family-levels > li")
    expect(family).to_have_count(3)
    expect(page.locator('.family-levels > li[aria-current="true"]')).to_contain_text("Level 2")
    screenshot(page, "card-detail")
    # the other levels are links
    page.locator(".family-levels").get_by_role("link", name="Level 3").click()
    page.wait_for_url("**/cards/iro-3/")
    expect(page.locator('.family-levels > li[aria-current="true"]')).to_contain_text("Level 3")


def test_the_browser_works_without_javascript(browser: Any, site: Site) -> None:
    context = browser.new_context(base_url=site.url, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto("/cards/")
        page.get_by_label("Show").select_option("card")
        page.get_by_label("Rules text").fill("XP")
        page.get_by_role("button", name="Search").click()
        page.wait_for_url(re.compile(r"text=XP"))
        expect(page.locator(".result-count")).to_have_text(re.compile(r"^\s*\d+ cards?\s*$"))
        expect(page.locator("#results").get_by_role("link", name="+ 200 XP")).to_be_visible()
        expect(page.get_by_label("Rules text")).to_have_value("XP")
    finally:
        context.close()


def test_collection_add_apply_xp_and_evolve(page: Any) -> None:
    sign_in(page, ALICE)
    page.get_by_role("navigation").get_by_role("link", name="My collection").click()
    page.wait_for_url("**/collection/**")
    expect(page.get_by_role("heading", level=1)).to_have_text("My collection")

    for slug, name in (("iro-1", "Iro the Duelist"), ("xp-200-1", "+ 200 XP")):
        page.get_by_label("Card or character").fill(slug)
        page.get_by_label("Copies", exact=True).fill("1")
        page.get_by_role("button", name="Add", exact=True).click()
        expect(page.locator(".notice")).to_contain_text(f"Added 1 copy of {name}")

    iro = page.locator('li.copy[data-copy="iro-1"]').last
    expect(iro).to_contain_text("0 XP / 160")
    # not enough XP: refused, the message beside the copy, focus on it, nothing lost
    iro.get_by_role("button", name=re.compile("^Evolve")).click()
    expect(iro.locator(".copy-errors")).to_contain_text("needs 160 (160 more)")
    expect(iro.locator(".copy-errors")).to_be_focused()
    screenshot(page, "collection-refused")

    # feed it the +200 XP card
    option = iro.locator("select[name=xp_card] option", has_text="200 XP").first
    iro.get_by_label(re.compile("^XP card")).select_option(option.get_attribute("value"))
    iro.get_by_role("button", name=re.compile("^Apply")).click()
    expect(page.locator(".notice")).to_contain_text("+200 XP, 200 XP now")
    expect(iro).to_contain_text("ready to evolve")
    expect(iro.locator("progress")).to_have_attribute("value", "100")
    screenshot(page, "collection")

    # evolve it, with the keyboard
    iro.get_by_role("button", name=re.compile("^Evolve")).focus()
    page.keyboard.press("Enter")
    expect(page.locator(".notice")).to_contain_text("evolved to level 2")
    evolved = page.locator('li.copy[data-copy="iro-2"]').last
    expect(evolved).to_contain_text("200 XP / 480")
    screenshot(page, "collection-evolved")

    # the page reloads the same (nothing was only in the browser)
    page.reload()
    evolved = page.locator('li.copy[data-copy="iro-2"]').last
    expect(evolved).to_contain_text("200 XP / 480")

    # removing asks first (htmx's confirm): dismissed, nothing is sent; accepted, the copy goes
    removals: list[str] = []
    page.on(
        "request", lambda r: removals.append(r.url) if r.method == "POST" and "/remove/" in r.url else None
    )
    count = page.locator('li.copy[data-copy="iro-2"]').count()
    page.once("dialog", lambda dialog: dialog.dismiss())
    evolved.get_by_role("button", name=re.compile("^Remove")).click()
    page.once("dialog", lambda dialog: dialog.accept())
    evolved.get_by_role("button", name=re.compile("^Remove")).click()
    expect(page.locator(".notice")).to_contain_text("Removed one copy of Iro the Duelist, level 2 (200 XP).")
    expect(page.locator('li.copy[data-copy="iro-2"]')).to_have_count(count - 1)
    assert len(removals) == 1


def test_add_from_a_cards_page(page: Any) -> None:
    sign_in(page, BOB)
    page.goto("/cards/katana-1/")
    owned = page.locator("#owned")
    text = owned.inner_text()
    before = int(re.search(r"You own (\d+)", text).group(1))  # type: ignore[union-attr]
    owned.get_by_role("button", name="Add to my collection").click()
    expect(page.locator(".messages")).to_contain_text("Added 1 copy of Katana")
    expect(owned).to_contain_text(f"You own {before + 1} cop")


def test_anonymous_visitors_sign_in_for_their_collection(page: Any) -> None:
    page.goto("/collection/")
    page.wait_for_url(re.compile(r"/accounts/login/\?next=/collection/"))
    page.get_by_label("Username").fill(ALICE[0])
    page.get_by_label("Password").fill(ALICE[1])
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url("**/collection/**")
    expect(page.get_by_role("heading", level=1)).to_have_text("My collection")


def test_the_card_pages_fit_a_phone_screen(phone_page: Any) -> None:
    sign_in(phone_page, ALICE)
    for path, name in (
        ("/cards/", "cards-browser-phone"),
        ("/cards/iro-2/", "card-detail-phone"),
        ("/collection/", "collection-phone"),
    ):
        phone_page.goto(path)
        expect(phone_page.get_by_role("heading", level=1)).to_be_visible()
        fits_the_screen(phone_page)
        screenshot(phone_page, name)
