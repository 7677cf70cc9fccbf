"""docs/rules/eredan.md §3, rule by rule, each on a small prepared position."""

from __future__ import annotations

import random

import pytest

from simulator.engine.protocol import IllegalActionError
from simulator.games.eredan import rules
from simulator.games.eredan.actions import PASS, Fight, Play
from simulator.games.eredan.game import EredanGame
from simulator.games.eredan.ops import ATK, DEF, SPI
from simulator.games.eredan.rules import DEFAULT_RULES
from simulator.games.eredan.state import (
    P_CARD,
    P_CHOICE,
    P_DISCARD,
    P_OVER,
    discard_action,
)
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
GUARD = card("guard", effects=[{"op": "modify", "stat": "defense", "amount": 1}])
CHAIN_ANY = card("flurry", chain={"any": True}, effects=[{"op": "modify", "stat": "attack", "amount": 1}])
BOLT = card("bolt", "foudre", effects=[{"op": "damage", "kind": "magical", "amount": 6}])
STORM = card(
    "storm",
    "foudre",
    zone=True,
    effects=[{"op": "damage", "kind": "magical", "amount": 2, "target": "all_enemies"}],
)
FOCUS = card("focus", "feu", effects=[{"op": "modify", "stat": "spirit", "amount": 2}])
SMITE = card("smite", "colere_divine", effects=[{"op": "damage", "kind": "magical", "amount": 4}])
KNIFE = card("knife", "action", effects=[{"op": "damage", "kind": "direct", "amount": 20}])
SWORD = card(
    "sword", "epee", effects=[{"op": "modify", "stat": "attack", "amount": 2, "duration": "permanent"}]
)
SWORD_2 = card(
    "sword-b", "epee", effects=[{"op": "modify", "stat": "attack", "amount": 1, "duration": "permanent"}]
)
DAGGER = card(
    "dagger",
    "dague",
    dual_wield=True,
    effects=[{"op": "modify", "stat": "attack", "amount": 1, "duration": "permanent"}],
)
AXE = card("axe", "hache", effects=[{"op": "modify", "stat": "attack", "amount": 3, "duration": "permanent"}])
MAIL = card(
    "mail", "armure", effects=[{"op": "modify", "stat": "defense", "amount": 2, "duration": "permanent"}]
)
BUCKLER = card(
    "buckler", "bouclier", effects=[{"op": "modify", "stat": "defense", "amount": 1, "duration": "permanent"}]
)
CHARM = card(
    "charm", "amulette", effects=[{"op": "modify", "stat": "spirit", "amount": 1, "duration": "permanent"}]
)
POTION = card("potion", "potion", effects=[{"op": "heal", "amount": 4}])
SCROLL = card("scroll", "parchemin", effects=[{"op": "modify", "stat": "defense", "amount": 1}])
INSIGHT = card("insight", effects=[{"op": "draw", "count": 3}])


def mage(slug: str = "mage", **kw: object) -> object:
    return character(slug, classes=("mage",), **kw)  # type: ignore[arg-type]


# --- Start -------------------------------------------------------------------------------------


def test_start_five_cards_each_and_initiative_rerolls_ties():
    """docs/rules/eredan.md §3 Start — each player draws 5 cards; each rolls a die, the higher starts,
    ties are re-rolled; the starting player is active on turn 1."""
    d = deck("d", line("a"), {JAB: 20})
    ties = 0
    for seed in range(300):
        s = EredanGame().new_initial_state(random.Random(seed), (d, d))
        assert len(s.hands[0]) == len(s.hands[1]) == rules.HAND_SIZE
        assert len(s.decks[0]) == len(s.decks[1]) == 15
        *tied, (r0, r1) = s.initiative_rolls
        assert all(x == y for x, y in tied)
        assert r0 != r1 and all(1 <= r <= DEFAULT_RULES.initiative_die for r in (r0, r1))
        assert s.first_player == s.active == (0 if r0 > r1 else 1)
        assert s.turn == 1 and s.current_player() == s.active and s.phase == P_CHOICE
        ties += len(tied)
    assert ties > 0


def test_initiative_abilities_add_to_the_roll():
    """docs/rules/eredan.md §3 Start — a character's "Initiative +N" adds to its player's die."""
    quick = [
        character(f"q{i}", abilities=[{"op": "modify", "stat": "initiative", "amount": 2}]) for i in range(3)
    ]
    fast, slow = deck("fast", quick, {JAB: 10}), deck("slow", line("s"), {JAB: 10})
    for seed in range(60):
        s = EredanGame().new_initial_state(random.Random(seed), (slow, fast))
        assert s.first_player == 1  # die + 6 beats a die, ties re-rolled


# --- Step 0: draw, deck-out ----------------------------------------------------------------------


def test_draw_back_to_five_but_not_on_turn_one():
    """docs/rules/eredan.md §3 step 0 — each player draws back up to 5 cards, not on turn 1."""
    s = prepare_game(line("a"), line("b"), hands=([JAB] * 3, [JAB] * 2), piles=([GUARD] * 6, [GUARD] * 6))
    assert (len(s.hands[0]), len(s.hands[1])) == (3, 2)
    fight(s, 0, 0)
    play_cards(s, a=[JAB])
    end_turn(s)
    assert s.turn == 2
    assert (len(s.hands[0]), len(s.hands[1])) == (5, 5)
    assert (len(s.decks[0]), len(s.decks[1])) == (3, 3)


