"""At a LAN table: the lobby, entering the game, its story and chat, the connection's ups and downs,
the Table menu, the away clocks and the rematch question (the LanController's in-game flow).

Why a module: what happens once connected is one flow of the LAN controller
(``lan/controller_parts.py`` says how the flows share its state).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMessageBox

from patrician_qt.engine import stack_size
from patrician_qt.ui.lan.controller_parts import WARN_BEFORE_S, LanParts, sentence
from patrician_qt.ui.lan.internet import INVITATION_PORT
from patrician_qt.ui.session.remote import RemoteSession
from patrician_qt.ui.text import plain
from patrician_qt.ui.text.net_text import route_words

if TYPE_CHECKING:
    from patrician_qt.engine import Event
    from patrician_qt.net.hosted import SeatEntry


def _t(text: str) -> str:
    return QCoreApplication.translate("LanController", text)


class GameLink(LanParts):
    """At a LAN table: the lobby, entering the game, its story and chat, the connection's ups and downs,"""

    # -- lobby -----------------------------------------------------------------------------------
    def _lobby_changed(self, seats: list[SeatEntry]) -> None:
        session = self.session
        if session is None:
            return
        if session.current() is None:
            self.lobby.set_seats(seats, session.seat)
            self.lobby.set_spectators(session.spectators)
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
        if self.is_host and self.hosted is not None and self.hosted.resume_from is not None and session.games == 1:
            # the table came back with its chat (said once: its rematches go on from the lobby's chat)
            earlier = self.hosted.chat_history() if not self.lobby.chat.lines else []
            for sender, text in earlier:
                self.lobby.chat.add_line(sender, text, earlier=True)
            self.lobby.chat.add_notice(_t("Your table is open again."))
        self.chat.copy_from(self.lobby.chat)
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
        from patrician_qt.ui.text.absence import since_last_left

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
        self.window.story.take_missed(missed)  # the board's "since your last turn" too, not only the log
        self._log_events(missed, sum(stack_size(p) for p in shown.view(None)["players"]) if shown else 0)
        self._say_away(missed, seconds)

    def _say_away(self, events: Sequence[Event], seconds: float) -> None:
        """The "while you were away" line in the log and the chat."""
        from patrician_qt.ui.text.absence import summary

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

    def _earlier_chat(self, sender: str, text: str) -> None:
        """A line said before this app came (the host keeps recent ones): shown without a time."""
        if self._take_earlier:
            self.lobby.chat.add_line(sender, text, earlier=True)
            self.chat.add_line(sender, text, earlier=True)

    def _notice(self, text: str) -> None:
        if self.window.current_page() is self.lobby:
            self.lobby.set_message(sentence(text), True)
        else:
            self.window.turn_bar.set_message(sentence(text), True)

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
            self.chat.add_notice(_t("Connected again."))
        elif state == "closed":
            if session.welcome is None:  # hung up on before the welcome was shown (a host flooding at once)
                self._connect_failed(title, detail or error)
                return
            self.chat.set_enabled_input(False)
            self.lobby.chat.set_enabled_input(False)
            if session.error_kind == "table-closed":
                # The host ended the game on purpose: nothing to reconnect to, nothing to rejoin
                self.forget_rejoin()
                self._clock.stop()  # nobody is away any more: the table is gone
                if session.current() is None:  # closed in the lobby: no game was played, none is over
                    detail = _t("The host closed the table before a game began.")
                self.banner.show_ended(title, detail, can_save=session.current() is not None)
                self._place_banner()
                self.window.turn_bar.set_prompt(_t("The game is over: the host closed the table"), None)
                self.window.controller.end()
                self.window.refresh_turn()
                return
            if error:
                current = session.current()
                over = current is not None and current.over
                if current is None and session.error_kind == "bad-token":
                    # In the lobby the host removed this player (or the seat went to a newer
                    # connection): no game to wait for, so back to the start screen, no Rejoin.
                    title = _t("Your seat at {table} is gone").format(table=table)
                    self.leave()
                    self._error(title, sentence(error))
                elif not over:
                    self.banner.show_gone(title, detail or error, can_save=session.current() is not None,
                                          can_retry=session.error_kind == "gave-up")
                    self._place_banner()
                    if session.error_kind in ("bad-token", "table-full"):
                        self.forget_rejoin()  # the seat is lost: Rejoin could not get it back

    def retry(self) -> None:
        """The banner's Retry once this app stopped trying: the same table and seat again, as Rejoin does
        (the game is then told anew from the host's story)."""
        session = self.session
        if session is None:
            return
        request, token = self._request, session.token
        self.leave()  # a running game's Rejoin stays remembered meanwhile
        self.join(request, token=token)

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
            text = (_t("Waiting for {name}…") if seat.get("connected")
                    else _t("Waiting for {name} to come back…")).format(name=name)
            w.turn_bar.set_prompt(text, session.seats()[to_move].color)
            if seat.get("connected"):
                note = _t("{name} plays at another computer · the chat is on the right")
            elif self.is_host:  # the host's own screen speaks to the host
                note = _t("{name}'s connection dropped; you may let a bot play the seat meanwhile (Table menu)")
            else:
                note = _t("{name}'s connection dropped; the host may let a bot play the seat meanwhile")
            w.turn_bar.set_message(note.format(name=name), False)

    def _turn_ready(self, seat: int) -> None:
        """It became this player's turn: ask for attention if the window is in the background."""
        if self.session is not None and self.window.session is self.session and not self.window.isActiveWindow():
            QApplication.alert(self.window.as_widget(), 0)
            self._notify(_t("Your turn at {table}").format(table=self.session.table_name))

    def _notify(self, text: str) -> None:
        """A system notification where the desktop has a tray (the taskbar alert is always given)."""
        from PySide6.QtWidgets import QSystemTrayIcon

        if not QSystemTrayIcon.isSystemTrayAvailable():
            return
        if self._tray is None:
            self._tray = QSystemTrayIcon(self.window.windowIcon(), self)
            self._tray.show()
        self._tray.showMessage(_t("Patrician"), plain.notification(text))

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
                    action = QAction(_t("Let a bot play for {name} now").format(name=name), menu)
                    action.triggered.connect(lambda _=False, seat=i: self._hand_to_bot(seat))
                    menu.addAction(action)
                    if i in held:
                        wait = QAction(_t("Let a bot play for {name} after the usual wait").format(name=name),
                                       menu)
                        wait.triggered.connect(lambda _=False, seat=i: self._hold(seat, False))
                    else:
                        wait = QAction(_t("Keep waiting for {name} (no bot)").format(name=name), menu)
                        wait.triggered.connect(lambda _=False, seat=i: self._hold(seat, True))
                    menu.addAction(wait)
            if menu.isEmpty():
                none = menu.addAction(_t("Everyone is connected"))
                none.setEnabled(False)
            if self.hosted.invitation is not None:  # open for the internet too: the invitation again
                menu.addSeparator()
                menu.addAction(_t("Invite friends over the internet…")).triggered.connect(self.show_invitation)
            menu.addSeparator()
            menu.addAction(_t("Close the table (ends the game for everyone)…")).triggered.connect(self.ask_close)
            return
        else:
            route = route_words(session.route) if self._request.port == INVITATION_PORT else ""
            if route:  # how this guest's bytes travel, in words (a disabled line: it tells, it does nothing)
                menu.addAction(route).setEnabled(False)
                menu.addSeparator()
            leave = menu.addAction(_t("Leave the table (your seat waits for you)")
                                   if session.seat is not None else _t("Stop watching"))
        leave.triggered.connect(self.leave)

    def ask_close(self) -> None:
        """Table menu: ending the game for everyone is asked first (a slip of the mouse must not end it)."""
        if self.close_box is not None:
            self.close_box.close()
        table = self.session.table_name if self.session is not None else ""
        box = self.close_box = plain.message_box(
            self.window.as_widget(), QMessageBox.Icon.Question, _t("Close the table"),
            _t("Close {table} and end the game for everyone?").format(table=table), QMessageBox.StandardButton.Cancel,
            informative=_t("The game ends for everyone, and the start screen does not offer to host it again."))
        close = box.addButton(_t("Close the table"), QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.setWindowModality(Qt.WindowModality.WindowModal)

        def chosen(_result: int) -> None:
            if self.close_box is box:
                self.close_box = None
            if box.clickedButton() is close:
                self.leave()

        box.finished.connect(chosen)
        box.open()

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
            text = _t("A bot plays for {name} in {n} s (Table menu: keep waiting for {name}).").format(
                name=name, n=int(left + 0.999))
            self.chat.add_notice(text)
            self.window.turn_bar.set_message(text, False)

    def _offer_next(self) -> None:
        """The score sheet of a LAN game: the host may start a rematch, the others wait for it or leave."""
        session = self.session
        if session is None:
            return
        sheet = self.window.score_sheet
        if self.is_host:
            sheet.offer(_t("&Rematch at this table"), _t(
                "Everyone stays at the table for a new deal; or close the table from the Table menu."))
        else:
            host = next((s.get("name") for s in session.lobby if s.get("host")), None)
            note = (_t("Waiting for {name} to start a rematch…").format(name=host) if host
                    else _t("Waiting for the host to start a rematch…"))
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
        self.lobby.set_spectators(session.spectators)
        self.window.show_page(self.lobby)
        self.lobby.chat.copy_from(self.chat)  # the game's chat as it was shown, notices and times included
        self.lobby.chat.take_over(self.chat, typing)
        self.lobby.chat.add_notice(_t("A rematch at {table}: a new deal, the same seats.").format(table=table))
        if self.is_host or session.seat is None:
            return
        if self.rematch_box is not None:
            self.rematch_box.close()
        box = self.rematch_box = plain.message_box(
            self.window.as_widget(), QMessageBox.Icon.Question, _t("Rematch"),
            _t("The host starts a rematch at {table}.").format(table=table), QMessageBox.StandardButton.NoButton,
            informative=_t("Your seat is kept for the new deal. Stay for it, or leave the table."))
        stay = box.addButton(_t("Stay for the rematch"), QMessageBox.ButtonRole.AcceptRole)
        leave = box.addButton(_t("Leave the table"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(stay)
        box.setWindowModality(Qt.WindowModality.WindowModal)

        def chosen(_result: int) -> None:
            if self.rematch_box is box:
                self.rematch_box = None
            if box.clickedButton() is leave:
                self.leave()

        box.finished.connect(chosen)
        box.open()
