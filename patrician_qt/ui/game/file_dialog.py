"""The dialog that asks for a file to open (Load a saved game, Replay a record), showing whole names.

Why not ``QFileDialog.getOpenFileName``: where the desktop offers no dialog of its own, Qt's dialog cuts
long names in the middle, and a save and a record of the same game differ just there ("… game.patrician
.json", "… record.patrician.json"). This one sizes the Name column to the names and the dialog to the
columns (within the screen). A desktop's own dialog is used where there is one, as before.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QFileDialog, QHeaderView, QTreeView, QWidget

#: the places list beside the files, the frames and the scroll bar, roughly
_BESIDE_FILES = 200


def open_dialog(parent: QWidget | None, title: str, folder: str, filters: str) -> QFileDialog:
    """The dialog, made but not shown: an existing file to open, whole names in its list."""
    dialog = QFileDialog(parent, title, folder, filters)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
    dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
    tree = dialog.findChild(QTreeView)
    if tree is not None:  # Qt's own dialog (a desktop's dialog has no widgets here)
        tree.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        tree.model().layoutChanged.connect(lambda: _fit(dialog, tree))
        dialog.directoryEntered.connect(lambda _: _fit(dialog, tree))
    return dialog


def _fit(dialog: QFileDialog, tree: QTreeView) -> None:
    """Widen the dialog (within its screen) so the Name column and the others beside it are seen whole."""
    header = tree.header()
    need = sum(max(tree.sizeHintForColumn(c), header.sectionSizeHint(c)) for c in range(header.count())
               if not header.isSectionHidden(c)) + _BESIDE_FILES
    screen = dialog.screen().availableGeometry().width() if dialog.screen() is not None else need
    width = min(max(dialog.width(), need), screen - 40)
    if width > dialog.width():
        dialog.resize(width, dialog.height())


def open_file_name(parent: QWidget | None, title: str, folder: str, filters: str) -> tuple[str, str]:
    """Ask for a file to open: (its path or "" when cancelled, the chosen filter), like getOpenFileName."""
    dialog = open_dialog(parent, title, folder, filters)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.selectedFiles():
            return "", ""
        return dialog.selectedFiles()[0], dialog.selectedNameFilter()
    finally:
        dialog.deleteLater()
