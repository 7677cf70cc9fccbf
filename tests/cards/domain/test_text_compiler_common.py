"""The rules-text compiler: two characters that share a Classe / Guilde / Race / Caste (the
condition ``opponent_shares``).

Every text here is written for these tests, in the cards' grammar (other numbers and
combinations); none is a card's text.
"""

from __future__ import annotations

import pytest

from cards.domain.effects import EffectError, parse_condition
from cards.domain.text import Names, condition_text


def effects(compiler, text, subject="card"):
    result = compiler.compile(text, subject=subject)
    assert result.complete, result.clauses
    return result.to_json()["effects"]


@pytest.mark.parametrize(
    ("text", "when"),
    [
        (
            "Esprit +3 si le personnage adverse n'a aucune Caste en commun avec votre personnage.",
            {"not": {"opponent_shares": "caste"}},
        ),
        (
            "Si le personnage adverse a une Guilde en commun avec votre personnage, Défense +1.",
            {"opponent_shares": "guild"},
        ),
        (
            "Si votre personnage n'a aucune Race en commun avec le personnage adverse, Esprit +1.",
            {"not": {"opponent_shares": "race"}},
        ),
        (
            "Si vous avez une Classe en commun avec le personnage adverse, Défense +3.",
            {"opponent_shares": "class"},
        ),
    ],
)
def test_the_fighters_share_a_kind(compiler, text, when):
    out = effects(compiler, text)
    assert [e["when"] for e in out] == [when]
    assert parse_condition(when, "w").to_json() == when


def test_an_extra_bonus_when_they_share_none(compiler):
    out = effects(
        compiler,
        "Esprit +1. Si le personnage adverse n'a aucune Classe en commun avec vous, "
        "Esprit +3 supplémentaire.",
    )
    assert out[1]["when"] == {"not": {"opponent_shares": "class"}}
    assert out[1]["amount"] == 3


def test_other_phrases_stay_unread(compiler):
    assert not compiler.compile(
        "Défense +2 si le personnage adverse a une Arme en commun avec vous."
    ).complete


def test_schema_and_rules_text():
    with pytest.raises(EffectError, match="expected one of class, guild, race, caste"):
        parse_condition({"opponent_shares": "family"}, "w")
    cond = parse_condition({"opponent_shares": "guild"}, "w")
    assert condition_text(cond, "en", Names()) == "if the opponent shares a guild with this character"
    assert "Guilde en commun" in condition_text(cond, "fr", Names())
