"""The side column's log-and-chat place (ui/game/side_tabs.py) on its own: its minimum and preferred sizes are the
same in both modes, so the mode chosen from the height can never change the height the layout gives it (no
switching back and forth), and the chat's own title gives way to its tab."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from patrician_qt.ui.board.log_view import LogView
from patrician_qt.ui.game.side_tabs import SideTabs
from patrician_qt.ui.lan.chat_panel import ChatPanel


def _column(qtbot: Any) -> tuple[QWidget, SideTabs, LogView, ChatPanel]:
    column = QWidget()
    qtbot.addWidget(column)
    lay = QVBoxLayout(column)
    lay.setContentsMargins(0, 0, 0, 0)
    title, log = QLabel("Log"), LogView()
    log.setMinimumHeight(70)
    tabs = SideTabs(title, log, column)
    lay.addWidget(tabs, 1)
    chat = ChatPanel()
    tabs.add_panel(chat, 1, chat.arrived)
    column.resize(300, 600)
    column.show()
    qtbot.waitExposed(column)
    return column, tabs, log, chat


def test_the_sizes_do_not_depend_on_the_mode_and_no_height_switches_back_and_forth(qtbot: Any) -> None:
    column, tabs, log, chat = _column(qtbot)
    low, high = tabs.minimumSizeHint().height(), tabs.sizeHint().height()
    assert low < high
    seen = set()
    for height in range(low, high + 40, 3):
        column.resize(300, height)
        QApplication.processEvents()
        mode = tabs.tabbed
        seen.add(mode)
        assert (tabs.minimumSizeHint().height(), tabs.sizeHint().height()) == (low, high)
        for _ in range(5):  # settled: more turns of the event loop change nothing
            QApplication.processEvents()
            assert tabs.tabbed == mode and tabs.height() == height
        assert mode == (height < high)
        # tabs: one of log and chat, the chat's title gives way to its tab; stacked: both, with titles
        assert log.isVisible() != chat.isVisible() if mode else log.isVisible() and chat.isVisible()
        assert chat.title.isVisible() != mode and tabs.title.isVisible() != mode
    assert seen == {True, False}


def test_a_hidden_chat_leaves_the_log_alone_with_its_title(qtbot: Any) -> None:
    column, tabs, log, chat = _column(qtbot)
    column.resize(300, tabs.minimumSizeHint().height())
    QApplication.processEvents()
    assert tabs.tabbed
    chat.hide()  # the LAN controller hides it when the table is left
    QApplication.processEvents()
    assert not tabs.tabbed and not tabs.bar.isVisible() and log.isVisible() and tabs.title.isVisible()
    assert tabs.minimumSizeHint().height() < tabs.bar.sizeHint().height() + chat.minimumSizeHint().height()
