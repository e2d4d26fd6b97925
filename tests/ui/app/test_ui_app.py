"""``run_app``: the real start-up path (QApplication, qasync loop, start screen) opens and quits."""

from __future__ import annotations

from PySide6.QtCore import QSettings, QStandardPaths, QTimer
from PySide6.QtWidgets import QApplication

import patrician_qt.ui.app.run as app_module
from tests.ui.game_helpers import NAMES  # noqa: F401 - sets the offscreen platform first


def test_run_app_shows_the_start_screen_and_quits(qtbot, tmp_path, monkeypatch):
    QStandardPaths.setTestModeEnabled(True)
    monkeypatch.setattr(app_module, "QSettings", lambda: QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    monkeypatch.setattr(app_module, "data_dir", lambda: tmp_path)
    seen: dict[str, object] = {}

    def look_and_quit() -> None:
        main = next(w for w in QApplication.topLevelWidgets() if type(w).__name__ == "MainWindow" and w.isVisible())
        seen["page"] = type(main.stack.currentWidget()).__name__
        main.close()  # closing the window ends the app

    QTimer.singleShot(300, look_and_quit)
    assert app_module.run_app(["patrician"]) == 0
    assert seen["page"] == "StartScreen"


def test_tens_of_thousands_of_qt_calls_do_not_use_up_none(qtbot):
    """PySide6 6.12 drops a reference to None per void call on Python 3.11; the ui package pins it."""
    import sys

    from PySide6.QtCore import QObject, Signal
    from PySide6.QtGui import QColor, QImage, QPainter

    class Emitter(QObject):
        ping = Signal()

    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    emitter = Emitter()
    for _ in range(30_000):  # without the pin the interpreter aborts ("none_dealloc") long before this ends
        painter.setPen(QColor("red"))
        emitter.ping.emit()
    painter.end()
    assert sys.getrefcount(None) > 1_000 and sys.getrefcount(True) > 1_000
