"""Constructs of the effect language the engine refused by name and now plays, found by playing the
whole card pool (issue 15 §3/§4, ``benchmarks/synthetic_pool.py``): each test plays a position with
short made-up cards (cards/domain/effects.py is the contract)."""

from __future__ import annotations

import random

import pytest

from simulator.games.eredan.actions import Pick, Play, unpack_choices
from simulator.games.eredan.compiled import UnsupportedSpecError
from simulator.games.eredan.eventlog import render
from simulator.games.eredan.ops import ATK, DEF, SPI
from simulator.games.eredan.policies import make_policy
from simulator.games.eredan.state import P_CARD, P_PICK, describe_action
from tests.simulator.games.eredan.factories import (
    card,
    card_id,
    character,
    end_turn,
    events,
    fight,
    line,
    play_cards,
    prepare_game,
)

FILLER = card("filler", effects=[{"op": "modify", "stat": "defense", "amount": 1}])
PILES = ([FILLER] * 8, [FILLER] * 8)


# --- selector filter no_caste ---------------------------------------------------------------------


@pytest.mark.parametrize(("no_caste", "reached"), [(True, {0, 2}), (False, {1})])
def test_the_filter_no_caste_reaches_the_characters_without_a_caste(no_caste, reached):
    """cards/domain/effects.py selector ``no_caste`` ("vos personnages sans caste"): true, a
    character with no caste (docs/rules/eredan.md §1: castes are optional); false, one with."""
    cheer = card(
        f"cheer-{no_caste}",
        effects=[
            {
                "op": "modify",
                "stat": "spirit",
                "amount": 2,
                "target": {"group": "allies", "no_caste": no_caste},
            }
        ],
    )
    chars = [character("a-1"), character("a-2", castes=("sorcelame",)), character("a-3")]
    s = prepare_game(chars, line("b"), hands=([cheer, FILLER], [FILLER]), piles=PILES)
    fight(s, 0, 0)
    play_cards(s, a=[cheer])
    assert {c for c in range(3) if s.stat(c, SPI) == 1 + 2} == reached


def test_an_ability_on_allies_without_a_caste_reaches_them_when_they_fight():
    """A standing ability "vos personnages sans caste ont Attaque +2" reaches, when it fights, each
    character of its side without a caste (docs/rules/eredan.md §1), not one with a caste."""
    lord = character(
        "lord",
        abilities=[
            {"op": "modify", "stat": "attack", "amount": 2, "target": {"group": "allies", "no_caste": True}}
        ],
    )
    blade = character("blade", castes=("sorcelame",))
    for mine, expected in ((0, 2), (1, 0), (2, 2)):
        s = prepare_game(
            [lord, blade, character("other")], line("b"), hands=([FILLER], [FILLER]), piles=PILES
        )
        fight(s, mine, 0)
        assert s.stat(mine, ATK) == expected


def test_the_filter_sex_is_still_refused_by_name():
    """The cards' data has no sex of the characters: the filter ``sex`` stays refused."""
    hex_ = card(
        "hex",
        effects=[
            {"op": "modify", "stat": "spirit", "amount": -1, "target": {"group": "enemies", "sex": "male"}}
        ],
    )
    with pytest.raises(UnsupportedSpecError, match="sex"):
        prepare_game(line("a"), line("b"), hands=([hex_], [FILLER]), piles=PILES)


# --- one_of inside a trigger or an Ordre: the player's choice as it fires ----------------------------

GUARD_OR_STRIKE = {
    "op": "one_of",
    "options": [
        [{"op": "modify", "stat": "defense", "amount": 2}],
        [{"op": "modify", "stat": "attack", "amount": 2}],
    ],
}


