"""The effect interpreter: every op, target, amount, duration and condition of
cards/domain/effects.py, and the refusal of anything the engine cannot play."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from cards.domain.effects import Condition
from cards.domain.specs import DeckSpec
from simulator.games.eredan.actions import PASS, Play
from simulator.games.eredan.compiled import UnsupportedSpecError, compile_tables
from simulator.games.eredan.game import EredanGame
from simulator.games.eredan.ops import ATK, DEF, SPI
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
    prepare_game,
)

JAB = card("jab", effects=[{"op": "modify", "stat": "attack", "amount": 1}])
FILLER = card("filler", effects=[{"op": "modify", "stat": "spirit", "amount": 1}])


def one_card(effects, *, type="action", hp=None, chars_a=None, chars_b=None, hand_b=(JAB,), seed=0, **kw):
    """Seat 0's fighter (character 0) plays a card with ``effects`` against character 3."""
    c = card("tested", type, effects=effects, **kw)
    s = prepare_game(
        chars_a or line("a"),
        chars_b or line("b"),
        hands=([c], list(hand_b)),
        piles=([FILLER] * 6, [FILLER] * 6),
        hp=hp,
        seed=seed,
    )
    fight(s, 0, 0)
    play_cards(s, a=[c])
    return s


# --- modify ---------------------------------------------------------------------------------------


def test_modify_for_the_combat_is_cleared_at_the_end_of_the_turn():
    s = one_card([{"op": "modify", "stat": "defense", "amount": 3}])
    assert s.hp[0] == 12  # b-1's 3 attack against Défense 1 + 3
    assert s.stat(0, DEF) == 4
    end_turn(s)
    assert s.stat(0, DEF) == 1


def test_modify_permanent_and_for_n_turns():
    """ "For N turns" counts the turns of the character it is on: its combats (issue 15 §2;
    docs/rules/eredan.md §3 Decisions, turns_count_the_characters_combats), this one included."""
    s = one_card(
        [
            {"op": "modify", "stat": "attack", "amount": 2, "duration": "permanent"},
            {"op": "modify", "stat": "spirit", "amount": 3, "duration": {"turns": 2}},
        ],
        hp=[12, 0, 0, 12, 12, 12],  # a-1 alone: it untaps and fights every turn
    )
    assert (s.stat(0, ATK), s.stat(0, SPI)) == (2, 4)
    end_turn(s)  # turn 2: one of its 2 combats is left
    assert (s.stat(0, ATK), s.stat(0, SPI)) == (2, 4)
    fight(s, 1, 0)
    play_cards(s)
    end_turn(s)  # its second combat is over
    assert (s.stat(0, ATK), s.stat(0, SPI)) == (2, 1)


def test_modify_for_n_turns_of_the_game():
    """With turns_count_the_characters_combats false: this turn and the next N − 1 of the game."""
    from dataclasses import replace

    from simulator.games.eredan.rules import DEFAULT_RULES

    c = card("tested", effects=[{"op": "modify", "stat": "spirit", "amount": 3, "duration": {"turns": 2}}])
    s = prepare_game(
        line("a"),
        line("b"),
        hands=([c], [JAB]),
        piles=([FILLER] * 6, [FILLER] * 6),
        rules=replace(DEFAULT_RULES, turns_count_the_characters_combats=False),
    )
    fight(s, 0, 0)
    play_cards(s, a=[c])
    end_turn(s)  # turn 2: still there
    assert s.stat(0, SPI) == 4
    fight(s, 1, 1)
    play_cards(s)
    end_turn(s)  # turn 3: the 2 turns are over
    assert s.stat(0, SPI) == 1


@pytest.mark.parametrize(
    ("target", "changed"),
    [("self", [0]), ("opponent", [3]), ("all_allies", [0, 1, 2]), ("all_enemies", [3, 4, 5])],
)
def test_modify_targets(target, changed):
    s = one_card(
        [{"op": "modify", "stat": "spirit", "amount": 2, "target": target, "duration": "permanent"}],
        hp=[12, 0, 12, 12, 12, 0],
    )
    living = [c for c in changed if s.hp[c] > 0]
    assert [c for c in range(6) if s.stat(c, SPI) == 3] == living


