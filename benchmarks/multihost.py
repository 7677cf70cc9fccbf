"""Jobs on several hosts: two Celery workers in network namespaces of their own (docs/simulation.md
"Running on several machines"; issue 20 "Scale beyond one machine"). Not run in CI: it needs root.

What it does, on this machine:

1. Two network namespaces, ``eredan-h1`` and ``eredan-h2`` — two "hosts" with no network but a
   veth pair each to this machine: 10.77.1.2 <-> 10.77.1.1 and 10.77.2.2 <-> 10.77.2.1.
2. A private Redis (the broker) and a private PostgreSQL cluster, listening on the veth addresses
   of this machine only (10.77.1.1 and 10.77.2.1, ports ``--redis-port`` and ``--pg-port``) — the
   machine's own services are not touched. The database is migrated and the bundled card set and
   demo decks loaded.
3. One Celery worker process (``--concurrency 1``) in each namespace, each reaching Redis and
   PostgreSQL over TCP at its own veth address; this process submits from the machine itself.
4. A ``--games`` job (default 100,000 Eredan games, Zil vs Noz'Dingard, random AI, chunks of
   ``--chunk-size``), played by both hosts: the chunks each host ran are counted (the ``worker``
   of each chunk row names its host).
5. The second worker stopped, the same job again, played by host 1 alone (one worker process).
6. Checks that both hosts ran chunks and that the two jobs' results are identical; prints each
   job's throughput (games/s from its start to its end) and the load average.
7. Cleans up, whatever happened: workers, PostgreSQL, Redis, namespaces, veth pairs, files.

    sudo .venv/bin/python benchmarks/multihost.py [--games 100000] [--chunk-size 1000]

Exit status 0 when both checks hold.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
QUEUE = "multihost"
#: (namespace, host address in it, this machine's address on its veth pair, veth name here).
HOSTS = (
    ("eredan-h1", "10.77.1.2", "10.77.1.1", "veredan1"),
    ("eredan-h2", "10.77.2.2", "10.77.2.1", "veredan2"),
)


def run(*command: str, check: bool = True, **kw: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(command), check=check, text=True, capture_output=True, **kw)


def say(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


# --- the network ------------------------------------------------------------------------------------


def network_down() -> None:
    for namespace, _, _, veth in HOSTS:
        run("ip", "link", "del", veth, check=False)  # deletes its peer too
        run("ip", "netns", "del", namespace, check=False)


def network_up() -> None:
    network_down()  # leftovers of an interrupted run
    for namespace, inside, outside, veth in HOSTS:
        run("ip", "netns", "add", namespace)
        run("ip", "link", "add", veth, "type", "veth", "peer", "name", f"{veth}p")
        run("ip", "link", "set", f"{veth}p", "netns", namespace)
        run("ip", "addr", "add", f"{outside}/24", "dev", veth)
        run("ip", "link", "set", veth, "up")
        ns = ("ip", "netns", "exec", namespace)
        run(*ns, "ip", "addr", "add", f"{inside}/24", "dev", f"{veth}p")
        run(*ns, "ip", "link", "set", f"{veth}p", "up")
        run(*ns, "ip", "link", "set", "lo", "up")


# --- Redis and PostgreSQL ---------------------------------------------------------------------------


@contextlib.contextmanager
def private_redis(work: Path, port: int) -> Iterator[None]:
    addresses = " ".join(outside for _, _, outside, _ in HOSTS)
    run(
        "redis-server", "--port", str(port), "--bind", addresses, "--protected-mode", "no",
        "--save", "", "--appendonly", "no", "--daemonize", "yes",
        "--pidfile", str(work / "redis.pid"), "--logfile", str(work / "redis.log"),
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 20
        ping = ("redis-cli", "-h", HOSTS[0][2], "-p", str(port), "ping")
        while run(*ping, check=False).stdout.strip() != "PONG":
            if time.monotonic() > deadline:
                raise RuntimeError("the private Redis did not start: " + (work / "redis.log").read_text())
            time.sleep(0.2)
        yield
    finally:
        run("redis-cli", "-h", HOSTS[0][2], "-p", str(port), "shutdown", "nosave", check=False)


@contextlib.contextmanager
def private_postgres(work: Path, port: int) -> Iterator[None]:
    """A throw-away cluster run by the ``postgres`` user, listening on the veth addresses only."""
    data = work / "pg"
    data.mkdir()
    shutil.chown(data, "postgres", "postgres")
    as_postgres = ("runuser", "-u", "postgres", "--")
    run(*as_postgres, "initdb", "-D", str(data), "-U", "root", "--auth=trust", "-E", "UTF8", "--no-sync")
    with (data / "pg_hba.conf").open("a") as hba:
        hba.write("host all all 10.77.0.0/16 trust\n")
    listen = ",".join(outside for _, _, outside, _ in HOSTS)
    options = f"-c listen_addresses='{listen}' -p {port} -c unix_socket_directories='{data}'"
    run(*as_postgres, "pg_ctl", "-D", str(data), "-l", str(data / "log"), "-w", "-o", options, "start")
    try:
        run(*as_postgres, "createdb", "-h", HOSTS[0][2], "-p", str(port), "-U", "root", "eredan")
        yield
    finally:
        run(*as_postgres, "pg_ctl", "-D", str(data), "-m", "fast", "-w", "stop", check=False)


# --- workers ----------------------------------------------------------------------------------------


class Worker:
    """``celery worker`` in a namespace, reaching the services at that host's veth address."""

    def __init__(self, host: int, *, work: Path, redis_port: int, pg_port: int) -> None:
        namespace, _, outside, _ = HOSTS[host]
        self.name = f"h{host + 1}"
        self.log = work / f"{self.name}.log"
        env = {
            **os.environ,
            "DATABASE_URL": f"postgres://root@{outside}:{pg_port}/eredan",
            "REDIS_URL": f"redis://{outside}:{redis_port}/0",
            "CELERY_QUEUE": QUEUE,
            "PYTHONUNBUFFERED": "1",
        }
        command = [
            "ip", "netns", "exec", namespace,
            PYTHON, "-m", "celery", "-A", "eredan", "worker", "--loglevel", "INFO",
            "--concurrency", "1", "--pool", "prefork", "--hostname", f"{self.name}@{namespace}",
            "--queues", QUEUE, "--without-gossip", "--without-mingle", "--without-heartbeat",
        ]  # fmt: skip
        self.out = self.log.open("wb")
        self.proc = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=self.out, stderr=subprocess.STDOUT, start_new_session=True
        )
        deadline = time.monotonic() + 300
        while " ready." not in self.log.read_text(errors="replace"):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"worker {self.name} did not start:\n{self.log.read_text()[-3000:]}")
            time.sleep(0.2)

    def stop(self) -> None:
        if self.out.closed:
            return
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        self.out.close()


