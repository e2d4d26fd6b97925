"""The table's chat in two places: the lobby's chat box and the chat panel beside the game.

Why a part of its own: the same lines go to both, a line being typed moves with the player from the
lobby to the game and back, a new table starts with an empty chat (a rejoin of the same one keeps
it), and the host's recent lines are shown only where this app has none of that table's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

if TYPE_CHECKING:
    from patrician_qt.ui.lan.at_table import AtTable
    from patrician_qt.ui.lan.chat_panel import ChatPanel
    from patrician_qt.ui.session.remote import RemoteSession


def _t(text: str) -> str:
    return QCoreApplication.translate("LanController", text)


class ChatLink:
    """The lobby's chat and the game's chat panel, fed from the table and sending to it."""

    def __init__(self, lobby_chat: ChatPanel, game_chat: ChatPanel, table: AtTable) -> None:
        self._lobby = lobby_chat
        self._game = game_chat
        self._table = table
        self._table_key: tuple[str, int, str] | None = None  # the table connected to last (host, port, name)
        self._take_earlier = False  # the host's recent chat lines are shown (this app has none of this table's)

    def say(self, text: str) -> None:
        """A line typed in either chat box, to the table."""
        session = self._table.session
        if session is not None:
            session.say(text)

    def line(self, sender: str, text: str) -> None:
        """A line said at the table."""
        self._lobby.add_line(sender, text)
        self._game.add_line(sender, text)

    def earlier_line(self, sender: str, text: str) -> None:
        """A line said before this app came (the host keeps recent ones): shown without a time."""
        if self._take_earlier:
            self._lobby.add_line(sender, text, earlier=True)
            self._game.add_line(sender, text, earlier=True)

    def notice(self, text: str) -> None:
        """A line of the app's own in the game's chat (away summaries, warnings, "Connected again")."""
        self._game.add_notice(text)

    def new_table(self, key: tuple[str, int, str]) -> None:
        """Welcomed at a table: its chat starts empty unless it is the table of the last chat (a rejoin)."""
        if key != self._table_key:
            for chat in (self._game, self._lobby):
                chat.clear()
        # the host's recent lines are shown only where this app has none of this table's (a new app)
        self._take_earlier = not self._table.is_host and not self._lobby.lines and not self._game.lines
        self._table_key = key

    def set_input(self, on: bool) -> None:
        """Typing allowed while connected (a dropped or closed table takes it away)."""
        self._game.set_enabled_input(on)
        self._lobby.set_enabled_input(on)

    def lobby_typing(self) -> bool:
        """A line is being typed in the lobby's chat box (it moves on to the game's)."""
        return self._lobby.edit.hasFocus()

    def to_game(self, session: RemoteSession, typing: bool, reopened: list[tuple[str, str]] | None) -> None:
        """The game began: the panel beside it takes over the lobby's lines (and a resumed table's chat)."""
        self._game.set_colors({s.name: s.color for s in session.seats()})
        self._lobby.set_colors(self._game.colors)
        if reopened is not None:
            # the table came back with its chat (said once: its rematches go on from the lobby's chat)
            for sender, text in reopened if not self._lobby.lines else []:
                self._lobby.add_line(sender, text, earlier=True)
            self._lobby.add_notice(_t("Your table is open again."))
        self._game.copy_from(self._lobby)
        self._game.set_enabled_input(session.state == "connected")
        self._game.show()
        self._game.take_over(self._lobby, typing)

    def leave_game(self) -> bool:
        """The game's panel goes (a rematch opens the lobby again); says whether a line was being typed."""
        typing = self._game.edit.hasFocus()
        self._game.hide()
        return typing

    def to_lobby(self, typing: bool, table: str) -> None:
        """Back in the lobby for a rematch: its chat box goes on with the game's lines, notices and times."""
        self._lobby.copy_from(self._game)
        self._lobby.take_over(self._game, typing)
        self._lobby.add_notice(_t("A rematch at {table}: a new deal, the same seats.").format(table=table))

    def hide(self) -> None:
        """The table is left: the panel goes; its lines stay until another table's welcome."""
        self._game.hide()
