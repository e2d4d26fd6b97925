"""The marks of each player's last turn on a city panel: floors built, a relocation's path, the card played
there and the face-up card taken, each in the player's colour and symbol (R3: never colour alone).

Why scene items (children of the panel) and not paint code in the panel: each mark has its own position,
so animation can move it (a floor dropping, a relocation travelling) and hovering the summary can bring
one player's marks forward without repainting the panel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem

from patrician_qt.ui.board import theme
from patrician_qt.ui.board.board_items import CARD_RECT, FLOOR_H, FLOOR_W, HEADER_H, PANEL_W, draw_symbol_badge

if TYPE_CHECKING:
    from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

MARK_INK = "#2A1A0A"
MARK_GLOW = "#FFD54A"


class MoveMark(QGraphicsItem):
    """One mark of one seat's last turn; ``kind`` is "floor", "moved", "took" or "played"."""

    def __init__(self, kind: str, seat: int, color: str, rect: QRectF, extra: Any = None,
                 parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        self.seat = seat
        self.color = color
        self.extra = extra  # "moved": the source floor's rect, relative to this item
        self._rect = rect
        self.emphasis = False
        self.source: Any = None  # what the panel made it from (kept while the same mark stays)
        self.slot = 0
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(5)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # drawn once, then blitted

    def boundingRect(self) -> QRectF:
        """The mark and its badge."""
        box = QRectF(self._rect)
        if self.kind == "moved" and isinstance(self.extra, QRectF):
            box = box.united(self.extra)
            # the arrow's arc rises above both floors; its pen and the badge on it need room too
            box = box.united(self._arrow_path(self.extra, self._rect).boundingRect().adjusted(-8, -8, 8, 8))
        return box.adjusted(-16, -10, 10, 10)

    def set_emphasis(self, on: bool | None) -> None:
        """True: this seat's turn is pointed at (drawn stronger); False: another's is (faded); None: normal."""
        self.setOpacity(0.25 if on is False else 1.0)
        if self.emphasis != bool(on):
            self.emphasis = bool(on)
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        """The mark in the seat's colour and symbol."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        width = 3.2 if self.emphasis else 2.2
        r = self._rect
        if self.kind == "floor":
            self._ring(painter, r, width)
            self._pointer(painter, QPointF(r.left() - 9, r.center().y()), 5.5)
        elif self.kind == "moved":
            src = self.extra if isinstance(self.extra, QRectF) else r
            painter.setPen(QPen(QColor(MARK_INK), 1.2, Qt.PenStyle.DashLine))
            fill = theme.player_color(self.color)
            fill.setAlpha(70)
            painter.setBrush(fill)
            painter.drawRoundedRect(src, 1.5, 1.5)
            self._ring(painter, r, width)
            self._arrow(painter, src, r, width)
        elif self.kind == "took":
            painter.setPen(QPen(QColor(MARK_GLOW), width + 1.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(r, 6, 6)
            painter.setPen(QPen(QColor(MARK_INK), 1.0))
            painter.drawRoundedRect(r.adjusted(-2, -2, 2, 2), 7, 7)
            self._pointer(painter, QPointF(r.left() + 2, r.top() + 2), 7.5, point=False)
        elif self.kind == "played":
            draw_symbol_badge(painter, r.center(), r.width() / 2, self.color)
            if self.emphasis:
                painter.setPen(QPen(QColor(MARK_GLOW), 2.0))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(r.center(), r.width() / 2 + 2.5, r.width() / 2 + 2.5)

    @staticmethod
    def _ring(painter: QPainter, r: QRectF, width: float) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)  # plain rectangles with round joins: cheaper than rounded ones
        join = Qt.PenJoinStyle.RoundJoin
        painter.setPen(QPen(QColor(MARK_INK), width + 2.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, join))
        painter.drawRect(r.adjusted(-2, -2, 2, 2))
        painter.setPen(QPen(QColor(MARK_GLOW), width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, join))
        painter.drawRect(r.adjusted(-2, -2, 2, 2))

    def _pointer(self, painter: QPainter, c: QPointF, radius: float, point: bool = True) -> None:
        """The seat's badge, with a little wedge pointing right at the floor."""
        if point:
            wedge = QPainterPath()
            wedge.moveTo(c.x() + radius - 1, c.y() - 3.5)
            wedge.lineTo(c.x() + radius + 4, c.y())
            wedge.lineTo(c.x() + radius - 1, c.y() + 3.5)
            wedge.closeSubpath()
            painter.setPen(QPen(QColor(MARK_INK), 0.8))
            painter.setBrush(QColor(MARK_GLOW))
            painter.drawPath(wedge)
        draw_symbol_badge(painter, c, radius, self.color)

    @staticmethod
    def _arrow_path(src: QRectF, dst: QRectF) -> QPainterPath:
        """The arc from the floor's old place to its new one (its end is the arrow's tip)."""
        right = dst.center().x() > src.center().x()  # from the inner corners: the towers' plates stay clear
        a = QPointF(src.right() - 4 if right else src.left() + 4, src.top() - 1)
        b = QPointF(dst.left() + 4 if right else dst.right() - 4, dst.top() - 1)
        lift = 16 + abs(a.y() - b.y()) * 0.3
        path = QPainterPath(a)
        ctrl_y = min(a.y(), b.y()) - lift
        path.cubicTo(QPointF(a.x(), ctrl_y), QPointF(b.x(), ctrl_y), b)
        return path

    def _arrow(self, painter: QPainter, src: QRectF, dst: QRectF, width: float) -> None:
        """A curved arrow from the floor's old place to its new one (R13)."""
        path = self._arrow_path(src, dst)
        b = path.currentPosition()
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(MARK_INK), width + 2.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawPath(path)
        painter.setPen(QPen(theme.player_color(self.color), width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawPath(path)
        head = QPainterPath()
        head.moveTo(b)
        head.lineTo(b.x() - 5, b.y() - 8)
        head.lineTo(b.x() + 5, b.y() - 8)
        head.closeSubpath()
        painter.setPen(QPen(QColor(MARK_INK), 1.0))
        painter.setBrush(theme.player_color(self.color))
        painter.drawPath(head)
        draw_symbol_badge(painter, path.pointAtPercent(0.5), 6, self.color)


def played_rect(i: int, scored: bool) -> QRectF:
    """Where the i-th "played here" badge sits in a panel's header (left of the count or the scored pill)."""
    right = PANEL_W - (96 if scored else 62)
    return QRectF(right - i * 19 - 16, HEADER_H / 2 - 8, 16, 16)


def took_rect() -> QRectF:
    """The frame around the face-up card whose predecessor was taken."""
    return CARD_RECT.adjusted(-3, -3, 3, 3)


def floor_size() -> tuple[float, float]:
    """A floor's width and height (the marks ring it)."""
    return FLOOR_W, FLOOR_H
