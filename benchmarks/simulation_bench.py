"""Batch simulation: Celery workers against the local runner, and the chunk size.

Plays random-vs-random Eredan games between two demo decks (``zil-golems`` and
``noz-garde-du-dragon``) twice, in the same run:

- **local**: ``simulator.engine.batch.run_local`` with ``--processes`` processes (no database);
- **celery**: a simulation job (``job_save``) run by one ``celery -A eredan worker`` with
  ``--processes`` pool processes on Redis, timed from submission (dispatch included) until the
  job is done (the last chunk's transaction, with the final results, committed).

Celery's overhead is ``(celery − local) / local`` wall time; the target is at most 15%. Both runs
must give identical results (checked). ``--repeat N`` measures each point N times, alternately,
and keeps the best time of each (on a shared machine). ``playing``: the share of the Celery pool
processes' wall time spent playing games (the chunks' own timings) — what is left is Celery's
overhead measured inside the one run, which other load on the machine disturbs less. Then a sweep
over chunk sizes on ``--sweep-games`` games shows what the chunk size costs. The database is a
throw-away SQLite file (the embedded default) unless ``--database-url`` names one (PostgreSQL:
created if missing, migrated, card set loaded).

    .venv/bin/python benchmarks/simulation_bench.py                    # 100,000 games, default chunks
    .venv/bin/python benchmarks/simulation_bench.py --games 20000 --chunk-size 500 --sweep 250 1000
    .venv/bin/python benchmarks/simulation_bench.py --database-url postgres://root@localhost:5432/eredan_simbench

Run it on a quiet machine, alone (it uses ``--processes`` cores for a minute or more). Redis:
``--redis-url`` (default ``redis://127.0.0.1:6379/14``); only its own queue's keys are touched.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
QUEUE = "simbench"


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100_000, help="games of the main comparison")
    parser.add_argument(
        "--chunk-size",
        type=int,
        default=None,
        help="chunk size of the main comparison (default: the jobs' default)",
    )
    parser.add_argument("--processes", type=int, default=2, help="local processes = Celery pool processes")
    parser.add_argument(
        "--sweep", type=int, nargs="*", default=[250, 500, 1000, 2500], help="chunk sizes to sweep"
    )
    parser.add_argument("--sweep-games", type=int, default=20_000, help="games of each sweep point")
    parser.add_argument(
        "--repeat", type=int, default=1, help="measure each point this many times, alternately; keep the best"
    )
    parser.add_argument("--database-url", default="", help="default: a throw-away SQLite file")
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14"))
    parser.add_argument("--deck-a", default="zil-golems")
    parser.add_argument("--deck-b", default="noz-garde-du-dragon")
    return parser.parse_args()


def ensure_postgres_database(url: str) -> None:
    import psycopg
    from psycopg import sql

    name = url.rsplit("/", 1)[1].split("?")[0]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def main() -> int:
    args = parse_args()
    var = Path(tempfile.mkdtemp(prefix="simbench-"))
    db_url = args.database_url or f"sqlite:///{var / 'bench.sqlite3'}"
    if db_url.startswith("postgres"):
        ensure_postgres_database(db_url)
    env = {
        **os.environ,
        "DATABASE_URL": db_url,
        "REDIS_URL": args.redis_url,
        "EREDAN_VAR_DIR": str(var),
        "CELERY_QUEUE": QUEUE,
        "PYTHONUNBUFFERED": "1",
    }
    os.environ.update(env)
    os.environ["DJANGO_SETTINGS_MODULE"] = "eredan.settings"
    sys.path.insert(0, str(ROOT))

    import django

    django.setup()
    import redis
    from django.core.management import call_command

    from decks.models import Deck

    print(f"database {db_url.split('@')[-1]}, broker {args.redis_url}, {args.processes} processes")
    call_command("migrate", verbosity=0)
    if Deck.objects.filter(slug__in=[args.deck_a, args.deck_b]).count() != 2:
        from cards.importers.cardset import cardset_load
        from decks.services import demo_decks_load

        cardset_load()
        demo_decks_load()
    client = redis.Redis.from_url(args.redis_url)
    for key in client.keys(f"{QUEUE}*"):
        client.delete(key)

    worker = start_worker(env, var / "worker.log", args.processes)
    try:
        # Warm up: the worker's processes import the engine and cache the catalog once.
        run_celery(args, games=2 * args.processes, chunk_size=1, worker=worker)  # warm-up
        print()
        header = ("games", 8), ("chunk", 6), ("chunks", 6), ("local s", 8), ("celery s", 9), ("overhead", 9)
        print(" ".join(f"{name:>{width}}" for name, width in header), f"{'games/s':>8} {'playing':>8}")
        points: list[tuple[int, int | None]] = [(args.games, args.chunk_size)]
        points += [(args.sweep_games, k) for k in args.sweep]
        main_overhead = None
        for games, chunk_size in points:
            local_s = celery_s = float("inf")
            playing = 0.0
            for _ in range(args.repeat):  # alternately, so both see the same machine
                local_t, local_results = run_local_timed(args, games=games, chunk_size=chunk_size)
                celery_t, celery_results, chunks, size, played = run_celery(
                    args, games=games, chunk_size=chunk_size, worker=worker
                )
                if celery_results != local_results:
                    print("!!! the Celery job's results differ from the local runner's")
                    return 1
                local_s = min(local_s, local_t)
                if celery_t < celery_s:
                    celery_s, playing = celery_t, played / (args.processes * celery_t)
            overhead = (celery_s - local_s) / local_s
            if main_overhead is None:
                main_overhead = overhead
            print(
                f"{games:>8,} {size:>6} {chunks:>6} {local_s:>8.1f} {celery_s:>9.1f} "
                f"{overhead:>+9.1%} {games / celery_s:>8.0f} {playing:>8.1%}"
            )
        assert main_overhead is not None
        verdict = "met" if main_overhead <= 0.15 else "NOT MET"
        print(f"\nCelery overhead on {args.games:,} games (first row): {main_overhead:+.1%} "
              f"of the local wall time — target ≤ 15%: {verdict}")  # fmt: skip
    finally:
        stop_worker(worker)
    return 0


def start_worker(env: dict[str, str], log: Path, processes: int) -> subprocess.Popen[bytes]:
    command = [
        sys.executable, "-m", "celery", "-A", "eredan", "worker", "--loglevel", "WARNING",
        "--concurrency", str(processes), "--queues", QUEUE, "--hostname", f"simbench-{os.getpid()}@%h",
        "--without-gossip", "--without-mingle", "--without-heartbeat",
    ]  # fmt: skip
    out = log.open("wb")
    proc = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
    )
    proc.log = log  # type: ignore[attr-defined]
    return proc


def stop_worker(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def prepared_for(args: argparse.Namespace, *, games: int, chunk_size: int | None) -> Any:
    from simulator.services.requests import EntrantInput, simulation_prepare

    return simulation_prepare(
        owner=None,
        game="eredan",
        entrants=[EntrantInput(deck=args.deck_a), EntrantInput(deck=args.deck_b)],
        policy="random",
        games=games,
        seed=1,
        chunk_size=chunk_size,
    )


def results_of(prepared: Any, tallies: Any) -> dict[str, Any]:
    from simulator.selectors import results_document

    return results_document(
        game=prepared.game,
        kind=prepared.kind,
        options=prepared.options,
        seed=prepared.seed,
        games=prepared.games,
        entrants=prepared.entrants_json(),
        tallies=tallies,
    )


def run_local_timed(
    args: argparse.Namespace, *, games: int, chunk_size: int | None
) -> tuple[float, dict[str, Any]]:
    from simulator.engine.batch import run_local

    prepared = prepared_for(args, games=games, chunk_size=chunk_size)
    start = time.perf_counter()
    tallies = run_local(prepared.plan, processes=args.processes)
    elapsed = time.perf_counter() - start
    return elapsed, results_of(prepared, tallies)


def run_celery(
    args: argparse.Namespace, *, games: int, chunk_size: int | None, worker: subprocess.Popen[bytes]
) -> tuple[float, dict[str, Any], int, int, float]:
    from django.db.models import Sum

    from simulator.models import ChunkResult, SimulationJob
    from simulator.services.jobs import job_save

    prepared = prepared_for(args, games=games, chunk_size=chunk_size)
    start = time.perf_counter()
    job = job_save(owner=None, prepared=prepared)
    while True:
        job.refresh_from_db(fields=["status", "games_done"])
        if not job.is_active:
            break
        if worker.poll() is not None:
            raise SystemExit(f"the worker stopped; see {worker.log}")  # type: ignore[attr-defined]
        time.sleep(0.1)  # the poll itself costs CPU on a machine whose cores the pool uses
    elapsed = time.perf_counter() - start
    job = SimulationJob.objects.get(pk=job.pk)
    if job.status != "done":
        raise SystemExit(f"job #{job.pk} {job.status}: {job.error}")
    played = ChunkResult.objects.filter(job=job).aggregate(s=Sum("seconds"))["s"] or 0.0
    assert job.results is not None  # a done job has its results
    return elapsed, job.results, job.total_chunks, job.chunk_size, float(played)


if __name__ == "__main__":
    sys.exit(main())
