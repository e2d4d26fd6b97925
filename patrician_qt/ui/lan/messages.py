"""The LAN parts' messages to the user: one warning box at a time, never blocking the window.

Why a part of its own: hosting, joining and the table all have something to say when it goes
wrong; one owner keeps a single box open (a new one replaces the last), remembers the last
message for tests and tools, and tells the app (which refreshes its start screen).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from patrician_qt.ui.text import plain


def sentence(text: str) -> str:
    """A message as a sentence: a capital first letter and a full stop (the network's words are bare)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


class LanMessages:
    """The one warning box of a window's LAN parts, and the last message shown."""

    def __init__(self, parent: QWidget, told: Callable[[str, str], None]) -> None:
        self._parent = parent
        self._told = told  # title, text: the user was shown an error
        self.last_error: tuple[str, str] | None = None
        self.box: QMessageBox | None = None

    def error(self, title: str, text: str) -> None:
        """Show a clear message without blocking (tests read ``last_error``)."""
        box = self._open(title, text)
        box.open()
        self._told(title, text)

    def offer(self, title: str, text: str, action: str, chosen: Callable[[], None]) -> None:
        """A warning with a way out: ``chosen`` runs if the user takes ``action`` (Cancel does nothing)."""
        box = self._open(title, text, QMessageBox.StandardButton.Cancel)
        use = box.addButton(action, QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(use)

        def answered(_result: int) -> None:
            if box.clickedButton() is use:
                chosen()

        box.finished.connect(answered)
        box.open()

    def _open(self, title: str, text: str,
              buttons: QMessageBox.StandardButton = QMessageBox.StandardButton.Ok) -> QMessageBox:
        self.last_error = (title, text)
        if self.box is not None:
            self.box.close()
        box = self.box = plain.message_box(self._parent, QMessageBox.Icon.Warning, title, text, buttons)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        return box
