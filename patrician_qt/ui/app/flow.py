"""The app's flow: start screen → new game / continue / load → game window → score sheet → again, and back
to the start screen (Game ▸ Main menu), never leaving an unfinished game without asking (``leave_guard``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QMessageBox

from patrician_qt.ui.app.first_paint import after_first_paint
from patrician_qt.ui.app.leave_guard import LeaveGuard
from patrician_qt.ui.app.start_screen import StartScreen
from patrician_qt.ui.game.main_window import MainWindow
from patrician_qt.ui.text import plain

# the New game dialog is made this long after the window is up (a start loads nothing of a game, and a
# dialog made ahead opens without flooding a screen reader: new_game_dialog.prepare_dialog)
PREPARE_DIALOG_MS = 500

if TYPE_CHECKING:
    from patrician_qt.ui.app.continue_dialog import ContinueDialog
    from patrician_qt.ui.app.unfinished import Unfinished
    from patrician_qt.ui.lan.controller import LanController
    from patrician_qt.ui.session.config import GameConfig
    from patrician_qt.ui.session.local import LocalSession


def unfinished_autosave(directory: Path) -> Path | None:
    """The newest autosave of a game that is not over, if any."""
    from patrician_qt.ui.app.unfinished import unfinished_games

    return next((g.path for g in unfinished_games(directory) if not g.problem), None)


#: what the first New game or Continue imports (the dialog, the local session with the table and asyncio)
FIRST_GAME_MODULES = ("patrician_qt.ui.app.new_game_dialog", "patrician_qt.ui.session.local")


def preload_first_game() -> None:
    """Import what the first game needs while the player looks at the start screen, after the game window
    is built: a click on New game or Continue then waits for no import (it used to pay for them itself)."""
    import importlib

    for name in FIRST_GAME_MODULES:
        importlib.import_module(name)


class AppController(QObject):
    """Owns the main window and switches between the start screen and games."""

    def __init__(self, settings: QSettings | None, data: Path, saves: Path | None = None, *,
                 paint_first: bool = True) -> None:
        """``data``: the app's own files (autosaves); ``saves``: the folder the user's saves and records go to.

        ``paint_first``: the start screen paints before the game's parts are built and the saves are read;
        both follow right after that first paint (or as soon as something asks for a game's part).
        False builds everything now, as a window that is never shown needs."""
        super().__init__()
        self.settings = settings
        self.data = data
        self.saves = saves if saves is not None else data / "saves"
        self.autosaves = data / "autosaves"
        self.autosaves.mkdir(parents=True, exist_ok=True)
        self.window = MainWindow(settings, build_game=not paint_first)
        self.window.saves_dir = self.saves
        self.guard = LeaveGuard(self.window, lambda: self._lan, self.show_start)
        self.window.leave_guard = self.guard
        self.start = StartScreen()
        self.window.add_start_page(self.start)
        self.continue_dialog: ContinueDialog | None = None
        self._painted = not paint_first  # the start screen's first paint happened (or is not waited for)
        self._refreshed = False  # the saves were read once (Continue, Rejoin, Host again)
        self._broken_hosted_asked = False  # a broken hosted game is asked about once per run
        self.start.newGame.connect(self.new_game)
        self.start.continueGame.connect(self.continue_game)
        self.start.loadGame.connect(self.load_game)
        self.start.quit.connect(self.window.close)
        self.window.newGameRequested.connect(self.new_game)
        self.window.playAgainRequested.connect(self.play_again)
        self.window.mainMenuRequested.connect(self.main_menu)
        self.window.loadRequested.connect(self.load_game)
        self.window.replayClosed.connect(self.show_start)
        self.start.replay.connect(lambda: self.window.leave_then(lambda: self.window.files.open_replay_dialog()))
        self.start.set_continue(0)
        self._wire_lan()
        self.window.stack.setCurrentWidget(self.start)
        if paint_first:
            after_first_paint(self.start, self._after_first_paint)
        QTimer.singleShot(0, self._first_refresh)  # reading saves imports the table: never before the first paint

    def _first_refresh(self) -> None:
        """Continue, Rejoin and Host again as the saves say, once: after the first paint when the window is
        being shown, else (a window not shown yet) at once."""
        if self.window.isVisible() and not self._painted:
            return  # the first paint comes, and _after_first_paint refreshes
        if not self._refreshed:
            self._refreshed = True
            self.refresh_continue()

    def _after_first_paint(self) -> None:
        """The start screen is on screen: read the saves, then build the game's parts (a New game click that
        came meanwhile waits in the event queue, so it finds them built)."""
        self._painted = True
        self._first_refresh()
        self.window.build_game()
        QTimer.singleShot(0, preload_first_game)


    def _wire_lan(self) -> None:
        """LAN play: Host / Join / Rejoin on the start screen and in the Game menu, the lobby and chat."""
        self._lan: LanController | None = None  # made on first use: start-up need not import net and the table
        leave_then = self.window.leave_then
        self.start.hostGame.connect(lambda: leave_then(lambda: self.lan.host_game()))
        self.start.joinGame.connect(lambda: leave_then(lambda: self.lan.join_game()))
        self.start.rejoinGame.connect(lambda: leave_then(lambda: self.lan.rejoin()))
        self.start.resumeHostedGame.connect(lambda: leave_then(lambda: self.lan.resume_hosted()))
        menu = self.window.menu("game")
        end = self.window.menus.game_menu_end
        self.act_host = QAction(self.tr("&Host LAN game…"), menu)
        self.act_host.triggered.connect(self.start.hostGame)
        self.act_join = QAction(self.tr("&Join LAN game…"), menu)
        self.act_join.triggered.connect(self.start.joinGame)
        menu.insertSeparator(end)
        menu.insertActions(end, [self.act_host, self.act_join])
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
        """Show the window; the New game dialog is made ahead once it is up (new_game_dialog.prepare_dialog)."""
        self.window.show()
        QTimer.singleShot(PREPARE_DIALOG_MS, self.window, self._prepare_dialog)  # not once the window is gone

    def _prepare_dialog(self) -> None:
        from patrician_qt.ui.app.new_game_dialog import prepare_dialog

        prepare_dialog(self.settings, self.window)  # kept as the window's child

    def refresh_continue(self) -> None:
        """Continue offers the unfinished games (and says when an autosave is broken); finished games'
        autosaves beyond the newest few are let go."""
        from patrician_qt.ui.app.unfinished import prune_finished, read_autosaves

        games, finished = read_autosaves(self.autosaves)
        prune_finished(finished)
        self.start.set_continue(len(games), self._newest(games[0]) if games else "")
        from patrician_qt.ui.lan.rejoin import rejoin_info

        info = rejoin_info(self.settings)
        self.start.set_rejoin(str(info["table"] or info["host"]) if info else None)
        self.refresh_resume_hosted()

    def _newest(self, game: Unfinished) -> str:
        """The newest unfinished game in words, for Continue's tooltip: who, which turn, when."""
        from patrician_qt.ui.app.continue_dialog import saved_when

        if game.problem:
            return game.problem
        return self.tr("{players} · turn {turn} · saved {when}").format(
            players=" · ".join(game.players), turn=game.turn, when=saved_when(game.saved))

    def refresh_resume_hosted(self) -> None:
        """Offer to host again an unfinished game this app hosted; a broken autosave is said, with the
        choice to forget the entry or keep it (asked once per run of the app; the file stays as it is)."""
        from patrician_qt.ui.lan.rejoin import hosted_game
        from patrician_qt.ui.text.file_problem import file_problem

        try:
            hosted = hosted_game(self.settings)
        except Exception as exc:  # SaveError, or a raw error from a broken file: never a traceback
            self.start.set_resume_hosted(None)
            s = self.settings
            table, path = (s.value("lan/hosted/table"), s.value("lan/hosted/file")) if s is not None else ("", "")
            if not self._broken_hosted_asked:
                self._broken_hosted_asked = True
                self._ask_forget_hosted(self.tr("The game you hosted at {table} cannot be resumed: {e}").format(
                    table=table, e=file_problem(str(path or ""), exc)), str(path or ""))
            return
        if hosted is None:
            self.start.set_resume_hosted(None)
            return
        seats = hosted.summary(self.tr("you"), self.tr("a bot plays"))
        self.start.set_resume_hosted(hosted.table, seats, hosted.turns + 1)

    def _ask_forget_hosted(self, problem: str, path: str) -> None:
        """Say why a hosted game cannot be resumed and ask whether to forget it (its file is kept either
        way); keeping it asks again at the app's next start, e.g. after the file was put right."""
        from patrician_qt.ui.lan.rejoin import forget_hosted

        text = "\n\n".join((problem, self.tr("Its autosave is kept as it is: {path}").format(path=path)))
        if self.message_box is not None:
            self.message_box.close()
        question = self.tr("Forget this game here? The app will not offer it again.")
        box = self.message_box = plain.message_box(self.window, QMessageBox.Icon.Warning, self.tr("Resume hosted game"),
                                                   text, QMessageBox.StandardButton.NoButton, question)
        forget = box.addButton(self.tr("&Forget it"), QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton(self.tr("&Keep it for later"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.buttonClicked.connect(lambda button: forget_hosted(self.settings) if button is forget else None)
        box.open()

    def show_start(self) -> None:
        """The start screen."""
        self.refresh_continue()
        self.window.stack.setCurrentWidget(self.start)

    def play_again(self) -> None:
        """The score sheet's again button: a rematch at a LAN table this app hosts, else a new game here."""
        if self._lan is not None and self._lan.can_rematch():
            self._lan.rematch()
        else:
            self.new_game()

    def main_menu(self) -> None:
        """Game ▸ Main menu (and the score sheet's button): back to the start screen, asking first when an
        unfinished game would be left."""
        self.window.leave_then(lambda: None)

    def new_game(self) -> None:
        """Ask for seats and start a game (first asking to leave an unfinished one)."""
        self.window.leave_then(self._new_game)

    def _new_game(self) -> None:
        from patrician_qt.ui.app.new_game_dialog import take_dialog
        from patrician_qt.ui.session.config import GameConfig

        # open(), not exec(): a menu item chosen through a screen reader (an AT-SPI action waits for its
        # answer) must not hang until the dialog closes
        dialog = take_dialog(self.settings, self.window)  # made ahead and kept: opening floods no screen reader
        dialog.setWindowModality(Qt.WindowModality.ApplicationModal)

        def done(result: int) -> None:
            cfg = dialog.config()
            if result == QDialog.DialogCode.Accepted and isinstance(cfg, GameConfig):
                self.start_game(cfg)

        dialog.finished.connect(done, Qt.ConnectionType.SingleShotConnection)  # the dialog is used again
        dialog.open()

    def start_game(self, cfg: GameConfig) -> LocalSession:
        """Start a local game (autosaved every turn, in a file of its own)."""
        from patrician_qt.ui.session.local import LocalSession

        session = LocalSession(cfg, autosave_dir=self.autosaves)
        self.window.start_session(session)
        return session

    def continue_game(self) -> None:
        """Continue an unfinished game: the only one at once, else the list of them to choose from."""
        self.window.leave_then(self._continue)

    def _continue(self) -> None:
        from patrician_qt.ui.app.unfinished import unfinished_games

        games = unfinished_games(self.autosaves)
        if not games:
            self._tell(self.tr("Continue"), self.tr("There is no unfinished game."), QMessageBox.Icon.Information)
            return
        if len(games) == 1:
            self._resume_listed(games[0].path)
            return
        from patrician_qt.ui.app.continue_dialog import ContinueDialog

        if self.continue_dialog is not None:
            self.continue_dialog.close()
        dialog = self.continue_dialog = ContinueDialog(games, self.window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.chosen.connect(self._resume_listed)
        dialog.deleted.connect(lambda _path: self.refresh_continue())
        dialog.destroyed.connect(lambda *_: setattr(self, "continue_dialog", None))
        dialog.open()

    def _resume_listed(self, path: Path) -> None:
        """Continue a listed autosave (a broken one: its problem said, the file left as it is)."""
        self.resume(path)
        if self.window.session is None:
            self.refresh_continue()

    def open_file(self, path: Path) -> None:
        """A file given on the command line or by the desktop's "Open with": an unfinished game the app
        saved goes on from where it stopped, any other record opens in the replay viewer."""
        from patrician_qt.ui.app.open_file import open_as

        if open_as(path) == "continue":
            self.resume(path)
        else:
            self.window.files.open_replay(path)

    def load_game(self) -> None:
        """Resume a game saved under a name (first asking to leave an unfinished one)."""
        self.window.leave_then(self._load)

    def _load(self) -> None:
        from patrician_qt.ui.game import file_dialog

        path, _ = file_dialog.open_file_name(self.window, self.tr("Load a saved game"), self._saves_folder(),
                                             self.tr("Patrician saves (*.patrician.json *.json)"))
        if path:
            self.resume(Path(path))

    def _saves_folder(self) -> str:
        """The user's saves folder, made when first needed (where it cannot be made: the data folder)."""
        try:
            self.saves.mkdir(parents=True, exist_ok=True)
        except OSError:
            return str(self.data)
        return str(self.saves)

    def resume(self, path: Path) -> LocalSession | None:
        """Continue a saved game; a broken file gets a clear message and changes nothing."""
        from patrician_qt.ui.session.local import LocalSession
        from patrician_qt.ui.text.file_problem import file_problem

        try:
            session = LocalSession(resume=path, autosave_dir=self.autosaves)
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
