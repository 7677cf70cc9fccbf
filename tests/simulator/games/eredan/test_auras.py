"""Auras on allies in the engine: a character ability ``modify`` with target ``other_allies``.

Sources: the real cards' texts (reference/eredan/card-texts.tsv) — Prophète level 3: the player's
other Noz characters have Esprit +1; Sangrépée level 3: allied Combattants have Attaque +1; Kounok
level 3: the player's Dragon Guémélites have Attaque +1 — and docs/rules/eredan.md §1 (passive
abilities) and §3 step 1 (a fighter's Ordres and abilities apply when it is chosen to fight).
"""

from __future__ import annotations

import dataclasses

import pytest

from cards.domain.cardset import load_cardset
from cards.domain.effects import AllyFilter, Duration, Modify, Turns
from cards.domain.specs import Order
from simulator.games.eredan.actions import Fight
from simulator.games.eredan.compiled import UnsupportedSpecError, compile_tables
from simulator.games.eredan.ops import ATK, DEF, SPI
from tests.simulator.games.eredan.factories import (
    card,
    character,
    deck,
    end_turn,
    events,
    fight,
    line,
    play_cards,
    prepare_game,
)

FILLER = card("filler", effects=[{"op": "modify", "stat": "spirit", "amount": 1}])
PILES = ([FILLER] * 12, [FILLER] * 12)
HANDS = ([FILLER], [FILLER])  # a card in hand: the game stops at the card step after the choice


def aura(stat, amount, **allies):
    out = {"op": "modify", "stat": stat, "amount": amount, "target": "other_allies"}
    if allies:
        out["allies"] = allies
    return out


def prophet(**kw):
    """Like Prophète level 3: the other Noz characters get Esprit +1 (card-texts.tsv seq 112)."""
    return character(
        "prophet", guild="noz", classes=("pretre",), abilities=[aura("spirit", 1, guild="noz")], **kw
    )


def noz(slug, **kw):
    return character(slug, guild="noz", **kw)


def _fighting(chars_a, chars_b, mine, theirs, *, hp=None, log=True, first_player=0):
    """Seat ``first_player`` sends ``mine`` against ``theirs``; the state after the choice."""
    s = prepare_game(chars_a, chars_b, hands=HANDS, piles=PILES, hp=hp, log=log, first_player=first_player)
    fight(s, mine, theirs)
    return s


@pytest.mark.parametrize("log", [True, False])
def test_an_ally_gets_the_aura_while_its_owner_lives(log):
    """card: Prophète level 3 — the other Noz characters have Esprit +1."""
    chars = [noz("a-1"), prophet(), noz("a-3")]
    s = _fighting(chars, line("b"), 0, 0, log=log)
    assert s.stat(0, SPI) == 2
    dead = _fighting(chars, line("b"), 0, 0, hp=[12, 0, 12, 12, 12, 12], log=log)
    assert dead.stat(0, SPI) == 1


@pytest.mark.parametrize("log", [True, False])
def test_the_aura_is_lost_once_its_owner_dies(log):
    """docs/rules/eredan.md §3 step 3 — a character at 0 HP is dead: its aura stops for later combats."""
    chars = [noz("a-1"), prophet(hp=2), noz("a-3")]
    brute = character("b-1", attack=(9, 9))
    s = prepare_game(chars, [brute, *line("b")[1:]], piles=PILES, log=log)
    fight(s, 1, 0)  # turn 1: the prophet fights the brute and dies in the clash
    play_cards(s)
    end_turn(s)
    assert s.hp[1] == 0
    fight(s, 1, 0)  # turn 2, seat 1 active: b-2 against a-1, whose ally is dead now
    assert s.fighters == [0, 4]
    assert s.stat(0, SPI) == 1
    if log:
        assert not [e for e in events(s, "modify") if e["character"] == "a-1"]


