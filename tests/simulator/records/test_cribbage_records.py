"""Cribbage game records (docs/game-records.md "Cribbage"): records written while the engine plays
replay to the same result; a hand-written record replays, and each broken copy of it is rejected at
the first thing wrong, with its code, its place and the rule it breaks (docs/rules/cribbage.md)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from simulator.engine.playing_cards import parse_card, parse_cards
from simulator.games.cribbage import GAME_SPEC
from simulator.games.cribbage.game import (
    GO,
    RULE_COUNT,
    RULE_DISCARD,
    RULE_GO,
    RULE_PLAY_OWN,
    CribbageGame,
    CribbageState,
    Discard,
    Play,
)
from simulator.records import RecordError, dumps, loads, replay_record, validate_shape
from simulator.records.cribbage import (
    RULE_DEAL,
    RULE_DEAL_OVER,
    RULE_DEALER,
    RULE_DISCARD_TURN,
    RULE_NOTATION,
    RULE_PLAY_TURN,
    RULE_SCORES,
    RULE_STARTER,
    RULE_WINNING,
)
from tests.simulator.records import recorded
from tests.simulator.records.classic_mutations import damage

Record = dict[str, Any]


def hand_written() -> Record:
    return recorded.hand_written("cribbage_short")


def play(seed: int, seat0: str, seat1: str, **options: Any) -> tuple[CribbageState, Record, int]:
    """A game played by the engine while recorded; also how many actions were taken."""
    final, record, actions = recorded.play("cribbage", seed, seat0, seat1, **options)
    assert isinstance(final, CribbageState)
    return final, record, actions


rejection = recorded.rejection


# -- the round trip ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat0", "seat1", "seeds"),
    [("random", "random", 12), ("random", "ev", 4), ("ev", "random", 4), ("ev", "ev", 4)],
)
def test_a_recorded_game_replays_to_the_same_result(seat0: str, seat1: str, seeds: int) -> None:
    for seed in range(seeds):
        final, record, actions = play(seed, seat0, seat1)
        text = dumps(record)
        again = loads(text)
        assert again == record  # plain JSON: nothing is lost in writing it out
        validate_shape(again)
        replay = replay_record(again)
        assert replay.result == {"winner": final.winner, "scores": final.scores}
        assert record["result"] == replay.result
        assert replay.actions == actions
        assert replay.deals == len(record["deals"]) == final.deals
        assert record["deals"][-1]["scores_after"] == final.scores
        assert max(final.scores) >= 121
        # docs/rules/cribbage.md §2.1 and §6: 6 cards each, the deal alternates.
        dealers = [deal["dealer"] for deal in record["deals"]]
        assert dealers == [(dealers[0] + i) % 2 for i in range(len(dealers))]
        assert all(len(hand) == 6 for deal in record["deals"] for hand in deal["hands"])


def test_the_replay_needs_neither_the_seed_nor_the_engines_rng() -> None:
    _, record, _ = play(7, "random", "random")
    blind = copy.deepcopy(record)
    blind["seed"] = None
    assert replay_record(blind).result == record["result"]
    other = copy.deepcopy(record)
    other["seed"] = 8
    assert replay_record(other).result == record["result"]


def test_short_games_end_in_the_pegging_on_his_heels_or_in_the_show_and_replay() -> None:
    """docs/rules/cribbage.md §3: the game ends at the very moment the target is reached."""
    endings = set()
    for seed in range(60):
        final, record, _ = play(seed, "random", "random", target=15)
        replay = replay_record(loads(dumps(record)))
        assert replay.result == record["result"]
        assert record["options"] == {"target": 15}
        endings.add(final.won_during)
    assert {"pegging", "show"} <= endings


# -- a hand-written record ---------------------------------------------------------------------


def test_the_hand_written_record_replays_and_reads_as_a_game() -> None:
    replay = replay_record(hand_written())
    assert replay.result == {"winner": 0, "scores": [42, 15]}
    assert replay.deals == 2 and replay.actions == 22
    lines = list(replay.transcript)
    assert lines[0] == "Deal 1 — dealer: seat 0 (human)"
    assert "  seat 1 plays 8S (count 21: run of 3 for 3) — 0–3" in lines
    assert "  seat 1 plays 2C (count 31: thirty-one for 2) — 4–5" in lines
    assert "  seat 0 says go at 29" in lines
    assert "  scores: 22–10" in lines
    assert "Deal 2 — dealer: seat 1 (ev)" in lines
    assert lines[-1] == "seat 0 (human) wins during the show, 42–15"


def test_the_record_may_write_ten_as_10_and_in_lower_case() -> None:
    """docs/rules/cribbage.md §5: parsers also accept 10S and lower case."""
    record = hand_written()
    record["deals"][0]["hands"][1][5] = "10D"
    record["deals"][0]["actions"][0]["cards"] = ["10d", "9c"]
    assert replay_record(record).result == {"winner": 0, "scores": [42, 15]}


def edit(path: str, value: Any) -> Callable[[Record], None]:
    """Set the field at a JSON-pointer-like ``path`` (``deals/0/actions/3/card``)."""

    def change(record: Record) -> None:
        *parents, last = path.split("/")
        node: Any = record
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        node[int(last) if isinstance(node, list) else last] = value

    return change


def drop_actions(deal: int, keep: int) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        del record["deals"][deal]["actions"][keep:]

    return change


def append_action(deal: int, action: Record) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        record["deals"][deal]["actions"].append(action)

    return change


def drop_deal(deal: int) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        del record["deals"][deal]

    return change


def both(*changes: Callable[[Record], None]) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        for one in changes:
            one(record)

    return change


def move_first_action_back(record: Record) -> None:
    """Deal 2's first action written at the end of deal 1, after its show."""
    record["deals"][0]["actions"].append(record["deals"][1]["actions"].pop(0))


