"""The replay viewer: any record, stepped forwards/backwards or scrubbed, as a chosen seat saw it.

Positions are rebuilt by the engine (``start_state`` + ``replay_turn``) and shown through
the same window, models and board as a live game; a replay has no seat to play. A LAN guest's
record has no deal: its positions are the ones its seat saw (``review.seen_replay``), and only
that seat's view (or a spectator's of the same facts) can be shown.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal

from patrician_qt.engine import Event, GameState, Record, View, default_colors, replay_turn, start_state, view_for
from patrician_qt.review.seen import seen_seat
from patrician_qt.review.seen_replay import seen_positions
from patrician_qt.ui.session.config import SeatConfig
from patrician_qt.ui.session.contract import Session, Update


class ReplaySession(Session):
    """A finished (or cut) record as a list of positions; ``seek`` shows one of them."""

    jumped = Signal(int)  # a position was chosen (not a single step forward)

    def __init__(self, record: Record, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._source = record
        #: the one seat whose view a record without its deal kept (a LAN guest's), None for a whole record
        self.seen_from: int | None = None
        self.index = 0
        self._seats: list[SeatConfig] = []
        self._updates: list[Update] = []
        if not record.deal and seen_seat(record) is not None:
            self._replay_seen(record)
            return
        state = start_state(record)  # RecordError with a clear message for a bad record
        colors = list(state.colors) if state.colors else list(default_colors(len(record.players)))
        self._seats = [SeatConfig(name, colors[i], "human") for i, name in enumerate(record.players)]
        self._updates = [self._update(0, state, (), None)]
        for i, raw in enumerate(record.turns):
            state, events = replay_turn(state, i, raw)
            self._updates.append(self._update(i + 1, state, tuple(events), raw.get("seat")))

    def _replay_seen(self, record: Record) -> None:
        """The positions as the record's seat saw them; RecordError for a kept map that does not add up."""
        positions = seen_positions(record)
        seat = seen_seat(record)
        self.seen_from = seat
        players = positions[0].view["players"]
        self._seats = [SeatConfig(name, players[i]["color"], "human") for i, name in enumerate(record.players)]
        self._updates = [Update(i, {seat: p.view, None: p.public}, p.events, p.mover, by_bot=True)
                         for i, p in enumerate(positions)]

    @staticmethod
    def _update(seq: int, state: GameState, events: tuple[Event, ...], mover: int | None) -> Update:
        views: dict[int | None, View] = {s: view_for(state, s) for s in range(state.n_players)}
        views[None] = view_for(state, None)
        return Update(seq, views, events, mover, by_bot=True)

    def __len__(self) -> int:
        return len(self._updates)

    def replay(self) -> ReplaySession:
        """A replay answers for its own controls."""
        return self

    def seats(self) -> list[SeatConfig]:
        """The record's players (nobody plays: every seat is only watched)."""
        return list(self._seats)

    def local_humans(self) -> list[int]:
        """No seat is played in a replay."""
        return []

    def current(self) -> Update:
        """The position on screen."""
        return self._updates[self.index]

    def update_at(self, index: int) -> Update:
        """The position after ``index`` turns."""
        return self._updates[index]

    def history(self) -> list[Event]:
        """The public events up to the position shown: what the game's story tells so far."""
        return [e for u in self._updates[1:self.index + 1] for e in u.events]

    def submit(self, seat: int, turn: Any) -> None:
        """A replay cannot be played."""
        self.rejected.emit(self.tr("a replay cannot be played"), "")

    def start(self) -> None:
        """Show the starting position."""
        self.seek(0)

    def step(self) -> None:
        """One turn forward (shown step by step at the user's speed)."""
        if self.index + 1 < len(self._updates):
            self.index += 1
            self.updated.emit(self._updates[self.index])

    def seek(self, index: int) -> None:
        """Jump to the position after ``index`` turns (0 = the deal)."""
        if not 0 <= index < len(self._updates):
            raise ValueError(f"no position {index}: 0 to {len(self._updates) - 1}")
        self.index = index
        self.jumped.emit(index)

    def source(self) -> Record:
        """The record replayed (its score story and its review are the game's)."""
        return self._source

    def record(self) -> Record:
        """Not needed for a replay (the record was opened from a file)."""
        raise NotImplementedError("a replay does not write records")
