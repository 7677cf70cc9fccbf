"""Fixtures of the simulation job tests (tests/simulator/test_*.py): the personas, the bundled card
set and demo decks loaded for real, and the Celery app pointed at this area's own Redis database
(db 14 by default, ``SIMULATOR_TEST_REDIS_URL``) or at a filesystem broker in a temporary folder.

Nothing here is autouse: the engine and game tests below this folder are not affected.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from django.db import transaction
from django.test import override_settings

from cards.domain.cardset import DEFAULT_CARDSET_DIR
from cards.snapshots import catalog_snapshot_cache_clear
from cards.specs import catalog_cache_clear
from simulator.specs import batch_cache_clear

#: This area's Redis database (others use theirs): flushed freely by these tests.
REDIS_URL = os.environ.get("SIMULATOR_TEST_REDIS_URL", "redis://127.0.0.1:6379/14")
QUEUE = "eredan"


def _reset_pools(app: Any) -> None:
    """Forget every broker connection (kombu keeps its pools by URL, process-wide)."""
    from kombu import pools

    pools.reset()
    app._pool = None
    app.amqp._producer_pool = None


@contextlib.contextmanager
def celery_broker(url: str, transport_options: dict[str, Any]) -> Iterator[None]:
    """Point the Celery app (and the settings the services read) at another broker."""
    from eredan.celery import app

    old = (app.conf.broker_url, app.conf.broker_transport_options, app.conf.task_default_queue)
    _reset_pools(app)
    app.conf.broker_url = url
    app.conf.broker_transport_options = transport_options
    app.conf.task_default_queue = QUEUE
    try:
        with override_settings(
            CELERY_BROKER_URL=url,
            CELERY_BROKER_TRANSPORT_OPTIONS=transport_options,
            CELERY_TASK_DEFAULT_QUEUE=QUEUE,
        ):
            yield
    finally:
        _reset_pools(app)
        app.conf.broker_url, app.conf.broker_transport_options, app.conf.task_default_queue = old


@pytest.fixture
def redis_broker() -> Iterator[redis.Redis]:
    """The Celery app on this area's Redis database, emptied before and after the test."""
    client = redis.Redis.from_url(REDIS_URL)
    client.flushdb()
    with celery_broker(REDIS_URL, {"visibility_timeout": 300}):
        yield client
    client.flushdb()


def queued(client: redis.Redis, queue: str = QUEUE) -> int:
    """Messages waiting in a Redis queue (kombu keeps one list per queue and priority)."""
    return sum(int(client.llen(key)) for key in client.keys(f"{queue}*") if client.type(key) == b"list")


@pytest.fixture(autouse=False)
def fresh_caches() -> Iterator[None]:
    catalog_cache_clear()
    catalog_snapshot_cache_clear()
    batch_cache_clear()
    yield
    catalog_cache_clear()
    catalog_snapshot_cache_clear()
    batch_cache_clear()


#: The demo decks the tests play (the bundled card set trimmed to their families loads in a
#: fraction of the time of the whole set).
TEST_DECKS = ("zil-golems", "noz-garde-du-dragon", "kotoba-voie-du-sabre")


def write_test_cardset(directory: Path, decks: tuple[str, ...] = TEST_DECKS) -> Path:
    """The bundled card set restricted to the families used by ``decks`` (every level of them),
    with those demo decks: real cards, loaded through the real loader."""
    source = DEFAULT_CARDSET_DIR
    all_decks = [d for d in json.loads((source / "decks.json").read_text()) if d["slug"] in decks]
    slugs = {s for d in all_decks for s in (*d["characters"], *d["cards"])}
    directory.mkdir(parents=True, exist_ok=True)
    shutil.copy(source / "reference.json", directory / "reference.json")
    for name in ("characters", "cards"):
        rows = json.loads((source / f"{name}.json").read_text())
        families = {r["family"] for r in rows if r["slug"] in slugs}
        kept = [r for r in rows if r["family"] in families]
        (directory / f"{name}.json").write_text(json.dumps(kept, ensure_ascii=False))
    (directory / "decks.json").write_text(json.dumps(all_decks, ensure_ascii=False))
    return directory


def load_test_cardset(directory: Path) -> None:
    """Load the test card set and its demo decks (in the current transaction, if any)."""
    from cards.importers.cardset import cardset_load
    from decks.services import demo_decks_load

    cardset_load(directory=directory)
    demo_decks_load(path=directory / "decks.json")
    catalog_cache_clear()


@pytest.fixture(scope="session")
def test_cardset_dir(tmp_path_factory: Any) -> Path:
    return write_test_cardset(tmp_path_factory.mktemp("cardset"))


@pytest.fixture(scope="module")
def _cardset_loaded(django_db_setup: None, django_db_blocker: Any, test_cardset_dir: Path) -> Iterator[None]:
    """The test card set and its demo decks, loaded once per module in a transaction rolled back
    at its end (each test runs in its own savepoint inside it)."""
    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            load_test_cardset(test_cardset_dir)
            yield
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)
            catalog_cache_clear()


@pytest.fixture
def cardset(_cardset_loaded: None, db: None, fresh_caches: None) -> None:
    """The test card set and its demo decks in the test database."""


def make_user(name: str, **extra: Any) -> Any:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(name, **extra)  # no password: no slow hashing


@pytest.fixture
def alice(db: None) -> Any:
    return make_user("alice")


@pytest.fixture
def bob(db: None) -> Any:
    return make_user("bob")


@pytest.fixture
def client_for() -> Any:
    from rest_framework.test import APIClient

    def make(user: Any | None = None) -> APIClient:
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return make


def own_copy_of_demo(owner: Any, slug: str, name: str | None = None) -> Any:
    """A deck of ``owner`` with the composition of the demo deck ``slug``."""
    from decks.models import Deck
    from decks.selectors import deck_slugs, with_entries
    from decks.services import deck_create

    demo = with_entries(Deck.objects.filter(slug=slug)).get()
    characters, cards = deck_slugs(demo)
    return deck_create(
        owner=owner, name=name or f"{owner.username}'s {demo.name}", characters=characters, cards=cards
    )


def repo_root() -> Path:
    return Path(__file__).resolve().parents[2]


def finish_job(job: Any) -> Any:
    """Play every chunk of ``job`` in this process (as the workers would) and reload it."""
    from simulator.engine.batch import chunk_ranges
    from simulator.services.chunks import chunk_run
    from simulator.services.jobs import job_dispatch

    job_dispatch(job_id=job.pk)
    for c in chunk_ranges(job.games, job.chunk_size, job.pairings.count()):
        chunk_run(job_id=job.pk, pairing=c.pairing, chunk=c.chunk)
    job.refresh_from_db()
    return job


def ecarte_round_robin(owner: Any, games: int = 6) -> Any:
    """A small écarté round robin of ``owner`` (3 policies, seed 4, chunks of 4)."""
    from simulator.services.jobs import job_create
    from simulator.services.requests import EntrantInput

    return job_create(
        owner=owner,
        game="ecarte",
        kind="round_robin",
        entrants=[
            EntrantInput(policy="heuristic"),
            EntrantInput(policy="random"),
            EntrantInput(policy="random"),
        ],
        games=games,
        seed=4,
        chunk_size=4,
    )
