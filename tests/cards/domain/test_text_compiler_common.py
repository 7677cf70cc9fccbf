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


def test_they_share_one_of_the_kind_the_sentence_before_names(compiler):
    out = effects(
        compiler,
        "Esprit +1 par Race représentée par les personnages en combat. "
        "Défense +2 supplémentaire s'ils en ont une en commun.",
    )
    assert out[1] == {"op": "modify", "stat": "defense", "amount": 2, "when": {"opponent_shares": "race"}}
    # no kind said before, or two: not read
    assert not compiler.compile("Esprit +1. Défense +2 supplémentaire s'ils en ont une en commun.").complete
    assert not compiler.compile(
        "Esprit +1 par Race et par Classe des personnages en combat. Défense +2 s'ils en ont une en commun."
    ).complete


def test_the_two_fighters_in_a_cards_text_only(compiler):
    text = "Si les deux personnages en combat ont une Caste en commun, Esprit +2."
    assert effects(compiler, text)[0]["when"] == {"opponent_shares": "caste"}
    assert not compiler.compile(text, subject="character").complete


@pytest.mark.parametrize(
    ("text", "target"),
    [
        (
            "Vos Prêtres qui n'ont aucune Caste en commun avec vous ont Esprit +2.",
            {"group": "allies", "class": "pretre", "not_shares": "caste"},
        ),
        (
            "Les personnages ayant une Race en commun avec votre personnage ont Défense -1.",
            {"group": "characters", "shares": "race"},
        ),
    ],
)
def test_characters_sharing_a_kind_with_the_holder(compiler, text, target):
    from cards.domain.effects import parse_target

    out = effects(compiler, text)
    assert out[0]["target"] == target
    assert parse_target(target, "t").to_json() == target


def test_a_card_attached_to_one_sharing_nothing_with_you(compiler):
    result = compiler.compile(
        "Choisissez un personnage qui n'a aucune Guilde en commun avec vous et attachez lui cette carte. "
        "Il a Esprit -2. Permanent."
    )
    assert result.complete, result.clauses
    assert result.to_json()["play"]["attach"] == {
        "group": "characters",
        "pick": "choice",
        "not_shares": "guild",
    }
    # "vous" on a card attached to the opponent: not read
    assert not compiler.compile(
        "S'attache à votre adversaire. Les personnages ayant une Race en commun avec vous ont Esprit -1."
    ).complete


def test_the_filter_schema_and_rules_text():
    from cards.domain.effects import parse_target
    from cards.domain.text import target_text

    with pytest.raises(EffectError, match="not_shares: expected one of class, guild, race, caste"):
        parse_target({"group": "allies", "not_shares": "sex"}, "t")
    target = parse_target({"group": "allies", "shares": "class"}, "t")
    assert "sharing a class with this character" in target_text(target, "en", Names())
    assert "ayant une Classe en commun" in target_text(target, "fr", Names())


def test_a_bonus_per_class_in_common(compiler):
    from cards.domain.effects import parse_count
    from cards.domain.text import effect_text

    result = compiler.compile("Défense +2 par Caste en commun entre les 2 personnages en combat.")
    assert result.complete, result.clauses
    out = result.to_json()["effects"]
    assert out == [{"op": "modify", "stat": "defense", "amount": {"per": {"common": "caste"}, "each": 2}}]
    assert parse_count({"common": "class"}, "c").to_json() == {"common": "class"}
    with pytest.raises(EffectError, match="common: expected one of class, caste"):
        parse_count({"common": "race"}, "c")
    assert "caste this character shares with the opponent" in effect_text(result.effects[0], "en", Names())
    assert "Caste en commun entre" in effect_text(result.effects[0], "fr", Names())
