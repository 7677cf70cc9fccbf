"""Card-level data of version 2 (cards/domain/specs.py): how a card comes into play and stays
(``PlayRules``), caste requirements, and the card matches that chains and filters use."""

from __future__ import annotations

import pytest

from cards.domain.effects import CardMatch, parse_card_match
from cards.domain.specs import (
    CardSpec,
    CharacterSpec,
    PlayRules,
    Requirements,
    SpecError,
    Stays,
    card_matches,
    parse_play_rules,
    parse_requirements,
)
from cards.domain.text import Names, card_text


def _card(**kwargs):
    base = {
        "slug": "x",
        "family": "x",
        "level": 1,
        "name_en": "X",
        "name_fr": "X",
        "type": "action",
        "type_path": ("action",),
    }
    base.update(kwargs)
    return CardSpec(**base)


def _character(**kwargs):
    base = {
        "slug": "c",
        "family": "c",
        "level": 1,
        "name_en": "C",
        "name_fr": "C",
        "guild": "noz",
        "classes": ("mage",),
        "race": "humain",
        "hp": 10,
        "attack_min": 1,
        "attack_max": 3,
        "defense": 1,
        "spirit": 3,
    }
    base.update(kwargs)
    return CharacterSpec(**base)


@pytest.mark.parametrize(
    "data",
    [
        {"stays": "permanent"},
        {"stays": {"turns": 2}},
        {"stays": {"turns": [2, 4]}},
        {"stays": {"combats": 3}, "attach": "opponent"},
        {"acts": "after_combat", "stays": "permanent"},
        {"acts": "now"},
        {"stays": "permanent", "attach": {"group": "allies", "pick": "choice", "class": "artisan"}},
        {"one_per_character": True},
        {"dual_wield_with": ["katana", "parole-de-l-empereur"]},
    ],
)
def test_play_rules_round_trip(data):
    rules = parse_play_rules(data)
    assert rules.to_json() == data
    assert parse_play_rules(rules.to_json()) == rules


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"acts": "later"}, "play.acts"),
        ({"stays": "forever"}, "play.stays"),
        ({"stays": {"turns": 0}}, "play.stays.turns"),
        ({"stays": {"turns": [3, 2]}}, "play.stays.turns"),
        ({"stays": "no", "attach": "opponent"}, "play.attach"),
        ({"attach": "nobody"}, "play.attach"),
        ({"one_per_character": "yes"}, "play.one_per_character"),
        ({"dual_wield_with": "katana"}, "play.dual_wield_with"),
        ({"colour": "red"}, "play"),
    ],
)
def test_invalid_play_rules_name_the_field(data, field):
    with pytest.raises(SpecError) as info:
        parse_play_rules(data)
    assert info.value.field == field


def test_card_text_beats_the_type_default():
    """docs/rules/eredan.md §3 — "Card text beats these rules": a jewel that says Permanent is carried
    and acts after the combat (the Pierre-coeur cards); a potion stays its default."""
    jewel = _card(type="pierre_coeur", type_path=("objet", "bijou", "pierre_coeur"))
    assert not jewel.attaches and not jewel.acts_after_combat
    carried = _card(
        type="pierre_coeur",
        type_path=("objet", "bijou", "pierre_coeur"),
        play=PlayRules(stays=Stays("permanent")),
    )
    assert carried.attaches and carried.acts_after_combat
    action = _card(play=PlayRules(stays=Stays("turns", 2, 2)))
    assert action.attaches and not action.acts_after_combat  # an action acts at once, then stays
    late = _card(play=PlayRules(acts="after_combat"))
    assert late.acts_after_combat and not late.attaches
    sword = _card(type="epee", type_path=("objet", "arme", "arme_a_une_main", "epee"), persistent=True)
    assert sword.attaches and sword.acts_after_combat


def test_play_rules_in_the_rules_text():
    card = _card(play=PlayRules(stays=Stays("combats", 2, 2), attach="opponent", one_per_character=True))
    assert card_text(card, "en").splitlines() == [
        "Stays: acts at once, stays in play for 2 combats, attached to the opponent.",
        "One copy per character at most.",
    ]
    assert card_text(card, "fr").splitlines()[0] == (
        "En jeu : agit aussitôt, reste en jeu pendant 2 combats, attachée à l'adversaire."
    )
    sword = _card(
        type="epee",
        type_path=("objet", "arme", "arme_a_une_main", "epee"),
        persistent=True,
        dual_wield=True,
        play=PlayRules(dual_wield_with=("katana",)),
    )
    names = Names(families={"katana": ("Katana", "Katana")})
    assert "Ambidexterity only beside 'Katana'." in card_text(sword, "en", names)


def test_caste_requirements():
    """A card reserved to a caste ("réservée aux Sorcelames")."""
    req = parse_requirements({"castes": ["sorcelame"]})
    assert req == Requirements(castes=frozenset({"sorcelame"}))
    assert req.allows(_character(castes=("sorcelame",)))
    assert not req.allows(_character())
    assert req.to_json()["castes"] == ["sorcelame"]
    # version-1 requirements keep their JSON
    assert Requirements(classes=frozenset({"mage"})).to_json() == {
        "classes": ["mage"],
        "characters": [],
        "races": [],
    }
    with pytest.raises(SpecError):
        parse_requirements({"castes": "sorcelame"})


@pytest.mark.parametrize(
    ("match", "card", "expected"),
    [
        (
            {"type": "objet", "guild": "pirates"},
            {"type": "epee", "type_path": ("objet", "arme", "epee"), "guild": "pirates"},
            True,
        ),
        (
            {"type": "objet", "guild": "pirates"},
            {"type": "epee", "type_path": ("objet", "arme", "epee")},
            False,
        ),
        ({"type": "sort", "zone": False}, {"type": "feu", "type_path": ("sort", "feu")}, True),
        ({"type": "sort", "zone": False}, {"type": "feu", "type_path": ("sort", "feu"), "zone": True}, False),
        (
            {"any_of": [{"type": "theurgie"}, {"type": "eau"}]},
            {"type": "eau", "type_path": ("sort", "eau")},
            True,
        ),
        (
            {"any_of": [{"type": "theurgie"}, {"type": "eau"}]},
            {"type": "feu", "type_path": ("sort", "feu")},
            False,
        ),
        (
            {"caste_reserved": "sorcelame"},
            {"requirements": Requirements(castes=frozenset({"sorcelame"}))},
            True,
        ),
        ({"race_reserved": "golem"}, {"requirements": Requirements(races=frozenset({"golem"}))}, True),
        (
            {"class_reserved": "artisan", "type": "objet"},
            {
                "type": "epee",
                "type_path": ("objet", "arme", "epee"),
                "requirements": Requirements(classes=frozenset({"artisan"})),
            },
            True,
        ),
        (
            {"class_reserved": "artisan", "type": "objet"},
            {"requirements": Requirements(classes=frozenset({"artisan"}))},
            False,
        ),
    ],
)
def test_card_matches_version_2(match, card, expected):
    parsed = parse_card_match(match, "match")
    assert parsed.to_json() == match
    assert card_matches(parsed, _card(**card)) is expected


def test_a_version_1_match_is_unchanged():
    assert parse_card_match({"type": "epee", "hands": 1}, "m") == CardMatch("type", "epee", hands=1)
