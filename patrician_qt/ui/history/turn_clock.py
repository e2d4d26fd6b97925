"""How long each person at this computer took over their turns: from the moment the turn was theirs on screen
(after the privacy screen, at a hot-seat table) to the moment it was played.

Why measured by the window: only the window knows when a person could see their turn; a bot's time is its
search budget, not a figure about the game, so bots are never timed. The times go into the record's
``meta.seconds`` when the game is kept in the history.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable

from PySide6.QtCore import QObject

from patrician_qt.ui.session.contract import Session, Update


class TurnClock(QObject):
    """Adds up, per seat, the seconds its person spent on turns of the game on screen."""

    def __init__(self, session_of: Callable[[], Session | None], now: Callable[[], float] = time.monotonic,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session_of = session_of
        self._now = now
        self._session: weakref.ref[Session] | None = None  # weak: a closed game must go
        self._seq = -1
        self._open: tuple[int, int, float] | None = None  # (seat, seq, started) of the turn being thought over
        self.seconds: dict[int, float] = {}

    def _follow(self, session: Session | None) -> None:
        if session is not (self._session() if self._session is not None else None):
            self._session = weakref.ref(session) if session is not None else None
            self.seconds = {}
            self._open = None
            self._seq = -1

    def shown(self, update: Update) -> None:
        """A position is on screen: a new one ends the turn being timed (it was played)."""
        self._follow(self._session_of())
        if update.seq < self._seq:  # an earlier position: a new game on the same session (a LAN rematch)
            self.seconds = {}
            self._open = None
        self._seq = update.seq
        if self._open is not None and self._open[1] != update.seq:
            seat, _, started = self._open
            self.seconds[seat] = self.seconds.get(seat, 0.0) + max(0.0, self._now() - started)
            self._open = None

    def turn_ready(self, seat: int) -> None:
        """A person may act for ``seat`` now: their time runs (a repaint of the same turn keeps it running)."""
        self._follow(self._session_of())
        if self._open is None or self._open[0] != seat:
            self._open = (seat, self._seq, self._now())

    def taken(self) -> dict[int, float]:
        """Seconds per seat timed so far (only seats a person played here)."""
        return dict(self.seconds)


__all__ = ["TurnClock"]
