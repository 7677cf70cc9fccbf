"""decks/history.py: what changed between two deck contents (pure, hand-checked cases)."""

from __future__ import annotations

from decks.history import MINUS, DeckContent, DeckDiff, deck_diff, diff_labels
from tests.decks.catalog import CATALOG

OLD = DeckContent.of(
    "Lames", ["iro-le-duelliste", "amaya", "aez-le-guerrier-errant"], {"katana": 3, "dague": 2}
)


def test_identical_contents_have_an_empty_diff():
    diff = deck_diff(OLD, DeckContent.of("Lames", list(OLD.characters), {"dague": 2, "katana": 3}))
    assert diff.empty
    assert diff.summary() == "no change"
    assert diff.added == diff.removed == 0


def test_card_counts_characters_and_name():
    new = DeckContent.of(
        "Lames 2",
        ["iro-le-duelliste", "hares-le-brutal", "aez-le-guerrier-errant"],
        {"katana": 1, "fleau": 2},
    )
    diff = deck_diff(OLD, new)
    assert [(c.card, c.before, c.after, c.delta) for c in diff.cards] == [
        ("dague", 2, 0, -2),
        ("fleau", 0, 2, 2),
        ("katana", 3, 1, -2),
    ]
    assert [(c.position, c.before, c.after) for c in diff.characters] == [(1, "amaya", "hares-le-brutal")]
    assert diff.name == ("Lames", "Lames 2")
    assert diff.size == (5, 3)
    assert (diff.added, diff.removed) == (2, 4)
    # Added cards first, then the removed ones, each by slug; then characters; then the name.
    assert diff.summary() == (
        f"+2 fleau, {MINUS}2 dague, {MINUS}2 katana; amaya → hares-le-brutal; renamed “Lames” → “Lames 2”"
    )


def test_summary_names_cards_and_characters():
    new = DeckContent.of(
        "Lames", ["iro-le-duelliste", "amaya", "hares-le-brutal"], {"katana": 3, "eclairs-1": 1}
    )
    diff = deck_diff(OLD, new)
    labelled = diff.labelled(diff_labels(diff, CATALOG))
    # Éclairs has three levels in the catalog: its label says which.
    assert labelled.summary() == (
        f"+1 Éclairs (niveau 1), {MINUS}2 Dague; Aez le guerrier errant → Harès le Brutal"
    )


def test_first_version_lists_everything_as_new():
    diff = deck_diff(None, OLD)
    assert diff.name is None
    assert [(c.position, c.before, c.after) for c in diff.characters] == [
        (0, None, "iro-le-duelliste"),
        (1, None, "amaya"),
        (2, None, "aez-le-guerrier-errant"),
    ]
    assert diff.added == 5 and diff.removed == 0


def test_fewer_characters_reports_the_empty_positions():
    new = DeckContent.of("Lames", ["iro-le-duelliste"], dict(OLD.cards))
    diff = deck_diff(OLD, new)
    assert [(c.position, c.before, c.after) for c in diff.characters] == [
        (1, "amaya", None),
        (2, "aez-le-guerrier-errant", None),
    ]


def test_order_of_the_counts_does_not_matter_and_json_round_trips():
    a = deck_diff(OLD, DeckContent.of("Lames", list(OLD.characters), {"katana": 2, "fleau": 1}))
    b = deck_diff(
        DeckContent.of("Lames", list(OLD.characters), {"dague": 2, "katana": 3}),
        DeckContent.of("Lames", list(OLD.characters), {"fleau": 1, "katana": 2}),
    )
    assert a.to_json() == b.to_json()
    again = DeckDiff.from_json(a.to_json())
    assert again.to_json() == a.to_json()