def test_a_one_of_in_a_trigger_is_its_players_choice_when_it_fires():
    """ "En début de combat, au choix : Défense +2 ou Attaque +2" (cards/domain/effects.py
    ``one_of`` pick choice, inside a ``trigger``): the game stops at a ``P_PICK`` decision of the
    holder's player, one ``Pick`` per option; the option chosen happens, not the other
    (docs/rules/eredan.md §3 step 1: the effects of the combat's start, before the cards)."""
    for option, defense, attack in ((0, 1 + 2, 0), (1, 1, 2)):
        chooser = character(
            "chooser",
            abilities=[{"op": "trigger", "on": "combat_start", "effects": [GUARD_OR_STRIKE]}],
        )
        s = prepare_game([chooser, *line("a")[1:]], line("b"), hands=([FILLER], [FILLER]), piles=PILES)
        s.enable_log()
        fight(s, 0, 0)
        assert s.phase == P_PICK and s.to_move == 0
        assert list(s.legal_actions()) == [Pick.of(0), Pick.of(1)]
        assert describe_action(s, Pick.of(option)) == f"choose option {option}"
        s.apply(Pick.of(option))
        assert s.phase == P_CARD
        assert (s.stat(0, DEF), s.stat(0, ATK)) == (defense, attack)
        assert events(s, "pick") == [{"event": "pick", "seat": 0, "option": option}]
        assert any(f"chooses option {option + 1}" in line_ for line_ in render(s.log or []))


def test_the_greedy_player_picks_the_better_option_and_random_a_legal_one():
    """The players decide a ``one_of`` of a trigger as any choice (docs/eredan-engine.md "The AI
    players"): greedy the option worth more for it, random one of the legal ones."""
    heal_or_nothing = {
        "op": "one_of",
        "options": [[{"op": "heal", "amount": 4}], [{"op": "modify", "stat": "spirit", "amount": -1}]],
    }
    medic = character(
        "medic", abilities=[{"op": "trigger", "on": "combat_start", "effects": [heal_or_nothing]}]
    )
    s = prepare_game(
        [medic, *line("a")[1:]],
        line("b"),
        hands=([FILLER], [FILLER]),
        piles=PILES,
        hp=[6, 12, 12, 12, 12, 12],
    )
    fight(s, 0, 0)
    assert make_policy("greedy").choose(s, random.Random(1)) == Pick.of(0)
    assert make_policy("random").choose(s, random.Random(1)) in s.legal_actions()
    clone = s.clone()
    clone.apply(Pick.of(0))
    assert clone.hp[0] == 10 and s.phase == P_PICK  # the clone carries the question, apart


def test_a_one_of_in_an_ordre_is_asked_on_its_turns():
    """ "Tour 1 : au choix Défense +2 ou Attaque +2" (an Ordre's ``one_of``, docs/rules/eredan.md
    §1 Ordres: a bonus on the turns it names): asked of its player when it applies."""
    chief = character("chief", orders=[{"turns": [1], "effects": [GUARD_OR_STRIKE]}])
    s = prepare_game([chief, *line("a")[1:]], line("b"), hands=([FILLER], [FILLER]), piles=PILES)
    fight(s, 0, 0)
    assert s.phase == P_PICK and list(s.legal_actions()) == [Pick.of(0), Pick.of(1)]
    s.apply(Pick.of(1))
    assert s.stat(0, ATK) == 2 and s.stat(0, DEF) == 1


# --- a cost the payer may pay (pay ``may``): its player's choice -----------------------------------

MAY_SACRIFICE = {
    "op": "pay",
    "cost": {"hand": 1},
    "may": True,
    "effects": [{"op": "modify", "stat": "attack", "amount": 3}],
}


def test_a_cost_the_player_may_pay_is_chosen_with_the_card():
    """ "Sacrifice 1 (si vous le souhaitez) : Attaque +3" (cards/domain/effects.py ``pay`` with
    ``may``: "only if the paying player chooses to pay"): two plays of the card, pay (option 0) or
    not (1), chosen as it is played like a ``one_of`` (docs/rules/eredan.md §3 step 2: the player
    plays its card); paid, a card of the hand goes to the discard pile and the effect happens."""
    offer = card("offer", effects=[MAY_SACRIFICE])
    spare = card("spare", effects=[{"op": "modify", "stat": "spirit", "amount": 1}])
    for option, attack, hand in ((0, 3, 0), (1, 0, 1)):
        s = prepare_game(line("a"), line("b"), hands=([offer, spare], [FILLER]), piles=PILES)
        fight(s, 0, 0)
        k = card_id(s, offer)
        plays = sorted(a for a in s.legal_actions() if isinstance(a, Play) and a.card == k)
        assert [unpack_choices(p.choice, 1) for p in plays] == [(0,), (1,)]
        s.apply(plays[option])
        play_cards(s)
        assert s.stat(0, ATK) == attack
        assert len(s.hands[0]) == hand  # the spare card paid, or kept


