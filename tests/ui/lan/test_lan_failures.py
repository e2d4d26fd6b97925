"""Every failure gets a clear message, triggered for real on 127.0.0.1: wrong address, refused,
no answer (and Cancel), another version, table full, bad token, and the host gone for good."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgpack
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QPushButton

from patrician_qt.ui.app.flow import AppController

from .conftest import RawHost, free_port
from .test_lan_drops import in_game, join_by_address, play, two_in_a_game
from .test_lan_game import TIMEOUT, host_table, start_game


@pytest.fixture
def fake_host(request: Any) -> Iterator[RawHost]:
    """A misbehaving host (the test's parameter): "version" answers another version, "silent" never welcomes."""
    answers = {"version": msgpack.packb({"t": "error", "code": "version",
                                         "message": "this host speaks protocol version 2, not 1"}),
               "silent": None}
    host = RawHost(answers[request.param])
    yield host
    host.close()


def shown_error(qtbot: Any, app: AppController) -> tuple[str, str]:
    """Wait for the message box; it is visible, says what happened in words, and the window still works."""
    qtbot.waitUntil(lambda: app.lan.message_box is not None and app.lan.message_box.isVisible(), timeout=TIMEOUT)
    box = app.lan.message_box
    assert isinstance(box, QMessageBox)
    assert box.text() and "Traceback" not in box.text() and "Error(" not in box.text()
    assert app.lan.progress is None  # no connecting dialog left behind
    title = app.lan.last_error[0]
    box.accept()
    assert app.start.isEnabled()
    return title, box.text()


def test_wrong_address(qtbot: Any, make_app: Any) -> None:
    app = make_app("ben")
    join_by_address(qtbot, app, "no-such-host.invalid:47147", "Ben")
    title, text = shown_error(qtbot, app)
    assert title == "Wrong address"
    assert "no-such-host.invalid" in text


def test_address_typos_are_caught_in_the_dialog(qtbot: Any, make_app: Any) -> None:
    app = make_app("ben")
    qtbot.mouseClick(app.start.join_button, Qt.MouseButton.LeftButton)
    dialog = app.lan.dialog
    dialog.name.setText("Ben")
    for typed, says in (("127.0.0.1:99999", "99999 is not a port number"), ("[::1:47147", "closing ]"),
                        ("", "type the host's address")):
        dialog.address.setText(typed)
        qtbot.mouseClick(dialog.address_button, Qt.MouseButton.LeftButton)
        assert says in dialog.problem.text()
        assert dialog.isVisible()
    dialog.name.setText("")
    dialog.address.setText("127.0.0.1")
    qtbot.mouseClick(dialog.address_button, Qt.MouseButton.LeftButton)
    assert dialog.problem.text() == "Type your name first."
    dialog.reject()


def test_refused_and_ipv6_literal(qtbot: Any, make_app: Any) -> None:
    app = make_app("ben")
    port = free_port()
    join_by_address(qtbot, app, f"127.0.0.1:{port}", "Ben")
    title, text = shown_error(qtbot, app)
    assert title == "Nobody answers at this address"
    assert f"127.0.0.1:{port}" in text and "Is the host running" in text
    join_by_address(qtbot, app, f"[::1]:{port}", "Ben")  # an IPv6 literal is understood (and refused too)
    title, text = shown_error(qtbot, app)
    assert title in ("Nobody answers at this address", "Wrong address")
    assert "::1" in text
    # the dialog remembers the last name and address (QSettings), also in a new app
    again = make_app("ben")
    qtbot.mouseClick(again.start.join_button, Qt.MouseButton.LeftButton)
    assert again.lan.dialog.name.text() == "Ben"
    assert again.lan.dialog.address.text() == f"[::1]:{port}"
    again.lan.dialog.reject()


@pytest.mark.parametrize("fake_host", ["version"], indirect=True)
def test_version_mismatch(qtbot: Any, make_app: Any, fake_host: RawHost) -> None:
    app = make_app("ben")
    join_by_address(qtbot, app, f"127.0.0.1:{fake_host.port}", "Ben")
    title, text = shown_error(qtbot, app)
    assert title == "This table runs another version of Patrician"
    assert "version 2" in text


@pytest.mark.parametrize("fake_host", ["silent"], indirect=True)
def test_silent_host_times_out_and_cancel_returns_at_once(qtbot: Any, make_app: Any, fake_host: RawHost) -> None:
    app = make_app("ben", connect_timeout=1.0)
    join_by_address(qtbot, app, f"127.0.0.1:{fake_host.port}", "Ben")
    qtbot.waitUntil(lambda: app.lan.progress is not None and app.lan.progress.isVisible())
    title, text = shown_error(qtbot, app)
    assert title == "The host does not answer"
    assert "did not let this app in within 1 second." in text  # a count: one second, not "1 seconds"
    # again, and this time the user cancels: nothing is left waiting, no message follows
    app.lan.options.client_options["connect_timeout"] = 30.0
    join_by_address(qtbot, app, f"127.0.0.1:{fake_host.port}", "Ben")
    qtbot.waitUntil(lambda: app.lan.progress is not None and app.lan.progress.isVisible())
    errors_before = app.lan.last_error
    cancel = app.lan.progress.findChild(QPushButton)
    assert cancel is not None and cancel.text() == "Cancel"
    qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: app.lan.progress is None and app.lan.session is None, timeout=2000)
    assert app.lan.last_error == errors_before
    assert app.window.stack.currentWidget() is app.start


