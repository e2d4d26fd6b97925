"""A whole LAN game in three windows: host, find the table by zeroconf, join, sit, start, play, chat."""

from __future__ import annotations

import os
import random
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QPushButton

from patrician_qt.ui.app.flow import AppController
from tests.ui.game_helpers import play_turn_by_clicks

from .conftest import free_port

TIMEOUT = 20_000


def host_table(qtbot: Any, app: AppController, table: str, name: str, seats: list[int], port: int) -> None:
    """Fill in the Host dialog as a person would and open the table (seats: combo index per other seat)."""
    qtbot.mouseClick(app.start.host_button, Qt.MouseButton.LeftButton)
    dialog = app.lan.dialog
    qtbot.waitUntil(dialog.isVisible)
    dialog.player.setText(name)
    dialog.table.setText(table)
    dialog.count.setValue(len(seats) + 1)
    for combo, index in zip(dialog.kinds, seats, strict=False):
        combo.setCurrentIndex(index)
    dialog.port.setValue(port)
    qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    # the lobby, also when bots fill every other seat: the host starts the game
    qtbot.waitUntil(lambda: app.window.stack.currentWidget() is app.lan.lobby, timeout=TIMEOUT)


def every_seat_filled(host: AppController) -> bool:
    """The host's lobby shows every seat taken (Start is enabled from two seats on, so that alone says less)."""
    lobby = host.lan.lobby
    return (host.window.stack.currentWidget() is lobby and bool(lobby.seats)
            and all(s.get("kind") != "open" for s in lobby.seats) and lobby.start_button.isEnabled())


def start_game(qtbot: Any, host: AppController) -> None:
    """The host presses "Start the game" once every seat is filled (nobody skips the lobby)."""
    qtbot.waitUntil(lambda: every_seat_filled(host), timeout=TIMEOUT)
    qtbot.mouseClick(host.lan.lobby.start_button, Qt.MouseButton.LeftButton)


def join_from_list(qtbot: Any, app: AppController, table: str, port: int, name: str, role: str = "player") -> None:
    """Open Join, wait until the table (this one: its port) shows up in the live list, pick it and join (or watch)."""
    qtbot.mouseClick(app.start.join_button, Qt.MouseButton.LeftButton)
    dialog = app.lan.dialog

    def row() -> int:
        for i in range(dialog.tables.topLevelItemCount()):
            item = dialog.tables.topLevelItem(i)
            if item.text(0) == table and item.text(1) == f"127.0.0.1:{port}":
                return i
        return -1

    qtbot.waitUntil(lambda: row() >= 0, timeout=TIMEOUT)
    dialog.name.setText(name)
    dialog.tables.topLevelItem(row()).setSelected(True)
    button = dialog.join_button if role == "player" else dialog.watch_button
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def lobby_names(app: AppController) -> list[str]:
    """The names in the lobby's seat rows as shown."""
    return [row["name"].text() for row in app.lan.lobby.rows]


def chat_lines(app: AppController, in_game: bool) -> list[tuple[str, str]]:
    """What a window's chat panel shows (lobby or game)."""
    return (app.lan.chat if in_game else app.lan.lobby.chat).lines


