"""The game log as a Qt model: every event in plain words, appended as it happens."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import ClassVar

from PySide6.QtCore import QModelIndex, Qt

from patrician_qt.engine import Event
from patrician_qt.ui.board.row_model import RowModel
from patrician_qt.ui.text.event_text import LogEvent, describe, merge_builds

_U = int(Qt.ItemDataRole.UserRole)
_TELL = _U + 99  # a note's telling function (not a role a view reads)


class LogModel(RowModel):
    """Rows of (turn, seat, event kind, sentence); new rows are inserted, never a reset."""

    TextRole = _U + 1
    SeatRole = _U + 2
    KindRole = _U + 3
    TurnRole = _U + 4
    EventRole = _U + 5
    ROLES: ClassVar[dict[int, bytes]] = {
        TextRole: b"text", SeatRole: b"seat", KindRole: b"kind", TurnRole: b"turn", EventRole: b"event"
    }
    DISPLAY_ROLE_SOURCE = TextRole

    def retell(self, tell: Callable[[LogEvent], str]) -> None:
        """Tell every event row again (after a language switch), keeping the rows."""
        for row in self._rows:
            event = row.get(self.EventRole)
            if event:
                row[self.TextRole] = tell(event)
            elif callable(row.get(_TELL)):  # a note ("A new game begins") says itself again
                row[self.TextRole] = row[_TELL]()
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, 0))

    def add_events(self, events: Sequence[LogEvent], names: list[str], turn: int) -> None:
        """Append the sentences for a batch of events (consecutive builds become one line)."""
        self._append([(turn, ev) for ev in merge_builds(list(events))], names)

    def add_history(self, events: Iterable[Event], names: list[str], turns_before: int = 0) -> int:
        """Append a stretch of a game's public events at once, numbered by turn; returns the last turn number.

        Why: a game shown again after a break (Continue, Load, a host re-opening its table, a player
        back from "while you were away") gets back the log it had, not "A new game begins". Each
        ``played`` event starts a turn, counted on from ``turns_before`` (the turns already in the
        log); the events are as the table or ``turn_events`` gives them. One insertion, however long.
        """
        turn = turns_before
        batch: list[Event] = []
        rows: list[tuple[int, LogEvent]] = []
        for ev in events:
            if ev.get("e") == "played":
                rows.extend((turn, e) for e in merge_builds(batch))
                batch = []
                turn += 1
            batch.append(ev)
        rows.extend((turn, e) for e in merge_builds(batch))
        self._append(rows, names)
        return turn

    def _append(self, rows: list[tuple[int, LogEvent]], names: list[str]) -> None:
        if not rows:
            return
        first = len(self._rows)
        self.beginInsertRows(QModelIndex(), first, first + len(rows) - 1)
        for turn, ev in rows:
            seat = ev.get("seat")
            self._rows.append(
                {
                    self.TextRole: describe(ev, names),
                    self.SeatRole: seat if isinstance(seat, int) else -1,
                    self.KindRole: ev.get("e"),
                    self.TurnRole: turn,
                    self.EventRole: dict(ev),
                }
            )
        self.endInsertRows()

    def add_text(self, text: str | Callable[[], str], kind: str = "note") -> None:
        """Append a line that is not a game event (e.g. "Game started").

        Given as a function that tells it (a ``tr`` call), the line follows a language switch (``retell``)."""
        n = len(self._rows)
        self.beginInsertRows(QModelIndex(), n, n)
        self._rows.append({self.TextRole: text() if callable(text) else text, self.SeatRole: -1, self.KindRole: kind,
                           self.TurnRole: -1, self.EventRole: None, _TELL: text if callable(text) else None})
        self.endInsertRows()

    def clear(self) -> None:
        """Empty the log (a new game)."""
        if self._rows:
            self.beginRemoveRows(QModelIndex(), 0, len(self._rows) - 1)
            self._rows.clear()
            self.endRemoveRows()
