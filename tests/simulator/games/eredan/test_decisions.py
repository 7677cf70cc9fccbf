"""Every rule decision of docs/rules/eredan.md §3 Decisions is a field of ``EredanRules``: each test
here plays the same position under both values of one field and sees the game change (a field the
engine ignored would fail its test). The last test checks that every field has its test."""

from __future__ import annotations

import random
from dataclasses import fields, replace

import pytest

from simulator.games.eredan import GAME_SPEC
from simulator.games.eredan.actions import PASS, Play
from simulator.games.eredan.game import EredanGame
from simulator.games.eredan.ops import ATK, DEF
from simulator.games.eredan.policies import blow_value
from simulator.games.eredan.rules import DEFAULT_RULES, END_TURN_CAP, EredanRules, rules_for_record
from simulator.games.eredan.state import P_CARD
from tests.simulator.games.eredan.factories import (
    card,
    card_id,
    character,
    deck,
    end_turn,
    events,
    fight,
    line,
    play,
    play_cards,
    playable,
    prepare_game,
)

JAB = card("jab", effects=[{"op": "modify", "stat": "attack", "amount": 1}])
BOLT = card("bolt", "foudre", effects=[{"op": "damage", "kind": "magical", "amount": 6}])
FOCUS = card("focus", "feu", effects=[{"op": "modify", "stat": "spirit", "amount": 2}])
KNIFE = card("knife", "action", effects=[{"op": "damage", "kind": "direct", "amount": 20}])
DART = card("dart", "action", effects=[{"op": "damage", "kind": "direct", "amount": 3}])
SWORD = card(
    "sword", "epee", effects=[{"op": "modify", "stat": "attack", "amount": 2, "duration": "permanent"}]
)
MAIL = card(
    "mail", "armure", effects=[{"op": "modify", "stat": "defense", "amount": 2, "duration": "permanent"}]
)
BUCKLER = card(
    "buckler", "bouclier", effects=[{"op": "modify", "stat": "defense", "amount": 1, "duration": "permanent"}]
)
REVIVE = card("second-wind", effects=[{"op": "revive", "hp": 5}])
SCATTER = card(
    "scatter",
    "action",
    effects=[{"op": "damage", "kind": "direct", "amount": [1, 6], "target": "all_enemies"}],
)
SUNDER = card(
    "sunder",
    "action",
    effects=[{"op": "modify", "stat": "defense", "amount": -3, "target": "opponent"}],
)
HEX_PLATE = card(
    "hex-plate",
    "armure",
    requirements={"classes": ["artisan"]},
    effects=[{"op": "modify", "stat": "defense", "amount": -2, "duration": "permanent"}],
)
KOTOBA_BLADE = card(
    "kotoba-blade",
    "action",
    effects=[{"op": "modify", "stat": "attack", "amount": 4, "when": {"played_by_guild": "kotoba"}}],
)

#: The field each test flips (the last test checks that every field of EredanRules is here).
FLIPPED: dict[str, str] = {}


def flips(field_name: str):  # type: ignore[no-untyped-def]
    def mark(test):  # type: ignore[no-untyped-def]
        FLIPPED[field_name] = test.__name__
        return test

    return mark


def ruled(**changes: object) -> EredanRules:
    return replace(DEFAULT_RULES, **changes)  # type: ignore[arg-type]


def mage(slug: str = "mage", **kw: object) -> object:
    return character(slug, classes=("mage",), **kw)  # type: ignore[arg-type]


@flips("turn_cap")
def test_turn_cap_is_when_the_score_rule_ends_the_game():
    """docs/rules/eredan.md §3 End — [decision] turn_cap."""
    for cap, over in ((1, True), (2, False)):
        s = prepare_game(
            line("a"),
            line("b"),
            hands=([JAB], [JAB]),
            piles=([JAB] * 5, [JAB] * 5),
            rules=ruled(turn_cap=cap),
        )
        fight(s, 0, 0)
        play_cards(s)
        end_turn(s)
        assert s.is_terminal() is over
        assert (s.end_reason == END_TURN_CAP) is over


