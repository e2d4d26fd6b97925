"""Hosting a LAN table from the app: the Host dialog, opening (or resuming) the table, the host's
lobby and seat changes, rematches and the hosted table's troubles (the LanController's hosting flow).

Why a module: opening a table and answering what its own table refuses is one flow of the LAN
controller (``lan/controller_parts.py`` says how the flows share its state).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QMessageBox

from patrician_qt.ui.lan.controller_parts import LanParts, sentence
from patrician_qt.ui.lan.join_dialog import JoinRequest
from patrician_qt.ui.lan.rejoin import forget_hosted, hosted_game, remember_hosted
from patrician_qt.ui.session.remote import RemoteSession
from patrician_qt.ui.text import plain

if TYPE_CHECKING:
    from patrician_qt.ui.lan.hosting import HostSetup


def _t(text: str) -> str:
    return QCoreApplication.translate("LanController", text)


class HostFlow(LanParts):
    """Hosting a LAN table from the app: the Host dialog, opening (or resuming) the table, the host's"""

    # -- starting --------------------------------------------------------------------------------
    def host_game(self) -> None:
        """Ask how to set up the table (non-modal: the window stays alive)."""
        from patrician_qt.ui.lan.host_dialog import HostDialog

        dialog = self.dialog = HostDialog(self.settings, self.window.as_widget())
        dialog.accepted.connect(lambda: self.host(dialog.config()))
        dialog.finished.connect(lambda _result: self._dialog_done(dialog))
        dialog.open()

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
            if hosted.invitation is not None:  # open for the internet too: the invitation to send
                self.show_invitation()

        def failed(exc: HostError) -> None:
            if self._starting is not hosted:
                return
            self._starting = None
            if resume is not None and exc.port_in_use:
                self._ask_other_port(config, resume, token)
            else:
                self._error(_t("Cannot resume the game") if resume is not None else _t("Cannot host"),
                            str(exc))

        hosted.start(started, failed, host_token=token)

    def show_invitation(self) -> None:
        """The hosted table's invitation, to copy and send (when it is open for the internet)."""
        from patrician_qt.ui.lan.invitation_box import InvitationBox

        if self.hosted is None or self.hosted.invitation is None:
            return
        box = self.dialog = InvitationBox(self.hosted.invitation, self.window.as_widget())
        box.finished.connect(lambda _result: self._dialog_done(box))
        box.open()

    def resume_hosted(self) -> None:
        """Host again the unfinished game this app hosted (after a crash or quitting), on the same port."""
        from patrician_qt.table import SaveError
        from patrician_qt.ui.lan.hosting import HostSetup

        try:
            info = hosted_game(self.settings)
        except (SaveError, OSError) as exc:
            self._error(_t("Cannot resume the game"), sentence(str(exc)))
            return
        if info is None:
            self._error(_t("Resume hosted game"), _t("There is no hosted game to resume."))
            return
        from patrician_qt.ui.lan.internet import hosting_internet

        # "Host again" opens it for the internet too if the last table was: same key, same invitation
        self.host(HostSetup(info.table, info.name, port=info.port, internet=hosting_internet(self.settings)),
                  resume=info.path, token=info.token)

    def _ask_other_port(self, config: HostSetup, resume: Path, token: str | None) -> None:
        """The old port is taken: say so, and offer a free one (the others then find the table in Join)."""
        from patrician_qt.ui.lan.hosting import free_port_near

        other = free_port_near(self.options.bind, config.port + 1)
        text = " ".join((
            _t("Port {port} is in use now (is another table or program running?).").format(port=config.port),
            _t("On port {other} the others must find the table again in their Join list.").format(
                other=other)))
        self.last_error = (_t("Port in use"), text)
        if self.message_box is not None:
            self.message_box.close()
        box = self.message_box = plain.message_box(self.window.as_widget(), QMessageBox.Icon.Warning,
                                                   _t("Port in use"), text, QMessageBox.StandardButton.Cancel)
        use = box.addButton(_t("Resume on port {other}").format(other=other), QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(use)
        box.setWindowModality(Qt.WindowModality.WindowModal)

        def chosen(_result: int) -> None:
            if box.clickedButton() is use:
                config.port = other
                self.host(config, resume=resume, token=token)

        box.finished.connect(chosen)
        box.open()

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
