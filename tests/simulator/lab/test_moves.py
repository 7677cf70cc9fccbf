"""The optimizer's neighbourhood (simulator/lab/moves.py): every move reaches a legal deck, with a
collection only owned copies, kept cards and characters stay (docs/rules/eredan.md §2)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from decks.validator import validate_deck
from simulator.lab.moves import (
    ADD,
    CHARACTER,
    REMOVE,
    SWAP,
    SWAP_LINE,
    Composition,
    Constraints,
    Move,
    deckable_cards,
    draw_moves,
    kept_problems,
    neighbourhood,
)
from tests.decks.catalog import CATALOG, FILLER

KOTOBA = ("iro-le-duelliste", "amaya", "aez-le-guerrier-errant")
#: 24 cards: the filler (7 × 3) and 3 Katana (Kotoba, so the deck is affiliated).
START = Composition.of(KOTOBA, {**FILLER, "katana": 3})


def test_every_move_reaches_a_legal_deck_once():
    """docs/rules/eredan.md §2: the validator passes every neighbour; no two moves reach the same deck."""
    moves = neighbourhood(START, Constraints(catalog=CATALOG))
    results = [m.apply(START) for m in moves]
    assert len(set(results)) == len(results) > 0
    for deck in results:
        assert validate_deck(characters=deck.characters, cards=deck.counts, catalog=CATALOG).valid
    kinds = Counter(m.kind for m in moves)
    assert set(kinds) == {SWAP_LINE, SWAP, ADD, REMOVE}  # characters stay unless allowed
    # Wakizashi (Kotoba) fits; a Noz'Dingard card never does (docs/rules/eredan.md §2.4).
    into = {s for m in moves for s, _ in m.into}
    assert "wakizashi" in into and "armure-noz" not in into
    # A character card or an XP card never goes in a deck (§2.1, unknown_card).
    assert "xp-100" not in into and "xp-100" not in deckable_cards(CATALOG)


def test_moves_respect_the_copy_limit_and_the_deck_size():
    """§2.5: no move puts a fourth Katana in; §2.1: no move leaves 20–50 cards."""
    moves = neighbourhood(START, Constraints(catalog=CATALOG))
    assert not any(m.kind == ADD and m.into == (("katana", 1),) for m in moves)
    small = Composition.of(KOTOBA, {k: v for k, v in FILLER.items() if k != "bouclier"} | {"bouclier": 2})
    assert small.size == 20
    assert not any(m.kind == REMOVE for m in neighbourhood(small, Constraints(catalog=CATALOG)))


def test_with_a_collection_no_move_uses_an_unowned_copy():
    """§2.9: with a collection, every copy of every neighbour is owned."""
    owned = {**dict.fromkeys(FILLER, 3), "katana": 3, "wakizashi": 1, "eclairs-1": 2}
    owned.update(dict.fromkeys(KOTOBA, 1))
    constraints = Constraints(catalog=CATALOG, owned=owned)
    moves = neighbourhood(START, constraints)
    assert moves
    for m in moves:
        deck = m.apply(START)
        assert all(n <= owned.get(s, 0) for s, n in deck.cards), m
    into = {s: n for m in moves for s, n in m.into}
    assert into.get("wakizashi") == 1  # one copy owned: a line swap of 3 Wakizashi is never offered


def test_kept_cards_and_characters_are_never_taken_out():
    keep = frozenset({"katana", "amaya"})
    constraints = Constraints(catalog=CATALOG, keep=keep, characters_may_change=True)
    moves = neighbourhood(START, constraints)
    assert not any(s == "katana" for m in moves for s, _ in m.out)
    character_moves = [m for m in moves if m.kind == CHARACTER]
    assert character_moves and all(m.position != 1 for m in character_moves)
    assert kept_problems(START, {"katana", "zahal", "amaya"}) == ["zahal"]


def test_character_moves_keep_the_deck_legal():
    """§2.2: a Zil character cannot replace a Kotoba one in a Kotoba deck; a Mercenary can."""
    moves = neighbourhood(START, Constraints(catalog=CATALOG, characters_may_change=True), kinds=[CHARACTER])
    replaced = {(m.position, m.into[0][0]) for m in moves}
    assert (2, "hares-le-brutal") in replaced
    assert not any(into == "telendar" for _, into in replaced)


def test_the_neighbourhood_is_the_same_whatever_the_order_of_the_counts():
    shuffled = Composition.of(KOTOBA, dict(reversed(list({**FILLER, "katana": 3}.items()))))
    assert shuffled == START
    constraints = Constraints(catalog=CATALOG)
    assert neighbourhood(shuffled, constraints) == neighbourhood(START, constraints)


@pytest.mark.parametrize(
    "move",
    [
        Move(SWAP, (("dague", 1),), (("wakizashi", 1),)),
        Move(SWAP_LINE, (("dague", 3),), (("wakizashi", 3),)),
        Move(CHARACTER, (("amaya", 1),), (("hares-le-brutal", 1),), 1),
    ],
)
def test_moves_apply_and_round_trip(move):
    assert Move.from_json(move.to_json()) == move
    deck = move.apply(START)
    if move.kind == CHARACTER:
        assert deck.characters == ("iro-le-duelliste", "hares-le-brutal", "aez-le-guerrier-errant")
    else:
        assert deck.count("dague") == 3 - move.out[0][1] and deck.count("wakizashi") == move.into[0][1]
        assert deck.size == START.size
    assert Composition.from_json(deck.to_json()) == deck


class CountingConstraints(Constraints):
    """Constraints that count the decks they validate."""

    calls: list[Composition]

    def legal(self, deck: Composition) -> bool:
        self.calls.append(deck)
        return super().legal(deck)


def counting(**kw):
    constraints = CountingConstraints(catalog=CATALOG, **kw)
    object.__setattr__(constraints, "calls", [])
    return constraints


def test_drawn_moves_are_legal_different_and_deterministic():
    """docs/rules/eredan.md §2: every drawn move is one of the neighbourhood's; the same RNG draws
    the same moves."""
    constraints = Constraints(catalog=CATALOG, characters_may_change=True)
    legal = set(neighbourhood(START, constraints))
    weights = {SWAP_LINE: 3.0, SWAP: 3.0, ADD: 1.0, REMOVE: 1.0, CHARACTER: 1.0}
    drawn = draw_moves(START, constraints, count=12, rng=random.Random(5), weights=weights)
    assert len(drawn) == 12 and set(drawn) <= legal
    assert len({m.apply(START) for m in drawn}) == 12
    again = draw_moves(START, constraints, count=12, rng=random.Random(5), weights=weights)
    assert again == drawn
    # Asking for more than there are gives every legal move once.
    everything = draw_moves(START, constraints, count=10_000, rng=random.Random(1), weights=weights)
    assert set(everything) == legal and len(everything) == len(legal)


def test_drawing_validates_only_what_it_draws():
    """The neighbourhood validates every raw move; a draw of a few moves validates a few decks."""
    full = counting()
    neighbourhood(START, full)
    drawing = counting()
    draw_moves(START, drawing, count=4, rng=random.Random(2), weights={SWAP: 1.0, SWAP_LINE: 1.0})
    assert len(full.calls) > 200
    assert 4 <= len(drawing.calls) < len(full.calls) / 10


def test_out_weights_choose_what_leaves_the_deck():
    """A card's weight makes it the one taken out (until its legal moves run out); the card
    brought in stays uniform."""
    constraints = Constraints(catalog=CATALOG)
    katana = [m for m in neighbourhood(START, constraints, kinds=[SWAP]) if m.out == (("katana", 1),)]
    assert len(katana) >= 3
    weights = dict.fromkeys(START.counts, 1e-9) | {"katana": 1.0}
    drawn = draw_moves(
        START,
        constraints,
        count=len(katana) + 1,
        rng=random.Random(3),
        weights={SWAP: 1.0},
        out_weights=weights,
    )
    assert set(drawn[:-1]) == set(katana) and drawn[-1].out != (("katana", 1),)
