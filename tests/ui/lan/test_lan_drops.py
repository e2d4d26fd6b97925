"""Drops: a broken connection comes back by itself; a closed app rejoins from the start screen,
also after the host let a bot stand in for the seat."""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Qt

from patrician_qt.engine import stack_size
from patrician_qt.ui.app.flow import AppController
from patrician_qt.ui.lan import game_link
from tests.ui.game_helpers import play_turn_by_clicks

from .conftest import free_port
from .test_lan_game import TIMEOUT, host_table, start_game


def join_by_address(qtbot: Any, app: AppController, address: str, name: str) -> None:
    """Open Join and type the address (no discovery needed)."""
    qtbot.mouseClick(app.start.join_button, Qt.MouseButton.LeftButton)
    dialog = app.lan.dialog
    dialog.name.setText(name)
    dialog.address.setText(address)
    qtbot.mouseClick(dialog.address_button, Qt.MouseButton.LeftButton)


def in_game(app: AppController) -> bool:
    """The app shows a LAN game."""
    return app.window.stack.currentWidget() is app.window.page and app.window._shown is not None


def two_in_a_game(qtbot: Any, make_app: Any, table: str) -> tuple[AppController, AppController]:
    """Anna hosts ``table`` from her app, Ben joins by address and Anna starts: both apps show the game."""
    port = free_port()
    anna, ben = make_app("anna"), make_app("ben")
    host_table(qtbot, anna, table, "Anna", [0], port)
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")
    start_game(qtbot, anna)
    for app in (anna, ben):
        qtbot.waitUntil(lambda a=app: in_game(a), timeout=TIMEOUT)
    return anna, ben


def play(qtbot: Any, apps: list[AppController], rng: random.Random, turns: int) -> int:
    """Play up to ``turns`` turns by clicks in whichever window may act; returns how many were played."""
    played = 0
    while played < turns:
        qtbot.waitUntil(lambda: any(a.window.controller.active for a in apps)
                        or any(a.window._shown is not None and a.window._shown.over for a in apps), timeout=TIMEOUT)
        movers = [a for a in apps if a.window.controller.active]
        if not movers:
            break
        with qtbot.waitSignal(movers[0].window.shown, timeout=TIMEOUT):
            play_turn_by_clicks(qtbot, movers[0].window, rng)
        played += 1
    return played


