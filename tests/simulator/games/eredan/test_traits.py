"""``traits`` (cards/domain/effects.py): classes, races, guilds, castes and keywords given, set or
taken away for a while — every rule reading them reads the changed ones (traitops.py)."""

from __future__ import annotations

import pytest

from simulator.games.eredan.compiled import UnsupportedSpecError
from simulator.games.eredan.ops import RACE_PARENT_ELEMENT
from tests.simulator.games.eredan.factories import (
    card,
    card_id,
    character,
    end_turn,
    events,
    fight,
    line,
    play,
    play_cards,
    playable,
    prepare_game,
    reference,
)

JAB = card("jab", effects=[{"op": "modify", "stat": "attack", "amount": 1}])
FILLER = card("filler", effects=[{"op": "modify", "stat": "spirit", "amount": 1}])
SPARK = card("spark", "feu", effects=[{"op": "damage", "kind": "magical", "amount": 2}])


def _game(a_cards, b_cards=(JAB,), *, chars_a=None, chars_b=None, piles=None):
    return prepare_game(
        chars_a or line("a"),
        chars_b or line("b"),
        hands=(list(a_cards), list(b_cards)),
        piles=piles or ([FILLER] * 8, [JAB] * 8),
    )


def test_a_class_given_for_the_game_lets_its_character_play_the_classes_cards():
    """docs/rules/eredan.md §3 Classes: a Sortilège needs a Mage — a Combattant given the class
    Mage may play one from then on, its playable cards recomputed."""
    study = card("study", effects=[{"op": "traits", "mode": "add", "classes": ["mage"], "duration": "game"}])
    s = _game([study, SPARK])
    fight(s, 0, 0)
    assert "spark" not in playable(s)
    play_cards(s, a=[study])
    assert s.chars[0].classes == {"combattant", "mage"} and s.tables.chars[0].classes == {"combattant"}
    assert events(s, "traits")[0]["classes"] == ["combattant", "mage"]
    assert s.play_mask[0] >> card_id(s, SPARK) & 1 and not s.play_mask[1] >> card_id(s, SPARK) & 1
    end_turn(s)
    assert s.chars[0].classes == {"combattant", "mage"}  # the game


def test_a_race_given_for_the_combat_holds_for_the_conditions_then_ends_with_the_turn():
    """``played_by_race`` reads the race given (the card's own later effect), for the combat only."""
    beast = card(
        "beast",
        effects=[
            {"op": "traits", "mode": "add", "races": ["bete"]},
            {"op": "modify", "stat": "attack", "amount": 3, "when": {"played_by_race": "bete"}},
        ],
    )
    s = _game([beast])
    fight(s, 0, 0)
    play_cards(s, a=[beast])
    assert events(s, "attack")[0]["attack"] == 6  # 3 + 3: a Human and a Beast
    assert s.chars[0].race == "humain" and "bete" in s.chars[0].more_races
    end_turn(s)
    assert s.trait_grants == [] and s.chars[0] is s.tables.chars[0]


def test_a_set_guild_and_castes_taken_away_change_what_the_opponent_conditions_read():
    shift = card(
        "shift",
        effects=[
            {"op": "traits", "mode": "set", "guilds": ["zil"], "target": "opponent", "duration": "game"},
            {"op": "traits", "mode": "remove", "castes": "all", "target": "opponent", "duration": "game"},
            {"op": "modify", "stat": "attack", "amount": 2, "when": {"opponent_guild": "zil"}},
            {"op": "modify", "stat": "attack", "amount": 5, "when": {"opponent_caste": "champion"}},
        ],
    )
    champion = character("b-1", castes=["champion"])
    s = _game([shift], chars_b=[champion, *line("b")[1:]])
    fight(s, 0, 0)
    play_cards(s, a=[shift])
    assert s.chars[3].guild == "zil" and s.chars[3].castes == frozenset()
    assert events(s, "attack")[0]["attack"] == 5  # 3 + 2: no longer a Champion


def test_an_allys_aura_on_a_race_reaches_a_character_given_that_race():
    """Auras read the changed traits (Tables.traits: their filter is read when the character fights)."""
    leader = character(
        "a-2",
        abilities=[
            {"op": "modify", "stat": "attack", "amount": 2, "target": {"group": "allies", "race": "bete"}}
        ],
    )
    beast = card(
        "beast",
        effects=[
            {"op": "traits", "mode": "add", "races": ["bete"], "target": "all_allies", "duration": "game"}
        ],
    )
    a = line("a")
    s = _game([beast], chars_a=[a[0], leader, a[2]])
    assert s.tables.traits
    fight(s, 0, 0)
    play_cards(s, a=[beast])
    end_turn(s)
    fight(s, 1, 2)  # b-2 against a-3, now a Beast
    play_cards(s)
    assert {e["character"]: e["attack"] for e in events(s, "attack")[-2:]}["a-3"] == 5


def test_a_permanent_trait_of_a_card_in_play_lasts_while_it_stays():
    """ "permanent" on a card that stays: while it is attached (cards/domain/effects.py)."""
    mask = card(
        "mask",
        effects=[{"op": "traits", "mode": "set", "races": ["demon"], "duration": "permanent"}],
        play={"stays": {"combats": 1}},
    )
    s = _game([mask])
    fight(s, 0, 0)
    play(s, mask)
    play_cards(s)
    assert s.items[0] == [] and s.chars[0] is s.tables.chars[0]  # its one combat over, it left play


