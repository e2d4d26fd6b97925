"""The real Linux bundle: build it, run it, check its size, install and remove it.

Opt-in, because building takes minutes (about 2-3 on 2 cores, see packaging/README.md):

    PATRICIAN_PACKAGING_TESTS=1 python -m pytest tests/packaging/test_bundle.py

conftest.py runs ``python packaging/build.py`` once for all selected targets (with the extra
arguments in PATRICIAN_BUILD_ARGS, e.g. ``--reuse-venv``), unless PATRICIAN_BUNDLE_REPORT names the
build-report.json of a build to reuse (the CI workflow builds first, then tests).
"""

from __future__ import annotations

import json
import re
import sys
import tarfile
from pathlib import Path

import pytest

from .conftest import needs_target
from .helpers import (
    APP_ID,
    PACKAGING,
    REPO,
    ancestors,
    clean_env,
    desktop_entry,
    exec_argv,
    load_packaging_script,
    sh,
    snapshot,
)

pytestmark = [
    needs_target("linux"),
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux bundle"),
]

MIB = 1024 * 1024
BUNDLE_LIMIT = 110_000_000  # <= 110 MB unpacked (decimal megabytes) since iroh (internet play, ~15 MB) is inside
ARCHIVE_LIMIT = 45_000_000  # the target: <= 45 MB .tar.xz
BUILD_PYTHON = PACKAGING / "build" / "venv" / "bin" / "python"  # the venv the bundle was made from
SELF_TEST_TIMEOUT = 300


@pytest.fixture(scope="module")
def report(build_reports) -> dict:
    """The build report of a fresh (or given) build (conftest.py builds once for all targets)."""
    return build_reports["linux"]


