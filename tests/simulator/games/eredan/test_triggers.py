"""Triggers, choices and ``one_of`` in the engine (cards/domain/effects.py: ``trigger``, "Event",
"Target" picks, ``one_of``; docs/eredan-engine.md "Triggers", "Choices"): each event of the
contract, limits, the target ``event``, a choice made with a card's ``Play``, a choice asked as a
trigger fires (phase ``P_PICK``), records that replay them."""

from __future__ import annotations

import random

import pytest

from simulator.engine.runner import play_game
from simulator.games.eredan.actions import Pick, Play, unpack_choices
from simulator.games.eredan.game import EredanGame
from simulator.games.eredan.ops import ATK, DEF, HPM, SPI
from simulator.games.eredan.policies import make_policy
from simulator.games.eredan.state import P_CARD, P_CHOICE, P_PICK, PASS
from tests.simulator.games.eredan.factories import (
    card,
    card_id,
    character,
    deck,
    end_turn,
    events,
    fight,
    line,
    play_cards,
    prepare_game,
)

JAB = card("jab", effects=[{"op": "modify", "stat": "attack", "amount": 1}])
FILLER = card("filler", effects=[{"op": "modify", "stat": "spirit", "amount": 1}])
PILES = ([FILLER] * 10, [FILLER] * 10)
BOLT = card("bolt", "foudre", effects=[{"op": "damage", "kind": "magical", "amount": 3}])


def trig(on, effects, **kw):
    return {"op": "trigger", "on": on, "effects": effects, **kw}


def holder(slug="holder", *abilities, **kw):
    return character(slug, abilities=list(abilities), **kw)


def game(chars_a, chars_b=None, hands=((FILLER,), (FILLER,)), **kw):
    return prepare_game(
        chars_a, chars_b or line("b"), hands=(list(hands[0]), list(hands[1])), piles=PILES, **kw
    )


# --- the events -----------------------------------------------------------------------------------


def test_combat_start_fires_for_the_holders_own_combats():
    """ "En début de combat, Attaque +2": after the choice and the Ordres, before the cards; only
    when the holder fights."""
    h = holder("holder", trig("combat_start", [{"op": "modify", "stat": "attack", "amount": 2}]))
    s = game([h, *line("a")[1:]])
    fight(s, 0, 0)
    assert s.phase == P_CARD and s.stat(0, ATK) == 2
    assert events(s, "trigger")[0] == {
        "event": "trigger",
        "source": "ability:holder",
        "on": "combat_start",
        "index": 0,
    }
    s = game([h, *line("a")[1:]])
    fight(s, 1, 0)
    assert s.stat(0, ATK) == 0 and not events(s, "trigger")


def test_game_start_effects_until_the_end_of_the_game_outlive_their_owner():
    """issue 15 §2 — an aura "until the end of the game" (the compiler's game_start trigger with a
    ``game`` duration) stays on the allies when its owner dies."""
    prophet = holder(
        "prophet",
        trig(
            "game_start",
            [
                {
                    "op": "modify",
                    "stat": "hp_max",
                    "amount": 2,
                    "target": {"group": "other_allies", "guild": "noz"},
                    "duration": "game",
                }
            ],
        ),
        guild="noz",
    )
    allies = [character("n-2", guild="noz"), character("n-3", guild="noz")]
    s = prepare_game(
        [prophet, *allies], line("b"), hands=([FILLER], [FILLER]), piles=PILES, hp=[1, 12, 12, 12, 12, 12]
    )
    assert [s.max_hp[c] for c in range(3)] == [12, 14, 14]
    fight(s, 0, 0)
    play_cards(s)  # b-1 kills the prophet (1 HP)
    assert s.hp[0] == 0
    end_turn(s)
    assert [s.max_hp[c] for c in (1, 2)] == [14, 14] and s.stat(1, HPM) == 2


