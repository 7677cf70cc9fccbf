"""The counts and card matches added for the compiler's scaling and chain phrases
(cards/domain/effects.py): they parse strictly, round-trip through their canonical JSON, read in
English and French, and cards match as the contract says (cards/domain/specs.py card_matches)."""

from __future__ import annotations

import pytest

from cards.domain.effects import EffectError, effects_to_json, parse_card_match, parse_effects
from cards.domain.specs import CardSpec, Requirements, card_matches
from cards.domain.text import Names, effect_text
from simulator.games.eredan import ops

NAMES = Names(
    races={"golem": ("Golem", "Golem")},
    types={"objet": ("Item", "Objet"), "lance": ("Spear", "Lance"), "arme": ("Weapon", "Arme")},
    families={"margolin": ("Margolin", "Margolin")},
    castes={"mecaniste": ("Mechanist", "Mécaniste")},
)

VALID = [
    {"op": "modify", "stat": "attack", "amount": {"per": {"turn": "current"}, "max": 5}},
    {"op": "modify", "stat": "spirit", "amount": {"per": {"distinct": "race", "among": "all_allies"}}},
    {
        "op": "modify",
        "stat": "defense",
        "amount": {"per": {"distinct": "class", "among": {"group": "enemies", "class": "mage"}}},
    },
    {"op": "heal", "amount": {"per": {"castes": "self"}, "each": 2}},
    {
        "op": "damage_taken",
        "amount": {"per": {"cards": "play", "owner": "both", "match": {"type": "lance"}}, "each": -1},
    },
    {"op": "damage_dealt", "amount": {"per": {"characters": "other_allies"}, "max": 3}, "kinds": ["magical"]},
    {"op": "heal_dealt", "amount": {"per": {"turn": "current"}}},
    {"op": "chain", "match": {"type": "objet", "cursed": True}},
    {"op": "chain", "match": {"character_reserved": "margolin", "type": "objet"}},
    {"op": "chain", "match": {"caste_reserved": "mecaniste", "type": "arme"}},
    {"op": "chain", "match": {"race_reserved": "golem"}},
    {
        "op": "modify",
        "stat": "attack",
        "amount": 1,
        "when": {"compare": {"left": {"castes": "self"}, "cmp": "==", "right": 0}},
    },
]


@pytest.mark.parametrize("data", VALID, ids=range(len(VALID)))
def test_round_trip_and_both_languages(data):
    parsed = parse_effects([data])
    assert effects_to_json(parsed) == [data]
    (effect,) = parsed
    en, fr = effect_text(effect, "en", NAMES), effect_text(effect, "fr", NAMES)
    assert en != fr and "None" not in en + fr and "{" not in en + fr


def test_the_words_of_the_new_counts():
    (turn, races) = parse_effects(VALID[:2])
    assert "number of the current turn" in effect_text(turn, "en", NAMES)
    assert "numéro du tour en cours" in effect_text(turn, "fr", NAMES)
    assert "different race" in effect_text(races, "en", NAMES)
    assert "race différente" in effect_text(races, "fr", NAMES)
    (cursed,) = parse_effects([VALID[7]])
    assert "cursed Item" in effect_text(cursed, "en", NAMES)


@pytest.mark.parametrize(
    ("data", "path"),
    [
        (
            {"op": "modify", "stat": "attack", "amount": {"per": {"turn": "next"}}},
            "effects[0].amount.per.turn",
        ),
        (
            {
                "op": "modify",
                "stat": "attack",
                "amount": {"per": {"distinct": "colour", "among": "all_allies"}},
            },
            "effects[0].amount.per.distinct",
        ),
        (
            {"op": "modify", "stat": "attack", "amount": {"per": {"distinct": "race"}}},
            "effects[0].amount.per",
        ),
        (
            {"op": "modify", "stat": "attack", "amount": {"per": {"distinct": "race", "among": "nobody"}}},
            "effects[0].amount.per.among",
        ),
        ({"op": "heal", "amount": {"per": {"castes": "them"}}}, "effects[0].amount.per.castes"),
        ({"op": "damage_taken", "amount": {"per": {"turn": "current"}, "each": 0}}, "effects[0].amount.each"),
        ({"op": "damage_taken", "amount": 0}, "effects[0].amount"),
        ({"op": "chain", "match": {"type": "objet", "cursed": False}}, "effects[0].match.cursed"),
        ({"op": "chain", "match": {"card": "x", "cursed": True}}, "effects[0].match"),
        (
            {"op": "chain", "match": {"character_reserved": "Two words"}},
            "effects[0].match.character_reserved",
        ),
    ],
)
def test_invalid_data_is_refused_with_its_path(data, path):
    with pytest.raises(EffectError) as info:
        parse_effects([data])
    assert info.value.path == path


