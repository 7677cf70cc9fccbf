"""The effect language v2 in the engine (cards/domain/effects.py, the contract): conditions,
targets and selectors, amounts (rolled, stat-based, scaled with every count), durations, the
maximum HP, standing abilities on groups and on the opponent. Each test plays a real position."""

from __future__ import annotations

import pytest

from simulator.games.eredan.actions import PASS
from simulator.games.eredan.ops import ATK, DEF, HPM, SPI
from tests.simulator.games.eredan.factories import (
    card,
    character,
    end_turn,
    events,
    fight,
    line,
    play_cards,
    prepare_game,
)

JAB = card("jab", effects=[{"op": "modify", "stat": "attack", "amount": 1}])
FILLER = card("filler", effects=[{"op": "modify", "stat": "spirit", "amount": 1}])
PILES = ([FILLER] * 8, [FILLER] * 8)


def played(effects, *, chars_a=None, chars_b=None, hand_a=(), hand_b=(JAB,), type="action", **kw):
    """Seat 0's character 0 fights character 3 and plays a card with ``effects`` (then ``hand_a``);
    both keep a filler in hand (the game stops at the discard step of the turn)."""
    c = card("tested", type, effects=effects)
    s = prepare_game(
        chars_a or line("a"),
        chars_b or line("b"),
        hands=([c, *hand_a, FILLER], [*hand_b, FILLER]),
        piles=PILES,
        **kw,
    )
    fight(s, 0, 0)
    play_cards(s, a=[c, *hand_a])
    return s


def boost(when):
    """A card giving Défense +5 for the combat when ``when`` holds."""
    return [{"op": "modify", "stat": "defense", "amount": 5, "when": when}]


# --- conditions --------------------------------------------------------------------------------

MAGE = character("magus", classes=("mage",), race="elfine", castes=("sorcelame",), guild="noz")
DUO = character("duo", classes=("mage", "combattant"), race="humain")


@pytest.mark.parametrize(
    ("when", "chars_a", "chars_b", "kw", "holds"),
    [
        ({"played_by_caste": "sorcelame"}, [MAGE, *line("a")[1:]], None, {}, True),
        ({"played_by_caste": "tempus"}, [MAGE, *line("a")[1:]], None, {}, False),
        ({"opponent_caste": "sorcelame"}, None, [MAGE, *line("b")[1:]], {}, True),
        ({"played_by_single_class": True}, [MAGE, *line("a")[1:]], None, {}, True),
        ({"played_by_single_class": False}, [DUO, *line("a")[1:]], None, {}, True),
        ({"opponent_single_class": False}, None, [MAGE, *line("b")[1:]], {}, False),
        ({"opponent_is": "magus"}, None, [MAGE, *line("b")[1:]], {}, True),
        ({"opponent_is": "magus"}, None, None, {}, False),
        ({"ally_dead": "a-2"}, None, None, {"hp": [12, 0, 12, 12, 12, 12]}, True),
        ({"ally_dead": "a-2"}, None, None, {}, False),
        ({"ally_present": "a-2"}, None, None, {"hp": [12, 0, 12, 12, 12, 12]}, True),
        ({"ally_present": "b-2"}, None, None, {}, False),
        ({"ally": {"class": "mage", "guild": "noz"}}, [line("a")[0], MAGE, line("a")[2]], None, {}, True),
        ({"ally": {"class": "mage"}}, [MAGE, *line("a")[1:]], None, {}, False),  # another ally only
        ({"tapped": False}, None, None, {}, True),
        ({"opponent_tapped": True}, None, None, {}, False),
        ({"active": True}, None, None, {}, True),
        ({"active": False}, None, None, {}, False),
        ({"any": [{"active": False}, {"opponent_is": "b-1"}]}, None, None, {}, True),
        ({"any": [{"active": False}, {"opponent_is": "b-2"}]}, None, None, {}, False),
        ({"not": {"active": False}}, None, None, {}, True),
        ({"not": {"active": True}}, None, None, {}, False),
        ({"compare": {"left": {"stat": "hp", "of": "self"}, "cmp": "<", "right": 6}}, None, None, {}, False),
        (
            {"compare": {"left": {"stat": "hp", "of": "self"}, "cmp": "<", "right": 6}},
            None,
            None,
            {"hp": [5, 12, 12, 12, 12, 12]},
            True,
        ),
        (
            {
                "compare": {
                    "left": {"stat": "hp", "of": "self"},
                    "cmp": ">=",
                    "right": {"stat": "hp", "of": "opponent"},
                }
            },
            None,
            None,
            {"hp": [12, 12, 12, 9, 12, 12]},
            True,
        ),
    ],
)
def test_a_version_2_condition_holds_or_not(when, chars_a, chars_b, kw, holds):
    """cards/domain/effects.py "Condition", version 2 — each key, checked when the effect applies."""
    s = played(boost(when), chars_a=chars_a, chars_b=chars_b, **kw)
    assert s.stat(0, DEF) == 1 + (5 if holds else 0)


