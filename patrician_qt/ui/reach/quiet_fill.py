"""Fill a drop-down so that its value is set once: no passing first value for a screen reader to hear.

Why: each change of a drop-down's current item sends a screen reader three or four events it may not
drop (the item selected and the list's selection changed, from the closed pop-up list, and the box's
selection changed). A box filled item by item takes
its first item and then the one wanted; a dialog made ahead of several such boxes sent Orca 43 more than
50 of them at the app's start, and in that "flood" Orca re-checks its whole queue over D-Bus at every
new selection: Ctrl+N was answered seconds late. Here the items are made in a model first, those before
the wanted one disabled for a moment: a box takes its first enabled item when it is given a model, so the
wanted item is the only value the box ever has; and the pop-up list tells its selection only while it is
open (closed, the box itself says its value).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QItemSelection, Qt
from PySide6.QtGui import QHideEvent, QIcon, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QAbstractItemView, QComboBox, QListView, QWidget


class PopupList(QListView):
    """A drop-down's pop-up list that reports selection changes to screen readers only while it is shown, and
    whose items say they are invisible while it is closed (Qt tells an item's visibility from the list's
    size alone, so the items of a closed list said they were visible)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.resize(0, 0)  # the box's pop-up gives it its size when it opens

    def hideEvent(self, event: QHideEvent) -> None:
        """Closed: no size, so no item is within it."""
        super().hideEvent(event)
        self.resize(0, 0)

    def selectionChanged(self, selected: QItemSelection, deselected: QItemSelection) -> None:
        """Closed: repaint only (QAbstractItemView's part), no "item selected" events."""
        if self.isVisible():
            super().selectionChanged(selected, deselected)
        else:
            QAbstractItemView.selectionChanged(self, selected, deselected)


def fill_once(box: QComboBox, items: list[tuple[str, Any]], current: int,
              icons: list[QIcon] | None = None) -> None:
    """Give the empty ``box`` the ``items`` ((text, data) pairs) with ``items[current]`` current from the start."""
    if not isinstance(box.view(), PopupList):
        box.setView(PopupList(box))
    if not items:
        return
    current = min(max(current, 0), len(items) - 1)
    model = QStandardItemModel(0, 1, box)
    for index, (text, data) in enumerate(items):
        item = QStandardItem(icons[index], text) if icons is not None else QStandardItem(text)
        item.setData(data, Qt.ItemDataRole.UserRole)
        if index < current:
            item.setEnabled(False)
        model.appendRow(item)
    box.setModel(model)  # the box's own empty model goes with it (Qt deletes a model the box owns)
    for index in range(current):
        model.item(index).setEnabled(True)
