"""Which keys belong to the focused widget rather than to the game's window-wide shortcuts.

Why a module: keyboard play (``reach.keyboard``), the privacy screen and the score sheet all need to
know whether the player is typing, and the gate that hands typed keys to text fields and buttons is
a job of its own apart from moving the cursor over the board.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTextEdit,
    QToolButton,
    QWidget,
)


def is_text_input(widget: QWidget | None) -> bool:
    """A widget the player types text into (chat line, name field, spin box, editable list)."""
    if widget is None or not widget.isEnabled():
        return False
    if isinstance(widget, QLineEdit | QAbstractSpinBox):
        return True
    if isinstance(widget, QTextEdit | QPlainTextEdit):
        return not widget.isReadOnly()
    return isinstance(widget, QComboBox) and widget.isEditable()


def typing_in(window: QWidget) -> bool:
    """True while the keyboard focus is in a text field of ``window``: nothing may take it away then."""
    focus = QApplication.focusWidget()
    return focus is not None and focus.window() is window.window() and is_text_input(focus)


_PRESS_KEYS = (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter)
#: a widget's property that says Space, Return and Enter are its own (a list whose lines are chosen with them);
#: a property, not a type, so that any room may say it without importing this one
OWNS_PRESS_KEYS = "ownsPressKeys"
_EDIT_MODIFIERS = Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier


class KeyGate(QObject):
    """Gives the focused text field or button its own keys before the window's game shortcuts see them.

    Why: the game's keys (1–9, A, B, S, H, Space, Return, Backspace, ?) are window-wide shortcuts,
    and Qt offers a key to a window shortcut before the focused widget: typed chat became moves,
    Enter in the chat confirmed a turn, and Space or Return never pressed a focused button.
    Qt asks the focused widget first with a ShortcutOverride event; accepting it here for text
    fields (every key a person types) and for buttons (Space, Return, Enter) hands the key to that
    widget. So game keys act only when the board, a list or nothing in particular has the focus.
    The filter sits on the focused widget of this window only (moved along as the focus moves), so
    no other event of the application passes through Python.
    """

    pressed = Signal()
    """A key was pressed in this window's focused widget (the player uses the keyboard)."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self._watched: QWidget | None = None
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        app.focusChanged.connect(self._focus_changed)
        self._focus_changed(None, QApplication.focusWidget())

    def _focus_changed(self, old: QWidget | None, new: QWidget | None) -> None:
        """Follow the focus: filter the newly focused widget if it is in this window."""
        watched, self._watched = self._watched, None
        if watched is not None:
            try:
                watched.removeEventFilter(self)
            except RuntimeError:  # already deleted
                pass
        if new is not None and new.window() is self.window:
            new.installEventFilter(self)
            self._watched = new

    @staticmethod
    def wants(widget: QWidget, event: QKeyEvent) -> bool:
        """Whether ``widget`` should get this key instead of a window shortcut."""
        mods = event.modifiers() & ~_EDIT_MODIFIERS
        key = event.key()
        if is_text_input(widget):
            if Qt.Key.Key_F1 <= key <= Qt.Key.Key_F35 or key == Qt.Key.Key_Escape:
                return False  # help and the like work while typing
            if mods == Qt.KeyboardModifier.NoModifier:
                return True
            # Ctrl+Return (confirm turn) must not act from the chat either
            return mods == Qt.KeyboardModifier.ControlModifier and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if isinstance(widget, QAbstractButton) and widget.isEnabled():
            return mods == Qt.KeyboardModifier.NoModifier and key in _PRESS_KEYS
        if widget.property(OWNS_PRESS_KEYS) and widget.isEnabled():  # a list whose lines open something
            return mods == Qt.KeyboardModifier.NoModifier and key in _PRESS_KEYS
        if isinstance(widget, QComboBox) and widget.isEnabled():  # Space opens the list, arrows choose
            return mods == Qt.KeyboardModifier.NoModifier and key in (*_PRESS_KEYS, Qt.Key.Key_Up, Qt.Key.Key_Down)
        return False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Accept ShortcutOverride for keys the focused widget owns; Return and Enter press a focused button."""
        etype = event.type()
        if etype not in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) or not isinstance(event, QKeyEvent):
            return False
        if not isinstance(watched, QWidget) or watched.window() is not self.window or not watched.hasFocus():
            return False
        if etype == QEvent.Type.KeyPress:
            self.pressed.emit()
        if not self.wants(watched, event):
            return False
        if etype == QEvent.Type.ShortcutOverride:
            event.accept()  # the key goes to the widget as a key press, not to a shortcut
            return False
        if (event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and isinstance(watched, QPushButton | QToolButton)
                and not (isinstance(watched, QPushButton) and (watched.autoDefault() or watched.isDefault()))):
            watched.click()  # a push button outside a dialog ignores Return by itself
            return True
        return False
