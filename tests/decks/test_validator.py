"""The pure deck validator: every code of docs/rules/eredan.md §2, and every example of the rules page."""

from __future__ import annotations

import dataclasses

import pytest

from cards.domain.specs import Catalog
from decks.rules import DEFAULT_RULES, VIOLATION_CODES, ViolationCode
from decks.validator import ValidationResult, validate_deck, validate_specs
from tests.decks.catalog import CATALOG, CHARACTERS, FILLER, card, character, codes, deck

KOTOBA = ["iro-le-duelliste", "amaya", "aez-le-guerrier-errant"]
NOZ = ["aez-le-guerrier-errant", "hares-le-brutal", "zahal"]


def check(characters, cards, **kwargs):
    return validate_deck(characters=characters, cards=cards, catalog=CATALOG, **kwargs)


def test_a_legal_deck_is_valid():
    result = check(KOTOBA, deck(katana=3))
    assert result.valid
    assert result.violations == ()
    assert result.affiliation == "kotoba"


# --- the rules page's examples ---------------------------------------------------------------


def test_rules_2_2_example_telendar_iro_amaya_is_guild_conflict():
    """docs/rules/eredan.md §2.2: Télendar (Zil) + Iro (Kotoba) + Amaya (Kotoba) is invalid."""
    result = check(["telendar", "iro-le-duelliste", "amaya"], deck())
    assert codes(result) == ["guild_conflict"]
    assert result.violations[0].characters == ("amaya", "iro-le-duelliste", "telendar")
    assert result.affiliation is None


def test_rules_2_2_example_aez_iro_amaya_is_valid():
    """docs/rules/eredan.md §2.2: Aez (Mercenary) + Iro + Amaya is valid."""
    result = check(["aez-le-guerrier-errant", "iro-le-duelliste", "amaya"], deck())
    assert result.valid
    assert result.affiliation == "kotoba"


def test_rules_2_3_example_aez_hares_zahal_is_noz_dingard():
    """docs/rules/eredan.md §2.3: Aez (Merc.) + Harès le brutal (Merc.) + Zahal (Noz'Dingard)
    → Noz'Dingard."""
    result = check(NOZ, deck())
    assert result.valid
    assert result.affiliation == "noz"


def test_rules_2_3_all_mercenary_deck_is_mercenary():
    result = check(["aez-le-guerrier-errant", "hares-le-brutal"], deck())
    assert result.affiliation == "non_affilies"
    assert codes(result) == ["character_count"]


def test_rules_2_4_example_katana_in_noz_dingard_deck_is_card_affiliation():
    """docs/rules/eredan.md §2.4: Katana (Kotoba) cannot go in a Noz'Dingard deck."""
    result = check(NOZ, deck(katana=1))
    assert codes(result) == ["card_affiliation"]
    assert result.violations[0].cards == ("katana",)
    assert "Kotoba" in result.violations[0].message


def test_rules_2_4_example_wakizashi_and_katana_each_reported():
    result = check(NOZ, deck(katana=1, wakizashi=2))
    assert codes(result) == ["card_affiliation", "card_affiliation"]
    assert [v.cards for v in result.violations] == [("katana",), ("wakizashi",)]


def test_rules_2_7_example_eclairs_3_once_is_legal():
    """docs/rules/eredan.md §2.7: Éclairs level 3 is unique → 1× Éclairs 3 is legal."""
    result = check(["kounok", "zahal", "aez-le-guerrier-errant"], deck(eclairs_3=1))
    assert result.valid, result.violations


def test_rules_2_7_example_eclairs_3_beside_eclairs_1_is_unique_evolution():
    """docs/rules/eredan.md §2.7: Éclairs 3 + Éclairs 1 → unique_evolution."""
    result = check(["kounok", "zahal", "aez-le-guerrier-errant"], deck(eclairs_3=1, eclairs_1=1))
    assert codes(result) == ["unique_evolution"]
    assert result.violations[0].cards == ("eclairs-1", "eclairs-3")


def test_rules_2_7_example_three_eclairs_at_levels_1_and_2_is_legal():
    """docs/rules/eredan.md §2.7: "or up to 3× Éclairs at levels 1–2"."""
    result = check(["kounok", "zahal", "aez-le-guerrier-errant"], deck(eclairs_1=2, eclairs_2=1))
    assert result.valid, result.violations


def test_rules_2_5_example_eclairs_1_x2_and_eclairs_2_x2_is_copy_limit():
    """docs/rules/eredan.md §2.5: 2× level 1 + 2× level 2 of one family is 4 copies, invalid."""
    result = check(["kounok", "zahal", "aez-le-guerrier-errant"], deck(eclairs_1=2, eclairs_2=2))
    assert codes(result) == ["copy_limit"]
    assert result.violations[0].cards == ("eclairs-1", "eclairs-2")


