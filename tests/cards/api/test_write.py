"""Writes through the API: staff only, with exactly the admin's validation; errors name the field."""

from __future__ import annotations

import pytest

from cards.models import Card, Character
from cards.specs import get_catalog

pytestmark = pytest.mark.django_db

NEW_CARD = {
    "slug": "kunai",
    "family": "kunai",
    "name_en": "Kunai",
    "name_fr": "Kunaï",
    "type": "dague",
    "guild": "kotoba",
    "requirements": {"classes": ["maraudeur"]},
    "effects": [{"op": "modify", "stat": "attack", "amount": 1, "duration": "permanent"}],
}
NEW_CHARACTER = {
    "slug": "harès-like",
    "family": "hares",
    "name_en": "Hares the Brute",
    "name_fr": "Harès le brutal",
    "guild": "non_affilies",
    "classes": ["combattant"],
    "race": "humain",
    "hp": 21,
    "attack_min": 3,
    "attack_max": 6,
    "defense": 1,
    "spirit": 0,
    "orders": [{"turns": "even", "effects": [{"op": "modify", "stat": "attack", "amount": 1}]}],
}


@pytest.fixture
def families(carol, mini):
    for slug, kind in (("kunai", "card"), ("hares", "character")):
        assert (
            carol.post(
                "/api/families/", {"slug": slug, "name_en": slug, "name_fr": slug, "kind": kind}
            ).status_code
            == 201
        )


@pytest.mark.parametrize(
    ("method", "url", "body"),
    [
        ("post", "/api/cards/", NEW_CARD),
        ("patch", "/api/cards/katana/", {"name_en": "Sword"}),
        ("delete", "/api/cards/eclairs-3/", None),
        ("post", "/api/characters/", NEW_CHARACTER),
        ("patch", "/api/characters/iro/", {"hp": 99}),
        ("delete", "/api/characters/telendar-2/", None),
        ("post", "/api/families/", {"slug": "x", "name_en": "x", "name_fr": "x", "kind": "card"}),
        ("delete", "/api/families/charge/", None),
    ],
)
def test_anonymous_and_non_staff_writes_are_refused_and_change_nothing(anon, bob, mini, method, url, body):
    before = (Card.objects.count(), Character.objects.count(), get_catalog())
    for client, code in ((anon, 403), (bob, 403)):
        response = getattr(client, method)(url, body, format="json")
        assert response.status_code == code
        assert response.json()["errors"][0]["code"] in ("not_authenticated", "permission_denied")
    assert Card.objects.get(slug="katana").name_en == "Katana"
    assert Character.objects.get(slug="iro").hp == 16
    after = (Card.objects.count(), Character.objects.count(), get_catalog())
    assert after == before


def test_guild_and_reference_tables_are_read_only(carol, mini):
    assert carol.post("/api/guilds/", {"slug": "x"}, format="json").status_code == 405


