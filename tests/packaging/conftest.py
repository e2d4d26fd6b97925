"""Opt-in switches of the packaging tests, and the one build they share.

``PATRICIAN_PACKAGING_TESTS`` says which real packages to build and test (minutes each; a
developer's plain ``pytest`` builds nothing):

    1 or linux   the Linux bundle and .tar.xz (test_bundle.py), as before
    deb          the .deb: lintian, apt install, /usr/bin/patrician --self-test, purge (test_deb.py)
    windows      the Windows bundle and installer under Wine (test_windows.py)
    macos        the macOS checks that need the network (pip resolves the pinned wheels for macOS)
    all          all of them; or a comma-separated list, e.g. ``linux,deb``

Every selected build runs once per session, in one ``python packaging/build.py --target ...``
(extra arguments from PATRICIAN_BUILD_ARGS), unless PATRICIAN_REUSE_BUILD=1 reads the reports
of the last build in packaging/dist/ (PATRICIAN_BUNDLE_REPORT still names a Linux report).
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

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


@pytest.fixture(scope="session")
def build_reports() -> dict[str, dict]:
    """target -> build report, for every selected target build.py makes (one build for all)."""
    targets = [t for t in BUILT if t in selected_targets()]
    if not targets:
        pytest.skip("no packaging target selected")
    if os.environ.get("PATRICIAN_REUSE_BUILD") != "1":
        extra = shlex.split(os.environ.get("PATRICIAN_BUILD_ARGS", ""))
        t0, c0 = time.perf_counter(), os.times()
        proc = subprocess.run([sys.executable, str(PACKAGING / "build.py"), "--target", ",".join(targets), *extra],
                              capture_output=True, text=True, timeout=3600)
        assert proc.returncode == 0, (proc.stdout + proc.stderr)[-6000:]
        c1 = os.times()
        cpu = (c1.children_user - c0.children_user) + (c1.children_system - c0.children_system)
        print(f"build.py --target {','.join(targets)} took {time.perf_counter() - t0:.0f} s, {cpu:.0f} s CPU")
    reports = {}
    for t in targets:
        path = PACKAGING / "dist" / REPORTS[t]
        if t == "linux" and os.environ.get("PATRICIAN_BUNDLE_REPORT"):
            path = Path(os.environ["PATRICIAN_BUNDLE_REPORT"])
        reports[t] = json.loads(path.read_text())
    return reports
