"""The plain things on the board (the map, the draw pile) and the drawing helpers every view shares.

A city's panel is in ``city_panel``.

Items only draw what the board model says and report clicks to the scene; which clicks
are legal is decided by the turn builder, never here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QLinearGradient, QPainter, QPen, QRadialGradient
from PySide6.QtWidgets import QGraphicsItem

from patrician_qt.ui.board import art, card_art, map_shape, palette, theme

if TYPE_CHECKING:
    from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

PANEL_W = 270.0
PANEL_H = 196.0
HEADER_H = 34.0
FLOOR_W = 54.0
FLOOR_H = 12.0
FLOOR_PITCH = 13.0
BASE_Y = PANEL_H - 28.0
PLOT_X = {"A": 50.0, "B": 122.0}
CARD_RECT = QRectF(186.0, 42.0, 70.0, 98.0)
TILE_R = 14.0


@dataclass(slots=True)
class Player:
    """What the board needs to know about a seat: its name and R3 colour."""

    name: str
    color: str


@dataclass(slots=True)
class CityMarks:
    """Turn-building marks on one city (display only)."""

    plots: set[str] = field(default_factory=set)  # plots that are legal choices now
    card: bool = False  # the face-up card may be taken now
    focus: bool = False  # the city of the chosen card
    ghosts: list[tuple[str, int]] = field(default_factory=list)  # floors about to be built (plot, seat)
    moved_from: str | None = None  # relocation chosen: top floor leaves this plot
    preview: Any = None  # engine BuildPreview of the floors being placed here (hovered or chosen), or None
    preview_floor: tuple[str, int] | None = None  # (plot, seat) of the floor the hovered plot would get


def draw_floor(painter: QPainter, rect: QRectF, color: str, ghost: bool = False) -> None:
    """One floor of a tower: the owner's colour and symbol (R3: never colour alone)."""
    fill = theme.player_color(color)
    if ghost:
        fill.setAlpha(120)
    painter.setPen(QPen(QColor(theme.INK), 1.0, Qt.PenStyle.DashLine if ghost else Qt.PenStyle.SolidLine))
    grad = QLinearGradient(rect.topLeft(), rect.bottomLeft())
    grad.setColorAt(0, fill.lighter(115))
    grad.setColorAt(1, fill.darker(110))
    painter.setBrush(QBrush(grad))
    painter.drawRoundedRect(rect, 1.5, 1.5)
    ink = theme.ink_on(theme.player_color(color))
    if ghost:
        ink.setAlpha(150)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(ink)
    size = rect.height() * 0.72
    name = theme.symbol_of(color)
    for dx in (-rect.width() * 0.28, rect.width() * 0.28):
        painter.drawPath(theme.symbol_path(name, QPointF(rect.center().x() + dx, rect.center().y()), size))


def draw_symbol_badge(painter: QPainter, center: QPointF, radius: float, color: str) -> None:
    """A round badge in a player's colour with their symbol: marks a seat anywhere in the UI."""
    fill = theme.player_color(color)
    painter.setPen(QPen(QColor(theme.INK), max(1.0, radius / 8)))
    painter.setBrush(fill)
    painter.drawEllipse(center, radius, radius)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(theme.ink_on(fill))
    painter.drawPath(theme.symbol_path(theme.symbol_of(color), center, radius * 1.1))