SWORD = card(
    "sword", "epee", effects=[{"op": "modify", "stat": "attack", "amount": 1, "duration": "permanent"}]
)


def test_carrying_match_and_opponent_carrying_match_read_the_carried_cards():
    s = played(
        [
            *boost({"carrying_match": {"type": "epee"}}),
            {
                "op": "modify",
                "stat": "spirit",
                "amount": 4,
                "when": {"opponent_carrying_match": {"card": "sword"}},
            },
        ],
        items=[[SWORD], [], [], [], [], []],
    )
    assert (s.stat(0, DEF), s.stat(0, SPI)) == (6, 1)
    s = played(boost({"carrying_match": {"type": "epee"}}), items=[[], [], [], [SWORD], [], []])
    assert s.stat(0, DEF) == 1


CHARGE = card("charge", chain={"any": True}, effects=[{"op": "modify", "stat": "attack", "amount": 1}])


def test_conditions_on_the_cards_of_the_turn():
    """``plays`` (the other card of the turn), ``follows``, ``followed_by``, ``chained``,
    ``opponent_plays``: what each player plays this turn, once the cards are revealed."""
    second = card(
        "second",
        effects=[
            {"op": "modify", "stat": "defense", "amount": 1, "when": {"chained": True}},
            {"op": "modify", "stat": "defense", "amount": 2, "when": {"follows": {"card": "charge"}}},
            {"op": "modify", "stat": "defense", "amount": 4, "when": {"plays": {"card": "charge"}}},
            {"op": "modify", "stat": "spirit", "amount": 1, "when": {"plays": {"card": "second"}}},
            {"op": "modify", "stat": "spirit", "amount": 2, "when": {"opponent_plays": {"card": "jab"}}},
        ],
    )
    first = card(
        "first",
        chain={"any": True},
        effects=[
            {"op": "modify", "stat": "attack", "amount": 3, "when": {"followed_by": {"card": "second"}}},
            {"op": "modify", "stat": "attack", "amount": 5, "when": {"chained": True}},
        ],
    )
    s = prepare_game(line("a"), line("b"), hands=([first, second, FILLER], [JAB, FILLER]), piles=PILES)
    fight(s, 0, 0)
    play_cards(s, a=[first, second], b=[JAB])
    assert s.stat(0, ATK) == 3  # followed by "second"; not chained itself
    assert s.stat(0, DEF) == 1 + 1  # chained, but follows no Charge, plays no Charge
    assert s.stat(0, SPI) == 1 + 2  # "plays" is the other card (not itself); the opponent plays a jab


def test_an_ability_on_the_cards_of_the_turn_applies_after_them():
    """A standing ability "Défense +3 si vous jouez une Arme" reads the cards of the turn: it applies
    once they are revealed (before the clash), not at the choice."""
    guard = character(
        "guard",
        abilities=[{"op": "modify", "stat": "defense", "amount": 3, "when": {"plays": {"type": "arme"}}}],
    )
    for hand, expected in (([SWORD], 4), ([JAB], 1)):
        s = prepare_game([guard, *line("a")[1:]], line("b"), hands=(hand, [JAB]), piles=PILES)
        fight(s, 0, 0)
        assert s.stat(0, DEF) == 1  # not at the choice
        play_cards(s, a=hand)
        assert s.stat(0, DEF) == expected
        assert s.hp[0] == 12 - max(0, 3 - expected)  # b-1's 3 against that Défense