def test_turn_start_and_turn_end_of_a_carried_card():
    """A card that stays: its triggers listen while it is attached (here each turn's start heals its
    carrier, each turn's end gives it Esprit +1 until the end of the game)."""
    amulet = card(
        "amulet",
        "amulette",
        effects=[
            {"op": "modify", "stat": "defense", "amount": 1, "duration": "permanent"},
            trig("turn_start", [{"op": "heal", "amount": 2}]),
            trig("turn_end", [{"op": "modify", "stat": "spirit", "amount": 1, "duration": "game"}]),
        ],
    )
    s = game(line("a"), hp=[6, 12, 12, 12, 12, 12], items=[[amulet], [], [], [], [], []])
    assert s.hp[0] == 8  # turn 1's start
    fight(s, 1, 1)
    play_cards(s)
    end_turn(s)
    assert s.stat(0, SPI) == 2 and s.hp[0] == 10  # turn 1's end, turn 2's start


def test_a_player_whose_characters_the_start_of_the_turn_taps_untaps_them():
    """docs/rules/eredan.md §3 step 1: every living character of a player tapped untaps — also when
    the effects of the turn's start tapped them after the untap step (a line with no character to
    send left the active player without any legal action)."""
    h = holder("holder", trig("turn_start", [{"op": "tap", "target": "all_enemies"}]))
    s = game([h, *line("a")[1:]], tapped=[False, False, False, False, True, True])
    assert s.phase == P_CHOICE and s.tapped[3:] == [False, False, False]
    assert s.legal_actions()
    assert events(s, "untap")[-1]["seat"] == 1


def test_after_cards_and_combat_end():
    """``after_cards``: once every card resolved, before the clash; ``combat_end``: after the clash
    (and the items), before the tap."""
    h = holder(
        "holder",
        trig("after_cards", [{"op": "modify", "stat": "defense", "amount": 9}]),
        trig("combat_end", [{"op": "damage", "kind": "direct", "amount": 1}]),
    )
    s = game([h, *line("a")[1:]], hands=((FILLER,), (JAB, FILLER)))
    fight(s, 0, 0)
    play_cards(s, b=[JAB])
    assert s.hp[0] == 12  # Défense 10 against b-1's 4
    assert s.hp[3] == 12 - 2 - 1  # the clash, then 1 direct damage after it
    names = [e["event"] for e in s.log]
    assert names.index("attack") < names.index("damage") < len(names) - names[::-1].index("trigger")


def test_plays_counts_the_cards_played_by_whom_it_says():
    h = holder(
        "holder",
        trig({"plays": {"type": "sort"}}, [{"op": "modify", "stat": "spirit", "amount": 2}]),
        classes=("mage",),
    )
    s = game(
        [h, *line("a")[1:]],
        hands=((BOLT, FILLER), (BOLT, FILLER)),
        chars_b=[character("b-1", classes=("mage",)), *line("b")[1:]],
    )
    fight(s, 0, 0)
    play_cards(s, a=[BOLT], b=[BOLT])
    assert s.stat(0, SPI) == 3  # its own Sort only (by: self)
    enemy = holder(
        "watch", trig({"plays": {"type": "sort"}, "by": "all_enemies"}, [{"op": "heal", "amount": 5}])
    )
    s = game(
        [enemy, *line("a")[1:]],
        chars_b=[character("b-1", classes=("mage",)), *line("b")[1:]],
        hands=((FILLER,), (BOLT, FILLER)),
        hp=[5, 12, 12, 12, 12, 12],
    )
    fight(s, 0, 0)
    play_cards(s, b=[BOLT])
    heals = events(s, "heal")
    assert heals and heals[0]["amount"] == 5


def test_dies_and_the_event_target():
    """ "Chaque fois qu'un de vos alliés meurt, le personnage adverse subit 3 dégâts" and the target
    ``event`` (the one the event is about)."""
    h = holder("mourner", trig({"dies": "other_allies"}, [{"op": "damage", "kind": "direct", "amount": 3}]))
    s = game([line("a")[0], h, line("a")[2]], hp=[2, 12, 12, 12, 12, 12])
    fight(s, 0, 0)
    play_cards(s)
    assert s.hp[0] == 0
    assert s.hp[3] == 12 - 2 - 3  # a-1's blow, then the mourner's 3 (on the enemy fighter of the turn)
    avenger = holder("avenger", trig({"dies": "all_enemies"}, [{"op": "revive", "hp": 1}]))
    assert avenger  # (revive: a dead character; below, "event" reaches a living one)
    marked = holder(
        "marker",
        trig(
            {"damaged": "all_allies"},
            [{"op": "modify", "stat": "attack", "amount": 1, "target": "event", "duration": "game"}],
        ),
    )
    s = game([line("a")[0], marked, line("a")[2]])
    fight(s, 0, 0)
    play_cards(s)
    assert s.stat(0, ATK) == 1 and s.stat(1, ATK) == 0  # the damaged ally, not the holder