def test_deck_out_loses_at_the_end_of_that_turn():
    """docs/rules/eredan.md §3 step 0 — a player who cannot fill their hand loses at the end of the turn."""
    s = prepare_game(line("a"), line("b"), hands=([JAB] * 5, [JAB] * 5), piles=([], [GUARD] * 5))
    fight(s, 0, 0)
    play_cards(s, a=[JAB])
    end_turn(s)
    # Turn 2: seat 0 cannot fill its hand, but the turn is still played.
    assert s.turn == 2 and s.deck_out == [True, False] and s.phase == P_CHOICE
    fight(s, 1, 1)
    play_cards(s)
    end_turn(s)
    assert s.is_terminal() and s.winner == 1 and s.end_reason == rules.END_DECK_OUT
    assert s.returns() == (-1.0, 1.0)
    assert events(s, "deck_out") == [{"event": "deck_out", "seat": 0}]


def test_deck_out_player_who_eliminates_the_opponent_first_wins():
    """docs/rules/eredan.md §3 step 0 — "… unless the opponent is eliminated first"."""
    hitter = [character("hitter", attack=(9, 9)), *line("a")[1:]]
    s = prepare_game(
        hitter,
        line("b"),
        hands=([JAB] * 5, [JAB] * 5),
        piles=([], [GUARD] * 5),
        hp=[12, 12, 12, 5, 0, 0],
    )
    fight(s, 1, 0)
    play_cards(s, a=[JAB])
    end_turn(s)
    assert s.turn == 2 and s.active == 1 and s.deck_out == [True, False]
    fight(s, 0, 0)  # seat 1's last character (untapped again) against the hitter
    play_cards(s)
    assert s.is_terminal() and s.winner == 0 and s.end_reason == rules.END_ELIMINATION


def test_both_players_decking_out_is_settled_by_the_score():
    """docs/rules/eredan.md §3 End — [decision] double_deck_out_by_score."""
    strong = [character("strong", attack=(6, 6)), *line("a")[1:]]
    s = prepare_game(strong, line("b"), hands=([JAB] * 5, [JAB] * 5), piles=([], []))
    fight(s, 0, 0)
    play_cards(s, a=[JAB], b=[JAB])
    end_turn(s)
    assert s.deck_out == [True, True]
    fight(s, 1, 1)
    play_cards(s)
    end_turn(s)
    assert s.end_reason == rules.END_DECK_OUT and s.winner == 0
    assert s.score == [6 + 2, 3 + 2]


# --- Step 1: choice, untap, Ordres ---------------------------------------------------------------


def test_choice_is_an_untapped_living_fighter_against_an_untapped_living_enemy():
    """docs/rules/eredan.md §3 step 1 — the active player chooses one of their untapped living
    characters and one untapped living enemy."""
    s = prepare_game(
        line("a"),
        line("b"),
        hands=([JAB], [JAB]),
        hp=[10, 0, 10, 10, 10, 10],
        tapped=[False, False, True, False, True, False],
    )
    assert set(s.legal_actions()) == {Fight.of(0, 3), Fight.of(0, 5)}
    with pytest.raises(IllegalActionError) as info:
        s.apply(Fight.of(1, 3))  # a dead fighter
    assert "step 1" in info.value.rule
    with pytest.raises(IllegalActionError):
        s.apply(Fight.of(0, 4))  # a tapped enemy


def test_all_living_characters_tapped_untap_at_the_start_of_the_turn():
    """docs/rules/eredan.md §3 step 1 — [decision] when all of a player's living characters are tapped,
    they all untap at the start of the turn."""
    s = prepare_game(
        line("a"),
        line("b"),
        hands=([JAB], [JAB]),
        hp=[10, 0, 10, 10, 10, 10],
        tapped=[True, False, True, True, False, True],
    )
    assert s.tapped == [False, False, False, True, False, True]
    assert events(s, "untap") == [{"event": "untap", "seat": 0}]
    assert set(s.legal_actions()) == {Fight.of(m, 4) for m in (0, 2)}


def test_fighters_are_tapped_after_the_combat_and_stay_tapped():
    """docs/rules/eredan.md §3 step 4 — both fighters are tapped; a tapped character cannot be chosen."""
    s = prepare_game(line("a"), line("b"), hands=([JAB] * 2, [JAB] * 2), piles=([JAB] * 5, [JAB] * 5))
    fight(s, 1, 2)
    play_cards(s)
    assert s.tapped == [False, True, False, False, False, True]
    end_turn(s)
    # Turn 2, seat 1 active: its character 2 is tapped, as is seat 0's character 1.
    assert set(s.legal_actions()) == {Fight.of(3 + m, t) for m in (0, 1) for t in (0, 2)}


