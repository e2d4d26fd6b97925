"""A stranger at the LAN party, seen from the app: names, the table name, chat, a host's
texts and file names with markup are shown as typed everywhere, in English and in German.

Real tables on 127.0.0.1 only. Every window of every app is walked with ``tests.ui.hostile_text``,
which renders each text the way Qt would and fails on any markup Qt interpreted.
"""

from __future__ import annotations

import resource
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgpack
import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox

from patrician_qt.ui.app.flow import AppController
from patrician_qt.ui.lan.rejoin import HostedGameInfo
from patrician_qt.ui.session.config import GameConfig, SeatConfig
from patrician_qt.ui.text import language
from tests.ui.game_helpers import wait_for_human_or_end
from tests.ui.hostile_text import CHAT, FILE, HOST_TEXT, PLAYERS, TABLE, assert_plain, walk_all

from .conftest import RawHost, free_port
from .test_lan_drops import in_game, join_by_address
from .test_lan_game import TIMEOUT, host_table

ANSGAR, BRUNO, COSIMA, IMG = PLAYERS
ROOT = Path(__file__).resolve().parents[3]
PROBE_MEMORY = 1536 * 2**20  # address space: the app needs under 768 MB; /dev/zero read as an image, without end


@pytest.fixture(params=["en", "de"])
def lang(request: Any, qapp: Any) -> Iterator[str]:
    """The apps run in this language (as after View ▸ Language)."""
    assert language.install(request.param)
    yield request.param
    language.install("en")


def _boxes(ctrl: AppController) -> list[QMessageBox]:
    """The message boxes the app's window shows now."""
    return [w for w in ctrl.window.findChildren(QMessageBox) if w.isVisible()]


def test_start_screen_hot_seat_bots_score_sheet_and_replay_show_markup_as_typed(qtbot: Any, tmp_path: Path,
                                                                               lang: str) -> None:
    data = tmp_path / FILE  # a folder with markup in its name: paths in tooltips and messages
    settings = QSettings(str(tmp_path / "app.ini"), QSettings.Format.IniFormat)
    rejoin = {"table": TABLE, "host": "127.0.0.1", "port": 1, "name": ANSGAR, "token": "t", "role": "player"}
    for k, v in rejoin.items():
        settings.setValue(f"lan/rejoin/{k}", v)
    ctrl = AppController(settings, data)
    qtbot.addWidget(ctrl.window)
    ctrl.window.set_speed("instant")
    ctrl.show()

    # hot-seat: two people and two bots, every name markup
    seats = [SeatConfig(ANSGAR, "black"), SeatConfig(BRUNO, "white"), SeatConfig(COSIMA, "red", "bot", "easy"),
             SeatConfig(IMG, "yellow", "bot", "easy")]
    session = ctrl.start_game(GameConfig(seats, seed=3))
    wait_for_human_or_end(qtbot, ctrl.window)
    assert ctrl.window.privacy.isVisible()
    walk = walk_all()
    asked = session.seats()[ctrl.window.privacy.seat].name
    assert_plain(walk, (asked, "PrivacyScreen/QLabel.text"), (asked, "PrivacyScreen/QPushButton#Reveal.text"),
                 (ANSGAR, "PlayersView"), (BRUNO, "PlayersView"), (IMG, "PlayersView*.toolTip"),
                 (COSIMA, "LogView"))
    qtbot.mouseClick(ctrl.window.privacy.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: ctrl.window.controller.active, timeout=TIMEOUT)
    assert_plain(walk_all(), (asked, "TurnBar/QLabel#Message.text"), (asked, "QLabel#SideTitle.text"))

    # the start screen: Rejoin the markup table, Continue names the autosave's path, Resume hosted game
    ctrl.window.close_session()
    ctrl.show_start()
    info = HostedGameInfo(data / "x.json", "t", 1, TABLE, ANSGAR, [{"name": n} for n in PLAYERS], 0, 3)
    ctrl.start.set_resume_hosted(info.table, info.summary(), 4)
    assert ctrl.start.continue_button.isEnabled()
    # Continue's tooltip tells the newest game by its players (not its file's path)
    assert_plain(walk_all(), (TABLE, "StartPage/QPushButton#Confirm.text"), (BRUNO, "StartPage/QPushButton.toolTip"),
                 (BRUNO, "StartPage/QLabel#StartSubtitle.text"))

    # four bots to the end: the score sheet names the winners
    bots = [SeatConfig(n, c, "bot", "easy") for n, c in zip(PLAYERS, ("black", "white", "red", "yellow"), strict=True)]
    session = ctrl.start_game(GameConfig(bots, seed=4))
    qtbot.waitUntil(lambda: ctrl.window.score_sheet.isVisible(), timeout=60_000)
    walk = walk_all()
    assert_plain(walk, (ANSGAR, "ScoreSheet*QTableWidget*header"), (IMG, "ScoreSheet*QTableWidget*header"))
    assert any("tower_tip" in where for name in PLAYERS for where in walk.where_seen(name))  # majorities named
    winners = ctrl.window.score_sheet.winners.text()
    assert any(n in winners for n in PLAYERS), winners

    # its record replayed: the seat chooser says whose view
    record = tmp_path / "game.patrician.json"
    ctrl.window.save_record(record)
    assert ctrl.window.files.open_replay(record)
    assert_plain(walk_all(), (COSIMA, "ReplayBar*QComboBox"))

    # a broken record whose name is markup: one message naming it as it is called
    broken = tmp_path / f"{FILE}.patrician.json"
    broken.write_text("{")
    assert not ctrl.window.files.open_replay(broken)
    qtbot.waitUntil(lambda: len(_boxes(ctrl)) == 1)
    assert_plain(walk_all(), (FILE, "QMessageBox/QLabel.text"))
    for box in _boxes(ctrl):
        box.close()
    ctrl.window.close()


