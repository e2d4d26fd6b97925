"""The clock that runs while someone is away from a LAN table.

Why a part of its own: once a second it brings the players panel's "away for …" up to date, and tells
the host before a bot takes a gone player's seat over; it runs only while someone is gone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QTimer

if TYPE_CHECKING:
    from patrician_qt.ui.game.screen import GameScreen
    from patrician_qt.ui.lan.at_table import AtTable

#: the host is told this many seconds before a bot takes over a gone player's seat
WARN_BEFORE_S = 20.0


def _t(text: str) -> str:
    return QCoreApplication.translate("LanController", text)


class AwayClock:
    """Ticks while a seat is away; warns once per seat before its takeover."""

    def __init__(self, parent: QObject, window: GameScreen, table: AtTable, notice: Callable[[str], None]) -> None:
        self._window = window
        self._table = table
        self._notice = notice  # the warning in the chat too
        self._warned: set[int] = set()  # seats whose "a bot plays for … in 20 s" was said
        self._timer = QTimer(parent)
        self._timer.setInterval(1000)
        self._timer.timeout.connect(self.tick)

    def tick(self) -> None:
        """Once a second while someone is away: their time in the players panel; the host is warned before a
        bot takes a seat over ("A bot plays for Ben in 20 s")."""
        session = self._table.session
        if session is None or self._window.session is not session:
            self._timer.stop()
            return
        gone = [i for i in range(len(session.lobby)) if session.seat_status(i)]
        if not gone:
            self._timer.stop()
            self._warned.clear()
            return
        if not self._timer.isActive():
            self._timer.start()
        self._window.refresh_players()
        for absence in session.absences():
            seat, left = int(absence["seat"]), absence.get("takeover_in")
            if left is None or absence.get("bot") or left > WARN_BEFORE_S or seat in self._warned:
                continue
            self._warned.add(seat)
            name = session.seats()[seat].name if seat < len(session.seats()) else str(absence.get("name"))
            text = _t("A bot plays for {name} in {n} s (Table menu: keep waiting for {name}).").format(
                name=name, n=int(left + 0.999))
            self._notice(text)
            self._window.turn_bar.set_message(text, False)

    def rewarn(self, seat: int) -> None:
        """The seat's countdown was held or let run again: its warning may be said again."""
        self._warned.discard(seat)

    def stop(self) -> None:
        """Nobody is away any more (the table is gone)."""
        self._timer.stop()

    def fresh(self) -> None:
        """Connecting: no warning of the last table carries over."""
        self._warned.clear()
        self._timer.stop()
