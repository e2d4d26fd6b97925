"""UI figures for the closing notes (run by hand: ``python bench/ui.py``; never asserted in CI).

1. process start → first painted main window (target ≤ 0.6 s; a bare PySide6 window ≈ 0.3 s)
2. applying a new view and repainting the window (target ≤ 16 ms)
3. resident memory during a 5-player game (target ≤ 150 MB)
4. the longest stall of the UI thread while bots think (target ≤ 50 ms), motion on (speed Fast): Hard bots, or
   with ``--level expert`` Expert bots, whose two search parts keep both cores busy (``--stall-only``: this alone)
5. frame time while pieces fly and scoring moments show, 1920×1080, 5 players (target ≤ 16 ms a frame)

``--write docs/figures.md`` writes the rows ``ui.repaint``, ``ui.memory``, ``ui.frame`` and the stall row of
the level (``ui.stall_hard`` or ``ui.stall_expert``) of what this run measured (bench/figures_table.py).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# run as a script, bench/ is first on the path and bench/net.py would hide the net package
sys.path[0] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from bench.figures_table import Row, when, write_rows  # noqa: E402

FIRST_PAINT = r"""
import time, sys
t0 = float(sys.argv[1])
import patrician_qt.ui
from PySide6.QtCore import QObject, QEvent, QTimer
from patrician_qt.ui.app.run import make_app
app = make_app(["patrician"], "en")
from pathlib import Path
import tempfile
from patrician_qt.ui.app.flow import AppController
ctrl = AppController(None, Path(tempfile.mkdtemp()))
w = ctrl.window
class Spy(QObject):
    def eventFilter(self, obj, ev):
        if ev.type() == QEvent.Type.Paint:
            print(f"{time.time() - t0:.3f}", flush=True)
            app.exit(0)
        return False
spy = Spy()
ctrl.start.installEventFilter(spy)
w.resize(1280, 720)
w.show()
app.exec()
"""

BARE = r"""
import time, sys
t0 = float(sys.argv[1])
from PySide6.QtCore import QObject, QEvent
from PySide6.QtWidgets import QApplication, QWidget
app = QApplication([])
w = QWidget()
class Spy(QObject):
    def eventFilter(self, obj, ev):
        if ev.type() == QEvent.Type.Paint:
            print(f"{time.time() - t0:.3f}", flush=True)
            app.exit(0)
        return False
spy = Spy(); w.installEventFilter(spy); w.resize(1280, 720); w.show(); app.exec()
"""


def first_paint(code: str, runs: int = 5) -> float:
    """Median seconds from process start to the first paint event."""
    times = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code, repr(time.time())], capture_output=True, text=True,
                             env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}, check=True)
        times.append(float(out.stdout.strip().splitlines()[-1]))
    return statistics.median(times)


def rss_mb() -> float:
    """Resident memory of this process in MB (Linux)."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def stall_ms(duration_ms: int) -> float:
    """The longest gap between 5 ms timer ticks of an idle Qt event loop (the machine's own noise)."""
    from PySide6.QtCore import QElapsedTimer, QEventLoop, QTimer

    clock = QElapsedTimer()
    clock.start()
    last = [clock.elapsed()]
    worst = [0.0]

    def tick() -> None:
        now = clock.elapsed()
        worst[0] = max(worst[0], now - last[0])
        last[0] = now

    ticker = QTimer()
    ticker.timeout.connect(tick)
    ticker.start(5)
    loop = QEventLoop()
    QTimer.singleShot(duration_ms, loop.quit)
    loop.exec()
    ticker.stop()
    return worst[0]