# --- targets ----------------------------------------------------------------------------------------


def _spirits(s):
    return [s.stat(c, SPI) for c in range(6)]


@pytest.mark.parametrize(
    ("target", "raised"),
    [
        ("other_allies", [1, 2]),
        ("other_enemies", [4, 5]),
        ("all_characters", [0, 1, 2, 3, 4, 5]),
        ("fighters", [0, 3]),
        ({"group": "allies", "class": "mage"}, [1]),
        ({"group": "characters", "race": "elfine"}, [1, 5]),
        ({"group": "enemies", "guild": "noz"}, [5]),
        ({"group": "characters", "caste": "sorcelame"}, [1]),
        ({"group": "allies", "family": "a-3"}, [2]),
        ({"group": "characters", "single_class": False}, [4]),
        ({"group": "enemies", "tapped": True}, [4]),
        ({"group": "characters", "carrying": {"type": "epee"}}, [2]),
        ("most_wounded_ally", [2]),
        ("fewest_hp_ally", [1]),
        ({"group": "enemies", "pick": "fewest_hp"}, [3]),
    ],
)
def test_a_target_reaches_the_characters_its_group_and_filter_name(target, raised):
    """cards/domain/effects.py "Target": the group relative to the holder, its filter (guild, class,
    race or parent, caste, family, single-class, tapped, carrying), a deterministic pick."""
    elf = character("elf", race="elfine", guild="noz")
    s = played(
        [{"op": "modify", "stat": "spirit", "amount": 1, "target": target}],
        chars_a=[line("a")[0], MAGE, character("a-3", hp=20)],
        chars_b=[line("b")[0], DUO, elf],
        hp=[12, 5, 8, 4, 12, 12],
        tapped=[False, False, False, False, True, False],
        items=[[], [], [SWORD], [], [], []],
    )
    assert [c for c, v in enumerate(_spirits(s)) if v == 2] == raised


def test_a_random_pick_is_made_once_per_resolution():
    """ "Un personnage adverse au hasard subit 2 dégâts et a Défense -1": both effects reach the same
    character (one draw with the game's RNG)."""
    for seed in range(12):
        s = played(
            [
                {"op": "damage", "kind": "direct", "amount": 2, "target": "random_enemy"},
                {"op": "modify", "stat": "defense", "amount": -1, "target": "random_enemy"},
            ],
            hand_b=(),
            seed=seed,
        )
        hurt = [c for c in (3, 4, 5) if s.hp[c] < 12 - (3 if c == 3 else 0)]
        weak = [c for c in (3, 4, 5) if s.stat(c, DEF) == 0]
        assert len(weak) == 1 and (hurt == weak or weak == [3])


def test_a_random_pick_draws_every_candidate_over_seeds():
    seen = set()
    for seed in range(30):
        s = played([{"op": "modify", "stat": "spirit", "amount": 3, "target": "random_ally"}], seed=seed)
        seen.update(c for c in range(3) if s.stat(c, SPI) == 4)
    assert seen == {0, 1, 2}


# --- amounts ----------------------------------------------------------------------------------------


def test_a_rolled_modifier_is_rolled_once_for_all_its_targets():
    for seed in range(10):
        s = played([{"op": "modify", "stat": "spirit", "amount": [1, 4], "target": "all_allies"}], seed=seed)
        values = {s.stat(c, SPI) for c in range(3)}
        assert len(values) == 1 and 2 <= values.pop() <= 5


def test_a_stat_based_modifier():
    s = played(
        [{"op": "modify", "stat": "attack", "amount": {"stat": "spirit", "plus": 1}}],
        chars_a=[character("a-1", spirit=3), *line("a")[1:]],
    )
    assert s.stat(0, ATK) == 4


