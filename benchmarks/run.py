"""Run the benchmarks one after another and keep their output.

``make bench`` (or ``.venv/bin/python benchmarks/run.py [name …]``): each ``benchmarks/<name>.py``
runs in its own process, never two at once (they measure the machine); the output is printed and
saved to ``benchmarks/results/<UTC timestamp>.txt``. Names select a subset (``cribbage_bench``).
"""

from __future__ import annotations

import argparse
import datetime as dt
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


#: Developer checks, not speed or strength measurements: each is run by hand (its docstring says
#: how) — the multi-host run needs root, the API fuzz (``make fuzz``) and the compare calibration
#: take a quarter of an hour or more, the pool games need the whole pool imported.
CHECKS = {"multihost", "api_fuzz", "compare_calibration", "synthetic_pool"}


def available() -> list[str]:
    return sorted(p.stem for p in HERE.glob("*.py") if p.stem not in {"run", "__init__", *CHECKS})


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    everything = ", ".join(available())
    parser.add_argument("names", nargs="*", help=f"benchmarks to run (default: all of {everything})")
    args = parser.parse_args()
    names = args.names or available()
    unknown = sorted(set(names) - set(available()))
    if unknown:
        parser.error(f"unknown benchmark(s): {', '.join(unknown)}")
    out_dir = HERE / "results"
    out_dir.mkdir(exist_ok=True)
    out_path = out_dir / f"{dt.datetime.now(dt.UTC):%Y%m%dT%H%M%SZ}.txt"
    failures = 0
    with out_path.open("w", encoding="utf-8") as out:
        for name in names:
            header = f"\n=== {name} ===\n"
            print(header, end="", flush=True)
            out.write(header)
            proc = subprocess.Popen(
                [sys.executable, str(HERE / f"{name}.py")],
                cwd=HERE.parent,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )
            assert proc.stdout is not None
            for line in proc.stdout:
                print(line, end="", flush=True)
                out.write(line)
            if proc.wait() != 0:
                failures += 1
                note = f"!!! {name} exited with status {proc.returncode}\n"
                print(note, end="")
                out.write(note)
    print(f"\nresults saved to {out_path}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
