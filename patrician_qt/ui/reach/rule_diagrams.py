"""Small pictures for the rules window, drawn by the real board's CityPanel so they look like the game."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from patrician_qt.engine import CITY_BY_NAME, tower_majority
from patrician_qt.engine.scoring import taller_plot
from patrician_qt.ui.board.board_items import PANEL_H, PANEL_W, CityMarks, Player
from patrician_qt.ui.board.city_panel import CityPanel

EXAMPLE_PLAYERS = [Player("Anna", "black"), Player("Ben", "white"), Player("Cleo", "red")]


def city_row(city: str, a: tuple[int, ...], b: tuple[int, ...], card: str | None = None,
             scored: bool = False) -> dict[str, Any]:
    """A board-model row for an example city; a scored city gets its awards from the engine's majority rule."""
    total = CITY_BY_NAME[city].floors
    awards: tuple[tuple[int, int], ...] = ()
    if scored:
        tall = taller_plot(len(a), len(b))
        winners = [tower_majority(a), tower_majority(b)]
        high = winners[tall]
        low = winners[1 - tall]
        awards = tuple((s, v) for s, v in ((high, total), (low, total - 3)) if s >= 0)
    return {"name": city, "floors": total, "built": len(a) + len(b), "towerA": a, "towerB": b, "card": card,
            "tilesLeft": (), "scored": scored, "awards": awards, "leaderA": tower_majority(a),
            "leaderB": tower_majority(b)}


def example(rule_id: str) -> tuple[dict[str, Any], CityMarks]:
    """The example city of a rule: its row and the marks that show what happens."""
    if rule_id == "R11":
        marks = CityMarks(plots={"B"}, focus=True, ghosts=[("B", 0)])
        return city_row("Ferrara", (0, 1, 0, 1), (), card="FER-4"), marks
    if rule_id == "R13":
        return city_row("Lucca", (0, 1), (0,), card="LUC-4"), CityMarks(moved_from="A")
    if rule_id == "R21":
        return city_row("Verona", (0, 2, 1), (0, 0), scored=True), CityMarks()
    raise KeyError(rule_id)


def render(rule_id: str, scale: float = 1.0) -> QImage:
    """The example of a rule as a picture (a real CityPanel painted into an image)."""
    row, marks = example(rule_id)
    panel = CityPanel(row["name"])
    panel.players = EXAMPLE_PLAYERS
    panel.set_row(row)
    panel.set_marks(marks)
    image = QImage(round((PANEL_W + 12) * scale), round((PANEL_H + 12) * scale), QImage.Format.Format_ARGB32)
    image.fill(QColor(Qt.GlobalColor.transparent))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(scale, scale)
    painter.translate(6, 6)
    painter.setClipRect(QRectF(-6, -6, PANEL_W + 12, PANEL_H + 12))
    panel.paint(painter, None, None)  # type: ignore[arg-type]
    painter.end()
    return image