@flips("initiative_die")
def test_the_initiative_die_has_the_rules_sides():
    """docs/rules/eredan.md §3 Start — [decision] initiative_die: each player rolls that die."""
    d = deck("d", line("a"), {JAB: 20})
    seen: dict[int, set[int]] = {}
    for sides in (2, 20):
        game = EredanGame(initiative_die=sides)
        seen[sides] = {
            r
            for seed in range(60)
            for roll in game.new_initial_state(random.Random(seed), (d, d)).initiative_rolls
            for r in roll
        }
    assert seen[2] == {1, 2}
    assert max(seen[20]) > 6


@flips("untap_when_untapped_left")
def test_a_side_untaps_when_the_rules_say_so():
    """docs/rules/eredan.md §3 step 1 — [decision] untap_when_untapped_left: one untapped character
    left is not "all tapped" (0), unless the rules untap at 1."""
    for left, untapped in ((0, False), (1, True)):
        s = prepare_game(
            line("a"),
            line("b"),
            hands=([JAB], [JAB]),
            tapped=[True, True, False] + [False] * 3,
            rules=ruled(untap_when_untapped_left=left),
        )
        assert (s.tapped[:3] == [False, False, False]) is untapped


@flips("mage_spell_chain_any")
def test_the_mage_spell_chain_allows_any_card_or_a_spell():
    """docs/rules/eredan.md §3 Classes — [decision] mage_spell_chain_any."""
    for any_card, expected in ((True, {"jab", "focus"}), (False, {"focus"})):
        s = prepare_game(
            [mage(), *line("a")[1:]],
            line("b"),
            hands=([BOLT, JAB, FOCUS], [JAB]),
            rules=ruled(mage_spell_chain_any=any_card),
        )
        fight(s, 0, 0)
        play(s, BOLT)
        assert playable(s) == expected


@flips("fighter_killed_by_cards_strikes")
def test_a_fighter_killed_by_a_card_strikes_or_not():
    """docs/rules/eredan.md §3 step 3 — [decision] fighter_killed_by_cards_strikes."""
    for strikes, hp in ((True, 12 - (7 - 1)), (False, 12)):
        s = prepare_game(
            line("a"),
            [character("b-1", attack=(7, 7)), *line("b")[1:]],
            hands=([KNIFE], [JAB]),
            rules=ruled(fighter_killed_by_cards_strikes=strikes),
        )
        fight(s, 0, 0)
        play_cards(s, a=[KNIFE])
        assert s.hp[3] == 0 and s.hp[0] == hp


@flips("cards_of_a_dead_fighter_resolve")
def test_a_card_of_a_fighter_killed_earlier_in_the_n_order_resolves_or_not():
    """docs/rules/eredan.md §3 step 2 — [decision] cards_of_a_dead_fighter_resolve: the active
    player's knife kills the passive fighter before its dart resolves."""
    for resolves in (True, False):
        s = prepare_game(
            line("a"),
            line("b"),
            hands=([KNIFE], [DART]),
            rules=ruled(cards_of_a_dead_fighter_resolve=resolves, fighter_killed_by_cards_strikes=False),
        )
        fight(s, 0, 0)
        play_cards(s, a=[KNIFE], b=[DART])
        darts = [e for e in events(s, "damage") if e["source"] == "b-1"]
        assert bool(darts) is resolves
        assert s.hp[0] == (12 - 3 if resolves else 12)
        assert card_id(s, DART) in s.discards[1]  # played either way


