"""The lobby page of a LAN table: set up at the welcome, kept to the table's seats, opened again for
a rematch.

Why a part of its own: what the lobby shows (the table, where the others join, how the bytes travel,
the seats and spectators) follows the table's news; hosting and the game only ask it to say a line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from patrician_qt.ui.lan import internet
from patrician_qt.ui.lan.internet import INVITATION_PORT
from patrician_qt.ui.text.net_text import route_words

if TYPE_CHECKING:
    from patrician_qt.net.hosted import SeatEntry
    from patrician_qt.ui.game.screen import GameScreen
    from patrician_qt.ui.lan.at_table import AtTable
    from patrician_qt.ui.lan.lobby_view import LobbyView
    from patrician_qt.ui.session.remote import RemoteSession


def _t(text: str) -> str:
    return QCoreApplication.translate("LanController", text)


class LobbyLink:
    """The lobby view, fed from the table this window sits at."""

    def __init__(self, window: GameScreen, lobby: LobbyView, table: AtTable) -> None:
        self._window = window
        self._lobby = lobby
        self._table = table
        self._address = ""  # where the others join, as the lobby shows it

    def welcome(self, session: RemoteSession, table: str, is_host: bool, hosted_at: str | None,
                invitable: bool) -> None:
        """Welcomed at a table: the lobby says which and where; shown now unless a game is on (Host again,
        Rejoin: its rematch opens this lobby, which says the same). ``hosted_at``: the own table's address."""
        host, port = session.address
        if port == INVITATION_PORT:  # say how the bytes travel, now and as it changes
            session.routeChanged.connect(lambda route: self._lobby.set_route(route_words(route)))
            self._lobby.set_route(route_words(session.route))
        address = hosted_at or f"{host}:{port}"
        if port == INVITATION_PORT:  # an invitation's host has a key, not an address to show
            address = _t("an internet table (host key {key})").format(key=internet.check(host).short_id)
        self._lobby.set_invitable(invitable)
        self._address = address
        self._lobby.setup(table, address, is_host)
        self._lobby.set_visibility(session.visibility)
        self._lobby.set_spectators(session.spectators)
        if session.phase == "lobby":
            self._lobby.set_seats(session.lobby, session.seat)
            self._window.show_page(self._lobby)

    def seats_changed(self, session: RemoteSession, seats: list[SeatEntry]) -> None:
        """The table's seats changed: the lobby shows them while no game is on."""
        if session.current() is None:
            self._lobby.set_seats(seats, session.seat)
            self._lobby.set_spectators(session.spectators)

    def reopen(self, session: RemoteSession, table: str, is_host: bool) -> None:
        """A rematch: the same lobby again, with the same seats."""
        self._lobby.setup(table, self._address, is_host)
        self._lobby.set_seats(session.lobby, session.seat)
        self._lobby.set_spectators(session.spectators)
        self._window.show_page(self._lobby)

    def sit(self, seat: int) -> None:
        """The lobby's Sit here."""
        session = self._table.session
        if session is not None:
            session.sit(seat)

    def problem(self, text: str) -> None:
        """The table refused a lobby change: the lobby says why."""
        self._lobby.set_message(text, True)

    def say(self, text: str) -> bool:
        """A notice from the table, shown in the lobby if it is on screen (says whether it was)."""
        if self._window.current_page() is not self._lobby:
            return False
        self._lobby.set_message(text, True)
        return True

    def fresh(self) -> None:
        """Connecting: nothing of the last table's message, route or invitation stays."""
        self._lobby.set_message("")
        self._lobby.set_route("")
        self._lobby.set_invitable(False)

    def close_confirm(self) -> None:
        """No "Remove … from the table?" left open once the lobby is gone (game started, table left)."""
        if self._lobby.confirm is not None:
            self._lobby.confirm.reject()
