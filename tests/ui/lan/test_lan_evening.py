"""Two friends, one evening, several games: two whole apps in one process on 127.0.0.1.

Games in a row at one table with chat typed in the middle of turns and a rematch; the joiner typing
in the chat when its turn arrives plays no move; what each app says when the cable is pulled.
Windows are made active where keys are typed, as on a desktop (window shortcuts compete only then).
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from patrician_qt.ui.app.flow import AppController
from tests.ui.game_helpers import play_turn_by_clicks

from .conftest import LOOPBACK, CableProxy, free_port
from .test_lan_closing import confirm_close
from .test_lan_drops import in_game, join_by_address, play, two_in_a_game
from .test_lan_game import TIMEOUT, every_seat_filled, host_table, start_game


def activate(qtbot: Any, app: AppController) -> None:
    """Bring this app's window to the front (the keyboard goes there)."""
    app.window.activateWindow()
    app.window.raise_()
    qtbot.waitUntil(app.window.isActiveWindow, timeout=TIMEOUT)


def state_of(app: AppController) -> tuple[Any, ...]:
    """What keys could change: the turn being built and the position shown."""
    c = app.window.controller
    shown = app.window._shown
    return c.active, c.step, c.chosen_card(), shown.seq if shown is not None else None


def type_in_chat(qtbot: Any, app: AppController, text: str) -> None:
    """Click into the game's chat box and type a line, Return sends it."""
    edit = app.lan.chat.edit
    activate(qtbot, app)
    qtbot.mouseClick(edit, Qt.MouseButton.LeftButton)
    assert QApplication.focusWidget() is edit
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key.Key_Return)


def play_game(qtbot: Any, apps: list[AppController], rng: random.Random, chat_every: int = 4) -> int:
    """Play to the end by clicks in whichever window may act; every few turns its player chats mid-turn."""
    turns = 0
    while True:
        qtbot.waitUntil(lambda: any(a.window.controller.active for a in apps)
                        or all(a.window._shown is not None and a.window._shown.over for a in apps),
                        timeout=TIMEOUT)
        if all(a.window._shown.over for a in apps):
            return turns
        mover = next(a for a in apps if a.window.controller.active)
        said: list[bool] = []

        def chat_mid_turn(m: AppController = mover, said: list[bool] = said, turns: int = turns) -> None:
            if said or turns % chat_every:
                return
            said.append(True)
            before = state_of(m)
            text = f"nice {turns} A B s h ?"  # every one a game key outside the chat box
            type_in_chat(qtbot, m, text)
            me = m.lan.session.name
            for a in apps:
                qtbot.waitUntil(lambda a=a: (me, text) in a.lan.chat.lines, timeout=TIMEOUT)
            assert state_of(m) == before  # the chat played nothing
            assert m.window.extras._rules is None or not m.window.extras._rules.isVisible()

        with qtbot.waitSignal(mover.window.shown, timeout=TIMEOUT):
            play_turn_by_clicks(qtbot, mover.window, rng, check=chat_mid_turn)
        turns += 1