@flips("items_of_a_dead_carrier_are_discarded")
def test_an_item_of_a_dead_carrier_is_lost_or_carried():
    """docs/rules/eredan.md §3 Items — [decision] items_of_a_dead_carrier_are_discarded: the passive
    fighter plays a sword and dies to the active player's knife before the combat ends."""
    for discarded in (True, False):
        s = prepare_game(
            line("a"),
            line("b"),
            hands=([KNIFE], [SWORD]),
            rules=ruled(items_of_a_dead_carrier_are_discarded=discarded),
        )
        fight(s, 0, 0)
        play_cards(s, a=[KNIFE], b=[SWORD])
        sword = card_id(s, SWORD)
        assert s.hp[3] == 0
        assert (sword in s.discards[1]) is discarded
        assert (s.items[3] == [sword]) is not discarded
        assert bool(events(s, "item_lost")) is discarded


@flips("revived_character_untapped")
def test_a_revived_character_is_untapped_or_not():
    """docs/rules/eredan.md §3 step 3 — [decision] revived_character_untapped."""
    for untapped in (True, False):
        s = prepare_game(
            line("a"),
            line("b"),
            hands=([REVIVE], [JAB]),
            hp=[12, 0, 12, 12, 12, 12],
            tapped=[False, True, False, False, False, False],
            rules=ruled(revived_character_untapped=untapped),
        )
        fight(s, 0, 0)
        play_cards(s, a=[REVIVE])
        assert s.hp[1] == 5
        assert s.tapped[1] is not untapped


@flips("double_deck_out_by_score")
def test_both_players_decking_out_is_scored_or_drawn():
    """docs/rules/eredan.md §3 End — [decision] double_deck_out_by_score."""
    strong = [character("strong", attack=(6, 6)), *line("a")[1:]]
    for by_score, winner in ((True, 0), (False, None)):
        s = prepare_game(
            strong, line("b"), hands=([JAB] * 5, [JAB] * 5), rules=ruled(double_deck_out_by_score=by_score)
        )
        fight(s, 0, 0)
        play_cards(s, a=[JAB], b=[JAB])
        end_turn(s)
        fight(s, 1, 1)
        play_cards(s)
        end_turn(s)
        assert s.deck_out == [True, True] and s.winner == winner


@flips("score_counts_actual_hp")
def test_the_score_counts_the_hp_lost_or_the_nominal_damage():
    """docs/rules/eredan.md §3 End — [decision] score_counts_actual_hp: a 20-point knife on 12 HP."""
    for actual, score in ((True, 12), (False, 20)):
        s = prepare_game(
            line("a"),
            line("b"),
            hands=([KNIFE], [JAB]),
            rules=ruled(score_counts_actual_hp=actual, fighter_killed_by_cards_strikes=False),
        )
        fight(s, 0, 0)
        play_cards(s, a=[KNIFE])
        assert s.score[0] == score  # the knife (its dead target strikes no more, nor is struck)


@flips("amount_rolled_once_per_effect")
def test_a_zone_effect_rolls_once_or_for_each_target():
    """docs/rules/eredan.md §3 step 2 — [decision] amount_rolled_once_per_effect: a 1–6 blow on
    every enemy."""
    differ = {}
    for once in (True, False):
        differ[once] = 0
        for seed in range(12):
            s = prepare_game(
                line("a"),
                line("b"),
                hands=([SCATTER], [JAB]),
                seed=seed,
                rules=ruled(amount_rolled_once_per_effect=once),
            )
            fight(s, 0, 0)
            play_cards(s, a=[SCATTER])
            amounts = {e["amount"] for e in events(s, "damage") if e["kind"] == "direct"}
            differ[once] += len(amounts) > 1
    assert differ[True] == 0 and differ[False] > 0


@flips("crossed_attack_range_gives_minimum")
def test_an_attaque_minimum_above_the_maximum_gives_the_minimum_or_the_maximum():
    """docs/rules/eredan.md §3 step 3 — [decision] crossed_attack_range_gives_minimum: Attaque 2–4,
    "Attaque min. +5" (7 above 4)."""
    raised = character(
        "raised", attack=(2, 4), abilities=[{"op": "modify", "stat": "attack_min", "amount": 5}]
    )
    for minimum, attack in ((True, 7), (False, 4)):
        s = prepare_game(
            [raised, *line("a")[1:]],
            line("b"),
            hands=([JAB], [JAB]),
            rules=ruled(crossed_attack_range_gives_minimum=minimum),
        )
        fight(s, 0, 0)
        play_cards(s)
        assert next(e["attack"] for e in events(s, "attack") if e["character"] == "raised") == attack
        # The greedy player's estimate follows the same rule.
        t = prepare_game([raised, *line("a")[1:]], line("b"), hands=([JAB], [JAB]), rules=s.rules)
        assert blow_value(t, 0, 3, 0, 0, 5, 0) == attack - 1  # a sure blow against Défense 1


