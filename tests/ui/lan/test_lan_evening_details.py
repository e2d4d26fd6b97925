"""The smaller things of an evening: names and seat texts that fit, a score never parted
from its name, the table's name following "Your name", the Join list's seat counts with a bot seat, and
a window that comes back maximized after a crash."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QFontMetrics

from patrician_qt.ui.board import theme
from patrician_qt.ui.board.players_view import fit_name
from patrician_qt.ui.game.game_page import SIDE_W
from patrician_qt.ui.game.main_window import MainWindow
from patrician_qt.ui.lan.host_dialog import HostDialog
from patrician_qt.ui.text import language
from patrician_qt.ui.text.event_text import describe
from patrician_qt.ui.text.seat_names import display_name

from .conftest import free_port
from .test_lan_game import TIMEOUT, host_table

PLAQUE = SIDE_W - 16 - 6  # the players list inside the side panel's margins, less the plaque's own


def test_a_name_is_never_cut_for_the_fame_tiles_beside_it(qapp: Any) -> None:
    for lang in ("en", "de"):
        language.install(lang)
        try:
            for raw in ("Bot 1 (hard)", "Bot 4 (expert)", "Bot 2 (medium)", "Annabella"):
                name = display_name(raw)
                for tiles in range(0, 8):
                    size, shown, width = fit_name(name, tiles, PLAQUE)
                    fm = QFontMetrics(theme.pixel_font(size, bold=True))
                    assert fm.horizontalAdvance(name) <= width, (name, tiles, size, shown)
                    assert shown >= min(tiles, 2)  # at least two tiles (the last one counts the rest)
        finally:
            language.install("en")


def test_a_seat_away_or_offline_says_so_briefly_within_the_plaque(qapp: Any) -> None:
    from patrician_qt.ui.session.remote import RemoteSession

    session = RemoteSession()
    try:
        session.lobby = [{"name": "Anna", "kind": "human", "connected": True},
                         {"name": "Ben", "kind": "bot", "level": "medium", "connected": True, "away": True},
                         {"name": "Cleo", "kind": "human", "connected": False}]
        session._seen_lobby(session.lobby)
        session.absence_source = lambda: [{"seat": 2, "name": "Cleo", "gone_for": 3725.0, "takeover_in": 19.2,
                                           "bot": False, "held": False}]
        away, offline = session.seat_status(1), session.seat_status(2)
        assert away == "away 0:00 · a bot plays"
        assert offline == "offline 1:02:05 · bot in 20 s"
        fm = QFontMetrics(theme.pixel_font(11))
        for text in (away, offline):
            assert fm.horizontalAdvance(text) <= PLAQUE - 128, text  # the kind line beside the top card
    finally:
        session.close()


def test_a_score_stays_with_its_name_in_the_log() -> None:
    text = describe({"e": "scored", "city": "Roma", "awards": [[2, 9], [0, 5]]}, ["Anna", "Ben", "Bot 1 (hard)"])
    assert text == "Roma scored — Bot 1 (hard)\u00a09, Anna\u00a05"  # a line may break anywhere but there


def test_the_table_name_follows_your_name_until_the_host_types_one(qtbot: Any, tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("lan/table", "vm's table")  # what an older version saved: the computer's name
    import socket

    settings.setValue("lan/table", f"{socket.gethostname().split('.')[0]}'s table")
    dialog = HostDialog(settings)
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.player, "Anna")
    assert dialog.table.text() == "Anna's table"
    dialog.table.selectAll()
    qtbot.keyClicks(dialog.table, "Friday games")
    dialog.player.setText("Anna B")
    assert dialog.table.text() == "Friday games"  # typed by the host: kept
    dialog.ok.click()
    again = HostDialog(settings)
    qtbot.addWidget(again)
    assert again.table.text() == "Friday games"
    again.table.selectAll()
    qtbot.keyClick(again.table, Qt.Key.Key_Delete)  # emptied by hand: it follows the name again
    again.player.setText("Ben")
    assert again.table.text() == "Ben's table"


def test_the_join_list_counts_the_hosts_seat_and_a_bot_seat_as_seated(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    anna, ben = make_app("anna"), make_app("ben")
    host_table(qtbot, anna, "Counted table", "Anna", [2, 0], port)  # Anna, an Easy bot, an open seat
    qtbot.mouseClick(ben.start.join_button, Qt.MouseButton.LeftButton)
    dialog = ben.lan.dialog

    def seats_text() -> str:
        for i in range(dialog.tables.topLevelItemCount()):
            item = dialog.tables.topLevelItem(i)
            if item.text(0) == "Counted table" and item.text(1) == f"127.0.0.1:{port}":
                return item.text(2)
        return ""

    qtbot.waitUntil(lambda: seats_text() != "", timeout=TIMEOUT)
    assert seats_text() == "2 of 3 seated · 1 free"  # from the very first advertisement
    dialog.reject()


def test_a_maximized_window_comes_back_maximized_after_a_crash(qtbot: Any, tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    window.showMaximized()
    qtbot.waitUntil(window.isMaximized)
    qtbot.waitUntil(lambda: settings.value("ui/maximized", False, type=bool))  # kept at once, not on closing
    window.hide()  # the app dies here: no closeEvent
    reopened = MainWindow(settings)
    qtbot.addWidget(reopened)
    reopened.show()
    qtbot.waitUntil(reopened.isMaximized)
