"""``manage.py check --deploy`` with the README's production environment: no warning (issue 20).

The environment is read from the README's "Production" section itself, so the documentation and
the test cannot drift apart.
"""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from eredan.settings import proxy_ssl_header

REPO = Path(__file__).resolve().parents[2]


def documented_environment() -> dict[str, str]:
    readme = (REPO / "README.md").read_text()
    section = readme.split("### Production", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL)
    assert block, "README's Production section has no ```sh block"
    env = {}
    for line in block.group(1).splitlines():
        name, sep, value = line.partition("=")
        assert sep and re.fullmatch(r"[A-Z_]+", name), line
        env[name] = value
    return env


def check_deploy(env: dict[str, str], var_dir: Path) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("SECURE_", "DJANGO_", "DEMO_"))}
    for name in ("SECRET_KEY", "DEBUG", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE"):
        base.pop(name, None)
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=REPO,
        env={**base, **env, "EREDAN_VAR_DIR": str(var_dir)},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_documented_production_environment_passes_check_deploy(tmp_path):
    env = documented_environment()
    assert {"SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE",
            "SECURE_PROXY_SSL_HEADER"} <= env.keys()  # fmt: skip
    done = check_deploy(env, tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout
    # SECRET_KEY left unset: generated into var/, readable by its owner only.
    assert stat.S_IMODE((tmp_path / "secret_key").stat().st_mode) == 0o600


def test_without_it_check_deploy_warns(tmp_path):
    """The settings do come from the environment: the defaults (plain HTTP) are warned about."""
    done = check_deploy({"DEBUG": "0", "ALLOWED_HOSTS": "eredan.example.org"}, tmp_path)
    assert done.returncode != 0
    for check in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert check in done.stderr + done.stdout


def test_the_proxy_header_setting():
    assert proxy_ssl_header("X-Forwarded-Proto: https") == ("HTTP_X_FORWARDED_PROTO", "https")
    assert proxy_ssl_header("HTTP_X_SCHEME:https") == ("HTTP_X_SCHEME", "https")
    assert proxy_ssl_header("") is None
    with pytest.raises(ValueError, match="Header-Name: value"):
        proxy_ssl_header("X-Forwarded-Proto")