def motion_frames(app: object, size: tuple[int, int], turns: range, speed: str = "normal") -> list[float]:
    """CPU ms of each event-loop pass that painted while pieces flew (an example 5-player record replayed).

    One pass is what a frame costs: the animations' tick, the items it moved, and the repaint of the
    regions they dirtied (offscreen: Qt's raster engine into the backing store, as on a desktop).
    """
    from pathlib import Path

    from PySide6.QtCore import QEvent, QObject

    from patrician_qt.ui.game.main_window import MainWindow

    record = Path(__file__).resolve().parents[1] / "tests" / "data" / "example-5p.patrician.json"
    window = MainWindow(None)
    window.set_speed(speed)
    window.resize(*size)
    window.show()
    window.files.open_replay(record)
    replay = window.session.replay()
    replay.seek(turns.start)
    for _ in range(20):  # the window's first paints are not frames of motion
        app.processEvents()  # type: ignore[attr-defined]
        time.sleep(0.01)
    painted = [0]

    class Spy(QObject):
        def eventFilter(self, obj: QObject, ev: QEvent) -> bool:
            if ev.type() == QEvent.Type.Paint:
                painted[0] += 1
            return False

    spy = Spy()
    app.installEventFilter(spy)  # type: ignore[attr-defined]
    frames: list[float] = []
    director = window.motion.director
    deadline = time.perf_counter() + 120
    while time.perf_counter() < deadline:
        if not window.presenter.busy and not director.busy():
            if replay.index >= turns.stop:
                break
            replay.step()
        painted[0] = 0
        c0 = time.process_time()
        app.processEvents()  # type: ignore[attr-defined]
        cost = (time.process_time() - c0) * 1e3
        if painted[0] and director.busy():
            frames.append(cost)
        time.sleep(max(0.0, 0.016 - cost / 1e3))
    app.removeEventFilter(spy)  # type: ignore[attr-defined]
    window.close()
    return frames


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--level", choices=("hard", "expert"), default="hard", help="the bots of the stall figure (4)")
    ap.add_argument("--stall-only", action="store_true", help="measure the stall figure (4) only")
    ap.add_argument("--write", type=Path, default=None, metavar="FIGURES_MD", help="write the rows there")
    args = ap.parse_args(argv)
    loads = [os.getloadavg()[0]]

    from patrician_qt.ui.app.run import make_app
    from patrician_qt.ui.game.main_window import MainWindow

    if not args.stall_only:
        print(f"start → first painted window (start screen): {first_paint(FIRST_PAINT):.3f} s "
              f"(bare PySide6 window: {first_paint(BARE):.3f} s)")
    app = make_app(["patrician"], "en")
    names = ("Anna", "Ben", "Cleo", "Dario", "Emma")
    colors = ("black", "white", "red", "yellow", "blue")
    window = MainWindow(None)
    window.set_speed("instant")
    window.resize(1920, 1080)
    window.show()
    figures: dict[str, Any] = {}
    if not args.stall_only:
        figures.update(views_and_memory(app, window, names, colors))
    figures["stall"] = stall_while_bots_think(window, names, colors, args.level)
    if not args.stall_only:
        figures["frames"] = frames_while_pieces_fly(app)
    loads.append(os.getloadavg()[0])
    if args.write:
        command = "`bench/ui.py" + (f" --level {args.level}" if args.level != "hard" else "") + \
            (" --stall-only" if args.stall_only else "") + "`"
        write_rows(args.write, rows(figures, args.level, f"{command}, {when(loads)}"))
    return 0


#: the figures table's stall row of each bot level
STALL_ROW = {"hard": "ui.stall_hard", "expert": "ui.stall_expert"}


def rows(figures: dict[str, Any], level: str, how: str) -> list[Row]:
    """The figures table's rows of what this run measured."""
    out = []
    if "repaint" in figures:
        r = figures["repaint"]
        out.append(Row("ui.repaint", f"apply a new view and repaint, 1920×1080, 5 players ({r['views']} views)",
                       f"CPU median {r['cpu_median_ms']:.1f} ms, p95 {r['cpu_p95_ms']:.1f} ms", "≤ 16 ms", how))
        out.append(Row("ui.memory", "resident memory after a 5-player game (the UI process; bots run in their "
                       "worker)", f"{figures['memory_mb']:.0f} MB", "≤ 150 MB", how))
    stall = figures["stall"]
    what = {"hard": "longest UI-thread stall while Hard bots think, motion on",
            "expert": "the same while Expert bots think on both cores"}[level]
    out.append(Row(STALL_ROW[level], f"{what} ({stall['turns']} turns shown)",
                   f"{stall['longest_ms']:.0f} ms, p99 {stall['p99_ms']:.0f} ms (an idle Qt loop: "
                   f"{stall['idle_ms']:.0f} ms)", "≤ 50 ms", how))
    if figures.get("frames"):
        sizes = [f"{w}×{h}: CPU median {f['median_ms']:.1f} ms, p95 {f['p95_ms']:.1f} ms, max {f['max_ms']:.1f} ms, "
                 f"{f['over_16ms'] or 'none'} of {f['frames']:,} over 16 ms"
                 for (w, h), f in figures["frames"].items()]
        out.append(Row("ui.frame", "a frame while pieces fly and scoring moments show (5-player example record, "
                       "speed Normal)", " · ".join(sizes), "≤ 16 ms", how))
    return out


