"""The constructs the rules-text compiler needed next (cards/domain/effects.py, "what the rules-text
compiler needed next"; cards/domain/specs.py ``PlayRules.variants``): each parses strictly, with the
path of a bad value, round-trips through its canonical JSON, reads in English and French, and the
engine refuses it by name until it plays it.

Each entry names the kind of card text it stands for, in our words (no card's sentence).
"""

from __future__ import annotations

from typing import Any

import pytest

from cards.domain.effects import (
    MARKERS_ALL,
    Cost,
    EffectError,
    Marker,
    Pay,
    Traits,
    effects_to_json,
    parse_effect,
    parse_effects,
    walk_effects,
)
from cards.domain.specs import SpecError, parse_play_rules
from cards.domain.text import Names, effect_text
from simulator.games.eredan import ops

NAMES = Names(
    classes={"mage": ("Mage", "Mage"), "combattant": ("Warrior", "Combattant")},
    races={"non_mort": ("Undead", "Non-mort")},
    guilds={"nehantistes": ("Nehantists", "Néhantistes")},
    types={"theurgie": ("Theurgy", "Théurgie"), "rune": ("Rune", "Rune")},
    families={"rune-cor": ("Cor Rune", "Rune Cor")},
    castes={"eclipse": ("Eclipse", "Eclipse")},
)

VALID: list[tuple[str, dict[str, Any]]] = [
    # "gains the Mage class until the end of the game"
    ("card", {"op": "traits", "mode": "add", "classes": ["mage"], "duration": "game"}),
    # "becomes a Nehantist instead of its other guilds"
    ("card", {"op": "traits", "mode": "set", "guilds": ["nehantistes"], "target": "opponent"}),
    # "the opposing characters lose their castes"
    ("card", {"op": "traits", "mode": "remove", "castes": "all", "target": "all_enemies"}),
    # "copies the guilds of your other characters instead of its own"; "gains their castes"
    ("card", {"op": "traits", "mode": "set", "guilds": "all", "of": "other_allies", "duration": "game"}),
    (
        "card",
        {
            "op": "traits",
            "mode": "add",
            "castes": "all",
            "classes": "all",
            "of": {"group": "allies", "race": "non_mort"},
        },
    ),
    # "when it dies, it is replaced by the Egg"
    ("card", {"op": "become", "card": "oeuf"}),
    (
        "card",
        {
            "op": "trigger",
            "on": {"dies": "all_allies"},
            "effects": [{"op": "become", "card": "oeuf", "target": "event"}],
        },
    ),
    # a character that is "Enragé" (a standing ability)
    ("ability", {"op": "traits", "mode": "add", "keywords": ["enrage"]}),
    # "attacks magically instead of physically"; "a phantom attack"
    ("card", {"op": "attack_kind", "kind": "magical", "duration": {"combats": 2}}),
    ("ability", {"op": "attack_kind", "kind": "direct"}),
    # "Rune Cor: Attack +3"
    (
        "card",
        {
            "op": "pay",
            "cost": {"attached": {"card": "rune-cor"}, "count": 1},
            "effects": [{"op": "modify", "stat": "attack", "amount": 3}],
        },
    ),
    # "Sacrifice 2: draw a card"; the opposing player may discard two cards to discard this one
    ("card", {"op": "pay", "cost": {"hand": 2}, "may": True, "effects": [{"op": "draw", "count": 1}]}),
    (
        "card",
        {
            "op": "pay",
            "cost": {"hand": 2},
            "may": True,
            "by": "opponent",
            "effects": [{"op": "card_to", "to": "discard"}],
        },
    ),
    # "with 3 powder markers, lose 3 and draw"
    (
        "order",
        {"op": "pay", "cost": {"markers": "poudre", "count": 3}, "effects": [{"op": "draw", "count": 1}]},
    ),
    # "the next opposing Theurgy is discarded"; "… goes back to its owner's hand"
    ("card", {"op": "counter", "cards": {"type": "theurgie"}}),
    ("card", {"op": "counter", "to": "hand", "target": "opponent"}),
    # "draw one more card at the next draw phase"; "the players draw nothing at their next draw phase"
    ("card", {"op": "draw_phase", "amount": 1}),
    ("card", {"op": "draw_phase", "amount": "none", "owner": "both"}),
    ("card", {"op": "draw_phase", "amount": -1, "owner": "opponent", "phases": 2}),
    ("ability", {"op": "draw_phase", "amount": 1, "phases": "all"}),
    # "gains 1 level until the end of the game"; "loses its powder markers"; "if Enragé"
    ("card", {"op": "modify", "stat": "level", "amount": 1, "duration": "game"}),
    ("card", {"op": "marker", "name": "poudre", "count": "all", "target": "fighters"}),
    ("card", {"op": "modify", "stat": "attack", "amount": 1, "when": {"keyword": "enrage"}}),
    # "lorsque 'X' subit des dégâts, ce personnage est soigné d'autant"
    (
        "ability",
        {
            "op": "trigger",
            "on": {"damaged": {"group": "characters", "family": "x"}},
            "effects": [{"op": "heal", "amount": {"per": {"event_damage": "self"}}}],
        },
    ),
    # "un allié blessé gagne 2 PV"; "vos personnages non blessés ont Défense +1"
    (
        "card",
        {"op": "heal", "amount": 2, "target": {"group": "other_allies", "pick": "choice", "wounded": True}},
    ),
    (
        "card",
        {"op": "modify", "stat": "defense", "amount": 1, "target": {"group": "allies", "wounded": False}},
    ),
]


