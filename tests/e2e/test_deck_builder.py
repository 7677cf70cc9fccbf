"""The deck builder in a real browser (issue 10): sign in, build a deck that breaks a rule and see
the violation appear, fix it and see it turn valid, save it and find it in My decks; export and
import; duplicate and delete; the keyboard; a phone-sized screen."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.e2e.conftest import ALICE, BOB, screenshot, sign_in

#: A legal Kotoba deck of the bundled card set (docs/rules/eredan.md §2): 20 cards, none reserved.
CARDS = [
    ("Katana", 3),
    ("Wakizashi", 3),
    ("Baume de soin", 3),
    ("Fléau", 3),
    ("Campement", 3),
    ("Chakra du Cubit", 3),
    ("Dans la bataille", 2),
]


def violations(page: Any) -> Any:
    return page.locator("#validation .violations li")


def status(page: Any) -> Any:
    return page.locator("#validation [data-status]")


def add_card(page: Any, name: str, copies: int) -> None:
    """Find a card in the picker, add it, and type its number of copies."""
    page.get_by_label("Search cards").fill(name)
    page.get_by_role("button", name=f"Add {name}", exact=True).click()
    count = page.get_by_label(f"Copies of {name}", exact=True)
    expect(count).to_have_value("1")
    if copies != 1:
        count.fill(str(copies))
        count.press("Tab")


def settled(page: Any) -> None:
    """Wait until htmx has settled the last re-render: it takes over the new nodes' buttons only
    then (it marks them ``htmx-added`` until it does); a key pressed before that submits the form
    natively, a reload of the whole page (which works, but loses the focus and the URL)."""
    page.wait_for_function("() => document.querySelectorAll('.htmx-added, .htmx-settling').length === 0")


def pick_characters(page: Any, *labels: str) -> None:
    for number, label in enumerate(labels, start=1):
        page.get_by_label(f"Character {number}").select_option(label=label)


def no_horizontal_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width}px wide"


def test_build_a_deck_see_a_rule_broken_fix_it_and_save_it(page: Any) -> None:
    sign_in(page, ALICE)
    page.get_by_role("navigation").get_by_role("link", name="My decks").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("My decks")
    expect(page.locator(".demo-list li")).to_have_count(10)
    screenshot(page, "deck-list")

    page.get_by_role("link", name="New deck", exact=True).click()
    page.get_by_label("Deck name").fill("Lames de Kotoba")
    # docs/rules/eredan.md §2.2 — Iro (Kotoba) beside Zahal (Noz'Dingard): a guild conflict
    pick_characters(
        page, "Aez le guerrier errant (niveau 1)", "Iro le duelliste (niveau 1)", "Zahal (niveau 1)"
    )
    expect(violations(page).filter(has_text="guild_conflict")).to_have_count(1)
    expect(page.locator('[data-slot="3"]')).to_have_class(re.compile(r"\bhighlight\b"))
    for name, copies in CARDS:
        add_card(page, name, copies)
    expect(page.locator("#cards-h")).to_contain_text("20 of 20–50")
    # docs/rules/eredan.md §2.5 — a fourth Katana breaks the copy limit; its row is highlighted
    katana = page.get_by_label("Copies of Katana", exact=True)
    katana.fill("4")
    katana.press("Tab")
    expect(violations(page).filter(has_text="copy_limit")).to_contain_text(
        "At most 3 copies of a card: 4× Katana."
    )
    expect(page.locator('tr[data-card="katana-1"]')).to_have_attribute("data-codes", "copy_limit")
    expect(status(page)).to_have_text("Invalid")
    expect(page.locator(".save-state")).to_have_text("Unsaved changes")
    screenshot(page, "deck-builder-invalid")

    # fix both: Amaya (Kotoba) for Zahal, three Katana
    page.get_by_label("Character 3").select_option(label="Amaya (niveau 1)")
    katana.fill("3")
    katana.press("Tab")
    expect(status(page)).to_have_text("Valid")
    expect(violations(page)).to_have_count(0)
    expect(page.locator("[data-affiliation]")).to_have_text("Kotoba")
    expect(page.locator("tr.highlight")).to_have_count(0)
    expect(page.locator("#deck-verdict")).to_have_text(
        "Valid; affiliation Kotoba; 20 cards."
    )  # screen readers
    screenshot(page, "deck-builder-valid")

    page.get_by_role("button", name="Save").click()
    expect(page.locator(".messages")).to_contain_text("Saved “Lames de Kotoba” (valid).")
    expect(page.locator(".save-state")).to_have_text("Saved")
    page.get_by_role("navigation").get_by_role("link", name="My decks").click()
    row = page.locator(".deck-table tr", has_text="Lames de Kotoba")
    expect(row).to_contain_text("Kotoba")
    expect(row.locator(".badge")).to_have_text("Valid")
    expect(row).to_contain_text("20")


def test_export_a_demo_deck_and_import_it(page: Any) -> None:
    sign_in(page, BOB)
    page.goto("/decks/")
    page.get_by_role("link", name=re.compile(r"^Noz'Dingard — Aez, Harès et Zahal")).click()
    expect(page.locator("#deck-form")).to_have_count(0)  # a demo deck is read-only
    screenshot(page, "deck-demo-readonly")
    with page.expect_download() as download:
        page.get_by_role("link", name="Export text").click()
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert text.startswith("Name: Noz'Dingard — Aez, Harès et Zahal")
    assert "\nCharacters:\nAez le guerrier errant (niveau 1)\n" in text

    # a bad line is refused beside the field, the text kept
    page.goto("/decks/")
    text_field = page.get_by_role("textbox", name="Deck text")
    text_field.fill(text.replace("2 Fléau", "2 Flaeu"))
    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.locator(".line-errors")).to_contain_text("unknown card 'Flaeu' — did you mean 'Fléau'?")
    expect(text_field).to_have_value(text.replace("2 Fléau", "2 Flaeu"))
    screenshot(page, "deck-import-error")

    text_field.fill(text)
    page.get_by_label("Name").fill("Mercenaires de Bob")
    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Mercenaires de Bob")
    expect(status(page)).to_have_text("Valid")
    expect(page.locator("[data-affiliation]")).to_have_text("Noz'Dingard Envoys")
    with page.expect_download() as again:
        page.get_by_role("link", name="Export text").click()
    exported = Path(again.value.path()).read_text(encoding="utf-8")
    assert exported == text.replace(text.splitlines()[0], "Name: Mercenaires de Bob")

    # import another deck's text into this one: replaces its content, kept until Save
    page.get_by_text("Import a deck text into this deck").click()
    page.get_by_role("textbox", name="Deck text").fill(
        "Characters:\nIro le duelliste (niveau 1)\nAmaya (niveau 1)\nAez le guerrier errant (niveau 1)\n"
        "Cards:\n3 Katana\n"
    )
    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.get_by_label("Character 1")).to_have_value("iro-1")
    expect(page.get_by_label("Copies of Katana", exact=True)).to_have_value("3")
    expect(violations(page).filter(has_text="deck_size")).to_have_count(1)
    expect(page.locator(".save-state")).to_have_text("Unsaved changes")
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".messages")).to_contain_text("saved as a draft: it breaks some rules")
    screenshot(page, "deck-builder-imported")


def test_duplicate_then_delete_with_confirmation(page: Any) -> None:
    sign_in(page, ALICE)
    page.goto("/decks/")
    page.get_by_role("button", name=re.compile(r"^Copy Kotoba — Aez, Iro et Amaya")).click()
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_contain_text("(copy)")
    copy_url = page.url
    page.get_by_role("button", name="Duplicate").click()
    expect(heading).to_contain_text("(copy) (copy)")
    page.get_by_role("link", name="Delete…").click()
    expect(heading).to_contain_text("Delete “Kotoba")
    screenshot(page, "deck-delete")
    page.get_by_role("button", name="Delete the deck").click()
    expect(page.locator(".messages")).to_contain_text("Deleted “Kotoba")
    expect(page.locator(".deck-table a", has_text="(copy) (copy)")).to_have_count(0)
    page.goto(copy_url)
    expect(heading).to_contain_text("(copy)")  # the first copy is still there


def test_the_builder_works_from_the_keyboard(page: Any) -> None:
    sign_in(page, ALICE)
    page.goto("/decks/new/")
    page.get_by_label("Character 1").focus()
    page.keyboard.press("ArrowDown")  # the first character of the list
    expect(page.locator('[data-slot="1"] .hint')).not_to_be_empty()
    page.get_by_label("Search cards").focus()
    page.keyboard.type("katana")
    add = page.get_by_role("button", name="Add Katana", exact=True)
    expect(add).to_be_visible()
    add.focus()
    page.keyboard.press("Enter")
    count = page.get_by_label("Copies of Katana", exact=True)
    expect(count).to_have_value("1")
    settled(page)  # Enter before htmx takes over the new editor's buttons would reload the page
    count.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("5")
    page.keyboard.press("Enter")  # checks the deck, does not save it
    expect(page.locator('tr[data-card="katana-1"]')).to_have_attribute(
        "data-codes", re.compile(r"\bcopy_limit\b")
    )
    expect(count).to_be_focused()  # the re-rendered editor keeps the focus where it was
    expect(page).to_have_url(re.compile(r"/decks/new/$"))


def test_leaving_with_unsaved_changes_asks_first(page: Any) -> None:
    sign_in(page, ALICE)
    page.goto("/decks/new/")
    page.get_by_label("Character 1").select_option(label="Amaya (niveau 1)")
    expect(page.locator(".save-state")).to_have_text("Unsaved changes")
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.type)
        dialog.dismiss()  # stay on the page

    page.on("dialog", answer)
    page.get_by_role("navigation").get_by_role("link", name="My decks").click()
    expect(page.get_by_label("Character 1")).to_have_value("amaya-1")
    assert asked == ["beforeunload"]


def test_the_deck_pages_fit_a_phone_screen(phone_page: Any) -> None:
    page = phone_page
    sign_in(page, ALICE)
    page.goto("/decks/")
    no_horizontal_scroll(page)
    screenshot(page, "deck-list-phone")
    page.goto("/decks/new/")
    pick_characters(page, "Iro le duelliste (niveau 1)", "Amaya (niveau 1)", "Zahal (niveau 1)")
    add_card(page, "Epée des 5 ancêtres", 2)
    add_card(page, "Eclairs (niveau 1)", 1)
    expect(violations(page).filter(has_text="unique_limit")).to_have_count(1)
    no_horizontal_scroll(page)
    table = page.locator(".deck-cards .table-wrap")
    expect(table).to_be_visible()  # drawn once the cards are counted (a loaded machine is slower)
    assert table.evaluate("e => e.scrollWidth <= e.clientWidth"), "the card table scrolls sideways"
    screenshot(page, "deck-builder-phone")
    page.goto("/decks/")
    page.get_by_role("link", name=re.compile(r"^Zil — les lames")).first.click()
    no_horizontal_scroll(page)
    screenshot(page, "deck-demo-phone")


def test_a_refused_save_keeps_everything_with_the_message_beside_the_field(page: Any) -> None:
    sign_in(page, ALICE)
    page.goto("/decks/new/")
    page.get_by_label("Character 1").select_option(label="Amaya (niveau 1)")
    add_card(page, "Katana", 2)
    expect(page.locator("#cards-h")).to_contain_text("2 of")
    page.get_by_role("button", name="Save").click()  # no name
    expect(page.locator("#deck-name-error")).to_have_text("A deck needs a name.")
    expect(page.get_by_label("Deck name")).to_be_focused()
    expect(page.get_by_label("Character 1")).to_have_value("amaya-1")
    expect(page.get_by_label("Copies of Katana", exact=True)).to_have_value("2")
    expect(page.locator(".form-errors")).to_contain_text("Nothing was saved")
    screenshot(page, "deck-builder-refused")
