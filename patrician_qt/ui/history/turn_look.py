"""A judged turn looked at again from the score sheet: the board and the hand as that player saw them when they
chose it, the turn played and the better turn ringed on them, and both said in words.

Why a window of its own over the score sheet, and the moment before the turn: the finished game stays where it
is (its sheet, its table, a LAN rematch), closing this goes straight back to the sheet, and the moment of the
choice is the one a review teaches from, as a chess review shows the position where the move was made. It works
from the record's moments (``review.seen``), so a LAN guest, who never had the deal, sees its own turns too.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QKeySequence, QResizeEvent, QShortcut, QShowEvent
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from patrician_qt.engine import Record, RecordError
from patrician_qt.review.moments import Moment
from patrician_qt.review.seen import game_moments
from patrician_qt.ui.board import theme
from patrician_qt.ui.board.board_items import Player
from patrician_qt.ui.board.board_model import BoardModel
from patrician_qt.ui.board.board_view import BoardScene, BoardView
from patrician_qt.ui.board.hand_model import HandModel
from patrician_qt.ui.board.hand_view import HandView
from patrician_qt.ui.board.hint_marks import HintMarks
from patrician_qt.ui.history.review_words import differs, turn_places, turn_words, verdict_line

#: the rings of the turn played: dark grey, not a player's colour, not the hint's blue nor the legal gold
PLAYED_COLOR = "#3A3A3A"


def _t(text: str) -> str:
    return QCoreApplication.translate("TurnLook", text)


def look_words(t: dict[str, Any], names: list[str]) -> str:
    """What the window shows, in words (a screen reader reads them): the verdict, the turn played, the better
    turn, and which rings are which."""
    lines = [verdict_line(t, names),
             _t("Turn played (solid grey rings): {turn}").format(turn=turn_words(t["played"]))]
    if differs(t):
        lines.append(_t("Better turn (dashed blue rings): {turn}").format(turn=turn_words(t["best"])))
    else:
        lines.append(_t("The review found no better turn."))
    return "\n".join(lines)


class TurnLook(QDialog):
    """One record's judged turns, one at a time; ``turnShown(turn)`` when another is shown (the sheet's list
    follows)."""

    turnShown = Signal(int)

    def __init__(self, record: Record, review: dict[str, Any], names: list[str], colors: list[str],
                 parent: QWidget | None = None) -> None:
        """``colors``: the seats' colours by name (R3), as the board draws them."""
        super().__init__(parent)
        self.setObjectName("TurnLook")
        self.record = record
        self.names = list(names)
        self.judged: list[dict[str, Any]] = [dict(t) for t in review.get("turns", []) if isinstance(t, dict)]
        self._moments: dict[int, Moment] = {}
        self.turn: int | None = None
        lay = QVBoxLayout(self)
        self.words = QLabel(self)
        self.words.setTextFormat(Qt.TextFormat.PlainText)  # names came from outside
        self.words.setWordWrap(True)
        # selectable by the mouse; not by the keyboard, whose caret would take Page Up / Page Down
        self.words.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.words.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # Tab reaches it; a screen reader reads it
        self.words.setFont(theme.font(12))
        lay.addWidget(self.words)
        self.board_model = BoardModel(self)
        self.scene = BoardScene(self.board_model, self)
        self.scene.set_players([Player(n, c) for n, c in zip(names, colors, strict=False)])
        self.board = BoardView(self.scene)
        self.board.setParent(self)
        self.board.setAccessibleName(_t("The board at that turn"))
        self.board.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        lay.addWidget(self.board, 1)
        self.hand_title = QLabel(self)
        self.hand_title.setTextFormat(Qt.TextFormat.PlainText)
        lay.addWidget(self.hand_title)
        self.hand_model = HandModel(self)
        self.hand = HandView(self)
        self.hand.setModel(self.hand_model)
        self.hand.setAccessibleName(_t("The hand at that turn"))
        lay.addWidget(self.hand)
        self.played_marks = HintMarks(self.scene, self.hand, _t("Played"), PLAYED_COLOR)
        self.better_marks = HintMarks(self.scene, self.hand, _t("Better"))
        row = QHBoxLayout()
        self.previous_button = QPushButton(_t("&Previous verdict"), self)  # its letter, and Page Up
        self.previous_button.clicked.connect(lambda: self._step(-1))
        QShortcut(QKeySequence(Qt.Key.Key_PageUp), self, lambda: self._step(-1))
        self.next_button = QPushButton(_t("&Next verdict"), self)
        self.next_button.clicked.connect(lambda: self._step(1))
        QShortcut(QKeySequence(Qt.Key.Key_PageDown), self, lambda: self._step(1))
        self.back_button = QPushButton(_t("&Back to the scores"), self)
        self.back_button.setToolTip(_t("Close this view: the score sheet is under it (Esc)"))
        self.back_button.clicked.connect(self.accept)
        self.back_button.setDefault(True)
        row.addWidget(self.previous_button)
        row.addWidget(self.next_button)
        row.addStretch(1)
        row.addWidget(self.back_button)
        lay.addLayout(row)
        self.setFocusProxy(self.words)

    def _moment(self, turn: int, seat: int) -> Moment | None:
        """What ``seat`` saw when it chose turn ``turn`` (computed once per seat: the record is replayed)."""
        if turn not in self._moments:
            try:
                self._moments.update((m.index, m) for m in game_moments(self.record, {seat}))
            except RecordError:
                return None
        return self._moments.get(turn)

    def show_turn(self, turn: int) -> bool:
        """Show judged turn ``turn`` (0-based); False when the review did not judge it or the record cannot show
        it (nothing changes then)."""
        t = next((t for t in self.judged if t.get("turn") == turn), None)
        moment = self._moment(turn, int(t["seat"])) if t is not None else None
        if t is None or moment is None:
            return False
        self.turn = turn
        name = self.names[moment.seat] if 0 <= moment.seat < len(self.names) else "?"
        self.setWindowTitle(_t("Turn {turn} of {name}, as {name} saw it").format(turn=turn + 1, name=name))
        self.board_model.set_view(moment.view)
        self.scene.deck.set_size(moment.view["deck_size"])
        self.hand_model.set_cards(list(moment.view["hand"]))
        self.hand_title.setText(_t("Hand of {name} before the turn").format(name=name))
        self.played_marks.show(turn_places(t["played"]))
        if differs(t):
            self.better_marks.show(turn_places(t["best"]))
        else:
            self.better_marks.clear()
        words = look_words(t, self.names)
        self.words.setText(words)
        self.words.setAccessibleName(words.splitlines()[0])
        self.words.setAccessibleDescription(words)
        place = next(i for i, j in enumerate(self.judged) if j.get("turn") == turn)
        self.previous_button.setEnabled(place > 0)
        self.next_button.setEnabled(place + 1 < len(self.judged))
        self.turnShown.emit(turn)
        return True

    def showEvent(self, event: QShowEvent) -> None:
        """The hand's rings cover the hand as it is laid out now; the focus starts on the words."""
        super().showEvent(event)
        self._fit_rings()
        self.words.setFocus(Qt.FocusReason.OtherFocusReason)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The hand's rings follow the hand's new size."""
        super().resizeEvent(event)
        self._fit_rings()

    def _fit_rings(self) -> None:
        for marks in (self.played_marks, self.better_marks):
            marks.hand_ring.show_card(marks.hand_ring.card)

    def _step(self, by: int) -> None:
        """The previous or next judged turn."""
        turns = [int(t["turn"]) for t in self.judged]
        if self.turn in turns:
            k = turns.index(self.turn) + by
            if 0 <= k < len(turns):
                self.show_turn(turns[k])


__all__ = ["PLAYED_COLOR", "TurnLook", "look_words"]
