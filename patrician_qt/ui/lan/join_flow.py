"""Joining a LAN table: the Join dialog, connecting in the background behind a Cancel button, the
welcome, and remembering the table to rejoin.

Why a part of its own: reaching a table (also the host's own, over 127.0.0.1) is one job; this part
owns the connection (the ``RemoteSession``) and is the others' door to it (``at_table.AtTable``).
What a welcome or a failure means for the lobby, the chat and the hosted table is handed in by the
controller that builds the parts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QSettings, Qt
from PySide6.QtWidgets import QProgressDialog

from patrician_qt.ui.lan import internet
from patrician_qt.ui.lan.internet import INVITATION_PORT
from patrician_qt.ui.lan.join_dialog import JoinRequest
from patrician_qt.ui.lan.messages import sentence
from patrician_qt.ui.lan.rejoin import REJOIN_KEYS, rejoin_info
from patrician_qt.ui.lan.sender_owned import sender_owned
from patrician_qt.ui.session.remote import RemoteSession
from patrician_qt.ui.text import plain

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from patrician_qt.ui.lan.dialog_slot import DialogSlot
    from patrician_qt.ui.lan.messages import LanMessages
    from patrician_qt.ui.lan.options import LanOptions


def _t(text: str) -> str:
    return QCoreApplication.translate("LanController", text)


class Joining:
    """The connection to a table: asked for, made, welcomed or failed, remembered for Rejoin."""

    def __init__(self, parent: QWidget, settings: QSettings | None, options: Callable[[], LanOptions],
                 dialogs: DialogSlot, messages: LanMessages, *,
                 leave_last: Callable[[], None], fresh: Callable[[], None], wire: Callable[[RemoteSession], None],
                 welcomed: Callable[[RemoteSession, str], None], drop_hosted: Callable[[], None],
                 forget_hosted: Callable[[], None], leave: Callable[[], None]) -> None:
        self._parent = parent
        self._settings = settings
        self._options = options
        self._dialogs = dialogs
        self._messages = messages
        self._leave_last = leave_last  # the last table is left quietly before connecting to another
        self._fresh = fresh  # nothing of the last table's messages, banner or warnings carries over
        self._wire = wire  # the session's news to the parts that show it
        self._welcomed_at = welcomed  # session, table name: the lobby and chat of a table just reached
        self._drop_hosted = drop_hosted  # the host's own table, when its first connection fails
        self._forget_hosted = forget_hosted
        self._leave = leave
        self._session: RemoteSession | None = None
        self._is_host = False
        self._request = JoinRequest("", 0, "", "player", "")  # what the latest connect asked for
        self._token_used = False
        self.progress: QProgressDialog | None = None

    # -- the door the other parts read (at_table.AtTable) ------------------------------------------
    @property
    def session(self) -> RemoteSession | None:
        """The connection to the table, while there is one."""
        return self._session

    @property
    def is_host(self) -> bool:
        """This app opened the table it connects to."""
        return self._is_host

    @property
    def table_name(self) -> str:
        """The table's name, as its host says it or as the last connect asked for it."""
        session = self._session
        return (session.table_name if session is not None else "") or self._request.table

    @property
    def by_invitation(self) -> bool:
        """The table was reached by an internet invitation."""
        return self._request.port == INVITATION_PORT

    # -- asking -------------------------------------------------------------------------------------
    def join_game(self, again: JoinRequest | None = None, problem: str = "") -> None:
        """Show the live list of tables and the address field (non-modal); ``again``: the request the host
        refused for its name, with the table's address filled in and the name to change selected."""
        from patrician_qt.ui.lan.join_dialog import JoinDialog

        dialog = JoinDialog(self._settings, self._parent, interfaces=self._options().browse_interfaces)
        dialog.accepted.connect(lambda: self.join(dialog.request) if dialog.request else None)
        self._dialogs.open(dialog)
        if again is not None:
            host = again.host
            dialog.address.setText(host if again.port == INVITATION_PORT  # an invitation's text
                                   else f"[{host}]:{again.port}" if ":" in host else f"{host}:{again.port}")
            dialog.name.setText(again.name)
            dialog.name.selectAll()
            dialog.name.setFocus()
            dialog.problem.setText(problem)

    def join(self, request: JoinRequest, token: str | None = None) -> None:
        """Connect to a table as a player (or spectator); with a token, take one's seat back."""
        info = self.rejoin_info()
        if (token is None and request.role == "player" and info is not None and str(info["host"]) == request.host
                and (int(info["port"]) == request.port or (request.table and request.table == info["table"]))):
            token = str(info["token"])  # picked from the list again (its host may have moved port): our seat
        self._leave_last()
        self.connect(request, token, as_host=False)

    def rejoin_info(self) -> dict[str, Any] | None:
        """The table this app last sat at, if its game may still be running."""
        return rejoin_info(self._settings)

    def rejoin(self) -> None:
        """Take the seat back at the table of the last LAN game."""
        info = self.rejoin_info()
        if info is None:
            self._messages.error(_t("Rejoin"), _t("There is no LAN game to rejoin."))
            return
        self.join(JoinRequest(str(info["host"]), int(info["port"]), str(info["name"]), str(info["role"] or "player"),
                              str(info["table"] or "")), token=str(info["token"]))

    def retry(self) -> None:
        """The banner's Retry once this app stopped trying: the same table and seat again, as Rejoin does
        (the game is then told anew from the host's story)."""
        session = self._session
        if session is None:
            return
        request, token = self._request, session.token
        self._leave()  # a running game's Rejoin stays remembered meanwhile
        self.join(request, token=token)

    # -- connecting ---------------------------------------------------------------------------------
    def connect(self, request: JoinRequest, token: str | None = None, remembered: bool | None = None, *,
                as_host: bool) -> None:
        """Open the connection behind a progress dialog with Cancel (never blocking the window)."""
        self._is_host = as_host
        self._fresh()
        options = self._options()
        client_options = options.client_options
        if request.port == INVITATION_PORT:  # an invitation: the bytes go over the internet transport
            client_options = internet.client_options(request.host, self._settings, client_options)
        session = self._session = RemoteSession(client_options=client_options, host_limits=options.host_limits)
        self._request = request
        # a remembered token (Rejoin, Host again) that fails means that seat or game is gone
        self._token_used = token is not None if remembered is None else remembered
        session.connected.connect(sender_owned(self._welcomed))
        session.connectFailed.connect(sender_owned(self.failed))
        self._wire(session)
        where = request.table or (_t("the host of the invitation") if request.port == INVITATION_PORT
                                  else f"{request.host}:{request.port}")
        progress = self.progress = QProgressDialog("", _t("Cancel"), 0, 0, self._parent)
        progress.setLabel(plain.new_label(_t("Connecting to {where}…").format(where=where)))  # a table's name
        progress.setWindowTitle(_t("Connecting"))
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(0)
        progress.setAutoClose(False)
        progress.setAutoReset(False)
        progress.canceled.connect(sender_owned(self.cancel_connect))
        progress.show()
        session.open(request.host, request.port, request.name, token=token, role=request.role)

    def cancel_connect(self) -> None:
        """The Cancel button while connecting: stop at once, back where we were."""
        session = self._session
        self.close_progress()
        if session is not None and session.welcome is None:
            self._session = None
            session.cancel()
            self._drop_hosted()

    def close_progress(self) -> None:
        """No "Connecting…" dialog left (welcomed, failed, cancelled, or the table left)."""
        progress, self.progress = self.progress, None
        if progress is not None:
            progress.canceled.disconnect()  # closing it must not cancel: ours is its only receiver
            progress.close()
            progress.deleteLater()

    def hang_up(self) -> RemoteSession | None:
        """Let go of the connection (the caller closes it when the table's order allows)."""
        session, self._session = self._session, None
        return session

    def failed(self, title: str, text: str) -> None:
        """The table could not be reached, or hung up before its welcome: say why, ask again where it helps."""
        self.close_progress()
        session, self._session = self._session, None
        if session is not None:
            session.close()
        self._drop_hosted()
        if session is not None and session.error_kind == "name-taken" and not self._is_host:
            self.join_game(self._request, sentence(text))  # the same table, another name: asked at once
            return
        if session is not None and session.failure in ("BadToken", "RefusedError") and self._token_used:
            if self._is_host:
                self._forget_hosted()
            else:
                self.forget_rejoin()  # that seat, or that game, is no more
        self._messages.error(title, sentence(text))

    def _welcomed(self, _welcome: dict[str, Any]) -> None:
        self.close_progress()
        session = self._session
        assert session is not None
        if not self._is_host and self._settings is not None and session.token:
            self.remember()
        self._welcomed_at(session, self.table_name)

    # -- remembering for Rejoin ---------------------------------------------------------------------
    def remember(self) -> None:
        """Keep where this app sits (or watches) now, for the start screen's Rejoin."""
        s, session = self._settings, self._session
        if s is None or session is None or not session.token or self._is_host:
            return
        host, port = session.address
        values = {"table": self.table_name, "host": host, "port": port, "name": session.name, "token": session.token,
                  "role": "player" if session.seat is not None else "spectator"}
        for k, v in values.items():
            s.setValue(f"lan/rejoin/{k}", v)
        s.sync()

    def forget_rejoin(self) -> None:
        """No LAN game to rejoin any more."""
        if self._settings is not None:
            for k in REJOIN_KEYS:
                self._settings.remove(f"lan/rejoin/{k}")
            self._settings.sync()
