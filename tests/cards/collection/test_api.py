"""The collections API: owner only (others get 404, staff see all), every operation, every bad
input → 400 with a code and message in the project error format, and nothing changed."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from cards.collection.models import Collection, ExperienceGrant, OwnedCopy

from .conftest import add, client_for, state

API = "/api/collections/"


def url(collection, tail=""):
    return f"{API}{collection.pk}/{tail}"


def assert_error(response, status, code, field=...):
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"errors"}
    error = body["errors"][0]
    assert error["code"] == code and error["message"]
    if field is not ...:
        assert error["field"] == field
    return error


# --- permissions -------------------------------------------------------------------------------


def test_anonymous_is_refused(alice_coll):
    response = APIClient().get(API)
    assert response.status_code in (401, 403)
    assert "errors" in response.json()


def test_list_shows_only_your_collections(alice, alice_coll, bob_coll, carol):
    add(alice_coll, "katana", 2)
    mine = client_for(alice).get(API).json()
    assert [(c["name"], c["copies_count"], c["owner"]) for c in mine["results"]] == [("Main", 2, "alice")]
    staff = client_for(carol).get(API).json()
    assert {c["name"] for c in staff["results"]} == {"Main", "Bob's"}
    only_bob = client_for(carol).get(API, {"owner": bob_coll.owner_id}).json()
    assert [c["name"] for c in only_bob["results"]] == ["Bob's"]


@pytest.mark.parametrize(
    ("method", "tail", "body"),
    [
        ("get", "", None),
        ("patch", "", {"name": "Mine now"}),
        ("delete", "", None),
        ("get", "copies/", None),
        ("post", "copies/", {"slug": "katana"}),
        ("post", "copies/bulk/", {"items": [{"slug": "katana"}]}),
        ("post", "copies/remove/", {"items": [{"slug": "katana"}]}),
        ("get", "cards/", None),
        ("post", "evolve/", {"copy": 1}),
        ("post", "consume/", {"xp_card": 1, "target": 2}),
        ("get", "experience/", None),
        ("get", "export/", None),
        ("post", "import/", {"csv": "slug\nkatana\n"}),
        ("post", "import-deck/", {"characters": ["amaya"], "cards": {}}),
        ("post", "can-build/", {"characters": ["amaya"], "cards": {}}),
    ],
)
def test_someone_elses_collection_is_404(alice, bob_coll, method, tail, body):
    add(bob_coll, "katana")
    before = state(bob_coll)
    response = getattr(client_for(alice), method)(url(bob_coll, tail), body, format="json")
    assert_error(response, 404, "not_found")
    assert state(bob_coll) == before
    assert Collection.objects.filter(pk=bob_coll.pk, name="Bob's").exists()


def test_someone_elses_copy_is_404(alice, alice_coll, bob_coll):
    (theirs,) = add(bob_coll, "katana")
    client = client_for(alice)
    assert_error(client.get(url(alice_coll, f"copies/{theirs.pk}/")), 404, "not_found")
    assert_error(client.delete(url(alice_coll, f"copies/{theirs.pk}/")), 404, "not_found")
    assert OwnedCopy.objects.filter(pk=theirs.pk).exists()


def test_staff_see_and_manage_all(carol, bob_coll):
    (copy,) = add(bob_coll, "katana")
    client = client_for(carol)
    assert client.get(url(bob_coll)).json()["name"] == "Bob's"
    assert client.get(url(bob_coll, "copies/")).json()["count"] == 1
    response = client.post(url(bob_coll, f"copies/{copy.pk}/grant/"), {"amount": 25, "note": "event"})
    assert response.status_code == 201
    assert response.json()["granted_by"] == "carol" and response.json()["source"] == "staff"
    copy.refresh_from_db()
    assert copy.xp == 25


def test_players_cannot_grant(alice, alice_coll):
    (copy,) = add(alice_coll, "katana")
    response = client_for(alice).post(url(alice_coll, f"copies/{copy.pk}/grant/"), {"amount": 25})
    assert_error(response, 403, "permission_denied")
    copy.refresh_from_db()
    assert copy.xp == 0


# --- collections ---------------------------------------------------------------------------------


def test_create_rename_default_delete(alice, world):
    client = client_for(alice)
    first = client.post(API, {"name": "Main"}).json()
    assert first["is_default"]
    second = client.post(API, {"name": "Binder"}).json()
    assert not second["is_default"]
    assert client.patch(f"{API}{second['id']}/", {"is_default": True}).json()["is_default"]
    assert not client.get(f"{API}{first['id']}/").json()["is_default"]
    assert client.patch(f"{API}{first['id']}/", {"name": "Old"}).json()["name"] == "Old"
    assert client.delete(f"{API}{first['id']}/").status_code == 204
    assert_error(client.delete(f"{API}{second['id']}/"), 400, "default_required")
    assert_error(client.post(API, {"name": "Binder"}), 400, "duplicate_name", "name")
    assert_error(client.post(API, {"name": 5}), 400, "invalid", "name")
    assert_error(client.post(API, {}), 400, "required", "name")
    assert_error(client.post(API, "[1, 2", content_type="application/json"), 400, "parse_error")


# --- copies --------------------------------------------------------------------------------------


def test_add_single_and_list_with_progress(alice, alice_coll):
    client = client_for(alice)
    response = client.post(url(alice_coll, "copies/"), {"slug": "eclairs-1", "count": 2, "xp": 100})
    assert response.status_code == 201
    created = response.json()
    assert len(created) == 2 and created[0]["slug"] == "eclairs-1" and created[0]["xp"] == 100
    listing = client.get(url(alice_coll, "copies/")).json()
    copy = listing["results"][0]
    assert copy["progress"] == {
        "level": 1,
        "xp": 100,
        "floor": 0,
        "threshold": 160,
        "remaining": 60,
        "fraction": 0.625,
        "reached": False,
        "next_level": "eclairs-2",
        "can_evolve": False,
    }
    assert client.get(url(alice_coll, "copies/"), {"kind": "character"}).json()["count"] == 0
    assert client.get(url(alice_coll, "copies/"), {"family": "eclairs"}).json()["count"] == 2
    assert client.get(url(alice_coll, "copies/"), {"slug": "katana"}).json()["count"] == 0
    detail = client.get(url(alice_coll, f"copies/{copy['id']}/")).json()
    assert detail["progress"]["threshold"] == 160
    assert_error(client.get(url(alice_coll, "copies/"), {"kind": "spell"}), 400, "invalid", "kind")


def test_bulk_add_quantities_and_remove(alice, alice_coll):
    client = client_for(alice)
    body = {"items": [{"slug": "katana", "count": 3}, {"slug": "iro-1"}, {"slug": "eclairs-2", "count": 1}]}
    assert client.post(url(alice_coll, "copies/bulk/"), body).json() == {"added": 5}
    quantities = {q["slug"]: q["count"] for q in client.get(url(alice_coll, "cards/")).json()}
    assert quantities == {"katana": 3, "iro-1": 1, "eclairs-2": 1}
    response = client.post(url(alice_coll, "copies/remove/"), {"items": [{"slug": "katana", "count": 2}]})
    assert response.json() == {"removed": 2}
    (copy_id,) = OwnedCopy.objects.filter(collection=alice_coll, card__slug="katana").values_list(
        "id", flat=True
    )
    assert client.delete(url(alice_coll, f"copies/{copy_id}/")).status_code == 204
    assert {q["slug"] for q in client.get(url(alice_coll, "cards/")).json()} == {"iro-1", "eclairs-2"}


@pytest.mark.parametrize(
    ("tail", "body", "code", "field"),
    [
        ("copies/", {"slug": "no-such-card"}, "unknown_card", "slug"),
        ("copies/", {"slug": "katana", "count": -2}, "invalid_count", "count"),
        ("copies/", {"slug": "katana", "count": 0}, "invalid_count", "count"),
        ("copies/", {"slug": "katana", "count": 10**9}, "invalid_count", "count"),
        ("copies/", {"slug": "katana", "count": "many"}, "invalid", "count"),
        ("copies/", {"slug": "katana", "xp": -1}, "invalid_xp", "xp"),
        ("copies/", {"slug": "katana", "xp": 10**12}, "invalid_xp", "xp"),
        ("copies/", {"count": 1}, "required", "slug"),
        (
            "copies/",
            {"slug": "katana", "acquired_at": "9999-12-31T23:59:59-12:00"},
            "overflow",
            "acquired_at",
        ),
        (
            "copies/",
            {"slug": "katana", "acquired_at": "1990-01-01T00:00:00Z"},
            "invalid_acquired_at",
            "acquired_at",
        ),
        (
            "copies/",
            {"slug": "katana", "acquired_at": "2999-01-01T00:00:00Z"},
            "invalid_acquired_at",
            "acquired_at",
        ),
        ("copies/", {"slug": "katana", "acquired_at": "yesterday"}, "invalid", "acquired_at"),
        ("copies/", {"slug": "katana\x00"}, "null_characters_not_allowed", "slug"),
        ("copies/bulk/", {"items": [{"slug": "katana"}, {"slug": "nope"}]}, "unknown_card", "items.1.slug"),
        ("copies/bulk/", {"items": [{"slug": "katana", "count": -1}]}, "invalid_count", "items.0.count"),
        ("copies/bulk/", {"items": []}, "empty", "items"),
        ("copies/bulk/", {"items": "katana"}, "not_a_list", "items"),
        ("copies/remove/", {"items": [{"slug": "katana", "count": 5}]}, "not_enough_copies", "items.0.count"),
        ("copies/remove/", {"items": [{"slug": "nope", "count": 1}]}, "unknown_card", "items.0.slug"),
        ("copies/remove/", {"items": [{"slug": "katana", "count": -1}]}, "invalid_count", "items.0.count"),
    ],
)
def test_bad_copy_requests(alice, alice_coll, tail, body, code, field):
    add(alice_coll, "katana")
    before = state(alice_coll)
    assert_error(client_for(alice).post(url(alice_coll, tail), body, format="json"), 400, code, field)
    assert state(alice_coll) == before


def test_several_bad_items_are_all_reported(alice, alice_coll):
    body = {"items": [{"slug": "nope"}, {"slug": "katana"}, {"slug": "also-nope"}]}
    response = client_for(alice).post(url(alice_coll, "copies/bulk/"), body)
    assert_error(response, 400, "unknown_card")
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("unknown_card", "items.0.slug"),
        ("unknown_card", "items.2.slug"),
    ]
    assert state(alice_coll) == []


# --- experience ----------------------------------------------------------------------------------


def test_evolve_via_api(alice, alice_coll):
    (ready,) = add(alice_coll, "eclairs-1", xp=160)
    (short,) = add(alice_coll, "eclairs-1", xp=159)
    (last,) = add(alice_coll, "eclairs-3", xp=10**6)
    client = client_for(alice)
    response = client.post(url(alice_coll, "evolve/"), {"copy": ready.pk})
    assert response.status_code == 200
    body = response.json()
    assert (body["evolved_from"], body["evolved_to"], body["copy"]["slug"], body["copy"]["xp"]) == (
        "eclairs-1",
        "eclairs-2",
        "eclairs-2",
        160,
    )
    assert body["copy"]["progress"]["threshold"] == 480
    before = state(alice_coll)
    assert_error(client.post(url(alice_coll, "evolve/"), {"copy": short.pk}), 400, "not_enough_xp", "copy")
    assert_error(client.post(url(alice_coll, "evolve/"), {"copy": last.pk}), 400, "no_next_level", "copy")
    assert_error(client.post(url(alice_coll, "evolve/"), {"copy": "x"}), 400, "invalid", "copy")
    assert_error(client.post(url(alice_coll, "evolve/"), {}), 400, "required", "copy")
    assert state(alice_coll) == before


def test_evolving_a_copy_you_do_not_own_is_400(alice, alice_coll, bob_coll):
    (theirs,) = add(bob_coll, "eclairs-1", xp=500)
    response = client_for(alice).post(url(alice_coll, "evolve/"), {"copy": theirs.pk})
    error = assert_error(response, 400, "not_owner", "copy")
    assert "not in this collection" in error["message"]
    theirs.refresh_from_db()
    assert theirs.card.slug == "eclairs-1"


def test_consume_via_api_and_log(alice, alice_coll):
    (xp_card,) = add(alice_coll, "xp-50")
    (target,) = add(alice_coll, "eclairs-1")
    client = client_for(alice)
    response = client.post(url(alice_coll, "consume/"), {"xp_card": xp_card.pk, "target": target.pk})
    assert response.status_code == 200
    assert response.json()["amount"] == 50 and response.json()["xp_after"] == 50
    log = client.get(url(alice_coll, "experience/")).json()["results"]
    assert [(g["item_slug"], g["amount"], g["source"]) for g in log] == [("eclairs-1", 50, "xp_card")]
    assert client.get(url(alice_coll, "experience/"), {"copy": target.pk}).json()["count"] == 1
    assert client.get(url(alice_coll, "experience/"), {"source": "game"}).json()["count"] == 0
    assert_error(client.get(url(alice_coll, "experience/"), {"source": "magic"}), 400, "invalid", "source")


@pytest.mark.parametrize(
    ("feed", "onto", "code", "field"),
    [
        ("xp-50", "xp-200", "xp_card_target", "target"),
        ("katana", "eclairs-1", "not_xp_card", "xp_card"),
        ("xp-50", "bob", "not_owner", "target"),
        ("xp-50", "katana", "no_next_level", "target"),  # issue 19 §5: the XP would be lost
    ],
)
def test_bad_consumes(alice, alice_coll, bob_coll, feed, onto, code, field):
    (fed,) = add(alice_coll, feed)
    (target,) = add(bob_coll, "katana") if onto == "bob" else add(alice_coll, onto)
    before = state(alice_coll), state(bob_coll)
    response = client_for(alice).post(url(alice_coll, "consume/"), {"xp_card": fed.pk, "target": target.pk})
    assert_error(response, 400, code, field)
    assert (state(alice_coll), state(bob_coll)) == before
    assert not ExperienceGrant.objects.exists()


def test_grant_bad_amounts(carol, alice_coll):
    (copy,) = add(alice_coll, "katana")
    client = client_for(carol)
    for amount in (0, -3, 10**9):
        assert_error(
            client.post(url(alice_coll, f"copies/{copy.pk}/grant/"), {"amount": amount}),
            400,
            "invalid_amount",
        )
    copy.refresh_from_db()
    assert copy.xp == 0


# --- CSV -----------------------------------------------------------------------------------------


def test_csv_export_with_accept_header(alice, alice_coll):
    add(alice_coll, "katana")
    response = client_for(alice).get(url(alice_coll, "export/"), HTTP_ACCEPT="text/csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert response.content.decode().splitlines()[1].startswith("card,katana,")


def test_csv_export_of_someone_elses_collection_is_a_json_404(bob, alice_coll):
    response = client_for(bob).get(url(alice_coll, "export/"), HTTP_ACCEPT="text/csv")
    assert_error(response, 404, "not_found")
    assert response["Content-Type"].startswith("application/json")


def test_csv_export_import_round_trip(alice, alice_coll, bob_coll):
    add(alice_coll, "katana", 2)
    add(alice_coll, "eclairs-2", 1, xp=300)
    add(alice_coll, "iro-1", 1, xp=7)
    client = client_for(alice)
    response = client.get(url(alice_coll, "export/"))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    text = response.content.decode()
    assert text.splitlines()[0] == "kind,slug,name,level,xp,acquired_at"
    other = client.post(API, {"name": "Copy"}).json()
    imported = client.post(f"{API}{other['id']}/import/", text, content_type="text/csv")
    assert imported.status_code == 201 and imported.json() == {"added": 4}

    def shape(coll_id):
        return sorted(
            (c.item.slug, c.xp, c.acquired_at.isoformat())
            for c in OwnedCopy.objects.filter(collection_id=coll_id).select_related("card", "character")
        )

    assert shape(other["id"]) == shape(alice_coll.pk)
    again = client.get(f"{API}{other['id']}/export/").content.decode()
    assert sorted(again.splitlines()[1:]) == sorted(text.splitlines()[1:])


def test_csv_import_as_json_and_file(alice, alice_coll):
    client = client_for(alice)
    assert client.post(url(alice_coll, "import/"), {"csv": "slug,count\nkatana,2\n"}).json() == {"added": 2}
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("c.csv", b"slug\namaya\n", content_type="text/csv")
    assert client.post(url(alice_coll, "import/"), {"file": upload}, format="multipart").json() == {
        "added": 1
    }


@pytest.mark.parametrize(
    ("text", "row_code"),
    [
        ("kind,slug\ncard,katana\ncard,no-such-card\n", "unknown_card"),
        ("slug,colour\nkatana,red\n", "invalid_header"),
        ("name\nKatana\n", "invalid_header"),
        ("slug,count\nkatana,-1\n", "invalid_count"),
        ("slug,count\nkatana,999999999\n", "invalid_count"),
        ("slug,xp\nkatana,-5\n", "invalid_xp"),
        ("slug,xp\nkatana,lots\n", "invalid_xp"),
        ("kind,slug\ncharacter,katana\n", "kind_mismatch"),
        ("slug,level\neclairs-1,3\n", "level_mismatch"),
        ("slug,acquired_at\nkatana,yesterday\n", "invalid"),
        ("slug,acquired_at\nkatana,9999-12-31T23:59:59-12:00\n", "invalid_acquired_at"),
        ("slug,kind\nkatana\n", "column_count"),
        ('slug\n"katana\n', "unreadable"),
        ("slug\n", None),
        ("", None),
    ],
)
def test_malformed_csv_changes_nothing(alice, alice_coll, text, row_code):
    add(alice_coll, "katana")
    before = state(alice_coll)
    response = client_for(alice).post(url(alice_coll, "import/"), text, content_type="text/csv")
    error = assert_error(response, 400, "invalid_csv")
    if row_code is not None:
        assert row_code in {row["code"] for row in error["rows"]}
    assert state(alice_coll) == before


def test_csv_reports_every_bad_row(alice, alice_coll):
    text = "slug,count\nkatana,1\nnope,1\nkatana,0\nalso-nope,2\n"
    error = assert_error(
        client_for(alice).post(url(alice_coll, "import/"), text, content_type="text/csv"), 400, "invalid_csv"
    )
    assert [row["line"] for row in error["rows"]] == [4]  # format problems first: count 0 on line 4
    text = "slug,count\nkatana,1\nnope,1\nalso-nope,2\n"
    error = assert_error(
        client_for(alice).post(url(alice_coll, "import/"), text, content_type="text/csv"), 400, "invalid_csv"
    )
    assert [(row["line"], row["code"]) for row in error["rows"]] == [(3, "unknown_card"), (4, "unknown_card")]


def test_csv_not_utf8(alice, alice_coll):
    response = client_for(alice).post(
        url(alice_coll, "import/"), "slug\nkatána\n".encode("latin-1"), content_type="text/csv"
    )
    assert_error(response, 400, "parse_error")


def test_oversized_csv_is_413(alice, alice_coll, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    text = "slug\n" + "katana\n" * 200
    for kwargs in (
        {"data": text, "content_type": "text/csv"},
        {"data": {"csv": text}, "format": "json"},
    ):
        response = client_for(alice).post(url(alice_coll, "import/"), **kwargs)
        assert_error(response, 413, "too_large")
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("c.csv", text.encode(), content_type="text/csv")
    response = client_for(alice).post(url(alice_coll, "import/"), {"file": upload}, format="multipart")
    assert_error(response, 413, "too_large")
    assert state(alice_coll) == []


@pytest.mark.parametrize(
    "path",
    ["experience/?copy={huge}", "experience/?copy=-1", "experience/?copy=x"],
)
def test_bad_id_parameters(alice, alice_coll, path):
    response = client_for(alice).get(url(alice_coll, path.format(huge=10**30)))
    assert_error(response, 400, "invalid", "copy")


def test_bad_owner_parameter(carol, alice_coll):
    for value in (10**30, "x", 0):
        assert_error(client_for(carol).get(API, {"owner": value}), 400, "invalid", "owner")


def test_huge_ids_are_not_found_or_not_owned(alice, alice_coll):
    huge = 10**30
    client = client_for(alice)
    assert_error(client.get(f"{API}{huge}/"), 404, "not_found")
    assert_error(client.get(url(alice_coll, f"copies/{huge}/")), 404, "not_found")
    assert_error(client.post(url(alice_coll, "evolve/"), {"copy": huge}), 400, "not_owner", "copy")
    (target,) = add(alice_coll, "katana")
    body = {"xp_card": huge, "target": target.pk}
    assert_error(client.post(url(alice_coll, "consume/"), body), 400, "not_owner", "xp_card")
