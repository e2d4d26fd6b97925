"""A host that opens its table again gets back the game's log and the table's chat."""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Qt

from patrician_qt.ui.board.log_model import LogModel

from .conftest import free_port
from .test_lan_drops import in_game, play
from .test_lan_game import TIMEOUT, host_table, start_game
from .test_lan_resume_hosted import click_resume


def test_a_host_that_opens_its_table_again_has_the_log_and_the_chat(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    anna = make_app("anna")
    host_table(qtbot, anna, "Log table", "Anna", [2], port)  # Anna and an Easy bot
    start_game(qtbot, anna)
    qtbot.waitUntil(lambda: in_game(anna), timeout=TIMEOUT)
    chat = anna.lan.chat
    chat.edit.setText("<i>hello</i> bot")
    qtbot.mouseClick(chat.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: ("Anna", "<i>hello</i> bot") in chat.lines, timeout=TIMEOUT)
    assert play(qtbot, [anna], random.Random(5), 3) == 3
    played = len(anna.lan.hosted.record().turns)
    anna.window.close()  # quitting the app: the game may go on later

    anna2 = make_app("anna")
    click_resume(qtbot, anna2)
    qtbot.waitUntil(lambda: in_game(anna2), timeout=TIMEOUT)
    log = anna2.window.log_model
    rows = [log.row(i) for i in range(log.rowCount())]
    assert sum(1 for r in rows if r[LogModel.KindRole] == "played") >= played
    notes = [r[LogModel.TextRole] for r in rows if r[LogModel.KindRole] == "note"]
    assert notes[0].startswith("A new game begins") and notes[1].startswith("The game continues at turn ")
    chat2 = anna2.lan.chat
    assert chat2.lines[0] == ("Anna", "<i>hello</i> bot")
    assert "<i>hello</i> bot" in chat2.view.toPlainText()  # shown as typed, not as markup
