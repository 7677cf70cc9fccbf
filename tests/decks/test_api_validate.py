"""POST /api/decks/validate/ and /api/decks/validate/bulk/ (docs/decks.md "API")."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from decks.limits import MAX_BULK_DECKS, MAX_CARD_ENTRIES
from tests.decks.catalog import deck

pytestmark = pytest.mark.django_db

URL = "/api/decks/validate/"
BULK = "/api/decks/validate/bulk/"
KOTOBA = ["iro-le-duelliste", "amaya", "aez-le-guerrier-errant"]
NOZ = ["aez-le-guerrier-errant", "hares-le-brutal", "zahal"]


def post(client, url, body):
    return client.post(url, body, format="json")


def post_raw(client, url, raw, content_type="application/json"):
    return client.generic("POST", url, raw, content_type=content_type)


def test_valid_deck_anonymous(cards_db, client_for):
    r = post(client_for(), URL, {"characters": KOTOBA, "cards": deck(katana=3)})
    assert r.status_code == 200
    assert r.json() == {"valid": True, "affiliation": "kotoba", "errors": []}


def test_rule_violations_are_data_not_http_errors(cards_db, client_for):
    """docs/rules/eredan.md §2.4 example: Katana in a Noz'Dingard deck → 200 with card_affiliation."""
    r = post(client_for(), URL, {"characters": NOZ, "cards": deck(katana=1)})
    assert r.status_code == 200
    body = r.json()
    assert body["valid"] is False
    assert body["affiliation"] == "noz"
    assert body["errors"] == [
        {
            "code": "card_affiliation",
            "message": body["errors"][0]["message"],
            "characters": [],
            "cards": ["katana"],
        }
    ]


def test_unknown_slugs_are_violations(cards_db, client_for):
    r = post(
        client_for(), URL, {"characters": ["ghost", "amaya", "iro-le-duelliste"], "cards": {"excalibur": 20}}
    )
    assert r.status_code == 200
    assert [e["code"] for e in r.json()["errors"]] == ["unknown_character", "unknown_card"]


def test_text_body(cards_db, client_for):
    text = "Characters:\nIro le duelliste\nAmaya\nAez le guerrier errant\nCards:\n" + "\n".join(
        f"{n} {slug}" for slug, n in deck(katana=3).items()
    )
    r = post(client_for(), URL, {"text": text})
    assert r.status_code == 200
    assert r.json()["valid"] is True


def test_text_with_bad_lines_is_400_with_line_numbers(cards_db, client_for):
    r = post(client_for(), URL, {"text": "Characters:\nIro le duelliste\nNobody\nCards:\n3 Katanna\n"})
    assert r.status_code == 400
    (error,) = r.json()["errors"]
    assert error["code"] == "invalid_deck_text"
    assert error["field"] == "text"
    assert [line["line"] for line in error["lines"]] == [3, 5]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"characters": "amaya", "cards": {}}, "characters"),
        ({"characters": [1, 2, 3], "cards": {}}, "characters.0"),
        ({"characters": KOTOBA, "cards": ["katana"]}, "cards"),
        ({"characters": KOTOBA, "cards": {"katana": 0}}, "cards.katana"),
        ({"characters": KOTOBA, "cards": {"katana": -2}}, "cards.katana"),
        ({"characters": KOTOBA, "cards": {"katana": 10**12}}, "cards.katana"),
        ({"characters": KOTOBA, "cards": {"katana": "3"}}, "cards.katana"),
        ({"characters": KOTOBA, "cards": {"katana": 3.0}}, "cards.katana"),
        ({"characters": KOTOBA, "cards": {"katana": True}}, "cards.katana"),
        ({"characters": KOTOBA, "cards": {"katana": None}}, "cards.katana"),
        ({"characters": KOTOBA, "cards": {"": 1}}, "cards.''"),
        ({"characters": KOTOBA, "cards": {"x" * 101: 1}}, f"cards.{'x' * 101}"),
        ({"characters": ["amaya"] * 11, "cards": {}}, "characters"),
        ({"characters": KOTOBA, "cards": {f"c{i}": 1 for i in range(MAX_CARD_ENTRIES + 1)}}, "cards"),
        ({"characters": KOTOBA}, None),
        ({"cards": {}}, None),
        ({}, None),
        ({"text": "x", "characters": KOTOBA, "cards": {}}, None),
        ({"text": 5}, "text"),
        ({"text": "x" * 20_001}, "text"),
        ({"characters": KOTOBA, "cards": {}, "colection": 1}, "colection"),
        ({"characters": KOTOBA, "cards": {}, "collection": "1"}, "collection"),
        ({"characters": KOTOBA, "cards": {}, "collection": 0}, "collection"),
    ],
)
def test_malformed_bodies_are_400_with_the_field(cards_db, client_for, body, field):
    r = post(client_for(), URL, body)
    assert r.status_code == 400, r.content
    errors = r.json()["errors"]
    assert errors
    assert field in [e["field"] for e in errors]