@pytest.mark.parametrize(
    ("per", "extra", "expected"),
    [
        ({"characters": "all_allies"}, {}, 3),
        ({"characters": "all_allies", "dead": True}, {"hp": [12, 0, 12, 12, 12, 12]}, 1),
        ({"characters": {"group": "enemies", "class": "mage"}}, {}, 1),
        ({"cards": "hand"}, {}, 2),  # the jab and the filler left in hand
        ({"cards": "hand", "match": {"card": "jab"}}, {}, 1),
        ({"cards": "deck", "owner": "opponent"}, {}, 8),
        ({"cards": "discard", "owner": "both"}, {}, 2),  # the charge and the opponent's jab, resolved
        ({"cards": "play", "owner": "both"}, {"items": [[SWORD], [], [], [SWORD], [], []]}, 2),
        ({"cards": "play", "on": "opponent"}, {"items": [[SWORD], [], [], [SWORD], [], []]}, 0),
        ({"cards": "played_turn", "owner": "both"}, {}, 3),
        ({"stat": "spirit", "of": "opponent"}, {}, 3),
        ({"stat": "hp_missing", "of": "self"}, {"hp": [7, 12, 12, 12, 12, 12]}, 5),
        ({"stat": "defense", "of": "self", "base": True}, {}, 2),
        ({"classes": "self"}, {}, 2),
        ({"guilds": "self"}, {}, 1),
        ({"castes": "self"}, {}, 0),
        ({"turn": "current"}, {"turn": 3}, 3),
        ({"distinct": "class", "among": "all_allies"}, {}, 2),  # mage, combattant
        ({"distinct": "race", "among": "all_characters"}, {}, 1),
        # several kinds, each character once: the mages (a-1, b-2) and the combattant allies (a-1..3)
        (
            {
                "characters": [
                    {"group": "characters", "class": "mage"},
                    {"group": "allies", "class": "combattant"},
                ]
            },
            {},
            4,
        ),
        ({"characters": "all_allies", "dead": "either"}, {"hp": [12, 0, 12, 12, 12, 12]}, 3),
        ({"characters": ["other_allies", "all_enemies"], "dead": True}, {"hp": [12, 0, 12, 12, 0, 12]}, 2),
        # in a state: wounded (below the maximum HP; with "either", the dead too), a stat compared
        ({"characters": {"group": "characters", "wounded": True}}, {"hp": [12, 5, 12, 12, 12, 3]}, 2),
        (
            {"characters": {"group": "allies", "wounded": True}, "dead": "either"},
            {"hp": [12, 5, 0, 12, 12, 3]},
            2,
        ),
        ({"characters": {"group": "characters", "stat": {"stat": "spirit", "cmp": ">", "right": 2}}}, {}, 1),
        (
            {"characters": {"group": "allies", "stat": {"stat": "defense", "cmp": ">", "right": "base"}}},
            {},
            0,
        ),
        ({"classes": "opponent"}, {}, 1),
    ],
)
def test_a_scaled_amount_reads_its_count_when_it_applies(per, extra, expected):
    """cards/domain/effects.py "Amount" and "Count": ``plus + each × count`` — here Esprit +count,
    read as the damage card (played second) resolves."""
    holder = character("a-1", classes=("mage", "combattant"), defense=2)
    enemy_mage = character("b-2", classes=("mage",))
    s = prepare_game(
        [holder, *line("a")[1:]],
        [character("b-1", spirit=3), enemy_mage, line("b")[2]],
        hands=(
            [
                CHARGE,
                card("scaled", effects=[{"op": "modify", "stat": "spirit", "amount": {"per": per}}]),
                JAB,
                FILLER,
            ],
            [JAB],
        ),
        piles=PILES,
        **extra,
    )
    fight(s, 0, 0)
    play_cards(s, a=[CHARGE, s.tables.cards[[c.slug for c in s.tables.cards].index("scaled")].spec], b=[JAB])
    assert s.stat(0, SPI) == 1 + expected


def test_a_scaled_amount_with_div_round_and_bounds():
    """ "4 moins le nombre de cartes de votre main" (min 0), "+1 par 2 alliés" rounded up."""
    s = played(
        [
            {
                "op": "damage",
                "kind": "direct",
                "amount": {"per": {"cards": "hand"}, "each": -1, "plus": 4, "min": 0},
            },
            {
                "op": "modify",
                "stat": "spirit",
                "amount": {"per": {"characters": "all_allies"}, "div": 2, "round": "up"},
            },
        ],
        hand_a=(),
        hand_b=(),
    )
    assert events(s, "damage")[0]["amount"] == 4 - 1  # one card left in hand (the filler)
    assert s.stat(0, SPI) == 1 + 2  # 3 allies / 2, rounded up