def repeat_last_deal(record: Record) -> None:
    extra = copy.deepcopy(record["deals"][1])
    extra["dealer"] = 0
    record["deals"].append(extra)


BROKEN = {
    # an illegal play: seat 0 lays seat 1's 8S (docs/rules/cribbage.md §2.4: from their own hand)
    "a card from the other hand": (
        edit("deals/0/actions/3/card", "8S"),
        "illegal_action",
        0,
        3,
        RULE_PLAY_OWN,
    ),
    # JS at count 28 makes 38
    "a play past 31": (
        edit("deals/1/actions/8", {"player": 0, "action": "play", "card": "JS"}),
        "illegal_action",
        1,
        8,
        RULE_COUNT,
    ),
    "go holding a playable card": (
        edit("deals/1/actions/3", {"player": 1, "action": "go"}),
        "illegal_action",
        1,
        3,
        RULE_GO,
    ),
    "the dealer discards first": (
        edit("deals/0/actions/0/player", 0),
        "illegal_action",
        0,
        0,
        RULE_DISCARD_TURN,
    ),
    "two plays in a row": (edit("deals/0/actions/3/player", 1), "illegal_action", 0, 3, RULE_PLAY_TURN),
    "a discard of the starter": (
        edit("deals/0/actions/1/cards", ["KC", "AS"]),
        "illegal_action",
        0,
        1,
        RULE_DISCARD,
    ),
    "a discard of three cards": (
        edit("deals/0/actions/1/cards", ["KC", "JD", "4C"]),
        "illegal_action",
        0,
        1,
        RULE_DISCARD,
    ),
    "a wrong score after deal 1": (
        edit("deals/0/scores_after", [22, 11]),
        "wrong_score",
        0,
        None,
        RULE_SCORES,
    ),
    "a wrong score when the game ends": (
        edit("deals/1/scores_after", [41, 15]),
        "wrong_score",
        1,
        None,
        RULE_SCORES,
    ),
    "a wrong winner": (edit("result/winner", 1), "wrong_result", None, None, RULE_WINNING),
    "a wrong final score": (edit("result/scores", [42, 16]), "wrong_result", None, None, RULE_WINNING),
    "a card that does not exist in a hand": (
        edit("deals/0/hands/0/0", "1H"),
        "unknown_card",
        0,
        None,
        RULE_NOTATION,
    ),
    "a card that does not exist in a play": (
        edit("deals/1/actions/2/card", "5X"),
        "unknown_card",
        1,
        2,
        RULE_NOTATION,
    ),
    "a card dealt to both players": (edit("deals/0/hands/1/0", "5H"), "duplicate_card", 0, None, RULE_DEAL),
    "a starter that is in a hand": (edit("deals/1/starter", "5C"), "duplicate_card", 1, None, RULE_STARTER),
    "a hand of five": (
        edit("deals/0/hands/0", ["5H", "5S", "JD", "4C", "6D"]),
        "bad_deal",
        0,
        None,
        RULE_DEAL,
    ),
    "the same dealer twice": (edit("deals/1/dealer", 0), "bad_deal", 1, None, RULE_DEALER),
    "no starter, yet the play goes on": (edit("deals/0/starter", None), "bad_deal", 0, 1, RULE_STARTER),
    "a deal that stops in the pegging": (drop_actions(1, 9), "unfinished", 1, 9, RULE_WINNING),
    "a record that stops after a deal": (drop_deal(1), "unfinished", 0, None, RULE_WINNING),
    "an action after the game ended": (
        append_action(1, {"player": 0, "action": "go"}),
        "extra_actions",
        1,
        11,
        RULE_WINNING,
    ),
    "a deal after the game ended": (repeat_last_deal, "extra_actions", 2, None, RULE_WINNING),
    "an action after the show": (move_first_action_back, "extra_actions", 0, 11, RULE_DEAL_OVER),
    # the first thing wrong is reported: deal 1's illegal play before deal 2's bad card
    "two faults": (
        both(edit("deals/0/actions/3/card", "8S"), edit("deals/1/hands/0/0", "ZZ")),
        "illegal_action",
        0,
        3,
        RULE_PLAY_OWN,
    ),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_a_broken_record_is_rejected_at_the_first_fault_naming_the_rule(name: str) -> None:
    change, code, deal, action, rule = BROKEN[name]
    record = hand_written()
    change(record)
    error = rejection(record)
    assert (error.code, error.deal, error.action, error.rule) == (code, deal, action, rule), error
    assert error.rule.startswith("docs/rules/cribbage.md ")
    verdict = error.as_dict()
    assert verdict["code"] == code and verdict["rule"] == rule


def test_the_rules_cited_name_the_sections_of_the_rules_page() -> None:
    assert RULE_PLAY_OWN.startswith("docs/rules/cribbage.md §2.4")
    assert RULE_DISCARD_TURN.startswith("docs/rules/cribbage.md §2.2")
    assert RULE_DEALER.startswith("docs/rules/cribbage.md §2.6")


def test_bad_cards_name_their_place_in_the_record() -> None:
    record = hand_written()
    record["deals"][1]["actions"][2]["card"] = "5X"
    error = rejection(record)
    assert error.path == "/deals/1/actions/2/card"
    assert "5X" in error.message
    record = hand_written()
    record["deals"][0]["hands"][1][0] = "5H"
    error = rejection(record)
    assert error.path == "/deals/0/hands/1/0"
    assert "/deals/0/hands/0/0" in error.message  # where it was dealt first


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (edit("deals/0/actions/2", {"player": 1, "action": "play"}), "/deals/0/actions/2"),
        (
            edit("deals/0/actions/2", {"player": 1, "action": "peg", "card": "7H"}),
            "/deals/0/actions/2/action",
        ),
        (edit("deals/0/actions/7", {"player": 0, "action": "go", "card": "5S"}), "/deals/0/actions/7"),
        (edit("deals/0/actions/2/player", 2), "/deals/0/actions/2/player"),
        (edit("deals/0/hands", [["5H"], ["2C"], ["3D"]]), "/deals/0/hands"),
        (edit("deals/0/dealer", "0"), "/deals/0/dealer"),
        (edit("options", {"targett": 31}), "/options"),
        (edit("options", {"target": 0}), "/options/target"),
        (edit("deals/1/scores_after", [42]), "/deals/1/scores_after"),
    ],
)
def test_a_record_of_the_wrong_shape_is_malformed(change: Callable[[Record], None], path: str) -> None:
    record = hand_written()
    change(record)
    error = rejection(record)
    assert error.code == "malformed"
    assert error.path == path


