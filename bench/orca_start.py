"""Orca's start, again and again: a fresh private desktop and the app, until Orca speaks the app.

Why: the Orca test (tests/orca) is only worth running in CI if the screen reader's own start is
dependable. Each run brings up the harness of tests/orca/desktop.py (Xvfb, session bus, openbox, Orca)
from nothing and starts the app the way the test does (``Desktop.start_app``: each step on Orca's own log,
Orca started afresh when it stays silent, counted). A start fails when Orca stays silent even so, or when
what it says first is not the window's title and the start screen's New game button (a hidden tab taken for
the focus). It keeps the failed starts' logs. ``--busy`` runs a busy loop on every core through each start.

    python bench/orca_start.py --runs 20 --busy --keep /tmp/orca-starts
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.orca.desktop import Desktop, install_from_debian, missing_tools  # noqa: E402

TITLE = "Patrician"  # the window's title: Orca says it when the window becomes active
BUTTON = r"New game… push button"  # the start screen's focus: the line a listener hears first


def app_env(desktop: Desktop, home: Path) -> dict[str, str]:
    """The environment the Orca test starts the app in (English, tutorial already offered)."""
    conf = home / ".config" / "Patrician"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "Patrician.conf").write_text("[ui]\nlanguage=en\n\n[tutorial]\noffered=true\n")
    return dict(desktop.env, HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"),
                XDG_DATA_HOME=str(home / ".local/share"), QT_QPA_PLATFORM="xcb",
                QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1", QT_ACCESSIBILITY="1", PYTHONPATH=str(ROOT))


def one_start(root: Path) -> tuple[bool, float, float, list[str], str]:
    """(the start as a listener should hear it?, seconds to Orca's readiness, seconds from the app's start
    to its button spoken, Orca's restarts, what went wrong or what was heard)."""
    desktop = Desktop(root)
    apps: list[subprocess.Popen[bytes]] = []
    started = time.monotonic()

    def launch() -> subprocess.Popen[bytes]:
        apps.append(subprocess.Popen([sys.executable, "-m", "patrician_qt"], env=app_env(desktop, root / "app-home"),
                                     cwd=root, stdout=open(root / "app.out", "wb"), stderr=subprocess.STDOUT))
        return apps[-1]

    try:
        desktop.start()
        ready = time.monotonic() - started
        mark = desktop.mark()
        launched = time.monotonic()
        desktop.start_app(launch, "Patrician", BUTTON)
        seconds = time.monotonic() - launched
        heard = desktop.spoken_since(mark)
        wrong = [] if any(TITLE in line for line in heard) else ["no title"]
        wrong += [line for line in heard if "page tab" in line]  # a hidden tab taken for the focus
        return not wrong, ready, seconds, desktop.restarts, f"{'WRONG ' + repr(wrong) if wrong else ''} {heard}"
    except TimeoutError as e:
        return False, time.monotonic() - started, -1.0, desktop.restarts, f"SILENT {str(e)[:300]}"
    finally:
        for app in apps:
            if app.poll() is None:
                app.terminate()
                app.wait(timeout=20)
        desktop.stop()


def main() -> None:
    """Start ``--runs`` times in a row; print each start and the count of silent ones."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--busy", action="store_true", help="a busy loop on every core through every start")
    ap.add_argument("--keep", default="", help="copy each silent start's logs into this folder")
    args = ap.parse_args()
    if missing_tools():
        install_from_debian()
    loops: list[subprocess.Popen[bytes]] = []
    if args.busy:
        loops = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(os.cpu_count() or 1)]
    failed = restarts = 0
    loads = []
    try:
        for i in range(args.runs):
            with tempfile.TemporaryDirectory() as tmp:
                ok, ready, spoken, again, said = one_start(Path(tmp))
                loads.append(os.getloadavg()[0])
                failed += not ok
                restarts += len(again)
                print(f"run {i + 1}: {'as heard' if ok else 'FAILED'}; Orca ready after {ready:.1f} s, "
                      f"app's button spoken {spoken:.1f} s after its start; Orca restarted {len(again)}× {again}; "
                      f"load {loads[-1]:.1f}; {said}", flush=True)
                if not ok and args.keep:
                    shutil.copytree(tmp, Path(args.keep) / f"run{i + 1}", dirs_exist_ok=True,
                                    ignore=shutil.ignore_patterns("run", "*.X*"))
    finally:
        for p in loops:
            p.kill()
            p.wait()
    print(f"{failed} of {args.runs} starts failed (silent, or without the title, or with a hidden tab spoken); "
          f"{restarts} Orca restarts; load {min(loads):.1f}-{max(loads):.1f} (1-min average)"
          f"{' with a busy loop per core' if args.busy else ''}")


if __name__ == "__main__":
    main()
