"""After "Host again" (the host's app was closed mid-game) and Rejoin (the joiner's too), the rematch
lobby is the same lobby as before: where the others join, which table this is, the chat with its times,
and "Your table is open again." said once, when it was."""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Qt

from patrician_qt.ui.app.flow import AppController

from .conftest import free_port
from .test_lan_drops import in_game, play
from .test_lan_evening import play_game
from .test_lan_game import TIMEOUT, start_game
from .test_lan_resume_hosted import click_resume, hosted_with_ben


def open_again_notes(app: AppController) -> int:
    """How often the game's chat said "Your table is open again."."""
    return sum(1 for who, text in app.lan.chat.lines if not who and text == "Your table is open again.")


def test_the_rematch_lobby_after_host_again_and_rejoin_keeps_address_table_and_chat(qtbot: Any,
                                                                                     make_app: Any) -> None:
    port = free_port()
    anna, ben = hosted_with_ben(qtbot, make_app, "Comeback table", port)
    anna.lan.chat.edit.setText("back in a minute")
    qtbot.keyClick(anna.lan.chat.edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: ("Anna", "back in a minute") in ben.lan.chat.lines, timeout=TIMEOUT)
    rng = random.Random(6)
    assert play(qtbot, [anna, ben], rng, 2) == 2
    anna.window.close()  # the host quits mid-game, and so does Ben
    ben.window.close()
    anna2 = make_app("anna")
    click_resume(qtbot, anna2)
    qtbot.waitUntil(lambda: in_game(anna2), timeout=TIMEOUT)
    ben2 = make_app("ben")
    qtbot.waitUntil(ben2.start.rejoin_button.isVisible, timeout=TIMEOUT)
    qtbot.mouseClick(ben2.start.rejoin_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: in_game(ben2), timeout=TIMEOUT)
    apps = [anna2, ben2]
    assert open_again_notes(anna2) == 1
    # Ben's new app had no chat: the host sent its recent lines, shown without a time (said before)
    assert ("Anna", "back in a minute") in ben2.lan.chat.lines
    assert ben2.lan.chat.lines.count(("Anna", "back in a minute")) == 1
    assert "Anna: back in a minute" in ben2.lan.chat.view.toPlainText().splitlines()  # no time: said before
    play_game(qtbot, apps, rng, chat_every=1000)
    qtbot.waitUntil(lambda: anna2.window.score_sheet.isVisible(), timeout=TIMEOUT)
    qtbot.mouseClick(anna2.window.score_sheet.again, Qt.MouseButton.LeftButton)
    for app in apps:
        qtbot.waitUntil(lambda a=app: a.window.stack.currentWidget() is a.lan.lobby, timeout=TIMEOUT)
    where = f"127.0.0.1:{port}"
    assert anna2.lan.lobby.subtitle.text().endswith(f"others join at {where}"), anna2.lan.lobby.subtitle.text()
    assert f"<b>{where}</b>" in anna2.lan.lobby.help.text()
    assert ben2.lan.lobby.subtitle.text().startswith(f"Lobby at {where}"), ben2.lan.lobby.subtitle.text()
    for app in apps:
        assert app.lan.lobby.table_kind.text().startswith("Rulebook table (R26):"), app.lan.lobby.table_kind.text()
    assert ("Anna", "back in a minute") in anna2.lan.lobby.chat.lines  # the game's chat goes on in the lobby
    ben2.lan.lobby.chat.edit.setText("one more")
    qtbot.keyClick(ben2.lan.lobby.chat.edit, Qt.Key.Key_Return)
    for app in apps:
        qtbot.waitUntil(lambda a=app: ("Ben", "one more") in a.lan.lobby.chat.lines, timeout=TIMEOUT)
        shown = app.lan.lobby.chat.view.toPlainText().splitlines()
        said = [line for line in shown if line.endswith("Ben: one more")]
        assert said and said[-1][:2].isdigit() and said[-1][2] == ":", shown[-3:]  # "21:07 Ben: one more"
    qtbot.waitUntil(lambda: ben2.lan.rematch_box is not None, timeout=TIMEOUT)
    stay = next(b for b in ben2.lan.rematch_box.buttons() if b.text() == "Stay for the rematch")
    qtbot.mouseClick(stay, Qt.MouseButton.LeftButton)
    start_game(qtbot, anna2)
    qtbot.waitUntil(lambda: in_game(anna2) and not anna2.window._shown.over, timeout=TIMEOUT)
    lines = anna2.lan.chat.lines
    assert ("", "Your table is open again.") not in lines[lines.index(("Ben", "one more")):], lines
    assert lines.count(("Anna", "back in a minute")) == 1, lines