# --- the jobs ---------------------------------------------------------------------------------------


def django_setup(redis_port: int, pg_port: int) -> None:
    """This process talks to the services over the first host's veth address too."""
    outside = HOSTS[0][2]
    os.environ["DATABASE_URL"] = f"postgres://root@{outside}:{pg_port}/eredan"
    os.environ["REDIS_URL"] = f"redis://{outside}:{redis_port}/0"
    os.environ["CELERY_QUEUE"] = QUEUE
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eredan.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("load_cardset", verbosity=0)
    call_command("load_demo_decks", verbosity=0)


def play(args: argparse.Namespace, workers: list[Worker]) -> dict[str, Any]:
    """Submit the job, wait for its end; what it gave, who played it and how fast."""
    from simulator.models import ChunkResult
    from simulator.services.jobs import job_create
    from simulator.services.requests import EntrantInput

    job = job_create(
        owner=None,
        game="eredan",
        entrants=[
            EntrantInput(deck="zil-golems", policy=args.policy),
            EntrantInput(deck="noz-garde-du-dragon", policy=args.policy),
        ],
        games=args.games,
        seed=args.seed,
        chunk_size=args.chunk_size,
    )
    say(f"job #{job.pk}: {job.total_games} games in {job.total_chunks} chunks, on {len(workers)} worker(s)")
    last = -1
    while True:
        job.refresh_from_db()
        if not job.is_active:
            break
        if job.games_done != last and job.games_done // 10_000 != last // 10_000:
            say(f"  {job.games_done:>7} games done")
        last = job.games_done
        dead = [w.name for w in workers if w.proc.poll() is not None]
        if dead:
            raise RuntimeError(f"worker(s) {dead} died: see {[str(w.log) for w in workers]}")
        time.sleep(1)
    if job.status != "done":
        raise RuntimeError(f"job #{job.pk} ended {job.status}: {job.error}")
    assert job.started_at is not None and job.finished_at is not None
    seconds = (job.finished_at - job.started_at).total_seconds()
    chunks = ChunkResult.objects.filter(job=job)
    hosts: Counter[str] = Counter()
    games: Counter[str] = Counter()
    for worker, played in chunks.values_list("worker", "games"):
        host = worker.split("@")[0]
        hosts[host] += 1
        games[host] += played
    return {
        "job": job.pk,
        "results": job.results,
        "seconds": seconds,
        "games_per_second": job.total_games / seconds,
        "chunks_by_host": dict(sorted(hosts.items())),
        "games_by_host": dict(sorted(games.items())),
        "catalog": job.catalog_version,
        "load": os.getloadavg(),
    }