def test_the_aura_applies_to_a_passive_fighter_too_and_is_logged():
    """docs/rules/eredan.md §3 step 1 — both fighters get their bonuses; the log names the aura's owner."""
    chars = [noz("a-1"), prophet(), noz("a-3")]
    s = _fighting(line("b"), chars, 0, 0)  # seat 0 (b-*) active against the Noz line in seat 1
    assert s.fighters == [0, 3]
    assert s.stat(3, SPI) == 2
    (applied,) = events(s, "modify")
    assert applied["character"] == "a-1" and applied["stat"] == "spirit" and applied["amount"] == 1
    assert applied["seat"] == 1
    (effect,) = events(s, "effect")
    assert effect["source"] == "aura:prophet" and effect["applied"] is True and effect["index"] == 0


def test_the_owner_itself_does_not_get_its_other_allies_aura():
    """card: Prophète level 3 — "your other Noz" does not include the Prophète."""
    s = _fighting([noz("a-1"), prophet(), noz("a-3")], line("b"), 1, 0)
    assert s.stat(1, SPI) == 1


@pytest.mark.parametrize(
    ("ally", "gets"),
    [
        (character("a-1", guild="noz"), 1),
        (character("a-1", guild="zil"), 0),  # not a Noz
        (character("a-1", guild="zil", castes=("courtisan",)), 1),  # a Courtisan is in every guild
    ],
)
def test_a_guild_filter(ally, gets):
    """card: Prophète level 3 — only the Noz allies; docs/rules/eredan.md §2.3 (Courtisans)."""
    s = _fighting([ally, prophet(), noz("a-3")], line("b"), 0, 0)
    assert s.stat(0, SPI) == 1 + gets


@pytest.mark.parametrize(
    ("classes", "gets"),
    [(("combattant",), 1), (("mage",), 0), (("mage", "combattant"), 1)],
)
def test_a_class_filter(classes, gets):
    """card: Sangrépée level 3 — allied Combattants have Attaque +1."""
    sang = character("sang", classes=("maraudeur",), abilities=[aura("attack", 1, **{"class": "combattant"})])
    s = _fighting([character("a-1", classes=classes), sang, character("a-3")], line("b"), 0, 0)
    assert s.stat(0, ATK) == gets


@pytest.mark.parametrize(("race", "gets"), [("guemelite_dragon", 1), ("humain", 0)])
def test_a_race_filter(race, gets):
    """card: Kounok level 3 — the player's Dragon Guémélites have Attaque +1."""
    kounok = character(
        "kounok", race="guemelite_dragon", abilities=[aura("attack", 1, race="guemelite_dragon")]
    )
    s = _fighting([character("a-1", race=race), kounok, character("a-3")], line("b"), 0, 0)
    assert s.stat(0, ATK) == gets


def test_a_race_filter_matches_the_parent_race():
    """reference races.json — the Guémélite elements have Guémélite as parent."""
    sage = character("sage", abilities=[aura("defense", 2, race="guemelite")])
    s = _fighting([character("a-1", race="guemelite_dragon"), sage, character("a-3")], line("b"), 0, 0)
    assert s.stat(0, DEF) == 3


def test_enemies_never_get_the_aura():
    """card: Prophète level 3 — "your" other Noz: never the opponent's characters."""
    s = _fighting([noz("a-1"), prophet(), noz("a-3")], [noz("b-1"), noz("b-2"), noz("b-3")], 0, 0)
    assert s.stat(0, SPI) == 2
    assert s.stat(3, SPI) == 1


def test_two_auras_add_up_and_a_condition_is_read_for_the_ally():
    """card: Ïolmarek level 3 (two auras: Nomades Esprit +1, Solarians Attaque +1); a condition of
    an aura reads from the ally's side (its own opponent)."""
    iol = character(
        "iol",
        guild="nameades",
        abilities=[
            aura("spirit", 1, guild="nameades"),
            aura("attack", 1, race="solarian"),
            {**aura("defense", 1), "when": {"opponent_class": "mage"}},
        ],
    )
    ally = character("a-1", guild="nameades", race="solarian")
    s = _fighting([ally, iol, character("a-3")], line("b"), 0, 0)
    assert (s.stat(0, ATK), s.stat(0, DEF), s.stat(0, SPI)) == (1, 1, 2)
    s = _fighting([ally, iol, character("a-3")], line("b", classes=("mage",)), 0, 0)
    assert (s.stat(0, ATK), s.stat(0, DEF), s.stat(0, SPI)) == (1, 2, 2)