def test_a_cost_the_player_may_pay_cannot_be_paid_without_the_cards():
    """Chosen to pay with an empty hand: the cost cannot be paid, nothing happens (``pay``)."""
    offer = card("offer", effects=[MAY_SACRIFICE])
    s = prepare_game(line("a"), line("b"), hands=([offer], [FILLER]), piles=PILES)
    fight(s, 0, 0)
    k = card_id(s, offer)
    s.apply(min(a for a in s.legal_actions() if isinstance(a, Play) and a.card == k))
    play_cards(s)
    assert s.stat(0, ATK) == 0


def test_a_cost_the_player_may_pay_in_a_trigger_is_asked_when_it_fires():
    """ "En début de combat, vous pouvez sacrifier 1 carte : Défense +2": a ``P_PICK`` decision of
    the holder's player, pay (0) or not (1); greedy pays when the effect is worth the card, the
    random player picks a legal option."""
    offer = {**MAY_SACRIFICE, "effects": [{"op": "modify", "stat": "defense", "amount": 2}]}
    keeper = character("keeper", abilities=[{"op": "trigger", "on": "combat_start", "effects": [offer]}])
    for option, defense, hand in ((0, 1 + 2, 1), (1, 1, 2)):
        s = prepare_game([keeper, *line("a")[1:]], line("b"), hands=([FILLER, FILLER], [FILLER]), piles=PILES)
        fight(s, 0, 0)
        assert s.phase == P_PICK and list(s.legal_actions()) == [Pick.of(0), Pick.of(1)]
        assert make_policy("random").choose(s, random.Random(2)) in s.legal_actions()
        s.apply(Pick.of(option))
        assert (s.stat(0, DEF), len(s.hands[0])) == (defense, hand)


def test_a_cost_the_opponent_may_pay_is_still_refused_by_name():
    """A cost the *opponent* may pay ("sauf si l'adversaire sacrifie 2 cartes") would be its
    player's choice as another player's card resolves: refused, not played wrong."""
    offer = card("tempt", effects=[{**MAY_SACRIFICE, "by": "opponent"}])
    with pytest.raises(UnsupportedSpecError, match="opponent may choose to pay"):
        prepare_game(line("a"), line("b"), hands=([offer], [FILLER]), piles=PILES)


# --- cards_last: a character's ability making some cards stay ---------------------------------------

HEX = card("hex", effects=[{"op": "modify", "stat": "defense", "amount": -1, "target": "opponent"}])


def _lasting(abilities, chars_b=None, **kw):
    keeper = character("keeper", guild="kotoba", abilities=abilities)
    chars = [keeper, character("friend", guild="kotoba"), character("stranger")]
    return prepare_game(chars, chars_b or line("b"), hands=([HEX, FILLER], [FILLER]), piles=PILES, **kw)


def test_cards_last_makes_the_holders_cards_stay():
    """ "Les 'Hex' jouées par Keeper sont permanentes" (cards/domain/effects.py ``cards_last``,
    target self): a card that acts and goes (an Action) stays in play, attached to Keeper when
    Keeper plays it (docs/rules/eredan.md §3: card text beats the rules); played by another
    character it goes to the discard pile as it says."""
    ability = {"op": "cards_last", "cards": {"card": "hex"}, "lasts": "permanent"}
    for mine, stays in ((0, True), (1, False)):
        s = _lasting([ability])
        fight(s, mine, 0)
        k = card_id(s, HEX)
        play_cards(s, a=[HEX])
        assert (k in s.items[mine]) is stays
        assert (k in s.discards[0]) is not stays