def report(label: str, outcome: dict[str, Any]) -> None:
    load = " ".join(f"{x:.2f}" for x in outcome["load"])
    say(
        f"{label}: job #{outcome['job']} {outcome['seconds']:.1f} s, "
        f"{outcome['games_per_second']:.0f} games/s; "
        f"chunks by host {outcome['chunks_by_host']}, games by host {outcome['games_by_host']}; load {load}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--chunk-size", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--policy", default="random", help="AI of both sides (default: random)")
    parser.add_argument("--redis-port", type=int, default=16385)
    parser.add_argument("--pg-port", type=int, default=15432)
    parser.add_argument("--keep", action="store_true", help="keep the work folder (logs) afterwards")
    args = parser.parse_args()
    if os.geteuid() != 0:
        parser.error("run as root: it creates network namespaces")
    # SIGTERM (and SIGHUP) clean up like Ctrl-C.
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.default_int_handler)

    work = Path(tempfile.mkdtemp(prefix="eredan-multihost-"))
    work.chmod(0o755)  # the postgres user reaches its data folder inside
    workers: list[Worker] = []
    say(f"work folder {work}; load {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    try:
        network_up()
        say("namespaces " + ", ".join(f"{n} ({inside} <-> {outside})" for n, inside, outside, _ in HOSTS))
        with private_redis(work, args.redis_port), private_postgres(work, args.pg_port):
            say(f"Redis on :{args.redis_port} and PostgreSQL on :{args.pg_port} of the veth addresses")
            django_setup(args.redis_port, args.pg_port)
            say("database migrated, card set and demo decks loaded")
            try:
                for i in (0, 1):
                    workers.append(Worker(i, work=work, redis_port=args.redis_port, pg_port=args.pg_port))
                say("a worker ready in each namespace")
                both = play(args, workers)
                report("two hosts (2 worker processes)", both)
                workers[1].stop()
                one = play(args, workers[:1])
                report("one host (1 worker process)", one)
            finally:  # before the services they use go
                for worker in workers:
                    worker.stop()
                from django.db import connections

                connections.close_all()
            both_ran = len(both["chunks_by_host"]) == 2 and all(both["chunks_by_host"].values())
            identical = both["results"] == one["results"]
            say(f"both hosts ran chunks: {both_ran}; identical results: {identical}")
            summary = {
                "games": args.games,
                "chunk_size": args.chunk_size,
                "policy": args.policy,
                "two_hosts": {k: v for k, v in both.items() if k != "results"},
                "one_host": {k: v for k, v in one.items() if k != "results"},
                "both_hosts_ran_chunks": both_ran,
                "identical_results": identical,
            }
            print(json.dumps(summary, indent=1))
            return 0 if both_ran and identical else 1
    finally:
        for worker in workers:
            worker.stop()  # (already stopped, unless the services failed to start)
        network_down()
        if args.keep:
            say(f"logs kept in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
        say("cleaned up: workers, PostgreSQL, Redis, namespaces")


if __name__ == "__main__":
    sys.exit(main())
