"""Closing a LAN table, as two friends see it: the host is asked first and its buttons say what they do,
and the others are told what happened without a game that never was or a player who never left."""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from patrician_qt.ui.app.flow import AppController
from patrician_qt.ui.board.log_model import LogModel

from .conftest import free_port
from .test_lan_drops import in_game, join_by_address, play, two_in_a_game
from .test_lan_game import TIMEOUT, host_table


def log_texts(app: AppController) -> list[str]:
    """The lines of a window's game log."""
    m = app.window.log_model
    return [str(m.index(i, 0).data(LogModel.TextRole)) for i in range(m.rowCount())]


def close_question(qtbot: Any, app: AppController) -> QMessageBox:
    """The host's "Close the table?" box, once it is shown."""
    qtbot.waitUntil(lambda: app.lan.close_box is not None and app.lan.close_box.isVisible(), timeout=TIMEOUT)
    box = app.lan.close_box
    assert box is not None
    return box


def confirm_close(qtbot: Any, app: AppController) -> None:
    """Answer the host's "Close the table?" with its Close button."""
    box = close_question(qtbot, app)
    closing = next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.DestructiveRole)
    qtbot.mouseClick(closing, Qt.MouseButton.LeftButton)


def test_the_hosts_lobby_button_says_it_closes_and_the_others_hear_of_no_game(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    anna, ben = make_app("anna"), make_app("ben")
    host_table(qtbot, anna, "Door table", "Anna", [0], port)
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")
    qtbot.waitUntil(lambda: ben.window.current_page() is ben.lan.lobby, timeout=TIMEOUT)
    # the host's button says what it does to everyone; Ben's says what it does to him
    assert anna.lan.lobby.leave_button.text() == "Close the table"
    assert ben.lan.lobby.leave_button.text() == "Leave the table"
    qtbot.mouseClick(anna.lan.lobby.leave_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: ben.lan.banner.mode == "ended", timeout=TIMEOUT)
    told = ben.lan.banner.detail.text()
    assert "game" not in told.lower() or "before" in told.lower(), told  # no game was played, none is over
    assert "save" not in told.lower() and not ben.lan.banner.save_button.isVisible()


def test_closing_a_game_asks_first_and_nobody_is_said_to_have_left(qtbot: Any, make_app: Any) -> None:
    anna, ben = two_in_a_game(qtbot, make_app, "End table")
    assert play(qtbot, [anna, ben], random.Random(3), 2) == 2
    close = next(a for a in anna.lan.table_menu.actions() if a.text().startswith("Close the table"))

    close.trigger()  # a slip of the mouse: asked first, and Cancel keeps the game going
    box = close_question(qtbot, anna)
    qtbot.keyClick(box, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not box.isVisible())
    assert anna.lan.hosted is not None and in_game(anna) and ben.lan.banner.mode == "hidden"

    close.trigger()
    confirm_close(qtbot, anna)
    qtbot.waitUntil(lambda: ben.lan.banner.mode == "ended", timeout=TIMEOUT)
    assert anna.window.current_page() is anna.start
    assert "The game is over" in ben.lan.banner.detail.text()
    assert not any("Anna" in line and ("left" in line or "closed the connection" in line)
                   for line in log_texts(ben)), log_texts(ben)[-4:]
    qtbot.wait(1200)  # a clock that kept counting would say "Offline 0:01" by now
    status = ben.window.players_model.index(0, 0).data(ben.window.players_model.KindRole)
    assert not str(status).startswith("Offline"), status