def test_two_friends_play_three_games_at_one_table_with_chat_and_rematches(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    anna, ben = make_app("anna"), make_app("ben")
    apps = [anna, ben]
    host_table(qtbot, anna, "Evening table", "Anna", [0, 2], port)  # Anna, an open seat, a Medium bot
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")
    # the lobby is not skipped: every seat is filled, and the game waits for Anna's Start
    qtbot.waitUntil(lambda: ben.window.stack.currentWidget() is ben.lan.lobby, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: every_seat_filled(anna), timeout=TIMEOUT)
    ben.lan.lobby.chat.edit.setText("Ciao Anna!")
    qtbot.keyClick(ben.lan.lobby.chat.edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: ("Ben", "Ciao Anna!") in anna.lan.lobby.chat.lines, timeout=TIMEOUT)
    rng = random.Random(11)
    records = []
    for game in range(3):
        if game == 1:  # Ben is typing in the lobby when Anna starts: his line goes on in the game's chat box
            activate(qtbot, ben)
            qtbot.mouseClick(ben.lan.lobby.chat.edit, Qt.MouseButton.LeftButton)
            qtbot.keyClicks(ben.lan.lobby.chat.edit, "half a sen")
        start_game(qtbot, anna)
        if game == 1:
            qtbot.waitUntil(lambda: in_game(ben), timeout=TIMEOUT)
            edit = ben.lan.chat.edit
            assert edit.text() == "half a sen" and QApplication.focusWidget() is edit
            qtbot.keyClicks(edit, "tence 1 A")
            qtbot.keyClick(edit, Qt.Key.Key_Return)
            qtbot.waitUntil(lambda: ("Ben", "half a sentence 1 A") in anna.lan.chat.lines, timeout=TIMEOUT)
        for app in apps:
            qtbot.waitUntil(lambda a=app: in_game(a) and not a.window._shown.over, timeout=TIMEOUT)
            names = [s.name for s in app.lan.session.seats()]
            assert names == ["Anna", "Ben", "Bot 1 (medium)"]  # same seats, people and bot, every game
            assert app.lan.chat.edit.isEnabled() and app.lan.chat.isVisible()
        assert [a.lan.session.seat for a in apps] == [0, 1]
        assert play_game(qtbot, apps, rng) >= 10
        records.append(anna.lan.session.record())
        results = [a.window._shown.view(None)["result"] for a in apps]
        assert results[0] == results[1] is not None
        # the score sheet: Anna may start a rematch; Ben waits for it (or leaves)
        sheet_a, sheet_b = anna.window.score_sheet, ben.window.score_sheet
        qtbot.waitUntil(lambda a=sheet_a, b=sheet_b: a.isVisible() and b.isVisible(), timeout=TIMEOUT)
        assert sheet_a.again.text() == "&Rematch at this table" and not sheet_a.again.isHidden()
        assert sheet_b.again.isHidden() and not sheet_b.leave_button.isHidden()
        assert sheet_b.note.text() == "Waiting for Anna to start a rematch…"  # the host, by name
        if game == 2:
            break
        qtbot.mouseClick(sheet_a.again, Qt.MouseButton.LeftButton)
        # both are back in the table's lobby, seated; Ben's app asks him, and he stays
        for app in apps:
            qtbot.waitUntil(lambda a=app: a.window.stack.currentWidget() is a.lan.lobby, timeout=TIMEOUT)
        qtbot.waitUntil(lambda: ben.lan.rematch_box is not None and ben.lan.rematch_box.isVisible(), timeout=TIMEOUT)
        stay = next(b for b in ben.lan.rematch_box.buttons() if b.text() == "Stay for the rematch")
        qtbot.mouseClick(stay, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: ben.lan.rematch_box is None, timeout=TIMEOUT)
        assert ben.lan.session.seat == 1 and ben.window.stack.currentWidget() is ben.lan.lobby
        assert ("Ben", "Ciao Anna!") in ben.lan.lobby.chat.lines  # the evening's chat is kept
    # three different deals, each a whole game that replays to its own result
    from patrician_qt.engine import read_record, replay_result, write_record

    assert len({str(r.deal) for r in records}) == 3
    for record in records:
        again = read_record(write_record(record))
        assert replay_result(again)["scores"] == again.result["scores"]
    # Ben leaves from the score sheet: back to the start screen, nothing to rejoin
    qtbot.mouseClick(ben.window.score_sheet.leave_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: ben.window.stack.currentWidget() is ben.start, timeout=TIMEOUT)
    assert ben.lan.rejoin_info() is None


def test_the_joiner_typing_in_the_chat_when_the_turn_arrives_plays_no_move(qtbot: Any, make_app: Any) -> None:
    anna, ben = two_in_a_game(qtbot, make_app, "Chatty table")
    rng = random.Random(5)
    if ben.window.controller.active:  # Ben began: one turn each, so that Anna is to move
        with qtbot.waitSignal(ben.window.shown, timeout=TIMEOUT):
            play_turn_by_clicks(qtbot, ben.window, rng)
    qtbot.waitUntil(lambda: anna.window.controller.active, timeout=TIMEOUT)
    # Ben starts a sentence while Anna thinks
    type_in_chat(qtbot, ben, "")
    edit = ben.lan.chat.edit
    qtbot.keyClicks(edit, "nic")
    table = anna.lan.hosted.table
    turns_before = len(anna.lan.session.record().turns)
    with qtbot.waitSignal(ben.window.turnReady, timeout=TIMEOUT):  # Anna plays: Ben's turn arrives
        play_turn_by_clicks(qtbot, anna.window, rng)
    qtbot.waitUntil(lambda: ben.window.controller.active, timeout=TIMEOUT)
    assert QApplication.focusWidget() is edit  # the board did not take the focus from the chat box
    before = state_of(ben)
    qtbot.keyClicks(edit, "e 2 A B s 1")
    qtbot.keyClick(edit, Qt.Key.Key_Backspace)
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: ("Ben", "nice 2 A B s") in anna.lan.chat.lines, timeout=TIMEOUT)
    assert state_of(ben) == before and before[1] == "card" and before[2] is None  # no move was made
    assert len(anna.lan.session.record().turns) == turns_before + 1  # only Anna's turn
    assert table.true_state().to_move == 1


