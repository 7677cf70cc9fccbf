"""Card-level play rules (cards.domain.specs.PlayRules) on every card type: how long a card stays,
when it acts, whom it is attached to, one copy per character, an Ambidextrie limited to some
cards — docs/rules/eredan.md §3 Items and "Card text beats these rules"."""

from __future__ import annotations

from dataclasses import replace

import pytest

from simulator.games.eredan.actions import Play
from simulator.games.eredan.compiled import UnsupportedSpecError, compile_tables
from simulator.games.eredan.ops import ATK, DEF, SPI
from simulator.games.eredan.rules import DEFAULT_RULES
from simulator.games.eredan.state import P_CHOICE, PASS
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
FILLER = card("filler", effects=[{"op": "modify", "stat": "spirit", "amount": 1}])
PILES = ([FILLER] * 8, [FILLER] * 8)


def _turn(s, mine=0, theirs=0, a=(), b=()):
    """One whole turn: the active player's ``mine`` against ``theirs`` (the engine takes a choice
    that is the only one), the cards, the discard."""
    if s.phase == P_CHOICE:
        fight(s, mine, theirs)
    assert (
        s.fighters[s.active] == s.active * 3 + mine
        and s.fighters[1 - s.active] == (1 - s.active) * 3 + theirs
    )
    play_cards(s, a=list(a), b=list(b))
    end_turn(s)


# --- when a card acts, whether it stays ----------------------------------------------------------------


def test_an_action_whose_text_says_permanent_stays_attached_and_acts_at_once():
    """docs/rules/eredan.md §3 — card text beats the rules: an Action (which acts at once and is
    discarded) whose text says "Permanent" is attached to its fighter; its modifiers hold while it
    is attached, from this combat on."""
    banner = card(
        "banner",
        effects=[{"op": "modify", "stat": "defense", "amount": 2, "duration": "permanent"}],
        play={"stays": "permanent"},
    )
    s = prepare_game(line("a"), line("b"), hands=([banner], [JAB]), piles=PILES)
    fight(s, 0, 0)
    play_cards(s, a=[banner])
    k = card_id(s, banner)
    assert s.items[0] == [k] and k not in s.discards[0]
    assert s.hp[0] == 12  # b-1's 3 against Défense 1 + 2: the card acted before the clash
    end_turn(s)
    assert s.stat(0, DEF) == 3


def test_a_card_whose_text_says_it_acts_after_the_combat_acts_after_the_clash():
    """docs/rules/eredan.md §3 — card text beats the rules: a potion "S'active après le combat" heals
    after the clash, then is discarded (it does not stay)."""
    tonic = card("tonic", "potion", effects=[{"op": "heal", "amount": 5}], play={"acts": "after_combat"})
    s = prepare_game(line("a"), line("b"), hands=([tonic], [JAB]), piles=PILES, hp=[6, 12, 12, 12, 12, 12])
    fight(s, 0, 0)
    play_cards(s, a=[tonic])
    kinds = [e["event"] for e in s.log if e["event"] in ("attack", "heal")]
    assert kinds == ["attack", "attack", "heal"]
    assert s.hp[0] == 6 - (3 - 1) + 5  # hit by b-1's 3 against Défense 1, then healed
    assert s.discards[0] == [card_id(s, tonic)] and s.items[0] == []


def test_an_item_whose_text_says_it_acts_at_once_is_attached_before_the_clash():
    """docs/rules/eredan.md §3 — card text beats the rules: a weapon "S'active immédiatement" is
    carried from its resolution on, so its bonus counts in this clash — and a "this combat" bonus of
    it is allowed (it applies)."""
    quick = card(
        "quick-blade",
        "epee",
        effects=[
            {"op": "modify", "stat": "attack", "amount": 2, "duration": "permanent"},
            {"op": "modify", "stat": "defense", "amount": 5},
        ],
        play={"acts": "now"},
    )
    s = prepare_game(line("a"), line("b"), hands=([quick], [JAB]), piles=PILES)
    fight(s, 0, 0)
    play_cards(s, a=[quick])
    assert s.hp[3] == 12 - (3 + 2 - 1) and s.hp[0] == 12  # its Attaque +2 and Défense +5 counted
    assert s.items[0] == [card_id(s, quick)]
    end_turn(s)
    assert (s.stat(0, ATK), s.stat(0, DEF)) == (2, 1)