def test_drop_reconnects_and_closed_app_rejoins_its_seat_back_from_a_bot(qtbot: Any, make_app: Any,
                                                                           monkeypatch: Any) -> None:
    port = free_port()
    anna, ben = make_app("anna"), make_app("ben")
    alerts: list[Any] = []
    monkeypatch.setattr(game_link.QApplication, "alert", lambda w, ms=0: alerts.append(w))
    monkeypatch.setattr(ben.window, "isActiveWindow", lambda: False)  # Ben looks at another program
    monkeypatch.setattr(anna.window, "isActiveWindow", lambda: True)
    host_table(qtbot, anna, "Drop table", "Anna", [0], port)
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")  # the last seat: Anna starts the game
    start_game(qtbot, anna)
    for app in (anna, ben):
        qtbot.waitUntil(lambda a=app: in_game(a), timeout=TIMEOUT)
    rng = random.Random(9)
    assert play(qtbot, [anna, ben], rng, 3) == 3
    # Ben's window asked for attention each time his turn came, Anna's never
    bens_turns = sum(1 for e in ben.lan.session.history() if e.get("e") == "played" and e["seat"] == 1)
    hosts_record = [t["seat"] for t in anna.lan.hosted.record().turns]
    assert len(hosts_record) == 3 and bens_turns == hosts_record.count(1) >= 1  # 2 players take turns in turn
    assert set(alerts) == {ben.window}
    bens_turn_now = ben.window.controller.active
    assert len(alerts) == bens_turns + bens_turn_now  # once for each turn that came to him, no more

    # a network fault: the banner says so, the client comes back with its token, the game goes on
    states: list[str] = []
    ben.lan.session.connectionChanged.connect(lambda state, _e: states.append(state))
    ben.lan.session.drop_connection()
    qtbot.waitUntil(lambda: states[-2:] == ["reconnecting", "connected"], timeout=TIMEOUT)
    assert not ben.lan.banner.isVisible()
    assert "Connected again." in [text for _who, text in ben.lan.chat.lines]
    assert play(qtbot, [anna, ben], rng, 2) == 2

    # Ben leaves from the Table menu and joins again from the list: the app remembers his seat
    leave = [a for a in ben.lan.table_menu.actions() if a.text() == "Leave the table (your seat waits for you)"]
    leave[0].trigger()
    qtbot.waitUntil(lambda: ben.window.stack.currentWidget() is ben.start and ben.start.rejoin_button.isVisible())
    qtbot.waitUntil(lambda: anna.lan.session.seat_status(1).startswith("offline 0:"), timeout=TIMEOUT)
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")
    qtbot.waitUntil(lambda: in_game(ben) and ben.lan.session.seat == 1, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: anna.lan.session.seat_status(1) == "", timeout=TIMEOUT)
    assert play(qtbot, [anna, ben], rng, 2) == 2

    # Ben closes the app: the host sees him offline and lets a bot play for him
    seq = anna.lan.session.current().seq
    ben.window.close()
    qtbot.waitUntil(lambda: anna.lan.session.seat_status(1).startswith("offline 0:"), timeout=TIMEOUT)
    qtbot.waitUntil(lambda: anna.window._shown.seq > seq, timeout=TIMEOUT)  # the 'left' event is shown
    # the host sees for how long, and when a bot would take over
    assert anna.window.players_model.index(1, 0).data(anna.window.players_model.KindRole).startswith("Offline 0:")
    assert "· bot in " in anna.lan.session.seat_status(1)
    actions = [a for a in anna.lan.table_menu.actions() if a.text() == "Let a bot play for Ben now"]
    assert len(actions) == 1
    actions[0].trigger()
    qtbot.waitUntil(lambda: anna.lan.session.seat_status(1).startswith("away 0:"), timeout=TIMEOUT)
    assert anna.lan.session.seat_status(1).endswith(" · a bot plays")
    stack_before = stack_size(anna.window._shown.view(None)["players"][1])
    play(qtbot, [anna], rng, 2)  # meanwhile the bot plays Ben's turns
    assert stack_size(anna.window._shown.view(None)["players"][1]) > stack_before

    # Ben opens the app again: the start screen offers to rejoin, and he gets his seat back from the bot
    ben2 = make_app("ben")
    qtbot.waitUntil(lambda: ben2.start.rejoin_button.isVisible())
    assert ben2.start.rejoin_button.text() == "Rejoin Drop table"
    qtbot.mouseClick(ben2.start.rejoin_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: in_game(ben2), timeout=TIMEOUT)
    assert ben2.lan.session.seat == 1
    qtbot.waitUntil(lambda: anna.lan.session.seat_status(1) == "", timeout=TIMEOUT)
    host_hand = anna.lan.hosted.table.true_state().hands[1]
    from patrician_qt.engine.cards import CARD_IDS

    qtbot.waitUntil(lambda: ben2.window.hand_model.cards() == [CARD_IDS[c] for c in host_hand], timeout=TIMEOUT)
    # and the game carries on to the end with Ben playing again
    played = play(qtbot, [anna, ben2], rng, 200)
    assert played > 0
    for app in (anna, ben2):
        qtbot.waitUntil(lambda a=app: a.window._shown.over, timeout=TIMEOUT)
    assert ben2.lan.rejoin_info() is None


def test_starting_a_local_game_leaves_the_table_and_the_peers_are_told(qtbot: Any, make_app: Any) -> None:
    from tests.ui.game_helpers import config

    port = free_port()
    anna, ben = make_app("anna"), make_app("ben")
    host_table(qtbot, anna, "Short table", "Anna", [0, 0], port)
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")
    qtbot.waitUntil(lambda: ben.window.stack.currentWidget() is ben.lan.lobby, timeout=TIMEOUT)
    session = anna.start_game(config(["human", "bot:easy"]))  # Game → New game… from the lobby
    qtbot.waitUntil(lambda: anna.lan.hosted is None and anna.lan.session is None, timeout=TIMEOUT)
    assert anna.window.session is session
    qtbot.waitUntil(lambda: ben.lan.banner.mode == "gone", timeout=TIMEOUT)
    assert not ben.lan.banner.save_button.isVisible()  # nothing was played: nothing to save
    session.close()