def test_a_scaled_amount_with_added_terms():
    """ "X est égal à votre Esprit +2 par allié" (``"and"``: terms added before the clamp), and a
    Défense divided by 4 rounded up (−D + ⌈D/4⌉)."""
    s = played(
        [
            {
                "op": "damage",
                "kind": "direct",
                "amount": {
                    "per": {"stat": "spirit", "of": "self"},
                    "and": [{"per": {"characters": "other_allies"}, "each": 2}],
                },
            },
            {
                "op": "modify",
                "stat": "defense",
                "amount": {
                    "per": {"stat": "defense", "of": "opponent"},
                    "each": -1,
                    "and": [{"per": {"stat": "defense", "of": "opponent"}, "div": 4, "round": "up"}],
                },
                "target": "opponent",
            },
        ],
        chars_b=[character("b-1", defense=7), *line("b")[1:]],
        hand_b=(),
    )
    assert events(s, "damage")[0]["amount"] == 1 + 2 * 2  # Esprit 1, two other allies
    assert s.stat(3, DEF) == 2  # ⌈7/4⌉


def test_the_characters_wounded_this_turn():
    """Selector filter ``hurt_this_turn``: those that lost HP to damage this turn (Board.taken,
    kept because a deck reads it)."""
    hit = card("hit", chain={"any": True}, effects=[{"op": "damage", "kind": "direct", "amount": 3}])
    count = card(
        "count",
        effects=[
            {
                "op": "heal",
                "amount": {"per": {"characters": {"group": "characters", "hurt_this_turn": True}}, "each": 2},
            }
        ],
    )
    s = prepare_game(
        line("a"), line("b"), hands=([hit, count, FILLER], [FILLER]), piles=PILES, hp=[6, 5] + [12] * 4
    )
    fight(s, 0, 0)
    play_cards(s, a=[hit, count])
    # the enemy fighter took 3 (the wounded a-2 took nothing this turn): 2 HP healed
    assert [e["amount"] for e in events(s, "heal")] == [2]


def test_the_damage_dealt_this_turn_count():
    """``{"damage_dealt": "self"}``: the damage the holder dealt this turn so far."""
    hit = card("hit", chain={"any": True}, effects=[{"op": "damage", "kind": "direct", "amount": 3}])
    echo = card("echo", effects=[{"op": "heal", "amount": {"per": {"damage_dealt": "self"}}}])
    s = prepare_game(
        line("a"), line("b"), hands=([hit, echo, FILLER], [FILLER]), piles=PILES, hp=[6] + [12] * 5
    )
    fight(s, 0, 0)
    play_cards(s, a=[hit, echo])
    assert [e["amount"] for e in events(s, "heal")] == [3]


# --- durations and the maximum HP ---------------------------------------------------------------


def test_duration_for_n_combats_counts_the_characters_combats():
    """``{"combats": 2}``: this combat (not struck yet) and the character's next one."""
    s = played(
        [{"op": "modify", "stat": "spirit", "amount": 2, "duration": {"combats": 2}}],
        hp=[12, 0, 0, 12, 12, 12],
    )
    end_turn(s)
    assert s.stat(0, SPI) == 3
    fight(s, 1, 0)  # turn 2: b-2 against a-1, untapped (alone)
    play_cards(s)
    end_turn(s)
    assert s.stat(0, SPI) == 1


def play_until(s, turn):
    """Both players pass (their first choice of fighters) until ``turn`` starts."""
    while s.turn < turn and not s.is_terminal():
        legal = s.legal_actions()
        s.apply(PASS if PASS in legal else legal[0])


def test_a_modifier_until_the_end_of_the_game_outlives_its_source():
    """``game``: "jusqu'à la fin de la partie" — whatever becomes of the card."""
    s = played([{"op": "modify", "stat": "defense", "amount": 2, "duration": "game", "target": "all_allies"}])
    play_until(s, 5)
    assert [s.stat(c, DEF) for c in range(3)] == [3, 3, 3]


