"""No game lost silently, at LAN tables: Join asks before an unfinished local game is left (which stays
resumable), and a host's Main menu asks, closes the table for now and offers to host it again."""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Qt

from patrician_qt.ui.app.unfinished import unfinished_games
from tests.ui.app.flow_helpers import answer, menu_by_keys, play_to, played, question
from tests.ui.game_helpers import config

from .conftest import free_port
from .test_lan_drops import in_game, play
from .test_lan_game import TIMEOUT, host_table, start_game


def test_join_asks_before_leaving_a_local_game_and_keeps_it(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    ben = make_app("ben")
    host_table(qtbot, ben, "Ask table", "Ben", [0], port)  # Ben waits in the lobby for one player
    anna = make_app("anna")
    local = anna.start_game(config(["human", "bot:easy"], seed=11))
    play_to(qtbot, anna, 3)
    cards = played(anna)
    menu_by_keys(qtbot, anna, Qt.Key.Key_G, Qt.Key.Key_J)  # Game ▸ Join LAN game…
    answer(qtbot, anna, leave=False)
    assert anna.window.session is local and anna.lan.dialog is None  # nothing opened, nothing left
    menu_by_keys(qtbot, anna, Qt.Key.Key_G, Qt.Key.Key_J)
    answer(qtbot, anna, leave=True)
    qtbot.waitUntil(lambda: anna.lan.dialog is not None and anna.lan.dialog.isVisible(), timeout=TIMEOUT)
    assert anna.window.session is None  # the local game was closed, not left running behind the dialog
    dialog = anna.lan.dialog
    dialog.name.setText("Anna")
    dialog.address.setText(f"127.0.0.1:{port}")
    qtbot.mouseClick(dialog.address_button, Qt.MouseButton.LeftButton)
    start_game(qtbot, ben)
    for app in (anna, ben):
        qtbot.waitUntil(lambda a=app: in_game(a), timeout=TIMEOUT)
    games = unfinished_games(anna.autosaves)  # the local game waits in Continue
    assert [(g.players, g.turn) for g in games] == [([s.name for s in local.seats()], cards + 1)]


def test_a_hosts_main_menu_asks_and_the_table_can_be_hosted_again(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    anna = make_app("anna")
    host_table(qtbot, anna, "Back table", "Anna", [2], port)  # Anna and an Easy bot
    start_game(qtbot, anna)
    qtbot.waitUntil(lambda: in_game(anna), timeout=TIMEOUT)
    assert play(qtbot, [anna], random.Random(2), 2) == 2
    menu_by_keys(qtbot, anna, Qt.Key.Key_G, Qt.Key.Key_M)
    box = question(qtbot, anna)
    assert "Host Back table again" in box.informativeText()
    answer(qtbot, anna, leave=True)
    assert anna.window.current_page() is anna.start and anna.lan.hosted is None
    qtbot.waitUntil(anna.start.resume_hosted_button.isVisible, timeout=TIMEOUT)
    qtbot.mouseClick(anna.start.resume_hosted_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: in_game(anna), timeout=TIMEOUT)
    assert anna.lan.is_host and anna.lan.hosted.port == port
