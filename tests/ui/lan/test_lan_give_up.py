"""When the app stops trying to reach a host that went away: it says what it knows (not "is the port
right?" about a port that worked all evening), offers Retry, and names the start screen's Rejoin."""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Qt

from .test_lan_drops import in_game, play, two_in_a_game
from .test_lan_game import TIMEOUT
from .test_lan_resume_hosted import click_resume


def test_after_giving_up_retry_takes_the_seat_back_once_the_host_is_back(qtbot: Any, make_app: Any) -> None:
    anna, ben = two_in_a_game(qtbot, make_app, "Patient table")
    assert play(qtbot, [anna, ben], random.Random(5), 2) == 2
    anna.window.close()  # the host quits mid-game; Ben's app tries for a while, then stops
    banner = ben.lan.banner
    qtbot.waitUntil(lambda: banner.mode == "gone", timeout=TIMEOUT)
    told = banner.detail.text()
    assert "port right" not in told and "the host's app is not running" in told, told
    assert "Rejoin" in told, told
    assert banner.retry_button.isVisible()
    anna2 = make_app("anna")  # the host opens the table again
    click_resume(qtbot, anna2)
    qtbot.waitUntil(lambda: in_game(anna2), timeout=TIMEOUT)
    qtbot.mouseClick(banner.retry_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: in_game(ben) and ben.lan.session is not None and ben.lan.session.state == "connected",
                    timeout=TIMEOUT)
    assert ben.lan.session.seat == 1 and not banner.isVisible()
    qtbot.waitUntil(lambda: anna2.lan.session.seat_status(1) == "", timeout=TIMEOUT)