# --- each code -----------------------------------------------------------------------------------


def test_unknown_character_and_unknown_card():
    result = check(["iro-le-duelliste", "amaya", "nobody"], deck(excalibur=2))
    assert codes(result) == ["unknown_character", "unknown_card"]
    assert result.violations[0].characters == ("nobody",)
    assert result.violations[1].cards == ("excalibur",)


def test_a_character_given_as_a_card_is_unknown_card_and_a_card_as_character_unknown_character():
    result = check(["iro-le-duelliste", "amaya", "katana"], deck(zahal=1))
    assert codes(result) == ["unknown_character", "unknown_card"]


def test_unplayable_card_is_unknown_card():
    """[decision] DeckRules.unplayable_cards_allowed: XP cards do not go in a deck."""
    result = check(KOTOBA, deck(xp_100=1))
    assert codes(result) == ["unknown_card"]
    assert "cannot go in a deck" in result.violations[0].message
    assert check(
        KOTOBA, deck(xp_100=1), rules=dataclasses.replace(DEFAULT_RULES, unplayable_cards_allowed=True)
    ).valid


@pytest.mark.parametrize("chars", [[], ["amaya"], ["amaya", "iro-le-duelliste"], [*KOTOBA, "sayuri"]])
def test_rules_2_1_character_count(chars):
    result = check(chars, deck())
    assert "character_count" in codes(result)


def test_rules_2_1_duplicate_character_same_family_other_level():
    """docs/rules/eredan.md §2.1: three *different families* — Zahal 1 and Zahal 2 are one family."""
    result = check(["zahal", "zahal-2", "aez-le-guerrier-errant"], deck())
    assert codes(result) == ["duplicate_character"]
    assert result.violations[0].characters == ("zahal", "zahal-2")


def test_rules_2_1_duplicate_character_same_slug_twice():
    result = check(["zahal", "zahal", "aez-le-guerrier-errant"], deck())
    assert codes(result) == ["duplicate_character"]


def test_duplicate_unknown_character_slug():
    result = check(["ghost", "ghost", "zahal"], deck())
    assert codes(result) == ["unknown_character", "duplicate_character"]


@pytest.mark.parametrize(("size", "ok"), [(19, False), (20, True), (50, True), (51, False)])
def test_rules_2_1_deck_size_bounds(size, ok):
    """docs/rules/eredan.md §2.1: 20 to 50 cards."""
    potions = {f"potion-{i}": card(f"potion-{i}", f"Potion {i}", "potion") for i in range(20)}
    catalog = Catalog(characters=CATALOG.characters, cards={**CATALOG.cards, **potions})
    cards = {}
    remaining = size
    for slug in potions:
        take = min(3, remaining)
        if take:
            cards[slug] = take
            remaining -= take
    result = validate_deck(characters=NOZ, cards=cards, catalog=catalog)
    assert result.valid is ok
    if not ok:
        assert codes(result) == ["deck_size"]
        assert str(size) in result.violations[0].message


def test_rules_2_3_mercenary_with_nehantiste():
    """docs/rules/eredan.md §2.3: Mercenary characters cannot be used with Néhantiste characters."""
    nehantist = character("lhou", "Lhoù", "nehantistes", ("mage",))
    catalog = Catalog(characters={**CATALOG.characters, "lhou": nehantist}, cards=CATALOG.cards)
    result = validate_deck(
        characters=["ombreuse", "lhou", "aez-le-guerrier-errant"], cards=deck(), catalog=catalog
    )
    assert codes(result) == ["mercenary_nehantiste"]
    assert result.violations[0].characters == ("aez-le-guerrier-errant", "lhou", "ombreuse")
    assert result.affiliation == "nehantistes"


def test_rules_2_4_mercenary_deck_takes_no_affiliated_card():
    result = check(["aez-le-guerrier-errant", "hares-le-brutal", "ghost"], deck(katana=1))
    assert codes(result) == ["unknown_character", "card_affiliation"]
    assert "Mercenary deck" in result.violations[1].message


def test_rules_2_4_unaffiliated_cards_go_anywhere():
    for chars in (KOTOBA, NOZ):
        assert check(chars, deck(hache=3)).valid


def test_rules_2_4_guild_conflict_still_reports_cards_of_no_character_guild():
    result = check(["telendar", "iro-le-duelliste", "amaya"], deck(katana=1, armure_noz=1))
    assert codes(result) == ["guild_conflict", "card_affiliation"]
    assert result.violations[1].cards == ("armure-noz",)


def test_rules_2_5_copy_limit_one_card():
    result = check(KOTOBA, deck(katana=4))
    assert codes(result) == ["copy_limit"]


