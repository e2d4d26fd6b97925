"""A player's colour with its symbol as an icon, so lists and combo boxes never show colour alone (R3)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QIcon, QPainter, QPixmap

from patrician_qt.ui.board.board_items import draw_symbol_badge


def symbol_icon(color: str, size: int = 20) -> QIcon:
    """The seat badge (colour and symbol) as an icon, drawn at 1× and 2× for sharp high-DPI menus."""
    icon = QIcon()
    for scale in (1, 2):
        pix = QPixmap(size * scale, size * scale)
        pix.setDevicePixelRatio(scale)
        pix.fill(Qt.GlobalColor.transparent)
        p = QPainter(pix)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        draw_symbol_badge(p, QPointF(size / 2, size / 2), size / 2 - 1.5, color)
        p.end()
        icon.addPixmap(pix)
    return icon
