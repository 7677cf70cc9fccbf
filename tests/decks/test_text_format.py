"""The deck text format (docs/decks.md "Text format"): reading, writing, round trips, bad lines."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.domain.specs import Catalog
from decks.text_format import DeckTextError, deck_text_export, deck_text_parse, normalize_name
from tests.decks.catalog import CATALOG, card, character

TEXT = """\
# Lames de Kotoba
Name: Lames de Kotoba
Characters:
Iro le duelliste
Amaya
Aez le guerrier errant

Cards:
3 Katana
2x Wakizashi
1 Éclairs (niveau 3)
Baume de soin x3
"""


def parse(text, catalog=CATALOG):
    return deck_text_parse(text, catalog=catalog)


def test_parse_the_documented_example():
    deck = parse(TEXT)
    assert deck.name == "Lames de Kotoba"
    assert deck.characters == ["iro-le-duelliste", "amaya", "aez-le-guerrier-errant"]
    assert deck.cards == {"katana": 3, "wakizashi": 2, "eclairs-3": 1, "baume-de-soin": 3}


def test_accents_case_spacing_and_english_names_are_forgiven():
    text = """personnages :
IRO   LE DUELLISTE
the shadow
aez-le-guerrier-errant
CARTES:
3 × katana
2 ECLAIRS (Level 2)
1 lightning bolts (niv. 1)
1 Baton mystique
1 noz dingard armour
"""
    deck = parse(text)
    assert deck.characters == ["iro-le-duelliste", "ombreuse", "aez-le-guerrier-errant"]
    assert deck.cards == {"katana": 3, "eclairs-2": 2, "eclairs-1": 1, "baton-mystique": 1, "armure-noz": 1}


def test_slugs_are_accepted():
    deck = parse("Characters:\nzahal-2\nkounok\nCards:\n3 eclairs-1\n")
    assert deck.characters == ["zahal-2", "kounok"]
    assert deck.cards == {"eclairs-1": 3}


def test_a_name_shared_by_levels_means_the_lowest_level():
    assert parse("Cards:\n2 Éclairs\n").cards == {"eclairs-1": 2}
    assert parse("Characters:\nZahal\n").characters == ["zahal"]


def test_headers_are_optional():
    deck = parse("Iro le duelliste\nAmaya\n3 Katana\nKatana x 0\n".replace("Katana x 0\n", ""))
    assert deck.characters == ["iro-le-duelliste", "amaya"]
    assert deck.cards == {"katana": 3}


def test_same_card_on_two_lines_adds_up():
    assert parse("Cards:\n1 Katana\n2 katana\n").cards == {"katana": 3}


def test_a_card_line_without_count_is_one_copy():
    assert parse("Cards:\nKatana\n").cards == {"katana": 1}


def test_bad_lines_are_all_reported_with_their_line_numbers():
    text = """Characters:
