"""``patrician join HOST:PORT [--name NAME] [--spectate]``: the app opens straight at a table on 127.0.0.1,
through the same lobby and game as the Join dialog; a wrong address gets the dialog's own words."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from PySide6.QtCore import Qt

from patrician_qt.__main__ import build_parser
from patrician_qt.ui.app.flow import AppController
from patrician_qt.ui.lan.direct_join import join_direct

from .conftest import free_port
from .test_lan_drops import in_game
from .test_lan_failures import shown_error
from .test_lan_game import TIMEOUT, host_table, lobby_names


def run_join_command(monkeypatch: Any, app: AppController, *argv: str) -> int:
    """``patrician join …`` as typed, with the test's app standing in for the one ``run_app`` would open."""
    args = build_parser(("join",)).parse_args(["join", *argv])
    opened: list[AppController] = []

    def run_app(argv: list[str] | None = None, then: Any = None) -> int:
        opened.append(app)
        then(app)
        return 0

    monkeypatch.setattr("patrician_qt.ui.app.run.run_app", run_app)
    status = args.func(args)
    assert opened == [app]
    return int(status)


def test_join_command_takes_a_seat_in_the_lobby_and_plays_in_the_game(qtbot: Any, make_app: Any,
                                                                       monkeypatch: Any) -> None:
    port = free_port()
    anna, ben, cleo = make_app("anna"), make_app("ben"), make_app("cleo")
    host_table(qtbot, anna, "Salon", "Anna", [0, 0, 1], port)  # two open seats and a bot
    assert run_join_command(monkeypatch, ben, f"127.0.0.1:{port}", "--name", "Ben") == 0
    qtbot.waitUntil(lambda: ben.window.stack.currentWidget() is ben.lan.lobby, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: lobby_names(anna)[:2] == ["Anna", "Ben"], timeout=TIMEOUT)
    assert ben.lan.session.seat == 1 and ben.lan.dialog is None  # no dialog was needed
    assert ben.settings.value("lan/name") == "Ben"  # as after joining through the dialog

    # a spectator by the same command; the name last used when none is given
    cleo.settings.setValue("lan/name", "Cleo")
    assert run_join_command(monkeypatch, cleo, f"127.0.0.1:{port}", "--spectate") == 0
    qtbot.waitUntil(lambda: cleo.window.stack.currentWidget() is cleo.lan.lobby, timeout=TIMEOUT)
    assert cleo.lan.session.seat is None and cleo.lan.session.name == "Cleo"

    qtbot.mouseClick(anna.lan.lobby.start_button, Qt.MouseButton.LeftButton)
    for app in (anna, ben, cleo):
        qtbot.waitUntil(lambda a=app: in_game(a), timeout=TIMEOUT)
    assert [s.name for s in ben.lan.session.seats()][:2] == ["Anna", "Ben"]
    assert ben.lan.chat.isVisible()


@pytest.mark.parametrize(("address", "says"), [("127.0.0.1:99999", "99999 is not a port number"),
                                               ("[::1:47147", "closing ]"),
                                               ("", "type the host's address")])
def test_a_wrong_address_opens_the_join_dialog_saying_what_is_wrong(qtbot: Any, make_app: Any, address: str,
                                                                    says: str) -> None:
    app = make_app("ben")
    assert not join_direct(app.lan, address, "Ben")
    dialog = app.lan.dialog
    qtbot.waitUntil(dialog.isVisible)
    assert says in dialog.problem.text()
    assert dialog.address.text() == address and dialog.name.text() == "Ben"
    typed = dialog.problem.text()
    qtbot.mouseClick(dialog.address_button, Qt.MouseButton.LeftButton)  # pressing Join says the same
    assert dialog.problem.text() == typed
    assert app.lan.session is None
    dialog.reject()


def test_no_name_opens_the_join_dialog_asking_for_it(qtbot: Any, make_app: Any) -> None:
    app = make_app("ben")
    assert not join_direct(app.lan, "127.0.0.1:47147", None)
    dialog = app.lan.dialog
    qtbot.waitUntil(dialog.isVisible)
    assert dialog.problem.text() == "Type your name first."
    dialog.reject()


def test_nobody_at_the_address_gets_the_join_dialogs_message(qtbot: Any, make_app: Any, monkeypatch: Any) -> None:
    app = make_app("ben")
    port = free_port()
    assert run_join_command(monkeypatch, app, f"127.0.0.1:{port}", "--name", "Ben") == 0
    title, text = shown_error(qtbot, app)
    assert title == "Nobody answers at this address"
    assert f"127.0.0.1:{port}" in text and "Is the host running" in text


def test_join_command_line() -> None:
    args = build_parser(("join",)).parse_args(["join", "[fe80::1]:47147", "--name", "Anna", "--spectate"])
    assert (args.address, args.name, args.spectate) == ("[fe80::1]:47147", "Anna", True)
    done = subprocess.run([sys.executable, "-m", "patrician_qt", "join"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "HOST:PORT" in done.stderr  # the address is required
