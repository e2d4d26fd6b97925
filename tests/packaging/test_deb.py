"""The .deb: lintian, apt install, /usr/bin/patrician --self-test, purge (PATRICIAN_PACKAGING_TESTS=deb).

conftest.py builds it once (``build.py --target deb``). The install test changes this machine's
/usr (as CI's machine is meant to be used): it runs only as root, with apt, and only when no
``patrician`` package is installed already; it purges what it installed even when it fails.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from .conftest import needs_target
from .helpers import PACKAGING, clean_env, sh

pytestmark = [needs_target("deb")]

MIB = 1024 * 1024
DEB_LIMIT = 40_000_000  # the target: .deb <= 40 MB
APT_ENV = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
APT_LOCK = ["-o", "DPkg::Lock::Timeout=600"]


@pytest.fixture(scope="module")
def deb(build_reports) -> dict:
    """The .deb build report."""
    return build_reports["deb"]


def contents(deb_file: str) -> list[str]:
    """Paths in the package (``dpkg-deb -c``), without the leading '.'."""
    out = subprocess.run(["dpkg-deb", "-c", deb_file], capture_output=True, text=True, check=True).stdout
    return [line.split(None, 5)[5].split(" -> ")[0].lstrip(".") for line in out.splitlines()]


def test_deb_size_meets_the_target(deb):
    assert deb["deb_bytes"] <= DEB_LIMIT, f".deb {deb['deb_bytes'] / MIB:.1f} MiB"


def test_deb_layout_and_control(deb):
    paths = contents(deb["deb"])
    for wanted in ("/usr/bin/patrician", "/usr/games/patrician", "/usr/lib/patrician/patrician",
                   "/usr/share/applications/io.github.patrician.Patrician.desktop",
                   "/usr/share/man/man6/patrician.6.gz", "/usr/share/doc/patrician/copyright",
                   "/usr/share/icons/hicolor/scalable/apps/io.github.patrician.Patrician.svg"):
        assert wanted in paths, wanted
    assert not [p for p in paths if re.search(r"install\.sh|uninstall\.sh|README\.txt", p)]
    control = subprocess.run(["dpkg-deb", "-f", deb["deb"]], capture_output=True, text=True, check=True).stdout
    assert re.search(r"^Depends: .*libc6 \(>= [\d.]+\)", control, re.M)
    assert re.search(r"^Depends: .*libfontconfig1", control, re.M)
    assert "Section: games" in control


@pytest.mark.skipif(shutil.which("lintian") is None, reason="lintian (Debian: lintian) not installed")
def test_lintian_finds_no_error_and_every_warning_is_explained(deb):
    """No E: tag; every W: tag is named in packaging/README.md's lintian section with its reason."""
    proc = subprocess.run(["lintian", "--tag-display-limit", "0", deb["deb"]], capture_output=True, text=True,
                          timeout=900)
    tags = re.findall(r"^([EW]): patrician(?: \w+)?: (\S+)", proc.stdout, re.M)
    errors = sorted({t for level, t in tags if level == "E"})
    assert not errors, proc.stdout
    readme = (PACKAGING / "README.md").read_text(encoding="utf-8")
    section = readme.split("### lintian", 1)[1].split("\n## ", 1)[0]
    unexplained = sorted({t for level, t in tags if level == "W" and f"`{t}`" not in section})
    assert not unexplained, proc.stdout
    assert proc.returncode == 0, proc.stdout + proc.stderr


def _installed(package: str) -> bool:
    proc = subprocess.run(["dpkg-query", "-W", "-f", "${db:Status-Status}", package], capture_output=True, text=True)
    return proc.returncode == 0 and proc.stdout.strip() == "installed"


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("apt-get") is None, reason="installs into /usr: root and apt")
def test_deb_installs_with_apt_runs_its_self_test_and_purge_leaves_nothing(deb, tmp_path):
    if _installed("patrician") or Path("/usr/lib/patrician").exists():
        pytest.skip("a patrician package (or /usr/lib/patrician) is on this machine already: not touching it")
    paths = [p for p in contents(deb["deb"]) if p not in ("/", "")]
    existed = {p for p in paths if os.path.lexists(p)}
    try:
        proc = subprocess.run(["apt-get", "install", "-y", "-q", *APT_LOCK, "--no-install-recommends", deb["deb"]],
                              capture_output=True, text=True, env=APT_ENV, timeout=1200)
        assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
        assert _installed("patrician")
        home = tmp_path / "home"
        home.mkdir()
        run = sh("/usr/bin/patrician", "--self-test", env=clean_env(home), timeout=300)
        assert run.returncode == 0 and "self-test passed" in run.stdout, run.stdout + run.stderr
        games = sh("/usr/games/patrician", "--version", env=clean_env(home))
        assert games.returncode == 0 and deb["version"] in games.stdout, games.stdout + games.stderr
    finally:
        proc = subprocess.run(["apt-get", "purge", "-y", "-q", *APT_LOCK, "patrician"], capture_output=True,
                              text=True, env=APT_ENV, timeout=1200)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert not _installed("patrician")
    left = sorted(p for p in paths if p not in existed and os.path.lexists(p))
    assert not left, left
    assert not list(Path("/var/lib/dpkg/info").glob("patrician.*"))


def test_deb_is_in_the_checksums_beside_it(deb):
    import hashlib

    package = Path(deb["deb"])
    sums = dict(reversed(line.split("  ", 1)) for line in (package.parent / "SHA256SUMS").read_text().splitlines())
    assert sums[package.name] == hashlib.sha256(package.read_bytes()).hexdigest()


def test_deb_depends_bind_no_release(deb):
    """No upper bound, no libc6 above the oldest supported glibc (``libc6 (<< 2.37)`` kept it off Debian 13)."""
    from .helpers import load_packaging_script

    assert load_packaging_script("deb").depends_problems(deb["depends"]) == []
    assert "libc6 (>= " in deb["depends"] and "<<" not in deb["depends"]
