"""Écarté game records (docs/game-records.md "Écarté"): records written while the engine plays
replay to the same result; a hand-written record replays, and each broken copy of it is rejected at
the first thing wrong, with its code, its place and the rule it breaks (docs/rules/ecarte.md)."""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from simulator.engine.playing_cards import parse_card, parse_cards
from simulator.games.ecarte import GAME_SPEC
from simulator.games.ecarte.game import (
    RULE_DISCARDS,
    RULE_FOLLOW,
    RULE_HAND,
    RULE_PROPOSALS,
    RULE_STRICT,
    RULE_TURN,
    EcarteGame,
    EcarteState,
    Phase,
    play_card,
)
from simulator.records import RecordError, dumps, loads, replay_record, validate_shape
from simulator.records.ecarte import (
    RULE_DEAL,
    RULE_DEAL_OVER,
    RULE_DEALER,
    RULE_GAME,
    RULE_KING,
    RULE_NOTATION,
    RULE_POINTS,
    RULE_STOCK,
    RULE_TURNED,
)
from tests.simulator.records import recorded
from tests.simulator.records.classic_mutations import damage

Record = dict[str, Any]


def hand_written() -> Record:
    return recorded.hand_written("ecarte_short")


def play(seed: int, seat0: str, seat1: str, **options: Any) -> tuple[EcarteState, Record, int]:
    """A game played by the engine while recorded; also how many actions were taken."""
    final, record, actions = recorded.play("ecarte", seed, seat0, seat1, **options)
    assert isinstance(final, EcarteState)
    return final, record, actions


rejection = recorded.rejection


# -- the round trip ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat0", "seat1", "strict"),
    [
        ("random", "random", False),
        ("random", "heuristic", False),
        ("heuristic", "random", True),
        ("heuristic", "heuristic", False),
        ("heuristic", "heuristic", True),
    ],
)
def test_a_recorded_game_replays_to_the_same_result(seat0: str, seat1: str, strict: bool) -> None:
    kinds: Counter[str] = Counter()
    for seed in range(25):
        final, record, actions = play(seed, seat0, seat1, strict=strict)
        text = dumps(record)
        again = loads(text)
        assert again == record  # plain JSON: nothing is lost in writing it out
        validate_shape(again)
        replay = replay_record(again)
        assert replay.result == {"winner": final.winner, "scores": final.scores}
        assert record["result"] == replay.result
        assert record["options"] == {"strict": strict}
        kinds.update(a["action"] for deal in record["deals"] for a in deal["actions"])
        announced = sum(a["action"] == "announce_king" for deal in record["deals"] for a in deal["actions"])
        assert replay.actions == actions == sum(len(d["actions"]) for d in record["deals"]) - announced
        assert replay.deals == len(record["deals"]) == final.deals
        # "points": what each seat scored in each deal, adding up to the final scores.
        assert [sum(d["points"][seat] for d in record["deals"]) for seat in (0, 1)] == final.scores
        for deal in record["deals"]:
            assert sorted(map(len, deal["hands"])) == [5, 5] and len(deal["stock"]) == 21
    # the games cover every kind of action
    assert set(kinds) == {
        "propose",
        "play_without_proposing",
        "accept",
        "refuse",
        "discard",
        "announce_king",
        "play",
    }


def test_a_game_won_by_a_king_turned_up_ends_with_a_deal_without_actions() -> None:
    """docs/rules/ecarte.md §2.3 and "Game": the dealer on 4 who turns up a King wins at once."""
    found = 0
    for seed in range(400):
        final, record, _ = play(seed, "random", "random")
        last = record["deals"][-1]
        if not last["actions"]:
            found += 1
            assert last["turned"][0] == "K"
            assert last["points"] == [int(last["dealer"] == 0), int(last["dealer"] == 1)]
            assert replay_record(record).result == record["result"]
            assert final.end_reason == "turned_king"
    assert found


def test_the_replay_needs_neither_the_seed_nor_the_engines_rng() -> None:
    _, record, _ = play(5, "heuristic", "random")
    blind = copy.deepcopy(record)
    blind["seed"] = None
    assert replay_record(blind).result == record["result"]


# -- a hand-written record ---------------------------------------------------------------------


