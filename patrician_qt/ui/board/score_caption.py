"""A scoring moment's caption over a city ("Lucca: Ben 7, Cleo 4"), shown for a moment and faded out.

Why an item of the board: it belongs to the city (it scales and moves with the board) and sits over
the towers whose heights it explains. Its words come from the engine's "scored" event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QPropertyAnimation,
    QRectF,
    QSequentialAnimationGroup,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject

from patrician_qt.ui.board import theme
from patrician_qt.ui.board.board_items import HEADER_H, PANEL_W

if TYPE_CHECKING:
    from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

FADE_IN_MS = 160
FADE_OUT_MS = 260


class ScoreCaption(QGraphicsObject):
    """A banner child of a city panel; ``done`` once it has faded out or was finished early."""

    done = Signal()

    def __init__(self, text: str, panel: QGraphicsItem, total_ms: int, fade: bool = True) -> None:
        super().__init__(panel)
        self.text = text
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        self.setZValue(50)
        font = theme.pixel_font(16, bold=True)
        self._font = font
        width = min(PANEL_W + 60, QFontMetricsF(font).horizontalAdvance(text) + 28)
        self._rect = QRectF(-width / 2, -17, width, 34)
        self.setPos(PANEL_W / 2, HEADER_H / 2)  # over the name band: the towers below stay in sight
        self.setOpacity(0.0 if fade else 1.0)
        self._group = QSequentialAnimationGroup(self)
        fade_in, fade_out = (FADE_IN_MS, FADE_OUT_MS) if fade else (1, 1)
        show = QPropertyAnimation(self, b"opacity", self._group)
        show.setStartValue(0.0 if fade else 1.0)
        show.setEndValue(1.0)
        show.setDuration(fade_in)
        self._group.addAnimation(show)
        self._group.addPause(max(1, total_ms - fade_in - fade_out))
        hide = QPropertyAnimation(self, b"opacity", self._group)
        hide.setStartValue(1.0)
        hide.setEndValue(0.0)
        hide.setDuration(fade_out)
        hide.setEasingCurve(QEasingCurve.Type.InQuad)
        self._group.addAnimation(hide)
        self._group.finished.connect(self.finish)
        self._finished = False

    def start(self) -> None:
        """Fade in, stay, fade out."""
        self._group.start()

    def finish(self) -> None:
        """Take the caption off the board now (also the end of its own animation)."""
        if self._finished:
            return
        self._finished = True
        if self._group.state() != QAbstractAnimation.State.Stopped:
            self._group.stop()
        scene = self.scene()
        if scene is not None:
            scene.removeItem(self)
        self.done.emit()
        self.deleteLater()

    def boundingRect(self) -> QRectF:
        """The banner and its shadow."""
        return self._rect.adjusted(-2, -2, 5, 6)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        """A parchment banner with a gold frame and the words."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(40, 25, 10, 70))
        painter.drawRoundedRect(self._rect.translated(3, 4), 9, 9)
        painter.setPen(QPen(QColor(theme.GOLD), 2.5))
        painter.setBrush(QColor(theme.PARCHMENT_LIGHT))
        painter.drawRoundedRect(self._rect, 9, 9)
        painter.setPen(QColor(theme.INK))
        painter.setFont(self._font)
        text = QFontMetricsF(self._font).elidedText(self.text, Qt.TextElideMode.ElideRight, self._rect.width() - 20)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, text)
