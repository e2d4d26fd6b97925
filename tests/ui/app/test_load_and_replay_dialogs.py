"""The Load and Replay dialogs show whole file names, and loading a save keeps one Continue entry per game.

A save and a record of the same game differ only in the middle of their names ("… game.patrician.json",
"… record.patrician.json"); a dialog that cut names in the middle showed them alike. And a save loaded
again went on in a fresh autosave beside the one the game already had: Continue listed the game twice.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QTreeView

from patrician_qt.ui.app.unfinished import unfinished_games
from tests.ui.app.flow_helpers import make_app, play_to, when_modal
from tests.ui.game_helpers import config

NAMES = [f"Anna-Ben-Cleo-Dario-Emma 2026-12-06 07.4{i} {kind}.patrician.json"
         for i in range(2) for kind in ("game", "record")]


def _names_cut(dialog: QFileDialog) -> list[str]:
    """The names the dialog's detail list shows cut (its Name column narrower than the name)."""
    tree = dialog.findChild(QTreeView)
    assert tree is not None and tree.isVisible()
    model = tree.model()
    root = tree.rootIndex()
    cut = []
    for row in range(model.rowCount(root)):
        index = model.index(row, 0, root)
        name = str(index.data())
        need = tree.fontMetrics().horizontalAdvance(name) + tree.iconSize().width() + 12
        if tree.columnWidth(0) < need or tree.visualRect(index).right() > tree.viewport().width():
            cut.append(name)
    return cut


def _look_then_close(qtbot: Any, seen: dict[str, Any]) -> None:
    def act(dialog: Any) -> None:
        assert isinstance(dialog, QFileDialog)
        tree = dialog.findChild(QTreeView)
        qtbot.waitUntil(lambda: tree.model().rowCount(tree.rootIndex()) == len(NAMES), timeout=10_000)
        for _ in range(5):
            QCoreApplication.processEvents()
        seen["title"] = dialog.windowTitle()
        seen["cut"] = _names_cut(dialog)
        dialog.reject()

    when_modal(act)


def test_load_and_replay_show_whole_file_names(qtbot: Any, tmp_path: Path) -> None:
    ctrl = make_app(qtbot, tmp_path)
    folder = tmp_path / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    for name in NAMES:
        (folder / name).write_text("{}")
    for button in (ctrl.start.load_button, ctrl.start.replay_button):
        seen: dict[str, Any] = {}
        _look_then_close(qtbot, seen)
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda s=seen: "cut" in s, timeout=10_000)
        assert seen["cut"] == [], f"{seen['title']}: names shown cut: {seen['cut']}"
        assert QApplication.activeModalWidget() is None
    ctrl.window.close()


def test_loading_a_save_keeps_one_continue_entry_per_game(qtbot: Any, tmp_path: Path) -> None:
    ctrl = make_app(qtbot, tmp_path)
    session = ctrl.start_game(config(["human", "bot:easy"], seed=7))
    play_to(qtbot, ctrl, 3)
    saved = tmp_path / "saves" / "mine.patrician.json"
    assert ctrl.window.files.save_game(saved)
    play_to(qtbot, ctrl, 5)  # the game goes on past the save before the app is left
    session.close()
    ctrl.window.close_session()
    assert len(unfinished_games(ctrl.autosaves)) == 1
    loaded = ctrl.resume(saved)
    assert loaded is not None
    play_to(qtbot, ctrl, 4)
    loaded.close()
    games = unfinished_games(ctrl.autosaves)
    assert len(games) == 1, [g.path.name for g in games]
    assert saved.is_file()  # the user's own save stays as it was written
    ctrl.window.close()
