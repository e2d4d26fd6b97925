"""New game → the board on screen: from the click on the start screen's New game to the board's first paint.

Why: building the game window after the start screen's first paint must not make the first game come
slower. Each run is a fresh app (the first New game of a process is the one that pays for imports) on
a private Xvfb: it waits ``--delay`` ms after the start screen's first paint (a person's reaction),
clicks New game, accepts the dialog with its defaults as soon as it is shown, and stops the clock at
the board view's first paint; the deal on screen (the window's first ``shown``) is timed too.
``--before DIR`` runs a second source tree (e.g. the previous commit, ``git archive``'d) alternately
with this one, so both meet the same load. Nothing here is asserted in CI.

    python bench/new_game.py --runs 15
    python bench/new_game.py --runs 15 --before /tmp/base
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

_CHILD = r"""
import json, sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
from patrician_qt.ui.app import run
from patrician_qt.ui.app.new_game_dialog import NewGameDialog

delay = int(sys.argv[1])
app = run.make_app()
ctrls, marks, built_at_click = [], {}, [True]

class Watch(QObject):
    def eventFilter(self, watched, event):
        kind = event.type()
        if kind == QEvent.Type.Paint and "start" not in marks and ctrls and watched is ctrls[0].start:
            marks["start"] = time.perf_counter()
            QTimer.singleShot(delay, click)
        elif kind == QEvent.Type.Show and isinstance(watched, NewGameDialog) and "dialog" not in marks:
            marks["dialog"] = time.perf_counter()
            QTimer.singleShot(0, watched.accept)
        elif kind == QEvent.Type.Paint and "click" in marks and "board" not in marks and ctrls:
            view = ctrls[0].window.__dict__.get("board_view")
            if view is not None and watched is view.viewport():
                marks["board"] = time.perf_counter()
        return False

def click():
    window = ctrls[0].window
    window.shown.connect(lambda *_: marks.setdefault("deal", time.perf_counter()))
    marks["click"] = time.perf_counter()
    built_at_click[0] = getattr(window, "game_built", True)  # older trees built it all before the first paint
    ctrls[0].start.new_button.click()
    QTimer.singleShot(20, done)

def done():
    if "board" not in marks or "deal" not in marks:
        QTimer.singleShot(20, done)
        return
    c = marks["click"]
    out = {k: (v - c) * 1000 for k, v in marks.items() if k in ("dialog", "board", "deal")}
    out["built"] = built_at_click[0]
    print(json.dumps(out))
    sys.stdout.flush()
    ctrls[0].window.close_session()
    app.exit(0)

watch = Watch()
app.installEventFilter(watch)
QTimer.singleShot(60_000, lambda: app.exit(1))
run.run_app(["patrician"], then=ctrls.append)
"""


def _run(tree: str | None, delay: int, env: dict[str, str]) -> dict[str, float]:
    """One fresh app: milliseconds from the click to the dialog shown, the board painted and the deal shown."""
    child_env = dict(env)
    if tree is not None:
        child_env["PYTHONPATH"] = tree
    with tempfile.TemporaryDirectory(prefix="new-game-bench-") as home:
        child_env.update(XDG_CONFIG_HOME=os.path.join(home, "config"), XDG_DATA_HOME=os.path.join(home, "data"))
        proc = subprocess.run([sys.executable, "-c", _CHILD, str(delay)], env=child_env, capture_output=True,
                              text=True, timeout=120, cwd=tree or None)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    if proc.returncode != 0 or not lines:
        sys.exit(f"run failed ({proc.returncode}): {proc.stderr[-2000:]}")
    return json.loads(lines[-1])


def main() -> int:
    """Command line: ``new_game.py [--runs N] [--delay MS] [--before DIR]``."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--delay", type=int, default=500, help="ms between the start screen's first paint and the click")
    ap.add_argument("--before", help="another source tree to time alternately (PYTHONPATH)")
    args = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    from startup import _start_xvfb  # the same private X server as the start-up bench

    xvfb, display = _start_xvfb()
    env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb")
    env.pop("WAYLAND_DISPLAY", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    trees: dict[str, str | None] = {"this": None}
    if args.before:
        trees = {"before": os.path.abspath(args.before), "this": None}
    results: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    try:
        for tree in trees.values():  # warm-up: bytecode and page cache
            _run(tree, args.delay, env)
        for i in range(args.runs):
            cells = []
            for name, tree in trees.items():
                r = _run(tree, args.delay, env)
                results[name].append(r)
                cells.append(f"{name}: dialog {r['dialog']:.0f}, board {r['board']:.0f}, deal {r['deal']:.0f} ms")
            print(f"run {i + 1}: " + "; ".join(cells), flush=True)
    finally:
        xvfb.terminate()
        xvfb.wait()
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"load average {load} ({os.cpu_count()} cores), {args.runs} runs each, click {args.delay} ms after the "
          "start screen's first paint; medians from the click:")
    for name, runs in results.items():
        med = {k: statistics.median(r[k] for r in runs) for k in ("dialog", "board", "deal")}
        built = sum(1 for r in runs if r["built"])
        print(f"  {name:6s} dialog shown {med['dialog']:.0f} ms, board painted {med['board']:.0f} ms, "
              f"deal shown {med['deal']:.0f} ms (game window already built at {built} of {len(runs)} clicks)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