def test_a_pulled_cable_is_told_as_such_and_the_absence_is_told_when_back(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    anna, ben = make_app("anna"), make_app("ben", give_up_after=60.0, connect_timeout=1.0)
    from patrician_qt.table import TableOptions

    # a bot takes over a gone seat after 6 s; Anna is warned at once (under 20 s)
    anna.lan.options.table_options = TableOptions(bot_deadline_s=0.05, takeover_after_s=6.0)
    host_table(qtbot, anna, "Cable table", "Anna", [0], port)
    cable = CableProxy(port)
    try:
        join_by_address(qtbot, ben, f"127.0.0.1:{cable.port}", "Ben")
        start_game(qtbot, anna)
        for app in (anna, ben):
            qtbot.waitUntil(lambda a=app: in_game(a), timeout=TIMEOUT)
        rng = random.Random(3)
        cable.cut()
        # Ben's app: no answer for a while, then "does not answer" with each attempt; never "closed"
        banner = ben.lan.banner
        qtbot.waitUntil(lambda: banner.isVisible() and banner.mode == "reconnecting", timeout=TIMEOUT)
        assert banner.title.text() == "Lost the connection to Cable table"
        assert re.match(r"No answer from the host for \d+ seconds: the network may be down", banner.detail.text())
        assert "closed" not in banner.detail.text()
        qtbot.waitUntil(lambda: "(attempt " in banner.detail.text(), timeout=TIMEOUT)
        assert "does not answer: the network may be down" in banner.detail.text()
        # the banner leaves the side column alone: the players panel stays readable
        players = ben.window.players_view
        top_left = players.mapTo(ben.window.stack, players.rect().topLeft())
        assert not banner.geometry().contains(top_left)
        # Anna's app: Ben's line was lost (not "left"), for how long, and when a bot takes over
        qtbot.waitUntil(lambda: "offline" in anna.lan.session.seat_status(1), timeout=TIMEOUT)
        log_texts = [anna.window.log_model.index(i, 0).data() for i in range(anna.window.log_model.rowCount())]
        assert "Ben's connection was lost (no answer)" in log_texts
        qtbot.waitUntil(lambda: "bot in" in anna.lan.session.seat_status(1), timeout=TIMEOUT)
        assert any(text.startswith("A bot plays for Ben in ") for _who, text in anna.lan.chat.lines)
        menu = [a.text() for a in anna.lan.table_menu.actions()]
        assert "Let a bot play for Ben now" in menu and "Keep waiting for Ben (no bot)" in menu
        # the bot takes over and plays for Ben while Anna plays on
        qtbot.waitUntil(lambda: anna.lan.session.seat_status(1).startswith("away"), timeout=TIMEOUT)
        played = 0
        while played < 3:
            qtbot.waitUntil(lambda: anna.window.controller.active, timeout=TIMEOUT)
            with qtbot.waitSignal(anna.window.shown, timeout=TIMEOUT):
                play_turn_by_clicks(qtbot, anna.window, rng)
            played += 1
        cable.mend()
        qtbot.waitUntil(lambda: not banner.isVisible(), timeout=TIMEOUT)
        # back: the missed moves are in Ben's log, with a short summary
        qtbot.waitUntil(lambda: any(str(ben.window.log_model.index(i, 0).data()).startswith("While you were away (")
                                    for i in range(ben.window.log_model.rowCount())), timeout=TIMEOUT)
        texts = [str(ben.window.log_model.index(i, 0).data()) for i in range(ben.window.log_model.rowCount())]
        away = next(t for t in texts if t.startswith("While you were away ("))
        assert "of them w" in away and "(a bot played " in away
        assert "Ben is now played by a bot" in texts
        host_events = anna.lan.hosted.table.history()
        seen = [e for e in ben.lan.session.history() if e.get("e") not in ("joined", "left", "replaced")]
        assert seen == host_events  # Ben's app knows every move, also those made while he was away
    finally:
        cable.close()


def _headless_host(port: int, directory: Any, *extra: str) -> subprocess.Popen[str]:
    """`patrician host` on 127.0.0.1 in its own process (no zeroconf), once it listens."""
    root = Path(__file__).resolve().parents[3]
    proc = subprocess.Popen([sys.executable, "-m", "patrician_qt.cli.host", "--no-zeroconf", "--bind", LOOPBACK,
                             "--port", str(port), "--autosave-dir", str(directory), "--name", "Crash table",
                             *extra], cwd=root, env={**os.environ, "PYTHONPATH": str(root)},
                            stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    while "listening on" not in proc.stderr.readline():
        assert proc.poll() is None, "the host did not start"
    return proc


def test_a_crashed_host_is_told_as_not_running_and_the_game_goes_on_when_it_is_back(
        qtbot: Any, make_app: Any, tmp_path: Path) -> None:
    port = free_port()
    host = _headless_host(port, tmp_path, "--seats", "human,human")
    anna = make_app("anna", give_up_after=60.0, connect_timeout=1.0)
    ben = make_app("ben", give_up_after=60.0, connect_timeout=1.0)
    try:
        join_by_address(qtbot, anna, f"127.0.0.1:{port}", "Anna")
        join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")  # full: the headless host starts by itself
        for app in (anna, ben):
            qtbot.waitUntil(lambda a=app: in_game(a), timeout=TIMEOUT)
        rng = random.Random(2)
        assert play(qtbot, [anna, ben], rng, 2) == 2
        host.kill()  # the host's process dies (SIGKILL): no goodbye, no `closed`
        host.wait(10)
        for app in (anna, ben):
            banner = app.lan.banner
            qtbot.waitUntil(lambda b=banner: b.isVisible() and b.title.text() == "Crash table is not open any more",
                            timeout=TIMEOUT)
            detail = banner.detail.text()
            assert "the host's app is not running (it was closed or it crashed)" in detail
            assert "The host must open the table again" in detail
            assert "Your seat is kept" not in detail and "The host closed" not in detail
        # the host opens the table again from its autosave: both come back by themselves
        saves = sorted(tmp_path.glob("autosave-*.patrician.json"))
        host = _headless_host(port, tmp_path, "--resume", str(saves[0]))
        for app in (anna, ben):
            qtbot.waitUntil(lambda a=app: not a.lan.banner.isVisible(), timeout=TIMEOUT)
            assert "Connected again." in [text for _who, text in app.lan.chat.lines]
        assert play(qtbot, [anna, ben], rng, 2) == 2
    finally:
        host.kill()
        host.wait(10)


def test_a_table_closed_by_its_host_is_told_as_closed_and_ends_the_game(qtbot: Any, make_app: Any) -> None:
    anna, ben = two_in_a_game(qtbot, make_app, "Closing table")
    assert play(qtbot, [anna, ben], random.Random(4), 2) == 2
    close = next(a for a in anna.lan.table_menu.actions() if a.text().startswith("Close the table (ends"))
    close.trigger()
    confirm_close(qtbot, anna)
    banner = ben.lan.banner
    qtbot.waitUntil(lambda: banner.isVisible() and banner.mode == "ended", timeout=TIMEOUT)
    assert banner.title.text() == "The host closed Closing table"
    assert banner.detail.text() == "The game is over: the host ended it for everyone. You can save what you saw."
    assert banner.save_button.isVisible() and banner.leave_button.isVisible()
    assert ben.lan.session.state == "closed"  # no reconnecting to a table closed on purpose
    assert ben.window.turn_bar.prompt_text == "The game is over: the host closed the table"
    assert ben.lan.rejoin_info() is None


def test_the_chat_is_alive_at_the_next_table_and_clean(qtbot: Any, make_app: Any) -> None:
    """After one table ended under him, Ben joins the host's next table: his chat works there, and it is empty."""
    anna, ben = make_app("anna"), make_app("ben")
    first = free_port()
    host_table(qtbot, anna, "First table", "Anna", [0], first)
    join_by_address(qtbot, ben, f"127.0.0.1:{first}", "Ben")
    start_game(qtbot, anna)
    for app in (anna, ben):
        qtbot.waitUntil(lambda a=app: in_game(a), timeout=TIMEOUT)
    type_in_chat(qtbot, ben, "first table")
    qtbot.waitUntil(lambda: ("Ben", "first table") in anna.lan.chat.lines, timeout=TIMEOUT)
    anna.lan.leave()  # Anna closes the table: Ben's chat box is disabled there
    qtbot.waitUntil(lambda: ben.lan.banner.mode == "ended", timeout=TIMEOUT)
    assert not ben.lan.chat.edit.isEnabled()
    qtbot.mouseClick(ben.lan.banner.leave_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: ben.window.stack.currentWidget() is ben.start, timeout=TIMEOUT)
    second = free_port()
    host_table(qtbot, anna, "Second table", "Anna", [0], second)
    join_by_address(qtbot, ben, f"127.0.0.1:{second}", "Ben")
    qtbot.waitUntil(lambda: ben.window.stack.currentWidget() is ben.lan.lobby, timeout=TIMEOUT)
    lobby_chat = ben.lan.lobby.chat
    assert lobby_chat.edit.isEnabled() and lobby_chat.button.isEnabled() and lobby_chat.lines == []
    activate(qtbot, ben)
    qtbot.mouseClick(lobby_chat.edit, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(lobby_chat.edit, "ciao ?")  # "?" would open the rules if the box were dead
    qtbot.keyClick(lobby_chat.edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: ("Ben", "ciao ?") in anna.lan.lobby.chat.lines, timeout=TIMEOUT)
    assert ben.window.extras._rules is None or not ben.window.extras._rules.isVisible()
    start_game(qtbot, anna)
    qtbot.waitUntil(lambda: in_game(ben), timeout=TIMEOUT)
    assert ben.lan.chat.edit.isEnabled() and ("Ben", "first table") not in ben.lan.chat.lines
    type_in_chat(qtbot, ben, "second table")
    qtbot.waitUntil(lambda: ("Ben", "second table") in anna.lan.chat.lines, timeout=TIMEOUT)


def test_a_player_back_in_a_new_app_reads_the_whole_game_and_the_story_of_the_absence(
        qtbot: Any, make_app: Any) -> None:
    anna, ben = two_in_a_game(qtbot, make_app, "Story table")
    rng = random.Random(3)
    assert play(qtbot, [anna, ben], rng, 2) == 2
    ben.window.close()  # Ben's app is closed (his seat waits)
    qtbot.waitUntil(lambda: anna.lan.session.seat_status(1).startswith("offline"), timeout=TIMEOUT)
    next(a for a in anna.lan.table_menu.actions() if a.text() == "Let a bot play for Ben now").trigger()
    assert play(qtbot, [anna], rng, 3) == 3  # the bot plays Ben's turns meanwhile
    ben2 = make_app("ben")
    qtbot.waitUntil(ben2.start.rejoin_button.isVisible, timeout=TIMEOUT)
    qtbot.mouseClick(ben2.start.rejoin_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: in_game(ben2), timeout=TIMEOUT)
    log = ben2.window.log_model
    texts = [str(log.index(i, 0).data()) for i in range(log.rowCount())]
    played = sum(1 for i in range(log.rowCount()) if log.index(i, 0).data(log.KindRole) == "played")
    assert played == len(anna.lan.hosted.record().turns)  # every turn of the game, also those while away
    assert "Ben left the table" in texts and "Ben is now played by a bot" in texts  # closing the app says goodbye
    away = texts[-1]
    assert away.startswith("While you were away: ") and "(a bot played " in away
