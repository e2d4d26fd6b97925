"""The LAN flows of the app: host, join, lobby, game with chat, drops and rejoin, spectating.

Why: the main window shows any Session; this controller sets up the LAN ones (a
``RemoteSession``, and for the host a ``HostedGame`` it joins itself), puts the lobby, the
chat panel and the connection banner around the window, and never blocks the UI thread:
every connect runs in the background behind a dialog with a Cancel button.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QSettings, Qt, QTimer
from PySide6.QtWidgets import QFileDialog, QMessageBox, QProgressDialog

from patrician_qt.ui.lan.chat_panel import ChatPanel
from patrician_qt.ui.lan.connection_banner import ConnectionBanner
from patrician_qt.ui.lan.controller_parts import LanOptions, LanSignals
from patrician_qt.ui.lan.game_link import GameLink
from patrician_qt.ui.lan.host_flow import HostFlow
from patrician_qt.ui.lan.join_flow import JoinFlow
from patrician_qt.ui.lan.lobby_view import LobbyView
from patrician_qt.ui.session.remote import RemoteSession
from patrician_qt.ui.text import plain

if TYPE_CHECKING:
    from patrician_qt.ui.game.screen import GameScreen
    from patrician_qt.ui.game.trouble import TroubleBox
    from patrician_qt.ui.lan.hosting import HostedGame



class LanController(HostFlow, JoinFlow, GameLink, LanSignals):
    """Owns the LAN session (and the hosted game) of one main window; its flows live in their own modules
    (hosting: ``host_flow``, joining: ``join_flow``, at the table: ``game_link``)."""

    def __init__(self, window: GameScreen, settings: QSettings | None, autosaves: Path | None = None,
                 options: LanOptions | None = None) -> None:
        super().__init__(window.as_widget())
        self.window = window
        self.settings = settings
        self.autosaves = autosaves
        self.options = options or LanOptions()
        self.session: RemoteSession | None = None
        self.hosted: HostedGame | None = None
        self._starting: HostedGame | None = None  # a table being opened, until it answers
        self.is_host = False
        self.last_error: tuple[str, str] | None = None
        self.message_box: QMessageBox | None = None
        self.progress: QProgressDialog | None = None
        self.dialog: Any = None
        self._tray: Any = None
        self._token_used = False
        self.rematch_box: QMessageBox | None = None  # "Anna starts a rematch" while it is asked
        self.close_box: QMessageBox | None = None  # the host's "Close the table?" while it is asked
        self._lobby_address = ""  # where the others join, as the lobby shows it
        self._table_key: tuple[str, int, str] | None = None  # the table connected to last (host, port, name)
        self._take_earlier = False  # the host's recent chat lines are shown (this app has none of this table's)
        self._warned: set[int] = set()  # seats whose "a bot plays for … in 20 s" was said
        self._clock = QTimer(self)  # while someone is away: their time, and the host's countdowns
        self._clock.setInterval(1000)
        self._clock.timeout.connect(self._tick)
        self.lobby = LobbyView()
        window.add_page(self.lobby)
        self.chat = ChatPanel()
        self.chat.hide()
        window.add_side_widget(self.chat, 1, self.chat.arrived)  # a tab beside the log on short screens
        self.banner = ConnectionBanner(window.stack)
        self.table_menu = window.add_menu(self.tr("Ta&ble"))
        self.table_menu.menuAction().setVisible(False)
        self.trouble_box: TroubleBox | None = None  # made when the hosted table first reports trouble
        self._hosted_trouble.connect(self._show_hosted_trouble)
        self.lobby.sit.connect(self._sit)
        self.lobby.setSeat.connect(self._set_seat)
        self.lobby.removePlayer.connect(self._remove_player)
        self.lobby.startGame.connect(self._start_now)
        self.lobby.leave.connect(self.leave)
        self.lobby.invite.connect(self.show_invitation)
        self.lobby.chat.send.connect(self._say)
        self.chat.send.connect(self._say)
        self.banner.leave.connect(self.leave)
        self.banner.retry.connect(self.retry)
        self.banner.saveRecord.connect(window.save_record_dialog)
        window.score_sheet.leaveTable.connect(self.leave)
        window.turnReady.connect(self._turn_ready)
        window.shown.connect(self._shown)
        window.closed.connect(self.shutdown)
        window.installEventFilter(self)
        window.page.side.installEventFilter(self)  # the side column widens or moves as the layout settles

    def _dialog_done(self, dialog: Any) -> None:
        """A finished Host or Join dialog is deleted: each one kept as the window's child piled up."""
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()

    # -- leaving -----------------------------------------------------------------------------------
    def leave(self) -> None:
        """Leave the table (the host closes it); back to the start screen."""
        session = self.session
        if session is not None and (session.current() is None or self.is_host or session.seat is None):
            self.forget_rejoin()  # a player leaving a running game may come back: Rejoin stays
        if session is not None and self.is_host and session.current() is not None:
            self.forget_hosted()  # "Close the table" ends the game for everyone: not offered again
        if self.is_host:  # closed before the host's own seat says `leave`: nobody is told "Anna left"
            self._close_hosted(ending=True)
        if self.window.session is session and session is not None:
            self.window.close_session()
        self._teardown(ending=self.is_host)  # the host leaving closes the table: everyone is told
        self.left.emit()

    def _teardown(self, ending: bool = False) -> None:
        session, self.session = self.session, None
        self._close_progress()
        self._close_confirm()
        for box in (self.rematch_box, self.close_box):
            if box is not None:
                box.close()
        self._clock.stop()
        if ending:  # the table closes first: the host's own seat is not said to have left before the end
            self._close_hosted(ending=True)
        if session is not None:
            session.close()
        self._close_hosted(ending)
        self.chat.hide()  # its lines stay until another table's welcome (a rejoin of this one keeps them)
        self.banner.clear()
        self.table_menu.menuAction().setVisible(False)

    def _close_confirm(self) -> None:
        """No "Remove … from the table?" left open once the lobby is gone (game started, table left)."""
        if self.lobby.confirm is not None:
            self.lobby.confirm.reject()

    def shutdown(self) -> None:
        """The window closed (or the start screen was chosen): disconnect and stop hosting.

        A host's table with a game on waits to be opened again (the others reconnect meanwhile); one with
        nothing to resume (its lobby, a finished game) is closed for everyone, who are told so.
        """
        session = self.session
        current = session.current() if session is not None else None
        self._teardown(ending=self.is_host and (current is None or current.over))

    def save_seen(self, path: Path) -> None:
        """Save the record as far as this seat knows it (for tools and tests; the banner uses the dialog)."""
        self.window.save_record(path)

    def choose_save_path(self) -> str:
        """Ask where to save (kept separate so tests can bypass the file dialog)."""
        path, _ = QFileDialog.getSaveFileName(self.window.as_widget(), self.tr("Save record"), "game.patrician.json")
        return path

    # -- messages -----------------------------------------------------------------------------------
    def show_error(self, title: str, text: str) -> None:
        """The same message for code outside the controller (e.g. a broken invitation on the command line)."""
        self._error(title, text)

    def _error(self, title: str, text: str) -> None:
        """Show a clear message without blocking (tests read ``last_error``)."""
        self.last_error = (title, text)
        if self.message_box is not None:
            self.message_box.close()
        box = self.message_box = plain.message_box(self.window.as_widget(), QMessageBox.Icon.Warning, title, text)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.open()
        self.failed.emit(title, text)

    def eventFilter(self, watched: QObject, event: Any) -> bool:
        """Keep the banner placed when the window is resized, and each time the side column it keeps clear of
        moves or changes its width (that may come a layout pass after the window's resize)."""
        from PySide6.QtCore import QEvent

        kind = event.type()
        if kind in (QEvent.Type.Resize, QEvent.Type.Move) and self.banner.isVisible() and \
                (watched is self.window or watched is self.window.page.side):
            self._place_banner()
        return False

    def _place_banner(self) -> None:
        """The banner over the board, beside the side column: the players panel and chat stay readable."""
        on_game = self.window.current_page() is self.window.page
        self.banner.place_beside(self.window.page.side if on_game else None)
