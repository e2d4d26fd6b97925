"""The time people take over their turns: from the moment the turn is theirs on screen to the next position;
a repaint of the same turn does not restart it, a bot's turn is never timed, a new game starts afresh."""

from __future__ import annotations

from PySide6.QtCore import QObject

from patrician_qt.ui.history.game_figures import clock_words
from patrician_qt.ui.history.turn_clock import TurnClock
from patrician_qt.ui.session.contract import Update


class _Now:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def _update(seq: int) -> Update:
    return Update(seq, {}, (), None)


def test_a_persons_turns_are_timed_and_a_repaint_keeps_the_clock_running(qapp):
    now = _Now()
    on_screen = [QObject()]  # the game (session) on screen
    clock = TurnClock(lambda: on_screen[0], now)  # type: ignore[arg-type, return-value]
    clock.shown(_update(1))
    clock.turn_ready(0)  # seat 0's person may act
    now.t += 30
    clock.shown(_update(1))  # the same position again (a language switch, a resize)
    clock.turn_ready(0)
    now.t += 12
    clock.shown(_update(2))  # played
    now.t += 50  # a bot thinks: nobody's clock runs
    clock.shown(_update(3))
    clock.turn_ready(0)
    now.t += 8
    clock.shown(_update(4))
    assert clock.taken() == {0: 50.0}
    assert clock_words(50.0) == "0:50" and clock_words(125.4) == "2:05" and clock_words(None) == "–"
    clock.shown(_update(0))  # a new game on the same table (a rematch): afresh
    assert clock.taken() == {}
    clock.shown(_update(1))
    clock.turn_ready(1)
    now.t += 5
    on_screen[0] = QObject()  # another game on screen: the last one's turn is not counted into it
    clock.shown(_update(2))
    assert clock.taken() == {}