def test_lan_lobby_chat_game_menu_and_banners_show_markup_as_typed(qtbot: Any, make_app: Any, lang: str) -> None:
    port = free_port()
    anna, bruno, cleo = make_app("anna"), make_app("bruno"), make_app("cleo")
    host_table(qtbot, anna, TABLE, ANSGAR, [0, 0, 0, 1], port)  # three open seats and a bot: one stays open
    join_by_address(qtbot, bruno, f"127.0.0.1:{port}", BRUNO)
    qtbot.waitUntil(lambda: bruno.window.stack.currentWidget() is bruno.lan.lobby, timeout=TIMEOUT)

    # Cosima finds the table in the Join list, as advertised on the loopback interface
    qtbot.mouseClick(cleo.start.join_button, Qt.MouseButton.LeftButton)
    dialog = cleo.lan.dialog

    def row() -> int:  # this table: its port (tables of other runs may still be advertised on loopback)
        items = [dialog.tables.topLevelItem(i) for i in range(dialog.tables.topLevelItemCount())]
        return next((i for i, it in enumerate(items) if it.text(0) == TABLE and it.text(1) == f"127.0.0.1:{port}"),
                    -1)

    qtbot.waitUntil(lambda: row() >= 0, timeout=TIMEOUT)
    assert_plain(walk_all([dialog]), (TABLE, "JoinDialog/QTreeWidget#TableList"))
    dialog.name.setText(COSIMA)
    dialog.tables.topLevelItem(row()).setSelected(True)
    qtbot.mouseClick(dialog.join_button, Qt.MouseButton.LeftButton)
    assert cleo.lan.progress is not None
    assert_plain(walk_all([cleo.lan.progress]), (TABLE, "QProgressDialog/QLabel.text"))
    qtbot.waitUntil(lambda: cleo.window.stack.currentWidget() is cleo.lan.lobby, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: len(anna.lan.lobby.rows) == 5 and anna.lan.lobby.rows[2]["name"].text() == COSIMA,
                    timeout=TIMEOUT)

    # chat with markup reaches everyone as typed
    bruno.lan.lobby.chat.edit.setText(CHAT)
    qtbot.keyClick(bruno.lan.lobby.chat.edit, Qt.Key.Key_Return)
    for app in (anna, bruno, cleo):
        qtbot.waitUntil(lambda a=app: (BRUNO, CHAT) in a.lan.lobby.chat.lines, timeout=TIMEOUT)

    # the host is asked before removing Cosima: the question names her
    remove = anna.lan.lobby.rows[2]["action"]
    qtbot.mouseClick(remove, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: anna.lan.lobby.confirm is not None and anna.lan.lobby.confirm.isVisible())
    assert_plain(walk_all(),
                 (TABLE, "LobbyView#LobbyPage/QFrame#LobbyCard/QLabel.text"),
                 (ANSGAR, "LobbyView#LobbyPage/QFrame#LobbyCard/QLabel.text"),
                 (COSIMA, "LobbyView#LobbyPage/QFrame#LobbyCard/QLabel.text"),
                 (CHAT, "ChatPanel#ChatPanel/QTextBrowser#ChatView.document"),
                 (COSIMA, "QMessageBox/QLabel.text"), (COSIMA, "QPushButton.toolTip"),
                 (COSIMA, "QPushButton.accessibleName"))
    anna.lan.lobby.confirm.reject()

    # the game: names in the players panel, the turn bar, the log, the board's tooltips
    qtbot.mouseClick(anna.lan.lobby.start_button, Qt.MouseButton.LeftButton)
    for app in (anna, bruno, cleo):
        qtbot.waitUntil(lambda a=app: in_game(a), timeout=TIMEOUT)
    qtbot.waitUntil(lambda: any(a.window.controller.active for a in (anna, bruno, cleo)), timeout=TIMEOUT)
    assert_plain(walk_all(), (BRUNO, "PlayersView"), (COSIMA, "PlayersView*.toolTip"),
                 (CHAT, "GamePage/QFrame#SidePanel/SideTabs#SideTabs/QWidget/ChatPanel#ChatPanel/"
                        "QTextBrowser#ChatView.document"),
                 (ANSGAR, "LogView"))

    # Cosima's app leaves: the host may hand her seat to a bot (the Table menu names her)
    cleo.lan.leave()

    def offered() -> bool:
        return any(COSIMA in a.text().replace("&&", "&") for a in anna.lan.table_menu.actions())

    qtbot.waitUntil(offered, timeout=TIMEOUT)
    assert_plain(walk_all(), (COSIMA, "QMenu.action.text"))

    # the host closes the table: Bruno's app is told so (no reconnecting); the banner names the table
    anna.lan.leave()
    qtbot.waitUntil(lambda: bruno.lan.banner.isVisible() and bruno.lan.banner.mode == "ended", timeout=TIMEOUT)
    assert_plain(walk_all([bruno.window]), (TABLE, "ConnectionBanner#ConnectionBanner"))


