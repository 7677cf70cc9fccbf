"""Constructs of the effect language v2 the engine once refused and now plays (issue 15 §3):
each test plays a real position with short made-up cards (cards/domain/effects.py is the contract)."""

from __future__ import annotations

import pytest

from simulator.games.eredan.actions import PASS, Fight, Play
from simulator.games.eredan.compiled import UnsupportedSpecError
from simulator.games.eredan.ops import ATK, DEF, SPI
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
)

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


# --- forbid as a character's ability ------------------------------------------------------------

SPELLISH = card("zap", "objet", effects=[{"op": "modify", "stat": "spirit", "amount": 1}])
OPENER = card("opener", chain={"any": True}, effects=[{"op": "modify", "stat": "attack", "amount": 1}])


def _forbidding(ability, mine=0):
    holder = character("warden", abilities=[ability])
    s = prepare_game(
        [holder, *line("a")[1:]],
        line("b"),
        hands=([SPELLISH, OPENER, FILLER], [SPELLISH, FILLER]),
        piles=PILES,
    )
    fight(s, mine, 0)
    return s


def test_a_forbid_ability_holds_while_its_character_fights():
    """cards/domain/effects.py ``forbid`` in a character's abilities ("ne peut pas jouer d'Objet"):
    abilities apply to the fighters at the choice, for the combat — it cannot play such cards then."""
    rule = {"op": "forbid", "what": "play", "cards": {"type": "objet"}}
    s = _forbidding(rule)
    assert playable(s) == {"opener", "filler"}
    other = _forbidding(rule, mine=1)  # another character fights: no restriction
    assert "zap" in playable(other)


def test_a_forbid_chain_ability_leaves_no_second_card():
    """``forbid`` chain ("pas d'Enchaînement"): the holder's first card gives it no second one."""
    free = _forbidding({"op": "forbid", "what": "play", "cards": {"card": "nothing"}})
    play(free, OPENER)
    assert free.to_move == 0  # the opener's chain: seat 0 chooses its second card
    s = _forbidding({"op": "forbid", "what": "chain"})
    play(s, OPENER)
    assert s.to_move == 1  # no second card: the passive player's turn to play


def test_a_forbid_ability_on_the_opponent_reaches_the_enemy_fighter():
    """``forbid`` target ``opponent``: the enemy fighter, for the combat."""
    s = _forbidding({"op": "forbid", "what": "play", "cards": {"type": "objet"}, "target": "opponent"})
    play(s, OPENER)
    while s.to_move == 0:  # seat 0's second card: none
        s.apply(PASS)
    assert playable(s) == {"filler"}


# --- chain_on in an Ordre -----------------------------------------------------------------------

GEAR = card("gear", "objet", effects=[{"op": "modify", "stat": "defense", "amount": 1}])


def _drilled(turn, orders):
    holder = character("drilled", orders=orders)
    s = prepare_game(
        [holder, *line("a")[1:]], line("b"), hands=([GEAR, FILLER], [FILLER]), piles=PILES, turn=turn
    )
    fight(s, 0, 0)
    play(s, GEAR)
    return s


def test_a_chain_on_in_an_ordre_holds_on_the_turns_it_names():
    """cards/domain/effects.py ``chain_on`` as an Ordre's effect ("Ordre tour 1 : Enchaînement sur
    un Objet"): on the turns the Ordre names, a first card that matches gives a second card; on
    other turns, none."""
    for orders in (
        [{"turns": [1], "effects": [{"op": "chain_on", "match": {"type": "objet"}}]}],
        [  # of two Ordres, the one naming the turn
            {"turns": [1], "effects": [{"op": "chain_on", "match": {"type": "objet"}}]},
            {"turns": [2], "effects": [{"op": "modify", "stat": "attack", "amount": 1}]},
        ],
    ):
        assert _drilled(1, orders).to_move == 0  # seat 0 chooses its second card
        assert _drilled(3, orders).to_move == 1  # no chain: the passive player's turn


# --- chain_on given to a group ------------------------------------------------------------------


