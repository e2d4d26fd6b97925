"""Where the game window is on the screen: restored as last left, kept in the settings as it changes (so that
a crash does not lose it), and moved onto the screen when it landed a few pixels off.

Why a part of its own: the window's place is one job; the window only tells it when it moved, changed
state, was first shown or is closing.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSettings, Qt, QTimer
from PySide6.QtWidgets import QWidget


class WindowPlace(QObject):
    """The place, size and maximized state of one window in ``settings`` (none kept without settings)."""

    def __init__(self, window: QWidget, settings: QSettings | None) -> None:
        super().__init__(window)
        self._window = window
        self._settings = settings
        self._placed_once = False
        self._timer = QTimer(self)  # the place is kept as it changes, a little after a move ends
        self._timer.setSingleShot(True)
        self._timer.setInterval(400)
        self._timer.timeout.connect(self.remember)

    def restore(self) -> None:
        """The place, size and maximized state as last left (before the first show), no larger than the screen
        at any display scale."""
        from patrician_qt.ui.board.screen_fit import fitting_size

        w = self._window
        w.resize(fitting_size(w, w.size()))
        s = self._settings
        if s is not None and s.contains("ui/geometry"):
            w.restoreGeometry(s.value("ui/geometry"))
        if s is not None and s.value("ui/maximized", False, type=bool):
            w.setWindowState(w.windowState() | Qt.WindowState.WindowMaximized)

    def remember(self) -> None:
        """Keep the place, size and maximized state in the settings now."""
        w = self._window
        if self._settings is None or not w.isVisible():
            return
        self._settings.setValue("ui/geometry", w.saveGeometry())
        self._settings.setValue("ui/maximized", w.isMaximized() or w.isFullScreen())

    def changed(self) -> None:
        """The window moved or was resized: remember it a little after (once the move ends)."""
        self._timer.start()

    def shown(self) -> None:
        """On the first show, once the window manager has placed the frame, move it onto the screen if it
        landed a few pixels off (a window that only just fits, at a large display scale)."""
        if not self._placed_once:
            self._placed_once = True
            from patrician_qt.ui.board.screen_fit import keep_on_screen

            QTimer.singleShot(300, lambda: keep_on_screen(self._window))

    def closing(self) -> None:
        """Remember it one last time, and nothing after."""
        self.remember()
        self._timer.stop()