def test_damaged_and_deals_with_kinds():
    """``{"damaged": …, "kinds": ["magical"]}`` ignores the clash; ``{"deals": "all_characters",
    "to": "self"}`` names the dealer as ``event``."""
    shell = holder("shell", trig({"damaged": "self", "kinds": ["magical"]}, [{"op": "heal", "amount": 2}]))
    thorns = holder(
        "thorns",
        trig(
            {"deals": "all_characters", "to": "self"},
            [{"op": "damage", "kind": "direct", "amount": 2, "target": "event"}],
        ),
    )
    s = game(
        [shell, *line("a")[1:]],
        chars_b=[character("b-1", classes=("mage",)), *line("b")[1:]],
        hands=((FILLER,), (BOLT, FILLER)),
    )
    fight(s, 0, 0)
    play_cards(s, b=[BOLT])
    assert [e["amount"] for e in events(s, "heal")] == [2]  # the bolt, not the clash (mage's spell)
    s = game([thorns, *line("a")[1:]])
    fight(s, 0, 0)
    play_cards(s)
    assert s.hp[3] == 12 - 2 - 2  # thorns' blow, then 2 back to b-1 who hit it


@pytest.mark.parametrize(("at_least", "heals"), [(2, 1), (3, 0)])
def test_damage_of_at_least_n(at_least, heals):
    """``{"damaged": "self", "at_least": N}`` ("chaque fois que vous subissez plus de 2 dégâts": 3):
    only damage that takes N HP or more at once (b-1's blow takes 2)."""
    h = holder("h", trig({"damaged": "self", "at_least": at_least}, [{"op": "heal", "amount": 1}]))
    s = game([h, *line("a")[1:]])
    fight(s, 0, 0)
    play_cards(s)
    assert [e["damage"] for e in events(s, "damage") if e["seat"] == 0] == [2]
    assert len(events(s, "heal")) == heals


@pytest.mark.parametrize(("limit", "fired"), [(None, 2), ("once_per_turn", 1), ("once_per_game", 1)])
def test_a_limit_on_a_trigger(limit, fired):
    extra = {} if limit is None else {"limit": limit}
    h = holder(
        "h",
        trig(
            {"damaged": "all_allies"},
            [{"op": "modify", "stat": "spirit", "amount": 1, "duration": "game"}],
            **extra,
        ),
    )
    zap = card(
        "zap",
        effects=[{"op": "damage", "kind": "direct", "amount": 1, "target": "all_enemies"}],
        chain={"any": True},
    )
    s = game([h, *line("a")[1:]], hands=((FILLER,), (zap, FILLER)))
    fight(s, 0, 0)
    play_cards(s, b=[zap])  # three allies damaged by the zap, a-1 by the clash too
    assert s.stat(0, SPI) == 1 + (4 if limit is None else 1)
    assert fired  # the parameter documents the case


def test_a_trigger_on_a_card_that_does_not_stay_listens_for_the_turn():
    """An action "ce tour-ci, chaque fois qu'un de vos personnages subit des dégâts, il a Défense +1":
    its trigger listens for the rest of the turn it resolved in."""
    ward = card(
        "ward",
        effects=[
            trig(
                {"damaged": "all_allies"},
                [{"op": "modify", "stat": "defense", "amount": 1, "target": "event", "duration": "game"}],
            )
        ],
    )
    s = game(line("a"), hands=((ward, FILLER), (FILLER,)))
    fight(s, 0, 0)
    play_cards(s, a=[ward])
    assert s.stat(0, DEF) == 2  # b-1's blow
    end_turn(s)
    assert not s.turn_triggers
    fight(s, 1, 1)
    play_cards(s)
    assert s.stat(1, DEF) == 1  # no longer listening


def test_triggers_cost_nothing_to_decks_without_them():
    s = game(line("a"))
    assert s.listen == 0 and s.tables.trigger_events == 0


# --- choices ----------------------------------------------------------------------------------------