@pytest.mark.parametrize(
    "raw",
    ["{", "[1, 2]", "null", '"deck"', "12", '{"characters": [}', "\xff\xfe", "[" * 50_000, '{"a":' * 10_000],
)
def test_malformed_json_is_400(cards_db, client_for, raw):
    r = post_raw(client_for(), URL, raw.encode("latin-1"))
    assert r.status_code == 400
    assert r.json()["errors"][0]["code"]


def test_oversized_body_is_400(cards_db, client_for):
    """Over the endpoint's 64 KiB: 400 too_large (issue 3: oversized bodies are malformed)."""
    body = {"characters": KOTOBA, "cards": deck(), "text_padding": "x" * 70_000}
    r = post_raw(client_for(), URL, json.dumps(body))
    assert r.status_code == 400
    assert r.json()["errors"][0]["code"] == "too_large"


def test_bulk_oversized_body_is_400(cards_db, client_for):
    """Over the bulk call's 2 MiB: 400 too_large, nothing validated (issue 3)."""
    body = {"decks": [{"characters": KOTOBA, "cards": deck()}], "text_padding": "x" * (2 * 1024 * 1024)}
    r = post_raw(client_for(), BULK, json.dumps(body))
    assert r.status_code == 400
    assert r.json()["errors"][0]["code"] == "too_large"


def test_wrong_content_type_is_415(cards_db, client_for):
    r = post_raw(client_for(), URL, "characters=amaya", content_type="application/x-www-form-urlencoded")
    assert r.status_code == 415


def test_validate_makes_no_query_per_card(cards_db, client_for):
    """docs/decks.md: the catalog is cached per process; one query (its version token) per call."""
    client = client_for()
    post(client, URL, {"characters": KOTOBA, "cards": deck()})  # warm the catalog cache
    with CaptureQueriesContext(connection) as small:
        post(client, URL, {"characters": KOTOBA, "cards": {"katana": 1}})
    with CaptureQueriesContext(connection) as big:
        post(client, URL, {"characters": KOTOBA, "cards": deck(katana=3, wakizashi=3, eclairs_1=2)})
    assert len(big.captured_queries) == len(small.captured_queries) <= 2


def test_catalog_change_is_seen_at_once(cards_db, client_for):
    from cards.models import Card

    client = client_for()
    assert post(client, URL, {"characters": NOZ, "cards": deck(hache=1)}).json()["valid"]
    hache = Card.objects.get(slug="hache")
    from cards.models import Guild

    hache.guild = Guild.objects.get(slug="kotoba")
    hache.save()
    body = post(client, URL, {"characters": NOZ, "cards": deck(hache=1)}).json()
    assert [e["code"] for e in body["errors"]] == ["card_affiliation"]


# --- ownership ---------------------------------------------------------------------------------


@pytest.fixture
def alice_collection(cards_db, alice):
    from cards.collection.services.collections import collection_create
    from cards.collection.services.copies import CopyRequest, copies_add

    collection = collection_create(owner=alice, name="Main")
    requests = [CopyRequest(slug=s, count=1) for s in KOTOBA]
    requests += [CopyRequest(slug=s, count=n) for s, n in deck().items()]
    requests.append(CopyRequest(slug="katana", count=1))
    copies_add(collection=collection, requests=requests)
    return collection


