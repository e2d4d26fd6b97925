"""What a real X server shows of a review in the replay viewer at the display scale it runs with
(``QT_SCALE_FACTOR``), the window at the size the app opens it on that screen: prints one JSON line that
``test_replay_review_on_screen.py`` checks.

A seeded two-player game is opened in the replay viewer and reviewed there by clicking its "Review this
game" (a small budget, a history of its own); then, on the side column's Review tab where a short column
puts it:

- ``lines``: the verdict list's lines; ``whole``: how many of them are wholly in sight at once;
  ``text_lines_on_screen``: how many lines of its text the screen shows (the part of the list inside the
  window and the screen's free area); ``list`` and ``tab``: the list's height and the height of the
  column's page that holds it (logical pixels).
- ``before`` / ``window``: the window's size before the review and after it (it must not grow), ``fits``:
  whether its frame lies inside the screen's free area.
- ``clipped`` / ``overlapping``: the panel's words that lose letters and its widgets that cover one another.

``PATRICIAN_SCREEN_KEEP`` (a path ending ``.png``) keeps the picture the X server shows.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "xcb"

from PySide6.QtCore import QPoint, QRect, QSettings, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.screen.screen_game import pump, wait

TINY = "20"  # iterations of each measuring search: a whole game judged in seconds


def main() -> int:
    """Review a replay and measure the verdict list."""
    from patrician_qt.engine import write_record
    from patrician_qt.ui.app.flow import AppController
    from patrician_qt.ui.app.run import make_app
    from tests.history.helpers import finished_record
    from tests.ui.screen_check import clipped_texts, overlapping_widgets

    make_app(["patrician"], os.environ.get("PATRICIAN_SCALE_LANG", "en"))
    tmp = Path(tempfile.mkdtemp(prefix="patrician-review-"))
    os.environ["PATRICIAN_HISTORY"] = str(tmp / "history.sqlite3")  # never the user's history
    saved = tmp / "game.patrician.json"
    saved.write_text(write_record(finished_record(8, ["Anna", "Ben"])), encoding="utf-8")
    ctrl = AppController(QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat), tmp)
    ctrl.show()
    window = ctrl.window
    wait(lambda: window.windowHandle() is not None and window.windowHandle().isExposed(), "the window")
    pump(500)
    window.set_speed("instant")
    assert window.open_replay(saved)
    after = window.history.after
    after.runner.budget = TINY
    panel = after.replay_review
    window.page.side_tabs.reveal(panel)  # on a short column the review is a tab of its own
    pump(500)
    wait(lambda: panel.start_button.isVisible() and panel.start_button.isEnabled(), "the review's button")
    before = window.size().toTuple()
    QTest.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    wait(lambda: after.runner.review is not None, "the review", timeout=300)
    pump(1500)
    verdicts = panel.verdicts
    viewport = verdicts.viewport()
    whole = 0
    for i in range(verdicts.count()):
        rect = verdicts.visualItemRect(verdicts.item(i))
        whole += rect.top() >= 0 and rect.bottom() < viewport.height()
    # the list's text lines on screen: the part of its viewport that lies inside the window and the screen
    shown = QRect(viewport.mapToGlobal(QPoint(0, 0)), viewport.size()).intersected(
        QRect(window.mapToGlobal(QPoint(0, 0)), window.size())).intersected(window.screen().availableGeometry())
    page = verdicts
    while page.parentWidget() is not None and page.parentWidget() is not window.page.side_tabs:
        page = page.parentWidget()
    out = {
        "lines": verdicts.count(), "whole": whole, "list": verdicts.height(), "tab": page.height(),
        "text_lines_on_screen": round(max(0, shown.height()) / verdicts.fontMetrics().lineSpacing(), 1),
        "shown": verdicts.isVisible(), "window": window.size().toTuple(), "before": before,
        "fits": window.screen().availableGeometry().contains(window.frameGeometry()),
        "clipped": clipped_texts(panel), "overlapping": overlapping_widgets(panel),
    }
    keep = os.environ.get("PATRICIAN_SCREEN_KEEP")
    if keep:
        QApplication.instance().sync()
        QGuiApplication.primaryScreen().grabWindow(0).save(keep)
    print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