PIERCE = card(
    "pierce",
    effects=[
        {"op": "damage", "kind": "direct", "amount": 3, "target": "enemy"},
        {"op": "modify", "stat": "defense", "amount": -1, "target": "enemy"},
    ],
)


def test_a_choice_of_a_card_is_made_as_it_is_played():
    """ "Choisissez un personnage adverse, il subit 3 dégâts et a Défense -1": one ``Play`` per
    living enemy (the choice made with the card, recorded with it); both effects reach it."""
    s = game(line("a"), hands=((PIERCE, FILLER), (FILLER,)), hp=[12, 12, 12, 12, 0, 12])
    fight(s, 0, 0)
    k = card_id(s, PIERCE)
    plays = [a for a in s.legal_actions() if isinstance(a, Play) and a.card == k]
    assert sorted(unpack_choices(p.choice, 1)[0] for p in plays) == [3, 5]  # b-2 is dead
    s.apply(next(p for p in plays if unpack_choices(p.choice, 1) == (5,)))
    play_cards(s)
    assert s.hp[5] == 9 and s.stat(5, DEF) == 0 and s.hp[3] == 12 - 2


def test_a_choice_asked_as_a_trigger_fires_is_a_decision_of_the_holders_player():
    """An Ordre-like trigger "En début de combat, choisissez un de vos personnages, il gagne 3
    PV": the game stops at a ``P_PICK`` decision for that player; the greedy player heals the most
    wounded."""
    medic = holder("medic", trig("combat_start", [{"op": "heal", "amount": 3, "target": "ally"}]))
    s = game([medic, *line("a")[1:]], hp=[12, 5, 9, 12, 12, 12])
    fight(s, 0, 0)
    assert s.phase == P_PICK and s.to_move == 0
    assert list(s.legal_actions()) == [Pick.of(0), Pick.of(1), Pick.of(2)]
    choice = make_policy("greedy").choose(s, random.Random(1))
    assert choice == Pick.of(1)
    s.apply(choice)
    assert s.hp[1] == 8 and s.phase == P_CARD
    assert events(s, "pick") == [{"event": "pick", "seat": 0, "character": "a-2", "character_seat": 0}]


def test_an_ordre_with_a_choice_asks_its_player():
    """ "Tour 1 : un de vos personnages a Attaque +1 jusqu'à la fin de la partie"."""
    chief = character(
        "chief",
        orders=[
            {
                "turns": [1],
                "effects": [
                    {"op": "modify", "stat": "attack", "amount": 1, "target": "ally", "duration": "game"}
                ],
            }
        ],
    )
    s = game([chief, *line("a")[1:]])
    fight(s, 0, 0)
    assert s.phase == P_PICK
    s.apply(Pick.of(2))
    assert [s.stat(c, ATK) for c in range(3)] == [0, 0, 1]


def test_one_of_chosen_with_the_card_or_drawn():
    pair = [[{"op": "heal", "amount": 4}], [{"op": "damage", "kind": "direct", "amount": 2}]]
    choose = card("choose", effects=[{"op": "one_of", "options": pair}])
    s = game(line("a"), hands=((choose, FILLER), (FILLER,)), hp=[6, 12, 12, 12, 12, 12])
    fight(s, 0, 0)
    k = card_id(s, choose)
    plays = sorted(a for a in s.legal_actions() if isinstance(a, Play) and a.card == k)
    assert [unpack_choices(p.choice, 1) for p in plays] == [(0,), (1,)]
    s.apply(plays[0])
    play_cards(s)
    assert s.hp[0] == 10 - 2 and s.hp[3] == 12 - 2
    drawn = card("drawn", effects=[{"op": "one_of", "options": pair, "pick": "random"}])
    outcomes = set()
    for seed in range(16):
        s = game(line("a"), hands=((drawn, FILLER), (FILLER,)), hp=[6, 12, 12, 12, 12, 12], seed=seed)
        fight(s, 0, 0)
        play_cards(s, a=[drawn])
        outcomes.add(s.hp[3])
    assert outcomes == {10, 8}  # the clash's 2 alone, or with the 2 direct


# --- records and the players ------------------------------------------------------------------------