def test_rules_2_5_copy_limit_per_card_when_evolutions_do_not_share():
    rules = dataclasses.replace(DEFAULT_RULES, evolutions_share_copy_limit=False)
    result = check(["kounok", "zahal", "aez-le-guerrier-errant"], deck(eclairs_1=2, eclairs_2=2), rules=rules)
    assert result.valid


def test_rules_2_6_unique_limit():
    """docs/rules/eredan.md §2.6: unique cards, 1 copy at most."""
    result = check(["kounok", "zahal", "aez-le-guerrier-errant"], deck(eclairs_3=2))
    assert codes(result) == ["unique_limit"]
    assert result.violations[0].cards == ("eclairs-3",)


def test_rules_2_8_spell_needs_a_mage():
    """docs/rules/eredan.md §2.8: a Sortilège needs a Mage in the deck."""
    assert codes(check(NOZ, deck(boule_de_feu=1))) == ["class_requirement"]
    assert check(["kounok", "zahal", "aez-le-guerrier-errant"], deck(boule_de_feu=1)).valid


def test_rules_2_8_guemelite_casts_spells_of_its_element_only():
    """docs/rules/eredan.md §2.8: "or a Guémélite of the spell's element" (Ombreuse: Guémélite de l'Ombre)."""
    shadow_spell = card("ombres", "Ombres", "ombre")
    catalog = Catalog(characters=CATALOG.characters, cards={**CATALOG.cards, "ombres": shadow_spell})
    chars = ["ombreuse", "telendar", "ghost"]
    ok = validate_deck(characters=chars, cards=deck(ombres=1), catalog=catalog)
    assert "class_requirement" not in codes(ok)
    bad = validate_deck(characters=chars, cards=deck(boule_de_feu=1), catalog=catalog)
    assert "class_requirement" in codes(bad)
    off = dataclasses.replace(DEFAULT_RULES, guemelite_casts_own_element=False)
    assert "class_requirement" in codes(
        validate_deck(characters=chars, cards=deck(ombres=1), catalog=catalog, rules=off)
    )


def test_rules_2_8_theurgy_needs_a_pretre():
    """docs/rules/eredan.md §2.8: a Théurgie needs a Prêtre."""
    assert codes(check(NOZ, deck(benediction_du_gardien=1))) == ["class_requirement"]
    assert check(["jorus", "zahal", "aez-le-guerrier-errant"], deck(benediction_du_gardien=1)).valid


def test_rules_2_8_multi_class_mage_pretre_plays_both():
    """docs/rules/eredan.md §3 Classes: a multi-class character plays both classes' cards."""
    chars = ["meliane", "amaya", "aez-le-guerrier-errant"]
    assert check(chars, deck(boule_de_feu=1, benediction_du_gardien=1)).valid
    first_only = dataclasses.replace(DEFAULT_RULES, multi_class_plays_all_classes=False)
    assert codes(check(chars, deck(boule_de_feu=1, benediction_du_gardien=1), rules=first_only)) == [
        "class_requirement"
    ]


def test_rules_2_8_class_reserved_card():
    assert codes(check(NOZ, deck(attaque_sournoise=1))) == ["class_requirement"]
    assert check(KOTOBA, deck(attaque_sournoise=1)).valid  # Amaya is a Maraudeur


def test_rules_2_8_character_reserved_card():
    assert codes(check(NOZ, deck(baton_de_jorus=1))) == ["class_requirement"]
    assert check(["jorus", "zahal", "aez-le-guerrier-errant"], deck(baton_de_jorus=1)).valid


def test_rules_2_8_golem_may_carry_any_item():
    """docs/rules/eredan.md §2.8: a Golem may carry any Objet (here one reserved to Mages and one to
    Jorus)."""
    chars = ["golemarlok", "zahal", "aez-le-guerrier-errant"]
    assert check(chars, deck(grimoire_de_mage=1, baton_de_jorus=1)).valid
    # …but not a reserved action, nor a spell
    assert codes(check(chars, deck(attaque_sournoise=1, boule_de_feu=1))) == [
        "class_requirement",
        "class_requirement",
    ]
    off = dataclasses.replace(DEFAULT_RULES, golem_carries_any_item=False)
    assert codes(check(chars, deck(grimoire_de_mage=1), rules=off)) == ["class_requirement"]


def test_rules_2_8_same_character_plays_a_reserved_spell():
    """[decision] DeckRules.requirement_same_character: a spell reserved to Maraudeurs needs a
    Maraudeur who casts it (Amaya is a Maraudeur, Sayuri the Mage is not)."""
    odd = card("eclair-sournois", "Éclair sournois", "foudre", classes=("maraudeur",))
    catalog = Catalog(characters=CATALOG.characters, cards={**CATALOG.cards, "eclair-sournois": odd})
    chars = ["sayuri", "amaya", "aez-le-guerrier-errant"]
    result = validate_deck(characters=chars, cards=deck(eclair_sournois=1), catalog=catalog)
    assert codes(result) == ["class_requirement"]
    assert "the same character" in result.violations[0].message
    loose = dataclasses.replace(DEFAULT_RULES, requirement_same_character=False)
    assert validate_deck(characters=chars, cards=deck(eclair_sournois=1), catalog=catalog, rules=loose).valid


