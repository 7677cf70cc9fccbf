"""Run the main job: the web server (API + admin) and a Celery worker, side by side.

``manage.py serve [--host H] [--port P] [--workers N] [--concurrency C] [--no-worker]``
Both run as child processes; Ctrl-C (or SIGTERM) stops both, and if either exits the other is
stopped too, so the command never leaves a half-running service behind.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from typing import Any, cast

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser


class Command(BaseCommand):
    help = "Run the API + admin (gunicorn) and a Celery worker until interrupted."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
        parser.add_argument(
            "--concurrency", type=int, default=os.cpu_count() or 1, help="Celery worker processes"
        )
        parser.add_argument("--no-worker", action="store_true", help="serve the web only")

    def handle(self, *args: Any, **options: Any) -> None:
        python = sys.executable
        web = [
            python, "-m", "gunicorn", "eredan.wsgi:application",
            "--bind", f"{options['host']}:{options['port']}",
            "--workers", str(options["workers"]),
            "--access-logfile", "-",
        ]  # fmt: skip
        worker = [
            python, "-m", "celery", "-A", "eredan", "worker",
            "--loglevel", "INFO",
            "--concurrency", str(options["concurrency"]),
            "--queues", settings.CELERY_TASK_DEFAULT_QUEUE,
            "--hostname", f"serve-{os.getpid()}@%h",
        ]  # fmt: skip
        children: list[subprocess.Popen[bytes]] = [subprocess.Popen(web)]
        if not options["no_worker"]:
            children.append(subprocess.Popen(worker))
        broker = "Redis" if settings.REDIS_URL else f"filesystem broker in {settings.BROKER_DIR}"
        self.stdout.write(
            self.style.SUCCESS(
                f"eredan: API http://{options['host']}:{options['port']}/api/ "
                f"(docs /api/docs/, admin /admin/); "
                + ("no worker" if options["no_worker"] else f"Celery worker on the {broker}")
            )
        )

        stopping = False

        def stop(signum: int, frame: object) -> None:
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGINT, stop)
        signal.signal(signal.SIGTERM, stop)
        try:
            while not stopping and all(child.poll() is None for child in children):
                time.sleep(0.5)
        finally:
            for child in children:
                if child.poll() is None:
                    child.send_signal(signal.SIGTERM)
            deadline = time.monotonic() + 20
            for child in children:
                try:
                    child.wait(timeout=max(0.1, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    child.kill()
        failed = [
            cast("list[str]", c.args)[2] for c in children if c.returncode not in (0, -signal.SIGTERM, None)
        ]
        if failed and not stopping:
            raise SystemExit(f"stopped because a child process exited: {failed}")
