"""After a key press the build preview still follows the mouse: whichever moved last, mouse or keys, owns
the preview and the cursor (a hot-seat player presses Enter on the privacy screen, then plays by mouse)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, Qt

from patrician_qt.ui.board.city_panel import CityPanel
from patrician_qt.ui.game.main_window import MainWindow
from tests.ui.game_helpers import click_hand, lit_cards, lit_plots, open_game

WAIT_MS = 20_000


def hover(qtbot: Any, window: MainWindow, scene_point: QPointF) -> None:
    """Move the mouse to a scene point, from elsewhere first: Qt drops a move to where the cursor already is."""
    view = window.board_view
    qtbot.mouseMove(view.viewport(), view.mapFromScene(window.scene.map_item.boundingRect().topLeft() + QPointF(4, 4)))
    qtbot.mouseMove(view.viewport(), view.mapFromScene(scene_point))


def _building_with_two_plots(qtbot: Any, window: MainWindow) -> list[tuple[str, str]]:
    """Choose a card whose city has both plots lit for the floor (undo and try the next one otherwise)."""
    for card in lit_cards(window):
        click_hand(qtbot, window, card)
        plots = lit_plots(window)
        if window.controller.step == "build" and len(plots) >= 2 and plots[0][0] == plots[1][0]:
            return plots
        window.controller.undo()
    raise AssertionError("no card builds in a city with both plots open")


def test_the_mouse_owns_the_preview_again_after_a_key_press(qtbot):
    window, _session = open_game(qtbot, ["human", "bot:easy"], seed=7)
    qtbot.waitUntil(lambda: window.controller.active, timeout=WAIT_MS)
    window.activateWindow()
    window.board_view.setFocus()
    qtbot.keyClick(window.board_view, Qt.Key.Key_Right)  # one key: the keyboard cursor is in play from now on
    assert window.extras.keyboard.keyboard_used
    plots = _building_with_two_plots(qtbot, window)
    c = window.controller
    cursor = window.extras.keyboard.cursor
    assert cursor is not None and (cursor.city, cursor.plot) in plots
    other = next(p for p in plots if p != (cursor.city, cursor.plot))
    panel = window.scene.panels[other[0]]
    for _ in range(3):  # stays with the mouse: every repaint of the preview asks the cursor again
        hover(qtbot, window, panel.mapToScene(CityPanel.plot_rect(other[1]).center()))
        assert c._hovered_plot() == other[1], "the preview went back to the keyboard cursor's plot"
        k = window.extras.keyboard.cursor
        assert (k.city, k.plot) == other, "the cursor did not follow the mouse"
    qtbot.keyClick(window.board_view, Qt.Key.Key_Left)  # keys again: the preview follows the cursor
    k = window.extras.keyboard.cursor
    assert k is not None
    assert c._hover == ((k.city, k.plot) if k.kind == "plot" else None)
