"""The condition ``opponent_shares`` (cards/domain/effects.py): the two fighters have a class, a
guild, a race or a caste in common, read as they are now (``traits`` given count)."""

from __future__ import annotations

import pytest

from simulator.games.eredan.ops import DEF
from tests.simulator.games.eredan.factories import character, line
from tests.simulator.games.eredan.test_language_v2 import boost, played

MAGE = character("magus", classes=("mage",), race="guemelite_feu", castes=("sorcelame",), guild="noz")
DUO = character("duo", classes=("pretre", "mage"), race="guemelite_eau", guild="zil")
BRUTE = character("brute", classes=("combattant",), race="humain", castes=("sorcelame",), guild="noz")
COURTIER = character("courtier", classes=("combattant",), race="humain", castes=("courtisan",), guild="zil")
UNKNOWN_A = character("nobody-a", classes=("inconnue",), race="inconnue")
UNKNOWN_B = character("nobody-b", classes=("inconnue",), race="inconnue")


@pytest.mark.parametrize(
    ("kind", "mine", "theirs", "holds"),
    [
        ("class", MAGE, DUO, True),
        ("class", MAGE, BRUTE, False),
        ("race", MAGE, DUO, True),  # both Guémélites (a race also counts as its parent)
        ("race", MAGE, BRUTE, False),
        ("caste", MAGE, BRUTE, True),
        ("caste", MAGE, DUO, False),
        ("guild", MAGE, BRUTE, True),
        ("guild", MAGE, DUO, False),
        ("guild", MAGE, COURTIER, True),  # a Courtisan is in every guild but the Mercenaries
        ("class", UNKNOWN_A, UNKNOWN_B, False),  # an unknown class is no class in common
        ("race", UNKNOWN_A, UNKNOWN_B, False),
    ],
)
def test_the_fighters_share_a_kind_or_not(kind, mine, theirs, holds):
    s = played(
        boost({"opponent_shares": kind}), chars_a=[mine, *line("a")[1:]], chars_b=[theirs, *line("b")[1:]]
    )
    assert s.stat(0, DEF) == 1 + (5 if holds else 0)
    s = played(
        boost({"not": {"opponent_shares": kind}}),
        chars_a=[mine, *line("a")[1:]],
        chars_b=[theirs, *line("b")[1:]],
    )
    assert s.stat(0, DEF) == 1 + (0 if holds else 5)


def test_a_class_given_is_a_class_in_common():
    given = [{"op": "traits", "mode": "add", "classes": ["combattant"]}, *boost({"opponent_shares": "class"})]
    s = played(given, chars_a=[MAGE, *line("a")[1:]], chars_b=[BRUTE, *line("b")[1:]])
    assert s.stat(0, DEF) == 6


@pytest.mark.parametrize("key", ["shares", "not_shares"])
def test_the_filters_shares_are_refused_by_name(key):
    """A selector filter that reads the holder (``shares`` / ``not_shares``): a CharFilter does not
    know the holder, so the engine refuses it by name instead of playing it wrong."""
    from simulator.games.eredan.compiled import UnsupportedSpecError
    from tests.simulator.games.eredan.factories import card, prepare_game
    from tests.simulator.games.eredan.test_language_v2 import FILLER, PILES

    hex_ = card(
        "hex",
        effects=[
            {"op": "modify", "stat": "spirit", "amount": -1, "target": {"group": "characters", key: "race"}}
        ],
    )
    with pytest.raises(UnsupportedSpecError, match=key):
        prepare_game(line("a"), line("b"), hands=([hex_], [FILLER]), piles=PILES)


TWIN = character("twin", classes=("mage", "pretre"), race="humain", castes=("sorcelame",))


@pytest.mark.parametrize(
    ("count", "mine", "theirs", "expected"),
    [
        ({"common": "class"}, DUO, TWIN, 2),
        ({"common": "class"}, MAGE, TWIN, 1),
        ({"common": "class"}, BRUTE, DUO, 0),
        ({"common": "caste"}, MAGE, TWIN, 1),
        ({"common": "class"}, UNKNOWN_A, UNKNOWN_B, 0),
    ],
)
def test_the_count_of_classes_or_castes_in_common(count, mine, theirs, expected):
    """Count ``common``: "Défense +1 par Classe en commun entre les 2 personnages en combat"."""
    per = [{"op": "modify", "stat": "defense", "amount": {"per": count}}]
    s = played(per, chars_a=[mine, *line("a")[1:]], chars_b=[theirs, *line("b")[1:]])
    assert s.stat(0, DEF) == 1 + expected
