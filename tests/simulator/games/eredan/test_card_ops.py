"""The ops that move cards and change the board (cards/domain/effects.py, the contract): a card's
conditional chain, cards between piles, this card's destination, attached cards discarded, new
copies, cards played by an effect, markers, tapping; and the standing abilities may_play, carry
and may_attach."""

from __future__ import annotations

import random

import pytest

from cards.domain.specs import deck_from_counts
from simulator.games.eredan.actions import Play
from simulator.games.eredan.compiled import UnsupportedSpecError, compile_tables
from simulator.games.eredan.game import EredanGame
from simulator.games.eredan.ops import ATK, DEF, SPI
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
SPELL = card("spark", "feu", effects=[{"op": "damage", "kind": "magical", "amount": 2}])
PRAYER = card("prayer", "foi", effects=[{"op": "heal", "amount": 2}])


def one_card(effects, *, hands=((), (JAB,)), piles=None, discards=None, seed=0, **kw):
    """Seat 0's fighter (a-1) plays a card with ``effects`` against b-1; the card step resolves."""
    c = card("tested", effects=effects, **kw)
    s = prepare_game(
        line("a"),
        line("b"),
        hands=([c, *hands[0]], list(hands[1])),
        piles=piles or ([FILLER] * 6, [FILLER] * 6),
        extra=discards or ((), ()),
        seed=seed,
    )
    if discards is not None:
        s.discards = [[card_id(s, x) for x in d] for d in discards]
    fight(s, 0, 0)
    play_cards(s, a=[c])
    return s


# --- chain -----------------------------------------------------------------------------------------------


def test_a_conditional_chain_holds_only_when_its_condition_does():
    """A card's ``chain`` effect: "Enchaînement si joué par un Mage" — a second card only then."""
    quick = card(
        "quick",
        chain=None,
        effects=[{"op": "chain", "match": {"any": True}, "when": {"played_by_class": "mage"}}],
    )
    for classes, chains in ((("mage",), True), (("combattant",), False)):
        me = character("a-1", classes=classes)
        s = prepare_game([me, *line("a")[1:]], line("b"), hands=([quick, JAB], [JAB]))
        fight(s, 0, 0)
        play(s, quick)
        assert (s.to_move == 0 and playable(s) == {"jab"}) is chains


def test_a_chain_if_you_play_a_kind_of_card_allows_only_that_kind():
    """ "Enchaînement si vous jouez une Théurgie": the ``plays`` clause names the second card."""
    devout = card(
        "devout", effects=[{"op": "chain", "match": {"any": True}, "when": {"plays": {"type": "theurgie"}}}]
    )
    priest = character("a-1", classes=("pretre",))
    s = prepare_game([priest, *line("a")[1:]], line("b"), hands=([devout, JAB, PRAYER], [JAB]))
    fight(s, 0, 0)
    play(s, devout)
    assert playable(s) == {"prayer"}


def test_a_chain_condition_on_the_opponents_cards_is_refused():
    """Checked as the first card is played, it cannot read the opponent's hidden cards."""
    peek = card(
        "peek", effects=[{"op": "chain", "match": {"any": True}, "when": {"opponent_plays": {"any": True}}}]
    )
    with pytest.raises(UnsupportedSpecError, match="opponent's cards are not known"):
        compile_tables((deck("d", line("a"), [peek]), deck("e", line("b"), [JAB])))


# --- move ------------------------------------------------------------------------------------------------


def test_move_a_card_of_a_kind_from_the_discard_pile_to_the_hand():
    """``move`` from discard to hand, of the cards matching, picked at random (chance ``card``)."""
    for seed in range(30):
        s = one_card(
            [{"op": "move", "from": "discard", "to": "hand", "cards": {"type": "sort"}}],
            discards=([JAB, SPELL, FILLER, SPELL], []),
            hands=((), (JAB,)),
            seed=seed,
        )
        assert sorted(s.hands[0]) == [card_id(s, SPELL)]
        assert s.discards[0].count(card_id(s, SPELL)) == 1 and card_id(s, JAB) in s.discards[0]
    assert events(s, "move")[0] == {
        "event": "move",
        "seat": 0,
        "cards": ["spark"],
        "from": "discard",
        "to": "hand",
    }


def test_move_from_the_top_of_the_opponents_deck_and_all_of_them():
    s = one_card(
        [{"op": "move", "from": "deck", "to": "removed", "owner": "opponent", "count": 2, "pick": "top"}],
        piles=([FILLER] * 3, [JAB, SPELL, FILLER]),
    )
    assert [s.cards[k].slug for k in s.removed[1]] == ["jab", "spark"] and len(s.decks[1]) == 1
    s = one_card(
        [{"op": "move", "from": "hand", "to": "discard", "owner": "opponent", "count": "all"}],
        hands=((), (JAB, FILLER, SPELL)),
    )
    assert sorted(events(s, "move")[0]["cards"]) == ["filler", "jab", "spark"] and len(s.discards[1]) == 3