def _decks():
    medic = holder("medic", trig("combat_start", [{"op": "heal", "amount": 2, "target": "ally"}]), hp=14)
    thorns = holder(
        "thorns",
        trig(
            {"damaged": "self"}, [{"op": "damage", "kind": "direct", "amount": 1, "target": "random_enemy"}]
        ),
    )
    cards = {
        PIERCE: 3,
        BOLT: 2,
        JAB: 3,
        FILLER: 3,
        card("tonic", "potion", effects=[{"op": "heal", "amount": 2}]): 3,
        card(
            "pair",
            effects=[
                {"op": "one_of", "options": [[{"op": "heal", "amount": 3}], [{"op": "draw", "count": 1}]]}
            ],
        ): 3,
        card(
            "coin",
            effects=[
                {
                    "op": "one_of",
                    "options": [
                        [{"op": "heal", "amount": 1}],
                        [{"op": "damage", "kind": "direct", "amount": 1}],
                    ],
                    "pick": "random",
                }
            ],
        ): 3,
        card(
            "charm",
            "amulette",
            effects=[
                trig(
                    "turn_start",
                    [
                        {
                            "op": "modify",
                            "stat": "spirit",
                            "amount": 1,
                            "target": "ally",
                            "duration": {"combats": 2},
                        }
                    ],
                )
            ],
        ): 2,
    }
    a = deck("a", [medic, thorns, character("mage", classes=("mage",))], cards)
    b = deck("b", [character("b-1", classes=("mage",)), thorns, medic], cards)
    return a, b


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_games_with_triggers_and_choices_are_recorded_and_replay(policy):
    from simulator.records.base import replay_record, validate_shape
    from simulator.records.eredan import recorder

    decks = _decks()
    catalog = _catalog(decks)
    game_ = EredanGame()
    seen_picks = 0
    for seed in range(6):
        state = game_.new_initial_state(random.Random(seed), decks)
        rec = recorder(game=game_, state=state, seed=seed, players=[policy, policy])
        policies = (make_policy(policy), make_policy(policy))
        rngs = (random.Random(seed + 1), random.Random(seed + 2))
        while not state.is_terminal():
            player = state.current_player()
            action = policies[player].choose(state, rngs[player])
            rec.observe(state, player, action)
            state.apply(action)
        record = rec.finish(state)
        validate_shape(record)
        seen_picks += sum(1 for a in record["deals"][0]["actions"] if a["action"] == "pick")
        assert replay_record(record, context=catalog).result == record["result"]
    assert seen_picks


def _catalog(decks):
    from cards.domain.specs import Catalog

    chars = {ch.slug: ch for d in decks for ch in d.characters}
    cards = {c.slug: c for d in decks for c, _ in d.cards}
    return Catalog(characters=chars, cards=cards)


def test_random_games_with_triggers_keep_the_invariants():
    decks = _decks()
    for seed in range(60):
        state = EredanGame().new_initial_state(random.Random(seed), decks)
        final = play_game(
            state,
            (make_policy("random"), make_policy("random")),
            (random.Random(seed), random.Random(seed + 7)),
        )
        assert final.is_terminal()
        assert all(0 <= h <= m for h, m in zip(final.hp, final.max_hp, strict=True))
        assert not final.queue


def test_a_pick_state_copies_and_determinizes():
    medic = holder("medic", trig("combat_start", [{"op": "heal", "amount": 3, "target": "ally"}]))
    s = game([medic, *line("a")[1:]], hp=[12, 5, 9, 12, 12, 12])
    fight(s, 0, 0)
    copy = s.clone()
    world = s.determinize(0, random.Random(3))
    for other in (copy, world):
        assert other.phase == P_PICK and other.legal_actions() == s.legal_actions()
        other.apply(Pick.of(2))
        assert other.hp[2] == 12 and s.hp[2] == 9
    assert PASS not in s.legal_actions()


def test_a_trigger_limited_to_n_times_per_turn():
    """``times``: "(max +3)" — at most that many times per turn (per game with once_per_game)."""
    h = holder(
        "h",
        trig(
            {"damaged": "all_allies"},
            [{"op": "modify", "stat": "spirit", "amount": 1, "duration": "game"}],
            limit="once_per_turn",
            times=2,
        ),
    )
    zap = card("zap", effects=[{"op": "damage", "kind": "direct", "amount": 1, "target": "all_enemies"}])
    s = game([h, *line("a")[1:]], hands=((FILLER,), (zap, FILLER)))
    fight(s, 0, 0)
    play_cards(s, b=[zap])  # four damages: twice counted this turn
    assert s.stat(0, SPI) == 1 + 2


