"""fixtures/tools/build_synthetic_dump.py: a community dump built from a card-texts.tsv-shaped
file (names and texts kept, types guessed, stats made up, all marked), that import_cards takes.

The rows here are written for the test, in the cards' grammar.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from cards.importers.community import community_import
from cards.models import Card, Character

pytestmark = pytest.mark.django_db

TOOL = Path(__file__).resolve().parents[2] / "fixtures" / "tools" / "build_synthetic_dump.py"
ROWS = [
    ("0", "Iron Fang", "Croc de fer", "", "Attaque +2. Ambidextrie. Permanent."),
    ("1", "Hedge", "Haie", "", "Attaque +1 contre les Mages. Tours 2 et 4 : Défense +1."),
    ("2", "Hedge", "Haie", "", "Attaque +1 contre les Mages. Tours 2, 4 et 6 : Défense +1."),
    ("3", "Spark", "Étincelle", "", "Inflige 2 à 3 dégâts magiques au personnage adverse."),
    ("4", "Blank", "Vide", "", ""),
]


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location("build_synthetic_dump", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def tsv(tmp_path):
    path = tmp_path / "texts.tsv"
    lines = ["seq\tname_en\tname_fr\ttext_en\ttext_fr\ttooltip_tags"]
    lines += ["\t".join(row) + "\t" for row in ROWS]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_the_dump_keeps_names_and_texts_guesses_types_and_marks_everything(tool, tsv):
    records = tool.build(tsv, seed=1)
    assert [r["id"] for r in records] == [1, 2, 3, 4, 5]
    fang, hedge1, hedge2, spark, blank = records
    assert fang["labels"]["fr_fr"] == {
        "name": "Croc de fer",
        "description": "Attaque +2. Ambidextrie. Permanent.",
    }
    assert fang["type_id"] == 32  # a Dague: a one-handed weapon with Ambidextrie (guessed)
    assert hedge1["type_id"] == 2 and hedge1["evolution"] == 0  # a character (an Ordre)
    assert (hedge2["evolution"], hedge2["ancestorCards"], hedge1["descendantCards"]) == (1, [2], [3])
    assert {"type_association": "classe", "associe_id": 3} in hedge1["associations"]  # Maraudeur
    assert hedge2["life"] > 0 and hedge2["high_attack"] >= hedge2["base_attack"]
    assert spark["type_id"] in range(17, 31)  # a spell (magic damage), its element drawn
    assert blank["type_id"] == 3  # an action
    assert all(r["synthetic"]["stats"].startswith("made up") for r in records)


def test_it_refuses_to_write_inside_the_repository(tool, tsv):
    with pytest.raises(SystemExit):
        tool.main([str(tsv), str(TOOL.parent / "cards.json")])


def test_import_cards_takes_it_and_notes_it_is_synthetic(tool, tsv, tmp_path, mini):
    out = tmp_path / "cards.json"
    assert tool.main([str(tsv), str(out)]) == 0
    assert len(json.loads(out.read_text())) == 5
    report = community_import(path=out)
    assert report.skipped == []
    hedge = Character.objects.get(community_id="3")
    assert "synthetic record: stats made up" in hedge.notes
    assert hedge.orders == [
        {"turns": [2, 4, 6], "effects": [{"op": "modify", "stat": "defense", "amount": 1}]}
    ]
    assert Card.objects.get(community_id="1").dual_wield


def test_a_rune_the_texts_name_and_the_file_lacks_is_added_without_text(tool, tmp_path):
    """A Rune the cards create and spend ("gagne une Rune Yr", "Rune Yr : …") with no row of its own
    is added, with no text, as the file gives its siblings (a Rune named nowhere is not)."""
    path = tmp_path / "texts.tsv"
    rows = [
        ("0", "Gift", "Don", "", "Votre personnage gagne une Rune Yr."),
        ("1", "Cor Rune", "Rune Cor", "", ""),
    ]
    lines = ["seq\tname_en\tname_fr\ttext_en\ttext_fr\ttooltip_tags", *("\t".join(r) + "\t" for r in rows)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    records = tool.build(path, seed=1)
    added = [r for r in records if "row" in r["synthetic"]]
    assert [(r["id"], r["labels"]["fr_fr"]) for r in added] == [(3, {"name": "Rune Yr", "description": ""})]
    assert added[0]["type_id"] == records[1]["type_id"]  # guessed as its sibling is