def test_move_to_a_deck_puts_the_card_at_a_random_place():
    """To a deck: at a random place (chance ``place``)."""
    places = set()
    for seed in range(40):
        s = one_card([{"op": "move", "from": "discard", "to": "deck"}], discards=([SPELL], []), seed=seed)
        deck_ = s.decks[0]
        assert len(deck_) == 7 and deck_.count(card_id(s, SPELL)) == 1
        places.add(deck_.index(card_id(s, SPELL)))
    assert len(places) >= 5


# --- card_to -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("to", "pile"), [("hand", "hands"), ("removed", "removed"), ("deck", "decks")])
def test_card_to_sends_a_card_that_does_not_stay_elsewhere_than_the_discard_pile(to, pile):
    s = one_card([{"op": "heal", "amount": 1}, {"op": "card_to", "to": to}])
    k = card_id(s, card("tested"))
    assert k in getattr(s, pile)[0] and k not in s.discards[0]


def test_card_to_takes_a_card_in_play_out_of_it():
    """A card that stays leaves play (its "while carried" bonus with it)."""
    flash = card(
        "flash",
        "epee",
        effects=[
            {"op": "modify", "stat": "attack", "amount": 2, "duration": "permanent"},
            {"op": "card_to", "to": "hand"},
        ],
    )
    s = prepare_game(line("a"), line("b"), hands=([flash], [JAB]), piles=([FILLER] * 6, [FILLER] * 6))
    fight(s, 0, 0)
    play_cards(s, a=[flash])
    k = card_id(s, flash)
    assert s.items[0] == [] and k in s.hands[0] and s.stat(0, ATK) == 0
    assert events(s, "card_to")[0]["card"] == "flash"


# --- discard_attached ------------------------------------------------------------------------------------


def test_discard_attached_takes_cards_of_the_target_at_random():
    ring = card(
        "ring", "amulette", effects=[{"op": "modify", "stat": "spirit", "amount": 1, "duration": "permanent"}]
    )
    mail = card(
        "mail", "armure", effects=[{"op": "modify", "stat": "defense", "amount": 2, "duration": "permanent"}]
    )
    strip = card("strip", effects=[{"op": "discard_attached", "count": 1, "cards": {"type": "armure"}}])
    s = prepare_game(
        line("a"),
        line("b"),
        hands=([strip], [JAB]),
        items=[[], [], [], [ring, mail], [], []],
        piles=([FILLER] * 6, [FILLER] * 6),
    )
    assert s.stat(3, DEF) == 3
    fight(s, 0, 0)
    play_cards(s, a=[strip])
    assert s.items[3] == [card_id(s, ring)] and card_id(s, mail) in s.discards[1] and s.stat(3, DEF) == 1
    everything = card("everything", effects=[{"op": "discard_attached", "count": "all", "owner": "opponent"}])
    s = prepare_game(
        line("a"),
        line("b"),
        hands=([everything], [JAB]),
        items=[[], [], [], [ring, mail], [], []],
        piles=([FILLER] * 6, [FILLER] * 6),
    )
    fight(s, 0, 0)
    play_cards(s, a=[everything])
    assert s.items[3] == [] and len(s.discards[1]) == 2


def test_discard_attached_other_never_takes_the_card_whose_effects_run():
    """``other``: a card that stays is attached before it acts; "si votre personnage porte déjà une
    'X', cette dernière est défaussée" in X's own text takes the copy before it, never itself."""
    stance = card(
        "stance",
        "amulette",
        effects=[
            {
                "op": "discard_attached",
                "target": "self",
                "count": "all",
                "cards": {"card": "stance"},
                "other": True,
            },
            {"op": "modify", "stat": "spirit", "amount": 1, "duration": "permanent"},
        ],
    )
    s = prepare_game(
        line("a"),
        line("b"),
        hands=([stance], [JAB]),
        items=[[stance], [], [], [], [], []],
        piles=([FILLER] * 6, [FILLER] * 6),
    )
    before = s.stat(0, SPI)
    fight(s, 0, 0)
    play_cards(s, a=[stance])
    assert s.items[0] == [card_id(s, stance)] and s.discards[0].count(card_id(s, stance)) == 1
    assert s.stat(0, SPI) == before  # one copy's bonus: the old one left with its card


