"""Type-check the project with mypy, as installed: ``python tools/typecheck.py [mypy options]``.

Why a script: ``net/`` lives at the top of the repo but is installed as ``patrician_qt.net``
(pyproject's ``package-dir``), a mapping mypy cannot follow. This lays out the packages as
installed in a temporary tree of links (copies where links are not allowed), runs mypy there
with the repo's ``pyproject.toml`` (strict for engine, bots, table and net; default for the
app and the commands), and prints its messages with the repo's own paths. The exit code is
mypy's. tests/meta/test_types.py runs it, so CI does.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "patrician_qt"
# package folders that live elsewhere in the repo, as pyproject's [tool.setuptools.package-dir] maps them
MAPPED = {"net": ROOT / "net", "resources": ROOT / "resources"}


def _link(target: Path, link: Path) -> None:
    try:
        link.symlink_to(target, target_is_directory=target.is_dir())
    except OSError:  # e.g. Windows without the right to make links
        if target.is_dir():
            shutil.copytree(target, link, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(target, link)


def lay_out(tree: Path) -> dict[str, str]:
    """Build the installed layout under ``tree``; returns {path prefix in tree: path prefix in the repo}."""
    pkg = tree / PACKAGE
    pkg.mkdir()
    for entry in sorted((ROOT / PACKAGE).iterdir()):
        if entry.name != "__pycache__" and entry.name not in MAPPED:  # a developer's own link to net/ is laid anew
            _link(entry, pkg / entry.name)
    for name, target in MAPPED.items():
        _link(target, pkg / name)
    prefixes = {f"{PACKAGE}/{name}/": f"{target.relative_to(ROOT).as_posix()}/" for name, target in MAPPED.items()}
    prefixes[f"{PACKAGE}/"] = f"{PACKAGE}/"
    return prefixes


def repo_path(line: str, prefixes: dict[str, str]) -> str:
    """A mypy message with its tree path turned into the repo's path (patrician_qt/net/x.py -> net/x.py)."""
    line = line.replace(os.sep, "/") if os.sep != "/" else line
    for tree_prefix, repo_prefix in prefixes.items():  # the longer (mapped) prefixes come first
        if line.startswith(tree_prefix):
            return repo_prefix + line[len(tree_prefix):]
    return line


def run(extra: list[str] | None = None) -> tuple[int, str]:
    """Run mypy over the installed layout; returns its exit code and its messages in repo paths."""
    with tempfile.TemporaryDirectory(prefix="patrician-mypy-") as tmp:
        tree = Path(tmp) / "tree"
        tree.mkdir()
        prefixes = lay_out(tree)
        cmd = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
               "--cache-dir", str(Path(tmp) / "cache"), *(extra or []), "-p", PACKAGE]
        done = subprocess.run(cmd, cwd=tree, capture_output=True, text=True, check=False)
    lines = (done.stdout + done.stderr).splitlines()
    return done.returncode, "\n".join(repo_path(line, prefixes) for line in lines)


def main() -> int:
    """Print mypy's messages in repo paths and return its exit code."""
    code, out = run(sys.argv[1:])
    print(out)
    return code


if __name__ == "__main__":
    sys.exit(main())
