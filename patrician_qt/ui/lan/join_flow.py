"""Joining a LAN table: the Join dialog, connecting in the background behind a Cancel button, the
welcome, and remembering tables to rejoin (the LanController's joining flow).

Why a module: reaching a table (also the host's own, over 127.0.0.1) is one flow of the LAN
controller (``lan/controller_parts.py`` says how the flows share its state).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QProgressDialog

from patrician_qt.ui.lan import internet
from patrician_qt.ui.lan.controller_parts import LanParts, sentence
from patrician_qt.ui.lan.internet import INVITATION_PORT
from patrician_qt.ui.lan.join_dialog import JoinRequest
from patrician_qt.ui.lan.rejoin import REJOIN_KEYS, rejoin_info
from patrician_qt.ui.session.remote import RemoteSession
from patrician_qt.ui.text import plain
from patrician_qt.ui.text.net_text import route_words


def _t(text: str) -> str:
    return QCoreApplication.translate("LanController", text)


class JoinFlow(LanParts):
    """Joining a LAN table: the Join dialog, connecting in the background behind a Cancel button, the"""

    def join_game(self, again: JoinRequest | None = None, problem: str = "") -> None:
        """Show the live list of tables and the address field (non-modal); ``again``: the request the host
        refused for its name, with the table's address filled in and the name to change selected."""
        from patrician_qt.ui.lan.join_dialog import JoinDialog

        dialog = self.dialog = JoinDialog(self.settings, self.window.as_widget(),
                                          interfaces=self.options.browse_interfaces)
        dialog.accepted.connect(lambda: self.join(dialog.request) if dialog.request else None)
        dialog.finished.connect(lambda _result: self._dialog_done(dialog))
        dialog.open()
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
            self._error(_t("Rejoin"), _t("There is no LAN game to rejoin."))
            return
        self.join(JoinRequest(str(info["host"]), int(info["port"]), str(info["name"]), str(info["role"] or "player"),
                              str(info["table"] or "")), token=str(info["token"]))

    def _connect(self, request: JoinRequest, token: str | None = None, remembered: bool | None = None) -> None:
        self._reset_table_state()
        options = self.options.client_options
        if request.port == INVITATION_PORT:  # an invitation: the bytes go over the internet transport
            options = internet.client_options(request.host, self.settings, options)
        session = self.session = RemoteSession(client_options=options, host_limits=self.options.host_limits)
        self._request = request
        # a remembered token (Rejoin, Host again) that fails means that seat or game is gone
        self._token_used = token is not None if remembered is None else remembered
        session.connected.connect(self._welcomed)
        session.connectFailed.connect(self._connect_failed)
        session.lobbyChanged.connect(self._lobby_changed)
        session.started.connect(self._enter_game)
        session.chatReceived.connect(self._chat)
        session.earlierChat.connect(self._earlier_chat)
        session.connectionChanged.connect(self._connection)
        session.notice.connect(self._notice)
        session.caughtUp.connect(self._caught_up)
        session.rematchOpened.connect(self._rematch_opened)
        if self.is_host and self.hosted is not None:
            session.absence_source = self.hosted.absences
        where = request.table or (_t("the host of the invitation") if request.port == INVITATION_PORT
                                  else f"{request.host}:{request.port}")
        progress = self.progress = QProgressDialog("", _t("Cancel"), 0, 0, self.window.as_widget())
        progress.setLabel(plain.new_label(_t("Connecting to {where}…").format(where=where)))  # a table's name
        progress.setWindowTitle(_t("Connecting"))
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
        if session is not None and session.error_kind == "name-taken" and not self.is_host:
            self.join_game(self._request, sentence(text))  # the same table, another name: asked at once
            return
        if session is not None and session.failure in ("BadToken", "RefusedError") and self._token_used:
            if self.is_host:
                self.forget_hosted()
            else:
                self.forget_rejoin()  # that seat, or that game, is no more
        self._error(title, sentence(text))

    def _new_table(self, key: tuple[str, int, str]) -> None:
        """Welcomed at a table: its chat starts empty unless it is the table of the last chat (a rejoin)."""
        if key != self._table_key:
            for chat in (self.chat, self.lobby.chat):
                chat.clear()
        # the host's recent lines are shown only where this app has none of this table's (a new app)
        self._take_earlier = not self.is_host and not self.lobby.chat.lines and not self.chat.lines
        self._table_key = key

    def _welcomed(self, welcome: dict[str, Any]) -> None:
        self._close_progress()
        session = self.session
        assert session is not None
        table = session.table_name or self._request.table
        self._new_table((session.address[0], session.address[1], table))
        if not self.is_host and self.settings is not None and session.token:
            self._remember(table, session)
        if session.address[1] == INVITATION_PORT:  # say how the bytes travel, now and as it changes
            session.routeChanged.connect(lambda route: self.lobby.set_route(route_words(route)))
            self.lobby.set_route(route_words(session.route))
        # Also when a game is on (Host again, Rejoin): its rematch opens this lobby, which says the same
        host, port = session.address
        address = f"{host}:{port}"
        if self.is_host and self.hosted is not None:
            from patrician_qt.net.discovery import local_addresses

            addresses = local_addresses(self.options.bind)
            address = f"{addresses[0]}:{self.hosted.port}" if addresses else address
        if port == INVITATION_PORT:  # an invitation's host has a key, not an address to show
            address = _t("an internet table (host key {key})").format(key=internet.check(host).short_id)
        self.lobby.set_invitable(self.is_host and self.hosted is not None and self.hosted.invitation is not None)
        self._lobby_address = address
        self.lobby.setup(table, address, self.is_host)
        self.lobby.set_visibility(session.visibility)
        self.lobby.set_spectators(session.spectators)
        if session.phase == "lobby":
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

    def forget_rejoin(self) -> None:
        """No LAN game to rejoin any more."""
        if self.settings is not None:
            for k in REJOIN_KEYS:
                self.settings.remove(f"lan/rejoin/{k}")
            self.settings.sync()

    def _reset_table_state(self) -> None:
        """Connecting: nothing of the last table's messages, banner or warnings carries over, and the chat can
        be typed in again (its lines go once the welcome shows another table: ``_new_table``).

        Why: after one table ended (its host gone, the chat disabled) the next table's chat stayed dead.
        """
        for chat in (self.chat, self.lobby.chat):
            chat.set_enabled_input(True)
        self.lobby.set_message("")
        self.lobby.set_route("")
        self.lobby.set_invitable(False)
        self.banner.clear()
        self._warned.clear()
        self._clock.stop()