def test_discard_attached_of_a_group_takes_the_count_among_all_their_cards():
    """A group target: ``count`` cards among all those its characters carry, not from each
    (cards/domain/effects.py, ``discard_attached``: "une carte adverse attachée à un de vos
    personnages est défaussée" is one card)."""
    ring = card(
        "ring", "amulette", effects=[{"op": "modify", "stat": "spirit", "amount": 1, "duration": "permanent"}]
    )
    mail = card(
        "mail", "armure", effects=[{"op": "modify", "stat": "defense", "amount": 2, "duration": "permanent"}]
    )
    strip = card("strip", effects=[{"op": "discard_attached", "count": 1, "target": "all_enemies"}])
    for seed in range(6):
        s = prepare_game(
            line("a"),
            line("b"),
            hands=([strip], [JAB]),
            items=[[], [], [], [ring], [mail], []],
            piles=([FILLER] * 6, [FILLER] * 6),
            seed=seed,
        )
        fight(s, 0, 0)
        play_cards(s, a=[strip])
        assert len(s.items[3]) + len(s.items[4]) == 1 and len(s.discards[1]) == 1
    mine = card("mine", effects=[{"op": "discard_attached", "count": "all", "target": "all_enemies"}])
    s = prepare_game(
        line("a"),
        line("b"),
        hands=([mine], [JAB]),
        items=[[], [], [], [ring], [mail], []],
        piles=([FILLER] * 6, [FILLER] * 6),
    )
    fight(s, 0, 0)
    play_cards(s, a=[mine])
    assert s.items[3] == [] and s.items[4] == [] and len(s.discards[1]) == 2


# --- create, play_card -----------------------------------------------------------------------------------


SHARD = card("shard", effects=[{"op": "damage", "kind": "direct", "amount": 1}])


def test_a_created_card_comes_from_the_catalog_and_goes_where_the_text_says():
    """``create``: a new copy of a card (found in the catalog by deck_from_counts: DeckSpec.extra)."""
    forge = card("forge", effects=[{"op": "create", "card": "shard", "to": "hand", "count": 2}])
    catalog = {c.slug: c for c in (forge, SHARD, JAB)}
    d = deck_from_counts("d", line("a"), {"forge": 1}, catalog)
    assert d.extra == (SHARD,)
    e = deck_from_counts("e", line("b"), {"jab": 1}, catalog)
    s = EredanGame(log=True).state_from_position(
        random.Random(1), (d, e), first_player=0, hands=[["forge"], ["jab"]], draw_piles=[[], []]
    )
    fight(s, 0, 0)
    play_cards(s, a=[forge])
    assert [s.cards[k].slug for k in s.hands[0]] == ["shard", "shard"]
    lacking = deck("d", line("a"), [forge])  # built by hand: no extra
    with pytest.raises(UnsupportedSpecError, match="'shard' it creates is not known"):
        compile_tables((lacking, e))


def test_a_card_created_by_the_trigger_of_a_card_that_stays_must_be_known_too():
    """The check of created cards also reads the triggers a card keeps while it stays (and its
    play variants): they were not read, and the game stopped on a KeyError when the trigger fired
    (found playing random decks of the whole imported pool, benchmarks/synthetic_pool.py)."""
    totem = card(
        "totem",
        effects=[
            {
                "op": "trigger",
                "on": "combat_start",
                "effects": [{"op": "create", "card": "shard", "to": "hand"}],
            }
        ],
        play={"stays": "permanent"},
    )
    e = deck_from_counts("e", line("b"), {"jab": 1}, {c.slug: c for c in (SHARD, JAB)})
    with pytest.raises(UnsupportedSpecError, match="'shard' it creates is not known"):
        compile_tables((deck("d", line("a"), [totem]), e))
    known = deck_from_counts("d", line("a"), {"totem": 1}, {c.slug: c for c in (totem, SHARD, JAB)})
    assert known.extra == (SHARD,)
    compile_tables((known, e))


def test_a_created_card_played_at_once_resolves_after_the_cards_of_the_turn():
    echo = card("echo", effects=[{"op": "create", "card": "shard", "to": "play"}])
    catalog = {c.slug: c for c in (echo, SHARD, JAB)}
    d = deck_from_counts("d", line("a"), {"echo": 1}, catalog)
    e = deck_from_counts("e", line("b"), {"jab": 1}, catalog)
    s = EredanGame(log=True).state_from_position(
        random.Random(1), (d, e), first_player=0, hands=[["echo"], ["jab"]], draw_piles=[[], []]
    )
    fight(s, 0, 0)
    play_cards(s, a=[echo], b=[JAB])
    plays = [e["card"] for e in events(s, "play")]
    assert plays == ["echo", "jab", "shard"]  # after both players' cards
    assert s.hp[3] == 12 - 1 - (3 - 1) and s.played[0][card_id(s, SHARD)] == 1


