"""Help ▸ Keyboard shortcuts: every shortcut in a few short groups, each row as tall as its words.

Why not a table: a table's rows all took the height of its longest wrapped text, so only 5 of 12
rows showed. Here each group is a small grid of key and words that fits without scrolling.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QGridLayout, QLabel, QVBoxLayout, QWidget

from patrician_qt.ui.board import theme
from patrician_qt.ui.reach.keyboard import shortcut_groups


def _t(text: str) -> str:
    return QCoreApplication.translate("Help", text)


def _label(text: str, parent: QWidget, *, bold: bool = False, wrap: bool = False) -> QLabel:
    label = QLabel(parent)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setText(text)
    label.setWordWrap(wrap)
    label.setFont(theme.font(10.5, bold=bold))
    return label


class ShortcutsDialog(QDialog):
    """The shortcuts, grouped (choosing, the turn, looking, the game); keys on the left, words on the right."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_t("Keyboard shortcuts"))
        self.setAccessibleName(_t("Keyboard shortcuts"))
        lay = QVBoxLayout(self)
        lay.setSpacing(4)
        self.key_labels: list[QLabel] = []
        self.what_labels: list[QLabel] = []
        self.group_titles: list[QLabel] = []
        grid = QGridLayout()
        grid.setHorizontalSpacing(16)
        grid.setVerticalSpacing(3)
        grid.setColumnStretch(1, 1)
        row = 0
        for title, rows in shortcut_groups():
            if not rows:
                continue
            head = _label(title, self, bold=True)
            head.setFont(theme.font(11.5, bold=True))
            head.setContentsMargins(0, 6 if row else 0, 0, 2)
            grid.addWidget(head, row, 0, 1, 2)
            self.group_titles.append(head)
            row += 1
            for keys, what in rows:
                key = _label(keys, self, bold=True)
                key.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
                words = _label(what, self, wrap=True)
                words.setAccessibleName(f"{keys}: {what}")
                grid.addWidget(key, row, 0)
                grid.addWidget(words, row, 1)
                self.key_labels.append(key)
                self.what_labels.append(words)
                row += 1
        lay.addLayout(grid)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        box.rejected.connect(self.reject)
        lay.addWidget(box)
        width = 680
        self.setMinimumWidth(width)
        lay.activate()
        # wrapped words need the height they take at this width, not at the width adjustSize() guesses
        self.resize(width, max(lay.totalHeightForWidth(width), lay.totalMinimumSize().height()))

    def rows(self) -> list[tuple[str, str]]:
        """(keys, words) as shown, for tests and screen readers."""
        return [(k.text(), w.text()) for k, w in zip(self.key_labels, self.what_labels, strict=True)]
