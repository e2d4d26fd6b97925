"""The story of the board at a LAN table (real sockets on 127.0.0.1): both windows mark each player's last turn the
same way, clear a player's marks when they move again, and tell each player what happened since their turn."""

from __future__ import annotations

import random
from typing import Any

from tests.ui.game.test_story import check_marks_match, follow_events, seen_events

from .conftest import free_port
from .test_lan_drops import in_game, join_by_address, play
from .test_lan_game import TIMEOUT, host_table, start_game


def test_lan_marks_and_summary_follow_every_turn_in_both_windows(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    anna, ben = make_app("anna"), make_app("ben")
    for app in (anna, ben):
        follow_events(app.window)
    host_table(qtbot, anna, "Story table", "Anna", [0, 1], port)  # Ben's open seat and an easy bot
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")
    start_game(qtbot, anna)
    for app in (anna, ben):
        qtbot.waitUntil(lambda a=app: in_game(a), timeout=TIMEOUT)
    rng = random.Random(15)
    for _ in range(4):
        assert play(qtbot, [anna, ben], rng, 1) == 1
        for app in (anna, ben):
            w = app.window
            qtbot.waitUntil(lambda w=w: not w.presenter.busy, timeout=TIMEOUT)
        # both windows saw the same turns, and each marks every seat's last one (R26: public events only)
        qtbot.waitUntil(lambda: [e for e in seen_events(anna.window) if e["e"] == "played"]
                        == [e for e in seen_events(ben.window) if e["e"] == "played"], timeout=TIMEOUT)
        for app in (anna, ben):
            check_marks_match(app.window, seen_events(app.window), range(3))
        me = ben.window.session.local_humans()[0]
        played = [e["seat"] for e in seen_events(ben.window) if e["e"] == "played"]
        mine = max((i for i, s in enumerate(played) if s == me), default=-1)
        lines = [seat for seat, _, _ in ben.window.scene.story_box.lines]
        assert lines == played[mine + 1:]
        assert all(seat != me for seat in lines)
        # whose turn it is, in the window title (and so the taskbar)
        names = [s.name for s in ben.window.session.seats()]
        to_move = ben.window.shown_update.view(None)["to_move"]
        if to_move is not None:
            want = f"your turn, {names[me]}" if to_move == me else f"{names[to_move]}'s turn"
            assert ben.window.windowTitle().endswith(want), (ben.window.windowTitle(), want)
