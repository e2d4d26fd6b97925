"""The game window's files: saving a game to continue later, exporting its record, and replaying one.

Why a module: file dialogs and what they write are one part of the game window
(``game/window_parts.py`` says how the parts share its state).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QFileDialog,
)

from patrician_qt.ui.game import file_dialog
from patrician_qt.ui.game.window_parts import WindowParts
from patrician_qt.ui.text import plain


def _t(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


class WindowFiles(WindowParts):
    """The game window's files: saving a game to continue later, exporting its record, and replaying one."""

    def open_replay(self, path: Path) -> bool:
        """Open a record file in the replay viewer; a bad file gets a clear message and changes nothing."""
        from patrician_qt.engine import read_record
        from patrician_qt.ui.game.replay import ReplaySession
        from patrician_qt.ui.text.file_problem import file_problem

        try:
            session = ReplaySession(read_record(Path(path).read_bytes()))
        except Exception as exc:  # any file: a message naming it, never a traceback
            plain.show_message(self, _t("Replay"), _t("This record cannot be replayed: {e}").format(
                e=file_problem(path, exc)))
            return False
        self.start_session(session, watch_seat=None)
        return True

    def open_replay_dialog(self) -> None:
        """Ask for a record and replay it."""
        path, _ = file_dialog.open_file_name(self, _t("Replay a record"), self._start_folder(),
                                             _t("Patrician records (*.patrician.json *.json)"))
        if path:
            self.open_replay(Path(path))

    def _replay_jump(self, index: int) -> None:
        """Show the replay's position ``index`` at once, with the log as it was then."""
        replay = self.session.replay() if self.session is not None else None
        if replay is None:
            return
        self.presenter.clear()
        self.log_model.clear()
        names = self._names()
        for i in range(1, index + 1):
            u = replay.update_at(i)
            self.log_model.add_events(list(u.events), names, i)
        self.story.rebuild([replay.update_at(i) for i in range(index + 1)])  # the marks as they stood then
        self._apply(replay.update_at(index))

    def _again(self) -> None:
        """The score sheet's again button: a replay plays once more from the deal; a game asks for the next."""
        if self.session is not None and self.session.replay() is not None:
            self.score_sheet.hide()
            self.page.replay_bar.watch_again()
        else:
            self.playAgainRequested.emit()

    def _close_replay(self) -> None:
        self.close_session()
        self.replayClosed.emit()

    # -- files ----------------------------------------------------------------------------------------------
    def _start_folder(self, name: str = "") -> str:
        """The user's saves folder (made when first needed), with a file name for a save dialog."""
        folder = self.saves_dir
        if folder is None:
            return name
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return name
        return str(folder / name) if name else str(folder)

    def _file_name(self, kind: str) -> str:
        """A file name that says what is in it: the players, the date and time, and the kind."""
        import re
        import time

        names = "-".join(re.sub(r"[^\w]+", "", s.name) for s in self.session.seats()) if self.session else ""
        return f"{names or kind} {time.strftime('%Y-%m-%d %H.%M')} {kind}.patrician.json"

    def save_game_dialog(self) -> None:
        """Game ▸ Save game…: a save that Load continues, in the user's saves folder."""
        if self.session is None or not self.session.can_save():
            return
        path, _ = QFileDialog.getSaveFileName(self, _t("Save game"), self._start_folder(self._file_name("game")),
                                              _t("Patrician saves (*.patrician.json *.json)"))
        if path:
            self.save_game(Path(path))

    def save_game(self, path: Path) -> bool:
        """Write a save of the game on screen (atomically) and say where; a problem is said in words."""
        from patrician_qt.ui.text.file_problem import file_problem

        if self.session is None:
            raise ValueError("no game to save")
        try:
            self.session.save_as(path)
        except OSError as exc:
            plain.show_message(self, _t("Save game"), _t("Could not save: {e}").format(
                e=file_problem(path, exc)))
            return False
        def saved() -> str:
            return _t("Game saved to {path}").format(path=path)

        self.turn_bar.set_message(saved(), False, again=saved)
        return True

    def save_record_dialog(self) -> None:
        """Game ▸ Export record…: the game's record (for replays and bug reports) in the user's saves folder."""
        if self.session is None or self.session.replay() is not None:
            return
        path, _ = QFileDialog.getSaveFileName(self, _t("Export record"),
                                              self._start_folder(self._file_name("record")),
                                              _t("Patrician records (*.patrician.json *.json)"))
        if path:
            self.save_record(Path(path))

    def save_record(self, path: Path) -> None:
        """Write the record (atomically) and say where."""
        if self.session is None:
            raise ValueError("no game to save")
        from patrician_qt.engine import write_record
        from patrician_qt.table.saves import write_atomic
        from patrician_qt.ui.text.file_problem import file_problem

        try:
            write_atomic(path, write_record(self.session.record()))
        except OSError as exc:
            plain.show_message(self, _t("Export record"), _t("Could not save: {e}").format(
                e=file_problem(path, exc)))
            return
        self.turn_bar.set_message(_t("Record saved to {path}").format(path=path), False)