def test_cards_last_for_combats_counts_the_carriers_combats():
    """ "… durent 2 combats": the card stays 2 of its carrier's combats (as a card whose text says
    "Durée 2 combats"), then leaves play to its owner's discard pile."""
    ability = {"op": "cards_last", "cards": {"card": "hex"}, "lasts": {"combats": 2}}
    s = _lasting([ability])
    fight(s, 0, 0)
    k = card_id(s, HEX)
    play_cards(s, a=[HEX])
    assert k in s.items[0] and s.stay_left
    assert s.cards[k].stay_hi == 0 and any(m.stay_hi == 2 for m in s.cards[k].modes)


def test_cards_last_for_a_group_of_allies_holds_while_its_holder_lives():
    """ "Les 'Hex' jouées par vos Kotoba sont permanentes" (target a group of allies, a guild
    filter): played by an ally of that guild while the holder lives, the card stays; by one of
    another guild, or once the holder is dead, it does not."""
    ability = {
        "op": "cards_last",
        "cards": {"card": "hex"},
        "lasts": "permanent",
        "target": {"group": "allies", "guild": "kotoba"},
    }
    for mine, hp, stays in ((1, 12, True), (2, 12, False), (1, 0, False)):
        s = _lasting([ability], hp=[hp, 12, 12, 12, 12, 12])
        fight(s, mine, 0)
        k = card_id(s, HEX)
        play_cards(s, a=[HEX])
        assert (k in s.items[mine]) is stays


def test_cards_last_in_an_ordre_is_still_refused_by_name():
    """``cards_last`` is played as a character's standing ability; in an Ordre (on some turns
    only) it stays refused, by name."""
    ability = {"op": "cards_last", "cards": {"card": "hex"}, "lasts": "permanent"}
    chief = character("chief", orders=[{"turns": [1], "effects": [ability]}])
    with pytest.raises(UnsupportedSpecError, match="cards_last"):
        prepare_game([chief, *line("a")[1:]], line("b"), hands=([HEX], [FILLER]), piles=PILES)


# --- bound: how far modifiers may lower / raise a stat -----------------------------------------------


def _malus(slug, stat, amount, duration="combat"):
    return card(
        slug,
        effects=[
            {"op": "modify", "stat": stat, "amount": amount, "target": "opponent", "duration": duration}
        ],
    )


def test_an_attack_that_cannot_be_lowered_keeps_its_bonuses():
    """ "L'Attaque de Steady ne peut pas être réduite" (a character's ``bound`` ability, attack,
    below 0, for its combats — docs/rules/eredan.md §3 step 1: abilities apply to the fighter):
    the enemy's "Attaque -2" and "Attaque max. -2" count for nothing, its own "Attaque +1" counts,
    and the clash's blow (§3 step 3) is rolled in the printed range plus the bonus."""
    steady = character("steady", attack=(3, 5), abilities=[{"op": "bound", "stats": ["attack"], "below": 0}])
    boost = card("boost", effects=[{"op": "modify", "stat": "attack", "amount": 1}])
    sap = card(
        "sap",
        effects=[
            {"op": "modify", "stat": "attack", "amount": -2, "target": "opponent"},
            {"op": "modify", "stat": "attack_max", "amount": -2, "target": "opponent"},
        ],
    )
    s = prepare_game([steady, *line("a")[1:]], line("b"), hands=([boost, FILLER], [sap, FILLER]), piles=PILES)
    fight(s, 0, 0)
    play_cards(s, a=[boost], b=[sap])
    assert s.stat(0, ATK) == 1 and s.attack_range(0) == (3, 5)
    assert all(4 <= s.attack_roll(0) <= 6 for _ in range(20))
    plain = prepare_game(line("a"), line("b"), hands=([boost, FILLER], [sap, FILLER]), piles=PILES)
    fight(plain, 0, 0)
    play_cards(plain, a=[boost], b=[sap])
    assert plain.stat(0, ATK) == -1 and plain.attack_range(0) == (3, 1)


