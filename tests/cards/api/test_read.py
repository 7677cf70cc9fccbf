"""Read API of the card database: lists, filters, search, ordering, detail, rules text, docs."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

pytestmark = pytest.mark.django_db


def _slugs(response) -> list[str]:
    assert response.status_code == 200, response.json()
    return [row["slug"] for row in response.json()["results"]]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("guild=kotoba", ["amaya", "iro"]),
        ("guild=kotoba&guild=noz", ["amaya", "iro", "zahal"]),
        ("class=mage", ["aez", "iro"]),
        ("race=guemelite", ["aez"]),  # sub-races included
        ("race=guemelite_feu", ["aez"]),
        ("level=2", ["telendar-2"]),
        ("family=telendar", ["telendar", "telendar-2"]),
        ("caste=courtisan", ["iro"]),
        ("search=telendar", ["telendar", "telendar-2"]),  # accent-insensitive: « Télendar »
        ("search=TÉLENDAR", ["telendar", "telendar-2"]),
        ("ordering=-hp&page_size=2", ["telendar-2", "zahal"]),
    ],
)
def test_character_filters_search_and_ordering(anon, mini, query, expected):
    slugs = _slugs(anon.get(f"/api/characters/?{query}"))
    assert (slugs if "ordering" in query else sorted(slugs)) == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("type=objet", ["baume-de-soin", "cotte-de-mailles", "katana", "wakizashi"]),  # the whole subtree
        ("type=arme_a_une_main", ["katana", "wakizashi"]),
        ("type=sort", ["eclairs", "eclairs-2", "eclairs-3"]),
        ("type=theurgie&type=action", ["charge", "priere"]),
        ("guild=kotoba", ["katana", "wakizashi"]),
        ("affiliated=true", ["katana", "wakizashi"]),
        ("class=pretre", ["priere"]),
        ("race=golem", ["priere"]),
        ("character=zahal", ["priere"]),
        ("unique=true", ["eclairs-3"]),
        ("zone=true&level=2", ["eclairs-2"]),
        ("family=eclairs", ["eclairs", "eclairs-2", "eclairs-3"]),
        ("search=eclairs", ["eclairs", "eclairs-2", "eclairs-3"]),  # « Éclairs »
        ("search=cotte mailles", ["cotte-de-mailles"]),
        ("search=chainmail", ["cotte-de-mailles"]),
    ],
)
def test_card_filters_and_search(anon, mini, query, expected):
    assert sorted(_slugs(anon.get(f"/api/cards/?{query}"))) == expected


def test_card_ordering_and_pagination(anon, mini):
    page = anon.get("/api/cards/?ordering=-name_en&page_size=3").json()
    assert page["count"] == 10
    assert [r["name_en"] for r in page["results"]] == ["Wakizashi", "Prayer", "Lightning"]
    assert page["next"] is not None


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("guild=atlantis", "guild"),
        ("type=armor", "type"),
        ("level=high", "level"),
        ("unique=maybe", "unique"),
    ],
)
def test_bad_filter_values_are_400_with_the_field(anon, mini, query, field):
    response = anon.get(f"/api/cards/?{query}")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == field


def test_card_detail_by_slug_with_rules_text(anon, mini):
    card = anon.get("/api/cards/eclairs-2/").json()
    assert card["type"] == "foudre"
    assert card["type_path"] == ["sort", "foudre"]
    assert card["kind"] == "spell"
    assert card["element"] == "foudre"
    assert card["zone"] is True
    assert card["requirements"] == {"classes": ["mage"], "characters": [], "races": [], "castes": []}
    assert "Zone: hits every enemy character." in card["rules_text"]["en"]
    assert "dégâts magiques" in card["rules_text"]["fr"]
    wakizashi = anon.get("/api/cards/wakizashi/").json()
    assert wakizashi["hands"] == 1 and wakizashi["dual_wield"] is True


def test_character_detail(anon, mini):
    iro = anon.get("/api/characters/iro/").json()
    assert iro["classes"] == ["combattant", "mage"]
    assert iro["multi_guild"] is True
    assert iro["stats_source"] == "estimated"
    zahal = anon.get("/api/characters/zahal/").json()
    assert zahal["rules_text"]["en"].splitlines() == [
        "Gains Chain when you play Armor.",
        "Ordre — on turns 1, 3 and 5: Defense +1.",
    ]


def test_unknown_slug_is_a_json_404(anon, mini):
    response = anon.get("/api/cards/nope/")
    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "not_found"


def test_list_costs_a_fixed_number_of_queries(anon, mini):
    anon.get("/api/cards/")  # warm the catalog cache
    with CaptureQueriesContext(connection) as few:
        anon.get("/api/cards/?page_size=2")
    with CaptureQueriesContext(connection) as many:
        anon.get("/api/cards/?page_size=10")
    assert len(few.captured_queries) == len(many.captured_queries)


@pytest.mark.parametrize(
    ("url", "check"),
    [
        (
            "/api/guilds/?page_size=20",
            lambda d: d["count"] == 10 and any(g["is_mercenary"] for g in d["results"]),
        ),
        ("/api/guilds/non_affilies/", lambda d: d["name_en"] == "Mercenaries"),
        ("/api/castes/courtisan/", lambda d: d["multi_guild"] is True),
        ("/api/classes/?search=Marauder", lambda d: [c["slug"] for c in d["results"]] == ["maraudeur"]),
        ("/api/races/guemelite_feu/", lambda d: d["parent"] == "guemelite" and d["element"] == "feu"),
        ("/api/card-types/epee/", lambda d: d["parent"] == "arme_a_une_main" and d["persistent"]),
        ("/api/rarities/?ordering=ref_id", lambda d: d["results"][0]["slug"] == "commune"),
        ("/api/sets/acte-1-tombee-du-ciel/", lambda d: d["ref_id"] == 1),
        ("/api/families/eclairs/", lambda d: d["levels"] == ["eclairs", "eclairs-2", "eclairs-3"]),
        ("/api/families/?kind=character", lambda d: d["count"] == 5),
    ],
)
def test_reference_tables_and_families(anon, mini, url, check):
    response = anon.get(url)
    assert response.status_code == 200
    assert check(response.json())


def test_api_docs_are_served(anon, db):
    assert anon.get("/api/schema/").status_code == 200
    response = anon.get("/api/docs/")
    assert response.status_code == 200
    assert b"swagger" in response.content.lower()


def test_anonymous_clients_are_throttled(anon, mini, throttle_rates):
    throttle_rates(anon="3/minute")
    codes = [anon.get("/api/guilds/").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    assert anon.get("/api/cards/").json()["errors"][0]["code"] == "throttled"


def test_effects_incomplete_is_a_field_and_a_filter(anon, mini):
    """Issue 15 §4: a card or character whose rules text has unread clauses."""
    from cards.models import Card, Character

    Card.objects.filter(slug="charge").update(
        effects_incomplete=True, unread_clauses=["Vous changez de couleur"]
    )
    Character.objects.filter(slug="aez").update(effects_incomplete=True)
    assert _slugs(anon.get("/api/cards/?effects_incomplete=true")) == ["charge"]
    assert "charge" not in _slugs(anon.get("/api/cards/?effects_incomplete=false"))
    assert _slugs(anon.get("/api/characters/?effects_incomplete=true")) == ["aez"]
    card = anon.get("/api/cards/charge/").json()
    assert card["effects_incomplete"] is True and card["unread_clauses"] == ["Vous changez de couleur"]
    assert card["source_text"] == ""
    assert anon.get("/api/cards/?effects_incomplete=maybe").status_code == 400