def test_the_hand_written_record_replays_and_reads_as_a_game() -> None:
    replay = replay_record(hand_written())
    assert replay.result == {"winner": 1, "scores": [2, 5]}
    assert replay.deals == 3 and replay.actions == 34
    lines = list(replay.transcript)
    assert lines[0] == "Deal 1 — dealer: seat 1 (heuristic)"
    assert "  turned up: KH (hearts are trumps)" in lines
    assert "  seat 1 scores 1 for the King turned up — 0–1" in lines
    assert "  seat 0 plays without proposing" in lines
    assert "  seat 1 discards 7S, draws TC" in lines
    assert "  seat 0 discards 8C 7C, draws 8D KC" in lines
    assert "  seat 1 proposes no more: play begins" in lines
    assert "  seat 1 scores 1 for the King of trumps, announced — 2–2" in lines
    assert "  trick 5: TC KC, seat 0 takes it" in lines
    assert "  scores: 2–3" in lines
    assert "  seat 1 refuses: play begins" in lines
    assert lines[-1] == "seat 1 (heuristic) wins, 2–5"


def edit(path: str, value: Any) -> Callable[[Record], None]:
    """Set the field at a JSON-pointer-like ``path`` (``deals/0/actions/3/card``)."""

    def change(record: Record) -> None:
        *parents, last = path.split("/")
        node: Any = record
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        node[int(last) if isinstance(node, list) else last] = value

    return change


def insert_action(deal: int, index: int, action: Record) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        record["deals"][deal]["actions"].insert(index, action)

    return change


def remove_action(deal: int, index: int) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        del record["deals"][deal]["actions"][index]

    return change


def drop_actions(deal: int, keep: int) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        del record["deals"][deal]["actions"][keep:]

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


def repeat_first_deal(record: Record) -> None:
    extra = copy.deepcopy(record["deals"][0])
    extra["dealer"] = 0
    record["deals"].append(extra)


def strip_last_stock_card(record: Record) -> None:
    record["deals"][0]["stock"].pop()


def play_a_trick_too_many(record: Record) -> None:
    """Deal 2's first action written at the end of deal 1, after its five tricks."""
    record["deals"][0]["actions"].append(record["deals"][1]["actions"].pop(0))