def test_the_maximum_hp_moves_and_the_hp_never_exceed_it():
    """``modify hp_max``: the maximum HP moves (heals reach it); lowered, the HP follow; for the
    combat, it comes back at the end of the turn."""
    s = played(
        [
            {"op": "modify", "stat": "hp_max", "amount": 3, "duration": "permanent"},
            {"op": "heal", "amount": 5},
            {"op": "modify", "stat": "hp_max", "amount": -4, "target": "opponent"},
        ]
    )
    assert (s.max_hp[0], s.hp[0]) == (15, 15 - 2)  # healed to 15, then b-1's blow of 3 - 1
    assert s.max_hp[3] == 8 and s.hp[3] <= 8
    end_turn(s)
    assert s.max_hp[3] == 12 and s.max_hp[0] == 15
    assert s.stat(0, HPM) == 3


# --- standing abilities reaching other characters ----------------------------------------------


def test_an_ability_on_a_group_of_allies_reaches_them_when_they_fight():
    """ "Vos Sorcelames ont Attaque +2" (a selector target in an ability): each of the owner's side
    of that caste, itself included, when it fights, while the owner lives."""
    lord = character(
        "lord",
        castes=("sorcelame",),
        abilities=[
            {
                "op": "modify",
                "stat": "attack",
                "amount": 2,
                "target": {"group": "allies", "caste": "sorcelame"},
            }
        ],
    )
    blade = character("blade", castes=("sorcelame",))
    for hp, mine, expected in (
        ([12] * 6, 1, 2),
        ([12] * 6, 0, 2),
        ([12] * 6, 2, 0),
        ([0, 12, 12, 12, 12, 12], 1, 0),
    ):
        s = prepare_game(
            [lord, blade, character("other")], line("b"), hands=([JAB], [JAB]), piles=PILES, hp=hp
        )
        fight(s, mine, 0)
        assert s.stat(mine, ATK) == expected


def test_an_ability_on_the_enemies_and_on_the_opponent():
    """ "Les personnages adverses Humains ont Défense -1" reaches an enemy Human when it fights;
    "L'adversaire a Esprit -2" the character's opponent when it fights."""
    hexer = character(
        "hexer",
        abilities=[
            {
                "op": "modify",
                "stat": "defense",
                "amount": -1,
                "target": {"group": "enemies", "race": "humain"},
            },
            {"op": "modify", "stat": "spirit", "amount": -2, "target": "opponent"},
        ],
    )
    s = prepare_game(
        [line("a")[0], hexer, line("a")[2]],
        [line("b")[0], character("elf", race="elfine"), line("b")[2]],
        hands=([JAB], [JAB]),
        piles=PILES,
    )
    fight(s, 0, 0)  # a-1 fights b-1 (Human): the hexer does not fight
    assert (s.stat(3, DEF), s.stat(3, SPI)) == (0, 1)
    s = prepare_game(
        [line("a")[0], hexer, line("a")[2]],
        [line("b")[0], character("elf", race="elfine"), line("b")[2]],
        hands=([JAB], [JAB]),
        piles=PILES,
    )
    fight(s, 1, 1)  # the hexer fights the elf: not a Human, but its opponent
    assert (s.stat(4, DEF), s.stat(4, SPI)) == (1, -1)
    assert events(s, "modify")


# --- constructs the compiler helpers added (/work/wt/NEW_CONSTRUCTS.md) -----------------------------


def test_fighting_filter_and_condition():
    """``fighting``: one of the two characters of this turn's combat ("hors-combat": false)."""
    s = played(
        [
            {
                "op": "modify",
                "stat": "spirit",
                "amount": 2,
                "target": {"group": "enemies", "fighting": False},
            },
            {"op": "modify", "stat": "defense", "amount": 1, "when": {"fighting": True}},
        ]
    )
    assert [s.stat(c, SPI) for c in (3, 4, 5)] == [1, 3, 3] and s.stat(0, DEF) == 2