# --- damage -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "lost"),
    [("physical", 6 - 2), ("magical", 6 - 4), ("direct", 6)],
)
def test_damage_kinds_and_what_reduces_them(kind, lost):
    """docs/rules/eredan.md §3 step 3 — physical damage is reduced by Défense, spell damage by Esprit."""
    target = [character("b-1", defense=2, spirit=4, attack=(0, 0)), *line("b")[1:]]
    s = one_card([{"op": "damage", "kind": kind, "amount": 6}], chars_b=target)
    assert s.hp[3] == 12 - lost - (3 - 2)


def test_damage_amounts_range_and_stat():
    seen = set()
    for seed in range(60):
        s = one_card([{"op": "damage", "kind": "direct", "amount": [1, 3]}], seed=seed)
        seen.add(events(s, "damage")[0]["damage"])
    assert seen == {1, 2, 3}
    wise = [character("a-1", spirit=4), *line("a")[1:]]
    s = one_card([{"op": "damage", "kind": "direct", "amount": {"stat": "spirit", "plus": 2}}], chars_a=wise)
    assert events(s, "damage")[0]["damage"] == 6
    strong = [character("a-1", attack=(5, 5)), *line("a")[1:]]
    s = one_card(
        [{"op": "damage", "kind": "direct", "amount": {"stat": "attack", "plus": 0}}], chars_a=strong
    )
    assert events(s, "damage")[0]["damage"] == 5


def test_damage_targets():
    s = one_card(
        [{"op": "damage", "kind": "direct", "amount": 2, "target": "all_enemies"}], hp=[12] * 5 + [0]
    )
    assert [e["target"] for e in events(s, "damage")][:2] == ["b-1", "b-2"]
    assert s.hp[3:] == [12 - 2 - 2, 10, 0]
    picks = set()
    for seed in range(30):
        s = one_card(
            [{"op": "damage", "kind": "direct", "amount": 2, "target": "random_other_enemy"}], seed=seed
        )
        hit = events(s, "damage")[0]["target"]
        assert hit != "b-1"
        picks.add(hit)
    assert picks == {"b-2", "b-3"}
    lonely = one_card(
        [{"op": "damage", "kind": "direct", "amount": 2, "target": "random_other_enemy"}],
        hp=[12, 12, 12, 12, 0, 0],
    )
    assert [e for e in events(lonely, "damage") if e["kind"] != "clash"] == []  # no other enemy


def test_score_counts_damage_actually_dealt():
    """docs/rules/eredan.md §3 End — [decision] SCORE_COUNTS_ACTUAL_HP: overkill does not score."""
    s = one_card([{"op": "damage", "kind": "direct", "amount": 50}])
    assert s.hp[3] == 0 and s.dealt[0] == 12 + 0 and s.score[0] == 12


# --- heal, draw, discard, mill, revive ----------------------------------------------------------


def test_heal_targets_and_the_maximum():
    s = one_card([{"op": "heal", "amount": 5}], hp=[9, 5, 12, 12, 12, 12])
    assert s.hp[0] == 12 - 2 and s.healed[0] == 3  # up to its maximum, then the clash
    s = one_card([{"op": "heal", "amount": 2, "target": "all_allies"}], hp=[9, 5, 0, 12, 12, 12])
    assert s.hp[:3] == [11 - 2, 7, 0]  # the dead stay dead
    s = one_card([{"op": "heal", "amount": 4, "target": "most_wounded_ally"}], hp=[9, 5, 3, 12, 12, 12])
    assert s.hp[:3] == [9 - 2, 5, 7]  # character 2 (max 12, 3 HP) is the most wounded
    assert s.score[0] == 4 + 2


def test_draw_discard_and_mill():
    s = one_card(
        [{"op": "draw", "count": 2}, {"op": "discard", "count": 1}, {"op": "mill", "count": 3}],
        hand_b=(JAB, JAB),
    )
    assert len(s.hands[0]) == 2  # drew 2
    assert len(s.hands[1]) == 1 and len(s.decks[1]) == 3  # lost a random card, and 3 from its pile
    assert sorted(s.discards[1]) == [card_id(s, FILLER)] * 3 + [card_id(s, JAB)]


