"""Experience: grants and their log, evolution, XP cards, XP from games.

docs/rules/eredan.md §1 Experience and Evolutions.
"""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import override_settings

from cards.collection.models import ExperienceAward, ExperienceGrant, OwnedCopy
from cards.collection.services import experience
from cards.collection.services.collections import collection_create
from cards.collection.services.evolution import copy_evolve
from cards.collection.services.experience import (
    MAX_GRANT,
    copy_grant_xp,
    experience_award_game,
    experience_award_games,
    experience_grant_staff,
    game_xp_table_get,
)
from cards.collection.services.xp_cards import xp_card_consume
from cards.collection.xp import GameXpTable
from eredan.errors import DomainError

from .conftest import add, state

# --- grants and the log --------------------------------------------------------------------------


def test_grant_adds_xp_and_logs_it(alice, alice_coll, carol):
    (copy,) = add(alice_coll, "katana")
    grant = experience_grant_staff(copy=copy, amount=30, granted_by=carol, note="tournament prize")
    copy.refresh_from_db()
    assert copy.xp == 30
    assert (grant.amount, grant.xp_after, grant.source, grant.owner, grant.granted_by) == (
        30,
        30,
        "staff",
        alice,
        carol,
    )
    assert grant.note == "tournament prize" and grant.item_slug == "katana" and grant.created_at


@pytest.mark.parametrize("amount", [0, -5, MAX_GRANT + 1, 2.5, True, "10"])
def test_bad_grant_amounts_are_refused(alice_coll, carol, amount):
    (copy,) = add(alice_coll, "katana")
    with pytest.raises(DomainError) as info:
        experience_grant_staff(copy=copy, amount=amount, granted_by=carol)
    assert info.value.code == "invalid_amount"
    copy.refresh_from_db()
    assert copy.xp == 0 and not ExperienceGrant.objects.exists()


def test_only_staff_grant(alice, alice_coll):
    (copy,) = add(alice_coll, "katana")
    with pytest.raises(DomainError) as info:
        experience_grant_staff(copy=copy, amount=5, granted_by=alice)
    assert info.value.status_code == 403


# --- evolution -----------------------------------------------------------------------------------


def test_evolve_at_threshold_exactly(alice_coll):
    """docs/rules/eredan.md §1 Experience — 160 XP at level 1 (evolution 0 → 160): the copy evolves,
    keeping its XP ([decision: cumulative])."""
    (copy,) = add(alice_coll, "eclairs-1", xp=160)
    evolution = copy_evolve(collection=alice_coll, copy_id=copy.pk)
    copy.refresh_from_db()
    assert (evolution.from_slug, evolution.to_slug) == ("eclairs-1", "eclairs-2")
    assert copy.card.slug == "eclairs-2" and copy.xp == 160


def test_evolve_one_below_threshold_is_refused(alice_coll):
    """docs/rules/eredan.md §1 Experience — 159 XP at level 1 is one short."""
    (copy,) = add(alice_coll, "eclairs-1", xp=159)
    with pytest.raises(DomainError) as info:
        copy_evolve(collection=alice_coll, copy_id=copy.pk)
    assert info.value.code == "not_enough_xp"
    assert "1 more" in info.value.message
    copy.refresh_from_db()
    assert copy.card.slug == "eclairs-1"


def test_thresholds_are_cumulative_across_levels(alice_coll):
    """[decision] leaving level 2 needs 480 XP in total, not 160 + 480."""
    (copy,) = add(alice_coll, "eclairs-1", xp=479)
    copy_evolve(collection=alice_coll, copy_id=copy.pk)
    with pytest.raises(DomainError) as info:
        copy_evolve(collection=alice_coll, copy_id=copy.pk)
    assert info.value.code == "not_enough_xp"
    copy_grant_xp(copy_id=copy.pk, amount=1, source="game")
    assert copy_evolve(collection=alice_coll, copy_id=copy.pk).to_slug == "eclairs-3"