def _id(item: tuple[str, dict[str, Any]]) -> str:
    return f"{item[0]}-{item[1]['op']}"


@pytest.mark.parametrize("item", VALID, ids=[_id(i) for i in VALID])
def test_the_constructs_round_trip(item):
    context, data = item
    parsed = parse_effects([data], context=context)
    assert effects_to_json(parsed) == [data]
    assert parse_effects(effects_to_json(parsed), context=context) == parsed


@pytest.mark.parametrize("item", VALID, ids=[_id(i) for i in VALID])
def test_the_constructs_read_in_both_languages(item):
    context, data = item
    (effect,) = parse_effects([data], context=context)
    en = effect_text(effect, "en", NAMES, context)
    fr = effect_text(effect, "fr", NAMES, context)
    assert en.endswith(".") and fr.endswith(".")
    assert en != fr
    assert "None" not in en + fr and "{" not in en + fr


@pytest.mark.parametrize(
    ("data", "en", "fr"),
    [
        (
            {"op": "traits", "mode": "add", "classes": ["mage"], "duration": "game"},
            "This character also has class Mage until the end of the game.",
            "Ce personnage a aussi la classe Mage jusqu'à la fin de la partie.",
        ),
        (
            {"op": "traits", "mode": "remove", "castes": "all", "target": "opponent"},
            "The opponent loses every caste.",
            "L'adversaire perd toutes ses castes.",
        ),
        (
            {"op": "traits", "mode": "set", "guilds": "all", "castes": "all", "of": "other_allies"},
            "This character has the guilds and castes of each of your other characters instead of its own.",
            "Ce personnage a les guildes et castes de chacun de vos autres personnages à la place des "
            "siennes.",
        ),
        (
            {"op": "traits", "mode": "add", "classes": "all", "of": "self", "target": "opponent"},
            "The opponent also has the classes of this character.",
            "L'adversaire a aussi les classes de ce personnage.",
        ),
        (
            {"op": "become", "card": "rune-cor", "target": "opponent"},
            "The opponent is replaced by Cor Rune.",
            "L'adversaire est remplacé par Rune Cor.",
        ),
        (
            {"op": "attack_kind", "kind": "direct"},
            "This character makes a direct clash attack instead of a physical one.",
            "Ce personnage fait une attaque directe à la place de son attaque physique.",
        ),
        (
            {"op": "counter", "cards": {"type": "theurgie"}, "to": "hand"},
            "The next Theurgy played by every enemy character does not resolve and goes to its owner's hand.",
            "La prochaine carte (Théurgie) jouée par chaque personnage ennemi est sans effet et va dans la "
            "main de son propriétaire.",
        ),
        (
            {"op": "draw_phase", "amount": -1, "owner": "opponent"},
            "The opponent draws 1 card fewer at the next draw phase.",
            "L'adversaire pioche 1 carte de moins à la prochaine phase de pioche.",
        ),
        (
            {"op": "draw_phase", "amount": "none"},
            "You draw no card at the next draw phase.",
            "Vous ne piochez aucune carte à la prochaine phase de pioche.",
        ),
        (
            {"op": "marker", "name": "poudre", "count": "all"},
            "This character loses every 'poudre' marker.",
            "Ce personnage perd tous ses marqueurs « poudre ».",
        ),
        (
            {"op": "modify", "stat": "level", "amount": 1, "duration": "game"},
            "Level +1 until the end of the game.",
            "Niveau +1 jusqu'à la fin de la partie.",
        ),
        (
            {"op": "heal", "amount": 2, "target": {"group": "enemies", "wounded": True}},
            "Heals 2 HP to the enemy characters (wounded).",
            "Soigne 2 PV aux personnages ennemis (blessé).",
        ),
    ],
)
def test_known_sentences(data, en, fr):
    effect = parse_effect(data)
    assert effect_text(effect, "en", NAMES, "card") == en
    assert effect_text(effect, "fr", NAMES, "card") == fr