@flips("shield_takes_armor_slot")
def test_a_shield_takes_the_armor_slot_or_its_own():
    """docs/rules/eredan.md §3 Items — [decision] shield_takes_armor_slot: a character wearing a mail
    may add a buckler only when a shield has a slot of its own."""
    for armor_slot in (True, False):
        s = prepare_game(
            line("a"),
            line("b"),
            hands=([BUCKLER], [JAB]),
            items=[[MAIL], [], [], [], [], []],
            rules=ruled(shield_takes_armor_slot=armor_slot),
        )
        fight(s, 0, 0)
        assert (Play.of(card_id(s, BUCKLER), 0) in s.legal_actions()) is not armor_slot


@flips("courtisan_in_every_guild")
def test_a_courtisan_is_in_every_guild_or_its_own():
    """docs/rules/eredan.md §2.3, §3 Decisions — [decision] courtisan_in_every_guild: a Noz Courtisan
    plays a card that acts when played by a Kotoba."""
    courtier = character("courtier", guild="noz", castes=("courtisan",), attack=(3, 3))
    for every_guild, hp in ((True, 12 - (3 + 4 - 1)), (False, 12 - (3 - 1))):
        s = prepare_game(
            [courtier, *line("a")[1:]],
            line("b"),
            hands=([KOTOBA_BLADE], [JAB]),
            rules=ruled(courtisan_in_every_guild=every_guild),
        )
        fight(s, 0, 0)
        play_cards(s, a=[KOTOBA_BLADE])
        assert s.hp[3] == hp


@flips("negative_reduction_adds_damage")
def test_a_defense_below_zero_counts_as_zero_or_adds_damage():
    """docs/rules/eredan.md §3 step 3 — [decision] negative_reduction_adds_damage: Défense 1 − 3 = −2
    against a 3-point blow."""
    for adds, hp in ((False, 12 - 3), (True, 12 - 5)):
        rules = ruled(negative_reduction_adds_damage=adds)
        s = prepare_game(line("a"), line("b"), hands=([SUNDER], [JAB]), rules=rules)
        fight(s, 0, 0)
        play_cards(s, a=[SUNDER])
        assert s.hp[3] == hp
        blow = next(e for e in events(s, "damage") if e["target"] == "b-1")
        assert blow["reduced_by"] == (-2 if adds else 0)
        # The greedy player's estimate follows the same rule.
        t = prepare_game(line("a"), line("b"), hands=([JAB], [JAB]), rules=rules)
        assert blow_value(t, 0, 3, 0, -3) == 12 - hp


@flips("crowded_out_item_is_discarded")
def test_an_item_crowded_out_by_the_other_sides_artisan_is_lost_or_replaces():
    """docs/rules/eredan.md §3 Items — [decision] crowded_out_item_is_discarded: the active player's
    Artisan puts a hex plate on the enemy fighter while that one puts on its own mail; the plate
    resolves first (N order), so the mail finds the armor slot taken."""
    smith = character("smith", classes=("artisan",))
    for discarded in (True, False):
        s = prepare_game(
            [smith, *line("a")[1:]],
            line("b"),
            hands=([HEX_PLATE], [MAIL]),
            rules=ruled(crowded_out_item_is_discarded=discarded),
        )
        fight(s, 0, 0)
        play(s, HEX_PLATE, on=3)
        play(s, MAIL)
        plate, mail = card_id(s, HEX_PLATE), card_id(s, MAIL)
        if discarded:
            assert s.items[3] == [plate] and mail in s.discards[1]
            assert s.stat(3, DEF) == 1 - 2 and events(s, "item_crowded_out")
        else:
            assert s.items[3] == [mail] and plate in s.discards[0]  # back to its owner's pile
            assert s.stat(3, DEF) == 1 + 2 and events(s, "item_replaced")


