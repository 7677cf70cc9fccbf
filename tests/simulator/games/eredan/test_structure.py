"""The engine's structure (docs/eredan-engine.md "A new mechanic"): every compiled record type has
its compiling function and its interpreter function, and actions are typed values."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from cards.domain import effects as spec
from simulator.games.eredan import ops
from simulator.games.eredan.actions import PASS, Discard, Fight, Play, decode
from simulator.games.eredan.interpreter import CLAUSES, COUNTS, DURATIONS, EFFECTS, TARGETS, interprets
from simulator.games.eredan.policies import VALUES
from simulator.games.eredan.state import describe_action
from tests.simulator.games.eredan.factories import card, card_id, fight, line, prepare_game

JAB = card("jab", effects=[{"op": "modify", "stat": "attack", "amount": 1}])


def _record_types(base: type) -> set[type]:
    return {
        value
        for value in vars(ops).values()
        if isinstance(value, type) and issubclass(value, base) and value is not base
    }


@pytest.mark.parametrize(
    ("base", "table"),
    [
        (ops.Op, EFFECTS),
        (ops.Clause, CLAUSES),
        (ops.Target, TARGETS),
        (ops.Duration, DURATIONS),
        (ops.Count, COUNTS),
    ],
)
def test_every_record_type_has_its_interpreter_function(base, table):
    assert _record_types(base) == set(table), "a record type without its interpreter function"


def test_every_op_of_the_card_data_compiles_and_the_greedy_player_values_it():
    """Each op of cards/domain/effects.py the engine plays has a compiling function (``chain_on``,
    ``may_play``, ``carry``, ``may_attach`` are abilities and a card's ``chain`` its own, compiled
    into the tables), and each compiled op a value for the greedy player; an op of the card data
    the engine does not play yet is refused by name, never ignored."""
    spec_ops = {
        value
        for value in vars(spec).values()
        if isinstance(value, type)
        and hasattr(value, "__dataclass_fields__")
        and "op" in value.__dataclass_fields__
    }
    assert spec_ops - set(ops.COMPILERS) == ops.COMPILED_INTO_TABLES | ops.PENDING_OPS
    assert not ops.PENDING_OPS & set(ops.COMPILERS), "an op is both pending and compiled"
    assert set(VALUES) == _record_types(ops.Op)
    with pytest.raises(ops.UnsupportedSpecError, match="'chain_on' is not supported on a card"):
        ops.compile_effect(spec.ChainOn(match=spec.CardMatch("any")), "card 'x': effects[0]", 0)


def test_every_condition_key_of_the_card_data_has_a_clause():
    """Every key but those of the effect language v2 still pending (refused at compile time)."""
    keys = {f.name for f in fields(spec.Condition)}
    assert keys - set(ops.CLAUSE_OF_KEY) == ops.PENDING_CONDITION_KEYS


@pytest.mark.parametrize("op_type", sorted(ops.PENDING_OPS, key=lambda t: str(getattr(t, "__name__", t))))
def test_a_pending_op_is_refused_at_compile_time(op_type):
    """The contract while an op of the language is not played: compile_tables refuses it, never
    plays the card without it (cards/domain/effects.py)."""
    effect = op_type.__new__(op_type)
    object.__setattr__(effect, "when", None)
    with pytest.raises(ops.UnsupportedSpecError, match="not supported"):
        ops.compile_effect(effect, "card 'x': effects[0]", 0)


def test_interprets_refuses_what_is_not_a_record_type():
    with pytest.raises(TypeError):
        interprets(int)(lambda: None)


def test_actions_are_typed_values_with_named_fields():
    fight_ = Fight.of(1, 5)
    play_ = Play.of(12, 4)
    discard = Discard.of(0b101)
    assert (fight_.fighter, fight_.opponent) == (1, 5)
    assert (play_.card, play_.carrier) == (12, 4)
    assert discard.mask == 0b101
    assert Fight.of(1, 5) is fight_ and Play.of(12, 4) is play_  # one object per action
    assert len({PASS, fight_, play_, discard}) == 4
    assert [decode(int(a)) for a in (PASS, fight_, play_, discard)] == [PASS, fight_, play_, discard]
    assert repr(play_) == "Play(card=12, carrier=4)" and repr(PASS) == "PASS"
    with pytest.raises(ValueError):
        Fight.of(0, 1)  # two characters of the same side
    with pytest.raises(ValueError):
        Play.of(3, 6)
    assert decode(-1) is None and decode("play") is None  # type: ignore[arg-type]


def test_the_engine_hands_out_typed_actions_and_takes_their_int_too():
    s = prepare_game(line("a"), line("b"), hands=([JAB], [JAB]))
    assert all(isinstance(a, Fight) for a in s.legal_actions())
    fight(s, 0, 0)
    options = s.legal_actions()
    assert options == (PASS, Play.of(card_id(s, JAB), 0))
    assert describe_action(s, options[1]) == "play jab on a-1"
    s.apply(int(options[1]))  # a plain int equal to a legal action is that action
    assert s.plays[0] == [Play.of(card_id(s, JAB), 0)] and isinstance(s.plays[0][0], Play)


def test_a_copy_plays_the_same_typed_actions():
    s = prepare_game(line("a"), line("b"), hands=([JAB], [JAB]))
    copy = s.clone(rng=random.Random(3))
    assert copy.legal_actions() == s.legal_actions()