def test_a_card_acting_after_the_combat_gives_its_bonus_for_the_combat_then():
    """cards/domain/effects.py (Duration): on a card that stays, a "combat" modifier is given once,
    when it acts, for that turn — after the clash for a card that acts after the combat."""
    late = card(
        "late",
        "amulette",
        effects=[{"op": "modify", "stat": "attack", "amount": 1}],
        play={"acts": "after_combat"},
    )
    s = prepare_game(line("a"), line("b"), hands=([late], [JAB]), piles=PILES)
    fight(s, 0, 0)
    play_cards(s, a=[late])
    assert events(s, "attack")[0]["attack"] == 3 and s.stat(0, ATK) == 1
    end_turn(s)
    assert s.stat(0, ATK) == 0


# --- how long a card stays ------------------------------------------------------------------------


def _blade(stays, **extra):
    return card(
        "black-blade",
        "epee",
        effects=[{"op": "modify", "stat": "attack", "amount": 2, "duration": "permanent"}],
        play={"stays": stays, **extra},
    )


def _attacks(s, slug):
    return [e["attack"] for e in events(s, "attack") if e["character"] == slug]


def test_a_weapon_lasting_2_turns_counts_its_carriers_combats_not_the_games_turns():
    """Issue 15 §2 — "Durée : 2 tours" counts the carrier's turns (its combats): the weapon, attached
    after a combat, gives its bonus in its carrier's next two combats, however many turns pass
    while the carrier is tapped; then it leaves play, to its owner's discard pile."""
    blade = _blade({"turns": 2})
    s = prepare_game(line("a"), line("b"), hands=([blade], [JAB]), piles=PILES)
    k = card_id(s, blade)
    _turn(s, 0, 0, a=[blade])  # turn 1: a-1 against b-1, the blade attaches after the clash
    assert s.items[0] == [k] and s.stat(0, ATK) == 2
    _turn(s, 1, 1)  # turn 2 (seat 1 active): b-2 against a-2
    _turn(s, 2, 2)  # turn 3: a-3 against b-3
    assert s.items[0] == [k]  # two turns of the game went by, no combat of a-1
    _turn(s, 0, 0)  # turn 4: b-1 against a-1, its first combat with the blade
    assert s.items[0] == [k]
    _turn(s, 1, 1)
    _turn(s, 2, 2)
    _turn(s, 0, 0)  # turn 7: its second; then it leaves play
    assert s.items[0] == [] and s.discards[0][-1] == k and s.stat(0, ATK) == 0
    assert _attacks(s, "a-1") == [3, 5, 5]
    assert [e["card"] for e in events(s, "expire")] == ["black-blade"]


def test_a_card_lasting_n_turns_counts_them_as_a_modifiers_n_turns_do():
    """docs/rules/eredan.md §3 Decisions — "Durée 2 tours" of a card counts what a modifier's "2 tours"
    counts (``turns_count_the_characters_combats``): read as the game's turns, the blade attached
    after turn 1's clash is gone at the end of turn 2, before its carrier fights again."""
    blade = _blade({"turns": 2})
    rules = replace(DEFAULT_RULES, turns_count_the_characters_combats=False)
    s = prepare_game(line("a"), line("b"), hands=([blade], [JAB]), piles=PILES, rules=rules)
    _turn(s, 0, 0, a=[blade])
    assert s.items[0] == [card_id(s, blade)]
    _turn(s, 1, 1)
    assert s.items[0] == [] and events(s, "expire")[0]["card"] == "black-blade"


def test_a_card_lasting_some_combats_rolls_its_stay_once_with_the_games_chance():
    """PlayRules "Durée 2 à 4 combats": rolled once, when it comes into play (chance ``amount``)."""
    seen = set()
    for seed in range(40):
        blade = _blade({"combats": [2, 4]})
        s = prepare_game(line("a"), line("b"), hands=([blade], [JAB]), piles=PILES, seed=seed)
        fight(s, 0, 0)
        play_cards(s, a=[blade])
        seen.add(s.stay_left[s.item_serials[0][0]])
    assert seen == {2, 3, 4}  # its carrier's next 2 to 4 combats (the one it came in does not count)