@flips("mage_combattant_keeps_item_chain")
def test_a_mage_combattant_loses_or_keeps_the_item_chain():
    """docs/rules/eredan.md §3 Classes — [setting] mage_combattant_keeps_item_chain: the source's
    table takes the Combattant's chain on an item from a Mage/Combattant (false, the default)."""
    fighter = character(
        "multi", classes=("mage", "combattant"), abilities=[{"op": "chain_on", "match": {"type": "epee"}}]
    )
    for keeps in (False, True):
        s = prepare_game(
            [fighter, *line("a")[1:]],
            line("b"),
            hands=([SWORD, JAB], [JAB]),
            rules=ruled(mage_combattant_keeps_item_chain=keeps),
        )
        fight(s, 0, 0)
        play(s, SWORD)
        assert (s.to_move == 0 and playable(s) == {"jab"}) is keeps


BLACK_BLADE = card(
    "black-blade",
    "epee",
    effects=[{"op": "modify", "stat": "attack", "amount": 2, "duration": {"turns": 2}}],
)


@flips("turns_count_the_characters_combats")
def test_a_duration_in_turns_counts_the_characters_combats_or_the_games_turns():
    """issue 15 §2, docs/rules/eredan.md §3 Decisions — [decision] turns_count_the_characters_combats:
    a weapon's "Attaque +2, durée 2 tours" (Lame noire de Télendar) acts after its carrier's combat;
    counted in the carrier's turns (its combats) it is still there when the carrier fights again,
    counted in the game's turns it is gone while the carrier is tapped."""
    for counts_combats in (True, False):
        s = prepare_game(
            line("a"),
            line("b"),
            hands=([BLACK_BLADE], [JAB, JAB, JAB]),
            piles=([JAB] * 8, [JAB] * 8),
            rules=ruled(turns_count_the_characters_combats=counts_combats),
        )
        fight(s, 0, 0)
        play_cards(s, a=[BLACK_BLADE])
        assert s.stat(0, ATK) == 2  # it acted after the combat
        end_turn(s)
        fight(s, 1, 1)  # turn 2: the carrier is tapped, others fight
        play_cards(s)
        end_turn(s)
        assert s.stat(0, ATK) == (2 if counts_combats else 0)


@flips("stay_counts_from_next_combat")
def test_a_card_that_stays_counts_its_carriers_combats_from_the_next_one():
    """docs/rules/eredan.md §3 Items — [decision] stay_counts_from_next_combat: a weapon lasting 2
    combats that comes into play after the clash starts counting with its carrier's next combat
    (false: the combat it came in is its first, so it gives its bonus in one clash only)."""
    blade = card(
        "black-blade",
        "epee",
        effects=[{"op": "modify", "stat": "attack", "amount": 2, "duration": "permanent"}],
        play={"stays": {"combats": 2}},
    )
    for from_next, attacks in ((True, [3, 5, 5]), (False, [3, 5, 3])):
        s = prepare_game(
            line("a"),
            line("b"),
            hands=([blade], [JAB]),
            piles=([JAB] * 8, [JAB] * 8),
            rules=ruled(stay_counts_from_next_combat=from_next),
        )
        for mine, cards in ((0, [blade]), (1, []), (2, []), (0, []), (1, []), (2, []), (0, [])):
            if s.phase != P_CARD:
                fight(s, mine, mine)
            play_cards(s, a=cards)
            end_turn(s)
        assert [e["attack"] for e in events(s, "attack") if e["character"] == "a-1"] == attacks