def test_a_hosts_markup_message_is_shown_as_typed(qtbot: Any, make_app: Any, lang: str) -> None:
    host = RawHost(bytes(msgpack.packb({"t": "error", "code": "maintenance", "message": HOST_TEXT})))
    try:
        app = make_app("bruno")
        join_by_address(qtbot, app, f"127.0.0.1:{host.port}", BRUNO)
        qtbot.waitUntil(lambda: app.lan.message_box is not None and app.lan.message_box.isVisible(),
                        timeout=TIMEOUT)
    finally:
        host.close()
    assert_plain(walk_all(), (HOST_TEXT, "QMessageBox/QLabel.text"))
    app.lan.message_box.accept()


def test_a_typed_markup_address_is_refused_as_typed(qtbot: Any, make_app: Any, lang: str) -> None:
    app = make_app("bruno")
    qtbot.mouseClick(app.start.join_button, Qt.MouseButton.LeftButton)
    dialog = app.lan.dialog
    dialog.name.setText(BRUNO)
    dialog.address.setText(f"127.0.0.1:{IMG}")
    qtbot.mouseClick(dialog.address_button, Qt.MouseButton.LeftButton)
    assert dialog.problem.text()
    assert_plain(walk_all([dialog]), (IMG, "JoinDialog/QLabel.text"))
    dialog.reject()


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (PROBE_MEMORY, PROBE_MEMORY))


