"""The game log as a Qt model: every event in plain words, appended as it happens."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from PySide6.QtCore import QModelIndex, Qt

from patrician_qt.ui.board.row_model import RowModel
from patrician_qt.ui.text.event_text import LogEvent, describe, merge_builds

_U = int(Qt.ItemDataRole.UserRole)


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
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, 0))

    def add_events(self, events: Sequence[LogEvent], names: list[str], turn: int) -> None:
        """Append the sentences for a batch of events (consecutive builds become one line)."""
        merged = merge_builds(list(events))
        if not merged:
            return
        first = len(self._rows)
        self.beginInsertRows(QModelIndex(), first, first + len(merged) - 1)
        for ev in merged:
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

    def add_text(self, text: str, kind: str = "note") -> None:
        """Append a line that is not a game event (e.g. "Game started")."""
        n = len(self._rows)
        self.beginInsertRows(QModelIndex(), n, n)
        self._rows.append({self.TextRole: text, self.SeatRole: -1, self.KindRole: kind, self.TurnRole: -1,
                           self.EventRole: None})
        self.endInsertRows()

    def clear(self) -> None:
        """Empty the log (a new game)."""
        if self._rows:
            self.beginRemoveRows(QModelIndex(), 0, len(self._rows) - 1)
            self._rows.clear()
            self.endRemoveRows()
