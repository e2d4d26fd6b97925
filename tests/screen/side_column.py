"""What a real X server shows of the side column and the replay viewer at the display scale it runs with
(``QT_SCALE_FACTOR``): prints one JSON line that ``test_side_column_on_screen.py`` checks.

- ``scroll_bar_black``: the share of the players list's scroll bar that is black on screen (a five-player
  game at the window's minimum size, where the list scrolls). A fresh render (``grab()``) paints the side
  panel behind a transparent list; the X server showed a black block there.
- ``replay``: the replay viewer's window frame and the screen's free area (German: the longest words).
- ``verdicts_black``: the same share for the replay's list of a review's verdicts, filled until it scrolls
  (the list took the app's transparent list style and showed the same black block).
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
    """The widget's pixels on screen, as much of it as its window and the screen show (the root is black)."""
    QApplication.instance().sync()
    whole = QGuiApplication.primaryScreen().grabWindow(0).toImage()
    ratio = whole.width() / QGuiApplication.primaryScreen().geometry().width()
    window = widget.window()
    shown = QRect(widget.mapToGlobal(QPoint(0, 0)), widget.size()).intersected(
        QRect(window.mapToGlobal(QPoint(0, 0)), window.size())).intersected(window.screen().geometry())
    rect = QRect(shown.topLeft() * ratio, shown.size() * ratio)
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


def _verdicts_black(window: QWidget) -> float | None:
    """The black share of the shown verdict list's scroll bar once it has more lines than it can show."""
    from patrician_qt.ui.game.side_tabs import SideTabs
    from patrician_qt.ui.history.review_panel import VerdictList

    # the replay's review panel is in the side column (on a tab of its own when the column is short); its list
    # shows once a review is there, filled here as a review would fill it
    lists = window.findChildren(VerdictList)
    for tabs in window.findChildren(SideTabs):
        for verdicts in lists:
            if tabs.holds(verdicts):
                tabs.reveal(verdicts)
    pump(300)
    shown = [w for w in lists if w.parentWidget() and w.parentWidget().isVisible()]
    if not shown:
        return None
    verdicts = shown[0]
    verdicts.show()
    verdicts.addItems([f"Review of turn {i}: best" for i in range(1, 60)])
    pump(500)
    bar = verdicts.verticalScrollBar()
    return black_share(_on_screen(bar)) if bar.isVisible() else None


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
    out["verdicts_black"] = _verdicts_black(window)  # last: a filled list may make the window taller
    print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