@pytest.mark.parametrize("code", ["en", "de"])
def test_img_dev_zero_as_every_name_neither_hangs_nor_eats_memory(code: str) -> None:
    """The /dev/zero attack for real: host, guest, chat, a host's message and the score sheet, in a child process."""
    try:
        done = subprocess.run([sys.executable, "-m", "tests.ui.lan.dev_zero_probe", code], cwd=ROOT,
                              preexec_fn=_limit_memory, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired as exc:
        raise AssertionError("the app hung on a name like <img src=/dev/zero>") from exc
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("OK"), done.stdout
    assert int(done.stdout.split()[1]) > 20  # tooltips with those names were really shown


# -- broken files: Load, Replay, Continue and the hosted game's autosave ---------------------------------
BROKEN = {
    "not-utf8": b'{"format": "patrician-record", "version": 1, "players": ["Anna", "\xc1\xff"]}',
    "nested": b"[" * 200_000 + b"]" * 200_000,
    "bad-json": b'{"format": "patrician-record", "version": 1, "players": ["Anna", "Ben"], "dea',
}
SAYS = {"en": {"load": "cannot be continued", "continue": "cannot be continued", "replay": "cannot be replayed",
               "hosted": "cannot be resumed"},
        "de": {"load": "kann nicht fortgesetzt", "continue": "kann nicht fortgesetzt",
               "replay": "kann nicht nachgespielt", "hosted": "kann nicht fortgesetzt"}}


def _one_message(qtbot: Any, ctrl: AppController) -> str:
    """Exactly one message is shown, in words (no traceback), and the start screen still works."""
    qtbot.waitUntil(lambda: len(_boxes(ctrl)) == 1)
    box = _boxes(ctrl)[0]
    text = box.text()
    assert box.textFormat() == Qt.TextFormat.PlainText
    assert "Traceback" not in text and "Error(" not in text and "\n  File " not in text
    box.close()
    assert ctrl.window.session is None
    return text


@pytest.mark.parametrize("kind", sorted(BROKEN))
@pytest.mark.parametrize("way", ["load", "replay", "continue", "hosted"])
def test_a_broken_file_gets_one_message_naming_it_and_stays_as_it_is(qtbot: Any, tmp_path: Path, monkeypatch: Any,
                                                                     lang: str, way: str, kind: str) -> None:
    data = tmp_path / "data"
    name = {"continue": "autosave-Patrician.patrician.json", "hosted": "autosave-Salon.patrician.json"}.get(
        way, f"{kind}.patrician.json")
    folder = {"continue": data / "autosaves", "hosted": data / "lan-autosaves"}.get(way, tmp_path / "files")
    folder.mkdir(parents=True)
    path = folder / name
    path.write_bytes(BROKEN[kind])
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    settings = QSettings(str(tmp_path / "app.ini"), QSettings.Format.IniFormat)
    if way == "hosted":
        for k, v in {"file": str(path), "token": "t" * 32, "port": 47147, "table": "Salon", "name": "Anna"}.items():
            settings.setValue(f"lan/hosted/{k}", v)
    monkeypatch.setattr("patrician_qt.ui.game.file_dialog.open_file_name", lambda *a, **k: (str(path), ""))
    ctrl = AppController(settings, data)  # reads the autosaves at start-up: no traceback there either
    qtbot.addWidget(ctrl.window)
    ctrl.show()
    if way == "hosted":
        ctrl.show_start()
    else:
        ctrl.refresh_continue()
        assert not _boxes(ctrl)  # nothing is said before the person asks
        button = {"load": ctrl.start.load_button, "replay": ctrl.start.replay_button,
                  "continue": ctrl.start.continue_button}[way]
        assert button.isEnabled()
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    text = _one_message(qtbot, ctrl)
    assert SAYS[lang][way] in text and name in text, text
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    assert sorted(p.name for p in folder.iterdir()) == [name]  # nothing written beside it either
    ctrl.window.close()
