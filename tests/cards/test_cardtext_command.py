"""``manage.py cardtext``: the census, compilation and coverage of card rules texts.

The texts are written for these tests, in the cards' grammar; none is a card's text.
"""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db

HEADER = "seq\tname_en\tname_fr\ttext_en\ttext_fr\ttooltip_tags\n"


def _tsv(tmp_path, rows):
    path = tmp_path / "texts.tsv"
    path.write_text(HEADER + "".join("\t".join(r) + "\t\n" for r in rows), encoding="utf-8")
    return path


def _run(*args):
    out = io.StringIO()
    call_command("cardtext", *args, stdout=out)
    return out.getvalue()


def test_census_counts_the_clause_shapes_of_a_file(mini, tmp_path):
    path = _tsv(
        tmp_path,
        [
            ("1", "Blade", "Lame", "", "Attaque +2. Permanent."),
            ("2", "Edge", "Fil", "", "Attaque +3. Permanent."),
            ("3", "Coat", "Manteau", "Spirit +1.", ""),  # English only
        ],
    )
    out = _run("census", str(path), "--top", "3")
    assert "3 texts, 5 clauses, 3 distinct clause shapes" in out
    assert "attaque +N" in out and "permanent" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [(None, "no such file"), ("seq\tname\n", "missing column")],
)
def test_census_refuses_a_missing_or_misshapen_file(mini, tmp_path, content, message):
    path = tmp_path / "texts.tsv"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(CommandError, match=message):
        _run("census", str(path))


def test_compile_prints_the_effects_and_the_unread_clauses(mini):
    out = _run("compile", "Attaque +2 contre les Mages. Enchaînement 'Wakizashi'. Vous changez de couleur.")
    body = out[: out.index("1 unread clause")]
    data = json.loads(body)
    assert data["effects"] == [
        {"op": "modify", "stat": "attack", "amount": 2, "when": {"opponent_class": "mage"}}
    ]
    # a quoted name is the database's family of that name
    assert data["chain"] == {"card": "wakizashi"}
    assert data["unread"] == ["Vous changez de couleur"]
    assert "  - Vous changez de couleur  [vous changez de couleur]" in out


def test_compile_a_character_text(mini):
    out = _run("compile", "--character", "Tours 2 et 5 : Défense +1.")
    data = json.loads(out[: out.index("every clause read")])
    assert data["orders"] == [
        {"turns": [2, 5], "effects": [{"op": "modify", "stat": "defense", "amount": 1}]}
    ]


def test_coverage_ends_with_the_line_of_the_issue(mini, tmp_path):
    path = _tsv(
        tmp_path,
        [
            ("1", "Blade", "Lame", "", "Attaque +2. Permanent."),
            ("2", "Edge", "Fil", "", "Attaque +1. Vous changez de couleur."),
            ("3", "Coat", "Manteau", "Spirit +1.", ""),
            ("4", "None", "Rien", "", ""),
        ],
    )
    out = _run("coverage", str(path), "--top", "5").rstrip("\n").splitlines()
    assert out[0] == "texts: 3; compiled with no unread clause: 1 (33.3%)"
    assert "vous changez de couleur" in "\n".join(out)
    assert out[-1] == "compiled 1 of 3 texts fully (33.3%)"


def test_coverage_knows_the_names_of_the_file_rows(mini, tmp_path):
    """A text naming a character of the file without quotes ("Zorbal : …") is read as the card
    pool's import would read it, the file's names being its families; a name that is also a word
    of the vocabulary stays that word."""
    path = _tsv(
        tmp_path,
        [
            ("1", "Zorbal", "Zorbal", "", "Tours 2 et 5 : Défense +1."),
            ("2", "Ring", "Anneau", "", "Défense +1. Zorbal : Attaque +1."),
            ("3", "Mage", "Mage", "", "Mage : Attaque +1."),
        ],
    )
    out = _run("coverage", str(path)).rstrip("\n").splitlines()
    assert out[-1] == "compiled 3 of 3 texts fully (100.0%)"
