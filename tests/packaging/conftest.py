"""Opt-in switches of the packaging tests, and the one build they share.

``PATRICIAN_PACKAGING_TESTS`` says which real packages to build and test (minutes each; a
developer's plain ``pytest`` builds nothing):

    1 or linux   the Linux bundle and .tar.xz (test_bundle.py), as before
    deb          the .deb: lintian, apt install, /usr/bin/patrician --self-test, purge (test_deb.py), and
                 the .deb and .tar.xz in fresh minimal Debian 12 and 13 roots (test_debian_releases.py)
    windows      the Windows bundle and installer under Wine (test_windows.py)
    macos        the macOS checks that need the network (pip resolves the pinned wheels for macOS)
    all          all of them; or a comma-separated list, e.g. ``linux,deb``

Every selected build runs once per session, in one ``python packaging/build.py --target ...``
(extra arguments from PATRICIAN_BUILD_ARGS), unless PATRICIAN_REUSE_BUILD=1 reads the reports
of the last build in packaging/dist/ (PATRICIAN_BUNDLE_REPORT still names a Linux report).
The build starts as soon as the tests are collected, in the background at a lower priority, and the
tests of the built packages run last: the rest of the suite (much of it waiting on timers and sockets)
runs meanwhile, which keeps CI's whole run well inside its 20 minutes (packaging/README.md, "CI").
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO, ClassVar

import pytest

from . import debian_root
from .helpers import PACKAGING

ALL_TARGETS = ("linux", "deb", "windows", "macos")
BUILT = ("linux", "deb", "windows")  # the targets build.py makes; macos is only checked
REPORTS = {"linux": "build-report.json", "deb": "build-report-deb.json", "windows": "build-report-windows.json"}


def selected_targets() -> set[str]:
    """The packaging targets this run tests, from PATRICIAN_PACKAGING_TESTS."""
    raw = os.environ.get("PATRICIAN_PACKAGING_TESTS", "").strip().lower()
    if raw in ("", "0", "no", "false"):
        return set()
    if raw in ("1", "yes", "true"):
        return {"linux"}
    if raw == "all":
        return set(ALL_TARGETS)
    chosen = {t.strip() for t in raw.split(",") if t.strip()}
    unknown = chosen - set(ALL_TARGETS)
    if unknown:
        raise pytest.UsageError(f"PATRICIAN_PACKAGING_TESTS: unknown {sorted(unknown)}; use {', '.join(ALL_TARGETS)}")
    return chosen


def needs_target(name: str) -> pytest.MarkDecorator:
    """Skip unless ``name`` is selected (the reason says how to select it)."""
    return pytest.mark.skipif(name not in selected_targets(),
                              reason=f"builds the real package (minutes): PATRICIAN_PACKAGING_TESTS={name}")


class _Build:
    """The one build of a session: started after collection, waited for by the first test that needs it."""

    proc: subprocess.Popen[bytes] | None = None
    log: IO[bytes] | None = None
    t0 = 0.0


def _targets_to_build() -> list[str]:
    return [t for t in BUILT if t in selected_targets()]


def _start_build() -> None:
    """Start ``build.py`` for the selected targets in the background, niced so that the tests come first."""
    extra = shlex.split(os.environ.get("PATRICIAN_BUILD_ARGS", ""))
    _Build.log = tempfile.TemporaryFile()
    _Build.t0 = time.perf_counter()
    _Build.proc = subprocess.Popen(
        [sys.executable, str(PACKAGING / "build.py"), "--target", ",".join(_targets_to_build()), *extra],
        stdout=_Build.log, stderr=subprocess.STDOUT, preexec_fn=lambda: os.nice(5),
    )


class _DebianBases:
    """The minimal Debian roots' tarballs, bootstrapped beside the build when not cached (about a minute each)."""

    thread: threading.Thread | None = None
    error: BaseException | None = None
    log: ClassVar[list[str]] = []


def _prepare_debian_bases() -> None:
    try:
        mirror = debian_root.debian_mirror()
        for release in debian_root.RELEASES:
            debian_root.base_tarball(release, mirror, _DebianBases.log)
    except BaseException as exc:  # reported by the first test that needs them
        _DebianBases.error = exc


def debian_roots_ready() -> None:
    """Wait for the Debian base tarballs (started after collection when the .deb is tested); fail with why not."""
    if _DebianBases.thread is None:
        _prepare_debian_bases()
    else:
        _DebianBases.thread.join()
    if _DebianBases.error is not None:
        pytest.fail(f"could not bootstrap the Debian roots: {_DebianBases.error}")
    for line in _DebianBases.log:
        print(line)


def _builds_in_background() -> bool:
    return bool(_targets_to_build()) and os.environ.get("PATRICIAN_REUSE_BUILD") != "1"


def _needs_build(item: pytest.Item) -> bool:
    return "build_reports" in getattr(item, "fixturenames", ())


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of the built packages go last (in the order they were shuffled into), so that none waits for the
    background build while the rest of the suite could run: after pytest-randomly's shuffle, which comes first."""
    if _builds_in_background():
        items[:] = [i for i in items if not _needs_build(i)] + [i for i in items if _needs_build(i)]


def pytest_collection_finish(session: pytest.Session) -> None:
    """Start the build once the tests are known, if any selected test needs it (a plain pytest builds nothing)."""
    if session.config.option.collectonly:
        return
    if _builds_in_background() and any(_needs_build(item) for item in session.items):
        _start_build()
    if ("deb" in selected_targets() and debian_root.usable() is None
            and any("roots" in getattr(item, "fixturenames", ()) for item in session.items)):
        _DebianBases.thread = threading.Thread(target=_prepare_debian_bases, name="debootstrap", daemon=True)
        _DebianBases.thread.start()


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A build still running when the session ends (an interrupted run) is stopped, not left behind."""
    if _Build.proc is not None and _Build.proc.poll() is None:
        _Build.proc.kill()
        _Build.proc.wait()


def _wait_for_build() -> None:
    """Wait for the background build (started now if it was not) and fail with the end of its output. Its CPU time
    is its own (``wait4``): the tests' other children, which ran meanwhile, are not counted in it."""
    if _Build.proc is None:
        _start_build()
    proc, log = _Build.proc, _Build.log
    assert proc is not None and log is not None
    deadline = time.monotonic() + 3600
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            proc.kill()
            proc.wait()
            pytest.fail("build.py took more than an hour")
        time.sleep(0.5)
    proc.returncode = os.waitstatus_to_exitcode(status)
    log.seek(0)
    out = log.read().decode(errors="replace")
    log.close()
    assert proc.returncode == 0, out[-6000:]
    print(f"build.py --target {','.join(_targets_to_build())} took {time.perf_counter() - _Build.t0:.0f} s, "
          f"{usage.ru_utime + usage.ru_stime:.0f} s CPU")


@pytest.fixture(scope="session")
def build_reports() -> dict[str, dict]:
    """target -> build report, for every selected target build.py makes (one build for all)."""
    targets = _targets_to_build()
    if not targets:
        pytest.skip("no packaging target selected")
    if os.environ.get("PATRICIAN_REUSE_BUILD") != "1":
        _wait_for_build()
    reports = {}
    for t in targets:
        path = PACKAGING / "dist" / REPORTS[t]
        if t == "linux" and os.environ.get("PATRICIAN_BUNDLE_REPORT"):
            path = Path(os.environ["PATRICIAN_BUNDLE_REPORT"])
        reports[t] = json.loads(path.read_text())
    return reports