def test_revive_without_a_dead_character_does_nothing():
    s = one_card([{"op": "revive", "hp": 5}])
    assert events(s, "revive") == []


# --- conditions -------------------------------------------------------------------------------------


def _applied(s):
    return [e["applied"] for e in events(s, "effect") if e["source"] == "tested"]


@pytest.mark.parametrize(
    ("when", "holds"),
    [
        ({"turn": [1, 3]}, True),
        ({"turn": [2]}, False),
        ({"turn": "odd"}, True),
        ({"turn": "even"}, False),
        ({"turn": {"from": 1}}, True),
        ({"turn": {"from": 2}}, False),
        ({"opponent_class": "mage"}, True),
        ({"opponent_class": "pretre"}, False),
        ({"opponent_race": "elfine"}, True),
        ({"opponent_race": "humain"}, False),
        ({"opponent_guild": "zil"}, True),
        ({"opponent_guild": "kotoba"}, False),
        ({"played_by": "a-1"}, True),
        ({"played_by": "a-2"}, False),
        ({"played_by_class": "maraudeur"}, True),
        ({"played_by_class": "mage"}, False),
        ({"played_by_guild": "kotoba"}, True),
        ({"played_by_guild": "zil"}, False),
        ({"played_by_race": "guemelite"}, True),  # the parent race of a Guémélite element
        ({"played_by_race": "guemelite_ombre"}, True),
        ({"played_by_race": "humain"}, False),
        ({"carrying": "weapon"}, True),
        ({"carrying": "armor"}, False),
        ({"opponent_carrying": "armor"}, True),
        ({"opponent_carrying": "weapon"}, False),
        ({"ally_alive": "a-2"}, True),
        ({"ally_alive": "a-3"}, False),
        ({"turn": "odd", "opponent_class": "mage", "carrying": "weapon"}, True),
        ({"turn": "odd", "opponent_class": "mage", "carrying": "armor"}, False),
    ],
)
def test_conditions(when, holds):
    me = character("a-1", classes=("maraudeur",), race="guemelite_ombre", guild="kotoba")
    foe = character("b-1", classes=("mage",), race="elfine", guild="zil")
    sword = card("sword", "epee")
    mail = card("mail", "armure")
    c = card("tested", effects=[{"op": "modify", "stat": "attack", "amount": 1, "when": when}])
    s = prepare_game(
        [me, *line("a")[1:]],
        [foe, *line("b")[1:]],
        hands=([c], [JAB]),
        items=[[sword], [], [], [mail], [], []],
        hp=[12, 12, 0, 12, 12, 12],
    )
    fight(s, 0, 0)
    play_cards(s, a=[c])
    assert _applied(s) == [holds]
    assert s.stat(0, ATK) == (1 if holds else 0)


def test_a_courtisan_belongs_to_every_guild_but_the_mercenaries():
    courtisan = character("a-1", castes=("courtisan",), guild="noz")
    assert courtisan.multi_guild
    for guild, holds in (("noz", True), ("kotoba", True), ("non_affilies", False)):
        s = one_card(
            [{"op": "modify", "stat": "attack", "amount": 1, "when": {"played_by_guild": guild}}],
            chars_a=[courtisan, *line("a")[1:]],
        )
        assert _applied(s) == [holds]


def test_a_carried_item_condition_is_checked_whenever_the_stat_is_read():
    """docs/rules/eredan.md §3 Items — "permanent" item modifiers with a condition (against a class, turn
    parity…) apply while the condition holds."""
    flail = card(
        "flail",
        "fleau",
        effects=[
            {"op": "modify", "stat": "attack", "amount": 2, "duration": "permanent"},
            {
                "op": "modify",
                "stat": "attack",
                "amount": 2,
                "duration": "permanent",
                "when": {"opponent_carrying": "armor"},
            },
        ],
    )
    mail = card("mail", "armure")
    s = prepare_game(
        line("a"), line("b"), hands=([JAB] * 3, [JAB] * 3), items=[[flail], [], [], [mail], [], []]
    )
    fight(s, 0, 0)
    assert s.stat(0, ATK) == 4  # against the armored b-1
    play_cards(s)
    end_turn(s)
    fight(s, 1, 1)  # seat 1 active: b-2 (no armor) against a-2
    # a-1 is not fighting; its item's "opponent" is the enemy fighter, b-2, who wears no armor.
    assert s.stat(0, ATK) == 2
    s.fighters[1] = 3  # were the armored b-1 the enemy fighter, the bonus would apply
    assert s.stat(0, ATK) == 4


