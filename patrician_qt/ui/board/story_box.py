"""The "since your last turn" box on the board: one line per other player's turn, in their colour and symbol;
hovering a line points at that turn's marks on the board.

Why on the board (a scene item in the free slot beside the draw pile): it scales with the board, sits next
to the marks it explains, and needs no room in the side column.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QTextLayout, QTextOption
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QGraphicsSceneHoverEvent

from patrician_qt.ui.board import theme
from patrician_qt.ui.board.board_items import PANEL_H, PANEL_W, draw_symbol_badge
from patrician_qt.ui.text import plain

if TYPE_CHECKING:
    from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

TITLE_H = 26.0
TEXT_PX = 15
PAD = 8.0


class StoryBox(QGraphicsObject):
    """Lines of (seat, colour, words); ``hovered(seat)`` while the mouse is on a line (-1 when it leaves)."""

    hovered = Signal(int)

    def __init__(self) -> None:
        super().__init__()
        self.title = ""
        self.lines: list[tuple[int, str, str]] = []
        self.sentences: list[str] = []
        self._layout: list[tuple[int, str, QRectF, list[str]]] = []
        self._hover = -1
        self._rows: dict[tuple[str, int], list[str]] = {}  # wrapped words by (text, font px), for this game
        self.setAcceptHoverEvents(True)
        self.setZValue(2)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.hide()

    def boundingRect(self) -> QRectF:
        """One city panel's room."""
        return QRectF(0, 0, PANEL_W, PANEL_H)

    def set_lines(self, title: str, lines: list[tuple[int, str, str]], sentences: list[str] | None = None) -> None:
        """Show these turns (none: the box hides); ``sentences`` tell them whole (tooltip, screen readers)."""
        self.sentences = list(sentences or [])
        self.setToolTip(plain.tip("\n".join(self.sentences)) if self.sentences else "")
        if title == self.title and lines == self.lines:
            return
        self.title = title
        self.lines = list(lines)
        self._layout = self._lay_out()
        self.setVisible(bool(lines))
        self.update()

    def words(self) -> str:
        """The box in words for screen readers ("" when hidden): the title and one whole sentence per turn."""
        if not self.lines:
            return ""
        return self.title + ": " + "; ".join(self.sentences or [words for _, _, words in self.lines])

    def _lay_out(self) -> list[tuple[int, str, QRectF, list[str]]]:
        """Each line's rectangle and wrapped rows; the font shrinks until every line fits."""
        for px in (TEXT_PX, 14, 13, 12, 11, 10):
            font = theme.pixel_font(px, serif=False)
            metrics = QFontMetricsF(font)
            width = PANEL_W - 2 * PAD - 22
            y = TITLE_H + 4
            out = []
            for seat, color, words in self.lines:
                rows = self._rows.get((words, px))
                if rows is None:
                    rows = self._rows[(words, px)] = _wrap(words, font, width)
                    if len(self._rows) > 256:
                        self._rows.clear()
                h = max(20.0, len(rows) * metrics.height() + 4)
                out.append((seat, color, QRectF(PAD - 2, y, PANEL_W - 2 * PAD + 4, h), rows))
                y += h + 2
            if y <= PANEL_H - 4 or px == 10:
                self._px = px
                return out
        return []

    def seat_at(self, pos: QPointF) -> int:
        """The seat whose line is at ``pos`` (-1: none)."""
        for seat, _, rect, _ in self._layout:
            if rect.contains(pos):
                return seat
        return -1

    def hoverMoveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        """Point at the turn under the mouse."""
        self._set_hover(self.seat_at(event.pos()))

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        """The mouse left: no turn is pointed at."""
        self._set_hover(-1)

    def _set_hover(self, seat: int) -> None:
        if seat != self._hover:
            self._hover = seat
            self.update()
            self.hovered.emit(seat)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        """A parchment card with the title and one line per turn."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        box = self.boundingRect()
        painter.setPen(QPen(QColor(theme.FRAME), 1.5))
        painter.setBrush(QColor(theme.PARCHMENT_LIGHT))
        painter.drawRoundedRect(box, 10, 10)
        painter.setPen(QColor(theme.INK))
        painter.setFont(theme.pixel_font(15, bold=True))
        painter.drawText(QRectF(PAD + 2, 2, PANEL_W - 2 * PAD, TITLE_H), Qt.AlignmentFlag.AlignVCenter,
                         painter.fontMetrics().elidedText(self.title, Qt.TextElideMode.ElideRight,
                                                          int(PANEL_W - 2 * PAD)))
        font = theme.pixel_font(getattr(self, "_px", TEXT_PX), serif=False)
        line_h = QFontMetricsF(font).height()
        for seat, color, rect, rows in self._layout:
            if seat == self._hover:
                glow = QColor(theme.HIGHLIGHT)
                glow.setAlpha(70)
                painter.setPen(QPen(QColor(theme.HIGHLIGHT), 1.5))
                painter.setBrush(glow)
                painter.drawRoundedRect(rect, 5, 5)
            draw_symbol_badge(painter, QPointF(rect.left() + 11, rect.top() + 11), 8, color)
            painter.setPen(QColor(theme.INK))
            painter.setFont(font)
            y = rect.top() + 2
            for row in rows:
                painter.drawText(QRectF(rect.left() + 24, y, rect.width() - 26, line_h),
                                 Qt.AlignmentFlag.AlignVCenter, row)
                y += line_h


def _wrap(text: str, font: QFont, width: float) -> list[str]:
    """Break ``text`` into rows no wider than ``width`` (Qt's own line breaking)."""
    layout = QTextLayout(text, font)
    opt = QTextOption()
    opt.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout.setTextOption(opt)
    layout.beginLayout()
    rows = []
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        rows.append(text[line.textStart(): line.textStart() + line.textLength()].rstrip())
    layout.endLayout()
    return rows
