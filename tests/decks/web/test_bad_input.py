"""Whatever a form sends, the pages answer without a server error, and write nothing they should
not (the forms of the builder and of My decks, sent by hand)."""

from __future__ import annotations

import pytest

from decks.models import Deck
from decks.services import deck_create
from tests.decks.catalog import deck
from tests.decks.web.conftest import HX, KOTOBA

pytestmark = pytest.mark.django_db

JUNK = [
    {},
    {"character": ["x" * 500]},
    {"character": [""] * 50},
    {"card-": "3"},
    {"card-" + "k" * 500: "3"},
    {"card-katana": ["1", "2", "3"]},
    {"card-katana": "9" * 500},
    {"card-katana": "\x00"},
    {"name": "\x00" * 10},
    {"name": "n" * 10_000},
    {"op": "add:"},
    {"op": "add:" + "x" * 1000},
    {"op": "remove:ghost"},
    {"op": "frobnicate"},
    {"op": "import", "text": "x" * 20_001},
    {"op": "import", "text": "Characters:\n" + "Amaya\n" * 50},
    {"op": "import", "text": "Cards:\n" + "".join(f"1 {c}\n" for c in ("Katana", "Dague", "Bijou") * 100)},
    {"op": "check", "collection": "9" * 30},
    {"op": "check", "collection": "-1"},
    {"op": "check", "collection": "1e3"},
    {**{f"card-{slug}": "1" for slug in deck()}, "card-katana": "99", "op": "add:katana"},
]


@pytest.mark.parametrize("data", JUNK, ids=range(len(JUNK)))
def test_the_builder_forms_never_fail(as_alice, alice, data):
    mine = deck_create(owner=alice, name="Mine", characters=KOTOBA, cards=deck(katana=3))
    if any("\x00" in str(value) for value in data.values()):
        # A NUL anywhere in a request: the one refusal of every URL (eredan/middleware.py).
        for url in ("/decks/new/edit/", f"/decks/{mine.pk}/edit/", "/decks/new/", "/decks/import/"):
            assert as_alice.post(url, data).status_code == 400
        assert Deck.objects.get(pk=mine.pk).name == "Mine"
        return
    for url in ("/decks/new/edit/", f"/decks/{mine.pk}/edit/"):
        assert as_alice.post(url, data, **HX).status_code == 200
        assert as_alice.post(url, data).status_code == 200
    for url in ("/decks/new/", f"/decks/{mine.pk}/"):
        response = as_alice.post(url, data)
        assert response.status_code in (200, 302)
    assert as_alice.post("/decks/import/", data).status_code in (200, 302)
    assert Deck.objects.get(pk=mine.pk).name in {"Mine", " ".join(str(data.get("name", "")).split())}


@pytest.mark.parametrize(
    "query",
    ["q=" + "x" * 5000, "guild=" + "g" * 500, "kind=%00", "q=%F0%9F%83%8F", "deck=" + "9" * 40, "deck=%00"],
)
def test_the_picker_never_fails(as_alice, query):
    expected = 400 if "%00" in query else 200  # a NUL anywhere: eredan/middleware.py
    assert as_alice.get(f"/decks/cards/?{query}", **HX).status_code == expected
    assert as_alice.get(f"/decks/new/?{query}").status_code == expected


def test_a_count_over_99_after_add_is_refused_beside_the_field(as_alice):
    page = as_alice.post("/decks/new/edit/", {"card-katana": "99", "op": "add:katana"}, **HX).content.decode()
    assert 'id="card-katana-error"' in page
    assert 'value="99"' in page
