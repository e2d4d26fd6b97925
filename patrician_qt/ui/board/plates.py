"""The plate above each tower of a city panel: the tile it would win now, who holds it, and a tie with its
R21 winner in a gold ring (the engine's ``city_standing``; a build's preview while floors are placed).

Why its own module: the panel draws the city; the plates are the part that answers "who leads here".
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from patrician_qt.ui.board import theme
from patrician_qt.ui.board.board_items import BASE_Y, CARD_RECT, FLOOR_PITCH, PLOT_X, TILE_R, draw_symbol_badge
from patrician_qt.ui.board.panel_face import CityPanelFace


def shown_standing(panel: CityPanelFace) -> tuple[Any, Any] | None:
    """The towers' standing shown now: the preview's while floors are being placed here, else the model's."""
    preview = panel.marks.preview
    if preview is not None:
        return preview.standing
    standing = panel.row.get("standing")
    if standing is None and panel.row:  # a row made by hand (the rules window's examples): ask the engine
        from patrician_qt.engine import city_standing

        standing = city_standing(tuple(panel.row["towerA"]), tuple(panel.row["towerB"]), panel.city)
    return standing

def paint_standing(panel: CityPanelFace, painter: QPainter, plot: str, height: int) -> None:
    """Above a tower: the tile it would win now, its leader's badge, and for a tie "=" and the other tied
    seats (the leader, first, holds it by R21). A preview's plate sits on a gold ground."""
    standing = shown_standing(panel)
    if standing is None:
        return
    st = standing[0 if plot == "A" else 1]
    if st.leader < 0:
        return
    others = [s for s in st.tied if s != st.leader][:2]
    width = 34 + 18 * len(others)
    cx = PLOT_X[plot]
    for kind, data in panel.moves:  # above a relocated floor's old place, which stays marked
        if kind == "moved" and data[0] == plot:
            height = max(height, data[1] + 1)
    y = BASE_Y - height * FLOOR_PITCH - 10
    left = cx - width / 2
    if panel.marks.preview is not None:
        painter.setPen(QPen(QColor(theme.HIGHLIGHT), 1.4, Qt.PenStyle.DashLine))
        glow = QColor(theme.HIGHLIGHT)
        glow.setAlpha(90)
        painter.setBrush(glow)
        painter.drawRoundedRect(QRectF(left - 3, y - 9, width + 6, 18), 8, 8)
    chip = QPointF(left + 7, y)
    painter.setPen(QPen(QColor(theme.FRAME), 0.8))
    painter.setBrush(QColor("#E9C462"))
    painter.drawEllipse(chip, 7, 7)
    painter.setPen(QColor(theme.INK))
    painter.setFont(theme.pixel_font(9, bold=True, serif=False))
    painter.drawText(QRectF(chip.x() - 8, chip.y() - 8, 16, 16), Qt.AlignmentFlag.AlignCenter, str(st.tile))
    draw_symbol_badge(painter, QPointF(left + 25, y), 7.5, panel.color_of(st.leader))
    if others:  # a tie: the gold ring says who holds it (R21, the higher floor)
        painter.setPen(QPen(QColor(theme.HIGHLIGHT), 2.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(QPointF(left + 25, y), 9.5, 9.5)
    x = left + 36
    for seat in others:
        painter.setPen(QPen(QColor(theme.INK), 1.4))
        painter.drawLine(QPointF(x, y - 2.5), QPointF(x + 5, y - 2.5))
        painter.drawLine(QPointF(x, y + 2.5), QPointF(x + 5, y + 2.5))
        draw_symbol_badge(painter, QPointF(x + 13, y), 5.5, panel.color_of(seat))
        x += 18


def paint_tiles(panel: CityPanelFace, painter: QPainter) -> None:
    """The city's two fame tiles: who won them once scored, and while a build would complete the city who
    would get each (R12, the engine's preview), in a dashed gold ring."""
    high, low = panel.row["floors"], panel.row["floors"] - 3
    awards = dict((v, s) for s, v in panel.row.get("awards", ()))
    y = CARD_RECT.bottom() + 12 + TILE_R
    for i, value in enumerate((high, low)):
        c = QPointF(CARD_RECT.left() + TILE_R + 2 + i * (2 * TILE_R + 14), y)
        if panel.row["scored"]:
            winner = awards.get(value)
            panel.draw_tile(painter, c, value, taken=True)
            if winner is not None:
                draw_symbol_badge(painter, QPointF(c.x() + TILE_R * 0.85, c.y() + TILE_R * 0.75), 7,
                                  panel.color_of(winner))
            elif value in panel.row["tilesLeft"]:  # nobody won it (R22); else another's, face down (R26)
                painter.setPen(QPen(QColor(theme.REFUSED), 2))
                painter.drawLine(QPointF(c.x() - 6, c.y() - 6), QPointF(c.x() + 6, c.y() + 6))
        else:
            panel.draw_tile(painter, c, value, taken=False)
            preview = panel.marks.preview
            if preview is not None and preview.completes:  # R12: who would get this tile now
                winner = dict((v, s) for s, v in preview.awards).get(value, -1)
                painter.setPen(QPen(QColor(theme.HIGHLIGHT), 2.5, Qt.PenStyle.DashLine))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(c, TILE_R + 3, TILE_R + 3)
                if winner >= 0:
                    draw_symbol_badge(painter, QPointF(c.x() + TILE_R * 0.85, c.y() + TILE_R * 0.75), 7,
                                      panel.color_of(winner))
