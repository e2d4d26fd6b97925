"""An arrow key at the edge of a list or table says so, instead of nothing.

Why: at the last card of the hand, the top row of the score table or the newest line of the log, Qt's
item views keep the current item and send no event, so a screen reader says nothing and a listener cannot
tell a key that did nothing from one that was not heard. A sighted player sees the cursor stop.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QListView, QTableView

from patrician_qt.ui.reach.announcer import window_announcer


def _t(text: str) -> str:
    return QCoreApplication.translate("Access", text)


_KEYS = (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End,
         Qt.Key.Key_PageUp, Qt.Key.Key_PageDown)


def edge_words(view: QAbstractItemView, key: int) -> str:
    """What the edge a key ran into is called in ``view``: "Top of the table.", "End of the list.", …"""
    backwards = key in (Qt.Key.Key_Up, Qt.Key.Key_Left, Qt.Key.Key_Home, Qt.Key.Key_PageUp)
    if isinstance(view, QTableView):
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End):
            return _t("First column of the table.") if backwards else _t("Last column of the table.")
        return _t("Top of the table.") if backwards else _t("Bottom of the table.")
    return _t("Start of the list.") if backwards else _t("End of the list.")


class EdgeSpeech(QObject):
    """Watches an item view's arrow keys; one that leaves the current item where it was says the edge (looked
    at on the key's release, when the view has handled its press)."""

    def __init__(self, view: QAbstractItemView) -> None:
        super().__init__(view)
        self.view = view
        self._pressed: tuple[int, tuple[int, int]] | None = None  # the key, and the current cell before it
        view.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Remember the current cell at an arrow (Home, End, Page) key's press; compare at its release."""
        etype = event.type()
        if etype not in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease) or not isinstance(event, QKeyEvent):
            return False
        key = event.key()
        now = self.view.currentIndex()
        if etype == QEvent.Type.KeyPress:
            plain = not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            self._pressed = (key, (now.row(), now.column())) if key in _KEYS and plain else None
        elif self._pressed is not None and self._pressed[0] == key:
            before = self._pressed[1]
            self._pressed = None
            if (now.row(), now.column()) == before:
                self._at_edge(key)
        return False

    def _at_edge(self, key: int) -> None:
        view = self.view
        model = view.model()
        if model is None or model.rowCount() == 0 or not view.hasFocus():
            return
        announcer = window_announcer(view)
        if announcer is not None:
            announcer.say(edge_words(view, key), "asked")
            announcer.flush()


def speak_edges(*views: QAbstractItemView) -> None:
    """Give each view its edge words (once per view)."""
    for view in views:
        if isinstance(view, QListView | QTableView) and not view.property("_edgeSpeech"):
            view.setProperty("_edgeSpeech", True)
            EdgeSpeech(view)