def test_a_card_in_play_gives_its_lasting_modifiers_to_others_only_while_it_stays():
    """cards/domain/effects.py — "permanent": while its source stays in play. A banner lasting one
    combat gives the whole Line Esprit +1 until it leaves play."""
    banner = card(
        "banner",
        effects=[
            {"op": "modify", "stat": "spirit", "amount": 1, "target": "all_allies", "duration": "permanent"}
        ],
        play={"stays": {"combats": 1}},
    )
    s = prepare_game(line("a"), line("b"), hands=([banner], [JAB]), piles=PILES)
    fight(s, 0, 0)
    play_cards(s, a=[banner])  # it acts at once: this combat is its one combat
    assert [(e["character"], e["amount"]) for e in events(s, "modify")] == [
        ("a-1", 1),
        ("a-2", 1),
        ("a-3", 1),
    ]
    assert events(s, "expire")[0]["card"] == "banner"
    assert s.items[0] == [] and [s.stat(c, SPI) for c in range(3)] == [1, 1, 1]


# --- whom a card is attached to ------------------------------------------------------------------------


def test_a_card_attached_to_the_opponent_acts_for_its_carrier():
    """PlayRules attach "opponent" ("S'attache à votre adversaire"): the card is carried by the enemy
    fighter, its holder — its "self" is the carrier —, and goes back to its owner's discard pile."""
    curse = card(
        "curse",
        effects=[{"op": "modify", "stat": "defense", "amount": -1, "duration": "permanent"}],
        play={"stays": {"combats": 2}, "attach": "opponent"},
    )
    s = prepare_game(line("a"), line("b"), hands=([curse], [JAB]), piles=PILES)
    fight(s, 0, 0)
    k = card_id(s, curse)
    assert s.legal_actions() == (PASS, Play.of(k, 3))
    play(s, curse, on=3)
    play_cards(s)
    assert s.items[3] == [k] and s.item_owners[3] == [0] and s.stat(3, DEF) == 0
    assert events(s, "play")[0]["on_seat"] == 1
    end_turn(s)
    _turn(s, 1, 1)
    _turn(s, 2, 2)
    assert s.items[3] == [k]
    _turn(s, 0, 0)  # turn 4: b-1's second combat with it
    assert s.items[3] == [] and s.discards[0][-1] == k and s.stat(3, DEF) == 1


def test_a_card_attached_to_a_chosen_ally_offers_every_living_ally():
    """PlayRules attach "ally" ("Choisissez un allié et attachez-lui cette carte"): the player chooses
    the carrier as it plays the card (the Play action's carrier)."""
    charm = card(
        "charm",
        effects=[{"op": "modify", "stat": "spirit", "amount": 2, "duration": "permanent"}],
        play={"stays": "permanent", "attach": "ally"},
    )
    s = prepare_game(line("a"), line("b"), hands=([charm], [JAB]), piles=PILES, hp=[12, 0, 12, 12, 12, 12])
    fight(s, 0, 0)
    k = card_id(s, charm)
    assert set(s.legal_actions()) == {PASS, Play.of(k, 0), Play.of(k, 2)}
    play(s, charm, on=2)
    play_cards(s)
    assert s.items[2] == [k] and s.stat(2, SPI) == 3 and s.stat(0, SPI) == 1


def test_an_attach_target_the_engine_cannot_choose_is_refused():
    odd = card("odd", play={"stays": "permanent", "attach": "random_enemy"})
    with pytest.raises(UnsupportedSpecError, match="attaching the card to"):
        compile_tables((deck("d", line("a"), [odd]), deck("e", line("b"), [JAB])))


# --- one copy per character, Ambidextrie with named partners --------------------------------------------


def test_one_copy_per_character():
    """PlayRules one_per_character ("Un seul exemplaire par personnage"): a character carrying the card
    — or given it already this turn — cannot take another copy."""
    ring = card(
        "ring",
        "bijou",
        effects=[{"op": "modify", "stat": "spirit", "amount": 1, "duration": "permanent"}],
        chain={"any": True},
        play={"stays": "permanent", "one_per_character": True},
    )
    s = prepare_game(line("a"), line("b"), hands=([ring, ring], [JAB]), piles=PILES)
    fight(s, 0, 0)
    assert playable(s) == {"ring"}
    play(s, ring)
    assert s.to_move == 1  # the chained second copy had nowhere to go: seat 0 passed
    play_cards(s)
    end_turn(s)
    assert s.items[0] == [card_id(s, ring)]
    k = card_id(s, ring)
    s.fighters[0] = 0
    assert Play.of(k, 0) not in s.card_options(0, 0)  # a-1 carries one
    s.fighters[0] = 1
    assert Play.of(k, 1) in s.card_options(0, 0)


