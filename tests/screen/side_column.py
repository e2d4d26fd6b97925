"""What a real X server shows of the side column and the replay viewer at the display scale it runs with
(``QT_SCALE_FACTOR``): prints one JSON line that ``test_side_column_on_screen.py`` checks.

- ``scroll_bar_black``: the share of the players list's scroll bar that is black on screen (a five-player
  game at the window's minimum size, where the list scrolls). A fresh render (``grab()``) paints the side
  panel behind a transparent list; the X server showed a black block there.
- ``replay``: the replay viewer's window frame and the screen's free area (German: the longest words).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "xcb"

from PySide6.QtCore import QPoint, QRect, QSettings, QSize
from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtWidgets import QApplication, QWidget

from tests.screen.screen_game import DATA, pump, wait


def _on_screen(widget: QWidget) -> QImage:
    QApplication.instance().sync()
    whole = QGuiApplication.primaryScreen().grabWindow(0).toImage()
    ratio = whole.width() / QGuiApplication.primaryScreen().geometry().width()
    rect = QRect(widget.mapToGlobal(QPoint(0, 0)) * ratio, widget.size() * ratio)
    return whole.copy(rect).convertToFormat(QImage.Format.Format_RGB32)


def black_share(image: QImage) -> float:
    """The share of pixels darker than any colour the theme draws a scroll bar with."""
    n = dark = 0
    for y in range(image.height()):
        for x in range(image.width()):
            c = image.pixelColor(x, y)
            n += 1
            dark += max(c.red(), c.green(), c.blue()) < 24
    return dark / max(1, n)


def main() -> int:
    """Measure and print."""
    from patrician_qt.ui.app.flow import AppController
    from patrician_qt.ui.app.run import make_app
    from patrician_qt.ui.board.screen_fit import fitting_size, keep_on_screen
    from patrician_qt.ui.session.local import LocalSession
    from tests.ui.game_helpers import config

    make_app(["patrician"], os.environ.get("PATRICIAN_SCALE_LANG", "en"))
    tmp = Path(tempfile.mkdtemp(prefix="patrician-side-"))
    ctrl = AppController(QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat), tmp)
    ctrl.show()
    window = ctrl.window
    wait(lambda: window.windowHandle() is not None and window.windowHandle().isExposed(), "the window")
    pump(500)
    out: dict[str, object] = {}
    window.set_speed("instant")
    session = LocalSession(config(["human", "bot:easy", "bot:easy", "bot:easy", "bot:easy"], 5))
    window.start_session(session)
    wait(lambda: window.controller.active, "the human's turn")
    window.resize(1, 1)
    pump(800)
    bar = window.page.players_view.verticalScrollBar()
    out["scrolls"] = bar.isVisible()
    out["scroll_bar_black"] = black_share(_on_screen(bar)) if bar.isVisible() else 0.0
    session.close()
    assert window.open_replay(DATA / "example-5p.patrician.json")
    window.resize(fitting_size(window, QSize(1280, 720)))  # as the app opens it on this screen
    pump(800)
    keep_on_screen(window)
    pump(300)
    frame, area = window.frameGeometry(), window.screen().availableGeometry()
    least = window.minimumSizeHint()
    out["replay"] = {"frame": frame.getRect(), "free": area.getRect(), "fits": area.contains(frame),
                     "minimum": least.toTuple(), "minimum fits": least.width() + frame.width() - window.width()
                     <= area.width() and least.height() + frame.height() - window.height() <= area.height()}
    print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
