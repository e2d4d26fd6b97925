"""Branch coverage of the layers below the app: the very run CI gates on, and its figure.

Why a bench and not a figure copied from CI's log: the figures table (docs/figures.md, row
``coverage.branches``) is written by the script that measured it. This script takes CI's coverage command
from ``.ci/run`` itself (the line with ``--cov``), so the run it measures cannot drift from the gated one;
it only adds a JSON report beside CI's terminal one, to read the figures per package.

Run by hand (9 min at load 9 on the shared 2-core machine; tracing triples these tests' CPU time)::

    nice -n 10 python bench/coverage.py                            # prints the table per package
    nice -n 10 python bench/coverage.py --write docs/figures.md    # and writes the row

Nothing is written when a test fails or the total is under the gate (pytest's exit status says which).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

from bench.figures_table import Row, when, write_rows  # noqa: E402

CI = ROOT / ".ci" / "run"
#: the layers measured, in the order the table names them (the folder of each file's path says which)
PACKAGES = ("engine", "table", "net", "bots")


def ci_command(script: str) -> list[str]:
    """The pytest arguments of CI's coverage run (the line of ``.ci/run`` that runs pytest with ``--cov``)."""
    for line in script.splitlines():
        words = shlex.split(line, comments=True)
        if "--cov" in words and "pytest" in words:
            return words[words.index("pytest") + 1:]
    raise SystemExit(f"{CI} has no pytest run with --cov")


def _package(filename: str) -> str | None:
    """Which layer a measured file belongs to: ``patrician_qt/engine/x.py`` engine, ``net/x.py`` net."""
    parts = Path(filename).parts
    return next((p for p in parts[:-1] if p in PACKAGES), None)


def by_package(report: dict[str, Any]) -> dict[str, dict[str, int]]:
    """Statements, missed, branches, partly taken branches and covered branches, per layer and for ``all``."""
    keys = ("num_statements", "missing_lines", "num_branches", "num_partial_branches", "covered_branches")
    out = {name: dict.fromkeys(keys, 0) for name in (*PACKAGES, "all")}
    for filename, data in report["files"].items():
        name = _package(filename)
        if name is None:
            raise SystemExit(f"a measured file outside {', '.join(PACKAGES)}: {filename}")
        for key in keys:
            out[name][key] += data["summary"][key]
            out["all"][key] += data["summary"][key]
    return out


def percent(c: dict[str, int]) -> float:
    """Coverage as coverage.py counts it: statements and branches together."""
    total = c["num_statements"] + c["num_branches"]
    covered = c["num_statements"] - c["missing_lines"] + c["covered_branches"]
    return 100.0 * covered / total if total else 100.0


def table(counts: dict[str, dict[str, int]]) -> str:
    """The per-layer table, as Markdown (printed, for docs/testing.md's readers to run)."""
    lines = ["| package | statements | missed | branches | partly taken | coverage |", "|---|---|---|---|---|---|"]
    for name, c in counts.items():
        label = "all four" if name == "all" else f"`{name}/`"
        lines.append(f"| {label} | {c['num_statements']:,} | {c['missing_lines']:,} | {c['num_branches']:,} | "
                     f"{c['num_partial_branches']:,} | {percent(c):.1f}% |")
    return "\n".join(lines)


def rows(counts: dict[str, dict[str, int]], gate: float, command: str, stamp: str) -> list[Row]:
    """The figures table's row of this run."""
    parts = ", ".join(f"{name} {percent(counts[name]):.1f}%" for name in PACKAGES)
    a = counts["all"]
    return [Row("coverage.branches", "branch coverage of `engine/`, `table/`, `net/`, `bots/` by their own tests",
                f"{percent(a):.1f}% ({parts}); {a['num_statements']:,} statements, {a['missing_lines']:,} missed, "
                f"{a['num_branches']:,} branches, {a['num_partial_branches']:,} partly taken; the Python processes "
                "the tests start included", "never below the gate (pyproject.toml `fail_under`)",
                f"{command} (`.ci/run`'s coverage run), gate {gate:g}, {stamp}")]


def main(argv: list[str] | None = None) -> int:
    """Run CI's coverage command with a JSON report beside it, print the table, write the row."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--write", type=Path, default=None, metavar="FIGURES_MD", help="write the row there")
    args = p.parse_args(argv)
    command = ci_command(CI.read_text(encoding="utf-8"))
    loads = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "coverage.json"
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}  # as .ci/run exports it
        done = subprocess.run([sys.executable, "-m", "pytest", *command, f"--cov-report=json:{report}"],
                              cwd=ROOT, env=env, check=False)
        if not report.is_file():
            print(f"no coverage report (pytest exit status {done.returncode})", file=sys.stderr)
            return 1
        data = json.loads(report.read_text(encoding="utf-8"))
    loads.append(os.getloadavg()[0])
    counts = by_package(data)
    print(table(counts))
    gate = _gate()
    if done.returncode != 0:
        print(f"pytest exit status {done.returncode} (a test failed or the total is under the gate {gate:g}): "
              "nothing written", file=sys.stderr)
        return done.returncode
    if args.write:
        write_rows(args.write, rows(counts, gate, f"`bench/coverage.py` = `pytest {shlex.join(command)}`",
                                    when(loads)))
        print(f"wrote coverage.branches to {args.write}")
    return 0


def _gate() -> float:
    """The gate of pyproject.toml (``[tool.coverage.report] fail_under``)."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return float(config["tool"]["coverage"]["report"]["fail_under"])


if __name__ == "__main__":
    sys.exit(main())
