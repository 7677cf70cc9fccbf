"""Simulation jobs on real Celery worker processes (``celery -A eredan worker`` subprocesses).

- Fault tolerance: with Redis as the broker, a worker is killed with SIGKILL in the middle of a
  job and another one started: the job ends with exactly the requested games — none lost, none
  counted twice, and each game's experience awarded once.
- Determinism: chunks of 7 or 1,000 games, one worker or two: identical results, identical to
  the local runner's.
- The embedded default: no ``REDIS_URL``, kombu's filesystem transport, a real worker, driven by
  ``manage.py simulate --via celery``.

The workers share the test database: PostgreSQL's test database as it is; with SQLite (whose
test database lives in this process's memory) a database file migrated for the test.
Redis: this area's own database (``SIMULATOR_TEST_REDIS_URL``, db 14 by default).
"""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection

from cards.collection.models import ExperienceAward
from cards.collection.services.collections import collection_create
from cards.collection.services.copies import CopyRequest, copies_add
from simulator import selectors
from simulator.engine.batch import run_local
from simulator.models import ChunkResult, SimulationJob
from simulator.services.jobs import job_create
from simulator.services.records import record_verify
from simulator.services.requests import EntrantInput, simulation_prepare
from simulator.specs import batch_cache_clear
from tests.simulator.conftest import (
    QUEUE,
    REDIS_URL,
    celery_broker,
    load_test_cardset,
    make_user,
    own_copy_of_demo,
    repo_root,
)
from tests.simulator.test_catalog_snapshots import staff_edits, without_deck_ids

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

#: Short enough that a killed worker's chunk is redelivered quickly; the test's chunks take far
#: less than this, so no chunk is redelivered while it is still being played.
VISIBILITY_TIMEOUT = 3
#: A generous bound on any wait (the machine is shared): a test that needs it has failed anyway.
TIMEOUT = 180.0


# --- the database the workers share ---------------------------------------------------------------


@pytest.fixture(scope="session")
def _sqlite_template(tmp_path_factory: Any) -> Path | None:
    """With SQLite: a migrated database file, made once and copied for each test."""
    if connection.vendor != "sqlite":
        return None
    path = tmp_path_factory.mktemp("workers-db") / "template.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{path}", "EREDAN_VAR_DIR": str(path.parent)}
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--verbosity", "0"],
        cwd=repo_root(),
        env=env,
        check=True,
        timeout=600,
    )
    return Path(path)


@pytest.fixture
def shared_db(transactional_db: None, _sqlite_template: Path | None, tmp_path: Path) -> Iterator[str]:
    """The ``DATABASE_URL`` of a database this process and the worker processes both use."""
    settings_dict = connection.settings_dict
    if connection.vendor == "postgresql":
        s = settings_dict
        auth = s["USER"] + (f":{s['PASSWORD']}" if s["PASSWORD"] else "")
        yield f"postgres://{auth}@{s['HOST'] or 'localhost'}:{s['PORT'] or 5432}/{s['NAME']}"
        return
    assert _sqlite_template is not None
    path = tmp_path / "shared.sqlite3"
    shutil.copy(_sqlite_template, path)
    # Point this process's connection at the file, keeping the in-memory test database aside
    # (closing an in-memory SQLite connection would destroy it).
    connection.ensure_connection()
    memory, name = connection.connection, settings_dict["NAME"]
    connection.connection = None
    settings_dict["NAME"] = str(path)
    try:
        yield f"sqlite:///{path}"
    finally:
        connection.close()
        settings_dict["NAME"] = name
        connection.connection = memory


# --- worker processes ------------------------------------------------------------------------------


