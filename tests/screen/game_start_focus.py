"""Where the keyboard focus passes when a game starts from the start screen, on a real X server (Xvfb +
openbox; the offscreen platform activates no window, so the focus never moves there): prints one JSON line
that ``test_game_start_focus.py`` checks.

Each widget the focus passes through is events a screen reader may not drop (focused, unfocused, focus).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "xcb"

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QWidget

from tests.screen.screen_game import pump, wait


def main() -> int:
    """Start a game as a keyboard player does (the start screen's New game, the dialog's OK); print the path."""
    from patrician_qt.ui.app.flow import AppController
    from patrician_qt.ui.app.new_game_dialog import NewGameDialog
    from patrician_qt.ui.app.run import make_app

    make_app(["patrician"], "en")
    tmp = Path(tempfile.mkdtemp(prefix="patrician-focus-"))
    settings = QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("tutorial/offered", True)
    ctrl = AppController(settings, tmp)
    ctrl.show()
    window = ctrl.window
    wait(lambda: window.isActiveWindow() and window.game_built, "the window, active, with the game's parts")
    window.set_speed("instant")
    ctrl.start.new_button.setFocus()
    wait(lambda: QApplication.focusWidget() is ctrl.start.new_button, "the focus on New game")
    ctrl.start.new_button.click()
    wait(lambda: isinstance(QApplication.activeModalWidget(), NewGameDialog), "the New game dialog")
    dialog = QApplication.activeModalWidget()
    pump(300)
    passed: list[str] = []

    def note(_old: QWidget | None, new: QWidget | None) -> None:
        if new is not None:
            text = new.text() if hasattr(new, "text") else ""
            passed.append(new.accessibleName() or text or new.objectName() or type(new).__name__)

    QApplication.instance().focusChanged.connect(note)
    dialog.accept()
    wait(lambda: window.session is not None and window.controller.active, "the human's turn")
    pump(500)
    board = window.board_view
    print(json.dumps({"passed": passed, "board": board.accessibleName() or type(board).__name__,
                      "on board": board.hasFocus()}), flush=True)
    window.session.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
