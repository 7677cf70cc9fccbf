"""Damage and healing bonuses, immunities, set stats, loss of HP and extra attacks in the engine
(cards/domain/effects.py: ``damage_taken``, ``damage_dealt``, ``heal_dealt``, ``immune``, ``set``,
``lose_hp``, ``extra_attack``), and issue 15 §2's Flèche incandescente."""

from __future__ import annotations

from cards.domain.cardset import load_cardset
from simulator.games.eredan.ops import ATK, DEF, SPI
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
BOLT = card("bolt", "foudre", effects=[{"op": "damage", "kind": "magical", "amount": 5}])
MAGE = character("b-1", classes=("mage",))


def played(effects, *, chars_a=None, chars_b=None, hand_b=(), b=(), **kw):
    """Seat 0's character 0 plays a card with ``effects`` against character 3, who plays ``b``."""
    c = card("tested", effects=effects)
    s = prepare_game(
        chars_a or line("a"),
        chars_b or line("b"),
        hands=([c, FILLER], [*hand_b, FILLER]),
        piles=PILES,
        **kw,
    )
    fight(s, 0, 0)
    play_cards(s, a=[c], b=list(b))
    return s


def test_damage_taken_applies_after_the_reduction_of_its_kinds():
    """ "-2 aux dégâts subis" (physical: the clash counts): b-1's 3 − Défense 1 − 2 = 0."""
    s = played([{"op": "damage_taken", "amount": -2, "kinds": ["physical"]}])
    assert s.hp[0] == 12
    s = played([{"op": "damage_taken", "amount": -2, "kinds": ["magical"]}])
    assert s.hp[0] == 12 - 2  # the clash is not magical
    s = played([{"op": "damage_taken", "amount": 1, "target": "opponent"}])
    assert s.hp[3] == 12 - 2 - 1  # "+1 aux dégâts subis" on the opponent


def test_damage_dealt_adds_before_the_reduction_of_the_cards_named():
    s = played([{"op": "damage_dealt", "amount": 2}])
    assert s.hp[3] == 12 - (3 + 2 - 1)  # the clash counts
    s = played(
        [{"op": "damage_dealt", "amount": 2, "cards": {"type": "sort"}}],
        chars_b=[MAGE, *line("b")[1:]],
        hand_b=(BOLT,),
        b=(BOLT,),
    )
    assert s.hp[3] == 12 - 2  # not the clash
    mage_bonus = card("focus", effects=[{"op": "damage_dealt", "amount": 2, "cards": {"type": "sort"}}])
    s = prepare_game(
        [character("a-1", classes=("mage",)), *line("a")[1:]],
        line("b"),
        hands=([mage_bonus, BOLT, FILLER], [FILLER]),
        piles=PILES,
    )
    fight(s, 0, 0)
    play_cards(s, a=[mage_bonus])  # no chain: the bonus stays for this combat only
    assert s.dmod_mask == 1
    end_turn(s)
    assert s.dmod_mask == 0 and not s.dmods


def test_heal_dealt_adds_to_each_heal():
    potion = card("potion", "potion", effects=[{"op": "heal", "amount": 2}], chain={"any": True})
    booster = card("booster", chain={"any": True}, effects=[{"op": "heal_dealt", "amount": 3}])
    s = prepare_game(
        line("a"), line("b"), hands=([booster, potion, FILLER], [FILLER]), piles=PILES, hp=[4] + [12] * 5
    )
    fight(s, 0, 0)
    play_cards(s, a=[booster, potion])
    assert [e["amount"] for e in events(s, "heal")] == [5]


def test_immune_to_damage_kinds_and_to_cards():
    """ "Insensible aux dégâts magiques": the spell does nothing, the clash still hits; "insensible
    aux effets des Sorts": a Sort's modifier does not reach it either."""
    s = played(
        [{"op": "immune", "kinds": ["magical"]}], chars_b=[MAGE, *line("b")[1:]], hand_b=(BOLT,), b=(BOLT,)
    )
    assert s.hp[0] == 12 and events(s, "immune")
    hex_ = card(
        "hex", "foudre", effects=[{"op": "modify", "stat": "defense", "amount": -3, "target": "opponent"}]
    )
    s = played(
        [{"op": "immune", "cards": {"type": "sort"}}],
        chars_b=[MAGE, *line("b")[1:]],
        hand_b=(hex_,),
        b=(hex_,),
    )
    assert s.stat(0, DEF) == 1


def test_a_standing_ability_on_damage_holds_while_its_character_lives():
    """ "-1 aux dégâts subis" printed on a character: also when it does not fight (a zone spell)."""
    tough = character("tough", abilities=[{"op": "damage_taken", "amount": -1}])
    zone = card(
        "quake",
        "foudre",
        zone=True,
        effects=[{"op": "damage", "kind": "magical", "amount": 4, "target": "all_enemies"}],
    )
    s = prepare_game(
        [line("a")[0], tough, line("a")[2]],
        [MAGE, *line("b")[1:]],
        hands=([FILLER], [zone, FILLER]),
        piles=PILES,
    )
    fight(s, 0, 0)
    play_cards(s, b=[zone])
    assert [s.hp[c] for c in range(3)] == [12 - 3, 12 - 2, 12 - 3]


