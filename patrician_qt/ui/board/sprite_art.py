"""Pictures of single pieces for the motion layer: a floor, a card, a fame tile, drawn at a given scale.

They use the board's own drawing helpers, so a flying piece looks exactly like the piece it becomes.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap

from patrician_qt.ui.board import card_art, theme
from patrician_qt.ui.board.board_items import CARD_RECT, FLOOR_H, FLOOR_W, TILE_R, draw_floor
from patrician_qt.ui.board.city_panel import CityPanel


def _pixmap(w: float, h: float, scale: float, dpr: float, draw: Callable[[QPainter], None]) -> QPixmap:
    pm = QPixmap(max(1, round(w * scale * dpr)), max(1, round(h * scale * dpr)))
    pm.setDevicePixelRatio(dpr)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.scale(scale, scale)
    draw(p)
    p.end()
    return pm


def floor_pixmap(color: str, scale: float, dpr: float = 1.0) -> QPixmap:
    """One floor in a player's colour and symbol (R3), as big as on the board at ``scale``."""
    return _pixmap(FLOOR_W, FLOOR_H, scale, dpr, lambda p: draw_floor(p, QRectF(0, 0, FLOOR_W, FLOOR_H), color))


def card_pixmap(card_id: str, scale: float, dpr: float = 1.0) -> QPixmap:
    """A card's face as big as the board's face-up card at ``scale``."""
    w, h = CARD_RECT.width(), CARD_RECT.height()
    return _pixmap(w, h, scale, dpr, lambda p: card_art.paint_card(p, QRectF(0, 0, w, h), card_id))


def back_pixmap(scale: float, dpr: float = 1.0) -> QPixmap:
    """A card's back (a card coming from the draw pile)."""
    w, h = CARD_RECT.width(), CARD_RECT.height()
    return _pixmap(w, h, scale, dpr, lambda p: card_art.paint_card_back(p, QRectF(0, 0, w, h)))


def tile_pixmap(value: int, scale: float, dpr: float = 1.0) -> QPixmap:
    """A fame tile with its value, as on a city panel at ``scale``."""
    d = 2 * TILE_R + 2
    return _pixmap(d, d, scale, dpr, lambda p: CityPanel.draw_tile(p, QPointF(d / 2, d / 2), value, taken=False))


class SpriteCache:
    """The last pictures made, by kind and size: a turn's pieces are drawn once, not once per flight.

    Owned by one window's motion director (pixmaps must not outlive the application)."""

    LIMIT = 96

    def __init__(self) -> None:
        self._items: dict[tuple[object, ...], QPixmap] = {}

    def get(self, make: Callable[..., QPixmap], *args: object) -> QPixmap:
        """``make(*args)``, from the cache when made before (scales are rounded to 1/100)."""
        key = (make.__name__, theme.high_contrast(), *(round(a, 2) if isinstance(a, float) else a for a in args))
        found = self._items.get(key)
        if found is None:
            if len(self._items) >= self.LIMIT:
                self._items.pop(next(iter(self._items)))
            found = self._items[key] = make(*args)
        return found

    def clear(self) -> None:
        """Forget every picture (a new theme, a window closing)."""
        self._items.clear()