def _card(name: str, type_path: tuple[str, ...], **kw) -> CardSpec:
    return CardSpec(
        slug=name.lower().replace(" ", "-"),
        family=name.lower().replace(" ", "-"),
        level=1,
        name_en=name,
        name_fr=name,
        type=type_path[-1],
        type_path=type_path,
        **kw,
    )


def test_cursed_cards_are_those_the_game_names_so():
    cursed = parse_card_match({"type": "objet", "cursed": True}, "m")
    assert card_matches(cursed, _card("Gant maudit", ("objet", "armure")))
    assert card_matches(cursed, _card("Lame Maudite du soir", ("objet", "arme")))
    assert not card_matches(cursed, _card("Gant de cuir", ("objet", "armure")))
    assert not card_matches(cursed, _card("Sort maudit", ("sort",)))  # not an item


def test_cards_reserved_to_a_character_caste_or_race_of_a_type():
    margolin_item = parse_card_match({"character_reserved": "margolin", "type": "objet"}, "m")
    reserved = Requirements(characters=frozenset({"margolin"}))
    assert card_matches(margolin_item, _card("Bâton", ("objet", "arme"), requirements=reserved))
    assert not card_matches(margolin_item, _card("Prière", ("action",), requirements=reserved))
    assert not card_matches(margolin_item, _card("Bâton", ("objet", "arme")))
    mechanist = parse_card_match({"caste_reserved": "mecaniste", "type": "objet"}, "m")
    by_caste = Requirements(castes=frozenset({"mecaniste"}))
    assert card_matches(mechanist, _card("Clef", ("objet",), requirements=by_caste))
    assert not card_matches(mechanist, _card("Ruse", ("action",), requirements=by_caste))


@pytest.mark.parametrize(
    "data", [{"turn": "current"}, {"castes": "self"}, {"distinct": "guild", "among": "all_allies"}]
)
def test_the_engine_compiles_the_new_counts(data):
    """The engine counts them (tests/simulator/games/eredan/test_language_v2.py plays them)."""
    (effect,) = parse_effects([{"op": "damage", "kind": "direct", "amount": {"per": data}}])
    assert next(iter(data)) not in ops.PENDING_COUNT_KINDS
    op = ops.compile_effect(effect, "card 'x': effects[0]", 0)
    assert isinstance(op, ops.DamageOp) and isinstance(op.amount, ops.Scaled)


# --- counts of the character the effect reaches ----------------------------------------------------

REACHED = [
    {
        "op": "damage",
        "kind": "magical",
        "amount": {"per": {"stat": "spirit", "of": "target"}, "plus": 1},
        "target": "all_enemies",
    },
    {
        "op": "modify",
        "stat": "attack",
        "amount": {"per": {"cards": "play", "owner": "both", "match": {"type": "lance"}, "on": "target"}},
        "target": "all_allies",
    },
    {
        "op": "damage",
        "kind": "direct",
        "amount": {"per": {"markers": "poudre", "on": "target"}},
        "target": "fighters",
    },
]


@pytest.mark.parametrize("data", REACHED, ids=range(len(REACHED)))
def test_a_count_of_the_character_reached(data):
    (effect,) = parse_effects([data])
    assert effects_to_json([effect]) == [data]
    en, fr = effect_text(effect, "en", NAMES), effect_text(effect, "fr", NAMES)
    assert "each character reached" in en and "chaque personnage touché" in fr
    # the engine counts it for each character reached (tests/simulator/games/eredan/test_language_v2.py)
    op = ops.compile_effect(effect, "card 'x': effects[0]", 0)
    points = getattr(op, "points", None) or getattr(op, "amount", None)
    assert points.per_target  # type: ignore[union-attr]


def test_a_condition_reaches_no_one():
    compare = {"left": {"stat": "spirit", "of": "target"}, "cmp": ">", "right": 2}
    with pytest.raises(EffectError) as info:
        parse_effects([{"op": "modify", "stat": "attack", "amount": 1, "when": {"compare": compare}}])
    assert info.value.path == "effects[0].when.compare.left"


