"""Pictures of a game as a real X server shows it: the start screen, the middle and the end of a game.

Why from the X server: ``QWidget.grab()`` renders the widgets afresh and so never shows what a player's
screen really holds (a piece left behind by the motion, a window larger than the screen). This reads the
window's pixels back from the root window (``QScreen.grabWindow(0, …)``) after the pieces have landed.

Run on an X server (Xvfb with a window manager will do) with a screen larger than the window::

    DISPLAY=:20 python tools/x_screenshots.py docs/screenshots --size 1024x700 --lang de

It writes ``x-start-<size>-<lang>.png``, ``x-middle-…`` and ``x-end-…``: a human and three bots at
speed Normal, the human's turns played by clicking lit things (seeded).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "xcb"
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import QEventLoop, QPoint, QRect, QSettings
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication


def pump(ms: int) -> None:
    """Run the event loop for ``ms`` milliseconds."""
    app = QApplication.instance()
    end = time.monotonic() + ms / 1000
    while time.monotonic() < end:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        time.sleep(0.004)


def until(check: object, what: str, timeout: float = 120.0) -> None:
    """Pump until ``check()`` holds."""
    end = time.monotonic() + timeout
    while not check():  # type: ignore[operator]
        if time.monotonic() > end:
            raise SystemExit(f"timed out waiting for {what}")
        pump(20)


def shoot(window: object, path: Path) -> None:
    """The window's client area, read back from the X server."""
    pump(400)
    QApplication.instance().sync()
    top_left = window.mapToGlobal(QPoint(0, 0))  # type: ignore[attr-defined]
    rect = QRect(top_left, window.size())  # type: ignore[attr-defined]
    QGuiApplication.primaryScreen().grabWindow(0, rect.x(), rect.y(), rect.width(), rect.height()).save(str(path))
    print(path, flush=True)


def main(argv: list[str] | None = None) -> int:
    """Start, middle and end pictures for one size and language."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--size", default="1024x700")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args(argv)
    size = tuple(int(v) for v in args.size.split("x"))
    from patrician_qt.ui.app.flow import AppController
    from patrician_qt.ui.app.run import make_app
    from patrician_qt.ui.session.local import LocalSession
    from tests.screen.screen_game import Clicker, quiet
    from tests.ui.game_helpers import config, play_turn_by_clicks

    app = make_app(["patrician"], args.lang)
    app.setCursorFlashTime(0)
    tmp = Path(tempfile.mkdtemp(prefix="patrician-x-shots-"))
    ctrl = AppController(QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat), tmp)
    window = ctrl.window
    window.resize(*size)
    window.move(0, 0)
    ctrl.show()
    until(lambda: window.windowHandle() is not None and window.windowHandle().isExposed(), "the window")
    args.out.mkdir(parents=True, exist_ok=True)
    tag = f"{args.size}-{args.lang}"
    shoot(window, args.out / f"x-start-{tag}.png")
    window.set_speed("normal")
    session = LocalSession(config(["human", "bot:easy", "bot:easy", "bot:easy"], args.seed))
    window.start_session(session)
    rng = random.Random(args.seed)
    turns = 0
    while True:
        until(lambda: (window.controller.active or (window._shown is not None and window._shown.over))
              and quiet(window), "the human's turn")
        if window._shown.over:
            break
        if turns == 6:
            shoot(window, args.out / f"x-middle-{tag}.png")
        play_turn_by_clicks(Clicker(), window, rng)
        turns += 1
    pump(3000)  # the totals count up
    shoot(window, args.out / f"x-end-{tag}.png")
    session.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
