"""The table option at a LAN table (R26, R26a): chosen in the Host dialog, remembered, told in the lobby,
followed by every window's players panel."""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Qt

from patrician_qt.engine import read_record, replay_result, write_record
from patrician_qt.ui.board.players_model import PlayersModel
from patrician_qt.ui.lan.host_dialog import HostDialog
from patrician_qt.ui.lan.lobby_view import LobbyView

from .conftest import free_port
from .test_lan_drops import in_game, join_by_address, play
from .test_lan_game import TIMEOUT, host_table, start_game


def _open_table_in_host_dialog(qtbot: Any, app: Any) -> None:
    """Open the Host dialog and pick the open table (kept in the settings only on OK)."""
    qtbot.mouseClick(app.start.host_button, Qt.MouseButton.LeftButton)
    dialog = app.lan.dialog
    qtbot.waitUntil(dialog.isVisible)
    assert dialog.visibility.currentData() == "rulebook"  # the default: the game as in the box
    dialog.visibility.setCurrentIndex(dialog.visibility.findData("open"))
    assert dialog.config().visibility == "open"


def test_r26a_an_open_table_is_chosen_told_in_the_lobby_and_shown_open(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    anna, ben = make_app("anna"), make_app("ben")
    _open_table_in_host_dialog(qtbot, anna)
    dialog = anna.lan.dialog
    dialog.player.setText("Anna")
    dialog.table.setText("Open table test")
    dialog.count.setValue(3)
    dialog.kinds[0].setCurrentIndex(0)  # open for a player
    dialog.kinds[1].setCurrentIndex(1)  # a bot
    dialog.port.setValue(port)
    qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: anna.window.stack.currentWidget() is anna.lan.lobby, timeout=TIMEOUT)
    assert anna.settings.value("lan/visibility") == "open"
    assert "Open table (R26a)" in anna.lan.lobby.table_kind.text()
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")
    # every seat is filled: the host starts the game (the app never skips the lobby)
    start_game(qtbot, anna)
    for app in (anna, ben):
        qtbot.waitUntil(lambda a=app: in_game(a), timeout=TIMEOUT)
    assert ben.lan.session.visibility == "open"
    for app in (anna, ben):
        qtbot.waitUntil(lambda a=app: a.window.page.players_title.text() == "Players · open table")
        model = app.window.players_model
        assert all(model.index(s, 0).data(PlayersModel.HiddenRole) is False for s in range(3))
        assert all(model.index(s, 0).data(PlayersModel.ScoreRole) is not None for s in range(3))
    # played to the end: the host's record keeps the open table and replays to the same result
    play(qtbot, [anna, ben], random.Random(4), 200)
    qtbot.waitUntil(lambda: all(a.window.shown_update.over for a in (anna, ben)), timeout=TIMEOUT)
    record = read_record(write_record(anna.lan.session.record()))
    assert record.visibility == "open"
    assert replay_result(record) == anna.window.shown_update.view(None)["result"]
    # the next Host dialog starts from the remembered choice
    again = HostDialog(anna.settings)
    qtbot.addWidget(again)
    assert again.visibility.currentData() == "open"


def test_r26_a_rulebook_table_is_told_in_the_lobby_and_hides_others_in_the_panel(qtbot: Any,
                                                                                   make_app: Any) -> None:
    port = free_port()
    anna, ben = make_app("anna"), make_app("ben")
    host_table(qtbot, anna, "Rulebook table test", "Anna", [0], port)  # the Host dialog's default table
    assert anna.lan.lobby.table_kind.property("visibility") == "rulebook"
    assert "Rulebook table (R26)" in anna.lan.lobby.table_kind.text()
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")
    # every seat is filled: the host starts the game (the app never skips the lobby)
    start_game(qtbot, anna)
    for app in (anna, ben):
        qtbot.waitUntil(lambda a=app: in_game(a), timeout=TIMEOUT)
    assert ben.lan.session.visibility == "rulebook"
    for app in (anna, ben):
        qtbot.waitUntil(lambda a=app: a.window.page.players_title.text() == "Players · as in the box")
        model = app.window.players_model
        me = app.lan.session.seat
        assert model.index(me, 0).data(PlayersModel.HiddenRole) is False
        assert model.index(1 - me, 0).data(PlayersModel.HiddenRole) is True
        assert model.index(1 - me, 0).data(PlayersModel.ScoreRole) is None


def test_the_lobby_says_which_table_it_is(qtbot: Any) -> None:
    lobby = LobbyView()
    qtbot.addWidget(lobby)
    lobby.set_visibility("rulebook")
    assert "as in the box" in lobby.table_kind.text() and "face down" in lobby.table_kind.text()
    lobby.set_visibility("open")
    assert lobby.table_kind.text().startswith("Open table (R26a)")
    assert lobby.table_kind.textFormat() == Qt.TextFormat.PlainText
