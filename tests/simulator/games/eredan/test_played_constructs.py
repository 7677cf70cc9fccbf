"""Constructs of the effect language v2 the engine once refused and now plays (issue 15 §3):
each test plays a real position with short made-up cards (cards/domain/effects.py is the contract)."""

from __future__ import annotations

import pytest

from simulator.games.eredan.compiled import UnsupportedSpecError
from simulator.games.eredan.ops import ATK, DEF, SPI
from tests.simulator.games.eredan.factories import card, character, fight, line, play_cards, prepare_game

FILLER = card("filler", effects=[{"op": "modify", "stat": "defense", "amount": 1}])
PILES = ([FILLER] * 8, [FILLER] * 8)


def _by_level(base: bool = False) -> object:
    """A card giving Esprit +N for the combat, N the holder's level (printed, with ``base``)."""
    per = {"stat": "level", "of": "self", "base": base}
    return card(f"wise-{base}", effects=[{"op": "modify", "stat": "spirit", "amount": {"per": per}}])


# --- modify stat "level" ------------------------------------------------------------------------


def test_a_level_modifier_is_what_a_count_of_the_level_reads():
    """cards/domain/effects.py, ``modify`` stat ``level``: "gains 2 levels until the end of the
    game" — a count of ``{"stat": "level"}`` then reads the printed level plus it; ``base`` reads
    the printed level only."""
    rise = card(
        "rise",
        chain={"any": True},
        effects=[{"op": "modify", "stat": "level", "amount": 2, "duration": "game"}],
    )
    for base, expected in ((False, 3), (True, 1)):
        wise = _by_level(base)
        s = prepare_game(line("a"), line("b"), hands=([rise, wise, FILLER], [FILLER]), piles=PILES)
        fight(s, 0, 0)
        play_cards(s, a=[rise, wise])
        assert s.stat(0, SPI) == 1 + expected


def test_a_level_ability_holds_for_the_combat():
    """A character's ability "Niveau +1" (``modify`` level, for the combat) counts while it fights."""
    sage = character("sage", abilities=[{"op": "modify", "stat": "level", "amount": 1}])
    wise = _by_level()
    s = prepare_game([sage, *line("a")[1:]], line("b"), hands=([wise, FILLER], [FILLER]), piles=PILES)
    fight(s, 0, 0)
    play_cards(s, a=[wise])
    assert s.stat(0, SPI) == 1 + 2


# --- an ability's target "all_allies" / "all_enemies" ---------------------------------------------


def _after_choice(chars_a, chars_b, mine):
    s = prepare_game(chars_a, chars_b, hands=([FILLER], [FILLER]), piles=PILES)
    fight(s, mine, 0)
    return s


def test_an_ability_on_all_allies_reaches_every_ally_that_fights_itself_included():
    """cards/domain/effects.py, targets: ``all_allies`` is every living character of the player's
    side, the holder included — a character ability "vos personnages ont Défense +2" (for the
    combat) reaches whichever of them fights, once, while its holder lives."""
    banner = character(
        "banner", abilities=[{"op": "modify", "stat": "defense", "amount": 2, "target": "all_allies"}]
    )
    chars = [character("a-1"), banner, character("a-3")]
    assert _after_choice(chars, line("b"), 0).stat(0, DEF) == 1 + 2
    assert _after_choice(chars, line("b"), 1).stat(1, DEF) == 1 + 2  # the holder, not twice
    gone = prepare_game(chars, line("b"), hands=([FILLER], [FILLER]), piles=PILES, hp=[12, 0, 12, 12, 12, 12])
    fight(gone, 0, 0)
    assert gone.stat(0, DEF) == 1  # a dead holder gives nothing


def test_an_ability_on_all_enemies_reaches_the_enemy_fighter():
    """``all_enemies`` in an ability: every living enemy, so the one its side fights."""
    hex_ = character(
        "hex", abilities=[{"op": "modify", "stat": "spirit", "amount": -1, "target": "all_enemies"}]
    )
    s = _after_choice([character("a-1"), hex_, character("a-3")], line("b"), 0)
    assert s.stat(3, SPI) == 0
    assert s.stat(0, SPI) == 1


# --- condition "dead" ---------------------------------------------------------------------------


def _martyr(dead):
    """ "While I am dead (or alive), my allies have Attaque +2" (for the combat)."""
    aura = {"op": "modify", "stat": "attack", "amount": 2, "target": "other_allies", "when": {"dead": dead}}
    return character("martyr", abilities=[aura])


def test_an_aura_of_a_dead_character_holds_only_once_it_is_dead():
    """cards/domain/effects.py, condition ``dead`` (true: a character's ability that holds only
    while its holder is dead, "tant que X est mort"): the aura reaches the allies then, not before."""
    chars = [character("a-1"), _martyr(True), character("a-3")]
    alive = _after_choice(chars, line("b"), 0)
    assert alive.stat(0, ATK) == 0
    s = prepare_game(chars, line("b"), hands=([FILLER], [FILLER]), piles=PILES, hp=[12, 0, 12, 12, 12, 12])
    fight(s, 0, 0)
    assert s.stat(0, ATK) == 2


def test_dead_false_is_an_ability_of_a_living_character():
    """Condition ``dead`` false: while it lives — how every ability holds."""
    chars = [character("a-1"), _martyr(False), character("a-3")]
    assert _after_choice(chars, line("b"), 0).stat(0, ATK) == 2
    s = prepare_game(chars, line("b"), hands=([FILLER], [FILLER]), piles=PILES, hp=[12, 0, 12, 12, 12, 12])
    fight(s, 0, 0)
    assert s.stat(0, ATK) == 0


def test_a_dead_condition_on_the_holder_itself_is_refused():
    """A dead character does not fight: ``dead`` true is played on an aura only (else refused)."""
    ghost = character(
        "ghost", abilities=[{"op": "modify", "stat": "defense", "amount": 1, "when": {"dead": True}}]
    )
    with pytest.raises(UnsupportedSpecError, match="dead"):
        prepare_game([ghost, *line("a")[1:]], line("b"), hands=([FILLER], [FILLER]), piles=PILES)
