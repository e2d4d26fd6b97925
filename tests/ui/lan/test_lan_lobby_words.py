"""What the host's screen and the lobby say about people who went: the host is "you" on its own screen,
and a player who left the lobby is said to have gone, not counted as a filled seat."""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Qt

from .conftest import free_port
from .test_lan_drops import join_by_address, play, two_in_a_game
from .test_lan_game import TIMEOUT, every_seat_filled, host_table


def test_the_hosts_own_screen_says_you_when_a_player_drops(qtbot: Any, make_app: Any) -> None:
    anna, ben = two_in_a_game(qtbot, make_app, "You table")
    qtbot.waitUntil(lambda: anna.window.controller.active or ben.window.controller.active, timeout=TIMEOUT)
    if anna.window.controller.active:
        assert play(qtbot, [anna], random.Random(2), 1) == 1
    qtbot.waitUntil(lambda: ben.window.controller.active, timeout=TIMEOUT)
    ben.window.close()  # Ben's turn, and his app is gone
    bar = anna.window.turn_bar
    qtbot.waitUntil(lambda: "Ben's connection dropped" in bar.message_text, timeout=TIMEOUT)
    assert "the host" not in bar.message_text and "you may let a bot play" in bar.message_text, bar.message_text


def test_a_player_who_left_the_lobby_is_said_gone_not_a_filled_seat(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    anna, ben = make_app("anna"), make_app("ben")
    host_table(qtbot, anna, "Gone table", "Anna", [0], port)
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")
    qtbot.waitUntil(lambda: every_seat_filled(anna), timeout=TIMEOUT)
    assert anna.lan.lobby.message.text().startswith("Every seat is filled")
    ben.window.close()  # Ben goes; his seat waits for him a while
    lobby = anna.lan.lobby
    qtbot.waitUntil(lambda: "offline" in lobby.rows[1]["status"].text(), timeout=TIMEOUT)
    assert not lobby.message.text().startswith("Every seat is filled"), lobby.message.text()
    assert "Ben" in lobby.message.text()
    assert any(not who and "Ben" in text for who, text in lobby.chat.lines), lobby.chat.lines


def test_a_taken_name_asks_for_another_in_the_join_dialog(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    anna, ben = make_app("anna"), make_app("ben")
    host_table(qtbot, anna, "Name table", "Anna", [0], port)
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "anna")  # Ben types the host's name by mistake
    qtbot.waitUntil(lambda: ben.lan.session is None and ben.lan.dialog is not None and ben.lan.dialog.isVisible(),
                    timeout=TIMEOUT)
    dialog = ben.lan.dialog
    said = dialog.problem.text()
    assert said == "Someone at this table is already called anna: choose another name.", said  # said once
    assert dialog.address.text() == f"127.0.0.1:{port}" and dialog.name.text() == "anna"
    assert ben.lan.message_box is None or not ben.lan.message_box.isVisible()
    qtbot.waitUntil(dialog.name.hasFocus)
    dialog.name.setText("Ben")
    qtbot.mouseClick(dialog.address_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: ben.window.current_page() is ben.lan.lobby, timeout=TIMEOUT)
    assert [r["name"].text() for r in anna.lan.lobby.rows] == ["Anna", "Ben"]


def test_the_lobby_lists_who_watches(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    anna, ben, cleo = make_app("anna"), make_app("ben"), make_app("cleo")
    host_table(qtbot, anna, "Watch table", "Anna", [0], port)
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")
    qtbot.waitUntil(lambda: ben.window.current_page() is ben.lan.lobby, timeout=TIMEOUT)
    assert not anna.lan.lobby.watching.isVisible()
    qtbot.mouseClick(cleo.start.join_button, Qt.MouseButton.LeftButton)
    dialog = cleo.lan.dialog
    dialog.name.setText("Cleo")
    dialog.address.setText(f"127.0.0.1:{port}")
    qtbot.mouseClick(dialog.address_watch, Qt.MouseButton.LeftButton)  # Cleo watches
    for app in (anna, ben, cleo):
        qtbot.waitUntil(lambda a=app: a.lan.lobby.watching.text() == "Watching: Cleo", timeout=TIMEOUT)
        assert app.lan.lobby.watching.isVisible()
    cleo.window.close()  # Cleo goes
    for app in (anna, ben):
        qtbot.waitUntil(lambda a=app: not a.lan.lobby.watching.isVisible(), timeout=TIMEOUT)


def test_a_newcomer_is_not_said_to_be_back(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    anna, ben = make_app("anna"), make_app("ben")
    host_table(qtbot, anna, "Hello table", "Anna", [0], port)
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")
    qtbot.waitUntil(lambda: every_seat_filled(anna), timeout=TIMEOUT)
    qtbot.wait(300)
    assert not any("back" in text for who, text in anna.lan.lobby.chat.lines if not who), anna.lan.lobby.chat.lines