def test_a_chain_given_to_a_group_holds_for_its_members_while_the_giver_lives():
    """cards/domain/effects.py ``chain_on`` with a group target ("vos Gardiens ont Enchaînement sur
    un Objet"): each character of the group that fights gains the chain, while the giver lives;
    the others do not."""
    drill = {"op": "chain_on", "match": {"type": "objet"}, "target": {"group": "allies", "class": "pretre"}}
    sergeant = character("sergeant", abilities=[drill])
    chars = [character("a-1", classes=("pretre",)), sergeant, character("a-3")]

    def after_gear(mine, hp=None):
        s = prepare_game(chars, line("b"), hands=([GEAR, FILLER], [FILLER]), piles=PILES, hp=hp)
        fight(s, mine, 0)
        play(s, GEAR)
        return s.to_move

    assert after_gear(0) == 0  # a Prêtre ally: a second card
    assert after_gear(2) == 1  # not a Prêtre: none
    assert after_gear(0, hp=[12, 0, 12, 12, 12, 12]) == 1  # its giver is dead: none


# --- pay: a cost in cards of the hand -----------------------------------------------------------


def test_a_hand_cost_discards_that_many_cards_of_the_payers_hand_then_the_effects_happen():
    """cards/domain/effects.py ``pay`` cost ``{"hand": N}`` ("Sacrifice 2 : …"): N cards of the
    payer's hand, of its choice (the engine chooses for it: the least useful), go to its discard
    pile, then the effects happen; with fewer cards in hand, nothing happens."""
    offering = card(
        "offering",
        effects=[
            {"op": "pay", "cost": {"hand": 2}, "effects": [{"op": "modify", "stat": "spirit", "amount": 3}]}
        ],
    )
    for hand, paid in (([FILLER, FILLER, GEAR], True), ([FILLER], False)):
        s = prepare_game(line("a"), line("b"), hands=([offering, *hand], [FILLER]), piles=PILES)
        fight(s, 0, 0)
        play_cards(s, a=[offering])
        assert s.stat(0, SPI) == (1 + 3 if paid else 1)
        assert len(s.hands[0]) == len(hand) - (2 if paid else 0)
        assert len(s.discards[0]) == 1 + (2 if paid else 0)  # the offering, and what it cost


def test_a_hand_cost_to_removed_takes_the_cards_paid_out_of_the_game():
    """cost ``{"hand": N, "to": "removed"}`` ("si vous choisissez une carte de votre Main, celle-ci et
    une carte de la Main adverse sont retirées de la partie"): the cards paid leave the game, not
    to the discard pile; then the effects happen."""
    exile = card(
        "exile",
        effects=[
            {
                "op": "pay",
                "cost": {"hand": 1, "to": "removed"},
                "effects": [{"op": "move", "from": "hand", "to": "removed", "owner": "opponent"}],
            }
        ],
    )
    s = prepare_game(line("a"), line("b"), hands=([exile, FILLER, GEAR], [FILLER, FILLER]), piles=PILES)
    fight(s, 0, 0)
    play_cards(s, a=[exile])
    assert len(s.hands[0]) == 1 and len(s.removed[0]) == 1 and len(s.discards[0]) == 1  # the exile
    assert len(s.removed[1]) == 1


# --- move to "attach" ---------------------------------------------------------------------------

PLATE = card(
    "plate", "armure", effects=[{"op": "modify", "stat": "defense", "amount": 2, "duration": "permanent"}]
)


def test_a_move_to_attach_puts_a_card_of_the_pile_into_play_on_the_target():
    """cards/domain/effects.py ``move`` to ``attach`` ("une Armure de votre Deck est attachée à
    vous"): the card goes from the pile into play, attached to the target — not played; only cards
    that stay are taken (the filler of the deck is not)."""
    fetch = card("fetch", effects=[{"op": "move", "from": "deck", "to": "attach", "count": 2}])
    s = prepare_game(
        line("a"), line("b"), hands=([fetch, FILLER], [FILLER]), piles=([PLATE, *[FILLER] * 7], [FILLER] * 8)
    )
    fight(s, 0, 0)
    play_cards(s, a=[fetch])
    plate = card_id(s, PLATE)
    assert s.items[0] == [plate]
    assert plate not in s.decks[0] and len(s.decks[0]) == 7
    assert s.stat(0, DEF) == 1 + 2
    assert next(e for e in events(s, "move") if e["to"] == "attach")["character"] == "a-1"


