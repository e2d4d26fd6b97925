"""The window title names whose turn it is only while the game is on screen: on the start screen or in
the lobby it says the app's name (it used to keep "— your turn, Anna" or "— game over")."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from tests.ui.game_helpers import open_game


def test_the_title_is_the_apps_name_away_from_the_game_and_the_turn_again_back_on_it(qtbot):
    window, _session = open_game(qtbot, ["human", "bot:easy"], seed=7)
    qtbot.waitUntil(lambda: window.controller.active, timeout=20_000)
    in_game = window.windowTitle()
    assert "Anna" in in_game
    elsewhere = QWidget()
    window.stack.addWidget(elsewhere)  # another page of the window: the start screen, the lobby
    window.stack.setCurrentWidget(elsewhere)
    assert window.windowTitle() == "Patrician"
    window.stack.setCurrentWidget(window.page)
    assert window.windowTitle() == in_game
