"""The deck's groups, statistics and draw odds (decks/stats.py), against values worked by hand."""

from __future__ import annotations

import dataclasses

import pytest

from cards.domain.effects import CardMatch
from cards.domain.specs import Catalog
from cards.domain.text import Names
from decks.stats import cards_seen, deck_groups, deck_stats, p_at_least_one
from tests.decks.catalog import CARDS, CATALOG, CHARACTERS

NAMES = Names(
    classes={"mage": ("Mage", "Mage"), "maraudeur": ("Rogue", "Maraudeur")},
    types={"foudre": ("Lightning", "Foudre"), "feu": ("Fire", "Feu")},
)


def test_odds_by_hand() -> None:
    # 3 copies in 20 cards, 5 drawn: 1 - C(17,5)/C(20,5) = 1 - 6188/15504
    assert p_at_least_one(20, 3, 5) == pytest.approx(1 - 6188 / 15504)
    assert p_at_least_one(20, 3, 5) == pytest.approx(0.600877, abs=1e-6)
    # 1 copy in 20, 5 drawn: 5/20
    assert p_at_least_one(20, 1, 5) == pytest.approx(0.25)
    # 1 copy: n/D for any n
    assert p_at_least_one(40, 1, 7) == pytest.approx(7 / 40)
    # 2 copies in 10, 2 drawn: 1 - C(8,2)/C(10,2) = 1 - 28/45
    assert p_at_least_one(10, 2, 2) == pytest.approx(17 / 45)
    # 3 copies in 20, 6 drawn (turn 2): 1 - C(17,6)/C(20,6) = 1 - 12376/38760
    assert p_at_least_one(20, 3, 6) == pytest.approx(1 - 12376 / 38760)


def test_odds_edges() -> None:
    assert p_at_least_one(20, 0, 5) == 0.0
    assert p_at_least_one(0, 3, 5) == 0.0
    assert p_at_least_one(20, 3, 0) == 0.0
    assert p_at_least_one(20, 3, 18) == 1.0  # fewer cards left than non-copies
    assert p_at_least_one(20, 3, 50) == 1.0  # the whole deck
    assert p_at_least_one(4, 9, 1) == 1.0


def test_cards_seen_follows_the_draw_rules() -> None:
    # five in hand on turn 1, then one drawn back for each card played
    assert [cards_seen(t) for t in (1, 2, 3, 6)] == [5, 6, 7, 10]
    assert cards_seen(3, per_turn=2) == 9


def test_groups_by_kind_and_item_slot() -> None:
    cards = {"katana": 2, "eclairs-1": 3, "cotte-de-mailles": 1, "bouclier": 2, "baume-de-soin": 3,
             "attaque-sournoise": 1, "benediction-du-gardien": 2, "amulette": 1}  # fmt: skip
    groups = deck_groups(cards, CATALOG)
    assert [(g.key, g.count) for g in groups] == [
        ("action", 1),
        ("spell", 3),
        ("item:weapon", 2),
        ("item:armor", 3),
        ("item:consumable", 3),
        ("item:other_item", 1),
        ("theurgy", 2),
    ]
    assert [e.slug for e in groups[3].entries] == ["cotte-de-mailles", "bouclier"]
    assert deck_groups(cards, CATALOG, lang="fr")[1].label == "Sortilèges"


def test_stats_counts() -> None:
    chain_card = dataclasses.replace(
        next(c for c in CARDS if c.slug == "attaque-sournoise"), chain=CardMatch(kind="any")
    )
    catalog = Catalog(
        characters={c.slug: c for c in CHARACTERS},
        cards={**CATALOG.cards, chain_card.slug: chain_card},
        version="t",
    )
    cards = {"eclairs-1": 2, "eclairs-2": 1, "boule-de-feu": 3, "attaque-sournoise": 3, "dague": 3,
             "grimoire-de-mage": 1, "eclairs-3": 1, "unknown": 3}  # fmt: skip
    stats = deck_stats(cards, catalog, NAMES)
    assert stats.size == 14
    assert [(t.key, t.count) for t in stats.by_kind] == [
        ("action", 3),
        ("spell", 7),
        ("item:weapon", 3),
        ("item:other_item", 1),
    ]
    assert {t.label: t.count for t in stats.by_element} == {"Lightning": 4, "Fire": 3}
    assert {t.label: t.count for t in stats.by_requirement} == {"Anyone": 10, "Rogue": 3, "Mage": 1}
    assert [(t.label, t.count) for t in stats.by_level] == [("Level 1", 12), ("Level 2", 1), ("Level 3", 1)]
    assert stats.chain_count == 3 and [t.key for t in stats.chain] == ["attaque-sournoise"]
    assert stats.unique_count == 1
    assert stats.by_kind[1].share == pytest.approx(7 / 14)
    spells = next(r for r in stats.odds if r.key == "spell")
    # 7 spells in 14 cards, 5 in hand: 1 - C(7,5)/C(14,5) = 1 - 21/2002
    assert spells.odds[0] == pytest.approx(1 - 21 / 2002)
    chain = next(r for r in stats.odds if r.key == "chain")
    # 3 in 14; turn 2 = 6 cards: 1 - C(11,6)/C(14,6) = 1 - 462/3003
    assert stats.turns[1] == 2 and chain.odds[1] == pytest.approx(1 - 462 / 3003)
    assert [r.key for r in stats.odds if r.key.startswith("card:")][:2] == [
        "card:dague",
        "card:boule-de-feu",
    ]


def test_empty_deck() -> None:
    stats = deck_stats({}, CATALOG, NAMES)
    assert stats.size == 0 and stats.odds == [] and stats.by_kind == []
