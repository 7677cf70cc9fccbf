"""``load_cardset``: the bundled card set files -> the database (cards/importers/cardset.py)."""

from __future__ import annotations

import pytest

from cards.domain.cardset import load_cardset
from cards.importers.cardset import CardsetError, cardset_load
from cards.models import Card, CatalogVersion, Character
from cards.specs import catalog_build, get_catalog

from .conftest import make_cardset

pytestmark = pytest.mark.django_db


def test_specs_from_the_database_equal_specs_from_the_files(mini):
    from_files = load_cardset(mini)
    catalog = catalog_build()
    assert catalog.characters == from_files.characters
    assert catalog.cards == from_files.cards


def test_loading_twice_changes_nothing(mini):
    version = CatalogVersion.objects.get().token
    updated = {c.slug: c.updated_at for c in Card.objects.all()}
    report = cardset_load(directory=mini)
    assert report.changed == 0
    assert all(c["unchanged"] > 0 for t, c in report.counts.items() if t in ("characters", "cards", "guilds"))
    assert CatalogVersion.objects.get().token == version  # no write, no bump
    assert {c.slug: c.updated_at for c in Card.objects.all()} == updated


def test_a_changed_file_updates_only_what_changed(mini, tmp_path):
    def edit(files):
        files["characters"][0]["hp"] = 25
        files["cards"][0]["effects"][0]["amount"] = 3

    report = cardset_load(directory=make_cardset(tmp_path / "edited", edit=edit))
    assert report.counts["characters"]["updated"] == 1
    assert report.counts["cards"]["updated"] == 1
    assert Character.objects.get(slug="telendar").hp == 25
    assert get_catalog().cards["katana"].effects[0].amount == 3


def test_relations_are_updated(mini, tmp_path):
    def edit(files):
        files["characters"][2]["classes"] = ["mage"]  # Iro loses Combattant
        files["cards"][6]["requirements"] = {"classes": ["pretre"]}

    cardset_load(directory=make_cardset(tmp_path / "edited", edit=edit))
    spec = get_catalog()
    assert spec.characters["iro"].classes == ("mage",)
    assert spec.cards["priere"].requirements.characters == frozenset()


def _broken(files, what):
    if what == "gap":
        files["cards"] = [c for c in files["cards"] if c["slug"] != "eclairs-2"]
    elif what == "unknown_guild":
        files["characters"][0]["guild"] = "atlantis"
    elif what == "bad_effect":
        files["cards"][1]["effects"][0]["amount"] = "lots"
    elif what == "attack":
        files["characters"][1]["attack"] = [6, 3]
    elif what == "slug_twice":
        files["cards"][0]["slug"] = "telendar"
    elif what == "mercenary_card":
        files["cards"][0]["guild"] = "non_affilies"
    elif what == "unknown_family":
        files["cards"][6]["requirements"]["characters"] = ["nobody"]


@pytest.mark.parametrize(
    ("what", "message"),
    [
        ("gap", "levels [1, 3]"),
        ("unknown_guild", "atlantis"),
        ("bad_effect", "effects[0].amount"),
        ("attack", "attack min is above attack max"),
        ("slug_twice", "telendar"),
        ("mercenary_card", "Mercenaires is no affiliation"),
        ("unknown_family", "unknown family 'nobody'"),
    ],
)
def test_a_bad_card_set_is_refused_and_changes_nothing(mini, tmp_path, what, message):
    before = (Character.objects.count(), Card.objects.count(), CatalogVersion.objects.get().token)
    hp_before = Character.objects.get(slug="telendar").hp

    def edit(files):
        files["characters"][0]["hp"] = 30  # a valid change that must be rolled back too
        _broken(files, what)

    with pytest.raises(CardsetError) as info:
        cardset_load(directory=make_cardset(tmp_path / what, edit=edit))
    assert message in info.value.message
    assert (Character.objects.count(), Card.objects.count(), CatalogVersion.objects.get().token) == before
    assert Character.objects.get(slug="telendar").hp == hp_before