class Worker:
    """A ``celery -A eredan worker`` subprocess in its own process group."""

    def __init__(self, name: str, *, env: dict[str, str], log: Path, concurrency: int = 1) -> None:
        self.name = name
        self.log = log
        command = [
            sys.executable, "-m", "celery", "-A", "eredan", "worker",
            "--loglevel", "INFO", "--concurrency", str(concurrency), "--pool", "prefork",
            "--hostname", f"{name}@%h", "--queues", QUEUE,
            "--without-gossip", "--without-mingle", "--without-heartbeat",
        ]  # fmt: skip
        self.out = log.open("wb")
        self.proc = subprocess.Popen(
            command,
            cwd=repo_root(),
            env=env,
            stdout=self.out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_ready(self) -> None:
        wait_for(lambda: " ready." in self.text(), f"worker {self.name} ready", [self])

    def pool_children(self) -> list[int]:
        path = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children")
        return [int(pid) for pid in path.read_text().split()] if path.exists() else []

    def kill(self) -> None:
        """SIGKILL the worker and its pool processes: nothing gets to acknowledge or clean up."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()
        self.out.close()


def wait_for(
    predicate: Callable[[], bool], what: str, workers: list[Worker], timeout: float = TIMEOUT
) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        dead = [w for w in workers if w.proc.poll() is not None and w.proc.returncode != -signal.SIGKILL]
        if dead or time.monotonic() > deadline:
            logs = "\n\n".join(f"--- {w.name} ---\n{w.text()[-4000:]}" for w in workers)
            raise AssertionError(f"timed out waiting for {what}\n{logs}")
        time.sleep(0.05)


@pytest.fixture
def workers(tmp_path: Path) -> Iterator[Callable[..., Worker]]:
    started: list[Worker] = []

    def start(name: str, *, env: dict[str, str], concurrency: int = 1) -> Worker:
        worker = Worker(name, env=env, log=tmp_path / f"{name}.log", concurrency=concurrency)
        started.append(worker)
        worker.wait_ready()
        return worker

    yield start
    for worker in started:
        worker.stop()


def worker_env(db_url: str, var_dir: Path, *, redis: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "CELERY_QUEUE", "DATABASE_URL")}
    env.update(DATABASE_URL=db_url, EREDAN_VAR_DIR=str(var_dir), PYTHONUNBUFFERED="1", CELERY_QUEUE=QUEUE)
    if redis:
        env.update(REDIS_URL=REDIS_URL, CELERY_VISIBILITY_TIMEOUT=str(VISIBILITY_TIMEOUT))
    return env


def wait_until_ended(job: SimulationJob, workers: list[Worker]) -> SimulationJob:
    wait_for(lambda: not SimulationJob.objects.get(pk=job.pk).is_active, f"job #{job.pk} to end", workers)
    job.refresh_from_db()
    return job


def local_results(**request: Any) -> dict[str, Any]:
    """What the local runner gives for the same request (the reference)."""
    prepared = simulation_prepare(**request)
    tallies = run_local(prepared.plan, processes=1)
    return selectors.results_document(
        game=prepared.game,
        kind=prepared.kind,
        options=prepared.options,
        seed=prepared.seed,
        games=prepared.games,
        entrants=prepared.entrants_json(),
        tallies=tallies,
    )


# --- Redis ------------------------------------------------------------------------------------------


def test_a_worker_killed_mid_job_loses_no_game_and_counts_none_twice(
    shared_db: str, redis_broker: Any, workers: Any, test_cardset_dir: Path, tmp_path: Path
) -> None:
    load_test_cardset(test_cardset_dir)
    batch_cache_clear()
    alice = make_user("alice")
    mine = own_copy_of_demo(alice, "zil-golems")
    collection = collection_create(owner=alice, name="Mine")
    copies_add(
        collection=collection,
        requests=[
            CopyRequest(slug=s) for s in mine.deck_characters.values_list("character__slug", flat=True)
        ],
    )
    request: dict[str, Any] = {
        "owner": alice,
        "game": "eredan",
        "entrants": [
            EntrantInput(deck=mine.pk, policy="random"),
            EntrantInput(deck="noz-garde-du-dragon", policy="random"),
        ],
        "games": 120,
        "seed": 21,
        "chunk_size": 4,
    }
    job = job_create(**request, award_experience=True, collection_id=collection.pk)
    assert job.total_chunks == 30
    env = worker_env(shared_db, tmp_path / "var", redis=True)

    # A pool process killed mid-chunk: its worker requeues the chunk at once and goes on.
    pool = workers("pool", env=env)
    wait_for(lambda: SimulationJob.objects.get(pk=job.pk).chunks_done >= 2, "chunks recorded", [pool])
    children = pool.pool_children()
    assert children
    os.kill(children[0], signal.SIGKILL)
    done = SimulationJob.objects.get(pk=job.pk).chunks_done
    wait_for(lambda: SimulationJob.objects.get(pk=job.pk).chunks_done >= done + 2, "more chunks", [pool])
    pool.stop()

    # Kill a whole worker while it holds a chunk it has not acknowledged (retried in the rare
    # case where the kill falls between two chunks: then nothing was in flight to lose).
    unacked = 0
    for attempt in range(3):
        first = workers(f"first{attempt}", env=env)
        done_before = SimulationJob.objects.get(pk=job.pk).chunks_done

        def in_progress(done_before: int = done_before) -> bool:
            return bool(
                SimulationJob.objects.get(pk=job.pk).chunks_done >= done_before + 3
                and redis_broker.zcard("unacked_index") >= 1
            )

        wait_for(in_progress, "chunks in progress", [first])
        first.kill()
        unacked = redis_broker.zcard("unacked_index")
        if unacked:
            break
    assert unacked >= 1, "no chunk was in flight when the worker was killed"
    killed_at = SimulationJob.objects.get(pk=job.pk)
    assert killed_at.is_active and killed_at.chunks_done < killed_at.total_chunks

    # After the visibility timeout, a new worker restores the unacknowledged chunk and finishes.
    time.sleep(VISIBILITY_TIMEOUT + 0.5)
    second = workers("second", env=env)
    job = wait_until_ended(job, [second])
    assert job.status == "done", job.error
    assert (job.games_done, job.chunks_done) == (120, 30)
    chunks = list(ChunkResult.objects.filter(job=job).order_by("start"))
    assert [(c.start, c.stop) for c in chunks] == [(i, i + 4) for i in range(0, 120, 4)]
    assert any(c.worker.startswith("second@") for c in chunks)
    assert redis_broker.zcard("unacked_index") == 0
    # Each game's experience exactly once.
    refs = list(ExperienceAward.objects.filter(source="simulation").values_list("source_ref", flat=True))
    assert sorted(refs) == sorted(f"simulation:{job.pk}:0:{i}" for i in range(120))
    # And the statistics are exactly those of the same games played locally.
    assert job.results == local_results(**request)


def test_same_results_with_chunks_of_7_or_1000_and_one_or_two_workers(
    shared_db: str, redis_broker: Any, workers: Any, tmp_path: Path
) -> None:
    alice = make_user("alice")
    request: dict[str, Any] = {
        "owner": alice,
        "game": "ecarte",
        "kind": "round_robin",
        "entrants": [
            EntrantInput(policy="heuristic"),
            EntrantInput(policy="random"),
            EntrantInput(policy="heuristic"),
        ],
        "games": 70,
        "seed": 2024,
    }
    env = worker_env(shared_db, tmp_path / "var", redis=True)
    one = workers("one", env=env)
    small = wait_until_ended(job_create(**request, chunk_size=7), [one])
    large = wait_until_ended(job_create(**request, chunk_size=1000), [one])
    two = workers("two", env=env)
    both = wait_until_ended(job_create(**request, chunk_size=7), [one, two])
    assert (small.status, large.status, both.status) == ("done", "done", "done")
    assert (small.total_chunks, large.total_chunks) == (30, 3)
    assert small.results == large.results == both.results == local_results(**request)
    ran = {c.split("@")[0] for c in ChunkResult.objects.filter(job=both).values_list("worker", flat=True)}
    assert ran == {"one", "two"}
    # The recorded sample (docs/game-records.md) is the same games too: 2 per pairing, equal records.
    sample = [selectors.job_record_documents(job=j) for j in (small, large, both)]
    assert len(sample[0]) == 3 * 2
    assert sample[0] == sample[1] == sample[2]


def test_cards_edited_mid_job_change_nothing_of_its_games(
    shared_db: str, redis_broker: Any, workers: Any, test_cardset_dir: Path, tmp_path: Path
) -> None:
    """Issue 20, must fix 5: staff rename Katana, change its effects and a character's HP and
    delete Kunai while a worker plays the job: it ends done, with the results of the cards as they
    were when it was submitted, and its records replay against that catalog."""
    load_test_cardset(test_cardset_dir)
    batch_cache_clear()
    alice = make_user("alice")
    request: dict[str, Any] = {
        "owner": alice,
        "game": "eredan",
        "entrants": [
            EntrantInput(deck="kotoba-voie-du-sabre", policy="greedy"),
            EntrantInput(deck="noz-garde-du-dragon", policy="greedy"),
        ],
        "games": 160,
        "seed": 8,
        "chunk_size": 4,
        "record_games": 2,
    }
    reference = local_results(**request)
    job = job_create(**request)
    worker = workers("worker", env=worker_env(shared_db, tmp_path / "var", redis=True))
    wait_for(lambda: SimulationJob.objects.get(pk=job.pk).chunks_done >= 2, "chunks recorded", [worker])
    staff_edits()
    edited_at = SimulationJob.objects.get(pk=job.pk).chunks_done
    job = wait_until_ended(job, [worker])
    assert edited_at < job.total_chunks, "the job had ended before the edits: nothing was tested"
    assert job.status == "done", job.error
    assert without_deck_ids(job.results) == without_deck_ids(reference)
    for record in selectors.job_record_documents(job=job):
        assert record["catalog"] == job.catalog_version
        assert dict(record_verify(record=record).result) == record["result"]


# --- the embedded default ---------------------------------------------------------------------------


def test_the_embedded_filesystem_broker_with_a_real_worker(
    shared_db: str, workers: Any, tmp_path: Path
) -> None:
    var = tmp_path / "var"
    folders = var / "broker" / "out", var / "broker" / "processed", var / "broker" / "control"
    for folder in folders:
        folder.mkdir(parents=True)
    options = {  # as eredan/settings.py sets them for the worker (EREDAN_VAR_DIR=var)
        "data_folder_in": str(folders[0]),
        "data_folder_out": str(folders[0]),
        "processed_folder": str(folders[1]),
        "control_folder": str(folders[2]),
        "store_processed": False,
    }
    args = [
        "--game",
        "ecarte",
        "--policy-a",
        "heuristic",
        "--policy-b",
        "random",
        "--games",
        "45",
        "--seed",
        "5",
    ]
    with celery_broker("filesystem://", options):
        worker = workers("embedded", env=worker_env(shared_db, var, redis=False))
        out = io.StringIO()
        call_command(
            "simulate", *args, "--chunk-size", "9", "--via", "celery", "--json", "--no-progress", stdout=out
        )
    local = io.StringIO()
    call_command(
        "simulate", *args, "--via", "local", "--processes", "1", "--json", "--no-progress", stdout=local
    )
    assert json.loads(out.getvalue()) == json.loads(local.getvalue())
    job = SimulationJob.objects.get()
    assert (job.status, job.total_chunks, job.owner) == ("done", 5, None)
    assert all(w.startswith("embedded@") for w in ChunkResult.objects.values_list("worker", flat=True))
    assert "simulator.chunk_run" in worker.text()


# --- compares (docs/lab.md) --------------------------------------------------------------------------


def local_compare_results(**request: Any) -> dict[str, Any]:
    """What the local runner gives for the same compare (the reference)."""
    from simulator.lab.compare import run_compare_local

    prepared = simulation_prepare(**request)
    rounds, reason = run_compare_local(prepared.compare_plan, processes=1)
    return selectors.compare_results_document(
        game=prepared.game,
        options=prepared.options,
        seed=prepared.seed,
        entrants=prepared.entrants_json(),
        plan=prepared.compare_plan,
        rounds=rounds,
        reason=reason,
    )


def test_a_sequential_compare_on_workers_is_the_same_whatever_the_chunking_and_survives_a_kill(
    shared_db: str, redis_broker: Any, workers: Any, tmp_path: Path
) -> None:
    alice = make_user("alice")
    # An identical variant (resolved within the margin only after 800 games per arm: four rounds,
    # each opened by the chunk that closed the previous one) and a weaker one (resolved at once).
    request: dict[str, Any] = {
        "owner": alice,
        "game": "ecarte",
        "kind": "compare",
        "entrants": [
            EntrantInput(policy="heuristic"),
            EntrantInput(policy="heuristic", label="heuristic again"),
            EntrantInput(policy="random"),
        ],
        "field": [EntrantInput(policy="random"), EntrantInput(policy="heuristic", weight=2)],
        "games": 1600,
        "seed": 77,
        "stop": {"margin": 0.05, "first_round": 100},
    }
    env = worker_env(shared_db, tmp_path / "var", redis=True)
    one = workers("one", env=env)
    small = wait_until_ended(job_create(**request, chunk_size=10), [one])
    large = wait_until_ended(job_create(**request, chunk_size=400), [one])
    two = workers("two", env=env)
    both = job_create(**request, chunk_size=10)
    # A pool process killed mid-chunk: its chunk is requeued at once and played once.
    wait_for(lambda: SimulationJob.objects.get(pk=both.pk).chunks_done >= 3, "chunks recorded", [one, two])
    children = one.pool_children()
    assert children
    os.kill(children[0], signal.SIGKILL)
    both = wait_until_ended(both, [one, two])
    assert (small.status, large.status, both.status) == ("done", "done", "done")
    assert small.stop_reason == large.stop_reason == both.stop_reason == "resolved"
    assert small.results["stop"]["rounds"] == [100, 200, 400, 800]
    assert (both.games_done, both.chunks_done) == (800, 80)
    chunks = list(ChunkResult.objects.filter(job=both).order_by("start"))
    assert [(c.start, c.stop) for c in chunks] == [(i, i + 10) for i in range(0, 800, 10)]
    assert small.results == large.results == both.results == local_compare_results(**request)
    same, weaker = small.results["differences"]
    assert same["verdict"] == "within_margin" and same["changed"] == 0
    assert weaker["verdict"] == "worse"
    ran = {c.worker.split("@")[0] for c in chunks}
    assert ran == {"one", "two"}


# --- optimizes (docs/lab.md "Optimizer") --------------------------------------------------------------


def test_an_optimize_on_workers_is_the_same_whatever_the_chunking_and_survives_a_kill(
    shared_db: str, redis_broker: Any, workers: Any, test_cardset_dir: Path, tmp_path: Path
) -> None:
    from simulator.lab.optimize import run_optimize_local
    from simulator.services.optimize_requests import prepared_optimize_problem

    load_test_cardset(test_cardset_dir)
    batch_cache_clear()
    alice = make_user("alice")
    # Three steps of a tiny search (each work's chunks queued by the chunk that closed the work
    # before) and the confirmation: about a thousand games.
    request: dict[str, Any] = {
        "owner": alice,
        "game": "eredan",
        "kind": "optimize",
        "entrants": [EntrantInput(deck="zil-golems")],
        "field": [
            EntrantInput(deck="noz-garde-du-dragon"),
            EntrantInput(deck="kotoba-voie-du-sabre", weight=2),
        ],
        "games": 1_000,
        "seed": 7,
        "settings": {
            "candidates": 3,
            "first_round_games": 20,
            "verify_games": 60,
            "min_confirm_games": 60,
            "confirm_share": 0.2,
            "patience": 2,
            "accept_margin": -0.5,
        },
    }
    env = worker_env(shared_db, tmp_path / "var", redis=True)
    one = workers("one", env=env)
    small = wait_until_ended(job_create(**request, chunk_size=20), [one])
    large = wait_until_ended(job_create(**request, chunk_size=2_000), [one])
    two = workers("two", env=env)
    both = job_create(**request, chunk_size=20)
    # A pool process killed mid-chunk: its chunk is requeued at once and played once.
    wait_for(lambda: SimulationJob.objects.get(pk=both.pk).chunks_done >= 3, "chunks recorded", [one, two])
    children = one.pool_children()
    assert children
    os.kill(children[0], signal.SIGKILL)
    both = wait_until_ended(both, [one, two])
    assert (small.status, large.status, both.status) == ("done", "done", "done"), (small.error, both.error)
    assert small.chunks_done > large.chunks_done
    chunks = sorted(ChunkResult.objects.filter(job=both).values_list("chunk", flat=True))
    assert chunks == list(range(both.total_chunks)) and both.chunks_done == both.total_chunks

    def searched(results: Any) -> dict[str, Any]:
        return {k: v for k, v in results.items() if k not in ("saved_deck", "entrants")}

    assert searched(small.results) == searched(large.results) == searched(both.results)
    prepared = simulation_prepare(**request)
    optimizer, state = run_optimize_local(prepared_optimize_problem(prepared), processes=1)
    local = selectors.optimize_results_document(
        game=prepared.game,
        options=prepared.options,
        seed=prepared.seed,
        entrants=prepared.entrants_json(),
        optimizer=optimizer,
        state=state,
        start_name=prepared.entrants[0].deck_name,
    )
    assert searched(local) == searched(small.results)
    assert small.results["confirmation"]["played"] and len(small.results["path"]) == 3
    ran = {w.split("@")[0] for w in ChunkResult.objects.filter(job=both).values_list("worker", flat=True)}
    assert ran == {"one", "two"}