@pytest.mark.parametrize(
    ("turn", "attack", "defense", "spirit"),
    [(1, 0, 0, 0), (2, 1, 1, 0), (3, 0, 0, 1), (4, 0, 1, 1), (5, 1, 0, 1), (6, 0, 1, 1)],
)
def test_ordres_apply_on_their_turns_and_several_at_once(turn, attack, defense, spirit):
    """docs/rules/eredan.md §3 step 1 — a fighter whose Ordre names this turn gets its bonus (turn
    lists, even/odd, "N and more"); several Ordres on one character all apply."""
    ordered = character(
        "ordered",
        orders=[
            {"turns": [2, 5], "effects": [{"op": "modify", "stat": "attack", "amount": 1}]},
            {"turns": "even", "effects": [{"op": "modify", "stat": "defense", "amount": 1}]},
            {"turns": {"from": 3}, "effects": [{"op": "modify", "stat": "spirit", "amount": 1}]},
        ],
    )
    bystander = character(
        "bystander",
        orders=[{"turns": {"from": 1}, "effects": [{"op": "modify", "stat": "attack", "amount": 5}]}],
    )
    s = prepare_game(
        [ordered, bystander, line("a")[2]],
        line("b"),
        hands=([JAB], [JAB]),
        turn=turn,
        first_player=0 if turn % 2 else 1,
    )
    assert s.active == 0
    fight(s, 0, 0)
    assert (s.stat(0, ATK), s.stat(0, DEF), s.stat(0, SPI)) == (attack, 1 + defense, 1 + spirit)
    assert s.stat(1, ATK) == 0  # only the fighters get their Ordres


# --- Step 2: cards, chains, N order ------------------------------------------------------------


def test_one_card_each_without_a_chain():
    """docs/rules/eredan.md §3 step 2 — each player may play 1 card from hand, played by its fighter."""
    s = prepare_game(line("a"), line("b"), hands=([JAB, GUARD], [JAB, GUARD]))
    fight(s, 0, 0)
    assert s.phase == P_CARD and s.to_move == 0 and s.slot == 0
    assert set(s.legal_actions()) == {
        PASS,
        Play.of(card_id(s, JAB), 0),
        Play.of(card_id(s, GUARD), 0),
    }
    play(s, JAB)
    assert s.to_move == 1 and s.slot == 0  # no chain: the passive player's turn
    play(s, GUARD)
    assert s.phase == P_DISCARD
    assert [e["card"] for e in events(s, "play")] == ["jab", "guard"]


def _second_card_options(chars, first, others):
    s = prepare_game(chars, line("b"), hands=([first, *others], [JAB]))
    fight(s, 0, 0)
    play(s, first)
    if s.to_move != 0:
        return None
    return playable(s)


def test_chain_any_type_and_name():
    """docs/rules/eredan.md §3 step 2 — Enchaînement lets the player play a second card of the kind the
    chain names: any card, a type, or a named card."""
    plain = line("a")
    typed = card(
        "assassinate", chain={"type": "dague"}, effects=[{"op": "modify", "stat": "attack", "amount": 3}]
    )
    named = card("katana", "epee", chain={"card": "wakizashi"})
    wakizashi = card("wakizashi", "epee", dual_wield=True)
    assert _second_card_options(plain, CHAIN_ANY, [JAB, DAGGER, POTION]) == {"jab", "dagger", "potion"}
    assert _second_card_options(plain, typed, [JAB, DAGGER, AXE]) == {"dagger"}
    assert _second_card_options(plain, named, [JAB, DAGGER, wakizashi]) == {"wakizashi"}
    assert _second_card_options(plain, JAB, [GUARD, DAGGER]) is None  # no chain: no second card


def test_chain_by_guild_and_by_class_reserved():
    """docs/rules/eredan.md §3 step 2 — chains naming a guild's cards or a class's cards (CardMatch)."""
    kotoba_card = card("kotoba-trick", guild="kotoba")
    marauder_card = card("backstab", requirements={"classes": ["maraudeur"]})
    by_guild = card("call", chain={"guild": "kotoba"})
    by_class = card("shadows", chain={"class_reserved": "maraudeur"})
    rogue = [character("rogue", classes=("maraudeur",), guild="kotoba"), *line("a")[1:]]
    assert _second_card_options(rogue, by_guild, [JAB, kotoba_card, marauder_card]) == {"kotoba-trick"}
    assert _second_card_options(rogue, by_class, [JAB, kotoba_card, marauder_card]) == {"backstab"}


def test_character_granted_chain_on_an_item_kind():
    """docs/rules/eredan.md §3 Classes — a Combattant gains a chain when its first card is the kind of
    item printed on it (``chain_on``), e.g. a one-handed sword; not for other cards."""
    iro = character("iro", abilities=[{"op": "chain_on", "match": {"type": "epee", "hands": 1}}])
    chars = [iro, *line("a")[1:]]
    assert _second_card_options(chars, SWORD, [JAB, GUARD]) == {"jab", "guard"}
    assert _second_card_options(chars, AXE, [JAB, GUARD]) is None  # two-handed: no chain
    assert _second_card_options(chars, JAB, [GUARD, SWORD]) is None


def test_mage_spell_chain_only_for_a_mono_class_mage_and_a_non_zone_spell():
    """docs/rules/eredan.md §3 Classes — a Mage gains a chain when its first card is a non-zone spell;
    multi-class Mages and Guémélites do not."""
    assert _second_card_options([mage(), *line("a")[1:]], BOLT, [JAB, FOCUS]) == {"jab", "focus"}
    assert _second_card_options([mage(), *line("a")[1:]], STORM, [JAB, FOCUS]) is None
    assert _second_card_options([mage(), *line("a")[1:]], JAB, [GUARD, FOCUS]) is None
    battle_mage = character("battle-mage", classes=("combattant", "mage"))
    assert _second_card_options([battle_mage, *line("a")[1:]], BOLT, [JAB, FOCUS]) is None
    guem = character("pilkim", classes=("mage",), race="guemelite_foudre")
    assert _second_card_options([guem, *line("a")[1:]], BOLT, [JAB, FOCUS]) is None


