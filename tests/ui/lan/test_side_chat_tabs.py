"""A 5-player LAN game with its chat on a laptop's screen: the side column shares one place between the log and
the chat as two tabs when it is short (the window is never forced taller than asked), shows them one under the
other when there is room, marks the Chat tab unread, and keeps a draft and the focus across a switch.

Real sockets on 127.0.0.1 only, no zeroconf: Anna hosts with three bots and an open seat, Ben joins by address.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from patrician_qt.ui.app.flow import AppController

from .conftest import free_port, lan_options
from .test_lan_drops import in_game, join_by_address
from .test_lan_evening import activate
from .test_lan_game import TIMEOUT, host_table, start_game


def _quiet(app: AppController) -> AppController:
    app.lan.options = replace(lan_options(), advertise=False)  # nothing announced, even on loopback
    return app


def five_at_a_table(qtbot: Any, make_app: Any) -> tuple[AppController, AppController]:
    """Anna hosts a 5-player table (Ben's open seat, three easy bots), Ben joins by address, the game starts."""
    port = free_port()
    anna, ben = _quiet(make_app("anna")), _quiet(make_app("ben"))
    host_table(qtbot, anna, "Laptop table", "Anna", [0, 1, 1, 1], port)
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")
    start_game(qtbot, anna)
    for app in (anna, ben):
        qtbot.waitUntil(lambda a=app: in_game(a) and not a.lan.chat.isHidden(), timeout=TIMEOUT)
        assert len(app.window.session.seats()) == 5
    return anna, ben


def sized(qtbot: Any, app: AppController, w: int, h: int) -> None:
    """Resize the window and wait until the side column has settled at its new height."""
    app.window.resize(w, h)
    tabs = app.window.page.side_tabs
    side = app.window.page.side
    try:
        qtbot.waitUntil(lambda: (app.window.width(), app.window.height()) == (w, h)
                        and tabs.geometry().bottom() < side.height(), timeout=5000)
    except Exception as e:  # say what the sizes were
        raise AssertionError(f"window {app.window.size()}, min {app.window.minimumSizeHint()}, side "
                             f"{side.size()} min {side.minimumSizeHint()}, log and chat {tabs.geometry()} "
                             f"min {tabs.minimumSizeHint()}") from e
    QApplication.processEvents()


def test_five_players_with_chat_fit_a_short_screen_as_tabs_and_stack_on_a_tall_one(qtbot: Any,
                                                                                   make_app: Any) -> None:
    anna, ben = five_at_a_table(qtbot, make_app)
    for app in (anna, ben):
        w = app.window
        tabs = w.page.side_tabs
        for size in ((1280, 720), (1024, 700)):
            sized(qtbot, app, *size)
            assert (w.width(), w.height()) == size  # nothing forced the window taller than the screen
            assert tabs.tabbed and tabs.bar.isVisible()
            assert [tabs.bar.tabText(i) for i in range(tabs.bar.count())] == ["Log", "Chat"]
            assert w.log_view.isVisible() != app.lan.chat.isVisible()  # one place, one of them at a time
            edit = app.lan.chat.edit
            bottom = edit.mapTo(w, edit.rect().bottomLeft()).y()
            if edit.isVisible():
                assert bottom < w.height()
        sized(qtbot, app, 1920, 1080)
        assert not tabs.tabbed and not tabs.bar.isVisible()
        assert w.log_view.isVisible() and app.lan.chat.isVisible() and w.page.log_title.isVisible()
        log_bottom = w.log_view.mapTo(w, w.log_view.rect().bottomLeft()).y()
        chat_top = app.lan.chat.mapTo(w, app.lan.chat.rect().topLeft()).y()
        assert log_bottom < chat_top  # one under the other


def test_a_chat_line_on_the_log_tab_marks_the_chat_tab_until_it_is_opened(qtbot: Any, make_app: Any) -> None:
    anna, ben = five_at_a_table(qtbot, make_app)
    sized(qtbot, anna, 1280, 720)
    tabs = anna.window.page.side_tabs
    bar = tabs.bar
    bar.setCurrentIndex(0)  # Anna looks at the log
    assert anna.window.log_view.isVisible() and not anna.lan.chat.isVisible()
    for n, text in enumerate(("Hallo Anna!", "<b>bold?</b>"), start=1):
        qtbot.keyClicks(ben.lan.chat.edit, text)
        qtbot.keyClick(ben.lan.chat.edit, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda n=n: bar.tabText(1) == f"Chat ({n})", timeout=TIMEOUT)
    assert anna.lan.chat.lines[-1] == ("Ben", "<b>bold?</b>")
    assert "<b>bold?</b>" in anna.lan.chat.view.toPlainText()  # a peer's text stays plain text
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(1).center())
    assert bar.currentIndex() == 1 and anna.lan.chat.isVisible() and not anna.window.log_view.isVisible()
    assert bar.tabText(1) == "Chat"
    # unread again on the Log tab, then cleared by going back to one under the other
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(0).center())
    qtbot.keyClicks(ben.lan.chat.edit, "noch da?")
    qtbot.keyClick(ben.lan.chat.edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: bar.tabText(1) == "Chat (1)", timeout=TIMEOUT)
    sized(qtbot, anna, 1920, 1080)
    assert not tabs.tabbed and bar.tabText(1) == "Chat"


def test_a_draft_and_the_focus_survive_a_switch_and_f6_and_tab_reach_log_and_chat(qtbot: Any,
                                                                                   make_app: Any) -> None:
    anna, _ben = five_at_a_table(qtbot, make_app)
    w = anna.window
    tabs = w.page.side_tabs
    edit = anna.lan.chat.edit
    sized(qtbot, anna, 1500, 1000)  # the narrow side column (below 1600 px), tall enough for both
    assert not tabs.tabbed
    activate(qtbot, anna)
    qtbot.mouseClick(edit, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(edit, "Wer baut in Lue")
    assert edit.hasFocus()
    sized(qtbot, anna, 1280, 720)  # now tabs: the Chat tab is the one shown, with the draft and the focus
    assert tabs.tabbed and tabs.bar.currentIndex() == 1
    assert edit.isVisible() and edit.hasFocus() and edit.text() == "Wer baut in Lue"
    qtbot.keyClicks(edit, "beck?")
    sized(qtbot, anna, 1500, 1000)
    assert not tabs.tabbed and edit.hasFocus() and edit.text() == "Wer baut in Luebeck?"
    sized(qtbot, anna, 1280, 720)
    # F6 from the chat's line: board, players, hand, then the log (its tab comes up), then the chat's line again
    stops = []
    for _ in range(5):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_F6)
        stops.append(QApplication.focusWidget())
        if stops[-1] is w.log_view:
            assert tabs.bar.currentIndex() == 0 and w.log_view.isVisible()
    assert stops == [w.board_view, w.players_view, w.hand_view, w.log_view, edit]
    assert tabs.bar.currentIndex() == 1 and edit.isVisible() and edit.text() == "Wer baut in Luebeck?"
    qtbot.keyClick(edit, Qt.Key.Key_F6, Qt.KeyboardModifier.ShiftModifier)
    assert w.log_view.hasFocus() and w.log_view.isVisible()
    # Tab from the tab bar reaches the chat's line when the Chat tab is shown
    tabs.bar.setCurrentIndex(1)
    tabs.bar.setFocus(Qt.FocusReason.OtherFocusReason)
    for _ in range(4):
        if edit.hasFocus():
            break
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert edit.hasFocus()
