"""The LAN side of one game window: builds its parts and wires them together.

Why: the main window shows any Session; the LAN parts set up the LAN ones (a ``RemoteSession``, and for
the host a ``HostedGame`` it joins itself), put the lobby, the chat panel and the connection banner
around the window, and never block the UI thread (every connect runs in the background behind a
dialog with a Cancel button). Each part owns its state and knows nothing of this controller: it gets
the widgets it works on, the door to the table (``at_table.AtTable``) and callables for what it asks of
the others. Which part owns which behaviour: ``docs/lan-parts.md``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, QSettings, Signal
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox, QProgressDialog

from patrician_qt.ui.lan.away_clock import AwayClock
from patrician_qt.ui.lan.chat_link import ChatLink
from patrician_qt.ui.lan.chat_panel import ChatPanel
from patrician_qt.ui.lan.connection_banner import ConnectionBanner
from patrician_qt.ui.lan.dialog_slot import DialogSlot
from patrician_qt.ui.lan.game_link import GameLink
from patrician_qt.ui.lan.host_flow import Hosting
from patrician_qt.ui.lan.join_flow import Joining
from patrician_qt.ui.lan.lobby_link import LobbyLink
from patrician_qt.ui.lan.lobby_view import LobbyView
from patrician_qt.ui.lan.messages import LanMessages
from patrician_qt.ui.lan.options import LanOptions
from patrician_qt.ui.lan.sender_owned import sender_owned
from patrician_qt.ui.lan.table_menu import TableMenu
from patrician_qt.ui.session.remote import RemoteSession

if TYPE_CHECKING:
    from patrician_qt.ui.game.screen import GameScreen
    from patrician_qt.ui.game.trouble import TroubleBox
    from patrician_qt.ui.lan.hosting import HostedGame, HostSetup
    from patrician_qt.ui.lan.join_dialog import JoinRequest


class LanController(QObject):
    """The LAN parts of one main window (hosting, joining, lobby, chat, game, Table menu, away clock), and
    leaving a table, which touches them all."""

    left = Signal()  # back to the start screen
    inGame = Signal(RemoteSession)  # now shown in the window
    failed = Signal(str, str)  # title, text: a message the user was shown

    def __init__(self, window: GameScreen, settings: QSettings | None, autosaves: Path | None = None,
                 options: LanOptions | None = None) -> None:
        super().__init__(window.as_widget())
        parent = window.as_widget()
        self.window = window
        self.settings = settings
        self.options = options or LanOptions()  # read by the parts at each use (tests set it after building)
        # the widgets around the window
        self.lobby = LobbyView()
        window.add_page(self.lobby)
        self.chat = ChatPanel()
        self.chat.hide()
        window.add_side_widget(self.chat, 1, self.chat.arrived)  # a tab beside the log on short screens
        self.banner = ConnectionBanner(window.stack)
        self.table_menu = window.add_menu(self.tr("Ta&ble"))
        # the parts
        self.messages = LanMessages(parent, self.failed.emit)
        self.dialogs = DialogSlot()
        self.joining = Joining(
            parent, settings, lambda: self.options, self.dialogs, self.messages,
            leave_last=self._teardown, fresh=self._fresh, wire=self._wire, welcomed=self._welcomed,
            drop_hosted=lambda: self.hosting.close(), forget_hosted=lambda: self.hosting.forget_hosted(),
            leave=self.leave)
        table = self.joining
        self.lobby_link = LobbyLink(window, self.lobby, table)
        self.chat_link = ChatLink(self.lobby.chat, self.chat, table)
        self.clock = AwayClock(self, window, table, self.chat_link.notice)
        self.hosting = Hosting(
            parent, settings, autosaves, lambda: self.options, self.dialogs, self.messages, table,
            leave_last=self._teardown,
            connect=lambda request, token, remembered: self.joining.connect(request, token, remembered, as_host=True),
            lobby_problem=self.lobby_link.problem, game_problem=lambda text: window.turn_bar.set_message(text, True),
            held=self._held, save_record=window.save_record_dialog)
        self.menu = TableMenu(
            self.table_menu, parent, table, hosts=self.hosting.hosts, invitable=self.hosting.invitable,
            hand_to_bot=self.hosting.hand_to_bot, hold=self.hosting.hold,
            show_invitation=self.hosting.show_invitation, leave=self.leave)
        self.game = GameLink(
            self, window, table, self.chat_link, self.lobby_link, self.banner,
            entered=self.inGame.emit, game_started=self._game_started, reopened_chat=self.hosting.reopened_chat,
            remember=self.joining.remember, menu_changed=self.menu.fill, tick=self.clock.tick,
            connect_failed=self.joining.failed, table_ended=self._table_ended, seat_lost=self.joining.forget_rejoin,
            game_over=self._game_over, other_game=self._teardown, leave=self.leave, error=self.messages.error,
            place_banner=self.place_banner, menu_hidden=self.menu.hide)
        self._wire_widgets()

    def _wire_widgets(self) -> None:
        """The lobby's, chat's, banner's and window's signals to the parts that answer them."""
        lobby, window = self.lobby, self.window
        lobby.sit.connect(self.lobby_link.sit)
        lobby.setSeat.connect(self.hosting.set_seat)
        lobby.removePlayer.connect(self.hosting.remove_player)
        lobby.startGame.connect(self.hosting.start_now)
        lobby.leave.connect(self.leave)
        lobby.invite.connect(self.hosting.show_invitation)
        lobby.chat.send.connect(self.chat_link.say)
        self.chat.send.connect(self.chat_link.say)
        self.banner.leave.connect(self.leave)
        self.banner.retry.connect(self.joining.retry)
        self.banner.saveRecord.connect(window.save_record_dialog)
        window.score_sheet.leaveTable.connect(self.leave)
        window.turnReady.connect(self.game.turn_ready)
        window.shown.connect(self.game.shown)
        window.closed.connect(self.shutdown)
        window.installEventFilter(self)
        window.page.side.installEventFilter(self)  # the side column widens or moves as the layout settles

    def _wire(self, session: RemoteSession) -> None:
        """A new connection's news to the parts that show it (the parts outlive it: see sender_owned)."""
        session.lobbyChanged.connect(sender_owned(self.game.seats_changed))
        session.started.connect(sender_owned(self.game.enter_game))
        session.chatReceived.connect(sender_owned(self.chat_link.line))
        session.earlierChat.connect(sender_owned(self.chat_link.earlier_line))
        session.connectionChanged.connect(sender_owned(self.game.connection))
        session.notice.connect(sender_owned(self.game.notice))
        session.caughtUp.connect(sender_owned(self.game.caught_up))
        session.rematchOpened.connect(sender_owned(self.game.rematch_opened))
        hosted = self.hosting.hosted
        if self.joining.is_host and hosted is not None:
            session.absence_source = hosted.absences

    # -- what one part's news means for the others ----------------------------------------------------
    def _fresh(self) -> None:
        """Connecting: nothing of the last table's messages, banner or warnings carries over, and the chat can
        be typed in again (its lines go once the welcome shows another table)."""
        self.chat_link.set_input(True)
        self.lobby_link.fresh()
        self.banner.clear()
        self.clock.fresh()

    def _welcomed(self, session: RemoteSession, table: str) -> None:
        self.chat_link.new_table((session.address[0], session.address[1], table))
        self.lobby_link.welcome(session, table, self.joining.is_host, self.hosting.lobby_address(),
                                self.hosting.invitable())

    def _game_started(self, session: RemoteSession) -> None:
        self.joining.close_progress()
        self.hosting.game_started(session)

    def _held(self, seat: int) -> None:
        self.clock.rewarn(seat)
        self.menu.fill()
        self.window.refresh_players()

    def _table_ended(self) -> None:
        """The host closed the table on purpose: nothing to rejoin, and nobody is away any more."""
        self.joining.forget_rejoin()
        self.clock.stop()

    def _game_over(self) -> None:
        self.joining.forget_rejoin()
        if self.joining.is_host:
            self.hosting.forget_hosted()

    # -- leaving -----------------------------------------------------------------------------------
    def leave(self) -> None:
        """Leave the table (the host closes it); back to the start screen."""
        session, is_host = self.joining.session, self.joining.is_host
        if session is not None and (session.current() is None or is_host or session.seat is None):
            self.joining.forget_rejoin()  # a player leaving a running game may come back: Rejoin stays
        if session is not None and is_host and session.current() is not None:
            self.hosting.forget_hosted()  # "Close the table" ends the game for everyone: not offered again
        if is_host:  # closed before the host's own seat says `leave`: nobody is told "Anna left"
            self.hosting.close(ending=True)
        if self.window.session is session and session is not None:
            self.window.close_session()
        self._teardown(ending=is_host)  # the host leaving closes the table: everyone is told
        self.left.emit()

    def _teardown(self, ending: bool = False) -> None:
        session = self.joining.hang_up()
        self.joining.close_progress()
        self.lobby_link.close_confirm()
        self.game.close()
        self.menu.close()
        self.clock.stop()
        if ending:  # the table closes first: the host's own seat is not said to have left before the end
            self.hosting.close(ending=True)
        if session is not None:
            session.close()
        self.hosting.close(ending)
        self.chat_link.hide()  # its lines stay until another table's welcome (a rejoin of this one keeps them)
        self.banner.clear()

    def shutdown(self) -> None:
        """The window closed (or the start screen was chosen): disconnect and stop hosting.

        A host's table with a game on waits to be opened again (the others reconnect meanwhile); one with
        nothing to resume (its lobby, a finished game) is closed for everyone, who are told so.
        """
        session, is_host = self.joining.session, self.joining.is_host
        # The table says whether a game is on, not the host's own seat: on a busy machine the start may reach
        # the others first, and ending the table then would take their game away
        game_on = is_host and self.hosting.game_on()
        if game_on and session is not None:
            self.hosting.game_started(session)  # resumable, though the host's seat had not heard of it yet
        self._teardown(ending=is_host and not game_on)

    # -- the banner's place ------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: Any) -> bool:
        """Keep the banner placed when the window is resized, and each time the side column it keeps clear of
        moves or changes its width (that may come a layout pass after the window's resize)."""
        kind = event.type()
        if kind in (QEvent.Type.Resize, QEvent.Type.Move) and self.banner.isVisible() and \
                (watched is self.window or watched is self.window.page.side):
            self.place_banner()
        return False

    def place_banner(self) -> None:
        """The banner over the board, beside the side column: the players panel and chat stay readable."""
        on_game = self.window.current_page() is self.window.page
        self.banner.place_beside(self.window.page.side if on_game else None)

    # -- the app's door (its start screen and score sheet, the command line, tools and tests) ----------
    def host_game(self) -> None:
        """The start screen's Host: the Host dialog."""
        self.hosting.host_game()

    def host(self, config: HostSetup, resume: Path | None = None, token: str | None = None) -> None:
        """Open a table as set up (tools and tests skip the dialog)."""
        self.hosting.host(config, resume, token)

    def resume_hosted(self) -> None:
        """The start screen's Resume hosted game."""
        self.hosting.resume_hosted()

    def can_rematch(self) -> bool:
        """This app hosts a LAN table whose game is over (the score sheet offers a rematch)."""
        return self.hosting.can_rematch()

    def rematch(self) -> None:
        """The score sheet's Rematch at this table."""
        self.hosting.rematch()

    def join_game(self) -> None:
        """The start screen's Join: the Join dialog."""
        self.joining.join_game()

    def join(self, request: JoinRequest, token: str | None = None) -> None:
        """Connect to a table as asked (the command line and tools skip the dialog)."""
        self.joining.join(request, token)

    def rejoin(self) -> None:
        """The start screen's Rejoin."""
        self.joining.rejoin()

    def rejoin_info(self) -> dict[str, Any] | None:
        """The table this app last sat at, if its game may still be running."""
        return self.joining.rejoin_info()

    def show_error(self, title: str, text: str) -> None:
        """The parts' message for code outside them (e.g. a broken invitation on the command line)."""
        self.messages.error(title, text)

    def save_seen(self, path: Path) -> None:
        """Save the record as far as this seat knows it (for tools and tests; the banner uses the dialog)."""
        self.window.save_record(path)

    def choose_save_path(self) -> str:
        """Ask where to save (kept separate so tests can bypass the file dialog)."""
        path, _ = QFileDialog.getSaveFileName(self.window.as_widget(), self.tr("Save record"), "game.patrician.json")
        return path

    @property
    def session(self) -> RemoteSession | None:
        """The connection to the table, while there is one."""
        return self.joining.session

    @property
    def is_host(self) -> bool:
        """This app opened the table it sits at."""
        return self.joining.is_host

    @property
    def hosted(self) -> HostedGame | None:
        """The table this app hosts now."""
        return self.hosting.hosted

    @property
    def dialog(self) -> QDialog | None:
        """The Host, Join or invitation dialog open now."""
        return self.dialogs.current

    @property
    def progress(self) -> QProgressDialog | None:
        """The "Connecting…" dialog while connecting."""
        return self.joining.progress

    @property
    def message_box(self) -> QMessageBox | None:
        """The last warning box."""
        return self.messages.box

    @property
    def last_error(self) -> tuple[str, str] | None:
        """The last warning's title and text."""
        return self.messages.last_error

    @property
    def rematch_box(self) -> QMessageBox | None:
        """A joiner's "the host starts a rematch" while it is asked."""
        return self.game.rematch_box

    @property
    def close_box(self) -> QMessageBox | None:
        """The host's "Close the table?" while it is asked."""
        return self.menu.close_box

    @property
    def trouble_box(self) -> TroubleBox | None:
        """The hosted table's trouble box, once made."""
        return self.hosting.trouble_box
