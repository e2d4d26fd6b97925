"""Where start-up goes: run ``patrician`` as a user starts it, up to the start screen's first paint, and say
how long each step took (wall and CPU) and how many modules were loaded by then.

Why: ``bench/startup.py`` says how long the first window takes, this says where the time goes (the
profile in docs/figures.md). It times the steps of ``run_app`` by wrapping them: importing the app's
flow, the platform check, the QApplication with its style, icon and translation, the game window's
frame or whole window, the start screen, ``show()``, and the wait for the first paint. Run it on an X
server (QT_QPA_PLATFORM=xcb, DISPLAY set); for a finer picture run it under ``python -X importtime`` or
``python -m cProfile``. ``PYTHONPATH=OTHER_TREE`` profiles another source tree the same way.

    DISPLAY=:40 QT_QPA_PLATFORM=xcb python bench/first_paint.py
    DISPLAY=:40 QT_QPA_PLATFORM=xcb python -X importtime bench/first_paint.py 2> importtime.txt
"""

from __future__ import annotations

import sys
import time

T0, C0 = time.perf_counter(), time.process_time()
_steps: list[tuple[str, float, float]] = []  # name, wall ms, CPU ms


def _wrap(owner: object, name: str, label: str) -> None:
    """Time every call of ``owner.name`` as the step ``label``."""
    inner = getattr(owner, name)

    def timed(*args: object, **kwargs: object) -> object:
        t, c = time.perf_counter(), time.process_time()
        try:
            return inner(*args, **kwargs)
        finally:
            _steps.append((label, (time.perf_counter() - t) * 1000, (time.process_time() - c) * 1000))

    setattr(owner, name, timed)


def main() -> int:
    """Start the app, stop at the first paint, print the steps."""
    t, c = time.perf_counter(), time.process_time()
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication

    _steps.append(("import PySide6 (QtCore, QtGui, QtWidgets)", (time.perf_counter() - t) * 1000,
                   (time.process_time() - c) * 1000))
    t, c = time.perf_counter(), time.process_time()
    from patrician_qt.ui.app import flow, platform_libs, run, start_screen
    from patrician_qt.ui.game import main_window

    _steps.append(("import the app's start-up modules", (time.perf_counter() - t) * 1000,
                   (time.process_time() - c) * 1000))
    _wrap(platform_libs, "check_or_explain", "platform check (X11 libraries)")
    _wrap(run, "make_app", "QApplication, style, icon, translation")
    _wrap(run, "data_dir", "data folder")
    _wrap(main_window.MainWindow, "__init__", "  game window (MainWindow.__init__)")
    _wrap(start_screen.StartScreen, "__init__", "  start screen (StartScreen.__init__)")
    _wrap(flow.AppController, "__init__", "AppController (window + start screen)")
    _wrap(flow.AppController, "show", "show()")
    painted: list[float] = []

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and not painted:
                painted.append(time.perf_counter())
                app = QApplication.instance()
                assert app is not None
                app.exit(0)
            return False

    original_make_app = run.make_app

    def make_app_watched(*args: object, **kwargs: object) -> QApplication:
        app = original_make_app(*args, **kwargs)
        app.installEventFilter(watcher)
        return app

    watcher = FirstPaint()
    run.make_app = make_app_watched
    run.run_app(sys.argv[:1])
    wall, cpu = (time.perf_counter() - T0) * 1000, (time.process_time() - C0) * 1000
    steps = [(label, w, c) for label, w, c in _steps if w or c]
    for label, w, c in steps:
        print(f"{label:45s} {w:7.1f} ms wall {c:7.1f} ms CPU")
    top = [(w, c) for label, w, c in steps if not label.startswith(" ")]
    print(f"{'the rest (event loop to the paint, the paint)':45s} {wall - sum(w for w, _ in top):7.1f} ms wall "
          f"{cpu - sum(c for _, c in top):7.1f} ms CPU")
    ours = sum(1 for m in sys.modules if m.startswith("patrician_qt"))
    print(f"{'first paint (from the start of this script)':45s} {wall:7.1f} ms wall {cpu:7.1f} ms CPU; "
          f"{len(sys.modules)} modules loaded, {ours} of them the app's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