def test_staff_creates_a_card(carol, families):
    response = carol.post("/api/cards/", NEW_CARD, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["requirements"]["classes"] == ["maraudeur"]
    assert body["rules_text"]["fr"].splitlines()[0] == "Réservée à : Maraudeur."
    assert get_catalog().cards["kunai"].hands == 1


def test_staff_creates_a_character(carol, families):
    response = carol.post("/api/characters/", {**NEW_CHARACTER, "slug": "hares"}, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["rules_text"]["en"] == "Ordre — on even turns: Attack +1."
    assert get_catalog().characters["hares"].is_mercenary


def test_patch_changes_only_the_fields_sent(carol, mini):
    response = carol.patch("/api/cards/katana/", {"effects": [{"op": "draw", "count": 1}]}, format="json")
    assert response.status_code == 200, response.json()
    card = Card.objects.get(slug="katana")
    assert card.effects == [{"op": "draw", "count": 1}]
    assert card.chain == {"card": "wakizashi"}
    assert list(card.required_classes.values_list("slug", flat=True)) == ["combattant"]
    assert "Draw 1 card." in response.json()["rules_text"]["en"]


def test_patch_requirements(carol, mini):
    response = carol.patch("/api/cards/priere/", {"requirements": {"races": []}}, format="json")
    assert response.status_code == 200
    assert response.json()["requirements"] == {
        "classes": ["pretre"],
        "characters": ["zahal"],
        "races": [],
        "castes": [],
    }
    response = carol.patch("/api/cards/priere/", {"requirements": {"castes": ["sorcelame"]}}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["requirements"]["castes"] == ["sorcelame"]
    assert get_catalog().cards["priere"].requirements.castes == frozenset({"sorcelame"})


def test_patch_play_rules_and_version_2_effects(carol, mini):
    """Effect language v2: a card's play rules and a trigger, stored canonically, read back."""
    changes = {
        "play": {"stays": {"combats": 2}, "attach": "opponent"},
        "effects": [{"op": "trigger", "on": "combat_end", "effects": [{"op": "lose_hp", "amount": 1}]}],
    }
    response = carol.patch("/api/cards/katana/", changes, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["play"] == changes["play"] and body["effects"] == changes["effects"]
    spec = get_catalog().cards["katana"]
    assert spec.attaches and spec.play.attach == "opponent"
    assert "attached to the opponent" in body["rules_text"]["en"]


def _error_fields(response) -> list[str]:
    assert response.status_code == 400, response.json()
    return [e["field"] for e in response.json()["errors"]]


@pytest.mark.parametrize(
    ("changes", "fields"),
    [
        ({"effects": [{"op": "draw", "count": 1}, {"op": "heal", "amount": "a lot"}]}, ["effects[1].amount"]),
        ({"effects": [{"op": "explode"}]}, ["effects[0].op"]),
        ({"chain": {"type": "arme", "hands": 3}}, ["chain.hands"]),
        ({"type": "armor"}, ["type"]),
        ({"type": "personnage"}, ["type"]),
        ({"guild": "non_affilies"}, ["guild"]),
        ({"zone": True}, ["zone"]),
        ({"requirements": {"characters": ["charge"]}}, ["requirements.characters"]),
        ({"requirements": {"castes": ["nobody"]}}, ["requirements.castes"]),
        ({"play": {"stays": "forever"}}, ["play.stays"]),
        (
            {"effects": [{"op": "trigger", "on": "noon", "effects": [{"op": "draw", "count": 1}]}]},
            ["effects[0].on"],
        ),
        ({"slug": "telendar"}, ["slug"]),  # a character's slug
        ({"slug": "katana"}, ["slug"]),
        ({"level": 3}, ["level"]),  # levels without a gap
        ({"level": 1, "family": "eclairs"}, ["non_field_errors"]),  # (family, level) taken
        ({"xp_value": 10**7}, ["xp_value"]),
        ({"source_seq": [-1]}, ["source_seq.0"]),
        ({"name_en": ""}, ["name_en"]),
    ],
)
def test_bad_card_input_is_400_with_field_paths(carol, families, changes, fields):
    before = Card.objects.count()
    got = _error_fields(carol.post("/api/cards/", {**NEW_CARD, **changes}, format="json"))
    assert [f if f is not None else "non_field_errors" for f in got] == fields
    assert Card.objects.count() == before


@pytest.mark.parametrize(
    ("changes", "fields"),
    [
        ({"classes": ["mage", "combattant", "pretre"]}, ["classes"]),
        ({"classes": []}, ["classes"]),
        ({"attack_min": 7}, ["attack_max"]),
        ({"hp": 0}, ["hp"]),
        ({"hp": 100000}, ["hp"]),
        ({"defense": -1}, ["defense"]),
        ({"race": "martian"}, ["race"]),
        ({"orders": [{"turns": [0], "effects": []}]}, ["orders[0].turns[0]"]),
        ({"abilities": [{"op": "damage", "kind": "physical", "amount": 2}]}, ["abilities[0].op"]),
        ({"family": "charge"}, ["family"]),  # a card family
    ],
)
def test_bad_character_input_is_400_with_field_paths(carol, families, changes, fields):
    got = _error_fields(
        carol.post("/api/characters/", {**NEW_CHARACTER, "slug": "hares", **changes}, format="json")
    )
    assert got == fields
    assert not Character.objects.filter(slug="hares").exists()


def test_every_problem_is_reported_at_once(carol, families):
    body = {
        **NEW_CHARACTER,
        "slug": "hares",
        "hp": 0,
        "attack_min": 9,
        "abilities": [{"op": "heal", "amount": 1}],
    }
    assert sorted(_error_fields(carol.post("/api/characters/", body, format="json"))) == [
        "abilities[0].op",
        "attack_max",
        "hp",
    ]


def test_malformed_json_body_is_400(carol, mini):
    response = carol.generic("POST", "/api/cards/", '{"slug": ', content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "parse_error"


def test_patch_of_a_character_with_bad_effects_changes_nothing(carol, mini):
    response = carol.patch("/api/characters/zahal/", {"hp": 25, "orders": "every turn"}, format="json")
    assert _error_fields(response) == ["orders"]
    zahal = Character.objects.get(slug="zahal")
    assert zahal.hp == 19
    assert zahal.orders[0]["turns"] == [1, 3, 5]


def test_delete_keeps_levels_contiguous(carol, mini):
    response = carol.delete("/api/cards/eclairs-2/")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "level_gap"
    assert carol.delete("/api/cards/eclairs-3/").status_code == 204
    assert carol.delete("/api/cards/eclairs-2/").status_code == 204
    assert "eclairs-2" not in get_catalog().cards


def test_family_kind_is_locked_once_it_has_levels(carol, mini):
    assert _error_fields(carol.patch("/api/families/eclairs/", {"kind": "character"}, format="json")) == [
        "kind"
    ]
    assert (
        carol.patch("/api/families/eclairs/", {"name_en": "Lightning bolts"}, format="json").status_code
        == 200
    )


def test_deleting_a_family_deletes_its_levels(carol, mini):
    assert carol.delete("/api/families/eclairs/").status_code == 204
    assert not Card.objects.filter(family__slug="eclairs").exists()
