"""Resume hosting from the start screen: the host's app dies mid-game, opens again and hosts the same game on.

The host's "crash" stops its loop and drops its sockets without the leave path (no goodbye, no
table close: what the autosave journal holds is all there is), then a new app with the same
settings and data folder resumes it by clicking; the peer comes back with its token.
"""

from __future__ import annotations

import random
import socket
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QPushButton

from patrician_qt.engine.cards import CARD_IDS
from patrician_qt.table import TableOptions
from patrician_qt.ui.app.flow import AppController
from patrician_qt.ui.lan.rejoin import hosted_game

from .conftest import LOOPBACK, free_port
from .test_lan_closing import confirm_close
from .test_lan_drops import in_game, join_by_address, play
from .test_lan_game import TIMEOUT, host_table, join_from_list, start_game


def crash_host(app: AppController) -> None:
    """The host's app dies: listening stops, connections are cut, the loop stops; then its window goes."""
    hosted = app.lan.hosted
    assert hosted is not None and hosted.server is not None
    app.lan.hosting.close = lambda ending=False: None  # a dead app closes nothing politely on its way out
    server = hosted.server

    async def die() -> None:
        server._server.close()
        for peer in list(server._peers):
            peer.abort()  # as the system cuts a killed process's connections

    # dies on its loop, and the loop stops right after: the table's timers, bots and snapshot writes never run again
    hosted._loop_host.close(die())
    app.window.close()


def hosted_with_ben(qtbot: Any, make_app: Any, table: str, port: int, **ben_client: Any) -> tuple[Any, Any]:
    """Anna hosts (Anna, an open seat, an Easy bot); Ben joins by address and the game starts."""
    anna, ben = make_app("anna"), make_app("ben", **ben_client)
    host_table(qtbot, anna, table, "Anna", [0, 2], port)
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")
    start_game(qtbot, anna)
    for app in (anna, ben):
        qtbot.waitUntil(lambda a=app: in_game(a), timeout=TIMEOUT)
    return anna, ben


def click_resume(qtbot: Any, app: AppController) -> None:
    """Wait for the start screen's offer and click it."""
    qtbot.waitUntil(app.start.resume_hosted_button.isVisible, timeout=TIMEOUT)
    qtbot.mouseClick(app.start.resume_hosted_button, Qt.MouseButton.LeftButton)