def test_cards_resolve_in_n_order():
    """docs/rules/eredan.md §3 step 2 — active's 1st, passive's 1st, active's 2nd, passive's 2nd."""
    a1 = card("a-first", chain={"any": True}, effects=[{"op": "modify", "stat": "attack", "amount": 1}])
    a2 = card("a-second", effects=[{"op": "modify", "stat": "attack", "amount": 1}])
    b1 = card("b-first", chain={"any": True}, effects=[{"op": "modify", "stat": "attack", "amount": 1}])
    b2 = card("b-second", effects=[{"op": "modify", "stat": "attack", "amount": 1}])
    s = prepare_game(line("a"), line("b"), hands=([a1, a2], [b1, b2]), first_player=1, turn=1)
    assert s.active == 1
    fight(s, 0, 0)
    play_cards(s, a=[a1, a2], b=[b1, b2])
    assert [e["card"] for e in events(s, "play")] == ["b-first", "a-first", "b-second", "a-second"]


def test_requirements_are_checked_when_a_card_is_played():
    """docs/rules/eredan.md §3 step 2 and §2.8 — a card reserved to a class, a named character or a race
    can only be played by such a fighter; spells need a Mage, theurgies a Prêtre."""
    for_warriors = card("war-cry", requirements={"classes": ["combattant"]})
    for_iro = card("iro-sword", "epee", requirements={"characters": ["iro"]})
    for_elves = card("elf-song", requirements={"races": ["elfine"]})
    hands = [for_warriors, for_iro, for_elves, BOLT, SMITE, JAB]
    chars = [
        character("iro", classes=("combattant",)),
        character("elf", classes=("maraudeur",), race="elfine"),
        character("priest", classes=("pretre",)),
    ]
    expected = {
        0: {"war-cry", "iro-sword", "jab"},
        1: {"elf-song", "jab"},
        2: {"smite", "jab"},
    }
    for mine, slugs in expected.items():
        s = prepare_game(chars, line("b"), hands=(hands, [JAB]))
        fight(s, mine, 0)
        assert playable(s) == slugs
        with pytest.raises(IllegalActionError):
            s.apply(Play.of(card_id(s, BOLT), mine))


# --- Step 3: clash ----------------------------------------------------------------------------


def test_attack_is_rolled_in_its_range():
    """docs/rules/eredan.md §1, §3 step 3 — the Attaque is a range rolled each combat."""
    seen = set()
    for seed in range(80):
        s = prepare_game(
            [character("ranger", attack=(2, 5)), *line("a")[1:]], line("b"), hands=([JAB], [JAB]), seed=seed
        )
        fight(s, 0, 0)
        play_cards(s)
        seen.add(next(e["attack"] for e in events(s, "attack") if e["character"] == "ranger"))
    assert seen == {2, 3, 4, 5}


def test_clash_physical_damage_is_reduced_by_defense_and_never_negative():
    """docs/rules/eredan.md §3 step 3 — each fighter deals (Attack + modifiers) − (opposing Defense +
    modifiers), at least 0."""
    s = prepare_game(
        [character("big", attack=(5, 5), defense=3), *line("a")[1:]],
        [character("small", attack=(1, 1), defense=2), *line("b")[1:]],
        hands=([JAB], [GUARD]),
    )
    fight(s, 0, 0)
    play_cards(s, a=[JAB], b=[GUARD])
    # big: 5 + 1 (jab) − (2 + 1 guard) = 3; small: 1 − 3 → 0.
    assert s.hp[3] == 12 - 3 and s.hp[0] == 12
    assert [e["damage"] for e in events(s, "damage")] == [3, 0]


def test_spell_damage_is_reduced_by_spirit_not_defense():
    """docs/rules/eredan.md §3 step 3 — damage from a Sortilège or Théurgie is reduced by the target's
    Esprit (the source's example: a 5-point spell on Aez, Défense 3 Esprit 1, takes 4 HP)."""
    arrow = card("incandescent-arrow", "feu", effects=[{"op": "damage", "kind": "magical", "amount": 5}])
    aez = character("aez", defense=3, spirit=1, attack=(0, 0))
    s = prepare_game(
        [mage("aku", attack=(0, 0)), *line("a")[1:]], [aez, *line("b")[1:]], hands=([arrow], [JAB])
    )
    fight(s, 0, 0)
    play_cards(s, a=[arrow])
    assert s.hp[3] == 12 - 4
    spell_hit = events(s, "damage")[0]
    assert (spell_hit["kind"], spell_hit["reduced_by"], spell_hit["damage"]) == ("magical", 1, 4)


def test_mono_class_mage_damage_spell_replaces_its_attack():
    """docs/rules/eredan.md §3 step 3 — a Mage (not multi-class) who plays a direct-damage spell does not
    make its normal attack: the spell's damage replaces it."""
    s = prepare_game([mage(attack=(4, 4)), *line("a")[1:]], line("b"), hands=([BOLT], [JAB]))
    fight(s, 0, 0)
    play_cards(s, a=[BOLT])
    attackers = [e["character"] for e in events(s, "attack")]
    assert attackers == ["b-1"]
    assert s.hp[3] == 12 - (6 - 1)  # the spell only


