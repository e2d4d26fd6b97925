"""The one LAN dialog open at a time (Host, Join, an invitation), and its clean-up when it closes; and the
one question at a table (close it, stay for a rematch) that may leave it.

Why a part of its own: each finished dialog kept as the window's child piled up; hosting and
joining both open one, and tests read the one open now.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QDialog, QMessageBox


class DialogSlot:
    """Holds the dialog open now; a finished one is deleted."""

    def __init__(self) -> None:
        self.current: QDialog | None = None

    def open(self, dialog: QDialog) -> None:
        """Show ``dialog`` (non-modal to the app: the window stays alive) and forget it once it is done."""
        self.current = dialog
        dialog.finished.connect(lambda _result: self._done(dialog))
        dialog.open()

    def _done(self, dialog: QDialog) -> None:
        if self.current is dialog:
            self.current = None
        dialog.deleteLater()


class QuestionSlot:
    """Holds the one question open now (the host's "Close the table?", a joiner's rematch question): a box
    shown window-modal, forgotten when it finishes, and one of its buttons that leaves the table.

    Why here, beside ``DialogSlot``: the table menu and the game link asked their questions the same way.
    """

    def __init__(self) -> None:
        self.current: QMessageBox | None = None

    def ask(self, box: QMessageBox, leave_button: QAbstractButton, leave: Callable[[], None]) -> None:
        """Show ``box`` (window-modal: the game goes on behind it); ``leave`` runs if ``leave_button`` ends it.
        A question still open is closed first by the caller (``close``), before the new box is made."""
        self.current = box
        box.setWindowModality(Qt.WindowModality.WindowModal)

        def chosen(_result: int) -> None:
            if self.current is box:
                self.current = None
            if box.clickedButton() is leave_button:
                leave()

        box.finished.connect(chosen)
        box.open()

    def close(self) -> None:
        """No question stays open (it finishes as closed: nobody is left)."""
        if self.current is not None:
            self.current.close()