def test_collection_not_owned_with_missing_counts(alice_collection, alice, client_for):
    """docs/rules/eredan.md §2.9: validating against a collection reports the copies missing."""
    r = post(
        client_for(alice),
        URL,
        {"characters": KOTOBA, "cards": deck(katana=3), "collection": alice_collection.pk},
    )
    assert r.status_code == 200
    body = r.json()
    assert [e["code"] for e in body["errors"]] == ["not_owned"]
    assert body["errors"][0]["missing"] == {"katana": 2}
    ok = post(
        client_for(alice),
        URL,
        {"characters": KOTOBA, "cards": deck(katana=1), "collection": alice_collection.pk},
    )
    assert ok.json()["valid"] is True


def test_someone_elses_collection_is_404(alice_collection, bob, client_for):
    body = {"characters": KOTOBA, "cards": deck(), "collection": alice_collection.pk}
    assert post(client_for(bob), URL, body).status_code == 404
    assert post(client_for(), URL, body).status_code == 404
    assert post(client_for(bob), URL, {**body, "collection": 999_999}).status_code == 404
    bulk = {"decks": [{"characters": KOTOBA, "cards": deck()}], "collection": alice_collection.pk}
    assert post(client_for(bob), BULK, bulk).status_code == 404


def test_staff_may_check_any_collection(alice_collection, staff, client_for):
    body = {"characters": KOTOBA, "cards": deck(), "collection": alice_collection.pk}
    assert post(client_for(staff), URL, body).status_code == 200


# --- bulk --------------------------------------------------------------------------------------


def test_bulk_one_result_each_in_order(cards_db, client_for):
    decks = [
        {"characters": KOTOBA, "cards": deck(katana=3)},
        {"characters": NOZ, "cards": deck(katana=1)},
        {"text": "Iro le duelliste\nAmaya\nTélendar\n" + "\n".join(f"{n} {s}" for s, n in deck().items())},
        {"characters": ["ghost"], "cards": {"katana": 1}},
    ]
    r = post(client_for(), BULK, {"decks": decks})
    assert r.status_code == 200
    results = r.json()["results"]
    assert [res["valid"] for res in results] == [True, False, False, False]
    assert [[e["code"] for e in res["errors"]] for res in results][1:3] == [
        ["card_affiliation"],
        ["guild_conflict"],
    ]
    assert results[3]["errors"][0]["code"] == "unknown_character"


def test_bulk_limits(cards_db, client_for):
    one = {"characters": KOTOBA, "cards": {"katana": 3}}
    assert post(client_for(), BULK, {"decks": [one] * MAX_BULK_DECKS}).status_code == 200
    too_many = post(client_for(), BULK, {"decks": [one] * (MAX_BULK_DECKS + 1)})
    assert too_many.status_code == 400
    assert too_many.json()["errors"][0]["field"] == "decks"
    assert post(client_for(), BULK, {"decks": []}).status_code == 400
    assert post(client_for(), BULK, {"decks": one}).status_code == 400


def test_bulk_malformed_deck_names_its_index(cards_db, client_for):
    r = post(
        client_for(),
        BULK,
        {"decks": [{"characters": KOTOBA, "cards": {}}, {"characters": KOTOBA, "cards": {"katana": 0}}]},
    )
    assert r.status_code == 400
    assert r.json()["errors"][0]["field"] == "decks.1.cards.katana"
    bad_text = post(client_for(), BULK, {"decks": [{"text": "Characters:\nNobody\n"}]})
    assert bad_text.status_code == 400
    assert bad_text.json()["errors"][0]["field"] == "decks.0.text"


def test_schema_documents_the_violation_codes(db, client_for):
    from decks.rules import VIOLATION_CODES

    r = client_for().get("/api/schema/", {"format": "json"})
    assert r.status_code == 200
    schema = r.json()
    assert schema["components"]["schemas"]["ViolationCodeEnum"]["enum"] == list(VIOLATION_CODES)
    assert "/api/decks/validate/" in schema["paths"]
    assert "/api/decks/validate/bulk/" in schema["paths"]
