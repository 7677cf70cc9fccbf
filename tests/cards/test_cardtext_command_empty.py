"""``manage.py cardtext`` on an empty card database (a module of its own: the other module loads
the mini set once for all its tests)."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db


def test_cardtext_needs_the_reference_tables(tmp_path):
    path = tmp_path / "texts.tsv"
    path.write_text("seq\tname_en\tname_fr\ttext_en\ttext_fr\n", encoding="utf-8")
    with pytest.raises(CommandError, match="load_cardset"):
        call_command("cardtext", "census", str(path))