def test_rules_2_9_not_owned_with_missing_counts():
    """docs/rules/eredan.md §2.9: the collection must hold every copy; the missing counts are given."""
    cards = deck(katana=3)
    owned = dict(cards) | dict.fromkeys(KOTOBA, 1)
    assert check(KOTOBA, cards, owned=owned).valid
    owned["katana"] = 1
    del owned["amaya"]
    result = check(KOTOBA, cards, owned=owned)
    assert codes(result) == ["not_owned", "not_owned"]
    assert result.violations[0].characters == ("amaya",)
    assert result.violations[0].missing == (("amaya", 1),)
    assert result.violations[1].missing == (("katana", 2),)
    assert result.to_json()["errors"][1]["missing"] == {"katana": 2}


def test_rules_2_3_courtisan_joins_another_guild():
    """docs/rules/eredan.md §2.3: a Courtisan (Ishaïa, printed Noz'Dingard) may join a Kotoba deck."""
    result = check(["ishaia", "iro-le-duelliste", "amaya"], deck(katana=1))
    assert result.valid
    assert result.affiliation == "kotoba"


def test_rules_2_3_courtisans_alone_take_the_guild_their_cards_name():
    """[decision] DeckRules.multi_guild_joins_any_guild: Courtisans of two guilds with Mercenaries take
    the guild that the deck's affiliated cards name; without any, the first slug alphabetically."""
    chars = ["ishaia", "sayuri", "aez-le-guerrier-errant"]
    assert check(chars, deck(katana=1)).affiliation == "kotoba"
    assert check(chars, deck(armure_noz=1)).affiliation == "noz"
    assert check(chars, deck()).affiliation == "kotoba"
    both = check(chars, deck(armure_noz=2, katana=1))
    assert both.affiliation == "noz"
    assert codes(both) == ["card_affiliation"]


def test_rules_2_3_courtisan_as_plain_character_when_setting_off():
    rules = dataclasses.replace(DEFAULT_RULES, multi_guild_joins_any_guild=False)
    result = check(["ishaia", "iro-le-duelliste", "amaya"], deck(), rules=rules)
    assert codes(result) == ["guild_conflict"]


def test_every_violation_reported_at_once():
    result = check(
        ["telendar", "iro-le-duelliste", "zahal", "zahal-2", "ghost"],
        {
            "katana": 4,
            "eclairs-3": 2,
            "eclairs-1": 1,
            "lame-nehantiste": 1,
            "nope": 1,
            "attaque-sournoise": 1,
        },
        owned={},
    )
    assert set(codes(result)) == set(VIOLATION_CODES) - {"mercenary_nehantiste"}
    assert codes(result) == sorted(codes(result), key=VIOLATION_CODES.index)


def test_mercenary_nehantiste_code_reached_in_full_deck():
    result = check(["ombreuse", "aez-le-guerrier-errant", "hares-le-brutal"], deck())
    assert codes(result) == ["mercenary_nehantiste"]


def test_codes_are_stable():
    """The codes are part of the API: renaming one breaks clients."""
    assert VIOLATION_CODES == (
        "unknown_character",
        "unknown_card",
        "character_count",
        "duplicate_character",
        "deck_size",
        "guild_conflict",
        "mercenary_nehantiste",
        "card_affiliation",
        "copy_limit",
        "unique_limit",
        "unique_evolution",
        "class_requirement",
        "not_owned",
    )
    assert ViolationCode("copy_limit") is ViolationCode.COPY_LIMIT


@pytest.mark.parametrize("count", [0, -1, 1.5, True, "3"])
def test_bad_counts_raise(count):
    with pytest.raises(ValueError, match="positive integer"):
        check(KOTOBA, {"katana": count})


def test_validate_specs_matches_validate_deck():
    chars = [CATALOG.characters[s] for s in NOZ]
    cards = [(CATALOG.cards[s], n) for s, n in deck(katana=1).items()]
    by_specs = validate_specs(characters=chars, cards=cards, catalog=CATALOG)
    assert by_specs == check(NOZ, deck(katana=1))


def test_result_json_round_trip():
    result = check(["telendar", "iro-le-duelliste", "amaya"], deck(katana=4), owned={})
    assert ValidationResult.from_json(result.to_json()) == result


def test_test_catalog_characters_are_distinct():
    assert len({c.slug for c in CHARACTERS}) == len(CHARACTERS)
    assert sum(FILLER.values()) == 21
