"""The game window's files: saving a game to continue later, exporting its record, and replaying one.

Why a part of its own: file dialogs and what they write are one job of the game window. It owns none of
the game: it reads the game on screen (``OnScreen``), opens a replay through ``start_session`` and says
what it did in the turn bar, all handed in by the window's builder.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QFileDialog, QWidget

from patrician_qt.ui.game import file_dialog
from patrician_qt.ui.text import plain

if TYPE_CHECKING:
    from patrician_qt.ui.game.on_screen import OnScreen
    from patrician_qt.ui.game.turn_bar import TurnBar
    from patrician_qt.ui.session.contract import Session


def _t(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


class GameFiles(QObject):
    """The game window's files: saving a game to continue later, exporting its record, and replaying one."""

    def __init__(self, on_screen: OnScreen, parent: QWidget, turn_bar: TurnBar,
                 start_session: Callable[[Session], None], saves_dir: Callable[[], Path | None]) -> None:
        super().__init__(parent)
        self._on_screen = on_screen
        self._parent = parent  # of the file dialogs and messages
        self._turn_bar = turn_bar
        self._start_session = start_session
        self._saves_dir = saves_dir  # the user's saves folder (set by the app), where the dialogs start

    def open_replay(self, path: Path) -> bool:
        """Open a record file in the replay viewer; a bad file gets a clear message and changes nothing."""
        from patrician_qt.engine import Record, read_record
        from patrician_qt.review.seen import seen_seat
        from patrician_qt.ui.game.replay import ReplaySession
        from patrician_qt.ui.text.file_problem import file_problem

        record: Record | None = None
        try:
            record = read_record(Path(path).read_bytes())
            session = ReplaySession(record)
        except Exception as exc:  # any file: a message naming it, never a traceback
            seat = seen_seat(record) if record is not None and not record.deal else None
            if record is not None and seat is not None:  # a guest's record: what its seat kept does not add up
                words = _t("This record was kept at {name}'s seat on another computer, and what it kept does not "
                           "add up, so it cannot be replayed: {e}").format(name=record.players[seat],
                                                                            e=file_problem(path, exc))
            else:
                words = _t("This record cannot be replayed: {e}").format(e=file_problem(path, exc))
            plain.show_message(self._parent, _t("Replay"), words)
            return False
        self._start_session(session)
        return True

    def open_replay_dialog(self) -> None:
        """Ask for a record and replay it."""
        path, _ = file_dialog.open_file_name(self._parent, _t("Replay a record"), self._start_folder(),
                                             _t("Patrician records (*.patrician.json *.json)"))
        if path:
            self.open_replay(Path(path))

    # -- files ----------------------------------------------------------------------------------------------
    def _start_folder(self, name: str = "") -> str:
        """The user's saves folder (made when first needed), with a file name for a save dialog."""
        folder = self._saves_dir()
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

        session = self._on_screen.session
        names = "-".join(re.sub(r"[^\w]+", "", s.name) for s in session.seats()) if session else ""
        return f"{names or kind} {time.strftime('%Y-%m-%d %H.%M')} {kind}.patrician.json"

    def save_game_dialog(self) -> None:
        """Game ▸ Save game…: a save that Load continues, in the user's saves folder."""
        session = self._on_screen.session
        if session is None or not session.can_save():
            return
        path, _ = QFileDialog.getSaveFileName(self._parent, _t("Save game"),
                                              self._start_folder(self._file_name("game")),
                                              _t("Patrician saves (*.patrician.json *.json)"))
        if path:
            self.save_game(Path(path))

    def save_game(self, path: Path) -> bool:
        """Write a save of the game on screen (atomically) and say where; a problem is said in words."""
        from patrician_qt.ui.text.file_problem import file_problem

        session = self._on_screen.session
        if session is None:
            raise ValueError("no game to save")
        try:
            session.save_as(path)
        except OSError as exc:
            plain.show_message(self._parent, _t("Save game"), _t("Could not save: {e}").format(
                e=file_problem(path, exc)))
            return False
        def saved() -> str:
            return _t("Game saved to {path}").format(path=path)

        self._turn_bar.set_message(saved(), False, again=saved)
        return True

    def save_record_dialog(self) -> None:
        """Game ▸ Export record…: the game's record (for replays and bug reports) in the user's saves folder."""
        session = self._on_screen.session
        if session is None or session.replay() is not None:
            return
        path, _ = QFileDialog.getSaveFileName(self._parent, _t("Export record"),
                                              self._start_folder(self._file_name("record")),
                                              _t("Patrician records (*.patrician.json *.json)"))
        if path:
            self.save_record(Path(path))

    def save_record(self, path: Path) -> None:
        """Write the record (atomically) and say where."""
        session = self._on_screen.session
        if session is None:
            raise ValueError("no game to save")
        from patrician_qt.engine import write_record
        from patrician_qt.table.saves import write_atomic
        from patrician_qt.ui.text.file_problem import file_problem

        try:
            write_atomic(path, write_record(session.record()))
        except OSError as exc:
            plain.show_message(self._parent, _t("Export record"), _t("Could not save: {e}").format(
                e=file_problem(path, exc)))
            return
        self._turn_bar.set_message(_t("Record saved to {path}").format(path=path), False)