def test_play_card_plays_a_matching_card_of_a_pile_the_character_may_play():
    """``play_card`` from the deck: one of the matching cards its character may play (a Sortilège
    needs a Mage), at random, after the cards of the turn."""
    summon = card("summon", effects=[{"op": "play_card", "from": "deck", "cards": {"any": True}}])
    s = prepare_game(
        line("a"), line("b"), hands=([summon], [JAB]), piles=([SPELL, SHARD, SPELL], [FILLER] * 3)
    )
    fight(s, 0, 0)
    play_cards(s, a=[summon])
    assert [e["card"] for e in events(s, "play")] == ["summon", "shard"]  # not the spell: a-1 is no Mage
    assert [s.cards[k].slug for k in s.decks[0]] == ["spark", "spark"]


# --- markers, tap, untap ---------------------------------------------------------------------------------


def test_markers_add_up_and_never_go_below_zero():
    s = one_card(
        [
            {"op": "marker", "name": "poudre", "count": 2, "target": "all_allies"},
            {"op": "marker", "name": "poudre", "count": -3},
            {"op": "marker", "name": "corruption", "count": 1, "target": "opponent"},
        ]
    )
    assert s.markers["poudre"] == [0, 2, 2, 0, 0, 0] and s.markers["corruption"] == [0, 0, 0, 1, 0, 0]
    assert events(s, "marker")[-1] == {
        "event": "marker",
        "seat": 1,
        "character": "b-1",
        "marker": "corruption",
        "count": 1,
    }


def test_tapping_an_enemy_keeps_it_out_of_the_next_choice():
    """``tap``: a tapped character cannot be chosen (docs/rules/eredan.md §3 step 1)."""
    s = one_card([{"op": "tap", "target": "all_enemies"}])
    end_turn(s)
    # Turn 2: seat 1 has every living character tapped, so all untap (untap_when_untapped_left).
    assert s.phase == P_CHOICE and all(not s.tapped[c] for c in (3, 4, 5))
    s2 = one_card([{"op": "tap", "target": "random_other_enemy"}])
    tapped = [c for c in (4, 5) if s2.tapped[c]]
    assert len(tapped) == 1
    end_turn(s2)
    assert all(a.opponent != tapped[0] and a.fighter != tapped[0] for a in s2.legal_actions())


def test_untapping_the_fighter_during_its_combat_keeps_it_untapped():
    """``untap`` of the fighter ("Votre personnage est relevé"): it is not tapped at the end of the
    combat (EredanRules.untapped_fighter_stays_untapped), so it may fight again next turn."""
    s = one_card([{"op": "untap"}])
    assert not s.tapped[0] and s.tapped[3]
    assert events(s, "tap")[-1]["characters"] == [[1, "b-1"]]


# --- may_play, carry, may_attach ------------------------------------------------------------------------


def test_may_play_lets_a_character_play_cards_whatever_their_requirements():
    """``may_play`` (ability): "peut jouer les Sortilèges de Feu" — a Combattant plays a fire spell."""
    pyro = character("a-1", abilities=[{"op": "may_play", "cards": {"type": "feu"}}])
    s = prepare_game([pyro, *line("a")[1:]], line("b"), hands=([SPELL], [JAB]))
    fight(s, 0, 0)
    assert playable(s) == {"spark"}
    s.fighters[0] = 1
    assert s.card_options(0, 0) == (PASS,)


def test_may_play_given_to_allies_holds_while_its_owner_lives():
    patron = character(
        "a-3",
        abilities=[
            {
                "op": "may_play",
                "cards": {"type": "foi"},
                "target": {"group": "other_allies", "guild": "kotoba"},
            }
        ],
    )
    ally = character("a-1", guild="kotoba")
    other = character("a-2", guild="zil")
    for patron_hp, plays in ((12, True), (0, False)):
        s = prepare_game(
            [ally, other, patron], line("b"), hands=([PRAYER], [JAB]), hp=[12, 12, patron_hp, 12, 12, 12]
        )
        fight(s, 0, 0)
        assert (playable(s) == {"prayer"}) is plays
        s.fighters[0] = 1
        assert s.card_options(0, 0) == (PASS,)  # a-2 is no Kotoba


def test_carry_lets_a_character_hold_more_items_of_a_kind():
    """``carry``: "Peut porter 3 Armes à une main"."""
    juggler = character("a-1", abilities=[{"op": "carry", "cards": {"type": "arme_a_une_main"}, "count": 3}])
    dagger = card("dagger", "dague")
    s = prepare_game(
        [juggler, *line("a")[1:]],
        line("b"),
        hands=([dagger], [JAB]),
        items=[[dagger, dagger], [dagger], [], [], [], []],
    )
    fight(s, 0, 0)
    assert playable(s) == {"dagger"}
    s.fighters[0] = 1
    assert s.card_options(0, 0) == (PASS,)  # without it, a second one-handed weapon needs Ambidextrie


