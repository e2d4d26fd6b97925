"""The Host dialog's "Open for the internet" and the Join dialog's invitation: two apps play by invitation
over iroh (127.0.0.1, relays off), and "Host again" keeps the key, so the invitation stays valid.

Runs only in a network namespace with loopback only (tests/net/test_iroh_namespace.py starts it there).
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from tests.net.iroh.namespace import SKIP_REASON, only_loopback

pytestmark = pytest.mark.skipif(not only_loopback(), reason=SKIP_REASON)

from patrician_qt.ui.lan.invitation_box import InvitationBox  # noqa: E402

from .conftest import free_port  # noqa: E402
from .test_lan_drops import in_game  # noqa: E402
from .test_lan_game import TIMEOUT, lobby_names, start_game  # noqa: E402


def host_for_the_internet(qtbot: Any, app: Any, port: int) -> InvitationBox:
    """Fill in the Host dialog with "Open for the internet too" (direct only) and open the table."""
    qtbot.mouseClick(app.start.host_button, Qt.MouseButton.LeftButton)
    dialog = app.lan.dialog
    qtbot.waitUntil(dialog.isVisible)
    dialog.player.setText("Anna")
    dialog.table.setText("Far away")
    dialog.count.setValue(2)
    dialog.port.setValue(port)
    assert not dialog.internet.relay.isEnabled()
    dialog.internet.open.setChecked(True)
    dialog.internet.relay.setText("not a relay")
    assert "the relay must be" in dialog.problem.text() and not dialog.ok.isEnabled()
    dialog.internet.relay.setText("direct")
    assert dialog.ok.isEnabled()
    qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: isinstance(app.lan.dialog, InvitationBox) and app.lan.dialog.isVisible(), timeout=TIMEOUT)
    return app.lan.dialog


def join_by_invitation(qtbot: Any, app: Any, invitation: str, name: str) -> None:
    """Paste the invitation into the Join dialog's address line and join."""
    app.settings.setValue("internet/relay", "direct")
    qtbot.mouseClick(app.start.join_button, Qt.MouseButton.LeftButton)
    dialog = app.lan.dialog
    qtbot.waitUntil(dialog.isVisible)
    dialog.name.setText(name)
    dialog.address.setText(f" {invitation}\n")  # as pasted from a chat
    qtbot.mouseClick(dialog.address_button, Qt.MouseButton.LeftButton)