@flips("untapped_fighter_stays_untapped")
def test_a_fighter_untapped_during_its_combat_stays_untapped_or_not():
    """docs/rules/eredan.md §3 step 4 — [decision] untapped_fighter_stays_untapped: a fighter an
    effect untaps during its combat ("votre personnage est relevé") is not tapped at its end (false:
    it is, as every fighter)."""
    wake = card("wake", effects=[{"op": "untap"}])
    for stays in (True, False):
        s = prepare_game(
            line("a"), line("b"), hands=([wake], [JAB]), rules=ruled(untapped_fighter_stays_untapped=stays)
        )
        fight(s, 0, 0)
        play_cards(s, a=[wake])
        assert s.tapped[0] is not stays and s.tapped[3]


@flips("played_card_needs_requirements")
def test_a_card_an_effect_plays_needs_its_requirements_or_not():
    """docs/rules/eredan.md §3 step 2 — [decision] played_card_needs_requirements: a card an effect
    plays from a pile must be one its character may play (false: whatever its requirements)."""
    summon = card("summon", effects=[{"op": "play_card", "from": "deck", "pick": "top"}])
    for needs in (True, False):
        s = prepare_game(
            line("a"),
            line("b"),
            hands=([summon], [JAB]),
            piles=([BOLT, JAB], [JAB] * 3),
            rules=ruled(played_card_needs_requirements=needs),
        )
        fight(s, 0, 0)
        play_cards(s, a=[summon])
        played = [e["card"] for e in events(s, "play") if e["seat"] == 0]
        # The top card is a Sortilège, which a-1 (no Mage) may not play: the next one it may.
        assert played == (["summon", "jab"] if needs else ["summon", "bolt"])


@flips("granted_order_is_every_ordre")
def test_a_granted_order_gives_every_ordre_or_the_soonest_ones():
    """docs/rules/eredan.md §3 step 1 — [decision] granted_order_is_every_ordre: "grant_order" (the
    Ordres' bonus as if the turn were one they name) gives every Ordre's bonus (false: the Ordre of
    the soonest turn to come that one names)."""
    captain = character(
        "captain",
        orders=[
            {"turns": [6], "effects": [{"op": "modify", "stat": "attack", "amount": 4}]},
            {"turns": [3], "effects": [{"op": "modify", "stat": "attack", "amount": 1}]},
        ],
    )
    command = card("command", effects=[{"op": "grant_order"}])
    for every, attack in ((True, 3 + 4 + 1), (False, 3 + 1)):
        s = prepare_game(
            [captain, *line("a")[1:]],
            line("b"),
            hands=([command], [JAB]),
            rules=ruled(granted_order_is_every_ordre=every),
        )
        fight(s, 0, 0)
        play_cards(s, a=[command])
        assert events(s, "attack")[0]["attack"] == attack


@flips("chosen_card_by_worth")
def test_a_card_chosen_from_a_pile_is_the_most_useful_or_a_random_one():
    """docs/rules/eredan.md §3 step 2 — [decision] chosen_card_by_worth: "reprenez une carte de votre
    défausse" (pick choice) takes, for its player, the card of the highest worth (false: one at
    random, the game's chance)."""
    recall = card("recall", effects=[{"op": "move", "from": "discard", "to": "hand", "pick": "choice"}])
    taken: dict[bool, set[str]] = {True: set(), False: set()}
    for by_worth in (True, False):
        for seed in range(12):
            s = prepare_game(
                line("a"),
                line("b"),
                hands=([recall], [JAB]),
                extra=([KNIFE, DART], []),
                seed=seed,
                rules=ruled(chosen_card_by_worth=by_worth),
            )
            s.discards[0] = [card_id(s, DART), card_id(s, KNIFE)]
            fight(s, 0, 0)
            play_cards(s, a=[recall])
            taken[by_worth] |= {e["cards"][0] for e in events(s, "move")}
    assert taken == {True: {"knife"}, False: {"knife", "dart"}}