def test_may_attach_lets_a_character_attach_such_cards_to_anyone():
    """``may_attach``: the Artisan's ability printed on another character."""
    tinker = character("a-1", abilities=[{"op": "may_attach", "cards": {"type": "amulette"}}])
    ring = card(
        "ring", "amulette", effects=[{"op": "modify", "stat": "spirit", "amount": 1, "duration": "permanent"}]
    )
    s = prepare_game([tinker, *line("a")[1:]], line("b"), hands=([ring], [JAB]), hp=[12, 12, 0, 12, 12, 12])
    fight(s, 0, 0)
    k = card_id(s, ring)
    assert set(s.legal_actions()) == {PASS} | {Play.of(k, c) for c in (0, 1, 3, 4, 5)}
    play(s, ring, on=4)
    play_cards(s)
    assert s.items[4] == [k] and s.stat(4, SPI) == 2


# --- forbid, grant_order -----------------------------------------------------------------------------


def test_forbid_play_keeps_such_cards_out_of_the_targets_choices_while_it_lasts():
    """``forbid`` play (cards/domain/effects.py): the target cannot play such cards — a restriction on
    the choices made after it — for its duration (here 2 of the target's combats)."""
    silence = card(
        "silence",
        effects=[
            {
                "op": "forbid",
                "what": "play",
                "cards": {"type": "action"},
                "target": "opponent",
                "duration": {"combats": 2},
            }
        ],
    )
    s = prepare_game(line("a"), line("b"), hands=([silence], [JAB, JAB]), piles=([FILLER] * 8, [JAB] * 8))
    fight(s, 0, 0)
    play_cards(s, a=[silence], b=[JAB])  # b-1's card of this turn was chosen before: it resolves
    assert [e["card"] for e in events(s, "play")] == ["silence", "jab"]
    assert events(s, "forbid")[0] == {
        "event": "forbid",
        "seat": 1,
        "character": "b-1",
        "what": "play",
        "duration": "2 combats",
    }
    end_turn(s)
    s.fighters = [0, 3]
    assert s.card_options(1, 0) == (PASS,)  # b-1: no Action
    s.fighters = [0, 4]
    assert PASS in s.card_options(1, 0) and len(s.card_options(1, 0)) > 1  # b-2 may
    s.fighters = [-1, -1]


def test_forbid_for_the_combat_ends_with_the_turn_and_forbid_chain_only_the_second_card():
    chainless = card(
        "chainless",
        chain={"any": True},
        effects=[{"op": "forbid", "what": "chain", "cards": {"any": True}}],
    )
    s = prepare_game(line("a"), line("b"), hands=([chainless, JAB], [JAB]), piles=([FILLER] * 8, [JAB] * 8))
    fight(s, 0, 0)
    play(s, chainless)
    assert s.to_move == 0 and playable(s) == {"jab"}  # chosen before it resolved
    play_cards(s, a=[JAB])
    s.hands[0].append(card_id(s, JAB))
    assert s.restrictions and s.card_options(0, 0) == (PASS, Play.of(card_id(s, JAB), 0))  # a first card
    end_turn(s)
    assert s.restrictions == []  # "this combat": over at the end of the turn


def test_forbid_attack_takes_the_targets_clash_attack():
    s = one_card([{"op": "forbid", "what": "attack", "target": "opponent"}])
    assert [e["character"] for e in events(s, "attack")] == ["a-1"] and s.hp[0] == 12


def test_a_forbid_of_a_card_in_play_lasts_while_it_stays():
    """ "permanent" on a card that stays: while it is attached (cards/domain/effects.py)."""
    shackles = card(
        "shackles",
        effects=[{"op": "forbid", "what": "attack", "duration": "permanent"}],
        play={"stays": {"combats": 1}, "attach": "opponent"},
    )
    s = prepare_game(line("a"), line("b"), hands=([shackles], [JAB]), piles=([FILLER] * 8, [JAB] * 8))
    fight(s, 0, 0)
    play(s, shackles, on=3)
    play_cards(s)
    assert [e["character"] for e in events(s, "attack")] == ["a-1"]  # b-1 made no attack
    assert s.items[3] == [] and s.restrictions == []  # its one combat over, it left play


def test_grant_order_gives_the_ordres_bonus_on_a_turn_they_do_not_name():
    """``grant_order``: the Ordres' bonus this combat as if the turn were one they name; nothing
    more when one already applies."""
    captain = character(
        "a-1", orders=[{"turns": [5], "effects": [{"op": "modify", "stat": "attack", "amount": 2}]}]
    )
    command = card("command", effects=[{"op": "grant_order"}])
    s = prepare_game(
        [captain, *line("a")[1:]], line("b"), hands=([command], [JAB]), piles=([FILLER] * 8, [JAB] * 8)
    )
    fight(s, 0, 0)
    play_cards(s, a=[command])
    assert events(s, "attack")[0]["attack"] == 5 and events(s, "grant_order")
    s = prepare_game(
        [captain, *line("a")[1:]],
        line("b"),
        hands=([command], [JAB]),
        piles=([FILLER] * 8, [JAB] * 8),
        turn=5,
    )
    fight(s, 0, 0)
    play_cards(s, a=[command])
    assert events(s, "attack")[0]["attack"] == 5 and not events(s, "grant_order")  # its Ordre applied already


