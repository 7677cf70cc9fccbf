"""The layers at run time (docs/layers.md): the import-linter contracts (``make lint``) read the
import statements; this imports the pure modules in a fresh interpreter, package ``__init__``
files included, and checks that no Django, Django REST framework or Celery module was loaded."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _contract(contract_id: str) -> dict[str, object]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    return next(c for c in config["contracts"] if c.get("id") == contract_id)


def _loaded_by_importing(modules: list[str]) -> list[str]:
    """Every module loaded by importing ``modules`` and each of their submodules, in a new process."""
    code = (
        "import importlib, json, pkgutil, sys\n"
        f"for name in {modules!r}:\n"
        "    module = importlib.import_module(name)\n"
        "    for info in pkgutil.walk_packages(getattr(module, '__path__', []), name + '.'):\n"
        "        importlib.import_module(info.name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, cwd=ROOT)
    return list(json.loads(out.stdout))


def test_the_pure_modules_load_no_django_drf_or_celery_when_imported() -> None:
    pure = _contract("pure")
    sources = list(pure["source_modules"])  # type: ignore[call-overload]
    forbidden = set(pure["forbidden_modules"])  # type: ignore[call-overload]
    assert {"simulator.engine", "simulator.games", "cards.domain", "decks.validator", "eredan.errors"} <= set(
        sources
    )
    loaded = _loaded_by_importing(sources)
    assert "simulator.games.eredan.state" in loaded  # the walk reached the engines' modules
    assert [m for m in loaded if m.split(".")[0] in forbidden] == []


def test_the_check_sees_what_an_impure_module_loads() -> None:
    """The check can fail: importing the Celery app's module loads Celery (and ``import eredan``,
    which runs before ``eredan.errors``, once did too)."""
    loaded = _loaded_by_importing(["eredan.celery"])
    assert "celery" in loaded and "eredan" in loaded