@pytest.mark.parametrize(
    ("bound", "amounts", "expected"),
    [
        ({"below": 1}, [-3], 1 - 1),  # the maluses count for 1 at most
        ({"below": 1}, [2, -3], 1 + 2 - 1),  # a bonus beside them counts whole
        ({"above": 2}, [3, -1], 1 + 2 - 1),  # the bonuses count for 2 at most, a malus whole
        ({"below": 0, "above": 0}, [3, -2], 1),  # "ne peut pas être modifiée"
    ],
)
def test_a_bound_card_limits_the_maluses_and_bonuses_of_a_stat(bound, amounts, expected):
    """ "La Défense de votre personnage ne peut pas être réduite de plus de 1" (a card's ``bound``,
    defense, for the combat): every malus of the stat, whatever its source and whenever given,
    counts for at most ``below`` in total, every bonus for at most ``above`` (cards/domain/effects.py
    ``bound``); docs/rules/eredan.md §3 step 2: the cards resolve in N order, the bound first."""
    guard = card("guard", chain={"any": True}, effects=[{"op": "bound", "stats": ["defense"], **bound}])
    mods = [
        _malus(f"m{i}", "defense", a)
        if a < 0
        else card(f"p{i}", effects=[{"op": "modify", "stat": "defense", "amount": a}])
        for i, a in enumerate(amounts)
    ]
    mine = [guard, *(m for m in mods if m.slug.startswith("p"))]
    theirs = [m for m in mods if m.slug.startswith("m")][:1]
    s = prepare_game(line("a"), line("b"), hands=([*mine, FILLER], [*theirs, FILLER]), piles=PILES)
    fight(s, 0, 0)
    play_cards(s, a=mine, b=theirs)
    assert s.stat(0, DEF) == expected


def test_a_bound_holds_for_its_duration_only():
    """A ``bound`` for the combat ends with it (docs/rules/eredan.md §3: "this combat" modifiers
    end after the discard step): a lasting malus counts whole again the next turn."""
    guard = card("guard", effects=[{"op": "bound", "stats": ["spirit"], "below": 0}])
    curse = _malus("curse", "spirit", -1, "game")
    s = prepare_game(line("a"), line("b"), hands=([guard, FILLER], [curse, FILLER]), piles=PILES)
    fight(s, 0, 0)
    play_cards(s, a=[guard], b=[curse])
    assert s.stat(0, SPI) == 1
    end_turn(s)
    assert s.stat(0, SPI) == 0 and not s.bounds and s.bound_mask == 0


def test_a_set_below_the_bound_is_held_at_it():
    """ "Défense = 0" on a character whose Défense cannot be lowered by more than 1: it is put
    at its printed value minus 1 instead (cards/domain/effects.py ``bound``)."""
    guard = card("guard", effects=[{"op": "bound", "stats": ["defense"], "below": 1}])
    crush = card("crush", effects=[{"op": "set", "stat": "defense", "value": 0, "target": "opponent"}])
    chars = [character("a-1", defense=4), *line("a")[1:]]
    s = prepare_game(chars, line("b"), hands=([guard, FILLER], [crush, FILLER]), piles=PILES)
    fight(s, 0, 0)
    play_cards(s, a=[guard], b=[crush])
    assert s.stat(0, DEF) == 3


def test_a_bound_of_the_attaque_by_a_number_is_refused_by_name():
    """How "ne peut pas être réduite de plus de 3" splits between the Attaque's range and its flat
    part is not said: refused, not guessed."""
    odd = card("odd", effects=[{"op": "bound", "stats": ["attack", "defense"], "below": 3}])
    with pytest.raises(UnsupportedSpecError, match="bound of the Attaque"):
        prepare_game(line("a"), line("b"), hands=([odd], [FILLER]), piles=PILES)


# --- double: modifiers that count twice ------------------------------------------------------------


