"""Hosting a LAN table from the app: the Host dialog, opening (or resuming) the table, the host's
lobby and seat changes, rematches and the hosted table's troubles.

Why a part of its own: opening a table and answering what the own table refuses is one job; this part
owns the ``HostedGame`` (and one still opening). Connecting to the table it opened, and what the lobby
and turn bar say, are handed in by the controller that builds the parts.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, QSettings, Signal

from patrician_qt.ui.lan.join_dialog import JoinRequest
from patrician_qt.ui.lan.messages import sentence
from patrician_qt.ui.lan.rejoin import forget_hosted, hosted_game, remember_hosted

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from patrician_qt.ui.game.trouble import TroubleBox
    from patrician_qt.ui.lan.at_table import AtTable
    from patrician_qt.ui.lan.dialog_slot import DialogSlot
    from patrician_qt.ui.lan.hosting import HostedGame, HostSetup
    from patrician_qt.ui.lan.messages import LanMessages
    from patrician_qt.ui.lan.options import LanOptions
    from patrician_qt.ui.session.remote import RemoteSession


def _t(text: str) -> str:
    return QCoreApplication.translate("LanController", text)


class Hosting(QObject):
    """The table this app hosts: opening it, what the host changes at it, and closing it."""

    _trouble = Signal(object)  # Trouble of the hosted table, from its loop thread

    def __init__(self, parent: QWidget, settings: QSettings | None, autosaves: Path | None,
                 options: Callable[[], LanOptions], dialogs: DialogSlot, messages: LanMessages, table: AtTable, *,
                 leave_last: Callable[[], None], connect: Callable[[JoinRequest, str, bool], None],
                 lobby_problem: Callable[[str], None], game_problem: Callable[[str], None],
                 held: Callable[[int], None], save_record: Callable[[], None]) -> None:
        super().__init__(parent)
        self._parent = parent
        self._settings = settings
        self._autosaves = autosaves
        self._options = options
        self._dialogs = dialogs
        self._messages = messages
        self._table = table
        self._leave_last = leave_last  # the last table is left quietly before the new one is joined
        self._connect = connect  # request, the host's token, remembered: the host's own seat at its table
        self._lobby_problem = lobby_problem  # the table refused a lobby change: the lobby says why
        self._game_problem = game_problem  # … a change during or after a game: the turn bar says why
        self._held = held  # a seat's countdown was stopped or started again
        self._save_record = save_record
        self._hosted: HostedGame | None = None
        self._starting: HostedGame | None = None  # a table being opened, until it answers
        self.trouble_box: TroubleBox | None = None  # made when the hosted table first reports trouble
        self._trouble.connect(self._show_trouble)

    @property
    def hosted(self) -> HostedGame | None:
        """The table this app hosts now (once it answered)."""
        return self._hosted

    # -- starting --------------------------------------------------------------------------------
    def host_game(self) -> None:
        """Ask how to set up the table (non-modal: the window stays alive)."""
        from patrician_qt.ui.lan.host_dialog import HostDialog

        dialog = HostDialog(self._settings, self._parent)
        dialog.accepted.connect(lambda: self.host(dialog.config()))
        self._dialogs.open(dialog)

    def host(self, config: HostSetup, resume: Path | None = None, token: str | None = None) -> None:
        """Open the table, advertise it, and join it as its first player.

        With ``resume`` (the autosave of a game this app hosted) and the host's own ``token``,
        the game goes on where it stopped and the host's player takes the seat back; if the
        port is taken meanwhile, the user is asked about a free one.
        """
        from patrician_qt.ui.lan.hosting import HostedGame, HostError

        o = self._options()
        config.bind = o.bind
        hosted = HostedGame(config, autosave_dir=self._autosaves, options=o.table_options, runner=o.runner,
                            host_config=o.host_config, advertise=o.advertise, resume=resume,
                            on_trouble=self._trouble.emit)
        remembered = token is not None
        if token is None:
            from patrician_qt.table.tokens import new_token

            token = new_token()
        starting = self._starting
        if starting is not None:  # asked again before the last one answered: that one goes
            starting.close()
        self._starting = hosted
        seat_token = token

        def started(port: int) -> None:
            if self._starting is not hosted:
                return  # replaced or shut down meanwhile (it was closed then)
            self._starting = None
            self._leave_last()
            self._hosted = hosted
            self._connect(JoinRequest("127.0.0.1", port, config.player_name, "player", config.table_name), seat_token,
                          remembered)
            if hosted.invitation is not None:  # open for the internet too: the invitation to send
                self.show_invitation()

        def failed(exc: HostError) -> None:
            if self._starting is not hosted:
                return
            self._starting = None
            if resume is not None and exc.port_in_use:
                self._ask_other_port(config, resume, seat_token)
            else:
                self._messages.error(_t("Cannot resume the game") if resume is not None else _t("Cannot host"),
                                     str(exc))

        hosted.start(started, failed, host_token=token)

    def show_invitation(self) -> None:
        """The hosted table's invitation, to copy and send (when it is open for the internet)."""
        from patrician_qt.ui.lan.invitation_box import InvitationBox

        if self._hosted is None or self._hosted.invitation is None:
            return
        self._dialogs.open(InvitationBox(self._hosted.invitation, self._parent))

    def resume_hosted(self) -> None:
        """Host again the unfinished game this app hosted (after a crash or quitting), on the same port."""
        from patrician_qt.table import SaveError
        from patrician_qt.ui.lan.hosting import HostSetup

        try:
            info = hosted_game(self._settings)
        except (SaveError, OSError) as exc:
            self._messages.error(_t("Cannot resume the game"), sentence(str(exc)))
            return
        if info is None:
            self._messages.error(_t("Resume hosted game"), _t("There is no hosted game to resume."))
            return
        from patrician_qt.ui.lan.internet import hosting_internet

        # "Host again" opens it for the internet too if the last table was: same key, same invitation
        self.host(HostSetup(info.table, info.name, port=info.port, internet=hosting_internet(self._settings)),
                  resume=info.path, token=info.token)

    def _ask_other_port(self, config: HostSetup, resume: Path, token: str) -> None:
        """The old port is taken: say so, and offer a free one (the others then find the table in Join)."""
        from patrician_qt.ui.lan.hosting import free_port_near

        other = free_port_near(self._options().bind, config.port + 1)
        text = " ".join((
            _t("Port {port} is in use now (is another table or program running?).").format(port=config.port),
            _t("On port {other} the others must find the table again in their Join list.").format(
                other=other)))

        def chosen() -> None:
            config.port = other
            self.host(config, resume=resume, token=token)

        self._messages.offer(_t("Port in use"), text, _t("Resume on port {other}").format(other=other), chosen)

    # -- what the lobby and the table read of it ----------------------------------------------------
    def lobby_address(self) -> str | None:
        """Where the others join this app's table (its first local address), or None when it hosts none."""
        if not self._table.is_host or self._hosted is None:
            return None
        from patrician_qt.net.discovery import local_addresses

        addresses = local_addresses(self._options().bind)
        return f"{addresses[0]}:{self._hosted.port}" if addresses else None

    def invitable(self) -> bool:
        """This app hosts a table open for the internet (its invitation can be shown again)."""
        return self._table.is_host and self._hosted is not None and self._hosted.invitation is not None

    def hosts(self) -> bool:
        """This app hosts the table it sits at (the Table menu offers the host's choices)."""
        return self._table.is_host and self._hosted is not None

    def game_on(self) -> bool:
        """The hosted table plays a game that is not over: quitting the app leaves it to be resumed."""
        return self._hosted is not None and self._hosted.playing()

    def game_started(self, session: RemoteSession) -> None:
        """The hosted game started (or resumed): its record comes from the table, its autosave is kept."""
        hosted = self._hosted
        if hosted is None or not self._table.is_host:
            return
        session.record_source = hosted.record
        if hosted.table is None or session.token is None:
            return
        path = hosted.table.autosave_file
        if path is not None:
            remember_hosted(self._settings, path, session.token, hosted.port,
                            session.table_name or hosted.config.table_name, session.name)

    def reopened_chat(self, session: RemoteSession) -> list[tuple[str, str]] | None:
        """The chat a resumed table kept (sender, text), on its first game; None for any other game."""
        hosted = self._hosted
        if not self._table.is_host or hosted is None or hosted.resume_from is None or session.games != 1:
            return None
        return list(hosted.chat_history())

    def forget_hosted(self) -> None:
        """No hosted game to resume (it ended, or its host closed the table on purpose)."""
        forget_hosted(self._settings)

    # -- the host's changes -------------------------------------------------------------------------
    def set_seat(self, seat: int, kind: str, level: object) -> None:
        """The host's seat menu in the lobby: open, a human's, or a bot of a level."""
        if self._hosted is not None:
            self._hosted.set_seat(seat, kind, level if isinstance(level, str) else None, self._lobby_problem)

    def remove_player(self, seat: int, name: str) -> None:
        """The host confirmed: that player's seat becomes open (the host closes their connection)."""
        if self._hosted is not None:
            self._hosted.set_seat(seat, "open", None, self._lobby_problem, remove=name)

    def start_now(self) -> None:
        """The lobby's Start."""
        if self._hosted is not None:
            self._hosted.start_now(self._lobby_problem)

    def hand_to_bot(self, seat: int) -> None:
        """Table menu: a bot plays for a gone player now."""
        if self._hosted is not None:
            self._hosted.hand_to_bot(seat, self._game_problem)

    def hold(self, seat: int, hold: bool) -> None:
        """Table menu: keep waiting for a gone player (no bot), or let the countdown run again."""
        if self._hosted is not None:
            self._hosted.hold_seat(seat, hold, self._game_problem)
            self._held(seat)

    # -- after a game: a rematch at the same table -------------------------------------------------
    def can_rematch(self) -> bool:
        """This app hosts a LAN table whose game is over (the score sheet offers a rematch)."""
        session = self._table.session
        current = session.current() if session is not None else None
        return self._table.is_host and self._hosted is not None and current is not None and current.over

    def rematch(self) -> None:
        """The host deals a new game at this table: everyone stays seated and meets in the lobby again."""
        if not self.can_rematch() or self._hosted is None:
            return
        self._hosted.rematch(self._game_problem)

    def close(self, ending: bool = False) -> None:
        """Stop hosting (``ending``: the table closes for everyone, who are told so); one still opening goes."""
        hosted, self._hosted = self._hosted, None
        starting, self._starting = self._starting, None
        if starting is not None:  # a table still opening when the app leaves it
            starting.close()
        if self.trouble_box is not None:
            self.trouble_box.close()
        if hosted is not None:
            hosted.close(ending)

    # -- the hosted table's troubles -----------------------------------------------------------------
    def _show_trouble(self, trouble: Any) -> None:
        """The hosted table's bot or autosave failed: the host's player is told and chooses (game/trouble.py)."""
        if self._hosted is None:
            return
        if self.trouble_box is None:
            from patrician_qt.ui.game.trouble import TroubleBox

            def seat_name(seat: int) -> str:
                session = self._table.session
                seats = session.seats() if session is not None else []
                return seats[seat].name if 0 <= seat < len(seats) else str(seat + 1)

            self.trouble_box = TroubleBox(self._parent, retry=self._retry, save=self._save_record,
                                          simple_bots=self._simple_bots, seat_name=seat_name)
        self.trouble_box.show(trouble)

    def _retry(self) -> None:
        if self._hosted is not None:
            self._hosted.retry()

    def _simple_bots(self) -> None:
        if self._hosted is not None:
            self._hosted.use_simple_bots()