class MapItem(QGraphicsItem):
    """The parchment, the seas, the Po and the Alps' border: an original, simple map."""

    SEA_NAMES: ClassVar[dict[str, tuple[float, float]]] = {"Mare Ligure": (43.95, 9.05), "Mare Tirreno": (42.54, 10.0)}

    def __init__(self, rect: QRectF) -> None:
        super().__init__()
        self._rect = rect
        self.setZValue(-10)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        proj = map_shape.Projection(rect)
        self._project = proj
        self._sea = map_shape.sea_path(proj)
        self._border = map_shape.line_path(map_shape.BORDER, proj)
        self._po = map_shape.line_path(map_shape.PO, proj)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        """The whole board."""
        return self._rect

    MAP_TOP = 95.0  # map/italy.svg units: the band from the Alps' foot to southern Tuscany is shown

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        """The art's map of Italy scaled to the board's width, else our own drawn map."""
        svg = art.renderer("map", "italy")
        if svg is None:
            self._paint_own(painter)
        else:
            r = self._rect
            vb = svg.viewBoxF()
            scale = r.width() / vb.width()
            painter.save()
            painter.setClipRect(r)
            painter.fillRect(r, QColor(getattr(palette, "MAP_LAND", theme.PARCHMENT)))
            svg.render(painter, QRectF(r.x(), r.y() - self.MAP_TOP * scale, r.width(), vb.height() * scale))
            painter.restore()
        frame = QColor(theme.FRAME)
        painter.setPen(QPen(frame, 3))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(self._rect.adjusted(1.5, 1.5, -1.5, -1.5))
        painter.setPen(QPen(frame, 1))
        painter.drawRect(self._rect.adjusted(7, 7, -7, -7))

    def _paint_own(self, painter: QPainter) -> None:
        """Parchment land, a darker sea with fine hatching, rivers and borders in faded ink."""
        r = self._rect
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        land = QRadialGradient(r.center(), max(r.width(), r.height()) * 0.7)
        land.setColorAt(0, QColor(theme.PARCHMENT_LIGHT))
        land.setColorAt(0.75, QColor(theme.PARCHMENT))
        land.setColorAt(1, QColor(theme.PARCHMENT_DARK))
        painter.fillRect(r, QBrush(land))
        painter.save()
        painter.setClipRect(r)
        sea = QColor(theme.SEA)
        painter.setPen(QPen(QColor(theme.INK).lighter(250), 1.6))
        painter.setBrush(sea)
        painter.drawPath(self._sea)
        painter.setClipPath(self._sea)
        painter.setPen(QPen(QColor(120, 150, 145, 60), 1.0))
        y = r.top()
        while y < r.bottom():
            painter.drawLine(QPointF(r.left(), y), QPointF(r.right(), y))
            y += 7
        painter.setClipRect(r)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(90, 120, 150, 150), 2.0))
        painter.drawPath(self._po)
        painter.setPen(QPen(QColor(110, 80, 50, 120), 1.6, Qt.PenStyle.DashDotLine))
        painter.drawPath(self._border)
        painter.setPen(QColor(70, 95, 100, 150))
        font = theme.pixel_font(22)
        font.setItalic(True)
        font.setLetterSpacing(font.SpacingType.AbsoluteSpacing, 4)
        painter.setFont(font)
        for text, (lat, lon) in self.SEA_NAMES.items():
            pt = self._project(lat, lon)
            painter.drawText(QRectF(pt.x() - 150, pt.y() - 15, 300, 30), Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()


class DeckItem(QGraphicsItem):
    """The draw pile: a few card backs and how many cards are left (R26: its size only)."""

    def __init__(self) -> None:
        super().__init__()
        self.size = 0
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    CONTENT = QRectF(0, 0, 200, 110)  # card backs plus the label; the frame is drawn around it

    def boundingRect(self) -> QRectF:
        """The frame around the card backs and the label, with its pen: every pixel the item paints
        (a partial repaint redraws only items whose rectangle it touches)."""
        return self.CONTENT.adjusted(-15, -11, 15, 11)

    def set_size(self, n: int) -> None:
        """Show how many cards are left."""
        if n != self.size:
            self.size = n
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        """A small stack of backs with the count beside it."""
        from PySide6.QtCore import QCoreApplication

        box = self.CONTENT
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(theme.FRAME), 1.5))
        painter.setBrush(QColor(theme.PARCHMENT_LIGHT))
        painter.drawRoundedRect(box.adjusted(-14, -10, 14, 10), 10, 10)
        layers = min(4, max(1, (self.size + 5) // 6)) if self.size else 0
        for i in range(layers):
            card_art.paint_card_back(painter, QRectF(4 + i * 3, 4 + (layers - i) * 2, 62, 87))
        if not layers:
            painter.setPen(QPen(QColor(theme.FRAME), 1.2, Qt.PenStyle.DashLine))
            painter.drawRoundedRect(QRectF(4, 8, 62, 87), 5, 5)
        painter.setPen(QColor(theme.INK))
        title = QCoreApplication.translate("Board", "Draw pile")
        px = 15
        while px > 9 and QFontMetricsF(theme.pixel_font(px, bold=True)).horizontalAdvance(title) > 114:
            px -= 1  # long words (German "Nachziehstapel") get a smaller font instead of being cut
        painter.setFont(theme.pixel_font(px, bold=True))
        painter.drawText(QRectF(84, 22, 116, 22), Qt.AlignmentFlag.AlignLeft, title)
        number, words = self.count_words()
        painter.setFont(theme.pixel_font(24, bold=True, serif=False))
        painter.drawText(QRectF(84, 46, 116, 30), Qt.AlignmentFlag.AlignLeft, number)
        painter.setFont(theme.pixel_font(12))
        painter.drawText(QRectF(84, 76, 116, 18), Qt.AlignmentFlag.AlignLeft, words)

    def count_words(self) -> tuple[str, str]:
        """The count in large digits and the words after it ("1", "card left"; "2", "cards left").

        Why one counted phrase cut in two, not a number and a fixed label: the noun agrees with the
        number only if the language picks the phrase's form for that number ("1 Karte übrig")."""
        from patrician_qt.ui.text.plural import counted, split_count

        return split_count(counted("Board", "%n card(s) left", self.size), self.size)
