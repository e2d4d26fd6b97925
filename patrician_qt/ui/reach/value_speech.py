"""A drop-down changed with the arrow keys says its new value, through an announcement.

Why: a closed QComboBox changed by Up/Down tells AT-SPI only "selection changed" on itself, and Orca 43
looks for a selected child there, finds none and says nothing; a listener then does not know what the
arrows chose. The label comes first ("Colour 2: White"), as a sighted player reads the row.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QWidget

from patrician_qt.ui.reach.announcer import Announcer


def speak_value_changes(root: QWidget) -> Announcer:
    """Every drop-down in ``root`` says its new value when it changes while it has the keyboard focus and
    its list is closed (an open list is read by the screen reader itself)."""
    announcer = Announcer(root)
    for box in root.findChildren(QComboBox):
        box.currentIndexChanged.connect(lambda _i, b=box: _changed(announcer, b))
    return announcer


def _changed(announcer: Announcer, box: QComboBox) -> None:
    if box.window().focusWidget() is not box or box.view().isVisible():
        return
    label = box.accessibleName().strip()
    value = box.currentText()
    announcer.say(f"{label}: {value}" if label else value, "asked")
    announcer.flush()
