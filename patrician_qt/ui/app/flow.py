"""The app's flow: start screen → new game / continue / load → game window → score sheet → again."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, QTimer
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from patrician_qt.ui.app.start_screen import StartScreen
from patrician_qt.ui.game.main_window import MainWindow
from patrician_qt.ui.text import plain

if TYPE_CHECKING:
    from patrician_qt.ui.lan.controller import LanController
    from patrician_qt.ui.session.config import GameConfig
    from patrician_qt.ui.session.local import LocalSession


def unfinished_autosave(directory: Path) -> Path | None:
    """The newest autosave of a game that is not over, if any."""
    return _autosaves(directory)[0]


def _autosaves(directory: Path) -> tuple[Path | None, tuple[Path, str] | None]:
    """(the newest unfinished game, the newest broken autosave with its problem); any file may be broken."""
    from patrician_qt.table import find_autosaves, read_save
    from patrician_qt.ui.text.file_problem import file_problem

    broken: tuple[Path, str] | None = None
    for path in find_autosaves(directory):
        try:
            saved = read_save(path)
        except Exception as exc:  # any broken file is told by Continue, never a traceback at start-up
            broken = broken or (path, file_problem(path, exc))
            continue
        if saved.record.result is None and saved.record.turns is not None:
            return path, broken
    return None, broken


class AppController(QObject):
    """Owns the main window and switches between the start screen and games."""

    def __init__(self, settings: QSettings | None, data: Path) -> None:
        super().__init__()
        self.settings = settings
        self.data = data
        self.autosaves = data / "autosaves"
        self.autosaves.mkdir(parents=True, exist_ok=True)
        self.window = MainWindow(settings)
        self.start = StartScreen()
        self.window.stack.addWidget(self.start)
        self.start.newGame.connect(self.new_game)
        self.start.continueGame.connect(self.continue_game)
        self.start.loadGame.connect(self.load_game)
        self.start.quit.connect(self.window.close)
        self.window.newGameRequested.connect(self.new_game)
        self.window.replayClosed.connect(self.show_start)
        self.start.replay.connect(self.window.open_replay_dialog)
        self.start.set_can_continue(False)
        self._wire_lan()
        self.window.stack.setCurrentWidget(self.start)
        QTimer.singleShot(0, self.refresh_continue)  # after the first paint: reading saves imports the table

    def _wire_lan(self) -> None:
        """LAN play: Host / Join / Rejoin on the start screen, the lobby and chat around the window."""
        self._lan: LanController | None = None  # made on first use: start-up need not import net and the table
        self.start.hostGame.connect(lambda: self.lan.host_game())
        self.start.joinGame.connect(lambda: self.lan.join_game())
        self.start.rejoinGame.connect(lambda: self.lan.rejoin())
        self.start.resumeHostedGame.connect(lambda: self.lan.resume_hosted())
        self.message_box: QMessageBox | None = None

    @property
    def lan(self) -> LanController:
        """The LAN flows of this window (lobby, chat, banner), made when first needed."""
        if self._lan is None:
            from patrician_qt.ui.lan.controller import LanController

            self._lan = LanController(self.window, self.settings, self.data / "lan-autosaves")
            self._lan.left.connect(self.show_start)
            self._lan.failed.connect(lambda *_: self.refresh_continue())
        return self._lan

    def show(self) -> None:
        """Show the window."""
        self.window.show()

    def refresh_continue(self) -> None:
        """Enable Continue when there is an unfinished game."""
        path, broken = _autosaves(self.autosaves)
        self.start.set_can_continue(path is not None or broken is not None, str(path or (broken or ("", ""))[0]))
        from patrician_qt.ui.lan.rejoin import rejoin_info

        info = rejoin_info(self.settings)
        self.start.set_rejoin(str(info["table"] or info["host"]) if info else None)
        self.refresh_resume_hosted()

    def refresh_resume_hosted(self) -> None:
        """Offer to host again an unfinished game this app hosted; a broken autosave is said once, and kept."""
        from patrician_qt.ui.lan.rejoin import forget_hosted, hosted_game
        from patrician_qt.ui.text.file_problem import file_problem

        try:
            hosted = hosted_game(self.settings)
        except Exception as exc:  # SaveError, or a raw error from a broken file: never a traceback
            self.start.set_resume_hosted(None)
            s = self.settings
            table, path = (s.value("lan/hosted/table"), s.value("lan/hosted/file")) if s is not None else ("", "")
            forget_hosted(s)  # not said again at every start; the file stays where it is
            text = "\n\n".join((
                self.tr("The game you hosted at {table} cannot be resumed: {e}").format(
                    table=table, e=file_problem(str(path or ""), exc)),
                self.tr("Its autosave is kept as it is: {path}").format(path=path)))
            if self.message_box is not None:
                self.message_box.close()
            self.message_box = plain.show_message(self.window, self.tr("Resume hosted game"), text)
            return
        if hosted is None:
            self.start.set_resume_hosted(None)
            return
        seats = hosted.summary(self.tr("you"), self.tr("a bot plays"))
        self.start.set_resume_hosted(hosted.table, seats, hosted.turns + 1)

    def show_start(self) -> None:
        """The start screen."""
        self.refresh_continue()
        self.window.stack.setCurrentWidget(self.start)

    def new_game(self) -> None:
        """Ask for seats and start a game."""
        from patrician_qt.ui.app.new_game_dialog import NewGameDialog
        from patrician_qt.ui.session.config import GameConfig

        dialog = NewGameDialog(self.settings, self.window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        cfg = dialog.config()
        if isinstance(cfg, GameConfig):
            self.start_game(cfg)

    def start_game(self, cfg: GameConfig) -> LocalSession:
        """Start a local game (autosaved every turn)."""
        from patrician_qt.ui.session.local import LocalSession

        session = LocalSession(cfg, autosave_dir=self.autosaves)
        self.window.start_session(session)
        return session

    def continue_game(self) -> None:
        """Resume the last unfinished autosave."""
        path, broken = _autosaves(self.autosaves)
        if path is None and broken is not None:
            self._tell(self.tr("Continue"), self.tr("This game cannot be continued: {e}").format(e=broken[1]))
            return
        if path is None:
            self._tell(self.tr("Continue"), self.tr("There is no unfinished game."), QMessageBox.Icon.Information)
            return
        self.resume(path)

    def load_game(self) -> None:
        """Resume a game saved under a name."""
        path, _ = QFileDialog.getOpenFileName(self.window, self.tr("Load a saved game"), str(self.data),
                                              self.tr("Patrician saves (*.patrician.json *.json)"))
        if path:
            self.resume(Path(path))

    def resume(self, path: Path) -> LocalSession | None:
        """Continue a saved game; a broken file gets a clear message and changes nothing."""
        from patrician_qt.ui.session.local import LocalSession
        from patrician_qt.ui.text.file_problem import file_problem

        try:
            session = LocalSession(resume=path)
        except Exception as exc:  # any file: a message naming it, never a traceback
            self._tell(self.tr("Continue"), self.tr("This game cannot be continued: {e}").format(
                e=file_problem(path, exc)))
            return None
        self.window.start_session(session)
        return session

    def _tell(self, title: str, text: str, icon: QMessageBox.Icon = QMessageBox.Icon.Warning) -> None:
        """One message at a time, shown as written and without blocking (tests read ``message_box``)."""
        if self.message_box is not None:
            self.message_box.close()
        self.message_box = plain.show_message(self.window, title, text, icon)
