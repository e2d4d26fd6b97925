"""Plays games with motion on a real X server and counts pixels the screen shows that a full repaint does not.

Why the X server: ``QWidget.grab()`` renders the widgets afresh, so it never shows a piece left behind on
screen. Here the picture is read back from the X server (``QScreen.grabWindow(0)``, the root window), after
the pieces have landed, and compared with the same window once every widget in it has been repainted.

Run as ``python -m tests.screen.screen_game SCENARIO`` with ``DISPLAY`` set; it prints one JSON line:
``{"speed": [differing pixels after each compared moment, ...], ...}``. Scenarios: ``replay`` (the replay
viewer), ``bots`` (a human against bots), ``hotseat`` (two humans and a bot on one screen), ``lan`` (a host
on 127.0.0.1, discovery off, against bots). The test (``test_no_stale_pixels.py``) starts Xvfb and openbox.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import time
from array import array
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ["QT_QPA_PLATFORM"] = "xcb"

from PySide6.QtCore import QEventLoop, QPoint, QRect, Qt
from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

SPEEDS = ("instant", "fast", "normal", "slow")
SIZE = (1280, 720)
DATA = Path(__file__).resolve().parents[1] / "data"


def pump(ms: int) -> None:
    """Run the event loop for ``ms`` milliseconds (animations, sockets, the X server's answers)."""
    app = QApplication.instance()
    end = time.monotonic() + ms / 1000
    while time.monotonic() < end:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        time.sleep(0.004)


def wait(check: Callable[[], object], what: str, timeout: float = 60.0) -> None:
    """Pump until ``check()`` is true; exit with a message naming ``what`` otherwise."""
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise SystemExit(f"timed out waiting for {what}")
        pump(20)


def from_server(window: QWidget) -> QImage:
    """The window's pixels as the X server shows them now (read from the root window)."""
    QApplication.instance().sync()
    screen = QGuiApplication.primaryScreen()
    whole = screen.grabWindow(0).toImage().convertToFormat(QImage.Format.Format_RGB32)
    return whole.copy(QRect(window.mapToGlobal(QPoint(0, 0)), window.size()))


def differing(a: QImage, b: QImage) -> int:
    """How many pixels differ between two pictures of the same size."""
    pa, pb = array("I", bytes(a.constBits())), array("I", bytes(b.constBits()))
    if len(pa) != len(pb):
        return max(len(pa), len(pb))
    return sum(1 for x, y in zip(pa, pb, strict=True) if x != y)


def stale_pixels(window: QWidget, keep: str | None = None) -> int:
    """Pixels on screen now that differ from the same window after every widget in it is repainted."""
    pump(150)
    before = from_server(window)
    for w in [window, *window.findChildren(QWidget)]:
        if w.isVisible():
            w.update()  # every widget, opaque ones too: a repaint of the window alone keeps their pixels
    pump(250)
    after = from_server(window)
    n = differing(before, after)
    if n and keep:
        before.save(f"{keep}-screen.png")
        after.save(f"{keep}-repainted.png")
    return n


def quiet(window: Any) -> bool:
    """Nothing moves, waits, glows or is held."""
    return (not window.presenter.busy and not window.motion.director.busy()
            and all(p.glow < 0.01 for p in window.scene.panels.values()))


class Clicker:
    """The two calls of pytest-qt's ``qtbot`` that ``tests.ui.game_helpers`` uses, for this process."""

    @staticmethod
    def mouseClick(widget: QWidget, button: Qt.MouseButton, pos: QPoint | None = None) -> None:
        QTest.mouseClick(widget, button, Qt.KeyboardModifier.NoModifier, pos if pos is not None else QPoint())

    @staticmethod
    def waitUntil(check: Callable[[], object], timeout: int = 60_000) -> None:
        wait(check, "a condition", timeout / 1000)


def new_window() -> Any:
    from patrician_qt.ui.game.main_window import MainWindow

    window = MainWindow(None)
    window.resize(*SIZE)
    window.move(0, 0)
    window.show()
    wait(lambda: window.isVisible() and window.windowHandle() is not None and window.windowHandle().isExposed(),
         "the window on screen")
    return window


def replay(keep: str | None) -> dict[str, list[int]]:
    """The replay viewer steps bot turns at each speed."""
    window = new_window()
    assert window.files.open_replay(DATA / "example-5p.patrician.json")
    r = window.session.replay()
    out: dict[str, list[int]] = {}
    r.seek(12)
    for speed in SPEEDS:
        window.set_speed(speed)
        out[speed] = []
        for _ in range(2):
            k = r.index
            r.step()
            wait(lambda k=k: r.index > k and quiet(window), "a replay step to land")
            out[speed].append(stale_pixels(window, keep and f"{keep}-replay-{speed}-{r.index}"))
    return out


def _play(window: Any, keep: str | None, label: str, humans: int, turns_per_speed: int = 1) -> dict[str, list[int]]:
    """Play a started game: humans click lit things; after every turn that is not ours, compare."""
    from tests.ui.game_helpers import play_turn_by_clicks

    rng = random.Random(3)
    out: dict[str, list[int]] = {}
    for speed in SPEEDS:
        window.set_speed(speed)
        out[speed] = []
        while len(out[speed]) < turns_per_speed:
            wait(lambda: (window.controller.active or window.privacy.isVisible()
                          or (window._shown is not None and window._shown.over)) and quiet(window),
                 "a human's turn")
            if window._shown is not None and window._shown.over:
                return out
            out[speed].append(stale_pixels(window, keep and f"{keep}-{label}-{speed}-{len(out[speed])}"))
            if window.privacy.isVisible():
                QTest.keyClick(window.privacy.button, Qt.Key.Key_Return)
                wait(lambda: window.controller.active, "the hidden hand shown")
            seq = window._shown.seq
            play_turn_by_clicks(Clicker(), window, rng)
            wait(lambda s=seq: window._shown.seq > s, "our turn on the board")
        _ = humans
    return out


def local_game(kinds: list[str], keep: str | None, label: str) -> dict[str, list[int]]:
    """A game on this machine (bots at the chosen speed)."""
    from patrician_qt.ui.session.local import LocalSession
    from tests.ui.game_helpers import config

    window = new_window()
    session = LocalSession(config(kinds, seed=11))
    window.start_session(session)
    try:
        return _play(window, keep, label, humans=kinds.count("human"))
    finally:
        session.close()


def lan(keep: str | None) -> dict[str, list[int]]:
    """A hosted table on 127.0.0.1 (no advertising) where the host plays against two bots."""
    from PySide6.QtCore import QSettings

    from patrician_qt.net.host import HostConfig as NetHostConfig
    from patrician_qt.table import TableOptions
    from patrician_qt.ui.app.flow import AppController
    from patrician_qt.ui.lan.hosting import HostSetup
    from patrician_qt.ui.lan.options import LanOptions
    from tests.net.helpers import ViewRunner
    from tests.ui.lan.conftest import FAST_CLIENT

    tmp = Path(tempfile.mkdtemp(prefix="patrician-screen-"))
    ctrl = AppController(QSettings(str(tmp / "host.ini"), QSettings.Format.IniFormat), tmp / "host")
    ctrl.lan.options = LanOptions(
        bind="127.0.0.1", advertise=False, client_options=dict(FAST_CLIENT), runner=ViewRunner(),
        table_options=TableOptions(bot_deadline_s=0.05, takeover_after_s=30.0),
        host_config=NetHostConfig(idle_timeout=2.0, hello_timeout=2.0, sweep_interval=0.1))
    window = ctrl.window
    window.resize(*SIZE)
    window.move(0, 0)
    ctrl.show()
    try:
        ctrl.lan.host(HostSetup("Anna", "Anna", [("open", None), ("bot", "easy"), ("bot", "easy")], port=0))
        wait(lambda: ctrl.lan.session is not None and ctrl.lan.session.seat == 0, "the host's lobby")
        ctrl.lan.lobby.startGame.emit()
        wait(lambda: window.stack.currentWidget() is window.page and window._shown is not None, "the game")
        return _play(window, keep, "lan", humans=1)
    finally:
        ctrl.lan.shutdown()


def main(argv: list[str] | None = None) -> int:
    """Run one scenario and print its counts as JSON."""
    args = sys.argv[1:] if argv is None else argv
    from patrician_qt.ui.app.run import make_app

    app = make_app(["patrician"], "en")
    app.setCursorFlashTime(0)  # a steady caret: a blink between the two pictures is no stale pixel
    keep = os.environ.get("PATRICIAN_SCREEN_KEEP")  # a folder prefix: pictures of any moment that differed
    scenario = args[0]
    if scenario == "replay":
        out = replay(keep)
    elif scenario == "bots":
        out = local_game(["human", "bot:easy", "bot:easy"], keep, "bots")
    elif scenario == "hotseat":
        out = local_game(["human", "human", "bot:easy"], keep, "hotseat")
    elif scenario == "lan":
        out = lan(keep)
    else:
        raise SystemExit(f"no such scenario: {scenario}")
    print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