def test_a_count_of_the_other_cards():
    data = {
        "op": "modify",
        "stat": "attack",
        "amount": {"per": {"cards": "play", "owner": "both", "other": True}},
    }
    (effect,) = parse_effects([data])
    assert effects_to_json([effect]) == [data]
    assert "other card" in effect_text(effect, "en", NAMES) and "autre carte" in effect_text(
        effect, "fr", NAMES
    )
    op = ops.compile_effect(effect, "card 'x': effects[0]", 0)  # the engine leaves its card out
    assert op.points.count.other  # type: ignore[attr-defined]
    with pytest.raises(EffectError) as info:
        parse_effects(
            [{"op": "modify", "stat": "attack", "amount": {"per": {"cards": "play", "other": False}}}]
        )
    assert info.value.path == "effects[0].amount.per.other"


@pytest.mark.parametrize(
    "per",
    [
        {"characters": [{"group": "characters", "class": "mage"}, {"group": "enemies", "race": "golem"}]},
        {"characters": "other_allies", "dead": "either"},
    ],
)
def test_characters_of_several_kinds_or_alive_and_dead(per):
    data = {"op": "modify", "stat": "attack", "amount": {"per": per}}
    (effect,) = parse_effects([data])
    assert effects_to_json([effect]) == [data]
    en, fr = effect_text(effect, "en", NAMES), effect_text(effect, "fr", NAMES)
    assert en != fr and "None" not in en + fr
    # the engine counts them (tests/simulator/games/eredan/test_language_v2.py plays them)
    op = ops.compile_effect(effect, "card 'x': effects[0]", 0)
    count = op.points.count  # type: ignore[attr-defined]
    assert isinstance(count, ops.CountCharacters) and (count.union or count.either)


def test_a_union_of_one_target_is_refused():
    with pytest.raises(EffectError) as info:
        parse_effects([{"op": "heal", "amount": {"per": {"characters": ["all_allies"]}}}])
    assert info.value.path == "effects[0].amount.per.characters"


# --- terms added to a scaled amount ("and") ---------------------------------------------------------

TERMS = {
    "op": "damage",
    "kind": "magical",
    "amount": {
        "per": {"stat": "spirit", "of": "self"},
        "and": [{"per": {"characters": "all_characters", "dead": True}, "each": 2}],
    },
}


def test_terms_round_trip_and_read_in_both_languages():
    (effect,) = parse_effects([TERMS])
    assert effects_to_json([effect]) == [TERMS]
    en, fr = effect_text(effect, "en", NAMES), effect_text(effect, "fr", NAMES)
    assert "+ 2 per character" in en and "+ 2 par personnage" in fr
    minus = {
        "op": "modify",
        "stat": "defense",
        "amount": {
            "per": {"stat": "defense", "of": "opponent"},
            "each": -1,
            "and": [{"per": {"stat": "defense", "of": "opponent"}, "div": 4, "round": "up"}],
        },
        "target": "opponent",
    }
    (effect,) = parse_effects([minus])
    assert effects_to_json([effect]) == [minus]
    assert "+ 1 per 4 ×" in effect_text(effect, "en", NAMES)
    assert "+ 1 par tranche de 4" in effect_text(effect, "fr", NAMES)
    # the engine adds them (tests/simulator/games/eredan/test_language_v2.py plays them)
    op = ops.compile_effect(effect, "card 'x': effects[0]", 0)
    assert len(op.points.more) == 1  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("amount", "path"),
    [
        ({"per": {"turn": "current"}, "and": []}, "effects[0].amount.and"),
        (
            {"per": {"turn": "current"}, "and": [{"per": {"turn": "current"}, "plus": 1}]},
            "effects[0].amount.and[0].plus",
        ),
        (
            {"per": {"turn": "current"}, "and": [{"per": {"turn": "current"}, "max": 1}]},
            "effects[0].amount.and[0].max",
        ),
        (
            {"per": {"turn": "current"}, "and": [{"per": {"turn": "current"}, "each": 0}]},
            "effects[0].amount.and[0].each",
        ),
        (
            {"per": {"turn": "current"}, "and": [{"per": {"turn": "next"}}]},
            "effects[0].amount.and[0].per.turn",
        ),
        # a damage that may go below 0 needs a min
        (
            {"per": {"turn": "current"}, "and": [{"per": {"turn": "current"}, "each": -1}]},
            "effects[0].amount.min",
        ),
    ],
)
def test_invalid_terms_are_refused_with_their_path(amount, path):
    with pytest.raises(EffectError) as info:
        parse_effects([{"op": "damage", "kind": "direct", "amount": amount}])
    assert info.value.path == path