def test_end_of_family_is_refused(alice_coll):
    """docs/rules/eredan.md §1 Evolutions — Éclairs level 3 is the last level: no next level,
    however much XP."""
    (copy,) = add(alice_coll, "eclairs-3", xp=1_000_000)
    (single,) = add(alice_coll, "katana", xp=1_000)
    for c in (copy, single):
        with pytest.raises(DomainError) as info:
            copy_evolve(collection=alice_coll, copy_id=c.pk)
        assert info.value.code == "no_next_level"


def test_character_evolves(alice_coll):
    (copy,) = add(alice_coll, "iro-1", xp=200)
    assert copy_evolve(collection=alice_coll, copy_id=copy.pk).to_slug == "iro-2"
    copy.refresh_from_db()
    assert copy.character.slug == "iro-2" and copy.card is None


def test_evolving_a_copy_you_do_not_own_is_refused(alice_coll, bob_coll):
    (theirs,) = add(bob_coll, "eclairs-1", xp=500)
    with pytest.raises(DomainError) as info:
        copy_evolve(collection=alice_coll, copy_id=theirs.pk)
    assert info.value.code == "not_owner"
    theirs.refresh_from_db()
    assert theirs.card.slug == "eclairs-1"


# --- XP cards ------------------------------------------------------------------------------------


def test_consuming_an_xp_card(alice_coll):
    """docs/rules/eredan.md §1 Experience — a "+N XP" card fed to a copy: N XP, the XP card is gone."""
    (xp_card,) = add(alice_coll, "xp-50")
    (target,) = add(alice_coll, "eclairs-1", xp=120)
    grant = xp_card_consume(collection=alice_coll, xp_card_id=xp_card.pk, target_id=target.pk)
    target.refresh_from_db()
    assert target.xp == 170 and grant.source == "xp_card" and grant.source_ref == f"xp-50#{xp_card.pk}"
    assert not OwnedCopy.objects.filter(pk=xp_card.pk).exists()
    assert copy_evolve(collection=alice_coll, copy_id=target.pk).to_slug == "eclairs-2"


def test_xp_card_on_a_character(alice_coll):
    (xp_card,) = add(alice_coll, "xp-200")
    (target,) = add(alice_coll, "iro-1")
    xp_card_consume(collection=alice_coll, xp_card_id=xp_card.pk, target_id=target.pk)
    target.refresh_from_db()
    assert target.xp == 200


@pytest.mark.parametrize(
    ("feed", "onto", "code"),
    [
        ("xp-50", "xp-200", "xp_card_target"),  # an XP card on an XP card
        ("xp-50", "ticket", "xp_card_target"),  # non-playable cards gain no XP
        ("katana", "eclairs-1", "not_xp_card"),  # consuming a non-XP card
        ("amaya", "eclairs-1", "not_xp_card"),
        # issue 19 §5: a copy at the last level of its family can never evolve again; the XP card is kept
        ("xp-50", "amaya", "no_next_level"),  # a family of one level
        ("xp-50", "iro-2", "no_next_level"),  # the last of two
    ],
)
def test_bad_xp_card_uses_change_nothing(alice_coll, feed, onto, code):
    (fed,) = add(alice_coll, feed)
    (target,) = add(alice_coll, onto)
    before = state(alice_coll)
    with pytest.raises(DomainError) as info:
        xp_card_consume(collection=alice_coll, xp_card_id=fed.pk, target_id=target.pk)
    assert info.value.code == code
    assert state(alice_coll) == before and not ExperienceGrant.objects.exists()


