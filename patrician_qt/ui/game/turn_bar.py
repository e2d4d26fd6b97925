"""The bar above the board: whose turn, what to do now, why a click was refused, and the buttons."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from patrician_qt.ui.board import theme
from patrician_qt.ui.board.board_items import draw_symbol_badge
from patrician_qt.ui.text import plain


class SeatBadge(QWidget):
    """A player's colour-and-symbol badge as a small widget."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.color: str | None = None
        self.setFixedSize(30, 30)

    def set_color(self, color: str | None) -> None:
        """Show this seat colour (None: nothing)."""
        self.color = color
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        """The badge."""
        if not self.color:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        draw_symbol_badge(p, QRectF(self.rect()).center() + QPointF(0, 0), 12, self.color)
        p.end()


class TurnBar(QFrame):
    """Prompt, refusal message and the Undo / Skip / Confirm buttons."""

    ruleRequested = Signal(str)  # the rule link beside a refusal was pressed ("R13")
    promptChanged = Signal(str)  # what to do now (screen readers say it: ui/reach/game_speech.py)
    messageChanged = Signal(str, bool)  # an explanation; True for a refusal

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("TurnBar")
        self.prompt_text = ""
        self.message_text = ""
        self.message_again: Callable[[], str] | None = None  # words the message anew (set_message)
        self.rule = ""
        self.refused = False  # the message is a refusal (cleared by the next valid step or undo)
        # two rows: badge, prompt and buttons; under them the message across the whole bar, so a long hint
        # or refusal (German) is read whole, not cut short beside the buttons
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 3, 10, 3)
        lay.setSpacing(0)
        top = QHBoxLayout()
        top.setSpacing(10)
        bottom = QHBoxLayout()
        bottom.setSpacing(10)
        bottom.setContentsMargins(40, 0, 0, 0)  # under the prompt, past the badge
        buttons = QHBoxLayout()  # the buttons' own row, used while the bar is narrow (_arrange)
        buttons.setSpacing(10)
        buttons.setContentsMargins(40, 2, 0, 0)
        buttons.addStretch(1)
        lay.addLayout(top)
        lay.addLayout(bottom)
        lay.addLayout(buttons)
        self._rows, self._top, self._buttons_row, self._narrow = lay, top, buttons, False
        self.badge = SeatBadge(self)
        top.addWidget(self.badge)
        self.prompt = plain.new_label("", self)  # names players
        self.prompt.setObjectName("Prompt")
        self.prompt.setFont(theme.font(12.5, bold=True))
        self.message = plain.new_label("", self)  # may quote the host
        self.message.setObjectName("Message")
        self.message.setFont(theme.font(10.5, italic=True))
        self.message.setWordWrap(False)
        for label in (self.prompt, self.message):
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        top.addWidget(self.prompt, 1)
        bottom.addWidget(self.message, 1)
        self.rule_link = QPushButton(self)  # "Rule R13": opens the rules window at the refused rule
        self.rule_link.setObjectName("RuleLink")
        self.rule_link.setFlat(True)
        self.rule_link.hide()
        self.rule_link.clicked.connect(lambda: self.ruleRequested.emit(self.rule))
        bottom.addWidget(self.rule_link)
        self.hint = QPushButton(self.tr("Hint"), self)
        self.hint.setToolTip(self.tr("Ask the Hard bot what it would play"))
        self.undo = QPushButton(self.tr("Undo"), self)
        self.skip = QPushButton(self.tr("Skip relocation"), self)
        self.confirm = QPushButton(self.tr("Confirm turn"), self)
        self.confirm.setObjectName("Confirm")
        for w in (self.hint, self.undo, self.skip, self.confirm):
            top.addWidget(w)
        # narrower buttons leave the prompt its room at 1024 px (German "Spiele eine Handkarte aus" whole)
        self.setStyleSheet("QPushButton { padding: 5px 7px; } QPushButton#RuleLink { padding: 0 4px; border: none; "
                           "background: transparent; text-decoration: underline; }")
        self.setFixedHeight(self.ROW_HEIGHT)

    ROW_HEIGHT = 56  # the prompt and the buttons in one row, the message under them
    BUTTONS_ROW = 32  # what the buttons' own row adds while the bar is narrow
    PROMPT_ROOM = 240  # the prompt's least room beside the buttons ("Spiele eine Handkarte aus" whole)

    def _arrange(self) -> None:
        """The buttons beside the prompt, or in a row of their own under the message when they would leave
        the prompt less than PROMPT_ROOM (the window at 150 % or 200 %). Decided by the width alone, so the
        board does not move when the prompt changes."""
        buttons = (self.hint, self.undo, self.skip, self.confirm)
        m = self._rows.contentsMargins()
        beside = sum(b.sizeHint().width() + self._top.spacing() for b in buttons if not b.isHidden())
        room = self.width() - m.left() - m.right() - self.badge.width() - self._top.spacing() - beside
        narrow = room < self.PROMPT_ROOM
        if narrow == self._narrow:
            return
        self._narrow = narrow
        for b in buttons:
            (self._top if narrow else self._buttons_row).removeWidget(b)
            (self._buttons_row if narrow else self._top).addWidget(b)
        self.setFixedHeight(self.ROW_HEIGHT + (self.BUTTONS_ROW if narrow else 0))
        self._rows.activate()  # the prompt's new width, for the elision that follows

    def set_prompt(self, text: str, color: str | None) -> None:
        """What to do now, with the seat's badge (elided if the bar is narrow; full text in the tooltip)."""
        self.prompt_text = text
        self.prompt.setToolTip(plain.tip(text))
        self.badge.set_color(color)
        self._elide()
        self.promptChanged.emit(text)

    def _elide(self) -> None:
        self._arrange()
        width = max(120, self.prompt.width())
        size = 12.5
        while size > 10.5 and QFontMetrics(theme.font(size, bold=True)).horizontalAdvance(self.prompt_text) > width:
            size -= 0.5  # a long prompt (German) first gets a slightly smaller font, and only then "…"
        if self.prompt.font().pointSizeF() != size:
            self.prompt.setFont(theme.font(size, bold=True))
        fm = self.prompt.fontMetrics()
        self.prompt.setText(fm.elidedText(self.prompt_text, Qt.TextElideMode.ElideRight, width))
        text = self.message_text
        self.message.setText(self.message.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight,
                                                                    max(120, self.message.width())))

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Re-elide the texts for the new width."""
        super().resizeEvent(event)
        self._elide()

    def set_message(self, text: str, refusal: bool, again: Callable[[], str] | None = None) -> None:
        """An explanation (refusals in red, in the app's language, with a link to the rule they name);
        ``again`` words it anew after a language switch when it holds outside text (a file's path)."""
        from patrician_qt.ui.text.engine_text import translate_refusal

        self.message_again = again
        rule, text = translate_refusal(text) if text else ("", text)
        self.refused = refusal and bool(text)
        self.rule = rule if refusal else ""
        self.rule_link.setText(plain.mnemonic(self.tr("Rule {rule}").format(rule=rule)))
        self.rule_link.setToolTip(plain.tip(self.tr("Open the rules at {rule}").format(rule=rule)))
        self.rule_link.setVisible(bool(self.rule))
        col = QColor(theme.REFUSED if refusal else theme.FRAME)
        self.message.setStyleSheet(f"color: {col.name()};")
        self.message.setToolTip(plain.tip(text))
        self.message_text = text
        self._elide()
        self.messageChanged.emit(text, refusal)

    def clear_refusal(self) -> None:
        """A valid step or an undo followed the refused click: the refusal and its rule button go."""
        if self.refused or self.rule:
            self.set_message("", False)
