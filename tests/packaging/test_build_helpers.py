"""build.py's helpers that need no build: the source snapshot's paths and the ELF search-path reader (fast)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path, PureWindowsPath

import pytest

from .helpers import load_build_script, load_packaging_script


def test_snapshot_paths_are_posix_so_exclusions_match_on_windows():
    """The fallback once used str(), whose backslashes on Windows never matched "packaging/" (249 files, not 142)."""
    build = load_build_script()
    root = PureWindowsPath("C:/src/patrician")
    rel = build.relative_posix(root / "packaging" / "build" / "venv" / "python.exe", root)
    assert rel == "packaging/build/venv/python.exe"
    assert not build.snapshot_wanted(rel)
    assert not build.snapshot_wanted(build.relative_posix(root / "tests" / "x.py", root))
    assert build.snapshot_wanted(build.relative_posix(root / "patrician_qt" / "engine" / "cards.json", root))


def test_snapshot_without_git_copies_only_the_app(tmp_path, monkeypatch):
    build = load_build_script()
    src = tmp_path / "src"
    for rel in ("pyproject.toml", "patrician_qt/__init__.py", "net/framing.py", "resources/a.svg",
                "packaging/build/venv/bin/python", "packaging/build.py", "tests/t.py", "docs/d.md",
                "patrician_qt/__pycache__/x.pyc", "patrician.egg-info/PKG-INFO", ".git/HEAD", "build/lib/x.py"):
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text("x")
    monkeypatch.setattr(build, "BUILD", tmp_path / "out")
    monkeypatch.setenv("PATH", str(tmp_path / "no-git-here"))  # git not found: the fallback walks the tree
    dest = build.source_snapshot(src)
    copied = sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*") if p.is_file())
    assert copied == ["net/framing.py", "patrician_qt/__init__.py", "pyproject.toml", "resources/a.svg"]


@pytest.mark.skipif(not sys.platform.startswith("linux") or shutil.which("readelf") is None,
                    reason="ELF files and readelf (binutils)")
def test_elf_search_paths_agree_with_readelf():
    binaries = load_packaging_script("binaries")
    # the interpreter and the shared objects this process has loaded: what this system has, whether its Python
    # is a pyenv build (a RUNPATH, a libpython beside it) or Debian's (neither), and whatever its glibc
    fields = [line.split(maxsplit=5) for line in Path("/proc/self/maps").read_text().splitlines()]
    mapped = {Path(f[5]) for f in fields if len(f) == 6 and f[5].startswith("/") and ".so" in Path(f[5]).name}
    candidates = [Path(sys.executable).resolve(), *sorted(mapped)[:8]]
    checked = 0
    for path in candidates:
        if not path.is_file() or not binaries.is_elf(path):
            continue
        out = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True).stdout
        expected = {"RPATH": [], "RUNPATH": []}
        for kind, value in re.findall(r"\((RPATH|RUNPATH)\)\s+Library r(?:un)?path: \[([^\]]*)\]", out):
            expected[kind] = [p for p in value.split(":") if p]
        assert binaries.elf_search_paths(path) == expected, path
        checked += 1
    assert checked >= 2
    assert not binaries.is_pe(Path(sys.executable).resolve())


def test_installed_package_check_follows_pyproject_package_dir(tmp_path, monkeypatch):
    """net/ installed as patrician_qt.net (pyproject's package-dir) is checked under that name."""
    build = load_build_script()
    for rel in ("patrician_qt/__init__.py", "patrician_qt/ui/__init__.py", "net/__init__.py", "net/sub/__init__.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("")
    (tmp_path / "pyproject.toml").write_text('[tool.setuptools.package-dir]\n"patrician_qt.net" = "net"\n')
    asked: list[str] = []

    def fake_run(cmd, **kw):
        asked.extend(cmd[3:])
        return subprocess.CompletedProcess(cmd, 0, stdout="[]")

    monkeypatch.setattr(build, "run", fake_run)
    assert build.check_installed_packages(tmp_path) == asked == [
        "patrician_qt", "patrician_qt.ui", "patrician_qt.net", "patrician_qt.net.sub"]


@pytest.mark.skipif(shutil.which("sha256sum") is None, reason="coreutils' sha256sum")
def test_checksums_beside_the_downloads_verify_with_sha256sum(tmp_path):
    """SHA256SUMS names each download by its file name, as ``sha256sum -c`` reads it; a changed byte fails."""
    build = load_build_script()
    files = [tmp_path / "patrician_1.0_amd64.deb", tmp_path / "patrician-1.0-linux-x86_64.tar.xz"]
    for i, f in enumerate(files):
        f.write_bytes(bytes(range(256)) * (1000 + i))
    sums = build.write_checksums(files, tmp_path / "SHA256SUMS")
    assert [line.split("  ")[1] for line in sums.read_text().splitlines()] == sorted(f.name for f in files)
    ok = subprocess.run(["sha256sum", "-c", "SHA256SUMS"], cwd=tmp_path, capture_output=True, text=True)
    assert ok.returncode == 0 and ok.stdout.count(": OK") == 2, ok.stdout + ok.stderr
    files[0].write_bytes(files[0].read_bytes()[:-1] + b"!")
    bad = subprocess.run(["sha256sum", "-c", "SHA256SUMS"], cwd=tmp_path, capture_output=True, text=True)
    assert bad.returncode != 0 and "FAILED" in bad.stdout
    with pytest.raises(SystemExit, match="not beside"):
        build.write_checksums([tmp_path / "sub" / "x.deb"], tmp_path / "SHA256SUMS")
