"""At 1024×700 the board fills the room it has: no wide empty bands above and below, and cards' words readable.

The board was one wide arrangement (four columns of cities, three rows) fitted into the room left of the
side column: at 1024×700 that room is nearly square, so ~100 px stayed empty above and below the board and
a card's words were ~7 px tall. A room nearer square gets the cities in three columns and four rows.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from patrician_qt.ui.board import card_art
from patrician_qt.ui.board.board_items import CARD_RECT
from tests.ui.game_helpers import open_game, wait_for_human_or_end


def _empty_bands(window: Any) -> tuple[int, int]:
    """The view's empty pixels beside the board: (left + right, above + below)."""
    view = window.board_view
    shown = view.mapFromScene(view.scene().sceneRect()).boundingRect()
    port = view.viewport().rect()
    return (port.width() - min(port.width(), shown.width()), port.height() - min(port.height(), shown.height()))


def _caption_px(window: Any) -> float:
    scale = window.board_view.transform().m11()
    sizes = []
    for panel in window.scene.panels.values():
        card = panel.row.get("card") if panel.row else None
        if card:
            layout = card_art.caption_layout(card_art.card_caption(card), CARD_RECT, scale)
            assert layout is not None
            sizes.append(layout[2] * scale)
    return min(sizes)


@pytest.mark.parametrize("size", [(1024, 700), (1280, 720), (1920, 1080)])
def test_the_board_fills_its_room_and_cards_read(qtbot: Any, size: tuple[int, int]) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy", "bot:easy", "bot:easy"], size=size)
    wait_for_human_or_end(qtbot, window)
    across, down = _empty_bands(window)
    assert min(across, down) <= 6  # fitted, proportions kept
    if size == (1024, 700):
        assert down < 60, f"{size}: {down}px empty above and below the board"
        assert _caption_px(window) >= 8.0
    for name, panel in window.scene.panels.items():  # every city inside the board, none over another
        assert window.scene.sceneRect().contains(panel.sceneBoundingRect()), name
        others = [p for n, p in window.scene.panels.items() if n != name]
        assert not any(panel.sceneBoundingRect().intersects(p.sceneBoundingRect()) for p in others), name
    session.close()
    window.close()


def test_the_board_view_lets_the_page_paint_its_edges(qtbot: Any) -> None:
    """At 150 % a white line stayed along the board's right and bottom edges after the window grew: the
    opaque viewport kept the page from painting the device pixels it shares with it. The page paints there."""
    from patrician_qt.ui.board.board_model import BoardModel
    from patrician_qt.ui.board.board_view import BoardScene, BoardView

    view = BoardView(BoardScene(BoardModel()))
    qtbot.addWidget(view)
    port = view.viewport()
    assert not port.autoFillBackground() and not port.testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
