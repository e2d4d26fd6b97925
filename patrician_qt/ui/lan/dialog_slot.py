"""The one LAN dialog open at a time (Host, Join, an invitation), and its clean-up when it closes.

Why a part of its own: each finished dialog kept as the window's child piled up; hosting and
joining both open one, and tests read the one open now.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog


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