def test_mage_keeps_its_attack_with_a_spell_that_deals_no_damage():
    """docs/rules/eredan.md §3 step 3 — only a damage spell replaces the attack."""
    s = prepare_game([mage(attack=(4, 4)), *line("a")[1:]], line("b"), hands=([FOCUS], [JAB]))
    fight(s, 0, 0)
    play_cards(s, a=[FOCUS])
    assert [e["character"] for e in events(s, "attack")] == ["mage", "b-1"]


def test_multi_class_mage_casts_and_still_attacks():
    """docs/rules/eredan.md §3 Classes — Mage/Combattant: may cast a damage spell and still attack."""
    battle_mage = character("battle-mage", classes=("combattant", "mage"), attack=(4, 4))
    s = prepare_game([battle_mage, *line("a")[1:]], line("b"), hands=([BOLT], [JAB]))
    fight(s, 0, 0)
    play_cards(s, a=[BOLT])
    assert [e["character"] for e in events(s, "attack")] == ["battle-mage", "b-1"]
    assert s.hp[3] == 12 - 5 - 3


def test_a_theurgy_does_not_cost_the_attack():
    """docs/rules/eredan.md §3 step 3 and Classes — a Prêtre's damage Théurgie does not cost the attack."""
    priest = character("priest", classes=("pretre",), attack=(4, 4))
    s = prepare_game([priest, *line("a")[1:]], line("b"), hands=([SMITE], [JAB]))
    fight(s, 0, 0)
    play_cards(s, a=[SMITE])
    assert [e["character"] for e in events(s, "attack")] == ["priest", "b-1"]
    assert s.hp[3] == 12 - (4 - 1) - (4 - 1)


def test_both_fighters_strike_even_if_one_drops_to_zero():
    """docs/rules/eredan.md §3 step 3 — both strike even if one drops to 0 in the clash."""
    s = prepare_game(
        [character("a-1", attack=(9, 9)), *line("a")[1:]],
        [character("b-1", attack=(9, 9)), *line("b")[1:]],
        hands=([JAB], [JAB]),
        hp=[5, 12, 12, 5, 12, 12],
    )
    fight(s, 0, 0)
    play_cards(s)
    assert s.hp[0] == 0 and s.hp[3] == 0
    assert [e["character"] for e in events(s, "death")] == ["b-1", "a-1"]


def test_a_fighter_killed_by_a_card_still_strikes():
    """docs/rules/eredan.md §3 step 3 — [decision] fighter_killed_by_cards_strikes (the source: a
    character dropping to 0 during a fight that has not attacked yet attacks normally)."""
    assert DEFAULT_RULES.fighter_killed_by_cards_strikes
    s = prepare_game(line("a"), [character("b-1", attack=(7, 7)), *line("b")[1:]], hands=([KNIFE], [JAB]))
    fight(s, 0, 0)
    play_cards(s, a=[KNIFE])
    assert s.hp[3] == 0
    assert s.hp[0] == 12 - (7 - 1)


def test_death_at_zero_hp_and_revival():
    """docs/rules/eredan.md §3 step 3 — a character at 0 HP is dead and cannot fight, but a card can
    revive it (first dead character in line order, untapped, never above its maximum)."""
    revive = card("second-wind", effects=[{"op": "revive", "hp": 30}])
    s = prepare_game(
        line("a"),
        line("b"),
        hands=([revive], [JAB]),
        hp=[12, 0, 0, 12, 12, 12],
        tapped=[False, True, True, False, False, False],
    )
    assert {a.fighter for a in s.legal_actions()} == {0}  # only character 0 may fight
    fight(s, 0, 0)
    play_cards(s, a=[revive])
    assert s.hp[1] == 12 and s.hp[2] == 0 and not s.tapped[1]
    assert events(s, "revive")[0]["character"] == "a-2"


# --- Step 5: discard -------------------------------------------------------------------------------


def test_discard_any_cards_and_cut_a_hand_above_five():
    """docs/rules/eredan.md §3 step 5 — each player may discard any cards; above 5 they must."""
    s = prepare_game(
        line("a"), line("b"), hands=([INSIGHT, JAB, JAB, JAB, JAB], [JAB] * 3), piles=([GUARD] * 5, [])
    )
    fight(s, 0, 0)
    play_cards(s, a=[INSIGHT])
    assert s.phase == P_DISCARD and s.to_move == 0 and len(s.hands[0]) == 7
    legal = s.legal_actions()
    assert PASS not in legal
    assert all(a.mask.bit_count() >= 2 for a in legal)
    s.apply(discard_action(s, 0, [card_id(s, JAB), card_id(s, GUARD)]))
    assert len(s.hands[0]) == 5 and len(s.discards[0]) == 3  # insight + the two
    # Seat 1 (3 cards) may keep them all, or discard any of them.
    assert s.to_move == 1 and PASS in s.legal_actions() and len(s.legal_actions()) == 8
    s.apply(discard_action(s, 1, [card_id(s, JAB)]))
    assert len(s.hands[1]) == 2 and s.turn == 2


# --- Items --------------------------------------------------------------------------------------


