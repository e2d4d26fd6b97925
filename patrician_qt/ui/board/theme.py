"""Colours, fonts and symbol shapes of the UI, in one place so the art palette can replace them.

Until ``palette.py`` provides its colours, neutral fallbacks are used; every widget asks
this module, never hard-codes a colour, so switching to the art is a one-file change.
"""

from __future__ import annotations

import math
from functools import cache

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

from patrician_qt.ui.board import palette

_FALLBACK_CITY = {
    "Bologna": "#B5462F",
    "Firenze": "#6B4C9A",
    "Roma": "#8C1C2C",
    "Pistoia": "#2F7D6D",
    "Lucca": "#2F6DA8",
    "Siena": "#9B6A2F",
    "Milano": "#36454F",
    "Ferrara": "#C99A2E",
    "Parma": "#4F7A2A",
    "Verona": "#B0528A",
}
_FALLBACK_PLAYER = {
    "black": "#2A2623",
    "white": "#F7F3EA",
    "red": "#B8322A",
    "yellow": "#E8B923",
    "blue": "#2C64B0",
}

PARCHMENT = getattr(palette, "PARCHMENT", "#E9DCBC")
INK = getattr(palette, "INK", "#3B2A1A")
PARCHMENT_DARK = "#D9C69C"
PARCHMENT_LIGHT = "#F4EBD3"
SEA = "#C9D6CF"
LAND = "#EADFC2"
GOLD = "#B8862B"
HIGHLIGHT = "#E0A526"
REFUSED = "#A0392C"
FRAME = "#5A3E24"

SERIF = "DejaVu Serif"
SANS = "DejaVu Sans"


_high_contrast = False


def set_high_contrast(on: bool) -> None:
    """Use the palette's high-contrast colours (a user setting)."""
    global _high_contrast
    _high_contrast = bool(on)


def high_contrast() -> bool:
    """Whether the high-contrast colours are in use."""
    return _high_contrast


def _colors() -> tuple[dict[str, str], dict[str, str]]:
    try:
        cities, players = palette.palette(_high_contrast)
        return dict(cities), dict(players)
    except (AttributeError, TypeError):
        return {}, {}


def city_color(city: str) -> QColor:
    """The city's own colour (palette when it has one)."""
    return QColor(_colors()[0].get(city) or _FALLBACK_CITY.get(city, "#777777"))


def player_color(color: str) -> QColor:
    """The fill colour of a player's floors (R3)."""
    return QColor(_colors()[1].get(color) or _FALLBACK_PLAYER.get(color, "#888888"))


def ink_on(color: QColor) -> QColor:
    """Black or white, whichever reads on top of ``color``."""
    return QColor(palette.contrast_ink(color.name()))


def symbol_of(color: str) -> str:
    """The shape that marks a player's floors besides the colour (R3)."""
    return palette.PLAYER_SYMBOLS.get(color, "circle")


@cache
def _unit_symbol(name: str) -> QPainterPath:
    """A symbol path in the unit square centred on the origin (side 1)."""
    fn = getattr(palette, "symbol_path", None)
    if callable(fn):
        try:
            path = fn(name)
            if isinstance(path, QPainterPath) and not path.isEmpty():
                r = path.boundingRect()
                s = 1.0 / max(r.width(), r.height(), 1e-6)
                from PySide6.QtGui import QTransform

                t = QTransform().scale(s, s).translate(-r.center().x(), -r.center().y())
                return t.map(path)
        except Exception:
            pass
    p = QPainterPath()
    if name == "square":
        p.addRect(QRectF(-0.42, -0.42, 0.84, 0.84))
    elif name == "triangle":
        p.addPolygon(QPolygonF([QPointF(0, -0.5), QPointF(0.5, 0.4), QPointF(-0.5, 0.4), QPointF(0, -0.5)]))
    elif name == "diamond":
        pts = [QPointF(0, -0.5), QPointF(0.5, 0), QPointF(0, 0.5), QPointF(-0.5, 0), QPointF(0, -0.5)]
        p.addPolygon(QPolygonF(pts))
    elif name == "cross":
        w = 0.17
        p.addRect(QRectF(-0.5, -w, 1.0, 2 * w))
        p.addRect(QRectF(-w, -0.5, 2 * w, 1.0))
        p = p.simplified()
    elif name == "star":
        pts = []
        for i in range(10):
            radius = 0.5 if i % 2 == 0 else 0.2
            a = -math.pi / 2 + i * math.pi / 5
            pts.append(QPointF(radius * math.cos(a), radius * math.sin(a)))
        pts.append(pts[0])
        p.addPolygon(QPolygonF(pts))
    else:
        p.addEllipse(QPointF(0, 0), 0.45, 0.45)
    return p


def symbol_path(name: str, center: QPointF, size: float) -> QPainterPath:
    """A player symbol of the given size centred on ``center``."""
    from PySide6.QtGui import QTransform

    t = QTransform().translate(center.x(), center.y()).scale(size, size)
    return t.map(_unit_symbol(name))


def font(size: float, bold: bool = False, serif: bool = True, italic: bool = False) -> QFont:
    """The app's fonts: a serif for the board game feel, a sans for small numbers."""
    f = QFont(SERIF if serif else SANS)
    f.setPointSizeF(size)
    f.setBold(bold)
    f.setItalic(italic)
    return f


