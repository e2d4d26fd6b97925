"""What a city panel's helpers (its last-move marks, its tower plates and tiles) use of the panel.

Why its own module: ``city_panel.py`` imports those helpers to draw a city; if they named the
panel's class in return, the three modules would import each other in a circle. They name this
face instead, which ``CityPanel`` has.
"""

from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter

from patrician_qt.ui.board.board_items import CityMarks, Player
from patrician_qt.ui.board.move_marks import MoveMark


class CityPanelFace(Protocol):
    """A city panel as its helpers see it: the city's row, its marks and players, and how it draws."""

    city: str
    row: dict[str, Any]
    marks: CityMarks
    players: list[Player]
    moves: list[tuple[str, Any]]
    move_key: tuple[list[str], bool] | None
    move_marks: list[MoveMark]

    def color_of(self, seat: int) -> str:
        """A seat's colour."""
        ...

    def floor_rect(self, plot: str, level: int) -> QRectF:
        """Where floor ``level`` of a plot is drawn."""
        ...

    def refresh_tooltip(self) -> None:
        """Tell the city anew in its tooltip."""
        ...

    def draw_tile(self, painter: QPainter, c: QPointF, value: int, taken: bool) -> None:
        """Draw a fame tile at ``c``."""
        ...
