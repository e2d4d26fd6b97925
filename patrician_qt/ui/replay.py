"""The replay viewer: any record, stepped forwards/backwards or scrubbed, as a chosen seat saw it.

Positions are rebuilt by the engine (``start_state`` + ``replay_turn``) and shown through
the same window, models and board as a live game; a replay has no seat to play.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QComboBox, QFrame, QHBoxLayout, QLabel, QPushButton, QSlider, QWidget

from ..engine import Record, default_colors, replay_turn, start_state, view_for
from . import theme
from .session import SeatConfig, Session, Update


class ReplaySession(Session):
    """A finished (or cut) record as a list of positions; ``seek`` shows one of them."""

    jumped = Signal(int)  # a position was chosen (not a single step forward)

    def __init__(self, record: Record, parent: QObject | None = None) -> None:
        super().__init__(parent)
        state = start_state(record)  # RecordError with a clear message for a bad record
        colors = list(state.colors) if state.colors else list(default_colors(len(record.players)))
        self._seats = [SeatConfig(name, colors[i], "human") for i, name in enumerate(record.players)]
        self._updates: list[Update] = [self._update(0, state, (), None)]
        for i, raw in enumerate(record.turns):
            state, events = replay_turn(state, i, raw)
            self._updates.append(self._update(i + 1, state, tuple(events), raw.get("seat")))
        self.index = 0

    @staticmethod
    def _update(seq: int, state: Any, events: tuple[dict[str, Any], ...], mover: int | None) -> Update:
        views: dict[Any, dict[str, Any]] = {s: view_for(state, s) for s in range(state.n_players)}
        views[None] = view_for(state, None)
        return Update(seq, views, events, mover, by_bot=True)

    def __len__(self) -> int:
        return len(self._updates)

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

    def record(self) -> Record:
        """Not needed for a replay (the record was opened from a file)."""
        raise NotImplementedError("a replay does not write records")


class ReplayBar(QFrame):
    """⏮ ◀ ▶ ⏭, a slider over the whole game, and whose view to show."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("TurnBar")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(10, 4, 10, 4)
        self.first = QPushButton("«", self)
        self.back = QPushButton("◀", self)
        self.forward = QPushButton("▶", self)
        self.last = QPushButton("»", self)
        for b, tip in ((self.first, self.tr("The deal")), (self.back, self.tr("One turn back")),
                       (self.forward, self.tr("One turn forward")), (self.last, self.tr("The end"))):
            b.setToolTip(tip)
            b.setFixedWidth(40)
            lay.addWidget(b)
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        lay.addWidget(self.slider, 1)
        self.label = QLabel(self)
        self.label.setFont(theme.font(11, bold=True))
        self.label.setMinimumWidth(120)
        lay.addWidget(self.label)
        self.seat = QComboBox(self)
        lay.addWidget(self.seat)
        self.close_button = QPushButton(self.tr("Close replay"), self)
        lay.addWidget(self.close_button)
        self.setFixedHeight(56)

    def bind(self, session: ReplaySession, set_viewer: Any) -> None:
        """Drive ``session`` from the controls; ``set_viewer(seat or None)`` changes the view."""
        self.session = session
        n = len(session) - 1
        self.slider.blockSignals(True)
        self.slider.setRange(0, n)
        self.slider.setValue(0)
        self.slider.blockSignals(False)
        self.seat.blockSignals(True)
        self.seat.clear()
        self.seat.addItem(self.tr("Spectator (no hand)"), None)
        for i, s in enumerate(session.seats()):
            self.seat.addItem(self.tr("{name}'s view").format(name=s.name), i)
        self.seat.blockSignals(False)
        for conn in getattr(self, "_conns", []):
            QObject.disconnect(conn)
        self._conns = [
            self.first.clicked.connect(lambda: session.seek(0)),
            self.back.clicked.connect(lambda: session.seek(max(0, session.index - 1))),
            self.forward.clicked.connect(session.step),
            self.last.clicked.connect(lambda: session.seek(n)),
            self.slider.valueChanged.connect(lambda v: session.seek(v) if v != session.index else None),
            self.seat.currentIndexChanged.connect(lambda i: set_viewer(self.seat.itemData(i))),
        ]
        self.show_index(0)

    def show_index(self, index: int) -> None:
        """Move the slider and label to a position."""
        n = self.slider.maximum()
        self.slider.blockSignals(True)
        self.slider.setValue(index)
        self.slider.blockSignals(False)
        self.label.setText(self.tr("Turn {i} of {n}").format(i=index, n=n))
        self.back.setEnabled(index > 0)
        self.first.setEnabled(index > 0)
        self.forward.setEnabled(index < n)
        self.last.setEnabled(index < n)