Iro le duelliste
Nobody at all
2 Amaya
Cards:
3 Katanna
0 Wakizashi
1 Éclairs (niveau 7)
500 Katana
1 {weird} name
"""
    with pytest.raises(DeckTextError) as info:
        parse(text)
    errors = info.value.errors
    assert [e.line for e in errors] == [3, 4, 6, 7, 8, 9, 10]
    assert "unknown character 'Nobody at all'" in errors[0].message
    assert "once" in errors[1].message
    assert "did you mean 'Katana'" in errors[2].message
    assert "1 to 99" in errors[3].message
    assert "no level 7" in errors[4].message and "1, 2, 3" in errors[4].message
    assert "1 to 99" in errors[5].message
    assert "unknown card '{weird} name'" in errors[6].message
    assert str(errors[0]).startswith("line 3: ")


def test_a_name_shared_by_two_families_asks_for_a_slug():
    other = card("katana-noir", "Katana", "epee", name_en="Black Katana")
    catalog = Catalog(characters=CATALOG.characters, cards={**CATALOG.cards, "katana-noir": other})
    with pytest.raises(DeckTextError, match="katana, katana-noir"):
        parse("Cards:\n1 Katana\n", catalog)
    assert parse("Cards:\n1 katana-noir\n1 Black Katana\n", catalog).cards == {"katana-noir": 2}


def test_export_shape():
    text = deck_text_export(
        name="Lames de Kotoba",
        characters=["iro-le-duelliste", "amaya", "aez-le-guerrier-errant"],
        cards={"wakizashi": 2, "katana": 3, "eclairs-3": 1},
        catalog=CATALOG,
    )
    assert text == (
        "Name: Lames de Kotoba\nCharacters:\nIro le duelliste\nAmaya\nAez le guerrier errant\n\n"
        "Cards:\n1 Éclairs (niveau 3)\n3 Katana\n2 Wakizashi\n"
    )


def test_export_uses_a_slug_when_the_name_is_ambiguous():
    other = card("katana-noir", "Katana", "epee", name_en="Katana")
    twin = character("amaya-bis", "Amaya", "kotoba")
    catalog = Catalog(
        characters={**CATALOG.characters, "amaya-bis": twin}, cards={**CATALOG.cards, "katana-noir": other}
    )
    text = deck_text_export(
        characters=["amaya", "amaya-bis"], cards={"katana": 1, "katana-noir": 2}, catalog=catalog
    )
    assert "\namaya\namaya-bis\n" in text
    assert "1 katana\n2 katana-noir\n" in text
    back = parse(text, catalog)
    assert back.characters == ["amaya", "amaya-bis"]
    assert back.cards == {"katana": 1, "katana-noir": 2}


def test_normalize_name():
    assert normalize_name("  Cœur de Sève ") == "coeur de seve"
    assert normalize_name("Noz’Dingard") == normalize_name("noz-dingard") == "noz dingard"


deck_st = st.tuples(
    st.lists(st.sampled_from(sorted(CATALOG.characters)), max_size=4),
    st.dictionaries(
        st.sampled_from(sorted(CATALOG.cards)), st.integers(min_value=1, max_value=99), max_size=15
    ),
    st.none() | st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), max_size=30),
)


@settings(max_examples=100, deadline=None)
@given(deck_st, st.sampled_from(["fr", "en"]))
def test_export_then_import_round_trips_exactly(deck, lang):
    """docs/decks.md "Text format": export then import gives back the same deck, and the same text
    — in either card language (issue 19 §4)."""
    characters, cards, name = deck
    text = deck_text_export(characters=characters, cards=cards, catalog=CATALOG, name=name, lang=lang)
    back = parse(text)
    assert back.characters == characters
    assert back.cards == cards
    expected_name = " ".join(name.split()) if name else None
    assert back.name == (expected_name or None)
    again = deck_text_export(
        characters=back.characters, cards=back.cards, catalog=CATALOG, name=back.name, lang=lang
    )
    assert again == text


def test_export_names_cards_in_the_card_language():
    cards = {"eclairs-2": 1, "boule-de-feu": 2}
    english = deck_text_export(characters=["telendar"], cards=cards, catalog=CATALOG, lang="en")
    assert english == "Characters:\nTelendar\n\nCards:\n2 Fireball\n1 Lightning Bolts (level 2)\n"
    french = deck_text_export(characters=["telendar"], cards=cards, catalog=CATALOG)
    assert french == "Characters:\nTélendar\n\nCards:\n2 Boule de feu\n1 Éclairs (niveau 2)\n"


def test_blank_name_is_no_name():
    assert not deck_text_export(characters=[], cards={}, catalog=CATALOG, name="  \t").startswith("Name")


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_text_parses_or_reports_bad_lines(text):
    """Whatever is typed, the reader answers a deck or a DeckTextError with line numbers — never
    another exception."""
    try:
        parsed = parse(text)
    except DeckTextError as exc:
        assert exc.errors
        assert all(1 <= e.line <= max(1, len(text.splitlines())) for e in exc.errors)
    else:
        assert all(slug in CATALOG.characters for slug in parsed.characters)
        assert all(slug in CATALOG.cards and n >= 1 for slug, n in parsed.cards.items())


def test_a_suggestion_names_each_card_once_with_its_level():
    """A misspelt card of an evolution family: each level suggested once, as a line that reads
    back to it — never "'Éclairs' or 'Éclairs' or 'Éclairs'"."""
    with pytest.raises(DeckTextError) as info:
        parse("Cards:\n1 Eclaire\n")
    message = info.value.errors[0].message
    suggested = message.split("did you mean ")[1].rstrip("?").split(" or ")
    assert suggested == ["'Éclairs (niveau 1)'", "'Éclairs (niveau 2)'", "'Éclairs (niveau 3)'"]
    assert [parse(f"Cards:\n1 {s[1:-1]}\n").cards for s in suggested] == [
        {"eclairs-1": 1},
        {"eclairs-2": 1},
        {"eclairs-3": 1},
    ]