def test_the_engine_deals_the_stacked_next_deal_when_the_deal_passes() -> None:
    """``stack_next_deal`` replaces the shuffle of the next deal only (docs/rules/cribbage.md §2.6)."""
    record = hand_written()
    first, second = record["deals"]
    state = CribbageGame(target=121).state_from_position(
        dealer=0,
        hands=(parse_cards(first["hands"][0]), parse_cards(first["hands"][1])),
        starter=parse_card(first["starter"]),
        rng=random.Random(3),
    )
    hands = (parse_cards(second["hands"][0]), parse_cards(second["hands"][1]))
    state.stack_next_deal(hands, parse_card(second["starter"]))
    for raw in first["actions"]:
        state.apply(to_action(raw))
    assert (state.deals, state.dealer, state.scores) == (2, 1, [22, 10])
    assert state.hands == [sorted(hands[0]), sorted(hands[1])]
    for raw in second["actions"][:2]:
        state.apply(to_action(raw))
    assert state.starter == parse_card("TC")
    assert parse_card("TC") not in state.deck


def test_stack_next_deal_refuses_a_deal_the_rules_cannot_produce() -> None:
    state = CribbageGame().state_from_position(
        dealer=0,
        hands=(
            parse_cards(["AS", "2S", "3S", "4S", "5S", "6S"]),
            parse_cards(["AH", "2H", "3H", "4H", "5H", "6H"]),
        ),
        rng=random.Random(3),
    )
    six = parse_cards(["AC", "2C", "3C", "4C", "5C", "6C"])
    with pytest.raises(ValueError, match="dealt twice"):
        state.stack_next_deal((six, six))
    with pytest.raises(ValueError, match="6 cards"):
        state.stack_next_deal((six[:5], parse_cards(["AD", "2D", "3D", "4D", "5D", "6D"])))
    with pytest.raises(ValueError, match="dealt twice"):
        state.stack_next_deal((six, parse_cards(["AD", "2D", "3D", "4D", "5D", "6D"])), six[0])