def test_the_parsed_shapes():
    pay = parse_effect(
        {
            "op": "pay",
            "cost": {"attached": {"card": "rune-cor"}, "count": 2},
            "effects": [{"op": "draw", "count": 1}],
        }
    )
    assert isinstance(pay, Pay)
    assert pay.cost == Cost("attached", 2, match=pay.cost.match) and pay.cost.match is not None
    assert pay.cost.match.value == "rune-cor" and not pay.may and pay.by == "self"
    assert [e.op for e in walk_effects([pay])] == ["pay", "draw"]
    traits = parse_effect({"op": "traits", "mode": "remove", "castes": "all", "classes": ["mage"]})
    assert isinstance(traits, Traits) and traits.castes == "all" and traits.classes == ("mage",)
    marker = parse_effect({"op": "marker", "name": "poudre", "count": "all"})
    assert isinstance(marker, Marker) and marker.count == MARKERS_ALL


@pytest.mark.parametrize(
    ("context", "data", "path"),
    [
        ("card", {"op": "traits", "mode": "add"}, "effects[0]"),
        ("card", {"op": "traits", "mode": "swap", "classes": ["mage"]}, "effects[0].mode"),
        ("card", {"op": "traits", "mode": "add", "castes": "all"}, "effects[0].castes"),
        ("card", {"op": "traits", "mode": "add", "classes": []}, "effects[0].classes"),
        ("card", {"op": "traits", "mode": "add", "classes": ["mage", "mage"]}, "effects[0].classes"),
        ("card", {"op": "traits", "mode": "add", "keywords": ["flying"]}, "effects[0].keywords[0]"),
        ("card", {"op": "become", "card": "oeuf", "target": "all_allies"}, "effects[0].target"),
        ("card", {"op": "become"}, "effects[0]"),
        ("ability", {"op": "become", "card": "oeuf"}, "effects[0].op"),
        # copied traits: "all" of each kind copied, never removed, never keywords
        (
            "card",
            {"op": "traits", "mode": "add", "guilds": ["zil"], "of": "other_allies"},
            "effects[0].guilds",
        ),
        ("card", {"op": "traits", "mode": "remove", "guilds": "all", "of": "other_allies"}, "effects[0].of"),
        (
            "card",
            {"op": "traits", "mode": "add", "keywords": "all", "of": "other_allies"},
            "effects[0].keywords",
        ),
        ("card", {"op": "traits", "mode": "add", "guilds": "all", "of": "nobody"}, "effects[0].of"),
        (
            "ability",
            {"op": "traits", "mode": "add", "keywords": ["enrage"], "duration": "game"},
            "effects[0].duration",
        ),
        ("card", {"op": "attack_kind", "kind": "physical"}, "effects[0].kind"),
        (
            "card",
            {"op": "pay", "cost": {"hand": 0}, "effects": [{"op": "draw", "count": 1}]},
            "effects[0].cost.hand",
        ),
        (
            "card",
            {"op": "pay", "cost": {"gold": 1}, "effects": [{"op": "draw", "count": 1}]},
            "effects[0].cost",
        ),
        (
            "card",
            {
                "op": "pay",
                "cost": {"attached": {"card": "rune-cor"}},
                "effects": [{"op": "draw", "count": 1}],
            },
            "effects[0].cost",
        ),
        ("card", {"op": "pay", "cost": {"hand": 1}, "effects": []}, "effects[0].effects"),
        (
            "card",
            {"op": "pay", "cost": {"hand": 1}, "by": "both", "effects": [{"op": "draw", "count": 1}]},
            "effects[0].by",
        ),
        (
            "ability",
            {"op": "pay", "cost": {"hand": 1}, "effects": [{"op": "draw", "count": 1}]},
            "effects[0].op",
        ),
        ("card", {"op": "counter", "to": "removed"}, "effects[0].to"),
        ("card", {"op": "draw_phase", "amount": 0}, "effects[0].amount"),
        ("card", {"op": "draw_phase", "amount": 1, "owner": "nobody"}, "effects[0].owner"),
        ("card", {"op": "draw_phase", "amount": 1, "phases": 0}, "effects[0].phases"),
        ("ability", {"op": "draw_phase", "amount": 1}, "effects[0].phases"),
        ("card", {"op": "marker", "name": "poudre", "count": "some"}, "effects[0].count"),
        (
            "card",
            {"op": "modify", "stat": "attack", "amount": 1, "when": {"keyword": "flying"}},
            "effects[0].when.keyword",
        ),
    ],
)
def test_invalid_constructs_are_refused_with_a_path(context, data, path):
    with pytest.raises(EffectError) as info:
        parse_effects([data], context=context)
    assert info.value.path == path


