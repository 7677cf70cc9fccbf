"""The game registry (simulator/engine/registry.py): every game declares itself in one spec, and
each declaration is true — its policies, its options and their defaults, its record codec, its
event log."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from simulator.engine.protocol import Policy
from simulator.engine.registry import (
    DEFAULT_GAME,
    GAME_MODULES,
    GameOption,
    GameSpec,
    LogFormat,
    PolicySpec,
    UnknownGameError,
    available_games,
    game_specs,
    get_game_spec,
)
from simulator.engine.runner import Side, play_match_game
from tests.simulator.games.eredan.factories import sample_decks

GAMES = available_games()


def entrants(spec: GameSpec) -> tuple[Any, Any]:
    return sample_decks() if spec.uses_decks else (None, None)


def test_every_registered_game_declares_itself_under_its_name() -> None:
    assert GAMES == ["eredan", "cribbage", "ecarte", "crapette"]
    assert DEFAULT_GAME in GAMES
    for spec in game_specs():
        assert spec.module == GAME_MODULES[spec.name]
        assert spec.display_name and spec.title
    assert {s.display_name for s in game_specs()} == {"Eredan", "Cribbage", "Écarté", "Crapette"}


@pytest.mark.parametrize("name", [None, 3, "chess", ["eredan"]])
def test_an_unknown_game_is_refused(name: Any) -> None:
    with pytest.raises(UnknownGameError):
        get_game_spec(name)


@pytest.mark.parametrize("name", GAMES)
def test_the_declared_policies_are_the_games_players(name: str) -> None:
    spec = get_game_spec(name)
    assert spec.default_policy in spec.policies
    for key, policy in spec.policies.items():
        player: Policy = spec.make_policy(key)
        assert player.name == key == policy.name
        assert policy.seconds_per_game > 0
    with pytest.raises(KeyError):
        spec.make_policy("psychic")


@pytest.mark.parametrize("name", GAMES)
def test_the_option_defaults_are_the_games_own(name: str) -> None:
    """A game made with every option at its declared default is the game made without options."""
    spec = get_game_spec(name)
    defaults = spec.option_defaults()
    assert set(defaults) == set(spec.options)
    with_defaults = spec.make_game(**defaults)
    plain = spec.make_game()
    seed = 2024
    a = play_match_game(with_defaults, sides(spec), seed, 0).summary
    b = play_match_game(plain, sides(spec), seed, 0).summary
    assert a == b


def sides(spec: GameSpec) -> tuple[Side, Side]:
    decks = entrants(spec)
    return (Side("A", spec.make_policy("random"), decks[0]), Side("B", spec.make_policy("random"), decks[1]))


@pytest.mark.parametrize("name", GAMES)
def test_the_record_codec_is_declared_and_records_a_game(name: str) -> None:
    from simulator.records import codec_for, recorder_factory, replay_record

    spec = get_game_spec(name)
    codec = importlib.import_module(spec.record_codec)
    assert codec_for(name) is codec and callable(codec.recorder) and callable(codec.replay)
    if spec.uses_decks:
        return  # its records name cards of the catalog: tests/simulator/records/test_eredan_records.py
    game = spec.make_game()
    result = play_match_game(game, sides(spec), 5, 0, recorder=recorder_factory(name, game))
    assert result.record is not None and result.record["game"] == name
    assert replay_record(result.record).result["winner"] == result.winner_seat


@pytest.mark.parametrize("name", GAMES)
def test_the_event_log_has_the_declared_format(name: str) -> None:
    spec = get_game_spec(name)
    result = play_match_game(spec.make_game(), sides(spec), 9, 1, record_log=True)
    assert result.log
    if spec.log_format is LogFormat.EVENTS:
        assert all(isinstance(entry, dict) and "event" in entry for entry in result.log)
    else:
        assert all(isinstance(entry, str) and entry for entry in result.log)


def test_expected_seconds_of_a_pairing_are_the_mean_of_its_policies() -> None:
    spec = get_game_spec("cribbage")
    random_cost, ev_cost = spec.policies["random"].seconds_per_game, spec.policies["ev"].seconds_per_game
    assert spec.seconds_per_game(["random", "ev"]) == pytest.approx((random_cost + ev_cost) / 2)
    assert spec.seconds_per_game(["random", "nobody"]) == pytest.approx((random_cost + ev_cost) / 2)


def test_an_option_accepts_its_own_type_only() -> None:
    count = GameOption("target", int, 121, "points")
    assert count.accepts(5) and not count.accepts(True) and not count.accepts("5")
    flag = GameOption("strict", bool, False, "")
    assert flag.accepts(True) and not flag.accepts(1)


def test_a_misdeclared_spec_is_refused() -> None:
    from simulator.games.ecarte import RandomPolicy, make_game

    random_policy = PolicySpec("random", RandomPolicy, seconds_per_game=0.001)
    base: dict[str, Any] = {
        "name": "toy",
        "display_name": "Toy",
        "title": "Toy",
        "module": "tests",
        "make_game": make_game,
        "policies": {"random": random_policy},
        "default_policy": "random",
        "record_codec": "simulator.records.ecarte",
        "log_format": LogFormat.EVENTS,
    }
    GameSpec(**base)
    with pytest.raises(ValueError, match="default policy"):
        GameSpec(**{**base, "default_policy": "greedy"})
    with pytest.raises(ValueError, match="policy 'rnd'"):
        GameSpec(**{**base, "policies": {"rnd": random_policy}, "default_policy": "rnd"})
    with pytest.raises(ValueError, match="option 'x'"):
        GameSpec(**{**base, "options": {"x": GameOption("x", int, "one", "")}})


def test_the_record_schema_knows_every_registered_game() -> None:
    """The published JSON Schema (simulator/records/schemas/record.json) dispatches on ``game``:
    a registered game missing from it would have records no validator accepts. The failure names
    each step a new game still lacks (the registry's docstring lists them)."""
    import importlib.util
    import json

    from simulator.records.base import SCHEMA_DIR

    root = json.loads((SCHEMA_DIR / "record.json").read_text())
    dispatch = {rule["if"]["properties"]["game"]["const"]: rule["then"]["$ref"] for rule in root["allOf"]}
    missing = []
    for spec in game_specs():
        name = spec.name
        if importlib.util.find_spec(spec.record_codec) is None:
            missing.append(f"{name}: its record codec module {spec.record_codec}")
        schema = SCHEMA_DIR / f"{name}.json"
        if not schema.is_file():
            missing.append(f"{name}: its record schema {schema.relative_to(SCHEMA_DIR.parents[2])}")
        elif json.loads(schema.read_text()).get("$id", "").rsplit("/", 1)[-1] != f"{name}.json":
            missing.append(f"{name}: the $id of {schema.name} ending in /{name}.json")
        if name not in root["properties"]["game"]["enum"]:
            missing.append(f"{name}: its name in record.json's properties.game.enum")
        if dispatch.get(name) != f"{name}.json":
            missing.append(
                f'{name}: record.json\'s allOf line {{"if": game == "{name}", "then": "{name}.json"}}'
            )
    assert not missing, "a registered game lacks:\n" + "\n".join(missing)
    assert sorted(root["properties"]["game"]["enum"]) == sorted(GAMES) == sorted(dispatch)