def test_xp_card_and_target_must_be_in_the_collection(alice_coll, bob_coll):
    (mine,) = add(alice_coll, "xp-50")
    (my_target,) = add(alice_coll, "katana")
    (theirs,) = add(bob_coll, "katana")
    (their_xp,) = add(bob_coll, "xp-50")
    before = state(alice_coll), state(bob_coll)
    for xp_card, target, field in [(mine, theirs, "target"), (their_xp, my_target, "xp_card")]:
        with pytest.raises(DomainError) as info:
            xp_card_consume(collection=alice_coll, xp_card_id=xp_card.pk, target_id=target.pk)
        assert (info.value.code, info.value.field) == ("not_owner", field)
    with pytest.raises(DomainError) as info:
        xp_card_consume(collection=alice_coll, xp_card_id=mine.pk, target_id=mine.pk)
    assert info.value.code == "xp_card_target"
    assert (state(alice_coll), state(bob_coll)) == before


# --- XP from games -------------------------------------------------------------------------------

SUMMARY = {
    "winner": 0,
    "turns": 12,
    "characters": {
        "0": {"iro-1": {"damage": 10, "healing": 2, "survived": True}},
        "1": {"amaya": {"damage": 4, "healing": 0, "survived": False}},
    },
    "cards_played": {"0": {"eclairs-1": 2, "katana": 1}, "1": {"katana": 3}},
}
TABLE = GameXpTable(
    character_played=5,
    character_win=5,
    character_survived=3,
    character_per_damage=1,
    character_per_healing=1,
    card_per_play=4,
    card_win=4,
    max_per_copy=60,
)


def test_game_xp_goes_to_the_lead_copy_by_the_table(alice_coll, bob_coll):
    """docs/rules/eredan.md §1 Experience — XP from games by the configurable table; the copy of each
    card with the most XP receives it ([decision])."""
    add(alice_coll, "eclairs-1", 1, xp=10)
    (lead,) = add(alice_coll, "eclairs-1", 1, xp=90)
    (iro,) = add(alice_coll, "iro-1")
    (katana,) = add(alice_coll, "katana")
    (bob_katana,) = add(bob_coll, "katana")
    (amaya,) = add(bob_coll, "amaya")
    result = experience_award_game(
        summary=SUMMARY, collections={0: alice_coll, 1: bob_coll}, source_ref="job:1:game:0", table=TABLE
    )
    assert result.created and not result.unowned
    for copy in (lead, iro, katana, bob_katana, amaya):
        copy.refresh_from_db()
    assert lead.xp == 90 + 2 * 4 + 4
    assert iro.xp == 5 + 5 + 3 + 10 + 2
    assert katana.xp == 4 + 4
    assert bob_katana.xp == 3 * 4  # the loser: no win bonus
    assert amaya.xp == 5 + 4
    assert len(result.grants) == 5 and {g.award_id for g in result.grants} == {result.award.pk}
    assert {g.source for g in result.grants} == {"simulation"}


def test_game_xp_is_applied_once_per_game(alice_coll):
    """A redelivered chunk calls again with the same (source, source_ref): nothing more is granted."""
    (iro,) = add(alice_coll, "iro-1")
    first = experience_award_game(summary=SUMMARY, collections={0: alice_coll}, source_ref="job:1:game:7")
    again = experience_award_game(summary=SUMMARY, collections={0: alice_coll}, source_ref="job:1:game:7")
    iro.refresh_from_db()
    assert first.created and not again.created
    assert [g.pk for g in again.grants] == [g.pk for g in first.grants]
    assert iro.xp == first.grants[0].amount
    assert ExperienceAward.objects.count() == 1 and ExperienceGrant.objects.count() == 1
    other = experience_award_game(
        summary=SUMMARY, collections={0: alice_coll}, source_ref="job:1:game:7", source="game"
    )
    assert other.created  # the key is (source, source_ref)


def test_game_xp_reports_unowned_cards_and_skips_seats_without_collection(alice_coll):
    (iro,) = add(alice_coll, "iro-1")
    result = experience_award_game(
        summary=SUMMARY, collections={0: alice_coll, 1: None}, source_ref="g1", table=TABLE
    )
    assert set(result.unowned) == {(0, "card", "eclairs-1"), (0, "card", "katana")}
    assert [g.copy_id for g in result.grants] == [iro.pk]