def test_forbid_healed_makes_heals_on_the_target_do_nothing():
    """``forbid`` healed: the target cannot be healed (heals on it do nothing) while it lasts."""
    curse = card(
        "no-rest",
        effects=[{"op": "forbid", "what": "healed", "target": "opponent", "duration": {"combats": 2}}],
    )
    s = prepare_game(
        line("a"),
        line("b"),
        hands=([curse], [JAB]),
        piles=([FILLER] * 8, [JAB] * 8),
        hp=[12, 12, 12, 6, 12, 12],
    )
    fight(s, 0, 0)
    play_cards(s, a=[curse])
    assert s.heal(4, 3, 5) == 0 and s.hp[3] == 6 - 2 and s.heal(4, 4, 5) == 0  # b-2 is full: 0 anyway
    s.hp[4] = 8
    assert s.heal(4, 4, 2) == 2


def test_discarded_attached_cards_may_go_to_another_pile_of_their_owner():
    """``discard_attached`` to: "placés dans le Deck de leur propriétaire" — the owner's deck (a
    random place), hand or removed pile."""
    mail = card(
        "mail", "armure", effects=[{"op": "modify", "stat": "defense", "amount": 2, "duration": "permanent"}]
    )
    back = card("back", effects=[{"op": "discard_attached", "to": "hand"}])
    s = prepare_game(
        line("a"),
        line("b"),
        hands=([back], [JAB]),
        items=[[], [], [], [mail], [], []],
        piles=([FILLER] * 6, [FILLER] * 6),
    )
    fight(s, 0, 0)
    play_cards(s, a=[back])
    assert s.items[3] == [] and card_id(s, mail) in s.hands[1]


def test_a_created_card_attached_to_a_group_gives_each_its_copies():
    """``create`` to attach with a group target: each character of the group gets its own copies."""
    token = card(
        "token",
        "amulette",
        effects=[{"op": "modify", "stat": "spirit", "amount": 1, "duration": "permanent"}],
    )
    gift = card("gift", effects=[{"op": "create", "card": "token", "to": "attach", "target": "all_allies"}])
    catalog = {c.slug: c for c in (gift, token, JAB)}
    d = deck_from_counts("d", line("a"), {"gift": 1}, catalog)
    e = deck_from_counts("e", line("b"), {"jab": 1}, catalog)
    s = EredanGame(log=True).state_from_position(
        random.Random(1), (d, e), first_player=0, hands=[["gift"], ["jab"]], draw_piles=[[], []]
    )
    fight(s, 0, 0)
    play_cards(s, a=[gift])
    k = card_id(s, token)
    assert s.items[:3] == [[k], [k], [k]] and [s.stat(c, SPI) for c in range(3)] == [2, 2, 2]


# --- pay, counter, draw_phase --------------------------------------------------------------------------

RUNE = card("rune-cor", "amulette", family="rune-cor")


def test_pay_spends_attached_runes_then_the_effects_happen():
    """``pay`` with a cost in attached cards ("Rune Cor : Attaque +3"): paid only when the payer has
    them — they go to their owner's discard pile — and then the effects happen."""
    power = card(
        "power",
        effects=[
            {
                "op": "pay",
                "cost": {"attached": {"card": "rune-cor"}, "count": 2},
                "effects": [{"op": "modify", "stat": "attack", "amount": 3}],
            }
        ],
    )
    for runes, attack in ((2, 6), (1, 3)):
        s = prepare_game(
            line("a"),
            line("b"),
            hands=([power], [JAB]),
            items=[[RUNE] * runes, [], [], [], [], []],
            piles=([FILLER] * 6, [FILLER] * 6),
        )
        fight(s, 0, 0)
        play_cards(s, a=[power])
        assert events(s, "attack")[0]["attack"] == attack
        assert len(s.items[0]) == (0 if runes == 2 else 1)
        assert events(s, "pay")[0]["paid"] is (runes == 2)


def test_pay_in_markers():
    """ "si vous avez au moins 3 marqueurs poudre, vous en perdez 3 et …" """
    s = one_card(
        [
            {"op": "marker", "name": "poudre", "count": 3},
            {
                "op": "pay",
                "cost": {"markers": "poudre", "count": 3},
                "effects": [{"op": "damage", "kind": "direct", "amount": 4}],
            },
        ]
    )
    assert s.markers["poudre"][0] == 0 and s.hp[3] == 12 - 4 - 2


