"""Crapette records (docs/game-records.md "Crapette"): recorded games replay to their result; a
hand-written game replays; every kind of broken record is refused with its code, the index of the
action and the rule it breaks."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest

from simulator.engine.playing_cards import full_deck, parse_cards
from simulator.engine.runner import play_game
from simulator.games.crapette import GAME_SPEC
from simulator.games.crapette.game import (
    DECK_COPIES,
    RULE_HAND_TO_HELP,
    RULE_HELP_TOP,
    RULE_LEFTMOST_FREE,
    RULE_NEW_PILE_ACE,
    RULE_PILE_ASCENDS,
    RULE_SOURCES,
    RULE_STOCK_TOP,
)
from simulator.records import RecordError, dumps, loads, play_recorded, replay_record, validate_shape
from simulator.records.crapette import (
    RULE_CARDS,
    RULE_END,
    RULE_FIRST_PLAYER,
    RULE_KING_AS,
    RULE_LAYOUT,
    RULE_RESHUFFLE,
    RULE_TURN,
)

# -- recorded games --------------------------------------------------------------------------------

#: (policies by seat, games): the planner is slower, so fewer of its games.
PAIRS = [
    (("random", "random"), 12),
    (("planner", "random"), 8),
    (("random", "planner"), 8),
    (("planner", "planner"), 4),
]


def play(
    seed: int, pair: tuple[str, str], stock_size: int, *, recorded: bool
) -> tuple[Any, dict[str, Any] | None]:
    game = GAME_SPEC.make_game(stock_size=stock_size)
    state = game.new_initial_state(random.Random(seed))
    policies = (GAME_SPEC.make_policy(pair[0]), GAME_SPEC.make_policy(pair[1]))
    rngs = (random.Random(seed * 7 + 1), random.Random(seed * 7 + 2))
    if not recorded:
        return play_game(state, policies, rngs), None
    return play_recorded("crapette", game, state, policies, rngs, seed=seed, players=list(pair))


def reshuffles(record: dict[str, Any]) -> int:
    return sum(1 for a in record["deals"][0]["actions"] if a["action"] == "reshuffle")


@pytest.mark.parametrize(("pair", "games"), PAIRS, ids=["-".join(p) for p, _ in PAIRS])
def test_recorded_games_replay_to_their_result(pair, games):
    """Recording does not change the game, and the record replays through the engine to the same
    result: JSON text in and out, schema-valid, with the reshuffles the game had."""
    total_reshuffles = 0
    for seed in range(games):
        stock_size = (5, 12, 20, 8)[seed % 4]
        plain, _ = play(seed, pair, stock_size, recorded=False)
        final, record = play(seed, pair, stock_size, recorded=True)
        assert record is not None
        assert final.summary() == plain.summary()
        for name in ("stocks", "hands", "help_piles", "central", "draw_pile"):
            assert getattr(final, name) == getattr(plain, name)
        text = dumps(record)
        again = loads(text)
        assert again == json.loads(json.dumps(record))
        validate_shape(again)
        replay = replay_record(again)
        assert replay.result == record["result"]
        assert replay.summary == final.summary()
        assert record["result"]["scores"] == final.summary()["stock_left"]
        winner = final.summary()["winner"]
        assert record["result"]["winner"] == winner
        assert record["options"] == {"stock_size": stock_size, "central_piles": 4, "max_turns": 1000}
        assert record["deals"][0]["first_player"] == final.first_player
        assert replay.actions == len(record["deals"][0]["actions"])
        assert replay.transcript[-1].startswith("Result:")
        assert reshuffles(record) == final.piles_completed
        total_reshuffles += reshuffles(record)
    if "planner" in pair:  # a random player seldom completes a pile
        assert total_reshuffles > 0


def test_a_game_ended_by_the_turn_limit_replays_as_a_draw():
    """docs/crapette.md "endless games": the ``max_turns`` guard is an option, so it is recorded;
    equal stocks at the limit are a draw (``winner`` null)."""
    game = GAME_SPEC.make_game(stock_size=20, max_turns=4)
    policies = (GAME_SPEC.make_policy("random"), GAME_SPEC.make_policy("random"))
    final, record = play_recorded(
        "crapette",
        game,
        game.new_initial_state(random.Random(5)),
        policies,
        (random.Random(1), random.Random(2)),
        seed=5,
        players=["random", "random"],
    )
    assert final.end_reason == "turn_limit"
    assert record["options"]["max_turns"] == 4
    replay = replay_record(record)
    assert replay.result == record["result"] == {"winner": None, "scores": [20, 20]}
    assert (
        replay.transcript[-1]
        == "Result: the turn limit was reached; stock cards left 20 (seat 0), 20 (seat 1); a draw"
    )
    longer = copy.deepcopy(record)
    longer["options"]["max_turns"] = 5
    error = refused(longer)
    assert (error.code, error.action) == ("unfinished", len(record["deals"][0]["actions"]))


def test_options_left_out_take_their_defaults():
    _, record = play(3, ("planner", "random"), 20, recorded=True)
    assert record is not None
    record["options"] = {}
    assert replay_record(record).result == record["result"]


def test_equal_stock_tops_let_either_seat_start():
    """docs/rules/crapette.md §2.1: on equal tops a coin flip decides, so the record says who won it."""
    record = hand_written()
    deal = record["deals"][0]
    deal["stocks"][1][-1] = "KH"  # seat 1's top now a king as well (KH: one in seat 0's stock, one here)
    for pile in (deal["draw_pile"], deal["actions"][18]["draw_pile"]):
        pile[pile.index("KH")] = "6C"
    replay = replay_record(record)
    assert replay.transcript[1] == (
        "Deal: stock tops KC (seat 0) and KH (seat 1); seat 0 starts (equal tops: the coin flip)"
    )
    deal["first_player"] = 1
    error = refused(record)  # seat 1 may start, but then seat 0's first discard is out of turn
    assert (error.code, error.action, error.rule) == ("illegal_action", 0, RULE_TURN)


def test_a_recorded_reshuffle_is_taken_from_the_record():
    """docs/rules/crapette.md §2.3: the order after a completed pile comes from the reshuffle event
    (the replay has no RNG to draw it from): another order makes the later draws, and so the game,
    different — the record is then refused further on."""
    for seed in range(40):
        final, record = play(seed, ("planner", "planner"), 20, recorded=True)
        assert record is not None
        actions = record["deals"][0]["actions"]
        at = next((i for i, a in enumerate(actions) if a["action"] == "reshuffle"), None)
        if at is None or final.end_reason != "stock_emptied":
            continue
        replay_record(record)
        broken = copy.deepcopy(record)
        broken["deals"][0]["actions"][at]["draw_pile"].reverse()
        with pytest.raises(RecordError) as caught:
            replay_record(broken)
        assert caught.value.code in ("illegal_action", "wrong_result", "unfinished")
        assert caught.value.action is None or caught.value.action > at
        return
    pytest.fail("no seed with a reshuffle")


# -- a hand-written game ---------------------------------------------------------------------------
# stock_size 5. seat 0's stock is five kings (top KC counts 13, seat 1's top 6C: seat 0 starts, §2.1).
# seat 0 discards, seat 1 discards, then seat 0 builds hearts A..Q on centre 0 (the 5H from a help pile), with
# spades on centre 1; the Q completes centre 0 and empties the hand: reshuffle, then seat 0 draws the
# five cards the reshuffle put on top, plays the 5S, and builds the five kings on the free centre 0.

STOCK0 = ["KC", "KD", "KH", "KS", "KC"]
STOCK1 = ["2C", "3C", "4C", "5C", "6C"]
HAND0 = ["AH", "2H", "3H", "4H", "5H"]
HAND1 = ["2D", "3D", "4D", "5D", "6D"]
DRAW_TOP = ["6H", "7H", "8H", "9H", "TH", "JH", "QH", "AS", "2S", "3S", "4S"]
AFTER_RESHUFFLE_TOP = ["5S", "6S", "7S", "8S", "9S"]


def names(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def rest(*placed: list[str]) -> list[str]:
    left = Counter(full_deck(copies=DECK_COPIES))
    for pile in placed:
        left.subtract(parse_cards(pile, allow_duplicates=True))
    return names(sorted(left.elements()))


def b(player: int, source: str, card: str, to: int, **king: str) -> dict[str, Any]:
    return {"player": player, "action": "build", "from": source, "card": card, "to": f"center:{to}", **king}


def d(player: int, card: str, to: int) -> dict[str, Any]:
    return {"player": player, "action": "discard", "card": card, "to": f"help:{to}"}


def hand_written() -> dict[str, Any]:
    draw_pile = DRAW_TOP + rest(STOCK0, STOCK1, HAND0, HAND1, DRAW_TOP)
    completed = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH"]
    left_in_draw = draw_pile[len(DRAW_TOP) :]
    reshuffled = (
        AFTER_RESHUFFLE_TOP + rest(STOCK0, STOCK1, HAND0, HAND1, DRAW_TOP, AFTER_RESHUFFLE_TOP) + completed
    )
    assert Counter(reshuffled) == Counter(left_in_draw + completed)
    actions = [
        d(0, "5H", 0),  # 0: seat 0 ends the turn; seat 1 holds 5
        d(1, "6D", 0),  # 1: seat 1 ends the turn; seat 0 draws 6H
        b(0, "hand", "AH", 0),  # 2
        b(0, "hand", "2H", 0),
        b(0, "hand", "3H", 0),
        b(0, "hand", "4H", 0),  # 5
        b(0, "help:0", "5H", 0),  # 6: from the help pile
        b(0, "hand", "6H", 0),  # 7: hand empty: draws 7H 8H 9H TH JH
        b(0, "hand", "7H", 0),
        b(0, "hand", "8H", 0),
        b(0, "hand", "9H", 0),  # 10
        b(0, "hand", "TH", 0),
        b(0, "hand", "JH", 0),  # 12: hand empty: draws QH AS 2S 3S 4S
        b(0, "hand", "AS", 1),
        b(0, "hand", "2S", 1),
        b(0, "hand", "3S", 1),  # 15
        b(0, "hand", "4S", 1),
        b(0, "hand", "QH", 0),  # 17: centre 0 complete; hand empty
        {"action": "reshuffle", "draw_pile": reshuffled},  # 18: then seat 0 draws 5S..9S
        b(0, "hand", "5S", 1),
        b(0, "stock", "KC", 0, **{"as": "A"}),  # 20
        b(0, "stock", "KS", 0, **{"as": "2"}),
        b(0, "stock", "KH", 0, **{"as": "3"}),
        b(0, "stock", "KD", 0, **{"as": "4"}),
        b(0, "stock", "KC", 0, **{"as": "5"}),  # 24: the last stock card wins
    ]
    return copy.deepcopy(
        {
            "format": "eredan-game-record",
            "version": 1,
            "game": "crapette",
            "options": {"stock_size": 5},
            "seed": None,
            "players": ["human", "human"],
            "deals": [
                {
                    "stocks": [STOCK0, STOCK1],
                    "hands": [HAND0, HAND1],
                    "draw_pile": draw_pile,
                    "first_player": 0,
                    "actions": actions,
                }
            ],
            "result": {"winner": 0, "scores": [0, 5]},
        }
    )


def refused(record: dict[str, Any]) -> RecordError:
    with pytest.raises(RecordError) as caught:
        replay_record(loads(dumps(record)))
    return caught.value


def test_the_hand_written_game_replays():
    replay = replay_record(hand_written())
    assert replay.result == {"winner": 0, "scores": [0, 5]}
    assert replay.actions == 25
    assert replay.summary["end_reason"] == "stock_emptied"
    assert replay.summary["piles_completed"] == 1
    text = "\n".join(replay.transcript)
    assert "seat 1 ends the turn: hand 6D -> help 1" in text
    assert "seat 0 plays help 1 5H -> central 1" in text
    assert (
        "18. seat 0 plays hand QH -> central 1\n"
        "   central pile 1 is complete: shuffled into the draw pile\n"
        "19. the draw pile, reshuffled: 85 cards, top 5S\n"
        "   seat 0 has emptied their hand\n"
        "   seat 0 draws 5 cards\n"
        "20. seat 0 plays hand 5S -> central 2"
    ) in text
    assert "seat 0 plays stock KC -> central 1 (as A)" in text
    assert replay.transcript[-1] == (
        "Result: a stock pile is empty; stock cards left 0 (seat 0), 5 (seat 1); seat 0 wins"
    )


def test_a_king_without_its_rank_or_a_rank_for_another_card_is_malformed():
    record = hand_written()
    del record["deals"][0]["actions"][20]["as"]
    error = refused(record)
    assert (error.code, error.path) == ("malformed", "/deals/0/actions/20")
    record = hand_written()
    record["deals"][0]["actions"][2]["as"] = "A"
    assert refused(record).code == "malformed"


@pytest.mark.parametrize(
    ("path", "value", "pointer"),
    [
        (("options", "stock_size"), 3, "/options/stock_size"),
        (("options", "colour"), "red", "/options"),
        (("deals", 0, "actions", 2, "to"), "center:9", "/deals/0/actions/2/to"),
        (("deals", 0, "actions", 2, "from"), "draw", "/deals/0/actions/2/from"),
        (("deals", 0, "actions", 0, "to"), "center:0", "/deals/0/actions/0/to"),
        (("deals", 0, "actions", 0, "action"), "pass", "/deals/0/actions/0/action"),
        (("deals", 0, "first_player"), 2, "/deals/0/first_player"),
        (("deals", 0, "stocks"), [STOCK0], "/deals/0/stocks"),
        (("result", "scores"), [0, -1], "/result/scores/1"),
    ],
)
def test_a_malformed_record_is_refused_with_the_place(path, value, pointer):
    record = hand_written()
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    error = refused(record)
    assert error.code == "malformed"
    assert error.path == pointer


def test_two_deals_are_malformed():
    record = hand_written()
    record["deals"].append(copy.deepcopy(record["deals"][0]))
    assert refused(record).code == "malformed"


# -- broken records: the deal ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["1C", "KX", "11H", "H7", "ZZ"])
def test_a_name_outside_the_notation_is_no_card(name):
    """docs/game-records.md: cards are a rank A 2-9 T J Q K then a suit C D H S."""
    record = hand_written()
    record["deals"][0]["hands"][1][0] = name
    error = refused(record)
    assert (error.code, error.path, error.rule) == ("unknown_card", "/deals/0/hands/1/0", RULE_CARDS)


def test_the_notation_also_takes_10_and_lower_case():
    """The shared card parser's spellings (as in the other games' records): ``10S`` is TS."""
    record = hand_written()
    deal = record["deals"][0]
    deal["hands"][0] = ["ah", "2H", "3h", "4H", "5H"]
    deal["draw_pile"][deal["draw_pile"].index("TS")] = "10S"
    deal["actions"][20]["card"] = "kc"
    assert replay_record(record).result == {"winner": 0, "scores": [0, 5]}


def test_a_card_that_does_not_exist():
    record = hand_written()
    record["deals"][0]["stocks"][1][2] = "1C"
    error = refused(record)
    assert (error.code, error.deal, error.action, error.path) == (
        "unknown_card",
        0,
        None,
        "/deals/0/stocks/1/2",
    )
    assert error.rule == RULE_CARDS
    record = hand_written()
    record["deals"][0]["actions"][3]["card"] = "2X"
    error = refused(record)
    assert (error.code, error.action, error.path) == ("unknown_card", 3, "/deals/0/actions/3/card")
    record = hand_written()
    record["deals"][0]["actions"][18]["draw_pile"][40] = "ZZ"
    error = refused(record)
    assert (error.code, error.action, error.path) == ("unknown_card", 18, "/deals/0/actions/18/draw_pile/40")


def test_a_card_dealt_more_often_than_the_two_decks_hold():
    """docs/rules/crapette.md §1: two decks, so each card exists twice; a third copy is
    a duplicate."""
    record = hand_written()
    record["deals"][0]["draw_pile"][-1] = "KC"  # the stock already holds both KC
    error = refused(record)
    assert (error.code, error.action, error.rule) == ("duplicate_card", None, RULE_CARDS)
    assert error.path == "/deals/0/draw_pile/83"
    assert "KC is there 3 times" in error.message


@pytest.mark.parametrize(
    ("change", "rule", "pointer"),
    [
        (lambda deal: deal["stocks"][1].append(deal["draw_pile"].pop()), RULE_LAYOUT, "/deals/0/stocks/1"),
        (lambda deal: deal["hands"][0].pop(), RULE_LAYOUT, "/deals/0/hands/0"),
        (lambda deal: deal["draw_pile"].pop(), RULE_LAYOUT, "/deals/0/draw_pile"),
        (lambda deal: deal.update(first_player=1), RULE_FIRST_PLAYER, "/deals/0/first_player"),
    ],
    ids=["stock of 6", "hand of 4", "103 cards", "wrong first player"],
)
def test_a_deal_the_rules_cannot_produce(change, rule, pointer):
    record = hand_written()
    change(record["deals"][0])
    error = refused(record)
    assert (error.code, error.deal, error.action, error.rule, error.path) == (
        "bad_deal",
        0,
        None,
        rule,
        pointer,
    )


# -- broken records: the actions -------------------------------------------------------------------


def with_action(index: int, action: dict[str, Any]) -> dict[str, Any]:
    record = hand_written()
    record["deals"][0]["actions"][index] = action
    return record


@pytest.mark.parametrize(
    ("index", "action", "rule"),
    [
        (3, b(0, "hand", "3H", 0), RULE_PILE_ASCENDS),  # 3H on the A
        (2, b(0, "hand", "2H", 0), RULE_NEW_PILE_ACE),  # a 2 cannot start a pile
        (2, b(0, "hand", "AH", 1), RULE_LEFTMOST_FREE),  # a new pile goes in the leftmost place
        (2, b(0, "hand", "7C", 0), RULE_SOURCES),  # not in the hand
        (2, b(0, "stock", "KD", 0, **{"as": "A"}), RULE_STOCK_TOP),  # only the stock top
        (6, b(0, "help:1", "5H", 0), RULE_HELP_TOP),  # 5H lies on help pile 0
        (2, b(1, "hand", "2D", 0), RULE_TURN),  # seat 1 plays in seat 0's turn
        (20, b(0, "stock", "KC", 0, **{"as": "2"}), RULE_KING_AS),  # the king takes the A
        (1, d(1, "9C", 0), RULE_SOURCES),  # a discard of a card not in the hand
    ],
    ids=[
        "ascending",
        "ace first",
        "leftmost",
        "not in hand",
        "stock top",
        "help top",
        "turn",
        "king as",
        "discard",
    ],
)
def test_an_illegal_action_is_refused_with_its_rule(index, action, rule):
    error = refused(with_action(index, action))
    assert (error.code, error.deal, error.action, error.rule) == ("illegal_action", 0, index, rule)


def test_a_discard_ends_the_turn_so_the_same_player_cannot_go_on():
    """docs/rules/crapette.md §2.5: after a discard the other player plays."""
    record = hand_written()
    record["deals"][0]["actions"][1] = d(0, "4H", 1)
    error = refused(record)
    assert (error.code, error.action, error.rule) == ("illegal_action", 1, RULE_TURN)
    assert RULE_HAND_TO_HELP.startswith("docs/rules/crapette.md §2.5")


def test_a_reshuffle_that_does_not_hold_the_draw_pile_and_the_completed_pile():
    """docs/rules/crapette.md §2.3: the new draw pile is the old one plus the completed pile."""
    record = hand_written()
    pile = record["deals"][0]["actions"][18]["draw_pile"]
    pile[pile.index("QH")] = "2D"  # a 2D of seat 1's hand instead of the QH
    error = refused(record)
    assert (error.code, error.action, error.rule) == ("wrong_chance", 18, RULE_RESHUFFLE)
    assert "missing QH" in error.message and "not in it 2D" in error.message
    record = hand_written()
    record["deals"][0]["actions"][18]["draw_pile"].pop()
    assert (refused(record).code, refused(record).action) == ("wrong_chance", 18)


def test_a_reshuffle_with_a_third_copy_is_a_duplicate():
    record = hand_written()
    pile = record["deals"][0]["actions"][18]["draw_pile"]
    pile[-1] = "5S"  # two 5S are already in it
    error = refused(record)
    assert (error.code, error.action, error.rule) == ("duplicate_card", 18, RULE_CARDS)
    assert error.path == f"/deals/0/actions/18/draw_pile/{len(pile) - 1}"


def test_a_missing_or_unexpected_reshuffle():
    record = hand_written()
    del record["deals"][0]["actions"][18]
    error = refused(record)
    assert (error.code, error.action, error.rule) == ("wrong_chance", 18, RULE_RESHUFFLE)
    record = hand_written()
    extra = copy.deepcopy(record["deals"][0]["actions"][18])
    record["deals"][0]["actions"].insert(3, extra)
    error = refused(record)
    assert (error.code, error.action, error.rule) == ("wrong_chance", 3, RULE_RESHUFFLE)
    record = hand_written()
    del record["deals"][0]["actions"][18:]
    error = refused(record)
    assert (error.code, error.action, error.rule) == ("wrong_chance", 17, RULE_RESHUFFLE)


def test_a_reshuffle_in_another_order_changes_the_draw():
    """The replay draws from the recorded order: with 5S elsewhere, seat 0 does not hold it."""
    record = hand_written()
    pile = record["deals"][0]["actions"][18]["draw_pile"]
    pile.append(pile.pop(0))
    error = refused(record)
    assert (error.code, error.action, error.rule) == ("illegal_action", 19, RULE_SOURCES)


def test_a_wrong_result():
    record = hand_written()
    record["result"] = {"winner": 1, "scores": [0, 5]}
    error = refused(record)
    assert (error.code, error.deal, error.action, error.rule) == ("wrong_result", None, None, RULE_END)
    record = hand_written()
    record["result"] = {"winner": 0, "scores": [0, 4]}
    error = refused(record)
    assert (error.code, error.rule, error.path) == ("wrong_result", RULE_END, "/result")
    assert "stock cards left [0, 5]" in error.message


def test_an_unfinished_game():
    record = hand_written()
    del record["deals"][0]["actions"][22:]
    error = refused(record)
    assert (error.code, error.deal, error.action, error.rule) == ("unfinished", 0, 22, RULE_END)


def test_actions_after_the_end():
    record = hand_written()
    record["deals"][0]["actions"].append(d(1, "2D", 0))
    error = refused(record)
    assert (error.code, error.action, error.rule) == ("extra_actions", 25, RULE_END)


def test_verdicts_say_where_for_people():
    error = refused(with_action(3, b(0, "hand", "3H", 0)))
    assert str(error).startswith("deal 1, action 4: central pile 1 is at A and needs 2")
    assert error.as_dict()["rule"] == RULE_PILE_ASCENDS
