"""The "Reconnecting" banner covers the board, never the top of the Players panel, also after
the window grows and the side column widens."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect

from patrician_qt.ui.game.main_window import MainWindow
from patrician_qt.ui.lan.controller import LanController
from patrician_qt.ui.session.local import LocalSession
from tests.ui.game_helpers import config


def _side_rect(window: MainWindow) -> QRect:
    side = window.page.side
    return QRect(side.mapTo(window.stack, QPoint(0, 0)), side.size())


def test_the_banner_keeps_clear_of_the_players_panel_at_every_size(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window = MainWindow(None)
    qtbot.addWidget(window)
    window.set_speed("instant")
    lan = LanController(window, None, tmp_path)
    window.resize(1280, 720)
    window.show()
    session = LocalSession(config(["human", "bot:easy"], 3))
    window.start_session(session)
    qtbot.waitExposed(window)
    lan.banner.show_reconnecting("Reconnecting to Anna's table…", "the connection was lost")
    lan.place_banner()  # what the controller does when the line drops
    banner = lan.banner
    qtbot.waitUntil(lambda: banner.isVisible())
    for size in ((1280, 720), (1920, 1080), (1024, 700), (1600, 900)):
        window.resize(*size)
        qtbot.waitUntil(lambda s=size: window.width() == s[0])
        # the layout has settled: the side column ends at the page's right margin
        qtbot.waitUntil(lambda: _side_rect(window).right() == window.stack.width() - 9)
        qtbot.waitUntil(lambda: not banner.geometry().intersects(_side_rect(window)), timeout=5000)
        plaque = QRect(banner.plaque.mapTo(window.stack, QPoint(0, 0)), banner.plaque.size())
        assert not plaque.intersects(_side_rect(window)), size
        assert banner.width() >= window.board_view.width() - 8  # still over the whole board
    session.close()
