"""Continue: the unfinished games, newest first, with their players, turn and date, to pick one (or delete one).

Why: each local game keeps its own autosave, so starting another never ends the one before; this
list is how a player finds any of them again, not only the last.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QDateTime, QLocale, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QMessageBox,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from patrician_qt.ui.app.unfinished import Unfinished
from patrician_qt.ui.text import language, plain

_PATH = int(Qt.ItemDataRole.UserRole)


def saved_when(seconds: float) -> str:
    """A file's date and time, short, the way the app's language writes them."""
    locale = QLocale(language.current_language())
    return locale.toString(QDateTime.fromSecsSinceEpoch(int(seconds)), QLocale.FormatType.ShortFormat)


class ContinueDialog(QDialog):
    """A short list of the unfinished games; ``chosen(path)`` when one is to go on, ``deleted(path)``."""

    chosen = Signal(object)  # Path of the autosave to continue
    deleted = Signal(object)  # Path of an autosave the player threw away

    def __init__(self, games: list[Unfinished], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Continue a game"))
        lay = QVBoxLayout(self)
        self.intro = plain.new_label(self.tr("Your unfinished games, the newest first:"), self)
        lay.addWidget(self.intro)
        self.games = QTreeWidget(self)
        self.games.setObjectName("ContinueList")
        self.games.setStyleSheet("#ContinueList::item { padding: 5px 2px; }")  # rows a finger can hit
        self.games.setAccessibleName(self.tr("Unfinished games"))
        self.games.setColumnCount(3)
        self.games.setHeaderLabels([self.tr("Players"), self.tr("Turn"), self.tr("Saved")])
        self.games.setRootIsDecorated(False)
        self.games.setUniformRowHeights(True)
        self.games.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.games.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        for game in games:
            self.games.addTopLevelItem(self._item(game))
        self.games.itemDoubleClicked.connect(lambda *_: self._continue())  # Return is the default button's
        self.games.currentItemChanged.connect(lambda *_: self._enable())
        lay.addWidget(self.games, 1)
        box = QDialogButtonBox(self)
        self.continue_button = QPushButton(self.tr("&Continue"), self)
        self.delete_button = QPushButton(self.tr("&Delete…"), self)
        self.delete_button.setToolTip(self.tr("Throw the chosen game away; it cannot be continued afterwards"))
        box.addButton(self.continue_button, QDialogButtonBox.ButtonRole.AcceptRole)
        box.addButton(self.delete_button, QDialogButtonBox.ButtonRole.ActionRole)
        box.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.continue_button.setDefault(True)
        self.continue_button.clicked.connect(self._continue)
        self.delete_button.clicked.connect(self._ask_delete)
        box.rejected.connect(self.reject)
        lay.addWidget(box)
        self.confirm: QMessageBox | None = None
        first = self.games.topLevelItem(0)
        if first is not None:
            self.games.setCurrentItem(first)
        self.games.setFocus()
        self._enable()
        self.resize(620, 340)

    def _item(self, game: Unfinished) -> QTreeWidgetItem:
        if game.problem:
            item = QTreeWidgetItem([self.tr("cannot be read: {file}").format(file=game.path.name), "–",
                                    saved_when(game.saved)])
            item.setToolTip(0, plain.tip(game.problem))
        else:
            item = QTreeWidgetItem([" · ".join(game.players), str(game.turn), saved_when(game.saved)])
            item.setToolTip(0, plain.tip(" · ".join(game.players)))
        item.setData(0, _PATH, str(game.path))
        item.setTextAlignment(1, Qt.AlignmentFlag.AlignCenter)
        return item

    def paths(self) -> list[Path]:
        """The games listed, in order."""
        items = (self.games.topLevelItem(i) for i in range(self.games.topLevelItemCount()))
        return [Path(item.data(0, _PATH)) for item in items if item is not None]

    def current_path(self) -> Path | None:
        """The game chosen in the list."""
        item = self.games.currentItem()
        return Path(item.data(0, _PATH)) if item is not None else None

    def _enable(self) -> None:
        on = self.games.currentItem() is not None
        self.continue_button.setEnabled(on)
        self.delete_button.setEnabled(on)

    def _continue(self) -> None:
        path = self.current_path()
        if path is not None:
            self.accept()
            self.chosen.emit(path)

    def _ask_delete(self) -> None:
        """Ask before a game is thrown away (it cannot come back)."""
        item = self.games.currentItem()
        if item is None:
            return
        box = self.confirm = plain.message_box(
            self, QMessageBox.Icon.Question, self.tr("Delete this game?"),
            self.tr("Delete the game of {players} (turn {turn})? It cannot be continued afterwards.").format(
                players=item.text(0), turn=item.text(1)),
            QMessageBox.StandardButton.Cancel)
        delete = box.addButton(self.tr("&Delete"), QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.finished.connect(lambda _r: self._delete(item) if box.clickedButton() is delete else None)
        box.open()

    def _delete(self, item: QTreeWidgetItem) -> None:
        from patrician_qt.table import discard_save

        path = Path(item.data(0, _PATH))
        try:
            discard_save(path)
        except OSError as exc:
            from patrician_qt.ui.text.file_problem import file_problem

            plain.show_message(self, self.tr("Delete this game?"), file_problem(path, exc))
            return
        self.games.takeTopLevelItem(self.games.indexOfTopLevelItem(item))
        self.deleted.emit(path)
        if not self.games.topLevelItemCount():
            self.reject()
