"""Benchmark: ``POST /api/decks/validate/`` against a running server, beside a trivial endpoint.

Starts its own server (gunicorn, sync workers as ``manage.py serve`` runs it) on a throwaway SQLite
database holding the bundled card set (or on ``--database-url``), then drives it with concurrent
clients on this machine: first the trivial DRF endpoint (``GET /api/``, the API root: no query),
then the validation endpoint with varied legal and illegal bundled decks, alternating rounds so
that other load on the machine hits both alike. Prints requests/s and median / p95 latency of each,
and the ratio (target: validation ≥ 50% of the trivial endpoint's throughput at 8 clients).
Every loop is bounded in time; the server is stopped at the end.

    .venv/bin/python benchmarks/validate_api_bench.py [--clients 8] [--seconds 5] [--rounds 2]
        [--workers 2] [--database-url postgres://root@localhost:5432/eredan_decks_bench]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from validator_bench import make_decks  # noqa: E402

from cards.domain.cardset import load_cardset  # noqa: E402

PYTHON = sys.executable


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def request(port: int, method: str, path: str, body: bytes | None) -> tuple[int, float]:
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        headers = {"Content-Type": "application/json", "Connection": "close"} if body is not None else {}
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        response.read()
        status = response.status
    finally:
        conn.close()
    return status, time.perf_counter() - start


def drive(
    port: int, method: str, path: str, bodies: list[bytes | None], clients: int, seconds: float
) -> dict[str, float]:
    """``clients`` threads send requests back to back for ``seconds``; return rate and latencies."""
    latencies: list[list[float]] = [[] for _ in range(clients)]
    errors = [0] * clients
    deadline = time.perf_counter() + seconds

    def client(index: int) -> None:
        i = index
        while time.perf_counter() < deadline:
            status, elapsed = request(port, method, path, bodies[i % len(bodies)])
            i += clients
            if status != 200:
                errors[index] += 1
            latencies[index].append(elapsed)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - start
    flat = sorted(x for per in latencies for x in per)
    return {
        "requests": len(flat),
        "errors": sum(errors),
        "wall": wall,
        "rate": len(flat) / wall,
        "median_ms": statistics.median(flat) * 1000,
        "p95_ms": flat[int(len(flat) * 0.95) - 1] * 1000,
    }


def merge(runs: list[dict[str, float]]) -> dict[str, float]:
    requests = sum(r["requests"] for r in runs)
    wall = sum(r["wall"] for r in runs)
    return {
        "requests": requests,
        "errors": sum(r["errors"] for r in runs),
        "rate": requests / wall,
        "median_ms": statistics.median(r["median_ms"] for r in runs),
        "p95_ms": max(r["p95_ms"] for r in runs),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=5.0, help="per endpoint and round")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument("--decks", type=int, default=500, help="distinct deck bodies")
    parser.add_argument("--database-url", default="", help="default: a throwaway SQLite file")
    parser.add_argument(
        "--conn-max-age",
        type=int,
        default=60,
        help="CONN_MAX_AGE of the server (persistent database connections, as a deployment sets; "
        "0 opens a connection per request, which only the validation endpoint pays)",
    )
    args = parser.parse_args()

    tmp = tempfile.TemporaryDirectory(prefix="eredan-bench-")
    env = dict(os.environ)
    env.update(
        {
            "EREDAN_VAR_DIR": tmp.name,
            "THROTTLE_ANON": "100000000/minute",
            "THROTTLE_USER": "100000000/minute",
            "DEBUG": "0",
            "LOG_LEVEL": "WARNING",
            "CONN_MAX_AGE": str(args.conn_max_age),
        }
    )
    env.pop("REDIS_URL", None)
    if args.database_url:
        env["DATABASE_URL"] = args.database_url
    else:
        env.pop("DATABASE_URL", None)
    manage = [PYTHON, str(ROOT / "manage.py")]
    print("setting up the database (migrate, load_cardset)…", flush=True)
    subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], check=True, env=env, cwd=ROOT)
    subprocess.run([*manage, "load_cardset"], check=True, env=env, cwd=ROOT, stdout=subprocess.DEVNULL)

    cardset = load_cardset()
    bases = [
        ([c.slug for c in d.characters], {c.slug: n for c, n in d.cards}) for d in cardset.decks.values()
    ]
    decks = make_decks(cardset.catalog, bases, args.decks, random.Random(7))
    bodies: list[bytes | None] = [json.dumps({"characters": ch, "cards": co}).encode() for ch, co, _ in decks]

    port = free_port()
    server = subprocess.Popen(
        [
            PYTHON,
            "-m",
            "gunicorn",
            "eredan.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(args.workers),
            "--log-level",
            "warning",
        ],
        env=env,
        cwd=ROOT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if request(port, "GET", "/api/", None)[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("the server did not start")
            time.sleep(0.2)
        sample = json.loads(bodies[0] or b"{}")
        conn = http.client.HTTPConnection("127.0.0.1", port)
        conn.request("POST", "/api/decks/validate/", json.dumps(sample), {"Content-Type": "application/json"})
        first = conn.getresponse()
        assert first.status == 200, first.read()
        conn.close()
        # warm both endpoints in every worker
        drive(port, "GET", "/api/", [None], args.clients, 1.0)
        drive(port, "POST", "/api/decks/validate/", bodies, args.clients, 1.0)
        trivial_runs, validate_runs = [], []
        for _ in range(args.rounds):
            trivial_runs.append(drive(port, "GET", "/api/", [None], args.clients, args.seconds))
            validate_runs.append(
                drive(port, "POST", "/api/decks/validate/", bodies, args.clients, args.seconds)
            )
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        tmp.cleanup()

    trivial, validate = merge(trivial_runs), merge(validate_runs)
    database = "PostgreSQL" if args.database_url.startswith("postgres") else "SQLite"
    print(
        f"server: gunicorn, {args.workers} sync workers, {database} (CONN_MAX_AGE={args.conn_max_age}); "
        f"{args.clients} concurrent clients; "
        f"{args.rounds} rounds of {args.seconds:g} s per endpoint; {os.cpu_count()} CPUs (shared)"
    )
    for name, r in (("GET /api/ (trivial)", trivial), ("POST /api/decks/validate/", validate)):
        print(
            f"{name:28} {r['rate']:8.1f} req/s   median {r['median_ms']:6.1f} ms   p95 {r['p95_ms']:6.1f} ms"
            f"   ({int(r['requests'])} requests, {int(r['errors'])} errors)"
        )
    ratio = validate["rate"] / trivial["rate"]
    print(
        f"validation keeps {ratio:.0%} of the trivial endpoint's throughput (target ≥ 50%: "
        f"{'met' if ratio >= 0.5 else 'NOT met'})"
    )


if __name__ == "__main__":
    main()