def pixel_font(px: int, bold: bool = False, serif: bool = True) -> QFont:
    """A font sized in pixels, for scene items that must fit their boxes exactly."""
    f = QFont(SERIF if serif else SANS)
    f.setPixelSize(px)
    f.setBold(bold)
    return f


def paint_wood_frame(p: QPainter, rect: QRectF) -> QRectF:
    """The start screen's and lobby's dark wood with a gold frame; returns the frame's rectangle."""
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.fillRect(rect, QColor("#3E2B1C"))
    frame = rect.adjusted(14, 14, -14, -14)
    p.setPen(QPen(QColor(GOLD), 2))
    p.drawRoundedRect(frame, 10, 10)
    return frame


def style_sheet() -> str:
    """The app's Qt style sheet: dark wood around parchment panels, brass-edged buttons."""
    from patrician_qt.ui.board.art import art_dir

    # a styled spin box loses the style's arrows: its buttons get drawn ones ("almost invisible")
    up, down = ((art_dir() / "ui" / f"spin_{d}.svg").as_posix() for d in ("up", "down"))
    return f"""
QMainWindow, #GamePage, #StartPage {{ background: #3E2B1C; }}
QMenuBar {{ background: #2E1F14; color: {PARCHMENT_LIGHT}; }}
QMenuBar::item:selected {{ background: #5A3E24; }}
QMenu {{ background: {PARCHMENT_LIGHT}; color: {INK}; border: 1px solid {FRAME}; }}
QMenu::item:selected {{ background: {PARCHMENT_DARK}; }}
#TurnBar {{ background: {PARCHMENT_LIGHT}; border: 2px solid {FRAME}; border-radius: 8px; }}
#Prompt {{ color: {INK}; }}
#SidePanel {{ background: {PARCHMENT}; border: 2px solid {FRAME}; border-radius: 8px; }}
#SideTitle {{ color: {FRAME}; font-family: "{SERIF}"; font-weight: bold; font-size: 13px;
             border-bottom: 1px solid {PARCHMENT_DARK}; padding: 2px 0 2px 2px; }}
QPushButton {{ background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #F7EED8, stop:1 #E2D0A6);
              color: {INK}; border: 1px solid {FRAME}; border-radius: 6px; padding: 5px 12px;
              font-family: "{SERIF}"; font-size: 13px; }}
QPushButton:hover {{ background: #FFF6E0; }}
QPushButton:pressed {{ background: {PARCHMENT_DARK}; }}
QPushButton:disabled {{ color: #A89478; border-color: #BFA986; background: #EDE3CC; }}
QPushButton#Confirm:enabled {{ background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #F3D27A, stop:1 {GOLD});
              font-weight: bold; }}
QPushButton#Reveal {{ font-size: 16px; font-weight: bold; }}
QCheckBox {{ color: {INK}; font-family: "{SERIF}"; font-size: 12px; }}
QListView {{ background: transparent; border: none; }}
#LogView, #VerdictList {{ background: {PARCHMENT_LIGHT}; border: 1px solid {PARCHMENT_DARK}; border-radius: 4px; }}
QToolTip {{ background: {PARCHMENT_LIGHT}; color: {INK}; border: 1px solid {FRAME}; font-family: "{SERIF}"; }}
#ScoreTable {{ background: {PARCHMENT_LIGHT}; gridline-color: {PARCHMENT_DARK}; color: {INK};
              border: 1px solid {FRAME}; font-family: "{SERIF}"; }}
QHeaderView::section {{ background: {PARCHMENT}; color: {INK}; border: 1px solid {PARCHMENT_DARK};
                        padding: 3px 6px; font-family: "{SERIF}"; font-weight: bold; }}
QTableCornerButton::section {{ background: {PARCHMENT}; border: 1px solid {PARCHMENT_DARK}; }}
QDialog {{ background: {PARCHMENT_LIGHT}; }}
QDialog QLabel {{ color: {INK}; }}
QLineEdit, QComboBox, QSpinBox {{ background: #FFFBF0; color: {INK}; border: 1px solid {FRAME};
              border-radius: 4px; padding: 3px 6px; }}
QSpinBox {{ padding-right: 22px; }}
QSpinBox::up-button, QSpinBox::down-button {{ subcontrol-origin: border; width: 20px; background: {PARCHMENT};
              border: 1px solid {FRAME}; }}
QSpinBox::up-button {{ subcontrol-position: top right; border-top-right-radius: 4px; }}
QSpinBox::down-button {{ subcontrol-position: bottom right; border-top: none; border-bottom-right-radius: 4px; }}
QSpinBox::up-button:hover, QSpinBox::down-button:hover {{ background: {PARCHMENT_DARK}; }}
QSpinBox::up-arrow {{ image: url("{up}"); width: 10px; height: 7px; }}
QSpinBox::down-arrow {{ image: url("{down}"); width: 10px; height: 7px; }}
QSpinBox::up-arrow:disabled, QSpinBox::up-arrow:off, QSpinBox::down-arrow:disabled,
QSpinBox::down-arrow:off {{ image: none; }}
QComboBox QAbstractItemView {{ background: #FFFBF0; color: {INK}; selection-background-color: {PARCHMENT_DARK}; }}
#StartTitle {{ color: {PARCHMENT_LIGHT}; }}
#StartSubtitle {{ color: {PARCHMENT}; }}
"""