def test_bundle_runs_its_self_test_offscreen(report, tmp_path):
    """The frozen app opens its window offscreen and plays a whole bot game (bots in a worker process)."""
    proc = sh(report["executable"], "--self-test", env=clean_env(tmp_path), timeout=SELF_TEST_TIMEOUT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "self-test passed" in proc.stdout


def test_bundle_spawns_worker_processes(report, tmp_path):
    """multiprocessing 'spawn' restarts the frozen executable as the worker (freeze_support)."""
    proc = sh(report["executable"], "arena", "--players", "easy,medium", "--games", "2", "--jobs", "2",
              env=clean_env(tmp_path), timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert json.loads(proc.stdout.strip().splitlines()[-1])["games"] == 2


def test_bundle_and_archive_sizes_meet_the_targets(report):
    assert report["bundle_bytes"] <= BUNDLE_LIMIT, f"bundle {report['bundle_bytes'] / MIB:.1f} MiB"
    assert report["archive_bytes"] <= ARCHIVE_LIMIT, f"archive {report['archive_bytes'] / MIB:.1f} MiB"


def test_shrunk_icu_data_answers_as_the_full_data_does(report, tmp_path):
    """Qt's collation, case mapping, converters and time zone names are the same with the bundle's ICU data.

    The spec drops the ICU items Qt never reads (packaging/icu_data.py). The probe runs in the build
    venv twice: with PySide6's own libicudata, then with the bundle's preloaded in its place.
    """
    if not BUILD_PYTHON.is_file():
        pytest.skip("needs the build venv the bundle was made from (packaging/build/venv)")
    (small,) = [p for p in (Path(report["bundle"]) / "_internal").rglob("libicudata.so*") if not p.is_symlink()]
    assert small.stat().st_size < 20 * MIB, "the bundle carries the full ICU data"
    probe = str(Path(__file__).with_name("icu_probe.py"))
    env = clean_env(tmp_path)
    full = sh(BUILD_PYTHON, probe, env=env)
    assert full.returncode == 0, full.stderr
    shrunk = sh(BUILD_PYTHON, probe, env={**env, "LD_PRELOAD": str(small)})
    assert shrunk.returncode == 0, shrunk.stderr
    a, b = json.loads(full.stdout), json.loads(shrunk.stdout)
    assert a.pop("libicudata") != b.pop("libicudata") == [str(small)]
    assert a["sort de_DE"][:3] == ["Ähre", "ångström", "Ångström"] and a["sort sv_SE"][-3:] == ["Öl", "日本", "李"]
    assert "Could not create collator" not in shrunk.stderr
    assert a == b


def test_bundle_holds_no_unused_qt(report):
    """Only QtCore/Gui/Widgets/Svg (+ DBus, which QtGui links) and the plugins the app needs."""
    bundle = Path(report["bundle"])
    names = [str(p.relative_to(bundle)) for p in bundle.rglob("*")]
    unwanted = re.compile(r"Qt6?(Quick|Qml|WebEngine|Pdf|Multimedia|Network|OpenGL|PrintSupport|Sql|Test|Xml"
                          r"|Designer|Help|VirtualKeyboard|3D|Charts)|libqgtk3|eglfs|/tls/|/sqldrivers/"
                          r"|/translations/(assistant|designer|linguist)|libssl|libcrypto", re.I)
    assert not [n for n in names if unwanted.search(n)]
    assert not [n for n in names if (bundle / n).is_symlink() and not (bundle / n).exists()], "dangling links"
    for needed in ("QtCore", "QtGui", "QtWidgets", "QtSvg", "libqxcb", "libqwayland", "libqoffscreen",
                   "libqsvg", "libqsvgicon", "libxcb-cursor", "libxcb-icccm"):
        assert any(needed in n for n in names), needed


def test_archive_installs_starts_from_its_menu_entry_and_uninstalls_cleanly(report, tmp_path):
    """Unpack the .tar.xz, install.sh into a fresh HOME, run the .desktop Exec line, uninstall.sh."""
    with tarfile.open(report["archive"]) as tar:
        tar.extractall(tmp_path / "unpacked", filter="tar")
    (package,) = (tmp_path / "unpacked").iterdir()
    home = tmp_path / "home"
    home.mkdir()
    env = clean_env(home)
    before = snapshot(home)
    proc = sh(package / "install.sh", env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    installed = snapshot(home) - before
    entry = desktop_entry(home / ".local" / "share" / "applications" / f"{APP_ID}.desktop")
    argv = exec_argv(entry["Exec"])
    assert Path(argv[0]).is_absolute()
    proc = sh(*argv, "--self-test", env=env, timeout=SELF_TEST_TIMEOUT)
    assert proc.returncode == 0 and "self-test passed" in proc.stdout, proc.stdout + proc.stderr
    written = snapshot(home) - before - installed
    proc = sh(home / ".local" / "lib" / "patrician" / "uninstall.sh", env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    left = snapshot(home) - before
    assert left <= written | ancestors(written), sorted(left - written - ancestors(written))
    assert not (installed & left) - ancestors(written)


def test_bundle_carries_the_art_translations_and_card_data(report):
    """The app falls back to plain shapes when art is missing, so its self-test would not notice."""
    internal = Path(report["bundle"]) / "_internal"
    wanted = [p.relative_to(REPO / "resources") for p in (REPO / "resources").rglob("*")
              if p.suffix in {".svg", ".png", ".qm", ".json"}]
    assert wanted
    missing = [str(w) for w in wanted if not (internal / "patrician_qt" / "resources" / w).is_file()]
    assert not missing
    assert (internal / "patrician_qt" / "engine" / "cards.json").is_file()


def test_bundle_binaries_carry_no_build_machine_search_paths(report):
    """No ELF file searches a folder of the build machine (RUNPATH to a pyenv, the build venv, the repo)."""
    binaries = load_packaging_script("binaries")
    bundle = Path(report["bundle"])
    elves = [p for p in binaries.binaries(bundle) if binaries.is_elf(p)]
    assert len(elves) > 50
    foreign = {str(p.relative_to(bundle)): paths for p in elves if (paths := binaries.foreign_search_paths(p))}
    assert not foreign
    # (patchelf leaves the removed RUNPATH's text in .dynstr, unreferenced: only the search path counts)
    needles = [str(REPO), str(PACKAGING / "build")]
    assert not {str(p.relative_to(bundle)): hits for p in elves if (hits := binaries.mentions(p, needles))}


def test_checksums_are_published_beside_the_archive(report):
    """SHA256SUMS in packaging/dist names the .tar.xz with its digest (``sha256sum -c`` checks it)."""
    import hashlib

    archive = Path(report["archive"])
    sums = dict(reversed(line.split("  ", 1)) for line in (archive.parent / "SHA256SUMS").read_text().splitlines())
    assert sums[archive.name] == hashlib.sha256(archive.read_bytes()).hexdigest()


def test_docs_figures_are_this_builds(build_reports):
    """The sizes and data folders the docs mark (packaging/figures.py) are this build's (every target built): sizes
    within 5 %."""
    figures = load_packaging_script("figures")
    fresh = figures.figures(build_reports)
    for doc in (REPO / "README.md", PACKAGING / "README.md"):
        for key, said in figures.marked(doc.read_text(encoding="utf-8")).items():
            if key not in fresh:
                continue
            if key.startswith("size."):
                now, then = float(fresh[key].split()[0]), float(said.split()[0])
                hint = "python packaging/figures.py --write README.md packaging/README.md"
                assert abs(now - then) <= 0.05 * now, f"{doc.name}: {key} says {said}, now {fresh[key]}: run {hint}"
            else:
                assert said == fresh[key], f"{doc.name}: {key}"


def test_bundle_ships_no_part_of_glibc_and_needs_no_newer_one_than_ubuntu_22_04(report):
    """What was shipped, checked again: no libc/libm/libmvec/loader/NSS module, no GLIBC_PRIVATE, nothing above 2.35."""
    binaries, clib = load_packaging_script("binaries"), load_packaging_script("clib")
    bundle = Path(report["bundle"])
    found = clib.scan(bundle, [p for p in binaries.binaries(bundle) if binaries.is_elf(p)])
    assert found.problems() == []
    assert found.newest["GLIBC"] <= (2, 35) and report["max_glibc"] == clib.version_text(found.newest["GLIBC"])
    with tarfile.open(report["archive"]) as tar:
        assert not [n for n in tar.getnames() if clib.is_c_library(n.rsplit("/", 1)[-1])]