def test_host_and_two_windows_find_join_sit_start_play_and_chat(qtbot: Any, make_app: Any) -> None:
    host, ben, cleo = make_app("anna"), make_app("ben"), make_app("cleo")
    port = free_port()
    table = f"Loopback table {os.getpid()}"  # other runs on this machine may advertise on loopback too
    host_table(qtbot, host, table, "Anna", [0, 0, 0, 0], port)  # four open seats
    assert lobby_names(host) == ["Anna", "Open seat", "Open seat", "Open seat", "Open seat"]
    assert not host.lan.lobby.start_button.isEnabled()  # only one seat filled

    join_from_list(qtbot, ben, table, port, "Ben")
    qtbot.waitUntil(lambda: ben.window.stack.currentWidget() is ben.lan.lobby, timeout=TIMEOUT)
    join_from_list(qtbot, cleo, table, port, "Cleo")
    qtbot.waitUntil(lambda: lobby_names(host) == ["Anna", "Ben", "Cleo", "Open seat", "Open seat"], timeout=TIMEOUT)
    assert host.lan.lobby.start_button.isEnabled()

    # Cleo moves to the last seat by clicking "Take this seat"
    qtbot.waitUntil(lambda: len(cleo.lan.lobby.rows) == 5 and "action" in cleo.lan.lobby.rows[4])
    take = cleo.lan.lobby.rows[4]["action"]
    assert isinstance(take, QPushButton)
    qtbot.mouseClick(take, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: lobby_names(ben) == ["Anna", "Ben", "Open seat", "Open seat", "Cleo"], timeout=TIMEOUT)
    assert cleo.lan.session.seat == 4

    # the host can make an open seat a bot's and open it again
    combo = host.lan.lobby.rows[3]["action"]
    assert isinstance(combo, QComboBox)
    combo.setCurrentIndex(2)
    combo.activated.emit(2)
    qtbot.waitUntil(lambda: cleo.lan.lobby.rows[3]["status"].text().startswith("Bot"), timeout=TIMEOUT)
    combo = host.lan.lobby.rows[3]["action"]
    combo.setCurrentIndex(0)
    combo.activated.emit(0)
    qtbot.waitUntil(lambda: lobby_names(cleo)[3] == "Open seat", timeout=TIMEOUT)

    # chat in the lobby reaches everyone
    ben.lan.lobby.chat.edit.setText("Ciao a tutti!")
    qtbot.mouseClick(ben.lan.lobby.chat.button, Qt.MouseButton.LeftButton)
    for app in (host, ben, cleo):
        qtbot.waitUntil(lambda a=app: ("Ben", "Ciao a tutti!") in chat_lines(a, False), timeout=TIMEOUT)

    # the host starts with the three filled seats: the open ones go, Cleo is renumbered
    qtbot.mouseClick(host.lan.lobby.start_button, Qt.MouseButton.LeftButton)
    apps = (host, ben, cleo)
    for app in apps:
        qtbot.waitUntil(lambda a=app: a.window.stack.currentWidget() is a.window.page
                        and a.window._shown is not None, timeout=TIMEOUT)
        assert [s.name for s in app.lan.session.seats()] == ["Anna", "Ben", "Cleo"]
        assert app.lan.chat.isVisible()
    assert [a.lan.session.seat for a in apps] == [0, 1, 2]
    assert ("Ben", "Ciao a tutti!") in cleo.lan.chat.lines  # the lobby's chat carries on in the game

    # chat in the game reaches everyone
    cleo.lan.chat.edit.setText("Buona fortuna")
    qtbot.keyClick(cleo.lan.chat.edit, Qt.Key.Key_Return)
    for app in apps:
        qtbot.waitUntil(lambda a=app: ("Cleo", "Buona fortuna") in a.lan.chat.lines, timeout=TIMEOUT)

    # play the whole game by clicks, each turn in the window of the seat to move
    rng = random.Random(4)
    turns = 0
    waits_seen = 0
    while True:
        qtbot.waitUntil(lambda: any(a.window.controller.active for a in apps)
                        or all(a.window._shown is not None and a.window._shown.over for a in apps), timeout=TIMEOUT)
        if all(a.window._shown.over for a in apps):
            break
        mover = next(a for a in apps if a.window.controller.active)
        for other in apps:
            if other is not mover and other.window._shown is not None and other.window._shown.seq == \
                    mover.window._shown.seq:
                # the others are told whom they wait for, and see no hand but their own
                assert other.window.turn_bar.prompt.text() == f"Waiting for {mover.lan.session.name}…"
                assert other.window.hand_model.cards() == other.window._shown.view(other.lan.session.seat)["hand"]
                waits_seen += 1
        with qtbot.waitSignal(mover.window.shown, timeout=TIMEOUT):
            play_turn_by_clicks(qtbot, mover.window, rng)
        turns += 1
    assert turns >= 20 and waits_seen > 0
    results = [a.window._shown.view(None)["result"] for a in apps]
    assert results[0] == results[1] == results[2] and results[0] is not None
    for app in apps:
        assert app.window.score_sheet.isVisible()
    # the host's record is the whole game; it replays to the same result
    from patrician_qt.engine import read_record, replay_result, write_record

    record = read_record(write_record(host.lan.session.record()))
    assert len(record.turns) == turns
    assert replay_result(record)["scores"] == results[0]["scores"]
    # a finished game is nothing to rejoin
    assert ben.lan.rejoin_info() is None
