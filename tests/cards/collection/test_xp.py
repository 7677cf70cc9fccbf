"""The pure XP rules (cards/collection/xp.py): thresholds, progress, evolution, game XP table.

docs/rules/eredan.md §1 Experience — thresholds by 0-based evolution 0→160, 1→480, … 9→200,000,
[decision: cumulative XP needed to leave that level]; the game-XP amounts are unknown
[decision: a documented, configurable table].
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cards.collection.xp import (
    CARD,
    CHARACTER,
    NO_NEXT_LEVEL,
    NO_THRESHOLD,
    NOT_ENOUGH_XP,
    GameXpTable,
    XpError,
    XpThresholds,
    game_summary_from_json,
    game_xp_awards,
)

REFERENCE = Path(__file__).resolve().parents[3] / "fixtures" / "cardset" / "reference.json"
RULES_TABLE = (160, 480, 1120, 2400, 4960, 9600, 19200, 40000, 80000, 200000)


@pytest.fixture(scope="module")
def thresholds() -> XpThresholds:
    return XpThresholds.from_rows(json.loads(REFERENCE.read_text(encoding="utf-8"))["xp_thresholds"])


def test_bundled_table_is_the_rules_table(thresholds):
    """docs/rules/eredan.md §1 Experience — 0→160, 1→480, 2→1,120, … 9→200,000."""
    assert thresholds.by_evolution == RULES_TABLE


def test_levels_are_one_based_evolutions(thresholds):
    """Our level 1 is the game's evolution 0: leaving level 1 needs 160 XP, level 10 needs 200,000."""
    assert thresholds.threshold(1) == 160
    assert thresholds.threshold(2) == 480
    assert thresholds.threshold(10) == 200_000
    assert thresholds.threshold(11) is None


def test_floor_is_the_previous_threshold(thresholds):
    """[decision: cumulative] a copy reaches level 2 with 160 XP in total, level 3 with 480."""
    assert thresholds.floor(1) == 0
    assert thresholds.floor(2) == 160
    assert thresholds.floor(3) == 480
    assert thresholds.floor(11) == 200_000


@pytest.mark.parametrize("level", [0, -1])
def test_levels_below_one_are_errors(thresholds, level):
    with pytest.raises(XpError):
        thresholds.threshold(level)
    with pytest.raises(XpError):
        thresholds.floor(level)


def test_evolution_at_threshold_exactly(thresholds):
    """docs/rules/eredan.md §1 Experience — "at a threshold a copy may evolve": 160 XP at level 1 suffices."""
    assert thresholds.evolution_refusal(level=1, xp=160, has_next_level=True) is None
    assert thresholds.evolution_refusal(level=2, xp=480, has_next_level=True) is None


def test_evolution_one_below_threshold_is_refused(thresholds):
    """docs/rules/eredan.md §1 Experience — 159 XP at level 1 is not enough."""
    refusal = thresholds.evolution_refusal(level=1, xp=159, has_next_level=True)
    assert refusal is not None
    assert refusal.code == NOT_ENOUGH_XP
    assert "159" in refusal.message and "160" in refusal.message and "1 more" in refusal.message


def test_evolution_at_end_of_family_is_refused(thresholds):
    """docs/rules/eredan.md §1 Evolutions — the last level of a family has nothing to evolve into,
    however much XP the copy has."""
    refusal = thresholds.evolution_refusal(level=3, xp=10**6, has_next_level=False)
    assert refusal is not None and refusal.code == NO_NEXT_LEVEL


def test_evolution_past_the_table_is_refused(thresholds):
    refusal = thresholds.evolution_refusal(level=11, xp=10**7, has_next_level=True)
    assert refusal is not None and refusal.code == NO_THRESHOLD


def test_progress_towards_next_level(thresholds):
    """Progress of a level 2 copy runs from its floor (160) to its threshold (480)."""
    p = thresholds.progress(level=2, xp=320)
    assert (p.floor, p.threshold, p.remaining, p.fraction, p.reached) == (160, 480, 160, 0.5, False)
    done = thresholds.progress(level=2, xp=500)
    assert (done.remaining, done.fraction, done.reached) == (0, 1.0, True)
    # A copy holding less than its level's floor (imported that way) shows 0, never negative.
    assert thresholds.progress(level=3, xp=0).fraction == 0.0
    last = thresholds.progress(level=11, xp=5)
    assert (last.threshold, last.remaining, last.fraction, last.reached) == (None, 0, 1.0, False)
    assert p.to_json()["threshold"] == 480


@given(level=st.integers(1, 12), xp=st.integers(0, 300_000))
def test_progress_invariants(level, xp):
    t = XpThresholds(RULES_TABLE)
    p = t.progress(level=level, xp=xp)
    assert 0.0 <= p.fraction <= 1.0
    assert p.remaining >= 0
    refusal = t.evolution_refusal(level=level, xp=xp, has_next_level=True)
    assert (refusal is None) == p.reached


@pytest.mark.parametrize(
    "rows",
    [
        [],
        [{"evolution": 0, "xp": 160}, {"evolution": 2, "xp": 480}],  # gap
        [{"evolution": 0, "xp": 160}, {"evolution": 0, "xp": 480}],  # repeated
        [{"evolution": 0, "xp": 480}, {"evolution": 1, "xp": 160}],  # decreasing
        [{"evolution": 0, "xp": 0}],  # not above 0
        [{"evolution": 0}],  # no xp
        ["160"],
    ],
)
def test_bad_threshold_tables_are_refused(rows):
    with pytest.raises(XpError):
        XpThresholds.from_rows(rows)


