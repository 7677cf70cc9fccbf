"""Eredan records and games from before the engine's refactor (issue 15 §1), kept as test data.

``data/eredan_v1/`` holds three records written by the engine as it was before its compiled effects
became typed records and its rule decisions an ``EredanRules`` value (commit f063f6a), the
summaries that engine gave for them, and the cards they were played with (a frozen copy of those
cards of the bundled set: the bundled set itself is re-encoded over time, the test data is not).
Such records must still replay, to the same result; and seeded games on those cards must give the
same event logs as that engine gave (the digest below was computed with it).
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from cards.domain.cardset import CardSet, load_cardset
from simulator.engine.runner import play_game
from simulator.games.eredan.game import EredanGame
from simulator.games.eredan.policies import SearchPolicy, make_policy
from simulator.records.base import RecordError, loads, replay_record, validate_shape

DATA = Path(__file__).parent / "data" / "eredan_v1"
RECORDS = ("chance-greedy-random", "golems-aez-greedy", "auras-random")


@pytest.fixture(scope="module")
def frozen() -> CardSet:
    return load_cardset(DATA / "cardset")


def old_record(name: str) -> dict[str, Any]:
    record: dict[str, Any] = loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    return record


@pytest.mark.parametrize("name", RECORDS)
def test_a_record_written_before_the_refactor_replays_to_the_same_game(frozen, name):
    record = old_record(name)
    validate_shape(record)
    assert record["options"] == {"turn_cap": 60}  # written before the rules were recorded
    replayed = replay_record(record, context=frozen.catalog)
    summaries = json.loads((DATA / "summaries.json").read_text(encoding="utf-8"))
    assert replayed.result == record["result"]
    # The summary as that engine wrote it; keys added since (``cards_seen``: the card metrics of
    # docs/lab.md) are new facts about the same game.
    pinned = summaries[name]
    assert set(replayed.summary) - set(pinned) == {"cards_seen"}
    assert {k: v for k, v in replayed.summary.items() if k in pinned} == pinned


@pytest.mark.parametrize("name", RECORDS)
def test_an_old_record_against_todays_bundled_cards_replays_or_answers_a_verdict(name):
    """The bundled cards change (their effects are re-encoded): an old record then replays to its
    own result, or is refused with a verdict naming the first thing that no longer holds."""
    record = old_record(name)
    try:
        replayed = replay_record(record)
    except RecordError as exc:
        assert exc.code in {"unknown_card", "duplicate_card", "bad_deal", "illegal_action", "wrong_chance"}
        assert exc.message
    else:
        assert replayed.result == record["result"]


def _log_digest(logs: list[list[dict[str, Any]]]) -> str:
    parts = [hashlib.sha256(json.dumps(log, sort_keys=True).encode()).hexdigest()[:16] for log in logs]
    return hashlib.sha256(" ".join(parts).encode()).hexdigest()


def test_seeded_games_are_the_same_as_before_the_refactor(frozen):
    """48 seeded games (random and greedy players) over the frozen demo decks — auras, Ordres,
    chains, items, spells, random targets and discards — give the event logs of the old engine,
    with its reading of "N turns" (the game's turns: ``turns_count_the_characters_combats`` false;
    the frozen cards hold such durations)."""
    pairs = [
        ("noz-chance", "kotoba-voie-du-sabre"),
        ("zil-golems", "kotoba-aez"),
        ("noz-ailes-du-dragon", "nehantistes-corruption"),
    ]
    game = EredanGame(log=True, turns_count_the_characters_combats=False)
    logs = []
    for a, b in pairs:
        for seed in range(8):
            for policy in ("random", "greedy"):
                state = game.new_initial_state(random.Random(seed), (frozen.decks[a], frozen.decks[b]))
                rngs = (random.Random(seed + 100), random.Random(seed + 200))
                final = play_game(state, (make_policy(policy), make_policy(policy)), rngs)
                logs.append(final.log)
    assert _log_digest(logs) == "94d3b17b76090e4652026a8ca401ec829927b6c6dcc91af21dc56ff753b874c6"


def test_search_player_games_are_the_same_as_before_the_refactor(frozen):
    """The search player (determinize, clone, rollouts) plays the same games as before (with the
    old reading of "N turns", as above)."""
    game = EredanGame(log=True, turns_count_the_characters_combats=False)
    logs = []
    for seed, (a, b) in enumerate([("noz-chance", "zil-golems"), ("noz-ailes-du-dragon", "kotoba-aez")]):
        state = game.new_initial_state(random.Random(seed), (frozen.decks[a], frozen.decks[b]))
        rngs = (random.Random(seed + 100), random.Random(seed + 200))
        final = play_game(state, (SearchPolicy(worlds=4, horizon=1), make_policy("greedy")), rngs)
        logs.append(final.log)
    assert _log_digest(logs) == "ff6b1a67b273e5dcd4d11e5e4f5b891f71dae1b306c02da7cf29f6f952cd0513"