def test_set_makes_the_stat_that_value_over_shorter_modifiers():
    """cards/domain/effects.py ``set``: "Défense = 0" for the combat ignores the combat's
    modifiers, not the lasting ones; "Attaque = 7/9" is rolled in 7–9."""
    armor = card(
        "armor", "armure", effects=[{"op": "modify", "stat": "defense", "amount": 2, "duration": "permanent"}]
    )
    s = played(
        [
            {"op": "modify", "stat": "defense", "amount": 3, "target": "opponent"},
            {"op": "set", "stat": "defense", "value": 0, "target": "opponent"},
            {"op": "set", "stat": "attack", "value": [7, 9]},
        ],
        items=[[], [], [], [armor], [], []],
    )
    assert s.stat(3, DEF) == 0 + 2  # the armor outlasts the set
    assert {s.attack_roll(0) for _ in range(200)} == {7, 8, 9}
    end_turn(s)
    assert s.stat(3, DEF) == 1 + 2 and s.set_mask == 0


def test_lose_hp_is_not_damage_and_is_not_scored():
    """docs/rules/eredan.md §3 End — "loss of HP" effects do not count in the score."""
    s = played([{"op": "lose_hp", "amount": 4, "target": "opponent"}, {"op": "lose_hp", "amount": 1}])
    assert s.hp[3] == 12 - 4 - 2 and s.hp[0] == 12 - 1 - 2
    assert s.score == [2, 2]  # only the clash's damage
    assert [e["amount"] for e in events(s, "lose_hp")] == [4, 1]
    s = played([{"op": "lose_hp", "amount": 5, "target": "opponent"}], hp=[12, 12, 12, 5, 0, 0])
    assert s.is_terminal() and s.winner == 0


def test_an_extra_attack_in_the_clash():
    s = played([{"op": "extra_attack", "amount": 4}])
    damage = [e for e in events(s, "damage") if e["target"] == "b-1"]
    assert [(e["kind"], e["amount"], e["damage"]) for e in damage] == [("clash", 3, 2), ("physical", 4, 3)]
    s = played([{"op": "extra_attack", "amount": 4, "kind": "magical", "target": "all_enemies"}])
    assert [s.hp[c] for c in (3, 4, 5)] == [12 - 2 - 3, 9, 9]


def test_an_extra_attack_equal_to_the_printed_attack_is_rolled_in_the_printed_range():
    """``{"stat": "attack", "base": true}`` ("égale à son Attaque de base"): a roll of the holder's
    printed Attaque range, its modifiers (the card's own Attaque +5) not counted."""
    extra = [
        {"op": "modify", "stat": "attack", "amount": 5},
        {"op": "extra_attack", "amount": {"stat": "attack", "base": True}},
    ]
    amounts = set()
    for seed in range(30):
        s = played(extra, chars_a=[character("a-1", attack=(2, 4)), *line("a")[1:]], seed=seed)
        hits = [e for e in events(s, "damage") if e["target"] == "b-1" and e["kind"] == "physical"]
        assert len(hits) == 1
        amounts.add(hits[0]["amount"])
    assert amounts == {2, 3, 4}


def test_a_swap_exchanges_two_stats_of_each_target():
    """``swap`` ("Chaque personnage en combat échange son Esprit et sa Défense"): each target's two
    values read when it applies, exchanged for the duration; a modifier given after adds to them.
    A swap lasting while its card stays is refused by name."""
    import pytest

    from cards.domain.effects import parse_effect
    from simulator.games.eredan import ops

    swap = [
        {"op": "modify", "stat": "defense", "amount": 2},
        {"op": "swap", "stats": ["spirit", "defense"], "target": "fighters"},
        {"op": "modify", "stat": "spirit", "amount": 1},
    ]
    s = played(swap, chars_b=[character("b-1", defense=4, spirit=0), *line("b")[1:]])
    assert (s.stat(0, DEF), s.stat(0, SPI)) == (1, 3 + 1)  # Défense 1+2, Esprit 1: exchanged, then +1
    assert (s.stat(3, DEF), s.stat(3, SPI)) == (0, 4)
    s = played([{"op": "swap", "stats": ["defense", "spirit"], "target": "opponent"}])
    assert (s.stat(3, DEF), s.stat(3, SPI)) == (1, 1)  # equal stats: nothing changes
    lasting = parse_effect(
        {"op": "swap", "stats": ["defense", "spirit"], "duration": "permanent"}, "e", "card"
    )
    with pytest.raises(ops.UnsupportedSpecError, match="swap"):
        ops.compile_effect(lasting, "card 'x': effects[0]", 0)


def test_fleche_incandescente_hits_a_fire_guemelite_once():
    """issue 15 §2 — "Guémélite du feu : 3 à 10 dégâts magiques à la place": one hit of 3–10, its
    Esprit subtracted once (the bundled card was two hits, the Esprit subtracted twice)."""
    cs = load_cardset()
    arrow = cs.cards["fleche-incandescente-1"]
    fire = character("flame", classes=("combattant",), race="guemelite_feu")
    amounts = set()
    for seed in range(40):
        s = prepare_game(
            [fire, *line("a")[1:]],
            [character("b-1", spirit=2), *line("b")[1:]],
            hands=([arrow, FILLER], [FILLER]),
            piles=PILES,
            seed=seed,
        )
        fight(s, 0, 0)
        play_cards(s, a=[arrow])
        hits = [e for e in events(s, "damage") if e["kind"] == "magical"]
        assert len(hits) == 1 and hits[0]["reduced_by"] == 2
        amounts.add(hits[0]["amount"])
    assert amounts == set(range(3, 11))
    s = prepare_game(
        [character("a-1", classes=("mage",)), *line("a")[1:]],
        line("b"),
        hands=([arrow, FILLER], [FILLER]),
        piles=PILES,
    )
    fight(s, 0, 0)
    assert s.stat(0, ATK) == 0
    play_cards(s, a=[arrow])
    hits = [e for e in events(s, "damage") if e["kind"] == "magical"]
    assert len(hits) == 1 and 3 <= hits[0]["amount"] <= 5 and s.stat(3, SPI) == 1