def test_rows_in_any_order():
    rows = [{"evolution": 1, "xp": 480}, {"evolution": 0, "xp": 160}]
    assert XpThresholds.from_rows(rows).by_evolution == (160, 480)


# --- game XP -----------------------------------------------------------------------------------

SUMMARY = {
    "turns": 14,
    "end_reason": "elimination",
    "winner": 0,
    "characters": {
        "0": {
            "telendar": {"damage": 12, "healing": 0, "survived": True},
            "iro": {"damage": 3, "healing": 4, "survived": False},
        },
        "1": {"aez": {"damage": 7, "healing": 0, "survived": False}},
    },
    "cards_played": {"0": {"katana": 2, "eclairs-1": 0}, "1": {"potion-de-soin": 1}},
}


def test_game_xp_table_defaults_rules():
    """docs/rules/eredan.md §1 Experience — characters and cards earn differently, by the table."""
    table = GameXpTable()
    seat0, seat1 = game_xp_awards(game_summary_from_json(SUMMARY), table)
    win_char = table.character_played + table.character_win
    assert seat0[(CHARACTER, "telendar")] == win_char + table.character_survived + 12
    assert seat0[(CHARACTER, "iro")] == win_char + 3 + 4
    assert seat0[(CARD, "katana")] == 2 * table.card_per_play + table.card_win
    assert (CARD, "eclairs-1") not in seat0  # never played: no XP
    assert seat1 == {
        (CHARACTER, "aez"): table.character_played + 7,
        (CARD, "potion-de-soin"): table.card_per_play,
    }


def test_game_xp_table_is_configurable():
    """[decision: a documented, configurable table] — every amount comes from the table."""
    table = GameXpTable.from_mapping({"character_per_damage": 0, "character_win": 100, "card_per_play": 1})
    seat0, _ = game_xp_awards(game_summary_from_json(SUMMARY), table)
    assert seat0[(CHARACTER, "telendar")] == min(
        table.max_per_copy, table.character_played + 100 + table.character_survived
    )
    assert seat0[(CARD, "katana")] == 2 + table.card_win


def test_game_xp_cap_per_copy():
    table = GameXpTable(max_per_copy=10)
    seat0, _ = game_xp_awards(game_summary_from_json(SUMMARY), table)
    assert max(seat0.values()) == 10
    uncapped, _ = game_xp_awards(game_summary_from_json(SUMMARY), GameXpTable(max_per_copy=0))
    assert uncapped[(CHARACTER, "telendar")] > 10


def test_draw_earns_no_win_bonus():
    table = GameXpTable()
    seat0, seat1 = game_xp_awards(game_summary_from_json({**SUMMARY, "winner": None}), table)
    assert seat0[(CARD, "katana")] == 2 * table.card_per_play
    assert seat1[(CHARACTER, "aez")] == table.character_played + 7


def test_zero_table_awards_nothing():
    zero = GameXpTable(**dict.fromkeys(GameXpTable().to_json(), 0))
    assert game_xp_awards(game_summary_from_json(SUMMARY), zero) == ({}, {})


def test_summary_with_int_seats():
    """The engine's summary has int seats; through JSON they become strings: both are read."""
    as_ints = {
        "winner": 1,
        "characters": {0: {"a": {"damage": 1}}, 1: {}},
        "cards_played": {1: {"b": 3}},
    }
    summary = game_summary_from_json(as_ints)
    assert summary.seats[0].characters[0].damage == 1
    assert summary.seats[1].cards_played == (("b", 3),)


@pytest.mark.parametrize(
    ("summary", "field"),
    [
        ([], "summary"),
        ({"winner": 2}, "winner"),
        ({"winner": True}, "winner"),
        ({"characters": {"2": {}}}, "summary"),
        ({"characters": {"0": {"a": {"damage": -1}}}}, "characters.0.a.damage"),
        ({"characters": {"0": {"a": {"damage": 10**9}}}}, "characters.0.a.damage"),
        ({"characters": {"0": {"a": {"damage": 1.5}}}}, "characters.0.a.damage"),
        ({"characters": {"0": {"a": {"survived": "yes"}}}}, "characters.0.a.survived"),
        ({"characters": {"0": {"a": {"hp": 3}}}}, "characters.0.a"),
        ({"characters": {"0": {"a": 3}}}, "characters.0.a"),
        ({"characters": {"0": [], "1": {}}}, "characters.0"),
        ({"cards_played": {"1": {"b": -2}}}, "cards_played.1.b"),
        ({"cards_played": {"1": {"": 2}}}, "cards_played.1"),
        ({"cards_played": {"0": {"x": 1}, 0: {"y": 1}}}, "0"),
        ({"cards_played": {"0": {f"c{i}": 1 for i in range(500)}}}, "cards_played.0"),
    ],
)
def test_malformed_summaries_are_refused(summary, field):
    with pytest.raises(XpError) as info:
        game_summary_from_json(summary)
    assert info.value.field == field


@pytest.mark.parametrize(
    "data",
    [{"card_win": -1}, {"card_win": 1.5}, {"card_win": True}, {"unknown": 1}, {"max_per_copy": 10**9}],
)
def test_bad_game_xp_tables_are_refused(data):
    with pytest.raises(XpError):
        GameXpTable.from_mapping(data)


def test_game_xp_table_round_trip():
    table = GameXpTable(card_win=9)
    assert GameXpTable.from_mapping(table.to_json()) == table
    assert GameXpTable.from_mapping(None) == GameXpTable()