BROKEN = {
    # an illegal play: seat 0 holds diamonds (9D, TD) and must follow QD
    "not following suit": (
        edit("deals/1/actions/9/card", "9C"),
        "illegal_action",
        1,
        9,
        RULE_FOLLOW,
    ),
    "a card from the other hand": (
        edit("deals/0/actions/1/card", "KS"),
        "illegal_action",
        0,
        1,
        RULE_HAND,
    ),
    "the dealer speaks first": (
        edit("deals/0/actions/0/player", 1),
        "illegal_action",
        0,
        0,
        RULE_PROPOSALS,
    ),
    "leading out of turn": (
        edit("deals/0/actions/3/player", 1),
        "illegal_action",
        0,
        3,
        RULE_TURN + ": ",
    ),
    "a discard instead of an answer": (
        edit("deals/1/actions/1", {"player": 0, "action": "discard", "cards": ["7C"]}),
        "illegal_action",
        1,
        1,
        RULE_PROPOSALS,
    ),
    "the non-dealer discards nothing": (
        edit("deals/1/actions/2/cards", []),
        "illegal_action",
        1,
        2,
        RULE_DISCARDS,
    ),
    "the King of trumps not announced": (remove_action(1, 5), "illegal_action", 1, 5, RULE_KING),
    "the King of trumps announced by a player without it": (
        insert_action(0, 1, {"player": 0, "action": "announce_king"}),
        "illegal_action",
        0,
        1,
        RULE_KING,
    ),
    "the King of trumps announced before the tricks": (
        insert_action(1, 4, {"player": 1, "action": "announce_king"}),
        "illegal_action",
        1,
        4,
        RULE_KING,
    ),
    "the King of trumps announced twice": (
        insert_action(1, 6, {"player": 1, "action": "announce_king"}),
        "illegal_action",
        1,
        6,
        RULE_KING,
    ),
    "the King of trumps announced after the first card": (
        insert_action(2, 5, {"player": 1, "action": "announce_king"}),
        "illegal_action",
        2,
        5,
        RULE_KING,
    ),
    "an announcement that stops the record": (drop_actions(2, 4), "unfinished", 2, 4, RULE_KING),
    "wrong points in deal 1": (edit("deals/0/points", [2, 0]), "wrong_score", 0, None, RULE_POINTS),
    "wrong points in the last deal": (edit("deals/2/points", [0, 1]), "wrong_score", 2, None, RULE_POINTS),
    "a wrong winner": (edit("result/winner", 0), "wrong_result", None, None, RULE_GAME),
    "a wrong final score": (edit("result/scores", [2, 6]), "wrong_result", None, None, RULE_GAME),
    "a card outside the notation": (edit("deals/0/hands/0/0", "QX"), "unknown_card", 0, None, RULE_NOTATION),
    "a card outside the 32-card pack": (
        edit("deals/0/stock/0", "5H"),
        "unknown_card",
        0,
        None,
        RULE_NOTATION,
    ),
    "a card outside the pack in a play": (
        edit("deals/2/actions/2/card", "2S"),
        "unknown_card",
        2,
        2,
        RULE_NOTATION,
    ),
    "a card dealt to both players": (edit("deals/0/hands/1/0", "QH"), "duplicate_card", 0, None, RULE_DEAL),
    "a turned card that is in a hand": (edit("deals/2/turned", "KC"), "duplicate_card", 2, None, RULE_TURNED),
    "a card in the stock twice": (edit("deals/1/stock/20", "TC"), "duplicate_card", 1, None, RULE_STOCK),
    "a stock one card short": (strip_last_stock_card, "bad_deal", 0, None, RULE_STOCK),
    "a hand of four": (edit("deals/0/hands/0", ["QH", "JH", "AH", "TH"]), "bad_deal", 0, None, RULE_DEAL),
    "the same dealer twice": (edit("deals/1/dealer", 1), "bad_deal", 1, None, RULE_DEALER),
    "a deal that stops mid-trick": (drop_actions(1, 12), "unfinished", 1, 12, RULE_GAME),
    "a record that stops after a deal": (drop_deal(2), "unfinished", 1, None, RULE_GAME),
    "an action after the game ended": (
        insert_action(2, 9, {"player": 1, "action": "play", "card": "AC"}),
        "extra_actions",
        2,
        9,
        RULE_GAME,
    ),
    "a deal after the game ended": (repeat_first_deal, "extra_actions", 3, None, RULE_GAME),
    "a sixth trick": (play_a_trick_too_many, "extra_actions", 0, 11, RULE_DEAL_OVER),
    # the first thing wrong is reported: deal 2's illegal play before deal 3's duplicate card
    "two faults": (
        both(edit("deals/1/actions/9/card", "9C"), edit("deals/2/turned", "KC")),
        "illegal_action",
        1,
        9,
        RULE_FOLLOW,
    ),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_a_broken_record_is_rejected_at_the_first_fault_naming_the_rule(name: str) -> None:
    change, code, deal, action, rule = BROKEN[name]
    record = hand_written()
    change(record)
    error = rejection(record)
    assert (error.code, error.deal, error.action) == (code, deal, action), error
    assert error.rule.startswith(rule), error
    assert error.rule.startswith("docs/rules/ecarte.md ")
    assert error.as_dict()["code"] == code


def test_the_engines_rules_are_cited_like_the_other_games() -> None:
    assert RULE_FOLLOW == "docs/rules/ecarte.md §2.6 — must follow suit if able"
    assert RULE_TURN == "docs/rules/ecarte.md §2 — order of play"


def test_the_strict_option_is_replayed_by_the_engine() -> None:
    """docs/rules/ecarte.md §2.6, the `strict` variant: unable to follow suit, trump if able."""
    record = hand_written()
    third = record["deals"][2]
    # Seat 1 holds 7H instead of TC (swapped with the stock) and throws it on the spade led.
    third["hands"][1][4] = "7H"
    third["stock"][third["stock"].index("7H")] = "TC"
    third["actions"][4] = {"player": 1, "action": "play", "card": "7H"}
    record["options"] = {"strict": True}
    error = rejection(record)
    assert (error.code, error.deal, error.action) == ("illegal_action", 2, 4)
    assert error.rule == RULE_STRICT
    record["options"] = {"strict": False}
    error = rejection(record)  # legal by the source's rule: seat 0 takes the trick and leads next
    assert (error.code, error.deal, error.action) == ("illegal_action", 2, 5)


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (edit("deals/0/actions/1", {"player": 0, "action": "play"}), "/deals/0/actions/1"),
        (edit("deals/0/actions/0", {"player": 0, "action": "pass"}), "/deals/0/actions/0/action"),
        (edit("deals/0/actions/0", {"player": 0, "action": "propose", "card": "QH"}), "/deals/0/actions/0"),
        (edit("deals/1/actions/2", {"player": 1, "action": "discard"}), "/deals/1/actions/2"),
        (edit("deals/0/turned", ["KH"]), "/deals/0/turned"),
        (edit("deals/0/points", [2, -1]), "/deals/0/points/1"),
        (edit("options", {"strict": "yes"}), "/options/strict"),
        (edit("options", {"stock_size": 20}), "/options"),
    ],
)
def test_a_record_of_the_wrong_shape_is_malformed(change: Callable[[Record], None], path: str) -> None:
    record = hand_written()
    change(record)
    error = rejection(record)
    assert error.code == "malformed"
    assert error.path == path


