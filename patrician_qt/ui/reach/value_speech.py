"""A drop-down changed with the arrow keys says its new value, through an announcement.

Why: a closed QComboBox changed by Up/Down tells AT-SPI only "selection changed" on itself, and Orca 43
looks for a selected child there, finds none and says nothing; a listener then does not know what the
arrows chose. The label comes first ("Colour 2: White"), as a sighted player reads the row. It is said by
the announcer of the window the dialog belongs to (the game window's), whose regions Orca speaks
whichever window has the focus; a dialog makes no announcer of its own.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QComboBox, QWidget

from patrician_qt.ui.reach.announcer import Announcer, window_announcer


class ValueSpeech(QObject):
    """Says the new value of every drop-down in ``root`` that the player changes while its list is closed
    (an open list is read by the screen reader itself). Only the player's own choices (``activated``)
    speak, never a value the program sets."""

    def __init__(self, root: QWidget) -> None:
        super().__init__(root)  # no Python reference to the dialog: a child holding its parent kept it alive wrongly
        for box in root.findChildren(QComboBox):
            box.activated.connect(self._chosen)

    def _chosen(self, _index: int) -> None:
        box = self.sender()
        if not isinstance(box, QComboBox) or box.view().isVisible():
            return
        label = box.accessibleName().strip()
        value = box.currentText()
        announcer = self.announcer()
        if announcer is not None:
            announcer.say(f"{label}: {value}" if label else value, "asked")
            announcer.flush()

    def announcer(self) -> Announcer | None:
        """The announcer of the window this dialog belongs to, if it has one."""
        root = self.parent()
        return window_announcer(root) if isinstance(root, QWidget) else None


def speak_value_changes(root: QWidget) -> ValueSpeech:
    """Give ``root``'s drop-downs their spoken values (see ValueSpeech)."""
    return ValueSpeech(root)
