"""The LAN flows of the app: host, join, lobby, game with chat, drops and rejoin, spectating.

Why: the main window shows any Session; this controller sets up the LAN ones (a
``RemoteSession``, and for the host a ``HostedGame`` it joins itself), puts the lobby, the
chat panel and the connection banner around the window, and never blocks the UI thread:
every connect runs in the background behind a dialog with a Cancel button.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox, QProgressDialog

from patrician_qt.engine import stack_size
from patrician_qt.ui.lan.chat_panel import ChatPanel
from patrician_qt.ui.lan.connection_banner import ConnectionBanner
from patrician_qt.ui.lan.join_dialog import JoinRequest
from patrician_qt.ui.lan.lobby_view import LobbyView
from patrician_qt.ui.lan.rejoin import REJOIN_KEYS, forget_hosted, hosted_game, rejoin_info, remember_hosted
from patrician_qt.ui.session.remote import RemoteSession
from patrician_qt.ui.text import plain

if TYPE_CHECKING:
    from patrician_qt.engine import Event
    from patrician_qt.net.hosted import SeatEntry
    from patrician_qt.ui.game.screen import GameScreen
    from patrician_qt.ui.game.trouble import TroubleBox
    from patrician_qt.ui.lan.hosting import HostedGame, HostSetup



@dataclass(slots=True)
class LanOptions:
    """Where to listen and browse, and timings; tests bind everything to 127.0.0.1 and shrink waits."""

    bind: str = "0.0.0.0"
    browse_interfaces: list[str] | None = None
    advertise: bool = True
    client_options: dict[str, Any] = field(default_factory=dict)
    table_options: Any = None
    host_config: Any = None
    runner: Any = None


#: the host is told this many seconds before a bot takes over a gone player's seat
WARN_BEFORE_S = 20.0


class LanController(QObject):
    """Owns the LAN session (and the hosted game) of one main window."""

    left = Signal()  # back to the start screen
    inGame = Signal(RemoteSession)  # now shown in the window
    failed = Signal(str, str)  # title, text: a message the user was shown
    _hosted_trouble = Signal(object)  # Trouble of the hosted table, from its loop thread

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
        self._lobby_address = ""  # where the others join, as the lobby shows it
        self._table_key: tuple[str, int, str] | None = None  # the table connected to last (host, port, name)
        self._warned: set[int] = set()  # seats whose "a bot plays for … in 20 s" was said
        self._clock = QTimer(self)  # while someone is away: their time, and the host's countdowns
        self._clock.setInterval(1000)
        self._clock.timeout.connect(self._tick)
        self.lobby = LobbyView()
        window.add_page(self.lobby)
        self.chat = ChatPanel()
        self.chat.hide()
        window.add_side_widget(self.chat, 1)
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
        self.lobby.chat.send.connect(self._say)
        self.chat.send.connect(self._say)
        self.banner.leave.connect(self.leave)
        self.banner.saveRecord.connect(window.save_record_dialog)
        window.score_sheet.leaveTable.connect(self.leave)
        window.turnReady.connect(self._turn_ready)
        window.shown.connect(self._shown)
        window.closed.connect(self.shutdown)
        window.installEventFilter(self)

    # -- starting --------------------------------------------------------------------------------
    def host_game(self) -> None:
        """Ask how to set up the table (non-modal: the window stays alive)."""
        from patrician_qt.ui.lan.host_dialog import HostDialog

        dialog = self.dialog = HostDialog(self.settings, self.window.as_widget())
        dialog.accepted.connect(lambda: self.host(dialog.config()))
        dialog.finished.connect(lambda _result: self._dialog_done(dialog))
        dialog.open()

    def _dialog_done(self, dialog: Any) -> None:
        """A finished Host or Join dialog is deleted: each one kept as the window's child piled up (issue #20)."""
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()

    def host(self, config: HostSetup, resume: Path | None = None, token: str | None = None) -> None:
        """Open the table, advertise it, and join it as its first player.

        With ``resume`` (the autosave of a game this app hosted) and the host's own ``token``,
        the game goes on where it stopped and the host's player takes the seat back; if the
        port is taken meanwhile, the user is asked about a free one.
        """
        from patrician_qt.ui.lan.hosting import HostedGame, HostError

        o = self.options
        config.bind = o.bind
        hosted = HostedGame(config, autosave_dir=self.autosaves, options=o.table_options, runner=o.runner,
                            host_config=o.host_config, advertise=o.advertise, resume=resume,
                            on_trouble=self._hosted_trouble.emit)
        remembered = token is not None
        if token is None:
            from patrician_qt.table.tokens import new_token

            token = new_token()
        starting = self._starting
        if starting is not None:  # asked again before the last one answered: that one goes
            starting.close()
        self._starting = hosted

        def started(port: int) -> None:
            if self._starting is not hosted:
                return  # replaced or shut down meanwhile (it was closed then)
            self._starting = None
            self._teardown()
            self.hosted, self.is_host = hosted, True
            self._connect(JoinRequest("127.0.0.1", port, config.player_name, "player", config.table_name), token,
                          remembered=remembered)

        def failed(exc: HostError) -> None:
            if self._starting is not hosted:
                return
            self._starting = None
            if resume is not None and exc.port_in_use:
                self._ask_other_port(config, resume, token)
            else:
                self._error(self.tr("Cannot resume the game") if resume is not None else self.tr("Cannot host"),
                            str(exc))

        hosted.start(started, failed, host_token=token)

    def resume_hosted(self) -> None:
        """Host again the unfinished game this app hosted (after a crash or quitting), on the same port."""
        from patrician_qt.table import SaveError
        from patrician_qt.ui.lan.hosting import HostSetup

        try:
            info = hosted_game(self.settings)
        except (SaveError, OSError) as exc:
            self._error(self.tr("Cannot resume the game"), _sentence(str(exc)))
            return
        if info is None:
            self._error(self.tr("Resume hosted game"), self.tr("There is no hosted game to resume."))
            return
        self.host(HostSetup(info.table, info.name, port=info.port), resume=info.path, token=info.token)

    def _ask_other_port(self, config: HostSetup, resume: Path, token: str | None) -> None:
        """The old port is taken: say so, and offer a free one (the others then find the table in Join)."""
        from patrician_qt.ui.lan.hosting import free_port_near

        other = free_port_near(self.options.bind, config.port + 1)
        text = " ".join((
            self.tr("Port {port} is in use now (is another table or program running?).").format(port=config.port),
            self.tr("On port {other} the others must find the table again in their Join list.").format(
                other=other)))
        self.last_error = (self.tr("Port in use"), text)
        if self.message_box is not None:
            self.message_box.close()
        box = self.message_box = plain.message_box(self.window.as_widget(), QMessageBox.Icon.Warning,
                                                   self.tr("Port in use"), text, QMessageBox.StandardButton.Cancel)
        use = box.addButton(self.tr("Resume on port {other}").format(other=other), QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(use)
        box.setWindowModality(Qt.WindowModality.WindowModal)

        def chosen(_result: int) -> None:
            if box.clickedButton() is use:
                config.port = other
                self.host(config, resume=resume, token=token)

        box.finished.connect(chosen)
        box.open()

    def join_game(self) -> None:
        """Show the live list of tables and the address field (non-modal)."""
        from patrician_qt.ui.lan.join_dialog import JoinDialog

        dialog = self.dialog = JoinDialog(self.settings, self.window.as_widget(),
                                          interfaces=self.options.browse_interfaces)
        dialog.accepted.connect(lambda: self.join(dialog.request) if dialog.request else None)
        dialog.finished.connect(lambda _result: self._dialog_done(dialog))
        dialog.open()

    def join(self, request: JoinRequest, token: str | None = None) -> None:
        """Connect to a table as a player (or spectator); with a token, take one's seat back."""
        info = self.rejoin_info()
        if (token is None and request.role == "player" and info is not None and str(info["host"]) == request.host
                and (int(info["port"]) == request.port or (request.table and request.table == info["table"]))):
            token = str(info["token"])  # picked from the list again (its host may have moved port): our seat
        self._teardown()
        self.is_host = False
        self._connect(request, token)

    def rejoin_info(self) -> dict[str, Any] | None:
        """The table this app last sat at, if its game may still be running."""
        return rejoin_info(self.settings)

    def rejoin(self) -> None:
        """Take the seat back at the table of the last LAN game."""
        info = self.rejoin_info()
        if info is None:
            self._error(self.tr("Rejoin"), self.tr("There is no LAN game to rejoin."))
            return
        self.join(JoinRequest(str(info["host"]), int(info["port"]), str(info["name"]), str(info["role"] or "player"),
                              str(info["table"] or "")), token=str(info["token"]))

    def _connect(self, request: JoinRequest, token: str | None = None, remembered: bool | None = None) -> None:
        self._reset_table_state()
        session = self.session = RemoteSession(client_options=self.options.client_options)
        self._request = request
        # a remembered token (Rejoin, Host again) that fails means that seat or game is gone
        self._token_used = token is not None if remembered is None else remembered
        session.connected.connect(self._welcomed)
        session.connectFailed.connect(self._connect_failed)
        session.lobbyChanged.connect(self._lobby_changed)
        session.started.connect(self._enter_game)
        session.chatReceived.connect(self._chat)
        session.connectionChanged.connect(self._connection)
        session.notice.connect(self._notice)
        session.caughtUp.connect(self._caught_up)
        session.rematchOpened.connect(self._rematch_opened)
        if self.is_host and self.hosted is not None:
            session.absence_source = self.hosted.absences
        where = request.table or f"{request.host}:{request.port}"
        progress = self.progress = QProgressDialog("", self.tr("Cancel"), 0, 0, self.window.as_widget())
        progress.setLabel(plain.new_label(self.tr("Connecting to {where}…").format(where=where)))  # a table's name
        progress.setWindowTitle(self.tr("Connecting"))
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(0)
        progress.setAutoClose(False)
        progress.setAutoReset(False)
        progress.canceled.connect(self.cancel_connect)
        progress.show()
        session.open(request.host, request.port, request.name, token=token, role=request.role)

    def cancel_connect(self) -> None:
        """The Cancel button while connecting: stop at once, back where we were."""
        session = self.session
        self._close_progress()
        if session is not None and session.welcome is None:
            self.session = None
            session.cancel()
            self._close_hosted()

    def _close_progress(self) -> None:
        progress, self.progress = self.progress, None
        if progress is not None:
            progress.canceled.disconnect(self.cancel_connect)
            progress.close()
            progress.deleteLater()

    def _connect_failed(self, title: str, text: str) -> None:
        self._close_progress()
        session, self.session = self.session, None
        if session is not None:
            session.close()
        self._close_hosted()
        if session is not None and session.failure in ("BadToken", "RefusedError") and self._token_used:
            if self.is_host:
                self.forget_hosted()
            else:
                self.forget_rejoin()  # that seat, or that game, is no more
        self._error(title, _sentence(text))

    def _new_table(self, key: tuple[str, int, str]) -> None:
        """Welcomed at a table: its chat starts empty unless it is the table of the last chat (a rejoin)."""
        if key != self._table_key:
            for chat in (self.chat, self.lobby.chat):
                chat.view.clear()
                chat.lines = []
        self._table_key = key

    def _welcomed(self, welcome: dict[str, Any]) -> None:
        self._close_progress()
        session = self.session
        assert session is not None
        table = session.table_name or self._request.table
        self._new_table((session.address[0], session.address[1], table))
        if not self.is_host and self.settings is not None and session.token:
            self._remember(table, session)
        if session.phase == "lobby":
            host, port = session.address
            address = f"{host}:{port}"
            if self.is_host and self.hosted is not None:
                from patrician_qt.net.discovery import local_addresses

                addresses = local_addresses(self.options.bind)
                address = f"{addresses[0]}:{self.hosted.port}" if addresses else address
            self._lobby_address = address
            self.lobby.setup(table, address, self.is_host)
            self.lobby.set_visibility(session.visibility)
            self.lobby.set_seats(session.lobby, session.seat)
            self.window.show_page(self.lobby)

    def _remember(self, table: str, session: RemoteSession) -> None:
        s = self.settings
        assert s is not None
        host, port = session.address
        values = {"table": table, "host": host, "port": port, "name": session.name, "token": session.token,
                  "role": "player" if session.seat is not None else "spectator"}
        for k, v in values.items():
            s.setValue(f"lan/rejoin/{k}", v)
        s.sync()

    def _remember_hosted(self, session: RemoteSession) -> None:
        """The hosted game started (or resumed): keep its autosave, port and the host's own token."""
        hosted = self.hosted
        if hosted is None or hosted.table is None or session.token is None:
            return
        path = hosted.table.autosave_file
        if path is not None:
            remember_hosted(self.settings, path, session.token, hosted.port,
                            session.table_name or hosted.config.table_name, session.name)

    def forget_hosted(self) -> None:
        """No hosted game to resume (it ended, or its host closed the table on purpose)."""
        forget_hosted(self.settings)

    def forget_rejoin(self) -> None:
        """No LAN game to rejoin any more."""
        if self.settings is not None:
            for k in REJOIN_KEYS:
                self.settings.remove(f"lan/rejoin/{k}")
            self.settings.sync()

    # -- lobby -----------------------------------------------------------------------------------
    def _lobby_changed(self, seats: list[SeatEntry]) -> None:
        session = self.session
        if session is None:
            return
        if session.current() is None:
            self.lobby.set_seats(seats, session.seat)
            if not self.is_host and session.token and self.settings is not None:
                self._remember(session.table_name, session)
        self._fill_table_menu()
        shown = self.window.shown_update
        if self.window.session is session and shown is not None:
            self.window.refresh_players()
            self._shown(shown)
            self._tick()  # someone went or came back: their clock, and the host's countdown

    def _sit(self, seat: int) -> None:
        if self.session is not None:
            self.session.sit(seat)

    def _set_seat(self, seat: int, kind: str, level: object) -> None:
        if self.hosted is not None:
            self.hosted.set_seat(seat, kind, level if isinstance(level, str) else None, self._lobby_problem)

    def _remove_player(self, seat: int, name: str) -> None:
        """The host confirmed: that player's seat becomes open (the host closes their connection)."""
        if self.hosted is not None:
            self.hosted.set_seat(seat, "open", None, self._lobby_problem, remove=name)

    def _start_now(self) -> None:
        if self.hosted is not None:
            self.hosted.start_now(self._lobby_problem)

    def _lobby_problem(self, problem: str) -> None:
        """The hosted table refused a lobby change: the lobby says why."""
        self.lobby.set_message(problem, True)

    def _game_problem(self, problem: str) -> None:
        """The hosted table refused a change during or after a game: the turn bar says why."""
        self.window.turn_bar.set_message(problem, True)

    # -- the game ----------------------------------------------------------------------------------
    def _enter_game(self) -> None:
        session = self.session
        if session is None:
            return
        self._close_progress()
        self._close_confirm()
        if self.hosted is not None and self.is_host:
            session.record_source = self.hosted.record
            self._remember_hosted(session)
        if self.rematch_box is not None:
            self.rematch_box.close()
        typing = self.lobby.chat.edit.hasFocus()  # the lobby's chat box goes: a line being typed moves on
        self.window.start_session(session, watch_seat=None)
        self._tell_story(session)
        self.chat.set_colors({s.name: s.color for s in session.seats()})
        self.lobby.chat.set_colors(self.chat.colors)
        self.chat.view.setHtml(self.lobby.chat.view.toHtml())
        self.chat.lines = list(self.lobby.chat.lines)
        if self.is_host and self.hosted is not None and self.hosted.resume_from is not None:
            earlier = self.hosted.chat_history()  # the table kept its chat with the game
            for sender, text in earlier:
                self.chat.add_line(sender, text, earlier=True)
            if earlier:
                self.chat.add_notice(self.tr("Your table is open again."))
        self.chat.set_enabled_input(session.state == "connected")
        self.chat.show()
        self.chat.take_over(self.lobby.chat, typing)
        self.window.page.log_view.setMinimumHeight(60)
        self._fill_table_menu()
        self._tick()
        self.inGame.emit(session)

    def _tell_story(self, session: RemoteSession) -> None:
        """A game joined under way (a new app rejoining, a spectator): its log from the host's story, and
        what happened since this seat's player left ("while you were away")."""
        from patrician_qt.ui.lan.absence import since_last_left

        log = self.window.log_model
        events = session.history()
        if not events:
            return
        if not any(log.index(i, 0).data(log.KindRole) == "played" for i in range(log.rowCount())):
            self._log_events(events, 0)  # unless the window rebuilt the log itself from the same story
        away = since_last_left(events, session.seat)
        if away is not None:
            self._say_away(away, -1.0)

    def _log_events(self, events: Sequence[Event], turns_before: int) -> None:
        """Events told at once into the log, a turn at a time (so a turn's floors are one line)."""
        session = self.session
        if session is None or not events:
            return
        names = [s.name for s in session.seats()]
        batches: list[list[Event]] = [[]]
        for event in events:
            if event.get("e") == "played" and batches[-1]:
                batches.append([])
            batches[-1].append(event)
        turn = turns_before
        for batch in batches:
            turn += batch[0].get("e") == "played"
            self.window.log_model.add_events(batch, names, turn)
        QTimer.singleShot(0, self.window.log_view.scrollToBottom)  # after the new rows are laid out

    def _caught_up(self, missed: list[Event], seconds: float) -> None:
        """Back after a drop: what happened meanwhile goes into the log, with a short summary."""
        session = self.session
        if session is None or self.window.session is not session:
            return
        shown = self.window.shown_update
        self._log_events(missed, sum(stack_size(p) for p in shown.view(None)["players"]) if shown else 0)
        self._say_away(missed, seconds)

    def _say_away(self, events: Sequence[Event], seconds: float) -> None:
        """The "while you were away" line in the log and the chat."""
        from patrician_qt.ui.lan.absence import summary

        session = self.session
        if session is None:
            return
        text = summary(events, session.seat, seconds)
        self.window.log_model.add_text(text)
        self.chat.add_notice(text)
        QTimer.singleShot(0, self.window.log_view.scrollToBottom)

    def _say(self, text: str) -> None:
        if self.session is not None:
            self.session.say(text)

    def _chat(self, sender: str, text: str) -> None:
        self.lobby.chat.add_line(sender, text)
        self.chat.add_line(sender, text)

    def _notice(self, text: str) -> None:
        if self.window.current_page() is self.lobby:
            self.lobby.set_message(_sentence(text), True)
        else:
            self.window.turn_bar.set_message(_sentence(text), True)

    def _connection(self, state: str, error: str) -> None:
        session = self.session
        if session is None:
            return
        table = session.table_name or self._request.table
        title, detail = session.connection_words()
        if state == "reconnecting":
            self.banner.show_reconnecting(title, detail)
            self._place_banner()
            self.chat.set_enabled_input(False)
            self.lobby.chat.set_enabled_input(False)
        elif state == "connected":
            self.banner.clear()
            self.chat.set_enabled_input(True)
            self.lobby.chat.set_enabled_input(True)
            self.chat.add_notice(self.tr("Connected again."))
        elif state == "closed":
            self.chat.set_enabled_input(False)
            self.lobby.chat.set_enabled_input(False)
            if session.error_kind == "table-closed":
                # The host ended the game on purpose: nothing to reconnect to, nothing to rejoin
                self.forget_rejoin()
                self.banner.show_ended(title, detail, can_save=session.current() is not None)
                self._place_banner()
                self.window.turn_bar.set_prompt(self.tr("The game is over: the host closed the table"), None)
                self.window.controller.end()
                self.window.refresh_turn()
                return
            if error:
                current = session.current()
                over = current is not None and current.over
                if current is None and session.error_kind == "bad-token":
                    # In the lobby the host removed this player (or the seat went to a newer
                    # connection): no game to wait for, so back to the start screen, no Rejoin.
                    title = self.tr("Your seat at {table} is gone").format(table=table)
                    self.leave()
                    self._error(title, _sentence(error))
                elif not over:
                    self.banner.show_gone(title, detail or error, can_save=session.current() is not None)
                    self._place_banner()
                    if session.error_kind in ("bad-token", "table-full"):
                        self.forget_rejoin()  # the seat is lost: Rejoin could not get it back

    def _shown(self, update: Any) -> None:
        """Say whom the game waits for (a person elsewhere, not a bot thinking)."""
        session = self.session
        w = self.window
        if session is None or w.session is not session:
            if session is not None and w.session is not None:
                self._teardown()  # the window now shows another game: this table is left
            return
        public = update.view(None)
        if public["over"]:
            self.forget_rejoin()
            if self.is_host:
                self.forget_hosted()
            self._offer_next()
            return
        to_move = public["to_move"]
        if to_move is None or to_move in session.local_humans() or not 0 <= to_move < len(session.lobby):
            return
        seat = session.lobby[to_move]
        if seat.get("kind") == "human":
            name = session.seats()[to_move].name
            text = (self.tr("Waiting for {name}…") if seat.get("connected")
                    else self.tr("Waiting for {name} to come back…")).format(name=name)
            w.turn_bar.set_prompt(text, session.seats()[to_move].color)
            w.turn_bar.set_message(self.tr("{name} plays at another computer · the chat is on the right").format(
                name=name) if seat.get("connected") else
                self.tr("{name}'s connection dropped; the host may let a bot play the seat meanwhile").format(
                name=name), False)

    def _turn_ready(self, seat: int) -> None:
        """It became this player's turn: ask for attention if the window is in the background."""
        if self.session is not None and self.window.session is self.session and not self.window.isActiveWindow():
            QApplication.alert(self.window.as_widget(), 0)
            self._notify(self.tr("Your turn at {table}").format(table=self.session.table_name))

    def _notify(self, text: str) -> None:
        """A system notification where the desktop has a tray (the taskbar alert is always given)."""
        from PySide6.QtWidgets import QSystemTrayIcon

        if not QSystemTrayIcon.isSystemTrayAvailable():
            return
        if self._tray is None:
            self._tray = QSystemTrayIcon(self.window.windowIcon(), self)
            self._tray.show()
        self._tray.showMessage(self.tr("Patrician"), plain.notification(text))

    def _fill_table_menu(self) -> None:
        """The Table menu in a LAN game: leave; for the host also, per gone player, a bot now, or keep waiting
        (the countdown stopped), or the countdown again."""
        menu = self.table_menu
        menu.clear()
        session = self.session
        show = session is not None and session.current() is not None
        menu.menuAction().setVisible(show)
        if not show or session is None:
            return
        if self.is_host and self.hosted is not None:
            held = {a["seat"] for a in session.absences() if a.get("held")}
            for i, s in enumerate(session.lobby):
                if s.get("kind") == "human" and not s.get("connected"):
                    name = plain.mnemonic(str(s.get("name")))
                    action = QAction(self.tr("Let a bot play for {name} now").format(name=name), menu)
                    action.triggered.connect(lambda _=False, seat=i: self._hand_to_bot(seat))
                    menu.addAction(action)
                    if i in held:
                        wait = QAction(self.tr("Let a bot play for {name} after the usual wait").format(name=name),
                                       menu)
                        wait.triggered.connect(lambda _=False, seat=i: self._hold(seat, False))
                    else:
                        wait = QAction(self.tr("Keep waiting for {name} (no bot)").format(name=name), menu)
                        wait.triggered.connect(lambda _=False, seat=i: self._hold(seat, True))
                    menu.addAction(wait)
            if menu.isEmpty():
                none = menu.addAction(self.tr("Everyone is connected"))
                none.setEnabled(False)
            menu.addSeparator()
            leave = menu.addAction(self.tr("Close the table (ends the game for everyone)"))
        else:
            leave = menu.addAction(self.tr("Leave the table (your seat waits for you)")
                                   if session.seat is not None else self.tr("Stop watching"))
        leave.triggered.connect(self.leave)

    def _hand_to_bot(self, seat: int) -> None:
        if self.hosted is not None:
            self.hosted.hand_to_bot(seat, self._game_problem)

    def _hold(self, seat: int, hold: bool) -> None:
        """Table menu: keep waiting for a gone player (no bot), or let the countdown run again."""
        if self.hosted is not None:
            self.hosted.hold_seat(seat, hold, self._game_problem)
            self._warned.discard(seat)
            self._fill_table_menu()
            self.window.refresh_players()

    def _tick(self) -> None:
        """Once a second while someone is away: their time in the players panel; the host is warned before a
        bot takes a seat over ("A bot plays for Ben in 20 s")."""
        session = self.session
        if session is None or self.window.session is not session:
            self._clock.stop()
            return
        gone = [i for i in range(len(session.lobby)) if session.seat_status(i)]
        if not gone:
            self._clock.stop()
            self._warned.clear()
            return
        if not self._clock.isActive():
            self._clock.start()
        self.window.refresh_players()
        for absence in session.absences():
            seat, left = int(absence["seat"]), absence.get("takeover_in")
            if left is None or absence.get("bot") or left > WARN_BEFORE_S or seat in self._warned:
                continue
            self._warned.add(seat)
            name = session.seats()[seat].name if seat < len(session.seats()) else str(absence.get("name"))
            text = self.tr("A bot plays for {name} in {n} s (Table menu: keep waiting for {name}).").format(
                name=name, n=int(left + 0.999))
            self.chat.add_notice(text)
            self.window.turn_bar.set_message(text, False)

    # -- after a game: a rematch at the same table -------------------------------------------------
    def can_rematch(self) -> bool:
        """This app hosts a LAN table whose game is over (the score sheet offers a rematch)."""
        session = self.session
        current = session.current() if session is not None else None
        return self.is_host and self.hosted is not None and current is not None and current.over

    def rematch(self) -> None:
        """The host deals a new game at this table: everyone stays seated and meets in the lobby again."""
        if not self.can_rematch() or self.hosted is None:
            return
        self.hosted.rematch(self._game_problem)

    def _offer_next(self) -> None:
        """The score sheet of a LAN game: the host may start a rematch, the others wait for it or leave."""
        session = self.session
        if session is None:
            return
        sheet = self.window.score_sheet
        if self.is_host:
            sheet.offer(self.tr("&Rematch at this table"), self.tr(
                "Everyone stays at the table for a new deal; or close the table from the Table menu."))
        else:
            host = next((s.get("name") for s in session.lobby if s.get("host")), None)
            note = (self.tr("Waiting for {name} to start a rematch…").format(name=host) if host
                    else self.tr("Waiting for the host to start a rematch…"))
            sheet.offer(None, note, leave=True)

    def _rematch_opened(self) -> None:
        """The host dealt again at this table: back to its lobby (chat and seats kept); a joiner is asked."""
        session = self.session
        if session is None:
            return
        typing = self.chat.edit.hasFocus()  # the game's chat box goes: a line being typed moves on
        self.window.score_sheet.hide()
        self.chat.hide()
        self.table_menu.menuAction().setVisible(False)
        table = session.table_name or self._request.table
        self.lobby.setup(table, self._lobby_address, self.is_host)
        self.lobby.set_seats(session.lobby, session.seat)
        self.window.show_page(self.lobby)
        self.lobby.chat.take_over(self.chat, typing)
        self.lobby.chat.add_notice(self.tr("A rematch at {table}: a new deal, the same seats.").format(table=table))
        if self.is_host or session.seat is None:
            return
        if self.rematch_box is not None:
            self.rematch_box.close()
        box = self.rematch_box = plain.message_box(
            self.window.as_widget(), QMessageBox.Icon.Question, self.tr("Rematch"),
            self.tr("The host starts a rematch at {table}.").format(table=table), QMessageBox.StandardButton.NoButton,
            informative=self.tr("Your seat is kept for the new deal. Stay for it, or leave the table."))
        stay = box.addButton(self.tr("Stay for the rematch"), QMessageBox.ButtonRole.AcceptRole)
        leave = box.addButton(self.tr("Leave the table"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(stay)
        box.setWindowModality(Qt.WindowModality.WindowModal)

        def chosen(_result: int) -> None:
            if self.rematch_box is box:
                self.rematch_box = None
            if box.clickedButton() is leave:
                self.leave()

        box.finished.connect(chosen)
        box.open()

    # -- leaving -----------------------------------------------------------------------------------
    def leave(self) -> None:
        """Leave the table (the host closes it); back to the start screen."""
        session = self.session
        if session is not None and (session.current() is None or self.is_host or session.seat is None):
            self.forget_rejoin()  # a player leaving a running game may come back: Rejoin stays
        if session is not None and self.is_host and session.current() is not None:
            self.forget_hosted()  # "Close the table" ends the game for everyone: not offered again
        if self.window.session is session and session is not None:
            self.window.close_session()
        self._teardown(ending=self.is_host)  # the host leaving closes the table: everyone is told
        self.left.emit()

    def _teardown(self, ending: bool = False) -> None:
        session, self.session = self.session, None
        self._close_progress()
        self._close_confirm()
        if self.rematch_box is not None:
            self.rematch_box.close()
        self._clock.stop()
        if session is not None:
            session.close()
        self._close_hosted(ending)
        self.chat.hide()  # its lines stay until another table's welcome (a rejoin of this one keeps them)
        self.banner.clear()
        self.table_menu.menuAction().setVisible(False)

    def _reset_table_state(self) -> None:
        """Connecting: nothing of the last table's messages, banner or warnings carries over, and the chat can
        be typed in again (its lines go once the welcome shows another table: ``_new_table``) (issue #21).

        Why: after one table ended (its host gone, the chat disabled) the next table's chat stayed dead.
        """
        for chat in (self.chat, self.lobby.chat):
            chat.set_enabled_input(True)
        self.lobby.set_message("")
        self.banner.clear()
        self._warned.clear()
        self._clock.stop()

    def _close_confirm(self) -> None:
        """No "Remove … from the table?" left open once the lobby is gone (game started, table left)."""
        if self.lobby.confirm is not None:
            self.lobby.confirm.reject()

    def _close_hosted(self, ending: bool = False) -> None:
        hosted, self.hosted = self.hosted, None
        starting, self._starting = self._starting, None
        if starting is not None:  # a table still opening when the app leaves it
            starting.close()
        if self.trouble_box is not None:
            self.trouble_box.close()
        if hosted is not None:
            hosted.close(ending)

    def _show_hosted_trouble(self, trouble: Any) -> None:
        """The hosted table's bot or autosave failed: the host's player is told and chooses (game/trouble.py)."""
        if self.hosted is None:
            return
        if self.trouble_box is None:
            from patrician_qt.ui.game.trouble import TroubleBox

            def seat_name(seat: int) -> str:
                seats = self.session.seats() if self.session is not None else []
                return seats[seat].name if 0 <= seat < len(seats) else str(seat + 1)

            self.trouble_box = TroubleBox(self.window.as_widget(), retry=self._hosted_retry,
                                          save=self.window.save_record_dialog,
                                          simple_bots=self._hosted_simple_bots, seat_name=seat_name)
        self.trouble_box.show(trouble)

    def _hosted_retry(self) -> None:
        if self.hosted is not None:
            self.hosted.retry()

    def _hosted_simple_bots(self) -> None:
        if self.hosted is not None:
            self.hosted.use_simple_bots()

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
        """Keep the banner placed when the window is resized."""
        from PySide6.QtCore import QEvent

        if watched is self.window and event.type() == QEvent.Type.Resize and self.banner.isVisible():
            self._place_banner()
        return False

    def _place_banner(self) -> None:
        """The banner over the board, beside the side column: the players panel and chat stay readable."""
        on_game = self.window.current_page() is self.window.page
        self.banner.place_beside(self.window.page.side if on_game else None)


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