def test_play_variants_round_trip_and_are_refused_with_a_path():
    data = {
        "stays": {"turns": 2},
        "if": [
            {"when": {"played_by_class": "mage"}, "longer": {"turns": 2}},
            {"when": {"played_by_caste": "eclipse"}, "acts": "now", "stays": "permanent"},
        ],
    }
    rules = parse_play_rules(data)
    assert rules.to_json() == data and parse_play_rules(rules.to_json()) == rules
    for bad, field in [
        ({"if": [{"when": {"played_by_class": "mage"}}]}, "play.if[0]"),
        ({"if": [{"stays": "permanent"}]}, "play.if[0]"),
        ({"if": [{"when": {"played_by_class": "mage"}, "longer": "permanent"}]}, "play.if[0].longer"),
        ({"if": [{"when": {"played_by_class": "mage"}, "acts": "later"}]}, "play.if[0].acts"),
        ({"if": {"when": {}}}, "play.if"),
    ]:
        with pytest.raises(SpecError) as info:
            parse_play_rules(bad)
        assert info.value.field == field


@pytest.mark.parametrize(
    "data",
    [
        {"op": "traits", "mode": "set", "guilds": "all", "of": "other_allies"},
        {"op": "become", "card": "oeuf"},
        # (played since: traits but its variants refused (tests/simulator/games/eredan/test_traits.py),
        # a pay cost in cards of the hand 0aaed62, not_race e681eb0, keyword 09c0d71,
        # acts_now by helper chain, bound and attach by helper engine)
    ],
)
def test_the_engine_refuses_them_by_name(data):
    """Until the engine plays a construct, a card holding it is refused, never played without it."""
    effect = parse_effect(data)
    with pytest.raises(ops.UnsupportedSpecError, match="not supported"):
        ops.compile_effect(effect, "card 'x': effects[0]", 0)


def test_play_variants_read_and_the_engine_plays_them():
    """A carried item whose text says "Mage : S'active immédiatement" (in our words): the rules text
    says so, and the engine compiles the card as each variant makes it (CompiledCard.modes; played:
    tests/simulator/games/eredan/test_play_rules.py)."""
    from simulator.games.eredan.compiled import compile_tables
    from tests.simulator.games.eredan.factories import card, deck, line

    play = {"stays": "permanent", "if": [{"when": {"played_by_class": "mage"}, "acts": "now"}]}
    item = card("ring", "pierre_coeur", effects=[{"op": "modify", "stat": "defense", "amount": 1}], play=play)
    assert card_text_lines(item)[-1] == "If played by a Mage: acts at once."
    ring = compile_tables((deck("d", line("a"), [item]), deck("e", line("b"), [item]))).cards[0]
    assert ring.after_combat and [m.after_combat for m in ring.modes] == [True, False]


def card_text_lines(spec) -> list[str]:
    from cards.domain.text import play_lines

    return play_lines(spec, "en", NAMES)


def test_a_card_match_with_cards_excepted():
    """``but``: "une Action autre que 'X'", "une carte non Arme" — any match may except cards."""
    from cards.domain.effects import parse_card_match
    from cards.domain.specs import card_matches
    from cards.domain.text import match_text
    from tests.simulator.games.eredan.factories import card

    match = parse_card_match({"type": "action", "but": {"card": "repli"}}, "m")
    assert match.to_json() == {"type": "action", "but": {"card": "repli"}}
    assert card_matches(match, card("charge")) and not card_matches(match, card("repli"))
    assert not card_matches(match, card("lame", "epee"))
    assert match_text(match, "en", NAMES) == "action except 'repli'"
    with pytest.raises(EffectError) as info:
        parse_card_match({"any": True, "but": {"colour": "red"}}, "m")
    assert info.value.path == "m.but"


def test_attached_cards_may_go_to_another_pile():
    effect = parse_effect(
        {"op": "discard_attached", "count": "all", "cards": {"type": "objet"}, "to": "deck"}
    )
    assert effects_to_json([effect]) == [
        {"op": "discard_attached", "count": "all", "cards": {"type": "objet"}, "to": "deck"}
    ]
    assert "put into their owners' deck" in effect_text(effect, "en", NAMES)
    with pytest.raises(EffectError) as info:
        parse_effect({"op": "discard_attached", "to": "opponent_deck"})
    assert info.value.path == "effect.to"
    # The engine plays it (tests/simulator/games/eredan/test_card_ops.py).
    assert ops.compile_effect(effect, "card 'x': effects[0]", 0).dest == ops.PILE_DECK  # type: ignore[attr-defined]