def test_table_full_then_spectating(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    anna, ben = make_app("anna"), make_app("ben")
    host_table(qtbot, anna, "Full table", "Anna", [2], port)  # Anna and an Easy bot: full
    start_game(qtbot, anna)
    qtbot.waitUntil(lambda: in_game(anna), timeout=TIMEOUT)
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")
    title, text = shown_error(qtbot, ben)
    assert title == "The table is full"
    assert "no seat is open" in text
    # Ben may still watch: no hand, nothing to click, but the chat works
    qtbot.mouseClick(ben.start.join_button, Qt.MouseButton.LeftButton)
    dialog = ben.lan.dialog
    dialog.address.setText(f"127.0.0.1:{port}")
    qtbot.mouseClick(dialog.address_watch, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: in_game(ben), timeout=TIMEOUT)
    assert ben.lan.session.seat is None and ben.lan.session.local_humans() == []
    assert ben.window.hand_model.cards() == []
    assert not ben.window.controller.active
    ben.lan.chat.edit.setText("Just watching")
    qtbot.keyClick(ben.lan.chat.edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: ("Ben (spectator)", "Just watching") in anna.lan.chat.lines, timeout=TIMEOUT)
    stop = [a for a in ben.lan.table_menu.actions() if a.text() == "Stop watching"]
    assert len(stop) == 1 and ben.lan.table_menu.menuAction().isVisible()
    stop[0].trigger()
    qtbot.waitUntil(lambda: ben.window.stack.currentWidget() is ben.start)
    assert ben.lan.rejoin_info() is None and not ben.start.rejoin_button.isVisible()


def test_bad_token_forgets_the_rejoin(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    anna, ben = make_app("anna"), make_app("ben")
    host_table(qtbot, anna, "Token table", "Anna", [2], port)
    start_game(qtbot, anna)
    qtbot.waitUntil(lambda: in_game(anna), timeout=TIMEOUT)
    s = ben.settings
    for key, value in {"table": "Token table", "host": "127.0.0.1", "port": port, "name": "Ben",
                       "token": "not-the-token-of-any-seat", "role": "player"}.items():
        s.setValue(f"lan/rejoin/{key}", value)
    ben.show_start()
    assert ben.start.rejoin_button.isVisible()
    qtbot.mouseClick(ben.start.rejoin_button, Qt.MouseButton.LeftButton)
    title, text = shown_error(qtbot, ben)
    assert title == "Your seat at this table is gone"
    assert "holds no seat for you" in text
    qtbot.waitUntil(lambda: not ben.start.rejoin_button.isVisible())
    assert ben.lan.rejoin_info() is None


def banner_shows(banner: Any) -> list[tuple[str, bool, str, str]]:
    """Every (mode, visible, title, detail) the banner shows from now on, as it shows it.

    Why not look at the banner now and then: the client retries for 3 s in its own thread, and a loaded
    machine's UI thread may take every signal of those 3 s in one go, after which only "gone" is left to see.
    """
    seen: list[tuple[str, bool, str, str]] = []

    def recording(show: Any) -> Any:
        def shown(*args: Any, **kw: Any) -> None:
            show(*args, **kw)
            seen.append((banner.mode, banner.isVisible(), banner.title.text(), banner.detail.text()))
        return shown

    for name in ("show_reconnecting", "show_gone"):
        setattr(banner, name, recording(getattr(banner, name)))
    return seen


def test_host_gone_for_good_offers_the_record(qtbot: Any, make_app: Any, tmp_path: Path) -> None:
    anna, ben = two_in_a_game(qtbot, make_app, "Gone table")
    import random

    play(qtbot, [anna, ben], random.Random(3), 4)
    banner = ben.lan.banner
    shown = banner_shows(banner)
    anna.window.close()  # the host quits (not "Close the table"): the table is gone until it is opened again
    # nobody listens at the host's port any more: its app is not running, and it must open the table again
    gone = "Gone table is not open any more"
    qtbot.waitUntil(lambda: any(s[:3] == ("reconnecting", True, gone) for s in shown), timeout=TIMEOUT)
    detail = next(s[3] for s in shown if s[:3] == ("reconnecting", True, gone))
    assert "the host's app is not running" in detail
    assert "The host must open the table again" in detail and "(attempt " in detail
    assert "Your seat is kept" not in detail
    qtbot.waitUntil(lambda: banner.mode == "gone", timeout=TIMEOUT)  # gives up after a while
    assert banner.title.text() == "Gone table cannot be reached"
    assert banner.detail.text().startswith("This app stopped trying. Nothing answers at 127.0.0.1:")
    assert banner.save_button.isVisible() and banner.leave_button.isVisible()
    out = tmp_path / "seen.patrician.json"
    ben.window.save_record(out)
    saved = json.loads(out.read_text())
    assert saved["players"] == ["Anna", "Ben"] and len(saved["turns"]) == 4
    assert saved["meta"]["note"].startswith("saved by a LAN peer")
    qtbot.mouseClick(banner.leave_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: ben.window.stack.currentWidget() is ben.start)
    assert not banner.isVisible()


def test_hosting_on_a_port_in_use_says_so(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    anna, ben = make_app("anna"), make_app("ben")
    host_table(qtbot, anna, "First table", "Anna", [0], port)
    qtbot.mouseClick(ben.start.host_button, Qt.MouseButton.LeftButton)
    dialog = ben.lan.dialog
    dialog.player.setText("Ben")
    dialog.table.setText("Second table")
    dialog.port.setValue(port)
    qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    title, text = shown_error(qtbot, ben)
    assert title == "Cannot host"
    assert f"port {port} is in use" in text
    assert ben.lan.hosted is None and ben.window.stack.currentWidget() is ben.start


def test_the_host_quitting_right_after_the_start_leaves_the_game_to_resume(
        qtbot: Any, make_app: Any, monkeypatch: Any) -> None:
    """The table, not the host's own seat, says whether a game is on when the host's app quits.

    On a busy machine the start reaches Ben before the host's own seat: quitting then must not end the game
    for everyone (Ben would be told "the host closed the table"), and the host can still resume it.
    """
    from patrician_qt.ui.lan.rejoin import hosted_game

    port = free_port()
    anna, ben = make_app("anna"), make_app("ben", give_up_after=8.0)
    host_table(qtbot, anna, "Quick exit", "Anna", [0], port)
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")
    # Anna's own seat does not hear of the start before she quits (her update comes after Ben's)
    held: list[Any] = []
    monkeypatch.setattr(anna.lan.joining.session, "_update", held.append)
    start_game(qtbot, anna)
    qtbot.waitUntil(lambda: in_game(ben) and bool(held), timeout=TIMEOUT)
    assert anna.lan.joining.session.current() is None and not in_game(anna)
    shown = banner_shows(ben.lan.banner)
    anna.window.close()
    gone = "Quick exit is not open any more"
    qtbot.waitUntil(lambda: any(s[:3] == ("reconnecting", True, gone) for s in shown), timeout=TIMEOUT)
    assert ben.lan.banner.mode != "ended"
    qtbot.waitUntil(lambda: hosted_game(anna.settings) is not None, timeout=TIMEOUT)