def test_the_ordre_conditions():
    """``ordre`` / ``opponent_ordre``: the character (its opponent) gets an Ordre's bonus this
    combat — its turn is one an Ordre names."""
    ordered = character(
        "a-1", orders=[{"turns": [1], "effects": [{"op": "modify", "stat": "attack", "amount": 1}]}]
    )
    s = played(
        [
            {"op": "modify", "stat": "defense", "amount": 3, "when": {"ordre": True}},
            {"op": "modify", "stat": "spirit", "amount": 3, "when": {"opponent_ordre": True}},
        ],
        chars_a=[ordered, *line("a")[1:]],
    )
    assert (s.stat(0, DEF), s.stat(0, SPI)) == (4, 1)


def test_an_amount_counted_for_each_character_reached():
    """``{"stat": "spirit", "of": "target"}``: "chaque personnage adverse subit X dégâts où X est
    égal à son Esprit" — each one its own."""
    s = played(
        [
            {
                "op": "damage",
                "kind": "direct",
                "amount": {"per": {"stat": "spirit", "of": "target"}},
                "target": "all_enemies",
            }
        ],
        chars_b=[character("b-1", spirit=1), character("b-2", spirit=3), character("b-3", spirit=0)],
    )
    assert [e["amount"] for e in events(s, "damage") if e["kind"] == "direct"] == [1, 3, 0]


def test_a_count_of_the_other_cards_and_of_the_damage_the_opponent_dealt():
    sword = card(
        "sword", "epee", effects=[{"op": "modify", "stat": "attack", "amount": 1, "duration": "permanent"}]
    )
    count = card(
        "count",
        effects=[
            {
                "op": "modify",
                "stat": "spirit",
                "amount": {"per": {"cards": "play", "owner": "both", "other": True}},
            },
            {"op": "modify", "stat": "defense", "amount": {"per": {"damage_dealt": "opponent"}}},
        ],
    )
    s = prepare_game(
        line("a"),
        line("b"),
        hands=([count, FILLER], [FILLER]),
        piles=PILES,
        items=[[sword], [], [], [sword], [], []],
    )
    fight(s, 0, 0)
    play_cards(s, a=[count])
    assert s.stat(0, SPI) == 1 + 2  # two swords in play; the count itself is not in play
    assert s.stat(0, DEF) == 1  # the opponent dealt nothing yet when it resolved


def test_attack_kind_changes_the_clash_attack():
    """``attack_kind``: a magical clash attack is reduced by Esprit, a direct one by nothing."""
    s = played(
        [{"op": "attack_kind", "kind": "magical"}],
        chars_b=[character("b-1", defense=5, spirit=0), *line("b")[1:]],
    )
    hit = [e for e in events(s, "damage") if e["source"] == "a-1"]
    assert [(e["kind"], e["reduced_by"], e["damage"]) for e in hit] == [("magical", 0, 3)]
    ghost = character("ghost", abilities=[{"op": "attack_kind", "kind": "direct"}])
    s = prepare_game(
        [ghost, *line("a")[1:]],
        [character("b-1", defense=9), *line("b")[1:]],
        hands=([FILLER], [FILLER]),
        piles=PILES,
    )
    fight(s, 0, 0)
    play_cards(s)
    assert s.hp[3] == 12 - 3


def test_a_count_of_the_damage_taken_this_turn():
    """``{"damage_taken": "self"}``: the HP the holder lost to damage this turn so far."""
    hurt = card(
        "hurt",
        chain={"any": True},
        effects=[{"op": "damage", "kind": "direct", "amount": 3, "target": "self"}],
    )
    rage = card(
        "rage", effects=[{"op": "modify", "stat": "attack", "amount": {"per": {"damage_taken": "self"}}}]
    )
    s = prepare_game(line("a"), line("b"), hands=([hurt, rage, FILLER], [FILLER]), piles=PILES)
    fight(s, 0, 0)
    play_cards(s, a=[hurt, rage])
    assert s.stat(0, ATK) == 3 and s.taken == [3 + 2, 0, 0, 3 + 3 - 1, 0, 0]
    end_turn(s)
    assert s.taken == [0] * 6
