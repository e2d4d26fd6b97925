"""What a real X server shows of the final score sheet of a four-player game at the display scale it runs with
(``QT_SCALE_FACTOR``), the window at the size the app opens it on that screen (or as large as
``PATRICIAN_SCREEN_WINDOW`` asks, e.g. ``1920x1040``, where the screen allows): prints one JSON line that
``test_score_sheet_on_screen.py`` checks.

- ``rows``: the table's rows; ``cut``: the rows not wholly in the table's viewport (a player at the end of a
  game should see the whole table without scrolling); ``scrolls``: whether the table's scroll bar is shown.
- ``font``: the point size the sheet chose for the table (a whole table in letters too small to read is
  no fix).
- ``sheet`` / ``window``: the sheet's rectangle inside the window, and whether it lies inside it.
- ``clipped`` / ``overlapping``: the sheet's words that lose letters and its widgets that cover one another
  (``tests/ui/screen_check``).

``PATRICIAN_SCREEN_KEEP`` (a path ending ``.png``) keeps the picture the X server shows.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "xcb"

from PySide6.QtCore import QPoint, QRect, QSettings, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from tests.screen.screen_game import pump, wait


def main() -> int:
    """Play a four-player bot game to its end and measure the sheet."""
    from patrician_qt.ui.app.flow import AppController
    from patrician_qt.ui.app.run import make_app
    from patrician_qt.ui.session.local import LocalSession
    from tests.ui.game_helpers import config
    from tests.ui.screen_check import clipped_texts, overlapping_widgets

    make_app(["patrician"], os.environ.get("PATRICIAN_SCALE_LANG", "en"))
    tmp = Path(tempfile.mkdtemp(prefix="patrician-sheet-"))
    os.environ["PATRICIAN_HISTORY"] = str(tmp / "history.sqlite3")  # never the user's history
    ctrl = AppController(QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat), tmp)
    window = ctrl.window
    wanted = os.environ.get("PATRICIAN_SCREEN_WINDOW")  # e.g. "1920x1040": a window larger than the app opens
    if wanted:
        from patrician_qt.ui.board.screen_fit import fitting_size

        window.resize(fitting_size(window, QSize(*(int(v) for v in wanted.split("x")))))
    ctrl.show()
    wait(lambda: window.windowHandle() is not None and window.windowHandle().isExposed(), "the window")
    pump(500)
    window.set_speed("instant")
    session = LocalSession(config(["bot:easy"] * 4, 5))
    window.start_session(session)
    sheet = window.score_sheet
    wait(sheet.isVisible, "the score sheet", timeout=180)
    pump(3000)  # the totals count up, the sheet settles
    table = sheet.table
    viewport = table.viewport()
    header = table.verticalHeader()
    cut = []
    for r in range(table.rowCount()):
        top = header.sectionViewportPosition(r)
        if top < 0 or top + header.sectionSize(r) > viewport.height():
            item = table.verticalHeaderItem(r)
            cut.append(item.text() if item is not None else str(r))
    item = table.item(0, 0)
    out = {
        "rows": table.rowCount(), "cut": cut, "scrolls": table.verticalScrollBar().isVisible(),
        "font": item.font().pointSizeF() if item is not None else None,
        "sheet": sheet.geometry().getRect(), "window": window.size().toTuple(),
        "inside": QRect(QPoint(0, 0), sheet.parentWidget().size()).contains(sheet.geometry()),
        "clipped": clipped_texts(sheet), "overlapping": overlapping_widgets(sheet),
    }
    keep = os.environ.get("PATRICIAN_SCREEN_KEEP")
    if keep:
        QApplication.instance().sync()
        QGuiApplication.primaryScreen().grabWindow(0).save(keep)
    session.close()
    print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