def test_the_aura_lasts_for_the_combat_only():
    """docs/rules/eredan.md §3 — combat modifiers are cleared at the end of the turn."""
    s = prepare_game([noz("a-1"), prophet(), noz("a-3")], line("b"), piles=PILES)
    fight(s, 0, 0)
    play_cards(s)
    end_turn(s)
    assert s.stat(0, SPI) == 1


def test_the_tables_list_who_receives_which_aura():
    t = compile_tables(
        (
            deck("a", [noz("a-1"), prophet(), character("a-3", guild="zil")], [FILLER]),
            deck("b", [noz("b-1"), prophet(), noz("b-3")], [FILLER]),
        )
    )
    received = [[aura.owner for aura in ch.ally_auras] for ch in t.chars]
    assert received == [[1], [], [], [4], [], [4]]


def test_an_aura_on_a_card_is_refused_when_the_game_is_built():
    """Specs built without the parser still cannot put an aura (an ally filter) on a card; a card's
    ``other_allies`` without one is the group of the other allies (cards/domain/effects.py)."""
    bad = dataclasses.replace(
        FILLER, effects=(Modify("attack", 1, target="other_allies", allies=AllyFilter(guild="noz")),)
    )
    d = deck("d", line("a"), [bad])
    with pytest.raises(UnsupportedSpecError, match="other_allies"):
        compile_tables((d, d))
    fine = dataclasses.replace(FILLER, effects=(Modify("attack", 1, target="other_allies"),))
    d = deck("d", line("a"), [fine])
    compile_tables((d, d))


def test_the_bundled_auras():
    """fixtures/cardset: the characters whose aura is now encoded (card-texts.tsv)."""
    cs = load_cardset()
    auras = {
        slug: [
            (e.stat, e.amount, e.allies)
            for e in ch.abilities
            if isinstance(e, Modify) and e.target == "other_allies"
        ]
        for slug, ch in cs.characters.items()
    }
    with_auras = sorted(slug for slug, a in auras.items() if a)
    # The Nomades' bonuses 'until the end of the game' are given at the game's start (a game_start
    # trigger), no longer auras; Kounok's Dragon bonus targets every Dragon ally, itself included
    # (issue 15 §5, the re-encoding).
    assert with_auras == ["anryena-2", "ardrakar-3", "prophete-3", "sangrepee-3", "xin-3"]
    (prophete,) = auras["prophete-3"]
    assert prophete[:2] == ("spirit", 1) and prophete[2] is not None and prophete[2].guild == "noz"
    (sangrepee,) = auras["sangrepee-3"]
    assert sangrepee[:2] == ("attack", 1) and sangrepee[2] is not None and sangrepee[2].class_ == "combattant"
    (xin,) = auras["xin-3"]
    assert xin == ("defense", 1, None)


def test_an_aura_with_a_duration_is_refused_and_an_ordre_reaches_the_other_allies():
    """Specs built without the parser: an aura holds for the combat (while its owner lives), never
    "permanent". An Ordre may reach other characters (cards/domain/effects.py: every op in an
    Ordre): on its turn, when its character fights, its other allies get the modifier for the
    combat."""
    plain = character("a-1")
    lasting = dataclasses.replace(
        plain, abilities=(Modify("attack", 1, target="other_allies", duration=Duration("permanent")),)
    )
    d = deck("d", [lasting, *line("a")[1:]], [FILLER])
    with pytest.raises(UnsupportedSpecError, match="a-1"):
        compile_tables((d, d))
    ordre = dataclasses.replace(
        plain, orders=(Order(Turns("list", (1,)), (Modify("attack", 1, target="other_allies"),)),)
    )
    s = prepare_game([ordre, *line("a")[1:]], line("b"), hands=([FILLER], [FILLER]))
    fight(s, 0, 0)
    assert [s.stat(c, ATK) for c in range(3)] == [0, 1, 1]


