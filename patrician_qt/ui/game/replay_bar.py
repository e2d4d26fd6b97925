"""The replay viewer's controls: first / back / forward / last, a slider over the game, whose view.

Kept apart from ``replay.py`` so the main window can build it without importing the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QComboBox, QFrame, QHBoxLayout, QLabel, QPushButton, QSlider, QWidget

from patrician_qt.ui.board import theme

if TYPE_CHECKING:
    from patrician_qt.ui.session.config import SeatConfig
    from patrician_qt.ui.session.contract import ReplayControls


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
        self.slider.setAccessibleName(self.tr("Turn of the game shown"))
        lay.addWidget(self.slider, 1)
        self.label = QLabel(self)
        self.label.setFont(theme.font(11, bold=True))
        self.label.setMinimumWidth(120)
        lay.addWidget(self.label)
        self.seat = QComboBox(self)
        self.seat.setAccessibleName(self.tr("Whose view is shown"))
        lay.addWidget(self.seat)
        self.close_button = QPushButton(self.tr("Close replay"), self)
        lay.addWidget(self.close_button)
        self.setFixedHeight(56)
        self.session: ReplayControls | None = None
        self._conns: list[Any] = []

    def bind(self, session: ReplayControls, seats: list[SeatConfig], set_viewer: Any) -> None:
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
        for i, s in enumerate(seats):
            self.seat.addItem(self.tr("{name}'s view").format(name=s.name), i)
        self.seat.blockSignals(False)
        for conn in self._conns:
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

    def unbind(self) -> None:
        """Let go of the replay (it was closed): the controls' connections held it."""
        for conn in self._conns:
            QObject.disconnect(conn)
        self._conns = []
        self.session = None

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
