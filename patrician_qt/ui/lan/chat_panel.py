"""The table chat: what everyone said, and a line to say something (players and spectators alike).

It keeps the last MAX_LINES lines (each at most MAX_CHARS characters): an evening of chat, or a
host that floods it, costs the app the same bounded memory, and a note at the top says that
earlier lines were dropped.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QLineEdit, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from patrician_qt.ui.board import theme
from patrician_qt.ui.text import plain

MAX_CHARS = 500
# Lines the chat keeps (older ones are dropped, a few at a time, with a note at the top)
MAX_LINES = 500
_SLACK = 50  # dropped at once: trimming a document costs about the same for one line or fifty


def _t(text: str) -> str:
    return QCoreApplication.translate("ChatPanel", text)


class ChatPanel(QFrame):
    """Chat lines with the speaker's colour; Enter or Send emits ``send``."""

    send = Signal(str)
    arrived = Signal()  # a line was said (the game's side column marks its Chat tab unread)

    def __init__(self, parent: QWidget | None = None, title: bool = True) -> None:
        super().__init__(parent)
        self.setObjectName("ChatPanel")
        self.setWindowTitle(self.tr("Chat"))  # its tab's name where it shares a place with the log
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(4)
        if title:
            self.title = QLabel(self.tr("Table chat"), self)
            self.title.setObjectName("SideTitle")
            lay.addWidget(self.title)
        self.view = QTextBrowser(self)
        self.view.setObjectName("ChatView")
        self.view.setOpenLinks(False)
        self.view.setMinimumHeight(70)
        self.view.document().setUndoRedoEnabled(False)  # dropping old lines must not keep them for an undo
        self.view.setStyleSheet(
            f"#ChatView {{ background: {theme.PARCHMENT_LIGHT}; color: {theme.INK};"
            f" border: 1px solid {theme.PARCHMENT_DARK}; border-radius: 4px; font-family: '{theme.SERIF}';"
            " font-size: 12px; }")
        lay.addWidget(self.view, 1)
        row = QHBoxLayout()
        row.setSpacing(4)
        self.edit = QLineEdit(self)
        self.edit.setMaxLength(MAX_CHARS)
        self.edit.setPlaceholderText(self.tr("Say something to the table…"))
        self.edit.returnPressed.connect(self._send)
        self.button = QPushButton(self.tr("Send"), self)
        self.button.clicked.connect(self._send)
        row.addWidget(self.edit, 1)
        self.setFocusProxy(self.edit)  # F6 to the chat: the line to type in
        row.addWidget(self.button)
        lay.addLayout(row)
        self.lines: list[tuple[str, str]] = []
        self.dropped = 0  # earlier lines no longer kept
        self.colors: dict[str, str] = {}
        self._had_focus = False  # the line had the focus when the connection dropped

    def set_colors(self, colors: dict[str, str]) -> None:
        """Speaker name → seat colour name (R3), for the names in the chat."""
        self.colors = dict(colors)

    def _send(self) -> None:
        text = self.edit.text().strip()
        if text:
            self.edit.clear()
            self.send.emit(text)

    def add_line(self, sender: str, text: str, *, earlier: bool = False) -> None:
        """One chat line: time, speaker in their colour, text (``earlier``: a line said before this window
        followed the table, shown without a time)."""
        text = text if len(text) <= MAX_CHARS else text[:MAX_CHARS - 1] + "\u2026"
        self.lines.append((sender, text))
        color = theme.player_color(self.colors[sender]).darker(130).name() if sender in self.colors else theme.FRAME
        if sender in self.colors and self.colors[sender] in ("white", "yellow"):
            color = theme.FRAME
        stamp = "" if earlier else time.strftime("%H:%M")
        self.view.append(plain.markup(  # starts with a tag: append() reads it as rich text
            "<span style='color:#8A7458'>{stamp}</span> <b style='color:{color}'>{sender}</b>: {text}",
            stamp=stamp, color=color, sender=sender, text=text))
        self._trim()
        self.view.verticalScrollBar().setValue(self.view.verticalScrollBar().maximum())
        if not earlier:
            self.arrived.emit()

    def add_notice(self, text: str) -> None:
        """A line from the app itself (someone joined, the connection came back…)."""
        text = text if len(text) <= MAX_CHARS else text[:MAX_CHARS - 1] + "\u2026"
        self.lines.append(("", text))
        self.view.append(plain.markup("<i style='color:#8A7458'>{text}</i>", text=text))
        self._trim()
        self.view.verticalScrollBar().setValue(self.view.verticalScrollBar().maximum())

    def _trim(self) -> None:
        """Keep the last MAX_LINES lines: drop the oldest (view and list) and say so at the top."""
        extra = len(self.lines) - MAX_LINES
        if extra < _SLACK:
            return
        doc = self.view.document()
        note = self.dropped > 0  # the first block is the note
        first = doc.findBlockByNumber(1 if note else 0)
        cursor = QTextCursor(first)
        cursor.movePosition(QTextCursor.MoveOperation.NextBlock, QTextCursor.MoveMode.KeepAnchor, extra)
        cursor.removeSelectedText()
        del self.lines[:extra]
        self.dropped += extra
        cursor = QTextCursor(doc.firstBlock())
        if note:
            cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
            cursor.removeSelectedText()
        else:
            cursor.insertBlock()
            cursor = QTextCursor(doc.firstBlock())
        cursor.insertHtml(plain.markup("<i style='color:#8A7458'>{text}</i>", text=self.dropped_note()))

    def dropped_note(self) -> str:
        """The line at the top once earlier lines were dropped ("" before)."""
        if not self.dropped:
            return ""
        return _t("… {n} earlier lines are no longer shown (the chat keeps the last {keep}).").format(
            n=self.dropped, keep=MAX_LINES)

    def clear(self) -> None:
        """Forget every line (another table)."""
        self.view.clear()
        self.lines = []
        self.dropped = 0

    def copy_from(self, other: ChatPanel) -> None:
        """Show what another panel of the same table shows (lobby → game)."""
        self.view.setHtml(other.view.toHtml())
        self.lines = list(other.lines)
        self.dropped = other.dropped

    def set_enabled_input(self, on: bool) -> None:
        """Typing is possible only while connected; a line being typed when the connection dropped keeps its
        text and gets the focus back when it is there again."""
        if not on and self.edit.hasFocus():
            self._had_focus = True
        self.edit.setEnabled(on)
        self.button.setEnabled(on)
        self.edit.setFocusPolicy(Qt.FocusPolicy.StrongFocus if on else Qt.FocusPolicy.NoFocus)
        if on and self._had_focus:
            self._had_focus = False
            if self.isVisible():
                self.edit.setFocus(Qt.FocusReason.OtherFocusReason)

    def take_over(self, other: ChatPanel, typing: bool) -> None:
        """Another panel of the same table gives way to this one (lobby → game, game → lobby): what was being
        typed there goes on here, with the focus if ``typing`` (it had the focus)."""
        draft = other.edit.text()
        other.edit.clear()
        if draft and not self.edit.text():
            self.edit.setText(draft)
        if typing and self.edit.isEnabled():
            self.edit.setFocus(Qt.FocusReason.OtherFocusReason)
