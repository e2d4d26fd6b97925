"""The invitation to an internet table, shown to its host: to copy and send to friends.

Why a dialog of its own: the invitation is long and must reach friends whole, so it sits in a
read-only field with a Copy button; the words say who can join with it and what a relay sees.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHBoxLayout, QLineEdit, QPushButton, QVBoxLayout, QWidget

from patrician_qt.net.invitation import Invitation
from patrician_qt.ui.text import plain


class InvitationBox(QDialog):
    """The host's invitation, with a Copy button (non-modal: the lobby stays usable)."""

    def __init__(self, invitation: Invitation, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.invitation = invitation
        self.setWindowTitle(self.tr("Invite friends over the internet"))
        lay = QVBoxLayout(self)
        self.words = plain.new_label(self.tr(
            "Send this invitation to your friends (by chat or mail). Anyone who has it can join this table; "
            "the connection is encrypted end to end and checks this computer's key, so nobody in between can "
            "read the game or pass for you. It stays valid when you host this table again."), self)
        self.words.setWordWrap(True)
        lay.addWidget(self.words)
        row = QHBoxLayout()
        self.text = QLineEdit(invitation.link, self)
        self.text.setReadOnly(True)
        self.text.setAccessibleName(self.tr("Invitation"))
        self.text.setMinimumWidth(420)
        self.text.setCursorPosition(0)  # it begins "patrician:", which says what it is
        self.copy = QPushButton(self.tr("Copy"), self)
        self.copy.clicked.connect(self.copy_to_clipboard)
        row.addWidget(self.text, 1)
        row.addWidget(self.copy)
        lay.addLayout(row)
        self.key = plain.new_label(self.tr("This table's key begins {key}.").format(key=invitation.short_id), self)
        self.key.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.key)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, Qt.Orientation.Horizontal, self)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    def copy_to_clipboard(self) -> None:
        """Put the invitation on the clipboard and say so on the button."""
        QGuiApplication.clipboard().setText(self.invitation.link)
        self.copy.setText(self.tr("Copied"))