def test_an_ambidextrie_limited_to_named_cards():
    """PlayRules dual_wield_with ("Ambidextrie : 'Katana'"): the two one-handed weapons may be carried
    together only when the other is one of the named cards."""
    wakizashi = card("wakizashi", "epee", dual_wield=True, play={"dual_wield_with": ["katana"]})
    katana = card("katana", "epee")
    sabre = card("sabre", "epee")
    s = prepare_game(
        line("a"),
        line("b"),
        hands=([wakizashi], [JAB]),
        items=[[katana], [sabre], [], [], [], []],
        piles=PILES,
    )
    fight(s, 0, 0)
    assert playable(s) == {"wakizashi"}  # beside the katana
    s.fighters[0] = 1
    assert s.card_options(0, 0) == (PASS,)  # not beside the sabre


# --- play variants ("Mage : Permanent") ----------------------------------------------------------------


def test_a_play_variant_makes_the_card_stay_when_its_condition_holds():
    """PlayRules variants ("if"): "Mage : Permanent" — played by a Mage the Action stays, attached,
    its modifier while it stays; played by anyone else it acts and is discarded."""
    ward = card(
        "ward",
        effects=[{"op": "modify", "stat": "defense", "amount": 1, "duration": "permanent"}],
        play={"if": [{"when": {"played_by_class": "mage"}, "stays": "permanent"}]},
    )
    for classes, stays in ((("mage",), True), (("combattant",), False)):
        me = character("a-1", classes=classes)
        s = prepare_game([me, *line("a")[1:]], line("b"), hands=([ward], [JAB]), piles=PILES)
        fight(s, 0, 0)
        play_cards(s, a=[ward])
        k = card_id(s, ward)
        assert (s.items[0] == [k]) is stays and (k in s.discards[0]) is not stays
        assert s.stat(0, DEF) == 2  # "permanent": while attached, or (not staying) the rest of the game


def test_a_play_variant_makes_an_item_act_at_once():
    """ "Gardien du temple : S'active immédiatement": the weapon comes into play before the clash."""
    blade = card(
        "temple-blade",
        "epee",
        effects=[{"op": "modify", "stat": "attack", "amount": 2, "duration": "permanent"}],
        play={"if": [{"when": {"played_by_race": "elfine"}, "acts": "now"}]},
    )
    for race, attack in (("elfine", 5), ("humain", 3)):
        me = character("a-1", race=race)
        s = prepare_game([me, *line("a")[1:]], line("b"), hands=([blade], [JAB]), piles=PILES)
        fight(s, 0, 0)
        play_cards(s, a=[blade])
        assert events(s, "attack")[0]["attack"] == attack and s.items[0] == [card_id(s, blade)]


def test_a_play_variant_may_make_the_stay_longer():
    """ "Prêtre : Durée 2 tours supplémentaires": the stay, in its own unit, grows."""
    halo = card(
        "halo",
        effects=[{"op": "modify", "stat": "spirit", "amount": 1, "duration": "permanent"}],
        play={
            "stays": {"combats": 1},
            "if": [{"when": {"played_by_class": "pretre"}, "longer": {"combats": 2}}],
        },
    )
    for classes, left in ((("pretre",), 2), (("combattant",), None)):
        me = character("a-1", classes=classes)
        s = prepare_game([me, *line("a")[1:]], line("b"), hands=([halo], [JAB]), piles=PILES)
        fight(s, 0, 0)
        play_cards(s, a=[halo])  # acts at once: this combat is its first
        assert (s.stay_left[s.item_serials[0][0]] if s.items[0] else None) == left


def test_a_play_variant_on_the_opponents_cards_is_refused():
    odd = card("odd", play={"if": [{"when": {"opponent_plays": {"any": True}}, "stays": "permanent"}]})
    with pytest.raises(UnsupportedSpecError, match="play variant"):
        compile_tables((deck("d", line("a"), [odd]), deck("e", line("b"), [JAB])))