def test_counter_stops_the_next_matching_card_and_its_chain():
    """``counter``: the next card of the kind that an enemy plays does not resolve and goes to its
    owner's pile; a stopped first card gives no Enchaînement: the second goes back to the hand."""
    quick = card("quick", chain={"any": True}, effects=[{"op": "modify", "stat": "attack", "amount": 5}])
    nullify = card("nullify", effects=[{"op": "counter", "cards": {"type": "action"}, "to": "hand"}])
    s = prepare_game(
        line("a"), line("b"), hands=([nullify], [quick, JAB]), piles=([FILLER] * 6, [FILLER] * 6)
    )
    fight(s, 0, 0)
    play_cards(s, a=[nullify], b=[quick, JAB])
    assert [e["card"] for e in events(s, "countered")] == ["quick"]
    assert [e["card"] for e in events(s, "unchained")] == ["jab"]
    assert sorted(s.cards[k].slug for k in s.hands[1]) == ["jab", "quick"]
    assert events(s, "attack")[1]["attack"] == 3 and s.counters == []


def test_draw_phase_changes_the_coming_draws():
    """``draw_phase``: at the next draw phase its player draws one card more; the opponent's ``none``
    draws nothing (and is no deck-out)."""
    greed = card("greed", effects=[{"op": "draw_phase", "amount": 1}])
    famine = card("famine", effects=[{"op": "draw_phase", "amount": "none", "owner": "opponent"}])
    s = prepare_game(line("a"), line("b"), hands=([greed, famine], [JAB]), piles=([FILLER] * 9, [FILLER] * 9))
    fight(s, 0, 0)
    play(s, greed)
    play_cards(s)
    end_turn(s)  # turn 2's draw: seat 0 had 1 card left (famine), draws 4 + 1
    assert len(s.hands[0]) == 6 and len(s.hands[1]) == 5 and s.draw_mods == []


def test_no_draw_at_all_is_no_deck_out():
    famine = card(
        "famine", effects=[{"op": "draw_phase", "amount": "none", "owner": "opponent", "phases": 2}]
    )
    s = prepare_game(line("a"), line("b"), hands=([famine], [JAB]), piles=([FILLER] * 9, []))
    fight(s, 0, 0)
    play_cards(s, a=[famine], b=[JAB])
    end_turn(s)
    assert s.hands[1] == [] and not s.deck_out[1]  # its pile is empty, but it was to draw nothing


def test_a_chosen_attached_card_of_the_enemy_is_its_most_useful_one():
    """``discard_attached`` pick choice: its player chooses — the enemy's best card (by its worth,
    EredanRules.chosen_card_by_worth)."""
    ring = card(
        "ring", "amulette", effects=[{"op": "modify", "stat": "spirit", "amount": 1, "duration": "permanent"}]
    )
    mail = card(
        "mail", "armure", effects=[{"op": "modify", "stat": "defense", "amount": 3, "duration": "permanent"}]
    )
    strip = card("strip", effects=[{"op": "discard_attached", "pick": "choice"}])
    s = prepare_game(
        line("a"),
        line("b"),
        hands=([strip], [JAB]),
        items=[[], [], [], [mail, ring], [], []],
        piles=([FILLER] * 6, [FILLER] * 6),
    )
    fight(s, 0, 0)
    play_cards(s, a=[strip])
    assert s.items[3] == [card_id(s, ring)] and card_id(s, mail) in s.discards[1]


# --- whole games with every card op ------------------------------------------------------------------


