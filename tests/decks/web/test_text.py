"""Deck text import and export through the pages (docs/decks.md "Deck text format"): export then
import gives back the same deck; a bad text is refused line by line, beside the field, kept."""

from __future__ import annotations

import pytest

from decks.models import Deck
from decks.selectors import deck_slugs
from decks.services import deck_create
from tests.decks.catalog import deck
from tests.decks.web.conftest import HX, KOTOBA, form, tag

pytestmark = pytest.mark.django_db


def test_export_then_import_round_trip(as_alice, alice):
    mine = deck_create(
        owner=alice, name="Lames de Kotoba", characters=KOTOBA, cards=deck(katana=3, eclairs_2=1)
    )
    exported = as_alice.get(f"/decks/{mine.pk}/export/")
    assert exported.status_code == 200
    assert exported["Content-Type"] == "text/plain; charset=utf-8"
    assert exported["Content-Disposition"] == 'attachment; filename="lames-de-kotoba.txt"'
    text = exported.content.decode()
    assert text.startswith("Name: Lames de Kotoba\nCharacters:\n")
    response = as_alice.post("/decks/import/", {"text": text, "name": ""})
    assert response.status_code == 302
    imported = Deck.objects.exclude(pk=mine.pk).get(owner=alice)
    assert imported.name == "Lames de Kotoba"
    assert deck_slugs(imported) == deck_slugs(mine)
    again = as_alice.get(f"/decks/{imported.pk}/export/").content.decode()
    assert again == text


def test_import_takes_the_name_field_over_the_text(as_alice, alice):
    as_alice.post("/decks/import/", {"text": "Name: In text\nCharacters:\nAmaya\n", "name": "Given"})
    assert Deck.objects.get(owner=alice).name == "Given"


def test_a_bad_text_is_refused_line_by_line_and_kept(as_alice, alice):
    text = "Name: X\nCharacters:\nIro le duelliste\nCards:\n3 Katanna\n500 Wakizashi\n"
    response = as_alice.post("/decks/import/", {"text": text, "name": ""})
    assert response.status_code == 200
    page = response.content.decode()
    assert "The deck text has 2 bad lines." in page
    assert "line 5: unknown card &#x27;Katanna&#x27; — did you mean &#x27;Katana&#x27;?" in page
    assert "line 6: a count is 1 to 99, not 500" in page
    assert ">Name: X\nCharacters:\nIro le duelliste\nCards:\n3 Katanna\n500 Wakizashi\n</textarea>" in page
    assert not Deck.objects.filter(owner=alice).exists()


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"text": "", "name": "N"}, "text", "Paste a deck text."),
        ({"text": "Characters:\nAmaya\n", "name": ""}, "name", "or a “Name:” line in the text"),
        ({"text": "x" * 20_001, "name": "N"}, "text", "at most 20,000 characters"),
    ],
)
def test_import_problems_are_shown_beside_their_field(as_alice, alice, data, field, message):
    response = as_alice.post("/decks/import/", data)
    assert response.status_code == 200
    page = response.content.decode()
    assert message in page
    assert "aria-invalid" in tag(page, field)
    assert not Deck.objects.filter(owner=alice).exists()


def test_import_into_an_existing_deck_replaces_its_content_until_saved(as_alice, alice):
    mine = deck_create(owner=alice, name="Mine", characters=["zahal"], cards={"katana": 1})
    text = (
        "Name: Other\nCharacters:\nIro le duelliste\nAmaya\nAez le guerrier errant\n"
        "Cards:\n3 Katana\n3 Dague\n"
    )
    page = as_alice.post(
        f"/decks/{mine.pk}/edit/",
        form(name="Mine", characters=["zahal"], cards={"katana": 1}, text=text, op="import"),
        **HX,
    ).content.decode()
    assert 'value="Mine"' in tag(page, "name")  # the deck keeps its name
    assert 'value="iro-le-duelliste" selected' in page
    assert 'value="3"' in tag(page, "card-dague")
    assert "></textarea>" in page  # applied: the text field is emptied
    assert deck_slugs(Deck.objects.get(pk=mine.pk)) == (["zahal"], {"katana": 1})  # not saved yet
    saved = as_alice.post(
        f"/decks/{mine.pk}/", form(name="Mine", characters=KOTOBA, cards={"katana": 3, "dague": 3})
    )
    assert saved.status_code == 302
    assert deck_slugs(Deck.objects.get(pk=mine.pk)) == (KOTOBA, {"katana": 3, "dague": 3})


def test_a_bad_import_into_a_deck_changes_nothing_and_keeps_the_text(as_alice, alice):
    mine = deck_create(owner=alice, name="Mine", characters=KOTOBA, cards=deck(katana=3))
    text = "Characters:\nNobody\n"
    data = form(name="Mine", characters=KOTOBA, cards=deck(katana=3), text=text, op="import")
    page = as_alice.post(f"/decks/{mine.pk}/edit/", data, **HX).content.decode()
    assert "The deck text has 1 bad line; nothing was imported." in page
    assert "line 2: unknown character &#x27;Nobody&#x27;" in page
    assert ">Characters:\nNobody\n</textarea>" in page
    assert '<details class="panel import" open>' in page
    assert 'value="3"' in tag(page, "card-katana")  # the deck as it was