def views_and_memory(app: Any, window: Any, names: tuple[str, ...], colors: tuple[str, ...]) -> dict[str, Any]:
    """Figures 2 and 3: a 5-player game of easy bots, timing each view applied and painted."""
    from PySide6.QtCore import QEventLoop, QTimer

    from patrician_qt.ui.session.config import GameConfig, SeatConfig
    from patrician_qt.ui.session.local import LocalSession

    updates = []
    cfg = GameConfig([SeatConfig(n, c, "bot", "easy") for n, c in zip(names, colors, strict=True)], seed=7)
    session = LocalSession(cfg)
    loop = QEventLoop()
    window.gameOver.connect(lambda u: loop.quit())
    session.updated.connect(updates.append)
    window.start_session(session, watch_seat=0)
    QTimer.singleShot(120_000, loop.quit)
    loop.exec()
    peak = rss_mb()
    costs = []
    walls = []
    for u in updates:
        c0, w0 = time.process_time(), time.perf_counter()
        window._apply(u)
        app.processEvents()  # paints what the new view changed, as the event loop would
        costs.append((time.process_time() - c0) * 1e3)
        walls.append((time.perf_counter() - w0) * 1e3)
    session.close()
    costs.sort()
    print(f"apply a view + repaint (1920x1080, 5 players, {len(costs)} views): CPU median "
          f"{statistics.median(costs):.1f} ms, p95 {costs[int(len(costs) * 0.95)]:.1f} ms; wall median "
          f"{statistics.median(walls):.1f} ms (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(f"resident memory after a 5-player game: {peak:.0f} MB (UI process; bots run in their worker)")
    return {"repaint": {"views": len(costs), "cpu_median_ms": statistics.median(costs),
                        "cpu_p95_ms": costs[int(len(costs) * 0.95)]}, "memory_mb": peak}


def stall_while_bots_think(window: Any, names: tuple[str, ...], colors: tuple[str, ...], level: str) -> dict[str, Any]:
    """Figure 4: the UI thread's longest stall while three bots think, against an idle baseline on this machine."""
    from PySide6.QtCore import QElapsedTimer, QEventLoop, QTimer

    from patrician_qt.ui.session.config import GameConfig, SeatConfig
    from patrician_qt.ui.session.local import LocalSession

    baseline = stall_ms(3000)
    window.set_speed("fast")
    cfg = GameConfig([SeatConfig(n, c, "bot", level) for n, c in zip(names[:3], colors[:3], strict=True)], seed=9)
    session = LocalSession(cfg)
    gaps: list[float] = []
    clock = QElapsedTimer()
    clock.start()
    last = [clock.elapsed()]

    def tick() -> None:
        now = clock.elapsed()
        gaps.append(now - last[0])
        last[0] = now

    ticker = QTimer()
    ticker.timeout.connect(tick)
    loop = QEventLoop()
    count = [0]

    def shown(update: object) -> None:
        count[0] += 1
        if count[0] == 1:  # the new game's first paint is not "while bots think"
            last[0] = clock.elapsed()
            ticker.start(5)
        if count[0] >= 9:
            loop.quit()

    window.shown.connect(shown)
    window.start_session(session, watch_seat=0)
    QTimer.singleShot(60_000, loop.quit)
    loop.exec()
    ticker.stop()
    session.close()
    window.close()
    gaps.sort()
    print(f"UI thread while {level} bots think ({count[0] - 1} turns shown): longest stall {gaps[-1]:.0f} ms, "
          f"p99 {gaps[int(len(gaps) * 0.99)]:.0f} ms (timer every 5 ms, {len(gaps)} ticks); "
          f"an idle Qt loop on this machine now: longest {baseline:.0f} ms (load average {os.getloadavg()[0]:.1f})")
    return {"turns": count[0] - 1, "longest_ms": gaps[-1], "p99_ms": gaps[int(len(gaps) * 0.99)], "idle_ms": baseline}


def frames_while_pieces_fly(app: Any) -> dict[tuple[int, int], dict[str, Any]]:
    """Figure 5: frames while pieces fly, turns 40-49 of the 5-player example (floors, cards, relocations, 6 cities
    scored)."""
    app.processEvents()
    out = {}
    for size in ((1920, 1080), (1280, 720)):
        frames = sorted(motion_frames(app, size, range(39, 49)))
        if frames:
            out[size] = {"frames": len(frames), "median_ms": statistics.median(frames),
                         "p95_ms": frames[int(len(frames) * 0.95)], "max_ms": frames[-1],
                         "over_16ms": sum(f > 16 for f in frames)}
            print(f"frame during motion ({size[0]}x{size[1]}, 5 players, speed Normal, {len(frames)} frames): CPU "
                  f"median {statistics.median(frames):.1f} ms, p95 {frames[int(len(frames) * 0.95)]:.1f} ms, "
                  f"max {frames[-1]:.1f} ms, {sum(f > 16 for f in frames)} over 16 ms (target ≤ 16 ms)")
    return out


if __name__ == "__main__":
    sys.exit(main())