# --- condition "fought_before" ------------------------------------------------------------------


def test_fought_before_holds_against_a_character_met_in_an_earlier_combat():
    """cards/domain/effects.py condition ``fought_before`` ("si X a déjà combattu le personnage
    adverse pendant la partie"): true once the holder has fought its opponent in an earlier
    combat — not in the first one, not against another character."""
    grudge = {"op": "modify", "stat": "attack", "amount": 3, "when": {"fought_before": True}}
    holder = character("a-1", abilities=[grudge])
    hp = [12, 0, 0, 12, 12, 0]  # a-1 alone on its side: it untaps every turn
    hands = ([FILLER] * 3, [FILLER] * 3)  # each turn stops at the card step
    s = prepare_game([holder, *line("a")[1:]], line("b"), hands=hands, piles=PILES, hp=hp)
    fight(s, 0, 0)  # turn 1: a-1 against b-1, a first meeting
    assert s.stat(0, ATK) == 0
    play_cards(s)
    end_turn(s)
    # turn 2, seat 1 active: b-2 against a-1 (its only choice), never met
    assert s.turn == 2 and s.fighters == [0, 4]
    assert s.stat(0, ATK) == 0
    play_cards(s)
    end_turn(s)
    s.apply(Fight.of(0, 3))  # turn 3: a-1 against b-1 again
    assert s.stat(0, ATK) == 3


# --- an Ordre's condition on the cards of the turn ----------------------------------------------


def test_an_ordre_effect_on_the_cards_of_the_turn_applies_once_they_have_resolved():
    """cards/domain/effects.py: an Ordre's effect with a ``plays`` condition ("Ordre tour 1 :
    Attaque +2 si vous jouez un Objet") applies after the cards of the turn, on the Ordre's turns."""
    armed = {"op": "modify", "stat": "attack", "amount": 2, "when": {"plays": {"type": "objet"}}}
    holder = character("a-1", orders=[{"turns": [1], "effects": [armed]}])

    def attack(turn, cards):
        s = prepare_game(
            [holder, *line("a")[1:]], line("b"), hands=([GEAR, FILLER], [FILLER]), piles=PILES, turn=turn
        )
        fight(s, 0, 0)
        play_cards(s, a=cards)
        return s.stat(0, ATK)

    assert attack(1, [GEAR]) == 2
    assert attack(1, [FILLER]) == 0  # not an Objet
    assert attack(3, [GEAR]) == 0  # not a turn of the Ordre


# --- may_attach onto only some characters -------------------------------------------------------


@pytest.mark.parametrize(
    ("onto", "carriers"), [("other_allies", {0, 1, 2}), ("allies", {0, 1, 2}), ("enemies", {0, 3, 4, 5})]
)
def test_may_attach_onto_some_characters_offers_those_carriers(onto, carriers):
    """cards/domain/effects.py ``may_attach`` onto allies / other_allies / enemies ("peut attacher
    ses Armures sur un de vos autres personnages"): besides whom the card itself goes to (its
    player's fighter), the holder may attach such cards to those living characters only."""
    tinker = character("tinker", abilities=[{"op": "may_attach", "cards": {"type": "armure"}, "onto": onto}])
    s = prepare_game([tinker, *line("a")[1:]], line("b"), hands=([PLATE, FILLER], [FILLER]), piles=PILES)
    fight(s, 0, 0)
    k = card_id(s, PLATE)
    assert {a.carrier for a in s.legal_actions() if isinstance(a, Play) and a.card == k} == carriers


# --- selector filters not_race / not_class ------------------------------------------------------


