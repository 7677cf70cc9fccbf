"""Admin: collections with their copies, the "grant XP" action, the experience log read-only."""

from __future__ import annotations

import pytest
from django.test import Client

from cards.collection.models import ExperienceGrant
from cards.collection.services.experience import copy_grant_xp

from .conftest import add


@pytest.fixture
def admin_client(carol):
    carol.is_superuser = True
    carol.save()
    client = Client()
    client.force_login(carol)
    return client


def test_admin_pages_render(admin_client, alice_coll):
    (copy,) = add(alice_coll, "katana")
    copy_grant_xp(copy_id=copy.pk, amount=5, source="game", source_ref="job:1:game:1")
    for path in (
        "/admin/collection/collection/",
        f"/admin/collection/collection/{alice_coll.pk}/change/",
        "/admin/collection/ownedcopy/",
        f"/admin/collection/ownedcopy/{copy.pk}/change/",
        "/admin/collection/experiencegrant/",
        "/admin/collection/experienceaward/",
        "/admin/collection/ownedcopy/?q=katana",
    ):
        assert admin_client.get(path).status_code == 200, path


def test_grant_xp_action(admin_client, carol, alice_coll):
    copies = add(alice_coll, "katana", 2)
    ids = [str(c.pk) for c in copies]
    form = admin_client.post("/admin/collection/ownedcopy/", {"action": "grant_xp", "_selected_action": ids})
    assert form.status_code == 200 and b"Grant XP" in form.content
    done = admin_client.post(
        "/admin/collection/ownedcopy/",
        {"action": "grant_xp", "_selected_action": ids, "apply": "1", "amount": "40", "note": "bug fix"},
    )
    assert done.status_code == 302
    grants = ExperienceGrant.objects.filter(copy__in=copies)
    assert sorted(g.amount for g in grants) == [40, 40]
    assert {(g.source, g.granted_by_id, g.note) for g in grants} == {("staff", carol.pk, "bug fix")}
    for copy in copies:
        copy.refresh_from_db()
        assert copy.xp == 40


def test_grant_xp_action_refuses_bad_amounts(admin_client, alice_coll):
    (copy,) = add(alice_coll, "katana")
    response = admin_client.post(
        "/admin/collection/ownedcopy/",
        {"action": "grant_xp", "_selected_action": [str(copy.pk)], "apply": "1", "amount": "-5"},
    )
    assert response.status_code == 200  # the form again, with its error
    copy.refresh_from_db()
    assert copy.xp == 0 and not ExperienceGrant.objects.exists()


def test_experience_log_is_read_only(admin_client, alice_coll):
    (copy,) = add(alice_coll, "katana")
    grant = copy_grant_xp(copy_id=copy.pk, amount=5, source="game")
    assert admin_client.get("/admin/collection/experiencegrant/add/").status_code == 403
    view = admin_client.get(f"/admin/collection/experiencegrant/{grant.pk}/change/")
    assert view.status_code == 200 and b'name="amount"' not in view.content
    changed = admin_client.post(f"/admin/collection/experiencegrant/{grant.pk}/change/", {"amount": "500"})
    assert changed.status_code == 403
    assert (
        admin_client.post(
            f"/admin/collection/experiencegrant/{grant.pk}/delete/", {"post": "yes"}
        ).status_code
        == 403
    )
    grant.refresh_from_db()
    assert grant.amount == 5


def test_copy_xp_is_not_editable_by_hand(admin_client, alice_coll):
    (copy,) = add(alice_coll, "katana")
    page = admin_client.get(f"/admin/collection/ownedcopy/{copy.pk}/change/")
    assert b'name="xp"' not in page.content


def test_admin_keeps_one_default(admin_client, alice, bob):
    from cards.collection.models import Collection

    response = admin_client.post(
        "/admin/collection/collection/add/",
        {
            "owner": bob.pk,
            "name": "Made by staff",
            "copies-TOTAL_FORMS": "0",
            "copies-INITIAL_FORMS": "0",
        },
    )
    assert response.status_code == 302, response.content[:2000]
    made = Collection.objects.get(owner=bob)
    assert made.is_default
    assert (
        admin_client.post(f"/admin/collection/collection/{made.pk}/delete/", {"post": "yes"}).status_code
        == 403
    )
    assert Collection.objects.filter(pk=made.pk).exists()