# --- characters counted in a state: wounded, a stat compared ---------------------------------------

STATES = [
    {"characters": {"group": "enemies", "wounded": True}},
    {"characters": {"group": "other_allies", "caste": "mecaniste", "wounded": True}, "dead": "either"},
    {"characters": {"group": "characters", "stat": {"stat": "defense", "cmp": ">", "right": 4}}},
    {"characters": {"group": "characters", "stat": {"stat": "spirit", "cmp": "<=", "right": "base"}}},
    {"characters": {"group": "characters", "hurt_this_turn": True}},
]


@pytest.mark.parametrize("per", STATES, ids=range(len(STATES)))
def test_characters_in_a_state_round_trip_and_compile(per):
    data = {"op": "modify", "stat": "attack", "amount": {"per": per}}
    (effect,) = parse_effects([data])
    assert effects_to_json([effect]) == [data]
    en, fr = effect_text(effect, "en", NAMES), effect_text(effect, "fr", NAMES)
    assert en != fr and "None" not in en + fr and "{" not in en + fr
    # the engine checks them (tests/simulator/games/eredan/test_language_v2.py plays them)
    op = ops.compile_effect(effect, "card 'x': effects[0]", 0)
    assert not op.points.count.target.filter.static  # type: ignore[attr-defined]


def test_the_words_of_the_states():
    (wounded, stat) = parse_effects(
        [{"op": "modify", "stat": "attack", "amount": {"per": p}} for p in (STATES[0], STATES[2])]
    )
    assert "wounded" in effect_text(wounded, "en", NAMES) and "blessé" in effect_text(wounded, "fr", NAMES)
    assert "Defense > 4" in effect_text(stat, "en", NAMES) and "Défense > 4" in effect_text(stat, "fr", NAMES)


@pytest.mark.parametrize(
    ("selector", "path"),
    [
        ({"group": "enemies", "wounded": "yes"}, "effects[0].amount.per.characters.wounded"),
        (
            {"group": "enemies", "stat": {"stat": "attack", "cmp": ">", "right": 1}},
            "effects[0].amount.per.characters.stat.stat",
        ),
        (
            {"group": "enemies", "stat": {"stat": "defense", "cmp": "~", "right": 1}},
            "effects[0].amount.per.characters.stat.cmp",
        ),
        (
            {"group": "enemies", "stat": {"stat": "defense", "cmp": ">", "right": "max"}},
            "effects[0].amount.per.characters.stat.right",
        ),
        (
            {"group": "enemies", "stat": {"stat": "defense", "cmp": ">"}},
            "effects[0].amount.per.characters.stat",
        ),
    ],
)
def test_invalid_states_are_refused_with_their_path(selector, path):
    with pytest.raises(EffectError) as info:
        parse_effects([{"op": "modify", "stat": "attack", "amount": {"per": {"characters": selector}}}])
    assert info.value.path == path


def test_the_opponents_classes():
    data = {"op": "modify", "stat": "spirit", "amount": {"per": {"classes": "opponent"}}}
    (effect,) = parse_effects([data])
    assert effects_to_json([effect]) == [data]
    assert "class of the opponent" in effect_text(effect, "en", NAMES)
    assert "classe du personnage adverse" in effect_text(effect, "fr", NAMES)
    op = ops.compile_effect(effect, "card 'x': effects[0]", 0)
    assert op.points.count.of_opponent  # type: ignore[attr-defined]
    with pytest.raises(EffectError) as info:
        parse_effects([{"op": "modify", "stat": "spirit", "amount": {"per": {"castes": "opponent"}}}])
    assert info.value.path == "effects[0].amount.per.castes"


def test_a_scaled_extra_attack_compiles():
    data = {"op": "extra_attack", "amount": {"per": {"cards": "play", "owner": "both"}, "each": 4, "div": 2}}
    (effect,) = parse_effects([data])
    assert effects_to_json([effect]) == [data]
    op = ops.compile_effect(effect, "card 'x': effects[0]", 0)
    assert isinstance(op.amount, ops.Scaled) and op.amount.div == 2  # type: ignore[attr-defined]
