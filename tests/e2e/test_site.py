"""The site shell in a real browser: home page, sign in and out, keyboard, phone-sized screens."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.e2e.conftest import ALICE, screenshot, sign_in


def test_home_page_shows_the_card_database_and_links(page: Any) -> None:
    page.goto("/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Eredan iTCG")
    expect(page.locator(".hero")).to_contain_text("characters")
    expect(page.get_by_role("navigation").get_by_role("link", name="Sign in")).to_be_visible()
    screenshot(page, "home")


def test_sign_in_and_out(page: Any) -> None:
    sign_in(page, ALICE)
    expect(page.locator(".who")).to_have_text("alice")
    expect(page.get_by_role("navigation").get_by_role("link", name="My decks")).to_be_visible()
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("navigation").get_by_role("link", name="Sign in")).to_be_visible()


def test_a_wrong_password_is_refused_beside_the_form_keeping_the_username(page: Any) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill("not-her-password")
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator(".form-errors")).to_contain_text("correct username and password")
    expect(page.get_by_label("Username")).to_have_value("alice")
    screenshot(page, "sign-in-refused")


def test_signing_in_with_the_keyboard_only(page: Any) -> None:
    page.goto("/accounts/login/")
    page.keyboard.type("alice")  # the username field has the focus
    page.keyboard.press("Tab")
    page.keyboard.type("alice-demo")
    page.keyboard.press("Enter")
    expect(page.locator(".who")).to_have_text("alice")


def test_the_navigation_fits_a_phone_screen(phone_page: Any) -> None:
    sign_in(phone_page, ALICE)
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px screen"
    screenshot(phone_page, "home-phone")