@pytest.mark.parametrize(
    ("keys", "reached"),
    [
        ({"not_race": "elfine"}, {0, 2}),
        ({"not_class": "mage"}, {0, 1}),
        ({"not_guild": "nameades"}, {0, 2}),
        ({}, {0, 1, 2}),
    ],
)
def test_the_filters_not_race_and_not_class_leave_those_characters_out(keys, reached):
    """cards/domain/effects.py selector ``not_race`` / ``not_class`` ("vos personnages non Elfins"):
    a character not of that race (nor of a race under it) / not of that class; ``not_guild`` ("les
    personnages non Nomades"): not of that guild."""
    cheer = card(
        "cheer",
        effects=[{"op": "modify", "stat": "spirit", "amount": 2, "target": {"group": "allies", **keys}}],
    )
    chars = [
        character("a-1"),
        character("a-2", race="elfine", guild="nameades"),
        character("a-3", classes=("mage",)),
    ]
    s = prepare_game(chars, line("b"), hands=([cheer, FILLER], [FILLER]), piles=PILES)
    fight(s, 0, 0)
    play_cards(s, a=[cheer])
    assert {c for c in range(3) if s.stat(c, SPI) == 1 + 2} == reached


# --- condition "keyword" ------------------------------------------------------------------------


def test_the_keyword_condition_reads_the_characters_keywords():
    """cards/domain/effects.py condition ``keyword`` ("Rage : Attaque +2" — while Enragé): the
    holder has that keyword; no character has one until something gives it (``traits``, not
    played yet), so the ability does not apply; ``not`` it does."""
    for when, expected in (({"keyword": "enrage"}, 0), ({"not": {"keyword": "enrage"}}, 2)):
        rage = character("a-1", abilities=[{"op": "modify", "stat": "attack", "amount": 2, "when": when}])
        s = _after_choice([rage, *line("a")[1:]], line("b"), 0)
        assert s.stat(0, ATK) == expected


# --- selector filter wounded ----------------------------------------------------------------------


def test_the_filter_wounded_reaches_those_below_their_maximum_hp():
    """cards/domain/effects.py selector ``wounded`` ("les personnages blessés", "vos Mages non
    blessés"): HP below the maximum HP, checked when the effect applies."""
    for wounded, reached in ((True, {1}), (False, {0, 2})):
        cheer = card(
            f"cheer-{wounded}",
            effects=[
                {
                    "op": "modify",
                    "stat": "spirit",
                    "amount": 2,
                    "target": {"group": "allies", "wounded": wounded},
                }
            ],
        )
        s = prepare_game(
            line("a"), line("b"), hands=([cheer, FILLER], [FILLER]), piles=PILES, hp=[12, 7, 12, 12, 12, 12]
        )
        fight(s, 0, 0)
        play_cards(s, a=[cheer])
        assert {c for c in range(3) if s.stat(c, SPI) == 1 + 2} == reached


def test_a_pick_reaches_the_same_character_for_every_effect_of_a_resolution():
    """A pick is made once per resolution (cards/domain/effects.py, "Target"): "un allié blessé
    gagne 1 PV et a Esprit +2" — healed to its maximum by the first effect, the one chosen still
    gets the second (its filter was checked when it was picked)."""
    who = {"group": "allies", "pick": "choice", "wounded": True}
    mend = card(
        "mend",
        effects=[
            {"op": "heal", "amount": 1, "target": who},
            {"op": "modify", "stat": "spirit", "amount": 2, "target": who},
        ],
    )
    s = prepare_game(
        line("a"), line("b"), hands=([mend, FILLER], [FILLER]), piles=PILES, hp=[12, 11, 12, 12, 12, 12]
    )
    fight(s, 0, 0)
    k = card_id(s, mend)
    (legal,) = [a for a in s.legal_actions() if isinstance(a, Play) and a.card == k]  # the one wounded
    s.apply(legal)
    play_cards(s)
    assert s.hp[1] == 12
    assert s.stat(1, SPI) == 1 + 2
