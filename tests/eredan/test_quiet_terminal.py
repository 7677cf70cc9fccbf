"""What a user's terminal shows: no warnings from the libraries under the project (README:
"No hostname was supplied" from kombu, Matplotlib's font cache) on the embedded defaults."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import django
django.setup()
from django.conf import settings
from simulator import queueing
from simulator.exports import heatmap

queueing.dispatch_send(1)  # a message into the embedded filesystem broker (no worker needed)
matrix = {"labels": ["a", "b"], "win_rate": [[None, 0.5], [0.5, None]], "games": [[0, 2], [2, 0]]}
results = {"game": "eredan", "kind": "round_robin", "matrix": matrix}
assert heatmap(results, "png").startswith(b"\\x89PNG")
import matplotlib
print(matplotlib.get_configdir())
print(settings.BROKER_DIR)
"""


def test_the_embedded_defaults_print_no_library_warning(tmp_path: Path) -> None:
    """Sending a job's message through the filesystem broker and drawing a heatmap, with a fresh
    home directory (no font cache anywhere yet): nothing at all on stderr, the font cache under
    ``var/``."""
    var, home = tmp_path / "var", tmp_path / "home"
    home.mkdir()
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"REDIS_URL", "MPLCONFIGDIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"}
    }
    env.update(
        DJANGO_SETTINGS_MODULE="eredan.settings",
        EREDAN_VAR_DIR=str(var),
        HOME=str(home),
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
    )
    run = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert run.stderr == ""
    config_dir, broker_dir = run.stdout.split()
    assert Path(config_dir) == var / "matplotlib"
    assert list((var / "matplotlib").glob("fontlist-*.json"))  # built once, kept for the next run
    assert list(Path(broker_dir, "out").iterdir())  # the message was really sent