def test_a_guemelite_race_given_casts_its_elements_spells_and_a_mage_loses_its_spell_chain():
    """docs/rules/eredan.md §3 Races: a Guémélite casts the Sortilèges of its element; §3 Classes: a
    mono-class Mage's spell chain is not a Guémélite's."""
    fire = card(
        "fire-blood",
        effects=[{"op": "traits", "mode": "add", "races": ["guemelite_feu"], "duration": "game"}],
    )
    mage = character("a-1", classes=["mage"])
    s = _game([fire], chars_a=[mage, *line("a")[1:]])
    assert s.chars[0].mage_spell_chain
    fight(s, 0, 0)
    play_cards(s, a=[fire])
    ch = s.chars[0]
    assert ch.more_races == {"guemelite_feu", "guemelite"} and not ch.mage_spell_chain
    s2 = _game([fire, SPARK])
    fight(s2, 0, 0)
    assert "spark" not in playable(s2)
    play_cards(s2, a=[fire])
    assert s2.play_mask[0] >> card_id(s2, SPARK) & 1


@pytest.mark.parametrize(
    ("effect", "message"),
    [
        ({"op": "traits", "mode": "set", "guilds": "all", "of": "other_allies"}, "copied"),
        ({"op": "traits", "mode": "add", "guilds": ["zil"]}, "guild given"),
        ({"op": "traits", "mode": "remove", "races": ["humain"]}, "taking away"),
    ],
)
def test_the_variants_not_played_are_refused_by_name(effect, message):
    with pytest.raises(UnsupportedSpecError, match=message):
        _game([card("odd", effects=[effect])])


def test_classes_replaced_in_a_game_with_an_artisan_are_refused():
    """An Artisan's attachments are decided once from the printed classes: classes replaced (an
    Artisan may lose its class) are refused; a class given (it stays an Artisan) is played."""
    artisan = [character("b-1", classes=["artisan"]), *line("b")[1:]]
    study = card("study", effects=[{"op": "traits", "mode": "set", "classes": ["mage"]}])
    with pytest.raises(UnsupportedSpecError, match="Artisan"):
        _game([study], chars_b=artisan)
    assert _game(
        [card("lore", effects=[{"op": "traits", "mode": "add", "classes": ["mage"]}])], chars_b=artisan
    )


def test_a_grant_by_race_is_refused_only_when_the_games_traits_may_change_its_reach():
    herd = character(
        "a-2",
        abilities=[
            {"op": "may_play", "cards": {"type": "feu"}, "target": {"group": "allies", "race": "bete"}}
        ],
    )
    a = line("a")
    beast = card("beast", effects=[{"op": "traits", "mode": "add", "races": ["bete"]}])
    with pytest.raises(UnsupportedSpecError, match="standing grant"):
        _game([beast], chars_a=[a[0], herd, a[2]])
    rage = card("rage", effects=[{"op": "traits", "mode": "add", "keywords": ["enrage"]}])
    demon = card("demon", effects=[{"op": "traits", "mode": "add", "races": ["demon"]}])
    assert _game([rage, demon], chars_a=[a[0], herd, a[2]]).tables.traits


def test_race_parents_and_elements_are_the_reference_datas():
    races = {r["slug"]: (r["parent"], r["element"]) for r in reference()["races"] if r["parent"]}
    assert races == RACE_PARENT_ELEMENT


def test_a_characters_traits_given_at_the_start_of_the_game_and_the_single_race_filter():
    """A character ability's game_start trigger gives its allies of one race another race for the
    game: the filter ``single_race`` ("non multi-racés") then leaves them out."""
    giver = character(
        "a-1",
        abilities=[
            {
                "op": "trigger",
                "on": "game_start",
                "effects": [
                    {
                        "op": "traits",
                        "mode": "add",
                        "races": ["guemelite_terre"],
                        "target": {"group": "other_allies", "race": "humain", "single_race": True},
                        "duration": "game",
                    }
                ],
            }
        ],
    )
    rally = card(
        "rally",
        effects=[
            {
                "op": "modify",
                "stat": "spirit",
                "amount": 1,
                "target": {"group": "allies", "single_race": True},
            },
        ],
    )
    s = _game([rally], chars_a=[giver, *line("a")[1:]])
    assert [s.chars[c].more_races for c in range(3)] == [
        frozenset(),
        {"guemelite_terre", "guemelite"},
        {"guemelite_terre", "guemelite"},
    ]
    fight(s, 0, 0)
    play_cards(s, a=[rally])
    assert [e["character"] for e in events(s, "modify")] == ["a-1"]  # a-2, a-3: two races now
    assert s.chars[1].race == "humain" and s.chars[3].more_races == frozenset()


def test_a_characters_own_traits_ability_is_what_it_is_all_game():
    """A ``traits`` ability about the character itself ("est aussi Elfine et Hom'chaï"): its races
    for every rule, from the start (its requirements, conditions)."""
    twofold = character("a-1", abilities=[{"op": "traits", "mode": "add", "races": ["elfine", "hom_chai"]}])
    charm = card(
        "charm",
        requirements={"races": ["hom_chai"]},
        effects=[{"op": "modify", "stat": "attack", "amount": 1}],
    )
    s = _game([charm], chars_a=[twofold, *line("a")[1:]])
    ch = s.tables.chars[0]
    assert (ch.race, ch.more_races) == ("humain", {"elfine", "hom_chai"})
    assert s.play_mask[0] >> card_id(s, charm) & 1 and not s.play_mask[1] >> card_id(s, charm) & 1
    bad = character(
        "a-1", abilities=[{"op": "traits", "mode": "add", "races": ["elfine"], "target": "opponent"}]
    )
    with pytest.raises(UnsupportedSpecError, match="traits ability"):
        _game([charm], chars_a=[bad, *line("a")[1:]])