def test_weapons_and_armors_act_after_the_combat_and_are_permanent():
    """docs/rules/eredan.md §3 Items — weapons and armors take effect after the combat and are
    permanent; they stay with the character."""
    s = prepare_game(line("a"), line("b"), hands=([SWORD], [MAIL]), piles=([JAB] * 5, [JAB] * 5))
    fight(s, 0, 0)
    play_cards(s, a=[SWORD], b=[MAIL])
    # This clash: no bonus yet (3 − 1 each).
    assert s.hp[0] == 10 and s.hp[3] == 10
    assert s.stat(0, ATK) == 2 and s.stat(3, DEF) == 3
    assert s.items[0] == [card_id(s, SWORD)] and s.items[3] == [card_id(s, MAIL)]
    end_turn(s)
    assert s.stat(0, ATK) == 2 and s.stat(3, DEF) == 3  # permanent
    assert card_id(s, SWORD) not in s.discards[0]


def test_potions_and_scrolls_act_at_once_and_are_discarded():
    """docs/rules/eredan.md §3 Items — potions and scrolls act at once and are discarded."""
    s = prepare_game(line("a"), line("b"), hands=([POTION], [SCROLL]), hp=[6, 12, 12, 12, 12, 12])
    fight(s, 0, 0)
    play_cards(s, a=[POTION], b=[SCROLL])
    assert s.hp[0] == 6 + 4 - (3 - 1)  # healed before the clash
    assert s.hp[3] == 12 - (3 - 2)  # the scroll's Défense +1 counted in this clash
    assert s.items[0] == [] and s.items[3] == []
    assert s.discards == [[card_id(s, POTION)], [card_id(s, SCROLL)]]


@pytest.mark.parametrize(
    ("carried", "new", "allowed"),
    [
        ([SWORD], SWORD_2, False),  # one weapon
        ([SWORD], DAGGER, True),  # two one-handed, the new one with Ambidextrie
        ([DAGGER], SWORD, True),  # … or the carried one
        ([SWORD, DAGGER], SWORD_2, False),  # never a third
        ([DAGGER], AXE, False),  # a two-handed weapon needs both hands
        ([AXE], DAGGER, False),
        ([MAIL], BUCKLER, False),  # armor and shield share one slot
        ([BUCKLER], MAIL, False),
        ([SWORD, MAIL], CHARM, True),  # other items are unlimited
        ([CHARM, CHARM], CHARM, True),
        ([MAIL], SWORD, True),
    ],
)
def test_item_slots(carried, new, allowed):
    """docs/rules/eredan.md §3 Items — at most one weapon (two one-handed with Ambidextrie) and one
    armor; other items are unlimited."""
    items = [carried, [], [], [], [], []]
    s = prepare_game(line("a"), line("b"), hands=([new], [JAB]), items=items)
    fight(s, 0, 0)
    assert (Play.of(card_id(s, new), 0) in s.legal_actions()) is allowed


def test_two_items_for_one_slot_in_one_turn_are_refused():
    """docs/rules/eredan.md §3 Items — an item chosen this turn already takes its slot."""
    mail_chain = card("mail-chain", "armure", chain={"any": True})
    s = prepare_game(line("a"), line("b"), hands=([mail_chain, BUCKLER, CHARM], [JAB]))
    fight(s, 0, 0)
    play(s, mail_chain)
    assert playable(s) == {"charm"}


def test_a_golem_may_carry_any_objet_regardless_of_requirements():
    """docs/rules/eredan.md §3 Races — a Golem may carry any Objet regardless of restrictions (but not
    other reserved cards)."""
    staff = card("mage-staff", "baton", requirements={"classes": ["mage"]})
    mage_trick = card("mage-trick", requirements={"classes": ["mage"]})
    golem = character("golem", race="golem")
    s = prepare_game([golem, *line("a")[1:]], line("b"), hands=([staff, mage_trick], [JAB]))
    fight(s, 0, 0)
    assert playable(s) == {"mage-staff"}
    s2 = prepare_game(line("a"), line("b"), hands=([staff], [JAB]))
    fight(s2, 0, 0)
    assert s2.phase == P_CARD and s2.to_move == 1  # the plain character had nothing to play


def test_a_guemelite_casts_spells_of_its_element_without_the_spell_chain():
    """docs/rules/eredan.md §3 Races — a Guémélite casts spells of its element, without the spell chain."""
    fire = card("fire-dart", "feu", effects=[{"op": "damage", "kind": "magical", "amount": 3}])
    water = card("water-jet", "eau", effects=[{"op": "damage", "kind": "magical", "amount": 3}])
    ember = character("ember", classes=("maraudeur",), race="guemelite_feu", attack=(3, 3))
    s = prepare_game([ember, *line("a")[1:]], line("b"), hands=([fire, water, JAB], [JAB]))
    fight(s, 0, 0)
    assert playable(s) == {"fire-dart", "jab"}
    play(s, fire)
    assert s.to_move == 1  # no chain
    play_cards(s)
    # Not a Mage: the spell does not replace its attack.
    assert [e["character"] for e in events(s, "attack")] == ["ember", "b-1"]


HEX_PLATE = card(
    "hex-plate",
    "armure",
    requirements={"classes": ["artisan"]},
    effects=[{"op": "modify", "stat": "defense", "amount": -2, "duration": "permanent"}],
)
SMITH_TOOL = card(
    "smith-tool",
    "amulette",
    requirements={"classes": ["artisan"]},
    effects=[{"op": "modify", "stat": "spirit", "amount": 1, "duration": "permanent"}],
)


