"""The host's player is told when the hosted table's bot cannot play, and can try again."""

from __future__ import annotations

import errno
import random
from typing import Any

from PySide6.QtCore import Qt

from tests.net.helpers import ViewRunner
from tests.ui.game_helpers import play_turn_by_clicks

from .conftest import free_port
from .test_lan_game import host_table, start_game

TIMEOUT = 20_000


class LostWorker(ViewRunner):
    """A bots runner whose worker is lost and cannot start again the first time it is asked."""

    def __init__(self) -> None:
        super().__init__()
        self.fails = 1

    async def choose(self, level: str, seat: int, view: dict[str, Any], history: list[dict[str, Any]],
                     seed: int, deadline_s: float) -> dict[str, Any]:
        if self.fails:
            self.fails -= 1
            raise OSError(errno.EMFILE, "Too many open files")
        return await super().choose(level, seat, view, history, seed, deadline_s)


def test_the_host_is_told_when_its_tables_bot_cannot_start_and_try_again_plays_on(qtbot: Any,
                                                                                   make_app: Any) -> None:
    anna = make_app("anna")
    anna.lan.options.runner = LostWorker()
    host_table(qtbot, anna, "Trouble table", "Anna", [2], free_port())  # a bot in the other seat: play at once
    # every seat is filled: the host starts the game (the app never skips the lobby)
    start_game(qtbot, anna)

    def told() -> bool:
        return anna.lan.trouble_box is not None and anna.lan.trouble_box.box is not None

    qtbot.waitUntil(lambda: told() or anna.window.controller.active, timeout=TIMEOUT)
    if not told():  # Anna moves first: her turn, then the bot's
        play_turn_by_clicks(qtbot, anna.window, random.Random(2))
        qtbot.waitUntil(told, timeout=TIMEOUT)
    box = anna.lan.trouble_box
    assert "could not start: the app has run out of open files" in box.box.text()
    session = anna.lan.session
    seq = session.current().seq
    qtbot.mouseClick(box.button("retry"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: session.current().seq > seq, timeout=TIMEOUT)  # the bot played its turn
    assert box.box is None
    anna.lan.leave()  # "Close the table": the hosted table and its trouble box go
    assert anna.lan.hosted is None