def test_ability_and_order_conditions():
    """docs/rules/eredan.md §3 step 1 — abilities (e.g. Defense +1 while an ally lives) apply when the
    character fights, with their conditions."""
    guard = character(
        "a-1",
        abilities=[{"op": "modify", "stat": "defense", "amount": 1, "when": {"ally_alive": "a-3"}}],
        orders=[
            {
                "turns": [1],
                "effects": [
                    {"op": "modify", "stat": "spirit", "amount": 1, "when": {"opponent_class": "mage"}}
                ],
            }
        ],
    )
    for third_hp, foe_classes, expected in ((12, ("mage",), (2, 2)), (0, ("combattant",), (1, 1))):
        foe = character("b-1", classes=foe_classes)
        s = prepare_game(
            [guard, *line("a")[1:]],
            [foe, *line("b")[1:]],
            hands=([JAB], [JAB]),
            hp=[12, 12, third_hp, 12, 12, 12],
        )
        fight(s, 0, 0)
        assert (s.stat(0, DEF), s.stat(0, SPI)) == expected


# --- artisans -------------------------------------------------------------------------------------


def test_an_artisan_attaches_artisan_cards_to_any_living_ally():
    """docs/rules/eredan.md §3 Classes — Artisan: attaches the cards reserved to artisans to any living
    character (allies here; enemies too: test_rules.py)."""
    tool = card(
        "forged-plate",
        "armure",
        requirements={"classes": ["artisan"]},
        effects=[{"op": "modify", "stat": "defense", "amount": 2, "duration": "permanent"}],
    )
    smith = character("smith", classes=("artisan",))
    s = prepare_game([smith, *line("a")[1:]], line("b"), hands=([tool], [JAB]), hp=[12, 12, 0, 12, 12, 12])
    fight(s, 0, 0)
    k = card_id(s, tool)
    assert set(s.legal_actions()) == {PASS} | {Play.of(k, c) for c in (0, 1, 3, 4, 5)}
    play(s, tool, on=1)
    play_cards(s)
    assert s.items[1] == [k] and s.stat(1, DEF) == 3 and s.stat(0, DEF) == 1


# --- refusals ---------------------------------------------------------------------------------------


def _tables_with(c):
    d = deck("d", line("a"), [c])
    return compile_tables((d, d))


def test_unplayable_cards_are_refused():
    xp = card("xp-10", "carte_xp")
    with pytest.raises(UnsupportedSpecError, match="cannot be played"):
        _tables_with(xp)
    pet = card("pet", "familier")
    with pytest.raises(UnsupportedSpecError, match="cannot be played"):
        _tables_with(pet)


def test_effects_the_engine_cannot_apply_are_refused():
    quick = character(
        "quick", abilities=[{"op": "modify", "stat": "initiative", "amount": 1, "when": {"turn": [1]}}]
    )
    with pytest.raises(UnsupportedSpecError, match="initiative"):
        d = deck("d", [quick, *line("a")[1:]], [JAB])
        compile_tables((d, d))


@pytest.mark.parametrize(
    ("effects", "play", "message"),
    [
        ([], {"stays": "permanent", "attach": "random_enemy"}, "attaching the card to"),
        (
            [
                {
                    "op": "pay",
                    "cost": {"markers": "poudre", "count": 1},
                    "may": True,
                    "by": "opponent",
                    "effects": [{"op": "draw", "count": 1}],
                }
            ],
            None,
            "opponent may choose to pay",
        ),
    ],
)
def test_constructs_of_the_language_v2_not_played_yet_are_refused(effects, play, message):
    """cards/domain/effects.py — the contract: the engine refuses at compile time what it does not
    play, so a card is never played with part of its text ignored."""
    with pytest.raises(UnsupportedSpecError, match=message):
        _tables_with(card("v2", effects=effects, play=play))


def test_the_refusal_crosses_a_process_boundary():
    """A local batch compiles in worker processes: the error must come back whole (pickled)."""
    import pickle

    error = UnsupportedSpecError("card 'x'", "op 'lose_hp' is not supported")
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.where, copy.message, str(copy)) == (error.where, error.message, str(error))