def test_a_heal_of_the_damage_that_set_off_the_trigger():
    """``{"event_damage": "self"}`` ("… est soigné d'autant", cards/domain/effects.py "Count"): in a
    trigger on damage, the HP that damage took. a-2 (out of the combat, 5 HP short) heals as much as
    a-1 loses in the clash (b-1's blow takes 2)."""
    mender = holder(
        "mender",
        trig(
            {"damaged": {"group": "allies", "family": "a-1"}},
            [{"op": "heal", "amount": {"per": {"event_damage": "self"}}}],
        ),
    )
    s = game([line("a")[0], mender, line("a")[2]], hp=[12, 7, 12, 12, 12, 12])
    fight(s, 0, 0)
    play_cards(s)
    assert s.hp[0] == 12 - 2
    assert s.hp[1] == 7 + 2


def test_a_card_an_after_cards_trigger_plays_is_played_that_turn_before_the_clash():
    """docs/rules/eredan.md §3 step 2 — a card an ``after_cards`` trigger plays ("à la suite de vos
    cartes": ``play_card``, ``create`` … ``play``) is played that same turn, once the cards of the
    turn have resolved, before the clash (docs/rules/eredan.md §3 step 3) — with cards played this
    turn or none, and whoever played them. Its triggers fire in turn (a card it plays is played too)."""
    drill = card("drill", effects=[{"op": "modify", "stat": "attack", "amount": 5}])
    shard = card("shard", effects=[{"op": "modify", "stat": "attack", "amount": 5}])
    plays = {
        "play_card": {"op": "play_card", "from": "deck", "cards": {"card": "drill"}},
        "create": {"op": "create", "card": "shard", "to": "play"},
    }
    for how, op in plays.items():
        for mine, theirs in (([FILLER], []), ([], [JAB]), ([], []), ([FILLER], [JAB])):
            h = holder("holder", trig("after_cards", [op]))
            s = prepare_game(
                [h, *line("a")[1:]],
                line("b"),
                hands=([FILLER], [JAB]),
                piles=([drill, *[FILLER] * 7], [FILLER] * 8),
                extra=([shard], []),
            )
            fight(s, 0, 0)
            play_cards(s, a=mine, b=theirs)
            played = "drill" if how == "play_card" else "shard"
            cards = [e["card"] for e in events(s, "play")]
            assert cards == [c.slug for c in (*mine, *theirs)] + [played], (how, mine, theirs, cards)
            names = [e["event"] for e in s.log]
            assert names.index("attack") > len(names) - 1 - names[::-1].index("play"), (how, mine, theirs)
            assert not s.extra_plays, (how, mine, theirs)
            # Its Attaque +5 counted in the clash: b-1 (Défense 0 in line) took more than 1 + 5.
            assert s.hp[3] <= 12 - 6, (how, mine, theirs, s.hp)


def test_plays_set_off_by_plays_after_the_cards_stop_at_the_cap_of_the_turn():
    """docs/rules/eredan.md §3 step 2 — a card played "à la suite de vos cartes" whose damage sets
    off a trigger that plays it again: played in turn, before the clash, at most ``MAX_EXTRA_PLAYS``
    (8) such plays a turn in all, then the clash comes."""
    zap = card("zap", effects=[{"op": "damage", "kind": "direct", "amount": 1}])
    h = holder("holder", trig({"damaged": "all_enemies"}, [{"op": "create", "card": "zap", "to": "play"}]))
    s = prepare_game(
        [h, *line("a")[1:]],
        line("b"),
        hands=([zap], []),
        piles=([FILLER] * 8, [FILLER] * 8),
        hp=[12, 12, 12, 40, 12, 12],
    )
    fight(s, 0, 0)
    play_cards(s, a=[zap])
    assert s.log is not None
    clash = next(i for i, e in enumerate(s.log) if e["event"] == "attack")
    assert [e["card"] for e in s.log[:clash] if e["event"] == "play"] == ["zap"] * (1 + 8)
    assert s.extra_played == 8 and not s.extra_plays  # (after the clash, played at once: not these)