def to_action(raw: Record) -> Any:
    if raw["action"] == "discard":
        return Discard(tuple(parse_cards(raw["cards"])))
    if raw["action"] == "play":
        return Play(parse_card(raw["card"]))
    return GO


@pytest.mark.parametrize("stop_after", [1, 5, 40])
def test_an_abandoned_game_writes_a_record_that_replays_as_unfinished(stop_after: int) -> None:
    """A game stopped before its end (a player left) still has a record: it shows where it stopped."""
    from simulator.records.cribbage import recorder

    game = GAME_SPEC.make_game()
    state = game.new_initial_state(random.Random(11))
    assert isinstance(state, CribbageState)
    writer = recorder(game=game, state=state, seed=11, players=["human", "random"])
    policy, rng = GAME_SPEC.make_policy("random"), random.Random(5)
    for _ in range(stop_after):
        action = policy.choose(state, rng)
        writer.observe(state, state.current_player(), action)
        state.apply(action)
    record = writer.finish(state)
    assert record["result"] == {"winner": None, "scores": state.scores}
    if stop_after == 1:
        assert record["deals"][0]["starter"] is None  # not cut yet
    error = rejection(loads(dumps(record)))
    assert error.code == "unfinished"
    assert (error.deal, error.action) == (len(record["deals"]) - 1, len(record["deals"][-1]["actions"]))


def test_no_broken_record_crashes_the_replay() -> None:
    """Hundreds of randomly damaged copies: each replays or gets a verdict, never another error."""
    rng = random.Random(2026)
    codes = set()
    for _ in range(300):
        record = hand_written()
        for _ in range(rng.randrange(1, 4)):
            damage(record, rng)
        try:
            replay_record(record)
        except RecordError as error:
            codes.add(error.code)
    assert {"illegal_action", "unknown_card", "duplicate_card", "bad_deal", "wrong_score"} <= codes
