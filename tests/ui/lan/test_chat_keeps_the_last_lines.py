"""The table chat keeps the last lines only (the joined app's and the host app's own panel alike):
an evening of chat, or a host that floods it, costs bounded memory; a note says what was dropped."""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from patrician_qt.ui.lan.chat_panel import MAX_CHARS, MAX_LINES, ChatPanel


def test_the_chat_keeps_its_last_lines_and_says_that_earlier_ones_went(qtbot: Any) -> None:
    panel = ChatPanel()
    qtbot.addWidget(panel)
    for i in range(3 * MAX_LINES):
        panel.add_line("Anna", f"line {i} " + "x" * 2000)
    panel.add_notice("Connected again.")
    doc = panel.view.document()
    assert len(panel.lines) <= MAX_LINES + 60 and doc.blockCount() == len(panel.lines) + 1
    assert all(len(text) <= MAX_CHARS for _sender, text in panel.lines)
    assert panel.lines[-2][1].startswith(f"line {3 * MAX_LINES - 1} ")
    assert "earlier lines are no longer shown" in doc.firstBlock().text()
    assert f"{panel.dropped} earlier" in doc.firstBlock().text()
    assert doc.lastBlock().text().endswith("Connected again.")
    assert doc.characterCount() < (MAX_LINES + 60) * (MAX_CHARS + 40)


def test_the_game_panel_takes_over_the_lobby_panel_and_keeps_the_cap(qtbot: Any) -> None:
    lobby, game = ChatPanel(), ChatPanel()
    qtbot.addWidget(lobby)
    qtbot.addWidget(game)
    for i in range(MAX_LINES + 100):
        lobby.add_line("Ben", f"l{i}")
    game.copy_from(lobby)
    for i in range(MAX_LINES):
        game.add_line("Ben", f"g{i}")
    doc = game.view.document()
    assert doc.blockCount() == len(game.lines) + 1 and game.lines[-1][1] == f"g{MAX_LINES - 1}"
    assert doc.findBlockByNumber(1).text().endswith(game.lines[0][1])
    game.clear()
    assert game.lines == [] and game.dropped == 0 and game.view.document().toPlainText() == ""