@flips("start_cards_before_opening_draw")
def test_cards_leaving_the_deck_at_the_start_do_so_before_or_after_the_opening_draw():
    """docs/rules/eredan.md §3 Start — [decision] start_cards_before_opening_draw: before the draw,
    the opening 5 are all other cards; after it, the draw may take some of them first."""
    from simulator.games.eredan.compiled import compile_tables
    from simulator.games.eredan.state import EredanState

    early = card("early-bird", play={"starts": "hand"})
    tables = compile_tables((deck("d", line("a"), {early: 10, JAB: 10}), deck("e", line("b"), {JAB: 20})))
    others_in_hand: dict[bool, set[int]] = {True: set(), False: set()}
    for before in (True, False):
        for seed in range(8):
            s = EredanState.new_game(
                tables, random.Random(seed), rules=ruled(start_cards_before_opening_draw=before)
            )
            slugs = [s.cards[k].slug for k in s.hands[0]]
            assert slugs.count("early-bird") == 10  # every copy ends in the hand either way
            others_in_hand[before].add(slugs.count("jab"))
    assert others_in_hand[True] == {5}
    assert min(others_in_hand[False]) < 5


def test_every_decision_is_flipped_by_a_test():
    assert set(FLIPPED) == {f.name for f in fields(EredanRules)}


# --- the rules as options -------------------------------------------------------------------------


def test_the_rules_are_the_games_options():
    """Each field of EredanRules is an option of the game (API, CLI, form), with its default and a
    help citing its rule; the game takes them by name."""
    assert set(GAME_SPEC.options) == {f.name for f in fields(EredanRules)}
    for f in fields(EredanRules):
        option = GAME_SPEC.options[f.name]
        assert option.default == getattr(DEFAULT_RULES, f.name) and option.accepts(option.default)
        assert "docs/rules/eredan.md §" in option.help
    game = GAME_SPEC.make_game(mage_spell_chain_any=False, turn_cap=30)
    assert game.rules == replace(DEFAULT_RULES, mage_spell_chain_any=False, turn_cap=30)
    assert game.rules.changed() == {"mage_spell_chain_any": False, "turn_cap": 30}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"turn_cap": 0}, "turn_cap must be an integer from 1 to 1000, got 0"),
        ({"initiative_die": 1}, "initiative_die must be an integer from 2 to 100"),
        ({"mage_spell_chain_any": 1}, "mage_spell_chain_any is true or false"),
        ({"turn_cap": True}, "turn_cap must be an integer"),
        ({"mage_chain": True}, "unknown Eredan rule 'mage_chain'"),
    ],
)
def test_a_bad_rule_is_refused_with_its_name(options, message):
    with pytest.raises(ValueError, match=message):
        EredanGame(**options)


def test_a_record_without_a_rule_takes_the_value_the_engine_had_then():
    """A record written before the rules were recorded names only ``turn_cap``: the other fields
    take the values of the engine that wrote it — which let a Mage/Combattant keep its item chain
    and counted "N turns" in the game's turns. A record written before a field existed (every
    other field named) takes that field's old value too."""
    assert rules_for_record({"turn_cap": 40}) == replace(
        DEFAULT_RULES,
        turn_cap=40,
        mage_combattant_keeps_item_chain=True,
        turns_count_the_characters_combats=False,
    )
    assert rules_for_record(DEFAULT_RULES.to_options()) == DEFAULT_RULES
    older = {k: v for k, v in DEFAULT_RULES.to_options().items() if k != "turns_count_the_characters_combats"}
    assert rules_for_record(older) == replace(DEFAULT_RULES, turns_count_the_characters_combats=False)


def test_a_copy_plays_with_the_same_rules():
    rules = ruled(negative_reduction_adds_damage=True)
    s = prepare_game(line("a"), line("b"), hands=([JAB], [JAB]), rules=rules)
    assert s.clone().rules is rules and s.determinize(0, random.Random(1)).rules is rules
    assert s.phase != P_CARD or PASS in s.legal_actions()
