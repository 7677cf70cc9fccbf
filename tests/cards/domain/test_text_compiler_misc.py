"""The rules-text compiler's readings of markers and of clauses of no other family
(cards/domain/grammar_markers.py, grammar_misc.py and their hooks).

Every text here is written for these tests, in the cards' grammar (other numbers, names and
combinations); none is a card's text.
"""

from __future__ import annotations

import pytest

from cards.domain.cardset import load_cardset
from cards.domain.text_compiler import TextCompiler
from cards.domain.vocabulary import vocabulary_from_reference


@pytest.fixture(scope="module")
def compiler():
    return TextCompiler(vocabulary_from_reference(load_cardset().reference))


def card(compiler, text, **kw):
    result = compiler.compile(text, subject="card", **kw)
    assert result.complete, result.clauses
    return result.to_json()["effects"]


def character(compiler, text, **kw):
    result = compiler.compile(text, subject="character", **kw)
    assert result.complete, result.clauses
    return result.to_json()["abilities"]


def unread(compiler, text, subject="card"):
    return list(compiler.compile(text, subject=subject).unread)


def test_a_trigger_said_after_the_scaling(compiler):
    """ "Attaque +3 par tranche de 3 Runes en jeu au début du combat": counted when the combat
    starts, for that combat (rules/eredan.md §3 step 2)."""
    assert character(compiler, "Attaque +3 par tranche de 3 Corruptions en jeu au début du combat.") == [
        {
            "op": "trigger",
            "on": "combat_start",
            "effects": [
                {
                    "op": "modify",
                    "stat": "attack",
                    "amount": {
                        "per": {"cards": "play", "owner": "both", "match": {"type": "corruption"}},
                        "each": 3,
                        "div": 3,
                    },
                }
            ],
        }
    ]
