"""The replay viewer's controls: first / back / forward / last, play / pause at a chosen speed, a slider
over the game, whose view.

Kept apart from ``replay.py`` so the main window can build it without importing the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from patrician_qt.ui.board import theme

if TYPE_CHECKING:
    from patrician_qt.ui.session.config import SeatConfig
    from patrician_qt.ui.session.contract import ReplayControls


SPEEDS_MS = (("½×", 2400), ("1×", 1200), ("2×", 600), ("4×", 300))  # time per turn when playing
DEFAULT_SPEED = 1


class FittedNote(QLabel):
    """A plain-text note that wraps within the bar's height, in a smaller font where the bar is narrow: cut, it
    would hide the words that say what the replay shows."""

    SIZES = (9.0, 8.5, 8.0, 7.5)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)  # a name from the record
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)  # the room the bar has left
        self.setFont(theme.font(self.SIZES[0], bold=True))

    def setText(self, text: str) -> None:
        super().setText(text)
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        """The largest size whose lines fit the note's height."""
        for size in self.SIZES:
            font = theme.font(size, bold=True)
            if self.font() != font:
                self.setFont(font)
            if self.heightForWidth(self.width()) <= self.height():
                return


class ReplayBar(QFrame):
    """⏮ ◀ ▶ ⏭, play / pause with a speed, a slider over the whole game, and whose view to show."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("TurnBar")
        # two rows, as the turn bar: the buttons, and under them the slider across the whole bar (at 1024 px
        # one row had no room left for the slider and forced the window wider)
        rows = QVBoxLayout(self)
        rows.setContentsMargins(10, 3, 10, 3)
        rows.setSpacing(0)
        lay = QHBoxLayout()
        rows.addLayout(lay)
        self.first = QPushButton("«", self)
        self.back = QPushButton("◀", self)
        self.forward = QPushButton("▶", self)
        self.last = QPushButton("»", self)
        for b, tip in ((self.first, self.tr("The deal")), (self.back, self.tr("One turn back")),
                       (self.forward, self.tr("One turn forward")), (self.last, self.tr("The end"))):
            b.setToolTip(tip)
            b.setFixedWidth(34)
            lay.addWidget(b)
        self.play = QPushButton(self)  # plays the turns one after another until the end or a pause
        self.play.setCheckable(True)
        self.play.toggled.connect(self._play_toggled)
        lay.addWidget(self.play)
        self.speed = QComboBox(self)
        self.speed.setAccessibleName(self.tr("Replay speed"))
        self.speed.setToolTip(self.tr("How fast the replay plays"))
        from patrician_qt.ui.reach.quiet_fill import fill_once

        fill_once(self.speed, list(SPEEDS_MS), DEFAULT_SPEED)  # one value: fewer events for a screen reader at start
        self.timer = QTimer(self)
        self.timer.setInterval(SPEEDS_MS[DEFAULT_SPEED][1])
        self.timer.timeout.connect(self._tick)
        self.speed.currentIndexChanged.connect(lambda _i: self.timer.setInterval(int(self.speed.currentData())))
        lay.addWidget(self.speed)
        self._show_play_words()
        # a record kept at one seat (a LAN guest's) is shown as that seat saw it: said beside whose view it is
        self.seen_note = FittedNote(self)
        self.seen_note.setObjectName("SeenNote")
        self.seen_note.hide()
        lay.addSpacing(8)
        lay.addWidget(self.seen_note, 4)
        # the turn shown sits under the buttons, left of the slider: beside them it made the German viewer
        # wider than a 1366×768 laptop at 150 %
        under = QHBoxLayout()
        under.setSpacing(8)
        rows.addLayout(under)
        self.label = QLabel(self)
        self.label.setFont(theme.font(10, bold=True))
        self.label.setMinimumWidth(self.label.fontMetrics().horizontalAdvance(self.tr("Turn {i} of {n}").format(
            i=888, n=888)))
        under.addWidget(self.label)
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setAccessibleName(self.tr("Turn of the game shown"))
        under.addWidget(self.slider, 1)
        lay.addStretch(1)
        self.seat = QComboBox(self)
        self.seat.setAccessibleName(self.tr("Whose view is shown"))
        self.seat.setToolTip(self.tr("Whose view is shown: a spectator sees no hand"))
        # as wide as its longest entry, but never so wide that long names widen the window
        self.seat.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.seat.setMaximumWidth(190)
        lay.addWidget(self.seat)
        self.close_button = QPushButton(self.tr("Close"), self)
        self.close_button.setToolTip(self.tr("Close the replay"))
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
        seen = session.seen_from
        if seen is None:
            self.seat.addItem(self.tr("Spectator"), None)
            for i, s in enumerate(seats):
                self.seat.addItem(self.tr("{name}'s view").format(name=s.name), i)
            self.seat.setToolTip(self.tr("Whose view is shown: a spectator sees no hand"))
        else:  # a record kept at one seat (a LAN guest's): nobody else's view was ever seen
            name = seats[seen].name
            self.seat.addItem(self.tr("{name}'s view").format(name=name), seen)
            self.seat.setToolTip(self.tr("This record was kept at {name}'s seat: it holds only what {name} "
                                         "saw").format(name=name))
            self.seen_note.setText(self.tr("{name}'s view: the other hands and the draw pile stay hidden"
                                           ).format(name=name))
            whole = self.tr("This record was kept at {name}'s seat on another computer: you see the game as "
                            "{name} saw it. The other hands and the draw pile were never shown there; only how "
                            "many cards they held.").format(name=name)
            self.seen_note.setToolTip(whole)
            self.seen_note.setAccessibleDescription(whole)
        self.seat.setEnabled(seen is None)
        self.seat.setVisible(seen is None)  # the note names the one view there is, in the room of the choice
        self.seen_note.setVisible(seen is not None)
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
        self.pause()
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
        if index >= n:
            self.pause()  # the end: the score sheet offers to watch again

    # -- playing ---------------------------------------------------------------------------------------
    @property
    def playing(self) -> bool:
        """Whether the turns are playing by themselves."""
        return self.timer.isActive()

    def _show_play_words(self) -> None:
        self.play.setText(self.tr("Pause") if self.play.isChecked() else self.tr("Play"))
        self.play.setToolTip(self.tr("Stop at this turn") if self.play.isChecked()
                             else self.tr("Play the turns one after another"))

    def _play_toggled(self, on: bool) -> None:
        s = self.session
        if on and (s is None or s.index >= len(s) - 1):
            if s is not None:
                s.seek(0)  # at the end, Play starts again from the deal
            else:
                self.play.setChecked(False)
                return
        if on:
            self.timer.start(int(self.speed.currentData()))
            self._tick()
        else:
            self.timer.stop()
        self._show_play_words()

    def _tick(self) -> None:
        """The next turn, or a pause at the end."""
        s = self.session
        if s is None or s.index >= len(s) - 1:
            self.pause()
            return
        s.step()

    def start_playing(self) -> None:
        """Play (from the deal when at the end)."""
        self.play.setChecked(True)

    def pause(self) -> None:
        """Stop playing at the turn shown."""
        if self.play.isChecked():
            self.play.setChecked(False)
        self.timer.stop()
        self._show_play_words()

    def watch_again(self) -> None:
        """The score sheet's "Watch again": from the deal, playing."""
        if self.session is not None:
            self.pause()
            self.session.seek(0)
            self.start_playing()