def test_two_apps_play_by_invitation_from_the_host_and_join_dialogs(qtbot: Any, make_app: Any) -> None:
    anna, ben = make_app("anna"), make_app("ben")
    box = host_for_the_internet(qtbot, anna, free_port())
    link = box.text.text()
    assert link.startswith("patrician:") and box.text.isReadOnly()
    qtbot.mouseClick(box.copy, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == link and box.copy.text() == "Copied"
    assert anna.settings.value("internet/relay") == "direct"
    box.reject()
    join_by_invitation(qtbot, ben, link, "Ben")
    qtbot.waitUntil(lambda: lobby_names(anna)[:2] == ["Anna", "Ben"], timeout=TIMEOUT)
    qtbot.waitUntil(lambda: ben.lan.session is not None and ben.lan.session.seat == 1, timeout=TIMEOUT)
    # in the lobby the host may show the invitation again; the guest reads how its bytes travel and whose
    # key it dialled, not the invitation's long text as an address
    assert anna.lan.lobby.invite_button.isVisible() and not ben.lan.lobby.invite_button.isVisible()
    qtbot.mouseClick(anna.lan.lobby.invite_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: isinstance(anna.lan.dialog, InvitationBox) and anna.lan.dialog.isVisible(),
                    timeout=TIMEOUT)
    assert anna.lan.dialog.text.text() == link
    anna.lan.dialog.reject()
    qtbot.waitUntil(lambda: ben.lan.lobby.route.isVisible(), timeout=TIMEOUT)
    assert ben.lan.lobby.route.text() == "Over the internet, directly and end-to-end encrypted."
    assert not anna.lan.lobby.route.isVisible()  # the host's own app is not connected by invitation
    subtitle = ben.lan.lobby.subtitle.text()
    assert "patrician:" not in subtitle and "an internet table (host key" in subtitle
    start_game(qtbot, anna)
    for app in (anna, ben):
        qtbot.waitUntil(lambda a=app: in_game(a), timeout=TIMEOUT)
    # in the game the host finds the invitation again in the Table menu
    invite = [a for a in anna.lan.table_menu.actions() if a.text() == "Invite friends over the internet…"]
    assert len(invite) == 1
    invite[0].trigger()
    qtbot.waitUntil(lambda: isinstance(anna.lan.dialog, InvitationBox) and anna.lan.dialog.isVisible(),
                    timeout=TIMEOUT)
    assert anna.lan.dialog.text.text() == link
    anna.lan.dialog.reject()
    assert not [a for a in ben.lan.table_menu.actions() if a.text() == "Invite friends over the internet…"]
    # the guest's Table menu says how the connection travels (a line that tells, not a command)
    said = [a for a in ben.lan.table_menu.actions() if a.text().startswith("Over the internet")]
    assert len(said) == 1 and not said[0].isEnabled()
    assert not [a for a in anna.lan.table_menu.actions() if a.text().startswith("Over the internet")]


def test_a_broken_invitation_in_the_join_dialog_is_told_under_it(qtbot: Any, make_app: Any) -> None:
    app = make_app("ben")
    qtbot.mouseClick(app.start.join_button, Qt.MouseButton.LeftButton)
    dialog = app.lan.dialog
    qtbot.waitUntil(dialog.isVisible)
    dialog.name.setText("Ben")
    dialog.address.setText("patrician:abcdefghijklmnopqrstuvwxyz234567")
    qtbot.mouseClick(dialog.address_button, Qt.MouseButton.LeftButton)
    assert "cut short or mistyped" in dialog.problem.text()
    assert app.lan.session is None and dialog.isVisible()
    dialog.reject()


def test_host_again_opens_for_the_internet_with_the_same_key_and_the_guest_comes_back(qtbot: Any,
                                                                                   make_app: Any) -> None:
    anna, ben = make_app("anna"), make_app("ben", give_up_after=60.0)
    port = free_port()
    box = host_for_the_internet(qtbot, anna, port)
    first = box.invitation
    box.reject()
    join_by_invitation(qtbot, ben, first.link, "Ben")
    start_game(qtbot, anna)
    for app in (anna, ben):
        qtbot.waitUntil(lambda a=app: in_game(a), timeout=TIMEOUT)
    states: list[str] = []
    ben.lan.session.connectionChanged.connect(lambda state, _e: states.append(state))
    hosted = anna.lan.hosted
    server = hosted.server
    anna.lan.hosting.close = lambda ending=False: None  # a dead app closes nothing politely on its way out

    async def die() -> None:  # as a killed process: nothing listens, every connection is cut
        server._server.close()
        for way_in in server._listeners:
            way_in.close()
            await way_in.wait_closed()
        for peer in list(server._peers):
            peer.abort()

    hosted._loop_host.close(die())
    anna.window.close()
    qtbot.waitUntil(lambda: "reconnecting" in states, timeout=TIMEOUT)

    anna2 = make_app("anna")
    qtbot.waitUntil(anna2.start.resume_hosted_button.isVisible, timeout=TIMEOUT)
    qtbot.mouseClick(anna2.start.resume_hosted_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: isinstance(anna2.lan.dialog, InvitationBox), timeout=TIMEOUT)
    again = anna2.lan.dialog.invitation
    assert again.host_id == first.host_id  # the same key: Ben's invitation is still good
    anna2.lan.dialog.reject()
    qtbot.waitUntil(lambda: states[-1:] == ["connected"], timeout=TIMEOUT)
    assert ben.lan.session.seat == 1
    qtbot.waitUntil(lambda: in_game(anna2), timeout=TIMEOUT)
