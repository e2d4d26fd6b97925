"""The host removes a player from the lobby: asked first, the player's app says so and goes back to the
start screen (no Rejoin), and the freed seat is there for someone else. In English and in German."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QPushButton

from patrician_qt.ui.app.flow import AppController
from patrician_qt.ui.text import language

from .conftest import free_port
from .test_lan_drops import join_by_address
from .test_lan_failures import shown_error
from .test_lan_game import TIMEOUT, host_table, lobby_names

WORDS = {
    "en": {"remove": "Remove…", "name": "Remove Ben from the table", "question": "Remove Ben from the table?",
           "title": "Your seat at Salon is gone",
           "text": "The host removed you from the table.",
           "open": "Open seat"},
    "de": {"remove": "Entfernen …", "name": "Ben vom Tisch entfernen", "question": "Ben vom Tisch entfernen?",
           "title": "Salon: Dein Platz ist weg",
           "text": "Der Gastgeber hat dich vom Tisch entfernt.",
           "open": "Freier Platz"},
}


@pytest.fixture(params=["en", "de"])
def lang(request: Any, qapp: Any) -> Iterator[str]:
    """The apps run in this language (as after View ▸ Language)."""
    assert language.install(request.param)
    yield request.param
    language.install("en")


def _remove_buttons(app: AppController, text: str) -> list[QPushButton]:
    return [row["action"] for row in app.lan.lobby.rows
            if isinstance(row.get("action"), QPushButton) and row["action"].text() == text]


def _confirm(qtbot: Any, app: AppController) -> QMessageBox:
    qtbot.waitUntil(lambda: app.lan.lobby.confirm is not None and app.lan.lobby.confirm.isVisible(), timeout=TIMEOUT)
    box = app.lan.lobby.confirm
    assert box is not None
    return box


def test_the_host_removes_a_player_who_is_told_and_the_seat_is_free_again(qtbot: Any, make_app: Any,
                                                                          lang: str) -> None:
    words = WORDS[lang]
    port = free_port()
    anna, ben, cleo = make_app("anna"), make_app("ben"), make_app("cleo")
    host_table(qtbot, anna, "Salon", "Anna", [0, 0], port)  # Anna and two open seats: the lobby
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")
    qtbot.waitUntil(lambda: lobby_names(anna)[1:2] == ["Ben"], timeout=TIMEOUT)
    qtbot.waitUntil(lambda: ben.window.stack.currentWidget() is ben.lan.lobby, timeout=TIMEOUT)
    assert ben.lan.rejoin_info() is not None
    # only the host, only on another player's row; Ben's own lobby has no such button
    buttons = _remove_buttons(anna, words["remove"])
    assert len(buttons) == 1 and anna.lan.lobby.rows[1]["action"] is buttons[0]
    assert buttons[0].accessibleName() == words["name"]
    assert _remove_buttons(ben, words["remove"]) == []
    # a misclick: Cancel keeps Ben at the table
    qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
    box = _confirm(qtbot, anna)
    assert box.text() == words["question"]
    assert box.defaultButton() is box.button(QMessageBox.StandardButton.Cancel)
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Cancel), Qt.MouseButton.LeftButton)
    qtbot.wait(300)
    assert lobby_names(anna)[1] == "Ben" and ben.window.stack.currentWidget() is ben.lan.lobby
    # now for real
    qtbot.mouseClick(_remove_buttons(anna, words["remove"])[0], Qt.MouseButton.LeftButton)
    box = _confirm(qtbot, anna)
    remove = next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.DestructiveRole)
    qtbot.mouseClick(remove, Qt.MouseButton.LeftButton)
    title, text = shown_error(qtbot, ben)
    assert (title, text) == (words["title"], words["text"])
    qtbot.waitUntil(lambda: ben.window.stack.currentWidget() is ben.start, timeout=TIMEOUT)
    assert ben.lan.rejoin_info() is None and not ben.start.rejoin_button.isVisible()
    assert not ben.lan.banner.isVisible()
    qtbot.waitUntil(lambda: lobby_names(anna)[1] == words["open"], timeout=TIMEOUT)
    assert anna.lan.message_box is None or not anna.lan.message_box.isVisible()
    # the freed seat is there for a third player
    join_by_address(qtbot, cleo, f"127.0.0.1:{port}", "Cleo")
    qtbot.waitUntil(lambda: lobby_names(anna)[1] == "Cleo", timeout=TIMEOUT)
    qtbot.waitUntil(lambda: cleo.lan.session is not None and cleo.lan.session.seat == 1, timeout=TIMEOUT)
    qtbot.wait(300)  # Ben's app stays away: it does not reconnect
    assert lobby_names(anna) == ["Anna", "Cleo", words["open"]]
    assert ben.lan.session is None and ben.window.stack.currentWidget() is ben.start