def test_a_double_counts_every_modifier_of_the_stat_twice_while_it_lasts():
    """ "Double les bonus et malus de Défense de votre personnage" (``double`` defense, sign both,
    for the combat): each modifier counts twice, those given after it too (docs/rules/eredan.md §3
    step 2: the cards resolve in N order); it ends with the combat."""
    twice = card("twice", chain={"any": True}, effects=[{"op": "double", "stats": ["defense"]}])
    plate = card("plate", effects=[{"op": "modify", "stat": "defense", "amount": 2}])
    dent = _malus("dent", "defense", -1)
    s = prepare_game(line("a"), line("b"), hands=([twice, plate, FILLER], [dent, FILLER]), piles=PILES)
    fight(s, 0, 0)
    play_cards(s, a=[twice, plate], b=[dent])
    assert s.stat(0, DEF) == 1 + 2 * (2 - 1)
    end_turn(s)
    assert s.stat(0, DEF) == 1 and not s.bounds


@pytest.mark.parametrize(("sign", "expected"), [("bonus", 1 + 4 - 1), ("malus", 1 + 2 - 2)])
def test_a_double_of_one_sign_leaves_the_other(sign, expected):
    """``sign`` bonus: only the bonuses count twice; malus: only the maluses."""
    plate = card("plate", chain={"any": True}, effects=[{"op": "modify", "stat": "defense", "amount": 2}])
    twice = card("twice", effects=[{"op": "double", "stats": ["defense"], "sign": sign}])
    dent = _malus("dent", "defense", -1)
    s = prepare_game(line("a"), line("b"), hands=([plate, twice, FILLER], [dent, FILLER]), piles=PILES)
    fight(s, 0, 0)
    play_cards(s, a=[plate, twice], b=[dent])
    assert s.stat(0, DEF) == expected


def test_a_double_of_the_current_maluses_doubles_those_there_are_now():
    """ "Les malus en cours du personnage adverse sont doublés" (``double`` current, malus, on the
    opponent, for the combat): the maluses it has when the card resolves count twice — one more
    modifier of their sum, for the combat —, not its bonuses."""
    dent = card(
        "dent",
        chain={"any": True},
        effects=[{"op": "modify", "stat": "spirit", "amount": -1, "target": "opponent"}],
    )
    twice = card(
        "twice",
        effects=[
            {"op": "double", "stats": ["spirit"], "sign": "malus", "current": True, "target": "opponent"}
        ],
    )
    boon = card("boon", effects=[{"op": "modify", "stat": "spirit", "amount": 3}])
    s = prepare_game(line("a"), line("b"), hands=([dent, twice, FILLER], [boon, FILLER]), piles=PILES)
    fight(s, 0, 0)
    play_cards(s, a=[dent, twice], b=[boon])
    assert s.stat(3, SPI) == 1 + 3 - 1 * 2  # the bonus is not doubled


def test_a_double_of_the_modifiers_some_cards_give_is_refused_by_name():
    """ "Le bonus d'Attaque de vos Armes est doublé" needs each modifier's source, which the
    engine does not keep: refused, not played wrong."""
    odd = card(
        "odd", effects=[{"op": "double", "stats": ["attack"], "sign": "bonus", "cards": {"type": "arme"}}]
    )
    with pytest.raises(UnsupportedSpecError, match="some cards give"):
        prepare_game(line("a"), line("b"), hands=([odd], [FILLER]), piles=PILES)


# --- attach: a card in play goes to another character -------------------------------------------------

BANNER = card(
    "banner",
    play={"stays": "permanent"},
    effects=[
        {"op": "modify", "stat": "defense", "amount": 2, "duration": "permanent"},
        {"op": "trigger", "on": {"dies": "self"}, "effects": [{"op": "attach", "target": "random_ally"}]},
    ],
)
BOLT = card("bolt", effects=[{"op": "damage", "kind": "direct", "amount": 5, "target": "opponent"}])


