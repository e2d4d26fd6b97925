"""Pictures of a game as a real X server shows it: the start screen, the middle and the end of a game.

Why from the X server: ``QWidget.grab()`` renders the widgets afresh and so never shows what a player's
screen really holds (a piece left behind by the motion, a window larger than the screen). This reads the
window's pixels back from the root window (``QScreen.grabWindow(0, …)``) after the pieces have landed.

Run on an X server (Xvfb with a window manager will do) with a screen larger than the window::

    DISPLAY=:20 python tools/x_screenshots.py docs/screenshots --size 1024x700 --lang de

It writes ``x-start-<size>-<lang>.png``, ``x-middle-…`` and ``x-end-…``: a human and three bots at
speed Normal, the human's turns played by clicking lit things (seeded). ``--all`` makes every set the
README shows, each on an X server of its own (Xvfb and openbox, started and ended here)::

    python tools/x_screenshots.py docs/screenshots --all

1024×700 and 1920×1080 at 100 % (on a screen a little larger, so the window is that size), the whole
screen's free area at 200 % on 1920×1080 (``…-1920x1080-200pct-…``) and at 150 % on a 1366×768 laptop
(``…-1366x768-150pct-…``); English and German. PNGs are written at zlib's highest compression.
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
from PySide6.QtGui import QGuiApplication, QImageWriter
from PySide6.QtWidgets import QApplication

#: (name tag, X screen, QT_SCALE_FACTOR, window size in logical pixels) of every set ``--all`` makes
SETS = (
    ("1024x700", "1100x760", "1", "1024x700"),
    ("1920x1080", "2000x1160", "1", "1920x1080"),
    ("1920x1080-200pct", "1920x1080", "2", "950x500"),
    ("1366x768-150pct", "1366x768", "1.5", "900x470"),
)


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
    screen = QGuiApplication.primaryScreen()
    whole = screen.grabWindow(0).toImage()  # the root window in device pixels, cut here (a grab of a
    # rectangle at a fractional scale misplaces its edges by a pixel)
    ratio = whole.width() / screen.geometry().width()
    image = whole.copy(QRect(round(rect.x() * ratio), round(rect.y() * ratio),
                             round(rect.width() * ratio), round(rect.height() * ratio)))
    writer = QImageWriter(str(path), b"png")
    writer.setQuality(0)  # PNG: zlib's highest compression (the pictures stay exact)
    if not writer.write(image):
        raise SystemExit(f"could not write {path}: {writer.errorString()}")
    print(path, flush=True)


def make_all(out: Path, seed: int, only: list[str] | None = None) -> int:
    """Every set of SETS (or those tagged in ``only``) in English and German, each on a private X server."""
    import subprocess

    from tests.screen.desktop import Desktop, missing_tools

    if missing_tools():
        raise SystemExit(f"--all needs {', '.join(missing_tools())} (Debian: apt-get install xvfb openbox)")
    for tag, screen, scale, size in SETS:
        if only and tag not in only:
            continue
        desktop = Desktop(Path(tempfile.mkdtemp(prefix="patrician-x-shots-")), first_display=140,
                          screen=f"{screen}x24")
        desktop.start()
        try:
            for lang in ("en", "de"):
                env = dict(desktop.env, QT_SCALE_FACTOR=scale)
                subprocess.run([sys.executable, __file__, str(out), "--size", size, "--lang", lang, "--tag", tag,
                                "--seed", str(seed)], env=env, check=True, timeout=900)
        finally:
            desktop.stop()
    return 0


def main(argv: list[str] | None = None) -> int:
    """Start, middle and end pictures for one size and language."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--size", default="1024x700")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--tag", default=None, help="what names the set in the files (default: the size)")
    ap.add_argument("--all", action="store_true", help="every set the README shows, on X servers of their own")
    ap.add_argument("--only", action="append", metavar="TAG",
                    help=f"with --all: just this set ({', '.join(t for t, *_ in SETS)}); may be repeated")
    args = ap.parse_args(argv)
    if args.all:
        return make_all(args.out, args.seed, args.only)
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
    tag = f"{args.tag or args.size}-{args.lang}"
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