def test_an_artisan_attaches_its_cards_to_any_living_character_in_play_of_either_side():
    """docs/rules/eredan.md §3 Classes — an Artisan attaches the cards reserved to artisans to any
    character in play still alive ("n'importe quel personnage en jeu encore en vie"): its allies and
    its enemies, not the dead; the card is its player's, the item its carrier's."""
    smith = character("smith", classes=("artisan",))
    s = prepare_game(
        [smith, *line("a")[1:]],
        line("b"),
        hands=([HEX_PLATE], [JAB]),
        hp=[12, 12, 0, 12, 0, 12],
    )
    fight(s, 0, 0)
    k = card_id(s, HEX_PLATE)
    assert set(s.legal_actions()) == {PASS} | {Play.of(k, c) for c in (0, 1, 3, 5)}
    from simulator.games.eredan.state import describe_action

    assert describe_action(s, Play.of(k, 5)) == "play hex-plate on seat 1's b-3"
    assert describe_action(s, Play.of(k, 1)) == "play hex-plate on a-2"
    play(s, HEX_PLATE, on=5)
    play_cards(s)
    assert s.items[5] == [k] and s.item_owners[5] == [0]
    assert s.stat(5, DEF) == 1 - 2
    played = events(s, "play")[0]
    assert (played["on"], played["on_seat"]) == ("b-3", 1)
    assert events(s, "attach")[0] == {
        "event": "attach",
        "seat": 0,
        "card": "hex-plate",
        "character": "b-3",
        "on_seat": 1,
    }


def test_an_artisans_card_on_an_enemy_takes_the_enemys_slot():
    """docs/rules/eredan.md §3 Items — an enemy wearing an armor has no room for the Artisan's
    armor; an amulet (no slot) fits anyone."""
    smith = character("smith", classes=("artisan",))
    s = prepare_game(
        [smith, *line("a")[1:]],
        line("b"),
        hands=([HEX_PLATE, SMITH_TOOL], [JAB]),
        items=[[], [], [], [MAIL], [], []],
    )
    fight(s, 0, 0)
    plate, tool = card_id(s, HEX_PLATE), card_id(s, SMITH_TOOL)
    carriers = {(a.card, a.carrier) for a in s.legal_actions() if isinstance(a, Play)}
    assert {c for k, c in carriers if k == plate} == {0, 1, 2, 4, 5}
    assert {c for k, c in carriers if k == tool} == {0, 1, 2, 3, 4, 5}


def test_a_plain_character_plays_the_artisans_card_on_no_one_else():
    """docs/rules/eredan.md §3 Classes — only an Artisan places its cards on others; a card reserved
    to artisans is not even playable by another class."""
    s = prepare_game(line("a"), line("b"), hands=([SMITH_TOOL, JAB], [JAB]))
    fight(s, 0, 0)
    assert playable(s) == {"jab"}


def test_the_greedy_player_counts_an_enemys_item_against_it():
    """An item the Artisan places on an enemy counts against that enemy: a Défense malus is worth
    playing on the enemy, not on an ally."""
    from simulator.games.eredan.policies import card_value

    smith = character("smith", classes=("artisan",))
    s = prepare_game([smith, *line("a")[1:]], line("b"), hands=([HEX_PLATE], [JAB]))
    fight(s, 0, 0)
    k = card_id(s, HEX_PLATE)
    assert card_value(s, 0, Play.of(k, 3)) > 0 > card_value(s, 0, Play.of(k, 0))


MULTI_CLASS_PAIRS = [
    # (classes, keeps the Combattant's item chain, has the Mage spell chain, a damage spell keeps the attack)
    (("mage", "combattant"), False, False, True),
    (("mage", "maraudeur"), None, False, True),
    (("combattant", "maraudeur"), True, None, None),
    (("combattant", "pretre"), True, None, None),
    (("maraudeur", "pretre"), None, None, None),
    (("mage", "pretre"), None, False, True),
]


@pytest.mark.parametrize(("classes", "item_chain", "spell_chain", "spell_and_attack"), MULTI_CLASS_PAIRS)
def test_the_multi_class_table(classes, item_chain, spell_chain, spell_and_attack):
    """docs/rules/eredan.md §3 Classes — the source's multi-class table: each pair plays both
    classes' cards; Mage/Combattant loses the spell chain and the Combattant's chain on an item, and
    casts a damage spell and still attacks; Mage/Maraudeur and Mage/Prêtre lose the spell chain and
    cast and attack; Maraudeur/Combattant and Combattant/Prêtre keep the item chain (a Maraudeur's
    "+1 against a class" is printed on the character and always kept)."""
    for_a = {c: card(f"{c}-trick", requirements={"classes": [c]}) for c in classes}
    chain_on = [{"op": "chain_on", "match": {"type": "epee"}}] if "combattant" in classes else []
    fighter = character("multi", classes=classes, attack=(4, 4), abilities=chain_on)
    hand = [*for_a.values(), JAB]
    s = prepare_game([fighter, *line("a")[1:]], line("b"), hands=(hand, [JAB]))
    fight(s, 0, 0)
    assert playable(s) == {c.slug for c in for_a.values()} | {"jab"}
    if item_chain is not None:
        assert (
            _second_card_options([fighter, *line("a")[1:]], SWORD, [JAB, GUARD]) is not None
        ) is item_chain
    if spell_chain is not None:
        assert (
            _second_card_options([fighter, *line("a")[1:]], BOLT, [JAB, FOCUS]) is not None
        ) is spell_chain
    if spell_and_attack is not None:
        t = prepare_game([fighter, *line("a")[1:]], line("b"), hands=([BOLT], [JAB]))
        fight(t, 0, 0)
        play_cards(t, a=[BOLT])
        assert ("multi" in [e["character"] for e in events(t, "attack")]) is spell_and_attack