def _op_decks():
    """Two decks whose cards use every op and play rule of this file (made-up cards)."""
    rune = card("rune-nox", "amulette", family="rune-nox")
    cards = [
        card("g-recall", effects=[{"op": "move", "from": "discard", "to": "hand", "pick": "choice"}]),
        card(
            "g-bury",
            effects=[
                {
                    "op": "move",
                    "from": "deck",
                    "to": "discard",
                    "owner": "opponent",
                    "count": 2,
                    "pick": "top",
                }
            ],
        ),
        card(
            "g-shuffle",
            effects=[{"op": "modify", "stat": "attack", "amount": 1}, {"op": "card_to", "to": "deck"}],
        ),
        card("g-strip", effects=[{"op": "discard_attached", "count": 1}]),
        card("g-summon", effects=[{"op": "play_card", "from": "deck", "pick": "random"}]),
        card("g-rune-gift", effects=[{"op": "create", "card": "rune-nox", "to": "attach"}]),
        card("g-powder", effects=[{"op": "marker", "name": "poudre", "count": 2}]),
        card(
            "g-blast",
            effects=[
                {
                    "op": "pay",
                    "cost": {"markers": "poudre", "count": 2},
                    "effects": [{"op": "damage", "kind": "direct", "amount": 3}],
                }
            ],
        ),
        card(
            "g-nox",
            effects=[
                {
                    "op": "pay",
                    "cost": {"attached": {"card": "rune-nox"}, "count": 1},
                    "effects": [{"op": "heal", "amount": 3}],
                }
            ],
        ),
        card("g-freeze", effects=[{"op": "tap", "target": "random_other_enemy"}]),
        card("g-wake", effects=[{"op": "untap"}]),
        card(
            "g-silence",
            effects=[
                {
                    "op": "forbid",
                    "what": "play",
                    "cards": {"type": "action"},
                    "target": "opponent",
                    "duration": {"combats": 1},
                }
            ],
        ),
        card("g-disarm", effects=[{"op": "forbid", "what": "attack", "target": "opponent"}]),
        card("g-order", effects=[{"op": "grant_order"}]),
        card("g-counter", effects=[{"op": "counter", "cards": {"type": "action"}}]),
        card("g-greed", effects=[{"op": "draw_phase", "amount": 1, "phases": "all"}]),
        card(
            "g-quick",
            chain={"any": True},
            effects=[{"op": "chain", "match": {"any": True}, "when": {"turn": "odd"}}],
        ),
        card(
            "g-banner",
            effects=[
                {
                    "op": "modify",
                    "stat": "defense",
                    "amount": 1,
                    "target": "all_allies",
                    "duration": "permanent",
                }
            ],
            play={"stays": {"combats": [1, 3]}},
        ),
        card(
            "g-curse",
            effects=[{"op": "modify", "stat": "attack", "amount": -1, "duration": "permanent"}],
            play={"stays": {"turns": 2}, "attach": "opponent"},
        ),
        card(
            "g-charm",
            "amulette",
            effects=[{"op": "modify", "stat": "spirit", "amount": 1, "duration": "permanent"}],
            play={"attach": "ally", "one_per_character": True},
        ),
        card(
            "g-late",
            "potion",
            effects=[{"op": "heal", "amount": 2}],
            play={"acts": "after_combat", "if": [{"when": {"turn": "even"}, "acts": "now"}]},
        ),
        card(
            "g-wakizashi",
            "epee",
            dual_wield=True,
            play={"dual_wield_with": ["katana"]},
            effects=[{"op": "modify", "stat": "attack", "amount": 1, "duration": "permanent"}],
        ),
        card(
            "katana",
            "epee",
            effects=[{"op": "modify", "stat": "attack", "amount": 2, "duration": "permanent"}],
        ),
    ]
    catalog = {c.slug: c for c in [*cards, rune]}
    counts = {c.slug: 2 for c in cards}
    captain = character(
        "a-cap", orders=[{"turns": [7], "effects": [{"op": "modify", "stat": "attack", "amount": 2}]}]
    )
    juggler = character(
        "a-jug", abilities=[{"op": "carry", "cards": {"type": "arme_a_une_main"}, "count": 3}]
    )
    tinker = character(
        "b-tin",
        abilities=[
            {"op": "may_attach", "cards": {"type": "amulette"}},
            {"op": "draw_phase", "amount": 1, "phases": "all"},
        ],
    )
    pyro = character("b-pyr", abilities=[{"op": "may_play", "cards": {"type": "feu"}}])
    a = deck_from_counts("ops-a", [captain, juggler, character("a-3")], counts, catalog)
    b = deck_from_counts("ops-b", [tinker, pyro, character("b-3")], counts, catalog)
    return a, b


@pytest.mark.parametrize("policies", [("random", "random"), ("greedy", "greedy"), ("greedy", "random")])
def test_games_with_every_card_op_run_and_keep_their_invariants(policies):
    """Random and greedy play over decks holding every card op and play rule: no engine error, HP
    within bounds, hands cut to 5, a game that ends; the same seed gives the same game."""
    from simulator.engine.runner import Side, play_match_game
    from simulator.games.eredan.actions import Discard
    from simulator.games.eredan.policies import make_policy
    from simulator.games.eredan.state import P_DISCARD as DISCARD

    decks = _op_decks()
    game = EredanGame()
    sides = (Side("A", make_policy(policies[0]), decks[0]), Side("B", make_policy(policies[1]), decks[1]))
    ends = set()
    for seed in range(40):
        result = play_match_game(game, sides, 7, seed)
        again = play_match_game(game, sides, 7, seed)
        assert result.summary == again.summary
        ends.add(result.summary["end_reason"])
        state = game.new_initial_state(random.Random(seed), decks)
        rng = random.Random(seed)
        policy = make_policy(policies[0])
        while not state.is_terminal():
            state.apply(policy.choose(state, rng))
            assert all(0 <= state.hp[c] <= state.max_hp[c] for c in range(6))
            if state.phase == DISCARD:  # docs/rules/eredan.md §3 step 5: a hand above 5 is cut to 5
                size = len(state.hands[state.to_move])
                assert all(
                    size - (a.mask.bit_count() if isinstance(a, Discard) else 0) <= 5
                    for a in state.legal_actions()
                )
    assert ends
