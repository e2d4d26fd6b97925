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


def test_the_boards_help_is_read_once_a_game_not_at_every_return_of_the_focus(qtbot: Any) -> None:
    """A screen reader reads a focused control's description each time it takes the focus: the board's help
    ("Arrow keys move the cursor …") was heard 14–16 times a game."""
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    wait_for_human_or_end(qtbot, window)
    board = window.board_view
    window.activateWindow()
    board.setFocus()
    assert board.accessibleDescription().startswith("Arrow keys move the cursor")
    qtbot.keyClick(board, Qt.Key.Key_F6)  # on to the players: the help has been heard
    assert not board.hasFocus()
    assert board.accessibleDescription() == ""
    board.setFocus()
    assert board.accessibleDescription() == ""
    session.close()
    from patrician_qt.ui.session.local import LocalSession
    from tests.ui.game_helpers import config

    again = LocalSession(config(["human", "bot:easy"], 14))
    window.start_session(again)  # a new game: the help once more
    wait_for_human_or_end(qtbot, window)
    assert board.accessibleDescription().startswith("Arrow keys move the cursor")
    again.close()


def test_a_closed_drop_downs_items_say_they_are_invisible(qtbot: Any) -> None:
    """Qt tells a list item's visibility from the list's size alone: the replay speed's items (in a hidden bar,
    in a closed list) said they were visible to a screen reader walking the window."""
    from PySide6.QtGui import QAccessible

    from patrician_qt.ui.game.replay_bar import ReplayBar

    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    speed = window.findChild(ReplayBar).speed

    def invisible() -> list[bool]:
        items = QAccessible.queryAccessibleInterface(speed).child(0)
        return [bool(items.child(i).state().invisible) for i in range(items.childCount())]

    assert invisible() == [True] * speed.count()
    window.findChild(ReplayBar).show()
    speed.showPopup()
    qtbot.waitUntil(lambda: speed.view().isVisible(), timeout=2000)
    assert invisible() == [False] * speed.count()
    speed.hidePopup()
    qtbot.waitUntil(lambda: not speed.view().isVisible(), timeout=2000)
    assert invisible() == [True] * speed.count()
    session.close()


def test_buttons_showing_a_symbol_are_read_by_their_words(qtbot: Any) -> None:
    """The replay's «, ◀, ▶ and » were read by their symbols' names."""
    from patrician_qt.ui.game.replay_bar import ReplayBar

    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    bar = window.findChild(ReplayBar)
    assert [b.accessibleName() for b in (bar.first, bar.back, bar.forward, bar.last)] == [
        "The deal", "One turn back", "One turn forward", "The end"]
    session.close()
