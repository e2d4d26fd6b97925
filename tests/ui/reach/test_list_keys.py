"""Lists and tables answer every arrow key: Up and Down walk the hand, and a key at an edge says the edge."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from tests.ui.game_helpers import open_game, wait_for_human_or_end


def _said(window: Any) -> list[str]:
    said: list[str] = []
    window.extras.speech.announcer.spoken.connect(said.append)
    return said


def test_up_and_down_walk_the_hand_and_its_ends_are_said(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    wait_for_human_or_end(qtbot, window)
    window.extras.speech.announcer.flush()
    view = window.hand_view
    window.activateWindow()
    view.setFocus()
    view.setCurrentIndex(view.model().index(0, 0))
    said = _said(window)
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert view.currentIndex().row() == 1
    qtbot.keyClick(view, Qt.Key.Key_Up)
    assert view.currentIndex().row() == 0
    assert said == []  # the screen reader reads the card the focus moved to
    qtbot.keyClick(view, Qt.Key.Key_Up)
    qtbot.waitUntil(lambda: said == ["Start of the list."], timeout=2000)
    qtbot.keyClick(view, Qt.Key.Key_End)
    qtbot.keyClick(view, Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: said[-1:] == ["End of the list."], timeout=2000)
    assert view.currentIndex().row() == view.model().rowCount() - 1
    session.close()


def test_an_arrow_at_the_score_tables_edge_says_the_edge(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["bot:easy", "bot:easy", "bot:easy"], seed=5, watch_seat=0)
    sheet = window.score_sheet
    qtbot.waitUntil(sheet.isVisible, timeout=60_000)
    table = sheet.table
    qtbot.waitUntil(table.hasFocus, timeout=5000)
    window.extras.speech.announcer.flush()
    said = _said(window)
    table.setCurrentCell(0, 0)
    qtbot.keyClick(table, Qt.Key.Key_Up)
    qtbot.waitUntil(lambda: said == ["Top of the table."], timeout=2000)
    qtbot.keyClick(table, Qt.Key.Key_Left)
    qtbot.waitUntil(lambda: said[-1:] == ["First column of the table."], timeout=2000)
    qtbot.keyClick(table, Qt.Key.Key_Right)
    assert table.currentColumn() == 1 and said[-1:] == ["First column of the table."]
    session.close()