@override_settings(COLLECTION_GAME_XP_TABLE={"character_played": 40, "character_win": 0, "max_per_copy": 0})
def test_game_xp_table_from_settings(alice_coll):
    """[decision: a documented, configurable table] — the COLLECTION_GAME_XP_TABLE setting."""
    assert game_xp_table_get().character_played == 40
    (iro,) = add(alice_coll, "iro-1")
    experience_award_game(summary=SUMMARY, collections={0: alice_coll}, source_ref="g2")
    iro.refresh_from_db()
    table = GameXpTable()
    assert (
        iro.xp
        == 40 + table.character_survived + 10 * table.character_per_damage + 2 * table.character_per_healing
    )


@override_settings(COLLECTION_GAME_XP_TABLE={"card_per_pley": 3})
def test_a_misconfigured_table_is_a_configuration_error():
    with pytest.raises(ImproperlyConfigured, match="card_per_pley"):
        game_xp_table_get()


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"summary": {"winner": 5}}, "invalid_summary"),
        ({"summary": {"characters": {"0": {"iro-1": {"damage": -1}}}}}, "invalid_summary"),
        ({"source_ref": ""}, "invalid"),
        ({"source": "staff"}, "invalid"),
    ],
)
def test_bad_game_xp_calls_change_nothing(alice_coll, kwargs, code):
    add(alice_coll, "iro-1")
    before = state(alice_coll)
    call = {"summary": SUMMARY, "collections": {0: alice_coll}, "source_ref": "g3", **kwargs}
    with pytest.raises(DomainError) as info:
        experience_award_game(**call)
    assert info.value.code == code
    assert state(alice_coll) == before and not ExperienceAward.objects.exists()


def test_mirror_match_grants_both_seats_to_the_same_copy(alice_coll):
    """A collection playing itself: the lead copy gets both seats' XP, each logged with its
    running total."""
    (katana,) = add(alice_coll, "katana", xp=10)
    summary = {"winner": None, "cards_played": {"0": {"katana": 1}, "1": {"katana": 2}}}
    result = experience_award_game(
        summary=summary, collections={0: alice_coll, 1: alice_coll}, source_ref="mirror", table=TABLE
    )
    katana.refresh_from_db()
    assert katana.xp == 10 + 4 + 8
    assert [(g.amount, g.xp_after) for g in result.grants] == [(4, 14), (8, 22)]


# --- a chunk of games at once ---------------------------------------------------------------------


def test_a_chunk_of_games_equals_the_games_one_by_one(alice, world, bob):
    """experience_award_games over 6 games gives every copy exactly the XP that 6 calls of
    experience_award_game give, with the same log."""
    games = [
        (
            f"job:3:game:{i}",
            {
                "winner": i % 2,
                "characters": {
                    "0": {"iro-1": {"damage": i, "survived": i % 3 == 0}},
                    "1": {"amaya": {"damage": 2}},
                },
                "cards_played": {"0": {"katana": 1 + i % 2, "eclairs-1": i % 3}, "1": {"katana": 1}},
            },
        )
        for i in range(6)
    ]
    one_by_one = collection_create(owner=alice, name="one by one")
    chunked = collection_create(owner=bob, name="chunked")
    for coll in (one_by_one, chunked):
        for slug, xp in [("iro-1", 0), ("amaya", 0), ("katana", 5), ("katana", 9), ("eclairs-1", 0)]:
            add(coll, slug, xp=xp)
    for ref, summary in games:
        experience_award_game(
            summary=summary,
            collections={0: one_by_one, 1: one_by_one},
            source_ref=ref,
            source="game",
            table=TABLE,
        )
    result = experience_award_games(
        games=games, collections={0: chunked, 1: chunked}, source="simulation", table=TABLE
    )
    assert result.created == tuple(ref for ref, _ in games) and result.skipped == ()
    assert [xp for _, _, xp in state(chunked)] == [xp for _, _, xp in state(one_by_one)]

    def log(coll):
        return [
            (g.source_ref, g.item_slug, g.amount, g.xp_after)
            for g in ExperienceGrant.objects.filter(collection=coll).order_by("id")
        ]

    assert log(chunked) == log(one_by_one)


