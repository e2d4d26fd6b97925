"""Run something right after a widget's first paint: what the first screen does not show waits for it.

Why after the paint and not a zero timer after ``show()``: on X11 the window is exposed (and painted)
only once the X server answered, so a timer queued at ``show()`` usually fires before the first paint and
would hold it back. The callback runs from a zero timer started by the paint, so the painted frame is
flushed to the screen first.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget


class _FirstPaint(QObject):
    """An event filter on one widget that fires once, at its first paint."""

    def __init__(self, widget: QWidget, then: Callable[[], object]) -> None:
        super().__init__(widget)
        self._then = then
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """At the first paint: stop watching and queue the callback behind the paint."""
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self._then)
            self.deleteLater()
        return False


def after_first_paint(widget: QWidget, then: Callable[[], object]) -> None:
    """Call ``then`` once, just after ``widget`` is first painted (never, if it is never painted)."""
    _FirstPaint(widget, then)
