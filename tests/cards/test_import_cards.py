"""``import_cards``: the community cards.json dump -> the card database (cards/importers/community.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from cards.importers.community import COMMUNITY_STATS_SOURCE, ImportFileError, community_import
from cards.models import Card, CatalogVersion, Character, EvolutionFamily
from cards.specs import get_catalog

from .conftest import DATA_DIR

SAMPLE = DATA_DIR / "community" / "cards.json"
pytestmark = pytest.mark.django_db


@pytest.fixture
def loaded(mini):
    """The mini set (and with it the reference tables) in the database."""
    return mini


def _reasons(report) -> dict[str, str]:
    return {rid: reason for rid, _name, reason in report.skipped}


def test_import_maps_types_guilds_classes_races_castes_chains_and_stats(loaded):
    report = community_import(path=SAMPLE)
    assert report.records == 19
    assert report.counts["characters"]["created"] == 4
    assert report.counts["cards"]["created"] == 8
    catalog = get_catalog()
    telendar = Character.objects.get(community_id="1002")
    assert telendar.level == 2
    assert telendar.family == Character.objects.get(community_id="1001").family
    spec = catalog.characters[telendar.slug]
    assert (spec.guild, spec.classes, spec.race, spec.hp, spec.attack_min, spec.attack_max) == (
        "zil",
        ("maraudeur",),
        "humain",
        20,
        3,
        6,
    )
    assert telendar.stats_source == COMMUNITY_STATS_SOURCE
    iro = catalog.characters[Character.objects.get(community_id="1010").slug]
    assert iro.guild == "kotoba" and iro.classes == ("combattant", "mage") and iro.multi_guild
    assert "also in guilds: noz" in Character.objects.get(community_id="1010").notes
    aez = Character.objects.get(community_id="1020")
    assert aez.guild.is_mercenary  # no guild in the dump
    assert catalog.characters[aez.slug].element == "feu"
    eclairs = EvolutionFamily.objects.get(community_id="2001")
    assert [c.community_id for c in eclairs.cards.order_by("level")] == ["2001", "2002", "2003"]
    assert catalog.cards[Card.objects.get(community_id="2003").slug].requirements.classes == frozenset(
        {"mage"}
    )
    katana = Card.objects.get(community_id="2011")
    assert katana.guild.slug == "kotoba" and katana.type.slug == "epee" and katana.level == 2
    assert Card.objects.get(community_id="2020").guild is None  # Mercenaires is no affiliation
    prayer = Card.objects.get(community_id="2030")
    assert set(prayer.required_races.values_list("slug", flat=True)) == {"golem"}
    assert set(prayer.required_castes.values_list("slug", flat=True)) == {"courtisan"}
    assert Card.objects.get(community_id="2040").type.slug == "carte_xp"


def test_every_unmappable_record_is_reported_with_its_reason(loaded):
    reasons = _reasons(community_import(path=SAMPLE))
    assert reasons == {
        "2004": "reprint of id 2001",
        "3001": "unknown type_id 999",
        "3002": "3 classes (a character has at most 2)",
        "3003": reasons["3003"],
        "3004": "level 3 without level 1 in its chain",
        "3005": "associations: unknown guilde id 77",
        "3006": reasons["3006"],
    }
    assert reasons["3003"].startswith("hp:")
    assert reasons["3006"].startswith("attack_max:")


def test_a_refused_first_level_leaves_no_empty_family(loaded):
    community_import(path=SAMPLE)
    assert not EvolutionFamily.objects.filter(community_id="3003").exists()  # Fantôme: hp 0
    assert not EvolutionFamily.objects.filter(cards=None, characters=None).exists()


def test_slugs_never_collide_with_existing_entries(loaded):
    community_import(path=SAMPLE)
    imported = Character.objects.get(community_id="1001")
    assert imported.slug != "telendar"  # the bundled Télendar keeps its slug
    assert imported.family.slug == "telendar-1001"
    assert Character.objects.get(slug="telendar").community_id is None


def test_a_second_import_updates_and_never_duplicates(loaded, tmp_path):
    community_import(path=SAMPLE)
    counts = (Character.objects.count(), Card.objects.count(), EvolutionFamily.objects.count())
    stamps = sorted(Character.objects.values_list("updated_at", flat=True)) + sorted(
        Card.objects.values_list("updated_at", flat=True)
    )
    again = community_import(path=SAMPLE)
    assert again.counts["characters"] == {"created": 0, "updated": 0, "unchanged": 4}
    assert again.counts["cards"] == {"created": 0, "updated": 0, "unchanged": 8}
    assert stamps == sorted(Character.objects.values_list("updated_at", flat=True)) + sorted(
        Card.objects.values_list("updated_at", flat=True)
    )
    records = json.loads(SAMPLE.read_text())
    records[0]["life"] = 25
    changed = tmp_path / "cards.json"
    changed.write_text(json.dumps(records))
    third = community_import(path=changed)
    assert third.counts["characters"]["updated"] == 1
    assert (Character.objects.count(), Card.objects.count(), EvolutionFamily.objects.count()) == counts
    assert Character.objects.get(community_id="1001").hp == 25


def test_dry_run_changes_nothing(loaded, capsys):
    before = (Character.objects.count(), Card.objects.count(), CatalogVersion.objects.get().token)
    call_command("import_cards", str(SAMPLE), "--dry-run")
    out = capsys.readouterr().out
    assert "dry run" in out
    assert "cards: 8 created" in out
    assert "skipped id=3001 'Mystère': unknown type_id 999" in out
    assert (Character.objects.count(), Card.objects.count(), CatalogVersion.objects.get().token) == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not a JSON file"),
        ('{"id": 1}', "expected a list of card records"),
        ("[1, 2]", "record [0] is not an object"),
        ('[{"type_id": 2}]', "record [0] has no id"),
        ('[{"id": 5}, {"id": "5"}]', "id 5 appears twice"),
    ],
)
def test_a_malformed_file_is_refused_and_changes_nothing(loaded, tmp_path, content, message):
    path = tmp_path / "cards.json"
    path.write_text(content)
    before = (Character.objects.count(), Card.objects.count())
    with pytest.raises(ImportFileError, match=re.escape(message)):
        community_import(path=path)
    with pytest.raises(CommandError, match="nothing was changed"):
        call_command("import_cards", str(path))
    assert (Character.objects.count(), Card.objects.count()) == before


def test_a_missing_file_is_a_clear_error(loaded, tmp_path):
    with pytest.raises(CommandError, match="no such file"):
        call_command("import_cards", str(tmp_path / "nope.json"))


def test_a_chain_mixing_characters_and_cards_is_skipped(loaded, tmp_path):
    records = json.loads(SAMPLE.read_text())[:2]
    records[1]["type_id"] = 3  # Action: a card in a character's chain
    path = Path(tmp_path / "mixed.json")
    path.write_text(json.dumps(records))
    report = community_import(path=path)
    assert set(_reasons(report)) == {"1001", "1002"}
    assert not Character.objects.filter(community_id="1001").exists()


# --- effects compiled from the rules text (issue 15 §4) ---------------------------------------
# The sample's rules texts are written for the tests, in the cards' grammar.


def test_the_rules_text_becomes_the_effects(loaded):
    report = community_import(path=SAMPLE)
    katana = Card.objects.get(community_id="2010")
    assert katana.effects == [{"op": "modify", "stat": "attack", "amount": 2, "duration": "permanent"}]
    assert katana.chain == {"card": "wakizashi"}
    assert katana.play == {"stays": "permanent"}
    assert katana.source_text == "Attaque +2. Enchaînement 'Wakizashi'. Permanent."
    assert not katana.effects_incomplete and katana.unread_clauses == []
    telendar = Character.objects.get(community_id="1001")
    assert telendar.abilities == [
        {"op": "modify", "stat": "attack", "amount": 1, "when": {"opponent_class": "mage"}}
    ]
    assert telendar.orders == [
        {"turns": [2, 5], "effects": [{"op": "modify", "stat": "defense", "amount": 1}]}
    ]
    eclairs = Card.objects.get(community_id="2001")
    assert eclairs.effects == [{"op": "damage", "kind": "magical", "amount": [2, 3]}]
    # the catalog the engine plays has them
    assert get_catalog().cards[katana.slug].effects[0].amount == 2
    assert report.compiled == 7


def test_a_text_with_unread_clauses_is_imported_marked_and_listed(loaded):
    report = community_import(path=SAMPLE)
    mail = Card.objects.get(community_id="2020")
    assert mail.effects_incomplete
    assert mail.unread_clauses == ["Vous changez de couleur"]
    assert mail.effects == [{"op": "modify", "stat": "defense", "amount": 2, "duration": "permanent"}]
    assert report.incomplete == [("2020", "Cotte de mailles", ["Vous changez de couleur"])]
    lines = report.lines()
    assert "rules texts compiled: 7; with every clause read: 6; effects incomplete: 1" in lines
    assert "  incomplete id=2020 'Cotte de mailles': 1 unread clause(s): Vous changez de couleur" in lines
    # a record without a rules text is not "incomplete": it says nothing
    iro = Character.objects.get(community_id="1010")
    assert not iro.effects_incomplete and iro.abilities == [] and "no rules text" in iro.notes


def test_hand_edited_effects_survive_a_reimport_and_a_new_text_is_compiled(loaded, tmp_path):
    community_import(path=SAMPLE)
    katana = Card.objects.get(community_id="2010")
    katana.effects = [{"op": "modify", "stat": "attack", "amount": 5, "duration": "permanent"}]
    katana.save()
    again = community_import(path=SAMPLE)
    assert again.kept == [("2010", "Katana")]
    assert Card.objects.get(community_id="2010").effects[0]["amount"] == 5
    records = json.loads(SAMPLE.read_text())
    for record in records:
        if record["id"] == "2001":
            record["labels"]["fr_fr"]["description"] = "Inflige 4 dégâts magiques au personnage adverse."
    changed = tmp_path / "cards.json"
    changed.write_text(json.dumps(records))
    third = community_import(path=changed)
    assert Card.objects.get(community_id="2001").effects == [{"op": "damage", "kind": "magical", "amount": 4}]
    assert third.counts["cards"]["updated"] == 1