def test_a_mage_combattant_loses_only_the_chain_on_items():
    """docs/rules/eredan.md §3 Classes — Mage/Combattant: the chain it loses is the one on an item
    ("si la première est un objet d'un certain type"); a chain on other cards stays."""
    fighter = character(
        "multi",
        classes=("mage", "combattant"),
        abilities=[
            {"op": "chain_on", "match": {"type": "epee"}},
            {"op": "chain_on", "match": {"card": "jab"}},
        ],
    )
    chars = [fighter, *line("a")[1:]]
    assert _second_card_options(chars, SWORD, [GUARD, FOCUS]) is None
    assert _second_card_options(chars, JAB, [GUARD, FOCUS]) == {"guard", "focus"}
    plain = character("plain", abilities=[{"op": "chain_on", "match": {"type": "epee"}}])
    assert _second_card_options([plain, *line("a")[1:]], SWORD, [JAB, GUARD]) == {"jab", "guard"}


def test_marauder_bonus_against_a_class():
    """docs/rules/eredan.md §3 Classes — Maraudeur: Attack +1 against the class printed on it."""
    marauder = character(
        "stalker",
        classes=("maraudeur",),
        abilities=[{"op": "modify", "stat": "attack", "amount": 1, "when": {"opponent_class": "mage"}}],
    )
    enemies = [mage("m", defense=0), character("w", defense=0), character("x")]
    for target, expected in ((0, 4), (1, 3)):
        s = prepare_game([marauder, *line("a")[1:]], enemies, hands=([JAB], [JAB]))
        fight(s, 0, target)
        assert s.stat(0, ATK) == expected - 3
        play_cards(s)
        assert s.hp[3 + target] == 12 - expected


# --- End ------------------------------------------------------------------------------------------


def test_elimination_ends_the_game_at_once():
    """docs/rules/eredan.md §3 End — a player whose three characters are dead loses."""
    s = prepare_game(
        [character("a-1", attack=(9, 9)), *line("a")[1:]],
        line("b"),
        hands=([JAB], [JAB]),
        hp=[12, 12, 12, 3, 0, 0],
    )
    fight(s, 0, 0)
    play_cards(s)
    assert s.phase == P_OVER and s.winner == 0 and s.end_reason == rules.END_ELIMINATION
    assert s.returns() == (1.0, -1.0) and s.current_player() == -1
    assert s.summary()["characters"]["1"]["b-1"]["survived"] is False


def test_all_characters_dead_the_score_decides():
    """docs/rules/eredan.md §3 End — if all characters die, damage dealt + healing done decides."""
    s = prepare_game(
        [character("a-1", attack=(10, 10)), *line("a")[1:]],
        [character("b-1", attack=(10, 10)), *line("b")[1:]],
        hands=([POTION], [JAB]),
        hp=[5, 0, 0, 5, 0, 0],
    )
    # A single possible choice is taken by the engine (no decision to ask for).
    assert s.phase == P_CARD and events(s, "choice")[0]["forced"] is True
    play_cards(s, a=[POTION])
    # Seat 0 healed 4 and dealt 5 (all b-1 had); seat 1 dealt 9 (a-1's 9 HP): a draw.
    assert s.hp[0] == 0 and s.hp[3] == 0
    assert s.end_reason == rules.END_SCORE and s.score == [9, 9] and s.winner is None
    assert s.returns() == (0.0, 0.0)


def test_turn_cap_ends_with_the_score_rule():
    """docs/rules/eredan.md §3 End — [decision] after turn_cap turns the score rule decides."""
    assert DEFAULT_RULES.turn_cap == 60
    s = prepare_game(
        [character("a-1", attack=(4, 4)), *line("a")[1:]],
        line("b"),
        hands=([JAB] * 2, [JAB] * 2),
        piles=([GUARD] * 6, [GUARD] * 6),
        turn_cap=2,
    )
    for turn, (mine, theirs) in ((1, (0, 0)), (2, (1, 1))):
        assert s.turn == turn
        fight(s, mine, theirs)
        play_cards(s)
        end_turn(s)
    assert s.end_reason == rules.END_TURN_CAP and s.turn == 2
    assert s.score == [3 + 2, 2 + 2] and s.winner == 0


def test_illegal_actions_name_the_rule():
    """The protocol: an illegal action raises IllegalActionError naming the rule it breaks."""
    s = prepare_game(line("a"), line("b"), hands=([JAB], [JAB]))
    with pytest.raises(IllegalActionError, match="step 1"):
        s.apply(PASS)
    fight(s, 0, 0)
    with pytest.raises(IllegalActionError, match="step 2"):
        s.apply(Play.of(card_id(s, JAB), 2))  # not the fighter
    s.apply(PASS)
    s.apply(PASS)
    end_turn(s)
    assert s.turn == 2