# -- the engine hooks the replay uses -------------------------------------------------------------


def test_the_engine_deals_the_stacked_next_deal_when_five_tricks_are_played() -> None:
    """``stack_next_deal`` replaces the shuffle of the next deal only (docs/rules/ecarte.md §2.1: the deal
    alternates); ``scores_at_deal_start`` keeps the scores before a turned-up King scores."""
    record = hand_written()
    first, second = record["deals"][0], record["deals"][1]
    state = EcarteGame().state_from_position(
        dealer=1,
        hands=(parse_cards(first["hands"][0]), parse_cards(first["hands"][1])),
        turned=parse_card(first["turned"]),
        stock=parse_cards(first["stock"]),
    )
    assert state.scores_at_deal_start == [0, 0] and state.scores == [0, 1]  # the King turned up
    hands = (parse_cards(second["hands"][0]), parse_cards(second["hands"][1]))
    state.stack_next_deal(hands, parse_card("7D"), parse_cards(second["stock"]))
    state.apply(state.legal_actions()[-1])  # play without proposing
    for raw in first["actions"][1:]:
        state.apply(play_card(parse_card(raw["card"])))
    assert (state.deals, state.dealer, state.phase) == (2, 0, Phase.PROPOSAL)
    assert state.scores_at_deal_start == state.scores == [2, 1]
    assert sorted(state.hands[0]) == sorted(hands[0]) and sorted(state.hands[1]) == sorted(hands[1])
    assert state.turned == parse_card("7D")
    assert state.stock[-1] == parse_card("TC")  # the first card drawn is on top


def test_stack_next_deal_refuses_a_deal_the_rules_cannot_produce() -> None:
    record = hand_written()
    deal = record["deals"][0]
    state = EcarteGame().state_from_position(
        dealer=1,
        hands=(parse_cards(deal["hands"][0]), parse_cards(deal["hands"][1])),
        turned=parse_card(deal["turned"]),
    )
    with pytest.raises(Exception, match="5 cards"):
        state.stack_next_deal(
            (parse_cards(deal["hands"][0])[:4], parse_cards(deal["hands"][1])), parse_card("7C"), []
        )
    with pytest.raises(Exception, match="distinct"):
        state.stack_next_deal(
            (parse_cards(deal["hands"][0]), parse_cards(deal["hands"][0])), parse_card("7C"), []
        )


@pytest.mark.parametrize("stop_after", [1, 7, 30])
def test_an_abandoned_game_writes_a_record_that_replays_as_unfinished(stop_after: int) -> None:
    """A game stopped before its end (a player left) still has a record: it shows where it stopped."""
    from simulator.records.ecarte import recorder

    game = GAME_SPEC.make_game()
    state = game.new_initial_state(random.Random(3))
    assert isinstance(state, EcarteState)
    writer = recorder(game=game, state=state, seed=3, players=["human", "random"])
    policy, rng = GAME_SPEC.make_policy("random"), random.Random(5)
    for _ in range(stop_after):
        action = policy.choose(state, rng)
        writer.observe(state, state.current_player(), action)
        state.apply(action)
    assert not state.is_terminal()
    record = writer.finish(state)
    assert record["result"] == {"winner": None, "scores": state.scores}
    error = rejection(loads(dumps(record)))
    assert error.code == "unfinished"
    last = record["deals"][-1]
    assert (error.deal, error.action) == (len(record["deals"]) - 1, len(last["actions"]))


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
    assert {"illegal_action", "unknown_card", "duplicate_card", "bad_deal", "unfinished"} <= codes
