"""At a LAN table: entering the game, its story, the connection's ups and downs, whom the game waits
for, the turn alert, and the rematch question after it.

Why a part of its own: once connected, the table's news must reach the game window (through
``GameScreen``), the banner and the chat; what the news means for hosting, joining and the menu is
handed in as calls by the controller that builds the parts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from patrician_qt.engine import stack_size
from patrician_qt.ui.lan.dialog_slot import QuestionSlot
from patrician_qt.ui.lan.messages import sentence
from patrician_qt.ui.text import plain

if TYPE_CHECKING:
    from patrician_qt.engine import Event
    from patrician_qt.net.hosted import SeatEntry
    from patrician_qt.ui.game.screen import GameScreen
    from patrician_qt.ui.lan.at_table import AtTable
    from patrician_qt.ui.lan.chat_link import ChatLink
    from patrician_qt.ui.lan.connection_banner import ConnectionBanner
    from patrician_qt.ui.lan.lobby_link import LobbyLink
    from patrician_qt.ui.session.remote import RemoteSession


def _t(text: str) -> str:
    return QCoreApplication.translate("LanController", text)


class GameLink:
    """The table's game on this window: its start, story, connection, waiting words and rematch."""

    def __init__(self, parent: QObject, window: GameScreen, table: AtTable, chat: ChatLink, lobby: LobbyLink,
                 banner: ConnectionBanner, *, entered: Callable[[RemoteSession], None],
                 game_started: Callable[[RemoteSession], None],
                 reopened_chat: Callable[[RemoteSession], list[tuple[str, str]] | None],
                 remember: Callable[[], None], menu_changed: Callable[[], None], tick: Callable[[], None],
                 connect_failed: Callable[[str, str], None],
                 table_ended: Callable[[], None], seat_lost: Callable[[], None], game_over: Callable[[], None],
                 other_game: Callable[[], None], leave: Callable[[], None], error: Callable[[str, str], None],
                 place_banner: Callable[[], None], menu_hidden: Callable[[], None]) -> None:
        self._parent = parent
        self._window = window
        self._table = table
        self._chat = chat
        self._lobby = lobby
        self._banner = banner
        self._entered = entered  # the game is on screen (the app is told)
        self._game_started = game_started  # no "Connecting…" left; the host's own table keeps record and autosave
        self._reopened_chat = reopened_chat  # a resumed hosted table's chat, on its first game
        self._remember = remember  # where this app sits, for Rejoin
        self._menu_changed = menu_changed  # the Table menu follows the seats
        self._tick = tick  # the away clock: someone went or came back
        self._connect_failed = connect_failed  # hung up on before the welcome
        self._table_ended = table_ended  # the host closed the table: nothing to rejoin, nobody away
        self._seat_lost = seat_lost  # the seat cannot be got back: no Rejoin
        self._game_over = game_over  # nothing to rejoin or resume
        self._other_game = other_game  # the window shows another game now: this table is left
        self._leave = leave
        self._error = error
        self._place_banner = place_banner
        self._menu_hidden = menu_hidden  # back in the lobby: no Table menu
        self._tray: Any = None
        self._question = QuestionSlot()  # "Anna starts a rematch" while it is asked

    @property
    def rematch_box(self) -> QMessageBox | None:
        """The joiner's "The host starts a rematch" while it is asked."""
        return self._question.current

    # -- the game ----------------------------------------------------------------------------------
    def enter_game(self) -> None:
        """The table's game began (or this app came back to it): on screen, with its story and chat."""
        session = self._table.session
        if session is None:
            return
        self._game_started(session)
        self._lobby.close_confirm()
        self._question.close()
        typing = self._chat.lobby_typing()  # the lobby's chat box goes: a line being typed moves on
        self._window.start_session(session, watch_seat=None)
        self._tell_story(session)
        self._chat.to_game(session, typing, self._reopened_chat(session))
        self._window.page.log_view.setMinimumHeight(60)
        self._menu_changed()
        self._tick()
        self._entered(session)

    def seats_changed(self, seats: list[SeatEntry]) -> None:
        """The table's seats changed: the lobby, and in a game the players panel and whom it waits for."""
        session = self._table.session
        if session is None:
            return
        self._lobby.seats_changed(session, seats)
        if session.current() is None:
            self._remember()
        self._menu_changed()
        shown = self._window.shown_update
        if self._window.session is session and shown is not None:
            self._window.refresh_players()
            self.shown(shown)
            self._tick()  # someone went or came back: their clock, and the host's countdown

    def _tell_story(self, session: RemoteSession) -> None:
        """A game joined under way (a new app rejoining, a spectator): its log from the host's story, and
        what happened since this seat's player left ("while you were away")."""
        from patrician_qt.ui.text.absence import since_last_left

        log = self._window.log_model
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
        session = self._table.session
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
            self._window.log_model.add_events(batch, names, turn)
        QTimer.singleShot(0, self._window.log_view.scrollToBottom)  # after the new rows are laid out

    def caught_up(self, missed: list[Event], seconds: float) -> None:
        """Back after a drop: what happened meanwhile goes into the log, with a short summary."""
        session = self._table.session
        if session is None or self._window.session is not session:
            return
        shown = self._window.shown_update
        self._window.story.take_missed(missed)  # the board's "since your last turn" too, not only the log
        self._log_events(missed, sum(stack_size(p) for p in shown.view(None)["players"]) if shown else 0)
        self._say_away(missed, seconds)

    def _say_away(self, events: Sequence[Event], seconds: float) -> None:
        """The "while you were away" line in the log and the chat."""
        from patrician_qt.ui.text.absence import summary

        session = self._table.session
        if session is None:
            return
        text = summary(events, session.seat, seconds)
        self._window.log_model.add_text(text)
        self._chat.notice(text)
        QTimer.singleShot(0, self._window.log_view.scrollToBottom)

    def notice(self, text: str) -> None:
        """A notice from the table: in the lobby if it is shown, else in the turn bar."""
        if not self._lobby.say(sentence(text)):
            self._window.turn_bar.set_message(sentence(text), True)

    # -- the connection -----------------------------------------------------------------------------
    def connection(self, state: str, error: str) -> None:
        """The connection dropped, came back, or ended: the banner, the chat and the turn bar say so."""
        session = self._table.session
        if session is None:
            return
        table = self._table.table_name
        title, detail = session.connection_words()
        if state == "reconnecting":
            self._banner.show_reconnecting(title, detail)
            self._place_banner()
            self._chat.set_input(False)
        elif state == "connected":
            self._banner.clear()
            self._chat.set_input(True)
            self._chat.notice(_t("Connected again."))
        elif state == "closed":
            if session.welcome is None:  # hung up on before the welcome was shown (a host flooding at once)
                self._connect_failed(title, detail or error)
                return
            self._chat.set_input(False)
            if session.error_kind == "table-closed":
                # The host ended the game on purpose: nothing to reconnect to, nothing to rejoin
                self._table_ended()
                if session.current() is None:  # closed in the lobby: no game was played, none is over
                    detail = _t("The host closed the table before a game began.")
                self._banner.show_ended(title, detail, can_save=session.current() is not None)
                self._place_banner()
                self._window.turn_bar.set_prompt(_t("The game is over: the host closed the table"), None)
                self._window.controller.end()
                self._window.refresh_turn()
                return
            if error:
                current = session.current()
                over = current is not None and current.over
                if current is None and session.error_kind == "bad-token":
                    # In the lobby the host removed this player (or the seat went to a newer
                    # connection): no game to wait for, so back to the start screen, no Rejoin.
                    title = _t("Your seat at {table} is gone").format(table=table)
                    self._leave()
                    self._error(title, sentence(error))
                elif not over:
                    self._banner.show_gone(title, detail or error, can_save=session.current() is not None,
                                           can_retry=session.error_kind == "gave-up")
                    self._place_banner()
                    if session.error_kind in ("bad-token", "table-full"):
                        self._seat_lost()  # the seat is lost: Rejoin could not get it back

    # -- whom the game waits for --------------------------------------------------------------------
    def shown(self, update: Any) -> None:
        """Say whom the game waits for (a person elsewhere, not a bot thinking)."""
        session = self._table.session
        w = self._window
        if session is None or w.session is not session:
            if session is not None and w.session is not None:
                self._other_game()  # the window now shows another game: this table is left
            return
        public = update.view(None)
        if public["over"]:
            self._game_over()
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
            elif self._table.is_host:  # the host's own screen speaks to the host
                note = _t("{name}'s connection dropped; you may let a bot play the seat meanwhile (Table menu)")
            else:
                note = _t("{name}'s connection dropped; the host may let a bot play the seat meanwhile")
            w.turn_bar.set_message(note.format(name=name), False)

    def turn_ready(self, _seat: int) -> None:
        """It became this player's turn: ask for attention if the window is in the background."""
        session = self._table.session
        if session is not None and self._window.session is session and not self._window.isActiveWindow():
            QApplication.alert(self._window.as_widget(), 0)
            self._notify(_t("Your turn at {table}").format(table=session.table_name))

    def _notify(self, text: str) -> None:
        """A system notification where the desktop has a tray (the taskbar alert is always given)."""
        from PySide6.QtWidgets import QSystemTrayIcon

        if not QSystemTrayIcon.isSystemTrayAvailable():
            return
        if self._tray is None:
            self._tray = QSystemTrayIcon(self._window.windowIcon(), self._parent)
            self._tray.show()
        self._tray.showMessage(_t("Patrician"), plain.notification(text))

    # -- after a game -------------------------------------------------------------------------------
    def _offer_next(self) -> None:
        """The score sheet of a LAN game: the host may start a rematch, the others wait for it or leave."""
        session = self._table.session
        if session is None:
            return
        sheet = self._window.score_sheet
        if self._table.is_host:
            sheet.offer(_t("&Rematch at this table"), _t(
                "Everyone stays at the table for a new deal; or close the table from the Table menu."))
        else:
            host = next((s.get("name") for s in session.lobby if s.get("host")), None)
            note = (_t("Waiting for {name} to start a rematch…").format(name=host) if host
                    else _t("Waiting for the host to start a rematch…"))
            sheet.offer(None, note, leave=True)

    def rematch_opened(self) -> None:
        """The host dealt again at this table: back to its lobby (chat and seats kept); a joiner is asked."""
        session = self._table.session
        if session is None:
            return
        typing = self._chat.leave_game()  # the game's chat box goes: a line being typed moves on
        self._window.score_sheet.hide()
        self._menu_hidden()
        table = self._table.table_name
        self._lobby.reopen(session, table, self._table.is_host)
        self._chat.to_lobby(typing, table)
        if self._table.is_host or session.seat is None:
            return
        self._question.close()
        box = plain.message_box(
            self._window.as_widget(), QMessageBox.Icon.Question, _t("Rematch"),
            _t("The host starts a rematch at {table}.").format(table=table), QMessageBox.StandardButton.NoButton,
            informative=_t("Your seat is kept for the new deal. Stay for it, or leave the table."))
        stay = box.addButton(_t("Stay for the rematch"), QMessageBox.ButtonRole.AcceptRole)
        leave = box.addButton(_t("Leave the table"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(stay)
        self._question.ask(box, leave, self._leave)

    def close(self) -> None:
        """The table is left: no rematch question stays open."""
        self._question.close()
