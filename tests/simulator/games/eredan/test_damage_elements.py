"""Damage of an element in the engine (cards/domain/effects.py: ``damage.element``, the ``elements``
of ``immune``, ``damage_taken``, ``damage_dealt`` and of the events ``damaged`` / ``deals``): a
Sort of an element deals damage of that element; any card's damage may name one ("3 dégâts magiques
de type Feu")."""

from __future__ import annotations

from tests.simulator.games.eredan.factories import (
    card,
    character,
    events,
    fight,
    line,
    play_cards,
    prepare_game,
)

FILLER = card("filler", effects=[{"op": "modify", "stat": "spirit", "amount": 1}])
PILES = ([FILLER] * 8, [FILLER] * 8)
BOLT = card("bolt", "foudre", effects=[{"op": "damage", "kind": "magical", "amount": 5}])
FLASK = card("flask", effects=[{"op": "damage", "kind": "magical", "amount": 5, "element": "feu"}])
MAGE = character("b-1", classes=("mage",))


def played(effects, b, *, chars_a=None):
    """Seat 0's character 0 plays a card with ``effects``; the Mage it fights plays ``b`` on it."""
    c = card("tested", effects=effects)
    s = prepare_game(
        chars_a or line("a"), [MAGE, *line("b")[1:]], hands=([c, FILLER], [b, FILLER]), piles=PILES
    )
    fight(s, 0, 0)
    play_cards(s, a=[c], b=[b])
    return s


def test_an_immunity_to_an_element_stops_its_damage_only():
    """A Sort Foudre deals Lightning damage; a card's damage says its element."""
    s = played([{"op": "immune", "elements": ["foudre"]}], BOLT)
    assert s.hp[0] == 12 and events(s, "immune")
    s = played([{"op": "immune", "elements": ["feu"]}], BOLT)
    assert s.hp[0] == 12 - (5 - 1)  # Esprit 1
    s = played([{"op": "immune", "elements": ["feu"]}], FLASK)
    assert s.hp[0] == 12 - 2  # the Mage's clash (an Action is not a spell): not Fire
    s = played([{"op": "immune", "elements": ["feu"], "kinds": ["physical"]}], FLASK)
    assert s.hp[0] == 12 - 4 - 2  # Fire, but magical


def test_bonuses_on_an_elements_damage():
    s = played([{"op": "damage_taken", "amount": 2, "elements": ["feu"]}], FLASK)
    assert s.hp[0] == 12 - (4 + 2) - 2  # and the clash
    s = played([{"op": "damage_taken", "amount": 2, "elements": ["feu"]}], BOLT)
    assert s.hp[0] == 12 - 4


def test_a_trigger_on_damage_of_an_element():
    """ "Chaque fois que vous subissez des dégâts de type Feu, vous gagnez 1 PV"."""
    burnt = character(
        "a-1",
        abilities=[
            {
                "op": "trigger",
                "on": {"damaged": "self", "elements": ["feu"]},
                "effects": [{"op": "modify", "stat": "defense", "amount": 2}],
            }
        ],
    )
    s = played([{"op": "modify", "stat": "attack", "amount": 1}], FLASK, chars_a=[burnt, *line("a")[1:]])
    assert s.stat(0, 1) == 1 + 2  # DEF
    s = played([{"op": "modify", "stat": "attack", "amount": 1}], BOLT, chars_a=[burnt, *line("a")[1:]])
    assert s.stat(0, 1) == 1


def test_an_immunity_to_the_damage_of_its_players_cards():
    """ "Ne peut pas être blessé par les effets de vos cartes": its own player's cards hurt it no
    more; the enemy's cards and the clash still do."""
    backlash = card("backlash", effects=[{"op": "damage", "kind": "direct", "amount": 3, "target": "self"}])
    proud = character("a-1", abilities=[{"op": "immune", "by": "player"}])
    s = prepare_game(
        [proud, *line("a")[1:]],
        [MAGE, *line("b")[1:]],
        hands=([backlash, FILLER], [BOLT, FILLER]),
        piles=PILES,
    )
    fight(s, 0, 0)
    play_cards(s, a=[backlash], b=[BOLT])
    assert s.hp[0] == 12 - 4  # the enemy's Sort only
    plain = prepare_game(
        line("a"), [MAGE, *line("b")[1:]], hands=([backlash, FILLER], [BOLT, FILLER]), piles=PILES
    )
    fight(plain, 0, 0)
    play_cards(plain, a=[backlash], b=[BOLT])
    assert plain.hp[0] == 12 - 4 - 3


def test_an_immunity_to_the_damage_of_the_items_it_plays():
    """ "Ne peut pas être blessé par les Objets qu'il joue": an Objet it plays hurts it no more, an
    Action it plays still does."""
    bomb = card("bomb", "potion", effects=[{"op": "damage", "kind": "direct", "amount": 3, "target": "self"}])
    slap = card("slap", effects=[{"op": "damage", "kind": "direct", "amount": 2, "target": "self"}])
    careful = character(
        "a-1",
        abilities=[
            {"op": "immune", "by": "self", "by_cards": {"type": "objet"}, "target": {"group": "allies"}}
        ],
    )
    s = prepare_game([careful, *line("a")[1:]], line("b"), hands=([bomb, FILLER], [FILLER]), piles=PILES)
    fight(s, 0, 0)
    play_cards(s, a=[bomb])
    assert events(s, "immune") and s.hp[0] == 12 - 2  # the clash only
    s = prepare_game([careful, *line("a")[1:]], line("b"), hands=([slap, FILLER], [FILLER]), piles=PILES)
    fight(s, 0, 0)
    play_cards(s, a=[slap])
    assert s.hp[0] == 12 - 2 - 2


def test_this_turn_then_from_the_next_turn():
    """ "Il a Défense -2 durant le tour où cette carte s'active, puis Défense -1 à partir du tour
    suivant" on a card attached to the opponent: -2 this turn, -1 each turn after it."""
    from tests.simulator.games.eredan.factories import end_turn, play

    hex_ = card(
        "hex",
        effects=[
            {"op": "modify", "stat": "defense", "amount": -2},
            {
                "op": "trigger",
                "on": "turn_start",
                "effects": [{"op": "modify", "stat": "defense", "amount": -1}],
            },
        ],
        play={"stays": "permanent", "attach": "opponent"},
    )
    s = prepare_game(line("a"), line("b"), hands=([hex_, FILLER], [FILLER]), piles=PILES)
    fight(s, 0, 0)
    play(s, hex_, on=3)
    play_cards(s)
    assert s.stat(3, 1) == 1 - 2  # DEF, this turn
    end_turn(s)
    assert s.stat(3, 1) == 1 - 1  # the next turn
