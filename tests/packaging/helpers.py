"""Shared helpers of the packaging tests: load packaging/*.py, read .desktop files, snapshot a HOME."""

from __future__ import annotations

import importlib.util
import os
import shlex
import subprocess
import sys
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[2]
PACKAGING = REPO / "packaging"
APP_ID = "io.github.patrician.Patrician"


def load_build_script() -> ModuleType:
    """packaging/build.py as a module object, without making packaging/ importable."""
    return load_packaging_script("build")


def load_packaging_script(name: str) -> ModuleType:
    """packaging/<name>.py as a module object (packaging/ is a folder of scripts, never a package)."""
    key = f"patrician_packaging_test_{name}"
    if key in sys.modules:
        return sys.modules[key]
    spec = importlib.util.spec_from_file_location(key, PACKAGING / f"{name}.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[key] = mod
    spec.loader.exec_module(mod)
    return mod


def desktop_entry(path: Path) -> dict[str, str]:
    """The [Desktop Entry] group of a .desktop file as a dict."""
    entry: dict[str, str] = {}
    group = None
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            group = line
            continue
        if group == "[Desktop Entry]":
            key, _, value = line.partition("=")
            entry[key.strip()] = value.strip()
    return entry


def exec_argv(exec_value: str) -> list[str]:
    """An Exec= value as argv (Desktop Entry spec: quoted arguments, field codes dropped)."""
    argv = shlex.split(exec_value)
    return [a for a in argv if not (len(a) == 2 and a.startswith("%"))]


def snapshot(root: Path) -> set[str]:
    """Every path under root (files, folders, links), relative."""
    return {str(p.relative_to(root)) for p in root.rglob("*")} if root.exists() else set()


def ancestors(paths: set[str]) -> set[str]:
    """All parent folders of the given relative paths."""
    out: set[str] = set()
    for p in paths:
        parts = Path(p).parts
        for i in range(1, len(parts)):
            out.add(str(Path(*parts[:i])))
    return out


def clean_env(home: Path, **extra: str) -> dict[str, str]:
    """The environment of a user whose HOME is ``home`` (no XDG overrides), Qt offscreen."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env.update(HOME=str(home), QT_QPA_PLATFORM="offscreen", **extra)
    return env


def sh(*args: str | os.PathLike[str], env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run a command, capturing its output."""
    return subprocess.run([str(a) for a in args], env=env, capture_output=True, text=True, timeout=timeout)