def test_a_redelivered_chunk_applies_only_its_new_games(alice_coll):
    (iro,) = add(alice_coll, "iro-1")
    summary = {"characters": {"0": {"iro-1": {"damage": 1}}}}
    first = experience_award_games(
        games=[("g:1", summary), ("g:2", summary)], collections={0: alice_coll}, table=TABLE
    )
    again = experience_award_games(
        games=[("g:1", summary), ("g:2", summary), ("g:3", summary)], collections={0: alice_coll}, table=TABLE
    )
    assert (first.created, again.created, again.skipped) == (("g:1", "g:2"), ("g:3",), ("g:1", "g:2"))
    iro.refresh_from_db()
    assert iro.xp == 3 * (TABLE.character_played + 1)
    assert ExperienceAward.objects.count() == 3


@pytest.mark.parametrize(
    ("games", "field"),
    [
        ([("g:1", {}), ("g:1", {})], "games.1.source_ref"),
        ([("g:1", {}), ("", {})], "games.1.source_ref"),
        ([("g:1", {}), ("g:2", {"winner": 3})], "games.1.winner"),
    ],
)
def test_a_bad_game_refuses_the_whole_chunk(alice_coll, games, field):
    add(alice_coll, "iro-1")
    before = state(alice_coll)
    with pytest.raises(DomainError) as info:
        experience_award_games(games=games, collections={0: alice_coll})
    assert info.value.field == field
    assert state(alice_coll) == before and not ExperienceAward.objects.exists()


def test_chunk_size_is_bounded(alice_coll, monkeypatch):
    monkeypatch.setattr(experience, "MAX_GAMES_PER_AWARD", 2)
    with pytest.raises(DomainError):
        experience_award_games(games=[(f"g{i}", {}) for i in range(3)], collections={0: alice_coll})


def test_a_chunk_logged_per_copy(alice_coll, monkeypatch):
    """With log_ref, one log line per copy for the whole chunk (split at the grant limit); the
    XP is the same as game by game and each game is still applied once."""
    (iro,) = add(alice_coll, "iro-1")
    (katana,) = add(alice_coll, "katana")
    summary = {"characters": {"0": {"iro-1": {"damage": 2}}}, "cards_played": {"0": {"katana": 1}}}
    games = [(f"job:8:game:{i}", summary) for i in range(5)]
    result = experience_award_games(
        games=games, collections={0: alice_coll}, table=TABLE, log_ref="job:8:chunk:0"
    )
    iro.refresh_from_db()
    katana.refresh_from_db()
    assert (iro.xp, katana.xp) == (5 * (5 + 2), 5 * 4)
    assert sorted((g.item_slug, g.amount, g.xp_after, g.source_ref, g.award_id) for g in result.grants) == [
        ("iro-1", 35, 35, "job:8:chunk:0", None),
        ("katana", 20, 20, "job:8:chunk:0", None),
    ]
    again = experience_award_games(games=games, collections={0: alice_coll}, log_ref="job:8:chunk:0")
    assert again.created == () and again.grants == ()
    monkeypatch.setattr(experience, "MAX_GRANT", 15)
    more = [(f"job:8:game:{i}", summary) for i in range(5, 8)]
    split = experience_award_games(games=more, collections={0: alice_coll}, table=TABLE, log_ref="c1")
    assert [g.amount for g in split.grants if g.item_slug == "iro-1"] == [15, 6]
