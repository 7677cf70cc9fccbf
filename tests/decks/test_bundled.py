"""The deck code against the bundled card set (fixtures/cardset): its demo decks and its names."""

from __future__ import annotations

import pytest

from cards.domain.cardset import load_cardset
from decks.text_format import deck_text_export, deck_text_parse
from decks.validator import validate_deck, validate_deck_spec

CARDSET = load_cardset()
CATALOG = CARDSET.catalog
DEMO = sorted(CARDSET.decks)


@pytest.mark.parametrize("slug", DEMO)
def test_bundled_demo_deck_is_legal(slug):
    """docs/rules/eredan.md §2: every demo deck the simulator runs is a legal deck."""
    spec = CARDSET.decks[slug]
    result = validate_deck_spec(spec, catalog=CATALOG)
    assert result.valid, result.violations
    by_slugs = validate_deck(
        characters=[c.slug for c in spec.characters],
        cards={c.slug: n for c, n in spec.cards},
        catalog=CATALOG,
    )
    assert by_slugs == result


@pytest.mark.parametrize("slug", DEMO)
def test_bundled_demo_deck_text_round_trip(slug):
    spec = CARDSET.decks[slug]
    characters = [c.slug for c in spec.characters]
    cards = {c.slug: n for c, n in spec.cards}
    text = deck_text_export(characters=characters, cards=cards, catalog=CATALOG, name=spec.name)
    parsed = deck_text_parse(text, catalog=CATALOG)
    assert (parsed.name, parsed.characters, parsed.cards) == (spec.name, characters, cards)


def test_every_bundled_name_reads_back():
    """Each card and character of the bundled set exports to a label that reads back to it."""
    text = deck_text_export(
        characters=sorted(CATALOG.characters), cards=dict.fromkeys(CATALOG.cards, 1), catalog=CATALOG
    )
    parsed = deck_text_parse(text, catalog=CATALOG)
    assert parsed.characters == sorted(CATALOG.characters)
    assert parsed.cards == dict.fromkeys(CATALOG.cards, 1)


@pytest.mark.django_db
def test_bundled_demo_decks_load_into_the_database():
    """decks.services.demo_decks_load(): after the card set, idempotently, all legal."""
    from cards.importers.cardset import cardset_load
    from cards.specs import catalog_cache_clear
    from decks.selectors import deck_slugs, demo_decks
    from decks.services import demo_decks_load

    cardset_load()
    catalog_cache_clear()
    report = demo_decks_load()
    assert sorted(report.created) == DEMO
    assert report.invalid == []
    assert sorted(demo_decks_load().unchanged) == DEMO
    for saved in demo_decks():
        spec = CARDSET.decks[saved.slug]
        assert deck_slugs(saved) == ([c.slug for c in spec.characters], {c.slug: n for c, n in spec.cards})
        assert saved.validation["valid"] is True
