"""The plates above a city's two towers never cover each other, whatever the tie (R20, R21).

A tie's plate names every tied player; with four or five players a three-, four- or five-way tie on both
towers at the same height put the two plates side by side, and they ran into each other.
"""

from __future__ import annotations

from itertools import product

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from patrician_qt.engine import city_standing
from patrician_qt.ui.board import plates
from patrician_qt.ui.board.board_items import PANEL_H, PANEL_W, CityMarks, Player
from patrician_qt.ui.board.city_panel import CityPanel
from patrician_qt.ui.reach.rule_diagrams import city_row

PLAYERS = [Player(n, c) for n, c in
           (("Anna", "black"), ("Ben", "white"), ("Cleo", "red"), ("Dario", "green"), ("Emma", "blue"))]


def _plate(panel: CityPanel, plot: str) -> QImage:
    image = QImage(int(PANEL_W), int(PANEL_H), QImage.Format.Format_ARGB32)
    image.fill(QColor(Qt.GlobalColor.transparent))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    n = len(panel.row["tower" + plot])
    plates.paint_standing(panel, painter, plot, n)
    painter.end()
    return image


def _covered(image: QImage) -> set[tuple[int, int]]:
    return {(x, y) for y, x in product(range(image.height()), range(image.width())) if image.pixelColor(x, y).alpha()}


@pytest.mark.parametrize(("a", "b"), [
    ((0, 1, 2), (3, 1, 2)),          # a three-way tie on both towers with four players
    ((0, 1, 2, 3), (3, 2, 1, 0)),    # four-way ties
    ((0, 1, 2, 3, 4), (4, 3, 2, 1)),  # five players tied on the taller, four on the other
])
def test_r21_tied_plates_of_both_towers_do_not_touch(qapp: object, a: tuple[int, ...], b: tuple[int, ...]) -> None:
    panel = CityPanel("Firenze")
    panel.players = PLAYERS
    panel.set_row(city_row(panel.city, a, b))
    panel.set_marks(CityMarks())
    st = city_standing(a, b, panel.city)
    assert len(st[0].tied) == len(a) and len(st[1].tied) == len(b)
    left, right = _covered(_plate(panel, "A")), _covered(_plate(panel, "B"))
    assert left and right
    assert not left & right, f"the plates share {len(left & right)} pixels"
    for rect in (plates.plate_rect(panel, "A", len(a)), plates.plate_rect(panel, "B", len(b))):
        assert QRectF(0, 0, PANEL_W, PANEL_H).contains(rect)
    assert not plates.plate_rect(panel, "A", len(a)).intersects(plates.plate_rect(panel, "B", len(b)))


def test_r21_a_tie_plate_shows_every_tied_player(qapp: object) -> None:
    panel = CityPanel("Firenze")
    panel.players = PLAYERS
    panel.set_row(city_row("Firenze", (0, 1, 2, 3, 4), (0,)))
    panel.set_marks(CityMarks())
    seats = plates.badge_seats(panel, "A")
    assert seats[0] == 4 and sorted(seats) == [0, 1, 2, 3, 4]  # the highest floor holds it (R21), then the rest
