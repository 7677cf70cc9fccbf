"""``manage.py eredan_play``: one game, turn by turn or as JSON; decks by slug, id or file, from
the card database, checked like any simulation's (docs/rules/eredan.md §2, §3)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from cards.domain.cardset import DEFAULT_CARDSET_DIR
from decks.models import Deck
from decks.services import deck_create

pytestmark = pytest.mark.django_db


def _demo_deck(slug: str) -> dict[str, Any]:
    decks = json.loads((DEFAULT_CARDSET_DIR / "decks.json").read_text(encoding="utf-8"))
    return next(d for d in decks if d["slug"] == slug)


#: A legal deck of the test card set: the Kotoba demo deck's, under another name.
KOTOBA = {
    **{k: v for k, v in _demo_deck("kotoba-voie-du-sabre").items() if k in ("characters", "cards")},
    "name": "Mine",
}


def _run(*args: str) -> str:
    out = io.StringIO()
    call_command("eredan_play", *args, stdout=out)
    return out.getvalue()


def test_prints_the_game_turn_by_turn(cardset: None) -> None:
    text = _run("kotoba-voie-du-sabre", "zil-golems", "--seed", "7")
    assert text.startswith("seat 0: ") and "Initiative:" in text and "Turn 1 — " in text
    assert text.rstrip().splitlines()[-1].startswith("End after turn ")
    assert "Iro" in text  # names, not slugs
    assert text == _run("kotoba-voie-du-sabre", "zil-golems", "--seed", "7")


def test_json_output_is_the_event_log_and_summary(cardset: None) -> None:
    data = json.loads(
        _run("kotoba-voie-du-sabre", "noz-garde-du-dragon", "--seed", "3", "--policy-a", "random", "--json")
    )
    assert data["decks"] == ["kotoba-voie-du-sabre", "noz-garde-du-dragon"]
    assert data["policies"] == ["random", "greedy"]
    assert data["log"][0]["event"] == "setup" and data["log"][-1]["event"] == "end"
    assert data["summary"]["winner"] == data["log"][-1]["winner"]


def test_options_change_the_rule_decisions(cardset: None) -> None:
    """docs/rules/eredan.md §3 Decisions — ``--option NAME=VALUE`` plays with other rules (listed in
    the JSON as those that differ), as ``simulate --option``; a bad one is refused with its name."""
    args = ["kotoba-voie-du-sabre", "zil-golems", "--seed", "5", "--json"]
    plain = json.loads(_run(*args))
    capped = json.loads(
        _run(*args, "--option", "turn_cap=3", "--option", "negative_reduction_adds_damage=true")
    )
    assert plain["rules"] == {}
    assert capped["rules"] == {"turn_cap": 3, "negative_reduction_adds_damage": True}
    assert capped["summary"]["turns"] <= 3 < plain["summary"]["turns"]
    with pytest.raises(CommandError, match="mage_chain"):
        _run(*args, "--option", "mage_chain=false")
    with pytest.raises(CommandError, match="turn_cap"):
        _run(*args, "--option", "turn_cap=0")


def test_a_deck_by_id_is_the_same_game_as_by_slug(cardset: None) -> None:
    pk = Deck.objects.get(slug="zil-golems").pk
    assert _run(str(pk), "kotoba-voie-du-sabre", "--json") == _run(
        "zil-golems", "kotoba-voie-du-sabre", "--json"
    )


def test_a_deck_file_json_or_text(cardset: None, tmp_path: Path) -> None:
    as_json = tmp_path / "mine.json"
    as_json.write_text(json.dumps(KOTOBA))
    data = json.loads(_run(str(as_json), "zil-golems", "--json", "--seed", "2"))
    assert data["log"][0]["characters"][0] == KOTOBA["characters"]
    as_text = tmp_path / "mine.txt"
    lines = ["Characters:", *KOTOBA["characters"], "Cards:"]
    lines += [f"{count} {slug}" for slug, count in KOTOBA["cards"].items()]
    as_text.write_text("\n".join(lines) + "\n")
    assert json.loads(_run(str(as_text), "zil-golems", "--json", "--seed", "2"))["log"] == data["log"]


def test_the_card_database_is_what_is_played(cardset: None) -> None:
    """An edit of a character's stats (as in the admin) changes the next game."""
    from cards.models import Character
    from cards.specs import catalog_cache_clear

    before = json.loads(_run("kotoba-voie-du-sabre", "zil-golems", "--json"))
    Character.objects.filter(slug__in=["iro-2", "amaya-2", "aku-2"]).update(hp=1)
    catalog_cache_clear()
    after = json.loads(_run("kotoba-voie-du-sabre", "zil-golems", "--json"))
    assert after["log"] != before["log"]


def test_a_users_own_deck_with_user(cardset: None, alice: Any) -> None:
    deck = deck_create(owner=alice, name="Mine", characters=KOTOBA["characters"], cards=KOTOBA["cards"])
    with pytest.raises(CommandError) as refused:
        _run(str(deck.pk), "zil-golems")
    assert str(refused.value).splitlines() == [
        f"entrants.0.deck: No public demo deck is {deck.pk} (no user was named, so only the demo decks "
        "can be). [deck_not_found]",
        "To play a deck of yours, name its owner: --user USERNAME.",
    ]
    assert _run(str(deck.pk), "zil-golems", "--user", "alice").startswith("seat 0: Mine (greedy)")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("no-such-deck", "zil-golems"),
            r"entrants\.0\.deck: No public demo deck is 'no-such-deck'",
        ),
        (("zil-golems", "zil-golems", "--turn-cap", "0"), "turn_cap"),
        (("zil-golems", "zil-golems", "--user", "nobody"), "no user 'nobody'"),
    ],
)
def test_bad_input_is_a_clear_error(cardset: None, args: tuple[str, ...], message: str) -> None:
    with pytest.raises(CommandError, match=message):
        _run(*args)


def test_an_invalid_deck_is_refused_with_its_violations(cardset: None, tmp_path: Path) -> None:
    """docs/rules/eredan.md §2: only legal decks are played (here 12 cards, and 4 Katanas)."""
    path = tmp_path / "short.json"
    path.write_text(
        json.dumps({**KOTOBA, "cards": {"katana-1": 4, "wakizashi-1": 3, "kunai-1": 2, "haine-des-noz-1": 3}})
    )
    with pytest.raises(CommandError, match="breaks the deck-building rules") as info:
        _run(str(path), "zil-golems")
    assert "At most 3 copies" in str(info.value) and "20 to 50 cards" in str(info.value)


def test_a_malformed_deck_file(cardset: None, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(CommandError, match="not JSON"):
        _run(str(bad), "zil-golems")
    unknown = tmp_path / "unknown.json"
    unknown.write_text(json.dumps({**KOTOBA, "characters": ["nobody", "iro-2", "aku-2"]}))
    with pytest.raises(CommandError, match="nobody"):
        _run(str(unknown), "zil-golems")
