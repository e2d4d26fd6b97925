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

PLATE_ROOM = 64.0  # a plate's widest: the plots are 72 apart, a preview's ground adds 3 a side, 2 to spare
_TIE_START = 36.0  # where the tied seats begin: after the tile chip, the leader's badge and its ring
_TIE_PITCH = 12.0  # a tied seat's room while few are tied; more share what is left of PLATE_ROOM


def badge_seats(panel: CityPanelFace, plot: str) -> list[int]:
    """The seats a tower's plate shows: the leader first (it holds the tile by R21), then every other tied
    seat; [] when nobody leads."""
    standing = shown_standing(panel)
    if standing is None:
        return []
    st = standing[0 if plot == "A" else 1]
    if st.leader < 0:
        return []
    return [st.leader, *(s for s in st.tied if s != st.leader)]


def _tie_pitch(others: int) -> float:
    return min(_TIE_PITCH, (PLATE_ROOM - _TIE_START) / others) if others else 0.0


def _plate_y(panel: CityPanelFace, plot: str, height: int) -> float:
    for kind, data in panel.moves:  # above a relocated floor's old place, which stays marked
        if kind == "moved" and data[0] == plot:
            height = max(height, data[1] + 1)
    return BASE_Y - height * FLOOR_PITCH - 10


def plate_rect(panel: CityPanelFace, plot: str, height: int) -> QRectF:
    """Where a tower's plate is drawn, its preview ground included; empty when the tower has no leader.
    Never wider than PLATE_ROOM and its ground, so the plates of plots A and B never meet."""
    seats = badge_seats(panel, plot)
    if not seats:
        return QRectF()
    others = len(seats) - 1
    width = _TIE_START + _tie_pitch(others) * others if others else 30.0
    y = _plate_y(panel, plot, height)
    return QRectF(PLOT_X[plot] - width / 2 - 3, y - 9.5, width + 6, 19)


def paint_standing(panel: CityPanelFace, painter: QPainter, plot: str, height: int) -> None:
    """Above a tower: the tile it would win now, its leader's badge, and for a tie "=" and every other tied
    seat (the leader, first, holds it by R21). A preview's plate sits on a gold ground."""
    seats = badge_seats(panel, plot)
    if not seats:
        return
    standing = shown_standing(panel)
    assert standing is not None
    st = standing[0 if plot == "A" else 1]
    others = seats[1:]
    rect = plate_rect(panel, plot, height)
    y = rect.center().y()
    left = rect.left() + 3
    if panel.marks.preview is not None:
        painter.setPen(QPen(QColor(theme.HIGHLIGHT), 1.4, Qt.PenStyle.DashLine))
        glow = QColor(theme.HIGHLIGHT)
        glow.setAlpha(90)
        painter.setBrush(glow)
        painter.drawRoundedRect(QRectF(rect.left(), y - 9, rect.width(), 18), 8, 8)
    chip = QPointF(left + 7, y)
    painter.setPen(QPen(QColor(theme.FRAME), 0.8))
    painter.setBrush(QColor("#E9C462"))
    painter.drawEllipse(chip, 7, 7)
    painter.setPen(QColor(theme.INK))
    painter.setFont(theme.pixel_font(9, bold=True, serif=False))
    painter.drawText(QRectF(chip.x() - 8, chip.y() - 8, 16, 16), Qt.AlignmentFlag.AlignCenter, str(st.tile))
    draw_symbol_badge(painter, QPointF(left + 22, y), 7, panel.color_of(st.leader))
    if not others:
        return
    # a tie: the gold ring says who holds it (R21, the higher floor); "=" then the others, packed to fit
    painter.setPen(QPen(QColor(theme.HIGHLIGHT), 2.0))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(QPointF(left + 22, y), 8.8, 8.8)
    painter.setPen(QPen(QColor(theme.INK), 1.4))
    painter.drawLine(QPointF(left + 31, y - 2.5), QPointF(left + 35, y - 2.5))
    painter.drawLine(QPointF(left + 31, y + 2.5), QPointF(left + 35, y + 2.5))
    pitch = _tie_pitch(len(others))
    radius = min(5.5, pitch / 2 - 0.4)
    for i, seat in enumerate(others):
        draw_symbol_badge(painter, QPointF(left + _TIE_START + pitch * (i + 0.5), y), radius,
                          panel.color_of(seat))


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