def test_a_card_whose_carrier_dies_is_attached_to_an_ally():
    """ "Si votre personnage meurt, cette carte s'attache à un de vos personnages aléatoire"
    (``attach`` in a trigger of a card that stays): it leaves its dead carrier without leaving play
    and the living ally carries it, with what it gives its carrier (docs/rules/eredan.md §3 Items:
    a carried item's modifiers while carried)."""
    s = prepare_game(
        line("a"),
        line("b"),
        hands=([FILLER], [BOLT, FILLER]),
        piles=PILES,
        hp=[4, 12, 0, 12, 12, 12],
        items=[[BANNER], [], [], [], [], []],
    )
    s.enable_log()
    k = card_id(s, BANNER)
    assert s.stat(0, DEF) == 1 + 2
    fight(s, 0, 0)
    play_cards(s, b=[BOLT])
    assert s.hp[0] == 0
    assert k not in s.items[0] and k in s.items[1]  # a-3 is dead: a-2 is the one living ally
    assert s.stat(1, DEF) == 1 + 2 and k not in s.discards[0]
    assert any(e["character"] == "a-2" for e in events(s, "attach"))


def test_a_card_finds_no_room_and_stays():
    """The ally has no room for it (a second weapon): it stays where it is (``attach``: nothing
    when the target cannot carry it, docs/rules/eredan.md §3 Items: one weapon)."""
    sword = card(
        "sword",
        "epee",
        effects=[
            {"op": "trigger", "on": {"dies": "self"}, "effects": [{"op": "attach", "target": "random_ally"}]}
        ],
    )
    other = card("other-sword", "epee")
    s = prepare_game(
        line("a"),
        line("b"),
        hands=([FILLER], [BOLT, FILLER]),
        piles=PILES,
        hp=[4, 12, 0, 12, 12, 12],
        items=[[sword], [other], [], [], [], []],
    )
    k = card_id(s, sword)
    fight(s, 0, 0)
    play_cards(s, b=[BOLT])
    assert s.hp[0] == 0 and k in s.items[0] and card_id(s, other) in s.items[1]


def test_attach_on_a_card_that_does_not_stay_is_refused_by_name():
    """A card that acts and goes is in play at no time: ``attach`` on it is refused, not ignored."""
    odd = card(
        "odd",
        effects=[
            {"op": "trigger", "on": {"dies": "self"}, "effects": [{"op": "attach", "target": "random_ally"}]}
        ],
    )
    with pytest.raises(UnsupportedSpecError, match="attach"):
        prepare_game(line("a"), line("b"), hands=([odd], [FILLER]), piles=PILES)


# --- a card attached to a chosen character of a filtered group --------------------------------------


@pytest.mark.parametrize(
    ("group", "carriers"), [("allies", {1, 2}), ("characters", {1, 2, 4}), ("enemies", {4})]
)
def test_a_card_is_attached_to_a_chosen_character_of_the_group_its_filter_names(group, carriers):
    """ "Permanent. S'attache à un de vos Artisans" (``play.attach`` a group with a pick choice and
    a filter, cards/domain/specs.py PlayRules): its player chooses the carrier among the living
    characters of the group that pass the filter (the ``Play`` action's carrier, docs/rules/eredan.md
    §3 step 2: the card is played by the fighter, attached where its text says)."""
    kit = card(
        f"kit-{group}",
        play={"stays": "permanent", "attach": {"group": group, "pick": "choice", "class": "artisan"}},
        effects=[{"op": "modify", "stat": "defense", "amount": 1, "duration": "permanent"}],
    )
    smith = ("artisan",)
    chars_a = [character("a-1"), character("a-2", classes=smith), character("a-3", classes=smith)]
    chars_b = [character("b-1"), character("b-2", classes=smith), character("b-3")]
    s = prepare_game(chars_a, chars_b, hands=([kit, FILLER], [FILLER]), piles=PILES)
    fight(s, 0, 0)
    k = card_id(s, kit)
    found = {a.carrier for a in s.legal_actions() if isinstance(a, Play) and a.card == k}
    assert found == carriers
    s.apply(
        next(
            a for a in s.legal_actions() if isinstance(a, Play) and a.card == k and a.carrier == max(carriers)
        )
    )
    play_cards(s)
    assert k in s.items[max(carriers)]
