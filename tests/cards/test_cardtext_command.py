"""``manage.py cardtext``: the census, compilation and coverage of card rules texts.

The texts are written for these tests, in the cards' grammar; none is a card's text.
"""

from __future__ import annotations

import io

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
