"""Starting the desktop app: QApplication, settings and the main window.

Asyncio work (the table, bots' runner, LAN client and host, discovery) runs on
``offload.LoopThread`` loops off the UI thread and reports back through queued Qt
signals, so the UI thread runs a plain Qt event loop.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QApplication

from patrician_qt import __version__

if TYPE_CHECKING:
    from patrician_qt.ui.app.flow import AppController

ORG = "Patrician"
APP = "Patrician"
DESKTOP_ID = "io.github.patrician.Patrician"  # packaging/linux/<id>.desktop


def make_app(argv: list[str] | None = None, lang: str | None = None) -> QApplication:
    """The one QApplication (created once), with names for QSettings and the translation loaded."""
    app = QApplication.instance()
    if app is None:
        from patrician_qt.ui.app.qt_messages import quiet_platform_noise

        quiet_platform_noise()
        app = QApplication(list(argv or sys.argv[:1]))
    assert isinstance(app, QApplication)
    QCoreApplication.setOrganizationName(ORG)
    QCoreApplication.setApplicationName(APP)
    QCoreApplication.setApplicationVersion(__version__)
    QApplication.setDesktopFileName(DESKTOP_ID)  # Wayland finds the icon through the .desktop file
    if app.style().name().lower() != "fusion":  # already Fusion where no desktop style is set: keep it
        app.setStyle("Fusion")
    from patrician_qt.ui.board.art import art_dir

    icon = art_dir() / "icon" / "patrician.svg"
    if icon.is_file():
        from PySide6.QtGui import QIcon

        app.setWindowIcon(QIcon(str(icon)))
    load_translation(app, lang)
    from patrician_qt.ui.session.ui_thread_gc import collect_on_ui_thread

    collect_on_ui_thread()  # a cycle holding a Qt object must never be collected on a loop's thread
    return app


def load_translation(app: QApplication, lang: str | None) -> bool:
    """Install ``resources/translations/patrician_<lang>.qm``: the given language, else the one chosen in
    View ▸ Language, else the system's (English needs none); False when nothing was installed."""
    from patrician_qt.ui.text import language

    code = lang or language.chosen_language(QSettings())
    if code not in language.LANGUAGES:
        code = "en"
    return language.install(code) and code != "en"


def data_dir() -> Path:
    """Where the app's own files (autosaves) live, named once (``app/folders.py``); what an earlier
    version kept in the doubled ``…/Patrician/Patrician`` is moved there."""
    from patrician_qt.ui.app.folders import app_data_dir, doubled_data_dir, move_old_data

    path = app_data_dir()
    move_old_data(doubled_data_dir(), path, QSettings())
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir(data: Path) -> Path:
    """The one folder for the user's saves and records (``app/folders.py``)."""
    from patrician_qt.ui.app.folders import user_saves_dir

    return user_saves_dir(data)


def run_app(argv: list[str] | None = None, then: Callable[[AppController], object] | None = None) -> int:
    """``patrician``: open the start screen and run until the window closes; ``then`` runs once it is shown
    (exit 1, with the packages to install, where Qt's X11 plugin would lack a system library)."""
    from patrician_qt.ui.app.platform_libs import check_or_explain

    problem = check_or_explain()
    if problem is not None:
        print(problem, file=sys.stderr, end="")
        return 1
    app = make_app(argv)
    from patrician_qt.ui.app.flow import AppController

    data = data_dir()
    ctrl = AppController(QSettings(), data, saves_dir(data))
    ctrl.show()
    if then is not None:
        from PySide6.QtCore import QTimer

        QTimer.singleShot(0, lambda: then(ctrl))  # e.g. ``patrician join``: after the first paint
    return app.exec()