def test_host_app_crashes_and_resumes_hosting_from_the_start_screen(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    anna, ben = hosted_with_ben(qtbot, make_app, "Crash table", port, give_up_after=60.0)
    rng = random.Random(4)
    assert play(qtbot, [anna, ben], rng, 4) == 4
    qtbot.waitUntil(lambda: ben.window.controller.active or anna.window.controller.active, timeout=TIMEOUT)
    before = anna.lan.hosted.record()
    saved = hosted_game(anna.settings)  # what the start screen will offer
    assert saved is not None and saved.port == port and saved.you == 0
    bens_hand = ben.window.hand_model.cards()
    autosave = anna.lan.hosted.table.autosave_file
    assert autosave is not None and autosave.parent == anna.data / "lan-autosaves"
    # the host's own token is in the app's settings, the shared save has only hashes
    assert saved.token not in autosave.read_text(encoding="utf-8")

    states: list[str] = []
    ben.lan.session.connectionChanged.connect(lambda state, _e: states.append(state))
    crash_host(anna)
    qtbot.waitUntil(lambda: "reconnecting" in states, timeout=TIMEOUT)
    assert ben.lan.banner.mode == "reconnecting"

    # Anna opens the app again: the start screen offers her table, with who sits where and the turn
    anna2 = make_app("anna")
    qtbot.waitUntil(anna2.start.resume_hosted_button.isVisible, timeout=TIMEOUT)
    assert anna2.start.resume_hosted_button.text() == "Host Crash table again"
    turn = len(before.turns) + 1
    bot = before.players[2]
    assert anna2.start.resume_hosted_detail.text() == f"Anna (you) · Ben · {bot} · turn {turn}"
    assert anna2.start.continue_button.isEnabled() is False  # a LAN game is not a local one to continue
    click_resume(qtbot, anna2)
    qtbot.waitUntil(lambda: in_game(anna2), timeout=TIMEOUT)
    assert anna2.lan.is_host and anna2.lan.hosted.port == port and anna2.lan.session.seat == 0

    # Ben's app comes back by itself with its token: same seat, same hand, the banner goes
    qtbot.waitUntil(lambda: states[-1:] == ["connected"], timeout=TIMEOUT)
    qtbot.waitUntil(lambda: anna2.lan.session.seat_status(1) == "", timeout=TIMEOUT)
    assert ben.lan.session.seat == 1 and not ben.lan.banner.isVisible()
    qtbot.waitUntil(lambda: ben.window.hand_model.cards() == bens_hand, timeout=TIMEOUT)
    after = anna2.lan.hosted.record()
    assert after.deal == before.deal and after.players == before.players
    assert after.turns[:len(before.turns)] == before.turns  # from the same turn on (a bot may have moved)
    host_hand = anna2.lan.hosted.table.true_state().hands[0]
    assert anna2.window.hand_model.cards() == [CARD_IDS[c] for c in host_hand]

    # and the game is played to its end
    assert play(qtbot, [anna2, ben], rng, 200) > 0
    for app in (anna2, ben):
        qtbot.waitUntil(lambda a=app: a.window._shown.over, timeout=TIMEOUT)
    final = anna2.lan.hosted.record()
    assert final.result is not None and final.turns[:len(before.turns)] == before.turns
    assert hosted_game(anna2.settings) is None  # a finished game is not offered again


def test_finished_hosted_game_is_not_offered(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    anna = make_app("anna")
    host_table(qtbot, anna, "Bots table", "Anna", [2], port)  # Anna and an Easy bot
    start_game(qtbot, anna)
    qtbot.waitUntil(lambda: in_game(anna), timeout=TIMEOUT)
    remembered = {k: anna.settings.value(f"lan/hosted/{k}") for k in ("file", "token", "port", "table", "name")}
    assert remembered["token"] and Path(remembered["file"]).is_file()
    play(qtbot, [anna], random.Random(2), 200)
    qtbot.waitUntil(lambda: anna.window._shown.over, timeout=TIMEOUT)
    # as if the app had died right after the last turn, before it forgot the game
    for k, v in remembered.items():
        anna.settings.setValue(f"lan/hosted/{k}", v)
    anna.settings.sync()
    assert hosted_game(anna.settings) is None
    anna.show_start()
    assert not anna.start.resume_hosted_button.isVisible()


def test_closing_the_table_on_purpose_is_not_offered_but_quitting_is(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    anna = make_app("anna")
    host_table(qtbot, anna, "Quit table", "Anna", [2], port)
    start_game(qtbot, anna)
    qtbot.waitUntil(lambda: in_game(anna), timeout=TIMEOUT)
    play(qtbot, [anna], random.Random(3), 2)
    anna.window.close()  # quitting the app: the game may go on later
    anna2 = make_app("anna")
    click_resume(qtbot, anna2)
    qtbot.waitUntil(lambda: in_game(anna2), timeout=TIMEOUT)
    close = [a for a in anna2.lan.table_menu.actions() if a.text().startswith("Close the table")]
    close[0].trigger()  # "ends the game for everyone"
    confirm_close(qtbot, anna2)
    qtbot.waitUntil(lambda: anna2.window.stack.currentWidget() is anna2.start)
    assert not anna2.start.resume_hosted_button.isVisible() and hosted_game(anna2.settings) is None


def _broken_hosted(tmp_path: Path, make_app: Any, who: str) -> tuple[Any, Path, bytes]:
    """An app whose remembered hosted game's autosave is broken JSON."""
    broken = tmp_path / who / "lan-autosaves" / "autosave-Broken-table.patrician.json"
    broken.parent.mkdir(parents=True, exist_ok=True)
    broken.write_text('{"format": "patrician-record", "version": 1, "players": ["Anna", "Ben"], "dea',
                      encoding="utf-8")
    app = make_app(who)
    for k, v in {"file": str(broken), "token": "t" * 32, "port": 47147, "table": "Broken table",
                 "name": "Anna"}.items():
        app.settings.setValue(f"lan/hosted/{k}", v)
    return app, broken, broken.read_bytes()


def _asked(qtbot: Any, app: Any, broken: Path) -> QMessageBox:
    """The question about the broken hosted game: what is wrong, with the file, and the two choices."""
    app.show_start()
    qtbot.waitUntil(lambda: app.message_box is not None and app.message_box.isVisible())
    box = app.message_box
    text = box.text()
    assert "Broken table cannot be resumed" in text and "not valid JSON" in text and str(broken) in text
    assert not app.start.resume_hosted_button.isVisible()
    return box


def _button(box: QMessageBox, text: str) -> Any:
    return next(b for b in box.buttons() if b.text().replace("&", "") == text)


def test_corrupt_hosted_autosave_asks_and_forgets_the_entry_keeping_the_file(qtbot: Any, make_app: Any,
                                                                             tmp_path: Path) -> None:
    anna, broken, before = _broken_hosted(tmp_path, make_app, "anna")
    box = _asked(qtbot, anna, broken)
    qtbot.mouseClick(_button(box, "Forget it"), Qt.MouseButton.LeftButton)
    assert not anna.settings.value("lan/hosted/file")  # the entry is gone ...
    assert broken.read_bytes() == before  # ... the file is not deleted or changed
    anna.show_start()
    assert not anna.message_box.isVisible()  # nothing left to ask about


def test_corrupt_hosted_autosave_kept_is_asked_again_only_at_the_next_start(qtbot: Any, make_app: Any,
                                                                           tmp_path: Path) -> None:
    anna, broken, before = _broken_hosted(tmp_path, make_app, "anna")
    box = _asked(qtbot, anna, broken)
    assert box.defaultButton() is _button(box, "Keep it for later")  # Return never forgets
    qtbot.keyClick(box, Qt.Key.Key_Escape)
    assert anna.settings.value("lan/hosted/file") == str(broken) and broken.read_bytes() == before
    anna.show_start()
    assert not anna.message_box.isVisible()  # not asked again while this app runs
    anna.settings.sync()
    anna.window.close()
    again = make_app("anna")  # the same settings: the app started once more
    _asked(qtbot, again, broken)


def test_port_taken_on_resume_offers_another_and_the_peer_finds_the_table(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    anna, ben = hosted_with_ben(qtbot, make_app, "Moved table", port)
    rng = random.Random(6)
    assert play(qtbot, [anna, ben], rng, 3) == 3
    turns = len(anna.lan.hosted.record().turns)
    crash_host(anna)
    qtbot.waitUntil(lambda: ben.lan.banner.mode == "gone", timeout=TIMEOUT)  # Ben's app gives up (3 s here)
    squatter = socket.socket()  # another program takes the port meanwhile
    squatter.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # past the old connections' TIME_WAIT
    squatter.bind((LOOPBACK, port))
    squatter.listen()
    try:
        anna2 = make_app("anna")
        anna2.lan.options.table_options = TableOptions(bot_deadline_s=0.05, takeover_after_s=1.0)
        click_resume(qtbot, anna2)
        qtbot.waitUntil(lambda: anna2.lan.message_box is not None and anna2.lan.message_box.isVisible())
        box = anna2.lan.message_box
        assert f"Port {port} is in use" in box.text()
        use = [b for b in box.findChildren(QPushButton) if b.text().startswith("Resume on port")]
        assert len(use) == 1
        other = int(use[0].text().rsplit(" ", 1)[1])
        assert other != port
        qtbot.mouseClick(use[0], Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: in_game(anna2), timeout=TIMEOUT)
        assert anna2.lan.hosted.port == other
        assert len(anna2.lan.hosted.record().turns) >= turns
        # Ben does not come back in time: his seat shows gone, then a bot plays it
        qtbot.waitUntil(lambda: anna2.lan.session.seat_status(1).endswith(" · a bot plays"), timeout=TIMEOUT)
        assert anna2.settings.value("lan/hosted/port") in (other, str(other))  # the next resume tries this one
        # Ben finds the table in his Join list on its new port and takes his seat back from the bot
        qtbot.mouseClick(ben.lan.banner.leave_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: ben.window.stack.currentWidget() is ben.start)
        join_from_list(qtbot, ben, "Moved table", other, "Ben")
        qtbot.waitUntil(lambda: in_game(ben) and ben.lan.session.seat == 1, timeout=TIMEOUT)
        qtbot.waitUntil(lambda: anna2.lan.session.seat_status(1) == "", timeout=TIMEOUT)
        assert play(qtbot, [anna2, ben], rng, 2) == 2
    finally:
        squatter.close()
