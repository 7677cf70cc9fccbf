"""Markers counted, then spent, as the compiler reads "…, puis vous les perdez", "ces marqueurs sont
supprimés", "vous perdez jusqu'à N marqueurs et avez +1 pour chacun d'eux" (cards/domain/
grammar_markers.py): the effects of a card resolve in order, so the count reads the markers before
they leave (cards/domain/effects.py, op ``marker``; docs/rules/eredan.md §3 step 2)."""

from __future__ import annotations

from simulator.games.eredan.ops import DEF, SPI
from tests.simulator.games.eredan.factories import card, fight, line, play_cards, prepare_game

FILLER = card("filler", effects=[{"op": "modify", "stat": "attack", "amount": 1}])


def _played(effects):
    tested = card("tested", effects=effects)
    # both keep a card in hand: the game stops at the discard step of the turn, the combat's
    # modifiers still in place
    s = prepare_game(
        line("a"), line("b"), hands=([tested, FILLER], [FILLER]), piles=([FILLER] * 6, [FILLER] * 6)
    )
    fight(s, 0, 0)
    play_cards(s, a=[tested])
    return s


def test_the_markers_of_both_fighters_counted_then_removed():
    s = _played(
        [
            {"op": "marker", "name": "poudre", "count": 2},
            {"op": "marker", "name": "poudre", "count": 3, "target": "opponent"},
            {"op": "marker", "name": "poudre", "count": 4, "target": "other_allies"},
            {"op": "modify", "stat": "defense", "amount": {"per": {"markers": "poudre", "on": "fighters"}}},
            {"op": "marker", "name": "poudre", "count": "all", "target": "fighters"},
        ]
    )
    base = _played([]).stat(0, DEF)
    assert s.stat(0, DEF) == base + 5  # 2 of its own and 3 of the opponent's, not its allies'
    assert s.markers["poudre"] == [0, 4, 4, 0, 0, 0]


def test_at_most_n_markers_lost_a_bonus_for_each():
    effects = [
        {"op": "modify", "stat": "spirit", "amount": {"per": {"markers": "poudre", "on": "self"}, "max": 3}},
        {"op": "marker", "name": "poudre", "count": -3},
    ]
    base = _played([]).stat(0, SPI)
    few = _played([{"op": "marker", "name": "poudre", "count": 2}, *effects])
    many = _played([{"op": "marker", "name": "poudre", "count": 5}, *effects])
    assert few.stat(0, SPI) == base + 2 and few.markers["poudre"][0] == 0
    assert many.stat(0, SPI) == base + 3 and many.markers["poudre"][0] == 2
