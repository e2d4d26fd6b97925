"""The review of a game on screen: "Review this game", a progress bar with Cancel while the bots judge, then
each judged turn with its verdict and the better turn, and a summary per player.

The same panel serves the score sheet and the replay viewer (there a chosen turn is shown on the board).
Every line is plain text (players' names came from outside) and is the item's accessible text as well.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from patrician_qt.ui.history.review_runner import ReviewRunner
from patrician_qt.ui.history.review_words import summary_lines, verdict_line

TURN_ROLE = Qt.ItemDataRole.UserRole + 1


class VerdictList(QListWidget):
    """The verdicts; Space chooses the current one as Return and a click do (a list of things to open).

    Both keys are the list's own, not the game window's shortcuts (``reach.key_gate``'s property)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("VerdictList")  # a background of its own (theme): a transparent list's scroll bar
        # track is left unpainted, a black block on a real screen
        self.setProperty("ownsPressKeys", True)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Space activates the current line."""
        item = self.currentItem()
        if event.key() == Qt.Key.Key_Space and not event.modifiers() and item is not None:
            self.itemActivated.emit(item)
            return
        super().keyPressEvent(event)


class ReviewPanel(QWidget):
    """A view of one ``ReviewRunner``: asks for a review (``wanted``) and shows its progress and verdicts."""

    wanted = Signal()  # "Review this game" pressed
    turnChosen = Signal(int)  # a judged turn was chosen (0-based turn index)

    def __init__(self, runner: ReviewRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self.names: list[str] = []
        self.offers_start = True  # its own "Review this game" (the score sheet has a button of its own)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.start_button = QPushButton(self.tr("Rev&iew this game"), self)
        self.start_button.setToolTip(self.tr("The Hard bot's search judges each of your turns from what you "
                                             "could see then, and shows a better turn where it finds one"))
        self.start_button.clicked.connect(self.wanted)
        self.progress = QProgressBar(self)
        self.progress.setAccessibleName(self.tr("Review progress"))
        self.progress.setFormat(self.tr("%v of %m turns judged"))
        self.cancel_button = QPushButton(self.tr("Cancel"), self)
        self.cancel_button.setToolTip(self.tr("Stop the review"))
        self.cancel_button.clicked.connect(runner.cancel)
        row.addWidget(self.start_button)
        row.addWidget(self.progress, 1)
        row.addWidget(self.cancel_button)
        lay.addLayout(row)
        self.status = QLabel(self)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setWordWrap(True)
        lay.addWidget(self.status)
        self.verdicts = VerdictList(self)
        self.verdicts.setAccessibleName(self.tr("Verdicts of the review"))
        self.verdicts.setWordWrap(True)
        self.verdicts.itemActivated.connect(self._chosen)
        self.verdicts.itemClicked.connect(self._chosen)
        lay.addWidget(self.verdicts, 1)
        runner.progressed.connect(self._progressed)
        runner.reviewed.connect(self.show_review)
        runner.failed.connect(self._failed)
        runner.cancelled.connect(self._cancelled)
        self.reset()

    def reset(self, names: list[str] | None = None) -> None:
        """Nothing reviewed yet (a new game on screen)."""
        if names is not None:
            self.names = list(names)
        self.verdicts.clear()
        self.verdicts.hide()
        self.setFocusProxy(self.start_button)  # F6 to the side panel lands on what can be done there
        self.status.setText("")
        self._idle()

    def _idle(self) -> None:
        self.start_button.setEnabled(True)
        self.start_button.setVisible(self.offers_start)
        self.progress.hide()
        self.cancel_button.hide()

    def busy(self) -> None:
        """A review was started: the progress bar and Cancel."""
        self.start_button.setEnabled(False)
        # the progress bar and Cancel take the button's place: the three side by side were wider than the side
        # column at 150 % and 200 %, and the squeezed row made the window taller than the screen
        self.start_button.hide()
        self.progress.setRange(0, 0)  # busy until the worker tells how many turns there are
        self.progress.show()
        self.cancel_button.show()
        self.status.setText(self.tr("The bots are reviewing the game…"))

    def _progressed(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(done)

    def _failed(self, words: str) -> None:
        self._idle()
        self.status.setText(self.tr("The review failed: {why}").format(why=words))

    def _cancelled(self) -> None:
        self._idle()
        self.status.setText(self.tr("The review was cancelled."))

    def show_review(self, review: dict[str, Any]) -> None:
        """Each judged turn and the summary."""
        self._idle()
        self.start_button.setEnabled(False)  # computed once: it is kept with the game
        self.start_button.hide()  # and its row is the verdicts' (a short side column showed one line of them)
        names = self.names or list(review.get("players", []))
        self.verdicts.clear()
        for line in summary_lines(review):
            item = QListWidgetItem(line)
            item.setData(Qt.ItemDataRole.AccessibleTextRole, line)
            self.verdicts.addItem(item)
        for t in review.get("turns", []):
            line = verdict_line(t, names)
            item = QListWidgetItem(line)
            item.setData(Qt.ItemDataRole.AccessibleTextRole, line)
            item.setData(TURN_ROLE, int(t["turn"]))
            self.verdicts.addItem(item)
        self.verdicts.show()
        self.setFocusProxy(self.verdicts)
        self.status.setText(self.tr("Reviewed: %n turn(s). Choose a turn to see it.", "",
                                    len(review.get("turns", []))))

    def _chosen(self, item: QListWidgetItem) -> None:
        turn = item.data(TURN_ROLE)
        if isinstance(turn, int):
            self.turnChosen.emit(turn)

    def select_turn(self, turn: int) -> None:
        """Mark the verdict of turn ``turn`` (0-based) as the current line (a replay shows that turn)."""
        for i in range(self.verdicts.count()):
            item = self.verdicts.item(i)
            if item.data(TURN_ROLE) == turn:
                self.verdicts.blockSignals(True)
                self.verdicts.setCurrentItem(item)
                self.verdicts.blockSignals(False)
                self.verdicts.scrollToItem(item)
                return
        self.verdicts.setCurrentRow(-1)

    def lines(self) -> list[str]:
        """The panel's verdict lines (tests read what a player sees)."""
        return [self.verdicts.item(i).text() for i in range(self.verdicts.count())]


__all__ = ["ReviewPanel"]
