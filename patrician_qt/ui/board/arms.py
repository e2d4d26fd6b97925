"""A city's coat of arms, alone: the start screen draws the ten shields before anything of a game is loaded.

Why apart from ``card_art``: the cards need the engine's card table, the shields only the art and the
palette, so the start screen paints without importing the engine.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from patrician_qt.ui.board import art, theme


def shield_path(rect: QRectF) -> QPainterPath:
    """A heater shield filling ``rect``: the coat of arms' outline."""
    x, y, w, h = rect.x(), rect.y(), rect.width(), rect.height()
    p = QPainterPath()
    p.moveTo(x, y)
    p.lineTo(x + w, y)
    p.lineTo(x + w, y + h * 0.45)
    p.cubicTo(x + w, y + h * 0.78, x + w * 0.62, y + h * 0.92, x + w / 2, y + h)
    p.cubicTo(x + w * 0.38, y + h * 0.92, x, y + h * 0.78, x, y + h * 0.45)
    p.closeSubpath()
    return p


def draw_arms(painter: QPainter, city: str, rect: QRectF) -> None:
    """A city's coat of arms: the art's SVG, else a shield in the city colour with its initial."""
    if art.draw(painter, "arms", city, rect):
        return
    color = theme.city_color(city)
    path = shield_path(rect)
    painter.save()
    painter.setPen(QPen(QColor(theme.INK), max(1.0, rect.width() / 16)))
    painter.setBrush(color)
    painter.drawPath(path)
    # a pale chief (the band at the top of the shield) for a heraldic look
    chief = QRectF(rect.x(), rect.y(), rect.width(), rect.height() * 0.28)
    painter.setClipPath(path)
    painter.fillRect(chief, QColor(255, 255, 255, 70))
    painter.setClipping(False)
    painter.setPen(theme.ink_on(color))
    painter.setFont(theme.pixel_font(max(6, int(rect.height() * 0.5)), bold=True))
    painter.drawText(rect.adjusted(0, rect.height() * 0.12, 0, 0), Qt.AlignmentFlag.AlignCenter, city[0])
    painter.restore()
