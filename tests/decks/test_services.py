"""Deck services and commands: demo decks (idempotent load), text import/export commands, admin."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from decks.models import Deck
from decks.selectors import deck_export_text, deck_get, deck_slugs, demo_decks
from decks.services import deck_create, demo_decks_load
from eredan.errors import DomainError
from tests.decks.catalog import deck

pytestmark = pytest.mark.django_db

KOTOBA = ["iro-le-duelliste", "amaya", "aez-le-guerrier-errant"]
NOZ = ["aez-le-guerrier-errant", "hares-le-brutal", "zahal"]


def write_decks(tmp_path, decks):
    path = tmp_path / "decks.json"
    path.write_text(json.dumps(decks, ensure_ascii=False), encoding="utf-8")
    return path


DEMO = [
    {"slug": "kotoba-lames", "name": "Lames de Kotoba", "characters": KOTOBA, "cards": deck(katana=3)},
    {"slug": "noz-garde", "name": "Garde de Noz", "characters": NOZ, "cards": deck(armure_noz=2)},
    {"slug": "noz-katana", "name": "Katana égaré", "characters": NOZ, "cards": deck(katana=1)},
]


def test_demo_decks_load_is_idempotent(cards_db, tmp_path):
    path = write_decks(tmp_path, DEMO)
    first = demo_decks_load(path=path)
    assert first.created == ["kotoba-lames", "noz-garde", "noz-katana"]
    assert first.invalid == ["noz-katana"]  # loaded, and reported as breaking a rule
    ids = dict(Deck.objects.values_list("slug", "pk"))
    second = demo_decks_load(path=path)
    assert second.created == second.updated == []
    assert second.unchanged == ["kotoba-lames", "noz-garde", "noz-katana"]
    assert dict(Deck.objects.values_list("slug", "pk")) == ids
    changed = [dict(DEMO[0], name="Lames", cards=deck(katana=2)), *DEMO[1:]]
    third = demo_decks_load(path=write_decks(tmp_path, changed))
    assert third.updated == ["kotoba-lames"]
    lames = Deck.objects.get(slug="kotoba-lames")
    assert lames.pk == ids["kotoba-lames"]
    assert lames.name == "Lames"
    assert lames.owner is None and lames.is_public


def test_demo_decks_unknown_slugs_refuse_the_whole_load(cards_db, tmp_path):
    bad = [*DEMO, {"slug": "bad", "name": "Bad", "characters": ["ghost"], "cards": {"excalibur": 1}}]
    with pytest.raises(DomainError) as info:
        demo_decks_load(path=write_decks(tmp_path, bad))
    assert info.value.code == "demo_decks_invalid"
    assert "bad" in info.value.message
    # every problem of the file, one error each, naming the deck and the slug
    assert [(e.code, e.field) for e in info.value.errors] == [("demo_decks_invalid", "decks.3")] * 2
    assert "ghost" in info.value.errors[0].message and "excalibur" in info.value.errors[1].message
    assert not Deck.objects.exists()


@pytest.mark.parametrize("content", ["{", "{}", '[{"slug": 1}]'])
def test_demo_decks_malformed_file(cards_db, tmp_path, content):
    path = tmp_path / "decks.json"
    path.write_text(content)
    with pytest.raises(DomainError):
        demo_decks_load(path=path)


def test_demo_decks_readable_by_anonymous_clients(cards_db, tmp_path, client_for):
    demo_decks_load(path=write_decks(tmp_path, DEMO))
    body = client_for().get("/api/decks/").json()
    assert sorted(d["slug"] for d in body["results"]) == ["kotoba-lames", "noz-garde", "noz-katana"]
    assert [d.slug for d in demo_decks()] == ["kotoba-lames", "noz-garde", "noz-katana"]


def test_load_demo_decks_command(cards_db, tmp_path):
    out = io.StringIO()
    call_command("load_demo_decks", str(write_decks(tmp_path, DEMO)), stdout=out)
    assert "3 created" in out.getvalue()
    assert "noz-katana" in out.getvalue()
    with pytest.raises(CommandError, match="nothing was changed"):
        call_command("load_demo_decks", str(tmp_path / "missing.json"), stdout=io.StringIO())


def test_deck_import_and_export_commands_round_trip(cards_db, alice, tmp_path):
    header = "Name: Lames\nCharacters:\nIro le duelliste\nAmaya\nAez le guerrier errant\n\nCards:\n"
    text = header + "3 KATANA\n2 Eclairs (niv. 2)\n"
    source = tmp_path / "deck.txt"
    source.write_text(text, encoding="utf-8")
    out = io.StringIO()
    call_command("deck_import", str(source), owner="alice", stdout=out)
    assert "saved as a draft" in out.getvalue()  # 5 cards: too small, and no Mage for Éclairs
    assert "deck_size" in out.getvalue()
    saved = Deck.objects.get(owner=alice)
    exported = io.StringIO()
    call_command("deck_export", str(saved.pk), stdout=exported)
    assert exported.getvalue() == header + "2 Éclairs (niveau 2)\n3 Katana\n"
    target = tmp_path / "again.txt"
    target.write_text(exported.getvalue(), encoding="utf-8")
    call_command("deck_import", str(target), owner="alice", stdout=io.StringIO())
    again = Deck.objects.filter(owner=alice).order_by("-pk").first()
    assert deck_slugs(again) == deck_slugs(saved)


def test_deck_import_command_reports_bad_lines(cards_db, alice, tmp_path):
    source = tmp_path / "deck.txt"
    source.write_text("Characters:\nNobody\nCards:\n3 Katanna\n", encoding="utf-8")
    with pytest.raises(CommandError) as info:
        call_command("deck_import", str(source), owner="alice", stdout=io.StringIO())
    assert "line 2:" in str(info.value) and "line 4:" in str(info.value)
    with pytest.raises(CommandError, match="no user"):
        call_command("deck_import", str(source), owner="nobody", stdout=io.StringIO())
    with pytest.raises(CommandError, match="no deck"):
        call_command("deck_export", "424242", stdout=io.StringIO())


def test_deck_delete_keeps_cards_and_card_delete_is_protected(cards_db, alice):
    from django.db.models import ProtectedError

    from cards.models import Card

    saved = deck_create(owner=alice, name="Lames", characters=KOTOBA, cards=deck(katana=3))
    with pytest.raises(ProtectedError):
        Card.objects.get(slug="katana").delete()
    saved.delete()
    assert Card.objects.filter(slug="katana").exists()


def test_service_refuses_bad_shapes(cards_db, alice):
    with pytest.raises(DomainError):
        deck_create(owner=alice, name="X", characters="amaya", cards={})
    with pytest.raises(DomainError):
        deck_create(owner=alice, name="X", characters=KOTOBA, cards={"katana": 0})
    with pytest.raises(DomainError):
        deck_create(owner=alice, name="X", characters=KOTOBA, cards={"katana": True})
    assert not Deck.objects.exists()


@pytest.mark.parametrize("name", ["Lames\x00", "a\x07b", "tab\x7f"])
def test_a_name_with_control_characters_is_refused_not_a_database_error(cards_db, alice, name):
    with pytest.raises(DomainError) as excinfo:
        deck_create(owner=alice, name=name, characters=KOTOBA, cards=deck(katana=3))
    assert (excinfo.value.code, excinfo.value.field) == ("control_characters", "name")
    assert not Deck.objects.filter(owner=alice).exists()


def test_admin_pages_show_the_validation(cards_db, alice, client):
    from django.contrib.auth import get_user_model

    admin = get_user_model().objects.create_superuser("root", "root@example.com", None)
    client.force_login(admin)
    draft = deck_create(owner=alice, name="Brouillon", characters=NOZ, cards=deck(katana=1))
    listing = client.get("/admin/decks/deck/")
    assert listing.status_code == 200
    assert "Brouillon" in listing.content.decode()
    page = client.get(f"/admin/decks/deck/{draft.pk}/change/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "card_affiliation" in html
    assert "Characters:" in html  # the text format
    assert "Name: Brouillon" in html
    assert deck_export_text(deck=deck_get(user=admin, pk=draft.pk)).startswith("Name: Brouillon\n")
