"""The card database admin: staff only, search, filters, validation on the field, export, levels."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from cards.domain.cardset import card_from_json, type_tree_from_reference
from cards.models import Card, Character, CharacterClass, EvolutionFamily
from cards.specs import get_catalog

pytestmark = pytest.mark.django_db

CARD_FIELDS = (
    "name_en",
    "name_fr",
    "slug",
    "family",
    "level",
    "type",
    "unique",
    "guild",
    "zone",
    "dual_wield",
)


@pytest.fixture
def staff(client):
    user = get_user_model().objects.create_user("alice", is_staff=True, is_superuser=True)
    client.force_login(user)
    return client


def _card_form(card: Card, **changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for name in CARD_FIELDS:
        field = Card._meta.get_field(name)
        value = getattr(card, field.attname)
        if isinstance(value, bool):
            if value:
                data[name] = "on"
            continue
        data[name] = "" if value is None else value
    data.update(
        required_classes=[c.pk for c in card.required_classes.all()],
        required_characters=[f.pk for f in card.required_characters.all()],
        required_races=[r.pk for r in card.required_races.all()],
        chain=json.dumps(card.chain),
        effects=json.dumps(card.effects),
        xp_value=card.xp_value,
        rarity=card.rarity_id or "",
        card_set=card.card_set_id or "",
        source_seq=json.dumps(card.source_seq),
        notes=card.notes,
    )
    for key, value in changes.items():
        if value is False:
            data.pop(key, None)
        else:
            data[key] = value
    return data


def test_anonymous_and_non_staff_users_are_kept_out(client, mini):
    url = reverse("admin:cards_card_changelist")
    assert client.get(url).status_code == 302
    client.force_login(get_user_model().objects.create_user("bob"))
    response = client.get(url)
    assert response.status_code == 302
    assert "/login/" in response["Location"]


@pytest.mark.parametrize(
    ("query", "present", "absent"),
    [
        ("q=clair", "eclairs-3", "katana"),
        ("q=Chainmail", "cotte-de-mailles", "katana"),  # English name
        ("q=Éclairs", "eclairs-2", "katana"),  # French name
        ("type_tree=objet", "cotte-de-mailles", "eclairs"),  # every item, by subtree
        ("type_tree=arme_a_une_main", "wakizashi", "cotte-de-mailles"),
        ("guild__slug__exact=kotoba", "katana", "eclairs"),
        ("unique__exact=1", "eclairs-3", "eclairs-2"),
        ("level=3", "eclairs-3", "katana"),
    ],
)
def test_card_changelist_search_and_filters(staff, mini, query, present, absent):
    url = reverse("admin:cards_card_changelist")
    if query.startswith("guild"):
        from cards.models import Guild

        query = f"guild__id__exact={Guild.objects.get(slug='kotoba').pk}"
    html = staff.get(f"{url}?{query}").content.decode()
    assert f">{present}<" in html
    assert f">{absent}<" not in html


def test_character_changelist_filters_by_class_and_shows_stats(staff, mini):
    url = reverse("admin:cards_character_changelist")
    mage = CharacterClass.objects.get(slug="mage")
    html = staff.get(f"{url}?classes__id__exact={mage.pk}").content.decode()
    assert ">aez<" in html and ">iro<" in html and ">amaya<" not in html
    assert "1–3" in staff.get(url).content.decode()  # Aez's attack range as a list column


def test_invalid_effects_are_shown_on_the_field_and_not_saved(staff, mini):
    card = Card.objects.get(slug="charge")
    effects = [{"op": "draw", "count": 1}, {"op": "heal", "amount": "lots"}]
    url = reverse("admin:cards_card_change", args=[card.pk])
    response = staff.post(url, _card_form(card, effects=json.dumps(effects)))
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert "effects[1].amount" in errors["effects"][0]
    card.refresh_from_db()
    assert card.effects[1] == {"op": "draw", "count": 1}


def test_a_valid_edit_is_saved_and_reaches_the_catalog(staff, mini):
    get_catalog()
    card = Card.objects.get(slug="charge")
    url = reverse("admin:cards_card_change", args=[card.pk])
    effects = [{"op": "draw", "count": 2}]
    response = staff.post(url, _card_form(card, effects=json.dumps(effects)))
    assert response.status_code == 302, response.context["adminform"].form.errors
    assert get_catalog().cards["charge"].effects[0].count == 2


def test_zone_flag_on_a_non_spell_is_refused_on_the_field(staff, mini):
    card = Card.objects.get(slug="charge")
    response = staff.post(reverse("admin:cards_card_change", args=[card.pk]), _card_form(card, zone="on"))
    assert "zone" in response.context["adminform"].form.errors


def test_a_character_with_three_classes_is_refused(staff, mini):
    character = Character.objects.get(slug="iro")
    url = reverse("admin:cards_character_change", args=[character.pk])
    page = staff.get(url)
    form = page.context["adminform"].form
    data = {
        k: v
        for k, v in form.initial.items()
        if v is not None and k not in ("orders", "abilities", "source_seq")
    }
    data.update(
        classes=list(
            CharacterClass.objects.filter(slug__in=["mage", "combattant", "pretre"]).values_list(
                "pk", flat=True
            )
        ),
        castes=[c.pk for c in character.castes.all()],
        orders="[]",
        abilities="[]",
        source_seq="[]",
    )
    response = staff.post(url, data)
    assert response.status_code == 200
    assert "classes" in response.context["adminform"].form.errors


def test_change_page_shows_generated_rules_text(staff, mini):
    card = Card.objects.get(slug="eclairs-2")
    html = staff.get(reverse("admin:cards_card_change", args=[card.pk])).content.decode()
    assert "Zone: hits every enemy character." in html
    assert "Inflige 2 à 3 dégâts magiques" in html


def test_family_page_shows_its_levels_inline(staff, mini):
    family = EvolutionFamily.objects.get(slug="eclairs")
    html = staff.get(reverse("admin:cards_evolutionfamily_change", args=[family.pk])).content.decode()
    for slug in ("eclairs", "eclairs-2", "eclairs-3"):
        assert f"<p>{slug}</p>" in html


def test_export_action_gives_loadable_json(staff, mini):
    url = reverse("admin:cards_card_changelist")
    pks = list(Card.objects.filter(family__slug__in=["katana", "priere"]).values_list("pk", flat=True))
    response = staff.post(url, {"action": "export_json", "_selected_action": pks})
    assert response["Content-Type"].startswith("application/json")
    rows = json.loads(response.content)
    assert [r["slug"] for r in rows] == ["katana", "priere"]
    reference = json.loads((mini / "reference.json").read_text())
    types = type_tree_from_reference(reference)
    catalog = get_catalog()
    for row in rows:
        assert card_from_json(row, types=types) == catalog.cards[row["slug"]]


def test_deleting_a_middle_level_is_refused_with_a_message(staff, mini):
    card = Card.objects.get(slug="eclairs-2")
    response = staff.post(reverse("admin:cards_card_delete", args=[card.pk]), {"post": "yes"}, follow=True)
    assert "delete its highest levels first" in response.content.decode()
    assert Card.objects.filter(slug="eclairs-2").exists()
    url = reverse("admin:cards_card_changelist")
    response = staff.post(
        url, {"action": "delete_selected", "_selected_action": [card.pk], "post": "yes"}, follow=True
    )
    assert "delete its highest levels first" in response.content.decode()
    assert Card.objects.filter(slug="eclairs-2").exists()


def test_deleting_the_top_level_works(staff, mini):
    card = Card.objects.get(slug="eclairs-3")
    staff.post(reverse("admin:cards_card_delete", args=[card.pk]), {"post": "yes"})
    assert not Card.objects.filter(slug="eclairs-3").exists()
    assert "eclairs-3" not in get_catalog().cards


def test_autocomplete_for_relations(staff, mini):
    response = staff.get(
        "/admin/autocomplete/",
        {"app_label": "cards", "model_name": "card", "field_name": "required_characters", "term": "za"},
    )
    assert response.status_code == 200
    assert [r["text"] for r in response.json()["results"]] == ["Zahal (character)"]


# --- effects from the rules text (issue 15 §4) -------------------------------------------------


def test_fill_effects_from_the_rules_text(staff, mini):
    """The admin action compiles the stored rules text of the selected entries; those without one
    are said so. The text here is written for the test."""
    card = Card.objects.get(slug="charge")
    card.source_text = "Attaque +3 contre les Mages. Vous changez de couleur."
    card.save()
    url = reverse("admin:cards_card_changelist")
    pks = [card.pk, Card.objects.get(slug="katana").pk]
    response = staff.post(url, {"action": "fill_effects", "_selected_action": pks}, follow=True)
    text = response.content.decode()
    assert "1 filled from their rules text (1 with unread clauses" in text
    assert "1 have no rules text to compile: katana" in text
    card.refresh_from_db()
    assert card.effects == [
        {"op": "modify", "stat": "attack", "amount": 3, "when": {"opponent_class": "mage"}}
    ]
    assert card.effects_incomplete and card.unread_clauses == ["Vous changez de couleur"]
    assert get_catalog().cards["charge"].effects[0].amount == 3
    # the list filters on it
    html = staff.get(f"{url}?effects_incomplete__exact=1").content.decode()
    assert ">charge<" in html and ">katana<" not in html


def test_fill_effects_of_a_character(staff, mini):
    character = Character.objects.get(slug="aez")
    character.source_text = "Tours 1 et 3 : Esprit +2."
    character.save()
    url = reverse("admin:cards_character_changelist")
    staff.post(url, {"action": "fill_effects", "_selected_action": [character.pk]}, follow=True)
    character.refresh_from_db()
    assert character.orders == [
        {"turns": [1, 3], "effects": [{"op": "modify", "stat": "spirit", "amount": 2}]}
    ]
    assert not character.effects_incomplete