def test_a_jewel_whose_text_says_permanent_is_carried_and_acts_after_the_combat():
    """docs/rules/eredan.md §3 — card text beats the rules: a Pierre-coeur ("Permanent") is carried
    like a carried item, its modifiers while carried, after the combat — not discarded."""
    stone = card(
        "stone",
        "pierre_coeur",
        effects=[{"op": "modify", "stat": "defense", "amount": 2, "duration": "permanent"}],
        play={"stays": "permanent"},
    )
    plain = card("plain", "pierre_coeur", effects=[{"op": "modify", "stat": "defense", "amount": 2}])
    tables = compile_tables((deck("d", line("a"), [stone, plain]), deck("e", line("b"), [JAB])))
    by_slug = {c.slug: c for c in tables.cards}
    assert by_slug["stone"].attaches and len(by_slug["stone"].while_carried) == 1
    assert not by_slug["plain"].attaches
    s = prepare_game(line("a"), line("b"), hands=([stone], [JAB]), piles=([FILLER] * 6, [FILLER] * 6))
    fight(s, 0, 0)
    play_cards(s, a=[stone])
    assert s.stat(0, DEF) == 3  # Défense 1 + 2 while carried, after the combat
    end_turn(s)
    assert s.stat(0, DEF) == 3


def test_caste_requirements_and_version_2_card_matches_need_no_engine_change():
    """Requirements.allows and card_matches (cards/domain/specs.py) implement them for the engine."""
    blade = card("blade-caste", requirements={"castes": ["sorcelame"]})
    witch = character("witch", castes=("sorcelame",))
    d = deck("d", [witch, *line("a")[1:]], [blade, JAB])
    tables = compile_tables((d, d))
    blade_id = next(c.id for c in tables.cards if c.slug == "blade-caste")
    assert tables.play_mask[0] >> blade_id & 1 and not tables.play_mask[1] >> blade_id & 1
    either = card("either", chain={"any_of": [{"card": "jab"}, {"type": "objet", "guild": "zil"}]})
    tables = compile_tables((deck("d", line("a"), [either, JAB]), deck("e", line("b"), [JAB])))
    chained = next(c for c in tables.cards if c.slug == "either")
    jab_id = next(c.id for c in tables.cards if c.slug == "jab")
    assert chained.chain_mask == 1 << jab_id


@dataclass(frozen=True)
class _Explode:
    when: Condition | None = None
    op: str = "explode"


def test_an_op_the_interpreter_does_not_know_is_an_error_when_the_game_is_built():
    """Never silently ignored: an effect object of an unknown kind stops the build."""
    import dataclasses

    c = dataclasses.replace(JAB, effects=(*JAB.effects, _Explode()))  # type: ignore[arg-type]
    d = deck("d", line("a"), [c])
    with pytest.raises(UnsupportedSpecError, match="'explode' is not supported") as info:
        EredanGame().new_initial_state(random.Random(1), (d, d))
    assert info.value.where == "card 'jab': effects[1]"


@dataclass(frozen=True)
class _MoonCondition:
    moon: str | None = "full"


def test_a_condition_the_interpreter_does_not_know_is_an_error_when_the_game_is_built():
    """Never silently ignored: a condition key the engine does not read stops the build."""
    import dataclasses

    odd = dataclasses.replace(JAB.effects[0], when=_MoonCondition())  # type: ignore[arg-type]
    c = dataclasses.replace(JAB, effects=(odd,))
    d = deck("d", line("a"), [c])
    with pytest.raises(UnsupportedSpecError, match="condition 'moon' is not supported") as info:
        EredanGame().new_initial_state(random.Random(1), (d, d))
    assert info.value.where == "card 'jab': effects[0].when"


def test_a_deck_needs_three_characters_and_decks_specs():
    short = DeckSpec(name="short", characters=tuple(line("a")[:2]), cards=((JAB, 5),))
    with pytest.raises(UnsupportedSpecError, match="3 characters"):
        compile_tables((short, short))
    with pytest.raises(TypeError):
        EredanGame().new_initial_state(random.Random(1), ("a", "b"))
