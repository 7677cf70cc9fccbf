"""Concurrent transactions on the same copies: nothing lost, nothing counted twice.

Each thread has its own database connection (Django opens one per thread), so these are real
concurrent transactions — on PostgreSQL row locks and ``xp = xp + n`` updates are what keeps the
totals exact; on SQLite the database-wide write lock serializes them.

SQLite note: the test database is in memory with a shared cache, where a writer that finds the
database busy gets "database table is locked" at once instead of waiting for the busy timeout (a
file database, as deployed, waits). The workers then retry the whole service call — each call is
one transaction, rolled back on that error — which is what the busy timeout does for a file.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.db import OperationalError, connection

from cards.collection.models import ExperienceAward, ExperienceGrant, OwnedCopy
from cards.collection.services.evolution import copy_evolve
from cards.collection.services.experience import copy_grant_xp, experience_award_game, experience_award_games
from cards.collection.services.xp_cards import xp_card_consume
from eredan.errors import DomainError

from .conftest import add

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 20
SQLITE_RETRY_PAUSE = 0.002  # seconds between two attempts while the shared-cache database is locked
SQLITE_MAX_ATTEMPTS = 5000


def _call(job: Callable[[], Any]) -> Any:
    for _ in range(SQLITE_MAX_ATTEMPTS):
        try:
            return job()
        except OperationalError as exc:
            if connection.vendor != "sqlite" or "locked" not in str(exc):
                raise
            time.sleep(SQLITE_RETRY_PAUSE)
    raise AssertionError("the SQLite test database stayed locked")


def run_concurrently(jobs: list[Callable[[], Any]]) -> list[Any]:
    """Run every job in its own thread, released together; return each result or exception."""
    barrier = threading.Barrier(len(jobs))
    results: list[Any] = [None] * len(jobs)

    def worker(index: int) -> None:
        try:
            barrier.wait(timeout=30)
            results[index] = _call(jobs[index])
        except Exception as exc:  # the test inspects it
            results[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads)
    return results


def test_concurrent_grants_to_one_copy_lose_no_update(alice_coll):
    """20 simultaneous grants of 1..20 XP to one copy: exactly 210 XP, and each log line's
    xp_after is a distinct running total (every grant saw its own exact result)."""
    (copy,) = add(alice_coll, "eclairs-1")
    amounts = list(range(1, THREADS + 1))
    results = run_concurrently(
        [lambda n=n: copy_grant_xp(copy_id=copy.pk, amount=n, source="game") for n in amounts]
    )
    assert not [r for r in results if isinstance(r, Exception)]
    copy.refresh_from_db()
    assert copy.xp == sum(amounts)
    after = sorted(ExperienceGrant.objects.filter(copy=copy).values_list("xp_after", flat=True))
    assert len(set(after)) == THREADS and after[-1] == sum(amounts)


def test_one_xp_card_cannot_be_consumed_twice(alice_coll):
    """Two simultaneous consumptions of the same "+50 XP" card: one succeeds, the other is refused."""
    (xp_card,) = add(alice_coll, "xp-50")
    targets = add(alice_coll, "eclairs-1", 2)
    results = run_concurrently(
        [
            lambda t=t: xp_card_consume(collection=alice_coll, xp_card_id=xp_card.pk, target_id=t.pk)
            for t in targets
        ]
    )
    errors = [r for r in results if isinstance(r, Exception)]
    assert len(errors) == 1 and isinstance(errors[0], DomainError) and errors[0].code == "not_owner"
    assert sorted(OwnedCopy.objects.filter(pk__in=[t.pk for t in targets]).values_list("xp", flat=True)) == [
        0,
        50,
    ]
    assert not OwnedCopy.objects.filter(pk=xp_card.pk).exists()


def test_a_game_redelivered_concurrently_is_awarded_once(alice_coll):
    """The same game's award sent by several workers at once (a redelivered chunk): applied once."""
    (iro,) = add(alice_coll, "iro-1")
    summary = {"winner": 0, "characters": {"0": {"iro-1": {"damage": 3, "survived": True}}}}
    results = run_concurrently(
        [
            lambda: experience_award_game(
                summary=summary, collections={0: alice_coll}, source_ref="job:9:game:3"
            )
            for _ in range(8)
        ]
    )
    assert not [r for r in results if isinstance(r, Exception)]
    assert sum(r.created for r in results) == 1
    iro.refresh_from_db()
    assert iro.xp == next(r for r in results if r.created).grants[0].amount
    assert ExperienceAward.objects.count() == 1 and ExperienceGrant.objects.count() == 1


def test_concurrent_grants_and_evolution(alice_coll):
    """Grants racing an evolution: the copy evolves once and keeps every grant's XP."""
    (copy,) = add(alice_coll, "eclairs-1", xp=160)
    jobs: list[Callable[[], Any]] = [
        lambda: copy_grant_xp(copy_id=copy.pk, amount=10, source="game") for _ in range(10)
    ]
    jobs += [lambda: copy_evolve(collection=alice_coll, copy_id=copy.pk) for _ in range(2)]
    results = run_concurrently(jobs)
    unexpected = [r for r in results if isinstance(r, Exception) and not isinstance(r, DomainError)]
    assert not unexpected
    copy.refresh_from_db()
    assert copy.xp == 260
    # Both evolutions may succeed (160 → level 2, then 260 < 480 refuses a second one) — never more.
    assert copy.card.slug == "eclairs-2"


def test_overlapping_chunks_at_once_apply_each_game_once(alice_coll):
    """Four workers at once, each with 10 games, overlapping (a chunk redelivered while its first
    worker is still running, re-split differently): each of the 19 distinct games counts once."""
    (iro,) = add(alice_coll, "iro-1")
    summary = {"characters": {"0": {"iro-1": {"damage": 1}}}}
    chunks = [[(f"job:5:game:{g}", summary) for g in range(3 * k, 3 * k + 10)] for k in range(4)]
    results = run_concurrently(
        [
            lambda chunk=chunk: experience_award_games(games=chunk, collections={0: alice_coll})
            for chunk in chunks
        ]
    )
    assert not [r for r in results if isinstance(r, Exception)]
    applied = [ref for r in results for ref in r.created]
    assert sorted(applied) == sorted({ref for chunk in chunks for ref, _ in chunk})
    per_game = results[0].grants[0].amount
    iro.refresh_from_db()
    assert iro.xp == 19 * per_game
    assert ExperienceAward.objects.count() == 19 and ExperienceGrant.objects.count() == 19