# --- one end of the Attaque range ------------------------------------------------------------------


def _rolls(s, c, n=400):
    return {s.attack_roll(c) for _ in range(n)}


@pytest.mark.parametrize(
    ("attack", "abilities", "expected"),
    [
        ((2, 4), [aura("attack_min", 1)], {3, 4}),  # card: Kararine — other Nomades Attaque min. +1
        ((2, 4), [aura("attack_max", 1)], {2, 3, 4, 5}),  # card: Malika — other Nomades Attaque max. +1
        ((3, 3), [aura("attack_max", 2)], {3, 4, 5}),
        ((3, 4), [aura("attack_min", 2)], {5}),  # [decision] a minimum above the maximum: that minimum
        ((2, 4), [aura("attack_min", 1), aura("attack", 1)], {4, 5}),
    ],
)
def test_an_aura_on_one_end_of_the_attack_range(attack, abilities, expected):
    """The ally's Attaque is rolled in its moved range, while the aura's owner lives."""
    owner = character("owner", guild="nameades", abilities=abilities)
    ally = character("a-1", guild="nameades", attack=attack)
    s = _fighting([ally, owner, character("a-3")], line("b"), 0, 0)
    assert _rolls(s, 0) == expected
    assert _rolls(s, 1) == {3}  # the owner itself: its own range
    dead = _fighting([ally, owner, character("a-3")], line("b"), 0, 0, hp=[12, 0, 12, 12, 12, 12])
    assert _rolls(dead, 0) == set(range(attack[0], attack[1] + 1))


def test_a_range_modifier_on_a_card_moves_the_range_for_its_duration():
    """cards/domain/effects.py ``modify`` — "Attaque min. +N" on a card moves that end of the range
    it is rolled in, for the combat or for longer (the lasting layer is read too)."""
    sharp = card(
        "sharpen",
        effects=[
            {"op": "modify", "stat": "attack_max", "amount": 2},
            {"op": "modify", "stat": "attack_min", "amount": 1, "duration": "permanent"},
        ],
    )
    s = prepare_game([character("a-1", attack=(2, 4)), *line("a")[1:]], line("b"), hands=([sharp], [FILLER]))
    fight(s, 0, 0)
    play_cards(s, a=[sharp])
    assert _rolls(s, 0) == {3, 4, 5, 6}
    end_turn(s)
    assert _rolls(s, 0) == {3, 4}


def test_the_greedy_player_counts_the_auras_of_a_choice():
    """docs/rules/eredan.md §3 step 3 — greedy's expected clash of a choice includes the auras (Attaque,
    Défense and the range ends) that reach the fighter; both of its estimators agree."""
    from simulator.games.eredan.policies import _choice_values, choice_value

    owner = character(
        "owner",
        guild="nameades",
        abilities=[aura("attack", 2), aura("defense", 1), aura("attack_max", 2), aura("attack_min", 1)],
    )
    ally = character("a-1", guild="nameades", attack=(2, 4))
    values = {}
    for owner_hp in (12, 0):
        s = prepare_game(
            [ally, owner, character("a-3")],
            line("b"),
            hands=HANDS,
            piles=PILES,
            hp=[12, owner_hp, 12, 12, 12, 12],
        )
        legal = list(s.legal_actions())
        batch = _choice_values(s, legal)
        single = [choice_value(s, action) for action in legal]
        assert batch == pytest.approx(single)
        values[owner_hp] = dict(zip(legal, single, strict=True))
    a1_vs_b1 = Fight.of(0, 3)
    assert values[12][a1_vs_b1] > values[0][a1_vs_b1]
